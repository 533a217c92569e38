/*
 * tb_mirror.h - the left-right mirror of a board, of positions and moves.
 *
 * Both boards are symmetric about their middle file (Dablot file f, Tabal
 * file c): a point on file x and rank y mirrors to file nfiles-1-x, rank y,
 * and every line to a line.  Every rule and option of RULES.md sections 1-4
 * speaks of ranks, lines, forward and sideways, never of left or right,
 * so a position and its mirror have mirrored moves and the same value
 * (docs/tablebases.md "Mirror symmetry"; the unit tests check both the
 * geometry and movegen_legal on mirrored positions, the verifier the
 * tables).  The tables store one position of each mirrored pair
 * (tb_index.h).
 */
#ifndef DABLO_TB_MIRROR_H
#define DABLO_TB_MIRROR_H
#include "rules/position.h"

/* The mirror of point p (0..npoints-1) of variant v's board. */
int tb_mirror_point(Variant v, int p);
/* The mirror of a set of points of variant v's board. */
Bitboard tb_mirror_bb(Variant v, Bitboard b);
/* The mirrored position into *out (out != pos): pieces mirrored, side to
 * move, rules and counters kept, Zobrist key recomputed (a position
 * without one, key 0, as the tables build them, gets none). */
void tb_mirror_position(const Position *pos, Position *out);
/* The mirror of a move of variant v. */
Move tb_mirror_move(Variant v, const Move *m);
#endif
