/*
 * show.c - the machine-readable position block of the "show" command.
 */
#include "show.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/notation.h"
#include "search/output.h"

char *show_moves_line(const Position *pos, const Move *moves, int nmoves, const char *prefix)
{
    size_t cap = strlen(prefix) + 1 + (size_t)nmoves * (MOVE_STR_MAX + 1), n;
    char *line = malloc(cap);
    if (!line) return NULL;
    n = (size_t)snprintf(line, cap, "%s", prefix);
    for (int i = 0; i < nmoves; i++) {
        char s[MOVE_STR_MAX];
        notation_move_string(pos, &moves[i], s, sizeof s);
        n += (size_t)snprintf(line + n, cap - n, " %s", s);
    }
    return line;
}

char *show_game_moves_line(const Game *g, const char *prefix)
{
    size_t cap = strlen(prefix) + 1 + (size_t)g->nmoves * (MOVE_STR_MAX + 1), n;
    char *line = malloc(cap);
    if (!line) return NULL;
    n = (size_t)snprintf(line, cap, "%s", prefix);
    Position p = g->start;
    for (int i = 0; i < g->nmoves; i++) {
        char s[MOVE_STR_MAX];
        Undo u;
        notation_move_string(&p, &g->moves[i], s, sizeof s);
        position_make(&p, &g->moves[i], &u);
        n += (size_t)snprintf(line + n, cap - n, " %s", s);
    }
    return line;
}

void show_move_string(const Game *g, int i, char *buf, size_t len)
{
    if (i < 0 || i >= g->nmoves) {
        snprintf(buf, len, "none");
        return;
    }
    Position p = g->start;
    for (int k = 0; k < i; k++) {
        Undo u;
        position_make(&p, &g->moves[k], &u);
    }
    notation_move_string(&p, &g->moves[i], buf, len);
}

void show_print(const Game *g)
{
    const Position *pos = &g->pos;
    char fen[256], last[MOVE_STR_MAX];
    static MoveList list; /* large; only the command-loop thread prints */
    EndReason why;
    GameResult res = game_result(g, &why);
    position_fen(pos, fen, sizeof fen);
    show_move_string(g, g->nmoves - 1, last, sizeof last);
    Move *all; /* every move, also beyond the list's capacity */
    int nall = movegen_legal_all(pos, &list, &all);
    char *moves = show_moves_line(pos, all, nall, "moves");
    bool incomplete = all == list.moves && list.overflow; /* out of memory */
    movegen_legal_all_free(&list, all);

    output_line("show %d", SHOW_FORMAT_VERSION);
    output_line("variant %s", pos->geo->name);
    output_line("fen %s", fen);
    output_line("side %s", pos->stm == WHITE ? "white" : "black");
    output_line("lastmove %s", last);
    output_line("legal %d %s", nall, incomplete ? "incomplete" : "complete");
    output_text(moves ? moves : "moves");
    output_line("result %s", res == RESULT_NONE ? "none" : game_result_string(res));
    if (res != RESULT_NONE) output_line("reason %s", position_end_reason_name(why));
    output_text("end");
    free(moves);
}
