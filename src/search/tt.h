/*
 * tt.h - the transposition table: search results remembered by position key.
 *
 * Layout.  The table is an array of 64-byte buckets (one cache line each),
 * every bucket holding four 16-byte entries.  A key selects one bucket by
 * the high half of key * nbuckets (so any bucket count works, not only
 * powers of two); a probe reads the four entries of that one line.
 *
 * An entry is two 64-bit words:
 *   data = move (32 bits) | score (16) | depth (8) | bound (2) | generation (6)
 *   check = key ^ data
 * A probe accepts an entry only when check ^ data equals the full 64-bit
 * key.  This is the "lockless hashing" of Hyatt and Mann (ICGA Journal 25,
 * 2002): several search threads (the parallel search) read and write entries with no
 * lock, each word with a relaxed atomic load or store; an entry torn by two
 * simultaneous writers fails the check and reads as a miss.  The stored move
 * is a hint only: the search plays it only if it matches a generated legal
 * move, so even a false hit can never make an illegal move.
 *
 * The move is packed as from (7 bits), to (7 bits) and a 16-bit hash of the
 * set of captured points (RULES.md section 4: a move is start, end and
 * captured set), with bit 31 set when a move is present.
 *
 * Scores are stored relative to the node: a win or loss "in N plies from
 * the root" is converted to "in M plies from this node" on store and back
 * on probe (tt_score_to/tt_score_from), so a mate score stays right when the
 * same position is reached at another ply.
 *
 * Replacement: an entry of the same position is overwritten unless the new
 * result is a non-exact bound of this search more than TT_KEEP_DEPTH_MARGIN
 * plies shallower than the stored one; otherwise the victim is the entry
 * with the smallest depth - TT_AGE_WEIGHT * age (age in searches since it
 * was written; both in params.h), so deeper and newer entries survive
 * (Stockfish's depth-and-age rule, src/tt.cpp).
 */
#ifndef DABLO_TT_H
#define DABLO_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "rules/position.h"

enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

/* Depth stored for quiescence results (below every full-width depth). */
enum { TT_DEPTH_QS = -1, TT_DEPTH_MAX = 250 };

typedef struct TTEntryPair {
    uint64_t data;
    uint64_t check;
} TTEntryPair;

typedef struct TT {
    TTEntryPair *table; /* nbuckets * 4 entries, 64-byte aligned, inside mem */
    void *mem;          /* the allocation, what tt_free() gives back */
    size_t mem_bytes;   /* its size */
    uint64_t nbuckets;
    size_t mib;
    uint8_t generation;    /* 0..63, advanced once per search */
    bool dirty;            /* written since the last clear (relaxed atomic) */
} TT;

/* What a probe found. */
typedef struct TTHit {
    uint32_t move;         /* packed move (tt_pack_move), 0 = none */
    int score;             /* node-relative: pass through tt_score_from() */
    int depth;             /* plies, TT_DEPTH_QS for quiescence */
    int bound;             /* BOUND_* */
} TTHit;

/* Allocates mib MiB (1..65536), all entries empty.  The memory is fresh
 * zero pages from the system (in transparent huge pages where Linux gives
 * them): nothing is written at start-up, and a page becomes resident only
 * when the search first touches it.  Returns 0, or -1 if the memory cannot
 * be had (tt is then left empty with table == NULL). */
int tt_init(TT *tt, size_t mib);

/* Replaces the table by an empty one of mib MiB (one of that size already
 * is only cleared), every page of it made resident now, so the first
 * search does not pay for it; on failure keeps the old one and returns
 * -1. */
int tt_resize(TT *tt, size_t mib);

void tt_free(TT *tt);

/* Zeroes every entry and the generation.  Only a table stored into since
 * the last clear is written over, so clearing a fresh table costs nothing
 * and makes no page resident.  Not while a search runs. */
void tt_clear(TT *tt);

/* Starts a new search: entries written before count as one search older. */
void tt_new_search(TT *tt);

/* Looks up key; returns true and fills *hit on a match. */
bool tt_probe(const TT *tt, uint64_t key, TTHit *hit);

/* Stores a result for key: score node-relative (tt_score_to), depth in plies
 * (TT_DEPTH_QS..TT_DEPTH_MAX), bound BOUND_*, move packed or 0. */
void tt_store(TT *tt, uint64_t key, uint32_t move, int score, int depth, int bound);

/* Entries written in the current search, per mille of a sample of the
 * first 1000 entries (the protocol's "hashfull"). */
int tt_hashfull(const TT *tt);

/* Starts fetching the bucket of key into the cache. */
void tt_prefetch(const TT *tt, uint64_t key);

/* Packs a move for storage; never 0. */
uint32_t tt_pack_move(const Move *m);

/* True when the packed move p denotes m. */
bool tt_move_matches(uint32_t p, const Move *m);

/* Mate-score conversion between root-relative scores (search) and
 * node-relative ones (table), for a node ply plies below the root.
 * mate_bound is the smallest absolute score that means a decided game. */
int tt_score_to(int score, int ply, int mate_bound);
int tt_score_from(int score, int ply, int mate_bound);

#endif
