/*
 * search.c - the search driver: the public API of search.h, the search
 * threads, iterative deepening with aspiration windows and MultiPV, time
 * control, and the "info" lines.
 *
 * Parallel search (YBWC, docs/engine.md "Parallel search"): the main
 * thread (the caller of search_run) alone iterates, prints, keeps time
 * and answers; the helpers wait in ab_idle_loop() for the split points of
 * its tree (alphabeta.c) until the search ends.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "eval.h"
#include "output.h"
#include "params.h"
#include "rules/notation.h"
#include "search_internal.h"
#include "skill.h"
#include "tbprobe.h"

/* ---------------------------------------------------------------- threads */

static void thread_free(Thread *t)
{
    if (!t) return;
    free(t->keys);
    free(t->rev);
    free(t->plies);
    free(t->pv);
    free(t->root_moves);
    pthread_mutex_destroy(&t->split_lock);
    free(t);
}

static Thread *thread_new(Search *s, int index)
{
    Thread *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->search = s;
    t->index = index;
    pthread_mutex_init(&t->split_lock, NULL);
    t->plies = calloc(MAX_PLY + 1, sizeof *t->plies);
    t->pv = calloc(MAX_PLY + 1, sizeof *t->pv);
    t->root_moves = calloc(MAX_MOVES, sizeof *t->root_moves);
    if (!t->plies || !t->pv || !t->root_moves) {
        thread_free(t);
        return NULL;
    }
    return t;
}

/* Makes sure threads[0..n-1] exist; returns how many do (at least 1 unless
 * out of memory). */
static int ensure_threads(Search *s, int n)
{
    for (int i = 0; i < n; i++) {
        if (!s->threads[i] && !(s->threads[i] = thread_new(s, i)))
            return i;
    }
    return n;
}

static void thread_clear_tables(Thread *t)
{
    movepick_history_clear(&t->history);
    for (int p = 0; p <= MAX_PLY; p++)
        memset(t->plies[p].killers, 0, sizeof t->plies[p].killers);
}

/* -------------------------------------------------------------- public API */

Search *search_new(size_t hash_mib)
{
    Search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    if (tt_init(&s->tt, hash_mib) < 0) {
        free(s);
        return NULL;
    }
    atomic_init(&s->stop, false);
    atomic_init(&s->pondering, false);
    atomic_init(&s->ponderhit, false);
    atomic_init(&s->ponderhit_at, 0);
    atomic_init(&s->finished, true);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&s->timer_cv, &ca);
    pthread_condattr_destroy(&ca);
    pthread_mutex_init(&s->timer_mu, NULL);
    pthread_mutex_init(&s->answer_mu, NULL);
    atomic_init(&s->early_ok, false);
    atomic_init(&s->stop_requested, false);
    ab_init_tables();
    atomic_init(&s->helpers_exit, false);
    if (ensure_threads(s, 1) < 1) {
        search_free(s);
        return NULL;
    }
    return s;
}

void search_free(Search *s)
{
    if (!s) return;
    for (int i = 0; i < MAX_THREADS; i++)
        thread_free(s->threads[i]);
    tt_free(&s->tt);
    free(s->hist_keys);
    free(s->hist_rev);
    pthread_cond_destroy(&s->timer_cv);
    pthread_mutex_destroy(&s->timer_mu);
    pthread_mutex_destroy(&s->answer_mu);
    free(s);
}

int search_set_hash(Search *s, size_t mib)
{
    return tt_resize(&s->tt, mib);
}

void search_clear(Search *s)
{
    tt_clear(&s->tt);
    for (int i = 0; i < MAX_THREADS; i++)
        if (s->threads[i])
            thread_clear_tables(s->threads[i]);
}

void search_stop(Search *s)
{
    atomic_store(&s->stop_requested, true);
    atomic_store(&s->early_ok, true);
    atomic_store(&s->stop, true);
}

void search_set_answer(Search *s, SearchAnswerFn fn, void *ctx)
{
    s->answer_fn = fn;
    s->answer_ctx = ctx;
}

void search_ponderhit(Search *s)
{
    atomic_store(&s->ponderhit_at, timeman_now_ms());
    atomic_store(&s->ponderhit, true);
    atomic_store(&s->pondering, false);
}

void search_set_quiet(Search *s, bool quiet)
{
    s->quiet = quiet;
}

void search_last_info(const Search *s, SearchInfo *out)
{
    *out = s->last;
}

/* ----------------------------------------------------------- time control */

static uint64_t total_tbhits(Search *s)
{
    uint64_t n = 0;
    for (int i = 0; i < s->nthreads; i++)
        n += atomic_load_explicit(&s->threads[i]->tbhits, memory_order_relaxed);
    return n;
}

static uint64_t total_nodes(Search *s)
{
    uint64_t n = 0;
    for (int i = 0; i < s->nthreads; i++)
        n += thread_nodes(s->threads[i]);
    return n;
}

/* When our clock started: at the ponderhit for a pondering search, else
 * when search_run() began. */
static int64_t clock_start(Search *s)
{
    if (s->limits.ponder && atomic_load_explicit(&s->ponderhit, memory_order_relaxed))
        return atomic_load_explicit(&s->ponderhit_at, memory_order_relaxed);
    return s->tm.start;
}

static int64_t elapsed_ms(Search *s)
{
    return timeman_now_ms() - clock_start(s);
}

/* Sets the stop flag when the hard time limit has passed (however late
 * the caller woke: the clock is read each time), but never before a
 * thread has completed depth 1 (its line then answers): a search stopped
 * earlier has only the first generated move to answer (docs/engine.md, "Time management";
 * Stockfish's check_time waits for completedDepth >= 1 alike). */
static void check_time(Search *s)
{
    if (s->tm.timed && !atomic_load_explicit(&s->pondering, memory_order_relaxed)
        && atomic_load_explicit(&s->completed_depth, memory_order_relaxed) >= 1
        && elapsed_ms(s) >= s->tm.hard) {
        atomic_store(&s->early_ok, true);
        atomic_store(&s->stop, true);
    }
}

/* The timer thread's answer for a search thread that is late (search.h,
 * search_set_answer): the last completed iteration's move, unless the
 * search has answered or has nothing to answer. */
static void answer_early(Search *s)
{
    pthread_mutex_lock(&s->answer_mu);
    if (!s->answered && s->have_early && s->answer_fn) {
        s->answered = true;
        s->answer_fn(s->answer_ctx, &s->early_best, &s->early_ponder);
    }
    pthread_mutex_unlock(&s->answer_mu);
}

/* The time ns from now on the monotonic clock (timer_cv's). */
static struct timespec time_in(long ns)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    ts.tv_nsec += ns;
    if (ts.tv_nsec >= 1000000000) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000;
    }
    return ts;
}

void search_check_nodes(Thread *t)
{
    Search *s = t->search;
    if (s->limits.nodes && total_nodes(s) >= s->limits.nodes)
        atomic_store(&s->stop, true);
}

void search_check_limits(Thread *t)
{
    search_check_nodes(t);
    check_time(t->search);
}

/* The timer thread: checks the clock every millisecond, so the hard limit
 * holds however slowly nodes come (a node with a huge capture list can take
 * milliseconds), and never needs a system call in the search itself.  It
 * waits on a condition variable rather than sleeping, so the end of the
 * search wakes it at once: joining it never delays the bestmove (a plain
 * 1 ms sleep measured 2-5 ms to return on this machine). */
static void *timer_main(void *arg)
{
    Search *s = arg;
    pthread_mutex_lock(&s->timer_mu);
    while (!atomic_load(&s->finished) && !search_stopped(s)) {
        check_time(s);
        struct timespec ts = time_in(TIMER_PERIOD_NS);
        pthread_cond_timedwait(&s->timer_cv, &s->timer_mu, &ts);
    }
    /* A stop or the hard limit: the search thread needs a CPU to unwind
     * and answer, and on a loaded machine it may wait tens of ms for one
     * (bench/REPORT.md, "Moves on time under load").  The timer thread
     * has just woken, so it runs: after a grace it answers itself. */
    if (!atomic_load(&s->finished) && atomic_load(&s->early_ok)) {
        struct timespec until = time_in(ANSWER_GRACE_NS);
        while (!atomic_load(&s->finished)
               && pthread_cond_timedwait(&s->timer_cv, &s->timer_mu, &until) != ETIMEDOUT) {}
        if (!atomic_load(&s->finished)) answer_early(s);
    }
    pthread_mutex_unlock(&s->timer_mu);
    return NULL;
}

/* ------------------------------------------------------------------ output */

static int mate_moves(int score)
{
    if (score >= MATE_BOUND) return (MATE - score + 1) / 2;
    if (score <= -MATE_BOUND) return -(MATE + score) / 2;
    return 0;
}

static void score_string(int score, char *buf, size_t len)
{
    if (score >= MATE_BOUND || score <= -MATE_BOUND)
        snprintf(buf, len, "mate %d", mate_moves(score));
    else
        snprintf(buf, len, "cp %d", score);
}

/* Writes the moves of a line from pos as protocol strings. */
static void line_string(const Position *root, const Move *line, int n, char *buf, size_t len)
{
    Position p = *root;
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && used + MOVE_STR_MAX + 2 < len; i++) {
        char ms[MOVE_STR_MAX];
        Undo u;
        notation_move_string(&p, &line[i], ms, sizeof ms);
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", ms);
        position_make(&p, &line[i], &u);
    }
}

static int shown_score(const RootMove *rm)
{
    return rm->score != -SCORE_INF ? rm->score : rm->prev_score;
}

/* A root score as reported (info lines, search_last_info()): without the
 * TradeBonus share of the root position, so that an even ending reads near
 * 0 for adjudication and people; decided and table scores unchanged. */
static int reported_score(const Search *s, const Position *root, int score)
{
    /* the lowest table win, TB_WIN_SCORE - MAX_PLY (tbprobe.c), and above */
    if (score >= MATE_BOUND - 1 - 2 * MAX_PLY || score <= -(MATE_BOUND - 1 - 2 * MAX_PLY))
        return score;
    return score - trade_bonus_at(&s->opt, root);
}

/* One "info" line for MultiPV line k (0-based) of thread t. */
static void print_line(Search *s, Thread *t, int depth, int k)
{
    if (s->quiet) return;
    RootMove *rm = &t->root_moves[k];
    size_t cap = (size_t)MAX_PLY * (MOVE_STR_MAX + 1) + 512;
    char *line = malloc(cap), *pv = malloc(cap);
    if (!line || !pv) {
        free(line);
        free(pv);
        return;
    }
    char sc[32];
    rm->shown_score = shown_score(rm);
    score_string(reported_score(s, &t->pos, rm->shown_score), sc, sizeof sc);
    line_string(&t->pos, rm->pv, rm->pv_len, pv, cap);
    /* time in whole ms, nps from the microseconds (one clock reading for
     * both): a search within 1 ms says time 0 and its true rate, not
     * nodes * 1000 (PROTOCOL.md section 5). */
    int64_t now_us = timeman_now_us(), us = now_us - s->start_us;
    int64_t ms = now_us / 1000 - s->start_ms;
    uint64_t nodes = total_nodes(s);
    uint64_t nps = (uint64_t)((double)nodes * 1e6 / (double)(us > 0 ? us : 1));
    char tbhits[48] = "";
    if (s->opt.tb)
        snprintf(tbhits, sizeof tbhits, " tbhits %llu", (unsigned long long)total_tbhits(s));
    snprintf(
        line, cap,
        "info depth %d seldepth %d multipv %d score %s nodes %llu nps %llu hashfull %d%s time %lld pv %s",
        depth, rm->seldepth > 0 ? rm->seldepth : 1, k + 1, sc, (unsigned long long)nodes,
        (unsigned long long)nps, tt_hashfull(&s->tt), tbhits, (long long)ms, pv);
    /* Nothing after an early bestmove; line 1 is what an early answer
     * gives (its pv starts with the move, as PROTOCOL.md section 5 says). */
    pthread_mutex_lock(&s->answer_mu);
    if (!s->answered) {
        output_text(line);
        if (k == 0 && s->opt.skill_weakness <= 0) {
            Move none = { 0, 0, 0 };
            s->early_best = rm->move;
            s->early_ponder = rm->pv_len > 1 ? rm->pv[1] : none;
            s->have_early = true;
        }
    }
    pthread_mutex_unlock(&s->answer_mu);
    free(line);
    free(pv);
}

/* ------------------------------------------------------ iterative deepening */

/* Stable insertion sort of root moves [from, to) by score, best first. */
static void sort_root(RootMove *rm, int from, int to)
{
    for (int i = from + 1; i < to; i++) {
        RootMove x = rm[i];
        int j = i;
        while (j > from && rm[j - 1].score < x.score) {
            rm[j] = rm[j - 1];
            j--;
        }
        rm[j] = x;
    }
}

/* Aspiration windows for MultiPV line t->pv_index: +-delta around the last
 * score, widened after each failure until the window is full (as in Scan;
 * constants in params.h, not tuned in dablo). */
static void aspiration(Thread *t, int depth)
{
    RootMove *rm = &t->root_moves[t->pv_index];
    int prev = rm->prev_score, delta = ASPIRATION_DELTA;
    int alpha = -SCORE_INF, beta = SCORE_INF;
    if (depth >= ASPIRATION_MIN_DEPTH && prev > -MATE_BOUND && prev < MATE_BOUND) {
        alpha = prev - delta;
        beta = prev + delta;
    }
    for (;;) {
        int score = ab_root(t, alpha, beta, depth);
        sort_root(t->root_moves, t->pv_index, t->nroot);
        if (t->aborted)
            return;
        if (score <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = score - delta;
        } else if (score >= beta) {
            beta = score + delta;
        } else {
            return;
        }
        delta += delta / ASPIRATION_GROWTH_DIVISOR;
        if (delta > ASPIRATION_MAX_DELTA || alpha <= -MATE_BOUND) alpha = -SCORE_INF;
        if (delta > ASPIRATION_MAX_DELTA || beta >= MATE_BOUND) beta = SCORE_INF;
    }
}

/* True when thread t, having completed depth, need not go deeper in a
 * timed search: a forced move is answered at once, and a deeper iteration
 * cannot change a game's end seen in full. */
static bool searched_enough(Search *s, Thread *t, int depth)
{
    if (!s->tm.timed || atomic_load(&s->pondering))
        return false;
    if (t->nroot == 1) return true;
    int score = t->root_moves[0].score;
    return (score >= MATE_BOUND || score <= -MATE_BOUND) && depth >= MATE - abs(score) + 4;
}

/* The main thread's decision after an iteration: true = stop now. */
static bool time_to_stop(Search *s, Thread *t, int depth, int changes)
{
    if (!s->tm.timed || atomic_load(&s->pondering)) return false;
    if (searched_enough(s, t, depth)) return true;
    if (s->limits.movetime > 0)
        return false;                        /* the fixed time is used in full */
    /* Stretch the budget while the best move keeps changing and stop when
     * the next iteration would overrun it (params.h, after Scan). */
    double scale = TIME_SCALE_BASE + TIME_SCALE_PER_CHANGE * changes;
    if (scale > TIME_SCALE_MAX) scale = TIME_SCALE_MAX;
    return (double)elapsed_ms(s) * TIME_NEXT_ITERATION >= (double)s->tm.soft * scale;
}

/* The deepest iteration: 1 for a forced move on the clock, else go
 * depth's, else MAX_DEPTH. */
static int max_depth_of(const Thread *t)
{
    const Search *s = t->search;
    if (t->nroot == 1 && s->tm.timed && !s->limits.ponder)
        return 1;
    return s->limits.depth > 0 && s->limits.depth < MAX_DEPTH ? s->limits.depth : MAX_DEPTH;
}

/* Iterative deepening of the main thread t: each iteration searches every
 * MultiPV line through its aspiration window, then prints the lines and
 * asks the time manager whether to go on. */
static void iterate(Thread *t)
{
    Search *s = t->search;
    int multipv = s->opt.multipv < 1 ? 1 : s->opt.multipv;
    if (multipv > t->nroot) multipv = t->nroot;
    int max_depth = max_depth_of(t);
    int changes = 0;

    while (t->completed_depth < max_depth) {
        int depth = t->completed_depth + 1;
        if (search_stopped(s))
            break;
        Move before = t->root_moves[0].move;
        t->root_depth = depth;
        t->seldepth = 0;
        for (t->pv_index = 0; t->pv_index < multipv; t->pv_index++) {
            aspiration(t, depth);
            sort_root(t->root_moves, 0, t->pv_index + 1);
            if (t->aborted)
                break;
        }
        if (t->aborted)
            break;
        bool first = t->completed_depth == 0;
        t->completed_depth = depth;
        atomic_store(&s->completed_depth, depth);
        for (int i = 0; i < t->nroot; i++)
            if (t->root_moves[i].score != -SCORE_INF)
                t->root_moves[i].prev_score = t->root_moves[i].score;
        for (int k = 0; k < multipv; k++)
            print_line(s, t, depth, k);
        changes = changes / 2 + !move_equal(&before, &t->root_moves[0].move) * TIME_CHANGE_WEIGHT;
        if (time_to_stop(s, t, depth, first ? 0 : changes)) break;
    }
}

/* A helper thread: searches at split points until the search ends. */
static void *helper_main(void *arg)
{
    ab_idle_loop(arg, NULL);
    return NULL;
}

/* ------------------------------------------------------------ search_run */

/* How often an "infinite" or pondering search that has finished checks
 * for stop or ponderhit (ns). */
enum { STOP_POLL_NS = 1000000 };

/* Keys and reversibility of the game before the root (for repetitions). */
static int load_history(Search *s, const Game *g)
{
    int n = g->nmoves + 1;
    if (n > s->hist_cap) {
        uint64_t *k = realloc(s->hist_keys, (size_t)n * sizeof *k);
        if (!k) return -1;
        s->hist_keys = k;
        int *r = realloc(s->hist_rev, (size_t)n * sizeof *r);
        if (!r) return -1;
        s->hist_rev = r;
        s->hist_cap = n;
    }
    Position p = g->start;
    s->hist_keys[0] = p.key;
    s->hist_rev[0] = 0;
    for (int i = 0; i < g->nmoves; i++) {
        Undo u;
        bool irr = move_irreversible(&p, &g->moves[i]);
        position_make(&p, &g->moves[i], &u);
        s->hist_keys[i + 1] = g->keys ? g->keys[i + 1] : p.key;
        s->hist_rev[i + 1] = irr ? 0 : s->hist_rev[i] + 1;
    }
    s->hist_len = n;
    return 0;
}

static int thread_prepare(Thread *t, const Game *g, const RootMove *roots, int nroot)
{
    Search *s = t->search;
    int cap = s->hist_len + MAX_PLY + 2;
    if (cap > t->key_cap) {
        uint64_t *k = realloc(t->keys, (size_t)cap * sizeof *k);
        if (!k) return -1;
        t->keys = k;
        int *r = realloc(t->rev, (size_t)cap * sizeof *r);
        if (!r) return -1;
        t->rev = r;
        t->key_cap = cap;
    }
    memcpy(t->keys, s->hist_keys, (size_t)s->hist_len * sizeof *t->keys);
    memcpy(t->rev, s->hist_rev, (size_t)s->hist_len * sizeof *t->rev);
    t->root_index = s->hist_len - 1;
    t->pos = g->pos;
    memcpy(t->root_moves, roots, (size_t)nroot * sizeof *roots);
    t->nroot = nroot;
    t->completed_depth = 0;
    t->root_depth = 0;
    atomic_store(&s->completed_depth, 0);
    t->aborted = false;
    t->sp_active = NULL;
    atomic_store(&t->waiting_sp, NULL);
    atomic_store(&t->nsplits, 0);
    atomic_store(&t->assigned, t->index == 0 ? SPLIT_BUSY : NULL);
    atomic_store(&t->nodes, 0);
    atomic_store(&t->tbhits, 0);
    return 0;
}

/* Root moves of pos (restricted to searchmoves when given), ordered as the
 * move picker would order them at the first iteration. */
static int root_moves(Thread *t, const Position *pos, const SearchLimits *l, RootMove *out)
{
    MoveList *list = &t->plies[0].list;
    int *scores = t->plies[0].scores;
    movegen_legal(pos, list);
    MovePicker mp;
    static const Move none[2];
    movepick_init(&mp, pos, list, scores, 0, none, &t->history);
    int n = 0, ms;
    const Move *m;
    while ((m = movepick_next(&mp, &ms))) {
        bool wanted = l->nsearchmoves <= 0;
        for (int i = 0; i < l->nsearchmoves && !wanted; i++)
            wanted = move_equal(m, &l->searchmoves[i]);
        if (!wanted) continue;
        RootMove *rm = &out[n++];
        memset(rm, 0, sizeof *rm);
        rm->move = *m;
        rm->score = rm->prev_score = rm->shown_score = -SCORE_INF;
        rm->score_depth = 0;
        rm->pv[0] = *m;
        rm->pv_len = 1;
    }
    return n;
}

/* Reply to expect after best: the second move of the line, else the TT's
 * move in the position after best. */
static Move ponder_move(Search *s, const Position *root, const RootMove *rm)
{
    Move none = { 0, 0, 0 };
    if (rm->pv_len >= 2)
        return rm->pv[1];
    Position p = *root;
    Undo u;
    position_make(&p, &rm->move, &u);
    TTHit hit;
    if (!tt_probe(&s->tt, p.key, &hit) || !hit.move)
        return none;
    MoveList *list = malloc(sizeof *list);
    if (!list) return none;
    movegen_legal(&p, list);
    for (int i = 0; i < list->n; i++)
        if (tt_move_matches(hit.move, &list->moves[i])) {
            none = list->moves[i];
            break;
        }
    free(list);
    return none;
}

/* The finished game at the root: one info line with its score. */
static void report_game_over(Search *s, const Position *pos)
{
    int loser;
    EndReason r = position_end_by_rule(pos, &loser);
    int score = r == END_NONE ? -MATE : loser < 0 ? 0 : loser == (int)pos->stm ? -MATE : MATE;
    s->last.score = score;
    s->last.mate = 0;
    if (s->quiet) return;
    if (score == 0)
        output_line("info depth 0 score cp 0");
    else
        output_line("info depth 0 score mate 0");
}

/* Root setup: the root moves (those of searchmoves, or all of them when
 * none of those is legal), the game history before the root, a new TT
 * generation and every thread's copy of them.  Returns the number of root
 * moves, or 0 when there is none (the game is over, and reported) or
 * memory ran out. */
static int setup_root(Search *s, const Game *g, const SearchLimits *limits)
{
    Thread *main = s->threads[0];
    RootMove *roots = malloc(MAX_MOVES * sizeof *roots);
    int nroot = roots ? root_moves(main, &g->pos, limits, roots) : 0;
    if (nroot == 0 && roots && limits->nsearchmoves > 0)
        nroot = root_moves(main, &g->pos, &(SearchLimits){ .nsearchmoves = 0 }, roots);
    /* In the endgame tables only the moves that keep the best value and
     * reach the next zeroing move soonest are searched (tbprobe.h). */
    bool root_hit;
    nroot = tbprobe_root(s->opt.tb, &g->pos, roots, nroot, &root_hit);
    if (nroot == 0 || load_history(s, g) < 0) {
        if (nroot == 0 && roots)
            report_game_over(s, &g->pos);
        free(roots);
        return 0;
    }

    tt_new_search(&s->tt);
    int ready = 0;
    for (int i = 0; i < s->nthreads; i++, ready++)
        if (thread_prepare(s->threads[i], g, roots, nroot) < 0)
            break;
    s->nthreads = ready > 0 ? ready : 1;
    if (root_hit) atomic_store(&main->tbhits, 1); /* after thread_prepare's reset */
    free(roots);
    return nroot;
}

/* The search itself: starts the timer thread (timed or pondering searches)
 * and the helpers, runs iterative deepening on the calling thread, waits
 * for stop or ponderhit when the search must not answer before, then stops
 * and joins every thread (a helper that could not be started is marked
 * busy, so no split point is handed to it). */
static void run_threads(Search *s, const SearchLimits *limits)
{
    atomic_store(&s->finished, false);
    pthread_t timer;
    bool have_timer = (s->tm.timed || limits->ponder || (s->answer_fn && !s->quiet))
                   && pthread_create(&timer, NULL, timer_main, s) == 0;
    int started = 1;
    atomic_store(&s->helpers_exit, false);
    for (int i = 1; i < s->nthreads; i++, started++)
        if (pthread_create(&s->threads[i]->handle, NULL, helper_main, s->threads[i]) != 0)
            break;
    for (int i = started; i < s->nthreads; i++) /* never handed a split point */
        atomic_store(&s->threads[i]->assigned, SPLIT_BUSY);
    iterate(s->threads[0]);
    /* No split point comes after the main thread's iterations. */
    atomic_store(&s->helpers_exit, true);

    /* "infinite" and pondering searches answer only after stop/ponderhit,
     * also when a node or depth limit ended the search itself (PROTOCOL.md
     * section 3.3: they never end by themselves). */
    while (!atomic_load(&s->stop_requested) && (limits->infinite || atomic_load(&s->pondering))) {
        struct timespec ts = { 0, STOP_POLL_NS };
        nanosleep(&ts, NULL);
    }
    atomic_store(&s->stop, true);
    pthread_mutex_lock(&s->timer_mu);
    atomic_store(&s->finished, true);
    pthread_cond_signal(&s->timer_cv);
    pthread_mutex_unlock(&s->timer_mu);
    for (int i = 1; i < started; i++)
        pthread_join(s->threads[i]->handle, NULL);
    if (have_timer) pthread_join(timer, NULL);
}

/* Skill Level below full strength (skill.h): the level's depth and node
 * limits on top of those of "go", and at least SKILL_MULTIPV lines. */
static void skill_setup(Search *s)
{
    int depth;
    uint64_t nodes;
    skill_limits(s->opt.skill_weakness, &depth, &nodes);
    if (!depth) return;
    if (!s->limits.depth || s->limits.depth > depth) s->limits.depth = depth;
    if (!s->limits.nodes || s->limits.nodes > nodes) s->limits.nodes = nodes;
    if (s->opt.multipv < SKILL_MULTIPV) s->opt.multipv = SKILL_MULTIPV;
}

/* The skill's choice among the scored lines of bt, moved to the front
 * (the others keep their order).  Returns true when it is not the best. */
static bool skill_choose(Search *s, Thread *bt, const Position *root)
{
    int n = 0, scores[SKILL_MULTIPV];
    if (s->opt.skill_weakness <= 0) return false;
    while (n < SKILL_MULTIPV && n < bt->nroot && shown_score(&bt->root_moves[n]) != -SCORE_INF) {
        scores[n] = shown_score(&bt->root_moves[n]);
        n++;
    }
    int k = skill_pick(scores, n, s->opt.skill_weakness, root->key);
    if (k == 0) return false;
    RootMove chosen = bt->root_moves[k];
    memmove(&bt->root_moves[1], &bt->root_moves[0], (size_t)k * sizeof chosen);
    bt->root_moves[0] = chosen;
    return true;
}

/* The lines again after the search's last word changed them (a stopped
 * iteration, a Skill Level's pick): every MultiPV line, so that a host
 * keeping the last line of each never shows a move twice; a line scored
 * by the unfinished iteration says that iteration's depth. */
static void print_final_lines(Search *s, Thread *bt)
{
    int multipv = s->opt.multipv < 1 ? 1 : s->opt.multipv;
    if (multipv > bt->nroot) multipv = bt->nroot;
    for (int k = 0; k < multipv; k++) {
        const RootMove *rm = &bt->root_moves[k];
        bool newer = rm->score != -SCORE_INF && rm->score_depth > bt->completed_depth;
        print_line(s, bt, bt->completed_depth + newer, k);
    }
}

/* The answer of the main thread: its first root move and the reply to
 * ponder on, the last info line when the one printed is not its final
 * word, and the summary in s->last.  Returns true when the timer thread
 * had already answered (*best and *ponder are then what it gave). */
static bool answer(Search *s, const Game *g, Move *best, Move *ponder)
{
    Thread *bt = s->threads[0];
    RootMove *rm = &bt->root_moves[0];
    if (rm->score == -SCORE_INF) {
        rm->score = rm->prev_score;
        rm->score_depth = bt->completed_depth;
    }
    if (rm->score == -SCORE_INF) {
        /* Stopped before the first iteration scored any move (a stop right
         * after "go", or a tiny node limit): answer the first move
         * in move-ordering order, scored by the static evaluation. */
        Position p = g->pos;
        Undo u;
        position_make(&p, &rm->move, &u);
        rm->score = -eval_position_for(&p, (int)g->pos.stm, NULL) + trade_bonus_at(&s->opt, &p);
    }
    bool skilled = skill_choose(s, bt, &g->pos);
    /* No line for an iteration that did not complete: a search stopped
     * before depth 1 ends answers after no score line, rather than with a
     * "depth 1" a host would take for a searched result (PROTOCOL.md
     * section 3.3).  Stockfish likewise prints no line for an aborted
     * iteration whose score is unproven (search.cpp, abortedSearch). */
    if (bt->completed_depth > 0 && (skilled || rm->shown_score == -SCORE_INF || bt->aborted))
        print_final_lines(s, bt);
    /* The bestmove is this thread's to give now, unless the timer thread
     * gave it (search_set_answer). */
    pthread_mutex_lock(&s->answer_mu);
    bool early = s->answered;
    s->answered = true;
    pthread_mutex_unlock(&s->answer_mu);

    *best = early ? s->early_best : rm->move;
    *ponder = early ? s->early_ponder : ponder_move(s, &g->pos, rm);
    s->last.depth = bt->completed_depth;
    s->last.seldepth = rm->seldepth;
    s->last.score = reported_score(s, &g->pos, shown_score(rm));
    s->last.mate = mate_moves(s->last.score);
    s->last.nodes = total_nodes(s);
    s->last.tbhits = total_tbhits(s);
    s->last.time_ms = timeman_now_ms() - s->start_ms;
    s->last.best = *best;
    return early;
}

int search_run(Search *s, const Game *g, const SearchLimits *limits,
               const SearchOptions *opt, Move *best, Move *ponder)
{
    Move none = { 0, 0, 0 };
    *best = *ponder = none;
    s->start_us = limits->start_us > 0 ? limits->start_us : timeman_now_us();
    s->start_ms = s->start_us / 1000;
    s->limits = *limits;
    s->opt = *opt;
    skill_setup(s);
    memset(&s->last, 0, sizeof s->last);
    timeman_init(&s->tm, limits, g->pos.stm, opt->move_overhead);
    atomic_store(&s->stop, false);
    atomic_store(&s->ponderhit, false);
    atomic_store(&s->pondering, limits->ponder);
    atomic_store(&s->early_ok, false);
    atomic_store(&s->stop_requested, false);
    s->answered = s->have_early = false;
    int want = opt->threads < 1 ? 1 : opt->threads > MAX_THREADS ? MAX_THREADS : opt->threads;
    /* A Skill Level below the top searches with one thread: the same
     * position at the same level gives the same move (docs/skill.md);
     * with more threads the lines and so the level's pick vary. */
    if (opt->skill_weakness > 0) want = 1;
    s->nthreads = ensure_threads(s, want);

    if (setup_root(s, g, limits) == 0) {
        s->last.time_ms = timeman_now_ms() - s->start_ms;
        return -1;
    }
    run_threads(s, limits);
    return answer(s, g, best, ponder) ? 1 : 0;
}

/* ------------------------------------------------------------------ eval */

void search_eval_report(const Position *pos)
{
    EvalTrace t;
    eval_trace(pos, &t);
    output_line("info string eval %-10s %7s %7s %7s", "term", "white", "black", "total");
    for (int i = 0; i < TERM_NB; i++)
        output_line("info string eval %-10s %7d %7d %7d", eval_term_name((EvalTerm)i),
                 t.term[i][WHITE], t.term[i][BLACK], t.term[i][WHITE] - t.term[i][BLACK]);
    if (t.scale != EVAL_SCALE_FULL)
        output_line("info string eval DrawPlies scale %d/%d", t.scale, EVAL_SCALE_FULL);
    output_line("info string eval total %d (White's view %d, side to move %s)",
             t.total, pos->stm == WHITE ? t.total : -t.total, pos->stm == WHITE ? "white" : "black");
}
