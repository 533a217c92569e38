/* tb_probe.c - a directory of tables for one rule set, probed by position. */
#include "tb_probe.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb_index.h"

/* The number of the last set opened (TbSet.id). */
static _Atomic uint64_t set_ids;

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
    set->id = ++set_ids;
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "tablebase folder '%s' cannot be read: %s", dir,
                 errno == ENOTDIR ? "not a folder" : strerror(errno));
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

/* A Tabal position exactly, with its counter, as the caches of results
 * under the counter key it (Tabal's 37 points fit in 64 bits, so no hash
 * collision can mislead them). */
typedef struct TabalPlace {
    uint64_t white, black, kings;
    uint8_t stm, counter;
} TabalPlace;

static TabalPlace place_of(const Position *pos)
{
    return (TabalPlace){ (uint64_t)pos->by_color[WHITE], (uint64_t)pos->by_color[BLACK],
                         (uint64_t)pos->by_type[KING], (uint8_t)pos->stm,
                         (uint8_t)pos->draw_plies };
}

static bool place_equal(const TabalPlace *a, const TabalPlace *b)
{
    return a->white == b->white && a->black == b->black && a->kings == b->kings && a->stm == b->stm
        && a->counter == b->counter;
}

/* A slot of a table of 2^bits for pos (with its counter) and salt. */
static unsigned place_slot(const Position *pos, uint64_t salt, int bits)
{
    uint64_t h = (pos->key ^ (uint64_t)pos->draw_plies * 0x9e3779b97f4a7c15ull ^ salt)
               * 0xff51afd7ed558ccdull;
    return (unsigned)(h >> (64 - bits));
}

/* A few decompressed blocks per thread, chosen by table and block, and
 * the last verdicts of tb_set_verdict() that needed a tree (ThreadCache).
 * 32 ways, not 8: a miss reads the block with pread() and decompresses it
 * (docs/speed.md, "Tables read with pread").
 * They take 544 KiB, so a thread allocates them at its first probe of a
 * table (a program without tables, or a thread that never probes one,
 * pays no page for them: static thread-local storage is zeroed page by
 * page at every thread's start) and frees them when it ends (cache_key). */
enum { CACHE_WAYS = 32, VERDICT_BITS = 10 };
/* A verdict by the set (its id), exact placement, side to move and
 * counter: the verdict is a function of these, so a hit gives what the
 * tree would find again. */
typedef struct VerdictSlot {
    uint64_t set_id;
    TabalPlace at;
    uint16_t e;
    uint8_t used, v;
} VerdictSlot;
typedef struct ThreadCache {
    TbBlockCache blocks[CACHE_WAYS];
    VerdictSlot verdicts[1 << VERDICT_BITS];
} ThreadCache;
static _Thread_local ThreadCache *thread_caches;
static pthread_key_t cache_key;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;
static bool cache_key_made;

static void cache_key_make(void)
{
    cache_key_made = pthread_key_create(&cache_key, free) == 0;
}

/* This thread's caches, zeroed at the first call; NULL if out of memory. */
static ThreadCache *thread_cache(void)
{
    if (thread_caches) return thread_caches;
    pthread_once(&cache_once, cache_key_make);
    ThreadCache *c = calloc(1, sizeof *c);
    if (!c || !cache_key_made || pthread_setspecific(cache_key, c) != 0) {
        free(c);
        return NULL;
    }
    return thread_caches = c;
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

/* Marks f broken (unreadable, or entry e at idx impossible when bad_entry)
 * and tells set->on_broken, the first time only. */
static void drop_table(const TbSet *set, const TbFile *f, bool bad_entry, uint64_t idx, uint16_t e)
{
    char why[4400];
    if (bad_entry)
        snprintf(why, sizeof why,
                 "%s: entry %llu holds 0x%04x, no value a table can hold (damaged)", f->path,
                 (unsigned long long)idx, (unsigned)e);
    else
        tb_file_problem(f, why, sizeof why);
    /* The set is read-only but for this flag (the files are the set's). */
    if (atomic_exchange(&((TbFile *)f)->broken, 1) == 0 && set->on_broken) set->on_broken(why);
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
        ThreadCache *cache = thread_cache();
        if (!cache || atomic_load_explicit(&f->broken, memory_order_relaxed)) return -1;
        int rc = tb_file_get(f, idx, &cache->blocks[way], e);
        if (rc == 0 && tb_entry_valid(*e)) return 0;
        drop_table(set, f, rc == 0, idx, *e);
        return -1;
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

bool tb_counted_exact(const Position *pos, uint16_t e)
{
    TbWdl w = tb_entry_wdl(e);
    int plies = pos->draw_plies, limit = pos->rules.draw_plies, d = tb_entry_dtz(e);
    /* Without men (none is ever made) only captures reset the counter. */
    if (pos->rules.variant != VARIANT_TABAL || limit != TB_DRAW_PLIES || w == TB_DRAW || d == 0
        || plies >= limit || !pos->by_type[MAN])
        return true;
    return w != TB_CURSED_WIN && w != TB_BLESSED_LOSS && plies + d <= limit;
}

/* The positions a bounded tree has met (TabalPlace): the entry and the
 * result at one counter.  Results are kept only when decided (those do not
 * depend on the budget). */
enum { MEMO_BITS = 11 };
typedef struct CounterMemo {
    TabalPlace at;
    uint16_t e;
    uint8_t used, result; /* result 0xff: not decided yet */
} CounterMemo;

/* The bounded game tree of tb_set_verdict(): work left (probes and nodes),
 * whether a node was cut at the depth limit of this iteration, and what it
 * has seen. */
typedef struct CounterSearch {
    const TbSet *set;
    long work;
    bool cut;
    CounterMemo *memo;
} CounterSearch;

static CounterMemo *memo_slot(CounterSearch *cs, const Position *pos, bool *hit)
{
    TabalPlace at = place_of(pos);
    CounterMemo *m = &cs->memo[place_slot(pos, 0, MEMO_BITS)];
    *hit = m->used && place_equal(&m->at, &at);
    if (!*hit) *m = (CounterMemo){ at, 0, 1, 0xff };
    return m;
}

/* The entry of pos through the memo: 0, or -1 when it is not in the
 * tables or cannot be read. */
static int memo_probe(CounterSearch *cs, const Position *pos, uint16_t *e)
{
    bool hit;
    CounterMemo *m = memo_slot(cs, pos, &hit);
    if (hit) {
        *e = m->e;
        return 0;
    }
    cs->work--;
    if (tb_set_probe(cs->set, pos, e) != 0) {
        m->used = 0;
        return -1;
    }
    m->e = *e;
    return 0;
}

/* One node's moves and their successors' entries. */
typedef struct CounterNode {
    MoveList list;
    uint16_t e[MAX_MOVES];
    bool open[MAX_MOVES]; /* the successor needs its own tree */
} CounterNode;

/* The bounds of a result: its worst and best decided value. */
static int result_low(TbResult r)
{
    return (int)r & ~1;
}
static int result_high(TbResult r)
{
    return ((int)r + 1) & ~1;
}

/* The result of pos, whose entry e is not tb_counted_exact(), looking at
 * most depth plies ahead: the best over its moves of the negated results
 * of the successors (a decided value is exact, an undecided one stands
 * for the two it lies between, so the maximum of the five ordered values
 * is the maximum of the ranges).  A successor that can only reach what
 * is already had is not searched.  Returns 0 with *out, or -1 when a
 * successor is not in the tables, cannot be read, or memory runs out. */
static int counter_node(CounterSearch *cs, Position *pos, uint16_t e, int depth, TbResult *out)
{
    TbResult undecided = tb_entry_wdl(e) > TB_DRAW ? TB_RESULT_WIN_OR_DRAW : TB_RESULT_LOSS_OR_DRAW;
    bool hit;
    CounterMemo *m = memo_slot(cs, pos, &hit);
    if (hit && m->result != 0xff) {
        *out = (TbResult)m->result;
        return 0;
    }
    m->e = e;
    if (depth <= 0 || cs->work <= 0) {
        cs->cut = true;
        *out = undecided;
        return 0;
    }
    cs->work--;
    CounterNode *nd = malloc(sizeof *nd);
    if (!nd) return -1;
    movegen_legal(pos, &nd->list);
    TbResult best = TB_RESULT_LOSS;
    int rc = 0, n = nd->list.n;
    /* First every successor whose result needs no tree. */
    for (int i = 0; i < n && rc == 0 && best != TB_RESULT_WIN; i++) {
        Undo u;
        position_make(pos, &nd->list.moves[i], &u);
        rc = memo_probe(cs, pos, &nd->e[i]);
        nd->open[i] = rc == 0 && !tb_counted_exact(pos, nd->e[i]);
        if (rc == 0 && !nd->open[i]) {
            TbResult r = tb_result_negate(
                (TbResult)tb_wdl_counted(nd->e[i], pos->draw_plies, pos->rules.draw_plies));
            if (r > best) best = r;
        }
        position_unmake(pos, &nd->list.moves[i], &u);
    }
    /* Then the others, while one of them can do better. */
    for (int i = 0; i < n && rc == 0 && best != TB_RESULT_WIN; i++) {
        if (!nd->open[i]) continue;
        TbResult reach = tb_entry_wdl(nd->e[i]) < TB_DRAW ? TB_RESULT_WIN : TB_RESULT_DRAW;
        if (result_high(reach) <= result_low(best)) continue;
        Undo u;
        TbResult r;
        position_make(pos, &nd->list.moves[i], &u);
        rc = counter_node(cs, pos, nd->e[i], depth - 1, &r);
        position_unmake(pos, &nd->list.moves[i], &u);
        r = tb_result_negate(r);
        if (rc == 0 && r > best) best = r;
    }
    free(nd);
    *out = best;
    /* The slot again: the successors may have taken it. */
    if (rc == 0 && tb_result_decided(best)) {
        m = memo_slot(cs, pos, &hit);
        m->e = e;
        m->result = (uint8_t)best;
    }
    return rc;
}

/* The result of pos with entry e at its counter (tb_set_verdict() of a
 * successor): tb_wdl_counted() where that is exact, else the tree of
 * counter_node() by iterative deepening (the shallowest proof is found
 * first) until the result is decided, no node was cut (the tree is
 * complete: every counter up to the limit is searched) or the budget is
 * spent. */
static int counted_result(const TbSet *set, const Position *pos, uint16_t e, TbResult *out)
{
    if (tb_counted_exact(pos, e)) {
        *out = (TbResult)tb_wdl_counted(e, pos->draw_plies, pos->rules.draw_plies);
        return 0;
    }
    CounterSearch cs = { set, TB_COUNTER_WORK, false, calloc(1 << MEMO_BITS, sizeof(CounterMemo)) };
    if (!cs.memo) return -1;
    Position p = *pos;
    int most = pos->rules.draw_plies - pos->draw_plies + 1, rc = 0;
    for (int depth = 1; depth <= most && rc == 0; depth++) {
        cs.cut = false;
        rc = counter_node(&cs, &p, e, depth, out);
        if (tb_result_decided(*out) || !cs.cut || cs.work <= 0) break;
    }
    free(cs.memo);
    return rc;
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
        TbResult r = TB_RESULT_DRAW;
        bool z = tb_move_zeroing(pos, &list->moves[i]);
        position_make(&p, &list->moves[i], &u);
        if (tb_set_probe(set, &p, &succ) != 0 || counted_result(set, &p, succ, &r) != 0) {
            free(list);
            return -1;
        }
        TbRootMove rm = { list->moves[i], tb_move_entry(z, succ), tb_result_negate(r) };
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

/* The slot of pos's verdict in this thread's cache (NULL without one);
 * *hit when it holds it. */
static VerdictSlot *verdict_slot(const TbSet *set, const Position *pos, bool *hit)
{
    ThreadCache *c = thread_cache();
    *hit = false;
    if (!c) return NULL;
    TabalPlace at = place_of(pos);
    VerdictSlot *v = &c->verdicts[place_slot(pos, set->id, VERDICT_BITS)];
    *hit = v->used && v->set_id == set->id && place_equal(&v->at, &at);
    if (!*hit) *v = (VerdictSlot){ set->id, at, 0, 0, 0 };
    return v;
}

int tb_set_verdict(const TbSet *set, const Position *pos, uint16_t *e, TbResult *v)
{
    int rc = tb_set_probe(set, pos, e);
    if (rc != 0) return rc;
    *v = (TbResult)tb_wdl_counted(*e, pos->draw_plies, pos->rules.draw_plies);
    if (tb_entry_dtz(*e) == 0) return 0;
    if (pos->rules.draw_plies > 0 && pos->draw_plies >= pos->rules.draw_plies) {
        *v = TB_RESULT_DRAW; /* the game is over by RULES.md section 3 */
        return 0;
    }
    /* The moves are read also where the entry decides (the same result):
     * a successor's missing table is an error either way. */
    bool exact = tb_counted_exact(pos, *e), hit = false;
    VerdictSlot *slot = exact ? NULL : verdict_slot(set, pos, &hit);
    if (hit) {
        *v = (TbResult)slot->v;
        return 0;
    }
    TbRootMove *tm = malloc(MAX_MOVES * sizeof *tm);
    int n = tm ? tb_set_root(set, pos, tm, MAX_MOVES) : -1;
    if (n > 0) *v = tm[0].v;
    free(tm);
    if (n < 0) return -1;
    /* Again: the successors' trees may have taken the slot. */
    slot = exact ? NULL : verdict_slot(set, pos, &hit);
    if (slot) {
        slot->e = *e;
        slot->v = (uint8_t)*v;
        slot->used = 1;
    }
    return 0;
}

void tb_verdict_string(uint16_t e, TbResult v, char *buf, size_t len)
{
    TbWdl w = tb_entry_wdl(e);
    TbWdl plain = w == TB_WIN || w == TB_LOSS ? w : TB_DRAW;
    if (!tb_result_decided(v))
        snprintf(buf, len, "unknown (%s %d past DrawPlies: not decided at this counter)",
                 tb_wdl_name(w), tb_entry_dtz(e));
    else if ((int)v == (int)plain)
        snprintf(buf, len, "%s %d", tb_wdl_name(w), tb_entry_dtz(e));
    else
        snprintf(buf, len, "%s (%s %d %s)", tb_wdl_name((TbWdl)v), tb_wdl_name(w), tb_entry_dtz(e),
                 v == TB_RESULT_DRAW ? "past DrawPlies" : "with DrawPlies off");
}
