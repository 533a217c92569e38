/*
 * think.c - one engine move under the runner's deadline (see think.h).
 */
#include "think.h"

#include <string.h>

#include "host/util.h"
#include "hoststall.h"

/* After a deadline: "stop", then the late bestmove or a kill. */
static void stop_late_search(Engine *e, ThinkResult *r, int64_t stop_ms)
{
    int64_t elapsed_us = r->search.elapsed_us;
    if (engine_search_stop(e, &r->search, stop_ms) == ENGINE_OK)
        transcript_note(e->ch.log, e->ch.slot, e->ch.name, "late bestmove drained after stop");
    r->search.elapsed_us = elapsed_us;   /* the time to the deadline, not to the drained bestmove */
}

EngineStatus think_move(Engine *e, const char *go_line, const ThinkLimits *lim, ThinkResult *r)
{
    const int64_t deadline_ms = lim->deadline_ms, ping_ms = lim->ping_ms;
    memset(r, 0, sizeof *r);
    r->search.info.depth = -1;
    r->search.info.time_ms = -1;
    r->stolen_ms = -1;
    if (!e->running) return ENGINE_EOF;
    /* Steal is read only for timed moves, and at the end only for a move
     * over its deadline (for the loss's note); the frozen time only when
     * it is credited or a move is late. */
    HostMark mark = hoststall_mark(deadline_ms > 0);
    EngineSearch *s = &r->search;
    if (engine_search_start(e, go_line, util_now_ms() + (deadline_ms > 0 ? deadline_ms : ping_ms), s) != ENGINE_OK)
        return ENGINE_EOF;
    int64_t t0 = s->start_us;
    mark.t_us = t0;
    /* Rounded up to the next whole ms of the clock the channel waits on, so
     * a move is never forfeited before deadline_ms have really passed. */
    int64_t hard = deadline_ms > 0 ? (t0 + deadline_ms * 1000 + 999) / 1000 : 0;
    int64_t ping_due = deadline_ms > 0 ? 0 : t0 / 1000 + ping_ms;
    int64_t pong_due = 0;       /* deadline of an outstanding ping, 0 = none */
    /* The bound of an untimed search (whole ms, as hard), 0 = none. */
    int64_t bound = deadline_ms <= 0 && lim->search_ms > 0
                      ? (t0 + lim->search_ms * 1000 + 999) / 1000
                      : 0;
    for (;;) {
        int64_t wake = hard ? hard : (pong_due ? pong_due : ping_due);
        if (bound && bound < wake) wake = bound;
        char *line;
        EngineStatus st = engine_read(e, s, wake, &line);
        if (st == ENGINE_ABORT) return ENGINE_ABORT;
        if (st == ENGINE_EOF) {
            s->elapsed_us = util_now_us() - t0;
            return ENGINE_EOF;
        }
        if (st == ENGINE_TIMEOUT) {
            int64_t frozen = -1;   /* not read yet */
            if (hard) {
                /* Woke early, or (with credit_stalls) the machine was
                 * frozen for part of the time: wait for the rest. */
                int64_t now = util_now_us(), used = now - t0;
                if (lim->credit_stalls) used -= (frozen = hoststall_frozen_us(&mark));
                if (used < deadline_ms * 1000) {
                    hard = (now + deadline_ms * 1000 - used + 999) / 1000;
                    continue;
                }
            }
            int64_t now_ms = util_now_ms();
            r->late = hard                           ? THINK_PAST_DEADLINE
                    : bound && now_ms >= bound       ? THINK_PAST_BOUND
                    : pong_due && now_ms >= pong_due ? THINK_NO_PONG
                                                     : THINK_IN_TIME;
            if (r->late != THINK_IN_TIME) {
                static const char *const why[] = {
                    "", "no bestmove within time + margin",
                    "no readyok to a ping during the search",
                    "no bestmove within the bound of an untimed search"
                };
                s->elapsed_us = util_now_us() - t0;
                r->frozen_us = frozen >= 0 ? frozen : hoststall_frozen_us(&mark);
                r->stolen_ms = hoststall_stolen_ms(&mark);
                transcript_note(e->ch.log, e->ch.slot, e->ch.name, "%s after %lld ms", why[r->late],
                                (long long)(s->elapsed_us / 1000));
                stop_late_search(e, r, lim->stop_ms);
                return ENGINE_TIMEOUT;
            }
            if (pong_due) continue; /* woke early: the ping is not due yet */
            if (engine_send(e, "isready", util_now_ms() + ping_ms) != ENGINE_OK) return ENGINE_EOF;
            pong_due = util_now_ms() + ping_ms;
            continue;
        }
        if (s->done) {
            /* Read only when it can matter: a credit, or a late move's note
             * (reading can wait up to 10 ms for a starved heartbeat). */
            int late = deadline_ms > 0 && s->elapsed_us > deadline_ms * 1000;
            if (lim->credit_stalls || late) r->frozen_us = hoststall_frozen_us(&mark);
            if (late) r->stolen_ms = hoststall_stolen_ms(&mark);
            return ENGINE_OK;
        }
        if (strcmp(line, "readyok") == 0 && pong_due) {
            pong_due = 0;
            ping_due = util_now_ms() + ping_ms;
        }
    }
}
