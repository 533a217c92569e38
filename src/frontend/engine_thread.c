/*
 * engine_thread.c - runs searches, perft and bench beside the command loop.
 */
#include "engine_thread.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules/movegen.h"
#include "rules/notation.h"
#include "search/output.h"
#include "search/timeman.h"
#include "rules/perft.h"
#include "util/outstream.h"

int64_t engine_thread_now_ms(void)
{
    return timeman_now_ms();
}

void engine_thread_init(EngineThread *w, void (*on_done)(void *), void *ctx)
{
    memset(w, 0, sizeof *w);
    atomic_init(&w->busy, 0);
    atomic_init(&w->stop, 0);
    atomic_init(&w->ponderhit, 0);
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->done, NULL);
    w->on_done = on_done;
    w->on_done_ctx = ctx;
}

void engine_thread_free(EngineThread *w)
{
    engine_thread_wait(w, WAIT_STOP_ALL);
    game_free(&w->game);
    free(w->limits);
    w->limits = NULL;
    pthread_cond_destroy(&w->done);
    pthread_mutex_destroy(&w->lock);
}

int engine_thread_busy(EngineThread *w)
{
    return atomic_load(&w->busy);
}

JobKind engine_thread_job(EngineThread *w)
{
    return atomic_load(&w->busy) ? w->kind : JOB_NONE;
}

/* Marks the job finished: called by the job thread after its last line. */
static void job_done(EngineThread *w)
{
    pthread_mutex_lock(&w->lock);
    atomic_store(&w->busy, 0);
    pthread_cond_broadcast(&w->done);
    pthread_mutex_unlock(&w->lock);
    if (w->on_done) w->on_done(w->on_done_ctx);
}

/* The "bestmove" line for the result of search_run(). */
static void print_bestmove(const Game *g, int rc, const Move *best, const Move *ponder)
{
    if (rc < 0) {
        output_text("bestmove (none)");
        return;
    }
    char b[MOVE_STR_MAX], p[MOVE_STR_MAX];
    notation_move_string(&g->pos, best, b, sizeof b);
    /* The ponder move is printed only if it is a legal reply to best. */
    if (ponder->from != ponder->to || ponder->captured) {
        Position after = g->pos;
        Undo u;
        MoveList list;
        position_make(&after, best, &u);
        movegen_legal(&after, &list);
        for (int i = 0; i < list.n; i++)
            if (move_equal(&list.moves[i], ponder)) {
                notation_move_string(&after, ponder, p, sizeof p);
                output_line("bestmove %s ponder %s", b, p);
                return;
            }
    }
    output_line("bestmove %s", b);
}

/* The bestmove given by the search's timer thread when the search thread
 * is late (search.h, search_set_answer). */
static void early_bestmove(void *ctx, const Move *best, const Move *ponder)
{
    EngineThread *w = ctx;
    print_bestmove(&w->game, 0, best, ponder);
}

static void run_search(EngineThread *w)
{
    Move best, ponder;
    memset(&best, 0, sizeof best);
    memset(&ponder, 0, sizeof ponder);
    search_set_quiet(w->search, w->keep);
    search_set_answer(w->search, w->keep ? NULL : early_bestmove, w);
    atomic_store(&w->entered, engine_thread_now_ms());
    int rc = search_run(w->search, &w->game, w->limits, &w->opt, &best, &ponder);
    if (w->keep) {
        w->answer_rc = rc;
        w->answer = best;
        return;
    }
    if (rc != 1) print_bestmove(&w->game, rc, &best, &ponder); /* 1: already given */
}

/* Subtrees of at most this many plies go to perft() whole: around a
 * hundred thousand leaves, a few milliseconds, so a stop is noticed fast. */
enum { PERFT_CHUNK_DEPTH = 4 };

/* perft() of perft.h split into chunks, with a stop check between them;
 * the sum of the children is the same count.  *stopped is set when the
 * count was cut short. */
static uint64_t perft_stoppable(EngineThread *w, Position *pos, int depth, int *stopped)
{
    if (depth <= PERFT_CHUNK_DEPTH) return perft(pos, depth);
    MoveList list;
    Move *moves;
    uint64_t total = 0;
    int n = movegen_legal_all(pos, &list, &moves);
    for (int i = 0; i < n && !*stopped; i++) {
        Undo u;
        position_make(pos, &moves[i], &u);
        total += perft_stoppable(w, pos, depth - 1, stopped);
        position_unmake(pos, &moves[i], &u);
        if (atomic_load(&w->stop)) *stopped = 1;
    }
    movegen_legal_all_free(&list, moves);
    return total;
}

/* go perft: the divide of perft.h, with stop checks while counting. */
static void run_perft(EngineThread *w)
{
    MoveList list;
    Move *moves;
    uint64_t total = 0;
    int64_t t0 = timeman_now_us();
    /* Every root move, also beyond a list's capacity (movegen_legal_all). */
    int nmoves = movegen_legal_all(&w->pos, &list, &moves);
    for (int i = 0; i < nmoves; i++) {
        int stopped = atomic_load(&w->stop);
        uint64_t n = 0;
        char s[MOVE_STR_MAX];
        if (!stopped) {
            Undo u;
            notation_move_string(&w->pos, &moves[i], s, sizeof s);
            position_make(&w->pos, &moves[i], &u);
            n = perft_stoppable(w, &w->pos, w->depth - 1, &stopped);
            position_unmake(&w->pos, &moves[i], &u);
        }
        if (stopped) {
            output_line("info string perft stopped after %d of %d root move%s", i, nmoves,
                        nmoves == 1 ? "" : "s");
            movegen_legal_all_free(&list, moves);
            return;
        }
        output_line("%s: %" PRIu64, s, n);
        total += n;
    }
    movegen_legal_all_free(&list, moves);
    /* time in whole ms, nps from the microseconds: a count within 1 ms
     * says time 0 and its true rate, not nodes * 1000 (PROTOCOL.md). */
    int64_t us = timeman_now_us() - t0;
    if (us < 1) us = 1;
    output_line("info string perft depth %d nodes %" PRIu64 " time %" PRId64 " nps %" PRIu64,
                w->depth, total, us / 1000, (uint64_t)((double)total * 1e6 / (double)us));
    output_line("Nodes searched: %" PRIu64, total);
}

static void run_job(EngineThread *w)
{
    switch (w->kind) {
    case JOB_SEARCH: run_search(w); break;
    case JOB_PERFT: run_perft(w); break;
    case JOB_BENCH: search_bench_run(w->bench, w->depth, &w->stop); break;
    case JOB_NONE: break;
    }
    job_done(w);
}

static void *thread_main(void *arg)
{
    run_job(arg);
    return NULL;
}

/* Starts the prepared job in a new thread, or runs it here if that fails. */
static void launch(EngineThread *w, JobKind kind)
{
    w->kind = kind;
    atomic_store(&w->stop, 0);
    atomic_store(&w->ponderhit, 0);
    atomic_store(&w->entered, 0);
    atomic_store(&w->busy, 1);
    pthread_attr_t attr;
    int rc = pthread_attr_init(&attr);
    if (rc == 0) {
        /* search_run() may recurse deeply: give the thread a generous stack. */
        pthread_attr_setstacksize(&attr, (size_t)64 << 20);
        rc = pthread_create(&w->tid, &attr, thread_main, w);
        pthread_attr_destroy(&attr);
    }
    if (rc == 0) {
        w->joinable = 1;
    } else {
        output_line("info string warning: cannot start the search thread (%s); running in the command loop",
                 strerror(rc));
        run_job(w);
    }
}

/* Copies the game by replaying its moves (the Game owns its arrays). */
static int copy_game(Game *dst, const Game *src)
{
    game_free(dst);
    if (game_init(dst, &src->start) < 0) return -1;
    for (int i = 0; i < src->nmoves; i++)
        if (game_play(dst, &src->moves[i]) < 0) return -1;
    return 0;
}

static int start_search(EngineThread *w, Search *s, const Game *g, const SearchLimits *limits,
                        const SearchOptions *opt, bool keep)
{
    engine_thread_wait(w, WAIT_STOP_SEARCH);
    w->keep = keep;
    w->answer_rc = -1;
    if (!w->limits) w->limits = malloc(sizeof *w->limits);
    if (!w->limits || copy_game(&w->game, g) < 0) {
        output_text("info string error: out of memory copying the game");
        if (keep) return -1;
        output_text("info depth 0 score cp 0");
        output_text("bestmove (none)");
        return -1;
    }
    w->search = s;
    *w->limits = *limits;
    w->opt = *opt;
    launch(w, JOB_SEARCH);
    return 0;
}

int engine_thread_search(EngineThread *w, Search *s, const Game *g, const SearchLimits *limits,
                         const SearchOptions *opt)
{
    return start_search(w, s, g, limits, opt, false);
}

int engine_thread_search_kept(EngineThread *w, Search *s, const Game *g, const SearchLimits *limits,
                              const SearchOptions *opt)
{
    return start_search(w, s, g, limits, opt, true);
}

int engine_thread_answer(const EngineThread *w, Move *best)
{
    *best = w->answer;
    return w->answer_rc;
}

void engine_thread_perft(EngineThread *w, const Position *pos, int depth)
{
    engine_thread_wait(w, WAIT_STOP_SEARCH);
    w->pos = *pos;
    w->depth = depth;
    launch(w, JOB_PERFT);
}

void engine_thread_bench(EngineThread *w, int depth)
{
    engine_thread_wait(w, WAIT_STOP_SEARCH);
    /* Made here and freed by engine_thread_wait(), both in the command
     * loop's thread, so a stop from that thread never meets a freed one. */
    w->bench = search_new(SEARCH_BENCH_HASH_MIB);
    if (!w->bench) {
        output_line("info string error: bench: out of memory");
        return;
    }
    w->depth = depth;
    launch(w, JOB_BENCH);
}

/* The search a stop goes to: the running search's, or the bench's. */
static Search *stoppable(EngineThread *w)
{
    return w->kind == JOB_SEARCH ? w->search : w->kind == JOB_BENCH ? w->bench : NULL;
}

void engine_thread_interrupt(EngineThread *w)
{
    if (!atomic_load(&w->busy)) return;
    atomic_store(&w->stop, 1);
    Search *s = stoppable(w);
    if (s) search_stop(s);
}

void engine_thread_stop(EngineThread *w)
{
    engine_thread_interrupt(w);
}

void engine_thread_ponderhit(EngineThread *w)
{
    if (!atomic_load(&w->busy) || w->kind != JOB_SEARCH) return;
    search_ponderhit(w->search);
    /* Sent too early, search_run() may have reset it: send it once more. */
    int64_t entered = atomic_load(&w->entered);
    if (entered == 0 || engine_thread_now_ms() < entered + ENGINE_SETTLE_MS)
        atomic_store(&w->ponderhit, 1);
}

int engine_thread_pending(EngineThread *w)
{
    if (!atomic_load(&w->busy) || !stoppable(w)) return 0;
    return atomic_load(&w->stop) || atomic_load(&w->ponderhit);
}

int engine_thread_stopping(EngineThread *w)
{
    return atomic_load(&w->busy) && atomic_load(&w->stop);
}

void engine_thread_poll(EngineThread *w)
{
    if (!atomic_load(&w->busy) || !stoppable(w)) return;
    if (atomic_load(&w->stop)) search_stop(stoppable(w));
    if (w->kind != JOB_SEARCH) return;
    int64_t entered = atomic_load(&w->entered);
    if (atomic_load(&w->ponderhit) && entered && engine_thread_now_ms() >= entered + ENGINE_SETTLE_MS) {
        atomic_store(&w->ponderhit, 0);
        search_ponderhit(w->search);
    }
}

void engine_thread_wait(EngineThread *w, WaitMode mode)
{
    if ((mode == WAIT_STOP_SEARCH && w->kind == JOB_SEARCH)
        || (mode == WAIT_STOP_ALL && w->kind != JOB_BENCH))
        engine_thread_stop(w);
    pthread_mutex_lock(&w->lock);
    while (atomic_load(&w->busy)) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += ENGINE_POLL_MS * 1000000L;
        if (ts.tv_nsec >= 1000000000L) { ts.tv_sec++; ts.tv_nsec -= 1000000000L; }
        int rc = pthread_cond_timedwait(&w->done, &w->lock, &ts);
        if (rc == ETIMEDOUT && atomic_load(&w->busy)) {
            pthread_mutex_unlock(&w->lock);
            /* Nobody reads the job's lines any more (a closed pipe, a full
             * disk): its lines are lost, so it ends as at stop.  A pipe's
             * reader that has gone is seen here, every ENGINE_POLL_MS,
             * without waiting for the job's next line (a perft's root move
             * can take minutes); the job itself pays nothing. */
            if (mode == WAIT_OUTPUT && !atomic_load(&w->stop) && outstream_stdout_probe())
                engine_thread_stop(w);
            engine_thread_poll(w);
            pthread_mutex_lock(&w->lock);
        }
    }
    pthread_mutex_unlock(&w->lock);
    if (w->joinable) {
        pthread_join(w->tid, NULL);
        w->joinable = 0;
    }
    search_free(w->bench);
    w->bench = NULL;
}
