/*
 * util.h - small helpers shared by the match runner's modules: the
 * monotonic clock, a growable string, text encoding for records
 * (percent-encoding for results files, UTF-8 repair and tag escaping for
 * PGN), shell-like splitting of an args="..." value, and a seeded PRNG.
 *
 * Nothing here keeps global state except the clock's start time (set once
 * by util_clock_start() before any thread starts).
 */
#ifndef DABLO_MATCH_UTIL_H
#define DABLO_MATCH_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* Milliseconds of CLOCK_MONOTONIC (arbitrary origin; never goes back). */
int64_t mu_now_ms(void);

/* Microseconds of CLOCK_MONOTONIC. */
int64_t mu_now_us(void);

/* A growable NUL-terminated string.  Zero-initialise ({0}) before use;
 * mu_sb_free() releases it.  Out of memory aborts the runner with a message
 * (a match runner cannot do anything useful without memory). */
typedef struct StrBuf {
    char *s;
    size_t len, cap;
} StrBuf;

void mu_sb_add(StrBuf *b, const char *s);
void mu_sb_addn(StrBuf *b, const char *s, size_t n);
void mu_sb_addc(StrBuf *b, char c);
void mu_sb_printf(StrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void mu_sb_clear(StrBuf *b);
void mu_sb_free(StrBuf *b);
/* The string (never NULL: "" when empty). */
const char *mu_sb_str(const StrBuf *b);

/* malloc/realloc/strdup that abort with a message when out of memory. */
void *mu_xmalloc(size_t n);
void *mu_xrealloc(void *p, size_t n);
char *mu_xstrdup(const char *s);

/* Appends s to b with every byte <= 0x20, '%', 0x7f and every byte that
 * could break a key=value line percent-encoded (%20, %25, ...): the name
 * encoding of the results file (docs/results.md). */
void mu_sb_add_percent(StrBuf *b, const char *s);

/* Decodes %XX escapes of s into a new string (caller frees). */
char *mu_percent_decode(const char *s);

/* Appends s as valid UTF-8: invalid or overlong sequences and control
 * characters become U+FFFD; with tag != 0, '"' and '\\' are escaped with a
 * backslash (PGN tag values). */
void mu_sb_add_utf8(StrBuf *b, const char *s, int tag);

/* Splits s into words like a POSIX shell without expansion: blanks
 * separate words, '...' and "..." quote, backslash escapes one character.
 * Returns the number of words and a NULL-terminated array in *argv (the
 * caller frees every element and the array), or -1 on an unterminated
 * quote. */
int mu_split_words(const char *s, char ***argv);
void mu_free_words(char **argv);

/* Removes trailing blanks, '\r' and '\n' in place; returns s. */
char *mu_rtrim(char *s);

/* splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", OOPSLA 2014): a tiny generator whose whole state is one
 * 64-bit word, so a seed reproduces every draw on any machine. */
uint64_t mu_prng_next(uint64_t *state);
/* Uniform integer in [0, n) (n >= 1), without modulo bias. */
uint64_t mu_prng_below(uint64_t *state, uint64_t n);

/* Parses a whole string as a decimal integer within [lo, hi].  Returns 0,
 * or -1 for anything else. */
int mu_parse_int64(const char *s, int64_t lo, int64_t hi, int64_t *out);

/* Parses a decimal number of seconds ("0.6", "60", "1.25") into ms,
 * rounding to the nearest ms.  Returns 0, or -1 on a malformed or
 * negative value or one above a year. */
int mu_parse_seconds_ms(const char *s, int64_t *ms);

#endif
