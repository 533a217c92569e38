/*
 * completion.c - completion candidates from the command table, the option
 * table and the move generator.
 */
#include "completion.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rules/movegen.h"
#include "rules/notation.h"
#include "options.h"
#include "play.h"
#include "uci_parse.h"

typedef struct Cands {
    char **v;
    int n, cap;
} Cands;

static void add(Cands *c, const char *s)
{
    if (c->n + 2 > c->cap) {
        int cap = c->cap ? c->cap * 2 : 32;
        char **v = realloc(c->v, (size_t)cap * sizeof *v);
        if (!v) return;
        c->v = v;
        c->cap = cap;
    }
    char *d = strdup(s);
    if (!d) return;
    c->v[c->n++] = d;
    c->v[c->n] = NULL;
}

static void add_list(Cands *c, const char *const *list)
{
    for (int i = 0; list[i]; i++) add(c, list[i]);
}

static void add_moves(Cands *c, const Position *pos)
{
    MoveList list;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.n; i++) {
        char s[MOVE_STR_MAX];
        notation_move_string(pos, &list.moves[i], s, sizeof s);
        add(c, s);
    }
}

static int find_word(char **v, int from, int n, const char *w)
{
    for (int i = from; i < n; i++)
        if (strcasecmp(v[i], w) == 0) return i;
    return -1;
}

/* setoption name <words...>: option names continuing the words typed so far
 * (each candidate is the rest of the name from the current word on). */
static void complete_setoption(Cands *c, char **v, int n)
{
    if (n == 1) {
        add(c, "name");
        return;
    }
    if (strcasecmp(v[1], "name") != 0) return;
    int vi = find_word(v, 2, n, "value");
    if (vi < 0) {
        size_t len = 0;
        for (int i = 2; i < n; i++) len += strlen(v[i]) + 1;
        char *before = malloc(len + 1), *p = before;
        if (!before) return;
        for (int i = 2; i < n; i++) {
            size_t k = strlen(v[i]);
            memcpy(p, v[i], k);
            p += k;
            *p++ = ' ';
        }
        *p = '\0';
        for (int i = 0; i < option_count(); i++) {
            const char *name = option_at(i)->name;
            if (strlen(name) >= len && strncasecmp(name, before, len) == 0 && name[len]) add(c, name + len);
        }
        if (n > 2) {
            before[len - 1] = '\0';
            if (option_find(before)) add(c, "value");
        }
        free(before);
        return;
    }
    if (vi != n - 1) return;
    /* the option name is v[2..vi) */
    size_t len = 0;
    for (int i = 2; i < vi; i++) len += strlen(v[i]) + 1;
    char *name = malloc(len + 1);
    if (!name) return;
    name[0] = '\0';
    for (int i = 2; i < vi; i++) {
        if (i > 2) strcat(name, " ");
        strcat(name, v[i]);
    }
    const OptionDesc *o = option_find(name);
    free(name);
    if (!o) return;
    if (o->type == OPT_COMBO) add_list(c, o->vars);
    else if (o->type == OPT_CHECK) { add(c, "true"); add(c, "false"); }
    else if (o->type == OPT_SPIN) add(c, o->def);
}

static void complete_position(Cands *c, const CompletionContext *e, char **v, int n)
{
    if (n == 1) {
        add(c, "startpos");
        add(c, "fen");
        return;
    }
    int mi = find_word(v, 1, n, "moves");
    if (mi < 0) {
        if (strcasecmp(v[1], "startpos") == 0) {
            if (n == 2) add(c, "moves");
        } else if (strcasecmp(v[1], "fen") == 0) {
            if (n == 2) {   /* offer the current and the start FEN */
                char fen[256];
                position_fen(&e->game->pos, fen, sizeof fen);
                add(c, fen);
                add(c, position_start_fen(e->rules->variant));
            } else {
                add(c, "moves");
            }
        }
        return;
    }
    Game g;
    char err[256];
    if (uci_parse_position(e->rules, v + 1, n - 1, UCI_SWITCH_GAME, &g, err, sizeof err) < 0)
        return;
    add_moves(c, &g.pos);
    game_free(&g);
}

static void complete_go(Cands *c, const CompletionContext *e, char **v, int n)
{
    static const char *const keywords[] = {
        "wtime", "btime", "winc", "binc", "movestogo", "movetime", "depth", "nodes",
        "infinite", "ponder", "searchmoves", "perft", NULL
    };
    static const char *const numeric[] = {
        "wtime", "btime", "winc", "binc", "movestogo", "movetime", "depth", "nodes", "perft", NULL
    };
    for (int i = 0; numeric[i]; i++)
        if (strcasecmp(v[n - 1], numeric[i]) == 0) return;   /* a number comes next */
    if (find_word(v, 1, n, "searchmoves") >= 0) add_moves(c, &e->game->pos);
    add_list(c, keywords);
}

char **completion_candidates(const CompletionContext *e, const char *line, int start)
{
    size_t len = strlen(line);
    if (start < 0) start = 0;
    if ((size_t)start > len) start = (int)len;
    char *before = strndup(line, (size_t)start);
    Words w;
    Cands c = { 0 };
    if (!before) return NULL;
    if (uci_parse_words_split(&w, before) < 0) {
        free(before);
        return NULL;
    }
    if (w.n == 0) {
        add_list(&c, e->commands);
        if (e->moves_first) {
            add_list(&c, play_commands());
            add_moves(&c, &e->game->pos);
        }
    } else if (strcasecmp(w.v[0], "setoption") == 0) {
        complete_setoption(&c, w.v, w.n);
    } else if (strcasecmp(w.v[0], "position") == 0) {
        complete_position(&c, e, w.v, w.n);
    } else if (strcasecmp(w.v[0], "go") == 0) {
        complete_go(&c, e, w.v, w.n);
    } else if (strcasecmp(w.v[0], "help") == 0 && w.n == 1) {
        if (e->moves_first) add(&c, "protocol"); /* the play mode's "help protocol" */
        add_list(&c, e->commands);
    } else if (e->moves_first && w.n == 1 && strcasecmp(w.v[0], "level") == 0) {
        for (int i = 0; i <= 20; i++) {
            char num[12]; /* room for any int: -Wformat-truncation misses i <= 20 */
            snprintf(num, sizeof num, "%d", i);
            add(&c, num);
        }
    } else if (e->moves_first && w.n == 1 && strcasecmp(w.v[0], "new") == 0) {
        add(&c, "dablot");
        add(&c, "tabal");
    } else if (e->moves_first && w.n == 1 && strcasecmp(w.v[0], "play") == 0) {
        add(&c, "white");
        add(&c, "black");
        add(&c, "none");
    } else if (strcasecmp(w.v[0], "debug") == 0 && w.n == 1) {
        add(&c, "on");
        add(&c, "off");
    }
    uci_parse_words_free(&w);
    free(before);
    return c.v;
}
