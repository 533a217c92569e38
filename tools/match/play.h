/*
 * play.h - playing one game between two engines and judging it with the
 * rules library (game.h), the clocks (host/tc.h) and adjudication
 * (adjudicate.h).
 *
 * Per game: both engines are started if needed (handshake, options), get
 * "ucinewgame" + "isready" (newgame timeout).  Per move: "position ..."
 * + "isready" (ping timeout), the mover's clock is credited (host/tc.h),
 * "go ..." is written and the clock runs until "bestmove" is read
 * (think.h).  The
 * position line starts from the last capture ("position fen <FEN after
 * it> moves ..."; "position startpos moves ..." before the first capture
 * of a game from the start position): no earlier position can repeat
 * after a capture, so repetitions are still visible to the engine and the
 * line stays short however long the game.
 *
 * Order of judgement after each answer: time (loss on time), then the
 * move (unparsable or illegal: loss, the game record ends before the bad
 * move, which is quoted with the FEN in the final comment), then the rules
 * of the game after the move, then adjudication.  A crash (EOF) is a loss
 * by "disconnect", its detail and stderr line saying the engine's exit
 * status or signal (engine_reap()); no answer to a ping or to the start-up exchange, or an
 * untimed search that stops answering pings, is a loss by "stalls".
 * With -tb, an opening position that is already in the tables ends the
 * game before the first move (termination "tablebase", plies=0).
 */
#ifndef DABLO_MATCH_PLAY_H
#define DABLO_MATCH_PLAY_H

#include "config.h"
#include "host/engine.h"
#include "host/transcript.h"
#include "openings.h"
#include "record.h"
#include "schedule.h"

/* One game slot: the engines it has running and what it needs to play. */
typedef struct Worker {
    int id;                    /* 1-based, for the log */
    const MatchConfig *cfg;
    const OpeningBook *book;
    Engine *engines;           /* one per engine of the match (zeroed at first) */
    Transcript *log;
    int abort_fd;
} Worker;

typedef enum {
    PLAY_DONE = 0,   /* rec holds a finished game */
    PLAY_ABORTED     /* the run was aborted during the game: rec is not a game */
} PlayStatus;

/* Plays game gs into rec (zeroed by the caller; record_free() after use).
 * *engine_lost is set to 1 when an engine died or had to be killed during
 * this game (the caller stops the run unless -recover), and to 2 when an
 * engine could not be started or given a new game (the run stops even
 * with -recover). */
PlayStatus play_game(Worker *w, const GameSpec *gs, GameRecord *rec, int *engine_lost);

/* Stops every engine of the worker ("quit", then kill after grace). */
void worker_stop_engines(Worker *w);

#endif
