/*
 * think.h - one engine move under the runner's deadline: "go", then the
 * engine's lines until "bestmove", with the runner's policy for a move
 * that does not come (built on the search calls of host/engine.h).
 *
 * A timed move (deadline_ms > 0) must end within deadline_ms of the "go"
 * write (the clock's time left, or st=, plus timemargin).  An untimed move
 * (depth=, nodes=) has no clock: the engine is pinged with "isready" every
 * ping_ms and must answer each ping within ping_ms, or it "stalls", and
 * its search may last at most search_ms (-search-ms; 0 = no bound), or it
 * stalls too: an engine that answers every ping but never its "go" would
 * otherwise hold the match for good.  A move past its deadline or bound is
 * answered with "stop" and drained to its bestmove within stop_ms, or the
 * engine is killed, so its late bestmove never reaches the next move or
 * game.
 *
 * Host freezes (hoststall.h): the time the whole machine was frozen during
 * the move is read when it can matter (with -stallcredit, or for a late
 * move's note); with credit_stalls the deadline moves on by that time, so
 * only time the engine could use counts against it.
 */
#ifndef DABLO_MATCH_THINK_H
#define DABLO_MATCH_THINK_H

#include <stdint.h>
#include "host/engine.h"

typedef struct ThinkLimits {
    int64_t deadline_ms;      /* > 0: timed move (see top); 0: untimed, pinged */
    int64_t ping_ms;          /* untimed: ping interval and answer time; timed: "go" write time */
    int64_t search_ms;        /* untimed: the longest search (ms), 0 = no bound */
    int64_t stop_ms;          /* time to drain a late search after "stop" */
    int credit_stalls;        /* -stallcredit */
} ThinkLimits;

/* Why think_move() gave ENGINE_TIMEOUT. */
typedef enum {
    THINK_IN_TIME,       /* not late (any status but ENGINE_TIMEOUT) */
    THINK_PAST_DEADLINE, /* timed: no bestmove within deadline_ms */
    THINK_NO_PONG,       /* untimed: a ping unanswered within ping_ms */
    THINK_PAST_BOUND     /* untimed: no bestmove within search_ms */
} ThinkLate;

typedef struct ThinkResult {
    EngineSearch search;      /* move, info lines, elapsed_us: "go" write to "bestmove" read */
    int64_t frozen_us;        /* machine frozen during the move (read as the top says, else 0) */
    int64_t stolen_ms;        /* steal time of a move past its deadline, else -1 */
    ThinkLate late;           /* with ENGINE_TIMEOUT, which limit it was */
} ThinkResult;

/* Plays one move: writes go_line and waits as the top says.  ENGINE_OK:
 * r->search holds the bestmove (r->search.move "" when the line had
 * none).  ENGINE_TIMEOUT: past the deadline or the bound, or no answer to
 * a ping (r->late says which); the engine was stopped and drained (still usable) or killed (e->running
 * 0).  ENGINE_EOF: the engine is gone.  ENGINE_ABORT: the run is being
 * aborted. */
EngineStatus think_move(Engine *e, const char *go_line, const ThinkLimits *lim, ThinkResult *r);

#endif
