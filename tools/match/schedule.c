/*
 * schedule.c - the games of a match in order (see schedule.h).
 */
#include "schedule.h"

#include <stdlib.h>

#include "host/util.h"

int64_t schedule_count(const MatchConfig *c)
{
    int64_t n = c->nengines;
    int64_t nenc = c->gauntlet ? n - 1 : n * (n - 1) / 2;
    if (nenc <= 0 || c->rounds <= 0 || c->games <= 0) return 0;
    /* nenc < 2^61 and games, rounds < 2^31: saturate rather than overflow. */
    if (nenc > INT64_MAX / c->games || nenc * c->games > INT64_MAX / c->rounds) return INT64_MAX;
    return nenc * c->games * c->rounds;
}

int schedule_build(const MatchConfig *c, const OpeningBook *b, GameSpec **out)
{
    int n = c->nengines;
    int64_t total = schedule_count(c);
    GameSpec *v = util_xmalloc((size_t)(total > 0 ? total : 1) * sizeof *v);
    int k = 0, pair = 0;
    for (int r = 1; r <= c->rounds; r++)
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                if (c->gauntlet && i != 0) continue;
                for (int g = 0; g < c->games; g++) {
                    if (!c->repeat || g % 2 == 0) pair++;
                    GameSpec *s = &v[k++];
                    s->number = k;
                    s->round = r;
                    s->pair = pair;
                    s->first = i;
                    s->second = j;
                    s->white = g % 2 == 0 ? i : j;
                    s->black = g % 2 == 0 ? j : i;
                    s->opening = b ? openings_for_pair(b, (uint64_t)(pair - 1)) : -1;
                }
            }
    *out = v;
    return k;
}

int schedule_in_shard(const GameSpec *g, int shard_i, int shard_n)
{
    if (shard_n <= 1) return 1;
    return (g->pair - 1) % shard_n == shard_i - 1;
}
