/*
 * weights_out.c - the generated eval_weights.c (see weights_out.h).
 */
#include "weights_out.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const char *const table_enum[EVAL_TABLE_NB] = {
    [EVAL_TABLE_DABLOT] = "EVAL_TABLE_DABLOT",
    [EVAL_TABLE_TABAL] = "EVAL_TABLE_TABAL",
    [EVAL_TABLE_DABLOT_COMPULSORY] = "EVAL_TABLE_DABLOT_COMPULSORY",
};

/* origin as C string literals: quotes and backslashes escaped; a long
 * one in pieces broken after a blank once 60 characters are written, the
 * next piece's quote under the first (the layout clang-format keeps, so
 * `make format` leaves the file as written).  indent: the column of the
 * first quote. */
static void put_string(FILE *f, const char *s, int indent)
{
    fputc('"', f);
    int col = 0;
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', f);
        fputc(*s, f);
        if (++col >= 60 && *s == ' ' && s[1]) {
            fprintf(f, "\"\n%*s\"", indent, "");
            col = 0;
        }
    }
    fputc('"', f);
}

int weights_write(FILE *f, const EvalWeights w[EVAL_TABLE_NB],
                  const char *const origin[EVAL_TABLE_NB])
{
    fputs("/*\n"
          " * eval_weights.c - the evaluation's weights, one table per variant and\n"
          " * Dablot capture rule (EvalWeights, EvalTable, eval.h), and where each\n"
          " * table came from.  " WEIGHTS_SOURCE_MARK " (tools/tune, docs/tuning.md):\n"
          " * `make tune` writes it again; edit a value by hand only together with\n"
          " * its origin line.\n"
          " */\n"
          "#include \"eval.h\"\n\n"
          "const char *const eval_weights_origin[EVAL_TABLE_NB] = {\n",
          f);
    for (int v = 0; v < EVAL_TABLE_NB; v++) {
        int indent = fprintf(f, "    [%s] = ", table_enum[v]);
        put_string(f, origin[v], indent);
        fputs(",\n", f);
    }
    fputs("};\n\nconst EvalWeights eval_default_weights[EVAL_TABLE_NB] = {\n", f);
    int np;
    const EvalParam *p = eval_params(&np);
    for (int v = 0; v < EVAL_TABLE_NB; v++) {
        fprintf(f, "    [%s] = {\n", table_enum[v]);
        for (int k = 0; k < np; k++) {
            fprintf(f, "        .%s = ", p[k].name);
            if (p[k].count == 1) {
                fprintf(f, "%d,\n", eval_weight_get(&w[v], p[k].index));
                continue;
            }
            fputs("{ ", f);
            for (int i = 0; i < p[k].count; i++)
                fprintf(f, "%s%d", i ? ", " : "", eval_weight_get(&w[v], p[k].index + i));
            fputs(" },\n", f);
        }
        fputs("    },\n", f);
    }
    fputs("};\n", f);
    return ferror(f) ? -1 : 0;
}

/* ---- weights_read(): a tokenizer and a parser of exactly that syntax ---- */

enum { TOK_END, TOK_WORD, TOK_NUM, TOK_STR, TOK_PUNCT, TOK_BAD };

typedef struct Lex {
    const char *path, *p, *end;
    long line;       /* the current token's line */
    int kind;        /* TOK_* */
    const char *tok; /* the current token's bytes (a string: with its quotes) */
    size_t len;
    char *err;
    size_t errlen;
    bool failed; /* err holds the first error */
} Lex;

static void lex_fail(Lex *L, const char *what)
{
    if (L->failed) return;
    L->failed = true;
    snprintf(L->err, L->errlen, "%s:%ld: %s", L->path, L->line, what);
}

/* Moves to the next token, past blanks and comments. */
static void lex_next(Lex *L)
{
    for (;;) {
        while (L->p < L->end && isspace((unsigned char)*L->p))
            if (*L->p++ == '\n') L->line++;
        if (L->end - L->p >= 2 && L->p[0] == '/' && L->p[1] == '*') {
            const char *q = L->p + 2;
            while (q + 1 < L->end && !(q[0] == '*' && q[1] == '/'))
                if (*q++ == '\n') L->line++;
            if (q + 1 >= L->end) {
                L->p = L->end;
                L->kind = TOK_BAD;
                lex_fail(L, "a comment without its end '*/'");
                return;
            }
            L->p = q + 2;
            continue;
        }
        break;
    }
    L->tok = L->p;
    if (L->p == L->end) {
        L->kind = TOK_END;
    } else if (isalpha((unsigned char)*L->p) || *L->p == '_') {
        while (L->p < L->end && (isalnum((unsigned char)*L->p) || *L->p == '_'))
            L->p++;
        L->kind = TOK_WORD;
    } else if (isdigit((unsigned char)*L->p)
               || (*L->p == '-' && L->p + 1 < L->end && isdigit((unsigned char)L->p[1]))) {
        L->p++;
        while (L->p < L->end && isdigit((unsigned char)*L->p))
            L->p++;
        L->kind = TOK_NUM;
    } else if (*L->p == '"') {
        L->p++;
        while (L->p < L->end && *L->p != '"' && *L->p != '\n')
            L->p += *L->p == '\\' && L->p + 1 < L->end && L->p[1] != '\n' ? 2 : 1;
        if (L->p == L->end || *L->p != '"') {
            L->kind = TOK_BAD;
            lex_fail(L, "a string without its closing quote on its line");
            return;
        }
        L->p++;
        L->kind = TOK_STR;
    } else {
        L->p++;
        L->kind = TOK_PUNCT;
    }
    L->len = (size_t)(L->p - L->tok);
}

/* "expected 'WANT', found 'TOKEN'" (the token cut at 40 bytes). */
static void lex_expected(Lex *L, const char *want)
{
    char msg[160];
    if (L->kind == TOK_END)
        snprintf(msg, sizeof msg, "expected '%s', found the end of the file", want);
    else
        snprintf(msg, sizeof msg, "expected '%s', found '%.*s%s'", want,
                 (int)(L->len > 40 ? 40 : L->len), L->tok, L->len > 40 ? "..." : "");
    lex_fail(L, msg);
}

/* The tokens of want, blank-separated ("[ EVAL_TABLE_NB ] = {"), one by
 * one from the current token on; false after the error. */
static bool lex_want(Lex *L, const char *want)
{
    for (const char *w = want; *w && !L->failed;) {
        size_t n = strcspn(w, " ");
        if (L->kind == TOK_BAD) return false;
        if (L->len != n || memcmp(L->tok, w, n) != 0) {
            char one[64];
            snprintf(one, sizeof one, "%.*s", (int)n, w);
            lex_expected(L, one);
            return false;
        }
        lex_next(L);
        w += n;
        while (*w == ' ')
            w++;
    }
    return !L->failed;
}

/* A number token in int's range, then the next token. */
static bool lex_int(Lex *L, const char *field, int *v)
{
    if (L->failed) return false;
    if (L->kind != TOK_NUM) {
        lex_expected(L, "a number");
        return false;
    }
    char buf[32];
    snprintf(buf, sizeof buf, "%.*s", (int)(L->len < 31 ? L->len : 31), L->tok);
    errno = 0;
    long long x = strtoll(buf, NULL, 10);
    if (L->len > 12 || errno || x < INT_MIN || x > INT_MAX) {
        char msg[120];
        snprintf(msg, sizeof msg, "%s: %s is out of range for an int", field, buf);
        lex_fail(L, msg);
        return false;
    }
    *v = (int)x;
    lex_next(L);
    return true;
}

/* One or more adjacent string literals, decoded (\" and \\ only) and
 * joined into a malloc'd string in *out, then the next token. */
static bool lex_strings(Lex *L, char **out)
{
    if (L->failed) return false;
    if (L->kind != TOK_STR) {
        lex_expected(L, "a string");
        return false;
    }
    char *s = malloc(WEIGHTS_ORIGIN_MAX + 1);
    if (!s) {
        lex_fail(L, "out of memory");
        return false;
    }
    size_t n = 0;
    while (L->kind == TOK_STR) {
        for (const char *q = L->tok + 1; q < L->tok + L->len - 1; q++) {
            if (*q == '\\') {
                q++;
                if (*q != '"' && *q != '\\') {
                    lex_fail(L, "an escape other than \\\" or \\\\ in a string");
                    free(s);
                    return false;
                }
            }
            if (n == WEIGHTS_ORIGIN_MAX) {
                lex_fail(L, "an origin line longer than 4000 bytes");
                free(s);
                return false;
            }
            s[n++] = *q;
        }
        lex_next(L);
    }
    s[n] = '\0';
    *out = s;
    return true;
}

int weights_read(const char *path, EvalWeights w[EVAL_TABLE_NB], char *origin[EVAL_TABLE_NB],
                 char *err, size_t errlen)
{
    enum { MAX_BYTES = 1 << 20 };
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char *text = malloc(MAX_BYTES + 1);
    size_t n = text ? fread(text, 1, MAX_BYTES + 1, f) : 0;
    int e = ferror(f) ? errno : 0;
    fclose(f);
    if (!text || e || n > MAX_BYTES) {
        snprintf(err, errlen, "%s: %s", path,
                 !text ? "out of memory"
                 : e   ? strerror(e)
                       : "longer than 1 MiB: not a weights source dablo-tune wrote");
        free(text);
        return -1;
    }
    Lex L = { .path = path, .p = text, .end = text + n, .line = 1, .err = err, .errlen = errlen };
    for (int v = 0; v < EVAL_TABLE_NB; v++)
        origin[v] = NULL;
    memset(w, 0, sizeof(EvalWeights) * EVAL_TABLE_NB);
    lex_next(&L);
    lex_want(&L,
             "# include \"eval.h\" const char * const eval_weights_origin [ EVAL_TABLE_NB ] = {");
    for (int v = 0; v < EVAL_TABLE_NB && !L.failed; v++) {
        lex_want(&L, "[");
        lex_want(&L, table_enum[v]);
        lex_want(&L, "] =");
        lex_strings(&L, &origin[v]);
        lex_want(&L, ",");
    }
    lex_want(&L, "} ; const EvalWeights eval_default_weights [ EVAL_TABLE_NB ] = {");
    int np;
    const EvalParam *par = eval_params(&np);
    for (int v = 0; v < EVAL_TABLE_NB && !L.failed; v++) {
        lex_want(&L, "[");
        lex_want(&L, table_enum[v]);
        lex_want(&L, "] = {");
        for (int k = 0; k < np && !L.failed; k++) {
            int x;
            lex_want(&L, ".");
            lex_want(&L, par[k].name);
            lex_want(&L, "=");
            if (par[k].count > 1) lex_want(&L, "{");
            for (int i = 0; i < par[k].count && !L.failed; i++) {
                if (i) lex_want(&L, ",");
                if (lex_int(&L, par[k].name, &x)) eval_weight_set(&w[v], par[k].index + i, x);
            }
            if (par[k].count > 1) lex_want(&L, "}");
            lex_want(&L, ",");
        }
        lex_want(&L, "} ,");
    }
    lex_want(&L, "} ;");
    if (!L.failed && L.kind != TOK_END) lex_expected(&L, "the end of the file");
    free(text);
    if (!L.failed) return 0;
    for (int v = 0; v < EVAL_TABLE_NB; v++) {
        free(origin[v]);
        origin[v] = NULL;
    }
    return -1;
}
