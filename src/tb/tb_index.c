/* tb_index.c - combinadic ranking of the placements of a signature. */
#include "tb_index.h"

#include <pthread.h>
#include <string.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

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

/* Groups in index order: White K, P, M, then Black K, P, M. */
static const PieceType group_type[3] = { KING, PRINCE, MAN };

uint64_t tb_index_half(const TbSig *s)
{
    pthread_once(&binom_once, binom_init);
    int free_pts = geometry_of(s->variant)->npoints;
    uint64_t n = 1;
    for (int c = 0; c < 2; c++)
        for (int g = 0; g < 3; g++) {
            int k = s->count[c][group_type[g]];
            n *= binom[free_pts][k];
            free_pts -= k;
        }
    return n;
}

uint64_t tb_index_size(const TbSig *s)
{
    return 2 * tb_index_half(s);
}

uint64_t tb_index_of(const TbSig *s, const Position *pos)
{
    pthread_once(&binom_once, binom_init);
    int free_pts = pos->geo->npoints;
    uint64_t idx = 0, half = 1;
    if (free_pts <= 64) {
        /* Tabal's 37 points: the same in one 64-bit word. */
        uint64_t taken = 0;
        for (int c = 0; c < 2; c++)
            for (int g = 0; g < 3; g++) {
                int k = s->count[c][group_type[g]];
                if (!k) continue;
                uint64_t grp = (uint64_t)(pos->by_color[c] & pos->by_type[group_type[g]]), b = grp;
                uint64_t rank = 0;
                for (int i = 0; i < k; i++) {
                    int p = __builtin_ctzll(b);
                    b &= b - 1;
                    rank += binom[p - __builtin_popcountll(taken & ((1ull << p) - 1))][i + 1];
                }
                taken |= grp;
                idx = idx * binom[free_pts][k] + rank;
                half *= binom[free_pts][k];
                free_pts -= k;
            }
        return (uint64_t)pos->stm * half + idx;
    }
    Bitboard taken = 0;
    for (int c = 0; c < 2; c++)
        for (int g = 0; g < 3; g++) {
            int k = s->count[c][group_type[g]];
            if (!k) continue;
            Bitboard b = pos->by_color[c] & pos->by_type[group_type[g]];
            uint64_t rank = 0;
            for (int i = 0; i < k; i++) {
                int p = bb_pop(&b);
                int rel = p - bb_count(taken & (bb_bit(p) - 1));
                rank += binom[rel][i + 1];
            }
            taken |= pos->by_color[c] & pos->by_type[group_type[g]];
            idx = idx * binom[free_pts][k] + rank;
            half *= binom[free_pts][k];
            free_pts -= k;
        }
    return (uint64_t)pos->stm * half + idx;
}

void tb_index_position(const TbSig *s, uint64_t idx, const Rules *r, Position *pos)
{
    pthread_once(&binom_once, binom_init);
    const Geometry *geo = geometry_of(s->variant);
    memset(pos, 0, sizeof *pos);
    pos->rules = *r;
    pos->geo = geo;
    uint64_t half = tb_index_half(s);
    pos->stm = idx >= half ? BLACK : WHITE;
    idx %= half;
    pos->move_number = 1;
    /* The ranks of the groups, last group in the lowest digits. */
    uint64_t ranks[6];
    int sizes[6], ks[6], free_pts = geo->npoints;
    for (int g = 0; g < 6; g++) {
        ks[g] = s->count[g / 3][group_type[g % 3]];
        sizes[g] = free_pts;
        free_pts -= ks[g];
    }
    for (int g = 5; g >= 0; g--) {
        uint64_t m = binom[sizes[g]][ks[g]];
        ranks[g] = idx % m;
        idx /= m;
    }
    Bitboard taken = 0;
    for (int g = 0; g < 6; g++) {
        int k = ks[g];
        if (!k) continue;
        Color c = (Color)(g / 3);
        PieceType t = group_type[g % 3];
        Bitboard placed = 0;
        uint64_t rank = ranks[g];
        Bitboard free = geo->all & ~taken;
        for (int i = k; i >= 1; i--) {
            /* The largest rel with binom[rel][i] <= rank. */
            int rel;
            if (i == 1) {
                rel = (int)rank;
            } else {
                int lo = i - 1, hi = geo->npoints - 1;
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
            /* The rel-th free point (0-based). */
            int p = select_point(free, rel);
            placed |= bb_bit(p);
            pos->board[p] = (uint8_t)piece_make(c, t);
        }
        taken |= placed;
        pos->by_color[c] |= placed;
        pos->by_type[t] |= placed;
    }
}
