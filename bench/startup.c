/*
 * startup.c - how long an engine takes from its start to `uciok`.
 *
 *   build/startup RUNS ENGINE [ENGINE...]
 *   build/startup --answer
 *
 * Each run forks, executes ENGINE with its standard input and output on
 * pipes, writes "uci\n" and reads (in blocks) until a line starting with
 * "uciok"; the time is from just before fork() to the read that brought
 * that line (CLOCK_MONOTONIC), so it holds the process start (exec,
 * dynamic linking), the engine's initialisation and its answer, and
 * nothing of a shell.  Then it writes "quit\n" and reaps the engine with
 * wait4(), whose resource usage gives the engine's CPU time (user + sys)
 * and minor page faults from the fork to its exit: on a loaded machine
 * these move far less than the time.  With several ENGINEs (up to
 * MAX_ENGINES) they take turns run by run, so all see the same load.
 * Prints one line an engine, medians over the runs:
 *   startup ENGINE runs N median_ms X min_ms X max_ms X cpu_ms X faults N
 * Exit status 1 when an engine does not answer uciok (it cannot start,
 * ends, or is silent for TIMEOUT_MS: it is killed), 2 on a bad command
 * line.
 *
 * --answer makes it the floor to compare with: a process that answers
 * "uci" with "uciok" at once and exits on "quit" (ENGINE "build/startup
 * --answer": an ENGINE with a space is a path and one argument).  It is
 * this program, built and linked as bin/dablo is (mk/bench.mk: the same
 * flags, libc as a shared library), so it costs what any such process
 * costs here: fork, exec, the loader mapping libc, and two pipe trips.
 */
#define _DEFAULT_SOURCE
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { MAX_RUNS = 1000, MAX_ENGINES = 8, TIMEOUT_MS = 10000 };

typedef struct Run {
    double ms;     /* fork to uciok */
    double cpu_ms; /* the engine's user + sys time, fork to exit */
    long faults;   /* its minor page faults, fork to exit */
} Run;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double tv_ms(struct timeval tv)
{
    return tv.tv_sec * 1e3 + tv.tv_usec / 1e3;
}

/* One start of engine into *run; 0, or -1 when it gave no uciok. */
static int one_run(const char *engine, Run *run)
{
    int in[2], out[2];
    if (pipe(in) != 0) return -1;
    if (pipe(out) != 0) {
        close(in[0]), close(in[1]);
        return -1;
    }
    double t0 = now_ms();
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        return -1;
    }
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
    run->ms = -1;
    if (write(in[1], "uci\n", 4) == 4) {
        static char buf[65536];
        size_t have = 0;
        ssize_t r;
        struct pollfd p = { .fd = out[0], .events = POLLIN };
        while (have < sizeof buf - 1 && poll(&p, 1, TIMEOUT_MS) == 1
               && (r = read(out[0], buf + have, sizeof buf - 1 - have)) > 0) {
            have += (size_t)r;
            buf[have] = '\0';
            if (strncmp(buf, "uciok", 5) == 0 || strstr(buf, "\nuciok")) {
                run->ms = now_ms() - t0;
                break;
            }
        }
    }
    if (run->ms < 0 || write(in[1], "quit\n", 5) != 5) kill(pid, SIGKILL);
    close(in[1]);
    close(out[0]);
    struct rusage ru;
    int status;
    if (wait4(pid, &status, 0, &ru) != pid) return -1;
    run->cpu_ms = tv_ms(ru.ru_utime) + tv_ms(ru.ru_stime);
    run->faults = ru.ru_minflt;
    return run->ms < 0 ? -1 : 0;
}

static int cmp_double(const void *a, const void *b)
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

/* Sorts v[0..n) and returns its median (the upper one of an even n). */
static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return v[n / 2];
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--answer") == 0) return answer();
    signal(SIGPIPE, SIG_IGN); /* an engine that died before "uci" or "quit" */
    int runs = argc > 2 ? atoi(argv[1]) : 0;
    if (runs < 1 || runs > MAX_RUNS || argc - 2 > MAX_ENGINES) {
        fprintf(stderr, "usage: startup RUNS(1..%d) ENGINE [ENGINE...] (at most %d engines)\n",
                MAX_RUNS, MAX_ENGINES);
        return 2;
    }
    int n = argc - 2;
    static Run r[MAX_ENGINES][MAX_RUNS];
    for (int i = 0; i < runs; i++)
        for (int e = 0; e < n; e++)
            if (one_run(argv[2 + e], &r[e][i]) < 0) {
                fprintf(stderr, "startup: %s gave no uciok\n", argv[2 + e]);
                return 1;
            }
    static double v[MAX_RUNS];
    for (int e = 0; e < n; e++) {
        for (int i = 0; i < runs; i++)
            v[i] = r[e][i].ms;
        double ms = median(v, runs), lo = v[0], hi = v[runs - 1];
        for (int i = 0; i < runs; i++)
            v[i] = r[e][i].cpu_ms;
        double cpu = median(v, runs);
        for (int i = 0; i < runs; i++)
            v[i] = (double)r[e][i].faults;
        double faults = median(v, runs);
        printf(
            "startup %s runs %d median_ms %.3f min_ms %.3f max_ms %.3f cpu_ms %.3f faults %.0f\n",
            argv[2 + e], runs, ms, lo, hi, cpu, faults);
    }
    return 0;
}
