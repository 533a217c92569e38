/*
 * test_web.c - unit tests (Check) of dablo-web's JSON reader and of a game
 * session without engines: moves refused and played, take back, views,
 * PGN out and back in, refused PGNs leaving the game unchanged.  Run by
 * tests/suites/60-web.sh.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "session.h"

/* ---- JSON --------------------------------------------------------------- */

START_TEST(json_values)
{
    char err[128];
    const char *text = " {\"a\":\"x\\u00e9\\ud83d\\ude00\\n\",\"n\":-12.5e1,\"t\":true,\"f\":false,"
                       "\"z\":null,\"o\":{\"k\":[1,2,3]}} ";
    JsonValue *v = json_parse(text, strlen(text), err, sizeof err);
    ck_assert_msg(v != NULL, "%s", err);
    ck_assert_str_eq(json_get_string(v, "a"), "x\xc3\xa9\xf0\x9f\x98\x80\n");
    ck_assert(json_get(v, "n")->number == -125.0);
    ck_assert_int_eq(json_get(v, "t")->boolean, 1);
    ck_assert_int_eq(json_get(v, "f")->boolean, 0);
    ck_assert_int_eq(json_get(v, "z")->type, JSON_NULL);
    ck_assert_int_eq(json_get(json_get(v, "o"), "k")->n, 3);
    ck_assert_ptr_null(json_get(v, "missing"));
    ck_assert_ptr_null(json_get_string(v, "n"));
    json_free(v);
}
END_TEST

START_TEST(json_refusals)
{
    static const char *const bad[] = {
        "",
        "{",
        "{\"a\"}",
        "{\"a\":}",
        "[1,]",
        "01",
        "1.",
        "-",
        "\"\\x\"",
        "\"\\ud800\"",
        "\"\\u0000\"",
        "{} x",
        "tru",
        "\"a\nb\"",
        "[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[128] = "";
        JsonValue *v = json_parse(bad[i], strlen(bad[i]), err, sizeof err);
        ck_assert_msg(v == NULL, "accepted '%s'", bad[i]);
        ck_assert_msg(strncmp(err, "bad JSON at byte ", 17) == 0, "'%s': %s", bad[i], err);
    }
    /* A number too long names the limit. */
    char digits[80], err[128];
    memset(digits, '1', sizeof digits - 1);
    digits[sizeof digits - 1] = '\0';
    ck_assert_ptr_null(json_parse(digits, strlen(digits), err, sizeof err));
    ck_assert_str_eq(err, "bad JSON at byte 0: number too long (at most 63 characters)");
    memset(digits, '1', 63);
    digits[63] = '\0';
    JsonValue *n = json_parse(digits, strlen(digits), err, sizeof err);
    ck_assert_msg(n != NULL, "%s", err);
    json_free(n);
}
END_TEST

/* Raw bytes that are not well-formed UTF-8 are refused at their offset
 * (they were stored and echoed as they came); well-formed ones kept. */
START_TEST(json_utf8)
{
    static const char *const bad[] = {
        "\"\xff\"",             /* no lead byte is 0xFF */
        "\"a\xfe\"",            /* nor 0xFE */
        "\"\xc0\xaf\"",         /* overlong '/' */
        "\"\xe0\x80\xaf\"",     /* overlong, 3 bytes */
        "\"\xf0\x80\x80\xaf\"", /* overlong, 4 bytes */
        "\"\xed\xa0\x80\"",     /* the surrogate U+D800 */
        "\"\xf4\x90\x80\x80\"", /* above U+10FFFF */
        "\"\xf5\x80\x80\x80\"", /* a lead byte above 0xF4 */
        "\"\xc3\"",             /* cut before the closing quote */
        "\"\xe2\x82\"",         /* cut, 3 bytes */
        "\"\x80\"",             /* a lone continuation byte */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[128] = "";
        JsonValue *v = json_parse(bad[i], strlen(bad[i]), err, sizeof err);
        ck_assert_msg(v == NULL, "accepted bad UTF-8 %zu", i);
        ck_assert_msg(strstr(err, "invalid UTF-8") != NULL, "%zu: %s", i, err);
    }
    char err[128] = "";
    JsonValue *v = json_parse("\"a\xff\"", 4, err, sizeof err);
    ck_assert_ptr_null(v);
    ck_assert_str_eq(err, "bad JSON at byte 2: invalid UTF-8");
    const char *good = "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf\xed\x9f\xbf\"";
    v = json_parse(good, strlen(good), err, sizeof err);
    ck_assert_ptr_nonnull(v);
    ck_assert_str_eq(v->string, "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf\xed\x9f\xbf");
    json_free(v);
    /* The writer never echoes a byte of no character. */
    StrBuf b = { 0 };
    json_add_string(&b, "x\xff\xc3\xa9\xe2\x82");
    ck_assert_str_eq(strbuf_str(&b), "\"x\\ufffd\xc3\xa9\\ufffd\\ufffd\"");
    strbuf_free(&b);
}
END_TEST

START_TEST(json_writer)
{
    StrBuf b = { 0 };
    json_add_string(&b, "a\"b\\c\n\x01\xc3\xa9");
    ck_assert_str_eq(strbuf_str(&b), "\"a\\\"b\\\\c\\n\\u0001\xc3\xa9\"");
    char err[64];
    JsonValue *v = json_parse(b.s, b.len, err, sizeof err);
    ck_assert_str_eq(v->string, "a\"b\\c\n\x01\xc3\xa9");
    json_free(v);
    strbuf_free(&b);
}
END_TEST

/* ---- a session without engines -------------------------------------------- */

static EngineSpec spec = { .name = "none", .cmd = "/nonexistent" };
static SessionHost host = { .specs = &spec,
                            .nspecs = 1,
                            .startup_ms = 1000,
                            .stop_ms = 1000,
                            .margin_ms = 1000,
                            .max_restarts = 1 };
static int states;

static void count_events(void *ctx, const char *id, const char *event, const char *json)
{
    (void)ctx;
    (void)id;
    (void)json;
    if (strcmp(event, "state") == 0) states++;
}

/* A session where both sides are played by people. */
static void people(Session *s)
{
    session_init(s, "0123456789abcdef0123456789abcdef", &host, count_events, NULL);
    char err[256];
    const char *req = "{\"white\":\"human\",\"black\":\"human\"}";
    JsonValue *v = json_parse(req, strlen(req), err, sizeof err);
    ck_assert_int_eq(session_configure(s, v, err, sizeof err), 0);
    json_free(v);
}

/* Starts a new game in s with the request object req (JSON). */
static void new_game(Session *s, const char *req)
{
    char err[512];
    JsonValue *v = json_parse(req, strlen(req), err, sizeof err);
    ck_assert_msg(v && session_new_game(s, v, err, sizeof err) == 0, "%s: %s", req, err);
    json_free(v);
}

static char *pgn_of(const Session *s)
{
    StrBuf b = { 0 };
    session_pgn(s, &b);
    char *out = strdup(strbuf_str(&b));
    strbuf_free(&b);
    return out;
}

START_TEST(session_moves)
{
    Session s;
    people(&s);
    char err[512];
    int before = states;
    ck_assert_int_eq(session_move(&s, "c5-c9", err, sizeof err), -1);
    ck_assert_int_eq(s.game.nmoves, 0);
    ck_assert_int_eq(states, before); /* a refusal changes and announces nothing */
    /* a text that is no move at all is told apart (a bad request: 400) */
    ck_assert_int_eq(session_move(&s, "z9-z9", err, sizeof err), -2);
    ck_assert_str_eq(err, "unparsable move (z9 is not a point of the board: its files are a to k) "
                          "'z9-z9'");
    /* ... naming its fault: here a rank the board does not have */
    ck_assert_int_eq(session_move(&s, "c5-c99999999999999999999", err, sizeof err), -2);
    ck_assert_str_eq(err, "unparsable move (c99999999999999999999 is not a point of the board: its "
                          "ranks are 1 to 13) 'c5-c99999999999999999999'");
    ck_assert_int_eq(session_move(&s, "c5-c7-c9", err, sizeof err), -2);
    ck_assert_int_eq(s.game.nmoves, 0);
    ck_assert_int_eq(states, before);
    ck_assert_int_eq(session_move(&s, "c5-c7", err, sizeof err), 0);
    ck_assert_int_eq(session_move(&s, "a7xe7", err, sizeof err), 0);
    ck_assert_int_eq(s.game.nmoves, 2);
    ck_assert_int_eq(states, before + 2);
    ck_assert_int_eq(session_view(&s, 3, "3", err, sizeof err), -1);
    ck_assert_int_eq(session_view(&s, 1, "1", err, sizeof err), 0);
    /* a move at an earlier ply drops the later ones */
    ck_assert_int_eq(session_move(&s, "a7-b6", err, sizeof err), 0);
    ck_assert_int_eq(s.game.nmoves, 2);
    ck_assert_int_eq(session_takeback(&s, err, sizeof err), 0);
    ck_assert_int_eq(s.game.nmoves, 1);
    ck_assert_int_eq(s.view, 1);
    session_free(&s);
}
END_TEST

/* The analysis lines go with the position they were of: a take-back and
 * a move clear them (a take-back kept them, and the page showed them for
 * the position taken back to). */
START_TEST(session_lines_go_with_their_position)
{
    Session s;
    people(&s);
    char err[512];
    ck_assert_int_eq(session_move(&s, "c5-c7", err, sizeof err), 0);
    s.lines[0] = strdup("{\"multipv\":1}");
    ck_assert_int_eq(session_takeback(&s, err, sizeof err), 0);
    ck_assert_ptr_null(s.lines[0]);
    s.lines[1] = strdup("{\"multipv\":2}");
    ck_assert_int_eq(session_move(&s, "c5-c7", err, sizeof err), 0);
    ck_assert_ptr_null(s.lines[1]);
    session_free(&s);
}
END_TEST

/* Take back undoes a person's last move with the engine's answers after
 * it; with no move of a person's in the game it is refused and nothing
 * changes (it took back the engine's own first move). */
START_TEST(session_takeback_against_an_engine)
{
    Session s;
    people(&s);
    char err[512];
    ck_assert_int_eq(session_takeback(&s, err, sizeof err), -1);
    ck_assert_str_eq(err, "no move to take back");
    ck_assert_int_eq(session_move(&s, "c5-c7", err, sizeof err), 0);
    ck_assert_int_eq(session_move(&s, "a7xe7", err, sizeof err), 0);
    ck_assert_int_eq(session_move(&s, "e5-d6", err, sizeof err), 0);
    /* White is the engine now (never started: Black is to move at each
     * ply the game is cut back to). */
    s.player[WHITE] = 0;
    ck_assert_int_eq(session_takeback(&s, err, sizeof err), 0);
    ck_assert_int_eq(s.game.nmoves, 1); /* Black's a7xe7 and White's answer */
    ck_assert_int_eq(s.view, 1);
    int before = states;
    ck_assert_int_eq(session_takeback(&s, err, sizeof err), -1);
    ck_assert_str_eq(err, "no move of yours to take back (only the engine has moved)");
    ck_assert_int_eq(s.game.nmoves, 1);
    ck_assert_int_eq(states, before);
    session_free(&s);
}
END_TEST

static int configure(Session *s, const char *req)
{
    char err[256];
    JsonValue *v = json_parse(req, strlen(req), err, sizeof err);
    ck_assert_ptr_nonnull(v);
    int rc = session_configure(s, v, err, sizeof err);
    json_free(v);
    return rc;
}

/* "skill": 0..20 or null, refused out of range, of the wrong type, and
 * when no engine declares Skill Level; a refusal changes nothing. */
START_TEST(session_skill)
{
    Session s;
    people(&s);
    ck_assert_int_eq(s.skill, -1);
    ck_assert_int_eq(configure(&s, "{\"skill\":5}"), -1); /* no engine has it */
    ck_assert_int_eq(s.skill, -1);
    static const int has[1] = { 1 };
    SessionHost h = host;
    h.skill = has;
    s.host = &h;
    ck_assert_int_eq(configure(&s, "{\"skill\":5}"), 0);
    ck_assert_int_eq(s.skill, 5);
    const char *bad[] = { "{\"skill\":-1}", "{\"skill\":21}", "{\"skill\":\"x\"}",
                          "{\"skill\":0.5}", "{\"skill\":7,\"depth\":-3}" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        ck_assert_int_eq(configure(&s, bad[i]), -1);
        ck_assert_int_eq(s.skill, 5);
    }
    ck_assert_int_eq(configure(&s, "{\"skill\":0}"), 0);
    ck_assert_int_eq(s.skill, 0);
    ck_assert_int_eq(configure(&s, "{\"skill\":null}"), 0);
    ck_assert_int_eq(s.skill, -1);
    session_free(&s);
}
END_TEST

START_TEST(session_pgn_round_trip)
{
    Session s;
    people(&s);
    char err[512];
    const char *moves[] = { "c5-c7", "a7xe7", "e5-d6", "e7xc5" };
    for (int i = 0; i < 4; i++)
        ck_assert_msg(session_move(&s, moves[i], err, sizeof err) == 0, "%s: %s", moves[i], err);
    char *pgn = pgn_of(&s);
    ck_assert_msg(strstr(pgn, "[Variant \"dablot\"]") && strstr(pgn, "[PlyCount \"4\"]"), "%s",
                  pgn);
    ck_assert_msg(strstr(pgn, "1. c5-c7 a7xe7 2. e5-d6 e7xc5 *"), "%s", pgn);
    Session t;
    people(&t);
    ck_assert_msg(session_load_pgn(&t, pgn, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(t.game.nmoves, 4);
    ck_assert_int_eq(t.view, 0);
    char *again = pgn_of(&t);
    ck_assert_str_eq(strstr(again, "\n\n"), strstr(pgn, "\n\n")); /* the same movetext */
    /* refused PGNs change nothing */
    ck_assert_int_eq(session_load_pgn(&t, "[Variant \"chess\"]\n\n*", err, sizeof err), -1);
    ck_assert_int_eq(session_load_pgn(&t, "1. c5-c7 c5-c7 *", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "PGN ply 2 (c5-c7)"), "%s", err);
    ck_assert_int_eq(session_load_pgn(&t, "[Rules \"Captures=never\"]\n\n*", err, sizeof err), -1);
    ck_assert_int_eq(session_load_pgn(&t, "[FEN \"xyz\"]\n\n*", err, sizeof err), -1);
    ck_assert_msg(!strstr(err, "is this a"), "%s", err);
    /* A FEN of the other game than the Variant tag's says which it is. */
    ck_assert_int_eq(
        session_load_pgn(&t, "[FEN \"3/3/5/5/2m2/5/2M2/3/3 b 0 7\"]\n\n*", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "PGN tag FEN: ") == err
                      && strstr(err, " (is this a Tabal FEN? set the Variant tag to tabal)"),
                  "%s", err);
    ck_assert_int_eq(
        session_load_pgn(&t,
                         "[Variant \"tabal\"]\n[FEN \"mmmmmm/mmmmm/mmmmmm/mmmmm/"
                         "mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1\"]\n\n*",
                         err, sizeof err),
        -1);
    ck_assert_msg(strstr(err, " (is this a Dablot FEN? set the Variant tag to dablot)"), "%s", err);
    ck_assert_int_eq(t.game.nmoves, 4);
    free(pgn);
    free(again);
    session_free(&s);
    session_free(&t);
}
END_TEST

/* The PGN's White and Black name who played that colour's moves: a
 * loaded game's tags for its moves ("?" without one), a person after them
 * joined by ':' with a comment where the player changed; a colour with no
 * move names its player now. */
START_TEST(session_pgn_names_who_played)
{
    Session s;
    people(&s);
    char err[512];
    char *pgn = pgn_of(&s);
    ck_assert_msg(strstr(pgn, "[White \"person\"]\n[Black \"person\"]"), "%s", pgn);
    free(pgn);
    ck_assert_msg(session_load_pgn(&s, "[White \"a\"]\n\n1. c5-c7 a7xe7 *", err, sizeof err) == 0,
                  "%s", err);
    ck_assert_int_eq(session_view(&s, 2, "2", err, sizeof err), 0);
    ck_assert_int_eq(session_move(&s, "e5-d6", err, sizeof err), 0);
    ck_assert_int_eq(session_move(&s, "e7xc5", err, sizeof err), 0);
    pgn = pgn_of(&s);
    ck_assert_msg(strstr(pgn, "[White \"a:person\"]\n[Black \"?:person\"]"), "%s", pgn);
    for (char *nl = strstr(pgn, "\n\n") + 2; (nl = strchr(nl, '\n'));)
        *nl = ' '; /* the movetext on one line */
    ck_assert_msg(strstr(pgn, "1. c5-c7 a7xe7 {person played from here} 2. e5-d6 "
                              "{person played from here} 2... e7xc5 *"),
                  "%s", pgn);
    /* It loads back, comments skipped, with the same moves. */
    Session t;
    people(&t);
    ck_assert_msg(session_load_pgn(&t, pgn, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(t.game.nmoves, 4);
    free(pgn);
    pgn = pgn_of(&t);
    ck_assert_msg(strstr(pgn, "[White \"a:person\"]\n[Black \"?:person\"]"), "%s", pgn);
    ck_assert_msg(strstr(pgn, "1. c5-c7 a7xe7 2. e5-d6 e7xc5 *"), "%s", pgn);
    free(pgn);
    session_free(&s);
    session_free(&t);
}
END_TEST

/* A Tabal game from a FEN, won by its one capture; a PGN with a FEN,
 * comments, NAGs and Black to move first. */
START_TEST(session_tabal_end_and_fen)
{
    Session s;
    people(&s);
    char err[512];
    const char *req = "{\"variant\":\"tabal\",\"fen\":\"3/3/5/5/2m2/2M2/5/3/3 w 0 1\"}";
    JsonValue *v = json_parse(req, strlen(req), err, sizeof err);
    ck_assert_msg(session_new_game(&s, v, err, sizeof err) == 0, "%s", err);
    json_free(v);
    /* The same FEN for Dablot says which game it is and how to choose it. */
    const char *dablot = "{\"fen\":\"3/3/5/5/2m2/2M2/5/3/3 w 0 1\"}";
    v = json_parse(dablot, strlen(dablot), err, sizeof err);
    ck_assert_int_eq(session_new_game(&s, v, err, sizeof err), -1);
    json_free(v);
    ck_assert_msg(strstr(err, " (is this a Tabal FEN? set variant to tabal)"), "%s", err);
    ck_assert_int_eq(s.rules.variant, VARIANT_TABAL);
    ck_assert_int_eq(session_move(&s, "c4xc6", err, sizeof err), 0);
    ck_assert_int_eq(session_move(&s, "c6-c7", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "the game is over (no legal move)"), "%s", err);
    StrBuf b = { 0 };
    session_state_json(&s, &b);
    ck_assert_msg(strstr(b.s, "\"result\":\"1-0\",\"reason\":\"no legal move\""), "%.300s", b.s);
    strbuf_free(&b);
    const char *pgn =
        "[Variant \"tabal\"]\n[SetUp \"1\"]\n[FEN \"3/3/5/5/2m2/5/2M2/3/3 b 0 7\"]\n\n"
        "7... c5-c4 {a comment} $1 ; to the end of the line\n8. c3xc5 {compulsory} 1-0\n";
    ck_assert_msg(session_load_pgn(&s, pgn, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(s.game.nmoves, 2);
    /* A tag with no blank before its value, and a comment over two lines
     * (the second starting with '['), read as dablo-match reads them
     * (src/rules/pgn.h). */
    pgn = "[Variant\"tabal\"]\n\n1. b4-c5 {a comment\n[over two lines]} d6xb4 1/2-1/2 ; agreed\n";
    ck_assert_msg(session_load_pgn(&s, pgn, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(s.rules.variant, VARIANT_TABAL);
    ck_assert_int_eq(s.game.nmoves, 2);
    session_free(&s);
}
END_TEST

/* A start position where the game is already over (a side without
 * pieces, a rule that ends it) is refused as dablo-match refuses such an
 * opening, from /api/new's fen and from a PGN's FEN tag, the game in
 * progress unchanged; a move too long names the limit. */
START_TEST(session_refuses_an_ended_start)
{
    Session s;
    people(&s);
    char err[512], fen0[sizeof s.start_fen];
    snprintf(fen0, sizeof fen0, "%s", s.start_fen);
    static const char *const cases[][2] = {
        { "{\"variant\":\"tabal\",\"fen\":\"3/3/5/5/5/5/5/3/M2 w 0 1\"}",
          "fen: the game is already over in this position (Black has no pieces)" },
        { "{\"variant\":\"tabal\",\"fen\":\"3/3/5/5/2m2/5/5/3/3 w 0 1\"}",
          "fen: the game is already over in this position (White has no pieces)" },
        { "{\"variant\":\"tabal\",\"options\":{\"DrawPlies\":40},"
          "\"fen\":\"3/3/5/5/2m2/5/5/3/M2 w 40 30\"}",
          "fen: the game is already over in this position (DrawPlies reached)" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        JsonValue *v = json_parse(cases[i][0], strlen(cases[i][0]), err, sizeof err);
        ck_assert_msg(v != NULL, "%s", err);
        ck_assert_int_eq(session_new_game(&s, v, err, sizeof err), -1);
        json_free(v);
        ck_assert_str_eq(err, cases[i][1]);
        ck_assert_str_eq(s.start_fen, fen0);
        ck_assert_int_eq(s.rules.variant, VARIANT_DABLOT);
    }
    /* The same position with the clock below DrawPlies is a game. */
    const char *go_on = "{\"variant\":\"tabal\",\"options\":{\"DrawPlies\":40},"
                        "\"fen\":\"3/3/5/5/2m2/5/5/3/M2 w 39 30\"}";
    JsonValue *v = json_parse(go_on, strlen(go_on), err, sizeof err);
    ck_assert_msg(session_new_game(&s, v, err, sizeof err) == 0, "%s", err);
    json_free(v);
    snprintf(fen0, sizeof fen0, "%s", s.start_fen);
    ck_assert_int_eq(
        session_load_pgn(&s, "[Variant \"tabal\"]\n[FEN \"3/3/5/5/5/5/5/3/M2 w 0 1\"]\n\n1-0\n",
                         err, sizeof err),
        -1);
    ck_assert_str_eq(err, "PGN tag FEN: the game is already over in this position (Black has no "
                          "pieces)");
    ck_assert_str_eq(s.start_fen, fen0);
    char move[200];
    memset(move, 'a', sizeof move - 1);
    move[sizeof move - 1] = '\0';
    ck_assert_int_eq(session_move(&s, move, err, sizeof err), -2);
    ck_assert_str_eq(err, "move too long (at most 159 characters)");
    char pgn[300];
    snprintf(pgn, sizeof pgn, "[Variant \"tabal\"]\n\n1. %s *\n", move);
    ck_assert_int_eq(session_load_pgn(&s, pgn, err, sizeof err), -1);
    ck_assert_str_eq(err, "PGN ply 1: move too long (at most 167 characters)");
    session_free(&s);
}
END_TEST

/* Malformed PGN is refused naming what is wrong, as dablo-match's -pgnout
 * check does (a broken tag line was skipped and the first move blamed; an
 * unclosed comment hid the rest of the game); a byte-order mark is
 * skipped. */
START_TEST(session_pgn_malformed)
{
    Session s;
    people(&s);
    char err[512];
    const char *pgn = "[Variant \"tabal\"]\n\n1. b4-c5 {unterminated comment d6xb4 2. a3xc5 *\n";
    ck_assert_int_eq(session_load_pgn(&s, pgn, err, sizeof err), -1);
    ck_assert_str_eq(err, "PGN line 3: a comment opened here is never closed: "
                          "'{unterminated comment d6xb4 2. a3xc5 *'");
    const char *tags[] = { "[Variant \"tabal", "[Variant \"tabal\"", "[Variant tabal]",
                           "[Variant \"tabal\"] 1. b4-c5" };
    for (int i = 0; i < 4; i++) {
        char text[128], want[160];
        snprintf(text, sizeof text, "[Event \"x\"]\r\n%s\n\n1. b4-c5 *\n", tags[i]);
        ck_assert_int_eq(session_load_pgn(&s, text, err, sizeof err), -1);
        snprintf(want, sizeof want, "PGN line 2: not a PGN tag pair ([Name \"value\"]): '%s'",
                 tags[i]);
        ck_assert_str_eq(err, want);
    }
    ck_assert_int_eq(s.game.nmoves, 0);
    pgn = "\xEF\xBB\xBF[Variant \"tabal\"]\n\n1. b4-c5 d6xb4 *\n";
    ck_assert_msg(session_load_pgn(&s, pgn, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(s.rules.variant, VARIANT_TABAL);
    ck_assert_int_eq(s.game.nmoves, 2);
    session_free(&s);
}
END_TEST

/* Standard PGN that dablo-match does not write (PGN sections 5, 6 and
 * 8.2.5): ';' comments, '%' escape lines and variations are skipped, the
 * main line kept (a variation's "(1..." was read as a move); a variation
 * never closed, or a ')' with none open, is named with its line. */
START_TEST(session_pgn_variations_escapes_and_comments)
{
    Session s;
    people(&s);
    char err[512];
    const char *pgn =
        "; a note before the tags\n%an escape line\n[Variant \"tabal\"]\n% another\n\n"
        "1. b4-c5 d6xb4 (1... d6-d5 {a ) in a comment} (1... e6-d5) ; a ) here\n"
        "2. a3-a4) 2. a3xc5 ; b4-c5 d6xb4\n%1. b4-c5\n*\n";
    ck_assert_msg(session_load_pgn(&s, pgn, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(s.rules.variant, VARIANT_TABAL);
    ck_assert_int_eq(s.game.nmoves, 3);
    pgn = "[Variant \"tabal\"]\n\n1. b4-c5 d6xb4\n(1... d6-d5 2. a3xc5 *\n";
    ck_assert_int_eq(session_load_pgn(&s, pgn, err, sizeof err), -1);
    ck_assert_str_eq(
        err, "PGN line 4: a variation opened here is never closed: '(1... d6-d5 2. a3xc5 *'");
    pgn = "[Variant \"tabal\"]\n\n1. b4-c5 d6xb4)\n2. a3xc5 *\n";
    ck_assert_int_eq(session_load_pgn(&s, pgn, err, sizeof err), -1);
    ck_assert_str_eq(err, "PGN line 3: a ')' with no variation '(' open");
    ck_assert_int_eq(s.game.nmoves, 3); /* the game loaded before stays */
    session_free(&s);
}
END_TEST

/* A PGN without a Variant tag is read in the current game's variant and,
 * without a Rules tag either, under its rules (it was read as Dablot,
 * and a Tabal game failed with just "illegal move"); an error then says
 * how it was read. */
START_TEST(session_pgn_without_variant_tag)
{
    Session s;
    people(&s);
    char err[512];
    new_game(&s, "{\"variant\":\"dablot\",\"options\":{\"Rules\":\"anti-draw\"}}");
    ck_assert_msg(session_load_pgn(&s, "1. c5-c7 a7xe7 *", err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(s.rules.variant, VARIANT_DABLOT);
    ck_assert_int_eq(s.rules.preset, PRESET_ANTI_DRAW);
    ck_assert_int_eq(s.game.nmoves, 2);
    /* a Variant tag without a Rules tag: that variant's default rules */
    ck_assert_int_eq(session_load_pgn(&s, "[Variant \"dablot\"]\n\n1. c5-c7 *", err, sizeof err),
                     0);
    ck_assert_int_eq(s.rules.preset, PRESET_CLASSIC);
    new_game(&s, "{\"variant\":\"tabal\"}");
    ck_assert_msg(session_load_pgn(&s, "1. b4-c5 d6xb4 (1... d6-d5) 2. a3xc5 *", err, sizeof err)
                      == 0,
                  "%s", err);
    ck_assert_int_eq(s.rules.variant, VARIANT_TABAL);
    ck_assert_int_eq(s.game.nmoves, 3);
    /* a Dablot game pasted into a Tabal one */
    ck_assert_int_eq(session_load_pgn(&s, "1. c5-c7 a7xe7 *", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "PGN ply 1 (c5-c7): ") == err
                      && strstr(err, " (read as Tabal, the current game's variant: the PGN has no "
                                     "Variant tag)"),
                  "%s", err);
    ck_assert_int_eq(s.game.nmoves, 3);
    session_free(&s);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("web");
    TCase *tc = tcase_create("web");
    tcase_add_test(tc, json_values);
    tcase_add_test(tc, json_refusals);
    tcase_add_test(tc, json_writer);
    tcase_add_test(tc, json_utf8);
    tcase_add_test(tc, session_moves);
    tcase_add_test(tc, session_lines_go_with_their_position);
    tcase_add_test(tc, session_takeback_against_an_engine);
    tcase_add_test(tc, session_skill);
    tcase_add_test(tc, session_pgn_round_trip);
    tcase_add_test(tc, session_pgn_names_who_played);
    tcase_add_test(tc, session_tabal_end_and_fen);
    tcase_add_test(tc, session_pgn_malformed);
    tcase_add_test(tc, session_pgn_variations_escapes_and_comments);
    tcase_add_test(tc, session_pgn_without_variant_tag);
    tcase_add_test(tc, session_refuses_an_ended_start);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
