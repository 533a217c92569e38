/*
 * adjudicate.c - draw, resign and move-limit adjudication (see adjudicate.h).
 */
#include "adjudicate.h"

#include <string.h>

void adj_start(Adjudicator *a, const AdjudicationSpec *spec)
{
    memset(a, 0, sizeof *a);
    a->spec = spec;
}

AdjKind adj_after_move(Adjudicator *a, const Position *before, const Position *after,
                       int has_score, int64_t score_cp, GameResult *res)
{
    const AdjudicationSpec *s = a->spec;
    Color mover = before->stm;
    int irreversible = after->draw_plies == 0;
    a->plies++;

    if (s->resign_on) {
        a->losing[mover] = has_score && score_cp <= -s->resign_score ? a->losing[mover] + 1 : 0;
        a->winning[mover] = has_score && score_cp >= s->resign_score ? a->winning[mover] + 1 : 0;
        if (a->losing[mover] >= s->resign_movecount &&
            (!s->resign_twosided || a->winning[!mover] >= s->resign_movecount)) {
            *res = mover == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
            return ADJ_RESIGN;
        }
    }
    if (s->draw_on) {
        if (has_score && !irreversible && (score_cp <= s->draw_score && score_cp >= -s->draw_score))
            a->draw_plies++;
        else
            a->draw_plies = 0;
        if (before->move_number >= s->draw_movenumber && a->draw_plies >= 2 * s->draw_movecount) {
            *res = RESULT_DRAW;
            return ADJ_DRAW;
        }
    }
    if (s->maxmoves > 0 && a->plies >= 2 * (int64_t)s->maxmoves) {
        *res = RESULT_DRAW;
        return ADJ_MAXMOVES;
    }
    return ADJ_NONE;
}
