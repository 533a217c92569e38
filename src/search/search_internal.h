/*
 * search_internal.h - the search's private data, shared by search.c (the
 * driver: threads, iterative deepening, output) and alphabeta.c (the tree
 * search: PVS alpha-beta and quiescence).
 *
 * Scores are in hundredths of a man (eval.h).  A decided game is scored
 * MATE - n for a win n plies from the root and -(MATE - n) for a loss, so
 * shorter wins score higher; every |score| >= MATE_BOUND is decided.
 *
 * One Thread per search thread (Lazy SMP): each has its own position, key
 * stack, move lists, history and killers; only the TT (tt.h) and the stop
 * flags are shared.
 */
#ifndef DABLO_SEARCH_INTERNAL_H
#define DABLO_SEARCH_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "movepick.h"
#include "search.h"
#include "timeman.h"
#include "tt.h"

enum {
    MAX_PLY = 128,                 /* deepest ply of the tree (qsearch included) */
    MAX_DEPTH = MAX_PLY - 8,       /* deepest iteration */
    MATE = 32000,
    MATE_BOUND = MATE - 1000,      /* |score| >= this: the game is decided */
    SCORE_INF = 32500,
    MAX_QUIETS = 64,               /* quiet moves remembered per node for history */
    MAX_THREADS = 256,
};

typedef struct RootMove {
    Move move;
    int score;                     /* this iteration; -SCORE_INF if not (fully) searched */
    int prev_score;                /* last completed iteration */
    int shown_score;               /* the score of the last info line */
    int seldepth;
    int pv_len;
    Move pv[MAX_PLY];
} RootMove;

/* Per-ply scratch space of one thread. */
typedef struct Ply {
    MoveList list;
    int scores[MAX_MOVES];
    Move quiets[MAX_QUIETS];
    Move killers[2];
} Ply;

typedef struct Thread {
    struct Search *search;
    int index;                     /* 0 = main thread */
    pthread_t handle;
    Position pos;
    uint64_t *keys;                /* keys[root_index + ply]: game history, then the path */
    int *rev;                      /* reversible plies leading into that position */
    int key_cap;
    int root_index;
    Ply *plies;                    /* MAX_PLY + 1 */
    Move (*pv)[MAX_PLY + 1];       /* pv[ply][i]: the line from ply on */
    int pv_len[MAX_PLY + 1];
    History history;
    RootMove *root_moves;          /* MAX_MOVES */
    RootMove *root_saved;          /* MAX_MOVES: root_moves before the iteration (Lazy SMP) */
    int nroot;
    int pv_index;                  /* MultiPV line being searched */
    int root_depth;
    int completed_depth;
    int seldepth;
    bool aborted;
    bool superseded; /* aborted because another thread completed root_depth */
    _Atomic uint64_t nodes;
    _Atomic uint64_t tbhits; /* tbprobe.h */
} Thread;

struct Search {
    TT tt;
    Thread *threads[MAX_THREADS];
    int nthreads;                  /* threads of the current search */
    _Atomic int best_depth;        /* deepest iteration any thread has completed (Lazy SMP) */
    atomic_bool stop;
    atomic_bool pondering;         /* searching in ponder mode: no time limits */
    atomic_bool ponderhit;         /* a ponderhit arrived (kept until search_run returns) */
    _Atomic int64_t ponderhit_at;  /* ms on the monotonic clock */
    TimeManager tm;                /* read-only while the search runs */
    int64_t start_us;              /* when "go" arrived, else search_run() began (nps) */
    int64_t start_ms;              /* start_us / 1000 (for "time") */
    atomic_bool finished;          /* the main thread is done: the timer thread exits */
    pthread_mutex_t timer_mu;      /* with timer_cv: wakes the timer thread at once */
    pthread_cond_t timer_cv;       /* when the search ends (CLOCK_MONOTONIC) */
    SearchLimits limits;
    SearchOptions opt;
    bool quiet;                    /* no info lines (bench, self-play) */
    /* The early answer (search.h, search_set_answer): when a stop or the
     * hard limit finds the search thread without a CPU, the timer thread
     * answers with the last completed iteration's move.  answer_mu guards
     * the rest: no line is printed once the bestmove has been given. */
    SearchAnswerFn answer_fn; /* NULL: no early answer */
    void *answer_ctx;
    atomic_bool early_ok; /* the stop came from search_stop() or the clock */
    pthread_mutex_t answer_mu;
    bool answered;   /* the bestmove is given: print nothing more */
    bool have_early; /* early_best holds a completed iteration's move */
    Move early_best, early_ponder;
    SearchInfo last;               /* result of the last search_run */
    /* Game history before the root, shared read-only by the threads. */
    uint64_t *hist_keys;
    int *hist_rev;
    int hist_len;                  /* entries, = plies played + 1 */
    int hist_cap;
};

/* True when the game can never return to the positions before m (RULES.md
 * sections 1-2): a capture removes pieces; a man's step that changes rank
 * cannot be undone where men never step backwards (Tabal, Dablot
 * ForwardOnlyMen).  Every other step may be undone, so repetition
 * detection looks back to the last irreversible move only. */
static inline bool move_irreversible(const Position *pos, const Move *m)
{
    return m->captured
        || (piece_type(pos->board[m->from]) == MAN
            && (pos->rules.variant == VARIANT_TABAL || pos->rules.forward_only_men)
            && pos->geo->rank[m->from] != pos->geo->rank[m->to]);
}

/* alphabeta.c */
int ab_root(Thread *t, int alpha, int beta, int depth);
void ab_init_tables(void);
/* The late-move reduction table's entry in plies for depth and moves
 * searched, both 1..63, of Dablot's table or the other one (for the unit
 * check of its construction). */
int ab_lmr_table_entry(bool dablot, int depth, int moves);

/* search.c: called every few thousand nodes by the main thread. */
void search_check_limits(Thread *t);

/* search.c: with more threads, aborts helper t's iteration (t->aborted
 * and t->superseded) when another thread has completed its depth and a
 * deeper one is allowed; never the main thread's (docs/engine.md, "Lazy
 * SMP"). */
void search_check_superseded(Thread *t);

/* search.c: sets the stop flag when all threads' nodes together have
 * reached the node limit (go nodes; Stockfish sums them the same way). */
void search_check_nodes(Thread *t);

static inline uint64_t thread_nodes(Thread *t)
{
    return atomic_load_explicit(&t->nodes, memory_order_relaxed);
}

static inline bool search_stopped(struct Search *s)
{
    return atomic_load_explicit(&s->stop, memory_order_relaxed);
}

#endif
