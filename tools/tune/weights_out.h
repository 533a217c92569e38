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

#endif
