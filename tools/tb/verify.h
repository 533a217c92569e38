/*
 * verify.h - checks tables through the reader only, not the generator.
 *
 * For every position of a table (or a sample of them): the index names
 * the position back (index round trip); a position over by the rules holds
 * the rules' verdict with distance 0; any other holds exactly the best,
 * over its legal moves (movegen.h), of the moves' entries (tb_move_entry
 * of each successor's entry, read from the table files, each decompressed
 * whole once).  That proves every win and loss with its distance (each
 * points to a successor one step nearer a zeroing move) but not every
 * draw: a region of draws
 * pointing at each other is consistent too.  So tables of up to
 * full_width pieces are also solved again by plain iteration: every
 * position's value from its successors', repeated until nothing changes
 * (a full-width search to the end, depth by depth); the values without
 * DrawPlies must agree.
 * The mirror is checked on its own: the mirrored position (tb_mirror.h) is
 * generated afresh, must have exactly the mirrored moves, each with the
 * same entry read from its own successor, and must read back the same
 * entry: so a position and its mirror have the same value and mirrored
 * best moves, as the folded index assumes (tb_index.h).
 */
#ifndef DABLO_TB_VERIFY_H
#define DABLO_TB_VERIFY_H
#include <stdint.h>
#include <stdio.h>
#include "tb/tb_probe.h"

/* Verifies the table f of set (f is one of set->files).  sample 0 checks
 * every position, else that many chosen at random (fixed seed).  Prints
 * one line of results and the first few disagreements to out.  Returns the
 * number of disagreements, or -1 if f or a successor's table could not be
 * read (the line printed names which). */
long verify_table(const TbSet *set, const TbFile *f, uint64_t sample, int full_width, FILE *out);
/* Frees the decompressed tables verify_table() kept (before closing set). */
void verify_release(void);
#endif
