/*
 * cli.c - parsing the command line of dablo-match (see cli.h; the options
 * are documented in help.c).
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util.h"

#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return CLI_ERROR; } while (0)

static int is_flag(const char *s)
{
    return s[0] == '-' && s[1] != '\0' && !(s[1] >= '0' && s[1] <= '9');
}

/* A file argument, also accepted in fastchess's "file=F" form. */
static const char *file_arg(const char *v)
{
    return strncmp(v, "file=", 5) == 0 ? v + 5 : v;
}

static void set_str(char **dst, const char *v)
{
    free(*dst);
    *dst = mu_xstrdup(v);
}

/* One key=value of -engine / -each. */
static int engine_kv(EngineSpec *s, const char *tok, char *err, size_t errlen)
{
    const char *eq = strchr(tok, '=');
    if (!eq) {
        snprintf(err, errlen, "engine setting '%s' is not key=value", tok);
        return -1;
    }
    char key[128];
    snprintf(key, sizeof key, "%.*s", (int)(eq - tok), tok);
    const char *v = eq + 1;
    int64_t n;
    if (strcmp(key, "cmd") == 0) { set_str(&s->cmd, v); s->given |= GIVEN_CMD; }
    else if (strcmp(key, "name") == 0) {
        if (!*v) { snprintf(err, errlen, "empty engine name"); return -1; }
        set_str(&s->name, v); s->given |= GIVEN_NAME;
    }
    else if (strcmp(key, "dir") == 0) { set_str(&s->dir, v); s->given |= GIVEN_DIR; }
    else if (strcmp(key, "args") == 0 || strcmp(key, "arg") == 0) { set_str(&s->args, v); s->given |= GIVEN_ARGS; }
    else if (strcmp(key, "stderr") == 0) { set_str(&s->stderr_path, v); s->given |= GIVEN_STDERR; }
    else if (strncmp(key, "option.", 7) == 0 && key[7]) optlist_add(&s->options, key + 7, v);
    else if (strcmp(key, "tc") == 0) {
        if (tc_parse(v, &s->tc, err, errlen) < 0) return -1;
        s->given |= GIVEN_TC;
    } else if (strcmp(key, "depth") == 0 || strcmp(key, "plies") == 0) {
        if (mu_parse_int64(v, 1, 1000, &n) < 0) { snprintf(err, errlen, "depth must be 1..1000, not '%s'", v); return -1; }
        s->depth = (int)n; s->given |= GIVEN_DEPTH;
    } else if (strcmp(key, "nodes") == 0) {
        if (mu_parse_int64(v, 1, INT64_MAX, &n) < 0) { snprintf(err, errlen, "nodes must be a positive integer, not '%s'", v); return -1; }
        s->nodes = (uint64_t)n; s->given |= GIVEN_NODES;
    } else if (strcmp(key, "st") == 0) {
        if (mu_parse_seconds_ms(v, &n) < 0 || n <= 0) { snprintf(err, errlen, "st must be a positive number of seconds, not '%s'", v); return -1; }
        s->st_ms = n; s->given |= GIVEN_ST;
    } else if (strcmp(key, "timemargin") == 0) {
        if (mu_parse_int64(v, 0, 3600000, &n) < 0) { snprintf(err, errlen, "timemargin must be 0..3600000 ms, not '%s'", v); return -1; }
        s->timemargin_ms = n; s->given |= GIVEN_MARGIN;
    } else if (strcmp(key, "proto") == 0) {
        if (strcmp(v, "uci") != 0) { snprintf(err, errlen, "only proto=uci is supported"); return -1; }
    } else {
        snprintf(err, errlen, "unknown engine setting '%s' (cmd name dir args option.NAME tc depth nodes st timemargin stderr)", key);
        return -1;
    }
    return 0;
}

/* Fills what e did not set from -each. */
static void merge_each(EngineSpec *e, const EngineSpec *each)
{
    if (!(e->given & GIVEN_CMD) && each->cmd) e->cmd = mu_xstrdup(each->cmd);
    if (!(e->given & GIVEN_DIR) && each->dir) e->dir = mu_xstrdup(each->dir);
    if (!(e->given & GIVEN_ARGS) && each->args) e->args = mu_xstrdup(each->args);
    if (!(e->given & GIVEN_STDERR) && each->stderr_path) e->stderr_path = mu_xstrdup(each->stderr_path);
    if (!(e->given & GIVEN_TC) && (each->given & GIVEN_TC)) e->tc = each->tc;
    if (!(e->given & GIVEN_DEPTH)) e->depth = each->depth;
    if (!(e->given & GIVEN_NODES)) e->nodes = each->nodes;
    if (!(e->given & GIVEN_ST)) e->st_ms = each->st_ms;
    if (!(e->given & GIVEN_MARGIN)) e->timemargin_ms = each->timemargin_ms;
    if (each->options.n) {
        OptionList merged = {0};
        for (int i = 0; i < each->options.n; i++) optlist_add(&merged, each->options.v[i].name, each->options.v[i].value);
        for (int i = 0; i < e->options.n; i++) optlist_add(&merged, e->options.v[i].name, e->options.v[i].value);
        optlist_free(&e->options);
        e->options = merged;
    }
}

static int is_dablot_option(const char *name)
{
    static const char *const names[] = { "Rules", "Captures", "ForwardOnlyMen", "KingCaptureEnds",
                                         "KingAndPrinceCaptureEnds", NULL };
    for (const char *const *p = names; *p; p++)
        if (strcasecmp(*p, name) == 0) return 1;
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

static int get_int(const char *v, int64_t lo, int64_t hi, int64_t *out)
{
    return mu_parse_int64(v, lo, hi, out);
}

/* One key=value setting of -genopenings.  Returns 0 or -1 with err. */
static int gen_setting(const char *tok, MatchConfig *c, GenSpec *g, const char **variant, char *err, size_t errlen)
{
    char key[128];
    const char *v;
    int64_t n;
    if (kv(tok, key, sizeof key, &v) < 0) {
        snprintf(err, errlen, "-genopenings setting '%s' is not key=value", tok);
        return -1;
    }
    if (strcmp(key, "plies") == 0 && get_int(v, 1, 1000, &n) == 0) g->plies = (int)n;
    else if (strcmp(key, "format") == 0 && strcmp(v, "fen") == 0) g->format = OPENINGS_FEN;
    else if (strcmp(key, "format") == 0 && strcmp(v, "moves") == 0) g->format = OPENINGS_MOVES;
    else if (strcmp(key, "out") == 0 || strcmp(key, "file") == 0) set_str(&g->out, v);
    else if (strcmp(key, "depth") == 0 && get_int(v, 0, 8, &n) == 0) g->depth = (int)n;
    else if (strcmp(key, "maxscore") == 0 && get_int(v, 0, 100000, &n) == 0) g->maxscore = (int)n;
    else if (strcmp(key, "srand") == 0 && get_int(v, 0, INT64_MAX, &n) == 0) {
        c->seed = (uint64_t)n;
        c->seed_given = 1;
    } else if (strcmp(key, "variant") == 0 && geometry_variant_from_name(v) >= 0) *variant = v;
    else {
        snprintf(err, errlen, "bad -genopenings setting '%s' (plies=1..1000 format=fen|moves out=FILE "
                 "depth=0..8 maxscore=CP srand=S variant=dablot|tabal)", tok);
        return -1;
    }
    return 0;
}

CliMode cli_parse(int argc, char *const argv[], MatchConfig *c, GenSpec *g, char *err, size_t errlen)
{
    OptionList rule_opts = {0};
    const char *variant = "dablot";
    int gen = 0;
    CliMode mode = CLI_MATCH;
    memset(g, 0, sizeof *g);
    g->depth = 3;
    g->maxscore = 100;
    int64_t n;
    char key[128];
    const char *v;
    int i = 0;
#undef FAIL
#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); mode = CLI_ERROR; goto out; } while (0)
#define NEED_ARG(opt) do { if (i + 1 >= argc) FAIL("%s needs a value", opt); } while (0)
    while (i < argc) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-help") == 0 || strcmp(a, "-h") == 0) {
            mode = CLI_HELP;
            goto out;
        } else if (strcmp(a, "-engine") == 0 || strcmp(a, "-each") == 0) {
            EngineSpec *s;
            if (a[2] == 'n') {
                c->engines = mu_xrealloc(c->engines, (size_t)(c->nengines + 1) * sizeof *c->engines);
                s = &c->engines[c->nengines++];
                memset(s, 0, sizeof *s);
            } else {
                s = &c->each;
            }
            i++;
            while (i < argc && !is_flag(argv[i])) {
                if (engine_kv(s, argv[i], err, errlen) < 0) { mode = CLI_ERROR; goto out; }
                i++;
            }
            continue;
        } else if (strcmp(a, "-variant") == 0) {
            NEED_ARG(a);
            variant = argv[++i];
            if (geometry_variant_from_name(variant) < 0) FAIL("unknown variant '%s' (dablot or tabal)", variant);
        } else if (strcmp(a, "-rules") == 0) {
            NEED_ARG(a);
            optlist_add(&rule_opts, "Rules", argv[++i]);
        } else if (strcmp(a, "-option") == 0) {
            NEED_ARG(a);
            if (kv(argv[++i], key, sizeof key, &v) < 0) FAIL("-option needs NAME=VALUE, not '%s'", argv[i]);
            optlist_add(&rule_opts, key, v);
        } else if (strcmp(a, "-games") == 0 || strcmp(a, "-rounds") == 0 || strcmp(a, "-concurrency") == 0 ||
                   strcmp(a, "-maxmoves") == 0) {
            NEED_ARG(a);
            if (get_int(argv[++i], a[1] == 'm' ? 0 : 1, a[1] == 'c' ? 256 : 100000000, &n) < 0)
                FAIL("%s needs a positive integer%s, not '%s'", a, a[1] == 'c' ? " up to 256" : "", argv[i]);
            if (a[1] == 'g') c->games = (int)n;
            else if (a[1] == 'r') c->rounds = (int)n;
            else if (a[1] == 'c') c->concurrency = (int)n;
            else c->adj.maxmoves = (int)n;
        } else if (strcmp(a, "-repeat") == 0) {
            c->repeat = 1;
            if (i + 1 < argc && strcmp(argv[i + 1], "2") == 0) i++;   /* cutechess's "-repeat 2" */
        } else if (strcmp(a, "-gauntlet") == 0) {
            c->gauntlet = 1;
        } else if (strcmp(a, "-recover") == 0) {
            c->recover = 1;
        } else if (strcmp(a, "-stallcredit") == 0) {
            c->stall_credit = 1;
        } else if (strcmp(a, "-quiet") == 0) {
            c->quiet = 1;
        } else if (strcmp(a, "-openings") == 0) {
            i++;
            while (i < argc && !is_flag(argv[i])) {
                if (kv(argv[i], key, sizeof key, &v) < 0) FAIL("-openings setting '%s' is not key=value", argv[i]);
                if (strcmp(key, "file") == 0) set_str(&c->openings.file, v);
                else if (strcmp(key, "format") == 0) {
                    if (strcmp(v, "fen") == 0 || strcmp(v, "epd") == 0) c->openings.format = OPENINGS_FEN;
                    else if (strcmp(v, "moves") == 0) c->openings.format = OPENINGS_MOVES;
                    else FAIL("openings format must be fen or moves, not '%s'", v);
                } else if (strcmp(key, "order") == 0) {
                    if (strcmp(v, "random") == 0) c->openings.random = 1;
                    else if (strcmp(v, "sequential") == 0) c->openings.random = 0;
                    else FAIL("openings order must be sequential or random, not '%s'", v);
                } else if (strcmp(key, "start") == 0) {
                    if (get_int(v, 1, INT64_MAX / 4, &n) < 0) FAIL("openings start must be >= 1, not '%s'", v);
                    c->openings.start = n;
                } else if (strcmp(key, "srand") == 0) {
                    if (get_int(v, 0, INT64_MAX, &n) < 0) FAIL("bad srand '%s'", v);
                    c->seed = (uint64_t)n;
                    c->seed_given = 1;
                } else FAIL("unknown -openings setting '%s' (file format order start)", key);
                i++;
            }
            if (!c->openings.file) FAIL("-openings needs file=FILE");
            continue;
        } else if (strcmp(a, "-srand") == 0) {
            NEED_ARG(a);
            char *end;
            c->seed = strtoull(argv[++i], &end, 10);
            if (*end || !*argv[i] || argv[i][0] == '-') FAIL("-srand needs a non-negative integer, not '%s'", argv[i]);
            c->seed_given = 1;
        } else if (strcmp(a, "-draw") == 0 || strcmp(a, "-resign") == 0) {
            int draw = a[1] == 'd';
            if (draw) c->adj.draw_on = 1;
            else c->adj.resign_on = 1;
            i++;
            while (i < argc && !is_flag(argv[i])) {
                if (kv(argv[i], key, sizeof key, &v) < 0) FAIL("%s setting '%s' is not key=value", a, argv[i]);
                if (draw && (strcmp(key, "movenumber") == 0 || strcmp(key, "number") == 0)) {
                    if (get_int(v, 0, 1000000, &n) < 0) FAIL("bad movenumber '%s'", v);
                    c->adj.draw_movenumber = (int)n;
                } else if (strcmp(key, "movecount") == 0 || strcmp(key, "count") == 0) {
                    if (get_int(v, 1, 1000000, &n) < 0) FAIL("movecount must be >= 1, not '%s'", v);
                    if (draw) c->adj.draw_movecount = (int)n;
                    else c->adj.resign_movecount = (int)n;
                } else if (strcmp(key, "score") == 0) {
                    if (get_int(v, 0, 1000000, &n) < 0) FAIL("score must be >= 0 cp, not '%s'", v);
                    if (draw) c->adj.draw_score = n;
                    else c->adj.resign_score = n;
                } else if (!draw && strcmp(key, "twosided") == 0) {
                    if (strcmp(v, "true") == 0) c->adj.resign_twosided = 1;
                    else if (strcmp(v, "false") == 0) c->adj.resign_twosided = 0;
                    else FAIL("twosided must be true or false");
                } else FAIL("unknown %s setting '%s'", a, key);
                i++;
            }
            continue;
        } else if (strcmp(a, "-pgnout") == 0) {
            NEED_ARG(a);
            set_str(&c->pgnout, file_arg(argv[++i]));
            if (i + 1 < argc && (strcmp(argv[i + 1], "min") == 0 || strcmp(argv[i + 1], "min=true") == 0)) {
                c->pgn_min = 1;
                i++;
            }
        } else if (strcmp(a, "-results") == 0) {
            NEED_ARG(a);
            set_str(&c->results, file_arg(argv[++i]));
        } else if (strcmp(a, "-log") == 0) {
            NEED_ARG(a);
            set_str(&c->logfile, file_arg(argv[++i]));
        } else if (strcmp(a, "-event") == 0) {
            NEED_ARG(a);
            set_str(&c->event, argv[++i]);
        } else if (strcmp(a, "-resume") == 0) {
            NEED_ARG(a);
            set_str(&c->resume, argv[++i]);
        } else if (strcmp(a, "-shard") == 0) {
            NEED_ARG(a);
            int si, sn;
            char extra;
            if (sscanf(argv[++i], "%d/%d%c", &si, &sn, &extra) != 2 || sn < 1 || si < 1 || si > sn)
                FAIL("-shard needs i/N with 1 <= i <= N, not '%s'", argv[i]);
            c->shard_i = si;
            c->shard_n = sn;
        } else if (strcmp(a, "-sprt") == 0) {
            c->sprt_on = 1;
            i++;
            while (i < argc && !is_flag(argv[i])) {
                if (stats_sprt_parse(&c->sprt, argv[i], err, errlen) < 0) { mode = CLI_ERROR; goto out; }
                i++;
            }
            if (stats_sprt_check(&c->sprt, err, errlen) < 0) { mode = CLI_ERROR; goto out; }
            continue;
        } else if (strcmp(a, "-startup-ms") == 0 || strcmp(a, "-ucinewgame-ms") == 0 || strcmp(a, "-ping-ms") == 0 ||
                   strcmp(a, "-stop-ms") == 0 || strcmp(a, "-quit-ms") == 0) {
            NEED_ARG(a);
            if (get_int(argv[++i], 1, 3600000, &n) < 0) FAIL("%s needs 1..3600000 ms, not '%s'", a, argv[i]);
            if (strcmp(a, "-startup-ms") == 0) c->startup_ms = n;
            else if (strcmp(a, "-ucinewgame-ms") == 0) c->newgame_ms = n;
            else if (strcmp(a, "-ping-ms") == 0) c->ping_ms = n;
            else if (strcmp(a, "-stop-ms") == 0) c->stop_ms = n;
            else c->quit_ms = n;
        } else if (strcmp(a, "-genopenings") == 0) {
            NEED_ARG(a);
            if (get_int(argv[++i], 1, 10000000, &n) < 0) FAIL("-genopenings needs a count >= 1, not '%s'", argv[i]);
            gen = 1;
            g->n = (int)n;
            i++;
            while (i < argc && !is_flag(argv[i])) {
                if (gen_setting(argv[i], c, g, &variant, err, errlen) < 0) { mode = CLI_ERROR; goto out; }
                i++;
            }
            continue;
        } else if (gen && !is_flag(a) && strchr(a, '=')) {
            /* a -genopenings setting after another option */
            if (gen_setting(a, c, g, &variant, err, errlen) < 0) { mode = CLI_ERROR; goto out; }
        } else {
            FAIL("unknown option '%s' (see --help)", a);
        }
        i++;
    }

    /* Rules: variant first, then presets and options in the order given. */
    c->rules = rules_default((Variant)geometry_variant_from_name(variant));
    optlist_add(&c->sent, "Variant", geometry_of(c->rules.variant)->name);
    for (int k = 0; k < rule_opts.n; k++) {
        const char *name = rule_opts.v[k].name, *val = rule_opts.v[k].value;
        if (c->rules.variant == VARIANT_TABAL && is_dablot_option(name))
            FAIL("option %s belongs to Dablot, not Tabal", name);
        if (c->rules.variant == VARIANT_DABLOT && strcasecmp(name, "MaxCapture") == 0)
            FAIL("option MaxCapture belongs to Tabal, not Dablot");
        if (strcasecmp(name, "Variant") == 0) FAIL("use -variant, not -option Variant=");
        int r = rules_set(&c->rules, name, val, err, errlen);
        if (r < 0) { mode = CLI_ERROR; goto out; }
        if (r > 0) FAIL("'%s' is not a rule option (engine options go in option.%s=VALUE of -engine or -each)", name, name);
        optlist_add(&c->sent, name, val);
    }
    if (gen) {
        if (g->plies < 1) FAIL("-genopenings needs plies=P");
        mode = CLI_GENOPENINGS;
        goto out;
    }

    if (c->nengines < 2) FAIL("at least two -engine are needed (see --help)");
    for (int k = 0; k < c->nengines; k++) {
        EngineSpec *e = &c->engines[k];
        merge_each(e, &c->each);
        if (!e->cmd) FAIL("engine %d has no cmd=", k + 1);
        if (!e->tc.timed && !e->st_ms && !e->depth && !e->nodes)
            FAIL("engine %s has no limit: give tc=, st=, depth= or nodes= (to -engine or -each)",
                 e->name ? e->name : e->cmd);
    }
    if (c->repeat) {
        if (c->games == 1) c->games = 2;
        if (c->games % 2) FAIL("-repeat plays each opening twice: -games must be even");
    }
    if (c->sprt_on && c->nengines != 2) FAIL("-sprt needs exactly two engines");
    if (c->adj.draw_on && c->adj.draw_score < 0) FAIL("bad -draw score");
out:
    optlist_free(&rule_opts);
    return mode;
}
