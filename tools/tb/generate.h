/*
 * generate.h - building the table of a signature by retrograde analysis.
 *
 * Two passes over the positions of one signature, both driven by the rules
 * library's move generation (successors by movegen_legal + position_make,
 * predecessors by unmove.h):
 *   1. the value without DrawPlies (win, draw, loss for the side to move):
 *      moves that leave the signature (captures, Tabal crownings) are
 *      looked up in the tables already built; inside the signature a loss
 *      makes each predecessor a win, and a position is lost when all its
 *      moves lead to wins (a count of moves left per position).  What is
 *      never decided is a draw.
 *   2. the distance to the next zeroing move (tb_file.h) in order of
 *      distance (a bucket queue, Dijkstra-like): a zeroing move counts 1
 *      (101 into a cursed win or blessed loss), a plain move 1 + the
 *      successor's distance; the winner takes the least, the loser the
 *      most.  Wins past TB_DRAW_PLIES become cursed, losses blessed.
 * Only the positions the folded index stores are built (tb_index.h): the
 * predecessors of a stored position are those of it and, when its mirror
 * is not stored, of its mirror, each kept only if stored itself; so each
 * move of a stored position is counted once.
 * A Tabal man's step to another rank is zeroing but stays inside the
 * signature (its sideways steps are plain moves here: tb_probe.h); it counts
 * 1 whatever the curse of the position it leads to (exact while no Tabal
 * distance exceeds TB_DRAW_PLIES; the verifier checks it).
 */
#ifndef DABLO_TB_GENERATE_H
#define DABLO_TB_GENERATE_H
#include <stdint.h>
#include "tb/tb_index.h"

/* The tables a build may look into: built ones, in memory. */
typedef struct GenTable {
    TbSig sig;
    uint16_t *e; /* tb_index_size(sig) entries, owned */
    TbLayout lay; /* tb_layout_init() of sig */
} GenTable;

typedef struct GenLookup {
    const GenTable *const *tables;
    int n;
} GenLookup;

/* What a build found, per side to move ([0] White, [1] Black). */
typedef struct GenStats {
    uint64_t count[2][5]; /* placements by TbWdl (tb_index_weight) */
    int longest_win;      /* most plies of a win (not cursed) */
    int longest_any;      /* most plies of any win, cursed ones too */
} GenStats;

/* Builds the entries of signature s under rules r into *out (malloc'd,
 * tb_index_size(s) of them).  Returns 0, or -1 with a message in err
 * (out of memory, a needed table missing from deps). */
int gen_build(const Rules *r, const TbSig *s, const GenLookup *deps, uint16_t **out, GenStats *st,
              char *err, size_t errlen);
/* The entry of any position reached from the table being built: over by
 * the rules, or looked up in deps.  Returns 0, or -1 if no table has it. */
int gen_lookup(const GenLookup *deps, const Position *pos, uint16_t *e);
#endif
