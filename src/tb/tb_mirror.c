/* tb_mirror.c - the left-right mirror, a table per board. */
#include "tb_mirror.h"

#include <pthread.h>

static int8_t mirror_of[VARIANT_NB][MAX_POINTS];
static pthread_once_t mirror_once = PTHREAD_ONCE_INIT;

static void mirror_init(void)
{
    for (int v = 0; v < VARIANT_NB; v++) {
        const Geometry *g = geometry_of((Variant)v);
        for (int p = 0; p < g->npoints; p++)
            mirror_of[v][p] = g->point_at[g->rank[p]][g->nfiles - 1 - g->file[p]];
    }
}

int tb_mirror_point(Variant v, int p)
{
    pthread_once(&mirror_once, mirror_init);
    return mirror_of[v][p];
}

static Bitboard mirror_set(const int8_t *mirror, Bitboard b)
{
    Bitboard m = 0;
    while (b)
        m |= bb_bit(mirror[bb_pop(&b)]);
    return m;
}

Bitboard tb_mirror_bb(Variant v, Bitboard b)
{
    pthread_once(&mirror_once, mirror_init);
    return mirror_set(mirror_of[v], b);
}

void tb_mirror_position(const Position *pos, Position *out)
{
    /* Only the occupied points move (a table's positions have a few pieces). */
    pthread_once(&mirror_once, mirror_init);
    const int8_t *mirror = mirror_of[pos->geo->variant];
    Bitboard occ = pos->by_color[WHITE] | pos->by_color[BLACK];
    *out = *pos;
    for (Bitboard b = occ; b;)
        out->board[bb_pop(&b)] = EMPTY;
    for (Bitboard b = occ; b;) {
        int p = bb_pop(&b);
        out->board[mirror[p]] = pos->board[p];
    }
    for (int c = 0; c < 2; c++)
        out->by_color[c] = mirror_set(mirror, pos->by_color[c]);
    for (int t = 0; t < PIECE_TYPE_NB; t++)
        out->by_type[t] = mirror_set(mirror, pos->by_type[t]);
    out->key = pos->key ? position_compute_key(out) : 0; /* no key, none made */
}

Move tb_mirror_move(Variant v, const Move *m)
{
    return (Move){ tb_mirror_bb(v, m->captured), (uint8_t)tb_mirror_point(v, m->from),
                   (uint8_t)tb_mirror_point(v, m->to) };
}
