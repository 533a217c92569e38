/*
 * board_helpers.h - building test positions from piece lists.
 */
#ifndef DABLO_TEST_BOARD_HELPERS_H
#define DABLO_TEST_BOARD_HELPERS_H

#include "rules/position.h"

/* Builds the FEN of a position of variant v with the pieces listed in
 * `pieces` ("Ma1 mb2 Kk7": letter then point, separated by spaces) and side
 * to move stm ('w' or 'b') into buf.  Returns 0, or -1 on a bad list. */
int test_fen_from_pieces(Variant v, const char *pieces, char stm, char *buf, size_t len);

/* Sets *pos from a piece list with rules r; aborts the test on error. */
void test_place(Position *pos, const Rules *r, const char *pieces, char stm);

/* Rules of variant v with options applied from "Name=value Name=value". */
Rules test_rules(Variant v, const char *options);

/* Sorted, space-separated canonical strings of every legal move of pos. */
void test_moves_string(const Position *pos, char *buf, size_t len);

/* Same for the captures only. */
void test_captures_string(const Position *pos, char *buf, size_t len);

#endif
