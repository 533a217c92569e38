/*
 * test_protocol.c - the protocol's pure parts: words, "go", "position",
 * "setoption", the option table, the line reader, the board diagram and
 * tab completion (protocol/PROTOCOL.md).  The engine end to end is tested
 * by the transcripts (tests/suites/30-protocol.sh).
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "frontend/completion.h"
#include "frontend/diagram.h"
#include "frontend/lineedit.h"
#include "frontend/linereader.h"
#include "frontend/options.h"
#include "frontend/uci_parse.h"
#include "frontend/uci.h"
#include "rules/notation.h"

static const char *const DABLOT_START =
    "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1";

START_TEST(words_blanks)
{
    Words w;
    ck_assert_int_eq(uci_parse_words_split(&w, "  go\tdepth \r 5\r"), 0);
    ck_assert_int_eq(w.n, 3);
    ck_assert_str_eq(w.v[0], "go");
    ck_assert_str_eq(w.v[1], "depth");
    ck_assert_str_eq(w.v[2], "5");
    uci_parse_words_free(&w);
    ck_assert_int_eq(uci_parse_words_split(&w, " \t \r"), 0);
    ck_assert_int_eq(w.n, 0);
    uci_parse_words_free(&w);
}
END_TEST

/* Runs uci_parse_go on the words of line in the Dablot start position;
 * returns what it returns. */
static int go(const char *line, SearchLimits *lim, int *perft, ParseErrors *pe)
{
    Rules r = rules_default(VARIANT_DABLOT);
    Position pos;
    Words w;
    position_start(&pos, &r);
    memset(pe, 0, sizeof *pe);
    ck_assert_int_eq(uci_parse_words_split(&w, line), 0);
    int rc = uci_parse_go(&pos, w.v, w.n, lim, perft, pe);
    uci_parse_words_free(&w);
    return rc;
}

START_TEST(go_limits)
{
    static SearchLimits l;
    int perft;
    ParseErrors pe;
    go("", &l, &perft, &pe);
    ck_assert(l.time[WHITE] == -1 && l.time[BLACK] == -1);
    ck_assert(l.depth == 0 && l.nodes == 0 && l.movetime == 0 && !l.infinite && !l.ponder);
    ck_assert_int_eq(pe.count, 0);
    go("btime 2000 WTIME 1500 winc 10 binc 20 movestogo 7 depth 9 nodes 123456789012 ponder infinite",
       &l, &perft, &pe);
    ck_assert_int_eq(pe.count, 0);
    ck_assert(l.time[WHITE] == 1500 && l.time[BLACK] == 2000);
    ck_assert(l.inc[WHITE] == 10 && l.inc[BLACK] == 20);
    ck_assert_int_eq(l.movestogo, 7);
    ck_assert_int_eq(l.depth, 9);
    ck_assert(l.nodes == 123456789012ULL);
    ck_assert(l.ponder && l.infinite);
    ck_assert_int_eq(perft, 0);
    /* an overdrawn clock counts as 0; movetime 0 would mean "not given" */
    go("wtime -30 movetime 0", &l, &perft, &pe);
    ck_assert_int_eq(pe.count, 0);
    ck_assert(l.time[WHITE] == 0 && l.movetime == 1);
    /* above the maximum: lowered to it, with a note; the go runs */
    ck_assert_int_eq(go("depth 5000 movestogo 99999999999999999999999", &l, &perft, &pe), 0);
    ck_assert_int_eq(pe.count, 2);
    ck_assert(l.depth == 1000 && l.movestogo == INT_MAX);
    ck_assert_str_eq(pe.msg[0],
                     "go: depth 5000 is above the limit 1000; searching with depth 1000");
    ck_assert_str_eq(pe.msg[1], "go: movestogo 99999999999999999999999 is above the limit "
                                "2147483647; searching with movestogo 2147483647");
    /* mate: any integer, one line */
    go("mate -99999999999999999999999", &l, &perft, &pe);
    ck_assert_int_eq(pe.count, 1);
    ck_assert_str_eq(pe.msg[0], "go: mate is not supported; searching without it");
}
END_TEST

START_TEST(go_errors_and_searchmoves)
{
    static SearchLimits l;
    int perft;
    ParseErrors pe;
    /* a malformed go is refused: one line naming the word and what was
     * expected, none of the notes before it */
    ck_assert_int_eq(go("depth 5000 nodes x wtime movetime 5 bogus", &l, &perft, &pe), -1);
    ck_assert_int_eq(pe.count, 1);
    ck_assert_str_eq(pe.msg[0], "go: nodes: expected an integer >= 1, got 'x'; nothing searched");
    /* the problem alone, without what the engine does instead */
    ck_assert_int_eq(uci_parse_error_problem(pe.msg[0]),
                     strlen("go: nodes: expected an integer >= 1, got 'x'"));
    ck_assert_int_eq(uci_parse_error_problem("no consequence"), strlen("no consequence"));
    static const char *const bad[][2] = {
        { "nodes -5", "go: nodes: expected an integer >= 1, got '-5'; nothing searched" },
        { "depth 0", "go: depth: expected an integer 1..1000, got '0'; nothing searched" },
        { "movetime abc", "go: movetime: expected an integer (ms), got 'abc'; nothing searched" },
        { "btime 1e3", "go: btime: expected an integer (ms), got '1e3'; nothing searched" },
        { "movestogo -1", "go: movestogo: expected an integer >= 0, got '-1'; nothing searched" },
        { "depth 3 winc", "go: winc needs an integer (ms); nothing searched" },
        { "depth infinite",
          "go: depth: expected an integer 1..1000, got 'infinite'; nothing searched" },
        { "mate x", "go: mate: expected an integer, got 'x'; nothing searched" },
        { "depth 3 searchmoves k7-k9", "go: searchmoves: illegal move 'k7-k9'; nothing searched" },
        /* a keyword given twice, in any case: the engine does not pick one */
        { "depth 3 depth 4", "go: depth given twice; nothing searched" },
        { "infinite movetime 100 INFINITE", "go: INFINITE given twice; nothing searched" },
        { "depth 5000 depth 4", "go: depth given twice; nothing searched" },
        { "searchmoves k7-j8 depth 2 searchmoves c5-d6",
          "go: searchmoves given twice; nothing searched" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(go(bad[i][0], &l, &perft, &pe), -1);
        ck_assert_int_eq(pe.count, 1);
        ck_assert_str_eq(pe.msg[0], bad[i][1]);
    }
    ck_assert_int_eq(go("depth 2 bogus", &l, &perft, &pe), -1);
    ck_assert_int_eq(pe.count, 1);
    ck_assert_ptr_nonnull(strstr(pe.msg[0], "go: unknown word 'bogus' (expected wtime, btime, "));
    ck_assert_ptr_nonnull(strstr(pe.msg[0], "searchmoves, perft or mate); nothing searched"));
    /* searchmoves: duplicates dropped */
    ck_assert_int_eq(go("searchmoves k7-j8 c5-d6 k7-j8 depth 3", &l, &perft, &pe), 0);
    ck_assert_int_eq(l.nsearchmoves, 2);
    ck_assert_int_eq(pe.count, 0);
    ck_assert_int_eq(l.depth, 3);
    go("perft 4", &l, &perft, &pe);
    ck_assert_int_eq(perft, 4);
    ck_assert_int_eq(pe.count, 0);
    /* other words with perft refuse it, as "perft 4 extra" is refused */
    ck_assert_int_eq(go("perft 4 depth 2", &l, &perft, &pe), -1);
    ck_assert_int_eq(perft, -1);
    ck_assert_int_eq(pe.count, 1);
    ck_assert_ptr_nonnull(strstr(pe.msg[0], "go perft"));
    go("depth 2 perft 4", &l, &perft, &pe);
    ck_assert_int_eq(perft, -1);
    go("perft 0", &l, &perft, &pe);
    ck_assert_int_eq(perft, -1);
    go("perft", &l, &perft, &pe);
    ck_assert_int_eq(perft, -1);
    /* a bad depth: one line that does not say the word alone is ignored */
    go("perft abc", &l, &perft, &pe);
    ck_assert_int_eq(perft, -1);
    ck_assert_int_eq(pe.count, 1);
    ck_assert_ptr_null(strstr(pe.msg[0], "ignored"));
    /* many notes: all counted, the first few kept */
    ck_assert_int_eq(go("depth 5000 nodes 99999999999999999999999 movetime 99999999999999999999999 "
                        "wtime 99999999999999999999999 btime 99999999999999999999999",
                        &l, &perft, &pe),
                     0);
    ck_assert_int_eq(pe.count, 5);
}
END_TEST

/* A searchmoves with no move after it, at the end or before another
 * keyword, would search every move: the go is refused as a malformed one. */
START_TEST(go_searchmoves_without_a_move)
{
    static SearchLimits l;
    int perft;
    ParseErrors pe;
    static const char *const bad[][2] = {
        { "searchmoves", "searchmoves" },
        { "depth 3 searchmoves", "searchmoves" },
        { "searchmoves depth 3", "searchmoves" },
        { "searchmoves infinite", "searchmoves" },
        { "depth 5000 SEARCHMOVES", "SEARCHMOVES" }, /* named as sent; no note of depth */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char want[PARSE_ERROR_LEN];
        snprintf(want, sizeof want, "go: %s needs at least one move; nothing searched", bad[i][1]);
        ck_assert_int_eq(go(bad[i][0], &l, &perft, &pe), -1);
        ck_assert_int_eq(pe.count, 1);
        ck_assert_str_eq(pe.msg[0], want);
    }
    /* one move is enough */
    ck_assert_int_eq(go("searchmoves k7-j8", &l, &perft, &pe), 0);
    ck_assert_int_eq(l.nsearchmoves, 1);
}
END_TEST

static int position(const Rules *r, const char *line, Game *g, char *err, size_t n)
{
    Words w;
    ck_assert_int_eq(uci_parse_words_split(&w, line), 0);
    int rc = uci_parse_position(r, w.v, w.n, UCI_SWITCH_GAME, g, err, n);
    uci_parse_words_free(&w);
    return rc;
}

START_TEST(position_parse)
{
    Rules r = rules_default(VARIANT_DABLOT);
    Game g;
    char err[512], fen[256];
    ck_assert_int_eq(position(&r, "startpos moves c5-d6 b8-c7", &g, err, sizeof err), 0);
    ck_assert_int_eq(g.nmoves, 2);
    position_fen(&g.pos, fen, sizeof fen);
    ck_assert_str_eq(fen, "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/5/kp3K/1M2P/M1MMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 2 2");
    game_free(&g);

    char line[256];
    snprintf(line, sizeof line, "fen %s moves", DABLOT_START);
    ck_assert_int_eq(position(&r, line, &g, err, sizeof err), 0);
    ck_assert_int_eq(g.nmoves, 0);
    game_free(&g);

    memset(&g, 0x5a, sizeof g);   /* untouched on error */
    ck_assert_int_eq(position(&r, "startpos moves c5-d6 k7-k9 b8-c7", &g, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "move 2 of 3"));
    ck_assert_ptr_nonnull(strstr(err, "'k7-k9'"));
    ck_assert_int_eq(g.nmoves, 0x5a5a5a5a);
    ck_assert_int_eq(position(&r, "fen mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1", &g, err, sizeof err), -1);
    ck_assert_msg(strstr(err, " (is this a Tabal FEN? setoption name Variant value tabal)"), "%s",
                  err);
    Rules t = rules_default(VARIANT_TABAL);
    snprintf(line, sizeof line, "fen %s", DABLOT_START);
    ck_assert_int_eq(position(&t, line, &g, err, sizeof err), -1);
    ck_assert_msg(strstr(err, " (is this a Dablot FEN? setoption name Variant value dablot)"), "%s",
                  err);
    ck_assert_int_eq(position(&r, "", &g, err, sizeof err), -1);
    ck_assert_int_eq(position(&r, "startpos c5-d6", &g, err, sizeof err), -1);
    ck_assert_int_eq(position(&r, "fen", &g, err, sizeof err), -1);
}
END_TEST

START_TEST(setoption_parse)
{
    Words w;
    char *name, *value, err[256];
    ck_assert_int_eq(uci_parse_words_split(&w, "name  Clear   Hash value  a  b "), 0);
    ck_assert_int_eq(uci_parse_setoption(w.v, w.n, &name, &value, err, sizeof err), 0);
    ck_assert_str_eq(name, "Clear Hash");
    ck_assert_str_eq(value, "a b");
    free(name);
    free(value);
    uci_parse_words_free(&w);
    ck_assert_int_eq(uci_parse_words_split(&w, "NAME Hash"), 0);
    ck_assert_int_eq(uci_parse_setoption(w.v, w.n, &name, &value, err, sizeof err), 0);
    ck_assert_str_eq(name, "Hash");
    ck_assert_str_eq(value, "");
    free(name);
    free(value);
    uci_parse_words_free(&w);
    ck_assert_int_eq(uci_parse_words_split(&w, "name value 3"), 0);
    ck_assert_int_eq(uci_parse_setoption(w.v, w.n, &name, &value, err, sizeof err), -1);
    uci_parse_words_free(&w);
    ck_assert_int_eq(uci_parse_words_split(&w, "Hash value 3"), 0);
    ck_assert_int_eq(uci_parse_setoption(w.v, w.n, &name, &value, err, sizeof err), -1);
    uci_parse_words_free(&w);
}
END_TEST

/* The table's defaults are those of RULES.md, as rules.c has them. */
START_TEST(option_table)
{
    Rules d = rules_default(VARIANT_DABLOT);
    char buf[64], canon[64], err[256], line[512];
    int nrule = 0;
    for (int i = 0; i < option_count(); i++) {
        const OptionDesc *o = option_at(i);
        ck_assert_ptr_eq(option_find(o->name), o);
        if (o->id != OPTION_RULE) continue;
        nrule++;
        ck_assert_int_eq(rules_get(&d, o->name, buf, sizeof buf), 0);
        ck_assert_str_eq(buf, o->def);
        /* every value the table accepts, rules_set() accepts too */
        Rules r = d;
        if (o->type == OPT_COMBO)
            for (int k = 0; o->vars[k]; k++)
                ck_assert_int_eq(rules_set(&r, o->name, o->vars[k], err, sizeof err), 0);
    }
    ck_assert_int_eq(nrule, 7);
    ck_assert_ptr_nonnull(option_find("clear hash"));
    ck_assert_ptr_null(option_find("ClearHash"));
    const OptionDesc *v = option_find("VARIANT");
    ck_assert_int_eq(option_check_value(v, "TaBaL", canon, sizeof canon, err, sizeof err), 0);
    ck_assert_str_eq(canon, "tabal");
    ck_assert_int_eq(option_check_value(v, "chess", canon, sizeof canon, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "dablot or tabal"));
    const OptionDesc *h = option_find("hash");
    ck_assert_int_eq(option_check_value(h, "65536", canon, sizeof canon, err, sizeof err), 0);
    ck_assert_int_eq(option_check_value(h, "65537", canon, sizeof canon, err, sizeof err), -1);
    ck_assert_int_eq(option_check_value(h, "+8", canon, sizeof canon, err, sizeof err), 0);
    ck_assert_str_eq(canon, "8");
    ck_assert_int_eq(option_check_value(h, "8 MiB", canon, sizeof canon, err, sizeof err), -1);
    option_uci_line(option_find("captures"), line, sizeof line);
    ck_assert_str_eq(line, "option name Captures type combo default optional var optional var compulsory var compulsory-men");
    option_uci_line(option_find("clear hash"), line, sizeof line);
    ck_assert_str_eq(line, "option name Clear Hash type button");
}
END_TEST

START_TEST(linereader_lines)
{
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    size_t big = (size_t)1 << 20;
    char *data = malloc(big + 64);
    size_t n = 0;
    n += (size_t)sprintf(data + n, "uci\r\n\nisready \t\r\na");
    data[n++] = '\0';
    data[n++] = 'b';
    data[n++] = '\n';
    memset(data + n, 'x', big);
    n += big;
    data[n++] = '\n';
    n += (size_t)sprintf(data + n, "last");
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {   /* the writer, so the pipe never fills up */
        close(fds[0]);
        ssize_t w = write(fds[1], data, n);
        _exit(w == (ssize_t)n ? 0 : 1);
    }
    close(fds[1]);
    LineReader lr;
    char *line;
    size_t len;
    linereader_init(&lr, fds[0]);
    ck_assert_int_eq(linereader_next(&lr, &line, &len), LINE_OK);
    ck_assert_str_eq(line, "uci");
    ck_assert_int_eq(linereader_next(&lr, &line, &len), LINE_OK);
    ck_assert_str_eq(line, "");
    ck_assert_int_eq(linereader_next(&lr, &line, &len), LINE_OK);
    ck_assert_str_eq(line, "isready \t");
    ck_assert_int_eq(linereader_next(&lr, &line, &len), LINE_OK);
    ck_assert_str_eq(line, "a b");   /* a NUL byte reads as a space */
    ck_assert_int_eq(linereader_next(&lr, &line, &len), LINE_OK);
    ck_assert_uint_eq(len, big);
    ck_assert_uint_eq(strlen(line), big);
    ck_assert_int_eq(linereader_next(&lr, &line, &len), LINE_OK);
    ck_assert_str_eq(line, "last");   /* no newline at the end */
    ck_assert_int_eq(linereader_next(&lr, &line, &len), LINE_EOF);
    linereader_free(&lr);
    close(fds[0]);
    free(data);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}
END_TEST

/* A read error is said as such (LINE_ERROR with its errno), not as the end
 * of the input; a non-blocking descriptor is waited on, not an error. */
START_TEST(linereader_errors)
{
    int fd = open("/tmp", O_RDONLY | O_DIRECTORY);
    ck_assert_int_ge(fd, 0);
    LineReader lr;
    char *line;
    size_t len;
    linereader_init(&lr, fd);
    ck_assert_int_eq(linereader_next(&lr, &line, &len), LINE_ERROR);
    ck_assert_int_eq(lr.err, EISDIR);
    ck_assert_int_eq(linereader_next(&lr, &line, &len), LINE_ERROR);
    linereader_free(&lr);
    close(fd);

    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    ck_assert_int_eq(fcntl(fds[0], F_SETFL, O_NONBLOCK), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) { /* the writer, late: the reader finds the pipe empty first */
        close(fds[0]);
        usleep(100000);
        _exit(write(fds[1], "late\n", 5) == 5 ? 0 : 1);
    }
    close(fds[1]);
    linereader_init(&lr, fds[0]);
    ck_assert_int_eq(linereader_next(&lr, &line, &len), LINE_OK);
    ck_assert_str_eq(line, "late");
    ck_assert_int_eq(linereader_next(&lr, &line, &len), LINE_EOF);
    linereader_free(&lr);
    close(fds[0]);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
}
END_TEST

static int count_char(const char *s, char c)
{
    int n = 0;
    for (; *s; s++) n += *s == c;
    return n;
}

/* Each diagonal line of RULES.md is drawn as exactly one '/' or '\'. */
START_TEST(diagram_lines)
{
    Rules r = rules_default(VARIANT_DABLOT);
    Position pos;
    position_start(&pos, &r);
    char *pic = diagram_board(&pos);
    ck_assert_ptr_nonnull(pic);
    ck_assert_int_eq(count_char(pic, '/') + count_char(pic, '\\'), 120);
    ck_assert_int_eq(count_char(pic, '\n'), 26);   /* 25 text rows + the file letters */
    ck_assert_int_eq(count_char(pic, 'M'), 28);
    ck_assert_int_eq(count_char(pic, '.'), 12);
    ck_assert_ptr_nonnull(strstr(pic, "  7 k-------.-------.-------.-------.-------K\n"));
    ck_assert_ptr_nonnull(strstr(pic, "    a   b   c   d   e   f   g   h   i   j   k\n"));
    free(pic);

    r = rules_default(VARIANT_TABAL);
    position_start(&pos, &r);
    pic = diagram_board(&pos);
    /* 16 Alquerque diagonals and 4 in each triangle */
    ck_assert_int_eq(count_char(pic, '/') + count_char(pic, '\\'), 24);
    ck_assert_int_eq(count_char(pic, 'm'), 16);
    ck_assert_ptr_nonnull(strstr(pic, "  1 M-------M-------M\n"));
    ck_assert_ptr_nonnull(strstr(pic, "      /     |     \\\n"));
    free(pic);
}
END_TEST

/* The last move marked: "[X]" where it landed, "(.)" where it started and
 * on what it took, also on the board's first and last files. */
START_TEST(diagram_marks_the_last_move)
{
    Rules r = rules_default(VARIANT_TABAL);
    Position pos;
    char err[200];
    Move m;
    ck_assert_int_eq(position_set_fen(&pos, &r, "3/3/5/5/5/5/5/3/m1M w 0 1", err, sizeof err), 0);
    ck_assert_int_eq(notation_parse_move(&pos, "e1-c1", &m, err, sizeof err), 0);
    Undo u;
    position_make(&pos, &m, &u);
    char *pic = diagram_board_marked(&pos, &m);
    ck_assert_ptr_nonnull(pic);
    ck_assert_ptr_nonnull(strstr(pic, "  1 m------[M]-----(.)\n"));
    free(pic);
    /* Black's man on its far base becomes a king */
    ck_assert_int_eq(position_set_fen(&pos, &r, "3/3/5/5/5/5/5/3/M1m b 0 1", err, sizeof err), 0);
    ck_assert_int_eq(notation_parse_move(&pos, "e1-c1", &m, err, sizeof err), 0);
    position_make(&pos, &m, &u);
    pic = diagram_board_marked(&pos, &m);
    ck_assert_ptr_nonnull(strstr(pic, "  1 M------[k]-----(.)\n"));
    free(pic);
    /* a capture: the taken man's point is marked too */
    ck_assert_int_eq(position_set_fen(&pos, &r, "3/3/5/5/5/m4/M4/3/3 w 0 1", err, sizeof err), 0);
    ck_assert_int_eq(notation_parse_move(&pos, "a3xa5", &m, err, sizeof err), 0);
    position_make(&pos, &m, &u);
    pic = diagram_board_marked(&pos, &m);
    ck_assert_ptr_nonnull(strstr(pic, "  5[M]"));
    ck_assert_ptr_nonnull(strstr(pic, "  4(.)"));
    ck_assert_ptr_nonnull(strstr(pic, "  3(.)"));
    free(pic);
    pic = diagram_board_marked(&pos, NULL);
    ck_assert_ptr_null(strchr(pic, '[')); /* no move, no marks */
    free(pic);
}
END_TEST

static int has(char **c, const char *s)
{
    for (int i = 0; c && c[i]; i++)
        if (strcmp(c[i], s) == 0) return 1;
    return 0;
}

static void free_list(char **c)
{
    for (int i = 0; c && c[i]; i++) free(c[i]);
    free(c);
}

START_TEST(completion_contexts)
{
    Rules rules = rules_default(VARIANT_DABLOT);
    Game game;
    Position start;
    position_start(&start, &rules);
    ck_assert_int_eq(game_init(&game, &start), 0);
    CompletionContext cx = { uci_command_names(), &rules, &game, false };
    char **c = completion_candidates(&cx, "", 0);
    ck_assert(has(c, "isready") && has(c, "setoption") && has(c, "go") && has(c, "show"));
    ck_assert(!has(c, "c5-d6") && !has(c, "undo")); /* over pipes: protocol commands only */
    free_list(c);
    cx.moves_first = true; /* the play mode at the terminal: moves and its commands too */
    c = completion_candidates(&cx, "", 0);
    ck_assert(has(c, "isready") && has(c, "c5-d6") && has(c, "k7-j8") && has(c, "undo")
              && has(c, "level"));
    free_list(c);
    /* the arguments of the play commands */
    c = completion_candidates(&cx, "level ", 6);
    ck_assert(has(c, "0") && has(c, "20") && !has(c, "21") && !has(c, "c5-d6"));
    free_list(c);
    c = completion_candidates(&cx, "new ", 4);
    ck_assert(has(c, "dablot") && has(c, "tabal"));
    free_list(c);
    c = completion_candidates(&cx, "play ", 5);
    ck_assert(has(c, "white") && has(c, "black") && has(c, "none"));
    free_list(c);
    cx.moves_first = false;
    c = completion_candidates(&cx, "play ", 5);
    ck_assert_ptr_null(c); /* over pipes there is no play mode */
    free_list(c);
    c = completion_candidates(&cx, "setoption name ", 15);
    ck_assert(has(c, "Variant") && has(c, "Clear Hash") && has(c, "KingAndPrinceCaptureEnds"));
    free_list(c);
    c = completion_candidates(&cx, "setoption name clear H", 21);
    ck_assert(has(c, "Hash"));
    ck_assert(!has(c, "Clear Hash"));
    free_list(c);
    c = completion_candidates(&cx, "setoption name Rules va", 21);
    ck_assert(has(c, "value"));
    free_list(c);
    c = completion_candidates(&cx, "setoption name rules value ", 27);
    ck_assert(has(c, "anti-draw") && has(c, "modern"));
    free_list(c);
    c = completion_candidates(&cx, "position startpos moves ", 24);
    ck_assert(has(c, "c5-d6") && has(c, "k7-j8"));
    free_list(c);
    c = completion_candidates(&cx, "position startpos moves c5-d6 ", 30);
    ck_assert(has(c, "b8-c7"));   /* Black's moves after c5-d6 */
    ck_assert(!has(c, "c5-d6"));
    free_list(c);
    c = completion_candidates(&cx, "go searchmoves ", 15);
    ck_assert(has(c, "k7-i7") && has(c, "depth"));
    free_list(c);
    c = completion_candidates(&cx, "go depth ", 9);
    ck_assert_ptr_null(c);
    game_free(&game);
}
END_TEST

/* Bytes appended by the caller (the terminal reads its fd itself): whole
 * lines come out in order, the start of a line waits for its end, and
 * take_rest hands over that start only when no whole line is buffered. */
START_TEST(linereader_appended)
{
    LineReader lr;
    char *line;
    size_t len;
    linereader_init(&lr, -1);
    ck_assert_ptr_null(linereader_take_rest(&lr, &len));
    ck_assert_int_eq(linereader_append(&lr, "undo\nlev", 8), 0);
    ck_assert(linereader_has_line(&lr));
    ck_assert_ptr_null(linereader_take_rest(&lr, &len)); /* a whole line first */
    ck_assert_int_eq(linereader_next(&lr, &line, &len), LINE_OK);
    ck_assert_str_eq(line, "undo");
    ck_assert(!linereader_has_line(&lr));
    ck_assert_int_eq(linereader_append(&lr, "el", 2), 0);
    line = linereader_take_rest(&lr, &len);
    ck_assert_str_eq(line, "level");
    ck_assert_uint_eq(len, 5);
    ck_assert_ptr_null(linereader_take_rest(&lr, &len));
    size_t big = 200000; /* more than the reader's first buffer */
    char *data = malloc(big);
    memset(data, 'x', big);
    data[big - 1] = '\n';
    ck_assert_int_eq(linereader_append(&lr, "a\n", 2), 0);
    ck_assert_int_eq(linereader_append(&lr, data, big), 0);
    ck_assert_int_eq(linereader_next(&lr, &line, &len), LINE_OK);
    ck_assert_str_eq(line, "a");
    ck_assert_int_eq(linereader_next(&lr, &line, &len), LINE_OK);
    ck_assert_uint_eq(len, big - 1);
    ck_assert(!linereader_has_line(&lr));
    free(data);
    linereader_free(&lr);
}
END_TEST

/* Feeds the bytes of s to le; returns the last result. */
static EditResult type(LineEdit *le, const char *s)
{
    EditResult r = EDIT_SAME;
    for (; *s; s++)
        r = lineedit_byte(le, (unsigned char)*s);
    return r;
}

/* The line typed during a job (the terminal's editing off): erase a
 * character (UTF-8 whole), a word, the line; Enter ends it ("\r\n" once);
 * arrow keys and other control bytes are dropped; EOF only on an empty
 * line. */
START_TEST(lineedit_keys)
{
    LineEdit le;
    lineedit_init(&le, 0x7f, 0x17, 0x15, 0x04);
    ck_assert_int_eq(type(&le, "st"), EDIT_CHANGED);
    ck_assert_int_eq(type(&le, "\x1b[A\x1bOB\x1b[1;5C\x07"), EDIT_SAME); /* arrows, a bell */
    ck_assert_str_eq(le.buf, "st");
    ck_assert_int_eq(type(&le, "x\x7fop\x04"), EDIT_SAME); /* EOF on a line: nothing */
    ck_assert_str_eq(le.buf, "stop");
    ck_assert_int_eq(type(&le, "\r"), EDIT_LINE);
    ck_assert_str_eq(le.buf, "stop");
    lineedit_clear(&le);
    ck_assert_int_eq(type(&le, "\n"), EDIT_SAME); /* the '\n' of "\r\n" */
    ck_assert_int_eq(type(&le, "go\tdepth 3 \x17"), EDIT_CHANGED);
    ck_assert_str_eq(le.buf, "go depth ");
    ck_assert_int_eq(type(&le, "\x17\x17"), EDIT_CHANGED);
    ck_assert_str_eq(le.buf, "");
    ck_assert_int_eq(type(&le, "caf\xc3\xa9\x08"),
                     EDIT_CHANGED); /* Backspace: all of the e-acute */
    ck_assert_str_eq(le.buf, "caf");
    ck_assert_int_eq(type(&le, "\x15"), EDIT_CHANGED);
    ck_assert_uint_eq(le.len, 0);
    ck_assert_int_eq(type(&le, "\x04"), EDIT_EOF);
    ck_assert_int_eq(type(&le, "\n"), EDIT_LINE);
    lineedit_free(&le);
}
END_TEST

Suite *protocol_suite(void)
{
    Suite *s = suite_create("protocol");
    TCase *tc = tcase_create("parse");
    tcase_add_test(tc, words_blanks);
    tcase_add_test(tc, go_limits);
    tcase_add_test(tc, go_errors_and_searchmoves);
    tcase_add_test(tc, go_searchmoves_without_a_move);
    tcase_add_test(tc, position_parse);
    tcase_add_test(tc, setoption_parse);
    tcase_add_test(tc, option_table);
    suite_add_tcase(s, tc);
    tc = tcase_create("io");
    tcase_add_test(tc, linereader_lines);
    tcase_add_test(tc, linereader_errors);
    tcase_add_test(tc, linereader_appended);
    tcase_add_test(tc, lineedit_keys);
    tcase_add_test(tc, diagram_lines);
    tcase_add_test(tc, diagram_marks_the_last_move);
    tcase_add_test(tc, completion_contexts);
    suite_add_tcase(s, tc);
    return s;
}
