/*
 * position.c - FEN parsing and printing, make/unmake, Zobrist keys,
 * game ends read from the position (RULES.md sections 1, 4 and 5).
 */
#include "position.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Zobrist keys: one per piece code and point, one for Black to move.
 * Filled once from a fixed-seed xorshift generator so keys (and thus the
 * bench signature) are the same on every run and machine. */
static uint64_t zobrist_piece[PIECE_CODE_NB][MAX_POINTS];
static uint64_t zobrist_black;
static pthread_once_t zobrist_once = PTHREAD_ONCE_INIT;

/* What position_make() reads by table instead of testing the variant and
 * the piece: the code of a piece after its move ends on a point (a Tabal
 * man on its far base is crowned, RULES.md section 2), and whether a step
 * by it starts the DrawPlies count again (a Tabal man's, section 3). */
uint8_t position_code_after[VARIANT_NB][PIECE_CODE_NB][MAX_POINTS];
static bool step_resets_draw[VARIANT_NB][PIECE_CODE_NB];

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void zobrist_fill(void)
{
    uint64_t seed = 0x64616226C6F2025ULL;
    for (int c = 1; c < PIECE_CODE_NB; c++)
        for (int p = 0; p < MAX_POINTS; p++)
            zobrist_piece[c][p] = splitmix64(&seed);
    zobrist_black = splitmix64(&seed);
    for (int v = 0; v < VARIANT_NB; v++) {
        const Geometry *g = geometry_of((Variant)v);
        for (int c = 1; c < PIECE_CODE_NB; c++) {
            Color us = piece_color(c);
            bool man = piece_type(c) == MAN, tabal = v == VARIANT_TABAL;
            step_resets_draw[v][c] = tabal && man;
            for (int p = 0; p < MAX_POINTS; p++)
                position_code_after[v][c][p] = (uint8_t)(tabal && man && bb_test(g->far_base[us], p)
                                                             ? piece_make(us, KING)
                                                             : c);
        }
    }
}

static void zobrist_init(void)
{
    pthread_once(&zobrist_once, zobrist_fill);
    geometry_init();
}

void position_init_tables(void)
{
    zobrist_init();
}

static const char *const start_fens[VARIANT_NB] = {
    "mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1",
    "mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1",
};

const char *position_start_fen(Variant v)
{
    return start_fens[v == VARIANT_TABAL];
}

void position_start(Position *pos, const Rules *rules)
{
    char err[160];
    if (position_set_fen(pos, rules, position_start_fen(rules->variant), err, sizeof err) != 0) {
        fprintf(stderr, "internal error: start position: %s\n", err);
        abort();
    }
}

uint64_t position_compute_key(const Position *pos)
{
    zobrist_init();
    uint64_t k = pos->stm == BLACK ? zobrist_black : 0;
    for (int p = 0; p < pos->geo->npoints; p++)
        if (pos->board[p])
            k ^= zobrist_piece[pos->board[p]][p];
    return k;
}

static int piece_from_letter(char ch, Variant v)
{
    switch (ch) {
    case 'M': return piece_make(WHITE, MAN);
    case 'm': return piece_make(BLACK, MAN);
    case 'K': return piece_make(WHITE, KING);
    case 'k': return piece_make(BLACK, KING);
    case 'P': return v == VARIANT_DABLOT ? piece_make(WHITE, PRINCE) : -1;
    case 'p': return v == VARIANT_DABLOT ? piece_make(BLACK, PRINCE) : -1;
    default: return -1;
    }
}

static char letter_of(int code)
{
    static const char letters[] = ".MPKmpk";
    return letters[code];
}

static int fen_error(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fen_error(char *err, size_t errlen, const char *fmt, ...)
{
    if (errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Reads a non-negative decimal counter of at most 9 digits. */
static int read_counter(const char **s, long *out)
{
    const char *p = *s;
    long n = 0;
    int digits = 0;
    while (isdigit((unsigned char)*p)) {
        if (++digits > 9) return -1; /* at most POSITION_COUNTER_MAX */
        n = n * 10 + (*p++ - '0');
    }
    if (!digits) return -1;
    *s = p;
    *out = n;
    return 0;
}

/* Lowest-numbered point of rank r (points are numbered rank by rank). */
static int rank_first_point(const Geometry *g, int r)
{
    for (int f = 0; f < g->nfiles; f++)
        if (g->point_at[r][f] != NO_POINT) return g->point_at[r][f];
    return 0;
}

static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    return s;
}

/* Refuses more pieces than a side can have: a side never gains pieces,
 * so it has at most what it starts with (RULES.md sections 1-2).  Dablot:
 * 28 men, one prince and one king a side, none ever promoted.  Tabal: 16
 * pieces a side, men and the kings they were crowned into together.  No
 * rule option changes the piece sets. */
static int check_piece_counts(const int count[PIECE_CODE_NB], Variant v, char *err, size_t errlen)
{
    static const char *const side[2] = { "White", "Black" };
    for (int c = 0; c < 2; c++) {
        int men = count[piece_make((Color)c, MAN)], kings = count[piece_make((Color)c, KING)];
        if (v == VARIANT_TABAL) {
            if (men + kings > 16)
                return fen_error(
                    err, errlen,
                    "bad FEN: field 1 (points): %d %s pieces (%d men, %d kings), at most 16 in tabal",
                    men + kings, side[c], men, kings);
            continue;
        }
        int princes = count[piece_make((Color)c, PRINCE)];
        if (kings > 1)
            return fen_error(err, errlen, "bad FEN: field 1 (points): more than one %s king",
                             side[c]);
        if (princes > 1)
            return fen_error(err, errlen, "bad FEN: field 1 (points): more than one %s prince",
                             side[c]);
        if (men > 28)
            return fen_error(err, errlen,
                             "bad FEN: field 1 (points): %d %s men, at most 28 in dablot", men,
                             side[c]);
    }
    return 0;
}

/* Reads field 1 of fen, the points (RULES.md section 5), onto t's empty
 * board for t->geo and t->rules.variant, and checks the piece counts;
 * *end gets the first byte after the field.  Returns 0, or -1 with a
 * one-line message naming the problem in err (errlen bytes). */
static int read_points(Position *t, const char *fen, const char **end, char *err, size_t errlen)
{
    const Geometry *g = t->geo;
    const char *s = skip_blanks(fen);
    int count[PIECE_CODE_NB] = { 0 };

    for (int r = g->nranks - 1; r >= 0; r--) {
        int rank_no = r + 1, filled = 0;
        int size = g->rank_size[r];
        while (*s && *s != '/' && *s != ' ' && *s != '\t') {
            char ch = *s;
            if (isdigit((unsigned char)ch)) {
                long n;
                if (ch == '0' || read_counter(&s, &n) < 0)
                    return fen_error(err, errlen, "bad FEN: field 1 (points): bad empty-point count in rank %d", rank_no);
                if (filled + n > size)
                    return fen_error(err, errlen, "bad FEN: field 1 (points): rank %d has more than %d points", rank_no, size);
                filled += (int)n;
                continue;
            }
            int code = piece_from_letter(ch, t->rules.variant);
            if (code < 0)
                return fen_error(err, errlen, "bad FEN: field 1 (points): unknown piece letter '%c' in rank %d for %s",
                                 ch, rank_no, g->name);
            if (filled >= size)
                return fen_error(err, errlen, "bad FEN: field 1 (points): rank %d has more than %d points", rank_no, size);
            /* points of a rank are numbered consecutively (geometry.h) */
            int p = rank_first_point(g, r) + filled;
            t->board[p] = (uint8_t)code;
            count[code]++;
            filled++;
            s++;
        }
        if (filled != size)
            return fen_error(err, errlen, "bad FEN: field 1 (points): rank %d has %d points, expected %d", rank_no, filled, size);
        if (r > 0) {
            if (*s != '/')
                return fen_error(err, errlen, "bad FEN: field 1 (points): %d ranks, expected %d", g->nranks - r, g->nranks);
            s++;
        }
    }
    if (*s == '/')
        return fen_error(err, errlen, "bad FEN: field 1 (points): more than %d ranks", g->nranks);
    if (*s && *s != ' ' && *s != '\t')
        return fen_error(err, errlen, "bad FEN: field 1 (points): unexpected '%c' after rank 1", *s);
    if (check_piece_counts(count, t->rules.variant, err, errlen) < 0) return -1;
    *end = s;
    return 0;
}

int position_set_fen(Position *pos, const Rules *rules, const char *fen, char *err, size_t errlen)
{
    zobrist_init();
    Position t;
    memset(&t, 0, sizeof t);
    t.rules = *rules;
    t.geo = geometry_of(rules->variant);
    const Geometry *g = t.geo;
    const char *s;
    if (read_points(&t, fen, &s, err, errlen) < 0) return -1;

    s = skip_blanks(s);
    if (*s == 'w' || *s == 'b') {
        t.stm = *s == 'w' ? WHITE : BLACK;
        s++;
    } else {
        return fen_error(err, errlen, *s ? "bad FEN: field 2 (side to move): expected 'w' or 'b'"
                                         : "bad FEN: field 2 (side to move) missing");
    }
    if (*s && *s != ' ' && *s != '\t')
        return fen_error(err, errlen, "bad FEN: field 2 (side to move): expected 'w' or 'b'");

    long plies = 0, moveno = 1;
    s = skip_blanks(s);
    if (*s) {
        if (read_counter(&s, &plies) < 0 || (*s && *s != ' ' && *s != '\t'))
            return fen_error(err, errlen, "bad FEN: field 3 (DrawPlies counter): expected a number 0..999999999");
        s = skip_blanks(s);
        if (*s) {
            if (read_counter(&s, &moveno) < 0 || moveno < 1 || (*s && *s != ' ' && *s != '\t'))
                return fen_error(err, errlen, "bad FEN: field 4 (move number): expected a number 1..999999999");
            s = skip_blanks(s);
            if (*s)
                return fen_error(err, errlen, "bad FEN: unexpected text after field 4: '%.20s'", s);
        }
    }
    t.draw_plies = (int)plies;
    t.move_number = (int)moveno;

    for (int p = 0; p < g->npoints; p++) {
        int code = t.board[p];
        if (!code) continue;
        t.by_color[piece_color(code)] |= bb_bit(p);
        t.by_type[piece_type(code)] |= bb_bit(p);
    }
    t.key = position_compute_key(&t);
    *pos = t;
    return 0;
}

void position_fen(const Position *pos, char *buf, size_t len)
{
    const Geometry *g = pos->geo;
    char tmp[256];
    size_t n = 0;
    for (int r = g->nranks - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < g->nfiles; f++) {
            int p = g->point_at[r][f];
            if (p == NO_POINT) continue;
            if (!pos->board[p]) { empty++; continue; }
            if (empty) { tmp[n++] = (char)('0' + empty); empty = 0; }
            tmp[n++] = letter_of(pos->board[p]);
        }
        if (empty) tmp[n++] = (char)('0' + empty);
        if (r) tmp[n++] = '/';
    }
    /* The counters as the parser reads them (nine digits at most): past
     * that they mean nothing to any rule (DrawPlies <= 10000). */
    snprintf(tmp + n, sizeof tmp - n, " %c %d %d", pos->stm == WHITE ? 'w' : 'b',
             pos->draw_plies < POSITION_COUNTER_MAX ? pos->draw_plies : POSITION_COUNTER_MAX,
             pos->move_number < POSITION_COUNTER_MAX ? pos->move_number : POSITION_COUNTER_MAX);
    snprintf(buf, len, "%s", tmp);
}

int position_set_rules(Position *pos, const Rules *rules)
{
    if (rules->variant != pos->rules.variant) return -1;
    pos->rules = *rules;
    return 0;
}

void position_make(Position *pos, const Move *m, Undo *u)
{
    int from = m->from, to = m->to;
    int piece = pos->board[from];
    Color us = pos->stm, them = (Color)(us ^ 1);
    Variant v = pos->rules.variant;
    uint64_t key = pos->key ^ zobrist_black;

    u->piece = (uint8_t)piece;
    u->key = pos->key;
    u->draw_plies = pos->draw_plies;
    u->move_number = pos->move_number;

    /* captured_type is written (and read by unmake) for captures only */
    if (m->captured) {
        Bitboard cap = m->captured;
        for (int t = 0; t < PIECE_TYPE_NB; t++) {
            u->captured_type[t] = cap & pos->by_type[t];
            pos->by_type[t] &= ~cap;
        }
        pos->by_color[them] &= ~cap;
        while (cap) {
            int p = bb_pop(&cap);
            key ^= zobrist_piece[pos->board[p]][p];
            pos->board[p] = EMPTY;
        }
        pos->draw_plies = 0;
    } else {
        pos->draw_plies = step_resets_draw[v][piece] ? 0 : pos->draw_plies + 1;
    }

    /* The piece leaves `from` and lands on `to` (the same point after a
     * circuit: then the two changes cancel). */
    int moved = position_code_after[v][piece][to];
    key ^= zobrist_piece[piece][from] ^ zobrist_piece[moved][to];
    pos->board[from] = EMPTY;
    pos->board[to] = (uint8_t)moved;
    pos->by_color[us] ^= bb_bit(from) ^ bb_bit(to);
    pos->by_type[piece_type(piece)] ^= bb_bit(from);
    pos->by_type[piece_type(moved)] ^= bb_bit(to);

    pos->move_number += us; /* after Black's move */
    pos->stm = them;
    pos->key = key;
}

void position_unmake(Position *pos, const Move *m, const Undo *u)
{
    int from = m->from, to = m->to;
    Color them = pos->stm, us = (Color)(them ^ 1);
    int moved = pos->board[to];

    pos->by_type[piece_type(moved)] ^= bb_bit(to);
    pos->by_type[piece_type(u->piece)] ^= bb_bit(from);
    pos->by_color[us] ^= bb_bit(to) ^ bb_bit(from);
    pos->board[to] = EMPTY;
    pos->board[from] = u->piece;

    if (m->captured) {
        pos->by_color[them] |= m->captured;
        for (int t = 0; t < PIECE_TYPE_NB; t++) {
            Bitboard b = u->captured_type[t];
            pos->by_type[t] |= b;
            int code = piece_make(them, (PieceType)t);
            while (b) pos->board[bb_pop(&b)] = (uint8_t)code;
        }
    }
    pos->stm = us;
    pos->draw_plies = u->draw_plies;
    pos->move_number = u->move_number;
    pos->key = u->key;
}

EndReason position_end_by_rule(const Position *pos, int *loser)
{
    *loser = -1;
    if (pos->rules.variant != VARIANT_DABLOT)
        return END_NONE;
    Bitboard kings = pos->by_type[KING];
    Bitboard all = pos->by_color[WHITE] | pos->by_color[BLACK];
    if (pos->rules.king_capture_ends || pos->rules.king_and_prince_capture_ends) {
        /* Tested for the side to move first: the side that just moved cannot
         * have lost its king on its own move. */
        for (int i = 0; i < 2; i++) {
            Color c = (Color)(pos->stm ^ i);
            Bitboard own = pos->by_color[c];
            if (pos->rules.king_capture_ends && !(own & kings)) {
                *loser = c;
                return END_KING_CAPTURED;
            }
            if (pos->rules.king_and_prince_capture_ends && !(own & (kings | pos->by_type[PRINCE]))) {
                *loser = c;
                return END_KING_AND_PRINCE;
            }
        }
    }
    if (bb_count(all) == 2 && bb_count(kings & pos->by_color[WHITE]) == 1 && bb_count(kings & pos->by_color[BLACK]) == 1)
        return END_KINGS_ONLY;
    return END_NONE;
}

const char *position_end_reason_name(EndReason r)
{
    static const char *const names[] = {
        "none", "no legal move", "only the two kings left", "king captured",
        "king and prince captured", "threefold repetition", "DrawPlies reached",
    };
    return names[r];
}

/* Whether field 1 of fen is a board of rules' game (read by the FEN
 * parser's own read_points, whatever the later fields hold). */
static bool fen_points_fit(const Rules *rules, const char *fen)
{
    Position t;
    memset(&t, 0, sizeof t);
    t.rules = *rules;
    t.geo = geometry_of(rules->variant);
    const char *end;
    char err[160];
    return read_points(&t, fen, &end, err, sizeof err) == 0;
}

/* The other game's Variant when fen is no position of rules' game but one
 * of the other's, or when its points (field 1) are a board of the other
 * game and not of rules' game though a later field is bad; else -1. */
static int fen_other_variant(const Rules *rules, const char *fen)
{
    Variant other = rules->variant == VARIANT_DABLOT ? VARIANT_TABAL : VARIANT_DABLOT;
    Rules r = rules_default(other);
    Position tmp;
    char err[160];
    if (position_set_fen(&tmp, rules, fen, err, sizeof err) == 0) return -1;
    if (position_set_fen(&tmp, &r, fen, err, sizeof err) == 0) return (int)other;
    return fen_points_fit(&r, fen) && !fen_points_fit(rules, fen) ? (int)other : -1;
}

const char *position_fen_hint_as(const Rules *rules, const char *fen, const char *how,
                                 const char *const names[VARIANT_NB], char *buf, size_t len)
{
    int theirs = fen_other_variant(rules, fen);
    const char *name = theirs >= 0 ? geometry_of((Variant)theirs)->name : NULL;
    if (name)
        snprintf(buf, len, " (is this a %c%s FEN? %s%s)", toupper((unsigned char)name[0]), name + 1,
                 how, names ? names[theirs] : name);
    else if (len)
        buf[0] = '\0';
    return buf;
}

const char *position_fen_hint(const Rules *rules, const char *fen, const char *how, char *buf,
                              size_t len)
{
    return position_fen_hint_as(rules, fen, how, NULL, buf, len);
}
