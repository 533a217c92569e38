/*
 * play.c - one game between two engines, judged by the rules library
 * (see play.h).
 */
#include "play.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "adjudicate.h"
#include "tbadjudicate.h"
#include "host/util.h"
#include "rules/game.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "think.h"

static const char *color_name(Color c) { return c == WHITE ? "White" : "Black"; }

/* Starts the engine if needed and begins a new game.  Returns ENGINE_OK or the failure. */
static EngineStatus prepare(Worker *w, int idx, char *err, size_t errlen)
{
    const MatchConfig *c = w->cfg;
    Engine *e = &w->engines[idx];
    if (!e->running) {
        EngineStatus s = engine_start(e, &c->engines[idx], &c->sent, c->startup_ms, w->id, w->log,
                                      w->abort_fd, err, errlen);
        if (s != ENGINE_OK) return s;
    }
    EngineStatus s = engine_newgame(e, c->newgame_ms);
    if (s != ENGINE_OK)
        snprintf(err, errlen, "%s after ucinewgame",
                 s == ENGINE_TIMEOUT ? "no readyok within the newgame time" : "disconnected");
    return s;
}

/* What the host did during a move lost on time (hoststall.h), for its
 * note: "; the machine was frozen for N ms during the move (not charged)"
 * and "; N ms of CPU time stolen from its CPUs", or "". */
static const char *host_note(int64_t frozen_us, int credited, int64_t stolen_ms, char *buf, size_t len)
{
    buf[0] = '\0';
    size_t n = 0;
    if (frozen_us >= 1000)
        n = (size_t)snprintf(buf, len, "; the machine was frozen for %lld ms during the move%s",
                             (long long)(frozen_us / 1000), credited ? " (not charged)" : "");
    if (stolen_ms >= 20 && n < len)
        snprintf(buf + n, len - n, "; %lld ms of CPU time stolen from its CPUs (steal)", (long long)stolen_ms);
    return buf;
}

static Termination failure_term(EngineStatus s)
{
    return s == ENGINE_TIMEOUT ? TERM_STALLS : TERM_DISCONNECT;
}

static void set_end(GameRecord *rec, GameResult r, Termination t, const char *detail)
{
    rec->result = r;
    rec->term = t;
    free(rec->detail);
    rec->detail = util_xstrdup(detail);
}

/* The record's header: names, start position, time controls, date. */
static void record_begin(GameRecord *rec, const Worker *w, const GameSpec *gs)
{
    const MatchConfig *c = w->cfg;
    const Opening *op = &w->book->v[gs->opening];
    memset(rec, 0, sizeof *rec);
    rec->spec = *gs;
    rec->white = util_xstrdup(c->engines[gs->white].name);
    rec->black = util_xstrdup(c->engines[gs->black].name);
    rec->start_fen = util_xstrdup(op->fen);
    rec->from_start = strcmp(op->fen, position_start_fen(c->rules.variant)) == 0;
    rec->opening_moves = op->moves;
    rec->opening_number = w->book->from_file ? gs->opening + 1 : 0;
    const int side[2] = { gs->white, gs->black };
    char *tc[2] = { rec->white_tc, rec->black_tc };
    for (int s = 0; s < 2; s++) {
        const EngineSpec *spec = &c->engines[side[s]];
        tc_format(&spec->tc, tc[s], sizeof rec->white_tc);
        if (!spec->tc.timed && spec->st_ms > 0)
            snprintf(tc[s], sizeof rec->white_tc, "%.3f/move", spec->st_ms / 1000.0);
    }
    time_t now = time(NULL);
    struct tm tmv;
    localtime_r(&now, &tmv);
    strftime(rec->date, sizeof rec->date, "%Y.%m.%d", &tmv);
    rec->result = RESULT_NONE;
}

/* One game at the table: the judge's game, the clocks, adjudication, and
 * the base of the "position" line (see play.h). */
typedef struct Table {
    Worker *w;
    const MatchConfig *cfg;
    const GameSpec *gs;
    GameRecord *rec;
    Engine *eng[2];               /* White's, Black's */
    Game g;
    GameResult result;            /* by the rules after the last move */
    EndReason why;
    Clock clk[2];
    Adjudicator adj;
    char base_fen[200];           /* the position after the last capture */
    int base_index;               /* moves of rec before it */
    StrBuf line;
    int engine_lost;
} Table;

/* What one step of the game led to. */
typedef enum { STEP_ON, STEP_OVER, STEP_ABORTED } Step;

static const EngineSpec *mover_spec(const Table *t, Color mover)
{
    return &t->cfg->engines[mover == WHITE ? t->gs->white : t->gs->black];
}

/* The game ends with a loss of `loser` (its engine stopped first when
 * kill, after a crash or a stall): the result, termination and detail.
 * An engine that disconnected (TERM_DISCONNECT) and still runs is reaped
 * (engine_reap(), -quit-ms for it to exit), and how it ended, its exit
 * status or signal, is added to the detail (": it exited with status 3")
 * and said on stderr.  A disconnect that was the runner's failure to read
 * the engine's output (engine_read_errno()) is scored the same, but said
 * as such, in the detail and on stderr, with the cause. */
static Step lose(Table *t, Color loser, int kill, Termination term, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static Step lose(Table *t, Color loser, int kill, Termination term, const char *fmt, ...)
{
    char buf[1024];
    int read_errno = kill && term == TERM_DISCONNECT ? engine_read_errno(t->eng[loser]) : 0;
    if (read_errno) {
        const char *name = mover_spec(t, loser)->name;
        snprintf(buf, sizeof buf, "%s %s: cannot read its output: %s", color_name(loser), name,
                 strerror(read_errno));
        fprintf(
            stderr,
            "dablo-match: engine %s: cannot read its output: %s (game %d: lost as a disconnect)\n",
            name, strerror(read_errno), t->gs->number);
    } else {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(buf, sizeof buf, fmt, ap);
        va_end(ap);
    }
    if (kill && !read_errno && term == TERM_DISCONNECT && t->eng[loser]->running) {
        char how[160];
        engine_reap(t->eng[loser], (int)t->cfg->quit_ms, how, sizeof how);
        size_t n = strlen(buf);
        snprintf(buf + n, sizeof buf - n, ": it %s", how);
        fprintf(stderr, "dablo-match: engine %s %s (game %d: lost as a disconnect)\n",
                mover_spec(t, loser)->name, how, t->gs->number);
    }
    if (kill) {
        engine_kill(t->eng[loser]);
        t->engine_lost = 1;
    }
    set_end(t->rec, loser == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS, term, buf);
    return STEP_OVER;
}

/* Starts both engines if needed and sends each a new game. */
static Step start_engines(Table *t)
{
    const int idx[2] = { t->gs->white, t->gs->black };
    for (int s = 0; s < 2; s++) {
        char err[512];
        EngineStatus st = prepare(t->w, idx[s], err, sizeof err);
        if (st == ENGINE_ABORT) return STEP_ABORTED;
        if (st != ENGINE_OK) {
            Step r = lose(t, (Color)s, 1, failure_term(st), "%s %s: %s", color_name((Color)s),
                          t->cfg->engines[idx[s]].name, err);
            t->engine_lost = 2; /* restarting it would only lose the next game the same way */
            return r;
        }
    }
    return STEP_ON;
}

/* Sets the judge's game, the clocks and adjudication for the opening. */
static Step set_table(Table *t)
{
    const Opening *op = &t->w->book->v[t->gs->opening];
    Position start;
    char err[512];
    if (position_set_fen(&start, &t->cfg->rules, op->fen, err, sizeof err) < 0) {
        /* Checked when the book was loaded; cannot happen. */
        set_end(t->rec, RESULT_DRAW, TERM_NONE, err);
        return STEP_OVER;
    }
    if (game_init(&t->g, &start) < 0) {
        fprintf(stderr, "dablo-match: out of memory\n");
        abort();
    }
    tc_clock_start(&t->clk[WHITE], &t->cfg->engines[t->gs->white].tc);
    tc_clock_start(&t->clk[BLACK], &t->cfg->engines[t->gs->black].tc);
    adj_start(&t->adj, &t->cfg->adj);
    snprintf(t->base_fen, sizeof t->base_fen, "%s", op->fen);
    t->result = game_result(&t->g, &t->why);
    return STEP_ON;
}

/* "position ..." from the last capture (see play.h), then isready. */
static Step send_position(Table *t, Color mover)
{
    const GameRecord *rec = t->rec;
    int n = rec->nmoves - t->base_index;
    const char **moves = util_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *moves);
    for (int i = 0; i < n; i++) moves[i] = rec->moves[t->base_index + i].str;
    const char *fen = t->base_index == 0 && rec->from_start ? NULL : t->base_fen;
    EngineStatus st = engine_set_position(t->eng[mover], fen, moves, n, t->cfg->ping_ms);
    free(moves);
    if (st == ENGINE_ABORT) return STEP_ABORTED;
    if (st != ENGINE_OK)
        return lose(t, mover, 1, failure_term(st), "%s %s %s", color_name(mover), mover_spec(t, mover)->name,
                             st == ENGINE_TIMEOUT ? "did not answer isready in time" : "disconnected");
    return STEP_ON;
}

/* The "go" of the mover: both clocks when the mover plays on one, then
 * its fixed limits. */
static void go_line(Table *t, Color mover, int movestogo)
{
    const EngineSpec *side[2] = { mover_spec(t, WHITE), mover_spec(t, BLACK) };
    EngineGo g;
    memset(&g, 0, sizeof g);
    if (side[mover]->tc.timed) {
        for (int s = 0; s < 2; s++) {
            g.timed[s] = side[s]->tc.timed;
            g.time_ms[s] = tc_clock_left_ms(&t->clk[s]);
            g.inc_ms[s] = side[s]->tc.inc_ms;
        }
        g.movestogo = movestogo;
    }
    engine_go_limits(&g, side[mover]);
    engine_go_line(&t->line, &g);
}

/* How long the mover may take (ms, time + margin; 0 = untimed): the
 * smaller of st= and its clock. */
static int64_t move_deadline(const Table *t, Color mover)
{
    const EngineSpec *spec = mover_spec(t, mover);
    int64_t deadline = 0;
    if (spec->st_ms > 0) deadline = spec->st_ms + spec->timemargin_ms;
    if (spec->tc.timed) {
        int64_t d = t->clk[mover].left_us / 1000 + spec->timemargin_ms;
        if (deadline == 0 || d < deadline) deadline = d;
        if (deadline < 1) deadline = 1;
    }
    return deadline;
}

/* Credits the mover's clock (host/tc.h) and asks for its move (think.h);
 * a failure ends the game. */
static Step ask_move(Table *t, Color mover, ThinkResult *r)
{
    const MatchConfig *c = t->cfg;
    const char *who = mover_spec(t, mover)->name;
    go_line(t, mover, tc_clock_before_move(&t->clk[mover], &mover_spec(t, mover)->tc));
    ThinkLimits lim = { move_deadline(t, mover), c->ping_ms, c->search_ms, c->stop_ms,
                        c->stall_credit };
    EngineStatus st = think_move(t->eng[mover], strbuf_str(&t->line), &lim, r);
    if (st == ENGINE_ABORT) return STEP_ABORTED;
    if (st == ENGINE_EOF)
        return lose(t, mover, 1, TERM_DISCONNECT, "%s %s disconnected while thinking", color_name(mover), who);
    if (st != ENGINE_TIMEOUT) return STEP_ON;
    if (!t->eng[mover]->running) t->engine_lost = 1;
    char note[160];
    if (lim.deadline_ms > 0)
        return lose(t, mover, 0, TERM_TIME, "%s %s loses on time (no bestmove within %lld ms%s)",
                             color_name(mover), who, (long long)lim.deadline_ms,
                             host_note(r->frozen_us, c->stall_credit, r->stolen_ms, note, sizeof note));
    if (r->late == THINK_PAST_BOUND)
        return lose(
            t, mover, 0, TERM_STALLS,
            "%s %s stalls (no bestmove within %lld ms of an untimed search, the bound of -search-ms)",
            color_name(mover), who, (long long)c->search_ms);
    return lose(t, mover, 0, TERM_STALLS, "%s %s stalls (no answer to isready within %lld ms while searching)",
                         color_name(mover), who, (long long)c->ping_ms);
}

/* Charges the move's time to the mover's clock: with -stallcredit, less
 * the time the machine was frozen (hoststall.h).  A move over the clock
 * or st= (+ margin) loses on time. */
static Step charge_time(Table *t, Color mover, const ThinkResult *r, int64_t *charged_ms)
{
    const MatchConfig *c = t->cfg;
    const EngineSpec *spec = mover_spec(t, mover);
    int64_t elapsed_us = r->search.elapsed_us, charged_us = elapsed_us;
    if (c->stall_credit) charged_us = elapsed_us > r->frozen_us ? elapsed_us - r->frozen_us : 0;
    *charged_ms = charged_us / 1000;
    int late = 0;
    if (spec->tc.timed && tc_clock_after_move(&t->clk[mover], charged_us, spec->timemargin_ms) < 0) late = 1;
    if (spec->st_ms > 0 && *charged_ms > spec->st_ms + spec->timemargin_ms) late = 1;
    if (!late) return STEP_ON;
    char note[160];
    return lose(t, mover, 0, TERM_TIME, "%s %s loses on time (%lld ms used%s)", color_name(mover), spec->name,
                         (long long)*charged_ms, host_note(r->frozen_us, c->stall_credit, r->stolen_ms, note, sizeof note));
}

/* The bestmove as a legal move of the position; anything else loses. */
static Step judge_move(Table *t, Color mover, const char *mv, Move *m)
{
    char why_bad[256];
    if (mv[0] && notation_parse_move(&t->g.pos, mv, m, why_bad, sizeof why_bad) == 0) return STEP_ON;
    char fen[200];
    position_fen(&t->g.pos, fen, sizeof fen);
    return lose(t, mover, 0, TERM_ILLEGAL, "%s %s plays '%s' (%s) in %s", color_name(mover),
                         mover_spec(t, mover)->name, mv, !mv[0] ? "empty bestmove" : why_bad, fen);
}

/* Plays m: the record (with what the engine said and its latency), the
 * judge's game, the base of the position line after a capture. */
static void record_move(Table *t, Color mover, const Move *m, const ThinkResult *r, int64_t charged_ms)
{
    GameRecord *rec = t->rec;
    const EngineInfo *si = &r->search.info;
    if (si->time_ms >= 0) {
        /* From before the "go" write (the runner may lose the processor
         * between the write and its clock read while the engine already
         * searches), the one clock (CLOCK_MONOTONIC) throughout.  An
         * engine's whole-ms time may still exceed it by up to 1 ms (its
         * start rounded down) or more (a time it makes up): below 0 counts
         * as 0, as no reply comes before its question. */
        int64_t lat = r->search.elapsed_us + (r->search.start_us - r->search.sent_us)
                    - si->time_ms * 1000;
        if (lat < 0) lat = 0;
        rec->latency_sum_us[mover] += lat;
        if (lat > rec->latency_max_us[mover]) rec->latency_max_us[mover] = lat;
        rec->latency_n[mover]++;
    }
    MoveRecord mr;
    memset(&mr, 0, sizeof mr);
    notation_move_string(&t->g.pos, m, mr.str, sizeof mr.str);
    mr.has_score = si->has_score;
    mr.score_is_mate = si->score_is_mate;
    mr.score = si->score;
    mr.depth = si->depth;
    mr.time_ms = charged_ms;
    if (game_play(&t->g, m) < 0) {
        fprintf(stderr, "dablo-match: out of memory\n");
        abort();
    }
    record_add_move(rec, &mr);
    if (move_is_capture(m)) {
        position_fen(&t->g.pos, t->base_fen, sizeof t->base_fen);
        t->base_index = rec->nmoves;
    }
    t->result = game_result(&t->g, &t->why);
}

/* -tb: the game ends as soon as its position is in the tables, the
 * opening's too (then with no ply played).  1 when it ended. */
static int end_by_tables(Table *t)
{
    GameResult r;
    char d[160];
    if (!t->cfg->tb || !tbadj_judge(t->cfg->tb, &t->g.pos, &r, d, sizeof d)) return 0;
    set_end(t->rec, r, TERM_TABLEBASE, d);
    return 1;
}

/* Adjudication after a move the rules did not end the game with. */
static Step adjudicate(Table *t, Color mover, const Position *before, const EngineInfo *si)
{
    GameResult ar;
    if (end_by_tables(t)) return STEP_OVER;
    AdjKind k = adj_after_move(&t->adj, before, &t->g.pos, si->has_score, engine_info_cp(si), &ar);
    if (k == ADJ_DRAW) set_end(t->rec, ar, TERM_ADJ_DRAW, "draw by adjudication");
    else if (k == ADJ_MAXMOVES) set_end(t->rec, ar, TERM_MAX_MOVES, "draw by the move limit");
    else if (k == ADJ_RESIGN) {
        char d[200];
        snprintf(d, sizeof d, "%s %s resigns (adjudication)", color_name(mover), mover_spec(t, mover)->name);
        set_end(t->rec, ar, TERM_ADJ_RESIGN, d);
    } else {
        return STEP_ON;
    }
    return STEP_OVER;
}

/* One move of the side to move, judged in the order of play.h. */
static Step play_move(Table *t)
{
    Color mover = t->g.pos.stm;
    Step s = send_position(t, mover);
    if (s != STEP_ON) return s;
    ThinkResult r;
    if ((s = ask_move(t, mover, &r)) != STEP_ON) return s;
    int64_t charged_ms;
    if ((s = charge_time(t, mover, &r, &charged_ms)) != STEP_ON) return s;
    Move m;
    if ((s = judge_move(t, mover, r.search.move, &m)) != STEP_ON) return s;
    Position before = t->g.pos;
    record_move(t, mover, &m, &r, charged_ms);
    if (t->result != RESULT_NONE) return STEP_ON;   /* the rules end it: see end_by_rules() */
    return adjudicate(t, mover, &before, &r.search.info);
}

/* The end of the game by the rules, when it has come. */
static int end_by_rules(Table *t)
{
    if (t->result == RESULT_NONE) return 0;
    char d[200];
    if (t->why == END_NO_MOVES)
        snprintf(d, sizeof d, "%s has no legal move", color_name(t->g.pos.stm));
    else
        snprintf(d, sizeof d, "%s", position_end_reason_name(t->why));
    set_end(t->rec, t->result, term_from_end(t->why), d);
    return 1;
}

PlayStatus play_game(Worker *w, const GameSpec *gs, GameRecord *rec, int *engine_lost)
{
    record_begin(rec, w, gs);
    Table t;
    memset(&t, 0, sizeof t);
    t.w = w;
    t.cfg = w->cfg;
    t.gs = gs;
    t.rec = rec;
    t.eng[WHITE] = &w->engines[gs->white];
    t.eng[BLACK] = &w->engines[gs->black];
    Step s = start_engines(&t);
    if (s == STEP_ON && (s = set_table(&t)) == STEP_ON) {
        int over = end_by_rules(&t) || end_by_tables(&t);
        while (!over && (s = play_move(&t)) == STEP_ON)
            over = end_by_rules(&t);
        strbuf_free(&t.line);
        game_free(&t.g);
    }
    *engine_lost = t.engine_lost;
    if (s == STEP_ABORTED) {
        rec->aborted = 1;
        return PLAY_ABORTED;
    }
    return PLAY_DONE;
}

void worker_stop_engines(Worker *w)
{
    for (int i = 0; i < w->cfg->nengines; i++)
        engine_quit_said(&w->engines[i], (int)w->cfg->quit_ms, "dablo-match",
                         w->cfg->engines[i].name);
}
