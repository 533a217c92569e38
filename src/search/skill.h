/*
 * skill.h - playing weaker on purpose: the "Skill Level" option (0..20,
 * 20 = full strength), after Stockfish's skill levels (src/search.cpp,
 * Skill::pick_best; official-stockfish/Stockfish).
 *
 * Below full strength the search (search.c) is limited and the move is
 * then chosen by a seeded rule:
 *   - depth at most 1 + level / 2 plies and at most 200 << (2 * level / 3)
 *     nodes (level 0: 1 ply, 200 nodes; level 19: 10 plies, 819,200 nodes),
 *     on top of the limits of "go";
 *   - at least SKILL_MULTIPV lines are searched, and among them each move
 *     gets its score plus a push that is larger for weaker levels and for
 *     moves further below the best, plus a random part up to the spread of
 *     the scores (at most one man); the highest total is played.
 * The random part comes from the position's key and the level, so the same
 * position at the same level always gives the same move (tests, replays);
 * a game differs only where its positions differ.  Nothing sleeps: a weak
 * level answers sooner, never later.
 *
 * The level travels as a weakness, 20 - level, so that a zeroed
 * SearchOptions (bench, tools) means full strength.
 */
#ifndef DABLO_SKILL_H
#define DABLO_SKILL_H

#include <stdint.h>

enum {
    SKILL_MAX = 20,        /* full strength: no limit, no pick */
    SKILL_MULTIPV = 4,     /* lines searched to choose among */
    SKILL_SPREAD_MAX = 100 /* the random part's scale, at most one man (cp) */
};

/* The depth (plies) and node limits of weakness w (1..SKILL_MAX, that is
 * Skill Level SKILL_MAX - w).  w <= 0: full strength, both 0 (no limit). */
void skill_limits(int weakness, int *max_depth, uint64_t *max_nodes);

/* Chooses among n >= 1 root moves whose scores (side to move's view,
 * hundredths of a man) are sorted best first: the index to play (0 = the
 * best).  weakness 1..SKILL_MAX; seed any 64-bit value (the position's
 * key); the same arguments give the same index. */
int skill_pick(const int *scores, int n, int weakness, uint64_t seed);

#endif
