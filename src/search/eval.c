/*
 * eval.c - the evaluation terms and their weights (design in eval.h).
 */
#include "eval.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"

/* The fields of EvalWeights, in declaration order, for tuners and the
 * generated eval_weights.c.  Where a value was measured, the match is
 * named here (the values themselves are in eval_weights.c):
 *   piece: Dablot king 420, not 700: 77-23-0 against 63-37-0 when the
 *     greedy player uses the same values (docs/strength.md "The king's
 *     value");
 *   mopup_hunt_mobility: Dablot 42 a lacking step: 115 of 288 stuck
 *     endings won against 90 (docs/strength.md "Stuck Dablot endings at
 *     fixed nodes");
 *   mopup_region, mopup_all_men: Dablot region walls and every man drawn
 *     in: 268 of 576 won against 227 (the same entry);
 *   hanging_root_own_move: Dablot the hand-set -12/-30/-40 for the root
 *     side beside the fitted hanging_own_move for the other: +15 Elo and
 *     the self-play proxy kept (docs/strength.md "The root side's men
 *     weighed apart (Dablot)").
 * Tuned values: docs/tuning.md and the docs/strength.md entries it cites. */
/* clang-format off */
#define WORDS(bytes) ((int)((bytes) / sizeof(int)))
#define EVAL_PARAM(f, t) { #f, WORDS(offsetof(EvalWeights, f)), WORDS(sizeof(((EvalWeights *)0)->f)), t }
/* clang-format on */
static const EvalParam eval_param_list[] = {
    EVAL_PARAM(piece, true), /* piece[MAN] excepted: eval_weight_tunable() */
    EVAL_PARAM(king_immune, true),
    EVAL_PARAM(prince_immune, true),
    EVAL_PARAM(mobility, true),
    EVAL_PARAM(hanging_own_move, true),
    EVAL_PARAM(hanging_their_move, true),
    EVAL_PARAM(hanging_root_own_move, false),
    EVAL_PARAM(advance, true),
    EVAL_PARAM(centre, true),
    EVAL_PARAM(runaway, true),
    EVAL_PARAM(base_guard, true),
    EVAL_PARAM(triangle, true),
    EVAL_PARAM(piece_no_prey, true),
    EVAL_PARAM(mopup_margin, false),
    EVAL_PARAM(mopup_mobility, true),
    EVAL_PARAM(mopup_hunt_mobility, true),
    EVAL_PARAM(mopup_king_dist, true),
    EVAL_PARAM(mopup_piece_dist, true),
    EVAL_PARAM(mopup_wall, false),
    EVAL_PARAM(mopup_rim, true),
    EVAL_PARAM(mopup_own_king, true),
    EVAL_PARAM(mopup_king_free, true),
    EVAL_PARAM(mopup_region, true),
    EVAL_PARAM(mopup_all_men, true),
    EVAL_PARAM(mopup_kingless, false),
    EVAL_PARAM(tempo, true),
};
#undef EVAL_PARAM
#undef WORDS
enum { EVAL_PARAM_NB = sizeof eval_param_list / sizeof eval_param_list[0] };

const EvalParam *eval_params(int *n)
{
    *n = EVAL_PARAM_NB;
    return eval_param_list;
}

int eval_weight_get(const EvalWeights *w, int i)
{
    int v;
    memcpy(&v, (const char *)w + (size_t)i * sizeof(int), sizeof v);
    return v;
}

void eval_weight_set(EvalWeights *w, int i, int value)
{
    memcpy((char *)w + (size_t)i * sizeof(int), &value, sizeof value);
}

/* The parameter holding flat weight i. */
static const EvalParam *param_of(int i)
{
    for (int k = 0; k < EVAL_PARAM_NB; k++)
        if (i >= eval_param_list[k].index
            && i < eval_param_list[k].index + eval_param_list[k].count)
            return &eval_param_list[k];
    return NULL;
}

bool eval_weight_tunable(int i)
{
    const EvalParam *p = param_of(i);
    /* A man on its first rank is worth exactly piece[MAN], the unit: the
     * advance of every rank plus the man's value would otherwise be one
     * degree of freedom too many. */
    int man = (int)(offsetof(EvalWeights, piece) / sizeof(int)) + MAN;
    int first_rank = (int)(offsetof(EvalWeights, advance) / sizeof(int));
    return p && p->tunable && i != man && i != first_rank;
}

bool eval_weight_applies(EvalTable t, int i)
{
    if (!eval_weight_tunable(i)) return false;
    const EvalParam *p = param_of(i);
    const char *n = p->name;
    int k = i - p->index;
    bool by_type = p->count == PIECE_TYPE_NB, by_rank = p->count == MAX_RANKS;
    if (t == EVAL_TABLE_TABAL)
        return !(by_type && k == PRINCE) && strcmp(n, "piece_no_prey") && strcmp(n, "king_immune")
            && strcmp(n, "prince_immune")
            && (strncmp(n, "mopup_", 6) || !strcmp(n, "mopup_mobility"))
            && !(by_rank && k >= geometry_of(VARIANT_TABAL)->nranks);
    return strcmp(n, "runaway") && strcmp(n, "base_guard") && strcmp(n, "triangle")
        && !(!strcmp(n, "piece_no_prey") && k == KING);
}

void eval_weight_name(int i, char *buf, size_t len)
{
    const EvalParam *p = param_of(i);
    if (!p)
        snprintf(buf, len, "?");
    else if (p->count == 1)
        snprintf(buf, len, "%s", p->name);
    else
        snprintf(buf, len, "%s[%d]", p->name, i - p->index);
}

static const char *const term_names[TERM_NB] = {
    "material", "immunity", "mobility", "safety", "advance",
    "centre", "runaway", "triangle", "mop-up", "tempo",
};

const char *eval_term_name(EvalTerm t)
{
    return (unsigned)t < TERM_NB ? term_names[t] : "?";
}

EvalTable eval_table_of(const Rules *r)
{
    if (r->variant == VARIANT_TABAL) return EVAL_TABLE_TABAL;
    return r->captures == CAPTURES_OPTIONAL ? EVAL_TABLE_DABLOT : EVAL_TABLE_DABLOT_COMPULSORY;
}

static const char *const table_names[EVAL_TABLE_NB] = {
    [EVAL_TABLE_DABLOT] = "dablot",
    [EVAL_TABLE_TABAL] = "tabal",
    [EVAL_TABLE_DABLOT_COMPULSORY] = "dablot-compulsory",
};

const char *eval_table_name(EvalTable t)
{
    return (unsigned)t < EVAL_TABLE_NB ? table_names[t] : "?";
}

int eval_table_from_name(const char *name)
{
    for (int t = 0; t < EVAL_TABLE_NB; t++)
        if (!strcmp(name, table_names[t])) return t;
    return -1;
}

int eval_piece_value(Variant v, PieceType t)
{
    return eval_default_weights[v == VARIANT_TABAL ? EVAL_TABLE_TABAL : EVAL_TABLE_DABLOT].piece[t];
}

enum { TABAL_ODD = 2, MAX_RING = 16 };

/* Tables derived from the geometry, built once. */
typedef struct EvalTables {
    Bitboard adj[MAX_POINTS];            /* neighbours along any line */
    Bitboard men_step[2][MAX_POINTS];    /* restricted man steps, by colour */
    int8_t line_a[MAX_POINTS][4];        /* the two neighbours of p on each */
    int8_t line_b[MAX_POINTS][4];        /*   straight line through p */
    uint8_t nlines[MAX_POINTS];
    uint8_t line_dir[MAX_POINTS][4];     /* direction from p to line_a */
    int8_t rel_rank[2][MAX_POINTS];      /* rank counted from a colour's own side */
    int8_t centre[MAX_POINTS];           /* 0 at the rim .. larger in the middle */
    Bitboard cone[2][MAX_POINTS];        /* Tabal: points a free runner must not meet */
    Bitboard home_base[2];               /* Tabal: a1 c1 e1 / a9 c9 e9 */
    Bitboard home_triangle[2];           /* Tabal: the six points of ranks 1-2 / 8-9 */
    /* Whole-board shifts (Dablot): every line in direction d joins p and
     * p + off[d] (points are numbered (11 * rank + file) / 2 on the doubled
     * grid), so one shift moves a whole set one step along its lines. */
    bool uniform;                        /* every line has its direction's offset */
    int8_t off[DIR_NB];
    Bitboard has_dir[DIR_NB];            /* points with a line in direction d */
    Bitboard through[DIR_NB];            /* points a straight line d runs through */
    uint8_t man_dirs[2];                 /* bit d: a restricted man may step in d */
    Bitboard rank_mask[2][MAX_RANKS];    /* points of each rank counted from a colour's side */
    Bitboard centre_plane[3];            /* bit b of centre[p] */
    uint8_t dist[MAX_POINTS][MAX_POINTS];/* fewest steps between two points along the lines */
    int max_dist;                        /* the largest of them */
    Bitboard ring[MAX_POINTS][MAX_RING]; /* the points at each distance from p */
    int max_centre;                      /* the largest centre[p] */
    /* Tabal's sets in 64 bits (37 points): the points whose neighbour in
     * direction d is p + tabal_off[d] (the 5 x 5 square), and those whose
     * neighbour is p + tabal_odd_off[d][i] (the triangles) (tabal_pre()). */
    bool tabal_sets; /* the Tabal board fitted these tables */
    uint64_t sq_src[DIR_NB];
    uint64_t odd_src[DIR_NB][TABAL_ODD];
} EvalTables;

static EvalTables tables[VARIANT_NB];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

enum { ADVANCE_PLANES = 32 };

/* The advance weights of a table as bit planes: a man on rank r (counted
 * from its side) is worth base plus 2^b for every plane b that holds rank
 * r, so the men's sum is base * |men| plus 2^b * |men & plane b| over the
 * planes, one popcount a plane (5 for the engine's tables) rather than one
 * a rank.  Sums are unsigned, so they wrap as the rank-by-rank int sum
 * would. */
typedef struct AdvancePlanes {
    int base, nplanes;
    Bitboard plane[2][ADVANCE_PLANES];
} AdvancePlanes;

static AdvancePlanes default_planes[EVAL_TABLE_NB]; /* of eval_default_weights */

static int is_man_dir(Variant v, Color c, int d)
{
    int fwd = c == WHITE ? (d == DIR_N || d == DIR_NE || d == DIR_NW)
                         : (d == DIR_S || d == DIR_SE || d == DIR_SW);
    return fwd || (v == VARIANT_TABAL && (d == DIR_E || d == DIR_W));
}

/* The Dablot offsets by direction (N, NE, E, SE, S, SW, W, NW) as
 * constants, so the shifts below compile to fixed shifts; build_tables()
 * checks them against the geometry and falls back to the piece-by-piece
 * evaluation if they ever disagree. */
static const int8_t dablot_off[DIR_NB] = { 11, 6, 1, -5, -11, -6, -1, 5 };
/* Tabal's offsets on its 5 x 5 square, the same way, and the other
 * offsets of the triangles' lines (c1-c2-c3, a1-b2-c3, ...; 0 where a
 * direction has fewer): build_tabal_sets() checks them too. */
static const int8_t tabal_off[DIR_NB] = { 5, 6, 1, -4, -5, -6, -1, 4 };
static const int8_t tabal_odd_off[DIR_NB][TABAL_ODD] = {
    { 4, 3 }, { 5, 3 }, { 0, 0 }, { -3, 0 }, { -4, -3 }, { -5, -3 }, { 0, 0 }, { 3, 0 },
};

/* Per point: neighbours, restricted man steps, the straight lines through
 * it, its rank from each side and its centrality. */
static void build_points(EvalTables *t, const Geometry *g, Variant v)
{
    int cf = (g->nfiles - 1), cr = (g->nranks - 1);   /* doubled centre */
    for (int p = 0; p < g->npoints; p++) {
        for (int d = 0; d < DIR_NB; d++) {
            int q = g->ray[p][d];
            if (q == NO_POINT) continue;
            t->adj[p] |= bb_bit(q);
            for (int c = 0; c < 2; c++)
                if (is_man_dir(v, (Color)c, d))
                    t->men_step[c][p] |= bb_bit(q);
        }
        for (int d = 0; d < 4; d++) {
            int a = g->ray[p][d], b = g->ray[p][d + 4];
            if (a == NO_POINT || b == NO_POINT) continue;
            int i = t->nlines[p]++;
            t->line_a[p][i] = (int8_t)a;
            t->line_b[p][i] = (int8_t)b;
            t->line_dir[p][i] = (uint8_t)d;
        }
        t->rel_rank[WHITE][p] = g->rank[p];
        t->rel_rank[BLACK][p] = (int8_t)(g->nranks - 1 - g->rank[p]);
        int df = abs(2 * g->file[p] - cf), dr = abs(2 * g->rank[p] - cr);
        int dist = (df + dr) / 2;                       /* 0 .. (cf + cr) / 2 */
        t->centre[p] = (int8_t)(((cf + cr) / 2 - dist) / (v == VARIANT_DABLOT ? 2 : 1));
        if (t->centre[p] > t->max_centre) t->max_centre = t->centre[p];
    }
}

/* The offset of each direction and whether every line has it (the
 * whole-board shifts, Dablot only when they equal dablot_off), then the
 * rank and centre masks. */
static void build_shifts(EvalTables *t, const Geometry *g, Variant v)
{
    t->uniform = true;
    for (int d = 0; d < DIR_NB; d++) {
        int off = 0;
        for (int p = 0; p < g->npoints && !off; p++)
            if (g->ray[p][d] != NO_POINT) off = g->ray[p][d] - p;
        t->off[d] = (int8_t)off;
        for (int p = 0; p < g->npoints; p++) {
            if (g->ray[p][d] == NO_POINT) continue;
            t->has_dir[d] |= bb_bit(p);
            if (g->ray[p][d] != p + off || (v == VARIANT_DABLOT && off != dablot_off[d]))
                t->uniform = false;
            if (g->ray[p][(d + 4) & 7] != NO_POINT) t->through[d] |= bb_bit(p);
        }
        for (int c = 0; c < 2; c++)
            if (is_man_dir(v, (Color)c, d)) t->man_dirs[c] |= (uint8_t)(1u << d);
    }
    for (int p = 0; p < g->npoints; p++) {
        for (int c = 0; c < 2; c++)
            t->rank_mask[c][t->rel_rank[c][p]] |= bb_bit(p);
        for (int b = 0; b < 3; b++)
            if (t->centre[p] >> b & 1) t->centre_plane[b] |= bb_bit(p);
    }
}

/* Fewest steps along the lines between every two points (breadth-first
 * from each point). */
static void build_distances(EvalTables *t, const Geometry *g)
{
    for (int p = 0; p < g->npoints; p++) {
        memset(t->dist[p], 0xff, sizeof t->dist[p]);
        int queue[MAX_POINTS], head = 0, tail = 0;
        t->dist[p][p] = 0;
        queue[tail++] = p;
        while (head < tail) {
            int a = queue[head++];
            Bitboard nb = t->adj[a];
            while (nb) {
                int q = bb_pop(&nb);
                if (t->dist[p][q] == 0xff) {
                    t->dist[p][q] = (uint8_t)(t->dist[p][a] + 1);
                    if (t->dist[p][q] > t->max_dist) t->max_dist = t->dist[p][q];
                    queue[tail++] = q;
                }
            }
        }
    }
    if (t->max_dist >= MAX_RING) {
        fprintf(stderr, "eval: a board wider than the distance rings\n");
        abort();
    }
    for (int p = 0; p < g->npoints; p++)
        for (int q = 0; q < g->npoints; q++)
            t->ring[p][t->dist[p][q]] |= bb_bit(q);
}

/* Tabal: the 64-bit neighbour sets of tabal_pre(), by offset;
 * tabal_sets stays false (the piece-by-piece terms) if the board does
 * not fit the offsets above. */
static void build_tabal_sets(EvalTables *t, const Geometry *g)
{
    bool fits = g->npoints <= 64;
    for (int p = 0; p < g->npoints && fits; p++)
        for (int d = 0; d < DIR_NB; d++) {
            int q = g->ray[p][d], i = 0;
            if (q == NO_POINT) continue;
            if (q - p == tabal_off[d]) {
                t->sq_src[d] |= (uint64_t)1 << p;
                continue;
            }
            while (i < TABAL_ODD && (!tabal_odd_off[d][i] || q - p != tabal_odd_off[d][i]))
                i++;
            if (i == TABAL_ODD)
                fits = false;
            else
                t->odd_src[d][i] |= (uint64_t)1 << p;
        }
    t->tabal_sets = fits;
}

/* Tabal: each point's cone (the points a free runner must not meet), the
 * home triangles and the home bases. */
static void build_tabal(EvalTables *t, const Geometry *g)
{
    for (int p = 0; p < g->npoints; p++) {
        for (int q = 0; q < g->npoints; q++) {
            int dfile = abs(g->file[q] - g->file[p]);
            int ahead_w = g->rank[q] - g->rank[p], ahead_b = -ahead_w;
            if (ahead_w >= 0 && dfile <= ahead_w + 1 && q != p) t->cone[WHITE][p] |= bb_bit(q);
            if (ahead_b >= 0 && dfile <= ahead_b + 1 && q != p) t->cone[BLACK][p] |= bb_bit(q);
        }
        if (g->rank[p] <= 1) t->home_triangle[WHITE] |= bb_bit(p);
        if (g->rank[p] >= g->nranks - 2) t->home_triangle[BLACK] |= bb_bit(p);
    }
    t->home_base[WHITE] = g->far_base[BLACK];
    t->home_base[BLACK] = g->far_base[WHITE];
    build_tabal_sets(t, g);
}

static void build_advance_planes(AdvancePlanes *ap, const EvalWeights *w, Variant v)
{
    const EvalTables *t = &tables[v];
    int nranks = geometry_of(v)->nranks, lo = w->advance[0];
    for (int r = 1; r < nranks; r++)
        if (w->advance[r] < lo) lo = w->advance[r];
    ap->base = lo;
    ap->nplanes = 0;
    for (int c = 0; c < 2; c++)
        for (int b = 0; b < ADVANCE_PLANES; b++)
            ap->plane[c][b] = 0;
    for (int r = 0; r < nranks; r++) {
        unsigned above = (unsigned)w->advance[r] - (unsigned)lo;
        for (int b = 0; b < ADVANCE_PLANES; b++) {
            if (!(above >> b & 1)) continue;
            for (int c = 0; c < 2; c++)
                ap->plane[c][b] |= t->rank_mask[c][r];
            if (b >= ap->nplanes) ap->nplanes = b + 1;
        }
    }
}

static inline int advance_sum(const AdvancePlanes *ap, Color c, Bitboard men)
{
    unsigned sum = (unsigned)ap->base * (unsigned)bb_count(men);
    for (int b = 0; b < ap->nplanes; b++)
        sum += (unsigned)bb_count(men & ap->plane[c][b]) << b;
    return (int)sum;
}

static void build_tables(void)
{
    for (int v = 0; v < VARIANT_NB; v++) {
        const Geometry *g = geometry_of((Variant)v);
        EvalTables *t = &tables[v];
        build_points(t, g, (Variant)v);
        build_shifts(t, g, (Variant)v);
        build_distances(t, g);
        if (v == VARIANT_TABAL)
            build_tabal(t, g);
    }
    for (int i = 0; i < EVAL_TABLE_NB; i++)
        build_advance_planes(&default_planes[i], &eval_default_weights[i],
                             i == EVAL_TABLE_TABAL ? VARIANT_TABAL : VARIANT_DABLOT);
}

static atomic_bool tables_ready; /* spares every evaluation the pthread_once call */

static inline void tables_init(void)
{
    if (!atomic_load_explicit(&tables_ready, memory_order_acquire)) {
        pthread_once(&tables_once, build_tables);
        atomic_store_explicit(&tables_ready, true, memory_order_release);
    }
}

/* Steps of a Tabal king (flying) from p over empty points. */
static int flying_steps(const Geometry *g, int p, Bitboard empty)
{
    int n = 0;
    for (int d = 0; d < DIR_NB; d++)
        for (int q = g->ray[p][d]; q != NO_POINT && bb_test(empty, q); q = g->ray[q][d])
            n++;
    return n;
}

/* True when the enemy of the piece on p (colour c, type t) can jump it at
 * once along one of the lines through p. */
static bool is_hanging(const Position *pos, const EvalTables *tb, int p, Color c, PieceType t,
                       Bitboard empty)
{
    const Geometry *g = pos->geo;
    Bitboard enemy = pos->by_color[c ^ 1];
    for (int i = 0; i < tb->nlines[p]; i++) {
        int a = tb->line_a[p][i], b = tb->line_b[p][i];
        for (int side = 0; side < 2; side++) {
            int from = side ? b : a, land = side ? a : b;
            if (!bb_test(empty, land)) continue;
            int q = from;
            if (pos->rules.variant == VARIANT_TABAL) {
                int d = side ? tb->line_dir[p][i] + 4 : tb->line_dir[p][i];
                while (q != NO_POINT && bb_test(empty, q)) q = g->ray[q][d];
                if (q == NO_POINT || !bb_test(enemy, q)) continue;
                PieceType at = piece_type(pos->board[q]);
                if (at == KING || q == from) return true;
            } else {
                if (!bb_test(enemy, q)) continue;
                if (piece_type(pos->board[q]) >= t) return true;
            }
        }
    }
    return false;
}

static inline Bitboard shift(Bitboard b, int off)
{
    return off >= 0 ? b << off : b >> -off;
}

/* Pieces of v that an attacker of a (short-jumping) can jump at once:
 * for some direction d the attacker stands on the line before the victim
 * and the point after it is empty (Dablot, whole-board shifts). */
static Bitboard jumpable(const EvalTables *tb, Bitboard v, Bitboard a, Bitboard empty)
{
    Bitboard hit = 0;
    for (int d = 0; d < DIR_NB; d++)
        hit |= tb->through[d] & shift(a & tb->has_dir[d], dablot_off[d]) & shift(empty, -dablot_off[d]);
    return v & hit;
}

/* Sum of the centre values of the points in b. */
static inline int centre_sum(const EvalTables *tb, Bitboard b)
{
    return bb_count(b & tb->centre_plane[0]) + 2 * bb_count(b & tb->centre_plane[1])
         + 4 * bb_count(b & tb->centre_plane[2]);
}

/* Material value of a piece of colour c and type t.  Dablot: a man can
 * only ever capture men, a prince men and princes (RULES.md section 1), so
 * with no such enemy piece left it is only a blocker. */
static inline int piece_value(const Position *pos, const EvalWeights *w, Color c, PieceType t)
{
    if (pos->rules.variant != VARIANT_DABLOT || t == KING)
        return w->piece[t];
    Bitboard prey = pos->by_color[c ^ 1] & pos->by_type[MAN];
    if (t == PRINCE)
        prey |= pos->by_color[c ^ 1] & pos->by_type[PRINCE];
    return prey ? w->piece[t] : w->piece_no_prey[t];
}

/* Immunity (Dablot): a piece can be taken only by an enemy piece of equal
 * or higher rank (RULES.md section 1). */
static int immunity(const Position *pos, const EvalWeights *w, Color c)
{
    Bitboard own = pos->by_color[c], enemy = pos->by_color[c ^ 1];
    bool their_king = enemy & pos->by_type[KING], their_prince = enemy & pos->by_type[PRINCE];
    int v = 0;
    if ((own & pos->by_type[KING]) && !their_king)
        v += w->king_immune;
    if ((own & pos->by_type[PRINCE]) && !their_king && !their_prince)
        v += w->prince_immune;
    return v;
}

/* Points of p's set whose neighbour in direction d is in s (Dablot,
 * whole-board shifts: the neighbour of p in d is p + off[d]). */
/* The safety weights of colour c's pieces: hanging_their_move when the
 * opponent is to move, else hanging_own_move, or hanging_root_own_move for
 * the search's root side (root: a Color, or EVAL_NO_ROOT). */
static inline const int *hang_weights(const Position *pos, const EvalWeights *w, Color c, int root)
{
    return pos->stm != c  ? w->hanging_their_move
         : (int)c == root ? w->hanging_root_own_move
                          : w->hanging_own_move;
}

static inline Bitboard dablot_pre(const EvalTables *tb, Bitboard s, int d)
{
    return tb->has_dir[d] & shift(s, -dablot_off[d]);
}

/* True when the piece on p has an attacker (a point of a) on the line
 * before it in some direction d whose point after it is free: land[d] is
 * the set of points with a straight line in d and an empty point next in d
 * (Dablot; the per-piece form of jumpable(), for the one or two princes and
 * kings). */
static bool dablot_hangs(const EvalTables *tb, const Bitboard land[DIR_NB], Bitboard a, int p)
{
    if (!(tb->adj[p] & a)) return false;
    for (int d = 0; d < DIR_NB; d++)
        if (bb_test(land[d], p) && bb_test(a, p - dablot_off[d])) return true;
    return false;
}

/* Dablot terms of colour c with whole-board set operations; open[d] is
 * the set of points whose neighbour in direction d is empty and land[d]
 * its part with a straight line through in d, both computed once for the
 * two colours (evaluate()). */
static void dablot_terms(const Position *pos, const EvalWeights *w, const AdvancePlanes *ap,
                         const EvalTables *tb, Color c, int root, const Bitboard open[DIR_NB],
                         const Bitboard land[DIR_NB], int term[TERM_NB][2], int *steps)
{
    Bitboard own = pos->by_color[c], enemy = pos->by_color[c ^ 1];
    Bitboard empty = pos->geo->all & ~(own | enemy);
    Bitboard set[PIECE_TYPE_NB];
    for (int t = 0; t < PIECE_TYPE_NB; t++) {
        set[t] = own & pos->by_type[t];
        term[TERM_MATERIAL][c] += piece_value(pos, w, c, (PieceType)t) * bb_count(set[t]);
        term[TERM_CENTRE][c] += w->centre[t] * centre_sum(tb, set[t]);
    }

    /* Mobility: men by the open sets; the prince and the king one by one. */
    int men_steps = 0;
    for (int d = 0; d < DIR_NB; d++)
        if (!pos->rules.forward_only_men || (tb->man_dirs[c] >> d & 1))
            men_steps += bb_count(set[MAN] & open[d]);
    term[TERM_MOBILITY][c] += w->mobility[MAN] * men_steps;
    *steps = men_steps;
    for (int t = PRINCE; t <= KING; t++) {
        Bitboard b = set[t];
        while (b) {
            int n = bb_count(tb->adj[bb_pop(&b)] & empty);
            *steps += n;
            term[TERM_MOBILITY][c] += w->mobility[t] * n;
        }
    }

    /* Safety: a piece is jumped only by an enemy of equal or higher rank;
     * the men against every enemy piece at once (jumpable() with the
     * landing sets shared), the prince and king one by one. */
    Bitboard royal_enemy = enemy & (pos->by_type[PRINCE] | pos->by_type[KING]);
    Bitboard king_enemy = enemy & pos->by_type[KING];
    const int *hang = hang_weights(pos, w, c, root);
    Bitboard hit = 0;
    for (int d = 0; d < DIR_NB; d++)
        hit |= land[d] & shift(enemy, dablot_off[d]);
    int hanging[PIECE_TYPE_NB] = { bb_count(set[MAN] & hit), 0, 0 };
    for (Bitboard b = set[PRINCE]; b;)
        hanging[PRINCE] += dablot_hangs(tb, land, royal_enemy, bb_pop(&b));
    for (Bitboard b = set[KING]; b;)
        hanging[KING] += dablot_hangs(tb, land, king_enemy, bb_pop(&b));
    term[TERM_SAFETY][c] += hang[MAN] * hanging[MAN] + hang[PRINCE] * hanging[PRINCE]
                          + hang[KING] * hanging[KING];

    term[TERM_ADVANCE][c] += advance_sum(ap, c, set[MAN]);
    term[TERM_IMMUNITY][c] += immunity(pos, w, c);
}

static inline uint64_t shift64(uint64_t b, int off)
{
    return off >= 0 ? b << off : b >> -off;
}

/* The points whose neighbour in direction d is in s (Tabal, 64 bits). */
static inline uint64_t tabal_pre(const EvalTables *tb, uint64_t s, int d)
{
    uint64_t r = shift64(s, -tabal_off[d]) & tb->sq_src[d];
    for (int i = 0; i < TABAL_ODD; i++)
        r |= shift64(s, -tabal_odd_off[d][i]) & tb->odd_src[d][i];
    return r;
}

/* Sum of the centre values of the points in b (64 bits). */
static inline int centre_sum64(const EvalTables *tb, uint64_t b)
{
    return __builtin_popcountll(b & (uint64_t)tb->centre_plane[0])
         + 2 * __builtin_popcountll(b & (uint64_t)tb->centre_plane[1])
         + 4 * __builtin_popcountll(b & (uint64_t)tb->centre_plane[2]);
}

/* Tabal terms of colour c with 64-bit set operations, the same sums as
 * piece_terms(); open[d] is the set of points whose neighbour in
 * direction d is empty, computed once for the two colours. */
static void tabal_terms(const Position *pos, const EvalWeights *w, const AdvancePlanes *ap,
                        const EvalTables *tb, Color c, int root, const uint64_t open[DIR_NB],
                        int term[TERM_NB][2], int *steps)
{
    uint64_t own = (uint64_t)pos->by_color[c], enemy = (uint64_t)pos->by_color[c ^ 1];
    uint64_t empty = (uint64_t)pos->geo->all & ~(own | enemy);
    uint64_t set[PIECE_TYPE_NB];
    for (int t = 0; t < PIECE_TYPE_NB; t++) {
        set[t] = own & (uint64_t)pos->by_type[t];
        term[TERM_MATERIAL][c] += w->piece[t] * __builtin_popcountll(set[t]);
        term[TERM_CENTRE][c] += w->centre[t] * centre_sum64(tb, set[t]);
    }

    /* Mobility: men by the open sets, kings flying, one by one. */
    int n = 0;
    for (int d = 0; d < DIR_NB; d++)
        if (tb->man_dirs[c] >> d & 1) n += __builtin_popcountll(set[MAN] & open[d]);
    term[TERM_MOBILITY][c] += w->mobility[MAN] * n;
    *steps = n;
    for (uint64_t b = set[PRINCE]; b; b &= b - 1) {
        n = bb_count(tb->adj[__builtin_ctzll(b)] & (Bitboard)empty);
        *steps += n;
        term[TERM_MOBILITY][c] += w->mobility[PRINCE] * n;
    }
    for (uint64_t b = set[KING]; b; b &= b - 1) {
        n = flying_steps(pos->geo, __builtin_ctzll(b), (Bitboard)empty);
        *steps += n;
        term[TERM_MOBILITY][c] += w->mobility[KING] * n;
    }

    /* Safety: an enemy piece next to ours in direction d with the point
     * beyond ours (direction d + 4) empty, or an enemy king further along
     * d over empty points only. */
    uint64_t hit = 0, enemy_kings = enemy & (uint64_t)pos->by_type[KING];
    for (int d = 0; d < DIR_NB; d++)
        hit |= open[d ^ 4] & tabal_pre(tb, enemy, d);
    for (int d = 0; d < DIR_NB && enemy_kings; d++) {
        uint64_t seen = tabal_pre(tb, enemy_kings, d), prev;
        do {
            prev = seen;
            seen |= tabal_pre(tb, seen & empty, d);
        } while (seen != prev);
        hit |= open[d ^ 4] & seen;
    }
    const int *hang = hang_weights(pos, w, c, root);
    for (int t = 0; t < PIECE_TYPE_NB; t++)
        term[TERM_SAFETY][c] += hang[t] * __builtin_popcountll(set[t] & hit);

    term[TERM_ADVANCE][c] += advance_sum(ap, c, (Bitboard)set[MAN]);
    if (!enemy_kings)
        for (uint64_t b = set[MAN]; b; b &= b - 1) {
            int p = __builtin_ctzll(b);
            if (!((uint64_t)tb->cone[c][p] & enemy))
                term[TERM_RUNAWAY][c] += w->runaway[tb->rel_rank[c][p]];
        }
    term[TERM_TRIANGLE][c] += w->base_guard
                                * __builtin_popcountll(set[MAN] & (uint64_t)tb->home_base[c])
                            + w->triangle
                                  * __builtin_popcountll(own & (uint64_t)tb->home_triangle[c]);
}

/* The terms of colour c piece by piece: the reference the set-based
 * terms above must equal (eval_position_reference()), and the fallback if
 * the geometry ever stopped fitting their tables. */
static void piece_terms(const Position *pos, const EvalWeights *w, const EvalTables *tb, Color c,
                        int root, Bitboard empty, int term[TERM_NB][2], int *steps)
{
    const Geometry *g = pos->geo;
    Variant v = pos->rules.variant;
    Bitboard own = pos->by_color[c], enemy = pos->by_color[c ^ 1];
    bool enemy_kings = enemy & pos->by_type[KING];
    bool restricted_men = v == VARIANT_TABAL || pos->rules.forward_only_men;
    Bitboard b = own;
    *steps = 0;
    while (b) {
        int p = bb_pop(&b);
        PieceType t = piece_type(pos->board[p]);
        term[TERM_MATERIAL][c] += piece_value(pos, w, c, t);
        int n = v == VARIANT_TABAL && t == KING ? flying_steps(g, p, empty)
              : t == MAN && restricted_men ? bb_count(tb->men_step[c][p] & empty)
              : bb_count(tb->adj[p] & empty);
        *steps += n;
        term[TERM_MOBILITY][c] += n * w->mobility[t];
        term[TERM_CENTRE][c] += tb->centre[p] * w->centre[t];
        if (is_hanging(pos, tb, p, c, t, empty))
            term[TERM_SAFETY][c] += hang_weights(pos, w, c, root)[t];
        if (t == MAN) {
            int rr = tb->rel_rank[c][p];
            term[TERM_ADVANCE][c] += w->advance[rr];
            if (v == VARIANT_TABAL && !enemy_kings && !(tb->cone[c][p] & enemy))
                term[TERM_RUNAWAY][c] += w->runaway[rr];
        }
    }
    if (v == VARIANT_DABLOT) {
        term[TERM_IMMUNITY][c] += immunity(pos, w, c);
    } else {
        Bitboard men = own & pos->by_type[MAN];
        term[TERM_TRIANGLE][c] += w->base_guard * bb_count(men & tb->home_base[c])
                                + w->triangle * bb_count(own & tb->home_triangle[c]);
    }
}

/* The points a hunted piece on from could reach if no other piece moved:
 * steps to empty points and jumps over the pieces in prey (Dablot,
 * whole-board shifts; jumped pieces are treated as staying, so this is the
 * room the leader's wall leaves it). */
static Bitboard reach_of(const EvalTables *tb, int from, Bitboard empty, Bitboard prey)
{
    Bitboard reach = bb_bit(from), prev = 0;
    while (reach != prev) {
        prev = reach;
        for (int d = 0; d < DIR_NB; d++) {
            Bitboard next = shift(reach & tb->has_dir[d], dablot_off[d]);
            reach |= next & empty;
            reach |= shift(next & prey & tb->has_dir[d], dablot_off[d]) & empty;
        }
    }
    return reach;
}

/* Mop-up bonuses of colour c for the hunted piece on tp (Dablot): on the
 * rim, its own king kept, its nearest hunter near, and with the
 * whole-board shifts the hunted piece's free moves and room (see mopup()). */
static int hunt_bonus(const Position *pos, const EvalWeights *w, const EvalTables *tb, Color c,
                      int tp, Bitboard hunted, Bitboard hunters)
{
    Bitboard own = pos->by_color[c], enemy = pos->by_color[c ^ 1];
    Bitboard own_king = own & pos->by_type[KING];
    const uint8_t *d = tb->dist[tp];
    int bonus = w->mopup_rim * (tb->max_centre - tb->centre[tp]);
    if (own_king && (enemy & pos->by_type[KING]))
        bonus += w->mopup_own_king;
    int near = tb->max_dist;
    for (Bitboard h = hunters; h; ) {
        int hd = d[bb_pop(&h)];
        if (hd < near) near = hd;
    }
    if (hunters)
        bonus += w->mopup_king_dist * (tb->max_dist - near);
    if (!tb->uniform)
        return bonus;
    /* The hunted piece's steps to points a hunter could then jump (the
     * point it left counts as empty), and its own jumps (of c's pieces of
     * its rank or lower). */
    Bitboard empty = pos->geo->all & ~(own | enemy);
    Bitboard to = tb->adj[tp] & empty;
    Bitboard hit = hunters ? jumpable(tb, to, hunters, empty | hunted) : 0;
    Bitboard prey = (enemy & pos->by_type[KING] & hunted) ? own
                  : own & (pos->by_type[MAN] | pos->by_type[PRINCE]);
    int free_moves = bb_count(to & ~hit) + bb_count(jumpable(tb, prey, hunted, empty));
    if (free_moves < DIR_NB)
        bonus += w->mopup_king_free * (DIR_NB - free_moves);
    Bitboard open = hunters ? empty & ~jumpable(tb, empty, hunters, empty | hunted) : empty;
    int room = bb_count(reach_of(tb, tp, open, prey));
    return bonus + w->mopup_region * (pos->geo->npoints - room);
}

/* Mop-up bonus of the wall builders, pieces (c's men and non-hunting
 * prince) at their distances from the target on tp: the nearest few only,
 * so each step one of them takes toward the target counts in full (an
 * average over twenty men hardly moves when one does), and all_men a step
 * for every one of them.  The pieces are counted ring by ring (the
 * points at each distance), nearest first. */
static int wall_bonus(const EvalWeights *w, const EvalTables *tb, int tp, Bitboard pieces,
                      int all_men)
{
    const Bitboard *ring = tb->ring[tp];
    int bonus = 0, left = w->mopup_wall;
    for (int k = 0; k <= tb->max_dist && pieces && (left > 0 || all_men); k++) {
        int at = bb_count(pieces & ring[k]), n = at < left ? at : left > 0 ? left : 0;
        pieces &= ~ring[k];
        bonus += (all_men * at + w->mopup_piece_dist * n) * (tb->max_dist - k);
        left -= n;
    }
    return bonus;
}

/* How many enemy men may be left for the hunt's terms of an enemy without
 * men (params.h EVAL_HUNT_MEN_LEFT): only where captures are optional,
 * since there the leader chooses when to take the last ones. */
static inline int hunt_men_left(const Position *pos)
{
    return pos->rules.captures == CAPTURES_OPTIONAL ? EVAL_HUNT_MEN_LEFT : 0;
}

/* Mop-up, for colour c well ahead in material: c is paid for every step
 * the other side loses (8 times as much once it has at most
 * hunt_men_left() men left), since a
 * side with no legal move has lost (RULES.md sections 1 and 2).  In Dablot
 * a piece is taken only by one of equal or higher rank, so the hunted
 * piece is the enemy's highest-ranked one (king, else prince) and the
 * hunters are c's pieces that may take it; a hunted piece that cannot be
 * taken must be walled in.  So c also earns bonuses
 * (never below 0, so a bigger lead never scores less):
 *   - for keeping its king while the enemy king lives (a sacrifice that
 *     restarts the DrawPlies count must not be the king);
 *   - for its nearest hunter near the hunted piece;
 *   - for the hunted piece on the rim, where fewer lines pass;
 *   - for each move the hunted piece lacks of 8 (DIR_NB) that no hunter could
 *     answer by taking it;
 *   - for each point of the board the hunted piece could not reach if
 *     c's pieces stood still (reach_of(): the room its wall leaves it),
 *     where a point a hunter could take it on is a wall too;
 *   - for each of its few men (and prince) nearest the hunted piece, per
 *     step nearer: they build the wall; once the enemy has at most
 *     hunt_men_left() men left,
 *     a little more for every one of them, so the far men come up too.
 * Distances are steps along the lines.  With only enemy men left, only the
 * men-and-prince distance to one of them counts. */
static int mopup(const Position *pos, const EvalWeights *w, const EvalTables *tb, Color c,
                 int their_steps)
{
    int v = -w->mopup_mobility * their_steps;
    if (pos->rules.variant != VARIANT_DABLOT)
        return v;
    Bitboard own = pos->by_color[c], enemy = pos->by_color[c ^ 1];
    bool few_men = bb_count(enemy & pos->by_type[MAN]) <= hunt_men_left(pos);
    if (few_men) {
        int lacks = DIR_NB * bb_count(enemy) - their_steps;
        v += w->mopup_hunt_mobility * (lacks > 0 ? lacks : 0);
    }
    Bitboard own_king = own & pos->by_type[KING];
    Bitboard hunted = enemy & pos->by_type[KING], hunters = own_king;
    if (!hunted) {
        hunted = enemy & pos->by_type[PRINCE];
        hunters = own & (pos->by_type[KING] | pos->by_type[PRINCE]);
    }
    Bitboard target = hunted ? hunted : enemy;
    if (!target)
        return v;
    int tp = bb_lsb(target);
    int bonus = hunted ? hunt_bonus(pos, w, tb, c, tp, hunted, hunters) : 0;
    int all_men = hunted && few_men ? w->mopup_all_men : 0;
    bonus += wall_bonus(w, tb, tp, own & ~(hunters | own_king), all_men);
    return v + bonus;
}

/* Dablot men are never promoted (RULES.md section 1): once the enemy has
 * at most hunt_men_left() men left, the leader's men are paid for advancing toward the half the
 * hunted piece stands in, so a king hunted in the leader's own half pulls
 * them back instead of away (docs/strength.md "The Dablot hunt: every
 * hunter, and the men's advance"). */
static void hunt_advance(const Position *pos, const AdvancePlanes *ap, const EvalTables *tb,
                         Color leader, int term[TERM_NB][2])
{
    Bitboard enemy = pos->by_color[leader ^ 1];
    if (bb_count(enemy & pos->by_type[MAN]) > hunt_men_left(pos)) return;
    Bitboard hunted = enemy & pos->by_type[KING];
    if (!hunted)
        hunted = enemy & pos->by_type[PRINCE];
    if (!hunted || 2 * tb->rel_rank[leader][bb_lsb(hunted)] >= pos->geo->nranks - 1)
        return;
    Bitboard men = pos->by_color[leader] & pos->by_type[MAN];
    term[TERM_ADVANCE][leader] = advance_sum(ap, leader ^ 1, men);
}

/* The whole evaluation; fills tr when not NULL.  by_piece forces the
 * piece-by-piece path. */
static int evaluate(const Position *pos, const EvalWeights *w, const AdvancePlanes *ap, int root,
                    EvalTrace *tr, int *stm_steps, bool by_piece)
{
    Variant v = pos->rules.variant;
    const EvalTables *tb = &tables[v];
    Bitboard empty = pos->geo->all & ~(pos->by_color[WHITE] | pos->by_color[BLACK]);
    int term[TERM_NB][2] = { { 0 } };
    int steps[2];

    if (v == VARIANT_DABLOT && tb->uniform && !by_piece) {
        Bitboard open[DIR_NB], land[DIR_NB];
        for (int d = 0; d < DIR_NB; d++) {
            open[d] = dablot_pre(tb, empty, d);
            land[d] = open[d] & tb->through[d];
        }
        for (int c = 0; c < 2; c++)
            dablot_terms(pos, w, ap, tb, (Color)c, root, open, land, term, &steps[c]);
    } else if (v == VARIANT_TABAL && tb->tabal_sets && !by_piece) {
        uint64_t open[DIR_NB];
        for (int d = 0; d < DIR_NB; d++)
            open[d] = tabal_pre(tb, (uint64_t)empty, d);
        for (int c = 0; c < 2; c++)
            tabal_terms(pos, w, ap, tb, (Color)c, root, open, term, &steps[c]);
    } else {
        for (int c = 0; c < 2; c++)
            piece_terms(pos, w, tb, (Color)c, root, empty, term, &steps[c]);
    }
    int lead = term[TERM_MATERIAL][WHITE] - term[TERM_MATERIAL][BLACK];
    if (lead >= w->mopup_margin || -lead >= w->mopup_margin) {
        Color leader = lead > 0 ? WHITE : BLACK;
        term[TERM_MOPUP][leader] += mopup(pos, w, tb, leader, steps[leader ^ 1]);
        if (v == VARIANT_DABLOT)
            hunt_advance(pos, ap, tb, leader, term);
    }
    term[TERM_TEMPO][pos->stm] += w->tempo;

    int total = 0;
    for (int i = 0; i < TERM_NB; i++)
        total += term[i][WHITE] - term[i][BLACK];
    /* Dablot: only a king takes a king (RULES.md section 1), so a leader
     * that has lost its king can win only by walling the enemy king in. */
    if (v == VARIANT_DABLOT && (lead >= w->mopup_margin || -lead >= w->mopup_margin)) {
        Color leader = lead > 0 ? WHITE : BLACK;
        if (!(pos->by_color[leader] & pos->by_type[KING])
            && (pos->by_color[leader ^ 1] & pos->by_type[KING]))
            total = total * w->mopup_kingless / EVAL_SCALE_FULL;
    }
    /* DrawPlies: late in the count the score shrinks linearly to 0 (RULES.md
     * section 3: the game is drawn at the limit), so the side ahead prefers a
     * capture that restarts the count, even a sacrifice: without the scale
     * while the enemy has no man it won 26 stuck endings of 96 against 46
     * (docs/strength.md "Converting stuck Dablot endings"). */
    int scale = EVAL_SCALE_FULL, limit = pos->rules.draw_plies;
    int from = limit * EVAL_DRAWPLIES_SCALE_START_PERCENT / 100;
    if (limit > 0 && pos->draw_plies > from) {
        int left = limit - pos->draw_plies;
        scale = left <= 0 ? 0 : EVAL_SCALE_FULL * left / (limit - from);
        total = total * scale / EVAL_SCALE_FULL;
    }
    if (pos->stm == BLACK)
        total = -total;
    if (stm_steps)
        *stm_steps = steps[pos->stm];
    if (tr) {
        memcpy(tr->term, term, sizeof tr->term);
        tr->scale = scale;
        tr->total = total;
    }
    return total;
}

/* The engine's weights for pos and their advance planes. */
static int evaluate_default(const Position *pos, int root, EvalTrace *tr, int *stm_steps,
                            bool by_piece)
{
    tables_init();
    EvalTable i = eval_table_of(&pos->rules);
    return evaluate(pos, &eval_default_weights[i], &default_planes[i], root, tr, stm_steps,
                    by_piece);
}

int eval_position(const Position *pos, int *stm_steps)
{
    return evaluate_default(pos, (int)pos->stm, NULL, stm_steps, false);
}

int eval_position_for(const Position *pos, int root, int *stm_steps)
{
    return evaluate_default(pos, root, NULL, stm_steps, false);
}

int eval_position_reference(const Position *pos, int root, EvalTrace *t, int *stm_steps)
{
    return evaluate_default(pos, root, t, stm_steps, true);
}

void eval_trace(const Position *pos, EvalTrace *t)
{
    evaluate_default(pos, (int)pos->stm, t, NULL, false);
}

int eval_white_weights(const Position *pos, const EvalWeights *w)
{
    tables_init();
    AdvancePlanes ap;
    build_advance_planes(&ap, w, pos->rules.variant);
    int s = evaluate(pos, w, &ap, EVAL_NO_ROOT, NULL, NULL, false);
    return pos->stm == WHITE ? s : -s;
}

void eval_coefficients(const Position *pos, const EvalWeights *w, const int *idx, int n, int *base,
                       float *coef)
{
    /* A step of 8 rather than 1: the DrawPlies and kingless scales
     * truncate the sum, an error of at most 1 / 8 a coefficient this way;
     * small enough that a material weight seldom moves the mop-up margin. */
    enum { STEP = 8 };
    EvalWeights probe = *w;
    *base = eval_white_weights(pos, w);
    for (int k = 0; k < n; k++) {
        int old = eval_weight_get(&probe, idx[k]);
        eval_weight_set(&probe, idx[k], old + STEP);
        coef[k] = (float)(eval_white_weights(pos, &probe) - *base) / STEP;
        eval_weight_set(&probe, idx[k], old);
    }
}
