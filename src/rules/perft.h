/*
 * perft.h - counting the leaves of the legal-move tree (RULES.md section 4:
 * a position whose game is over by a rule of sections 1-2 has no moves;
 * repetition and DrawPlies are not applied).
 */
#ifndef DABLO_PERFT_H
#define DABLO_PERFT_H

#include <stdint.h>
#include "position.h"

/* Leaves at depth plies below pos (depth 0 gives 1).  Bulk counting: at the
 * last ply the moves are counted, not made.  pos is restored on return. */
uint64_t perft(Position *pos, int depth);

/* Divide: calls emit(ctx, move_string, count) for every root move in
 * generation order and returns the total.  depth >= 1. */
uint64_t perft_divide(Position *pos, int depth,
                      void (*emit)(void *ctx, const char *move, uint64_t count), void *ctx);

#endif
