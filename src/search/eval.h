/*
 * eval.h - static evaluation of a quiet position, for both games.
 *
 * The score is a sum of terms, each computed for White and for Black and
 * taken as a difference; the result is from the side to move's view, in
 * hundredths of a man (a man = 100).  Every weight lives in one table per
 * variant (eval.c, eval_weights) so they can be tuned as a whole later.
 *
 * Dablot (RULES.md section 1): material by rank, a man or prince worth less
 * once nothing it may capture is left; "immunity" bonuses because
 * a piece can only be taken by an enemy piece of equal or higher rank (with
 * the enemy king gone our king can never be captured; with enemy king and
 * prince gone neither can our prince); mobility (steps, by rank); safety
 * (pieces the opponent can jump at once, weighted by whose move it is);
 * men's advancement; centre.
 * Tabal (section 2): men and kings; men's advancement; runaway men (no
 * enemy piece can stand in their way to the far base); the triangles (men
 * on the home base deny promotion, pieces in the home triangle guard it);
 * mobility; safety (short jumps of men and long jumps of flying kings).
 * Both: "mop-up" when one side is two men or more ahead (the opponent's
 * mobility counts extra, since a side with no move loses; in Dablot the
 * leader's pieces that may take the enemy king, else its prince, are drawn
 * to it, its nearest men wall it in, and its free moves and room are
 * counted; a leader without its king against an enemy king is scaled to a
 * quarter), and a scale towards 0 over the last half of the DrawPlies
 * count, so the stronger side prefers the captures (or Tabal man moves)
 * that restart it.
 *
 * The evaluation never decides the game: no-move losses, the game-ending
 * options and draws are the search's business.  It is pure and thread-safe.
 */
#ifndef DABLO_EVAL_H
#define DABLO_EVAL_H

#include "rules/position.h"

/* The terms, in report order. */
typedef enum {
    TERM_MATERIAL, TERM_IMMUNITY, TERM_MOBILITY, TERM_SAFETY, TERM_ADVANCE,
    TERM_CENTRE, TERM_RUNAWAY, TERM_TRIANGLE, TERM_MOPUP, TERM_TEMPO, TERM_NB
} EvalTerm;

/* Fixed-point one of the evaluation's scales (DrawPlies, kingless leader). */
enum { EVAL_SCALE_FULL = 64 };

typedef struct EvalTrace {
    int term[TERM_NB][2];  /* [term][colour], both from that colour's view */
    int scale;             /* DrawPlies scale applied to the sum, 0..EVAL_SCALE_FULL (= none) */
    int total;             /* side to move's view, equals eval_position() */
} EvalTrace;

/* Name of a term for reports ("material", ...). */
const char *eval_term_name(EvalTerm t);

/* Score of pos for the side to move (about -10000..10000).  When
 * stm_steps is not NULL it receives the number of steps the side to move
 * has (0 means: no step; with no capture either, the side has no move). */
int eval_position(const Position *pos, int *stm_steps);

/* The same score computed piece by piece, without the whole-board shift
 * shortcuts of the Dablot evaluation: for tests, which check that both
 * agree. */
int eval_position_reference(const Position *pos);

/* The same evaluation with every term written to *t. */
void eval_trace(const Position *pos, EvalTrace *t);

/* Value of a piece type in the variant of pos (material weights), for move
 * ordering. */
int eval_piece_value(Variant v, PieceType t);

#endif
