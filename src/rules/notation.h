/*
 * notation.h - move strings of RULES.md section 5.
 *
 * A step prints as "from-to" (c5-d6); a capture as every landing point in
 * order joined by 'x' (a5xa9xc11).  When several paths make the same move
 * (section 4) the canonical string is the smallest in plain byte order.
 * Parsing accepts any full path of a legal move, and the short form
 * "fromxto" when exactly one legal capture has that start and end.
 */
#ifndef DABLO_NOTATION_H
#define DABLO_NOTATION_H

#include <stddef.h>
#include "position.h"

/* Enough for the longest move string (30 jumps of 4 characters) and a NUL. */
enum { MOVE_STR_MAX = 160 };

/* Writes the canonical string of m, a legal move of pos, into buf
 * (len bytes, MOVE_STR_MAX always suffice). */
void notation_move_string(const Position *pos, const Move *m, char *buf, size_t len);

/* Parses s (no surrounding blanks) as a legal move of pos.  Returns 0 and
 * sets *m; returns -1 and writes a one-line reason into err (errlen bytes,
 * cut; 256 hold every reason with s cut at 40 bytes): "illegal move '<s>'",
 * "ambiguous move '<s>' (...)", or "unparsable move (<why>) '<s>'" with why
 * the first fault of its form from the left (notation_check_form()). */
int notation_parse_move(const Position *pos, const char *s, Move *m, char *err, size_t errlen);

/* Whether s (no surrounding blanks) is written as a move on the board of
 * g, legal or not (RULES.md section 5): two points joined by '-' (a step),
 * or points joined by 'x' (a capture, at most MOVE_STR_MAX / 2 of them).
 * Returns 0, or -1 with the reason notation_parse_move() gives for such a
 * string in err, naming its first fault from the left: s empty, a point
 * missing before or after a '-' or 'x', a part that is no point of the
 * board (with its files, its ranks, or the points of its rank: "unparsable
 * move (z9 is not a point of the board: its files are a to k) 'z9-z9'"), a
 * character after a point that is no separator, '-' and 'x' mixed, one
 * point alone, a step of more points, more than MOVE_STR_MAX / 2 points.
 * Any bytes, any length.  For a host that tells a text that is no move at
 * all from a move the position does not allow. */
int notation_check_form(const Geometry *g, const char *s, char *err, size_t errlen);

/* Why s, refused by notation_parse_move(), is no legal move of pos, as one
 * line for a person (no trailing '.'), written into buf (len bytes,
 * truncated): "<s> is not a move: <reason>" when s is no move's string (a
 * part that is no point of the board, with the points of its rank; the
 * wrong shape; a short form of several captures), "<s> is not a legal
 * move: <reason>" when pos does not allow it, the first reason in the
 * order a person checks a move (RULES.md sections 1-4): a capture is
 * compulsory, no piece or the other side's piece on its first point; for
 * a step a point the piece cannot reach (not next to it, with the points
 * that are; for a Tabal king no line to it, or a piece in the way), a
 * man's step backwards, and only then the point taken; for a capture no
 * capture of the piece at all, then jump by jump on the board as the
 * capture leaves it a landing point no jump away, no piece or two pieces
 * to jump, one jumped before, one's own, one of a higher rank, the
 * landing point taken, and a capture that must go on; else the moves the
 * piece has.  s is
 * quoted cut at 40 bytes, then "...".  The terminal's play mode and
 * dablo-svg -lastmove say this; the protocol keeps notation_parse_move()'s
 * wording, which hosts read. */
void notation_why_not(const Position *pos, const char *s, char *buf, size_t len);

#endif
