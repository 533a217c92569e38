/*
 * svg_lastmove.h - turns a move string into the path the picture marks.
 *
 * The move is checked by the rules library (notation.h notation_parse_move: any full
 * path of a legal move, or the short form "fromxto" when unambiguous,
 * RULES.md section 5), then played on the position, so the picture shows
 * the position after it.  The path drawn is the one written when the string
 * is a full path (one landing point per captured piece), otherwise the
 * canonical path printed by notation_move_string().
 */
#ifndef DABLO_SVG_LASTMOVE_H
#define DABLO_SVG_LASTMOVE_H

#include <stddef.h>
#include "svg_board.h"

/* Parses text as a legal move of pos, fills *last (path, captured points and
 * the pieces that stood there, caption text) and plays the move on pos.
 * Returns 0; on an illegal, ambiguous or unparsable move returns -1, writes
 * into err (errlen bytes) the one line notation_why_not() gives, which
 * names the move and why it is wrong ("a1-a3 is not a legal move: there is
 * no piece on a1"), and leaves pos unchanged. */
int svg_lastmove_play(Position *pos, const char *text, SvgLastMove *last, char *err, size_t errlen);

#endif
