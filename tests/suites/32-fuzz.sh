#!/usr/bin/env bash
# A short libFuzzer run (FUZZ_SMOKE_SECONDS, default 20) of the protocol
# parsers: line reader, command words, setoption, position (FEN and moves),
# go, move strings (tests/fuzz/fuzz_protocol.c), under ASan + UBSan.  The
# seeds are tests/fuzz/seeds; new inputs go to a temporary directory.
# `make fuzz` runs the same target for longer.
set -u
cd "$(dirname "$0")/../.."
secs=${FUZZ_SMOKE_SECONDS:-20}
bin=build/fuzz/fuzz_protocol
if [ ! -x "$bin" ]; then
    echo "FAIL $bin is not built (needs clang with libFuzzer; see mk/protocol.mk)"
    echo "SUITE fuzz: 0 passed, 1 failed"
    exit 1
fi
corpus=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$corpus" "$log"' EXIT
pass=0
fail=0
# -fork is not used: one process, so the run count below is exact.
if "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -dict=tests/fuzz/protocol.dict "$corpus" tests/fuzz/seeds >"$log" 2>&1; then
    runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$')
    echo "ok   fuzz smoke: ${runs:-?} executions in ${secs} s ran clean"
    pass=$((pass + 1))
else
    echo "FAIL fuzz smoke: libFuzzer found a problem:"
    grep -E 'ERROR|SUMMARY|check failed|Test unit written|==[0-9]+==' "$log" | head -20 | sed 's/^/    /'
    fail=$((fail + 1))
fi
# The seeds alone, once each: every checked-in input still runs clean.
if "$bin" -runs=0 tests/fuzz/seeds >/dev/null 2>&1; then
    echo "ok   fuzz seeds replay clean"
    pass=$((pass + 1))
else
    echo "FAIL fuzz seeds replay"
    fail=$((fail + 1))
fi
echo "SUITE fuzz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
