/*
 * engine.c - the UCI-like conversation with one engine (see engine.h).
 */
#include "engine.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>

#include "util.h"

enum { QUIT_GRACE_MS = 1000 };

/* ---- info lines ------------------------------------------------------- */

int64_t engine_info_cp(const EngineInfo *si)
{
    if (!si->score_is_mate) return si->score;
    int64_t n = si->score < 0 ? -si->score : si->score;
    if (n > 50000) n = 50000;
    return si->score < 0 || (si->score == 0) ? -(100000 - n) : 100000 - n;
}

static int next_tok(const char **p, char *tok, size_t len)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t') s++;
    if (!*s) return 0;
    size_t n = 0;
    while (s[n] && s[n] != ' ' && s[n] != '\t') n++;
    snprintf(tok, len, "%.*s", (int)(n < len ? n : len - 1), s);
    *p = s + n;
    return 1;
}

static int tok_int(const char **p, int64_t *v)
{
    char t[64];
    if (!next_tok(p, t, sizeof t)) return 0;
    char *end;
    errno = 0;
    long long x = strtoll(t, &end, 10);
    if (*end || end == t) return 0;
    if (errno == ERANGE) x = x < 0 ? INT64_MIN : INT64_MAX;
    *v = x;
    return 1;
}

void engine_info_parse(EngineInfo *si, const char *line)
{
    const char *p = line;
    char t[64];
    if (!next_tok(&p, t, sizeof t) || strcmp(t, "info") != 0) return;
    while (next_tok(&p, t, sizeof t)) {
        int64_t v;
        if (strcmp(t, "string") == 0 || strcmp(t, "pv") == 0) return;   /* rest is free text / moves */
        if (strcmp(t, "depth") == 0) {
            if (tok_int(&p, &v)) si->depth = v < 0 ? 0 : v > 100000 ? 100000 : (int)v;
        } else if (strcmp(t, "time") == 0) {
            if (tok_int(&p, &v)) si->time_ms = v;
        } else if (strcmp(t, "nodes") == 0) {
            char n[64];
            if (next_tok(&p, n, sizeof n)) {
                char *end;
                errno = 0;
                unsigned long long x = strtoull(n, &end, 10);
                if (!*end && end != n && n[0] != '-') si->nodes = errno == ERANGE ? UINT64_MAX : x;
            }
        } else if (strcmp(t, "score") == 0) {
            char kind[16];
            if (!next_tok(&p, kind, sizeof kind)) return;
            if (strcmp(kind, "cp") == 0 && tok_int(&p, &v)) {
                si->has_score = 1;
                si->score_is_mate = 0;
                si->score = v > 1000000000 ? 1000000000 : v < -1000000000 ? -1000000000 : v;
            } else if (strcmp(kind, "mate") == 0 && tok_int(&p, &v)) {
                si->has_score = 1;
                si->score_is_mate = 1;
                si->score = v > 100000 ? 100000 : v < -100000 ? -100000 : v;
            }
        }
    }
}

/* ---- options ---------------------------------------------------------- */

static void free_opts(Engine *e)
{
    for (int i = 0; i < e->nopts; i++) {
        EngineOption *o = &e->opts[i];
        free(o->name); free(o->type); free(o->def); free(o->min); free(o->max);
        for (int k = 0; k < o->nvars; k++) free(o->vars[k]);
        free(o->vars);
    }
    free(e->opts);
    e->opts = NULL;
    e->nopts = 0;
    free(e->id_name);
    e->id_name = NULL;
}

/* The words of line from index i up to (not including) the next keyword. */
static char *collect(char **w, int n, int *i, const char *const *stops)
{
    StrBuf b = {0};
    strbuf_add(&b, "");
    while (*i < n) {
        int stop = 0;
        for (const char *const *s = stops; *s; s++)
            if (strcmp(w[*i], *s) == 0) stop = 1;
        if (stop) break;
        if (b.len) strbuf_addc(&b, ' ');
        strbuf_add(&b, w[(*i)++]);
    }
    char *r = util_xstrdup(strbuf_str(&b));
    strbuf_free(&b);
    return r;
}

/* Parses "option name <n...> type <t> [default <d...>] [min m] [max M] [var v]...". */
static void parse_option(Engine *e, char *line)
{
    static const char *const keys[] = { "name", "type", "default", "min", "max", "var", NULL };
    char **w = NULL;
    /* Tokenise on blanks only (no quoting in the protocol).  strtok_r: the
     * slots of a concurrent match shake hands with their engines at the
     * same time, in threads. */
    int n = 0, cap = 16;
    char *save = NULL;
    w = util_xmalloc((size_t)cap * sizeof *w);
    for (char *tok = strtok_r(line, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        if (n == cap) w = util_xrealloc(w, (size_t)(cap *= 2) * sizeof *w);
        w[n++] = tok;
    }
    EngineOption o;
    memset(&o, 0, sizeof o);
    int i = 1;
    while (i < n) {
        const char *k = w[i++];
        if (strcmp(k, "name") == 0) { free(o.name); o.name = collect(w, n, &i, keys + 1); }
        else if (strcmp(k, "type") == 0) { free(o.type); o.type = collect(w, n, &i, keys); }
        else if (strcmp(k, "default") == 0) { free(o.def); o.def = collect(w, n, &i, keys); }
        else if (strcmp(k, "min") == 0) { free(o.min); o.min = collect(w, n, &i, keys); }
        else if (strcmp(k, "max") == 0) { free(o.max); o.max = collect(w, n, &i, keys); }
        else if (strcmp(k, "var") == 0) {
            o.vars = util_xrealloc(o.vars, (size_t)(o.nvars + 1) * sizeof *o.vars);
            o.vars[o.nvars++] = collect(w, n, &i, keys);
        }
    }
    free(w);
    if (!o.name || !*o.name || !o.type) {
        free(o.name); free(o.type); free(o.def); free(o.min); free(o.max);
        for (int k = 0; k < o.nvars; k++) free(o.vars[k]);
        free(o.vars);
        return;
    }
    e->opts = util_xrealloc(e->opts, (size_t)(e->nopts + 1) * sizeof *e->opts);
    e->opts[e->nopts++] = o;
}

static const EngineOption *find_opt(const Engine *e, const char *name)
{
    for (int i = 0; i < e->nopts; i++)
        if (strcasecmp(e->opts[i].name, name) == 0) return &e->opts[i];
    return NULL;
}

int engine_check_option(const Engine *e, const char *name, const char *value, char *err, size_t errlen)
{
    const EngineOption *o = find_opt(e, name);
    const char *who = engine_name(e);
    if (!o) {
        snprintf(err, errlen, "engine %s has no option '%s'", who, name);
        return -1;
    }
    if (strcasecmp(o->type, "check") == 0) {
        if (strcasecmp(value, "true") && strcasecmp(value, "false")) {
            snprintf(err, errlen, "engine %s: option %s is a check, value '%s' is not true/false", who, o->name, value);
            return -1;
        }
    } else if (strcasecmp(o->type, "spin") == 0) {
        int64_t v, lo = INT64_MIN, hi = INT64_MAX, t;
        if (o->min && util_parse_int64(o->min, INT64_MIN, INT64_MAX, &t) == 0) lo = t;
        if (o->max && util_parse_int64(o->max, INT64_MIN, INT64_MAX, &t) == 0) hi = t;
        if (util_parse_int64(value, lo, hi, &v) < 0) {
            snprintf(err, errlen, "engine %s: option %s needs an integer in %s..%s, not '%s'", who, o->name,
                     o->min ? o->min : "?", o->max ? o->max : "?", value);
            return -1;
        }
    } else if (strcasecmp(o->type, "combo") == 0) {
        int ok = 0;
        for (int k = 0; k < o->nvars; k++)
            if (strcasecmp(o->vars[k], value) == 0) ok = 1;
        if (!ok) {
            StrBuf b = {0};
            for (int k = 0; k < o->nvars; k++) strbuf_printf(&b, "%s%s", k ? ", " : "", o->vars[k]);
            snprintf(err, errlen, "engine %s: option %s has no value '%s' (one of: %s)", who, o->name, value, strbuf_str(&b));
            strbuf_free(&b);
            return -1;
        }
    }
    return 0;
}

/* ---- process and handshake --------------------------------------------- */

const char *engine_name(const Engine *e)
{
    if (e->spec && e->spec->name) return e->spec->name;
    if (e->id_name) return e->id_name;
    return e->spec && e->spec->cmd ? e->spec->cmd : "engine";
}

int engine_fd(const Engine *e)
{
    return e->running ? channel_fd(&e->ch) : -1;
}

EngineStatus engine_send(Engine *e, const char *line, int64_t deadline)
{
    if (!e->running) return ENGINE_EOF;
    return channel_write(&e->ch, line, deadline) == 0 ? ENGINE_OK : ENGINE_EOF;
}

static EngineStatus from_channel(ChannelStatus s)
{
    return s == CHANNEL_LINE ? ENGINE_OK : s == CHANNEL_TIMEOUT ? ENGINE_TIMEOUT
         : s == CHANNEL_EOF ? ENGINE_EOF : ENGINE_ABORT;
}

/* What wait_for() does with the lines before its token. */
enum { WAIT_SKIP = 0, WAIT_HANDSHAKE, WAIT_OPTIONS };

/* Reads lines until one equal to token (after trimming), within deadline;
 * during the handshake, learns the id name and the options on the way;
 * after the options were set, keeps the first "info string error" line in
 * refused (refusedlen bytes, "" when none). */
static EngineStatus wait_for(Engine *e, const char *token, int64_t deadline, int mode,
                             char *refused, size_t refusedlen)
{
    for (;;) {
        char *line;
        ChannelStatus s = channel_read_line(&e->ch, deadline, &line);
        if (s != CHANNEL_LINE) return from_channel(s);
        if (strcmp(line, token) == 0) return ENGINE_OK;
        if (mode == WAIT_OPTIONS && !*refused && strncmp(line, "info string error", 17) == 0)
            snprintf(refused, refusedlen, "%s", line + 17 + strspn(line + 17, ": "));
        if (mode != WAIT_HANDSHAKE) continue;
        if (strncmp(line, "id name ", 8) == 0) {
            free(e->id_name);
            const char *nm = line + 8;
            while (*nm == ' ') nm++;
            e->id_name = util_xstrdup(nm);
        } else if (strncmp(line, "option ", 7) == 0) {
            parse_option(e, line);
        }
    }
}

/* Starts the process of spec with its args= words.  Returns ENGINE_OK
 * (e->running) or ENGINE_ERROR with a reason. */
static EngineStatus spawn(Engine *e, const EngineSpec *spec, int slot, Transcript *log, int abort_fd,
                          char *err, size_t errlen)
{
    char **extra = NULL;
    int nextra = 0;
    if (spec->args && (nextra = util_split_words(spec->args, &extra)) < 0) {
        snprintf(err, errlen, "engine %s: unterminated quote in args",
                 spec->name ? spec->name : spec->cmd);
        return ENGINE_ERROR;
    }
    char **argv = util_xmalloc((size_t)(nextra + 2) * sizeof *argv);
    argv[0] = spec->cmd;
    for (int i = 0; i < nextra; i++) argv[i + 1] = extra[i];
    argv[nextra + 1] = NULL;
    Proc p;
    int rc = proc_start(&p, spec->path, argv, spec->dir, spec->stderr_path, err, errlen);
    free(argv);
    util_free_words(extra);
    if (rc < 0) {
        /* "cannot open FILE" (stderr=) or "cannot run PATH": say whose. */
        char why[512];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, errlen, "engine %s: %s", spec->name ? spec->name : spec->cmd, why);
        return ENGINE_ERROR;
    }
    channel_init(&e->ch, &p, spec->name ? spec->name : spec->cmd, slot, log, abort_fd);
    e->running = 1;
    e->starts++;
    transcript_note(log, slot, e->ch.name, "started pid %d", (int)p.engine);
    return ENGINE_OK;
}

/* Where the reason of an engine that exited during its start-up is: its
 * stderr, which goes to /dev/null unless stderr= is given.  "; its stderr
 * is discarded: give stderr=FILE to see why" or "; its stderr went to
 * FILE" into buf (len bytes). */
static void stderr_hint(const Engine *e, char *buf, size_t len)
{
    const char *path = e->spec ? e->spec->stderr_path : NULL;
    if (path && *path)
        snprintf(buf, len, "; its stderr went to %s", path);
    else
        snprintf(buf, len, "; its stderr is discarded: give stderr=FILE to see why");
}

/* An engine that disconnected during its start-up (when: "before uciok
 * (sent uci)"): reaps it (engine_reap()) and writes into err how it ended
 * and where its own reason went, "engine b: exited with status 1 before
 * uciok (sent uci); its stderr went to b.err", or, when it had to be
 * killed, "engine b: disconnected before uciok (sent uci) and did not
 * exit within 1000 ms (killed); ...". */
static void say_ended(Engine *e, const char *when, char *err, size_t errlen)
{
    char hint[4200], how[160];
    stderr_hint(e, hint, sizeof hint);
    if (engine_reap(e, QUIT_GRACE_MS, how, sizeof how))
        snprintf(err, errlen, "engine %s: %s %s%s", engine_name(e), how, when, hint);
    else
        snprintf(err, errlen, "engine %s: disconnected %s and %s%s", engine_name(e), when, how,
                 hint);
}

/* Sends cmd and waits for answer within deadline, startup_ms (ms) after
 * the engine started; on failure the reason ("engine X: no uciok within
 * 10 s after uci", "engine X: exited with status 1 before uciok") goes to
 * err and the transcript, and the engine is stopped (engine_reap() after
 * an EOF, else killed). */
static EngineStatus exchange(Engine *e, const char *cmd, const char *answer, int mode,
                             int64_t deadline, int64_t startup_ms, char *err, size_t errlen)
{
    char refused[512] = "";
    EngineStatus s = engine_send(e, cmd, deadline);
    if (s == ENGINE_OK) s = wait_for(e, answer, deadline, mode, refused, sizeof refused);
    if (s == ENGINE_OK && *refused) {
        /* The engine runs, but not with the options asked for. */
        snprintf(err, errlen, "engine %s refused an option: %s", engine_name(e), refused);
        transcript_note(e->ch.log, e->ch.slot, e->ch.name, "%s", err);
        engine_quit(e, QUIT_GRACE_MS);
        return ENGINE_ERROR;
    }
    if (s == ENGINE_OK) return s;
    if (s == ENGINE_TIMEOUT)
        snprintf(err, errlen, "engine %s: no %s within %lld %s after %s", engine_name(e), answer,
                 (long long)(startup_ms % 1000 ? startup_ms : startup_ms / 1000),
                 startup_ms % 1000 ? "ms" : "s", cmd);
    else if (s == ENGINE_EOF && e->ch.read_errno)
        snprintf(err, errlen, "engine %s: cannot read its output: %s (waiting for %s after %s)",
                 engine_name(e), strerror(e->ch.read_errno), answer, cmd);
    else if (s == ENGINE_EOF) {
        char when[160];
        snprintf(when, sizeof when, "before %s (sent %s)", answer, cmd);
        say_ended(e, when, err, errlen);
    } else
        snprintf(err, errlen, "engine %s: aborted before %s (sent %s)", engine_name(e), answer,
                 cmd);
    transcript_note(e->ch.log, e->ch.slot, e->ch.name, "%s", err);
    engine_kill(e);
    return s;
}

/* Checks every option of the lists before sending any, so a mismatch
 * stops cleanly (the engine is quit), then sends them as setoption. */
static EngineStatus send_options(Engine *e, const OptionList *const lists[2], int64_t deadline,
                                 char *err, size_t errlen)
{
    for (int l = 0; l < 2; l++)
        for (int i = 0; lists[l] && i < lists[l]->n; i++)
            if (engine_check_option(e, lists[l]->v[i].name, lists[l]->v[i].value, err, errlen) < 0) {
                engine_quit(e, QUIT_GRACE_MS);
                return ENGINE_ERROR;
            }
    for (int l = 0; l < 2; l++)
        for (int i = 0; lists[l] && i < lists[l]->n; i++) {
            const EngineOption *o = find_opt(e, lists[l]->v[i].name);
            StrBuf b = {0};
            if (strcasecmp(o->type, "button") == 0)
                strbuf_printf(&b, "setoption name %s", o->name);
            else
                strbuf_printf(&b, "setoption name %s value %s", o->name, lists[l]->v[i].value);
            EngineStatus w = engine_send(e, strbuf_str(&b), deadline);
            strbuf_free(&b);
            if (w != ENGINE_OK) {
                say_ended(e, "while options were set", err, errlen);
                return ENGINE_EOF;
            }
        }
    return ENGINE_OK;
}

EngineStatus engine_start(Engine *e, const EngineSpec *spec, const OptionList *sent,
                          int64_t startup_ms, int slot, Transcript *log, int abort_fd,
                          char *err, size_t errlen)
{
    uint64_t starts = e->starts;
    free_opts(e);
    memset(e, 0, sizeof *e);
    e->starts = starts;
    e->exit_status = -1;
    e->spec = spec;
    EngineStatus s = spawn(e, spec, slot, log, abort_fd, err, errlen);
    if (s != ENGINE_OK) return s;
    int64_t deadline = util_now_ms() + startup_ms;
    if ((s = exchange(e, "uci", "uciok", WAIT_HANDSHAKE, deadline, startup_ms, err, errlen))
        != ENGINE_OK)
        return s;
    if (spec->name) e->ch.name = spec->name;
    else if (e->id_name) e->ch.name = e->id_name;
    const OptionList *const lists[2] = { sent, &spec->options };
    if ((s = send_options(e, lists, deadline, err, errlen)) != ENGINE_OK) return s;
    /* An "info string error" before readyok answers a setoption (PROTOCOL.md
     * 3.1: a bad value changes nothing): the run would not be what was asked. */
    return exchange(e, "isready", "readyok", WAIT_OPTIONS, deadline, startup_ms, err, errlen);
}

EngineStatus engine_send_sync(Engine *e, const char *line, int64_t timeout_ms)
{
    if (!e->running) return ENGINE_EOF;
    int64_t deadline = util_now_ms() + timeout_ms;
    if (line && engine_send(e, line, deadline) != ENGINE_OK) return ENGINE_EOF;
    if (engine_send(e, "isready", deadline) != ENGINE_OK) return ENGINE_EOF;
    EngineStatus s = wait_for(e, "readyok", deadline, WAIT_SKIP, NULL, 0);
    if (s == ENGINE_TIMEOUT)
        transcript_note(e->ch.log, e->ch.slot, e->ch.name, "no readyok within %lld ms", (long long)timeout_ms);
    return s;
}

EngineStatus engine_send_check(Engine *e, const char *line, int64_t timeout_ms, char *refused,
                               size_t refusedlen)
{
    *refused = '\0';
    if (!e->running) return ENGINE_EOF;
    int64_t deadline = util_now_ms() + timeout_ms;
    if (line && engine_send(e, line, deadline) != ENGINE_OK) return ENGINE_EOF;
    if (engine_send(e, "isready", deadline) != ENGINE_OK) return ENGINE_EOF;
    return wait_for(e, "readyok", deadline, WAIT_OPTIONS, refused, refusedlen);
}

EngineStatus engine_newgame(Engine *e, int64_t timeout_ms)
{
    return engine_send_sync(e, "ucinewgame", timeout_ms);
}

void engine_position_line(StrBuf *b, const char *fen, const char *const moves[], int nmoves)
{
    strbuf_clear(b);
    if (!fen) strbuf_add(b, "position startpos");
    else strbuf_printf(b, "position fen %s", fen);
    if (nmoves > 0) strbuf_add(b, " moves");
    for (int i = 0; i < nmoves; i++) {
        strbuf_addc(b, ' ');
        strbuf_add(b, moves[i]);
    }
}

EngineStatus engine_set_position(Engine *e, const char *fen, const char *const moves[], int nmoves,
                                 int64_t timeout_ms)
{
    StrBuf b = {0};
    engine_position_line(&b, fen, moves, nmoves);
    EngineStatus s = engine_send_sync(e, strbuf_str(&b), timeout_ms);
    strbuf_free(&b);
    return s;
}

/* ---- search ------------------------------------------------------------- */

void engine_go_limits(EngineGo *g, const EngineSpec *spec)
{
    g->movetime_ms = spec->st_ms;
    g->depth = spec->depth;
    g->nodes = spec->nodes;
}

void engine_go_line(StrBuf *b, const EngineGo *g)
{
    static const char *const time_name[2] = { "wtime", "btime" }, *const inc_name[2] = { "winc", "binc" };
    strbuf_clear(b);
    strbuf_add(b, "go");
    for (int s = 0; s < 2; s++)
        if (g->timed[s]) strbuf_printf(b, " %s %lld", time_name[s], (long long)g->time_ms[s]);
    for (int s = 0; s < 2; s++)
        if (g->timed[s] && g->inc_ms[s] > 0) strbuf_printf(b, " %s %lld", inc_name[s], (long long)g->inc_ms[s]);
    if (g->movestogo > 0) strbuf_printf(b, " movestogo %d", g->movestogo);
    if (g->movetime_ms > 0) strbuf_printf(b, " movetime %lld", (long long)g->movetime_ms);
    if (g->depth > 0) strbuf_printf(b, " depth %d", g->depth);
    if (g->nodes > 0) strbuf_printf(b, " nodes %llu", (unsigned long long)g->nodes);
    if (g->infinite) strbuf_add(b, " infinite");
}

EngineStatus engine_search_start(Engine *e, const char *go_line, int64_t deadline, EngineSearch *s)
{
    memset(s, 0, sizeof *s);
    s->info.depth = -1;
    s->info.time_ms = -1;
    s->sent_us = util_now_us();
    if (engine_send(e, go_line, deadline) != ENGINE_OK) return ENGINE_EOF;
    s->start_us = util_now_us();
    return ENGINE_OK;
}

/* 1 when line is the keyword w alone or followed by a blank. */
static int starts_with_word(const char *line, const char *w)
{
    size_t n = strlen(w);
    return strncmp(line, w, n) == 0 && (line[n] == ' ' || line[n] == '\0');
}

EngineStatus engine_read(Engine *e, EngineSearch *s, int64_t deadline, char **line)
{
    if (!e->running) return ENGINE_EOF;
    ChannelStatus cs = channel_read_line(&e->ch, deadline, line);
    if (cs != CHANNEL_LINE || !s || s->done) return from_channel(cs);
    if (starts_with_word(*line, "bestmove")) {
        s->elapsed_us = util_now_us() - s->start_us;
        s->done = 1;
        const char *p = *line + 8;
        while (*p == ' ' || *p == '\t') p++;
        size_t n = strcspn(p, " \t");
        snprintf(s->move, sizeof s->move, "%.*s", (int)(n < sizeof s->move ? n : sizeof s->move - 1), p);
    } else if (starts_with_word(*line, "info")) {
        engine_info_parse(&s->info, *line);
    }
    return ENGINE_OK;
}

int engine_read_errno(const Engine *e)
{
    return e->ch.read_errno;
}

EngineStatus engine_search_stop(Engine *e, EngineSearch *s, int64_t stop_ms)
{
    if (s->done) return ENGINE_OK;
    if (!e->running) return ENGINE_EOF;
    int64_t deadline = util_now_ms() + stop_ms;
    EngineStatus st = engine_send(e, "stop", deadline);
    while (st == ENGINE_OK && !s->done) {
        char *line;
        st = engine_read(e, s, deadline, &line);
    }
    if (st == ENGINE_OK) return ENGINE_OK;
    transcript_note(e->ch.log, e->ch.slot, e->ch.name, "no bestmove within %lld ms of stop: killed", (long long)stop_ms);
    engine_kill(e);
    return st;
}

void engine_kill(Engine *e)
{
    if (!e->running) return;
    transcript_note(e->ch.log, e->ch.slot, e->ch.name, "killed");
    channel_kill(&e->ch);
    e->running = 0;
    e->exit_status = -1;
}

void engine_close_input(Engine *e)
{
    if (e->running) channel_close_input(&e->ch);
}

/* engine_wait_exit(); after: what the engine was told ("quit"), for the
 * transcript's note when it had to be killed, or NULL for no note. */
static int wait_exit(Engine *e, int grace_ms, const char *after)
{
    int code = -1;
    e->quit_killed = 0;
    if (e->running) {
        int status = channel_close(&e->ch, grace_ms);
        e->exit_status = status;
        if (status >= 0) code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        e->running = 0;
        if (after && e->ch.proc.killed) {
            e->quit_killed = 1;
            transcript_note(e->ch.log, e->ch.slot, e->ch.name, "did not %s within %d ms: killed",
                            after, grace_ms);
        }
    }
    free_opts(e);
    return code;
}

int engine_wait_exit(Engine *e, int grace_ms)
{
    return wait_exit(e, grace_ms, NULL);
}

int engine_reap(Engine *e, int grace_ms, char *how, size_t len)
{
    how[0] = '\0';
    if (!e->running) return 0;
    int status = channel_close(&e->ch, grace_ms);
    e->exit_status = status;
    e->running = 0;
    if (status >= 0)
        proc_status_words(status, how, len);
    else
        snprintf(how, len, "did not exit within %d ms (killed)", grace_ms);
    transcript_note(e->ch.log, e->ch.slot, e->ch.name, "%s", how);
    return status >= 0;
}

int engine_quit(Engine *e, int grace_ms)
{
    if (e->running) engine_send(e, "quit", util_now_ms() + grace_ms);
    return wait_exit(e, grace_ms, "quit");
}

int engine_quit_said(Engine *e, int grace_ms, const char *program, const char *name)
{
    int rc = engine_quit(e, grace_ms);
    if (e->quit_killed)
        fprintf(stderr, "%s: engine %s did not quit within %d ms: killed\n", program, name,
                grace_ms);
    return rc;
}
