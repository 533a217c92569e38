/*
 * main.c - bin/dablo: the engine.
 *
 *   bin/dablo                 speak the protocol on stdin/stdout (a prompt
 *                             with readline when both are terminals)
 *   bin/dablo --plain         the same, never using readline
 *   bin/dablo <command...>    run one protocol command (the arguments joined
 *                             by spaces, e.g. "bin/dablo bench" or
 *                             bin/dablo go perft 5), wait for it, exit
 *   bin/dablo --variant tabal <command...>
 *                             the same in that game (setoption Variant first)
 *   bin/dablo --help | -h     usage() and the protocol's command list (the
 *                             source of the man page: help2man, Makefile)
 *   bin/dablo --version | -v  "dablo <version>"
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "options.h"
#include "play.h"
#include "search/output.h"
#include "terminal.h"
#include "uci.h"
#include "uci_parse.h"
#include "util/outstream.h"

/* The --help text before the protocol's command list, in the layout help2man
 * reads: Usage and or lines, paragraphs, an Options: list. */
static const char usage[] =
    "Usage: dablo [--plain] [--variant NAME]\n"
    "  or:  dablo [--plain] [--variant NAME] COMMAND [ARGUMENT...]\n"
    "  or:  dablo --help | --version\n"
    "\n"
    "The engine of dablo for Dablot Prejjesne and Permainan-Tabal (RULES.md).  Without a\n"
    "command it speaks the dablo protocol, UCI-like (protocol/PROTOCOL.md), on standard\n"
    "input and output, with a readline prompt, history and completion when both are a\n"
    "terminal.  With a command it runs that one protocol command (the words joined by\n"
    "spaces), waits for it to finish and exits: 'dablo go perft 5', 'dablo go depth 10',\n"
    "'dablo bench', 'dablo --variant tabal go perft 6'.\n"
    "\n"
    "Exit status: 0 on success, 1 when the command reported an error, 2 on a bad command\n"
    "line (an unknown option, command or help topic, a malformed go, or a go that only stop\n"
    "would end).\n"
    "\n"
    "Options:\n"
    "  --plain        speak the protocol without readline, even at a terminal\n"
    "  --variant NAME start in that game: dablot or tabal (the Variant option), once\n"
    "  -h, --help     print this help, the protocol's commands and options, and exit\n"
    "  -v, --version  print \"dablo VERSION\" and exit\n"
    "\n";

static void job_done(void *ctx)
{
    (void)ctx;
    terminal_notify();
}

/* Writes "dablo: " fmt to stderr with its one %s argument word made
 * printable (output_printable): argv is whatever the shell passed. */
static void complain(const char *fmt, const char *word)
{
    char *w = output_printable_copy(word);
    if (!w) return;
    fputs("dablo: ", stderr);
    fprintf(stderr, fmt, w);
    free(w);
}

/* The command of the arguments: they are joined and split into words in
 * w as the protocol splits a line (the one place blanks are dropped, a
 * blank argument with them), and the words joined again by single spaces
 * are the line returned (malloc'd; "" for no word), which error lines
 * quote.  NULL when out of memory (w is then empty). */
static char *command_line(int argc, char **argv, Words *w)
{
    size_t len = 1;
    for (int i = 0; i < argc; i++) len += strlen(argv[i]) + 1;
    char *s = malloc(len), *end = s;
    memset(w, 0, sizeof *w);
    if (!s) return NULL;
    for (int i = 0; i < argc; i++)
        end += sprintf(end, "%s ", argv[i]);
    *end = '\0';
    if (uci_parse_words_split(w, s) < 0) {
        free(s);
        return NULL;
    }
    end = s;
    for (int i = 0; i < w->n; i++)
        end += sprintf(end, "%s%s", i ? " " : "", w->v[i]);
    *end = '\0';
    return s;
}

/* True when the one-shot command v[0..n) is a malformed "go" (a "go
 * perft" without one depth 1..100 among them) or one that only "stop"
 * would end (infinite, ponder, or no depth, nodes, movetime or clock of
 * the side to move), read by the protocol's own go parser.  Then nothing
 * runs, and stderr says why: a malformed go's one error line without the
 * "; nothing searched" of a running engine (a bad depth says so, not that
 * no depth was given); else the go's notes, each without its last part,
 * and that only stop would end it. */
static bool endless_go(Session *e, int n, char **v, const char *cmd)
{
    if (n < 1 || strcasecmp(v[0], "go") != 0)
        return false;
    static SearchLimits lim;   /* large (searchmoves) */
    ParseErrors pe = { 0 };
    int perft_depth;
    Color stm = e->game.pos.stm;
    int rc = uci_parse_go(&e->game.pos, v + 1, n - 1, &lim, &perft_depth, &pe);
    if (perft_depth > 0) return false;
    if (rc == 0 && !lim.infinite && !lim.ponder
        && (lim.depth || lim.nodes || lim.movetime || lim.time[stm] >= 0))
        return false;
    for (int i = 0; i < pe.count && i < PARSE_MAX_ERRORS; i++) {
        char problem[PARSE_ERROR_LEN];
        snprintf(problem, sizeof problem, "%.*s", (int)uci_parse_error_problem(pe.msg[i]),
                 pe.msg[i]);
        complain("%s\n", problem);
    }
    if (pe.count > PARSE_MAX_ERRORS) /* only notes come more than one (rc == 0) */
        fprintf(stderr, "dablo: ... and %d more note%s in this command\n",
                pe.count - PARSE_MAX_ERRORS, pe.count - PARSE_MAX_ERRORS == 1 ? "" : "s");
    if (rc == 0)
        complain("'%s' would search until 'stop', which a command line cannot send; give depth, "
                 "nodes or movetime\n",
                 cmd);
    return true;
}

/* True when word is one of the NULL-terminated names (case-insensitive, as
 * the protocol reads a command). */
static bool named_in(const char *word, const char *const *names)
{
    for (const char *const *c = names; *c; c++)
        if (strcasecmp(word, *c) == 0) return true;
    return false;
}

int main(int argc, char **argv)
{
    /* SIGPIPE is ignored from here on: a host that closes our stdout makes
     * output.c drop the lines and the input loop end (uci.c), or a one-shot
     * command's job stop (engine_thread_wait()).  A write to stdout that
     * failed otherwise (a full disk) gives exit status 1 and "dablo: cannot
     * write stdout: CAUSE" at exit. */
    outstream_check_stdout("dablo");

    int plain = 0, first = 1;
    const char *variant = NULL;
    for (;;) {
        if (first < argc && strcmp(argv[first], "--plain") == 0) {
            plain = 1;
            first++;
        } else if (first < argc && strcmp(argv[first], "--variant") == 0) {
            if (first + 1 >= argc) {
                complain("%s needs a game: dablot or tabal\n", argv[first]);
                return 2;
            }
            if (variant) { /* the second would win in silence */
                complain("%s given twice\n", argv[first]);
                return 2;
            }
            variant = argv[first + 1];
            first += 2;
        } else {
            break;
        }
    }
    bool version = first < argc
                && (!strcmp(argv[first], "--version") || !strcmp(argv[first], "-v"));
    bool help = first < argc && (!strcmp(argv[first], "--help") || !strcmp(argv[first], "-h"));
    if ((version || help) && first + 1 < argc) {
        complain("unexpected argument '%s' after --version or --help\n", argv[first + 1]);
        return 2;
    }
    if (version) {
        printf("dablo %s\n", DABLO_VERSION);
        return 0;
    }
    if (help)
        fputs(usage, stdout);
    else if (first < argc && argv[first][0] == '-') {
        complain("unknown option '%s' (try --help)\n", argv[first]);
        return 2;
    }
    if (variant) {
        /* A bad game is a command-line error (stderr, exit 2), judged by the
         * option's own check, so the two can never disagree. */
        char canon[64], why[256];
        if (option_check_value(option_find("Variant"), variant, canon, sizeof canon, why,
                               sizeof why)
            < 0) {
            complain("%s\n", why);
            return 2;
        }
    }
    Session e;
    if (session_init(&e, job_done, NULL) < 0) return 1;
    if (variant) {
        /* The option's own parser judges the name, so the two can never disagree.
         * Play mode shows its line as the prompt's setoption does (PROTOCOL.md 1.4). */
        bool people = first >= argc && !help && !plain && terminal_usable();
        char *set = malloc(strlen(variant) + 32);
        if (!set) return 1;
        sprintf(set, "setoption name Variant value %s", variant);
        output_for_people(people);
        uci_execute(&e, set);
        output_for_people(false);
        free(set);
        if (output_error_count()) {
            session_free(&e);
            return 2;
        }
    }
    if (help) {
        uci_execute(&e, "help");
        session_free(&e);
        return 0;
    }

    if (first < argc) {
        /* The command is the words of the joined arguments, as the protocol
         * splits a line: an empty or blank argument adds none, and no word
         * at all is an empty line, ignored (PROTOCOL.md section 1.1). */
        Words w;
        char *cmd = command_line(argc - first, argv + first, &w);
        if (!cmd) return 1;
        int rc = 0;
        int late = first + 1;
        while (late < argc && strncmp(argv[late], "--", 2) != 0)
            late++;
        if (late < argc) {
            /* No protocol word starts with "--": an option typed after the
             * command would be an ignored word, and the command would run
             * for the wrong game. */
            complain("option '%s' must come before the command (try --help)\n", argv[late]);
            rc = 2;
        } else if (w.n > 0 && w.v[0][0] == '#') {
            /* a comment, ignored as a '#' line over pipes is (uci_execute) */
        } else if (w.n > 0 && play_is_command(w.v[0])) {
            complain("%s" PLAY_TERMINAL_ONLY "\n", w.v[0]);
            rc = 2;
        } else if (w.n > 0 && !named_in(w.v[0], uci_command_names()) && play_is_move(&e, w.v[0])) {
            /* over pipes the unknown command's line says as much */
            complain("%s" PLAY_MOVE_TERMINAL_ONLY "\n", w.v[0]);
            rc = 2;
        } else if (w.n > 0 && !named_in(w.v[0], uci_command_names())) {
            complain("unknown command '%s' (try --help)\n", w.v[0]);
            rc = 2;
        } else if (w.n > 1 && strcasecmp(w.v[0], "help") == 0 && !uci_help_topic_known(w.v[1])) {
            /* A usage error here, as an unknown command is; over pipes it
             * stays the protocol's error line (PROTOCOL.md section 3.4). */
            char topics[UCI_HELP_TOPICS_LEN], fmt[UCI_HELP_TOPICS_LEN + 64];
            uci_help_topics(&e, topics, sizeof topics);
            snprintf(fmt, sizeof fmt, "help: unknown topic '%%s' (topics: %s)\n", topics);
            complain(fmt, w.v[1]);
            rc = 2;
        } else if (w.n > 0 && endless_go(&e, w.n, w.v, cmd)) {
            rc = 2;
        } else if (w.n > 0) {
            uci_execute(&e, cmd);
            /* The job finishes on its own, unless a line of it cannot be
             * written (a closed pipe, a full disk): then it is stopped at
             * once, and the check at exit names a cause other than EPIPE
             * (exit 1), as the input loop ends (PROTOCOL.md section 1.3). */
            engine_thread_wait(&e.worker, WAIT_OUTPUT);
            rc = output_error_count() ? 1 : 0;
        }
        uci_parse_words_free(&w);
        free(cmd);
        session_free(&e);
        return rc;
    }

    int rc = uci_loop(&e, !plain);
    if (engine_thread_job(&e.worker) == JOB_BENCH)
        _exit(rc);   /* a bench cannot be stopped: leave it to the exit */
    session_free(&e);
    return rc;
}
