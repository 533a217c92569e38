/* tbprobe.c - the endgame tables at the root and in the tree (tbprobe.h). */
#include "tbprobe.h"

#include <stdlib.h>

#include "tb/tb_probe.h"
#include "tt.h"

enum { TB_WIN_SCORE = MATE_BOUND - 1 - MAX_PLY };

int tbprobe_score(uint16_t e, TbResult r, int ply)
{
    /* Distance 0: the game is over by the rules here (no legal move), a
     * real mate, which must outrank every table win. */
    if (tb_entry_dtz(e) == 0 && tb_entry_wdl(e) == TB_LOSS) return -MATE + ply;
    switch (r) {
    case TB_RESULT_WIN: return TB_WIN_SCORE - ply;
    case TB_RESULT_LOSS: return -TB_WIN_SCORE + ply;
    default: break;
    }
    /* A draw the tables call a win or loss (cursed, blessed, or past the
     * counter) leans to that side. */
    TbWdl w = tb_entry_wdl(e);
    return w > TB_DRAW ? 1 : w < TB_DRAW ? -1 : 0;
}

bool tbprobe_node(Thread *t, int ply, int *score, int *bound)
{
    const TbSet *tb = t->search->opt.tb;
    const Position *pos = &t->pos;
    if (!tb || ply == 0 || bb_count(pos->by_color[WHITE] | pos->by_color[BLACK]) > tb->max_pieces)
        return false;
    uint16_t e;
    if (tb_set_probe(tb, pos, &e) != 0) return false;
    TbResult r = (TbResult)tb_wdl_counted(e, pos->draw_plies, pos->rules.draw_plies);
    /* Only a Tabal win or loss past the counter needs the bounded tree of
     * tb_set_verdict(); what it cannot decide is searched on. */
    if (!tb_counted_exact(pos, e)
        && (tb_set_verdict(tb, pos, &e, &r) != 0 || !tb_result_decided(r)))
        return false;
    atomic_store_explicit(&t->tbhits, atomic_load_explicit(&t->tbhits, memory_order_relaxed) + 1,
                          memory_order_relaxed);
    *score = tbprobe_score(e, r, ply);
    /* A table draw takes the TradeBonus share as the tree's other draws do
     * (search_internal.h). */
    if (*score > -MATE_BOUND && *score < MATE_BOUND && r != TB_RESULT_WIN && r != TB_RESULT_LOSS)
        *score += trade_share(t, pos, ply);
    /* A win is at least its table score (a mate scores more), a loss at
     * most; a draw, and the end of the game (distance 0), are exact. */
    *bound = *score >= MATE_BOUND || *score <= -MATE_BOUND ? BOUND_EXACT
           : r == TB_RESULT_WIN                            ? BOUND_LOWER
           : r == TB_RESULT_LOSS                           ? BOUND_UPPER
                                                           : BOUND_EXACT;
    return true;
}

int tbprobe_root(const TbSet *tb, const Position *pos, RootMove *roots, int n, bool *hit)
{
    *hit = false;
    if (!tb || bb_count(pos->by_color[WHITE] | pos->by_color[BLACK]) > tb->max_pieces) return n;
    TbRootMove *tm = malloc(MAX_MOVES * sizeof *tm);
    int nt = tm ? tb_set_root(tb, pos, tm, MAX_MOVES) : -1;
    int kept = 0;
    /* A result the tables cannot decide keeps every move (tb_set_verdict()). */
    if (nt > 0 && tb_result_decided(tm[0].v)) {
        *hit = true;
        for (int i = 0; i < n; i++)
            for (int k = 0; k < nt && tb_root_equal(&tm[k], &tm[0]); k++)
                if (move_equal(&roots[i].move, &tm[k].move)) {
                    roots[kept++] = roots[i];
                    break;
                }
    }
    free(tm);
    return kept > 0 ? kept : n;
}
