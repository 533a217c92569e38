/*
 * json.c - a bounded recursive-descent JSON reader and the string writer
 * (see json.h).
 */
#include "json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/util.h"

typedef struct Parser {
    const char *s;
    size_t len, pos;
    char *err;
    size_t errlen;
    int failed;
} Parser;

static void fail(Parser *p, const char *what)
{
    if (!p->failed) snprintf(p->err, p->errlen, "bad JSON at byte %zu: %s", p->pos, what);
    p->failed = 1;
}

static void skip_blanks(Parser *p)
{
    while (p->pos < p->len
           && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' || p->s[p->pos] == '\r'
               || p->s[p->pos] == '\n'))
        p->pos++;
}

static int peek(const Parser *p)
{
    return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1;
}

static JsonValue *node(JsonType t)
{
    JsonValue *v = util_xmalloc(sizeof *v);
    memset(v, 0, sizeof *v);
    v->type = t;
    return v;
}

static int hex4(Parser *p, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        int c = peek(p);
        int d = c >= '0' && c <= '9' ? c - '0'
              : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                     : -1;
        if (d < 0) {
            fail(p, "bad \\u escape");
            return -1;
        }
        v = v * 16 + (unsigned)d;
        p->pos++;
    }
    *out = v;
    return 0;
}

static void add_utf8(StrBuf *b, unsigned cp)
{
    if (cp < 0x80) {
        strbuf_addc(b, (char)cp);
    } else if (cp < 0x800) {
        strbuf_addc(b, (char)(0xC0 | (cp >> 6)));
        strbuf_addc(b, (char)(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        strbuf_addc(b, (char)(0xE0 | (cp >> 12)));
        strbuf_addc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
        strbuf_addc(b, (char)(0x80 | (cp & 0x3F)));
    } else {
        strbuf_addc(b, (char)(0xF0 | (cp >> 18)));
        strbuf_addc(b, (char)(0x80 | ((cp >> 12) & 0x3F)));
        strbuf_addc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
        strbuf_addc(b, (char)(0x80 | (cp & 0x3F)));
    }
}

/* The length (2-4) of the well-formed UTF-8 sequence of a byte >= 0x80 at
 * s[0..n), or 0: no overlong forms, no surrogates (U+D800..DFFF), nothing
 * above U+10FFFF (Unicode 15 table 3-7, as RFC 3629). */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned lo = 0x80, hi = 0xBF;
    size_t len;
    if (s[0] >= 0xC2 && s[0] <= 0xDF) {
        len = 2;
    } else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
        len = 3;
        if (s[0] == 0xE0) lo = 0xA0;
        if (s[0] == 0xED) hi = 0x9F;
    } else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
        len = 4;
        if (s[0] == 0xF0) lo = 0x90;
        if (s[0] == 0xF4) hi = 0x8F;
    } else {
        return 0;
    }
    if (n < len || s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xBF) return 0;
    return len;
}

/* A string literal at p->pos (the opening quote); returns it malloc'd. */
static char *parse_string(Parser *p)
{
    StrBuf b = { 0 };
    p->pos++;
    for (;;) {
        int c = peek(p);
        if (c < 0) {
            fail(p, "unterminated string");
            break;
        }
        p->pos++;
        if (c == '"') {
            char *out = util_xstrdup(strbuf_str(&b));
            strbuf_free(&b);
            return out;
        }
        if (c < 0x20) {
            p->pos--;
            fail(p, "control character in string");
            break;
        }
        if (c >= 0x80) {
            size_t n = utf8_len((const unsigned char *)p->s + p->pos - 1, p->len - p->pos + 1);
            if (!n) {
                p->pos--;
                fail(p, "invalid UTF-8");
                break;
            }
            strbuf_addn(&b, p->s + p->pos - 1, n);
            p->pos += n - 1;
            continue;
        }
        if (c != '\\') {
            strbuf_addc(&b, (char)c);
            continue;
        }
        c = peek(p);
        p->pos++;
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
        const char *k = c > 0 ? strchr(from, c) : NULL;
        if (k && c) {
            strbuf_addc(&b, to[k - from]);
            continue;
        }
        if (c != 'u') {
            p->pos--;
            fail(p, "bad escape in string");
            break;
        }
        unsigned cp, lo;
        if (hex4(p, &cp) < 0) break;
        if (cp >= 0xD800 && cp < 0xDC00) {
            if (peek(p) != '\\' || p->pos + 1 >= p->len || p->s[p->pos + 1] != 'u') {
                fail(p, "lone surrogate in string");
                break;
            }
            p->pos += 2;
            if (hex4(p, &lo) < 0) break;
            if (lo < 0xDC00 || lo > 0xDFFF) {
                fail(p, "bad surrogate pair in string");
                break;
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            fail(p, "lone surrogate in string");
            break;
        }
        if (cp == 0) {
            fail(p, "NUL in string");
            break;
        }
        add_utf8(&b, cp);
    }
    strbuf_free(&b);
    return NULL;
}

static JsonValue *parse_value(Parser *p, int depth);

static void push(JsonValue *v, char *key, JsonValue *item)
{
    v->items = util_xrealloc(v->items, sizeof *v->items * (size_t)(v->n + 1));
    if (v->type == JSON_OBJECT) {
        v->keys = util_xrealloc(v->keys, sizeof *v->keys * (size_t)(v->n + 1));
        v->keys[v->n] = key;
    }
    v->items[v->n++] = item;
}

/* An array or object at p->pos (its opening bracket). */
static JsonValue *parse_container(Parser *p, int depth, int object)
{
    JsonValue *v = node(object ? JSON_OBJECT : JSON_ARRAY);
    char close = object ? '}' : ']';
    p->pos++;
    skip_blanks(p);
    if (peek(p) == close) {
        p->pos++;
        return v;
    }
    for (;;) {
        char *key = NULL;
        skip_blanks(p);
        if (object) {
            if (peek(p) != '"') {
                fail(p, "expected a member name");
                break;
            }
            if (!(key = parse_string(p))) break;
            if (v->n == JSON_MAX_MEMBERS) { /* bounds the duplicate check below */
                free(key);
                fail(p, "an object of more than 256 members");
                break;
            }
            if (json_get(v, key)) { /* RFC 8259 leaves duplicates open: refused here */
                free(key);
                fail(p, "a member name given twice");
                break;
            }
            skip_blanks(p);
            if (peek(p) != ':') {
                free(key);
                fail(p, "expected ':'");
                break;
            }
            p->pos++;
        }
        JsonValue *item = parse_value(p, depth + 1);
        if (!item) {
            free(key);
            break;
        }
        push(v, key, item);
        skip_blanks(p);
        if (peek(p) == ',') {
            p->pos++;
            continue;
        }
        if (peek(p) == close) {
            p->pos++;
            return v;
        }
        fail(p, object ? "expected ',' or '}'" : "expected ',' or ']'");
        break;
    }
    json_free(v);
    return NULL;
}

static JsonValue *parse_number(Parser *p)
{
    size_t start = p->pos;
    if (peek(p) == '-') p->pos++;
    if (peek(p) == '0') {
        p->pos++;
    } else if (peek(p) >= '1' && peek(p) <= '9') {
        while (peek(p) >= '0' && peek(p) <= '9')
            p->pos++;
    } else {
        fail(p, "bad number");
        return NULL;
    }
    if (peek(p) == '.') {
        p->pos++;
        if (!(peek(p) >= '0' && peek(p) <= '9')) {
            fail(p, "bad number");
            return NULL;
        }
        while (peek(p) >= '0' && peek(p) <= '9')
            p->pos++;
    }
    if (peek(p) == 'e' || peek(p) == 'E') {
        p->pos++;
        if (peek(p) == '+' || peek(p) == '-') p->pos++;
        if (!(peek(p) >= '0' && peek(p) <= '9')) {
            fail(p, "bad number");
            return NULL;
        }
        while (peek(p) >= '0' && peek(p) <= '9')
            p->pos++;
    }
    enum { NUMBER_MAX = 63 }; /* characters of a number */
    char buf[NUMBER_MAX + 1];
    size_t n = p->pos - start;
    if (n > NUMBER_MAX) {
        p->pos = start;
        char what[64];
        snprintf(what, sizeof what, "number too long (at most %d characters)", NUMBER_MAX);
        fail(p, what);
        return NULL;
    }
    memcpy(buf, p->s + start, n);
    buf[n] = '\0';
    JsonValue *v = node(JSON_NUMBER);
    v->number = strtod(buf, NULL);
    v->text = util_xstrdup(buf);
    return v;
}

static int literal(Parser *p, const char *word)
{
    size_t n = strlen(word);
    if (p->len - p->pos >= n && memcmp(p->s + p->pos, word, n) == 0) {
        p->pos += n;
        return 1;
    }
    return 0;
}

static JsonValue *parse_value(Parser *p, int depth)
{
    if (depth > JSON_MAX_DEPTH) {
        char what[48];
        snprintf(what, sizeof what, "nested too deeply (at most %d levels)", JSON_MAX_DEPTH);
        fail(p, what);
        return NULL;
    }
    skip_blanks(p);
    int c = peek(p);
    if (c == '{' || c == '[') return parse_container(p, depth, c == '{');
    if (c == '"') {
        char *s = parse_string(p);
        if (!s) return NULL;
        JsonValue *v = node(JSON_STRING);
        v->string = s;
        return v;
    }
    if (c == '-' || (c >= '0' && c <= '9')) return parse_number(p);
    int truth = literal(p, "true");
    if (truth || literal(p, "false")) {
        JsonValue *v = node(JSON_BOOL);
        v->boolean = truth;
        return v;
    }
    if (literal(p, "null")) return node(JSON_NULL);
    fail(p, c < 0 ? "unexpected end" : "unexpected character");
    return NULL;
}

JsonValue *json_parse(const char *text, size_t len, char *err, size_t errlen)
{
    Parser p = { text, len, 0, err, errlen, 0 };
    JsonValue *v = parse_value(&p, 0);
    if (!v) return NULL;
    skip_blanks(&p);
    if (p.pos != p.len) {
        fail(&p, "text after the value");
        json_free(v);
        return NULL;
    }
    return v;
}

void json_free(JsonValue *v)
{
    if (!v) return;
    for (int i = 0; i < v->n; i++) {
        json_free(v->items[i]);
        if (v->keys) free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->string);
    free(v->text);
    free(v);
}

const JsonValue *json_get(const JsonValue *v, const char *key)
{
    if (!v || v->type != JSON_OBJECT) return NULL;
    for (int i = 0; i < v->n; i++)
        if (strcmp(v->keys[i], key) == 0) return v->items[i];
    return NULL;
}

const char *json_get_string(const JsonValue *v, const char *key)
{
    const JsonValue *m = json_get(v, key);
    return m && m->type == JSON_STRING ? m->string : NULL;
}

void json_add_string(StrBuf *b, const char *s)
{
    strbuf_addc(b, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            strbuf_addc(b, '\\');
            strbuf_addc(b, (char)c);
        } else if (c == '\n') {
            strbuf_add(b, "\\n");
        } else if (c < 0x20 || c == 0x7F) {
            strbuf_printf(b, "\\u%04x", c);
        } else if (c >= 0x80) {
            size_t n = utf8_len((const unsigned char *)s, strnlen(s, 4));
            if (n) {
                strbuf_addn(b, s, n);
                s += n - 1;
            } else {
                strbuf_add(b, "\\ufffd"); /* a byte of no character: U+FFFD */
            }
        } else {
            strbuf_addc(b, (char)c);
        }
    }
    strbuf_addc(b, '"');
}

void json_add_message(StrBuf *b, const char *key, int nl, const char *fmt, va_list ap)
{
    char msg[600];
    vsnprintf(msg, sizeof msg, fmt, ap);
    strbuf_addc(b, '{');
    json_add_string(b, key);
    strbuf_addc(b, ':');
    json_add_string(b, msg);
    strbuf_add(b, nl ? "}\n" : "}");
}
