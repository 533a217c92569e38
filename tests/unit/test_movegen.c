/*
 * test_movegen.c - one hand-built position for every rule and option of
 * RULES.md sections 1, 2 and 4, and move strings of section 5.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board_helpers.h"
#include "helpers.h"
#include "rules/game.h"
#include "rules/movegen.h"
#include "rules/notation.h"

static char buf[8192];

static const char *moves_of(Variant v, const char *options, const char *pieces, char stm)
{
    Rules r = test_rules(v, options);
    Position pos;
    test_place(&pos, &r, pieces, stm);
    test_moves_string(&pos, buf, sizeof buf);
    return buf;
}

static const char *captures_of(Variant v, const char *options, const char *pieces, char stm)
{
    Rules r = test_rules(v, options);
    Position pos;
    test_place(&pos, &r, pieces, stm);
    test_captures_string(&pos, buf, sizeof buf);
    return buf;
}

/* RULES.md 1 "Moves": a piece jumps only pieces of equal or lower rank. */
START_TEST(dablot_rank_limits)
{
    ck_assert_str_eq(captures_of(VARIANT_DABLOT, "", "Ma1 pb2 kk13", 'w'), "");
    ck_assert_str_eq(captures_of(VARIANT_DABLOT, "", "Ma1 kb2 pk13", 'w'), "");
    ck_assert_str_eq(captures_of(VARIANT_DABLOT, "", "Pa1 kb2 pk13", 'w'), "");
    ck_assert_str_eq(captures_of(VARIANT_DABLOT, "", "Pa1 pb2 kk13", 'w'), "a1xc3");
    ck_assert_str_eq(captures_of(VARIANT_DABLOT, "", "Pa1 mb2 kk13", 'w'), "a1xc3");
    ck_assert_str_eq(captures_of(VARIANT_DABLOT, "", "Ka1 kb2 pk13", 'w'), "a1xc3");
    ck_assert_str_eq(captures_of(VARIANT_DABLOT, "", "Ma1 mb2 kk13", 'w'), "a1xc3");
    /* never over an own piece, never onto an occupied point */
    ck_assert_str_eq(captures_of(VARIANT_DABLOT, "", "Ka1 Mb2 kk13", 'w'), "");
    ck_assert_str_eq(captures_of(VARIANT_DABLOT, "", "Ka1 mb2 Mc3 kk13", 'w'), "");
}
END_TEST

/* Captures optional: every prefix is a move and steps stay legal;
 * compulsory: only the completed sequence and no step. */
START_TEST(dablot_optional_and_compulsory)
{
    const char *pieces = "Ma1 mb2 md4 kk13";
    ck_assert_str_eq(captures_of(VARIANT_DABLOT, "", pieces, 'w'), "a1xc3 a1xc3xe5");
    ck_assert_str_eq(moves_of(VARIANT_DABLOT, "", pieces, 'w'), "a1-a3 a1-c1 a1xc3 a1xc3xe5");
    ck_assert_str_eq(moves_of(VARIANT_DABLOT, "Captures=compulsory", pieces, 'w'), "a1xc3xe5");
    ck_assert_str_eq(moves_of(VARIANT_DABLOT, "Rules=modern", pieces, 'w'), "a1xc3xe5");
}
END_TEST

/* compulsory-men (Cyningstan 15): a man's capture forces a capture by any
 * piece; men complete their sequences, king and prince may stop. */
START_TEST(dablot_compulsory_men)
{
    const char *with_man = "Ma1 mb2 Kk1 mj2 mh4 kk13";
    ck_assert_str_eq(moves_of(VARIANT_DABLOT, "Captures=compulsory-men", with_man, 'w'),
                     "a1xc3 k1xi3 k1xi3xg5");
    const char *man_sequence = "Ma1 mb2 md4 Kk1 mj2 mh4 kk13";
    ck_assert_str_eq(moves_of(VARIANT_DABLOT, "Captures=compulsory-men", man_sequence, 'w'),
                     "a1xc3xe5 k1xi3 k1xi3xg5");
    /* no man can capture: captures optional, the king may stop */
    const char *king_only = "Mc1 Kk1 mj2 mh4 kk13";
    ck_assert_str_eq(moves_of(VARIANT_DABLOT, "Captures=compulsory-men", king_only, 'w'),
                     "c1-a1 c1-b2 c1-c3 c1-d2 c1-e1 k1-i1 k1-k3 k1xi3 k1xi3xg5");
}
END_TEST

/* ForwardOnlyMen (Cyningstan 14): from a vertex straight ahead or to the
 * centre diagonally ahead; from a centre to the vertex diagonally ahead. */
START_TEST(dablot_forward_only)
{
    ck_assert_str_eq(moves_of(VARIANT_DABLOT, "ForwardOnlyMen=true", "Mc3 kk13", 'w'), "c3-b4 c3-c5 c3-d4");
    ck_assert_str_eq(moves_of(VARIANT_DABLOT, "ForwardOnlyMen=true", "Md4 kk13", 'w'), "d4-c5 d4-e5");
    ck_assert_str_eq(moves_of(VARIANT_DABLOT, "ForwardOnlyMen=true", "md4 Kk13", 'b'), "d4-c3 d4-e3");
    ck_assert_str_eq(moves_of(VARIANT_DABLOT, "ForwardOnlyMen=true", "mc3 Kk13", 'b'), "c3-b2 c3-c1 c3-d2");
    /* captures still go every way; kings and princes step anywhere */
    ck_assert_str_eq(captures_of(VARIANT_DABLOT, "ForwardOnlyMen=true", "Md4 mc3 kk13", 'w'), "d4xb2");
    ck_assert_str_eq(moves_of(VARIANT_DABLOT, "ForwardOnlyMen=true", "Pd4 kk13", 'w'), "d4-c3 d4-c5 d4-e3 d4-e5");
    ck_assert_str_eq(moves_of(VARIANT_DABLOT, "", "Md4 kk13", 'w'), "d4-c3 d4-c5 d4-e3 d4-e5");
}
END_TEST

/* Section 4: two capture paths forming a circuit are one move; the start
 * point counts as empty; the canonical string is the smallest. */
START_TEST(dablot_circuit)
{
    const char *pieces = "Ma5 mb6 md6 mc5 kk13";
    ck_assert_str_eq(captures_of(VARIANT_DABLOT, "", pieces, 'w'),
                     "a5xc7 a5xc7xc3 a5xc7xe5 a5xc7xe5xa5 a5xe5 a5xe5xc7");
    ck_assert_str_eq(captures_of(VARIANT_DABLOT, "Captures=compulsory", pieces, 'w'), "a5xc7xc3 a5xc7xe5xa5");
    /* both paths parse to the one move */
    Rules r = test_rules(VARIANT_DABLOT, "Captures=compulsory");
    Position pos;
    Move a, b;
    char err[200];
    test_place(&pos, &r, pieces, 'w');
    ck_assert_int_eq(notation_parse_move(&pos, "a5xc7xe5xa5", &a, err, sizeof err), 0);
    ck_assert_int_eq(notation_parse_move(&pos, "a5xe5xc7xa5", &b, err, sizeof err), 0);
    ck_assert(move_equal(&a, &b));
    ck_assert_int_eq(notation_parse_move(&pos, "a5xa5", &b, err, sizeof err), 0);
    ck_assert(move_equal(&a, &b));
    ck_assert_int_eq(bb_count(a.captured), 3);
    Undo u;
    position_make(&pos, &a, &u);
    ck_assert_int_eq(pos.board[geometry_point(pos.geo, "a5")], piece_make(WHITE, MAN));
    ck_assert_int_eq(bb_count(pos.by_color[BLACK]), 1);
}
END_TEST

/* notation_why_not: the move named, and why it is none (the words of the
 * terminal's play mode and dablo-svg -lastmove); a long word is cut. */
START_TEST(why_not_a_legal_move)
{
    Rules r = test_rules(VARIANT_DABLOT, "");
    Position pos;
    char why[600], want[600];
    test_place(&pos, &r, "Mc3 md4 mf4 md2 mf2 mk13 Kk1", 'w');
    static const char *const cases[][2] = {
        { "c3xg3", "c3xg3 is not a move: 2 captures go from c3 to g3; type the full path" },
        { "c3-c7", "c3-c7 is not a legal move: c7 is not next to c3 (the points next to c3 are " },
        { "a1-a2",
          "a1-a2 is not a move: a2 is not a point of the board (rank 2 has b2 d2 f2 h2 j2)" },
        { "c3", "c3 is not a move: a step is from-to (c5-d6), a capture names every landing point "
                "(a5xa9xc11)" },
        { "e3-e5", "e3-e5 is not a legal move: there is no piece on e3" },
        { "d4-d6", "d4-d6 is not a legal move: the piece on d4 is Black's, and White is to move" },
        { "c3-d4", "c3-d4 is not a legal move: d4 is taken" },
        { "k1xk5", "k1xk5 is not a legal move: the piece on k1 has no capture; it can play " },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        notation_why_not(&pos, cases[i][0], why, sizeof why);
        ck_assert_msg(strncmp(why, cases[i][1], strlen(cases[i][1])) == 0, "%s: got '%s'",
                      cases[i][0], why);
    }
    snprintf(want, sizeof want,
             "%.40s... is not a move: ", "c3-zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz");
    notation_why_not(&pos, "c3-zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", why, sizeof why);
    ck_assert_msg(strncmp(why, want, strlen(want)) == 0, "got '%s'", why);
    /* A short buffer is cut, never overrun. */
    notation_why_not(&pos, "c3-c7", why, 8);
    ck_assert_str_eq(why, "c3-c7 i");
}
END_TEST

/* notation_why_not names the first reason in the order a person checks a
 * move: a point the piece cannot reach before one that is taken (c5-c9 at
 * the start is not next to c5, though c9 is taken too), and for a capture
 * each jump's line, the piece it passes, then its landing point, on the
 * board as the capture leaves it. */
START_TEST(why_not_reason_order)
{
    /* the game, its options, the pieces (White to move; NULL: the start
     * position), the move and the whole line */
    static const struct {
        Variant v;
        const char *options, *pieces, *move, *want;
    } cases[] = {
        { VARIANT_DABLOT, "", NULL, "c5-c9",
          "c5-c9 is not a legal move: c9 is not next to c5 (the points next to c5 are c3 b4 d4 a5 "
          "e5 b6 d6 c7)" },
        { VARIANT_DABLOT, "", NULL, "c5-e5", "c5-e5 is not a legal move: e5 is taken" },
        { VARIANT_DABLOT, "", NULL, "a1-a9",
          "a1-a9 is not a legal move: a9 is not next to a1 (the points next to a1 are c1 b2 a3)" },
        /* Dablot jumps: c3 has a capture (c3xa5), so each fault of c3xe5 is named */
        { VARIANT_DABLOT, "", "Mc3 mb4 Kk1 mk13", "c3xe5",
          "c3xe5 is not a legal move: there is no piece on d4 to jump" },
        { VARIANT_DABLOT, "", "Mc3 mb4 Kk1 mk13", "c3-e5",
          "c3-e5 is not a legal move: e5 is not next to c3 (the points next to c3 are c1 b2 d2 a3 "
          "e3 b4 d4 c5)" },
        { VARIANT_DABLOT, "", "Mc3 mb4 Md4 Kk1 mk13", "c3xe5",
          "c3xe5 is not a legal move: the piece on d4 is White's own" },
        { VARIANT_DABLOT, "", "Mc3 mb4 pd4 Kk1 mk13", "c3xe5",
          "c3xe5 is not a legal move: a man cannot jump the prince on d4 (a piece jumps pieces of "
          "its rank or lower)" },
        { VARIANT_DABLOT, "", "Mc3 mb4 md4 me5 Kk1 mk13", "c3xe5",
          "c3xe5 is not a legal move: e5 is taken" },
        { VARIANT_DABLOT, "", "Mc3 md4 Kk1 mk13", "c3xe5xe11",
          "c3xe5xe11 is not a legal move: e11 is not two points from e5 along a line" },
        { VARIANT_DABLOT, "", "Mc3 md4 Kk1 mk13", "c3xe5xe9",
          "c3xe5xe9 is not a legal move: there is no piece on e7 to jump" },
        /* the second jump sees d4 removed (and c3 left) */
        { VARIANT_DABLOT, "", "Mc3 md4 Kk1 mk13", "c3xe5xc3",
          "c3xe5xc3 is not a legal move: there is no piece on d4 to jump" },
        /* a capture that stops too early under compulsory captures */
        { VARIANT_DABLOT, "Captures=compulsory", "Mc3 md4 mf6 Kk1 mk13", "c3xe5",
          "c3xe5 is not a legal move: the capture must go on from e5" },
        { VARIANT_DABLOT, "Captures=compulsory", "Mc3 md4 mf6 Kk1 mk13", "c3-c5",
          "c3-c5 is not a legal move: a capture is compulsory" },
        /* a capture asked of a piece without one, while another must take */
        { VARIANT_DABLOT, "Captures=compulsory", "Mc3 md4 Ma1 Kk1 mk13", "a1xa5",
          "a1xa5 is not a legal move: the piece on a1 has no capture" },
        { VARIANT_DABLOT, "", "Mc3 md4 Ma1 Kk1 mk13", "a1xa5",
          "a1xa5 is not a legal move: the piece on a1 has no capture; it can play a1-a3 a1-b2 "
          "a1-c1" },
        /* ForwardOnlyMen: a step backwards is named before the taken point */
        { VARIANT_DABLOT, "ForwardOnlyMen=true", "Mc5 Mc3 Kk1 mk13", "c5-c3",
          "c5-c3 is not a legal move: men step only forward (ForwardOnlyMen)" },
        { VARIANT_DABLOT, "ForwardOnlyMen=true", "Mc5 Mc3 Kk1 mk13", "c5-e5",
          "c5-e5 is not a legal move: men step only forward (ForwardOnlyMen)" },
        /* Tabal: men never step back; a king flies along a line, past no piece */
        { VARIANT_TABAL, "", "Mc5 Mc4 Ka1 Mc1 me9", "c5-c4",
          "c5-c4 is not a legal move: a man steps only forward or sideways" },
        { VARIANT_TABAL, "", "Mc5 Mc4 Ka1 Mc1 me9", "a1-d3",
          "a1-d3 is not a legal move: d3 is not on a line from a1" },
        { VARIANT_TABAL, "", "Mc5 Mc4 Ka1 Mc1 me9", "a1-e1",
          "a1-e1 is not a legal move: the piece on c1 is in the way" },
        { VARIANT_TABAL, "", "Mc5 Mc4 Ka1 Mc1 me9", "a1-c1",
          "a1-c1 is not a legal move: c1 is taken" },
        { VARIANT_TABAL, "", "Ka1 mb2 mc3 mc1 me9", "a1xd4",
          "a1xd4 is not a legal move: a jump passes over one piece, and b2 and c3 are between a1 "
          "and d4" },
        { VARIANT_TABAL, "", "Ka1 mb2 me9", "a1xd4xa1",
          "a1xd4xa1 is not a legal move: the piece on b2 cannot be jumped twice" },
        { VARIANT_TABAL, "", "Ka1 mb2 me9", "a1xc1",
          "a1xc1 is not a legal move: there is no piece between a1 and c1 to jump" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Rules r = test_rules(cases[i].v, cases[i].options);
        Position pos;
        char why[600];
        if (cases[i].pieces)
            test_place(&pos, &r, cases[i].pieces, 'w');
        else
            position_start(&pos, &r);
        notation_why_not(&pos, cases[i].move, why, sizeof why);
        ck_assert_msg(strcmp(why, cases[i].want) == 0, "%s: got '%s', want '%s'", cases[i].move,
                      why, cases[i].want);
    }
}
END_TEST

/* Section 5: the short form is ambiguous when two moves share start and
 * end; full paths always decide. */
START_TEST(dablot_short_form)
{
    Rules r = test_rules(VARIANT_DABLOT, "Captures=compulsory");
    Position pos;
    Move m;
    char err[200], s[MOVE_STR_MAX];
    test_place(&pos, &r, "Mc3 md4 mf4 kk13", 'w');
    ck_assert_int_eq(notation_parse_move(&pos, "c3xg3", &m, err, sizeof err), 0);
    notation_move_string(&pos, &m, s, sizeof s);
    ck_assert_str_eq(s, "c3xe5xg3");
    test_place(&pos, &r, "Mc3 md4 mf4 md2 mf2 kk13", 'w');
    test_moves_string(&pos, buf, sizeof buf);
    /* the two ways round the circuit take the same set: one move */
    ck_assert_str_eq(buf, "c3xe1xg3xe5xc3");
    r = test_rules(VARIANT_DABLOT, "");
    test_place(&pos, &r, "Mc3 md4 mf4 md2 mf2 kk13", 'w');
    ck_assert_int_eq(notation_parse_move(&pos, "c3xg3", &m, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "ambiguous") != NULL, "%s", err);
    ck_assert_int_eq(notation_parse_move(&pos, "c3xe5xg3", &m, err, sizeof err), 0);
    ck_assert_int_eq(notation_parse_move(&pos, "c3xe1xg3", &m, err, sizeof err), 0);
    ck_assert_int_eq(notation_parse_move(&pos, "c3xe5xg5", &m, err, sizeof err), -1);
    ck_assert_int_eq(notation_parse_move(&pos, "c3-c5", &m, err, sizeof err), 0);
    ck_assert_int_eq(notation_parse_move(&pos, "c3-c7", &m, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "illegal") != NULL, "%s", err);
    const char *junk[] = { "", "c3", "c3-", "c3xe5-g3", "z9-a1", "c3--c5", "c3 c5", "c3-c5-c7", "b1-c3", "xc3" };
    for (size_t i = 0; i < sizeof junk / sizeof *junk; i++) {
        ck_assert_msg(notation_parse_move(&pos, junk[i], &m, err, sizeof err) == -1, "accepted '%s'", junk[i]);
        /* none is written as a move: its form is refused with the same reason */
        char why[200];
        ck_assert_msg(notation_check_form(pos.geo, junk[i], why, sizeof why) == -1, "form of '%s'",
                      junk[i]);
        ck_assert_str_eq(why, err);
    }
    /* a move that is ambiguous or illegal here is written as a move */
    const char *formed[] = { "c3xg3", "c3xe5xg5", "c3-c7", "a5xa5", "k13-k11" };
    for (size_t i = 0; i < sizeof formed / sizeof *formed; i++)
        ck_assert_msg(notation_check_form(pos.geo, formed[i], err, sizeof err) == 0, "%s: %s",
                      formed[i], err);
}
END_TEST

/* A text that is no move names its first fault, from the left (the web
 * host answers it, the protocol quotes it): a missing point, a part that is
 * no point of the board and why, the wrong shape; never the wrong one (a
 * rank too large read as "expected '-' or 'x'"), whatever the bytes. */
START_TEST(form_reasons)
{
    static const char *const shape = "a step is from-to, a capture from x to ...";
    static const struct {
        Variant v;
        const char *text, *why;
    } cases[] = {
        { VARIANT_DABLOT, "", "empty" },
        { VARIANT_DABLOT, "c5-c99999999999999999999",
          "c99999999999999999999 is not a point of the board: its ranks are 1 to 13" },
        { VARIANT_DABLOT, "c14-c5", "c14 is not a point of the board: its ranks are 1 to 13" },
        { VARIANT_DABLOT, "c5-c05", "c05 is not a point of the board: its ranks are 1 to 13" },
        { VARIANT_DABLOT, "c5-c0", "c0 is not a point of the board: its ranks are 1 to 13" },
        { VARIANT_DABLOT, "z9-z9", "z9 is not a point of the board: its files are a to k" },
        { VARIANT_DABLOT, "a1-a2", "a2 is not a point of the board: rank 2 has b2 d2 f2 h2 j2" },
        { VARIANT_DABLOT, "C5-C7",
          "C5 is not a point of the board: a point is a file a to k and a rank 1 to 13, such as "
          "c5" },
        { VARIANT_DABLOT, "c5-\xc3\xa9",
          "\xc3\xa9 is not a point of the board: a point is a file a to k and a rank 1 to 13, "
          "such as c5" },
        { VARIANT_DABLOT, "c5:c7", "unexpected ':' after c5: points are joined by '-' or 'x'" },
        { VARIANT_DABLOT, "c5c7", "unexpected 'c' after c5: points are joined by '-' or 'x'" },
        { VARIANT_DABLOT,
          "c5\xe2\x80\x93"
          "c7", /* an en dash */
          "unexpected byte 0xE2 after c5: points are joined by '-' or 'x'" },
        { VARIANT_DABLOT, "c5-", "a point is missing after '-'" },
        { VARIANT_DABLOT, "-c5", "a point is missing before '-'" },
        { VARIANT_DABLOT, "c5xx", "a point is missing after 'x'" },
        { VARIANT_DABLOT, "c5-c5-", "a point is missing after '-'" },
        { VARIANT_DABLOT, "c5--c7", "a point is missing after '-'" },
        { VARIANT_DABLOT, "x", "a point is missing before 'x'" },
        { VARIANT_TABAL, "f1-a1", "f1 is not a point of the board: its files are a to e" },
        { VARIANT_TABAL, "a10-a9", "a10 is not a point of the board: its ranks are 1 to 9" },
        { VARIANT_TABAL, "b1-b2", "b1 is not a point of the board: rank 1 has a1 c1 e1" },
    };
    char err[600], want[600], parse_err[600];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Rules r = test_rules(cases[i].v, "");
        Position pos;
        Move m;
        position_start(&pos, &r);
        snprintf(want, sizeof want, "unparsable move (%s) '%s'", cases[i].why, cases[i].text);
        ck_assert_int_eq(notation_check_form(pos.geo, cases[i].text, err, sizeof err), -1);
        ck_assert_str_eq(err, want);
        ck_assert_int_eq(notation_parse_move(&pos, cases[i].text, &m, parse_err, sizeof parse_err),
                         -1);
        ck_assert_str_eq(parse_err, want);
    }
    /* the shape: one point, separators mixed, a step of three points */
    Rules r = test_rules(VARIANT_DABLOT, "");
    Position pos;
    position_start(&pos, &r);
    static const char *const shapes[][2] = {
        { "c5", "one point only" },
        { "c5xc7-c9", "'-' and 'x' mixed" },
        { "c5-c7x", "'-' and 'x' mixed" },
        { "c5-c7-c9", "more than two points joined by '-'" },
    };
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
        snprintf(want, sizeof want, "unparsable move (%s: %s) '%s'", shapes[i][1], shape,
                 shapes[i][0]);
        ck_assert_int_eq(notation_check_form(pos.geo, shapes[i][0], err, sizeof err), -1);
        ck_assert_str_eq(err, want);
    }
    /* long texts: the part and the text quoted cut at 40 bytes */
    static char text[100001];
    memset(text, 'c', sizeof text - 1);
    ck_assert_int_eq(notation_check_form(pos.geo, text, err, sizeof err), -1);
    snprintf(
        want, sizeof want,
        "unparsable move (%.40s... is not a point of the board: a point is a file a to k and a "
        "rank 1 to 13, such as c5) '%.40s...'",
        text, text);
    ck_assert_str_eq(err, want);
    memset(text, '9', sizeof text - 1);
    memcpy(text, "c5-c", 4);
    ck_assert_int_eq(notation_check_form(pos.geo, text, err, sizeof err), -1);
    snprintf(want, sizeof want,
             "unparsable move (%.40s... is not a point of the board: its ranks are 1 to 13) "
             "'%.40s...'",
             text + 3, text);
    ck_assert_str_eq(err, want);
    text[0] = '\0';
    for (int i = 0; i < 100; i++)
        strcat(text, "c5x");
    strcat(text, "c5");
    ck_assert_int_eq(notation_check_form(pos.geo, text, err, sizeof err), -1);
    ck_assert_msg(strncmp(err, "unparsable move (more than 80 points) 'c5xc5x", 45) == 0, "%s",
                  err);
    /* every byte after a point, and a short buffer cut, never overrun */
    for (int b = 1; b < 256; b++) {
        char one[8] = { 'c', '5', (char)b, 'c', '7', 0 };
        int rc = notation_check_form(pos.geo, one, err, sizeof err);
        ck_assert_int_eq(rc, b == '-' || b == 'x' ? 0 : -1);
        if (rc < 0) /* "c50c7": rank 50 */
            ck_assert_msg(strstr(err, b >= '0' && b <= '9' ? "its ranks are 1 to 13" : "after c5"),
                          "%d: %s", b, err);
    }
    memset(err, '#', sizeof err);
    ck_assert_int_eq(notation_check_form(pos.geo, "z9-z9", err, 8), -1);
    ck_assert_str_eq(err, "unparsa");
    ck_assert_int_eq(err[8], '#');
}
END_TEST

/* Dablot game ends (section 1): kings only, KingCaptureEnds,
 * KingAndPrinceCaptureEnds, no legal move. */
START_TEST(dablot_game_ends)
{
    Rules r = test_rules(VARIANT_DABLOT, "");
    Position pos;
    Game g;
    EndReason why;
    test_place(&pos, &r, "Ka1 kk13", 'w');
    ck_assert_int_eq(movegen_count(&pos), 0);
    game_init(&g, &pos);
    ck_assert_int_eq(game_result(&g, &why), RESULT_DRAW);
    ck_assert_int_eq(why, END_KINGS_ONLY);
    game_free(&g);

    test_place(&pos, &r, "Ma1 mk13", 'w');      /* no kings at all: the game goes on */
    ck_assert_int_eq(movegen_count(&pos) > 0, 1);
    r = test_rules(VARIANT_DABLOT, "KingCaptureEnds=true");
    test_place(&pos, &r, "Ma1 mk13 kk11", 'w');
    ck_assert_int_eq(movegen_count(&pos), 0);
    game_init(&g, &pos);
    ck_assert_int_eq(game_result(&g, &why), RESULT_BLACK_WINS);
    ck_assert_int_eq(why, END_KING_CAPTURED);
    game_free(&g);
    /* neither side has a king (RULES.md leaves it open): the side to move loses */
    for (int side = 0; side < 2; side++) {
        test_place(&pos, &r, "Ma1 mk13", side ? 'b' : 'w');
        game_init(&g, &pos);
        ck_assert_int_eq(game_result(&g, &why), side ? RESULT_WHITE_WINS : RESULT_BLACK_WINS);
        ck_assert_int_eq(why, END_KING_CAPTURED);
        game_free(&g);
    }

    r = test_rules(VARIANT_DABLOT, "KingAndPrinceCaptureEnds=true");
    test_place(&pos, &r, "Ma1 Pc1 mk13", 'w');
    ck_assert_int_eq(movegen_count(&pos), 0);
    game_init(&g, &pos);
    ck_assert_int_eq(game_result(&g, &why), RESULT_WHITE_WINS);
    ck_assert_int_eq(why, END_KING_AND_PRINCE);
    game_free(&g);
    test_place(&pos, &r, "Ma1 Pc1 mk13 pk11", 'w');
    ck_assert_int_eq(movegen_count(&pos) > 0, 1);

    /* blocked: White's man on a1 cannot move and loses */
    r = test_rules(VARIANT_DABLOT, "");
    test_place(&pos, &r, "Ma1 ka3 pb2 mc1 me1 Kk13", 'b');
    Move m;
    char err[100];
    ck_assert_int_eq(notation_parse_move(&pos, "k13-k11", &m, err, sizeof err), -1);   /* not Black's piece */
    test_place(&pos, &r, "Ma1 ka3 pb2 mc1 me1", 'w');
    game_init(&g, &pos);
    ck_assert_int_eq(game_result(&g, &why), RESULT_BLACK_WINS);
    ck_assert_int_eq(why, END_NO_MOVES);
    game_free(&g);
}
END_TEST

/* A game over before its first move (game_over_at_start(), the check of
 * an opening or a new game's start position): a side without pieces,
 * either one, named so; a rule that ends it; the start position not. */
START_TEST(game_over_at_start_reasons)
{
    Rules r = test_rules(VARIANT_DABLOT, "");
    Position pos;
    position_start(&pos, &r);
    ck_assert_ptr_null(game_over_at_start(&pos));
    test_place(&pos, &r, "Ma1", 'w');
    ck_assert_str_eq(game_over_at_start(&pos), "Black has no pieces");
    test_place(&pos, &r, "mk13", 'w'); /* the side to move: not only "no legal move" */
    ck_assert_str_eq(game_over_at_start(&pos), "White has no pieces");
    test_place(&pos, &r, "Ma1 ka3 pb2 mc1 me1", 'w');
    ck_assert_str_eq(game_over_at_start(&pos), position_end_reason_name(END_NO_MOVES));
    test_place(&pos, &r, "Ka1 kk13", 'w');
    ck_assert_str_eq(game_over_at_start(&pos), position_end_reason_name(END_KINGS_ONLY));
    test_place(&pos, &r, "Ma1 mk13", 'w');
    ck_assert_ptr_null(game_over_at_start(&pos));
    pos.draw_plies = r.draw_plies; /* the no-progress clock at DrawPlies */
    ck_assert_str_eq(game_over_at_start(&pos), position_end_reason_name(END_DRAW_PLIES));
}
END_TEST

/* KingCaptureEnds under compulsory: the sequence goes on after taking the
 * king; the end is tested after the move (section 4). */
START_TEST(dablot_king_capture_sequence)
{
    const char *pieces = "Ka1 kb2 md4 mk13";
    ck_assert_str_eq(moves_of(VARIANT_DABLOT, "Captures=compulsory KingCaptureEnds=true", pieces, 'w'),
                     "a1xc3xe5");
}
END_TEST

/* Tabal men step forward, diagonally forward and sideways, never back,
 * and capture in every direction (section 2). */
START_TEST(tabal_men)
{
    ck_assert_str_eq(moves_of(VARIANT_TABAL, "", "Mc5 ka9", 'w'), "c5-b5 c5-b6 c5-c6 c5-d5 c5-d6");
    ck_assert_str_eq(moves_of(VARIANT_TABAL, "", "Mb5 ka9", 'w'), "b5-a5 b5-b6 b5-c5");
    ck_assert_str_eq(moves_of(VARIANT_TABAL, "", "mc5 Ka1", 'b'), "c5-b4 c5-b5 c5-c4 c5-d4 c5-d5");
    ck_assert_str_eq(moves_of(VARIANT_TABAL, "", "Mc5 mc4 ka9", 'w'), "c5xc3");
    ck_assert_str_eq(moves_of(VARIANT_TABAL, "", "Mb2 ka9", 'w'), "b2-c2 b2-c3");
    ck_assert_str_eq(moves_of(VARIANT_TABAL, "", "Ma1 ke9", 'w'), "a1-b2 a1-c1");
    ck_assert_str_eq(moves_of(VARIANT_TABAL, "", "Mb2 mc2 ka9", 'w'), "b2xd2");
}
END_TEST

/* Tabal kings fly and capture by long jumps; jumped pieces stay until the
 * sequence ends, so they block and are never jumped twice. */
START_TEST(tabal_kings)
{
    ck_assert_str_eq(moves_of(VARIANT_TABAL, "", "Ka1 mc9", 'w'),
                     "a1-b2 a1-c1 a1-c3 a1-d4 a1-e1 a1-e5");
    ck_assert_str_eq(moves_of(VARIANT_TABAL, "", "Kc1 mc9", 'w'),
                     "c1-a1 c1-c2 c1-c3 c1-c4 c1-c5 c1-c6 c1-c7 c1-c8 c1-e1");
    /* the piece jumped on d3 blocks the way back to b3 */
    ck_assert_str_eq(moves_of(VARIANT_TABAL, "", "Kc3 md3 mb3", 'w'), "c3xa3 c3xe3");
    /* any landing point beyond; the sequence goes on where it can */
    ck_assert_str_eq(moves_of(VARIANT_TABAL, "", "Ka3 mb3 md4 ka9", 'w'),
                     "a3xc3xe5 a3xd3xd5 a3xd3xd6 a3xd3xd7 a3xe3xa7 a3xe3xb6 a3xe3xc5");
}
END_TEST

/* A man crosses its far base during a sequence without being crowned;
 * it is crowned only when its move ends there. */
START_TEST(tabal_promotion)
{
    Rules r = test_rules(VARIANT_TABAL, "");
    Position pos;
    Move m;
    Undo u;
    char err[100];
    /* c7xa9xe9xc7 and c7xe9xa9xc7 are one move; it ends off the base */
    test_place(&pos, &r, "Mc7 mb8 mc9 md8 ka1", 'w');
    test_moves_string(&pos, buf, sizeof buf);
    ck_assert_str_eq(buf, "c7xa9xe9xc7");
    ck_assert_int_eq(notation_parse_move(&pos, "c7xe9xa9xc7", &m, err, sizeof err), 0);
    position_make(&pos, &m, &u);
    ck_assert_int_eq(pos.board[geometry_point(pos.geo, "c7")], piece_make(WHITE, MAN));
    ck_assert_int_eq(bb_count(pos.by_color[BLACK]), 1);
    test_place(&pos, &r, "Mc7 mc8 ka1", 'w');
    ck_assert_int_eq(notation_parse_move(&pos, "c7xc9", &m, err, sizeof err), 0);
    position_make(&pos, &m, &u);
    ck_assert_int_eq(pos.board[geometry_point(pos.geo, "c9")], piece_make(WHITE, KING));
    position_unmake(&pos, &m, &u);
    ck_assert_int_eq(pos.board[geometry_point(pos.geo, "c7")], piece_make(WHITE, MAN));
    /* an uncrowned man on its far base moves sideways only */
    ck_assert_str_eq(moves_of(VARIANT_TABAL, "", "Mc9 ka1", 'w'), "c9-a9 c9-e9");
    test_place(&pos, &r, "Mc9 ka1", 'w');
    ck_assert_int_eq(notation_parse_move(&pos, "c9-a9", &m, err, sizeof err), 0);
    position_make(&pos, &m, &u);
    ck_assert_int_eq(pos.board[geometry_point(pos.geo, "a9")], piece_make(WHITE, KING));
}
END_TEST

/* Capture is compulsory in Tabal; MaxCapture keeps the longest. */
START_TEST(tabal_compulsory_and_max)
{
    const char *pieces = "Ma5 ma6 Mc5 mc6 mc8 ke1";
    ck_assert_str_eq(moves_of(VARIANT_TABAL, "", pieces, 'w'), "a5xa7 c5xc7xc9");
    ck_assert_str_eq(moves_of(VARIANT_TABAL, "MaxCapture=true", pieces, 'w'), "c5xc7xc9");
}
END_TEST

START_TEST(repetition_and_draw_plies)
{
    Rules r = test_rules(VARIANT_DABLOT, "DrawPlies=6");
    Position pos;
    Game g;
    EndReason why;
    char err[100];
    test_place(&pos, &r, "Ma1 mk13", 'w');
    game_init(&g, &pos);
    const char *seq[] = { "a1-a3", "k13-k11", "a3-a1", "k11-k13", "a1-a3", "k13-k11", "a3-a1", "k11-k13" };
    GameResult res = RESULT_NONE;
    int i;
    for (i = 0; i < 8 && res == RESULT_NONE; i++) {
        Move m;
        ck_assert_int_eq(notation_parse_move(&g.pos, seq[i], &m, err, sizeof err), 0);
        game_play(&g, &m);
        res = game_result(&g, &why);
    }
    /* the start position recurs for the third time after 8 plies, but
     * DrawPlies 6 ends the game first */
    ck_assert_int_eq(res, RESULT_DRAW);
    ck_assert_int_eq(why, END_DRAW_PLIES);
    ck_assert_int_eq(i, 6);
    game_free(&g);

    r = test_rules(VARIANT_DABLOT, "DrawPlies=0");
    test_place(&pos, &r, "Ma1 mk13", 'w');
    game_init(&g, &pos);
    res = RESULT_NONE;
    for (i = 0; i < 8 && res == RESULT_NONE; i++) {
        Move m;
        ck_assert_int_eq(notation_parse_move(&g.pos, seq[i], &m, err, sizeof err), 0);
        game_play(&g, &m);
        res = game_result(&g, &why);
    }
    ck_assert_int_eq(res, RESULT_DRAW);
    ck_assert_int_eq(why, END_REPETITION);
    ck_assert_int_eq(i, 8);
    game_free(&g);
}
END_TEST

START_TEST(rules_options)
{
    Rules r = rules_default(VARIANT_DABLOT);
    char err[200], val[64];
    ck_assert_int_eq(rules_set(&r, "rules", "anti-draw", err, sizeof err), 0);
    ck_assert(r.forward_only_men && r.king_capture_ends && r.captures == CAPTURES_COMPULSORY_MEN);
    ck_assert_int_eq(rules_set(&r, "KingCaptureEnds", "false", err, sizeof err), 0);
    ck_assert(r.forward_only_men && !r.king_capture_ends);
    ck_assert_int_eq(rules_set(&r, "Rules", "classic", err, sizeof err), 0);
    ck_assert(!r.forward_only_men && r.captures == CAPTURES_OPTIONAL);
    Rules before = r;
    ck_assert_int_eq(rules_set(&r, "Captures", "sometimes", err, sizeof err), -1);
    ck_assert(strstr(err, "Captures") && strstr(err, "sometimes"));
    ck_assert(memcmp(&r, &before, sizeof r) == 0);
    ck_assert_int_eq(rules_set(&r, "DrawPlies", "12x", err, sizeof err), -1);
    ck_assert_int_eq(rules_set(&r, "DrawPlies", "-1", err, sizeof err), -1);
    ck_assert_int_eq(rules_set(&r, "DrawPlies", "0", err, sizeof err), 0);
    ck_assert_int_eq(rules_set(&r, "Hash", "16", err, sizeof err), 1);
    ck_assert_int_eq(rules_get(&r, "captures", val, sizeof val), 0);
    ck_assert_str_eq(val, "optional");
}
END_TEST

/* The one table of rule options: every name it lists is read and set by
 * rules_get() and rules_set(), belongs to the game rules_option_variant()
 * says, and is in each game's list; "Variant" is no listed option. */
START_TEST(rules_option_table)
{
    static const char *const expected[] = { "Rules",
                                            "Captures",
                                            "ForwardOnlyMen",
                                            "KingCaptureEnds",
                                            "KingAndPrinceCaptureEnds",
                                            "MaxCapture",
                                            "DrawPlies",
                                            NULL };
    char dablot[200], tabal[200], err[200], val[64];
    rules_option_list(VARIANT_DABLOT, dablot, sizeof dablot);
    rules_option_list(VARIANT_TABAL, tabal, sizeof tabal);
    ck_assert_str_eq(
        dablot,
        "Rules, Captures, ForwardOnlyMen, KingCaptureEnds, KingAndPrinceCaptureEnds, DrawPlies");
    ck_assert_str_eq(tabal, "MaxCapture, DrawPlies");
    int i;
    for (i = 0; expected[i]; i++) {
        const char *name = rules_option_name(i);
        ck_assert_ptr_nonnull(name);
        ck_assert_str_eq(name, expected[i]);
        int game = rules_option_variant(name);
        Rules r = rules_default(game == VARIANT_TABAL ? VARIANT_TABAL : VARIANT_DABLOT);
        ck_assert_int_eq(rules_get(&r, name, val, sizeof val), 0);
        ck_assert_int_eq(rules_set(&r, name, val, err, sizeof err), 0);
        for (int v = 0; v < VARIANT_NB; v++) {
            int ok = game < 0 || game == v;
            err[0] = '\0';
            ck_assert_int_eq(rules_option_game_check((Variant)v, name, err, sizeof err),
                             ok ? 0 : -1);
            if (!ok) ck_assert(strstr(err, name) && strstr(err, "belongs to"));
        }
    }
    ck_assert_ptr_null(rules_option_name(i));
    ck_assert_ptr_null(rules_option_name(-1));
    ck_assert_int_eq(rules_option_game_check(VARIANT_DABLOT, "MaxCapture", err, sizeof err), -1);
    ck_assert_str_eq(err, "MaxCapture belongs to Tabal, not Dablot");
    ck_assert_int_eq(rules_option_game_check(VARIANT_TABAL, "captures", err, sizeof err), -1);
    ck_assert_str_eq(err, "captures belongs to Dablot, not Tabal");
    ck_assert_int_eq(rules_option_game_check(VARIANT_TABAL, "Variant", err, sizeof err), 0);
    ck_assert_int_eq(rules_option_game_check(VARIANT_TABAL, "Hash", err, sizeof err), 0);
    /* a list cut to its buffer stays terminated */
    rules_option_list(VARIANT_DABLOT, val, 10);
    ck_assert_uint_eq(strlen(val), 9);
}
END_TEST

/* A Dablot king inside a crowd of men, from an engine game: with optional
 * captures every prefix of every capture sequence is a move, more than a
 * list holds (32,659 counted with a larger list).  The list keeps room for
 * every step, is flagged, and its moves are distinct; movegen_count() and
 * movegen_legal_all() give all of them; a capture that did
 * not fit (the last one of the full count) is still accepted by its full
 * path, a wrong path is not, and every listed capture passes the path check
 * as the same move. */
START_TEST(crowded_king_overflows_the_list)
{
    Rules r = rules_default(VARIANT_DABLOT);
    Position pos;
    char err[200];
    ck_assert_msg(position_set_fen(&pos, &r,
        "6/5/4K1/5/4m1/3P1/MM1k1M/2MM1/1M1M1M/MMMMM/M1M1M1/MMMMM/1M1M1M b 22 69",
        err, sizeof err) == 0, "%s", err);
    static MoveList list;
    int n = movegen_legal(&pos, &list), caps = 0;
    ck_assert_int_eq(list.overflow, 1);
    for (int i = 0; i < n; i++)
        caps += list.moves[i].captured != 0;
    ck_assert_int_eq(caps, MAX_MOVES - DABLOT_MAX_STEPS);
    ck_assert_int_gt(n - caps, 0);   /* the steps are all there */
    for (int i = 1; i < n; i++)
        for (int j = 0; j < i; j++)
            ck_assert(!move_equal(&list.moves[i], &list.moves[j]));

    /* the count without a list, and movegen_legal_all, give every move */
    ck_assert_int_eq(movegen_count(&pos), 32659);
    ck_assert_int_eq(movegen_has_capture(&pos), 1);
    Move *all;
    ck_assert_int_eq(movegen_legal_all(&pos, &list, &all), 32659);
    ck_assert_ptr_ne(all, list.moves);
    movegen_legal_all_free(&list, all);
    movegen_legal(&pos, &list);

    Move m, back;
    ck_assert_msg(notation_parse_move(&pos, "g7xi5xe5xa5xa9", &m, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(bb_count(m.captured), 4);
    for (int i = 0; i < n; i++)
        ck_assert(!move_equal(&list.moves[i], &m));
    ck_assert_int_eq(notation_parse_move(&pos, "g7xi5xe5xa5xa7", &m, err, sizeof err), -1);

    for (int i = 0; i < caps; i++) {
        char str[MOVE_STR_MAX];
        notation_move_string(&pos, &list.moves[i], str, sizeof str);
        int pts[64], k = 0;
        for (const char *c = str; *c && k < 64; ) {
            int len;
            pts[k++] = geometry_point_prefix(pos.geo, c, &len);
            c += len;
            if (*c == 'x') c++;
        }
        ck_assert_msg(movegen_is_capture_path(&pos, pts, k, &back), "%s", str);
        ck_assert_msg(move_equal(&back, &list.moves[i]), "%s", str);
    }
}
END_TEST

/* Random games of every rule set, the same on every run (a fixed-seed
 * generator): random moves reach the crowded middle games, kings and
 * promotions that the start positions do not.  check() is called at every
 * position of `games` games a rule set with its legal moves and returns
 * whether it had captures. */
static const struct {
    Variant v;
    const char *options;
} walk_sets[] = {
    { VARIANT_DABLOT, "" },
    { VARIANT_DABLOT, "Rules=modern" },
    { VARIANT_DABLOT, "Rules=anti-draw" },
    { VARIANT_DABLOT, "Captures=compulsory-men" },
    { VARIANT_DABLOT, "ForwardOnlyMen=true" },
    { VARIANT_DABLOT, "Captures=compulsory KingAndPrinceCaptureEnds=true" },
    { VARIANT_TABAL, "" },
    { VARIANT_TABAL, "MaxCapture=true" },
};

static void walk_random_games(int games, bool (*check)(const Position *pos, const MoveList *list,
                                                       const char *where, int ply))
{
    static MoveList list;
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    int positions = 0, with_captures = 0;
    for (size_t s = 0; s < sizeof walk_sets / sizeof walk_sets[0]; s++) {
        Rules r = test_rules(walk_sets[s].v, walk_sets[s].options);
        char where[96];
        snprintf(where, sizeof where, "%s %s", walk_sets[s].options,
                 geometry_of(walk_sets[s].v)->name);
        for (int game = 0; game < games; game++) {
            Position pos;
            position_start(&pos, &r);
            for (int ply = 0; ply < 200; ply++) {
                int n = movegen_legal(&pos, &list);
                positions++;
                with_captures += check(&pos, &list, where, ply);
                if (n == 0) break;
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                Undo u;
                position_make(&pos, &list.moves[seed % (uint64_t)n], &u);
            }
        }
    }
    /* the games reach captures often, so both ways of counting are tried */
    ck_assert_int_gt(with_captures, positions / 10);
}

/* movegen_count() and movegen_has_capture() find the moves their own way
 * (the men's steps and first jumps by whole-board shifts, no list): they
 * agree with movegen_legal() and movegen_captures() at every position. */
static bool count_matches_list(const Position *pos, const MoveList *list, const char *where,
                               int ply)
{
    static MoveList caps;
    int nc = movegen_captures(pos, &caps);
    ck_assert_msg(movegen_count(pos) == list->n, "%s ply %d: count %d, list %d", where, ply,
                  movegen_count(pos), list->n);
    ck_assert_int_eq(movegen_has_capture(pos), nc > 0);
    return nc > 0;
}

START_TEST(count_agrees_with_the_list)
{
    walk_random_games(test_quick() ? 4 : 24, count_matches_list);
}
END_TEST

/* movegen_count_after() counts a child's moves from its piece sets alone:
 * for every move of every position it equals movegen_count() of the
 * position made, movegen_count_children() (the Dablot children by a step
 * from the parent's sets, corrected at two points) gives their sum, and
 * both leave the parent as it was. */
static bool count_after_matches_make(const Position *pos, const MoveList *list, const char *where,
                                     int ply)
{
    Position before = *pos;
    uint64_t sum = 0;
    for (int i = 0; i < list->n; i++) {
        Position child = *pos;
        Undo u;
        position_make(&child, &list->moves[i], &u);
        int after = movegen_count_after(pos, &list->moves[i]), made = movegen_count(&child);
        ck_assert_msg(after == made, "%s ply %d move %d: count after %d, made %d", where, ply, i,
                      after, made);
        sum += (uint64_t)made;
    }
    uint64_t children = movegen_count_children(pos);
    ck_assert_msg(list->overflow || children == sum, "%s ply %d: children %llu, made %llu", where,
                  ply, (unsigned long long)children, (unsigned long long)sum);
    ck_assert(memcmp(before.board, pos->board, sizeof before.board) == 0);
    ck_assert(memcmp(before.by_color, pos->by_color, sizeof before.by_color) == 0);
    ck_assert(memcmp(before.by_type, pos->by_type, sizeof before.by_type) == 0);
    ck_assert(before.stm == pos->stm && before.key == pos->key);
    return movegen_has_capture(pos);
}

START_TEST(count_after_agrees_with_make)
{
    walk_random_games(test_quick() ? 2 : 6, count_after_matches_make);
}
END_TEST

Suite *movegen_suite(void)
{
    Suite *s = suite_create("movegen");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, dablot_rank_limits);
    tcase_add_test(tc, dablot_optional_and_compulsory);
    tcase_add_test(tc, dablot_compulsory_men);
    tcase_add_test(tc, dablot_forward_only);
    tcase_add_test(tc, dablot_circuit);
    tcase_add_test(tc, dablot_short_form);
    tcase_add_test(tc, why_not_a_legal_move);
    tcase_add_test(tc, why_not_reason_order);
    tcase_add_test(tc, form_reasons);
    tcase_add_test(tc, dablot_game_ends);
    tcase_add_test(tc, game_over_at_start_reasons);
    tcase_add_test(tc, dablot_king_capture_sequence);
    tcase_add_test(tc, tabal_men);
    tcase_add_test(tc, tabal_kings);
    tcase_add_test(tc, tabal_promotion);
    tcase_add_test(tc, tabal_compulsory_and_max);
    tcase_add_test(tc, repetition_and_draw_plies);
    tcase_add_test(tc, rules_options);
    tcase_add_test(tc, rules_option_table);
    tcase_add_test(tc, crowded_king_overflows_the_list);
    tcase_add_test(tc, count_agrees_with_the_list);
    suite_add_tcase(s, tc);
    TCase *after = tcase_create("count_after");
    tcase_set_timeout(after, 120);
    tcase_add_test(after, count_after_agrees_with_make);
    suite_add_tcase(s, after);
    return s;
}
