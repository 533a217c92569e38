/*
 * terminal.c - GNU readline front end (callback interface + poll); the
 * library is loaded by terminal_open() (readline_lib.h).
 */
#include "terminal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <termios.h>
#include <unistd.h>

#include "engine_thread.h"
#include "lineedit.h"
#include "linereader.h"
#include "readline_lib.h"
#include "search/output.h"

/* Bytes sent through the wake pipe. */
enum { WAKE_JOB_DONE = 'd', WAKE_SIGINT = 'i' };

static ReadlineLib RL; /* filled by terminal_open() */

static struct {
    int open;
    TerminalHooks h;
    char *prompt;
    int wake[2];               /* self-pipe: [0] read by the loop, [1] written by notify/SIGINT */
    char history[4096];
    int have_history;
    int installed;             /* readline callback handler installed (prompt shown) */
    int got_line;
    char *line;                /* line handed over by on_line (NULL = EOF) */
    LineReader cooked;         /* lines the loop read itself (readline not installed) */
    int after_cr;              /* the last byte put in cooked was a '\r' */
    int eof;                   /* the loop's own read() hit the end of input, or err */
    int err;                   /* 0, or why input stopped (terminal_read_error()) */
    size_t unechoed;           /* bytes at the front of cooked the terminal never showed */
    int job_mode;              /* a job runs: the terminal's echo and editing are off */
    struct termios saved;      /* the terminal's own mode, back after the job */
    LineEdit edit;             /* the line being typed during the job (shown by output.h) */
    struct sigaction old_sigint;
    char **cands;              /* completion candidates being offered */
    int ncands;
} T = { .wake = { -1, -1 } };

int terminal_usable(void)
{
    return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
}

int terminal_history_path(char *buf, unsigned long len)
{
    const char *home = getenv("HOME");
    if (!home || !*home) return -1;
    int n = snprintf(buf, len, "%s/.dablo_history", home);
    return n > 0 && (unsigned long)n < len ? 0 : -1;
}

void terminal_notify(void)
{
    if (T.wake[1] >= 0) {
        char b = WAKE_JOB_DONE;
        ssize_t r = write(T.wake[1], &b, 1);
        (void)r;   /* a full pipe already holds a wake-up */
    }
}

static void on_sigint(int sig)
{
    (void)sig;
    int saved = errno;
    char b = WAKE_SIGINT;
    ssize_t r = write(T.wake[1], &b, 1);
    (void)r;
    errno = saved;
}

/* readline hands over a complete line (NULL at EOF); the prompt is removed
 * so the command's output is not preceded by a fresh prompt. */
static void on_line(char *line)
{
    T.got_line = 1;
    T.line = line;
    RL.callback_handler_remove();
    T.installed = 0;
}

/* ------------------------------------------------------------ completion */

static void free_cands(void)
{
    for (int i = 0; i < T.ncands; i++) free(T.cands[i]);
    free(T.cands);
    T.cands = NULL;
    T.ncands = 0;
}

static char *generator(const char *text, int state)
{
    static int next;
    if (state == 0) next = 0;
    size_t n = strlen(text);
    while (next < T.ncands) {
        const char *c = T.cands[next++];
        if (strncasecmp(c, text, n) == 0) return strdup(c);
    }
    return NULL;
}

static char **attempt_completion(const char *text, int start, int end)
{
    (void)end;
    *RL.attempted_completion_over = 1; /* never fall back to file names */
    free_cands();
    char **c = T.h.complete ? T.h.complete(T.h.ctx, *RL.line_buffer, start) : NULL;
    if (!c) return NULL;
    T.cands = c;
    while (c[T.ncands]) T.ncands++;
    return RL.completion_matches(text, generator);
}

/* ------------------------------------------------------------- history */

/* Adds a line to the history (without trailing blanks, which completion
 * leaves behind) and appends it to the history file. */
static void remember(const char *line)
{
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t')) n--;
    if (n == 0) return;
    char *entry = strndup(line, n);
    if (!entry) return;
    HIST_ENTRY *last = *RL.history_length > 0
                         ? RL.history_get(*RL.history_base + *RL.history_length - 1)
                         : NULL;
    if (!last || strcmp(last->line, entry) != 0) {
        RL.add_history(entry);
        if (T.have_history) {
            /* append_history() needs the file to exist; creating it may fail silently */
            int fd = open(T.history, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
            if (fd >= 0) {
                close(fd);
                RL.append_history(1, T.history);
            }
        }
    }
    free(entry);
}

/* ---------------------------------------------------------------- life */

/* Input cannot go on: err (ENOMEM, or an errno of read(2) or poll(2)) is
 * what terminal_read_error() will say. */
static void input_failed(int err)
{
    T.eof = 1;
    if (!T.err) T.err = err;
}

int terminal_read_error(void)
{
    return T.err;
}

int terminal_open(const TerminalHooks *hooks, const char *prompt, char *err, size_t errlen)
{
    if (T.open) {
        snprintf(err, errlen, "the terminal is already open");
        return -1;
    }
    if (readline_lib_load(&RL, err, errlen) < 0) return -1;
    if (pipe(T.wake) < 0) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        fcntl(T.wake[i], F_SETFL, fcntl(T.wake[i], F_GETFL) | O_NONBLOCK);
        fcntl(T.wake[i], F_SETFD, FD_CLOEXEC);
    }
    T.h = *hooks;
    T.prompt = strdup(prompt);
    linereader_init(&T.cooked, -1); /* fed by read_input(): it never reads itself */
    T.after_cr = T.eof = T.err = 0;
    T.unechoed = 0;

    *RL.readline_name = "dablo";
    *RL.catch_signals = 0;
    *RL.attempted_completion_function = attempt_completion;
    *RL.completer_word_break_characters = " \t";
    RL.variable_bind("completion-ignore-case", "on");

    RL.using_history();
    RL.stifle_history(TERMINAL_HISTORY_MAX);
    T.have_history = terminal_history_path(T.history, sizeof T.history) == 0;
    if (T.have_history) RL.read_history(T.history); /* a missing file is fine */

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &T.old_sigint);
    T.open = 1;
    return 0;
}

static void leave_job_mode(void);

void terminal_close(void)
{
    if (!T.open) return;
    leave_job_mode();
    if (T.installed) {
        RL.callback_handler_remove();
        T.installed = 0;
    }
    if (T.have_history) RL.history_truncate_file(T.history, TERMINAL_HISTORY_MAX);
    sigaction(SIGINT, &T.old_sigint, NULL);
    T.open = 0;
    int w0 = T.wake[0], w1 = T.wake[1];
    T.wake[0] = T.wake[1] = -1;
    close(w0);
    close(w1);
    free(T.prompt);
    T.prompt = NULL;
    free_cands();
    linereader_free(&T.cooked);
}

/* Ctrl-C at the prompt: drop the line being edited, as a shell does. */
static void discard_line(void)
{
    if (!T.installed) return;
    RL.callback_sigcleanup();
    RL.replace_line("", 0);
    RL.crlf();
    RL.on_new_line();
    RL.redisplay();
}

/* ------------------------------------------------------ typed during a job */

/* A job starts: the terminal's echo and line editing go off (bytes come
 * as typed, Ctrl-C still signals), and the loop edits and shows the line
 * itself (lineedit.h, output_typing()), so that the job's output never
 * splits it (docs/engine.md, "Typed during a job").  Without the
 * terminal's mode nothing changes: the terminal echoes as before. */
static void enter_job_mode(void)
{
    struct termios t;
    if (T.job_mode || tcgetattr(STDIN_FILENO, &t) < 0) return;
    T.saved = t;
    lineedit_init(&T.edit, t.c_cc[VERASE], t.c_cc[VWERASE], t.c_cc[VKILL], t.c_cc[VEOF]);
    t.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    if (tcsetattr(STDIN_FILENO, TCSANOW, &t) == 0) T.job_mode = 1;
}

/* The job has ended (or input ends): the terminal's own mode is back, the
 * line being typed is erased from the screen and becomes the start of the
 * next line in T.cooked, which install() puts at the prompt. */
static void leave_job_mode(void)
{
    if (!T.job_mode) return;
    tcsetattr(STDIN_FILENO, TCSANOW, &T.saved);
    T.job_mode = 0;
    output_typing(NULL, 0);
    if (T.edit.len > 0 && linereader_append(&T.cooked, T.edit.buf, T.edit.len) < 0)
        input_failed(ENOMEM);
    lineedit_free(&T.edit);
}

/* Ctrl-C during a job: the line being typed is dropped, as the terminal
 * drops its own line. */
static void drop_typed(void)
{
    if (!T.job_mode || T.edit.len == 0) return;
    lineedit_clear(&T.edit);
    output_typing(NULL, 0);
}

/* Bytes typed during a job (T.job_mode): edited into T.edit and shown; a
 * finished line stays on the screen and goes to T.cooked. */
static void edit_input(const char *b, size_t n)
{
    int changed = 0;
    for (size_t i = 0; i < n && !T.eof; i++) {
        switch (lineedit_byte(&T.edit, (unsigned char)b[i])) {
        case EDIT_CHANGED: changed = 1; break;
        case EDIT_LINE:
            output_typing(T.edit.buf, T.edit.len);
            output_typing_done();
            if (linereader_append(&T.cooked, T.edit.buf, T.edit.len) < 0
                || linereader_append(&T.cooked, "\n", 1) < 0)
                input_failed(ENOMEM);
            lineedit_clear(&T.edit);
            changed = 0;
            break;
        case EDIT_EOF: T.eof = 1; break;
        case EDIT_NOMEM: input_failed(ENOMEM); break;
        case EDIT_SAME: break;
        }
    }
    if (changed) output_typing(T.edit.buf, T.edit.len);
}

/* Reads what the terminal has (poll() said it has something) into
 * T.cooked; readline is not installed: during a job edit_input() takes
 * it, else the terminal is in its own mode.
 * A '\r' ends a line as '\n' does ("\r\n" is one line end): bytes that
 * came while readline had the terminal raw (no ICRNL) but that it did not
 * read (typed ahead of the line it accepted) reach us as they were typed
 * once readline has restored the mode (docs/engine.md, "Typed ahead"). */
static void read_input(void)
{
    char b[4096];
    ssize_t n = read(STDIN_FILENO, b, sizeof b);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return;
    if (n < 0) {
        input_failed(errno);
        return;
    }
    if (n == 0) {
        T.eof = 1;
        return;
    }
    if (T.job_mode) {
        edit_input(b, (size_t)n);
        return;
    }
    size_t k = 0;
    for (ssize_t i = 0; i < n; i++) {
        char c = b[i];
        if (c == '\n' && T.after_cr) {
            T.after_cr = 0;
            continue;
        }
        T.after_cr = c == '\r';
        b[k++] = c == '\r' ? '\n' : c;
    }
    if (linereader_append(&T.cooked, b, k) < 0) input_failed(ENOMEM);
}

/* Reads the bytes readline left in the terminal after the line it accepted
 * (typed ahead of it) into T.cooked, at once after readline handed the
 * terminal back: they came while readline had it, which echoes nothing, so
 * the terminal never showed them; bytes typed from now on, during a job,
 * the terminal echoes itself (docs/engine.md, "Typed ahead").  T.cooked is
 * empty here: install() took what was left in it. */
static void take_typed_ahead(void)
{
    struct pollfd p = { .fd = STDIN_FILENO, .events = POLLIN };
    while (!T.eof && poll(&p, 1, 0) > 0 && (p.revents & POLLIN))
        read_input();
    T.unechoed = linereader_pending(&T.cooked);
}

/* The next line buffered in T.cooked (linereader_has_line() is 1), as
 * terminal_read_line() returns it.  A line with bytes the terminal never
 * echoed (take_typed_ahead()) is shown after the prompt, as if typed
 * there, whether a job runs or not; a line typed during a job was echoed
 * as it was typed and is not shown again. */
static char *buffered_line(void)
{
    char *line;
    size_t len, before = linereader_pending(&T.cooked);
    if (linereader_next(&T.cooked, &line, &len) != LINE_OK) line = "";
    size_t used = before - linereader_pending(&T.cooked);
    if (T.unechoed > 0) output_line("%s%s", T.prompt, line);
    T.unechoed -= used < T.unechoed ? used : T.unechoed;
    remember(line);
    char *copy = strdup(line);
    if (!copy) input_failed(ENOMEM);
    return copy;
}

/* Installs readline's handler (the prompt) with the start of a line typed
 * ahead, if any, as the text being edited. */
static void install(void)
{
    RL.callback_handler_install(T.prompt, on_line);
    T.installed = 1;
    size_t len;
    char *rest = linereader_take_rest(&T.cooked, &len);
    T.unechoed = 0;
    if (rest && len > 0) {
        RL.insert_text(rest);
        RL.redisplay();
    }
}

char *terminal_read_line(void)
{
    for (;;) {
        int busy = T.h.busy(T.h.ctx);
        /* idle() may start a job (the engine's reply) that ends before
         * busy() is asked: its end's wake-up would then come with the
         * prompt shown, and idle() would never see it. */
        if (!T.installed && T.h.idle)
            while (!busy && T.h.idle(T.h.ctx))
                busy = T.h.busy(T.h.ctx);
        /* Lines read ahead go first, whether a job runs or not. */
        if (linereader_has_line(&T.cooked)) return buffered_line();
        if (T.err) return NULL; /* what was read of the line is not a line */
        if (T.eof) { /* Ctrl-D: a line typed before it still counts */
            size_t len;
            char *rest = linereader_take_rest(&T.cooked, &len);
            T.unechoed = 0;
            if (rest && len > 0) {
                remember(rest);
                char *copy = strdup(rest);
                if (!copy) input_failed(ENOMEM);
                return copy;
            }
            return NULL;
        }
        if (!busy && !T.installed) {
            leave_job_mode();
            install();
        } else if (busy && T.installed) {
            RL.callback_handler_remove();
            T.installed = 0;
        }
        if (busy) enter_job_mode();
        struct pollfd p[2] = {
            { .fd = STDIN_FILENO, .events = POLLIN },
            { .fd = T.wake[0], .events = POLLIN },
        };
        int r = poll(p, 2, T.h.pending(T.h.ctx) ? ENGINE_POLL_MS : -1);
        if (r < 0) {
            if (errno == EINTR) continue;
            input_failed(errno);
            return NULL;
        }
        if (r == 0) {
            T.h.poll(T.h.ctx);
            continue;
        }
        if (p[1].revents & POLLIN) {
            char b[64];
            ssize_t n = read(T.wake[0], b, sizeof b);
            for (ssize_t i = 0; i < n; i++) {
                if (b[i] != WAKE_SIGINT) continue;
                drop_typed();
                if (T.h.busy(T.h.ctx)) T.h.interrupt(T.h.ctx);
                else discard_line();
            }
            continue;
        }
        if (!(p[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        if (!T.installed) {
            /* the terminal's own (cooked) mode: one read() never blocks
             * after poll(), and a line may come in pieces */
            read_input();
            continue;
        }
        /* readline reads one byte at a time and accepts at most one line
         * here; what follows it stays in the terminal for the next read */
        RL.callback_read_char();
        if (T.got_line) {
            T.got_line = 0;
            if (!T.line) {   /* Ctrl-D on an empty line */
                fputc('\n', stdout);
                fflush(stdout);
                return NULL;
            }
            take_typed_ahead();
            remember(T.line);
            return T.line;
        }
    }
}
