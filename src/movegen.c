/*
 * movegen.c - steps from precomputed masks, captures by a depth-first search
 * over capture sequences (RULES.md sections 1, 2 and 4).
 */
#include "movegen.h"

#include <pthread.h>
#include <stdbool.h>

/* A short jump from a point: over the neighbour `over`, landing on `land`,
 * both on one straight line. */
typedef struct Jump {
    int8_t over, land;
} Jump;

static Jump jumps[VARIANT_NB][MAX_POINTS][DIR_NB];
static uint8_t njumps[VARIANT_NB][MAX_POINTS];
static Bitboard jump_over[VARIANT_NB][MAX_POINTS];   /* every `over` of a point */
static Bitboard step_all[VARIANT_NB][MAX_POINTS];    /* neighbours along any line */
static Bitboard step_men[VARIANT_NB][2][MAX_POINTS]; /* men's restricted steps, by colour */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* Directions a man may step in when restricted: forward and diagonally
 * forward (Dablot ForwardOnlyMen, Cyningstan 14), plus sideways in Tabal. */
static bool man_dir(Variant v, Color c, int d)
{
    int fwd = c == WHITE ? (d == DIR_N || d == DIR_NE || d == DIR_NW)
                         : (d == DIR_S || d == DIR_SE || d == DIR_SW);
    return fwd || (v == VARIANT_TABAL && (d == DIR_E || d == DIR_W));
}

static void build_tables(void)
{
    for (int v = 0; v < VARIANT_NB; v++) {
        const Geometry *g = geometry_of((Variant)v);
        for (int p = 0; p < g->npoints; p++) {
            for (int d = 0; d < DIR_NB; d++) {
                int q = g->ray[p][d];
                if (q == NO_POINT) continue;
                step_all[v][p] |= bb_bit(q);
                for (int c = 0; c < 2; c++)
                    if (man_dir((Variant)v, (Color)c, d))
                        step_men[v][c][p] |= bb_bit(q);
                int l = g->ray[q][d];
                if (l == NO_POINT) continue;
                jumps[v][p][njumps[v][p]++] = (Jump){ (int8_t)q, (int8_t)l };
                jump_over[v][p] |= bb_bit(q);
            }
        }
    }
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
    bool immediate;        /* Dablot: jumped pieces are removed at once */
    bool flying;           /* Tabal king: long jumps */
    bool prefixes;         /* every prefix of a sequence is a move */
} Capture;

static void add_capture(Capture *c, int to, Bitboard captured)
{
    MoveList *l = c->list;
    for (int i = c->first; i < l->n; i++)
        if (l->moves[i].to == to && l->moves[i].captured == captured)
            return;   /* another path of the same move (section 4) */
    if (l->n >= MAX_MOVES) {
        l->overflow = 1;
        return;
    }
    l->moves[l->n++] = (Move){ captured, (uint8_t)c->start, (uint8_t)to };
}

static void capture_from(Capture *c, int p, Bitboard captured)
{
    const Geometry *g = c->pos->geo;
    Bitboard empty = c->immediate ? c->empty | captured : c->empty;
    Bitboard victims = c->capturable & ~captured;
    bool jumped = false;

    if (!c->flying) {
        Variant v = g->variant;
        if (!(jump_over[v][p] & victims))
            goto done;
        for (int i = 0; i < njumps[v][p]; i++) {
            Jump j = jumps[v][p][i];
            if (bb_test(victims, j.over) && bb_test(empty, j.land)) {
                Bitboard now = captured | bb_bit(j.over);
                jumped = true;
                if (c->prefixes) add_capture(c, j.land, now);
                capture_from(c, j.land, now);
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
                if (c->prefixes) add_capture(c, l, now);
                capture_from(c, l, now);
            }
        }
    }
done:
    if (!jumped && captured && !c->prefixes)
        add_capture(c, p, captured);
}

/* Enemy pieces a piece of this type may jump (Dablot rank rule, section 1). */
static Bitboard capturable_by(const Position *pos, PieceType t)
{
    Bitboard enemy = pos->by_color[pos->stm ^ 1];
    if (pos->rules.variant == VARIANT_TABAL || t == KING) return enemy;
    if (t == PRINCE) return enemy & (pos->by_type[MAN] | pos->by_type[PRINCE]);
    return enemy & pos->by_type[MAN];
}

/* Generates the captures of the pieces in `movers` into list.  Returns the
 * number added. */
static int gen_captures_of(const Position *pos, Bitboard movers, bool prefixes_men,
                           bool prefixes_others, MoveList *list)
{
    int before = list->n;
    Bitboard empty = pos->geo->all & ~(pos->by_color[WHITE] | pos->by_color[BLACK]);
    Capture c = { .pos = pos, .list = list, .empty = empty,
                  .immediate = pos->rules.variant == VARIANT_DABLOT };
    while (movers) {
        int p = bb_pop(&movers);
        PieceType t = piece_type(pos->board[p]);
        c.capturable = capturable_by(pos, t);
        if (!c.capturable) continue;
        c.start = p;
        c.first = list->n;
        c.empty = empty | bb_bit(p);
        c.flying = pos->rules.variant == VARIANT_TABAL && t == KING;
        c.prefixes = t == MAN ? prefixes_men : prefixes_others;
        if (!c.flying && !(jump_over[pos->rules.variant][p] & c.capturable))
            continue;
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
    if (pos->rules.variant == VARIANT_TABAL) {
        gen_captures_of(pos, own, false, false, list);
        if (pos->rules.max_capture && list->n) keep_max_captures(list);
        *steps_allowed = list->n == 0;
        return;
    }
    switch (pos->rules.captures) {
    case CAPTURES_OPTIONAL:
        gen_captures_of(pos, own, true, true, list);
        *steps_allowed = true;
        break;
    case CAPTURES_COMPULSORY:
        gen_captures_of(pos, own, false, false, list);
        *steps_allowed = list->n == 0;
        break;
    case CAPTURES_COMPULSORY_MEN: {
        /* Men must complete their sequences; king and prince may stop after
         * any jump.  If any man can capture, the move must be a capture. */
        int by_men = gen_captures_of(pos, own & pos->by_type[MAN], false, true, list);
        gen_captures_of(pos, own & ~pos->by_type[MAN], false, true, list);
        *steps_allowed = by_men == 0;
        break;
    }
    }
}

static bool game_over(const Position *pos)
{
    int loser;
    return pos->rules.variant == VARIANT_DABLOT && position_end_by_rule(pos, &loser) != END_NONE;
}

static void add_step(MoveList *list, int from, int to)
{
    if (list->n >= MAX_MOVES) {
        list->overflow = 1;
        return;
    }
    list->moves[list->n++] = (Move){ 0, (uint8_t)from, (uint8_t)to };
}

/* Destinations of a step of the piece on p (not flying kings). */
static inline Bitboard step_targets(const Position *pos, int p, Bitboard empty)
{
    Variant v = pos->rules.variant;
    int code = pos->board[p];
    bool restricted = piece_type(code) == MAN && (v == VARIANT_TABAL || pos->rules.forward_only_men);
    return (restricted ? step_men[v][piece_color(code)][p] : step_all[v][p]) & empty;
}

int movegen_legal(const Position *pos, MoveList *list)
{
    tables_init();
    bool steps;
    if (game_over(pos)) {
        list->n = list->overflow = 0;
        return 0;
    }
    gen_legal_captures(pos, list, &steps);
    if (!steps)
        return list->n;
    const Geometry *g = pos->geo;
    Bitboard empty = g->all & ~(pos->by_color[WHITE] | pos->by_color[BLACK]);
    Bitboard own = pos->by_color[pos->stm];
    Bitboard flyers = pos->rules.variant == VARIANT_TABAL ? own & pos->by_type[KING] : 0;
    Bitboard walkers = own & ~flyers;
    while (walkers) {
        int p = bb_pop(&walkers);
        Bitboard t = step_targets(pos, p, empty);
        while (t) add_step(list, p, bb_pop(&t));
    }
    while (flyers) {
        int p = bb_pop(&flyers);
        for (int d = 0; d < DIR_NB; d++)
            for (int q = g->ray[p][d]; q != NO_POINT && bb_test(empty, q); q = g->ray[q][d])
                add_step(list, p, q);
    }
    return list->n;
}

int movegen_captures(const Position *pos, MoveList *list)
{
    tables_init();
    bool steps;
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
    bool steps;
    if (game_over(pos))
        return 0;
    gen_legal_captures(pos, &list, &steps);
    if (!steps)
        return list.n;
    const Geometry *g = pos->geo;
    Bitboard empty = g->all & ~(pos->by_color[WHITE] | pos->by_color[BLACK]);
    Bitboard own = pos->by_color[pos->stm];
    Bitboard flyers = pos->rules.variant == VARIANT_TABAL ? own & pos->by_type[KING] : 0;
    Bitboard walkers = own & ~flyers;
    int n = list.n;
    while (walkers) {
        int p = bb_pop(&walkers);
        n += bb_count(step_targets(pos, p, empty));
    }
    while (flyers) {
        int p = bb_pop(&flyers);
        for (int d = 0; d < DIR_NB; d++)
            for (int q = g->ray[p][d]; q != NO_POINT && bb_test(empty, q); q = g->ray[q][d])
                n++;
    }
    return n;
}

int movegen_has_capture(const Position *pos)
{
    MoveList list;
    return movegen_captures(pos, &list) > 0;
}
