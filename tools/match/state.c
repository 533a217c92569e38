/*
 * state.c - reading, checking and writing the resume state (see state.h).
 */
#define _GNU_SOURCE
#include "state.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "durable.h"
#include "host/linefile.h"
#include "host/util.h"
#include "text.h"

uint64_t state_sum(const char *s, size_t n)
{
    uint64_t h = 14695981039346656037ULL; /* FNV-1a 64 offset basis */
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ULL; /* FNV 64-bit prime */
    }
    return h;
}

/* A whole decimal int64 >= -1 at *p up to a blank or the end; *p moves past it. */
static int take_size(const char **p, int64_t *v)
{
    const char *s = *p;
    size_t n = strcspn(s, " ");
    char buf[32];
    if (n == 0 || n >= sizeof buf) return -1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    if (util_parse_int64(buf, -1, INT64_MAX, v) < 0) return -1;
    *p = s + n + (s[n] == ' ');
    return 0;
}

/* One "done" line after "done " (line without its '\n'). */
static int parse_done(StateData *d, const char *p, StateRecord *r, const char **results)
{
    if (take_size(&p, &r->pgn_end) < 0 || take_size(&p, &r->res_end) < 0) return -1;
    /* The sum: always in version 2; version 1 lines appended by a later
     * runner carry one too. */
    r->pgn_sum = 0;
    r->has_sum = strspn(p, "0123456789abcdef") == 16 && p[16] == ' ';
    if (r->has_sum) {
        r->pgn_sum = strtoull(p, NULL, 16);
        p += 17;
    } else if (d->version >= 2) {
        return -1;
    }
    if (strncmp(p, "game=", 5) != 0) return -1;
    *results = p;
    return 0;
}

/* The sizes of a record never go below the previous one's (or the
 * header's), and a file is there in every record or in none. */
static const char *record_order_error(const StateData *d, const StateRecord *r)
{
    int64_t pp = d->nlines ? d->rec[d->nlines - 1].pgn_end : d->pgn_base;
    int64_t pr = d->nlines ? d->rec[d->nlines - 1].res_end : d->res_base;
    if ((pp < 0) != (r->pgn_end < 0) || (pr < 0) != (r->res_end < 0))
        return "a file size is -1 in one record and not in another";
    if (r->pgn_end < pp || r->res_end < pr) return "file sizes smaller than the previous record's";
    return NULL;
}

/* s (n bytes) quoted for a message: at most 40 bytes, then "..." (the
 * printer shows control bytes as '?'). */
static const char *quoted(const char *s, size_t n, char *buf, size_t len)
{
    char part[41];
    size_t k = n > 40 ? 40 : n;
    for (size_t i = 0; i < k; i++)
        part[i] = s[i] ? s[i] : '?'; /* a NUL would end it */
    part[k] = '\0';
    snprintf(buf, len, "'%s%s'", part, n > 40 ? "..." : "");
    return buf;
}

/* The reason for a header line that is given twice (key the line's first
 * word), or for any other line the header or the records do not expect:
 * what was found and what is expected there. */
static void unexpected_line(const char *line, size_t n, int begun, char *why, size_t len)
{
    static const char *const keys[] = { "seed",  "pgn-offset", "results-offset", "openings-sum",
                                        "games", "dir",        "begin" };
    char q[64];
    size_t k = strcspn(line, " ");
    for (size_t i = 0; !begun && i < sizeof keys / sizeof *keys; i++)
        if (k == strlen(keys[i]) && strncmp(line, keys[i], k) == 0) {
            snprintf(why, len, "a second %s line in the header (it has one)", keys[i]);
            return;
        }
    snprintf(why, len, "unexpected line %s %s: expected %s", quoted(line, n, q, sizeof q),
             begun ? "after begin" : "in the header",
             begun ? "records (done <pgn-bytes> <results-bytes> <pgn-sum> game=...) and games lines"
                   : "the lines seed, pgn-offset, results-offset, openings-sum, games, dir, arg, "
                     "then begin");
}

static int seed_value(const char *s, uint64_t *v)
{
    if (*s < '0' || *s > '9') return -1;
    char *end;
    errno = 0;
    *v = strtoull(s, &end, 10);
    return errno || *end ? -1 : 0;
}

int state_load(const char *path, StateData *d, char *err, size_t errlen)
{
    memset(d, 0, sizeof *d);
    d->pgn_off = d->res_off = d->pgn_base = d->res_base = -1;
    FILE *f = fopen(path, "re");
    if (!f) {
        if (errno == ENOENT) return 1;
        snprintf(err, errlen, "cannot read state %s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    int have_st = fstat(fileno(f), &st) == 0;
    if (have_st && S_ISDIR(st.st_mode)) {
        fclose(f);
        snprintf(err, errlen, "%s: a directory, not a state file", path);
        return -1;
    }
    if (have_st && st.st_size == 0) { /* created but never written */
        fclose(f);
        return 1;
    }
    LineFile lf;
    linefile_init(&lf, f, path, LINEFILE_MAX_RECORD);
    char *line;
    size_t n;
    bool newline;
    LineFileStatus got;
    int lineno = 0, begun = 0, argcap = 0, linecap = 0, have_seed = 0, have_po = 0, have_ro = 0;
    int cut = 0; /* the number of the last line when it has no '\n' (cut by a kill), else 0 */
    long pos = 0;
    const char *why = NULL, *expect = NULL; /* what is wrong; what the line should be */
    char whybuf[512], q[64];
    while ((got = linefile_next(&lf, &line, &n, &newline)) == LINEFILE_LINE) {
        /* Line 1 is judged even when cut short: a file of another kind
         * need not end its first line. */
        if (!newline && lineno > 0) {
            cut = lineno + 1; /* cut by a kill */
            break;
        }
        long start = pos;
        pos += (long)n + 1;
        lineno++;
        if (lineno == 1) {
            if (n == 19 && memcmp(line, "dablo-match-state 1", 19) == 0)
                d->version = 1;
            else if (n == 19 && memcmp(line, "dablo-match-state 2", 19) == 0)
                d->version = 2;
            else if (n > 18 && memcmp(line, "dablo-match-state ", 18) == 0)
                why = "unknown state file version",
                expect = "'dablo-match-state 1' or 'dablo-match-state 2' (a newer dablo-match's "
                         "file?)";
            else {
                snprintf(err, errlen,
                         "%s:1: not a state file of dablo-match (line 1 is %s, expected the header "
                         "'dablo-match-state 2')",
                         path, quoted(line, n, q, sizeof q));
                goto fail;
            }
            if (!newline && !why) {
                cut = 1;
                break;
            }
        } else if (n != strlen(line)) {
            why = "a NUL byte in the line";
        } else if (!begun && strncmp(line, "seed ", 5) == 0 && !have_seed) {
            have_seed = 1;
            if (seed_value(line + 5, &d->seed) < 0)
                why = "bad seed line", expect = "'seed N', N a whole number from 0 to "
                                                "18446744073709551615";
        } else if (!begun && strncmp(line, "pgn-offset ", 11) == 0 && !have_po) {
            have_po = 1;
            d->pgn_base_line = lineno;
            if (util_parse_int64(line + 11, -1, INT64_MAX, &d->pgn_base) < 0)
                why = "bad pgn-offset line", expect = "'pgn-offset N', N the size in bytes of the "
                                                      "PGN file when the match began, or -1 (none)";
        } else if (!begun && strncmp(line, "results-offset ", 15) == 0 && !have_ro) {
            have_ro = 1;
            d->res_base_line = lineno;
            if (util_parse_int64(line + 15, -1, INT64_MAX, &d->res_base) < 0)
                why = "bad results-offset line",
                expect = "'results-offset N', N the size in bytes of the results file when the "
                         "match began, or -1 (none)";
        } else if (!begun && strncmp(line, "openings-sum ", 13) == 0 && !d->has_openings_sum) {
            d->has_openings_sum = 1;
            if (strspn(line + 13, "0123456789abcdef") != 16 || line[29] != '\0')
                why = "bad openings-sum line",
                expect = "'openings-sum' and 16 hex digits (0-9, a-f)";
            else
                d->openings_sum = strtoull(line + 13, NULL, 16);
        } else if (strncmp(line, "games ", 6) == 0 && (begun || !d->has_games)) {
            d->has_games = 1;
            if (util_parse_int64(line + 6, 0, INT64_MAX, &d->games) < 0)
                why = "bad games line",
                expect = "'games N', N the number of games of the match (0 or more)";
        } else if (!begun && strncmp(line, "dir ", 4) == 0 && !d->dir) {
            d->dir = text_percent_decode(line + 4);
            if (d->dir[0] != '/')
                why = "bad dir line",
                expect = "'dir' and the absolute path of the folder the match ran in";
        } else if (!begun && strncmp(line, "arg ", 4) == 0) {
            if (d->argc + 2 > argcap) d->argv = util_xrealloc(d->argv, (size_t)(argcap = argcap ? 2 * argcap : 16) * sizeof *d->argv);
            d->argv[d->argc++] = text_percent_decode(line + 4);
            d->argv[d->argc] = NULL;
        } else if (!begun && strcmp(line, "begin") == 0) {
            if (!have_seed || !have_po || !have_ro) {
                snprintf(whybuf, sizeof whybuf,
                         "begin before the header's %s line (expected seed, "
                         "pgn-offset and results-offset lines before begin)",
                         !have_seed ? "seed"
                         : !have_po ? "pgn-offset"
                                    : "results-offset");
                why = whybuf;
            }
            begun = 1;
            d->pgn_off = d->pgn_base;
            d->res_off = d->res_base;
        } else if (begun && strncmp(line, "done ", 5) == 0) {
            StateRecord r;
            const char *results;
            if (parse_done(d, line + 5, &r, &results) < 0) {
                why = "bad record";
                expect = d->version >= 2 ? "'done <pgn-bytes> <results-bytes> <pgn-sum> game=...', "
                                           "the sizes whole numbers (-1: no file), the sum 16 hex "
                                           "digits"
                                         : "'done <pgn-bytes> <results-bytes> game=...', the "
                                           "sizes whole numbers (-1: no file)";
            } else if (!(why = record_order_error(d, &r))) {
                r.lineno = lineno;
                r.start = start;
                if (d->nlines + 1 > linecap) {
                    linecap = linecap ? 2 * linecap : 64;
                    d->lines = util_xrealloc(d->lines, (size_t)linecap * sizeof *d->lines);
                    d->rec = util_xrealloc(d->rec, (size_t)linecap * sizeof *d->rec);
                }
                size_t len = strlen(results);
                char *copy = util_xmalloc(len + 2);
                memcpy(copy, results, len);
                memcpy(copy + len, "\n", 2);
                d->lines[d->nlines] = copy;
                d->rec[d->nlines++] = r;
                d->pgn_off = r.pgn_end;
                d->res_off = r.res_end;
            }
        } else {
            unexpected_line(line, n, begun, whybuf, sizeof whybuf);
            why = whybuf;
        }
        if (why) {
            if (expect)
                snprintf(err, errlen, "%s:%d: %s %s: expected %s", path, lineno, why,
                         quoted(line, n, q, sizeof q), expect);
            else
                snprintf(err, errlen, "%s:%d: %s", path, lineno, why);
            goto fail;
        }
        d->valid_bytes = pos;
    }
    if (got != LINEFILE_LINE && got != LINEFILE_EOF) {
        linefile_message(&lf, got, err, errlen);
        goto fail;
    }
    linefile_free(&lf);
    fclose(f);
    if (!begun) {
        if (cut)
            snprintf(err, errlen,
                     "%s:%d: the file ends inside this line of its header, before the begin "
                     "line (it was cut short)",
                     path, cut);
        else
            snprintf(err, errlen,
                     "%s:%d: the file ends in its header, before the begin line (it was cut "
                     "short?): expected the lines seed, pgn-offset, results-offset, openings-sum, "
                     "games, dir, arg, then begin",
                     path, lineno + 1);
        state_data_free(d);
        return -1;
    }
    return 0;
fail:
    linefile_free(&lf);
    fclose(f);
    state_data_free(d);
    return -1;
}

void state_data_free(StateData *d)
{
    for (int i = 0; i < d->argc; i++) free(d->argv[i]);
    free(d->argv);
    free(d->dir);
    for (int i = 0; i < d->nlines; i++) free(d->lines[i]);
    free(d->lines);
    free(d->rec);
    memset(d, 0, sizeof *d);
}

void state_keep(StateData *d, int n)
{
    if (n < 0 || n >= d->nlines) return;
    d->valid_bytes = d->rec[n].start;
    d->pgn_off = n ? d->rec[n - 1].pgn_end : d->pgn_base;
    d->res_off = n ? d->rec[n - 1].res_end : d->res_base;
    for (int i = n; i < d->nlines; i++)
        free(d->lines[i]);
    d->nlines = n;
}

int state_check_dir(const StateData *d, const char *path, char *err, size_t errlen)
{
    if (!d->dir) return 0;
    struct stat a, b;
    if (stat(d->dir, &a) == 0 && stat(".", &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
        return 0;
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) snprintf(cwd, sizeof cwd, ".");
    snprintf(err, errlen,
             "-resume %s: the match ran in %s, not in the current folder %s (the paths of its "
             "command line are relative to it): cd %s first",
             path, d->dir, cwd, d->dir);
    return -1;
}

long state_line_game(const char *line)
{
    return strncmp(line, "game=", 5) == 0 ? strtol(line + 5, NULL, 10) : 0;
}

/* Checks one file (which: 0 PGN, 1 results).  Returns -1 or the first
 * record that differs, with err set. */
static int check_file(const StateData *d, const char *path, int which, char *err, size_t errlen)
{
    int64_t base = which ? d->res_base : d->pgn_base;
    if (!path || base < 0 || d->nlines == 0) return -1;
    const char *what = which ? "results file" : "PGN file";
    /* O_NONBLOCK: a FIFO must not wait here for a writer (no signal ends
     * a blocked open()); it is skipped below like any pipe. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) < 0) {
        snprintf(err, errlen, "%s %s: %s, but the state records game %ld in it", what, path,
                 strerror(errno), state_line_game(d->lines[0]));
        if (fd >= 0) close(fd);
        return 0;
    }
    if (!S_ISREG(st.st_mode)) { /* a pipe or a device: nothing to compare */
        close(fd);
        return -1;
    }
    /* Deleted (the run's lock has created it again) or emptied: said as
     * such, not as a size. */
    if (st.st_size == 0 && (which ? d->rec[0].res_end : d->rec[0].pgn_end) > 0) {
        snprintf(err, errlen,
                 "%s %s is empty (deleted or emptied since?), but the state records %d game%s "
                 "in it",
                 what, path, d->nlines, d->nlines == 1 ? "" : "s");
        close(fd);
        return 0;
    }
    int bad = -1;
    int64_t from = base;
    char *buf = NULL;
    for (int i = 0; i < d->nlines && bad < 0; i++) {
        int64_t to = which ? d->rec[i].res_end : d->rec[i].pgn_end;
        if (to > st.st_size) {
            snprintf(err, errlen,
                     "%s %s holds %lld byte%s, but the state records %lld bytes up to game %ld: "
                     "it was cut or replaced",
                     what, path, (long long)st.st_size, st.st_size == 1 ? "" : "s", (long long)to,
                     state_line_game(d->lines[i]));
            bad = i;
            break;
        }
        if (!which && !d->rec[i].has_sum) { /* version 1: sizes only */
            from = to;
            continue;
        }
        size_t n = (size_t)(to - from);
        buf = util_xrealloc(buf, n + 1);
        ssize_t got = pread(fd, buf, n, from);
        int same = got == (ssize_t)n
                && (which ? n == strlen(d->lines[i]) && memcmp(buf, d->lines[i], n) == 0
                          : state_sum(buf, n) == d->rec[i].pgn_sum);
        if (!same) {
            snprintf(err, errlen,
                     "%s %s differs from the state from game %ld on (bytes %lld..%lld)", what, path,
                     state_line_game(d->lines[i]), (long long)from, (long long)to);
            bad = i;
        }
        from = to;
    }
    free(buf);
    close(fd);
    return bad;
}

/* The bytes of the PGN file the match wrote before its first record
 * ends (end: that record's size) looked at backwards, at most this many. */
enum { BASE_WINDOW = 1 << 20 };

/* Where the first recorded game's text begins in the file open as fd
 * (which: 0 PGN, 1 results; size: the file's), found from where it ends:
 * the results line is the record's own, the PGN text the one whose sum
 * the record gives, from the last game's first tag line (a line that
 * starts with '[' after one that does not) before its end.  Returns the
 * offset, or -1 when the record's text is not there (the file changed). */
static int64_t first_text_start(const StateData *d, int fd, int which, int64_t size)
{
    const StateRecord *r = &d->rec[0];
    int64_t end = which ? r->res_end : r->pgn_end;
    if (end <= 0 || end > size || (!which && !r->has_sum)) return -1;
    int64_t from = which ? end - (int64_t)strlen(d->lines[0])
                         : (end > BASE_WINDOW ? end - BASE_WINDOW : 0);
    if (from < 0) return -1;
    size_t n = (size_t)(end - from);
    char *buf = util_xmalloc(n + 1);
    int64_t at = -1;
    if (pread(fd, buf, n, from) == (ssize_t)n) {
        if (which) {
            at = memcmp(buf, d->lines[0], n) == 0 ? from : -1;
        } else {
            /* The last game's first tag line: a line that starts with
             * '[' after one that does not (or first in the file). */
            size_t i = from == 0 ? 0 : n, game = n;
            if (i == n) { /* the window begins inside a line: from the next one */
                const char *nl = memchr(buf, '\n', n);
                if (nl) i = (size_t)(nl - buf) + 1;
            }
            int prev_tag = from != 0; /* unknown before the window: no start there */
            while (i < n) {
                int tag = buf[i] == '[';
                if (tag && !prev_tag) game = i;
                prev_tag = tag;
                const char *nl = memchr(buf + i, '\n', n - i);
                i = nl ? (size_t)(nl - buf) + 1 : n;
            }
            if (game < n && state_sum(buf + game, n - game) == r->pgn_sum)
                at = from + (int64_t)game;
        }
    }
    free(buf);
    return at;
}

/* Whether the line of buf (n bytes) that starts at i is blank or an
 * escape line ('%'): no part of a game. */
static int no_game_line(const char *buf, size_t n, size_t i)
{
    while (i < n && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r'))
        i++;
    return i == n || buf[i] == '\n' || buf[i] == '%';
}

/* Whether the line s (n bytes, no '\n') ends with a game's result, as
 * the last line of a game does (1-0, 0-1, 1/2-1/2, *). */
static int ends_game(const char *s, size_t n)
{
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        n--;
    static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*" };
    for (size_t k = 0; k < sizeof results / sizeof *results; k++) {
        size_t m = strlen(results[k]);
        if (n >= m && memcmp(s + n - m, results[k], m) == 0
            && (n == m || s[n - m - 1] == ' ' || s[n - m - 1] == '}'))
            return 1;
    }
    return 0;
}

int64_t state_pgn_cut_point(const StateData *d, const char *pgn_path)
{
    int64_t base = d->pgn_base;
    if (!pgn_path || base <= 0) return base;
    int fd = open(pgn_path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < base) {
        if (fd >= 0) close(fd);
        return base;
    }
    int64_t from = base > BASE_WINDOW ? base - BASE_WINDOW : 0;
    size_t n = (size_t)(base - from);
    char *buf = util_xmalloc(n + 1);
    int64_t cut = base;
    if (pread(fd, buf, n, from) == (ssize_t)n) {
        /* The line starts up to base: the last one after a line of no
         * game (or the file's start) that begins with '[' starts a game;
         * base is clean when the line before it is of no game. */
        size_t i = 0, game = n, prev = n; /* prev: the start of the line before i */
        if (from > 0) {
            const char *nl = memchr(buf, '\n', n);
            i = nl ? (size_t)(nl - buf) + 1 : n;
        }
        int prev_free = from == 0; /* the line before i is of no game (none: the start) */
        while (i < n) {
            if (buf[i] == '[' && prev_free) game = i;
            prev_free = no_game_line(buf, n, i);
            prev = i;
            const char *nl = memchr(buf + i, '\n', n - i);
            i = nl ? (size_t)(nl - buf) + 1 : n;
        }
        int clean = buf[n - 1] == '\n' && prev < n
                 && (no_game_line(buf, n, prev) || ends_game(buf + prev, n - 1 - prev));
        if (!clean && game < n) cut = from + (int64_t)game;
    }
    free(buf);
    close(fd);
    return cut;
}

int state_check_bases(const StateData *d, const char *state_path, const char *pgn_path,
                      const char *res_path, int64_t *pgn_base, int64_t *res_base, char *err,
                      size_t errlen)
{
    *pgn_base = d->pgn_base;
    *res_base = d->res_base;
    int rc = 0;
    for (int which = 1; which >= 0; which--) {
        const char *path = which ? res_path : pgn_path;
        int64_t base = which ? d->res_base : d->pgn_base;
        if (!path || base < 0 || d->nlines == 0) continue;
        int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC); /* O_NONBLOCK: as check_file */
        struct stat st;
        int64_t at = -1;
        if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
            at = first_text_start(d, fd, which, (int64_t)st.st_size);
        if (fd >= 0) close(fd);
        if (at < 0 || at == base) continue;
        const char *key = which ? "results-offset" : "pgn-offset";
        snprintf(err, errlen,
                 "%s:%d: wrong %s line '%s %lld': the %s %s holds the match's first recorded "
                 "game (game %ld) from byte %lld: expected '%s %lld'",
                 state_path, which ? d->res_base_line : d->pgn_base_line, key, key, (long long)base,
                 which ? "results file" : "PGN file", path, state_line_game(d->lines[0]),
                 (long long)at, key, (long long)at);
        *(which ? res_base : pgn_base) = at;
        rc = -1;
    }
    return rc;
}

int state_check_files(const StateData *d, const char *pgn_path, const char *res_path, char *err,
                      size_t errlen)
{
    char e2[1024];
    int a = check_file(d, pgn_path, 0, err, errlen);
    int b = check_file(d, res_path, 1, e2, sizeof e2);
    if (b >= 0 && (a < 0 || b < a)) {
        snprintf(err, errlen, "%s", e2);
        return b;
    }
    return a;
}

/* Writes, flushes and syncs text to s->f.  Returns 0 or -1 (errno). */
static int put(StateFile *s, const char *text, size_t n)
{
    if (fflush(s->f) != 0) return -1;
    if (durable_write(fileno(s->f), text, n) < 0) return -1;
    return durable_sync(fileno(s->f));
}

int state_create(StateFile *s, const char *path, int argc, char *const argv[], uint64_t seed,
                 const uint64_t *openings_sum, int64_t games, int64_t pgn_off, int64_t res_off,
                 char *err, size_t errlen)
{
    s->f = fopen(path, "we");
    if (!s->f) {
        snprintf(err, errlen, "cannot write state %s: %s", path, strerror(errno));
        return -1;
    }
    s->path = util_xstrdup(path);
    StrBuf b = {0};
    strbuf_printf(&b, "dablo-match-state 2\nseed %llu\npgn-offset %lld\nresults-offset %lld\n",
                  (unsigned long long)seed, (long long)pgn_off, (long long)res_off);
    if (openings_sum) strbuf_printf(&b, "openings-sum %016" PRIx64 "\n", *openings_sum);
    state_format_games(&b, games);
    /* The folder the paths of the command line are relative to (a folder
     * that getcwd cannot name, e.g. one removed, is left out). */
    char cwd[4096];
    if (getcwd(cwd, sizeof cwd)) {
        strbuf_add(&b, "dir ");
        text_add_percent(&b, cwd);
        strbuf_addc(&b, '\n');
    }
    for (int i = 0; i < argc; i++) {
        strbuf_add(&b, "arg ");
        text_add_percent(&b, argv[i]);
        strbuf_addc(&b, '\n');
    }
    strbuf_add(&b, "begin\n");
    int rc = put(s, b.s, b.len);
    strbuf_free(&b);
    if (rc < 0) {
        snprintf(err, errlen, "cannot write state %s: %s", path, strerror(errno));
        state_close(s);
        return -1;
    }
    return 0;
}

int state_reopen(StateFile *s, const char *path, long valid_bytes, char *err, size_t errlen)
{
    if (truncate(path, valid_bytes) < 0 || !(s->f = fopen(path, "ae"))) {
        snprintf(err, errlen, "cannot append to state %s: %s", path, strerror(errno));
        return -1;
    }
    s->path = util_xstrdup(path);
    return 0;
}

void state_format_games(StrBuf *b, int64_t games)
{
    strbuf_printf(b, "games %lld\n", (long long)games);
}

void state_format_record(StrBuf *b, int64_t pgn_off, int64_t res_off, uint64_t pgn_sum,
                         const char *results_line)
{
    strbuf_printf(b, "done %lld %lld %016" PRIx64 " %s", (long long)pgn_off, (long long)res_off,
                  pgn_sum, results_line);
}

int state_append_line(StateFile *s, const char *line)
{
    if (!s->f) return 0;
    return put(s, line, strlen(line));
}

void state_close(StateFile *s)
{
    if (s->f) fclose(s->f);
    s->f = NULL;
    free(s->path);
    s->path = NULL;
}

int state_file_there(const char *path)
{
    char line[32] = "";
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    FILE *f = fopen(path, "re");
    if (!f) return 0;
    int ok = fgets(line, sizeof line, f) && strncmp(line, "dablo-match-state ", 18) == 0;
    fclose(f);
    return ok;
}
