/*
 * transcript.c - the engine I/O transcript (see transcript.h).
 */
#include "transcript.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "util.h"

struct Transcript {
    FILE *f;
    char *path;
    const char *prog;
    int failed; /* a write failed: warned once, nothing more written */
    int64_t t0;
    pthread_mutex_t lock;
};

Transcript *transcript_open(const char *path, const char *prog, char *err, size_t errlen)
{
    char why[256];
    FILE *f = util_fopen_append(path, why, sizeof why);
    if (!f) {
        snprintf(err, errlen, "cannot open log %s: %s", path, why);
        return NULL;
    }
    Transcript *t = util_xmalloc(sizeof *t);
    t->f = f;
    t->path = util_xstrdup(path);
    t->prog = prog;
    t->failed = 0;
    t->t0 = util_now_ms();
    pthread_mutex_init(&t->lock, NULL);
    return t;
}

void transcript_close(Transcript *t)
{
    if (!t) return;
    fclose(t->f);
    free(t->path);
    pthread_mutex_destroy(&t->lock);
    free(t);
}

void transcript_line(Transcript *t, int slot, const char *engine, char dir, const char *text)
{
    if (!t) return;
    StrBuf b = {0};
    strbuf_printf(&b, "%lld %d %s %c ", (long long)(util_now_ms() - t->t0), slot, engine, dir);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p < 0x20 || *p == 0x7f) strbuf_printf(&b, "\\x%02x", *p);
        else strbuf_addc(&b, (char)*p);
    }
    strbuf_addc(&b, '\n');
    pthread_mutex_lock(&t->lock);
    if (!t->failed && (fwrite(b.s, 1, b.len, t->f) != b.len || fflush(t->f) != 0)) {
        t->failed = 1;
        fprintf(stderr, "%s: cannot write the log %s: %s; the log stops here, the run goes on\n",
                t->prog, t->path, strerror(errno));
    }
    pthread_mutex_unlock(&t->lock);
    strbuf_free(&b);
}

void transcript_note(Transcript *t, int slot, const char *engine, const char *fmt, ...)
{
    if (!t) return;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    transcript_line(t, slot, engine, '!', buf);
}
