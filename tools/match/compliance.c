/*
 * compliance.c - dablo-match -compliance (see compliance.h): the steps,
 * each a function in the table at the end, and the command line.
 */
#include "compliance.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "host/engine.h"
#include "host/util.h"
#include "rules/game.h"
#include "rules/geometry.h"
#include "rules/movegen.h"

/* Waits of the steps (ms); the others come from the command line. */
enum {
    LIMITED_WAIT_MS = 10000, /* a search limited by depth or nodes */
    QUIET_MS = 200,          /* go infinite / go ponder must not end by themselves */
    STOP_ROUNDS = 3,         /* go infinite ... stop, this many times */
};

/* ---- the positions and moves of the steps --------------------------------- */

/* Positions the steps need that the start position does not give: a
 * capture of two jumps (RULES.md section 4), a game over by itself, and a
 * position with kings that can step back and forth (Tabal men cannot). */
static const struct {
    const char *capture, *finished, *repetition;
} fens[VARIANT_NB] = {
    [VARIANT_DABLOT] = { "5k/5/6/m4/6/5/m5/5/M5/5/6/5/5K w 0 1",
                         "6/5/6/5/6/5/k4K/5/6/5/6/5/6 b 0 40", NULL },
    [VARIANT_TABAL] = { "m2/3/5/5/2m2/5/2m2/M2/3 w 0 1", "3/3/5/M4/5/5/5/3/3 b 0 1",
                        "2k/3/5/5/5/5/5/3/K2 w 0 1" },
};

/* Plays the move strings on *g; 0, or -1 when one is not legal. */
static int play_strings(Game *g, char moves[][MOVE_STR_MAX], int n)
{
    char err[128];
    for (int i = 0; i < n; i++) {
        Move m;
        if (notation_parse_move(&g->pos, moves[i], &m, err, sizeof err) < 0 || game_play(g, &m) < 0)
            return -1;
    }
    return 0;
}

/* The reverse of step s ("a-b" -> "b-a") into out. */
static void reverse_step(const char *s, char *out, size_t len)
{
    const char *dash = strchr(s, '-');
    snprintf(out, len, "%s-%.*s", dash ? dash + 1 : "", dash ? (int)(dash - s) : 0, s);
}

/* From start: a White step and a Black step after it, both reversible, so
 * that playing them and their reverses twice repeats the start position
 * three times.  Fills k->steps and k->repetition (when rep). */
static int find_cycle(const Position *start, ComplianceCases *k, int rep)
{
    static MoveList white, black;
    movegen_legal(start, &white);
    for (int i = 0; i < white.n; i++) {
        if (move_is_capture(&white.moves[i])) continue;
        Position p = *start;
        Undo u;
        position_make(&p, &white.moves[i], &u);
        movegen_legal(&p, &black);
        for (int j = 0; j < black.n; j++) {
            if (move_is_capture(&black.moves[j])) continue;
            char cyc[4][MOVE_STR_MAX];
            notation_move_string(start, &white.moves[i], cyc[0], sizeof cyc[0]);
            notation_move_string(&p, &black.moves[j], cyc[1], sizeof cyc[1]);
            reverse_step(cyc[0], cyc[2], sizeof cyc[2]);
            reverse_step(cyc[1], cyc[3], sizeof cyc[3]);
            Game g;
            if (game_init(&g, start) < 0) return -1;
            int n = 0;
            EndReason why = END_NONE;
            while (n < COMPLIANCE_REPETITION_MAX && play_strings(&g, &cyc[n % 4], 1) == 0) {
                snprintf(k->repetition[n], sizeof k->repetition[n], "%s", cyc[n % 4]);
                n++;
                if (game_result(&g, &why) != RESULT_NONE) break;
            }
            game_free(&g);
            if (why == END_REPETITION || !rep) {
                snprintf(k->steps[0], sizeof k->steps[0], "%s", cyc[0]);
                snprintf(k->steps[1], sizeof k->steps[1], "%s", cyc[1]);
                if (rep) k->nrepetition = n;
                return 0;
            }
        }
    }
    return -1;
}

/* The capture of most jumps in pos whose start and end no other capture
 * shares (so its short form is unambiguous), with at least two jumps. */
static int find_capture(const Position *pos, ComplianceCases *k)
{
    static MoveList ml;
    movegen_legal(pos, &ml);
    int best = -1;
    for (int i = 0; i < ml.n; i++) {
        const Move *m = &ml.moves[i];
        int same = 0;
        for (int j = 0; j < ml.n; j++)
            same += move_is_capture(&ml.moves[j]) && ml.moves[j].from == m->from
                 && ml.moves[j].to == m->to;
        if (move_is_capture(m) && same == 1 && bb_count(m->captured) >= 2
            && (best < 0 || bb_count(m->captured) > bb_count(ml.moves[best].captured)))
            best = i;
    }
    if (best < 0) return -1;
    notation_move_string(pos, &ml.moves[best], k->capture_path, sizeof k->capture_path);
    snprintf(k->capture_short, sizeof k->capture_short, "%sx%s",
             pos->geo->name_of[ml.moves[best].from], pos->geo->name_of[ml.moves[best].to]);
    return 0;
}

int compliance_cases(ComplianceCases *k, const Rules *rules, char *err, size_t errlen)
{
    memset(k, 0, sizeof *k);
    Variant v = rules->variant;
    Position start, p;
    char why[200];
    position_start(&start, rules);
    if (find_cycle(&start, k, 0) < 0) {
        snprintf(err, errlen, "no two steps from the start position");
        return -1;
    }
    /* The repetition: from the start when its steps can go back, else from
     * the variant's own position (k->steps stay the start's). */
    ComplianceCases r = *k;
    if (fens[v].repetition
        && position_set_fen(&p, rules, fens[v].repetition, why, sizeof why) < 0) {
        snprintf(err, errlen, "repetition FEN: %s", why);
        return -1;
    }
    if (find_cycle(fens[v].repetition ? &p : &start, &r, 1) < 0) {
        snprintf(err, errlen, "no threefold repetition found");
        return -1;
    }
    memcpy(k->repetition, r.repetition, sizeof k->repetition);
    k->nrepetition = r.nrepetition;

    Game g;
    if (game_init(&g, &start) < 0 || play_strings(&g, k->steps, 2) < 0) {
        game_free(&g);
        snprintf(err, errlen, "the steps are not legal");
        return -1;
    }
    static MoveList ml;
    movegen_legal(&g.pos, &ml);
    for (int i = 0; i < 2 && ml.n >= 3; i++)
        notation_move_string(&g.pos, &ml.moves[ml.n - 1 - i], k->searchmoves[i],
                             sizeof k->searchmoves[i]);
    game_free(&g);
    if (ml.n < 3) {
        snprintf(err, errlen, "too few moves after the steps for searchmoves");
        return -1;
    }

    snprintf(k->capture_fen, sizeof k->capture_fen, "%s", fens[v].capture);
    if (position_set_fen(&p, rules, k->capture_fen, why, sizeof why) < 0
        || find_capture(&p, k) < 0) {
        snprintf(err, errlen, "capture FEN: no capture of two jumps with a unique short form");
        return -1;
    }
    k->finished_fen = fens[v].finished;
    EndReason end;
    if (position_set_fen(&p, rules, k->finished_fen, why, sizeof why) < 0
        || game_init(&g, &p) < 0) {
        snprintf(err, errlen, "finished FEN: %s", why);
        return -1;
    }
    GameResult res = game_result(&g, &end);
    game_free(&g);
    if (res == RESULT_NONE) {
        snprintf(err, errlen, "the finished FEN is not finished");
        return -1;
    }
    return 0;
}

int compliance_judge_move(const Position *pos, int finished, const char *move, char *why,
                          size_t whylen)
{
    if (finished) {
        if (strcmp(move, "(none)") == 0) return 0;
        snprintf(why, whylen, "bestmove '%s' in a finished game (PROTOCOL.md 3.3: bestmove (none))",
                 move);
        return -1;
    }
    if (!*move) {
        snprintf(why, whylen, "a bestmove line without a move");
        return -1;
    }
    if (strcmp(move, "(none)") == 0) {
        int n = movegen_count(pos);
        snprintf(why, whylen, "bestmove (none) in a position with %d legal move%s", n,
                 n == 1 ? "" : "s");
        return -1;
    }
    Move m;
    char err[200];
    if (notation_parse_move(pos, move, &m, err, sizeof err) < 0) {
        snprintf(why, whylen, "bestmove '%s' is not a legal move here (%s)", move, err);
        return -1;
    }
    int points = 1;
    for (const char *s = move; *s; s++)
        points += *s == 'x' || *s == '-';
    if (move_is_capture(&m) && points != bb_count(m.captured) + 1) {
        snprintf(
            why, whylen,
            "bestmove '%s' is a short form; a bestmove names every landing point (PROTOCOL.md 2.2)",
            move);
        return -1;
    }
    return 0;
}

/* ---- the checker ------------------------------------------------------------ */

typedef enum { STEP_PASS, STEP_FAIL, STEP_SKIP } StepResult;

typedef struct Checker {
    EngineSpec spec;
    Rules rules;
    const char *variant; /* its name */
    ComplianceCases k;
    Position start, steps, black, capture, finished; /* what the engine is given */
    OptionList sent;                                 /* Variant, once the engine declared it */
    Engine e;
    Transcript *log;
    int64_t startup_ms, ping_ms, stop_ms, quit_ms;
    int broken; /* a handshake failed: no engine for the rest */
    char setup_err[512]; /* the engine cannot run as the command line asks: "" or why */
    StrBuf saw; /* what the current step saw */
    FILE *out;
    int npass, nfail, nskip;
} Checker;

static StepResult said(Checker *c, StepResult r, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static StepResult said(Checker *c, StepResult r, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (c->saw.len) strbuf_add(&c->saw, "; ");
    strbuf_add(&c->saw, buf);
    return r;
}

static int64_t ms_since_us(int64_t t0_us)
{
    return (util_now_us() - t0_us + 500) / 1000;
}

/* A running engine for the next step: a step that left it dead restarts
 * it, with the Variant option.  0, or -1 (the step is skipped). */
static int need_engine(Checker *c, int quiet)
{
    if (c->e.running) return 0;
    if (c->broken) return -1;
    char err[512];
    if (engine_start(&c->e, &c->spec, &c->sent, c->startup_ms, 0, c->log, -1, err, sizeof err)
        != ENGINE_OK) {
        c->broken = 1;
        fprintf(c->out, "note  the engine could not be restarted: %s\n", err);
        return -1;
    }
    if (!quiet) fprintf(c->out, "note  the engine was restarted for the next step\n");
    return 0;
}

/* What came before a readyok (sync()). */
typedef struct Sync {
    int bestmoves;   /* bestmove lines */
    char first[512]; /* the first line starting with the prefix asked for, "" if none */
} Sync;

/* Sends line (NULL: none) and "isready", and reads until "readyok" within
 * ping_ms, noting bestmove lines and the first line that starts with
 * prefix (NULL: none). */
static EngineStatus sync_engine(Checker *c, const char *line, const char *prefix, Sync *y)
{
    memset(y, 0, sizeof *y);
    int64_t deadline = util_now_ms() + c->ping_ms;
    if ((line && engine_send(&c->e, line, deadline) != ENGINE_OK)
        || engine_send(&c->e, "isready", deadline) != ENGINE_OK)
        return ENGINE_EOF;
    for (;;) {
        char *l;
        EngineStatus st = engine_read(&c->e, NULL, deadline, &l);
        if (st != ENGINE_OK) return st;
        if (strcmp(l, "readyok") == 0) return ENGINE_OK;
        if (strncmp(l, "bestmove", 8) == 0) y->bestmoves++;
        if (prefix && !y->first[0] && strncmp(l, prefix, strlen(prefix)) == 0)
            snprintf(y->first, sizeof y->first, "%s", l);
    }
}

static const char *status_words(EngineStatus st)
{
    return st == ENGINE_EOF ? "the engine exited" : st == ENGINE_TIMEOUT ? "timed out" : "aborted";
}

/* Sends a position line and waits for readyok; no "info string error". */
static StepResult set_position(Checker *c, const char *line)
{
    Sync y;
    EngineStatus st = sync_engine(c, line, "info string error", &y);
    if (st != ENGINE_OK)
        return said(c, STEP_FAIL, "no readyok within %lld ms after '%.60s' (%s)",
                    (long long)c->ping_ms, line, status_words(st));
    if (y.first[0]) return said(c, STEP_FAIL, "'%.80s' was refused: %s", line, y.first);
    return STEP_PASS;
}

/* Reads until s's bestmove or deadline (absolute ms). */
static EngineStatus await_bestmove(Checker *c, EngineSearch *s, int64_t deadline)
{
    while (!s->done) {
        char *l;
        EngineStatus st = engine_read(&c->e, s, deadline, &l);
        if (st != ENGINE_OK) return st;
    }
    return ENGINE_OK;
}

/* A search that did not end when it should: stop it (the engine is
 * killed when even that gets no bestmove; the next step restarts it). */
static StepResult abandon(Checker *c, EngineSearch *s, EngineStatus st, const char *what)
{
    said(c, STEP_FAIL, "%s (%s)", what, status_words(st));
    if (c->e.running && engine_search_stop(&c->e, s, c->stop_ms) != ENGINE_OK)
        said(c, STEP_FAIL, "no bestmove within %lld ms of stop either: killed",
             (long long)c->stop_ms);
    return STEP_FAIL;
}

/* The bestmove of s, read: legal in pos (finished: the game is over
 * there), after an info line with a score. */
static StepResult judge_move(Checker *c, const EngineSearch *s, const Position *pos, int finished)
{
    char why[512];
    if (compliance_judge_move(pos, finished, s->move, why, sizeof why) < 0)
        return said(c, STEP_FAIL, "%s", why);
    if (!s->info.has_score)
        return said(c, STEP_FAIL,
                    "bestmove %s came after no info line with a score (PROTOCOL.md 5)", s->move);
    return STEP_PASS;
}

/* judge_move(), then no second bestmove before the readyok of an isready. */
static StepResult judge(Checker *c, const EngineSearch *s, const Position *pos, int finished)
{
    if (judge_move(c, s, pos, finished) != STEP_PASS) return STEP_FAIL;
    Sync y;
    EngineStatus st = sync_engine(c, NULL, NULL, &y);
    if (st != ENGINE_OK)
        return said(c, STEP_FAIL, "bestmove %s, then no readyok within %lld ms (%s)", s->move,
                    (long long)c->ping_ms, status_words(st));
    if (y.bestmoves)
        return said(c, STEP_FAIL, "bestmove %s, then %d more bestmove line(s) for one go", s->move,
                    y.bestmoves);
    char score[64];
    if (s->info.score_is_mate)
        snprintf(score, sizeof score, "mate %lld", (long long)s->info.score);
    else
        snprintf(score, sizeof score, "cp %lld", (long long)s->info.score);
    return said(c, STEP_PASS, "bestmove %s after %lld ms, score %s", s->move,
                (long long)(s->elapsed_us / 1000), score);
}

/* Sends position (NULL: keeps the engine's), then go; the search must end
 * by itself within wait_ms and, when limit_ms > 0, within limit_ms. */
static StepResult search(Checker *c, const char *position, const char *go, const Position *pos,
                         int finished, int64_t wait_ms, int64_t limit_ms, EngineSearch *s)
{
    if (position && set_position(c, position) != STEP_PASS) return STEP_FAIL;
    if (engine_search_start(&c->e, go, util_now_ms() + c->ping_ms, s) != ENGINE_OK)
        return said(c, STEP_FAIL, "'%s' could not be sent: the engine is gone", go);
    EngineStatus st = await_bestmove(c, s, util_now_ms() + wait_ms);
    if (st != ENGINE_OK) {
        char what[256];
        snprintf(what, sizeof what, "no bestmove within %lld ms of '%s'", (long long)wait_ms, go);
        return abandon(c, s, st, what);
    }
    StepResult r = judge(c, s, pos, finished);
    if (r == STEP_PASS && limit_ms > 0 && s->elapsed_us > limit_ms * 1000)
        return said(c, STEP_FAIL, "later than the %lld ms it had", (long long)limit_ms);
    return r;
}

/* "position startpos moves <the two steps>" */
static void steps_line(Checker *c, char *buf, size_t len, int nsteps)
{
    snprintf(buf, len, "position startpos moves %s%s%s", c->k.steps[0], nsteps > 1 ? " " : "",
             nsteps > 1 ? c->k.steps[1] : "");
}

/* ---- the steps ---------------------------------------------------------------- */

static StepResult step_handshake(Checker *c)
{
    char err[512];
    int64_t t0 = util_now_us();
    EngineStatus st = engine_start(&c->e, &c->spec, NULL, c->startup_ms, 0, c->log, -1, err,
                                   sizeof err);
    if (st == ENGINE_ERROR) {
        /* The program cannot run, or an option.NAME=VALUE of the command
         * line is not the engine's (engine_start): a usage error, not the
         * engine's fault, so no step runs. */
        c->broken = 1;
        snprintf(c->setup_err, sizeof c->setup_err, "%s", err);
        return STEP_SKIP;
    }
    if (st != ENGINE_OK) {
        c->broken = 1;
        return said(c, STEP_FAIL, "%s", err);
    }
    said(c, STEP_PASS, "uciok and readyok after %lld ms; id name %s; %d options",
         (long long)ms_since_us(t0), c->e.id_name ? c->e.id_name : "(none)", c->e.nopts);
    return c->e.id_name ? STEP_PASS : said(c, STEP_FAIL, "no 'id name' line before uciok");
}

static StepResult step_variant_option(Checker *c)
{
    const EngineOption *o = NULL;
    for (int i = 0; i < c->e.nopts; i++)
        if (strcasecmp(c->e.opts[i].name, "Variant") == 0) o = &c->e.opts[i];
    if (!o)
        return said(c, STEP_FAIL, "no 'option name Variant' among the %d option%s", c->e.nopts,
                    c->e.nopts == 1 ? "" : "s");
    StrBuf vars = { 0 };
    int has = 0;
    for (int i = 0; i < o->nvars; i++) {
        strbuf_printf(&vars, " %s", o->vars[i]);
        has |= strcasecmp(o->vars[i], c->variant) == 0;
    }
    StepResult r = said(c, STEP_PASS, "type %s, default %s, var%s", o->type,
                        o->def ? o->def : "(none)", strbuf_str(&vars));
    strbuf_free(&vars);
    if (strcasecmp(o->type, "combo") != 0) return said(c, STEP_FAIL, "a combo is needed");
    if (!has) return said(c, STEP_FAIL, "no var %s", c->variant);
    engine_spec_option_add(&c->sent, "Variant", c->variant);
    return r;
}

static StepResult step_set_variant(Checker *c)
{
    if (c->sent.n == 0)
        return said(c, STEP_SKIP, "the engine declares no Variant option for %s", c->variant);
    char line[128];
    snprintf(line, sizeof line, "setoption name Variant value %s", c->variant);
    Sync y;
    EngineStatus st = sync_engine(c, line, "info string variant ", &y);
    if (st != ENGINE_OK)
        return said(c, STEP_FAIL, "no readyok within %lld ms (%s)", (long long)c->ping_ms,
                    status_words(st));
    if (!y.first[0])
        return said(c, STEP_FAIL,
                    "no 'info string variant %s startpos <FEN>' line (PROTOCOL.md 3.1)",
                    c->variant);
    char want[160], got[160], err[200];
    position_fen(&c->start, want, sizeof want);
    const char *fen = strstr(y.first, " startpos ");
    Position p;
    if (!fen || position_set_fen(&p, &c->rules, fen + 10, err, sizeof err) < 0)
        return said(c, STEP_FAIL, "'%s': no start FEN of %s", y.first, c->variant);
    position_fen(&p, got, sizeof got);
    if (strcmp(got, want) != 0) return said(c, STEP_FAIL, "start FEN %s, not %s", got, want);
    return said(c, STEP_PASS, "%s", y.first);
}

static StepResult step_isready(Checker *c)
{
    Sync y;
    int64_t t0 = util_now_us();
    EngineStatus st = sync_engine(c, NULL, NULL, &y);
    if (st != ENGINE_OK)
        return said(c, STEP_FAIL, "no readyok within %lld ms (%s)", (long long)c->ping_ms,
                    status_words(st));
    return said(c, STEP_PASS, "readyok after %lld ms", (long long)ms_since_us(t0));
}

static StepResult step_newgame(Checker *c)
{
    Sync y;
    EngineStatus st = sync_engine(c, "ucinewgame", "info string error", &y);
    if (st != ENGINE_OK)
        return said(c, STEP_FAIL, "no readyok within %lld ms of ucinewgame, isready (%s)",
                    (long long)c->ping_ms, status_words(st));
    if (y.first[0]) return said(c, STEP_FAIL, "%s", y.first);
    return said(c, STEP_PASS, "readyok");
}

static StepResult step_position_steps(Checker *c)
{
    char line[512];
    steps_line(c, line, sizeof line, 2);
    EngineSearch s;
    said(c, STEP_PASS, "%s", line);
    return search(c, line, "go depth 2", &c->steps, 0, LIMITED_WAIT_MS, 0, &s);
}

static StepResult capture_step(Checker *c, const char *move)
{
    char line[512];
    snprintf(line, sizeof line, "position fen %s moves %s", c->k.capture_fen, move);
    EngineSearch s;
    said(c, STEP_PASS, "moves %s", move);
    return search(c, line, "go depth 2", &c->capture, 0, LIMITED_WAIT_MS, 0, &s);
}

static StepResult step_capture_path(Checker *c)
{
    return capture_step(c, c->k.capture_path);
}

static StepResult step_capture_short(Checker *c)
{
    return capture_step(c, c->k.capture_short);
}

static StepResult step_illegal_position(Checker *c)
{
    char good[512], bad[512];
    steps_line(c, good, sizeof good, 2);
    if (set_position(c, good) != STEP_PASS) return STEP_FAIL;
    snprintf(bad, sizeof bad, "position startpos moves %s %s", c->k.steps[0], c->k.steps[0]);
    Sync y;
    EngineStatus st = sync_engine(c, bad, "info string error", &y);
    if (st != ENGINE_OK)
        return said(c, STEP_FAIL, "no readyok within %lld ms of '%s' (%s)", (long long)c->ping_ms,
                    bad, status_words(st));
    if (!y.first[0])
        return said(c, STEP_FAIL, "'%s' got no 'info string error' line (PROTOCOL.md 3.2)", bad);
    said(c, STEP_PASS, "%s", y.first);
    EngineSearch s;
    StepResult r = search(c, NULL, "go depth 2", &c->steps, 0, LIMITED_WAIT_MS, 0, &s);
    return r == STEP_PASS ? r : said(c, STEP_FAIL, "the position before it was not kept");
}

static StepResult step_finished(Checker *c)
{
    char line[256];
    snprintf(line, sizeof line, "position fen %s", c->k.finished_fen);
    EngineSearch s;
    said(c, STEP_PASS, "fen %s", c->k.finished_fen);
    return search(c, line, "go depth 5", &c->finished, 1, LIMITED_WAIT_MS, 0, &s);
}

static StepResult step_repetition(Checker *c)
{
    StrBuf line = { 0 };
    const char *fen = fens[c->rules.variant].repetition;
    if (fen)
        strbuf_printf(&line, "position fen %s moves", fen);
    else
        strbuf_add(&line, "position startpos moves");
    for (int i = 0; i < c->k.nrepetition; i++)
        strbuf_printf(&line, " %s", c->k.repetition[i]);
    EngineSearch s;
    said(c, STEP_PASS, "%d plies back and forth", c->k.nrepetition);
    StepResult r = search(c, strbuf_str(&line), "go depth 5", &c->finished, 1, LIMITED_WAIT_MS, 0,
                          &s);
    strbuf_free(&line);
    return r;
}

/* A go on the position after the two steps (White to move). */
static StepResult go_step(Checker *c, const char *go, int64_t wait_ms, int64_t limit_ms)
{
    char line[512];
    steps_line(c, line, sizeof line, 2);
    EngineSearch s;
    return search(c, line, go, &c->steps, 0, wait_ms, limit_ms, &s);
}

static StepResult step_go_depth(Checker *c)
{
    return go_step(c, "go depth 4", LIMITED_WAIT_MS, 0);
}

static StepResult step_go_nodes(Checker *c)
{
    return go_step(c, "go nodes 20000", LIMITED_WAIT_MS, 0);
}

static StepResult step_go_movetime(Checker *c)
{
    return go_step(c, "go movetime 300", 300 + c->stop_ms, 300 + COMPLIANCE_STOP_BOUND_MS);
}

static StepResult step_go_clock(Checker *c)
{
    return go_step(c, "go wtime 2000 btime 2000 winc 100 binc 100", 2000 + c->stop_ms, 2000);
}

static StepResult step_go_movestogo(Checker *c)
{
    return go_step(c, "go wtime 1000 btime 1000 movestogo 2", 1000 + c->stop_ms, 1000);
}

/* Black to move with a short clock and a long one for White: an engine
 * that reads the wrong clock takes too long. */
static StepResult step_go_black(Checker *c)
{
    char line[512];
    steps_line(c, line, sizeof line, 1);
    EngineSearch s;
    return search(c, line, "go wtime 60000 btime 1500 winc 0 binc 0", &c->black, 0,
                  1500 + c->stop_ms, 1500, &s);
}

static StepResult step_go_searchmoves(Checker *c)
{
    char line[512], go[512];
    steps_line(c, line, sizeof line, 2);
    snprintf(go, sizeof go, "go depth 3 searchmoves %s %s", c->k.searchmoves[0],
             c->k.searchmoves[1]);
    said(c, STEP_PASS, "%s", go + 3);
    EngineSearch s;
    if (search(c, line, go, &c->steps, 0, LIMITED_WAIT_MS, 0, &s) != STEP_PASS) return STEP_FAIL;
    Move m, a, b;
    char err[200];
    if (notation_parse_move(&c->steps, s.move, &m, err, sizeof err) < 0
        || notation_parse_move(&c->steps, c->k.searchmoves[0], &a, err, sizeof err) < 0
        || notation_parse_move(&c->steps, c->k.searchmoves[1], &b, err, sizeof err) < 0
        || (!move_equal(&m, &a) && !move_equal(&m, &b)))
        return said(c, STEP_FAIL, "bestmove %s is not one of the searchmoves", s.move);
    return STEP_PASS;
}

static StepResult step_isready_search(Checker *c)
{
    char line[512];
    steps_line(c, line, sizeof line, 2);
    if (set_position(c, line) != STEP_PASS) return STEP_FAIL;
    EngineSearch s;
    const char *go = "go movetime 600";
    if (engine_search_start(&c->e, go, util_now_ms() + c->ping_ms, &s) != ENGINE_OK)
        return said(c, STEP_FAIL, "'%s' could not be sent: the engine is gone", go);
    char *l;
    engine_read(&c->e, &s, util_now_ms() + 100, &l); /* the first line, or 100 ms */
    if (s.done)
        return said(c, STEP_FAIL, "'%s' ended after %lld ms, before isready", go,
                    (long long)(s.elapsed_us / 1000));
    int64_t t0 = util_now_us();
    if (engine_send(&c->e, "isready", util_now_ms() + c->ping_ms) != ENGINE_OK)
        return said(c, STEP_FAIL, "isready could not be sent: the engine is gone");
    int64_t deadline = util_now_ms() + c->ping_ms;
    int64_t readyok_ms = -1;
    int after_bestmove = 0;
    EngineStatus st = ENGINE_OK;
    while (readyok_ms < 0) {
        if ((st = engine_read(&c->e, &s, deadline, &l)) != ENGINE_OK) break;
        if (strcmp(l, "readyok") == 0) {
            readyok_ms = ms_since_us(t0);
            after_bestmove = s.done;
        }
    }
    if (readyok_ms < 0 && s.done)
        return said(c, STEP_FAIL, "no readyok within %lld ms of isready during '%s' (%s)",
                    (long long)c->ping_ms, go, status_words(st));
    if (readyok_ms < 0) {
        char what[256];
        snprintf(what, sizeof what, "no readyok within %lld ms of isready during '%s'",
                 (long long)c->ping_ms, go);
        return abandon(c, &s, st, what);
    }
    if (after_bestmove)
        return said(c, STEP_FAIL,
                    "readyok only after the search's bestmove (%lld ms after isready)",
                    (long long)readyok_ms);
    st = await_bestmove(c, &s, util_now_ms() + 600 + c->stop_ms);
    if (st != ENGINE_OK) return abandon(c, &s, st, "no bestmove after it");
    said(c, STEP_PASS, "readyok %lld ms after isready, while the search went on",
         (long long)readyok_ms);
    return judge(c, &s, &c->steps, 0);
}

/* Starts go (a search that must not end by itself) on the position after
 * the steps and checks that it has not ended after QUIET_MS. */
static StepResult endless_start(Checker *c, const char *go, EngineSearch *s)
{
    char line[512];
    steps_line(c, line, sizeof line, 2);
    if (set_position(c, line) != STEP_PASS) return STEP_FAIL;
    if (engine_search_start(&c->e, go, util_now_ms() + c->ping_ms, s) != ENGINE_OK)
        return said(c, STEP_FAIL, "'%s' could not be sent: the engine is gone", go);
    EngineStatus st = await_bestmove(c, s, util_now_ms() + QUIET_MS);
    if (st == ENGINE_OK)
        return said(c, STEP_FAIL, "'%s' ended by itself after %lld ms (bestmove %s)", go,
                    (long long)(s->elapsed_us / 1000), s->move);
    if (st != ENGINE_TIMEOUT) return said(c, STEP_FAIL, "during '%s': %s", go, status_words(st));
    return STEP_PASS;
}

static StepResult step_infinite_stop(Checker *c)
{
    StrBuf lat = { 0 };
    int64_t worst = 0;
    StepResult r = STEP_PASS;
    for (int round = 0; round < STOP_ROUNDS && r == STEP_PASS; round++) {
        EngineSearch s;
        if ((r = endless_start(c, "go infinite", &s)) != STEP_PASS) break;
        int64_t t0 = util_now_us();
        EngineStatus st = engine_send(&c->e, "stop", util_now_ms() + c->ping_ms);
        if (st == ENGINE_OK) st = await_bestmove(c, &s, util_now_ms() + c->stop_ms);
        if (st != ENGINE_OK) {
            char what[128];
            snprintf(what, sizeof what, "no bestmove within %lld ms of stop",
                     (long long)c->stop_ms);
            r = said(c, STEP_FAIL, "%s (%s)", what, status_words(st));
            engine_kill(&c->e);
            break;
        }
        int64_t us = s.start_us + s.elapsed_us - t0;
        if (us > worst) worst = us;
        strbuf_printf(&lat, "%s%.1f", round ? ", " : "", (double)us / 1000.0);
        size_t before = c->saw.len;
        if ((r = judge(c, &s, &c->steps, 0)) == STEP_PASS) {
            c->saw.len = before; /* one legal bestmove each time: the latencies say the rest */
            c->saw.s[before] = '\0';
        }
    }
    if (lat.len)
        said(c, STEP_PASS, "stop answered in %s ms (bound %d ms)", strbuf_str(&lat),
             COMPLIANCE_STOP_BOUND_MS);
    strbuf_free(&lat);
    if (r == STEP_PASS && worst > (int64_t)COMPLIANCE_STOP_BOUND_MS * 1000)
        r = said(c, STEP_FAIL, "slower than %d ms", COMPLIANCE_STOP_BOUND_MS);
    return r;
}

static StepResult step_ponder(Checker *c)
{
    EngineSearch s;
    const char *go = "go ponder wtime 1000 btime 1000 winc 100 binc 100";
    if (endless_start(c, go, &s) != STEP_PASS) return STEP_FAIL;
    EngineStatus st = engine_send(&c->e, "ponderhit", util_now_ms() + c->ping_ms);
    if (st == ENGINE_OK) st = await_bestmove(c, &s, util_now_ms() + 1000 + c->stop_ms);
    if (st != ENGINE_OK)
        return abandon(c, &s, st, "no bestmove after ponderhit within the 1000 ms clock");
    return judge(c, &s, &c->steps, 0);
}

/* Reads until the engine closes its output, within ms; then its exit. */
static StepResult await_exit(Checker *c, const char *after, int64_t t0_us)
{
    int64_t deadline = util_now_ms() + c->quit_ms;
    EngineStatus st;
    char *l;
    while ((st = engine_read(&c->e, NULL, deadline, &l)) == ENGINE_OK) {}
    if (st != ENGINE_EOF) {
        engine_kill(&c->e);
        return said(c, STEP_FAIL, "still running %lld ms after %s: killed", (long long)c->quit_ms,
                    after);
    }
    int code = engine_wait_exit(&c->e, (int)c->quit_ms);
    if (code != 0) {
        char how[160];
        proc_status_words(c->e.exit_status, how, sizeof how);
        return code < 0
                 ? said(c, STEP_FAIL, "closed its output but did not exit within %lld ms: killed",
                        (long long)c->quit_ms)
                 : said(c, STEP_FAIL, "%s after %s (expected exit status 0)", how, after);
    }
    return said(c, STEP_PASS, "exit status 0, %lld ms after %s", (long long)ms_since_us(t0_us),
                after);
}

static StepResult step_quit(Checker *c)
{
    int64_t t0 = util_now_us();
    if (engine_send(&c->e, "quit", util_now_ms() + c->ping_ms) != ENGINE_OK)
        return said(c, STEP_FAIL, "quit could not be sent: the engine is gone");
    return await_exit(c, "quit", t0);
}

static StepResult step_eof(Checker *c)
{
    EngineSearch s;
    if (endless_start(c, "go infinite", &s) != STEP_PASS) return STEP_FAIL;
    int64_t t0 = util_now_us();
    engine_close_input(&c->e);
    EngineStatus st = await_bestmove(c, &s, util_now_ms() + c->stop_ms);
    if (st != ENGINE_OK) {
        engine_kill(&c->e);
        return said(c, STEP_FAIL, "no bestmove within %lld ms of the end of input (%s): killed",
                    (long long)c->stop_ms, status_words(st));
    }
    if (judge_move(c, &s, &c->steps, 0) != STEP_PASS) {
        engine_kill(&c->e);
        return STEP_FAIL;
    }
    said(c, STEP_PASS, "bestmove %s %.1f ms after the end of input", s.move,
         (double)(s.start_us + s.elapsed_us - t0) / 1000.0);
    return await_exit(c, "the end of input", t0);
}

typedef StepResult (*StepFn)(Checker *c);

static const struct {
    const char *name;
    StepFn run;
    int fresh; /* starts from a new process (no restart note) */
} steps[] = {
    { "handshake (uci, isready)", step_handshake, 0 },
    { "option Variant", step_variant_option, 0 },
    { "setoption name Variant", step_set_variant, 0 },
    { "isready", step_isready, 0 },
    { "ucinewgame", step_newgame, 0 },
    { "position startpos moves (steps)", step_position_steps, 0 },
    { "position fen moves (full capture path)", step_capture_path, 0 },
    { "position fen moves (short form)", step_capture_short, 0 },
    { "position with an illegal move", step_illegal_position, 0 },
    { "finished position", step_finished, 0 },
    { "threefold repetition", step_repetition, 0 },
    { "go depth 4", step_go_depth, 0 },
    { "go nodes 20000", step_go_nodes, 0 },
    { "go movetime 300", step_go_movetime, 0 },
    { "go wtime btime winc binc", step_go_clock, 0 },
    { "go wtime btime (Black to move)", step_go_black, 0 },
    { "go wtime btime movestogo", step_go_movestogo, 0 },
    { "go depth searchmoves", step_go_searchmoves, 0 },
    { "isready during a search", step_isready_search, 0 },
    { "go infinite, stop", step_infinite_stop, 0 },
    { "go ponder, ponderhit", step_ponder, 0 },
    { "quit", step_quit, 0 },
    { "end of input during a search", step_eof, 1 },
};

/* Runs every step; the number that failed.  Stops at once, before any
 * line, when the engine cannot run as asked (c->setup_err). */
static int run_steps(Checker *c)
{
    for (size_t i = 0; i < sizeof steps / sizeof *steps; i++) {
        strbuf_clear(&c->saw);
        StepResult r;
        if (i > 0 && need_engine(c, steps[i].fresh) < 0)
            r = said(c, STEP_SKIP, c->broken ? "no engine: its handshake failed" : "no engine");
        else
            r = steps[i].run(c);
        if (c->setup_err[0]) return 0;
        const char *word = r == STEP_PASS ? "pass" : r == STEP_FAIL ? "FAIL" : "skip";
        fprintf(c->out, "%s  %s: %s\n", word, steps[i].name, strbuf_str(&c->saw));
        fflush(c->out);
        c->npass += r == STEP_PASS;
        c->nfail += r == STEP_FAIL;
        c->nskip += r == STEP_SKIP;
    }
    return c->nfail;
}

/* ---- the command line ----------------------------------------------------------- */

/* 1 when w is an option.NAME=VALUE of a rule of the game, refused with
 * what -compliance takes instead in err; else 0.  (engine_spec_set()'s
 * refusal names dablo-match's match options, which -compliance has not.) */
static int rule_setting(const char *w, char *err, size_t errlen)
{
    const char *eq = strchr(w, '=');
    if (strncmp(w, "option.", 7) != 0 || !eq || eq == w + 7) return 0;
    char name[128];
    snprintf(name, sizeof name, "%.*s", (int)(eq - w - 7), w + 7);
    Rules probe = rules_default(VARIANT_DABLOT);
    if (rules_set(&probe, name, eq + 1, NULL, 0) > 0) return 0;
    if (strcasecmp(name, "Variant") == 0)
        snprintf(err, errlen,
                 "-compliance: %s chooses the game: give variant=dablot or variant=tabal "
                 "(the checker sets the Variant option itself)",
                 w);
    else
        snprintf(err, errlen,
                 "-compliance: %s is a rule of the game, not an engine setting: the check plays "
                 "the default rules of its variant",
                 w);
    return 1;
}

/* -compliance SETTINGS: engine settings (engine_spec.h) and variant=. */
static int parse_settings(Checker *c, int argc, char *const argv[], const char **variant, char *err,
                          size_t errlen)
{
    int n = 0;
    while (n < argc
           && !(argv[n][0] == '-' && argv[n][1] && !(argv[n][1] >= '0' && argv[n][1] <= '9'))) {
        const char *w = argv[n++];
        /* A key given twice (any case, as option.NAME is read) would win in
         * silence, as in -engine. */
        size_t len = strcspn(w, "=");
        for (int j = 0; w[len] == '=' && j < n - 1; j++)
            if (strcspn(argv[j], "=") == len && strncasecmp(argv[j], w, len) == 0) {
                snprintf(err, errlen, "-compliance: %.*s= is given twice ('%s', then '%s')",
                         (int)len, w, argv[j], w);
                return -1;
            }
        if (strncmp(w, "variant=", 8) == 0) {
            if (geometry_variant_from_name(w + 8) < 0) {
                snprintf(err, errlen, "unknown variant '%s' (dablot or tabal)", w + 8);
                return -1;
            }
            *variant = w + 8;
        } else if (rule_setting(w, err, errlen)) {
            return -1;
        } else if (engine_spec_set(&c->spec, w, err, errlen) < 0) {
            return -1;
        }
    }
    return n;
}

/* The command line into *c; 0, or -1 with a reason. */
static int parse(Checker *c, int argc, char *const argv[], const char **logfile, char *err,
                 size_t errlen)
{
    const char *variant = "dablot";
    int seen = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int64_t *ms = !strcmp(a, "-startup-ms") ? &c->startup_ms
                    : !strcmp(a, "-ping-ms")    ? &c->ping_ms
                    : !strcmp(a, "-stop-ms")    ? &c->stop_ms
                    : !strcmp(a, "-quit-ms")    ? &c->quit_ms
                                                : NULL;
        /* Each option takes one value: a second would win in silence. */
        for (int j = 0; (ms || strcmp(a, "-log") == 0) && j < i; j++)
            if (strcmp(argv[j], a) == 0) {
                snprintf(err, errlen, "%s is given twice", a);
                return -1;
            }
        if (strcmp(a, "-compliance") == 0) {
            if (seen++) {
                snprintf(err, errlen, "-compliance checks one engine: give it once");
                return -1;
            }
            int n = parse_settings(c, argc - i - 1, argv + i + 1, &variant, err, errlen);
            if (n < 0) return -1;
            i += n;
        } else if (ms || strcmp(a, "-log") == 0) {
            if (i + 1 >= argc) {
                snprintf(err, errlen, "%s needs a value", a);
                return -1;
            }
            if (!ms)
                *logfile = argv[++i];
            else if (util_parse_int64(argv[++i], 1, 3600000, ms) < 0) {
                snprintf(err, errlen, "%s needs 1..3600000 ms, not '%s'", a, argv[i]);
                return -1;
            }
        } else {
            snprintf(
                err, errlen,
                "-compliance takes only the engine's settings and -startup-ms -ping-ms -stop-ms "
                "-quit-ms -log, not '%s' (see --help)",
                a);
            return -1;
        }
    }
    if (!c->spec.cmd) {
        snprintf(err, errlen, "-compliance needs cmd=ENGINE");
        return -1;
    }
    if (engine_spec_has_limit(&c->spec)) {
        snprintf(err, errlen,
                 "-compliance chooses the searches itself: no tc=, st=, depth= or nodes=");
        return -1;
    }
    c->rules = rules_default((Variant)geometry_variant_from_name(variant));
    c->variant = geometry_of(c->rules.variant)->name;
    return engine_spec_resolve(&c->spec, err, errlen);
}

/* The positions the engine is given, as the rules library plays them. */
static void positions(Checker *c)
{
    char err[200];
    Game g;
    position_start(&c->start, &c->rules);
    game_init(&g, &c->start);
    play_strings(&g, c->k.steps, 1);
    c->black = g.pos;
    play_strings(&g, c->k.steps + 1, 1);
    c->steps = g.pos;
    game_free(&g);
    position_set_fen(&c->capture, &c->rules, c->k.capture_fen, err, sizeof err);
    game_init(&g, &c->capture);
    char path[1][MOVE_STR_MAX];
    snprintf(path[0], sizeof path[0], "%s", c->k.capture_path);
    play_strings(&g, path, 1);
    c->capture = g.pos;
    game_free(&g);
    position_set_fen(&c->finished, &c->rules, c->k.finished_fen, err, sizeof err);
}

int compliance_main(int argc, char *const argv[], FILE *out)
{
    Checker c;
    memset(&c, 0, sizeof c);
    c.out = out;
    c.startup_ms = 10000;
    c.ping_ms = 2000;
    c.stop_ms = 2000;
    c.quit_ms = 1000;
    const char *logfile = NULL;
    char err[1024];
    int status = 2;
    if (parse(&c, argc, argv, &logfile, err, sizeof err) < 0
        || compliance_cases(&c.k, &c.rules, err, sizeof err) < 0
        || (logfile && !(c.log = transcript_open(logfile, "dablo-match", err, sizeof err)))) {
        fprintf(stderr, "dablo-match: %s\n", err);
    } else {
        positions(&c);
        fprintf(out, "dablo-match -compliance: %s, variant %s (protocol/PROTOCOL.md)\n",
                c.spec.path, c.variant);
        run_steps(&c);
        if (c.e.running) engine_kill(&c.e);
        if (c.setup_err[0]) {
            fprintf(stderr, "dablo-match: %s\n", c.setup_err); /* status stays 2 */
        } else {
            fprintf(out, "summary: %d passed, %d failed, %d skipped: %s\n", c.npass, c.nfail,
                    c.nskip,
                    c.nfail + c.nskip ? "the engine does not follow the protocol"
                                      : "the engine follows the protocol");
            status = c.nfail + c.nskip ? 1 : 0;
        }
    }
    engine_quit(&c.e, 0);
    transcript_close(c.log);
    strbuf_free(&c.saw);
    engine_spec_options_free(&c.sent);
    engine_spec_free(&c.spec);
    return status;
}
