/*
 * position.h - a game position: pieces, side to move, counters and hash.
 *
 * The pieces are kept twice: as bitboards by colour and by piece type (for
 * the move generator) and as a per-point array of piece codes (for lookups).
 * position_make()/position_unmake() update both and the Zobrist key
 * incrementally; the invariants, checked by the tests, are
 *   - key == position_compute_key(pos) after any sequence of make/unmake;
 *   - unmake(make(pos)) restores pos bit for bit.
 * The position carries a copy of its Rules (rules.h), so a Position is
 * everything the move generator needs.  Repetition history lives in game.h
 * and in the search, not here.
 */
#ifndef DABLO_POSITION_H
#define DABLO_POSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "bitboard.h"
#include "geometry.h"
#include "rules.h"

typedef enum { WHITE = 0, BLACK = 1 } Color;

/* Ranks of RULES.md section 1: a piece captures pieces of equal or lower
 * rank.  Tabal uses MAN and KING only. */
typedef enum { MAN = 0, PRINCE = 1, KING = 2, PIECE_TYPE_NB = 3 } PieceType;

/* Piece codes in Position.board: 0 = empty, else 1 + 3 * colour + type. */
enum { EMPTY = 0, PIECE_CODE_NB = 7 };

static inline int piece_make(Color c, PieceType t) { return 1 + 3 * (int)c + (int)t; }
/* Colour and type of a code 0..PIECE_CODE_NB-1, by table (the move
 * generator and make/unmake ask for them at every piece): the same as
 * (code - 1) / 3 and (code - 1) % 3, so EMPTY gives WHITE and -1. */
static inline Color piece_color(int code)
{
    static const int8_t color_of[PIECE_CODE_NB] = { 0, 0, 0, 0, 1, 1, 1 };
    return (Color)color_of[code];
}
static inline PieceType piece_type(int code)
{
    static const int8_t type_of[PIECE_CODE_NB] = { -1, 0, 1, 2, 0, 1, 2 };
    return (PieceType)type_of[code];
}

/* A move (RULES.md section 4): start point, end point and the set of
 * points of the pieces it captures (empty for a step).  Two capture paths
 * with the same three are the same move.  The path printed for a capture is
 * recovered by notation.h. */
typedef struct Move {
    Bitboard captured;
    uint8_t from, to;
} Move;

static inline int move_is_capture(const Move *m) { return m->captured != 0; }
static inline int move_equal(const Move *a, const Move *b)
{
    return a->from == b->from && a->to == b->to && a->captured == b->captured;
}

typedef struct Position {
    Rules rules;
    const Geometry *geo;
    Bitboard by_color[2];
    Bitboard by_type[PIECE_TYPE_NB];
    uint8_t board[MAX_POINTS];
    Color stm;
    int draw_plies;      /* plies counted for DrawPlies (FEN field 3), >= 0 */
    int move_number;     /* FEN field 4, >= 1 */
    uint64_t key;        /* Zobrist key of pieces and side to move */
} Position;

/* What position_unmake() needs to restore a position exactly. */
typedef struct Undo {
    Bitboard captured_type[PIECE_TYPE_NB]; /* captures only: the taken pieces by type */
    uint64_t key;
    int draw_plies;
    int move_number;
    uint8_t piece;       /* code of the moving piece before the move */
} Undo;

/* Sets pos to the start position of rules->variant with those rules. */
void position_start(Position *pos, const Rules *rules);

/* The largest value of either FEN counter (fields 3 and 4, nine digits):
 * position_set_fen reads at most this, and the FEN writer writes a counter
 * above it as this (in the writer, not in position_make: no cost a move),
 * so every FEN written is one the parser reads. */
enum { POSITION_COUNTER_MAX = 999999999 };

/* The start FEN of a variant (RULES.md section 5). */
const char *position_start_fen(Variant v);

/* Parses a FEN-like position (RULES.md section 5) for rules->variant.
 * Returns 0 on success.  On error returns -1, writes a one-line message
 * naming the field and the problem into err (errlen bytes) and leaves pos
 * untouched.  Accepts the fields separated by one or more spaces/tabs;
 * fields 3 and 4 may be omitted (then 0 and 1).  Refuses more pieces of
 * a side than it starts with: in Dablot more than 28 men, one prince or
 * one king, in Tabal more than 16 men and kings together (RULES.md
 * sections 1-2: a side never gains pieces). */
int position_set_fen(Position *pos, const Rules *rules, const char *fen, char *err, size_t errlen);

/* The hint for a FEN refused under rules that is a position of the other
 * game (under its default rules), or whose points (field 1) are a board
 * of the other game and not of rules' game though a later field is bad
 * (a missing side to move, a bad counter): " (is this a Tabal FEN? <how>tabal)"
 * into buf (len bytes; POSITION_HINT_LEN are enough for a how of up to 48
 * bytes), how being the caller's way to choose the game, to which the
 * game's lowercase name is appended: "-variant " (dablo-svg, dablo-tb,
 * dablo-match), "setoption name Variant value " (the engine), "set
 * variant to " (dablo-web's /api/new), "set the Variant tag to " (its PGN
 * loader).  "" when fen is one of rules' game, or of neither.  Every
 * program that reads a FEN appends it to its error, so a Dablot FEN given
 * for Tabal says what it is and how to switch.  Returns buf. */
enum { POSITION_HINT_LEN = 96 };
const char *position_fen_hint(const Rules *rules, const char *fen, const char *how, char *buf,
                              size_t len);

/* The same with names[the other game's Variant] appended to how instead
 * of its lowercase name, for a program whose option names a game
 * otherwise (dablo-tune gen: "-game " and "dablot:classic"); names NULL
 * is position_fen_hint().  Each name up to 24 bytes. */
const char *position_fen_hint_as(const Rules *rules, const char *fen, const char *how,
                                 const char *const names[VARIANT_NB], char *buf, size_t len);

/* Writes the FEN of pos into buf (at most len bytes, always terminated);
 * 160 bytes are always enough. */
void position_fen(const Position *pos, char *buf, size_t len);

/* Plays a legal move (from movegen.h).  Removes captured pieces, crowns a
 * Tabal man that ends on its far base, updates the counters (each stays at
 * POSITION_COUNTER_MAX once there) and the key. */
void position_make(Position *pos, const Move *m, Undo *u);

/* The piece sets of a position without its board array, counters and
 * key: what counting the moves (movegen_count_after) reads. */
typedef struct PieceSets {
    Bitboard by_color[2];
    Bitboard by_type[PIECE_TYPE_NB];
    Color stm;
} PieceSets;

/* position_code_after[v][code][p]: the code of a piece of `code` after
 * its move ends on p (a Tabal man on its far base is crowned, RULES.md
 * section 2).  Filled once by position_init_tables(), read-only after. */
extern uint8_t position_code_after[VARIANT_NB][PIECE_CODE_NB][MAX_POINTS];

/* Fills *s with the sets position_make(pos, m) would leave in pos, for a
 * legal move m of pos (captures removed, a Tabal man on its far base
 * crowned, the other side to move); pos is not changed.  Inline: the
 * move counter calls it at every child of perft's last two plies. */
static inline void position_sets_after(const Position *pos, const Move *m, PieceSets *s)
{
    int from = m->from, to = m->to;
    int piece = pos->board[from], moved = position_code_after[pos->rules.variant][piece][to];
    Color us = pos->stm, them = (Color)(us ^ 1);
    Bitboard keep = ~m->captured, fb = bb_bit(from), tb = bb_bit(to);
    PieceType before = piece_type(piece), after = piece_type(moved);
    for (int t = 0; t < PIECE_TYPE_NB; t++)
        s->by_type[t] = (pos->by_type[t] & keep) ^ (t == (int)before ? fb : 0)
                      ^ (t == (int)after ? tb : 0);
    s->by_color[us] = pos->by_color[us] ^ fb ^ tb;
    s->by_color[them] = pos->by_color[them] & keep;
    s->stm = them;
}

/* Takes back the move made with position_make(m, u). */
void position_unmake(Position *pos, const Move *m, const Undo *u);

/* Fills the tables position_make() and the keys read (once, thread-safe).
 * position_set_fen() and position_start() call it; code that builds a
 * Position field by field (the endgame table index) calls it first. */
void position_init_tables(void);

/* Zobrist key computed from scratch (for tests and for set_fen). */
uint64_t position_compute_key(const Position *pos);

/* Changes the rules of pos (same variant only; returns -1 if the variant
 * differs and leaves pos unchanged). */
int position_set_rules(Position *pos, const Rules *rules);

/* Why a game is over by a rule of RULES.md sections 1-3. */
typedef enum {
    END_NONE = 0,
    END_NO_MOVES,             /* side to move has no legal move: it loses */
    END_KINGS_ONLY,           /* Dablot: only the two kings left: draw */
    END_KING_CAPTURED,        /* Dablot KingCaptureEnds: side without king loses */
    END_KING_AND_PRINCE,      /* Dablot KingAndPrinceCaptureEnds */
    END_REPETITION,           /* threefold repetition: draw (game.h) */
    END_DRAW_PLIES            /* DrawPlies reached: draw (game.h) */
} EndReason;

/* Game end read from the position alone, before move generation
 * (RULES.md sections 1 "End of the game" and 4): kings-only draw and the
 * game-ending options.  Returns END_NONE or the reason; *loser receives the
 * losing colour, or -1 for a draw.  No-legal-move is not tested here. */
EndReason position_end_by_rule(const Position *pos, int *loser);

/* False when position_end_by_rule() is sure to return END_NONE: Tabal, or
 * Dablot without a game-ending option and with more than two pieces.  An
 * inline test, so the move generator calls the full one only where a game
 * may have ended; the first form reads the rules and the two colours'
 * sets (PieceSets.by_color) alone. */
static inline bool position_sets_may_end_by_rule(const Rules *rules, const Bitboard by_color[2])
{
    return rules->variant == VARIANT_DABLOT
        && (rules->king_capture_ends || rules->king_and_prince_capture_ends
            || bb_count(by_color[WHITE] | by_color[BLACK]) <= 2);
}
static inline bool position_may_end_by_rule(const Position *pos)
{
    return position_sets_may_end_by_rule(&pos->rules, pos->by_color);
}

/* Short English name of an end reason ("no legal move", ...). */
const char *position_end_reason_name(EndReason r);

#endif
