# Over pipes there is no play mode (that is only at a terminal, README
# "Playing at the terminal"): a move or a play command is an unknown
# command (a play command named as one), and nothing is played.
> c5-d6
< info string unknown command: c5-d6
> undo
< info string unknown command: undo \(a terminal play command; see help\)
> new tabal
< info string unknown command: new \(a terminal play command; see help\)
> play white
< info string unknown command: play \(a terminal play command; see help\)
> time 100
< info string unknown command: time \(a terminal play command; see help\)
> level 3
< info string unknown command: level \(a terminal play command; see help\)
> board
< info string unknown command: board \(a terminal play command; see help\)
> show
<... lastmove none
<... result none
< end
quiet 300
close
exit 0
