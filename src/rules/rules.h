/*
 * rules.h - the rule options of RULES.md sections 1-3, by their protocol names.
 *
 * A Rules value is a small plain struct copied into every Position, so the
 * move generator reads its options without indirection.  Names and values
 * are exactly those of RULES.md (Captures, ForwardOnlyMen, KingCaptureEnds,
 * KingAndPrinceCaptureEnds, Rules, MaxCapture, DrawPlies); matching is
 * case-insensitive.  The engine, the match runner and the tests all use
 * rules_set() so an option means the same thing everywhere.
 */
#ifndef DABLO_RULES_H
#define DABLO_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include "geometry.h"

typedef enum {
    CAPTURES_OPTIONAL,       /* Cyningstan 8, 10 */
    CAPTURES_COMPULSORY,     /* Wikipedia 4a */
    CAPTURES_COMPULSORY_MEN  /* Cyningstan 15 */
} CaptureRule;

typedef enum { PRESET_CLASSIC, PRESET_MODERN, PRESET_ANTI_DRAW } RulesPreset;

enum { DRAW_PLIES_DEFAULT = 100, DRAW_PLIES_MAX = 10000 };

typedef struct Rules {
    Variant variant;
    RulesPreset preset;                /* last preset set (Dablot "Rules") */
    CaptureRule captures;              /* Dablot only; Tabal is always compulsory */
    bool forward_only_men;             /* Dablot */
    bool king_capture_ends;            /* Dablot */
    bool king_and_prince_capture_ends; /* Dablot */
    bool max_capture;                  /* Tabal */
    int draw_plies;                    /* plies, 0 = off, 0..DRAW_PLIES_MAX */
} Rules;

/* The default rules of a variant (Dablot: Rules classic; Tabal: MaxCapture
 * false; both DrawPlies 100). */
Rules rules_default(Variant v);

/* Applies the Dablot preset (RULES.md section 1 "Rule options"): resets
 * Captures, ForwardOnlyMen, KingCaptureEnds and KingAndPrinceCaptureEnds. */
void rules_apply_preset(Rules *r, RulesPreset preset);

/* Sets one rule option by its protocol name and value ("Captures",
 * "compulsory-men").  Also accepts "Variant" (which resets every option to the
 * variant's defaults).  Returns 0 on success; on error returns -1, leaves *r
 * unchanged and writes a one-line message naming the option and the value
 * into err (errlen bytes, may be 0).  Returns 1 if name is not a rule option
 * at all (so the caller can try its own options); err is then untouched. */
int rules_set(Rules *r, const char *name, const char *value, char *err, size_t errlen);

/* The pass in which a rule option takes effect when several are given
 * together (dablo-match's -rules and -option, the "options" of dablo-web's
 * new game): 0 for the preset "Rules", 1 for every other option (name
 * case-insensitive).  Applying pass 0 before pass 1 makes the result
 * independent of the order they were listed in: the preset, then the
 * single options over it (docs/match.md "Rules"). */
int rules_option_pass(const char *name);

/* The game a rule option belongs to (RULES.md section 1 "Rule options":
 * Rules, Captures, ForwardOnlyMen, KingCaptureEnds, KingAndPrinceCaptureEnds
 * are Dablot's; section 2: MaxCapture is Tabal's), by its protocol name
 * (case-insensitive), or -1 for an option of both (Variant, DrawPlies) or
 * a name that is no rule option. */
int rules_option_variant(const char *name);

/* The name of the i-th rule option (0 <= i), in RULES.md's order: Rules,
 * Captures, ForwardOnlyMen, KingCaptureEnds, KingAndPrinceCaptureEnds,
 * MaxCapture, DrawPlies; NULL past the last.  "Variant", which chooses the
 * game rather than a rule of it, is not listed.  The strings are static.
 * This is the library's one table of rule options (rules_set() refuses any
 * other name), so a list made from it cannot miss one. */
const char *rules_option_name(int i);

/* Writes the names of the rule options of a game of variant v (its own and
 * both games', in rules_option_name()'s order) joined by ", " into buf
 * (len bytes, cut to fit, always terminated when len > 0): "MaxCapture,
 * DrawPlies" for Tabal. */
void rules_option_list(Variant v, char *buf, size_t len);

/* Whether rule option name may be set in a game of variant v: returns 0
 * for an option of v or of both games (DrawPlies), and for a name that is
 * no rule option (Variant included: the caller refuses or sets it); -1
 * for an option of the other game (rules_option_variant()), writing
 * "MaxCapture belongs to Tabal, not Dablot" into err (errlen bytes, may be
 * 0).  dablo-match's -option, dablo-web's new game and its PGN Rules tag
 * refuse such an option with this line. */
int rules_option_game_check(Variant v, const char *name, char *err, size_t errlen);

/* Writes the current value of a rule option by name into buf; returns 0, or
 * 1 if name is not a rule option. */
int rules_get(const Rules *r, const char *name, char *buf, size_t len);

/* Names and textual forms, for option lists and records. */
const char *rules_captures_name(CaptureRule c);
const char *rules_preset_name(RulesPreset p);

/* One line describing every non-default option, e.g.
 * "Captures=compulsory ForwardOnlyMen=true"; "" when all are defaults. */
void rules_describe(const Rules *r, char *buf, size_t len);

#endif
