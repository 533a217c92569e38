/*
 * adjudicate.h - ending games early by the runner's adjudication options
 * (-draw, -resign, -maxmoves, as in cutechess-cli and fastchess), judged
 * only after the rules of the game (game.h) found no end.
 *
 * Everything is counted from the opening position (where the engines
 * start: after the moves of a format=moves opening) and the engines' own
 * moves, so an opening given as a FEN and the same opening given as moves
 * lead to the same decision:
 *   - move numbers are the position's full-move number (FEN field 4);
 *   - -draw movenumber=N movecount=M score=S: a draw once the mover's move
 *     number is >= N and the last 2*M plies (M moves of each side) all
 *     reported |score| <= S; a ply without a score, with a larger score, or
 *     that resets DrawPlies (a capture; in Tabal also a man's step) starts
 *     the count again;
 *   - -resign movecount=M score=S [twosided=true]: a side loses once its
 *     last M moves all reported score <= -S; with twosided, the opponent's
 *     last M moves must also have reported score >= S;
 *   - -maxmoves N: a draw once the engines have played 2*N plies (N
 *     moves each) from the opening position, as fastchess counts; the
 *     opening's own move number does not count, so an opening already
 *     past move N still gets its N moves each (from the real start the
 *     limit would end such a game after its first ply).
 * Scores are the last "score" of each search, from the mover's side; a
 * mate score counts as +-(100000 - n).
 */
#ifndef DABLO_MATCH_ADJUDICATE_H
#define DABLO_MATCH_ADJUDICATE_H

#include "config.h"
#include "rules/game.h"
#include "rules/position.h"

typedef enum { ADJ_NONE = 0, ADJ_DRAW, ADJ_RESIGN, ADJ_MAXMOVES } AdjKind;

typedef struct Adjudicator {
    const AdjudicationSpec *spec;
    int draw_plies;        /* consecutive plies with |score| <= draw score */
    int losing[2];         /* consecutive own moves with score <= -resign score */
    int winning[2];        /* consecutive own moves with score >= resign score */
    int64_t plies;         /* plies played since the opening position (adj_start: 0) */
} Adjudicator;

/* Starts the counts of a game at its opening position, for the options
 * of spec (not copied: it must outlive a). */
void adj_start(Adjudicator *a, const AdjudicationSpec *spec);

/* After the mover's move from `before` to `after`: has_score/score_cp are
 * what the mover reported.  Returns the adjudication, if any, and the
 * result in *res. */
AdjKind adj_after_move(Adjudicator *a, const Position *before, const Position *after,
                       int has_score, int64_t score_cp, GameResult *res);

#endif
