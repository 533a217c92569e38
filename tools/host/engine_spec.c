/*
 * engine_spec.c - the settings of one engine (see engine_spec.h).
 */
#include "engine_spec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "proc.h"
#include "rules/rules.h"
#include "util.h"

/* Which settings were given (EngineSpec.given), so a merge keeps them. */
enum {
    GIVEN_TC = 1u << 0, GIVEN_DEPTH = 1u << 1, GIVEN_NODES = 1u << 2, GIVEN_ST = 1u << 3,
    GIVEN_MARGIN = 1u << 4, GIVEN_DIR = 1u << 5, GIVEN_ARGS = 1u << 6, GIVEN_STDERR = 1u << 7,
    GIVEN_CMD = 1u << 8, GIVEN_NAME = 1u << 9
};

void engine_spec_option_add(OptionList *l, const char *name, const char *value)
{
    l->v = util_xrealloc(l->v, (size_t)(l->n + 1) * sizeof *l->v);
    l->v[l->n].name = util_xstrdup(name);
    l->v[l->n].value = util_xstrdup(value);
    l->n++;
}

void engine_spec_options_free(OptionList *l)
{
    for (int i = 0; i < l->n; i++) {
        free(l->v[i].name);
        free(l->v[i].value);
    }
    free(l->v);
    l->v = NULL;
    l->n = 0;
}

/* The settings that name a file or a text: cmd name dir args stderr. */
static int set_text(EngineSpec *s, const char *key, const char *v, char *err, size_t errlen)
{
    char **field;
    unsigned bit;
    if (strcmp(key, "cmd") == 0) { field = &s->cmd; bit = GIVEN_CMD; }
    else if (strcmp(key, "name") == 0) { field = &s->name; bit = GIVEN_NAME; }
    else if (strcmp(key, "dir") == 0) { field = &s->dir; bit = GIVEN_DIR; }
    else if (strcmp(key, "args") == 0 || strcmp(key, "arg") == 0) { field = &s->args; bit = GIVEN_ARGS; }
    else if (strcmp(key, "stderr") == 0) { field = &s->stderr_path; bit = GIVEN_STDERR; }
    else return 1;
    if (bit == GIVEN_NAME && !*v) {
        snprintf(err, errlen, "empty engine name");
        return -1;
    }
    util_set_string(field, v);
    s->given |= bit;
    return 0;
}

/* The settings that limit a search: tc depth nodes st timemargin. */
static int set_limit(EngineSpec *s, const char *key, const char *v, char *err, size_t errlen)
{
    int64_t n;
    if (strcmp(key, "tc") == 0) {
        TimeControl tc;
        if (tc_parse(v, &tc, err, errlen) < 0) return -1;
        s->tc = tc;
        s->given |= GIVEN_TC;
    } else if (strcmp(key, "depth") == 0 || strcmp(key, "plies") == 0) {
        if (util_parse_int64(v, 1, 1000, &n) < 0) {
            snprintf(err, errlen, "depth must be 1..1000, not '%s'", v);
            return -1;
        }
        s->depth = (int)n;
        s->given |= GIVEN_DEPTH;
    } else if (strcmp(key, "nodes") == 0) {
        if (util_parse_int64(v, 1, INT64_MAX, &n) < 0) {
            snprintf(err, errlen, "nodes must be a positive integer, not '%s'", v);
            return -1;
        }
        s->nodes = (uint64_t)n;
        s->given |= GIVEN_NODES;
    } else if (strcmp(key, "st") == 0) {
        if (util_parse_seconds_ms(v, &n) < 0 || n <= 0) {
            snprintf(err, errlen, "st must be a positive number of seconds, not '%s'", v);
            return -1;
        }
        s->st_ms = n;
        s->given |= GIVEN_ST;
    } else if (strcmp(key, "timemargin") == 0) {
        if (util_parse_int64(v, 0, 3600000, &n) < 0) {
            snprintf(err, errlen, "timemargin must be 0..3600000 ms, not '%s'", v);
            return -1;
        }
        s->timemargin_ms = n;
        s->given |= GIVEN_MARGIN;
    } else {
        return 1;
    }
    return 0;
}

/* The refusal of option.NAME=VALUE for a rule of the game, with the
 * dablo-match option that takes it (only ones it accepts: the Variant
 * only as -variant, Rules also as -rules). */
static void rule_hint(const char *name, const char *value, char *err, size_t errlen)
{
    char how[300];
    if (strcasecmp(name, "Variant") == 0)
        snprintf(how, sizeof how, "-variant %s",
                 geometry_variant_from_name(value) >= 0 ? value : "dablot|tabal");
    else if (strcasecmp(name, "Rules") == 0)
        snprintf(how, sizeof how, "-rules %.100s or -option Rules=%.100s", value, value);
    else
        snprintf(how, sizeof how, "-option %.100s=%.100s", name, value);
    snprintf(err, errlen,
             "option.%s is a rule of the game, not an engine setting: give it to the host "
             "(dablo-match %s)",
             name, how);
}

int engine_spec_set(EngineSpec *s, const char *setting, char *err, size_t errlen)
{
    const char *eq = strchr(setting, '=');
    if (!eq) {
        snprintf(err, errlen, "engine setting '%s' is not key=value", setting);
        return -1;
    }
    char key[128];
    snprintf(key, sizeof key, "%.*s", (int)(eq - setting), setting);
    const char *v = eq + 1;
    int r = set_text(s, key, v, err, errlen);
    if (r <= 0) return r;
    if ((r = set_limit(s, key, v, err, errlen)) <= 0) return r;
    if (strncmp(key, "option.", 7) == 0 && key[7]) {
        /* A rule of the game given to one engine would leave the judge on
         * other rules (its games lost as illegal moves): the host sets
         * the rules, for the judge and every engine alike. */
        Rules probe = rules_default(VARIANT_DABLOT);
        if (rules_set(&probe, key + 7, v, NULL, 0) <= 0) {
            rule_hint(key + 7, v, err, errlen);
            return -1;
        }
        engine_spec_option_add(&s->options, key + 7, v);
        return 0;
    }
    if (strcmp(key, "proto") == 0) {
        if (strcmp(v, "uci") == 0) return 0;
        snprintf(err, errlen, "only proto=uci is supported");
        return -1;
    }
    snprintf(err, errlen, "unknown engine setting '%s' (cmd name dir args option.NAME tc depth nodes st timemargin stderr)", key);
    return -1;
}

int engine_spec_parse_args(EngineSpec *s, int argc, char *const argv[], char *err, size_t errlen)
{
    int i = 0;
    for (; i < argc; i++) {
        const char *w = argv[i];
        if (w[0] == '-' && w[1] != '\0' && !(w[1] >= '0' && w[1] <= '9')) break;   /* the next option */
        if (engine_spec_set(s, w, err, errlen) < 0) return -1;
    }
    return i;
}

void engine_spec_merge(EngineSpec *s, const EngineSpec *each)
{
    if (!(s->given & GIVEN_CMD) && each->cmd) s->cmd = util_xstrdup(each->cmd);
    if (!(s->given & GIVEN_DIR) && each->dir) s->dir = util_xstrdup(each->dir);
    if (!(s->given & GIVEN_ARGS) && each->args) s->args = util_xstrdup(each->args);
    if (!(s->given & GIVEN_STDERR) && each->stderr_path) s->stderr_path = util_xstrdup(each->stderr_path);
    if (!(s->given & GIVEN_TC) && (each->given & GIVEN_TC)) s->tc = each->tc;
    if (!(s->given & GIVEN_DEPTH)) s->depth = each->depth;
    if (!(s->given & GIVEN_NODES)) s->nodes = each->nodes;
    if (!(s->given & GIVEN_ST)) s->st_ms = each->st_ms;
    if (!(s->given & GIVEN_MARGIN)) s->timemargin_ms = each->timemargin_ms;
    if (each->options.n) {
        OptionList merged = {0};
        const OptionList *from[2] = { &each->options, &s->options };
        for (int l = 0; l < 2; l++)
            for (int i = 0; i < from[l]->n; i++) engine_spec_option_add(&merged, from[l]->v[i].name, from[l]->v[i].value);
        engine_spec_options_free(&s->options);
        s->options = merged;
    }
}

int engine_spec_has_limit(const EngineSpec *s)
{
    return s->tc.timed || s->st_ms || s->depth || s->nodes;
}

int engine_spec_resolve(EngineSpec *s, char *err, size_t errlen)
{
    char path[4096];
    if (proc_resolve(s->cmd, s->dir, path, sizeof path, err, errlen) < 0) return -1;
    util_set_string(&s->path, path);
    return 0;
}

void engine_spec_free(EngineSpec *s)
{
    free(s->name);
    free(s->cmd);
    free(s->path);
    free(s->dir);
    free(s->args);
    free(s->stderr_path);
    engine_spec_options_free(&s->options);
    memset(s, 0, sizeof *s);
}
