/*
 * genopen.h - making a balanced opening suite: dablo-match -genopenings N
 * plies=P.
 *
 * Each candidate is P random legal plies from the variant's start position
 * (uniform over the legal moves, splitmix64 seeded by -srand, so a seed
 * reproduces the suite).  A candidate is kept when
 *   - the game is not over and the side to move has a legal move,
 *   - its position is new (Zobrist key; also a new move list for
 *     format=moves),
 *   - a short search says it is balanced: a material-only alpha-beta
 *     search of `depth` plies followed by a capture-only quiescence search
 *     (RULES.md piece ranks: Dablot man 100, prince 300, king 500; Tabal
 *     man 100, king 300) returns |score| <= maxscore, so no opening hands
 *     one side a piece that the other cannot win back at once.
 * Output: one opening a line, in the format read by -openings (fen or
 * moves).  Candidates are tried until N are kept or 200*N tries fail.
 * out=FILE is written through newfile.h (FILE.tmp.PID, linked to FILE
 * only when the whole suite is written and synced; main.c opens and
 * commits it), so a failed or interrupted run leaves no FILE and an
 * existing FILE is never replaced (main.c refuses one at once, exit 2, as
 * it does a FILE it cannot create).
 */
#ifndef DABLO_MATCH_GENOPEN_H
#define DABLO_MATCH_GENOPEN_H

#include <stdint.h>
#include <stdio.h>
#include "config.h"
#include "rules/position.h"

typedef struct GenSpec {
    int n;                /* openings wanted, >= 1 */
    int plies;            /* random plies, >= 1 */
    OpeningFormat format;
    char *out;            /* NULL = stdout */
    int depth;            /* search plies, 0..8 (default 3) */
    int maxscore;         /* cp (default 100) */
} GenSpec;

/* Writes the suite to out (the caller's: stdout, or the NewFile of
 * out=FILE, which main.c opens first so that a FILE it cannot create is a
 * usage error).  Returns the number of openings written, or -1 with a
 * reason in err (too few balanced openings found; out is then to be
 * abandoned).  It stops at the first failed write (ferror(out)), which is
 * the caller's to report: the count returned is then below N. */
int genopenings(const GenSpec *g, const Rules *rules, uint64_t seed, FILE *out, char *err,
                size_t errlen);

/* The material search used as the balance check: score in cp of pos for
 * the side to move, depth plies plus quiescence (exported for the tests). */
int genopen_search(const Position *pos, int depth);

#endif
