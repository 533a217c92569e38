/*
 * terminal.h - the interactive front end: GNU readline at a terminal.
 *
 * Used only when stdin AND stdout are terminals (terminal_usable()): over a
 * pipe readline would echo the prompt and every input line to stdout and
 * corrupt the protocol (docs/engine.md, "Terminal and pipes"), so pipes get
 * no prompt and no readline at all (uci.c reads them with linereader.h).
 *
 * readline is not linked but loaded here, by dlopen() (readline_lib.h), so
 * that a start over pipes does not pay for it; when it cannot be loaded
 * the engine says why and reads plain lines (uci.c).
 *
 * At the terminal: a prompt, line editing, history kept across runs in
 * ~/.dablo_history (read at start, appended after every line, trimmed to
 * TERMINAL_HISTORY_MAX lines; any failure is silent, and without $HOME there
 * is no history file), and tab completion from a callback (completion.h:
 * commands, option names and values, legal moves).  rl_catch_signals is 0:
 * readline installs no SIGINT handler; this module's own handler turns
 * Ctrl-C into "stop" during a search and into "discard the line" at the
 * prompt.
 *
 * Search output comes from another thread, so the prompt is shown only while
 * no job runs: readline's callback interface is installed when the engine is
 * idle and removed while a job runs; during a job the terminal's echo and
 * line editing are off and the loop edits and shows the line itself
 * (lineedit.h, output_typing() of output.h), so "stop" can still be typed
 * and the job's output never splits it (docs/engine.md, "Typed during a
 * job").  Lines typed ahead (several at once) are returned
 * in order before the prompt comes back, those the terminal did not echo
 * shown after the prompt as they run, and the start of an unfinished one
 * is put at the prompt (docs/engine.md, "Typed ahead").  The job
 * thread calls terminal_notify() when it has printed its last line, and the
 * prompt comes back.
 *
 * One terminal per process (readline is global state); all functions except
 * terminal_notify() are for the command-loop thread.
 */
#ifndef DABLO_TERMINAL_H
#define DABLO_TERMINAL_H

#include <stddef.h>

enum { TERMINAL_HISTORY_MAX = 1000 };

typedef struct TerminalHooks {
    void *ctx;
    int (*busy)(void *ctx);        /* a job runs: no prompt */
    int (*pending)(void *ctx);     /* call poll() every ENGINE_POLL_MS while true */
    void (*poll)(void *ctx);
    void (*interrupt)(void *ctx);  /* Ctrl-C during a job */
    /* Candidates for the word of line starting at offset start: a
     * NULL-terminated malloc'd array of malloc'd strings (any prefix; the
     * terminal keeps those that extend what was typed), or NULL. */
    char **(*complete)(void *ctx, const char *line, int start);
    /* No job runs: called before the prompt is shown (may be NULL).
     * Returns 1 when it started a job whose end it must see (it is called
     * again at once if that job has already ended), else 0. */
    int (*idle)(void *ctx);
} TerminalHooks;

/* 1 if stdin and stdout are both terminals. */
int terminal_usable(void);

/* Loads readline (readline_lib.h), sets it up with the hooks (copied) and
 * prompt, and loads the history.  Returns 0, or -1 with the reason in err
 * (errlen bytes: the library cannot be loaded, or no pipe), and the caller
 * falls back to plain input. */
int terminal_open(const TerminalHooks *hooks, const char *prompt, char *err, size_t errlen);

/* The next input line (malloc'd, caller frees) without its newline, or
 * NULL at end of input (Ctrl-D) or when the input cannot be read
 * (terminal_read_error()).  Non-empty lines enter the history. */
char *terminal_read_line(void);

/* After terminal_read_line() returned NULL: 0 at the end of input, else
 * why the input could not be read: ENOMEM (no memory for the line typed)
 * or the errno of read(2) or poll(2). */
int terminal_read_error(void);

/* Wakes terminal_read_line() so it shows the prompt again (a job ended).
 * Async-signal-safe; does nothing when no terminal is open. */
void terminal_notify(void);

/* Saves the history, restores the terminal and the SIGINT disposition. */
void terminal_close(void);

/* The history file path ($HOME/.dablo_history) into buf; 0, or -1 when
 * $HOME is unset or empty. */
int terminal_history_path(char *buf, unsigned long len);

#endif
