/*
 * genopen.c - random balanced openings (see genopen.h).
 */
#include "genopen.h"

#include <stdlib.h>

#include "host/strbuf.h"
#include "host/util.h"
#include "prng.h"
#include "rules/game.h"
#include "rules/movegen.h"
#include "rules/notation.h"

enum { INF = 1000000, QS_MAX = 8 };

static int material(const Position *pos)
{
    static const int dablot[PIECE_TYPE_NB] = { 100, 300, 500 };
    static const int tabal[PIECE_TYPE_NB] = { 100, 0, 300 };
    const int *v = pos->rules.variant == VARIANT_TABAL ? tabal : dablot;
    int s = 0;
    for (int t = 0; t < PIECE_TYPE_NB; t++) {
        s += v[t] * bb_count(pos->by_type[t] & pos->by_color[pos->stm]);
        s -= v[t] * bb_count(pos->by_type[t] & pos->by_color[!pos->stm]);
    }
    return s;
}

/* Score of a position whose game is over by the rules, for the side to move. */
static int terminal(const Position *pos, int *over)
{
    int loser;
    EndReason r = position_end_by_rule(pos, &loser);
    *over = 1;
    if (r != END_NONE) return loser < 0 ? 0 : loser == (int)pos->stm ? -INF / 2 : INF / 2;
    *over = 0;
    return 0;
}

static int search(Position *pos, int depth, int qdepth, int alpha, int beta)
{
    int over;
    int t = terminal(pos, &over);
    if (over) return t;
    MoveList *ml = util_xmalloc(sizeof *ml);
    if (depth > 0) movegen_legal(pos, ml);
    else movegen_captures(pos, ml);
    int best;
    if (depth <= 0) {
        /* Quiescence: standing pat is allowed unless a capture is forced. */
        int n = ml->n, total = movegen_count(pos);
        if (total == 0) {
            free(ml);
            return -INF / 2;   /* no legal move: the side to move loses */
        }
        int forced = n > 0 && total == n;   /* only captures are legal */
        int stand = material(pos);
        if (qdepth >= QS_MAX || (!forced && (stand >= beta || n == 0))) {
            free(ml);
            return stand;
        }
        best = forced ? -INF : stand;
        if (best > alpha) alpha = best;
    } else {
        if (ml->n == 0) {
            free(ml);
            return -INF / 2;   /* no legal move: the side to move loses */
        }
        best = -INF;
    }
    for (int i = 0; i < ml->n; i++) {
        Undo u;
        position_make(pos, &ml->moves[i], &u);
        int s = -search(pos, depth - 1, depth > 0 ? 0 : qdepth + 1, -beta, -alpha);
        position_unmake(pos, &ml->moves[i], &u);
        if (s > best) best = s;
        if (s > alpha) alpha = s;
        if (alpha >= beta) break;
    }
    free(ml);
    return best;
}

int genopen_search(const Position *pos, int depth)
{
    Position p = *pos;
    return search(&p, depth, 0, -INF, INF);
}

int genopenings(const GenSpec *g, const Rules *rules, uint64_t seed, FILE *out, char *err,
                size_t errlen)
{
    uint64_t st = seed;
    uint64_t *keys = util_xmalloc((size_t)g->n * sizeof *keys);
    int kept = 0;
    long tries = 0, max_tries = 200L * g->n;
    MoveList *ml = util_xmalloc(sizeof *ml);
    StrBuf moves = {0};
    while (kept < g->n && tries < max_tries) {
        tries++;
        Position pos;
        position_start(&pos, rules);
        strbuf_clear(&moves);
        int ok = 1;
        for (int ply = 0; ply < g->plies && ok; ply++) {
            int loser;
            if (position_end_by_rule(&pos, &loser) != END_NONE || movegen_legal(&pos, ml) == 0) {
                ok = 0;
                break;
            }
            const Move *m = &ml->moves[prng_below(&st, (uint64_t)ml->n)];
            char s[MOVE_STR_MAX];
            notation_move_string(&pos, m, s, sizeof s);
            if (moves.len) strbuf_addc(&moves, ' ');
            strbuf_add(&moves, s);
            Undo u;
            position_make(&pos, m, &u);
        }
        if (!ok) continue;
        Game gm;
        if (game_init(&gm, &pos) < 0) continue;
        EndReason why;
        GameResult r = game_result(&gm, &why);
        game_free(&gm);
        if (r != RESULT_NONE) continue;
        int dup = 0;
        for (int i = 0; i < kept && !dup; i++) dup = keys[i] == pos.key;
        if (dup) continue;
        int score = genopen_search(&pos, g->depth);
        if (score > g->maxscore || score < -g->maxscore) continue;
        keys[kept++] = pos.key;
        if (g->format == OPENINGS_FEN) {
            char fen[200];
            position_fen(&pos, fen, sizeof fen);
            fprintf(out, "%s\n", fen);
        } else {
            fprintf(out, "%s\n", strbuf_str(&moves));
        }
        if (ferror(out)) /* a reader gone or a full disk: the caller names it */
            break;
    }
    free(ml);
    free(keys);
    strbuf_free(&moves);
    if (kept < g->n && !ferror(out)) {
        snprintf(
            err, errlen,
            "only %d balanced opening%s found in %ld tries (try fewer plies or a larger maxscore)",
            kept, kept == 1 ? "" : "s", tries);
        return -1;
    }
    return kept;
}
