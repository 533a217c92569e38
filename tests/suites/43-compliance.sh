#!/usr/bin/env bash
# dablo-match -compliance end to end: bin/dablo passes every step in both
# games; engines that each break one rule of protocol/PROTOCOL.md
# (tests/match/misbehave.sh around bin/dablo) fail exactly the step that
# checks it, with exit 1; a bad command line exits 2.  Budget: < 90 s.
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
M=$ROOT/bin/dablo-match
W=$ROOT/tests/match/misbehave.sh
T=$(mktemp -d /tmp/dablo-43-compliance.XXXXXX)
trap 'rm -rf "$T"' EXIT
export TMPDIR=$T
. tests/lib.sh
n=0
check() {   # check NAME COMMAND...: one test in a fresh directory, passes when the command succeeds
    local name=$1
    shift
    n=$((n + 1))
    mkdir -p "$T/$n"
    if (cd "$T/$n" && "$@") >"$T/last.out" 2>&1; then
        ok "$name"
    else
        bad "$name"
        sed 's/^/     | /' "$T/last.out" | tail -n 30
    fi
}
# attempts FUNC ARGS...: a check whose searches have time limits (a
# loaded machine can make one late), run up to 3 times; each failed
# attempt has printed what it saw.
attempts() {
    local i
    for i in 1 2 3; do
        "$@" && { [ $i -eq 1 ] || echo "passed at attempt $i of 3"; return 0; }
        echo "attempt $i of 3 failed (above: what it saw)"
    done
    return 1
}
# Waits short enough for a test, long enough for a loaded machine.
FAST=(-startup-ms 3000 -ping-ms 1500 -stop-ms 1500 -quit-ms 1000)
STEPS=23

dablo_passes() {   # dablo_passes VARIANT: every step passes, exit 0
    "$M" -compliance cmd="$ROOT/bin/dablo" variant="$1" -log log >out 2>&1
    local rc=$?
    cat out
    [ $rc -eq 0 ] || { echo "exit $rc"; return 1; }
    [ "$(grep -c '^pass  ' out)" -eq $STEPS ] || { echo "not $STEPS pass lines"; return 1; }
    grep -q "^summary: $STEPS passed, 0 failed, 0 skipped" out || return 1
    grep -q "variant $1" out || return 1
    # the transcript holds the conversation: the variant was set, stop was sent
    grep -q "> setoption name Variant value $1" log && grep -q '> stop' log
}
check "bin/dablo passes every step (dablot)" attempts dablo_passes dablot
check "bin/dablo passes every step (tabal)" attempts dablo_passes tabal

# breaks STEP MODE [GLOB]: the engine filtered by misbehave.sh MODE [GLOB]
# fails STEP and no other step; exit 1.
breaks() {
    local step=$1 args
    shift
    args=$(printf "'%s' " "$@" -- "$ROOT/bin/dablo")
    "$M" -compliance cmd="$W" args="$args" "${FAST[@]}" >out 2>&1
    local rc=$?
    cat out
    [ $rc -eq 1 ] || { echo "exit $rc, not 1"; return 1; }
    local failed
    failed=$(sed -n 's/^FAIL  \([^:]*\):.*/\1/p' out)
    [ "$failed" = "$step" ] || { echo "failed: '$failed', not '$step'"; return 1; }
    grep -q "^summary: .* 1 failed" out
}
check "no Variant option: fails 'option Variant'" attempts breaks "option Variant" no-variant
check "illegal bestmove: fails 'go depth 4'" attempts breaks "go depth 4" illegal "go depth 4"
check "two bestmoves: fails 'go nodes 20000'" attempts breaks "go nodes 20000" two-bestmoves "go nodes*"
check "no score: fails 'go movetime 300'" attempts breaks "go movetime 300" no-score "go movetime 300"
check "a move in a finished game: fails 'finished position'" attempts breaks "finished position" finished-move
check "no readyok during a search: fails 'isready during a search'" attempts breaks "isready during a search" ignore-isready
check "no bestmove after stop: fails 'go infinite, stop'" attempts breaks "go infinite, stop" drop-stop
check "does not exit on quit: fails 'quit'" attempts breaks "quit" drop-quit
check "does not end at EOF: fails 'end of input during a search'" attempts breaks "end of input during a search" ignore-eof
quit_status() {   # quit_status MODE WORDS: an exit after quit other than status 0 is named, status or signal
    breaks "quit" "$1" && grep -qx "FAIL  quit: $2 after quit (expected exit status 0)" out
}
check "exit status 3 after quit: fails 'quit', naming the status" attempts quit_status quit-status "exited with status 3"
check "SIGSEGV after quit: fails 'quit', naming the signal" attempts quit_status quit-signal "was killed by signal 11 (Segmentation fault)"

no_uciok() {   # no uciok: the handshake fails, every other step is skipped, exit 1
    "$M" -compliance cmd="$W" args="no-uciok -- $ROOT/bin/dablo" "${FAST[@]}" >out 2>&1
    local rc=$?
    cat out
    [ $rc -eq 1 ] && grep -q '^FAIL  handshake (uci, isready): .*uciok' out &&
        [ "$(grep -c '^skip  ' out)" -eq $((STEPS - 1)) ] && grep -q "^summary: 0 passed, 1 failed, $((STEPS - 1)) skipped" out
}
check "no uciok: the handshake fails, the rest is skipped" attempts no_uciok

blanks_pass() {   # every line with leading blanks, tabs and runs of blanks between words: read as words, every step passes
    "$M" -compliance cmd="$W" args="blanks -- $ROOT/bin/dablo" "${FAST[@]}" >out 2>&1
    local rc=$?
    cat out
    [ $rc -eq 0 ] && grep -q "^summary: $STEPS passed, 0 failed, 0 skipped" out &&
        grep -q '^pass  handshake (uci, isready): .*; id name dablo 1\.0; ' out
}
check "blanks and tabs around words: every step passes" attempts blanks_pass

no_engines_left() {   # the killed fakes left nothing running (misbehave.sh's process tree)
    local i
    for i in $(seq 20); do
        ps -eo args= | grep -v grep | grep -q "$W" || return 0
        sleep 0.1
    done
    ps -eo pid=,args= | grep "$W" | grep -v grep
    return 1
}
check "no fake engine outlives the checker" no_engines_left

usage() {   # bad command lines: exit 2 with one line naming the problem
    local rc
    "$M" -compliance >out 2>&1; rc=$?
    [ $rc -eq 2 ] && grep -q 'needs cmd=ENGINE' out || { cat out; return 1; }
    "$M" -compliance cmd="$ROOT/bin/dablo" variant=chess >out 2>&1; rc=$?
    [ $rc -eq 2 ] && grep -q "unknown variant 'chess'" out || { cat out; return 1; }
    "$M" -compliance cmd="$ROOT/bin/dablo" depth=3 >out 2>&1; rc=$?
    [ $rc -eq 2 ] && grep -q 'chooses the searches' out || { cat out; return 1; }
    "$M" -compliance cmd="$ROOT/bin/dablo" -games 2 >out 2>&1; rc=$?
    [ $rc -eq 2 ] && grep -q "not '-games'" out || { cat out; return 1; }
    "$M" -compliance cmd=./no-such-engine >out 2>&1; rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <out)" -eq 1 ] || { cat out; return 1; }
    "$M" -compliance cmd="$ROOT/bin/dablo" -stop-ms 0 >out 2>&1; rc=$?
    [ $rc -eq 2 ] && grep -q -- '-stop-ms needs' out || { cat out; return 1; }
    # An option or a setting given twice: refused, never last-one-wins.
    "$M" -compliance cmd="$ROOT/bin/dablo" -ping-ms 500 -ping-ms 600 >out 2>&1; rc=$?
    [ $rc -eq 2 ] && [ "$(cat out)" = "dablo-match: -ping-ms is given twice" ] || { cat out; return 1; }
    "$M" -compliance cmd="$ROOT/bin/dablo" -log a -log b >out 2>&1; rc=$?
    [ $rc -eq 2 ] && [ "$(cat out)" = "dablo-match: -log is given twice" ] && [ ! -e a ] || { cat out; return 1; }
    "$M" -compliance cmd="$ROOT/bin/dablo" variant=tabal VARIANT=dablot >out 2>&1; rc=$?
    [ $rc -eq 2 ] && [ "$(cat out)" = "dablo-match: -compliance: VARIANT= is given twice ('variant=tabal', then 'VARIANT=dablot')" ] ||
        { cat out; return 1; }
    # An option.NAME=VALUE the engine has not, or a value it does not take:
    # the command line is wrong, not the engine (one line on stderr, no steps).
    local o want
    for o in "option.NoSuch=1|has no option 'NoSuch'" "option.Hash=abc|option Hash needs an integer in 1\.\.[0-9]*, not 'abc'"; do
        want=${o#*|}
        "$M" -compliance cmd="$ROOT/bin/dablo" variant=tabal "${o%%|*}" >out 2>err; rc=$?
        [ $rc -eq 2 ] && [ "$(wc -l <err)" -eq 1 ] && grep -q "^dablo-match: engine .*$want" err &&
            ! grep -q '^\(pass\|FAIL\|skip\|summary\)' out || { echo "${o%%|*}: exit $rc"; cat out err; return 1; }
    done
}
check "bad command lines exit 2" usage

rule_settings() {   # a rule of the game as option.NAME=: refused with what -compliance takes (variant=), never a match option
    local rc
    "$M" -compliance cmd="$ROOT/bin/dablo" option.Variant=tabal >out 2>&1; rc=$?
    [ $rc -eq 2 ] && [ "$(cat out)" = "dablo-match: -compliance: option.Variant=tabal chooses the game: give variant=dablot or variant=tabal (the checker sets the Variant option itself)" ] ||
        { cat out; return 1; }
    "$M" -compliance cmd="$ROOT/bin/dablo" option.Captures=compulsory >out 2>&1; rc=$?
    [ $rc -eq 2 ] && [ "$(cat out)" = "dablo-match: -compliance: option.Captures=compulsory is a rule of the game, not an engine setting: the check plays the default rules of its variant" ] ||
        { cat out; return 1; }
}
check "a rule of the game as option.NAME=: refused, suggesting variant=" rule_settings

suite_end compliance
