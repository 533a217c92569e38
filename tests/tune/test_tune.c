/*
 * test_tune.c - unit tests of the evaluation tuner (tools/tune): the data
 * reader and its errors, de-duplication, the evaluation's coefficients,
 * and the fit on the small fixed samples of tests/data/tune-*.txt (made
 * by `dablo-tune gen`, docs/tuning.md).  Built with tests/unit/main.c and
 * this suites.def as build/test_tune (and build/test_tune_san under ASan +
 * UBSan) by mk/tune.mk, run by tests/suites/46-tune.sh from the top of the
 * tree.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "data.h"
#include "fit.h"
#include "helpers.h"
#include "rules/movegen.h"
#include "search/eval.h"

#define TABAL_SAMPLE  "tests/data/tune-tabal.txt"
#define DABLOT_SAMPLE "tests/data/tune-dablot.txt"

/* The error of reading text as a data file; "" when it reads. */
static const char *read_error(const char *text, size_t len, char *err, size_t errlen, size_t *n)
{
    char path[64];
    test_temp_file(path, text, len);
    TuneData d = { 0 };
    err[0] = '\0';
    int rc = tune_data_read(&d, path, err, errlen);
    *n = d.n;
    tune_data_free(&d);
    /* The message names the file; strip it so the tests compare the rest. */
    size_t pl = strlen(path);
    ck_assert(rc == 0 || strncmp(err, path, pl) == 0);
    if (rc) memmove(err, err + pl, strlen(err + pl) + 1);
    unlink(path);
    return err;
}

static const char *TABAL_START = "mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1";

START_TEST(reads_records_and_skips_comments)
{
    char text[512], err[400];
    size_t n;
    snprintf(text, sizeof text,
             "# a comment\n\ntabal 1-0 35 %s\r\ndablot:modern 1/2 -7 "
             "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1\n"
             "tabal 0-1 -32000 %s\n",
             TABAL_START, TABAL_START);
    ck_assert_str_eq(read_error(text, strlen(text), err, sizeof err, &n), "");
    ck_assert_uint_eq(n, 3);

    TuneRecord r;
    char line[200];
    snprintf(line, sizeof line, "tabal 1/2 -12 %s", TABAL_START);
    ck_assert_int_eq(tune_record_parse(line, &r, NULL, err, sizeof err), 0);
    ck_assert_int_eq(r.game, TUNE_TABAL);
    ck_assert_int_eq(r.result, 1);
    ck_assert_int_eq(r.score, -12);
    ck_assert_int_eq(tune_record_parse("   # x", &r, NULL, err, sizeof err), 1);
}
END_TEST

/* A last line without '\n' (a file cut short: a copy stopped, head -c)
 * is left out and said with its line, even one that reads as a record
 * (it may not be the one written); the records before it are kept. */
START_TEST(a_last_line_cut_short_is_left_out)
{
    static const char *const last[] = { "tabal 0-1 -7 %s", "tabal 0-1 -7 mmm/mmm/mm", "# a note" };
    for (size_t i = 0; i < sizeof last / sizeof *last; i++) {
        char text[512], cut[256], err[400], path[64];
        size_t n;
        snprintf(cut, sizeof cut, last[i], TABAL_START);
        snprintf(text, sizeof text, "# data\ntabal 1-0 35 %s\n%s", TABAL_START, cut);
        ck_assert_str_eq(read_error(text, strlen(text), err, sizeof err, &n),
                         ":3: the last line has no newline (cut short?)");
        ck_assert_uint_eq(n, 1);
        test_temp_file(path, text, strlen(text));
        TuneData d = { 0 };
        ck_assert_int_eq(tune_data_read(&d, path, err, sizeof err), 1); /* a warning, not -1 */
        unlink(path);
        ck_assert_uint_eq(d.n, 1);
        ck_assert_int_eq(d.v[0].score, 35);
        tune_data_free(&d);
    }
}
END_TEST

/* Each malformed line gives ":LINE: reason" naming what is wrong. */
START_TEST(malformed_lines_are_refused_with_line_and_reason)
{
    static const struct {
        const char *line, *want;
    } cases[] = {
        { "chess 1-0 0 %s", ":2: the game is not one of tabal" },
        { "tabal 2-0 0 %s", ":2: the result is not 1-0, 0-1 or 1/2" },
        { "tabal 1-0 x12 %s", ":2: the score is not a whole number" },
        { "tabal 1-0 99999 %s", ":2: the score is not a whole number" },
        { "tabal 1-0 12", ":2: no FEN after the score" },
        { "tabal 1-0 12 mmm/mmm w 0 1", ":2: bad FEN for tabal: " },
        { "dablot:classic 1-0 12 %s", ":2: bad FEN for dablot:classic: " },
        { "tabal", ":2: the result is not" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512], bad[256], err[400];
        size_t n;
        snprintf(bad, sizeof bad, cases[i].line, TABAL_START);
        snprintf(text, sizeof text, "tabal 1-0 0 %s\n%s\ntabal 0-1 0 %s\n", TABAL_START, bad,
                 TABAL_START);
        read_error(text, strlen(text), err, sizeof err, &n);
        ck_assert_msg(strncmp(err, cases[i].want, strlen(cases[i].want)) == 0,
                      "line '%s': got '%s'", bad, err);
        ck_assert_msg(!strchr(err, '\n'), "one line");
        const char *twice = strstr(err, "bad FEN");
        ck_assert_msg(!twice || !strstr(twice + 1, "bad FEN"), "'bad FEN' said twice: '%s'", err);
        ck_assert_uint_eq(n, 1); /* the record before the bad line is kept */
    }
    char text[128], err[400];
    size_t n;
    int len = snprintf(text, sizeof text, "tabal 1-0 0 mmm/mmm/mmmmm/mm");
    text[len++] = '\0';
    len += snprintf(text + len, sizeof text - (size_t)len, "mmm/5/MMMMM/MMMMM/MMM/MMM w 0 1\n");
    read_error(text, (size_t)len, err, sizeof err, &n);
    ck_assert_str_eq(err, ":1: a NUL byte in the line");

    TuneData d = { 0 };
    ck_assert_int_eq(tune_data_read(&d, "/nonexistent/dablo-data.txt", err, sizeof err), -1);
    ck_assert_str_eq(err, "/nonexistent/dablo-data.txt: No such file or directory");
}
END_TEST

START_TEST(dedupe_keeps_the_first_of_each_position_in_order)
{
    char text[1024], path[64], err[400];
    /* The same position twice (other DrawPlies count: same key), once in
     * another game, and another position. */
    snprintf(text, sizeof text,
             "tabal 1-0 1 %s\ntabal 0-1 2 mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 7 9\n"
             "tabal 1/2 3 mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM b 0 1\ntabal 1/2 4 %s\n",
             TABAL_START, TABAL_START);
    test_temp_file(path, text, strlen(text));
    TuneData d = { 0 };
    ck_assert_int_eq(tune_data_read(&d, path, err, sizeof err), 0);
    unlink(path);
    ck_assert_uint_eq(d.n, 4);
    ck_assert_uint_eq(tune_data_dedupe(&d), 2);
    ck_assert_uint_eq(d.n, 2);
    ck_assert_int_eq(d.v[0].score, 1);
    ck_assert_int_eq(d.v[1].score, 3);
    tune_data_free(&d);

    TuneSet s = { 0 };
    for (uint64_t i = 0; i < 10000; i++)
        ck_assert_int_eq(tune_set_add(&s, tune_record_id(TUNE_TABAL, i * 7919)), 1);
    ck_assert_int_eq(tune_set_add(&s, tune_record_id(TUNE_TABAL, 7919)), 0);
    ck_assert_int_eq(tune_set_add(&s, tune_record_id(TUNE_DABLOT_MODERN, 7919)), 1);
    tune_set_free(&s);
}
END_TEST

START_TEST(games_and_their_rules_round_trip)
{
    for (int g = 0; g < TUNE_GAME_NB; g++) {
        TuneGame back;
        ck_assert_int_eq(tune_game_parse(tune_game_name((TuneGame)g), &back), 0);
        ck_assert_int_eq(back, g);
        Rules r = tune_game_rules((TuneGame)g);
        ck_assert_int_eq(tune_game_of_rules(&r, &back), 0);
        ck_assert_int_eq(back, g);
    }
    Rules r = rules_default(VARIANT_TABAL);
    r.max_capture = true;
    TuneGame back;
    ck_assert_int_eq(tune_game_of_rules(&r, &back), -1);
    ck_assert_int_eq(tune_game_parse("dablot", &back), -1);
}
END_TEST

static TuneData load(const char *path)
{
    TuneData d = { 0 };
    char err[400];
    ck_assert_msg(tune_data_read(&d, path, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_ge(d.n, 300);
    return d;
}

/* The samples hold quiet positions only, each once. */
START_TEST(samples_are_quiet_and_unique)
{
    const char *files[] = { TABAL_SAMPLE, DABLOT_SAMPLE };
    for (int f = 0; f < 2; f++) {
        TuneData d = load(files[f]);
        size_t n = d.n;
        for (size_t i = 0; i < d.n; i++) {
            Position p;
            char err[200];
            Rules r = tune_game_rules(d.v[i].game);
            ck_assert_int_eq(position_set_fen(&p, &r, d.v[i].fen, err, sizeof err), 0);
            quick_assert(!movegen_has_capture(&p));
        }
        ck_assert_uint_eq(tune_data_dedupe(&d), 0);
        ck_assert_uint_eq(d.n, n);
        tune_data_free(&d);
    }
}
END_TEST

/* The linear model of eval_coefficients() predicts the evaluation with
 * other weights: exactly for nearly every position; and no weight with a
 * coefficient is one eval_weight_applies() says the table never reads. */
START_TEST(coefficients_predict_the_evaluation)
{
    const char *files[] = { TABAL_SAMPLE, DABLOT_SAMPLE };
    for (int f = 0; f < 2; f++) {
        TuneData d = load(files[f]);
        int idx[EVAL_WEIGHT_NB], m = 0;
        for (int i = 0; i < EVAL_WEIGHT_NB; i++)
            if (eval_weight_tunable(i)) idx[m++] = i;
        size_t exact = 0;
        for (size_t i = 0; i < d.n; i++) {
            Position p;
            char err[200];
            Rules r = tune_game_rules(d.v[i].game);
            ck_assert_int_eq(position_set_fen(&p, &r, d.v[i].fen, err, sizeof err), 0);
            const EvalWeights *w = &eval_default_weights[eval_table_of(&r)];
            float coef[EVAL_WEIGHT_NB];
            int base;
            eval_coefficients(&p, w, idx, m, &base, coef);
            /* eval_weight_applies() leaves out no weight the fit can move. */
            for (int k = 0; k < m; k++)
                ck_assert_msg(coef[k] == 0 || eval_weight_applies(eval_table_of(&r), idx[k]),
                              "%s:%zu moves weight %d, which does not apply to its table", files[f],
                              i + 1, idx[k]);
            int stm = eval_position_for(&p, EVAL_NO_ROOT, NULL);
            quick_assert_int_eq(base, p.stm == WHITE ? stm : -stm);
            EvalWeights other = *w;
            double predicted = base;
            for (int k = 0; k < m; k++) {
                int delta = (int)((i + (size_t)k) % 7) - 3;
                eval_weight_set(&other, idx[k], eval_weight_get(w, idx[k]) + delta);
                predicted += coef[k] * delta;
            }
            double got = eval_white_weights(&p, &other);
            exact += got - predicted < 1.5 && predicted - got < 1.5;
        }
        ck_assert_msg(exact * 100 >= d.n * 95, "%zu of %zu within 1.5", exact, d.n);
        tune_data_free(&d);
    }
}
END_TEST

START_TEST(fit_reduces_the_loss_and_is_deterministic)
{
    TuneData d = load(TABAL_SAMPLE);
    FitSpec spec = fit_defaults(EVAL_TABLE_TABAL);
    spec.rounds = 2;
    spec.iterations = 150;
    EvalWeights a, b;
    FitReport ra, rb;
    char err[400];
    ck_assert_int_eq(
        fit_run(&d, &spec, &eval_default_weights[EVAL_TABLE_TABAL], &a, &ra, NULL, err, sizeof err),
        0);
    ck_assert_uint_eq(ra.ntrain + ra.nvalid, d.n);
    ck_assert_uint_gt(ra.nvalid, 0);
    ck_assert(ra.k > 1e-4 && ra.k < 0.1);
    ck_assert_msg(ra.train_after < ra.train_before - 0.005, "%f -> %f", ra.train_before,
                  ra.train_after);
    /* The loss reported is that of the real evaluation with the fitted weights. */
    double all = fit_loss(&d, EVAL_TABLE_TABAL, &a, ra.k);
    double mix = (ra.train_after * (double)ra.ntrain + ra.valid_after * (double)ra.nvalid)
               / (double)d.n;
    ck_assert(all > mix - 1e-9 && all < mix + 1e-9);
    ck_assert_int_eq(
        fit_run(&d, &spec, &eval_default_weights[EVAL_TABLE_TABAL], &b, &rb, NULL, err, sizeof err),
        0);
    ck_assert_int_eq(memcmp(&a, &b, sizeof a), 0);
    ck_assert(ra.train_after == rb.train_after);
    /* The untunable weights stay. */
    ck_assert_int_eq(a.piece[MAN], 100);
    ck_assert_int_eq(a.mopup_margin, eval_default_weights[EVAL_TABLE_TABAL].mopup_margin);
    /* Weights named by -fix stay too, the others still move. */
    spec.fixed = "runaway,piece";
    ck_assert_int_eq(
        fit_run(&d, &spec, &eval_default_weights[EVAL_TABLE_TABAL], &b, &rb, NULL, err, sizeof err),
        0);
    ck_assert_int_eq(
        memcmp(b.runaway, eval_default_weights[EVAL_TABLE_TABAL].runaway, sizeof b.runaway), 0);
    ck_assert_int_eq(b.piece[KING], eval_default_weights[EVAL_TABLE_TABAL].piece[KING]);
    ck_assert_int_ne(memcmp(&b, &eval_default_weights[EVAL_TABLE_TABAL], sizeof b), 0);
    ck_assert(rb.train_after < rb.train_before);
    ck_assert_double_eq(fit_loss(&d, EVAL_TABLE_DABLOT, &a, ra.k), -1);
    tune_data_free(&d);
}
END_TEST

/* Weights set far wrong come back toward sense: a Dablot prince and a
 * Tabal king worth nothing. */
static void refit(const char *file, EvalTable t, EvalWeights *start)
{
    TuneData d = load(file);
    FitSpec spec = fit_defaults(t);
    spec.rounds = 2;
    spec.iterations = 150;
    EvalWeights out;
    FitReport rep;
    char err[400];
    ck_assert_int_eq(fit_run(&d, &spec, start, &out, &rep, NULL, err, sizeof err), 0);
    ck_assert_msg(rep.train_after < rep.train_before, "%f -> %f", rep.train_before,
                  rep.train_after);
    tune_data_free(&d);
    *start = out;
}

START_TEST(wrong_start_weights_move_the_right_way)
{
    EvalWeights w = eval_default_weights[EVAL_TABLE_DABLOT];
    w.piece[PRINCE] = 0;
    refit(DABLOT_SAMPLE, EVAL_TABLE_DABLOT, &w);
    /* 8 since the hunt's terms start at two enemy men (the sample's mop-up
     * positions carry more of the score); the prince must still rise. */
    ck_assert_msg(w.piece[PRINCE] >= 5, "Dablot prince %d", w.piece[PRINCE]);
    w = eval_default_weights[EVAL_TABLE_TABAL];
    w.piece[KING] = 0;
    refit(TABAL_SAMPLE, EVAL_TABLE_TABAL, &w);
    ck_assert_msg(w.piece[KING] >= 15, "Tabal king %d", w.piece[KING]);
}
END_TEST

START_TEST(fit_refuses_data_without_the_variant)
{
    TuneData d = load(TABAL_SAMPLE);
    EvalWeights out;
    FitReport rep;
    char err[400];
    FitSpec spec = fit_defaults(EVAL_TABLE_DABLOT);
    ck_assert_int_eq(fit_run(&d, &spec, &eval_default_weights[EVAL_TABLE_DABLOT], &out, &rep, NULL,
                             err, sizeof err),
                     -1);
    ck_assert_str_eq(err, "no positions of dablot in the data");
    tune_data_free(&d);
}
END_TEST

/* -fix: every prefix must start some weight's name (a typing error would
 * otherwise hold nothing, silently). */
START_TEST(fix_prefixes_are_checked)
{
    char err[300];
    ck_assert_int_eq(fit_check_fixed(NULL, EVAL_TABLE_TABAL, err, sizeof err), 0);
    ck_assert_int_eq(fit_check_fixed("tempo", EVAL_TABLE_TABAL, err, sizeof err), 0);
    ck_assert_int_eq(fit_check_fixed("mopup_,tempo,piece", EVAL_TABLE_TABAL, err, sizeof err), 0);
    ck_assert_int_eq(fit_check_fixed("tempo,nosuch", EVAL_TABLE_TABAL, err, sizeof err), -1);
    ck_assert_str_eq(err, "-fix tempo,nosuch: prefix 'nosuch' matches no weight "
                          "(dablo-tune weights shows the names)");
    ck_assert_int_eq(fit_check_fixed("tempoo", EVAL_TABLE_TABAL, err, sizeof err), -1);
    ck_assert_int_eq(fit_check_fixed("", EVAL_TABLE_TABAL, err, sizeof err), -1);
    ck_assert_int_eq(fit_check_fixed("tempo,,piece", EVAL_TABLE_TABAL, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "an empty prefix"));
    ck_assert_int_eq(fit_check_fixed(",tempo", EVAL_TABLE_TABAL, err, sizeof err), -1);
    /* A prefix of weights the fit of that table never moves holds nothing. */
    const char *idle[] = { "king_immune", "piece[0]",   "advance[0]",   "piece[1",
                           "mopup_king",  "advance[9]", "piece_no_prey" };
    for (size_t i = 0; i < sizeof idle / sizeof idle[0]; i++) {
        ck_assert_int_eq(fit_check_fixed(idle[i], EVAL_TABLE_TABAL, err, sizeof err), -1);
        ck_assert_ptr_nonnull(strstr(err, "holds no weight the fit moves for the tabal table"));
    }
    ck_assert_int_eq(fit_check_fixed("king_immune", EVAL_TABLE_DABLOT, err, sizeof err), 0);
    ck_assert_int_eq(fit_check_fixed("runaway", EVAL_TABLE_DABLOT_COMPULSORY, err, sizeof err), -1);
    ck_assert_int_eq(fit_check_fixed("runaway", EVAL_TABLE_TABAL, err, sizeof err), 0);
}
END_TEST

START_TEST(weight_names_and_flat_access)
{
    int np;
    const EvalParam *p = eval_params(&np);
    int total = 0;
    for (int k = 0; k < np; k++) {
        ck_assert_int_eq(p[k].index, total);
        total += p[k].count;
    }
    ck_assert_int_eq(total, EVAL_WEIGHT_NB);
    char name[64];
    eval_weight_name(p[0].index + KING, name, sizeof name);
    ck_assert_str_eq(name, "piece[2]");
    ck_assert_int_eq(eval_weight_get(&eval_default_weights[EVAL_TABLE_DABLOT], p[0].index + KING),
                     eval_default_weights[EVAL_TABLE_DABLOT].piece[KING]);
    ck_assert(!eval_weight_tunable(p[0].index + MAN));
    ck_assert(eval_weight_tunable(p[0].index + PRINCE));
}
END_TEST

Suite *tune_suite(void)
{
    Suite *s = suite_create("tune");
    TCase *tc = tcase_create("data");
    tcase_add_test(tc, reads_records_and_skips_comments);
    tcase_add_test(tc, a_last_line_cut_short_is_left_out);
    tcase_add_test(tc, malformed_lines_are_refused_with_line_and_reason);
    tcase_add_test(tc, dedupe_keeps_the_first_of_each_position_in_order);
    tcase_add_test(tc, games_and_their_rules_round_trip);
    tcase_add_test(tc, samples_are_quiet_and_unique);
    suite_add_tcase(s, tc);
    tc = tcase_create("fit");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, coefficients_predict_the_evaluation);
    tcase_add_test(tc, fit_reduces_the_loss_and_is_deterministic);
    tcase_add_test(tc, wrong_start_weights_move_the_right_way);
    tcase_add_test(tc, fit_refuses_data_without_the_variant);
    tcase_add_test(tc, weight_names_and_flat_access);
    tcase_add_test(tc, fix_prefixes_are_checked);
    suite_add_tcase(s, tc);
    return s;
}
