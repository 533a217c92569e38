/*
 * openings.c - loading and ordering an opening suite (see openings.h).
 */
#include "openings.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/linefile.h"
#include "host/util.h"
#include "prng.h"
#include "rules/game.h"
#include "rules/geometry.h"
#include "rules/movegen.h"
#include "rules/notation.h"

/* The game-end rule that ends g now (game_result: RULES.md sections 1-3,
 * with the repetitions of g's whole history), or NULL while it goes on. */
static const char *game_end(const Game *g)
{
    EndReason why;
    return game_result(g, &why) != RESULT_NONE ? position_end_reason_name(why) : NULL;
}

int openings_play_moves(Position *pos, const char *text, char *err, size_t errlen)
{
    char **w;
    int n = util_split_words(text, &w);
    if (n < 0) {
        snprintf(err, errlen, "unterminated quote");
        return -1;
    }
    Game g;
    if (game_init(&g, pos) < 0) {
        util_free_words(w);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int plies = 0;
    const char *end;
    for (int i = 0; i < n; i++) {
        size_t len = strlen(w[i]);
        if (len && w[i][len - 1] == '.') continue;   /* move number */
        if ((end = game_end(&g))) {
            snprintf(err, errlen, "move %d '%s': the game is already over (%s)", plies + 1, w[i],
                     end);
            goto fail;
        }
        Move m;
        char why[256];
        if (notation_parse_move(&g.pos, w[i], &m, why, sizeof why) < 0) {
            char fen[200];
            position_fen(&g.pos, fen, sizeof fen);
            snprintf(err, errlen, "move %d '%s': %s in %s", plies + 1, w[i], why, fen);
            goto fail;
        }
        if (game_play(&g, &m) < 0) {
            snprintf(err, errlen, "out of memory");
            goto fail;
        }
        plies++;
    }
    /* Every game-end rule, threefold repetition over these moves included. */
    if ((end = game_end(&g))) {
        snprintf(err, errlen, "the game is over after %s %d %s (%s)", plies == 1 ? "this" : "these",
                 plies, plies == 1 ? "ply" : "plies", end);
        goto fail;
    }
    *pos = g.pos;
    game_free(&g);
    util_free_words(w);
    return plies;
fail:
    game_free(&g);
    util_free_words(w);
    return -1;
}

/* Whether line s of a FEN suite looks like a line of moves: every word but
 * the move numbers ("1.") written as a move on the board of one of the
 * games (notation_check_form), at least one of them. */
static int looks_like_moves(const char *s)
{
    char **w;
    int n = util_split_words(s, &w);
    int moves = 0, fits[VARIANT_NB] = { 1, 1 };
    char why[256];
    for (int i = 0; i < n; i++) {
        size_t len = strlen(w[i]);
        if (len && w[i][len - 1] == '.') continue; /* move number */
        moves++;
        for (int v = 0; v < VARIANT_NB; v++)
            if (fits[v] && notation_check_form(geometry_of((Variant)v), w[i], why, sizeof why) < 0)
                fits[v] = 0;
    }
    if (n >= 0) util_free_words(w);
    return moves > 0 && (fits[0] || fits[1]);
}

/* Whether line s of a moves suite looks like a FEN: its first word has the
 * '/' between the ranks of a FEN's points, which no move has. */
static int looks_like_fen(const char *s)
{
    return memchr(s, '/', strcspn(s, " \t")) != NULL;
}

static void add(OpeningBook *b, const char *fen, const char *moves, int plies, int *cap)
{
    if (b->n == *cap) b->v = util_xrealloc(b->v, (size_t)(*cap = *cap ? *cap * 2 : 64) * sizeof *b->v);
    Opening *o = &b->v[b->n++];
    o->fen = util_xstrdup(fen);
    o->moves = moves ? util_xstrdup(moves) : NULL;
    o->plies = plies;
}

int openings_read(const char *path, int abort_fd, StrBuf *out, char *err, size_t errlen)
{
    /* O_NONBLOCK: open() returns at once on a FIFO without a writer; poll()
     * then waits for its data (as cat does) or for abort_fd. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "cannot open openings file %s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "openings file %s is a folder, not a file", path);
        close(fd);
        return -1;
    }
    char chunk[65536];
    int rc = 0;
    LineSpan span = { 0, 0 };
    for (;;) {
        struct pollfd pf[2] = { { fd, POLLIN, 0 }, { abort_fd, POLLIN, 0 } };
        int n = poll(pf, abort_fd >= 0 ? 2 : 1, -1);
        if (n < 0 && errno == EINTR) continue;
        if (abort_fd >= 0 && n > 0 && (pf[1].revents & POLLIN)) {
            rc = 1;
            break;
        }
        ssize_t got = n < 0 ? -1 : read(fd, chunk, sizeof chunk);
        if (got > 0) {
            if (linespan_feed(&span, chunk, (size_t)got, LINEFILE_MAX_SHORT) < 0) {
                linefile_too_long_message(path, span.lines + 1, LINEFILE_MAX_SHORT, err, errlen);
                rc = -1;
                break;
            }
            if (strbuf_try_addn(out, chunk, (size_t)got) < 0) {
                snprintf(err, errlen, "%s:%ld: out of memory", path, span.lines + 1);
                rc = -1;
                break;
            }
        } else if (got == 0) {
            break; /* the end (of a FIFO: its writer closed it) */
        } else if (errno != EAGAIN && errno != EINTR) {
            snprintf(err, errlen, "%s: read error: %s", path, strerror(errno));
            rc = -1;
            break;
        }
    }
    close(fd);
    return rc;
}

int openings_load_text(OpeningBook *b, const OpeningSpec *spec, const Rules *rules, uint64_t seed,
                       const char *text, size_t len, char *err, size_t errlen)
{
    memset(b, 0, sizeof *b);
    int cap = 0;
    b->start = spec->start > 0 ? spec->start : 1;
    if (!spec->file) {
        add(b, position_start_fen(rules->variant), NULL, 0, &cap);
    } else {
        /* fmemopen() of no bytes is refused by older C libraries. */
        FILE *f = len ? fmemopen((void *)text, len, "r") : NULL;
        if (len && !f) {
            snprintf(err, errlen, "openings file %s: %s", spec->file, strerror(errno));
            return -1;
        }
        b->from_file = 1;
        LineFile lf;
        linefile_init(&lf, f, spec->file, LINEFILE_MAX_SHORT);
        char *line;
        size_t n;
        bool newline;
        LineFileStatus st = LINEFILE_EOF;
        long lineno = 0;
        while (f && (st = linefile_next(&lf, &line, &n, &newline)) == LINEFILE_LINE) {
            lineno = lf.lineno;
            /* A NUL would end the line early, silently dropping the rest. */
            if (strlen(line) != n) {
                snprintf(err, errlen, "%s:%ld: a NUL byte in the line", spec->file, lineno);
                goto fail;
            }
            /* A byte-order mark before the first line is no part of it
             * (as in results and PGN files). */
            char *s = line + (lineno == 1 ? util_bom_len(line) : 0);
            while (*s == ' ' || *s == '\t') s++;
            util_rtrim(s);
            if (!*s || *s == '#') continue;
            Position pos;
            char why[256], fen[200];
            if (spec->format == OPENINGS_FEN) {
                char *semi = strchr(s, ';');
                if (semi) *semi = '\0';
                util_rtrim(s);
                if (position_set_fen(&pos, rules, s, why, sizeof why) < 0) {
                    char hint[POSITION_HINT_LEN];
                    if (!spec->hint_how && looks_like_moves(s))
                        snprintf(hint, sizeof hint, " (a list of moves? use format=moves)");
                    else if (spec->hint_how)
                        position_fen_hint_as(rules, s, spec->hint_how, spec->hint_games, hint,
                                             sizeof hint);
                    else
                        position_fen_hint(rules, s, "-variant ", hint, sizeof hint);
                    snprintf(err, errlen, "%s:%ld: %s%s", spec->file, lineno, why, hint);
                    goto fail;
                }
                const char *end = game_over_at_start(&pos);
                if (end) {
                    snprintf(err, errlen, "%s:%ld: the game is already over in this position (%s)",
                             spec->file, lineno, end);
                    goto fail;
                }
                position_fen(&pos, fen, sizeof fen);
                add(b, fen, NULL, 0, &cap);
            } else {
                position_start(&pos, rules);
                int plies = openings_play_moves(&pos, s, why, sizeof why);
                if (plies < 0 && looks_like_fen(s)) {
                    size_t k = strcspn(s, " \t");
                    snprintf(err, errlen,
                             "%s:%ld: not a list of moves: '%.*s%s' is no move (a FEN? use "
                             "format=fen, the default)",
                             spec->file, lineno, (int)(k > 40 ? 40 : k), s, k > 40 ? "..." : "");
                    goto fail;
                }
                if (plies < 0) {
                    snprintf(err, errlen, "%s:%ld: %s", spec->file, lineno, why);
                    goto fail;
                }
                position_fen(&pos, fen, sizeof fen);
                add(b, fen, s, plies, &cap);
            }
            continue;
fail:
    linefile_free(&lf);
    fclose(f);
    openings_free(b);
    return -1;
}
linefile_free(&lf);
if (f) fclose(f);
if (st != LINEFILE_EOF) {
    linefile_message(&lf, st, err, errlen);
    openings_free(b);
    return -1;
}
        if (b->n == 0) {
            snprintf(err, errlen, "openings file %s has no openings", spec->file);
            openings_free(b);
            return -1;
        }
    }
    b->order = util_xmalloc((size_t)b->n * sizeof *b->order);
    for (int i = 0; i < b->n; i++) b->order[i] = (uint32_t)i;
    if (spec->random) {
        uint64_t st = seed;
        for (int i = b->n - 1; i > 0; i--) {
            int j = (int)prng_below(&st, (uint64_t)i + 1);
            uint32_t t = b->order[i];
            b->order[i] = b->order[j];
            b->order[j] = t;
        }
    }
    return 0;
}

int openings_load(OpeningBook *b, const OpeningSpec *spec, const Rules *rules, uint64_t seed,
                  char *err, size_t errlen)
{
    memset(b, 0, sizeof *b);
    StrBuf text = { 0 };
    int rc = spec->file ? openings_read(spec->file, -1, &text, err, errlen) : 0;
    if (rc == 0) rc = openings_load_text(b, spec, rules, seed, text.s, text.len, err, errlen);
    strbuf_free(&text);
    return rc;
}

int openings_for_pair(const OpeningBook *b, uint64_t pair_index)
{
    uint64_t k = ((uint64_t)(b->start - 1) + pair_index) % (uint64_t)b->n;
    return (int)b->order[k];
}

void openings_free(OpeningBook *b)
{
    for (int i = 0; i < b->n; i++) {
        free(b->v[i].fen);
        free(b->v[i].moves);
    }
    free(b->v);
    free(b->order);
    memset(b, 0, sizeof *b);
}
