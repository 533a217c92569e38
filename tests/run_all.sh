#!/usr/bin/env bash
# Runs every test suite and prints one total line "N passed, N failed".
#
# A suite is a script tests/suites/NN-name.sh.  It prints what it likes and,
# as its last line, "SUITE <name>: <P> passed, <F> failed".  Suites run in
# name order from the repository root with bin/ and build/ already built.
set -u
cd "$(dirname "$0")/.."
total_pass=0
total_fail=0
failed_suites=()
for suite in tests/suites/*.sh; do
    [ -e "$suite" ] || continue
    echo "=== ${suite##*/}"
    out=$(mktemp)
    bash "$suite" 2>&1 | tee "$out"
    rc=${PIPESTATUS[0]}
    line=$(grep -E '^SUITE .*: [0-9]+ passed, [0-9]+ failed' "$out" | tail -n 1)
    rm -f "$out"
    if [ -z "$line" ]; then
        echo "suite ${suite##*/} printed no SUITE line (exit $rc): counted as 1 failure"
        total_fail=$((total_fail + 1))
        failed_suites+=("${suite##*/}")
        continue
    fi
    p=$(sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\1/' <<<"$line")
    f=$(sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\2/' <<<"$line")
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "suite ${suite##*/} exited $rc: counted as 1 failure"
        f=1
    fi
    total_pass=$((total_pass + p))
    total_fail=$((total_fail + f))
    [ "$f" -eq 0 ] || failed_suites+=("${suite##*/}")
done
echo
[ ${#failed_suites[@]} -eq 0 ] || echo "failed suites: ${failed_suites[*]}"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
