/*
 * match.h - running a whole match: probing the engines, the game slots
 * (one thread each, -concurrency of them, each owning its engine
 * processes), the ordered writer of records and results, the resume state,
 * signals and the final summary.
 *
 * Threads: the main thread starts the slots and a signal thread (SIGINT,
 * SIGTERM and SIGHUP are blocked everywhere else and taken with
 * sigwait()).  A slot takes the next game number under a mutex, plays it
 * (play.c) and hands the record to the writer.  The writer keeps finished
 * records until every earlier game is written, then writes each whole
 * game to the PGN and results files with one flush each and appends the
 * state line, syncing each: records appear in game order whatever the
 * concurrency, and a kill at any moment leaves only whole games (a game
 * finished out of order and not yet written is replayed on resume).  A
 * write, flush or sync that fails (a full disk) cuts the files back to the
 * previous game, records nothing more, starts no more games and ends the
 * run with exit 1, naming the file; a resume then plays exactly the games
 * not recorded.
 *
 * Stopping: the first Ctrl-C (or an engine failure without -recover, or an
 * SPRT verdict) stops new games and lets the running ones finish; a second
 * Ctrl-C (or SIGTERM/SIGHUP) makes the abort pipe readable, which every
 * blocked engine read sees at once: running games are dropped unrecorded
 * and every engine is killed.  Finished games are always written.
 */
#ifndef DABLO_MATCH_MATCH_H
#define DABLO_MATCH_MATCH_H

#include "config.h"
#include "state.h"

/* How the runner was invoked (argv[0]), for the resume command it prints;
 * "dablo-match" until main() sets it. */
extern const char *match_program;

/* Prints "dablo-match: " and msg as one line on stderr, every control
 * byte and invalid UTF-8 shown as '?' (the engine's output_printable): a
 * message may quote a line of a file or an argument. */
void match_say(const char *msg);

/* Runs the match of c.  argv/argc: the command line to save in a new
 * state file.  resumed: the loaded state (NULL for a fresh run).  Returns
 * the exit status (0 complete, 1 stopped early or a write failed, 2 set-up
 * error or a state that does not match the files, 128 + the signal when
 * interrupted: 130 SIGINT, 143 SIGTERM, 129 SIGHUP).  With
 * c->rebuild a resumed state is cut back (state_keep) to the games the
 * files still hold. */
int match_run(MatchConfig *c, int argc, char *const argv[], StateData *resumed);

#endif
