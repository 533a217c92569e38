/*
 * movegen.c - steps from precomputed masks, captures by a depth-first search
 * over capture sequences (RULES.md sections 1, 2 and 4).
 */
#include "movegen.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static Bitboard jump_over[VARIANT_NB][MAX_POINTS];   /* every `over` of a point */
static int8_t jump_land[VARIANT_NB][MAX_POINTS][MAX_POINTS];  /* [p][over] -> landing point */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* Whole-board shifts.  For each direction the most common point offset
 * (Dablot: every line, since point = (11 * rank + file) / 2 on the doubled
 * grid; Tabal: the 5 x 5 square) moves a set of points one step along
 * their lines at once; the few lines with another offset (the Tabal
 * triangles) are listed apart.  Used to count steps and to find the pieces
 * that have a capture without looking at each piece. */
typedef struct OddStep {
    int8_t from, to;
} OddStep;

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
    int nodd_steps[DIR_NB];
    OddStep odd_steps[DIR_NB][16];
    uint64_t odd_from;             /* Tabal: every p with a jump off the 5 x 5 offsets */
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
                sh->odd_steps[d][sh->nodd_steps[d]++] = (OddStep){ (int8_t)p, (int8_t)q };
                room &= add_to_set(sh->odd_sets[d], &sh->nodd_sets[d], q - p, p);
            }
            int l = g->ray[q][d];
            if (l == NO_POINT) continue;
            if (q == p + sh->off[d] && l == q + sh->off[d]) sh->jump_src[d] |= bb_bit(p);
            else {
                sh->odd_from |= (uint64_t)1 << p;
                sh->odd_over[p] |= (uint64_t)1 << q;
            }
        }
    }
    if (!room || (v == VARIANT_TABAL && g->npoints > 64)) {
        fprintf(stderr, "movegen: the Tabal board has more than 64 points or too many offsets\n");
        abort();
    }
}

static void check_offsets(void)
{
    for (int v = 0; v < VARIANT_NB; v++)
        for (int d = 0; d < DIR_NB; d++)
            if (shifts[v].off[d] != const_off[v][d] || (v == VARIANT_DABLOT && shifts[v].nodd_steps[d])) {
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
                for (int c = 0; c < 2; c++)
                    if (man_dir((Variant)v, (Color)c, d))
                        man_dirs[v][c] |= (uint8_t)(1u << d);
                int l = g->ray[q][d];
                if (l == NO_POINT) continue;
                jump_land[v][p][q] = (int8_t)l;
                jump_over[v][p] |= bb_bit(q);
            }
        }
    }
    check_offsets();
}

static inline void tables_init(void)
{
    pthread_once(&tables_once, build_tables);
}

/* State of one capture search: one moving piece from `start`. */
typedef struct Capture {
    const Position *pos;
    MoveList *list;
    int first;             /* index of this piece's first capture in list */
    int start;
    Bitboard capturable;   /* enemy pieces the mover may jump */
    Bitboard empty;        /* empty points plus the start point */
    int limit;             /* list capacity for captures (room kept for steps) */
    bool immediate;        /* Dablot: jumped pieces are removed at once */
    bool flying;           /* Tabal king: long jumps */
    bool prefixes;         /* every prefix of a sequence is a move */
} Capture;

/* Adds the capture ending on `to` having taken `captured`.  check_dup: the
 * same move may already be listed (found by another path, RULES.md section
 * 4); without it the caller knows the move is new. */
static void add_capture(Capture *c, int to, Bitboard captured, bool check_dup)
{
    MoveList *l = c->list;
    if (check_dup)
        for (int i = c->first; i < l->n; i++)
            if (l->moves[i].to == to && l->moves[i].captured == captured)
                return;   /* another path of the same move */
    if (l->n >= c->limit) {
        l->overflow = 1;
        return;
    }
    l->moves[l->n++] = (Move){ captured, (uint8_t)c->start, (uint8_t)to };
}

/* Capture states already searched for the current piece.  The moves found
 * from a state depend only on where the piece stands and which pieces it
 * has captured (with the piece and the position fixed), so a state reached
 * again by another order of the same jumps adds nothing: skipping it keeps
 * the search to distinct states instead of every path, which grows
 * factorially for a Dablot king inside a crowd of men (measured: a
 * middle-game position whose depth-4 search took 2.9 s, 99% of it here).
 * A thread-local table with a generation stamp, so nothing is cleared
 * between pieces; when a probe finds no room the state is simply searched
 * again (never wrong, only slower). */
enum { MEMO_SIZE = 4096, MEMO_PROBES = 8 };
typedef struct MemoEntry {
    Bitboard captured;
    uint32_t gen;
    int32_t point;
} MemoEntry;
static _Thread_local MemoEntry memo[MEMO_SIZE];
static _Thread_local uint32_t memo_gen;

enum { MEMO_NEW, MEMO_SEEN, MEMO_FULL };

/* MEMO_SEEN when (p, captured) was met before for this piece; else records
 * it and answers MEMO_NEW, or MEMO_FULL when there was no room. */
static int memo_check(int p, Bitboard captured)
{
    uint64_t lo = (uint64_t)captured, hi = (uint64_t)(captured >> 64);
    uint64_t h = (lo ^ (hi * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)p << 7)) * 0xD6E8FEB86659FD93ull;
    size_t i = (size_t)(h >> 52) & (MEMO_SIZE - 1);
    for (int k = 0; k < MEMO_PROBES; k++, i = (i + 1) & (MEMO_SIZE - 1)) {
        MemoEntry *e = &memo[i];
        if (e->gen != memo_gen) {
            *e = (MemoEntry){ captured, memo_gen, p };
            return MEMO_NEW;
        }
        if (e->point == p && e->captured == captured)
            return MEMO_SEEN;
    }
    return MEMO_FULL;
}

/* The capture sequences of c's piece standing on p having taken `captured`
 * (0 at the start).  A state is a move of its own: every one when prefixes
 * count, the ones that cannot jump on otherwise.  A full list (MAX_MOVES,
 * overflow flag set) ends the search. */
static void capture_from(Capture *c, int p, Bitboard captured)
{
    if (c->list->overflow)
        return;
    /* One jump has a single path to its state; two or more may have been
     * reached before by another order of the same jumps. */
    bool fresh = true;
    if (captured & (captured - 1)) {
        int m = memo_check(p, captured);
        if (m == MEMO_SEEN)
            return;
        fresh = m == MEMO_NEW;
    }
    if (captured && c->prefixes)
        add_capture(c, p, captured, !fresh);
    const Geometry *g = c->pos->geo;
    Bitboard empty = c->immediate ? c->empty | captured : c->empty;
    Bitboard victims = c->capturable & ~captured;
    bool jumped = false;

    if (!c->flying) {
        Variant v = g->variant;
        Bitboard next = jump_over[v][p] & victims;   /* adjacent victims, one per line */
        while (next) {
            int over = bb_pop(&next);
            int land = jump_land[v][p][over];
            if (bb_test(empty, land)) {
                Bitboard now = captured | bb_bit(over);
                jumped = true;
                capture_from(c, land, now);
            }
        }
    } else {
        for (int d = 0; d < DIR_NB; d++) {
            int q = g->ray[p][d];
            while (q != NO_POINT && bb_test(empty, q)) q = g->ray[q][d];
            if (q == NO_POINT || !bb_test(victims, q)) continue;
            Bitboard now = captured | bb_bit(q);
            for (int l = g->ray[q][d]; l != NO_POINT && bb_test(empty, l); l = g->ray[l][d]) {
                jumped = true;
                capture_from(c, l, now);
            }
        }
    }
    if (!jumped && captured && !c->prefixes)
        add_capture(c, p, captured, !fresh);
}

/* Enemy pieces a piece of this type may jump (Dablot rank rule, section 1). */
static Bitboard capturable_by(const Position *pos, PieceType t)
{
    Bitboard enemy = pos->by_color[pos->stm ^ 1];
    if (pos->rules.variant == VARIANT_TABAL || t == KING) return enemy;
    if (t == PRINCE) return enemy & (pos->by_type[MAN] | pos->by_type[PRINCE]);
    return enemy & pos->by_type[MAN];
}

static inline uint64_t shift64(uint64_t b, int off)
{
    return off >= 0 ? b << off : b >> -off;
}

/* Tabal: the pieces among movers with a jump off the 5 x 5 offsets (the
 * triangles) over a piece of vic onto an empty point: only those next to
 * a victim along one of them are looked at. */
static uint64_t odd_jump_candidates(uint64_t movers, uint64_t vic, uint64_t emp)
{
    const Shifts *sh = &shifts[VARIANT_TABAL];
    uint64_t cand = 0, from = movers & sh->odd_from;
    while (from) {
        int p = __builtin_ctzll(from);
        from &= from - 1;
        uint64_t over = sh->odd_over[p] & vic;
        while (over) {
            int q = __builtin_ctzll(over);
            over &= over - 1;
            if ((emp >> jump_land[VARIANT_TABAL][p][q]) & 1) {
                cand |= (uint64_t)1 << p;
                break;
            }
        }
    }
    return cand;
}

/* The pieces among movers with at least one short jump over a piece of
 * `victims` onto an empty point: all directions at once by shifts. */
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
    return (cand | odd_jump_candidates((uint64_t)movers & ~cand, vic, emp)) & movers;
}

/* Generates the captures of the pieces in `movers` into list.  Returns the
 * number added. */
static int gen_captures_of(const Position *pos, Bitboard movers, bool prefixes_men,
                           bool prefixes_others, int limit, MoveList *list)
{
    int before = list->n;
    Variant v = pos->rules.variant;
    Bitboard empty = pos->geo->all & ~(pos->by_color[WHITE] | pos->by_color[BLACK]);
    /* Only pieces that can make a first short jump over an enemy piece
     * start a capture search (the rank rule is checked by the search);
     * Tabal kings (long jumps) are always searched. */
    Bitboard flyers = v == VARIANT_TABAL ? movers & pos->by_type[KING] : 0;
    movers = jump_candidates(v, movers & ~flyers, pos->by_color[pos->stm ^ 1], empty) | flyers;
    if (!movers)
        return 0;
    Capture c = { .pos = pos, .list = list, .empty = empty, .immediate = v == VARIANT_DABLOT,
                  .limit = limit };
    while (movers) {
        int p = bb_pop(&movers);
        PieceType t = piece_type(pos->board[p]);
        c.capturable = capturable_by(pos, t);
        if (!c.capturable) continue;
        c.start = p;
        c.first = list->n;
        c.empty = empty | bb_bit(p);
        c.flying = v == VARIANT_TABAL && t == KING;
        c.prefixes = t == MAN ? prefixes_men : prefixes_others;
        if (++memo_gen == 0) {   /* wrapped: forget every stamp */
            memset(memo, 0, sizeof memo);
            memo_gen = 1;
        }
        capture_from(&c, p, 0);
    }
    return list->n - before;
}

/* Keeps only the captures that take the most pieces (MaxCapture). */
static void keep_max_captures(MoveList *list)
{
    int best = 0, n = 0;
    for (int i = 0; i < list->n; i++)
        if (bb_count(list->moves[i].captured) > best)
            best = bb_count(list->moves[i].captured);
    for (int i = 0; i < list->n; i++)
        if (bb_count(list->moves[i].captured) == best)
            list->moves[n++] = list->moves[i];
    list->n = n;
}

/* Generates the legal captures; *steps_allowed says whether steps are legal
 * too (no capture, or captures optional for the side to move). */
static void gen_legal_captures(const Position *pos, MoveList *list, bool *steps_allowed)
{
    Bitboard own = pos->by_color[pos->stm];
    list->n = 0;
    list->overflow = 0;
    /* Where steps may follow the captures, room is kept for all of them. */
    const int with_steps = MAX_MOVES - DABLOT_MAX_STEPS;
    if (pos->rules.variant == VARIANT_TABAL) {
        gen_captures_of(pos, own, false, false, MAX_MOVES, list);
        if (pos->rules.max_capture && list->n) keep_max_captures(list);
        *steps_allowed = list->n == 0;
        return;
    }
    switch (pos->rules.captures) {
    case CAPTURES_OPTIONAL:
        gen_captures_of(pos, own, true, true, with_steps, list);
        *steps_allowed = true;
        break;
    case CAPTURES_COMPULSORY:
        gen_captures_of(pos, own, false, false, MAX_MOVES, list);
        *steps_allowed = list->n == 0;
        break;
    case CAPTURES_COMPULSORY_MEN: {
        /* Men must complete their sequences; king and prince may stop after
         * any jump.  If any man can capture, the move must be a capture. */
        int by_men = gen_captures_of(pos, own & pos->by_type[MAN], false, true, with_steps, list);
        gen_captures_of(pos, own & ~pos->by_type[MAN], false, true, with_steps, list);
        *steps_allowed = by_men == 0;
        break;
    }
    }
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

/* Steps of non-flying pieces in direction order, then flying kings. */
static void gen_steps(const Position *pos, MoveList *list)
{
    const Geometry *g = pos->geo;
    const Shifts *sh = &shifts[pos->rules.variant];
    Bitboard empty = g->all & ~(pos->by_color[WHITE] | pos->by_color[BLACK]);
    Steppers st = steppers(pos);
    for (int d = 0; d < DIR_NB; d++) {
        Bitboard m = st.free | (((st.restricted_dirs >> d) & 1) ? st.restricted : 0);
        int off = sh->off[d];
        Bitboard t = shift_by(m & sh->step_src[d], off) & empty;
        while (t) {
            int to = bb_pop(&t);
            add_step(list, to - off, to);
        }
        for (int i = 0; i < sh->nodd_steps[d]; i++) {
            OddStep o = sh->odd_steps[d][i];
            if (bb_test(m, o.from) && bb_test(empty, o.to)) add_step(list, o.from, o.to);
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

static int count_steps(const Position *pos)
{
    const Geometry *g = pos->geo;
    const Shifts *sh = &shifts[pos->rules.variant];
    Bitboard empty = g->all & ~(pos->by_color[WHITE] | pos->by_color[BLACK]);
    Steppers st = steppers(pos);
    int n = 0;
    if (pos->rules.variant == VARIANT_DABLOT) {
#pragma GCC unroll 8
        for (int d = 0; d < DIR_NB; d++) {
            Bitboard m = st.free | (((st.restricted_dirs >> d) & 1) ? st.restricted : 0);
            n += bb_count(shift_by(m & sh->step_src[d], const_off[VARIANT_DABLOT][d]) & empty);
        }
        return n;
    }
    uint64_t emp = (uint64_t)empty;
#pragma GCC unroll 8
    for (int d = 0; d < DIR_NB; d++) {
        uint64_t m = (uint64_t)(st.free | (((st.restricted_dirs >> d) & 1) ? st.restricted : 0));
        n += __builtin_popcountll(
            shift64(m & (uint64_t)sh->step_src[d], const_off[VARIANT_TABAL][d]) & emp);
        for (int i = 0; i < sh->nodd_sets[d]; i++) {
            const OffsetSet *o = &sh->odd_sets[d][i];
            n += __builtin_popcountll(shift64(m & o->src, o->off) & emp);
        }
    }
    Bitboard flyers = st.flyers;
    while (flyers) {
        int p = bb_pop(&flyers);
        for (int d = 0; d < DIR_NB; d++)
            for (int q = g->ray[p][d]; q != NO_POINT && bb_test(empty, q); q = g->ray[q][d])
                n++;
    }
    return n;
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

int movegen_legal(const Position *pos, MoveList *list)
{
    tables_init();
    bool steps = false;
    if (game_over(pos)) {
        list->n = list->overflow = 0;
        return 0;
    }
    gen_legal_captures(pos, list, &steps);
    if (steps)
        gen_steps(pos, list);
    return list->n;
}

int movegen_captures(const Position *pos, MoveList *list)
{
    tables_init();
    bool steps = false;
    if (game_over(pos)) {
        list->n = list->overflow = 0;
        return 0;
    }
    gen_legal_captures(pos, list, &steps);
    return list->n;
}

int movegen_count(const Position *pos)
{
    tables_init();
    MoveList list;
    bool steps = false;
    if (game_over(pos))
        return 0;
    gen_legal_captures(pos, &list, &steps);
    return list.n + (steps ? count_steps(pos) : 0);
}

int movegen_has_capture(const Position *pos)
{
    MoveList list;
    return movegen_captures(pos, &list) > 0;
}
