/*
 * strbuf.c - the growable string of strbuf.h.
 */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static void strbuf_reserve(StrBuf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + extra + 1) cap *= 2;
    b->s = util_xrealloc(b->s, cap);
    b->cap = cap;
}

void strbuf_addn(StrBuf *b, const char *s, size_t n)
{
    strbuf_reserve(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

int strbuf_try_addn(StrBuf *b, const char *s, size_t n)
{
    if (n > (size_t)-1 / 4 - b->len) return -1;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->s, cap);
        if (!p) return -1;
        b->s = p;
        b->cap = cap;
    }
    strbuf_addn(b, s, n); /* room made: it allocates nothing */
    return 0;
}

void strbuf_add(StrBuf *b, const char *s)
{
    strbuf_addn(b, s, strlen(s));
}

void strbuf_addc(StrBuf *b, char c)
{
    strbuf_addn(b, &c, 1);
}

void strbuf_printf(StrBuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char tmp[512];
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof tmp) {
        strbuf_addn(b, tmp, (size_t)n);
        return;
    }
    strbuf_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void strbuf_clear(StrBuf *b)
{
    b->len = 0;
    if (b->s) b->s[0] = '\0';
}

void strbuf_free(StrBuf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

void strbuf_add_word(StrBuf *b, size_t *col, const char *w)
{
    size_t n = strlen(w);
    if (*col > 0 && *col + 1 + n > 80) {
        strbuf_addc(b, '\n');
        *col = 0;
    } else if (*col > 0) {
        strbuf_addc(b, ' ');
        (*col)++;
    }
    strbuf_add(b, w);
    *col += n;
}

const char *strbuf_str(const StrBuf *b)
{
    return b->s ? b->s : "";
}
