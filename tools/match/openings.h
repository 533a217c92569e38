/*
 * openings.h - the opening suite of a match (-openings file=F
 * format=fen|moves order=sequential|random start=K, with -srand S).
 *
 * File formats, one opening a line; blank lines and lines starting with
 * '#' are skipped:
 *   format=fen    a position in the FEN of RULES.md section 5 (fields 3
 *                 and 4 may be omitted; anything after ';' is ignored);
 *   format=moves  moves in RULES.md notation from the variant's start
 *                 position, separated by blanks (move numbers like "1."
 *                 are skipped).
 * Every line is checked with the rules library when the file is loaded;
 * a bad line stops the run with "FILE:LINE: reason", and so does a line
 * longer than LINEFILE_MAX_SHORT (64 KiB), found while the file is read
 * (host/linefile.h).  A moves opening is
 * played out at load time and every game starts from its final position,
 * exactly as if it had been given as a FEN: the judge (repetitions,
 * DrawPlies, adjudication counts) and the engines ("position fen ...")
 * see the same thing in both formats.
 *
 * Order: the openings are numbered 1..n in file order; order=random
 * shuffles them once with the seed (Fisher-Yates over the splitmix64 PRNG
 * of prng.h), then pair p of the match (0-based, counted over the whole
 * match, the same on every shard) gets entry (start - 1 + p) mod n of that
 * order.  Without a file every game starts from the start position.
 */
#ifndef DABLO_MATCH_OPENINGS_H
#define DABLO_MATCH_OPENINGS_H

#include <stddef.h>
#include <stdint.h>
#include "config.h"
#include "host/strbuf.h"
#include "rules/position.h"

typedef struct Opening {
    char *fen;       /* position the game starts from */
    char *moves;     /* the opening's moves (format=moves), else NULL */
    int plies;       /* number of those moves */
} Opening;

typedef struct OpeningBook {
    Opening *v;
    int n;
    int from_file;   /* 0: one entry, the start position */
    uint32_t *order; /* order[i] = index into v */
    int64_t start;   /* 1-based */
} OpeningBook;

/* Loads the suite of spec for rules (the match's variant and options):
 * openings_read() of spec->file, then openings_load_text().  Returns 0,
 * or -1 with a one-line reason in err. */
int openings_load(OpeningBook *b, const OpeningSpec *spec, const Rules *rules, uint64_t seed,
                  char *err, size_t errlen);

/* Appends the bytes of the openings file path to *out.  A FIFO is read
 * as cat reads it: the wait for its writer and its data ends when abort_fd
 * (-1: none) becomes readable, so a signal can end it (match.c writes its
 * abort pipe).  Returns 0, 1 when abort_fd ended the read (nothing said),
 * or -1 with a one-line reason naming the file in err (a folder, an open
 * or read error, a line longer than LINEFILE_MAX_SHORT, no memory for the
 * bytes: "FILE:LINE: line longer than 65536 bytes", "FILE:LINE: out of
 * memory"). */
int openings_read(const char *path, int abort_fd, StrBuf *out, char *err, size_t errlen);

/* Loads the suite of spec from text (len bytes: the file's content, read
 * once so that the match hashes the same bytes it plays; ignored without
 * spec->file).  Returns 0, or -1 with "FILE:LINE: reason" or another
 * one-line reason in err.  A line of the other format gets a hint: a
 * FEN line whose words are all moves in form (in either game)
 * "(a list of moves? use format=moves)", when spec->hint_how is NULL; a
 * moves line whose first word has a '/' "not a list of moves: ... (a FEN?
 * use format=fen, the default)". */
int openings_load_text(OpeningBook *b, const OpeningSpec *spec, const Rules *rules, uint64_t seed,
                       const char *text, size_t len, char *err, size_t errlen);

/* Index into b->v of the opening of pair pair_index (0-based). */
int openings_for_pair(const OpeningBook *b, uint64_t pair_index);

void openings_free(OpeningBook *b);

/* Plays the moves of text (blank-separated, move numbers skipped) from
 * *pos, which is updated.  Returns the number of plies, or -1 with a
 * reason in err (illegal move, a game already over before a move or
 * after the last one by any game-end rule of game_result(), threefold
 * repetition within the moves included). */
int openings_play_moves(Position *pos, const char *text, char *err, size_t errlen);

#endif
