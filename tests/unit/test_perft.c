/*
 * test_perft.c - perft against the independent start-position counts and
 * against the reference generator on tests/perft/suite.txt (the method is
 * described at the top of that file); every legal move prints and parses
 * back to itself.
 *
 * Limits: by default rows are checked up to 2,000,000 leaves with perft()
 * and 300,000 with the slow reference; DABLO_TEST_QUICK lowers both;
 * DABLO_PERFT_DEEP (make perft-deep) lifts them.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_helpers.h"
#include "helpers.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/perft.h"
#include "ref_movegen.h"

/* From the repository root, where tests/suites/10-unit.sh runs the tests. */
#define PERFT_SUITE "tests/perft/suite.txt"
#define PERFT_OVERFLOW "tests/perft/overflow.txt"

typedef struct Row {
    Position pos;
    int ndepths;
    uint64_t count[16];
    char text[400];
} Row;

static int deep(void)
{
    const char *d = getenv("DABLO_PERFT_DEEP");
    return d && *d && *d != '0';
}

static uint64_t fast_limit(void) { return deep() ? UINT64_MAX : test_quick() ? 100000 : 2000000; }
static uint64_t ref_limit(void) { return deep() ? UINT64_MAX : test_quick() ? 20000 : 300000; }

static char *trim(char *s)
{
    while (*s == ' ') s++;
    char *e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\n')) *--e = '\0';
    return s;
}

/* Reads a suite file; returns the number of rows (at most max). */
static int read_rows(const char *path, Row *rows, int max)
{
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "%s: %s (the unit tests run from the repository root)", path,
                  strerror(errno));
    char line[1024];
    int n = 0;
    while (n < max && fgets(line, sizeof line, f)) {
        char *s = trim(line);
        if (!*s || *s == '#') continue;
        Row *r = &rows[n];
        snprintf(r->text, sizeof r->text, "%s", s);
        char *fields[20];
        int nf = 0;
        for (char *tok = strtok(s, ";"); tok && nf < 20; tok = strtok(NULL, ";"))
            fields[nf++] = trim(tok);
        ck_assert_msg(nf >= 4, "bad suite line: %s", r->text);
        int v = geometry_variant_from_name(fields[0]);
        ck_assert_int_ge(v, 0);
        Rules rules = test_rules((Variant)v, strcmp(fields[1], "-") ? fields[1] : "");
        char err[200];
        const char *fen = strcmp(fields[2], "startpos") ? fields[2] : position_start_fen((Variant)v);
        ck_assert_msg(position_set_fen(&r->pos, &rules, fen, err, sizeof err) == 0, "%s", err);
        r->ndepths = 0;
        for (int i = 3; i < nf; i++) {
            int d;
            unsigned long long c;
            ck_assert_msg(sscanf(fields[i], "D%d %llu", &d, &c) == 2 && d == r->ndepths + 1, "bad field %s", fields[i]);
            r->count[r->ndepths++] = c;
        }
        n++;
    }
    fclose(f);
    return n;
}

static int read_suite(Row *rows, int max)
{
    return read_rows(PERFT_SUITE, rows, max);
}

static Row rows[64];

START_TEST(suite_fast_perft)
{
    int n = read_suite(rows, 64);
    ck_assert_int_ge(n, 20);
    for (int i = 0; i < n; i++)
        for (int d = 1; d <= rows[i].ndepths; d++) {
            if (rows[i].count[d - 1] > fast_limit()) break;
            uint64_t got = perft(&rows[i].pos, d);
            ck_assert_msg(got == rows[i].count[d - 1], "%s: depth %d gives %llu", rows[i].text, d,
                          (unsigned long long)got);
        }
}
END_TEST

START_TEST(suite_reference_perft)
{
    int n = read_suite(rows, 64);
    for (int i = 0; i < n; i++)
        for (int d = 1; d <= rows[i].ndepths; d++) {
            if (rows[i].count[d - 1] > ref_limit()) break;
            uint64_t got = ref_perft(&rows[i].pos, d);
            ck_assert_msg(got == rows[i].count[d - 1], "%s: reference depth %d gives %llu", rows[i].text, d,
                          (unsigned long long)got);
        }
}
END_TEST

/* Walks the tree comparing the two generators' move sets node by node and
 * the incremental key with the recomputed one; every move's canonical string
 * parses back to the same move and no two moves share a string. */
static void walk(Position *pos, int depth)
{
    static MoveList lists[8];
    MoveList *list = &lists[depth];
    static Move ref[1024];
    int n = movegen_legal(pos, list);
    int nref = ref_moves(pos, ref, 1024);
    quick_assert_int_eq(n, nref);
    quick_assert_int_eq(movegen_count(pos), n); /* the bulk count agrees */
    for (int i = 0; i < n; i++) {
        int found = 0;
        for (int j = 0; j < nref; j++) found += move_equal(&list->moves[i], &ref[j]);
        quick_assert_int_eq(found, 1);
    }
    char strs[64][MOVE_STR_MAX];
    for (int i = 0; i < n; i++) {
        char s[MOVE_STR_MAX], err[200];
        Move back;
        notation_move_string(pos, &list->moves[i], s, sizeof s);
        if (notation_parse_move(pos, s, &back, err, sizeof err) != 0) ck_abort_msg("%s: %s", s, err);
        if (!move_equal(&back, &list->moves[i])) ck_abort_msg("%s parses to another move", s);
        if (i < 64) {
            for (int j = 0; j < i; j++) quick_assert(strcmp(strs[j], s) != 0);
            snprintf(strs[i], MOVE_STR_MAX, "%s", s);
        }
    }
    if (depth == 0) return;
    for (int i = 0; i < n; i++) {
        Undo u;
        Position before = *pos;
        position_make(pos, &list->moves[i], &u);
        quick_assert(pos->key == position_compute_key(pos));
        Position r = ref_after(&before, &list->moves[i]);
        quick_assert(memcmp(pos->board, r.board, sizeof r.board) == 0);
        quick_assert(pos->key == r.key);
        quick_assert_int_eq(pos->draw_plies, r.draw_plies);
        walk(pos, depth - 1);
        position_unmake(pos, &list->moves[i], &u);
        quick_assert(memcmp(pos, &before, sizeof before) == 0);
    }
}

START_TEST(suite_move_by_move)
{
    int n = read_suite(rows, 64);
    for (int i = 0; i < n; i++)
        walk(&rows[i].pos, test_quick() ? 1 : 2);
}
END_TEST

static int cmp_move(const void *a, const void *b)
{
    const Move *x = a, *y = b;
    if (x->from != y->from) return x->from - y->from;
    if (x->to != y->to) return x->to - y->to;
    return (x->captured > y->captured) - (x->captured < y->captured);
}

/* Perft 1 and 2 by the breadth-first reference alone. */
static uint64_t ref_states_perft(const Position *pos, int depth)
{
    Move *moves;
    int n = ref_all_moves(pos, &moves);
    ck_assert_int_ge(n, 0);
    uint64_t total = 0;
    if (depth <= 1)
        total = (uint64_t)n;
    else
        for (int i = 0; i < n; i++) {
            Position next = ref_after(pos, &moves[i]);
            total += ref_states_perft(&next, depth - 1);
        }
    free(moves);
    return total;
}

/* Positions with more moves than a list holds (tests/perft/overflow.txt):
 * movegen_count(), movegen_legal_all() and perft() give every move, the
 * same set as the breadth-first reference, each once, and the list of
 * movegen_legal() is the start of movegen_legal_all()'s. */
START_TEST(overflow_exact)
{
    static Row orows[16];
    int n = read_rows(PERFT_OVERFLOW, orows, 16), overflowed = 0;
    ck_assert_int_ge(n, 3);
    for (int i = 0; i < n; i++) {
        Position *pos = &orows[i].pos;
        Move *ref, *all;
        MoveList list, capped;
        int nref = ref_all_moves(pos, &ref);
        int nall = movegen_legal_all(pos, &list, &all);
        movegen_legal(pos, &capped);
        overflowed += capped.overflow;
        ck_assert_msg((uint64_t)nref == orows[i].count[0], "%s: the reference gives %d moves",
                      orows[i].text, nref);
        ck_assert_int_eq(nall, nref);
        ck_assert_int_eq(movegen_count(pos), nref);
        for (int j = 0; j < capped.n && capped.moves[j].captured; j++)
            ck_assert(move_equal(&capped.moves[j], &all[j]));
        Move *sorted = malloc(sizeof *sorted * (size_t)(nall ? nall : 1));
        ck_assert_ptr_nonnull(sorted);
        memcpy(sorted, all, sizeof *sorted * (size_t)nall);
        qsort(sorted, (size_t)nall, sizeof *sorted, cmp_move);
        qsort(ref, (size_t)nref, sizeof *ref, cmp_move);
        for (int j = 0; j < nall; j++) {
            ck_assert_msg(j == 0 || cmp_move(&sorted[j - 1], &sorted[j]) != 0,
                          "%s: a move listed twice", orows[i].text);
            ck_assert_msg(move_equal(&sorted[j], &ref[j]), "%s: the move sets differ",
                          orows[i].text);
        }
        free(sorted);
        free(ref);
        movegen_legal_all_free(&list, all);
        for (int d = 1; d <= orows[i].ndepths; d++) {
            if (d > 2 && orows[i].count[d - 1] > fast_limit()) break;
            uint64_t got = perft(pos, d);
            ck_assert_msg(got == orows[i].count[d - 1], "%s: depth %d gives %llu", orows[i].text, d,
                          (unsigned long long)got);
            if (d <= 2 || deep()) {
                uint64_t r = ref_states_perft(pos, d);
                ck_assert_msg(r == got, "%s: the reference's depth %d gives %llu", orows[i].text, d,
                              (unsigned long long)r);
            }
        }
    }
    ck_assert_int_ge(overflowed, 2); /* the rows do reach beyond a list */
}
END_TEST

Suite *perft_suite(void)
{
    Suite *s = suite_create("perft");
    TCase *tc = tcase_create("suite");
    tcase_set_timeout(tc, deep() ? 100000 : 300);
    tcase_add_test(tc, suite_fast_perft);
    tcase_add_test(tc, suite_reference_perft);
    tcase_add_test(tc, suite_move_by_move);
    tcase_add_test(tc, overflow_exact);
    suite_add_tcase(s, tc);
    return s;
}
