/*
 * tb_sig.h - material signatures of the endgame tables.
 *
 * A signature is the number of pieces of each colour and type, e.g. Dablot
 * "KMMvk" (White king and two men against the Black king) or Tabal "KKvm".
 * Its name lists White's pieces upper case, then "v", then Black's lower
 * case, each side as kings, princes, men (K, P, M).  Every table holds the
 * positions of one signature with either side to move.  Both sides have at
 * least one piece: a position where a side has none is over (RULES.md
 * sections 1-2, no legal move) and needs no table.
 *
 * Dependencies (RULES.md sections 1-2): a capture removes pieces, a Tabal
 * man that ends on its far base becomes a king; a signature reaches only
 * those with no more of each Dablot piece type, and in Tabal no more men
 * and no more pieces of a colour.  tb_sig_order() sorts so that every
 * signature comes after all it can reach.
 */
#ifndef DABLO_TB_SIG_H
#define DABLO_TB_SIG_H
#include <stdbool.h>
#include <stddef.h>
#include "rules/position.h"

enum { TB_MAX_PIECES = 8, TB_SIG_NAME = 24 };

typedef struct TbSig {
    Variant variant;
    uint8_t count[2][PIECE_TYPE_NB]; /* [colour][MAN/PRINCE/KING] */
} TbSig;

/* Pieces of the signature, 0..TB_MAX_PIECES. */
int tb_sig_pieces(const TbSig *s);
/* The signature of a position's pieces. */
TbSig tb_sig_of(const Position *pos);
/* Writes the name ("KMMvk") into buf (TB_SIG_NAME bytes are enough). */
void tb_sig_name(const TbSig *s, char *buf, size_t len);
/* Parses a name as written by tb_sig_name (letters in any order on each
 * side, case of each side as shown).  Returns 0, or -1 with a one-line
 * message in err: unknown letter, no "v", a side without pieces, more than
 * one Dablot king or prince a side, a prince in Tabal, more than
 * TB_MAX_PIECES pieces. */
int tb_sig_parse(TbSig *s, Variant v, const char *name, char *err, size_t errlen);
bool tb_sig_equal(const TbSig *a, const TbSig *b);
/* Whether a position of a can turn into one of b by moves (b != a). */
bool tb_sig_reaches(const TbSig *a, const TbSig *b);
/* Every signature of variant v with 2..max_pieces pieces in total (each
 * side at least one) into out (at most cap); keep_lone_king keeps, at
 * max_pieces only, those where one side has only its king (Dablot's
 * "up to 4 plus the 5-piece lone-king" set); returns how many there are
 * (which may exceed cap). */
int tb_sig_enumerate(Variant v, int max_pieces, bool lone_king_at_max, TbSig *out, int cap);
/* Sorts n signatures so that each comes after all it reaches (pieces, then
 * Tabal men, then name); deterministic. */
void tb_sig_order(TbSig *s, int n);
#endif
