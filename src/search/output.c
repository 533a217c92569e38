/*
 * output.c - whole-line, flushed, thread-safe writes to stdout.
 */
#include "output.h"
#include "util/outstream.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned error_lines;   /* error lines written, under out_lock */
static bool for_people;        /* output_for_people(), under out_lock */
/* The line being typed (output_typing()), shown after the last line
 * written; printable, typing_len bytes (0: none).  Under out_lock. */
static char *typing;
static size_t typing_len, typing_cap;

/* Error lines (PROTOCOL.md): "info string error..." and "info string
 * unknown command...". */
static bool is_error_line(const char *line)
{
    static const char err[] = "info string error", unknown[] = "info string unknown command";
    return strncmp(line, err, sizeof err - 1) == 0 || strncmp(line, unknown, sizeof unknown - 1) == 0;
}

static void write_all(const char *s, size_t n)
{
    while (n) {
        ssize_t w = write(STDOUT_FILENO, s, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            /* The host went away (EPIPE) or the output cannot be written
             * (ENOSPC, EBADF): the line is lost; the input loop ends
             * (uci.c) and the check at exit names the cause. */
            outstream_stdout_failed(errno);
            return;
        }
        s += w;
        n -= (size_t)w;
    }
}

/* Length of the valid UTF-8 sequence at s (2..4) of a character safe to
 * show, or 0 if it is not one: RFC 3629 (no overlong forms, no
 * surrogates, nothing above U+10FFFF), and not a C1 control (U+0080..
 * U+009F, which terminals obey) nor a bidirectional override or isolate
 * (U+202A..U+202E, U+2066..U+2069, which reorder what follows). */
static size_t utf8_len(const unsigned char *s, size_t left)
{
    unsigned c = s[0];
    size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (n == 0 || n > left)
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] > 0x9f)
        || (c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] > 0x8f))
        return 0;
    if (c == 0xc2 && s[1] <= 0x9f)
        return 0;
    if (c == 0xe2 && ((s[1] == 0x80 && s[2] >= 0xaa && s[2] <= 0xae)
                      || (s[1] == 0x81 && s[2] >= 0xa6 && s[2] <= 0xa9)))
        return 0;
    return n;
}

/* Takes the typed text away: back to the start of its first row and erase
 * to the end of the screen (ANSI CUU, ED), as it is the last thing shown.
 * A text wider than the terminal wraps onto more rows: the cursor, after
 * its last character, is (width - 1) / columns rows below its start (a
 * full last row leaves the cursor on it, the VT100's pending wrap).  Its
 * width is one column a character (every byte but UTF-8's continuation
 * bytes), the terminal's columns are read now (TIOCGWINSZ; none known:
 * one row).  Under out_lock. */
static void erase_typing(void)
{
    size_t width = 0;
    for (size_t i = 0; i < typing_len; i++)
        width += ((unsigned char)typing[i] & 0xc0) != 0x80;
    struct winsize ws;
    size_t cols = ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 ? ws.ws_col : 0;
    size_t up = cols && width ? (width - 1) / cols : 0;
    char seq[48];
    int n = up ? snprintf(seq, sizeof seq, "\r\033[%zuA\033[J", up)
               : snprintf(seq, sizeof seq, "\r\033[J");
    write_all(seq, (size_t)n);
}

void output_printable(char *buf, const char *line, size_t n)
{
    const unsigned char *s = (const unsigned char *)line;
    for (size_t i = 0; i < n; ) {
        if (s[i] < 0x80) {
            buf[i] = s[i] < 0x20 || s[i] == 0x7f ? '?' : (char)s[i];
            i++;
            continue;
        }
        size_t k = utf8_len(s + i, n - i);
        if (k == 0) {
            buf[i++] = '?';
            continue;
        }
        memcpy(buf + i, s + i, k);
        i += k;
    }
}

char *output_printable_copy(const char *s)
{
    size_t n = strlen(s);
    char *buf = malloc(n + 1);
    if (!buf) return NULL;
    output_printable(buf, s, n);
    buf[n] = '\0';
    return buf;
}

void output_stderr(const char *program, const char *fmt, ...)
{
    char raw[2048], msg[2048];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    size_t len = n < 0 ? 0 : (size_t)n < sizeof raw ? (size_t)n : sizeof raw - 1;
    output_printable(msg, raw, len);
    msg[len] = '\0';
    fprintf(stderr, "%s: %s\n", program, msg);
}

void output_for_people(bool on)
{
    pthread_mutex_lock(&out_lock);
    for_people = on;
    pthread_mutex_unlock(&out_lock);
}

void output_text(const char *line)
{
    static const char info_string[] = "info string ";
    size_t n = strlen(line);
    char stackbuf[1024];
    char *buf = n + 1 <= sizeof stackbuf ? stackbuf : malloc(n + 1);
    if (!buf) return;
    output_printable(buf, line, n);
    buf[n] = '\n';
    pthread_mutex_lock(&out_lock);
    if (is_error_line(line))
        error_lines++;
    size_t skip = for_people && strncmp(line, info_string, sizeof info_string - 1) == 0
                    ? sizeof info_string - 1
                    : 0;
    fflush(stdout);   /* anything a library printed through stdio goes first */
    if (typing_len) erase_typing();
    write_all(buf + skip, n + 1 - skip);
    if (typing_len) write_all(typing, typing_len);
    pthread_mutex_unlock(&out_lock);
    if (buf != stackbuf) free(buf);
}

void output_line(const char *fmt, ...)
{
    char buf[65536];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    output_text(buf);
}

void output_typing(const char *text, size_t n)
{
    pthread_mutex_lock(&out_lock);
    if (n > typing_cap) {
        char *t = realloc(typing, n);
        if (!t)
            n = 0; /* show nothing rather than a part */
        else {
            typing = t;
            typing_cap = n;
        }
    }
    fflush(stdout);
    if (typing_len || n) erase_typing();
    if (n) output_printable(typing, text, n);
    typing_len = n;
    write_all(typing, typing_len);
    pthread_mutex_unlock(&out_lock);
}

void output_typing_done(void)
{
    pthread_mutex_lock(&out_lock);
    fflush(stdout);
    write_all("\n", 1);
    typing_len = 0;
    pthread_mutex_unlock(&out_lock);
}

unsigned output_error_count(void)
{
    pthread_mutex_lock(&out_lock);
    unsigned n = error_lines;
    pthread_mutex_unlock(&out_lock);
    return n;
}
