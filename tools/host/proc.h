/*
 * proc.h - engine processes: start with pipes, stop, reap.  The lowest
 * layer of the engine-host library (channel.h reads and writes lines over
 * the pipes, engine.h speaks the protocol).
 *
 * A Proc is a child's pid and the host's ends of its two pipes.  A child
 * is started with fork + execv (the program path is resolved in
 * the parent, so the child calls only async-signal-safe functions):
 *   - its stdin and stdout are pipes made with O_CLOEXEC, so no engine
 *     inherits another engine's pipe ends (EOF detection stays exact);
 *   - it gets its own process group, so a Ctrl-C typed at the terminal
 *     reaches only the host, which decides when engines stop, and a kill
 *     of the group also takes any helper the engine started;
 *   - prctl(PR_SET_PDEATHSIG, SIGKILL): if the host dies, even by
 *     kill -9, the kernel kills the child (no orphans).  The signal fires
 *     when the forking *thread* exits, so the thread that starts an engine
 *     must stop it before it exits;
 *   - the signal mask and SIGPIPE disposition are reset to the defaults,
 *     the environment is passed through unchanged;
 *   - an exec failure is reported through a close-on-exec status pipe, so
 *     "no such file" is a clear error rather than a silent EOF.
 * Invariants: a Proc is running when pid > 0; every started child is
 * reaped by proc_stop() or proc_kill() (no zombies), which leave pid 0
 * and both fds -1.  The host should ignore SIGPIPE, so a write to a dead
 * engine is an error (EPIPE), not the end of the host.
 */
#ifndef DABLO_HOST_PROC_H
#define DABLO_HOST_PROC_H

#include <stddef.h>
#include <sys/types.h>

typedef struct Proc {
    pid_t pid;        /* 0 when not running */
    int to_child;     /* write end of the child's stdin (non-blocking), -1 when closed */
    int from_child;   /* read end of the child's stdout (non-blocking), -1 when closed */
} Proc;

/* Finds the program to run: a cmd containing '/' is taken relative to the
 * host's working directory (or, if not there, to dir); a bare name is
 * looked up first in dir (when given) and then on PATH.  Writes the
 * absolute or PATH-found path into out (outlen bytes).  Returns 0, or -1
 * with a one-line reason in err. */
int proc_resolve(const char *cmd, const char *dir, char *out, size_t outlen, char *err, size_t errlen);

/* Starts path with argv (argv[0] is the name shown, NULL-terminated) in
 * working directory dir (NULL = the host's).  stderr_path: file the
 * child's stderr is appended to (NULL = /dev/null).  Returns 0 and fills
 * *p, or -1 with a one-line reason in err (nothing left running). */
int proc_start(Proc *p, const char *path, char *const argv[], const char *dir,
               const char *stderr_path, char *err, size_t errlen);

/* Closes the pipes, waits up to grace_ms for the child to exit by itself
 * (after "quit" or EOF on its stdin), then SIGKILLs its process group and
 * reaps it.  Safe on a Proc that is not running.  Returns the wait status,
 * or -1 if the child had to be killed. */
int proc_stop(Proc *p, int grace_ms);

/* SIGKILLs the child's process group at once and reaps it. */
void proc_kill(Proc *p);

#endif
