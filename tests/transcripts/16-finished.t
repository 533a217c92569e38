# go in a finished game: the reason, one info line with the score, and
# "bestmove (none)"; eval and d still answer.
# White to move with no piece: lost
> position fen mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k5/5/6/5/6/5/6 w 0 30
> go depth 3
< info string game over: 0-1 \(no legal move\)
< info depth 0 score mate 0
< bestmove \(none\)
pvcheck
# only the two kings: draw
> position fen 6/5/6/5/6/5/k4K/5/6/5/6/5/6 b 0 40
> go infinite
< info string game over: 1/2-1/2 \(.*\)
< info depth 0 score cp 0
< bestmove \(none\)
# a position that ends the game by itself has no legal move after it
> position fen 6/5/6/5/6/5/k4K/5/6/5/6/5/6 b 0 40 moves a7-a9
< info string error: position: move 1 of 1: illegal move 'a7-a9' \(the game is over: only the two kings left\); position unchanged
# Tabal: Black blocked in... none left for Black after White's capture
> setoption name Variant value tabal
< info string variant tabal .*
> position fen 3/3/5/5/2m2/2M2/5/3/3 w 0 1 moves c4xc6
> go movetime 100
< info string game over: 1-0 \(no legal move\)
< info depth 0 score mate 0
< bestmove \(none\)
> eval
< info string game over: 1-0 \(no legal move\); the terms below are of the final position
<... info string eval total .*
> isready
<... readyok
close
exit 0
