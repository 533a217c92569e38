/*
 * lineedit.c - editing the line typed during a job (lineedit.h).
 */
#include "lineedit.h"

#include <stdlib.h>
#include <string.h>

enum { ESC = 0x1b, DEL = 0x7f, BS = 0x08 };

void lineedit_init(LineEdit *le, unsigned char erase, unsigned char werase, unsigned char kill,
                   unsigned char eof)
{
    memset(le, 0, sizeof *le);
    le->erase = erase;
    le->werase = werase;
    le->kill = kill;
    le->eof = eof;
}

void lineedit_clear(LineEdit *le)
{
    le->len = 0;
    if (le->buf) le->buf[0] = '\0';
    le->esc = 0;
}

void lineedit_free(LineEdit *le)
{
    free(le->buf);
    le->buf = NULL;
    le->len = le->cap = 0;
}

static EditResult add(LineEdit *le, char c)
{
    if (le->len + 2 > le->cap) {
        size_t cap = le->cap ? le->cap * 2 : 64;
        char *b = realloc(le->buf, cap);
        if (!b) return EDIT_NOMEM;
        le->buf = b;
        le->cap = cap;
    }
    le->buf[le->len++] = c;
    le->buf[le->len] = '\0';
    return EDIT_CHANGED;
}

/* Removes the last character: a UTF-8 sequence whole. */
static void erase_char(LineEdit *le)
{
    while (le->len > 0 && ((unsigned char)le->buf[le->len - 1] & 0xC0) == 0x80)
        le->len--;
    if (le->len > 0) le->len--;
}

EditResult lineedit_byte(LineEdit *le, unsigned char c)
{
    int after_cr = le->after_cr;
    le->after_cr = c == '\r';
    if (le->esc == 1) { /* ESC then '[' (CSI), 'O' (SS3), or an Alt-key */
        le->esc = c == '[' ? 2 : c == 'O' ? 3 : 0;
        return EDIT_SAME;
    }
    if (le->esc == 2) { /* parameters and intermediates, up to the final byte */
        if (c < 0x20 || c > 0x3f) le->esc = 0;
        return EDIT_SAME;
    }
    if (le->esc == 3) {
        le->esc = 0;
        return EDIT_SAME;
    }
    if (c == '\n' && after_cr) return EDIT_SAME;
    if (c == '\r' || c == '\n') return EDIT_LINE;
    size_t before = le->len;
    if (c == ESC) {
        le->esc = 1;
    } else if ((le->erase && c == le->erase) || c == DEL || c == BS) {
        erase_char(le);
    } else if (le->werase && c == le->werase) {
        while (le->len > 0 && le->buf[le->len - 1] == ' ')
            le->len--;
        while (le->len > 0 && le->buf[le->len - 1] != ' ')
            le->len--;
    } else if (le->kill && c == le->kill) {
        le->len = 0;
    } else if (le->eof && c == le->eof) {
        return le->len == 0 ? EDIT_EOF : EDIT_SAME;
    } else if (c == '\t') {
        return add(le, ' ');
    } else if (c >= 0x20) {
        return add(le, (char)c);
    }
    if (le->len == before) return EDIT_SAME;
    le->buf[le->len] = '\0';
    return EDIT_CHANGED;
}
