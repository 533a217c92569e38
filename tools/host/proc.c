/*
 * proc.c - starting and stopping engine processes (see proc.h).
 */
#define _GNU_SOURCE
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
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
        snprintf(err, errlen, "engine command '%s' is not an executable file", cmd);
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
    snprintf(err, errlen, "engine command '%s' not found in %s PATH", cmd, dir ? "its dir= nor on" : "the");
    return -1;
}

/* In the child after fork: only async-signal-safe calls until execv. */
static void child(int in_fd, int out_fd, int err_fd, int status_fd, const char *path,
                  char *const argv[], const char *dir)
{
    int e;
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1) _exit(127);   /* the host already died */
    if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) goto fail;
    if (dir && chdir(dir) < 0) goto fail;
    execv(path, argv);
fail:
    e = errno;
    if (write(status_fd, &e, sizeof e) < 0) { /* nothing more to do */ }
    _exit(127);
}

int proc_start(Proc *p, const char *path, char *const argv[], const char *dir,
               const char *stderr_path, char *err, size_t errlen)
{
    int in[2], out[2], st[2];
    p->pid = 0;
    p->to_child = p->from_child = -1;
    int err_fd = open(stderr_path ? stderr_path : "/dev/null",
                      O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (err_fd < 0) {
        snprintf(err, errlen, "cannot open %s: %s", stderr_path ? stderr_path : "/dev/null", strerror(errno));
        return -1;
    }
    if (pipe2(in, O_CLOEXEC) < 0) goto pipe_fail0;
    if (pipe2(out, O_CLOEXEC) < 0) goto pipe_fail1;
    if (pipe2(st, O_CLOEXEC) < 0) goto pipe_fail2;
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        close(st[0]); close(st[1]);
        close(out[0]); close(out[1]);
        close(in[0]); close(in[1]);
        close(err_fd);
        return -1;
    }
    if (pid == 0) child(in[0], out[1], err_fd, st[1], path, argv, dir);
    setpgid(pid, pid);   /* also from the parent: no race with a kill of the group */
    close(in[0]);
    close(out[1]);
    close(st[1]);
    close(err_fd);
    int e = 0;
    ssize_t r;
    do r = read(st[0], &e, sizeof e); while (r < 0 && errno == EINTR);
    close(st[0]);
    if (r == (ssize_t)sizeof e) {
        close(in[1]);
        close(out[0]);
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
        snprintf(err, errlen, "cannot run %s%s%s: %s", path, dir ? " in " : "", dir ? dir : "", strerror(e));
        return -1;
    }
    fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
    fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
    p->pid = pid;
    p->to_child = in[1];
    p->from_child = out[0];
    return 0;
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

void proc_kill(Proc *p)
{
    if (p->pid <= 0) {
        close_pipes(p);
        return;
    }
    kill(-p->pid, SIGKILL);
    kill(p->pid, SIGKILL);
    close_pipes(p);
    while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR) {}
    p->pid = 0;
}

int proc_stop(Proc *p, int grace_ms)
{
    if (p->pid <= 0) {
        close_pipes(p);
        return -1;
    }
    close_pipes(p);
    int64_t deadline = util_now_ms() + grace_ms;
    int status;
    for (;;) {
        siginfo_t info;
        memset(&info, 0, sizeof info);
        int r = waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT);
        if (r == 0 && info.si_pid == p->pid) {
            /* Exited but not reaped: the group id cannot be reused yet, so
             * helpers the engine left behind can be killed safely. */
            kill(-p->pid, SIGKILL);
            while (waitpid(p->pid, &status, 0) < 0 && errno == EINTR) {}
            p->pid = 0;
            return status;
        }
        if (r < 0 && errno != EINTR) {
            p->pid = 0;
            return -1;
        }
        if (util_now_ms() >= deadline) break;
        struct timespec ts = { 0, 2 * 1000 * 1000 };
        nanosleep(&ts, NULL);
    }
    proc_kill(p);
    return -1;
}
