/*
 * ref_movegen.h - a slow reference move generator for cross-checking perft.
 *
 * Written separately from src/rules/movegen.c and sharing only the geometry's
 * ray table and the Position's board array: it works on a plain array of
 * piece codes, enumerates every capture *path* by recursion (copying the
 * board at each jump), decides the rule options afterwards from the list of
 * paths, and removes duplicate moves by comparing (from, to, captured set)
 * (RULES.md section 4).  It makes moves by copy, never by unmake.
 */
#ifndef DABLO_TEST_REF_MOVEGEN_H
#define DABLO_TEST_REF_MOVEGEN_H

#include <stdint.h>
#include "rules/position.h"

/* Legal moves of pos by the reference rules; returns their number (at most max). */
int ref_moves(const Position *pos, Move *out, int max);

/* The position after m, built by copying pos and editing the board array;
 * bitboards and key are recomputed from the array. */
Position ref_after(const Position *pos, const Move *m);

/* Every legal move of a Dablot position, however many, found another way:
 * the capture states (start, point, captured set) breadth first, one level
 * a captured piece, each level sorted and cut to distinct states (a state
 * is the move that stops there, RULES.md section 4), then the capture
 * rules on the states and the steps of ref_moves.  *out is malloc'd (the
 * caller frees it).  Returns the number of moves, -1 for Tabal.  Aborts
 * when out of memory. */
int ref_all_moves(const Position *pos, Move **out);

/* Perft with ref_moves and ref_after (no bulk counting). */
uint64_t ref_perft(const Position *pos, int depth);

#endif
