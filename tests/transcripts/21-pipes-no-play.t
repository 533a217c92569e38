# Over pipes there is no play mode (that is only at a terminal, README
# "Playing at the terminal"): a move or a play command is an unknown
# command (a move or a play command named as one), and nothing is played.
> c5-d6
< info string unknown command: c5-d6 \(a move: use position \.\.\. moves, or play at a terminal; see help\)
> C7XA9
< info string unknown command: C7XA9 \(a move: use position \.\.\. moves, or play at a terminal; see help\)
> c5 d6
< info string unknown command: c5 \(a move: use position \.\.\. moves, or play at a terminal; see help\)
> z9-z9
< info string unknown command: z9-z9 \(a move: use position \.\.\. moves, or play at a terminal; see help\)
# a word with a '-' that is no move, and other words, stay plain
> isready-now
< info string unknown command: isready-now
> x-ray
< info string unknown command: x-ray
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
