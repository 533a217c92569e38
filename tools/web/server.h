/*
 * server.h - the HTTP side of dablo-web: GNU libmicrohttpd serving the
 * page's files, the JSON actions and the Server-Sent Events of each game.
 *
 * The daemon runs in "external polling" mode on the program's one thread:
 * server_run() waits in poll() on libmicrohttpd's epoll fd, every engine's
 * output and a wake-up pipe (signals), then lets libmicrohttpd and the
 * sessions act.  One thread means no locks, and every engine is started
 * and stopped by the thread that owns it (host/proc.h: an engine dies with
 * the server, even on kill -9).
 *
 * HTTP interface (every /api request needs the token, as the header
 * X-Dablo-Token or the query argument token; ID is a session id):
 *   GET  /, /FILE              the page's files (page folder only)
 *   POST /api/session          {} -> {"session":ID} (a new game, one a tab)
 *   GET  /api/events?session=ID  text/event-stream: "state", "info",
 *                              "notice" events (session.h), ": ping"
 *                              comments every keepalive
 *   GET  /api/state?session=ID   the state object
 *   GET  /api/pgn?session=ID     the game as PGN (text/plain)
 *   POST /api/new {session,...}  session_new_game()
 *   POST /api/configure {session,...}   session_configure()
 *   POST /api/move {session,move}, /api/takeback {session},
 *        /api/view {session,ply}, /api/pgn {session,pgn}
 * Answers: 200 with the state object (JSON), or 4xx with
 * {"error":"one line"}: 400 bad JSON or bad value, 403 no or wrong token
 * or foreign Host header, 404 unknown path or session, 405 wrong method,
 * 409 a move the game refuses or a take-back with no move of the
 * person's played (well formed, but the game does not allow it now), 413
 * body too large, 503 too many sessions.  A refused request changes
 * nothing.
 *
 * Security: the listening address is 127.0.0.1 unless asked; a Host
 * header must name an IP address (IPv6 in brackets) or localhost with the
 * bound port (DNS rebinding); paths are checked for "..", hidden names and anything
 * but [A-Za-z0-9._-/], then resolved with realpath() and served only if
 * inside the page folder (symlinks out of it are refused).
 */
#ifndef DABLO_WEB_SERVER_H
#define DABLO_WEB_SERVER_H

#include <stddef.h>
#include <stdint.h>
#include "session.h"

typedef struct ServerConfig {
    const char *bind;     /* listening IPv4 or IPv6 address, e.g. "127.0.0.1", "::1" */
    int port;             /* 0 = a free port */
    const char *page_dir; /* the page's folder */
    int max_sessions;     /* games at once, >= 1 */
    size_t max_body;      /* bytes of one request body */
    int64_t idle_ms;      /* a session with no request and no open event stream ends after this */
    int64_t keepalive_ms; /* ": ping" on every event stream */
    SessionHost host;
} ServerConfig;

typedef struct Server Server;

/* Starts listening.  Returns the server, or NULL with a reason in err. */
Server *server_start(const ServerConfig *cfg, char *err, size_t errlen);

/* The bound port and the token (SESSION_ID_LEN hex characters). */
int server_port(const Server *srv);
const char *server_token(const Server *srv);

/* Serves until stop_fd (a pipe's read end, e.g. written by a signal
 * handler) becomes readable; then ends every session and its engines. */
void server_run(Server *srv, int stop_fd);

/* Stops the daemon and frees the server. */
void server_free(Server *srv);

#endif
