/*
 * uci.h - the engine's command loop: a UCI-like text protocol on stdin and
 * stdout (the full specification is protocol/PROTOCOL.md).
 *
 * An Session holds everything the protocol knows: the rule options, the
 * current game (start position and moves, so the search sees the repetition
 * history), the search with its options, and the job thread.  Commands are
 * dispatched through one readable table of names and handler functions
 * (uci.c).  Only the command-loop thread touches an Session; the job thread
 * works on copies (engine_thread.h).
 *
 * All output goes through output.h (whole lines, flushed, thread-safe).
 */
#ifndef DABLO_UCI_H
#define DABLO_UCI_H

#include <stdbool.h>
#include <stddef.h>

#include "engine_thread.h"
#include "play.h"
#include "rules/game.h"
#include "rules/rules.h"
#include "search/search.h"
#include "tb/tb_probe.h"

#include "rules/version.h"
#define DABLO_AUTHOR "the dablo developers"

typedef struct Session {
    Rules rules;             /* rule options, Variant included */
    Game game;               /* the current game ("position") */
    Search *search;          /* created by session_init */
    size_t hash_mib;         /* Hash option, MiB */
    SearchOptions sopt;      /* Threads, MultiPV, MoveOverhead */
    bool ponder;             /* Ponder option */
    EngineThread worker;     /* runs go / go perft / bench */
    bool quit;               /* "quit" was given (or EOF) */
    bool interactive;        /* reading from a terminal */
    PlayState play;          /* the play mode at the terminal (play.h) */
    char tb_path[256];       /* TablebasePath, "" = none */
    TbSet tb;                /* its tables for the current rules (sopt.tb) */
    TbSet tb_next;           /* tables opened during a search, for the next one */
    bool tb_next_ready;      /* tb_next waits for session_adopt_tablebases */
    char tb_told[4096];      /* refusals said since TablebasePath was set, one a line */
} Session;

/* Sets up an engine with default options and the Dablot start position.
 * on_done (may be NULL) is called from the job thread after a job's last
 * line.  Returns 0, or -1 if out of memory (a message has been printed). */
int session_init(Session *e, void (*on_done)(void *), void *ctx);

/* Stops any job, waits for it, frees everything. */
void session_free(Session *e);

/* Puts the tables opened while a search ran (TablebasePath, or a change of
 * the rules, during a search: PROTOCOL.md section 6.3, they apply to later
 * searches) in place of the engine's, once no job runs; called before each
 * search.  Does nothing when none wait. */
void session_adopt_tablebases(Session *e);

/* Executes one command line (any blanks, any length).  Sets e->quit on
 * "quit".  Long jobs start in the job thread and return at once. */
void uci_execute(Session *e, const char *line);

/* Ends the session as "quit" does: stops a search (its bestmove is
 * printed) or perft and waits for it; a running bench is left to the exit. */
void uci_quit(Session *e);

/* Reads and executes commands from stdin until "quit" or EOF (EOF acts
 * as "quit").  With use_terminal, stdin and stdout being terminals, GNU
 * readline gives a prompt, editing, history and completion (terminal.h),
 * the play mode (play.h), and messages for a person (output_for_people());
 * otherwise lines are read plainly with no prompt (also at a terminal when
 * readline cannot be loaded: one line to stderr says why).  Returns the
 * exit status: 0, or 1 when reading (plain or at the terminal) stopped on a
 * read error or for want of memory for a line ("dablo: stdin: ..." on
 * stderr; then as EOF). */
int uci_loop(Session *e, bool use_terminal);

/* The Variant option without its answer line: name is "dablot" or "tabal"
 * (as option_check_value() spells it); the game restarts from that game's
 * start position. */
void session_set_variant(Session *e, const char *name);

/* True when "help <topic>" has help for topic (case-insensitive): "protocol",
 * a protocol command or a play command of the terminal (play.h). */
bool uci_help_topic_known(const char *topic);

/* Room for uci_help_topics()'s list, its '\0' included. */
#define UCI_HELP_TOPICS_LEN 512

/* Writes the topics "help" takes into buf (size bytes, cut to fit, always
 * '\0'-terminated when size > 0), comma-separated: "protocol" and the
 * protocol commands, with the play commands first when e->interactive,
 * else last after "; at the terminal: ". */
void uci_help_topics(const Session *e, char *buf, size_t size);

/* Names of the protocol commands, NULL-terminated (for completion). */
const char *const *uci_command_names(void);

#endif
