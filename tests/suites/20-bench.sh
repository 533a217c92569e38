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

# Start-up: bin/dablo is not linked to readline (nor to libtinfo through
# it): src/frontend/readline_lib.c opens it at a terminal only
# (31-terminal checks it there), so the loader does not relocate it at
# every start over pipes.
needed=$(readelf -dW bin/dablo 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | paste -sd' ')
if [ -z "$needed" ]; then
    skipped "no readelf, or bin/dablo has no shared libraries (make STATIC=1?)"
elif [[ " $needed " == *" libreadline"* || " $needed " == *" libtinfo"* ]]; then
    bad "bin/dablo is linked to readline at load: $needed"
else
    ok "bin/dablo loads no readline at start: $needed"
fi

# build/startup (bench/startup.c, make bench): bin/dablo beside the floor,
# CPU time and page faults per start; page faults are stable on a loaded
# machine, so they carry the check: linked to readline, bin/dablo took 2.1
# times the floor's (172 and 81).
sup=$(build/startup 5 bin/dablo "build/startup --answer" 2>&1)
rc=$?
sfield() { awk -v n="$1" -v f="$2" 'NR == n { for (i = 3; i < NF; i++) if ($i == f) print $(i + 1) }' <<<"$sup"; }
df=$(sfield 1 faults); ff=$(sfield 2 faults)
if [ $rc -ne 0 ] || ! [[ $df =~ ^[0-9]+$ && $ff =~ ^[0-9]+$ ]] || [ -z "$(sfield 1 median_ms)" ] || [ -z "$(sfield 2 cpu_ms)" ]; then
    bad "build/startup 5 bin/dablo and the floor: exit $rc, '$sup'"
elif [ $((df * 10)) -le $((ff * 19)) ]; then
    ok "start to quit: bin/dablo $df page faults, the floor $ff (at most 1.9 times)"
else
    bad "start to quit: bin/dablo $df page faults, over 1.9 times the floor's $ff"
fi
out=$(build/startup 2 build/no-such-engine 2>&1)
rc=$?
same "build/startup with an engine that cannot start: exit 1 and its name" \
    "1 startup: build/no-such-engine gave no uciok" "$rc $out"
out=$(build/startup 0 bin/dablo 2>&1)
rc=$?
[ $rc -eq 2 ] && [[ $out == usage:* ]] && ok "build/startup 0 runs: usage, exit 2" || bad "build/startup 0: exit $rc, '$out'"

# make STATIC=1's build: no shared library at all, and it answers uciok.
if [ ! -x build/dablo-static ]; then
    skipped "build/dablo-static is not built (make test-bins)"
elif readelf -dW build/dablo-static 2>/dev/null | grep -q NEEDED; then
    bad "build/dablo-static needs shared libraries: $(readelf -dW build/dablo-static | grep NEEDED | head -3)"
elif st=$(build/startup 2 build/dablo-static 2>&1); then
    ok "build/dablo-static is static and answers uciok: $st"
else
    bad "build/dablo-static: $st"
fi

suite_end bench
