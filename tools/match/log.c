/*
 * log.c - the engine I/O transcript (see log.h).
 */
#include "log.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct MatchLog {
    FILE *f;
    int64_t t0;
    pthread_mutex_t lock;
};

MatchLog *mlog_open(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "ae");
    if (!f) {
        snprintf(err, errlen, "cannot open log %s: %s", path, strerror(errno));
        return NULL;
    }
    MatchLog *log = mu_xmalloc(sizeof *log);
    log->f = f;
    log->t0 = mu_now_ms();
    pthread_mutex_init(&log->lock, NULL);
    return log;
}

void mlog_close(MatchLog *log)
{
    if (!log) return;
    fclose(log->f);
    pthread_mutex_destroy(&log->lock);
    free(log);
}

void mlog_line(MatchLog *log, int worker, const char *engine, char dir, const char *text)
{
    if (!log) return;
    StrBuf b = {0};
    mu_sb_printf(&b, "%lld %d %s %c ", (long long)(mu_now_ms() - log->t0), worker, engine, dir);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p < 0x20 || *p == 0x7f) mu_sb_printf(&b, "\\x%02x", *p);
        else mu_sb_addc(&b, (char)*p);
    }
    mu_sb_addc(&b, '\n');
    pthread_mutex_lock(&log->lock);
    fwrite(b.s, 1, b.len, log->f);
    fflush(log->f);
    pthread_mutex_unlock(&log->lock);
    mu_sb_free(&b);
}

void mlog_note(MatchLog *log, int worker, const char *engine, const char *fmt, ...)
{
    if (!log) return;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    mlog_line(log, worker, engine, '!', buf);
}
