/*
 * linefile.c - lines of a text file with a cap on their length (see
 * linefile.h).
 */
#include "linefile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { CHUNK = 65536 }; /* bytes read at a time */

void *(*linefile_realloc)(void *p, size_t n) = realloc;

void linefile_init(LineFile *lf, FILE *f, const char *path, size_t max)
{
    memset(lf, 0, sizeof *lf);
    lf->f = f;
    lf->path = path;
    lf->max = max;
    lf->failed = LINEFILE_LINE;
}

void linefile_free(LineFile *lf)
{
    free(lf->buf);
    lf->buf = NULL;
    lf->cap = lf->start = lf->end = lf->scanned = 0;
}

/* Reads the next chunk after the bytes kept (moved to the front first),
 * keeping one byte spare for a NUL.  0 (lf->eof set at the end), or the
 * status of a failure. */
static LineFileStatus fill(LineFile *lf)
{
    if (lf->start > 0) {
        memmove(lf->buf, lf->buf + lf->start, lf->end - lf->start);
        lf->end -= lf->start;
        lf->start = 0;
    }
    if (lf->cap - lf->end < CHUNK + 1) {
        size_t cap = lf->cap ? lf->cap : CHUNK + 1;
        while (cap - lf->end < CHUNK + 1)
            cap *= 2;
        /* enough for a line of max bytes and a chunk after it (end <= max here) */
        if (cap > lf->max + CHUNK + 1) cap = lf->max + CHUNK + 1;
        char *b = linefile_realloc(lf->buf, cap);
        if (!b) {
            lf->err = ENOMEM;
            return LINEFILE_NOMEM;
        }
        lf->buf = b;
        lf->cap = cap;
    }
    for (;;) {
        size_t got = fread(lf->buf + lf->end, 1, CHUNK, lf->f);
        lf->end += got;
        if (got > 0) return LINEFILE_LINE;
        if (!ferror(lf->f)) {
            lf->eof = 1;
            return LINEFILE_LINE;
        }
        if (errno == EINTR) {
            clearerr(lf->f);
            continue;
        }
        lf->err = errno ? errno : EIO;
        return LINEFILE_ERROR;
    }
}

/* The status st that stops the reader, for line lineno + 1. */
static LineFileStatus stop(LineFile *lf, LineFileStatus st)
{
    lf->lineno++;
    lf->failed = st;
    return st;
}

LineFileStatus linefile_next(LineFile *lf, char **line, size_t *len, bool *newline)
{
    *line = NULL;
    *len = 0;
    *newline = false;
    if (lf->failed != LINEFILE_LINE) return lf->failed;
    for (;;) {
        size_t pending = lf->end - lf->start;
        char *s = lf->buf ? lf->buf + lf->start : NULL;
        char *nl = pending > lf->scanned ? memchr(s + lf->scanned, '\n', pending - lf->scanned)
                                         : NULL;
        size_t n = nl ? (size_t)(nl - s) : pending;
        if (n > lf->max) return stop(lf, LINEFILE_TOO_LONG);
        if (nl || (lf->eof && pending > 0)) {
            s[n] = '\0'; /* the '\n', or the spare byte after a last line */
            lf->start += n + (nl != NULL);
            lf->scanned = 0;
            lf->lineno++;
            *line = s;
            *len = n;
            *newline = nl != NULL;
            return LINEFILE_LINE;
        }
        if (lf->eof) return LINEFILE_EOF;
        lf->scanned = pending;
        LineFileStatus st = fill(lf);
        if (st != LINEFILE_LINE) return stop(lf, st);
    }
}

void linefile_too_long_message(const char *path, long lineno, size_t max, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s:%ld: line longer than %zu bytes", path, lineno, max);
}

void linefile_message(const LineFile *lf, LineFileStatus st, char *err, size_t errlen)
{
    if (st == LINEFILE_TOO_LONG)
        linefile_too_long_message(lf->path, lf->lineno, lf->max, err, errlen);
    else if (st == LINEFILE_NOMEM)
        snprintf(err, errlen, "%s:%ld: out of memory", lf->path, lf->lineno);
    else if (st == LINEFILE_ERROR)
        snprintf(err, errlen, "%s: read error: %s", lf->path, strerror(lf->err));
    else
        snprintf(err, errlen, "%s: no error", lf->path);
}

int linespan_feed(LineSpan *s, const char *p, size_t n, size_t max)
{
    const char *end = p + n;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t k = (size_t)((nl ? nl : end) - p);
        if (k > max - s->len) return -1;
        if (!nl) {
            s->len += k;
            break;
        }
        s->lines++;
        s->len = 0;
        p = nl + 1;
    }
    return 0;
}
