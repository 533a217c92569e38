/*
 * output.h - the one way the engine writes protocol lines to stdout.
 *
 * Every call writes one whole line (a '\n' is appended) with a single
 * write under a mutex and flushes, so lines from the search thread and the
 * command loop are never split or glued together.
 */
#ifndef DABLO_OUTPUT_H
#define DABLO_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

/* printf-style; the line is truncated at 64 KiB only if longer. Thread-safe. */
void output_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Copies n bytes of line to buf (n bytes, no terminator added), each
 * control byte and each byte that is not part of valid, safe UTF-8 (see
 * utf8_len() in output.c) replaced by '?': error lines quote what the
 * host sent, and a terminal or a host's parser must never see raw bytes.
 * Every line written by output_text() and output_line() goes through it. */
void output_printable(char *buf, const char *line, size_t n);

/* output_printable() of the string s into a new NUL-terminated string of
 * the same length, owned by the caller (free()); NULL when out of memory.
 * For a name or an argument printed whole. */
char *output_printable_copy(const char *s);

/* One line on stderr for a tool's error: program, ": " and the message
 * (printf-style, cut at 2 KiB) through output_printable(), as a message
 * may quote a bad argument or a line of a data file.  Not for protocol
 * lines (those go to stdout with output_line()). */
void output_stderr(const char *program, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes an already formatted line of any length (no '\n' in it). */
void output_text(const char *line);

/* The start of a line being typed at a terminal while lines are written
 * (the terminal during a job: terminal.c, lineedit.h): text (n bytes,
 * shown through output_printable()) stands after the last line written.
 * Shows it now in place of what stood there (back to the start of its
 * first row, ANSI erase to the end of the screen, the text), and every
 * line written from now on takes it away first and shows it again after
 * itself, so that a search's line never splits what is being typed.  A
 * text wider than the terminal wraps: every row of it is taken away (at
 * the terminal's width when it is taken away; a character counts one
 * column).  n = 0: nothing is typed any more (what stood there is
 * erased).  Over a pipe it is never called.  Thread-safe. */
void output_typing(const char *text, size_t n);

/* The line being typed is complete: it stays as a line of its own (a
 * newline is written, as a terminal's echo of Enter), and nothing is
 * typed any more.  Thread-safe. */
void output_typing_done(void);

/* A person reads the lines (the terminal, uci.c), on = true, or a program
 * (the default): for a person a line "info string <text>" is written as
 * "<text>" alone, so the protocol's messages read as plain messages
 * ("error: ...", "unknown command: ...") and never as protocol lines; the
 * rest is written as it is.  Error lines are counted all the same
 * (output_error_count()).  Thread-safe. */
void output_for_people(bool on);

/* How many error lines ("info string error..." or "info string unknown
 * command...", PROTOCOL.md) were written
 * so far; a one-shot command line exits 1 when its command wrote any. */
unsigned output_error_count(void);

#endif
