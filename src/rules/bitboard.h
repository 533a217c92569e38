/*
 * bitboard.h - sets of board points as one 128-bit word.
 *
 * Bit i stands for point i of the current board (geometry.h numbers the
 * points 0..npoints-1; Dablot uses 72 bits, Tabal 37).  The type is GCC's and
 * clang's unsigned __int128, which compiles to two 64-bit registers.
 */
#ifndef DABLO_BITBOARD_H
#define DABLO_BITBOARD_H

#include <stdint.h>

typedef unsigned __int128 Bitboard;

/* bb_bits[i] == (Bitboard)1 << i (bitboard.c): one load instead of a
 * 128-bit shift by a variable count, which takes a branch or a few
 * conditional moves. */
extern const Bitboard bb_bits[128];

/* The set of one point, 0..127. */
static inline Bitboard bb_bit(int point)
{
    return bb_bits[point];
}

static inline int bb_test(Bitboard b, int point)
{
    return (int)((b >> point) & 1);
}

/* Number of points in the set, 0..128. */
static inline int bb_count(Bitboard b)
{
    return __builtin_popcountll((uint64_t)b) + __builtin_popcountll((uint64_t)(b >> 64));
}

/* Lowest point of a non-empty set. */
static inline int bb_lsb(Bitboard b)
{
    uint64_t lo = (uint64_t)b;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(b >> 64));
}

/* Removes and returns the lowest point of a non-empty set (one 64-bit
 * half changes: cheaper than the 128-bit b & (b - 1)). */
static inline int bb_pop(Bitboard *b)
{
    uint64_t lo = (uint64_t)*b, hi = (uint64_t)(*b >> 64);
    if (lo) {
        *b = (Bitboard)hi << 64 | (lo & (lo - 1));
        return __builtin_ctzll(lo);
    }
    *b = (Bitboard)(hi & (hi - 1)) << 64;
    return 64 + __builtin_ctzll(hi);
}

#endif
