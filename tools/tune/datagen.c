/*
 * datagen.c - self-play games that yield training positions (design in
 * datagen.h).
 */
#include "datagen.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "openings.h"
#include "prng.h"
#include "rules/movegen.h"
#include "search/search.h"
#include "util/outstream.h"

enum { DATAGEN_HASH_MIB = 16 };

/* A position waiting for its game's result. */
typedef struct Pending {
    char fen[128];
    int score;
    uint64_t key;
} Pending;

typedef struct Run {
    const DatagenSpec *spec;
    Rules rules;
    OpeningBook book;
    Search *side[2];
    Pending *pending;
    int npending, cap;
    TuneSet seen;
    int write_errno; /* the errno of a failed write, 0 = none */
} Run;

/* Searches g's position with budget nodes and TradeBonus trade_bonus; the
 * move into *best and the score (side to move's view) into *score.  -1
 * when there is no move. */
static int search_move(Search *s, const Game *g, uint64_t nodes, int trade_bonus, Move *best,
                       int *score)
{
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time[0] = l.time[1] = -1;
    l.nodes = nodes;
    /* The reported score leaves out the root's TradeBonus share (search.h),
     * so it stays on the evaluation's scale whatever trade_bonus is. */
    SearchOptions opt = { .threads = 1,
                          .multipv = 1,
                          .move_overhead = 0,
                          .trade_bonus = trade_bonus };
    Move ponder;
    if (search_run(s, g, &l, &opt, best, &ponder) != 0) return -1;
    SearchInfo info;
    search_last_info(s, &info);
    *score = info.score;
    return 0;
}

static int keep(Run *r, const Position *pos, int score_white)
{
    if (r->npending == r->cap) {
        int cap = r->cap ? 2 * r->cap : 256;
        Pending *p = realloc(r->pending, (size_t)cap * sizeof *p);
        if (!p) return -1;
        r->pending = p;
        r->cap = cap;
    }
    Pending *p = &r->pending[r->npending++];
    position_fen(pos, p->fen, sizeof p->fen);
    p->score = score_white;
    p->key = pos->key;
    return 0;
}

/* Writes the game's pending positions that are new with result res:
 * 0, -1 out of memory, -2 a write error (its errno in r->write_errno). */
static int flush_game(Run *r, FILE *out, GameResult res, DatagenStats *st)
{
    int half = res == RESULT_WHITE_WINS ? 2 : res == RESULT_BLACK_WINS ? 0 : 1;
    st->results[half]++;
    for (int i = 0; i < r->npending; i++) {
        int fresh = tune_set_add(&r->seen, tune_record_id(r->spec->game, r->pending[i].key));
        if (fresh < 0) return -1;
        if (!fresh) {
            st->duplicates++;
            continue;
        }
        TuneRecord rec = { .game = r->spec->game,
                           .result = half,
                           .score = r->pending[i].score,
                           .key = r->pending[i].key,
                           .fen = r->pending[i].fen };
        if (tune_record_write(out, &rec) != 0) {
            r->write_errno = outstream_cause(out);
            return -2;
        }
        st->positions++;
    }
    if ((r->write_errno = outstream_flush(out)) == 0) return 0;
    return -2;
}

/* Plays game index gi.  Returns 0, -1 out of memory, -2 a write error. */
static int play_game(Run *r, int64_t gi, FILE *out, DatagenStats *st)
{
    const DatagenSpec *spec = r->spec;
    uint64_t rng = spec->seed * 0x9E3779B97F4A7C15ull + (uint64_t)gi;
    prng_next(&rng);
    Position start;
    char err[200];
    if (r->book.from_file) {
        int k = (int)prng_below(&rng, (uint64_t)r->book.n);
        if (position_set_fen(&start, &r->rules, r->book.v[k].fen, err, sizeof err) != 0) return -1;
    } else {
        position_start(&start, &r->rules);
    }
    int nrandom = (int)prng_below(&rng, (uint64_t)spec->random_plies + 1);
    uint64_t budget[2];
    for (int c = 0; c < 2; c++)
        budget[c] = spec->nodes[prng_below(&rng, (uint64_t)spec->nbudgets)];

    Game g;
    if (game_init(&g, &start) != 0) return -1;
    for (int c = 0; c < 2; c++)
        search_clear(r->side[c]);
    r->npending = 0;
    EndReason why;
    GameResult res = RESULT_NONE;
    int rc = 0;
    for (int ply = 0; (res = game_result(&g, &why)) == RESULT_NONE; ply++) {
        if (ply >= spec->max_plies) break;
        Move m;
        if (ply < nrandom) {
            MoveList list;
            movegen_legal(&g.pos, &list);
            m = list.moves[prng_below(&rng, (uint64_t)list.n)];
        } else {
            int score;
            if (search_move(r->side[g.pos.stm], &g, budget[g.pos.stm], spec->trade_bonus, &m,
                            &score)
                != 0)
                break;
            if (!movegen_has_capture(&g.pos)) {
                if (keep(r, &g.pos, g.pos.stm == WHITE ? score : -score) != 0) {
                    rc = -1;
                    break;
                }
            } else {
                st->loud++;
            }
        }
        if (game_play(&g, &m) != 0) {
            rc = -1;
            break;
        }
    }
    if (rc == 0 && res == RESULT_NONE) {
        st->dropped++;
    } else if (rc == 0) {
        st->games++;
        rc = flush_game(r, out, res, st);
    }
    game_free(&g);
    return rc;
}

int datagen_run(const DatagenSpec *spec, FILE *out, DatagenStats *st, char *err, size_t errlen)
{
    memset(st, 0, sizeof *st);
    Run r = { .spec = spec, .rules = tune_game_rules(spec->game) };
    /* A FEN of the other game names gen's own option for it. */
    static const char *const
        games[VARIANT_NB] = { [VARIANT_DABLOT] = "dablot:classic", [VARIANT_TABAL] = "tabal" };
    OpeningSpec os = { .file = (char *)spec->openings,
                       .format = OPENINGS_FEN,
                       .start = 1,
                       .hint_how = "-variant ",
                       .hint_games = games };
    if (openings_load(&r.book, &os, &r.rules, spec->seed, err, errlen) != 0) return -1;
    int rc = 0;
    for (int c = 0; c < 2 && rc == 0; c++) {
        r.side[c] = search_new(DATAGEN_HASH_MIB);
        if (!r.side[c]) {
            snprintf(err, errlen, "out of memory for the search");
            rc = -1;
        } else {
            search_set_quiet(r.side[c], true);
        }
    }
    for (int64_t gi = spec->shard - 1; rc == 0 && gi < spec->games; gi += spec->nshards) {
        int played = play_game(&r, gi, out, st);
        if (played == -2)
            snprintf(err, errlen, "cannot write %s: %s",
                     spec->out_name ? spec->out_name : "the data file", strerror(r.write_errno));
        else if (played != 0)
            snprintf(err, errlen, "game %lld: out of memory", (long long)gi + 1);
        if (played != 0) rc = -1;
    }
    for (int c = 0; c < 2; c++)
        search_free(r.side[c]);
    openings_free(&r.book);
    free(r.pending);
    tune_set_free(&r.seen);
    return rc;
}
