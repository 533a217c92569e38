/*
 * output.c - whole-line, flushed, thread-safe writes to stdout.
 */
#include "output.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned error_lines;   /* error lines written, under out_lock */

/* Error lines (PROTOCOL.md): "info string error..." and "info string
 * unknown command...". */
static bool is_error_line(const char *line)
{
    static const char err[] = "info string error", unknown[] = "info string unknown command";
    return strncmp(line, err, sizeof err - 1) == 0 || strncmp(line, unknown, sizeof unknown - 1) == 0;
}

static void write_all(const char *s, size_t n)
{
    while (n) {
        ssize_t w = write(STDOUT_FILENO, s, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return;   /* host went away: nothing more to do */
        }
        s += w;
        n -= (size_t)w;
    }
}

void out_text(const char *line)
{
    size_t n = strlen(line);
    char stackbuf[1024];
    char *buf = n + 1 <= sizeof stackbuf ? stackbuf : malloc(n + 1);
    if (!buf) return;
    memcpy(buf, line, n);
    buf[n] = '\n';
    pthread_mutex_lock(&out_lock);
    if (is_error_line(line))
        error_lines++;
    fflush(stdout);   /* anything a library printed through stdio goes first */
    write_all(buf, n + 1);
    pthread_mutex_unlock(&out_lock);
    if (buf != stackbuf) free(buf);
}

void out_line(const char *fmt, ...)
{
    char buf[65536];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    out_text(buf);
}

unsigned out_error_count(void)
{
    pthread_mutex_lock(&out_lock);
    unsigned n = error_lines;
    pthread_mutex_unlock(&out_lock);
    return n;
}
