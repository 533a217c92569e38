/*
 * channel.c - line I/O with an engine under deadlines (see channel.h).
 */
#include "channel.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

enum { READ_CHUNK = 65536 };

void channel_init(Channel *ch, const Proc *p, const char *name, int slot, Transcript *log, int abort_fd)
{
    memset(ch, 0, sizeof *ch);
    ch->proc = *p;
    ch->name = name;
    ch->slot = slot;
    ch->log = log;
    ch->abort_fd = abort_fd;
}

int channel_fd(const Channel *ch)
{
    return ch->proc.from_child;
}

/* Milliseconds to wait in poll() for a deadline (channel.h; -1 = forever). */
static int poll_timeout(int64_t deadline)
{
    if (deadline == CHANNEL_NO_DEADLINE) return -1;
    if (deadline < 0) return 0;
    int64_t left = deadline - util_now_ms();
    if (left <= 0) return 0;
    return left > 1000000 ? 1000000 : (int)left;
}

static int aborted(const Channel *ch)
{
    if (ch->abort_fd < 0) return 0;
    struct pollfd pf = { ch->abort_fd, POLLIN, 0 };
    return poll(&pf, 1, 0) > 0;
}

/* A blank between words of an engine's line (PROTOCOL.md 1.1): space,
 * tab, '\r', vertical tab, form feed or a NUL byte. */
static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == '\0';
}

/* The n bytes at s made one NUL-terminated line in place: words split by
 * any run of blanks are joined by one space, blanks at either end are
 * dropped.  Returns s ("" for a line of blanks). */
static char *normalize(char *s, size_t n)
{
    size_t out = 0;
    int gap = 0;
    for (size_t i = 0; i < n; i++) {
        if (is_blank(s[i])) {
            gap = out > 0;
            continue;
        }
        if (gap) s[out++] = ' ';
        gap = 0;
        s[out++] = s[i];
    }
    s[out] = '\0';
    return s;
}

/* Looks for a complete line in the buffer; returns it (normalized) or NULL. */
static char *take_line(Channel *ch)
{
    while (ch->start < ch->len) {
        char *s = ch->buf + ch->start;
        char *nl = memchr(s, '\n', ch->len - ch->start);
        if (!nl) {
            size_t have = ch->len - ch->start;
            if (have >= CHANNEL_LINE_MAX && !ch->discarding) {
                /* Cut an over-long line: return its first part now and
                 * drop everything up to its newline. */
                ch->start = ch->len = 0;
                ch->discarding = 1;
                return normalize(s, CHANNEL_LINE_MAX - 1);
            }
            if (ch->discarding) ch->start = ch->len = 0;
            return NULL;
        }
        *nl = '\0';
        ch->start = (size_t)(nl - ch->buf) + 1;
        if (ch->discarding) {
            ch->discarding = 0;
            continue;
        }
        /* An over-long line whose newline came in the same read is cut too. */
        size_t n = (size_t)(nl - s);
        normalize(s, n >= CHANNEL_LINE_MAX ? CHANNEL_LINE_MAX - 1 : n);
        if (*s) return s;
    }
    return NULL;
}

/* A read of the engine's output failed (call the failing call, e its
 * errno): kept in ch->read_errno and noted in the transcript; the caller
 * sets eof, as the output cannot be read any further. */
static void read_failed(Channel *ch, const char *call, int e)
{
    ch->read_errno = e;
    transcript_note(ch->log, ch->slot, ch->name, "cannot read its output: %s: %s", call,
                    strerror(e));
}

static int fill(Channel *ch)
{
    if (ch->start > 0 && ch->start == ch->len) ch->start = ch->len = 0;
    if (ch->start > 0 && ch->cap - ch->len < READ_CHUNK) {
        memmove(ch->buf, ch->buf + ch->start, ch->len - ch->start);
        ch->len -= ch->start;
        ch->start = 0;
    }
    if (ch->cap - ch->len < READ_CHUNK + 1) {
        ch->cap = ch->len + READ_CHUNK + 1;
        ch->buf = util_xrealloc(ch->buf, ch->cap);
    }
    ssize_t r = read(ch->proc.from_child, ch->buf + ch->len, ch->cap - ch->len - 1);
    if (r > 0) {
        ch->len += (size_t)r;
        return 1;
    }
    if (r < 0 && (errno == EAGAIN || errno == EINTR)) return 0;
    if (r < 0) read_failed(ch, "read", errno);
    ch->eof = 1;
    return -1;
}

ChannelStatus channel_read_line(Channel *ch, int64_t deadline, char **line)
{
    for (;;) {
        char *s = take_line(ch);
        if (s) {
            ch->lines_in++;
            transcript_line(ch->log, ch->slot, ch->name, '<', s);
            *line = s;
            return CHANNEL_LINE;
        }
        if (ch->eof || ch->proc.from_child < 0) {
            if (ch->len > ch->start && !ch->discarding) {
                /* A last line without '\n' before EOF still counts. */
                char *rest = normalize(ch->buf + ch->start, ch->len - ch->start);
                ch->start = ch->len;
                if (*rest) {
                    transcript_line(ch->log, ch->slot, ch->name, '<', rest);
                    *line = rest;
                    return CHANNEL_LINE;
                }
            }
            return CHANNEL_EOF;
        }
        struct pollfd pf[2] = { { ch->proc.from_child, POLLIN, 0 }, { ch->abort_fd, POLLIN, 0 } };
        int n = poll(pf, ch->abort_fd >= 0 ? 2 : 1, poll_timeout(deadline));
        if (n < 0) {
            if (errno == EINTR) continue;
            read_failed(ch, "poll", errno);
            ch->eof = 1;
            continue;
        }
        if (ch->abort_fd >= 0 && (pf[1].revents & POLLIN)) return CHANNEL_ABORT;
        if (pf[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            int r;
            while ((r = fill(ch)) > 0) {
                if (memchr(ch->buf + ch->start, '\n', ch->len - ch->start)) break;
                if (ch->len - ch->start >= CHANNEL_LINE_MAX) break;
            }
            continue;
        }
        if (n == 0 && deadline != CHANNEL_NO_DEADLINE && util_now_ms() >= deadline) return CHANNEL_TIMEOUT;
    }
}

int channel_write(Channel *ch, const char *line, int64_t deadline)
{
    if (ch->proc.to_child < 0) return -1;
    transcript_line(ch->log, ch->slot, ch->name, '>', line);
    ch->lines_out++;
    size_t n = strlen(line);
    char stackbuf[4096];
    char *buf = n + 1 <= sizeof stackbuf ? stackbuf : util_xmalloc(n + 1);
    memcpy(buf, line, n);
    buf[n] = '\n';
    size_t off = 0;
    int rc = 0;
    while (off < n + 1) {
        ssize_t w = write(ch->proc.to_child, buf + off, n + 1 - off);
        if (w > 0) {
            off += (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR) continue;
        if (w < 0 && errno == EAGAIN) {
            if (aborted(ch)) { rc = -1; break; }
            struct pollfd pf[2] = { { ch->proc.to_child, POLLOUT, 0 }, { ch->abort_fd, POLLIN, 0 } };
            int t = poll_timeout(deadline);
            int pn = poll(pf, ch->abort_fd >= 0 ? 2 : 1, t);
            if (pn == 0 && t >= 0 && util_now_ms() >= deadline) { rc = -1; break; }
            continue;
        }
        rc = -1;   /* EPIPE: the engine is gone */
        break;
    }
    if (buf != stackbuf) free(buf);
    return rc;
}

void channel_close_input(Channel *ch)
{
    if (ch->proc.to_child >= 0) close(ch->proc.to_child);
    ch->proc.to_child = -1;
}

int channel_close(Channel *ch, int grace_ms)
{
    int status = proc_stop(&ch->proc, grace_ms);
    free(ch->buf);
    ch->buf = NULL;
    ch->start = ch->len = ch->cap = 0;
    return status;
}

void channel_kill(Channel *ch)
{
    proc_kill(&ch->proc);
    free(ch->buf);
    ch->buf = NULL;
    ch->start = ch->len = ch->cap = 0;
}
