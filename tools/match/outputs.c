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
#include <linux/magic.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "host/proc.h"
#include "host/util.h"
#include "durable.h"
#include "newfile.h"

/* Who holds the flock(2) lock on the file open as fd: " (pid N: COMMAND)"
 * from /proc/locks and /proc/N/cmdline into buf, or, where those do not
 * say (another system, another pid namespace), how to find out. */
static void lock_holder(int fd, const char *path, char *buf, size_t len)
{
    snprintf(buf, len, " (`fuser %s` shows which process)", path);
    struct stat st;
    FILE *f = fstat(fd, &st) == 0 ? fopen("/proc/locks", "re") : NULL;
    if (!f) return;
    char line[256], kind[16];
    long pid = 0;
    while (pid == 0 && fgets(line, sizeof line, f)) {
        long p;
        unsigned maj, min;
        unsigned long ino;
        if (sscanf(line, "%*d: %15s %*s %*s %ld %x:%x:%lu", kind, &p, &maj, &min, &ino) == 5
            && strcmp(kind, "FLOCK") == 0 && p > 0 && ino == (unsigned long)st.st_ino
            && maj == major(st.st_dev) && min == minor(st.st_dev))
            pid = p;
    }
    fclose(f);
    if (pid == 0) return;
    /* The command line (its first 4 KiB), shown up to about 120 bytes,
     * cut after a whole argument: "nodes=2 ..." would misquote nodes=2000. */
    enum { SHOWN = 120 };
    char cmd[4096] = "", name[64];
    snprintf(name, sizeof name, "/proc/%ld/cmdline", pid);
    int cfd = open(name, O_RDONLY | O_CLOEXEC);
    ssize_t n = cfd >= 0 ? read(cfd, cmd, sizeof cmd - 1) : 0;
    if (cfd >= 0) close(cfd);
    if (n < 0) n = 0;
    cmd[n] = '\0';
    int cut = n == (ssize_t)sizeof cmd - 1; /* longer than read */
    while (n > 0 && cmd[n - 1] == '\0')
        n--; /* each argument ends in one */
    /* The last argument that ends within SHOWN bytes (its '\0' at or
     * before SHOWN); the first one, cut at SHOWN, when it is longer. */
    ssize_t end = n;
    if (n > SHOWN) {
        end = SHOWN;
        while (end > 0 && cmd[end] != '\0')
            end--;
        if (end == 0) end = SHOWN;
        cmd[end] = '\0';
        cut = 1;
    }
    for (ssize_t i = 0; i < end; i++)
        if (cmd[i] == '\0' || cmd[i] < ' ' || cmd[i] == 127) cmd[i] = ' ';
    util_rtrim(cmd);
    /* cmd is at most SHOWN bytes now: the precision says so (-Wformat-truncation). */
    snprintf(buf, len, " (pid %ld%s%.*s%s)", pid, *cmd ? ": " : "", (int)SHOWN, cmd,
             cut ? " ..." : "");
}

int outputs_link_target(const char *what, const char *path, char **target, char *err, size_t errlen)
{
    *target = NULL;
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode) || stat(path, &st) == 0) return 0;
    *target = newfile_target(path);
    if (*target) return 0;
    snprintf(err, errlen, "%s %s: a symbolic link that names no file (%s)", what, path,
             newfile_link_fault(errno));
    return -1;
}

int outputs_lock(OutputLocks *l, const char *path, const char *what, char *err, size_t errlen)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) return 0;
    if (l->n >= OUTPUTS_MAX) {
        snprintf(err, errlen, "too many output files to lock (%s %s)", what, path);
        return -1;
    }
    /* A link to a file not made yet creates that file (O_EXCL alone would
     * find the link there), the link kept. */
    char *target;
    if (outputs_link_target(what, path, &target, err, errlen) < 0) return -1;
    const char *at = target ? target : path;
    /* Opened for writing, as the run will write it: a file it may not
     * write is refused now, by its own name. */
    int created = 1;
    int fd = open(at, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno == EEXIST) {
        created = 0;
        fd = open(at, O_WRONLY | O_CLOEXEC);
    }
    if (fd < 0) {
        int e = errno;
        const char *slash = strrchr(at, '/');
        struct stat dst;
        char dir[4200];
        snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - at) + (slash == at) : 1,
                 slash ? at : ".");
        if (e == ENOENT && target && stat(dir, &dst) != 0)
            snprintf(err, errlen,
                     "cannot open %s %s: it links to %s, whose folder %s does not exist", what,
                     path, at, dir);
        else
            snprintf(err, errlen, "cannot open %s %s: %s", what, path, strerror(e));
        free(target);
        return -1;
    }
    /* A file of /proc or /sys opens for writing (as root) but keeps no
     * record: the first game's write would fail with EIO. */
    struct statfs fs;
    if (fstatfs(fd, &fs) == 0 && (fs.f_type == PROC_SUPER_MAGIC || fs.f_type == SYSFS_MAGIC)) {
        close(fd);
        free(target);
        snprintf(
            err, errlen,
            "%s %s is a file of the kernel (/proc, /sys), which keeps no record: give another file",
            what, path);
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
        int e = errno;
        /* This run's own lock on another of its files: the same file by a
         * way outputs_distinct() did not see. */
        struct stat mine, other;
        int same = -1;
        if (e == EWOULDBLOCK && fstat(fd, &mine) == 0)
            for (int i = 0; i < l->n && same < 0; i++)
                if (fstat(l->fd[i], &other) == 0 && other.st_dev == mine.st_dev
                    && other.st_ino == mine.st_ino)
                    same = i;
        if (same >= 0) {
            close(fd);
            free(target);
            snprintf(err, errlen, "%s %s and %s %s are the same file: give each its own",
                     l->what[same], l->given[same], what, path);
            return -1;
        }
        char who[300] = "";
        if (e == EWOULDBLOCK) lock_holder(fd, path, who, sizeof who);
        if (created) unlink(at);
        close(fd);
        free(target);
        if (e == EWOULDBLOCK)
            snprintf(err, errlen,
                     "%s %s is in use by another dablo-match run%s, which holds the file's "
                     "lock; nothing was written",
                     what, path, who);
        else
            snprintf(err, errlen, "cannot lock %s %s: %s", what, path, strerror(e));
        return -1;
    }
    l->fd[l->n] = fd;
    l->path[l->n] = target ? target : util_xstrdup(path); /* what outputs_release() removes */
    l->created[l->n] = created;
    l->what[l->n] = util_xstrdup(what);
    l->given[l->n] = util_xstrdup(path);
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
        free(l->what[i]);
        free(l->given[i]);
    }
    l->n = 0;
}

int outputs_keep(OutputLocks *l, const char *given)
{
    for (int i = 0; given && i < l->n; i++) {
        if (strcmp(l->given[i], given) != 0) continue;
        l->created[i] = 0;
        if (durable_sync(l->fd[i]) < 0 || durable_sync_folder(l->path[i]) < 0) return -1;
        return 0;
    }
    return 0;
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
    /* A link to a file not made yet: that file's name. */
    char *target = newfile_target(path);
    if (target) path = target;
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
    free(target);
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

/* Whether a resume file may be written beside path: it names a regular
 * file, or none yet (not a device such as /dev/full, a pipe, a folder). */
static int file_or_none(const char *path)
{
    struct stat st;
    return path && (stat(path, &st) != 0 ? errno == ENOENT : S_ISREG(st.st_mode));
}

/* The last default state file, in the current folder. */
static const char fallback_state[] = "dablo-match.resume";

const char *outputs_state_path(const MatchConfig *c, char *buf, size_t len)
{
    if (c->resume) return c->resume;
    const char *beside = file_or_none(c->results) ? c->results
                       : file_or_none(c->pgnout)  ? c->pgnout
                                                  : NULL;
    if (!beside) return fallback_state;
    snprintf(buf, len, "%s.resume", beside);
    return buf;
}

int outputs_check_stderr(const char *who, const char *path, char *err, size_t errlen)
{
    if (!path) return 0;
    if (!*path) {
        snprintf(err, errlen, "%s: stderr=: empty value", who);
        return -1;
    }
    /* Opened here and again at each engine start (proc_start): here so a
     * bad value is refused with exit 2 before any engine starts or any
     * record is written; there because an engine is started again after a
     * crash (-recover) hours later, with the file then at that path.  Both
     * opens are proc_open_stderr(), so neither waits on a FIFO. */
    char why[512];
    int fd = proc_open_stderr(path, why, sizeof why);
    if (fd < 0) {
        snprintf(err, errlen, "%s: %s", who, why);
        return -1;
    }
    close(fd);
    return 0;
}

/* "engine NAME" or, before a name is given, "engine N" (1-based). */
static void engine_label(const MatchConfig *c, int i, char *buf, size_t len)
{
    if (c->engines[i].name)
        snprintf(buf, len, "engine %s", c->engines[i].name);
    else
        snprintf(buf, len, "engine %d", i + 1);
}

int outputs_guard_match(const MatchConfig *c, OutputLocks *l, char *err, size_t errlen)
{
    char buf[4096];
    const char *state = outputs_state_path(c, buf, sizeof buf);
    enum { FIXED = 5 };
    OutputName *files = util_xmalloc((size_t)(FIXED + c->nengines) * sizeof *files);
    char(*label)[160] = util_xmalloc((size_t)(c->nengines ? c->nengines : 1) * sizeof *label);
    files[0] = (OutputName){ "-openings file", c->openings.file };
    files[1] = (OutputName){ "-results", c->results };
    files[2] = (OutputName){ "-pgnout", c->pgnout };
    files[3] = (OutputName){ c->resume ? "-resume" : "the default state file", state };
    files[4] = (OutputName){ "-log", c->logfile };
    for (int i = 0; i < c->nengines; i++) {
        char who[128];
        engine_label(c, i, who, sizeof who);
        snprintf(label[i], sizeof label[i], "%s stderr=", who);
        const char *p = c->engines[i].stderr_path;
        files[FIXED + i] = (OutputName){ label[i], p && *p ? p : NULL };
    }
    /* Every file the run writes (all but the openings file) goes through
     * a symbolic link as dablo-tune and dablo-svg write one: a link to a
     * file not made yet creates it; one that names no file is refused. */
    int rc = 0;
    for (int i = 1; i < FIXED + c->nengines && rc == 0; i++) {
        char *target = NULL;
        if (files[i].path)
            rc = outputs_link_target(files[i].option, files[i].path, &target, err, errlen);
        free(target);
    }
    if (rc == 0) rc = outputs_distinct(files, FIXED + c->nengines, err, errlen);
    free(files);
    free(label);
    if (rc < 0) return -1;
    for (int i = 0; i < c->nengines; i++) {
        char who[128];
        engine_label(c, i, who, sizeof who);
        if (outputs_check_stderr(who, c->engines[i].stderr_path, err, errlen) < 0) return -1;
    }
    if (c->results && outputs_lock(l, c->results, "results file", err, errlen) < 0) return -1;
    if (c->pgnout && outputs_lock(l, c->pgnout, "PGN file", err, errlen) < 0) return -1;
    /* Without -resume, a run that stops early writes its state there: it
     * is this run's as the others are (match.c, offer_resume).  The
     * fallback in the current folder is not locked: a run without results
     * or PGN file has nothing another run could spoil, and a folder it
     * cannot write must not stop it. */
    if (!c->resume && state != fallback_state) {
        /* beside the results file, else the PGN file (outputs_state_path) */
        int res = file_or_none(c->results);
        char what[4200];
        snprintf(what, sizeof what,
                 "state file (the default of a run without -resume, beside %s %s)",
                 res ? "-results" : "-pgnout", res ? c->results : c->pgnout);
        if (outputs_lock(l, state, what, err, errlen) < 0) return -1;
        /* An empty file there that no run holds (this one got its lock)
         * is what a run killed before it could write its state (kill -9)
         * left: this run takes it as one it created, removed at its end
         * when still empty. */
        int k = l->n - 1; /* the lock just taken */
        struct stat st;
        if (!l->created[k] && fstat(l->fd[k], &st) == 0 && st.st_size == 0)
            l->created[k] = l->stale_state = 1;
    }
    return 0;
}
