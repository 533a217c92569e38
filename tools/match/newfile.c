/*
 * newfile.c - a new output file that appears only when it is whole (see
 * newfile.h).
 */
#define _GNU_SOURCE
#include "newfile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "durable.h"
#include "host/util.h"
#include "util/outstream.h"

/* The signals that end the program after removing the temporary file.
 * SIGPIPE is not one: it is ignored (outstream_check_stdout()), so a
 * closed pipe is a write error (EPIPE) of the write that met it. */
static const int sig_list[] = { SIGINT, SIGTERM, SIGHUP };
static const char *const sig_names[] = { "SIGINT", "SIGTERM", "SIGHUP" };
enum { SIG_NB = sizeof sig_list / sizeof sig_list[0] };

/* What the signal handler removes and says: set with those signals
 * blocked, so the handler sees all of it or none. */
static const char *sig_program = "dablo";
static char sig_tmp[4096];
static char sig_msg[SIG_NB][4200]; /* by sig_list */
static volatile sig_atomic_t sig_armed;
/* newfile_signal_note(): its lines (by sig_list) and the folder removed
 * when empty, in two copies: a note is written into the one the handler
 * does not read (sig_noted - 1 is the one it reads; 0: no note), so a
 * signal to another thread meanwhile sees a whole note. */
static char sig_note[2][SIG_NB][4200];
static char sig_rmdir[2][4096];
static volatile sig_atomic_t sig_noted;

static void on_signal(int sig)
{
    int k = 0;
    while (k < SIG_NB - 1 && sig_list[k] != sig)
        k++;
    int note = sig_noted - 1;
    const char *m = note >= 0 ? sig_note[note][k] : sig_armed ? sig_msg[k] : NULL;
    if (sig_armed) unlink(sig_tmp);
    if (note >= 0 && sig_rmdir[note][0]) rmdir(sig_rmdir[note]); /* only when empty */
    if (m) {
        ssize_t r = write(STDERR_FILENO, m, strlen(m));
        (void)r;
    }
    _exit(128 + sig);
}

/* Blocks the signals of sig_list: *old receives the mask before. */
static void block_signals(sigset_t *old)
{
    sigset_t s;
    sigemptyset(&s);
    for (int i = 0; i < SIG_NB; i++)
        sigaddset(&s, sig_list[i]);
    sigprocmask(SIG_BLOCK, &s, old);
}

static void arm(const NewFile *nf)
{
    sigset_t old;
    block_signals(&old);
    snprintf(sig_tmp, sizeof sig_tmp, "%s", nf->tmp);
    for (int i = 0; i < SIG_NB; i++)
        snprintf(sig_msg[i], sizeof sig_msg[i], "%s: interrupted by %s: %s not written\n",
                 sig_program, sig_names[i], nf->path);
    sig_armed = 1;
    sigprocmask(SIG_SETMASK, &old, NULL);
}

static void disarm(void)
{
    sigset_t old;
    block_signals(&old);
    sig_armed = 0;
    sigprocmask(SIG_SETMASK, &old, NULL);
}

void newfile_signal_note(const char *what, const char *dir)
{
    sigset_t old;
    block_signals(&old);
    int next = sig_noted == 1 ? 1 : 0; /* the copy not in use */
    if (what) {
        for (int i = 0; i < SIG_NB; i++)
            snprintf(sig_note[next][i], sizeof sig_note[next][i],
                     "%s: interrupted by %s: %s not written\n", sig_program, sig_names[i], what);
        snprintf(sig_rmdir[next], sizeof sig_rmdir[next], "%s", dir ? dir : "");
    }
    sig_noted = what ? next + 1 : 0;
    sigprocmask(SIG_SETMASK, &old, NULL);
}

void newfile_catch_signals(const char *program)
{
    sig_program = program;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < SIG_NB; i++) {
        struct sigaction was;
        /* A SIGHUP ignored by nohup stays ignored. */
        if (sig_list[i] == SIGHUP && sigaction(SIGHUP, NULL, &was) == 0
            && was.sa_handler == SIG_IGN)
            continue;
        sigaction(sig_list[i], &sa, NULL);
    }
}

static void nf_free(NewFile *nf);

char *newfile_target(const char *path)
{
    char *real = realpath(path, NULL);
    if (real) return real;
    /* A link whose last target does not exist yet: follow it by hand. */
    char *cur = util_xstrdup(path);
    int e = ELOOP; /* kept when the hops run out */
    for (int hops = 0; hops < 40; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0) {
            if (hops && errno == ENOENT) return cur;
            e = errno;
            break;
        }
        if (!S_ISLNK(st.st_mode)) {
            e = hops ? ENOTDIR : ENOENT; /* realpath() failed on a path through a file */
            break;
        }
        char to[4096];
        ssize_t n = readlink(cur, to, sizeof to - 1);
        if (n < 0 || n == (ssize_t)sizeof to - 1) {
            e = n < 0 ? errno : ENAMETOOLONG;
            break;
        }
        to[n] = '\0';
        /* A relative target is taken from the link's folder. */
        const char *slash = strrchr(cur, '/');
        int dirlen = to[0] == '/' || !slash ? 0 : (int)(slash - cur) + 1;
        size_t len = (size_t)dirlen + (size_t)n + 1;
        char *next = util_xmalloc(len);
        snprintf(next, len, "%.*s%s", dirlen, cur, to);
        free(cur);
        cur = next;
    }
    free(cur);
    errno = e;
    return NULL;
}

const char *newfile_link_fault(int err)
{
    return err == ELOOP ? "a loop of links" : strerror(err);
}

/* newfile_open() and newfile_open_replace(). */
static int open_tmp(NewFile *nf, const char *path, bool replace, char *err, size_t errlen)
{
    memset(nf, 0, sizeof *nf);
    struct stat st;
    char *real = NULL;
    if (!replace && lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && stat(path, &st) != 0) {
        /* A symbolic link to a file not made yet: the file is made
         * through it (link(2) to the target), the link kept. */
        real = newfile_target(path);
        if (!real) {
            snprintf(err, errlen, "%s: a symbolic link that names no file (%s)", path,
                     newfile_link_fault(errno));
            return -1;
        }
    } else if (!replace && lstat(path, &st) == 0) {
        /* "Remove it" is no advice for /dev/null or a folder (as root). */
        bool odd = stat(path, &st) == 0 && !S_ISREG(st.st_mode);
        snprintf(err, errlen, "%s%s", path,
                 !odd                  ? " exists: remove it or choose another name"
                 : S_ISDIR(st.st_mode) ? ": is a folder"
                                       : ": not a regular file");
        return -1;
    }
    /* A FILE replaced through a symbolic link: the file it names is
     * rewritten (temporary file in that file's folder, renamed over it),
     * the link kept; its permission bits are kept too. */
    if (replace) real = newfile_target(path);
    int link_err = errno;
    if (replace && !real && lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        /* Replacing the link itself would lose it: refuse, as dablo-tune fit does. */
        snprintf(err, errlen, "%s: a symbolic link that names no file (%s)", path,
                 newfile_link_fault(link_err));
        return -1;
    }
    const char *dest = real ? real : path;
    bool keep_mode = real && stat(real, &st) == 0 && S_ISREG(st.st_mode);
    size_t n = strlen(dest) + 32;
    nf->tmp = util_xmalloc(n);
    snprintf(nf->tmp, n, "%s.tmp.%ld", dest, (long)getpid());
    nf->path = util_xstrdup(path);
    nf->dest = util_xstrdup(dest);
    free(real);
    nf->replace = replace;
    arm(nf);
    /* An outstream (util/outstream.h): a failed write keeps its cause. */
    nf->fd = open(nf->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    nf->f = nf->fd >= 0 ? outstream_fdopen(nf->fd) : NULL;
    if (!nf->f && nf->fd >= 0) {
        int e = errno;
        close(nf->fd);
        unlink(nf->tmp);
        errno = e;
    }
    if (nf->f && keep_mode && fchmod(nf->fd, st.st_mode & 07777) != 0) {
        int e = errno;
        snprintf(err, errlen, "cannot keep the mode of %s: %s", path, strerror(e));
        fclose(nf->f);
        unlink(nf->tmp);
        disarm();
        nf_free(nf);
        return -1;
    }
    if (!nf->f) {
        /* Named by the caller's name: the temporary one is the runner's own. */
        int e = errno;
        const char *slash = strrchr(nf->dest, '/'); /* a link's target: its own folder */
        char *dir = slash ? strndup(nf->dest, (size_t)(slash - nf->dest) + (slash == nf->dest))
                          : NULL;
        struct stat dst;
        if (e == ENOENT && dir && stat(dir, &dst) != 0)
            snprintf(err, errlen, "cannot create %s: its folder %s does not exist", path, dir);
        else
            snprintf(err, errlen, "cannot create %s: %s", path, strerror(e));
        free(dir);
        disarm();
        nf_free(nf);
        return -1;
    }
    return 0;
}

int newfile_open(NewFile *nf, const char *path, char *err, size_t errlen)
{
    return open_tmp(nf, path, false, err, errlen);
}

int newfile_open_replace(NewFile *nf, const char *path, char *err, size_t errlen)
{
    return open_tmp(nf, path, true, err, errlen);
}

static void nf_free(NewFile *nf)
{
    free(nf->tmp);
    free(nf->path);
    free(nf->dest);
    memset(nf, 0, sizeof *nf);
}

void newfile_abandon(NewFile *nf)
{
    if (nf->f) fclose(nf->f);
    unlink(nf->tmp);
    disarm();
    nf_free(nf);
}

int newfile_commit(NewFile *nf, char *err, size_t errlen)
{
    /* The first failed write's own cause (ENOSPC, EFBIG, ...), never a
     * generic one: the stream kept it. */
    int e = outstream_flush(nf->f);
    if (!e && durable_sync(nf->fd) != 0) e = errno;
    int ce = outstream_close(nf->f);
    if (!e) e = ce;
    nf->f = NULL;
    if (e) {
        snprintf(err, errlen, "cannot write %s: %s", nf->path, strerror(e));
        newfile_abandon(nf);
        return -1;
    }
    /* link() never replaces a file: one that appeared meanwhile is kept;
     * rename() replaces FILE in one step for newfile_open_replace(). */
    if (nf->replace ? rename(nf->tmp, nf->dest) < 0 : link(nf->tmp, nf->dest) < 0) {
        snprintf(err, errlen, "cannot write %s: %s", nf->path, strerror(errno));
        newfile_abandon(nf);
        return -1;
    }
    disarm();
    unlink(nf->tmp);
    int rc = 0;
    if (durable_sync_folder(nf->dest) < 0) {
        snprintf(err, errlen, "cannot sync the folder of %s: %s", nf->path, strerror(errno));
        rc = -1;
    }
    nf_free(nf);
    return rc;
}
