# isready during a search is answered within 50 ms without disturbing it;
# stop gives the bestmove within 50 ms; the search keeps running until then.
> uci
<...@1000 uciok
> isready
<@50 readyok
> position startpos
> go infinite
sleep 300
> isready
<...@50 readyok
sleep 200
> isready
<...@50 readyok
> stop
<...@50 bestmove .*
pvcheck
reset
# again from another position, with a longer search before stop
> position startpos moves c5-d6 b8-c7
> go infinite
sleep 1000
none bestmove.*
> isready
<...@50 readyok
> stop
<...@50 bestmove .*
pvcheck
# stop right after go: the stop is not lost
reset
> go infinite
> stop
<...@50 bestmove .*
pvcheck
reset
>rep 10 go infinite\nstop
sleep 2000
count 10 bestmove .*
pvcheck
close
exit 0
