/*
 * game.c - a played game and its end by the rules (RULES.md sections 1-3).
 */
#include "game.h"

#include <stdlib.h>
#include <string.h>

#include "movegen.h"

static int grow(Game *g)
{
    if (g->nmoves + 1 < g->cap) return 0;
    int cap = g->cap ? g->cap * 2 : 64;
    Move *m = realloc(g->moves, (size_t)cap * sizeof *m);
    if (!m) return -1;
    g->moves = m;
    uint64_t *k = realloc(g->keys, (size_t)(cap + 1) * sizeof *k);
    if (!k) return -1;
    g->keys = k;
    g->cap = cap;
    return 0;
}

int game_init(Game *g, const Position *start)
{
    memset(g, 0, sizeof *g);
    g->start = *start;
    g->pos = *start;
    if (grow(g) < 0) return -1;
    g->keys[0] = start->key;
    return 0;
}

int game_play(Game *g, const Move *m)
{
    if (grow(g) < 0) return -1;
    Undo u;
    position_make(&g->pos, m, &u);
    g->moves[g->nmoves++] = *m;
    g->keys[g->nmoves] = g->pos.key;
    return 0;
}

int game_repetitions(const Game *g)
{
    uint64_t k = g->keys[g->nmoves];
    int n = 0;
    for (int i = g->nmoves; i >= 0; i -= 2)
        n += g->keys[i] == k;
    return n;
}

GameResult game_result(const Game *g, EndReason *reason)
{
    const Position *pos = &g->pos;
    int loser;
    EndReason r = position_end_by_rule(pos, &loser);
    if (r != END_NONE) {
        *reason = r;
        return loser < 0 ? RESULT_DRAW : loser == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
    }
    if (movegen_count(pos) == 0) {
        *reason = END_NO_MOVES;
        return pos->stm == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
    }
    if (game_repetitions(g) >= 3) {
        *reason = END_REPETITION;
        return RESULT_DRAW;
    }
    if (pos->rules.draw_plies > 0 && pos->draw_plies >= pos->rules.draw_plies) {
        *reason = END_DRAW_PLIES;
        return RESULT_DRAW;
    }
    *reason = END_NONE;
    return RESULT_NONE;
}

const char *game_over_at_start(const Position *pos)
{
    for (int c = 0; c < 2; c++)
        if (bb_count(pos->by_color[c]) == 0)
            return c == WHITE ? "White has no pieces" : "Black has no pieces";
    uint64_t key = pos->key; /* the one position of the game's history */
    Game g = { .start = *pos, .pos = *pos, .keys = &key };
    EndReason why;
    return game_result(&g, &why) != RESULT_NONE ? position_end_reason_name(why) : NULL;
}

const char *game_result_string(GameResult r)
{
    static const char *const s[] = { "*", "1-0", "0-1", "1/2-1/2" };
    return s[r];
}

void game_free(Game *g)
{
    free(g->moves);
    free(g->keys);
    g->moves = NULL;
    g->keys = NULL;
    g->nmoves = g->cap = 0;
}
