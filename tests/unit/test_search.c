/*
 * test_search.c - the search, the transposition table, the evaluation and
 * bench: determinism, mate-score bookkeeping, tactics (tests/tactics.txt),
 * draws and game ends scored as RULES.md says, time limits kept.
 */
#define _GNU_SOURCE
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "search/eval.h"
#include "board_helpers.h"
#include "helpers.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/rules.h"
#include "search/search.h"
#include "search/params.h"
#include "search/search_internal.h"
#include "search/skill.h"
#include "search/timeman.h"
#include "search/tt.h"

/* ------------------------------------------------------------- helpers */

static Rules rules_with(const char *variant, const char *options)
{
    Rules r = rules_default((Variant)geometry_variant_from_name(variant));
    if (options && strcmp(options, "-") != 0) {
        char buf[256], err[200];
        snprintf(buf, sizeof buf, "%s", options);
        for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
            char *eq = strchr(tok, '=');
            ck_assert_msg(eq != NULL, "bad option '%s'", tok);
            *eq = '\0';
            ck_assert_msg(rules_set(&r, tok, eq + 1, err, sizeof err) == 0, "option %s: %s", tok, err);
        }
    }
    return r;
}

static void game_from(Game *g, const Rules *r, const char *fen)
{
    Position p;
    char err[200];
    ck_assert_msg(position_set_fen(&p, r, fen, err, sizeof err) == 0, "%s: %s", fen, err);
    ck_assert_int_eq(game_init(g, &p), 0);
}

static void play(Game *g, const char *move)
{
    Move m;
    char err[200];
    ck_assert_msg(notation_parse_move(&g->pos, move, &m, err, sizeof err) == 0, "%s: %s", move, err);
    ck_assert_int_eq(game_play(g, &m), 0);
}

static SearchLimits depth_limits(int depth)
{
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time[WHITE] = l.time[BLACK] = -1;
    l.depth = depth;
    return l;
}

static const SearchOptions one_thread = { .threads = 1, .multipv = 1, .move_overhead = 0 };

static Search *quiet_search(void)
{
    Search *s = search_new(16);
    ck_assert_ptr_nonnull(s);
    search_set_quiet(s, true);
    return s;
}

static int is_legal(const Position *pos, const Move *m)
{
    MoveList *l = malloc(sizeof *l);
    movegen_legal(pos, l);
    int ok = 0;
    for (int i = 0; i < l->n; i++)
        ok |= move_equal(&l->moves[i], m);
    free(l);
    return ok;
}

/* ------------------------------------------------------------------ TT */

START_TEST(tt_mate_scores_are_node_relative)
{
    /* A win 7 plies from the root found at ply 3 is a win in 4 from that
     * node; probed again at ply 5 it must read as a win in 9 from the root. */
    int root_score = MATE - 7;
    int stored = tt_score_to(root_score, 3, MATE_BOUND);
    ck_assert_int_eq(stored, MATE - 4);
    ck_assert_int_eq(tt_score_from(stored, 3, MATE_BOUND), root_score);
    ck_assert_int_eq(tt_score_from(stored, 5, MATE_BOUND), MATE - 9);
    /* Losses mirror it; ordinary scores pass unchanged. */
    ck_assert_int_eq(tt_score_to(-(MATE - 7), 3, MATE_BOUND), -(MATE - 4));
    ck_assert_int_eq(tt_score_from(-(MATE - 4), 5, MATE_BOUND), -(MATE - 9));
    ck_assert_int_eq(tt_score_to(250, 9, MATE_BOUND), 250);
    ck_assert_int_eq(tt_score_from(-250, 9, MATE_BOUND), -250);

    /* The same through the table itself. */
    TT tt;
    ck_assert_int_eq(tt_init(&tt, 1), 0);
    uint64_t key = 0x123456789abcdefULL;
    tt_store(&tt, key, 0, stored, 6, BOUND_EXACT);
    TTHit hit;
    ck_assert(tt_probe(&tt, key, &hit));
    ck_assert_int_eq(tt_score_from(hit.score, 5, MATE_BOUND), MATE - 9);
    ck_assert_int_eq(hit.depth, 6);
    ck_assert_int_eq(hit.bound, BOUND_EXACT);
    tt_free(&tt);
}
END_TEST

START_TEST(tt_store_probe_and_moves)
{
    TT tt;
    ck_assert_int_eq(tt_init(&tt, 1), 0);
    Move a = { (Bitboard)1 << 40 | (Bitboard)1 << 70, 12, 12 };   /* a circuit capture */
    Move b = { (Bitboard)1 << 40, 12, 12 };
    Move step = { 0, 3, 9 };
    uint32_t pa = tt_pack_move(&a);
    ck_assert(tt_move_matches(pa, &a));
    ck_assert(!tt_move_matches(pa, &b));
    ck_assert(!tt_move_matches(pa, &step));
    ck_assert(!tt_move_matches(0, &step));

    uint64_t k1 = 0xdeadbeefcafef00dULL, k2 = k1 ^ 1;
    tt_store(&tt, k1, pa, -123, 4, BOUND_LOWER);
    TTHit hit;
    ck_assert(tt_probe(&tt, k1, &hit));
    ck_assert_uint_eq(hit.move, pa);
    ck_assert_int_eq(hit.score, -123);
    ck_assert_int_eq(hit.bound, BOUND_LOWER);
    ck_assert(!tt_probe(&tt, k2, &hit));
    /* A quiescence result is below every full-width depth. */
    tt_store(&tt, k2, 0, 7, TT_DEPTH_QS, BOUND_UPPER);
    ck_assert(tt_probe(&tt, k2, &hit));
    ck_assert_int_eq(hit.depth, TT_DEPTH_QS);
    /* A new result without a move keeps the old move. */
    tt_store(&tt, k1, 0, 50, 5, BOUND_EXACT);
    ck_assert(tt_probe(&tt, k1, &hit));
    ck_assert_uint_eq(hit.move, pa);
    ck_assert_int_eq(hit.score, 50);
    ck_assert_int_gt(tt_hashfull(&tt), -1);
    tt_clear(&tt);
    ck_assert(!tt_probe(&tt, k1, &hit));
    tt_free(&tt);
}
END_TEST

/* Resident memory of this process in KiB (VmRSS), -1 without /proc. */
static long resident_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    long kib = -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld kB", &kib) == 1) break;
    fclose(f);
    return kib;
}

/* A new table costs no resident memory until the search writes to it (the
 * engine's start-up and its memory beyond Hash, bench/REPORT.md); a resize,
 * even to the same size, and a clear leave it empty. */
START_TEST(tt_is_empty_and_not_resident_until_written)
{
    TT tt;
    long before = resident_kib();
    ck_assert_int_eq(tt_init(&tt, 64), 0);
    tt_clear(&tt); /* nothing stored yet: writes nothing */
    long after = resident_kib();
    if (before >= 0 && after >= 0)
        ck_assert_msg(after - before < 8 * 1024, "a fresh 64 MiB table made %ld KiB resident",
                      after - before);
    uint64_t key = 0x0123456789abcdefULL;
    TTHit hit;
    ck_assert(!tt_probe(&tt, key, &hit));
    tt_store(&tt, key, 0, 5, 3, BOUND_EXACT);
    ck_assert(tt_probe(&tt, key, &hit));
    ck_assert_int_eq(tt_resize(&tt, 64), 0); /* the same size: cleared */
    ck_assert(!tt_probe(&tt, key, &hit));
    tt_store(&tt, key, 0, 5, 3, BOUND_EXACT);
    ck_assert_int_eq(tt_resize(&tt, 2), 0);
    ck_assert_uint_eq(tt.mib, 2);
    ck_assert(!tt_probe(&tt, key, &hit));
    tt_store(&tt, key, 0, 5, 3, BOUND_EXACT);
    tt_clear(&tt);
    ck_assert(!tt_probe(&tt, key, &hit));
    ck_assert_int_eq(tt_resize(&tt, 0), -1); /* out of range: kept */
    ck_assert_uint_eq(tt.mib, 2);
    tt_free(&tt);
}
END_TEST

/* --------------------------------------------------------------- bench */

/* The reduction table built from its 63 logarithms equals the formula of
 * params.h computed entry by entry. */
START_TEST(lmr_table_matches_the_formula)
{
    for (int dab = 0; dab < 2; dab++)
        for (int d = 1; d < 64; d++)
            for (int m = 1; m < 64; m++) {
                double div = dab ? LMR_DIVISOR_DABLOT : LMR_DIVISOR;
                int8_t want = (int8_t)(LMR_BASE + log((double)d) * log((double)m) / div);
                ck_assert_msg(ab_lmr_table_entry(dab, d, m) == want,
                              "table %d depth %d moves %d: %d, formula %d", dab, d, m,
                              ab_lmr_table_entry(dab, d, m), want);
            }
}
END_TEST

START_TEST(bench_is_deterministic)
{
    uint64_t a = search_bench(3);
    uint64_t b = search_bench(3);
    ck_assert_uint_gt(a, 1000);
    ck_assert_uint_eq(a, b);
}
END_TEST

/* ------------------------------------------------------------- tactics */

/* Data files are opened from the repository root, where
 * tests/suites/10-unit.sh runs the tests. */
#define TACTICS_FILE "tests/tactics.txt"
#define TABAL_OPENINGS "bench/openings/tabal-balanced.fen"

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    char *e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r')) e--;
    *e = '\0';
    return s;
}

/* Every position of tests/tactics.txt searched with the given options. */
static void solve_tactics(const SearchOptions *opt)
{
    FILE *f = fopen(TACTICS_FILE, "r");
    ck_assert_msg(f != NULL, "%s: %s (the unit tests run from the repository root)", TACTICS_FILE,
                  strerror(errno));
    Search *s = quiet_search();
    char line[1024];
    int n = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *p = trim(line);
        if (!*p || *p == '#') continue;
        char *field[6];
        int nf = 0;
        for (char *tok = strtok(p, "|"); tok && nf < 6; tok = strtok(NULL, "|"))
            field[nf++] = trim(tok);
        ck_assert_msg(nf >= 5, "tactics.txt:%d: expected 5 fields", lineno);
        Rules r = rules_with(field[0], field[1]);
        Game g;
        game_from(&g, &r, field[4]);
        SearchLimits l = depth_limits(atoi(field[2]));
        Move best, ponder;
        search_clear(s);
        ck_assert_int_eq(search_run(s, &g, &l, opt, &best, &ponder), 0);
        int found = 0;
        char want[256];
        snprintf(want, sizeof want, "%s", field[3]);
        for (char *w = strtok(want, " "); w; w = strtok(NULL, " ")) {
            Move m;
            char err[200];
            ck_assert_msg(notation_parse_move(&g.pos, w, &m, err, sizeof err) == 0, "tactics.txt:%d: %s: %s", lineno, w, err);
            found |= move_equal(&m, &best);
        }
        char got[MOVE_STR_MAX];
        notation_move_string(&g.pos, &best, got, sizeof got);
        ck_assert_msg(found, "tactics.txt:%d: %d threads played %s, expected %s", lineno,
                      opt->threads, got, field[3]);
        game_free(&g);
        n++;
    }
    fclose(f);
    search_free(s);
    ck_assert_int_ge(n, 6);
}

/* With the engine's defaults (TradeBonus) and without it. */
START_TEST(tactics_file_is_solved)
{
    solve_tactics(&one_thread);
    solve_tactics(
        &(SearchOptions){ .threads = 1, .multipv = 1, .trade_bonus = TRADE_BONUS_DEFAULT });
}
END_TEST

/* The same with the parallel search: its split points must not lose the
 * winning move (a cutoff or a result taken from the wrong thread would). */
START_TEST(tactics_file_is_solved_by_threads)
{
    for (int threads = 2; threads <= 3; threads++)
        solve_tactics(&(
            SearchOptions){ .threads = threads, .multipv = 1, .trade_bonus = TRADE_BONUS_DEFAULT });
}
END_TEST

START_TEST(blockade_is_scored_as_a_win)
{
    /* After d12-c13 Black has no legal move: the search must call it a
     * win in one move, not a material edge. */
    Rules r = rules_default(VARIANT_DABLOT);
    Game g;
    game_from(&g, &r, "m1M3/MM3/MM4/5/M5/5/6/5/6/5/6/5/6 w 0 1");
    Search *s = quiet_search();
    SearchLimits l = depth_limits(3);
    Move best, ponder;
    ck_assert_int_eq(search_run(s, &g, &l, &one_thread, &best, &ponder), 0);
    SearchInfo info;
    search_last_info(s, &info);
    ck_assert_int_eq(info.mate, 1);
    ck_assert_int_eq(info.score, MATE - 1);
    search_free(s);
    game_free(&g);
}
END_TEST

/* --------------------------------------------------------------- draws */

/* Dablot start with three Black men missing: White stands clearly better,
 * so a draw score of exactly 0 cannot come from the evaluation. */
static const char *const uneven = "3mmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1";

static int score_of_move(Search *s, const Game *g, const char *move, int depth)
{
    SearchLimits l = depth_limits(depth);
    char err[200];
    ck_assert_int_eq(notation_parse_move(&g->pos, move, &l.searchmoves[0], err, sizeof err), 0);
    l.nsearchmoves = 1;
    Move best, ponder;
    search_clear(s);
    ck_assert_int_eq(search_run(s, g, &l, &one_thread, &best, &ponder), 0);
    ck_assert(move_equal(&best, &l.searchmoves[0]));
    SearchInfo info;
    search_last_info(s, &info);
    return info.score;
}

START_TEST(third_repetition_is_a_draw)
{
    Rules r = rules_default(VARIANT_DABLOT);
    Search *s = quiet_search();
    Game fresh;
    game_from(&fresh, &r, uneven);
    int free_score = score_of_move(s, &fresh, "k7-i7", 1);
    ck_assert_int_gt(free_score, 100);

    /* The kings walk k7-i7 a7-c7 i7-k7 c7-a7 twice: the position after
     * k7-i7 has occurred twice, so playing it again is the third time. */
    Game g;
    game_from(&g, &r, uneven);
    for (int i = 0; i < 2; i++) {
        play(&g, "k7-i7");
        play(&g, "a7-c7");
        play(&g, "i7-k7");
        play(&g, "c7-a7");
    }
    ck_assert_int_eq(score_of_move(s, &g, "k7-i7", 1), 0);
    ck_assert_int_eq(score_of_move(s, &g, "k7-i7", 4), 0);
    /* Another move is not a repetition. */
    ck_assert_int_ne(score_of_move(s, &g, "j6-i7", 1), 0);
    game_free(&g);
    game_free(&fresh);
    search_free(s);
}
END_TEST

START_TEST(draw_plies_limit_is_a_draw)
{
    /* 99 plies without a capture and no capture possible: any move reaches
     * DrawPlies 100 (RULES.md section 3). */
    Rules r = rules_default(VARIANT_DABLOT);
    Search *s = quiet_search();
    Game g;
    char fen[200];
    snprintf(fen, sizeof fen, "%.*s 99 60", (int)(strlen(uneven) - 4), uneven);
    game_from(&g, &r, fen);
    SearchLimits l = depth_limits(4);
    Move best, ponder;
    ck_assert_int_eq(search_run(s, &g, &l, &one_thread, &best, &ponder), 0);
    SearchInfo info;
    search_last_info(s, &info);
    ck_assert_int_eq(info.score, 0);
    /* With DrawPlies off the same position is scored on its merits. */
    ck_assert_int_eq(rules_set(&r, "DrawPlies", "0", fen, sizeof fen), 0);
    game_free(&g);
    snprintf(fen, sizeof fen, "%.*s 99 60", (int)(strlen(uneven) - 4), uneven);
    game_from(&g, &r, fen);
    search_clear(s);
    ck_assert_int_eq(search_run(s, &g, &l, &one_thread, &best, &ponder), 0);
    search_last_info(s, &info);
    /* Three men ahead, less the mop-up term (eval.h): clearly positive. */
    ck_assert_int_gt(info.score, 50);
    game_free(&g);
    search_free(s);
}
END_TEST

/* The search's score and move for g at depth with TradeBonus trade. */
static int score_with_trade(Search *s, const Game *g, int depth, int trade, char *move, size_t len)
{
    SearchLimits l = depth_limits(depth);
    SearchOptions o = one_thread;
    o.trade_bonus = trade;
    Move best, ponder;
    search_clear(s);
    ck_assert_int_eq(search_run(s, g, &l, &o, &best, &ponder), 0);
    notation_move_string(&g->pos, &best, move, len);
    SearchInfo info;
    search_last_info(s, &info);
    return info.score;
}

START_TEST(trade_bonus_shares)
{
    Search *s = quiet_search();
    char m0[32], m1[32];
    Game g;

    /* Dablot, optional captures, 57 pieces gone and no capture in reach:
     * every leaf gains the same 600 x 57 / 60, and the reported score has
     * the root's share (the same) taken off: the score without it. */
    Rules r = rules_default(VARIANT_DABLOT);
    game_from(&g, &r, "k5/5/6/5/6/5/m5/5/5K/5/6/5/6 w 0 1");
    int plain = score_with_trade(s, &g, 1, 0, m0, sizeof m0);
    ck_assert_int_eq(score_with_trade(s, &g, 1, 600, m1, sizeof m1), plain);
    ck_assert_str_eq(m0, m1);
    game_free(&g);

    /* A draw gains the share too, so a side a man down still takes the
     * last man into two lone kings (RULES.md section 1); reported, the
     * draw is worth the one piece gone: 1000 x 58 / 60 - 1000 x 57 / 60. */
    game_from(&g, &r, "k5/5/6/5/6/5/2m3/5/2K3/5/6/5/6 w 0 1");
    ck_assert_int_eq(score_with_trade(s, &g, 6, 1000, m1, sizeof m1), 966 - 950);
    ck_assert_str_eq(m1, "e5xe9");
    game_free(&g);

    /* On a full board (the first balanced opening) a large bonus makes
     * the search open it with a capture that it declines without. */
    game_from(
        &g, &r,
        "mmmmmm/mmmmm/mmmmmm/mmmmm/mm1mmm/5/p1m2K/kM2P/MMMMMM/1MMMM/MMMMMM/MMMMM/MMMMMM w 8 5");
    score_with_trade(s, &g, 6, 0, m0, sizeof m0);
    score_with_trade(s, &g, 6, 1000, m1, sizeof m1);
    ck_assert_ptr_null(strchr(m0, 'x'));
    ck_assert_ptr_nonnull(strchr(m1, 'x'));
    game_free(&g);

    /* Tabal and Dablot's compulsory presets are searched as without it. */
    const char *variants[][2] = { { "tabal", "-" }, { "dablot", "Rules=anti-draw" } };
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        Rules rv = rules_with(variants[i][0], variants[i][1]);
        Position p;
        position_start(&p, &rv);
        ck_assert_int_eq(game_init(&g, &p), 0);
        int a = score_with_trade(s, &g, 5, 0, m0, sizeof m0);
        ck_assert_int_eq(score_with_trade(s, &g, 5, 1000, m1, sizeof m1), a);
        ck_assert_str_eq(m0, m1);
        game_free(&g);
    }
    search_free(s);
}
END_TEST

START_TEST(finished_games_have_no_bestmove)
{
    Search *s = quiet_search();
    SearchLimits l = depth_limits(3);
    Move best, ponder;
    SearchInfo info;
    /* No legal move: lost. */
    Rules r = rules_default(VARIANT_DABLOT);
    Game g;
    game_from(&g, &r, "mMM3/M4/MM4/5/M5/5/6/5/6/5/6/5/6 b 0 1");
    ck_assert_int_eq(search_run(s, &g, &l, &one_thread, &best, &ponder), -1);
    search_last_info(s, &info);
    ck_assert_int_lt(info.score, -MATE_BOUND);
    game_free(&g);
    /* Only the two kings: drawn. */
    game_from(&g, &r, "6/5/6/5/6/5/k4K/5/6/5/6/5/6 w 0 1");
    ck_assert_int_eq(search_run(s, &g, &l, &one_thread, &best, &ponder), -1);
    search_last_info(s, &info);
    ck_assert_int_eq(info.score, 0);
    game_free(&g);
    search_free(s);
}
END_TEST

/* ---------------------------------------------------------------- time */

static int64_t timed_search(const char *variant, SearchLimits *l, int threads, Move *best)
{
    Rules r = rules_default((Variant)geometry_variant_from_name(variant));
    Position p;
    position_start(&p, &r);
    Game g;
    ck_assert_int_eq(game_init(&g, &p), 0);
    Search *s = quiet_search();
    SearchOptions o = { .threads = threads, .multipv = 1, .move_overhead = 10 };
    Move ponder;
    int64_t t0 = timeman_now_ms();
    ck_assert_int_eq(search_run(s, &g, l, &o, best, &ponder), 0);
    int64_t ms = timeman_now_ms() - t0;
    ck_assert(is_legal(&g.pos, best));
    search_free(s);
    game_free(&g);
    return ms;
}

/* The soft and hard limits of the time manager (timeman.h, constants in
 * params.h), in ms, for a fixed move time and for clocks with and without
 * increment and movestogo. */
static void limits_for(int64_t movetime, int64_t time, int64_t inc, int movestogo, int overhead,
                       int64_t soft, int64_t hard)
{
    SearchLimits l = depth_limits(0);
    l.movetime = movetime;
    l.time[WHITE] = time;
    l.inc[WHITE] = inc;
    l.movestogo = movestogo;
    l.start_us = 1000;
    TimeManager tm;
    timeman_init(&tm, &l, WHITE, overhead);
    ck_assert(tm.timed);
    ck_assert_msg(tm.soft == soft && tm.hard == hard, "movetime %lld time %lld inc %lld mtg %d: "
                  "soft %lld hard %lld, expected %lld %lld", (long long)movetime, (long long)time,
                  (long long)inc, movestogo, (long long)tm.soft, (long long)tm.hard,
                  (long long)soft, (long long)hard);
}

START_TEST(time_limits_from_the_clock)
{
    limits_for(1000, -1, 0, 0, 20, 980, 980);         /* movetime less the overhead */
    limits_for(0, 60000, 0, 0, 20, 1999, 7996);       /* 59980 / 30 moves; hard 4 x soft */
    limits_for(0, 60000, 1000, 0, 0, 2750, 11000);    /* + 3/4 of the increment */
    limits_for(0, 3000, 10, 0, 0, 107, 428);          /*   rounded down */
    limits_for(0, 10000, 0, 80, 0, 200, 800);         /* movestogo read as at most 50 */
    limits_for(0, 1000, 100, 1, 20, 393, 784);        /* last move: hard at 8/10 of 980 */
    limits_for(0, 1000, 0, 2, 20, 295, 588);          /* soft at most 6/10 / 2 + 1, hard 6/10 */
    SearchLimits l = depth_limits(5);
    TimeManager tm;
    timeman_init(&tm, &l, WHITE, 20);
    ck_assert(!tm.timed);
}
END_TEST

/* The shortest of up to 5 timed searches, stopping at the first under
 * limit_ms: a loaded machine may delay one search, not five in a row. */
static int64_t fastest_search(const char *variant, SearchLimits *l, int threads, int64_t limit_ms)
{
    int64_t best_ms = INT64_MAX;
    for (int i = 0; i < 5 && best_ms >= limit_ms; i++) {
        Move best;
        int64_t ms = timed_search(variant, l, threads, &best);
        if (ms < best_ms) best_ms = ms;
    }
    return best_ms;
}

START_TEST(tiny_clocks_still_answer_in_time)
{
    /* The sanitizer build (test_quick) runs several times slower and may
     * share the machine: it gets 250 ms, the optimised build 100 ms. */
    const int64_t limit = test_quick() ? 250 : 100;
    SearchLimits l = depth_limits(0);
    l.time[WHITE] = l.time[BLACK] = 30;
    ck_assert_int_lt(fastest_search("dablot", &l, 1, limit), limit);
    ck_assert_int_lt(fastest_search("tabal", &l, 2, limit), limit);
    l = depth_limits(0);
    l.movetime = 1;
    ck_assert_int_lt(fastest_search("dablot", &l, 1, limit), limit);
    /* A movetime is used (not much less, never much more). */
    l.movetime = 150;
    Move best;
    ck_assert_int_ge(timed_search("tabal", &l, 1, &best), 100);
    ck_assert_int_lt(fastest_search("tabal", &l, 1, 400), 400);
}
END_TEST

/* A clock that has run out before the search starts (start_us a second
 * back, 30 ms on it) still gets depth 1 completed: the time may stop the
 * search only after the main thread's first iteration (docs/engine.md,
 * "Time management").  The position's depth 1 with every line (MultiPV
 * 256) takes 6,820 nodes, so the main thread's clock check at 1,024 nodes
 * would otherwise stop it however fast the machine. */
START_TEST(time_never_stops_before_depth_1)
{
    Rules r = rules_default(VARIANT_DABLOT);
    Game g;
    game_from(
        &g, &r,
        "1mmmMm/mmm2/mmm1mm/mmm2/m2m2/mmM1m/Mp2M1/M4/k1MPK1/M1MMM/MMM1MM/MMMMM/M1MMMM w 63 61");
    for (int threads = 1; threads <= 2; threads++) {
        Search *s = quiet_search();
        SearchLimits l = depth_limits(0);
        l.time[WHITE] = l.time[BLACK] = 30;
        l.start_us = timeman_now_us() - 1000000;
        SearchOptions o = { .threads = threads, .multipv = 256, .move_overhead = 20 };
        Move best, ponder;
        ck_assert_int_eq(search_run(s, &g, &l, &o, &best, &ponder), 0);
        SearchInfo info;
        search_last_info(s, &info);
        ck_assert_msg(info.depth >= 1, "%d threads: answered at depth %d", threads, info.depth);
        ck_assert(is_legal(&g.pos, &best));
        search_free(s);
    }
    game_free(&g);
}
END_TEST

/* Two threads on the clock report a depth near one thread's when the
 * tree is tiny: a forced move is answered at depth 1, and a game's end
 * seen in full ends the search (one thread: depth 7 for this mate in 2);
 * under Lazy SMP a helper reached MAX_DEPTH and answered "depth 120".
 * Ten tries of each, since the helpers' start varies. */
START_TEST(helpers_report_a_sensible_depth)
{
    static const struct {
        const char *fen;
        int max_depth;
    } cases[] = {
        { "1mm/mm1/M1m2/2m2/5/5/4m/3/3 w 0 32", 1 }, /* one legal move, lost */
        { "1mm/mmm/M4/2m2/5/5/4m/3/3 b 0 31", 20 },  /* eight moves, mate in 2 */
    };
    Rules r = rules_default(VARIANT_TABAL);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        Game g;
        game_from(&g, &r, cases[c].fen);
        for (int i = 0; i < 10; i++) {
            Search *s = quiet_search();
            SearchLimits l = depth_limits(0);
            l.time[WHITE] = l.time[BLACK] = 10000;
            SearchOptions o = { .threads = 2, .multipv = 1, .move_overhead = 20 };
            Move best, ponder;
            ck_assert_int_eq(search_run(s, &g, &l, &o, &best, &ponder), 0);
            SearchInfo info;
            search_last_info(s, &info);
            ck_assert_msg(info.depth >= 1 && info.depth <= cases[c].max_depth,
                          "%s: depth %d, expected 1..%d", cases[c].fen, info.depth,
                          cases[c].max_depth);
            ck_assert(is_legal(&g.pos, &best));
            search_free(s);
        }
        game_free(&g);
    }
}
END_TEST

typedef struct StopArg {
    Search *s;
    int delay_ms;
    int64_t stopped_ms; /* when search_stop was called (timeman_now_ms) */
} StopArg;

static void *stopper(void *p)
{
    StopArg *a = p;
    struct timespec ts = { 0, a->delay_ms * 1000000L };
    nanosleep(&ts, NULL);
    a->stopped_ms = timeman_now_ms();
    search_stop(a->s);
    return NULL;
}

/* An infinite search stopped from another thread after 100 ms: it ran until
 * the stop and returned a legal move within 300 ms of it.  The fastest of up
 * to 5 tries is judged: a loaded machine may delay one return, not five. */
START_TEST(stop_ends_an_infinite_search)
{
    Rules r = rules_default(VARIANT_DABLOT);
    Game g;
    game_from(&g, &r, position_start_fen(VARIANT_DABLOT));
    int64_t latency = INT64_MAX;
    for (int i = 0; i < 5 && latency >= 300; i++) {
        Search *s = quiet_search();
        SearchLimits l = depth_limits(0);
        l.infinite = true;
        SearchOptions o = { .threads = 2, .multipv = 1, .move_overhead = 0 };
        StopArg a = { s, 100, 0 };
        pthread_t th;
        ck_assert_int_eq(pthread_create(&th, NULL, stopper, &a), 0);
        Move best, ponder;
        int64_t t0 = timeman_now_ms();
        ck_assert_int_eq(search_run(s, &g, &l, &o, &best, &ponder), 0);
        int64_t done = timeman_now_ms();
        pthread_join(th, NULL);
        ck_assert_int_ge(done - t0, 90);
        ck_assert(is_legal(&g.pos, &best));
        if (done - a.stopped_ms < latency) latency = done - a.stopped_ms;
        search_free(s);
    }
    ck_assert_msg(latency < 300, "the search returned %lld ms after stop (fastest of 5)",
                  (long long)latency);
    game_free(&g);
}
END_TEST

/* ---------------------------------------------------- the early answer */

/* What the answer function of search_set_answer saw. */
typedef struct EarlyArg {
    Search *s;
    Game *g;
    SearchLimits l;
    int cpu; /* the CPU the search thread and the busy thread share */
    int rc;
    Move best, given;
    atomic_int answers;
    atomic_llong answered_ms;
    atomic_llong answer_delay_us; /* the answering thread's run_delay then */
    atomic_int answer_tid;        /* the thread that answered */
    atomic_int search_tid;
    atomic_bool busy_started, busy_stop;
} EarlyArg;

/* The time thread tid (0: the calling thread) has waited for a CPU while
 * runnable, in us: run_delay of its schedstat; -1 when unknown. */
static int64_t run_delay_us(pid_t tid)
{
    char path[64], buf[128];
    if (tid)
        snprintf(path, sizeof path, "/proc/self/task/%d/schedstat", (int)tid);
    else
        snprintf(path, sizeof path, "/proc/thread-self/schedstat");
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    unsigned long long run, delay;
    if (n <= 0) return -1;
    buf[n] = '\0';
    return sscanf(buf, "%llu %llu", &run, &delay) == 2 ? (int64_t)(delay / 1000) : -1;
}

/* This process's thread ids into tids (at most n); returns how many. */
static int thread_ids(pid_t *tids, int n)
{
    DIR *d = opendir("/proc/self/task");
    int k = 0;
    if (!d) return 0;
    for (struct dirent *e; k < n && (e = readdir(d));)
        if (e->d_name[0] != '.') tids[k++] = (pid_t)atoi(e->d_name);
    closedir(d);
    return k;
}

static void early_fn(void *ctx, const Move *best, const Move *ponder)
{
    (void)ponder;
    EarlyArg *a = ctx;
    a->given = *best;
    atomic_store(&a->answered_ms, timeman_now_ms());
    atomic_store(&a->answer_delay_us, run_delay_us(0));
    atomic_store(&a->answer_tid, (int)gettid());
    atomic_fetch_add(&a->answers, 1);
}

static void pin(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

static void *early_search(void *p)
{
    EarlyArg *a = p;
    pin(a->cpu);
    atomic_store(&a->search_tid, (int)gettid());
    Move ponder;
    a->rc = search_run(a->s, a->g, &a->l, &one_thread, &a->best, &ponder);
    return NULL;
}

static void *busy_loop(void *p)
{
    EarlyArg *a = p;
    pin(a->cpu);
    atomic_store(&a->busy_started, true);
    while (!atomic_load(&a->busy_stop)) {}
    return NULL;
}

/* Joins th if it ends within ms milliseconds: true, else false (th runs on). */
static bool thread_ended_within(pthread_t th, int ms)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += (long)ms * 1000000L;
    until.tv_sec += until.tv_nsec / 1000000000L;
    until.tv_nsec %= 1000000000L;
    return pthread_timedjoin_np(th, NULL, &until) == 0;
}

/* Waits (1 ms steps, up to 60 s) until *flag; returns it. */
static bool wait_flag(atomic_bool *flag)
{
    for (int i = 0; i < 60000 && !atomic_load(flag); i++) {
        struct timespec ts = { 0, 1000000L };
        nanosleep(&ts, NULL);
    }
    return atomic_load(flag);
}

/* Waits (1 ms steps, up to 60 s) until search s has a completed
 * iteration's move for an early answer; returns whether it has. */
static bool wait_early_move(Search *s)
{
    for (int i = 0; i < 60000; i++) {
        pthread_mutex_lock(&s->answer_mu);
        bool have = s->have_early;
        pthread_mutex_unlock(&s->answer_mu);
        if (have) return true;
        struct timespec ts = { 0, 1000000L };
        nanosleep(&ts, NULL);
    }
    return false;
}

/* The thread of this process that is not in old (n of them) and not
 * skip: the search's timer thread once the search runs; 0 when not one. */
static pid_t new_thread(const pid_t *old, int n, pid_t skip)
{
    pid_t now[64], found = 0;
    int k = thread_ids(now, 64), count = 0;
    for (int i = 0; i < k; i++) {
        bool seen = now[i] == skip;
        for (int j = 0; j < n && !seen; j++)
            seen = now[i] == old[j];
        if (!seen) {
            found = now[i];
            count++;
        }
    }
    return count == 1 ? found : 0;
}

/* A search thread without a CPU (SCHED_IDLE, sharing its CPU with a busy
 * thread) is answered by the timer thread within 100 ms of stop, once, with
 * the move search_run() then returns, and search_run() returns 1.  The
 * 100 ms leave out the time the timer thread and this one waited for a CPU
 * (run_delay of their schedstat): on a loaded machine, more so at nice 19,
 * the timer thread itself waits seconds for one, and that is the
 * machine's, not the search's.  The search starts starving once it has a
 * completed iteration to answer with (not after a fixed time, which a
 * loaded machine may not give it a CPU in) and the busy thread runs.  It
 * depends on the scheduler: up to 3 tries, each failed one says what it
 * saw.  The info lines go to /dev/null. */
START_TEST(stop_is_answered_for_a_starved_search)
{
    Rules r = rules_default(VARIANT_DABLOT);
    Game g;
    game_from(&g, &r, position_start_fen(VARIANT_DABLOT));
    cpu_set_t mine;
    ck_assert_int_eq(sched_getaffinity(0, sizeof mine, &mine), 0);
    int cpu = 0;
    while (!CPU_ISSET(cpu, &mine))
        cpu++;
    int out = dup(1), null = open("/dev/null", O_WRONLY);
    ck_assert_int_ge(null, 0);
    int ok = 0;
    for (int attempt = 1; attempt <= 3 && !ok; attempt++) {
        EarlyArg a;
        memset(&a, 0, sizeof a);
        a.s = search_new(16);
        a.g = &g;
        a.l = depth_limits(0);
        a.l.infinite = true;
        a.cpu = cpu;
        search_set_answer(a.s, early_fn, &a);
        dup2(null, 1);
        pid_t before[64];
        int nbefore = thread_ids(before, 64);
        pthread_t th, hog;
        ck_assert_int_eq(pthread_create(&th, NULL, early_search, &a), 0);
        bool warm = wait_early_move(a.s); /* there is a move to give */
        pid_t timer = new_thread(before, nbefore, (pid_t)atomic_load(&a.search_tid));
        struct sched_param none = { 0 };
        int idle = pthread_setschedparam(th, SCHED_IDLE, &none);
        ck_assert_int_eq(pthread_create(&hog, NULL, busy_loop, &a), 0);
        wait_flag(&a.busy_started);
        struct timespec settle = { 0, 20 * 1000000L };
        nanosleep(&settle, NULL);
        int64_t timer_delay0 = timer ? run_delay_us(timer) : -1, my_delay0 = run_delay_us(0);
        int64_t t0 = timeman_now_ms();
        search_stop(a.s);
        int64_t my_delay = run_delay_us(0) - my_delay0; /* until the stop was asked */
        while (atomic_load(&a.answers) == 0 && timeman_now_ms() - t0 < 2000) {
            struct timespec ts = { 0, 1000000L };
            nanosleep(&ts, NULL);
        }
        atomic_store(&a.busy_stop, true);
        pthread_join(hog, NULL);
        /* Back to a normal thread, so that a loaded machine lets it end. */
        pthread_setschedparam(th, SCHED_OTHER, &none);
        /* A search thread the scheduler had not yet run into search_run()
         * (a loaded machine) clears that stop when it starts and searches
         * on: stop it again until it ends; the attempt has failed then. */
        bool lost = atomic_load(&a.answers) == 0;
        while (lost && !thread_ended_within(th, 100))
            search_stop(a.s);
        if (!lost) pthread_join(th, NULL);
        fflush(stdout);
        dup2(out, 1);
        long long latency = atomic_load(&a.answered_ms) - t0;
        /* The time the answer took while the timer thread had a CPU. */
        long long waited = timer_delay0 >= 0 && atomic_load(&a.answer_delay_us) >= 0
                                && atomic_load(&a.answer_tid) == (int)timer
                             ? (atomic_load(&a.answer_delay_us) - timer_delay0 + my_delay) / 1000
                             : -1;
        int answers = atomic_load(&a.answers);
        ok = warm && idle == 0 && answers == 1 && a.rc == 1 && move_equal(&a.best, &a.given)
          && is_legal(&g.pos, &a.best) && waited >= 0 && latency - waited < 100;
        if (!ok) {
            printf(
                "early answer, attempt %d of 3: %s, SCHED_IDLE %s, %d answers, search_run %d, "
                "%lld ms after stop, of which the timer thread %d (found: %s) waited %lld ms for a "
                "CPU\n",
                attempt, warm ? "a move to give" : "no move to give in 60 s",
                idle ? "refused" : "set", answers, a.rc, answers ? latency : -1LL,
                (int)atomic_load(&a.answer_tid), timer ? "yes" : "no", waited);
            fflush(stdout); /* before the next attempt points stdout at /dev/null */
        }
        search_free(a.s);
    }
    close(null);
    close(out);
    game_free(&g);
    ck_assert_msg(ok, "no early answer for a starved search in 3 tries (above: what each saw)");
}
END_TEST

/* A search that ends by its own limit never calls the answer function
 * (fixed-depth and fixed-node searches stay the search thread's). */
START_TEST(a_limited_search_answers_itself)
{
    Rules r = rules_default(VARIANT_TABAL);
    Game g;
    game_from(&g, &r, position_start_fen(VARIANT_TABAL));
    EarlyArg a;
    memset(&a, 0, sizeof a);
    Search *s = search_new(16);
    search_set_answer(s, early_fn, &a);
    int out = dup(1), null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    Move best, ponder;
    SearchLimits l = depth_limits(5);
    int rc = search_run(s, &g, &l, &one_thread, &best, &ponder);
    l = depth_limits(0);
    l.nodes = 3000;
    int rc2 = search_run(s, &g, &l, &one_thread, &best, &ponder);
    fflush(stdout);
    dup2(out, 1);
    close(null);
    close(out);
    ck_assert_int_eq(rc, 0);
    ck_assert_int_eq(rc2, 0);
    ck_assert_int_eq(atomic_load(&a.answers), 0);
    ck_assert(is_legal(&g.pos, &best));
    search_free(s);
    game_free(&g);
}
END_TEST

/* ---------------------------------------------------------------- eval */

/* The set-based terms (whole-board shifts for Dablot, 64-bit sets for
 * Tabal) give every term, the steps and the score of the piece-by-piece
 * reference, along random games of every rule set. */
START_TEST(fast_eval_matches_reference)
{
    static const struct {
        Variant v;
        const char *options;
    } sets[] = {
        { VARIANT_DABLOT, "Rules=classic" },
        { VARIANT_DABLOT, "Rules=modern" },
        { VARIANT_DABLOT, "Rules=anti-draw" },
        { VARIANT_DABLOT, "ForwardOnlyMen=true" },
        { VARIANT_TABAL, NULL },
        { VARIANT_TABAL, "MaxCapture=true" },
    };
    unsigned seed = 12345;
    int checked = 0, with_kings = 0, root_differs = 0, rounds = test_quick() ? 20 : 200;
    MoveList *l = malloc(sizeof *l);
    for (size_t si = 0; si < sizeof sets / sizeof sets[0]; si++) {
        Rules r = test_rules(sets[si].v, sets[si].options);
        for (int gi = 0; gi < rounds; gi++) {
            Position p;
            position_start(&p, &r);
            for (int ply = 0; ply < 150; ply++) {
                EvalTrace fast, ref;
                int fast_steps, ref_steps;
                eval_trace(&p, &fast);
                int score = eval_position(&p, &fast_steps);
                ck_assert_int_eq(score, eval_position_reference(&p, (int)p.stm, &ref, &ref_steps));
                for (int root = EVAL_NO_ROOT; root <= BLACK; root++)
                    ck_assert_int_eq(eval_position_for(&p, root, NULL),
                                     eval_position_reference(&p, root, NULL, NULL));
                /* The side to move as the root weighs its hanging pieces by
                 * the root's weight; the other side as the root gives the
                 * tuner's score (no root). */
                int none = eval_position_for(&p, EVAL_NO_ROOT, NULL);
                ck_assert_int_eq(eval_position_for(&p, (int)(p.stm ^ 1), NULL), none);
                root_differs += score != none;
                ck_assert_int_eq(score, fast.total);
                ck_assert_int_eq(fast_steps, ref_steps);
                for (int t = 0; t < TERM_NB; t++)
                    for (int c = 0; c < 2; c++)
                        ck_assert_msg(fast.term[t][c] == ref.term[t][c],
                                      "%s %s ply %d: %s of colour %d: %d, reference %d",
                                      geometry_of(sets[si].v)->name, sets[si].options, ply,
                                      eval_term_name((EvalTerm)t), c, fast.term[t][c],
                                      ref.term[t][c]);
                checked++;
                with_kings += sets[si].v == VARIANT_TABAL && p.by_type[KING] != 0;
                if (!movegen_legal(&p, l)) break;
                seed = seed * 1103515245u + 12345u;
                Undo u;
                Move m = l->moves[(seed >> 8) % (unsigned)l->n];
                position_make(&p, &m, &u);
            }
        }
    }
    free(l);
    ck_assert_int_gt(checked, 1000);
    ck_assert_int_gt(with_kings, 100); /* Tabal's flying kings are tried too */
    ck_assert_int_gt(root_differs, 10); /* the dablot table's root weight is read */
}
END_TEST

START_TEST(hanging_root_own_move_differs_in_the_dablot_table_only)
{
    /* Only Dablot's optional-capture table has a root side's weight of its
     * own (docs/tuning.md "The root side's men"); the others keep it equal. */
    for (int i = 0; i < EVAL_TABLE_NB; i++) {
        const EvalWeights *w = &eval_default_weights[i];
        bool same = !memcmp(w->hanging_root_own_move, w->hanging_own_move,
                            sizeof w->hanging_own_move);
        ck_assert_msg(same == (i != EVAL_TABLE_DABLOT), "table %s", eval_table_name((EvalTable)i));
    }
}
END_TEST

START_TEST(eval_is_symmetric)
{
    /* The start positions are symmetric: only the tempo term remains. */
    for (int v = 0; v < VARIANT_NB; v++) {
        Rules r = rules_default((Variant)v);
        Position p;
        position_start(&p, &r);
        EvalTrace t;
        eval_trace(&p, &t);
        ck_assert_int_eq(t.total, eval_position(&p, NULL));
        ck_assert_int_eq(t.term[TERM_TEMPO][WHITE] - t.term[TERM_TEMPO][BLACK], t.total);
        ck_assert_int_gt(t.total, 0);
    }
}
END_TEST

/* White's mop-up term in a Dablot position (RULES.md section 1). */
static int white_mopup(const char *fen)
{
    Rules r = rules_default(VARIANT_DABLOT);
    Position p;
    char err[200];
    ck_assert_msg(position_set_fen(&p, &r, fen, err, sizeof err) == 0, "%s: %s", fen, err);
    EvalTrace t;
    eval_trace(&p, &t);
    ck_assert_int_eq(t.term[TERM_MOPUP][BLACK], 0);
    return t.term[TERM_MOPUP][WHITE];
}

START_TEST(mopup_walls_in_the_enemy_king)
{
    /* King and five men against a lone king on k13, Black to move (men
     * without prey count about 50, so White leads by more than the mop-up
     * margin of 200). */
    /* White's king two steps from the enemy king (i11) scores above the
     * same king far away (j2). */
    int near = white_mopup("5k/5/4K1/5/6/5/6/5/6/5/6/5/MMMMM1 b 0 1");
    int far = white_mopup("5k/5/6/5/6/5/6/5/6/5/6/4K/MMMMM1 b 0 1");
    ck_assert_int_gt(near, far);
    /* Same men, same distances: a man on i13 backed by one on g13 cannot
     * be jumped by the enemy king, one backed by nothing can (a free move
     * for it), so the first wall scores higher. */
    int backed = white_mopup("3MMk/5/6/5/6/5/6/5/6/4K/6/5/MMM3 b 0 1");
    int loose = white_mopup("4Mk/5/6/5/5M/5/6/5/6/4K/6/5/MMM3 b 0 1");
    ck_assert_int_gt(backed, loose);
    /* With the enemy king gone the hunted piece is the enemy prince, which
     * White's king may take: near (i11) scores above far (j2) again. */
    int near_prince = white_mopup("5p/5/4K1/5/6/5/6/5/6/5/6/5/MMMMMM b 0 1");
    int far_prince = white_mopup("5p/5/6/5/6/5/6/5/6/5/6/4K/MMMMMM b 0 1");
    ck_assert_int_gt(near_prince, far_prince);
    /* No mop-up while the material is level. */
    ck_assert_int_eq(white_mopup(position_start_fen(VARIANT_DABLOT)), 0);
}
END_TEST

/* Sets *p to fen of variant v under the rules preset (NULL: defaults). */
static void set_preset_fen(Position *p, Variant v, const char *fen, const char *preset)
{
    Rules r = rules_default(v);
    if (preset)
        ck_assert_int_eq(rules_set(&r, "Rules", preset, NULL, 0), 0);
    char err[200];
    ck_assert_msg(position_set_fen(p, &r, fen, err, sizeof err) == 0, "%s: %s", fen, err);
}

START_TEST(mopup_region_and_lost_king)
{
    /* The enemy king on k13 behind a backed wall (i13-g13, j12-h10,
     * k11-k9) has 1 point of room; with a gap in the wall (no k9) it can
     * jump out into the whole board: the closed wall scores higher. */
    int closed = white_mopup("3MMk/3M1/5M/4M/5M/5/6/5/6/5/2K3/5/MM4 b 0 1");
    int open = white_mopup("3MMk/3M1/5M/4M/6/5/6/5/6/5/2K3/5/MMM3 b 0 1");
    ck_assert_int_gt(closed, open);
    /* A point White's king could take the enemy king on is a wall too: on
     * k13 behind backed men (i13-g13, j12-i11), with White's king on k9
     * its only step (k11) is such a point and its room is 1 point; with
     * the king on i9 k11 opens the whole board.  The region alone is worth
     * far more than the king's one step of distance. */
    int guarded = white_mopup("3MMk/4M/4M1/5/5K/5/6/5/6/5/6/5/M5 b 0 1");
    int unguarded = white_mopup("3MMk/4M/4M1/5/4K1/5/6/5/6/5/6/5/M5 b 0 1");
    ck_assert_int_gt(guarded - unguarded, 200);
    /* Once the enemy has no man every man counts toward the hunted king,
     * not only the six nearest: a seventh man on a5 scores above the same
     * man on a1. */
    int seventh_near = white_mopup("2MMMk/4M/3MM1/5/5K/5/6/5/M5/5/6/5/6 b 0 1");
    int seventh_far = white_mopup("2MMMk/4M/3MM1/5/5K/5/6/5/6/5/6/5/M5 b 0 1");
    ck_assert_int_gt(seventh_near, seventh_far);
    /* With the hunted king in the leader's own half (e3) the leader's men
     * are paid for coming back toward it: a man on a7 scores more advance
     * than on a9, where the ordinary table pays the far one more. */
    int adv[2];
    const char *men_at[2] = { "6/5/6/5/6/5/M5/5/6/5/2k3/5/KMMMMM w 0 1",
                              "6/5/6/5/M5/5/6/5/6/5/2k3/5/KMMMMM w 0 1" };
    for (int i = 0; i < 2; i++) {
        Position q;
        set_preset_fen(&q, VARIANT_DABLOT, men_at[i], NULL);
        EvalTrace a;
        eval_trace(&q, &a);
        adv[i] = a.term[TERM_ADVANCE][WHITE];
    }
    ck_assert_int_gt(adv[0], adv[1]);
    /* A leader that has lost its king can only wall the enemy king in
     * (RULES.md section 1: only a king takes a king): its score is scaled
     * to a quarter. */
    Position p;
    set_preset_fen(&p, VARIANT_DABLOT, "5k/5/6/5/6/5/6/5/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1", NULL);
    EvalTrace t;
    eval_trace(&p, &t);
    int sum = 0;
    for (int i = 0; i < TERM_NB; i++)
        sum += t.term[i][WHITE] - t.term[i][BLACK];
    ck_assert_int_gt(sum, 400);
    ck_assert_int_eq(t.total, sum * 16 / 64);
}
END_TEST

START_TEST(weight_tables_by_capture_rule)
{
    /* Dablot's optional captures (the default) and its compulsory presets
     * have tables of their own (RULES.md section 1 "Captures"). */
    const struct {
        Variant v;
        const char *preset;
        EvalTable t;
    } cases[] = {
        { VARIANT_DABLOT, NULL, EVAL_TABLE_DABLOT },
        { VARIANT_DABLOT, "classic", EVAL_TABLE_DABLOT },
        { VARIANT_DABLOT, "modern", EVAL_TABLE_DABLOT_COMPULSORY },
        { VARIANT_DABLOT, "anti-draw", EVAL_TABLE_DABLOT_COMPULSORY },
        { VARIANT_TABAL, NULL, EVAL_TABLE_TABAL },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Rules r = rules_default(cases[i].v);
        if (cases[i].preset) ck_assert_int_eq(rules_set(&r, "Rules", cases[i].preset, NULL, 0), 0);
        ck_assert_int_eq(eval_table_of(&r), cases[i].t);
    }
    Rules r = rules_default(VARIANT_DABLOT);
    ck_assert_int_eq(rules_set(&r, "Captures", "compulsory-men", NULL, 0), 0);
    ck_assert_int_eq(eval_table_of(&r), EVAL_TABLE_DABLOT_COMPULSORY);
    for (int t = 0; t < EVAL_TABLE_NB; t++)
        ck_assert_int_eq(eval_table_from_name(eval_table_name((EvalTable)t)), t);
    ck_assert_int_eq(eval_table_from_name("chess"), -1);
}
END_TEST

/* --------------------------------------------------------- multithreading */

START_TEST(threads_and_multipv_give_legal_moves)
{
    Rules r = rules_default(VARIANT_TABAL);
    Game g;
    game_from(&g, &r, position_start_fen(VARIANT_TABAL));
    Search *s = quiet_search();
    SearchLimits l = depth_limits(test_quick() ? 5 : 9);
    SearchOptions o = { .threads = 3, .multipv = 3, .move_overhead = 0 };
    Move best, ponder;
    ck_assert_int_eq(search_run(s, &g, &l, &o, &best, &ponder), 0);
    ck_assert(is_legal(&g.pos, &best));
    Position after = g.pos;
    Undo u;
    position_make(&after, &best, &u);
    ck_assert(ponder.from == ponder.to || is_legal(&after, &ponder));
    SearchInfo info;
    search_last_info(s, &info);
    ck_assert_int_ge(info.depth, l.depth);
    search_free(s);
    game_free(&g);
}
END_TEST

/* The helpers share the tree (YBWC split points): with 2 and 4 threads
 * depth-limited searches from both start positions reach their depth,
 * answer a legal move, and count nodes on every thread by depth 12 (14); node limits and
 * stops in the middle of split points answer too (30 searches each). */
START_TEST(helpers_share_the_tree)
{
    for (int v = 0; v < 2; v++) {
        Variant variant = v ? VARIANT_TABAL : VARIANT_DABLOT;
        Rules r = rules_default(variant);
        Game g;
        game_from(&g, &r, position_start_fen(variant));
        for (int threads = 2; threads <= 4; threads += 2) {
            Search *s = quiet_search();
            SearchOptions o = { .threads = threads, .multipv = 1, .move_overhead = 0 };
            /* A thread the OS has not run yet gets no split point, so a
             * busy machine may leave one out of a short search: one ply
             * deeper each time, up to 5 tries. */
            int first = test_quick() ? 8 : 10, counted = -1;
            Move best, ponder;
            SearchInfo info;
            for (int depth = first; depth < first + 5 && counted != threads; depth++) {
                SearchLimits l = depth_limits(depth);
                ck_assert_int_eq(search_run(s, &g, &l, &o, &best, &ponder), 0);
                ck_assert(is_legal(&g.pos, &best));
                search_last_info(s, &info);
                ck_assert_int_eq(info.depth, l.depth);
                counted = 0;
                while (counted < threads && thread_nodes(s->threads[counted]) > 0)
                    counted++;
            }
            ck_assert_msg(counted == threads, "%s, %d threads: thread %d searched no node",
                          v ? "tabal" : "dablot", threads, counted);
            for (int k = 0; k < 30; k++) {
                search_clear(s);
                SearchLimits n = depth_limits(0);
                n.nodes = 500 + 997 * (uint64_t)k;
                ck_assert_int_eq(search_run(s, &g, &n, &o, &best, &ponder), 0);
                ck_assert(is_legal(&g.pos, &best));
                search_last_info(s, &info);
                ck_assert_uint_le(info.nodes, n.nodes + 4 * (uint64_t)threads);
            }
            search_free(s);
        }
        game_free(&g);
    }
}
END_TEST

/* ---------------------------------------------------------------- skill */

START_TEST(skill_pick_rule)
{
    int close[4] = { 10, 5, 0, -5 }, mate[4] = { MATE - 3, 20, 10, 0 }, one[1] = { 7 };
    int worse[SKILL_MAX + 1] = { 0 };
    ck_assert_int_eq(skill_pick(close, 4, 0, 12345), 0);       /* full strength */
    ck_assert_int_eq(skill_pick(one, 1, SKILL_MAX, 12345), 0); /* one move */
    for (uint64_t seed = 1; seed <= 2000; seed++) {
        ck_assert_int_eq(skill_pick(close, 4, SKILL_MAX, seed),
                         skill_pick(close, 4, SKILL_MAX, seed));
        ck_assert_int_eq(skill_pick(mate, 4, SKILL_MAX, seed), 0); /* a won game is kept */
        for (int w = 1; w <= SKILL_MAX; w++)
            worse[w] += skill_pick(close, 4, w, seed * 7919) != 0;
    }
    /* weaker levels leave the best move more often */
    ck_assert_int_gt(worse[SKILL_MAX], 500);
    ck_assert_int_gt(worse[SKILL_MAX], worse[10]);
    ck_assert_int_gt(worse[10], worse[1]);
}
END_TEST

START_TEST(skill_limits_grow_with_the_level)
{
    int depth, prev_depth = 0;
    uint64_t nodes, prev_nodes = 0;
    skill_limits(0, &depth, &nodes);
    ck_assert(depth == 0 && nodes == 0); /* full strength: no limit */
    for (int level = 0; level < SKILL_MAX; level++) {
        skill_limits(SKILL_MAX - level, &depth, &nodes);
        ck_assert_int_ge(depth, prev_depth);
        ck_assert_uint_ge(nodes, prev_nodes);
        ck_assert(depth >= 1 && nodes >= 200);
        prev_depth = depth;
        prev_nodes = nodes;
    }
    skill_limits(SKILL_MAX, &depth, &nodes);
    ck_assert(depth == 1 && nodes == 200);
}
END_TEST

/* The score of move m in g for the side to move: minus a depth-6 search of
 * the position after it. */
static int score_of(Search *s, Game *g, const Move *m)
{
    Move best, ponder;
    SearchLimits l = depth_limits(6);
    SearchInfo info;
    ck_assert_int_eq(game_play(g, m), 0);
    int rc = search_run(s, g, &l, &one_thread, &best, &ponder);
    search_last_info(s, &info);
    int score = rc < 0 ? MATE : -info.score; /* no reply: the move won */
    Game back;
    ck_assert_int_eq(game_init(&back, &g->start), 0);
    game_free(g);
    *g = back;
    return score;
}

/* Skill Level 0 on 30 balanced Tabal openings at 20,000 nodes: the same
 * move twice, other moves than full strength in some, and worse ones on
 * the whole by a depth-6 search. */
START_TEST(low_skill_plays_worse_moves)
{
    FILE *f = fopen(TABAL_OPENINGS, "r");
    ck_assert_msg(f != NULL, "%s: %s (the unit tests run from the repository root)", TABAL_OPENINGS, strerror(errno));
    Search *s = quiet_search();
    Rules r = rules_with("tabal", "-");
    SearchOptions weak = one_thread, full = one_thread;
    weak.skill_weakness = SKILL_MAX;
    char line[512];
    int n = 0, differ = 0;
    long lost = 0;
    while (n < 30 && fgets(line, sizeof line, f)) {
        Game g;
        game_from(&g, &r, trim(line));
        SearchLimits l = depth_limits(0);
        l.nodes = 20000;
        Move a, b, c, ponder;
        search_clear(s);
        ck_assert_int_eq(search_run(s, &g, &l, &full, &a, &ponder), 0);
        search_clear(s);
        ck_assert_int_eq(search_run(s, &g, &l, &weak, &b, &ponder), 0);
        search_clear(s);
        ck_assert_int_eq(search_run(s, &g, &l, &weak, &c, &ponder), 0);
        ck_assert(is_legal(&g.pos, &b));
        ck_assert_msg(move_equal(&b, &c), "opening %d: Skill Level 0 is not deterministic", n + 1);
        if (!move_equal(&a, &b)) {
            differ++;
            lost += score_of(s, &g, &a) - score_of(s, &g, &b);
        }
        game_free(&g);
        n++;
    }
    fclose(f);
    search_free(s);
    ck_assert_int_eq(n, 30);
    ck_assert_int_ge(differ, 5);
    ck_assert_int_gt(lost, 0);
}
END_TEST

Suite *search_suite(void)
{
    Suite *s = suite_create("search");
    TCase *tc = tcase_create("tt");
    tcase_add_test(tc, tt_mate_scores_are_node_relative);
    tcase_add_test(tc, tt_store_probe_and_moves);
    tcase_add_test(tc, tt_is_empty_and_not_resident_until_written);
    tcase_add_test(tc, lmr_table_matches_the_formula);
    suite_add_tcase(s, tc);

    tc = tcase_create("search");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, bench_is_deterministic);
    tcase_add_test(tc, skill_pick_rule);
    tcase_add_test(tc, skill_limits_grow_with_the_level);
    tcase_add_test(tc, low_skill_plays_worse_moves);
    tcase_add_test(tc, tactics_file_is_solved);
    tcase_add_test(tc, tactics_file_is_solved_by_threads);
    tcase_add_test(tc, helpers_share_the_tree);
    tcase_add_test(tc, blockade_is_scored_as_a_win);
    tcase_add_test(tc, third_repetition_is_a_draw);
    tcase_add_test(tc, draw_plies_limit_is_a_draw);
    tcase_add_test(tc, trade_bonus_shares);
    tcase_add_test(tc, finished_games_have_no_bestmove);
    tcase_add_test(tc, threads_and_multipv_give_legal_moves);
    suite_add_tcase(s, tc);

    tc = tcase_create("time");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, time_limits_from_the_clock);
    tcase_add_test(tc, tiny_clocks_still_answer_in_time);
    tcase_add_test(tc, time_never_stops_before_depth_1);
    tcase_add_test(tc, helpers_report_a_sensible_depth);
    tcase_add_test(tc, stop_ends_an_infinite_search);
    tcase_add_test(tc, stop_is_answered_for_a_starved_search);
    tcase_add_test(tc, a_limited_search_answers_itself);
    suite_add_tcase(s, tc);

    tc = tcase_create("eval");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, fast_eval_matches_reference);
    tcase_add_test(tc, eval_is_symmetric);
    tcase_add_test(tc, hanging_root_own_move_differs_in_the_dablot_table_only);
    tcase_add_test(tc, weight_tables_by_capture_rule);
    tcase_add_test(tc, mopup_walls_in_the_enemy_king);
    tcase_add_test(tc, mopup_region_and_lost_king);
    suite_add_tcase(s, tc);
    return s;
}
