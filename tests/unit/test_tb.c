/*
 * test_tb.c - the endgame-table library (src/tb/): signatures, the perfect
 * index, entries and their order, and the file format with its refusals.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "rules/movequery.h"
#include "tb/tb_index.h"
#include "tb/tb_probe.h"

START_TEST(signature_names)
{
    TbSig s;
    char err[200], name[TB_SIG_NAME];
    ck_assert_int_eq(tb_sig_parse(&s, VARIANT_DABLOT, "MKvmp", err, sizeof err), 0);
    tb_sig_name(&s, name, sizeof name);
    ck_assert_str_eq(name, "KMvpm");
    ck_assert_int_eq(tb_sig_pieces(&s), 4);
    ck_assert_int_eq(tb_sig_parse(&s, VARIANT_DABLOT, "KKvk", err, sizeof err), -1);
    ck_assert_int_eq(tb_sig_parse(&s, VARIANT_TABAL, "KPvk", err, sizeof err), -1);
    ck_assert_int_eq(tb_sig_parse(&s, VARIANT_TABAL, "Kv", err, sizeof err), -1);
    ck_assert_int_eq(tb_sig_parse(&s, VARIANT_TABAL, "Kk", err, sizeof err), -1);
    ck_assert_int_eq(tb_sig_parse(&s, VARIANT_TABAL, "KvK", err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "unexpected 'K'"));
}
END_TEST

START_TEST(signature_order_and_counts)
{
    TbSig all[128];
    /* Tabal: 4 + 12 + 25 signatures of 2..4 pieces; Dablot 9 + 24. */
    ck_assert_int_eq(tb_sig_enumerate(VARIANT_TABAL, 4, false, all, 128), 41);
    ck_assert_int_eq(tb_sig_enumerate(VARIANT_DABLOT, 3, false, all, 128), 33);
    int n = tb_sig_enumerate(VARIANT_TABAL, 4, false, all, 128);
    tb_sig_order(all, n);
    for (int i = 0; i < n; i++)
        for (int k = i + 1; k < n; k++)
            ck_assert(!tb_sig_reaches(&all[i], &all[k]));
    /* A Tabal crowning: KMvk reaches KKvk (same count), never back. */
    TbSig a, b;
    char err[100];
    tb_sig_parse(&a, VARIANT_TABAL, "KMvk", err, sizeof err);
    tb_sig_parse(&b, VARIANT_TABAL, "KKvk", err, sizeof err);
    ck_assert(tb_sig_reaches(&a, &b));
    ck_assert(!tb_sig_reaches(&b, &a));
}
END_TEST

/* Every index of a table names a position whose index it is, and the
 * positions are all different placements. */
START_TEST(index_round_trip)
{
    const char *names[] = { "KMvk", "KPvm", "MMvm" };
    for (int v = 0; v < 2; v++)
        for (int k = 0; k < 3; k++) {
            TbSig s;
            char err[100];
            if (tb_sig_parse(&s, (Variant)v, names[k], err, sizeof err) != 0) continue;
            Rules r = rules_default((Variant)v);
            uint64_t n = tb_index_size(&s);
            for (uint64_t i = 0; i < n; i += 1 + n / 5000) {
                Position p;
                tb_index_position(&s, i, &r, &p);
                TbSig got = tb_sig_of(&p);
                ck_assert(tb_sig_equal(&got, &s));
                ck_assert_int_eq(tb_index_of(&s, &p), i);
                ck_assert_int_eq(p.stm, i >= n / 2 ? BLACK : WHITE);
            }
        }
    TbSig s;
    char err[100];
    tb_sig_parse(&s, VARIANT_DABLOT, "KMvk", err, sizeof err);
    ck_assert_uint_eq(tb_index_size(&s), 2ull * 72 * 71 * 70);
}
END_TEST

START_TEST(entries_and_their_order)
{
    ck_assert_int_eq(tb_entry_wdl(tb_entry(TB_CURSED_WIN, 120)), TB_CURSED_WIN);
    ck_assert_int_eq(tb_entry_dtz(tb_entry(TB_WIN, 17)), 17);
    ck_assert_int_eq(tb_entry_dtz(tb_entry(TB_WIN, 99999)), TB_DTZ_MAX);
    /* A zeroing move into a lost position: a win at distance 1; into a
     * blessed loss: a cursed win at 101; a plain move adds one ply and
     * crosses into the curse past 100. */
    ck_assert_int_eq(tb_move_entry(true, tb_entry(TB_LOSS, 30)), tb_entry(TB_WIN, 1));
    ck_assert_int_eq(tb_move_entry(true, tb_entry(TB_BLESSED_LOSS, 130)),
                     tb_entry(TB_CURSED_WIN, 101));
    ck_assert_int_eq(tb_move_entry(false, tb_entry(TB_LOSS, 99)), tb_entry(TB_WIN, 100));
    ck_assert_int_eq(tb_move_entry(false, tb_entry(TB_LOSS, 100)), tb_entry(TB_CURSED_WIN, 101));
    ck_assert_int_eq(tb_move_entry(false, tb_entry(TB_WIN, 4)), tb_entry(TB_LOSS, 5));
    ck_assert_int_eq(tb_move_entry(false, tb_entry(TB_DRAW, 0)), tb_entry(TB_DRAW, 0));
    ck_assert(tb_entry_better(tb_entry(TB_WIN, 3), tb_entry(TB_WIN, 5)));
    ck_assert(tb_entry_better(tb_entry(TB_WIN, 90), tb_entry(TB_CURSED_WIN, 101)));
    ck_assert(tb_entry_better(tb_entry(TB_LOSS, 9), tb_entry(TB_LOSS, 2)));
    ck_assert(tb_entry_better(tb_entry(TB_DRAW, 0), tb_entry(TB_BLESSED_LOSS, 150)));
    ck_assert(!tb_entry_better(tb_entry(TB_DRAW, 0), tb_entry(TB_DRAW, 0)));
}
END_TEST

/* A file written, opened and read back; then refused when cut short or
 * when one byte changes. */
START_TEST(file_round_trip_and_refusals)
{
    TbSig s;
    char err[600], dir[] = "/tmp/dablo-tb-unit-XXXXXX", path[4200];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    tb_sig_parse(&s, VARIANT_TABAL, "KKvk", err, sizeof err);
    Rules r = rules_default(VARIANT_TABAL);
    uint64_t n = tb_index_size(&s);
    uint16_t *e = malloc(n * sizeof *e);
    for (uint64_t i = 0; i < n; i++)
        e[i] = tb_entry((TbWdl)(i % 5), (int)(i % 97));
    tb_file_path(dir, &r, &s, path, sizeof path);
    ck_assert_ptr_nonnull(strstr(path, "/tabal-KKvk.dtb"));
    ck_assert_int_eq(tb_file_write(path, &r, &s, e, err, sizeof err), 0);
    TbFile f;
    ck_assert_int_eq(tb_file_open(&f, path, err, sizeof err), 0);
    ck_assert_uint_eq(f.npos, n);
    TbBlockCache *c = calloc(1, sizeof *c);
    for (uint64_t i = 0; i < n; i += 977) {
        uint16_t got;
        ck_assert_int_eq(tb_file_get(&f, i, c, &got), 0);
        ck_assert_int_eq(got, e[i]);
    }
    size_t size = f.size;
    tb_file_close(&f);
    /* One byte changed in the middle. */
    FILE *fp = fopen(path, "r+b");
    fseek(fp, (long)(size / 2), SEEK_SET);
    int byte = fgetc(fp);
    fseek(fp, (long)(size / 2), SEEK_SET);
    fputc(byte ^ 0x40, fp);
    fclose(fp);
    ck_assert_int_eq(tb_file_open(&f, path, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "checksum mismatch"));
    /* Cut short. */
    ck_assert_int_eq(truncate(path, (off_t)(size - 10)), 0);
    ck_assert_int_eq(tb_file_open(&f, path, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "truncated"));
    unlink(path);
    rmdir(dir);
    free(c);
    free(e);
}
END_TEST

/* movequery_step_legal() answers exactly as movegen_legal() lists steps:
 * every (from, to) pair of positions drawn from several signatures, with
 * every rule set that changes steps or captures. */
START_TEST(step_query_matches_movegen)
{
    static const struct {
        Variant v;
        const char *sig, *opt, *val;
    } cases[] = {
        { VARIANT_DABLOT, "KPMvkm", NULL, NULL },
        { VARIANT_DABLOT, "KPMMvkpm", "Rules", "modern" },
        { VARIANT_DABLOT, "KPMMvkpm", "Rules", "anti-draw" },
        { VARIANT_DABLOT, "KMMMvpmm", "Captures", "compulsory-men" },
        { VARIANT_DABLOT, "KPMMvkpm", "ForwardOnlyMen", "true" },
        { VARIANT_DABLOT, "PMvm", "KingCaptureEnds", "true" },
        { VARIANT_DABLOT, "Kvk", NULL, NULL },
        { VARIANT_TABAL, "KMMvkm", NULL, NULL },
        { VARIANT_TABAL, "KKMMvkmm", "MaxCapture", "true" },
        { VARIANT_TABAL, "MMMvmmm", NULL, NULL },
    };
    static MoveList list;
    int checked = 0, legal = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        TbSig s;
        char err[200];
        ck_assert_msg(tb_sig_parse(&s, cases[c].v, cases[c].sig, err, sizeof err) == 0, "%s", err);
        Rules r = rules_default(cases[c].v);
        if (cases[c].opt)
            ck_assert_int_eq(rules_set(&r, cases[c].opt, cases[c].val, err, sizeof err), 0);
        uint64_t n = tb_index_size(&s), rng = 0x243f6a8885a308d3ull + c;
        int samples = test_quick() ? 300 : 3000;
        for (int k = 0; k < samples; k++) {
            rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
            Position p;
            tb_index_position(&s, rng % n, &r, &p);
            movegen_legal(&p, &list);
            ck_assert(!movequery_step_legal(&p, -1, 0) && !movequery_step_legal(&p, 0, MAX_POINTS));
            for (int from = 0; from < p.geo->npoints; from++)
                for (int to = 0; to < p.geo->npoints; to++) {
                    bool want = false;
                    for (int i = 0; i < list.n && !want; i++)
                        want = !list.moves[i].captured && list.moves[i].from == from
                            && list.moves[i].to == to;
                    bool got = movequery_step_legal(&p, from, to);
                    if (got != want) {
                        char fen[160];
                        position_fen(&p, fen, sizeof fen);
                        ck_abort_msg("%s %s: step %d-%d: query %d, movegen %d", cases[c].sig, fen,
                                     from, to, got, want);
                    }
                    checked++;
                    legal += want;
                }
        }
    }
    /* Both answers came up many times. */
    ck_assert_int_gt(legal, 1000);
    ck_assert_int_gt(checked - legal, 1000);
}
END_TEST

Suite *tb_suite(void)
{
    Suite *s = suite_create("tb");
    TCase *tc = tcase_create("tables");
    tcase_add_test(tc, signature_names);
    tcase_add_test(tc, signature_order_and_counts);
    tcase_add_test(tc, index_round_trip);
    tcase_add_test(tc, entries_and_their_order);
    tcase_add_test(tc, file_round_trip_and_refusals);
    tcase_add_test(tc, step_query_matches_movegen);
    suite_add_tcase(s, tc);
    return s;
}
