/*
 * engine.c - the UCI-like conversation with one engine (see engine.h).
 */
#include "engine.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hoststall.h"
#include "util.h"

enum { QUIT_GRACE_MS = 1000 };

/* ---- info lines ------------------------------------------------------- */

int64_t search_info_cp(const SearchInfo *si)
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

void search_info_parse(SearchInfo *si, const char *line)
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
    mu_sb_add(&b, "");
    while (*i < n) {
        int stop = 0;
        for (const char *const *s = stops; *s; s++)
            if (strcmp(w[*i], *s) == 0) stop = 1;
        if (stop) break;
        if (b.len) mu_sb_addc(&b, ' ');
        mu_sb_add(&b, w[(*i)++]);
    }
    char *r = mu_xstrdup(mu_sb_str(&b));
    mu_sb_free(&b);
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
    w = mu_xmalloc((size_t)cap * sizeof *w);
    for (char *tok = strtok_r(line, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        if (n == cap) w = mu_xrealloc(w, (size_t)(cap *= 2) * sizeof *w);
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
            o.vars = mu_xrealloc(o.vars, (size_t)(o.nvars + 1) * sizeof *o.vars);
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
    e->opts = mu_xrealloc(e->opts, (size_t)(e->nopts + 1) * sizeof *e->opts);
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
        if (o->min && mu_parse_int64(o->min, INT64_MIN, INT64_MAX, &t) == 0) lo = t;
        if (o->max && mu_parse_int64(o->max, INT64_MIN, INT64_MAX, &t) == 0) hi = t;
        if (mu_parse_int64(value, lo, hi, &v) < 0) {
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
            for (int k = 0; k < o->nvars; k++) mu_sb_printf(&b, "%s%s", k ? ", " : "", o->vars[k]);
            snprintf(err, errlen, "engine %s: option %s has no value '%s' (one of: %s)", who, o->name, value, mu_sb_str(&b));
            mu_sb_free(&b);
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

/* Reads lines until one equal to token (after trimming), within deadline. */
static EngineStatus wait_for(Engine *e, const char *token, int64_t deadline, int handshake)
{
    for (;;) {
        char *line;
        ChStatus s = ch_read_line(&e->ch, deadline, &line);
        if (s == CH_TIMEOUT) return ENG_TIMEOUT;
        if (s == CH_EOF) return ENG_EOF;
        if (s == CH_ABORT) return ENG_ABORT;
        if (strcmp(line, token) == 0) return ENG_OK;
        if (!handshake) continue;
        if (strncmp(line, "id name ", 8) == 0) {
            free(e->id_name);
            const char *nm = line + 8;
            while (*nm == ' ') nm++;
            e->id_name = mu_xstrdup(nm);
        } else if (strncmp(line, "option ", 7) == 0) {
            parse_option(e, line);
        }
    }
}

static int send(Engine *e, const char *line, int64_t deadline)
{
    return ch_write(&e->ch, line, deadline);
}

EngineStatus engine_start(Engine *e, const EngineSpec *spec, const OptionList *sent,
                          int64_t startup_ms, int worker, MatchLog *log, int abort_fd,
                          char *err, size_t errlen)
{
    uint64_t starts = e->starts;
    free_opts(e);
    memset(e, 0, sizeof *e);
    e->starts = starts;
    e->spec = spec;
    char **extra = NULL;
    int nextra = 0;
    if (spec->args && (nextra = mu_split_words(spec->args, &extra)) < 0) {
        snprintf(err, errlen, "engine %s: unterminated quote in args", spec->cmd);
        return ENG_ERROR;
    }
    char **argv = mu_xmalloc((size_t)(nextra + 2) * sizeof *argv);
    argv[0] = spec->cmd;
    for (int i = 0; i < nextra; i++) argv[i + 1] = extra[i];
    argv[nextra + 1] = NULL;
    Proc p;
    int rc = proc_start(&p, spec->path, argv, spec->dir, spec->stderr_path, err, errlen);
    free(argv);
    mu_free_words(extra);
    if (rc < 0) return ENG_ERROR;
    ch_init(&e->ch, &p, spec->name ? spec->name : spec->cmd, worker, log, abort_fd);
    e->running = 1;
    e->starts++;
    mlog_note(log, worker, e->ch.name, "started pid %d", (int)p.pid);

    int64_t deadline = mu_now_ms() + startup_ms;
    EngineStatus s = ENG_EOF;
    if (send(e, "uci", deadline) == 0) s = wait_for(e, "uciok", deadline, 1);
    if (s != ENG_OK) {
        snprintf(err, errlen, "engine %s: %s before uciok", engine_name(e),
                 s == ENG_TIMEOUT ? "no answer within the startup time" : s == ENG_EOF ? "exited" : "aborted");
        mlog_note(log, worker, e->ch.name, "%s", err);
        engine_kill(e);
        return s;
    }
    if (spec->name) e->ch.name = spec->name;
    else if (e->id_name) e->ch.name = e->id_name;
    /* Check every option before sending any, so a mismatch stops cleanly. */
    const OptionList *lists[2] = { sent, &spec->options };
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->n; i++)
            if (engine_check_option(e, lists[l]->v[i].name, lists[l]->v[i].value, err, errlen) < 0) {
                engine_quit(e, QUIT_GRACE_MS);
                return ENG_ERROR;
            }
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->n; i++) {
            const EngineOption *o = find_opt(e, lists[l]->v[i].name);
            StrBuf b = {0};
            if (strcasecmp(o->type, "button") == 0)
                mu_sb_printf(&b, "setoption name %s", o->name);
            else
                mu_sb_printf(&b, "setoption name %s value %s", o->name, lists[l]->v[i].value);
            int w = send(e, mu_sb_str(&b), deadline);
            mu_sb_free(&b);
            if (w < 0) {
                snprintf(err, errlen, "engine %s: exited while options were set", engine_name(e));
                engine_kill(e);
                return ENG_EOF;
            }
        }
    s = ENG_EOF;
    if (send(e, "isready", deadline) == 0) s = wait_for(e, "readyok", deadline, 0);
    if (s != ENG_OK) {
        snprintf(err, errlen, "engine %s: %s before readyok", engine_name(e),
                 s == ENG_TIMEOUT ? "no answer within the startup time" : s == ENG_EOF ? "exited" : "aborted");
        mlog_note(log, worker, e->ch.name, "%s", err);
        engine_kill(e);
        return s;
    }
    return ENG_OK;
}

EngineStatus engine_send_sync(Engine *e, const char *line, int64_t timeout_ms)
{
    if (!e->running) return ENG_EOF;
    int64_t deadline = mu_now_ms() + timeout_ms;
    if (line && send(e, line, deadline) < 0) return ENG_EOF;
    if (send(e, "isready", deadline) < 0) return ENG_EOF;
    EngineStatus s = wait_for(e, "readyok", deadline, 0);
    if (s == ENG_TIMEOUT) mlog_note(e->ch.log, e->ch.worker, e->ch.name, "no readyok within %lld ms", (long long)timeout_ms);
    return s;
}

EngineStatus engine_newgame(Engine *e, int64_t timeout_ms)
{
    return engine_send_sync(e, "ucinewgame", timeout_ms);
}

/* After a deadline: "stop", then drain to the bestmove within stop_ms, or kill. */
static void stop_search(Engine *e, int64_t stop_ms)
{
    int64_t deadline = mu_now_ms() + stop_ms;
    if (send(e, "stop", deadline) == 0) {
        for (;;) {
            char *line;
            ChStatus s = ch_read_line(&e->ch, deadline, &line);
            if (s != CH_LINE) break;
            if (strncmp(line, "bestmove", 8) == 0 && (line[8] == ' ' || line[8] == '\0')) {
                mlog_note(e->ch.log, e->ch.worker, e->ch.name, "late bestmove drained after stop");
                return;
            }
        }
    }
    mlog_note(e->ch.log, e->ch.worker, e->ch.name, "no bestmove within %lld ms of stop: killed", (long long)stop_ms);
    engine_kill(e);
}

EngineStatus engine_go(Engine *e, const char *go_line, int64_t deadline_ms, int64_t ping_ms,
                       int64_t stop_ms, char *move, size_t movelen, SearchInfo *si,
                       int credit_stalls, int64_t *elapsed_us, int64_t *frozen_us,
                       int64_t *stolen_ms)
{
    memset(si, 0, sizeof *si);
    si->depth = -1;
    si->time_ms = -1;
    move[0] = '\0';
    *elapsed_us = 0;
    *frozen_us = 0;
    *stolen_ms = -1;
    if (!e->running) return ENG_EOF;
    /* Steal is read only for timed moves, and at the end only for a move
     * over its deadline (for the loss's note); the frozen time only when
     * it is credited or a move is late. */
    HostMark mark = hoststall_mark(deadline_ms > 0);
    if (send(e, go_line, mu_now_ms() + (deadline_ms > 0 ? deadline_ms : ping_ms)) < 0) return ENG_EOF;
    int64_t t0 = mu_now_us();
    mark.t_us = t0;
    /* Rounded up to the next whole ms of the clock the channel waits on, so
     * a move is never forfeited before deadline_ms have really passed. */
    int64_t hard = deadline_ms > 0 ? (t0 + deadline_ms * 1000 + 999) / 1000 : 0;
    int64_t ping_due = deadline_ms > 0 ? 0 : t0 / 1000 + ping_ms;
    int64_t pong_due = 0;       /* deadline of an outstanding ping, 0 = none */
    for (;;) {
        int64_t wake = hard ? hard : (pong_due ? pong_due : ping_due);
        char *line;
        ChStatus s = ch_read_line(&e->ch, wake, &line);
        if (s == CH_ABORT) return ENG_ABORT;
        if (s == CH_EOF) {
            *elapsed_us = mu_now_us() - t0;
            return ENG_EOF;
        }
        if (s == CH_TIMEOUT) {
            int64_t frozen = -1;   /* not read yet */
            if (hard) {
                /* Woke early, or (with credit_stalls) the machine was
                 * frozen for part of the time: wait for the rest. */
                int64_t now = mu_now_us(), used = now - t0;
                if (credit_stalls) used -= (frozen = hoststall_frozen_us(&mark));
                if (used < deadline_ms * 1000) {
                    hard = (now + deadline_ms * 1000 - used + 999) / 1000;
                    continue;
                }
            }
            if (hard || pong_due) {
                *elapsed_us = mu_now_us() - t0;
                *frozen_us = frozen >= 0 ? frozen : hoststall_frozen_us(&mark);
                *stolen_ms = hoststall_stolen_ms(&mark);
                mlog_note(e->ch.log, e->ch.worker, e->ch.name, "%s after %lld ms",
                          hard ? "no bestmove within time + margin" : "no readyok to a ping during the search",
                          (long long)(*elapsed_us / 1000));
                stop_search(e, stop_ms);
                return ENG_TIMEOUT;
            }
            if (send(e, "isready", mu_now_ms() + ping_ms) < 0) return ENG_EOF;
            pong_due = mu_now_ms() + ping_ms;
            continue;
        }
        if (strncmp(line, "bestmove", 8) == 0 && (line[8] == ' ' || line[8] == '\0')) {
            *elapsed_us = mu_now_us() - t0;
            /* Read only when it can matter: a credit, or a late move's note
             * (reading can wait up to 10 ms for a starved heartbeat). */
            int late = deadline_ms > 0 && *elapsed_us > deadline_ms * 1000;
            if (credit_stalls || late) *frozen_us = hoststall_frozen_us(&mark);
            if (late) *stolen_ms = hoststall_stolen_ms(&mark);
            const char *p = line + 8;
            while (*p == ' ' || *p == '\t') p++;
            size_t n = strcspn(p, " \t");
            snprintf(move, movelen, "%.*s", (int)(n < movelen ? n : movelen - 1), p);
            return ENG_OK;
        }
        if (strncmp(line, "info", 4) == 0 && (line[4] == ' ' || line[4] == '\0')) {
            search_info_parse(si, line);
        } else if (strcmp(line, "readyok") == 0 && pong_due) {
            pong_due = 0;
            ping_due = mu_now_ms() + ping_ms;
        }
    }
}

void engine_kill(Engine *e)
{
    if (!e->running) return;
    mlog_note(e->ch.log, e->ch.worker, e->ch.name, "killed");
    ch_kill(&e->ch);
    e->running = 0;
}

void engine_quit(Engine *e, int grace_ms)
{
    if (e->running) {
        send(e, "quit", mu_now_ms() + grace_ms);
        ch_close(&e->ch, grace_ms);
        e->running = 0;
    }
    free_opts(e);
}
