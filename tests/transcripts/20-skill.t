# Skill Level: listed by uci, range 0..20 refused outside it with a line
# naming the option; a weak level still answers every go with one legal
# bestmove whose move starts the last pv of multipv 1.
> setoption name Skill Level value 21
< info string error: invalid value '21' for option Skill Level \(expected an integer 0\.\.20\)
> setoption name skill level value -1
< info string error: invalid value '-1' for option Skill Level \(expected an integer 0\.\.20\)
> setoption name Skill Level value weak
< info string error: invalid value 'weak' for option Skill Level \(expected an integer 0\.\.20\)
> setoption name Skill Level
< info string error: invalid value '' for option Skill Level \(expected an integer 0\.\.20\)
> setoption name Skill Level value 0
reset
> position startpos moves c5-d6
> go depth 10
<... bestmove [a-k][0-9]+[-x][a-k0-9x-]+( ponder .*)?
pvcheck
# a level searches at least 4 lines to choose among, whatever MultiPV says
none .*multipv [5-9].*
# (level 0 picks another line here: its four lines are printed again)
count 2 info depth 1 seldepth [0-9]+ multipv 4 .*
# the bestmove starts the last line of multipv 1, not always the last line
# (docs/skill.md): level 14 plays the best line here, so nothing follows
# the iteration's four lines; level 0 plays another: the lines are printed
# once more with it first, so no move is on two lines
> ucinewgame
> setoption name Skill Level value 14
> position startpos moves j6-i7
> go depth 1
< info depth 1 seldepth [0-9]+ multipv 1 .* pv b8-c7( .*)?
< info depth 1 .* multipv 2 .*
< info depth 1 .* multipv 3 .*
< info depth 1 .* multipv 4 .*
< bestmove b8-c7( ponder .*)?
> ucinewgame
> setoption name Skill Level value 0
> position startpos moves j6-i7
> go depth 1
< info depth 1 seldepth [0-9]+ multipv 1 .* pv b8-c7( .*)?
< info depth 1 .* multipv 2 .*
< info depth 1 .* multipv 3 .*
< info depth 1 .* multipv 4 .*
< info depth 1 .* multipv 1 .* pv e9-e7( .*)?
< info depth 1 .* multipv 2 .* pv b8-c7( .*)?
< info depth 1 .* multipv 3 .*
< info depth 1 .* multipv 4 .*
< bestmove e9-e7( ponder .*)?
> setoption name Skill Level value 10
> setoption name Variant value tabal
< info string variant tabal .*
reset
> position startpos
> go movetime 5000
<... bestmove .*
pvcheck
# level 10 stops by itself at 6 plies or 12,800 nodes, long before the time
none info depth [7-9] .*
> setoption name Skill Level value 20
reset
> go depth 4
<... bestmove .*
count 0 .* multipv 2 .*
> isready
< readyok
close
exit 0
