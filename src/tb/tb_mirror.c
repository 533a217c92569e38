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

Bitboard tb_mirror_bb(Variant v, Bitboard b)
{
    pthread_once(&mirror_once, mirror_init);
    Bitboard m = 0;
    while (b)
        m |= bb_bit(mirror_of[v][bb_pop(&b)]);
    return m;
}

void tb_mirror_position(const Position *pos, Position *out)
{
    Variant v = pos->geo->variant;
    *out = *pos;
    for (int p = 0; p < pos->geo->npoints; p++)
        out->board[tb_mirror_point(v, p)] = pos->board[p];
    for (int c = 0; c < 2; c++)
        out->by_color[c] = tb_mirror_bb(v, pos->by_color[c]);
    for (int t = 0; t < PIECE_TYPE_NB; t++)
        out->by_type[t] = tb_mirror_bb(v, pos->by_type[t]);
    out->key = pos->key ? position_compute_key(out) : 0; /* no key, none made */
}

Move tb_mirror_move(Variant v, const Move *m)
{
    return (Move){ tb_mirror_bb(v, m->captured), (uint8_t)tb_mirror_point(v, m->from),
                   (uint8_t)tb_mirror_point(v, m->to) };
}
