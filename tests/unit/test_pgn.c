/*
 * test_pgn.c - the PGN reader (src/rules/pgn.h) that dablo-match's check
 * of a -pgnout file and dablo-web's loading of a game share: tag pairs,
 * their values, and the movetext's tokens, also when read line by line.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "rules/pgn.h"

START_TEST(tag_pairs)
{
    PgnTag t;
    char v[16];
    const char *line = "[White \"a \\\"b\\\" \\\\ c\"]  ";
    size_t n = pgn_tag_pair(line, &t);
    ck_assert_uint_eq(n, strlen(line) - 2);
    ck_assert_uint_eq(t.name_len, 5);
    ck_assert(!strncmp(t.name, "White", 5));
    ck_assert(pgn_tag_value(&t, v, sizeof v)); /* whole */
    ck_assert_str_eq(v, "a \"b\" \\ c");
    ck_assert_uint_gt(pgn_tag_pair("[Variant\"tabal\"]", &t), 0); /* no blank is needed */
    pgn_tag_value(&t, v, sizeof v);
    ck_assert_str_eq(v, "tabal");
    /* not whole tag pairs */
    ck_assert_uint_eq(pgn_tag_pair("[White \"a\"", &t), 0);
    ck_assert_uint_eq(pgn_tag_pair("[ \"a\"]", &t), 0);
    ck_assert_uint_eq(pgn_tag_pair("[White a]", &t), 0);
    ck_assert_uint_eq(pgn_tag_pair("[White \"a\n\"]", &t), 0);
    ck_assert_uint_eq(pgn_tag_pair("White \"a\"]", &t), 0);
    /* a tag line: one tag pair and blanks to the line's end */
    ck_assert_uint_eq(pgn_tag_line("[White \"a\"] \r\n1. c5-c7", &t), 11);
    ck_assert_uint_eq(pgn_tag_line("[White \"a\"]", &t), 11);
    ck_assert_uint_eq(pgn_tag_line("[White \"a\"] 1. c5-c7\n", &t), 0);
    ck_assert_uint_eq(pgn_tag_line("[White \"a\"] [Black \"b\"]\n", &t), 0);
    ck_assert_uint_eq(pgn_tag_line("[White \"a\"\n", &t), 0);
    /* a value cut to fit is cut at a character's start */
    ck_assert_uint_gt(pgn_tag_pair("[Black \"ab\xc3\xa9\"]", &t), 0);
    ck_assert(!pgn_tag_value(&t, v, 4)); /* cut */
    ck_assert_str_eq(v, "ab");
    ck_assert(pgn_is_result("1/2-1/2", 7) && pgn_is_result("*", 1) && !pgn_is_result("1-0}", 4));
}
END_TEST

/* The tokens of text as "M:move R:result T:[" words, one space apart. */
static void tokens(PgnLexer *lx, char *out, size_t len)
{
    const char *tok;
    size_t n;
    PgnToken k;
    while ((k = pgn_next_token(lx, &tok, &n)) != PGN_END) {
        size_t used = strlen(out);
        if (k == PGN_NEXT_TAG) {
            snprintf(out + used, len - used, "T:[ ");
            return;
        }
        snprintf(out + used, len - used, "%c:%.*s ", k == PGN_MOVE ? 'M' : 'R', (int)n, tok);
    }
}

START_TEST(movetext_tokens)
{
    char out[256] = "";
    PgnLexer lx = { .p = "7... c5-c4 {a comment} $1 ; to the end\n8.c3xc5 {two\n[lines]} 12 } 1-0\n"
                         "[Event" };
    tokens(&lx, out, sizeof out);
    ck_assert_str_eq(out, "M:c5-c4 M:c3xc5 M:12 M:} R:1-0 T:[ ");
    /* line by line: a comment open at a line's end goes on in the next */
    const char *lines[] = { "1. c5-d6 {a comment", "[over two lines]} b8-c7", "1/2-1/2 ; agreed" };
    out[0] = '\0';
    lx.in_comment = 0;
    for (int i = 0; i < 3; i++) {
        lx.p = lines[i];
        tokens(&lx, out, sizeof out);
        ck_assert_int_eq(lx.in_comment, i == 0);
        if (i == 0) ck_assert_ptr_eq(lx.comment, lines[0] + 9); /* its '{' */
    }
    ck_assert_str_eq(out, "M:c5-d6 M:b8-c7 R:1/2-1/2 ");
}
END_TEST

/* The tokens of text read by *lx, a new lexer at its start (tokens()). */
static const char *fresh_tokens(PgnLexer *lx, const char *text, char *out, size_t len)
{
    *lx = (PgnLexer){ .p = text };
    out[0] = '\0';
    tokens(lx, out, len);
    return out;
}

/* Variations (RAVs, PGN 8.2.5), nested, with comments and results in
 * them, are skipped and the game's moves kept; '%' escape lines (PGN 6)
 * are skipped at a line's start only. */
START_TEST(variations_and_escape_lines)
{
    char out[256];
    PgnLexer lx;
    ck_assert_str_eq(fresh_tokens(&lx,
                                  "% an escape line 1. x\n1. b4-c5 d6xb4 (1... d6-d5 {a ) in a "
                                  "comment} (1... e6-d5 2. a3-a4 1-0) ; a ) here\n2. a3-b4) 2. "
                                  "a3xc5 %5 *",
                                  out, sizeof out),
                     "M:b4-c5 M:d6xb4 M:a3xc5 M:%5 R:* ");
    ck_assert_int_eq(lx.rav_depth, 0);
    /* a ')' with no variation open is a move of its own; an open one is
     * left open at the end, its '(' kept */
    const char *text = "1. b4-c5 ) d6xb4 (1... d6-d5 2. a3xc5 *";
    ck_assert_str_eq(fresh_tokens(&lx, text, out, sizeof out), "M:b4-c5 M:) M:d6xb4 ");
    ck_assert_int_eq(lx.rav_depth, 1);
    ck_assert_ptr_eq(lx.rav, strchr(text, '('));
    /* a '[' ends the movetext inside a variation too */
    ck_assert_str_eq(fresh_tokens(&lx, "1. b4-c5 (1. b4-b5\n[Event \"x\"]", out, sizeof out),
                     "M:b4-c5 T:[ ");
    ck_assert_int_eq(lx.rav_depth, 1);
    /* a text that starts inside a line: its '%' is no escape */
    lx = (PgnLexer){ .p = "%x b4-c5", .mid_line = 1 };
    out[0] = '\0';
    tokens(&lx, out, sizeof out);
    ck_assert_str_eq(out, "M:%x M:b4-c5 ");
    /* line by line: a variation open at a line's end goes on in the next */
    const char *lines[] = { "1. b4-c5 (1. b4-b5", "1... d6-d5) d6xb4", "1/2-1/2" };
    fresh_tokens(&lx, "", out, sizeof out);
    for (int i = 0; i < 3; i++) {
        lx.p = lines[i];
        tokens(&lx, out, sizeof out);
        ck_assert_int_eq(lx.rav_depth, i == 0);
    }
    ck_assert_str_eq(out, "M:b4-c5 M:d6xb4 R:1/2-1/2 ");
}
END_TEST

/* Suffix annotations (PGN 8.2.4), as other programs export them: alone
 * they are skipped like a NAG ("!?" was a move no notation parses), and
 * one ending a move is cut from it; three glyphs are no annotation. */
START_TEST(suffix_annotations)
{
    char out[256];
    PgnLexer lx;
    ck_assert_str_eq(
        fresh_tokens(&lx, "1. b4-c5 !? d6xb4 ?! 2. a3xc5 ! ? !! ?? $1 *", out, sizeof out),
        "M:b4-c5 M:d6xb4 M:a3xc5 R:* ");
    ck_assert_str_eq(
        fresh_tokens(&lx, "1. b4-c5!? d6xb4?{x} 2.a3xc5!! c7-c6?? 1-0", out, sizeof out),
        "M:b4-c5 M:d6xb4 M:a3xc5 M:c7-c6 R:1-0 ");
    ck_assert_str_eq(fresh_tokens(&lx, "1. b4-c5!!! !?! *", out, sizeof out),
                     "M:b4-c5!!! M:!?! R:* ");
}
END_TEST

Suite *pgn_suite(void)
{
    Suite *s = suite_create("pgn");
    TCase *tc = tcase_create("pgn");
    tcase_add_test(tc, tag_pairs);
    tcase_add_test(tc, movetext_tokens);
    tcase_add_test(tc, variations_and_escape_lines);
    tcase_add_test(tc, suffix_annotations);
    suite_add_tcase(s, tc);
    return s;
}
