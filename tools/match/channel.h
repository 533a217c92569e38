/*
 * channel.h - line-oriented, deadline-bounded I/O with one engine process.
 *
 * Reading: bytes are read from the non-blocking pipe into a buffer and cut
 * at '\n'; each line has trailing blanks and '\r' removed (engines that
 * print "\r\n" or "uciok " are understood).  Empty lines are skipped.  A
 * line longer than CHANNEL_LINE_MAX is cut to that length and the rest of
 * it discarded (a huge "info" line never exhausts memory).  Every wait is a
 * poll() on the engine's stdout plus the run's abort pipe, bounded by an
 * absolute deadline on the monotonic clock (mu_now_ms()), so nothing ever
 * blocks forever and no CPU is spent spinning.
 *
 * Writing: whole lines, with the same deadline; a full pipe waits in
 * poll(), a dead engine gives an error (SIGPIPE is ignored by the runner).
 * Every line in either direction goes to the -log transcript.
 */
#ifndef DABLO_MATCH_CHANNEL_H
#define DABLO_MATCH_CHANNEL_H

#include <stdint.h>
#include "log.h"
#include "proc.h"

enum { CHANNEL_LINE_MAX = 1 << 20 };   /* bytes kept of one line */

typedef enum { CH_LINE, CH_TIMEOUT, CH_EOF, CH_ABORT } ChStatus;

typedef struct Channel {
    Proc proc;
    char *buf;            /* bytes read and not yet returned: buf[start..len) */
    size_t start, len, cap;
    int discarding;       /* inside the cut-off tail of an over-long line */
    int eof;              /* the engine closed its stdout (or the read failed) */
    int abort_fd;         /* readable when the run is aborted; -1 = none */
    int worker;           /* for the log */
    const char *name;     /* engine name for the log (not owned) */
    MatchLog *log;
    uint64_t lines_in, lines_out;
} Channel;

/* Prepares ch for an already started process p. */
void ch_init(Channel *ch, const Proc *p, const char *name, int worker, MatchLog *log, int abort_fd);

/* Reads the next line, waiting at most until deadline (ms of mu_now_ms(); a
 * deadline <= 0 means "no deadline").  On CH_LINE *line points to the
 * trimmed, NUL-terminated line, valid until the next ch_ call. */
ChStatus ch_read_line(Channel *ch, int64_t deadline, char **line);

/* Writes line plus '\n'.  Returns 0, or -1 when the engine is gone, the
 * deadline passed with the pipe full, or the run was aborted. */
int ch_write(Channel *ch, const char *line, int64_t deadline);

/* Stops the process (see proc_stop) and frees the buffer. */
void ch_close(Channel *ch, int grace_ms);

/* Kills the process at once and frees the buffer. */
void ch_kill(Channel *ch);

#endif
