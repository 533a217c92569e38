/*
 * tbadjudicate.h - -tb PATH: a game ends as soon as its position is in the
 * endgame tables (docs/tablebases.md), with the tables' result
 * (termination "tablebase"); an opening in the tables ends it before
 * the first move (play.c).
 *
 * The tables of the judge's rules are opened once and shared read-only by
 * every game thread.  A position with the side to move winning is a win
 * when the DrawPlies counter plus the distance to the next zeroing move
 * stays within DrawPlies, else a draw; cursed wins and blessed losses are
 * draws; with DrawPlies 0 every table win is a win.  The tables mark
 * their curse for DrawPlies 100, so -tb needs DrawPlies 100 or 0.
 */
#ifndef DABLO_MATCH_TBADJUDICATE_H
#define DABLO_MATCH_TBADJUDICATE_H
#include <stddef.h>
#include "rules/game.h"
#include "tb/tb_probe.h"

/* Opens the tables in dir for rules r into *set.  Returns 0, or -1 with a
 * message in err (folder unreadable, no tables for these rules, a refused
 * file, DrawPlies other than 100 or 0). */
int tbadj_open(TbSet *set, const char *dir, const Rules *r, char *err, size_t errlen);
/* Whether pos is in the tables: 1 with the result in *res and a detail
 * ("tablebase: White wins (win 17 for the side to move)", "tablebase: draw
 * (win 3 past DrawPlies for the side to move)") in detail, by its result
 * under the DrawPlies counter (tb_set_verdict()); 0 if not, and when the
 * tables cannot decide it at this counter (the game plays on). */
int tbadj_judge(const TbSet *set, const Position *pos, GameResult *res, char *detail, size_t len);
#endif
