/*
 * datagen.h - training positions from self-play (dablo-tune gen).
 *
 * The engine plays itself in-process (src/search, one thread, its own 16
 * MiB table each side, cleared before every game): no protocol, no
 * processes, so a game costs only its searches.  Game g (0-based) of a run
 * is fixed by the seed and g alone: its opening (a line of the openings
 * file, or the start position), 0..random_plies random legal plies after
 * it, and each side's node budget (one of the list) are drawn from a
 * splitmix64 stream seeded by seed and g.  Shard i of n plays the games g
 * with g mod n = i - 1, so the shards of a run together play exactly the
 * games of the unsplit run.
 *
 * Recorded: every position the engine searched that is quiet (the side to
 * to move has no capture, RULES.md sections 1 and 2: a capture pending
 * would make the static evaluation a poor judge), not seen before in the
 * run (game and key, data.h), with the search's score; once the game has
 * ended, with its result (game.h: every game-end rule, threefold
 * repetition, DrawPlies).  A game still going after max_plies is dropped.
 * Records are written a whole game at a time and flushed.
 */
#ifndef DABLO_TUNE_DATAGEN_H
#define DABLO_TUNE_DATAGEN_H

#include <stdint.h>
#include <stdio.h>

#include "data.h"

enum { DATAGEN_MAX_BUDGETS = 16 };

typedef struct DatagenSpec {
    TuneGame game;
    const char *openings; /* FEN file (one a line, '#' comments), NULL = start position */
    int random_plies;     /* 0..this random plies after the opening (0..40) */
    uint64_t nodes[DATAGEN_MAX_BUDGETS]; /* node budgets a move, each >= 1 */
    int nbudgets;
    int64_t games; /* games of the whole run (all shards) */
    uint64_t seed;
    int shard, nshards; /* 1..nshards */
    int max_plies;      /* a game longer than this is dropped */
    int trade_bonus;    /* the search's TradeBonus, 0..TRADE_BONUS_MAX (search.h);
                         * the score recorded leaves out the root's share */
    const char *out_name; /* the data file's name for a write error, NULL = "the data file" */
} DatagenSpec;

typedef struct DatagenStats {
    int64_t games, dropped; /* played to the end; dropped (too long) */
    int64_t results[3];     /* White's half-points: 0-1, 1/2, 1-0 */
    int64_t positions, duplicates, loud;
} DatagenStats;

/* Plays the shard's games and writes their records to out.  Returns 0, or
 * -1 with a one-line reason in err (a bad openings file, out of memory, a
 * write error: "cannot write OUT_NAME: No space left on device"). */
int datagen_run(const DatagenSpec *spec, FILE *out, DatagenStats *st, char *err, size_t errlen);

#endif
