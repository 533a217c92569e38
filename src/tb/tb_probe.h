/*
 * tb_probe.h - the tables of one rule set in a directory, and probes.
 *
 * tb_set_open() scans a directory for the files of its rules tag
 * (tb_file.h: "<tag>-<signature>.dtb"), maps and checks each one, and keeps
 * those that pass; a file that fails is refused (counted, its message
 * kept in refused) and never read.  The set is then read-only (but for
 * the mark of a table found broken by a probe, TbSet.on_broken): probes
 * from several threads need no lock (each thread keeps its own
 * decompressed blocks).
 *
 * A position is "in the tables" when its signature has a table, or its
 * game is over by the rules (no legal move, RULES.md sections 1-2; the
 * kings-only draw and the game-ending options of section 1): those need
 * no table.  The DrawPlies counter of the position is not looked at.
 */
#ifndef DABLO_TB_PROBE_H
#define DABLO_TB_PROBE_H
#include <stdbool.h>
#include "rules/movegen.h"
#include "tb_file.h"

typedef struct TbSet {
    Rules rules;
    uint64_t id;             /* this opening's number in the program (caches tell sets apart) */
    int n, nrefused, nshown; /* tables kept; files refused; of those, named */
    int max_pieces; /* most pieces of any table, 0 if none */
    TbFile *files;
    /* The refusal messages, each naming its file, joined by "; "; those
     * that do not fit are counted: "(and N more)". */
    char refused[2048];
    /* Called once for each table that a probe finds unreadable (changed on
     * disk, a block that does not decompress, an impossible entry) with a
     * line naming the file and why; NULL for none.  The table is left
     * alone from then on (its probes return -1).  May be called from any
     * thread that probes. */
    void (*on_broken)(const char *msg);
} TbSet;

/* Opens the tables for rules r in dir.  Returns the number kept (0 is
 * fine), or -1 with a message in err if dir cannot be read.  Free with
 * tb_set_close() (also after -1). */
int tb_set_open(TbSet *set, const char *dir, const Rules *r, char *err, size_t errlen);
void tb_set_close(TbSet *set);

/* The entry of a position over by the rules (RULES.md sections 1-2: the
 * game-ending rules read from the position, a side to move without
 * pieces or without moves) with distance 0: returns 0 and sets *e, or 1
 * when the game goes on. */
int tb_probe_terminal(const Position *pos, uint16_t *e);

/* The table entry of pos (tb_file.h): 0 found; 1 not in the tables (no
 * table of its signature, or pos has other rules than the set); -1 the
 * table could not be read, or held an impossible entry (tb_entry_valid()):
 * it is marked broken and TbSet.on_broken told, once; or this thread's
 * first probe found no memory for its 128 KiB of decompressed blocks.  Positions over by the rules
 * give their verdict with distance 0. */
int tb_set_probe(const TbSet *set, const Position *pos, uint16_t *e);

/* Whether a move counts as zeroing for the tables' distance: a capture,
 * or in Tabal a man's step to another rank or onto its far base (where it
 * is crowned, RULES.md section 2).  A Tabal man's sideways step
 * also resets the DrawPlies counter (RULES.md section 3) but can be undone:
 * counted as zeroing it would let a "shortest" win go round in circles
 * (threefold repetition), so the distance runs to the next move that can
 * never be undone, and never exceeds the true distance to a reset. */
bool tb_move_zeroing(const Position *pos, const Move *m);

/* The value of a move for the side that makes it, given the entry of the
 * position it leads to: the negated value; distance 1 for a zeroing move
 * into a win or loss (101 into a cursed win or blessed loss, so the
 * distance decides which side of DrawPlies a result falls), otherwise 1 +
 * the successor's distance. */
uint16_t tb_move_entry(bool zeroing, uint16_t succ);
/* Whether a is the better entry of two moves for the mover: higher value,
 * then among wins the shorter distance, among losses the longer. */
bool tb_entry_better(uint16_t a, uint16_t b);

/* The result of a game from a table position under its DrawPlies
 * counter, for the side to move, worst first: decided (TB_RESULT_LOSS,
 * _DRAW, _WIN, the same numbers as TbWdl's TB_LOSS, TB_DRAW, TB_WIN) or
 * undecided, when the tables cannot tell within the search bound of
 * tb_set_verdict(): _LOSS_OR_DRAW and _WIN_OR_DRAW.  The other side's is
 * tb_result_negate(). */
typedef enum {
    TB_RESULT_LOSS = 0,
    TB_RESULT_LOSS_OR_DRAW = 1,
    TB_RESULT_DRAW = 2,
    TB_RESULT_WIN_OR_DRAW = 3,
    TB_RESULT_WIN = 4
} TbResult;
static inline TbResult tb_result_negate(TbResult r)
{
    return (TbResult)(4 - (int)r);
}
static inline bool tb_result_decided(TbResult r)
{
    return r == TB_RESULT_LOSS || r == TB_RESULT_DRAW || r == TB_RESULT_WIN;
}

/* The result of a game from a position with entry e whose DrawPlies
 * counter stands at plies (RULES.md section 3; draw_plies the limit, 0 =
 * off): TB_WIN, TB_DRAW or TB_LOSS for the side to move.  With the limit
 * off a cursed win is a win and a blessed loss a loss.  Otherwise a win
 * stays a win only while plies + distance <= draw_plies (the winner
 * reaches the next zeroing move in time), a loss a loss likewise (the
 * loser cannot delay past the limit); beyond it, and for cursed wins and
 * blessed losses, the game is a draw.  A position over by the rules
 * (distance 0) keeps its verdict.  Exact for the limit the tables were
 * built for (TB_DRAW_PLIES) and for 0, except where tb_counted_exact()
 * says not; the Syzygy tables of chess are read the same way (their WDL
 * ignores the counter, their DTZ with it decides at the root). */
TbWdl tb_wdl_counted(uint16_t e, int plies, int draw_plies);

/* Whether tb_wdl_counted() of entry e at pos's counter is pos's result.
 * It is, except in Tabal under DrawPlies TB_DRAW_PLIES for a win or loss
 * with counter + distance > TB_DRAW_PLIES (counter below the limit) while
 * a man is on the board: a man's sideways step resets the counter
 * (RULES.md section 3) but is not
 * zeroing for the distance (tb_move_zeroing()), so the winner may still
 * reset the counter in time by one, now or some plies on.  Cheap: no
 * probe. */
bool tb_counted_exact(const Position *pos, uint16_t e);

typedef struct TbRootMove {
    Move move;
    uint16_t e; /* tb_move_entry() of the move */
    /* The result of the move for its mover: the negated result of the
     * position it leads to at the counter the move leaves (0 after a move
     * that resets it by RULES.md section 3, else one more), as
     * tb_set_verdict() finds it. */
    TbResult v;
} TbRootMove;
/* Every legal move of pos with its entry, best first: the higher result
 * v, then the better entry (stable: equal ones keep generation order).
 * Returns the number of moves, or -1 if a successor is not in the tables
 * or cannot be read. */
int tb_set_root(const TbSet *set, const Position *pos, TbRootMove *out, int cap);
/* Whether two root moves are equally good (the best moves are those equal
 * to the first). */
bool tb_root_equal(const TbRootMove *a, const TbRootMove *b);

/* The table entry of pos (as tb_set_probe()) and its result under its
 * DrawPlies counter, the one every user of the tables reports (`d`,
 * `dablo-tb probe`, the engine's root and tree, dablo-match -tb): for a
 * position over by the rules its verdict; where tb_counted_exact() holds,
 * tb_wdl_counted(); otherwise the best over its moves (tb_set_root()) of
 * the negated result of each successor at the counter the move leaves,
 * which is found by a bounded game tree (docs/tablebases.md, "The
 * DrawPlies counter"): a draw entry is a draw at every counter; a
 * successor at counter 0 (after a capture or a man's step) has its exact
 * entry (no Tabal distance exceeds 100); a king move raises the counter;
 * at TB_DRAW_PLIES the game is drawn unless over by the rules (the order
 * of game_result()); the winner looks only at moves into positions whose
 * entry it still wins.  Each successor's tree is searched by iterative
 * deepening within a budget of TB_COUNTER_WORK probes and nodes (a memo
 * of the positions met saves repeating them); when that runs
 * out the result is undecided (TB_RESULT_WIN_OR_DRAW or _LOSS_OR_DRAW),
 * never guessed.  Deterministic: the same position gives the same result
 * by every path (each thread keeps its last such verdicts, which changes
 * only the time).  Returns 0, 1 (not in the tables) or -1 (a table cannot
 * be read, or no memory). */
enum { TB_COUNTER_WORK = 5000 };
int tb_set_verdict(const TbSet *set, const Position *pos, uint16_t *e, TbResult *v);
/* The verdict in words, as `d`, `dablo-tb probe` and dablo-match print
 * it: "win 17" when v is what the entry says without a counter (a cursed
 * win and a blessed loss read as themselves: "cursed-win 120"), else v
 * and the entry: "draw (win 3 past DrawPlies)", "win (cursed-win 120
 * with DrawPlies off)", and for an undecided v "unknown (win 60 past
 * DrawPlies: the tables cannot decide at this counter)". */
void tb_verdict_string(uint16_t e, TbResult v, char *buf, size_t len);
#endif
