/*
 * engine_thread.h - the thread that runs the long jobs of the protocol:
 * searches ("go"), perft ("go perft N") and "bench".
 *
 * The command loop (uci.c) keeps reading stdin while a job runs, so
 * "isready", "stop", "ponderhit" and "quit" are answered at once.  One job
 * runs at a time; a job works on its own copy of the game, so a "position"
 * arriving during a search changes only the protocol's game, never the
 * running search.  Starting a job waits for the previous one to end first.
 *
 * A search job always ends with exactly one "bestmove" line, printed by this
 * module from what search_run() returns ("bestmove (none)" when it reports
 * no legal move); search.c prints the "info" lines before it.
 *
 * Stop and ponderhit are delivered robustly: search.h only promises that
 * search_stop()/search_ponderhit() work while search_run() is running (it
 * resets its flags on entry), and a request can arrive just before the job
 * thread has entered it.  So a stop stays pending and engine_thread_poll()
 * (called by the input loop every ENGINE_POLL_MS while one is pending) sends
 * it again until the job ends.  A ponderhit moves the search's clock start,
 * so it is sent again only once, and only when it arrived before the job
 * thread was ENGINE_SETTLE_MS into search_run().
 *
 * Thread-safety: every function is called from the command-loop thread only,
 * except engine_thread_busy() and engine_thread_interrupt(), which any thread
 * or a signal handler may call.
 */
#ifndef DABLO_ENGINE_THREAD_H
#define DABLO_ENGINE_THREAD_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "rules/game.h"
#include "search/search.h"

/* Interval (ms) at which a pending stop or ponderhit is sent again. */
enum { ENGINE_POLL_MS = 5 };

/* Time (ms) after entering search_run() by which it has surely reset its
 * stop and ponder flags (it does so first thing; this is a wide margin). */
enum { ENGINE_SETTLE_MS = 2 };

typedef enum { JOB_NONE, JOB_SEARCH, JOB_PERFT, JOB_BENCH } JobKind;

typedef struct EngineThread {
    pthread_t tid;
    int joinable;              /* a thread was started and not yet joined */
    atomic_int busy;           /* 1 while a job runs (until its last line is printed) */
    atomic_int stop;           /* stop requested for the current job */
    atomic_int ponderhit;      /* ponderhit requested, to be sent again once */
    _Atomic int64_t entered;   /* monotonic ms when the job thread called search_run(); 0 before */
    pthread_mutex_t lock;
    pthread_cond_t done;       /* signalled when busy drops to 0 */
    JobKind kind;
    Search *search;            /* the protocol's search (not owned) */
    Game game;                 /* search job: copy of the game to search */
    SearchLimits *limits;      /* search job: copy of its limits (32 KiB, malloc'd at the first
                                  search: zeroed here it was 8 page faults of every start) */
    SearchOptions opt;
    Position pos;              /* perft job */
    int depth;                 /* perft / bench depth */
    Search *bench;             /* bench job: its own search (owned), NULL otherwise */
    bool keep;     /* search job: keep the answer (engine_thread_answer), print nothing */
    int answer_rc; /* search_run()'s return of the last kept search */
    Move answer;   /* its best move */
    void (*on_done)(void *ctx);   /* called by the job thread after its last line */
    void *on_done_ctx;
} EngineThread;

/* Initialises w; on_done (may be NULL) is called from the job thread when a
 * job has printed its last line (the terminal uses it to show its prompt). */
void engine_thread_init(EngineThread *w, void (*on_done)(void *), void *ctx);

/* Waits for any job to end (stopping it first) and frees w's resources. */
void engine_thread_free(EngineThread *w);

/* Starts a search of g (copied) within limits (copied); waits first for a
 * previous job (a search is stopped, perft and bench are waited for).  If no thread can be created the search runs in
 * the calling thread.  Returns 0, or -1 if out of memory ("bestmove (none)"
 * has then been printed so the "go" is still answered). */
int engine_thread_search(EngineThread *w, Search *s, const Game *g,
                         const SearchLimits *limits, const SearchOptions *opt);

/* engine_thread_search() for the play mode at the terminal: the search
 * prints no "info" lines and no "bestmove"; once the job has ended (not
 * busy) engine_thread_answer() gives its move. */
int engine_thread_search_kept(EngineThread *w, Search *s, const Game *g, const SearchLimits *limits,
                              const SearchOptions *opt);

/* The answer of the last search started by engine_thread_search_kept(),
 * once it has ended: 0 and *best, or -1 when it had no move. */
int engine_thread_answer(const EngineThread *w, Move *best);

/* Starts "go perft depth" (depth >= 1) on a copy of pos (waiting first as
 * engine_thread_search() does): prints
 * "<move>: <count>" for every root move in generation order, then
 * "Nodes searched: <total>".  Stop ends it within tens of milliseconds
 * (the count is split into subtrees of at most 4 plies). */
void engine_thread_perft(EngineThread *w, const Position *pos, int depth);

/* Starts the bench (search_bench_run(), depth 0 = its default) with a
 * search of its own.  Stop (and Ctrl-C at the terminal) ends it within a
 * search's stop latency: "info string bench stopped after I of N
 * positions", no totals. */
void engine_thread_bench(EngineThread *w, int depth);

/* "stop": asks the running job to end (no effect when idle). */
void engine_thread_stop(EngineThread *w);

/* "ponderhit": the running search switches from pondering to its clock. */
void engine_thread_ponderhit(EngineThread *w);

/* Sends a pending stop/ponderhit again; the input loop calls it every
 * ENGINE_POLL_MS while engine_thread_pending() is true. */
void engine_thread_poll(EngineThread *w);

/* 1 while a stop or ponderhit should still be re-sent. */
int engine_thread_pending(EngineThread *w);

/* 1 while a job asked to stop has not yet ended (its bestmove or last
 * line not yet written). */
int engine_thread_stopping(EngineThread *w);

/* What engine_thread_wait() stops before waiting. */
typedef enum {
    WAIT_ONLY,        /* let the job end by itself */
    WAIT_STOP_SEARCH, /* stop a search; let perft and bench finish */
    WAIT_STOP_ALL,    /* stop a search or a perft (a bench is left to the exit) */
    WAIT_OUTPUT       /* let the job end by itself, unless a write to standard
                         output fails (outstream_stdout_error()) or its pipe's
                         reader goes (outstream_stdout_probe()): then stop it,
                         a bench too, within ENGINE_POLL_MS of the failure */
} WaitMode;

/* Waits until no job runs, stopping it first as mode says (WAIT_OUTPUT:
 * when standard output has failed, also while waiting). */
void engine_thread_wait(EngineThread *w, WaitMode mode);

/* 1 while a job runs.  Async-signal-safe. */
int engine_thread_busy(EngineThread *w);

/* The running job's kind (JOB_NONE when idle). */
JobKind engine_thread_job(EngineThread *w);

/* Asks the running job to stop from a signal handler (SIGINT at the
 * terminal): only sets flags.  Async-signal-safe if search_stop() is. */
void engine_thread_interrupt(EngineThread *w);

/* Monotonic clock in ms. */
int64_t engine_thread_now_ms(void);

#endif
