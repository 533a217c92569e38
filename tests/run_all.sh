#!/usr/bin/env bash
# Runs every test suite and prints one total line "N passed, N failed".
# The suites share tests/lib.sh (counters, ok/bad lines, the SUITE line).
#
# A suite is a script tests/suites/NN-name.sh.  It prints what it likes and,
# as its last line, "SUITE <name>: <P> passed, <F> failed, <S> skipped" (a
# check that cannot run here, e.g. for want of tmux, is counted as skipped,
# never as passed).  Suites run in name order from the repository root with
# bin/ and build/ already built.
set -u
cd "$(dirname "$0")/.."
# Check's per-test timeouts (4 s unless a test case sets its own) guard
# against hangs, not speed: on a loaded 2-core machine a test may take ten
# times longer.
export CK_TIMEOUT_MULTIPLIER=${CK_TIMEOUT_MULTIPLIER:-10}
total_pass=0
total_fail=0
total_skip=0
skipped_suites=()
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
    s=0
    if grep -Eq ', [0-9]+ skipped' <<<"$line"; then
        s=$(sed -E 's/.*, ([0-9]+) skipped.*/\1/' <<<"$line")
    fi
    total_skip=$((total_skip + s))
    [ "$s" -eq 0 ] || skipped_suites+=("${suite##*/} ($s)")
    total_pass=$((total_pass + p))
    total_fail=$((total_fail + f))
    [ "$f" -eq 0 ] || failed_suites+=("${suite##*/}")
done
echo
[ ${#failed_suites[@]} -eq 0 ] || echo "failed suites: ${failed_suites[*]}"
[ "$total_skip" -eq 0 ] || echo "$total_skip skipped: ${skipped_suites[*]}"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
