/*
 * outputs.c - locking the match's output files and telling files apart
 * (see outputs.h).
 */
#define _GNU_SOURCE
#include "outputs.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/util.h"

int outputs_lock(OutputLocks *l, const char *path, const char *what, char *err, size_t errlen)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) return 0;
    if (l->n >= OUTPUTS_MAX) {
        snprintf(err, errlen, "too many output files to lock (%s %s)", what, path);
        return -1;
    }
    int created = 1;
    int fd = open(path, O_RDONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno == EEXIST) {
        created = 0;
        fd = open(path, O_RDONLY | O_CLOEXEC);
    }
    if (fd < 0) {
        snprintf(err, errlen, "cannot open %s %s: %s", what, path, strerror(errno));
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
        int e = errno;
        if (created) unlink(path);
        close(fd);
        if (e == EWOULDBLOCK)
            snprintf(err, errlen,
                     "%s %s is in use by another dablo-match run (it holds the file's lock); "
                     "nothing was written",
                     what, path);
        else
            snprintf(err, errlen, "cannot lock %s %s: %s", what, path, strerror(e));
        return -1;
    }
    l->fd[l->n] = fd;
    l->path[l->n] = util_xstrdup(path);
    l->created[l->n] = created;
    l->n++;
    return 0;
}

void outputs_release(OutputLocks *l)
{
    for (int i = l->n - 1; i >= 0; i--) {
        struct stat st;
        if (l->created[i] && fstat(l->fd[i], &st) == 0 && st.st_size == 0) unlink(l->path[i]);
        close(l->fd[i]);
        free(l->path[i]);
    }
    l->n = 0;
}

/* What tells a file apart: its device and inode when it exists (kind 1),
 * else the real path of its directory and its name (kind 2); kind 0 for a
 * file that is no regular file or whose directory is not there. */
typedef struct FileId {
    int kind;
    dev_t dev;
    ino_t ino;
    char *name; /* kind 2, owned */
} FileId;

static FileId file_id(const char *path)
{
    FileId id = { 0 };
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISREG(st.st_mode)) {
            id.kind = 1;
            id.dev = st.st_dev;
            id.ino = st.st_ino;
        }
        return id;
    }
    const char *slash = strrchr(path, '/');
    char *dir = slash ? strndup(path, (size_t)(slash - path) + (slash == path)) : strdup(".");
    char *real = dir ? realpath(dir, NULL) : NULL;
    if (real) {
        size_t n = strlen(real) + strlen(path) + 2;
        id.name = util_xmalloc(n);
        snprintf(id.name, n, "%s/%s", real, slash ? slash + 1 : path);
        id.kind = 2;
    }
    free(real);
    free(dir);
    return id;
}

static int same_file(const FileId *a, const FileId *b)
{
    if (a->kind != b->kind || a->kind == 0) return 0;
    if (a->kind == 1) return a->dev == b->dev && a->ino == b->ino;
    return strcmp(a->name, b->name) == 0;
}

int outputs_distinct(const OutputName *f, int n, char *err, size_t errlen)
{
    FileId *id = util_xmalloc((size_t)(n ? n : 1) * sizeof *id);
    int rc = 0;
    for (int i = 0; i < n; i++)
        id[i] = f[i].path ? file_id(f[i].path) : (FileId){ 0 };
    for (int i = 0; i < n && rc == 0; i++)
        for (int j = i + 1; j < n && rc == 0; j++)
            if (same_file(&id[i], &id[j])) {
                snprintf(err, errlen, "%s %s and %s %s are the same file: give each its own",
                         f[i].option, f[i].path, f[j].option, f[j].path);
                rc = -1;
            }
    for (int i = 0; i < n; i++)
        free(id[i].name);
    free(id);
    return rc;
}

int outputs_guard_match(const MatchConfig *c, OutputLocks *l, char *err, size_t errlen)
{
    const OutputName files[] = {
        { "-openings file", c->openings.file },
        { "-results", c->results },
        { "-pgnout", c->pgnout },
        { "-resume", c->resume },
        { "-log", c->logfile },
    };
    if (outputs_distinct(files, (int)(sizeof files / sizeof *files), err, errlen) < 0) return -1;
    if (c->results && outputs_lock(l, c->results, "results file", err, errlen) < 0) return -1;
    if (c->pgnout && outputs_lock(l, c->pgnout, "PGN file", err, errlen) < 0) return -1;
    return 0;
}
