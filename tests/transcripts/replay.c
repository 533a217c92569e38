/*
 * replay.c - replays protocol transcripts against bin/dablo over real pipes.
 *
 *   build/replay [-v] [-e ENGINE] FILE...
 *
 * Each FILE is run against a fresh engine process (default bin/dablo).
 * Prints "ok FILE" or "FAIL FILE:LINE: reason" per file, measured latencies,
 * and a last line "replay: P passed, F failed"; exits 1 if any failed.
 *
 * Transcript language (one directive per line; blank lines and lines
 * starting with '#' are ignored; RE is a POSIX extended regular expression
 * matched against the whole output line):
 *   > TEXT            send TEXT and "\n" (escapes: \r \t \n \s \\ \xHH)
 *   >raw TEXT         send TEXT only (no "\n" added)
 *   >rep N TEXT       send TEXT "\n" N times in one burst
 *   >gen N PRE|UNIT|SUF  send PRE, N times UNIT, SUF and "\n"
 *   < RE              the next output line must match RE
 *   <@MS RE           ... and arrive within MS ms of the last send (MS is
 *                     for an idle machine: see load_factor())
 *   <... RE           skip output lines until one matches RE
 *   <...@MS RE        ... arriving within MS ms of the last send
 *   quiet MS          no output line may arrive within MS ms
 *   sleep MS          wait (output keeps being read)
 *   reset             forget the lines received so far (for the checks below)
 *   count N RE        exactly N lines received since reset match RE
 *   all RE            every line seen since reset matches RE
 *   none RE           no line seen since reset matches RE
 *   pvcheck           every "bestmove" seen since reset follows an info line
 *                     with a score and (unless "(none)") a pv starting with
 *                     the bestmove's move (with MultiPV, of line 1), or no
 *                     info line at all (a search stopped before depth 1
 *                     completed, PROTOCOL.md section 3.3)
 *   timeout MS        the wait limit of later directives (default 10000)
 *   close             close the engine's stdin (EOF; counts as a send)
 *   exit CODE         the engine must exit with CODE, and every line it
 *                     printed must have been matched or skipped
 * At the end of a file the engine's stdin is closed and it must exit.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <regex.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* How much longer than on an idle machine a latency limit may take now:
 * max(1, L / N) for a 1-minute load average L on N online CPUs, since a
 * runnable thread then gets about N / L of a CPU.  It keeps the limits
 * guarding against a search that ignores stop or quit (seconds late)
 * without failing on a machine busy with other work. */
static double load_factor(double *load, long *ncpu)
{
    double l = 0.0;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &l) != 1) l = 0.0;
        fclose(f);
    }
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1) n = 1;
    *load = l;
    *ncpu = n;
    return l / (double)n > 1.0 ? l / (double)n : 1.0;
}

typedef struct Line {
    char *text;
    double t;            /* ms, monotonic, when it was read */
} Line;

typedef struct Proc {
    pid_t pid;
    int in, out;         /* engine stdin (we write), engine stdout (we read) */
    char *buf;           /* partial line */
    size_t blen, bcap;
    Line *q;             /* lines read, not yet consumed */
    size_t qhead, qlen, qcap;
    int eof;
    int status, exited;
} Proc;

static int verbose;
static double last_send;
static int timeout_ms = 10000;
static char failmsg[4096];
static Line *seen;       /* lines consumed since reset */
static size_t nseen, capseen;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(failmsg, sizeof failmsg, fmt, ap);
    va_end(ap);
    return -1;
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n);
    if (!p) { perror("replay"); exit(2); }
    return p;
}

static void push_line(Proc *p, const char *s, size_t n, double t)
{
    if (p->qhead + p->qlen + 1 > p->qcap) {
        if (p->qhead > 0) {
            memmove(p->q, p->q + p->qhead, p->qlen * sizeof *p->q);
            p->qhead = 0;
        }
        if (p->qlen + 1 > p->qcap) {
            p->qcap = p->qcap ? p->qcap * 2 : 1024;
            p->q = xrealloc(p->q, p->qcap * sizeof *p->q);
        }
    }
    Line *l = &p->q[p->qhead + p->qlen++];
    l->text = xrealloc(NULL, n + 1);
    memcpy(l->text, s, n);
    l->text[n] = '\0';
    l->t = t;
}

/* Reads what is available from the engine's stdout, splitting lines. */
static void read_output(Proc *p)
{
    char chunk[65536];
    ssize_t n = read(p->out, chunk, sizeof chunk);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return;
    if (n <= 0) {
        if (p->blen) push_line(p, p->buf, p->blen, now_ms());   /* unterminated last line */
        p->blen = 0;
        p->eof = 1;
        return;
    }
    double t = now_ms();
    for (ssize_t i = 0; i < n; i++) {
        if (chunk[i] == '\n') {
            push_line(p, p->buf, p->blen, t);
            p->blen = 0;
            continue;
        }
        if (p->blen + 1 > p->bcap) {
            p->bcap = p->bcap ? p->bcap * 2 : 4096;
            p->buf = xrealloc(p->buf, p->bcap);
        }
        p->buf[p->blen++] = chunk[i];
    }
}

/* Waits up to ms for output (reads it); returns 1 if a line is queued. */
static int wait_line(Proc *p, double deadline)
{
    while (p->qlen == 0 && !p->eof) {
        int left = (int)(deadline - now_ms());
        if (left < 0) return 0;
        struct pollfd pf = { .fd = p->out, .events = POLLIN };
        int r = poll(&pf, 1, left);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return 0;
        read_output(p);
    }
    return p->qlen > 0;
}

/* Takes the next line (records it in seen). */
static Line take_line(Proc *p)
{
    Line l = p->q[p->qhead++];
    p->qlen--;
    if (nseen + 1 > capseen) {
        capseen = capseen ? capseen * 2 : 1024;
        seen = xrealloc(seen, capseen * sizeof *seen);
    }
    seen[nseen++] = l;
    if (verbose) fprintf(stderr, "  <- %.200s\n", l.text);
    return l;
}

/* Takes every line received so far (for the checks over seen lines). */
static void take_all(Proc *p)
{
    while (!p->eof) {
        struct pollfd pf = { .fd = p->out, .events = POLLIN };
        if (poll(&pf, 1, 0) <= 0) break;
        read_output(p);
    }
    while (p->qlen) take_line(p);
}

static void reset_seen(void)
{
    for (size_t i = 0; i < nseen; i++) free(seen[i].text);
    nseen = 0;
}

/* Writes data while draining the engine's output (no pipe deadlock). */
static int send_bytes(Proc *p, const char *data, size_t n)
{
    while (n) {
        struct pollfd pf[2] = { { .fd = p->in, .events = POLLOUT }, { .fd = p->out, .events = POLLIN } };
        int r = poll(pf, 2, timeout_ms);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return fail("timed out writing to the engine");
        if (pf[1].revents) read_output(p);
        if (pf[0].revents & (POLLERR | POLLHUP)) return fail("engine closed its stdin");
        if (pf[0].revents & POLLOUT) {
            ssize_t w = write(p->in, data, n);
            if (w < 0 && (errno == EINTR || errno == EAGAIN)) continue;
            if (w < 0) return fail("write to the engine: %s", strerror(errno));
            data += w;
            n -= (size_t)w;
        }
    }
    last_send = now_ms();
    return 0;
}

/* Decodes escapes of s into a malloc'd buffer; *n receives its length. */
static char *unescape(const char *s, size_t *n)
{
    size_t len = strlen(s), k = 0;
    char *o = xrealloc(NULL, len + 1);
    for (size_t i = 0; i < len; i++) {
        if (s[i] != '\\' || i + 1 == len) { o[k++] = s[i]; continue; }
        char c = s[++i];
        if (c == 'r') o[k++] = '\r';
        else if (c == 't') o[k++] = '\t';
        else if (c == 'n') o[k++] = '\n';
        else if (c == 's') o[k++] = ' ';
        else if (c == 'x' && i + 2 < len + 1) {
            char hex[3] = { s[i + 1], s[i + 2], 0 };
            o[k++] = (char)strtol(hex, NULL, 16);
            i += 2;
        } else o[k++] = c;
    }
    o[k] = '\0';
    *n = k;
    return o;
}

static int compile(regex_t *re, const char *pat)
{
    size_t n = strlen(pat);
    char *anch = xrealloc(NULL, n + 8);
    snprintf(anch, n + 8, "^(%s)$", pat);
    int rc = regcomp(re, anch, REG_EXTENDED | REG_NOSUB);
    free(anch);
    if (rc) return fail("bad regular expression '%s'", pat);
    return 0;
}

static int matches(regex_t *re, const char *s)
{
    return regexec(re, s, 0, NULL, 0) == 0;
}

static void spawn(Proc *p, const char *engine)
{
    int in[2], out[2];
    memset(p, 0, sizeof *p);
    if (pipe(in) < 0 || pipe(out) < 0) { perror("pipe"); exit(2); }
    p->pid = fork();
    if (p->pid < 0) { perror("fork"); exit(2); }
    if (p->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        execl(engine, engine, (char *)NULL);
        perror(engine);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    p->in = in[1];
    p->out = out[0];
    fcntl(p->in, F_SETFL, O_NONBLOCK);
    fcntl(p->out, F_SETFL, O_NONBLOCK);
}

/* Waits for the engine to exit (reading its output) until deadline. */
static int wait_exit(Proc *p, double deadline)
{
    while (!p->exited) {
        pid_t r = waitpid(p->pid, &p->status, WNOHANG);
        if (r == p->pid) { p->exited = 1; break; }
        if (now_ms() > deadline) return -1;
        struct pollfd pf = { .fd = p->out, .events = POLLIN };
        if (!p->eof) {
            if (poll(&pf, 1, 5) > 0) read_output(p);
        } else {
            usleep(2000);
        }
    }
    while (!p->eof) {   /* the rest of the output */
        struct pollfd pf = { .fd = p->out, .events = POLLIN };
        if (poll(&pf, 1, 100) <= 0) break;
        read_output(p);
    }
    return 0;
}

static void close_in(Proc *p)
{
    if (p->in >= 0) close(p->in);
    p->in = -1;
}

static void kill_proc(Proc *p)
{
    if (!p->exited) {
        kill(p->pid, SIGKILL);
        waitpid(p->pid, &p->status, 0);
        p->exited = 1;
    }
    close_in(p);
    close(p->out);
    for (size_t i = 0; i < p->qlen; i++) free(p->q[p->qhead + i].text);
    free(p->q);
    free(p->buf);
}

/* The move after "bestmove" / the first word after " pv ". */
static int word_after(const char *s, const char *key, char *out, size_t len)
{
    const char *k = strstr(s, key);
    if (!k) return -1;
    k += strlen(key);
    size_t n = strcspn(k, " ");
    if (n == 0 || n >= len) return -1;
    memcpy(out, k, n);
    out[n] = '\0';
    return 0;
}

/* Every bestmove seen since reset: an "info ... pv ..." line came after
 * the previous bestmove, and its first move is the bestmove ("bestmove
 * (none)" needs an info line with a score but no pv); or no info line at
 * all: a search stopped before depth 1 completed (PROTOCOL.md 3.3). */
static int pvcheck(void)
{
    char pv[256] = "", best[256];
    int have_pv = 0, have_score = 0, have_info = 0, nbest = 0;
    for (size_t i = 0; i < nseen; i++) {
        const char *t = seen[i].text;
        if (strncmp(t, "info ", 5) == 0 && !strstr(t, " string ")) {
            have_info = 1;
            if (strstr(t, " score ")) have_score = 1;
            const char *mp = strstr(t, " multipv ");
            if (strstr(t, " pv ") && (!mp || strncmp(mp, " multipv 1 ", 11) == 0)) {
                if (word_after(t, " pv ", pv, sizeof pv) < 0) return fail("pvcheck: empty pv in '%.200s'", t);
                have_pv = 1;
            }
            continue;
        }
        if (strncmp(t, "bestmove ", 9) != 0) continue;
        nbest++;
        if (word_after(t, "bestmove ", best, sizeof best) < 0) return fail("pvcheck: bad line '%.200s'", t);
        int none = strcmp(best, "(none)") == 0;
        if (!have_info && !none) continue; /* stopped before depth 1 completed: no result */
        if (!have_score) return fail("pvcheck: no info line with a score before '%.200s'", t);
        if (!none) {
            if (!have_pv) return fail("pvcheck: no info line with a pv before '%.200s'", t);
            if (strcmp(pv, best) != 0) return fail("pvcheck: bestmove %s but the last pv starts with %s", best, pv);
        }
        have_pv = have_score = have_info = 0;
    }
    if (nbest == 0) return fail("pvcheck: no bestmove seen");
    return 0;
}

/* Runs one directive; returns 0 or -1 (failmsg set). */
static int directive(Proc *p, char *d)
{
    size_t n;
    if (strncmp(d, ">raw ", 5) == 0) {
        char *s = unescape(d + 5, &n);
        int rc = send_bytes(p, s, n);
        free(s);
        return rc;
    }
    if (strncmp(d, ">rep ", 5) == 0) {
        char *rest;
        long k = strtol(d + 5, &rest, 10);
        char *s = unescape(rest + 1, &n);
        char *all = xrealloc(NULL, (n + 1) * (size_t)k + 1);
        for (long i = 0; i < k; i++) {
            memcpy(all + i * (long)(n + 1), s, n);
            all[i * (long)(n + 1) + (long)n] = '\n';
        }
        int rc = send_bytes(p, all, (n + 1) * (size_t)k);
        free(s);
        free(all);
        return rc;
    }
    if (strncmp(d, ">gen ", 5) == 0) {
        char *rest;
        long k = strtol(d + 5, &rest, 10);
        char *f1 = rest + 1, *f2 = strchr(f1, '|'), *f3 = f2 ? strchr(f2 + 1, '|') : NULL;
        if (!f3) return fail(">gen needs PRE|UNIT|SUF");
        *f2++ = '\0';
        *f3++ = '\0';
        size_t n1, n2, n3;
        char *pre = unescape(f1, &n1), *unit = unescape(f2, &n2), *suf = unescape(f3, &n3);
        size_t total = n1 + n2 * (size_t)k + n3 + 1, o = 0;
        char *all = xrealloc(NULL, total);
        memcpy(all, pre, n1); o = n1;
        for (long i = 0; i < k; i++) { memcpy(all + o, unit, n2); o += n2; }
        memcpy(all + o, suf, n3); o += n3;
        all[o++] = '\n';
        int rc = send_bytes(p, all, o);
        free(pre); free(unit); free(suf); free(all);
        return rc;
    }
    if (d[0] == '>' && (d[1] == ' ' || d[1] == '\0')) {
        char *s = unescape(d[1] ? d + 2 : "", &n);
        s = xrealloc(s, n + 2);
        s[n++] = '\n';
        int rc = send_bytes(p, s, n);
        free(s);
        return rc;
    }
    if (d[0] == '<') {
        char *s = d + 1;
        int skip = 0, limit = -1;
        if (strncmp(s, "...", 3) == 0) { skip = 1; s += 3; }
        if (*s == '@') { limit = (int)strtol(s + 1, &s, 10); }
        if (*s != ' ' && *s != '\0') return fail("bad directive '%s'", d);
        if (*s) s++;   /* "<" alone: an empty line */
        regex_t re;
        if (compile(&re, s) < 0) return -1;
        double deadline = now_ms() + timeout_ms;
        int rc = -1;
        for (;;) {
            if (!wait_line(p, deadline)) {
                rc = fail(p->eof ? "engine output ended while waiting for /%s/" : "timed out waiting for /%s/", s);
                break;
            }
            Line l = take_line(p);
            if (matches(&re, l.text)) {
                double lat = l.t - last_send;
                if (limit >= 0) {
                    double load;
                    long ncpu;
                    double allowed = limit * load_factor(&load, &ncpu);
                    printf(
                        "  latency %-28.28s %8.2f ms (limit %d ms, %.0f ms at load %.2f on %ld CPUs)\n",
                        s, lat, limit, allowed, load, ncpu);
                    if (lat > allowed) {
                        rc = fail(
                            "/%s/ came after %.2f ms, limit %d ms (%.0f ms at load %.2f on %ld CPUs)",
                            s, lat, limit, allowed, load, ncpu);
                        break;
                    }
                }
                rc = 0;
                break;
            }
            if (!skip) { rc = fail("expected /%s/, got '%.300s'", s, l.text); break; }
        }
        regfree(&re);
        return rc;
    }
    if (strncmp(d, "quiet ", 6) == 0) {
        double deadline = now_ms() + atoi(d + 6);
        if (wait_line(p, deadline)) return fail("unexpected output '%.300s'", p->q[p->qhead].text);
        return 0;
    }
    if (strncmp(d, "sleep ", 6) == 0) {
        double deadline = now_ms() + atoi(d + 6);
        while (now_ms() < deadline) {
            struct pollfd pf = { .fd = p->out, .events = POLLIN };
            int left = (int)(deadline - now_ms());
            if (!p->eof && poll(&pf, 1, left > 0 ? left : 0) > 0) read_output(p);
            else if (p->eof) usleep(1000);
        }
        return 0;
    }
    if (strcmp(d, "reset") == 0) {
        take_all(p);
        reset_seen();
        return 0;
    }
    if (strncmp(d, "count ", 6) == 0 || strncmp(d, "all ", 4) == 0 || strncmp(d, "none ", 5) == 0) {
        long want = -1;
        char *s;
        take_all(p);
        if (d[0] == 'c') want = strtol(d + 6, &s, 10), s++;
        else s = strchr(d, ' ') + 1;
        regex_t re;
        if (compile(&re, s) < 0) return -1;
        long hits = 0;
        const char *bad = NULL;
        for (size_t i = 0; i < nseen; i++) {
            int m = matches(&re, seen[i].text);
            hits += m;
            if (!bad && ((d[0] == 'a' && !m) || (d[0] == 'n' && m))) bad = seen[i].text;
        }
        regfree(&re);
        if (d[0] == 'c' && hits != want) return fail("count: %ld lines match /%s/, expected %ld", hits, s, want);
        if (bad) return fail("%s: line '%.300s'", d[0] == 'a' ? "all: does not match" : "none: matches", bad);
        if (d[0] == 'c') printf("  count %ld x /%s/\n", hits, s);
        return 0;
    }
    if (strcmp(d, "pvcheck") == 0) {
        take_all(p);
        return pvcheck();
    }
    if (strncmp(d, "timeout ", 8) == 0) { timeout_ms = atoi(d + 8); return 0; }
    if (strcmp(d, "close") == 0) {
        close_in(p);
        last_send = now_ms();   /* latencies after EOF count from here */
        return 0;
    }
    if (strncmp(d, "exit ", 5) == 0) {
        int code = atoi(d + 5);
        if (wait_exit(p, now_ms() + timeout_ms) < 0) return fail("engine did not exit within %d ms", timeout_ms);
        if (!WIFEXITED(p->status)) return fail("engine died by signal %d", WTERMSIG(p->status));
        if (WEXITSTATUS(p->status) != code) return fail("exit status %d, expected %d", WEXITSTATUS(p->status), code);
        if (p->qlen) return fail("unmatched output after the last check: '%.300s'", p->q[p->qhead].text);
        return 0;
    }
    return fail("unknown directive '%s'", d);
}

static int run_file(const char *engine, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) { printf("FAIL %s: cannot open\n", path); return -1; }
    Proc p;
    spawn(&p, engine);
    timeout_ms = 10000;
    last_send = now_ms();
    reset_seen();
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int lineno = 0, rc = 0;
    while ((len = getline(&line, &cap, f)) >= 0) {
        lineno++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
        if (len == 0 || line[0] == '#') continue;
        if (verbose) fprintf(stderr, "%s:%d: %.200s\n", path, lineno, line);
        if (directive(&p, line) < 0) {
            printf("FAIL %s:%d: %s\n", path, lineno, failmsg);
            size_t from = nseen > 5 ? nseen - 5 : 0;
            for (size_t i = from; i < nseen; i++) printf("    seen: %.200s\n", seen[i].text);
            rc = -1;
            break;
        }
    }
    free(line);
    fclose(f);
    if (rc == 0 && !p.exited) {
        close_in(&p);
        if (wait_exit(&p, now_ms() + timeout_ms) < 0) {
            printf("FAIL %s: engine did not exit after EOF\n", path);
            rc = -1;
        }
    }
    kill_proc(&p);
    if (rc == 0) printf("ok   %s\n", path);
    fflush(stdout);
    return rc;
}

int main(int argc, char **argv)
{
    const char *engine = "bin/dablo";
    int i = 1, pass = 0, failed = 0;
    signal(SIGPIPE, SIG_IGN);
    setvbuf(stdout, NULL, _IOLBF, 0);
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "-v") == 0) verbose = 1;
        else if (strcmp(argv[i], "-e") == 0 && i + 1 < argc) engine = argv[++i];
        else { fprintf(stderr, "usage: replay [-v] [-e ENGINE] FILE...\n"); return 2; }
    }
    for (; i < argc; i++) {
        if (run_file(engine, argv[i]) == 0) pass++;
        else failed++;
    }
    printf("replay: %d passed, %d failed\n", pass, failed);
    return failed ? 1 : 0;
}
