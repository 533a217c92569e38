/*
 * svg_board.h - draws a position of either game as an SVG picture.
 *
 * The picture is built only from the rules library's data: the points and
 * their names come from the Geometry (geometry.h), every line is drawn once
 * from the ray tables (for each point, its rays towards N, NE, E and SE:
 * every line has exactly one end from which it leaves in one of those four
 * directions), and the pieces from Position.board (position.h).  Nothing
 * about either board is hard-coded here, so the drawing shows exactly the
 * board the engine plays on (RULES.md sections 1 and 2).
 *
 * Every point is a <circle class="point" data-point="NAME">, so a page that
 * shows the picture finds each point by its name and position.
 *
 * Layout: adjacent points on a rank or file are 100 user units apart
 * (Dablot's doubled grid: 50 units a file or rank step, so vertices are 100
 * apart and centres sit halfway; Tabal: 100 units a step).  White is at the
 * bottom, rank 1 lowest, file a on the left.  Every point carries its name
 * just below it (class "point-label"), every line is one <line> element
 * (class "line"), the file letters and rank numbers run along the left and
 * bottom edges (class "coord"), and a caption names the game, the side to
 * move and the last move (or gives a key to the pieces).  The element
 * classes are part of the interface: tests count them.
 *
 * Pieces: white pieces are light discs, black pieces dark discs; a man is a
 * plain disc, a prince has a ring and the letter P, a king a gold ring and
 * the letter K.  The last move, when given, is marked by a highlight under
 * its start and end points, an arrow along its path through every landing
 * point, and each captured piece drawn faded with a red cross on its point.
 */
#ifndef DABLO_SVG_BOARD_H
#define DABLO_SVG_BOARD_H

#include <stdio.h>
#include "rules/notation.h"
#include "rules/position.h"

/* A move to mark: its path (start point, then every landing point; for a
 * step just start and end) and the pieces it captured, with the codes they
 * had before the move (position.h piece codes). */
typedef struct SvgLastMove {
    int npath;                          /* 0 = no move to mark; else 2..MOVE_STR_MAX */
    int path[MOVE_STR_MAX];             /* point numbers of the board */
    Bitboard captured;                  /* points of the captured pieces */
    uint8_t captured_piece[MAX_POINTS]; /* piece code that stood on each captured point */
    char text[MOVE_STR_MAX];            /* the move as written in the caption */
} SvgLastMove;

/* Limits of the picture width in pixels (the -size option). */
enum { SVG_SIZE_MIN = 100, SVG_SIZE_MAX = 8000 };

/* Width and height in user units of the whole picture of a variant's board
 * (board plus margins); the pixel height for a width w is
 * round(w * height / width), see svg_board_height_px(). */
void svg_board_extent(Variant v, int *width, int *height);

/* Height in pixels of the picture of variant v drawn width_px pixels wide
 * (width_px in SVG_SIZE_MIN..SVG_SIZE_MAX). */
int svg_board_height_px(Variant v, int width_px);

/* Writes a complete SVG 1.1 document showing pos (the position after the
 * last move, if any) to out.  width_px: the picture's width attribute in
 * pixels, SVG_SIZE_MIN..SVG_SIZE_MAX, or 0 for the natural size (1 user unit
 * = 1 pixel).  last may be NULL.  Returns 0, or -1 if writing to out failed
 * (ferror). */
int svg_board_write(FILE *out, const Position *pos, const SvgLastMove *last, int width_px);

/* How a picture is drawn: width_px as above; flipped turns the board
 * half a turn (Black at the bottom, file a on the right; the coordinates
 * move with it, the text stays upright). */
typedef struct SvgView {
    int width_px;
    int flipped;
} SvgView;

/* svg_board_write() with the view: the same picture when flipped is 0. */
int svg_board_write_view(FILE *out, const Position *pos, const SvgLastMove *last,
                         const SvgView *view);

#endif
