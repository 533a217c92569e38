/*
 * record.h - a finished game as the runner records it, and its two text
 * forms: the PGN/PDN-style game record (-pgnout) and the one-line entry of
 * the results file (-results; format in docs/results.md).
 *
 * PGN: tags Event, Site, Date, Round, Game, White, Black, Result, Variant,
 * Rules (non-default rule options, or "default"), FEN and SetUp when the
 * game does not start from the start position, Opening (the moves of a
 * format=moves opening), TimeControl (or WhiteTimeControl and
 * BlackTimeControl when they differ), Termination, PlyCount; then the
 * movetext in RULES.md notation with move numbers from the start FEN,
 * optional comments {score/depth time} after each move, a final comment
 * explaining the end, and the result.  Tag values are valid UTF-8 with '"'
 * and '\\' escaped.  Lines are wrapped at 80 columns.
 */
#ifndef DABLO_MATCH_RECORD_H
#define DABLO_MATCH_RECORD_H

#include <stdint.h>
#include "config.h"
#include "host/strbuf.h"
#include "rules/game.h"
#include "rules/notation.h"
#include "schedule.h"

/* How a game ended: one word for the results file and the tallies. */
typedef enum {
    TERM_NONE = 0,
    TERM_NO_MOVES,
    TERM_KINGS_ONLY,
    TERM_KING_CAPTURED,
    TERM_KING_AND_PRINCE,
    TERM_REPETITION,
    TERM_DRAW_PLIES,
    TERM_ADJ_DRAW,
    TERM_ADJ_RESIGN,
    TERM_MAX_MOVES,
    TERM_TIME,
    TERM_ILLEGAL,
    TERM_DISCONNECT,
    TERM_STALLS,
    TERM_TABLEBASE,
    TERM_NB
} Termination;

/* "no-moves", "kings-only", ..., "time", "illegal", "disconnect", "stalls". */
const char *term_word(Termination t);
/* Termination by word; TERM_NONE if unknown. */
Termination term_from_word(const char *w);
/* PGN Termination tag: "normal", "adjudication", "time forfeit",
 * "rules infraction", "abandoned", "stalled connection". */
const char *term_pgn(Termination t);
/* The Termination for a rules end reason of game.h. */
Termination term_from_end(EndReason r);

typedef struct MoveRecord {
    char str[MOVE_STR_MAX];
    int has_score, score_is_mate;
    int64_t score;        /* cp or moves to mate, mover's view */
    int depth;            /* -1 = not reported */
    int64_t time_ms;      /* measured by the runner */
} MoveRecord;

typedef struct GameRecord {
    GameSpec spec;
    char *white, *black;      /* names (owned) */
    char *start_fen;          /* owned */
    int from_start;           /* starts at the variant's start position */
    const char *opening_moves;/* not owned (book), may be NULL */
    int opening_number;       /* 1-based entry of the openings file, 0 = none */
    char white_tc[48], black_tc[48];
    MoveRecord *moves;
    int nmoves, cap;
    GameResult result;
    Termination term;
    char *detail;             /* final comment (owned), e.g. the illegal move and FEN */
    char date[16];            /* "YYYY.MM.DD" when the game started */
    int aborted;              /* not finished (second Ctrl-C): never recorded */
    /* measured minus engine-reported time of each move, per colour */
    int64_t latency_sum_us[2], latency_max_us[2];
    int latency_n[2];
} GameRecord;

void record_add_move(GameRecord *r, const MoveRecord *m);
void record_free(GameRecord *r);

/* Appends the PGN text of r (ends with a blank line). */
void record_pgn(const GameRecord *r, const MatchConfig *c, StrBuf *out);

/* Appends the results-file line of r (ends with '\n'). */
void record_results_line(const GameRecord *r, StrBuf *out);

/* Appends the part of a results line that the schedule fixes: "game=N
 * round=R pair=P white=W black=B" (names percent-encoded). */
void record_results_head(const GameSpec *g, const char *white, const char *black, StrBuf *out);

/* Checks that line (ending with '\n') is the results line of game g
 * between white and black as record_results_line() writes it: the head
 * exactly, then a result, a known termination, plies and opening >= 0.
 * Returns NULL, or a static reason. */
const char *record_check_results_line(const char *line, const GameSpec *g, const char *white,
                                      const char *black);

/* Checks that path holds PGN games: every game a tag section of tag
 * pairs ([Name "value"]) then movetext ending with its result (1-0, 0-1,
 * 1/2-1/2 or *) as its last token, blank lines and '%' escape lines
 * between them, and a last line ending with '\n'; tags and movetext are
 * read by the PGN reader dablo-web loads games with (rules/pgn.h: a
 * comment may span lines).  The moves themselves are not judged: the
 * check tells a -pgnout file of earlier games from one that is something
 * else (an openings or results file given by mistake).  Returns the number
 * of games (0 for a file of blank and escape lines only), or -1 with a
 * one-line reason ("FILE:LINE: ...", quoting at most 40 bytes of the line,
 * raw) in err. */
int record_check_pgn_file(const char *path, char *err, size_t errlen);

#endif
