/*
 * eval.h - static evaluation of a quiet position, for both games.
 *
 * The score is a sum of terms, each computed for White and for Black and
 * taken as a difference; the result is from the side to move's view, in
 * hundredths of a man (a man = 100).  Every weight lives in one table per
 * variant (Dablot: per capture rule, EvalTable), EvalWeights below; the
 * engine's tables are eval_default_weights, in eval_weights.c, which
 * dablo-tune writes (docs/tuning.md).
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

#include <stdbool.h>
#include <stddef.h>

#include "rules/position.h"

/* All weights of one variant.  Units: hundredths of a man.  Arrays indexed
 * by rank use [MAN, PRINCE, KING] (RULES.md section 1 "Pieces and ranks");
 * Tabal uses MAN and KING only.  Every field is an int or an array of ints,
 * so the table is also a flat list of EVAL_WEIGHT_NB ints, the indices of
 * eval_params() (eval_weight_get/eval_weight_set). */
typedef struct EvalWeights {
    int piece[PIECE_TYPE_NB];              /* material by rank */
    int king_immune;                       /* own king alive, enemy king gone (Dablot) */
    int prince_immune;                     /* own prince alive, enemy king and prince gone */
    int mobility[PIECE_TYPE_NB];           /* per step a piece can make */
    int hanging_own_move[PIECE_TYPE_NB];   /* piece the opponent could jump; owner to move */
    int hanging_their_move[PIECE_TYPE_NB]; /* the same with the opponent to move */
    int hanging_root_own_move
        [PIECE_TYPE_NB]; /* hanging_own_move for the search's root side (eval_position_for()) */
    int advance[MAX_RANKS];                /* per man, by rank counted from its own side */
    int centre[PIECE_TYPE_NB];             /* per unit of centrality (eval_tables.centre) */
    int runaway[MAX_RANKS];                /* Tabal: man with a free path, by relative rank */
    int base_guard;                        /* Tabal: man on its own base (denies promotion) */
    int triangle;                          /* Tabal: own piece inside its home triangle */
    int piece_no_prey
        [PIECE_TYPE_NB];     /* Dablot: man / prince when no enemy piece it may take is left */
    int mopup_margin;        /* material lead that starts the mop-up */
    int mopup_mobility;      /* per step the losing side has */
    int mopup_hunt_mobility; /* once it has few men left (Dablot): per step each of
                                        its pieces lacks of the 8 it could have */
    int mopup_king_dist;     /* per step between the leader's nearest hunter and the
                                        hunted piece (enemy king, else prince; see mopup()) */
    int mopup_piece_dist;    /* per step nearer the target of each of the leader's
                                        mopup_wall nearest men and prince */
    int mopup_wall;          /* how many of them count */
    int mopup_rim;           /* per unit of centrality of the hunted piece */
    int mopup_own_king;      /* the leader still has its king, the one piece that
                                        can take the enemy king (Dablot) */
    int mopup_king_free;     /* per move of the hunted piece that no hunter can
                                        answer by taking it (Dablot) */
    int mopup_region;        /* per point of the board the hunted piece could not
                                        reach if the leader's pieces stood still, the points
                                        a hunter could take it on counting as walls (Dablot) */
    int mopup_all_men;       /* once the enemy has few men (Dablot): per step nearer
                                        the hunted piece of every man and non-hunting prince */
    int mopup_kingless;      /* scale (of EVAL_SCALE_FULL) of the score when the leader has lost
                                        its king and the enemy king lives (Dablot) */
    int tempo;               /* side to move */
} EvalWeights;

enum { EVAL_WEIGHT_NB = (int)(sizeof(EvalWeights) / sizeof(int)) };

/* The weight tables: one a variant, and Dablot's split by its capture
 * rule, since a game where the defender may decline every capture and one
 * where a step next to an enemy piece forces its capture are played
 * differently (RULES.md section 1 "Captures").  The first two equal the
 * Variant values. */
typedef enum {
    EVAL_TABLE_DABLOT = 0,            /* Dablot, Captures optional (Rules classic, the default) */
    EVAL_TABLE_TABAL = 1,             /* Tabal */
    EVAL_TABLE_DABLOT_COMPULSORY = 2, /* Dablot, Captures compulsory or compulsory-men
                                         (Rules modern, anti-draw) */
    EVAL_TABLE_NB
} EvalTable;

/* The table that scores positions under rules r. */
EvalTable eval_table_of(const Rules *r);

/* The table's name: "dablot", "tabal", "dablot-compulsory"; and back (-1
 * for a name that is none of them; case-sensitive). */
const char *eval_table_name(EvalTable t);
int eval_table_from_name(const char *name);

/* The engine's weights, by table (eval_weights.c, generated by
 * dablo-tune; where each value comes from is in docs/tuning.md and at its
 * field in eval.c's parameter list). */
extern const EvalWeights eval_default_weights[EVAL_TABLE_NB];
/* Where each table came from, one line ("hand-set (...)", or the tuner's
 * data, loss and date), kept by dablo-tune when it rewrites the file. */
extern const char *const eval_weights_origin[EVAL_TABLE_NB];

/* One field of EvalWeights: its name (the C field name), the flat index
 * of its first int, how many ints it has, and whether a tuner may change
 * it.  Not tunable: the value of a man (100, the unit of every score) and
 * its advance on its first rank (see eval_weight_tunable()), the mop-up
 * margin (a threshold), the mop-up wall (a count) and the kingless scale
 * (a factor): the score is not linear in the last three; and
 * hanging_root_own_move, which a tuner's evaluation (no root) never reads. */
typedef struct EvalParam {
    const char *name;
    int index, count;
    bool tunable;
} EvalParam;

/* The fields in declaration order; *n receives how many there are. */
const EvalParam *eval_params(int *n);

/* Flat access to the weight i (0..EVAL_WEIGHT_NB-1) of w. */
int eval_weight_get(const EvalWeights *w, int i);
void eval_weight_set(EvalWeights *w, int i, int value);

/* Whether flat weight i may be changed by a tuner (EvalParam.tunable). */
bool eval_weight_tunable(int i);

/* Whether a tuner can move flat weight i of table t: it is tunable and
 * the evaluation of t's positions reads it.  Not read for Tabal: the
 * prince's entries (Tabal has men and kings), the immunities, the prey
 * rule and every mop-up weight but mopup_mobility (Dablot's), the ranks
 * past its ninth; for Dablot: the runaway, base and triangle terms
 * (Tabal's) and piece_no_prey[KING] (a king's value has no prey rule).
 * RULES.md sections 1-2. */
bool eval_weight_applies(EvalTable t, int i);

/* The name of flat weight i as "field" or "field[k]" into buf. */
void eval_weight_name(int i, char *buf, size_t len);

/* The score of pos from White's view with the weights w (any table, e.g.
 * a tuner's candidate), with no root side: the same function as
 * eval_position_for(pos, EVAL_NO_ROOT, ...), which is this with the
 * eval_default_weights of eval_table_of(pos's rules), turned to the side
 * to move's view. */
int eval_white_weights(const Position *pos, const EvalWeights *w);

/* The evaluation as a linear function of the weights around w, for fitting
 * (Texel tuning, docs/tuning.md): for each of the n flat indices idx[k],
 * coef[k] = (eval(w with weight idx[k] + 8) - eval(w)) / 8, White's view, so
 * eval(w') is about *base + sum coef[k] (w'[idx[k]] - w[idx[k]]).  The
 * score is linear in every tunable weight except where a material weight
 * moves the mop-up margin or a scale truncates, so the sum is exact for
 * nearly every position.  *base = eval_white_weights(pos, w).  Costs n + 1
 * evaluations. */
void eval_coefficients(const Position *pos, const EvalWeights *w, const int *idx, int n, int *base,
                       float *coef);

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

/* No root side: both sides' pieces weighed alike (eval_position_for()). */
enum { EVAL_NO_ROOT = -1 };

/* Score of pos for the side to move (about -10000..10000) in a search
 * whose root side is root (WHITE, BLACK or EVAL_NO_ROOT): the root side's
 * pieces the opponent could jump with their owner to move weigh
 * hanging_root_own_move, the other side's hanging_own_move.  The fit
 * teaches a man kept safe, which a side that must break a passive
 * defence cannot afford (docs/tuning.md "The root side's men").  When
 * stm_steps is not NULL it receives the number of steps the side to move
 * has (0 means: no step; with no capture either, the side has no move). */
int eval_position_for(const Position *pos, int root, int *stm_steps);

/* eval_position_for() with the side to move as the root: the score a
 * search of pos starts from. */
int eval_position(const Position *pos, int *stm_steps);

/* The same score computed piece by piece, without the whole-board set
 * operations of the Dablot and Tabal terms: for tests, which check that
 * both agree term by term.  When t is not NULL every term is written to
 * *t, as eval_trace() does; when stm_steps is not NULL it receives what
 * eval_position_for() gives there. */
int eval_position_reference(const Position *pos, int root, EvalTrace *t, int *stm_steps);

/* eval_position() with every term written to *t. */
void eval_trace(const Position *pos, EvalTrace *t);

/* Value of a piece type in variant v (material weights of its first
 * table, EVAL_TABLE_DABLOT for Dablot), for move ordering. */
int eval_piece_value(Variant v, PieceType t);

#endif
