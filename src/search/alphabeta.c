/*
 * alphabeta.c - the tree search of one thread: principal variation search
 * (negamax alpha-beta, fail-soft) with a transposition table, late move
 * reductions, reverse futility and late move pruning (where matches say
 * they help: Tabal, and Dablot with optional captures; prunes()) and a
 * quiescence search over captures.  Its constants are named in params.h.
 *
 * Game ends inside the tree follow RULES.md exactly, in the order of
 * game_result() (game.h):
 *   1. the game-ending options and the Dablot kings-only draw, read from the
 *      position (position_end_by_rule);
 *   2. no legal move: the side to move has lost (sections 1 and 2);
 *   3. draws of section 3: a position repeated inside the search, or met for
 *      the third time counting the game before the root, scores as a draw,
 *      and so does a DrawPlies counter that reached the limit (a draw
 *      scores 0 for both sides, or the Contempt option's value: draw_score()).
 * A loss n plies from the root scores -(MATE - n).
 *
 * What is deliberately NOT done, and why:
 *   - no null-move pruning: a side with no legal move loses, so zugzwang is
 *     part of both games and "passing is never better than moving" fails
 *     (draughts engines skip it too: Scan prunes with ProbCut on the node
 *     instead).  A null move for the side far ahead in Dablot endings only
 *     won 268 of 576 stuck endings against 288 without it
 *     (docs/strength.md "Null move in the stuck Dablot endings");
 *   - no static pruning where a capture is compulsory (must_capture()):
 *     the static score of such a position means nothing; nor any under
 *     Dablot's compulsory presets, where it lost Elo (prunes()).
 */
#include <math.h>
#include <sched.h>
#include <string.h>

#include "eval.h"
#include "params.h"
#include "search_internal.h"
#include "tbprobe.h"

/* Late move reductions in plies, [depth][moves searched], both capped at
 * LMR_TABLE_SIZE - 1 (params.h gives the formula). */
enum { LMR_TABLE_SIZE = 64 };
static int8_t lmr_table[2][LMR_TABLE_SIZE][LMR_TABLE_SIZE]; /* [Dablot][depth][moves] */
static pthread_once_t lmr_once = PTHREAD_ONCE_INIT;

/* The 63 logarithms once, not two per entry: log() was half of the
 * start-up's instructions (docs/speed.md, "Start-up").  The same values
 * in the same expression, so the table is bit-identical. */
static void build_lmr(void)
{
    double ln[LMR_TABLE_SIZE];
    for (int i = 1; i < LMR_TABLE_SIZE; i++)
        ln[i] = log((double)i);
    for (int d = 1; d < LMR_TABLE_SIZE; d++)
        for (int m = 1; m < LMR_TABLE_SIZE; m++)
            for (int dab = 0; dab < 2; dab++)
                lmr_table[dab][d][m] = (int8_t)(LMR_BASE + ln[d] * ln[m]
                                                / (dab ? LMR_DIVISOR_DABLOT : LMR_DIVISOR));
}

int ab_lmr_table_entry(bool dablot, int depth, int moves)
{
    ab_init_tables();
    return lmr_table[dablot][depth][moves];
}

void ab_init_tables(void)
{
    pthread_once(&lmr_once, build_lmr);
}

static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }

/* Search statistics of a measurement build (compiled with
 * -DDABLO_SEARCH_STATS, docs/search.md "Measuring"): counters of this thread
 * since the root's depth-1 iteration (main: nodes of search(), qs: of
 * qsearch(), qs_opt_caps: quiescence nodes that may stand pat and have
 * captures), printed as one "stats" line to stderr after every finished
 * root iteration.  The ordinary build compiles none of it (same code). */
#ifdef DABLO_SEARCH_STATS
#include <stdio.h>
typedef struct SearchStats {
    uint64_t main, qs, qs_optional, qs_opt_caps, tt_probes, tt_hits, tt_cuts;
    uint64_t cutoffs, first_cutoffs, reduced, re_searched, single_reply;
} SearchStats;
static _Thread_local SearchStats stats;
#define STAT(field) (stats.field++)
static void stats_print(int depth, uint64_t nodes)
{
    fprintf(stderr,
            "stats depth %d nodes %llu main %llu qs %llu qs_optional %llu qs_opt_caps %llu "
            "tt_probes %llu tt_hits %llu tt_cuts %llu cutoffs %llu first_cutoffs %llu "
            "reduced %llu re_searched %llu single_reply %llu\n",
            depth, (unsigned long long)nodes, (unsigned long long)stats.main,
            (unsigned long long)stats.qs, (unsigned long long)stats.qs_optional,
            (unsigned long long)stats.qs_opt_caps, (unsigned long long)stats.tt_probes,
            (unsigned long long)stats.tt_hits, (unsigned long long)stats.tt_cuts,
            (unsigned long long)stats.cutoffs, (unsigned long long)stats.first_cutoffs,
            (unsigned long long)stats.reduced, (unsigned long long)stats.re_searched,
            (unsigned long long)stats.single_reply);
}
#else
#define STAT(field) ((void)0)
#endif

/* Counts a node.  The main thread checks the node limit at every node and
 * the clock every TIME_CHECK_NODES nodes (a cheap backup: the time limits
 * are kept by search.c's timer thread, which does not depend on the node
 * rate).  With more threads each one checks the sum of all threads' nodes
 * at every node, so a helper stops the search even while the main thread
 * waits for a CPU (the main thread's own count alone overshot 2x). */
static inline void count_node(Thread *t, int ply)
{
    uint64_t n = thread_nodes(t) + 1;
    atomic_store_explicit(&t->nodes, n, memory_order_relaxed);
    if (ply > t->seldepth)
        t->seldepth = ply;
    const SearchLimits *l = &t->search->limits;
    if (t->index == 0) {
        if ((n & (TIME_CHECK_NODES - 1)) == 0 || (l->nodes && n >= l->nodes))
            search_check_limits(t);
    }
    if (l->nodes && t->search->nthreads > 1) search_check_nodes(t);
}

/* True when a split point t works for, or one above it, was cut off. */
static inline bool split_cut(const Thread *t)
{
    for (const SplitPoint *sp = t->sp_active; sp; sp = sp->parent)
        if (atomic_load_explicit(&sp->cutoff, memory_order_relaxed)) return true;
    return false;
}

/* True when the search must unwind (stop, a limit reached, or a split
 * point above cut off by another thread). */
static inline bool should_abort(Thread *t)
{
    if (!t->aborted && (search_stopped(t->search) || (t->sp_active && split_cut(t))))
        t->aborted = true;
    return t->aborted;
}

/* Plays m at ply and records the new key and reversibility for
 * repetition detection. */
static inline void push_move(Thread *t, int ply, const Move *m, Undo *u)
{
    Position *pos = &t->pos;
    bool irreversible = move_irreversible(pos, m);
    position_make(pos, m, u);
    int i = t->root_index + ply + 1;
    t->keys[i] = pos->key;
    t->rev[i] = irreversible ? 0 : t->rev[i - 1] + 1;
}

/* Repetition (RULES.md section 3, as searched): the position at ply
 * occurred before with the same side to move, either inside the searched
 * path or the root itself (a repeat within the search is a draw), or twice
 * in the game before the root (the third occurrence).  Only positions
 * after the last irreversible move can repeat. */
static bool is_repetition(const Thread *t, int ply)
{
    int i = t->root_index + ply;
    uint64_t k = t->keys[i];
    int limit = i - t->rev[i];
    int seen = 0;
    for (int j = i - 4; j >= limit; j -= 2) {
        if (t->keys[j] != k)
            continue;
        if (j >= t->root_index || ++seen >= 2)
            return true;
    }
    return false;
}

/* The score of a draw at ply for the side to move there: -Contempt for the
 * root's side (even plies), +Contempt for the other (Stockfish's draw
 * value), so that a positive Contempt plays on where it may. */
static inline int draw_score(const Thread *t, int ply)
{
    return ply & 1 ? t->search->opt.contempt : -t->search->opt.contempt;
}

/* The static score of pos at ply for its side to move, with trade_share(). */
static inline int eval_at(const Thread *t, const Position *pos, int ply, int *stm_steps)
{
    Color root = ply & 1 ? pos->stm ^ 1 : pos->stm;
    return eval_position_for(pos, (int)root, stm_steps) + trade_share(t, pos, ply);
}

/* Game ends at a node below the root (see the file comment).  Returns true
 * and sets *score when the game is over here. */
static bool node_is_terminal(Thread *t, int ply, int *score)
{
    const Position *pos = &t->pos;
    int loser;
    EndReason r = position_end_by_rule(pos, &loser);
    if (r != END_NONE) {
        *score = loser < 0              ? draw_score(t, ply) + trade_share(t, pos, ply)
               : loser == (int)pos->stm ? -MATE + ply
                                        : MATE - ply;
        return true;
    }
    bool plies_out = pos->rules.draw_plies > 0 && pos->draw_plies >= pos->rules.draw_plies;
    if (plies_out || is_repetition(t, ply)) {
        /* A side without a legal move has lost even then (game_result order). */
        *score = movegen_count(pos) == 0 ? -MATE + ply
                                         : draw_score(t, ply) + trade_share(t, pos, ply);
        return true;
    }
    return false;
}

/* Whether the search reduces and prunes late quiet moves here (LMR, late
 * move pruning, reverse futility pruning): in Tabal and in Dablot with
 * optional captures.  Under Dablot's compulsory presets LMR cost 24.4 +-
 * 20.8 Elo and the pruning 16.7 +- 28.3 (anti-draw rules, docs/strength.md
 * "Late move reductions, on against off" and "Pruning at shallow depths"). */
static inline bool prunes(const Position *pos)
{
    return pos->rules.variant == VARIANT_TABAL || pos->rules.captures == CAPTURES_OPTIONAL;
}

/* Whether the side to move must capture now, given all its legal moves
 * (RULES.md section 1 "Captures" and section 2), where prunes() holds: in
 * Tabal, a list that holds a capture. */
static bool must_capture(const Position *pos, const MoveList *legal)
{
    if (pos->rules.variant == VARIANT_DABLOT && pos->rules.captures == CAPTURES_OPTIONAL)
        return false;
    for (int i = 0; i < legal->n; i++)
        if (legal->moves[i].captured)
            return true;
    return false;
}

/* Whether the side to move must capture now, given its captures (RULES.md
 * section 1 "Captures" and section 2). */
static bool captures_forced(const Position *pos, const MoveList *caps)
{
    if (caps->n == 0)
        return false;
    if (pos->rules.variant == VARIANT_TABAL)
        return true;
    switch (pos->rules.captures) {
    case CAPTURES_COMPULSORY:
        return true;
    case CAPTURES_COMPULSORY_MEN:
        for (int i = 0; i < caps->n; i++)
            if (piece_type(pos->board[caps->moves[i].from]) == MAN)
                return true;
        return false;
    default:
        return false;
    }
}

static inline void update_pv(Thread *t, int ply, const Move *m)
{
    int n = t->pv_len[ply + 1];
    t->pv[ply][0] = *m;
    memcpy(&t->pv[ply][1], t->pv[ply + 1], (size_t)n * sizeof(Move));
    t->pv_len[ply] = n + 1;
}

/* Step 1 of both searches: enters the node at ply (counts it, clears its
 * line) and returns true with *score when the search ends here: after an
 * abort (0), at a game end or a draw (RULES.md sections 1-3), or at the
 * deepest ply (the static evaluation). */
static bool node_ends_here(Thread *t, int ply, int *score)
{
    t->pv_len[ply] = 0;
    count_node(t, ply);
    *score = 0;
    if (should_abort(t))
        return true;
    if (node_is_terminal(t, ply, score))
        return true;
    if (ply >= MAX_PLY - 1) {
        *score = eval_at(t, &t->pos, ply, NULL);
        return true;
    }
    return false;
}

static const Move no_killers[2];

/* Quiescence search: captures only.  Where the side to move must capture
 * there is no stand-pat (the static score of a position with a compulsory
 * capture means nothing, as in draughts engines); where capturing is
 * optional the side may stand pat on the evaluation. */
static int qsearch(Thread *t, int alpha, int beta, int ply)
{
    Position *pos = &t->pos;
    int score;
    if (node_ends_here(t, ply, &score))
        return score;

    Ply *pl = &t->plies[ply];
    int n = movegen_captures(pos, &pl->list);
    int best = -SCORE_INF;
    STAT(qs);
    if (!captures_forced(pos, &pl->list)) {
        STAT(qs_optional);
        int steps;
        int stand = eval_at(t, pos, ply, &steps);
        if (n == 0 && steps == 0)
            return -MATE + ply;          /* no legal move: lost */
        if (stand >= beta)
            return stand;
        best = stand;
        alpha = imax(alpha, stand);
        if (n > 0) STAT(qs_opt_caps);
    }
    bool pv_node = beta - alpha > 1;
    MovePicker mp;
    movepick_init(&mp, pos, &pl->list, pl->scores, 0, no_killers, &t->history);
    const Move *m;
    int ms;
    while ((m = movepick_next(&mp, &ms))) {
        Move mv = *m;
        Undo u;
        push_move(t, ply, &mv, &u);
        score = -qsearch(t, -beta, -alpha, ply + 1);
        position_unmake(pos, &mv, &u);
        if (t->aborted)
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                if (pv_node)
                    update_pv(t, ply, &mv);
                if (score >= beta)
                    break;
                alpha = score;
            }
        }
    }
    return best;
}

static void store_killer(Ply *pl, const Move *m)
{
    if (!move_equal(&pl->killers[0], m)) {
        pl->killers[1] = pl->killers[0];
        pl->killers[0] = *m;
    }
}

static int search(Thread *t, int alpha, int beta, int depth, int ply);

/* Step 7. Late move reductions (Tabal +19.1 +- 19.3 Elo, docs/strength.md
 * "Late move reductions, on against off"; Dablot with optional captures
 * +13.9 +- 11.5 Elo, "Late move reductions in Dablot at fixed nodes").
 * The reduction in plies of the move searched after nsearched others at
 * depth, to be searched at new_depth (never below 1 ply).  Asked only for
 * a move that is not the TT move, a capture, a promotion or a killer; a
 * reduced move that beats alpha is searched again at full depth, so a
 * reduction can delay, never hide, a good move. */
static int lmr_reduction(int depth, int nsearched, bool pv_node, int new_depth, bool dablot)
{
    if (depth < LMR_MIN_DEPTH || nsearched < (pv_node ? LMR_MIN_MOVES_PV : LMR_MIN_MOVES_NON_PV))
        return 0;
    int r = lmr_table[dablot][imin(depth, LMR_TABLE_SIZE - 1)][imin(nsearched, LMR_TABLE_SIZE - 1)];
    if (pv_node)
        r -= LMR_PV_RELIEF;
    return imax(0, imin(r, new_depth - 1));
}

/* Steps 6 and 8. Principal variation search of a move already made: the
 * first move with the full window; a later one with a null window, reduced
 * by r plies, then again at full depth if it beats alpha, then with the
 * full window at a PV node if it lands inside it. */
static int search_move(Thread *t, int alpha, int beta, int new_depth, int r, int ply,
                       bool first, bool pv_node)
{
    if (first)
        return -search(t, -beta, -alpha, new_depth, ply + 1);
    int score = -search(t, -alpha - 1, -alpha, new_depth - r, ply + 1);
    /* After an abort the score is 0, not a result: no search again (it
     * would count a node past a go nodes limit). */
    if (r > 0 && score > alpha && !t->aborted)
        score = -search(t, -alpha - 1, -alpha, new_depth, ply + 1);
    if (pv_node && score > alpha && score < beta && !t->aborted)
        score = -search(t, -beta, -alpha, new_depth, ply + 1);
    return score;
}

/* Steps 6b and 6c: whether move mv (ordering score ms) is pruned at the
 * node of nl; otherwise sets *r to its reduction (step 7). */
static bool move_pruned(const NodeLoop *nl, const Move killers[2], const Move *mv, int ms, int *r)
{
    bool quiet = !mv->captured;
    bool reducible = nl->lmr && !movepick_is_tactical(ms) && !move_equal(mv, &killers[0])
                  && !move_equal(mv, &killers[1]);
    /* Step 6b. Late move pruning: at a shallow non-PV node, once a move
     * that does not lose was found, the late quiet moves are not
     * searched. */
    if (reducible && quiet && !nl->pv_node && nl->depth <= LMP_MAX_DEPTH && nl->best > -MATE_BOUND
        && nl->nsearched >= LMP_BASE + nl->depth * nl->depth)
        return true;
    /* Step 6c. Futility pruning (Tabal): at a frontier non-PV node whose
     * static score (stand, -SCORE_INF where it was not taken) is far below
     * alpha, a quiet late move cannot bring it back.  In Dablot matches
     * showed no gain, so it is off there. */
    if (reducible && quiet && !nl->pv_node && !nl->lmr_dablot && nl->depth <= FP_MAX_DEPTH
        && nl->best > -MATE_BOUND && nl->stand != -SCORE_INF
        && nl->stand + FP_MARGIN * nl->depth <= nl->alpha)
        return true;
    int new_depth = nl->depth - 1 + nl->ext;
    *r = reducible ? lmr_reduction(nl->depth, nl->nsearched, nl->pv_node, new_depth, nl->lmr_dablot)
                   : 0;
    return false;
}

/* Step 9. Records score of move mv (searched by t) at the node of nl: a
 * new best move, its line at a PV node.  Returns true on a cutoff. */
static bool move_result(Thread *t, NodeLoop *nl, const Move *mv, int score)
{
    if (score <= nl->best) return false;
    nl->best = score;
    if (score <= nl->alpha) return false;
    nl->best_move = *mv;
    nl->have_best = true;
    if (nl->pv_node) update_pv(t, nl->ply, mv);
    if (score >= nl->beta) return true;
    nl->alpha = score;
    return false;
}

/* A quiet move that cuts off becomes a killer and raises its history,
 * lowering the quiets tried before it (quiets[0..nquiets-1]). */
static void cutoff_learn(Thread *t, int ply, int depth, const Move *mv, int nquiets)
{
    STAT(cutoffs);
    if (mv->captured) return;
    Ply *pl = &t->plies[ply];
    store_killer(pl, mv);
    movepick_history_update(&t->history, t->pos.stm, mv, pl->quiets, nquiets, depth);
}

SplitPoint split_busy;

/* The root move mv of master's list (searched by t, its line in
 * t->pv[1]) gets score, exact or a lower bound, and its line. */
static void root_record(Thread *master, const Thread *t, const Move *mv, int score)
{
    for (int i = master->pv_index; i < master->nroot; i++) {
        RootMove *rm = &master->root_moves[i];
        if (!move_equal(&rm->move, mv)) continue;
        rm->score = score;
        rm->score_depth = master->root_depth;
        rm->seldepth = t->seldepth;
        rm->pv[0] = rm->move;
        int n = imin(t->pv_len[1], MAX_PLY - 1);
        memcpy(&rm->pv[1], t->pv[1], (size_t)n * sizeof(Move));
        rm->pv_len = n + 1;
        return;
    }
}

/* YBWC: thread t's share of the moves of split point sp, in picker order,
 * each with a null window on the node's alpha at its start; nquiets quiet
 * moves of t's ply list came before (the master's). */
static void split_work(Thread *t, SplitPoint *sp, int nquiets)
{
    NodeLoop *nl = &sp->nl;
    int ply = nl->ply;
    Ply *pl = &t->plies[ply];
    for (;;) {
        Move mv;
        int ms, r = 0, alpha;
        bool got = false;
        if (should_abort(t)) return;
        pthread_mutex_lock(&sp->mu);
        const Move *m;
        while (!atomic_load_explicit(&sp->cutoff, memory_order_relaxed)
               && (m = movepick_next(sp->mp, &ms)))
            if (!move_pruned(nl, sp->killers, m, ms, &r)) {
                mv = *m;
                got = true;
                break;
            }
        if (got) nl->nsearched++;
        alpha = nl->alpha;
        pthread_mutex_unlock(&sp->mu);
        if (!got) return;
        Undo u;
        push_move(t, ply, &mv, &u);
        int score = search_move(t, alpha, nl->beta, nl->depth - 1 + nl->ext, r, ply, false,
                                nl->pv_node);
        position_unmake(&t->pos, &mv, &u);
        if (t->aborted) return;
        pthread_mutex_lock(&sp->mu);
        bool cut = false;
        if (!atomic_load_explicit(&sp->cutoff, memory_order_relaxed)) {
            bool raised = score > nl->alpha;
            if (raised && ply == 0) root_record(sp->master, t, &mv, score);
            cut = move_result(t, nl, &mv, score);
            if (raised && nl->pv_node) {
                sp->pv_len = t->pv_len[ply];
                memcpy(sp->pv, t->pv[ply], (size_t)sp->pv_len * sizeof(Move));
            }
            if (cut) atomic_store(&sp->cutoff, true);
        }
        pthread_mutex_unlock(&sp->mu);
        if (cut) {
            cutoff_learn(t, ply, nl->depth, &mv, nquiets);
            return;
        }
        if (!mv.captured && nquiets < MAX_QUIETS) pl->quiets[nquiets++] = mv;
    }
}

/* Whether split point sp lies below w (any, where w is NULL). */
static bool split_below(const SplitPoint *sp, const SplitPoint *w)
{
    if (!w) return true;
    for (const SplitPoint *p = sp->parent; p; p = p->parent)
        if (p == w) return true;
    return false;
}

/* Whether thread h may be handed split point sp now: it is idle, and if
 * it waits at a split point of its own, sp lies below that one (it helps
 * the work it waits for; Stockfish's "helpful master"). */
static bool can_help(const Thread *h, const SplitPoint *sp)
{
    return atomic_load_explicit(&h->assigned, memory_order_relaxed) == NULL
        && split_below(sp, atomic_load_explicit(&h->waiting_sp, memory_order_relaxed));
}

/* Thread t searches moves of split point sp, where it is already counted
 * among the helpers, until none is left or it is cut off, then leaves it
 * (sp may be gone after).  t's position and split point are restored and
 * t is idle again (assigned NULL). */
static void help(Thread *t, SplitPoint *sp)
{
    Position saved = t->pos;
    SplitPoint *outer = t->sp_active;
    /* The keys from the root to sp: the game before the root is every
     * thread's, and a master waiting at w already holds the path to w,
     * which sp lies below (no write where other threads may read). */
    const Thread *m = sp->master;
    const SplitPoint *w = atomic_load_explicit(&t->waiting_sp, memory_order_relaxed);
    int from = sp->root_index + 1 + (w ? w->nl.ply : 0), n = sp->root_index + sp->nl.ply + 1 - from;
    if (n > 0) {
        memcpy(t->keys + from, m->keys + from, (size_t)n * sizeof *t->keys);
        memcpy(t->rev + from, m->rev + from, (size_t)n * sizeof *t->rev);
    }
    t->root_index = sp->root_index;
    t->root_depth = sp->root_depth;
    t->pos = sp->pos;
    t->sp_active = sp;
    t->aborted = false;
    split_work(t, sp, 0);
    pthread_mutex_lock(&sp->mu);
    sp->slaves--;
    pthread_mutex_unlock(&sp->mu);
    t->aborted = false;
    t->sp_active = outer;
    t->pos = saved;
    atomic_store(&t->assigned, NULL);
}

/* Late join: the outermost split point below w (any, where w is NULL) of
 * another thread with moves left, with t counted among its helpers; NULL
 * when there is none. */
static SplitPoint *find_split(Thread *t, const SplitPoint *w)
{
    Search *s = t->search;
    for (int i = 0; i < s->nthreads; i++) {
        Thread *h = s->threads[i];
        if (h == t || atomic_load_explicit(&h->nsplits, memory_order_relaxed) == 0) continue;
        SplitPoint *found = NULL;
        pthread_mutex_lock(&h->split_lock);
        for (int k = 0; k < h->nsplits && !found; k++) {
            SplitPoint *sp = h->splits[k];
            if (!split_below(sp, w)) continue;
            pthread_mutex_lock(&sp->mu);
            if (!atomic_load_explicit(&sp->cutoff, memory_order_relaxed)
                && sp->mp->next < sp->mp->list->n) {
                sp->slaves++;
                found = sp;
            }
            pthread_mutex_unlock(&sp->mu);
        }
        pthread_mutex_unlock(&h->split_lock);
        if (found) return found;
    }
    return NULL;
}

void ab_idle_loop(Thread *t, SplitPoint *wait_sp)
{
    Search *s = t->search;
    for (;;) {
        SplitPoint *a = atomic_load(&t->assigned);
        if (a && a != SPLIT_BUSY) {
            help(t, a);
            continue;
        }
        bool done;
        if (wait_sp) {
            pthread_mutex_lock(&wait_sp->mu);
            done = wait_sp->slaves == 0;
            pthread_mutex_unlock(&wait_sp->mu);
        } else {
            done = atomic_load(&s->helpers_exit);
        }
        SplitPoint *expect = NULL;
        if (!atomic_compare_exchange_strong(&t->assigned, &expect, SPLIT_BUSY))
            continue; /* handed a split point meanwhile */
        if (done) return;
        SplitPoint *sp = search_stopped(s) ? NULL : find_split(t, wait_sp);
        if (sp) {
            help(t, sp);
            continue;
        }
        atomic_store(&t->assigned, NULL);
        sched_yield();
    }
}

/* YBWC: makes the node a split point, hands it to idle threads and
 * searches its remaining moves with them and any that join later, then
 * waits until all have left, helping below meanwhile.  Returns false,
 * having changed nothing, when there is no room for another split point;
 * else true with nl holding the node's result (t->aborted after a stop or
 * a cutoff above). */
static bool split(Thread *t, NodeLoop *nl, MovePicker *mp, int nquiets)
{
    Search *s = t->search;
    int k = atomic_load_explicit(&t->nsplits, memory_order_relaxed);
    if (k >= MAX_PLY) return false;
    SplitPoint sp;
    pthread_mutex_init(&sp.mu, NULL);
    sp.parent = t->sp_active;
    sp.master = t;
    sp.pos = t->pos;
    sp.root_index = t->root_index;
    sp.root_depth = t->root_depth;
    sp.nl = *nl;
    sp.mp = mp;
    memcpy(sp.killers, t->plies[nl->ply].killers, sizeof sp.killers);
    sp.slaves = 0;
    atomic_init(&sp.cutoff, false);
    sp.pv_len = 0;
    pthread_mutex_lock(&t->split_lock);
    t->splits[k] = &sp;
    atomic_store_explicit(&t->nsplits, k + 1, memory_order_relaxed);
    pthread_mutex_unlock(&t->split_lock);
    pthread_mutex_lock(&sp.mu);
    for (int i = 0; i < s->nthreads; i++) {
        Thread *h = s->threads[i];
        SplitPoint *expect = NULL;
        if (h != t && can_help(h, &sp)
            && atomic_compare_exchange_strong(&h->assigned, &expect, &sp))
            sp.slaves++;
    }
    pthread_mutex_unlock(&sp.mu);
    t->sp_active = &sp;
    split_work(t, &sp, nquiets);
    pthread_mutex_lock(&t->split_lock);
    atomic_store_explicit(&t->nsplits, k, memory_order_relaxed);
    pthread_mutex_unlock(&t->split_lock);
    /* Wait for the helpers, free to help below meanwhile.  t may itself be
     * a master waiting further up and helping here: it waits there again
     * after. */
    SplitPoint *outer_wait = atomic_load_explicit(&t->waiting_sp, memory_order_relaxed);
    atomic_store(&t->waiting_sp, &sp);
    atomic_store(&t->assigned, NULL);
    ab_idle_loop(t, &sp);
    atomic_store(&t->waiting_sp, outer_wait);
    t->sp_active = sp.parent;
    t->aborted = search_stopped(s) || split_cut(t);
    *nl = sp.nl;
    if (nl->pv_node && sp.pv_len > 0) {
        memcpy(t->pv[nl->ply], sp.pv, (size_t)sp.pv_len * sizeof(Move));
        t->pv_len[nl->ply] = sp.pv_len;
    }
    pthread_mutex_destroy(&sp.mu);
    return true;
}

/* Steps 6 to 10: searches the moves of the node at ply (t->plies[ply].list,
 * at least one; stand its static score, -SCORE_INF where none was taken),
 * stores the result in the TT and returns it (fail-soft; 0 after an
 * abort).  With more threads the moves after the first may be searched by
 * several at once (split()). */
static int search_moves(Thread *t, int alpha, int beta, int depth, int ply, int ext,
                        uint32_t tt_move, int stand)
{
    Position *pos = &t->pos;
    Ply *pl = &t->plies[ply];
    /* LMR (step 7) and late move pruning where matches say they help
     * (prunes()). */
    NodeLoop nl = {
        .alpha = alpha,
        .beta = beta,
        .alpha0 = alpha,
        .depth = depth,
        .ply = ply,
        .ext = ext,
        .stand = stand,
        .pv_node = beta - alpha > 1,
        .lmr = prunes(pos),
        .lmr_dablot = pos->rules.variant == VARIANT_DABLOT,
        .best = -SCORE_INF,
    };
    MovePicker mp;
    movepick_init(&mp, pos, &pl->list, pl->scores, tt_move, pl->killers, &t->history);
    int nquiets = 0;
    bool ybwc = depth >= SPLIT_MIN_DEPTH && t->search->nthreads > 1;
    const Move *m;
    int ms;
    while ((m = movepick_next(&mp, &ms))) {
        int r = 0;
        if (move_pruned(&nl, pl->killers, m, ms, &r)) continue;
        Move mv = *m;
        Undo u;
        push_move(t, ply, &mv, &u);
        int score = search_move(t, nl.alpha, beta, depth - 1 + ext, r, ply, nl.nsearched == 0,
                                nl.pv_node);
#ifdef DABLO_SEARCH_STATS
        if (r > 0) {
            stats.reduced++;
            if (score > nl.alpha) stats.re_searched++;
        }
#endif
        position_unmake(pos, &mv, &u);
        if (t->aborted)
            return 0;
        nl.nsearched++;
        if (move_result(t, &nl, &mv, score)) {
            if (nl.nsearched == 1) STAT(first_cutoffs);
            cutoff_learn(t, ply, depth, &mv, nquiets);
            break;
        }
        if (!mv.captured && nquiets < MAX_QUIETS) pl->quiets[nquiets++] = mv;
        /* Young brothers wait: the rest may be shared once the first move
         * has set the node's bound. */
        if (ybwc && split(t, &nl, &mp, nquiets)) {
            if (t->aborted) return 0;
            break;
        }
    }

    /* Step 10. Store the result: a lower bound after a cutoff, exact when
     * it raised alpha, else an upper bound. */
    int best = nl.best;
    int bound = best >= beta ? BOUND_LOWER : best > nl.alpha0 ? BOUND_EXACT : BOUND_UPPER;
    tt_store(&t->search->tt, pos->key, nl.have_best ? tt_pack_move(&nl.best_move) : 0,
             tt_score_to(best, ply, MATE_BOUND), depth, bound);
    return best;
}

/* The search of a node below the root at depth plies (<= 0: quiescence)
 * with the window (alpha, beta); a PV node when the window is wider than
 * one.  Returns the score from the side to move's view (fail-soft), or 0
 * after an abort (t->aborted). */
static int search(Thread *t, int alpha, int beta, int depth, int ply)
{
    if (depth <= 0)
        return qsearch(t, alpha, beta, ply);

    Position *pos = &t->pos;
    bool pv_node = beta - alpha > 1;

    /* Step 1. Abort, game over by the rules or a draw, or the deepest ply. */
    int score;
    if (node_ends_here(t, ply, &score))
        return score;
    STAT(main);

    /* Step 1b. Endgame tables (tbprobe.h): few enough pieces, the value is
     * known.  A table win or loss says who wins, not in how many moves:
     * outside the PV it is the node's score; in the PV it only bounds the
     * score and the search goes on, so that a mate the tree holds stays a
     * mate in every iteration and the PV keeps its length (PROTOCOL.md
     * section 5), as Stockfish treats its tables in PV nodes. */
    int tb_floor = -SCORE_INF, tb_ceiling = SCORE_INF, tb_bound;
    if (tbprobe_node(t, ply, &score, &tb_bound)) {
        if (!pv_node || tb_bound == BOUND_EXACT || (tb_bound == BOUND_LOWER && score >= beta)
            || (tb_bound == BOUND_UPPER && score <= alpha))
            return score;
        if (tb_bound == BOUND_LOWER)
            tb_floor = score;
        else
            tb_ceiling = score;
    }

    /* Step 2. Mate-distance pruning: no line from here can end the game
     * sooner than ply + 1, so a bound beyond that is already decided.  Exact
     * for decided scores, never changes a non-decided one. */
    alpha = imax(alpha, -MATE + ply);
    beta = imin(beta, MATE - ply - 1);
    if (alpha >= beta)
        return alpha;

    /* Step 3. Transposition table.  Cut only outside the PV, with a result at
     * least as deep whose bound proves the cut. */
    TTHit hit;
    uint32_t tt_move = 0;
    STAT(tt_probes);
    if (tt_probe(&t->search->tt, pos->key, &hit)) {
        STAT(tt_hits);
        tt_move = hit.move;
        int ts = tt_score_from(hit.score, ply, MATE_BOUND);
        if (!pv_node && hit.depth >= depth
            && (hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER && ts >= beta)
                || (hit.bound == BOUND_UPPER && ts <= alpha))) {
            STAT(tt_cuts);
            return ts;
        }
    }

    /* Step 4. Moves.  None: the side to move has lost (RULES.md 1, 2). */
    int n = movegen_legal(pos, &t->plies[ply].list);
    if (n == 0)
        return -MATE + ply;

    /* Step 5. Single-reply extension: a forced move (frequent with
     * compulsory captures) costs no branching, so look one ply further,
     * while ply < SINGLE_REPLY_PLY_FACTOR times the iteration depth so
     * forced chains end. */
    int ext = n == 1 && ply < SINGLE_REPLY_PLY_FACTOR * t->root_depth ? 1 : 0;
    if (ext) STAT(single_reply);

    /* Step 5b. Reverse futility pruning: far enough above beta, a shallow
     * non-PV node is not searched.  Not where a capture is compulsory (its
     * static score means nothing, as in qsearch). */
    int stand = -SCORE_INF;
    if (!pv_node && !ext && depth <= RFP_MAX_DEPTH && beta < MATE_BOUND && beta > -MATE_BOUND
        && prunes(pos) && !must_capture(pos, &t->plies[ply].list)) {
        stand = eval_at(t, pos, ply, NULL);
        if (stand - RFP_MARGIN * depth >= beta)
            return stand;
    }

    int best = search_moves(t, alpha, beta, depth, ply, ext, tt_move, stand);
    return t->aborted ? 0 : imin(imax(best, tb_floor), tb_ceiling);
}

/* The root: searches t->root_moves from t->pv_index on, in their current
 * order, and records each move's score and line.  A move's score is kept
 * only when its search finished and it is exact or a lower bound (the
 * first move, or one that raised alpha); the others keep -SCORE_INF so a
 * stable sort leaves them behind the proven ones.  With more threads the
 * moves after the first are shared at a split point (the root's moves are
 * all searched unless one fails high, so the split is never wasted). */
int ab_root(Thread *t, int alpha, int beta, int depth)
{
    Position *pos = &t->pos;
    t->pv_len[0] = 0;
    t->aborted = false;
#ifdef DABLO_SEARCH_STATS
    if (depth == 1 && t->pv_index == 0) memset(&stats, 0, sizeof stats);
#endif
    count_node(t, 0);
    for (int i = t->pv_index; i < t->nroot; i++)
        t->root_moves[i].score = -SCORE_INF;
    /* The root's own node may reach a go nodes limit: no child after it. */
    if (should_abort(t)) return -SCORE_INF;
    /* The root moves in their order, as the picker of a split point. */
    Ply *pl = &t->plies[0];
    pl->list.n = 0;
    for (int i = t->pv_index; i < t->nroot; i++) {
        pl->scores[pl->list.n] = t->nroot - i;
        pl->list.moves[pl->list.n++] = t->root_moves[i].move;
    }
    MovePicker mp;
    movepick_init_ordered(&mp, &pl->list, pl->scores);
    NodeLoop nl = {
        .alpha = alpha,
        .beta = beta,
        .alpha0 = alpha,
        .depth = depth,
        .stand = -SCORE_INF,
        .pv_node = true, /* the full re-search of a move inside the window */
        .best = -SCORE_INF,
    };
    bool ybwc = depth >= SPLIT_MIN_DEPTH && t->search->nthreads > 1;
    const Move *m;
    int ms;
    while ((m = movepick_next(&mp, &ms))) {
        Move mv = *m;
        Undo u;
        bool first = nl.nsearched == 0;
        push_move(t, 0, &mv, &u);
        int score = search_move(t, nl.alpha, beta, depth - 1, 0, 0, first, true);
        position_unmake(pos, &mv, &u);
        if (t->aborted)
            break;
        nl.nsearched++;
        if (first || score > nl.alpha) root_record(t, t, &mv, score);
        if (move_result(t, &nl, &mv, score)) break;
        if (ybwc && split(t, &nl, &mp, 0)) break;
    }
#ifdef DABLO_SEARCH_STATS
    if (!t->aborted) stats_print(depth, thread_nodes(t));
#endif
    return nl.best;
}
