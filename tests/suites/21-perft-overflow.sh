#!/usr/bin/env bash
# `go perft` where a position has more legal moves than a move list holds
# (tests/perft/overflow.txt, whose counts the unit tests check against an
# independent generator): the total equals the file's at every depth up
# to 3 (to 2 for counts above 40 million), the divide lists every root
# move once, and its counts add up to the total; `show` and `d` list
# the same moves.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

rows=0
while IFS= read -r line; do
    case "$line" in '#'* | '') continue ;; esac
    rows=$((rows + 1))
    IFS=';' read -r variant opts fen rest <<<"$line"
    variant=$(xargs <<<"$variant")
    opts=$(xargs <<<"$opts")
    fen=$(sed 's/^ *//; s/ *$//' <<<"$fen")
    setup="setoption name Variant value $variant"$'\n'
    if [ "$opts" != "-" ]; then
        for o in $opts; do setup+="setoption name ${o%%=*} value ${o#*=}"$'\n'; done
    fi
    setup+="position fen $fen"$'\n'
    d=0
    IFS=';' read -ra counts <<<"$rest"
    for field in "${counts[@]}"; do
        read -r dname want <<<"$field"
        d=${dname#D}
        [ "$d" -le 3 ] && [ "$want" -le 40000000 ] || continue
        out=$(printf '%sgo perft %s\n' "$setup" "$d" | timeout 300 bin/dablo 2>&1)
        total=$(sed -n 's/^Nodes searched: //p' <<<"$out")
        divide=$(grep -E '^[a-k][0-9]+[-x]' <<<"$out")
        nroot=$(grep -c . <<<"$divide")
        ndistinct=$(cut -d: -f1 <<<"$divide" | sort -u | grep -c .)
        sum=$(awk -F': ' '{ s += $2 } END { print s + 0 }' <<<"$divide")
        name="row $rows ($opts) go perft $d"
        if [ "$total" = "$want" ] && [ "$sum" = "$want" ] && [ "$nroot" = "$ndistinct" ]; then
            ok "$name: $total, $nroot root moves"
        else
            bad "$name: total '$total', divide sum '$sum', $nroot root moves ($ndistinct distinct), expected $want"
        fi
        if [ "$d" = 1 ]; then
            same "row $rows: go perft 1 lists every move" "$want" "$nroot"
            # show and d list the same moves as the divide, every one
            # (they listed only a move list's worth, and said incomplete).
            out=$(printf '%sshow\nd\n' "$setup" | timeout 60 bin/dablo 2>&1)
            same "row $rows: show lists every move, once" "legal $want complete $want" \
                "$(grep '^legal ' <<<"$out") $(grep '^moves' <<<"$out" | tr ' ' '\n' | tail -n +2 | sort -u | grep -c .)"
            same "row $rows: show's moves are the divide's" "$(cut -d: -f1 <<<"$divide" | sort)" \
                "$(grep '^moves' <<<"$out" | tr ' ' '\n' | tail -n +2 | sort)"
            if grep -qF "Legal moves ($want):" <<<"$out"; then ok "row $rows: d counts every move"
            else bad "row $rows: d says '$(grep -o 'Legal moves ([0-9]*)' <<<"$out")', expected $want"; fi
        fi
    done
done <tests/perft/overflow.txt
[ "$rows" -ge 3 ] && ok "$rows rows read" || bad "only $rows rows in tests/perft/overflow.txt"

suite_end perft-overflow
