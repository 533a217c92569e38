/*
 * diagram.h - the "d" command: a text picture of the board with its lines
 * and coordinates, and the facts about the position a person debugging a
 * host wants (FEN, hash key, side to move, counters, game state, legal moves).
 *
 * The picture is drawn from the geometry tables alone (geometry.h: points and
 * the ray to the next point along each line), so it shows exactly the lines
 * the move generator uses.  Each file is 4 characters wide and each rank 2
 * lines high: a diagonal line between neighbours is one '/' or '\' halfway,
 * an orthogonal line a run of '-' or '|'.  Empty points are '.', pieces
 * their FEN letters (RULES.md section 5).  Dablot's doubled grid (72 points
 * on files a-k, ranks 1-13) and Tabal's 37 points (files a-e, ranks 1-9) come
 * out as, for example:
 *
 *   Dablot (corner)          Tabal (top)
 *    3  M-------M             9  m-------m-------m
 *       | \   / |                  \     |     /
 *    2  |   M   |             8      m---m---m
 *       | /   \ |                      \ | /
 *    1  M-------M             7  m---m---m---m---m
 *       a   b   c
 */
#ifndef DABLO_DIAGRAM_H
#define DABLO_DIAGRAM_H

#include "rules/game.h"

/* The board picture of pos with rank numbers on the left and file letters
 * below, as a malloc'd string of '\n'-terminated lines (caller frees), or
 * NULL if out of memory. */
char *diagram_board(const Position *pos);

/* diagram_board() with the move last marked: its landing point in
 * brackets ("[M]"), its start point and the points it captured on in
 * parentheses ("(.)").  last NULL: no marks. */
char *diagram_board_marked(const Position *pos, const Move *last);

/* Prints (through output.h) the picture followed by the variant and rule
 * options, FEN, key (16 hex digits), side to move, the moves played since the
 * position's start, repetitions, the game result if it is over and the
 * legal moves in canonical notation. */
void diagram_print(const Game *g);

#endif
