/* unmove.c - predecessors by asking the rules library about candidates. */
#include "unmove.h"

#include <string.h>

#include "rules/movequery.h"

/* Whether p has the non-capture move from -> to and it leads to q. */
static bool leads_to(const Position *p, int from, int to, const Position *q)
{
    if (!movequery_step_legal(p, from, to)) return false;
    Position r = *p;
    Move m = { 0, (uint8_t)from, (uint8_t)to };
    Undo u;
    position_make(&r, &m, &u);
    return memcmp(r.board, q->board, sizeof r.board) == 0;
}

int unmove_predecessors(const Position *q, bool with_men, UnmoveWanted wanted, void *ctx,
                        uint64_t *keys)
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
                uint64_t key;
                if (wanted(ctx, &p, &key) && leads_to(&p, from, to, q) && n < UNMOVE_MAX)
                    keys[n++] = key;
                if (!flying) break;
            }
    }
    return n;
}
