/*
 * geometry.h - the two boards as data: points, lines and rays.
 *
 * Each board is described once, as a list of points and a list of lines
 * (RULES.md sections 1 and 2).  Everything else is derived from that list:
 * the direction of a line is the sign of its file and rank differences, and
 * ray[p][d] is the neighbour of p along a line in direction d (or NO_POINT).
 * A straight line "runs on" through a point q when q has a line in the same
 * direction as the one it was entered by, so short jumps (over ray[p][d] to
 * ray[ray[p][d]][d]) and flying kings (following ray[][d]) need no special
 * cases for the Dablot centres or the Tabal triangles.
 *
 * Points are numbered 0..npoints-1 rank by rank from rank 1 upward and, inside
 * a rank, from the lowest file up.  The tables are built once by
 * geometry_init() and are read-only afterwards (safe to share between threads).
 */
#ifndef DABLO_GEOMETRY_H
#define DABLO_GEOMETRY_H

#include <stdint.h>
#include "bitboard.h"

enum { MAX_POINTS = 72, MAX_FILES = 11, MAX_RANKS = 13, NO_POINT = -1 };

typedef enum { VARIANT_DABLOT = 0, VARIANT_TABAL = 1, VARIANT_NB = 2 } Variant;

/* The 8 directions, clockwise from north; the opposite of d is (d + 4) & 7.
 * "North" is towards higher ranks (Black's side). */
typedef enum { DIR_N, DIR_NE, DIR_E, DIR_SE, DIR_S, DIR_SW, DIR_W, DIR_NW, DIR_NB } Direction;

typedef struct Geometry {
    Variant variant;
    const char *name;              /* "dablot" or "tabal" */
    int npoints;
    int nlines;
    int nfiles, nranks;            /* 11 x 13 (doubled grid) or 5 x 9 */
    int8_t file[MAX_POINTS];       /* 0-based: 0 = 'a' */
    int8_t rank[MAX_POINTS];       /* 0-based: 0 = rank 1 */
    char name_of[MAX_POINTS][4];   /* "a1", "k13", ... */
    int8_t point_at[MAX_RANKS][MAX_FILES];   /* NO_POINT where no point */
    int8_t rank_size[MAX_RANKS];   /* points on each rank */
    int8_t ray[MAX_POINTS][DIR_NB];          /* next point along a line, or NO_POINT */
    Bitboard all;                  /* every point */
    Bitboard far_base[2];          /* Tabal promotion ranks: [WHITE] = rank 9, [BLACK] = rank 1 */
    Bitboard vertices;             /* Dablot: points with odd file and rank (all points on Tabal) */
} Geometry;

/* Builds both boards' tables.  Idempotent and thread-safe (pthread_once). */
void geometry_init(void);

/* The board of a variant; geometry_init() is called if needed.  Never NULL. */
const Geometry *geometry_of(Variant v);

/* Point named like "c5" on this board, or NO_POINT for anything else
 * (wrong file/rank, a name of a place with no point, trailing characters). */
int geometry_point(const Geometry *g, const char *name);

/* Like geometry_point() for the first 2-3 characters of s; *len receives the
 * number of characters used.  NO_POINT if s does not start with a point name. */
int geometry_point_prefix(const Geometry *g, const char *s, int *len);

/* Variant by its protocol name ("dablot", "tabal"; case-insensitive); -1 if unknown. */
int geometry_variant_from_name(const char *name);

#endif
