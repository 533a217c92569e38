/*
 * readline_lib.h - GNU readline, loaded when the terminal needs it.
 *
 * bin/dablo is not linked to readline: the library (with libtinfo, which
 * it needs) is opened by dlopen() only when the engine starts at a
 * terminal (terminal.h).  Over pipes, as a GUI or match runner starts it,
 * the dynamic loader never maps or relocates it: linked, its relocations
 * and symbol look-ups were 81% of the instructions from start to `uciok`
 * (docs/speed.md, "Start-up").
 *
 * The library loaded is READLINE_SONAME, by default "libreadline.so.N"
 * with N the RL_VERSION_MAJOR of the header the build compiled against
 * (Debian: libreadline.so.8 of libreadline8); the build may name another
 * (make READLINE_SONAME=..., a soname or a path).  Every function and
 * variable terminal.c uses is looked up at once (RTLD_NOW), each checked
 * at compile time against the header's declaration, so a library that
 * lacks one is refused whole, never half used.
 *
 * One ReadlineLib a process, filled once by the command-loop thread; the
 * library stays loaded to the exit.
 */
#ifndef DABLO_READLINE_LIB_H
#define DABLO_READLINE_LIB_H

#include <stddef.h>
#include <stdio.h>

#include <readline/history.h>
#include <readline/readline.h>

/* The functions and variables of readline that terminal.c uses; a variable
 * is a pointer to the library's own. */
typedef struct ReadlineLib {
    void (*callback_handler_install)(const char *, rl_vcpfunc_t *);
    void (*callback_read_char)(void);
    void (*callback_handler_remove)(void);
    void (*callback_sigcleanup)(void);
    void (*replace_line)(const char *, int);
    int (*insert_text)(const char *);
    int (*crlf)(void);
    int (*on_new_line)(void);
    void (*redisplay)(void);
    char **(*completion_matches)(const char *, rl_compentry_func_t *);
    int (*variable_bind)(const char *, const char *);
    void (*using_history)(void);
    void (*stifle_history)(int);
    int (*read_history)(const char *);
    int (*append_history)(int, const char *);
    int (*history_truncate_file)(const char *, int);
    void (*add_history)(const char *);
    HIST_ENTRY *(*history_get)(int);
    const char **readline_name;
    int *catch_signals;
    rl_completion_func_t **attempted_completion_function;
    const char **completer_word_break_characters;
    int *attempted_completion_over;
    char **line_buffer;
    int *history_length;
    int *history_base;
} ReadlineLib;

/* Opens the library and fills *rl.  Returns 0, or -1 with *rl untouched
 * and the reason in err (errlen bytes, NUL-terminated): the loader's own
 * message (the file is missing, or it lacks a symbol).  A second call
 * after a success returns the same library. */
int readline_lib_load(ReadlineLib *rl, char *err, size_t errlen);

#endif
