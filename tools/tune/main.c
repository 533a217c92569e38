/*
 * main.c - dablo-tune: training positions from self-play and the fit of
 * the evaluation's weights to them (docs/tuning.md).
 *
 *   dablo-tune gen   -variant V -out FILE [-openings F] [-random-plies N] [-nodes LIST]
 *                    [-games N] [-seed S] [-shard I/N] [-max-plies N] [-trade-bonus N]
 *   dablo-tune merge -out FILE DATA...
 *   dablo-tune fit   -variant V [-out FILE] [-lambda L] [-rounds R] [-iterations N]
 *                    [-rate X] [-l2 X] [-valid P] [-seed S] [-fix LIST] DATA...
 *   dablo-tune weights
 *
 * Every error is one line on stderr; exit status 0 ok, 2 bad usage or
 * input (a malformed data file names its line), 1 a failure while running.
 * SIGPIPE is ignored (util/outstream.h): a closed standard output (the
 * report of gen, merge and fit) never stops the file they write.
 */
#define _XOPEN_SOURCE 700 /* realpath() */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "datagen.h"
#include "fit.h"
#include "newfile.h"
#include "rules/version.h"
#include "search/output.h"
#include "search/search.h"
#include "util/outstream.h"
#include "weights_out.h"

static const char usage[] =
    /* One line a form: help2man reads only "Usage:" and "or:" lines as the synopsis. */
    "Usage: dablo-tune gen -variant V -out FILE [-openings F] [-random-plies N] [-nodes LIST] "
    "[-games N] [-seed S] [-shard I/N] [-max-plies N] [-trade-bonus N]\n"
    "  or:  dablo-tune merge -out FILE DATA...\n"
    "  or:  dablo-tune fit -variant V [-out FILE] [-lambda L] [-rounds R] [-iterations N] "
    "[-rate X] [-l2 X] [-valid P] [-seed S] [-fix LIST] DATA...\n"
    "  or:  dablo-tune weights\n"
    "  or:  dablo-tune --help | --version\n"
    "\n"
    "Tunes the evaluation of dablo, the engine for Dablot Prejjesne and Permainan-Tabal,\n"
    "by Texel's method.  gen plays the engine against itself and writes the quiet positions\n"
    "of its games with their results and search scores, one a line; merge joins data files\n"
    "and drops repeated positions; fit fits the evaluation's weights of one table to data\n"
    "files (logistic regression on the game results) and writes them as the C source the\n"
    "engine compiles in; weights prints that source for the weights built in.  Every error\n"
    "is one line on standard error; exit status 2 means bad usage or input, 1 a failure\n"
    "while running.  docs/tuning.md describes the data format and the method.\n"
    "\n"
    "Options:\n"
    "  -variant V        gen: the game to play: tabal, dablot:classic, dablot:modern or\n"
    "                    dablot:anti-draw (-game V: the same option, its old name);\n"
    "                    fit: the table to fit: dablot (Dablot, captures optional),\n"
    "                    dablot-compulsory (the compulsory presets modern and anti-draw)\n"
    "                    or tabal\n"
    "  -out FILE         gen, merge: the data file to write (must not exist);\n"
    "                    fit: the weights source to write or replace (e.g.\n"
    "                    src/search/eval_weights.c; no other existing file)\n"
    "  -openings F       gen: a FEN file (one a line); a game starts from one of its lines\n"
    "                    (default: the start position)\n"
    "  -random-plies N   gen: 0..N random legal plies after the opening, 0..40 (default 4)\n"
    "  -nodes LIST       gen: node budgets a move, comma-separated; each side of a game\n"
    "                    takes one at random (default 1000,3000,10000)\n"
    "  -games N          gen: games of the whole run, all shards (default 100)\n"
    "  -seed S           gen: the run's seed; fit: the validation split's (default 1)\n"
    "  -shard I/N        gen: play only the games g with g mod N = I - 1 (default 1/1)\n"
    "  -max-plies N      gen: drop a game still going after N plies (default 1000)\n"
    "  -trade-bonus N    gen: the engine's TradeBonus option, 0..1000 (default 0); the\n"
    "                    score recorded leaves out the share of the position searched;\n"
    "                    above 0 for dablot:classic only (captures optional)\n"
    "  -lambda L         fit: weight of the result in the target, 0..1; the rest is the\n"
    "                    search score (default 1)\n"
    "  -rounds R         fit: linearisations of the evaluation, 1..20 (default 3)\n"
    "  -iterations N     fit: gradient steps a round, 1..100000 (default 300)\n"
    "  -rate X           fit: step size in hundredths of a man (default 1)\n"
    "  -l2 X             fit: pull toward the start weights (default 1e-7)\n"
    "  -valid P          fit: percent of positions kept for validation, 0..50 (default 10)\n"
    "  -fix LIST         fit: keep the weights whose names start with one of these\n"
    "                    comma-separated prefixes (e.g. mopup_,tempo)\n"
    "  -h, --help        print this help and exit\n"
    "  --version         print \"dablo-tune VERSION\" and exit\n";
/* The usage above spells out -trade-bonus's range: it changes with the limit. */
_Static_assert(TRADE_BONUS_MAX == 1000, "usage says -trade-bonus 0..1000");

/* One error line on stderr, "dablo-tune: " and the message with every
 * control byte and invalid UTF-8 shown as '?' (output_stderr): a message
 * may quote a bad argument or a line of a data file. */
#define say_error(...) output_stderr("dablo-tune", __VA_ARGS__)

static int bad(const char *fmt, const char *a, const char *b)
{
    say_error(fmt, a, b);
    return 2;
}

/* A decimal integer in lo..hi, the whole of s (no blank before it, which
 * strtoll would skip). */
static int parse_ll(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    if (!isdigit((unsigned char)s[0]) && s[0] != '-') return -1;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

static int parse_double(const char *s, double lo, double hi, double *out)
{
    char *end;
    if (isspace((unsigned char)s[0])) return -1;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !(v >= lo && v <= hi)) return -1;
    *out = v;
    return 0;
}

/* Whether the option argv[i] appeared before it among the options
 * argv[from], argv[from + 2], ... (each with its value): an option given
 * twice is refused, never last-one-wins.  0, or 2 after the error line. */
static int check_once(char **argv, int from, int i)
{
    for (int j = from; j < i; j += 2)
        if (!strcmp(argv[j], argv[i])) return bad("%s given twice%s", argv[i], "");
    return 0;
}

/* -out FILE given: no empty name, refused before any work (gen would
 * otherwise play every game, fit run to its end, before the write fails).
 * 0, or 2 after the error line. */
static int check_out_name(const char *out)
{
    return out && !*out ? bad("-out: an empty file name%s%s", "", "") : 0;
}

/* -out PATH that exists: a folder or anything but a regular file (a
 * device, a FIFO) is refused by name, never "exists: remove it" (advice
 * for /dev/null that is dangerous as root).  0, or 2 after the error line. */
static int check_out_kind(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) return 0;
    if (S_ISDIR(st.st_mode)) return bad("-out %s: is a folder%s", path, "");
    if (!S_ISREG(st.st_mode)) return bad("-out %s: not a regular file%s", path, "");
    return 0;
}

/* Whether o asks for the usage (-h, --help), anywhere among the options. */
static bool is_help(const char *o)
{
    return !strcmp(o, "-h") || !strcmp(o, "--help");
}

/* The checks each option argv[i] of gen and fit (command cmd) starts
 * with: -h or --help prints the usage (0); an option given last, without
 * its value, is named as needing one when it is in the NULL-ended list
 * options, else as unknown (the option chain of the caller names an
 * unknown option that has a value); an option given twice is refused (2,
 * after the error line).  -1: the caller reads the option's value. */
static int option_start(const char *cmd, int argc, char **argv, int i, const char *const *options)
{
    const char *o = argv[i];
    if (is_help(o)) {
        fputs(usage, stdout);
        return 0;
    }
    if (i + 1 >= argc) {
        for (; *options; options++)
            if (!strcmp(o, *options)) return bad("%s: needs a value%s", o, "");
        return bad("%s: unknown option '%s'", cmd, o);
    }
    return check_once(argv, 2, i) ? 2 : -1;
}

/* The first argument of argv[from..] that starts with '-': an option
 * after the data files, which would otherwise be read as a file name.
 * 0, or 2 after the error line. */
static int check_no_late_option(int argc, char **argv, int from)
{
    for (int i = from; i < argc; i++)
        if (argv[i][0] == '-') return bad("options come before the data files: %s%s", argv[i], "");
    return 0;
}

/* Starts the new file path (newfile.h: refuses one that exists, so no
 * data is ever overwritten; written whole or not at all, also when the
 * run is interrupted).  0, or 2 after the error line. */
static int open_new(NewFile *nf, const char *path)
{
    char err[4200];
    if (newfile_open(nf, path, err, sizeof err) == 0) return 0;
    say_error("%s", err);
    return 2;
}

/* Puts the new file in place; 0, or 1 after the error line. */
static int commit_new(NewFile *nf)
{
    char err[4200];
    if (newfile_commit(nf, err, sizeof err) == 0) return 0;
    say_error("%s", err);
    return 1;
}

/* -nodes LIST: 1..DATAGEN_MAX_BUDGETS node budgets, comma-separated, each
 * 1..10^9.  0, or 2 after the error line, which names the bad item (an
 * empty one is two commas, or one at an end). */
static int parse_nodes(const char *s, DatagenSpec *g)
{
    int n = 0;
    for (const char *p = s;; p++) {
        size_t len = strcspn(p, ",");
        char item[64];
        long long v;
        snprintf(item, sizeof item, "%.*s", (int)len, p);
        if (len == 0)
            return bad("-nodes %s: an empty item (two commas, or one at an end)%s", s, "");
        if (len >= sizeof item || parse_ll(item, 1, 1000000000, &v) != 0)
            return bad("-nodes %s: '%s': expected an integer in 1..1000000000", s, item);
        if (n == DATAGEN_MAX_BUDGETS)
            return bad("-nodes %s: more than 16 budgets (from '%s' on)", s, item);
        g->nodes[n++] = (uint64_t)v;
        p += len;
        if (!*p) break;
    }
    g->nbudgets = n;
    return 0;
}

static int cmd_gen(int argc, char **argv)
{
    DatagenSpec g = { .random_plies = 4,
                      .nodes = { 1000, 3000, 10000 },
                      .nbudgets = 3,
                      .games = 100,
                      .seed = 1,
                      .shard = 1,
                      .nshards = 1,
                      .max_plies = 1000 };
    static const char *const options[] = { "-variant",   "-game",         "-out",
                                           "-openings",  "-random-plies", "-nodes",
                                           "-games",     "-seed",         "-shard",
                                           "-max-plies", "-trade-bonus",  NULL };
    const char *out = NULL, *trade_bonus = NULL;
    int have_game = 0;
    for (int i = 2; i < argc; i += 2) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long long n;
        if (o[0] != '-') return bad("gen: unexpected argument '%s'%s", o, "");
        int rc = option_start("gen", argc, argv, i, options);
        if (rc >= 0) return rc;
        if (!strcmp(o, "-variant") || !strcmp(o, "-game")) {
            /* -game is -variant's old name: one option, given once. */
            if (have_game)
                return bad("%s given twice (-variant and -game are one option)%s", o, "");
            if (tune_game_parse(v, &g.game) != 0)
                return bad(
                    "%s %s: not one of tabal, dablot:classic, dablot:modern, dablot:anti-draw", o,
                    v);
            have_game = 1;
        } else if (!strcmp(o, "-out")) {
            out = v;
        } else if (!strcmp(o, "-openings")) {
            g.openings = v;
        } else if (!strcmp(o, "-random-plies")) {
            if (parse_ll(v, 0, 40, &n))
                return bad("-random-plies %s: expected an integer in 0..40%s", v, "");
            g.random_plies = (int)n;
        } else if (!strcmp(o, "-nodes")) {
            if (parse_nodes(v, &g)) return 2;
        } else if (!strcmp(o, "-games")) {
            if (parse_ll(v, 1, 100000000, &n))
                return bad("-games %s: expected an integer in 1..100000000%s", v, "");
            g.games = n;
        } else if (!strcmp(o, "-seed")) {
            if (parse_ll(v, 0, INT64_MAX, &n))
                return bad("-seed %s: expected an integer >= 0%s", v, "");
            g.seed = (uint64_t)n;
        } else if (!strcmp(o, "-shard")) {
            int a, b, used = 0;
            if (sscanf(v, "%d/%d%n", &a, &b, &used) != 2 || v[used] || b < 1 || a < 1 || a > b)
                return bad("-shard %s: not I/N with 1 <= I <= N%s", v, "");
            g.shard = a;
            g.nshards = b;
        } else if (!strcmp(o, "-max-plies")) {
            if (parse_ll(v, 1, 100000, &n))
                return bad("-max-plies %s: expected an integer in 1..100000%s", v, "");
            g.max_plies = (int)n;
        } else if (!strcmp(o, "-trade-bonus")) {
            if (parse_ll(v, 0, TRADE_BONUS_MAX, &n)) {
                char range[32];
                snprintf(range, sizeof range, "0..%d", TRADE_BONUS_MAX);
                return bad("-trade-bonus %s: expected an integer in %s (TradeBonus)", v, range);
            }
            g.trade_bonus = (int)n;
            trade_bonus = v;
        } else {
            return bad("gen: unknown option '%s'%s", o, "");
        }
    }
    if (!have_game)
        return bad("gen: give the game (-variant tabal, dablot:classic, ...)%s%s", "", "");
    if (!out) return bad("gen: give the data file to write (-out FILE)%s%s", "", "");
    Rules rules = tune_game_rules(g.game);
    if (g.trade_bonus > 0 && !search_trade_bonus_applies(&rules))
        return bad("-trade-bonus %s: TradeBonus applies to dablot:classic only (Dablot under "
                   "optional captures)%s",
                   trade_bonus, "");
    /* A shard with no game (-games below its number) could record
     * nothing: refused before any work. */
    if (g.shard > g.games) {
        char shard[32], games[32];
        snprintf(shard, sizeof shard, "%d/%d", g.shard, g.nshards);
        snprintf(games, sizeof games, "%lld", (long long)g.games);
        return bad("-shard %s: no game to play with -games %s (the shard plays the games g "
                   "with g mod N = I - 1, counted from 0)",
                   shard, games);
    }
    if (check_out_name(out) || check_out_kind(out)) return 2;
    NewFile nf;
    if (open_new(&nf, out)) return 2;
    g.out_name = out;
    DatagenStats st;
    char err[400];
    if (datagen_run(&g, nf.f, &st, err, sizeof err) != 0) {
        /* A failed run leaves no file, so the same command can be run again. */
        newfile_abandon(&nf);
        say_error("%s", err);
        return g.openings && strstr(err, g.openings) ? 2 : 1;
    }
    if (st.positions == 0) {
        /* A run that recorded nothing failed (every game dropped at
         * -max-plies, ...): it leaves no file, as after Ctrl-C, so the
         * same command can be run again once changed. */
        newfile_abandon(&nf);
        char why[300];
        if (st.games == 0)
            snprintf(why, sizeof why, "all %lld game%s dropped, still going after -max-plies %d",
                     (long long)st.dropped, st.dropped == 1 ? "" : "s", g.max_plies);
        else
            snprintf(why, sizeof why,
                     "%lld game%s played to the end, %lld dropped; %lld repeated and %lld with a "
                     "capture pending left out",
                     (long long)st.games, st.games == 1 ? "" : "s", (long long)st.dropped,
                     (long long)st.duplicates, (long long)st.loud);
        say_error("no position recorded (%s): %s not written", why, out);
        return 1;
    }
    if (commit_new(&nf)) return 1;
    printf("%s: %lld game%s (1-0 %lld, 1/2 %lld, 0-1 %lld; %lld dropped), %lld position%s "
           "(%lld repeated, %lld with a capture pending left out)\n",
           out, (long long)st.games, st.games == 1 ? "" : "s", (long long)st.results[2],
           (long long)st.results[1], (long long)st.results[0], (long long)st.dropped,
           (long long)st.positions, st.positions == 1 ? "" : "s", (long long)st.duplicates,
           (long long)st.loud);
    return 0;
}

/* Reads every data file of argv[first..]; 0, or 2 after the error line.
 * A file's last line cut short (no newline) is left out with a warning
 * line, as dablo-stats leaves out such a line of a results file: the
 * records before it are whole, the line itself may not be. */
static int read_all(TuneData *d, int argc, char **argv, int first)
{
    for (int i = first; i < argc; i++) {
        char err[600];
        int rc = tune_data_read(d, argv[i], err, sizeof err);
        if (rc > 0) {
            say_error("warning: %s: left out", err);
        } else if (rc != 0) {
            say_error("%s", err);
            return 2;
        }
    }
    return 0;
}

static int cmd_merge(int argc, char **argv)
{
    const char *out = NULL;
    int first = 2;
    for (; first < argc && argv[first][0] == '-'; first += 2) {
        if (is_help(argv[first])) {
            fputs(usage, stdout);
            return 0;
        }
        if (strcmp(argv[first], "-out"))
            return bad("merge: unknown option '%s'%s", argv[first], "");
        if (first + 1 >= argc) return bad("%s: needs a value%s", argv[first], "");
        if (check_once(argv, 2, first)) return 2;
        out = argv[first + 1];
    }
    if (check_no_late_option(argc, argv, first)) return 2;
    if (!out) return bad("merge: give the data file to write (-out FILE) first%s%s", "", "");
    if (check_out_name(out) || check_out_kind(out)) return 2;
    if (first >= argc) return bad("merge: give the data files to merge%s%s", "", "");
    TuneData d = { 0 };
    int rc = read_all(&d, argc, argv, first);
    if (rc == 0 && d.n == 0) {
        /* As gen: a data file with no position is no data (fit refuses it). */
        say_error("no position in the %d file%s to merge: %s not written", argc - first,
                  argc - first == 1 ? "" : "s", out);
        rc = 1;
    } else if (rc == 0) {
        size_t dup = tune_data_dedupe(&d);
        NewFile nf;
        rc = open_new(&nf, out);
        int e = 0;
        for (size_t i = 0; i < d.n && rc == 0; i++) {
            if (tune_record_write(nf.f, &d.v[i]) != 0) {
                e = outstream_cause(nf.f);
                rc = 1;
            }
        }
        if (rc == 1) {
            newfile_abandon(&nf); /* as in gen */
            say_error("cannot write %s: %s", out, strerror(e));
        } else if (rc == 0 && (rc = commit_new(&nf)) == 0) {
            printf("%s: %zu position%s from %d file%s (%zu repeated left out)\n", out, d.n,
                   d.n == 1 ? "" : "s", argc - first, argc - first == 1 ? "" : "s", dup);
        }
    }
    tune_data_free(&d);
    return rc;
}

/* Writes the weights source to path through a temporary file renamed at
 * the end (newfile_open_replace()), so a failed or interrupted write
 * leaves the old file whole and no temporary file. */
static int write_weights(const char *path, const EvalWeights w[EVAL_TABLE_NB],
                         const char *const origin[EVAL_TABLE_NB])
{
    NewFile nf;
    char err[4200];
    if (newfile_open_replace(&nf, path, err, sizeof err) != 0) {
        say_error("%s", err);
        return 1;
    }
    if (weights_write(nf.f, w, origin) != 0) {
        int e = outstream_cause(nf.f);
        newfile_abandon(&nf);
        say_error("cannot write %s: %s", path, strerror(e));
        return 1;
    }
    return commit_new(&nf);
}

/* Whether the existing file path starts as weights_write() starts its
 * output (the line naming dablo-tune within its first 512 bytes): fit
 * replaces such a file (make tune rewrites src/search/eval_weights.c) and
 * no other, so a slip of -out cannot overwrite data. */
static bool is_weights_source(const char *path)
{
    char head[513];
    FILE *f = fopen(path, "r");
    if (!f) return false;
    size_t n = fread(head, 1, sizeof head - 1, f);
    fclose(f);
    head[n] = '\0';
    return strstr(head, WEIGHTS_SOURCE_MARK) != NULL;
}

/* fit -out PATH, before any work: the file write_weights() can write.  Its
 * folder exists and is writable (the temporary file and the rename go
 * there), PATH is no folder or device, and no data file of argv[first..]
 * is the same file.  0, or 2 after the error line. */
static int check_fit_out(const char *path, int argc, char **argv, int first)
{
    /* A symbolic link is replaced in its target's folder, and one whose
     * target does not exist yet creates it there (newfile.h); a link
     * loop names no file. */
    struct stat lst;
    char *real = newfile_target(path);
    int link_err = errno;
    if (!real && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
        return bad("-out %s: a symbolic link that names no file (%s)", path,
                   newfile_link_fault(link_err));
    const char *at = real ? real : path, *slash = strrchr(at, '/');
    char dir[4096];
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - at) + (slash == at) : 1,
             slash ? at : ".");
    free(real);
    struct stat st, in;
    if (stat(dir, &st) != 0) return bad("-out %s: the folder %s does not exist", path, dir);
    if (!S_ISDIR(st.st_mode)) return bad("-out %s: %s is not a folder", path, dir);
    if (access(dir, W_OK | X_OK) != 0)
        return bad("-out %s: the folder %s is not writable", path, dir);
    if (stat(path, &st) != 0) return 0;
    if (check_out_kind(path)) return 2;
    for (int i = first; i < argc; i++)
        if (stat(argv[i], &in) == 0 && in.st_dev == st.st_dev && in.st_ino == st.st_ino)
            return bad("-out %s: the same file as the data file %s", path, argv[i]);
    if (!is_weights_source(path))
        return bad("-out %s: exists and is not a weights source written by dablo-tune "
                   "(remove it or choose another name)%s",
                   path, "");
    return 0;
}

static void free_origins(char *origin[EVAL_TABLE_NB])
{
    for (int v = 0; v < EVAL_TABLE_NB; v++)
        free(origin[v]);
}

/* The tables fit -out path starts from, before any work: the built-in
 * ones when path does not exist, else the file's own tables and origin
 * lines (weights_read(); a file it cannot read is refused with
 * "PATH:LINE: ..."), so a fit of one table never puts the built-in tables
 * in place of the others the file holds.  The fit starts from the
 * built-in table t all the same (the search and evaluation linked in), so
 * a file whose table t differs gets a warning on stderr.  origin[v] are
 * NULL or malloc'd (free_origins()).  0, or 2 after the error line. */
static int read_kept_tables(const char *path, EvalTable t, EvalWeights w[EVAL_TABLE_NB],
                            char *origin[EVAL_TABLE_NB])
{
    struct stat st;
    memcpy(w, eval_default_weights, sizeof(EvalWeights) * EVAL_TABLE_NB);
    if (stat(path, &st) != 0) return 0;
    char err[600];
    if (weights_read(path, w, origin, err, sizeof err) != 0) {
        say_error("%s", err);
        return 2;
    }
    if (memcmp(&w[t], &eval_default_weights[t], sizeof w[t]) != 0)
        say_error("warning: -out %s: its %s table is not the one built in; the fit starts from "
                  "the built-in table and replaces the file's (build dablo-tune with this file "
                  "as src/search/eval_weights.c first to fit on from it, as make tune does)",
                  path, eval_table_name(t));
    return 0;
}

static int cmd_fit(int argc, char **argv)
{
    static const char *const options[] = { "-variant",    "-out",  "-lambda", "-rounds",
                                           "-iterations", "-rate", "-l2",     "-valid",
                                           "-seed",       "-fix",  NULL };
    FitSpec spec = fit_defaults(EVAL_TABLE_DABLOT);
    spec.warn = stderr;
    const char *out = NULL;
    int have_variant = 0, first = 2;
    for (; first < argc && argv[first][0] == '-'; first += 2) {
        const char *o = argv[first], *v = first + 1 < argc ? argv[first + 1] : NULL;
        long long n;
        int rc = option_start("fit", argc, argv, first, options);
        if (rc >= 0) return rc;
        if (!strcmp(o, "-variant")) {
            int t = eval_table_from_name(v);
            if (t < 0) return bad("-variant %s: not dablot, dablot-compulsory or tabal%s", v, "");
            spec.table = (EvalTable)t;
            have_variant = 1;
        } else if (!strcmp(o, "-out")) {
            out = v;
        } else if (!strcmp(o, "-lambda")) {
            if (parse_double(v, 0, 1, &spec.lambda))
                return bad("-lambda %s: expected a number in 0..1%s", v, "");
        } else if (!strcmp(o, "-rounds")) {
            if (parse_ll(v, 1, 20, &n))
                return bad("-rounds %s: expected an integer in 1..20%s", v, "");
            spec.rounds = (int)n;
        } else if (!strcmp(o, "-iterations")) {
            if (parse_ll(v, 1, 100000, &n))
                return bad("-iterations %s: expected an integer in 1..100000%s", v, "");
            spec.iterations = (int)n;
        } else if (!strcmp(o, "-rate")) {
            if (parse_double(v, 1e-6, 1000, &spec.rate))
                return bad("-rate %s: expected a number in 1e-6..1000%s", v, "");
        } else if (!strcmp(o, "-l2")) {
            if (parse_double(v, 0, 1, &spec.l2))
                return bad("-l2 %s: expected a number in 0..1%s", v, "");
        } else if (!strcmp(o, "-valid")) {
            if (parse_ll(v, 0, 50, &n))
                return bad("-valid %s: expected an integer in 0..50%s", v, "");
            spec.valid_percent = (int)n;
        } else if (!strcmp(o, "-seed")) {
            if (parse_ll(v, 0, INT64_MAX, &n))
                return bad("-seed %s: expected an integer >= 0%s", v, "");
            spec.seed = (uint64_t)n;
        } else if (!strcmp(o, "-fix")) {
            spec.fixed = v;
        } else {
            return bad("fit: unknown option '%s'%s", o, "");
        }
    }
    if (check_no_late_option(argc, argv, first)) return 2;
    if (!have_variant)
        return bad("fit: give the table to fit (-variant dablot, dablot-compulsory or tabal)%s%s",
                   "", "");
    if (check_out_name(out)) return 2;
    if (first >= argc) return bad("fit: give the data files%s%s", "", "");
    char err[400];
    if (fit_check_fixed(spec.fixed, spec.table, err, sizeof err) != 0) return bad("%s%s", err, "");
    if (out && check_fit_out(out, argc, argv, first)) return 2;
    /* The tables the file keeps: an -out that exists (a weights source,
     * check_fit_out()) keeps its other tables and their origins; a new
     * one gets the tables built in. */
    EvalWeights w[EVAL_TABLE_NB];
    char *kept[EVAL_TABLE_NB] = { 0 };
    if (out && read_kept_tables(out, spec.table, w, kept)) return 2;
    TuneData d = { 0 };
    int rc = read_all(&d, argc, argv, first);
    if (rc) {
        tune_data_free(&d);
        free_origins(kept);
        return rc;
    }
    size_t dup = tune_data_dedupe(&d);
    FitReport rep;
    if (fit_run(&d, &spec, &eval_default_weights[spec.table], &w[spec.table], &rep, stdout, err,
                sizeof err)
        != 0) {
        say_error("%s", err);
        tune_data_free(&d);
        free_origins(kept);
        return 2;
    }
    size_t npos = rep.ntrain + rep.nvalid;
    /* No validation positions (-valid 0, a tiny file): said so, never a
     * loss of 0 that would look like a perfect fit. */
    char valid[80];
    if (rep.nvalid)
        snprintf(valid, sizeof valid, "validation %.6f -> %.6f", rep.valid_before, rep.valid_after);
    else
        snprintf(valid, sizeof valid, "no validation set");
    printf("fit: %zu position%s (%zu repeated left out), %d weight%s, K %.6f; log loss %.6f -> "
           "%.6f, %s\n",
           npos, npos == 1 ? "" : "s", dup, rep.nweights, rep.nweights == 1 ? "" : "s", rep.k,
           rep.train_before, rep.train_after, valid);
    if (rep.k_bound) {
        fflush(stdout);
        say_error("warning: K %.6f is at the %s end of its range %g..%g: the results do not place "
                  "it (too few games, one-sided, or against the evaluation), so the weights are "
                  "not to be trusted",
                  rep.k, rep.k_bound < 0 ? "low" : "high", FIT_K_MIN, FIT_K_MAX);
    }
    if (rep.nvalid && rep.valid_after > rep.valid_before) {
        fflush(stdout);
        say_error("warning: validation loss rose %.6f -> %.6f: the data is too small or the fit "
                  "over-fits",
                  rep.valid_before, rep.valid_after);
    }
    for (int i = 0; i < EVAL_WEIGHT_NB; i++) {
        int a = eval_weight_get(&eval_default_weights[spec.table], i),
            b = eval_weight_get(&w[spec.table], i);
        if (a == b) continue;
        char name[64];
        eval_weight_name(i, name, sizeof name);
        printf("  %-24s %5d -> %5d\n", name, a, b);
    }
    if (out) {
        char line[700];
        /* The held weights belong to how the table was made, so the origin
         * names them (fit_check_fixed() allowed only weight-name characters). */
        snprintf(line, sizeof line,
                 "dablo-tune fit -lambda %g -rounds %d -iterations %d -rate %g -l2 %g -valid %d "
                 "-seed %llu%s%s: %zu position%s, K %.6f, log loss %.6f -> %.6f (%s)",
                 spec.lambda, spec.rounds, spec.iterations, spec.rate, spec.l2, spec.valid_percent,
                 (unsigned long long)spec.seed, spec.fixed ? " -fix " : "",
                 spec.fixed ? spec.fixed : "", npos, npos == 1 ? "" : "s", rep.k, rep.train_before,
                 rep.train_after, valid);
        const char *origin[EVAL_TABLE_NB];
        for (int v = 0; v < EVAL_TABLE_NB; v++)
            origin[v] = v == (int)spec.table ? line : kept[v] ? kept[v] : eval_weights_origin[v];
        rc = write_weights(out, w, origin);
        if (rc == 0) printf("wrote %s\n", out);
    }
    tune_data_free(&d);
    free_origins(kept);
    return rc;
}

int main(int argc, char **argv)
{
    outstream_check_stdout("dablo-tune"); /* a failed write to stdout: exit 1 */
    if (argc < 2) {
        say_error("give a command: gen, merge, fit or weights (--help)");
        return 2;
    }
    const char *cmd = argv[1];
    newfile_catch_signals("dablo-tune");
    if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")) {
        fputs(usage, stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version")) {
        printf("dablo-tune %s\n", DABLO_VERSION);
        return 0;
    }
    /* gen, merge and fit make a file; their standard output is only a
     * report.  A closed pipe there (| head, | true) makes the writes fail
     * with EPIPE, unseen (SIGPIPE is ignored: outstream_check_stdout()),
     * so the file is made whole and the exit status is that of the file. */
    if (!strcmp(cmd, "gen")) return cmd_gen(argc, argv);
    if (!strcmp(cmd, "merge")) return cmd_merge(argc, argv);
    if (!strcmp(cmd, "fit")) return cmd_fit(argc, argv);
    if (!strcmp(cmd, "weights")) {
        if (argc > 2) return bad("weights: unexpected argument '%s'%s", argv[2], "");
        /* A failed write is reported at exit (outstream_check_stdout()),
         * a closed pipe not: the reader stopped reading. */
        weights_write(stdout, eval_default_weights, eval_weights_origin);
        return 0;
    }
    return bad("unknown command '%s' (gen, merge, fit, weights)%s", cmd, "");
}
