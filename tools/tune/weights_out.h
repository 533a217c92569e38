/*
 * weights_out.h - writes the evaluation's weight tables as the C source
 * src/search/eval_weights.c, which the engine compiles in (no file is
 * read at run time).  The output is a function of the tables and origin
 * lines alone, so the same fit writes the same file on every machine.
 */
#ifndef DABLO_TUNE_WEIGHTS_OUT_H
#define DABLO_TUNE_WEIGHTS_OUT_H

#include <stdio.h>

#include "search/eval.h"

/* Words in the first lines of every file weights_write() writes: fit -out
 * replaces only a file that has them. */
#define WEIGHTS_SOURCE_MARK "Written by dablo-tune"

/* Writes w (the EVAL_TABLE_NB tables, eval.h) and origin (one line a
 * table, no newline or comment end) to f.  Returns 0, or -1 on a write
 * error. */
int weights_write(FILE *f, const EvalWeights w[EVAL_TABLE_NB],
                  const char *const origin[EVAL_TABLE_NB]);

/* The longest origin line weights_read() takes, in bytes. */
#define WEIGHTS_ORIGIN_MAX 4000

/* Reads back the file path that weights_write() wrote: exactly its C
 * syntax (the layout free, as `make format` may leave it; comments
 * skipped), every table in enum order with every field of eval_params()
 * in order, origin strings with only the escapes \" and \\.  Returns 0
 * with w filled and origin[t] malloc'd strings (the caller frees each), or
 * -1 with one line in err, "PATH:LINE: what is wrong" ("PATH:12:
 * expected 'mobility', found 'mobilty'"), or "PATH: CAUSE" for a file
 * that cannot be read or is over 1 MiB; nothing is allocated then. */
int weights_read(const char *path, EvalWeights w[EVAL_TABLE_NB], char *origin[EVAL_TABLE_NB],
                 char *err, size_t errlen);

#endif
