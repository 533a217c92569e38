#!/usr/bin/env bash
# The engine protocol end to end: every transcript of tests/transcripts/
# replayed against bin/dablo over real pipes (build/replay), then a few
# checks of the command line and of plain (non-terminal) I/O.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
check() {   # check NAME COMMAND...: one test, passes when the command succeeds
    local name=$1
    shift
    if "$@"; then ok "$name"; else bad "$name"; fi
}

# One engine process per transcript; replay prints "ok FILE" / "FAIL FILE:..."
# and the latencies it measured.  A transcript that fails only on a latency
# limit ("came after N ms") is run again, up to 3 attempts in all: on a
# machine busy with other work the scheduler alone can exceed 50 ms.  Any
# other failure counts at once.  replay stretches each limit by the load
# average per CPU when that is above 1.
out=$(mktemp)
for t in tests/transcripts/*.t; do
    for attempt in 1 2 3; do
        build/replay "$t" >"$out"
        rc=$?
        grep -v '^replay: ' "$out"
        [ $rc -eq 0 ] && break
        grep -q '^FAIL .* came after [0-9.]* ms, limit' "$out" || break
        [ $attempt -lt 3 ] &&
            echo "     (timing failure, attempt $attempt of 3; load average: $(cut -d' ' -f1-3 /proc/loadavg); running it again)"
    done
    if [ $rc -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi   # replay printed the line
done
rm -f "$out"

# Over a pipe there is no prompt, no echo and no terminal escape: the
# output is exactly the answers.
pipe_exact() {
    [ "$(printf 'isready\n' | bin/dablo)" = "readyok" ]
}
check "pipe: no prompt, no echo" pipe_exact

# EOF right away, and an empty input: exit status 0.
check "EOF at once exits 0" bash -c 'bin/dablo </dev/null >/dev/null'
check "--plain reads a pipe" bash -c '[ "$(printf "isready\n" | bin/dablo --plain)" = readyok ]'
# A UTF-8 byte-order mark an editor saved before the first line of a
# script of commands is skipped, as the tools' readers of text skip it;
# one later in the input is no part of the protocol and stays an error.
bom_first_line() {
    local out
    out=$(printf '\xef\xbb\xbfuci\r\nisready\r\n' | bin/dablo 2>&1)
    grep -qx uciok <<<"$out" && grep -qx readyok <<<"$out" && ! grep -q 'unknown command' <<<"$out" ||
        { echo "first line: $out"; return 1; }
    out=$(printf 'isready\n\xef\xbb\xbfisready\n' | bin/dablo 2>&1)
    [ "$(grep -c '^readyok$' <<<"$out")" -eq 1 ] && grep -q '^info string unknown command: ' <<<"$out" ||
        { echo "second line: $out"; return 1; }
}
check "a byte-order mark before the first input line is skipped" bom_first_line
# Standard input that fails is said on stderr with exit 1, never taken
# for its end: a read error, or no memory for a line (here a 200 MB line
# in 200 MB of address space; the reader's cap is 256 MiB).
stdin_errors() {
    local err rc
    err=$(bin/dablo </tmp 2>&1 >/dev/null); rc=$?
    [ $rc -eq 1 ] && [ "$err" = "dablo: stdin: read error: Is a directory" ] || { echo "folder: rc $rc: $err"; return 1; }
    err=$( (ulimit -v 200000 && head -c 200000000 /dev/zero | bin/dablo) 2>&1 >/dev/null); rc=$?
    [ $rc -eq 1 ] && [ "$err" = "dablo: stdin: out of memory reading a line" ] || { echo "memory: rc $rc: $err"; return 1; }
}
check "stdin: a read error or no memory for a line is said, exit 1" stdin_errors

# Command-line mode: one command, run to its end, then exit.
perft_args() {
    local out
    out=$(bin/dablo go perft 3) || return 1
    grep -qx 'Nodes searched: 4361' <<<"$out" && [ "$(grep -c '^[a-k][0-9]*-[a-k][0-9]*: [0-9]*$' <<<"$out")" -eq 15 ]
}
check "bin/dablo go perft 3" perft_args
go_args() {
    local out
    out=$(timeout 60 bin/dablo go depth 4) || return 1
    grep -q '^info depth .* score .* pv ' <<<"$out" && [ "$(grep -c '^bestmove ' <<<"$out")" -eq 1 ]
}
check "bin/dablo go depth 4 waits for its bestmove" go_args
bench_args() {
    local out
    out=$(timeout 120 bin/dablo bench 3 2>&1) || return 1
    grep -q '^Nodes searched *: *[1-9][0-9]*$' <<<"$out"
}
check "bin/dablo bench 3 runs and exits 0" bench_args
bench_stop() {   # stop ends a bench (a deep one, hours long): no totals, the engine answers on
    local out
    out=$( (echo 'bench 30'; sleep 1; echo stop; echo isready) | timeout 60 bin/dablo 2>&1) || return 1
    grep -q '^info string bench stopped after [0-9]* of [0-9]* positions$' <<<"$out" &&
        ! grep -q '^Nodes searched' <<<"$out" && grep -q '^readyok$' <<<"$out" || { echo "$out"; return 1; }
}
check "stop ends a running bench" bench_stop
cli_flags() {
    bin/dablo --version | grep -qx 'dablo [0-9][0-9.]*' || return 1
    bin/dablo --help | grep -q '^Usage: dablo' || return 1
    bin/dablo --help | grep -q '^  uci ' || return 1
    local err
    err=$(bin/dablo --bogus 2>&1); [ $? -eq 2 ] && grep -q "unknown option '--bogus'" <<<"$err" || return 1
    err=$(timeout 5 bin/dablo go infinite 2>&1); [ $? -eq 2 ] && grep -q "would search until 'stop'" <<<"$err" || return 1
    # a malformed go: its one error line, naming the word and what was
    # expected (not that no limit was given: White to move, wtime is its clock)
    local k
    for k in depth nodes movetime wtime; do
        err=$(timeout 5 bin/dablo go $k abc 2>&1); [ $? -eq 2 ] && grep -qx "dablo: go: $k: expected an integer .*, got 'abc'" <<<"$err" ||
            { echo "go $k abc: $err"; return 1; }
    done
    err=$(timeout 5 bin/dablo go depth 2>&1); [ $? -eq 2 ] && [ "$err" = "dablo: go: depth needs an integer 1..1000" ] ||
        { echo "go depth: $err"; return 1; }
    # a go with a limit is refused too, in one line however many words are bad
    err=$(timeout 5 bin/dablo go depth 3 movestogo x a1 a2 2>&1); [ $? -eq 2 ] &&
        [ "$err" = "dablo: go: movestogo: expected an integer >= 0, got 'x'" ] ||
        { echo "go depth 3 movestogo x a1 a2: $err"; return 1; }
    err=$(timeout 5 bin/dablo go depth 3 depth 4 2>&1); [ $? -eq 2 ] && [ "$err" = "dablo: go: depth given twice" ] ||
        { echo "go depth 3 depth 4: $err"; return 1; }
    # notes of a go that only stop would end are shown, each on its line,
    # and past four how many more: "1 more note", "2 more notes"
    local big=99999999999999999999999
    err=$(timeout 5 bin/dablo go infinite depth $big nodes $big movetime $big wtime $big btime $big 2>&1); [ $? -eq 2 ] &&
        [ "$(sed -n 1p <<<"$err")" = "dablo: go: depth $big is above the limit 1000" ] &&
        [ "$(sed -n 5p <<<"$err")" = "dablo: ... and 1 more note in this command" ] &&
        grep -q "would search until 'stop'" <<<"$err" || { echo "go infinite with notes: $err"; return 1; }
    err=$(timeout 5 bin/dablo go infinite depth $big nodes $big movetime $big wtime $big btime $big winc $big 2>&1); [ $? -eq 2 ] &&
        [ "$(sed -n 5p <<<"$err")" = "dablo: ... and 2 more notes in this command" ] || { echo "go infinite with notes: $err"; return 1; }
    # argv is quoted with control bytes and invalid UTF-8 as '?'
    err=$(bin/dablo $'--x\xff\x1b[1m' 2>&1); [ $? -eq 2 ] && grep -q "unknown option '--x??\[1m'" <<<"$err" || return 1
    err=$(timeout 5 bin/dablo go 2>&1); [ $? -eq 2 ] || return 1
    # an option after the command is refused before anything runs
    err=$(timeout 5 bin/dablo go depth 2 --variant tabal 2>&1); [ $? -eq 2 ] &&
        [ "$err" = "dablo: option '--variant' must come before the command (try --help)" ] ||
        { echo "go depth 2 --variant tabal: $err"; return 1; }
    # an unknown command is a usage error too (2, as --help says), not a failed command (1)
    err=$(timeout 5 bin/dablo foo 2>&1); [ $? -eq 2 ] && [ "$err" = "dablo: unknown command 'foo' (try --help)" ] ||
        { echo "bin/dablo foo: $err"; return 1; }
    # --version and --help take nothing after them
    err=$(timeout 5 bin/dablo --version extra 2>&1); [ $? -eq 2 ] &&
        [ "$err" = "dablo: unexpected argument 'extra' after --version or --help" ] || { echo "$err"; return 1; }
    err=$(timeout 5 bin/dablo --help uci 2>&1); [ $? -eq 2 ] && grep -q "^dablo: unexpected argument 'uci'" <<<"$err"
}
check "bin/dablo --version, --help, unknown flags, extra arguments, endless one-shot go refused" cli_flags
cli_status() {
    local err
    bin/dablo go perft 2 >/dev/null || return 1
    # a malformed go perft is a malformed go: exit 2, its line on stderr,
    # stdout empty (it said "info string error: ..." on stdout, exit 1)
    local cmd want out
    for cmd in "perft x|go perft: 'x' is not a depth 1..100" "perft -1|go perft: '-1' is not a depth 1..100" \
        "perft|go perft: needs a depth 1..100" \
        "perft 3 x|go perft: expected 'go perft <depth>' with depth 1..100 and no other word"; do
        want="dablo: ${cmd#*|}"
        # shellcheck disable=SC2086 # the words of the command
        out=$(bin/dablo go ${cmd%%|*} 2>/dev/null)
        err=$(bin/dablo go ${cmd%%|*} 2>&1 >/dev/null)
        [ $? -eq 2 ] && [ -z "$out" ] && [ "$err" = "$want" ] ||
            { echo "     go ${cmd%%|*}: stdout '$out', stderr '$err'"; return 1; }
    done
    err=$(bin/dablo setoption name Hash value lots 2>&1); [ $? -eq 1 ] || return 1
    # the notes of a go that runs are no error lines (a host reading "error:"
    # would take the go as refused)
    err=$(timeout 30 bin/dablo go depth 1 mate 3 2>&1); [ $? -eq 0 ] &&
        grep -qx "info string go: mate is not supported; searching without it" <<<"$err" || { echo "$err"; return 1; }
    err=$(timeout 30 bin/dablo go depth 1001 nodes 200 2>&1); [ $? -eq 0 ] &&
        grep -qx "info string go: depth 1001 is above the limit 1000; searching with depth 1000" <<<"$err" ||
        { echo "$err"; return 1; }
    # a Dablot option while Tabal is played is stored, with a note that is no error
    err=$(bin/dablo --variant tabal setoption name Captures value compulsory 2>&1); [ $? -eq 0 ] &&
        grep -qx "info string Captures applies to Dablot only; stored for a game of Dablot" <<<"$err" || { echo "$err"; return 1; }
    # and so is TradeBonus, which applies to Dablot under optional captures only
    err=$(bin/dablo --variant tabal setoption name TradeBonus value 500 2>&1); [ $? -eq 0 ] &&
        grep -qx "info string TradeBonus applies to Dablot under optional captures only; stored for a game of Dablot under optional captures" <<<"$err" ||
        { echo "$err"; return 1; }
}
check "a one-shot command exits 1 when it wrote an error line, 0 otherwise; a malformed go perft 2 with its line on stderr" cli_status
# The terminal's play commands from the shell: help knows them as the
# terminal does and says where they work; the command itself is a usage
# error saying the same, not an unknown command.
cli_play_commands() {
    local out t
    for t in board undo new play time level; do
        out=$(timeout 5 bin/dablo help $t 2>&1) && [ "$(wc -l <<<"$out")" -eq 3 ] &&
            [ "$(sed -n 3p <<<"$out")" = "  $t is a terminal play command: run dablo at a terminal, with no command, and type it at the prompt" ] ||
            { echo "help $t: $out"; return 1; }
    done
    out=$(timeout 5 bin/dablo help UNDO 2>&1) && [ "$(sed -n 1,2p <<<"$out")" = "undo [n]
  take back your last (n) move(s) and dablo's answers" ] || { echo "help UNDO: $out"; return 1; }
    out=$(timeout 5 bin/dablo undo 2 2>&1); [ $? -eq 2 ] &&
        [ "$out" = "dablo: undo is a terminal play command: run dablo at a terminal, with no command, and type it at the prompt" ] ||
        { echo "undo 2: $out"; return 1; }
}
check "bin/dablo help undo: a terminal play command's line and where it works; bin/dablo undo says so" cli_play_commands
# A move given from the shell is a usage error that says where a move is
# played (over a pipe the unknown command's line says it: 03-unknown.t).
cli_move() {
    local a out rc
    for a in c5-d6 C5-D6 z9-z9 a5xa9xc11; do
        out=$(timeout 5 bin/dablo "$a" 2>&1); rc=$?
        [ $rc -eq 2 ] && [ "$out" = "dablo: $a is a move: run dablo at a terminal, with no command, and type it at the prompt" ] ||
            { echo "     $a: rc $rc: $out"; return 1; }
    done
    out=$(timeout 5 bin/dablo --variant tabal b2-c3 2>&1 >/dev/null); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo: b2-c3 is a move: run dablo at a terminal, with no command, and type it at the prompt" ] ||
        { echo "     tabal b2-c3: rc $rc: $out"; return 1; }
    out=$(timeout 5 bin/dablo foo 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo: unknown command 'foo' (try --help)" ] || { echo "     foo: rc $rc: $out"; return 1; }
}
check "bin/dablo c5-d6: a usage error naming it a move and how to play it, exit 2" cli_move
# A '#' command from the shell is a comment, ignored as a '#' line over a
# pipe is: nothing printed, exit 0.
cli_comment() {
    local a out rc
    for a in '#' '# a comment' '#isready'; do
        out=$(timeout 5 bin/dablo "$a" 2>&1); rc=$?
        [ $rc -eq 0 ] && [ -z "$out" ] || { echo "     '$a': rc $rc: $out"; return 1; }
    done
}
check "bin/dablo '#': a comment, ignored (exit 0, no output)" cli_comment
# An unknown help topic from the shell is a usage error like an unknown
# command: one line on stderr naming it and the topics, nothing on stdout,
# exit 2.  Over a pipe it stays the protocol's error line (03-unknown.t).
cli_help_unknown_topic() {
    local out err rc
    err=$(timeout 5 bin/dablo help foo 2>&1 >/dev/null); rc=$?
    out=$(timeout 5 bin/dablo help foo 2>/dev/null)
    [ $rc -eq 2 ] && [ -z "$out" ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
        grep -q "^dablo: help: unknown topic 'foo' (topics: protocol, .*, help; at the terminal: board, undo, new, play, time, level)$" <<<"$err" ||
        { echo "help foo: rc $rc, stdout '$out', stderr '$err'"; return 1; }
    err=$(timeout 5 bin/dablo --variant tabal HELP $'b\x1bogus' extra 2>&1 >/dev/null); rc=$?
    [ $rc -eq 2 ] && grep -q "^dablo: help: unknown topic 'b?ogus' " <<<"$err" ||
        { echo "HELP b^[ogus: rc $rc, '$err'"; return 1; }
    out=$(timeout 5 bin/dablo help GO 2>&1) && grep -q "^go \[wtime" <<<"$out" || { echo "help GO: $out"; return 1; }
    out=$(printf 'help foo\nisready\n' | timeout 5 bin/dablo 2>&1) &&
        grep -q "^info string error: help: unknown topic 'foo' (topics: protocol, .*)$" <<<"$out" &&
        [ "$(tail -1 <<<"$out")" = readyok ] || { echo "pipe help foo: $out"; return 1; }
}
check "bin/dablo help foo: stderr, exit 2; over a pipe an info string error line" cli_help_unknown_topic
# A malformed go over a pipe: one error line, and no search (before, the
# bad limit was dropped and the search ran until stop: a host waited for ever).
malformed_go() {
    local go out
    for go in 'go depth x' 'go nodes -5' 'go movetime abc' 'go depth 4 bogus' 'go searchmoves' \
        'go searchmoves depth 2'; do
        out=$(printf '%s\nisready\n' "$go" | timeout 10 bin/dablo 2>&1)
        [ "$(wc -l <<<"$out")" -eq 2 ] && grep -q "^info string error: go: .*; nothing searched$" <<<"$out" &&
            [ "$(tail -1 <<<"$out")" = readyok ] || { echo "     $go: $out"; return 1; }
    done
}
check "a malformed go over a pipe: one error line, nothing searched" malformed_go
# A command that takes no argument refuses a word after it, as a play
# command does (new tabal extra): one error line naming the word, and the
# command does not run (isready gives no readyok, quit does not quit, show
# no block); help takes one topic at most.
no_argument_commands() {
    local c out
    for c in uci isready ucinewgame stop ponderhit quit show d eval; do
        out=$(printf '%s extra
isready
' "$c" | timeout 10 bin/dablo 2>&1)
        [ "$out" = "info string error: $c: expected '$c' alone, got 'extra'
readyok" ] || { echo "     $c extra: $out"; return 1; }
    done
    out=$(printf 'ISREADY now
help go extra
isready
' | timeout 10 bin/dablo 2>&1)
    [ "$out" = "info string error: isready: expected 'isready' alone, got 'now'
info string error: help: expected 'help [<command>]', got a second word 'extra'
readyok" ] || { echo "     ISREADY now, help go extra: $out"; return 1; }
}
check "a command that takes no argument refuses a word after it: one error line, not run" no_argument_commands
# Blank arguments add no word, as an empty line over the pipe is ignored
# (PROTOCOL.md section 1.1); the words of one argument are split as a line's.
cli_blank() {
    local out
    out=$(timeout 5 bin/dablo '' isready 2>&1) && [ "$out" = readyok ] || { echo "'' isready: $out"; return 1; }
    out=$(timeout 5 bin/dablo isready ' ' 2>&1) && [ "$out" = readyok ] || { echo "isready ' ': $out"; return 1; }
    out=$(timeout 5 bin/dablo '' 2>&1 </dev/null) && [ -z "$out" ] || { echo "'': $out"; return 1; }
    out=$(timeout 5 bin/dablo 'go perft 1' 2>&1) && grep -qx 'Nodes searched: 15' <<<"$out" || { echo "'go perft 1': $out"; return 1; }
    out=$(timeout 5 bin/dablo '' go infinite 2>&1); [ $? -eq 2 ] && grep -q "^dablo: 'go infinite' would search" <<<"$out" ||
        { echo "'' go infinite: $out"; return 1; }
    # the error line quotes the words, one space apart, whatever blanks came
    out=$(timeout 5 bin/dablo ' go  infinite ' '' 2>&1); [ $? -eq 2 ] &&
        [ "$out" = "dablo: 'go infinite' would search until 'stop', which a command line cannot send; give depth, nodes or movetime" ] ||
        { echo "' go  infinite ' '': $out"; return 1; }
}
check "bin/dablo '' isready: a blank argument is no word; no word at all runs nothing" cli_blank
# perft's nps comes from the elapsed time, not from the rounded ms: a
# count done within 1 ms (time 0) is more than nodes * 1000 a second.
perft_nps() {
    local line n t nps
    for d in 1 2; do
        line=$(bin/dablo perft $d | grep '^info string perft')
        read -r n t nps <<<"$(sed -E 's/.* nodes ([0-9]+) time ([0-9]+) nps ([0-9]+)$/\1 \2 \3/' <<<"$line")"
        [ -n "$nps" ] || { echo "$line"; return 1; }
        if [ "$t" -eq 0 ]; then
            [ "$nps" -gt $((n * 1000)) ] || { echo "$line"; return 1; }
        else
            [ "$nps" -ge $((n * 1000 / (t + 1))) ] && [ "$nps" -le $((n * 1000 / t)) ] || { echo "$line"; return 1; }
        fi
    done
}
check "perft's nps agrees with its time, also at time 0" perft_nps
# The same for a search's info lines (and bench's total): a depth-1 search
# often ends within 1 ms of its go (time 0), faster than nodes * 1000 a
# second.  The first go of a process may take longer (its threads start):
# ten in one process, and up to 5 processes to see a time 0; a loaded
# machine may show none, and then only the lines it showed are checked.
search_nps() {
    local out line n t nps zero=0 try
    for try in 1 2 3 4 5; do
        out=$(for _ in 1 2 3 4 5 6 7 8 9 10; do echo 'go depth 1'; sleep 0.02; done | timeout 10 bin/dablo) || return 1
        while read -r line; do
            read -r n nps t <<<"$(sed -E 's/.* nodes ([0-9]+) nps ([0-9]+) .*time ([0-9]+) pv .*/\1 \2 \3/' <<<"$line")"
            [ -n "$t" ] || { echo "$line"; return 1; }
            if [ "$t" -eq 0 ]; then
                zero=1
                [ "$nps" -gt $((n * 1000)) ] || { echo "$line"; return 1; }
            else   # time and nps read one clock from the go
                [ "$nps" -ge $((n * 1000 / (t + 1))) ] &&
                    { [ "$t" -lt 2 ] || [ "$nps" -le $((n * 1000 / (t - 1))) ]; } || { echo "$line"; return 1; }
            fi
        done < <(grep '^info depth' <<<"$out")
        [ $zero -eq 1 ] && break
    done
    [ $zero -eq 1 ] || echo "NOTE: no info line with time 0 in 5 tries (a loaded machine): that case is not checked" >&2
    out=$(timeout 60 bin/dablo bench 1 2>&1) || return 1
    n=$(sed -nE 's/^Nodes searched +: ([0-9]+)$/\1/p' <<<"$out")
    t=$(sed -nE 's/^Total time \(ms\) +: ([0-9]+)$/\1/p' <<<"$out")
    nps=$(sed -nE 's/^Nodes\/second +: ([0-9]+)$/\1/p' <<<"$out")
    [ -n "$n" ] && [ -n "$t" ] && [ -n "$nps" ] && [ "$nps" -ge $((n * 1000 / (t + 1))) ] &&
        { [ "$t" -gt 0 ] || [ "$nps" -gt $((n * 1000)) ]; } || { echo "bench 1: $out"; return 1; }
}
check "a search's and bench's nps agree with their time, also at time 0" search_nps
# go nodes counts every thread's nodes: 2 threads stopped at 1835-2662 of
# 1000 (the main thread counted only its own).  The margin allowed is a few
# nodes a thread (PROTOCOL.md, go).
nodes_threads() {
    local t n f
    f=$(mktemp)
    for t in 1 2 4; do
        : >"$f"
        { printf 'setoption name Threads value %s\ngo nodes 2000\n' "$t"
          for _ in $(seq 300); do grep -q '^bestmove' "$f" && break; sleep 0.1; done; } | timeout 60 bin/dablo >"$f"
        n=$(grep -o ' nodes [0-9]*' "$f" | tail -1 | cut -d' ' -f3)
        echo "  Threads $t, go nodes 2000: nodes $n"
        if [ "$t" = 1 ]; then [ "$n" = 2000 ]; else [ -n "$n" ] && [ "$n" -ge 2000 ] && [ "$n" -le $((2000 + 4 * t)) ]; fi \
            || { rm -f "$f"; return 1; }
    done
    rm -f "$f"
}
check "go nodes with Threads 1, 2, 4 stops at the limit of all threads' nodes" nodes_threads
# With one thread exactly n nodes, also where the limit falls on a node
# whose parent then searched it again (997 and 1000 from this position
# gave 998 and 1001: the root's re-search after an abort).
nodes_exact() {
    local n got
    for n in 997 1000 20000; do
        got=$( { printf 'position startpos moves c5-d6\ngo nodes %s\n' "$n"; sleep 2; } | timeout 20 bin/dablo |
            grep -o ' nodes [0-9]*' | tail -1 | cut -d' ' -f3)
        [ "$got" = "$n" ] || { echo "     go nodes $n: nodes $got"; return 1; }
    done
}
check "go nodes n with one thread searches exactly n nodes" nodes_exact
# go ponder and go infinite never end by themselves, not even at a node
# or depth limit: the bestmove waits for ponderhit or stop (PROTOCOL.md
# section 3.3; go ponder nodes 50000 answered within 50 ms).
ponder_waits() {
    local out go
    for go in 'go ponder nodes 50000' 'go infinite nodes 50000' 'go ponder depth 3'; do
        out=$( { printf 'position startpos moves c5-d6 b8-c7\n%s\n' "$go"; sleep 1; echo isready; sleep 0.3
                 case $go in *ponder*) echo ponderhit ;; *) echo stop ;; esac; sleep 0.5; } | timeout 20 bin/dablo |
            grep -E '^(bestmove|readyok)' | tr '\n' ' ')
        case $out in "readyok bestmove "*) ;; *) echo "     $go: $out"; return 1 ;; esac
    done
}
check "go ponder/infinite with a node or depth limit answer only after ponderhit/stop" ponder_waits
# stop then isready at once: readyok says everything before it is done, so
# it follows the stopped search's bestmove (PROTOCOL.md section 3.1).
stop_then_ready() {
    local out i
    for i in 1 2 3 4 5; do
        out=$( { printf 'go infinite\n'; sleep 0.3; printf 'stop\nisready\n'; sleep 0.5; } | timeout 20 bin/dablo |
            grep -E '^(bestmove|readyok)' | tr '\n' ' ')
        case $out in "bestmove "*" readyok ") ;; *) echo "     try $i: $out"; return 1 ;; esac
    done
}
check "stop then isready: readyok follows the bestmove" stop_then_ready
# go perft with another word: one error line (it said "unknown word 'x';
# ignored" first, though nothing ran).
perft_extra_word() {
    local out
    out=$(echo 'go perft 3 x' | bin/dablo)
    [ $? -eq 0 ] && [ "$out" = "info string error: go perft: expected 'go perft <depth>' with depth 1..100 and no other word" ] ||
        { echo "     $out"; return 1; }
}
check "go perft with another word: one error line" perft_extra_word
cli_variant() {
    local out err
    out=$(timeout 60 bin/dablo --variant tabal go perft 9) || return 1
    grep -qx 'Nodes searched: 1227162' <<<"$out" || return 1   # the piped count below
    out=$(bin/dablo --plain --variant dablot go perft 3) || return 1
    grep -qx 'Nodes searched: 4361' <<<"$out" || return 1
    # A bad game is a command-line error like a missing one: one line on stderr, nothing on stdout, exit 2.
    local so
    so=$(bin/dablo --variant chess go perft 2 2>/dev/null); [ $? -eq 2 ] && [ -z "$so" ] || { echo "stdout: $so"; return 1; }
    err=$(bin/dablo --variant chess go perft 2 2>&1 >/dev/null)
    [ "$(wc -l <<<"$err")" -eq 1 ] && grep -q "^dablo: invalid value 'chess' for option Variant" <<<"$err" || { echo "stderr: $err"; return 1; }
    err=$(bin/dablo --variant 2>&1); [ $? -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ] && grep -q "^dablo: --variant needs a game" <<<"$err"
}
check "bin/dablo --variant tabal go perft 9 counts what the piped Variant setting counts; a bad game exits 2" cli_variant
# --variant given twice: the second would win in silence; one line on
# stderr naming it, nothing on stdout, exit 2 (also with --plain between).
cli_variant_twice() {
    local out err rc
    out=$(bin/dablo --variant tabal --plain --variant dablot go perft 1 2>/dev/null); rc=$?
    err=$(bin/dablo --variant tabal --plain --variant dablot go perft 1 2>&1 >/dev/null)
    [ $rc -eq 2 ] && [ -z "$out" ] && [ "$err" = "dablo: --variant given twice" ] || { echo "rc $rc: '$out' '$err'"; return 1; }
    out=$(bin/dablo --plain --plain --variant tabal go perft 1 2>&1) && grep -qx 'Nodes searched: [0-9]*' <<<"$out" ||
        { echo "--plain twice: $out"; return 1; }
}
check "bin/dablo --variant given twice: one line on stderr, exit 2" cli_variant_twice

# Piped in with nothing after it, a perft or bench runs to its end before
# EOF ends the engine (Stockfish's behaviour); quit still stops a perft.
perft_then_eof() {
    local out
    out=$(printf 'setoption name Variant value tabal\ngo perft 9\n' | timeout 60 bin/dablo) || return 1
    grep -qx 'Nodes searched: 1227162' <<<"$out"
}
check "go perft 9 piped in, then EOF: the count is printed" perft_then_eof
bench_then_eof() {
    local out
    out=$(printf 'bench 3\n' | timeout 120 bin/dablo) || return 1
    grep -q '^Nodes searched *: *[1-9][0-9]*$' <<<"$out"
}
check "bench 3 piped in, then EOF: the summary is printed" bench_then_eof
perft_then_quit() {
    local out t0 t1
    t0=$(date +%s%N)
    out=$(printf 'go perft 12\nquit\n' | timeout 60 bin/dablo) || return 1
    t1=$(date +%s%N)
    grep -q '^info string perft stopped after' <<<"$out" && [ $(( (t1 - t0) / 1000000 )) -lt 5000 ]
}
check "go perft 12 then quit: stopped at once" perft_then_quit

# Skill Level 20 is full strength: the same search, node for node, as no
# option; a weak level gives the same move every time in a position.
search_lines() {   # search_lines SETUP...: the last info line and the bestmove of go depth 8
    local out i
    out=$(mktemp)
    {   # stdin stays open until the bestmove (end of input would stop the search)
        printf '%s\n' "$@" 'position startpos moves c5-d6 b8-c7' 'go depth 8'
        for ((i = 0; i < 1200; i++)); do grep -q '^bestmove' "$out" && break; sleep 0.05; done
    } | bin/dablo >"$out"
    grep -E '^(info depth|bestmove)' "$out" | tail -2 | sed 's/ nps [0-9]* / /; s/ time [0-9]* / /'
    rm -f "$out"
}
skill_full() {
    local a b
    a=$(search_lines 'isready') && b=$(search_lines 'setoption name Skill Level value 20') || return 1
    [ -n "$a" ] && [ "$a" = "$b" ] || { echo "     no option: $a"; echo "     level 20:  $b"; return 1; }
}
check "Skill Level 20 searches exactly as no option" skill_full
skill_repeatable() {
    local a b c
    a=$(search_lines 'setoption name Skill Level value 3' | tail -1)
    b=$(search_lines 'setoption name Skill Level value 3' | tail -1)
    c=$(search_lines 'setoption name Skill Level value 3' 'ucinewgame' | tail -1)
    [ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" = "$c" ] || { echo "     $a / $b / $c"; return 1; }
}
check "a weak Skill Level answers a position with the same move every time" skill_repeatable
# The same with Threads 4: the lines of a parallel search vary from run to
# run, so a weak level searches with one thread (level 12 in Tabal gave
# b4-c5 and d4-c5 in four runs with 2 threads).
skill_threads() {
    local a b c
    a=$(search_lines 'setoption name Threads value 4' 'setoption name Skill Level value 12' | tail -1)
    b=$(search_lines 'setoption name Threads value 4' 'setoption name Skill Level value 12' | tail -1)
    c=$(search_lines 'setoption name Threads value 4' 'setoption name Skill Level value 12' 'ucinewgame' | tail -1)
    [ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" = "$c" ] || { echo "     $a / $b / $c"; return 1; }
}
check "a weak Skill Level with Threads 4 gives the same move every time" skill_threads

# A search stopped before depth 1 completes has no result: no info depth
# line (a host would take it for a searched score), and still one legal
# bestmove, the first in move order (PROTOCOL.md section 3.3).
unfinished_depth1() {   # unfinished_depth1 NAME SETUP...: go nodes 1 after SETUP
    local name=$1 out legal best
    shift
    out=$(printf '%s\n' "$@" 'go nodes 1' | timeout 30 bin/dablo 2>&1)
    legal=$(printf '%s\n' "$@" 'go perft 1' | timeout 30 bin/dablo 2>&1 | sed -n 's/^\([a-k][0-9a-kx-]*\): [0-9]*$/\1/p')
    best=$(sed -n 's/^bestmove \([^ ]*\).*/\1/p' <<<"$out")
    if grep -q '^info depth' <<<"$out" || [ "$(grep -c '^bestmove ' <<<"$out")" -ne 1 ] ||
        ! grep -qxF -- "$best" <<<"$legal"; then
        bad "$name: go nodes 1 gave"
        sed 's/^/     /' <<<"$out" | grep -v '^     option'
        echo "     legal moves: $(echo $legal)"
    else
        ok "$name: no info depth line, legal bestmove $best"
    fi
}
unfinished_depth1 "go nodes 1, Dablot start" 'position startpos'
unfinished_depth1 "go nodes 1, Tabal, a capture is compulsory" 'setoption name Variant value tabal' \
    'position startpos moves b4-c5'
unfinished_depth1 "go nodes 1, 2 threads, MultiPV 3" 'setoption name Threads value 2' \
    'setoption name MultiPV value 3' 'position startpos moves c5-d6'
unfinished_depth1 "go nodes 1, Skill Level 3" 'setoption name Skill Level value 3' 'position startpos'
stop_at_once() {   # stop right after go: one legal bestmove; an info depth line only with a pv
    local out
    out=$(printf '%s\n' 'position startpos' 'go infinite' 'stop' | timeout 30 bin/dablo 2>&1)
    [ "$(grep -c '^bestmove [a-k][0-9]*[-x][a-k]' <<<"$out")" -eq 1 ] &&
        ! grep '^info depth' <<<"$out" | grep -qv ' score cp -*[0-9]* nodes [1-9][0-9]* .* pv [a-k]' ||
        { echo "$out" | grep -v '^option' | sed 's/^/     /'; return 1; }
}
check "stop right after go: one legal bestmove, no score line without nodes" stop_at_once

# FEN counters stop at the parser's largest value (999999999): a position
# the engine reaches gives a FEN the engine reads back.
counters_saturate() {
    local out fen again
    out=$(printf '%s\n' 'position fen 6/5/6/5/6/5/k3PK/5/6/5/6/5/6 b 999999999 999999999 moves a7-c7' show |
          bin/dablo 2>&1)
    fen=$(sed -n 's/^fen //p' <<<"$out")
    again=$(printf '%s\n' "position fen $fen" show | bin/dablo 2>&1)
    [ "$fen" = "6/5/6/5/6/5/1k2PK/5/6/5/6/5/6 w 999999999 999999999" ] &&
        [ "$(sed -n 's/^fen //p' <<<"$again")" = "$fen" ] && ! grep -q error <<<"$again" ||
        { echo "     fen '$fen'; read back: $(head -1 <<<"$again")"; return 1; }
}
check "FEN counters saturate at 999999999, and the FEN reads back" counters_saturate

# "d" lists the moves played since the start position.
d_moves() {
    local out
    out=$(printf '%s\n' 'position startpos moves c5-d6' d | bin/dablo 2>&1)
    grep -qx 'Moves played: 1 (from .*)   Repetitions of this position: 1' <<<"$out" &&
        grep -qx 'Moves: c5-d6' <<<"$out" ||
        { grep '^Moves' <<<"$out" | sed 's/^/     /'; return 1; }
}
check "d: the moves played" d_moves

# go perft with another word is refused, as perft with one is.
perft_extra() {
    local out
    out=$(printf '%s\n' 'go perft 2 depth 3' 'perft 3 extra' isready | bin/dablo 2>&1)
    [ "$out" = "info string error: go perft: expected 'go perft <depth>' with depth 1..100 and no other word
info string error: perft: expected 'perft <depth>' with depth 1..100
readyok" ] || { sed 's/^/     /' <<<"$out"; return 1; }
}
check "go perft 2 depth 3 is refused like perft 3 extra" perft_extra

# No stdout at all (>&-): no hang, no crash; the lost output is an error,
# named at exit (exit 1).
closed_stdout() {
    local err
    err=$( (printf 'go depth 6\n'; sleep 1) | timeout 20 bin/dablo 2>&1 >&-)
    [ $? -eq 1 ] && [ "$err" = "dablo: cannot write stdout: Bad file descriptor" ] || { echo "     | $err"; return 1; }
}
check "stdout not open: exit 1 naming the cause" closed_stdout
# A host that goes away (its end of the pipe closed during an endless
# search): the engine ends as at quit, at once (not at the end of its
# input 6 s later), exit 0 and nothing said (a closed pipe is no error).
host_gone() {
    local rc
    rm -f "$TMPDIR_GONE"/rc "$TMPDIR_GONE"/err
    { printf 'go infinite\n'; sleep 6; } |
        { timeout 4 bin/dablo 2>"$TMPDIR_GONE/err"; echo $? >"$TMPDIR_GONE/rc"; } | sleep 0.5
    rc=$(cat "$TMPDIR_GONE/rc")
    [ "$rc" = 0 ] && [ ! -s "$TMPDIR_GONE/err" ] || { echo "     | exit $rc (124: still running after 4 s): $(cat "$TMPDIR_GONE/err")"; return 1; }
}
TMPDIR_GONE=$(mktemp -d)
check "the host closes its end of stdout during a search: the engine ends at once, exit 0" host_gone
rm -rf "$TMPDIR_GONE"
# A standard output that cannot be written (a full disk): exit 1, the cause named.
full_stdout "one-shot 'go perft 3' > /dev/full: exit 1, 'cannot write stdout' and the cause" bin/dablo go perft 3
full_stdout "--help > /dev/full" bin/dablo --help
full_stdout "--version > /dev/full" bin/dablo --version
dev_full_loop() {
    local err
    err=$(printf 'go perft 3\n' | timeout 20 bin/dablo 2>&1 >/dev/full)
    [ $? -eq 1 ] && [ "$err" = "dablo: cannot write stdout: No space left on device" ] || { echo "     | $err"; return 1; }
}
check "protocol over a pipe, stdout on /dev/full: ends, exit 1 naming the cause" dev_full_loop
# A one-shot command stops its job at the first line that cannot be
# written, not at the job's end, minutes or hours later (PROTOCOL.md
# section 1.3): a reader that stopped after one line (head -1: exit 0,
# nothing said, as a host that closes the pipe), a full disk (exit 1, the
# cause named), no stdout at all.  Info lines, bench lines and perft's
# divide lines (Tabal's first line is its variant line, so a divide line
# is the first to fail) all count.  Stopped, each ends in well under a
# second; timeout 20 s only catches one that runs on (exit 124).
# lost_said WHAT CAUSE RC ERR: the command WHAT, whose standard output
# failed with CAUSE, ended with exit status RC and stderr ERR: 1 and
# "dablo: cannot write stdout: CAUSE" alone.
lost_said() {
    [ "$3 $4" = "1 dablo: cannot write stdout: $2" ] ||
        { echo "     | $1: exit $3 (124: still running after 20 s): $4"; return 1; }
}
one_shot_lost() {
    local cmd rc err
    for cmd in 'go depth 60' 'go nodes 1000000000' 'bench 12' '--variant tabal go perft 13' \
        '--variant tabal perft 13'; do
        # shellcheck disable=SC2086 # the command's words
        timeout 20 bin/dablo $cmd 2>"$TMPDIR_LOST/err" | head -1 >"$TMPDIR_LOST/out"
        rc=${PIPESTATUS[0]}
        [ "$rc" = 0 ] && [ ! -s "$TMPDIR_LOST/err" ] && [ -s "$TMPDIR_LOST/out" ] ||
            { echo "     | dablo $cmd | head -1: exit $rc (124: still running after 20 s): $(cat "$TMPDIR_LOST/err")"; return 1; }
        # shellcheck disable=SC2086
        err=$(timeout 20 bin/dablo $cmd 2>&1 >/dev/full)
        lost_said "dablo $cmd > /dev/full" "No space left on device" $? "$err" || return 1
    done
    err=$(timeout 20 bin/dablo go depth 60 2>&1 >&-)
    lost_said "dablo go depth 60 >&-" "Bad file descriptor" $? "$err"
}
TMPDIR_LOST=$(mktemp -d)
check "a one-shot go, bench or perft stops at its first line that cannot be written: exit 0 at a closed pipe, 1 naming the cause" one_shot_lost
# A pipe's reader that goes while the engine works between two lines is
# seen without a line to write (outstream_stdout_probe(), every few ms):
# Dablot's perft 9 writes its first line after about two minutes (its
# reader, true, has gone before), Tabal's perft 15 its variant line at
# once (read by head -c 1) and its first divide line after about half a
# minute.  Each must end in well under a second, exit 0, nothing said
# (timeout 10 s: exit 124 when it runs on).  Over pipes, with the input
# left open, a perft in the input loop ends too.
reader_gone() {
    local cmd rc
    for cmd in 'go perft 9' 'perft 9' '--variant tabal go perft 15'; do
        case $cmd in
            *tabal*) # shellcheck disable=SC2086 # the command's words
                timeout 10 bin/dablo $cmd 2>"$TMPDIR_LOST/err" | head -c 1 >/dev/null ;;
            *) # shellcheck disable=SC2086
                timeout 10 bin/dablo $cmd 2>"$TMPDIR_LOST/err" | true ;;
        esac
        rc=${PIPESTATUS[0]}
        [ "$rc" = 0 ] && [ ! -s "$TMPDIR_LOST/err" ] ||
            { echo "     | dablo $cmd, its reader gone: exit $rc (124: still running after 10 s): $(cat "$TMPDIR_LOST/err")"; return 1; }
    done
    { printf 'go perft 9\n'; sleep 3; } |
        { timeout 2 bin/dablo 2>"$TMPDIR_LOST/err"; echo $? >"$TMPDIR_LOST/rc"; } | true
    rc=$(cat "$TMPDIR_LOST/rc")
    [ "$rc" = 0 ] && [ ! -s "$TMPDIR_LOST/err" ] ||
        { echo "     | go perft 9 over pipes, input open, its reader gone: exit $rc (124: still running after 2 s): $(cat "$TMPDIR_LOST/err")"; return 1; }
}
check "a one-shot or piped perft ends within ms of its pipe's reader going, before its next line: exit 0" reader_gone
rm -rf "$TMPDIR_LOST"
# Over a pipe too, a bench whose lines cannot be written stops, at the end
# of the input (where it would run to its end) as before it, and the check
# at exit names the cause: exit 1, not 0 with nothing said.
bench_lost() {
    local err rc
    printf 'bench 12\n' | timeout 20 bin/dablo 2>/dev/null | head -1 >/dev/null
    rc=${PIPESTATUS[1]}
    [ "$rc" = 0 ] || { echo "     | bench 12 at EOF | head -1: exit $rc (124: still running after 20 s)"; return 1; }
    err=$(printf 'bench 12\n' | timeout 20 bin/dablo 2>&1 >/dev/full)
    lost_said "bench 12 at EOF > /dev/full" "No space left on device" $? "$err" || return 1
    err=$({ printf 'bench 12\n'; sleep 3; } | timeout 20 bin/dablo 2>&1 >/dev/full)
    lost_said "bench 12, input open, > /dev/full" "No space left on device" $? "$err"
}
check "protocol over a pipe: a bench whose lines cannot be written stops, exit 1 naming the cause on a full disk" bench_lost

# A search stopped inside an iteration prints every MultiPV line again:
# the last line of each multipv index names a different move, and the
# bestmove is line 1's first move (nodes limits that stop mid-iteration).
multipv_final() {
    local n out
    for n in 70000 90000 150000; do
        # input stays open until the bestmove: EOF would stop the search
        local f; f=$(mktemp)
        { printf 'setoption name MultiPV value 5\nposition startpos\ngo nodes %s\n' "$n"
          for _ in $(seq 600); do grep -q '^bestmove' "$f" && break; sleep 0.1; done; } |
            timeout 70 bin/dablo >"$f"
        out=$(cat "$f"); rm -f "$f"
        awk '/^info depth .* multipv / { for (i = 1; i < NF; i++) { if ($i == "multipv") k = $(i + 1); if ($i == "pv") { last[k] = $(i + 1); break } } }
             /^bestmove/ { best = $2 }
             END { if (length(last) != 5 || last[1] != best) exit 1
                   for (a in last) for (b in last) if (a != b && last[a] == last[b]) exit 1 }' <<<"$out" || {
            echo "  go nodes $n:"; grep -E '^(info depth|bestmove)' <<<"$out" | tail -7; return 1; }
    done
}
check "a stopped MultiPV search leaves each move on one line" multipv_final

suite_end protocol
