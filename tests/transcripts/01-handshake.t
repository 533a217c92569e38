# uci: identification, every option with type/default/range, uciok within 1 s;
# isready answered within 50 ms; EOF ends the engine with status 0.
> uci
<@1000 id name dablo [0-9][0-9.]*
< id author .+
< option name Variant type combo default dablot var dablot var tabal
< option name Rules type combo default classic var classic var modern var anti-draw
< option name Captures type combo default optional var optional var compulsory var compulsory-men
< option name ForwardOnlyMen type check default false
< option name KingCaptureEnds type check default false
< option name KingAndPrinceCaptureEnds type check default false
< option name MaxCapture type check default false
< option name DrawPlies type spin default 100 min 0 max 10000
< option name Hash type spin default 16 min 1 max 65536
< option name Threads type spin default 1 min 1 max 256
< option name MoveOverhead type spin default 20 min 0 max 5000
< option name MultiPV type spin default 1 min 1 max 256
< option name Skill Level type spin default 20 min 0 max 20
< option name Contempt type spin default 0 min -500 max 500
< option name TradeBonus type spin default 300 min 0 max 1000
< option name Ponder type check default false
< option name Clear Hash type button
< option name TablebasePath type string default <empty>
<@1000 uciok
> isready
<@50 readyok
> ucinewgame
> isready
<@50 readyok
close
exit 0
