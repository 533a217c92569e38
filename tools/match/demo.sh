#!/usr/bin/env bash
# `make match`: a short engine-vs-engine match of each game: bin/dablo at
# depth 3 against itself at depth 1, from a small generated opening suite,
# each opening played twice with colours reversed (8 games a variant).
# Dablot is played under `-rules anti-draw` (compulsory captures for men,
# forward-only men, king capture ends): under the default rules these
# engines draw nearly every game by DrawPlies, which shows little.
set -eu
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The endgame tables, when `make tablebases` built them, for the engines.
tb=()
[ -d tb ] && tb=(-each option.TablebasePath="$PWD/tb")
for variant in dablot tabal; do
    rules=()
    [ "$variant" = dablot ] && rules=(-rules anti-draw)
    echo "== $variant${rules[*]:+ ${rules[*]}}: dablo depth 3 vs dablo depth 1"
    bin/dablo-match -genopenings 4 plies=6 -variant "$variant" "${rules[@]}" -srand 1 out="$tmp/$variant.fen"
    bin/dablo-match -variant "$variant" "${rules[@]}" \
        -engine cmd=bin/dablo name=depth3 depth=3 \
        -engine cmd=bin/dablo name=depth1 depth=1 "${tb[@]}" \
        -openings file="$tmp/$variant.fen" -repeat -games 2 -rounds 4 -maxmoves 200 \
        -concurrency 2 -pgnout "$tmp/$variant.pgn"
    echo "first game record:"
    sed -n '1,/^$/p' "$tmp/$variant.pgn" | grep -E '^\[(White|Black|Result|Termination|PlyCount)'
done
