#!/usr/bin/env bash
# `make match`: a short engine-vs-engine match of each game: bin/dablo at
# depth 3 against itself at depth 1, from a small generated opening suite,
# each opening played twice with colours reversed (8 games a variant).
# Dablot is played under `-rules anti-draw` (compulsory captures for men,
# forward-only men, king capture ends): under the default rules these
# engines draw nearly every game by DrawPlies, which shows little.
#
# The records stay in DABLO_DEMO_DIR (default match-demo/ at the repository
# root, ignored by git): per game the openings (VARIANT.fen), the PGN
# (VARIANT.pgn) and the results lines (VARIANT.txt); the run ends by printing
# the first game's moves and its final board.
set -eu
cd "$(dirname "$0")/../.."
out=${DABLO_DEMO_DIR:-match-demo}
mkdir -p "$out"

# first_game_moves PGN: the moves of the file's first game, one line.
first_game_moves() {
    awk '/^\[/ { if (seen) exit; next } /^$/ { if (moves) exit; next }
         { seen = 1; moves = moves " " $0 }
         END { print moves }' "$1" |
        sed -E 's/\{[^}]*\}//g' |
        tr -s ' ' '\n' | grep -Ev '^([0-9]+\.+|1-0|0-1|1/2-1/2|\*)?$' | tr '\n' ' '
}

# tag PGN NAME: the value of tag NAME in the file's first game.
tag() {
    sed -n "s/^\[$2 \"\(.*\)\"\]\$/\1/p" "$1" | head -n 1
}

# termination RESULTS: why game 1 ended, as the results file names it
# (docs/results.md; the PGN's Termination tag says only "normal").
termination() {
    sed -n 's/^game=1 .*termination=\([^ ]*\).*/\1/p' "$1"
}

# The endgame tables, when `make tablebases` built them, for the engines.
tb=()
[ -d tb ] && tb=(-each option.TablebasePath="$PWD/tb")

for variant in dablot tabal; do
    rules=()
    [ "$variant" = dablot ] && rules=(-rules anti-draw)
    echo "== $variant${rules[*]:+ ${rules[*]}}: dablo depth 3 vs dablo depth 1"
    rm -f "$out/$variant.pgn" "$out/$variant.txt" "$out/$variant.fen"
    bin/dablo-match -genopenings 4 plies=6 -variant "$variant" "${rules[@]}" -srand 1 out="$out/$variant.fen"
    bin/dablo-match -variant "$variant" "${rules[@]}" \
        -engine cmd=bin/dablo name=depth3 depth=3 \
        -engine cmd=bin/dablo name=depth1 depth=1 "${tb[@]}" \
        -openings file="$out/$variant.fen" -repeat -games 2 -rounds 4 -maxmoves 200 \
        -concurrency 2 -pgnout "$out/$variant.pgn" -results "$out/$variant.txt"

    pgn=$out/$variant.pgn
    fen=$(tag "$pgn" FEN)
    moves=$(first_game_moves "$pgn")
    echo
    echo "first game: $(tag "$pgn" White) (White) vs $(tag "$pgn" Black) (Black)," \
        "result $(tag "$pgn" Result) ($(termination "$out/$variant.txt")), $(tag "$pgn" PlyCount) plies from"
    echo "  $fen"
    echo "moves: $moves" | fold -s -w 78
    echo "final board:"
    {
        echo "setoption name Variant value $variant"
        [ "$variant" = dablot ] && echo "setoption name Rules value anti-draw"
        echo "position fen $fen moves $moves"
        echo d
        echo quit
    } | bin/dablo | sed -n '/^ *[0-9]* [.a-zA-Z]/,/^Fen:/p'
    echo
done
echo "records kept in $out/: VARIANT.pgn (every game), VARIANT.txt (results lines), VARIANT.fen (openings)"
