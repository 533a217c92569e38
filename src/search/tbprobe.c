/* tbprobe.c - the endgame tables at the root and in the tree (tbprobe.h). */
#include "tbprobe.h"

#include <stdlib.h>

#include "tb/tb_probe.h"

enum { TB_WIN_SCORE = MATE_BOUND - 1 - MAX_PLY };

int tbprobe_score(uint16_t e, int ply, const Rules *r)
{
    switch (tb_entry_wdl(e)) {
    case TB_WIN: return TB_WIN_SCORE - ply;
    case TB_LOSS: return -TB_WIN_SCORE + ply;
    case TB_CURSED_WIN: return r->draw_plies ? 1 : TB_WIN_SCORE - ply;
    case TB_BLESSED_LOSS: return r->draw_plies ? -1 : -TB_WIN_SCORE + ply;
    default: return 0;
    }
}

bool tbprobe_node(Thread *t, int ply, int *score)
{
    const TbSet *tb = t->search->opt.tb;
    const Position *pos = &t->pos;
    if (!tb || ply == 0 || bb_count(pos->by_color[WHITE] | pos->by_color[BLACK]) > tb->max_pieces)
        return false;
    uint16_t e;
    if (tb_set_probe(tb, pos, &e) != 0) return false;
    atomic_store_explicit(&t->tbhits, atomic_load_explicit(&t->tbhits, memory_order_relaxed) + 1,
                          memory_order_relaxed);
    *score = tbprobe_score(e, ply, &pos->rules);
    return true;
}

int tbprobe_root(const TbSet *tb, const Position *pos, RootMove *roots, int n, bool *hit)
{
    *hit = false;
    if (!tb || bb_count(pos->by_color[WHITE] | pos->by_color[BLACK]) > tb->max_pieces) return n;
    TbRootMove *tm = malloc(MAX_MOVES * sizeof *tm);
    int nt = tm ? tb_set_root(tb, pos, tm, MAX_MOVES) : -1;
    int kept = 0;
    if (nt > 0) {
        *hit = true;
        for (int i = 0; i < n; i++)
            for (int k = 0; k < nt && tm[k].e == tm[0].e; k++)
                if (move_equal(&roots[i].move, &tm[k].move)) {
                    roots[kept++] = roots[i];
                    break;
                }
    }
    free(tm);
    return kept > 0 ? kept : n;
}
