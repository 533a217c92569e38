/*
 * svg_lastmove.c - the last move's path and captures (see svg_lastmove.h).
 */
#include "svg_lastmove.h"

#include <stdio.h>
#include <string.h>

/* The points named in a move string, in order (separators '-' and 'x'
 * skipped); the string has already been accepted by notation_parse_move(). */
static int points_of(const Geometry *g, const char *s, int *pts, int max)
{
    int n = 0, len;
    while (*s && n < max) {
        int p = geometry_point_prefix(g, s, &len);
        if (p == NO_POINT)
            return 0;
        pts[n++] = p;
        s += len;
        if (*s == '-' || *s == 'x')
            s++;
    }
    return n;
}

int svg_lastmove_play(Position *pos, const char *text, SvgLastMove *last, char *err, size_t errlen)
{
    Move m;
    char why[256];
    if (notation_parse_move(pos, text, &m, why, sizeof why) != 0) {
        notation_why_not(pos, text, err, errlen);
        return -1;
    }
    memset(last, 0, sizeof *last);
    int n = points_of(pos->geo, text, last->path, MOVE_STR_MAX);
    if (m.captured && n != bb_count(m.captured) + 1) {
        /* a short form: draw the canonical full path instead */
        notation_move_string(pos, &m, last->text, sizeof last->text);
        n = points_of(pos->geo, last->text, last->path, MOVE_STR_MAX);
    } else {
        snprintf(last->text, sizeof last->text, "%s", text);
    }
    last->npath = n;
    last->captured = m.captured;
    for (int p = 0; p < pos->geo->npoints; p++)
        if (bb_test(m.captured, p))
            last->captured_piece[p] = pos->board[p];
    Undo u;
    position_make(pos, &m, &u);
    return 0;
}
