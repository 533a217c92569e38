/*
 * schedule.h - which games a match plays, in game order.
 *
 * Encounters: round-robin plays every pair of engines (i, j), i < j, in
 * that order; -gauntlet plays the first engine against each other one.
 * For each round r = 1..rounds, each encounter in order, and each of its
 * -games games g = 0..games-1, one game is scheduled: engine i has White
 * in even g and engine j in odd g.  Games are numbered 1, 2, ... in this
 * order.
 *
 * Pairs: with -repeat the games g = 2k and 2k+1 of an encounter share an
 * opening with colours reversed and form one pair; without it every game
 * is its own pair.  Pairs are numbered 1, 2, ... over the whole match
 * (pair = the results file's pair=), and pair p (1-based) gets the opening
 * openings_for_pair(p - 1).
 *
 * Shards (-shard i/N) keep the games of pairs with (pair - 1) mod N ==
 * i - 1: disjoint, whole pairs, the same numbering on every shard.
 */
#ifndef DABLO_MATCH_SCHEDULE_H
#define DABLO_MATCH_SCHEDULE_H

#include <stdint.h>

#include "config.h"
#include "openings.h"

typedef struct GameSpec {
    int number;        /* 1-based game number in the whole match */
    int round;         /* 1-based */
    int pair;          /* 1-based pair number */
    int white, black;  /* engine indices */
    int first, second; /* the encounter's engines (first = lower index) */
    int opening;       /* index into the book's entries (-1: no book read) */
} GameSpec;

/* The most games one run schedules (before sharding): every game costs
 * about 40 bytes of schedule and slot, so a match of this size needs
 * ~40 MB; a longer one is refused on the command line (exit 2). */
#define SCHEDULE_MAX_GAMES 1000000

/* The number of games of the whole match (rounds x encounters x games),
 * computed without overflow: any count up to INT32_MAX engines, games and
 * rounds gives an exact int64. */
int64_t schedule_count(const MatchConfig *c);

/* Builds the whole match's games (before sharding) into *out (caller
 * frees).  b NULL: the openings are not read (a resume with nothing left
 * to play needs only the games' numbers, pairs and colours), and each
 * game's opening is -1.  Returns their number. */
int schedule_build(const MatchConfig *c, const OpeningBook *b, GameSpec **out);

/* 1 when game g belongs to shard i of n (1-based i; n = 0 or 1: every game). */
int schedule_in_shard(const GameSpec *g, int shard_i, int shard_n);

#endif
