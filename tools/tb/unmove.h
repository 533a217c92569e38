/*
 * unmove.h - the predecessors of a position inside its own signature.
 *
 * The rules library has no un-move generator, so predecessors are found by
 * forward generation: for every piece of the side that just moved and every
 * point it could have come from along a line (one point away, or any
 * number for a Tabal king; the geometry's rays), the candidate position is
 * built, the rules library is asked whether that step is a legal move
 * there (movequery_step_legal, which answers as movegen_legal would), and
 * the step is played (position_make) to see that it gives back this very
 * position (a Tabal man crowned by the step does not).  No rule is
 * re-implemented here: the candidates are a superset, the rules library
 * decides.
 */
#ifndef DABLO_TB_UNMOVE_H
#define DABLO_TB_UNMOVE_H
#include <stdbool.h>
#include <stdint.h>
#include "rules/movegen.h"

enum { UNMOVE_MAX = 512 };

/* Asked of each candidate before the (costly) check: false skips it;
 * true keeps it, with *key (e.g. its table index) stored for the caller. */
typedef bool (*UnmoveWanted)(void *ctx, const Position *p, uint64_t *key);

/* Predecessors of q (with the other side to move) by non-capture moves that
 * stay in q's signature; with_men false leaves out Tabal men's steps to
 * another rank (the zeroing ones of tb_move_zeroing).  Only candidates that
 * wanted(ctx, p, &key) accepts are checked; the keys of those that are
 * predecessors go to keys (at most UNMOVE_MAX).  Returns how many. */
int unmove_predecessors(const Position *q, bool with_men, UnmoveWanted wanted, void *ctx,
                        uint64_t *keys);
#endif
