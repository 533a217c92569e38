/*
 * ref_movegen.c - the slow reference generator (see ref_movegen.h).
 */
#include "ref_movegen.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum { REF_MAX_PATHS = 4096 };

typedef struct RefPath {
    int from, to;
    Bitboard captured;
    bool complete;      /* no further jump was possible */
    bool by_man;
} RefPath;

typedef struct RefState {
    const Position *pos;
    RefPath *paths;
    int n;
} RefState;

static int rank_of(int code)
{
    /* RULES.md 1: man 1, prince 2, king 3 */
    return piece_type(code) == MAN ? 1 : piece_type(code) == PRINCE ? 2 : 3;
}

/* board: piece codes; dead: Tabal pieces jumped this turn (still standing). */
static void ref_jumps(RefState *st, const uint8_t *board, const bool *dead, int from, int at,
                      int mover, Bitboard captured)
{
    const Geometry *g = st->pos->geo;
    bool tabal = g->variant == VARIANT_TABAL;
    bool flying = tabal && piece_type(mover) == KING;
    bool any = false;
    for (int d = 0; d < 8; d++) {
        int q = g->ray[at][d];
        if (flying)
            while (q >= 0 && board[q] == EMPTY) q = g->ray[q][d];
        if (q < 0 || board[q] == EMPTY || piece_color(board[q]) == piece_color(mover) || dead[q])
            continue;
        if (!tabal && rank_of(board[q]) > rank_of(mover))
            continue;
        for (int l = g->ray[q][d]; l >= 0 && board[l] == EMPTY; l = g->ray[l][d]) {
            uint8_t nb[MAX_POINTS];
            bool nd[MAX_POINTS];
            memcpy(nb, board, sizeof nb);
            memcpy(nd, dead, sizeof nd);
            nb[l] = (uint8_t)mover;
            nb[at] = EMPTY;
            if (tabal) nd[q] = true;      /* removed at the end */
            else nb[q] = EMPTY;           /* removed at once */
            any = true;
            Bitboard now = captured | ((Bitboard)1 << q);
            if (st->n < REF_MAX_PATHS)
                st->paths[st->n++] = (RefPath){ from, l, now, false, piece_type(mover) == MAN };
            int mine = st->n - 1;
            int before = st->n;
            ref_jumps(st, nb, nd, from, l, mover, now);
            if (st->n == before && mine >= 0) st->paths[mine].complete = true;
            if (!flying) break;
        }
    }
    (void)any;
}

static bool over_by_rule(const Position *pos)
{
    if (pos->rules.variant != VARIANT_DABLOT) return false;
    int kings[2] = { 0, 0 }, princes[2] = { 0, 0 }, total = 0;
    for (int p = 0; p < pos->geo->npoints; p++) {
        int c = pos->board[p];
        if (!c) continue;
        total++;
        if (piece_type(c) == KING) kings[piece_color(c)]++;
        if (piece_type(c) == PRINCE) princes[piece_color(c)]++;
    }
    for (int s = 0; s < 2; s++) {
        if (pos->rules.king_capture_ends && !kings[s]) return true;
        if (pos->rules.king_and_prince_capture_ends && !kings[s] && !princes[s]) return true;
    }
    return total == 2 && kings[0] == 1 && kings[1] == 1;
}

static int add_steps(const Position *pos, Move *out, int n, int max);

static bool same(const Move *a, int from, int to, Bitboard cap)
{
    return a->from == from && a->to == to && a->captured == cap;
}

static int add(Move *out, int n, int max, int from, int to, Bitboard cap)
{
    for (int i = 0; i < n; i++)
        if (same(&out[i], from, to, cap)) return n;
    if (n < max) out[n++] = (Move){ cap, (uint8_t)from, (uint8_t)to };
    return n;
}

int ref_moves(const Position *pos, Move *out, int max)
{
    const Geometry *g = pos->geo;
    const Rules *r = &pos->rules;
    if (over_by_rule(pos)) return 0;
    static RefPath paths[REF_MAX_PATHS];   /* reused: the tests run single-threaded */
    RefState st = { pos, paths, 0 };
    bool dead[MAX_POINTS] = { false };
    for (int p = 0; p < g->npoints; p++) {
        int c = pos->board[p];
        if (!c || piece_color(c) != pos->stm) continue;
        uint8_t board[MAX_POINTS];
        memcpy(board, pos->board, sizeof board);
        ref_jumps(&st, board, dead, p, p, c, 0);
    }
    bool tabal = r->variant == VARIANT_TABAL;
    bool man_capture = false, any_capture = st.n > 0;
    for (int i = 0; i < st.n; i++) man_capture |= st.paths[i].by_man;
    int best = 0;
    for (int i = 0; i < st.n; i++) {
        int k = 0;
        for (int b = 0; b < 128; b++) k += (int)((st.paths[i].captured >> b) & 1);
        if (st.paths[i].complete && k > best) best = k;
    }
    int n = 0;
    for (int i = 0; i < st.n; i++) {
        RefPath *rp = &st.paths[i];
        bool keep;
        if (tabal || r->captures == CAPTURES_COMPULSORY) keep = rp->complete;
        else if (r->captures == CAPTURES_COMPULSORY_MEN) keep = rp->complete || !rp->by_man;
        else keep = true;
        if (keep && tabal && r->max_capture) {
            int k = 0;
            for (int b = 0; b < 128; b++) k += (int)((rp->captured >> b) & 1);
            keep = k == best;
        }
        if (keep) n = add(out, n, max, rp->from, rp->to, rp->captured);
    }
    bool steps = tabal || r->captures == CAPTURES_COMPULSORY ? !any_capture
               : r->captures == CAPTURES_COMPULSORY_MEN ? !man_capture
               : true;
    return steps ? add_steps(pos, out, n, max) : n;
}

/* Appends the steps of the side to move to out[0..n) (at most max). */
static int add_steps(const Position *pos, Move *out, int n, int max)
{
    const Geometry *g = pos->geo;
    const Rules *r = &pos->rules;
    bool tabal = r->variant == VARIANT_TABAL;
    for (int p = 0; p < g->npoints; p++) {
        int c = pos->board[p];
        if (!c || piece_color(c) != pos->stm) continue;
        bool man = piece_type(c) == MAN;
        bool restricted = man && (tabal || r->forward_only_men);
        bool flying = tabal && !man;
        for (int d = 0; d < 8; d++) {
            for (int q = g->ray[p][d]; q >= 0 && pos->board[q] == EMPTY; q = g->ray[q][d]) {
                int dr = g->rank[q] - g->rank[p];
                if (pos->stm == BLACK) dr = -dr;
                bool ok = !restricted || dr > 0 || (tabal && dr == 0);
                if (ok) n = add(out, n, max, p, q, 0);
                if (!flying) break;
            }
        }
    }
    return n;
}

Position ref_after(const Position *pos, const Move *m)
{
    Position t = *pos;
    int piece = t.board[m->from];
    for (int p = 0; p < t.geo->npoints; p++)
        if ((m->captured >> p) & 1) t.board[p] = EMPTY;
    t.board[m->from] = EMPTY;
    if (t.rules.variant == VARIANT_TABAL && piece_type(piece) == MAN) {
        int far_rank = t.stm == WHITE ? 8 : 0;
        if (t.geo->rank[m->to] == far_rank) piece = piece_make(t.stm, KING);
    }
    t.board[m->to] = (uint8_t)piece;
    bool reset = m->captured || (t.rules.variant == VARIANT_TABAL && piece_type(pos->board[m->from]) == MAN);
    t.draw_plies = reset ? 0 : t.draw_plies + 1;
    if (t.stm == BLACK) t.move_number++;
    t.stm = t.stm == WHITE ? BLACK : WHITE;
    memset(t.by_color, 0, sizeof t.by_color);
    memset(t.by_type, 0, sizeof t.by_type);
    for (int p = 0; p < t.geo->npoints; p++) {
        if (!t.board[p]) continue;
        t.by_color[piece_color(t.board[p])] |= (Bitboard)1 << p;
        t.by_type[piece_type(t.board[p])] |= (Bitboard)1 << p;
    }
    t.key = position_compute_key(&t);
    return t;
}

uint64_t ref_perft(const Position *pos, int depth)
{
    if (depth == 0) return 1;
    Move moves[1024];
    int n = ref_moves(pos, moves, 1024);
    uint64_t total = 0;
    if (depth == 1) total = (uint64_t)n;
    else
        for (int i = 0; i < n; i++) {
            Position next = ref_after(pos, &moves[i]);
            total += ref_perft(&next, depth - 1);
        }
    return total;
}

/* ref_all_moves: capture states by levels.  A state (from, at, captured)
 * of a Dablot capture fixes the board (the start and the captured points
 * empty, the mover on `at`), so level k + 1 (k + 1 pieces taken) is made
 * from level k by trying every line from `at`, then sorted and cut to
 * distinct states. */
typedef struct RefState2 {
    Bitboard captured;
    int from, at;
    bool complete;
} RefState2;

static int cmp_state(const void *a, const void *b)
{
    const RefState2 *x = a, *y = b;
    if (x->from != y->from) return x->from - y->from;
    if (x->at != y->at) return x->at - y->at;
    return (x->captured > y->captured) - (x->captured < y->captured);
}

static bool is_empty_in(const Position *pos, const RefState2 *s, int p)
{
    return pos->board[p] == EMPTY || p == s->from || ((s->captured >> p) & 1);
}

int ref_all_moves(const Position *pos, Move **out)
{
    const Geometry *g = pos->geo;
    const Rules *r = &pos->rules;
    *out = NULL;
    if (r->variant != VARIANT_DABLOT) return -1;
    if (over_by_rule(pos)) return 0;
    size_t ncur = 0, nmoves = 0, cap_moves = 1024;
    RefState2 *cur = malloc(sizeof *cur * (size_t)g->npoints);
    Move *moves = malloc(sizeof *moves * cap_moves);
    if (!cur || !moves) abort();
    for (int p = 0; p < g->npoints; p++)
        if (pos->board[p] && piece_color(pos->board[p]) == pos->stm)
            cur[ncur++] = (RefState2){ 0, p, p, false };
    bool any_capture = false, man_capture = false;
    for (int level = 0; ncur; level++) {
        size_t nnext = 0, cap_next = 8 * ncur + 8;
        RefState2 *next = malloc(sizeof *next * cap_next);
        if (!next) abort();
        for (size_t i = 0; i < ncur; i++) {
            RefState2 *s = &cur[i];
            int mover = pos->board[s->from];
            bool found = false;
            for (int d = 0; d < 8; d++) {
                int q = g->ray[s->at][d];
                if (q < 0 || is_empty_in(pos, s, q) || piece_color(pos->board[q]) == pos->stm
                    || rank_of(pos->board[q]) > rank_of(mover))
                    continue;
                int l = g->ray[q][d];
                if (l < 0 || !is_empty_in(pos, s, l)) continue;
                found = true;
                if (nnext == cap_next) {
                    cap_next *= 2;
                    next = realloc(next, sizeof *next * cap_next);
                    if (!next) abort();
                }
                next[nnext++] = (RefState2){ s->captured | ((Bitboard)1 << q), s->from, l, false };
            }
            s->complete = !found;
            if (level == 0) continue; /* level 0: no capture yet */
            bool man = piece_type(mover) == MAN;
            any_capture = true;
            man_capture |= man;
            bool keep = r->captures == CAPTURES_OPTIONAL   ? true
                      : r->captures == CAPTURES_COMPULSORY ? s->complete
                                                           : (s->complete || !man);
            if (!keep) continue;
            if (nmoves == cap_moves) {
                cap_moves *= 2;
                moves = realloc(moves, sizeof *moves * cap_moves);
                if (!moves) abort();
            }
            moves[nmoves++] = (Move){ s->captured, (uint8_t)s->from, (uint8_t)s->at };
        }
        qsort(next, nnext, sizeof *next, cmp_state);
        size_t u = 0;
        for (size_t i = 0; i < nnext; i++)
            if (u == 0 || cmp_state(&next[u - 1], &next[i]) != 0) next[u++] = next[i];
        free(cur);
        cur = next;
        ncur = u;
    }
    free(cur);
    bool steps = r->captures == CAPTURES_OPTIONAL   ? true
               : r->captures == CAPTURES_COMPULSORY ? !any_capture
                                                    : !man_capture;
    if (steps) {
        moves = realloc(moves, sizeof *moves * (nmoves + 8 * (size_t)g->npoints));
        if (!moves) abort();
        nmoves = (size_t)add_steps(pos, moves, (int)nmoves, (int)nmoves + 8 * g->npoints);
    }
    *out = moves;
    return (int)nmoves;
}
