/*
 * test_position.c - FEN parsing/printing (RULES.md section 5), make/unmake
 * and the incremental Zobrist key.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "board_helpers.h"
#include "helpers.h"
#include "rules/movegen.h"
#include "rules/position.h"

static const char *const good_fens[] = {
    "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1",
    "6/5/6/5/6/5/k5/5/6/5/5K/5/6 b 17 40",
    "m5/1m3/2M3/5/6/5/6/5/6/5/6/5/5P w 3 2",
};
static const char *const good_tabal[] = {
    "mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1", "K2/3/5/2m2/5/5/1M3/3/2k b 5 30",
    "KKK/KKK/KKKKK/KKKKK/5/5/5/3/mmm w 0 1",           /* 16 kings: the most */
    "mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMK w 0 1", /* 15 men and a king */
};

START_TEST(fen_round_trip)
{
    Rules d = rules_default(VARIANT_DABLOT), t = rules_default(VARIANT_TABAL);
    Position pos;
    char err[200], out[200];
    for (size_t i = 0; i < sizeof good_fens / sizeof *good_fens; i++) {
        ck_assert_msg(position_set_fen(&pos, &d, good_fens[i], err, sizeof err) == 0, "%s", err);
        position_fen(&pos, out, sizeof out);
        ck_assert_str_eq(out, good_fens[i]);
    }
    for (size_t i = 0; i < sizeof good_tabal / sizeof *good_tabal; i++) {
        ck_assert_msg(position_set_fen(&pos, &t, good_tabal[i], err, sizeof err) == 0, "%s", err);
        position_fen(&pos, out, sizeof out);
        ck_assert_str_eq(out, good_tabal[i]);
    }
    /* counters may be omitted; blanks repeated */
    ck_assert_int_eq(position_set_fen(&pos, &t, "  mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM \t b", err, sizeof err), 0);
    position_fen(&pos, out, sizeof out);
    ck_assert_str_eq(out, "mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM b 0 1");
}
END_TEST

struct bad { Variant v; const char *fen; const char *needle; };

static const struct bad bad_fens[] = {
    { VARIANT_DABLOT,
      "mmmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1",
      "rank 13" },
    { VARIANT_DABLOT,
      "mmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1",
      "rank 13 has 5" },
    { VARIANT_DABLOT, "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM w 0 1",
      "field 1" },
    { VARIANT_DABLOT,
      "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM/6 w 0 1",
      "more than 13 ranks" },
    { VARIANT_DABLOT,
      "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4Q/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1",
      "unknown piece letter 'Q'" },
    { VARIANT_DABLOT,
      "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4K/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1",
      "more than one White king" },
    { VARIANT_DABLOT,
      "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmp/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1",
      "more than one Black prince" },
    /* a side never gains pieces (RULES.md sections 1-2) */
    { VARIANT_DABLOT,
      "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/MMMMM/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1",
      "33 White men, at most 28" },
    { VARIANT_DABLOT,
      "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/mmmmm/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM b 0 1",
      "33 Black men, at most 28" },
    { VARIANT_DABLOT,
      "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/m4/5K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1",
      "29 Black men" },
    { VARIANT_TABAL, "mmm/mmm/mmmmm/mmmmm/M4/MMMMM/MMMMM/MMM/MMM w 0 1",
      "17 White pieces (17 men, 0 kings), at most 16" },
    { VARIANT_TABAL, "kkk/mmm/mmmmm/mmmmm/m4/MMMMM/MMMMM/MMM/MMM b 0 1",
      "17 Black pieces (14 men, 3 kings)" },
    { VARIANT_TABAL, "KKK/KKK/KKKKK/KKKKK/K4/5/5/3/3 w 0 1", "17 White pieces (0 men, 17 kings)" },
    { VARIANT_DABLOT,
      "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM x 0 1",
      "field 2" },
    { VARIANT_DABLOT,
      "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w -1 1",
      "field 3" },
    { VARIANT_DABLOT,
      "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 0",
      "field 4" },
    { VARIANT_DABLOT,
      "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1 extra",
      "after field 4" },
    { VARIANT_DABLOT,
      "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1x",
      "field 4" },
    { VARIANT_DABLOT, "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM",
      "field 2" },
    { VARIANT_DABLOT, "", "rank 13" },
    { VARIANT_DABLOT,
      "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p04/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1",
      "empty-point count" },
    { VARIANT_TABAL, "mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMP/MMM w 0 1",
      "unknown piece letter 'P'" },
    { VARIANT_TABAL, "mmm/mmm/mmmmm/mmmmm/4/MMMMM/MMMMM/MMM/MMM w 0 1", "rank 5 has 4" },
    { VARIANT_TABAL, "mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM/ w 0 1", "more than 9 ranks" },
    { VARIANT_TABAL, "mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 1234567890 1", "field 3" },
};

START_TEST(fen_errors)
{
    Position pos, before;
    char err[200];
    for (size_t i = 0; i < sizeof bad_fens / sizeof *bad_fens; i++) {
        Rules r = rules_default(bad_fens[i].v);
        position_start(&pos, &r);
        before = pos;
        err[0] = '\0';
        ck_assert_msg(position_set_fen(&pos, &r, bad_fens[i].fen, err, sizeof err) == -1, "accepted %s", bad_fens[i].fen);
        ck_assert_msg(strstr(err, bad_fens[i].needle) != NULL, "error '%s' for '%s' lacks '%s'", err,
                      bad_fens[i].fen, bad_fens[i].needle);
        ck_assert_msg(strchr(err, '\n') == NULL, "multi-line error");
        ck_assert(memcmp(&pos, &before, sizeof pos) == 0);   /* nothing half-applied */
    }
}
END_TEST

/* Asserts the hint fen gets under r, asked with "-variant ". */
static void check_hint(const Rules *r, const char *fen, const char *want)
{
    char hint[POSITION_HINT_LEN];
    position_fen_hint(r, fen, "-variant ", hint, sizeof hint);
    ck_assert_msg(strcmp(hint, want) == 0, "hint for '%s': '%s', expected '%s'", fen, hint, want);
}

/* A FEN of the other game names that game and the caller's way to choose
 * it, and so does one whose points (field 1) are a board of the other game
 * though a later field is bad; a FEN of neither game, one that is fine, or
 * one whose board is the current game's gets no hint. */
START_TEST(fen_hint)
{
    Rules d = rules_default(VARIANT_DABLOT), t = rules_default(VARIANT_TABAL);
    char hint[POSITION_HINT_LEN];
    ck_assert_str_eq(position_fen_hint(&d, good_tabal[0], "-variant ", hint, sizeof hint),
                     " (is this a Tabal FEN? -variant tabal)");
    ck_assert_str_eq(position_fen_hint(&t, good_fens[0], "set variant to ", hint, sizeof hint),
                     " (is this a Dablot FEN? set variant to dablot)");
    ck_assert_str_eq(position_fen_hint(&d, "xyz w 0 1", "-variant ", hint, sizeof hint), "");
    ck_assert_str_eq(position_fen_hint(&t, good_tabal[1], "-variant ", hint, sizeof hint), "");
    /* The other game's board, then no side to move, a bad side, a bad
     * counter, or a move number 0 and more: still that game's FEN. */
    static const char *const tabal_board[] = {
        "mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM",
        "mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM x 0 1",
        "mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w -3 1",
        "  mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM b 0 0 extra",
    };
    for (size_t i = 0; i < sizeof tabal_board / sizeof *tabal_board; i++)
        check_hint(&d, tabal_board[i], " (is this a Tabal FEN? -variant tabal)");
    static const char *const dablot_board[] = {
        "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM",
        "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 x",
    };
    for (size_t i = 0; i < sizeof dablot_board / sizeof *dablot_board; i++)
        check_hint(&t, dablot_board[i], " (is this a Dablot FEN? -variant dablot)");
    /* A board of the current game with a bad later field: its own error
     * says all, no hint; nor for a board of neither game (a short rank, or
     * 17 White pieces, too many for Tabal). */
    check_hint(&d, dablot_board[1], "");
    check_hint(&t, tabal_board[1], "");
    check_hint(&d, "mmm/mmm/mmmmm/mmmmm/4/MMMMM/MMMMM/MMM/MMM", "");
    check_hint(&d, "mmm/mmm/mmmmm/mmmmm/M4/MMMMM/MMMMM/MMM/MMM", "");
}
END_TEST

static void assert_same(const Position *a, const Position *b)
{
    quick_assert(memcmp(a->board, b->board, sizeof a->board) == 0);
    for (int c = 0; c < 2; c++) quick_assert(a->by_color[c] == b->by_color[c]);
    for (int t = 0; t < PIECE_TYPE_NB; t++) quick_assert(a->by_type[t] == b->by_type[t]);
    quick_assert_int_eq(a->stm, b->stm);
    quick_assert_int_eq(a->draw_plies, b->draw_plies);
    quick_assert_int_eq(a->move_number, b->move_number);
    quick_assert(a->key == b->key);
}

static uint64_t rng_state = 88172645463325252ULL;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Random games under every rule set: after each make the incremental key
 * equals the recomputed one, the bitboards agree with the board array, and
 * unmake restores the position exactly. */
static void random_games(Variant v, const char *options)
{
    Rules r = test_rules(v, options);
    int games = test_quick() ? 20 : 200;
    for (int g = 0; g < games; g++) {
        Position pos, stack[400];
        Move moves[400];
        Undo undo[400];
        position_start(&pos, &r);
        int n = 0;
        static MoveList list;
        while (n < 400 && movegen_legal(&pos, &list) > 0) {
            stack[n] = pos;
            moves[n] = list.moves[rng() % (uint64_t)list.n];
            position_make(&pos, &moves[n], &undo[n]);
            quick_assert(pos.key == position_compute_key(&pos));
            for (int p = 0; p < pos.geo->npoints; p++) {
                int code = pos.board[p];
                quick_assert_int_eq(bb_test(pos.by_color[WHITE] | pos.by_color[BLACK], p), code != 0);
                if (code) {
                    quick_assert(bb_test(pos.by_color[piece_color(code)], p));
                    quick_assert(bb_test(pos.by_type[piece_type(code)], p));
                }
            }
            n++;
        }
        while (n > 0) {
            n--;
            position_unmake(&pos, &moves[n], &undo[n]);
            assert_same(&pos, &stack[n]);
        }
    }
}

START_TEST(make_unmake_dablot)
{
    random_games(VARIANT_DABLOT, "");
    random_games(VARIANT_DABLOT, "Rules=modern");
    random_games(VARIANT_DABLOT, "Rules=anti-draw");
    random_games(VARIANT_DABLOT, "Captures=compulsory KingAndPrinceCaptureEnds=true");
}
END_TEST

START_TEST(make_unmake_tabal)
{
    random_games(VARIANT_TABAL, "");
    random_games(VARIANT_TABAL, "MaxCapture=true");
}
END_TEST

START_TEST(counters)
{
    Rules t = rules_default(VARIANT_TABAL), d = rules_default(VARIANT_DABLOT);
    Position pos;
    Undo u;
    /* Tabal: a king's step counts, a man's step resets */
    test_place(&pos, &t, "Ka3 Mb4 me9", 'w');
    pos.draw_plies = 7;
    Move king = { 0, (uint8_t)geometry_point(pos.geo, "a3"), (uint8_t)geometry_point(pos.geo, "a4") };
    position_make(&pos, &king, &u);
    ck_assert_int_eq(pos.draw_plies, 8);
    ck_assert_int_eq(pos.move_number, 1);
    /* Dablot: every step counts; Black's move ends a move number */
    test_place(&pos, &d, "Ma1 mk13", 'b');
    Move step = { 0, (uint8_t)geometry_point(pos.geo, "k13"), (uint8_t)geometry_point(pos.geo, "k11") };
    position_make(&pos, &step, &u);
    ck_assert_int_eq(pos.draw_plies, 1);
    ck_assert_int_eq(pos.move_number, 2);
    ck_assert_int_eq(pos.stm, WHITE);
}
END_TEST

Suite *position_suite(void)
{
    Suite *s = suite_create("position");
    TCase *tc = tcase_create("fen");
    tcase_add_test(tc, fen_round_trip);
    tcase_add_test(tc, fen_errors);
    tcase_add_test(tc, fen_hint);
    tcase_add_test(tc, counters);
    suite_add_tcase(s, tc);
    TCase *mk = tcase_create("make_unmake");
    tcase_set_timeout(mk, 120);
    tcase_add_test(mk, make_unmake_dablot);
    tcase_add_test(mk, make_unmake_tabal);
    suite_add_tcase(s, mk);
    return s;
}
