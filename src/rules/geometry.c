/*
 * geometry.c - builds the point and line lists of both boards and derives the
 * ray tables from them (RULES.md sections 1 "Board" and 2 "Board").
 */
#include "geometry.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static Geometry boards[VARIANT_NB];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static const int8_t dir_df[DIR_NB] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int8_t dir_dr[DIR_NB] = { 1, 1, 0, -1, -1, -1, 0, 1 };

static int sign(int x)
{
    return (x > 0) - (x < 0);
}

static void add_point(Geometry *g, int file, int rank)
{
    int p = g->npoints++;
    g->file[p] = (int8_t)file;
    g->rank[p] = (int8_t)rank;
    /* rank + 1 is 1..13: % 100 tells the compiler it fits (-Wformat-truncation). */
    snprintf(g->name_of[p], sizeof g->name_of[p], "%c%u", 'a' + file, (unsigned)(rank + 1) % 100u);
    g->point_at[rank][file] = (int8_t)p;
    g->rank_size[rank]++;
    g->all |= bb_bit(p);
}

/* Adds the line between two points given by (file, rank); both must exist. */
static void add_line(Geometry *g, int f1, int r1, int f2, int r2)
{
    int p = g->point_at[r1][f1], q = g->point_at[r2][f2];
    if (p == NO_POINT || q == NO_POINT) {
        fprintf(stderr, "geometry: line to a missing point\n");
        abort();
    }
    int df = sign(f2 - f1), dr = sign(r2 - r1);
    for (int d = 0; d < DIR_NB; d++) {
        if (dir_df[d] == df && dir_dr[d] == dr) {
            g->ray[p][d] = (int8_t)q;
            g->ray[q][(d + 4) & 7] = (int8_t)p;
        }
    }
    g->nlines++;
}

static void clear(Geometry *g)
{
    memset(g, 0, sizeof *g);
    memset(g->point_at, NO_POINT, sizeof g->point_at);
    memset(g->ray, NO_POINT, sizeof g->ray);
}

/* Dablot: 6 x 7 vertices on odd files/ranks of the doubled grid, 5 x 6 centres
 * on even ones; orthogonal lines vertex-vertex, diagonal lines vertex-centre. */
static void build_dablot(Geometry *g)
{
    clear(g);
    g->variant = VARIANT_DABLOT;
    g->name = "dablot";
    g->nfiles = 11;
    g->nranks = 13;
    for (int r = 0; r < 13; r++)
        for (int f = 0; f < 11; f++)
            if ((f % 2) == (r % 2))
                add_point(g, f, r);
    for (int r = 0; r < 13; r += 2)
        for (int f = 0; f < 11; f += 2) {
            g->vertices |= bb_bit(g->point_at[r][f]);
            if (f + 2 < 11) add_line(g, f, r, f + 2, r);
            if (r + 2 < 13) add_line(g, f, r, f, r + 2);
        }
    for (int r = 1; r < 13; r += 2)
        for (int f = 1; f < 11; f += 2) {
            add_line(g, f, r, f - 1, r - 1);
            add_line(g, f, r, f + 1, r - 1);
            add_line(g, f, r, f - 1, r + 1);
            add_line(g, f, r, f + 1, r + 1);
        }
}

/* Tabal: a 5 x 5 Alquerque board on ranks 3-7 with a triangle on each edge. */
static void build_tabal(Geometry *g)
{
    clear(g);
    g->variant = VARIANT_TABAL;
    g->name = "tabal";
    g->nfiles = 5;
    g->nranks = 9;
    for (int r = 0; r < 9; r++)
        for (int f = 0; f < 5; f++) {
            int in_square = r >= 2 && r <= 6;
            int on_base = (r == 0 || r == 8) && f % 2 == 0;
            int on_row2 = (r == 1 || r == 7) && f >= 1 && f <= 3;
            if (in_square || on_base || on_row2)
                add_point(g, f, r);
        }
    g->vertices = g->all;
    for (int r = 2; r <= 6; r++)
        for (int f = 0; f < 5; f++) {
            if (f + 1 < 5) add_line(g, f, r, f + 1, r);
            if (r + 1 <= 6) add_line(g, f, r, f, r + 1);
            /* counting a = 1 and rank 1 = 1: (f+1)+(r+1) even <=> f+r even */
            if ((f + r) % 2 == 0 && r + 1 <= 6) {
                if (f + 1 < 5) add_line(g, f, r, f + 1, r + 1);
                if (f - 1 >= 0) add_line(g, f, r, f - 1, r + 1);
            }
        }
    /* South triangle (apex c3) and its mirror, the north triangle (apex c7). */
    for (int side = 0; side < 2; side++) {
        int apex = side == 0 ? 2 : 6, mid = side == 0 ? 1 : 7, base = side == 0 ? 0 : 8;
        add_line(g, 2, apex, 1, mid);
        add_line(g, 1, mid, 0, base);
        add_line(g, 2, apex, 2, mid);
        add_line(g, 2, mid, 2, base);
        add_line(g, 2, apex, 3, mid);
        add_line(g, 3, mid, 4, base);
        add_line(g, 1, mid, 2, mid);
        add_line(g, 2, mid, 3, mid);
        add_line(g, 0, base, 2, base);
        add_line(g, 2, base, 4, base);
    }
    for (int f = 0; f < 5; f += 2) {
        g->far_base[0] |= bb_bit(g->point_at[8][f]);
        g->far_base[1] |= bb_bit(g->point_at[0][f]);
    }
}

static void build_all(void)
{
    build_dablot(&boards[VARIANT_DABLOT]);
    build_tabal(&boards[VARIANT_TABAL]);
}

void geometry_init(void)
{
    pthread_once(&once, build_all);
}

const Geometry *geometry_of(Variant v)
{
    geometry_init();
    return &boards[v == VARIANT_TABAL ? VARIANT_TABAL : VARIANT_DABLOT];
}

int geometry_point_prefix(const Geometry *g, const char *s, int *len)
{
    if (s[0] < 'a' || s[0] >= 'a' + g->nfiles || s[1] < '1' || s[1] > '9')
        return NO_POINT;
    int file = s[0] - 'a', rank = s[1] - '0', n = 2;
    if (s[2] >= '0' && s[2] <= '9' && rank == 1) {
        rank = 10 + (s[2] - '0');
        n = 3;
    }
    if (rank < 1 || rank > g->nranks)
        return NO_POINT;
    int p = g->point_at[rank - 1][file];
    if (p != NO_POINT && len)
        *len = n;
    return p;
}

int geometry_point(const Geometry *g, const char *name)
{
    int len = 0;
    int p = geometry_point_prefix(g, name, &len);
    return p != NO_POINT && name[len] == '\0' ? p : NO_POINT;
}

int geometry_variant_from_name(const char *name)
{
    if (strcasecmp(name, "dablot") == 0) return VARIANT_DABLOT;
    if (strcasecmp(name, "tabal") == 0) return VARIANT_TABAL;
    return -1;
}
