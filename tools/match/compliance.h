/*
 * compliance.h - dablo-match -compliance: walks one engine through the
 * protocol of protocol/PROTOCOL.md and says, step by step, whether it
 * answers as the document says (fastchess's --compliance does the same for
 * UCI).  For engine authors: a host (dablo-match, dablo-web) relies on
 * every one of these answers.
 *
 * The steps, in order (PROTOCOL.md sections in brackets): the handshake
 * uci..uciok and isready..readyok with an id name [3.1]; a Variant option
 * that lists the game [4]; setoption Variant answered with the start FEN
 * of RULES.md section 5 [3.1]; isready and ucinewgame [3.1]; position
 * startpos with steps, position fen with a full capture path and with its
 * short form, a position with an illegal move refused and the previous one
 * kept [2.2, 3.2]; a finished position and a threefold repetition answered
 * by "bestmove (none)" [3.3, 8.6]; every go form: depth, nodes, movetime,
 * the clocks of both sides with increments, movestogo, searchmoves [3.3];
 * isready during a search [6.3]; go infinite ended by stop, with the stop
 * latency [6.2]; go ponder ended by ponderhit [3.3]; quit, and the end of
 * input during a search [1.3].  Every search must end in exactly one
 * bestmove, a legal move in the protocol's notation (judged with the rules
 * library), after an info line with a score [5].
 *
 * Each step prints one line, "pass", "FAIL" or "skip", its name and what
 * it saw; then a summary line.  A step that leaves the engine dead (it
 * crashed, or was killed after not answering) restarts it for the next
 * step; when even the handshake fails, the remaining steps are skipped.
 * Every wait has a deadline and a failed wait names what it waited for.
 */
#ifndef DABLO_MATCH_COMPLIANCE_H
#define DABLO_MATCH_COMPLIANCE_H

#include <stddef.h>
#include <stdio.h>
#include "rules/notation.h"
#include "rules/rules.h"

/* A stop answered later than this fails the stop step (PROTOCOL.md 6.2
 * promises 50 ms; the bound leaves room for a loaded machine). */
enum { COMPLIANCE_STOP_BOUND_MS = 500 };

/* Moves the steps send, found with the rules library for one variant. */
enum { COMPLIANCE_REPETITION_MAX = 12 };
typedef struct ComplianceCases {
    char steps[2][MOVE_STR_MAX];       /* a White step from the start, then a Black step */
    char searchmoves[2][MOVE_STR_MAX]; /* two legal moves after steps[] (go searchmoves) */
    char capture_fen[160];             /* White to move with a capture of two jumps */
    char capture_path[MOVE_STR_MAX];   /* its full path ... */
    char capture_short[16];            /* ... and its short form "fromxto" */
    const char *finished_fen;          /* a position that ends the game by itself */
    /* Plies back and forth that end in a threefold repetition, from the
     * start (Dablot) or from a position of kings (Tabal). */
    char repetition[COMPLIANCE_REPETITION_MAX][MOVE_STR_MAX];
    int nrepetition;
} ComplianceCases;

/* Fills *k for rules->variant.  Returns 0, or -1 with a reason in err
 * (only when the rules library disagrees with the built-in positions). */
int compliance_cases(ComplianceCases *k, const Rules *rules, char *err, size_t errlen);

/* Judges the move of a bestmove line answering a search of pos:
 * finished (pos ends the game) wants "(none)"; otherwise the move must be
 * legal in pos and written as a full path (PROTOCOL.md 2.2: the short
 * form is input only).  Returns 0, or -1 with what is wrong in why. */
int compliance_judge_move(const Position *pos, int finished, const char *move, char *why,
                          size_t whylen);

/* Runs the check for the command line argv[0..argc) (without the program
 * name; "-compliance SETTINGS" somewhere in it, see --help), printing the
 * steps and the summary to out and errors to stderr.  Returns the exit
 * status: 0 when every step passed, 1 when one failed, 2 for a bad
 * command line or an engine that cannot be run. */
int compliance_main(int argc, char *const argv[], FILE *out);

#endif
