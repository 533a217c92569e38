/*
 * game.h - a game as played: start position, moves, and the keys of every
 * position reached, for the game-end rules of RULES.md sections 1-3
 * (no legal move, kings-only draw, game-ending options, threefold
 * repetition, DrawPlies).  Used by the protocol and the match runner so both
 * judge a game exactly alike.  A Game owns its arrays; game_free() frees them.
 */
#ifndef DABLO_GAME_H
#define DABLO_GAME_H

#include <stdint.h>
#include "position.h"

typedef struct Game {
    Position start;
    Position pos;        /* current position */
    Move *moves;         /* moves played from start, nmoves of them */
    uint64_t *keys;      /* keys[i] = key after i moves; nmoves + 1 entries */
    int nmoves, cap;
} Game;

typedef enum { RESULT_NONE = 0, RESULT_WHITE_WINS, RESULT_BLACK_WINS, RESULT_DRAW } GameResult;

/* Starts a game at *start.  Returns 0, or -1 if out of memory. */
int game_init(Game *g, const Position *start);

/* Plays m (must be legal in g->pos).  Returns 0, or -1 if out of memory
 * (the game is then unchanged). */
int game_play(Game *g, const Move *m);

/* Result of the game now: RESULT_NONE while it goes on.  *reason receives
 * why it ended (END_NONE if it did not).  Tests, in order: the game-ending
 * rules read from the position (section 1), no legal move (section 1/2),
 * threefold repetition and DrawPlies (section 3). */
GameResult game_result(const Game *g, EndReason *reason);

/* Whether a game from pos is over before its first move, as an opening
 * or a new game's start position may not be: the reason ("White has no
 * pieces" or "Black has no pieces", named so though for the side to move
 * it is also "no legal move", RULES.md section 1; or
 * position_end_reason_name() of the rule that ends it, as game_result()
 * judges a game with no move played), a static string, or NULL while the
 * game goes on.  Allocates nothing. */
const char *game_over_at_start(const Position *pos);

/* Number of times the current position (same side to move) occurred. */
int game_repetitions(const Game *g);

/* "1-0", "0-1", "1/2-1/2" or "*". */
const char *game_result_string(GameResult r);

void game_free(Game *g);

#endif
