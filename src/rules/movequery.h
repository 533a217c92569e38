/*
 * movequery.h - cheap questions about one move, answered exactly as the
 * move generator would (movegen.h), without listing every move.
 *
 * For the endgame-table generator, which asks of millions of candidate
 * positions whether one step exists there.  No rule is written here a
 * second time: where a piece may step is learnt from movegen_legal() on a
 * board holding only that piece (once per rule set), and whether steps are
 * allowed at all comes from movegen_captures() and movegen_count().  The
 * unit tests compare every answer with movegen_legal().
 */
#ifndef DABLO_MOVEQUERY_H
#define DABLO_MOVEQUERY_H

#include <stdbool.h>
#include "position.h"

/* Whether movegen_legal(pos) lists the step (no capture) from -> to, for
 * any points 0..npoints-1 of pos's board: the piece on from belongs to the
 * side to move, to is empty and reachable along a line of empty points as
 * that piece steps (RULES.md sections 1-2), no capture forbids steps
 * (compulsory captures: Tabal, Dablot Captures compulsory and
 * compulsory-men, section 1), and the game is not over by a rule
 * (position_end_by_rule).  Thread-safe; the tables it learns from the move
 * generator are built on first use. */
bool movequery_step_legal(const Position *pos, int from, int to);

#endif
