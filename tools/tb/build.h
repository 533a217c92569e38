/*
 * build.h - building a set of signatures in dependency order, in threads.
 *
 * The signatures are sorted (tb_sig_order) so each comes after every one
 * it reaches.  Workers take, of the signatures not yet started whose
 * dependencies in the set are built (or, when not in the set, are read
 * from their files in dir), the one at the head of the longest chain of
 * signatures that reach it, counted in stored positions (the critical
 * path), build it (generate.h), write its file and print one line of
 * counts.  Built tables stay in memory while a signature not yet built
 * may need them, and are freed then.
 */
#ifndef DABLO_TB_BUILD_H
#define DABLO_TB_BUILD_H
#include <stdbool.h>
#include <stdio.h>
#include "tb/tb_sig.h"

/* Builds sigs[0..n) under rules r into dir with threads workers (1..64),
 * printing progress to out.  Returns 0, or -1 after printing the first
 * error to stderr.  While it runs, a signal caught by newfile.h says how
 * many tables, and which first, are not written; with made_dir (the
 * caller made dir for this build) it removes dir too when it is empty. */
int build_set(const Rules *r, TbSig *sigs, int n, const char *dir, bool made_dir, int threads,
              FILE *out);
#endif
