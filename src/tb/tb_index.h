/*
 * tb_index.h - a perfect index of the positions of one signature, one of
 * each mirrored pair.
 *
 * index = stm * half + placement, where placement ranks the points of each
 * group of like pieces (White king, prince, men, then Black's) in turn as a
 * combination of the points the groups before it left free (combinadic
 * ranking), the first group in the highest digit.  The first group (always
 * White's) is folded by the left-right mirror (tb_mirror.h): of a
 * combination and its mirror only the one of the lower rank is kept, and a
 * position whose first group is the dropped one is indexed as its mirror.
 * Where the first group is its own mirror (a lone king on the middle file)
 * both the position and its mirror are stored.  So about half of all
 * placements are stored (Dablot 39 of 72 points for a lone first piece,
 * Tabal 23 of 37), every index names one stored position and every
 * position one index.  First groups of more than 4,194,304 combinations
 * (Dablot 5 or more White men) are not folded.
 * The positions built from an index have DrawPlies counter 0, move
 * number 1 and no Zobrist key (0: nothing here needs it); the index
 * ignores all three.
 */
#ifndef DABLO_TB_INDEX_H
#define DABLO_TB_INDEX_H
#include <stdbool.h>
#include <stdint.h>
#include "tb_sig.h"

/* The index of one signature, worked out once (tb_layout_init) for the
 * many calls of a build or a table: the tb_layout_* functions are the
 * tb_index_* ones without that set-up.  Read-only once made. */
typedef struct TbLayout {
    Variant variant;
    int ks[6];                 /* pieces of each group: White K, P, M, Black K, P, M */
    int first;                 /* the first non-empty group (-1: none) */
    int ngroups;               /* non-empty groups */
    int8_t groups[6];          /* their numbers in index order (groups[0] == first) */
    int npoints;               /* points of the board */
    int free[6];               /* points left free by the groups before each */
    uint64_t size[6];          /* combinations of each group: binom(free, ks) */
    uint64_t base0;            /* values of the first digit (after folding) */
    uint64_t rest;             /* values of the other digits together */
    uint64_t half;             /* base0 * rest: tb_index_half() */
    const struct TbFold *fold; /* the first group's fold, NULL: not folded */
} TbLayout;
void tb_layout_init(TbLayout *l, const TbSig *s);
uint64_t tb_layout_index(const TbLayout *l, const Position *pos);
bool tb_layout_stored(const TbLayout *l, const Position *pos);
/* Whether pos itself is stored, and then its index in *idx: the two
 * questions above at the cost of one. */
bool tb_layout_stored_index(const TbLayout *l, const Position *pos, uint64_t *idx);
int tb_layout_weight(const TbLayout *l, uint64_t idx);
void tb_layout_position(const TbLayout *l, uint64_t idx, const Rules *r, Position *pos);
/* tb_layout_position() for a scan in increasing order of idx: the
 * position of the groups but the last is kept in *c (zeroed before the
 * first call, one a scan and a thread) and only the last group is placed
 * anew while the others stay.  Rules r the same on every call. */
typedef struct TbCursor {
    bool valid;
    uint64_t hi;   /* idx / the last group's combinations */
    Position base; /* the position without the last group */
    Bitboard free; /* the points the last group may take */
} TbCursor;
void tb_layout_position_seq(const TbLayout *l, uint64_t idx, const Rules *r, Position *pos,
                            TbCursor *c);

/* Stored positions of the signature with one side to move. */
uint64_t tb_index_half(const TbSig *s);
/* Stored positions of the table: 2 * tb_index_half(). */
uint64_t tb_index_size(const TbSig *s);
/* Every placement of the pieces with either side to move (no folding). */
uint64_t tb_index_placements(const TbSig *s);
/* Index of pos, whose pieces must be of signature s: its own, or its
 * mirror's when its mirror is the one stored. */
uint64_t tb_index_of(const TbSig *s, const Position *pos);
/* Whether pos itself is stored (tb_index_position(tb_index_of(pos)) gives
 * pos back), not only its mirror. */
bool tb_index_stored(const TbSig *s, const Position *pos);
/* How many placements index idx stands for: 2 when its mirror is another
 * position that is not stored, else 1.  The weights of a table add up to
 * tb_index_placements(). */
int tb_index_weight(const TbSig *s, uint64_t idx);
/* Builds the stored position of index idx (< tb_index_size) with rules r
 * (r->variant == s->variant) into *pos, field by field: a program that
 * plays moves in it (position_make) calls position_init_tables() once
 * before (position.h). */
void tb_index_position(const TbSig *s, uint64_t idx, const Rules *r, Position *pos);
#endif
