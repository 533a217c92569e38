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

/* Writes w (one table a variant) and origin (one line a variant, no
 * newline or comment end) to f.  Returns 0, or -1 on a write error. */
int weights_write(FILE *f, const EvalWeights w[VARIANT_NB], const char *const origin[VARIANT_NB]);

#endif
