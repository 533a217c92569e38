/*
 * movegen_stateset.h - an exact set of capture states without a size
 * limit, for the capture search of movegen.c.
 *
 * A capture state is (start, point, captured): the moving piece's start
 * point, where it stands and the set of points it has captured.  It is
 * also the move that stops there (RULES.md section 4: a move is its
 * start, its end and its captured set), so a set that never forgets a
 * state lets the search count every move once without listing them.
 * movegen.c keeps a small fixed table first (fast, cleared by a stamp) and
 * puts here only the states it had no room for; a position that never
 * fills the table never allocates.
 *
 * Open addressing with linear probing, at most half full, doubled when it
 * would be fuller.  The slots are allocated at the first insertion and
 * owned by the set: stateset_free() releases them.
 */
#ifndef DABLO_MOVEGEN_STATESET_H
#define DABLO_MOVEGEN_STATESET_H

#include <stddef.h>
#include "bitboard.h"

typedef struct StateSlot {
    Bitboard captured;
    int16_t point, start; /* point < 0: an empty slot */
} StateSlot;

typedef struct StateSet {
    StateSlot *slots; /* NULL until the first insertion */
    size_t cap, n;    /* cap: a power of two, or 0 */
} StateSet;

enum { STATESET_NEW, STATESET_SEEN, STATESET_NO_MEMORY };

/* Adds (start, point, captured) (points 0..127): STATESET_NEW if it was
 * not in the set, STATESET_SEEN if it was, STATESET_NO_MEMORY (set
 * unchanged) when the slots could not be allocated or grown. */
int stateset_add(StateSet *s, int start, int point, Bitboard captured);

/* Releases the slots; the set is empty again and may be reused. */
void stateset_free(StateSet *s);

#endif
