/*
 * uci.c - the command table and its handlers (protocol/PROTOCOL.md).
 *
 * Every command is one entry of `commands` below: its name, its handler and
 * a line of help.  A handler gets the words after the command name.  Long
 * jobs (go, go perft, bench) run in the job thread (engine_thread.h), so the
 * loop keeps answering isready, stop, ponderhit and quit while they run.
 */
#include "uci.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "completion.h"
#include "search/timeman.h"
#include "diagram.h"
#include "linereader.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "util/bom.h"
#include "util/outstream.h"
#include "options.h"
#include "play.h"
#include "search/output.h"
#include "search/skill.h"
#include "show.h"
#include "tb/tb_file.h"
#include "terminal.h"
#include "uci_parse.h"

/* Score printed for a finished game won by the side to move (only reachable
 * from a FEN); a loss is "score mate 0", a draw "score cp 0". */
enum { WON_SCORE_CP = 32000 };

typedef void (*Handler)(Session *e, char **args, int nargs);

typedef struct Command {
    const char *name;
    Handler run;
    const char *usage;
    const char *help;
} Command;

/* Reports a one-line error of a command. */
static void error_line(const char *msg)
{
    output_line("info string error: %s", msg);
}

/* ------------------------------------------------------------------ uci */

static void cmd_uci(Session *e, char **args, int nargs)
{
    (void)e; (void)args; (void)nargs;
    char line[512];
    output_text("id name dablo " DABLO_VERSION);
    output_text("id author " DABLO_AUTHOR);
    for (int i = 0; i < option_count(); i++) {
        option_uci_line(option_at(i), line, sizeof line);
        output_text(line);
    }
    output_text("uciok");
}

static void cmd_isready(Session *e, char **args, int nargs)
{
    (void)args;
    (void)nargs;
    /* readyok says everything sent before it is done, so after a stop
     * it follows the stopped job's bestmove (PROTOCOL.md section 3.1). */
    if (engine_thread_stopping(&e->worker)) engine_thread_wait(&e->worker, WAIT_ONLY);
    output_text("readyok");
}

static void cmd_debug(Session *e, char **args, int nargs)
{
    (void)e;
    if (nargs != 1 || (strcasecmp(args[0], "on") != 0 && strcasecmp(args[0], "off") != 0))
        error_line("debug: expected 'debug on' or 'debug off'");
}

/* ------------------------------------------------------------- position */

/* Replaces the current game by a new game at the start position of the
 * current rules. */
static void reset_game(Session *e)
{
    Position start;
    Game g;
    position_start(&start, &e->rules);
    if (game_init(&g, &start) < 0) {
        error_line("out of memory; position unchanged");
        return;
    }
    game_free(&e->game);
    e->game = g;
}

static void cmd_position(Session *e, char **args, int nargs)
{
    Game g;
    char err[512];
    const char *switch_game = e->interactive ? PLAY_SWITCH_GAME : UCI_SWITCH_GAME;
    if (uci_parse_position(&e->rules, args, nargs, switch_game, &g, err, sizeof err) < 0) {
        output_line("info string error: %s; position unchanged", err);
        return;
    }
    game_free(&e->game);
    e->game = g;
    if (e->interactive) play_position_set(e);
}

static void cmd_ucinewgame(Session *e, char **args, int nargs)
{
    (void)args; (void)nargs;
    engine_thread_wait(&e->worker, WAIT_STOP_SEARCH);
    search_clear(e->search);
    reset_game(e);
}

/* ------------------------------------------------------------ setoption */

/* Applies new rules to the current game: the start position takes them and
 * the moves are replayed; moves no longer legal are dropped (reported). */
static void apply_rules(Session *e, const Rules *r)
{
    if (r->variant != e->game.start.rules.variant) {
        e->rules = *r;
        reset_game(e);
        return;
    }
    Position start = e->game.start;
    Game g;
    position_set_rules(&start, r);
    if (game_init(&g, &start) < 0) {
        error_line("out of memory; rules unchanged");
        return;
    }
    int kept = 0;
    for (; kept < e->game.nmoves; kept++) {
        MoveList list;
        int legal = 0;
        movegen_legal(&g.pos, &list);
        for (int i = 0; i < list.n && !legal; i++)
            legal = move_equal(&list.moves[i], &e->game.moves[kept]);
        if (!legal || game_play(&g, &e->game.moves[kept]) < 0) break;
    }
    if (kept < e->game.nmoves)
        output_line("info string move %d of the current game is not legal under the new rules; "
                 "position set to after move %d", kept + 1, kept);
    e->rules = *r;
    game_free(&e->game);
    e->game = g;
}

void session_adopt_tablebases(Session *e)
{
    if (!e->tb_next_ready || engine_thread_busy(&e->worker)) return;
    engine_thread_wait(&e->worker, WAIT_ONLY); /* joins a finished job */
    e->sopt.tb = NULL;
    tb_set_close(&e->tb);
    e->tb = e->tb_next;
    memset(&e->tb_next, 0, sizeof e->tb_next);
    e->tb_next_ready = false;
    if (e->tb.n > 0) e->sopt.tb = &e->tb;
}

/* Whether the refusals of refused were said since TablebasePath was set;
 * if not, notes them as said now. */
static bool tb_told_before(Session *e, const char *refused)
{
    size_t len = strlen(refused), used = strlen(e->tb_told);
    for (const char *p = e->tb_told; *p; p = strchr(p, '\n') + 1)
        if (strncmp(p, refused, len) == 0 && p[len] == '\n') return true;
    if (used + len + 2 > sizeof e->tb_told)
        used = 0; /* full: forget the older (TbSet.refused fits) */
    snprintf(e->tb_told + used, sizeof e->tb_told - used, "%s\n", refused);
    return false;
}

/* Puts the set opened by tb_set_open() (n its result) in place of the
 * engine's tables and, when told (TablebasePath was set), says how many
 * were found and which files were refused (tb_probe.h); after a change of
 * the rules only files refused that were not said since then are (the
 * change's own line stands alone otherwise).  n < 0 leaves the engine
 * without tables, and so does an empty TablebasePath (without a word).  A
 * running search keeps the tables it started with (they take the place
 * at the next search: session_adopt_tablebases). */
/* TbSet.on_broken of the engine's tables: one line, from the thread that
 * found it. */
static void tb_broken_line(const char *msg)
{
    output_line("info string error: %s: table dropped, going on without it", msg);
}

static void install_tablebases(Session *e, TbSet *fresh, int n, const char *err, bool told)
{
    if (n < 0) fresh->n = 0;
    fresh->on_broken = tb_broken_line;
    tb_set_close(&e->tb_next);
    e->tb_next = *fresh;
    e->tb_next_ready = true;
    session_adopt_tablebases(e);
    const TbSet *t = e->tb_next_ready ? &e->tb_next : &e->tb;
    if (!e->tb_path[0]) return;
    if (n < 0) {
        output_line("info string error: %s", err);
        return;
    }
    /* One line either way: the refused files, each with its reason, and
     * what was opened. */
    if (told) e->tb_told[0] = '\0';
    if (t->nrefused && tb_told_before(e, t->refused) && !told) return;
    if (t->nrefused)
        output_line("info string error: %d table file(s) refused: %s (tablebases: %d table%s of up "
                    "to %d pieces in %s)",
                    t->nrefused, t->refused, n, n == 1 ? "" : "s", t->max_pieces, e->tb_path);
    else if (told && n == 0) {
        /* Taken all the same (a change of the rules may find its tables
         * there), but a folder that helps none of this game's searches is
         * no count of 0 to pass over. */
        char tag[64];
        tb_rules_tag(&e->rules, tag, sizeof tag);
        output_line("info string warning: TablebasePath: no tables for these rules (%s-*.dtb) in "
                    "%s; searching without tables",
                    tag, e->tb_path);
    } else if (told)
        output_line("info string tablebases: %d table%s of up to %d pieces in %s", n,
                    n == 1 ? "" : "s", t->max_pieces, e->tb_path);
}

/* Opens the tables of TablebasePath again for the current rules (after a
 * change of Variant or of a rule option: tables of the old rules go). */
static void open_tablebases(Session *e)
{
    TbSet fresh = { 0 };
    char err[512] = "";
    int n = e->tb_path[0] ? tb_set_open(&fresh, e->tb_path, &e->rules, err, sizeof err) : 0;
    install_tablebases(e, &fresh, n, err, false);
}

void session_set_variant(Session *e, const char *name)
{
    /* Changing the game keeps the other rule options (they belong to one
     * game each, DrawPlies to both) and resets the position. */
    e->rules.variant = (Variant)geometry_variant_from_name(name);
    reset_game(e);
    if (e->tb_path[0]) open_tablebases(e);
}

/* TradeBonus is stored whatever the rules, as a host sets every option
 * before Variant (PROTOCOL.md section 4); where it does not apply now
 * (Tabal, or Dablot under compulsory captures) a note says so, and names
 * the Captures rule that keeps it off in Dablot. */
static void note_trade_bonus(const Session *e)
{
    char captures[32], why[64] = "";
    if (search_trade_bonus_applies(&e->rules)) return;
    if (e->rules.variant == VARIANT_DABLOT
        && rules_get(&e->rules, "Captures", captures, sizeof captures) == 0)
        snprintf(why, sizeof why, " (Captures is %s)", captures);
    output_line("info string TradeBonus applies to Dablot under optional captures only%s; stored "
                "for a game of Dablot under optional captures",
                why);
}

static void set_option(Session *e, const OptionDesc *o, const char *canon)
{
    char err[512];
    long long x = 0;
    if (o->type == OPT_SPIN) uci_parse_int64(canon, &x);
    switch (o->id) {
    case OPTION_VARIANT: {
        char fen[256];
        session_set_variant(e, canon);
        position_fen(&e->game.pos, fen, sizeof fen);
        output_line("info string variant %s startpos %s", canon, fen);
        break;
    }
    case OPTION_RULE: {
        Rules r = e->rules;
        if (rules_set(&r, o->name, canon, err, sizeof err) != 0) {
            error_line(err);
            return;
        }
        apply_rules(e, &r);
        if (e->tb_path[0]) open_tablebases(e);
        /* An option of the other game is stored for it, not refused: a
         * host may set every option before Variant (section 4).  A line
         * says so, as it changes nothing now. */
        int game = rules_option_variant(o->name);
        if (game >= 0 && game != (int)e->rules.variant) {
            char title[16]; /* "Dablot", "Tabal" */
            snprintf(title, sizeof title, "%s", geometry_of((Variant)game)->name);
            title[0] = (char)toupper((unsigned char)title[0]);
            output_line("info string %s applies to %s only; stored for a game of %s", o->name,
                        title, title);
        }
        break;
    }
    case OPTION_HASH:
        engine_thread_wait(&e->worker, WAIT_STOP_SEARCH);
        if (search_set_hash(e->search, (size_t)x) < 0) {
            output_line("info string error: cannot allocate %lld MiB for Hash; keeping %zu MiB", x, e->hash_mib);
            return;
        }
        e->hash_mib = (size_t)x;
        break;
    case OPTION_THREADS: e->sopt.threads = (int)x; break;
    case OPTION_MOVE_OVERHEAD: e->sopt.move_overhead = (int)x; break;
    case OPTION_MULTIPV: e->sopt.multipv = (int)x; break;
    case OPTION_SKILL_LEVEL: e->sopt.skill_weakness = SKILL_MAX - (int)x; break;
    case OPTION_CONTEMPT: e->sopt.contempt = (int)x; break;
    case OPTION_TRADE_BONUS:
        e->sopt.trade_bonus = (int)x;
        note_trade_bonus(e);
        break;
    case OPTION_PONDER: e->ponder = strcmp(canon, "true") == 0; break;
    case OPTION_CLEAR_HASH:
        engine_thread_wait(&e->worker, WAIT_STOP_SEARCH);
        search_clear(e->search);
        break;
    case OPTION_TABLEBASE_PATH:
        if (strlen(canon) >= sizeof e->tb_path) {
            output_line("info string error: TablebasePath is longer than %zu characters",
                        sizeof e->tb_path - 1);
            return;
        }
        /* Opened once; a folder that cannot be read changes nothing
         * (PROTOCOL.md section 4); one without tables of these rules is
         * taken with a warning (install_tablebases); "" closes the tables. */
        TbSet fresh = { 0 };
        int n = canon[0] ? tb_set_open(&fresh, canon, &e->rules, err, sizeof err) : 0;
        if (n < 0) {
            tb_set_close(&fresh);
            output_line("info string error: %s; TablebasePath stays '%s'", err, e->tb_path);
            return;
        }
        snprintf(e->tb_path, sizeof e->tb_path, "%s", canon);
        install_tablebases(e, &fresh, n, err, true);
        break;
    }
}

static void cmd_setoption(Session *e, char **args, int nargs)
{
    char *name, *value;
    char err[512], canon[256];
    if (uci_parse_setoption(args, nargs, &name, &value, err, sizeof err) < 0) {
        error_line(err);
        return;
    }
    const OptionDesc *o = option_find(name);
    if (!o)
        output_line("info string error: unknown option '%.*s%s'", UCI_NAME(name));
    else if (option_check_value(o, value, canon, sizeof canon, err, sizeof err) < 0)
        error_line(err);
    else
        set_option(e, o, canon);
    free(name);
    free(value);
}

/* ------------------------------------------------------------------- go */

/* "go" in a finished game: the result, one info line with its score, and
 * "bestmove (none)". */
static void answer_finished(Session *e, GameResult r, EndReason why)
{
    Color stm = e->game.pos.stm;
    engine_thread_wait(&e->worker, WAIT_STOP_SEARCH);
    output_line("info string game over: %s (%s)", game_result_string(r), position_end_reason_name(why));
    if (r == RESULT_DRAW)
        output_text("info depth 0 score cp 0");
    else if ((r == RESULT_WHITE_WINS) == (stm == WHITE))
        output_line("info depth 0 score cp %d", WON_SCORE_CP);
    else
        output_text("info depth 0 score mate 0");
    output_text("bestmove (none)");
}

/* The messages of a parse: a refusal (refused) as error lines, else notes
 * of what was done instead of what was asked, which a host must not read
 * as a refusal: "info string <note>", no "error:" (PROTOCOL.md section 7). */
static void report_parse(const ParseErrors *pe, bool refused)
{
    int shown = pe->count < PARSE_MAX_ERRORS ? pe->count : PARSE_MAX_ERRORS;
    const char *label = refused ? "error: " : "", *kind = refused ? "error" : "note";
    for (int i = 0; i < shown; i++)
        output_line("info string %s%s", label, pe->msg[i]);
    if (pe->count > shown)
        output_line("info string %s... and %d more %s%s in this command", label, pe->count - shown,
                    kind, pe->count - shown == 1 ? "" : "s");
}

static void cmd_go(Session *e, char **args, int nargs)
{
    static SearchLimits limits;   /* large (searchmoves); only the loop thread uses it */
    ParseErrors pe = { 0 };
    int perft_depth;
    int64_t arrived = timeman_now_us();
    int rc = uci_parse_go(&e->game.pos, args, nargs, &limits, &perft_depth, &pe);
    limits.start_us = arrived;
    report_parse(&pe, rc < 0);
    if (rc < 0)
        return; /* malformed, or "go perft" without a valid depth: a running search goes on */
    if (perft_depth > 0) {
        engine_thread_perft(&e->worker, &e->game.pos, perft_depth);
        return;
    }
    EndReason why;
    GameResult r = game_result(&e->game, &why);
    if (r != RESULT_NONE) {
        answer_finished(e, r, why);
        return;
    }
    engine_thread_wait(&e->worker, WAIT_STOP_SEARCH);
    session_adopt_tablebases(e);
    engine_thread_search(&e->worker, e->search, &e->game, &limits, &e->sopt);
}

static void cmd_perft(Session *e, char **args, int nargs)
{
    long long d;
    if (nargs != 1 || uci_parse_int64(args[0], &d) < 0 || d < 1 || d > 100) {
        error_line("perft: expected 'perft <depth>' with depth 1..100");
        return;
    }
    engine_thread_perft(&e->worker, &e->game.pos, (int)d);
}

static void cmd_stop(Session *e, char **args, int nargs)
{
    (void)args; (void)nargs;
    engine_thread_stop(&e->worker);
}

static void cmd_ponderhit(Session *e, char **args, int nargs)
{
    (void)args; (void)nargs;
    engine_thread_ponderhit(&e->worker);
}

void uci_quit(Session *e)
{
    e->quit = true;
    if (engine_thread_job(&e->worker) != JOB_BENCH)
        engine_thread_wait(&e->worker, WAIT_STOP_ALL);
}

static void cmd_quit(Session *e, char **args, int nargs)
{
    (void)args; (void)nargs;
    uci_quit(e);
}

/* ------------------------------------------------------- developer aids */

static void cmd_show(Session *e, char **args, int nargs)
{
    (void)args;
    (void)nargs;
    show_print(&e->game);
}

static void cmd_d(Session *e, char **args, int nargs)
{
    (void)args; (void)nargs;
    diagram_print(&e->game);
    /* the tables set last, also while a search goes on with the ones before */
    const TbSet *tb = !e->tb_next_ready ? e->sopt.tb : e->tb_next.n ? &e->tb_next : NULL;
    if (!tb) return;
    uint16_t te;
    TbResult v;
    TbRootMove *tm = malloc(MAX_MOVES * sizeof *tm);
    int n = tm && tb_set_verdict(tb, &e->game.pos, &te, &v) == 0
              ? tb_set_root(tb, &e->game.pos, tm, MAX_MOVES)
              : -1;
    if (n < 0) {
        output_line("Tablebase: not in the tables");
    } else {
        char best[64] = "", verdict[80];
        /* An undecided result names no best move (the engine searches them all). */
        if (n > 0 && tb_result_decided(v))
            notation_move_string(&e->game.pos, &tm[0].move, best, sizeof best);
        tb_verdict_string(te, v, verdict, sizeof verdict);
        output_line("Tablebase: %s%s%s", verdict, best[0] ? " best " : "", best);
    }
    free(tm);
}

/* "eval": the breakdown of the static evaluation; a finished game says so
 * first, since no evaluation decides it any more. */
static void cmd_eval(Session *e, char **args, int nargs)
{
    (void)args; (void)nargs;
    EndReason why;
    GameResult r = game_result(&e->game, &why);
    if (r != RESULT_NONE)
        output_line("info string game over: %s (%s); the terms below are of the final position",
                 game_result_string(r), position_end_reason_name(why));
    search_eval_report(&e->game.pos);
}

static void cmd_bench(Session *e, char **args, int nargs)
{
    long long d = 0;
    if (nargs > 1 || (nargs == 1 && (uci_parse_int64(args[0], &d) < 0 || d < 1 || d > 100))) {
        error_line("bench: expected 'bench [depth]' with depth 1..100");
        return;
    }
    engine_thread_bench(&e->worker, (int)d);
}

static void cmd_help(Session *e, char **args, int nargs);

static const Command commands[] = {
    { "uci", cmd_uci, "uci", "identify the engine and list its options, then uciok" },
    { "isready", cmd_isready, "isready",
      "answered by readyok at once, also during a search (after a stop: once its bestmove is out)" },
    { "setoption", cmd_setoption, "setoption name <name> [value <value>]",
      "set an option (see uci)" },
    { "ucinewgame", cmd_ucinewgame, "ucinewgame",
      "clear the hash tables and set the start position" },
    { "position", cmd_position, "position startpos|fen <FEN> [moves <m1> <m2> ...]",
      "set the position" },
    { "go", cmd_go,
      "go [wtime|btime|winc|binc|movestogo|movetime|depth|nodes <n>] [infinite] [ponder] "
      "[searchmoves <m>...] | go perft <n>",
      "search (ends with bestmove) or count leaves" },
    { "stop", cmd_stop, "stop", "end the search now (bestmove follows)" },
    { "ponderhit", cmd_ponderhit, "ponderhit",
      "the pondered move was played: search on the clock" },
    { "quit", cmd_quit, "quit", "stop and exit (end of input does the same)" },
    { "show", cmd_show, "show",
      "the position for hosts: FEN, legal moves, result (ends with 'end')" },
    { "d", cmd_d, "d", "show the board, FEN, key, legal moves and any table verdict" },
    { "eval", cmd_eval, "eval", "show the evaluation of the position, term by term" },
    { "bench", cmd_bench, "bench [depth]", "search the benchmark positions; prints nodes and nps" },
    { "perft", cmd_perft, "perft <depth>", "same as go perft <depth>" },
    { "debug", cmd_debug, "debug on|off", "accepted for UCI compatibility (no effect)" },
    { "help", cmd_help, "help [<command>]", "this list, or one command's help (help go)" },
};

enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

/* What "help go" adds to go's usage: its words (PROTOCOL.md section 3.3). */
static const char *const go_words[] = {
    "  depth <plies>          search this deep, 1..1000",
    "  nodes <n>              stop after n nodes, n >= 1",
    "  movetime <ms>          search this long",
    "  wtime, btime <ms>      White's, Black's clock (the side to move's counts)",
    "  winc, binc <ms>        increment per move",
    "  movestogo <n>          moves to the next time control (0: the rest of the game)",
    "  infinite               search until stop",
    "  ponder                 search on the opponent's time until ponderhit or stop",
    "  searchmoves <m>...     search only these moves (one or more, up to the next keyword)",
    "  mate <n>               accepted, not supported",
    "  perft <depth>          count the leaves of the move tree, 1..100 (no other word)",
    "Any subset in any order, each word once; a limit not given does not limit,",
    "and the first limit reached ends the search (go alone: until stop).  A bad",
    "word refuses the whole go.  Examples: go depth 8, go movetime 2000,",
    "go wtime 60000 btime 60000 winc 1000 binc 1000.",
    NULL
};

bool uci_help_topic_known(const char *topic)
{
    bool known = strcasecmp(topic, "protocol") == 0 || play_is_command(topic);
    for (int i = 0; i < NCOMMANDS; i++)
        known |= strcasecmp(topic, commands[i].name) == 0;
    return known;
}

void uci_help_topics(const Session *e, char *buf, size_t size)
{
    const char *const *play = play_commands();
    if (size == 0) return;
    buf[0] = '\0';
    for (int i = 0; e->interactive && play[i]; i++)
        snprintf(buf + strlen(buf), size - strlen(buf), "%s, ", play[i]);
    snprintf(buf + strlen(buf), size - strlen(buf), "protocol");
    for (int i = 0; i < NCOMMANDS; i++)
        snprintf(buf + strlen(buf), size - strlen(buf), ", %s", commands[i].name);
    for (int i = 0; !e->interactive && play[i]; i++)
        snprintf(buf + strlen(buf), size - strlen(buf), "%s%s",
                 i == 0 ? "; at the terminal: " : ", ", play[i]);
}

/* "help <topic>" with no such topic: one error line naming it and the
 * topics (uci_help_topics).  False when topic is one (cmd_help prints its
 * help). */
static bool unknown_help_topic(const Session *e, const char *topic)
{
    if (uci_help_topic_known(topic)) return false;
    char topics[UCI_HELP_TOPICS_LEN];
    uci_help_topics(e, topics, sizeof topics);
    output_line("info string error: help: unknown topic '%.*s%s' (topics: %s)", UCI_WORD(topic),
                topics);
    return true;
}

/* The options, one a line with type, default and range, for "help". */
static void help_options(void)
{
    output_text("Options (setoption name <name> value <value>):");
    for (int i = 0; i < option_count(); i++) {
        char line[512];
        option_uci_line(option_at(i), line, sizeof line);
        const char *name = line + strlen("option name ");
        const char *type = strstr(name, " type ");
        if (type)
            output_line("  %-24.*s  %s", (int)(type - name), name, type + 1);
        else
            output_line("  %s", name);
    }
}

/* "help <command>": the command alone, its usage and line (a play
 * command's too: play_help_topic), with go's words and setoption's options. */
static void help_command(const Session *e, const char *topic)
{
    if (play_help_topic(e, topic)) return;
    for (int i = 0; i < NCOMMANDS; i++) {
        const Command *c = &commands[i];
        if (strcasecmp(topic, c->name) != 0) continue;
        output_line("%s", c->usage);
        output_line("  %s", c->help);
        if (c->run == cmd_go)
            for (int k = 0; go_words[k]; k++)
                output_text(go_words[k]);
        if (c->run == cmd_setoption) help_options();
    }
}

static void cmd_help(Session *e, char **args, int nargs)
{
    if (nargs > 1) {
        output_line(
            "info string error: help: expected 'help [<command>]', got a second word '%.*s%s'",
            UCI_WORD(args[1]));
        return;
    }
    if (nargs > 0 && unknown_help_topic(e, args[0])) return;
    bool protocol = nargs > 0 && strcasecmp(args[0], "protocol") == 0;
    if (nargs > 0 && !protocol) {
        help_command(e, args[0]);
        return;
    }
    if (e->interactive && !protocol) {
        play_help(e); /* a person at the terminal: how to play, first and alone */
        output_text("One command alone: help <command> (help undo, help go).");
        output_text("The protocol's commands and options (what a GUI sends): help protocol");
        return;
    }
    output_text("dablo " DABLO_VERSION " - commands (see protocol/PROTOCOL.md):");
    /* Two columns at least two spaces apart, a long usage on a line of its
     * own: the layout of a tagged list in the man page (help2man). */
    for (int i = 0; i < NCOMMANDS; i++) {
        if (strlen(commands[i].usage) < 40) {
            output_line("  %-40s %s", commands[i].usage, commands[i].help);
        } else {
            output_line("  %s", commands[i].usage);
            output_line("  %-40s %s", "", commands[i].help);
        }
    }
    help_options();
}

const char *const *uci_command_names(void)
{
    static const char *names[NCOMMANDS + 1];
    for (int i = 0; i < NCOMMANDS; i++) names[i] = commands[i].name;
    names[NCOMMANDS] = NULL;
    return names;
}

void uci_execute(Session *e, const char *line)
{
    Words w;
    if (uci_parse_words_split(&w, line) < 0) {
        error_line("out of memory reading the command");
        return;
    }
    if (w.n == 0 || w.v[0][0] == '#') {   /* empty line or comment */
        uci_parse_words_free(&w);
        return;
    }
    const Command *c = NULL;
    for (int i = 0; i < NCOMMANDS && !c; i++)
        if (strcasecmp(w.v[0], commands[i].name) == 0) c = &commands[i];
    if (c && w.n > 1 && strcmp(c->usage, c->name) == 0) {
        /* a command whose usage is its name alone takes no argument:
         * a word after it is refused, the command not run */
        output_line("info string error: %s: expected '%s' alone, got '%.*s%s'", c->name, c->name,
                    UCI_WORD(w.v[1]));
        uci_parse_words_free(&w);
        return;
    }
    if (c && e->interactive) play_before_command(e, c->name);
    if (c)
        c->run(e, w.v + 1, w.n - 1);
    else if (!e->interactive || !play_execute(e, w.v, w.n))
        output_line("info string unknown command: %.*s%s%s", UCI_NAME(w.v[0]),
                    e->interactive            ? " (type 'help')"
                    : play_is_command(w.v[0]) ? " (a terminal play command; see help)"
                    : play_is_move(e, w.v[0])
                        ? " (a move: use position ... moves, or play at a terminal; see help)"
                        : "");
    uci_parse_words_free(&w);
}

/* ---------------------------------------------------------- life cycle */

/* The default of the spin option id, read from the option table
 * (options.c), so the engine starts with the values "uci" prints. */
static int spin_default(OptionId id)
{
    for (int i = 0; i < option_count(); i++)
        if (option_at(i)->id == id)
            return atoi(option_at(i)->def);
    return 0;
}

int session_init(Session *e, void (*on_done)(void *), void *ctx)
{
    memset(e, 0, sizeof *e);
    geometry_init();
    e->rules = rules_default(VARIANT_DABLOT);
    e->hash_mib = spin_default(OPTION_HASH);
    e->sopt.threads = spin_default(OPTION_THREADS);
    e->sopt.multipv = spin_default(OPTION_MULTIPV);
    e->sopt.move_overhead = spin_default(OPTION_MOVE_OVERHEAD);
    e->sopt.skill_weakness = SKILL_MAX - spin_default(OPTION_SKILL_LEVEL);
    e->sopt.contempt = spin_default(OPTION_CONTEMPT);
    e->sopt.trade_bonus = spin_default(OPTION_TRADE_BONUS);
    play_init(&e->play);
    Position start;
    position_start(&start, &e->rules);
    e->search = search_new(e->hash_mib);
    if (!e->search || game_init(&e->game, &start) < 0) {
        output_text("info string error: out of memory starting the engine");
        if (e->search) search_free(e->search);
        return -1;
    }
    engine_thread_init(&e->worker, on_done, ctx);
    return 0;
}

void session_free(Session *e)
{
    engine_thread_free(&e->worker);
    tb_set_close(&e->tb);
    tb_set_close(&e->tb_next);
    search_free(e->search);
    game_free(&e->game);
}

/* ---------------------------------------------------------------- loops */

/* Standard input that cannot be read (err: ENOMEM, no memory for a line,
 * or the errno of the read) is said on stderr; the caller ends the
 * session and exits 1, never as at the end of the input. */
static void input_error(int err)
{
    if (err == ENOMEM)
        fprintf(stderr, "dablo: stdin: out of memory reading a line\n");
    else
        fprintf(stderr, "dablo: stdin: read error: %s\n", strerror(err));
}

/* Plain input: no prompt, no echo, lines of any length. */
static int plain_loop(Session *e)
{
    int failed = 0;
    LineReader lr;
    linereader_init(&lr, STDIN_FILENO);
    /* A write to stdout that failed (the host closed it, a full disk):
     * nobody reads the answers any more, so the loop ends as at EOF, also
     * during a search (looked at every OUTPUT_CHECK_MS while one runs,
     * where a pipe's reader that has gone is also seen before a line is
     * written: outstream_stdout_probe()). */
    enum { OUTPUT_CHECK_MS = 100 };
    bool lost = false, first = true;
    while (!e->quit && !(lost = outstream_stdout_error() != 0)) {
        /* Re-send a pending stop/ponderhit while waiting for input. */
        while (!linereader_has_line(&lr) && !(lost = outstream_stdout_error() != 0)) {
            int pending = engine_thread_pending(&e->worker);
            if (!pending && !engine_thread_busy(&e->worker)) break;
            struct pollfd p = { .fd = STDIN_FILENO, .events = POLLIN };
            if (poll(&p, 1, pending ? ENGINE_POLL_MS : OUTPUT_CHECK_MS) != 0) break;
            if (pending) engine_thread_poll(&e->worker);
            outstream_stdout_probe();
        }
        if (lost) break;
        char *line;
        size_t len;
        LineStatus st = linereader_next(&lr, &line, &len);
        if (st == LINE_EOF) break;
        if (st == LINE_ERROR) { /* said, then taken as the end of the input */
            input_error(lr.err);
            failed = 1;
            break;
        }
        if (st == LINE_TOO_LONG) {
            error_line("input line longer than 256 MiB ignored");
            first = false;
            continue;
        }
        /* A byte-order mark an editor saved before the first line (a
         * script of commands) is no part of the command. */
        if (first) line += util_bom_len(line);
        first = false;
        uci_execute(e, line);
    }
    linereader_free(&lr);
    /* EOF acts as quit, except that a perft or bench piped in with nothing
     * after it ("echo 'go perft 6' | dablo", as with Stockfish) runs to its
     * end first, unless a line of it cannot be written; an explicit quit or
     * stop still ends a perft at once.  A lost stdout stops any job, a
     * bench too, so that the check at exit names the cause. */
    if (!e->quit) {
        JobKind job = engine_thread_job(&e->worker);
        if (lost || job == JOB_PERFT || job == JOB_BENCH)
            engine_thread_wait(&e->worker, WAIT_OUTPUT);
        uci_quit(e);
    }
    return failed;
}

/* Terminal hooks (terminal.h). */
static int hook_busy(void *ctx) { return engine_thread_busy(&((Session *)ctx)->worker); }
static int hook_pending(void *ctx) { return engine_thread_pending(&((Session *)ctx)->worker); }
static void hook_poll(void *ctx) { engine_thread_poll(&((Session *)ctx)->worker); }
static void hook_interrupt(void *ctx) { engine_thread_stop(&((Session *)ctx)->worker); }
static int hook_idle(void *ctx)
{
    return play_idle(ctx);
}
static char **hook_complete(void *ctx, const char *line, int start)
{
    const Session *e = ctx;
    CompletionContext cx = { uci_command_names(), &e->rules, &e->game, true };
    return completion_candidates(&cx, line, start);
}

int uci_loop(Session *e, bool use_terminal)
{
    if (!use_terminal || !terminal_usable()) return plain_loop(e);
    TerminalHooks hooks = {
        .ctx = e,
        .busy = hook_busy,
        .pending = hook_pending,
        .poll = hook_poll,
        .interrupt = hook_interrupt,
        .complete = hook_complete,
        .idle = hook_idle,
    };
    char err[512];
    if (terminal_open(&hooks, "dablo> ", err, sizeof err) < 0) {
        fprintf(
            stderr,
            "dablo: no readline (%s): no prompt, line editing or completion; reading plain lines\n",
            err);
        return plain_loop(e);
    }
    e->interactive = true;
    output_for_people(true);
    play_banner(e);
    int failed = 0;
    while (!e->quit) {
        char *line = terminal_read_line();
        if (!line) {
            failed = terminal_read_error() != 0;
            break;
        }
        uci_execute(e, line);
        free(line);
    }
    if (!e->quit) uci_quit(e);
    terminal_close();
    output_for_people(false);
    if (failed) input_error(terminal_read_error());
    return failed;
}
