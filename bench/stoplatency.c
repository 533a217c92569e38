/*
 * stoplatency.c - how late an engine answers: the overrun of a fixed-time
 * search and the latency of stop, measured over pipes with the
 * engine-host library (tools/host/), as a match runner sees them.
 * bench/stoplatency.sh runs it with and without competing CPU hogs and
 * writes the figures into bench/REPORT.md.
 *
 *   build/stoplatency ENGINE MOVETIME_MS MOVES STOPS [OVERHEAD_MS]
 *
 * MOVES searches "go movetime MOVETIME_MS": for each, the engine's own
 * last reported "time" minus its budget (MOVETIME_MS - MoveOverhead) and
 * the time the host measured, from the end of the "go" write to the read
 * of "bestmove", minus MOVETIME_MS.  STOPS searches "go infinite" stopped
 * after 20..200 ms: the time from the end of the "stop" write to the read
 * of "bestmove".  OVERHEAD_MS sets MoveOverhead (default: the engine's).
 * Prints one line a measure: name, count, median, p90, p99, max (ms).
 * Exit 0, or 1 with a message when the engine fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "host/engine.h"
#include "host/util.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The q-quantile (0..1) of the sorted v[0..n): the nearest rank. */
static double quantile(const double *v, int n, double q)
{
    int k = (int)(q * n + 0.999999) - 1;
    return v[k < 0 ? 0 : k >= n ? n - 1 : k];
}

static void report(const char *name, double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    printf("%s %d %.1f %.1f %.1f %.1f\n", name, n, quantile(v, n, 0.5), quantile(v, n, 0.9),
           quantile(v, n, 0.99), v[n - 1]);
}

static void sleep_ms(int ms)
{
    struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
    while (nanosleep(&ts, &ts) != 0) {}
}

static int fail(Engine *e, const char *what)
{
    fprintf(stderr, "stoplatency: %s\n", what);
    engine_kill(e);
    return 1;
}

/* Reads until s's bestmove, at most wait_ms. */
static int await(Engine *e, EngineSearch *s, int64_t wait_ms)
{
    int64_t deadline = util_now_ms() + wait_ms;
    while (!s->done) {
        char *line;
        if (engine_read(e, s, deadline, &line) != ENGINE_OK) return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: stoplatency ENGINE MOVETIME_MS MOVES STOPS [OVERHEAD_MS]\n");
        return 2;
    }
    int64_t movetime = atoll(argv[2]);
    int moves = atoi(argv[3]), stops = atoi(argv[4]);
    EngineSpec spec = { 0 };
    Engine e = { 0 };
    char set[4096], err[512];
    snprintf(set, sizeof set, "cmd=%s", argv[1]);
    if (engine_spec_set(&spec, set, err, sizeof err) < 0
        || engine_spec_resolve(&spec, err, sizeof err) < 0
        || engine_start(&e, &spec, NULL, 10000, 0, NULL, -1, err, sizeof err) != ENGINE_OK) {
        fprintf(stderr, "stoplatency: %s\n", err);
        return 1;
    }
    int64_t overhead = 0;
    for (int i = 0; i < e.nopts; i++)
        if (strcasecmp(e.opts[i].name, "MoveOverhead") == 0 && e.opts[i].def)
            overhead = atoll(e.opts[i].def);
    if (argc > 5) {
        overhead = atoll(argv[5]);
        snprintf(set, sizeof set, "setoption name MoveOverhead value %lld", (long long)overhead);
        if (engine_send_sync(&e, set, 5000) != ENGINE_OK)
            return fail(&e, "no readyok after MoveOverhead");
    }
    double *reported = calloc((size_t)moves + 1, sizeof *reported),
           *host = calloc((size_t)moves + 1, sizeof *host);
    double *stop = calloc((size_t)stops + 1, sizeof *stop);
    char go[64];
    snprintf(go, sizeof go, "go movetime %lld", (long long)movetime);
    srand(1);
    for (int i = 0; i < moves; i++) {
        EngineSearch s;
        if (engine_send_sync(&e, "position startpos", 5000) != ENGINE_OK
            || engine_search_start(&e, go, util_now_ms() + 5000, &s) != ENGINE_OK
            || await(&e, &s, movetime + 10000) < 0)
            return fail(&e, "no bestmove for go movetime");
        reported[i] = (double)(s.info.time_ms - (movetime - overhead));
        host[i] = (double)s.elapsed_us / 1000.0 - (double)movetime;
    }
    for (int i = 0; i < stops; i++) {
        EngineSearch s;
        if (engine_send_sync(&e, "position startpos", 5000) != ENGINE_OK
            || engine_search_start(&e, "go infinite", util_now_ms() + 5000, &s) != ENGINE_OK)
            return fail(&e, "go infinite could not be sent");
        sleep_ms(20 + rand() % 181);
        int64_t t0 = util_now_us();
        if (engine_send(&e, "stop", util_now_ms() + 5000) != ENGINE_OK || await(&e, &s, 10000) < 0)
            return fail(&e, "no bestmove after stop");
        stop[i] = (double)(s.start_us + s.elapsed_us - t0) / 1000.0;
    }
    printf("overhead %lld\n", (long long)overhead);
    if (moves > 0) {
        report("reported-minus-budget", reported, moves);
        report("host-minus-movetime", host, moves);
    }
    if (stops > 0) report("stop-latency", stop, stops);
    free(reported);
    free(host);
    free(stop);
    engine_quit(&e, 1000);
    engine_spec_free(&spec);
    return 0;
}
