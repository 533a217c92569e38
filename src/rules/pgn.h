/*
 * pgn.h - reading game records in PGN (the format dablo-match's -pgnout and
 * dablo-web write; RULES.md notation for the moves): the tag pairs and the
 * tokens of the movetext.  One reader for every tool that reads PGN, so
 * that they agree on what a record holds (dablo-match checks a file before
 * it appends to it, dablo-web loads a game).
 *
 * Nothing is allocated and nothing is copied but a tag's value on request:
 * a tag or a token points into the caller's text, which must outlive it.
 *
 * A tag pair is '[', a name of letters, digits and '_', blanks (spaces or
 * tabs, maybe none), a value in double quotes with \" and \\ escapes, on
 * one line, blanks and ']'.  The movetext is read by a PgnLexer: blanks
 * and line ends, comments ({...}, which may span lines, and ';' to the end
 * of the line), escape lines ('%' at a line's start, to its end: PGN
 * standard section 6), move numbers ("12." or "12..." before a move or
 * alone), NAGs ("$3", and the suffix annotations "!", "?", "!!", "??",
 * "!?" and "?!" of PGN section 8.2.4 that stand for $1..$6, alone or
 * ending a move: "c5-c7!?" is the move c5-c7) and variations ("(...)",
 * nested or not, which may span lines: PGN section 8.2.5's RAVs, whose
 * moves are not the game's) are skipped; what is left is a game's result
 * (1-0, 0-1, 1/2-1/2 or *) or a move (not judged here: notation.h parses
 * it).
 */
#ifndef DABLO_PGN_H
#define DABLO_PGN_H

#include <stddef.h>

/* A tag pair as written: name and value point into the text read, the
 * value still escaped (pgn_tag_value() undoes that). */
typedef struct PgnTag {
    const char *name;
    size_t name_len;
    const char *value;
    size_t value_len;
} PgnTag;

/* Reads the tag pair that starts at p ('[' first).  Returns the bytes it
 * takes, through its ']' (> 0), with *t filled; 0 when p holds no whole
 * tag pair (*t is then undefined). */
size_t pgn_tag_pair(const char *p, PgnTag *t);

/* Reads the tag line that starts at p: one tag pair and blanks (spaces,
 * tabs, '\r') to the line's end ('\n' or the text's NUL), as dablo-match
 * writes them.  Returns the tag pair's bytes (> 0) with *t filled; 0 when
 * the line is anything else (a broken tag pair: the caller names the line
 * rather than skipping it). */
size_t pgn_tag_line(const char *p, PgnTag *t);

/* Copies the value of t unescaped into out (outlen >= 1 bytes, NUL-
 * terminated); a value that does not fit is cut at a UTF-8 character's
 * start, never inside one.  Returns 1 when the whole value was copied, 0
 * when it was cut (a caller that must not read a cut value refuses it). */
int pgn_tag_value(const PgnTag *t, char *out, size_t outlen);

/* Whether the n bytes at w are a game's result: 1-0, 0-1, 1/2-1/2 or *. */
int pgn_is_result(const char *w, size_t n);

typedef enum {
    PGN_END = 0,  /* the end of the text (a comment may still be open) */
    PGN_MOVE,     /* a move (any other token; after its move number) */
    PGN_RESULT,   /* a game's result */
    PGN_NEXT_TAG, /* a '[' outside comments: the next tag section (not taken) */
} PgnToken;

/* The state of reading movetext.  Start with { text, 0, NULL } (every
 * other member 0), text at a line's start; one that starts inside a
 * line sets mid_line.  A caller that reads line by line gives each line
 * in turn to the same lexer (setting p, and mid_line to 0 for a '%' line
 * to be an escape line), so a comment or variation open at the end of
 * one line goes on in the next; comment and rav then point into an
 * earlier line, which only a caller that keeps the whole text may read. */
typedef struct PgnLexer {
    const char *p;       /* the next byte to read; a NUL ends the text */
    int in_comment;      /* inside a {comment} not yet closed */
    const char *comment; /* its '{' while in_comment, for an error message */
    int rav_depth;       /* variations open ('(' not yet closed), 0 in the game's moves */
    const char *rav;     /* the outermost open '(' while rav_depth > 0 */
    int mid_line;        /* p is not at a line's start (a '%' there is no escape) */
} PgnLexer;

/* The next token of the movetext at lx->p; for PGN_MOVE and PGN_RESULT
 * *tok points to it (*len bytes, not NUL-terminated; a move's number and
 * its suffix annotation are not part of it).  A '}' outside any comment, or a ')' outside any
 * variation, is a move of its own (one that no notation parses).  A '['
 * is PGN_NEXT_TAG inside a variation too: the caller says the variation
 * is never closed when rav_depth > 0 then, or at PGN_END. */
PgnToken pgn_next_token(PgnLexer *lx, const char **tok, size_t *len);

#endif
