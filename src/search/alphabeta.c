/*
 * alphabeta.c - the tree search of one thread: principal variation search
 * (negamax alpha-beta, fail-soft) with a transposition table, late move
 * reductions (where matches say they help: Tabal, and Dablot with optional
 * captures) and a quiescence search over captures.
 *
 * Game ends inside the tree follow RULES.md exactly, in the order of
 * game_result() (game.h):
 *   1. the game-ending options and the Dablot kings-only draw, read from the
 *      position (position_end_by_rule);
 *   2. no legal move: the side to move has lost (sections 1 and 2);
 *   3. draws of section 3: a position repeated inside the search, or met for
 *      the third time counting the game before the root, scores as a draw,
 *      and so does a DrawPlies counter that reached the limit.
 * A loss n plies from the root scores -(MATE - n).
 *
 * What is deliberately NOT done, and why:
 *   - no null-move pruning in general: both games have zugzwang built into
 *     the rules (a side with no legal move loses; blockades are a real
 *     winning method in Dablot), which is exactly the case where "passing
 *     is never better than moving" fails (reference/engine-techniques.md
 *     sections 0 and 1.1).  A null move for the side far ahead in a
 *     Dablot ending with optional captures only (step 3b of search()) is
 *     built with make CFLAGS=-DDABLO_NULLMOVE=1; it is off because the
 *     measured endings convert no better with it (below);
 *   - no futility or razoring on the static evaluation: in positions where
 *     captures are compulsory a quiet-looking position can lose material by
 *     force several plies later, so a static margin is not a bound.
 */
#include <math.h>
#include <string.h>

#include "eval.h"
#include "search_internal.h"

/* Late move reductions in plies, by depth and move number (the usual
 * log(depth) * log(moves) shape of Stockfish and Scan, engine-techniques.md
 * sections 1.1 and 1.2). */
static int8_t lmr_table[64][64];

/* LMR is used where matches say it helps: in Tabal, and in Dablot while
 * captures are optional (the default rules; against the same engine
 * without it at 30000 nodes a move, 10-188-2, +13.9 +- 11.5 Elo).  Where
 * Dablot captures are compulsory, or compulsory for men (the modern and
 * anti-draw presets), a match says it costs Elo and it stays off
 * (README.md, "Strength, measured with dablo-match").  make
 * CFLAGS=-DDABLO_LMR=0 builds an engine without it anywhere, for
 * measuring it again. */
#ifndef DABLO_LMR
#define DABLO_LMR 1
#endif
static pthread_once_t lmr_once = PTHREAD_ONCE_INIT;

/* Null move (step 3b of search()), off: on the 96 endings of
 * bench/openings/dablot-stuck.fen at six node budgets (make bench-stuck,
 * 576 games against the greedy player) the engine without it won 288 and
 * with it 268 (README.md, "Strength, measured with dablo-match").  make
 * CFLAGS=-DDABLO_NULLMOVE=1 builds an engine with it, for measuring it
 * again. */
#ifndef DABLO_NULLMOVE
#define DABLO_NULLMOVE 0
#endif
static const bool nullmove = DABLO_NULLMOVE;

static void build_lmr(void)
{
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            lmr_table[d][m] = (int8_t)(0.25 + log((double)d) * log((double)m) / 2.25);
}

void ab_init_tables(void)
{
    pthread_once(&lmr_once, build_lmr);
}

static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }

/* Counts a node.  The main thread checks the node limit at every node and
 * the clock every 1024 nodes (a cheap backup: the time limits are kept by
 * search.c's timer thread, which does not depend on the node rate). */
static inline void count_node(Thread *t, int ply)
{
    uint64_t n = thread_nodes(t) + 1;
    atomic_store_explicit(&t->nodes, n, memory_order_relaxed);
    if (ply > t->seldepth)
        t->seldepth = ply;
    if (t->index == 0) {
        const SearchLimits *l = &t->search->limits;
        if ((n & 1023) == 0 || (l->nodes && n >= l->nodes))
            search_check_limits(t);
    }
}

/* True when the search must unwind (stop, or a limit reached). */
static inline bool should_abort(Thread *t)
{
    if (!t->aborted && search_stopped(t->search))
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

/* Game ends at a node below the root (see the file comment).  Returns true
 * and sets *score when the game is over here. */
static bool node_is_terminal(Thread *t, int ply, int *score)
{
    const Position *pos = &t->pos;
    int loser;
    EndReason r = position_end_by_rule(pos, &loser);
    if (r != END_NONE) {
        *score = loser < 0 ? 0 : loser == (int)pos->stm ? -MATE + ply : MATE - ply;
        return true;
    }
    bool plies_out = pos->rules.draw_plies > 0 && pos->draw_plies >= pos->rules.draw_plies;
    if (plies_out || is_repetition(t, ply)) {
        /* A side without a legal move has lost even then (game_result order). */
        *score = movegen_count(pos) == 0 ? -MATE + ply : 0;
        return true;
    }
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

static const Move no_killers[2];

/* Quiescence search: captures only.  Where the side to move must capture
 * there is no stand-pat (the static score of a position with a compulsory
 * capture means nothing); where capturing is optional the side may stand
 * pat on the evaluation (engine-techniques.md section 0, point 1). */
static int qsearch(Thread *t, int alpha, int beta, int ply)
{
    Position *pos = &t->pos;
    t->pv_len[ply] = 0;
    count_node(t, ply);
    if (should_abort(t))
        return 0;
    int score;
    if (node_is_terminal(t, ply, &score))
        return score;
    if (ply >= MAX_PLY - 1)
        return eval_position(pos, NULL);

    Ply *pl = &t->plies[ply];
    int n = movegen_captures(pos, &pl->list);
    int best = -SCORE_INF;
    if (!captures_forced(pos, &pl->list)) {
        int steps;
        int stand = eval_position(pos, &steps);
        if (n == 0 && steps == 0)
            return -MATE + ply;          /* no legal move: lost */
        if (stand >= beta)
            return stand;
        best = stand;
        alpha = imax(alpha, stand);
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

static int search(Thread *t, int alpha, int beta, int depth, int ply)
{
    if (depth <= 0)
        return qsearch(t, alpha, beta, ply);

    Position *pos = &t->pos;
    Search *s = t->search;
    bool pv_node = beta - alpha > 1;
    const bool lmr = DABLO_LMR && (pos->rules.variant == VARIANT_TABAL
                                   || pos->rules.captures == CAPTURES_OPTIONAL);
    t->pv_len[ply] = 0;
    count_node(t, ply);
    if (should_abort(t))
        return 0;

    /* Step 1. Game over by the rules, or a draw. */
    int score;
    if (node_is_terminal(t, ply, &score))
        return score;
    if (ply >= MAX_PLY - 1)
        return eval_position(pos, NULL);

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
    if (tt_probe(&s->tt, pos->key, &hit)) {
        tt_move = hit.move;
        int ts = tt_score_from(hit.score, ply, MATE_BOUND);
        if (!pv_node && hit.depth >= depth
            && (hit.bound == BOUND_EXACT
                || (hit.bound == BOUND_LOWER && ts >= beta)
                || (hit.bound == BOUND_UPPER && ts <= alpha)))
            return ts;
    }

    /* Step 3b. Null move (built only with DABLO_NULLMOVE=1), for the side
     * far ahead in Dablot with optional captures only (eval_null_move_ok):
     * if passing still scores at least beta at a reduced depth, a real
     * move will too.  The usual danger is zugzwang, where every move is
     * worse than passing; in these games a side with no move loses, so
     * zugzwang is real.  But the side ahead here has 4 or more men, and a
     * spare step of a man far from the fight is almost a pass, so it is
     * never forced to weaken itself; the side behind, which can be in
     * zugzwang (a walled-in king), never passes.
     * Never two passes in a row (only one side can be ahead), never in
     * the PV, never when the static score is below beta, and never for a
     * side with no step (it may have no legal move, and then it has lost,
     * which a pass would hide). */
    int null_steps = 0;
    if (nullmove && !pv_node && depth >= 3 && ply > 0 && eval_null_move_ok(pos)
        && eval_position(pos, &null_steps) >= beta && null_steps > 0) {
        Undo u;
        int r = 3 + depth / 4;
        position_make_null(pos, &u);
        int i = t->root_index + ply + 1;
        t->keys[i] = pos->key;
        t->rev[i] = 0;
        int ns = -search(t, -beta, -beta + 1, imax(0, depth - 1 - r), ply + 1);
        position_unmake_null(pos, &u);
        if (t->aborted)
            return 0;
        if (ns >= beta)
            return ns >= MATE_BOUND ? beta : ns;
    }

    /* Step 4. Moves.  None: the side to move has lost (RULES.md 1, 2). */
    Ply *pl = &t->plies[ply];
    int n = movegen_legal(pos, &pl->list);
    if (n == 0)
        return -MATE + ply;

    /* Step 5. Single-reply extension: a forced move (frequent with
     * compulsory captures) costs no branching, so look one ply further.
     * Bounded by twice the iteration depth so forced chains terminate. */
    int ext = n == 1 && ply < 2 * t->root_depth ? 1 : 0;

    MovePicker mp;
    movepick_init(&mp, pos, &pl->list, pl->scores, tt_move, pl->killers, &t->history);
    int alpha0 = alpha, best = -SCORE_INF, nsearched = 0, nquiets = 0;
    Move best_move = { 0, 0, 0 };
    bool have_best = false;
    const Move *m;
    int ms;
    while ((m = movepick_next(&mp, &ms))) {
        Move mv = *m;
        bool quiet = !mv.captured;
        bool reducible = !movepick_is_tactical(ms) && !move_equal(&mv, &pl->killers[0])
                         && !move_equal(&mv, &pl->killers[1]);
        Undo u;
        push_move(t, ply, &mv, &u);
        int nd = depth - 1 + ext;
        if (nsearched == 0) {
            score = -search(t, -beta, -alpha, nd, ply + 1);
        } else {
            /* Step 6. Late move reductions: quiet, non-killer moves late in
             * the order are searched shallower with a null window; any
             * result above alpha is searched again at full depth, so a
             * reduction can only delay, never hide, a good move.  Never
             * applied to captures or promotions. */
            int r = 0;
            if (lmr && depth >= 3 && reducible && nsearched >= (pv_node ? 3 : 2)) {
                r = lmr_table[imin(depth, 63)][imin(nsearched, 63)];
                if (pv_node && r > 0)
                    r--;
                r = imax(0, imin(r, nd - 1));
            }
            score = -search(t, -alpha - 1, -alpha, nd - r, ply + 1);
            if (r > 0 && score > alpha)
                score = -search(t, -alpha - 1, -alpha, nd, ply + 1);
            if (pv_node && score > alpha && score < beta)
                score = -search(t, -beta, -alpha, nd, ply + 1);
        }
        position_unmake(pos, &mv, &u);
        if (t->aborted)
            return 0;
        nsearched++;

        if (score > best) {
            best = score;
            if (score > alpha) {
                best_move = mv;
                have_best = true;
                if (pv_node)
                    update_pv(t, ply, &mv);
                if (score >= beta) {
                    if (quiet) {
                        store_killer(pl, &mv);
                        movepick_history_update(&t->history, pos->stm, &mv, pl->quiets, nquiets, depth);
                    }
                    break;
                }
                alpha = score;
            }
        }
        if (quiet && nquiets < MAX_QUIETS)
            pl->quiets[nquiets++] = mv;
    }

    int bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
    tt_store(&s->tt, pos->key, have_best ? tt_pack_move(&best_move) : 0,
             tt_score_to(best, ply, MATE_BOUND), depth, bound);
    return best;
}

/* The root: searches t->root_moves from t->pv_index on, in their current
 * order, and records each move's score and line.  A move's score is kept
 * only when its search finished and it is exact or a lower bound (the
 * first move, or one that raised alpha); the others keep -SCORE_INF so a
 * stable sort leaves them behind the proven ones. */
int ab_root(Thread *t, int alpha, int beta, int depth)
{
    Position *pos = &t->pos;
    t->pv_len[0] = 0;
    t->aborted = false;
    count_node(t, 0);
    int best = -SCORE_INF;
    for (int i = t->pv_index; i < t->nroot; i++)
        t->root_moves[i].score = -SCORE_INF;
    for (int i = t->pv_index; i < t->nroot; i++) {
        RootMove *rm = &t->root_moves[i];
        Undo u;
        int score;
        push_move(t, 0, &rm->move, &u);
        if (i == t->pv_index) {
            score = -search(t, -beta, -alpha, depth - 1, 1);
        } else {
            score = -search(t, -alpha - 1, -alpha, depth - 1, 1);
            if (score > alpha && score < beta)
                score = -search(t, -beta, -alpha, depth - 1, 1);
        }
        position_unmake(pos, &rm->move, &u);
        if (t->aborted)
            break;
        if (i == t->pv_index || score > alpha) {
            rm->score = score;
            rm->seldepth = t->seldepth;
            rm->pv[0] = rm->move;
            int n = imin(t->pv_len[1], MAX_PLY - 1);
            memcpy(&rm->pv[1], t->pv[1], (size_t)n * sizeof(Move));
            rm->pv_len = n + 1;
        }
        if (score > best)
            best = score;
        if (score > alpha) {
            alpha = score;
            if (score >= beta)
                break;
        }
    }
    return best;
}
