/* unmove.c - predecessors by asking the rules library about candidates. */
#include "unmove.h"

#include <string.h>

#include "rules/movequery.h"

/* Whether p has the non-capture move from -> to and it leads to q (p is
 * given back as it was). */
static bool leads_to(Position *p, int from, int to, const Position *q)
{
    if (!movequery_step_legal(p, from, to)) return false;
    Move m = { 0, (uint8_t)from, (uint8_t)to };
    Undo u;
    position_make(p, &m, &u);
    bool same = memcmp(p->board, q->board, sizeof p->board) == 0;
    position_unmake(p, &m, &u);
    return same;
}

int unmove_predecessors(const Position *q, bool with_men, UnmoveWanted wanted, void *ctx,
                        uint64_t *keys)
{
    const Geometry *geo = q->geo;
    Color them = (Color)!q->stm;
    Bitboard occ = q->by_color[WHITE] | q->by_color[BLACK];
    Bitboard pieces = q->by_color[them];
    int n = 0;
    /* One candidate at a time in p: the piece put back, then restored. */
    Position p = *q;
    p.stm = them;
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
                Bitboard both = bb_bit(to) | bb_bit(from);
                p.board[to] = EMPTY;
                p.board[from] = (uint8_t)code;
                p.by_color[them] ^= both;
                p.by_type[t] ^= both;
                uint64_t key;
                if (wanted(ctx, &p, &key) && leads_to(&p, from, to, q) && n < UNMOVE_MAX)
                    keys[n++] = key;
                p.board[from] = EMPTY;
                p.board[to] = (uint8_t)code;
                p.by_color[them] ^= both;
                p.by_type[t] ^= both;
                if (!flying) break;
            }
    }
    return n;
}
