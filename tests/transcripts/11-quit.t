# quit during a search: bestmove, then exit 0 (stdin still open).
> go infinite
sleep 200
> quit
<...@100 bestmove .*
pvcheck
exit 0
