/*
 * cli.c - parsing the command line of dablo-match (see cli.h; the options
 * are documented in help.c).
 *
 * One handler an option, found by name in a table.  A handler gets the
 * option word and every word after it, and returns how many words it used
 * (the option and its values), or -1 with a reason.  After the options
 * come the checks that need all of them: the rules, the engines, the
 * match as a whole.
 */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "host/util.h"
#include "schedule.h"

/* What the parse keeps between options. */
typedef struct Parse {
    MatchConfig *c;
    GenSpec *g;
    OptionList rule_opts;     /* -rules and -option, in the order given */
    const char *variant;      /* -variant, or a -genopenings variant= */
    int gen;                  /* -genopenings was given */
    int games_given;          /* -games was given (else -repeat means 2) */
    unsigned long long given; /* the single-valued options given, a bit each (option_table) */
    char **each_words;        /* the settings of every -each so far (words of argv) */
    int n_each_words;
    unsigned adj_keys[2];     /* the keys given to -resign [0], -draw [1], a bit each */
    unsigned gen_keys;        /* the -genopenings keys given so far, a bit each (gen_setting) */
    char *err;
    size_t errlen;
} Parse;

static int fail(Parse *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(Parse *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err, p->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static int is_flag(const char *s)
{
    return s[0] == '-' && s[1] != '\0' && !(s[1] >= '0' && s[1] <= '9');
}

/* How many words after argv[0] are settings of it (up to the next option). */
static int settings(int argc, char *const argv[])
{
    int n = 0;
    while (n + 1 < argc && !is_flag(argv[n + 1])) n++;
    return n;
}

/* An option that takes one value: 0 when argv[1] is there and is not
 * itself an option (`-pgnout -quiet` forgot the file name; a file so
 * named is given as ./-quiet). */
static int need_value(Parse *p, int argc, char *const argv[])
{
    if (argc < 2) return fail(p, "%s needs a value", argv[0]);
    if (is_flag(argv[1]))
        return fail(p, "%s needs a value, not the option '%s' (a file of that name: ./%s)", argv[0],
                    argv[1], argv[1]);
    return 0;
}

/* A file argument, also accepted in fastchess's "file=F" form. */
static const char *file_arg(const char *v)
{
    return strncmp(v, "file=", 5) == 0 ? v + 5 : v;
}

/* Sets *dst to the file name v of option what ("-results", "-openings
 * file="); an empty one is refused by name, not opened as "".  0, or -1
 * with the reason. */
static int set_file(Parse *p, char **dst, const char *what, const char *v)
{
    if (!*v) return fail(p, "%s: empty value (a file name is needed)", what);
    util_set_string(dst, v);
    return 0;
}

/* Parses "key=value" into key/val buffers; returns 0 or -1. */
static int kv(const char *tok, char *key, size_t klen, const char **val)
{
    const char *eq = strchr(tok, '=');
    if (!eq || eq == tok) return -1;
    snprintf(key, klen, "%.*s", (int)(eq - tok), tok);
    *val = eq + 1;
    return 0;
}

/* Refuses a setting of w[0..n-1] (the key=value words of option a) whose
 * key an earlier one gave: the last would win in silence.  Keys compare
 * without case (option.NAME names an engine option, which ignores case);
 * -genopenings out= and file= are one key.  0, or -1 with the reason. */
static int repeated_keys(Parse *p, const char *a, int n, char *const w[])
{
    for (int k = 1; k < n; k++) {
        size_t lk = strcspn(w[k], "=");
        if (lk == 0 || w[k][lk] != '=') continue; /* not key=value: its parser says so */
        for (int j = 0; j < k; j++) {
            size_t lj = strcspn(w[j], "=");
            int out_file = (lj == 3 && lk == 4 && !strncmp(w[j], "out", 3)
                            && !strncmp(w[k], "file", 4))
                        || (lj == 4 && lk == 3 && !strncmp(w[j], "file", 4)
                            && !strncmp(w[k], "out", 3));
            if ((lj == lk && strncasecmp(w[j], w[k], lk) == 0) || (out_file && a[1] == 'g'))
                return fail(p, "%s: %.*s= is given twice ('%s', then '%s')", a, (int)lk, w[k], w[j],
                            w[k]);
        }
    }
    return 0;
}

/* ---- one handler an option ------------------------------------------------ */

/* -engine SETTINGS (a new engine) and -each SETTINGS (every engine). */
static int opt_engine(Parse *p, int argc, char *const argv[])
{
    MatchConfig *c = p->c;
    EngineSpec *s = &c->each;
    if (strcmp(argv[0], "-engine") == 0) {
        c->engines = util_xrealloc(c->engines, (size_t)(c->nengines + 1) * sizeof *c->engines);
        s = &c->engines[c->nengines++];
        memset(s, 0, sizeof *s);
    }
    int m = settings(argc, argv);
    if (s == &c->each) {
        /* -each may come again with more settings; a key an earlier -each
         * gave is refused as within one (the last would win in silence). */
        p->each_words = util_xrealloc(p->each_words,
                                      (size_t)(p->n_each_words + m) * sizeof *p->each_words);
        for (int k = 1; k <= m; k++)
            p->each_words[p->n_each_words++] = argv[k];
        if (repeated_keys(p, argv[0], p->n_each_words, p->each_words) < 0) return -1;
    } else if (repeated_keys(p, argv[0], m, argv + 1) < 0) {
        return -1;
    }
    int n = engine_spec_parse_args(s, argc - 1, argv + 1, p->err, p->errlen);
    if (n < 0) { /* which -engine: the settings' error alone does not say */
        char why[1024];
        snprintf(why, sizeof why, "%s", p->err);
        if (s == &c->each)
            snprintf(p->err, p->errlen, "-each: %s", why);
        else
            snprintf(p->err, p->errlen, "-engine %d: %s", c->nengines, why);
        return -1;
    }
    return n + 1;
}

static int opt_variant(Parse *p, int argc, char *const argv[])
{
    if (need_value(p, argc, argv) < 0) return -1;
    p->variant = argv[1];
    if (geometry_variant_from_name(p->variant) < 0) return fail(p, "unknown variant '%s' (dablot or tabal)", p->variant);
    return 2;
}

/* -rules PRESET and -option NAME=VALUE: rule options, checked at the end. */
static int opt_rule(Parse *p, int argc, char *const argv[])
{
    if (need_value(p, argc, argv) < 0) return -1;
    char key[128];
    const char *v;
    int preset = strcmp(argv[0], "-rules") == 0;
    if (preset) {
        snprintf(key, sizeof key, "Rules");
        v = argv[1];
    } else if (kv(argv[1], key, sizeof key, &v) < 0) {
        return fail(p, "-option needs NAME=VALUE, not '%s'", argv[1]);
    }
    /* A rule option comes once (-rules and -option Rules= alike); one named
     * again (any case, as the rules read names) would win in silence. */
    for (int k = 0; k < p->rule_opts.n; k++)
        if (strcasecmp(p->rule_opts.v[k].name, key) == 0)
            return fail(p, "%s: %s= is given twice ('%s=%s', then '%s%s')", argv[0], key,
                        p->rule_opts.v[k].name, p->rule_opts.v[k].value, preset ? "-rules " : "",
                        argv[1]);
    engine_spec_option_add(&p->rule_opts, key, v);
    return 2;
}

/* -games -rounds -concurrency -maxmoves N. */
static int opt_count(Parse *p, int argc, char *const argv[])
{
    const char *a = argv[0];
    int64_t n;
    if (need_value(p, argc, argv) < 0) return -1;
    if (util_parse_int64(argv[1], a[1] == 'm' ? 0 : 1, a[1] == 'c' ? 256 : 100000000, &n) < 0)
        return fail(p, "%s needs a %s, not '%s'", a,
                    a[1] == 'c'   ? "positive integer up to 256"
                    : a[1] == 'm' ? "whole number of moves, 0 (no limit) to 100000000"
                                  : "positive integer up to 100000000",
                    argv[1]);
    if (a[1] == 'g') {
        p->c->games = (int)n;
        p->games_given = 1;
    } else if (a[1] == 'r')
        p->c->rounds = (int)n;
    else if (a[1] == 'c') p->c->concurrency = (int)n;
    else p->c->adj.maxmoves = (int)n;
    return 2;
}

static int opt_repeat(Parse *p, int argc, char *const argv[])
{
    p->c->repeat = 1;
    return argc >= 2 && strcmp(argv[1], "2") == 0 ? 2 : 1;   /* cutechess's "-repeat 2" */
}

/* -gauntlet -recover -stallcredit -rebuild -quiet. */
static int opt_switch(Parse *p, int argc, char *const argv[])
{
    (void)argc;
    MatchConfig *c = p->c;
    const char *a = argv[0];
    if (strcmp(a, "-gauntlet") == 0) c->gauntlet = 1;
    else if (strcmp(a, "-recover") == 0) c->recover = 1;
    else if (strcmp(a, "-stallcredit") == 0) c->stall_credit = 1;
    else if (strcmp(a, "-rebuild") == 0)
        c->rebuild = 1;
    else c->quiet = 1;
    return 1;
}

/* One key=value of -openings. */
static int openings_setting(Parse *p, const char *tok)
{
    OpeningSpec *o = &p->c->openings;
    char key[128];
    const char *v;
    int64_t n;
    if (kv(tok, key, sizeof key, &v) < 0) return fail(p, "-openings setting '%s' is not key=value", tok);
    if (strcmp(key, "file") == 0) {
        if (set_file(p, &o->file, "-openings file=", v) < 0) return -1;
    } else if (strcmp(key, "format") == 0) {
        if (strcmp(v, "fen") == 0 || strcmp(v, "epd") == 0) o->format = OPENINGS_FEN;
        else if (strcmp(v, "moves") == 0) o->format = OPENINGS_MOVES;
        else return fail(p, "openings format must be fen or moves, not '%s'", v);
    } else if (strcmp(key, "order") == 0) {
        if (strcmp(v, "random") == 0) o->random = 1;
        else if (strcmp(v, "sequential") == 0) o->random = 0;
        else return fail(p, "openings order must be sequential or random, not '%s'", v);
    } else if (strcmp(key, "start") == 0) {
        if (util_parse_int64(v, 1, INT64_MAX / 4, &n) < 0)
            return fail(p, "openings start must be an integer from 1 to %lld, not '%s'",
                        (long long)(INT64_MAX / 4), v);
        o->start = n;
    } else if (strcmp(key, "srand") == 0) {
        if (util_parse_int64(v, 0, INT64_MAX, &n) < 0)
            return fail(p, "srand must be an integer from 0 to %lld, not '%s'",
                        (long long)INT64_MAX, v);
        p->c->seed = (uint64_t)n;
        p->c->seed_given = 1;
    } else {
        return fail(p, "unknown -openings setting '%s' (file format order start)", key);
    }
    return 0;
}

static int opt_openings(Parse *p, int argc, char *const argv[])
{
    int n = settings(argc, argv);
    if (repeated_keys(p, argv[0], n, argv + 1) < 0) return -1;
    for (int k = 1; k <= n; k++)
        if (openings_setting(p, argv[k]) < 0) return -1;
    if (!p->c->openings.file) return fail(p, "-openings needs file=FILE");
    return n + 1;
}

static int opt_srand(Parse *p, int argc, char *const argv[])
{
    if (need_value(p, argc, argv) < 0) return -1;
    char *end;
    errno = 0;
    p->c->seed = strtoull(argv[1], &end, 10);
    if (*end || !*argv[1] || argv[1][0] < '0' || argv[1][0] > '9' || errno == ERANGE)
        return fail(p, "-srand needs an integer from 0 to %llu, not '%s'",
                    (unsigned long long)UINT64_MAX, argv[1]);
    p->c->seed_given = 1;
    return 2;
}

/* The keys of -draw and -resign, a bit each in Parse.adj_keys, in the order
 * of adjudication_setting()'s table; movecount and score are needed
 * (movenumber and twosided have defaults). */
enum { ADJ_KEY_MOVECOUNT = 1u << 1, ADJ_KEY_SCORE = 1u << 2 };

/* One key=value of -draw (draw != 0) or -resign. */
static int adjudication_setting(Parse *p, const char *a, int draw, const char *tok)
{
    AdjudicationSpec *adj = &p->c->adj;
    char key[128];
    const char *v;
    int64_t n;
    if (kv(tok, key, sizeof key, &v) < 0) return fail(p, "%s setting '%s' is not key=value", a, tok);
    /* A key given twice (also as its short name, or in a second -draw) is refused. */
    static const char *const names[][2] = { { "movenumber", "number" },
                                            { "movecount", "count" },
                                            { "score", "score" },
                                            { "twosided", "twosided" } };
    for (int k = 0; k < 4; k++) {
        if (strcmp(key, names[k][0]) != 0 && strcmp(key, names[k][1]) != 0) continue;
        if (p->adj_keys[draw] & (1u << k)) return fail(p, "%s: %s= is given twice", a, names[k][0]);
        p->adj_keys[draw] |= 1u << k;
    }
    if (draw && (strcmp(key, "movenumber") == 0 || strcmp(key, "number") == 0)) {
        if (util_parse_int64(v, 0, 1000000, &n) < 0)
            return fail(p, "%s: movenumber must be 0..1000000, not '%s'", a, v);
        adj->draw_movenumber = (int)n;
    } else if (strcmp(key, "movecount") == 0 || strcmp(key, "count") == 0) {
        if (util_parse_int64(v, 1, 1000000, &n) < 0)
            return fail(p, "%s: movecount must be 1..1000000, not '%s'", a, v);
        if (draw) adj->draw_movecount = (int)n;
        else adj->resign_movecount = (int)n;
    } else if (strcmp(key, "score") == 0) {
        if (util_parse_int64(v, 0, 1000000, &n) < 0)
            return fail(p, "%s: score must be 0..1000000 cp, not '%s'", a, v);
        if (draw) adj->draw_score = n;
        else adj->resign_score = n;
    } else if (!draw && strcmp(key, "twosided") == 0) {
        if (strcmp(v, "true") == 0) adj->resign_twosided = 1;
        else if (strcmp(v, "false") == 0) adj->resign_twosided = 0;
        else
            return fail(p, "%s: twosided must be true or false, not '%s'", a, v);
    } else {
        return fail(p, "unknown %s setting '%s'", a, key);
    }
    return 0;
}

/* -draw SETTINGS and -resign SETTINGS. */
static int opt_adjudication(Parse *p, int argc, char *const argv[])
{
    int draw = strcmp(argv[0], "-draw") == 0;
    if (draw) p->c->adj.draw_on = 1;
    else p->c->adj.resign_on = 1;
    int n = settings(argc, argv);
    for (int k = 1; k <= n; k++)
        if (adjudication_setting(p, argv[0], draw, argv[k]) < 0) return -1;
    /* No silent threshold: "-resign movecount=3" alone would resign at 0 cp. */
    if (!(p->adj_keys[draw] & ADJ_KEY_MOVECOUNT))
        return fail(p, "%s needs movecount=M (the moves each engine must agree for)", argv[0]);
    if (!(p->adj_keys[draw] & ADJ_KEY_SCORE))
        return fail(p, "%s needs score=S (the threshold in cp)", argv[0]);
    return n + 1;
}

static int opt_tb(Parse *p, int argc, char *const argv[])
{
    if (need_value(p, argc, argv) < 0) return -1;
    if (!*argv[1]) return fail(p, "-tb: empty value (a folder of endgame tables is needed)");
    util_set_string(&p->c->tb_path, argv[1]);
    return 2;
}

static int opt_pgnout(Parse *p, int argc, char *const argv[])
{
    if (need_value(p, argc, argv) < 0) return -1;
    if (set_file(p, &p->c->pgnout, argv[0], file_arg(argv[1])) < 0) return -1;
    if (argc >= 3 && (strcmp(argv[2], "min") == 0 || strcmp(argv[2], "min=true") == 0)) {
        p->c->pgn_min = 1;
        return 3;
    }
    return 2;
}

/* -results FILE, -log FILE, -event TEXT, -resume FILE. */
static int opt_text(Parse *p, int argc, char *const argv[])
{
    MatchConfig *c = p->c;
    const char *a = argv[0];
    if (need_value(p, argc, argv) < 0) return -1;
    int rc = 0;
    if (strcmp(a, "-results") == 0)
        rc = set_file(p, &c->results, a, file_arg(argv[1]));
    else if (strcmp(a, "-log") == 0)
        rc = set_file(p, &c->logfile, a, file_arg(argv[1]));
    else if (strcmp(a, "-event") == 0) util_set_string(&c->event, argv[1]);
    else
        rc = set_file(p, &c->resume, a, argv[1]);
    return rc < 0 ? -1 : 2;
}

static int opt_shard(Parse *p, int argc, char *const argv[])
{
    if (need_value(p, argc, argv) < 0) return -1;
    int si, sn;
    char extra;
    if (sscanf(argv[1], "%d/%d%c", &si, &sn, &extra) != 2 || sn < 1 || si < 1 || si > sn)
        return fail(p, "-shard needs i/N with 1 <= i <= N, not '%s'", argv[1]);
    p->c->shard_i = si;
    p->c->shard_n = sn;
    return 2;
}

static int opt_sprt(Parse *p, int argc, char *const argv[])
{
    MatchConfig *c = p->c;
    c->sprt_on = 1;
    int n = settings(argc, argv);
    if (repeated_keys(p, argv[0], n, argv + 1) < 0) return -1;
    for (int k = 1; k <= n; k++)
        if (stats_sprt_parse(&c->sprt, argv[k], p->err, p->errlen) < 0) return -1;
    if (stats_sprt_check(&c->sprt, p->err, p->errlen) < 0) return -1;
    return n + 1;
}

/* -startup-ms -ucinewgame-ms -ping-ms -stop-ms -quit-ms MS (1..3600000);
 * -search-ms MS (0 = no bound, ..86400000, a day). */
static int opt_timeout(Parse *p, int argc, char *const argv[])
{
    MatchConfig *c = p->c;
    const char *a = argv[0];
    const int search = strcmp(a, "-search-ms") == 0;
    const int64_t lo = search ? 0 : 1, hi = search ? 86400000 : 3600000;
    int64_t n;
    if (need_value(p, argc, argv) < 0) return -1;
    if (util_parse_int64(argv[1], lo, hi, &n) < 0)
        return fail(p, "%s needs %lld..%lld ms, not '%s'", a, (long long)lo, (long long)hi,
                    argv[1]);
    if (search)
        c->search_ms = n;
    else if (strcmp(a, "-startup-ms") == 0)
        c->startup_ms = n;
    else if (strcmp(a, "-ucinewgame-ms") == 0) c->newgame_ms = n;
    else if (strcmp(a, "-ping-ms") == 0) c->ping_ms = n;
    else if (strcmp(a, "-stop-ms") == 0) c->stop_ms = n;
    else c->quit_ms = n;
    return 2;
}

/* One key=value setting of -genopenings. */
static int gen_setting(Parse *p, const char *tok)
{
    GenSpec *g = p->g;
    char key[128];
    const char *v;
    int64_t n;
    if (kv(tok, key, sizeof key, &v) < 0) return fail(p, "-genopenings setting '%s' is not key=value", tok);
    /* A key given twice, also in settings after other options, is refused
     * as -engine and -each refuse one: the last would win in silence. */
    static const char *const keys[] = { "plies",    "format", "out",    "depth",
                                        "maxscore", "srand",  "variant" };
    for (unsigned k = 0; k < sizeof keys / sizeof *keys; k++)
        if (strcmp(key, keys[k]) == 0 || (k == 2 && strcmp(key, "file") == 0)) {
            if (p->gen_keys & (1u << k)) return fail(p, "-genopenings: %s= is given twice", key);
            p->gen_keys |= 1u << k;
        }
    if (strcmp(key, "plies") == 0 && util_parse_int64(v, 1, 1000, &n) == 0) g->plies = (int)n;
    else if (strcmp(key, "format") == 0 && strcmp(v, "fen") == 0) g->format = OPENINGS_FEN;
    else if (strcmp(key, "format") == 0 && strcmp(v, "moves") == 0) g->format = OPENINGS_MOVES;
    else if (strcmp(key, "out") == 0 || strcmp(key, "file") == 0) {
        char what[160];
        snprintf(what, sizeof what, "-genopenings %s=", key);
        if (set_file(p, &g->out, what, v) < 0) return -1;
    } else if (strcmp(key, "depth") == 0 && util_parse_int64(v, 0, 8, &n) == 0)
        g->depth = (int)n;
    else if (strcmp(key, "maxscore") == 0 && util_parse_int64(v, 0, 100000, &n) == 0) g->maxscore = (int)n;
    else if (strcmp(key, "srand") == 0 && util_parse_int64(v, 0, INT64_MAX, &n) == 0) {
        p->c->seed = (uint64_t)n;
        p->c->seed_given = 1;
    } else if (strcmp(key, "variant") == 0 && geometry_variant_from_name(v) >= 0) p->variant = v;
    else
        return fail(p, "bad -genopenings setting '%s' (plies=1..1000 format=fen|moves out=FILE "
                    "depth=0..8 maxscore=CP srand=S variant=dablot|tabal)", tok);
    return 0;
}

/* -genopenings N SETTINGS (more settings may follow other options). */
static int opt_genopenings(Parse *p, int argc, char *const argv[])
{
    int64_t n;
    if (need_value(p, argc, argv) < 0) return -1;
    if (util_parse_int64(argv[1], 1, 10000000, &n) < 0)
        return fail(p, "-genopenings needs a count from 1 to 10000000, not '%s'", argv[1]);
    p->gen = 1;
    p->g->n = (int)n;
    int m = settings(argc - 1, argv + 1);
    if (repeated_keys(p, argv[0], m, argv + 2) < 0) return -1;
    for (int k = 2; k <= m + 1; k++)
        if (gen_setting(p, argv[k]) < 0) return -1;
    return m + 2;
}

typedef int (*OptionHandler)(Parse *p, int argc, char *const argv[]);

/* ONCE: an option with one value (or one set of settings), refused when
 * given again: the second would replace the first in silence.  MANY: one
 * that adds (-engine an engine, -option a rule option, -each, -draw and
 * -resign settings, whose keys are refused twice) or a switch, which
 * a second time changes nothing. */
enum { MANY, ONCE };

static const struct {
    const char *name;
    OptionHandler handle;
    int once;
} option_table[] = {
    { "-engine", opt_engine, MANY },
    { "-each", opt_engine, MANY },
    { "-variant", opt_variant, ONCE },
    { "-rules", opt_rule, ONCE },
    { "-option", opt_rule, MANY },
    { "-games", opt_count, ONCE },
    { "-rounds", opt_count, ONCE },
    { "-concurrency", opt_count, ONCE },
    { "-maxmoves", opt_count, ONCE },
    { "-repeat", opt_repeat, MANY },
    { "-gauntlet", opt_switch, MANY },
    { "-recover", opt_switch, MANY },
    { "-stallcredit", opt_switch, MANY },
    { "-quiet", opt_switch, MANY },
    { "-rebuild", opt_switch, MANY },
    { "-openings", opt_openings, ONCE },
    { "-srand", opt_srand, ONCE },
    { "-draw", opt_adjudication, MANY },
    { "-resign", opt_adjudication, MANY },
    { "-pgnout", opt_pgnout, ONCE },
    { "-tb", opt_tb, ONCE },
    { "-results", opt_text, ONCE },
    { "-log", opt_text, ONCE },
    { "-event", opt_text, ONCE },
    { "-resume", opt_text, ONCE },
    { "-shard", opt_shard, ONCE },
    { "-sprt", opt_sprt, ONCE },
    { "-startup-ms", opt_timeout, ONCE },
    { "-ucinewgame-ms", opt_timeout, ONCE },
    { "-ping-ms", opt_timeout, ONCE },
    { "-stop-ms", opt_timeout, ONCE },
    { "-quit-ms", opt_timeout, ONCE },
    { "-search-ms", opt_timeout, ONCE },
    { "-genopenings", opt_genopenings, ONCE },
};

_Static_assert(sizeof option_table / sizeof *option_table <= 64, "Parse.given has 64 bits");

/* One option at argv[0]: the words it used, or -1. */
static int parse_option(Parse *p, int argc, char *const argv[])
{
    const char *a = argv[0];
    for (size_t k = 0; k < sizeof option_table / sizeof *option_table; k++) {
        if (strcmp(a, option_table[k].name) != 0) continue;
        if (option_table[k].once) {
            if (p->given & (1ULL << k)) return fail(p, "%s is given twice", a);
            p->given |= 1ULL << k;
        }
        return option_table[k].handle(p, argc, argv);
    }
    if (p->gen && !is_flag(a) && strchr(a, '=')) {
        /* a -genopenings setting after another option */
        return gen_setting(p, a) < 0 ? -1 : 1;
    }
    return fail(p, "unknown option '%s' (see --help)", a);
}

/* ---- checks that need every option ------------------------------------------ */

/* The judge's rules: the variant first, then the preset (-rules or
 * -option Rules=), then the other options in the order given, wherever the
 * preset was on the command line (rules_option_pass()); each also goes to
 * the engines (c->sent) in that order. */
static int finish_rules(Parse *p)
{
    MatchConfig *c = p->c;
    c->rules = rules_default((Variant)geometry_variant_from_name(p->variant));
    engine_spec_option_add(&c->sent, "Variant", geometry_of(c->rules.variant)->name);
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < p->rule_opts.n; k++) {
            const char *name = p->rule_opts.v[k].name, *val = p->rule_opts.v[k].value;
            if (rules_option_pass(name) != pass) continue;
            char why[160];
            if (rules_option_game_check(c->rules.variant, name, why, sizeof why) != 0)
                return fail(p, "option %s", why);
            if (strcasecmp(name, "Variant") == 0)
                return fail(p, "use -variant, not -option Variant=");
            int r = rules_set(&c->rules, name, val, p->err, p->errlen);
            if (r < 0) return -1;
            if (r > 0)
                return fail(
                    p,
                    "'%s' is not a rule option (engine options go in option.%s=VALUE of -engine or -each)",
                    name, name);
            engine_spec_option_add(&c->sent, name, val);
        }
    return 0;
}

/* Every engine completed by -each, with a program and a limit; the
 * match's counts consistent. */
static int finish_match(Parse *p)
{
    MatchConfig *c = p->c;
    if (c->nengines < 2) return fail(p, "at least two -engine are needed (see --help)");
    for (int k = 0; k < c->nengines; k++) {
        EngineSpec *e = &c->engines[k];
        engine_spec_merge(e, &c->each);
        if (!e->cmd) return fail(p, "engine %d has no cmd=", k + 1);
        if (!engine_spec_has_limit(e))
            return fail(p, "engine %s has no limit: give tc=, st=, depth= or nodes= (to -engine or -each)",
                        e->name ? e->name : e->cmd);
    }
    if (c->repeat) {
        if (!p->games_given) c->games = 2;
        if (c->games % 2)
            return fail(p, "-repeat plays each opening twice: -games must be even, not %d",
                        c->games);
    }
    if (c->sprt_on && c->nengines != 2) return fail(p, "-sprt needs exactly two engines");
    int64_t total = schedule_count(c);
    if (total > SCHEDULE_MAX_GAMES)
        return fail(
            p,
            "the match has %lld games (-games x -rounds x encounters); at most %d in one run "
            "(give fewer -rounds or -games)",
            (long long)total, SCHEDULE_MAX_GAMES);
    if (c->adj.draw_on && c->adj.draw_score < 0) return fail(p, "bad -draw score");
    return 0;
}

static int is_help(const char *a)
{
    return strcmp(a, "--help") == 0 || strcmp(a, "-help") == 0 || strcmp(a, "-h") == 0;
}

/* The options, then the checks; the mode the command line asks for. */
static CliMode parse(Parse *p, int argc, char *const argv[])
{
    for (int i = 0; i < argc;) {
        if (is_help(argv[i])) return CLI_HELP;
        int n = parse_option(p, argc - i, argv + i);
        if (n < 0) return CLI_ERROR;
        i += n;
    }
    if (finish_rules(p) < 0) return CLI_ERROR;
    if (p->gen) {
        if (p->g->plies < 1) {
            fail(p, "-genopenings needs plies=P");
            return CLI_ERROR;
        }
        return CLI_GENOPENINGS;
    }
    return finish_match(p) < 0 ? CLI_ERROR : CLI_MATCH;
}

CliMode cli_parse(int argc, char *const argv[], MatchConfig *c, GenSpec *g, char *err, size_t errlen)
{
    Parse p = { .c = c, .g = g, .variant = "dablot", .err = err, .errlen = errlen };
    memset(g, 0, sizeof *g);
    g->depth = 3;
    g->maxscore = 100;
    CliMode mode = parse(&p, argc, argv);
    engine_spec_options_free(&p.rule_opts);
    free(p.each_words);
    return mode;
}
