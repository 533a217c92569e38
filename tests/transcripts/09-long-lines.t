# Lines of any length: a 1 MiB garbage line, a position with 4,000 moves,
# an error at move 4,001 of such a line.
timeout 30000
>gen 65536 |garbage!|
< info string unknown command: garbage!garbage!.*\.\.\.
>gen 131072 |xxxxxxxx|
< info string unknown command: xxxxxxxx.*
> isready
< readyok
# kings shuffling: 1000 times k7-j8 a7-b6 j8-k7 b6-a7 (4,000 plies)
>gen 1000 position startpos moves| k7-j8 a7-b6 j8-k7 b6-a7|
> d
<... Fen: mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 4000 2001
< Key: 673938836347BD5F
< Side to move: White .*
< Moves played: 4000 .*Repetitions of this position: 1001
< Moves: k7-j8 a7-b6 j8-k7 b6-a7 (k7-j8 a7-b6 j8-k7 b6-a7 ){998}k7-j8 a7-b6 j8-k7 b6-a7
< Game over: 1/2-1/2 \(.*\)
< Legal moves \(15\): .*
# the game is drawn (repetition): go answers bestmove (none) after a score
> go depth 5
< info string game over: 1/2-1/2 \(.*\)
< info depth 0 score cp 0
< bestmove \(none\)
pvcheck
# an illegal last move leaves the position as it was
> position startpos moves c5-d6
>gen 1000 position startpos moves| k7-j8 a7-b6 j8-k7 b6-a7| k7-k9
< info string error: position: move 4001 of 4001: illegal move 'k7-k9'; position unchanged
> d
<... Fen: mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/1M2P/M1MMMM/MMMMM/MMMMMM/MMMMM/MMMMMM b 1 1
<... Legal moves .*
# a long game that is not over: search it
> setoption name DrawPlies value 0
>gen 300 position startpos moves| k7-j8 a7-b6 j8-i7 b6-c7 i7-j8 c7-b6 j8-k7 b6-a7| c5-d6
> go depth 3
<... bestmove .*
pvcheck
close
exit 0
