# A whole short game driven the way PROTOCOL.md section 9 tells a host:
# handshake, options, isready, then per turn "position ... moves", "go",
# one bestmove; "show" after each move tells whether the game is over.
> uci
<... uciok
> setoption name Variant value tabal
< info string variant tabal startpos mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1
> isready
< readyok
> ucinewgame
> position fen 3/3/5/1m3/2m2/2M2/5/3/3 w 0 1
> show
<... legal 1 complete
< moves c4xc6xa6
< result none
< end
reset
> go depth 6
<... bestmove c4xc6xa6
pvcheck
# the host appends the engine's move and asks again
> position fen 3/3/5/1m3/2m2/2M2/5/3/3 w 0 1 moves c4xc6xa6
> show
< show 1
< variant tabal
< fen 3/3/5/M4/5/5/5/3/3 b 0 1
< side black
< lastmove c4xc6xa6
< legal 0 complete
< moves
< result 1-0
< reason no legal move
< end
# a go in the finished game answers at once with the same result
> go depth 6
< info string game over: 1-0 \(no legal move\)
< info depth 0 score mate 0
< bestmove \(none\)
> quit
exit 0
