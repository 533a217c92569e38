/*
 * main.c - dablo-stats: Elo, LOS and SPRT of match results gathered
 * anywhere (counts on the command line, a results file, or the merged
 * results files of many shards).  See usage() and stats.h.
 */
#include "stats.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rules/version.h"
#include "search/output.h"
#include "util/outstream.h"

/* Prints the --help text on stdout, in the layout help2man reads for the man page. */
static void usage(void)
{
    fputs("Usage: dablo-stats SOURCE [-engine NAME] [-opponent NAME] [-sprt [PARAMETER=VALUE...]]\n"
          "  or:  dablo-stats --help | --version\n"
          "\n"
          "Prints W-D-L, score, Elo +- 95% error (logistic and normalized), LOS, draw\n"
          "ratio, pentanomial counts and, with -sprt, the LLR, its bounds and the verdict.\n"
          "With fewer than 5 games (or pairs) apart from the most common result (all\n"
          "draws, 1-98-1) the spread is not measured: \"+- ?\" and no normalized Elo.\n"
          "Formulas: fishtest's stats (LLRcalc.py, sprt.py, stat_util.py).  An error is\n"
          "one line on standard error and exit status 2 (bad command line) or 1 (a\n"
          "results file that cannot be read or counted).  A last line without a newline\n"
          "(cut by a kill) is not counted: a warning names its file and line.  An option\n"
          "given twice is refused (exit 2), as is a -sprt key; a second -merge adds its files.\n"
          "\n"
          "SOURCE is one of:\n"
          "  -wdl W,D,L              game counts (wins, draws, losses of the first engine)\n"
          "  -penta LL,LD,DD+WL,WD,WW\n"
          "                          game-pair counts, low to high (pair score 0..2);\n"
          "                          may be given with -wdl (then W+D+L >= 2*pairs)\n"
          "  -results FILE           a dablo-match results file\n"
          "  -merge FILE...          the results files of one match's shards, counts added\n"
          "                          (files of different matches are refused)\n"
          "\n"
          "Options:\n"
          "  -engine NAME            count results from NAME's side (default: white of the\n"
          "                          first game of the first file, an unfinished one\n"
          "                          (result=*) too; not with -wdl/-penta, which are\n"
          "                          the first engine's counts already)\n"
          "  -opponent NAME          count only the games against NAME (needed when the\n"
          "                          engine meets more than one opponent; not with -wdl/-penta)\n"
          "  -sprt [elo0=E0] [elo1=E1] [alpha=A] [beta=B] [model=normalized|logistic]\n"
          "                          generalized SPRT; defaults elo0=0 elo1=5 alpha=0.05\n"
          "                          beta=0.05 model=normalized (bounds in that model's Elo)\n"
          "  -h, --help              print this help and exit\n"
          "  --version               print \"dablo-stats VERSION\" and exit\n",
          stdout);
}

/* One line on stderr: "dablo-stats: " and the message with every control
 * byte and invalid UTF-8 shown as '?' (output_stderr, as the engine quotes
 * what it was sent): a message may quote a line of a results file or an
 * argument. */
#define say(...) output_stderr("dablo-stats", __VA_ARGS__)

/* Prints "label: name\n" on stdout with the name made printable
 * (output_printable_copy): a decoded name (%1b) or an argument may hold
 * control bytes or invalid UTF-8, shown as '?' as in error lines. */
static void print_name(const char *label, const char *name)
{
    char *buf = output_printable_copy(name);
    printf("%s: %s\n", label, buf ? buf : "?");
    free(buf);
}

/* Prints msg (say); returns 1 (a file's fault). */
static int die(const char *msg)
{
    say("%s", msg);
    return 1;
}

/* The same for a bad command line: returns 2, as the other dablo tools do. */
static int usage_error(const char *msg)
{
    say("%s (see --help)", msg);
    return 2;
}

/* The largest count taken: 2^50, so sums of counts stay exact in a double. */
#define MAX_COUNT (1ULL << 50)

/* Parses "a,b,c" into exactly n non-negative integer counts.  Returns 0,
 * -1 when s is not n whole numbers, or -2 when one is above MAX_COUNT
 * (*big points at it). */
static int parse_counts(const char *s, uint64_t *out, int n, const char **big)
{
    const char *p = s;
    for (int i = 0; i < n; i++) {
        char *end;
        if (*p < '0' || *p > '9')
            return -1;
        errno = 0;
        unsigned long long v = strtoull(p, &end, 10);
        if (errno || v > MAX_COUNT) {
            *big = p;
            return -2;
        }
        out[i] = v;
        if (i < n - 1) {
            if (*end != ',' && *end != '/' && *end != '-')
                return -1;
            p = end + 1;
        } else if (*end) {
            return -1;
        }
    }
    return 0;
}

/* -wdl or -penta (opt) with its value s: 0, or 2 after the error line. */
static int counts_option(const char *opt, const char *s, uint64_t *out, int n)
{
    const char *big = NULL;
    int rc = parse_counts(s, out, n, &big);
    if (rc == -2) {
        size_t len = strspn(big, "0123456789");
        say("%s: the count %.*s%s is above the largest a count may be, 2^50 (%llu) (see --help)",
            opt, (int)(len > 40 ? 40 : len), big, len > 40 ? "..." : "", MAX_COUNT);
        return 2;
    }
    if (rc < 0) {
        say("%s needs %s, not '%.40s%s' (see --help)", opt,
            n == 3 ? "W,D,L, three whole numbers (as in -wdl 30,50,20)"
                   : "LL,LD,DD+WL,WD,WW, five whole numbers (as in -penta 1,5,9,8,2)",
            s, strlen(s) > 40 ? "..." : "");
        return 2;
    }
    return 0;
}

/* Whether argv[i] has a value after it: an argument starting with '-'
 * and a letter is the next option (as for -merge), not a value. */
static int has_value(int argc, char **argv, int i)
{
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    return v && !(v[0] == '-' && (v[1] == '-' || (v[1] >= 'a' && v[1] <= 'z')));
}

/* An option given without its value (what), with a hint: 2 after the line. */
static int missing_value(const char *opt, const char *what, const char *hint)
{
    say("%s needs %s after it (%s; see --help)", opt, what, hint);
    return 2;
}

/* The options that take one value (or, -sprt, one set of settings), a bit
 * each in the mask given_once() keeps; -merge takes a list and may come
 * again (its files are added). */
static const char *const once_options[] = { "-wdl",    "-penta",    "-results",
                                            "-engine", "-opponent", "-sprt" };

/* Refuses a second a (one of once_options): the last would win in
 * silence.  0, or 2 after the error line ("-wdl given twice", as
 * dablo-tune says it). */
static int given_once(const char *a, unsigned *seen)
{
    for (unsigned k = 0; k < sizeof once_options / sizeof *once_options; k++) {
        if (strcmp(a, once_options[k]) != 0) continue;
        if (*seen & (1u << k)) {
            say("%s given twice", a);
            return 2;
        }
        *seen |= 1u << k;
    }
    return 0;
}

/* Refuses a key=value word of -sprt whose key an earlier word of it gave
 * (case-insensitive, as stats_sprt_parse reads keys): argv[first..i).
 * 0, or 2 after the error line. */
static int sprt_key_once(char **argv, int first, int i)
{
    size_t len = strcspn(argv[i], "=");
    for (int j = first; j < i; j++)
        if (strcspn(argv[j], "=") == len && strncasecmp(argv[j], argv[i], len) == 0) {
            say("-sprt: %.*s= is given twice ('%s', then '%s')", (int)len, argv[i], argv[j],
                argv[i]);
            return 2;
        }
    return 0;
}

/* The whole program; merge has room for argc file names. */
static int run(int argc, char **argv, const char **merge)
{
    Stats s;
    StatsSprtParams sp;
    int use_sprt = 0, have_wdl = 0, have_penta = 0;
    const char *results = NULL, *engine = NULL, *opponent = NULL;
    int nmerge = 0;
    uint64_t wdl[3] = {0}, penta[5] = {0};
    char err[512];
    unsigned seen = 0;

    stats_init(&s);
    stats_sprt_default(&sp);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "-help") || !strcmp(a, "--help")) {
            usage();
            return 0;
        } else if (!strcmp(a, "--version") || !strcmp(a, "-version")) {
            printf("dablo-stats %s\n", DABLO_VERSION);
            return 0;
        } else if (given_once(a, &seen)) {
            return 2;
        } else if (!strcmp(a, "-wdl") || !strcmp(a, "-penta")) {
            int wdl_opt = a[1] == 'w';
            if (!has_value(argc, argv, i))
                return missing_value(a, wdl_opt ? "W,D,L" : "LL,LD,DD+WL,WD,WW",
                                     wdl_opt ? "as in -wdl 30,50,20" : "as in -penta 1,5,9,8,2");
            int rc = counts_option(a, argv[++i], wdl_opt ? wdl : penta, wdl_opt ? 3 : 5);
            if (rc) return rc;
            *(wdl_opt ? &have_wdl : &have_penta) = 1;
        } else if (!strcmp(a, "-results")) {
            if (!has_value(argc, argv, i))
                return missing_value(a, "a results file",
                                     "one dablo-match -results wrote, as in -results games.txt");
            results = argv[++i];
        } else if (!strcmp(a, "-merge")) {
            while (i + 1 < argc && argv[i + 1][0] != '-')
                merge[nmerge++] = argv[++i];
            if (nmerge == 0)
                return missing_value(a, "one or more results files",
                                     "as in -merge shard-*.results");
        } else if (!strcmp(a, "-engine") || !strcmp(a, "-opponent")) {
            if (!has_value(argc, argv, i))
                return missing_value(a, "an engine's name",
                                     "as the white= and black= of the results file give it");
            *(a[1] == 'e' ? &engine : &opponent) = argv[++i];
        } else if (!strcmp(a, "-sprt")) {
            use_sprt = 1;
            int first = i + 1;
            while (i + 1 < argc && argv[i + 1][0] != '-' && strchr(argv[i + 1], '=')) {
                if (sprt_key_once(argv, first, ++i)) return 2;
                if (stats_sprt_parse(&sp, argv[i], err, sizeof err) != 0) return usage_error(err);
            }
        } else {
            say("unknown or incomplete option '%s' (see --help)", a);
            return 2;
        }
    }
    int sources = (have_wdl || have_penta) + (results != NULL) + (nmerge > 0);
    if (sources != 1)
        return usage_error("give exactly one of -wdl/-penta, -results FILE, -merge FILE...");
    if (use_sprt && stats_sprt_check(&sp, err, sizeof err) != 0) return usage_error(err);
    /* Counts are the first engine's already: no name picks a side of them. */
    if ((have_wdl || have_penta) && (engine || opponent))
        return usage_error(engine ? "-engine picks a side of a results file; the -wdl and -penta "
                                    "counts are already the first engine's: drop -engine"
                                  : "-opponent picks the games of a results file; the -wdl and "
                                    "-penta counts are already those of one encounter: drop "
                                    "-opponent");

    if (engine && opponent && strcmp(engine, opponent) == 0) {
        say("-engine and -opponent both name '%.200s': an engine is not its own opponent "
            "(see --help)",
            engine);
        return 2;
    }

    if (have_wdl || have_penta) {
        uint64_t games = wdl[0] + wdl[1] + wdl[2], pairs = 0;
        for (int i = 0; i < 5; i++)
            pairs += penta[i];
        if (have_wdl && have_penta && games < 2 * pairs)
            return usage_error("-wdl counts fewer games than the -penta pairs hold");
        s.wdl[STATS_WIN] = wdl[0];
        s.wdl[STATS_DRAW] = wdl[1];
        s.wdl[STATS_LOSS] = wdl[2];
        memcpy(s.penta, penta, sizeof penta);
        s.unpaired = have_wdl ? games - 2 * pairs : 0;
        if (games + pairs == 0) return usage_error("all counts are zero");
    } else {
        const char *files1[1] = {results};
        const char **files = results ? files1 : merge;
        int nfiles = results ? 1 : nmerge;
        char side[256] = "";
        if (engine)
            snprintf(side, sizeof side, "%s", engine);
        long n = stats_read_results_vs(&s, files, nfiles, side, opponent, side, sizeof side, err,
                                       sizeof err);
        if (n < 0)
            return die(err);
        if (stats_games(&s) == 0) {
            char msg[800];
            /* Name the opponent when it is the name that matches no game. */
            Stats o;
            stats_init(&o);
            if (opponent
                && stats_read_results_vs(&o, files, nfiles, opponent, NULL, NULL, 0, NULL, 0) >= 0
                && stats_games(&o) == 0) {
                snprintf(msg, sizeof msg,
                         "no finished games of opponent '%.200s' (check the "
                         "name against the white= and black= fields)",
                         opponent);
                return die(msg);
            }
            /* No -engine: the counted engine is white of the first game,
             * which may be the opponent named. */
            if (!engine && opponent && strcmp(side, opponent) == 0) {
                snprintf(msg, sizeof msg,
                         "no finished games to count: '%.150s' is the engine counted (white of "
                         "the first game, as no -engine is given), not an opponent of itself: "
                         "give -engine NAME to count NAME against '%.150s'",
                         side, opponent);
                return die(msg);
            }
            if (!engine)
                return die("no finished games to count");
            snprintf(msg, sizeof msg,
                     "no finished games of engine '%.200s'%s%.100s%s (check the "
                     "name against the white= and black= fields)",
                     engine, opponent ? " against '" : "", opponent ? opponent : "",
                     opponent ? "'" : "");
            return die(msg);
        }
        print_name("Engine", side);
        if (opponent) print_name("Opponent", opponent);
        if (nfiles > 1)
            printf("Files merged: %d\n", nfiles);
    }
    size_t need = stats_format_report(NULL, 0, &s, use_sprt ? &sp : NULL);
    char *buf = malloc(need + 1);
    if (!buf)
        return die("out of memory");
    stats_format_report(buf, need + 1, &s, use_sprt ? &sp : NULL);
    fputs(buf, stdout);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    outstream_check_stdout("dablo-stats"); /* a failed write to stdout: exit 1 */
    const char **merge = calloc((size_t)argc + 1, sizeof *merge);
    if (!merge)
        return die("out of memory");
    int rc = run(argc, argv, merge);
    free(merge);
    return rc;
}
