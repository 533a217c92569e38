/*
 * util.c - clock, strings, encodings and the PRNG of util.h.
 */
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int64_t mu_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int64_t mu_now_ms(void)
{
    return mu_now_us() / 1000;
}

static void oom(void)
{
    static const char msg[] = "dablo-match: out of memory\n";
    fwrite(msg, 1, sizeof msg - 1, stderr);
    abort();
}

void *mu_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) oom();
    return p;
}

void *mu_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) oom();
    return q;
}

char *mu_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = mu_xmalloc(n);
    memcpy(p, s, n);
    return p;
}

static void mu_sb_reserve(StrBuf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + extra + 1) cap *= 2;
    b->s = mu_xrealloc(b->s, cap);
    b->cap = cap;
}

void mu_sb_addn(StrBuf *b, const char *s, size_t n)
{
    mu_sb_reserve(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void mu_sb_add(StrBuf *b, const char *s)
{
    mu_sb_addn(b, s, strlen(s));
}

void mu_sb_addc(StrBuf *b, char c)
{
    mu_sb_addn(b, &c, 1);
}

void mu_sb_printf(StrBuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char tmp[512];
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof tmp) {
        mu_sb_addn(b, tmp, (size_t)n);
        return;
    }
    mu_sb_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void mu_sb_clear(StrBuf *b)
{
    b->len = 0;
    if (b->s) b->s[0] = '\0';
}

void mu_sb_free(StrBuf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

const char *mu_sb_str(const StrBuf *b)
{
    return b->s ? b->s : "";
}

void mu_sb_add_percent(StrBuf *b, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p <= 0x20 || *p == '%' || *p == 0x7f || *p == '=')
            mu_sb_printf(b, "%%%02X", *p);
        else
            mu_sb_addc(b, (char)*p);
    }
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = tolower(c);
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

char *mu_percent_decode(const char *s)
{
    char *out = mu_xmalloc(strlen(s) + 1), *o = out;
    for (const char *p = s; *p; p++) {
        int hi, lo;
        if (*p == '%' && (hi = hexval((unsigned char)p[1])) >= 0 && (lo = hexval((unsigned char)p[2])) >= 0) {
            *o++ = (char)(hi * 16 + lo);
            p += 2;
        } else {
            *o++ = *p;
        }
    }
    *o = '\0';
    return out;
}

/* Length of the valid UTF-8 sequence at p (1..4), or 0 if invalid. */
static int utf8_len(const unsigned char *p)
{
    unsigned c = p[0];
    if (c < 0x80) return 1;
    int n;
    unsigned cp;
    if (c >= 0xc2 && c <= 0xdf) { n = 2; cp = c & 0x1f; }
    else if (c >= 0xe0 && c <= 0xef) { n = 3; cp = c & 0x0f; }
    else if (c >= 0xf0 && c <= 0xf4) { n = 4; cp = c & 0x07; }
    else return 0;
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xc0) != 0x80) return 0;
        cp = (cp << 6) | (p[i] & 0x3f);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff))) return 0;
    if (cp >= 0xd800 && cp <= 0xdfff) return 0;
    return n;
}

void mu_sb_add_utf8(StrBuf *b, const char *s, int tag)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int n = utf8_len(p);
        if (n == 0 || (n == 1 && (*p < 0x20 || *p == 0x7f))) {
            mu_sb_add(b, "\xef\xbf\xbd");
            p++;
            continue;
        }
        if (tag && (*p == '"' || *p == '\\')) mu_sb_addc(b, '\\');
        mu_sb_addn(b, (const char *)p, (size_t)n);
        p += n;
    }
}

int mu_split_words(const char *s, char ***argv)
{
    size_t cap = 8, n = 0;
    char **v = mu_xmalloc(cap * sizeof *v);
    StrBuf w = {0};
    const char *p = s;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n') p++;
        if (!*p) break;
        mu_sb_clear(&w);
        mu_sb_addn(&w, "", 0);
        while (*p && *p != ' ' && *p != '\t' && *p != '\n') {
            if (*p == '\'' || *p == '"') {
                char q = *p++;
                while (*p && *p != q) {
                    if (q == '"' && *p == '\\' && p[1]) p++;
                    mu_sb_addc(&w, *p++);
                }
                if (*p != q) {
                    mu_sb_free(&w);
                    v[n] = NULL;
                    mu_free_words(v);
                    return -1;
                }
                p++;
            } else if (*p == '\\' && p[1]) {
                mu_sb_addc(&w, p[1]);
                p += 2;
            } else {
                mu_sb_addc(&w, *p++);
            }
        }
        if (n + 2 > cap) v = mu_xrealloc(v, (cap *= 2) * sizeof *v);
        v[n++] = mu_xstrdup(mu_sb_str(&w));
    }
    mu_sb_free(&w);
    v[n] = NULL;
    *argv = v;
    return (int)n;
}

void mu_free_words(char **argv)
{
    if (!argv) return;
    for (char **p = argv; *p; p++) free(*p);
    free(argv);
}

char *mu_rtrim(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
        s[--n] = '\0';
    return s;
}

uint64_t mu_prng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t mu_prng_below(uint64_t *state, uint64_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = mu_prng_next(state); while (x >= limit);
    return x % n;
}

int mu_parse_int64(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
    if (!s || !*s) return -1;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

int mu_parse_seconds_ms(const char *s, int64_t *ms)
{
    if (!s || !*s || *s == '-' || *s == '+' || isspace((unsigned char)*s)) return -1;
    int64_t whole = 0, frac_ms = 0;
    const char *p = s;
    if (!isdigit((unsigned char)*p) && *p != '.') return -1;
    while (isdigit((unsigned char)*p)) {
        whole = whole * 10 + (*p++ - '0');
        if (whole > 366LL * 86400) return -1;
    }
    if (*p == '.') {
        p++;
        int digits = 0;
        int64_t scale = 100;
        int round_up = 0;
        while (isdigit((unsigned char)*p)) {
            if (digits < 3) frac_ms += (*p - '0') * scale, scale /= 10;
            else if (digits == 3) round_up = *p >= '5';
            digits++;
            p++;
        }
        if (digits == 0 && p - s == 1) return -1;
        frac_ms += round_up;
    }
    if (*p) return -1;
    *ms = whole * 1000 + frac_ms;
    return 0;
}
