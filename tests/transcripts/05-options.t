# setoption: case-insensitive names, every rule option, engine options,
# errors that change nothing, Variant announcing its start position.
> setoption name variant value tabal
< info string variant tabal startpos mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1
> setoption name Variant value chess
< info string error: invalid value 'chess' for option Variant \(expected dablot or tabal\)
> setoption name MAXCAPTURE value TRUE
> setoption name DrawPlies value 40
# an option of this game or of both: nothing printed
> isready
< readyok
> d
<... Variant: tabal   Rules: MaxCapture=true DrawPlies=40
<... Legal moves .*
> setoption name DrawPlies value 10001
< info string error: invalid value '10001' for option DrawPlies \(expected an integer 0..10000\)
> setoption name DrawPlies value -1
< info string error: invalid value '-1' for option DrawPlies \(expected an integer 0..10000\)
> setoption name DrawPlies value 12abc
< info string error: invalid value '12abc' for option DrawPlies .*
> setoption name DrawPlies
< info string error: invalid value '' for option DrawPlies .*
> setoption name MaxCapture value yes
< info string error: invalid value 'yes' for option MaxCapture \(expected true or false\)
> setoption name NoSuchOption value 1
< info string error: unknown option 'NoSuchOption'
> setoption name
< info string error: setoption: the option name is missing
> setoption Hash 32
< info string error: setoption: expected 'setoption name <name> \[value <value>\]'
# the Dablot options are accepted while Tabal is played, and kept (a host
# may send every option before Variant): a note says so, not an error
> setoption name Captures value compulsory-men
< info string Captures applies to Dablot only; stored for a game of Dablot
> setoption name forwardonlymen value true
< info string ForwardOnlyMen applies to Dablot only; stored for a game of Dablot
> setoption name Rules value classic
< info string Rules applies to Dablot only; stored for a game of Dablot
> setoption name Captures value compulsory-men
< info string Captures applies to Dablot only; stored for a game of Dablot
> setoption name ForwardOnlyMen value true
< info string ForwardOnlyMen applies to Dablot only; stored for a game of Dablot
# TradeBonus too: it applies to Dablot under optional captures only
> setoption name TradeBonus value 300
< info string TradeBonus applies to Dablot under optional captures only; stored for a game of Dablot under optional captures
> d
<... Variant: tabal   Rules: MaxCapture=true DrawPlies=40
<... Legal moves .*
> setoption name Variant value DABLOT
< info string variant dablot startpos mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1
> d
<... Variant: dablot   Rules: Captures=compulsory-men ForwardOnlyMen=true DrawPlies=40
<... Legal moves .*
# and Tabal's option while Dablot is played
> setoption name MaxCapture value true
< info string MaxCapture applies to Tabal only; stored for a game of Tabal
> setoption name KingCaptureEnds value false
> isready
< readyok
# Rules resets the four Dablot options; later options change only themselves
> setoption name Rules value modern
# under a compulsory capture rule TradeBonus is stored with a note naming it
> setoption name TradeBonus value 200
< info string TradeBonus applies to Dablot under optional captures only \(Captures is compulsory\); stored for a game of Dablot under optional captures
> d
<... Variant: dablot   Rules: Captures=compulsory DrawPlies=40
<... Legal moves .*
> setoption name Rules value anti-draw
> setoption name KingAndPrinceCaptureEnds value true
> setoption name tradebonus value 0
< info string TradeBonus applies to Dablot under optional captures only \(Captures is compulsory-men\); stored for a game of Dablot under optional captures
> d
<... Variant: dablot   Rules: Captures=compulsory-men ForwardOnlyMen=true KingCaptureEnds=true KingAndPrinceCaptureEnds=true DrawPlies=40
<... Legal moves .*
> setoption name Rules value Classic
> setoption name Captures value bogus
< info string error: invalid value 'bogus' for option Captures \(expected optional, compulsory or compulsory-men\)
> setoption name Rules value none
< info string error: invalid value 'none' for option Rules \(expected classic, modern or anti-draw\)
> setoption name DrawPlies value 100
> d
<... Variant: dablot   Rules: defaults
<... Legal moves .*
# Dablot under optional captures: TradeBonus applies, nothing printed
> setoption name TradeBonus value 300
> isready
< readyok
# engine options
> setoption name Hash value 32
> setoption name hash value 0
< info string error: invalid value '0' for option Hash \(expected an integer 1..65536\)
> setoption name Threads value 2
> setoption name Threads value 257
< info string error: invalid value '257' for option Threads .*
> setoption name MoveOverhead value 50
> setoption name MultiPV value 2
> setoption name Ponder value true
> setoption name Clear Hash
> setoption name clear hash value anything
> isready
< readyok
> go depth 3
<... bestmove .*
pvcheck
> setoption name MultiPV value 1
> setoption name Threads value 1
> setoption name Hash value 1
> isready
< readyok
# the default uci shows for an empty string option, sent back, is empty: no error
> setoption name TablebasePath value <empty>
> isready
< readyok
close
exit 0
