/*
 * tb_index.h - a perfect index of the positions of one signature.
 *
 * index = stm * half + placement, where placement ranks the points of each
 * group of like pieces (White king, prince, men, then Black's) in turn as a
 * combination of the points the groups before it left free (combinadic
 * ranking).  Every index names one placement and every placement one
 * index: no gaps, no duplicates, so a table is a plain array.  The board's
 * left-right mirror is not folded in (see docs/tablebases.md).
 * The positions built from an index have DrawPlies counter 0, move
 * number 1 and no Zobrist key (0: nothing here needs it); the index
 * ignores all three.
 */
#ifndef DABLO_TB_INDEX_H
#define DABLO_TB_INDEX_H
#include <stdint.h>
#include "tb_sig.h"

/* Positions of the signature with one side to move (its half of the table). */
uint64_t tb_index_half(const TbSig *s);
/* Positions of the table: 2 * tb_index_half(). */
uint64_t tb_index_size(const TbSig *s);
/* Index of pos, whose pieces must be of signature s. */
uint64_t tb_index_of(const TbSig *s, const Position *pos);
/* Builds the position of index idx (< tb_index_size) with rules r
 * (r->variant == s->variant) into *pos. */
void tb_index_position(const TbSig *s, uint64_t idx, const Rules *r, Position *pos);
#endif
