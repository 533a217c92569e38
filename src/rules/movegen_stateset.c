/*
 * movegen_stateset.c - the exact capture-state set (movegen_stateset.h).
 */
#include "movegen_stateset.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

enum { STATESET_FIRST_CAP = 1 << 10 };

static size_t slot_of(const StateSet *s, int start, int point, Bitboard captured)
{
    uint64_t lo = (uint64_t)captured, hi = (uint64_t)(captured >> 64);
    uint64_t h = (lo * 0x9E3779B97F4A7C15ull) ^ (hi * 0xC2B2AE3D27D4EB4Full)
               ^ ((uint64_t)point << 40) ^ ((uint64_t)start << 48);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return (size_t)h & (s->cap - 1);
}

/* Puts a state known to be absent into slots with room. */
static void put(StateSet *s, int start, int point, Bitboard captured)
{
    size_t i = slot_of(s, start, point, captured);
    while (s->slots[i].point >= 0)
        i = (i + 1) & (s->cap - 1);
    s->slots[i] = (StateSlot){ captured, (int16_t)point, (int16_t)start };
    s->n++;
}

/* Moves the states into a table of cap slots; false when out of memory. */
static bool resize(StateSet *s, size_t cap)
{
    StateSlot *old = s->slots;
    size_t old_cap = s->cap;
    StateSlot *slots = malloc(cap * sizeof *slots);
    if (!slots) return false;
    for (size_t i = 0; i < cap; i++)
        slots[i].point = -1;
    s->slots = slots;
    s->cap = cap;
    s->n = 0;
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].point >= 0) put(s, old[i].start, old[i].point, old[i].captured);
    free(old);
    return true;
}

int stateset_add(StateSet *s, int start, int point, Bitboard captured)
{
    if (s->cap) {
        size_t i = slot_of(s, start, point, captured);
        for (; s->slots[i].point >= 0; i = (i + 1) & (s->cap - 1)) {
            const StateSlot *e = &s->slots[i];
            if (e->point == point && e->start == start && e->captured == captured)
                return STATESET_SEEN;
        }
    }
    if (2 * (s->n + 1) > s->cap
        && (s->cap > SIZE_MAX / 2 / sizeof *s->slots
            || !resize(s, s->cap ? 2 * s->cap : STATESET_FIRST_CAP)))
        return STATESET_NO_MEMORY;
    put(s, start, point, captured);
    return STATESET_NEW;
}

void stateset_free(StateSet *s)
{
    free(s->slots);
    *s = (StateSet){ 0 };
}
