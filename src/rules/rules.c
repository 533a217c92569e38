/*
 * rules.c - rule options by name (RULES.md sections 1 "Rule options",
 * 2 "Rule options" and 3 "DrawPlies").
 */
#include "rules.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const capture_names[] = { "optional", "compulsory", "compulsory-men" };

/* The rule options (RULES.md section 1 "Rule options": Dablot's; section 2:
 * Tabal's; section 3: both games'), in the order they are listed, and the
 * game each belongs to (-1: both).  rules_set() knows no other name but
 * "Variant", so an option is added here or nowhere; rules_option_name()
 * lists them for the programs (a PGN Rules tag's error, dablo-web's
 * state). */
static const struct {
    const char *name;
    int variant;
} options[] = { { "Rules", VARIANT_DABLOT },
                { "Captures", VARIANT_DABLOT },
                { "ForwardOnlyMen", VARIANT_DABLOT },
                { "KingCaptureEnds", VARIANT_DABLOT },
                { "KingAndPrinceCaptureEnds", VARIANT_DABLOT },
                { "MaxCapture", VARIANT_TABAL },
                { "DrawPlies", -1 } };
enum { NOPTIONS = sizeof options / sizeof options[0] };

/* The index of rule option name in options[] (case-insensitive), or -1. */
static int option_index(const char *name)
{
    for (int i = 0; i < NOPTIONS; i++)
        if (strcasecmp(name, options[i].name) == 0) return i;
    return -1;
}

/* The games as messages name them, by Variant. */
static const char *const game_titles[VARIANT_NB] = { "Dablot", "Tabal" };
static const char *const preset_names[] = { "classic", "modern", "anti-draw" };

Rules rules_default(Variant v)
{
    Rules r;
    memset(&r, 0, sizeof r);
    r.variant = v;
    r.draw_plies = DRAW_PLIES_DEFAULT;
    rules_apply_preset(&r, PRESET_CLASSIC);
    return r;
}

void rules_apply_preset(Rules *r, RulesPreset preset)
{
    r->preset = preset;
    r->captures = preset == PRESET_MODERN ? CAPTURES_COMPULSORY
                : preset == PRESET_ANTI_DRAW ? CAPTURES_COMPULSORY_MEN
                : CAPTURES_OPTIONAL;
    r->forward_only_men = preset == PRESET_ANTI_DRAW;
    r->king_capture_ends = preset == PRESET_ANTI_DRAW;
    r->king_and_prince_capture_ends = false;
}

const char *rules_captures_name(CaptureRule c)
{
    return capture_names[c];
}

const char *rules_preset_name(RulesPreset p)
{
    return preset_names[p];
}

static int parse_bool(const char *v, bool *out)
{
    if (strcasecmp(v, "true") == 0) { *out = true; return 0; }
    if (strcasecmp(v, "false") == 0) { *out = false; return 0; }
    return -1;
}

static int lookup(const char *v, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (strcasecmp(v, names[i]) == 0)
            return i;
    return -1;
}

static int fail(char *err, size_t errlen, const char *name, const char *value, const char *expected)
{
    if (errlen)
        snprintf(err, errlen, "invalid value '%s' for option %s (expected %s)", value, name, expected);
    return -1;
}

int rules_set(Rules *r, const char *name, const char *value, char *err, size_t errlen)
{
    bool b;
    if (strcasecmp(name, "Variant") == 0) {
        int v = geometry_variant_from_name(value);
        if (v < 0) return fail(err, errlen, "Variant", value, "dablot or tabal");
        *r = rules_default((Variant)v);
        return 0;
    }
    if (option_index(name) < 0) return 1;
    if (strcasecmp(name, "Rules") == 0) {
        int p = lookup(value, preset_names, 3);
        if (p < 0) return fail(err, errlen, "Rules", value, "classic, modern or anti-draw");
        rules_apply_preset(r, (RulesPreset)p);
        return 0;
    }
    if (strcasecmp(name, "Captures") == 0) {
        int c = lookup(value, capture_names, 3);
        if (c < 0) return fail(err, errlen, "Captures", value, "optional, compulsory or compulsory-men");
        r->captures = (CaptureRule)c;
        return 0;
    }
    bool *flag = strcasecmp(name, "ForwardOnlyMen") == 0 ? &r->forward_only_men
               : strcasecmp(name, "KingCaptureEnds") == 0 ? &r->king_capture_ends
               : strcasecmp(name, "KingAndPrinceCaptureEnds") == 0 ? &r->king_and_prince_capture_ends
               : strcasecmp(name, "MaxCapture") == 0 ? &r->max_capture
               : NULL;
    if (flag) {
        if (parse_bool(value, &b) < 0) return fail(err, errlen, name, value, "true or false");
        *flag = b;
        return 0;
    }
    if (strcasecmp(name, "DrawPlies") == 0) {
        char *end;
        errno = 0;
        long n = strtol(value, &end, 10);
        if (errno || end == value || *end || n < 0 || n > DRAW_PLIES_MAX)
            return fail(err, errlen, "DrawPlies", value, "an integer 0..10000");
        r->draw_plies = (int)n;
        return 0;
    }
    return 1;
}

int rules_option_pass(const char *name)
{
    return strcasecmp(name, "Rules") == 0 ? 0 : 1;
}

int rules_option_variant(const char *name)
{
    int i = option_index(name);
    return i < 0 ? -1 : options[i].variant;
}

const char *rules_option_name(int i)
{
    return i >= 0 && i < NOPTIONS ? options[i].name : NULL;
}

void rules_option_list(Variant v, char *buf, size_t len)
{
    size_t n = 0;
    if (len) buf[0] = '\0';
    for (int i = 0; i < NOPTIONS && n < len; i++)
        if (options[i].variant < 0 || options[i].variant == (int)v)
            n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? ", " : "", options[i].name);
}

int rules_option_game_check(Variant v, const char *name, char *err, size_t errlen)
{
    int game = rules_option_variant(name);
    if (game < 0 || game == (int)v) return 0;
    if (errlen)
        snprintf(err, errlen, "%s belongs to %s, not %s", name, game_titles[game], game_titles[v]);
    return -1;
}

int rules_get(const Rules *r, const char *name, char *buf, size_t len)
{
    const char *s = NULL;
    if (strcasecmp(name, "Variant") == 0) s = geometry_of(r->variant)->name;
    else if (strcasecmp(name, "Rules") == 0) s = preset_names[r->preset];
    else if (strcasecmp(name, "Captures") == 0) s = capture_names[r->captures];
    else if (strcasecmp(name, "ForwardOnlyMen") == 0) s = r->forward_only_men ? "true" : "false";
    else if (strcasecmp(name, "KingCaptureEnds") == 0) s = r->king_capture_ends ? "true" : "false";
    else if (strcasecmp(name, "KingAndPrinceCaptureEnds") == 0) s = r->king_and_prince_capture_ends ? "true" : "false";
    else if (strcasecmp(name, "MaxCapture") == 0) s = r->max_capture ? "true" : "false";
    else if (strcasecmp(name, "DrawPlies") == 0) {
        snprintf(buf, len, "%d", r->draw_plies);
        return 0;
    }
    if (!s) return 1;
    snprintf(buf, len, "%s", s);
    return 0;
}

void rules_describe(const Rules *r, char *buf, size_t len)
{
    Rules d = rules_default(r->variant);
    size_t n = 0;
    buf[0] = '\0';
#define ADD(...) do { if (n < len) n += (size_t)snprintf(buf + n, len - n, __VA_ARGS__); } while (0)
    if (r->variant == VARIANT_DABLOT) {
        if (r->captures != d.captures) ADD("%sCaptures=%s", n ? " " : "", capture_names[r->captures]);
        if (r->forward_only_men) ADD("%sForwardOnlyMen=true", n ? " " : "");
        if (r->king_capture_ends) ADD("%sKingCaptureEnds=true", n ? " " : "");
        if (r->king_and_prince_capture_ends) ADD("%sKingAndPrinceCaptureEnds=true", n ? " " : "");
    } else if (r->max_capture) {
        ADD("MaxCapture=true");
    }
    if (r->draw_plies != d.draw_plies) ADD("%sDrawPlies=%d", n ? " " : "", r->draw_plies);
#undef ADD
}
