# go with each limit: every go ends in exactly one bestmove, after an info
# line with a score and a pv whose first move is the bestmove.
timeout 30000
> position startpos
> go depth 3
<... bestmove [a-k][0-9]+[-x][a-k0-9x-]+( ponder [a-k0-9x-]+)?
pvcheck
reset
> go nodes 2000
<... bestmove .*
pvcheck
reset
> go movetime 200
<... bestmove .*
pvcheck
reset
> go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5
<... bestmove .*
pvcheck
reset
# only White's clock, White to move; then Black to move with only Black's
> go wtime 300
<... bestmove .*
pvcheck
reset
> position startpos moves c5-d6
> go btime 300 binc 0
<... bestmove .*
pvcheck
reset
# a clock already overdrawn still gets a legal move
> go wtime -50 btime 100
<... bestmove .*
pvcheck
reset
# order and case do not matter; errors are reported and skipped
> go DEPTH 2 bogus 7 movetime x
< info string error: go: unknown word 'bogus'; ignored
< info string error: go: unknown word '7'; ignored
< info string error: go: movetime: 'x' is not an integer; ignored
<... bestmove .*
pvcheck
reset
# at most four errors are shown, then how many more (one: "1 more error")
> go depth 1 a1 a2 a3 a4 a5
< info string error: go: unknown word 'a1'; ignored
< info string error: go: unknown word 'a2'; ignored
< info string error: go: unknown word 'a3'; ignored
< info string error: go: unknown word 'a4'; ignored
< info string error: \.\.\. and 1 more error in this command
<... bestmove .*
pvcheck
reset
> go depth 1 a1 a2 a3 a4 a5 a6
<... info string error: \.\.\. and 2 more errors in this command
<... bestmove .*
pvcheck
reset
# values beyond the maximum (or beyond 64 bits) are lowered to it
> go depth 2 movetime 100000000000000000000000 movestogo 99999999999999999999999
< info string error: go: movetime: 100000000000000000000000 is above 1125899906842624; 1125899906842624 used
< info string error: go: movestogo: 99999999999999999999999 is out of range 0..2147483647; ignored
<... bestmove .*
pvcheck
reset
> go depth 1 nodes 99999999999999999999999
< info string error: go: nodes: 99999999999999999999999 is above 9223372036854775807; 9223372036854775807 used
<... bestmove .*
pvcheck
reset
# a depth or node count below 1 is raised to 1 with a note, as one above
# the maximum is lowered; a clock or movetime below its minimum silently
> go depth 0 nodes -5 movetime 0 wtime -30 winc -1
< info string error: go: depth: 0 is below 1; 1 used
< info string error: go: nodes: -5 is below 1; 1 used
<... bestmove .*
pvcheck
reset
# mate takes any integer and says once that it is not supported
> go depth 1 mate 99999999999999999999999
< info string error: go: mate is not supported; searching without it
<... bestmove .*
pvcheck
reset
# searchmoves restricts the root moves
> position startpos
> go depth 4 searchmoves k7-j8 a5-b6
<... bestmove (k7-j8|a5-b6)( ponder .*)?
pvcheck
reset
> go searchmoves z9-z9 k7-i7 depth 2
< info string error: go: searchmoves: .*'z9-z9'.*; ignored
<... bestmove k7-i7( ponder .*)?
pvcheck
reset
# every info line follows the grammar hosts rely on
all (info (depth|string) .*|bestmove .*)
none .* score ([^cm].*|c[^p].*|m[^a].*|c|m|)
# seldepth is the deepest ply the search reached, as in Stockfish: a mate in
# one searched to depth 12 reaches ply 1 or 2, never ply 12.
reset
> setoption name Variant value tabal
<... info string variant tabal .*
> position fen 3/3/5/5/2m2/2M2/5/3/3 w 0 1
> go depth 12
<... info depth 12 seldepth [12] multipv 1 score mate 1 .* pv c4xc6
<... bestmove c4xc6
> setoption name Variant value dablot
<... info string variant dablot .*
> position startpos
# twenty searches in a row: twenty bestmoves
reset
>rep 20 go depth 1
sleep 500
> isready
<... readyok
count 20 bestmove .*
pvcheck
count 0 .*bestmove.*bestmove.*
close
exit 0
