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
# bytes that are not printable UTF-8 come back as '?', valid UTF-8 as sent
> jo\xffho\x01
< info string unknown command: jo\?ho\?
> a\xff\x80\x80b\xf5\x80\x80c\xc2\x9b[2Jd\xe2\x80\xaee
< info string unknown command: a\?\?\?b\?\?\?c\?\?\[2Jd\?\?\?e
> h\xc3\xa9
< info string unknown command: hé
> position fen \xc0\xafk/5/6/5/6/5/6/5/6/5/6/5/K5 w 0 1
< info string error: position: bad FEN: field 1 \(points\): unknown piece letter '\?' in rank 13 .*
> d
<... Fen: mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/1M2P/M1MMMM/MMMMM/MMMMMM/MMMMM/MMMMMM b 1 1
<... Legal moves .*
> help
<... .*isready.*
> isready
<... readyok
# help with a topic: protocol (the list), or a command alone, go with its
# words; any other word is an error line naming it and the topics
> help protocol
<... .*isready.*
> isready
<... readyok
reset
> help go
< go \[wtime\|btime.* \| go perft <n>
<   search \(ends with bestmove\) or count leaves
<   depth <plies> +search this deep, 1\.\.1000
<   nodes <n> +stop after n nodes, n >= 1
<   movetime <ms> +search this long
<   wtime, btime <ms> +White's, Black's clock .*
<... .*searchmoves <m>\.\.\. .*
<... go wtime 60000 btime 60000 winc 1000 binc 1000\.
> HELP ISREADY
< isready
<   answered by readyok at once, also during a search \(after a stop: once its bestmove is out\)
> isready
< readyok
none   uci .*
none Options .*
> help setoption
< setoption name <name> \[value <value>\]
<   set an option \(see uci\)
< Options \(setoption name <name> value <value>\):
<   Variant +type combo .*
<... [ ]+TablebasePath +type string .*
> isready
< readyok
# a play command of the terminal is a topic too: its line, and that it
# works at the terminal only (over a pipe it stays an unknown command, named as one)
> help undo
< undo \[n\]
<   take back your last \(n\) move\(s\) and dablo's answers
<   undo is a terminal play command: run dablo at a terminal, with no command, and type it at the prompt
> undo
< info string unknown command: undo \(a terminal play command; see help\)
> isready
< readyok
> help foo
< info string error: help: unknown topic 'foo' \(topics: protocol, uci, isready, setoption, ucinewgame, position, go, stop, ponderhit, quit, show, d, eval, bench, perft, debug, help; at the terminal: board, undo, new, play, time, level\)
> isready
< readyok
close
exit 0
