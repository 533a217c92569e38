# go perft N: one "<move>: <count>" line per root move, then the total
# (tests/perft/suite.txt: Dablot start D3 4361, Tabal start D4 263).
> go perft 3
< c5-c7: [0-9]+
< e5-e7: [0-9]+
< g5-g7: [0-9]+
< i5-i7: [0-9]+
< a5-b6: [0-9]+
< c5-d6: [0-9]+
< e5-f6: [0-9]+
< g5-h6: [0-9]+
< k7-i7: [0-9]+
< c5-b6: [0-9]+
< e5-d6: [0-9]+
< g5-f6: [0-9]+
< i5-h6: [0-9]+
< j6-i7: [0-9]+
< k7-j8: [0-9]+
< info string perft depth 3 nodes 4361 time [0-9]+ nps [0-9]+
< Nodes searched: 4361
> setoption name Variant value tabal
< info string variant tabal .*
reset
> go perft 4
<... Nodes searched: 263
count 9 [a-e][1-9]-[a-e][1-9]: [0-9]+
> perft 1
<... Nodes searched: 9
> go perft 0
< info string error: go perft: '0' is not a depth 1..100
> go perft abc
< info string error: go perft: 'abc' is not a depth 1..100
> go perft
< info string error: go perft: needs a depth 1..100
> isready
< readyok
# stop ends a long perft within tens of milliseconds
> setoption name Variant value dablot
<... info string variant dablot .*
> go perft 7
sleep 100
> stop
<...@200 info string perft stopped after [0-9]+ of 15 root moves
> isready
< readyok
# a position with a single legal move says "of 1 root move"
> setoption name Variant value tabal
<... info string variant tabal .*
> position startpos moves d4-d5 d6xd4 d3xd5 e7-d6 c4-d4 b6-c5 d4xb6 c7xa5 b4-c5 d6xd4xb6 a3-b4
> go perft 12
sleep 100
> stop
<...@200 info string perft stopped after 0 of 1 root move
> isready
< readyok
close
exit 0
