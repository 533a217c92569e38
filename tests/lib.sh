# tests/lib.sh - what the suites of tests/suites/ share: their counters, one
# line a check ("ok   NAME", "FAIL NAME", "skip NAME") and the SUITE line
# that tests/run_all.sh adds up.  A suite sources it from the repository
# root (`. tests/lib.sh`) and ends with `suite_end NAME`.
pass=0
fail=0
skip=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
# skipped NAME: a check that cannot run here (a tool is missing), never a pass.
skipped() { skip=$((skip + 1)); echo "skip $1"; }
# same NAME EXPECTED ACTUAL: passes when the two strings are equal.
same() { if [ "$2" = "$3" ]; then ok "$1"; else bad "$1: expected '$2', got '$3'"; fi; }
# suite_end NAME: prints "SUITE NAME: P passed, F failed, S skipped" and exits,
# with status 0 only when nothing failed.
suite_end() {
    echo "SUITE $1: $pass passed, $fail failed, $skip skipped"
    [ "$fail" -eq 0 ]
    exit
}
# full_stdout NAME CMD...: CMD with its standard output on /dev/full (every
# write fails with ENOSPC) exits 1 with one line on stderr naming stdout and
# the cause, "PROGRAM: cannot write stdout: No space left on device"
# (PROGRAM the command's file name); skipped without /dev/full.
full_stdout() {
    local name=$1 err rc
    shift
    [ -w /dev/full ] || { skipped "$name (no /dev/full)"; return; }
    err=$("$@" 2>&1 >/dev/full)
    rc=$?
    same "$name" "1 ${1##*/}: cannot write stdout: No space left on device" "$rc $err"
}
