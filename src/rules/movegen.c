/*
 * movegen.c - steps from precomputed masks, captures by a depth-first search
 * over capture sequences (RULES.md sections 1, 2 and 4).
 */
#include "movegen.h"

#include "movegen_stateset.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static Bitboard jump_over[VARIANT_NB][MAX_POINTS];   /* every `over` of a point */
static int8_t jump_land[VARIANT_NB][MAX_POINTS][MAX_POINTS];  /* [p][over] -> landing point */
static Bitboard step_to[VARIANT_NB][MAX_POINTS];              /* the neighbours of a point */
/* Dablot, for counting a position's children (movegen_count_children):
 * the points whose piece jumps over q (by a short jump), and those a man
 * of colour c steps onto q from under ForwardOnlyMen; the points p's
 * short jumps go over or land on. */
static Bitboard jumps_over_from[MAX_POINTS];
static Bitboard jump_near[MAX_POINTS];
/* dablot_takes[a][b]: a Dablot piece of code a may jump one of code b
 * (enemies, equal or lower rank: RULES.md section 1). */
static bool dablot_takes[PIECE_CODE_NB][PIECE_CODE_NB];
static Bitboard man_steps_onto[2][MAX_POINTS];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* Whole-board shifts.  For each direction the most common point offset
 * (Dablot: every line, since point = (11 * rank + file) / 2 on the doubled
 * grid; Tabal: the 5 x 5 square) moves a set of points one step along
 * their lines at once; the few lines with another offset (the Tabal
 * triangles) are kept apart.  Used to count steps and to find the pieces
 * that have a capture without looking at each piece. */

/* Tabal fits in 64 bits (37 points), so its sets are shifted as uint64_t;
 * the triangles' steps that leave the 5 x 5 offsets are grouped by offset,
 * the points with the same one sharing one shift (an OffsetSet: steps from
 * the points of src to p + off). */
typedef struct OffsetSet {
    int8_t off;
    uint64_t src;
} OffsetSet;

enum { MAX_STEP_SETS = 4 };

typedef struct Shifts {
    int8_t off[DIR_NB];
    Bitboard step_src[DIR_NB];    /* p with ray[p][d] == p + off[d] */
    Bitboard jump_src[DIR_NB];    /* p whose short jump in d lands on p + 2 off[d] */
    Bitboard odd_step_src[DIR_NB]; /* p with a line in d whose neighbour is not p + off[d] */
    /* Tabal jumps off the 5 x 5 offsets (the triangles), in two groups by
     * the half of the board the jumped point lies in: the points p with
     * such a jump, and the points they jump; a group is looked at only
     * when it has a mover and a victim. */
    uint64_t odd_from[2], odd_over_any[2];
    uint64_t odd_over[MAX_POINTS]; /* the `over` points of those jumps from p */
    int nodd_sets[DIR_NB];         /* Tabal: the odd steps of each direction, by offset */
    OffsetSet odd_sets[DIR_NB][MAX_STEP_SETS];
} Shifts;

static Shifts shifts[VARIANT_NB];

/* The offsets as constants, so the compiler turns each shift into a couple
 * of instructions (build_tables() checks them against the geometry):
 * Dablot's doubled grid and Tabal's 5 x 5 square. */
static const int8_t const_off[VARIANT_NB][DIR_NB] = {
    { 11, 6, 1, -5, -11, -6, -1, 5 },
    { 5, 6, 1, -4, -5, -6, -1, 4 },
};

static inline Bitboard shift_by(Bitboard b, int off)
{
    return off >= 0 ? b << off : b >> -off;
}

/* Directions a man may step in when restricted: forward and diagonally
 * forward (Dablot ForwardOnlyMen, Cyningstan 14), plus sideways in Tabal. */
static bool man_dir(Variant v, Color c, int d)
{
    int fwd = c == WHITE ? (d == DIR_N || d == DIR_NE || d == DIR_NW)
                         : (d == DIR_S || d == DIR_SE || d == DIR_SW);
    return fwd || (v == VARIANT_TABAL && (d == DIR_E || d == DIR_W));
}

static uint8_t man_dirs[VARIANT_NB][2];  /* bit d set: a restricted man may step in d */

/* Adds point p to the set of offset off in sets[0..*n), making the set if
 * it is new; false when there is no room. */
static bool add_to_set(OffsetSet *sets, int *n, int off, int p)
{
    for (int i = 0; i < *n; i++)
        if (sets[i].off == off) {
            sets[i].src |= (uint64_t)1 << p;
            return true;
        }
    if (*n >= MAX_STEP_SETS) return false;
    sets[(*n)++] = (OffsetSet){ (int8_t)off, (uint64_t)1 << p };
    return true;
}

static void build_shifts(Variant v)
{
    const Geometry *g = geometry_of(v);
    Shifts *sh = &shifts[v];
    bool room = true;
    for (int d = 0; d < DIR_NB; d++) {
        int votes[2 * MAX_POINTS + 1] = { 0 }, best = 0;
        for (int p = 0; p < g->npoints; p++)
            if (g->ray[p][d] != NO_POINT) votes[g->ray[p][d] - p + MAX_POINTS]++;
        for (int i = 0; i <= 2 * MAX_POINTS; i++)
            if (votes[i] > votes[best]) best = i;
        sh->off[d] = (int8_t)(best - MAX_POINTS);
        for (int p = 0; p < g->npoints; p++) {
            int q = g->ray[p][d];
            if (q == NO_POINT) continue;
            if (q == p + sh->off[d]) sh->step_src[d] |= bb_bit(p);
            else {
                sh->odd_step_src[d] |= bb_bit(p);
                room &= add_to_set(sh->odd_sets[d], &sh->nodd_sets[d], q - p, p);
            }
            int l = g->ray[q][d];
            if (l == NO_POINT) continue;
            if (q == p + sh->off[d] && l == q + sh->off[d]) sh->jump_src[d] |= bb_bit(p);
            else {
                int half = g->rank[q] >= g->nranks / 2;
                sh->odd_from[half] |= (uint64_t)1 << p;
                sh->odd_over_any[half] |= (uint64_t)1 << q;
                sh->odd_over[p] |= (uint64_t)1 << q;
            }
        }
    }
    if (!room || (v == VARIANT_TABAL && g->npoints > 64) || (sh->odd_from[0] & sh->odd_from[1])) {
        fprintf(stderr, "movegen: the Tabal board has more than 64 points or too many offsets\n");
        abort();
    }
}

static void check_offsets(void)
{
    for (int v = 0; v < VARIANT_NB; v++)
        for (int d = 0; d < DIR_NB; d++)
            if (shifts[v].off[d] != const_off[v][d]
                || (v == VARIANT_DABLOT && shifts[v].odd_step_src[d])) {
                fprintf(stderr, "movegen: point numbering does not match the shift table\n");
                abort();
            }
}

static void build_tables(void)
{
    for (int v = 0; v < VARIANT_NB; v++) {
        const Geometry *g = geometry_of((Variant)v);
        build_shifts((Variant)v);
        for (int p = 0; p < g->npoints; p++) {
            for (int d = 0; d < DIR_NB; d++) {
                int q = g->ray[p][d];
                if (q == NO_POINT) continue;
                step_to[v][p] |= bb_bit(q);
                for (int c = 0; c < 2; c++)
                    if (man_dir((Variant)v, (Color)c, d)) {
                        man_dirs[v][c] |= (uint8_t)(1u << d);
                        if (v == VARIANT_DABLOT) man_steps_onto[c][q] |= bb_bit(p);
                    }
                int l = g->ray[q][d];
                if (l == NO_POINT) continue;
                jump_land[v][p][q] = (int8_t)l;
                jump_over[v][p] |= bb_bit(q);
                if (v == VARIANT_DABLOT) {
                    jumps_over_from[q] |= bb_bit(p);
                    jump_near[p] |= bb_bit(q) | bb_bit(l);
                }
            }
        }
    }
    for (int a = 1; a < PIECE_CODE_NB; a++)
        for (int b = 1; b < PIECE_CODE_NB; b++)
            dablot_takes[a][b] = piece_color(a) != piece_color(b) && piece_type(a) >= piece_type(b);
    check_offsets();
}

/* Set once the tables are built: the fast test of tables_init(), which
 * every generator call makes. */
static atomic_bool tables_ready;

static void build_tables_once(void)
{
    build_tables();
    atomic_store_explicit(&tables_ready, true, memory_order_release);
}

static inline void tables_init(void)
{
    if (!atomic_load_explicit(&tables_ready, memory_order_acquire))
        pthread_once(&tables_once, build_tables_once);
}

/* A growing array of moves (movegen_legal_all). */
typedef struct MoveVec {
    Move *moves;
    int n, cap;
} MoveVec;

/* Appends m; false when memory ran out (the array is unchanged). */
static bool vec_push(MoveVec *v, Move m)
{
    if (v->n == v->cap) {
        if (v->cap > (1 << 28)) return false;
        int cap = v->cap ? 2 * v->cap : 4 * MAX_MOVES;
        Move *moves = realloc(v->moves, (size_t)cap * sizeof *moves);
        if (!moves) return false;
        v->moves = moves;
        v->cap = cap;
    }
    v->moves[v->n++] = m;
    return true;
}

typedef struct Capture Capture;
static void add_to_vec(Capture *c, int to, Bitboard captured);

/* The capture searches of one position.  The pieces of the side to move
 * jump one at a time from `start`; the moves found go into list, or, when
 * list is NULL, are only counted (movegen_count), and also appended to vec
 * when vec is not NULL (movegen_legal_all). */
struct Capture {
    const Position *pos;
    MoveList *list;        /* NULL: count (and vec) only */
    MoveVec *vec;          /* with list NULL: every move found, without a limit */
    StateSet extra;        /* the states the memo had no room for (exact) */
    int count;             /* moves counted when list is NULL */
    bool unsure;           /* out of memory: only a list can settle the count */
    bool halt;             /* the list is full (or counting unsure): search no more */
    int first;             /* index of this piece's first capture in list */
    int start;
    Bitboard capturable;   /* enemy pieces the mover may jump */
    Bitboard empty;        /* empty points plus the start point */
    int limit;             /* list capacity for captures (room kept for steps) */
    bool prefixes;         /* every prefix of a sequence is a move */
};

/* Appends the capture ending on `to` to c->vec (movegen_legal_all); out of
 * memory, the search is unsure and ends. */
static __attribute__((noinline, cold)) void add_to_vec(Capture *c, int to, Bitboard captured)
{
    if (!vec_push(c->vec, (Move){ captured, (uint8_t)c->start, (uint8_t)to }))
        c->unsure = c->halt = true;
}

/* How a piece jumps: Dablot short jumps, its jumped pieces removed at once;
 * Tabal men's short jumps and Tabal kings' long ones, the jumped pieces
 * removed at the end (RULES.md sections 1, 2 and 4). */
typedef enum { JUMP_DABLOT, JUMP_TABAL_SHORT, JUMP_TABAL_FLYING } JumpKind;

/* Adds the capture ending on `to` having taken `captured`.  check_dup: the
 * same move may already be listed (found by another path, RULES.md section
 * 4); without it the caller knows the move is new.  Counting, such a move
 * cannot be told from a new one: the count is marked unsure. */
static void add_capture(Capture *c, int to, Bitboard captured, bool check_dup)
{
    MoveList *l = c->list;
    if (!l) {
        /* The memo and c->extra know every state, so a move that may be
         * listed already means memory ran out: only a list can tell. */
        if (check_dup) {
            c->unsure = c->halt = true;
            return;
        }
        c->count++;
        if (c->vec) add_to_vec(c, to, captured);
        return;
    }
    if (check_dup)
        for (int i = c->first; i < l->n; i++)
            if (l->moves[i].to == to && l->moves[i].captured == captured)
                return;   /* another path of the same move */
    if (l->n >= c->limit) {
        l->overflow = 1;
        c->halt = true;
        return;
    }
    l->moves[l->n++] = (Move){ captured, (uint8_t)c->start, (uint8_t)to };
}

/* Starts c for counting the captures of pos (no list, no array): only
 * the fields the count reads before setting them. */
static inline void capture_count_start(Capture *c, const Position *pos)
{
    c->pos = pos;
    c->list = NULL;
    c->vec = NULL;
    c->extra = (StateSet){ 0 };
    c->count = 0;
    c->unsure = c->halt = c->prefixes = false;
}

/* Ends c's searches: releases what c->extra allocated (rarely anything). */
static inline void capture_done(Capture *c)
{
    if (c->extra.slots) stateset_free(&c->extra);
}

/* Capture states already searched in this position.  The moves found from
 * a state depend only on the moving piece's start, where it stands and
 * which pieces it has captured, so a state reached again by another order
 * of the same jumps adds nothing: skipping it keeps the search to distinct
 * states instead of every path, which grows factorially for a Dablot king
 * inside a crowd of men (measured: a middle-game position whose depth-4
 * search took 2.9 s, 99% of it here).  A thread-local table with a
 * generation stamp, so nothing is cleared between positions; a state it
 * has no room for goes to the search's own exact set (Capture.extra,
 * movegen_stateset.h), so every state is known and every move (a state,
 * RULES.md section 4) is counted once, however many there are.  512
 * entries (16 KiB) hold the states of nearly every position; the table is
 * thread-local storage, which every thread, the first included, zeroes
 * when it starts: at 4096 entries it was 32 of the engine's page faults
 * before uciok (docs/speed.md, "Start-up"). */
enum { MEMO_SIZE = 512, MEMO_PROBES = 8 };
typedef struct MemoEntry {
    Bitboard captured;
    uint32_t gen;
    int16_t point, start;
} MemoEntry;
static _Thread_local MemoEntry memo[MEMO_SIZE];
static _Thread_local uint32_t memo_gen;

enum { MEMO_NEW, MEMO_SEEN, MEMO_FULL };

/* Forgets every state: a new position. */
static void memo_new_generation(void)
{
    if (++memo_gen == 0) { /* wrapped: forget every stamp */
        memset(memo, 0, sizeof memo);
        memo_gen = 1;
    }
}

/* MEMO_SEEN when (start, p, captured) was met before; else records it and
 * answers MEMO_NEW, or MEMO_FULL when there was no room. */
static int memo_check(int start, int p, Bitboard captured)
{
    uint64_t lo = (uint64_t)captured, hi = (uint64_t)(captured >> 64);
    uint64_t h = (lo ^ (hi * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)p << 7) ^ ((uint64_t)start << 14))
               * 0xD6E8FEB86659FD93ull;
    size_t i = (size_t)(h >> 52) & (MEMO_SIZE - 1);
    for (int k = 0; k < MEMO_PROBES; k++, i = (i + 1) & (MEMO_SIZE - 1)) {
        MemoEntry *e = &memo[i];
        if (e->gen != memo_gen) {
            *e = (MemoEntry){ captured, memo_gen, (int16_t)p, (int16_t)start };
            return MEMO_NEW;
        }
        if (e->point == p && e->start == start && e->captured == captured) return MEMO_SEEN;
    }
    return MEMO_FULL;
}

/* Set operations where Tabal's 37 points lie in the low 64 bits: with the
 * kind a constant, each compiles to the 64-bit form there. */
static inline bool has_point(Bitboard b, int p, JumpKind k)
{
    return k == JUMP_DABLOT ? (b & bb_bit(p)) != 0 : (((uint64_t)b >> p) & 1) != 0;
}

static inline int pop_point(Bitboard *b, JumpKind k)
{
    if (k == JUMP_DABLOT) return bb_pop(b);
    uint64_t lo = (uint64_t)*b;
    *b = lo & (lo - 1);
    return __builtin_ctzll(lo);
}

/* The Dablot search carries the number of jumps made (captured's size). */
static void enter_dablot(Capture *c, int p, Bitboard captured, int jumps);
static void enter_tabal_short(Capture *c, int p, Bitboard captured);
static void enter_tabal_flying(Capture *c, int p, Bitboard captured);

static inline void enter(Capture *c, int p, Bitboard captured, int jumps, JumpKind k)
{
    if (k == JUMP_DABLOT)
        enter_dablot(c, p, captured, jumps);
    else if (k == JUMP_TABAL_SHORT)
        enter_tabal_short(c, p, captured);
    else
        enter_tabal_flying(c, p, captured);
}

/* The jumps of c's piece standing on p having taken `captured` in
 * `jumps` jumps (Dablot: its size), each entering the state after it;
 * true when there was one.  Dablot's lines keep their offset
 * (check_offsets): a jump over `over` lands on 2 over - p. */
static inline __attribute__((always_inline)) bool jumps_from(Capture *c, int p, Bitboard captured,
                                                             int jumps, JumpKind k)
{
    Bitboard empty = k == JUMP_DABLOT ? c->empty | captured : c->empty;
    Bitboard victims = c->capturable & ~captured;
    bool jumped = false;
    if (k != JUMP_TABAL_FLYING) {
        Variant v = k == JUMP_DABLOT ? VARIANT_DABLOT : VARIANT_TABAL;
        Bitboard next = jump_over[v][p] & victims;   /* adjacent victims, one per line */
        while (next) {
            int over = pop_point(&next, k);
            int land = k == JUMP_DABLOT ? 2 * over - p : jump_land[v][p][over];
            if (has_point(empty, land, k)) {
                jumped = true;
                enter(c, land, captured | bb_bit(over), jumps + 1, k);
            }
        }
        return jumped;
    }
    const Geometry *g = c->pos->geo;
    for (int d = 0; d < DIR_NB; d++) {
        int q = g->ray[p][d];
        while (q != NO_POINT && has_point(empty, q, k))
            q = g->ray[q][d];
        if (q == NO_POINT || !has_point(victims, q, k)) continue;
        Bitboard now = captured | bb_bit(q);
        for (int l = g->ray[q][d]; l != NO_POINT && has_point(empty, l, k); l = g->ray[l][d]) {
            jumped = true;
            enter(c, l, now, jumps + 1, k);
        }
    }
    return jumped;
}

/* add_capture(c, p, captured, !fresh), where counting a new state needs
 * no call. */
static inline __attribute__((always_inline)) void add_state(Capture *c, int p, Bitboard captured,
                                                            bool fresh)
{
    if (fresh && !c->list && !c->vec) {
        c->count++;
        return;
    }
    add_capture(c, p, captured, !fresh);
}

/* The state of c's piece on p having taken `captured` (not empty), reached
 * by a jump.  It is a move of its own: every one when prefixes count, the
 * ones that cannot jump on otherwise.  A full list ends the search. */
static inline __attribute__((always_inline)) void enter_state(Capture *c, int p, Bitboard captured,
                                                              int jumps, JumpKind k)
{
    if (c->halt) return;
    /* One jump has a single path to its state; two or more may have been
     * reached before by another order of the same jumps.  In Dablot two
     * jumps have a single path too: each lands at 2 over - p, so the
     * other order of the same two would end where it began, which needs
     * the second jump back over the first's piece, gone at once. */
    bool fresh = true;
    uint64_t low = (uint64_t)captured; /* Tabal's sets lie in the low half */
    if (k == JUMP_DABLOT ? jumps > 2 : (low & (low - 1)) != 0) {
        int m = memo_check(c->start, p, captured);
        if (m == MEMO_FULL) {
            int e = stateset_add(&c->extra, c->start, p, captured);
            m = e == STATESET_NEW ? MEMO_NEW : e == STATESET_SEEN ? MEMO_SEEN : MEMO_FULL;
        }
        if (m == MEMO_SEEN) return;
        fresh = m == MEMO_NEW;
    }
    if (c->prefixes) add_state(c, p, captured, fresh);
    if (!jumps_from(c, p, captured, jumps, k) && !c->prefixes) add_state(c, p, captured, fresh);
}

static void enter_dablot(Capture *c, int p, Bitboard captured, int jumps)
{
    enter_state(c, p, captured, jumps, JUMP_DABLOT);
}

static void enter_tabal_short(Capture *c, int p, Bitboard captured)
{
    enter_state(c, p, captured, 0, JUMP_TABAL_SHORT);
}

static void enter_tabal_flying(Capture *c, int p, Bitboard captured)
{
    enter_state(c, p, captured, 0, JUMP_TABAL_FLYING);
}

/* Of the enemy pieces `enemy`, those a piece of type t may jump (Dablot
 * rank rule, section 1); by_type: the pieces by type. */
static inline Bitboard capturable_in(Variant v, Bitboard enemy, const Bitboard *by_type,
                                     PieceType t)
{
    if (v == VARIANT_TABAL || t == KING) return enemy;
    if (t == PRINCE) return enemy & (by_type[MAN] | by_type[PRINCE]);
    return enemy & by_type[MAN];
}

/* Enemy pieces a piece of this type may jump in pos. */
static Bitboard capturable_by(const Position *pos, PieceType t)
{
    return capturable_in(pos->rules.variant, pos->by_color[pos->stm ^ 1], pos->by_type, t);
}

static inline uint64_t shift64(uint64_t b, int off)
{
    return off >= 0 ? b << off : b >> -off;
}

/* Whether the short-jumping piece on p has a first jump over a piece of
 * victims onto an empty point. */
static inline bool has_short_jump(Variant v, int p, Bitboard victims, Bitboard empty)
{
    Bitboard next = jump_over[v][p] & victims;
    while (next) {
        int over = bb_pop(&next);
        if (has_point(empty, v == VARIANT_DABLOT ? 2 * over - p : jump_land[v][p][over],
                      JUMP_DABLOT))
            return true;
    }
    return false;
}

/* The pieces among movers with at least one short jump over a piece of
 * `victims` onto an empty point: all directions at once by shifts, the
 * Tabal triangles' jumps (off the 5 x 5 offsets) point by point. */
static Bitboard jump_candidates(Variant v, Bitboard movers, Bitboard victims, Bitboard empty)
{
    const Shifts *sh = &shifts[v];
    if (v == VARIANT_DABLOT) {
        Bitboard cand = 0;
#pragma GCC unroll 8
        for (int d = 0; d < DIR_NB; d++) {
            int off = const_off[VARIANT_DABLOT][d];
            cand |= sh->jump_src[d] & shift_by(victims, -off) & shift_by(empty, -2 * off);
        }
        return cand & movers;
    }
    uint64_t cand = 0, vic = (uint64_t)victims, emp = (uint64_t)empty;
#pragma GCC unroll 8
    for (int d = 0; d < DIR_NB; d++) {
        int off = const_off[VARIANT_TABAL][d];
        cand |= (uint64_t)sh->jump_src[d] & shift64(vic, -off) & shift64(emp, -2 * off);
    }
    for (int half = 0; half < 2; half++) {
        if (!(vic & sh->odd_over_any[half])) continue;
        for (uint64_t m = (uint64_t)movers & ~cand & sh->odd_from[half]; m; m &= m - 1) {
            int p = __builtin_ctzll(m);
            for (uint64_t over = sh->odd_over[p] & vic; over; over &= over - 1)
                if ((emp >> jump_land[VARIANT_TABAL][p][__builtin_ctzll(over)]) & 1) {
                    cand |= (uint64_t)1 << p;
                    break;
                }
        }
    }
    return (Bitboard)cand & movers;
}

/* Searches the captures of the pieces in `movers` into c's list.  Returns
 * the number added. */
static int gen_captures_of(const Position *pos, Bitboard movers, bool prefixes_men,
                           bool prefixes_others, int limit, Capture *c)
{
    int before = c->list ? c->list->n : c->count;
    Variant v = pos->rules.variant;
    Bitboard empty = pos->geo->all & ~(pos->by_color[WHITE] | pos->by_color[BLACK]);
    c->limit = limit;
    memo_new_generation();
    /* Only pieces that can make a first short jump over a piece they may
     * capture start a search (Dablot men: over enemy men; the prince and
     * the king are looked at one by one); Tabal kings (long jumps) are
     * always searched. */
    Bitboard men = movers & pos->by_type[MAN], others = movers & ~men;
    Bitboard cand;
    if (v == VARIANT_DABLOT) {
        cand = jump_candidates(v, men, capturable_by(pos, MAN), empty);
        for (Bitboard o = others; o;) {
            int p = bb_pop(&o);
            if (has_short_jump(v, p, capturable_by(pos, piece_type(pos->board[p])), empty))
                cand |= bb_bit(p);
        }
    } else {
        cand = jump_candidates(v, men, pos->by_color[pos->stm ^ 1], empty) | others;
    }
    while (cand && !c->halt) {
        int p = bb_pop(&cand);
        PieceType t = piece_type(pos->board[p]);
        c->capturable = capturable_by(pos, t);
        c->start = p;
        c->first = c->list ? c->list->n : 0;
        c->empty = empty | bb_bit(p);
        c->prefixes = t == MAN ? prefixes_men : prefixes_others;
        if (v == VARIANT_DABLOT)
            jumps_from(c, p, 0, 0, JUMP_DABLOT);
        else if (t == KING)
            jumps_from(c, p, 0, 0, JUMP_TABAL_FLYING);
        else
            jumps_from(c, p, 0, 0, JUMP_TABAL_SHORT);
    }
    return (c->list ? c->list->n : c->count) - before;
}

/* Keeps only the captures of moves[0..*n) that take the most pieces
 * (MaxCapture). */
static void keep_max_captures(Move *moves, int *n)
{
    int best = 0, kept = 0;
    for (int i = 0; i < *n; i++)
        if (bb_count(moves[i].captured) > best) best = bb_count(moves[i].captured);
    for (int i = 0; i < *n; i++)
        if (bb_count(moves[i].captured) == best) moves[kept++] = moves[i];
    *n = kept;
}

/* Generates the legal captures into c's list (emptied first), or into
 * c->vec when c has no list; *steps_allowed says whether steps are legal
 * too (no capture, or captures optional for the side to move).  c is done
 * (capture_done) on return. */
static inline __attribute__((always_inline)) void
gen_legal_captures(const Position *pos, Capture *c, bool *steps_allowed)
{
    Bitboard own = pos->by_color[pos->stm];
    if (c->list) c->list->n = c->list->overflow = 0;
    /* Where steps may follow the captures, room is kept for all of them. */
    const int with_steps = MAX_MOVES - DABLOT_MAX_STEPS;
    if (pos->rules.variant == VARIANT_TABAL) {
        int n = gen_captures_of(pos, own, false, false, MAX_MOVES, c);
        if (pos->rules.max_capture && n) {
            if (c->list)
                keep_max_captures(c->list->moves, &c->list->n);
            else if (c->vec)
                keep_max_captures(c->vec->moves, &c->vec->n);
        }
        *steps_allowed = n == 0;
        capture_done(c);
        return;
    }
    switch (pos->rules.captures) {
    case CAPTURES_OPTIONAL:
        gen_captures_of(pos, own, true, true, with_steps, c);
        *steps_allowed = true;
        break;
    case CAPTURES_COMPULSORY:
        *steps_allowed = gen_captures_of(pos, own, false, false, MAX_MOVES, c) == 0;
        break;
    case CAPTURES_COMPULSORY_MEN: {
        /* Men must complete their sequences; king and prince may stop after
         * any jump.  If any man can capture, the move must be a capture. */
        int by_men = gen_captures_of(pos, own & pos->by_type[MAN], false, true, with_steps, c);
        gen_captures_of(pos, own & ~pos->by_type[MAN], false, true, with_steps, c);
        *steps_allowed = by_men == 0;
        break;
    }
    }
    capture_done(c);
}

static bool game_over(const Position *pos)
{
    int loser;
    return position_may_end_by_rule(pos) && position_end_by_rule(pos, &loser) != END_NONE;
}

/* Own pieces split by how they step: restricted men (Tabal, or Dablot with
 * ForwardOnlyMen), flying Tabal kings, and pieces that step every way. */
typedef struct Steppers {
    Bitboard restricted, flyers, free;
    uint8_t restricted_dirs;
} Steppers;

static inline Steppers steppers(const Position *pos)
{
    Variant v = pos->rules.variant;
    Bitboard own = pos->by_color[pos->stm];
    Steppers st;
    st.restricted = (v == VARIANT_TABAL || pos->rules.forward_only_men) ? own & pos->by_type[MAN] : 0;
    st.flyers = v == VARIANT_TABAL ? own & pos->by_type[KING] : 0;
    st.free = own & ~st.restricted & ~st.flyers;
    st.restricted_dirs = man_dirs[v][pos->stm];
    return st;
}

static void add_step(MoveList *list, int from, int to)
{
    if (list->n >= MAX_MOVES) {
        list->overflow = 1;
        return;
    }
    list->moves[list->n++] = (Move){ 0, (uint8_t)from, (uint8_t)to };
}

/* Steps of non-flying pieces in direction order (in each, the steps by
 * the whole-board offset by landing point, then the others by start
 * point), then flying kings.  With v a constant, Tabal's sets are shifted
 * in 64 bits. */
static inline __attribute__((always_inline)) void gen_steps_of(const Position *pos, MoveList *list,
                                                               Variant v)
{
    const Geometry *g = pos->geo;
    const Shifts *sh = &shifts[v];
    Bitboard empty = g->all & ~(pos->by_color[WHITE] | pos->by_color[BLACK]);
    Steppers st = steppers(pos);
    for (int d = 0; d < DIR_NB; d++) {
        Bitboard m = st.free | (((st.restricted_dirs >> d) & 1) ? st.restricted : 0);
        int off = const_off[v][d];
        Bitboard t = v == VARIANT_TABAL
                       ? shift64((uint64_t)(m & sh->step_src[d]), off) & (uint64_t)empty
                       : shift_by(m & sh->step_src[d], off) & empty;
        JumpKind k = v == VARIANT_TABAL ? JUMP_TABAL_SHORT : JUMP_DABLOT;
        while (t) {
            int to = pop_point(&t, k);
            add_step(list, to - off, to);
        }
        if (v == VARIANT_TABAL)
            for (Bitboard o = m & sh->odd_step_src[d]; o;) {
                int from = pop_point(&o, k), to = g->ray[from][d];
                if (has_point(empty, to, k)) add_step(list, from, to);
            }
    }
    Bitboard flyers = st.flyers;
    while (flyers) {
        int p = bb_pop(&flyers);
        for (int d = 0; d < DIR_NB; d++)
            for (int q = g->ray[p][d]; q != NO_POINT && bb_test(empty, q); q = g->ray[q][d])
                add_step(list, p, q);
    }
}

static void gen_steps(const Position *pos, MoveList *list)
{
    if (pos->rules.variant == VARIANT_TABAL)
        gen_steps_of(pos, list, VARIANT_TABAL);
    else
        gen_steps_of(pos, list, VARIANT_DABLOT);
}

/* Counting without a list (movegen_count): the steps and captures of the
 * side to move.  The men's steps and first jumps come from the same
 * whole-board shifts, one pass over the directions: the points next to the
 * men in direction d are empty (a step) or hold a victim, and past the
 * victim lies an empty point (a first jump, whose state is then searched on
 * like any other).  A man's first jump has a single path, so it needs no
 * duplicate check.  The other pieces (Dablot prince and king, Tabal kings)
 * are counted one by one, and the Tabal men's jumps off the whole-board
 * offsets (the triangles) point by point. */
typedef struct MoveCount {
    int captures;       /* -1: only a list can tell (Capture.unsure) */
    int steps;          /* every step, legal or not (Tabal: 0 once a capture is found) */
    bool steps_allowed; /* when captures >= 0 */
} MoveCount;

/* The first pass of the Dablot count, for the side whose pieces are own
 * (men among them: men) against enemy: its steps, and in land[d] the
 * points its pieces reach by a first jump in direction d over any enemy
 * piece (the rank rule is applied to the few found); returns the set of
 * directions d with land[d] not empty.  forward_only: ForwardOnlyMen,
 * with us the side's colour (a constant in each caller). */
static inline __attribute__((always_inline)) unsigned
dablot_shift_pass(Bitboard own, Bitboard men, Bitboard enemy, Bitboard empty, Color us,
                  bool forward_only, int *steps_out, Bitboard land[DIR_NB])
{
    const Variant v = VARIANT_DABLOT;
    const Shifts *sh = &shifts[v];
    unsigned land_dirs = 0;
    int steps = 0;
#pragma GCC unroll 8
    for (int d = 0; d < DIR_NB; d++) {
        int off = const_off[v][d];
        Bitboard next = shift_by(own & sh->step_src[d], off);
        if (forward_only && !((man_dirs[v][us] >> d) & 1))
            steps += bb_count(shift_by(own & ~men & sh->step_src[d], off) & empty);
        else
            steps += bb_count(next & empty);
        land[d] = shift_by(next & enemy & sh->step_src[d], off) & empty;
        land_dirs |= (unsigned)(land[d] != 0) << d;
    }
    *steps_out = steps;
    return land_dirs;
}

/* The Dablot capture count of one position: the enemy pieces each type
 * may jump (rank rule, RULES.md section 1), the empty points, the first
 * jumps that cannot go on (counted here), the moves by men
 * (CompulsoryMen), and the search of the others, started at the first of
 * them (most positions need none). */
typedef struct DablotCount {
    const Position *pos;
    Capture *c; /* started when `searched` */
    bool searched;
    Bitboard capturable[PIECE_TYPE_NB];
    Bitboard empty;
    CaptureRule rule;
    int count, by_men;
} DablotCount;

static inline void dablot_count_start(DablotCount *dc, Capture *c, const Position *pos,
                                      Bitboard empty)
{
    dc->pos = pos;
    dc->c = c;
    dc->searched = false;
    dc->empty = empty;
    dc->rule = pos->rules.captures;
    dc->count = dc->by_men = 0;
}

/* Whether the Dablot piece that has jumped over `over` onto `to` can jump
 * on: victims, the pieces it may take; empty, the empty points with its
 * start. */
static inline bool dablot_goes_on(int over, int to, Bitboard victims, Bitboard empty)
{
    Bitboard taken = bb_bit(over);
    return has_short_jump(VARIANT_DABLOT, to, victims & ~taken, empty | taken);
}

/* Counts the capture states that begin with the first jump of the piece
 * of type t on `from` over `over` onto `to` (empty), if t may jump the
 * piece on `over` (known when `takes`, a constant in each caller).  Most
 * first jumps cannot go on: with no jump from the landing point the state
 * is one move, whatever the rule.  goes_on: whether it can (1), cannot
 * (0), or -1 to find out. */
static inline __attribute__((always_inline)) void
dablot_first_jump(DablotCount *dc, int from, int over, int to, PieceType t, bool takes, int goes_on)
{
    Bitboard taken = bb_bit(over), empty = dc->empty | bb_bit(from);
    if (!takes && !(dc->capturable[t] & taken)) return;
    if (goes_on < 0) goes_on = dablot_goes_on(over, to, dc->capturable[t], empty);
    if (!goes_on) {
        dc->count++;
        dc->by_men += t == MAN;
        return;
    }
    Capture *c = dc->c;
    if (!dc->searched) {
        capture_count_start(c, dc->pos);
        memo_new_generation();
        dc->searched = true;
    }
    int before = c->count;
    c->capturable = dc->capturable[t];
    c->prefixes = t == MAN ? dc->rule == CAPTURES_OPTIONAL : dc->rule != CAPTURES_COMPULSORY;
    c->empty = empty;
    c->start = from;
    enter_dablot(c, to, taken, 1);
    if (t == MAN) dc->by_men += c->count - before;
}

/* Ends the count: the captures (-1 where only a list can tell) and
 * whether steps are legal beside them. */
static inline void dablot_count_done(DablotCount *dc, MoveCount *mc)
{
    int count = dc->count;
    bool unsure = false;
    if (dc->searched) {
        capture_done(dc->c);
        count += dc->c->count;
        unsure = dc->c->unsure;
    }
    mc->captures = unsure ? -1 : count;
    mc->steps_allowed = dc->rule == CAPTURES_OPTIONAL
                     || (dc->rule == CAPTURES_COMPULSORY ? count : dc->by_men) == 0;
}

/* The type of the Dablot piece on the point of fb, one of the side whose
 * men are men. */
static inline PieceType dablot_type_at(const Bitboard *by_type, Bitboard men, Bitboard fb)
{
    return (men & fb) ? MAN : (by_type[PRINCE] & fb) ? PRINCE : KING;
}

/* forward_only: ForwardOnlyMen, a constant in each of the two callers. */
static inline __attribute__((always_inline)) void
count_dablot_rule(const Position *pos, const PieceSets *s, MoveCount *mc, bool forward_only)
{
    const Variant v = VARIANT_DABLOT;
    Color us = s->stm;
    Bitboard own = s->by_color[us], enemy = s->by_color[us ^ 1];
    Bitboard empty = pos->geo->all & ~(own | enemy);
    Bitboard men = own & s->by_type[MAN];
    Bitboard land[DIR_NB];
    unsigned land_dirs = dablot_shift_pass(own, men, enemy, empty, us, forward_only, &mc->steps,
                                           land);

    DablotCount dc;
    Capture c;
    dablot_count_start(&dc, &c, pos, empty);
    for (int t = 0; t < PIECE_TYPE_NB; t++)
        dc.capturable[t] = capturable_in(v, enemy, s->by_type, (PieceType)t);
    while (land_dirs) {
        int d = __builtin_ctz(land_dirs), off = const_off[v][d];
        land_dirs &= land_dirs - 1;
        for (Bitboard l = land[d]; l;) {
            int to = bb_pop(&l), from = to - 2 * off;
            dablot_first_jump(&dc, from, to - off, to,
                              dablot_type_at(s->by_type, men, bb_bit(from)), false, -1);
        }
    }
    dablot_count_done(&dc, mc);
}

static __attribute__((noinline)) void count_dablot_free_men(const Position *pos, const PieceSets *s,
                                                            MoveCount *mc)
{
    count_dablot_rule(pos, s, mc, false);
}

static __attribute__((noinline)) void count_dablot_forward_only(const Position *pos,
                                                                const PieceSets *s, MoveCount *mc)
{
    count_dablot_rule(pos, s, mc, true);
}

static void count_dablot(const Position *pos, const PieceSets *s, MoveCount *mc)
{
    if (pos->rules.forward_only_men)
        count_dablot_forward_only(pos, s, mc);
    else
        count_dablot_free_men(pos, s, mc);
}

/* Counting: the Tabal man on `from` jumps `over` onto `to` (empty).  Where
 * no other victim stands next to `to` the sequence ends there: one move. */
static inline void tabal_first_jump(Capture *c, int from, int over, int to, uint64_t empty)
{
    uint64_t taken = (uint64_t)1 << over;
    if (!((uint64_t)jump_over[VARIANT_TABAL][to] & (uint64_t)c->capturable & ~taken)) {
        c->count++;
        return;
    }
    c->start = from;
    c->empty = empty | ((uint64_t)1 << from);
    enter_tabal_short(c, to, taken);
}

/* The steps of the side to move's Tabal pieces: the men's from the shifts
 * `next` of count_tabal() (next[d]: the men moved one step in d by the
 * 5 x 5 offset) and the triangles' offset sets, the kings' along their
 * lines. */
static int count_tabal_steps(const Position *pos, Color us, const uint64_t next[DIR_NB],
                             uint64_t men, uint64_t kings, uint64_t empty)
{
    const Shifts *sh = &shifts[VARIANT_TABAL];
    const Geometry *g = pos->geo;
    unsigned step_dirs = man_dirs[VARIANT_TABAL][us];
    int steps = 0;
#pragma GCC unroll 8
    for (int d = 0; d < DIR_NB; d++) {
        if (!((step_dirs >> d) & 1)) continue;
        steps += __builtin_popcountll(next[d] & empty);
        for (int i = 0; i < sh->nodd_sets[d]; i++) {
            const OffsetSet *o = &sh->odd_sets[d][i];
            steps += __builtin_popcountll(shift64(men & o->src, o->off) & empty);
        }
    }
    for (uint64_t k = kings; k; k &= k - 1) {
        int p = __builtin_ctzll(k);
        for (int d = 0; d < DIR_NB; d++)
            for (int q = g->ray[p][d]; q != NO_POINT && ((empty >> q) & 1); q = g->ray[q][d])
                steps++;
    }
    return steps;
}

/* Captures are compulsory in Tabal, so the steps are counted only when
 * the capture search found none (in the perft trees most positions have a
 * capture). */
static void count_tabal(const Position *pos, const PieceSets *s, MoveCount *mc)
{
    const Variant v = VARIANT_TABAL;
    const Shifts *sh = &shifts[v];
    Color us = s->stm;
    uint64_t own = (uint64_t)s->by_color[us], enemy = (uint64_t)s->by_color[us ^ 1];
    uint64_t empty = (uint64_t)pos->geo->all & ~(own | enemy);
    uint64_t men = own & (uint64_t)s->by_type[MAN], kings = own & ~men;
    uint64_t next[DIR_NB];
    Capture c;
    capture_count_start(&c, pos);
    c.capturable = enemy;
    memo_new_generation();
#pragma GCC unroll 8
    for (int d = 0; d < DIR_NB; d++) {
        int off = const_off[v][d];
        next[d] = shift64(men & (uint64_t)sh->step_src[d], off);
        uint64_t land = shift64(next[d] & enemy & (uint64_t)sh->step_src[d], off) & empty;
        for (uint64_t l = land; l; l &= l - 1) {
            int to = __builtin_ctzll(l);
            tabal_first_jump(&c, to - 2 * off, to - off, to, empty);
        }
    }
    for (int half = 0; half < 2; half++) {
        if (!(enemy & sh->odd_over_any[half])) continue;
        for (uint64_t m = men & sh->odd_from[half]; m; m &= m - 1) {
            int p = __builtin_ctzll(m);
            for (uint64_t over = sh->odd_over[p] & enemy; over; over &= over - 1) {
                int q = __builtin_ctzll(over), to = jump_land[v][p][q];
                if ((empty >> to) & 1) tabal_first_jump(&c, p, q, to, empty);
            }
        }
    }
    for (uint64_t k = kings; k; k &= k - 1) {
        int p = __builtin_ctzll(k);
        c.start = p;
        c.empty = empty | bb_bit(p);
        jumps_from(&c, p, 0, 0, JUMP_TABAL_FLYING);
    }
    capture_done(&c);
    /* MaxCapture keeps only the longest captures: a list tells how many */
    mc->captures = c.unsure || (pos->rules.max_capture && c.count) ? -1 : c.count;
    mc->steps_allowed = c.count == 0;
    mc->steps = mc->steps_allowed ? count_tabal_steps(pos, us, next, men, kings, empty) : 0;
}

/* The moves of the position with the rules and board of pos and the
 * pieces of s counted (pos's own pieces, or those after a move). */
static void count_moves(const Position *pos, const PieceSets *s, MoveCount *mc)
{
    if (pos->rules.variant == VARIANT_DABLOT)
        count_dablot(pos, s, mc);
    else
        count_tabal(pos, s, mc);
}

/* movegen_count_after() without the tables' test: also inlined into the
 * loop of movegen_count_children(). */
static inline __attribute__((always_inline)) int count_after(const Position *pos, const Move *m)
{
    PieceSets s;
    position_sets_after(pos, m, &s);
    if (!position_sets_may_end_by_rule(&pos->rules, s.by_color)) {
        MoveCount mc;
        count_moves(pos, &s, &mc);
        if (mc.captures >= 0) return mc.captures + (mc.steps_allowed ? mc.steps : 0);
    }
    /* A game that may have ended, or a count only a list can settle. */
    Position child = *pos;
    Undo u;
    position_make(&child, m, &u);
    return movegen_count(&child);
}

/* Counting the children of a Dablot position (movegen_count_children):
 * the steps and first jumps of the side not to move (the children's side
 * to move), taken once; a child by a step changes two points, from and
 * to, so its steps and first jumps are these corrected at those points. */
typedef struct FirstJump {
    uint8_t from, over, to, type;
} FirstJump;

typedef struct ChildBase {
    Bitboard own, men; /* the children's side to move, its men */
    Bitboard empty;    /* in pos */
    Bitboard capturable[PIECE_TYPE_NB]; /* the pieces of the side to move each type may jump */
    Color them;
    int steps; /* own's steps in pos */
    int njumps;                        /* -1: more than 64, the children counted from their sets */
    FirstJump jumps[DABLOT_MAX_STEPS]; /* own's first jumps in pos: 30 pieces, 8 lines each */
    /* lost_at[q]: bit i set when jumps[i] jumps over q (a point of the
     * side to move) or lands on q (an empty one), so that a step from or
     * onto q ends it */
    uint64_t lost_at[MAX_POINTS];
    /* bit i set when jumps[i] can go on from its landing point in pos; so
     * it can in each child whose step changes none of the points that
     * landing point's jumps go over or land on (jump_near) */
    uint64_t goes_on;
    /* onto_dirs[q], q a point of the other side: bit d set when a piece of
     * own on q - 2 off[d] may take the piece on q - off[d] (a first jump
     * onto q once q's piece steps away; few, so found once for all). */
    uint8_t onto_dirs[MAX_POINTS];
} ChildBase;

/* Fills b for the children of the Dablot position pos. */
static inline __attribute__((always_inline)) void child_base(const Position *pos, bool forward_only,
                                                             ChildBase *b)
{
    const Variant v = VARIANT_DABLOT;
    Color them = (Color)(pos->stm ^ 1);
    Bitboard own = pos->by_color[them], enemy = pos->by_color[them ^ 1];
    Bitboard land[DIR_NB];
    b->own = own;
    b->men = own & pos->by_type[MAN];
    b->empty = pos->geo->all & ~(own | enemy);
    b->them = them;
    for (int t = 0; t < PIECE_TYPE_NB; t++)
        b->capturable[t] = capturable_in(v, enemy, pos->by_type, (PieceType)t);
    unsigned land_dirs = dablot_shift_pass(own, b->men, enemy, b->empty, them, forward_only,
                                           &b->steps, land);
    int n = 0;
    while (land_dirs) {
        int d = __builtin_ctz(land_dirs), off = const_off[v][d];
        land_dirs &= land_dirs - 1;
        for (Bitboard l = land[d]; l;) {
            int to = bb_pop(&l), from = to - 2 * off, over = to - off;
            int code = pos->board[from];
            if (dablot_takes[code][pos->board[over]])
                b->jumps[n++] = (FirstJump){ (uint8_t)from, (uint8_t)over, (uint8_t)to,
                                             (uint8_t)piece_type(code) };
        }
    }
    b->njumps = n <= 64 ? n : -1;
    memset(b->lost_at, 0, sizeof b->lost_at);
    b->goes_on = 0;
    for (int i = 0; i < b->njumps; i++) {
        const FirstJump *j = &b->jumps[i];
        b->lost_at[j->over] |= (uint64_t)1 << i;
        b->lost_at[j->to] |= (uint64_t)1 << i;
        b->goes_on |= (uint64_t)dablot_goes_on(j->over, j->to, b->capturable[j->type],
                                               b->empty | bb_bit(j->from))
                   << i;
    }
    memset(b->onto_dirs, 0, sizeof b->onto_dirs);
    const Shifts *sh = &shifts[v];
#pragma GCC unroll 8
    for (int d = 0; d < DIR_NB; d++) {
        int off = const_off[v][d];
        Bitboard next = shift_by(own & sh->step_src[d], off) & sh->step_src[d];
        for (Bitboard q = shift_by(next & enemy, off) & enemy; q;) {
            int to = bb_pop(&q);
            if (dablot_takes[pos->board[to - 2 * off]][pos->board[to - off]])
                b->onto_dirs[to] |= (uint8_t)(1u << d);
        }
    }
}

/* The Dablot pieces of `own` (men among them: men) that step onto q. */
static inline Bitboard steppers_onto(Bitboard own, Bitboard men, Color c, int q, bool forward_only)
{
    if (!forward_only) return own & step_to[VARIANT_DABLOT][q];
    return (own & ~men & step_to[VARIANT_DABLOT][q]) | (men & man_steps_onto[c][q]);
}

/* The moves of the child of pos by the step from `from` to `to`: b's
 * steps and first jumps with the two points changed, counted as
 * count_dablot_rule() counts them; -1 where only a list can tell. */
static inline __attribute__((always_inline)) int
count_child_by_step(const Position *pos, const ChildBase *b, int from, int to, bool forward_only)
{
    /* from is empty in the child, to taken */
    int steps = b->steps + bb_count(steppers_onto(b->own, b->men, b->them, from, forward_only))
              - bb_count(steppers_onto(b->own, b->men, b->them, to, forward_only));
    if (b->njumps < 0) return -1;
    /* pos's first jumps but those over from or onto to */
    uint64_t kept = b->njumps ? ~(uint64_t)0 >> (64 - b->njumps) : 0;
    kept &= ~(b->lost_at[from] | b->lost_at[to]);
    FirstJump found[2 * DIR_NB];
    int n = 0;
    /* The new ones: over the moved piece, and onto the point it left.
     * Dablot's lines keep their offset (check_offsets), so the landing
     * point and the jumped one are found by arithmetic; the board of pos
     * is the child's but at from and to. */
    int moved = pos->board[from];
    for (Bitboard p = b->own & jumps_over_from[to]; p;) {
        int start = bb_pop(&p), land = 2 * to - start, code = pos->board[start];
        if (dablot_takes[code][moved] && (land == from || pos->board[land] == EMPTY))
            found[n++] = (FirstJump){ (uint8_t)start, (uint8_t)to, (uint8_t)land,
                                      (uint8_t)piece_type(code) };
    }
    /* over (the other side's) is neither from nor to (empty in pos) */
    for (unsigned dirs = b->onto_dirs[from]; dirs; dirs &= dirs - 1) {
        int off = const_off[VARIANT_DABLOT][__builtin_ctz(dirs)], start = from - 2 * off;
        found[n++] = (FirstJump){ (uint8_t)start, (uint8_t)(from - off), (uint8_t)from,
                                  (uint8_t)piece_type(pos->board[start]) };
    }
    if (!n && !kept) return steps;

    /* the moved piece leaves the sets of the types that may jump it */
    Bitboard moved_bits = bb_bit(from) ^ bb_bit(to);
    PieceType mt = piece_type(moved);
    DablotCount dc;
    Capture c;
    dablot_count_start(&dc, &c, pos, b->empty ^ moved_bits);
    for (int t = 0; t < PIECE_TYPE_NB; t++)
        dc.capturable[t] = b->capturable[t] ^ (t >= (int)mt ? moved_bits : 0);
    for (; kept; kept &= kept - 1) {
        int i = __builtin_ctzll(kept);
        const FirstJump *j = &b->jumps[i];
        int goes_on = (jump_near[j->to] & moved_bits) ? -1 : (int)((b->goes_on >> i) & 1);
        dablot_first_jump(&dc, j->from, j->over, j->to, (PieceType)j->type, true, goes_on);
    }
    for (int i = 0; i < n; i++)
        dablot_first_jump(&dc, found[i].from, found[i].over, found[i].to, (PieceType)found[i].type,
                          true, -1);
    MoveCount mc;
    dablot_count_done(&dc, &mc);
    return mc.captures < 0 ? -1 : mc.captures + (mc.steps_allowed ? steps : 0);
}

/* The sum of the counts of pos's children by a step, the steps taken
 * from the shifts as gen_steps_of() takes them, without a list. */
static inline __attribute__((always_inline)) uint64_t
count_dablot_step_children(const Position *pos, bool forward_only)
{
    const Variant v = VARIANT_DABLOT;
    const Shifts *sh = &shifts[v];
    Bitboard empty = pos->geo->all & ~(pos->by_color[WHITE] | pos->by_color[BLACK]);
    Steppers st = steppers(pos);
    ChildBase b;
    child_base(pos, forward_only, &b);
    uint64_t total = 0;
    for (int d = 0; d < DIR_NB; d++) {
        Bitboard m = st.free | (((st.restricted_dirs >> d) & 1) ? st.restricted : 0);
        int off = const_off[v][d];
        for (Bitboard t = shift_by(m & sh->step_src[d], off) & empty; t;) {
            int to = bb_pop(&t), k = count_child_by_step(pos, &b, to - off, to, forward_only);
            if (k < 0) k = count_after(pos, &(Move){ 0, (uint8_t)(to - off), (uint8_t)to });
            total += (uint64_t)k;
        }
    }
    return total;
}

static __attribute__((noinline)) uint64_t count_dablot_children_free(const Position *pos)
{
    return count_dablot_step_children(pos, false);
}

static __attribute__((noinline)) uint64_t count_dablot_children_forward(const Position *pos)
{
    return count_dablot_step_children(pos, true);
}

bool movegen_is_capture_path(const Position *pos, const int *pts, int n, Move *m)
{
    tables_init();
    const Variant v = VARIANT_DABLOT;
    if (pos->rules.variant != v || n < 2 || game_over(pos) || !bb_test(pos->by_color[pos->stm], pts[0]))
        return false;
    PieceType t = piece_type(pos->board[pts[0]]);
    Bitboard capturable = capturable_by(pos, t);
    Bitboard empty = pos->geo->all & ~(pos->by_color[WHITE] | pos->by_color[BLACK]);
    empty |= bb_bit(pts[0]);
    Bitboard captured = 0;
    int p = pts[0];
    for (int i = 1; i < n; i++) {
        /* Jumped pieces leave the board at once in Dablot (section 4). */
        Bitboard next = jump_over[v][p] & capturable & ~captured, hit = 0;
        while (next && !hit) {
            int over = bb_pop(&next);
            if (jump_land[v][p][over] == pts[i] && bb_test(empty | captured, pts[i]))
                hit = bb_bit(over);
        }
        if (!hit)
            return false;
        captured |= hit;
        p = pts[i];
    }
    bool may_stop = pos->rules.captures == CAPTURES_OPTIONAL
                    || (pos->rules.captures == CAPTURES_COMPULSORY_MEN && t != MAN);
    if (!may_stop) {   /* a sequence that must go on while it can */
        Bitboard next = jump_over[v][p] & capturable & ~captured;
        while (next) {
            int over = bb_pop(&next);
            if (bb_test(empty | captured, jump_land[v][p][over]))
                return false;
        }
    }
    *m = (Move){ captured, (uint8_t)pts[0], (uint8_t)p };
    return true;
}

/* The legal captures of pos into list, with *steps set when steps are
 * legal too; false (list emptied) when the game is over. */
static bool list_captures(const Position *pos, MoveList *list, bool *steps)
{
    tables_init();
    *steps = false;
    if (game_over(pos)) {
        list->n = list->overflow = 0;
        return false;
    }
    Capture c = { .pos = pos, .list = list };
    gen_legal_captures(pos, &c, steps);
    return true;
}

int movegen_legal(const Position *pos, MoveList *list)
{
    bool steps;
    if (list_captures(pos, list, &steps) && steps) gen_steps(pos, list);
    return list->n;
}

int movegen_captures(const Position *pos, MoveList *list)
{
    bool steps;
    list_captures(pos, list, &steps);
    return list->n;
}

int movegen_legal_beyond(const Position *pos, MoveList *list, Move **moves)
{
    /* The same search without a list: its moves in the same order, the
     * first of them the list's captures; then the steps, which the list
     * holds every one of (room is kept for them). */
    MoveVec v = { 0 };
    Capture c = { .pos = pos, .vec = &v };
    bool steps = false;
    gen_legal_captures(pos, &c, &steps);
    bool ok = !c.unsure;
    for (int i = 0; ok && steps && i < list->n; i++)
        if (!list->moves[i].captured) ok = vec_push(&v, list->moves[i]);
    if (!ok) { /* out of memory: the list as movegen_legal() gave it */
        free(v.moves);
        *moves = list->moves;
        return list->n;
    }
    *moves = v.moves;
    return v.n;
}

/* The legal moves of pos counted: captures (exact, from a list where
 * counting cannot tell) and whether steps are legal; false when the game
 * is over. */
static bool count_legal(const Position *pos, MoveCount *mc)
{
    tables_init();
    if (game_over(pos)) return false;
    PieceSets s = { { pos->by_color[WHITE], pos->by_color[BLACK] },
                    { pos->by_type[MAN], pos->by_type[PRINCE], pos->by_type[KING] },
                    pos->stm };
    count_moves(pos, &s, mc);
    if (mc->captures < 0) { /* Tabal's MaxCapture, or out of memory: every move listed */
        MoveList list;
        Move *moves;
        int n = movegen_legal_all(pos, &list, &moves), captures = 0;
        for (int i = 0; i < n; i++)
            captures += moves[i].captured != 0;
        movegen_legal_all_free(&list, moves);
        mc->captures = captures;
        mc->steps = n - captures;
        mc->steps_allowed = true;
    }
    return true;
}

int movegen_count(const Position *pos)
{
    MoveCount mc;
    if (!count_legal(pos, &mc)) return 0;
    return mc.captures + (mc.steps_allowed ? mc.steps : 0);
}

int movegen_count_after(const Position *pos, const Move *m)
{
    tables_init();
    return count_after(pos, m);
}

uint64_t movegen_count_children(const Position *pos)
{
    tables_init();
    /* A step keeps every piece, so a child by a step may end by a rule
     * only where pos may (and pos's game goes on). */
    if (pos->rules.variant == VARIANT_DABLOT && !position_may_end_by_rule(pos)) {
        MoveList list;
        bool steps;
        list_captures(pos, &list, &steps);
        if (!list.overflow) {
            uint64_t total = 0;
            for (int i = 0; i < list.n; i++)
                total += (uint64_t)count_after(pos, &list.moves[i]);
            if (steps)
                total += pos->rules.forward_only_men ? count_dablot_children_forward(pos)
                                                     : count_dablot_children_free(pos);
            return total;
        }
    }
    MoveList list;
    Move *moves;
    int n = movegen_legal_all(pos, &list, &moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += (uint64_t)count_after(pos, &moves[i]);
    movegen_legal_all_free(&list, moves);
    return total;
}

int movegen_has_capture(const Position *pos)
{
    MoveCount mc;
    return count_legal(pos, &mc) && mc.captures > 0;
}
