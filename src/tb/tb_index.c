/* tb_index.c - combinadic ranking of the placements of a signature, with
 * the first group folded by the mirror (tb_index.h). */
#include "tb_index.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "tb_mirror.h"

static uint64_t binom[MAX_POINTS + 1][TB_MAX_PIECES + 1];
static pthread_once_t binom_once = PTHREAD_ONCE_INIT;

static void binom_init(void)
{
    for (int n = 0; n <= MAX_POINTS; n++) {
        binom[n][0] = 1;
        for (int k = 1; k <= TB_MAX_PIECES; k++)
            binom[n][k] = n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    }
}

/* The n-th (0-based) point of a set of more than n points. */
static inline int select_point(Bitboard b, int n)
{
    uint64_t lo = (uint64_t)b;
    int base = 0, c = __builtin_popcountll(lo);
    if (n >= c) {
        lo = (uint64_t)(b >> 64);
        n -= c;
        base = 64;
    }
#ifdef __BMI2__
    return base + __builtin_ctzll(_pdep_u64(1ull << n, lo));
#else
    while (n--)
        lo &= lo - 1;
    return base + __builtin_ctzll(lo);
#endif
}

/* Rank of the k points of b among the points not in taken (combinadic). */
static inline uint64_t comb_rank(Bitboard b, Bitboard taken, int k, int npoints)
{
    uint64_t rank = 0;
    if (npoints <= 64) {
        /* Tabal's 37 points: the same in one 64-bit word. */
        uint64_t b64 = (uint64_t)b, t64 = (uint64_t)taken;
        for (int i = 0; i < k; i++) {
            int p = __builtin_ctzll(b64);
            b64 &= b64 - 1;
            rank += binom[p - __builtin_popcountll(t64 & ((1ull << p) - 1))][i + 1];
        }
        return rank;
    }
    /* Dablot's 72 points: the two words apart, the low one first. */
    uint64_t lo = (uint64_t)b, hi = (uint64_t)(b >> 64);
    uint64_t tlo = (uint64_t)taken, thi = (uint64_t)(taken >> 64);
    for (int i = 0; i < k; i++) {
        int p, below;
        if (lo) {
            p = __builtin_ctzll(lo);
            lo &= lo - 1;
            below = __builtin_popcountll(tlo & ((1ull << p) - 1));
        } else {
            int q = __builtin_ctzll(hi);
            hi &= hi - 1;
            p = 64 + q;
            below = __builtin_popcountll(tlo) + __builtin_popcountll(thi & ((1ull << q) - 1));
        }
        rank += binom[p - below][i + 1];
    }
    return rank;
}

/* The k points of rank `rank` among the free points (inverse of comb_rank). */
static Bitboard comb_unrank(uint64_t rank, int k, Bitboard free, int npoints)
{
    Bitboard placed = 0;
    for (int i = k; i >= 1; i--) {
        /* The largest rel with binom[rel][i] <= rank. */
        int rel;
        if (i == 1) {
            rel = (int)rank;
        } else {
            int lo = i - 1, hi = npoints - 1;
            while (lo < hi) {
                int mid = (lo + hi + 1) / 2;
                if (binom[mid][i] <= rank)
                    lo = mid;
                else
                    hi = mid - 1;
            }
            rel = lo;
        }
        rank -= binom[rel][i];
        placed |= bb_bit(select_point(free, rel));
    }
    return placed;
}

/* Groups in index order: White K, P, M, then Black K, P, M. */
static const PieceType group_type[3] = { KING, PRINCE, MAN };

/* The first group's placements folded by the mirror, per board and size:
 * kept are the combinations whose rank is at most their mirror's. */
enum { FOLD_MAX_COMBINATIONS = 1 << 22, DROPPED = UINT32_MAX };
struct TbFold {
    int ready; /* read with acquire, set with release once built */
    uint32_t nkept;
    uint32_t *compact; /* [binom] kept rank, or DROPPED */
    uint32_t *expand;  /* [nkept] the combination's rank */
    uint8_t *sym;      /* [nkept] 1 if the combination is its own mirror */
};
typedef struct TbFold Fold;
static Fold folds[VARIANT_NB][TB_MAX_PIECES + 1];
static pthread_mutex_t fold_mu = PTHREAD_MUTEX_INITIALIZER;

static const Fold *fold_get(Variant v, int k)
{
    const Geometry *g = geometry_of(v);
    if (k < 1 || binom[g->npoints][k] > FOLD_MAX_COMBINATIONS) return NULL;
    Fold *f = &folds[v][k];
    if (__atomic_load_n(&f->ready, __ATOMIC_ACQUIRE)) return f;
    pthread_mutex_lock(&fold_mu);
    if (!f->ready) {
        uint32_t n = (uint32_t)binom[g->npoints][k], kept = 0;
        uint32_t *compact = malloc(n * sizeof *compact), *expand = malloc(n * sizeof *expand);
        uint8_t *sym = malloc(n);
        if (!compact || !expand || !sym) abort(); /* a few MB at most */
        for (uint32_t r = 0; r < n; r++) {
            Bitboard b = comb_unrank(r, k, g->all, g->npoints);
            uint64_t rm = comb_rank(tb_mirror_bb(v, b), 0, k, g->npoints);
            if (r > rm) {
                compact[r] = DROPPED;
                continue;
            }
            sym[kept] = r == rm;
            expand[kept] = r;
            compact[r] = kept++;
        }
        f->nkept = kept;
        f->compact = compact;
        f->expand = expand;
        f->sym = sym;
        __atomic_store_n(&f->ready, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&fold_mu);
    return f;
}

void tb_layout_init(TbLayout *l, const TbSig *s)
{
    pthread_once(&binom_once, binom_init);
    memset(l, 0, sizeof *l);
    l->variant = s->variant;
    l->npoints = geometry_of(s->variant)->npoints;
    l->first = -1;
    for (int g = 0; g < 6; g++) {
        l->ks[g] = s->count[g / 3][group_type[g % 3]];
        if (l->ks[g] && l->first < 0) l->first = g;
        if (l->ks[g]) l->groups[l->ngroups++] = (int8_t)g;
    }
    l->fold = l->first >= 0 ? fold_get(s->variant, l->ks[l->first]) : NULL;
    l->base0 = l->fold ? l->fold->nkept : l->first >= 0 ? binom[l->npoints][l->ks[l->first]] : 1;
    int free_pts = l->npoints;
    l->rest = 1;
    for (int g = 0; g < 6; g++) {
        l->free[g] = free_pts;
        l->size[g] = binom[free_pts][l->ks[g]];
        if (g > l->first) l->rest *= l->size[g];
        free_pts -= l->ks[g];
    }
    l->half = l->base0 * l->rest;
}

uint64_t tb_index_half(const TbSig *s)
{
    TbLayout l;
    tb_layout_init(&l, s);
    return l.half;
}

uint64_t tb_index_size(const TbSig *s)
{
    return 2 * tb_index_half(s);
}

uint64_t tb_index_placements(const TbSig *s)
{
    pthread_once(&binom_once, binom_init);
    int free_pts = geometry_of(s->variant)->npoints;
    uint64_t n = 2;
    for (int g = 0; g < 6; g++) {
        int k = s->count[g / 3][group_type[g % 3]];
        n *= binom[free_pts][k];
        free_pts -= k;
    }
    return n;
}

/* Group g of pos: White K, P, M, then Black's. */
static inline Bitboard group_of(const Position *pos, int g)
{
    static const uint8_t color[6] = { WHITE, WHITE, WHITE, BLACK, BLACK, BLACK };
    static const uint8_t type[6] = { KING, PRINCE, MAN, KING, PRINCE, MAN };
    return pos->by_color[color[g]] & pos->by_type[type[g]];
}

/* The rank of the first group of pos (unfolded). */
static uint64_t first_rank(const TbLayout *l, const Position *pos)
{
    return comb_rank(group_of(pos, l->first), 0, l->ks[l->first], l->npoints);
}

bool tb_layout_stored(const TbLayout *l, const Position *pos)
{
    return !l->fold || l->fold->compact[first_rank(l, pos)] != DROPPED;
}

/* The index of pos given the digit of its first group (after folding),
 * the first group's points in taken, and whether the other groups are
 * to be mirrored.  Each group is read from pos only here, so that a
 * candidate that is not stored costs the first group alone. */
static uint64_t index_rest(const TbLayout *l, const Position *pos, uint64_t d0, Bitboard taken,
                           bool mirrored)
{
    uint64_t idx = d0;
    for (int j = 1; j < l->ngroups; j++) {
        int g = l->groups[j], k = l->ks[g];
        Bitboard b = group_of(pos, g);
        if (mirrored) b = tb_mirror_bb(l->variant, b);
        idx = idx * l->size[g] + comb_rank(b, taken, k, l->npoints);
        taken |= b;
    }
    return (uint64_t)pos->stm * l->half + idx;
}

uint64_t tb_layout_index(const TbLayout *l, const Position *pos)
{
    if (l->first < 0) return 0;
    int k0 = l->ks[l->first];
    Bitboard b0 = group_of(pos, l->first);
    uint64_t d0 = comb_rank(b0, 0, k0, l->npoints);
    bool mirrored = l->fold && l->fold->compact[d0] == DROPPED;
    if (mirrored) {
        /* Its mirror is the stored one. */
        b0 = tb_mirror_bb(l->variant, b0);
        d0 = comb_rank(b0, 0, k0, l->npoints);
    }
    if (l->fold) d0 = l->fold->compact[d0];
    return index_rest(l, pos, d0, b0, mirrored);
}

bool tb_layout_stored_index(const TbLayout *l, const Position *pos, uint64_t *idx)
{
    if (l->first < 0) return *idx = 0, true;
    Bitboard b0 = group_of(pos, l->first);
    uint64_t d0 = comb_rank(b0, 0, l->ks[l->first], l->npoints);
    if (l->fold) {
        if (l->fold->compact[d0] == DROPPED) return false;
        d0 = l->fold->compact[d0];
    }
    *idx = index_rest(l, pos, d0, b0, false);
    return true;
}

int tb_layout_weight(const TbLayout *l, uint64_t idx)
{
    if (!l->fold) return 1;
    return l->fold->sym[(idx % l->half) / l->rest] ? 1 : 2;
}

uint64_t tb_index_of(const TbSig *s, const Position *pos)
{
    TbLayout l;
    tb_layout_init(&l, s);
    return tb_layout_index(&l, pos);
}

bool tb_index_stored(const TbSig *s, const Position *pos)
{
    TbLayout l;
    tb_layout_init(&l, s);
    return tb_layout_stored(&l, pos);
}

int tb_index_weight(const TbSig *s, uint64_t idx)
{
    TbLayout l;
    tb_layout_init(&l, s);
    return tb_layout_weight(&l, idx);
}

void tb_index_position(const TbSig *s, uint64_t idx, const Rules *r, Position *pos)
{
    TbLayout l;
    tb_layout_init(&l, s);
    tb_layout_position(&l, idx, r, pos);
}

void tb_layout_position(const TbLayout *l, uint64_t idx, const Rules *r, Position *pos)
{
    const Geometry *geo = geometry_of(l->variant);
    memset(pos, 0, sizeof *pos);
    pos->rules = *r;
    pos->geo = geo;
    pos->stm = idx >= l->half ? BLACK : WHITE;
    idx %= l->half;
    pos->move_number = 1;
    if (l->first < 0) return;
    /* The digits of the groups, last group in the lowest digits. */
    uint64_t ranks[6];
    for (int g = 5; g > l->first; g--) {
        if (!l->ks[g]) continue;
        ranks[g] = idx % l->size[g];
        idx /= l->size[g];
    }
    ranks[l->first] = l->fold ? l->fold->expand[idx] : idx;
    Bitboard taken = 0;
    for (int g = l->first; g < 6; g++) {
        int k = l->ks[g];
        if (!k) continue;
        Color c = (Color)(g / 3);
        PieceType t = group_type[g % 3];
        Bitboard placed = comb_unrank(ranks[g], k, geo->all & ~taken, l->npoints);
        for (Bitboard b = placed; b;)
            pos->board[bb_pop(&b)] = (uint8_t)piece_make(c, t);
        taken |= placed;
        pos->by_color[c] |= placed;
        pos->by_type[t] |= placed;
    }
}

void tb_layout_position_seq(const TbLayout *l, uint64_t idx, const Rules *r, Position *pos,
                            TbCursor *c)
{
    int gl = 5;
    while (gl > l->first && !l->ks[gl])
        gl--;
    if (l->first < 0 || gl == l->first) {
        tb_layout_position(l, idx, r, pos);
        return;
    }
    uint64_t hi = idx / l->size[gl];
    Color col = (Color)(gl / 3);
    PieceType t = group_type[gl % 3];
    if (!c->valid || c->hi != hi) {
        tb_layout_position(l, idx, r, pos);
        c->base = *pos;
        Bitboard last = pos->by_color[col] & pos->by_type[t];
        c->base.by_color[col] &= ~last;
        c->base.by_type[t] &= ~last;
        for (Bitboard b = last; b;)
            c->base.board[bb_pop(&b)] = EMPTY;
        c->free = pos->geo->all & ~(c->base.by_color[WHITE] | c->base.by_color[BLACK]);
        c->hi = hi;
        c->valid = true;
        return;
    }
    *pos = c->base;
    Bitboard placed = comb_unrank(idx % l->size[gl], l->ks[gl], c->free, l->npoints);
    for (Bitboard b = placed; b;)
        pos->board[bb_pop(&b)] = (uint8_t)piece_make(col, t);
    pos->by_color[col] |= placed;
    pos->by_type[t] |= placed;
}
