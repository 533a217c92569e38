/*
 * movepick.c - move scores and best-first selection (design in movepick.h).
 */
#include "movepick.h"

#include <string.h>

#include "eval.h"
#include "params.h"
#include "tt.h"

enum {
    SCORE_TT = 1 << 30,
    SCORE_CAPTURE = 1 << 29,
    SCORE_PROMOTION = 1 << 28,
    SCORE_KILLER = 1 << 27,
};

static int capture_score(const Position *pos, const Move *m)
{
    Variant v = pos->rules.variant;
    int gain = 0;
    for (int t = 0; t < PIECE_TYPE_NB; t++) {
        int n = bb_count(m->captured & pos->by_type[t]);
        if (n) gain += n * eval_piece_value(v, (PieceType)t);
    }
    int mover = eval_piece_value(v, piece_type(pos->board[m->from]));
    return SCORE_CAPTURE + gain * CAPTURE_GAIN_WEIGHT - mover / CAPTURE_MOVER_DIVISOR;
}

void movepick_init(MovePicker *mp, const Position *pos, MoveList *list, int *scores,
                   uint32_t tt_move, const Move killers[2], const History *h)
{
    mp->list = list;
    mp->scores = scores;
    mp->next = 0;
    Color us = pos->stm;
    Bitboard promo = pos->rules.variant == VARIANT_TABAL ? pos->geo->far_base[us] : 0;
    for (int i = 0; i < list->n; i++) {
        const Move *m = &list->moves[i];
        int s;
        if (tt_move && tt_move_matches(tt_move, m))
            s = SCORE_TT;
        else if (m->captured)
            s = capture_score(pos, m);
        else if (promo && bb_test(promo, m->to) && piece_type(pos->board[m->from]) == MAN)
            s = SCORE_PROMOTION;
        else if (move_equal(m, &killers[0]))
            s = SCORE_KILLER + 1;
        else if (move_equal(m, &killers[1]))
            s = SCORE_KILLER;
        else
            s = h->table[us][m->from][m->to];
        scores[i] = s;
    }
}

void movepick_init_ordered(MovePicker *mp, MoveList *list, int *scores)
{
    mp->list = list;
    mp->scores = scores;
    mp->next = 0;
}

const Move *movepick_next(MovePicker *mp, int *score)
{
    MoveList *l = mp->list;
    int i = mp->next;
    if (i >= l->n)
        return NULL;
    int best = i;
    for (int j = i + 1; j < l->n; j++)
        if (mp->scores[j] > mp->scores[best])
            best = j;
    if (best != i) {
        Move tm = l->moves[i];
        l->moves[i] = l->moves[best];
        l->moves[best] = tm;
        int ts = mp->scores[i];
        mp->scores[i] = mp->scores[best];
        mp->scores[best] = ts;
    }
    mp->next = i + 1;
    *score = mp->scores[i];
    return &l->moves[i];
}

int movepick_is_tactical(int score)
{
    return score >= SCORE_PROMOTION;
}

/* Gravity update (Stockfish's): the bonus shrinks as the entry approaches
 * the bound, so values stay within +-HISTORY_MAX without periodic
 * rescaling. */
static void history_add(int16_t *e, int bonus)
{
    int v = *e + bonus - *e * (bonus < 0 ? -bonus : bonus) / HISTORY_MAX;
    if (v > HISTORY_MAX) v = HISTORY_MAX;
    if (v < -HISTORY_MAX) v = -HISTORY_MAX;
    *e = (int16_t)v;
}

void movepick_history_update(History *h, Color stm, const Move *best, const Move *tried, int ntried, int depth)
{
    int bonus = depth * depth;
    if (bonus > HISTORY_BONUS_MAX) bonus = HISTORY_BONUS_MAX;
    history_add(&h->table[stm][best->from][best->to], bonus);
    for (int i = 0; i < ntried; i++)
        history_add(&h->table[stm][tried[i].from][tried[i].to], -bonus);
}

void movepick_history_clear(History *h)
{
    memset(h, 0, sizeof *h);
}
