/*
 * think.h - one engine move under the runner's deadline: "go", then the
 * engine's lines until "bestmove", with the runner's policy for a move
 * that does not come (built on the search calls of host/engine.h).
 *
 * A timed move (deadline_ms > 0) must end within deadline_ms of the "go"
 * write (the clock's time left, or st=, plus timemargin).  An untimed move
 * (depth=, nodes=) has no deadline, but the engine is pinged with
 * "isready" every ping_ms and must answer each ping within ping_ms, or it
 * "stalls".  A move past its deadline is answered with "stop" and drained
 * to its bestmove within stop_ms, or the engine is killed, so its late
 * bestmove never reaches the next move or game.
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
    int64_t stop_ms;          /* time to drain a late search after "stop" */
    int credit_stalls;        /* -stallcredit */
} ThinkLimits;

typedef struct ThinkResult {
    EngineSearch search;      /* move, info lines, elapsed_us: "go" write to "bestmove" read */
    int64_t frozen_us;        /* machine frozen during the move (read as the top says, else 0) */
    int64_t stolen_ms;        /* steal time of a move past its deadline, else -1 */
} ThinkResult;

/* Plays one move: writes go_line and waits as the top says.  ENGINE_OK:
 * r->search holds the bestmove (r->search.move "" when the line had
 * none).  ENGINE_TIMEOUT: past the deadline, or no answer to a ping; the
 * engine was stopped and drained (still usable) or killed (e->running
 * 0).  ENGINE_EOF: the engine is gone.  ENGINE_ABORT: the run is being
 * aborted. */
EngineStatus think_move(Engine *e, const char *go_line, const ThinkLimits *lim, ThinkResult *r);

#endif
