/*
 * play.h - playing a game at the terminal (README "Playing at the
 * terminal"): typing a legal move plays it, the engine answers with its
 * move, which is applied, and the board is drawn again with the last move
 * marked; "undo", "new", "play white|black|none", "time", "level" and
 * "board".  The protocol commands keep working beside them.
 *
 * Only for the readline front end (Session.interactive): over pipes none of
 * this exists and the protocol is exactly protocol/PROTOCOL.md.  The
 * engine's reply is searched in the job thread (engine_thread_search_kept),
 * so "stop" and Ctrl-C make it move at once; the reply is applied by
 * play_idle(), which the terminal calls before it shows the prompt again.
 * A command that changes the game or the options while the engine thinks
 * first cancels the reply (play_before_command).
 *
 * All functions are for the command-loop thread.
 */
#ifndef DABLO_PLAY_H
#define DABLO_PLAY_H

#include <stdbool.h>

struct Session;

enum {
    PLAY_NOBODY = -1,             /* engine side: the player moves both sides */
    PLAY_MOVETIME_DEFAULT = 1000, /* ms the engine thinks per move */
    PLAY_MOVETIME_MAX = 600000,
    PLAY_UNDO_MAX = 10000 /* moves "undo N" takes back at most */
};

typedef struct PlayState {
    int engine;      /* the colour the engine plays (WHITE, BLACK) or PLAY_NOBODY */
    int movetime_ms; /* 1..PLAY_MOVETIME_MAX */
    bool thinking;   /* the engine's reply is being searched */
    bool resume;     /* a protocol command ran: play_idle starts the reply if due */
} PlayState;

/* The defaults: the engine plays Black, 1 s a move. */
void play_init(PlayState *p);

/* The one-line banner printed when the prompt first appears. */
void play_banner(const struct Session *e);

/* Called before protocol command name runs at the terminal: a command that
 * changes the game, the options or starts a job cancels a pending reply
 * (the engine stops and its move is dropped). */
void play_before_command(struct Session *e, const char *name);

/* Runs a play command or a move typed at the prompt (words v[0..n), n >= 1).
 * Returns true when v[0] was one (handled, errors included), false when it
 * is no command of play mode (the caller reports an unknown command). */
bool play_execute(struct Session *e, char **v, int n);

/* The engine's reply, when its search has ended: plays it, draws the board
 * and announces the end of the game.  After a protocol command that changed
 * the game or the options (play_before_command), starts the engine's reply
 * when it is the engine's turn, so a setting changed during a think never
 * leaves the game waiting.  Does nothing otherwise.  Returns 1 while a
 * reply is being searched (call again once the search has ended: a fast
 * one may already have), else 0. */
int play_idle(struct Session *e);

/* A position was set at the terminal (the protocol's "position"): the
 * board is drawn, with the end of the game or whose move it is, as after
 * a move.  When it is dablo's turn, play_idle() starts its reply. */
void play_position_set(const struct Session *e);

/* How a person switches games, for the hint after a FEN of the other game
 * (uci_parse_position(): "(is this a Tabal FEN? first type new tabal)"). */
#define PLAY_SWITCH_GAME "first type new "

/* Why a play command does not run outside the terminal, after its name
 * ("undo" PLAY_TERMINAL_ONLY): for help and for the command line. */
#define PLAY_TERMINAL_ONLY                                                                         \
    " is a terminal play command: run dablo at a terminal, with no command, and type it at the prompt"

/* The same for a move given as a command ("c5-d6" PLAY_MOVE_TERMINAL_ONLY):
 * for the command line, where no move is played alone. */
#define PLAY_MOVE_TERMINAL_ONLY                                                                    \
    " is a move: run dablo at a terminal, with no command, and type it at the prompt"

/* The names of the play mode's commands, NULL-terminated (completion). */
const char *const *play_commands(void);

/* Whether word names a play mode command (case-insensitive, as commands
 * are read). */
bool play_is_command(const char *word);

/* Whether word is meant as a move: written as a move on the board of e's
 * game (notation_check_form(): "c5-d6", "c7xa9"), or looking like one (a
 * letter and a digit first, in either case: "C5-D6", "z9-z9", "c5" of
 * "c5 d6").  Over pipes, where no move is played alone, the protocol's
 * "unknown command" says so (uci.c); no command looks like that. */
bool play_is_move(const struct Session *e, const char *word);

/* The play mode's part of "help" at the terminal, printed first. */
void play_help(const struct Session *e);

/* "help <topic>" for a play command (case-insensitive): prints its line of
 * play_help() and returns true; false when topic is none.  Outside the
 * terminal (over a pipe, or one command from the shell) it prints the
 * command's usage and line as the protocol's help does, and that the
 * command works only at the terminal. */
bool play_help_topic(const struct Session *e, const char *topic);

#endif
