/* verify.c - the independent check of tables (see verify.h). */
#include "verify.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb/tb_index.h"
#include "tb/tb_mirror.h"

/* Every table of the set decompressed once (tb_file_load), so that the
 * successors of millions of positions are looked up without a block
 * decompression each; built on first use, freed by verify_release(). */
static uint16_t **loaded;
static const TbSet *loaded_set;
static char lookup_why[80 + TB_SIG_NAME]; /* why the last lookup() failed */

static int lookup(const TbSet *set, const Position *pos, uint16_t *e)
{
    if (tb_probe_terminal(pos, e) == 0) return 0;
    if (loaded_set != set) {
        loaded = calloc((size_t)(set->n ? set->n : 1), sizeof *loaded);
        if (!loaded) {
            snprintf(lookup_why, sizeof lookup_why, "out of memory");
            return -1;
        }
        loaded_set = set;
    }
    TbSig s = tb_sig_of(pos);
    char name[TB_SIG_NAME]; /* for a failure's message only */
    for (int i = 0; i < set->n; i++) {
        const TbFile *f = &set->files[i];
        if (!tb_sig_equal(&f->sig, &s)) continue;
        if (!loaded[i]) {
            uint16_t *all = malloc(f->npos * sizeof *all);
            if (!all || tb_file_load(f, all) != 0) {
                tb_sig_name(&s, name, sizeof name);
                snprintf(lookup_why, sizeof lookup_why,
                         all ? "a successor's table, %s, cannot be read"
                             : "out of memory for table %s",
                         name);
                free(all);
                return -1;
            }
            loaded[i] = all;
        }
        *e = loaded[i][tb_index_of(&s, pos)];
        return 0;
    }
    tb_sig_name(&s, name, sizeof name);
    snprintf(lookup_why, sizeof lookup_why, "a successor's table, %s, is missing or was refused",
             name);
    return -1;
}

void verify_release(void)
{
    for (int i = 0; loaded && i < loaded_set->n; i++)
        free(loaded[i]);
    free(loaded);
    loaded = NULL;
    loaded_set = NULL;
}

/* The entries of pos's moves into e (list holds its moves): 0, or -1. */
static int move_entries(const TbSet *set, const Position *pos, const MoveList *list, uint16_t *e)
{
    for (int i = 0; i < list->n; i++) {
        Position s = *pos;
        Undo u;
        bool z = tb_move_zeroing(pos, &list->moves[i]);
        position_make(&s, &list->moves[i], &u);
        uint16_t se;
        if (lookup(set, &s, &se) != 0) return -1;
        e[i] = tb_move_entry(z, se);
    }
    return 0;
}

/* The entry pos must hold, from its successors in the set. */
static int expected(const TbSet *set, const Position *pos, MoveList *list, uint16_t *out)
{
    if (tb_probe_terminal(pos, out) == 0) return 0;
    movegen_legal(pos, list);
    static _Thread_local uint16_t e[MAX_MOVES];
    if (move_entries(set, pos, list, e) != 0) return -1;
    uint16_t best = 0;
    for (int i = 0; i < list->n; i++)
        if (i == 0 || tb_entry_better(e[i], best)) best = e[i];
    *out = best;
    return 0;
}

/* Whether the mirror of pos (stored entry `stored`) reads back the same
 * entry and has the mirrored moves with the same entries.  -1 if a table
 * cannot be read. */
static int mirror_agrees(const TbSet *set, const Position *pos, uint16_t stored, MoveList *list,
                         MoveList *mlist)
{
    Position mpos;
    tb_mirror_position(pos, &mpos);
    uint16_t me;
    if (lookup(set, &mpos, &me) != 0) return -1;
    if (me != stored) return 0;
    movegen_legal(pos, list);
    movegen_legal(&mpos, mlist);
    if (list->n != mlist->n) return 0;
    static _Thread_local uint16_t e[MAX_MOVES], em[MAX_MOVES];
    if (move_entries(set, pos, list, e) != 0 || move_entries(set, &mpos, mlist, em) != 0) return -1;
    Variant v = pos->geo->variant;
    for (int i = 0; i < list->n; i++) {
        Move want = tb_mirror_move(v, &list->moves[i]);
        int k = 0;
        while (k < mlist->n && !move_equal(&mlist->moves[k], &want))
            k++;
        if (k == mlist->n || em[k] != e[i]) return 0;
    }
    return 1;
}

/* An entry in words: "win 17", or "0xffff (impossible)" for one that no
 * table can hold (tb_entry_valid()). */
static void entry_words(uint16_t e, char *buf, size_t len)
{
    if (tb_entry_valid(e))
        snprintf(buf, len, "%s %d", tb_wdl_name(tb_entry_wdl(e)), tb_entry_dtz(e));
    else
        snprintf(buf, len, "0x%04x (impossible)", (unsigned)e);
}

/* One disagreement; want NULL when the stored entry is impossible (then
 * no value is expected from successors read out of the same table). */
static void show(FILE *out, const Position *pos, const char *what, uint16_t stored,
                 const uint16_t *want)
{
    char fen[160], s[40], w[40];
    position_fen(pos, fen, sizeof fen);
    entry_words(stored, s, sizeof s);
    if (want) entry_words(*want, w, sizeof w);
    fprintf(out, "  %s: %s stored %s%s%s\n", what, fen, s, want ? ", expected " : "",
            want ? w : "");
}

static TbWdl plain(TbWdl w)
{
    return w == TB_CURSED_WIN ? TB_WIN : w == TB_BLESSED_LOSS ? TB_LOSS : w;
}

/* The values without DrawPlies by iteration to a fixed point: 0 unknown,
 * else 1 + TbWdl.  Successors in other tables come from the set. */
static int solve(const TbSet *set, const TbFile *f, uint8_t *val, MoveList *list)
{
    const Rules *r = &set->rules;
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint64_t i = 0; i < f->npos; i++) {
            if (val[i]) continue;
            Position pos;
            tb_index_position(&f->sig, i, r, &pos);
            uint16_t e;
            if (tb_probe_terminal(&pos, &e) == 0) {
                val[i] = (uint8_t)(1 + tb_entry_wdl(e));
                changed = 1;
                continue;
            }
            movegen_legal(&pos, list);
            int all_won = 1, draw_seen = 0, win = 0;
            for (int k = 0; k < list->n && !win; k++) {
                Position s = pos;
                Undo u;
                position_make(&s, &list->moves[k], &u);
                TbSig ss = tb_sig_of(&s);
                int sv;
                if (tb_sig_equal(&ss, &f->sig)) {
                    sv = val[tb_index_of(&ss, &s)];
                    if (!sv) {
                        all_won = 0;
                        continue;
                    }
                    sv -= 1;
                } else {
                    if (lookup(set, &s, &e) != 0) return -1;
                    sv = plain(tb_entry_wdl(e));
                }
                if (sv == TB_LOSS)
                    win = 1;
                else if (sv != TB_WIN)
                    all_won = 0, draw_seen = 1;
            }
            (void)draw_seen;
            if (win)
                val[i] = 1 + TB_WIN, changed = 1;
            else if (all_won)
                val[i] = 1 + TB_LOSS, changed = 1;
        }
    }
    return 0;
}

long verify_table(const TbSet *set, const TbFile *f, uint64_t sample, int full_width, FILE *out)
{
    MoveList *list = malloc(sizeof *list), *mlist = malloc(sizeof *mlist);
    TbBlockCache *cache = calloc(1, sizeof *cache);
    if (!list || !mlist || !cache) {
        free(list);
        free(mlist);
        free(cache);
        return -1;
    }
    char name[TB_SIG_NAME];
    tb_sig_name(&f->sig, name, sizeof name);
    long bad = 0, shown = 0;
    uint64_t checked = 0, n = sample && sample < f->npos ? sample : f->npos;
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    for (uint64_t k = 0; k < n; k++) {
        uint64_t i = k;
        if (n != f->npos) {
            rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
            i = rng % f->npos;
        }
        Position pos;
        tb_index_position(&f->sig, i, &set->rules, &pos);
        uint16_t stored, want;
        int mirror = 0;
        lookup_why[0] = '\0';
        bool own = tb_file_get(f, i, cache, &stored) != 0;
        if (own || expected(set, &pos, list, &want) != 0
            || (mirror = mirror_agrees(set, &pos, stored, list, mlist)) < 0) {
            fprintf(out, "%s %-8s not checked: position %llu: %s\n", f->tag, name,
                    (unsigned long long)i,
                    own             ? "the table cannot be read"
                    : lookup_why[0] ? lookup_why
                                    : "out of memory");
            fflush(out);
            free(list);
            free(mlist);
            free(cache);
            return -1;
        }
        checked++;
        if (tb_index_of(&f->sig, &pos) != i) {
            if (shown++ < 5)
                fprintf(out, "  index %llu does not name its position back\n",
                        (unsigned long long)i);
            bad++;
        } else if (!tb_entry_valid(stored)) {
            if (shown++ < 5) show(out, &pos, "value", stored, NULL);
            bad++;
        } else if (stored != want) {
            if (shown++ < 5) show(out, &pos, "value", stored, &want);
            bad++;
        } else if (!mirror) {
            char fen[160];
            position_fen(&pos, fen, sizeof fen);
            if (shown++ < 5)
                fprintf(out, "  mirror: %s: the mirrored position's moves or entry differ\n", fen);
            bad++;
        }
    }
    const char *fw = "";
    long fwbad = 0; /* of the full-width solve, which reads every position */
    if (full_width > 0 && tb_sig_pieces(&f->sig) <= full_width) {
        uint8_t *val = calloc(f->npos, 1);
        if (!val || solve(set, f, val, list) != 0) {
            fprintf(out, "%s: the full-width solve could not read a table\n", name);
            free(val);
            free(list);
            free(mlist);
            free(cache);
            return -1;
        }
        for (uint64_t i = 0; i < f->npos; i++) {
            uint16_t stored;
            if (tb_file_get(f, i, cache, &stored) != 0) break;
            TbWdl want = val[i] ? (TbWdl)(val[i] - 1) : TB_DRAW;
            if (!tb_entry_valid(stored) || plain(tb_entry_wdl(stored)) != want) {
                Position pos;
                uint16_t w = tb_entry(want, 0);
                tb_index_position(&f->sig, i, &set->rules, &pos);
                if (shown++ < 5)
                    show(out, &pos, "full-width", stored, tb_entry_valid(stored) ? &w : NULL);
                fwbad++;
            }
        }
        free(val);
        fw = " and full-width solve";
    }
    char fwsaid[80] = "";
    if (fwbad)
        snprintf(fwsaid, sizeof fwsaid, "; the full-width solve: %ld of %llu disagree", fwbad,
                 (unsigned long long)f->npos);
    fprintf(out, "%s %-8s checked %llu of %llu positions and mirrors%s: %s (%ld disagree%s)\n",
            f->tag, name, (unsigned long long)checked, (unsigned long long)f->npos, fw,
            bad || fwbad ? "FAILED" : "ok", bad, fwsaid);
    bad += fwbad;
    fflush(out);
    free(list);
    free(mlist);
    free(cache);
    return bad;
}
