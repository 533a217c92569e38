/*
 * proc.c - starting and stopping engine processes (see proc.h).
 */
#define _GNU_SOURCE
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

static int is_exec(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

static int absolute(const char *base, const char *rel, char *out, size_t outlen)
{
    char cwd[PATH_MAX];
    if (rel[0] == '/') return snprintf(out, outlen, "%s", rel) < (int)outlen ? 0 : -1;
    if (!base) {
        if (!getcwd(cwd, sizeof cwd)) return -1;
        base = cwd;
    }
    if (base[0] != '/') {
        char b2[PATH_MAX];
        if (!getcwd(cwd, sizeof cwd)) return -1;
        if (snprintf(b2, sizeof b2, "%s/%s", cwd, base) >= (int)sizeof b2) return -1;
        return snprintf(out, outlen, "%s/%s", b2, rel) < (int)outlen ? 0 : -1;
    }
    return snprintf(out, outlen, "%s/%s", base, rel) < (int)outlen ? 0 : -1;
}

int proc_resolve(const char *cmd, const char *dir, char *out, size_t outlen, char *err, size_t errlen)
{
    if (!cmd || !*cmd) {
        snprintf(err, errlen, "empty engine command");
        return -1;
    }
    if (strchr(cmd, '/')) {
        if (absolute(NULL, cmd, out, outlen) == 0 && is_exec(out)) return 0;
        if (dir && absolute(dir, cmd, out, outlen) == 0 && is_exec(out)) return 0;
        struct stat st;
        bool found = stat(cmd, &st) == 0
                  || (dir && absolute(dir, cmd, out, outlen) == 0 && stat(out, &st) == 0);
        snprintf(err, errlen, "engine command '%s' %s", cmd,
                 found ? "is not an executable file" : "does not exist");
        return -1;
    }
    if (dir && absolute(dir, cmd, out, outlen) == 0 && is_exec(out)) return 0;
    const char *path = getenv("PATH");
    if (!path || !*path) path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        const char *colon = strchr(path, ':');
        size_t n = colon ? (size_t)(colon - path) : strlen(path);
        char d[PATH_MAX];
        if (n == 0) snprintf(d, sizeof d, ".");
        else snprintf(d, sizeof d, "%.*s", (int)n, path);
        if (absolute(d, cmd, out, outlen) == 0 && is_exec(out)) return 0;
        path += n + (colon ? 1 : 0);
    }
    /* A program in the current folder is not looked up there unless named
     * with a '/', as a shell does: say so when the name is there. */
    char hint[PATH_MAX + 96] = "";
    struct stat st;
    if (stat(cmd, &st) == 0 && S_ISREG(st.st_mode))
        snprintf(hint, sizeof hint,
                 access(cmd, X_OK) == 0 ? "; did you mean ./%s?"
                                        : "; ./%s is in the current folder but not executable",
                 cmd);
    snprintf(err, errlen, "engine command '%s' not found in %s PATH%s", cmd,
             dir ? "its dir= nor on" : "the", hint);
    return -1;
}

/* ---- the supervisor -------------------------------------------------------- */

/* Every function from here to proc_start() runs in a child forked from a
 * host that may have many threads: only async-signal-safe calls. */

static int sup_wake = -1; /* write end of the supervisor's self-pipe (SIGCHLD) */

static void on_child(int sig)
{
    (void)sig;
    int e = errno;
    if (write(sup_wake, "c", 1) < 0) { /* full: a wake-up is already pending */
    }
    errno = e;
}

/* Closes the descriptors lo..hi (close_range where the kernel has it). */
static void close_span(unsigned lo, unsigned hi)
{
#ifdef SYS_close_range
    if (syscall(SYS_close_range, lo, hi, 0) == 0) return;
#endif
    struct rlimit rl;
    unsigned max = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < 65536 ? (unsigned)rl.rlim_cur
                                                                             : 65536;
    for (unsigned fd = lo; fd <= hi && fd < max; fd++)
        close((int)fd);
}

/* Closes every descriptor from 3 on except keep[0..n) (n <= 8). */
static void close_others(const int *keep, int n)
{
    int k[8];
    for (int i = 0; i < n; i++) { /* insertion sort */
        int j = i;
        while (j > 0 && k[j - 1] > keep[i])
            k[j] = k[j - 1], j--;
        k[j] = keep[i];
    }
    unsigned from = 3;
    for (int i = 0; i < n; i++) {
        if (k[i] < 3) continue;
        if ((unsigned)k[i] > from) close_span(from, (unsigned)k[i] - 1);
        from = (unsigned)k[i] + 1;
    }
    close_span(from, ~0U);
}

/* Kills the engine's process group and, as the supervisor is their
 * subreaper, every process of the tree that left the group and was
 * orphaned (listed in /proc/self/task/<pid>/children), until none is
 * left; reaps them all. */
static void kill_tree(pid_t group)
{
    char path[64] = "/proc/self/task/", num[24];
    size_t n = strlen(path);
    pid_t self = getpid();
    int d = 0;
    char rev[24];
    do
        rev[d++] = (char)('0' + self % 10);
    while ((self /= 10) > 0);
    while (d > 0)
        path[n++] = rev[--d];
    memcpy(path + n, "/children", 10);
    kill(-group, SIGKILL);
    for (int round = 0; round < 1000; round++) {
        int fd = open(path, O_RDONLY | O_CLOEXEC), any = 0;
        if (fd < 0) { /* no /proc: the group is all that can be reached */
            while (waitpid(-1, NULL, WNOHANG) > 0) {}
            return;
        }
        {
            char buf[4096];
            ssize_t r = read(fd, buf, sizeof buf - 1);
            close(fd);
            for (ssize_t i = 0, k = 0; r > 0 && i <= r; i++) {
                if (i < r && buf[i] >= '0' && buf[i] <= '9') {
                    if (k < (ssize_t)sizeof num - 1) num[k++] = buf[i];
                    continue;
                }
                if (k > 0) {
                    pid_t pid = 0;
                    for (ssize_t j = 0; j < k; j++)
                        pid = pid * 10 + (num[j] - '0');
                    kill(-pid, SIGKILL);
                    kill(pid, SIGKILL);
                    any = 1;
                }
                k = 0;
            }
        }
        while (waitpid(-1, NULL, WNOHANG) > 0)
            any = 1;
        if (!any) {
            /* Nothing listed and nothing to reap: done unless a child is
             * still exiting (waitpid then blocks briefly). */
            if (waitpid(-1, NULL, 0) < 0 && errno == ECHILD) return;
        }
    }
}

/* In the engine after its fork from the supervisor, until execv. */
static void engine_child(int in_fd, int out_fd, int err_fd, int status_fd, const char *path,
                         char *const argv[], const char *dir)
{
    int e;
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGXFSZ, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGCHLD, SIG_DFL);
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* the supervisor died: so does the engine */
    if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) goto fail;
    if (dir && chdir(dir) < 0) goto fail;
    execv(path, argv);
fail:
    e = errno;
    if (write(status_fd, &e, sizeof e) < 0) { /* nothing more to do */ }
    _exit(127);
}

/* The supervisor: the host's child, the engine's parent and subreaper.
 * It writes the engine's pid on status_fd, then waits for whichever comes
 * first: the engine exits (it then kills what is left of the tree and
 * exits with the engine's status), or the lifeline from the host reaches
 * EOF, because the host closed it (proc_kill) or died, even by kill -9
 * (it then kills the whole tree and exits). */
static void supervisor(int in_fd, int out_fd, int err_fd, int status_fd, int life_fd,
                       const char *path, char *const argv[], const char *dir)
{
    int keep[] = { in_fd, out_fd, err_fd, status_fd, life_fd };
    close_others(keep, 5);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGPIPE, SIG_IGN);
    signal(SIGINT, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    signal(SIGTERM, SIG_DFL);
    setpgid(0, 0);
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    int wake[2];
    if (pipe2(wake, O_CLOEXEC | O_NONBLOCK) < 0) _exit(127);
    sup_wake = wake[1];
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_child;
    sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
    sigaction(SIGCHLD, &sa, NULL);
    pid_t engine = fork();
    if (engine < 0) {
        int e = errno;
        pid_t none_pid = 0;
        if (write(status_fd, &none_pid, sizeof none_pid) < 0
            || write(status_fd, &e, sizeof e) < 0) {}
        _exit(127);
    }
    if (engine == 0) {
        close(life_fd);
        close(wake[0]);
        close(wake[1]);
        engine_child(in_fd, out_fd, err_fd, status_fd, path, argv, dir);
    }
    setpgid(engine, engine);
    if (write(status_fd, &engine, sizeof engine) < 0) {}
    close(status_fd);
    close(in_fd);
    close(out_fd);
    close(err_fd);
    if (getppid() == 1) { /* the host already died */
        kill_tree(engine);
        _exit(127);
    }
    for (;;) {
        struct pollfd pf[2] = { { life_fd, POLLIN, 0 }, { wake[0], POLLIN, 0 } };
        if (poll(pf, 2, -1) < 0 && errno != EINTR) break;
        if (pf[0].revents) break; /* EOF (or stray bytes): the host is gone or done */
        char c[64];
        while (read(wake[0], c, sizeof c) > 0) {}
        int st;
        pid_t w;
        while ((w = waitpid(-1, &st, WNOHANG)) > 0)
            if (w == engine) {
                /* The engine's own wait status goes back on the lifeline (docs/match.md, Failures). */
                if (send(life_fd, &st, sizeof st, MSG_NOSIGNAL) < 0) {}
                kill_tree(engine);
                _exit(WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
            }
    }
    kill_tree(engine);
    _exit(137);
}

int proc_open_stderr(const char *path, char *err, size_t errlen)
{
    /* O_NONBLOCK: opening a FIFO nobody reads fails (ENXIO) instead of
     * waiting for a reader. */
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NONBLOCK | O_CLOEXEC, 0644);
    if (fd < 0) {
        if (errno == ENXIO)
            snprintf(err, errlen,
                     "stderr= %s: a FIFO with no reader (give a regular file or a character "
                     "device such as /dev/null)",
                     path);
        else
            snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !(S_ISREG(st.st_mode) || S_ISCHR(st.st_mode))) {
        close(fd);
        snprintf(err, errlen,
                 "stderr= %s: neither a regular file nor a character device such as /dev/null",
                 path);
        return -1;
    }
    /* The engine writes blocking, as to any stderr. */
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

int proc_start(Proc *p, const char *path, char *const argv[], const char *dir,
               const char *stderr_path, char *err, size_t errlen)
{
    int in[2], out[2], st[2], life[2];
    p->pid = p->engine = 0;
    p->to_child = p->from_child = p->lifeline = -1;
    int err_fd = proc_open_stderr(stderr_path ? stderr_path : "/dev/null", err, errlen);
    if (err_fd < 0) return -1;
    if (pipe2(in, O_CLOEXEC) < 0) goto pipe_fail0;
    if (pipe2(out, O_CLOEXEC) < 0) goto pipe_fail1;
    if (pipe2(st, O_CLOEXEC) < 0) goto pipe_fail2;
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, life) < 0) goto pipe_fail3;
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        close(life[0]);
        close(life[1]);
        close(st[0]); close(st[1]);
        close(out[0]); close(out[1]);
        close(in[0]); close(in[1]);
        close(err_fd);
        return -1;
    }
    if (pid == 0) {
        close(in[1]);
        close(out[0]);
        close(st[0]);
        close(life[1]);
        supervisor(in[0], out[1], err_fd, st[1], life[0], path, argv, dir);
    }
    setpgid(pid, pid);   /* also from the parent: no race with a kill of the group */
    close(in[0]);
    close(out[1]);
    close(st[1]);
    close(life[0]);
    close(err_fd);
    pid_t engine = 0;
    int e = 0;
    ssize_t r;
    do
        r = read(st[0], &engine, sizeof engine);
    while (r < 0 && errno == EINTR);
    ssize_t r2 = 0;
    if (r == (ssize_t)sizeof engine) do
            r2 = read(st[0], &e, sizeof e);
        while (r2 < 0 && errno == EINTR);
    close(st[0]);
    if (r != (ssize_t)sizeof engine || engine <= 0 || r2 == (ssize_t)sizeof e) {
        close(in[1]);
        close(out[0]);
        close(life[1]);
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
        snprintf(err, errlen, "cannot run %s%s%s: %s", path, dir ? " in " : "", dir ? dir : "",
                 strerror(r2 == (ssize_t)sizeof e ? e : ECHILD));
        return -1;
    }
    fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
    fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
    p->pid = pid;
    p->engine = engine;
    p->to_child = in[1];
    p->from_child = out[0];
    p->lifeline = life[1];
    return 0;
pipe_fail3:
    close(st[0]);
    close(st[1]);
pipe_fail2:
    close(out[0]); close(out[1]);
pipe_fail1:
    close(in[0]); close(in[1]);
pipe_fail0:
    snprintf(err, errlen, "pipe: %s", strerror(errno));
    close(err_fd);
    return -1;
}

static void close_pipes(Proc *p)
{
    if (p->to_child >= 0) close(p->to_child);
    if (p->from_child >= 0) close(p->from_child);
    p->to_child = p->from_child = -1;
}

/* Reaps the supervisor, which exits as soon as its engine has or its
 * lifeline is closed; one that does not within 2 s is killed.  Returns
 * the wait status. */
static int reap(Proc *p)
{
    int status = -1;
    for (int i = 0; i < 2000; i++) {
        pid_t w = waitpid(p->pid, &status, WNOHANG);
        if (w == p->pid || (w < 0 && errno != EINTR)) goto done;
        struct timespec ts = { 0, 1000 * 1000 };
        nanosleep(&ts, NULL);
    }
    kill(p->pid, SIGKILL);
    while (waitpid(p->pid, &status, 0) < 0 && errno == EINTR) {}
done:
    p->pid = p->engine = 0;
    return status;
}

void proc_kill(Proc *p)
{
    if (p->pid <= 0) {
        close_pipes(p);
        return;
    }
    kill(-p->engine, SIGKILL); /* at once; the supervisor does the rest of the tree */
    close_pipes(p);
    if (p->lifeline >= 0) close(p->lifeline);
    p->lifeline = -1;
    reap(p);
}

/* The engine's wait status its supervisor sent on the lifeline before it
 * exited, or -1 when none came (the engine was killed by the host, or the
 * supervisor itself was ended from outside). */
static int reported_status(const Proc *p)
{
    int st;
    ssize_t r;
    if (p->lifeline < 0) return -1;
    do
        r = recv(p->lifeline, &st, sizeof st, MSG_DONTWAIT);
    while (r < 0 && errno == EINTR);
    return r == (ssize_t)sizeof st ? st : -1;
}

int proc_stop(Proc *p, int grace_ms)
{
    p->killed = 0;
    if (p->pid <= 0) {
        close_pipes(p);
        return -1;
    }
    close_pipes(p);
    int64_t deadline = util_now_ms() + grace_ms;
    for (;;) {
        int status;
        pid_t w = waitpid(p->pid, &status, WNOHANG);
        if (w == p->pid || (w < 0 && errno != EINTR)) {
            /* The engine exited; its supervisor killed what it left. */
            int engine_status = w == p->pid ? reported_status(p) : -1;
            if (p->lifeline >= 0) close(p->lifeline);
            p->lifeline = -1;
            p->pid = p->engine = 0;
            return engine_status;
        }
        if (util_now_ms() >= deadline) break;
        struct timespec ts = { 0, 2 * 1000 * 1000 };
        nanosleep(&ts, NULL);
    }
    proc_kill(p);
    p->killed = 1;
    return -1;
}

void proc_status_words(int status, char *buf, size_t len)
{
    if (status >= 0 && WIFEXITED(status))
        snprintf(buf, len, "exited with status %d", WEXITSTATUS(status));
    else if (status >= 0 && WIFSIGNALED(status)) {
        const char *name = strsignal(WTERMSIG(status));
        snprintf(buf, len, "was killed by signal %d (%s%s)", WTERMSIG(status),
                 name ? name : "unknown signal", WCOREDUMP(status) ? ", core dumped" : "");
    } else
        snprintf(buf, len, "ended in an unknown way");
}
