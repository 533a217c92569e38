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
# order and case do not matter
> go DEPTH 2 MoveTime 5000
<... bestmove .*
pvcheck
reset
# a malformed go is refused as a whole: one line naming the word and what
# was expected, and no search (a host waiting for bestmove would wait for
# ever); isready shows that nothing runs
> go depth x
< info string error: go: depth: expected an integer 1\.\.1000, got 'x'; nothing searched
> go nodes -5
< info string error: go: nodes: expected an integer >= 1, got '-5'; nothing searched
> go movetime abc
< info string error: go: movetime: expected an integer \(ms\), got 'abc'; nothing searched
> go depth 0 movetime 100
< info string error: go: depth: expected an integer 1\.\.1000, got '0'; nothing searched
> go movetime 100 wtime 1.5
< info string error: go: wtime: expected an integer \(ms\), got '1\.5'; nothing searched
> go movestogo -1 movetime 100
< info string error: go: movestogo: expected an integer >= 0, got '-1'; nothing searched
> go depth movetime 100
< info string error: go: depth: expected an integer 1\.\.1000, got 'movetime'; nothing searched
> go movetime 100 nodes
< info string error: go: nodes needs an integer >= 1; nothing searched
> go depth 2 bogus
< info string error: go: unknown word 'bogus' \(expected wtime, btime, winc, binc, movestogo, movetime, depth, nodes, infinite, ponder, searchmoves, perft or mate\); nothing searched
> go depth 1 mate x
< info string error: go: mate: expected an integer, got 'x'; nothing searched
# a word given twice: which one the host meant is not guessed
> go depth 3 depth 4
< info string error: go: depth given twice; nothing searched
> go wtime 1000 btime 1000 WTIME 900
< info string error: go: WTIME given twice; nothing searched
# one line however many words are bad, and no note before it
> go depth 5000 a1 a2 a3 a4 a5
< info string error: go: unknown word 'a1' .*; nothing searched
> isready
< readyok
quiet 300
count 0 bestmove.*
# a running search is not stopped by a refused go: it goes on until stop
> go infinite
<... info depth .*
> go depth x
<... info string error: go: depth: expected an integer 1\.\.1000, got 'x'; nothing searched
> isready
<... readyok
count 0 bestmove.*
> stop
<... bestmove .*
reset
# values beyond the maximum (or beyond 64 bits) are lowered to it, with a
# note that is no error (the go is not refused), and the search runs
> go depth 2 movetime 100000000000000000000000 movestogo 99999999999999999999999
< info string go: movetime 100000000000000000000000 is above the limit 1125899906842624; searching with movetime 1125899906842624
< info string go: movestogo 99999999999999999999999 is above the limit 2147483647; searching with movestogo 2147483647
<... bestmove .*
pvcheck
reset
> go depth 1 nodes 99999999999999999999999
< info string go: nodes 99999999999999999999999 is above the limit 9223372036854775807; searching with nodes 9223372036854775807
<... bestmove .*
pvcheck
reset
> go depth 1001 nodes 500
< info string go: depth 1001 is above the limit 1000; searching with depth 1000
<... bestmove .*
pvcheck
count 0 info string error.*
reset
# at most four notes are shown, then how many more (one: "1 more note")
> go depth 5000 nodes 99999999999999999999999 movetime 99999999999999999999999 wtime 99999999999999999999999 btime 99999999999999999999999
< info string go: depth 5000 is above the limit 1000; searching with depth 1000
< info string go: nodes .* is above the limit .*
< info string go: movetime .* is above the limit .*
< info string go: wtime .* is above the limit .*
< info string \.\.\. and 1 more note in this command
> stop
<... bestmove .*
pvcheck
count 0 info string error.*
reset
# a clock or movetime below its minimum is raised silently (a host
# computes them, and sends a negative clock after an overstep)
> go depth 1 movetime 0 wtime -30 winc -1
<... bestmove .*
pvcheck
count 0 info string.*
reset
# mate takes any integer and says once, in a note that is no error, that
# it is not supported
> go depth 1 mate 99999999999999999999999
< info string go: mate is not supported; searching without it
<... bestmove .*
pvcheck
count 0 info string error.*
reset
# searchmoves restricts the root moves
> position startpos
> go depth 4 searchmoves k7-j8 a5-b6
<... bestmove (k7-j8|a5-b6)( ponder .*)?
pvcheck
reset
> go searchmoves k7-i7 depth 2
<... bestmove k7-i7( ponder .*)?
pvcheck
reset
# a word of searchmoves that is no legal move refuses the go
> go searchmoves z9-z9 k7-i7 depth 2
< info string error: go: searchmoves: .*'z9-z9'.*; nothing searched
> go searchmoves k7-k9 depth 2
< info string error: go: searchmoves: illegal move 'k7-k9'; nothing searched
# ... and so does a searchmoves with no move, at the end or before a keyword
# (all moves would be searched, which is not what was asked)
> go depth 2 searchmoves
< info string error: go: searchmoves needs at least one move; nothing searched
> go searchmoves depth 2
< info string error: go: searchmoves needs at least one move; nothing searched
> go searchmoves
< info string error: go: searchmoves needs at least one move; nothing searched
> isready
< readyok
count 0 bestmove.*
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
