/*
 * uci_parse.c - words of a command line and the values of "go",
 * "position" and "setoption" (protocol/PROTOCOL.md sections 3-5).
 */
#include "uci_parse.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rules/notation.h"

int uci_parse_is_blank(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == '\n';
}

int uci_parse_words_split(Words *w, const char *line)
{
    size_t len = strlen(line);
    memset(w, 0, sizeof *w);
    w->store = malloc(len + 1);
    w->v = malloc((len / 2 + 1) * sizeof *w->v);
    if (!w->store || !w->v) {
        uci_parse_words_free(w);
        return -1;
    }
    memcpy(w->store, line, len + 1);
    char *s = w->store;
    for (;;) {
        while (*s && uci_parse_is_blank((unsigned char)*s)) *s++ = '\0';
        if (!*s) break;
        w->v[w->n++] = s;
        while (*s && !uci_parse_is_blank((unsigned char)*s)) s++;
    }
    return 0;
}

void uci_parse_words_free(Words *w)
{
    free(w->store);
    free(w->v);
    memset(w, 0, sizeof *w);
}

void uci_parse_error_add(ParseErrors *e, const char *fmt, ...)
{
    if (e->count < PARSE_MAX_ERRORS) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(e->msg[e->count], PARSE_ERROR_LEN, fmt, ap);
        va_end(ap);
    }
    e->count++;
}

size_t uci_parse_error_problem(const char *msg)
{
    const char *last = NULL;
    for (const char *s = strstr(msg, "; "); s; s = strstr(s + 1, "; "))
        last = s;
    return last ? (size_t)(last - msg) : strlen(msg);
}

int uci_parse_int64(const char *s, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end) return -1;
    *out = v;
    return 0;
}

static const char *const go_keywords[] = {
    "wtime", "btime", "winc", "binc", "movestogo", "movetime", "depth", "nodes",
    "infinite", "ponder", "searchmoves", "perft", "mate", NULL
};

/* The index of s in go_keywords (case-insensitive), or -1. */
static int go_keyword_index(const char *s)
{
    for (int i = 0; go_keywords[i]; i++)
        if (strcasecmp(s, go_keywords[i]) == 0) return i;
    return -1;
}

static int is_go_keyword(const char *s)
{
    return go_keyword_index(s) >= 0;
}

int uci_parse_integer_syntax(const char *s)
{
    if (*s == '-' || *s == '+') s++;
    if (!*s) return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return 0;
    return 1;
}

/* Refuses the whole "go" (nothing runs): errs keeps this one line, naming
 * the word and what was expected, and none of the notes before it. */
static int go_refuse(ParseErrors *errs, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int go_refuse(ParseErrors *errs, const char *fmt, ...)
{
    char msg[PARSE_ERROR_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    errs->count = 0;
    uci_parse_error_add(errs, "%s; nothing searched", msg);
    return -1;
}

/* What go_number does with a value outside lo..hi. */
typedef enum {
    GO_ANY,   /* any integer, however large (mate, which is not used) */
    GO_COUNT, /* below lo refuses the go; above hi is lowered to hi, with a note */
    GO_TIME,  /* the same above hi, but below lo is raised to lo silently: a host
                 computes times, and sends a negative clock after an overstep */
} GoRange;

/* Reads the number after keyword v[*i] into *out (lo..hi, a value outside
 * treated as range says; what says what is expected, for the error);
 * advances *i.  A missing value, one that is not an integer, or one below
 * lo of a GO_COUNT refuses the go (go_refuse): returns -1. */
static int go_number(char **v, int n, int *i, long long lo, long long hi, GoRange range,
                     const char *what, long long *out, ParseErrors *errs)
{
    const char *key = v[*i];
    long long x;
    bool huge = false;
    if (*i + 1 >= n) return go_refuse(errs, "go: %s needs %s", key, what);
    if (is_go_keyword(v[*i + 1]))
        return go_refuse(errs, "go: %s: expected %s, got '%s'", key, what, v[*i + 1]);
    (*i)++;
    const char *w = v[*i];
    if (uci_parse_int64(w, &x) < 0) {
        if (!uci_parse_integer_syntax(w))
            return go_refuse(errs, "go: %s: expected %s, got '%.*s%s'", key, what, UCI_WORD(w));
        x = w[0] == '-' ? LLONG_MIN : LLONG_MAX; /* beyond 64 bits */
        huge = x == LLONG_MAX;
    }
    if (range == GO_COUNT && x < lo)
        return go_refuse(errs, "go: %s: expected %s, got '%.*s%s'", key, what, UCI_WORD(w));
    if (range == GO_TIME && x < lo) x = lo;
    if (range != GO_ANY && (x > hi || huge)) {
        /* a note, not a refusal: the go runs with the limit */
        uci_parse_error_add(errs, "go: %s %.*s%s is above the limit %lld; searching with %s %lld",
                            key, UCI_WORD(w), hi, key, hi);
        x = hi;
    }
    *out = x;
    return 0;
}

int uci_parse_go(const Position *pos, char **v, int n, SearchLimits *lim, int *perft_depth,
                 ParseErrors *errs)
{
    memset(lim, 0, sizeof *lim);
    lim->time[WHITE] = lim->time[BLACK] = -1;
    *perft_depth = 0;
    const long long TIME_MAX = (long long)1 << 50; /* ms; far beyond any clock */
    const char *const MS = "an integer (ms)";
    /* perft takes no limits: a wrong depth or any other word refuses the
     * count, with one line (not one for each word, ending "ignored", as if
     * the rest of the command went on) */
    for (int i = 0; i < n; i++) {
        if (strcasecmp(v[i], "perft") != 0) continue;
        long long d;
        *perft_depth = -1;
        if (n == 1)
            uci_parse_error_add(errs, "go perft: needs a depth 1..100");
        else if (n > 2 || i != 0)
            uci_parse_error_add(errs, "go perft: expected 'go perft <depth>' with depth 1..100 "
                                      "and no other word");
        else if (uci_parse_int64(v[1], &d) < 0 || d < 1 || d > 100)
            uci_parse_error_add(errs, "go perft: '%.*s%s' is not a depth 1..100", UCI_WORD(v[1]));
        else
            *perft_depth = (int)d;
        return *perft_depth < 0 ? -1 : 0;
    }
    unsigned seen = 0; /* bit i: go_keywords[i] was given */
    for (int i = 0; i < n; i++) {
        const char *k = v[i];
        long long x;
        int rc = 0, key = go_keyword_index(k);
        /* a word given twice (go depth 3 depth 4) is ambiguous: which one
         * the host meant is not for the engine to guess */
        if (key >= 0 && (seen >> key & 1u)) return go_refuse(errs, "go: %s given twice", k);
        if (key >= 0) seen |= 1u << key;
        if (strcasecmp(k, "wtime") == 0 || strcasecmp(k, "btime") == 0) {
            /* hosts send a negative clock after an overstep: count it as 0 */
            rc = go_number(v, n, &i, 0, TIME_MAX, GO_TIME, MS, &x, errs);
            if (rc == 0) lim->time[(k[0] | 0x20) == 'w' ? WHITE : BLACK] = x;
        } else if (strcasecmp(k, "winc") == 0 || strcasecmp(k, "binc") == 0) {
            rc = go_number(v, n, &i, 0, TIME_MAX, GO_TIME, MS, &x, errs);
            if (rc == 0) lim->inc[(k[0] | 0x20) == 'w' ? WHITE : BLACK] = x;
        } else if (strcasecmp(k, "movestogo") == 0) {
            rc = go_number(v, n, &i, 0, INT_MAX, GO_COUNT, "an integer >= 0", &x, errs);
            if (rc == 0) lim->movestogo = (int)x;
        } else if (strcasecmp(k, "movetime") == 0) {
            /* movetime 0 would read as "not given": search at least 1 ms */
            rc = go_number(v, n, &i, 1, TIME_MAX, GO_TIME, MS, &x, errs);
            if (rc == 0) lim->movetime = x;
        } else if (strcasecmp(k, "depth") == 0) {
            rc = go_number(v, n, &i, 1, 1000, GO_COUNT, "an integer 1..1000", &x, errs);
            if (rc == 0) lim->depth = (int)x;
        } else if (strcasecmp(k, "nodes") == 0) {
            rc = go_number(v, n, &i, 1, LLONG_MAX, GO_COUNT, "an integer >= 1", &x, errs);
            if (rc == 0) lim->nodes = (uint64_t)x;
        } else if (strcasecmp(k, "mate") == 0) {
            /* any integer: one line says the search ignores it */
            rc = go_number(v, n, &i, LLONG_MIN, LLONG_MAX, GO_ANY, "an integer", &x, errs);
            if (rc == 0)
                uci_parse_error_add(errs, "go: mate is not supported; searching without it");
        } else if (strcasecmp(k, "infinite") == 0) {
            lim->infinite = true;
        } else if (strcasecmp(k, "ponder") == 0) {
            lim->ponder = true;
        } else if (strcasecmp(k, "searchmoves") == 0) {
            /* without a move it would restrict nothing: all moves would be
             * searched, which the host did not ask for */
            if (i + 1 >= n || is_go_keyword(v[i + 1]))
                return go_refuse(errs, "go: %s needs at least one move", k);
            while (i + 1 < n && !is_go_keyword(v[i + 1])) {
                Move m;
                char err[PARSE_ERROR_LEN];
                i++;
                if (notation_parse_move(pos, v[i], &m, err, sizeof err) < 0)
                    return go_refuse(errs, "go: searchmoves: %s", err);
                int dup = 0;
                for (int j = 0; j < lim->nsearchmoves; j++)
                    dup |= move_equal(&lim->searchmoves[j], &m);
                if (!dup && lim->nsearchmoves < MAX_MOVES) lim->searchmoves[lim->nsearchmoves++] = m;
            }
        } else {
            char words[128] = "";
            for (int j = 0; go_keywords[j]; j++)
                snprintf(words + strlen(words), sizeof words - strlen(words), "%s%s",
                         go_keywords[j],
                         !go_keywords[j + 1]   ? ""
                         : !go_keywords[j + 2] ? " or "
                                               : ", ");
            return go_refuse(errs, "go: unknown word '%.*s%s' (expected %s)", UCI_WORD(k), words);
        }
        if (rc < 0) return -1;
    }
    return 0;
}

/* Joins v[from..to) with single spaces into a malloc'd string. */
static char *join_words(char **v, int from, int to)
{
    size_t len = 1;
    for (int i = from; i < to; i++) len += strlen(v[i]) + 1;
    char *s = malloc(len), *p = s;
    if (!s) return NULL;
    *p = '\0';
    for (int i = from; i < to; i++) {
        size_t k = strlen(v[i]);
        if (i > from) *p++ = ' ';
        memcpy(p, v[i], k + 1);
        p += k;
    }
    return s;
}

int uci_parse_position(const Rules *rules, char **v, int n, const char *switch_game, Game *out,
                       char *err, size_t errlen)
{
    Position start;
    int i;
    if (n == 0) {
        snprintf(err, errlen, "position: expected 'startpos' or 'fen <FEN>'");
        return -1;
    }
    if (strcasecmp(v[0], "startpos") == 0) {
        position_start(&start, rules);
        i = 1;
    } else if (strcasecmp(v[0], "fen") == 0) {
        for (i = 1; i < n && strcasecmp(v[i], "moves") != 0; i++) {}
        if (i == 1) {
            snprintf(err, errlen, "position: fen: the FEN is missing");
            return -1;
        }
        char *fen = join_words(v, 1, i);
        char ferr[PARSE_ERROR_LEN];
        if (!fen) {
            snprintf(err, errlen, "position: out of memory");
            return -1;
        }
        int rc = position_set_fen(&start, rules, fen, ferr, sizeof ferr);
        if (rc < 0) {
            char hint[POSITION_HINT_LEN];
            snprintf(err, errlen, "position: %s%s", ferr,
                     position_fen_hint(rules, fen, switch_game, hint, sizeof hint));
        }
        free(fen);
        if (rc < 0) return -1;
    } else {
        snprintf(err, errlen, "position: expected 'startpos' or 'fen', got '%.*s%s'",
                 UCI_WORD(v[0]));
        return -1;
    }
    if (i < n && strcasecmp(v[i], "moves") != 0) {
        snprintf(err, errlen, "position: unexpected '%.*s%s' after startpos (expected 'moves')",
                 UCI_WORD(v[i]));
        return -1;
    }
    Game g;
    if (game_init(&g, &start) < 0) {
        snprintf(err, errlen, "position: out of memory");
        return -1;
    }
    int first = i + 1, nmoves = n - first;
    for (int k = first; k < n; k++) {
        Move m;
        char merr[PARSE_ERROR_LEN];
        if (notation_parse_move(&g.pos, v[k], &m, merr, sizeof merr) < 0) {
            /* A game ended by a rule of the position has no legal move
             * left: say so (after a repetition or DrawPlies moves go on). */
            EndReason why;
            bool over = game_result(&g, &why) != RESULT_NONE && why != END_REPETITION
                     && why != END_DRAW_PLIES;
            snprintf(err, errlen, "position: move %d of %d: %s%s%s%s", k - first + 1, nmoves, merr,
                     over ? " (the game is over: " : "", over ? position_end_reason_name(why) : "",
                     over ? ")" : "");
            game_free(&g);
            return -1;
        }
        if (game_play(&g, &m) < 0) {
            snprintf(err, errlen, "position: out of memory at move %d", k - first + 1);
            game_free(&g);
            return -1;
        }
    }
    *out = g;
    return 0;
}

int uci_parse_setoption(char **v, int n, char **name, char **value, char *err, size_t errlen)
{
    *name = *value = NULL;
    if (n == 0 || strcasecmp(v[0], "name") != 0) {
        snprintf(err, errlen, "setoption: expected 'setoption name <name> [value <value>]'");
        return -1;
    }
    int vi;
    for (vi = 1; vi < n && strcasecmp(v[vi], "value") != 0; vi++) {}
    if (vi == 1) {
        snprintf(err, errlen, "setoption: the option name is missing");
        return -1;
    }
    *name = join_words(v, 1, vi);
    *value = vi < n ? join_words(v, vi + 1, n) : join_words(v, 0, 0);
    if (!*name || !*value) {
        free(*name);
        free(*value);
        *name = *value = NULL;
        snprintf(err, errlen, "setoption: out of memory");
        return -1;
    }
    return 0;
}
