# Move strings (full paths, short forms, ambiguity), rule options applied to
# the current game, and the remaining developer commands and their errors.
# Tabal: two captures from c5 to e5 take different pieces
> setoption name Variant value tabal
< info string variant tabal .*
> position fen mmm/mmm/1m1mm/1mmmm/2M2/1MMMM/1MMMM/MMM/MMM w 0 4 moves c5xe5
< info string error: position: move 1 of 1: ambiguous move 'c5xe5' \(2 legal captures from c5 to e5; give the full path\); position unchanged
> position fen mmm/mmm/1m1mm/1mmmm/2M2/1MMMM/1MMMM/MMM/MMM w 0 4 moves c5xc7xe5
> d
<... Fen: mmm/mmm/1m1mm/1m2m/4M/1MMMM/1MMMM/MMM/MMM b 0 4
<... Legal moves .*
> position fen mmm/mmm/1m1mm/1mmmm/2M2/1MMMM/1MMMM/MMM/MMM w 0 4 moves c5xa7xc7xe5
> d
<... Fen: mmm/mmm/3mm/2m1m/4M/1MMMM/1MMMM/MMM/MMM b 0 4
<... Legal moves .*
# a unique short form is accepted and printed in full
> position fen 3/3/5/2m2/1mK2/5/5/3/3 w 0 1
> go searchmoves c5xa5 depth 1
<... bestmove c5xa5( ponder .*)?
> setoption name Variant value dablot
< info string variant dablot .*
# Dablot: g7xg3 is the full path of one move, g7xi5xg3 of another
> position fen mmmmmm/mmmmm/mmmmmm/mmmmm/mmm1mm/p4/k2m1K/1M1MP/MMMM1M/MMMMM/MMM1MM/MMMMM/MMMMMM b 7 4 moves g7xg3
> d
<... Fen: .* w 0 5
<... Legal moves .*
# a step played while a capture was possible, then captures become compulsory
> position fen mmmmmm/mmmmm/mmmmmm/mmmmm/mmm1mm/p4/k2m1K/1M1MP/MMMM1M/MMMMM/MMM1MM/MMMMM/MMMMMM b 7 4 moves a7-b6
> setoption name Captures value compulsory
< info string move 1 of the current game is not legal under the new rules; position set to after move 0
> d
<... Fen: mmmmmm/mmmmm/mmmmmm/mmmmm/mmm1mm/p4/k2m1K/1M1MP/MMMM1M/MMMMM/MMM1MM/MMMMM/MMMMMM b 7 4
<... Legal moves \([0-9]+\): g7x.*
> position fen mmmmmm/mmmmm/mmmmmm/mmmmm/mmm1mm/p4/k2m1K/1M1MP/MMMM1M/MMMMM/MMM1MM/MMMMM/MMMMMM b 7 4 moves a7-b6
< info string error: position: move 1 of 1: illegal move 'a7-b6'; position unchanged
> setoption name Rules value classic
# developer commands: bench with a depth, and the argument errors
> bench 2
<... Nodes searched *: *[1-9][0-9]*
<... [1-9][0-9]* nodes [0-9]+ nps
> bench x
< info string error: bench: expected 'bench \[depth\]' with depth 1..100
> perft
< info string error: perft: expected 'perft <depth>' with depth 1..100
> debug maybe
< info string error: debug: expected 'debug on' or 'debug off'
> debug
< info string error: debug: expected 'debug on' or 'debug off'
> eval
<... info string eval .*
> isready
<... readyok
close
exit 0
