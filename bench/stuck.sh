#!/usr/bin/env bash
# make bench-stuck: how many of the 96 Dablot endings of
# bench/openings/dablot-stuck.fen an engine converts against the one-ply
# greedy player (depth=1), with a fixed node budget a move instead of a
# clock, so the count does not depend on the machine or its load: the same
# build gives the same count on every run.  A change to the evaluation or
# the search moves every game, so the count is taken at several nearby
# budgets (each a different set of games) and summed.
#
#   ENGINE=bin/dablo          the engine under test (White in every game)
#   GREEDY=bin/dablo          the greedy player (depth=1)
#   STUCK_NODES="30000 31000 32000"   the budgets, nodes a move
#   STUCK_CONCURRENCY=2       games at once
set -uo pipefail
cd "$(dirname "$0")/.."

ENGINE=${ENGINE:-bin/dablo}
GREEDY=${GREEDY:-bin/dablo}
NODES=${STUCK_NODES:-30000 31000 32000}
CONC=${STUCK_CONCURRENCY:-2}
FEN=bench/openings/dablot-stuck.fen
n=$(grep -c . "$FEN")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

total=0
runs=0
for nodes in $NODES; do
    if ! bin/dablo-match -variant dablot -engine cmd="$ENGINE" name=engine nodes="$nodes" \
            -engine cmd="$GREEDY" name=greedy depth=1 -openings file="$FEN" \
            -games 1 -rounds "$n" -concurrency "$CONC" -results "$dir/r$nodes" -quiet \
            > "$dir/log$nodes" 2>&1; then
        echo "bench-stuck: the match at nodes=$nodes failed:" >&2
        tail -5 "$dir/log$nodes" >&2
        exit 1
    fi
    w=$(grep -c 'result=1-0' "$dir/r$nodes")
    echo "nodes=$nodes: $w wins of $n"
    total=$((total + w))
    runs=$((runs + 1))
done
echo "stuck set: $total wins of $((runs * n)) games (node budgets: $NODES)"
