/*
 * fake_engine.c - a tiny engine for testing dablo-match.
 *
 * It speaks the protocol, keeps the position with the rules library and
 * plays a legal move chosen deterministically: the move that maximises
 * material after it, ties broken by a hash of the resulting position and
 * --seed (so two seeds give two different "engines", and a game is a pure
 * function of the two seeds and the opening).  On request it misbehaves in
 * the ways a match runner must survive, counting its "go" commands from 1
 * in each process:
 *   --illegal-at N        answer go number N with an illegal move
 *   --garbage-move-at N   answer go number N with an unparsable move
 *   --crash-at N          exit without a word at go number N (status 3,
 *                         or --exit-status S)
 *   --signal-at N SIG     raise signal SIG (a number: 11 SIGSEGV, 9
 *                         SIGKILL, ...) at go number N, no core dump
 *   --uci-exit S          exit with status S at "uci", before uciok
 *   --uci-signal SIG      raise signal SIG at "uci", before uciok
 *   --hang-go-at N        stop reading and never answer from go number N
 *   --silent-go-at N      from go number N on, never send bestmove (nor
 *                         after stop) but go on answering isready
 *   --slow-go-at N        sleep --slow-ms MS before answering go number N
 *   --hang-uciok          never send uciok
 *   --no-readyok-after N  stop answering isready after N readyok
 *   --starts-file F --hang-uci-after-starts N   count starts in F; hang at
 *                         "uci" from start N+1 on (a restart that stalls)
 *   --crlf --trailing-space   end lines with "\r\n" / add blanks
 *   --huge-info BYTES     an info string line of BYTES before each bestmove
 *   --big-nodes           report 64-bit node counts (near 2^64)
 *   --garbage             print only garbage, never uciok
 *   --noflush             block-buffered stdout that is never flushed
 *   --score CP            always report this score (adjudication tests)
 *   --think-ms MS         sleep MS per move;  --burn-ms MS  busy-loop MS
 *   --utf8-name           an id name with UTF-8, quotes and a backslash
 *   --name NAME           id name (default "fake")
 *   --no-options          declare no options
 *   --random              ignore material, pick by hash only (a weak player)
 *   --ignore-eof          at end of input, keep running instead of exiting
 *   --claim-time MS       report "time MS" in its info line, whatever it took
 *   --ignore-quit         at "quit", keep running instead of exiting (SIGTERM ignored)
 *   --refuse-option NAME  answer "setoption name NAME ..." with an info
 *                         string error, keeping the old value (as dablo does
 *                         for a Hash it cannot allocate)
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "rules/game.h"
#include "rules/geometry.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/position.h"
#include "rules/rules.h"

static struct {
    const char *name;
    uint64_t seed;
    long illegal_at, garbage_at, crash_at, hang_go_at, silent_go_at, slow_at, slow_ms;
    long exit_status, signal_at, signal_number, uci_exit, uci_signal;
    int hang_uciok, garbage, noflush, crlf, trailing, big_nodes, utf8, no_options, random;
    long no_readyok_after, huge_info, think_ms, burn_ms;
    int has_score;
    long score;
    const char *starts_file;
    long hang_uci_after;
    int ignore_eof, ignore_quit;
    long claim_time;
    const char *refuse_option;
} opt = { .name = "fake",
          .claim_time = -1,
          .no_readyok_after = -1,
          .hang_uci_after = -1,
          .exit_status = 3,
          .uci_exit = -1 };

/* Ends the process by signal sig, as a crash does (SIGSEGV) or a kill
 * (SIGKILL), without a core file. */
static void die_by(int sig)
{
    struct rlimit none = { 0, 0 };
    setrlimit(RLIMIT_CORE, &none);
    fflush(stdout);
    signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
    _exit(99); /* not a signal that ends a process */
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fputs(opt.trailing ? "   " : "", stdout);
    fputs(opt.crlf ? "\r\n" : "\n", stdout);
    if (!opt.noflush) fflush(stdout);
}

static void sleep_ms(long ms)
{
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
    while (nanosleep(&ts, &ts) != 0) {}
}

static void hang(void)
{
    for (;;) pause();
}

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int material(const Position *p, Color side)
{
    static const int v[PIECE_TYPE_NB] = { 100, 300, 500 };
    int s = 0;
    for (int t = 0; t < PIECE_TYPE_NB; t++)
        s += v[t] * (__builtin_popcountll((uint64_t)(p->by_type[t] & p->by_color[side])) +
                     __builtin_popcountll((uint64_t)((p->by_type[t] & p->by_color[side]) >> 64)));
    return s;
}

static void count_start(void)
{
    if (!opt.starts_file) return;
    long n = 0;
    FILE *f = fopen(opt.starts_file, "r");
    if (f) {
        if (fscanf(f, "%ld", &n) != 1) n = 0;
        fclose(f);
    }
    n++;
    f = fopen(opt.starts_file, "w");
    if (f) {
        fprintf(f, "%ld\n", n);
        fclose(f);
    }
    if (opt.hang_uci_after >= 0 && n > opt.hang_uci_after) opt.hang_uciok = 1;
}

static void parse_args(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : "0";
#define NUM(flag, field) if (strcmp(a, flag) == 0) { opt.field = atol(v); i++; continue; }
        NUM("--illegal-at", illegal_at)
        NUM("--garbage-move-at", garbage_at)
        NUM("--crash-at", crash_at)
        NUM("--hang-go-at", hang_go_at)
        NUM("--silent-go-at", silent_go_at)
        NUM("--slow-go-at", slow_at)
        NUM("--slow-ms", slow_ms)
        NUM("--no-readyok-after", no_readyok_after)
        NUM("--huge-info", huge_info)
        NUM("--think-ms", think_ms)
        NUM("--burn-ms", burn_ms)
        NUM("--hang-uci-after-starts", hang_uci_after)
        NUM("--exit-status", exit_status)
        NUM("--uci-exit", uci_exit)
        NUM("--uci-signal", uci_signal)
#undef NUM
        if (strcmp(a, "--signal-at") == 0) {
            opt.signal_at = atol(v);
            opt.signal_number = i + 2 < argc ? atol(argv[i + 2]) : 11;
            i += 2;
            continue;
        }
        if (strcmp(a, "--seed") == 0) { opt.seed = strtoull(v, NULL, 10); i++; }
        else if (strcmp(a, "--score") == 0) { opt.has_score = 1; opt.score = atol(v); i++; }
        else if (strcmp(a, "--name") == 0) { opt.name = v; i++; }
        else if (strcmp(a, "--starts-file") == 0) { opt.starts_file = v; i++; }
        else if (strcmp(a, "--hang-uciok") == 0) opt.hang_uciok = 1;
        else if (strcmp(a, "--garbage") == 0) opt.garbage = 1;
        else if (strcmp(a, "--noflush") == 0) opt.noflush = 1;
        else if (strcmp(a, "--crlf") == 0) opt.crlf = 1;
        else if (strcmp(a, "--trailing-space") == 0) opt.trailing = 1;
        else if (strcmp(a, "--big-nodes") == 0) opt.big_nodes = 1;
        else if (strcmp(a, "--utf8-name") == 0) opt.utf8 = 1;
        else if (strcmp(a, "--no-options") == 0) opt.no_options = 1;
        else if (strcmp(a, "--random") == 0) opt.random = 1;
        else if (strcmp(a, "--ignore-eof") == 0)
            opt.ignore_eof = 1;
        else if (strcmp(a, "--ignore-quit") == 0)
            opt.ignore_quit = 1;
        else if (strcmp(a, "--claim-time") == 0 && i + 1 < argc)
            opt.claim_time = atol(argv[++i]);
        else if (strcmp(a, "--refuse-option") == 0) {
            opt.refuse_option = v;
            i++;
        }
    }
}

static Rules rules;
static Position pos;

/* "position startpos|fen F1 F2 F3 F4 [moves ...]" */
static void set_position(char *args)
{
    char *save;
    char *tok = strtok_r(args, " \t", &save);
    if (!tok) return;
    Position p;
    char err[256];
    if (strcmp(tok, "startpos") == 0) {
        position_start(&p, &rules);
        tok = strtok_r(NULL, " \t", &save);
    } else if (strcmp(tok, "fen") == 0) {
        char fen[256] = "";
        int fields = 0;
        while ((tok = strtok_r(NULL, " \t", &save)) && strcmp(tok, "moves") != 0 && fields < 4) {
            if (fields++) strcat(fen, " ");
            strncat(fen, tok, sizeof fen - strlen(fen) - 2);
        }
        if (position_set_fen(&p, &rules, fen, err, sizeof err) < 0) {
            say("info string bad fen: %s", err);
            return;
        }
    } else {
        return;
    }
    if (tok && strcmp(tok, "moves") == 0) {
        while ((tok = strtok_r(NULL, " \t", &save))) {
            Move m;
            if (notation_parse_move(&p, tok, &m, err, sizeof err) < 0) {
                say("info string bad move %s: %s", tok, err);
                break;
            }
            Undo u;
            position_make(&p, &m, &u);
        }
    }
    pos = p;
}

static void go(long number)
{
    if (opt.crash_at && number == opt.crash_at) exit((int)opt.exit_status);
    if (opt.signal_at && number == opt.signal_at) die_by((int)opt.signal_number);
    if (opt.hang_go_at && number >= opt.hang_go_at) hang();
    if (opt.silent_go_at && number >= opt.silent_go_at) return;
    long t0 = now_ms();
    if (opt.slow_at && number == opt.slow_at) sleep_ms(opt.slow_ms);
    if (opt.think_ms) sleep_ms(opt.think_ms);
    if (opt.burn_ms) {
        volatile uint64_t x = 0;
        while (now_ms() - t0 < opt.burn_ms) x += mix(x);
    }
    static MoveList ml;
    movegen_legal(&pos, &ml);
    if (opt.huge_info > 0) {
        char *s = malloc((size_t)opt.huge_info + 1);
        memset(s, 'x', (size_t)opt.huge_info);
        s[opt.huge_info] = '\0';
        say("info string %s", s);
        free(s);
    }
    if (ml.n == 0) {
        say("info depth 1 score mate 0");
        say("bestmove (none)");
        return;
    }
    int best = -1;
    long best_score = 0;
    uint64_t best_tie = 0;
    Color me = pos.stm;
    for (int i = 0; i < ml.n; i++) {
        Position p = pos;
        Undo u;
        position_make(&p, &ml.moves[i], &u);
        long s = opt.random ? 0 : material(&p, me) - material(&p, (Color)!me);
        uint64_t tie = mix(p.key ^ mix(opt.seed + 1));
        if (best < 0 || s > best_score || (s == best_score && tie > best_tie)) {
            best = i;
            best_score = s;
            best_tie = tie;
        }
    }
    char ms[MOVE_STR_MAX];
    notation_move_string(&pos, &ml.moves[best], ms, sizeof ms);
    long score = opt.has_score ? opt.score : best_score;
    if (opt.big_nodes)
        say("info depth 1 seldepth 1 score cp %ld nodes 18446744073709551615 nps 9223372036854775807 time %ld pv %s",
            score, now_ms() - t0, ms);
    else
        say("info depth 1 score cp %ld nodes %d time %ld pv %s", score, ml.n,
            opt.claim_time >= 0 ? opt.claim_time : now_ms() - t0, ms);
    if (opt.illegal_at && number == opt.illegal_at) {
        /* A well-formed move that is not legal: the first legal move's start
         * point stepping to itself. */
        const char *from = pos.geo->name_of[ml.moves[0].from];
        say("bestmove %s-%s", from, from);
        return;
    }
    if (opt.garbage_at && number == opt.garbage_at) {
        say("bestmove ??garbage??");
        return;
    }
    say("bestmove %s", ms);
}

int main(int argc, char **argv)
{
    parse_args(argc, argv);
    geometry_init();
    count_start();
    if (opt.noflush) setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    rules = rules_default(VARIANT_DABLOT);
    position_start(&pos, &rules);
    char *line = NULL;
    size_t cap = 0;
    long gos = 0, readyoks = 0;
    if (opt.garbage) {
        srand((unsigned)opt.seed);
        for (int i = 0; i < 200; i++) {
            char g[64];
            for (int k = 0; k < 63; k++) g[k] = (char)(1 + rand() % 255);
            g[63] = '\0';
            say("%s", g);
        }
    }
    while (getline(&line, &cap, stdin) >= 0) {
        char *s = line;
        s[strcspn(s, "\r\n")] = '\0';
        while (*s == ' ' || *s == '\t') s++;
        if (opt.garbage) {
            say("%%$#@! %s ???", s);
            continue;
        }
        if (strcmp(s, "uci") == 0) {
            if (opt.uci_exit >= 0) exit((int)opt.uci_exit);
            if (opt.uci_signal) die_by((int)opt.uci_signal);
            if (opt.hang_uciok) {
                say("id name %s", opt.name);
                hang();
            }
            if (opt.utf8) say("id name Dablot\xe2\x80\x93Prejjesne \xc3\x86\xc3\x98\xc3\x85 \xe3\x83\x86\xe3\x82\xb9\xe3\x83\x88 \"q\" back\\slash");
            else say("id name %s", opt.name);
            say("id author dablo tests");
            if (!opt.no_options) {
                say("option name Variant type combo default dablot var dablot var tabal");
                say("option name Rules type combo default classic var classic var modern var anti-draw");
                say("option name Captures type combo default optional var optional var compulsory var compulsory-men");
                say("option name ForwardOnlyMen type check default false");
                say("option name KingCaptureEnds type check default false");
                say("option name KingAndPrinceCaptureEnds type check default false");
                say("option name MaxCapture type check default false");
                say("option name DrawPlies type spin default 100 min 0 max 10000");
                say("option name Hash type spin default 16 min 1 max 1024");
                say("option name Move Overhead type spin default 10 min 0 max 5000");
                say("option name Skill type spin default 20 min 0 max 20");
            }
            say("uciok");
        } else if (strcmp(s, "isready") == 0) {
            if (opt.no_readyok_after >= 0 && readyoks >= opt.no_readyok_after) continue;
            readyoks++;
            say("readyok");
        } else if (strncmp(s, "setoption name ", 15) == 0) {
            char *v = strstr(s, " value ");
            size_t rl = opt.refuse_option ? strlen(opt.refuse_option) : 0;
            if (v && rl && s + 15 + rl == v && strncasecmp(s + 15, opt.refuse_option, rl) == 0) {
                say("info string error: cannot set %s to %s; keeping the default",
                    opt.refuse_option, v + 7);
            } else if (v) {
                *v = '\0';
                char err[200];
                if (rules_set(&rules, s + 15, v + 7, err, sizeof err) < 0) say("info string %s", err);
                position_start(&pos, &rules);
            }
        } else if (strcmp(s, "ucinewgame") == 0) {
            position_start(&pos, &rules);
        } else if (strncmp(s, "position ", 9) == 0) {
            set_position(s + 9);
        } else if (strncmp(s, "go", 2) == 0 && (s[2] == ' ' || s[2] == '\0')) {
            go(++gos);
        } else if (strcmp(s, "quit") == 0) {
            if (opt.ignore_quit) {
                signal(SIGTERM, SIG_IGN);
                hang();
            }
            free(line);
            return 0;
        }
    }
    if (opt.ignore_eof) hang();
    free(line);
    fflush(stdout);
    return 0;
}
