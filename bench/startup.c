/*
 * startup.c - how long an engine takes from its start to `uciok`.
 *
 *   build/startup RUNS ENGINE [ENGINE2]
 *   build/startup --answer
 *
 * Each run forks, executes ENGINE with its standard input and output on
 * pipes, writes "uci\n" and reads (in blocks) until a line starting with
 * "uciok"; the time is from just before fork() to the read that brought
 * that line (CLOCK_MONOTONIC), so it holds the process start (exec,
 * dynamic linking), the engine's initialisation and its answer, and
 * nothing of a shell.  With ENGINE2 the two alternate run by run.  Prints
 * one line an engine:
 *   startup ENGINE runs N median_ms X min_ms X max_ms X
 * Exit status 1 when an engine does not answer uciok (or cannot start).
 *
 * --answer makes it the floor to compare with: a process that answers
 * "uci" with "uciok" at once and exits on "quit" (ENGINE "build/startup
 * --answer": an ENGINE with a space is a path and one argument).
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { MAX_RUNS = 1000 };

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* One start of engine: milliseconds to uciok, or -1. */
static double one_run(const char *engine)
{
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) return -1;
    double t0 = now_ms();
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        char path[4096];
        snprintf(path, sizeof path, "%s", engine);
        char *arg = strchr(path, ' ');
        if (arg) *arg++ = '\0';
        execl(path, path, arg, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    double t = -1;
    if (write(in[1], "uci\n", 4) == 4) {
        char buf[65536];
        size_t have = 0;
        ssize_t r;
        while (have < sizeof buf - 1 && (r = read(out[0], buf + have, sizeof buf - 1 - have)) > 0) {
            have += (size_t)r;
            buf[have] = '\0';
            if (strncmp(buf, "uciok", 5) == 0 || strstr(buf, "\nuciok")) {
                t = now_ms() - t0;
                break;
            }
        }
    }
    if (write(in[1], "quit\n", 5) != 5) kill(pid, SIGTERM);
    close(in[1]);
    close(out[0]);
    waitpid(pid, NULL, 0);
    return t;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The floor: answers uci at once, ends on quit or EOF. */
static int answer(void)
{
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "uci", 3) == 0 && fputs("uciok\n", stdout) >= 0) fflush(stdout);
        if (strncmp(line, "quit", 4) == 0) break;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--answer") == 0) return answer();
    int runs = argc > 2 ? atoi(argv[1]) : 0;
    if (runs < 1 || runs > MAX_RUNS || argc > 4) {
        fprintf(stderr, "usage: startup RUNS(1..%d) ENGINE [ENGINE2]\n", MAX_RUNS);
        return 2;
    }
    int n = argc - 2;
    static double t[2][MAX_RUNS];
    for (int i = 0; i < runs; i++)
        for (int e = 0; e < n; e++)
            if ((t[e][i] = one_run(argv[2 + e])) < 0) {
                fprintf(stderr, "startup: %s gave no uciok\n", argv[2 + e]);
                return 1;
            }
    for (int e = 0; e < n; e++) {
        qsort(t[e], (size_t)runs, sizeof t[e][0], cmp);
        printf("startup %s runs %d median_ms %.3f min_ms %.3f max_ms %.3f\n", argv[2 + e], runs,
               t[e][runs / 2], t[e][0], t[e][runs - 1]);
    }
    return 0;
}
