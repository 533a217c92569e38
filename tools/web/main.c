/*
 * main.c - dablo-web: a board in the browser for any engine that speaks
 * the dablo protocol (protocol/PROTOCOL.md).  Parses the command line,
 * starts the server (server.h) and prints the address to open, with its
 * token, as the first line of its output.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <ifaddrs.h>
#include <limits.h>
#include <net/if.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/engine_spec.h"
#include "host/util.h"
#include "rules/rules.h"
#include "rules/version.h"
#include "server.h"
#include "util/outstream.h"

/* The folder `make install` copies the page to (mk/web.mk: WEBDIR). */
#ifndef DABLO_WEBDIR
#define DABLO_WEBDIR "/usr/local/share/dablo/web"
#endif

enum { MAX_ENGINES = 8 };

static const char usage[] =
    /* One line a form: help2man reads only "Usage:" and "or:" lines as the synopsis. */
    "Usage: dablo-web [-engine SETTINGS]... [-port N] [-bind ADDRESS] [-page DIR] [-sessions N] "
    "[-idle SECONDS] [-max-body BYTES]\n"
    "  or:  dablo-web --help | --version\n"
    "\n"
    "Serves a board for Dablot Prejjesne and Permainan-Tabal in the browser and plays it\n"
    "with engines that speak the dablo protocol, started over pipes.  The first line of\n"
    "output is the address to open, with the token every action needs.  Ctrl-C (or\n"
    "SIGTERM) ends every game and its engines.  A bad option, or one other than -engine\n"
    "given twice, is one line on standard error.  Exit status: 2 bad command line, 1 the\n"
    "server could not start, 128 + the signal that stopped it (130 Ctrl-C, 143 SIGTERM).\n"
    "\n"
    "Options:\n"
    "  -engine SETTINGS   an engine to play or analyse with, in dablo-match's words:\n"
    "                     cmd=PATH name=NAME dir=DIR args=\"WORDS\" stderr=FILE\n"
    "                     option.NAME=VALUE (up to 8 engines, each its own name; default:\n"
    "                     the dablo next to this program).  No search limits (tc= depth=\n"
    "                     nodes= st= timemargin=): the page sets the time of each move\n"
    "  -port N            the port, 0..65535 (default 0: a free port)\n"
    "  -bind ADDRESS      the IPv4 or IPv6 address to listen on (default 127.0.0.1; any\n"
    "                     other but ::1 lets other machines play, and is warned about;\n"
    "                     :: takes IPv4 clients too)\n"
    "  -page DIR          the page's folder (default: tools/web/page of the source tree,\n"
    "                     share/dablo/web next to the program's bin/, or " DABLO_WEBDIR ")\n"
    "  -sessions N        games at once, 1..256 (default 16; one a browser tab)\n"
    "  -idle SECONDS      a game nobody looks at ends after this, 1..86400 (default 900)\n"
    "  -max-body BYTES    the largest request body, 1024..16777216 (default 1048576)\n"
    "  -h, --help         print this help and exit\n"
    "  --version          print \"dablo-web VERSION\" and exit\n";

static int stop_pipe[2] = { -1, -1 };

/* The engines of -engine; freed at exit, on every path. */
static EngineSpec specs[MAX_ENGINES];
static int nspecs;

static void free_specs(void)
{
    for (int i = 0; i < nspecs + (nspecs < MAX_ENGINES); i++)
        engine_spec_free(&specs[i]);
}

static volatile sig_atomic_t stop_signal; /* the signal that stopped the server, or 0 */

static void on_signal(int sig)
{
    if (!stop_signal) stop_signal = sig;
    ssize_t r = write(stop_pipe[1], "x", 1);
    (void)r;
}

static int fail(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "dablo-web: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return 2;
}

/* The words of one -engine (up to the next option): only the settings that
 * start an engine.  dablo-match's search limits (tc depth nodes st
 * timemargin) are refused, as the page sets the time of each move.
 * Returns 0, or 2 with the message printed. */
static int check_engine_words(int argc, char *const argv[])
{
    static const char *const taken[] = { "cmd", "name", "dir", "args", "arg", "stderr", "proto" };
    static const char *const limits[] = { "tc", "depth", "plies", "nodes", "st", "timemargin" };
    for (int i = 0; i < argc; i++) {
        const char *w = argv[i], *eq = strchr(w, '=');
        /* Up to the next option; engine_spec_set() judges option.NAME= and a word without '='. */
        if (w[0] == '-' && w[1] != '\0' && !(w[1] >= '0' && w[1] <= '9')) break;
        if (eq && strncmp(w, "option.", 7) == 0 && eq > w + 7) {
            /* A rule of the game (Variant, Rules, Captures...): the page's
             * "new game" box chooses it, for each game (not dablo-match's
             * -variant, -rules or -option of engine_spec_set()'s hint). */
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(eq - w - 7), w + 7);
            Rules probe = rules_default(VARIANT_DABLOT);
            if (rules_set(&probe, name, eq + 1, NULL, 0) <= 0)
                return fail("-engine: %s is a rule of the game, not an engine setting: "
                            "dablo-web chooses each game's rules on the page (\"new game\": "
                            "variant, Rules, Captures, ...)%s",
                            w, "");
            continue;
        }
        if (!eq) continue;
        size_t n = (size_t)(eq - w);
        int known = 0;
        for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++)
            if (strlen(limits[k]) == n && strncmp(w, limits[k], n) == 0)
                return fail("-engine: %s is a search limit: dablo-web takes none (the page sets "
                            "the time of each move)%s",
                            w, "");
        for (size_t k = 0; k < sizeof taken / sizeof taken[0]; k++)
            known |= strlen(taken[k]) == n && strncmp(w, taken[k], n) == 0;
        if (!known)
            return fail("-engine: unknown engine setting '%s' (cmd name dir args stderr "
                        "option.NAME)%s",
                        w, "");
    }
    return 0;
}

/* The name the page shows for spec i: name=, else cmd=. */
static const char *shown_name(int i)
{
    return specs[i].name ? specs[i].name : specs[i].cmd;
}

/* The folder of this program (for the default engine and page). */
static void program_dir(const char *argv0, char *out, size_t len)
{
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        snprintf(self, sizeof self, "%s", argv0);
        n = (ssize_t)strlen(self);
    }
    self[n] = '\0';
    snprintf(out, len, "%s", dirname(self));
}

static int parse_range(const char *opt, const char *v, int64_t lo, int64_t hi, int64_t *out)
{
    if (!v || util_parse_int64(v, lo, hi, out) < 0) {
        char range[64];
        snprintf(range, sizeof range, "%lld..%lld", (long long)lo, (long long)hi);
        return fail("%s: expected a whole number %s", opt, range);
    }
    return 0;
}

/* With -bind 0.0.0.0 or ::: the addresses other machines open, one a line
 * on stderr, each IPv4 address of this machine's interfaces but loopback,
 * and with ipv6 each IPv6 one too but loopback and link-local (which needs
 * a zone no URL of a browser takes).  By address only: a host name in the
 * Host header is refused (docs/web.md, DNS rebinding). */
static void print_other_addresses(int port, const char *token, int ipv6)
{
    struct ifaddrs *list;
    if (getifaddrs(&list) != 0) return;
    for (struct ifaddrs *a = list; a; a = a->ifa_next) {
        if (!a->ifa_addr || (a->ifa_flags & IFF_LOOPBACK)) continue;
        char ip[INET6_ADDRSTRLEN];
        const char *open = "", *close = "";
        if (a->ifa_addr->sa_family == AF_INET) {
            const struct sockaddr_in *in = (const struct sockaddr_in *)(const void *)a->ifa_addr;
            if (!inet_ntop(AF_INET, &in->sin_addr, ip, sizeof ip)) continue;
        } else if (ipv6 && a->ifa_addr->sa_family == AF_INET6) {
            const struct sockaddr_in6 *in = (const struct sockaddr_in6 *)(const void *)a->ifa_addr;
            if (IN6_IS_ADDR_LINKLOCAL(&in->sin6_addr)
                || !inet_ntop(AF_INET6, &in->sin6_addr, ip, sizeof ip))
                continue;
            open = "[";
            close = "]";
        } else {
            continue;
        }
        fprintf(stderr, "dablo-web: from other machines (%s): http://%s%s%s:%d/?token=%s\n",
                a->ifa_name, open, ip, close, port, token);
    }
    freeifaddrs(list);
}

int main(int argc, char **argv)
{
    outstream_check_stdout("dablo-web"); /* a failed write to stdout: exit 1 */
    atexit(free_specs);
    int64_t port = 0, sessions = 16, idle_s = 900, max_body = 1 << 20;
    const char *bind = "127.0.0.1", *page = NULL;
    char err[512];
    unsigned given = 0; /* the options of once[] below met so far */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(usage, stdout);
            return 0;
        }
        if (!strcmp(a, "--version")) {
            printf("dablo-web %s\n", DABLO_VERSION);
            return 0;
        }
        if (!strcmp(a, "-engine")) {
            if (nspecs == MAX_ENGINES) return fail("-engine: at most %s engines%s", "8", "");
            if (check_engine_words(argc - i - 1, argv + i + 1) != 0) return 2;
            int used = engine_spec_parse_args(&specs[nspecs], argc - i - 1, argv + i + 1, err,
                                              sizeof err);
            if (used < 0) return fail("-engine: %s%s", err, "");
            if (used == 0 || !specs[nspecs].cmd)
                return fail("-engine: cmd=PATH is missing%s%s", "", "");
            for (int k = 0; k < nspecs; k++)
                if (!strcmp(shown_name(k), shown_name(nspecs)))
                    return fail("-engine: two engines are called '%s': give each its own name=%s",
                                shown_name(k), "");
            nspecs++;
            i += used;
            continue;
        }
        /* A single-valued option given again is refused, never the last
         * one silently taken (-engine repeats: one engine each). */
        static const char *const once[] = { "-port",     "-sessions", "-idle",
                                            "-max-body", "-bind",     "-page" };
        for (unsigned k = 0; k < sizeof once / sizeof *once; k++) {
            if (strcmp(a, once[k]) != 0) continue;
            if (given & 1u << k) return fail("%s given twice%s", a, "");
            given |= 1u << k;
        }
        int rc = 0;
        if (!strcmp(a, "-port"))
            rc = parse_range(a, v, 0, 65535, &port);
        else if (!strcmp(a, "-sessions"))
            rc = parse_range(a, v, 1, 256, &sessions);
        else if (!strcmp(a, "-idle"))
            rc = parse_range(a, v, 1, 86400, &idle_s);
        else if (!strcmp(a, "-max-body"))
            rc = parse_range(a, v, 1024, 16 << 20, &max_body);
        else if (!strcmp(a, "-bind") && v)
            bind = v;
        else if (!strcmp(a, "-page") && v)
            page = v;
        else if (!strcmp(a, "-bind") || !strcmp(a, "-page"))
            return fail("%s: a value is missing%s", a, "");
        else
            return fail("unknown option '%s' (see --help)%s", a, "");
        if (rc) return rc;
        i++;
    }
    char dir[PATH_MAX], path[PATH_MAX + 32];
    program_dir(argv[0], dir, sizeof dir);
    if (nspecs == 0) {
        snprintf(path, sizeof path, "cmd=%s/dablo", dir);
        char *words[] = { path, "name=dablo", NULL };
        if (engine_spec_parse_args(&specs[0], 2, words, err, sizeof err) < 0)
            return fail("%s%s", err, "");
        nspecs = 1;
    }
    for (int i = 0; i < nspecs; i++)
        if (engine_spec_resolve(&specs[i], err, sizeof err) < 0)
            return fail("-engine: %s%s", err, "");
    static char tried[3][PATH_MAX + 64];
    if (!page) {
        /* The source tree's page, an installed page next to bin/, then the
         * folder make install copies it to (DABLO_WEBDIR: BINDIR need not
         * be PREFIX/bin, e.g. /usr/games). */
        snprintf(tried[0], sizeof tried[0], "%s/../tools/web/page", dir);
        snprintf(tried[1], sizeof tried[1], "%s/../share/dablo/web", dir);
        snprintf(tried[2], sizeof tried[2], "%s", DABLO_WEBDIR);
        for (int k = 0; k < 3 && !page; k++) {
            char index[PATH_MAX + 80];
            int n = snprintf(index, sizeof index, "%s/index.html", tried[k]);
            if (n < (int)sizeof index && access(index, R_OK) == 0) page = tried[k];
        }
        if (!page) {
            fprintf(stderr,
                    "dablo-web: no page found (looked in %s, %s, %s): give -page DIR, the "
                    "folder of its index.html\n",
                    tried[0], tried[1], tried[2]);
            return 2;
        }
    }
    struct stat st;
    if (stat(page, &st) != 0) return fail("-page %s: %s", page, strerror(errno));
    if (!S_ISDIR(st.st_mode)) return fail("-page %s: %s", page, "not a folder");
    char index[2 * PATH_MAX];
    int n = snprintf(index, sizeof index, "%s/index.html", page);
    if (n >= (int)sizeof index || stat(index, &st) != 0 || !S_ISREG(st.st_mode))
        return fail("-page %s: %s", page, "no index.html in it (the board's page)");
    struct in_addr any;
    struct in6_addr any6;
    int ipv6 = inet_pton(AF_INET, bind, &any) != 1;
    if (ipv6 && inet_pton(AF_INET6, bind, &any6) != 1)
        return fail("-bind %s: %s", bind, "not an IPv4 or IPv6 address");
    /* The unspecified address listens everywhere but is no address to
     * open: this machine's own loopback address is. */
    int everywhere = ipv6 ? IN6_IS_ADDR_UNSPECIFIED(&any6) : any.s_addr == htonl(INADDR_ANY);

    static int skill[MAX_ENGINES];
    int bad = session_host_probe_skill(specs, nspecs, 10000, skill, err, sizeof err);
    if (bad >= 0) return fail("%s%s", err, ""); /* err names the engine */
    ServerConfig cfg = {
        .bind = bind,
        .port = (int)port,
        .page_dir = page,
        .max_sessions = (int)sessions,
        .max_body = (size_t)max_body,
        .idle_ms = idle_s * 1000,
        .keepalive_ms = 15000,
        .host = { .specs = specs,
                  .nspecs = nspecs,
                  .startup_ms = 10000,
                  .stop_ms = 5000,
                  .margin_ms = 5000,
                  .max_restarts = 3,
                  .skill = skill },
    };
    if (pipe2(stop_pipe, O_CLOEXEC) < 0) {
        perror("dablo-web: pipe");
        return 1;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    Server *srv = server_start(&cfg, err, sizeof err);
    if (!srv) {
        fprintf(stderr, "dablo-web: %s\n", err);
        return 1;
    }
    char shown[INET6_ADDRSTRLEN];
    if (!everywhere)
        inet_ntop(ipv6 ? AF_INET6 : AF_INET, ipv6 ? (void *)&any6 : (void *)&any, shown,
                  sizeof shown);
    printf("http://%s%s%s:%d/?token=%s\n", ipv6 ? "[" : "",
           everywhere ? (ipv6 ? "::1" : "127.0.0.1") : shown, ipv6 ? "]" : "", server_port(srv),
           server_token(srv));
    /* The address holds the token: a server whose address line was not
     * written cannot be used.  It stops then, before serving: on a
     * failed write with "dablo-web: cannot write stdout: CAUSE" and exit
     * 1 (outstream_check_stdout() at exit); on a closed pipe quietly with
     * exit 0, as every program whose reader stopped reading (the reader
     * asked for no server). */
    int out_err = outstream_flush(stdout);
    if (out_err) {
        server_free(srv);
        return out_err == EPIPE ? 0 : 1;
    }
    if (ipv6 ? !IN6_IS_ADDR_LOOPBACK(&any6) : strcmp(bind, "127.0.0.1") != 0)
        fprintf(stderr,
                "dablo-web: warning: listening on %s%s%s: anyone who can reach it and has the "
                "address above can play and start engines on this machine\n",
                ipv6 ? "[" : "", bind, ipv6 ? "]" : "");
    if (everywhere) print_other_addresses(server_port(srv), server_token(srv), ipv6);
    fprintf(stderr, "dablo-web: open the address above in a browser; Ctrl-C stops\n");
    server_run(srv, stop_pipe[0]);
    server_free(srv);
    return stop_signal ? 128 + stop_signal : 0;
}
