/* tb_probe.c - a directory of tables for one rule set, probed by position. */
#include "tb_probe.h"

#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb_index.h"

static int name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Adds msg to set->refused, or counts it in "(and N more)" when it does
 * not fit. */
static void note_refused(TbSet *set, const char *msg)
{
    enum { MORE = 24 }; /* room kept for "; (and N more)" */
    size_t len = strlen(set->refused);
    set->nrefused++;
    if (set->nrefused == set->nshown + 1 && len + strlen(msg) + 2 + MORE < sizeof set->refused) {
        snprintf(set->refused + len, sizeof set->refused - len, "%s%s", len ? "; " : "", msg);
        set->nshown++;
        return;
    }
    char *more = strstr(set->refused, "; (and ");
    if (more) len = (size_t)(more - set->refused);
    snprintf(set->refused + len, sizeof set->refused - len, "; (and %d more)",
             set->nrefused - set->nshown);
}

int tb_set_open(TbSet *set, const char *dir, const Rules *r, char *err, size_t errlen)
{
    memset(set, 0, sizeof *set);
    set->rules = *r;
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "tablebase folder '%s' cannot be read", dir);
        return -1;
    }
    char tag[64], prefix[80];
    tb_rules_tag(r, tag, sizeof tag);
    snprintf(prefix, sizeof prefix, "%s-", tag);
    size_t plen = strlen(prefix);
    char **names = NULL;
    int nn = 0;
    for (struct dirent *de; (de = readdir(d));) {
        size_t l = strlen(de->d_name);
        if (l <= plen + 4 || strncmp(de->d_name, prefix, plen) != 0
            || strcmp(de->d_name + l - 4, ".dtb") != 0)
            continue;
        /* The signature part must not hold another '-' (a longer tag). */
        if (memchr(de->d_name + plen, '-', l - plen)) continue;
        char **grown = realloc(names, (size_t)(nn + 1) * sizeof *names);
        if (!grown) break;
        names = grown;
        names[nn++] = strdup(de->d_name);
    }
    closedir(d);
    if (nn > 1) qsort(names, (size_t)nn, sizeof *names, name_cmp);
    set->files = calloc((size_t)(nn ? nn : 1), sizeof *set->files);
    for (int i = 0; i < nn; i++) {
        char path[4096], msg[512];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        TbFile f;
        if (set->files && tb_file_open(&f, path, msg, sizeof msg) == 0) {
            if (tb_file_check_name(&f, path, msg, sizeof msg) != 0) {
                tb_file_close(&f);
                note_refused(set, msg);
            } else if (f.sig.variant == r->variant && strcmp(f.tag, tag) == 0) {
                set->files[set->n++] = f;
                int p = tb_sig_pieces(&f.sig);
                if (p > set->max_pieces) set->max_pieces = p;
            } else {
                tb_file_close(&f);
            }
        } else {
            note_refused(set, msg);
        }
        free(names[i]);
    }
    free(names);
    return set->n;
}

void tb_set_close(TbSet *set)
{
    for (int i = 0; i < set->n; i++)
        tb_file_close(&set->files[i]);
    free(set->files);
    set->files = NULL;
    set->n = 0;
}

static bool same_rules(const Rules *a, const Rules *b)
{
    if (a->variant != b->variant) return false;
    if (a->variant == VARIANT_TABAL) return a->max_capture == b->max_capture;
    return a->captures == b->captures && a->forward_only_men == b->forward_only_men
        && a->king_capture_ends == b->king_capture_ends
        && a->king_and_prince_capture_ends == b->king_and_prince_capture_ends;
}

/* A few decompressed blocks per thread, chosen by table and block.  They
 * take 128 KiB, so a thread allocates them at its first probe of a table
 * (a program without tables, or a thread that never probes one, pays no
 * page for them: static thread-local storage is zeroed page by page at
 * every thread's start) and frees them when it ends (cache_key). */
enum { CACHE_WAYS = 8 };
static _Thread_local TbBlockCache *block_cache;
static pthread_key_t cache_key;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;
static bool cache_key_made;

static void cache_key_make(void)
{
    cache_key_made = pthread_key_create(&cache_key, free) == 0;
}

/* This thread's blocks, zeroed at the first call; NULL if out of memory. */
static TbBlockCache *thread_cache(void)
{
    if (block_cache) return block_cache;
    pthread_once(&cache_once, cache_key_make);
    TbBlockCache *c = calloc(CACHE_WAYS, sizeof *c);
    if (!c || !cache_key_made || pthread_setspecific(cache_key, c) != 0) {
        free(c);
        return NULL;
    }
    return block_cache = c;
}

int tb_probe_terminal(const Position *pos, uint16_t *e)
{
    int loser;
    if (position_end_by_rule(pos, &loser) != END_NONE) {
        *e = tb_entry(loser < 0 ? TB_DRAW : loser == (int)pos->stm ? TB_LOSS : TB_WIN, 0);
        return 0;
    }
    if (!pos->by_color[pos->stm] || movegen_count(pos) == 0) {
        *e = tb_entry(TB_LOSS, 0);
        return 0;
    }
    return 1;
}

int tb_set_probe(const TbSet *set, const Position *pos, uint16_t *e)
{
    if (!same_rules(&set->rules, &pos->rules)) return 1;
    if (tb_probe_terminal(pos, e) == 0) return 0;
    TbSig s = tb_sig_of(pos);
    if (tb_sig_pieces(&s) > set->max_pieces) return 1;
    for (int i = 0; i < set->n; i++) {
        const TbFile *f = &set->files[i];
        if (!tb_sig_equal(&f->sig, &s)) continue;
        uint64_t idx = tb_index_of(&s, pos);
        unsigned way = (unsigned)((((uintptr_t)f >> 4) ^ (idx / TB_BLOCK)) % CACHE_WAYS);
        TbBlockCache *cache = thread_cache();
        return cache && tb_file_get(f, idx, &cache[way], e) == 0 ? 0 : -1;
    }
    return 1;
}

bool tb_move_zeroing(const Position *pos, const Move *m)
{
    const Geometry *g = pos->geo;
    return move_is_capture(m)
        || (g->variant == VARIANT_TABAL && piece_type(pos->board[m->from]) == MAN
            && (g->rank[m->from] != g->rank[m->to] || bb_test(g->far_base[pos->stm], m->to)));
}

uint16_t tb_move_entry(bool zeroing, uint16_t succ)
{
    TbWdl w = tb_wdl_negate(tb_entry_wdl(succ));
    if (w == TB_DRAW) return tb_entry(TB_DRAW, 0);
    if (zeroing) return tb_entry(w, w == TB_WIN || w == TB_LOSS ? 1 : TB_DRAW_PLIES + 1);
    int d = tb_entry_dtz(succ) + 1;
    /* Past the threshold a win is cursed, a loss blessed. */
    if (w == TB_WIN && d > TB_DRAW_PLIES) w = TB_CURSED_WIN;
    if (w == TB_LOSS && d > TB_DRAW_PLIES) w = TB_BLESSED_LOSS;
    return tb_entry(w, d);
}

bool tb_entry_better(uint16_t a, uint16_t b)
{
    TbWdl wa = tb_entry_wdl(a), wb = tb_entry_wdl(b);
    if (wa != wb) return wa > wb;
    if (wa > TB_DRAW) return tb_entry_dtz(a) < tb_entry_dtz(b);
    if (wa < TB_DRAW) return tb_entry_dtz(a) > tb_entry_dtz(b);
    return false;
}

TbWdl tb_wdl_counted(uint16_t e, int plies, int draw_plies)
{
    TbWdl w = tb_entry_wdl(e);
    int d = tb_entry_dtz(e);
    if (w == TB_DRAW) return TB_DRAW;
    if (draw_plies == 0) return w > TB_DRAW ? TB_WIN : TB_LOSS;
    if (w == TB_CURSED_WIN || w == TB_BLESSED_LOSS) return TB_DRAW;
    return d == 0 || plies + d <= draw_plies ? w : TB_DRAW;
}

/* The order of root moves: the higher result, then the better entry. */
static bool root_better(const TbRootMove *a, const TbRootMove *b)
{
    return a->v != b->v ? a->v > b->v : tb_entry_better(a->e, b->e);
}

bool tb_root_equal(const TbRootMove *a, const TbRootMove *b)
{
    return a->v == b->v && a->e == b->e;
}

int tb_set_root(const TbSet *set, const Position *pos, TbRootMove *out, int cap)
{
    MoveList *list = malloc(sizeof *list);
    if (!list) return -1;
    movegen_legal(pos, list);
    int n = 0;
    for (int i = 0; i < list->n && n < cap; i++) {
        Position p = *pos;
        Undo u;
        uint16_t succ;
        bool z = tb_move_zeroing(pos, &list->moves[i]);
        position_make(&p, &list->moves[i], &u);
        if (tb_set_probe(set, &p, &succ) != 0) {
            free(list);
            return -1;
        }
        TbRootMove rm = { list->moves[i], tb_move_entry(z, succ),
                          tb_wdl_negate(tb_wdl_counted(succ, p.draw_plies, p.rules.draw_plies)) };
        int j = n++;
        while (j > 0 && root_better(&rm, &out[j - 1])) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = rm;
    }
    free(list);
    return n;
}

int tb_set_verdict(const TbSet *set, const Position *pos, uint16_t *e, TbWdl *v)
{
    int rc = tb_set_probe(set, pos, e);
    if (rc != 0) return rc;
    *v = tb_wdl_counted(*e, pos->draw_plies, pos->rules.draw_plies);
    if (tb_entry_dtz(*e) == 0) return 0;
    if (pos->rules.draw_plies > 0 && pos->draw_plies >= pos->rules.draw_plies) {
        *v = TB_DRAW; /* the game is over by RULES.md section 3 */
        return 0;
    }
    TbRootMove *tm = malloc(MAX_MOVES * sizeof *tm);
    int n = tm ? tb_set_root(set, pos, tm, MAX_MOVES) : -1;
    if (n > 0) *v = tm[0].v;
    free(tm);
    return n < 0 ? -1 : 0;
}

void tb_verdict_string(uint16_t e, TbWdl v, char *buf, size_t len)
{
    TbWdl w = tb_entry_wdl(e);
    TbWdl plain = w == TB_WIN || w == TB_LOSS ? w : TB_DRAW;
    if (v == plain)
        snprintf(buf, len, "%s %d", tb_wdl_name(w), tb_entry_dtz(e));
    else
        snprintf(buf, len, "%s (%s %d %s)", tb_wdl_name(v), tb_wdl_name(w), tb_entry_dtz(e),
                 v == TB_DRAW ? "past DrawPlies" : "with DrawPlies off");
}
