/*
 * fit.h - fitting the evaluation's weights to training positions (Texel
 * tuning: Peter Österlund, "Texel's tuning method", TalkChess 2014 and the
 * Chess Programming Wiki; the logistic regression of Scan, Kingsrow and
 * Dragon in draughts, reference/hosts-tablebases-tuning.md section 3).
 *
 * The model: a position's result (White's half-points / 2) is predicted by
 * p = sigmoid(K e), e the static evaluation from White's view with the
 * weights under fit (eval_white_weights()).  The loss is the mean log loss
 * -(t log p + (1 - t) log(1 - p)) (logistic regression), the target t =
 * lambda * result + (1 - lambda) * sigmoid(K * search score).  K, in 1 per
 * hundredth of a man, is fitted first with the start weights (golden
 * section search) and then held.  The weights are fitted by Adam (Kingma
 * and Ba, "Adam: a method for stochastic optimization", ICLR 2015) on the
 * full training set, on the linear model of eval_coefficients() around the
 * current weights; after each round the weights are rounded to integers
 * and the model is taken again around them, so the loss reported is always
 * that of the real evaluation.  A small L2 term pulls each weight toward
 * its start value, so weights the data hardly sees stay put.
 *
 * Weights named by spec->fixed are held, like the untunable ones.
 * The positions of one table are fitted (the records of the others are
 * left out); a record goes to the validation set when a hash of its identity
 * and the seed says so (valid_percent of them), so the split is the same
 * on every run and machine.  Single-threaded and in a fixed order:
 * deterministic for a seed.
 */
#ifndef DABLO_TUNE_FIT_H
#define DABLO_TUNE_FIT_H

#include <stdint.h>
#include <stdio.h>

#include "data.h"
#include "search/eval.h"

typedef struct FitSpec {
    EvalTable table;   /* the table fitted: records whose rules it scores (eval_table_of()) */
    double lambda;     /* 0..1, weight of the game result in the target */
    int rounds;        /* linearisations, >= 1 */
    int iterations;    /* Adam steps a round, >= 1 */
    double rate;       /* Adam step size, score units (> 0) */
    double l2;         /* pull toward the start weights, loss per unit squared (>= 0) */
    int valid_percent; /* 0..50 */
    uint64_t seed;
    const char *fixed; /* comma-separated name prefixes of weights kept as they are
                        * ("mopup_,tempo"; eval_weight_name()), NULL = none */
    FILE *warn;        /* where warnings go (dablo-tune: stderr), NULL = nowhere */
} FitSpec;

/* Training positions a fitted weight needs at least: with fewer (counted
 * against the weights the data moves) fit_run() still fits but warns on
 * spec->warn, as the weights then follow the noise of a few games
 * (docs/tuning.md "Too little data"). */
#define FIT_POSITIONS_PER_WEIGHT 1000

/* The range K is fitted in, 1 per hundredth of a man. */
#define FIT_K_MIN 1e-4
#define FIT_K_MAX 0.1

typedef struct FitReport {
    size_t ntrain, nvalid;
    int nweights; /* weights the data moves (a non-zero coefficient somewhere) */
    double k;
    int k_bound; /* -1: K is at FIT_K_MIN, 1: at FIT_K_MAX (the data does not
                  * place it: one-sided, too few, or results that go against
                  * the evaluation), 0: inside */
    double train_before, train_after, valid_before, valid_after;
} FitReport;

/* Default settings (lambda 1, 3 rounds of 300 steps, rate 1, l2 1e-7, 10%
 * for validation, seed 1). */
FitSpec fit_defaults(EvalTable t);

/* Checks a -fix list (FitSpec.fixed; NULL is none) for table t: every
 * comma-separated prefix is non-empty and starts the name of at least one
 * weight (eval_weight_name(): "tempo", "mopup_edge[2]") that the fit of t
 * can move (eval_weight_applies()), so a prefix never seems to hold what
 * the fit leaves alone anyway.  Returns 0, or -1 with a one-line reason
 * naming the list and the prefix in err. */
int fit_check_fixed(const char *fixed, EvalTable t, char *err, size_t errlen);

/* Fits the weights of spec->table starting from start (a whole table),
 * writing the fitted table to *out (the other fields as in start) and the
 * figures to *rep; progress lines go to log when it is not NULL.  Returns
 * 0, or -1 with a one-line reason in err (no records for the table, a
 * bad FEN, out of memory, or, with spec->lambda > 0, training positions
 * that all have one result: nothing to tell a good weight from a bad). */
int fit_run(const TuneData *d, const FitSpec *spec, const EvalWeights *start, EvalWeights *out,
            FitReport *rep, FILE *log, char *err, size_t errlen);

/* The mean log loss of the records of table t in d with weights w at
 * scale k (lambda 1: the results alone); for tests and reports.  -1 when
 * there is no such record. */
double fit_loss(const TuneData *d, EvalTable t, const EvalWeights *w, double k);

#endif
