/*
 * config.h - everything a match is set up with, filled by cli.c from the
 * command line (and, on -resume, from the state file's saved command
 * line).  Plain data; the strings are owned by the config and freed by
 * config_free().
 *
 * Time values are in ms unless the field name says otherwise.  Scores are
 * in centipawn-like engine units ("score cp") from the mover's view.
 */
#ifndef DABLO_MATCH_CONFIG_H
#define DABLO_MATCH_CONFIG_H

#include <stdint.h>
#include "host/engine_spec.h"
#include "rules/rules.h"
#include "stats.h"

typedef enum { OPENINGS_FEN = 0, OPENINGS_MOVES = 1 } OpeningFormat;

typedef struct OpeningSpec {
    char *file;          /* NULL = every game from the variant's start position */
    OpeningFormat format;
    int random;          /* order=random (shuffled with the seed) */
    int64_t start;       /* 1-based first opening (start=K) */
    /* How a FEN of the other game is hinted (position_fen_hint_as()):
     * NULL = "-variant " and the game's name (dablo-match), and a line of
     * moves in a FEN suite is hinted "(a list of moves? use
     * format=moves)"; else this option and hint_games[the other game]
     * (dablo-tune gen's -game), and no format hint (gen reads FEN only). */
    const char *hint_how;
    const char *const *hint_games;
} OpeningSpec;

/* Adjudication (adjudicate.h). */
typedef struct AdjudicationSpec {
    int draw_on;
    int draw_movenumber;     /* full-move number from which draws are judged */
    int draw_movecount;      /* consecutive moves of each side */
    int64_t draw_score;      /* |score| <= this */
    int resign_on;
    int resign_movecount;    /* consecutive moves of the losing side */
    int64_t resign_score;    /* score <= -this */
    int resign_twosided;     /* the winner must agree (score >= this) */
    int maxmoves;            /* draw when the game reaches this many full moves, 0 = off */
} AdjudicationSpec;

typedef struct MatchConfig {
    EngineSpec *engines;
    int nengines;
    EngineSpec each;         /* -each settings, merged into every engine */

    Rules rules;             /* the judge's rules: -variant, -rules, -option */
    OptionList sent;         /* options sent to every engine: Variant first, then rule options in order */

    int games, rounds, repeat, gauntlet, concurrency;
    OpeningSpec openings;
    uint64_t seed;
    int seed_given;

    AdjudicationSpec adj;
    char *tb_path;          /* -tb: endgame tables adjudicate (tbadjudicate.h) */
    const struct TbSet *tb; /* opened by match_run, NULL = none */

    char *pgnout;
    int pgn_min;             /* no per-move comments */
    char *results;
    char *logfile;
    char *event;
    char *resume;            /* state file */
    int stale_state;         /* without -resume, the default state file was an empty one that
                              * no run held: left by a run killed before it wrote its state
                              * (outputs_guard_match; removed at the end when still empty) */
    int rebuild;             /* -rebuild: on resume, cut damaged files back instead of refusing */
    int shard_i, shard_n;    /* play only pairs with index % shard_n == shard_i - 1 */

    int recover;
    int stall_credit;        /* -stallcredit: machine freezes not charged (hoststall.h) */
    int64_t startup_ms, newgame_ms, ping_ms, stop_ms, quit_ms;
    int64_t search_ms; /* longest untimed search (-search-ms), 0 = no bound */

    int sprt_on;
    StatsSprtParams sprt;
    int quiet;               /* no live line per game */
} MatchConfig;

/* Sets the defaults (documented in --help). */
void config_defaults(MatchConfig *c);
void config_free(MatchConfig *c);

#endif
