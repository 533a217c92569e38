/* generate.c - retrograde analysis of one signature (see generate.h). */
#include "generate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb/tb_mirror.h"
#include "tb/tb_probe.h"
#include "unmove.h"

int gen_lookup(const GenLookup *deps, const Position *pos, uint16_t *e)
{
    /* A table holds its terminal positions too; the rules judge the rest. */
    TbSig s = tb_sig_of(pos);
    if (pos->by_color[WHITE] && pos->by_color[BLACK])
        for (int i = 0; i < deps->n; i++)
            if (tb_sig_equal(&deps->tables[i]->sig, &s)) {
                *e = deps->tables[i]->e[tb_layout_index(&deps->tables[i]->lay, pos)];
                return 0;
            }
    return tb_probe_terminal(pos, e) == 0 ? 0 : -1;
}

/* The working memory is 3 bytes a stored position: the 16-bit entry array
 * that the build returns, used as a working word until the end, and one
 * byte of move count.  The word: the value without DrawPlies in bits
 * 13-14 (V_*), in pass 1 bit 15 "a draw among the moves that leave the
 * signature", in pass 2 bit 15 "distance final" and the distance in bits
 * 0-12 (0..TB_DTZ_MAX).  The byte: in pass 1 the internal moves not yet
 * decided, in pass 2 a loss's plain moves whose distance is not final,
 * and for a win 1 while it has no distance yet.  gen_build turns the
 * words into entries (tb_entry) at the end. */
enum { V_UNKNOWN = 0, V_WIN = 1, V_LOSS = 2, V_DRAW = 3 };
enum { V_SHIFT = 13, V_BITS = 3u << V_SHIFT, EXT_DRAW = 1u << 15, FINAL = 1u << 15 };
enum { DIST_MASK = TB_DTZ_MAX, NO_DIST = 0xffff };

typedef struct Bucket {
    uint32_t *v;
    size_t n, cap;
} Bucket;

typedef struct Build {
    const Rules *rules;
    const TbSig *sig;
    TbLayout lay; /* of sig */
    const GenLookup *deps;
    uint64_t n;
    uint16_t *w;     /* the working words, then the entries (above) */
    uint8_t *cnt;    /* the move counts (above) */
    Bucket *buckets; /* [TB_DTZ_MAX + 2] */
    int nbuckets;
    MoveList list;
    uint64_t preds[2 * UNMOVE_MAX]; /* indices of predecessors */
    int oom;
    bool cur_lost; /* pass 2: the position whose predecessors are */
    int cur_next;  /* sought is lost; the distance they would get */
} Build;

static int val(const Build *b, uint64_t i)
{
    return b->w[i] >> V_SHIFT & 3;
}

static void set_val(Build *b, uint64_t i, int v)
{
    b->w[i] = (uint16_t)((b->w[i] & ~V_BITS) | (unsigned)v << V_SHIFT);
}

static int dist(const Build *b, uint64_t i)
{
    return b->w[i] & DIST_MASK;
}

static void set_dist(Build *b, uint64_t i, int d)
{
    b->w[i] = (uint16_t)((b->w[i] & ~DIST_MASK) | (unsigned)d);
}

static int push(Bucket *b, uint32_t x)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 1024;
        uint32_t *v = realloc(b->v, cap * sizeof *v);
        if (!v) return -1;
        b->v = v;
        b->cap = cap;
    }
    b->v[b->n++] = x;
    return 0;
}

/* A move that stays in the signature: not a capture, not a crowning. */
static bool internal_move(const Position *pos, const Move *m)
{
    if (move_is_capture(m)) return false;
    return !(pos->geo->variant == VARIANT_TABAL && piece_type(pos->board[m->from]) == MAN
             && bb_test(pos->geo->far_base[pos->stm], m->to));
}

static TbWdl plain(TbWdl w)
{
    return w == TB_CURSED_WIN ? TB_WIN : w == TB_BLESSED_LOSS ? TB_LOSS : w;
}

/* Pass 1, first half: every position's terminal value, external moves and
 * count of internal moves.  The decided ones go into the queue b. */
static int pass1_init(Build *b, Bucket *queue, char *err, size_t errlen)
{
    TbCursor cur = { 0 };
    for (uint64_t i = 0; i < b->n; i++) {
        Position pos;
        tb_layout_position_seq(&b->lay, i, b->rules, &pos, &cur);
        uint16_t e;
        uint8_t v = V_UNKNOWN, extdraw = 0;
        int cnt = 0;
        /* No legal move: over by the rules (tb_probe_terminal says how);
         * one move generation serves both questions. */
        if (movegen_legal(&pos, &b->list) == 0 && tb_probe_terminal(&pos, &e) == 0) {
            TbWdl w = tb_entry_wdl(e);
            v = w == TB_WIN ? V_WIN : w == TB_LOSS ? V_LOSS : V_DRAW;
        } else {
            for (int k = 0; k < b->list.n && v != V_WIN; k++) {
                const Move *m = &b->list.moves[k];
                if (internal_move(&pos, m)) {
                    cnt++;
                    continue;
                }
                Position s = pos;
                Undo u;
                position_make(&s, m, &u);
                if (gen_lookup(b->deps, &s, &e) != 0) {
                    char fen[160], name[TB_SIG_NAME];
                    position_fen(&s, fen, sizeof fen);
                    TbSig ss = tb_sig_of(&s);
                    tb_sig_name(&ss, name, sizeof name);
                    snprintf(err, errlen, "table %s is needed (position %s) but not built", name,
                             fen);
                    return -1;
                }
                TbWdl w = plain(tb_entry_wdl(e));
                if (w == TB_LOSS)
                    v = V_WIN;
                else if (w == TB_DRAW)
                    extdraw = 1;
            }
            if (v == V_UNKNOWN && cnt == 0) v = extdraw ? V_DRAW : V_LOSS;
        }
        if (cnt > 255) {
            snprintf(err, errlen, "a position has %d moves inside its signature (at most 255)",
                     cnt);
            return -1;
        }
        b->w[i] = (uint16_t)((unsigned)v << V_SHIFT | (extdraw ? EXT_DRAW : 0));
        b->cnt[i] = (uint8_t)cnt;
        if ((v == V_WIN || v == V_LOSS) && push(queue, (uint32_t)i) != 0) return b->oom = 1, -1;
    }
    return 0;
}

/* Candidates worth checking: pass 1 wants undecided positions, pass 2
 * those whose distance is still open. */
static bool wanted_pass1(void *ctx, const Position *p, uint64_t *idx)
{
    Build *b = ctx;
    return tb_layout_stored_index(&b->lay, p, idx) && val(b, *idx) == V_UNKNOWN;
}

static bool wanted_pass2(void *ctx, const Position *p, uint64_t *idx)
{
    Build *b = ctx;
    if (!tb_layout_stored_index(&b->lay, p, idx)) return false;
    uint64_t i = *idx;
    if (b->w[i] & FINAL) return false;
    int v = val(b, i);
    return b->cur_lost ? v == V_WIN && (b->cnt[i] || b->cur_next < dist(b, i)) : v == V_LOSS;
}

/* The stored predecessors of stored position q: those of q, and those of
 * its mirror when the mirror is indexed as q (tb_index.h).  Each move of a
 * stored position into q or its mirror is found once; the candidates that
 * are not stored themselves are skipped (wanted_pass1/2), their mirrors
 * being found through the other half. */
static int predecessors(Build *b, const Position *q, uint64_t qidx, bool with_men,
                        UnmoveWanted wanted)
{
    int np = unmove_predecessors(q, with_men, wanted, b, b->preds);
    /* Weight 2: the mirror is another position, not stored. */
    if (tb_layout_weight(&b->lay, qidx) == 2) {
        Position mq;
        tb_mirror_position(q, &mq);
        np += unmove_predecessors(&mq, with_men, wanted, b, b->preds + np);
    }
    return np;
}

/* Pass 1, second half: from each decided position to its predecessors. */
static int pass1_propagate(Build *b, Bucket *queue)
{
    for (size_t qi = 0; qi < queue->n; qi++) {
        uint32_t qidx = queue->v[qi];
        Position q;
        tb_layout_position(&b->lay, qidx, b->rules, &q);
        bool lost = val(b, qidx) == V_LOSS;
        int np = predecessors(b, &q, qidx, true, wanted_pass1);
        for (int k = 0; k < np; k++) {
            uint64_t p = b->preds[k];
            if (val(b, p) != V_UNKNOWN) continue;
            if (lost) {
                set_val(b, p, V_WIN);
            } else if (--b->cnt[p] == 0) {
                if (b->w[p] & EXT_DRAW) {
                    set_val(b, p, V_DRAW);
                    continue;
                }
                set_val(b, p, V_LOSS);
            } else {
                continue;
            }
            if (push(queue, (uint32_t)p) != 0) return b->oom = 1, -1;
        }
    }
    for (uint64_t i = 0; i < b->n; i++)
        if (val(b, i) == V_UNKNOWN) set_val(b, i, V_DRAW);
    return 0;
}

static int to_bucket(Build *b, int d, uint32_t idx)
{
    if (d > TB_DTZ_MAX) d = TB_DTZ_MAX;
    if (d >= b->nbuckets) b->nbuckets = d + 1;
    return push(&b->buckets[d], idx) != 0 ? (b->oom = 1, -1) : 0;
}

/* Pass 2, first half: the zeroing moves of every won or lost position.
 * Each word loses its pass-1 bit 15 here; its value bits, which the
 * lookups of later positions read, stay. */
static int pass2_init(Build *b)
{
    TbCursor cur = { 0 };
    for (uint64_t i = 0; i < b->n; i++) {
        int v = val(b, i);
        b->w[i] = (uint16_t)((unsigned)v << V_SHIFT);
        b->cnt[i] = v == V_WIN; /* no distance yet */
        if (v != V_WIN && v != V_LOSS) continue;
        Position pos;
        tb_layout_position_seq(&b->lay, i, b->rules, &pos, &cur);
        uint16_t e;
        if (movegen_legal(&pos, &b->list) == 0 && tb_probe_terminal(&pos, &e) == 0) {
            b->cnt[i] = 0;
            if (to_bucket(b, 0, (uint32_t)i) != 0) return -1;
            continue;
        }
        int cnt = 0, best = NO_DIST, worst = 0;
        for (int k = 0; k < b->list.n; k++) {
            const Move *m = &b->list.moves[k];
            bool zero = tb_move_zeroing(&pos, m), inside = internal_move(&pos, m);
            if (!zero) {
                cnt++;
                continue;
            }
            Position s = pos;
            Undo u;
            position_make(&s, m, &u);
            if (inside) {
                int sv = val(b, tb_layout_index(&b->lay, &s));
                e = tb_entry(sv == V_WIN ? TB_WIN : sv == V_LOSS ? TB_LOSS : TB_DRAW, 0);
            } else if (gen_lookup(b->deps, &s, &e) != 0) {
                return -1;
            }
            uint16_t me = tb_move_entry(true, e);
            TbWdl w = tb_entry_wdl(me);
            if (v == V_WIN && w > TB_DRAW && tb_entry_dtz(me) < best) best = tb_entry_dtz(me);
            if (v == V_LOSS && tb_entry_dtz(me) > worst) worst = tb_entry_dtz(me);
        }
        if (v == V_WIN) {
            if (best == NO_DIST) continue;
            set_dist(b, i, best);
            b->cnt[i] = 0;
            if (to_bucket(b, best, (uint32_t)i) != 0) return -1;
        } else {
            set_dist(b, i, worst);
            b->cnt[i] = (uint8_t)cnt;
            if (cnt == 0 && to_bucket(b, worst, (uint32_t)i) != 0) return -1;
        }
    }
    return 0;
}

/* Pass 2, second half: distances in increasing order along plain moves. */
static int pass2_propagate(Build *b)
{
    for (int d = 0; d < b->nbuckets; d++) {
        Bucket *bk = &b->buckets[d];
        for (size_t j = 0; j < bk->n; j++) {
            uint32_t qidx = bk->v[j];
            if (b->w[qidx] & FINAL) continue;
            if (dist(b, qidx) != d && d < TB_DTZ_MAX) continue; /* a stale entry */
            b->w[qidx] |= FINAL;
            bool lost = val(b, qidx) == V_LOSS;
            Position q;
            tb_layout_position(&b->lay, qidx, b->rules, &q);
            int nd = d + 1 > TB_DTZ_MAX ? TB_DTZ_MAX : d + 1;
            b->cur_lost = lost;
            b->cur_next = nd;
            int np = predecessors(b, &q, qidx, false, wanted_pass2);
            for (int k = 0; k < np; k++) {
                uint64_t p = b->preds[k];
                if (b->w[p] & FINAL) continue;
                int pv = val(b, p);
                if (pv == V_WIN && lost && (b->cnt[p] || nd < dist(b, p))) {
                    set_dist(b, p, nd);
                    b->cnt[p] = 0;
                    if (to_bucket(b, nd, (uint32_t)p) != 0) return -1;
                } else if (pv == V_LOSS && !lost) {
                    if (nd > dist(b, p)) set_dist(b, p, nd);
                    if (--b->cnt[p] == 0 && to_bucket(b, dist(b, p), (uint32_t)p) != 0) return -1;
                }
            }
        }
        free(bk->v);
        memset(bk, 0, sizeof *bk);
    }
    return 0;
}

int gen_build(const Rules *r, const TbSig *s, const GenLookup *deps, uint16_t **out, GenStats *st,
              char *err, size_t errlen)
{
    Build *b = calloc(1, sizeof *b);
    Bucket queue = { 0 };
    int rc = -1;
    if (!b) goto oom;
    b->rules = r;
    b->sig = s;
    tb_layout_init(&b->lay, s);
    b->deps = deps;
    b->n = tb_index_size(s);
    if (b->n >= UINT32_MAX) {
        snprintf(err, errlen, "table too large (%llu positions)", (unsigned long long)b->n);
        goto done;
    }
    b->w = calloc(b->n, sizeof *b->w);
    b->cnt = calloc(b->n, 1);
    b->buckets = calloc(TB_DTZ_MAX + 2, sizeof *b->buckets);
    if (!b->w || !b->cnt || !b->buckets) goto oom;
    if (pass1_init(b, &queue, err, errlen) != 0) {
        if (b->oom) goto oom;
        goto done;
    }
    if (pass1_propagate(b, &queue) != 0) goto oom;
    free(queue.v);
    queue.v = NULL;
    if (pass2_init(b) != 0 || pass2_propagate(b) != 0) {
        if (b->oom) goto oom;
        snprintf(err, errlen, "a table needed for the distances is missing");
        goto done;
    }
    memset(st, 0, sizeof *st);
    for (uint64_t i = 0; i < b->n; i++) {
        int v = val(b, i), d = dist(b, i);
        TbWdl w = TB_DRAW;
        if (v == V_WIN || v == V_LOSS) {
            if (!(b->w[i] & FINAL)) {
                snprintf(err, errlen, "position %llu: no distance found (internal error)",
                         (unsigned long long)i);
                goto done;
            }
            w = v == V_WIN ? (d > TB_DRAW_PLIES ? TB_CURSED_WIN : TB_WIN)
                           : (d > TB_DRAW_PLIES ? TB_BLESSED_LOSS : TB_LOSS);
        } else {
            d = 0;
        }
        b->w[i] = tb_entry(w, d);
        st->count[i >= b->n / 2][w] += (uint64_t)tb_layout_weight(&b->lay, i);
        if (w == TB_WIN && d > st->longest_win) st->longest_win = d;
        if (v == V_WIN && d > st->longest_any) st->longest_any = d;
    }
    *out = b->w;
    b->w = NULL;
    rc = 0;
    goto done;
oom:
    snprintf(err, errlen, "out of memory");
done:
    if (b) {
        free(b->w);
        free(b->cnt);
        if (b->buckets)
            for (int d = 0; d < TB_DTZ_MAX + 2; d++)
                free(b->buckets[d].v);
        free(b->buckets);
    }
    free(b);
    free(queue.v);
    return rc;
}
