/*
 * diagram.c - board pictures for the "d" command.
 */
#include "diagram.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/notation.h"
#include "search/output.h"
#include "show.h"

enum { COL_W = 4, ROW_H = 2, MARGIN = 4 };

static char piece_letter(int code)
{
    static const char letters[] = ".MPKmpk";
    return code >= 0 && code < PIECE_CODE_NB ? letters[code] : '?';
}

/* Draws the line from point p to point q (the next point along direction d,
 * d one of N, NE, E, SE) onto the canvas. */
static void draw_line(char *canvas, int w, int h, const Geometry *g, int p, int q, int d)
{
    int c1 = g->file[p] * COL_W, r1 = (h - 1) - g->rank[p] * ROW_H;
    int c2 = g->file[q] * COL_W, r2 = (h - 1) - g->rank[q] * ROW_H;
    if (d == DIR_E) {
        for (int c = c1 + 1; c < c2; c++) canvas[r1 * w + c] = '-';
    } else if (d == DIR_N) {
        for (int r = r2 + 1; r < r1; r++) canvas[r * w + c1] = '|';
    } else {
        /* diagonal: one character on each text row strictly between */
        int rows = r2 > r1 ? r2 - r1 : r1 - r2, step = r2 > r1 ? 1 : -1;
        char ch = d == DIR_NE ? '/' : '\\';
        for (int k = 1; k < rows; k++)
            canvas[(r1 + step * k) * w + c1 + (c2 - c1) * k / rows] = ch;
    }
}

char *diagram_board(const Position *pos)
{
    return diagram_board_marked(pos, NULL);
}

/* Puts open and close around point p's letter on the canvas (the places
 * beside a point hold only line characters or blanks); left of the first
 * file the mark goes into gutter, the column before the canvas. */
static void mark_point(char *canvas, char *gutter, int w, int h, const Geometry *g, int p,
                       char open, char close)
{
    int c = g->file[p] * COL_W, r = (h - 1) - g->rank[p] * ROW_H;
    if (c > 0)
        canvas[r * w + c - 1] = open;
    else
        gutter[r] = open;
    canvas[r * w + c + 1] = close;
}

char *diagram_board_marked(const Position *pos, const Move *last)
{
    const Geometry *g = pos->geo;
    /* one column more than the board needs, for a mark right of the last file */
    int w = (g->nfiles - 1) * COL_W + 2, h = (g->nranks - 1) * ROW_H + 1;
    char *canvas = malloc((size_t)w * (size_t)h), *gutter = malloc((size_t)h);
    /* each text line: margin + canvas + '\n'; plus the file letters line */
    size_t linelen = (size_t)MARGIN + (size_t)w + 1;
    char *out = malloc(linelen * (size_t)(h + 1) + 1);
    if (!canvas || !gutter || !out) {
        free(canvas);
        free(gutter);
        free(out);
        return NULL;
    }
    memset(canvas, ' ', (size_t)w * (size_t)h);
    memset(gutter, ' ', (size_t)h);
    for (int p = 0; p < g->npoints; p++) {
        static const int dirs[] = { DIR_N, DIR_NE, DIR_E, DIR_SE };
        for (int k = 0; k < 4; k++) {
            int q = g->ray[p][dirs[k]];
            if (q != NO_POINT) draw_line(canvas, w, h, g, p, q, dirs[k]);
        }
    }
    for (int p = 0; p < g->npoints; p++) {
        int c = g->file[p] * COL_W, r = (h - 1) - g->rank[p] * ROW_H;
        canvas[r * w + c] = piece_letter(pos->board[p]);
    }
    if (last) {
        for (int p = 0; p < g->npoints; p++)
            if (last->captured >> p & 1) mark_point(canvas, gutter, w, h, g, p, '(', ')');
        mark_point(canvas, gutter, w, h, g, last->from, '(', ')');
        mark_point(canvas, gutter, w, h, g, last->to, '[', ']');
    }
    char *o = out;
    for (int r = 0; r < h; r++) {
        int rankno = (h - 1 - r) % ROW_H == 0 ? (h - 1 - r) / ROW_H + 1 : 0;
        if (rankno)
            o += sprintf(o, "%3d%c", rankno, gutter[r]);
        else
            o += sprintf(o, "   %c", gutter[r]);
        int len = w;
        while (len > 0 && canvas[r * w + len - 1] == ' ') len--;
        memcpy(o, canvas + r * w, (size_t)len);
        o += len;
        *o++ = '\n';
    }
    memset(o, ' ', MARGIN);
    o += MARGIN;
    for (int f = 0; f < g->nfiles; f++) {
        *o++ = (char)('a' + f);
        if (f + 1 < g->nfiles)
            for (int k = 1; k < COL_W; k++) *o++ = ' ';
    }
    *o++ = '\n';
    *o = '\0';
    free(canvas);
    free(gutter);
    return out;
}

/* Prints text line by line. */
static void print_lines(const char *text)
{
    const char *s = text;
    while (*s) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        char line[256];
        if (n >= sizeof line) n = sizeof line - 1;
        memcpy(line, s, n);
        line[n] = '\0';
        output_text(line);
        s += n + (nl ? 1 : 0);
    }
}

void diagram_print(const Game *g)
{
    const Position *pos = &g->pos;
    char buf[512], fen[256];
    char *board = diagram_board(pos);
    output_text("");
    if (board) print_lines(board);
    free(board);
    output_text("");
    rules_describe(&pos->rules, buf, sizeof buf);
    output_line("Variant: %s   Rules: %s", pos->geo->name, buf[0] ? buf : "defaults");
    position_fen(pos, fen, sizeof fen);
    output_line("Fen: %s", fen);
    output_line("Key: %016" PRIX64, pos->key);
    output_line("Side to move: %s   DrawPlies counter: %d   Move number: %d",
             pos->stm == WHITE ? "White" : "Black", pos->draw_plies, pos->move_number);
    position_fen(&g->start, fen, sizeof fen);
    output_line("Moves played: %d (from %s)   Repetitions of this position: %d",
             g->nmoves, fen, game_repetitions(g));
    char *moves = g->nmoves ? show_game_moves_line(g, "Moves:") : NULL;
    if (moves) output_text(moves);
    free(moves);
    EndReason why;
    GameResult res = game_result(g, &why);
    if (res != RESULT_NONE)
        output_line("Game over: %s (%s)", game_result_string(res), position_end_reason_name(why));

    MoveList list;
    char head[32];
    Move *all; /* every move, also beyond the list's capacity */
    int nall = movegen_legal_all(pos, &list, &all);
    snprintf(head, sizeof head, "Legal moves (%d):", nall);
    char *line = show_moves_line(pos, all, nall, head); /* one line of any length */
    movegen_legal_all_free(&list, all);
    if (!line) return;
    output_text(line);
    free(line);
}
