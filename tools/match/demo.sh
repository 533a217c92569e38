#!/usr/bin/env bash
# `make match`: a short engine-vs-engine match of each game with bin/dablo
# at two search depths (4 games a variant, in pairs with colours reversed).
set -eu
cd "$(dirname "$0")/../.."
for variant in dablot tabal; do
    echo "== $variant: dablo depth 3 vs dablo depth 1"
    bin/dablo-match -variant "$variant" \
        -engine cmd=bin/dablo name=depth3 depth=3 \
        -engine cmd=bin/dablo name=depth1 depth=1 \
        -repeat -games 2 -rounds 2 -maxmoves 150 -concurrency 2
done
