/*
 * movepick.h - move ordering for the search.
 *
 * The generated moves (movegen.h) are given one score each and handed out
 * best first by selection, so the cost is paid only for moves actually
 * searched before a cutoff.  Order:
 *   1. the transposition-table move;
 *   2. captures: more captured material first (the material weights of
 *      eval.h, so more pieces and higher ranks come first), then the
 *      cheaper capturing piece;
 *   3. Tabal promotions (a man stepping onto its far base);
 *   4. the two killer moves of this ply (quiet moves that caused a cutoff
 *      at the same distance from the root);
 *   5. the other quiet moves by the history heuristic (Schaeffer 1989):
 *      a per-thread table [colour][from][to] raised for moves that cause a
 *      cutoff and lowered for the quiet moves tried before them.
 * Equal scores keep generation order, so the order is deterministic.
 */
#ifndef DABLO_MOVEPICK_H
#define DABLO_MOVEPICK_H

#include <stdint.h>
#include "rules/movegen.h"

/* Entries stay within +-HISTORY_MAX (params.h), so they fit 16 bits. */
typedef struct History {
    int16_t table[2][MAX_POINTS][MAX_POINTS];
} History;

typedef struct MovePicker {
    MoveList *list;
    int *scores;        /* MAX_MOVES entries owned by the caller */
    int next;           /* moves handed out so far */
} MovePicker;

/* Scores the moves of list for pos.  tt_move is a packed move (tt.h) or 0;
 * killers points to two moves of this ply (from == to == 0: none). */
void movepick_init(MovePicker *mp, const Position *pos, MoveList *list, int *scores,
                   uint32_t tt_move, const Move killers[2], const History *h);

/* A picker that hands out list's moves in their order; scores (MAX_MOVES
 * entries owned by the caller) must already fall from the first to the
 * last (the root's moves, sorted by the last iteration). */
void movepick_init_ordered(MovePicker *mp, MoveList *list, int *scores);

/* The next best move, or NULL when all were handed out.  *score receives
 * its ordering score. */
const Move *movepick_next(MovePicker *mp, int *score);

/* True when the ordering score marks a capture, a promotion or the TT move
 * (moves never reduced by late-move reductions). */
int movepick_is_tactical(int score);

/* Updates the history after a quiet move best caused a cutoff at depth
 * plies; tried[0..ntried-1] are the quiet moves searched before it. */
void movepick_history_update(History *h, Color stm, const Move *best, const Move *tried, int ntried, int depth);

void movepick_history_clear(History *h);

#endif
