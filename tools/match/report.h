/*
 * report.h - the running tallies of a match and their display: one live
 * line per recorded game and the final summary.
 *
 * Counts are kept per encounter (pair of engines; the lower-numbered
 * engine is the "first", whose results the statistics describe) in the
 * Stats of tools/stats/stats.h: every game adds to W-D-L, and the second
 * game of a pair (same pair number, same encounter) completes a
 * pentanomial sample.  Terminations are tallied once per game by their
 * word (record.h).  With -sprt (two engines) the verdict is checked after
 * every game.  Also kept: points per engine (standings for 3+ engines)
 * and, per engine, the latency = runner-measured time minus the engine's
 * own reported "time" of each move.
 */
#ifndef DABLO_MATCH_REPORT_H
#define DABLO_MATCH_REPORT_H

#include <stdint.h>
#include <stdio.h>
#include "config.h"
#include "record.h"
#include "stats.h"

typedef struct Encounter {
    int a, b;            /* engine indices, a < b; a is "first" */
    Stats st;
    uint8_t *pending;    /* by pair number: 0 = none, else StatsResult + 1 of its first game */
    int pending_cap;
} Encounter;

typedef struct Report {
    const MatchConfig *cfg;
    Encounter *enc;      /* nengines * nengines table, used where a < b */
    uint64_t terms[TERM_NB];
    double *points;      /* per engine */
    int *played;         /* per engine */
    int64_t *lat_sum_us, *lat_max_us;
    int64_t *lat_n;
    int done, total;     /* games recorded (including resumed ones), games in the match or shard */
    int done_here;       /* recorded by this process */
    int64_t t0_ms;
    StatsVerdict verdict;
} Report;

void report_init(Report *r, const MatchConfig *c, int total);
void report_free(Report *r);

/* Index of engine `name` (decoded), or -1. */
int report_engine_index(const Report *r, const char *name);

/* Counts one game: engines by index, result, termination.  from_resume:
 * a game of an earlier run (not counted in games/min). */
void report_add(Report *r, int white, int black, int pair, GameResult res, Termination t, int from_resume);

/* Adds a record's latency figures. */
void report_add_latency(Report *r, const GameRecord *g);

/* Prints the live line for a just-recorded game to f. */
void report_live(Report *r, const GameRecord *g, FILE *f);

/* Prints the final summary to f. */
void report_summary(const Report *r, FILE *f);

/* Parses a results/state line and counts it (from_resume).  Returns the
 * game number, or -1 if the line is not a game of this match. */
int report_add_line(Report *r, const char *line);

/* The same with the engines given by index (white, black: 0..nengines-1,
 * or -1 for none): for a state read before the engines have their names. */
int report_add_line_as(Report *r, const char *line, int white, int black);

#endif
