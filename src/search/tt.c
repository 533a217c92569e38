/*
 * tt.c - the shared transposition table (design in tt.h).
 */
#include "tt.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "params.h"

enum { BUCKET_ENTRIES = 4, BUCKET_BYTES = 64 };

#define HUGE_PAGE ((size_t)2 << 20) /* bytes: x86-64 and arm64 transparent huge pages */

/* Bit fields of the data word. */
#define MOVE_MASK   0xFFFFFFFFULL
#define SCORE_SHIFT 32
#define DEPTH_SHIFT 48
#define BOUND_SHIFT 56
#define GEN_SHIFT   58
#define GEN_COUNT   64

static inline uint64_t load_word(const uint64_t *w)
{
    return __atomic_load_n(w, __ATOMIC_RELAXED);
}

static inline void store_word(uint64_t *w, uint64_t v)
{
    __atomic_store_n(w, v, __ATOMIC_RELAXED);
}

static inline uint32_t data_move(uint64_t d) { return (uint32_t)(d & MOVE_MASK); }
static inline int data_score(uint64_t d) { return (int16_t)(uint16_t)(d >> SCORE_SHIFT); }
/* Stored depth is depth - TT_DEPTH_QS + 1 so that 0 means an empty slot. */
static inline int data_depth_raw(uint64_t d) { return (int)((d >> DEPTH_SHIFT) & 0xFF); }
static inline int data_bound(uint64_t d) { return (int)((d >> BOUND_SHIFT) & 3); }
static inline int data_gen(uint64_t d) { return (int)(d >> GEN_SHIFT); }

static uint64_t bucket_count(size_t mib)
{
    return (uint64_t)mib * 1024 * 1024 / BUCKET_BYTES;
}

/* Zeroed memory for nbuckets buckets, in bytes of it at *table (64-byte
 * aligned); NULL when there is no memory.  Fresh anonymous pages, already
 * zero: nothing is written, so start-up costs no time and no resident
 * memory until the search touches the table.  Where the system has them
 * (Linux), the table is 2 MiB-aligned and asks for transparent huge pages:
 * 512 times fewer page faults, each of which costs an inter-processor
 * interrupt once a second search thread runs, and fewer TLB misses
 * (docs/speed.md, "The TT in huge pages"; Stockfish's large-page TT). */
static void *alloc_table(uint64_t nbuckets, TTEntryPair **table, size_t *bytes)
{
    size_t want = (size_t)nbuckets * BUCKET_BYTES;
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
    size_t size = (want + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    char *p = mmap(NULL, size + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
                   0);
    if (p == MAP_FAILED) return NULL;
    /* Keep the aligned part only. */
    size_t head = (HUGE_PAGE - (uintptr_t)p % HUGE_PAGE) % HUGE_PAGE;
    if (head) munmap(p, head);
    munmap(p + head + size, HUGE_PAGE - head);
    p += head;
    madvise(p, size, MADV_HUGEPAGE); /* a hint: without it the table works alike */
    *table = (TTEntryPair *)p;
    *bytes = size;
    return p;
#else
    char *p = calloc(1, want + BUCKET_BYTES);
    if (!p) return NULL;
    *table = (TTEntryPair *)(p + (BUCKET_BYTES - (uintptr_t)p % BUCKET_BYTES) % BUCKET_BYTES);
    *bytes = want + BUCKET_BYTES;
    return p;
#endif
}

/* Gives back what alloc_table() returned (NULL: nothing). */
static void free_table(void *mem, size_t bytes)
{
    if (!mem) return;
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
    munmap(mem, bytes);
#else
    (void)bytes;
    free(mem);
#endif
}

/* Replaces tt's table by a new one of mib MiB (1..65536); -1 (tt kept)
 * when that fails. */
static int table_new(TT *tt, size_t mib)
{
    if (mib < 1 || mib > 65536) return -1;
    uint64_t n = bucket_count(mib);
    TTEntryPair *t;
    size_t bytes;
    void *mem = alloc_table(n, &t, &bytes);
    if (!mem) return -1;
    free_table(tt->mem, tt->mem_bytes);
    tt->mem = mem;
    tt->mem_bytes = bytes;
    tt->table = t;
    tt->nbuckets = n;
    tt->mib = mib;
    tt->generation = 0;
    tt->dirty = false;
    return 0;
}

int tt_init(TT *tt, size_t mib)
{
    memset(tt, 0, sizeof *tt);
    return table_new(tt, mib);
}

int tt_resize(TT *tt, size_t mib)
{
    if (tt->table && mib == tt->mib) {
        tt_clear(tt);
        return 0;
    }
    if (table_new(tt, mib) < 0) return -1;
    /* Fault every page in now, before "readyok": left to the search, a
     * large table's first faults (2 MiB each to zero) cost the first
     * moves most of their time (Hash 1000: go depth 8 took 3.4 s, not
     * 40 ms).  The start-up table (tt_init) stays lazy, for start-up
     * time. */
    for (size_t i = 0; i < tt->mem_bytes; i += 4096)
        ((volatile char *)tt->mem)[i] = 0;
    return 0;
}

void tt_free(TT *tt)
{
    free_table(tt->mem, tt->mem_bytes);
    memset(tt, 0, sizeof *tt);
}

void tt_clear(TT *tt)
{
    if (tt->table && tt->dirty) memset(tt->table, 0, (size_t)tt->nbuckets * BUCKET_BYTES);
    tt->generation = 0;
    tt->dirty = false;
}

void tt_new_search(TT *tt)
{
    tt->generation = (uint8_t)((tt->generation + 1) % GEN_COUNT);
}

static inline TTEntryPair *bucket_of(const TT *tt, uint64_t key)
{
    uint64_t i = (uint64_t)(((unsigned __int128)key * tt->nbuckets) >> 64);
    return tt->table + i * BUCKET_ENTRIES;
}

void tt_prefetch(const TT *tt, uint64_t key)
{
    __builtin_prefetch(bucket_of(tt, key));
}

bool tt_probe(const TT *tt, uint64_t key, TTHit *hit)
{
    TTEntryPair *b = bucket_of(tt, key);
    for (int i = 0; i < BUCKET_ENTRIES; i++) {
        uint64_t d = load_word(&b[i].data);
        uint64_t c = load_word(&b[i].check);
        if ((c ^ d) == key && data_depth_raw(d) != 0) {
            hit->move = data_move(d);
            hit->score = data_score(d);
            hit->depth = data_depth_raw(d) - 1 + TT_DEPTH_QS;
            hit->bound = data_bound(d);
            return true;
        }
    }
    return false;
}

/* Searches since the entry was written, 0..63. */
static inline int age_of(const TT *tt, uint64_t d)
{
    return (tt->generation - data_gen(d) + GEN_COUNT) % GEN_COUNT;
}

void tt_store(TT *tt, uint64_t key, uint32_t move, int score, int depth, int bound)
{
    TTEntryPair *b = bucket_of(tt, key);
    TTEntryPair *victim = NULL;
    int worst = 1 << 30;
    for (int i = 0; i < BUCKET_ENTRIES; i++) {
        uint64_t d = load_word(&b[i].data);
        uint64_t c = load_word(&b[i].check);
        if ((c ^ d) == key && data_depth_raw(d) != 0) {
            /* Same position: keep a much deeper non-exact result of this
             * search; keep the old move when the new result has none. */
            int old_depth = data_depth_raw(d) - 1 + TT_DEPTH_QS;
            if (bound != BOUND_EXACT && depth < old_depth - TT_KEEP_DEPTH_MARGIN && age_of(tt, d) == 0)
                return;
            if (!move)
                move = data_move(d);
            victim = &b[i];
            break;
        }
        int value = data_depth_raw(d) - TT_AGE_WEIGHT * age_of(tt, d);
        if (value < worst) {
            worst = value;
            victim = &b[i];
        }
    }
    /* Read first: after the first store the flag's line is only read. */
    if (!__atomic_load_n(&tt->dirty, __ATOMIC_RELAXED))
        __atomic_store_n(&tt->dirty, true, __ATOMIC_RELAXED);
    if (depth > TT_DEPTH_MAX) depth = TT_DEPTH_MAX;
    if (depth < TT_DEPTH_QS) depth = TT_DEPTH_QS;
    uint64_t d = (uint64_t)move
               | (uint64_t)(uint16_t)(int16_t)score << SCORE_SHIFT
               | (uint64_t)(depth - TT_DEPTH_QS + 1) << DEPTH_SHIFT
               | (uint64_t)(bound & 3) << BOUND_SHIFT
               | (uint64_t)tt->generation << GEN_SHIFT;
    store_word(&victim->data, d);
    store_word(&victim->check, key ^ d);
}

int tt_hashfull(const TT *tt)
{
    int n = 0, total = 0;
    for (uint64_t i = 0; i < tt->nbuckets * BUCKET_ENTRIES && total < 1000; i++, total++) {
        uint64_t d = load_word(&tt->table[i].data);
        if (data_depth_raw(d) != 0 && data_gen(d) == tt->generation)
            n++;
    }
    return total ? n * 1000 / total : 0;
}

static uint32_t captured_hash(Bitboard c)
{
    uint64_t x = (uint64_t)c ^ ((uint64_t)(c >> 64) * 0x9E3779B97F4A7C15ULL);
    x *= 0xBF58476D1CE4E5B9ULL;
    return (uint32_t)(x >> 48);
}

uint32_t tt_pack_move(const Move *m)
{
    uint32_t h = m->captured ? captured_hash(m->captured) : 0;
    return 0x80000000u | (uint32_t)(m->from & 0x7F) | (uint32_t)(m->to & 0x7F) << 7 | h << 14;
}

bool tt_move_matches(uint32_t p, const Move *m)
{
    /* From and to first (bits 0..13): most moves differ there, and the
     * captured set's hash is then not computed. */
    uint32_t ends = (uint32_t)(m->from & 0x7F) | (uint32_t)(m->to & 0x7F) << 7;
    return p != 0 && (p & 0x3FFF) == ends && p == tt_pack_move(m);
}

int tt_score_to(int score, int ply, int mate_bound)
{
    if (score >= mate_bound) return score + ply;
    if (score <= -mate_bound) return score - ply;
    return score;
}

int tt_score_from(int score, int ply, int mate_bound)
{
    if (score >= mate_bound) return score - ply;
    if (score <= -mate_bound) return score + ply;
    return score;
}
