/* unmove.c - predecessors by forward generation from candidate positions. */
#include "unmove.h"

#include <string.h>

/* Whether p has the non-capture move from -> to that leads to q. */
static bool leads_to(const Position *p, int from, int to, const Position *q)
{
    MoveList list;
    movegen_legal(p, &list);
    for (int i = 0; i < list.n; i++) {
        const Move *m = &list.moves[i];
        if (m->from != from || m->to != to || m->captured) continue;
        Position r = *p;
        Undo u;
        position_make(&r, m, &u);
        return memcmp(r.board, q->board, sizeof r.board) == 0;
    }
    return false;
}

int unmove_predecessors(const Position *q, bool with_men, UnmoveWanted wanted, void *ctx,
                        Position *out)
{
    const Geometry *geo = q->geo;
    Color them = (Color)!q->stm;
    Bitboard occ = q->by_color[WHITE] | q->by_color[BLACK];
    Bitboard pieces = q->by_color[them];
    int n = 0;
    while (pieces) {
        int to = bb_pop(&pieces);
        int code = q->board[to];
        PieceType t = piece_type(code);
        bool flying = geo->variant == VARIANT_TABAL && t == KING;
        bool tabal_man = geo->variant == VARIANT_TABAL && t == MAN;
        for (int d = 0; d < DIR_NB; d++)
            for (int from = geo->ray[to][d]; from != NO_POINT && !bb_test(occ, from);
                 from = geo->ray[from][d]) {
                /* A Tabal man's step to another rank is a zeroing move. */
                if (tabal_man && !with_men && geo->rank[from] != geo->rank[to]) break;
                Position p = *q;
                p.board[to] = EMPTY;
                p.board[from] = (uint8_t)code;
                p.by_color[them] ^= bb_bit(to) | bb_bit(from);
                p.by_type[t] ^= bb_bit(to) | bb_bit(from);
                p.stm = them;
                if ((!wanted || wanted(ctx, &p)) && leads_to(&p, from, to, q) && n < UNMOVE_MAX)
                    out[n++] = p;
                if (!flying) break;
            }
    }
    return n;
}
