#!/usr/bin/env bash
# `make match` (tools/match/demo.sh) keeps what it played: the openings, the
# PGN and the results lines of both games stay in the folder it names, and
# it ends each game's run by printing the first game's moves and final board.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() { # check NAME CMD...: CMD succeeds
    local name=$1
    shift
    if "$@"; then ok "$name"; else bad "$name"; fi
}

out=$tmp/out.txt
DABLO_DEMO_DIR=$tmp/demo bash tools/match/demo.sh >"$out" 2>&1
rc=$?
check "demo.sh exits 0" test "$rc" -eq 0
[ "$rc" -eq 0 ] || sed 's/^/     | /' "$out" | tail -n 20

for v in dablot tabal; do
    games=$(grep -c '^\[Event ' "$tmp/demo/$v.pgn" 2>/dev/null)
    check "$v: the PGN keeps all 8 games (saw ${games:-none})" test "${games:-0}" -eq 8
    lines=$(grep -c . "$tmp/demo/$v.txt" 2>/dev/null)
    check "$v: the results file keeps 8 lines (saw ${lines:-none})" test "${lines:-0}" -eq 8
    check "$v: the openings file is kept" test -s "$tmp/demo/$v.fen"
done

# The moves printed for a game are as many as its PlyCount, and the final
# board printed is the position after them (not the opening).
check_first_game() {
    local v=$1 block plies nmoves fen0 fen1
    block=$(awk -v v="$v" '/^== /{on = index($0, "== " v) == 1} on' "$out")
    plies=$(sed -n 's/.* \([0-9][0-9]*\) plies from$/\1/p' <<<"$block" | head -n 1)
    nmoves=$(sed -n '/^moves:/,/^final board:/p' <<<"$block" | sed '$d;s/^moves://' | wc -w)
    fen0=$(sed -n '/plies from$/{n;s/^ *//p}' <<<"$block" | head -n 1)
    fen1=$(sed -n 's/^Fen: //p' <<<"$block" | head -n 1)
    if [ -n "$plies" ] && [ "$plies" -eq "$nmoves" ] && [ -n "$fen1" ] && [ "$fen0" != "$fen1" ]; then
        ok "$v: first game printed, $nmoves moves = PlyCount, final board after them"
    else
        bad "$v: first game printed (PlyCount '$plies', moves $nmoves, opening '$fen0', final '$fen1')"
    fi
}
check_first_game dablot
check_first_game tabal
check "the output names the folder the records stay in" grep -q "records kept in $tmp/demo/" "$out"

suite_end demo
