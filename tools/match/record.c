/*
 * record.c - PGN text and results lines of finished games (see record.h).
 */
#include "record.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/linefile.h"
#include "host/util.h"
#include "rules/pgn.h"
#include "text.h"

static const struct {
    const char *word, *pgn;
} terms[TERM_NB] = {
    [TERM_NONE] = { "none", "unterminated" },
    [TERM_NO_MOVES] = { "no-moves", "normal" },
    [TERM_KINGS_ONLY] = { "kings-only", "normal" },
    [TERM_KING_CAPTURED] = { "king-captured", "normal" },
    [TERM_KING_AND_PRINCE] = { "king-and-prince", "normal" },
    [TERM_REPETITION] = { "repetition", "normal" },
    [TERM_DRAW_PLIES] = { "draw-plies", "normal" },
    [TERM_ADJ_DRAW] = { "adj-draw", "adjudication" },
    [TERM_ADJ_RESIGN] = { "adj-resign", "adjudication" },
    [TERM_MAX_MOVES] = { "max-moves", "adjudication" },
    [TERM_TIME] = { "time", "time forfeit" },
    [TERM_ILLEGAL] = { "illegal", "rules infraction" },
    [TERM_DISCONNECT] = { "disconnect", "abandoned" },
    [TERM_STALLS] = { "stalls", "stalled connection" },
    [TERM_TABLEBASE] = { "tablebase", "adjudication" },
};

const char *term_word(Termination t) { return terms[t].word; }
const char *term_pgn(Termination t) { return terms[t].pgn; }

Termination term_from_word(const char *w)
{
    for (int t = 1; t < TERM_NB; t++)
        if (strcmp(terms[t].word, w) == 0) return (Termination)t;
    return TERM_NONE;
}

Termination term_from_end(EndReason r)
{
    switch (r) {
    case END_NO_MOVES: return TERM_NO_MOVES;
    case END_KINGS_ONLY: return TERM_KINGS_ONLY;
    case END_KING_CAPTURED: return TERM_KING_CAPTURED;
    case END_KING_AND_PRINCE: return TERM_KING_AND_PRINCE;
    case END_REPETITION: return TERM_REPETITION;
    case END_DRAW_PLIES: return TERM_DRAW_PLIES;
    default: return TERM_NONE;
    }
}

void record_add_move(GameRecord *r, const MoveRecord *m)
{
    if (r->nmoves == r->cap) r->moves = util_xrealloc(r->moves, (size_t)(r->cap = r->cap ? 2 * r->cap : 128) * sizeof *r->moves);
    r->moves[r->nmoves++] = *m;
}

void record_free(GameRecord *r)
{
    free(r->white);
    free(r->black);
    free(r->start_fen);
    free(r->moves);
    free(r->detail);
    memset(r, 0, sizeof *r);
}

static void tag(StrBuf *out, const char *name, const char *value)
{
    strbuf_printf(out, "[%s \"", name);
    text_add_utf8(out, value, 1);
    strbuf_add(out, "\"]\n");
}

void record_pgn(const GameRecord *r, const MatchConfig *c, StrBuf *out)
{
    char buf[256];
    tag(out, "Event", c->event ? c->event : "dablo-match");
    char host[128] = "?";
    if (gethostname(host, sizeof host) != 0) strcpy(host, "?");
    host[sizeof host - 1] = '\0';
    tag(out, "Site", host);
    tag(out, "Date", r->date[0] ? r->date : "????.??.??");
    snprintf(buf, sizeof buf, "%d", r->spec.round);
    tag(out, "Round", buf);
    snprintf(buf, sizeof buf, "%d", r->spec.number);
    tag(out, "Game", buf);
    tag(out, "White", r->white);
    tag(out, "Black", r->black);
    tag(out, "Result", game_result_string(r->result));
    tag(out, "Variant", c->rules.variant == VARIANT_TABAL ? "tabal" : "dablot");
    char rules[256];
    rules_describe(&c->rules, rules, sizeof rules);
    tag(out, "Rules", rules[0] ? rules : "default");
    if (!r->from_start) {
        tag(out, "SetUp", "1");
        tag(out, "FEN", r->start_fen);
    }
    if (r->opening_moves) tag(out, "Opening", r->opening_moves);
    if (strcmp(r->white_tc, r->black_tc) == 0) {
        tag(out, "TimeControl", r->white_tc);
    } else {
        tag(out, "WhiteTimeControl", r->white_tc);
        tag(out, "BlackTimeControl", r->black_tc);
    }
    tag(out, "Termination", term_pgn(r->term));
    snprintf(buf, sizeof buf, "%d", r->nmoves);
    tag(out, "PlyCount", buf);
    strbuf_addc(out, '\n');

    /* Move numbers from the start FEN's fields 2 and 4. */
    int number = 1;
    int black_first = 0;
    {
        const char *p = r->start_fen;
        for (int f = 0; f < 3 && p; f++) {
            p = strchr(p, ' ');
            if (p) p++;
            if (f == 0 && p) black_first = *p == 'b';
        }
        if (p) number = atoi(p) > 0 ? atoi(p) : 1;
    }
    size_t col = 0;
    int black = black_first;
    for (int i = 0; i < r->nmoves; i++) {
        const MoveRecord *m = &r->moves[i];
        if (!black) {
            snprintf(buf, sizeof buf, "%d.", number);
            strbuf_add_word(out, &col, buf);
        } else if (i == 0) {
            snprintf(buf, sizeof buf, "%d...", number);
            strbuf_add_word(out, &col, buf);
        }
        strbuf_add_word(out, &col, m->str);
        if (!c->pgn_min) {
            char score[48];
            if (!m->has_score) snprintf(score, sizeof score, "-");
            else if (m->score_is_mate) snprintf(score, sizeof score, "%sM%lld", m->score < 0 ? "-" : "+",
                                                (long long)(m->score < 0 ? -m->score : m->score));
            else snprintf(score, sizeof score, "%+.2f", (double)m->score / 100.0);
            if (m->depth >= 0)
                snprintf(buf, sizeof buf, "{%s/%d %.3fs}", score, m->depth, (double)m->time_ms / 1000.0);
            else
                snprintf(buf, sizeof buf, "{%s %.3fs}", score, (double)m->time_ms / 1000.0);
            strbuf_add_word(out, &col, buf);
        }
        if (black) number++;
        black = !black;
    }
    if (r->detail) {
        StrBuf d = {0};
        strbuf_addc(&d, '{');
        /* '}' would end the comment early. */
        StrBuf raw = {0};
        text_add_utf8(&raw, r->detail, 0);
        for (const char *p = strbuf_str(&raw); *p; p++) strbuf_addc(&d, *p == '}' ? ')' : *p);
        strbuf_addc(&d, '}');
        strbuf_add_word(out, &col, strbuf_str(&d));
        strbuf_free(&d);
        strbuf_free(&raw);
    }
    strbuf_add_word(out, &col, game_result_string(r->result));
    strbuf_add(out, "\n\n");
}

void record_results_head(const GameSpec *g, const char *white, const char *black, StrBuf *out)
{
    strbuf_printf(out, "game=%d round=%d pair=%d white=", g->number, g->round, g->pair);
    text_add_percent(out, white);
    strbuf_add(out, " black=");
    text_add_percent(out, black);
}

void record_results_line(const GameRecord *r, StrBuf *out)
{
    record_results_head(&r->spec, r->white, r->black, out);
    strbuf_printf(out, " result=%s termination=%s plies=%d opening=%d\n", game_result_string(r->result),
              term_word(r->term), r->nmoves, r->opening_number);
}

const char *record_check_results_line(const char *line, const GameSpec *g, const char *white,
                                      const char *black)
{
    StrBuf head = { 0 };
    record_results_head(g, white, black, &head);
    int same = strncmp(line, strbuf_str(&head), head.len) == 0;
    const char *p = line + (same ? head.len : 0);
    strbuf_free(&head);
    if (!same) return "the game's round, pair or engines are not those of the match";
    char res[16], term[32], end;
    int plies, opening;
    if (sscanf(p, " result=%15s termination=%31s plies=%d opening=%d%c", res, term, &plies,
               &opening, &end)
            != 5
        || end != '\n')
        return "not a results line (result= termination= plies= opening=)";
    if (strcmp(res, "1-0") && strcmp(res, "0-1") && strcmp(res, "1/2-1/2")) return "bad result";
    if (term_from_word(term) == TERM_NONE) return "unknown termination";
    if (plies < 0 || opening < 0) return "negative plies or opening";
    return NULL;
}

int record_check_pgn_file(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "re");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    /* phase 0: between games, 1: in a tag section, 2: in movetext; the
     * movetext's lines go through one lexer (a comment may span lines),
     * and the game has ended when its last token is a result. */
    int phase = 0, blank = 0, ended = 0, rc = 0, games = 0;
    PgnLexer lx = { .p = "" };
    long lineno = 0, game_line = 0, comment_line = 0;
    LineFile lf;
    linefile_init(&lf, f, path, LINEFILE_MAX_RECORD);
    char *line;
    size_t len;
    bool newline;
    LineFileStatus st = LINEFILE_EOF;
    static const char no_result[] = "the game of line %ld has no result (1-0, 0-1, 1/2-1/2 or *)";
    while (rc == 0 && (st = linefile_next(&lf, &line, &len, &newline)) == LINEFILE_LINE) {
        lineno++;
        const char *why = NULL;
        char buf[160];
        if (!newline) {
            why = "the last line has no newline (cut short?)";
        } else if (strlen(line) != len) {
            why = "a NUL byte in the line";
        } else {
            /* A UTF-8 byte-order mark, as some editors save text, is no
             * part of the record. */
            if (lineno == 1 && util_bom_len(line)) memmove(line, line + 3, len - 2);
            if (line[0] == '%') continue; /* an escape line */
            if (line[strspn(line, " \t\r")] == '\0') {
                blank = 1;
                continue;
            }
            if (line[0] == '[' && !lx.in_comment) {
                PgnTag t;
                if (pgn_tag_line(line, &t) == 0) {
                    snprintf(buf, sizeof buf, "not a PGN tag pair ([Name \"value\"]): '%.40s'",
                             line);
                    why = buf;
                } else if ((phase == 2 && !ended) || (phase == 1 && blank)) {
                    snprintf(buf, sizeof buf, no_result, game_line);
                    why = buf;
                } else if (phase != 1) {
                    phase = 1;
                    ended = 0;
                    game_line = lineno;
                    games++;
                }
            } else if (phase == 0) {
                snprintf(buf, sizeof buf, "expected a PGN tag pair ([Event \"...\"]), got '%.40s'",
                         line);
                why = buf;
            } else {
                phase = 2;
                const char *tok;
                size_t n;
                PgnToken k;
                int was_open = lx.in_comment;
                lx.p = line;
                while ((k = pgn_next_token(&lx, &tok, &n)) == PGN_MOVE || k == PGN_RESULT)
                    ended = k == PGN_RESULT;
                if (lx.in_comment && !was_open) comment_line = lineno;
                if (k == PGN_NEXT_TAG) ended = 0; /* a tag pair inside movetext */
            }
            blank = 0;
        }
        if (why) {
            snprintf(err, errlen, "%s:%ld: %s", path, lineno, why);
            rc = -1;
        }
    }
    if (rc == 0 && st != LINEFILE_EOF) {
        linefile_message(&lf, st, err, errlen);
        rc = -1;
    } else if (rc == 0 && phase == 2 && lx.in_comment) {
        snprintf(err, errlen, "%s:%ld: a comment opened here is never closed", path, comment_line);
        rc = -1;
    } else if (rc == 0 && (phase == 1 || (phase == 2 && !ended))) {
        char buf[160];
        snprintf(buf, sizeof buf, no_result, game_line);
        snprintf(err, errlen, "%s:%ld: %s", path, lineno, buf);
        rc = -1;
    }
    linefile_free(&lf);
    fclose(f);
    return rc < 0 ? -1 : games;
}
