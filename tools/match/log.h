/*
 * log.h - the -log FILE transcript: every line sent to or received from an
 * engine, with the time since the run started (ms, monotonic clock), the
 * worker (game slot) and the engine's name.  Format of a line:
 *     <ms> <worker> <engine> <dir> <text>
 * dir is '>' for a line sent to the engine, '<' for one received and '!'
 * for the runner's own notes (timeouts, kills, restarts).  Lines are
 * written whole under a mutex and flushed, so a kill leaves a readable log.
 * A NULL MatchLog (no -log) makes every call a no-op.
 */
#ifndef DABLO_MATCH_LOG_H
#define DABLO_MATCH_LOG_H

#include <stddef.h>

typedef struct MatchLog MatchLog;

/* Opens (appends to) path.  Returns NULL with a reason in err on failure. */
MatchLog *mlog_open(const char *path, char *err, size_t errlen);
void mlog_close(MatchLog *log);

/* Writes one line; text may be long and is written as is (a '\r' or other
 * control byte is shown as \xNN so the log stays one line per event). */
void mlog_line(MatchLog *log, int worker, const char *engine, char dir, const char *text);

/* printf-style note (dir '!'). */
void mlog_note(MatchLog *log, int worker, const char *engine, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
