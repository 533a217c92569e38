/*
 * params.h - the search's tunable constants, in one place.
 *
 * Each constant has a line saying what it is, its unit, and where its value
 * comes from: a match recorded in docs/strength.md (cited by the entry's
 * title), or, for a value dablo has not measured on its own, the engine it
 * was taken from.  Units: plies for depths and reductions; score units
 * (hundredths of a man, eval.h) for windows and margins; milliseconds for
 * times.
 *
 * Changing a value is a search change: every constant here that the search
 * reads at a fixed depth moves the bench signature (bench.c), and the
 * commit that changes it says so with its new count.  The time-management
 * constants do not move it (bench searches to a depth).
 *
 * The evaluation's weights stay in their per-variant table in eval.c (one
 * table, so they can be tuned as a whole); its scalars that are not weights
 * of a term are here.
 */
#ifndef DABLO_PARAMS_H
#define DABLO_PARAMS_H

/* ------------------------------------------------- late move reductions */

/* Reduction in plies of the n-th move at depth d: LMR_BASE + ln(d) ln(n) /
 * LMR_DIVISOR, truncated (the log x log shape of Stockfish and Ethereal;
 * both values are the first ones tried, not tuned in dablo). */
#define LMR_BASE 0.25
#define LMR_DIVISOR 2.25
/* Dablot with optional captures reduces more: its late moves are almost
 * never searched again, and the decisive proxy went from 13-7-0 to 14-6-0
 * (docs/strength.md "Pruning at shallow depths"). */
#define LMR_DIVISOR_DABLOT 1.5

enum {
    LMR_MIN_DEPTH = 3,          /* plies: no reduction below this depth (not tuned) */
    LMR_MIN_MOVES_PV = 3,       /* moves searched at a PV node before one is reduced (not tuned) */
    LMR_MIN_MOVES_NON_PV = 2,   /* the same at other nodes (not tuned) */
    LMR_PV_RELIEF = 1,          /* plies less reduction at PV nodes (Stockfish's rule; not tuned) */
};

/* ------------------------------------------------------------- pruning */

enum {
    /* Reverse futility pruning: at a non-PV node of at most this depth whose
     * side to move need not capture, a static score at least
     * RFP_MARGIN * depth above beta is returned at once (Stockfish's
     * "futility pruning: child node"; values not tuned; the match:
     * docs/strength.md "Pruning at shallow depths"). */
    RFP_MAX_DEPTH = 3,
    RFP_MARGIN = 90, /* score units a ply */
    /* Late move pruning: at a non-PV node of at most this depth, quiet
     * moves after the first LMP_BASE + depth * depth are not searched
     * (Stockfish's move-count pruning; values not tuned). */
    LMP_MAX_DEPTH = 3,
    LMP_BASE = 4,
    /* Futility pruning (Tabal): at a non-PV node of at most this depth
     * whose static score (taken where reverse futility pruning may act) is
     * at least FP_MARGIN * depth below alpha, quiet late moves are not
     * searched (Stockfish's "futility pruning: parent node"; the first
     * value tried: docs/strength.md "Futility pruning"). */
    FP_MAX_DEPTH = 2,
    FP_MARGIN = 150, /* score units a ply */
};

/* ------------------------------------------------------------ extensions */

enum {
    /* A single legal reply is searched one ply deeper while ply < this
     * times the iteration depth, so forced chains end (not tuned). */
    SINGLE_REPLY_PLY_FACTOR = 2,
};

/* --------------------------------------------------- aspiration windows */

enum {
    ASPIRATION_MIN_DEPTH = 4,   /* plies: shallower iterations search the full window (Scan's) */
    ASPIRATION_DELTA = 18,      /* score units: first half-width around the last score (Scan's
                                   +-10 for draughts scaled to dablot's man of 100; not tuned) */
    ASPIRATION_GROWTH_DIVISOR = 2, /* after a failure the half-width grows by itself / this */
    ASPIRATION_MAX_DELTA = 600, /* score units: a wider half-width opens the window fully (Scan: 500) */
};

/* ------------------------------------------------------- move ordering */

enum {
    CAPTURE_GAIN_WEIGHT = 64,   /* a capture's order: captured material (eval weights) times this */
    CAPTURE_MOVER_DIVISOR = 8,  /*   minus the capturing piece's value / this (MVV-LVA; not tuned) */
    HISTORY_MAX = 16384,        /* history entries stay within +-this (gravity update, Stockfish's) */
    HISTORY_BONUS_MAX = 400,    /* a cutoff at depth d adds min(d * d, this) (not tuned) */
};

/* ------------------------------------------------ transposition table */

enum {
    /* A non-exact result of the current search may not replace one of the
     * same position that is deeper by more than this many plies (not tuned). */
    TT_KEEP_DEPTH_MARGIN = 3,
    /* Replacement keeps the entry with the larger depth - this * age (age
     * in searches; Stockfish's depth-and-age rule, weight not tuned). */
    TT_AGE_WEIGHT = 8,
};

/* ------------------------------------------------------ time management */

/* Between iterations the soft limit is scaled by TIME_SCALE_BASE +
 * TIME_SCALE_PER_CHANGE * changes (capped at TIME_SCALE_MAX), where changes
 * counts recent best-move changes, each adding TIME_CHANGE_WEIGHT and halved
 * every iteration (after Scan's stability factor 0.6..2.0; not tuned), and
 * an iteration is not started when the next one, about TIME_NEXT_ITERATION
 * times all the time used so far, would overrun it. */
#define TIME_SCALE_BASE 0.7
#define TIME_SCALE_PER_CHANGE 0.4
#define TIME_SCALE_MAX 2.0
#define TIME_NEXT_ITERATION 2.0

enum {
    TIME_CHANGE_WEIGHT = 2,     /* see above */
    TIME_DEFAULT_MOVES_TO_GO = 30, /* moves still to play when the host gives no movestogo */
    TIME_MAX_MOVES_TO_GO = 50,  /* a larger movestogo is read as this */
    TIME_INC_PERCENT = 75,      /* share of the increment added to the soft limit (%) */
    TIME_CAP_PERCENT = 60,      /* the hard limit never exceeds this share of the usable time (%) */
    TIME_CAP_LAST_PERCENT = 80, /*   nor this share on the last move before the time control (%) */
    TIME_HARD_PER_SOFT = 4,     /* hard limit = this many soft limits (within the cap) */
    TIME_SOFT_CAP_DIVISOR = 2,  /* the soft limit is at most the cap / this, plus 1 ms */
    TIME_CHECK_NODES = 1024,    /* the main thread also reads the clock every this many nodes
                                   (a power of two; the timer thread keeps the limits) */
    TIMER_PERIOD_NS = 1000000,  /* ns: the timer thread checks the clock this often (1 ms) */
};

/* Parallel search (YBWC): the shallowest node (plies left) whose moves
 * after the first are shared with other threads; below it a split costs
 * more than the work it shares (docs/speed.md, "Parallel search: YBWC"). */
enum { SPLIT_MIN_DEPTH = 3 };

/* After a stop or the hard limit the search thread answers itself when it
 * does so within this many ns (it needs well under 1 ms when it has a
 * CPU); else the timer thread answers (search.h, search_set_answer;
 * bench/REPORT.md, "Moves on time under load"). */
enum { ANSWER_GRACE_NS = 2000000 };

/* ------------------------------------------------------------ evaluation */

enum {
    /* The score shrinks linearly to 0 from this share (%) of the DrawPlies
     * count on (RULES.md section 3): starting at 25%, 75% or 87.5% won
     * 85, 95 and 93 where 50% won 108 (docs/strength.md "Stuck Dablot
     * endings at fixed nodes"). */
    EVAL_DRAWPLIES_SCALE_START_PERCENT = 50,
    /* The Dablot hunt's terms for an enemy without men already apply while
     * it has this many, where captures are optional: the leader's men close in on the king before the
     * last man falls and the DrawPlies count restarts for the last time
     * (docs/strength.md "The hunt before the last man falls"). */
    EVAL_HUNT_MEN_LEFT = 2,
};

#endif
