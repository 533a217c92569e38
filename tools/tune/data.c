/*
 * data.c - the tuner's data records (format in data.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "data.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "host/linefile.h"

static const char *const game_names[TUNE_GAME_NB] = {
    "tabal",
    "dablot:classic",
    "dablot:modern",
    "dablot:anti-draw",
};

const char *tune_game_name(TuneGame g)
{
    return (unsigned)g < TUNE_GAME_NB ? game_names[g] : "?";
}

int tune_game_parse(const char *s, TuneGame *g)
{
    for (int i = 0; i < TUNE_GAME_NB; i++)
        if (strcmp(s, game_names[i]) == 0) {
            *g = (TuneGame)i;
            return 0;
        }
    return -1;
}

Rules tune_game_rules(TuneGame g)
{
    if (g == TUNE_TABAL) return rules_default(VARIANT_TABAL);
    Rules r = rules_default(VARIANT_DABLOT);
    rules_apply_preset(&r, g == TUNE_DABLOT_MODERN      ? PRESET_MODERN
                           : g == TUNE_DABLOT_ANTI_DRAW ? PRESET_ANTI_DRAW
                                                        : PRESET_CLASSIC);
    return r;
}

int tune_game_of_rules(const Rules *r, TuneGame *g)
{
    for (int i = 0; i < TUNE_GAME_NB; i++) {
        Rules want = tune_game_rules((TuneGame)i);
        if (want.variant == r->variant && want.captures == r->captures
            && want.forward_only_men == r->forward_only_men
            && want.king_capture_ends == r->king_capture_ends
            && want.king_and_prince_capture_ends == r->king_and_prince_capture_ends
            && want.max_capture == r->max_capture && want.draw_plies == r->draw_plies) {
            *g = (TuneGame)i;
            return 0;
        }
    }
    return -1;
}

/* The next blank-separated word of *s into word (at most len - 1 bytes);
 * 0, or -1 when there is none or it is too long. */
static int next_word(const char **s, char *word, size_t len)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\t')
        p++;
    size_t n = strcspn(p, " \t");
    if (n == 0 || n >= len) return -1;
    memcpy(word, p, n);
    word[n] = '\0';
    *s = p + n;
    return 0;
}

int tune_record_parse(const char *line, TuneRecord *rec, Position *pos, char *err, size_t errlen)
{
    const char *s = line;
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s == '\0' || *s == '#' || *s == '\r') return 1;
    char game[32], result[16], score[16];
    if (next_word(&s, game, sizeof game) != 0 || tune_game_parse(game, &rec->game) != 0) {
        snprintf(err, errlen,
                 "the game is not one of tabal, dablot:classic, dablot:modern, dablot:anti-draw");
        return -1;
    }
    if (next_word(&s, result, sizeof result) != 0
        || (strcmp(result, "1-0") && strcmp(result, "0-1") && strcmp(result, "1/2"))) {
        snprintf(err, errlen, "the result is not 1-0, 0-1 or 1/2");
        return -1;
    }
    rec->result = result[0] == '1' ? (result[1] == '-' ? 2 : 1) : 0;
    char *end = score;
    long v = 0;
    errno = 0;
    const char *rest = s + strspn(s, " \t");
    if (!*rest || *rest == '\r' || *rest == '\n') {
        snprintf(err, errlen, "the score is missing after the result");
        return -1;
    }
    if (next_word(&s, score, sizeof score) == 0) v = strtol(score, &end, 10);
    if (end == score || *end != '\0' || errno || v < -32000 || v > 32000) {
        snprintf(err, errlen, "the score is not a whole number in -32000..32000");
        return -1;
    }
    rec->score = (int)v;
    while (*s == ' ' || *s == '\t')
        s++;
    char fen[256];
    size_t n = strcspn(s, "\r\n");
    if (n == 0 || n >= sizeof fen) {
        snprintf(err, errlen, n ? "the FEN is too long" : "no FEN after the score");
        return -1;
    }
    memcpy(fen, s, n);
    fen[n] = '\0';
    Rules r = tune_game_rules(rec->game);
    Position p, *into = pos ? pos : &p;
    char why[200];
    if (position_set_fen(into, &r, fen, why, sizeof why) != 0) {
        /* position_set_fen() starts its reason with "bad FEN: ": said once. */
        const char *w = strncmp(why, "bad FEN: ", 9) ? why : why + 9;
        snprintf(err, errlen, "bad FEN for %s: %s", game, w);
        return -1;
    }
    rec->key = into->key;
    rec->fen = NULL;
    return 0;
}

int tune_record_write(FILE *f, const TuneRecord *rec)
{
    static const char *const res[3] = { "0-1", "1/2", "1-0" };
    return fprintf(f, "%s %s %d %s\n", tune_game_name(rec->game), res[rec->result], rec->score,
                   rec->fen)
                 < 0
             ? -1
             : 0;
}

int tune_data_add(TuneData *d, const TuneRecord *rec)
{
    if (d->n == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 1024;
        TuneRecord *v = realloc(d->v, cap * sizeof *v);
        if (!v) return -1;
        d->v = v;
        d->cap = cap;
    }
    char *fen = strdup(rec->fen);
    if (!fen) return -1;
    d->v[d->n] = *rec;
    d->v[d->n++].fen = fen;
    return 0;
}

int tune_data_read(TuneData *d, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    LineFile lf;
    linefile_init(&lf, f, path, LINEFILE_MAX_SHORT);
    char *line;
    size_t len;
    bool newline;
    LineFileStatus st;
    long lineno = 0;
    int rc = 0;
    while ((st = linefile_next(&lf, &line, &len, &newline)) == LINEFILE_LINE) {
        lineno = lf.lineno;
        if (!newline) {
            /* A last line cut short (a copy stopped, head -c) is never
             * taken, even when it reads as a record: it may not be the
             * one written ("w 0 12" cut to "w 0 1").  Said, as
             * dablo-stats says it of a results file. */
            snprintf(err, errlen, "%s:%ld: the last line has no newline (cut short?)", path,
                     lineno);
            rc = 1;
            break;
        }
        if (strlen(line) != (size_t)len) {
            snprintf(err, errlen, "%s:%ld: a NUL byte in the line", path, lineno);
            rc = -1;
            break;
        }
        TuneRecord rec;
        char why[300];
        int r = tune_record_parse(line, &rec, NULL, why, sizeof why);
        if (r == 1) continue;
        if (r < 0) {
            snprintf(err, errlen, "%s:%ld: %s", path, lineno, why);
            rc = -1;
            break;
        }
        /* The FEN as written, without the fields before it. */
        const char *fen = line;
        for (int i = 0; i < 3; i++) {
            fen += strspn(fen, " \t");
            fen += strcspn(fen, " \t");
        }
        fen += strspn(fen, " \t");
        rec.fen = line + (fen - line);
        size_t flen = strlen(rec.fen);
        if (flen && rec.fen[flen - 1] == '\r') rec.fen[flen - 1] = '\0';
        if (tune_data_add(d, &rec) != 0) {
            snprintf(err, errlen, "%s:%ld: out of memory", path, lineno);
            rc = -1;
            break;
        }
    }
    if (rc == 0 && st != LINEFILE_LINE && st != LINEFILE_EOF) {
        linefile_message(&lf, st, err, errlen);
        rc = -1;
    }
    linefile_free(&lf);
    fclose(f);
    return rc;
}

uint64_t tune_record_id(TuneGame g, uint64_t key)
{
    /* splitmix64's finaliser over the key and the game. */
    uint64_t z = key + 0x9E3779B97F4A7C15ull * (uint64_t)(g + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int tune_set_add(TuneSet *s, uint64_t id)
{
    if (id == 0) id = 1; /* 0 marks an empty slot */
    if (2 * (s->n + 1) > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 4096;
        uint64_t *slot = calloc(cap, sizeof *slot);
        if (!slot) return -1;
        for (size_t i = 0; i < s->cap; i++) {
            if (!s->slot[i]) continue;
            size_t j = s->slot[i] & (cap - 1);
            while (slot[j])
                j = (j + 1) & (cap - 1);
            slot[j] = s->slot[i];
        }
        free(s->slot);
        s->slot = slot;
        s->cap = cap;
    }
    size_t j = id & (s->cap - 1);
    while (s->slot[j]) {
        if (s->slot[j] == id) return 0;
        j = (j + 1) & (s->cap - 1);
    }
    s->slot[j] = id;
    s->n++;
    return 1;
}

void tune_set_free(TuneSet *s)
{
    free(s->slot);
    s->slot = NULL;
    s->n = s->cap = 0;
}

size_t tune_data_dedupe(TuneData *d)
{
    TuneSet seen = { 0 };
    size_t out = 0, removed = 0;
    for (size_t i = 0; i < d->n; i++) {
        int r = tune_set_add(&seen, tune_record_id(d->v[i].game, d->v[i].key));
        if (r == 0) {
            free(d->v[i].fen);
            removed++;
            continue;
        }
        d->v[out++] = d->v[i]; /* out of memory (r < 0): kept, never lost */
    }
    d->n = out;
    tune_set_free(&seen);
    return removed;
}

void tune_data_free(TuneData *d)
{
    for (size_t i = 0; i < d->n; i++)
        free(d->v[i].fen);
    free(d->v);
    d->v = NULL;
    d->n = d->cap = 0;
}
