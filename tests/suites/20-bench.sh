#!/usr/bin/env bash
# `bin/dablo bench` from the shell: runs without stdin, prints the
# Stockfish-style summary, and its node count equals the signature in
# bench/signature (the one line of digits there).  A change to the search or
# the evaluation that moves the count updates bench/signature in the same
# commit and says so in its message (src/search/bench.c explains why the
# count is deterministic; docs/engine.md, "Bench signature").
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

out=$(bin/dablo bench </dev/null 2>&1)
rc=$?
[ $rc -eq 0 ] && ok "bench exits 0 with stdin closed" || bad "bench exit status $rc"

nodes=$(sed -nE 's/^Nodes searched +: ([0-9]+)$/\1/p' <<<"$out")
nps=$(sed -nE 's/^Nodes\/second +: ([0-9]+)$/\1/p' <<<"$out")
if [ -n "$nodes" ] && [ -n "$nps" ]; then
    ok "Stockfish-style 'Nodes searched' and 'Nodes/second' lines"
else
    bad "no 'Nodes searched'/'Nodes/second' lines"
fi
last=$(tail -n 1 <<<"$out")
if [[ "$last" =~ ^([0-9]+)\ nodes\ ([0-9]+)\ nps$ ]] && [ "${BASH_REMATCH[1]}" = "$nodes" ]; then
    ok "last line 'N nodes N nps' agrees: $last"
else
    bad "last line is '$last'"
fi

# bench/signature: comment lines start with '#'; exactly one other line,
# the node count.
sigfile=bench/signature
sig=$(grep -v '^#' "$sigfile" 2>/dev/null | grep -v '^[[:space:]]*$')
if ! [[ "$sig" =~ ^[0-9]+$ ]]; then
    bad "$sigfile holds no single node count (read '$sig')"
elif [ "$sig" = "$nodes" ]; then
    ok "node count $nodes equals $sigfile"
else
    bad "node count '$nodes' differs from $sigfile '$sig': update it if the change is meant"
fi

# make bench-stuck at a tiny budget: a summary line, and the same count twice
s1=$(STUCK_NODES=1500 bash bench/stuck.sh 2>&1 | tail -n 1)
s2=$(STUCK_NODES=1500 bash bench/stuck.sh 2>&1 | tail -n 1)
if [[ "$s1" =~ ^stuck\ set:\ [0-9]+\ wins\ of\ 96\ games ]] && [ "$s1" = "$s2" ]; then
    ok "bench-stuck at fixed nodes gives the same count twice: $s1"
else
    bad "bench-stuck: '$s1' then '$s2'"
fi

# Start-up cost: every thread's static thread-local storage is zeroed page
# by page when it starts, so large per-thread buffers (the tables' 128 KiB
# of decompressed blocks, src/tb/tb_probe.c) are allocated at first use.
tls=$(readelf -lW bin/dablo 2>/dev/null | awk '$1 == "TLS" { print $6 }')
if ! [[ "$tls" =~ ^0x[0-9a-f]+$ ]]; then
    skipped "no readelf, or no TLS segment in bin/dablo"
elif tls=$((tls)) && [ "$tls" -le 65536 ]; then
    ok "static thread-local storage of bin/dablo: $tls bytes (at most 64 KiB)"
else
    bad "static thread-local storage of bin/dablo: $tls bytes, over 64 KiB"
fi

suite_end bench
