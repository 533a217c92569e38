# go ponder searches until ponderhit or stop, even when the clock would
# have run out; ponderhit starts our clock; stop ends it with a bestmove.
> position startpos moves c5-d6
> go ponder wtime 300 btime 300
sleep 600
none bestmove.*
> ponderhit
<... bestmove .*
pvcheck
reset
> go ponder wtime 100000 btime 100000
sleep 300
> stop
<...@50 bestmove .*
pvcheck
reset
# ponderhit right after go ponder is not lost
> go ponder wtime 200 btime 200
> ponderhit
<... bestmove .*
pvcheck
close
exit 0
