/*
 * outstream.h - output streams that keep the cause of their first failed
 * write, and the check of standard output that every program makes at
 * exit.
 *
 * A stdio stream only remembers that a write failed (ferror()); errno is
 * whatever the calls after it left, so "cannot write FILE: Input/output
 * error" was said of a full disk.  An outstream keeps the errno of the
 * first write(2) that failed (ENOSPC, EFBIG, EPIPE, EIO, ...), which is
 * the one to report.
 *
 * Every program calls outstream_check_stdout() first in main(): SIGPIPE
 * and SIGXFSZ are then ignored, so a write to a closed pipe fails with
 * EPIPE and one past the file size limit (ulimit -f) with EFBIG, and the
 * writer's own error path reports it and removes its temporary file,
 * where the signal would end the program with nothing said; standard
 * output is flushed at exit, and a write to it that failed (a full disk,
 * /dev/full) ends the program with "PROGRAM: cannot write stdout: CAUSE"
 * on stderr and exit status 1, whatever main() returned.  A closed pipe
 * (EPIPE) is not reported: the reader chose to stop reading, as a program
 * ended by SIGPIPE says nothing either.
 *
 * Thread-safety: the streams are stdio streams (locked as any); the
 * bookkeeping of which streams are outstreams is under a mutex.
 */
#ifndef DABLO_OUTSTREAM_H
#define DABLO_OUTSTREAM_H

#include <stdio.h>

/* A stream for writing on the open descriptor fd (fully buffered; closing
 * it closes fd) that keeps the errno of its first failed write (EINTR and
 * short writes are retried).  Returns the stream, or NULL with errno set
 * (fd is left open then). */
FILE *outstream_fdopen(int fd);

/* The errno of the first failed write of f, or 0 when none failed.  For a
 * stream that is not an outstream (a terminal's stdout), or an error that
 * was no write's: EIO when ferror(f), the cause being lost, else 0. */
int outstream_error(FILE *f);

/* The cause to report for a write to f that failed (a fprintf() < 0):
 * outstream_error(f), or EIO when that is 0.  Never 0. */
int outstream_cause(FILE *f);

/* fflush(f), then outstream_error(f): 0 when every byte written to f so
 * far reached its descriptor, else the errno of the first failure. */
int outstream_flush(FILE *f);

/* Flushes and closes f (always: f is gone after the call).  Returns 0, or
 * the errno of the first failed write, flush or close. */
int outstream_close(FILE *f);

/* Ignores SIGPIPE and SIGXFSZ (see above; a program that wants either
 * caught sets its handler afterwards), makes stdout an outstream on
 * descriptor 1 (unless it is a terminal, where a line editor needs the C
 * library's own stream and its descriptor; it stays line-buffered there)
 * and checks it at exit (atexit()): flushes
 * it, and when a write to it failed for another cause than EPIPE, or
 * outstream_stdout_failed() was told so, prints "PROGRAM: cannot write
 * stdout: CAUSE" on stderr and ends with _exit(1).  program is kept, not
 * copied (a string literal).  Call it once, before anything is printed. */
void outstream_check_stdout(const char *program);

/* Tells the check at exit that a write to descriptor 1 made without stdio
 * failed with errno e (the engine's output.c); the first such e is kept.
 * Async-signal-safe and thread-safe. */
void outstream_stdout_failed(int e);

/* The first failure of standard output (the stream's or one told by
 * outstream_stdout_failed()), EPIPE included; 0 when none.  Does not
 * flush. */
int outstream_stdout_error(void);

/* Looks, without writing, whether the reader of standard output has gone:
 * when descriptor 1 is a pipe or a socket (fstat() once, then cached) and
 * poll() with no timeout reports POLLERR (a pipe with no reader left, a
 * reset socket) or POLLHUP (a socket shut down both ways), the next write
 * would fail, so EPIPE is told as by outstream_stdout_failed(EPIPE).  On a
 * terminal, a file or /dev/null it does nothing.  One poll() a call: call
 * it at a throttled cadence (every few ms), not per unit of work.  Returns
 * outstream_stdout_error() afterwards.  Thread-safe. */
int outstream_stdout_probe(void);

#endif
