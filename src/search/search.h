/*
 * search.h - the engine's search: iterative deepening, PVS alpha-beta with a
 * transposition table, quiescence, time management and a parallel search
 * (YBWC).
 *
 * Contract with the protocol layer (uci.c):
 *   - search_run() blocks until the search ends (limits reached, stop,
 *     or a finished game); the protocol calls it from its own search thread.
 *   - During the search it prints "info ..." lines through output.h; it
 *     never prints "bestmove": the caller prints that from *best, which is
 *     always the first move of the last PV printed of MultiPV line 1 (with
 *     MultiPV or a Skill Level, lines 2.. may follow it: docs/skill.md).
 *   - search_stop() and search_ponderhit() may be called from any thread
 *     while search_run() is running; they only set atomic flags.
 *   - Options (Hash, Threads, ...) are changed only while no search runs.
 */
#ifndef DABLO_SEARCH_H
#define DABLO_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "rules/game.h"
#include "rules/movegen.h"

/* Limits of one "go" command.  A field left at its "not given" value does
 * not limit the search. */
typedef struct SearchLimits {
    int64_t time[2];       /* ms left on the clock, [WHITE]/[BLACK]; -1 = not given */
    int64_t inc[2];        /* ms increment per move; 0 = none */
    int movestogo;         /* moves to the next time control; 0 = not given */
    int64_t movetime;      /* ms for this move exactly; 0 = not given */
    int depth;             /* plies; 0 = not given */
    uint64_t nodes;        /* 0 = not given */
    bool infinite;         /* search until "stop" */
    bool ponder;           /* search while the opponent thinks, until ponderhit/stop */
    int nsearchmoves;      /* 0 = all legal moves */
    int64_t start_us;      /* timeman_now_us() (timeman.h) when "go" arrived, so the
                            * time spent starting the search counts; 0 = when
                            * search_run() begins */
    Move searchmoves[MAX_MOVES];
} SearchLimits;

/* The Contempt option's bound, in hundredths of a man (a man = 100). */
enum { CONTEMPT_MAX = 500 };

/* The TradeBonus option's bound and default, in hundredths of a man (a
 * macro, so that the option table can print it); the default was chosen by
 * the Dablot proxy (docs/strength.md, "Trading down"). */
enum { TRADE_BONUS_MAX = 1000 };
#define TRADE_BONUS_DEFAULT 300

/* Whether TradeBonus applies under rules r: in Dablot under optional
 * captures only, where a side may decline every exchange (RULES.md section
 * 1; Tabal's captures, and those of Dablot's compulsory rules, are not
 * declined).  The search reads it (trade_bonus_at()); the protocol notes
 * a TradeBonus set where it does not apply (PROTOCOL.md section 4). */
static inline bool search_trade_bonus_applies(const Rules *r)
{
    return r->variant == VARIANT_DABLOT && r->captures == CAPTURES_OPTIONAL;
}

/* Session options the search reads (the protocol owns their parsing). */
struct TbSet;
typedef struct SearchOptions {
    int threads;           /* 1..256 */
    int multipv;           /* 1..256 */
    int move_overhead;     /* ms subtracted for communication, 0..5000 */
    int skill_weakness;    /* 20 - Skill Level: 0 = full strength .. 20 (skill.h) */
    int contempt;          /* Contempt: a draw below the root scores -contempt for the
                            * side to move at the root and +contempt for the other, in
                            * hundredths of a man, -CONTEMPT_MAX..CONTEMPT_MAX
                            * (Stockfish's draw value; endgame-table draws stay 0) */
    int trade_bonus;       /* TradeBonus: in Dablot under optional captures, the
                            * root's side gains trade_bonus x (pieces gone of the
                            * 60) / 60 on every static score and draw in the
                            * tree, in hundredths of a man, 0..TRADE_BONUS_MAX
                            * (docs/engine.md, "Trading down") */
    const struct TbSet *tb; /* endgame tables (tb/tb_probe.h), NULL = none; the
                             * caller keeps them open while a search runs */
} SearchOptions;

typedef struct Search Search;

/* Creates a search with a TT of hash_mib MiB (1..65536).  NULL if out of memory. */
Search *search_new(size_t hash_mib);
void search_free(Search *s);

/* Resizes the TT to mib MiB (clears it).  Returns 0, or -1 if the memory
 * cannot be had (the old table is kept). */
int search_set_hash(Search *s, size_t mib);

/* Clears the TT and all learned move-ordering tables (ucinewgame, Clear Hash). */
void search_clear(Search *s);

/* Searches the current position of game g (its key history is used for
 * repetition draws) within limits.  Writes the best move to *best and the
 * expected reply to *ponder (ponder->from == ponder->to == 0 and no capture
 * when there is none).  Returns 0, or -1 when the position has no legal
 * move (then "bestmove (none)" is the answer; one info line with the score
 * of the finished game has been printed), or 1 when the answer function
 * (search_set_answer) has already given the bestmove. */
int search_run(Search *s, const Game *g, const SearchLimits *limits,
               const SearchOptions *opt, Move *best, Move *ponder);

/* Asks a running search to stop as soon as possible (thread-safe); the
 * best move found so far is answered (if the stop comes before any move was
 * scored, the first move in move-ordering order, with its static score).
 * search_run() forgets any earlier stop when it starts: a caller that may
 * call this before the search thread has entered search_run() repeats it
 * until search_run() returns. */
void search_stop(Search *s);

/* The opponent played the pondered move: switch from pondering to the
 * normal time limits, the clock counting from this call (thread-safe;
 * forgotten like a stop when search_run() starts). */
void search_ponderhit(Search *s);

/* Prints the evaluation breakdown of pos (one "info string" line per term)
 * for the protocol's "eval" command. */
void search_eval_report(const Position *pos);

/* What the last search_run() found, for bench, tests and tools. */
typedef struct SearchInfo {
    int depth;             /* last completed iteration, plies (0 = none) */
    int seldepth;          /* deepest ply reached */
    int score;             /* side to move's view, hundredths of a man; a
                              decided game is +-(32000 - plies to its end) */
    int mate;              /* moves to the end of a decided game (negative
                              when losing), 0 when not decided */
    uint64_t nodes;        /* all threads */
    uint64_t tbhits;       /* positions found in the endgame tables */
    int64_t time_ms;
    Move best;
} SearchInfo;

void search_last_info(const Search *s, SearchInfo *out);

/* Who gives the bestmove when the search thread is late: a stop
 * (search_stop) or the hard time limit that the search thread has not
 * answered within ANSWER_GRACE_NS (params.h), because it is
 * waiting for a CPU, is answered at once by the search's timer thread,
 * which calls fn(ctx, best, ponder) with the first move and the reply of
 * the last completed iteration's line 1 (its info line was the last one
 * printed); search_run() then returns 1 and prints nothing more.  Without
 * a completed iteration, under Skill Level or in quiet searches, the
 * search thread answers as always.  The moves belong to the search (copy
 * them); fn runs on the timer thread.  A node or depth limit is never
 * answered early, so fixed-node searches stay reproducible.  fn NULL: off
 * (the default). */
typedef void (*SearchAnswerFn)(void *ctx, const Move *best, const Move *ponder);
void search_set_answer(Search *s, SearchAnswerFn fn, void *ctx);

/* quiet = true: search_run() prints no "info" lines (bench, self-play). */
void search_set_quiet(Search *s, bool quiet);

/* The "bench" command: fixed positions of both games to a fixed depth,
 * 16 MiB hash, one thread; prints per-position results and the totals
 * (see bench.c).  depth 0 = the default.  Returns the total node count. */
uint64_t search_bench(int depth);

/* The table size of the bench, MiB (its node counts hold for this size). */
enum { SEARCH_BENCH_HASH_MIB = 16 };

/* search_bench() on the caller's search s (made with
 * search_new(SEARCH_BENCH_HASH_MIB) for the standard counts; cleared
 * before each position, left quiet), so that another thread can stop it:
 * when *stop (NULL: never) is set, the position being searched is not
 * printed (search_stop(s) ends its search early), no later one is
 * searched, and "info string bench stopped after I of N positions" is
 * printed instead of the totals.  Returns the nodes of the positions
 * printed. */
uint64_t search_bench_run(Search *s, int depth, const atomic_int *stop);

#endif
