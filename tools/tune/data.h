/*
 * data.h - training positions for the evaluation tuner: the record
 * format, reading (with one-line errors) and de-duplication.
 *
 * A data file is text, one position a line (docs/tuning.md, "The data
 * format"); blank lines and lines starting with '#' are skipped:
 *
 *     GAME RESULT SCORE FEN
 *
 *   GAME    tabal, or dablot:classic, dablot:modern, dablot:anti-draw (the
 *           variant and, for Dablot, the Rules preset of RULES.md section
 *           1; every other option at its default);
 *   RESULT  the game's result from White's view: 1-0, 0-1 or 1/2;
 *   SCORE   the search's score of the position from White's view, in
 *           hundredths of a man (a decided game +-(32000 - plies));
 *   FEN     the position (RULES.md section 5, all four fields).
 *
 * A record is identified by its game and the position's key (pieces and
 * side to move; the DrawPlies count and move number are not part of it),
 * the unit of de-duplication.  A TuneData owns its records.
 */
#ifndef DABLO_TUNE_DATA_H
#define DABLO_TUNE_DATA_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rules/position.h"

/* The games a record may belong to. */
typedef enum {
    TUNE_TABAL,
    TUNE_DABLOT_CLASSIC,
    TUNE_DABLOT_MODERN,
    TUNE_DABLOT_ANTI_DRAW,
    TUNE_GAME_NB
} TuneGame;

typedef struct TuneRecord {
    TuneGame game;
    int result;   /* White's half-points: 2 = 1-0, 1 = 1/2, 0 = 0-1 */
    int score;    /* White's view, hundredths of a man */
    uint64_t key; /* position_compute_key() of the position */
    char *fen;    /* owned */
} TuneRecord;

typedef struct TuneData {
    TuneRecord *v;
    size_t n, cap;
} TuneData;

/* The GAME token of g ("dablot:classic"), and the game of a token: 0, or
 * -1 when the token names none. */
const char *tune_game_name(TuneGame g);
int tune_game_parse(const char *s, TuneGame *g);

/* The rules of game g (the variant's defaults with its preset). */
Rules tune_game_rules(TuneGame g);

/* The game of a position's rules: 0, or -1 when an option other than the
 * Dablot preset differs from its default (such data has no GAME token). */
int tune_game_of_rules(const Rules *r, TuneGame *g);

/* Parses one data line (no newline) into *rec and, when pos is not NULL,
 * the position into *pos.  Returns 0; 1 for a blank or comment line; -1
 * with the reason (one line, without file and line) in err. */
int tune_record_parse(const char *line, TuneRecord *rec, Position *pos, char *err, size_t errlen);

/* Writes rec as one line. Returns 0, or -1 on a write error. */
int tune_record_write(FILE *f, const TuneRecord *rec);

/* Appends every record of the file at path to d.  Returns 0; 1 when the
 * file's last line has no '\n' (a file cut short): that line is left out,
 * whatever it holds, the records before it are added, and err says
 * "PATH:LINE: the last line has no newline (cut short?)" for a warning;
 * or -1 with "PATH:LINE: reason" (or "PATH: reason" when it cannot be
 * read) in err, d then keeping the records read before the bad line. */
int tune_data_read(TuneData *d, const char *path, char *err, size_t errlen);

/* Appends a copy of rec (its fen copied). Returns 0, or -1 out of memory. */
int tune_data_add(TuneData *d, const TuneRecord *rec);

/* Removes every record whose game and key an earlier record has, keeping
 * the first, in place and in order.  Returns how many were removed. */
size_t tune_data_dedupe(TuneData *d);

void tune_data_free(TuneData *d);

/* A set of 64-bit identities (open addressing), for de-duplication while
 * generating.  tune_set_add() returns 1 when id was new, 0 when it was
 * there, -1 out of memory. */
typedef struct TuneSet {
    uint64_t *slot;
    size_t n, cap;
} TuneSet;

int tune_set_add(TuneSet *s, uint64_t id);
void tune_set_free(TuneSet *s);

/* The identity of a record: its key mixed with its game. */
uint64_t tune_record_id(TuneGame g, uint64_t key);

#endif
