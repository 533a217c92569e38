/*
 * movegen.h - legal move generation for both games and every rule option.
 *
 * All generated moves are legal (there is no check in these games).  Steps
 * come from precomputed per-point masks; captures from a depth-first search
 * over capture sequences that carries the set of captured points:
 *   - Dablot removes a jumped piece at once (RULES.md section 1 "Moves");
 *     Tabal removes them at the end, so a jumped piece still blocks and can
 *     never be jumped twice (section 2);
 *   - the moving piece's start point counts as empty during its sequence
 *     (section 4);
 *   - a move is (from, to, captured set): capture paths that agree on all
 *     three are generated once (section 4);
 *   - Captures optional: every prefix of a sequence is a move; compulsory:
 *     only completed sequences, and no step when any capture exists;
 *     compulsory-men: as in RULES.md section 1; Tabal: compulsory, with
 *     MaxCapture keeping only the sequences that capture the most.
 * A position whose game is over by a rule of sections 1-2 (position.h
 * position_end_by_rule) has no moves.
 */
#ifndef DABLO_MOVEGEN_H
#define DABLO_MOVEGEN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include "position.h"

/* Capacity of a move list.  Nearly every position stays far below it, but a
 * Dablot king or prince among many men, where every prefix of a capture
 * sequence is a move, can have tens of thousands of moves (a position from
 * an engine game: 32,659).  Then the list holds the first captures found,
 * keeps room for every step (at most DABLOT_MAX_STEPS), and sets overflow;
 * movegen_legal_all() and movegen_count() give every move (perft uses
 * them), and notation_parse_move() still accepts any legal capture by its
 * full path (movegen_is_capture_path). */
enum { MAX_MOVES = 1024, DABLOT_MAX_STEPS = 30 * 8 };

typedef struct MoveList {
    int n;
    int overflow;          /* 1 if moves were dropped because the list was full */
    Move moves[MAX_MOVES];
} MoveList;

/* Whether the capture along pts[0..n) (the start, then every landing point;
 * n >= 2) is legal in pos by RULES.md sections 1 and 4, checked jump by jump
 * without listing the other moves; fills *m.  For Dablot (short jumps)
 * only, where lists overflow: false for Tabal. */
bool movegen_is_capture_path(const Position *pos, const int *pts, int n, Move *m);

/* Every legal move of pos into list (list->n of them, 0 when the game is
 * over).  Captures come first, in generation order; deterministic. */
int movegen_legal(const Position *pos, MoveList *list);

/* Every legal move of pos without the list's capacity: the moves of
 * movegen_legal() when they fit in list (then *moves is list->moves),
 * else all of them in the same order (captures in generation order, then
 * steps; each (from, to, captured set) once, RULES.md section 4) in an
 * array the function allocates, *moves.  Returns their number.  Release
 * with movegen_legal_all_free(list, *moves).  Out of memory it gives what
 * movegen_legal() gives (list->overflow set: not every move). */
static inline int movegen_legal_all(const Position *pos, MoveList *list, Move **moves);

/* Releases the moves of movegen_legal_all() (nothing when they were
 * list's own). */
static inline void movegen_legal_all_free(const MoveList *list, Move *moves)
{
    if (moves != list->moves) free(moves);
}

/* The legal moves that are captures (the subset of movegen_legal()). */
int movegen_captures(const Position *pos, MoveList *list);

/* Number of legal moves, the same as movegen_legal_all() returns (every
 * move, however many: also where a list overflows), computed without a
 * list (perft's bulk count at the last ply). */
int movegen_count(const Position *pos);

/* movegen_count() of the position after the legal move m of pos, without
 * playing m in full (perft's last two plies): only the pieces' sets of
 * the child are built (position_sets_after), unless the game may have
 * ended there or the count needs a list.  pos is not changed. */
int movegen_count_after(const Position *pos, const Move *m);

/* The sum of movegen_count_after(pos, m) over every legal move m of pos
 * (perft's last two plies: the leaves two plies below pos).  Dablot
 * children by a step are counted from the other side's steps and first
 * jumps in pos, taken once and corrected at the two points each step
 * changes, the steps taken from whole-board shifts without a list
 * (docs/speed.md, "Dablot perft count" and "Dablot perft: the children
 * counted without lists").  pos is not changed. */
uint64_t movegen_count_children(const Position *pos);

/* 1 if the side to move has at least one legal capture. */
int movegen_has_capture(const Position *pos);

/* movegen_legal_all() where list overflowed: list holds movegen_legal()'s
 * moves of pos; sets *moves to every move (allocated) and returns their
 * number. */
int movegen_legal_beyond(const Position *pos, MoveList *list, Move **moves);

static inline int movegen_legal_all(const Position *pos, MoveList *list, Move **moves)
{
    int n = movegen_legal(pos, list);
    *moves = list->moves;
    return list->overflow ? movegen_legal_beyond(pos, list, moves) : n;
}

#endif
