# Over pipes there is no play mode (that is only at a terminal, README
# "Playing at the terminal"): a move or a play command is an unknown
# command, and nothing is played.
> c5-d6
< info string unknown command: c5-d6
> undo
< info string unknown command: undo
> new tabal
< info string unknown command: new
> play white
< info string unknown command: play
> time 100
< info string unknown command: time
> level 3
< info string unknown command: level
> board
< info string unknown command: board
> show
<... lastmove none
<... result none
< end
quiet 300
close
exit 0
