# show: the machine-readable position block (PROTOCOL.md 3.5), at the
# start, after moves, in a finished game of every end reason, both games.
# It starts no search: nothing follows "end".
> show
< show 1
< variant dablot
< fen mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1
< side white
< lastmove none
< legal 15 complete
< moves c5-c7 e5-e7 g5-g7 i5-i7 a5-b6 c5-d6 e5-f6 g5-h6 k7-i7 c5-b6 e5-d6 g5-f6 i5-h6 j6-i7 k7-j8
< result none
< end
quiet 200
# after moves; the command name is case-insensitive
> position startpos moves c5-d6 b8-c7
> SHOW
< show 1
< variant dablot
< fen mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/5/kp3K/1M2P/M1MMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 2 2
< side white
< lastmove b8-c7
< legal [0-9]+ complete
< moves( [a-k][0-9]+[-x][a-k][0-9]+([x][a-k][0-9]+)*)+
< result none
< end
# every move it lists is accepted by position ... moves
> position fen m5/5/6/5/6/5/4kK/5/6/5/6/5/M5 w 0 1
> show
<... moves k7xg7 a1-a3 k7-k9 a1-b2 a1-c1 k7-k5 k7-j6 k7-j8
< result none
< end
> position fen m5/5/6/5/6/5/4kK/5/6/5/6/5/M5 w 0 1 moves k7xg7
> show
<... legal 3 complete
< moves a13-c13 a13-b12 a13-a11
< result none
< end
# no legal move: the side to move lost
> position fen mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k5/5/6/5/6/5/6 w 0 30
> show
<... lastmove none
< legal 0 complete
< moves
< result 0-1
< reason no legal move
< end
# only the two kings left
> position fen 6/5/6/5/6/5/k4K/5/6/5/6/5/6 b 0 40
> show
<... legal 0 complete
< moves
< result 1/2-1/2
< reason only the two kings left
< end
# threefold repetition: the moves go on being listed (position accepts them)
> position fen m5/5/6/5/6/5/k4K/5/6/5/6/5/M5 w 0 1 moves k7-j8 a7-b8 j8-k7 b8-a7 k7-j8 a7-b8 j8-k7 b8-a7
> show
<... fen m5/5/6/5/6/5/k4K/5/6/5/6/5/M5 w 8 5
< side white
< lastmove b8-a7
< legal 8 complete
< moves a1-a3 k7-k9 a1-b2 a1-c1 k7-k5 k7-j6 k7-i7 k7-j8
< result 1/2-1/2
< reason threefold repetition
< end
# DrawPlies reached
> setoption name DrawPlies value 4
> position fen m5/5/6/5/6/5/k4K/5/6/5/6/5/M5 w 0 1 moves k7-j8 a7-b8 j8-i7 b8-c7
> show
<... lastmove b8-c7
< legal [0-9]+ complete
< moves .*
< result 1/2-1/2
< reason DrawPlies reached
< end
> setoption name DrawPlies value 100
# the game-ending rule options
> setoption name KingCaptureEnds value true
> position fen m5/5/6/5/6/5/4kK/5/6/5/6/5/M5 w 0 1 moves k7xg7
> show
<... lastmove k7xg7
< legal 0 complete
< moves
< result 1-0
< reason king captured
< end
> setoption name KingCaptureEnds value false
> setoption name KingAndPrinceCaptureEnds value true
> show
<... lastmove k7xg7
< legal 0 complete
< moves
< result 1-0
< reason king and prince captured
< end
# Tabal: the start, a forced capture, a king's long jumps, a lost game
> setoption name Variant value tabal
< info string variant tabal startpos mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1
> show
< show 1
< variant tabal
< fen mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1
< side white
< lastmove none
< legal 9 complete
< moves a4-a5 b4-b5 c4-c5 d4-d5 e4-e5 b4-c5 d4-e5 b4-a5 d4-c5
< result none
< end
> position startpos moves b4-c5
> show
<... lastmove b4-c5
< legal 1 complete
< moves d6xb4
< result none
< end
> position fen 3/3/5/2m2/1mK2/5/5/3/3 w 0 1
> show
<... legal 4 complete
< moves c5xc7 c5xc8 c5xc9 c5xa5
< result none
< end
> position fen 3/3/5/5/2m2/2M2/5/3/3 w 0 1 moves c4xc6
> show
< show 1
< variant tabal
< fen 3/3/5/2M2/5/5/5/3/3 b 0 1
< side black
< lastmove c4xc6
< legal 0 complete
< moves
< result 1-0
< reason no legal move
< end
# show takes no arguments it needs; extra words are ignored like d's
> isready
< readyok
close
exit 0
