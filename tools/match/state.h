/*
 * state.h - the resume state file (-resume FILE).
 *
 * Text, append-only, one record a line, so writing it after every game
 * costs one short write and a kill at any moment leaves a usable file (an
 * incomplete last line is ignored and cut off on resume):
 *     dablo-match-state 1
 *     seed <u64>                 the seed of the run (openings order)
 *     pgn-offset <bytes>         size of the -pgnout file when the match began (-1: none)
 *     results-offset <bytes>     size of the -results file when the match began (-1: none)
 *     arg <percent-encoded>      the command line, one argument a line
 *     begin
 *     done <pgn-bytes> <results-bytes> <results line>   one per recorded game
 * On resume the PGN and results files are cut back to the sizes recorded
 * with the last game (so a game written after the last state line is not
 * duplicated), the recorded games are counted again, and only the games
 * not yet recorded are played, with the same seed and openings.
 */
#ifndef DABLO_MATCH_STATE_H
#define DABLO_MATCH_STATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct StateData {
    int argc;
    char **argv;          /* the saved command line (owned) */
    uint64_t seed;
    int64_t pgn_off, res_off;   /* file sizes after the last recorded game */
    char **lines;         /* results lines of the recorded games (owned) */
    int nlines;
    long valid_bytes;     /* length of the file up to its last complete line */
} StateData;

/* Reads path.  Returns 0, 1 when the file does not exist, or -1 with a
 * reason in err. */
int state_load(const char *path, StateData *d, char *err, size_t errlen);
void state_data_free(StateData *d);

typedef struct StateFile {
    FILE *f;
} StateFile;

/* Creates (truncates) path and writes the header.  Returns 0 or -1. */
int state_create(StateFile *s, const char *path, int argc, char *const argv[], uint64_t seed,
                 int64_t pgn_off, int64_t res_off, char *err, size_t errlen);

/* Opens an existing state for appending, cut to valid_bytes first. */
int state_reopen(StateFile *s, const char *path, long valid_bytes, char *err, size_t errlen);

/* Appends one recorded game (results_line ends with '\n') and flushes. */
void state_append(StateFile *s, int64_t pgn_off, int64_t res_off, const char *results_line);

void state_close(StateFile *s);

#endif
