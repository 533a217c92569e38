/*
 * linereader.c - whole lines of any length from a file descriptor.
 */
#include "linereader.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { CHUNK = 65536 };

void linereader_init(LineReader *lr, int fd)
{
    memset(lr, 0, sizeof *lr);
    lr->fd = fd;
}

void linereader_free(LineReader *lr)
{
    free(lr->buf);
    lr->buf = NULL;
    lr->cap = lr->start = lr->end = lr->scanned = 0;
}

size_t linereader_pending(const LineReader *lr)
{
    return lr->end - lr->start;
}

int linereader_has_line(const LineReader *lr)
{
    return lr->end > lr->start && memchr(lr->buf + lr->start, '\n', lr->end - lr->start) != NULL;
}

/* Makes room for need more bytes after end; moves pending bytes to the
 * front first.  Returns -1 if out of memory. */
static int make_room(LineReader *lr, size_t need)
{
    if (lr->start > 0) {
        memmove(lr->buf, lr->buf + lr->start, lr->end - lr->start);
        lr->end -= lr->start;
        lr->start = 0;
    }
    if (lr->cap - lr->end >= need) return 0;
    size_t cap = lr->cap ? lr->cap : CHUNK * 2;
    while (cap - lr->end < need) {
        if (cap > (size_t)-1 / 2) return -1;
        cap *= 2;
    }
    if (cap > LINEREADER_ALLOC_MAX) return -1;
    char *b = realloc(lr->buf, cap);
    if (!b) return -1;
    lr->buf = b;
    lr->cap = cap;
    return 0;
}

/* Reads more bytes; returns the number read, 0 at EOF or on an error
 * (lr->err set: ENOMEM, or the errno of read(2)). */
static size_t fill(LineReader *lr)
{
    if (lr->eof || lr->fd < 0) return 0;
    if (make_room(lr, CHUNK) < 0) {
        lr->eof = 1;
        lr->err = ENOMEM;
        return 0;
    }
    for (;;) {
        ssize_t n = read(lr->fd, lr->buf + lr->end, lr->cap - lr->end - 1);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            /* a non-blocking descriptor (set so by another process): wait */
            struct pollfd p = { .fd = lr->fd, .events = POLLIN };
            if (poll(&p, 1, -1) >= 0 || errno == EINTR) continue;
        }
        if (n < 0) lr->err = errno;
        if (n <= 0) { lr->eof = 1; return 0; }
        lr->end += (size_t)n;
        return (size_t)n;
    }
}

/* Returns the line buf[start..start+n) (n excludes the '\n') as a string. */
static char *finish_line(LineReader *lr, size_t n, size_t consumed, size_t *len)
{
    char *s = lr->buf + lr->start;
    if (n > 0 && s[n - 1] == '\r') n--;
    s[n] = '\0';
    for (size_t i = 0; i < n; i++)
        if (s[i] == '\0') s[i] = ' ';
    lr->start += consumed;
    lr->scanned = 0;
    *len = n;
    return s;
}

LineStatus linereader_next(LineReader *lr, char **line, size_t *len)
{
    int skipping = 0;   /* inside a line longer than the limit */
    *line = NULL;
    *len = 0;
    for (;;) {
        size_t pending = lr->end - lr->start;
        char *base = lr->buf ? lr->buf + lr->start : NULL;
        char *nl = pending > lr->scanned ? memchr(base + lr->scanned, '\n', pending - lr->scanned) : NULL;
        if (nl) {
            size_t n = (size_t)(nl - base);
            if (skipping) {
                lr->start += n + 1;
                lr->scanned = 0;
                return LINE_TOO_LONG;
            }
            *line = finish_line(lr, n, n + 1, len);
            return LINE_OK;
        }
        lr->scanned = pending;
        if (pending > LINEREADER_MAX_LINE) {   /* drop what we have, keep skipping */
            skipping = 1;
            lr->start = lr->end = lr->scanned = 0;
        }
        if (fill(lr) == 0) {
            pending = lr->end - lr->start;
            if (lr->err) { /* what was read of the line is not a line */
                lr->start = lr->end = lr->scanned = 0;
                return LINE_ERROR;
            }
            if (skipping) {
                lr->start = lr->end = lr->scanned = 0;
                return LINE_TOO_LONG;
            }
            if (pending == 0) return LINE_EOF;
            /* last line without '\n': buf has one spare byte for the NUL */
            *line = finish_line(lr, pending, pending, len);
            return LINE_OK;
        }
    }
}

int linereader_append(LineReader *lr, const char *bytes, size_t n)
{
    if (n == 0) return 0;
    if (n > (size_t)-1 - CHUNK || make_room(lr, n + 1) < 0) return -1; /* + 1: the NUL */
    memcpy(lr->buf + lr->end, bytes, n);
    lr->end += n;
    return 0;
}

char *linereader_take_rest(LineReader *lr, size_t *len)
{
    *len = 0;
    size_t pending = lr->end - lr->start;
    if (pending == 0 || linereader_has_line(lr)) return NULL;
    /* buf has a spare byte for the NUL: fill() and linereader_append() keep one */
    return finish_line(lr, pending, pending, len);
}
