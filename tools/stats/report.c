/*
 * report.c - the live line and the final summary of match statistics
 * (stats_format_line, stats_format_report in stats.h).
 */
#include "stats.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

/* Appends to buf like snprintf, tracking the length that would be needed
 * (*len) even when buf is full. */
static void append(char *buf, size_t n, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void append(char *buf, size_t n, size_t *len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *dst = buf && *len < n ? buf + *len : NULL;
    size_t room = buf && *len < n ? n - *len : 0;
    int k = vsnprintf(dst, room, fmt, ap);
    va_end(ap);
    if (k > 0)
        *len += (size_t)k;
}

/* A value that prints as zero at `decimals` places is printed as 0 (not
 * as "-0.00" for -1e-17 or -0.0001). */
static double nz(double x, int decimals)
{
    return fabs(x) < 0.5 * pow(10, -decimals) ? 0.0 : x;
}

static void ptnml(char *buf, size_t n, size_t *len, const Stats *s)
{
    append(buf, n, len, "%" PRIu64 "-%" PRIu64 "-%" PRIu64 "-%" PRIu64 "-%" PRIu64,
           s->penta[0], s->penta[1], s->penta[2], s->penta[3], s->penta[4]);
}

size_t stats_format_line(char *buf, size_t n, const Stats *s, const StatsSprtParams *sprt)
{
    size_t len = 0;
    StatsElo e;
    if (buf && n)
        buf[0] = '\0';
    uint64_t games = stats_games(s);
    append(buf, n, &len, "W-D-L %" PRIu64 "-%" PRIu64 "-%" PRIu64, s->wdl[STATS_WIN],
           s->wdl[STATS_DRAW], s->wdl[STATS_LOSS]);
    if (stats_elo(s, &e) == 0) {
        append(buf, n, &len, " score %.1f%% Elo %+.1f", 100 * e.score, nz(e.elo, 1));
        if (e.spread_unknown)
            append(buf, n, &len, " +- ?");
        else
            append(buf, n, &len, " +- %.1f", e.elo_err);
        if (e.clamped || e.spread_unknown)
            append(buf, n, &len, " nElo none");
        else
            append(buf, n, &len, " nElo %+.1f +- %.1f", nz(e.nelo, 1), e.nelo_err);
        append(buf, n, &len, " LOS %.1f%%", 100 * e.los);
        if (games > 0)
            append(buf, n, &len, " DR %.1f%%", 100 * e.draw_ratio);
    }
    if (stats_pairs(s) > 0) {
        append(buf, n, &len, " ptnml ");
        ptnml(buf, n, &len, s);
    }
    if (sprt) {
        StatsSprt t;
        if (stats_sprt(s, sprt, &t) == 0)
            append(buf, n, &len, " LLR %.2f [%.2f, %.2f]%s%s", nz(t.llr, 2), t.lower, t.upper,
                   t.verdict != STATS_SPRT_CONTINUE ? " " : "",
                   t.verdict != STATS_SPRT_CONTINUE ? stats_verdict_name(t.verdict) : "");
        else
            append(buf, n, &len, " LLR undefined");
    }
    return len;
}

size_t stats_format_report(char *buf, size_t n, const Stats *s, const StatsSprtParams *sprt)
{
    size_t len = 0;
    StatsElo e;
    if (buf && n)
        buf[0] = '\0';
    uint64_t games = stats_games(s), pairs = stats_pairs(s);
    int have = stats_elo(s, &e) == 0;
    if (games > 0)
        append(buf, n, &len, "Games: %" PRIu64 " (%" PRIu64 " pair%s, %" PRIu64 " unpaired)\n",
               games, pairs, pairs == 1 ? "" : "s", s->unpaired);
    else
        append(buf, n, &len, "Games: %.0f (%" PRIu64 " pair%s; W-D-L not known)\n", e.games, pairs,
               pairs == 1 ? "" : "s");
    if (games > 0)
        append(buf, n, &len, "W-D-L: %" PRIu64 "-%" PRIu64 "-%" PRIu64 "\n", s->wdl[STATS_WIN],
               s->wdl[STATS_DRAW], s->wdl[STATS_LOSS]);
    if (!have) {
        append(buf, n, &len, "No games: no estimate.\n");
    } else {
        append(buf, n, &len, "Sample: %s (%.0f game%s%s)\n", stats_sample_name(e.sample), e.games,
               llround(e.games) == 1 ? "" : "s",
               e.sample == STATS_SAMPLE_PENTANOMIAL && s->unpaired
                   ? "; unpaired games not in Elo or SPRT"
                   : "");
        append(buf, n, &len, "Score: %.2f%%\n", 100 * e.score);
        append(buf, n, &len, "Elo (logistic): %+.2f", nz(e.elo, 2));
        if (e.spread_unknown)
            append(buf, n, &len, " +- ?");
        else
            append(buf, n, &len, " +- %.2f (95%%)", e.elo_err);
        append(buf, n, &len, "%s", e.clamped ? " (bound: one-sided result)" : "");
        /* Too few samples apart from the most common result: the normal
         * interval's spread is not measured (docs/stats.md). */
        const char *unit = e.sample == STATS_SAMPLE_PENTANOMIAL ? "pair" : "game";
        double samples = e.sample == STATS_SAMPLE_PENTANOMIAL ? e.games / 2 : e.games;
        if (e.spread_unknown)
            append(buf, n, &len,
                   " (no error bar: %.0f of %.0f %s%s differ%s from the most common result, "
                   "%d are needed)",
                   e.off_mode, samples, unit, llround(samples) == 1 ? "" : "s",
                   llround(e.off_mode) == 1 ? "s" : "", STATS_SPREAD_MIN);
        append(buf, n, &len, "\n");
        /* A one-sided result has no spread to measure the score in: no
         * finite normalized Elo (docs/stats.md); too few results apart
         * from the most common one measure none either. */
        if (e.clamped)
            append(buf, n, &len, "Elo (normalized): none (one-sided result: no finite estimate)\n");
        else if (e.spread_unknown)
            append(buf, n, &len,
                   "Elo (normalized): none (the spread of the scores is not measured)\n");
        else
            append(buf, n, &len, "Elo (normalized): %+.2f +- %.2f (95%%)\n", nz(e.nelo, 2),
                   e.nelo_err);
        append(buf, n, &len, "LOS: %.2f%%\n", 100 * e.los);
        if (games > 0)
            append(buf, n, &len, "Draw ratio: %.2f%%\n", 100 * e.draw_ratio);
    }
    if (pairs > 0) {
        append(buf, n, &len, "Pentanomial (LL LD DD+WL WD WW): ");
        ptnml(buf, n, &len, s);
        append(buf, n, &len, "\n");
    }
    if (sprt) {
        StatsSprt t;
        int ok = stats_sprt(s, sprt, &t) == 0;
        append(buf, n, &len, "SPRT: elo0=%g elo1=%g alpha=%g beta=%g model=%s\n", sprt->elo0,
               sprt->elo1, sprt->alpha, sprt->beta, stats_model_name(sprt->model));
        if (ok)
            append(buf, n, &len, "LLR: %.3f [%.3f, %.3f] %s\n", nz(t.llr, 3), t.lower, t.upper,
                   stats_verdict_name(t.verdict));
        else
            append(buf, n, &len, "LLR: undefined for these bounds and counts\n");
    }
    return len;
}
