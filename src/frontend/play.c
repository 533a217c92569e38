/*
 * play.c - the play mode at the terminal (play.h).
 */
#include "play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diagram.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "search/output.h"
#include "search/skill.h"
#include "search/timeman.h"
#include "show.h"
#include "uci.h"
#include "uci_parse.h"

static const char *color_name(int c)
{
    return c == WHITE ? "White" : "Black";
}

void play_init(PlayState *p)
{
    p->engine = BLACK;
    p->movetime_ms = PLAY_MOVETIME_DEFAULT;
    p->thinking = false;
    p->resume = false;
}

/* Who plays what, for the banner and "play". */
static void sides(const PlayState *p, char *buf, size_t len)
{
    if (p->engine == PLAY_NOBODY)
        snprintf(buf, len, "you move both sides");
    else
        snprintf(buf, len, "you are %s, dablo is %s", color_name(!p->engine),
                 color_name(p->engine));
}

void play_banner(const Session *e)
{
    char who[64];
    sides(&e->play, who, sizeof who);
    output_line("dablo %s, %s: %s. Type a move, board or help.", DABLO_VERSION,
                e->game.pos.geo->name[0] == 't' ? "Permainan-Tabal" : "Dablot Prejjesne", who);
}

/* Stops the engine's pending reply and forgets it. */
static void cancel(Session *e)
{
    if (!e->play.thinking) return;
    e->play.thinking = false;
    engine_thread_wait(&e->worker, WAIT_STOP_SEARCH);
    output_text("(dablo's move cancelled)");
}

/* Ends an analysis (a 'go' typed at the prompt) before the game it searches
 * changes, printing its bestmove, as 'position' does (PROTOCOL.md 3.3). */
static void end_analysis(Session *e)
{
    if (!e->play.thinking && engine_thread_job(&e->worker) == JOB_SEARCH)
        engine_thread_wait(&e->worker, WAIT_STOP_SEARCH);
}

void play_before_command(Session *e, const char *name)
{
    /* Commands that neither change the game nor start a job. */
    static const char *const harmless[] = { "isready", "stop", "ponderhit", "show", "d", "eval",
                                            "help",    "uci",  "debug",     "quit", NULL };
    for (int i = 0; harmless[i]; i++)
        if (strcasecmp(name, harmless[i]) == 0) return;
    cancel(e);
    e->play.resume = true; /* play_idle: dablo's turn again, with the new settings */
}

/* The result of the game, announced; true when it is over. */
static bool announce_end(const Session *e)
{
    EndReason why;
    GameResult r = game_result(&e->game, &why);
    if (r == RESULT_NONE) return false;
    const char *winner = r == RESULT_DRAW       ? "a draw"
                       : r == RESULT_WHITE_WINS ? "White wins"
                                                : "Black wins";
    output_line("Game over: %s (%s), %s. Type 'new' for another game or 'undo'.",
                game_result_string(r), position_end_reason_name(why), winner);
    return true;
}

/* The board with the last move marked and whose turn it is. */
static void draw(const Session *e)
{
    const Game *g = &e->game;
    char *pic = diagram_board_marked(&g->pos, g->nmoves ? &g->moves[g->nmoves - 1] : NULL);
    output_text("");
    for (char *s = pic, *nl; s && *s; s = nl + 1) {
        nl = strchr(s, '\n');
        if (!nl) break;
        *nl = '\0';
        output_text(s);
    }
    free(pic);
    char last[2][MOVE_STR_MAX];
    show_move_string(g, g->nmoves - 2, last[0], sizeof last[0]);
    show_move_string(g, g->nmoves - 1, last[1], sizeof last[1]);
    if (g->nmoves >= 2)
        output_line("Move %d, %s to move. Last moves: %s %s", g->pos.move_number,
                    color_name(g->pos.stm), last[0], last[1]);
    else if (g->nmoves == 1)
        output_line("Move %d, %s to move. Last move: %s", g->pos.move_number,
                    color_name(g->pos.stm), last[1]);
    else
        output_line("Move %d, %s to move.", g->pos.move_number, color_name(g->pos.stm));
}

void play_position_set(const Session *e)
{
    draw(e);
    if (!announce_end(e) && e->play.engine != (int)e->game.pos.stm)
        output_line("Your move (%s).", color_name(e->game.pos.stm));
}

/* Starts the engine's reply when it is its turn (the game goes on). */
static void maybe_think(Session *e)
{
    if (e->play.engine != (int)e->game.pos.stm || e->play.thinking) return;
    static SearchLimits limits; /* large (searchmoves); only the loop thread uses it */
    memset(&limits, 0, sizeof limits);
    limits.time[WHITE] = limits.time[BLACK] = -1;
    limits.movetime = e->play.movetime_ms;
    limits.start_us = timeman_now_us();
    session_adopt_tablebases(e);
    if (engine_thread_search_kept(&e->worker, e->search, &e->game, &limits, &e->sopt) < 0) return;
    e->play.thinking = true;
    output_line("dablo (%s) is thinking, %.1f s at most; 'stop' makes it move now.",
                color_name(e->game.pos.stm), e->play.movetime_ms / 1000.0);
}

/* After a move: the board when the player is to move next, the end of the
 * game, or the engine's reply. */
static void after_move(Session *e)
{
    EndReason why;
    if (game_result(&e->game, &why) != RESULT_NONE) {
        draw(e);
        announce_end(e);
    } else if (e->play.engine != (int)e->game.pos.stm) {
        draw(e);
        output_line("Your move (%s).", color_name(e->game.pos.stm));
    } else {
        maybe_think(e);
    }
}

int play_idle(Session *e)
{
    if (engine_thread_busy(&e->worker)) return e->play.thinking;
    if (!e->play.thinking) {
        /* After a protocol command (a setting, a position): dablo moves when
         * it is its turn, as after a move. */
        EndReason why;
        if (e->play.resume && game_result(&e->game, &why) == RESULT_NONE) maybe_think(e);
        e->play.resume = false;
        return e->play.thinking;
    }
    e->play.thinking = false;
    engine_thread_wait(&e->worker, WAIT_ONLY); /* joins the finished job */
    Move m;
    char s[MOVE_STR_MAX];
    if (engine_thread_answer(&e->worker, &m) < 0) {
        announce_end(e);
        return 0;
    }
    SearchInfo info;
    search_last_info(e->search, &info);
    notation_move_string(&e->game.pos, &m, s, sizeof s);
    if (game_play(&e->game, &m) < 0) {
        output_text("out of memory playing dablo's move");
        return 0;
    }
    if (info.mate > 0)
        output_line("dablo plays %s (depth %d: dablo wins in %d).", s, info.depth, info.mate);
    else if (info.mate < 0)
        output_line("dablo plays %s (depth %d: dablo loses in %d).", s, info.depth, -info.mate);
    else
        output_line("dablo plays %s (depth %d, score %+.2f men for dablo).", s, info.depth,
                    info.score / 100.0);
    after_move(e);
    return e->play.thinking;
}

/* Takes back the player's last `times` moves, each with dablo's answer:
 * one ply, and more until it is the player's turn.  A move of dablo's that
 * opened the game is no move of the player's: nothing to undo before it. */
static void undo(Session *e, int times)
{
    int n = e->game.nmoves;
    Color stm = e->game.pos.stm;
    for (int k = 0; k < times && n > 0; k++) {
        int before = n;
        Color was = stm;
        n--;
        stm = !stm;
        while (n > 0 && e->play.engine == (int)stm) {
            n--;
            stm = !stm;
        }
        if (e->play.engine == (int)stm) { /* back at dablo's first move */
            n = before;
            stm = was;
            break;
        }
    }
    if (n == e->game.nmoves) {
        output_text(e->game.nmoves == 0 ? "Nothing to undo: this is the start of the game."
                                        : "Nothing to undo: dablo's move opened the game.");
        return;
    }
    Game g;
    if (game_init(&g, &e->game.start) < 0) return;
    for (int i = 0; i < n; i++)
        if (game_play(&g, &e->game.moves[i]) < 0) {
            game_free(&g);
            return;
        }
    output_line("Took back %d move%s.", e->game.nmoves - n, e->game.nmoves - n == 1 ? "" : "s");
    game_free(&e->game);
    e->game = g;
    after_move(e);
}

/* A word that is meant as a move (or a point): a letter and a digit
 * first, in either case (point names are lower case; a person may type
 * C5-D6), or a '-' anywhere (xx-yy).  No command looks like that, so a
 * mistyped move is explained as one (notation_why_not), not as an unknown
 * command. */
static bool looks_like_move(const char *w)
{
    char c = (char)(w[0] | 0x20);
    return (c >= 'a' && c <= 'z' && w[1] >= '0' && w[1] <= '9') || strchr(w, '-');
}

/* Whether w has the shape of a point name: a letter, then digits ("c5"). */
static bool point_word(const char *w)
{
    char c = (char)(w[0] | 0x20);
    if (c < 'a' || c > 'z' || w[1] < '0' || w[1] > '9') return false;
    return w[1 + strspn(w + 1, "0123456789")] == '\0';
}

/* The move a person typed as words v[0..n): one word in any case, or two
 * point names ("c5 d6"), lower-cased, whole however long (malloc'd, the
 * caller frees); NULL when it is neither (or out of memory). */
static char *typed_move(char **v, int n)
{
    if (n != 1 && !(n == 2 && point_word(v[0]) && point_word(v[1]))) return NULL;
    size_t len = strlen(v[0]) + (n == 2 ? strlen(v[1]) + 1 : 0) + 1;
    char *buf = malloc(len);
    if (!buf) return NULL;
    if (n == 1)
        snprintf(buf, len, "%s", v[0]);
    else
        snprintf(buf, len, "%s-%s", v[0], v[1]);
    for (char *p = buf; *p; p++)
        if (*p >= 'A' && *p <= 'Z') *p = (char)(*p | 0x20);
    return buf;
}

/* A move typed with more words: says the line and its count of words, as
 * only one move a line is played (the words cut at 80 bytes). */
static void extra_words(char **v, int n)
{
    char line[96];
    size_t len = 0;
    for (int i = 0; i < n && len < sizeof line; i++)
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", i ? " " : "", v[i]);
    if (len > 80) strcpy(line + 77, "...");
    output_line("One move a line: '%s' has %d words; type one move (c5-d6) and press Enter.", line,
                n);
}

static void user_move(Session *e, const char *word)
{
    if (e->play.thinking) {
        output_text("dablo is thinking: wait for its move, or type 'stop' to have it move now.");
        return;
    }
    EndReason why;
    GameResult r = game_result(&e->game, &why);
    if (r != RESULT_NONE) {
        output_line("The game is over (%s, %s): type 'new' or 'undo'.", game_result_string(r),
                    position_end_reason_name(why));
        return;
    }
    if (e->play.engine == (int)e->game.pos.stm) {
        output_line("It is dablo's move (%s): type 'play none' to move both sides.",
                    color_name(e->game.pos.stm));
        return;
    }
    Move m;
    char err[256], capture[256];
    const char *dash = strchr(word, '-');
    int rc = notation_parse_move(&e->game.pos, word, &m, err, sizeof err);
    if (rc < 0 && dash && !strchr(dash + 1, '-') && !strpbrk(word, "xX")) {
        /* "c5-g5" for the capture c5xg5: the person named its two ends
         * (only two: "c3-c5xc7" mixes the forms and stays refused) */
        snprintf(capture, sizeof capture, "%.*sx%s", (int)(dash - word), word, dash + 1);
        rc = notation_parse_move(&e->game.pos, capture, &m, err, sizeof err);
    }
    if (rc < 0) {
        char reason[1024];
        notation_why_not(&e->game.pos, word, reason, sizeof reason);
        static MoveList list;
        movegen_legal(&e->game.pos, &list);
        char *moves = show_moves_line(&e->game.pos, list.moves, list.n, "Legal moves:");
        output_line("%s. %s", reason, moves ? moves : "");
        free(moves);
        return;
    }
    end_analysis(e);
    if (game_play(&e->game, &m) < 0) {
        output_text("out of memory playing the move");
        return;
    }
    after_move(e);
}

/* dablo's Skill Level, 0..20. */
static int level(const Session *e)
{
    return SKILL_MAX - e->sopt.skill_weakness;
}

/* The integer argument of a play command, or false with one line that
 * says what was wrong, as setoption's errors do: "level: 21 is out of
 * range (expected an integer 0..20)" (an integer beyond 64 bits too),
 * "time: 'x' is not a number (expected an integer 1..600000)", or the
 * usage for a missing or extra word ("usage: undo <1..10000>"). */
static bool int_arg(char **v, int n, long long lo, long long hi, long long *x)
{
    if (n != 2) {
        output_line("usage: %s <%lld..%lld>", v[0], lo, hi);
        return false;
    }
    if (uci_parse_int64(v[1], x) != 0) {
        if (uci_parse_integer_syntax(v[1]))
            output_line("%s: %.*s%s is out of range (expected an integer %lld..%lld)", v[0],
                        UCI_WORD(v[1]), lo, hi);
        else
            output_line("%s: '%.*s%s' is not a number (expected an integer %lld..%lld)", v[0],
                        UCI_WORD(v[1]), lo, hi);
        return false;
    }
    if (*x >= lo && *x <= hi) return true;
    output_line("%s: %lld is out of range (expected an integer %lld..%lld)", v[0], *x, lo, hi);
    return false;
}

/* The play mode's commands, in the order help lists them. */
static const struct {
    const char *name, *usage, *help;
} play_table[] = {
    { "board", "board", "draw the board again" },
    { "undo", "undo [n]", "take back your last (n) move(s) and dablo's answers" },
    { "new", "new [dablot|tabal]", "a new game (of the other game too)" },
    { "play", "play white|black|none", "the side dablo plays (none: you move both)" },
    { "time", "time <ms>", "how long dablo thinks a move" },
    { "level", "level <0..20>", "dablo's strength (20 = full, 0 = a beginner)" },
};
enum { PLAY_NCOMMANDS = sizeof play_table / sizeof play_table[0] };

bool play_is_command(const char *word)
{
    for (int i = 0; i < PLAY_NCOMMANDS; i++)
        if (strcasecmp(word, play_table[i].name) == 0) return true;
    return false;
}

bool play_is_move(const Session *e, const char *word)
{
    char c = (char)(word[0] | 0x20), err[8];
    return (c >= 'a' && c <= 'z' && word[1] >= '0' && word[1] <= '9')
        || notation_check_form(e->game.pos.geo, word, err, sizeof err) == 0;
}

const char *const *play_commands(void)
{
    static const char *names[PLAY_NCOMMANDS + 1];
    for (int i = 0; i < PLAY_NCOMMANDS; i++)
        names[i] = play_table[i].name;
    return names;
}

/* The help line of play_table[i], with the current value of a setting. */
static void help_line(const Session *e, int i)
{
    const char *name = play_table[i].name;
    int now = strcmp(name, "time") == 0  ? e->play.movetime_ms
            : strcmp(name, "level") == 0 ? level(e)
                                         : -1;
    if (now >= 0)
        output_line("  %-28s %s (now %d)", play_table[i].usage, play_table[i].help, now);
    else
        output_line("  %-28s %s", play_table[i].usage, play_table[i].help);
}

bool play_help_topic(const Session *e, const char *topic)
{
    for (int i = 0; i < PLAY_NCOMMANDS; i++) {
        if (strcasecmp(topic, play_table[i].name) != 0) continue;
        if (e->interactive) {
            help_line(e, i);
        } else {
            /* Over a pipe or from the shell the command does not exist:
             * the protocol help's layout, and where it works. */
            output_line("%s", play_table[i].usage);
            output_line("  %s", play_table[i].help);
            output_line("  %s" PLAY_TERMINAL_ONLY, play_table[i].name);
        }
        return true;
    }
    return false;
}

bool play_execute(Session *e, char **v, int n)
{
    const char *c = v[0];
    long long x;
    char line[128];
    if (looks_like_move(c)) {
        char *typed = typed_move(v, n);
        if (typed)
            user_move(e, typed);
        else
            extra_words(v, n);
        free(typed);
    } else if (strcasecmp(c, "board") == 0) {
        if (n > 1) {
            output_text("usage: board");
            return true;
        }
        draw(e);
    } else if (strcasecmp(c, "undo") == 0) {
        x = 1;
        if (n > 1 && !int_arg(v, n, 1, PLAY_UNDO_MAX, &x)) return true;
        cancel(e);
        end_analysis(e);
        undo(e, (int)x);
    } else if (strcasecmp(c, "new") == 0) {
        cancel(e);
        if (n > 2
            || (n == 2 && strcasecmp(v[1], "dablot") != 0 && strcasecmp(v[1], "tabal") != 0)) {
            output_text("usage: new [dablot|tabal]");
            return true;
        }
        end_analysis(e);
        if (n == 2) session_set_variant(e, strcasecmp(v[1], "tabal") == 0 ? "tabal" : "dablot");
        uci_execute(e, "ucinewgame");
        play_banner(e);
        after_move(e);
    } else if (strcasecmp(c, "play") == 0) {
        static const char *const names[] = { "white", "black", "none" };
        int side = -2;
        for (int i = 0; n == 2 && i < 3; i++)
            if (strcasecmp(v[1], names[i]) == 0) side = i == 2 ? PLAY_NOBODY : i;
        if (side == -2) {
            output_text("usage: play white|black|none (the side dablo plays)");
            return true;
        }
        cancel(e);
        e->play.engine = side;
        sides(&e->play, line, sizeof line);
        output_line("Now %s.", line);
        after_move(e);
    } else if (strcasecmp(c, "time") == 0) {
        if (n == 1) {
            output_line("dablo thinks %d ms a move (time <1..%d> changes it).", e->play.movetime_ms,
                        PLAY_MOVETIME_MAX);
            return true;
        }
        if (!int_arg(v, n, 1, PLAY_MOVETIME_MAX, &x)) return true;
        e->play.movetime_ms = (int)x;
        output_line("dablo thinks %lld ms a move.", x);
    } else if (strcasecmp(c, "level") == 0) {
        if (n == 1) {
            output_line("dablo plays at level %d of 20 (level <0..20> changes it).", level(e));
            return true;
        }
        if (!int_arg(v, n, 0, 20, &x)) return true;
        snprintf(line, sizeof line, "setoption name Skill Level value %lld", x);
        uci_execute(e, line);
        output_line("dablo plays at level %lld of 20.", x);
    } else {
        return false;
    }
    return true;
}

void play_help(const Session *e)
{
    output_text("How to play: type your move and press Enter; dablo answers with its move.");
    output_text("  A step is from-to (c5-d6), a capture lists every landing point (a5xa9xc11)");
    output_text("  or, when one capture alone joins them, its two ends (a5-c11 or a5xc11);");
    output_text("  Tab completes and lists the legal moves.  On the board [X] is where the last");
    output_text("  move landed, (.) where it started and what it took.");
    for (int i = 0; i < PLAY_NCOMMANDS; i++)
        help_line(e, i);
    output_text("  stop or Ctrl-C makes dablo move now; quit or Ctrl-D leaves.");
}
