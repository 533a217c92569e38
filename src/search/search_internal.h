/*
 * search_internal.h - the search's private data, shared by search.c (the
 * driver: threads, iterative deepening, output) and alphabeta.c (the tree
 * search: PVS alpha-beta and quiescence).
 *
 * Scores are in hundredths of a man (eval.h).  A decided game is scored
 * MATE - n for a win n plies from the root and -(MATE - n) for a loss, so
 * shorter wins score higher; every |score| >= MATE_BOUND is decided.
 *
 * One Thread per search thread: each has its own position, key stack,
 * move lists, history and killers; the TT (tt.h), the stop flags and the
 * split points of the parallel search (YBWC, SplitPoint) are shared.
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

/* Pieces on the board at the start of Dablot (RULES.md section 5). */
enum { DABLOT_START_PIECES = 60 };

/* The TradeBonus option's share at pos, for the root's side, in hundredths
 * of a man: in Dablot under optional captures, trade_bonus x (pieces gone
 * of the 60) / 60, else 0 (docs/engine.md, "Trading down").  The tree adds
 * it to static scores and draws; the reported scores have the root's share
 * taken off again, so that a host reads the evaluation's own scale. */
static inline int trade_bonus_at(const SearchOptions *opt, const Position *pos)
{
    if (!opt->trade_bonus || !search_trade_bonus_applies(&pos->rules)) return 0;
    int gone = DABLOT_START_PIECES - bb_count(pos->by_color[WHITE] | pos->by_color[BLACK]);
    return opt->trade_bonus * gone / DABLOT_START_PIECES;
}

typedef struct RootMove {
    Move move;
    int score;                     /* this iteration; -SCORE_INF if not (fully) searched */
    int prev_score;                /* last completed iteration */
    int shown_score;               /* the score of the last info line */
    int score_depth;               /* the iteration that set score */
    int seldepth;
    int pv_len;
    Move pv[MAX_PLY];
} RootMove;

/* The state of a node's move loop (alphabeta.c, search_moves): its window,
 * best result so far and the moves searched.  Shared through a split point
 * when several threads search the node's moves (YBWC). */
typedef struct NodeLoop {
    int alpha, beta, alpha0; /* current window; alpha on entry */
    int depth, ply, ext;     /* plies left, distance from the root, extension */
    int stand;               /* static score, -SCORE_INF where none was taken */
    bool pv_node, lmr, lmr_dablot;
    int best;      /* fail-soft best score, -SCORE_INF before any */
    int nsearched; /* moves searched (or started, at a split point) */
    Move best_move;
    bool have_best;
} NodeLoop;

struct Thread;

/* A node whose remaining moves several threads search at once (Young
 * Brothers Wait: only after its first move was searched; Feldmann 1993,
 * the split points of Crafty and Stockfish 1-6).  It lives on its master's
 * stack; the master returns only once every helper has left it. */
typedef struct SplitPoint {
    /* Read at every thread's nodes below, so alone on its cache line: the
     * lock and the results beside it are written at every move. */
    _Alignas(64) atomic_bool cutoff; /* a move reached beta: every thread leaves */
    _Alignas(64) pthread_mutex_t mu; /* guards nl, mp, pv and slaves */
    struct SplitPoint *parent;       /* the split point the master was working for, or NULL */
    struct Thread *master;
    Position pos;               /* the node */
    int root_index, root_depth; /* the master's, for the helpers' copies */
    NodeLoop nl;
    MovePicker *mp;  /* the master's picker over its ply's list */
    Move killers[2]; /* the master's killers at the node (read-only) */
    int slaves;      /* helpers still working here */
    int pv_len;
    Move pv[MAX_PLY + 1]; /* the best line from the node (PV nodes) */
} SplitPoint;

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
    RootMove *root_moves; /* MAX_MOVES */
    int nroot;
    int pv_index;                  /* MultiPV line being searched */
    int root_depth;
    int completed_depth;
    int seldepth;
    bool aborted;
    _Atomic uint64_t nodes;
    _Atomic uint64_t tbhits; /* tbprobe.h */
    /* YBWC: the split point handed to this thread (NULL = idle and free to
     * take one, SPLIT_BUSY = busy with its own work); the innermost split
     * point it works for (its cutoff aborts the thread's subtree); the one
     * it waits at as a master (it helps only below it meanwhile). */
    _Atomic(SplitPoint *) assigned;
    SplitPoint *sp_active;
    _Atomic(SplitPoint *) waiting_sp;
    /* The split points this thread is master of, outermost first, where
     * idle threads may join them later (split_lock guards them). */
    pthread_mutex_t split_lock;
    SplitPoint *splits[MAX_PLY];
    _Atomic int nsplits;
} Thread;

/* Thread.assigned of a thread busy with its own work. */
extern SplitPoint split_busy;
#define SPLIT_BUSY (&split_busy)

struct Search {
    TT tt;
    Thread *threads[MAX_THREADS];
    int nthreads;                  /* threads of the current search */
    _Atomic int completed_depth;   /* the main thread's, for the timer thread */
    atomic_bool helpers_exit;      /* YBWC: the helpers leave their idle loop */
    atomic_bool stop;
    atomic_bool stop_requested;    /* search_stop() was called: "infinite" and ponder may answer */
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
/* YBWC: the loop of an idle thread t: it searches moves of the split
 * points handed to it or that it finds with moves left, until wait_sp has
 * no helper left (t is its master), or with wait_sp NULL until the search
 * ends (Search.helpers_exit).  Returns with t->assigned = SPLIT_BUSY. */
void ab_idle_loop(Thread *t, SplitPoint *wait_sp);
void ab_init_tables(void);
/* The late-move reduction table's entry in plies for depth and moves
 * searched, both 1..63, of Dablot's table or the other one (for the unit
 * check of its construction). */
int ab_lmr_table_entry(bool dablot, int depth, int moves);

/* search.c: called every few thousand nodes by the main thread. */
void search_check_limits(Thread *t);

/* search.c: sets the stop flag when all threads' nodes together have
 * reached the node limit (go nodes; Stockfish sums them the same way). */
void search_check_nodes(Thread *t);

static inline uint64_t thread_nodes(Thread *t)
{
    return atomic_load_explicit(&t->nodes, memory_order_relaxed);
}

/* The TradeBonus option's share of a score at ply for its side to move:
 * trade_bonus_at() for the root's side (even plies), minus it for the
 * other.  A side that may decline every exchange locks a full board; a
 * searcher that prefers an open board breaks the lock (docs/engine.md,
 * "Trading down").  Added to static scores and to every draw, table draws
 * too, so that it never makes a draw look worse than play on. */
static inline int trade_share(const Thread *t, const Position *pos, int ply)
{
    int b = trade_bonus_at(&t->search->opt, pos);
    return ply & 1 ? -b : b;
}

static inline bool search_stopped(struct Search *s)
{
    return atomic_load_explicit(&s->stop, memory_order_relaxed);
}

#endif
