/*
 * proc.h - engine processes: start with pipes, stop, reap.  The lowest
 * layer of the engine-host library (channel.h reads and writes lines over
 * the pipes, engine.h speaks the protocol).
 *
 * A Proc is a started engine: the pid of its supervisor, the engine's
 * own pid, and the host's ends of the engine's pipes and of a lifeline.
 * Each engine runs under a small supervisor process (forked from the
 * host, never exec'd; only async-signal-safe calls):
 *     host --fork--> supervisor --fork+execv--> engine
 *   - the engine's stdin and stdout are pipes made with O_CLOEXEC, and
 *     the supervisor closes every descriptor it does not need, so no
 *     engine or supervisor holds another engine's pipe ends (EOF detection
 *     stays exact);
 *   - the engine gets its own process group (its pid), the supervisor
 *     another, so a Ctrl-C typed at the terminal reaches only the host,
 *     which decides when engines stop;
 *   - the supervisor is the subreaper of the engine's tree
 *     (PR_SET_CHILD_SUBREAPER) and watches the lifeline, a socket pair
 *     whose other end only the host holds: when the host closes it or
 *     dies, even by kill -9, the supervisor kills the engine's process
 *     group and every orphaned descendant (a wrapper script's engine that
 *     ignores EOF, a helper that left the group), reaps them and exits.
 *     When the engine exits by itself, the supervisor sends the engine's
 *     own wait status (an int, as waitpid() gives it) back on the
 *     lifeline, kills what the engine left and exits: so the host, which
 *     reaps only the supervisor, still learns the engine's exit status or
 *     signal (proc_stop()).  The engine has PR_SET_PDEATHSIG(SIGKILL)
 *     towards its supervisor;
 *   - the signal mask and the SIGPIPE and SIGXFSZ dispositions (which
 *     every program of dablo ignores: util/outstream.h) are reset to the
 *     defaults,
 *     the environment is passed through unchanged;
 *   - an exec failure is reported through a close-on-exec status pipe, so
 *     "no such file" is a clear error rather than a silent EOF.
 * Invariants: a Proc is running when pid > 0; every started supervisor is
 * reaped by proc_stop() or proc_kill() (no zombies), which leave pid and
 * engine 0 and every fd -1.  The host should ignore SIGPIPE, so a write to
 * a dead engine is an error (EPIPE), not the end of the host.
 */
#ifndef DABLO_HOST_PROC_H
#define DABLO_HOST_PROC_H

#include <stddef.h>
#include <sys/types.h>

typedef struct Proc {
    pid_t pid;      /* the supervisor; 0 when not running */
    int to_child;   /* write end of the engine's stdin (non-blocking), -1 when closed */
    int from_child; /* read end of the engine's stdout (non-blocking), -1 when closed */
    pid_t engine;   /* the engine process (and its process group); 0 when not running */
    int lifeline;   /* the host's end of the supervisor's lifeline (a socket: the
                     * engine's wait status comes back on it), -1 when closed */
    int killed;     /* the last proc_stop() killed the engine: it had not exited
                     * within its grace */
} Proc;

/* Finds the program to run: a cmd containing '/' is taken relative to the
 * host's working directory (or, if not there, to dir); a bare name is
 * looked up first in dir (when given) and then on PATH.  Writes the
 * absolute or PATH-found path into out (outlen bytes).  Returns 0, or -1
 * with a one-line reason in err; a bare name not found that names a file
 * of the working directory gets a hint ("...; did you mean ./NAME?", or
 * that ./NAME is not executable). */
int proc_resolve(const char *cmd, const char *dir, char *out, size_t outlen, char *err, size_t errlen);

/* Opens path for an engine's stderr (appending, created 0644): a regular
 * file or a character device such as /dev/null.  A FIFO with no reader is
 * refused at once (never waited for), and so is any other kind of file.
 * Returns the descriptor (close-on-exec, blocking), or -1 with a one-line
 * reason naming path in err. */
int proc_open_stderr(const char *path, char *err, size_t errlen);

/* Starts path with argv (argv[0] is the name shown, NULL-terminated) in
 * working directory dir (NULL = the host's).  stderr_path: file the
 * child's stderr is appended to (NULL = /dev/null), opened anew at each
 * start by proc_open_stderr(), so a path replaced since a host checked it
 * (by a FIFO nobody reads) is refused, not waited on.  Returns 0 and fills
 * *p, or -1 with a one-line reason in err (nothing left running). */
int proc_start(Proc *p, const char *path, char *const argv[], const char *dir,
               const char *stderr_path, char *err, size_t errlen);

/* Closes the pipes, waits up to grace_ms for the engine to exit by itself
 * (after "quit", EOF on its stdin, or a crash; its supervisor then kills
 * what it left and exits), then kills the tree (proc_kill).  Safe on a
 * Proc that is not running.  Returns the engine's own wait status, as
 * waitpid() gives it (WIFEXITED/WEXITSTATUS, WIFSIGNALED/WTERMSIG apply),
 * or -1 when it had to be killed (p->killed set then, cleared otherwise),
 * was not running, or its status did not come back (its supervisor was
 * ended from outside). */
int proc_stop(Proc *p, int grace_ms);

/* How an engine ended, from a wait status of proc_stop(), into buf (len
 * bytes): "exited with status 3", "was killed by signal 11 (Segmentation
 * fault)" (", core dumped" inside the brackets when it dumped core), or
 * "ended in an unknown way" for status -1. */
void proc_status_words(int status, char *buf, size_t len);

/* SIGKILLs the engine's process group at once, closes the lifeline (the
 * supervisor kills the rest of the tree) and reaps the supervisor. */
void proc_kill(Proc *p);

#endif
