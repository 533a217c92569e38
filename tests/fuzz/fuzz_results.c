/*
 * fuzz_results.c - libFuzzer target for the results file parser of the
 * statistics library (stats_read_results, tools/stats/results.c).  Beyond
 * "no crash, no sanitizer report": a file read without error adds exactly
 * the games it reports, and a file refused leaves the counts unchanged.
 */
#include "fuzz_inputs.h"

#include "stats.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_input_file(data, size);
    Stats s;
    stats_init(&s);
    stats_add_game(&s, STATS_DRAW);
    char side[256], err[512];
    long n = stats_read_results(&s, path, NULL, side, sizeof side, err, sizeof err);
    if (n < 0 && stats_games(&s) != 1) abort();
    if (n >= 0 && stats_games(&s) != (uint64_t)n + 1) abort();
    if (s.unpaired + 2 * stats_pairs(&s) != stats_games(&s)) abort();
    StatsElo e;
    stats_elo(&s, &e);
    return 0;
}
