#!/usr/bin/env bash
# The engine-host library (tools/host/, build/libdablo-host.a): its unit
# tests (build/test_host) drive the fake engine of tests/match/ and the real
# bin/dablo through a whole conversation, blocking and polled.  Each Check
# test counts as one; a failure prints Check's report.  Also checks that
# the library stands on libc and the rules library only.  Budget: < 10 s.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
out=$(build/test_host "$PWD/build/fake_engine" "$PWD/bin/dablo" 2>&1)
rc=$?
line=$(grep -E '^[0-9]+%: Checks: [0-9]+' <<<"$out" | tail -n 1)
if [ -n "$line" ]; then
    checks=$(sed -E 's/.*Checks: ([0-9]+), Failures: ([0-9]+), Errors: ([0-9]+).*/\1/' <<<"$line")
    bad=$(sed -E 's/.*Checks: ([0-9]+), Failures: ([0-9]+), Errors: ([0-9]+).*/\2+\3/' <<<"$line")
    bad=$((bad))
    pass=$((checks - bad))
    fail=$bad
    echo "$line"
fi
if [ -z "$line" ] || { [ $rc -ne 0 ] && [ "$fail" -eq 0 ]; }; then
    fail=$((fail + 1))
    echo "FAIL build/test_host (exit $rc)"
fi
[ "$fail" -eq 0 ] || sed 's/^/     | /' <<<"$out" | tail -n 30

# Every object of the archive links with only the rules library and the C
# library (no search, front end, match runner or statistics).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if echo 'int main(void) { return 0; }' |
   ${CC:-cc} -x c - -x none -o "$tmp/host-only" -Wl,--whole-archive build/libdablo-host.a -Wl,--no-whole-archive \
       build/libdablo-rules.a -pthread -lm >"$tmp/link.out" 2>&1; then
    pass=$((pass + 1))
    echo "ok   libdablo-host.a links with only the rules library and libc"
else
    fail=$((fail + 1))
    echo "FAIL libdablo-host.a needs more than the rules library and libc:"
    sed 's/^/     | /' "$tmp/link.out" | tail -n 15
fi
suite_end host
