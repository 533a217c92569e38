/*
 * skill.c - the limits and the move choice of a Skill Level (skill.h).
 */
#include "skill.h"

/* splitmix64 (Steele, Lea, Flood 2014): a well-mixed 64-bit sequence from
 * any seed. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void skill_limits(int weakness, int *max_depth, uint64_t *max_nodes)
{
    if (weakness <= 0) {
        *max_depth = 0;
        *max_nodes = 0;
        return;
    }
    int level = weakness > SKILL_MAX ? 0 : SKILL_MAX - weakness;
    *max_depth = 1 + level / 2;
    *max_nodes = (uint64_t)200 << (2 * level / 3);
}

int skill_pick(const int *scores, int n, int weakness, uint64_t seed)
{
    if (n <= 1 || weakness <= 0) return 0;
    int level = weakness > SKILL_MAX ? 0 : SKILL_MAX - weakness;
    /* Stockfish's weights: weakness 120 - 2 * level out of 128. */
    int w = 120 - 2 * level;
    int spread = scores[0] - scores[n - 1];
    if (spread > SKILL_SPREAD_MAX) spread = SKILL_SPREAD_MAX;
    uint64_t state = seed ^ ((uint64_t)level << 56);
    int best = 0;
    long best_total = 0;
    for (int i = 0; i < n; i++) {
        long push = ((long)w * (scores[0] - scores[i])
                     + (long)spread * (long)(next_random(&state) % (uint64_t)w))
                  / 128;
        long total = scores[i] + push;
        if (i == 0 || total > best_total) {
            best = i;
            best_total = total;
        }
    }
    return best;
}
