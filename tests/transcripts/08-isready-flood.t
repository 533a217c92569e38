# 10,000 isready sent in one burst during "go infinite": exactly 10,000
# readyok, every line whole (nothing split or glued), then one bestmove.
timeout 30000
> position startpos
> go infinite
sleep 100
>rep 10000 isready
> stop
<... bestmove .*
count 10000 readyok
count 1 bestmove .*
all (readyok|info (depth|string) .*|bestmove [a-k0-9x-]+( ponder [a-k0-9x-]+)?)
pvcheck
> isready
< readyok
close
exit 0
