/*
 * state.h - the resume state file (-resume FILE).
 *
 * Text, append-only, one record a line, so writing it after every game
 * costs one short write and a kill at any moment leaves a usable file (an
 * incomplete last line is ignored and cut off on resume; a line over
 * LINEFILE_MAX_RECORD, 8 MiB, is refused like any damaged line):
 *     dablo-match-state 2
 *     seed <u64>                 the seed of the run (openings order)
 *     pgn-offset <bytes>         size of the -pgnout file when the match began (-1: none)
 *     results-offset <bytes>     size of the -results file when the match began (-1: none)
 *     openings-sum <hex>         FNV-1a 64 of the -openings file's bytes (only with a file)
 *     games <n>                  the games of the match (of its shard) as scheduled
 *     dir <percent-encoded>      the folder the match ran in (absolute; its paths are relative to it)
 *     arg <percent-encoded>      the command line, one argument a line
 *     begin
 *     done <pgn-bytes> <results-bytes> <pgn-sum> <results line>   one per recorded game
 * <pgn-bytes> and <results-bytes> are the sizes of the two files once the
 * game was written (-1: no such file), <pgn-sum> the FNV-1a 64-bit hash of
 * the game's PGN text (16 hex digits; the bytes from the previous record's
 * size to this one's), and the results line is the one written to the
 * results file, so every byte the match wrote can be checked again.
 * Version 1 files (no <pgn-sum>) are still read and resumed (the lines
 * added then carry a sum); for their old records only the sizes are
 * checked.  A file without the dir line (an older runner's) is resumed
 * from any folder, as before.
 *
 * The arg lines may be edited (docs/match.md): a match is made longer by
 * raising its -rounds.  A resume whose schedule has another number of
 * games than the last games line says so in a note and appends a games
 * line with the new number after the records (a games line may follow
 * any record; the last one counts).  A file without one (an older
 * runner's) gets no note.
 *
 * A game is recorded only once its PGN text, results line and state line
 * are written and synced (fsync); on resume state_check_files() compares
 * the PGN and results files with the records, the files are cut back to
 * the sizes recorded with the last game (so a game written after the last
 * state line is not duplicated), the recorded games are counted again,
 * and only the games not yet recorded are played, with the same seed and
 * openings.
 */
#ifndef DABLO_MATCH_STATE_H
#define DABLO_MATCH_STATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "host/strbuf.h"

/* One recorded game of a state file. */
typedef struct StateRecord {
    int64_t pgn_end, res_end; /* file sizes once the game was written (-1: no file) */
    uint64_t pgn_sum;         /* FNV-1a 64 of its PGN text, when has_sum */
    int has_sum;              /* always in version 2 */
    int lineno;               /* its line in the state file, 1-based */
    long start;               /* byte offset of that line in the state file */
} StateRecord;

typedef struct StateData {
    int version; /* 1 or 2 */
    int argc;
    char **argv;          /* the saved command line (owned) */
    char *dir;            /* the folder the match ran in (owned), NULL in older files */
    uint64_t seed;
    int64_t pgn_base, res_base; /* file sizes when the match began (-1: none) */
    int pgn_base_line, res_base_line; /* their lines in the state file, 1-based */
    uint64_t openings_sum;      /* the openings file's FNV-1a 64, when has_openings_sum */
    int has_openings_sum;       /* absent in files of older runners and without a file */
    int64_t games;              /* the match's games as last recorded, when has_games */
    int has_games;              /* absent in files of older runners */
    int64_t pgn_off, res_off;   /* file sizes after the last recorded game */
    char **lines;               /* results lines of the recorded games, '\n' included (owned) */
    StateRecord *rec;           /* the same games' sizes and sums (owned) */
    int nlines;
    long valid_bytes;     /* length of the file up to its last complete line */
} StateData;

/* Reads and validates path: the header, every number (no overflow, no
 * trailing text), sizes that never shrink from one record to the next.
 * Returns 0, 1 when the file does not exist or is empty (created, as the
 * run's lock creates it, but no header written), or -1 with a reason naming
 * the file and line ("st:7: ...") in err. */
int state_load(const char *path, StateData *d, char *err, size_t errlen);

/* Whether path is a regular file that begins as a state file does (its
 * header line "dablo-match-state "); 0 for none, an empty file or
 * anything else.  Reads at most one line; never fails otherwise. */
int state_file_there(const char *path);
void state_data_free(StateData *d);

/* Whether the current folder is the one the match of d ran in (its dir
 * line; a state without one, from an older runner, passes).  Returns 0,
 * or -1 with a one-line reason naming the state path and both folders in
 * err: a resume elsewhere would check, cut and write other files of the
 * same names (with -rebuild, play the whole match again there). */
int state_check_dir(const StateData *d, const char *path, char *err, size_t errlen);

/* Keeps only the first n records of d (n <= d->nlines): the sizes and
 * valid_bytes go back to those before record n, so a resume cuts the
 * files and the state there and plays the later games again. */
void state_keep(StateData *d, int n);

/* Compares the PGN and results files (NULL: not written by the match) with
 * what d says was written: each record's bytes must be there and match
 * (the results line exactly, the PGN text by its sum; version 1: only the
 * last size).  Bytes after the last record (a torn write) do not count.
 * Returns -1 when everything matches, or the index of the first record
 * that differs, with a reason naming the file and the game in err. */
int state_check_files(const StateData *d, const char *pgn_path, const char *res_path, char *err,
                      size_t errlen);

/* Checks the header's pgn-offset and results-offset lines against the
 * files (NULL: not written by the match): where the first record's text
 * is found ending at its recorded size (the results line; the PGN game
 * with the recorded sum, from its first tag line) must be where the line
 * says the match began.  Returns 0 with *pgn_base and *res_base the
 * header's values, or -1 when a line says otherwise, with that file's
 * base set to where the text begins and a one-line reason naming the
 * state file, the line and the value expected ("st:3: wrong pgn-offset
 * line ...: expected 'pgn-offset 0'") in err.  A file that is shorter,
 * changed there or no regular file is left to state_check_files(). */
int state_check_bases(const StateData *d, const char *state_path, const char *pgn_path,
                      const char *res_path, int64_t *pgn_base, int64_t *res_base, char *err,
                      size_t errlen);

/* Where -rebuild cuts the PGN file (NULL: none) back to when it keeps no
 * record: the header's pgn-offset when that is the file's start or
 * follows a blank or '%' line or a game's last line (ending with its
 * result), as where a match began always does, else, for a damaged value that falls inside a game, the start
 * of that game (its first tag line), so no part of it stays in front.
 * A file that cannot be read or is shorter keeps the header's value. */
int64_t state_pgn_cut_point(const StateData *d, const char *pgn_path);

/* FNV-1a 64-bit hash of n bytes (the <pgn-sum> of a record). */
uint64_t state_sum(const char *s, size_t n);

typedef struct StateFile {
    FILE *f;
    char *path; /* owned, for messages */
} StateFile;

/* Creates (truncates) path and writes and syncs the header; openings_sum
 * (NULL: no openings file) is the hash of the openings file's bytes,
 * games the number of games the match schedules (of its shard).
 * Returns 0 or -1 with a reason in err. */
int state_create(StateFile *s, const char *path, int argc, char *const argv[], uint64_t seed,
                 const uint64_t *openings_sum, int64_t games, int64_t pgn_off, int64_t res_off,
                 char *err, size_t errlen);

/* Opens an existing state for appending, cut to valid_bytes first. */
int state_reopen(StateFile *s, const char *path, long valid_bytes, char *err, size_t errlen);

/* The games line of a match that now schedules games games, appended to
 * b (for state_append_line after a resume changed the match's length). */
void state_format_games(StrBuf *b, int64_t games);

/* The state line of one recorded game (results_line ends with '\n'),
 * appended to b. */
void state_format_record(StrBuf *b, int64_t pgn_off, int64_t res_off, uint64_t pgn_sum,
                         const char *results_line);

/* Appends a whole state line (from state_format_record), flushes it and
 * syncs the file.  Returns 0, or -1 with errno set (nothing is promised
 * about the line then).  A StateFile that is not open takes nothing and
 * returns 0. */
int state_append_line(StateFile *s, const char *line);

/* The game number of a results line ("game=N ..."; for messages), or 0. */
long state_line_game(const char *line);

void state_close(StateFile *s);

#endif
