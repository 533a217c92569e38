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
#include "rules/game.h"
#include "hoststall.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "util.h"

static const char *color_name(Color c) { return c == WHITE ? "White" : "Black"; }

/* Sets the result to a loss of `loser` with termination t and a detail. */
static void lose(GameRecord *rec, Color loser, Termination t, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void lose(GameRecord *rec, Color loser, Termination t, const char *fmt, ...)
{
    rec->result = loser == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
    rec->term = t;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    free(rec->detail);
    rec->detail = mu_xstrdup(buf);
}

/* Starts the engine if needed and begins a new game.  Returns ENG_OK or the failure. */
static EngineStatus prepare(Worker *w, int idx, char *err, size_t errlen)
{
    const MatchConfig *c = w->cfg;
    Engine *e = &w->engines[idx];
    if (!e->running) {
        EngineStatus s = engine_start(e, &c->engines[idx], &c->sent, c->startup_ms, w->id, w->log,
                                      w->abort_fd, err, errlen);
        if (s != ENG_OK) return s;
    }
    EngineStatus s = engine_newgame(e, c->newgame_ms);
    if (s != ENG_OK)
        snprintf(err, errlen, "%s after ucinewgame", s == ENG_TIMEOUT ? "no readyok within the newgame time" : "exited");
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
    return s == ENG_TIMEOUT ? TERM_STALLS : TERM_DISCONNECT;
}

/* "position ..." for the engine: from the last capture (see play.h). */
static void position_line(StrBuf *b, const GameRecord *rec, const char *base_fen, int base_index)
{
    mu_sb_clear(b);
    if (base_index == 0 && rec->from_start) mu_sb_add(b, "position startpos");
    else mu_sb_printf(b, "position fen %s", base_fen);
    if (base_index < rec->nmoves) {
        mu_sb_add(b, " moves");
        for (int i = base_index; i < rec->nmoves; i++) {
            mu_sb_addc(b, ' ');
            mu_sb_add(b, rec->moves[i].str);
        }
    }
}

static void go_line(StrBuf *b, const MatchConfig *c, const GameSpec *gs, const Clock clk[2],
                    Color mover, int movestogo)
{
    const EngineSpec *side[2] = { &c->engines[gs->white], &c->engines[gs->black] };
    const EngineSpec *me = side[mover];
    mu_sb_clear(b);
    mu_sb_add(b, "go");
    if (me->tc.timed) {
        static const char *const tn[2] = { "wtime", "btime" }, *const in[2] = { "winc", "binc" };
        for (int s = 0; s < 2; s++)
            if (side[s]->tc.timed) mu_sb_printf(b, " %s %lld", tn[s], (long long)clock_left_ms(&clk[s]));
        for (int s = 0; s < 2; s++)
            if (side[s]->tc.timed && side[s]->tc.inc_ms > 0) mu_sb_printf(b, " %s %lld", in[s], (long long)side[s]->tc.inc_ms);
        if (movestogo > 0) mu_sb_printf(b, " movestogo %d", movestogo);
    }
    if (me->st_ms > 0) mu_sb_printf(b, " movetime %lld", (long long)me->st_ms);
    if (me->depth > 0) mu_sb_printf(b, " depth %d", me->depth);
    if (me->nodes > 0) mu_sb_printf(b, " nodes %llu", (unsigned long long)me->nodes);
}

static void set_end(GameRecord *rec, GameResult r, Termination t, const char *detail)
{
    rec->result = r;
    rec->term = t;
    free(rec->detail);
    rec->detail = mu_xstrdup(detail);
}

PlayStatus play_game(Worker *w, const GameSpec *gs, GameRecord *rec, int *engine_lost)
{
    const MatchConfig *c = w->cfg;
    const Opening *op = &w->book->v[gs->opening];
    *engine_lost = 0;
    memset(rec, 0, sizeof *rec);
    rec->spec = *gs;
    rec->white = mu_xstrdup(c->engines[gs->white].name);
    rec->black = mu_xstrdup(c->engines[gs->black].name);
    rec->start_fen = mu_xstrdup(op->fen);
    rec->from_start = strcmp(op->fen, position_start_fen(c->rules.variant)) == 0;
    rec->opening_moves = op->moves;
    rec->opening_number = w->book->from_file ? gs->opening + 1 : 0;
    tc_format(&c->engines[gs->white].tc, rec->white_tc, sizeof rec->white_tc);
    tc_format(&c->engines[gs->black].tc, rec->black_tc, sizeof rec->black_tc);
    if (!c->engines[gs->white].tc.timed && c->engines[gs->white].st_ms > 0)
        snprintf(rec->white_tc, sizeof rec->white_tc, "%.3f/move", c->engines[gs->white].st_ms / 1000.0);
    if (!c->engines[gs->black].tc.timed && c->engines[gs->black].st_ms > 0)
        snprintf(rec->black_tc, sizeof rec->black_tc, "%.3f/move", c->engines[gs->black].st_ms / 1000.0);
    time_t now = time(NULL);
    struct tm tmv;
    localtime_r(&now, &tmv);
    strftime(rec->date, sizeof rec->date, "%Y.%m.%d", &tmv);
    rec->result = RESULT_NONE;

    const int idx[2] = { gs->white, gs->black };
    Engine *eng[2] = { &w->engines[gs->white], &w->engines[gs->black] };

    /* Start / new game for both sides. */
    for (int s = 0; s < 2; s++) {
        char err[512];
        EngineStatus st = prepare(w, idx[s], err, sizeof err);
        if (st == ENG_ABORT) return PLAY_ABORTED;
        if (st != ENG_OK) {
            *engine_lost = 1;
            engine_kill(eng[s]);
            lose(rec, (Color)s, failure_term(st), "%s %s: %s", color_name((Color)s),
                 c->engines[idx[s]].name, err);
            return PLAY_DONE;
        }
    }

    Position start;
    char err[512];
    if (position_set_fen(&start, &c->rules, op->fen, err, sizeof err) < 0) {
        /* Checked when the book was loaded; cannot happen. */
        set_end(rec, RESULT_DRAW, TERM_NONE, err);
        return PLAY_DONE;
    }
    Game g;
    if (game_init(&g, &start) < 0) {
        fprintf(stderr, "dablo-match: out of memory\n");
        abort();
    }
    Clock clk[2];
    clock_start(&clk[WHITE], &c->engines[gs->white].tc);
    clock_start(&clk[BLACK], &c->engines[gs->black].tc);
    Adjudicator adj;
    adj_start(&adj, &c->adj);
    char base_fen[200];
    snprintf(base_fen, sizeof base_fen, "%s", op->fen);
    int base_index = 0;
    StrBuf line = {0};
    PlayStatus ps = PLAY_DONE;

    EndReason why;
    GameResult gr = game_result(&g, &why);
    for (;;) {
        if (gr != RESULT_NONE) {
            char d[200];
            if (why == END_NO_MOVES)
                snprintf(d, sizeof d, "%s has no legal move", color_name(g.pos.stm));
            else
                snprintf(d, sizeof d, "%s", position_end_reason_name(why));
            set_end(rec, gr, term_from_end(why), d);
            break;
        }
        Color mover = g.pos.stm;
        int ei = mover == WHITE ? gs->white : gs->black;
        const EngineSpec *spec = &c->engines[ei];
        Engine *e = eng[mover];
        const char *who = spec->name;

        position_line(&line, rec, base_fen, base_index);
        EngineStatus st = engine_send_sync(e, mu_sb_str(&line), c->ping_ms);
        if (st == ENG_ABORT) { ps = PLAY_ABORTED; break; }
        if (st != ENG_OK) {
            engine_kill(e);
            *engine_lost = 1;
            lose(rec, mover, failure_term(st), "%s %s %s", color_name(mover), who,
                 st == ENG_TIMEOUT ? "did not answer isready in time" : "disconnected");
            break;
        }
        int movestogo = clock_before_move(&clk[mover], &spec->tc);
        go_line(&line, c, gs, clk, mover, movestogo);
        int64_t deadline = 0;
        if (spec->st_ms > 0) deadline = spec->st_ms + spec->timemargin_ms;
        if (spec->tc.timed) {
            int64_t d = clk[mover].left_us / 1000 + spec->timemargin_ms;
            if (deadline == 0 || d < deadline) deadline = d;
            if (deadline < 1) deadline = 1;
        }
        char mv[MOVE_STR_MAX + 32];
        SearchInfo si;
        char note[160];
        int64_t elapsed_us, frozen_us, stolen_ms;
        st = engine_go(e, mu_sb_str(&line), deadline, c->ping_ms, c->stop_ms, mv, sizeof mv, &si,
                       c->stall_credit, &elapsed_us, &frozen_us, &stolen_ms);
        if (st == ENG_ABORT) { ps = PLAY_ABORTED; break; }
        if (st == ENG_EOF) {
            engine_kill(e);
            *engine_lost = 1;
            lose(rec, mover, TERM_DISCONNECT, "%s %s disconnected while thinking", color_name(mover), who);
            break;
        }
        if (st == ENG_TIMEOUT) {
            if (!e->running) *engine_lost = 1;
            if (deadline > 0)
                lose(rec, mover, TERM_TIME, "%s %s loses on time (no bestmove within %lld ms%s)",
                     color_name(mover), who, (long long)deadline,
                     host_note(frozen_us, c->stall_credit, stolen_ms, note, sizeof note));
            else
                lose(rec, mover, TERM_STALLS, "%s %s stalls (no answer to isready within %lld ms while searching)",
                     color_name(mover), who, (long long)c->ping_ms);
            break;
        }
        /* The time charged: with -stallcredit, less the time the machine
         * was frozen (hoststall.h). */
        int64_t charged_us = elapsed_us;
        if (c->stall_credit) charged_us = elapsed_us > frozen_us ? elapsed_us - frozen_us : 0;
        int64_t charged_ms = charged_us / 1000;
        int late = 0;
        if (spec->tc.timed && clock_after_move(&clk[mover], charged_us, spec->timemargin_ms) < 0) late = 1;
        if (spec->st_ms > 0 && charged_ms > spec->st_ms + spec->timemargin_ms) late = 1;
        if (late) {
            lose(rec, mover, TERM_TIME, "%s %s loses on time (%lld ms used%s)", color_name(mover), who,
                 (long long)charged_ms, host_note(frozen_us, c->stall_credit, stolen_ms, note, sizeof note));
            break;
        }
        Move m;
        char why_bad[128];
        if (!mv[0] || notation_parse_move(&g.pos, mv, &m, why_bad, sizeof why_bad) < 0) {
            char fen[200];
            position_fen(&g.pos, fen, sizeof fen);
            lose(rec, mover, TERM_ILLEGAL, "%s %s plays '%s' (%s) in %s", color_name(mover), who,
                 mv, !mv[0] ? "empty bestmove" : why_bad, fen);
            break;
        }
        if (si.time_ms >= 0) {
            int64_t lat = elapsed_us - si.time_ms * 1000;
            rec->latency_sum_us[mover] += lat;
            if (lat > rec->latency_max_us[mover]) rec->latency_max_us[mover] = lat;
            rec->latency_n[mover]++;
        }
        MoveRecord mr;
        memset(&mr, 0, sizeof mr);
        notation_move_string(&g.pos, &m, mr.str, sizeof mr.str);
        mr.has_score = si.has_score;
        mr.score_is_mate = si.score_is_mate;
        mr.score = si.score;
        mr.depth = si.depth;
        mr.time_ms = charged_ms;
        Position before = g.pos;
        if (game_play(&g, &m) < 0) {
            fprintf(stderr, "dablo-match: out of memory\n");
            abort();
        }
        record_add_move(rec, &mr);
        if (move_is_capture(&m)) {
            position_fen(&g.pos, base_fen, sizeof base_fen);
            base_index = rec->nmoves;
        }
        gr = game_result(&g, &why);
        if (gr != RESULT_NONE) continue;   /* the rules end it at the loop top */
        GameResult ar;
        AdjKind k = adj_after_move(&adj, &before, &g.pos, si.has_score, search_info_cp(&si), &ar);
        if (k == ADJ_DRAW) { set_end(rec, ar, TERM_ADJ_DRAW, "draw by adjudication"); break; }
        if (k == ADJ_MAXMOVES) { set_end(rec, ar, TERM_MAX_MOVES, "draw by the move limit"); break; }
        if (k == ADJ_RESIGN) {
            char d[200];
            snprintf(d, sizeof d, "%s %s resigns (adjudication)", color_name(mover), who);
            set_end(rec, ar, TERM_ADJ_RESIGN, d);
            break;
        }
    }
    mu_sb_free(&line);
    game_free(&g);
    if (ps == PLAY_ABORTED) rec->aborted = 1;
    return ps;
}

void worker_stop_engines(Worker *w)
{
    for (int i = 0; i < w->cfg->nengines; i++) engine_quit(&w->engines[i], (int)w->cfg->quit_ms);
}
