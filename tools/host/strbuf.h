/*
 * strbuf.h - a growable NUL-terminated string, the way the host builds
 * every protocol line ("position ... moves ...", "go wtime ...") and every
 * record.
 *
 * A StrBuf is zero-initialised ({0}) before use and released with
 * strbuf_free().  Invariants: s is NULL or holds len bytes plus a NUL
 * (so strbuf_str() is always a valid C string, "" when empty); cap is the
 * allocated size.  Out of memory ends the program (util.h).  A StrBuf is
 * owned by one thread at a time.
 */
#ifndef DABLO_HOST_STRBUF_H
#define DABLO_HOST_STRBUF_H

#include <stddef.h>

typedef struct StrBuf {
    char *s;
    size_t len, cap;
} StrBuf;

/* Appends the string s, n bytes of s, one character c. */
void strbuf_add(StrBuf *b, const char *s);
void strbuf_addn(StrBuf *b, const char *s, size_t n);
void strbuf_addc(StrBuf *b, char c);
/* strbuf_addn() for a reader of input that must say it ran out of memory:
 * returns 0, or -1 when out of memory (b unchanged). */
int strbuf_try_addn(StrBuf *b, const char *s, size_t n);
/* Appends printf-style text (any length). */
void strbuf_printf(StrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends the word w to text wrapped at 80 columns (PGN movetext): a
 * space before it, or a newline when the line (*col bytes so far, updated)
 * would pass 80. */
void strbuf_add_word(StrBuf *b, size_t *col, const char *w);
/* Empties b, keeping its memory. */
void strbuf_clear(StrBuf *b);
/* Frees the memory; b is empty and usable again. */
void strbuf_free(StrBuf *b);
/* The string (never NULL: "" when empty); valid until b changes. */
const char *strbuf_str(const StrBuf *b);

#endif
