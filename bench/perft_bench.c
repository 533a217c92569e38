/*
 * perft_bench.c - perft throughput from both start positions, single thread.
 *
 *   build/perft_bench [runs] [dablot_depth] [tabal_depth]
 *
 * Counts leaves with bulk counting at the last ply (the moves of a depth-1
 * node are counted, not made), the way Stockfish's "go perft" counts.  Each
 * position is run `runs` times (default 5); prints the median, minimum and
 * maximum leaves per second, one line per position:
 *   perft <variant> depth <d> leaves <n> median_lps <x> min_lps <x> max_lps <x>
 *         nodes <n> median_nps <x>
 * where nodes counts every node of the tree, plies 1..d (the interior
 * nodes, which are made, and the leaves, which are counted), and
 * median_nps is nodes over the median run's time: where the branching is
 * small (Tabal) bulk counting saves little, and nodes/s is the fair figure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "rules/perft.h"
#include "rules/rules.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void run(Variant v, int depth, int runs)
{
    Rules r = rules_default(v);
    Position pos;
    position_start(&pos, &r);
    double lps[64];
    uint64_t leaves = 0, interior = 0;
    for (int d = 1; d < depth; d++)
        interior += perft(&pos, d); /* untimed */
    for (int i = 0; i < runs; i++) {
        double t0 = now();
        leaves = perft(&pos, depth);
        double t = now() - t0;
        lps[i] = (double)leaves / (t > 0 ? t : 1e-9);
    }
    qsort(lps, (size_t)runs, sizeof lps[0], cmp_double);
    double nodes = (double)(interior + leaves);
    printf(
        "perft %s depth %d leaves %llu median_lps %.0f min_lps %.0f max_lps %.0f nodes %.0f median_nps %.0f\n",
        geometry_of(v)->name, depth, (unsigned long long)leaves, lps[runs / 2], lps[0],
        lps[runs - 1], nodes, lps[runs / 2] * nodes / (double)leaves);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 5;
    int dd = argc > 2 ? atoi(argv[2]) : 6;
    int td = argc > 3 ? atoi(argv[3]) : 11;
    if (runs < 1 || runs > 64 || dd < 1 || dd > 12 || td < 1 || td > 20) {
        fprintf(stderr, "usage: perft_bench [runs 1..64] [dablot_depth 1..12] [tabal_depth 1..20]\n");
        return 2;
    }
    run(VARIANT_DABLOT, dd, runs);
    run(VARIANT_TABAL, td, runs);
    return 0;
}
