/*
 * fit.c - Texel tuning of the evaluation's weights (design in fit.h).
 */
#include "fit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The positions of one table, with what the fit needs of each. */
typedef struct Set {
    size_t n;
    Position *pos;
    double *result; /* 0, 0.5, 1 */
    double *score;  /* search score, White's view */
    double *target;
    int *base;   /* eval at the current weights */
    float *coef; /* n x nidx */
    unsigned char *valid;
} Set;

FitSpec fit_defaults(EvalTable t)
{
    return (FitSpec){ .table = t,
                      .lambda = 1.0,
                      .rounds = 3,
                      .iterations = 300,
                      .rate = 1.0,
                      .l2 = 1e-7,
                      .valid_percent = 10,
                      .seed = 1 };
}

static double sigmoid(double x)
{
    return 1.0 / (1.0 + exp(-x));
}

/* Log loss of prediction p against target t, p kept off 0 and 1. */
static double log_loss(double t, double p)
{
    const double eps = 1e-12;
    if (p < eps) p = eps;
    if (p > 1 - eps) p = 1 - eps;
    return -(t * log(p) + (1 - t) * log(1 - p));
}

/* The table that scores record r's positions. */
static EvalTable record_table(const TuneRecord *r)
{
    Rules rules = tune_game_rules(r->game);
    return eval_table_of(&rules);
}

static void set_free(Set *s)
{
    free(s->pos);
    free(s->result);
    free(s->score);
    free(s->target);
    free(s->base);
    free(s->coef);
    free(s->valid);
    memset(s, 0, sizeof *s);
}

/* The records of table t in d as positions. */
static int set_load(Set *s, const TuneData *d, EvalTable t, const FitSpec *spec, char *err,
                    size_t errlen)
{
    memset(s, 0, sizeof *s);
    size_t n = 0;
    for (size_t i = 0; i < d->n; i++)
        if (record_table(&d->v[i]) == t) n++;
    if (n == 0) {
        snprintf(err, errlen, "no positions of %s in the data", eval_table_name(t));
        return -1;
    }
    s->pos = malloc(n * sizeof *s->pos);
    s->result = malloc(n * sizeof *s->result);
    s->score = malloc(n * sizeof *s->score);
    s->target = malloc(n * sizeof *s->target);
    s->base = malloc(n * sizeof *s->base);
    s->valid = malloc(n);
    if (!s->pos || !s->result || !s->score || !s->target || !s->base || !s->valid) {
        set_free(s);
        snprintf(err, errlen, "out of memory for %zu positions", n);
        return -1;
    }
    for (size_t i = 0; i < d->n; i++) {
        const TuneRecord *r = &d->v[i];
        Rules rules = tune_game_rules(r->game);
        if (eval_table_of(&rules) != t) continue;
        char why[200];
        if (position_set_fen(&s->pos[s->n], &rules, r->fen, why, sizeof why) != 0) {
            snprintf(err, errlen, "record %zu: %s", i + 1, why); /* why says "bad FEN" */
            set_free(s);
            return -1;
        }
        s->result[s->n] = r->result / 2.0;
        s->score[s->n] = r->score;
        uint64_t h = tune_record_id(r->game,
                                    r->key ^ (spec ? spec->seed * 0x2545F4914F6CDD1Dull : 0));
        s->valid[s->n] = spec && (int)(h % 100) < spec->valid_percent;
        s->n++;
    }
    return 0;
}

/* Mean log loss of the positions with valid == which (or all, which < 0)
 * for the evaluations e at scale k against the targets t. */
static double mean_loss(const Set *s, const int *e, const double *t, double k, int which)
{
    double sum = 0;
    size_t cnt = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (which >= 0 && s->valid[i] != which) continue;
        sum += log_loss(t[i], sigmoid(k * e[i]));
        cnt++;
    }
    return cnt ? sum / (double)cnt : 0;
}

/* "validation LOSS" into buf, or "no validation set" when there are no
 * validation positions (a loss of 0 would look like a perfect fit). */
static const char *valid_text(char *buf, size_t len, size_t nvalid, double loss)
{
    if (nvalid)
        snprintf(buf, len, "validation %.6f", loss);
    else
        snprintf(buf, len, "no validation set");
    return buf;
}

static void set_targets(Set *s, double lambda, double k)
{
    for (size_t i = 0; i < s->n; i++)
        s->target[i] = lambda * s->result[i] + (1 - lambda) * sigmoid(k * s->score[i]);
}

/* K minimising the training loss of the current evaluations (golden
 * section on log K over FIT_K_MIN..FIT_K_MAX: the loss is unimodal in K). */
static double fit_k(Set *s, double lambda)
{
    double a = log(FIT_K_MIN), b = log(FIT_K_MAX);
    const double g = (sqrt(5.0) - 1) / 2;
    for (int it = 0; it < 60; it++) {
        double c = b - g * (b - a), d = a + g * (b - a);
        set_targets(s, lambda, exp(c));
        double fc = mean_loss(s, s->base, s->target, exp(c), 0);
        set_targets(s, lambda, exp(d));
        double fd = mean_loss(s, s->base, s->target, exp(d), 0);
        if (fc < fd)
            b = d;
        else
            a = c;
    }
    double k = exp((a + b) / 2);
    set_targets(s, lambda, k);
    return k;
}

static void evaluate_all(Set *s, const EvalWeights *w)
{
    for (size_t i = 0; i < s->n; i++)
        s->base[i] = eval_white_weights(&s->pos[i], w);
}

double fit_loss(const TuneData *d, EvalTable t, const EvalWeights *w, double k)
{
    Set s;
    char err[200];
    if (set_load(&s, d, t, NULL, err, sizeof err) != 0) return -1;
    evaluate_all(&s, w);
    set_targets(&s, 1.0, k);
    double l = mean_loss(&s, s.base, s.target, k, -1);
    set_free(&s);
    return l;
}

/* Adam on the offsets x[0..m) of the weights idx[] from cur, on the
 * linear model of s->coef; l2 pulls cur + x toward start. */
static void adam(const Set *s, const FitSpec *spec, double k, const int *idx, int m,
                 const EvalWeights *cur, const EvalWeights *start, double *x)
{
    double *grad = calloc((size_t)m, sizeof *grad), *mom = calloc((size_t)m, sizeof *mom);
    double *vel = calloc((size_t)m, sizeof *vel);
    if (!grad || !mom || !vel) goto done;
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    size_t ntrain = 0;
    for (size_t i = 0; i < s->n; i++)
        ntrain += !s->valid[i];
    for (int it = 1; it <= spec->iterations; it++) {
        memset(grad, 0, (size_t)m * sizeof *grad);
        for (size_t i = 0; i < s->n; i++) {
            if (s->valid[i]) continue;
            const float *c = s->coef + i * (size_t)m;
            double e = s->base[i];
            for (int j = 0; j < m; j++)
                e += c[j] * x[j];
            double g = k * (sigmoid(k * e) - s->target[i]);
            for (int j = 0; j < m; j++)
                grad[j] += g * c[j];
        }
        for (int j = 0; j < m; j++) {
            double w = eval_weight_get(cur, idx[j]) + x[j] - eval_weight_get(start, idx[j]);
            double gj = grad[j] / (double)ntrain + 2 * spec->l2 * w;
            mom[j] = b1 * mom[j] + (1 - b1) * gj;
            vel[j] = b2 * vel[j] + (1 - b2) * gj * gj;
            double mh = mom[j] / (1 - pow(b1, it)), vh = vel[j] / (1 - pow(b2, it));
            x[j] -= spec->rate * mh / (sqrt(vh) + eps);
        }
    }
done:
    free(grad);
    free(mom);
    free(vel);
}

/* Whether flat weight i is held by the prefixes of fixed. */
static bool is_fixed(const char *fixed, int i)
{
    char name[64];
    eval_weight_name(i, name, sizeof name);
    for (const char *p = fixed; p && *p;) {
        size_t n = strcspn(p, ",");
        if (n && strncmp(name, p, n) == 0) return true;
        p += n + (p[n] == ',');
    }
    return false;
}

int fit_check_fixed(const char *fixed, EvalTable t, char *err, size_t errlen)
{
    if (!fixed) return 0;
    const char *p = fixed;
    for (;;) {
        size_t n = strcspn(p, ",");
        bool found = false, moved = false;
        for (int i = 0; i < EVAL_WEIGHT_NB && !moved && n; i++) {
            char name[64];
            eval_weight_name(i, name, sizeof name);
            bool match = strncmp(name, p, n) == 0;
            found |= match;
            moved = match && eval_weight_applies(t, i);
        }
        if (n == 0) {
            snprintf(err, errlen, "-fix %s: an empty prefix (two commas, or one at an end)", fixed);
            return -1;
        }
        if (!found) {
            snprintf(
                err, errlen,
                "-fix %s: prefix '%.*s' matches no weight (dablo-tune weights shows the names)",
                fixed, (int)n, p);
            return -1;
        }
        if (!moved) {
            snprintf(err, errlen,
                     "-fix %s: prefix '%.*s' holds no weight the fit moves for the %s table", fixed,
                     (int)n, p, eval_table_name(t));
            return -1;
        }
        if (!p[n]) return 0;
        p += n + 1;
    }
}

/* Whether the training positions of s all have one result; then err says
 * which (a fit to it would drive K to its floor and the weights anywhere). */
static bool one_result(const Set *s, char *err, size_t errlen)
{
    double first = -1;
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (s->valid[i]) continue;
        if (n++ && s->result[i] != first) return false;
        first = s->result[i];
    }
    const char *r = first == 1 ? "1-0" : first == 0 ? "0-1" : "1/2";
    snprintf(err, errlen,
             "all %zu training positions have the result %s: a fit needs games with different "
             "results (or -lambda 0, the search scores alone)",
             n, r);
    return true;
}

int fit_run(const TuneData *d, const FitSpec *spec, const EvalWeights *start, EvalWeights *out,
            FitReport *rep, FILE *log, char *err, size_t errlen)
{
    memset(rep, 0, sizeof *rep);
    Set s;
    if (set_load(&s, d, spec->table, spec, err, errlen) != 0) return -1;
    for (size_t i = 0; i < s.n; i++) {
        if (s.valid[i])
            rep->nvalid++;
        else
            rep->ntrain++;
    }
    if (rep->ntrain == 0) {
        snprintf(err, errlen, "no training positions left after the validation split");
        set_free(&s);
        return -1;
    }
    if (spec->lambda > 0 && one_result(&s, err, errlen)) {
        set_free(&s);
        return -1;
    }
    int idx[EVAL_WEIGHT_NB], m = 0;
    for (int i = 0; i < EVAL_WEIGHT_NB; i++)
        if (eval_weight_tunable(i) && !is_fixed(spec->fixed, i)) idx[m++] = i;
    s.coef = malloc(s.n * (size_t)m * sizeof *s.coef);
    double *x = malloc((size_t)m * sizeof *x);
    if (!s.coef || !x) {
        snprintf(err, errlen, "out of memory for %zu x %d coefficients", s.n, m);
        free(x);
        set_free(&s);
        return -1;
    }

    *out = *start;
    evaluate_all(&s, out);
    rep->k = fit_k(&s, spec->lambda);
    /* The search ends within a hair of a bound only when the loss falls
     * all the way to it. */
    rep->k_bound = rep->k < FIT_K_MIN * 1.01 ? -1 : rep->k > FIT_K_MAX / 1.01 ? 1 : 0;
    rep->train_before = mean_loss(&s, s.base, s.target, rep->k, 0);
    rep->valid_before = mean_loss(&s, s.base, s.target, rep->k, 1);
    char vt[48];
    if (log)
        fprintf(log, "%zu training and %zu validation positions; K = %.6f; loss %.6f (%s)\n",
                rep->ntrain, rep->nvalid, rep->k, rep->train_before,
                valid_text(vt, sizeof vt, rep->nvalid, rep->valid_before));

    for (int round = 0; round < spec->rounds; round++) {
        /* The linear model around the current weights; the weights no
         * training position depends on are left out of this round. */
        int all[EVAL_WEIGHT_NB];
        memcpy(all, idx, sizeof all);
        for (size_t i = 0; i < s.n; i++)
            eval_coefficients(&s.pos[i], out, all, m, &s.base[i], s.coef + i * (size_t)m);
        int used = 0, keep[EVAL_WEIGHT_NB];
        for (int j = 0; j < m; j++) {
            keep[j] = 0;
            for (size_t i = 0; i < s.n && !keep[j]; i++)
                keep[j] = !s.valid[i] && s.coef[i * (size_t)m + j] != 0;
            used += keep[j];
        }
        /* Pack the used columns to the front of each row. */
        int cols[EVAL_WEIGHT_NB], nc = 0;
        for (int j = 0; j < m; j++)
            if (keep[j]) cols[nc++] = j;
        for (size_t i = 0; i < s.n; i++) {
            float *row = s.coef + i * (size_t)m, *dst = s.coef + i * (size_t)nc;
            for (int c = 0; c < nc; c++)
                dst[c] = row[cols[c]];
        }
        int sel[EVAL_WEIGHT_NB];
        for (int c = 0; c < nc; c++)
            sel[c] = idx[cols[c]];
        rep->nweights = used;
        if (round == 0 && spec->warn && used > 0
            && rep->ntrain < (size_t)FIT_POSITIONS_PER_WEIGHT * (size_t)used)
            fprintf(spec->warn,
                    "dablo-tune: warning: %zu training position%s for %d fitted weight%s (%.1f a "
                    "weight, fewer than %d): the weights may follow the noise of too few games; "
                    "give more data (gen -games) or hold weights with -fix\n",
                    rep->ntrain, rep->ntrain == 1 ? "" : "s", used, used == 1 ? "" : "s",
                    (double)rep->ntrain / used, FIT_POSITIONS_PER_WEIGHT);
        memset(x, 0, (size_t)m * sizeof *x);
        EvalWeights cur = *out;
        adam(&s, spec, rep->k, sel, nc, &cur, start, x);
        for (int c = 0; c < nc; c++)
            eval_weight_set(out, sel[c], (int)lround(eval_weight_get(&cur, sel[c]) + x[c]));
        evaluate_all(&s, out);
        if (log)
            fprintf(
                log, "round %d: %d weight%s; loss %.6f (%s)\n", round + 1, used,
                used == 1 ? "" : "s", mean_loss(&s, s.base, s.target, rep->k, 0),
                valid_text(vt, sizeof vt, rep->nvalid, mean_loss(&s, s.base, s.target, rep->k, 1)));
    }
    rep->train_after = mean_loss(&s, s.base, s.target, rep->k, 0);
    rep->valid_after = mean_loss(&s, s.base, s.target, rep->k, 1);
    free(x);
    set_free(&s);
    return 0;
}
