/*
 * perft.c - leaf counts of the legal-move tree, with bulk counting at the
 * last ply (the moves of a depth-1 node are counted, not made).
 */
#include "perft.h"

#include "movegen.h"
#include "notation.h"

uint64_t perft(Position *pos, int depth)
{
    if (depth <= 0) return 1;
    if (depth == 1) return (uint64_t)movegen_count(pos);
    MoveList list;
    movegen_legal(pos, &list);
    uint64_t total = 0;
    for (int i = 0; i < list.n; i++) {
        Undo u;
        position_make(pos, &list.moves[i], &u);
        total += perft(pos, depth - 1);
        position_unmake(pos, &list.moves[i], &u);
    }
    return total;
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
