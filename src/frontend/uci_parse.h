/*
 * uci_parse.h - parsing of protocol command lines (protocol/PROTOCOL.md).
 *
 * Pure functions with no engine state: split a line into words, and turn the
 * words of "position", "go" and "setoption" into values.  They never print;
 * errors come back as one-line messages.  The command loop (uci.c) and the
 * fuzz target (tests/fuzz/fuzz_protocol.c) both call them.
 *
 * Words are separated by any run of blanks (space, tab, CR, VT, FF), so
 * "\r\n" line ends, tabs and repeated spaces are accepted everywhere.
 */
#ifndef DABLO_UCI_PARSE_H
#define DABLO_UCI_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "rules/game.h"
#include "search/search.h"

/* The words of one line.  v[0..n) point into a private copy of the line. */
typedef struct Words {
    int n;
    char **v;
    char *store;
} Words;

/* Splits line into words.  Returns 0, or -1 if out of memory (w is then
 * empty).  Free with uci_parse_words_free(). */
int uci_parse_words_split(Words *w, const char *line);
void uci_parse_words_free(Words *w);

/* 1 if c is a blank for the protocol (space, \t, \r, \v, \f). */
int uci_parse_is_blank(int c);

/* A word a person or host sent, quoted in a message (PROTOCOL.md section
 * 7): cut at UCI_WORD_MAX bytes, or UCI_NAME_MAX for the name of an
 * unknown command or option, and then ending in "...".  The macros give
 * the three arguments of "%.*s%s"; s is evaluated more than once. */
enum { UCI_WORD_MAX = 40, UCI_NAME_MAX = 60 };
#define UCI_CUT(s, max)                                                                            \
    (int)(strlen(s) > (max) ? (max) : strlen(s)), (s), (strlen(s) > (max) ? "..." : "")
#define UCI_WORD(s) UCI_CUT(s, UCI_WORD_MAX)
#define UCI_NAME(s) UCI_CUT(s, UCI_NAME_MAX)

/* Up to PARSE_MAX_ERRORS messages of one command; count keeps counting past
 * that so the caller can say how many more there were.  A parser that
 * returns -1 leaves the reason it refused the command; one that returns 0
 * may leave notes of what it did instead of what was asked, which are no
 * refusal (the protocol prints them without "error:"). */
enum { PARSE_MAX_ERRORS = 4, PARSE_ERROR_LEN = 256 };
typedef struct ParseErrors {
    int count;
    char msg[PARSE_MAX_ERRORS][PARSE_ERROR_LEN];
} ParseErrors;

void uci_parse_error_add(ParseErrors *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The length of the problem a message names, without the last "; <what is
 * done instead>" part that most messages end in ("go: depth: expected an
 * integer 1..1000, got 'x'; nothing searched" -> "go: depth: expected an
 * integer 1..1000, got 'x'"); the whole length when there is none.  For a
 * caller that reports the problem in its own words. */
size_t uci_parse_error_problem(const char *msg);

/* Limits of "go" read from words v[0..n) (the words after "go").
 * Keywords: wtime btime winc binc movestogo movetime depth nodes infinite
 * ponder searchmoves <moves...> mate <n> perft <N>, any subset and order,
 * each at most once, case-insensitive.  Times in ms (a negative clock
 * counts as 0), depth in plies, nodes a 64-bit count.  Returns 0 when the
 * go may run; *errs may then hold notes (a value above its maximum lowered
 * to it, mate not supported).  Returns -1 when nothing should run: a
 * malformed go (an unknown word, a keyword given twice, a missing value, a
 * value that is not an integer, a depth or node count below 1, a negative
 * movestogo, a searchmoves with no move after it or with a word that is no
 * legal move of pos) leaves exactly one line in *errs, naming the word and
 * what was expected (PROTOCOL.md section 3.3).  searchmoves takes the
 * following words up to the next keyword, at least one.  *perft_depth is
 * set to N > 0 for "go perft N" (nothing else), to -1 for "perft" with a
 * bad or missing N or with any other word (reported; -1 is returned),
 * else 0. */
int uci_parse_go(const Position *pos, char **v, int n, SearchLimits *lim, int *perft_depth,
                 ParseErrors *errs);

/* Builds the game of "position startpos|fen <FEN> [moves m1 m2 ...]" from
 * the words after "position" for the given rules.  On success returns 0 and
 * *out is a new game (the caller frees it).  On error returns -1, *out is
 * untouched and err holds one line naming the problem: a bad FEN, or the
 * move, its index (1-based) and why it is not legal.  A bad FEN of the
 * other game says so, with switch_game and the game's name after it (the
 * protocol's UCI_SWITCH_GAME, or the terminal's words: position_fen_hint()).
 * A bare trailing "moves" is accepted.  The FEN is the words between "fen"
 * and "moves" joined by single spaces. */
#define UCI_SWITCH_GAME "setoption name Variant value "
int uci_parse_position(const Rules *rules, char **v, int n, const char *switch_game, Game *out,
                       char *err, size_t errlen);

/* Splits the words after "setoption" into the option name (the words after
 * "name" up to "value", joined by single spaces) and the value (the words
 * after "value", joined likewise; "" without "value").  Returns 0 with
 * malloc'd *name and *value (caller frees), or -1 with a message in err. */
int uci_parse_setoption(char **v, int n, char **name, char **value, char *err, size_t errlen);

/* Parses a whole decimal integer (optional sign) into *out; 0 or -1. */
int uci_parse_int64(const char *s, long long *out);

/* 1 when s is an optional sign and decimal digits only, of any length (an
 * integer too large for 64 bits, which uci_parse_int64() refuses, still
 * is one), else 0. */
int uci_parse_integer_syntax(const char *s);

#endif
