/*
 * test_tb.c - the endgame-table library (src/tb/): signatures, the perfect
 * index, entries and their order, and the file format with its refusals.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "rules/movequery.h"
#include "tb/tb_index.h"
#include "tb/tb_mirror.h"
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
    ck_assert_uint_eq(tb_index_placements(&s), 2ull * 72 * 71 * 70);
    /* The White king on 33 points left of file f or on its 6 points. */
    ck_assert_uint_eq(tb_index_size(&s), 2ull * 39 * 71 * 70);
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

/* The result under the DrawPlies counter: a win or loss holds while
 * counter + distance stays within the limit, and what every user of the
 * tables prints for it. */
START_TEST(entries_under_the_counter)
{
    uint16_t w3 = tb_entry(TB_WIN, 3), l3 = tb_entry(TB_LOSS, 3), c = tb_entry(TB_CURSED_WIN, 120);
    ck_assert_int_eq(tb_wdl_counted(w3, 0, 100), TB_WIN);
    ck_assert_int_eq(tb_wdl_counted(w3, 97, 100), TB_WIN);
    ck_assert_int_eq(tb_wdl_counted(w3, 98, 100), TB_DRAW);
    ck_assert_int_eq(tb_wdl_counted(w3, 99, 100), TB_DRAW);
    ck_assert_int_eq(tb_wdl_counted(w3, 99, 0), TB_WIN);
    ck_assert_int_eq(tb_wdl_counted(l3, 97, 100), TB_LOSS);
    ck_assert_int_eq(tb_wdl_counted(l3, 98, 100), TB_DRAW);
    ck_assert_int_eq(tb_wdl_counted(c, 0, 100), TB_DRAW);
    ck_assert_int_eq(tb_wdl_counted(c, 50, 0), TB_WIN);
    ck_assert_int_eq(tb_wdl_counted(tb_entry(TB_BLESSED_LOSS, 110), 0, 0), TB_LOSS);
    ck_assert_int_eq(tb_wdl_counted(tb_entry(TB_LOSS, 0), 100, 100), TB_LOSS);
    ck_assert_int_eq(tb_wdl_counted(tb_entry(TB_DRAW, 0), 0, 0), TB_DRAW);
    char buf[80];
    tb_verdict_string(w3, TB_RESULT_WIN, buf, sizeof buf);
    ck_assert_str_eq(buf, "win 3");
    tb_verdict_string(w3, TB_RESULT_DRAW, buf, sizeof buf);
    ck_assert_str_eq(buf, "draw (win 3 past DrawPlies)");
    tb_verdict_string(l3, TB_RESULT_DRAW, buf, sizeof buf);
    ck_assert_str_eq(buf, "draw (loss 3 past DrawPlies)");
    tb_verdict_string(c, TB_RESULT_DRAW, buf, sizeof buf);
    ck_assert_str_eq(buf, "cursed-win 120");
    tb_verdict_string(c, TB_RESULT_WIN, buf, sizeof buf);
    ck_assert_str_eq(buf, "win (cursed-win 120 with DrawPlies off)");
    tb_verdict_string(w3, TB_RESULT_WIN_OR_DRAW, buf, sizeof buf);
    ck_assert_str_eq(buf, "unknown (win 3 past DrawPlies: not decided at this counter)");
    tb_verdict_string(l3, TB_RESULT_LOSS_OR_DRAW, buf, sizeof buf);
    ck_assert_str_eq(buf, "unknown (loss 3 past DrawPlies: not decided at this counter)");
    /* The undecided results lie between the decided ones they stand for. */
    ck_assert_int_eq(tb_result_negate(TB_RESULT_WIN_OR_DRAW), TB_RESULT_LOSS_OR_DRAW);
    ck_assert_int_eq(tb_result_negate(TB_RESULT_WIN), TB_RESULT_LOSS);
    ck_assert(TB_RESULT_DRAW < TB_RESULT_WIN_OR_DRAW && TB_RESULT_WIN_OR_DRAW < TB_RESULT_WIN);
    ck_assert(!tb_result_decided(TB_RESULT_LOSS_OR_DRAW) && tb_result_decided(TB_RESULT_DRAW));
}
END_TEST

/* Where counter + distance alone decides (tb_counted_exact): everywhere
 * but a Tabal win or loss past DrawPlies 100 with a man on the board. */
START_TEST(counted_exact_where)
{
    struct {
        int variant;
        const char *fen;
        uint16_t e;
        int draw_plies;
        bool exact;
    } cases[] = {
        /* K+2M v k, win 3 at counter 98: a man's step may reset in time. */
        { VARIANT_TABAL, "3/3/5/2k2/5/2M1M/1K3/3/3 w 98 1", tb_entry(TB_WIN, 3), 100, false },
        { VARIANT_TABAL, "3/3/5/2k2/5/2M1M/1K3/3/3 w 97 1", tb_entry(TB_WIN, 3), 100, true },
        { VARIANT_TABAL, "3/3/5/2k2/5/2M1M/1K3/3/3 w 98 1", tb_entry(TB_LOSS, 3), 100, false },
        { VARIANT_TABAL, "3/3/5/2k2/5/2M1M/1K3/3/3 w 98 1", tb_entry(TB_DRAW, 0), 100, true },
        { VARIANT_TABAL, "3/3/5/2k2/5/2M1M/1K3/3/3 w 100 1", tb_entry(TB_WIN, 3), 100, true },
        { VARIANT_TABAL, "3/3/5/2k2/5/2M1M/1K3/3/3 w 98 1", tb_entry(TB_WIN, 3), 0, true },
        { VARIANT_TABAL, "3/3/5/2k2/5/2M1M/1K3/3/3 w 0 1", tb_entry(TB_CURSED_WIN, 120), 100,
          false },
        /* Kings only: only captures reset, the distance is exact. */
        { VARIANT_TABAL, "1k1/3/5/4k/5/5/1K3/3/3 b 93 1", tb_entry(TB_WIN, 8), 100, true },
        /* Dablot: only captures reset. */
        { VARIANT_DABLOT, "5m/5/6/5/6/5/6/5/6/5/6/5/KP4 w 60 1", tb_entry(TB_WIN, 41), 100, true },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Rules r = rules_default((Variant)cases[i].variant);
        r.draw_plies = cases[i].draw_plies;
        Position pos;
        char err[200];
        ck_assert_int_eq(position_set_fen(&pos, &r, cases[i].fen, err, sizeof err), 0);
        ck_assert_msg(tb_counted_exact(&pos, cases[i].e) == cases[i].exact, "case %zu", i);
    }
}
END_TEST

/* The table image of entries e written to path (dablo-tb writes it
 * through its whole-file writer). */
static void write_image(const char *path, const Rules *r, const TbSig *s, const uint16_t *e)
{
    uint8_t *img;
    size_t len;
    char err[256];
    ck_assert_int_eq(tb_file_image(r, s, e, &img, &len, err, sizeof err), 0);
    FILE *fp = fopen(path, "wb");
    ck_assert_ptr_nonnull(fp);
    ck_assert_uint_eq(fwrite(img, 1, len, fp), len);
    ck_assert_int_eq(fclose(fp), 0);
    free(img);
}

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
    write_image(path, &r, &s, e);
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

/* TbSet.on_broken of the tests below: the calls and the last message. */
static int broken_calls;
static char broken_msg[4600];
static void note_broken(const char *msg)
{
    broken_calls++;
    snprintf(broken_msg, sizeof broken_msg, "%s", msg);
}

/* A Tabal KKvk position that is no game over, with its index in the last
 * block of the table (not the first). */
static void last_block_position(const TbSig *s, Position *pos)
{
    Rules r = rules_default(VARIANT_TABAL);
    uint64_t n = tb_index_size(s);
    for (uint64_t i = n; i-- > 0;) {
        uint16_t t;
        tb_index_position(s, i, &r, pos);
        if (tb_probe_terminal(pos, &t) != 0 && tb_index_of(s, pos) / TB_BLOCK > 0) return;
    }
    ck_abort_msg("no position found");
}

/* Writes the Tabal KKvk table with every entry e0 (0: wins at random
 * distances, so the file spans several pages) into a new folder dir
 * (mkdtemp template); the path of the file into path. */
static void write_kkvk(char *dir, char *path, size_t len, uint16_t e0, TbSig *s)
{
    char err[600];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    tb_sig_parse(s, VARIANT_TABAL, "KKvk", err, sizeof err);
    Rules r = rules_default(VARIANT_TABAL);
    uint64_t n = tb_index_size(s);
    uint16_t *e = malloc(n * sizeof *e);
    uint64_t x = 88172645463325252ull;
    for (uint64_t i = 0; i < n; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        e[i] = e0 ? e0 : tb_entry(TB_WIN, 1 + (int)(x % 100));
    }
    tb_file_path(dir, &r, s, path, len);
    write_image(path, &r, s, e);
    free(e);
}

/* write_kkvk(), then the folder opened as set with note_broken told. */
static void open_kkvk(char *dir, char *path, size_t len, uint16_t e0, TbSig *s, TbSet *set)
{
    char err[600];
    write_kkvk(dir, path, len, e0, s);
    Rules r = rules_default(VARIANT_TABAL);
    ck_assert_int_eq(tb_set_open(set, dir, &r, err, sizeof err), 1);
    set->on_broken = note_broken;
    broken_calls = 0;
}

/* A table shrunk on disk while open (truncate, or cp over it): the next
 * probe of a block not read yet gets -1 and the table is dropped, said
 * once, naming the file; no SIGBUS (a mapped file would raise it). */
START_TEST(table_shrunk_while_open_is_dropped)
{
    char dir[] = "/tmp/dablo-tb-unit-XXXXXX", path[4200];
    TbSig s;
    TbSet set;
    open_kkvk(dir, path, sizeof path, 0, &s, &set);
    Rules r = rules_default(VARIANT_TABAL);
    Position first, last;
    tb_index_position(&s, 0, &r, &first);
    last_block_position(&s, &last);
    uint16_t e;
    ck_assert_int_eq(tb_set_probe(&set, &first, &e), 0);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_gt(st.st_size, 3 * 4096);
    ck_assert_int_eq(truncate(path, 300), 0); /* the header and the block index */
    ck_assert_int_eq(tb_set_probe(&set, &last, &e), -1);
    ck_assert_int_eq(broken_calls, 1);
    ck_assert_msg(strstr(broken_msg, path) && strstr(broken_msg, "changed on disk")
                      && strstr(broken_msg, "rename"),
                  "%s", broken_msg);
    ck_assert_int_eq(tb_set_probe(&set, &last, &e), -1);
    ck_assert_int_eq(tb_set_probe(&set, &first, &e), -1);
    ck_assert_int_eq(broken_calls, 1);
    tb_set_close(&set);
    unlink(path);
    rmdir(dir);
}
END_TEST

/* A table whose checksum holds but whose entries are impossible (0xffff):
 * a probe gives no result and names the file as damaged. */
START_TEST(impossible_entries_are_damage)
{
    char dir[] = "/tmp/dablo-tb-unit-XXXXXX", path[4200];
    TbSig s;
    TbSet set;
    open_kkvk(dir, path, sizeof path, 0xffff, &s, &set);
    Position pos;
    last_block_position(&s, &pos);
    uint16_t e;
    ck_assert_int_eq(tb_set_probe(&set, &pos, &e), -1);
    ck_assert_int_eq(broken_calls, 1);
    ck_assert_msg(strstr(broken_msg, path) && strstr(broken_msg, "0xffff")
                      && strstr(broken_msg, "damaged"),
                  "%s", broken_msg);
    ck_assert(!tb_entry_valid(0xffff));
    ck_assert(!tb_entry_valid(tb_entry(TB_DRAW, 3)));
    ck_assert(!tb_entry_valid(tb_entry(TB_WIN, TB_DRAW_PLIES + 1)));
    ck_assert(!tb_entry_valid(tb_entry(TB_CURSED_WIN, TB_DRAW_PLIES)));
    ck_assert(tb_entry_valid(tb_entry(TB_LOSS, 0)));
    ck_assert(tb_entry_valid(tb_entry(TB_BLESSED_LOSS, TB_DTZ_MAX)));
    tb_set_close(&set);
    unlink(path);
    rmdir(dir);
}
END_TEST

/* A folder named like a table is refused as a folder. */
START_TEST(folder_named_like_a_table)
{
    char dir[] = "/tmp/dablo-tb-unit-XXXXXX", path[4200], err[600];
    TbFile f;
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/tabal-Kvk.dtb", dir);
    ck_assert_int_eq(mkdir(path, 0777), 0);
    ck_assert_int_eq(tb_file_open(&f, path, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "is a folder"), "%s", err);
    rmdir(path);
    rmdir(dir);
}
END_TEST

/* Every refused file of a folder is named, or counted when the names do
 * not fit: "(and N more)". */
START_TEST(every_refusal_named)
{
    char dir[] = "/tmp/dablo-tb-unit-XXXXXX", path[4200], err[600];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    enum { NBAD = 60 };
    for (int i = 0; i < NBAD; i++) {
        snprintf(path, sizeof path, "%s/tabal-X%02d.dtb", dir, i);
        FILE *fp = fopen(path, "w");
        ck_assert_ptr_nonnull(fp);
        fputs("bad", fp);
        fclose(fp);
    }
    TbSet set;
    Rules r = rules_default(VARIANT_TABAL);
    ck_assert_int_eq(tb_set_open(&set, dir, &r, err, sizeof err), 0);
    ck_assert_int_eq(set.nrefused, NBAD);
    ck_assert_int_gt(set.nshown, 1);
    ck_assert_int_lt(set.nshown, NBAD);
    for (int i = 0; i < set.nshown; i++) {
        snprintf(path, sizeof path, "tabal-X%02d.dtb: shorter than a table header", i);
        ck_assert_msg(strstr(set.refused, path), "%s not named in %s", path, set.refused);
    }
    char more[40];
    snprintf(more, sizeof more, "; (and %d more)", NBAD - set.nshown);
    size_t len = strlen(set.refused);
    ck_assert_str_eq(set.refused + len - strlen(more), more);
    tb_set_close(&set);
    for (int i = 0; i < NBAD; i++) {
        snprintf(path, sizeof path, "%s/tabal-X%02d.dtb", dir, i);
        unlink(path);
    }
    rmdir(dir);
}
END_TEST

/* A folder without a table of the rules opens as an empty set (no file
 * list is built, so nothing is sorted: the sanitizer build checks it). */
START_TEST(empty_folder_opens_empty)
{
    char dir[] = "/tmp/dablo-tb-unit-XXXXXX", err[600];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    TbSet set;
    Rules r = rules_default(VARIANT_DABLOT);
    ck_assert_int_eq(tb_set_open(&set, dir, &r, err, sizeof err), 0);
    ck_assert_int_eq(set.n, 0);
    ck_assert_int_eq(set.nrefused, 0);
    ck_assert_int_eq(set.max_pieces, 0);
    tb_set_close(&set);
    rmdir(dir);
}
END_TEST

/* Signatures whose random positions exercise every rule set that changes
 * steps, captures or the end of the game. */
typedef struct RuleCase {
    Variant v;
    const char *sig, *opt, *val;
} RuleCase;
static const RuleCase rule_cases[] = {
    { VARIANT_DABLOT, "KPMvkm", NULL, NULL },
    { VARIANT_DABLOT, "KPMMvkpm", "Rules", "modern" },
    { VARIANT_DABLOT, "KPMMvkpm", "Rules", "anti-draw" },
    { VARIANT_DABLOT, "KMMMvpmm", "Captures", "compulsory-men" },
    { VARIANT_DABLOT, "KPMMvkpm", "ForwardOnlyMen", "true" },
    { VARIANT_DABLOT, "PMvm", "KingCaptureEnds", "true" },
    { VARIANT_DABLOT, "PMMvkm", "KingAndPrinceCaptureEnds", "true" },
    { VARIANT_DABLOT, "Kvk", NULL, NULL },
    { VARIANT_TABAL, "KMMvkm", NULL, NULL },
    { VARIANT_TABAL, "KKMMvkmm", "MaxCapture", "true" },
    { VARIANT_TABAL, "MMMvmmm", NULL, NULL },
};
enum { NRULE_CASES = sizeof rule_cases / sizeof rule_cases[0] };

/* The signature and rules of case c. */
static void rule_case(size_t c, TbSig *s, Rules *r)
{
    char err[200];
    ck_assert_msg(tb_sig_parse(s, rule_cases[c].v, rule_cases[c].sig, err, sizeof err) == 0, "%s",
                  err);
    *r = rules_default(rule_cases[c].v);
    if (rule_cases[c].opt)
        ck_assert_int_eq(rules_set(r, rule_cases[c].opt, rule_cases[c].val, err, sizeof err), 0);
}

/* movequery_step_legal() answers exactly as movegen_legal() lists steps:
 * every (from, to) pair of positions drawn from several signatures, with
 * every rule set that changes steps or captures. */
START_TEST(step_query_matches_movegen)
{
    static MoveList list;
    int checked = 0, legal = 0;
    for (size_t c = 0; c < NRULE_CASES; c++) {
        TbSig s;
        Rules r;
        rule_case(c, &s, &r);
        uint64_t n = tb_index_size(&s), rng = 0x243f6a8885a308d3ull + c;
        int samples = test_quick() ? 200 : 1000;
        for (int k = 0; k < samples; k++) {
            rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
            Position p;
            tb_index_position(&s, rng % n, &r, &p);
            movegen_legal(&p, &list);
            ck_assert(!movequery_step_legal(&p, -1, 0) && !movequery_step_legal(&p, 0, MAX_POINTS));
            static bool step[MAX_POINTS][MAX_POINTS];
            memset(step, 0, sizeof step);
            for (int i = 0; i < list.n; i++)
                if (!list.moves[i].captured) step[list.moves[i].from][list.moves[i].to] = true;
            for (int from = 0; from < p.geo->npoints; from++)
                for (int to = 0; to < p.geo->npoints; to++) {
                    bool got = movequery_step_legal(&p, from, to);
                    if (got != step[from][to]) {
                        char fen[160];
                        position_fen(&p, fen, sizeof fen);
                        ck_abort_msg("%s %s: step %d-%d: query %d, movegen %d", rule_cases[c].sig,
                                     fen, from, to, got, step[from][to]);
                    }
                    checked++;
                    legal += got;
                }
        }
    }
    /* Both answers came up many times. */
    ck_assert_int_gt(legal, 1000);
    ck_assert_int_gt(checked - legal, 1000);
}
END_TEST

/* The mirror maps each board onto itself: an involution that keeps ranks,
 * lines (direction d to its mirror 8 - d), the far bases and the Dablot
 * vertices. */
START_TEST(mirror_geometry)
{
    for (int v = 0; v < VARIANT_NB; v++) {
        const Geometry *g = geometry_of((Variant)v);
        int fixed = 0;
        for (int p = 0; p < g->npoints; p++) {
            int m = tb_mirror_point((Variant)v, p);
            ck_assert_int_ge(m, 0);
            ck_assert_int_eq(tb_mirror_point((Variant)v, m), p);
            ck_assert_int_eq(g->rank[m], g->rank[p]);
            ck_assert_int_eq(g->file[m], g->nfiles - 1 - g->file[p]);
            fixed += m == p;
            for (int d = 0; d < DIR_NB; d++) {
                int q = g->ray[p][d], mq = g->ray[m][(DIR_NB - d) % DIR_NB];
                ck_assert_int_eq(q == NO_POINT ? NO_POINT : tb_mirror_point((Variant)v, q), mq);
            }
        }
        ck_assert_int_eq(fixed, v == VARIANT_DABLOT ? 6 : 9);
        for (int c = 0; c < 2; c++)
            ck_assert(tb_mirror_bb((Variant)v, g->far_base[c]) == g->far_base[c]);
        ck_assert(tb_mirror_bb((Variant)v, g->vertices) == g->vertices);
    }
}
END_TEST

/* Every rule is mirror-symmetric: the mirrored position has exactly the
 * mirrored legal moves, under every rule set (positions drawn at random
 * from several signatures). */
START_TEST(mirror_moves)
{
    static MoveList a, b;
    long moves = 0;
    for (size_t c = 0; c < NRULE_CASES; c++) {
        TbSig s;
        Rules r;
        rule_case(c, &s, &r);
        uint64_t n = tb_index_size(&s), rng = 0x9e3779b97f4a7c15ull + c;
        for (int k = 0; k < (test_quick() ? 200 : 2000); k++) {
            rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
            Position p, m;
            tb_index_position(&s, rng % n, &r, &p);
            tb_mirror_position(&p, &m);
            movegen_legal(&p, &a);
            movegen_legal(&m, &b);
            quick_assert_int_eq(a.n, b.n);
            for (int i = 0; i < a.n; i++) {
                Move want = tb_mirror_move(rule_cases[c].v, &a.moves[i]);
                int found = 0;
                for (int j = 0; j < b.n && !found; j++)
                    found = move_equal(&b.moves[j], &want);
                quick_assert(found);
            }
            moves += a.n;
        }
    }
    ck_assert_int_gt(moves, 10000);
}
END_TEST

/* The folded index: each stored index names a stored position and back;
 * a position and its mirror have one index unless both are stored; the
 * weights add up to every placement. */
START_TEST(mirror_index)
{
    const char *names[][2] = { { "KMvk", "d" },  { "MMvm", "d" }, { "Kvkm", "t" },
                               { "MMvmm", "t" }, { "KKvk", "t" }, { "MMMvm", "t" } };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        TbSig s;
        char err[100];
        Variant v = names[k][1][0] == 'd' ? VARIANT_DABLOT : VARIANT_TABAL;
        ck_assert_msg(tb_sig_parse(&s, v, names[k][0], err, sizeof err) == 0, "%s", err);
        Rules r = rules_default(v);
        uint64_t n = tb_index_size(&s), weights = 0, both = 0;
        ck_assert_uint_lt(n, tb_index_placements(&s) * 2 / 3);
        if (test_quick() && n > 100000) continue; /* the sanitizer run: small ones */
        for (uint64_t i = 0; i < n; i++) {
            Position p, m;
            tb_index_position(&s, i, &r, &p);
            quick_assert(tb_index_stored(&s, &p));
            quick_assert(tb_index_of(&s, &p) == i);
            tb_mirror_position(&p, &m);
            uint64_t mi = tb_index_of(&s, &m);
            int w = tb_index_weight(&s, i);
            weights += (uint64_t)w;
            /* Weight 2: the mirror is not stored and reads this entry. */
            quick_assert(w == 2 ? !tb_index_stored(&s, &m) && mi == i : tb_index_stored(&s, &m));
            both += w == 1 && mi != i;
        }
        ck_assert_uint_eq(weights, tb_index_placements(&s));
        ck_assert_uint_gt(both, 0);
    }
}
END_TEST

Suite *tb_suite(void)
{
    Suite *s = suite_create("tb");
    TCase *tc = tcase_create("tables");
    /* The rules and mirror checks draw thousands of positions: seconds of
     * CPU, more on a loaded machine. */
    tcase_set_timeout(tc, 120);
    /* tb_index_position() builds positions field by field (tb_index.h). */
    tcase_add_unchecked_fixture(tc, position_init_tables, NULL);
    tcase_add_test(tc, signature_names);
    tcase_add_test(tc, signature_order_and_counts);
    tcase_add_test(tc, index_round_trip);
    tcase_add_test(tc, entries_and_their_order);
    tcase_add_test(tc, entries_under_the_counter);
    tcase_add_test(tc, counted_exact_where);
    tcase_add_test(tc, file_round_trip_and_refusals);
    tcase_add_test(tc, every_refusal_named);
    tcase_add_test(tc, table_shrunk_while_open_is_dropped);
    tcase_add_test(tc, impossible_entries_are_damage);
    tcase_add_test(tc, folder_named_like_a_table);
    tcase_add_test(tc, empty_folder_opens_empty);
    tcase_add_test(tc, step_query_matches_movegen);
    tcase_add_test(tc, mirror_geometry);
    tcase_add_test(tc, mirror_moves);
    tcase_add_test(tc, mirror_index);
    suite_add_tcase(s, tc);
    return s;
}
