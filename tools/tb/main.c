/*
 * main.c - dablo-tb: builds, verifies and probes the endgame tables.
 *
 *   dablo-tb build  [-variant V] [-pieces N] [-lone-king] [-sig A,B,..] [-dir D] [-threads T] [rules]
 *   dablo-tb verify [-variant V] [-sig A,B,..] [-dir D] [-sample N] [-full-width N] [rules]
 *   dablo-tb probe  [-variant V] -fen FEN [-dir D] [rules]
 *   dablo-tb list   [-variant V] [-pieces N] [-lone-king] [-sig A,B,..]
 *   dablo-tb sample [-variant V] [-sig A,B,..] [-dir D] [-sample N] [-seed S]
 *   dablo-tb positions [-variant V] -sig A,B,.. [-count N] [-seed S] [-dir D] [-outside|-inside]
 *
 * Rule options are given as the engine takes them, by their protocol
 * names: -Rules modern, -Captures compulsory, -MaxCapture true (rules.h).
 * Every error is one line on stderr; exit status 0 ok, 1 a position not in
 * the tables or a failed check, 2 bad usage or input.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build.h"
#include "match/newfile.h"
#include "rules/notation.h"
#include "rules/version.h"
#include "tb/tb_index.h"
#include "tb/tb_probe.h"
#include "util/outstream.h"
#include "verify.h"

static const char usage[] =
    "Usage: dablo-tb build [-variant V] [-pieces N] [-lone-king] [-sig LIST] [-dir D] [-threads T] [RULES]\n"
    "  or:  dablo-tb verify [-variant V] [-sig LIST] [-dir D] [-sample N] [-full-width N] [RULES]\n"
    "  or:  dablo-tb probe [-variant V] -fen FEN [-dir D] [RULES]\n"
    "  or:  dablo-tb list [-variant V] [-pieces N] [-lone-king] [-sig LIST]\n"
    "  or:  dablo-tb sample [-variant V] [-sig LIST] [-dir D] [-sample N] [-seed S] [RULES]\n"
    "  or:  dablo-tb positions [-variant V] -sig LIST [-count N] [-seed S] [-dir D] [-outside|-inside] [RULES]\n"
    "  or:  dablo-tb --help | --version\n"
    "\n"
    "Builds endgame tables of Dablot Prejjesne and Permainan-Tabal by retrograde analysis,\n"
    "verifies them independently, and probes them; list prints the signatures a build\n"
    "makes, each after its level (those of one level are independent of each other);\n"
    "sample prints N distinct FENs of won positions (the side to move wins inside\n"
    "DrawPlies), chosen at random from the tables (a table, then a position), for\n"
    "conversion tests, or none when the tables hold fewer;\n"
    "positions prints N FENs of random placements of the material of LIST (each\n"
    "signature in turn, White to move, then Black, DrawPlies counter 0), not over by the\n"
    "rules, kept when outside the tables of -dir (-outside, the default) or inside them\n"
    "(-inside); the same seed gives the same lines.\n"
    "Every error is one line on standard\n"
    "error; exit status 1 means a position is not in the tables or a check failed, 2 bad\n"
    "usage or input.  docs/tablebases.md says what the tables hold.\n"
    "\n"
    "Options:\n"
    "  -variant dablot|tabal  the game (default dablot)\n"
    "  -dir D                 the folder of the table files (default tb)\n"
    "  -pieces N              build: every signature of 2..N pieces (default 3)\n"
    "  -lone-king             build: at N pieces only those where one side has only its king\n"
    "  -sig LIST              build or verify only these signatures (e.g. KMvk,Kvkm)\n"
    "  -threads T             build: signatures built at once, 1..64 (default 2)\n"
    "  -sample N              verify: N positions chosen at random a table (default 0: all);\n"
    "                         sample: how many positions (default 0: 100)\n"
    "  -seed S                sample, positions: the random seed (default 1)\n"
    "  -count N               positions: how many lines, 1..1000000 (default 100)\n"
    "  -outside, -inside      positions: keep those not in the tables (default) or in them\n"
    "  -full-width N          verify: also solve tables of up to N pieces again by iteration\n"
    "                         (default 3)\n"
    "  -fen FEN               probe: the position (RULES.md section 5)\n"
    "  -NAME VALUE            a rule option as the engine takes it (-Rules modern,\n"
    "                         -Captures compulsory, -MaxCapture true, ...)\n"
    "  -h, --help             print this help and exit\n"
    "  --version              print \"dablo-tb VERSION\" and exit\n";

typedef struct Args {
    const char *cmd, *dir, *fen, *sigs;
    Rules rules;
    int pieces, lone_king, threads, full_width, inside;
    unsigned long long sample, seed, count;
} Args;

static int parse_int(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

static int parse_args(int argc, char **argv, Args *a)
{
    memset(a, 0, sizeof *a);
    a->dir = "tb";
    a->pieces = 3;
    a->threads = 2;
    a->full_width = 3;
    a->seed = 1;
    a->count = 100;
    a->inside = -1; /* neither -outside nor -inside yet */
    a->rules = rules_default(VARIANT_DABLOT);
    if (argc < 2) {
        fprintf(stderr, "dablo-tb: give a command: build, verify, probe, list, sample or positions "
                        "(--help)\n");
        return 2;
    }
    a->cmd = argv[1];
    if (!strcmp(a->cmd, "-h") || !strcmp(a->cmd, "--help")) {
        fputs(usage, stdout);
        return 1;
    }
    if (!strcmp(a->cmd, "--version")) {
        printf("dablo-tb %s\n", DABLO_VERSION);
        return 1;
    }
    if (strcmp(a->cmd, "build") && strcmp(a->cmd, "verify") && strcmp(a->cmd, "probe")
        && strcmp(a->cmd, "list") && strcmp(a->cmd, "sample") && strcmp(a->cmd, "positions")) {
        fprintf(stderr,
                "dablo-tb: unknown command '%s' (build, verify, probe, list, sample, positions)\n",
                a->cmd);
        return 2;
    }
    /* The options met so far: one given again is refused (the last one
     * would win in silence); no option of dablo-tb repeats. */
    const char *seen[64];
    int nseen = 0;
    /* The rule options, applied again after the loop on the rules of the
     * final -variant (which resets them wherever it comes). */
    const char *rule_name[64], *rule_value[64];
    int nrules = 0;
    for (int i = 2; i < argc; i++) {
        const char *o = argv[i];
        for (int k = 0; k < nseen && o[0] == '-'; k++)
            if (!strcmp(seen[k], o)) {
                fprintf(stderr, "dablo-tb: %s given twice\n", o);
                return 2;
            }
        if (o[0] == '-' && nseen < 64) seen[nseen++] = o;
        if (!strcmp(o, "-lone-king") || !strcmp(o, "-outside") || !strcmp(o, "-inside")) {
            if (!strcmp(o, "-lone-king"))
                a->lone_king = 1;
            else if (a->inside >= 0) {
                fprintf(stderr, "dablo-tb: %s: -outside or -inside is given already\n", o);
                return 2;
            } else
                a->inside = !strcmp(o, "-inside");
            continue;
        }
        if (o[0] != '-' || i + 1 >= argc) {
            fprintf(stderr, "dablo-tb: %s: %s\n", o,
                    o[0] == '-' ? "needs a value" : "unexpected argument");
            return 2;
        }
        const char *v = argv[++i];
        long n;
        char err[256];
        if (!strcmp(o, "-variant")) {
            int var = geometry_variant_from_name(v);
            if (var < 0) {
                fprintf(stderr, "dablo-tb: -variant %s: not dablot or tabal\n", v);
                return 2;
            }
            a->rules = rules_default((Variant)var);
        } else if (!strcmp(o, "-dir")) {
            if (!*v) {
                fprintf(stderr, "dablo-tb: -dir: an empty folder name\n");
                return 2;
            }
            a->dir = v;
        } else if (!strcmp(o, "-fen"))
            a->fen = v;
        else if (!strcmp(o, "-sig"))
            a->sigs = v;
        else if (!strcmp(o, "-pieces") || !strcmp(o, "-threads") || !strcmp(o, "-full-width")) {
            long lo = !strcmp(o, "-pieces") ? 2 : !strcmp(o, "-threads") ? 1 : 0;
            long hi = !strcmp(o, "-pieces")  ? TB_MAX_PIECES
                    : !strcmp(o, "-threads") ? 64
                                             : TB_MAX_PIECES;
            if (parse_int(v, lo, hi, &n) != 0) {
                fprintf(stderr, "dablo-tb: %s %s: expected an integer in %ld..%ld\n", o, v, lo, hi);
                return 2;
            }
            if (!strcmp(o, "-pieces"))
                a->pieces = (int)n;
            else if (!strcmp(o, "-threads"))
                a->threads = (int)n;
            else
                a->full_width = (int)n;
        } else if (!strcmp(o, "-count")) {
            if (parse_int(v, 1, 1000000L, &n) != 0) {
                fprintf(stderr, "dablo-tb: -count %s: expected an integer in 1..1000000\n", v);
                return 2;
            }
            a->count = (unsigned long long)n;
        } else if (!strcmp(o, "-sample") || !strcmp(o, "-seed")) {
            if (parse_int(v, 0, 2000000000L, &n) != 0) {
                fprintf(stderr, "dablo-tb: %s %s: expected an integer in 0..2000000000\n", o, v);
                return 2;
            }
            if (!strcmp(o, "-seed"))
                a->seed = (unsigned long long)n;
            else
                a->sample = (unsigned long long)n;
        } else {
            int rc = rules_set(&a->rules, o + 1, v, err, sizeof err);
            if (rc != 0) {
                if (rc > 0)
                    fprintf(stderr, "dablo-tb: %s is not an option (--help)\n", o);
                else
                    fprintf(stderr, "dablo-tb: %s\n", err);
                return 2;
            }
            if (nrules < 64) rule_name[nrules] = o + 1, rule_value[nrules++] = v;
        }
    }
    if (a->inside < 0) a->inside = 0;
    Variant var = a->rules.variant;
    a->rules = rules_default(var);
    for (int k = 0; k < nrules; k++) {
        char err[256];
        int game = rules_option_variant(rule_name[k]);
        /* An option of the other game would change nothing: said, as the
         * engine says it, but refused here (no table of it exists). */
        if (game >= 0 && game != (int)var) {
            fprintf(stderr, "dablo-tb: -%s applies to %s only (here -variant %s)\n", rule_name[k],
                    game == VARIANT_TABAL ? "Tabal" : "Dablot", geometry_of(var)->name);
            return 2;
        }
        rules_set(&a->rules, rule_name[k], rule_value[k], err, sizeof err);
    }
    return 0;
}

/* The signatures of -sig, or every one of -pieces; at most cap.  A
 * signature named more than once in -sig (KMvk,KMvk or KMvk,MKvk, the
 * same material) is taken once, with a note on stderr: a table is built,
 * verified or sampled once whatever the list says. */
static int select_sigs(const Args *a, TbSig *out, int cap)
{
    if (!a->sigs) {
        int n = tb_sig_enumerate(a->rules.variant, a->pieces, a->lone_king, out, cap);
        return n > cap ? cap : n;
    }
    int n = 0;
    char buf[1024], err[256];
    if (strlen(a->sigs) >= sizeof buf) {
        fprintf(stderr, "dablo-tb: -sig: the list is longer than %zu characters\n", sizeof buf - 1);
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", a->sigs);
    size_t len = strlen(buf);
    if (len && (buf[0] == ',' || buf[len - 1] == ',' || strstr(buf, ",,"))) {
        fprintf(stderr, "dablo-tb: -sig: an empty item in '%s'\n", a->sigs);
        return -1;
    }
    for (char *save, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (n == cap || tb_sig_parse(&out[n], a->rules.variant, t, err, sizeof err) != 0) {
            fprintf(stderr, "dablo-tb: %s\n", n == cap ? "too many signatures" : err);
            return -1;
        }
        int k = 0;
        while (k < n && !tb_sig_equal(&out[k], &out[n]))
            k++;
        if (k < n) {
            char name[TB_SIG_NAME];
            tb_sig_name(&out[k], name, sizeof name);
            fprintf(stderr, "dablo-tb: -sig: %s given more than once, taken once\n", name);
            continue;
        }
        n++;
    }
    if (n == 0) {
        fprintf(stderr, "dablo-tb: -sig: no signature given\n");
        return -1;
    }
    return n;
}

static int cmd_build(const Args *a)
{
    static TbSig sigs[1024];
    int n = select_sigs(a, sigs, 1024);
    if (n < 0) return 2;
    /* An output folder that cannot be used is bad input, found before
     * any table is built. */
    struct stat st;
    bool made = mkdir(a->dir, 0777) == 0;
    if (!made && errno != EEXIST) {
        fprintf(stderr, "dablo-tb: cannot make folder %s: %s\n", a->dir, strerror(errno));
        return 2;
    }
    if (stat(a->dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "dablo-tb: -dir %s: not a folder\n", a->dir);
        return 2;
    }
    if (access(a->dir, W_OK | X_OK) != 0) {
        fprintf(stderr, "dablo-tb: -dir %s: cannot write there: %s\n", a->dir, strerror(errno));
        return 2;
    }
    /* SIGINT and the like remove a table file being written and say
     * which tables are not written. */
    newfile_catch_signals("dablo-tb");
    if (build_set(&a->rules, sigs, n, a->dir, made, a->threads, stdout) == 0) return 0;
    /* A failed build leaves no folder it made and wrote nothing into (a
     * table missing from the start). */
    if (made) rmdir(a->dir);
    return 1;
}

/* Whether a table was found broken by a probe (said by table_broken). */
static bool broken_said;

/* TbSet.on_broken: the file and why, once. */
static void table_broken(const char *msg)
{
    fprintf(stderr, "dablo-tb: %s\n", msg);
    broken_said = true;
}

static int open_set(const Args *a, TbSet *set)
{
    char err[512];
    if (tb_set_open(set, a->dir, &a->rules, err, sizeof err) < 0) {
        fprintf(stderr, "dablo-tb: %s\n", err);
        return -1;
    }
    if (set->nrefused)
        fprintf(stderr, "dablo-tb: %d table file%s refused: %s\n", set->nrefused,
                set->nrefused == 1 ? "" : "s", set->refused);
    set->on_broken = table_broken;
    return 0;
}

/* Opens the set and picks its tables of -sig (all without -sig) into
 * pick (at most cap).  Returns how many, or -1 after an error message;
 * *asked receives the number of signatures of -sig (0 without). */
static int open_picked(const Args *a, TbSet *set, const TbFile **pick, int cap, int *asked,
                       char *missing, size_t mlen)
{
    static TbSig want[1024];
    int nw = a->sigs ? select_sigs(a, want, 1024) : 0;
    *asked = nw;
    if (nw < 0) return -1; /* set is not open yet: nothing to close */
    if (open_set(a, set) != 0) {
        tb_set_close(set);
        return -1;
    }
    int np = 0;
    for (int i = 0; i < set->n && np < cap; i++) {
        bool ok = !a->sigs;
        for (int k = 0; k < nw; k++)
            ok |= tb_sig_equal(&want[k], &set->files[i].sig);
        if (ok) pick[np++] = &set->files[i];
    }
    missing[0] = '\0';
    for (int k = 0; k < nw; k++) {
        int i = 0;
        while (i < set->n && !tb_sig_equal(&want[k], &set->files[i].sig))
            i++;
        char name[TB_SIG_NAME];
        size_t used = strlen(missing);
        tb_sig_name(&want[k], name, sizeof name);
        if (i == set->n) snprintf(missing + used, mlen - used, "%s%s", used ? "," : "", name);
    }
    return np;
}

static int cmd_verify(const Args *a)
{
    TbSet set;
    static const TbFile *pick[1024];
    static char missing[1024 * TB_SIG_NAME];
    int nw, np = open_picked(a, &set, pick, 1024, &nw, missing, sizeof missing);
    if (np < 0) return 2;
    long bad = set.nrefused, failed = 0, unread = 0;
    int done = 0;
    for (int i = 0; i < np; i++) { /* a table that cannot be checked stops no other */
        long b = verify_table(&set, pick[i], a->sample, a->full_width, stdout);
        if (b < 0) {
            unread++;
            bad++;
            continue;
        }
        bad += b;
        failed += b != 0;
        done++;
    }
    if (missing[0]) {
        fprintf(stderr, "dablo-tb: no table in %s for -sig %s\n", a->dir, missing);
        bad++;
    }
    verify_release();
    tb_set_close(&set);
    if (bad == 0 && done == 0 && unread == 0) {
        fprintf(stderr, "dablo-tb: no tables for these rules in %s\n", a->dir);
        return 1;
    }
    /* FAILED says why: a table that disagrees, a refused file, a
     * signature asked for without a table. */
    char why[512] = "", *w = why;
    if (failed)
        w += snprintf(w, sizeof why - (size_t)(w - why), "; %ld table%s failed %s check", failed,
                      failed == 1 ? "" : "s", failed == 1 ? "its" : "their");
    if (unread)
        w += snprintf(w, sizeof why - (size_t)(w - why), "; %ld table%s could not be checked",
                      unread, unread == 1 ? "" : "s");
    if (set.nrefused)
        w += snprintf(w, sizeof why - (size_t)(w - why), "; %d table file%s refused", set.nrefused,
                      set.nrefused == 1 ? "" : "s");
    if (missing[0]) snprintf(w, sizeof why - (size_t)(w - why), "; no table for %.300s", missing);
    printf("verified %d table%s: %s", done, done == 1 ? "" : "s", bad ? "FAILED" : "ok");
    printf(why[0] ? " (%s)\n" : "%s\n", why[0] ? why + 2 : "");
    return bad ? 1 : 0;
}

static int cmd_probe(const Args *a)
{
    if (!a->fen) {
        fprintf(stderr, "dablo-tb: probe needs -fen\n");
        return 2;
    }
    Position pos;
    char err[256];
    if (position_set_fen(&pos, &a->rules, a->fen, err, sizeof err) != 0) {
        char hint[POSITION_HINT_LEN];
        fprintf(stderr, "dablo-tb: -fen: %s%s\n", err,
                position_fen_hint(&a->rules, a->fen, "-variant ", hint, sizeof hint));
        return 2;
    }
    TbSet set;
    if (open_set(a, &set) != 0) {
        tb_set_close(&set);
        return 2;
    }
    uint16_t e;
    TbResult v;
    int rc = tb_set_verdict(&set, &pos, &e, &v);
    if (rc != 0) {
        char tag[64];
        tb_rules_tag(&a->rules, tag, sizeof tag);
        if (rc > 0 && set.n == 0)
            fprintf(stderr, "dablo-tb: no tables for these rules (%s-*.dtb) in %s\n", tag, a->dir);
        else if (rc > 0 || !broken_said)
            fprintf(stderr, "dablo-tb: %s\n",
                    rc > 0 ? "the position is not in the tables" : "a table cannot be read");
        tb_set_close(&set);
        return 1;
    }
    char verdict[80];
    tb_verdict_string(e, v, verdict, sizeof verdict);
    printf("%s\n", verdict);
    static TbRootMove moves[MAX_MOVES];
    int n = tb_set_root(&set, &pos, moves, MAX_MOVES);
    if (n < 0) {
        if (!broken_said) fprintf(stderr, "dablo-tb: a successor is not in the tables\n");
        tb_set_close(&set);
        return 1;
    }
    printf("best");
    for (int i = 0; i < n && tb_root_equal(&moves[i], &moves[0]); i++) {
        char m[256];
        notation_move_string(&pos, &moves[i].move, m, sizeof m);
        printf(" %s", m);
    }
    printf("\n");
    for (int i = 0; i < n; i++) {
        char m[256];
        notation_move_string(&pos, &moves[i].move, m, sizeof m);
        tb_verdict_string(moves[i].e, moves[i].v, verdict, sizeof verdict);
        printf("move %s %s\n", m, verdict);
    }
    tb_set_close(&set);
    return 0;
}

/* The signatures in build order, each after its level: 1 + the highest
 * level of those it reaches in the list (1 for none). */
static int cmd_list(const Args *a)
{
    static TbSig sigs[1024];
    static int level[1024];
    int n = select_sigs(a, sigs, 1024);
    if (n < 0) return 2;
    tb_sig_order(sigs, n);
    for (int i = 0; i < n; i++) {
        level[i] = 1;
        for (int k = 0; k < i; k++)
            if (tb_sig_reaches(&sigs[i], &sigs[k]) && level[k] + 1 > level[i])
                level[i] = level[k] + 1;
        char name[TB_SIG_NAME];
        tb_sig_name(&sigs[i], name, sizeof name);
        printf("%d %s\n", level[i], name);
    }
    return 0;
}

/* The next number of a xorshift generator (state never 0). */
static uint64_t next_random(uint64_t *state)
{
    *state ^= *state << 13, *state ^= *state >> 7, *state ^= *state << 17;
    return *state;
}

/* A Tabal man on its own far base: a legal FEN that never comes up in a
 * game (RULES.md section 4: it would have become a king). */
static bool man_on_far_base(const Position *pos)
{
    Bitboard men = pos->by_type[MAN];
    return pos->geo->variant == VARIANT_TABAL
        && ((men & pos->by_color[WHITE] & pos->geo->far_base[WHITE])
            || (men & pos->by_color[BLACK] & pos->geo->far_base[BLACK]));
}

/* Whether entry idx of f is a won position not over by the rules (nor a
 * Tabal man on its far base), with the position in *pos: 1, 0, or -1
 * when the table cannot be read. */
static int sample_eligible(const TbSet *set, const TbFile *f, uint64_t idx, TbBlockCache *cache,
                           Position *pos)
{
    uint16_t e, t;
    if (tb_file_get(f, idx, cache, &e) != 0) return -1;
    if (tb_entry_wdl(e) != TB_WIN) return 0;
    tb_index_position(&f->sig, idx, &set->rules, pos);
    return tb_probe_terminal(pos, &t) != 0 && !man_on_far_base(pos);
}

/* The positions drawn by sample: a set of keys (table << 40 | index),
 * open addressing, and the FENs to print, kept until all are found. */
typedef struct Drawn {
    uint64_t *keys; /* 0 empty, else key + 1 */
    size_t cap, n;
    char **fens;
} Drawn;

/* Adds key; 1 new, 0 drawn before, -1 out of memory. */
static int drawn_add(Drawn *d, uint64_t key)
{
    if (2 * (d->n + 1) > d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 1024;
        uint64_t *keys = calloc(cap, sizeof *keys);
        if (!keys) return -1;
        for (size_t i = 0; i < d->cap; i++)
            for (size_t h = d->keys[i] ? (d->keys[i] * 0x9e3779b97f4a7c15ull) >> 20 : 0; d->keys[i];
                 h++)
                if (!keys[h % cap]) {
                    keys[h % cap] = d->keys[i];
                    break;
                }
        free(d->keys);
        d->keys = keys;
        d->cap = cap;
    }
    for (size_t h = ((key + 1) * 0x9e3779b97f4a7c15ull) >> 20;; h++) {
        uint64_t *slot = &d->keys[h % d->cap];
        if (*slot == key + 1) return 0;
        if (!*slot) {
            *slot = key + 1;
            d->n++;
            return 1;
        }
    }
}

/* Keeps the FEN of pos as the n-th line (fens has room); 0 or -1. */
static int drawn_keep(Drawn *d, size_t n, const Position *pos)
{
    char fen[160];
    position_fen(pos, fen, sizeof fen);
    return (d->fens[n] = strdup(fen)) ? 0 : -1;
}

/* -sample N distinct won positions (not over by the rules) from the tables
 * of -sig, or all tables; a table is chosen first, then a position in it,
 * a position drawn before is drawn again.  When a long run of draws finds
 * nothing new, every eligible position is counted instead: fewer than N
 * is refused with their number, else the rest are drawn from that list.
 * Nothing is printed unless all N are found. */
static int cmd_sample(const Args *a)
{
    TbSet set;
    static const TbFile *pick[1024];
    static char missing[1024 * TB_SIG_NAME];
    int nw, np = open_picked(a, &set, pick, 1024, &nw, missing, sizeof missing);
    if (np < 0) return 2;
    if (np == 0) {
        fprintf(stderr, "dablo-tb: no tables to sample in %s\n", a->dir);
        tb_set_close(&set);
        return 1;
    }
    uint64_t rng = a->seed * 0x9e3779b97f4a7c15ull + 1, want_n = a->sample ? a->sample : 100,
             got = 0, total = 0, eligible = 0;
    for (int k = 0; k < np; k++)
        total += pick[k]->npos;
    /* Draws in a row that find nothing new before all are counted. */
    uint64_t stall = total * 4 + 10000 < 1000000 ? total * 4 + 10000 : 1000000;
    TbBlockCache *cache = calloc(1, sizeof *cache);
    Drawn d = { 0 };
    d.fens = want_n <= total ? calloc((size_t)want_n, sizeof *d.fens) : NULL;
    int rc = cache && (d.fens || want_n > total) ? 0 : -1;
    for (uint64_t misses = 0; rc == 0 && d.fens && got < want_n && misses < stall; misses++) {
        int k = (int)(next_random(&rng) % (uint64_t)np);
        uint64_t idx = next_random(&rng) % pick[k]->npos;
        Position pos;
        int ok = sample_eligible(&set, pick[k], idx, cache, &pos);
        if (ok < 0) rc = -1;
        if (ok <= 0) continue;
        int fresh = drawn_add(&d, (uint64_t)k << 40 | idx);
        if (fresh < 0 || (fresh && drawn_keep(&d, (size_t)got, &pos) != 0)) rc = -1;
        if (fresh > 0) got++, misses = 0;
    }
    if (rc == 0 && got < want_n) {
        /* Every eligible position counted; of those not drawn yet, the
         * rest chosen by reservoir sampling (uniform, need slots). */
        size_t need = d.fens ? (size_t)(want_n - got) : 0;
        uint64_t *rest = need ? malloc(need * sizeof *rest) : NULL, seen = 0;
        if (need && !rest) rc = -1;
        for (int k = 0; k < np && rc == 0; k++)
            for (uint64_t idx = 0; idx < pick[k]->npos && rc == 0; idx++) {
                Position pos;
                int ok = sample_eligible(&set, pick[k], idx, cache, &pos);
                if (ok < 0) rc = -1;
                if (ok <= 0) continue;
                eligible++;
                uint64_t key = (uint64_t)k << 40 | idx;
                if (!need || drawn_add(&d, key) == 0) continue; /* counted only, or drawn */
                uint64_t j = seen < need ? seen : next_random(&rng) % (seen + 1);
                if (j < need) rest[j] = key;
                seen++;
            }
        for (size_t i = 0; rc == 0 && seen >= need && i < need; i++, got++) {
            Position pos;
            uint64_t key = rest[i];
            tb_index_position(&pick[key >> 40]->sig, key & ((1ull << 40) - 1), &set.rules, &pos);
            if (drawn_keep(&d, (size_t)got, &pos) != 0) rc = -1;
        }
        free(rest);
    }
    for (uint64_t i = 0; rc == 0 && got == want_n && i < got; i++)
        printf("%s\n", d.fens[i]);
    for (uint64_t i = 0; d.fens && i < got; i++)
        free(d.fens[i]);
    free(d.fens);
    free(d.keys);
    free(cache);
    tb_set_close(&set);
    if (rc != 0)
        fprintf(stderr, "dablo-tb: sample: %s\n",
                cache ? "a table cannot be read, or out of memory" : "out of memory");
    else if (got < want_n && eligible == 0)
        fprintf(stderr, "dablo-tb: no won positions in these tables\n");
    else if (got < want_n)
        fprintf(stderr,
                "dablo-tb: sample: the tables hold %llu won positions, fewer than the %llu asked "
                "for\n",
                (unsigned long long)eligible, (unsigned long long)want_n);
    return rc == 0 && got == want_n ? 0 : 1;
}

/* The points of each rank of variant v in FEN order (RULES.md section 5),
 * read from its start position: into width[] (at most cap ranks);
 * returns the number of ranks. */
static int fen_rank_widths(Variant v, int *width, int cap)
{
    int nr = 0, w = 0;
    for (const char *c = position_start_fen(v); nr < cap; c++) {
        if (*c >= '1' && *c <= '9') {
            char *end;
            w += (int)strtol(c, &end, 10);
            c = end - 1;
        } else if (*c == '/' || *c == ' ' || !*c) {
            width[nr++] = w;
            w = 0;
            if (*c != '/') break;
        } else
            w++;
    }
    return nr;
}

/* One random placement of signature s with side stm to move and counter
 * 0, as a FEN into fen: distinct points drawn uniformly, again until the
 * rules library takes it and no Tabal man stands on its far base.  Fills
 * *pos; returns 0, or -1 when no such placement was found (cannot happen
 * for a signature that tb_sig_parse took). */
static int random_placement(const Rules *r, const TbSig *s, Color stm, uint64_t *rng, Position *pos,
                            char *fen, size_t len)
{
    static const char letter[2][PIECE_TYPE_NB] = {
        [WHITE] = { [MAN] = 'M', [PRINCE] = 'P', [KING] = 'K' },
        [BLACK] = { [MAN] = 'm', [PRINCE] = 'p', [KING] = 'k' }
    };
    int width[32], nr = fen_rank_widths(r->variant, width, 32), npoints = 0;
    for (int i = 0; i < nr; i++)
        npoints += width[i];
    char board[128];
    for (int tries = 0; tries < 100000; tries++) {
        memset(board, 0, sizeof board);
        for (int c = WHITE; c <= BLACK; c++)
            for (int t = 0; t < PIECE_TYPE_NB; t++)
                for (int k = 0; k < s->count[c][t]; k++) {
                    int p;
                    do
                        p = (int)(next_random(rng) % (uint64_t)npoints);
                    while (board[p]);
                    board[p] = letter[c][t];
                }
        size_t n = 0;
        for (int i = 0, p = 0; i < nr; i++) {
            for (int f = 0, empty = 0; f < width[i]; f++, p++) {
                if (board[p] && empty) n += (size_t)snprintf(fen + n, len - n, "%d", empty);
                if (board[p]) n += (size_t)snprintf(fen + n, len - n, "%c", board[p]);
                empty = board[p] ? 0 : empty + 1;
                if (f == width[i] - 1 && empty)
                    n += (size_t)snprintf(fen + n, len - n, "%d", empty);
            }
            n += (size_t)snprintf(fen + n, len - n, "%s", i + 1 < nr ? "/" : "");
        }
        snprintf(fen + n, len - n, " %c 0 1", stm == WHITE ? 'w' : 'b');
        char err[256];
        if (position_set_fen(pos, r, fen, err, sizeof err) == 0 && !man_on_far_base(pos)) return 0;
    }
    return -1;
}

/* -count random placements of the signatures of -sig (each in turn, White
 * to move on the first round of the list, Black on the next, and so on),
 * not over by the rules, kept when outside the tables of -dir (or, with
 * -inside, in them): the endgame opening files of bench/openings. */
static int cmd_positions(const Args *a)
{
    static TbSig sigs[1024];
    if (!a->sigs) {
        fprintf(stderr, "dablo-tb: positions needs -sig\n");
        return 2;
    }
    int ns = select_sigs(a, sigs, 1024);
    if (ns < 0) return 2;
    TbSet set;
    if (open_set(a, &set) != 0) {
        tb_set_close(&set);
        return 2;
    }
    /* A refused table hides which positions lie outside; a signature
     * list without a table has none inside: say so at once, not after
     * count x 10000 tries. */
    if (set.nrefused && !a->inside) {
        fprintf(stderr, "dablo-tb: positions: cannot tell what lies outside the tables while a "
                        "table file is refused\n");
        tb_set_close(&set);
        return 1;
    }
    int with_table = 0;
    for (int k = 0; k < ns && a->inside; k++)
        for (int i = 0; i < set.n; i++)
            if (tb_sig_equal(&set.files[i].sig, &sigs[k])) {
                with_table++;
                break;
            }
    if (a->inside && with_table == 0) {
        fprintf(stderr,
                "dablo-tb: positions -inside: no signature of -sig has a table in %s for "
                "these rules\n",
                a->dir);
        tb_set_close(&set);
        return 1;
    }
    if (set.n == 0 && !a->inside)
        fprintf(stderr, "dablo-tb: positions: note: no tables for these rules in %s\n", a->dir);
    uint64_t rng = a->seed * 0x9e3779b97f4a7c15ull + 1, got = 0, tries = 0;
    int rc = 0;
    for (; got < a->count && tries < a->count * 10000 && rc == 0; tries++) {
        const TbSig *s = &sigs[tries % (uint64_t)ns];
        Color stm = (tries / (uint64_t)ns) % 2 ? BLACK : WHITE;
        Position pos;
        char fen[200];
        uint16_t e;
        TbResult v;
        if (random_placement(&set.rules, s, stm, &rng, &pos, fen, sizeof fen) != 0) {
            fprintf(stderr, "dablo-tb: positions: no placement of a signature found\n");
            rc = 1;
            break;
        }
        if (tb_probe_terminal(&pos, &e) == 0) continue;
        int in = tb_set_verdict(&set, &pos, &e, &v);
        if (in < 0) {
            fprintf(stderr, "dablo-tb: positions: %s: %s\n", fen,
                    tb_set_probe(&set, &pos, &e) == 0 ? "a successor is not in the tables"
                                                      : "its table cannot be read");
            rc = 1;
        } else if ((in == 0) == (a->inside != 0)) {
            printf("%s\n", fen);
            got++;
        }
    }
    tb_set_close(&set);
    if (rc == 0 && got < a->count) {
        fprintf(stderr,
                "dablo-tb: positions: only %llu of %llu found %s the tables in %llu tries\n",
                (unsigned long long)got, a->count, a->inside ? "in" : "outside",
                (unsigned long long)tries);
        rc = 1;
    }
    return rc;
}

int main(int argc, char **argv)
{
    outstream_check_stdout("dablo-tb"); /* a failed write to stdout: exit 1 */
    Args a;
    int rc = parse_args(argc, argv, &a);
    if (rc) return rc == 1 ? 0 : rc;
    /* Once for every position built from an index (tb_index.h). */
    position_init_tables();
    if (!strcmp(a.cmd, "build")) return cmd_build(&a);
    if (!strcmp(a.cmd, "verify")) return cmd_verify(&a);
    if (!strcmp(a.cmd, "list")) return cmd_list(&a);
    if (!strcmp(a.cmd, "sample")) return cmd_sample(&a);
    if (!strcmp(a.cmd, "positions")) return cmd_positions(&a);
    return cmd_probe(&a);
}
