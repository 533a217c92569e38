/*
 * stats.h - match statistics: trinomial and pentanomial counts, Elo with its
 * 95% error bar (logistic and normalized), LOS, draw ratio, and the
 * generalized SPRT (GSPRT) with its verdict.
 *
 * Samples.  A game scores 0, 1/2 or 1 from the point of view of the "first"
 * engine (the one whose strength is measured).  A game pair is one opening
 * played twice with colours reversed; its score is 0, 1/2, 1, 3/2 or 2 and
 * falls in one of five pentanomial bins:
 *     penta[0] LL   penta[1] LD,DL   penta[2] DD,WL,LW   penta[3] WD,DW   penta[4] WW
 * The two games of a pair are correlated (same opening), so a pair is one
 * sample of the pentanomial model; games outside complete pairs are samples
 * of the trinomial model (L, D, W).  The statistics use the pentanomial
 * counts whenever there is at least one complete pair (games not yet in a
 * complete pair are then left out of Elo and SPRT, as fishtest counts whole
 * pairs only) and the trinomial counts of all games otherwise.  W-D-L and
 * the draw ratio always count every game.
 *
 * Formulas (the reference is fishtest, official-stockfish/fishtest,
 * server/fishtest/stats/: LLRcalc.py, sprt.py and stat_util.py, by Michel
 * Van den Bergh; the theory is in his notes "support_MLE_multinomial.pdf"
 * and "normalized_elo_practical.pdf", cantate.be/Fishtest):
 *   - a count of zero is replaced by 1e-3 before the Elo, LOS and LLR
 *     formulas (fishtest's regularize()), so zero bins and one-sided results
 *     give finite numbers; the score, W-D-L and draw ratio are the raw ones;
 *   - logistic Elo of a mean score s: -400*log10(1/s - 1), s clamped to
 *     [1e-3, 1 - 1e-3] (stat_util.elo); its 95% error bar is half the Elo
 *     width of the normal interval s +- 1.959964*sd/sqrt(games)
 *     (stat_util.get_elo); LOS = Phi((s - 1/2) / (sd/sqrt(games)));
 *   - normalized Elo: (s - 1/2) / sigma_pg * 800/ln(10), sigma_pg the
 *     standard deviation of one game's score (for pairs sqrt(2*var) of the
 *     pair score halved; LLRcalc.LLR_normalized_alt); its 95% error bar is
 *     1.959964 * 800/ln(10) / sqrt(games);
 *   - both error bars and nElo need the spread of the scores measured:
 *     with fewer than STATS_SPREAD_MIN samples outside the most common
 *     result (all draws: sd 0, and the interval would shrink to the
 *     1e-3 prior's width) StatsElo.spread_unknown is set and the reports
 *     print no error bar (fishtest and fastchess print the number);
 *   - GSPRT: LLR = N * sum_i phat_i * log(p1_i / p0_i), where N is the
 *     number of samples (pairs or games), phat the observed distribution
 *     and p0, p1 its maximum-likelihood neighbours whose expected score
 *     (model=logistic: s = 1/(1+10^(-elo/400))) or t-value ((mu-1/2)/sigma
 *     = nelo/(800/ln 10), times sqrt(2) for pairs; model=normalized) equals
 *     that of elo0 and elo1 (LLRcalc.LLR_logistic / LLR_normalized);
 *     bounds lower = ln(beta/(1-alpha)), upper = ln((1-beta)/alpha)
 *     (sprt.py).  The test stops as soon as LLR <= lower (H0 accepted)
 *     or LLR >= upper (H1 accepted).  fishtest's overshoot correction is
 *     not applied.
 *
 * Nothing here returns NaN or infinity: every double written is finite.
 * The module has no global state and is safe to call from any thread on
 * distinct objects.
 */
#ifndef DABLO_STATS_H
#define DABLO_STATS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A game's result from the first engine's point of view (also its score
 * in half points). */
typedef enum { STATS_LOSS = 0, STATS_DRAW = 1, STATS_WIN = 2 } StatsResult;

/* Which counts an estimate was computed from. */
typedef enum {
    STATS_SAMPLE_NONE = 0,    /* no games yet: every number is 0 */
    STATS_SAMPLE_TRINOMIAL,   /* games: L, D, W */
    STATS_SAMPLE_PENTANOMIAL  /* game pairs: the five bins above */
} StatsSample;

/* Elo scale of an estimate or of SPRT bounds. */
typedef enum { STATS_MODEL_LOGISTIC = 0, STATS_MODEL_NORMALIZED } StatsModel;

/* Counts of a match.  Zero-initialise ({0}) or stats_init() before use;
 * plain data, copy freely.  Invariant: wdl[0]+wdl[1]+wdl[2] equals
 * 2*(penta[0]+...+penta[4]) + unpaired, except for counts known only as
 * pentanomial bins (wdl all 0, unpaired 0; dablo-stats -penta). */
typedef struct {
    uint64_t wdl[3];    /* games by result: [STATS_LOSS] [STATS_DRAW] [STATS_WIN] */
    uint64_t penta[5];  /* complete pairs by pair score in half points 0..4 */
    uint64_t unpaired;  /* games counted in wdl that are in no complete pair */
} Stats;

/* An Elo estimate.  All fields finite. */
typedef struct {
    StatsSample sample; /* counts used (NONE when there are no games) */
    double games;       /* games in the sample (2 * pairs for pentanomial) */
    double score;       /* mean score of one game, 0..1, from the raw counts
                           (W-D-L of every game when known, else the pairs);
                           never regularized */
    double elo;         /* logistic Elo */
    double elo_err;     /* half width of its 95% interval, >= 0 */
    double nelo;        /* normalized Elo */
    double nelo_err;    /* half width of its 95% interval, >= 0 */
    double los;         /* likelihood of superiority, 0..1 */
    double draw_ratio;  /* draws / games over all games, 0..1 (0 if unknown) */
    int clamped;        /* 1 when the mean score lies outside [0.001, 0.999]
                           (e.g. every game won): elo is then only the
                           bound +-1199.8 (400*log10(999)) of stat_util.elo,
                           and nelo no estimate (the reports print "none") */
    double off_mode;    /* samples (games, or pairs) whose result is not
                           the most common one, from the raw counts */
    int spread_unknown; /* 1 when off_mode < STATS_SPREAD_MIN (all draws,
                           1-8-1, one game, every pair won): the spread of
                           the scores is not measured, so elo_err and
                           nelo_err (still the formulas' numbers, finite)
                           are no error bar and nelo no estimate; the
                           reports print "+- ?" and nElo "none" */
} StatsElo;

/* The fewest samples outside the most common result for which the normal
 * interval's spread is estimated (the rule n p >= 5 and n (1-p) >= 5 of
 * the normal approximation to a proportion; docs/stats.md, "When there is
 * no error bar"). */
#define STATS_SPREAD_MIN 5

/* Parameters of an SPRT.  Valid ranges (checked by stats_sprt_check):
 * elo0 < elo1, both within [-1000, 1000] in the model's Elo;
 * 0 < alpha < 1, 0 < beta < 1, alpha + beta < 1. */
typedef struct {
    double elo0, elo1;  /* H0 and H1 in the Elo of `model` */
    double alpha, beta; /* type I and type II error rates */
    StatsModel model;
} StatsSprtParams;

typedef enum {
    STATS_SPRT_CONTINUE = 0, /* lower < LLR < upper: play on */
    STATS_SPRT_H0,           /* LLR <= lower: H0 accepted (elo0), change rejected */
    STATS_SPRT_H1            /* LLR >= upper: H1 accepted (elo1), change accepted */
} StatsVerdict;

/* State of an SPRT.  All fields finite. */
typedef struct {
    StatsSample sample; /* counts used */
    double llr;         /* log-likelihood ratio, natural log; 0 with no games */
    double lower;       /* ln(beta / (1 - alpha)) */
    double upper;       /* ln((1 - beta) / alpha) */
    StatsVerdict verdict;
} StatsSprt;

/* ---- counting ------------------------------------------------------- */

/* Sets every count to zero. */
void stats_init(Stats *s);

/* Counts one finished game (into wdl and unpaired).  Results outside
 * LOSS..WIN are ignored. */
void stats_add_game(Stats *s, StatsResult r);

/* Turns two games already counted by stats_add_game into a complete pair
 * (first and second game's results, any order): unpaired -= 2 and one
 * pentanomial bin += 1.  Returns 0, or -1 (nothing changed) when fewer
 * than two unpaired games are counted or a result is out of range. */
int stats_complete_pair(Stats *s, StatsResult first, StatsResult second);

/* stats_add_game twice plus stats_complete_pair: a whole pair at once. */
void stats_add_pair(Stats *s, StatsResult first, StatsResult second);

/* dst += src, every count (merging shards). */
void stats_merge(Stats *dst, const Stats *src);

/* Total games counted in wdl, and complete pairs. */
uint64_t stats_games(const Stats *s);
uint64_t stats_pairs(const Stats *s);

/* ---- estimates ------------------------------------------------------ */

/* Elo, error bars, LOS and draw ratio of s (sample chosen as described at
 * the top).  Always fills *out; returns 0, or -1 when there are no games
 * (then out->sample is STATS_SAMPLE_NONE and every number 0). */
int stats_elo(const Stats *s, StatsElo *out);

/* The same from raw counts: n = 3 (L, D, W games) or n = 5 (pentanomial
 * pairs, low to high), counts >= 0 (non-integers allowed).  Returns -1
 * for another n, a negative or non-finite count, or an all-zero sample. */
int stats_elo_counts(const double *counts, int n, StatsElo *out);

/* Fills lower and upper of *out from alpha and beta (see top). */
void stats_sprt_bounds(double alpha, double beta, double *lower, double *upper);

/* Checks p against the valid ranges.  Returns 0, or -1 with a one-line
 * reason in err (size errlen, may be NULL). */
int stats_sprt_check(const StatsSprtParams *p, char *err, size_t errlen);

/* Parses one "key=value" token of an SPRT spec (elo0, elo1, alpha, beta,
 * model=logistic|normalized) into *p.  Returns 0, or -1 with a reason in
 * err.  stats_sprt_default() sets elo0=0 elo1=5 alpha=beta=0.05
 * model=normalized first. */
void stats_sprt_default(StatsSprtParams *p);
int stats_sprt_parse(StatsSprtParams *p, const char *token, char *err, size_t errlen);

/* LLR of raw counts (n = 3 or 5 as stats_elo_counts) for H0 elo0 against
 * H1 elo1 in `model`.  Returns 0 with *llr finite, or -1 (*llr = 0) when
 * the counts are invalid or the bounds lie outside what the sample's
 * support can express (e.g. elo1 = 1000 normalized).  Normalized LLRs of
 * samples beyond ~5e8 in one bin with the others empty also give -1: the
 * 1e-3 prior is then below double precision.  Cost: a few microseconds. */
int stats_llr_counts(const double *counts, int n, StatsModel model,
                     double elo0, double elo1, double *llr);

/* The SPRT state of s under p (p must pass stats_sprt_check).  Always
 * fills *out (with no games: llr 0, CONTINUE).  Returns 0, or -1 when p is
 * invalid or the LLR is undefined for these bounds (llr 0, CONTINUE). */
int stats_sprt(const Stats *s, const StatsSprtParams *p, StatsSprt *out);

/* ---- text ----------------------------------------------------------- */

/* Short names: "logistic"/"normalized", "trinomial"/"pentanomial"/"none",
 * "continue"/"H0 accepted"/"H1 accepted". */
const char *stats_model_name(StatsModel m);
const char *stats_sample_name(StatsSample s);
const char *stats_verdict_name(StatsVerdict v);

/* One line (no '\n') for a live display, e.g.
 *   "W-D-L 12-30-8 score 54.0% Elo +27.9 +- 61.2 nElo +45.1 +- 98.0
 *    LOS 81.3% DR 60.0% ptnml 1-5-9-8-2 LLR 0.31 [-2.94, 2.94]"
 * sprt may be NULL (no LLR part).  Writes at most n bytes including the
 * terminating NUL; returns the length it needed (snprintf convention). */
size_t stats_format_line(char *buf, size_t n, const Stats *s, const StatsSprtParams *sprt);

/* The multi-line final summary ('\n' after every line): games, W-D-L,
 * score, both Elo models named, LOS, draw ratio, pentanomial counts, and
 * with sprt the LLR, bounds, parameters and verdict.  snprintf convention
 * as above. */
size_t stats_format_report(char *buf, size_t n, const Stats *s, const StatsSprtParams *sprt);

/* ---- results files -------------------------------------------------- */

/* Reads a results file (one game a line:
 *   game=<n> round=<r> pair=<p> white=<name> black=<name>
 *   result=<1-0|0-1|1/2-1/2> termination=<word> plies=<n> opening=<k>
 * keys in any order, unknown keys ignored, names percent-encoded; blank
 * lines and lines starting with '#' ignored; result=* is skipped) and adds
 * its games to *s from the point of view of `engine` (decoded name).
 * When engine is NULL or empty, the white engine of the lowest-numbered
 * game line of the first file is used, an unfinished one (result=*)
 * too (with no game line in the first file: of the lowest-numbered
 * game of all), and its name is copied into engine_out (size engine_out_len, may
 * be NULL); a merge passes that name on to the next file so every shard
 * is counted from the same side.  Games that `engine` does not play are
 * skipped.  Games sharing a pair id (and the same two engines) form a
 * pair in game order; the rest are unpaired.  A last line without '\n'
 * (cut by a kill) is not counted, and a one-line warning naming the file
 * and line goes to stderr ("dablo-stats: warning: FILE:LINE: ...").  A line
 * over LINEFILE_MAX_RECORD (8 MiB), a read error or no memory for a line
 * is an error (host/linefile.h), never the end of the file.  The lines are checked as in
 * stats_read_results_vs(), which also refuses a third engine.  Returns the number of games added, or -1
 * with a one-line reason ("FILE:LINE: ...") in err; on error *s is left
 * unchanged. */
long stats_read_results(Stats *s, const char *path, const char *engine,
                        char *engine_out, size_t engine_out_len,
                        char *err, size_t errlen);

/* stats_read_results over several files at once (the shards of one match):
 * their games are counted as one list, so a game number found in two files
 * is refused with both places in err: the same line twice (a shard given
 * twice, or copied) as "FILE:LINE: game N appears twice (also FILE:LINE):
 * ..."; another white=, black=, round=, pair= or opening= (the keys that say
 * which match a game is of) as "FILE and FILE are from different matches:
 * game N has KEY=... at FILE:LINE but KEY=... at FILE:LINE; ..."; the same
 * game with another outcome as two runs of one match.  A pair whose two
 * games sit in different files is still a pair.  Returns the number of
 * games added, or -1 with *s unchanged. */
long stats_read_results_files(Stats *s, const char *const *paths, int npaths, const char *engine,
                              char *engine_out, size_t engine_out_len, char *err, size_t errlen);

/* stats_read_results_files counting only the games of `engine` against
 * `opponent` (decoded name; NULL or empty: the one opponent there must
 * be).  The statistics are those of one encounter: a game of `engine`
 * against a second opponent is refused ("FILE:LINE: a third engine ...")
 * unless opponent picks one.  Lines are refused with "FILE:LINE: ..." and
 * the key when a key of docs/results.md appears twice, round=, plies= or
 * opening= is not a whole number >= 0, white= and black= name the
 * same engine, or the line holds a raw control byte (below 0x20 or 0x7f;
 * tab and CR separate keys), which names write as %XX.  Returns the
 * number of games added, or -1 with *s unchanged. */
long stats_read_results_vs(Stats *s, const char *const *paths, int npaths, const char *engine,
                           const char *opponent, char *engine_out, size_t engine_out_len, char *err,
                           size_t errlen);

/* Checks that path holds only lines stats_read_results() takes (the same
 * reader, every line checked as there), before a run appends to it: a
 * file that is something else (an openings file given by mistake) must
 * not be written into.  Unlike the readers, a last line without '\n' is
 * refused too ("FILE:LINE: the last line has no newline ..."): a line
 * appended after it would be glued to it.  Returns the number of game
 * lines, or -1 with a one-line reason ("FILE:LINE: ...") in err. */
long stats_check_results_file(const char *path, char *err, size_t errlen);

#endif
