/*
 * util.h - the few helpers the engine-host library stands on: the
 * monotonic clock every deadline is measured on, allocation that never
 * returns NULL, shell-like splitting of an args="..." value, and strict
 * number parsing for settings, and opening an output file for appending
 * without waiting on a FIFO.
 *
 * Invariants a caller relies on: util_now_ms() and util_now_us() never go
 * back (CLOCK_MONOTONIC), so a deadline is an absolute value of
 * util_now_ms(); util_x*() either succeed or end the program with
 * "<program>: out of memory" (a host cannot do anything useful without
 * memory); nothing here keeps state, so every function is thread-safe.
 */
#ifndef DABLO_HOST_UTIL_H
#define DABLO_HOST_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Milliseconds of CLOCK_MONOTONIC (arbitrary origin, positive on Linux; never goes back). */
int64_t util_now_ms(void);

/* Microseconds of CLOCK_MONOTONIC. */
int64_t util_now_us(void);

/* malloc/realloc/strdup that abort with a message when out of memory.
 * A size of 0 allocates 1 byte (never NULL).  The caller frees. */
void *util_xmalloc(size_t n);
void *util_xrealloc(void *p, size_t n);
char *util_xstrdup(const char *s);

/* Frees *dst and sets it to a copy of s. */
void util_set_string(char **dst, const char *s);

/* Splits s into words like a POSIX shell without expansion: blanks
 * separate words, '...' and "..." quote, backslash escapes one character.
 * Returns the number of words and a NULL-terminated array in *argv (the
 * caller frees it with util_free_words()), or -1 on an unterminated
 * quote (nothing to free). */
int util_split_words(const char *s, char ***argv);
void util_free_words(char **argv);

/* util_bom_len(): the length of a UTF-8 byte-order mark at the start of a
 * text, shared with the engine (util/bom.h). */
#include "util/bom.h"

/* Removes trailing blanks, '\r' and '\n' in place; returns s. */
char *util_rtrim(char *s);

/* Parses a whole string as a decimal integer within [lo, hi].  Returns 0,
 * or -1 for anything else (empty, trailing text, out of range). */
int util_parse_int64(const char *s, int64_t lo, int64_t hi, int64_t *out);

/* Parses a decimal number of seconds ("0.6", "60", "1.25") into ms,
 * rounding to the nearest ms.  Returns 0, or -1 on a malformed or
 * negative value or one above a year. */
int util_parse_seconds_ms(const char *s, int64_t *ms);

/* Opens path for appending ("a" of fopen: created 0666 less the umask;
 * close-on-exec).  A FIFO that no process reads is refused at once
 * (O_NONBLOCK: open() fails with ENXIO) instead of blocking the caller in
 * open(), where no signal could end the wait; the stream returned blocks
 * as any other.  Returns the stream (the caller closes it), or NULL with
 * the reason in why ("a FIFO that no process reads ...", else
 * strerror()). */
FILE *util_fopen_append(const char *path, char *why, size_t whylen);

/* The same for writing from the start ("w" of fopen: truncated). */
FILE *util_fopen_write(const char *path, char *why, size_t whylen);

/* The same as a descriptor (blocking; the caller closes it), or -1 with
 * the reason in why: for a stream of the caller's own, such as an
 * outstream (util/outstream.h), which keeps a failed write's cause. */
int util_open_write(const char *path, char *why, size_t whylen);

/* Opens path for reading ("r" of fopen; close-on-exec).  A FIFO that no
 * process writes is refused at once ("a FIFO that no process writes ...")
 * instead of reading as empty or blocking; one with a writer is read as
 * it comes.  Returns the stream, or NULL with the reason in why. */
FILE *util_fopen_read(const char *path, char *why, size_t whylen);

#endif
