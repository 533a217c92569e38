# Contempt: listed by uci, refused outside -500..500 with a line naming
# the option.  White's king on e5 can take Black's last man on e7, leaving
# two lone kings, a draw (RULES.md section 1); any other move keeps White
# a man down.  Without Contempt the draw (score 0) is best; with Contempt
# 300 the draw scores -300 for White, worse than the man down, and with
# Contempt -300 the draw is worth +300 and taken again.  TradeBonus 0, so
# that Contempt is seen alone; TradeBonus is refused outside 0..1000.
> setoption name TradeBonus value 0
> setoption name Contempt value 501
< info string error: invalid value '501' for option Contempt \(expected an integer -500\.\.500\)
> setoption name contempt value -501
< info string error: invalid value '-501' for option Contempt \(expected an integer -500\.\.500\)
> setoption name Contempt value draw
< info string error: invalid value 'draw' for option Contempt \(expected an integer -500\.\.500\)
> position fen k5/5/6/5/6/5/2m3/5/2K3/5/6/5/6 w 0 1
> go depth 6
<... info depth 6 .* score cp 0 .* pv e5xe9
< bestmove e5xe9
> setoption name Contempt value 300
> go depth 6
<... info depth 6 .* score cp -[0-9]+ .*
< bestmove e5-.*
> setoption name Contempt value -300
> go depth 6
<... info depth 6 .* score cp 300 .* pv e5xe9
< bestmove e5xe9
> setoption name TradeBonus value 1001
< info string error: invalid value '1001' for option TradeBonus \(expected an integer 0\.\.1000\)
> setoption name tradebonus value -1
< info string error: invalid value '-1' for option TradeBonus \(expected an integer 0\.\.1000\)
> isready
< readyok
