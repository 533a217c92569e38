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

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
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

/* A word quoted in a message: the three arguments of "%.*s%s", cut at 40
 * bytes and then ending in "..." (PROTOCOL.md section 7). */
enum { WORD_MAX = 40 };
#define WORD(s)                                                                                    \
    (int)(strlen(s) > WORD_MAX ? WORD_MAX : strlen(s)), (s), (strlen(s) > WORD_MAX ? "..." : "")

/* Appends printf-style text to buf (len bytes), truncating. */
static void append(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void append(char *buf, size_t len, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 1 >= len) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}

static int parse_error(char *err, size_t errlen, const char *what, const char *s)
{
    if (errlen) snprintf(err, errlen, "%s '%.*s%s'", what, WORD(s));
    return -1;
}

/* "unparsable move (<why>) '<s>'" in err, why printf-style; returns -1. */
static int form_error(char *err, size_t errlen, const char *s, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int form_error(char *err, size_t errlen, const char *s, const char *fmt, ...)
{
    char why[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    if (errlen) snprintf(err, errlen, "unparsable move (%s) '%.*s%s'", why, WORD(s));
    return -1;
}

/* The point named by the k bytes at c (no separator among them), or
 * NO_POINT with why it is none in why (whylen bytes): a character after a
 * point ("c5:c7"), a file or rank the board does not have, or a place of
 * the grid with no point (then the points of its rank). */
/* The digits after a first letter a..z of the k bytes at c (0: none). */
static size_t rank_digits(const char *c, size_t k)
{
    size_t d = 0;
    if (k > 0 && c[0] >= 'a' && c[0] <= 'z')
        while (1 + d < k && c[1 + d] >= '0' && c[1 + d] <= '9')
            d++;
    return d;
}

/* Whether the k bytes at c are a point followed by something that is no
 * separator ("c5:c7", "c5c7"); if so, says so in why (whylen bytes). */
static bool point_then_junk(const Geometry *g, const char *c, size_t k, char *why, size_t whylen)
{
    char name[8];
    size_t d = rank_digits(c, k);
    if (d == 0 || 1 + d >= sizeof name || 1 + d == k) return false;
    memcpy(name, c, 1 + d);
    name[1 + d] = '\0';
    if (geometry_point(g, name) == NO_POINT) return false;
    unsigned char u = (unsigned char)c[1 + d];
    char shown[16];
    if (u > ' ' && u < 0x7f)
        snprintf(shown, sizeof shown, "'%c'", u);
    else /* a blank, a control or a byte of a non-ASCII character */
        snprintf(shown, sizeof shown, "byte 0x%02X", u);
    snprintf(why, whylen, "unexpected %s after %s: points are joined by '-' or 'x'", shown, name);
    return true;
}

static int part_point(const Geometry *g, const char *c, size_t k, char *why, size_t whylen)
{
    char name[8];
    size_t d = rank_digits(c, k);
    if (d > 0 && 1 + d == k && k < sizeof name) {
        memcpy(name, c, k);
        name[k] = '\0';
        int p = geometry_point(g, name);
        if (p != NO_POINT) return p;
    }
    if (point_then_junk(g, c, k, why, whylen)) return NO_POINT;
    why[0] = '\0';
    append(why, whylen, "%.*s%s is not a point of the board: ", k > WORD_MAX ? WORD_MAX : (int)k, c,
           k > WORD_MAX ? "..." : "");
    /* a rank of more than two digits, or with a leading 0, is none */
    int rank = 0;
    if (d >= 1 && d <= 2 && c[1] != '0')
        rank = d == 1 ? c[1] - '0' : (c[1] - '0') * 10 + (c[2] - '0');
    if (d == 0) {
        append(why, whylen, "a point is a file a to %c and a rank 1 to %d, such as c5",
               'a' + g->nfiles - 1, g->nranks);
    } else if (c[0] - 'a' >= g->nfiles) {
        append(why, whylen, "its files are a to %c", 'a' + g->nfiles - 1);
    } else if (rank < 1 || rank > g->nranks) {
        append(why, whylen, "its ranks are 1 to %d", g->nranks);
    } else {
        append(why, whylen, "rank %d has", rank);
        for (int f = 0; f < g->nfiles; f++)
            if (g->point_at[rank - 1][f] != NO_POINT)
                append(why, whylen, " %s", g->name_of[g->point_at[rank - 1][f]]);
    }
    return NO_POINT;
}

/* The shape of a move string, for the reasons of parse_points(). */
#define SHAPE "a step is from-to, a capture from x to ..."

/* Reads the points of move string s into pts (*n of them, at most
 * MOVE_STR_MAX / 2) and its separator into *sep ('-' or 'x'); returns 0,
 * or -1 with "unparsable move (<why>) '<s>'" in err, why naming the first
 * fault from the left: a point missing before or after a separator, a
 * part that is no point (part_point()), '-' and 'x' mixed, too many
 * points, or one point alone.  Every '-' and 'x' separates: no board has
 * a file x. */
static int parse_points(const Geometry *g, const char *s, int *pts, int *n, char *sep, char *err,
                        size_t errlen)
{
    const char *c = s;
    char why[256];
    *n = 0;
    *sep = 0;
    if (!*s) return form_error(err, errlen, s, "empty");
    for (;;) {
        size_t k = strcspn(c, "-x");
        if (k == 0)
            return c == s ? form_error(err, errlen, s, "a point is missing before '%c'", *c)
                          : form_error(err, errlen, s, "a point is missing after '%c'", c[-1]);
        if (*n >= MOVE_STR_MAX / 2)
            return form_error(err, errlen, s, "more than %d points", MOVE_STR_MAX / 2);
        int p = part_point(g, c, k, why, sizeof why);
        if (p == NO_POINT) return form_error(err, errlen, s, "%s", why);
        pts[(*n)++] = p;
        c += k;
        if (!*c) break;
        if (*sep && *c != *sep) return form_error(err, errlen, s, "'-' and 'x' mixed: %s", SHAPE);
        *sep = *c++;
    }
    if (*n < 2) return form_error(err, errlen, s, "one point only: %s", SHAPE);
    if (*sep == '-' && *n != 2)
        return form_error(err, errlen, s, "more than two points joined by '-': %s", SHAPE);
    return 0;
}

int notation_check_form(const Geometry *g, const char *s, char *err, size_t errlen)
{
    int pts[MOVE_STR_MAX], n;
    char sep;
    return parse_points(g, s, pts, &n, &sep, err, errlen);
}

int notation_parse_move(const Position *pos, const char *s, Move *m, char *err, size_t errlen)
{
    const Geometry *g = pos->geo;
    int pts[MOVE_STR_MAX], n;
    char sep;
    if (parse_points(g, s, pts, &n, &sep, err, errlen) < 0) return -1;

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

/* ---- why a string is no legal move (notation_why_not) ---------------- */

static const char *color_name(int c)
{
    return c == WHITE ? "White" : "Black";
}

/* The reason part is not a point of the board: the points of its rank, or
 * the board's ranks when it names none. */
static void why_not_a_point(const Geometry *g, const char *part, char *buf, size_t len)
{
    append(buf, len, "%.*s%s is not a point of the board", WORD(part));
    if (part[0] < 'a' || part[0] > 'z' || part[1] < '0' || part[1] > '9') return;
    char *end;
    long rank = strtol(part + 1, &end, 10);
    if (*end != '\0' || rank < 1 || rank > g->nranks) {
        append(buf, len, " (its ranks are 1 to %d)", g->nranks);
        return;
    }
    append(buf, len, " (rank %ld has", rank);
    for (int f = 0; f < g->nfiles; f++)
        if (g->point_at[rank - 1][f] != NO_POINT)
            append(buf, len, " %s", g->name_of[g->point_at[rank - 1][f]]);
    append(buf, len, ")");
}

static const char *const piece_names[PIECE_TYPE_NB] = { "man", "prince", "king" };

/* How far `to` lies from `from` along one straight line (1: the next
 * point), with that line's direction in *dir; 0 when no line of from runs
 * through to. */
static int line_distance(const Geometry *g, int from, int to, int *dir)
{
    for (int d = 0; d < DIR_NB; d++) {
        int k = 1;
        for (int q = g->ray[from][d]; q != NO_POINT; q = g->ray[q][d], k++)
            if (q == to) {
                *dir = d;
                return k;
            }
    }
    return 0;
}

/* Why a step from `from` to `to` by the side to move's piece on from is
 * illegal, when the board or the piece says so, in the order a person
 * checks: to is no point the piece can reach (not next to from, or for a
 * flying Tabal king on no line of from), a piece in the way, a man's step
 * backwards, to taken.  False when none of these is the reason. */
static bool why_not_step(const Position *pos, int from, int to, char *buf, size_t len)
{
    const Geometry *g = pos->geo;
    int type = piece_type(pos->board[from]);
    bool flying = g->variant == VARIANT_TABAL && type == KING;
    int d = 0, k = line_distance(g, from, to, &d);
    if (k == 0 && flying) {
        append(buf, len, "%s is not on a line from %s", g->name_of[to], g->name_of[from]);
        return true;
    }
    if (k != 1 && !flying) {
        append(buf, len, "%s is not next to %s (the points next to %s are", g->name_of[to],
               g->name_of[from], g->name_of[from]);
        for (int p = 0; p < g->npoints; p++)
            for (int e = 0; e < DIR_NB; e++)
                if (g->ray[from][e] == p) {
                    append(buf, len, " %s", g->name_of[p]);
                    break;
                }
        append(buf, len, ")");
        return true;
    }
    for (int q = g->ray[from][d]; q != to; q = g->ray[q][d])
        if (pos->board[q] != EMPTY) {
            append(buf, len, "the piece on %s is in the way", g->name_of[q]);
            return true;
        }
    int ahead = (g->rank[to] - g->rank[from]) * (pos->stm == WHITE ? 1 : -1);
    if (type == MAN && g->variant == VARIANT_TABAL && ahead < 0) {
        append(buf, len, "a man steps only forward or sideways");
        return true;
    }
    if (type == MAN && g->variant == VARIANT_DABLOT && pos->rules.forward_only_men && ahead <= 0) {
        append(buf, len, "men step only forward (ForwardOnlyMen)");
        return true;
    }
    if (pos->board[to] != EMPTY) {
        append(buf, len, "%s is taken", g->name_of[to]);
        return true;
    }
    return false;
}

/* A capture being checked jump by jump (why_not_jumps): the board with the
 * moving piece lifted off its start point and, in Dablot, the pieces
 * jumped so far removed (RULES.md section 1); in Tabal they stay and are
 * marked in jumped (section 2). */
typedef struct JumpBoard {
    const Position *pos;
    uint8_t board[MAX_POINTS];
    Bitboard jumped;
    int mover;   /* the moving piece's code */
    bool flying; /* a Tabal king: long jumps */
} JumpBoard;

/* The piece the mover jumps going from a to b along direction d, b being
 * on that line; NO_POINT, with the reason in buf, when the jump is
 * illegal: no piece or two pieces between, the piece on it jumped before,
 * the mover's own, of a higher rank, or b taken. */
static int jump_victim(const JumpBoard *jb, int a, int b, int d, char *buf, size_t len)
{
    const Geometry *g = jb->pos->geo;
    int victim = NO_POINT;
    for (int q = g->ray[a][d]; q != b; q = g->ray[q][d]) {
        if (jb->board[q] == EMPTY) continue;
        if (victim != NO_POINT) {
            append(buf, len, "a jump passes over one piece, and %s and %s are between %s and %s",
                   g->name_of[victim], g->name_of[q], g->name_of[a], g->name_of[b]);
            return NO_POINT;
        }
        victim = q;
    }
    if (victim == NO_POINT) {
        if (jb->flying)
            append(buf, len, "there is no piece between %s and %s to jump", g->name_of[a],
                   g->name_of[b]);
        else
            append(buf, len, "there is no piece on %s to jump", g->name_of[g->ray[a][d]]);
        return NO_POINT;
    }
    int code = jb->board[victim];
    if (bb_test(jb->jumped, victim)) {
        append(buf, len, "the piece on %s cannot be jumped twice", g->name_of[victim]);
        return NO_POINT;
    }
    if (piece_color(code) == piece_color(jb->mover)) {
        append(buf, len, "the piece on %s is %s's own", g->name_of[victim],
               color_name(piece_color(code)));
        return NO_POINT;
    }
    if (g->variant == VARIANT_DABLOT && piece_type(code) > piece_type(jb->mover)) {
        append(
            buf, len, "a %s cannot jump the %s on %s (a piece jumps pieces of its rank or lower)",
            piece_names[piece_type(jb->mover)], piece_names[piece_type(code)], g->name_of[victim]);
        return NO_POINT;
    }
    if (jb->board[b] != EMPTY) {
        append(buf, len, "%s is taken", g->name_of[b]);
        return NO_POINT;
    }
    return victim;
}

/* Whether the mover, on a, has a further jump on jb's board. */
static bool can_jump_on(const JumpBoard *jb, int a)
{
    const Geometry *g = jb->pos->geo;
    char scratch[256];
    for (int d = 0; d < DIR_NB; d++)
        for (int b = g->ray[a][d], k = 1; b != NO_POINT && (k <= 2 || jb->flying);
             b = g->ray[b][d], k++) {
            scratch[0] = '\0';
            if (k >= 2 && jump_victim(jb, a, b, d, scratch, sizeof scratch) != NO_POINT)
                return true;
        }
    return false;
}

/* Why the capture through pts[0..n) (n >= 2) of the side to move's piece
 * on pts[0] is illegal, checked jump by jump on the board as the capture
 * leaves it: a landing point that is no jump away (n > 2 only: two points
 * may be a short form), a jump jump_victim() refuses, or a capture that
 * must go on.  False when none of these is the reason. */
static bool why_not_jumps(const Position *pos, const int *pts, int n, char *buf, size_t len)
{
    const Geometry *g = pos->geo;
    JumpBoard jb = { .pos = pos, .mover = pos->board[pts[0]] };
    memcpy(jb.board, pos->board, sizeof jb.board);
    jb.board[pts[0]] = EMPTY;
    jb.flying = g->variant == VARIANT_TABAL && piece_type(jb.mover) == KING;
    for (int i = 0; i + 1 < n; i++) {
        int a = pts[i], b = pts[i + 1], d = 0, k = line_distance(g, a, b, &d);
        if (k == 0 || (k != 2 && !jb.flying)) {
            if (n == 2) return false;
            if (jb.flying)
                append(buf, len, "%s is not on a line from %s", g->name_of[b], g->name_of[a]);
            else
                append(buf, len, "%s is not two points from %s along a line", g->name_of[b],
                       g->name_of[a]);
            return true;
        }
        int victim = jump_victim(&jb, a, b, d, buf, len);
        if (victim == NO_POINT) return true;
        if (g->variant == VARIANT_DABLOT)
            jb.board[victim] = EMPTY;
        else
            jb.jumped |= bb_bit(victim);
    }
    bool must_go_on = g->variant == VARIANT_TABAL || pos->rules.captures == CAPTURES_COMPULSORY
                   || (pos->rules.captures == CAPTURES_COMPULSORY_MEN
                       && piece_type(jb.mover) == MAN);
    if (must_go_on && can_jump_on(&jb, pts[n - 1])) {
        append(buf, len, "the capture must go on from %s", g->name_of[pts[n - 1]]);
        return true;
    }
    return false;
}

/* Why a well-formed move through pts[0..npts) (a capture when capture) is
 * none of the legal moves of pos in list (which this reorders): the cheap
 * reasons a person can act on, else the moves the piece has. */
static void why_illegal(const Position *pos, MoveList *list, const int *pts, int npts, bool capture,
                        char *buf, size_t len)
{
    const Geometry *g = pos->geo;
    int from = pts[0], to = pts[npts - 1];
    bool must_capture = list->n > 0;
    for (int i = 0; i < list->n; i++)
        must_capture &= move_is_capture(&list->moves[i]);
    if (must_capture && !capture) { /* the first thing a refused step must tell */
        append(buf, len, "a capture is compulsory");
        return;
    }
    int piece = pos->board[from];
    if (piece == EMPTY) {
        append(buf, len, "there is no piece on %s", g->name_of[from]);
        return;
    }
    if (piece_color(piece) != pos->stm) {
        append(buf, len, "the piece on %s is %s's, and %s is to move", g->name_of[from],
               color_name(piece_color(piece)), color_name(pos->stm));
        return;
    }
    if (from == to && !capture) {
        append(buf, len, "it does not leave %s", g->name_of[from]);
        return;
    }
    if (!capture && why_not_step(pos, from, to, buf, len)) return;
    int n = 0, captures = 0;
    for (int i = 0; i < list->n; i++)
        if (list->moves[i].from == from) {
            captures += move_is_capture(&list->moves[i]);
            list->moves[n++] = list->moves[i];
        }
    if (n == 0) { /* under a compulsory capture the list holds captures only */
        append(buf, len, "the piece on %s has no %s", g->name_of[from],
               capture || must_capture ? "capture" : "move");
        return;
    }
    if (capture && captures && why_not_jumps(pos, pts, npts, buf, len)) return;
    if (capture && !captures)
        append(buf, len, "the piece on %s has no capture; it can play", g->name_of[from]);
    else if (capture && npts == 2)
        append(buf, len, "the piece on %s has no capture ending on %s; it can play",
               g->name_of[from], g->name_of[to]);
    else
        append(buf, len, "the piece on %s can play", g->name_of[from]);
    for (int i = 0; i < n; i++) {
        char m[MOVE_STR_MAX];
        notation_move_string(pos, &list->moves[i], m, sizeof m);
        append(buf, len, " %s", m);
    }
}

void notation_why_not(const Position *pos, const char *word, char *buf, size_t len)
{
    const Geometry *g = pos->geo;
    char part[MOVE_STR_MAX];
    int pts[MOVE_STR_MAX], n = 0;
    char sep = 0;
    bool shape = true, mixed = false;
    if (len == 0) return;
    buf[0] = '\0';
    /* Points are separated by '-', or by 'x' after a rank's digit. */
    for (const char *c = word;;) {
        size_t k = 0;
        while (c[k] && c[k] != '-' && !(c[k] == 'x' && k > 0 && c[k - 1] >= '0' && c[k - 1] <= '9'))
            k++;
        snprintf(part, sizeof part, "%.*s", (int)k, c);
        int p = geometry_point(g, part);
        if (k > 0 && p == NO_POINT) {
            char junk[96];
            append(buf, len, "%.*s%s is not a move: ", WORD(word));
            if (point_then_junk(g, c, k, junk, sizeof junk))
                append(buf, len, "%s", junk);
            else
                why_not_a_point(g, part, buf, len);
            return;
        }
        if (k == 0 || n == MOVE_STR_MAX)
            shape = false;
        else
            pts[n++] = p;
        if (!c[k]) break;
        if (sep && c[k] != sep) shape = false, mixed = true;
        sep = c[k];
        c += k + 1;
    }
    if (!shape || n < 2 || (sep == '-' && n != 2)) {
        append(buf, len,
               "%.*s%s is not a move: %sa step is from-to (c5-d6), a capture names every "
               "landing point (a5xa9xc11)",
               WORD(word), mixed ? "'-' and 'x' mixed: " : "");
        return;
    }
    MoveList *list = malloc(sizeof *list);
    if (!list) {
        append(buf, len, "%.*s%s is not a legal move", WORD(word));
        return;
    }
    movegen_legal(pos, list);
    int paths = 0;
    for (int i = 0; i < list->n; i++)
        paths += list->moves[i].captured && list->moves[i].from == pts[0]
              && list->moves[i].to == pts[n - 1];
    if (n == 2 && paths > 1) {
        append(buf, len, "%.*s%s is not a move: %d captures go from %s to %s; type the full path",
               WORD(word), paths, g->name_of[pts[0]], g->name_of[pts[1]]);
    } else {
        append(buf, len, "%.*s%s is not a legal move: ", WORD(word));
        why_illegal(pos, list, pts, n, sep == 'x', buf, len);
    }
    free(list);
}
