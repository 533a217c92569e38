/*
 * stats.c - counting, Elo estimates and the generalized SPRT (see stats.h).
 *
 * The formulas follow fishtest's reference implementation
 * (official-stockfish/fishtest, server/fishtest/stats/LLRcalc.py, sprt.py,
 * stat_util.py; Michel Van den Bergh) and are written here from the
 * mathematics, not from that code.  Function comments name the part of
 * fishtest each one corresponds to.
 */
#include "stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* fishtest regularize(): a zero count becomes this small prior. */
#define STATS_EPSILON 1e-3
/* Phi^-1(0.975): the 95% two-sided normal quantile. */
#define STATS_Z975 1.959963984540054
/* 800 / ln(10): normalized Elo per unit of t-value (LLRcalc.nelo_divided_by_nt). */
#define STATS_NELO_PER_NT 347.43558552260146
/* Range of Elo bounds accepted by stats_sprt_check. */
#define STATS_ELO_LIMIT 1000.0

/* ---- counting ------------------------------------------------------- */

void stats_init(Stats *s)
{
    memset(s, 0, sizeof *s);
}

static int result_ok(StatsResult r)
{
    return r == STATS_LOSS || r == STATS_DRAW || r == STATS_WIN;
}

void stats_add_game(Stats *s, StatsResult r)
{
    if (!result_ok(r))
        return;
    s->wdl[r]++;
    s->unpaired++;
}

int stats_complete_pair(Stats *s, StatsResult first, StatsResult second)
{
    if (!result_ok(first) || !result_ok(second) || s->unpaired < 2)
        return -1;
    s->unpaired -= 2;
    s->penta[(int)first + (int)second]++;
    return 0;
}

void stats_add_pair(Stats *s, StatsResult first, StatsResult second)
{
    if (!result_ok(first) || !result_ok(second))
        return;
    stats_add_game(s, first);
    stats_add_game(s, second);
    stats_complete_pair(s, first, second);
}

void stats_merge(Stats *dst, const Stats *src)
{
    for (int i = 0; i < 3; i++)
        dst->wdl[i] += src->wdl[i];
    for (int i = 0; i < 5; i++)
        dst->penta[i] += src->penta[i];
    dst->unpaired += src->unpaired;
}

uint64_t stats_games(const Stats *s)
{
    return s->wdl[0] + s->wdl[1] + s->wdl[2];
}

uint64_t stats_pairs(const Stats *s)
{
    uint64_t n = 0;
    for (int i = 0; i < 5; i++)
        n += s->penta[i];
    return n;
}

/* The counts the estimates use (see stats.h): pentanomial when there is a
 * complete pair, else the trinomial counts of all games.  Returns the
 * number of counts written (5, 3, or 0 when there is no game). */
static int sample_counts(const Stats *s, double c[5], StatsSample *kind)
{
    if (stats_pairs(s) > 0) {
        for (int i = 0; i < 5; i++)
            c[i] = (double)s->penta[i];
        *kind = STATS_SAMPLE_PENTANOMIAL;
        return 5;
    }
    if (stats_games(s) > 0) {
        for (int i = 0; i < 3; i++)
            c[i] = (double)s->wdl[i];
        *kind = STATS_SAMPLE_TRINOMIAL;
        return 3;
    }
    *kind = STATS_SAMPLE_NONE;
    return 0;
}

/* ---- distributions -------------------------------------------------- */

/* An empirical distribution on the scores a[i] = i/(n-1) in [0,1]
 * (a game's score, or a pair's score halved), from regularized counts
 * (fishtest LLRcalc.results_to_pdf). */
typedef struct {
    int n;
    double samples; /* sum of the regularized counts */
    double a[5];
    double p[5];
} Pdf;

static int make_pdf(const double *counts, int n, Pdf *d)
{
    if (!counts || (n != 3 && n != 5))
        return -1;
    double raw = 0, total = 0;
    for (int i = 0; i < n; i++) {
        if (!isfinite(counts[i]) || counts[i] < 0)
            return -1;
        raw += counts[i];
    }
    if (!(raw > 0) || !isfinite(raw))
        return -1;
    d->n = n;
    for (int i = 0; i < n; i++) {
        d->p[i] = counts[i] > 0 ? counts[i] : STATS_EPSILON;
        total += d->p[i];
        d->a[i] = (double)i / (n - 1);
    }
    for (int i = 0; i < n; i++)
        d->p[i] /= total;
    d->samples = total;
    return 0;
}

/* Mean and variance of values v under probabilities p (LLRcalc.stats). */
static void moments(const double *v, const double *p, int n, double *mean, double *var)
{
    double m = 0, s2 = 0;
    for (int i = 0; i < n; i++)
        m += p[i] * v[i];
    for (int i = 0; i < n; i++)
        s2 += p[i] * (v[i] - m) * (v[i] - m);
    *mean = m;
    *var = s2;
}

/* f(x) = sum_i p_i b_i / (1 + x b_i), strictly decreasing in x on the
 * interval where every 1 + x b_i > 0. */
static double secular_f(const double *b, const double *p, int n, double x)
{
    double f = 0;
    for (int i = 0; i < n; i++) {
        double den = 1 + x * b[i];
        if (den <= 0) /* only by rounding at an end of the interval */
            return b[i] > 0 ? HUGE_VAL : -HUGE_VAL;
        f += p[i] * b[i] / den;
    }
    return f;
}

/* Solves the secular equation sum_i p_i b_i / (1 + x b_i) = 0 for x in
 * (-1/max b, -1/min b) (LLRcalc.secular; the root exists and is unique when
 * min b < 0 < max b and every p_i > 0).  Bisection down to adjacent doubles:
 * slower than Brent's method but it cannot leave the interval, even when
 * the root is within 1e-9 of an end (a tiny regularized bin), where
 * fishtest's fixed epsilon would miss it.  Returns -1 when b does not
 * change sign. */
static int secular(const double *b, const double *p, int n, double *root)
{
    double bmin = b[0], bmax = b[0];
    for (int i = 1; i < n; i++) {
        if (b[i] < bmin)
            bmin = b[i];
        if (b[i] > bmax)
            bmax = b[i];
    }
    if (!(bmin < 0 && bmax > 0))
        return -1;
    double lo = -1 / bmax, hi = -1 / bmin;
    double mid = lo + (hi - lo) / 2;
    for (int it = 0; it < 2000; it++) {
        mid = lo + (hi - lo) / 2;
        if (mid <= lo || mid >= hi)
            break;
        if (secular_f(b, p, n, mid) > 0)
            lo = mid;
        else
            hi = mid;
    }
    *root = mid;
    return 0;
}

/* q_i = p_i / (1 + x b_i), renormalized against rounding.  Returns -1 if
 * a probability is not positive and finite. */
static int reweight(const double *p, const double *b, int n, double x, double *q)
{
    double sum = 0;
    for (int i = 0; i < n; i++) {
        double den = 1 + x * b[i];
        if (!(den > 0))
            return -1;
        q[i] = p[i] / den;
        if (!isfinite(q[i]) || !(q[i] > 0))
            return -1;
        sum += q[i];
    }
    for (int i = 0; i < n; i++)
        q[i] /= sum;
    return 0;
}

/* The distribution q closest to d (maximum likelihood) with expected score
 * s (LLRcalc.MLE_expected; Van den Bergh, support_MLE_multinomial.pdf,
 * Proposition 1.1): q_i = p_i / (1 + x (a_i - s)), x the secular root. */
static int mle_expected(const Pdf *d, double s, double *q)
{
    double b[5] = {0}, x;
    for (int i = 0; i < d->n; i++)
        b[i] = d->a[i] - s;
    if (secular(b, d->p, d->n, &x) != 0)
        return -1;
    return reweight(d->p, b, d->n, x, q);
}

/* The distribution q closest to d with t-value (mu - ref) / sigma = t
 * (LLRcalc.MLE_t_value; Van den Bergh, normalized_elo_practical.pdf,
 * section 4.1): a fixed-point iteration, each step solving a secular
 * equation with
 *   b_i = a_i - ref - t sigma (1 + ((mu - a_i)/sigma)^2) / 2
 * for mu, sigma of the previous q.  fishtest starts from the uniform
 * distribution and stops after 10 steps or a change below 1e-9; this
 * starts from q as given, iterates to 1e-12 (at most 200 steps) and then
 * checks the t-value to 1e-5 as fishtest asserts.  Returns -1 when the b_i
 * do not change sign (q too far from the answer) or it does not converge. */
static int mle_t_iterate(const Pdf *d, double ref, double t, double *q)
{
    int n = d->n;
    double b[5] = { 0 }, next[5] = { 0 }, mu, var, x;
    for (int it = 0; it < 200; it++) {
        moments(d->a, q, n, &mu, &var);
        double sigma = sqrt(var);
        if (!(sigma > 0))
            return -1;
        for (int i = 0; i < n; i++) {
            double z = (mu - d->a[i]) / sigma;
            b[i] = d->a[i] - ref - t * sigma * (1 + z * z) / 2;
        }
        if (secular(b, d->p, n, &x) != 0 || reweight(d->p, b, n, x, next) != 0)
            return -1;
        double change = 0;
        for (int i = 0; i < n; i++) {
            if (fabs(next[i] - q[i]) > change)
                change = fabs(next[i] - q[i]);
            q[i] = next[i];
        }
        if (change < 1e-12)
            break;
    }
    moments(d->a, q, n, &mu, &var);
    if (!(var > 0) || fabs((mu - ref) / sqrt(var) - t) > 1e-5)
        return -1;
    return 0;
}

/* The same for any t: from the uniform distribution as fishtest does, and
 * when that fails (a t far from the data's, e.g. nElo 600 against 10-5-3:
 * every b_i of the uniform start is negative) by continuation, from d itself
 * (the answer for d's own t-value) in steps of at most 0.05 in t, each
 * iteration starting from the previous answer.  The answer exists for
 * every t, as the t-value of a distribution over the scores is unbounded. */
static int mle_t_value(const Pdf *d, double ref, double t, double *q)
{
    int n = d->n;
    for (int i = 0; i < n; i++)
        q[i] = 1.0 / n;
    if (mle_t_iterate(d, ref, t, q) == 0) return 0;
    double mu, var;
    moments(d->a, d->p, n, &mu, &var);
    if (!(var > 0)) return -1;
    double t_data = (mu - ref) / sqrt(var);
    int steps = (int)ceil(fabs(t - t_data) / 0.05);
    if (steps < 1) steps = 1;
    for (int i = 0; i < n; i++)
        q[i] = d->p[i];
    for (int k = 1; k <= steps; k++)
        if (mle_t_iterate(d, ref, t_data + (t - t_data) * k / steps, q) != 0) return -1;
    return 0;
}

/* ---- Elo ------------------------------------------------------------ */

/* Logistic Elo of a mean score (stat_util.elo): clamped to [eps, 1-eps]. */
static double score_to_elo(double x, int *clamped)
{
    if (x < STATS_EPSILON) {
        x = STATS_EPSILON;
        if (clamped)
            *clamped = 1;
    }
    if (x > 1 - STATS_EPSILON) {
        x = 1 - STATS_EPSILON;
        if (clamped)
            *clamped = 1;
    }
    return -400 * log10(1 / x - 1);
}

/* Expected score of a logistic Elo difference (LLRcalc.L_). */
static double elo_to_score(double elo)
{
    return 1 / (1 + pow(10, -elo / 400));
}

/* Standard normal CDF. */
static double phi(double z)
{
    return 0.5 * erfc(-z / sqrt(2.0));
}

static void elo_zero(StatsElo *out)
{
    memset(out, 0, sizeof *out);
    out->sample = STATS_SAMPLE_NONE;
}

/* Logistic Elo, its 95% error bar and LOS follow stat_util.get_elo: with
 * per-sample scores a_i on [0,1] the standard error of the mean score of a
 * game is sqrt(var_a / N) for N samples (games, or pairs whose halved score
 * is the mean of its two games), which is fishtest's
 * stdev/sqrt(games).  Normalized Elo follows LLRcalc.LLR_normalized_alt:
 * sigma_pg = sqrt(var_a) for games, sqrt(2 var_a) for pairs; the error of
 * (mu - 1/2)/sigma_pg is then 1/sqrt(games) in both models (sigma_pg taken
 * as known). */
int stats_elo_counts(const double *counts, int n, StatsElo *out)
{
    Pdf d;
    elo_zero(out);
    if (make_pdf(counts, n, &d) != 0)
        return -1;
    double mu, var;
    moments(d.a, d.p, n, &mu, &var);
    double se = sqrt(var / d.samples);
    double games = n == 5 ? 2 * d.samples : d.samples;
    double sigma_pg = n == 5 ? sqrt(2 * var) : sqrt(var);

    out->sample = n == 5 ? STATS_SAMPLE_PENTANOMIAL : STATS_SAMPLE_TRINOMIAL;
    out->games = games;
    /* The score itself from the raw counts: the regularized mean mu (1e-3
     * for an empty bin) is only for the Elo and LLR arithmetic. */
    double raw = 0, points = 0;
    for (int i = 0; i < n; i++) {
        raw += counts[i];
        points += counts[i] * d.a[i];
    }
    out->score = points / raw;
    /* The spread is measured only when enough samples differ from the most
     * common result (stats.h, STATS_SPREAD_MIN). */
    double mode = 0;
    for (int i = 0; i < n; i++)
        mode = fmax(mode, counts[i]);
    out->off_mode = raw - mode;
    out->spread_unknown = out->off_mode < STATS_SPREAD_MIN;
    out->elo = score_to_elo(mu, &out->clamped);
    /* Both ends clamp near a score of 0 or 1; their difference may then be a
     * rounding error below zero (seen with fused multiply-add). */
    out->elo_err = fmax(0, (score_to_elo(mu + STATS_Z975 * se, NULL) -
                            score_to_elo(mu - STATS_Z975 * se, NULL)) / 2);
    out->los = se > 0 ? phi((mu - 0.5) / se) : (mu > 0.5 ? 1 : mu < 0.5 ? 0 : 0.5);
    out->nelo = sigma_pg > 0 ? (mu - 0.5) / sigma_pg * STATS_NELO_PER_NT : 0;
    out->nelo_err = STATS_Z975 * STATS_NELO_PER_NT / sqrt(games);
    if (n == 3) out->draw_ratio = counts[1] / raw;
    /* Every input above is finite and positive where divided by; keep the
     * promise of stats.h even so. */
    double *f[] = { &out->score,    &out->elo, &out->elo_err,    &out->nelo,
                    &out->nelo_err, &out->los, &out->draw_ratio, &out->off_mode };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        if (!isfinite(*f[i]))
            *f[i] = 0;
    return 0;
}

int stats_elo(const Stats *s, StatsElo *out)
{
    double c[5];
    StatsSample kind;
    int n = sample_counts(s, c, &kind);
    if (n == 0 || stats_elo_counts(c, n, out) != 0) {
        elo_zero(out);
        return -1;
    }
    /* Score and draw ratio over every game counted (as W-D-L), exactly. */
    uint64_t g = stats_games(s);
    out->draw_ratio = g > 0 ? (double)s->wdl[STATS_DRAW] / (double)g : 0;
    if (g > 0)
        out->score = ((double)s->wdl[STATS_WIN] + 0.5 * (double)s->wdl[STATS_DRAW]) / (double)g;
    return 0;
}

/* ---- SPRT ----------------------------------------------------------- */

void stats_sprt_bounds(double alpha, double beta, double *lower, double *upper)
{
    *lower = log(beta / (1 - alpha));
    *upper = log((1 - beta) / alpha);
}

void stats_sprt_default(StatsSprtParams *p)
{
    p->elo0 = 0;
    p->elo1 = 5;
    p->alpha = 0.05;
    p->beta = 0.05;
    p->model = STATS_MODEL_NORMALIZED;
}

static void set_err(char *err, size_t errlen, const char *msg, const char *arg)
{
    if (err && errlen)
        snprintf(err, errlen, "%s%s%s", msg, arg ? ": " : "", arg ? arg : "");
}

int stats_sprt_check(const StatsSprtParams *p, char *err, size_t errlen)
{
    if (!isfinite(p->elo0) || !isfinite(p->elo1) || fabs(p->elo0) > STATS_ELO_LIMIT ||
        fabs(p->elo1) > STATS_ELO_LIMIT) {
        set_err(err, errlen, "sprt: elo0 and elo1 must lie in [-1000, 1000]", NULL);
        return -1;
    }
    if (!(p->elo0 < p->elo1)) {
        set_err(err, errlen, "sprt: elo0 must be below elo1", NULL);
        return -1;
    }
    if (!(p->alpha > 0 && p->alpha < 1 && p->beta > 0 && p->beta < 1 &&
          p->alpha + p->beta < 1)) {
        set_err(err, errlen, "sprt: need 0 < alpha, 0 < beta, alpha + beta < 1", NULL);
        return -1;
    }
    if (p->model != STATS_MODEL_LOGISTIC && p->model != STATS_MODEL_NORMALIZED) {
        set_err(err, errlen, "sprt: unknown model", NULL);
        return -1;
    }
    return 0;
}

static int parse_double(const char *s, double *v)
{
    char *end;
    if (!*s)
        return -1;
    double x = strtod(s, &end);
    if (*end || !isfinite(x))
        return -1;
    *v = x;
    return 0;
}

int stats_sprt_parse(StatsSprtParams *p, const char *token, char *err, size_t errlen)
{
    const char *eq = strchr(token, '=');
    if (!eq) {
        set_err(err, errlen, "sprt: expected key=value", token);
        return -1;
    }
    size_t klen = (size_t)(eq - token);
    const char *val = eq + 1;
    if (klen == 5 && strncasecmp(token, "model", 5) == 0) {
        if (strcasecmp(val, "logistic") == 0)
            p->model = STATS_MODEL_LOGISTIC;
        else if (strcasecmp(val, "normalized") == 0)
            p->model = STATS_MODEL_NORMALIZED;
        else {
            set_err(err, errlen, "sprt: model must be logistic or normalized", token);
            return -1;
        }
        return 0;
    }
    static const char *const keys[] = {"elo0", "elo1", "alpha", "beta"};
    double *dst[] = {&p->elo0, &p->elo1, &p->alpha, &p->beta};
    for (int i = 0; i < 4; i++) {
        if (klen == strlen(keys[i]) && strncasecmp(token, keys[i], klen) == 0) {
            if (parse_double(val, dst[i]) != 0) {
                set_err(err, errlen, "sprt: not a number", token);
                return -1;
            }
            return 0;
        }
    }
    set_err(err, errlen, "sprt: unknown key (elo0, elo1, alpha, beta, model)", token);
    return -1;
}

/* LLR = N * sum_i p_i log(q1_i / q0_i) with q0, q1 the MLE distributions
 * under H0 and H1 (LLRcalc.LLRjumps/LLR, multiplied by N as in
 * LLR_logistic and LLR_normalized).  Logistic: the expected score of q is
 * L(elo).  Normalized: the t-value of q is nelo / (800/ln 10), times
 * sqrt(2) for pairs (a pair's halved score has half a game's variance). */
int stats_llr_counts(const double *counts, int n, StatsModel model,
                     double elo0, double elo1, double *llr)
{
    Pdf d;
    double q0[5], q1[5];
    *llr = 0;
    if (!isfinite(elo0) || !isfinite(elo1) || make_pdf(counts, n, &d) != 0)
        return -1;
    if (model == STATS_MODEL_LOGISTIC) {
        if (mle_expected(&d, elo_to_score(elo0), q0) != 0 ||
            mle_expected(&d, elo_to_score(elo1), q1) != 0)
            return -1;
    } else if (model == STATS_MODEL_NORMALIZED) {
        double scale = n == 5 ? sqrt(2.0) : 1.0;
        double t0 = elo0 / STATS_NELO_PER_NT * scale;
        double t1 = elo1 / STATS_NELO_PER_NT * scale;
        if (mle_t_value(&d, 0.5, t0, q0) != 0 || mle_t_value(&d, 0.5, t1, q1) != 0)
            return -1;
    } else {
        return -1;
    }
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += d.p[i] * (log(q1[i]) - log(q0[i]));
    double v = d.samples * sum;
    if (!isfinite(v))
        return -1;
    *llr = v;
    return 0;
}

int stats_sprt(const Stats *s, const StatsSprtParams *p, StatsSprt *out)
{
    memset(out, 0, sizeof *out);
    out->verdict = STATS_SPRT_CONTINUE;
    if (stats_sprt_check(p, NULL, 0) != 0)
        return -1;
    stats_sprt_bounds(p->alpha, p->beta, &out->lower, &out->upper);
    double c[5];
    int n = sample_counts(s, c, &out->sample);
    if (n == 0)
        return 0;
    if (stats_llr_counts(c, n, p->model, p->elo0, p->elo1, &out->llr) != 0)
        return -1;
    if (out->llr >= out->upper)
        out->verdict = STATS_SPRT_H1;
    else if (out->llr <= out->lower)
        out->verdict = STATS_SPRT_H0;
    return 0;
}

/* ---- names ---------------------------------------------------------- */

const char *stats_model_name(StatsModel m)
{
    return m == STATS_MODEL_LOGISTIC ? "logistic" : m == STATS_MODEL_NORMALIZED ? "normalized" : "?";
}

const char *stats_sample_name(StatsSample s)
{
    return s == STATS_SAMPLE_TRINOMIAL     ? "trinomial"
           : s == STATS_SAMPLE_PENTANOMIAL ? "pentanomial"
                                           : "none";
}

const char *stats_verdict_name(StatsVerdict v)
{
    return v == STATS_SPRT_H0 ? "H0 accepted" : v == STATS_SPRT_H1 ? "H1 accepted" : "continue";
}
