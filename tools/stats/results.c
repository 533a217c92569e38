/*
 * results.c - reads a match results file into Stats (stats_read_results in
 * stats.h): one game a line, games sharing a pair id counted as one
 * pentanomial sample.
 */
#include "stats.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "host/linefile.h"
#include "host/util.h"

typedef struct {
    long long game;  /* game number (file order when absent) */
    long long pair;  /* pair id, or -1 for none */
    long long round; /* round, or -1 for none */
    long long opening; /* opening number, or -1 for none */
    char *text;        /* the whole line, owned: a copy of a game tells itself apart */
    char *white;     /* decoded names, owned */
    char *black;
    int white_score; /* half points of white: 0, 1, 2 */
    size_t line;
    const char *path; /* the file it came from (the caller's string) */
    int numbered;    /* the line had game=<n> */
} Game;

typedef struct {
    Game *v;
    size_t n, cap;
} GameList;

static void games_free(GameList *g)
{
    for (size_t i = 0; i < g->n; i++) {
        free(g->v[i].white);
        free(g->v[i].black);
        free(g->v[i].text);
    }
    free(g->v);
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Percent-decodes s[0..len) into a new string; a '%' not followed by two
 * hex digits stays as it is.  NULL when out of memory. */
static char *decode(const char *s, size_t len)
{
    char *out = malloc(len + 1);
    size_t k = 0;
    if (!out)
        return NULL;
    for (size_t i = 0; i < len; i++) {
        int h, l;
        if (s[i] == '%' && i + 2 < len && (h = hexval((unsigned char)s[i + 1])) >= 0 &&
            (l = hexval((unsigned char)s[i + 2])) >= 0) {
            out[k++] = (char)(h * 16 + l);
            i += 2;
        } else {
            out[k++] = s[i];
        }
    }
    out[k] = '\0';
    return out;
}

static int parse_ll(const char *s, size_t len, long long *v)
{
    char tmp[32];
    char *end;
    if (len == 0 || len >= sizeof tmp)
        return -1;
    memcpy(tmp, s, len);
    tmp[len] = '\0';
    errno = 0;
    long long x = strtoll(tmp, &end, 10);
    if (*end || errno || x < 0)
        return -1;
    *v = x;
    return 0;
}

/* Parses one line into *g.  Returns 1 for a game, 0 for a line to skip
 * (blank, comment), 2 for an unfinished game (result *: only g->game and
 * g->white, malloc'd, are set), -1 with err set for a malformed line. */
static int parse_line(char *line, size_t lineno, Game *g, const char *path, char *err,
                      size_t errlen)
{
    const char *res = NULL, *white = NULL, *black = NULL;
    size_t res_len = 0, white_len = 0, black_len = 0;
    char *p = line;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == '\0' || *p == '#' || *p == '\r')
        return 0;
    g->game = -1;
    g->pair = -1;
    g->round = -1;
    g->opening = -1;
    g->text = NULL;
    g->line = lineno;
    /* The keys of docs/results.md: each at most once; the numbers whole and
     * >= 0.  Other keys are ignored (stats.h). */
    static const char *const known[] = { "game",   "round",       "pair",  "white",  "black",
                                         "result", "termination", "plies", "opening" };
    enum { NKNOWN = sizeof known / sizeof known[0] };
    int seen[NKNOWN] = { 0 };
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == '\r')
            p++;
        if (!*p)
            break;
        const char *tok = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\r')
            p++;
        size_t tlen = (size_t)(p - tok);
        const char *eq = memchr(tok, '=', tlen);
        if (!eq) {
            snprintf(err, errlen, "%s:%zu: expected key=value, got '%.*s'", path, lineno,
                     (int)(tlen > 40 ? 40 : tlen), tok);
            return -1;
        }
        size_t klen = (size_t)(eq - tok);
        const char *val = eq + 1;
        size_t vlen = tlen - klen - 1;
        for (int k = 0; k < NKNOWN; k++) {
            if (strlen(known[k]) != klen || memcmp(tok, known[k], klen) != 0) continue;
            if (seen[k]++) {
                snprintf(err, errlen, "%s:%zu: key '%s' appears twice", path, lineno, known[k]);
                return -1;
            }
            long long v;
            if ((k == 1 || k == 7 || k == 8) && parse_ll(val, vlen, &v) != 0) {
                snprintf(err, errlen, "%s:%zu: key '%s' needs a whole number >= 0, not '%.*s'",
                         path, lineno, known[k], (int)(vlen > 40 ? 40 : vlen), val);
                return -1;
            }
            if (k == 1) g->round = v;
            if (k == 8) g->opening = v;
        }
        if (klen == 6 && memcmp(tok, "result", 6) == 0) {
            res = val;
            res_len = vlen;
        } else if (klen == 5 && memcmp(tok, "white", 5) == 0) {
            white = val;
            white_len = vlen;
        } else if (klen == 5 && memcmp(tok, "black", 5) == 0) {
            black = val;
            black_len = vlen;
        } else if ((klen == 4 && memcmp(tok, "game", 4) == 0) ||
                   (klen == 4 && memcmp(tok, "pair", 4) == 0)) {
            long long v;
            if (parse_ll(val, vlen, &v) != 0) {
                snprintf(err, errlen, "%s:%zu: bad number in '%.*s'", path, lineno,
                         (int)(tlen > 40 ? 40 : tlen), tok);
                return -1;
            }
            if (v < 1) { /* 1-based (docs/results.md) */
                snprintf(err, errlen, "%s:%zu: '%.*s': games and pairs are numbered from 1", path,
                         lineno, (int)(tlen > 40 ? 40 : tlen), tok);
                return -1;
            }
            if (tok[0] == 'g')
                g->game = v;
            else
                g->pair = v;
        }
    }
    if (!res || !white || !black || white_len == 0 || black_len == 0) {
        snprintf(err, errlen, "%s:%zu: a game line needs white=, black= and result=", path,
                 lineno);
        return -1;
    }
    if (res_len == 3 && memcmp(res, "1-0", 3) == 0)
        g->white_score = 2;
    else if (res_len == 3 && memcmp(res, "0-1", 3) == 0)
        g->white_score = 0;
    else if (res_len == 7 && memcmp(res, "1/2-1/2", 7) == 0)
        g->white_score = 1;
    else if (res_len == 1 && res[0] == '*') {
        /* Not counted, but its white may be the engine counted by default
         * (white of the first game): the only field decoded. */
        g->white = decode(white, white_len);
        g->black = NULL;
        if (!g->white) {
            snprintf(err, errlen, "%s:%zu: out of memory", path, lineno);
            return -1;
        }
        return 2;
    } else {
        snprintf(err, errlen, "%s:%zu: result must be 1-0, 0-1, 1/2-1/2 or *", path, lineno);
        return -1;
    }
    g->white = decode(white, white_len);
    g->black = decode(black, black_len);
    g->text = strdup(line);
    if (!g->white || !g->black || !g->text) {
        free(g->white);
        free(g->black);
        free(g->text);
        snprintf(err, errlen, "%s:%zu: out of memory", path, lineno);
        return -1;
    }
    if (strcmp(g->white, g->black) == 0) {
        snprintf(err, errlen, "%s:%zu: keys 'white' and 'black' name the same engine '%.100s'",
                 path, lineno, g->white);
        free(g->white);
        free(g->black);
        free(g->text);
        return -1;
    }
    return 1;
}

/* The index of the first control byte (below 0x20, or 0x7f) of line[0..n)
 * other than tab and CR, which separate keys; n when there is none.
 * dablo-match writes such bytes of a name as %XX (docs/results.md), so a
 * raw one is a damaged line. */
static size_t control_byte(const char *line, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char b = (unsigned char)line[i];
        if ((b < 0x20 && b != '\t' && b != '\r') || b == 0x7f) return i;
    }
    return n;
}

/* Frees what game g holds and says that line lineno of path found no
 * memory.  Returns -1. */
static int game_out_of_memory(Game *g, const char *path, size_t lineno, char *err, size_t errlen)
{
    free(g->white);
    free(g->black);
    free(g->text);
    snprintf(err, errlen, "%s:%zu: out of memory", path, lineno);
    return -1;
}

/* Reads every game of the file; whole: a last line without '\n' is an
 * error rather than a warning.  lead (may be NULL): set to the white
 * engine (malloc'd, the caller frees it; NULL when the file has no game)
 * of the file's lowest-numbered game line, an unfinished one (result *)
 * too.  Returns 0 or -1 with err set. */
static int read_games(const char *path, GameList *out, int whole, char **lead, char *err,
                      size_t errlen)
{
    long long lead_game = 0;
    if (lead) *lead = NULL;
    char why[256];
    FILE *f = util_fopen_read(path, why, sizeof why);
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, why);
        return -1;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: is a folder, not a results file", path);
        fclose(f);
        return -1;
    }
    LineFile lf;
    linefile_init(&lf, f, path, LINEFILE_MAX_RECORD);
    char *line;
    size_t len, lineno = 0;
    bool newline;
    LineFileStatus got;
    int rc = 0;
    while ((got = linefile_next(&lf, &line, &len, &newline)) == LINEFILE_LINE) {
        lineno = (size_t)lf.lineno;
        if (!newline && whole) {
            snprintf(err, errlen, "%s:%zu: the last line has no newline (cut short?)", path,
                     lineno);
            rc = -1;
            break;
        }
        if (!newline) {
            /* A last line cut short (a kill mid-write): not counted, but said (see stats.h). */
            fprintf(stderr,
                    "dablo-stats: warning: %s:%zu: the last line has no newline (cut short?): "
                    "not counted\n",
                    path, lineno);
            break;
        }
        if (strlen(line) != len) {
            snprintf(err, errlen, "%s:%zu: NUL byte in line", path, lineno);
            rc = -1;
            break;
        }
        if (lineno == 1 && util_bom_len(line)) { /* as some editors save text: no key */
            line += 3;
            len -= 3;
        }
        size_t c = control_byte(line, len);
        if (c < len) {
            unsigned char b = (unsigned char)line[c];
            snprintf(err, errlen,
                     "%s:%zu: raw control byte 0x%02X at column %zu (a name writes it %%%02X)",
                     path, lineno, b, c + 1, b);
            rc = -1;
            break;
        }
        Game g;
        int k = parse_line(line, lineno, &g, path, err, errlen);
        if (k < 0) {
            rc = -1;
            break;
        }
        if (k == 0)
            continue;
        long long number = g.game >= 0 ? g.game : (long long)lineno;
        if (lead && (!*lead || number < lead_game)) {
            char *w = k == 2 ? g.white : strdup(g.white);
            if (!w) {
                rc = game_out_of_memory(&g, path, lineno, err, errlen);
                break;
            }
            free(*lead);
            *lead = w;
            lead_game = number;
        } else if (k == 2) {
            free(g.white);
        }
        if (k == 2) continue;
        g.path = path;
        g.numbered = g.game >= 0;
        if (g.game < 0)
            g.game = (long long)lineno;
        if (out->n == out->cap) {
            size_t ncap = out->cap ? 2 * out->cap : 64;
            Game *nv = realloc(out->v, ncap * sizeof *nv);
            if (!nv) {
                rc = game_out_of_memory(&g, path, lineno, err, errlen);
                break;
            }
            out->v = nv;
            out->cap = ncap;
        }
        out->v[out->n++] = g;
    }
    if (rc == 0 && got != LINEFILE_LINE && got != LINEFILE_EOF) {
        linefile_message(&lf, got, err, errlen);
        rc = -1;
    }
    linefile_free(&lf);
    fclose(f);
    return rc;
}

/* Orders games by pair id (unpaired last), then game number. */
static int cmp_game(const void *x, const void *y)
{
    const Game *a = x, *b = y;
    int ua = a->pair < 0, ub = b->pair < 0;
    if (ua != ub)
        return ua - ub;
    if (a->pair != b->pair)
        return a->pair < b->pair ? -1 : 1;
    if (a->game != b->game)
        return a->game < b->game ? -1 : 1;
    return 0;
}

/* Appends " key=value" of a number to buf (-1: the key is absent). */
static void add_number(char *buf, size_t len, const char *key, long long v)
{
    size_t n = strlen(buf);
    if (v >= 0)
        snprintf(buf + n, len - n, "%s%s=%lld", n ? " " : "", key, v);
    else
        snprintf(buf + n, len - n, "%s(no %s=)", n ? " " : "", key);
}

/* The same game number in two files (a and b, a read first): a copy of
 * the same games (the same lines), two runs of one match (the same game
 * with another outcome), or two different matches: other engines, round,
 * pair or opening, the keys of a results line that say which match a
 * game is of (it does not name the variant).  One line into err. */
static void same_number_error(const Game *a, const Game *b, char *err, size_t errlen)
{
    if (strcmp(a->text, b->text) == 0) {
        snprintf(err, errlen,
                 "%s:%zu: game %lld appears twice (also %s:%zu): the same games in two files "
                 "(a shard given twice, or a copy of one?)",
                 b->path, b->line, b->game, a->path, a->line);
        return;
    }
    /* The keys that differ, as each file writes them (names decoded). */
    char da[240] = "", db[240] = "";
    if (strcmp(a->white, b->white) != 0 || strcmp(a->black, b->black) != 0) {
        snprintf(da, sizeof da, "white=%.40s black=%.40s", a->white, a->black);
        snprintf(db, sizeof db, "white=%.40s black=%.40s", b->white, b->black);
    }
    static const char *const key[3] = { "round", "pair", "opening" };
    const long long va[3] = { a->round, a->pair, a->opening };
    const long long vb[3] = { b->round, b->pair, b->opening };
    for (int k = 0; k < 3; k++)
        if (va[k] != vb[k]) {
            add_number(da, sizeof da, key[k], va[k]);
            add_number(db, sizeof db, key[k], vb[k]);
        }
    if (!*da) {
        snprintf(err, errlen,
                 "%s:%zu and %s:%zu: game %lld of the same engines, round, pair and opening with "
                 "another outcome: two runs of one match?  -merge adds up the shards of one run; "
                 "count each run alone with -results",
                 a->path, a->line, b->path, b->line, b->game);
        return;
    }
    snprintf(err, errlen,
             "%s and %s are from different matches: game %lld has %s at %s:%zu but %s at %s:%zu; "
             "-merge adds up the shards of one match: count each match alone with -results",
             a->path, b->path, b->game, da, a->path, a->line, db, b->path, b->line);
}

static int cmp_number(const void *x, const void *y)
{
    const Game *a = x, *b = y;
    return a->game < b->game ? -1 : a->game > b->game;
}

/* Result of g from engine's point of view. */
static StatsResult result_for(const Game *g, const char *engine)
{
    int half = strcmp(g->white, engine) == 0 ? g->white_score : 2 - g->white_score;
    return (StatsResult)half;
}

static const char *opponent_of(const Game *g, const char *engine)
{
    return strcmp(g->white, engine) == 0 ? g->black : g->white;
}

long stats_read_results(Stats *s, const char *path, const char *engine, char *engine_out,
                        size_t engine_out_len, char *err, size_t errlen)
{
    return stats_read_results_files(s, &path, 1, engine, engine_out, engine_out_len, err, errlen);
}

long stats_read_results_files(Stats *s, const char *const *paths, int npaths, const char *engine,
                              char *engine_out, size_t engine_out_len, char *err, size_t errlen)
{
    return stats_read_results_vs(s, paths, npaths, engine, NULL, engine_out, engine_out_len, err,
                                 errlen);
}

long stats_read_results_vs(Stats *s, const char *const *paths, int npaths, const char *engine,
                           const char *opponent, char *engine_out, size_t engine_out_len, char *err,
                           size_t errlen)
{
    char dummy[8];
    if (!err || errlen == 0) {
        err = dummy;
        errlen = sizeof dummy;
    }
    err[0] = '\0';
    GameList gl = {0};
    if (!paths || npaths < 1) {
        snprintf(err, errlen, "no results file given");
        return -1;
    }
    char *lead = NULL; /* white of the first game of the first file */
    for (int f = 0; f < npaths; f++) {
        if (!paths[f] || read_games(paths[f], &gl, 0, f == 0 ? &lead : NULL, err, errlen) != 0) {
            if (!paths[f])
                snprintf(err, errlen, "no results file given");
            games_free(&gl);
            free(lead);
            return -1;
        }
    }
    /* Duplicate game numbers mean a file was written twice over (a resumed
     * match appending games again) or the same shard was given twice:
     * every shard numbers its games in the one numbering of the whole
     * match, so refuse rather than count a game twice. */
    if (gl.n > 1) /* qsort of an empty (NULL) list is undefined */
        qsort(gl.v, gl.n, sizeof *gl.v, cmp_number);
    for (size_t i = 1; i < gl.n; i++) {
        const Game *a = &gl.v[i - 1], *b = &gl.v[i];
        if (a->game != b->game || (a->path != b->path && !(a->numbered && b->numbered)))
            continue;
        if (a->path == b->path)
            snprintf(err, errlen, "%s:%zu: game %lld appears twice", b->path, b->line, b->game);
        else
            same_number_error(a, b, err, errlen);
        games_free(&gl);
        free(lead);
        return -1;
    }
    const char *path = npaths == 1 ? paths[0] : "results";
    /* The reference engine: given, or white of the lowest-numbered game
     * of the first file, finished or not (docs/match.md); with no game in
     * the first file (an empty shard's), of the lowest-numbered game. */
    char *eng_copy = strdup(engine && *engine ? engine : lead ? lead : gl.n ? gl.v[0].white : "");
    free(lead);
    if (!eng_copy) {
        snprintf(err, errlen, "%s: out of memory", path);
        games_free(&gl);
        return -1;
    }
    if (engine_out && engine_out_len)
        snprintf(engine_out, engine_out_len, "%s", eng_copy);
    if (gl.n > 1) qsort(gl.v, gl.n, sizeof *gl.v, cmp_game);

    Stats add;
    stats_init(&add);
    long added = 0;
    const Game *pending = NULL; /* first game of a possible pair */
    const Game *met = NULL;     /* the first game counted: its opponent is the one */
    for (size_t i = 0; i < gl.n; i++) {
        const Game *g = &gl.v[i];
        if (strcmp(g->white, eng_copy) != 0 && strcmp(g->black, eng_copy) != 0)
            continue;
        if (opponent && *opponent && strcmp(opponent_of(g, eng_copy), opponent) != 0) continue;
        /* One encounter at a time: a third engine is refused, not pooled. */
        if (met && strcmp(opponent_of(met, eng_copy), opponent_of(g, eng_copy)) != 0) {
            snprintf(err, errlen,
                     "%s:%zu: a third engine: '%.60s' meets '%.60s' here and '%.60s' at %s:%zu "
                     "(give the opponent to count one encounter)",
                     g->path, g->line, eng_copy, opponent_of(g, eng_copy),
                     opponent_of(met, eng_copy), met->path, met->line);
            free(eng_copy);
            games_free(&gl);
            return -1;
        }
        met = met ? met : g;
        stats_add_game(&add, result_for(g, eng_copy));
        added++;
        if (pending && pending->pair == g->pair && g->pair >= 0
            && strcmp(opponent_of(pending, eng_copy), opponent_of(g, eng_copy)) == 0
            && strcmp(pending->white, g->black) == 0) {
            stats_complete_pair(&add, result_for(pending, eng_copy), result_for(g, eng_copy));
            pending = NULL;
        } else {
            pending = g->pair >= 0 ? g : NULL;
        }
    }
    free(eng_copy);
    games_free(&gl);
    stats_merge(s, &add);
    return added;
}

long stats_check_results_file(const char *path, char *err, size_t errlen)
{
    GameList gl = { 0 };
    int rc = read_games(path, &gl, 1, NULL, err, errlen);
    long n = (long)gl.n;
    games_free(&gl);
    return rc < 0 ? -1 : n;
}
