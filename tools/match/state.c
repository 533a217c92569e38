/*
 * state.c - reading and writing the resume state (see state.h).
 */
#include "state.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/strbuf.h"
#include "host/util.h"
#include "text.h"

int state_load(const char *path, StateData *d, char *err, size_t errlen)
{
    memset(d, 0, sizeof *d);
    d->pgn_off = d->res_off = -1;
    FILE *f = fopen(path, "re");
    if (!f) {
        if (errno == ENOENT) return 1;
        snprintf(err, errlen, "cannot read state %s: %s", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int lineno = 0, begun = 0, argcap = 0, linecap = 0;
    long pos = 0;
    while ((n = getline(&line, &cap, f)) >= 0) {
        if (n == 0 || line[n - 1] != '\n') break;   /* cut by a kill */
        pos += n;
        line[n - 1] = '\0';
        lineno++;
        if (lineno == 1) {
            if (strcmp(line, "dablo-match-state 1") != 0) {
                snprintf(err, errlen, "%s is not a dablo-match state file", path);
                goto fail;
            }
        } else if (!begun && strncmp(line, "seed ", 5) == 0) {
            d->seed = strtoull(line + 5, NULL, 10);
        } else if (!begun && strncmp(line, "pgn-offset ", 11) == 0) {
            d->pgn_off = strtoll(line + 11, NULL, 10);
        } else if (!begun && strncmp(line, "results-offset ", 15) == 0) {
            d->res_off = strtoll(line + 15, NULL, 10);
        } else if (!begun && strncmp(line, "arg ", 4) == 0) {
            if (d->argc + 2 > argcap) d->argv = util_xrealloc(d->argv, (size_t)(argcap = argcap ? 2 * argcap : 16) * sizeof *d->argv);
            d->argv[d->argc++] = text_percent_decode(line + 4);
            d->argv[d->argc] = NULL;
        } else if (!begun && strcmp(line, "begin") == 0) {
            begun = 1;
        } else if (begun && strncmp(line, "done ", 5) == 0) {
            char *p = line + 5, *end;
            long long po = strtoll(p, &end, 10);
            long long ro = strtoll(end, &end, 10);
            while (*end == ' ') end++;
            d->pgn_off = po;
            d->res_off = ro;
            if (d->nlines + 1 > linecap) d->lines = util_xrealloc(d->lines, (size_t)(linecap = linecap ? 2 * linecap : 64) * sizeof *d->lines);
            d->lines[d->nlines++] = util_xstrdup(end);
        } else {
            snprintf(err, errlen, "%s:%d: unexpected line", path, lineno);
            goto fail;
        }
        d->valid_bytes = pos;
    }
    free(line);
    fclose(f);
    if (!begun) {
        snprintf(err, errlen, "%s: incomplete header", path);
        state_data_free(d);
        return -1;
    }
    return 0;
fail:
    free(line);
    fclose(f);
    state_data_free(d);
    return -1;
}

void state_data_free(StateData *d)
{
    for (int i = 0; i < d->argc; i++) free(d->argv[i]);
    free(d->argv);
    for (int i = 0; i < d->nlines; i++) free(d->lines[i]);
    free(d->lines);
    memset(d, 0, sizeof *d);
}

int state_create(StateFile *s, const char *path, int argc, char *const argv[], uint64_t seed,
                 int64_t pgn_off, int64_t res_off, char *err, size_t errlen)
{
    s->f = fopen(path, "we");
    if (!s->f) {
        snprintf(err, errlen, "cannot write state %s: %s", path, strerror(errno));
        return -1;
    }
    StrBuf b = {0};
    strbuf_printf(&b, "dablo-match-state 1\nseed %llu\npgn-offset %lld\nresults-offset %lld\n",
              (unsigned long long)seed, (long long)pgn_off, (long long)res_off);
    for (int i = 0; i < argc; i++) {
        strbuf_add(&b, "arg ");
        text_add_percent(&b, argv[i]);
        strbuf_addc(&b, '\n');
    }
    strbuf_add(&b, "begin\n");
    fwrite(b.s, 1, b.len, s->f);
    fflush(s->f);
    strbuf_free(&b);
    return 0;
}

int state_reopen(StateFile *s, const char *path, long valid_bytes, char *err, size_t errlen)
{
    if (truncate(path, valid_bytes) < 0 || !(s->f = fopen(path, "ae"))) {
        snprintf(err, errlen, "cannot append to state %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

void state_append(StateFile *s, int64_t pgn_off, int64_t res_off, const char *results_line)
{
    if (!s->f) return;
    fprintf(s->f, "done %lld %lld %s", (long long)pgn_off, (long long)res_off, results_line);
    fflush(s->f);
}

void state_close(StateFile *s)
{
    if (s->f) fclose(s->f);
    s->f = NULL;
}
