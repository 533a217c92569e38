# CR LF line ends, tabs, leading, trailing and repeated blanks, upper case
# command words: all behave like the clean lines.
> uci\r
<... uciok
> isready \t\r
< readyok
>   position   startpos   moves  c5-d6 \r
> \td\t\r
<... Fen: mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/1M2P/M1MMMM/MMMMM/MMMMMM/MMMMM/MMMMMM b 1 1
<... Legal moves .*
> position\tstartpos\tmoves\t\tc5-d6\t\tb8-c7
> d
<... Fen: mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/5/kp3K/1M2P/M1MMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 2 2
<... Legal moves .*
> setoption   name   variant   value   TABAL  \r
< info string variant tabal startpos mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1
> ISREADY
< readyok
> position startpos moves\r
> d
<... Fen: mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1
<... Legal moves \(9\): .*
# a last line without its newline is still read at EOF
>raw isready
close
< readyok
exit 0
