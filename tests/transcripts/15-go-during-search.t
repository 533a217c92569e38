# A position or go arriving during a search: position changes only the
# protocol's game; a go stops the running search (its bestmove first) and
# searches the new position, never a stale one.
> position startpos
> go infinite
sleep 200
> position startpos moves c5-d6
> isready
<... readyok
none bestmove.*
> go depth 3
<... bestmove .*
<... bestmove ([a-j]7|[a-k](8|9|1[0-3]))[-x][a-k0-9x-]*( ponder .*)?
count 2 bestmove .*
pvcheck
reset
# stop, then at once position and go: the second search is on the new position
> go infinite
sleep 100
> stop
> position startpos moves c5-d6 b8-c7
> go depth 2
<... bestmove .*
<... bestmove ([a-j][1-6]|k7|[a-j]7)[-x][a-k0-9x-]*( ponder .*)?
count 2 bestmove .*
pvcheck
close
exit 0
