/*
 * text.h - text encodings of the match records: percent-encoding of names
 * in the results file (docs/results.md), UTF-8 repair and tag
 * escaping for PGN, and reading a field of a results line.  Stateless;
 * every function but text_field() appends to a StrBuf.
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

/* The value of key in a "k=v k=v" line of the results file (up to a
 * blank or '\n'), percent-decoded into a new string (caller frees), or
 * NULL when the line has no such key. */
char *text_field(const char *line, const char *key);

/* Appends s as valid UTF-8: invalid or overlong sequences and control
 * characters become U+FFFD; with tag != 0, '"' and '\\' are escaped with a
 * backslash (PGN tag values). */
void text_add_utf8(StrBuf *b, const char *s, int tag);

#endif
