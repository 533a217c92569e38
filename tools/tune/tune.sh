#!/usr/bin/env bash
# tune.sh - make tune: plays the data sets of tools/tune/manifest.txt with
# bin/dablo-tune gen (TUNE_JOBS shards at once, under nice), merges each,
# then runs its fits, each rewriting src/search/eval_weights.c and
# rebuilding dablo-tune so the next fit starts from the new tables.
#   TUNE_DIR       where the data goes (default build/tune)
#   TUNE_JOBS      shards played at once (default 2)
#   TUNE_MANIFEST  the manifest (default tools/tune/manifest.txt)
#   TUNE_OUT       the weights source the fits write (default
#                  src/search/eval_weights.c)
set -eu
cd "$(dirname "$0")/../.."
dir=${TUNE_DIR:-build/tune}
jobs=${TUNE_JOBS:-2}
manifest=${TUNE_MANIFEST:-tools/tune/manifest.txt}
out=${TUNE_OUT:-src/search/eval_weights.c}
mkdir -p "$dir"
n=0
while read -r kind name rest; do
    n=$((n + 1))
    case "$kind" in
    '' | '#'*) continue ;;
    data)
        [ -s "$dir/$name.txt" ] && { echo "$dir/$name.txt: already made"; continue; }
        pids=()
        for i in $(seq 1 "$jobs"); do
            rm -f "$dir/$name-$i.txt"
            # shellcheck disable=SC2086
            nice bin/dablo-tune gen $rest -shard "$i/$jobs" -out "$dir/$name-$i.txt" &
            pids+=($!)
        done
        for p in "${pids[@]}"; do wait "$p"; done
        parts=()
        for i in $(seq 1 "$jobs"); do parts+=("$dir/$name-$i.txt"); done
        bin/dablo-tune merge -out "$dir/$name.txt" "${parts[@]}"
        rm -f "${parts[@]}"
        ;;
    fit)
        args=${rest%%:*} sets=${rest#*:}
        [ "$args" != "$rest" ] || { echo "$manifest:$n: a fit line needs ': NAME...'" >&2; exit 2; }
        files=()
        for s in $sets; do files+=("$dir/$s.txt"); done
        # shellcheck disable=SC2086
        nice bin/dablo-tune fit -variant "$name" $args -out "$out" "${files[@]}"
        make --no-print-directory bin/dablo-tune >/dev/null
        ;;
    *)
        echo "$manifest:$n: unknown line kind '$kind' (data, fit)" >&2
        exit 2
        ;;
    esac
done <"$manifest"
