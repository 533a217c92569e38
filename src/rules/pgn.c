/*
 * pgn.c - the PGN tag pair and movetext reader (pgn.h).
 */
#include "pgn.h"

#include <string.h>

static int is_name_char(char c)
{
    return c == '_' || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

size_t pgn_tag_pair(const char *p, PgnTag *t)
{
    const char *start = p;
    if (*p++ != '[') return 0;
    t->name = p;
    while (is_name_char(*p))
        p++;
    t->name_len = (size_t)(p - t->name);
    if (t->name_len == 0) return 0;
    p += strspn(p, " \t");
    if (*p++ != '"') return 0;
    t->value = p;
    while (*p && *p != '"' && *p != '\n')
        p += *p == '\\' && p[1] && p[1] != '\n' ? 2 : 1;
    t->value_len = (size_t)(p - t->value);
    if (*p++ != '"') return 0;
    p += strspn(p, " \t");
    if (*p++ != ']') return 0;
    return (size_t)(p - start);
}

size_t pgn_tag_line(const char *p, PgnTag *t)
{
    size_t n = pgn_tag_pair(p, t);
    if (n == 0) return 0;
    const char *e = p + n + strspn(p + n, " \t\r");
    return *e == '\n' || *e == '\0' ? n : 0;
}

int pgn_tag_value(const PgnTag *t, char *out, size_t outlen)
{
    size_t n = 0;
    int cut = 0;
    for (size_t i = 0; i < t->value_len; i++) {
        if (t->value[i] == '\\' && i + 1 < t->value_len) i++;
        if (n + 1 < outlen)
            out[n++] = t->value[i];
        else
            cut = 1;
    }
    if (cut) { /* never keep part of a UTF-8 sequence */
        while (n > 0 && ((unsigned char)out[n - 1] & 0xC0) == 0x80)
            n--;
        if (n > 0 && (unsigned char)out[n - 1] >= 0xC0) n--;
    }
    out[n] = '\0';
    return !cut;
}

int pgn_is_result(const char *w, size_t n)
{
    return (n == 3 && (!strncmp(w, "1-0", 3) || !strncmp(w, "0-1", 3)))
        || (n == 7 && !strncmp(w, "1/2-1/2", 7)) || (n == 1 && *w == '*');
}

/* The length of the move suffix annotation (PGN section 8.2.4: "!",
 * "?", "!!", "??", "!?" or "?!", which stand for NAGs $1..$6) that ends
 * the n bytes at w, or 0. */
static size_t annotation_len(const char *w, size_t n)
{
    size_t k = 0;
    while (k < n && k < 3 && (w[n - 1 - k] == '!' || w[n - 1 - k] == '?'))
        k++;
    return k <= 2 ? k : 0;
}

PgnToken pgn_next_token(PgnLexer *lx, const char **tok, size_t *len)
{
    for (;;) {
        const char *p = lx->p;
        if (lx->in_comment) {
            const char *e = strchr(p, '}');
            lx->in_comment = !e;
            lx->p = e ? e + 1 : p + strlen(p);
            lx->mid_line = 1;
            if (!e) return PGN_END;
            continue;
        }
        for (; *p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'; p++)
            lx->mid_line = *p != '\n';
        lx->p = p;
        if (!*p) return PGN_END;
        if (*p == '%' && !lx->mid_line) { /* an escape line (PGN section 6) */
            const char *e = strchr(p, '\n');
            lx->p = e ? e : p + strlen(p);
            continue;
        }
        lx->mid_line = 1;
        if (*p == '{') {
            lx->in_comment = 1;
            lx->comment = p;
            lx->p = p + 1;
            continue;
        }
        if (*p == ';') { /* a comment to the end of the line */
            const char *e = strchr(p, '\n');
            lx->p = e ? e : p + strlen(p);
            continue;
        }
        if (*p == '[') return PGN_NEXT_TAG;
        if (*p == '(' || (*p == ')' && lx->rav_depth > 0)) { /* a variation (RAV) opens or closes */
            if (*p == '(' && lx->rav_depth++ == 0) lx->rav = p;
            if (*p == ')') lx->rav_depth--;
            lx->p = p + 1;
            continue;
        }
        size_t n = strcspn(p, " \t\r\n{};[()");
        if (n == 0) n = 1; /* a '}' with no comment open, a ')' with no variation */
        lx->p = p + n;
        if (lx->rav_depth > 0) continue; /* a variation's moves are not the game's */
        const char *t = p;
        while (t < p + n && *t >= '0' && *t <= '9')
            t++;
        if (t > p && t < p + n && *t == '.') { /* "12." or "12..." before a move */
            while (t < p + n && *t == '.')
                t++;
            if (t == p + n) continue;
        } else {
            t = p;
        }
        *tok = t;
        *len = (size_t)(p + n - t);
        if (pgn_is_result(t, *len)) return PGN_RESULT;
        if (*t == '$') continue; /* a NAG */
        size_t glyph = annotation_len(t, *len);
        if (glyph == *len) continue; /* "!?" alone: a NAG too */
        *len -= glyph;               /* "c5-c7!?": the move without it */
        return PGN_MOVE;
    }
}
