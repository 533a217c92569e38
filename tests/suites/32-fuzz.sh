#!/usr/bin/env bash
# A short libFuzzer run (FUZZ_SMOKE_SECONDS, default 20) of the protocol
# parsers: line reader, command words, setoption, position (FEN and moves),
# go, move strings (tests/fuzz/fuzz_protocol.c), under ASan + UBSan.  The
# seeds are tests/fuzz/seeds; new inputs go to a temporary directory.
# Then a shorter run (FUZZ_INPUT_SECONDS, default 8) of each parser of the
# files dablo-match and dablo-stats read (mk/records-fuzz.mk: openings,
# results, state; seeds in tests/fuzz/seeds-<name>).  `make fuzz` runs the
# same targets for longer.
set -u
cd "$(dirname "$0")/../.."
secs=${FUZZ_SMOKE_SECONDS:-20}
isecs=${FUZZ_INPUT_SECONDS:-8}
bin=build/fuzz/fuzz_protocol
if [ ! -x "$bin" ]; then
    echo "FAIL $bin is not built (needs clang with libFuzzer; see mk/protocol.mk)"
    echo "SUITE fuzz: 0 passed, 1 failed"
    exit 1
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
. tests/lib.sh
# smoke WHAT BIN SECONDS SEEDS [OPTION...]: one libFuzzer run from SEEDS
# into a fresh corpus.  -fork is not used: one process, so the run count
# is exact.
smoke() {
    local what=$1 b=$2 t=$3 seeds=$4 c runs
    shift 4
    c=$(mktemp -d)
    if [ ! -x "$b" ]; then
        echo "FAIL $b is not built"
        fail=$((fail + 1))
    elif "$b" -max_total_time="$t" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "$@" \
            "$c" "$seeds" >"$log" 2>&1; then
        runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$')
        echo "ok   $what: ${runs:-?} executions in $t s ran clean"
        pass=$((pass + 1))
    else
        echo "FAIL $what: libFuzzer found a problem:"
        grep -E 'ERROR|SUMMARY|runtime error|check failed|Test unit written|==[0-9]+==' "$log" | head -20 | sed 's/^/    /'
        fail=$((fail + 1))
    fi
    rm -rf "$c"
}
smoke "fuzz smoke" "$bin" "$secs" tests/fuzz/seeds -dict=tests/fuzz/protocol.dict
# The seeds alone, once each: every checked-in input still runs clean.
if "$bin" -runs=0 tests/fuzz/seeds >/dev/null 2>&1; then
    echo "ok   fuzz seeds replay clean"
    pass=$((pass + 1))
else
    echo "FAIL fuzz seeds replay"
    fail=$((fail + 1))
fi
for t in openings results state; do
    smoke "fuzz smoke of the $t file parser" build/fuzz/fuzz_$t "$isecs" tests/fuzz/seeds-$t
done
suite_end fuzz
