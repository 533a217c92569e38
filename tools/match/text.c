/*
 * text.c - the record encodings of text.h.
 */
#include "text.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "host/util.h"

void text_add_percent(StrBuf *b, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p <= 0x20 || *p == '%' || *p == 0x7f || *p == '=')
            strbuf_printf(b, "%%%02X", *p);
        else
            strbuf_addc(b, (char)*p);
    }
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = tolower(c);
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

char *text_percent_decode(const char *s)
{
    char *out = util_xmalloc(strlen(s) + 1), *o = out;
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

void text_add_utf8(StrBuf *b, const char *s, int tag)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int n = utf8_len(p);
        if (n == 0 || (n == 1 && (*p < 0x20 || *p == 0x7f))) {
            strbuf_add(b, "\xef\xbf\xbd");
            p++;
            continue;
        }
        if (tag && (*p == '"' || *p == '\\')) strbuf_addc(b, '\\');
        strbuf_addn(b, (const char *)p, (size_t)n);
        p += n;
    }
}

char *text_field(const char *line, const char *key)
{
    size_t kl = strlen(key);
    const char *p = line;
    while (*p) {
        while (*p == ' ')
            p++;
        if (strncmp(p, key, kl) == 0 && p[kl] == '=') {
            const char *v = p + kl + 1;
            size_t n = strcspn(v, " \n");
            char *raw = util_xmalloc(n + 1);
            memcpy(raw, v, n);
            raw[n] = '\0';
            char *d = text_percent_decode(raw);
            free(raw);
            return d;
        }
        p += strcspn(p, " ");
    }
    return NULL;
}
