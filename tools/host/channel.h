/*
 * channel.h - line-oriented, deadline-bounded I/O with one engine process
 * (proc.h): the middle layer of the engine-host library, below the
 * protocol of engine.h.
 *
 * A Channel owns the Proc and a read buffer.  Reading: bytes are read
 * from the non-blocking pipe into the buffer and cut at '\n'; each line
 * is split into words at any run of blanks (space, tab, '\r', vertical
 * tab, form feed, NUL: the blanks of PROTOCOL.md 1.1) and comes back with
 * its words joined by one space and no blank at either end, so every
 * parser above sees one form (engines that print "\r\n", " bestmove",
 * "bestmove\tc5-d6" or "uciok " are understood; the transcript shows
 * the line in that form too).  Empty lines are skipped.  A line longer than
 * CHANNEL_LINE_MAX is cut to that length and the rest of it discarded (a
 * huge "info" line never exhausts memory).  A last line without '\n'
 * before EOF still counts.
 *
 * Waiting: every wait is a poll() on the engine's stdout plus the host's
 * abort fd, bounded by a deadline, so nothing ever blocks longer than the
 * caller allows and no CPU is spent spinning.  A deadline is one of
 *   > 0                 an absolute time in ms of util_now_ms();
 *   CHANNEL_NO_DEADLINE wait as long as it takes;
 *   CHANNEL_NO_WAIT     do not wait: only what the pipe holds now (for a
 *                       host that polls channel_fd() itself, next to its
 *                       other sockets, and reads when it is readable).
 *
 * Writing: whole lines, with the same deadline; a full pipe waits in
 * poll(), a dead engine gives an error (the host ignores SIGPIPE).
 *
 * Invariants: a Channel is used by one thread at a time; every line in
 * either direction goes to the transcript (transcript.h) when one is
 * given; a line returned by channel_read_line() stays valid until the
 * next call on the channel.
 */
#ifndef DABLO_HOST_CHANNEL_H
#define DABLO_HOST_CHANNEL_H

#include <stdint.h>
#include "proc.h"
#include "transcript.h"

enum { CHANNEL_LINE_MAX = 1 << 20 };   /* bytes kept of one line */

/* Special deadlines (see the top). */
enum { CHANNEL_NO_DEADLINE = 0, CHANNEL_NO_WAIT = -1 };

typedef enum { CHANNEL_LINE, CHANNEL_TIMEOUT, CHANNEL_EOF, CHANNEL_ABORT } ChannelStatus;

typedef struct Channel {
    Proc proc;
    char *buf;            /* bytes read and not yet returned: buf[start..len) */
    size_t start, len, cap;
    int discarding;       /* inside the cut-off tail of an over-long line */
    int eof;              /* the engine closed its stdout (or the read failed) */
    int read_errno;       /* why reading its stdout failed (read() or poll() gave an error
                           * other than EINTR/EAGAIN), 0 when it did not: then eof is an
                           * end the engine made */
    int abort_fd;         /* readable when the host aborts every wait; -1 = none */
    int slot;             /* for the transcript */
    const char *name;     /* engine name for the transcript (not owned) */
    Transcript *log;      /* NULL = none (not owned) */
    uint64_t lines_in, lines_out;
} Channel;

/* Prepares ch for an already started process p (ch takes it over).
 * name (not copied, must outlive ch), slot and log are for the
 * transcript; abort_fd: a fd that becomes readable when every wait must
 * end at once (CHANNEL_ABORT), or -1. */
void channel_init(Channel *ch, const Proc *p, const char *name, int slot, Transcript *log, int abort_fd);

/* The fd to poll() for POLLIN to learn that the engine printed something
 * (or exited), or -1 when the channel is closed.  Lines already buffered
 * do not make it readable: read with CHANNEL_NO_WAIT until
 * CHANNEL_TIMEOUT before polling again. */
int channel_fd(const Channel *ch);

/* Reads the next line, waiting at most until deadline.  Returns
 * CHANNEL_LINE with *line pointing to the normalized (see the top),
 * NUL-terminated line,
 * CHANNEL_TIMEOUT (no whole line by the deadline), CHANNEL_EOF (the
 * engine closed its output or exited, or its output could not be read:
 * ch->read_errno says why, and a transcript note) or CHANNEL_ABORT
 * (abort_fd is readable). */
ChannelStatus channel_read_line(Channel *ch, int64_t deadline, char **line);

/* Writes line plus '\n'.  Returns 0, or -1 when the engine is gone, the
 * deadline passed with the pipe full, or the host aborted. */
int channel_write(Channel *ch, const char *line, int64_t deadline);

/* Closes the engine's stdin only (end of input, PROTOCOL.md 1.3); its
 * output stays readable until it exits.  Later writes fail. */
void channel_close_input(Channel *ch);

/* Stops the process (see proc_stop: grace_ms for it to exit by itself
 * after its stdin closes, then a kill) and frees the buffer.  Returns
 * proc_stop()'s value: the engine's own wait status, or -1 when it had
 * to be killed or its status is unknown. */
int channel_close(Channel *ch, int grace_ms);

/* Kills the process at once and frees the buffer. */
void channel_kill(Channel *ch);

#endif
