/*
 * show.h - the "show" command: the facts about the current game a host
 * needs, in one machine-readable block (protocol/PROTOCOL.md section 3.5,
 * format version 1).  The same facts as "d", as a contract:
 *
 *   show 1
 *   variant <dablot|tabal>
 *   fen <FEN>
 *   side <white|black>
 *   lastmove <move>|none
 *   legal <n> complete|incomplete
 *   moves [<move> ...]
 *   result none|1-0|0-1|1/2-1/2
 *   reason <end reason>                    (only when result is not none)
 *   end
 *
 * Moves are canonical strings (RULES.md section 4), in generation order.
 */
#ifndef DABLO_SHOW_H
#define DABLO_SHOW_H

#include "rules/game.h"
#include "rules/movegen.h"

#include <stddef.h>

/* Format version printed after "show"; raised when a line changes meaning
 * (new lines may be added before "end" without raising it). */
enum { SHOW_FORMAT_VERSION = 1 };

/* Prints the block for g through output.h. */
void show_print(const Game *g);

/* The line prefix followed by the canonical strings of moves[0..nmoves) of
 * pos, each after one space, as a malloc'd string (caller frees), or NULL
 * if out of memory. */
char *show_moves_line(const Position *pos, const Move *moves, int nmoves, const char *prefix);

/* The line prefix followed by the canonical strings of every move of g
 * from its start position, each after one space, as a malloc'd string
 * (caller frees), or NULL if out of memory. */
char *show_game_moves_line(const Game *g, const char *prefix);

/* The canonical string of move i (0-based) of g, in the position before it
 * (replayed from the start: a Game keeps only keys), or "none" when there
 * is no move i. */
void show_move_string(const Game *g, int i, char *buf, size_t len);

#endif
