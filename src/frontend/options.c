/*
 * options.c - the option table (names and values of RULES.md sections 1-3
 * for the rule options; engine options after Stockfish's conventions).
 */
#include "options.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "rules/rules.h"
#include "search/search.h"
#include "search/skill.h"
#include "uci_parse.h"

/* A numeric macro as a string literal (a default shared with the search). */
#define STRINGIFY_(x) #x
#define STRINGIFY(x)  STRINGIFY_(x)

/* One option a row or two; kept out of clang-format, which would give
 * every field a line of its own. */
// clang-format off
static const OptionDesc table[] = {
    { "Variant", OPTION_VARIANT, OPT_COMBO, "dablot", 0, 0, { "dablot", "tabal", NULL },
      "the game: dablot (Dablot Prejjesne) or tabal (Permainan-Tabal); resets the position" },
    { "Rules", OPTION_RULE, OPT_COMBO, "classic", 0, 0, { "classic", "modern", "anti-draw", NULL },
      "Dablot preset; resets Captures, ForwardOnlyMen, KingCaptureEnds, KingAndPrinceCaptureEnds" },
    { "Captures", OPTION_RULE, OPT_COMBO, "optional", 0, 0, { "optional", "compulsory", "compulsory-men", NULL },
      "Dablot: whether captures are compulsory" },
    { "ForwardOnlyMen", OPTION_RULE, OPT_CHECK, "false", 0, 0, { NULL },
      "Dablot: men step only forward" },
    { "KingCaptureEnds", OPTION_RULE, OPT_CHECK, "false", 0, 0, { NULL },
      "Dablot: losing the king loses the game" },
    { "KingAndPrinceCaptureEnds", OPTION_RULE, OPT_CHECK, "false", 0, 0, { NULL },
      "Dablot: losing both king and prince loses the game" },
    { "MaxCapture", OPTION_RULE, OPT_CHECK, "false", 0, 0, { NULL },
      "Tabal: a capture must take the most pieces" },
    { "DrawPlies", OPTION_RULE, OPT_SPIN, "100", 0, DRAW_PLIES_MAX, { NULL },
      "plies without capture (Tabal: or man's step) that draw the game; 0 = off" },
    { "Hash", OPTION_HASH, OPT_SPIN, "16", 1, 65536, { NULL },
      "transposition table size in MiB" },
    { "Threads", OPTION_THREADS, OPT_SPIN, "1", 1, 256, { NULL },
      "search threads" },
    /* 20 ms: at 100 ms a move on 2 busy cores the engine's stop overshoots
     * its limit by up to about 8 ms and the host adds up to about 6 ms;
     * 10 ms lost about one move in 10,000 on time (docs/strength.md,
     * "MoveOverhead 20 ms"). */
    { "MoveOverhead", OPTION_MOVE_OVERHEAD, OPT_SPIN, "20", 0, 5000, { NULL },
      "milliseconds kept back per move for communication delays" },
    { "MultiPV", OPTION_MULTIPV, OPT_SPIN, "1", 1, 256, { NULL },
      "number of principal variations reported" },
    { "Skill Level", OPTION_SKILL_LEVEL, OPT_SPIN, "20", 0, SKILL_MAX, { NULL },
      "playing strength: 20 = full, 0 = weakest (Stockfish's name; docs/skill.md)" },
    { "Contempt", OPTION_CONTEMPT, OPT_SPIN, "0", -CONTEMPT_MAX, CONTEMPT_MAX, { NULL },
      "a draw scored as this many hundredths of a man lost for the engine's side (Stockfish's name)" },
    { "TradeBonus", OPTION_TRADE_BONUS, OPT_SPIN, STRINGIFY(TRADE_BONUS_DEFAULT), 0, TRADE_BONUS_MAX, { NULL },
      "Dablot with optional captures: hundredths of a man the engine's side gains as pieces leave the board (docs/engine.md)" },
    { "Ponder", OPTION_PONDER, OPT_CHECK, "false", 0, 0, { NULL },
      "the host may send go ponder (the engine reports a ponder move either way)" },
    { "Clear Hash", OPTION_CLEAR_HASH, OPT_BUTTON, "", 0, 0, { NULL },
      "clears the transposition table and move-ordering tables" },
    /* Empty by default: an installed engine knows no table folder; make
     * match and the suites pass tb/ when it was built (docs/tablebases.md). */
    { "TablebasePath", OPTION_TABLEBASE_PATH, OPT_STRING, "", 0, 0, { NULL },
      "folder of the endgame tables (dablo-tb); empty = none" },
};
// clang-format on

int option_count(void)
{
    return (int)(sizeof table / sizeof table[0]);
}

const OptionDesc *option_at(int i)
{
    return i >= 0 && i < option_count() ? &table[i] : NULL;
}

const OptionDesc *option_find(const char *name)
{
    for (int i = 0; i < option_count(); i++)
        if (strcasecmp(name, table[i].name) == 0) return &table[i];
    return NULL;
}

static const char *type_name(OptionType t)
{
    static const char *const names[] = { "check", "spin", "combo", "button", "string" };
    return names[t];
}

int option_check_value(const OptionDesc *o, const char *value, char *canon, size_t canonlen,
                       char *err, size_t errlen)
{
    switch (o->type) {
    case OPT_BUTTON:
        snprintf(canon, canonlen, "%s", "");
        return 0;
    case OPT_STRING:
        /* "<empty>" is how `uci` shows an empty default; a host that sends
         * it back means empty (Stockfish's convention for SyzygyPath). */
        snprintf(canon, canonlen, "%s", strcmp(value, "<empty>") == 0 ? "" : value);
        return 0;
    case OPT_CHECK:
        if (strcasecmp(value, "true") == 0 || strcasecmp(value, "false") == 0) {
            snprintf(canon, canonlen, "%s", (value[0] | 0x20) == 't' ? "true" : "false");
            return 0;
        }
        snprintf(err, errlen, "invalid value '%.*s%s' for option %s (expected true or false)",
                 UCI_WORD(value), o->name);
        return -1;
    case OPT_SPIN: {
        long long x;
        if (uci_parse_int64(value, &x) == 0 && x >= o->min && x <= o->max) {
            snprintf(canon, canonlen, "%lld", x);
            return 0;
        }
        snprintf(err, errlen,
                 "invalid value '%.*s%s' for option %s (expected an integer %lld..%lld)",
                 UCI_WORD(value), o->name, o->min, o->max);
        return -1;
    }
    case OPT_COMBO: {
        char expected[128] = "";
        size_t n = 0;
        for (int i = 0; o->vars[i]; i++) {
            if (strcasecmp(value, o->vars[i]) == 0) {
                snprintf(canon, canonlen, "%s", o->vars[i]);
                return 0;
            }
            n += (size_t)snprintf(expected + n, sizeof expected - n, "%s%s",
                                  i == 0 ? "" : o->vars[i + 1] ? ", " : " or ", o->vars[i]);
            if (n >= sizeof expected) n = sizeof expected - 1;
        }
        snprintf(err, errlen, "invalid value '%.*s%s' for option %s (expected %s)", UCI_WORD(value),
                 o->name, expected);
        return -1;
    }
    }
    return -1;
}

void option_uci_line(const OptionDesc *o, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "option name %s type %s", o->name, type_name(o->type));
#define ADD(...) do { if (n < len) n += (size_t)snprintf(buf + n, len - n, __VA_ARGS__); } while (0)
    switch (o->type) {
    case OPT_CHECK: ADD(" default %s", o->def); break;
    case OPT_SPIN: ADD(" default %s min %lld max %lld", o->def, o->min, o->max); break;
    case OPT_COMBO:
        ADD(" default %s", o->def);
        for (int i = 0; o->vars[i]; i++) ADD(" var %s", o->vars[i]);
        break;
    case OPT_STRING: ADD(" default %s", o->def[0] ? o->def : "<empty>"); break;
    case OPT_BUTTON: break;
    }
#undef ADD
}
