/* tb_sig.c - material signatures: names, enumeration, dependency order. */
#include "tb_sig.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char type_letter[PIECE_TYPE_NB] = { 'M', 'P', 'K' };
/* Name order on each side: kings, princes, men. */
static const PieceType name_order[PIECE_TYPE_NB] = { KING, PRINCE, MAN };

int tb_sig_pieces(const TbSig *s)
{
    int n = 0;
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < PIECE_TYPE_NB; t++)
            n += s->count[c][t];
    return n;
}

TbSig tb_sig_of(const Position *pos)
{
    TbSig s;
    memset(&s, 0, sizeof s);
    s.variant = pos->geo->variant;
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < PIECE_TYPE_NB; t++)
            s.count[c][t] = (uint8_t)bb_count(pos->by_color[c] & pos->by_type[t]);
    return s;
}

void tb_sig_name(const TbSig *s, char *buf, size_t len)
{
    char tmp[TB_SIG_NAME + 8];
    int n = 0;
    for (int c = 0; c < 2; c++) {
        if (c) tmp[n++] = 'v';
        for (int i = 0; i < PIECE_TYPE_NB; i++) {
            PieceType t = name_order[i];
            for (int k = 0; k < s->count[c][t] && n < TB_SIG_NAME; k++)
                tmp[n++] = c == WHITE ? type_letter[t] : (char)(type_letter[t] + 'a' - 'A');
        }
    }
    tmp[n] = 0;
    snprintf(buf, len, "%s", tmp);
}

int tb_sig_parse(TbSig *s, Variant v, const char *name, char *err, size_t errlen)
{
    TbSig t;
    memset(&t, 0, sizeof t);
    t.variant = v;
    int side = WHITE;
    for (const char *p = name; *p; p++) {
        if (*p == 'v' && side == WHITE) {
            side = BLACK;
            continue;
        }
        char up = *p >= 'a' && *p <= 'z' ? (char)(*p - 'a' + 'A') : *p;
        int want_lower = side == BLACK;
        int is_lower = *p >= 'a' && *p <= 'z';
        const char *hit = memchr(type_letter, up, PIECE_TYPE_NB);
        if (!hit || is_lower != want_lower) {
            snprintf(
                err, errlen,
                "signature '%s': unexpected '%c' (White's pieces K P M, then v, then Black's k p m)",
                name, *p);
            return -1;
        }
        t.count[side][hit - type_letter]++;
    }
    if (side == WHITE) {
        snprintf(err, errlen, "signature '%s': no 'v' between White's and Black's pieces", name);
        return -1;
    }
    for (int c = 0; c < 2; c++) {
        if (!t.count[c][MAN] && !t.count[c][PRINCE] && !t.count[c][KING]) {
            snprintf(err, errlen, "signature '%s': %s has no pieces", name, c ? "Black" : "White");
            return -1;
        }
        if (v == VARIANT_DABLOT && (t.count[c][KING] > 1 || t.count[c][PRINCE] > 1)) {
            snprintf(err, errlen,
                     "signature '%s': a Dablot side has one king and one prince at most", name);
            return -1;
        }
        if (v == VARIANT_TABAL && t.count[c][PRINCE]) {
            snprintf(err, errlen, "signature '%s': Tabal has no princes", name);
            return -1;
        }
    }
    if (tb_sig_pieces(&t) > TB_MAX_PIECES) {
        snprintf(err, errlen, "signature '%s': more than %d pieces", name, TB_MAX_PIECES);
        return -1;
    }
    *s = t;
    return 0;
}

bool tb_sig_equal(const TbSig *a, const TbSig *b)
{
    return a->variant == b->variant && memcmp(a->count, b->count, sizeof a->count) == 0;
}

bool tb_sig_reaches(const TbSig *a, const TbSig *b)
{
    if (a->variant != b->variant || tb_sig_equal(a, b)) return false;
    for (int c = 0; c < 2; c++) {
        if (a->variant == VARIANT_DABLOT) {
            for (int t = 0; t < PIECE_TYPE_NB; t++)
                if (b->count[c][t] > a->count[c][t]) return false;
        } else {
            int ta = a->count[c][MAN] + a->count[c][KING],
                tb = b->count[c][MAN] + b->count[c][KING];
            if (b->count[c][MAN] > a->count[c][MAN] || tb > ta) return false;
        }
    }
    return true;
}

/* Every composition of one side with n pieces, appended to out. */
static int side_sets(Variant v, int n, uint8_t out[][PIECE_TYPE_NB])
{
    int k = 0;
    for (int kings = 0; kings <= n; kings++)
        for (int princes = 0; princes + kings <= n; princes++) {
            if (v == VARIANT_DABLOT && (kings > 1 || princes > 1)) continue;
            if (v == VARIANT_TABAL && princes) continue;
            out[k][KING] = (uint8_t)kings;
            out[k][PRINCE] = (uint8_t)princes;
            out[k][MAN] = (uint8_t)(n - kings - princes);
            k++;
        }
    return k;
}

int tb_sig_enumerate(Variant v, int max_pieces, bool lone_king_at_max, TbSig *out, int cap)
{
    int n = 0;
    uint8_t a[TB_MAX_PIECES + 1][PIECE_TYPE_NB], b[TB_MAX_PIECES + 1][PIECE_TYPE_NB];
    if (max_pieces > TB_MAX_PIECES) max_pieces = TB_MAX_PIECES;
    for (int total = 2; total <= max_pieces; total++)
        for (int w = 1; w < total; w++) {
            int na = side_sets(v, w, a), nb = side_sets(v, total - w, b);
            for (int i = 0; i < na; i++)
                for (int j = 0; j < nb; j++) {
                    if (lone_king_at_max && total == max_pieces) {
                        int lone_w = w == 1 && a[i][KING] == 1,
                            lone_b = total - w == 1 && b[j][KING] == 1;
                        if (!lone_w && !lone_b) continue;
                    }
                    if (n < cap) {
                        memset(&out[n], 0, sizeof out[n]);
                        out[n].variant = v;
                        memcpy(out[n].count[WHITE], a[i], PIECE_TYPE_NB);
                        memcpy(out[n].count[BLACK], b[j], PIECE_TYPE_NB);
                    }
                    n++;
                }
        }
    return n;
}

static int sig_cmp(const void *pa, const void *pb)
{
    const TbSig *a = pa, *b = pb;
    int d = tb_sig_pieces(a) - tb_sig_pieces(b);
    if (d) return d;
    d = (a->count[0][MAN] + a->count[1][MAN]) - (b->count[0][MAN] + b->count[1][MAN]);
    if (d) return d;
    char na[TB_SIG_NAME], nb[TB_SIG_NAME];
    tb_sig_name(a, na, sizeof na);
    tb_sig_name(b, nb, sizeof nb);
    return strcmp(na, nb);
}

void tb_sig_order(TbSig *s, int n)
{
    if (n > 1) qsort(s, (size_t)n, sizeof *s, sig_cmp);
}
