/*
 * notation.c - printing and parsing move strings (RULES.md section 5).
 *
 * A capture is stored as (from, to, captured set); its printed path is
 * recovered by a depth-first search over the jump paths that take exactly
 * the captured pieces, with the same rules as the move generator (immediate
 * removal in Dablot, removal at the end in Tabal, long jumps for Tabal
 * kings, the start point counting as empty).
 */
#include "notation.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "movegen.h"

typedef struct PathSearch {
    const Position *pos;
    const Move *m;
    Bitboard empty;          /* empty points plus the start point */
    bool immediate, flying;
    const char *target;      /* match mode: the path to find; NULL = find smallest */
    char cur[MOVE_STR_MAX];
    size_t curlen;
    char best[MOVE_STR_MAX];
    bool found;
} PathSearch;

static void record(PathSearch *ps)
{
    if (ps->target) {
        if (strcmp(ps->cur, ps->target) == 0) ps->found = true;
    } else if (!ps->found || strcmp(ps->cur, ps->best) < 0) {
        memcpy(ps->best, ps->cur, ps->curlen + 1);
        ps->found = true;
    }
}

static void walk(PathSearch *ps, int p, Bitboard captured);

static void hop(PathSearch *ps, int land, Bitboard captured)
{
    const char *name = ps->pos->geo->name_of[land];
    size_t n = strlen(name), saved = ps->curlen;
    if (saved + n + 2 > sizeof ps->cur) return;
    ps->cur[saved] = 'x';
    memcpy(ps->cur + saved + 1, name, n + 1);
    ps->curlen = saved + 1 + n;
    /* In match mode prune paths that already differ from the target. */
    if (!ps->target || strncmp(ps->cur, ps->target, ps->curlen) == 0)
        walk(ps, land, captured);
    ps->curlen = saved;
    ps->cur[saved] = '\0';
}

static void walk(PathSearch *ps, int p, Bitboard captured)
{
    const Geometry *g = ps->pos->geo;
    if (ps->found && ps->target) return;
    if (captured == ps->m->captured) {
        if (p == ps->m->to) record(ps);
        return;
    }
    Bitboard empty = ps->immediate ? ps->empty | captured : ps->empty;
    Bitboard victims = ps->m->captured & ~captured;
    for (int d = 0; d < DIR_NB; d++) {
        int q = g->ray[p][d];
        if (ps->flying)
            while (q != NO_POINT && bb_test(empty, q)) q = g->ray[q][d];
        if (q == NO_POINT || !bb_test(victims, q)) continue;
        for (int l = g->ray[q][d]; l != NO_POINT && bb_test(empty, l); l = g->ray[l][d]) {
            hop(ps, l, captured | bb_bit(q));
            if (!ps->flying) break;
        }
    }
}

static void path_search_init(PathSearch *ps, const Position *pos, const Move *m, const char *target)
{
    memset(ps, 0, sizeof *ps);
    ps->pos = pos;
    ps->m = m;
    ps->target = target;
    ps->empty = (pos->geo->all & ~(pos->by_color[WHITE] | pos->by_color[BLACK])) | bb_bit(m->from);
    ps->immediate = pos->rules.variant == VARIANT_DABLOT;
    ps->flying = pos->rules.variant == VARIANT_TABAL && piece_type(pos->board[m->from]) == KING;
    snprintf(ps->cur, sizeof ps->cur, "%s", pos->geo->name_of[m->from]);
    ps->curlen = strlen(ps->cur);
}

void notation_move_string(const Position *pos, const Move *m, char *buf, size_t len)
{
    const Geometry *g = pos->geo;
    if (!m->captured) {
        snprintf(buf, len, "%s-%s", g->name_of[m->from], g->name_of[m->to]);
        return;
    }
    PathSearch ps;
    path_search_init(&ps, pos, m, NULL);
    walk(&ps, m->from, 0);
    if (ps.found)
        snprintf(buf, len, "%s", ps.best);
    else   /* not a legal move of pos: print the short form */
        snprintf(buf, len, "%sx%s", g->name_of[m->from], g->name_of[m->to]);
}

static int parse_error(char *err, size_t errlen, const char *what, const char *s)
{
    if (errlen) snprintf(err, errlen, "%s '%.40s%s'", what, s, strlen(s) > 40 ? "..." : "");
    return -1;
}

int notation_parse_move(const Position *pos, const char *s, Move *m, char *err, size_t errlen)
{
    const Geometry *g = pos->geo;
    int pts[MOVE_STR_MAX], n = 0, len;
    const char *c = s;
    char sep = 0;

    for (;;) {
        if (n >= MOVE_STR_MAX / 2) return parse_error(err, errlen, "unparsable move (too long)", s);
        int p = geometry_point_prefix(g, c, &len);
        if (p == NO_POINT) return parse_error(err, errlen, "unparsable move (bad point name)", s);
        pts[n++] = p;
        c += len;
        if (!*c) break;
        if ((*c != '-' && *c != 'x') || (sep && *c != sep))
            return parse_error(err, errlen, "unparsable move (expected '-' or 'x' between points)", s);
        sep = *c++;
    }
    if (n < 2 || (sep == '-' && n != 2))
        return parse_error(err, errlen, "unparsable move (a step is from-to, a capture from x to ...)", s);

    MoveList list;
    movegen_legal(pos, &list);
    if (sep == '-') {
        for (int i = 0; i < list.n; i++)
            if (!list.moves[i].captured && list.moves[i].from == pts[0] && list.moves[i].to == pts[1]) {
                *m = list.moves[i];
                return 0;
            }
        return parse_error(err, errlen, "illegal move", s);
    }
    int matches = 0, which = -1;
    for (int i = 0; i < list.n; i++) {
        const Move *cand = &list.moves[i];
        if (!cand->captured || cand->from != pts[0] || cand->to != pts[n - 1]) continue;
        PathSearch ps;
        path_search_init(&ps, pos, cand, s);
        walk(&ps, cand->from, 0);
        if (ps.found) {   /* the full path of a legal move */
            *m = *cand;
            return 0;
        }
        matches++;
        which = i;
    }
    if (n == 2 && matches == 1) {
        *m = list.moves[which];
        return 0;
    }
    /* A list that overflowed may lack this capture: check its path. */
    if (list.overflow && (n > 2 || matches == 0) && movegen_is_capture_path(pos, pts, n, m))
        return 0;
    if (n == 2 && matches > 1) {
        if (errlen)
            snprintf(err, errlen, "ambiguous move '%s' (%d legal captures from %s to %s; give the full path)",
                     s, matches, g->name_of[pts[0]], g->name_of[pts[1]]);
        return -1;
    }
    if (list.overflow && n == 2)
        return parse_error(err, errlen, "illegal move (this position has more moves than are "
                                        "listed: give the full path)", s);
    return parse_error(err, errlen, "illegal move", s);
}
