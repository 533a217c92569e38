/*
 * completion.h - what tab completion offers at the terminal (terminal.h):
 * command names; after "setoption" the word "name", the option names (also
 * the two-word "Clear Hash"), "value" and the option's values; after
 * "position" startpos/fen, the current FEN and "moves", and after "moves"
 * the legal moves of the position reached by the moves already typed; after
 * "go" its keywords, and after "searchmoves" the legal moves of the current
 * position.  In the play mode (moves_first) the first word may also be a
 * play command or a legal move, and "help" may take "protocol".
 */
#ifndef DABLO_COMPLETION_H
#define DABLO_COMPLETION_H

#include <stdbool.h>

#include "rules/game.h"
#include "rules/rules.h"

/* What completion reads: the command names (NULL-terminated), the rule
 * options and the current game.  Borrowed, never changed. */
typedef struct CompletionContext {
    const char *const *commands;
    const Rules *rules;
    const Game *game;
    bool moves_first; /* the first word may also be a legal move (play mode) */
} CompletionContext;

/* Candidates for the word of line that starts at offset start (the words
 * before it give the context): a NULL-terminated malloc'd array of malloc'd
 * strings, each the whole replacement of that word (the caller keeps those
 * extending what was typed), or NULL when there is nothing to offer. */
char **completion_candidates(const CompletionContext *cx, const char *line, int start);

#endif
