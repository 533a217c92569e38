# Unknown commands are reported and change nothing; comments and empty
# lines are ignored; stop and ponderhit while idle do nothing.
> foo bar baz
< info string unknown command: foo
> #comment isready
>
>    \t
> stop
> ponderhit
> debug on
> isready
< readyok
> position startpos moves c5-d6
> joho
< info string unknown command: joho
> d
<... Fen: mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/1M2P/M1MMMM/MMMMM/MMMMMM/MMMMM/MMMMMM b 1 1
<... Legal moves .*
> help
<... .*isready.*
> isready
<... readyok
close
exit 0
