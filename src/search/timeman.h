/*
 * timeman.h - how long to think: a soft and a hard limit per move.
 *
 * From the "go" limits (search.h SearchLimits) and MoveOverhead:
 *   - movetime T: soft = hard = T - overhead (at least 1 ms);
 *   - a clock (wtime/btime, winc/binc, movestogo): the usable time is the
 *     clock minus the overhead; the soft limit is an even share of it over
 *     the moves still to play (movestogo, or an estimate of 30) plus most
 *     of the increment; the hard limit is several soft limits but never
 *     more than a safe fraction of the usable time, so a flag can only fall
 *     if the host's own latency exceeds MoveOverhead;
 *   - no time given (depth, nodes, infinite, ponder): no time limit.
 * The soft limit is read between iterations (do not start an iteration
 * that is unlikely to finish; stretched when the best move keeps changing,
 * as in Scan's time manager); the hard
 * limit aborts a running iteration once a thread has completed depth 1
 * (search.c keeps it with a timer thread, counting from the
 * ponderhit when pondering).  All times are milliseconds
 * on the monotonic clock.  The factors are named in params.h.
 */
#ifndef DABLO_TIMEMAN_H
#define DABLO_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>
#include "search.h"

typedef struct TimeManager {
    int64_t start;        /* ms, monotonic: when the clock started running for us */
    int64_t soft;         /* ms after start: don't begin another iteration past it */
    int64_t hard;         /* ms after start: abort the search */
    bool timed;           /* false: no time limit at all */
} TimeManager;

/* Milliseconds on the monotonic clock (arbitrary origin). */
int64_t timeman_now_ms(void);

/* Microseconds on the same clock: timeman_now_us() / 1000 is
 * timeman_now_ms().  For rates (nps) of counts that may take under 1 ms. */
int64_t timeman_now_us(void);

/* Computes the limits for side stm from l and move_overhead (ms), starting
 * the clock at l->start_us (when "go" arrived) or, if that is 0, now. */
void timeman_init(TimeManager *tm, const SearchLimits *l, Color stm, int move_overhead);

#endif
