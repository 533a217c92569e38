/*
 * text.h - text encodings of the match records: percent-encoding of names
 * in the results file (docs/results.md), UTF-8 repair and tag
 * escaping for PGN.  Stateless; every function appends to a StrBuf.
 */
#ifndef DABLO_MATCH_TEXT_H
#define DABLO_MATCH_TEXT_H

#include "host/strbuf.h"

/* Appends s to b with every byte <= 0x20, '%', '=' and 0x7f
 * percent-encoded (%20, %25, ...), so a name never breaks a key=value
 * line of the results file. */
void text_add_percent(StrBuf *b, const char *s);

/* Decodes %XX escapes of s into a new string (caller frees). */
char *text_percent_decode(const char *s);

/* Appends s as valid UTF-8: invalid or overlong sequences and control
 * characters become U+FFFD; with tag != 0, '"' and '\\' are escaped with a
 * backslash (PGN tag values). */
void text_add_utf8(StrBuf *b, const char *s, int tag);

#endif
