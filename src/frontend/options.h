/*
 * options.h - the protocol's option table: names, types, defaults, ranges
 * (protocol/PROTOCOL.md section 4).
 *
 * One read-only table describes every option: the engine options (Hash,
 * Threads, MoveOverhead, MultiPV, Skill Level, Contempt, Ponder, Clear Hash,
 * TablebasePath), Variant, and every rule
 * option of RULES.md with its exact name and values (Rules, Captures,
 * ForwardOnlyMen, KingCaptureEnds, KingAndPrinceCaptureEnds, MaxCapture,
 * DrawPlies).  The table gives the "option name ..." lines of "uci", checks
 * and normalises values for "setoption", and feeds tab completion.  Applying
 * a value is the command loop's job (uci.c); rule options are applied with
 * rules_set() so they mean the same as everywhere else.
 */
#ifndef DABLO_OPTIONS_H
#define DABLO_OPTIONS_H

#include <stddef.h>

typedef enum { OPT_CHECK, OPT_SPIN, OPT_COMBO, OPT_BUTTON, OPT_STRING } OptionType;

typedef enum {
    OPTION_VARIANT,
    OPTION_RULE,
    OPTION_HASH,
    OPTION_THREADS,
    OPTION_MOVE_OVERHEAD,
    OPTION_MULTIPV,
    OPTION_SKILL_LEVEL,
    OPTION_CONTEMPT,
    OPTION_TRADE_BONUS,
    OPTION_PONDER,
    OPTION_CLEAR_HASH,
    OPTION_TABLEBASE_PATH
} OptionId;

enum { OPTION_MAX_VARS = 4 };

typedef struct OptionDesc {
    const char *name;          /* as printed; matched case-insensitively */
    OptionId id;
    OptionType type;
    const char *def;           /* default value as text ("" for a button) */
    long long min, max;        /* spin range */
    const char *vars[OPTION_MAX_VARS + 1];   /* combo values, NULL-terminated */
    const char *help;          /* one line for PROTOCOL.md and "help" */
} OptionDesc;

/* Number of options and the i-th (0 <= i < option_count()). */
int option_count(void);
const OptionDesc *option_at(int i);

/* Option by name, case-insensitive; NULL if unknown. */
const OptionDesc *option_find(const char *name);

/* Checks value for option o and writes its normal form into canon (combo
 * and check values in the table's spelling, spins as plain decimals).
 * Returns 0, or -1 with a one-line message in err naming the option, the
 * value and what is expected. */
int option_check_value(const OptionDesc *o, const char *value, char *canon, size_t canonlen,
                       char *err, size_t errlen);

/* The "option name ... type ..." line of o for the "uci" command. */
void option_uci_line(const OptionDesc *o, char *buf, size_t len);

#endif
