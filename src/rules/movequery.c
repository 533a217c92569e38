/* movequery.c - one step checked as movegen_legal() would list it. */
#include "movequery.h"

#include <pthread.h>
#include <string.h>

#include "movegen.h"

/* Where a piece steps on an empty board, as movegen_legal() lists it:
 * [variant][ForwardOnlyMen][colour][type][from].  Tabal has no
 * ForwardOnlyMen: both halves hold the same. */
static Bitboard lone_steps[VARIANT_NB][2][2][PIECE_TYPE_NB][MAX_POINTS];
static pthread_once_t lone_once = PTHREAD_ONCE_INIT;

static void lone_init(void)
{
    static MoveList list_storage; /* large: not on the stack */
    MoveList *list = &list_storage;
    for (int v = 0; v < VARIANT_NB; v++) {
        const Geometry *g = geometry_of((Variant)v);
        for (int fwd = 0; fwd < 2; fwd++) {
            Rules r = rules_default((Variant)v);
            if (v == VARIANT_DABLOT) r.forward_only_men = fwd;
            for (int c = 0; c < 2; c++)
                for (int t = 0; t < PIECE_TYPE_NB; t++) {
                    if (v == VARIANT_TABAL && t == PRINCE) continue;
                    for (int p = 0; p < g->npoints; p++) {
                        Position pos;
                        memset(&pos, 0, sizeof pos);
                        pos.rules = r;
                        pos.geo = g;
                        pos.stm = (Color)c;
                        pos.move_number = 1;
                        pos.board[p] = (uint8_t)piece_make((Color)c, (PieceType)t);
                        pos.by_color[c] = bb_bit(p);
                        pos.by_type[t] = bb_bit(p);
                        movegen_legal(&pos, list);
                        Bitboard to = 0;
                        for (int i = 0; i < list->n; i++)
                            if (!list->moves[i].captured) to |= bb_bit(list->moves[i].to);
                        lone_steps[v][fwd][c][t][p] = to;
                    }
                }
        }
    }
}

/* Whether to lies on a line from from with only empty points between. */
static bool open_line(const Geometry *g, Bitboard occ, int from, int to)
{
    for (int d = 0; d < DIR_NB; d++)
        for (int q = g->ray[from][d]; q != NO_POINT; q = g->ray[q][d]) {
            if (q == to) return true;
            if (bb_test(occ, q)) break;
        }
    return false;
}

bool movequery_step_legal(const Position *pos, int from, int to)
{
    pthread_once(&lone_once, lone_init);
    const Geometry *g = pos->geo;
    Bitboard occ = pos->by_color[WHITE] | pos->by_color[BLACK];
    if (from < 0 || to < 0 || from >= g->npoints || to >= g->npoints) return false;
    if (!bb_test(pos->by_color[pos->stm], from) || bb_test(occ, to)) return false;
    int fwd = pos->rules.variant == VARIANT_DABLOT && pos->rules.forward_only_men;
    PieceType t = piece_type(pos->board[from]);
    if (!bb_test(lone_steps[pos->rules.variant][fwd][pos->stm][t][from], to)
        || !open_line(g, occ, from, to))
        return false;
    int loser;
    if (position_may_end_by_rule(pos) && position_end_by_rule(pos, &loser) != END_NONE)
        return false;
    /* Optional captures never forbid a step (movegen.h). */
    if (pos->rules.variant == VARIANT_DABLOT && pos->rules.captures == CAPTURES_OPTIONAL)
        return true;
    /* Steps are all allowed or all forbidden: allowed when there is no
     * capture, or when the legal moves are more than the captures. */
    MoveList list;
    int ncapt = movegen_captures(pos, &list);
    return ncapt == 0 || movegen_count(pos) > ncapt;
}
