# A command that takes no argument refuses a word after it with one error
# line and does not run (PROTOCOL.md section 1.4); blanks and CR after it
# are no word.
> isready now
< info string error: isready: expected 'isready' alone, got 'now'
> d extra
< info string error: d: expected 'd' alone, got 'extra'
> isready   
< readyok
> isready
< readyok
