/*
 * tc.h - time controls and the clocks a host keeps for each side.
 *
 * A time control is "moves/time+inc" as in cutechess-cli: `time` is the
 * base in seconds ("60", "0.5") or minutes:seconds ("1:30"), `moves` the
 * moves of one period (absent = the whole game), `inc` the increment in
 * seconds ("+0.1"; absent = 0).  "inf" means no clock.  Examples: 40/60+0.6,
 * 10+0.1, 0+5, 1:30, inf.
 *
 * Clock accounting (the host's rule, the same for every engine):
 *   - a clock starts at the base time;
 *   - just before the host writes "go" for an engine's move, that
 *     engine's increment is added to its clock (so the first "go" of 10+1
 *     shows 11000 ms and 0+5 is playable); opening plies are not played by
 *     the engines and earn nothing;
 *   - with moves/time, the base is added again before the engine's move
 *     number moves+1, 2*moves+1, ... (counting only that engine's own
 *     moves in this game), and "movestogo" tells how many moves remain in
 *     the period including this one;
 *   - the time used is measured by the host on the monotonic clock from
 *     the end of the "go" write to the read of "bestmove" and subtracted;
 *   - the move is lost on time when the clock falls below -timemargin;
 *     otherwise a negative clock is set to 0.
 * Clocks are kept in microseconds and shown to engines in whole ms.
 */
#ifndef DABLO_HOST_TC_H
#define DABLO_HOST_TC_H

#include <stddef.h>
#include <stdint.h>

typedef struct TimeControl {
    int timed;        /* 0 = no clock ("inf" or not given) */
    int moves;        /* moves per period, 0 = whole game */
    int64_t base_ms;  /* >= 0 */
    int64_t inc_ms;   /* >= 0 */
} TimeControl;

/* One side's clock in one game.  Invariant: left_us >= 0 after every
 * move that was not lost on time. */
typedef struct Clock {
    int64_t left_us;  /* may go negative by at most timemargin before a loss */
    int moves_made;   /* this engine's moves in this game */
} Clock;

/* Parses a time control string ("[M/]T[+I]", T in seconds or m:ss with
 * ss below 60; "inf").  Returns 0, or -1 with a reason in err: nothing
 * out of range is clamped. */
int tc_parse(const char *s, TimeControl *tc, char *err, size_t errlen);

/* Writes the time control in the PGN "TimeControl" style: "40/60+0.6",
 * "10+0.1", "-" for none. */
void tc_format(const TimeControl *tc, char *buf, size_t len);

/* Sets the clock for a new game. */
void tc_clock_start(Clock *c, const TimeControl *tc);

/* Credits the increment and, at a period boundary, the base (see top).
 * Returns movestogo for "go" (0 = not sent). */
int tc_clock_before_move(Clock *c, const TimeControl *tc);

/* Subtracts elapsed_us.  Returns 0, or -1 when the clock fell below
 * -margin_ms (a loss on time); a smaller deficit is cleared to 0. */
int tc_clock_after_move(Clock *c, int64_t elapsed_us, int64_t margin_ms);

/* Time left in whole ms, never negative (for "go wtime/btime"). */
int64_t tc_clock_left_ms(const Clock *c);

#endif
