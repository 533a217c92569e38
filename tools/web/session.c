/*
 * session.c - one game on the board and its engines (see session.h).
 *
 * The state object the page draws (session_state_json) and its info
 * objects (info_json) are documented field by field in docs/web.md, "The
 * state object", which is what users read: a field added, renamed or
 * changed here is changed there too (tests/suites/60-web.sh checks that
 * the table names every field sent).
 */
#define _GNU_SOURCE
#include "session.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "host/util.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/pgn.h"
#include "svg_board.h"
#include "svg_lastmove.h"

enum { DEFAULT_MOVETIME_MS = 1000, MOVETIME_MAX_MS = 600000, DEPTH_MAX = 64, PV_PATHS = 4 };

/* The settings shared by new game and configure, checked before any is
 * applied. */
typedef struct Settings {
    int player[2];
    int64_t movetime_ms, depth, multipv, skill;
    int analyse, flipped;
} Settings;

/* What a fresh game has, and a new game for each member its request
 * leaves out (docs/web.md): a person plays White against the first
 * engine, a second a move, full strength. */
static const Settings default_settings = {
    .player = { [WHITE] = PLAYER_HUMAN, [BLACK] = 0 },
    .movetime_ms = DEFAULT_MOVETIME_MS,
    .depth = 0,
    .multipv = 1,
    .skill = -1,
    .analyse = 0,
    .flipped = 0,
};

static void apply_settings(Session *s, const Settings *st);

static void emit(Session *s, const char *event, const char *json)
{
    if (s->emit) s->emit(s->emit_ctx, s->id, event, json);
}

static void notice(Session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void notice(Session *s, const char *fmt, ...)
{
    StrBuf b = { 0 };
    va_list ap;
    va_start(ap, fmt);
    json_add_message(&b, "message", 0, fmt, ap);
    va_end(ap);
    emit(s, "notice", strbuf_str(&b));
    strbuf_free(&b);
}

/* A notice about an engine that is gone, also said on stderr as
 * "dablo-web: MESSAGE" for whoever runs the server. */
static void engine_notice(Session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void engine_notice(Session *s, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    notice(s, "%s", msg);
    fprintf(stderr, "dablo-web: %s\n", msg);
}

enum { EXIT_GRACE_MS = 500, EXIT_WORDS_LEN = 192 };

/* After ENGINE_EOF from engine e: stops it and writes into how (len
 * bytes) how it was lost, to follow "engine NAME ": its own exit status
 * or signal as dablo-match says it (engine_reap(), up to EXIT_GRACE_MS
 * for it to exit): "exited with status 3", "was killed by signal 11
 * (Segmentation fault)", or "disconnected and did not exit within 500 ms
 * (killed)"; or, when the EOF was the server's failure to read its output
 * (engine_read_errno()), "could not be read: CAUSE" (it is killed). */
static void exit_words(Engine *e, char *how, size_t len)
{
    int read_errno = engine_read_errno(e);
    if (read_errno) {
        snprintf(how, len, "could not be read: %s", strerror(read_errno));
        engine_kill(e);
        return;
    }
    char words[EXIT_WORDS_LEN - 20];
    if (engine_reap(e, EXIT_GRACE_MS, words, sizeof words))
        snprintf(how, len, "%s", words);
    else if (*words)
        snprintf(how, len, "disconnected and %s", words);
    else
        snprintf(how, len, "disconnected");
}

static void clear_lines(Session *s)
{
    for (int i = 0; i < SESSION_MULTIPV_MAX; i++) {
        free(s->lines[i]);
        s->lines[i] = NULL;
    }
}

/* ---- the game ---------------------------------------------------------- */

/* A new game of rules from fen (NULL = the start position). */
static int start_game(Session *s, const Rules *rules, const char *fen, char *err, size_t errlen)
{
    Position start;
    if (fen && *fen) {
        if (position_set_fen(&start, rules, fen, err, errlen) < 0) {
            size_t used = strlen(err);
            char hint[POSITION_HINT_LEN];
            if (used < errlen)
                snprintf(err + used, errlen - used, "%s",
                         position_fen_hint(rules, fen, "set variant to ", hint, sizeof hint));
            return -1;
        }
        /* As dablo-match refuses such an opening: a game must be able to
         * start (game.h). */
        const char *over = game_over_at_start(&start);
        if (over) {
            snprintf(err, errlen, "the game is already over in this position (%s)", over);
            return -1;
        }
    } else {
        position_start(&start, rules);
    }
    Game g;
    if (game_init(&g, &start) < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    game_free(&s->game);
    s->game = g;
    s->rules = *rules;
    position_fen(&start, s->start_fen, sizeof s->start_fen);
    s->view = 0;
    s->game_id++;
    s->white_name[0] = s->black_name[0] = '\0';
    clear_lines(s);
    return 0;
}

/* Records who played the move at ply (0-based). */
static void set_mover(Session *s, int ply, int player, int skill)
{
    if (ply >= s->movers_cap) {
        int cap = s->movers_cap ? s->movers_cap : 64;
        while (cap <= ply)
            cap *= 2;
        s->movers = util_xrealloc(s->movers, sizeof *s->movers * (size_t)cap);
        s->movers_cap = cap;
    }
    s->movers[ply] = (SessionMover){ player, skill };
}

/* Keeps only the first ply moves of the game (replayed from the start). */
static void truncate_game(Session *s, int ply)
{
    if (ply >= s->game.nmoves) return;
    Game g;
    if (game_init(&g, &s->game.start) < 0) return;
    for (int i = 0; i < ply; i++)
        game_play(&g, &s->game.moves[i]);
    game_free(&s->game);
    s->game = g;
}

/* The position after ply moves. */
static void position_at(const Session *s, int ply, Position *pos)
{
    *pos = s->game.start;
    Undo u;
    for (int i = 0; i < ply; i++)
        position_make(pos, &s->game.moves[i], &u);
}

/* The result the shown ply has: the game's own when view is the end,
 * else judged on the game cut at view. */
static GameResult result_at_view(const Session *s, EndReason *reason)
{
    if (s->view == s->game.nmoves) return game_result(&s->game, reason);
    Game g;
    if (game_init(&g, &s->game.start) < 0) {
        *reason = END_NONE;
        return RESULT_NONE;
    }
    for (int i = 0; i < s->view; i++)
        game_play(&g, &s->game.moves[i]);
    GameResult r = game_result(&g, reason);
    game_free(&g);
    return r;
}

void session_init(Session *s, const char *id, const SessionHost *host, SessionEmit emitfn,
                  void *ctx)
{
    memset(s, 0, sizeof *s);
    snprintf(s->id, sizeof s->id, "%s", id);
    s->host = host;
    s->emit = emitfn;
    s->emit_ctx = ctx;
    apply_settings(s, &default_settings);
    s->eng_spec[0] = s->eng_spec[1] = -1;
    s->search_slot = -1;
    Rules r = rules_default(VARIANT_DABLOT);
    char err[128];
    start_game(s, &r, NULL, err, sizeof err);
    s->last_active_ms = util_now_ms();
}

void session_free(Session *s)
{
    for (int i = 0; i < 2; i++)
        if (s->eng[i].running) engine_quit(&s->eng[i], 500);
    for (int i = 0; i < 2; i++)
        engine_quit(&s->eng[i], 0);
    clear_lines(s);
    game_free(&s->game);
    free(s->movers);
    s->movers = NULL;
    s->movers_cap = 0;
}

/* ---- request members ----------------------------------------------------- */

/* "white"/"black": "human" (or -1, as the state reports a person) or an
 * engine index.  Returns 0 (absent leaves *out), or -1 with a reason. */
static int get_player(const Session *s, const JsonValue *req, const char *key, int *out, char *err,
                      size_t errlen)
{
    const JsonValue *v = json_get(req, key);
    if (!v) return 0;
    if ((v->type == JSON_STRING && strcmp(v->string, "human") == 0)
        || (v->type == JSON_NUMBER && v->number == PLAYER_HUMAN)) {
        *out = PLAYER_HUMAN;
        return 0;
    }
    if (v->type == JSON_NUMBER && v->number >= 0 && v->number < s->host->nspecs
        && v->number == (int)v->number) {
        *out = (int)v->number;
        return 0;
    }
    snprintf(err, errlen, "%s: expected \"human\" (or -1) or an engine number 0..%d", key,
             s->host->nspecs - 1);
    return -1;
}

static int get_int(const JsonValue *req, const char *key, int64_t lo, int64_t hi, int64_t *out,
                   char *err, size_t errlen)
{
    const JsonValue *v = json_get(req, key);
    if (!v) return 0;
    if (v->type != JSON_NUMBER || v->number != (double)(int64_t)v->number || v->number < (double)lo
        || v->number > (double)hi) {
        snprintf(err, errlen, "%s: expected a whole number %lld..%lld", key, (long long)lo,
                 (long long)hi);
        return -1;
    }
    *out = (int64_t)v->number;
    return 0;
}

static int get_bool(const JsonValue *req, const char *key, int *out, char *err, size_t errlen)
{
    const JsonValue *v = json_get(req, key);
    if (!v) return 0;
    if (v->type != JSON_BOOL) {
        snprintf(err, errlen, "%s: expected true or false", key);
        return -1;
    }
    *out = v->boolean;
    return 0;
}

static int any_skill(const SessionHost *h)
{
    for (int i = 0; h->skill && i < h->nspecs; i++)
        if (h->skill[i]) return 1;
    return 0;
}

/* "skill": 0..SESSION_SKILL_MAX or null (-1), only when an engine
 * declares Skill Level. */
static int get_skill(const Session *s, const JsonValue *req, int64_t *out, char *err, size_t errlen)
{
    const JsonValue *v = json_get(req, "skill");
    if (!v) return 0;
    if (v->type == JSON_NULL) {
        *out = -1;
        return 0;
    }
    if (get_int(req, "skill", 0, SESSION_SKILL_MAX, out, err, errlen) < 0) {
        snprintf(err, errlen, "skill: expected a whole number 0..%d or null", SESSION_SKILL_MAX);
        return -1;
    }
    if (!any_skill(s->host)) {
        snprintf(err, errlen, "skill: no engine here has a Skill Level option");
        return -1;
    }
    return 0;
}

/* The members of req over base (a member left out keeps base's value). */
static int read_settings(const Session *s, const JsonValue *req, const Settings *base, Settings *st,
                         char *err, size_t errlen)
{
    *st = *base;
    if (req && req->type != JSON_OBJECT) {
        snprintf(err, errlen, "expected a JSON object");
        return -1;
    }
    if (get_player(s, req, "white", &st->player[WHITE], err, errlen) < 0
        || get_player(s, req, "black", &st->player[BLACK], err, errlen) < 0
        || get_int(req, "movetime", 10, MOVETIME_MAX_MS, &st->movetime_ms, err, errlen) < 0
        || get_int(req, "depth", 0, DEPTH_MAX, &st->depth, err, errlen) < 0
        || get_int(req, "multipv", 1, SESSION_MULTIPV_MAX, &st->multipv, err, errlen) < 0
        || get_skill(s, req, &st->skill, err, errlen) < 0
        || get_bool(req, "analyse", &st->analyse, err, errlen) < 0
        || get_bool(req, "flip", &st->flipped, err, errlen) < 0)
        return -1;
    return 0;
}

static void apply_settings(Session *s, const Settings *st)
{
    s->player[0] = st->player[0];
    s->player[1] = st->player[1];
    s->movetime_ms = st->movetime_ms;
    s->depth = (int)st->depth;
    s->multipv = (int)st->multipv;
    s->skill = (int)st->skill;
    if (s->analyse != st->analyse || s->multipv != (int)st->multipv) clear_lines(s);
    s->analyse = st->analyse;
    s->flipped = st->flipped;
    if (s->analyse) s->player[0] = s->player[1] = PLAYER_HUMAN;
}

int session_new_game(Session *s, const JsonValue *req, char *err, size_t errlen)
{
    Settings st;
    if (read_settings(s, req, &default_settings, &st, err, errlen) < 0) return -1;
    /* A new game is what its request says: without "variant" it is Dablot,
     * the Variant option's default, the rule options start from the
     * game's defaults and the players and settings from a fresh game's,
     * whatever the previous game was (docs/web.md). */
    Variant var = VARIANT_DABLOT;
    const JsonValue *variant = json_get(req, "variant");
    if (variant) {
        int v = variant->type == JSON_STRING ? geometry_variant_from_name(variant->string) : -1;
        if (v < 0) {
            snprintf(err, errlen, "variant: expected \"dablot\" or \"tabal\"");
            return -1;
        }
        var = (Variant)v;
    }
    Rules r = rules_default(var);
    const JsonValue *opts = json_get(req, "options");
    if (opts) {
        if (opts->type != JSON_OBJECT) {
            snprintf(err, errlen, "options: expected an object of option names and values");
            return -1;
        }
        /* The preset first, then the single options over it, whatever
         * the order of the members (rules_option_pass(); docs/web.md). */
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < opts->n; i++) {
                if (rules_option_pass(opts->keys[i]) != pass) continue;
                for (int j = 0; j < i; j++)
                    if (strcasecmp(opts->keys[j], opts->keys[i]) == 0) {
                        snprintf(err, errlen, "options: %s is given twice (%s and %s)",
                                 opts->keys[i], opts->keys[j], opts->keys[i]);
                        return -1;
                    }
                const JsonValue *o = opts->items[i];
                char val[32];
                const char *value = o->type == JSON_STRING ? o->string : NULL;
                if (o->type == JSON_BOOL) value = o->boolean ? "true" : "false";
                if (o->type == JSON_NUMBER) {
                    /* Rule options are whole numbers: rounding 40.5 would
                     * play a game the client did not ask for. */
                    if (o->number != (double)(long long)o->number || o->number < -1e15
                        || o->number > 1e15) {
                        snprintf(err, errlen, "options: %s: expected a whole number",
                                 opts->keys[i]);
                        return -1;
                    }
                    snprintf(val, sizeof val, "%.0f", o->number);
                    value = val;
                }
                if (strcasecmp(opts->keys[i], "Variant") == 0) {
                    snprintf(err, errlen,
                             "options: Variant is not a rule option here: give the game in"
                             " the request's \"variant\" member");
                    return -1;
                }
                char why[160];
                if (rules_option_game_check(var, opts->keys[i], why, sizeof why) != 0) {
                    snprintf(err, errlen, "options: %s", why);
                    return -1;
                }
                if (!value) {
                    /* null, an array or an object: the advice the rules
                     * library gives for a bad value of this option (asked
                     * of a copy with "", which no option takes). */
                    Rules probe = r;
                    char advice[160];
                    static const char *const type_name[] = { [JSON_NULL] = "null",
                                                             [JSON_ARRAY] = "an array",
                                                             [JSON_OBJECT] = "an object" };
                    if (rules_set(&probe, opts->keys[i], "", advice, sizeof advice) == 1) {
                        snprintf(err, errlen, "options: %s is not a rule option", opts->keys[i]);
                        return -1;
                    }
                    const char *expected = strstr(advice, "(expected ");
                    snprintf(err, errlen, "options: %s: %s is no value%s%s", opts->keys[i],
                             type_name[o->type], expected ? " " : "", expected ? expected : "");
                    return -1;
                }
                int rc = rules_set(&r, opts->keys[i], value, err, errlen);
                if (rc == 1)
                    snprintf(err, errlen, "options: %s is not a rule option", opts->keys[i]);
                if (rc != 0) return -1;
            }
    }
    const JsonValue *fen = json_get(req, "fen");
    if (fen && fen->type != JSON_STRING && fen->type != JSON_NULL) {
        snprintf(err, errlen, "fen: expected a string");
        return -1;
    }
    char why[160];
    if (start_game(s, &r, fen && fen->type == JSON_STRING ? fen->string : NULL, why, sizeof why)
        < 0) {
        snprintf(err, errlen, "fen: %s", why);
        return -1;
    }
    apply_settings(s, &st);
    session_update(s);
    return 0;
}

int session_configure(Session *s, const JsonValue *req, char *err, size_t errlen)
{
    const Settings now = {
        .player = { s->player[0], s->player[1] },
        .movetime_ms = s->movetime_ms,
        .depth = s->depth,
        .multipv = s->multipv,
        .skill = s->skill,
        .analyse = s->analyse,
        .flipped = s->flipped,
    };
    Settings st;
    if (read_settings(s, req, &now, &st, err, errlen) < 0) return -1;
    apply_settings(s, &st);
    session_update(s);
    return 0;
}

/* Whether a person may move at the shown ply: the game goes on there and
 * the side to move is not played by an engine. */
static int person_may_move(const Session *s, const Position *pos, char *err, size_t errlen)
{
    EndReason why;
    if (result_at_view(s, &why) != RESULT_NONE) {
        snprintf(err, errlen, "the game is over (%s)", position_end_reason_name(why));
        return 0;
    }
    if (s->player[pos->stm] != PLAYER_HUMAN && s->view == s->game.nmoves) {
        snprintf(err, errlen, "it is the engine's turn");
        return 0;
    }
    return 1;
}

/* After "ambiguous short form": the candidate paths, for err. */
static void ambiguous_paths(const Position *pos, const char *text, char *err, size_t errlen)
{
    const Geometry *g = pos->geo;
    int len1, len2;
    int from = geometry_point_prefix(g, text, &len1);
    int to = text[len1] == 'x' ? geometry_point_prefix(g, text + len1 + 1, &len2) : NO_POINT;
    size_t n = (size_t)snprintf(err, errlen, "ambiguous move %s: give the whole path, one of",
                                text);
    static MoveList list;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.n && n < errlen; i++)
        if (list.moves[i].from == from && list.moves[i].to == to) {
            char m[MOVE_STR_MAX];
            notation_move_string(pos, &list.moves[i], m, sizeof m);
            n += (size_t)snprintf(err + n, errlen - n, " %s", m);
        }
}

/* Plays text at the shown ply, by player (PLAYER_HUMAN or a spec index)
 * at skill (-1 = full strength). */
static int play_text(Session *s, const Position *pos, const char *text, int player, int skill,
                     char *err, size_t errlen)
{
    Move m;
    char why[256];
    if (notation_parse_move(pos, text, &m, why, sizeof why) < 0) {
        if (strstr(why, "ambiguous"))
            ambiguous_paths(pos, text, err, errlen);
        else
            snprintf(err, errlen, "%s", why); /* why names the text */
        return -1;
    }
    truncate_game(s, s->view);
    if (game_play(&s->game, &m) < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    s->view = s->game.nmoves;
    set_mover(s, s->game.nmoves - 1, player, skill);
    clear_lines(s); /* they were of the position before the move */
    return 0;
}

int session_move(Session *s, const char *text, char *err, size_t errlen)
{
    Position pos;
    position_at(s, s->view, &pos);
    /* A text that is no move at all is a bad request whatever the game
     * (-2), as an empty one is; a move the game refuses is not (-1). */
    if (strlen(text) >= MOVE_STR_MAX) {
        snprintf(err, errlen, "move too long (at most %d characters)", MOVE_STR_MAX - 1);
        return -2;
    }
    if (notation_check_form(pos.geo, text, err, errlen) < 0) return -2;
    if (!person_may_move(s, &pos, err, errlen)) return -1;
    if (play_text(s, &pos, text, PLAYER_HUMAN, -1, err, errlen) < 0) return -1;
    session_update(s);
    return 0;
}

int session_takeback(Session *s, char *err, size_t errlen)
{
    if (s->game.nmoves == 0) {
        snprintf(err, errlen, "no move to take back");
        return -1;
    }
    /* Back to before the last move a person made, so the engine's answers
     * after it go too and it is the person's turn again (as chess GUIs
     * do).  An engine's move with none of a person's before it stays: it
     * would only be played again. */
    int n = s->game.nmoves - 1;
    while (n >= 0 && s->player[(s->game.start.stm + n) % 2] != PLAYER_HUMAN)
        n--;
    if (n < 0) {
        snprintf(err, errlen, "no move of yours to take back (only the engine has moved)");
        return -1;
    }
    truncate_game(s, n);
    s->view = n;
    clear_lines(s); /* they were of a position no longer in the game */
    session_update(s);
    return 0;
}

int session_view(Session *s, double ply, const char *text, char *err, size_t errlen)
{
    /* One message for every whole number outside, however far, naming it
     * as it was sent (a double would print 10^23 as 1e+23; the JSON
     * parser bounds a number's text). */
    if (!(ply >= 0 && ply <= s->game.nmoves)) {
        snprintf(err, errlen, "ply %s out of range 0..%d", text, s->game.nmoves);
        return -1;
    }
    s->view = (int)ply;
    clear_lines(s);
    session_update(s);
    return 0;
}

/* ---- PGN ------------------------------------------------------------------ */

/* The line number (from 1) of byte at in text. */
static int line_of(const char *text, const char *at)
{
    int n = 1;
    for (const char *p = text; (p = memchr(p, '\n', (size_t)(at - p))); p++)
        n++;
    return n;
}

/* The bytes of the line at p to quote in an error: up to its end, at most
 * 40, cut where a UTF-8 character starts. */
static int quote_len(const char *p)
{
    size_t n = strcspn(p, "\r\n");
    if (n > 40)
        for (n = 40; ((unsigned char)p[n] & 0xC0) == 0x80; n--)
            ;
    return (int)n;
}

/* The Rules tag lists options, not the preset: name the preset they equal
 * (an anti-draw game loads as "Rules anti-draw", not as classic with
 * changed options). */
static void name_preset(Rules *r)
{
    for (RulesPreset p = PRESET_CLASSIC; p <= PRESET_ANTI_DRAW; p++) {
        Rules t = *r;
        rules_apply_preset(&t, p);
        if (t.captures == r->captures && t.forward_only_men == r->forward_only_men
            && t.king_capture_ends == r->king_capture_ends
            && t.king_and_prince_capture_ends == r->king_and_prince_capture_ends) {
            r->preset = p;
            return;
        }
    }
}

/* Why word of the Rules tag of a game of variant v is refused when
 * rules_set() does not know it:
 * eq is its '=' (cut to a NUL) or NULL.  The tag holds rule options as
 * NAME=VALUE words (rules_describe(), as dablo-match writes it) or
 * "default"; a preset's name is answered with the options it stands for. */
static void rules_tag_word_error(Variant v, const char *word, const char *eq, char *why,
                                 size_t whylen)
{
    if (eq) {
        char names[128];
        rules_option_list(v, names, sizeof names);
        snprintf(why, whylen,
                 "unknown rule option '%.40s' in '%.40s=%.40s' (the options of %s: %s)", word, word,
                 eq + 1, v == VARIANT_TABAL ? "Tabal" : "Dablot", names);
        return;
    }
    Rules preset = rules_default(VARIANT_DABLOT);
    char form[128];
    if (rules_set(&preset, "Rules", word, form, sizeof form) == 0) {
        rules_describe(&preset, form, sizeof form);
        snprintf(why, whylen,
                 "'%.40s' is a preset, not NAME=VALUE rule options: write it as [Rules \"%s\"]",
                 word, form[0] ? form : "default");
        return;
    }
    snprintf(why, whylen,
             "'%.40s' is not NAME=VALUE: the tag holds rule options such as "
             "Captures=compulsory, or \"default\"",
             word);
}

int session_load_pgn(Session *s, const char *pgn, char *err, size_t errlen)
{
    char variant[32] = "dablot", rules_text[256] = "", fen[256] = "", white[64] = "",
         black[64] = "";
    /* whole: a cut value would be read as another game (a player's name
     * may be cut for show) */
    struct {
        const char *name;
        char *out;
        size_t outlen;
        int whole, seen;
    } tags[] = { { "Variant", variant, sizeof variant, 1, 0 },
                 { "Rules", rules_text, sizeof rules_text, 1, 0 },
                 { "FEN", fen, sizeof fen, 1, 0 },
                 { "White", white, sizeof white, 0, 0 },
                 { "Black", black, sizeof black, 0, 0 } };
    const char *text = pgn;
    /* A UTF-8 byte-order mark, as some editors save text, is no part of
     * the game. */
    pgn += util_bom_len(pgn);
    if (!pgn[strspn(pgn, " \t\r\n")]) {
        snprintf(err, errlen, "no game in the PGN");
        return -1;
    }
    /* The first game's tag lines, after any blank space, one tag pair a
     * line (pgn.h); the first of each name counts, and a later game's
     * tags are never mixed in.  A broken tag line is named here: skipped,
     * it would make the first move the error (the game read as another
     * variant). */
    const char *tags_end = pgn;
    for (;;) {
        tags_end += strspn(tags_end, " \t\r\n");
        /* A '%' escape line (at a line's start) and a ';' comment to the
         * line's end (PGN sections 6 and 5) may come before or among the
         * tags: skipped, as in the movetext. */
        if ((*tags_end == '%' && (tags_end == pgn || tags_end[-1] == '\n')) || *tags_end == ';') {
            const char *eol = strchr(tags_end, '\n');
            tags_end = eol ? eol + 1 : tags_end + strlen(tags_end);
            continue;
        }
        if (*tags_end != '[') break;
        PgnTag t;
        if (pgn_tag_line(tags_end, &t) == 0) {
            snprintf(err, errlen, "PGN line %d: not a PGN tag pair ([Name \"value\"]): '%.*s'",
                     line_of(text, tags_end), quote_len(tags_end), tags_end);
            return -1;
        }
        for (size_t i = 0; i < sizeof tags / sizeof *tags; i++)
            if (!tags[i].seen && t.name_len == strlen(tags[i].name)
                && !strncmp(t.name, tags[i].name, t.name_len)) {
                if (!pgn_tag_value(&t, tags[i].out, tags[i].outlen) && tags[i].whole) {
                    snprintf(err, errlen, "PGN tag %s: value too long (at most %zu characters)",
                             tags[i].name, tags[i].outlen - 1);
                    return -1;
                }
                tags[i].seen = 1;
            }
        const char *eol = strchr(tags_end, '\n');
        tags_end = eol ? eol + 1 : tags_end + strlen(tags_end);
    }
    /* Without a Variant tag the game is read in the current game's
     * variant and, without a Rules tag either, under its rules (a game
     * pasted from elsewhere, the board it is pasted into); an error then
     * says so, since the game may be of the other variant. */
    int v = tags[0].seen ? geometry_variant_from_name(variant) : (int)s->rules.variant;
    if (v < 0) {
        snprintf(err, errlen, "PGN tag Variant: unknown variant \"%s\"", variant);
        return -1;
    }
    char read_as[120] = "";
    if (!tags[0].seen)
        snprintf(read_as, sizeof read_as,
                 " (read as %s, the current game's variant: the PGN has no Variant tag)",
                 v == VARIANT_TABAL ? "Tabal" : "Dablot");
    Rules r = tags[0].seen || tags[1].seen ? rules_default((Variant)v) : s->rules;
    if (strcmp(rules_text, "default") != 0 && rules_text[0]) {
        char **words;
        int nw = util_split_words(rules_text, &words);
        if (nw < 0) {
            snprintf(err, errlen, "PGN tag Rules: unterminated quote");
            return -1;
        }
        for (int i = 0; i < nw; i++) {
            char *eq = strchr(words[i], '=');
            char why[400];
            int rc = 1;
            if (eq) {
                *eq = '\0';
                /* The tag holds rules of the game the Variant tag names:
                 * neither the game itself nor the other game's options,
                 * as dablo-match's -option refuses them. */
                if (strcasecmp(words[i], "Variant") == 0) {
                    snprintf(why, sizeof why,
                             "'%.40s=%.40s' is no rule option: the game is given by the Variant "
                             "tag ([Variant \"%.40s\"])",
                             words[i], eq + 1, eq + 1);
                    rc = -1;
                } else {
                    rc = rules_option_game_check(r.variant, words[i], why, sizeof why);
                    if (rc == 0) rc = rules_set(&r, words[i], eq + 1, why, sizeof why);
                }
            }
            if (rc != 0) {
                if (rc == 1) rules_tag_word_error(r.variant, words[i], eq, why, sizeof why);
                snprintf(err, errlen, "PGN tag Rules: %s", why);
                util_free_words(words);
                return -1;
            }
        }
        util_free_words(words);
        if (r.variant == VARIANT_DABLOT) name_preset(&r);
    }
    Position pos;
    char why[256];
    if (fen[0] ? position_set_fen(&pos, &r, fen, why, sizeof why) < 0
               : (position_start(&pos, &r), 0)) {
        char hint[POSITION_HINT_LEN];
        const char *h = position_fen_hint(&r, fen, "set the Variant tag to ", hint, sizeof hint);
        snprintf(err, errlen, "PGN tag FEN: %s%s", why, h[0] ? h : read_as);
        return -1;
    }
    const char *over = fen[0] ? game_over_at_start(&pos) : NULL;
    if (over) {
        snprintf(err, errlen, "PGN tag FEN: the game is already over in this position (%s)", over);
        return -1;
    }
    /* The movetext: after the first game's last tag line, up to the
     * result or the next game's tags (pgn.h reads it). */
    PgnLexer lx = { .p = tags_end, .mid_line = tags_end > pgn && tags_end[-1] != '\n' };
    Game g;
    if (game_init(&g, &pos) < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int ply = 0;
    const char *mv;
    size_t n;
    PgnToken k;
    while ((k = pgn_next_token(&lx, &mv, &n)) == PGN_MOVE) {
        char tok[MOVE_STR_MAX + 8];
        if (n >= sizeof tok) {
            game_free(&g);
            snprintf(err, errlen, "PGN ply %d: move too long (at most %zu characters)", ply + 1,
                     sizeof tok - 1);
            return -1;
        }
        memcpy(tok, mv, n);
        tok[n] = '\0';
        Move m;
        if (notation_parse_move(&g.pos, tok, &m, why, sizeof why) < 0) {
            if (!strcmp(tok, ")") || !strcmp(tok, "}"))
                snprintf(err, errlen, "PGN line %d: a '%s' with no %s open", line_of(text, mv), tok,
                         *tok == ')' ? "variation '('" : "comment '{'");
            else
                snprintf(err, errlen, "PGN ply %d (%s): %s%s", ply + 1, tok, why, read_as);
            game_free(&g);
            return -1;
        }
        game_play(&g, &m);
        ply++;
    }
    /* An open comment would hide the rest of the game, its result too;
     * so would an open variation. */
    if (k == PGN_END && lx.in_comment) {
        game_free(&g);
        snprintf(err, errlen, "PGN line %d: a comment opened here is never closed: '%.*s'",
                 line_of(text, lx.comment), quote_len(lx.comment), lx.comment);
        return -1;
    }
    if (lx.rav_depth > 0) {
        game_free(&g);
        snprintf(err, errlen, "PGN line %d: a variation opened here is never closed: '%.*s'",
                 line_of(text, lx.rav), quote_len(lx.rav), lx.rav);
        return -1;
    }
    /* Tags alone (a cut file, a copy of the header only) are no game: the
     * game in progress stays.  Zero moves and a result ("[FEN ...] *") is
     * an empty game, as the PGN standard's termination marker makes it. */
    if (ply == 0 && k != PGN_RESULT) {
        game_free(&g);
        snprintf(err, errlen, "no game in the PGN: no moves and no result");
        return -1;
    }
    game_free(&s->game);
    s->game = g;
    for (int i = 0; i < g.nmoves; i++)
        set_mover(s, i, PLAYER_LOADED, -1);
    s->rules = r;
    position_fen(&g.start, s->start_fen, sizeof s->start_fen);
    s->view = 0;
    s->game_id++;
    s->player[0] = s->player[1] = PLAYER_HUMAN;
    s->analyse = 0;
    snprintf(s->white_name, sizeof s->white_name, "%s", white);
    snprintf(s->black_name, sizeof s->black_name, "%s", black);
    clear_lines(s);
    session_update(s);
    return 0;
}

static const char *player_name(const Session *s, Color c)
{
    const char *given = c == WHITE ? s->white_name : s->black_name;
    if (given[0]) return given;
    int p = s->player[c];
    if (p == PLAYER_HUMAN) return "person";
    const EngineSpec *spec = &s->host->specs[p];
    return spec->name ? spec->name : spec->cmd;
}

/* The name of who played the move at ply into out: "person", an
 * engine's name (with its Skill Level when weakened), or the loaded PGN's
 * tag of that colour ("?" when it had none). */
static void mover_name(const Session *s, int ply, Color c, char *out, size_t outlen)
{
    const SessionMover *m = &s->movers[ply];
    if (m->player == PLAYER_HUMAN) {
        snprintf(out, outlen, "person");
    } else if (m->player == PLAYER_LOADED) {
        const char *given = c == WHITE ? s->white_name : s->black_name;
        snprintf(out, outlen, "%s", given[0] ? given : "?");
    } else {
        const EngineSpec *spec = &s->host->specs[m->player];
        const char *name = spec->name ? spec->name : spec->cmd;
        if (m->skill >= 0 && m->skill < SESSION_SKILL_MAX)
            snprintf(out, outlen, "%s (Skill Level %d)", name, m->skill);
        else
            snprintf(out, outlen, "%s", name);
    }
}

/* The PGN's name for colour c: who played its moves, each once in the
 * order they first moved, joined by ':'; the player now when c has no
 * move in the game. */
static void pgn_player(const Session *s, Color c, char *out, size_t outlen)
{
    enum { LISTED_MAX = 16 };
    char listed[LISTED_MAX][160];
    int nlisted = 0;
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < s->game.nmoves; i++) {
        if (((int)s->game.start.stm + i) % 2 != (int)c) continue;
        char name[160];
        mover_name(s, i, c, name, sizeof name);
        int seen = 0;
        for (int k = 0; k < nlisted && !seen; k++)
            seen = !strcmp(listed[k], name);
        if (seen || nlisted == LISTED_MAX) continue;
        snprintf(listed[nlisted++], sizeof listed[0], "%s", name);
        if (n + strlen(name) + 2 < outlen)
            n += (size_t)snprintf(out + n, outlen - n, "%s%s", n ? ":" : "", name);
    }
    if (!out[0]) snprintf(out, outlen, "%s", player_name(s, c));
}

/* The tag value with '"' and '\\' escaped. */
static void pgn_add_tag(StrBuf *out, const char *name, const char *value)
{
    strbuf_printf(out, "[%s \"", name);
    for (const char *c = value; *c; c++) {
        if (*c == '"' || *c == '\\') strbuf_addc(out, '\\');
        if ((unsigned char)*c >= 0x20) strbuf_addc(out, *c);
    }
    strbuf_add(out, "\"]\n");
}

void session_pgn(const Session *s, StrBuf *out)
{
    EndReason why;
    GameResult res = game_result(&s->game, &why);
    char date[16] = "????.??.??", rules[256], buf[32];
    time_t now = time(NULL);
    struct tm tm;
    if (gmtime_r(&now, &tm)) strftime(date, sizeof date, "%Y.%m.%d", &tm);
    rules_describe(&s->rules, rules, sizeof rules);
    pgn_add_tag(out, "Event", "dablo-web");
    pgn_add_tag(out, "Site", "?");
    pgn_add_tag(out, "Date", date);
    char players[2][512];
    pgn_player(s, WHITE, players[WHITE], sizeof players[WHITE]);
    pgn_player(s, BLACK, players[BLACK], sizeof players[BLACK]);
    pgn_add_tag(out, "White", players[WHITE]);
    pgn_add_tag(out, "Black", players[BLACK]);
    pgn_add_tag(out, "Result", game_result_string(res));
    pgn_add_tag(out, "Variant", s->rules.variant == VARIANT_TABAL ? "tabal" : "dablot");
    pgn_add_tag(out, "Rules", rules[0] ? rules : "default");
    if (strcmp(s->start_fen, position_start_fen(s->rules.variant)) != 0) {
        pgn_add_tag(out, "SetUp", "1");
        pgn_add_tag(out, "FEN", s->start_fen);
    }
    pgn_add_tag(out, "Termination", res == RESULT_NONE ? "unterminated" : "normal");
    snprintf(buf, sizeof buf, "%d", s->game.nmoves);
    pgn_add_tag(out, "PlyCount", buf);
    strbuf_addc(out, '\n');
    Position pos = s->game.start;
    size_t col = 0;
    for (int i = 0; i <= s->game.nmoves; i++) {
        char w[MOVE_STR_MAX + 40];
        int n = 0;
        if (i == s->game.nmoves) {
            if (res != RESULT_NONE)
                n = snprintf(w, sizeof w, "{%s} ", position_end_reason_name(why));
            snprintf(w + n, sizeof w - (size_t)n, "%s", game_result_string(res));
        } else {
            /* Where this colour's player changed: who plays from here, and
             * Black's move number again after the comment (PGN export). */
            char by[160], before[160];
            int changed = 0;
            if (i >= 2) {
                mover_name(s, i, pos.stm, by, sizeof by);
                mover_name(s, i - 2, pos.stm, before, sizeof before);
                changed = strcmp(by, before) != 0;
            }
            if (changed) {
                char note[200];
                for (char *b = strchr(by, '}'); b; b = strchr(b, '}'))
                    *b = ')'; /* a '}' would end the comment */
                snprintf(note, sizeof note, "{%s played from here}", by);
                strbuf_add_word(out, &col, note);
            }
            if (pos.stm == WHITE)
                n = snprintf(w, sizeof w, "%d. ", pos.move_number);
            else if (i == 0 || changed)
                n = snprintf(w, sizeof w, "%d... ", pos.move_number);
            notation_move_string(&pos, &s->game.moves[i], w + n, sizeof w - (size_t)n);
            Undo u;
            position_make(&pos, &s->game.moves[i], &u);
        }
        strbuf_add_word(out, &col, w);
    }
    strbuf_add(out, "\n\n");
}

/* ---- the state object --------------------------------------------------- */

/* The point names of a move string ("c7xa9xc11" -> c7 a9 c11) as a JSON
 * array. */
static void add_path(StrBuf *b, const char *move)
{
    strbuf_addc(b, '[');
    const char *p = move;
    for (int first = 1; *p; first = 0) {
        size_t n = strcspn(p, "x-");
        strbuf_add(b, first ? "\"" : ",\"");
        strbuf_addn(b, p, n);
        strbuf_addc(b, '"');
        p += n;
        if (*p) p++;
    }
    strbuf_addc(b, ']');
}

static void add_points(StrBuf *b, const Geometry *g, Bitboard set)
{
    strbuf_addc(b, '[');
    int first = 1;
    for (int p = 0; p < g->npoints; p++)
        if (bb_test(set, p)) {
            strbuf_printf(b, "%s\"%s\"", first ? "" : ",", g->name_of[p]);
            first = 0;
        }
    strbuf_addc(b, ']');
}

/* The board at the shown ply, drawn by the dablo-svg code. */
static void add_svg(StrBuf *b, const Session *s)
{
    Position pos;
    SvgLastMove last;
    memset(&last, 0, sizeof last);
    position_at(s, s->view > 0 ? s->view - 1 : 0, &pos);
    if (s->view > 0) {
        char m[MOVE_STR_MAX], err[128];
        notation_move_string(&pos, &s->game.moves[s->view - 1], m, sizeof m);
        svg_lastmove_play(&pos, m, &last, err, sizeof err);
    }
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) {
        strbuf_add(b, "\"\"");
        return;
    }
    SvgView view = { .flipped = s->flipped, .width_px = 0 };
    svg_board_write_view(f, &pos, &last, &view);
    fclose(f);
    json_add_string(b, text);
    free(text);
}

static const char *thinking(const Session *s)
{
    if (s->search_kind == SEARCH_ANALYSE) return "analysis";
    if (s->search_kind == SEARCH_MOVE) return s->game.pos.stm == WHITE ? "white" : "black";
    return "";
}

void session_state_json(const Session *s, StrBuf *b)
{
    Position pos;
    position_at(s, s->view, &pos);
    char fen[192];
    position_fen(&pos, fen, sizeof fen);
    char rules[256];
    rules_describe(&s->rules, rules, sizeof rules);
    strbuf_add(b, "{\"session\":");
    json_add_string(b, s->id);
    strbuf_printf(b, ",\"seq\":%llu", (unsigned long long)s->seq);
    strbuf_printf(b, ",\"variant\":\"%s\",\"rules\":", pos.geo->name);
    json_add_string(b, rules);
    strbuf_add(b, ",\"options\":{");
    int listed = 0;
    const char *name;
    for (int i = 0; (name = rules_option_name(i)); i++) {
        /* Only the options of this game (RULES.md section 1; rules.h). */
        if (rules_option_game_check(s->rules.variant, name, NULL, 0) != 0) continue;
        char val[32] = "";
        rules_get(&s->rules, name, val, sizeof val);
        strbuf_printf(b, "%s\"%s\":", listed++ ? "," : "", name);
        json_add_string(b, val);
    }
    strbuf_add(b, "},\"startFen\":");
    json_add_string(b, s->start_fen);
    strbuf_add(b, ",\"moves\":[");
    Position p = s->game.start;
    for (int i = 0; i < s->game.nmoves; i++) {
        char m[MOVE_STR_MAX];
        notation_move_string(&p, &s->game.moves[i], m, sizeof m);
        strbuf_printf(b, "%s\"%s\"", i ? "," : "", m);
        Undo u;
        position_make(&p, &s->game.moves[i], &u);
    }
    strbuf_printf(b, "],\"view\":%d,\"fen\":", s->view);
    json_add_string(b, fen);
    strbuf_printf(b, ",\"stm\":\"%s\",\"moveNumber\":%d", pos.stm == WHITE ? "white" : "black",
                  pos.move_number);
    EndReason why;
    GameResult res = result_at_view(s, &why);
    static MoveList list;
    if (res == RESULT_NONE)
        movegen_legal(&pos, &list);
    else
        list.n = list.overflow = 0;
    strbuf_add(b, ",\"legal\":[");
    for (int i = 0; i < list.n; i++) {
        char m[MOVE_STR_MAX];
        notation_move_string(&pos, &list.moves[i], m, sizeof m);
        strbuf_printf(b, "%s{\"move\":\"%s\",\"path\":", i ? "," : "", m);
        add_path(b, m);
        strbuf_add(b, ",\"captured\":");
        add_points(b, pos.geo, list.moves[i].captured);
        strbuf_addc(b, '}');
    }
    strbuf_printf(b, "],\"overflow\":%s,\"result\":\"%s\",\"reason\":",
                  list.overflow ? "true" : "false", game_result_string(res));
    json_add_string(b, res == RESULT_NONE ? "" : position_end_reason_name(why));
    strbuf_printf(b, ",\"players\":{\"white\":%d,\"black\":%d},\"names\":{\"white\":",
                  s->player[WHITE], s->player[BLACK]);
    json_add_string(b, player_name(s, WHITE));
    strbuf_add(b, ",\"black\":");
    json_add_string(b, player_name(s, BLACK));
    strbuf_add(b, "},\"engines\":[");
    for (int i = 0; i < s->host->nspecs; i++) {
        const EngineSpec *spec = &s->host->specs[i];
        if (i) strbuf_addc(b, ',');
        json_add_string(b, spec->name ? spec->name : spec->cmd);
    }
    strbuf_add(b, "],\"skillEngines\":[");
    for (int i = 0; i < s->host->nspecs; i++)
        strbuf_printf(b, "%s%s", i ? "," : "",
                      s->host->skill && s->host->skill[i] ? "true" : "false");
    strbuf_printf(b, "],\"movetime\":%lld,\"depth\":%d,\"skill\":", (long long)s->movetime_ms,
                  s->depth);
    if (s->skill < 0)
        strbuf_add(b, "null");
    else
        strbuf_printf(b, "%d", s->skill);
    strbuf_printf(b, ",\"analyse\":%s,\"multipv\":%d,\"flipped\":%s,\"thinking\":\"%s\"",
                  s->analyse ? "true" : "false", s->multipv, s->flipped ? "true" : "false",
                  thinking(s));
    strbuf_add(b, ",\"lines\":[");
    for (int i = 0, first = 1; i < SESSION_MULTIPV_MAX; i++)
        if (s->lines[i]) {
            strbuf_printf(b, "%s%s", first ? "" : ",", s->lines[i]);
            first = 0;
        }
    strbuf_add(b, "],\"svg\":");
    add_svg(b, s);
    strbuf_addc(b, '}');
}

static void emit_state(Session *s)
{
    StrBuf b = { 0 };
    s->seq++;
    session_state_json(s, &b);
    emit(s, "state", strbuf_str(&b));
    strbuf_free(&b);
}

/* ---- engines ------------------------------------------------------------- */

/* One info line as JSON: {"multipv":1,"depth":9,"seldepth":14,
 * "score":"+0.13"|"M5"|"-M3","nodes":N,"nps":N,"time":MS,"fen":FEN,
 * "pv":[..],"paths":[[..],..]} (fen: the position searched, start, so the
 * page shows a line only while that position is shown; paths: the first
 * PV_PATHS moves as point names, checked on start); NULL when the line
 * has no pv. */
static char *info_json(const char *line, const Position *start)
{
    const char *pv = strstr(line, " pv ");
    if (strncmp(line, "info ", 5) != 0 || !pv || strstr(line, " string ")) return NULL;
    long long multipv = 1, depth = -1, seldepth = -1, nodes = -1, nps = -1, time_ms = -1, score = 0;
    int mate = 0, has_score = 0;
    char **w;
    int nw = util_split_words(line, &w);
    if (nw < 0) return NULL;
    int i = 1;
    for (; i < nw && strcmp(w[i], "pv") != 0; i++) {
        long long *field = !strcmp(w[i], "multipv")  ? &multipv
                         : !strcmp(w[i], "depth")    ? &depth
                         : !strcmp(w[i], "seldepth") ? &seldepth
                         : !strcmp(w[i], "nodes")    ? &nodes
                         : !strcmp(w[i], "nps")      ? &nps
                         : !strcmp(w[i], "time")     ? &time_ms
                                                     : NULL;
        if (field && i + 1 < nw) {
            *field = strtoll(w[++i], NULL, 10);
        } else if (!strcmp(w[i], "score") && i + 2 < nw) {
            mate = !strcmp(w[i + 1], "mate");
            score = strtoll(w[i + 2], NULL, 10);
            has_score = 1;
            i += 2;
        }
    }
    StrBuf b = { 0 };
    strbuf_printf(&b,
                  "{\"multipv\":%lld,\"depth\":%lld,\"seldepth\":%lld,\"nodes\":%lld,\"nps\":%lld,"
                  "\"time\":%lld,\"score\":",
                  multipv, depth, seldepth, nodes, nps, time_ms);
    if (!has_score)
        strbuf_add(&b, "\"\"");
    else if (mate)
        strbuf_printf(&b, "\"%sM%lld\"", score < 0 ? "-" : "", score < 0 ? -score : score);
    else
        strbuf_printf(&b, "\"%+.2f\"", (double)score / 100.0);
    char fen[192];
    position_fen(start, fen, sizeof fen);
    strbuf_add(&b, ",\"fen\":");
    json_add_string(&b, fen);
    strbuf_add(&b, ",\"pv\":[");
    int first = i + 1;
    for (int k = first; k < nw; k++) {
        if (k > first) strbuf_addc(&b, ',');
        json_add_string(&b, w[k]);
    }
    strbuf_add(&b, "],\"paths\":[");
    Position pos = *start;
    for (int k = first; k < nw && k < first + PV_PATHS; k++) {
        Move m;
        char err[64], canon[MOVE_STR_MAX];
        if (notation_parse_move(&pos, w[k], &m, err, sizeof err) < 0) break;
        notation_move_string(&pos, &m, canon, sizeof canon);
        if (k > first) strbuf_addc(&b, ',');
        add_path(&b, canon);
        Undo u;
        position_make(&pos, &m, &u);
    }
    strbuf_add(&b, "]}");
    util_free_words(w);
    char *out = util_xstrdup(strbuf_str(&b));
    strbuf_free(&b);
    return out;
}

/* The options every engine of this session is started with: the variant
 * and each rule option that is not the default. */
static void rule_options(const Session *s, OptionList *sent)
{
    engine_spec_option_add(sent, "Variant", geometry_of(s->rules.variant)->name);
    char desc[256];
    rules_describe(&s->rules, desc, sizeof desc);
    for (char *tok = strtok(desc, " "); tok; tok = strtok(NULL, " ")) {
        char *eq = strchr(tok, '=');
        if (!eq) continue;
        *eq = '\0';
        engine_spec_option_add(sent, tok, eq + 1);
    }
}

/* The engine of slot, running spec with the session's rules, ready for a
 * search of the current game.  Returns 0, or -1 after a notice. */
static int engine_ready(Session *s, int slot, int spec)
{
    Engine *e = &s->eng[slot];
    char err[256];
    char desc[sizeof s->eng_rules[0]];
    snprintf(desc, sizeof desc, "%d %d ", s->rules.variant, spec);
    rules_describe(&s->rules, desc + strlen(desc), sizeof desc - strlen(desc));
    if (e->running && (s->eng_spec[slot] != spec || strcmp(desc, s->eng_rules[slot]) != 0))
        engine_quit(e, 500);
    if (!e->running) {
        OptionList sent = { 0 };
        rule_options(s, &sent);
        EngineStatus st = engine_start(e, &s->host->specs[spec], &sent, s->host->startup_ms, slot,
                                       NULL, -1, err, sizeof err);
        engine_spec_options_free(&sent);
        if (st != ENGINE_OK) {
            notice(s, "engine %s did not start: %s", s->host->specs[spec].cmd, err);
            return -1;
        }
        s->eng_spec[slot] = spec;
        snprintf(s->eng_rules[slot], sizeof s->eng_rules[slot], "%s", desc);
        s->eng_game[slot] = -1;
        s->eng_multipv[slot] = 1;
        s->eng_skill[slot] = -1;
    }
    if (s->eng_game[slot] != s->game_id) {
        EngineStatus st = engine_newgame(e, s->host->startup_ms);
        if (st != ENGINE_OK) {
            char how[EXIT_WORDS_LEN];
            if (st == ENGINE_EOF) {
                exit_words(e, how, sizeof how);
                engine_notice(s, "engine %s %s at ucinewgame", engine_name(e), how);
            } else {
                engine_kill(e);
                notice(s, "engine %s stopped answering (ucinewgame)", engine_name(e));
            }
            return -1;
        }
        s->eng_game[slot] = s->game_id;
    }
    return 0;
}

/* Sends "setoption name Skill Level" to slot when skill (0..20, -1 = the
 * option's default: full strength) differs from what the engine has, and
 * only when the engine declares the option. */
static void set_skill(Session *s, int slot, int skill)
{
    Engine *e = &s->eng[slot];
    if (skill == s->eng_skill[slot]) return;
    const char *def = NULL;
    for (int i = 0; i < e->nopts; i++)
        if (strcasecmp(e->opts[i].name, "Skill Level") == 0) def = e->opts[i].def;
    char val[16], line[64], err[256];
    snprintf(val, sizeof val, "%d", skill);
    if (!def || engine_check_option(e, "Skill Level", skill < 0 ? def : val, err, sizeof err) < 0)
        return;
    snprintf(line, sizeof line, "setoption name Skill Level value %s", skill < 0 ? def : val);
    engine_send(e, line, util_now_ms() + s->host->startup_ms);
    s->eng_skill[slot] = skill;
}

/* The engine e, started under the default rules, under each other
 * rule set a game may use (Tabal, Dablot's presets modern and anti-draw): what it
 * refuses there (table files of TablebasePath that are damaged or of
 * another format, which engine_start() sees under the default rules
 * only) goes to stderr as a warning line, so a bad table file is told at
 * start whatever its game. */
static void probe_other_rules(Engine *e, int64_t timeout_ms)
{
    static const char *const setups[][2] = {
        { "Variant", "tabal" },
        { "Variant", "dablot" },
        { "Rules", "modern" },
        { "Rules", "anti-draw" },
    };
    char line[128], refused[1024], why[256];
    for (size_t i = 0; i < sizeof setups / sizeof setups[0]; i++) {
        if (engine_check_option(e, setups[i][0], setups[i][1], why, sizeof why) != 0) continue;
        snprintf(line, sizeof line, "setoption name %s value %s", setups[i][0], setups[i][1]);
        if (engine_send_check(e, line, timeout_ms, refused, sizeof refused) != ENGINE_OK) return;
        if (!*refused || !strcmp(setups[i][1], "dablot")) continue;
        fprintf(stderr, "dablo-web: warning: engine %s under %s %s: %s\n", engine_name(e),
                setups[i][0], setups[i][1], refused);
    }
}

int session_host_probe_skill(const EngineSpec *specs, int nspecs, int64_t startup_ms, int *skill,
                             char *err, size_t errlen)
{
    int bad = -1;
    for (int i = 0; i < nspecs; i++) {
        Engine e = { 0 };
        char why[256];
        EngineStatus st = engine_start(&e, &specs[i], NULL, startup_ms, 0, NULL, -1, why,
                                       sizeof why);
        skill[i] = st == ENGINE_OK
                && engine_check_option(&e, "Skill Level", "0", why, sizeof why) == 0
                && engine_check_option(&e, "Skill Level", "20", why, sizeof why) == 0;
        if (st != ENGINE_OK && bad < 0) {
            bad = i;
            snprintf(err, errlen, "%s", why);
        }
        if (st == ENGINE_OK) probe_other_rules(&e, startup_ms);
        engine_quit(&e, 1000);
    }
    return bad;
}

/* Stops the running search (its result is dropped). */
static void stop_search(Session *s)
{
    if (s->search_kind == SEARCH_NONE) return;
    Engine *e = &s->eng[s->search_slot];
    if (e->running && !s->search.done) engine_search_stop(e, &s->search, s->host->stop_ms);
    s->search_kind = SEARCH_NONE;
    s->search_slot = -1;
    s->search_deadline = 0;
}

/* Starts the search of kind on slot at the shown ply. */
static void start_search(Session *s, SearchKind kind, int slot, int spec)
{
    if (engine_ready(s, slot, spec) < 0) {
        s->player[0] = s->player[1] = PLAYER_HUMAN;
        s->analyse = 0;
        notice(s, "both sides are now played by a person");
        return;
    }
    Engine *e = &s->eng[slot];
    int multipv = kind == SEARCH_ANALYSE ? s->multipv : 1;
    char err[256];
    if (multipv != s->eng_multipv[slot]) {
        char line[64], val[16];
        snprintf(val, sizeof val, "%d", multipv);
        if (engine_check_option(e, "MultiPV", val, err, sizeof err) == 0) {
            snprintf(line, sizeof line, "setoption name MultiPV value %d", multipv);
            engine_send(e, line, util_now_ms() + s->host->startup_ms);
            s->eng_multipv[slot] = multipv;
        }
    }
    set_skill(s, slot, kind == SEARCH_ANALYSE ? -1 : s->skill); /* analysis: full strength */
    const char **moves = util_xmalloc(sizeof *moves * (size_t)(s->view + 1));
    char(*strs)[MOVE_STR_MAX] = util_xmalloc(sizeof *strs * (size_t)(s->view + 1));
    Position p = s->game.start;
    for (int i = 0; i < s->view; i++) {
        notation_move_string(&p, &s->game.moves[i], strs[i], MOVE_STR_MAX);
        moves[i] = strs[i];
        Undo u;
        position_make(&p, &s->game.moves[i], &u);
    }
    int from_start = strcmp(s->start_fen, position_start_fen(s->rules.variant)) == 0;
    EngineStatus st = engine_set_position(e, from_start ? NULL : s->start_fen, moves, s->view,
                                          s->host->startup_ms);
    free(moves);
    free(strs);
    EngineGo go = { 0 };
    if (kind == SEARCH_ANALYSE) {
        go.infinite = 1;
    } else {
        go.movetime_ms = s->movetime_ms;
        go.depth = s->depth;
    }
    StrBuf line = { 0 };
    engine_go_line(&line, &go);
    if (st == ENGINE_OK)
        st = engine_search_start(e, strbuf_str(&line), util_now_ms() + s->host->startup_ms,
                                 &s->search);
    strbuf_free(&line);
    if (st == ENGINE_EOF) {
        char how[EXIT_WORDS_LEN];
        exit_words(e, how, sizeof how);
        engine_notice(s, "engine %s %s; it is restarted for the next search", engine_name(e), how);
        return;
    }
    if (st != ENGINE_OK) {
        engine_kill(e);
        notice(s, "engine %s stopped answering; it is restarted for the next search",
               engine_name(e));
        return;
    }
    s->search_kind = kind;
    s->search_slot = slot;
    s->search_ply = s->view;
    s->search_game = s->game_id;
    s->search_deadline = kind == SEARCH_MOVE ? util_now_ms() + s->movetime_ms + s->host->margin_ms
                                             : 0;
}

void session_update(Session *s)
{
    EndReason why;
    GameResult res = result_at_view(s, &why);
    SearchKind want = SEARCH_NONE;
    int slot = 0, spec = 0;
    Position pos;
    position_at(s, s->view, &pos);
    if (res == RESULT_NONE) {
        if (s->analyse) {
            want = SEARCH_ANALYSE;
            spec = s->player[WHITE] >= 0 ? s->player[WHITE] : 0;
        } else if (s->view == s->game.nmoves && s->player[pos.stm] != PLAYER_HUMAN) {
            want = SEARCH_MOVE;
            slot = pos.stm == WHITE ? 0 : 1;
            spec = s->player[pos.stm];
        }
    }
    /* A search fits while it is of the shown position: the same ply of the
     * same game (a new game or a loaded PGN at that ply is another one). */
    int same_position = s->search_ply == s->view && s->search_game == s->game_id;
    int fits = s->search_kind == want && s->search_slot == slot && same_position
            && s->view == s->game.nmoves && want != SEARCH_NONE && s->eng_spec[slot] == spec;
    if (want == SEARCH_ANALYSE && s->search_kind == SEARCH_ANALYSE && s->search_slot == 0
        && same_position && s->eng_multipv[0] == s->multipv)
        fits = 1;
    if (!fits) {
        stop_search(s);
        if (want != SEARCH_NONE) start_search(s, want, slot, spec);
    }
    emit_state(s);
}

int session_engine_fds(const Session *s, int fds[2], int slots[2])
{
    int n = 0;
    for (int i = 0; i < 2; i++) {
        int fd = engine_fd(&s->eng[i]);
        if (fd >= 0) {
            fds[n] = fd;
            slots[n++] = i;
        }
    }
    return n;
}

/* The engine of slot is gone (crash or stall; what: how, "exited with
 * status 3" (exit_words()) or "did not answer in time"): killed if it
 * still runs, reported in a notice and on stderr (engine_notice()), and
 * restarted by the next session_update() unless it failed too often. */
static void engine_lost(Session *s, int slot, const char *what)
{
    char name[128];
    snprintf(name, sizeof name, "%s", engine_name(&s->eng[slot]));
    engine_kill(&s->eng[slot]);
    if (s->search_slot == slot) {
        s->search_kind = SEARCH_NONE;
        s->search_slot = -1;
        s->search_deadline = 0;
    }
    s->restarts[slot]++;
    if (s->restarts[slot] > s->host->max_restarts) {
        engine_notice(s,
                      "engine %s %s, %d times in a row: given up, both sides are now played by a "
                      "person",
                      name, what, s->restarts[slot]);
        s->player[0] = s->player[1] = PLAYER_HUMAN;
        s->analyse = 0;
        s->restarts[slot] = 0;
    } else {
        engine_notice(s, "engine %s %s; restarted (%d of %d)", name, what, s->restarts[slot],
                      s->host->max_restarts);
    }
    session_update(s);
}

static void bestmove(Session *s, int slot)
{
    SearchKind kind = s->search_kind;
    s->search_kind = SEARCH_NONE;
    s->search_slot = -1;
    s->search_deadline = 0;
    s->restarts[slot] = 0;
    if (kind != SEARCH_MOVE || s->search_ply != s->game.nmoves || s->view != s->game.nmoves
        || s->search_game != s->game_id) {
        session_update(s);
        return;
    }
    char err[512];
    Position pos = s->game.pos;
    /* The engine that searched, at the Skill Level it has (-1: the
     * default, full strength; never sent to one without the option). */
    if (play_text(s, &pos, s->search.move, s->eng_spec[slot], s->eng_skill[slot], err, sizeof err)
        < 0) {
        notice(s, "engine %s played an illegal move (%s): both sides are now played by a person",
               engine_name(&s->eng[slot]), err);
        s->player[0] = s->player[1] = PLAYER_HUMAN;
    }
    session_update(s);
}

void session_engine_readable(Session *s, int slot)
{
    Engine *e = &s->eng[slot];
    for (;;) {
        char *line;
        int mine = s->search_kind != SEARCH_NONE && s->search_slot == slot;
        EngineStatus st = engine_read(e, mine ? &s->search : NULL, CHANNEL_NO_WAIT, &line);
        if (st == ENGINE_TIMEOUT) return;
        if (st != ENGINE_OK) {
            char how[EXIT_WORDS_LEN];
            exit_words(e, how, sizeof how);
            engine_lost(s, slot, how);
            return;
        }
        if (!mine) continue;
        if (s->search.done) {
            bestmove(s, slot);
            return;
        }
        Position pos;
        position_at(s, s->search_ply, &pos);
        char *info = info_json(line, &pos);
        if (!info) continue;
        const char *mp = strstr(info, "\"multipv\":");
        int k = mp ? atoi(mp + 10) : 1;
        if (k >= 1 && k <= SESSION_MULTIPV_MAX) {
            free(s->lines[k - 1]);
            s->lines[k - 1] = util_xstrdup(info);
        }
        emit(s, "info", info);
        free(info);
    }
}

void session_tick(Session *s, int64_t now_ms)
{
    if (s->search_kind == SEARCH_MOVE && s->search_deadline > 0 && now_ms > s->search_deadline)
        engine_lost(s, s->search_slot, "did not answer in time");
}

int64_t session_next_deadline(const Session *s, int64_t now_ms)
{
    if (s->search_kind == SEARCH_MOVE && s->search_deadline > 0)
        return s->search_deadline > now_ms ? s->search_deadline - now_ms : 0;
    return -1;
}
