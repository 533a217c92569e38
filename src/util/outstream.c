/*
 * outstream.c - output streams that keep the cause of their first failed
 * write (see outstream.h).  Built on fopencookie() of the GNU C library.
 */
#define _GNU_SOURCE
#include "outstream.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One outstream: its descriptor and the errno of its first failed write. */
typedef struct Out {
    int fd;
    atomic_int err;
    FILE *f;
    struct Out *next;
} Out;

/* The open outstreams, to find an Out from its FILE. */
static pthread_mutex_t outs_lock = PTHREAD_MUTEX_INITIALIZER;
static Out *outs;

static ssize_t out_write(void *cookie, const char *buf, size_t n)
{
    Out *o = cookie;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(o->fd, buf + done, n - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            int zero = 0;
            atomic_compare_exchange_strong(&o->err, &zero, w < 0 ? errno : ENOSPC);
            return done ? (ssize_t)done : -1;
        }
        done += (size_t)w;
    }
    return (ssize_t)done;
}

static int out_close(void *cookie)
{
    Out *o = cookie;
    pthread_mutex_lock(&outs_lock);
    for (Out **p = &outs; *p; p = &(*p)->next)
        if (*p == o) {
            *p = o->next;
            break;
        }
    pthread_mutex_unlock(&outs_lock);
    int rc = close(o->fd);
    free(o);
    return rc;
}

FILE *outstream_fdopen(int fd)
{
    Out *o = calloc(1, sizeof *o);
    if (!o) return NULL;
    o->fd = fd;
    cookie_io_functions_t io = { .write = out_write, .close = out_close };
    o->f = fopencookie(o, "w", io);
    if (!o->f) {
        int e = errno;
        free(o);
        errno = e;
        return NULL;
    }
    pthread_mutex_lock(&outs_lock);
    o->next = outs;
    outs = o;
    pthread_mutex_unlock(&outs_lock);
    return o->f;
}

/* The first write error of f when it is an outstream: 1 and *e, else 0. */
static int tracked(FILE *f, int *e)
{
    int found = 0;
    pthread_mutex_lock(&outs_lock);
    for (Out *o = outs; o; o = o->next)
        if (o->f == f) {
            *e = atomic_load(&o->err);
            found = 1;
            break;
        }
    pthread_mutex_unlock(&outs_lock);
    return found;
}

int outstream_error(FILE *f)
{
    int e = 0;
    if (tracked(f, &e) && e) return e;
    return ferror(f) ? EIO : 0;
}

int outstream_cause(FILE *f)
{
    int e = outstream_error(f);
    return e ? e : EIO;
}

int outstream_flush(FILE *f)
{
    int rc = fflush(f);
    int fe = errno, e = 0;
    if (tracked(f, &e)) return e ? e : rc ? fe : 0;
    return rc ? fe : ferror(f) ? EIO : 0;
}

int outstream_close(FILE *f)
{
    int e = outstream_flush(f);
    if (fclose(f) != 0 && !e) e = errno;
    return e;
}

/* ---------------------------------------------------- standard output */

static const char *stdout_program = "dablo";
static atomic_int stdout_raw_err; /* outstream_stdout_failed() */

void outstream_stdout_failed(int e)
{
    int zero = 0;
    atomic_compare_exchange_strong(&stdout_raw_err, &zero, e ? e : EIO);
}

int outstream_stdout_error(void)
{
    int e = 0;
    if (!tracked(stdout, &e)) e = ferror(stdout) ? EIO : 0;
    return e ? e : atomic_load(&stdout_raw_err);
}

int outstream_stdout_probe(void)
{
    /* What descriptor 1 is: 0 not yet looked at, 1 a pipe or socket, 2
     * anything else (a terminal, a file, closed). */
    static atomic_int kind;
    int k = atomic_load(&kind);
    if (!k) {
        struct stat st;
        int piped = fstat(STDOUT_FILENO, &st) == 0
                 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode));
        k = piped ? 1 : 2;
        atomic_store(&kind, k);
    }
    if (k == 1) {
        struct pollfd p = { .fd = STDOUT_FILENO, .events = 0 };
        if (poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP)))
            outstream_stdout_failed(EPIPE);
    }
    return outstream_stdout_error();
}

static void check_stdout_at_exit(void)
{
    int e = outstream_flush(stdout);
    if (!e) e = atomic_load(&stdout_raw_err);
    if (!e || e == EPIPE) return;
    fprintf(stderr, "%s: cannot write stdout: %s\n", stdout_program, strerror(e));
    fflush(NULL);
    _exit(1);
}

void outstream_check_stdout(const char *program)
{
    stdout_program = program;
    /* A write to a closed pipe fails with EPIPE and one past RLIMIT_FSIZE
     * with EFBIG, each reported (or not) by its writer, instead of the
     * signal ending the program unannounced with a temporary file left. */
    signal(SIGPIPE, SIG_IGN);
    signal(SIGXFSZ, SIG_IGN);
    if (!isatty(STDOUT_FILENO)) {
        FILE *f = outstream_fdopen(STDOUT_FILENO);
        if (f) stdout = f; /* the GNU C library lets a program set stdout */
    }
    atexit(check_stdout_at_exit);
}
