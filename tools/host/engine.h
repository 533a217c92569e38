/*
 * engine.h - talking to one engine over the UCI-like protocol of
 * protocol/PROTOCOL.md: handshake, options, new game, position, search,
 * stop, quit.  The top layer of the engine-host library (libdablo-host:
 * proc.h starts the process, channel.h moves its lines, engine_spec.h
 * says what to start); every host of dablo engines (dablo-match, a board
 * in a browser) drives them through this file.
 *
 * An Engine is one running process plus what it told us (its id name and
 * option list).  A host's conversation, blocking or polled:
 *
 *     engine_spec_parse_args(&spec, ...); engine_spec_resolve(&spec, ...);
 *     engine_start(&e, &spec, &rule_options, ...)   uci..uciok, setoption, isready..readyok
 *     engine_newgame(&e, ms)                         ucinewgame, isready..readyok
 *     engine_set_position(&e, fen, moves, n, ms)     position ..., isready..readyok
 *     engine_go_line(&line, &go); engine_search_start(&e, line, ...)
 *     engine_read(&e, &search, deadline, &text)      until search.done;
 *         a polling host waits for engine_fd() in its own poll() and
 *         reads with CHANNEL_NO_WAIT until ENGINE_TIMEOUT
 *     engine_search_stop(&e, &search, ms)            "move now"
 *     engine_quit(&e, ms) / engine_kill(&e)
 *
 * Every exchange has a deadline; the outcome of each call is one of
 * EngineStatus:
 *   ENGINE_OK       the engine answered as expected;
 *   ENGINE_TIMEOUT  no answer by the deadline;
 *   ENGINE_EOF      the engine closed its output or its input pipe broke
 *                   (a crash), or it is not running;
 *   ENGINE_ABORT    the host's abort fd became readable (channel.h);
 *   ENGINE_ERROR    a requested option is missing, has an invalid value
 *                   or is refused by the engine, or the program cannot be
 *                   run (a set-up error).
 *
 * Invariants a caller relies on: an Engine is used by one thread at a time
 * (the thread that started it, proc.h); e->running is 1 from a successful
 * start until quit or kill, and every failure that leaves the process in
 * an unknown state kills it (running 0); a "bestmove" ends only the search
 * it answers: a search stopped with engine_search_stop() is drained to its
 * bestmove or the engine is killed, so a stale bestmove never reaches the
 * next search.  Lines a call does not expect are returned or skipped, never
 * an error.
 */
#ifndef DABLO_HOST_ENGINE_H
#define DABLO_HOST_ENGINE_H

#include <stdint.h>
#include "channel.h"
#include "engine_spec.h"
#include "rules/notation.h"
#include "strbuf.h"

typedef enum { ENGINE_OK = 0, ENGINE_TIMEOUT, ENGINE_EOF, ENGINE_ABORT, ENGINE_ERROR } EngineStatus;

/* One option the engine declared ("option name X type T ..."). */
typedef struct EngineOption {
    char *name, *type, *def, *min, *max;
    char **vars;
    int nvars;
} EngineOption;

typedef struct Engine {
    const EngineSpec *spec;   /* not owned; must outlive the engine */
    Channel ch;
    int running;
    char *id_name;            /* from "id name", or NULL */
    EngineOption *opts;
    int nopts;
    uint64_t starts;          /* processes started for this Engine */
    int exit_status;          /* how its last process ended, as waitpid() gives it, after
                               * engine_wait_exit() or engine_reap(); -1 when it was
                               * killed or its status is unknown */
    int quit_killed;          /* the last engine_quit() killed it: it had not exited
                               * within grace_ms of "quit" (noted in the transcript) */
} Engine;

/* What the info lines of one search said.  Fields not reported stay at
 * their "none" value. */
typedef struct EngineInfo {
    int has_score;            /* a "score cp|mate" was seen */
    int score_is_mate;
    int64_t score;            /* cp, or moves to mate (signed) */
    int depth;                /* -1 = none */
    int64_t time_ms;          /* engine's own "time", -1 = none */
    uint64_t nodes;           /* 0 = none */
} EngineInfo;

/* The score for adjudication, in cp from the mover's point of view: mate
 * in n becomes +-(100000 - |n|). */
int64_t engine_info_cp(const EngineInfo *si);

/* Parses one "info ..." line into *si (fields present overwrite; anything
 * malformed is skipped, never an error). */
void engine_info_parse(EngineInfo *si, const char *line);

/* Starts the process of spec (spec->path set by engine_spec_resolve) and
 * runs the handshake: "uci" ... "uciok" (within startup_ms), checks every
 * option of `sent` (e.g. the variant and rule options; NULL = none), then
 * the spec's own option.X, against the declared list, sends them as
 * setoption, then "isready" ... "readyok" (the same startup_ms).  An
 * "info string error" line before that readyok is the engine refusing a
 * setoption (PROTOCOL.md 3.1: the option is left unchanged): ENGINE_ERROR
 * with the engine's words in err, the engine quit.  *e may
 * hold an engine that was quit or killed (its start count is kept).  On
 * failure a one-line reason is in err and the process is stopped:
 * ENGINE_ERROR (cannot run, bad option), ENGINE_TIMEOUT, ENGINE_EOF,
 * ENGINE_ABORT.  An engine that exits during the start-up (ENGINE_EOF)
 * is said to, with its exit status or signal (engine_reap(), up to 1 s
 * for it to exit) and where its own reason went: "engine b: exited with
 * status 1 before uciok (sent uci); its stderr is discarded: give
 * stderr=FILE to see why" (no stderr=), or "...; its stderr went to
 * FILE"; "engine b: was killed by signal 11 (Segmentation fault) before
 * uciok ...".  slot and log are for
 * the transcript; abort_fd as channel.h (-1 = none). */
EngineStatus engine_start(Engine *e, const EngineSpec *spec, const OptionList *sent,
                          int64_t startup_ms, int slot, Transcript *log, int abort_fd,
                          char *err, size_t errlen);

/* Checks one option against the declared list: 0, or -1 with a reason. */
int engine_check_option(const Engine *e, const char *name, const char *value, char *err, size_t errlen);

/* The fd a polling host waits on for POLLIN (channel_fd()), or -1 when
 * the engine is not running. */
int engine_fd(const Engine *e);

/* Writes one line (deadline as channel.h).  ENGINE_OK, or ENGINE_EOF when
 * the engine is gone or not running, the pipe stayed full until the
 * deadline, or the host aborted. */
EngineStatus engine_send(Engine *e, const char *line, int64_t deadline);

/* Sends line (NULL: none), then "isready" ... "readyok" within
 * timeout_ms. */
EngineStatus engine_send_sync(Engine *e, const char *line, int64_t timeout_ms);

/* As engine_send_sync(), keeping the first "info string error" line
 * before readyok (the engine refusing what line asked: a setoption, the
 * table files of TablebasePath under new rules) in refused, without its
 * "info string error: " ("" when none; refusedlen >= 1). */
EngineStatus engine_send_check(Engine *e, const char *line, int64_t timeout_ms, char *refused,
                               size_t refusedlen);

/* "ucinewgame" then "isready" ... "readyok" within timeout_ms. */
EngineStatus engine_newgame(Engine *e, int64_t timeout_ms);

/* Writes the position command of PROTOCOL.md 3.2 into b (cleared first):
 * "position startpos" (fen NULL) or "position fen FEN", then
 * " moves m1 m2 ..." when nmoves > 0 (moves in the notation of
 * PROTOCOL.md 2.2, as the engine or notation_move_string() gave them). */
void engine_position_line(StrBuf *b, const char *fen, const char *const moves[], int nmoves);

/* engine_position_line(), sent with engine_send_sync() (timeout_ms). */
EngineStatus engine_set_position(Engine *e, const char *fen, const char *const moves[], int nmoves,
                                 int64_t timeout_ms);

/* What a "go" asks for (PROTOCOL.md 3.3).  A field at 0 is not sent. */
typedef struct EngineGo {
    int timed[2];             /* 1 when White [0] / Black [1] plays on a clock */
    int64_t time_ms[2];       /* wtime / btime: their time left (ms), when timed */
    int64_t inc_ms[2];        /* winc / binc (ms), when timed and > 0 */
    int movestogo;            /* moves to the next time control */
    int64_t movetime_ms;      /* fixed time for this move (ms) */
    int depth;                /* plies */
    uint64_t nodes;
    int infinite;             /* search until "stop" (analysis) */
} EngineGo;

/* Sets the fixed limits of spec (st= as movetime, depth=, nodes=) in *g,
 * leaving the clocks as they are. */
void engine_go_limits(EngineGo *g, const EngineSpec *spec);

/* Writes "go [wtime T] [btime T] [winc I] [binc I] [movestogo N]
 * [movetime T] [depth D] [nodes N] [infinite]" into b (cleared first). */
void engine_go_line(StrBuf *b, const EngineGo *g);

/* Bytes kept of a bestmove's move: any legal move fits (MOVE_STR_MAX),
 * and an over-long answer keeps enough to be quoted in an error. */
enum { ENGINE_MOVE_MAX = MOVE_STR_MAX + 32 };

/* One search: started by engine_search_start(), fed by engine_read(). */
typedef struct EngineSearch {
    int64_t sent_us;          /* util_now_us() before the "go" write: the engine cannot
                               * have read it earlier (its latency is measured from here) */
    int64_t start_us;         /* util_now_us() at the end of the "go" write */
    EngineInfo info;          /* what its info lines said so far */
    int done;                 /* its bestmove was read */
    int64_t elapsed_us;       /* from start_us to the read of the bestmove (when done) */
    char move[ENGINE_MOVE_MAX];   /* the bestmove's move ("" when the line had none) */
} EngineSearch;

/* Clears *s and writes go_line (e.g. from engine_go_line()) within
 * deadline (channel.h).  ENGINE_OK: the search runs; ENGINE_EOF: the
 * engine is gone or not running. */
EngineStatus engine_search_start(Engine *e, const char *go_line, int64_t deadline, EngineSearch *s);

/* Reads the next line, waiting until deadline (channel.h: an absolute ms
 * of util_now_ms(), CHANNEL_NO_DEADLINE or CHANNEL_NO_WAIT).  With s (a
 * search running; NULL when none): an info line updates s->info, a
 * bestmove line ends the search (s->done, s->move, s->elapsed_us).
 * Returns ENGINE_OK with the line in *line (valid until the next call on
 * e), ENGINE_TIMEOUT (no whole line by the deadline; the search goes on),
 * ENGINE_EOF or ENGINE_ABORT. */
EngineStatus engine_read(Engine *e, EngineSearch *s, int64_t deadline, char **line);

/* Why the engine's output could not be read (an errno: read() or poll()
 * on its pipe failed, other than EINTR/EAGAIN), or 0.  Set with the
 * ENGINE_EOF of the read that failed: that EOF is then no exit or crash
 * of the engine but the host's failure to read it (the host says so,
 * strerror() of this).  Kept after engine_kill() until the next
 * engine_start(). */
int engine_read_errno(const Engine *e);

/* Ends search s now: unless it is done, sends "stop" and reads until its
 * bestmove (into s) within stop_ms.  ENGINE_OK: s->done and the engine
 * is ready for the next command.  Otherwise (no bestmove in time, EOF,
 * abort) the engine is killed (e->running == 0) and ENGINE_TIMEOUT,
 * ENGINE_EOF or ENGINE_ABORT is returned. */
EngineStatus engine_search_stop(Engine *e, EngineSearch *s, int64_t stop_ms);

/* "quit", then up to grace_ms for the process to exit, then kill (then
 * e->quit_killed is set, else cleared, and the transcript notes "did not
 * quit within N ms: killed"; the host says it where its user sees it).
 * Frees what the engine told us.  Safe on an engine that is not running.
 * Returns engine_wait_exit()'s value. */
int engine_quit(Engine *e, int grace_ms);

/* engine_quit(), then, when the engine had to be killed (e->quit_killed),
 * says so where the host's user sees it: "PROGRAM: engine NAME did not quit
 * within GRACE_MS ms: killed" on stderr (program: the host's name, such as
 * "dablo-match"; name: the engine's display name; neither kept).  Returns
 * engine_quit()'s value. */
int engine_quit_said(Engine *e, int grace_ms, const char *program, const char *name);

/* Ends the engine's input (EOF on its stdin, PROTOCOL.md 1.3: it stops a
 * running search and exits); its output stays readable with engine_read()
 * until it closes.  Sending fails from then on. */
void engine_close_input(Engine *e);

/* Closes the pipes and waits up to grace_ms for the process to exit, then
 * kills it; frees what the engine told us.  Returns the engine's exit
 * code (0..255, 128 + the signal when a signal ended it), or -1 when it
 * had to be killed or was not running. */
int engine_wait_exit(Engine *e, int grace_ms);

/* After ENGINE_EOF from an engine that ran (it closed its output or its
 * input pipe broke, as when it crashed or exited): closes the pipes and
 * waits up to grace_ms for the process to exit, then kills it.  Writes
 * how it ended into how (len bytes; also a transcript note): "exited with
 * status 3", "was killed by signal 11 (Segmentation fault)"
 * (proc_status_words()), or "did not exit within 1000 ms (killed)".
 * Returns 1 when the engine's own status is known, 0 when it had to be
 * killed (or was not running: how is then "").  The engine is stopped
 * (running 0); what it told us is kept until the next start or quit. */
int engine_reap(Engine *e, int grace_ms, char *how, size_t len);

/* Kills the process at once (after a stall or an abort). */
void engine_kill(Engine *e);

/* The engine's display name: spec->name if given, else its id name, else
 * its command. */
const char *engine_name(const Engine *e);

#endif
