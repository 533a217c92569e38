/*
 * bom.h - the UTF-8 byte-order mark (EF BB BF) that some editors save
 * before the first line of a text file.  Every reader of text skips it at
 * the start of its input: the engine's first input line, and the tools'
 * results, PGN and openings files and a FEN given as an argument.  Inline,
 * so that the engine and the host library share it without a link.
 */
#ifndef DABLO_UTIL_BOM_H
#define DABLO_UTIL_BOM_H

#include <stddef.h>
#include <string.h>

/* The length of the byte-order mark at the start of s (NUL-terminated):
 * 3 when s starts with one, else 0.  Thread-safe, no state. */
static inline size_t util_bom_len(const char *s)
{
    return strncmp(s, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

#endif
