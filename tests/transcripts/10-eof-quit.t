# EOF during a search: the search stops, its bestmove is printed, exit 0.
> go infinite
sleep 200
close
<...@100 bestmove .*
pvcheck
exit 0
