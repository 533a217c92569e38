/*
 * bench.c - the "bench" command: a fixed list of positions of both games
 * searched to a fixed depth with a 16 MiB table and one thread.
 *
 * Every position starts from a cleared table and cleared move-ordering
 * tables, and nothing in the search depends on the clock when only a depth
 * is given, so the total node count is the same on every run and machine:
 * it is the search's signature (bench/signature, checked by tests/suites/20-bench.sh).  A
 * change to search or evaluation that alters it is a conscious decision,
 * and its commit gives the new count.  The positions come from engine games
 * of both variants under several rule options, so every capture rule is
 * exercised.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/notation.h"
#include "output.h"
#include "rules/rules.h"
#include "search.h"
#include "timeman.h"

enum { BENCH_DEPTH = 9 };

typedef struct BenchPosition {
    const char *variant;   /* "dablot" or "tabal" */
    const char *option;    /* a rule option (name=value) or NULL */
    int extra_depth;       /* added to the bench depth: Tabal branches less, and
                            * Dablot branches more (and searches its compulsory-
                            * capture presets without LMR, alphabeta.c) */
    const char *fen;
} BenchPosition;

static const BenchPosition bench_positions[] = {
    { "dablot", NULL, -2,
      "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1" },
    { "dablot", NULL, -2,
      "mmmmmm/mmmmm/mm1mm1/mPmm1/mmmmmm/1m1m1/k3K1/2M2/MMpMMM/MMM1M/MM1MMM/MMMMM/MMMMMM w 2 13" },
    { "dablot", NULL, -2,
      "mmmm1m/mm2m/m1mm2/m2mm/mm1mmm/2M2/kmKP1m/4M/MM2M1/MMM1M/MM1M1M/MMMMM/MMMMMM w 3 31" },
    { "dablot", NULL, -2,
      "mmmm1m/mmm1m/m1mmm1/m2mm/mm1Pmm/1m3/k1K2m/5/MM1M1M/MMM1M/MM1MMM/MMMMM/MMMMMM w 3 25" },
    { "dablot", NULL, -2,
      "mmm1m1/mmmmm/m2mmm/mmm2/mmmm1m/1mmm1/Mpmk1K/3Mm/MMMMMM/MMPM1/1MMM1M/MMMMM/M1M1M1 w 34 37" },
    { "dablot", NULL, -2,
      "1mm1mm/mmmm1/m2mmm/mmm2/mmmmmm/mmm1m/Mkp1PM/M1MKM/MMMM1M/MMMMM/1MM1M1/MMMMM/M1MM2 w 10 37" },
    { "dablot", "Rules=modern", -2,
      "mm1m1m/mmmmm/m1m1mm/m4/6/5/1pk3/5/1MMMMM/MM1M1/MMMM1M/1MMMM/MMMMMM w 4 19" },
    { "dablot", "Rules=modern", -2,
      "m5/5/1m4/m4/m1m1mm/5/3p2/5/1k1MMM/1M3/MMMMM1/1M1MM/1MMM1M w 10 37" },
    { "dablot", "Rules=anti-draw", -2,
      "mmmmm1/mmm2/m1m1m1/m1mmm/2mmm1/m4/k3P1/5/MK1M2/pMMMM/MMm3/MMMMM/MMMMMM w 0 31" },
    { "tabal", NULL, 3, "mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1" },
    { "tabal", NULL, 3, "mmm/mmm/mm1mm/m1m2/2M1m/M4/1MMMM/MMM/MMM w 0 7" },
    { "tabal", NULL, 3, "mmm/1mm/m1m1m/m2m1/5/M2m1/M1M2/MMM/MMM w 0 13" },
    { "tabal", NULL, 3, "mmm/mmm/mmm2/1mm2/M1m1M/1MM2/2MMm/MMM/MMM w 0 7" },
    { "tabal", NULL, 3, "mm1/2m/4m/1mm1M/3MM/1M3/5/1M1/MMM w 0 19" },
    { "tabal", NULL, 3, "m1K/1m1/5/2M2/5/5/2M1m/3/1M1 w 0 43" },
    { "tabal", "MaxCapture=true", 3, "mmm/1m1/m4/m2m1/5/M4/M1M2/2M/1MM w 0 19" },
};

enum { BENCH_COUNT = sizeof bench_positions / sizeof bench_positions[0] };

/* Sets up the rules and the game of bench position i; 0 or -1. */
static int bench_setup(const BenchPosition *b, Game *g)
{
    char err[200];
    Rules r = rules_default((Variant)geometry_variant_from_name(b->variant));
    if (b->option) {
        char name[64];
        const char *eq = strchr(b->option, '=');
        snprintf(name, sizeof name, "%.*s", (int)(eq - b->option), b->option);
        if (rules_set(&r, name, eq + 1, err, sizeof err) != 0)
            return -1;
    }
    Position pos;
    if (position_set_fen(&pos, &r, b->fen, err, sizeof err) != 0) {
        output_line("info string error: bench position: %s", err);
        return -1;
    }
    return game_init(g, &pos);
}

uint64_t search_bench(int depth)
{
    Search *s = search_new(SEARCH_BENCH_HASH_MIB);
    if (!s) {
        output_line("info string error: bench: out of memory");
        return 0;
    }
    uint64_t total = search_bench_run(s, depth, NULL);
    search_free(s);
    return total;
}

uint64_t search_bench_run(Search *s, int depth, const atomic_int *stop)
{
    if (depth <= 0) depth = BENCH_DEPTH;
    search_set_quiet(s, true);
    SearchOptions opt = { .threads = 1,
                          .multipv = 1,
                          .move_overhead = 0,
                          .trade_bonus = TRADE_BONUS_DEFAULT };
    uint64_t total = 0;
    int64_t total_us = 0; /* summed per position, microseconds */

    for (int i = 0; i < BENCH_COUNT; i++) {
        if (stop && atomic_load(stop)) {
            /* A position cut short is not printed: its count is no figure. */
            output_line("info string bench stopped after %d of %d positions", i, BENCH_COUNT);
            return total;
        }
        const BenchPosition *b = &bench_positions[i];
        Game g;
        if (bench_setup(b, &g) != 0)
            continue;
        SearchLimits l;
        memset(&l, 0, sizeof l);
        l.time[0] = l.time[1] = -1;
        l.depth = depth + b->extra_depth < 1 ? 1 : depth + b->extra_depth;
        Move best, ponder;
        search_clear(s);
        int64_t t0 = timeman_now_us();
        int rc = search_run(s, &g, &l, &opt, &best, &ponder);
        int64_t us = timeman_now_us() - t0;
        if (stop && atomic_load(stop)) {
            game_free(&g);
            continue;
        }
        SearchInfo info;
        search_last_info(s, &info);
        char mv[MOVE_STR_MAX] = "(none)", sc[32];
        if (rc == 0)
            notation_move_string(&g.pos, &best, mv, sizeof mv);
        if (info.mate)
            snprintf(sc, sizeof sc, "mate %d", info.mate);
        else
            snprintf(sc, sizeof sc, "cp %d", info.score);
        output_line(
            "bench %2d/%d %-6s %-15s depth %2d score %-9s nodes %10llu time %6lld bestmove %s fen %s",
            i + 1, BENCH_COUNT, b->variant, b->option ? b->option : "-", l.depth, sc,
            (unsigned long long)info.nodes, (long long)(us / 1000), mv, b->fen);
        total += info.nodes;
        total_us += us;
        game_free(&g);
    }

    /* nps from the microseconds: a bench within 1 ms is no nodes * 1000 */
    uint64_t nps = (uint64_t)((double)total * 1e6 / (double)(total_us > 0 ? total_us : 1));
    output_line("===========================");
    output_line("Total time (ms) : %lld", (long long)(total_us / 1000));
    output_line("Nodes searched  : %llu", (unsigned long long)total);
    output_line("Nodes/second    : %llu", (unsigned long long)nps);
    output_line("%llu nodes %llu nps", (unsigned long long)total, (unsigned long long)nps);
    return total;
}
