/*
 * lineedit.h - the line typed at the terminal while a job (a search, a
 * perft, a bench) runs.
 *
 * During a job the terminal is read byte by byte with its own echo and
 * line editing off (terminal.c), so that the loop shows what is typed
 * itself, through output_typing() (output.h), and a search's line never
 * splits it (docs/engine.md, "Typed during a job").  This is the editing
 * the terminal would have done: bytes from ' ' up (UTF-8 included) are
 * added, a tab as a space; the terminal's erase character (and Backspace,
 * DEL) takes back a character, its word-erase character a word, its kill
 * character the line; Enter ('\r' or '\n'; "\r\n" is one) ends the line;
 * the end-of-file character on an empty line is the end of input.  Other
 * control bytes and the escape sequences of keys such as the arrows are
 * dropped.
 *
 * The text being typed is buf[0..len), NUL-terminated (buf may be NULL
 * while len is 0).  Not thread-safe: the command loop's alone.
 */
#ifndef DABLO_LINEEDIT_H
#define DABLO_LINEEDIT_H

#include <stddef.h>

typedef struct LineEdit {
    char *buf;
    size_t len, cap;
    unsigned char erase, werase, kill, eof; /* the terminal's characters (0: none) */
    int esc;      /* 0; 1 after ESC; 2 in "ESC [" ... final byte; 3 after "ESC O" */
    int after_cr; /* the last byte was a '\r' (a '\n' after it is the same Enter) */
} LineEdit;

typedef enum {
    EDIT_SAME = 0, /* nothing changed */
    EDIT_CHANGED,  /* the text changed */
    EDIT_LINE,     /* Enter: the line is buf[0..len); lineedit_clear() after taking it */
    EDIT_EOF,      /* the end-of-file character on an empty line */
    EDIT_NOMEM,    /* out of memory: the byte was dropped */
} EditResult;

/* Starts an empty line with the terminal's erase, word-erase, kill and
 * end-of-file characters (termios c_cc[VERASE], [VWERASE], [VKILL],
 * [VEOF]; 0 for none). */
void lineedit_init(LineEdit *le, unsigned char erase, unsigned char werase, unsigned char kill,
                   unsigned char eof);

/* Takes one byte typed.  A byte that does not fit (out of memory) is
 * dropped (EDIT_NOMEM). */
EditResult lineedit_byte(LineEdit *le, unsigned char c);

/* Empties the line (the buffer is kept). */
void lineedit_clear(LineEdit *le);

/* Frees the buffer; the line is empty. */
void lineedit_free(LineEdit *le);

#endif
