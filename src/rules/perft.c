/*
 * perft.c - leaf counts of the legal-move tree, with bulk counting at the
 * last ply (the moves of a depth-1 node are counted, not made).  Every
 * node's moves are all of them (movegen_legal_all), also where a move
 * list would overflow, so the counts are exact at every depth.
 */
#include "perft.h"

#include "movegen.h"
#include "notation.h"

/* Below the root each child is made on a copy of the position (copy-make):
 * copying the few hundred bytes costs less than position_unmake(). */
static uint64_t perft_below(const Position *pos, int depth)
{
    if (depth == 1) return (uint64_t)movegen_count(pos);
    /* the children's moves counted without making them */
    if (depth == 2) return movegen_count_children(pos);
    MoveList list;
    Move *moves;
    int n = movegen_legal_all(pos, &list, &moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        Position child = *pos;
        Undo u;
        position_make(&child, &moves[i], &u);
        total += perft_below(&child, depth - 1);
    }
    movegen_legal_all_free(&list, moves);
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
    Move *moves;
    int nmoves = movegen_legal_all(pos, &list, &moves);
    uint64_t total = 0;
    for (int i = 0; i < nmoves; i++) {
        char s[MOVE_STR_MAX];
        Undo u;
        notation_move_string(pos, &moves[i], s, sizeof s);
        position_make(pos, &moves[i], &u);
        uint64_t n = perft(pos, depth - 1);
        position_unmake(pos, &moves[i], &u);
        if (emit) emit(ctx, s, n);
        total += n;
    }
    movegen_legal_all_free(&list, moves);
    return total;
}
