/*
 * board_helpers.c - building test positions from piece lists.
 */
#include "board_helpers.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/notation.h"

int test_fen_from_pieces(Variant v, const char *pieces, char stm, char *buf, size_t len)
{
    const Geometry *g = geometry_of(v);
    char board[MAX_POINTS];
    memset(board, 0, sizeof board);
    const char *s = pieces;
    while (*s) {
        while (*s == ' ') s++;
        if (!*s) break;
        char letter = *s++;
        int n = 0;
        int p = geometry_point_prefix(g, s, &n);
        if (p == NO_POINT) return -1;
        board[p] = letter;
        s += n;
    }
    size_t k = 0;
    for (int r = g->nranks - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < g->nfiles; f++) {
            int p = g->point_at[r][f];
            if (p == NO_POINT) continue;
            if (!board[p]) { empty++; continue; }
            if (empty) k += (size_t)snprintf(buf + k, len - k, "%d", empty);
            empty = 0;
            k += (size_t)snprintf(buf + k, len - k, "%c", board[p]);
        }
        if (empty) k += (size_t)snprintf(buf + k, len - k, "%d", empty);
        if (r) k += (size_t)snprintf(buf + k, len - k, "/");
    }
    snprintf(buf + k, len - k, " %c 0 1", stm);
    return 0;
}

void test_place(Position *pos, const Rules *r, const char *pieces, char stm)
{
    char fen[256], err[200];
    ck_assert_int_eq(test_fen_from_pieces(r->variant, pieces, stm, fen, sizeof fen), 0);
    int rc = position_set_fen(pos, r, fen, err, sizeof err);
    ck_assert_msg(rc == 0, "FEN %s: %s", fen, err);
}

Rules test_rules(Variant v, const char *options)
{
    Rules r = rules_default(v);
    char copy[256], err[200];
    snprintf(copy, sizeof copy, "%s", options ? options : "");
    for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " ")) {
        char *eq = strchr(tok, '=');
        ck_assert_ptr_nonnull(eq);
        *eq = '\0';
        ck_assert_msg(rules_set(&r, tok, eq + 1, err, sizeof err) == 0, "option %s", tok);
    }
    return r;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void list_string(const Position *pos, const MoveList *list, char *buf, size_t len)
{
    static char names[MAX_MOVES][MOVE_STR_MAX];
    char *ptrs[MAX_MOVES];
    for (int i = 0; i < list->n; i++) {
        notation_move_string(pos, &list->moves[i], names[i], MOVE_STR_MAX);
        ptrs[i] = names[i];
    }
    qsort(ptrs, (size_t)list->n, sizeof ptrs[0], cmp_str);
    size_t k = 0;
    buf[0] = '\0';
    for (int i = 0; i < list->n && k < len; i++)
        k += (size_t)snprintf(buf + k, len - k, "%s%s", i ? " " : "", ptrs[i]);
}

void test_moves_string(const Position *pos, char *buf, size_t len)
{
    static MoveList list;
    movegen_legal(pos, &list);
    list_string(pos, &list, buf, len);
}

void test_captures_string(const Position *pos, char *buf, size_t len)
{
    static MoveList list;
    movegen_captures(pos, &list);
    list_string(pos, &list, buf, len);
}
