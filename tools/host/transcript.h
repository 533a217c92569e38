/*
 * transcript.h - the record of a host's conversation with its engines
 * (dablo-match's -log FILE): every line sent to or received from an
 * engine, with the time since the transcript was opened (ms, monotonic
 * clock), the slot (the host's number for the engine's user: a game slot
 * of dablo-match, a browser session of a web host) and the engine's name.
 * Format of a line:
 *     <ms> <slot> <engine> <dir> <text>
 * dir is '>' for a line sent to the engine, '<' for one received and '!'
 * for the host's own notes (timeouts, kills, restarts).
 *
 * Invariants: lines are written whole under a mutex and flushed, so any
 * number of threads may share one Transcript and a kill leaves a readable
 * file; every line is one event (control bytes are shown as \xNN).  A
 * NULL Transcript (no transcript wanted) makes every call a no-op.
 */
#ifndef DABLO_HOST_TRANSCRIPT_H
#define DABLO_HOST_TRANSCRIPT_H

#include <stddef.h>

typedef struct Transcript Transcript;

/* Opens (appends to) path; a FIFO that no process reads is refused at
 * once (util_fopen_append).  Returns the transcript (transcript_close()
 * frees it), or NULL with a one-line reason in err.  The transcript is
 * diagnostics: when a write fails (a full disk), one warning line goes to
 * stderr, "PROG: cannot write the log PATH: REASON; the log stops here,
 * the run goes on", nothing more is written, and the host goes on.  prog
 * (the program's name) is kept, not copied. */
Transcript *transcript_open(const char *path, const char *prog, char *err, size_t errlen);

/* Closes the file and frees t (NULL: nothing). */
void transcript_close(Transcript *t);

/* Writes one line; text may be any length and is written as is (a '\r' or
 * other control byte is shown as \xNN). */
void transcript_line(Transcript *t, int slot, const char *engine, char dir, const char *text);

/* printf-style note of the host (dir '!'), cut at 1 KB. */
void transcript_note(Transcript *t, int slot, const char *engine, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
