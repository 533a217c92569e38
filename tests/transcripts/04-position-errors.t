# position errors: reported with "info string error: ...", naming the move
# and its index; the previous position stays, nothing is half-applied.
> position startpos moves c5-d6
> position startpos moves b8-c7 k7-k9
< info string error: position: move 1 of 2: illegal move 'b8-c7'; position unchanged
> position startpos moves c5-d6 b8-c7 k7-k9 c9-c8
< info string error: position: move 3 of 4: illegal move 'k7-k9'; position unchanged
> position startpos moves c5-d6 zz9
< info string error: position: move 2 of 2: unparsable move .*'zz9'; position unchanged
> position startpos moves c5-d6-e7
< info string error: position: move 1 of 1: unparsable move .*; position unchanged
> position fen mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM w 0 1
< info string error: position: bad FEN: field 1 .*; position unchanged
> position fen mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM x 0 1
< info string error: position: bad FEN: field 2 \(side to move\): expected 'w' or 'b'; position unchanged
> position fen mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMQ w 0 1
< info string error: position: bad FEN: field 1 .*'Q'.*; position unchanged
> position fen mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1
< info string error: position: bad FEN: .*\(is this a Tabal FEN\? setoption name Variant value tabal\); position unchanged
# a Tabal board whose later fields are wrong (no side to move, a bad
# counter) is still a Tabal FEN: the error of field 1, then the hint
> position fen mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM
< info string error: position: bad FEN: field 1 \(points\): rank 13 has 3 points, expected 6 \(is this a Tabal FEN\? setoption name Variant value tabal\); position unchanged
> position fen mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w x 1
< info string error: position: bad FEN: field 1 .*\(is this a Tabal FEN\? setoption name Variant value tabal\); position unchanged
> position fen
< info string error: position: fen: the FEN is missing; position unchanged
> position fen moves c5-d6
< info string error: position: fen: the FEN is missing; position unchanged
> position
< info string error: position: expected 'startpos' or 'fen <FEN>'; position unchanged
> position middle
< info string error: position: expected 'startpos' or 'fen', got 'middle'; position unchanged
> position startpos c5-d6
< info string error: position: unexpected 'c5-d6' after startpos \(expected 'moves'\); position unchanged
# after all that the position is still the one after c5-d6
> d
<... Fen: mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/1M2P/M1MMMM/MMMMM/MMMMMM/MMMMM/MMMMMM b 1 1
<... Moves played: 1 .*
<... Legal moves .*
# a bare trailing "moves" and a FEN without counters are fine
> position fen mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM b moves
> d
<... Fen: mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM b 0 1
<... Legal moves \(15\): .*
> isready
< readyok
close
exit 0
