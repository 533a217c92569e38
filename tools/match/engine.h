/*
 * engine.h - talking to one engine over the UCI-like protocol of
 * protocol/PROTOCOL.md: handshake, options, new game, ping, search.
 *
 * An Engine is one running process plus what it told us (id name, its
 * option list).  Every exchange has a deadline; the outcome of each call
 * is one of EngineStatus, which play.c turns into a game result:
 *   ENG_OK        the engine answered as expected;
 *   ENG_TIMEOUT   no answer in time (uciok/readyok: "stalls"; bestmove:
 *                 "on time" or, untimed, "stalls");
 *   ENG_EOF       the engine closed its output or its input pipe broke
 *                 (a crash: "disconnect");
 *   ENG_ABORT     the run is being aborted (second Ctrl-C);
 *   ENG_ERROR     a requested option is missing or has an invalid value,
 *                 or the program cannot be run (a set-up error).
 * Lines the engine prints that the runner does not expect are ignored
 * (logged); a "bestmove" is accepted only in answer to this search's "go",
 * and a search that overran its deadline is answered with "stop" and
 * drained until its bestmove, or the engine is killed, so a stale bestmove
 * can never reach the next search or game.
 */
#ifndef DABLO_MATCH_ENGINE_H
#define DABLO_MATCH_ENGINE_H

#include <stdint.h>
#include "channel.h"
#include "config.h"

typedef enum { ENG_OK = 0, ENG_TIMEOUT, ENG_EOF, ENG_ABORT, ENG_ERROR } EngineStatus;

/* One option the engine declared ("option name X type T ..."). */
typedef struct EngineOption {
    char *name, *type, *def, *min, *max;
    char **vars;
    int nvars;
} EngineOption;

typedef struct Engine {
    const EngineSpec *spec;
    Channel ch;
    int running;
    char *id_name;            /* from "id name", or NULL */
    EngineOption *opts;
    int nopts;
    uint64_t starts;          /* processes started for this slot */
} Engine;

/* What one search said.  Fields not reported stay at their "none" value. */
typedef struct SearchInfo {
    int has_score;            /* a "score cp|mate" was seen */
    int score_is_mate;
    int64_t score;            /* cp, or moves to mate (signed) */
    int depth;                /* -1 = none */
    int64_t time_ms;          /* engine's own "time", -1 = none */
    uint64_t nodes;           /* 0 = none */
} SearchInfo;

/* The score for adjudication, in cp from the mover's point of view: mate
 * in n becomes +-(100000 - |n|). */
int64_t search_info_cp(const SearchInfo *si);

/* Parses one "info ..." line into *si (fields present overwrite). */
void search_info_parse(SearchInfo *si, const char *line);

/* Starts the process of spec and runs the handshake: "uci" ... "uciok"
 * (within startup_ms), checks every option of `sent` (the variant and rule
 * options, then the engine's own option.X) against the declared list,
 * sends them as setoption, then "isready" ... "readyok" (startup_ms).
 * On ENG_ERROR a one-line reason is in err.  On any failure the process is
 * stopped.  worker and log are for the transcript; abort_fd as channel.h. */
EngineStatus engine_start(Engine *e, const EngineSpec *spec, const OptionList *sent,
                          int64_t startup_ms, int worker, MatchLog *log, int abort_fd,
                          char *err, size_t errlen);

/* Checks one option against the declared list: 0, or -1 with a reason. */
int engine_check_option(const Engine *e, const char *name, const char *value, char *err, size_t errlen);

/* "ucinewgame" then "isready" ... "readyok" within timeout_ms. */
EngineStatus engine_newgame(Engine *e, int64_t timeout_ms);

/* Sends line (e.g. "position ...") then "isready" ... "readyok" within
 * timeout_ms. */
EngineStatus engine_send_sync(Engine *e, const char *line, int64_t timeout_ms);

/* Sends go_line and reads until "bestmove".  deadline_ms > 0: the search
 * must end within that many ms of the write (time + margin); otherwise the
 * engine is pinged with "isready" every ping_ms and must answer each ping
 * within ping_ms ("stalls").  *elapsed_us receives the time from the end
 * of the "go" write to the read of "bestmove" (monotonic clock).  On
 * ENG_OK the move token is copied to move (movelen bytes; "" when the line
 * had no move) and the search's info to *si.  On ENG_TIMEOUT the engine has
 * been sent "stop" and either drained to its bestmove within stop_ms (it
 * stays usable) or killed (e->running == 0).  *frozen_us receives how long
 * the whole machine was frozen during the move (hoststall.h; read only
 * with credit_stalls or past the deadline, else 0); with
 * credit_stalls the deadline is moved on by that time, so only time the
 * engine could use counts against it.  *stolen_ms receives the steal time
 * of the move when it overran its deadline, else -1. */
EngineStatus engine_go(Engine *e, const char *go_line, int64_t deadline_ms, int64_t ping_ms,
                       int64_t stop_ms, char *move, size_t movelen, SearchInfo *si,
                       int credit_stalls, int64_t *elapsed_us, int64_t *frozen_us,
                       int64_t *stolen_ms);

/* "quit", then up to grace_ms for the process to exit, then kill.  Frees
 * what the engine told us.  Safe on an engine that is not running. */
void engine_quit(Engine *e, int grace_ms);

/* Kills the process at once (after a crash, a stall or an abort). */
void engine_kill(Engine *e);

/* The engine's display name: spec->name if given, else its id name. */
const char *engine_name(const Engine *e);

#endif
