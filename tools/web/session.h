/*
 * session.h - one game on the board: what a browser tab plays, watches or
 * analyses, and the engines that play it.
 *
 * A Session holds the rules (RULES.md sections 1-3), the game as played
 * (rules/game.h: start position and moves, so legality, canonical move
 * strings and game ends all come from the rules library), the ply the
 * page is looking at, who plays each side (a person or one of the host's
 * engine specs) and how engines think (time a move, depth, analysis with
 * MultiPV).  It drives up to two engine processes (host/engine.h): slot 0
 * plays White or analyses, slot 1 plays Black.
 *
 * Everything runs on the server's one thread: an action (session_move(),
 * session_new_game(), ...) changes the game and calls session_update(),
 * which stops a search that no longer fits and starts the one that should
 * run now; session_engine_readable() is called when an engine's output fd
 * (session_engine_fd()) is readable, and session_tick() now and then for
 * the deadlines.  Engines are started from that thread, so the kernel
 * kills them if the server dies (host/proc.h).
 *
 * What the page must learn is pushed through the emit hook as a named
 * event with a JSON object: "state" (the whole game, session_state_json()),
 * "info" (one engine info line, parsed), "notice" (a one-line message:
 * an engine crashed and was restarted, an engine played an illegal move).
 *
 * Invariants: the game is never changed by a refused action (each returns
 * -1 with a one-line reason); 0 <= view <= game.nmoves; an engine's
 * bestmove is played only if it answers the search of the current
 * position, and only after the rules library accepts it.
 */
#ifndef DABLO_WEB_SESSION_H
#define DABLO_WEB_SESSION_H

#include <stddef.h>
#include <stdint.h>
#include "host/engine.h"
#include "host/engine_spec.h"
#include "host/strbuf.h"
#include "json.h"
#include "rules/game.h"

enum { SESSION_ID_LEN = 32, PLAYER_HUMAN = -1, SESSION_MULTIPV_MAX = 8, SESSION_SKILL_MAX = 20 };

/* Who played one move of the game, for the PGN's White and Black tags:
 * player is PLAYER_HUMAN (a person), a spec index (an engine, skill the
 * "Skill Level" it played at, -1 = full strength) or PLAYER_LOADED (a move
 * of a loaded PGN: its White or Black tag, "?" without one). */
enum { PLAYER_LOADED = -2 };
typedef struct SessionMover {
    int player;
    int skill;
} SessionMover;

/* Host-wide settings every session reads (owned by the server). */
typedef struct SessionHost {
    EngineSpec *specs; /* -engine specs, resolved; nspecs >= 1 */
    int nspecs;
    int64_t startup_ms; /* uci..uciok and isready..readyok */
    int64_t stop_ms;    /* "stop" .. bestmove */
    int64_t margin_ms;  /* how far past its time a move may come */
    int max_restarts;   /* crashes in a row before an engine is given up */
    const int *skill;   /* [nspecs]: 1 when the engine declares "Skill Level"
                           (session_host_probe_skill), NULL = none does */
} SessionHost;

/* Starts each engine of specs once (uci .. uciok with its options, then
 * quit, within startup_ms) and sets skill[i] to 1 when spec i declares the
 * "Skill Level" spin option with 0..SESSION_SKILL_MAX in range, else 0
 * What a started engine refuses under Tabal or Dablot's presets modern
 * and anti-draw (table files of TablebasePath) is a warning line on
 * stderr ("dablo-web: warning: engine NAME under Variant tabal: ...").
 * Returns the index of the first spec whose engine did not start (cannot
 * run, exited or gave no uciok within startup_ms, refused an option; the
 * reason in err), or -1. */
int session_host_probe_skill(const EngineSpec *specs, int nspecs, int64_t startup_ms, int *skill,
                             char *err, size_t errlen);

typedef void (*SessionEmit)(void *ctx, const char *session_id, const char *event, const char *json);

typedef enum { SEARCH_NONE, SEARCH_MOVE, SEARCH_ANALYSE } SearchKind;

typedef struct Session {
    char id[SESSION_ID_LEN + 1];
    const SessionHost *host;
    SessionEmit emit;
    void *emit_ctx;

    Rules rules;
    char start_fen[192];
    Game game;
    SessionMover *movers; /* [game.nmoves]: who played each move (owned; cap movers_cap) */
    int movers_cap;
    int view;                            /* the ply the page shows, 0..game.nmoves */
    int flipped;                         /* Black at the bottom */
    char white_name[64], black_name[64]; /* for the PGN; "" = from the players */

    int player[2];       /* [WHITE], [BLACK]: PLAYER_HUMAN or a spec index */
    int64_t movetime_ms; /* engine time a move, > 0 */
    int depth;           /* engine depth limit (plies), 0 = none */
    int analyse;         /* an engine analyses the shown position without limit */
    int multipv;         /* lines reported when analysing, 1..SESSION_MULTIPV_MAX */
    int skill;           /* "Skill Level" 0..SESSION_SKILL_MAX, -1 = full strength */

    Engine eng[2];
    int eng_spec[2];        /* spec each slot's process was started with, -1 = none */
    int restarts[2];        /* crashes in a row of each slot */
    int64_t game_id;        /* bumped by every new game: ucinewgame once per game */
    int64_t eng_game[2];    /* game_id each slot last saw */
    int eng_multipv[2];     /* MultiPV last set on each slot */
    int eng_skill[2];       /* Skill Level last sent to each slot, -1 = the default */
    char eng_rules[2][300]; /* variant, spec and rules each slot was started with */

    SearchKind search_kind;
    int search_slot;
    int search_ply;          /* game.nmoves the search was started at */
    int64_t search_game;     /* game_id the search was started in */
    int64_t search_deadline; /* util_now_ms() after which the move search is a stall; 0 none */
    EngineSearch search;
    char *lines[SESSION_MULTIPV_MAX]; /* last info of each PV line, JSON: only ever of
                                         the shown position (cleared when it changes) */

    int64_t last_active_ms; /* last request or open event stream */
    uint64_t seq;           /* bumped by every change: the page keeps the newest state */
} Session;

/* Sets up s for a new game of the default Dablot rules, White a person,
 * Black the first engine.  id: SESSION_ID_LEN characters. */
void session_init(Session *s, const char *id, const SessionHost *host, SessionEmit emit, void *ctx);

/* Quits every engine (grace as engine_quit) and frees the game. */
void session_free(Session *s);

/* Starts a new game from a request object:
 *   {"variant":"dablot"|"tabal", "options":{"Captures":"compulsory",...},
 *    "fen":"...", "white":"human"|N, "black":"human"|N,
 *    "movetime":MS, "depth":N, "skill":0..20|null, "analyse":bool,
 *    "multipv":N, "flip":bool}
 * "skill" is the engines' "Skill Level" option (PROTOCOL.md 4; null = full
 * strength), refused when no engine of the host declares it; an engine
 * that does not, and every engine analysing, plays at full strength.
 * Every member is optional: the request describes the whole game, so an
 * absent one is what session_init() gives (Dablot, its default rules, the
 * start position, White a person, Black the first engine, 1000 ms a move,
 * no depth limit, full strength, no analysis, 1 line, not flipped), never
 * the previous game's.  An option of the other game
 * (rules_option_variant()) is refused, named.  Returns 0, or -1 with a
 * reason in err (nothing changed). */
int session_new_game(Session *s, const JsonValue *req, char *err, size_t errlen);

/* Changes players and engine limits without a new game (the members of
 * session_new_game() but variant, options and fen; an absent one keeps
 * its current value). */
int session_configure(Session *s, const JsonValue *req, char *err, size_t errlen);

/* Plays text (RULES.md section 5: a full path, or the short form when it
 * is unambiguous) at the shown ply, dropping any later moves.  Returns 0;
 * -2 with the reason in err when text is no move at all (no point of the
 * board, the wrong shape, too long: notation_check_form()), whatever the
 * game; -1 when the game is over there, when it is an engine's turn, or
 * when the rules library does not accept the move (an ambiguous short
 * form names the candidate paths in err). */
int session_move(Session *s, const char *text, char *err, size_t errlen);

/* Takes back the last move a person made and every engine's move after
 * it, so it is that person's turn again (as chess GUIs do; with people on
 * both sides, the last move), and clears the analysis lines.  Returns 0,
 * or -1 with the reason in err when no move has been played, or none by a
 * person (the engine as White before the person's first move: its move
 * stays); a request the game does not allow now, so the server answers
 * 409.  Players are the current ones (player[]). */
int session_takeback(Session *s, char *err, size_t errlen);

/* Shows ply, a whole number (plies from the start, 0..nmoves) written
 * as text in the request.  Returns 0, or -1 with "ply TEXT out of range
 * 0..M" in err (nothing changed) for any other, negative or beyond int
 * alike. */
int session_view(Session *s, double ply, const char *text, char *err, size_t errlen);

/* Loads the first game of a PGN text as dablo-match writes it (tags
 * Variant, Rules, FEN; RULES.md notation), read by the PGN reader
 * dablo-match checks its -pgnout file with (rules/pgn.h), every side a
 * person, shown at ply 0.  A bad tag or move names the tag or the move
 * number. */
int session_load_pgn(Session *s, const char *pgn, char *err, size_t errlen);

/* Appends the game as PGN text (tags Event, Site, Date, White, Black,
 * Result, Variant, Rules, SetUp/FEN, Termination, PlyCount).  White and
 * Black name who played that colour's moves (movers[], not the players
 * now): "person", an engine's name (with " (Skill Level N)" when it played
 * weakened), a loaded PGN's tag; more than one joined by ':' in the order
 * they first moved (the PGN standard's separator of a side's players),
 * with the comment {NAME played from here} before the move where that
 * colour's player changed.  A game of no move names the players now. */
void session_pgn(const Session *s, StrBuf *out);

/* Appends the state object of the page (see the top of session.c). */
void session_state_json(const Session *s, StrBuf *out);

/* Stops what no longer fits the game and starts the search that should
 * run now (an engine's move, or analysis); emits "state" first. */
void session_update(Session *s);

/* The fds to poll for engine output: up to 2 into fds[], slots[] the
 * slot of each; returns how many. */
int session_engine_fds(const Session *s, int fds[2], int slots[2]);

/* Reads what the engine of slot printed (without waiting) and acts on it. */
void session_engine_readable(Session *s, int slot);

/* Deadlines: a move search past its time is a stall (the engine is
 * killed, restarted, and the move searched again). */
void session_tick(Session *s, int64_t now_ms);

/* ms until the next deadline of s (or -1 when none). */
int64_t session_next_deadline(const Session *s, int64_t now_ms);

#endif
