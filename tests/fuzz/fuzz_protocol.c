/*
 * fuzz_protocol.c - libFuzzer target for the protocol's parsers:
 * the line reader, the command words, "setoption" (option names and
 * values, rule options through rules_set), "position" (FEN and moves),
 * "go" (limits and searchmoves) and the move parser on every word.
 *
 * The input is protocol text; each line is handled as the command loop
 * would, without starting searches.  Beyond "no crash, no sanitizer report"
 * it checks round trips that must hold: a parsed position's FEN parses back
 * to the same key, and every move string that parses prints (canonically)
 * to a string that parses to the same move.
 *
 *   make fuzz        (see mk/protocol.mk)
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <unistd.h>

#include "frontend/diagram.h"
#include "frontend/linereader.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "frontend/options.h"
#include "frontend/uci_parse.h"

static int memfd = -1;

#define CHECK(cond) do { if (!(cond)) { fprintf(stderr, "check failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); abort(); } } while (0)

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc; (void)argv;
    geometry_init();
    memfd = memfd_create("fuzz-input", 0);
    return 0;
}

static void check_position(const Game *g)
{
    char fen[256], err[256];
    Position back;
    position_fen(&g->pos, fen, sizeof fen);
    CHECK(position_set_fen(&back, &g->pos.rules, fen, err, sizeof err) == 0);
    CHECK(back.key == g->pos.key);
    char *pic = diagram_board(&g->pos);
    CHECK(pic != NULL);
    free(pic);
    EndReason why;
    (void)game_result(g, &why);
}

static void check_move_word(const Position *pos, const char *w)
{
    Move m, again;
    char err[256], s[MOVE_STR_MAX];
    if (notation_parse_move(pos, w, &m, err, sizeof err) < 0) return;
    notation_move_string(pos, &m, s, sizeof s);
    CHECK(notation_parse_move(pos, s, &again, err, sizeof err) == 0);
    CHECK(move_equal(&m, &again));
}

static void handle_line(const char *line, Rules *rules, Game *game)
{
    Words w;
    if (uci_parse_words_split(&w, line) < 0 || w.n == 0) {
        uci_parse_words_free(&w);
        return;
    }
    char err[512];
    if (strcasecmp(w.v[0], "setoption") == 0) {
        char *name, *value, canon[256];
        if (uci_parse_setoption(w.v + 1, w.n - 1, &name, &value, err, sizeof err) == 0) {
            const OptionDesc *o = option_find(name);
            if (o && option_check_value(o, value, canon, sizeof canon, err, sizeof err) == 0) {
                if (o->id == OPTION_VARIANT) {
                    rules->variant = (Variant)geometry_variant_from_name(canon);
                    CHECK(rules->variant == VARIANT_DABLOT || rules->variant == VARIANT_TABAL);
                } else if (o->id == OPTION_RULE) {
                    /* the table and rules_set() must agree on valid values */
                    CHECK(rules_set(rules, o->name, canon, err, sizeof err) == 0);
                }
            }
            free(name);
            free(value);
        }
    } else if (strcasecmp(w.v[0], "position") == 0) {
        Game g;
        if (uci_parse_position(rules, w.v + 1, w.n - 1, UCI_SWITCH_GAME, &g, err, sizeof err)
            == 0) {
            check_position(&g);
            game_free(game);
            *game = g;
        }
    } else if (strcasecmp(w.v[0], "go") == 0) {
        static SearchLimits lim;
        ParseErrors pe = { 0 };
        int perft_depth;
        int rc = uci_parse_go(&game->pos, w.v + 1, w.n - 1, &lim, &perft_depth, &pe);
        CHECK(lim.nsearchmoves >= 0 && lim.nsearchmoves <= MAX_MOVES);
        CHECK(perft_depth >= -1 && perft_depth <= 100);
        /* a refused go says why in exactly one line; a perft refused too */
        CHECK(rc == 0 || pe.count == 1);
        CHECK(rc == -1 || perft_depth >= 0);
    } else {
        Position p;
        if (position_set_fen(&p, rules, line, err, sizeof err) == 0) {
            Game g;
            CHECK(game_init(&g, &p) == 0);
            check_position(&g);
            game_free(&g);
        }
        for (int i = 0; i < w.n && i < 64; i++) check_move_word(&game->pos, w.v[i]);
    }
    uci_parse_words_free(&w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (memfd < 0 || size > (1u << 20)) return 0;
    if (ftruncate(memfd, 0) < 0 || lseek(memfd, 0, SEEK_SET) < 0) return 0;
    if (size && write(memfd, data, size) != (ssize_t)size) return 0;
    lseek(memfd, 0, SEEK_SET);

    Rules rules = rules_default(VARIANT_DABLOT);
    Position start;
    Game game;
    position_start(&start, &rules);
    CHECK(game_init(&game, &start) == 0);

    LineReader lr;
    linereader_init(&lr, memfd);
    char *line;
    size_t len, total = 0;
    int lines = 0;
    LineStatus st;
    while ((st = linereader_next(&lr, &line, &len)) != LINE_EOF) {
        CHECK(st == LINE_OK);
        CHECK(strlen(line) == len);
        total += len;
        if (++lines <= 64) handle_line(line, &rules, &game);
    }
    CHECK(total <= size);
    linereader_free(&lr);
    game_free(&game);
    return 0;
}
