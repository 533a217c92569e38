/*
 * test_match.c - unit tests of dablo-match's modules (Check): time
 * controls and clocks, text encodings, info-line parsing, adjudication,
 * the schedule and shards, opening order, openings read from a FIFO or
 * from memory, results lines, the balance
 * search, the host steal reading, the positions and bestmove judge of
 * -compliance, new files written whole or not at all.  Time controls, number and word parsing
 * and info lines belong to the engine-host library (tools/host/, tested
 * further by tests/host/test_host.c).  Run by tests/suites/40-match.sh.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "adjudicate.h"
#include "compliance.h"
#include "config.h"
#include "genopen.h"
#include "host/engine.h"
#include "host/strbuf.h"
#include "host/tc.h"
#include "host/util.h"
#include "newfile.h"
#include "openings.h"
#include "outputs.h"
#include "record.h"
#include "rules/game.h"
#include "rules/notation.h"
#include "schedule.h"
#include "steal.h"
#include "text.h"

START_TEST(tc_parse_forms)
{
    TimeControl tc;
    char err[256];
    ck_assert_int_eq(tc_parse("40/60+0.6", &tc, err, sizeof err), 0);
    ck_assert_int_eq(tc.moves, 40);
    ck_assert_int_eq(tc.base_ms, 60000);
    ck_assert_int_eq(tc.inc_ms, 600);
    ck_assert_int_eq(tc_parse("10+0.1", &tc, err, sizeof err), 0);
    ck_assert_int_eq(tc.base_ms, 10000);
    ck_assert_int_eq(tc.inc_ms, 100);
    ck_assert_int_eq(tc_parse("0+5", &tc, err, sizeof err), 0);
    ck_assert_int_eq(tc.base_ms, 0);
    ck_assert_int_eq(tc.inc_ms, 5000);
    ck_assert_int_eq(tc_parse("1:30", &tc, err, sizeof err), 0);
    ck_assert_int_eq(tc.base_ms, 90000);
    ck_assert_int_eq(tc_parse("inf", &tc, err, sizeof err), 0);
    ck_assert_int_eq(tc.timed, 0);
    const char *bad[] = { "", "x", "40/", "/60", "10+", "10+-1", "-5", "0", "0+0", "10+0.1x", "1e3" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(tc_parse(bad[i], &tc, err, sizeof err) < 0, "accepted '%s'", bad[i]);
    char buf[64];
    tc_parse("40/60+0.6", &tc, err, sizeof err);
    tc_format(&tc, buf, sizeof buf);
    ck_assert_str_eq(buf, "40/60+0.6");
    tc_parse("0.5+0.05", &tc, err, sizeof err);
    tc_format(&tc, buf, sizeof buf);
    ck_assert_str_eq(buf, "0.5+0.05");
}
END_TEST

START_TEST(clock_accounting)
{
    TimeControl tc;
    char err[128];
    Clock c;
    tc_parse("10+1", &tc, err, sizeof err);
    tc_clock_start(&c, &tc);
    ck_assert_int_eq(tc_clock_before_move(&c, &tc), 0);
    ck_assert_int_eq(tc_clock_left_ms(&c), 11000);          /* increment before the first move */
    ck_assert_int_eq(tc_clock_after_move(&c, 3000000, 0), 0);
    ck_assert_int_eq(tc_clock_left_ms(&c), 8000);
    tc_clock_before_move(&c, &tc);
    ck_assert_int_eq(tc_clock_left_ms(&c), 9000);
    ck_assert_int_eq(tc_clock_after_move(&c, 9000500, 0), -1);   /* 0.5 ms over, no margin */
    tc_clock_start(&c, &tc);
    tc_clock_before_move(&c, &tc);
    ck_assert_int_eq(tc_clock_after_move(&c, 11040000, 50), 0);  /* within the margin: cleared to 0 */
    ck_assert_int_eq(tc_clock_left_ms(&c), 0);

    tc_parse("0+5", &tc, err, sizeof err);
    tc_clock_start(&c, &tc);
    tc_clock_before_move(&c, &tc);
    ck_assert_int_eq(tc_clock_left_ms(&c), 5000);

    tc_parse("40/60", &tc, err, sizeof err);
    tc_clock_start(&c, &tc);
    for (int m = 1; m <= 40; m++) {
        ck_assert_int_eq(tc_clock_before_move(&c, &tc), 40 - (m - 1));
        ck_assert_int_eq(tc_clock_after_move(&c, 1000000, 0), 0);
    }
    ck_assert_int_eq(tc_clock_left_ms(&c), 20000);
    ck_assert_int_eq(tc_clock_before_move(&c, &tc), 40);   /* move 41: a new period */
    ck_assert_int_eq(tc_clock_left_ms(&c), 80000);
}
END_TEST

START_TEST(seconds)
{
    int64_t ms;
    ck_assert_int_eq(util_parse_seconds_ms("0.6", &ms), 0);
    ck_assert_int_eq(ms, 600);
    ck_assert_int_eq(util_parse_seconds_ms("1.2345", &ms), 0);
    ck_assert_int_eq(ms, 1235);
    ck_assert_int_eq(util_parse_seconds_ms(".5", &ms), 0);
    ck_assert_int_eq(ms, 500);
    ck_assert_int_eq(util_parse_seconds_ms("3", &ms), 0);
    ck_assert_int_eq(ms, 3000);
    ck_assert_int_lt(util_parse_seconds_ms(".", &ms), 0);
    ck_assert_int_lt(util_parse_seconds_ms("-1", &ms), 0);
    ck_assert_int_lt(util_parse_seconds_ms("1s", &ms), 0);
}
END_TEST

START_TEST(encodings)
{
    StrBuf b = {0};
    text_add_percent(&b, "a b%c=d\te");
    ck_assert_str_eq(strbuf_str(&b), "a%20b%25c%3Dd%09e");
    char *d = text_percent_decode(strbuf_str(&b));
    ck_assert_str_eq(d, "a b%c=d\te");
    free(d);
    d = text_field("game=3 white=a%20b black=c\n", "black");
    ck_assert_str_eq(d, "c");
    free(d);
    d = text_field("game=3 white=a%20b black=c\n", "white");
    ck_assert_str_eq(d, "a b");
    free(d);
    ck_assert_ptr_null(text_field("game=3 white=a", "hite"));
    strbuf_clear(&b);
    text_add_utf8(&b, "ok \"q\" \\ \xc3\x86 \xff \x01 \xe0\x80\x80", 1);
    ck_assert_str_eq(strbuf_str(&b), "ok \\\"q\\\" \\\\ \xc3\x86 \xef\xbf\xbd \xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
    strbuf_free(&b);
    char **w;
    ck_assert_int_eq(util_split_words("  a 'b c' \"d \\\" e\" f\\ g ", &w), 4);
    ck_assert_str_eq(w[0], "a");
    ck_assert_str_eq(w[1], "b c");
    ck_assert_str_eq(w[2], "d \" e");
    ck_assert_str_eq(w[3], "f g");
    util_free_words(w);
    ck_assert_int_lt(util_split_words("'open", &w), 0);
    char s[] = "uciok \t\r\n";
    ck_assert_str_eq(util_rtrim(s), "uciok");
}
END_TEST

START_TEST(info_lines)
{
    EngineInfo si;
    memset(&si, 0, sizeof si);
    si.depth = -1;
    si.time_ms = -1;
    engine_info_parse(&si, "info depth 12 seldepth 20 score cp -35 nodes 18446744073709551615 nps 9223372036854775807 time 1234 pv a1-b2");
    ck_assert_int_eq(si.depth, 12);
    ck_assert(si.has_score && !si.score_is_mate);
    ck_assert_int_eq(si.score, -35);
    ck_assert(si.nodes == UINT64_MAX);
    ck_assert_int_eq(si.time_ms, 1234);
    engine_info_parse(&si, "info depth 3 score mate -4 upperbound");
    ck_assert(si.score_is_mate);
    ck_assert_int_eq(engine_info_cp(&si), -(100000 - 4));
    engine_info_parse(&si, "info string depth 99 score cp 5");   /* free text is not parsed */
    ck_assert_int_eq(si.depth, 3);
    engine_info_parse(&si, "info depth x score cp nodes -5 time");   /* garbage never crashes */
    ck_assert_int_eq(si.depth, 3);
    engine_info_parse(&si, "info nodes 99999999999999999999999");
    ck_assert(si.nodes == UINT64_MAX);
}
END_TEST

static Position fen_pos_rules(const char *fen, const Rules *r)
{
    Position p;
    char err[128];
    ck_assert_int_eq(position_set_fen(&p, r, fen, err, sizeof err), 0);
    return p;
}

static Position fen_pos(const char *fen)
{
    Rules r = rules_default(VARIANT_DABLOT);
    return fen_pos_rules(fen, &r);
}

START_TEST(adjudication_counts)
{
    AdjudicationSpec s;
    memset(&s, 0, sizeof s);
    s.resign_on = 1;
    s.resign_movecount = 2;
    s.resign_score = 500;
    Adjudicator a;
    adj_start(&a, &s);
    Rules r = rules_default(VARIANT_DABLOT);
    Position w, b;
    position_start(&w, &r);
    b = w;
    b.stm = BLACK;
    b.draw_plies = 1;
    w.draw_plies = 2;
    GameResult res;
    ck_assert_int_eq(adj_after_move(&a, &w, &b, 1, -600, &res), ADJ_NONE);   /* White bad once */
    ck_assert_int_eq(adj_after_move(&a, &b, &w, 1, 0, &res), ADJ_NONE);
    ck_assert_int_eq(adj_after_move(&a, &w, &b, 1, -600, &res), ADJ_RESIGN);  /* twice: resigns */
    ck_assert_int_eq(res, RESULT_BLACK_WINS);
    adj_start(&a, &s);
    ck_assert_int_eq(adj_after_move(&a, &w, &b, 1, -600, &res), ADJ_NONE);
    ck_assert_int_eq(adj_after_move(&a, &b, &w, 1, 0, &res), ADJ_NONE);
    ck_assert_int_eq(adj_after_move(&a, &w, &b, 0, 0, &res), ADJ_NONE);      /* no score: count restarts */
    ck_assert_int_eq(adj_after_move(&a, &b, &w, 1, 0, &res), ADJ_NONE);
    ck_assert_int_eq(adj_after_move(&a, &w, &b, 1, -600, &res), ADJ_NONE);

    memset(&s, 0, sizeof s);
    s.draw_on = 1;
    s.draw_movenumber = 1;
    s.draw_movecount = 2;
    s.draw_score = 10;
    adj_start(&a, &s);
    ck_assert_int_eq(adj_after_move(&a, &w, &b, 1, 5, &res), ADJ_NONE);
    ck_assert_int_eq(adj_after_move(&a, &b, &w, 1, -5, &res), ADJ_NONE);
    ck_assert_int_eq(adj_after_move(&a, &w, &b, 1, 11, &res), ADJ_NONE);     /* too big: restart */
    ck_assert_int_eq(adj_after_move(&a, &b, &w, 1, 0, &res), ADJ_NONE);
    ck_assert_int_eq(adj_after_move(&a, &w, &b, 1, 0, &res), ADJ_NONE);
    ck_assert_int_eq(adj_after_move(&a, &b, &w, 1, 0, &res), ADJ_NONE);
    ck_assert_int_eq(adj_after_move(&a, &w, &b, 1, 0, &res), ADJ_DRAW);
    ck_assert_int_eq(res, RESULT_DRAW);
    Position cap = b;
    cap.draw_plies = 0;   /* a capture resets the count */
    adj_start(&a, &s);
    for (int i = 0; i < 3; i++) adj_after_move(&a, &w, &b, 1, 0, &res);
    ck_assert_int_eq(adj_after_move(&a, &w, &cap, 1, 0, &res), ADJ_NONE);
    ck_assert_int_eq(a.draw_plies, 0);

    /* -maxmoves counts the plies played from the opening position: an
     * opening at move 20 (Black to move) with -maxmoves 2 still gets 4
     * plies, not one (its move number is past the limit already). */
    memset(&s, 0, sizeof s);
    s.maxmoves = 2;
    adj_start(&a, &s);
    Position p20b = fen_pos(
        "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM b 2 20");
    Position p21w = fen_pos("mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 3 21");
    ck_assert_int_eq(adj_after_move(&a, &p20b, &p21w, 0, 0, &res), ADJ_NONE);
    ck_assert_int_eq(adj_after_move(&a, &p21w, &p20b, 0, 0, &res), ADJ_NONE);
    ck_assert_int_eq(adj_after_move(&a, &p20b, &p21w, 0, 0, &res), ADJ_NONE);
    ck_assert_int_eq(adj_after_move(&a, &p21w, &p20b, 0, 0, &res), ADJ_MAXMOVES);
    ck_assert_int_eq(res, RESULT_DRAW);
    adj_start(&a, &s); /* the next game counts from 0 again */
    ck_assert_int_eq(adj_after_move(&a, &p20b, &p21w, 0, 0, &res), ADJ_NONE);
}
END_TEST

/* pos after the move text of pos (a legal move, by the rules library). */
static Position after_move(const Position *pos, const char *text)
{
    Position next = *pos;
    Move m;
    Undo u;
    char err[128];
    ck_assert_int_eq(notation_parse_move(pos, text, &m, err, sizeof err), 0);
    position_make(&next, &m, &u);
    return next;
}

/* -draw restarts on every move that restarts DrawPlies, as fastchess restarts
 * on a capture or a pawn move: in Tabal also a man's step (RULES.md). */
START_TEST(adjudication_tabal_man_step)
{
    Rules r = rules_default(VARIANT_TABAL);
    Position start = fen_pos_rules("k2/3/5/5/5/5/5/1K1/M2 w 7 40", &r);
    Position king = after_move(&start, "c2-d2"), man = after_move(&start, "a1-c1");
    ck_assert_int_eq(king.draw_plies, 8);
    ck_assert_int_eq(man.draw_plies, 0);
    AdjudicationSpec s;
    memset(&s, 0, sizeof s);
    s.draw_on = 1;
    s.draw_movecount = 1;
    s.draw_score = 10;
    Adjudicator a;
    GameResult res;
    adj_start(&a, &s);
    ck_assert_int_eq(adj_after_move(&a, &start, &king, 1, 0, &res), ADJ_NONE);
    /* The man's step restarts the count, the kings' steps count. */
    ck_assert_int_eq(adj_after_move(&a, &start, &man, 1, 0, &res), ADJ_NONE);
    ck_assert_int_eq(a.draw_plies, 0);
    ck_assert_int_eq(adj_after_move(&a, &start, &king, 1, 0, &res), ADJ_NONE);
    ck_assert_int_eq(adj_after_move(&a, &start, &king, 1, 0, &res), ADJ_DRAW);
}
END_TEST

static MatchConfig base_config(int nengines)
{
    MatchConfig c;
    config_defaults(&c);
    c.nengines = nengines;
    c.engines = calloc((size_t)nengines, sizeof *c.engines);
    return c;
}

START_TEST(schedule_pairs_and_shards)
{
    MatchConfig c = base_config(3);
    c.games = 4;
    c.rounds = 2;
    c.repeat = 1;
    OpeningBook b;
    char err[128];
    ck_assert_int_eq(openings_load(&b, &c.openings, &c.rules, 1, err, sizeof err), 0);
    GameSpec *g;
    int n = schedule_build(&c, &b, &g);
    ck_assert_int_eq(n, 2 * 3 * 4);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(g[i].number, i + 1);
        ck_assert_int_eq(g[i].pair, i / 2 + 1);
        if (i % 2) {   /* second game of a pair: colours reversed */
            ck_assert_int_eq(g[i].white, g[i - 1].black);
            ck_assert_int_eq(g[i].black, g[i - 1].white);
        }
    }
    ck_assert_int_eq(g[0].white, 0);
    ck_assert_int_eq(g[0].black, 1);
    ck_assert_int_eq(g[4].white, 0);
    ck_assert_int_eq(g[4].black, 2);
    ck_assert_int_eq(g[8].white, 1);
    ck_assert_int_eq(g[8].black, 2);
    ck_assert_int_eq(g[12].round, 2);
    /* Shards: disjoint, whole pairs, union = everything. */
    int seen[64] = {0};
    for (int s = 1; s <= 3; s++)
        for (int i = 0; i < n; i++)
            if (schedule_in_shard(&g[i], s, 3)) seen[i]++;
    for (int i = 0; i < n; i++) ck_assert_int_eq(seen[i], 1);
    for (int i = 0; i < n; i += 2)
        ck_assert_int_eq(schedule_in_shard(&g[i], 2, 3), schedule_in_shard(&g[i + 1], 2, 3));
    free(g);
    c.gauntlet = 1;
    c.repeat = 0;
    c.games = 1;
    c.rounds = 1;
    n = schedule_build(&c, &b, &g);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(g[1].white, 0);
    ck_assert_int_eq(g[1].black, 2);
    ck_assert_int_eq(g[1].pair, 2);
    free(g);
    openings_free(&b);
    config_free(&c);
}
END_TEST

START_TEST(openings_order)
{
    const char *path = "/tmp/dablo-test-match-book.txt";
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "# comment\n\nc5-d6\nc5-d6 b8-c7\ng5-f6\ne5-f6 ; trailing\n");
    fclose(f);
    MatchConfig c = base_config(2);
    c.openings.file = strdup(path);
    c.openings.format = OPENINGS_MOVES;
    OpeningBook b;
    char err[256];
    ck_assert_int_ne(openings_load(&b, &c.openings, &c.rules, 1, err, sizeof err), 0);   /* ';' is not a move */
    ck_assert_msg(strstr(err, ":6:") != NULL, "%s", err);
    f = fopen(path, "w");
    fprintf(f, "# comment\n\nc5-d6\n1. c5-d6 b8-c7\ng5-f6\ne5-f6\n");
    fclose(f);
    ck_assert_int_eq(openings_load(&b, &c.openings, &c.rules, 1, err, sizeof err), 0);
    ck_assert_int_eq(b.n, 4);
    ck_assert_int_eq(b.v[1].plies, 2);
    ck_assert_str_eq(b.v[1].fen, "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/5/kp3K/1M2P/M1MMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 2 2");
    /* sequential from start=3: pair 0 gets entry 3 (index 2), wrapping */
    b.start = 3;
    ck_assert_int_eq(openings_for_pair(&b, 0), 2);
    ck_assert_int_eq(openings_for_pair(&b, 2), 0);
    openings_free(&b);
    /* random: a permutation, the same for the same seed */
    c.openings.random = 1;
    OpeningBook b1, b2;
    ck_assert_int_eq(openings_load(&b1, &c.openings, &c.rules, 42, err, sizeof err), 0);
    ck_assert_int_eq(openings_load(&b2, &c.openings, &c.rules, 42, err, sizeof err), 0);
    int seen[4] = {0};
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(b1.order[i], b2.order[i]);
        seen[b1.order[i]]++;
    }
    for (int i = 0; i < 4; i++) ck_assert_int_eq(seen[i], 1);
    openings_free(&b1);
    openings_free(&b2);
    remove(path);
    config_free(&c);
}
END_TEST

/* The openings of a FIFO: a wait for its writer ends when the abort fd
 * (the runner's abort pipe, written on a signal) is readable; the bytes
 * of a file load as the file does. */
START_TEST(openings_fifo_and_text)
{
    char fifo[64];
    snprintf(fifo, sizeof fifo, "/tmp/dablo-test-match-fifo.%ld", (long)getpid());
    unlink(fifo);
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    int ab[2];
    ck_assert_int_eq(pipe(ab), 0);
    ck_assert_int_eq(write(ab[1], "x", 1), 1);
    StrBuf bytes = { 0 };
    char err[256];
    ck_assert_int_eq(openings_read(fifo, ab[0], &bytes, err, sizeof err), 1);
    ck_assert_uint_eq(bytes.len, 0);
    unlink(fifo);
    close(ab[0]);
    close(ab[1]);
    ck_assert_int_eq(openings_read(fifo, -1, &bytes, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "cannot open openings file") != NULL, "%s", err);
    MatchConfig c = base_config(2);
    c.openings.file = strdup("book.txt");
    c.openings.format = OPENINGS_MOVES;
    const char text[] = "# comment\nc5-d6\n\n1. c5-d6 b8-c7\n";
    OpeningBook b;
    ck_assert_int_eq(
        openings_load_text(&b, &c.openings, &c.rules, 1, text, sizeof text - 1, err, sizeof err),
        0);
    ck_assert_int_eq(b.n, 2);
    ck_assert_int_eq(b.v[1].plies, 2);
    openings_free(&b);
    ck_assert_int_ne(openings_load_text(&b, &c.openings, &c.rules, 1, "", 0, err, sizeof err), 0);
    ck_assert_str_eq(err, "openings file book.txt has no openings");
    ck_assert_int_ne(
        openings_load_text(&b, &c.openings, &c.rules, 1, "c5-d6\nzz\n", 9, err, sizeof err), 0);
    ck_assert_msg(strncmp(err, "book.txt:2: ", 12) == 0, "%s", err);
    config_free(&c);
    strbuf_free(&bytes);
}
END_TEST

START_TEST(results_line)
{
    GameRecord r;
    memset(&r, 0, sizeof r);
    r.spec.number = 12;
    r.spec.round = 3;
    r.spec.pair = 6;
    r.white = strdup("new engine");
    r.black = strdup("old%2");
    r.start_fen = strdup("x");
    r.result = RESULT_DRAW;
    r.term = TERM_REPETITION;
    r.nmoves = 0;
    r.opening_number = 17;
    StrBuf b = {0};
    record_results_line(&r, &b);
    ck_assert_str_eq(strbuf_str(&b), "game=12 round=3 pair=6 white=new%20engine black=old%252 result=1/2-1/2 "
                                 "termination=repetition plies=0 opening=17\n");
    strbuf_free(&b);
    record_free(&r);
    for (int t = 1; t < TERM_NB; t++) ck_assert_int_eq(term_from_word(term_word((Termination)t)), t);
}
END_TEST

/* /proc/stat as proc(5) describes it: the eighth number of the "cpu"
 * line is steal, in USER_HZ ticks. */
START_TEST(steal_from_proc_stat)
{
    const char *stat = "cpu  8377895 63971 291617 2619497 2675 0 1864 3473 0 0\n"
                       "cpu0 4185323 20245 149423 1322647 167 0 849 1762 0 0\n"
                       "intr 1 2 3\n";
    ck_assert_int_eq(steal_parse_ms(stat, 100), 34730);
    ck_assert_int_eq(steal_parse_ms(stat, 1000), 3473);
    /* The per-CPU line is not the total; a line after others is found. */
    ck_assert_int_eq(steal_parse_ms("cpu0 1 2 3 4 5 6 7 8\ncpu  1 2 3 4 5 6 7 9 0\n", 100), 90);
    /* Too few numbers (no steal field), no cpu line, bad rate. */
    ck_assert_int_eq(steal_parse_ms("cpu  1 2 3 4 5 6 7\n", 100), -1);
    ck_assert_int_eq(steal_parse_ms("cpu  1 2 3 x 5 6 7 8\n", 100), -1);
    ck_assert_int_eq(steal_parse_ms("intr 1 2\n", 100), -1);
    ck_assert_int_eq(steal_parse_ms("", 100), -1);
    ck_assert_int_eq(steal_parse_ms(NULL, 100), -1);
    ck_assert_int_eq(steal_parse_ms(stat, 0), -1);
    /* On this machine (Linux) the live reading works and never goes back. */
    int64_t a = steal_now_ms(), b = steal_now_ms();
    ck_assert_int_ge(a, 0);
    ck_assert_int_ge(b, a);
}
END_TEST

/* Counts the names in dir that start with prefix. */
static int names_starting(const char *dir, const char *prefix)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "ls -a '%s' | grep -c '^%s'", dir, prefix);
    FILE *p = popen(cmd, "r");
    int n = -1;
    if (p && fscanf(p, "%d", &n) != 1) n = -1;
    if (p) pclose(p);
    return n;
}

/* newfile.h: FILE appears only whole, never replaces a file, and a failed
 * or abandoned run leaves neither FILE nor its temporary name. */
START_TEST(new_file_whole_or_nothing)
{
    char dir[] = "/tmp/dablo-newfile.XXXXXX", path[600], err[600], other[700];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/out.txt", dir);
    NewFile nf;
    ck_assert_int_eq(newfile_open(&nf, path, err, sizeof err), 0);
    fputs("half", nf.f);
    fflush(nf.f);
    ck_assert_int_eq(access(path, F_OK), -1); /* not there while being written */
    ck_assert_int_eq(names_starting(dir, "out.txt.tmp."), 1);
    ck_assert_int_eq(newfile_commit(&nf, err, sizeof err), 0);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_size, 4);
    ck_assert_int_eq(names_starting(dir, "out.txt.tmp."), 0);
    /* An existing file is refused, by name, and left as it was. */
    ck_assert_int_eq(newfile_open(&nf, path, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "out.txt exists: remove it or choose another name"));
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_size, 4);
    /* A device or a folder is named as such, never "remove it". */
    ck_assert_int_eq(newfile_open(&nf, "/dev/null", err, sizeof err), -1);
    ck_assert_str_eq(err, "/dev/null: not a regular file");
    ck_assert_int_eq(newfile_open(&nf, dir, err, sizeof err), -1);
    snprintf(other, sizeof other, "%s: is a folder", dir);
    ck_assert_str_eq(err, other);
    /* A file that appears while the run writes is kept; the commit fails. */
    snprintf(other, sizeof other, "%s/late.txt", dir);
    ck_assert_int_eq(newfile_open(&nf, other, err, sizeof err), 0);
    fputs("new", nf.f);
    FILE *late = fopen(other, "w");
    ck_assert_ptr_nonnull(late);
    fputs("someone else's", late);
    fclose(late);
    ck_assert_int_eq(newfile_commit(&nf, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "late.txt: File exists"));
    ck_assert_int_eq(stat(other, &st), 0);
    ck_assert_int_eq(st.st_size, 14);
    ck_assert_int_eq(names_starting(dir, "late.txt.tmp."), 0);
    /* Abandoned: nothing left. */
    snprintf(other, sizeof other, "%s/gone.txt", dir);
    ck_assert_int_eq(newfile_open(&nf, other, err, sizeof err), 0);
    newfile_abandon(&nf);
    ck_assert_int_eq(names_starting(dir, "gone.txt"), 0);
    /* A folder that is not there: refused by the file's own name (not the
     * temporary one's), nothing created. */
    snprintf(other, sizeof other, "%s/no/such.txt", dir);
    ck_assert_int_eq(newfile_open(&nf, other, err, sizeof err), -1);
    char want[800];
    snprintf(want, sizeof want, "cannot create %s: its folder %s/no does not exist", other, dir);
    ck_assert_str_eq(err, want);
    ck_assert_ptr_null(strstr(err, ".tmp."));
    unlink(path);
    snprintf(other, sizeof other, "%s/late.txt", dir);
    unlink(other);
    ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* A file this run locked already, reached again by a symbolic link to it
 * (made by the first lock): the same file, named by both, not a file "in
 * use by another dablo-match run" with this run's own pid. */
START_TEST(outputs_same_file_locked_twice)
{
    char dir[] = "/tmp/dablo-outputs.XXXXXX", same[600], link[600], want[1400], err[4300];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(same, sizeof same, "%s/same.txt", dir);
    snprintf(link, sizeof link, "%s/link.txt", dir);
    ck_assert_int_eq(symlink("same.txt", link), 0);
    OutputLocks l = { 0 };
    ck_assert_int_eq(outputs_lock(&l, same, "results file", err, sizeof err), 0);
    ck_assert_int_eq(outputs_lock(&l, link, "PGN file", err, sizeof err), -1);
    snprintf(want, sizeof want,
             "results file %s and PGN file %s are the same file: give each its own", same, link);
    ck_assert_str_eq(err, want);
    ck_assert_int_eq(l.n, 1);
    outputs_release(&l);
    ck_assert_int_eq(access(same, F_OK), -1); /* created empty by the lock: removed */
    ck_assert_int_eq(unlink(link), 0);
    ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

START_TEST(balance_search)
{
    Rules r = rules_default(VARIANT_DABLOT);
    Position p;
    position_start(&p, &r);
    ck_assert_int_eq(genopen_search(&p, 2), 0);
    /* White to move can take a man for free: the search sees +100 or more. */
    Position q = fen_pos("k5/5/6/5/6/5/5K/5/6/5/m5/5/M5 w 0 1");
    ck_assert_int_ge(genopen_search(&q, 1), 100);
}
END_TEST

/* The positions of -compliance, replayed here with the rules library:
 * the steps are steps, the capture has two jumps and its short form is
 * the same move, the finished FEN is over, the repetition ends the game
 * by threefold repetition and nothing earlier. */
START_TEST(compliance_positions)
{
    for (int v = 0; v < VARIANT_NB; v++) {
        Rules r = rules_default((Variant)v);
        ComplianceCases k;
        char err[256];
        ck_assert_msg(compliance_cases(&k, &r, err, sizeof err) == 0, "%s", err);
        Position p, q;
        Move m, n;
        Undo u;
        position_start(&p, &r);
        for (int i = 0; i < 2; i++) {
            ck_assert_int_eq(notation_parse_move(&p, k.steps[i], &m, err, sizeof err), 0);
            ck_assert(!move_is_capture(&m));
            position_make(&p, &m, &u);
        }
        for (int i = 0; i < 2; i++)
            ck_assert_int_eq(notation_parse_move(&p, k.searchmoves[i], &m, err, sizeof err), 0);
        ck_assert_str_ne(k.searchmoves[0], k.searchmoves[1]);
        q = fen_pos_rules(k.capture_fen, &r);
        ck_assert_int_eq(notation_parse_move(&q, k.capture_path, &m, err, sizeof err), 0);
        ck_assert_int_eq(notation_parse_move(&q, k.capture_short, &n, err, sizeof err), 0);
        ck_assert(move_equal(&m, &n));
        ck_assert_int_ge(bb_count(m.captured), 2);
        ck_assert_str_ne(k.capture_path, k.capture_short);
        q = fen_pos_rules(k.finished_fen, &r);
        Game g;
        EndReason why;
        ck_assert_int_eq(game_init(&g, &q), 0);
        ck_assert_int_ne(game_result(&g, &why), RESULT_NONE);
        game_free(&g);
        /* The repetition starts from the start (Dablot) or a FEN of kings
         * (Tabal, whose men cannot step back): try both. */
        int repeated = 0;
        for (int from = 0; from < 2 && !repeated; from++) {
            if (from == 0)
                position_start(&q, &r);
            else if (v == VARIANT_TABAL)
                q = fen_pos_rules("2k/3/5/5/5/5/5/3/K2 w 0 1", &r);
            else
                break;
            ck_assert_int_eq(game_init(&g, &q), 0);
            int i = 0;
            for (; i < k.nrepetition
                   && notation_parse_move(&g.pos, k.repetition[i], &m, err, sizeof err) == 0;
                 i++) {
                ck_assert_int_eq(game_result(&g, &why), RESULT_NONE);
                game_play(&g, &m);
            }
            repeated = i == k.nrepetition && game_result(&g, &why) == RESULT_DRAW
                    && why == END_REPETITION;
            game_free(&g);
        }
        ck_assert_msg(repeated, "variant %d: the repetition moves do not repeat", v);
    }
}
END_TEST

/* The bestmove judge: legal full paths pass; (none), a short form, an
 * illegal or empty move fail; a finished game wants (none). */
START_TEST(compliance_judge)
{
    Rules r = rules_default(VARIANT_DABLOT);
    Position p = fen_pos_rules("5k/5/6/m4/6/5/m5/5/M5/5/6/5/5K w 0 1", &r);
    char why[512];
    ck_assert_int_eq(compliance_judge_move(&p, 0, "a5xa9xc11", why, sizeof why), 0);
    /* Captures are optional in Dablot: a prefix of a capture is a move. */
    ck_assert_int_eq(compliance_judge_move(&p, 0, "a5xa9", why, sizeof why), 0);
    ck_assert_int_eq(compliance_judge_move(&p, 0, "k1-k3", why, sizeof why), 0);
    ck_assert_int_eq(compliance_judge_move(&p, 0, "a5xc11", why, sizeof why), -1);
    ck_assert_ptr_nonnull(strstr(why, "short form"));
    ck_assert_int_eq(compliance_judge_move(&p, 0, "(none)", why, sizeof why), -1);
    ck_assert_ptr_nonnull(strstr(why, "9 legal moves"));
    ck_assert_int_eq(compliance_judge_move(&p, 0, "k13-k11", why, sizeof why), -1);
    ck_assert_ptr_nonnull(strstr(why, "not a legal move"));
    ck_assert_int_eq(compliance_judge_move(&p, 0, "", why, sizeof why), -1);
    ck_assert_int_eq(compliance_judge_move(&p, 0, "0000", why, sizeof why), -1);
    ck_assert_int_eq(compliance_judge_move(&p, 1, "(none)", why, sizeof why), 0);
    ck_assert_int_eq(compliance_judge_move(&p, 1, "k1-k3", why, sizeof why), -1);
    ck_assert_ptr_nonnull(strstr(why, "finished"));
    /* One legal move (a compulsory Tabal capture): "1 legal move". */
    Rules t = rules_default(VARIANT_TABAL);
    Position q = fen_pos_rules("mmm/mmm/mm1m1/mmm1m/m4/MM2M/1MM1M/MMM/MMM b 0 6", &t);
    ck_assert_int_eq(compliance_judge_move(&q, 0, "(none)", why, sizeof why), -1);
    ck_assert_ptr_nonnull(strstr(why, "with 1 legal move"));
    ck_assert_ptr_null(strstr(why, "1 legal moves"));
}
END_TEST

static Suite *match_suite(void)
{
    Suite *s = suite_create("match");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, tc_parse_forms);
    tcase_add_test(tc, clock_accounting);
    tcase_add_test(tc, seconds);
    tcase_add_test(tc, encodings);
    tcase_add_test(tc, info_lines);
    tcase_add_test(tc, adjudication_counts);
    tcase_add_test(tc, adjudication_tabal_man_step);
    tcase_add_test(tc, schedule_pairs_and_shards);
    tcase_add_test(tc, openings_order);
    tcase_add_test(tc, openings_fifo_and_text);
    tcase_add_test(tc, results_line);
    tcase_add_test(tc, balance_search);
    tcase_add_test(tc, new_file_whole_or_nothing);
    tcase_add_test(tc, outputs_same_file_locked_twice);
    tcase_add_test(tc, steal_from_proc_stat);
    tcase_add_test(tc, compliance_positions);
    tcase_add_test(tc, compliance_judge);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    geometry_init();
    SRunner *sr = srunner_create(match_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
