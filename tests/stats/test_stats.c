/*
 * test_stats.c - unit tests of the match statistics (tools/stats/stats.h),
 * built with tests/unit/main.c and tests/stats/suites.def as build/test_stats
 * (and build/test_stats_san under ASan + UBSan) by mk/stats.mk, run by
 * tests/suites/45-stats.sh.
 *
 * Reference values (tools/stats/reference.bc reproduces them).  The
 * trinomial LLR of W/L/D = 880/759/1863 for [0, 5] logistic Elo, about
 * 2.95, is the value quoted in cutechess/cutechess #543 for fishtest's
 * LLRcalc.py.  The other LLRs were computed by hand
 * with fishtest's formulas (server/fishtest/stats/LLRcalc.py: regularize
 * zero counts to 1e-3, MLE_expected / MLE_t_value by the secular
 * equation, LLR = N * sum p log(p1/p0)) in `bc -l` at 40 digits, with
 * bisection for the secular roots and 60 fixed-point steps for the
 * t-value MLE; the Elo, error bar, LOS and normalized Elo values the same
 * way from stat_util.get_elo and LLRcalc.LLR_normalized_alt.  The
 * pentanomial [10789, 19328, 33806, 19402, 10543] and [39, 2226, 31451,
 * 2412, 40] cases are the examples of fishtest's sprt.py / stat_util.py;
 * [549, 54, 33, 1, 0] and [144, 3, 1, 0, 0] are the lopsided samples of
 * Disservin/fastchess #879 that once gave NaN.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stats.h"

#define TOL_LLR 1e-6
#define TOL_ELO 1e-6

static double llr(const double *c, int n, StatsModel m, double e0, double e1)
{
    double v = -12345;
    ck_assert_int_eq(stats_llr_counts(c, n, m, e0, e1, &v), 0);
    ck_assert(isfinite(v));
    return v;
}

START_TEST(test_trinomial_classic_llr)
{
    /* L, D, W */
    const double c[3] = { 759, 1863, 880 };
    double v = llr(c, 3, STATS_MODEL_LOGISTIC, 0, 5);
    ck_assert_double_eq_tol(v, 2.95, 0.01);
    ck_assert_double_eq_tol(v, 2.9472241137316435, TOL_LLR);
    ck_assert_double_eq_tol(llr(c, 3, STATS_MODEL_NORMALIZED, 0, 5), 2.1829624376044329, TOL_LLR);

    /* The same through Stats and the SPRT verdict: 2.947 >= ln(19) = 2.944. */
    Stats s;
    stats_init(&s);
    s.wdl[STATS_WIN] = 880;
    s.wdl[STATS_LOSS] = 759;
    s.wdl[STATS_DRAW] = 1863;
    s.unpaired = 3502;
    StatsSprtParams p;
    stats_sprt_default(&p);
    p.model = STATS_MODEL_LOGISTIC;
    StatsSprt t;
    ck_assert_int_eq(stats_sprt(&s, &p, &t), 0);
    ck_assert_int_eq(t.sample, STATS_SAMPLE_TRINOMIAL);
    ck_assert_double_eq_tol(t.lower, log(0.05 / 0.95), 1e-12);
    ck_assert_double_eq_tol(t.upper, log(0.95 / 0.05), 1e-12);
    ck_assert_double_eq_tol(t.llr, 2.9472241137316435, TOL_LLR);
    ck_assert_int_eq(t.verdict, STATS_SPRT_H1);
    /* Normalized [0, 5]: 2.18 is inside the bounds. */
    p.model = STATS_MODEL_NORMALIZED;
    ck_assert_int_eq(stats_sprt(&s, &p, &t), 0);
    ck_assert_int_eq(t.verdict, STATS_SPRT_CONTINUE);
}
END_TEST

START_TEST(test_pentanomial_llr_reference)
{
    const double big[5] = { 10789, 19328, 33806, 19402, 10543 };
    ck_assert_double_eq_tol(llr(big, 5, STATS_MODEL_LOGISTIC, -3, 1), 2.1310678117878922, TOL_LLR);
    ck_assert_double_eq_tol(llr(big, 5, STATS_MODEL_NORMALIZED, -3, 1), 0.30086978548905128,
                            TOL_LLR);
    const double narrow[5] = { 39, 2226, 31451, 2412, 40 };
    ck_assert_double_eq_tol(llr(narrow, 5, STATS_MODEL_NORMALIZED, 0.764, 3.439),
                            2.1629408695835569, TOL_LLR);
    ck_assert_double_eq_tol(llr(narrow, 5, STATS_MODEL_LOGISTIC, 0.2, 0.9), 2.1625425800469062,
                            TOL_LLR);
    const double even[5] = { 10, 20, 30, 20, 10 };
    ck_assert_double_eq_tol(llr(even, 5, STATS_MODEL_NORMALIZED, 0, 5), -0.018638037984544860,
                            TOL_LLR);
    const double good[5] = { 5, 10, 20, 30, 15 };
    ck_assert_double_eq_tol(llr(good, 5, STATS_MODEL_LOGISTIC, 0, 5), 0.70438095636409973, TOL_LLR);
    ck_assert_double_eq_tol(llr(good, 5, STATS_MODEL_NORMALIZED, 0, 5), 0.62821061607720370,
                            TOL_LLR);
}
END_TEST

START_TEST(test_zero_bins)
{
    /* Zero bins at both ends (regularized to 1e-3 as fishtest does). */
    const double c[5] = { 0, 12, 40, 25, 0 };
    ck_assert_double_eq_tol(llr(c, 5, STATS_MODEL_NORMALIZED, 0, 5), 0.36591274997368749, TOL_LLR);
    /* A single non-zero bin; every model and a trinomial with two zeros. */
    const double only_dd[5] = { 0, 0, 17, 0, 0 };
    double v = llr(only_dd, 5, STATS_MODEL_LOGISTIC, 0, 5);
    ck_assert(v < 0); /* all draws: evidence for elo0 = 0 */
    llr(only_dd, 5, STATS_MODEL_NORMALIZED, 0, 5);
    const double draws[3] = { 0, 40, 0 };
    llr(draws, 3, STATS_MODEL_LOGISTIC, 0, 5);
    llr(draws, 3, STATS_MODEL_NORMALIZED, 0, 5);

    StatsElo e;
    ck_assert_int_eq(stats_elo_counts(only_dd, 5, &e), 0);
    ck_assert_double_eq_tol(e.score, 0.5, 1e-12);
    ck_assert_double_eq_tol(e.elo, 0, 1e-9);
    ck_assert(isfinite(e.elo_err) && e.elo_err > 0);
    ck_assert_double_eq_tol(e.los, 0.5, 1e-6);

    /* Zero bins in the middle: LD and WD only.  Hand-computed (stat_util):
     * regularized mean 0.59997, Elo 70.4148 +- 106.4142, LOS 0.916120, nElo
     * 107.1508; the score itself is exactly (3 * 1/4 + 7 * 3/4) / 10 = 0.6. */
    const double mid[5] = { 0, 3, 0, 7, 0 };
    ck_assert_int_eq(stats_elo_counts(mid, 5, &e), 0);
    ck_assert_double_eq_tol(e.score, 0.6, 1e-12);
    ck_assert_double_eq_tol(e.elo, 70.414795681880450, TOL_ELO);
    ck_assert_double_eq_tol(e.elo_err, 106.41418713766231, TOL_ELO);
    ck_assert_double_eq_tol(e.los, 0.91611966595397834, TOL_ELO);
    ck_assert_double_eq_tol(e.nelo, 107.15079887939420, TOL_ELO);
    ck_assert_double_eq_tol(e.nelo_err, 152.24472605807899, TOL_ELO);
}
END_TEST

START_TEST(test_lopsided_fastchess_879)
{
    /* Nearly every pair lost: finite, and H0 is accepted. */
    const double a[5] = { 549, 54, 33, 1, 0 };
    ck_assert_double_eq_tol(llr(a, 5, STATS_MODEL_NORMALIZED, 0, 2), -4.9497048056959074, TOL_LLR);
    ck_assert_double_eq_tol(llr(a, 5, STATS_MODEL_LOGISTIC, 0, 5), -9.2331107809127513, TOL_LLR);
    const double b[5] = { 144, 3, 1, 0, 0 };
    ck_assert_double_eq_tol(llr(b, 5, STATS_MODEL_NORMALIZED, 0, 2), -1.1994994736677304, TOL_LLR);

    Stats s;
    stats_init(&s);
    for (int i = 0; i < 5; i++)
        s.penta[i] = (uint64_t)a[i];
    StatsSprtParams p;
    stats_sprt_default(&p);
    p.elo1 = 2;
    StatsSprt t;
    ck_assert_int_eq(stats_sprt(&s, &p, &t), 0);
    ck_assert_int_eq(t.verdict, STATS_SPRT_H0);
}
END_TEST

/* Bounds far from the data in the normalized model: the LLR is defined
 * for every bound in [-1000, 1000] (the t-value of a distribution over the
 * scores is unbounded), and continuous in the bound.  nElo 600 against
 * 10-5-3 had no answer from the uniform start of the fixed point (every
 * b_i negative): found by continuation. */
START_TEST(test_far_normalized_bounds)
{
    const double tri[3] = { 3, 5, 10 }, pen[5] = { 1, 2, 3, 4, 5 }, won[3] = { 0, 0, 100 };
    const double *const counts[3] = { tri, pen, won };
    const int n[3] = { 3, 5, 3 };
    for (int k = 0; k < 3; k++) {
        double prev = 0;
        for (int e1 = -990; e1 <= 1000; e1 += 10) {
            double v;
            ck_assert_msg(stats_llr_counts(counts[k], n[k], STATS_MODEL_NORMALIZED, -1000, e1, &v)
                              == 0,
                          "sample %d, elo1 %d: no LLR", k, e1);
            ck_assert(isfinite(v));
            /* LLR(-1000, e1) moves on smoothly with e1: no jump to another fixed point. */
            if (e1 > -990)
                ck_assert_msg(fabs(v - prev) < 5, "sample %d, elo1 %d: %g after %g", k, e1, v,
                              prev);
            prev = v;
        }
    }
    /* 10-5-3 (nElo about +170) is far below nElo 1000 and nearer +1000 than -1000. */
    ck_assert(llr(tri, 3, STATS_MODEL_NORMALIZED, 0, 1000) < -2.944);
    ck_assert(llr(tri, 3, STATS_MODEL_NORMALIZED, -1000, 1000) > 2.944);
}
END_TEST

/* Every pair won: the LLR grows with the pairs (fishtest's expectation
 * MLE still allows an unseen LL bin, so slowly: about 0.0143 a pair for
 * [0, 5] logistic) and the test ends with H1, never NaN. */
START_TEST(test_one_sided_ends)
{
    const double c[5] = { 0, 0, 0, 0, 300 };
    ck_assert_double_eq_tol(llr(c, 5, STATS_MODEL_LOGISTIC, 0, 5), 4.2863106800750336, TOL_LLR);
    ck_assert_double_eq_tol(llr(c, 5, STATS_MODEL_NORMALIZED, 0, 5), 6.0431201011347266, TOL_LLR);

    StatsSprtParams p;
    stats_sprt_default(&p);
    for (int m = 0; m < 2; m++) {
        p.model = m ? STATS_MODEL_NORMALIZED : STATS_MODEL_LOGISTIC;
        Stats s;
        stats_init(&s);
        StatsSprt t = { 0 };
        int pairs = 0;
        while (pairs < 100000) {
            stats_add_pair(&s, STATS_WIN, STATS_WIN);
            pairs++;
            ck_assert_int_eq(stats_sprt(&s, &p, &t), 0);
            ck_assert(isfinite(t.llr));
            if (t.verdict != STATS_SPRT_CONTINUE) break;
        }
        ck_assert_int_eq(t.verdict, STATS_SPRT_H1);
        ck_assert_int_lt(pairs, 400);
        /* And every pair lost ends with H0. */
        stats_init(&s);
        pairs = 0;
        do {
            stats_add_pair(&s, STATS_LOSS, STATS_LOSS);
            pairs++;
            ck_assert_int_eq(stats_sprt(&s, &p, &t), 0);
            ck_assert(isfinite(t.llr));
        } while (t.verdict == STATS_SPRT_CONTINUE && pairs < 100000);
        ck_assert_int_eq(t.verdict, STATS_SPRT_H0);
    }

    /* Elo of a one-sided sample: the clamp bound, finite error, LOS 1. */
    Stats s;
    stats_init(&s);
    for (int i = 0; i < 10; i++)
        stats_add_game(&s, STATS_WIN);
    StatsElo e;
    ck_assert_int_eq(stats_elo(&s, &e), 0);
    ck_assert_int_eq(e.sample, STATS_SAMPLE_TRINOMIAL);
    ck_assert_int_eq(e.clamped, 1);
    ck_assert_double_eq_tol(e.elo, 400 * log10(999.0), 1e-9);
    ck_assert(isfinite(e.elo_err) && isfinite(e.nelo) && isfinite(e.nelo_err));
    ck_assert_double_eq_tol(e.los, 1.0, 1e-9);
    ck_assert_double_eq(e.draw_ratio, 0);
}
END_TEST

START_TEST(test_even_score)
{
    /* Hand-computed: var of the pair score 30/90, per-game sd sqrt(1/6),
     * se = sqrt(1/6/180); error = (elo(1/2 + 1.96 se) - elo(1/2 - 1.96 se))/2
     * = 41.6402; normalized error 1.96 * 800/ln10 / sqrt(180) = 50.7559. */
    const double c[5] = { 10, 20, 30, 20, 10 };
    StatsElo e;
    ck_assert_int_eq(stats_elo_counts(c, 5, &e), 0);
    ck_assert_int_eq(e.sample, STATS_SAMPLE_PENTANOMIAL);
    ck_assert_double_eq_tol(e.games, 180, 1e-9);
    ck_assert_double_eq_tol(e.score, 0.5, 1e-12);
    ck_assert_double_eq_tol(e.elo, 0, 1e-9);
    ck_assert_double_eq_tol(e.elo_err, 41.640216343734280, TOL_ELO);
    ck_assert_double_eq_tol(e.nelo, 0, 1e-9);
    ck_assert_double_eq_tol(e.nelo_err, 50.755853684830467, TOL_ELO);
    ck_assert_double_eq_tol(e.los, 0.5, 1e-9);
    ck_assert_int_eq(e.clamped, 0);

    /* Trinomial even score, draws only and one win one loss. */
    Stats s;
    stats_init(&s);
    stats_add_game(&s, STATS_WIN);
    stats_add_game(&s, STATS_LOSS);
    ck_assert_int_eq(stats_elo(&s, &e), 0);
    ck_assert_double_eq_tol(e.elo, 0, 1e-9);
    ck_assert(isfinite(e.elo_err) && e.elo_err > 0);
    stats_init(&s);
    for (int i = 0; i < 8; i++)
        stats_add_game(&s, STATS_DRAW);
    ck_assert_int_eq(stats_elo(&s, &e), 0);
    ck_assert_double_eq_tol(e.elo, 0, 1e-9);
    ck_assert(isfinite(e.elo_err) && e.elo_err > 0);
    ck_assert_double_eq(e.draw_ratio, 1);
}
END_TEST

START_TEST(test_elo_reference)
{
    /* Trinomial 880 W / 1863 D / 759 L (stat_util.get_elo by hand). */
    const double t[3] = { 759, 1863, 880 };
    StatsElo e;
    ck_assert_int_eq(stats_elo_counts(t, 3, &e), 0);
    ck_assert_double_eq_tol(e.score, 0.51727584237578527, TOL_ELO);
    ck_assert_double_eq_tol(e.elo, 12.009265307507141, TOL_ELO);
    ck_assert_double_eq_tol(e.elo_err, 7.8728955169816559, TOL_ELO);
    ck_assert_double_eq_tol(e.los, 0.99861699692205439, TOL_ELO);
    ck_assert_double_eq_tol(e.nelo, 17.569796315562991, TOL_ELO);
    ck_assert_double_eq_tol(e.nelo_err, 11.507058432633192, TOL_ELO);
    ck_assert_double_eq_tol(e.draw_ratio, 1863.0 / 3502, 1e-12);

    /* Pentanomial [5, 10, 20, 30, 15]: score exactly 0.625. */
    const double p[5] = { 5, 10, 20, 30, 15 };
    ck_assert_int_eq(stats_elo_counts(p, 5, &e), 0);
    ck_assert_double_eq_tol(e.score, 0.625, 1e-12);
    ck_assert_double_eq_tol(e.elo, 88.739499846542547, TOL_ELO);
    ck_assert_double_eq_tol(e.elo_err, 45.708650082947287, TOL_ELO);
    ck_assert_double_eq_tol(e.los, 0.99996832875816688, TOL_ELO);
    ck_assert_double_eq_tol(e.nelo, 109.86877904456430, TOL_ELO);
    ck_assert_double_eq_tol(e.nelo_err, 53.834712488183758, TOL_ELO);
}
END_TEST

START_TEST(test_counting)
{
    Stats s;
    stats_init(&s);
    StatsElo e;
    StatsSprt t;
    StatsSprtParams p;
    stats_sprt_default(&p);
    ck_assert_int_eq(stats_elo(&s, &e), -1);
    ck_assert_int_eq(e.sample, STATS_SAMPLE_NONE);
    ck_assert_int_eq(stats_sprt(&s, &p, &t), 0);
    ck_assert_double_eq(t.llr, 0);
    ck_assert_int_eq(t.verdict, STATS_SPRT_CONTINUE);

    /* A pair finished one game at a time. */
    stats_add_game(&s, STATS_WIN);
    ck_assert_int_eq(stats_elo(&s, &e), 0);
    ck_assert_int_eq(e.sample, STATS_SAMPLE_TRINOMIAL);
    stats_add_game(&s, STATS_DRAW);
    ck_assert_int_eq(stats_complete_pair(&s, STATS_WIN, STATS_DRAW), 0);
    ck_assert_int_eq(stats_complete_pair(&s, STATS_WIN, STATS_DRAW), -1);
    ck_assert_uint_eq(s.penta[3], 1);
    ck_assert_uint_eq(s.unpaired, 0);
    stats_add_pair(&s, STATS_LOSS, STATS_WIN);
    stats_add_pair(&s, STATS_LOSS, STATS_DRAW);
    stats_add_game(&s, (StatsResult)7); /* ignored */
    stats_add_game(&s, STATS_LOSS);
    ck_assert_uint_eq(stats_games(&s), 7);
    ck_assert_uint_eq(stats_pairs(&s), 3);
    ck_assert_uint_eq(s.unpaired, 1);
    ck_assert_uint_eq(s.wdl[STATS_WIN], 2);
    ck_assert_uint_eq(s.wdl[STATS_DRAW], 2);
    ck_assert_uint_eq(s.wdl[STATS_LOSS], 3);
    ck_assert_uint_eq(s.penta[1], 1);
    ck_assert_uint_eq(s.penta[2], 1);
    ck_assert_int_eq(stats_elo(&s, &e), 0);
    ck_assert_int_eq(e.sample, STATS_SAMPLE_PENTANOMIAL);
    ck_assert_double_eq_tol(e.games, 6, 1e-2); /* the unpaired game is left out */
    ck_assert_double_eq_tol(e.draw_ratio, 2.0 / 7, 1e-12);

    Stats m = s;
    stats_merge(&m, &s);
    ck_assert_uint_eq(stats_games(&m), 14);
    ck_assert_uint_eq(m.penta[3], 2);
    ck_assert_uint_eq(m.unpaired, 2);
}
END_TEST

START_TEST(test_sprt_params)
{
    StatsSprtParams p;
    char err[128];
    stats_sprt_default(&p);
    ck_assert_int_eq(p.model, STATS_MODEL_NORMALIZED);
    ck_assert_int_eq(stats_sprt_check(&p, err, sizeof err), 0);
    ck_assert_int_eq(stats_sprt_parse(&p, "elo0=-1.5", err, sizeof err), 0);
    ck_assert_int_eq(stats_sprt_parse(&p, "elo1=2.5", err, sizeof err), 0);
    ck_assert_int_eq(stats_sprt_parse(&p, "alpha=0.1", err, sizeof err), 0);
    ck_assert_int_eq(stats_sprt_parse(&p, "beta=0.2", err, sizeof err), 0);
    ck_assert_int_eq(stats_sprt_parse(&p, "model=logistic", err, sizeof err), 0);
    ck_assert_double_eq(p.elo0, -1.5);
    ck_assert_double_eq(p.elo1, 2.5);
    ck_assert_int_eq(p.model, STATS_MODEL_LOGISTIC);
    double lo, hi;
    stats_sprt_bounds(0.1, 0.2, &lo, &hi);
    ck_assert_double_eq_tol(lo, log(0.2 / 0.9), 1e-12);
    ck_assert_double_eq_tol(hi, log(0.8 / 0.1), 1e-12);

    const char *bad[] = { "elo0",        "elo0=",     "elo0=x",    "gamma=1",
                          "model=bayes", "alpha=nan", "beta=1e999" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        ck_assert_int_eq(stats_sprt_parse(&p, bad[i], err, sizeof err), -1);
        ck_assert(err[0] != '\0');
    }
    StatsSprtParams q = p;
    q.elo0 = 5;
    q.elo1 = 5;
    ck_assert_int_eq(stats_sprt_check(&q, err, sizeof err), -1);
    q = p;
    q.alpha = 0.6;
    q.beta = 0.5;
    ck_assert_int_eq(stats_sprt_check(&q, err, sizeof err), -1);
    q = p;
    q.elo1 = 5000;
    ck_assert_int_eq(stats_sprt_check(&q, err, sizeof err), -1);

    /* Invalid parameters give a clean failure, never NaN. */
    Stats s;
    stats_init(&s);
    stats_add_pair(&s, STATS_WIN, STATS_DRAW);
    StatsSprt t;
    ck_assert_int_eq(stats_sprt(&s, &q, &t), -1);
    ck_assert_double_eq(t.llr, 0);
    /* Bounds no distribution on [0, 1] reaches, and bad counts. */
    const double c[5] = { 1, 2, 3, 2, 1 };
    double v = 1;
    ck_assert_int_eq(stats_llr_counts(c, 5, STATS_MODEL_LOGISTIC, 0, 1e6, &v), -1);
    ck_assert_double_eq(v, 0);
    const double neg[3] = { 1, -1, 2 }, zero[3] = { 0, 0, 0 }, nan3[3] = { 1, NAN, 1 };
    ck_assert_int_eq(stats_llr_counts(neg, 3, STATS_MODEL_LOGISTIC, 0, 5, &v), -1);
    ck_assert_int_eq(stats_llr_counts(zero, 3, STATS_MODEL_LOGISTIC, 0, 5, &v), -1);
    ck_assert_int_eq(stats_llr_counts(nan3, 3, STATS_MODEL_LOGISTIC, 0, 5, &v), -1);
    ck_assert_int_eq(stats_llr_counts(c, 4, STATS_MODEL_LOGISTIC, 0, 5, &v), -1);
    StatsElo e;
    ck_assert_int_eq(stats_elo_counts(zero, 3, &e), -1);
    ck_assert_double_eq(e.elo, 0);
}
END_TEST

/* Random samples of every size and bias: all outputs finite, the LLR of
 * [elo0, elo1] is minus that of [elo1, elo0] (antisymmetry of the
 * generalized likelihood ratio), and near the null it agrees with the
 * Brownian approximation (LLRcalc.LLR_alt2) to a few percent. */
START_TEST(test_random_finite)
{
    unsigned seed = 12345;
    const char *quick = getenv("DABLO_TEST_QUICK");
    int rounds = quick && *quick && *quick != '0' ? 200 : 2000;
    for (int r = 0; r < rounds; r++) {
        double c[5];
        int n = (r & 1) ? 5 : 3;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned v = (seed >> 8) % 7;
            c[i] = v < 2 ? 0 : (double)((seed >> 12) % (v == 6 ? 100000 : 60));
        }
        if (c[0] + c[1] + c[2] + (n == 5 ? c[3] + c[4] : 0) == 0) c[n / 2] = 1;
        StatsElo e;
        ck_assert_int_eq(stats_elo_counts(c, n, &e), 0);
        ck_assert(isfinite(e.elo) && isfinite(e.elo_err) && isfinite(e.nelo) && isfinite(e.nelo_err)
                  && isfinite(e.los) && isfinite(e.score));
        ck_assert(e.los >= 0 && e.los <= 1 && e.elo_err >= 0);
        for (int m = 0; m < 2; m++) {
            double a = 0, b = 0;
            ck_assert_int_eq(stats_llr_counts(c, n, (StatsModel)m, -2, 3, &a), 0);
            ck_assert_int_eq(stats_llr_counts(c, n, (StatsModel)m, 3, -2, &b), 0);
            ck_assert(isfinite(a));
            ck_assert_double_eq_tol(a, -b, 1e-6 * (1 + fabs(a)));
        }
    }
    /* LLR_alt2 = N (s1 - s0)(2s - s0 - s1) / (2 var) for a large, balanced
     * sample with the score between the bounds' scores. */
    const double big[5] = { 1000, 5000, 9000, 5200, 1100 };
    double exact;
    ck_assert_int_eq(stats_llr_counts(big, 5, STATS_MODEL_LOGISTIC, 0, 5, &exact), 0);
    double N = 21300, s = (5000 * 0.25 + 9000 * 0.5 + 5200 * 0.75 + 1100) / N;
    double var = (1000 * s * s + 5000 * pow(0.25 - s, 2) + 9000 * pow(0.5 - s, 2)
                  + 5200 * pow(0.75 - s, 2) + 1100 * pow(1 - s, 2))
               / N;
    double s0 = 0.5, s1 = 1 / (1 + pow(10, -5.0 / 400));
    double alt2 = N * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
    ck_assert_double_eq_tol(exact, alt2, 0.03 * fabs(alt2));
}
END_TEST

/* ---- results files ---------------------------------------------------- */

static char *write_tmp(const char *text)
{
    char *path = strdup("/tmp/dablo_stats_test_XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    size_t len = strlen(text);
    ck_assert_int_eq((int)write(fd, text, len), (int)len);
    close(fd);
    return path;
}

START_TEST(test_results_file)
{
    const char *text =
        "# a comment\n"
        "game=1 round=1 pair=1 white=New%20One black=Old result=1-0 termination=rules plies=40 opening=0\n"
        "game=2 round=1 pair=1 white=Old black=New%20One result=1/2-1/2 termination=rules plies=50 opening=0\n"
        "\n"
        "game=4 round=2 pair=2 white=Old black=New%20One result=1-0 termination=time plies=10 opening=1\n"
        "game=3 round=2 pair=2 white=New%20One black=Old result=0-1 termination=rules plies=33 opening=1\n"
        "game=5 round=3 pair=3 white=New%20One black=Old result=1/2-1/2 termination=rules plies=3 opening=2\n"
        "game=6 round=3 pair=3 white=Old black=New%20One result=* termination=none plies=1 opening=2\n"
        "game=7 round=4 pair=4 white=New%20One black=Old result=1-0 termination=rules plies=9 opening=3\n"
        "game=8 round=4 pair=4 white=Old black=New%20One result=0-1 termination=rules plies=9 opening=3\n"
        "game=9 round=5 pair=5 white=New%20One black=Old res";
    char *path = write_tmp(text);
    Stats s;
    stats_init(&s);
    char side[64] = "", err[256] = "";
    long n = stats_read_results(&s, path, NULL, side, sizeof side, err, sizeof err);
    ck_assert_msg(n == 7, "read %ld games: %s", n, err);
    ck_assert_str_eq(side, "New One");
    /* From New One's side: pair 1 W,D (penta 3); pair 2 L,L (0); pair 4
     * W,W (4); game 5 D unpaired (its partner unfinished). */
    ck_assert_uint_eq(s.wdl[STATS_WIN], 3);
    ck_assert_uint_eq(s.wdl[STATS_DRAW], 2);
    ck_assert_uint_eq(s.wdl[STATS_LOSS], 2);
    ck_assert_uint_eq(s.penta[0], 1);
    ck_assert_uint_eq(s.penta[3], 1);
    ck_assert_uint_eq(s.penta[4], 1);
    ck_assert_uint_eq(s.unpaired, 1);

    /* The other side mirrors it. */
    Stats o;
    stats_init(&o);
    ck_assert_int_eq(stats_read_results(&o, path, "Old", NULL, 0, err, sizeof err), 7);
    ck_assert_uint_eq(o.wdl[STATS_WIN], 2);
    ck_assert_uint_eq(o.penta[4], 1);
    ck_assert_uint_eq(o.penta[1], 1);
    ck_assert_uint_eq(o.penta[0], 1);
    /* An engine that plays no game. */
    stats_init(&o);
    ck_assert_int_eq(stats_read_results(&o, path, "Nobody", NULL, 0, err, sizeof err), 0);
    ck_assert_uint_eq(stats_games(&o), 0);
    unlink(path);
    free(path);
}
END_TEST

START_TEST(test_results_errors)
{
    const char *bad[] = {
        "game=1 pair=1 white=A black=B result=2-0\n",
        "game=1 pair=1 white=A result=1-0\n",
        "game=1 pair=x white=A black=B result=1-0\n",
        "game=1 pair=1 white=A black=B result=1-0 junk\n",
        "game=1 pair=1 white=A black=B result=1-0\ngame=1 pair=2 white=A black=B result=0-1\n",
        "game=1 pair=1 white=A black=B result=1-0 plies=-5\n",
        "game=1 pair=1 white=A black=B result=1-0 plies=x\n",
        "game=1 pair=1 white=A black=B result=1-0 white=C\n",
        "game=1 pair=1 white=A black=B result=1-0 result=0-1\n",
        "game=1 pair=1 white=X black=X result=1-0\n",
        "game=1 pair=1 white=A black=B result=1-0\ngame=2 pair=2 white=C black=A result=1-0\n",
    };
    /* The key (or the third engine) each is refused for. */
    const char *why[] = { NULL,
                          NULL,
                          NULL,
                          NULL,
                          NULL,
                          "'plies' needs a whole number >= 0",
                          "'plies' needs",
                          "key 'white' appears twice",
                          "key 'result' appears twice",
                          "'white' and 'black' name the same engine 'X'",
                          "a third engine: 'A' meets 'C'" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *path = write_tmp(bad[i]);
        Stats s;
        stats_init(&s);
        stats_add_game(&s, STATS_WIN);
        char err[256] = "";
        ck_assert_int_eq(stats_read_results(&s, path, NULL, NULL, 0, err, sizeof err), -1);
        ck_assert_msg(strstr(err, path) != NULL, "error names the file: %s", err);
        ck_assert_msg(!why[i] || strstr(err, why[i]) != NULL, "case %zu: %s", i, err);
        ck_assert_uint_eq(stats_games(&s), 1); /* unchanged */
        unlink(path);
        free(path);
    }
    Stats s;
    stats_init(&s);
    char err[256] = "";
    ck_assert_int_eq(
        stats_read_results(&s, "/nonexistent/dablo/results", NULL, NULL, 0, err, sizeof err), -1);
    ck_assert(strstr(err, "/nonexistent/dablo/results") != NULL);
    /* The third engine is counted once asked for by name: one encounter. */
    char *path = write_tmp("game=1 pair=1 white=A black=B result=1-0\n"
                           "game=2 pair=2 white=C black=A result=1-0\n"
                           "game=3 pair=3 white=A black=B result=1/2-1/2\n");
    const char *paths[1] = { path };
    stats_init(&s);
    ck_assert_int_eq(stats_read_results_vs(&s, paths, 1, "A", "B", NULL, 0, err, sizeof err), 2);
    ck_assert_uint_eq(s.wdl[STATS_WIN], 1);
    ck_assert_uint_eq(s.wdl[STATS_DRAW], 1);
    stats_init(&s);
    ck_assert_int_eq(stats_read_results_vs(&s, paths, 1, "A", "C", NULL, 0, err, sizeof err), 1);
    ck_assert_uint_eq(s.wdl[STATS_LOSS], 1);
    unlink(path);
    free(path);
}
END_TEST

/* The score, W-D-L and draw ratio are the raw figures, whatever the 1e-3
 * of the regularized counts: 0-0-2 scores 0%, 14-6-0 scores 85%. */
START_TEST(test_exact_figures)
{
    Stats s;
    stats_init(&s);
    stats_add_game(&s, STATS_LOSS);
    stats_add_game(&s, STATS_LOSS);
    StatsElo e;
    ck_assert_int_eq(stats_elo(&s, &e), 0);
    ck_assert_double_eq(e.score, 0);
    ck_assert_double_eq(e.draw_ratio, 0);
    char rep[2048];
    stats_format_report(rep, sizeof rep, &s, NULL);
    ck_assert_msg(strstr(rep, "Score: 0.00%\n") && strstr(rep, "W-D-L: 0-0-2\n"), "report: %s",
                  rep);
    stats_init(&s);
    for (int i = 0; i < 14; i++)
        stats_add_game(&s, STATS_WIN);
    for (int i = 0; i < 6; i++)
        stats_add_game(&s, STATS_DRAW);
    ck_assert_int_eq(stats_elo(&s, &e), 0);
    ck_assert_double_eq_tol(e.score, 0.85, 1e-15);
    ck_assert_double_eq_tol(e.draw_ratio, 0.3, 1e-15);
    stats_format_report(rep, sizeof rep, &s, NULL);
    ck_assert_msg(strstr(rep, "Score: 85.00%\n") && strstr(rep, "Draw ratio: 30.00%\n"),
                  "report: %s", rep);
    char line[512];
    stats_format_line(line, sizeof line, &s, NULL);
    ck_assert_msg(strstr(line, "score 85.0%") != NULL, "line: %s", line);
    /* Pairs and an unpaired game: the score counts every game. */
    stats_init(&s);
    stats_add_pair(&s, STATS_WIN, STATS_WIN);
    stats_add_game(&s, STATS_LOSS);
    ck_assert_int_eq(stats_elo(&s, &e), 0);
    ck_assert_double_eq_tol(e.score, 2.0 / 3, 1e-15);
    const double ww[5] = { 0, 0, 0, 0, 4 };
    ck_assert_int_eq(stats_elo_counts(ww, 5, &e), 0);
    ck_assert_double_eq(e.score, 1);
}
END_TEST

START_TEST(test_format)
{
    Stats s;
    stats_init(&s);
    stats_add_pair(&s, STATS_WIN, STATS_DRAW);
    stats_add_pair(&s, STATS_DRAW, STATS_DRAW);
    stats_add_pair(&s, STATS_LOSS, STATS_WIN);
    StatsSprtParams p;
    stats_sprt_default(&p);
    char line[512];
    size_t need = stats_format_line(line, sizeof line, &s, &p);
    ck_assert_uint_eq(need, strlen(line));
    ck_assert_msg(strstr(line, "W-D-L 2-3-1") && strstr(line, "ptnml 0-0-2-1-0")
                      && strstr(line, "LLR ") && strstr(line, "[-2.94, 2.94]")
                      && !strstr(line, "nan") && !strstr(line, "inf"),
                  "line: %s", line);
    /* Truncation keeps the snprintf convention. */
    char small[16];
    ck_assert_uint_eq(stats_format_line(small, sizeof small, &s, &p), need);
    ck_assert_uint_eq(strlen(small), sizeof small - 1);

    char rep[2048];
    need = stats_format_report(rep, sizeof rep, &s, &p);
    ck_assert_uint_eq(need, strlen(rep));
    ck_assert_msg(strstr(rep, "Elo (logistic)") && strstr(rep, "Elo (normalized)")
                      && strstr(rep, "model=normalized") && strstr(rep, "continue")
                      && strstr(rep, "Pentanomial (LL LD DD+WL WD WW): 0-0-2-1-0"),
                  "report: %s", rep);
    stats_init(&s);
    need = stats_format_report(rep, sizeof rep, &s, NULL);
    ck_assert(strstr(rep, "No games") != NULL);
}
END_TEST

START_TEST(test_spread_unknown)
{
    /* All draws: sd 0, and the normal interval was only the 1e-3 prior's
     * width (0-2-0: +- 15.22, 0-100-0: +- 0.30).  Fewer than
     * STATS_SPREAD_MIN samples away from the most common result: no error
     * bar; from STATS_SPREAD_MIN on, the formulas' numbers as before. */
    static const struct {
        double c[5];
        int n;
        double off;
        int unknown;
    } cases[] = {
        { { 0, 2, 0 }, 3, 0, 1 },
        { { 0, 100, 0 }, 3, 0, 1 },
        { { 1, 98, 1 }, 3, 2, 1 },
        { { 1, 8, 1 }, 3, 2, 1 },
        { { 0, 0, 1 }, 3, 0, 1 },
        { { 0, 0, 10 }, 3, 0, 1 },
        { { 2, 6, 2 }, 3, 4, 1 },
        { { 3, 4, 2 }, 3, 5, 0 },
        { { 5, 0, 5 }, 3, 5, 0 },
        { { 759, 1863, 880 }, 3, 1639, 0 },
        { { 0, 0, 3, 0, 0 }, 5, 0, 1 },
        { { 0, 3, 0, 7, 0 }, 5, 3, 1 },
        { { 0, 0, 0, 0, 300 }, 5, 0, 1 },
        { { 1, 1, 20, 1, 2 }, 5, 5, 0 },
        { { 10, 20, 30, 20, 10 }, 5, 60, 0 },
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        StatsElo e;
        ck_assert_int_eq(stats_elo_counts(cases[k].c, cases[k].n, &e), 0);
        ck_assert_msg(e.spread_unknown == cases[k].unknown && e.off_mode == cases[k].off,
                      "case %zu: spread_unknown %d off_mode %g", k, e.spread_unknown, e.off_mode);
        ck_assert(isfinite(e.elo_err) && isfinite(e.nelo_err) && isfinite(e.nelo));
    }
    /* The reports: "+- ?" and why, no normalized Elo; the live line the same. */
    Stats s;
    stats_init(&s);
    stats_add_game(&s, STATS_DRAW);
    stats_add_game(&s, STATS_DRAW);
    char rep[2048], line[512];
    stats_format_report(rep, sizeof rep, &s, NULL);
    ck_assert_msg(strstr(rep, "Elo (logistic): +0.00 +- ? (no error bar: 0 of 2 games differ from "
                              "the most common result, 5 are needed)\n")
                      && strstr(rep, "Elo (normalized): none (the spread of the scores is not "
                                     "measured)\n")
                      && !strstr(rep, "15.2"),
                  "report: %s", rep);
    stats_format_line(line, sizeof line, &s, NULL);
    ck_assert_msg(strstr(line, " Elo +0.0 +- ? nElo none LOS 50.0%"), "line: %s", line);
    /* Pairs are counted as pairs; one differing sample is "differs". */
    stats_init(&s);
    for (int i = 0; i < 3; i++)
        stats_add_pair(&s, STATS_WIN, STATS_LOSS);
    stats_add_pair(&s, STATS_WIN, STATS_DRAW);
    stats_format_report(rep, sizeof rep, &s, NULL);
    ck_assert_msg(strstr(rep, "+- ? (no error bar: 1 of 4 pairs differs from the most common "
                              "result, 5 are needed)\n"),
                  "report: %s", rep);
    /* A one-sided result keeps its bound and says both. */
    stats_init(&s);
    for (int i = 0; i < 10; i++)
        stats_add_game(&s, STATS_WIN);
    stats_format_report(rep, sizeof rep, &s, NULL);
    ck_assert_msg(strstr(rep, "Elo (logistic): +1199.83 +- ? (bound: one-sided result) (no error "
                              "bar: 0 of 10 games differ")
                      && strstr(rep, "Elo (normalized): none (one-sided result: no finite "
                                     "estimate)\n"),
                  "report: %s", rep);
}
END_TEST

Suite *stats_suite(void)
{
    Suite *s = suite_create("stats");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_trinomial_classic_llr);
    tcase_add_test(tc, test_pentanomial_llr_reference);
    tcase_add_test(tc, test_zero_bins);
    tcase_add_test(tc, test_far_normalized_bounds);
    tcase_add_test(tc, test_lopsided_fastchess_879);
    tcase_add_test(tc, test_one_sided_ends);
    tcase_add_test(tc, test_even_score);
    tcase_add_test(tc, test_elo_reference);
    tcase_add_test(tc, test_counting);
    tcase_add_test(tc, test_sprt_params);
    tcase_add_test(tc, test_random_finite);
    tcase_add_test(tc, test_results_file);
    tcase_add_test(tc, test_results_errors);
    tcase_add_test(tc, test_exact_figures);
    tcase_add_test(tc, test_format);
    tcase_add_test(tc, test_spread_unknown);
    suite_add_tcase(s, tc);
    return s;
}
