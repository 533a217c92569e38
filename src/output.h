/*
 * output.h - the one way the engine writes protocol lines to stdout.
 *
 * Every call writes one whole line (a '\n' is appended) with a single
 * write under a mutex and flushes, so lines from the search thread and the
 * command loop are never split or glued together.
 */
#ifndef DABLO_OUTPUT_H
#define DABLO_OUTPUT_H

/* printf-style; the line is truncated at 64 KiB only if longer. Thread-safe. */
void out_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Writes an already formatted line of any length (no '\n' in it). */
void out_text(const char *line);

/* How many error lines ("info string error..." or "info string unknown
 * command...", PROTOCOL.md) were written
 * so far; a one-shot command line exits 1 when its command wrote any. */
unsigned out_error_count(void);

#endif
