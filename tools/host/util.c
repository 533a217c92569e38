/*
 * util.c - the clock, allocation, word splitting, number parsing and
 * appending opens of util.h.
 */
#define _GNU_SOURCE
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "strbuf.h"

int64_t util_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int64_t util_now_ms(void)
{
    return util_now_us() / 1000;
}

/* The program's own name leads the message, as in every other error. */
static void oom(void)
{
    fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
    abort();
}

void *util_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) oom();
    return p;
}

void *util_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) oom();
    return q;
}

char *util_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = util_xmalloc(n);
    memcpy(p, s, n);
    return p;
}

void util_set_string(char **dst, const char *s)
{
    free(*dst);
    *dst = util_xstrdup(s);
}

int util_split_words(const char *s, char ***argv)
{
    size_t cap = 8, n = 0;
    char **v = util_xmalloc(cap * sizeof *v);
    StrBuf w = {0};
    const char *p = s;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n') p++;
        if (!*p) break;
        strbuf_clear(&w);
        strbuf_addn(&w, "", 0);
        while (*p && *p != ' ' && *p != '\t' && *p != '\n') {
            if (*p == '\'' || *p == '"') {
                char q = *p++;
                while (*p && *p != q) {
                    if (q == '"' && *p == '\\' && p[1]) p++;
                    strbuf_addc(&w, *p++);
                }
                if (*p != q) {
                    strbuf_free(&w);
                    v[n] = NULL;
                    util_free_words(v);
                    return -1;
                }
                p++;
            } else if (*p == '\\' && p[1]) {
                strbuf_addc(&w, p[1]);
                p += 2;
            } else {
                strbuf_addc(&w, *p++);
            }
        }
        if (n + 2 > cap) v = util_xrealloc(v, (cap *= 2) * sizeof *v);
        v[n++] = util_xstrdup(strbuf_str(&w));
    }
    strbuf_free(&w);
    v[n] = NULL;
    *argv = v;
    return (int)n;
}

void util_free_words(char **argv)
{
    if (!argv) return;
    for (char **p = argv; *p; p++) free(*p);
    free(argv);
}

char *util_rtrim(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
        s[--n] = '\0';
    return s;
}

int util_parse_int64(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
    if (!s || !*s) return -1;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

int util_parse_seconds_ms(const char *s, int64_t *ms)
{
    if (!s || !*s || *s == '-' || *s == '+' || isspace((unsigned char)*s)) return -1;
    int64_t whole = 0, frac_ms = 0;
    const char *p = s;
    if (!isdigit((unsigned char)*p) && *p != '.') return -1;
    while (isdigit((unsigned char)*p)) {
        whole = whole * 10 + (*p++ - '0');
        if (whole > 366LL * 86400) return -1;
    }
    if (*p == '.') {
        p++;
        int digits = 0;
        int64_t scale = 100;
        int round_up = 0;
        while (isdigit((unsigned char)*p)) {
            if (digits < 3) frac_ms += (*p - '0') * scale, scale /= 10;
            else if (digits == 3) round_up = *p >= '5';
            digits++;
            p++;
        }
        if (digits == 0 && p - s == 1) return -1;
        frac_ms += round_up;
    }
    if (*p) return -1;
    *ms = whole * 1000 + frac_ms;
    return 0;
}

/* Opens path with flags | O_NONBLOCK (a FIFO without its peer fails with
 * ENXIO on a write open, which is named in why).  The descriptor, still
 * non-blocking, or -1. */
static int open_nonblocking(const char *path, int flags, char *why, size_t whylen)
{
    int fd = open(path, flags | O_NONBLOCK | O_CLOEXEC, 0666);
    if (fd < 0) {
        struct stat st;
        if (errno == ENXIO && stat(path, &st) == 0 && S_ISFIFO(st.st_mode))
            snprintf(why, whylen, "a FIFO that no process reads (start its reader first)");
        else
            snprintf(why, whylen, "%s", strerror(errno));
    }
    return fd;
}

/* Makes fd blocking again: 0, or -1 with the reason in why. */
static int set_blocking(int fd, char *why, size_t whylen)
{
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0 && fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) == 0) return 0;
    snprintf(why, whylen, "%s", strerror(errno));
    return -1;
}

/* open_nonblocking(), then the descriptor made blocking again and given
 * the stream of mode. */
static FILE *fopen_nonblocking(const char *path, int flags, const char *mode, char *why,
                               size_t whylen)
{
    int fd = open_nonblocking(path, flags, why, whylen);
    if (fd < 0) return NULL;
    /* A FIFO opened for reading opens at once; read() then tells a writer
     * (no data yet: EAGAIN, or a byte, put back) from none (0: the end). */
    struct stat st;
    unsigned char first;
    ssize_t got = 0;
    if ((flags & O_ACCMODE) == O_RDONLY && fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode)
        && (got = read(fd, &first, 1)) == 0) {
        snprintf(why, whylen, "a FIFO that no process writes (start its writer first)");
        close(fd);
        return NULL;
    }
    if (set_blocking(fd, why, whylen) != 0) {
        close(fd);
        return NULL;
    }
    FILE *f = fdopen(fd, mode);
    if (!f) {
        snprintf(why, whylen, "%s", strerror(errno));
        close(fd);
        return NULL;
    }
    if (got == 1) ungetc(first, f);
    return f;
}

int util_open_write(const char *path, char *why, size_t whylen)
{
    int fd = open_nonblocking(path, O_WRONLY | O_CREAT | O_TRUNC, why, whylen);
    if (fd >= 0 && set_blocking(fd, why, whylen) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

FILE *util_fopen_append(const char *path, char *why, size_t whylen)
{
    return fopen_nonblocking(path, O_WRONLY | O_CREAT | O_APPEND, "a", why, whylen);
}

FILE *util_fopen_write(const char *path, char *why, size_t whylen)
{
    return fopen_nonblocking(path, O_WRONLY | O_CREAT | O_TRUNC, "w", why, whylen);
}

FILE *util_fopen_read(const char *path, char *why, size_t whylen)
{
    return fopen_nonblocking(path, O_RDONLY, "r", why, whylen);
}
