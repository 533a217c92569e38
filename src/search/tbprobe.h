/*
 * tbprobe.h - the endgame tables in the search (tables: src/tb/).
 *
 * Two uses, as with the Syzygy tables in chess engines:
 *   - at the root (tbprobe_root): when the position is in the tables, only
 *     the moves with the best result under the DrawPlies counter, then
 *     the best entry, stay (tb_set_root(): the value, then the distance to
 *     the next zeroing move: a won position is converted inside DrawPlies
 *     whenever the tables say it can be);
 *   - inside the tree (tbprobe_node): a node with no more pieces than the
 *     largest table is scored by its value (outside the PV; in the PV
 *     the value bounds the search, which goes on: alphabeta.c Step 1b):
 *     a win TB_WIN_SCORE - ply,
 *     above every evaluation and below every decided (mate) score; cursed
 *     wins and blessed losses, and wins and losses past the DrawPlies
 *     counter of the node, count as draws (+-1) unless DrawPlies is 0;
 *     a Tabal win or loss past the counter is decided by the bounded tree
 *     of tb_set_verdict(), and searched on where that cannot decide.
 * The tables are read-only; any number of threads probe them.
 */
#ifndef DABLO_SEARCH_TBPROBE_H
#define DABLO_SEARCH_TBPROBE_H
#include <stdbool.h>
#include "search_internal.h"
#include "tb/tb_probe.h"

/* The score at ply (search_internal.h units) of a table position with
 * entry e and decided result r under its DrawPlies counter
 * (tb_set_verdict(), tb_probe.h): a win TB_WIN_SCORE - ply, a draw that
 * the entry calls a win +1 (a loss -1); a loss of distance 0 (no legal
 * move: the game is over) -MATE + ply. */
int tbprobe_score(uint16_t e, TbResult r, int ply);
/* In the tree: true with *score when pos is in the tables (counts a hit);
 * *bound (tt.h) says what the score is: BOUND_LOWER for a table win (the
 * game's true score, a mate the search may find, is at least that),
 * BOUND_UPPER for a table loss, BOUND_EXACT for a draw or a game over. */
bool tbprobe_node(Thread *t, int ply, int *score, int *bound);
/* At the root: keeps the moves of roots[0..n) with the best result, then
 * the best entry, in their order; returns how many are left (n when pos is
 * not in the tables or its result is undecided).
 * *hit says whether the tables answered (a hit the caller counts). */
int tbprobe_root(const struct TbSet *tb, const Position *pos, RootMove *roots, int n, bool *hit);
#endif
