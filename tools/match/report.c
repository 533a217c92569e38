/*
 * report.c - tallies, live line and summary (see report.h).
 */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "host/util.h"
#include "text.h"

void report_init(Report *r, const MatchConfig *c, int total)
{
    memset(r, 0, sizeof *r);
    r->cfg = c;
    int n = c->nengines;
    r->enc = util_xmalloc((size_t)(n * n) * sizeof *r->enc);
    memset(r->enc, 0, (size_t)(n * n) * sizeof *r->enc);
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            r->enc[a * n + b].a = a;
            r->enc[a * n + b].b = b;
            stats_init(&r->enc[a * n + b].st);
        }
    r->points = util_xmalloc((size_t)n * sizeof *r->points);
    r->played = util_xmalloc((size_t)n * sizeof *r->played);
    r->lat_sum_us = util_xmalloc((size_t)n * sizeof *r->lat_sum_us);
    r->lat_max_us = util_xmalloc((size_t)n * sizeof *r->lat_max_us);
    r->lat_n = util_xmalloc((size_t)n * sizeof *r->lat_n);
    for (int i = 0; i < n; i++) {
        r->points[i] = 0;
        r->played[i] = 0;
        r->lat_sum_us[i] = r->lat_max_us[i] = r->lat_n[i] = 0;
    }
    r->total = total;
    r->t0_ms = util_now_ms();
    r->verdict = STATS_SPRT_CONTINUE;
}

void report_free(Report *r)
{
    int n = r->cfg->nengines;
    for (int i = 0; i < n * n; i++) free(r->enc[i].pending);
    free(r->enc);
    free(r->points);
    free(r->played);
    free(r->lat_sum_us);
    free(r->lat_max_us);
    free(r->lat_n);
    memset(r, 0, sizeof *r);
}

int report_engine_index(const Report *r, const char *name)
{
    for (int i = 0; i < r->cfg->nengines; i++)
        if (r->cfg->engines[i].name && strcmp(r->cfg->engines[i].name, name) == 0) return i;
    return -1;
}

static Encounter *encounter(Report *r, int x, int y)
{
    int a = x < y ? x : y, b = x < y ? y : x;
    return &r->enc[a * r->cfg->nengines + b];
}

void report_add(Report *r, int white, int black, int pair, GameResult res, Termination t, int from_resume)
{
    Encounter *e = encounter(r, white, black);
    /* Result from the first engine's (e->a) point of view. */
    StatsResult sr;
    if (res == RESULT_DRAW) sr = STATS_DRAW;
    else if ((res == RESULT_WHITE_WINS) == (white == e->a)) sr = STATS_WIN;
    else sr = STATS_LOSS;
    stats_add_game(&e->st, sr);
    if (pair > 0 && r->cfg->repeat) {
        if (pair >= e->pending_cap) {
            int cap = e->pending_cap ? e->pending_cap : 64;
            while (cap <= pair) cap *= 2;
            e->pending = util_xrealloc(e->pending, (size_t)cap);
            memset(e->pending + e->pending_cap, 0, (size_t)(cap - e->pending_cap));
            e->pending_cap = cap;
        }
        if (e->pending[pair]) {
            stats_complete_pair(&e->st, (StatsResult)(e->pending[pair] - 1), sr);
            e->pending[pair] = 0;
        } else {
            e->pending[pair] = (uint8_t)(sr + 1);
        }
    }
    double wp = res == RESULT_WHITE_WINS ? 1 : res == RESULT_DRAW ? 0.5 : 0;
    r->points[white] += wp;
    r->points[black] += 1 - wp;
    r->played[white]++;
    r->played[black]++;
    if (t > TERM_NONE && t < TERM_NB) r->terms[t]++;
    r->done++;
    if (!from_resume) r->done_here++;
    if (r->cfg->sprt_on && r->cfg->nengines == 2) {
        StatsSprt sp;
        stats_sprt(&r->enc[0 * 2 + 1].st, &r->cfg->sprt, &sp);
        r->verdict = sp.verdict;
    }
}

void report_add_latency(Report *r, const GameRecord *g)
{
    const int idx[2] = { g->spec.white, g->spec.black };
    for (int s = 0; s < 2; s++) {
        r->lat_sum_us[idx[s]] += g->latency_sum_us[s];
        r->lat_n[idx[s]] += g->latency_n[s];
        if (g->latency_max_us[s] > r->lat_max_us[idx[s]]) r->lat_max_us[idx[s]] = g->latency_max_us[s];
    }
}

static void fmt_duration(char *buf, size_t n, double sec)
{
    if (sec < 0) sec = 0;
    long s = (long)(sec + 0.5);
    if (s >= 3600) snprintf(buf, n, "%ldh%02ldm", s / 3600, (s / 60) % 60);
    else if (s >= 60) snprintf(buf, n, "%ldm%02lds", s / 60, s % 60);
    else snprintf(buf, n, "%lds", s);
}

void report_live(Report *r, const GameRecord *g, FILE *f)
{
    Encounter *e = encounter(r, g->spec.white, g->spec.black);
    const StatsSprtParams *sp = r->cfg->sprt_on && r->cfg->nengines == 2 ? &r->cfg->sprt : NULL;
    char line[1024];
    stats_format_line(line, sizeof line, &e->st, sp);
    double min = (double)(util_now_ms() - r->t0_ms) / 60000.0;
    double rate = min > 0 ? r->done_here / min : 0;
    char eta[32] = "-";
    if (rate > 0) fmt_duration(eta, sizeof eta, (r->total - r->done) / rate * 60.0);
    fprintf(f, "[%d/%d] game %d %s - %s %s %s %d %s | %s vs %s %s | %.1f games/min ETA %s\n",
            r->done, r->total, g->spec.number, g->white, g->black, game_result_string(g->result),
            term_word(g->term), g->nmoves, g->nmoves == 1 ? "ply" : "plies",
            r->cfg->engines[e->a].name, r->cfg->engines[e->b].name, line, rate, eta);
    fflush(f);
}

/* True when engine a stands above engine b: the higher score (points
 * over games; none played last), then more points. */
static bool standing_before(const Report *r, int a, int b)
{
    if (!r->played[a] || !r->played[b]) return r->played[a] && !r->played[b];
    double sa = r->points[a] / r->played[a], sb = r->points[b] / r->played[b];
    if (sa != sb) return sa > sb;
    return r->points[a] > r->points[b];
}

void report_summary(const Report *r, FILE *f)
{
    const MatchConfig *c = r->cfg;
    int n = c->nengines;
    fprintf(f, "\n=== Summary: %d of %d game%s", r->done, r->total, r->total == 1 ? "" : "s");
    if (c->shard_n > 1) fprintf(f, " (shard %d/%d)", c->shard_i, c->shard_n);
    fprintf(f, " ===\n");
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            const Encounter *e = &r->enc[a * n + b];
            if (stats_games(&e->st) == 0) continue;
            fprintf(f, "%s vs %s:\n", c->engines[a].name, c->engines[b].name);
            const StatsSprtParams *sp = c->sprt_on && n == 2 ? &c->sprt : NULL;
            size_t need = stats_format_report(NULL, 0, &e->st, sp);
            char *buf = util_xmalloc(need + 1);
            stats_format_report(buf, need + 1, &e->st, sp);
            fputs(buf, f);
            free(buf);
        }
    if (n > 2) {
        /* By score, points over games: a gauntlet, a shard or a stopped run
         * gives the engines different numbers of games. */
        fprintf(f, "Standings (by score):\n");
        int *order = util_xmalloc((size_t)n * sizeof *order);
        for (int i = 0; i < n; i++) order[i] = i;
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && standing_before(r, order[j], order[j - 1]); j--) {
                int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
            }
        for (int k = 0; k < n; k++) {
            int i = order[k];
            fprintf(f, "  %2d. %-24s %6.1f / %d", k + 1, c->engines[i].name, r->points[i],
                    r->played[i]);
            if (r->played[i]) fprintf(f, "  %5.1f%%", 100.0 * r->points[i] / r->played[i]);
            fprintf(f, "\n");
        }
        free(order);
    }
    fprintf(f, "Terminations:");
    int any = 0;
    for (int t = 1; t < TERM_NB; t++)
        if (r->terms[t]) {
            fprintf(f, " %s %llu", term_word((Termination)t), (unsigned long long)r->terms[t]);
            any = 1;
        }
    if (!any) fprintf(f, " none");
    fprintf(f, "\n");
    uint64_t failures = r->terms[TERM_TIME] + r->terms[TERM_DISCONNECT] + r->terms[TERM_STALLS] + r->terms[TERM_ILLEGAL];
    fprintf(f, "Failures: time losses %llu, crashes %llu, stalls %llu, illegal moves %llu (total %llu)\n",
            (unsigned long long)r->terms[TERM_TIME], (unsigned long long)r->terms[TERM_DISCONNECT],
            (unsigned long long)r->terms[TERM_STALLS], (unsigned long long)r->terms[TERM_ILLEGAL],
            (unsigned long long)failures);
    for (int i = 0; i < n; i++)
        if (r->lat_n[i])
            fprintf(
                f,
                "Latency %s: mean %.2f ms, max %.2f ms over %lld move%s (runner-measured minus engine-reported time)\n",
                c->engines[i].name, (double)r->lat_sum_us[i] / (double)r->lat_n[i] / 1000.0,
                (double)r->lat_max_us[i] / 1000.0, (long long)r->lat_n[i],
                r->lat_n[i] == 1 ? "" : "s");
    fflush(f);
}

int report_add_line(Report *r, const char *line)
{
    char *w = text_field(line, "white"), *b = text_field(line, "black");
    int number = -1;
    if (w && b)
        number = report_add_line_as(r, line, report_engine_index(r, w), report_engine_index(r, b));
    free(w);
    free(b);
    return number;
}

int report_add_line_as(Report *r, const char *line, int white, int black)
{
    char *game = text_field(line, "game"), *pair = text_field(line, "pair"),
         *res = text_field(line, "result"), *term = text_field(line, "termination");
    int number = -1;
    if (game && pair && res) {
        GameResult gr = strcmp(res, "1-0") == 0 ? RESULT_WHITE_WINS : strcmp(res, "0-1") == 0 ? RESULT_BLACK_WINS
                      : strcmp(res, "1/2-1/2") == 0 ? RESULT_DRAW : RESULT_NONE;
        if (white >= 0 && black >= 0 && white != black && gr != RESULT_NONE) {
            number = atoi(game);
            report_add(r, white, black, atoi(pair), gr, term ? term_from_word(term) : TERM_NONE, 1);
        }
    }
    free(game);
    free(pair);
    free(res);
    free(term);
    return number;
}
