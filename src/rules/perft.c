/*
 * perft.c - leaf counts of the legal-move tree, with bulk counting at the
 * last ply (the moves of a depth-1 node are counted, not made).
 */
#include "perft.h"

#include "movegen.h"
#include "notation.h"

/* Below the root each child is made on a copy of the position (copy-make):
 * copying the few hundred bytes costs less than position_unmake(). */
static uint64_t perft_below(const Position *pos, int depth)
{
    if (depth == 1) return (uint64_t)movegen_count(pos);
    MoveList list;
    movegen_legal(pos, &list);
    uint64_t total = 0;
    for (int i = 0; i < list.n; i++) {
        Position child = *pos;
        Undo u;
        position_make(&child, &list.moves[i], &u);
        total += perft_below(&child, depth - 1);
    }
    return total;
}

uint64_t perft(Position *pos, int depth)
{
    return depth <= 0 ? 1 : perft_below(pos, depth);
}

uint64_t perft_divide(Position *pos, int depth,
                      void (*emit)(void *ctx, const char *move, uint64_t count), void *ctx)
{
    MoveList list;
    movegen_legal(pos, &list);
    uint64_t total = 0;
    for (int i = 0; i < list.n; i++) {
        char s[MOVE_STR_MAX];
        Undo u;
        notation_move_string(pos, &list.moves[i], s, sizeof s);
        position_make(pos, &list.moves[i], &u);
        uint64_t n = perft(pos, depth - 1);
        position_unmake(pos, &list.moves[i], &u);
        if (emit) emit(ctx, s, n);
        total += n;
    }
    return total;
}
