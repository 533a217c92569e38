/*
 * server.c - dablo-web's HTTP server on libmicrohttpd (see server.h).
 */
#define _GNU_SOURCE
#include "server.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/util.h"
#include "json.h"

enum {
    LISTENER_QUEUE_MAX = 8 << 20,
    SSE_BLOCK = 16 << 10,
    /* Connections at once, event streams included: well above what 16
     * sessions' tabs need.  At this limit a new connection ends the oldest
     * one still sending its request headers, so slow clients do not lock
     * out the rest (docs/web.md, "Limits"). */
    MAX_CONNECTIONS = 256,
    /* The same limit for one client address (another machine under
     * -bind 0.0.0.0 cannot take every connection). */
    MAX_CONNECTIONS_PER_IP = 64,
    /* libmicrohttpd's own limit: room for connections ended (shut down) but
     * not yet closed by it. */
    MHD_CONNECTIONS = MAX_CONNECTIONS + 64,
    /* Milliseconds a connection may take to send a request's headers, from
     * its start or from the end of its previous request. */
    HEADER_DEADLINE_MS = 5000,
    /* Seconds a request may go without a byte before it is dropped; a
     * suspended event stream never times out (libmicrohttpd). */
    REQUEST_TIMEOUT_S = 10,
    /* Event streams of one session; a newer one ends the oldest (a reloaded
     * tab's old stream lingers until a write to it fails). */
    MAX_STREAMS_PER_SESSION = 4,
    IDLE_CHECK_MS = 1000
};

/* One open event stream of a session. */
typedef struct Listener {
    Server *srv;
    char session[SESSION_ID_LEN + 1];
    struct MHD_Connection *conn;
    StrBuf queue; /* bytes not yet sent: queue.s[sent..len) */
    size_t sent;
    int suspended;
    int closed; /* the session ended or the client fell behind */
    struct Listener *next;
} Listener;

/* One TCP connection (the socket context of MHD_OPTION_NOTIFY_CONNECTION),
 * in the server's list, oldest first. */
typedef struct Conn {
    int fd;
    struct in6_addr ip; /* the client's address: IPv6, or IPv4 as ::ffff:a.b.c.d (client_key()) */
    int64_t waiting_ms; /* since when it has been sending request headers; -1: not */
    int ended;          /* shut down by end_conn(), not yet closed by libmicrohttpd */
    struct Conn *prev, *next;
} Conn;

/* The state of one request while its body arrives. */
typedef struct Request {
    StrBuf body;
    int too_big;
} Request;

struct Server {
    ServerConfig cfg;
    char page_real[PATH_MAX];
    struct MHD_Daemon *daemon;
    int port;
    char token[SESSION_ID_LEN + 1];
    Session **sessions; /* max_sessions slots, NULL = free */
    Listener *listeners;
    Conn *conns, *conns_tail; /* every open connection, oldest first */
    int64_t next_keepalive;
};

/* ---- helpers ----------------------------------------------------------- */

static void random_hex(char *out, size_t nchars)
{
    unsigned char bytes[64];
    size_t n = (nchars + 1) / 2, got = 0;
    while (got < n) {
        ssize_t r = getrandom(bytes + got, n - got, 0);
        if (r < 0 && errno != EINTR) {
            fprintf(stderr, "dablo-web: no random numbers: %s\n", strerror(errno));
            exit(1);
        }
        if (r > 0) got += (size_t)r;
    }
    for (size_t i = 0; i < nchars; i++)
        out[i] = "0123456789abcdef"[(bytes[i / 2] >> (i % 2 ? 0 : 4)) & 15];
    out[nchars] = '\0';
}

/* Constant-time comparison of two strings of the same expected length. */
static int same_secret(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    unsigned diff = la != lb;
    for (size_t i = 0; i < la && i < lb; i++)
        diff |= (unsigned)(a[i] ^ b[i]);
    return diff == 0;
}

/* allow: the methods a 405 answer names (RFC 9110 section 15.5.6), else
 * NULL; close: 1 to close the connection after the answer. */
static enum MHD_Result respond_allow(struct MHD_Connection *conn, unsigned status, const char *type,
                                     const char *body, size_t len, const char *allow, int close)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(len, (void *)body,
                                                             MHD_RESPMEM_MUST_COPY);
    if (!r) return MHD_NO;
    if (allow) MHD_add_response_header(r, "Allow", allow);
    if (close) MHD_add_response_header(r, "Connection", "close");
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    enum MHD_Result rc = MHD_queue_response(conn, status, r);
    MHD_destroy_response(r);
    return rc;
}

static enum MHD_Result respond(struct MHD_Connection *conn, unsigned status, const char *type,
                               const char *body, size_t len)
{
    return respond_allow(conn, status, type, body, len, NULL, 0);
}

/* An error answer: {"error":MESSAGE} (printf's fmt and arguments), with
 * allow the Allow header of a 405 (else NULL); close: 1 to close the
 * connection after it (a request whose framing cannot be trusted: nothing
 * after it on the connection is read as another request). */
static enum MHD_Result respond_message(struct MHD_Connection *conn, unsigned status,
                                       const char *allow, int close, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static enum MHD_Result respond_message(struct MHD_Connection *conn, unsigned status,
                                       const char *allow, int close, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    StrBuf b = { 0 };
    json_add_message(&b, "error", 1, fmt, ap);
    va_end(ap);
    enum MHD_Result rc = respond_allow(conn, status, "application/json", b.s, b.len, allow, close);
    strbuf_free(&b);
    return rc;
}

/* respond_error(conn, status, fmt, ...): an error answer. */
#define respond_error(conn, status, ...) respond_message(conn, status, NULL, 0, __VA_ARGS__)
/* respond_close(conn, status, fmt, ...): an error answer, the connection closed after it. */
#define respond_close(conn, status, ...) respond_message(conn, status, NULL, 1, __VA_ARGS__)
/* respond_not_allowed(conn, allow, fmt, ...): a 405 naming the methods allowed. */
#define respond_not_allowed(conn, allow, ...)                                                      \
    respond_message(conn, MHD_HTTP_METHOD_NOT_ALLOWED, allow, 0, __VA_ARGS__)

static enum MHD_Result respond_json(struct MHD_Connection *conn, StrBuf *b)
{
    enum MHD_Result rc = respond(conn, MHD_HTTP_OK, "application/json", strbuf_str(b), b->len);
    strbuf_free(b);
    return rc;
}

/* ---- sessions and their event streams ------------------------------------ */

static Session *find_session(Server *srv, const char *id)
{
    if (!id) return NULL;
    for (int i = 0; i < srv->cfg.max_sessions; i++)
        if (srv->sessions[i] && strcmp(srv->sessions[i]->id, id) == 0) return srv->sessions[i];
    return NULL;
}

static void wake(Listener *l)
{
    if (l->suspended) {
        l->suspended = 0;
        MHD_resume_connection(l->conn);
    }
}

static void listener_push(Listener *l, const char *text)
{
    if (l->closed) return;
    if (l->queue.len - l->sent + strlen(text) > LISTENER_QUEUE_MAX) {
        l->closed = 1; /* the page does not read: its stream ends, it reconnects */
    } else {
        strbuf_add(&l->queue, text);
    }
    wake(l);
}

/* SessionEmit: one event to every stream of the session. */
static void emit_event(void *ctx, const char *session_id, const char *event, const char *json)
{
    Server *srv = ctx;
    StrBuf b = { 0 };
    strbuf_printf(&b, "event: %s\ndata: %s\n\n", event, json);
    for (Listener *l = srv->listeners; l; l = l->next)
        if (strcmp(l->session, session_id) == 0) listener_push(l, strbuf_str(&b));
    strbuf_free(&b);
}

static ssize_t sse_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    Listener *l = cls;
    size_t left = l->queue.len - l->sent;
    if (left > 0) {
        size_t n = left < max ? left : max;
        memcpy(buf, l->queue.s + l->sent, n);
        l->sent += n;
        if (l->sent == l->queue.len) {
            strbuf_clear(&l->queue);
            l->sent = 0;
        }
        return (ssize_t)n;
    }
    if (l->closed) return MHD_CONTENT_READER_END_OF_STREAM;
    l->suspended = 1;
    MHD_suspend_connection(l->conn);
    return 0;
}

static void sse_free(void *cls)
{
    Listener *l = cls;
    Server *srv = l->srv;
    for (Listener **p = &srv->listeners; *p; p = &(*p)->next)
        if (*p == l) {
            *p = l->next;
            break;
        }
    Session *s = find_session(srv, l->session);
    if (s) s->last_active_ms = util_now_ms();
    strbuf_free(&l->queue);
    free(l);
}

static void end_session(Server *srv, int slot)
{
    Session *s = srv->sessions[slot];
    for (Listener *l = srv->listeners; l; l = l->next)
        if (strcmp(l->session, s->id) == 0) {
            l->closed = 1;
            wake(l);
        }
    session_free(s);
    free(s);
    srv->sessions[slot] = NULL;
}

/* ---- request checks ------------------------------------------------------- */

/* Host must be "IPv4-literal:port", "localhost:port" or
 * "[IPv6-literal]:port" with our port, the port left out only where ours
 * is http's default 80 (RFC 7230 section 5.4): a DNS name other than
 * localhost is how a rebinding attack reaches a local server. */
static int host_allowed(const Server *srv, const char *host)
{
    if (!host) return 0;
    const char *colon = strrchr(host, ':');
    if (colon && strchr(colon, ']')) colon = NULL; /* a colon of [::1] */
    size_t n = colon ? (size_t)(colon - host) : strlen(host);
    char name[64];
    if (n == 0 || n >= sizeof name) return 0;
    memcpy(name, host, n);
    name[n] = '\0';
    int64_t port = 80;
    if (colon && util_parse_int64(colon + 1, 1, 65535, &port) < 0) return 0;
    if (port != srv->port) return 0;
    struct in_addr a;
    struct in6_addr a6;
    if (name[0] == '[' && name[n - 1] == ']') {
        name[n - 1] = '\0';
        return inet_pton(AF_INET6, name + 1, &a6) == 1;
    }
    return strcasecmp(name, "localhost") == 0 || inet_pton(AF_INET, name, &a) == 1;
}

/* Counts the request's Host headers (MHD_get_connection_values iterator). */
static enum MHD_Result count_host(void *cls, enum MHD_ValueKind kind, const char *key,
                                  const char *value)
{
    (void)kind;
    (void)value;
    if (key && strcasecmp(key, "Host") == 0) ++*(int *)cls;
    return MHD_YES;
}

/* Exactly one Host header, and an allowed one: a second Host could carry a
 * foreign name past a check of the first. */
static int request_host_ok(const Server *srv, struct MHD_Connection *conn)
{
    int hosts = 0;
    MHD_get_connection_values(conn, MHD_HEADER_KIND, count_host, &hosts);
    return hosts == 1
        && host_allowed(srv, MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Host"));
}

/* The Content-Length headers of a request (MHD_get_connection_values
 * iterator): the first value, and the first other value, if any. */
typedef struct Lengths {
    const char *first, *other;
} Lengths;

static enum MHD_Result find_lengths(void *cls, enum MHD_ValueKind kind, const char *key,
                                    const char *value)
{
    (void)kind;
    Lengths *l = cls;
    if (!key || strcasecmp(key, "Content-Length") != 0) return MHD_YES;
    if (!value) value = "";
    if (!l->first)
        l->first = value;
    else if (!l->other && strcmp(value, l->first) != 0)
        l->other = value;
    return MHD_YES;
}

/* Counts the tokens a request gives (X-Dablo-Token headers and token
 * query arguments) and the wrong ones (MHD_get_connection_values iterator). */
typedef struct TokenCount {
    const Server *srv;
    int given, wrong;
} TokenCount;

static enum MHD_Result count_token(void *cls, enum MHD_ValueKind kind, const char *key,
                                   const char *value)
{
    TokenCount *tc = cls;
    const char *name = kind == MHD_HEADER_KIND ? "X-Dablo-Token" : "token";
    int match = key
             && (kind == MHD_HEADER_KIND ? strcasecmp(key, name) == 0 : strcmp(key, name) == 0);
    if (match) {
        tc->given++;
        tc->wrong += !value || !same_secret(value, tc->srv->token);
    }
    return MHD_YES;
}

/* At least one token, and every token given right: a wrong second token
 * (?token=GOOD&token=bad) is a request that does not know the secret. */
static int token_ok(const Server *srv, struct MHD_Connection *conn)
{
    TokenCount tc = { srv, 0, 0 };
    MHD_get_connection_values(conn, MHD_HEADER_KIND, count_token, &tc);
    MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, count_token, &tc);
    return tc.given > 0 && tc.wrong == 0;
}

/* ---- the page's files ---------------------------------------------------- */

static const char *content_type(const char *path)
{
    static const char *const types[][2] = {
        { ".html", "text/html; charset=utf-8" },
        { ".js", "text/javascript; charset=utf-8" },
        { ".css", "text/css; charset=utf-8" },
        { ".svg", "image/svg+xml" },
        { ".png", "image/png" },
        { ".json", "application/json" },
        { ".ico", "image/x-icon" },
        { ".txt", "text/plain; charset=utf-8" },
    };
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (strcmp(dot, types[i][0]) == 0) return types[i][1];
    return "application/octet-stream";
}

/* A file path of the page: letters, digits, '.', '_', '-' and '/', no
 * empty, "." or ".." part and no part starting with a dot. */
static int safe_path(const char *url)
{
    if (url[0] != '/') return 0;
    for (const char *c = url + 1; *c; c++)
        if (!(('a' <= *c && *c <= 'z') || ('A' <= *c && *c <= 'Z') || ('0' <= *c && *c <= '9')
              || *c == '.' || *c == '_' || *c == '-' || *c == '/'))
            return 0;
    for (const char *part = url + 1; *part;) {
        size_t n = strcspn(part, "/");
        if (n == 0 || part[0] == '.') return 0;
        part += n;
        if (*part == '/') part++;
    }
    return 1;
}

static enum MHD_Result serve_file(Server *srv, struct MHD_Connection *conn, const char *url)
{
    if (strcmp(url, "/") == 0) url = "/index.html";
    if (!safe_path(url))
        return respond_error(conn, MHD_HTTP_NOT_FOUND, "no such file: %.200s", url);
    char path[PATH_MAX], real[PATH_MAX];
    if ((size_t)snprintf(path, sizeof path, "%s%s", srv->page_real, url) >= sizeof path
        || !realpath(path, real))
        return respond_error(conn, MHD_HTTP_NOT_FOUND, "no such file: %.200s", url);
    size_t root = strlen(srv->page_real);
    if (strncmp(real, srv->page_real, root) != 0 || real[root] != '/')
        return respond_error(conn, MHD_HTTP_NOT_FOUND, "no such file: %.200s", url);
    int fd = open(real, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
        if (fd >= 0) close(fd);
        return respond_error(conn, MHD_HTTP_NOT_FOUND, "no such file: %.200s", url);
    }
    struct MHD_Response *r = MHD_create_response_from_fd((uint64_t)st.st_size, fd);
    if (!r) {
        close(fd);
        return MHD_NO;
    }
    MHD_add_response_header(r, "Content-Type", content_type(real));
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(
        r, "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'");
    enum MHD_Result rc = MHD_queue_response(conn, MHD_HTTP_OK, r);
    MHD_destroy_response(r);
    return rc;
}

/* ---- the API ----------------------------------------------------------- */

static enum MHD_Result new_session(Server *srv, struct MHD_Connection *conn)
{
    int slot = -1;
    for (int i = 0; i < srv->cfg.max_sessions && slot < 0; i++)
        if (!srv->sessions[i]) slot = i;
    if (slot < 0)
        return respond_error(
            conn, MHD_HTTP_SERVICE_UNAVAILABLE,
            "too many games at once (%d): close a tab or wait for an idle one to end",
            srv->cfg.max_sessions);
    char id[SESSION_ID_LEN + 1];
    random_hex(id, SESSION_ID_LEN);
    Session *s = util_xmalloc(sizeof *s);
    session_init(s, id, &srv->cfg.host, emit_event, srv);
    srv->sessions[slot] = s;
    session_update(s);
    StrBuf b = { 0 };
    session_state_json(s, &b);
    return respond_json(conn, &b);
}

static enum MHD_Result open_events(Server *srv, struct MHD_Connection *conn, Session *s)
{
    int streams = 0;
    Listener *oldest = NULL; /* new streams go to the head of the list */
    for (Listener *o = srv->listeners; o; o = o->next)
        if (!o->closed && strcmp(o->session, s->id) == 0) {
            streams++;
            oldest = o;
        }
    if (streams >= MAX_STREAMS_PER_SESSION) {
        oldest->closed = 1;
        wake(oldest);
    }
    Listener *l = util_xmalloc(sizeof *l);
    memset(l, 0, sizeof *l);
    l->srv = srv;
    l->conn = conn;
    snprintf(l->session, sizeof l->session, "%s", s->id);
    strbuf_add(&l->queue, "retry: 2000\n\nevent: state\ndata: ");
    StrBuf st = { 0 };
    session_state_json(s, &st);
    strbuf_add(&l->queue, strbuf_str(&st));
    strbuf_add(&l->queue, "\n\n");
    strbuf_free(&st);
    struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, SSE_BLOCK,
                                                               sse_read, l, sse_free);
    if (!r) {
        strbuf_free(&l->queue);
        free(l);
        return MHD_NO;
    }
    l->next = srv->listeners;
    srv->listeners = l;
    MHD_add_response_header(r, "Content-Type", "text/event-stream");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    enum MHD_Result rc = MHD_queue_response(conn, MHD_HTTP_OK, r);
    MHD_destroy_response(r);
    return rc;
}

/* The answer to a request whose session is not open: id NULL with given 0
 * (no session at all) or 1 (a session that is not a string), else the id. */
static enum MHD_Result no_session(struct MHD_Connection *conn, const char *id, int given)
{
    if (!id && !given) return respond_error(conn, MHD_HTTP_BAD_REQUEST, "session: missing");
    if (!id)
        return respond_error(conn, MHD_HTTP_BAD_REQUEST,
                             "session: expected a string, the id POST /api/session answered");
    return respond_error(conn, MHD_HTTP_NOT_FOUND,
                         "no such game (it ends after being idle): reload the page");
}

static enum MHD_Result api_get(Server *srv, struct MHD_Connection *conn, const char *what)
{
    const char *id = MHD_lookup_connection_value(conn, MHD_GET_ARGUMENT_KIND, "session");
    Session *s = find_session(srv, id);
    if (!s) return no_session(conn, id, 0);
    s->last_active_ms = util_now_ms();
    if (strcmp(what, "events") == 0) return open_events(srv, conn, s);
    StrBuf b = { 0 };
    if (strcmp(what, "pgn") == 0) {
        session_pgn(s, &b);
        enum MHD_Result rc = respond(conn, MHD_HTTP_OK, "text/plain; charset=utf-8", strbuf_str(&b),
                                     b.len);
        strbuf_free(&b);
        return rc;
    }
    session_state_json(s, &b);
    return respond_json(conn, &b);
}

/* One POST action on session s with the request object req.  Returns 0,
 * or with the reason in err -2 for a bad request (400) and -1 for one the
 * game refuses (refusal_status()). */
static int act(Session *s, const char *what, const JsonValue *req, char *err, size_t errlen)
{
    if (strcmp(what, "new") == 0) return session_new_game(s, req, err, errlen);
    if (strcmp(what, "configure") == 0) return session_configure(s, req, err, errlen);
    if (strcmp(what, "takeback") == 0) return session_takeback(s, err, errlen);
    if (strcmp(what, "move") == 0 || strcmp(what, "pgn") == 0) {
        const char *text = json_get_string(req, what);
        if (!text) {
            snprintf(err, errlen, "%s: expected a string member \"%s\"", what, what);
            return -2;
        }
        if (strcmp(what, "move") == 0 && !text[strspn(text, " \t\r\n")]) {
            snprintf(err, errlen, "move: empty (a move in RULES.md notation, such as c5-c7)");
            return -2;
        }
        return strcmp(what, "move") == 0 ? session_move(s, text, err, errlen)
                                         : session_load_pgn(s, text, err, errlen);
    }
    /* view */
    const JsonValue *ply = json_get(req, "ply");
    if (!ply || ply->type != JSON_NUMBER || ply->number != floor(ply->number)) {
        snprintf(err, errlen, "view: expected a whole number member \"ply\"");
        return -2;
    }
    return session_view(s, ply->number, ply->text, err, errlen);
}

/* The status of action what refused with rc (act()): 409 Conflict when the
 * request is well formed but the game does not allow it now (a move it
 * refuses, a take-back with no move played), else 400. */
static unsigned refusal_status(const char *what, int rc)
{
    bool by_game = strcmp(what, "move") == 0 || strcmp(what, "takeback") == 0;
    return rc == -1 && by_game ? MHD_HTTP_CONFLICT : MHD_HTTP_BAD_REQUEST;
}

/* The POST actions (/api/WHAT) and the members each takes (docs/web.md,
 * "The HTTP interface"), space-separated.  A member not listed is refused,
 * as a bad value is: a misspelt "movetme" would otherwise be dropped in
 * silence. */
static const struct {
    const char *name, *members;
} actions[] = {
    { "session", "" },
    { "new", "session variant options fen white black movetime depth multipv skill analyse flip" },
    { "configure", "session white black movetime depth multipv skill analyse flip" },
    { "move", "session move" },
    { "takeback", "session" },
    { "view", "session ply" },
    { "pgn", "session pgn" },
};

/* The index of the POST action what in actions[], or -1. */
static int action_index(const char *what)
{
    for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++)
        if (strcmp(what, actions[i].name) == 0) return (int)i;
    return -1;
}

/* The index of key among the space-separated words of list (0 for the
 * first), or -1 when it is none of them. */
static int word_index(const char *list, const char *key)
{
    size_t len = strlen(key);
    for (int i = 0; *list; i++) {
        size_t n = strcspn(list, " ");
        if (n == len && strncmp(list, key, n) == 0) return i;
        list += n + (list[n] == ' ');
    }
    return -1;
}

/* The first member of object req that action a does not take, or NULL. */
static const char *unknown_member(int a, const JsonValue *req)
{
    for (int i = 0; i < req->n; i++)
        if (word_index(actions[a].members, req->keys[i]) < 0) return req->keys[i];
    return NULL;
}

/* The query arguments of an /api request (MHD_get_connection_values
 * iterator): the first that is not taken (besides token, which every
 * request takes, any number of times: token_ok()) or is given twice.  As
 * a JSON body's member, a misspelt or repeated argument is refused, not
 * dropped or read as its first copy. */
typedef struct QueryArgs {
    const char *takes; /* the names taken, space-separated (at most 32) */
    const char *bad;   /* the first argument refused, or NULL */
    int twice;         /* bad is taken but given twice (else not taken) */
    unsigned seen;     /* bit i: the i-th name of takes was given */
} QueryArgs;

static enum MHD_Result check_arg(void *cls, enum MHD_ValueKind kind, const char *key,
                                 const char *value)
{
    (void)kind;
    (void)value;
    QueryArgs *q = cls;
    if (!key) key = "";
    if (strcmp(key, "token") == 0) return MHD_YES;
    int i = word_index(q->takes, key);
    if (i < 0 || (q->seen & 1u << i)) {
        q->bad = key;
        q->twice = i >= 0;
        return MHD_NO;
    }
    q->seen |= 1u << i;
    return MHD_YES;
}

/* Refuses (400, naming it) a query argument of /api/WHAT that is not one
 * of takes or is given twice: returns 1 with *rc the answer queued, or 0. */
static int refused_args(struct MHD_Connection *conn, const char *what, const char *takes,
                        enum MHD_Result *rc)
{
    QueryArgs q = { takes, NULL, 0, 0 };
    MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, check_arg, &q);
    if (!q.bad) return 0;
    if (q.twice)
        *rc = respond_error(conn, MHD_HTTP_BAD_REQUEST, "%s: query argument \"%.64s\" given twice",
                            what, q.bad);
    else
        *rc = respond_error(conn, MHD_HTTP_BAD_REQUEST,
                            "%s: unknown query argument \"%.64s\" (it takes: %s%stoken%s)", what,
                            q.bad, takes, takes[0] ? " " : "",
                            takes[0] ? "" : "; the members go in the JSON body");
    return 1;
}

static enum MHD_Result api_post(Server *srv, struct MHD_Connection *conn, const char *what,
                                Request *rq)
{
    if (rq->too_big)
        return respond_error(conn, MHD_HTTP_CONTENT_TOO_LARGE, "request body over %zu bytes",
                             srv->cfg.max_body);
    char err[600];
    JsonValue *req = json_parse(strbuf_str(&rq->body), rq->body.len, err, sizeof err);
    if (!req) return respond_error(conn, MHD_HTTP_BAD_REQUEST, "%s", err);
    if (req->type != JSON_OBJECT) {
        json_free(req);
        return respond_error(conn, MHD_HTTP_BAD_REQUEST, "expected a JSON object");
    }
    int a = action_index(what);
    const char *unknown = unknown_member(a, req);
    if (unknown) {
        /* The reply is JSON-escaped (json_add_message); a long name is cut. */
        enum MHD_Result rc = respond_error(
            conn, MHD_HTTP_BAD_REQUEST, "%s: unknown member \"%.64s\" (it takes: %s)", what,
            unknown, actions[a].members[0] ? actions[a].members : "no member");
        json_free(req);
        return rc;
    }
    if (strcmp(what, "session") == 0) {
        json_free(req);
        return new_session(srv, conn);
    }
    const char *id = json_get_string(req, "session");
    Session *s = find_session(srv, id);
    if (!s) {
        int given = json_get(req, "session") != NULL;
        json_free(req);
        return no_session(conn, id ? "" : NULL, given);
    }
    s->last_active_ms = util_now_ms();
    int rc = act(s, what, req, err, sizeof err);
    json_free(req);
    if (rc < 0) return respond_error(conn, refusal_status(what, rc), "%s", err);
    StrBuf b = { 0 };
    session_state_json(s, &b);
    return respond_json(conn, &b);
}

/* ---- connections --------------------------------------------------------- */

/* Ends c: shutdown() makes libmicrohttpd read the end of the stream and
 * close the connection itself (it has no call to close one). */
static void end_conn(Conn *c)
{
    shutdown(c->fd, SHUT_RDWR);
    c->ended = 1;
}

/* The connection record of conn, or NULL. */
static Conn *conn_of(struct MHD_Connection *conn)
{
    const union MHD_ConnectionInfo *i = MHD_get_connection_info(conn,
                                                                MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return i ? i->socket_context : NULL;
}

/* The address a client's connections are counted under for
 * MAX_CONNECTIONS_PER_IP: an IPv6 address whole, an IPv4 address as its
 * IPv4-mapped IPv6 form (::ffff:a.b.c.d), so that a client of a dual-stack
 * socket (-bind ::), seen as such a mapped address, counts as its IPv4
 * address.  An address of another family (or none): all zero. */
static struct in6_addr client_key(const struct sockaddr *sa)
{
    struct in6_addr k;
    memset(&k, 0, sizeof k);
    if (sa && sa->sa_family == AF_INET6) {
        k = ((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr;
    } else if (sa && sa->sa_family == AF_INET) {
        k.s6_addr[10] = k.s6_addr[11] = 0xff;
        memcpy(&k.s6_addr[12], &((const struct sockaddr_in *)(const void *)sa)->sin_addr, 4);
    }
    return k;
}

/* Over a limit of `max` connections (of the address *ip, or all when ip
 * is NULL): ends the oldest one still sending its request headers, else
 * the newest (the one just accepted). */
static void enforce_limit(Server *srv, const struct in6_addr *ip, int max)
{
    int n = 0;
    Conn *oldest = NULL;
    for (Conn *c = srv->conns; c; c = c->next) {
        if (c->ended || (ip && memcmp(&c->ip, ip, sizeof *ip) != 0)) continue;
        n++;
        if (!oldest && c->waiting_ms >= 0) oldest = c;
    }
    if (n > max) end_conn(oldest ? oldest : srv->conns_tail);
}

/* MHD_OPTION_NOTIFY_CONNECTION: keeps the list of connections and the
 * limits of MAX_CONNECTIONS and MAX_CONNECTIONS_PER_IP. */
static void notify_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
                              enum MHD_ConnectionNotificationCode toe)
{
    Server *srv = cls;
    Conn *c = *socket_context;
    if (toe == MHD_CONNECTION_NOTIFY_CLOSED) {
        if (!c) return;
        *(c->prev ? &c->prev->next : &srv->conns) = c->next;
        *(c->next ? &c->next->prev : &srv->conns_tail) = c->prev;
        free(c);
        *socket_context = NULL;
        return;
    }
    const union MHD_ConnectionInfo *fd = MHD_get_connection_info(conn,
                                                                 MHD_CONNECTION_INFO_CONNECTION_FD);
    const union MHD_ConnectionInfo *addr = MHD_get_connection_info(
        conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!fd) return;
    c = util_xmalloc(sizeof *c);
    memset(c, 0, sizeof *c);
    c->fd = fd->connect_fd;
    c->ip = client_key(addr ? addr->client_addr : NULL);
    c->waiting_ms = util_now_ms();
    c->prev = srv->conns_tail;
    *(c->prev ? &c->prev->next : &srv->conns) = c;
    srv->conns_tail = c;
    *socket_context = c;
    enforce_limit(srv, NULL, MAX_CONNECTIONS);
    if (!c->ended) enforce_limit(srv, &c->ip, MAX_CONNECTIONS_PER_IP);
}

/* Ends every connection that has been sending its request headers for
 * longer than HEADER_DEADLINE_MS. */
static void end_slow_conns(Server *srv, int64_t now)
{
    for (Conn *c = srv->conns; c; c = c->next)
        if (!c->ended && c->waiting_ms >= 0 && now - c->waiting_ms > HEADER_DEADLINE_MS)
            end_conn(c);
}

/* The checks that refuse a request on its headers alone: made before any
 * body is read, so that only a request with the token may send one (at
 * its own pace).  Returns 1 with *rc the answer queued, or 0. */
static int refused_early(Server *srv, struct MHD_Connection *conn, const char *url,
                         const char *method, enum MHD_Result *rc)
{
    *rc = MHD_YES;
    if (!request_host_ok(srv, conn))
        *rc = respond_error(conn, MHD_HTTP_FORBIDDEN,
                            "refused: one Host header, localhost or an address, with port %d%s",
                            srv->port, srv->port == 80 ? " or none" : "");
    else if (strncmp(url, "/api/", 5) != 0 && strcmp(method, "GET") != 0
             && strcmp(method, "HEAD") != 0)
        *rc = respond_not_allowed(conn, "GET, HEAD", "files are read with GET");
    else if (strncmp(url, "/api/", 5) == 0 && !token_ok(srv, conn))
        *rc = respond_error(
            conn, MHD_HTTP_FORBIDDEN,
            "refused: a wrong or missing token (open the address dablo-web printed)");
    else
        return 0;
    return 1;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *conn, const char *url,
                              const char *method, const char *version, const char *upload,
                              size_t *upload_size, void **ctx)
{
    (void)version;
    Server *srv = cls;
    Request *rq = *ctx;
    if (!rq) {
        rq = util_xmalloc(sizeof *rq);
        memset(rq, 0, sizeof *rq);
        *ctx = rq;
        Conn *c = conn_of(conn);
        if (c) c->waiting_ms = -1; /* the headers are in */
        /* Two Content-Length headers that differ leave the body's length
         * unclear (RFC 9112 section 6.3: 400, the connection closed);
         * libmicrohttpd would take the first.  The same value twice is
         * one length (RFC 9110 section 8.6). */
        Lengths len = { NULL, NULL };
        MHD_get_connection_values(conn, MHD_HEADER_KIND, find_lengths, &len);
        if (len.other)
            return respond_close(conn, MHD_HTTP_BAD_REQUEST,
                                 "refused: two Content-Length headers that differ (%.20s and "
                                 "%.20s): the body's length is unclear",
                                 len.first, len.other);
        /* A declared body over the limit is refused before it is read. */
        const char *cl = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Content-Length");
        if (cl && strtoull(cl, NULL, 10) > srv->cfg.max_body)
            return respond_error(conn, MHD_HTTP_CONTENT_TOO_LARGE, "request body over %zu bytes",
                                 srv->cfg.max_body);
        enum MHD_Result rc;
        if (refused_early(srv, conn, url, method, &rc)) return rc;
        return MHD_YES;
    }
    if (*upload_size) {
        if (rq->body.len + *upload_size > srv->cfg.max_body)
            rq->too_big = 1;
        else
            strbuf_addn(&rq->body, upload, *upload_size);
        *upload_size = 0;
        return MHD_YES;
    }
    int get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0,
        post = strcmp(method, "POST") == 0;
    if (strncmp(url, "/api/", 5) != 0) return serve_file(srv, conn, url);
    const char *what = url + 5;
    int is_get_api = strcmp(what, "events") == 0 || strcmp(what, "state") == 0;
    if (is_get_api || (strcmp(what, "pgn") == 0 && get)) {
        if (!get) return respond_not_allowed(conn, "GET, HEAD", "/api/%s is read with GET", what);
        enum MHD_Result rc;
        if (refused_args(conn, what, "session", &rc)) return rc;
        return api_get(srv, conn, what);
    }
    if (action_index(what) < 0)
        return respond_error(conn, MHD_HTTP_NOT_FOUND, "no such action: %.100s", what);
    if (!post)
        return respond_not_allowed(conn, strcmp(what, "pgn") == 0 ? "GET, HEAD, POST" : "POST",
                                   "/api/%.100s takes a POST", what);
    enum MHD_Result rc;
    if (refused_args(conn, what, "", &rc)) return rc;
    return api_post(srv, conn, what, rq);
}

static void completed(void *cls, struct MHD_Connection *conn, void **ctx,
                      enum MHD_RequestTerminationCode code)
{
    (void)cls;
    (void)code;
    Conn *c = conn_of(conn);
    if (c) c->waiting_ms = util_now_ms(); /* a kept-alive connection's next request */
    Request *rq = *ctx;
    if (rq) {
        strbuf_free(&rq->body);
        free(rq);
        *ctx = NULL;
    }
}

/* MHD_OPTION_UNESCAPE_CALLBACK: decodes %XX in place, except %00, which
 * stays as written (a NUL would cut the path short: "/a.html%00.js" is then
 * refused by safe_path() instead of serving "/a.html").  Returns the new
 * length. */
static size_t unescape(void *cls, struct MHD_Connection *conn, char *s)
{
    (void)cls;
    (void)conn;
    char *out = s;
    for (const char *in = s; *in; in++) {
        unsigned v;
        if (in[0] == '%' && isxdigit((unsigned char)in[1]) && isxdigit((unsigned char)in[2])
            && sscanf(in + 1, "%2x", &v) == 1 && v != 0) {
            *out++ = (char)v;
            in += 2;
        } else {
            *out++ = *in;
        }
    }
    *out = '\0';
    return (size_t)(out - s);
}

/* ---- the daemon and the loop ----------------------------------------------- */

/* A listening TCP socket on addr (IPv4 or IPv6, len bytes), or -1 with
 * errno set: made here rather than by libmicrohttpd, which fails without
 * saying why.  An IPv6 socket takes IPv4 clients too where its address
 * does (::, as dual stack; they are seen as ::ffff:a.b.c.d). */
static int listen_socket(const struct sockaddr *addr, socklen_t len)
{
    int fd = socket(addr->sa_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) return -1;
    int on = 1, off = 0;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (addr->sa_family == AF_INET6) setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &off, sizeof off);
    if (bind(fd, addr, len) < 0 || listen(fd, 64) < 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

Server *server_start(const ServerConfig *cfg, char *err, size_t errlen)
{
    Server *srv = util_xmalloc(sizeof *srv);
    memset(srv, 0, sizeof *srv);
    srv->cfg = *cfg;
    if (!realpath(cfg->page_dir, srv->page_real)) {
        snprintf(err, errlen, "page folder %s: %s", cfg->page_dir, strerror(errno));
        free(srv);
        return NULL;
    }
    struct sockaddr_storage addr;
    struct sockaddr_in *in4 = (struct sockaddr_in *)(void *)&addr;
    struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)(void *)&addr;
    memset(&addr, 0, sizeof addr);
    socklen_t alen;
    if (inet_pton(AF_INET, cfg->bind, &in4->sin_addr) == 1) {
        in4->sin_family = AF_INET;
        in4->sin_port = htons((uint16_t)cfg->port);
        alen = sizeof *in4;
    } else if (inet_pton(AF_INET6, cfg->bind, &in6->sin6_addr) == 1) {
        in6->sin6_family = AF_INET6;
        in6->sin6_port = htons((uint16_t)cfg->port);
        alen = sizeof *in6;
    } else {
        snprintf(err, errlen, "-bind %s: not an IPv4 or IPv6 address", cfg->bind);
        free(srv);
        return NULL;
    }
    int fd = listen_socket((const struct sockaddr *)&addr, alen);
    if (fd < 0) {
        snprintf(err, errlen, "cannot listen on %s port %d%s: %s", cfg->bind, cfg->port,
                 cfg->port ? "" : " (any free port)", strerror(errno));
        free(srv);
        return NULL;
    }
    random_hex(srv->token, SESSION_ID_LEN);
    srv->sessions = util_xmalloc(sizeof *srv->sessions * (size_t)cfg->max_sessions);
    memset(srv->sessions, 0, sizeof *srv->sessions * (size_t)cfg->max_sessions);
    srv->daemon = MHD_start_daemon(
        MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME, (uint16_t)cfg->port, NULL, NULL, handle, srv,
        MHD_OPTION_LISTEN_SOCKET, fd, MHD_OPTION_NOTIFY_COMPLETED, completed, srv,
        MHD_OPTION_UNESCAPE_CALLBACK, unescape, srv, MHD_OPTION_NOTIFY_CONNECTION,
        notify_connection, srv, MHD_OPTION_CONNECTION_LIMIT, (unsigned)MHD_CONNECTIONS,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)REQUEST_TIMEOUT_S, MHD_OPTION_END);
    if (!srv->daemon) {
        snprintf(err, errlen, "cannot serve on %s port %d: libmicrohttpd did not start", cfg->bind,
                 cfg->port);
        close(fd);
        free(srv->sessions);
        free(srv);
        return NULL;
    }
    alen = sizeof addr;
    srv->port = getsockname(fd, (struct sockaddr *)&addr, &alen) < 0 ? cfg->port
              : addr.ss_family == AF_INET6                           ? ntohs(in6->sin6_port)
                                                                     : ntohs(in4->sin_port);
    srv->next_keepalive = util_now_ms() + cfg->keepalive_ms;
    return srv;
}

int server_port(const Server *srv)
{
    return srv->port;
}

const char *server_token(const Server *srv)
{
    return srv->token;
}

/* Keep-alives, idle sessions and engine deadlines. */
static void tick(Server *srv, int64_t now)
{
    if (now >= srv->next_keepalive) {
        for (Listener *l = srv->listeners; l; l = l->next)
            listener_push(l, ": ping\n\n");
        srv->next_keepalive = now + srv->cfg.keepalive_ms;
    }
    end_slow_conns(srv, now);
    for (int i = 0; i < srv->cfg.max_sessions; i++) {
        Session *s = srv->sessions[i];
        if (!s) continue;
        for (Listener *l = srv->listeners; l; l = l->next)
            if (!l->closed && strcmp(l->session, s->id) == 0) s->last_active_ms = now;
        if (now - s->last_active_ms > srv->cfg.idle_ms) {
            end_session(srv, i);
            continue;
        }
        session_tick(s, now);
    }
}

enum { MAX_POLL = 2 + 2 * 256 };

void server_run(Server *srv, int stop_fd)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(srv->daemon, MHD_DAEMON_INFO_EPOLL_FD);
    int mhd_fd = info ? info->epoll_fd : -1;
    int nfds_max = 2 + 2 * srv->cfg.max_sessions;
    struct pollfd *fds = util_xmalloc(sizeof *fds * (size_t)nfds_max);
    int *who = util_xmalloc(sizeof *who * (size_t)nfds_max); /* session slot * 2 + engine slot */
    for (;;) {
        int n = 0;
        fds[n++] = (struct pollfd){ .fd = stop_fd, .events = POLLIN };
        fds[n++] = (struct pollfd){ .fd = mhd_fd, .events = POLLIN };
        int64_t now = util_now_ms();
        int64_t wait = srv->next_keepalive - now;
        if (wait > IDLE_CHECK_MS) wait = IDLE_CHECK_MS;
        for (int i = 0; i < srv->cfg.max_sessions; i++) {
            Session *s = srv->sessions[i];
            if (!s) continue;
            int efd[2], slot[2];
            int k = session_engine_fds(s, efd, slot);
            for (int j = 0; j < k; j++) {
                who[n] = i * 2 + slot[j];
                fds[n++] = (struct pollfd){ .fd = efd[j], .events = POLLIN };
            }
            int64_t d = session_next_deadline(s, now);
            if (d >= 0 && d < wait) wait = d;
        }
        MHD_UNSIGNED_LONG_LONG to;
        if (MHD_get_timeout(srv->daemon, &to) == MHD_YES && (int64_t)to < wait) wait = (int64_t)to;
        if (wait < 0) wait = 0;
        int r = poll(fds, (nfds_t)n, (int)wait);
        if (r < 0 && errno != EINTR) break;
        if (fds[0].revents) break;
        MHD_run(srv->daemon);
        for (int j = 2; r > 0 && j < n; j++) {
            if (!fds[j].revents) continue;
            Session *s = srv->sessions[who[j] / 2];
            if (s && engine_fd(&s->eng[who[j] % 2]) == fds[j].fd)
                session_engine_readable(s, who[j] % 2);
        }
        tick(srv, util_now_ms());
        MHD_run(srv->daemon);
    }
    free(fds);
    free(who);
    for (int i = 0; i < srv->cfg.max_sessions; i++)
        if (srv->sessions[i]) end_session(srv, i);
    for (Listener *l = srv->listeners; l; l = l->next) {
        l->closed = 1;
        wake(l);
    }
    MHD_run(srv->daemon);
}

void server_free(Server *srv)
{
    if (!srv) return;
    for (Listener *l = srv->listeners; l; l = l->next)
        wake(l);
    MHD_stop_daemon(srv->daemon);
    for (int i = 0; i < srv->cfg.max_sessions; i++)
        if (srv->sessions[i]) {
            session_free(srv->sessions[i]);
            free(srv->sessions[i]);
        }
    free(srv->sessions);
    free(srv);
}
