#!/usr/bin/env bash
# End-to-end tests of bin/dablo-stats: counts on the command line, results
# files, merging shards, bad input.  Reference numbers: the classic
# W/L/D 880/759/1863 case (LLR 2.947 for [0,5] logistic, fishtest's
# LLRcalc.py as quoted in cutechess #543) and hand computations of
# fishtest's stat_util.get_elo (see tests/stats/test_stats.c).
set -u
cd "$(dirname "$0")/../.."
BIN=bin/dablo-stats
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect NAME PATTERN CMD...: CMD exits 0 and its output matches the
# extended regex PATTERN and has no nan/inf.
expect() {
    local name=$1 pat=$2
    shift 2
    local out rc
    out=$("$@" 2>&1)
    rc=$?
    if [ $rc -eq 0 ] && grep -Eq -- "$pat" <<<"$out" && ! grep -Eqi 'nan|inf' <<<"$out"; then
        ok "$name"
    else
        bad "$name (exit $rc)"
        sed 's/^/     | /' <<<"$out"
    fi
}

# refuse NAME CMD...: CMD exits 1 (a file's fault, not a crash) with one line on stderr.
# misuse NAME CMD...: the same with exit status 2, for a bad command line.
refuse_rc() {
    local want=$1 name=$2
    shift 2
    local err rc
    err=$("$@" 2>&1 >/dev/null)
    rc=$?
    if [ $rc -eq "$want" ] && [ "$(wc -l <<<"$err")" -eq 1 ] && grep -q '^dablo-stats: ' <<<"$err"; then
        ok "$name"
    else
        bad "$name (exit $rc, want $want and one line)"
        sed 's/^/     | /' <<<"$err"
    fi
}
refuse() { refuse_rc 1 "$@"; }
misuse() { refuse_rc 2 "$@"; }

if [ ! -x "$BIN" ]; then
    echo "missing $BIN"
    echo "SUITE stats: 0 passed, 1 failed"
    exit 1
fi

# ---- the library's unit tests, optimised and under ASan + UBSan ------
unit() {   # unit NAME BINARY [ENV...]: the Check tests pass
    local name=$1 bin=$2 out rc
    shift 2
    out=$(env "$@" DABLO_SUITE_NAME=stats-unit "$bin" 2>&1)
    rc=$?
    if [ $rc -eq 0 ] && grep -q '^SUITE stats-unit: [1-9][0-9]* passed, 0 failed' <<<"$out"; then
        ok "$name ($(grep -o '[0-9]* passed' <<<"$out"))"
    else
        bad "$name (exit $rc)"
        sed 's/^/     | /' <<<"$out" | tail -n 20
    fi
}
unit "unit tests of tools/stats" build/test_stats
unit "unit tests of tools/stats under ASan + UBSan" build/test_stats_san CK_FORK=no DABLO_TEST_QUICK=1 \
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# ---- counts on the command line -------------------------------------
expect "classic trinomial LLR 2.947 (logistic [0,5])" \
    'LLR: 2\.947 \[-2\.944, 2\.944\] H1 accepted' \
    $BIN -wdl 880,1863,759 -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 model=logistic
expect "classic trinomial Elo +12.01 +- 7.87, LOS 99.86%" \
    'Elo \(logistic\): \+12\.01 \+- 7\.87' $BIN -wdl 880,1863,759
expect "classic trinomial normalized Elo named" \
    'Elo \(normalized\): \+17\.57 \+- 11\.51' $BIN -wdl 880,1863,759
expect "classic trinomial draw ratio" 'Draw ratio: 53\.20%' $BIN -wdl 880,1863,759
expect "normalized is the default model" 'model=normalized' $BIN -wdl 880,1863,759 -sprt
expect "even pentanomial: Elo 0 with a finite error bar" \
    'Elo \(logistic\): \+0\.00 \+- 41\.64' $BIN -penta 10,20,30,20,10
expect "even pentanomial: normalized error 50.76" \
    'Elo \(normalized\): \+0\.00 \+- 50\.76' $BIN -penta 10,20,30,20,10
expect "pentanomial with W-D-L: both shown" \
    'W-D-L: 100-80-20' $BIN -wdl 100,80,20 -penta 5,10,20,30,15
expect "pentanomial reference Elo +88.74 +- 45.71" \
    'Elo \(logistic\): \+88\.74 \+- 45\.71' $BIN -penta 5,10,20,30,15
expect "every pair won: H1, no NaN" 'H1 accepted' \
    $BIN -penta 0,0,0,0,300 -sprt elo0=0 elo1=5 model=logistic
expect "every pair won: Elo is the bound" '\(bound: one-sided result\)' $BIN -penta 0,0,0,0,300
expect "fastchess #879 sample: H0" 'LLR: -4\.950 .*H0 accepted' \
    $BIN -penta 549,54,33,1,0 -sprt elo0=0 elo1=2
expect "zero bins" 'LLR: 0\.366 ' $BIN -penta 0,12,40,25,0 -sprt elo0=0 elo1=5
expect "help" '^Usage: dablo-stats' $BIN -h

misuse "two counts for -wdl" $BIN -wdl 1,2
misuse "negative count" $BIN -wdl 1,-2,3
# says NAME WANT CMD...: CMD exits 2 with exactly the line WANT on stderr.
says() {
    local name=$1 want=$2 err
    shift 2
    err=$("$@" 2>&1 >/dev/null)
    same "$name" "2 $want" "$? $err"
}
# A count beyond the largest names that count and the maximum.
says "a count too large names it and the maximum" \
    "dablo-stats: -wdl: the count 99999999999999999999 is above the largest a count may be, 2^50 (1125899906842624) (see --help)" \
    $BIN -wdl 99999999999999999999,1,1
says "-penta: a count too large" \
    "dablo-stats: -penta: the count 1125899906842625 is above the largest a count may be, 2^50 (1125899906842624) (see --help)" \
    $BIN -penta 0,0,0,0,1125899906842625
says "-wdl of two counts: what it needs and what it got" \
    "dablo-stats: -wdl needs W,D,L, three whole numbers (as in -wdl 30,50,20), not '1,2' (see --help)" $BIN -wdl 1,2
# An option without its value says what it needs (an option after it is no value).
says "-results without its file" \
    "dablo-stats: -results needs a results file after it (one dablo-match -results wrote, as in -results games.txt; see --help)" \
    $BIN -results
says "-results followed by another option" \
    "dablo-stats: -results needs a results file after it (one dablo-match -results wrote, as in -results games.txt; see --help)" \
    $BIN -results -engine A
says "-engine without its name" \
    "dablo-stats: -engine needs an engine's name after it (as the white= and black= of the results file give it; see --help)" \
    $BIN -results x.txt -engine
says "-wdl without its counts" "dablo-stats: -wdl needs W,D,L after it (as in -wdl 30,50,20; see --help)" $BIN -wdl
# -engine and -opponent pick games of a results file: refused with counts, not ignored.
says "-engine with -wdl is refused" \
    "dablo-stats: -engine picks a side of a results file; the -wdl and -penta counts are already the first engine's: drop -engine (see --help)" \
    $BIN -wdl 1,2,3 -engine A
says "-opponent with -penta is refused" \
    "dablo-stats: -opponent picks the games of a results file; the -wdl and -penta counts are already those of one encounter: drop -opponent (see --help)" \
    $BIN -penta 1,2,3,4,5 -opponent B
misuse "all counts zero" $BIN -penta 0,0,0,0,0
misuse "elo0 above elo1" $BIN -wdl 1,2,3 -sprt elo0=5 elo1=0
misuse "elo1 beyond 1000" $BIN -wdl 1,2,3 -sprt elo1=1000.5
# Every bound in [-1000, 1000] has an LLR (docs/stats.md, SPRT), far from the data too.
expect "normalized elo1=1000 against 10-5-3: an LLR, H0 accepted" \
    'LLR: -[0-9]+\.[0-9]{3} \[-2\.944, 2\.944\] H0 accepted' $BIN -wdl 10,5,3 -sprt elo1=1000
expect "normalized [-1000, 1000] against pentanomial 1,2,3,4,5: H1 accepted" \
    'LLR: [0-9]+\.[0-9]{3} \[-2\.944, 2\.944\] H1 accepted' $BIN -penta 1,2,3,4,5 -sprt elo0=-1000 elo1=1000
# The clamp of an all-won match (docs/stats.md, Score and Elo): 2 games or 3 pairs.
# One game has no spread to measure: its regularised figure, no error bar
# (it printed +- 376.02; docs/stats.md, "When there is no error bar").
expect "one game won: +1129.65, not the bound, no error bar" \
    'Elo \(logistic\): \+1129\.65 \+- \? \(no error bar: 0 of 1 game differ from the most common result, 5 are needed\)$' $BIN -wdl 1,0,0
expect "two games won: the bound +1199.83" 'Elo \(logistic\): \+1199\.83 .*\(bound: one-sided result\)' $BIN -wdl 2,0,0
expect "three pairs won: the bound +1199.83" 'Elo \(logistic\): \+1199\.83 .*\(bound' $BIN -penta 0,0,0,0,3
# ... and no normalized Elo: a one-sided result has no finite one (it printed +10984.46).
expect "five games won: no normalized Elo" '^Elo \(normalized\): none \(one-sided result: no finite estimate\)$' $BIN -wdl 5,0,0
expect "five games lost: no normalized Elo" '^Elo \(normalized\): none \(one-sided' $BIN -wdl 0,0,5
expect "three pairs won: no normalized Elo" '^Elo \(normalized\): none \(one-sided' $BIN -penta 0,0,0,0,3
expect "one game won: no normalized Elo (it printed +4908.08)" \
    '^Elo \(normalized\): none \(the spread of the scores is not measured\)$' $BIN -wdl 1,0,0
# All draws, or nearly: the normal interval's spread is not measured, so no
# error bar ('-wdl 0,2,0' printed +- 15.22, '-wdl 0,100,0' +- 0.30 and
# '-wdl 1,98,1' +- 9.63); from 5 games (or pairs) off the most common result
# the numbers are the formulas' as before.
expect "all draws: no error bar" \
    '^Elo \(logistic\): \+0\.00 \+- \? \(no error bar: 0 of 2 games differ from the most common result, 5 are needed\)$' \
    $BIN -wdl 0,2,0
expect "100 draws: no error bar" '^Elo \(logistic\): \+0\.00 \+- \? \(no error bar: 0 of 100 games' $BIN -wdl 0,100,0
expect "1-98-1: no error bar" '^Elo \(logistic\): \+0\.00 \+- \? \(no error bar: 2 of 100 games differ' $BIN -wdl 1,98,1
expect "all draws: no normalized Elo" '^Elo \(normalized\): none \(the spread of the scores is not measured\)$' $BIN -wdl 0,2,0
expect "three DD pairs: no error bar, counted in pairs" \
    '^Elo \(logistic\): \+0\.00 \+- \? \(no error bar: 0 of 3 pairs differ' $BIN -penta 0,0,3,0,0
expect "5 games off the most common result: an error bar" \
    '^Elo \(logistic\): -[0-9.]+ \+- [0-9.]+ \(95%\)$' $BIN -wdl 2,4,3
if $BIN -wdl 0,2,0 | grep -q '+- [0-9]'; then bad "all draws: a number after +-"; else ok "all draws: no number after +-"; fi
misuse "unknown sprt key" $BIN -wdl 1,2,3 -sprt elo2=5
misuse "model bayes" $BIN -wdl 1,2,3 -sprt model=bayes
misuse "no source" $BIN
misuse "two sources" $BIN -wdl 1,2,3 -results /dev/null
refuse "missing results file" $BIN -results "$tmp/none.txt"
refuse "a folder as results file" $BIN -results "$tmp"
err=$($BIN -results "$tmp" 2>&1 >/dev/null)
[ "$err" = "dablo-stats: $tmp: is a folder, not a results file" ] && ok "  ... says it is a folder" ||
    bad "  ... says it is a folder ($err)"
# A FIFO that nobody writes: one line at once, not a wait (nor an empty count).
mkfifo "$tmp/fifo"
err=$(timeout -k 2 10 $BIN -results "$tmp/fifo" 2>&1 >/dev/null)
same "a FIFO nobody writes: exit 1, one line, no wait" \
    "1 dablo-stats: $tmp/fifo: a FIFO that no process writes (start its writer first)" "$? $err"
# With its writer there (it waits in open() for the reader), it is read whole.
printf 'game=1 pair=1 white=A black=B result=1-0\ngame=2 pair=1 white=B black=A result=1/2-1/2\n' >"$tmp/two.txt"
cat "$tmp/two.txt" >"$tmp/fifo" &
sleep 0.3
same "a FIFO with its writer: read like a file" "$($BIN -results "$tmp/two.txt" 2>&1)" "$(timeout -k 2 10 $BIN -results "$tmp/fifo" 2>&1)"
wait
rm -f "$tmp/fifo"
misuse "more pairs than games" $BIN -wdl 1,1,1 -penta 1,1,1,1,1
misuse "unknown option" $BIN -wdl 1,2,3 -bogus
misuse "-results without its file" $BIN -results
# A last line cut by a kill: the rest is counted, and a warning names the file and line.
printf 'game=1 pair=1 white=A black=B result=1-0\ngame=2 pair=1 white=B black=A result=1/2-1/2\ngame=3 pair=2 wh' >"$tmp/cut.txt"
out=$($BIN -results "$tmp/cut.txt" 2>"$tmp/cut.err")
rc=$?
if [ $rc -eq 0 ] && grep -q 'W-D-L: 1-1-0' <<<"$out" &&
    [ "$(cat "$tmp/cut.err")" = "dablo-stats: warning: $tmp/cut.txt:3: the last line has no newline (cut short?): not counted" ]; then
    ok "a last line cut short: warned with file and line, the rest counted"
else
    bad "a last line cut short (exit $rc): stderr '$(cat "$tmp/cut.err")', stdout:"
    sed 's/^/     | /' <<<"$out"
fi
printf 'game=1 pair=1 white=A black=B result=2-0\n' >"$tmp/bad.txt"
refuse "bad result in a file" $BIN -results "$tmp/bad.txt"
printf 'game=0 pair=1 white=A black=B result=1-0\n' >"$tmp/zero.txt"
out=$($BIN -results "$tmp/zero.txt" 2>&1 >/dev/null); rc=$?
if [ $rc -eq 1 ] && [ "$out" = "dablo-stats: $tmp/zero.txt:1: 'game=0': games and pairs are numbered from 1" ]; then
    ok "game=0 refused: games and pairs are numbered from 1"
else
    bad "game=0 refused (exit $rc): $out"
fi
printf 'game=1 pair=0 white=A black=B result=1-0\n' >"$tmp/zero.txt"
refuse "pair=0 refused" $BIN -results "$tmp/zero.txt"
# A line longer than 8 MiB (junk, or /dev/zero) is refused with its number,
# at once, not read whole; out of memory for a line is said, never taken
# for the end of the file (the games after it would be dropped in silence).
{
    printf 'game=1 pair=1 white=A black=B result=1-0\n'
    head -c 9000000 /dev/zero | tr '\0' j
    printf '\ngame=2 pair=1 white=B black=A result=1-0\n'
} >"$tmp/long.txt"
err=$($BIN -results "$tmp/long.txt" 2>&1 >/dev/null)
same "a line over 8 MiB is refused with its number" \
    "1 dablo-stats: $tmp/long.txt:2: line longer than 8388608 bytes" "$? $err"
err=$(timeout -k 2 10 $BIN -results /dev/zero 2>&1 >/dev/null)
same "-results /dev/zero: refused at once" \
    "1 dablo-stats: /dev/zero:1: line longer than 8388608 bytes" "$? $err"
{
    printf 'game=1 pair=1 white=A black=B result=1-0\n'
    head -c 7000000 /dev/zero | tr '\0' j
    printf '\ngame=2 pair=1 white=B black=A result=1-0\n'
} >"$tmp/long7.txt"
# 8 MB of address space: the program runs in half of it, the 7 MB line cannot fit.
err=$( (ulimit -v 8000 && exec $BIN -results "$tmp/long7.txt") 2>&1 >/dev/null)
same "out of memory for a line: said with its number, exit 1" \
    "1 dablo-stats: $tmp/long7.txt:2: out of memory" "$? $err"

# ---- results files and shards ---------------------------------------
# A deterministic synthetic match of A against B: 150 pairs, the first
# game of even pairs with B as white; pair 77 has one unfinished game
# (result=*), pair 151 a single game; in pair 40 B is replaced by a third
# engine whose name has a space ("B two"), so A's side is one encounter
# only with -opponent B.
awk 'BEGIN {
    seed = 7; g = 0
    for (p = 1; p <= 151; p++) {
        for (k = 0; k < (p == 151 ? 1 : 2); k++) {
            seed = (seed * 1103515245 + 12345) % 2147483648
            r = int(seed / 65536) % 10
            res = r < 3 ? "1-0" : r < 5 ? "0-1" : "1/2-1/2"
            if (p == 77 && k == 1) res = "*"
            w = ((p % 2 == 1) == (k == 0)) ? "A" : "B"
            b = w == "A" ? "B" : "A"
            if (p == 40) { if (w == "B") w = "B%20two"; else b = "B%20two" }
            g++
            printf "game=%d round=%d pair=%d white=%s black=%s result=%s termination=rules plies=%d opening=%d\n", g, p, p, w, b, res, 20 + g % 50, p
        }
    }
}' >"$tmp/all.txt"

# Expected counts from one side, computed here independently.
counts() {   # counts SIDE [OPPONENT]
    awk -v side="$1" -v opp="${2:-}" '{
        delete f
        for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
        if (f["result"] == "*" || (f["white"] != side && f["black"] != side)) next
        if (opp != "" && f["white"] != opp && f["black"] != opp) next
        s = f["result"] == "1-0" ? 2 : f["result"] == "0-1" ? 0 : 1
        if (f["black"] == side) s = 2 - s
        if (s == 2) w++; else if (s == 1) d++; else l++
        n[f["pair"]]++; sum[f["pair"]] += s
    } END {
        for (p in n) if (n[p] == 2) pen[sum[p]]++; else u += n[p]
        print w + 0, d + 0, l + 0, pen[0] + 0, pen[1] + 0, pen[2] + 0, pen[3] + 0, pen[4] + 0, u + 0
    }' "$tmp/all.txt"
}
read -r EW ED EL P0 P1 P2 P3 P4 UNP < <(counts A B)
read -r BW BD BL _ < <(counts B)

refuse "results file: a third engine without -opponent" $BIN -results "$tmp/all.txt"
expect "  ... and the message names file, line and both opponents" \
    "all.txt:79: a third engine: 'A' meets 'B two' here and 'B' at .*all.txt:1" \
    sh -c "$BIN -results '$tmp/all.txt' 2>&1; true"
expect "results file: W-D-L from A's side against B" "W-D-L: $EW-$ED-$EL" $BIN -results "$tmp/all.txt" -opponent B
expect "results file: pentanomial counts" \
    "Pentanomial \(LL LD DD\+WL WD WW\): $P0-$P1-$P2-$P3-$P4" $BIN -results "$tmp/all.txt" -opponent B
expect "results file: unpaired games" "\($((P0 + P1 + P2 + P3 + P4)) pairs, $UNP unpaired\)" \
    $BIN -results "$tmp/all.txt" -opponent B
expect "results file: side defaults to white of game 1" '^Engine: A$' $BIN -results "$tmp/all.txt" -opponent B
read -r TW TD TL _ < <(counts A "B%20two")
expect "results file: A against the third engine alone" "W-D-L: $TW-$TD-$TL" \
    $BIN -results "$tmp/all.txt" -opponent "B two"
refuse "results file: -engine of a name not in it" $BIN -results "$tmp/all.txt" -engine nosuch
expect "  ... and the message names it" "no finished games of engine 'nosuch'" \
    sh -c "$BIN -results '$tmp/all.txt' -engine nosuch 2>&1; true"
refuse "results file: -opponent of a name not in it" $BIN -results "$tmp/all.txt" -engine A -opponent nosuch
expect "  ... and the message names the opponent" "no finished games of opponent 'nosuch'" \
    sh -c "$BIN -results '$tmp/all.txt' -engine A -opponent nosuch 2>&1; true"
# -opponent naming the engine counted (A, white of game 1, without -engine): said so.
err=$($BIN -results "$tmp/all.txt" -opponent A 2>&1 >/dev/null)
same "-opponent of the engine counted names it as that" \
    "1 dablo-stats: no finished games to count: 'A' is the engine counted (white of the first game, as no -engine is given), not an opponent of itself: give -engine NAME to count NAME against 'A'" \
    "$? $err"
says "-engine and -opponent of one engine: refused naming it" \
    "dablo-stats: -engine and -opponent both name 'B': an engine is not its own opponent (see --help)" \
    $BIN -results "$tmp/all.txt" -engine B -opponent B
expect "results file: -engine B (B two's games left out)" "W-D-L: $BW-$BD-$BL" \
    $BIN -results "$tmp/all.txt" -engine B
expect "results file: decoded names" '^Engine: B two$' $BIN -results "$tmp/all.txt" -engine "B two"

# Shards: pairs split over three files by pair id mod 3, games within a
# file in any order.  The merge must equal the unsplit file exactly.
for i in 0 1 2; do
    awk -v i=$i '{ for (k = 1; k <= NF; k++) if ($k ~ /^pair=/) { split($k, kv, "="); p = kv[2] } }
        (p + 2) % 3 == i' "$tmp/all.txt" | sort -r >"$tmp/shard$i.txt"
done
$BIN -results "$tmp/all.txt" -opponent B -sprt elo0=-5 elo1=5 | grep -v '^Files merged' >"$tmp/unsplit.out"
$BIN -merge "$tmp/shard0.txt" "$tmp/shard1.txt" "$tmp/shard2.txt" -opponent B -sprt elo0=-5 elo1=5 |
    grep -v '^Files merged' >"$tmp/merged.out"
if [ -s "$tmp/unsplit.out" ] && cmp -s "$tmp/unsplit.out" "$tmp/merged.out"; then
    ok "merge of 3 shards equals the unsplit results"
else
    bad "merge of 3 shards equals the unsplit results"
    diff "$tmp/unsplit.out" "$tmp/merged.out" | sed 's/^/     | /'
fi
# shard1 (pairs 2, 5, ...) starts with B as white: -engine pins the side.
$BIN -merge "$tmp/shard1.txt" "$tmp/shard0.txt" "$tmp/shard2.txt" -engine A -opponent B -sprt elo0=-5 elo1=5 |
    grep -v '^Files merged' >"$tmp/merged2.out"
if cmp -s "$tmp/unsplit.out" "$tmp/merged2.out"; then
    ok "merge in another order with -engine A equals the unsplit results"
else
    bad "merge in another order with -engine A equals the unsplit results"
    diff "$tmp/unsplit.out" "$tmp/merged2.out" | sed 's/^/     | /'
fi
expect "merge reports the number of files" '^Files merged: 3$' \
    $BIN -merge "$tmp/shard0.txt" "$tmp/shard1.txt" "$tmp/shard2.txt" -opponent B
cat "$tmp/shard0.txt" "$tmp/shard0.txt" >"$tmp/dup.txt"
refuse "a file with games twice over" $BIN -results "$tmp/dup.txt"
refuse "merge with a missing shard" $BIN -merge "$tmp/shard0.txt" "$tmp/none.txt"
# An empty shard's file (a shard without games writes one) merges as no games.
: >"$tmp/empty.txt"
expect "merge with an empty shard file" '^Files merged: 4$' \
    $BIN -merge "$tmp/shard0.txt" "$tmp/shard1.txt" "$tmp/shard2.txt" "$tmp/empty.txt" -opponent B
expect "merge with an empty first file: white of the lowest-numbered game" '^Engine: A$' \
    $BIN -merge "$tmp/empty.txt" "$tmp/shard0.txt" "$tmp/shard1.txt" "$tmp/shard2.txt" -opponent B
# The default side is white of the first game, an unfinished one too.
printf 'game=1 white=a black=b result=*\ngame=2 white=b black=a result=1-0\n' >"$tmp/star.txt"
expect "an unfinished first game still names the side counted" '^Engine: a$' $BIN -results "$tmp/star.txt"
expect "  ... and is not counted" '^W-D-L: 0-0-1$' $BIN -results "$tmp/star.txt"
# A byte-order mark before the first line is no part of its first key.
printf '\xEF\xBB\xBFgame=2 white=a black=b result=1-0\ngame=1 white=b black=a result=1-0\n' >"$tmp/bom.txt"
expect "a byte-order mark before game= is skipped: game 1 is the first" '^Engine: b$' $BIN -results "$tmp/bom.txt"
refuse "merge with one shard given twice (game counted twice)" \
    $BIN -merge "$tmp/shard0.txt" "$tmp/shard1.txt" "$tmp/shard0.txt"
# A single-valued option given twice is refused, naming it (the last would
# win in silence); -merge takes a list and may come again.
said_twice() {   # said_twice LINE ARGS...: exit 2 and exactly that line on stderr
    local want=$1 err
    shift
    err=$($BIN "$@" 2>&1 >/dev/null)
    same "given twice, refused: $*" "2 $want" "$? $err"
}
said_twice "dablo-stats: -wdl given twice" -wdl 1,2,3 -wdl 3,2,1
said_twice "dablo-stats: -penta given twice" -penta 1,1,1,1,1 -wdl 9,9,9 -penta 1,1,1,1,2
said_twice "dablo-stats: -results given twice" -results "$tmp/shard0.txt" -results "$tmp/shard1.txt"
said_twice "dablo-stats: -engine given twice" -merge "$tmp/shard0.txt" -engine A -engine B
said_twice "dablo-stats: -opponent given twice" -merge "$tmp/shard0.txt" -opponent A -opponent B
said_twice "dablo-stats: -sprt given twice" -wdl 1,2,3 -sprt elo1=5 -sprt elo1=3
said_twice "dablo-stats: -sprt: ELO1= is given twice ('elo1=5', then 'ELO1=3')" -wdl 1,2,3 -sprt elo0=0 elo1=5 ELO1=3
out=$($BIN -merge "$tmp/shard0.txt" "$tmp/shard1.txt" -merge "$tmp/shard2.txt" -opponent B 2>&1)
if grep -q '^Files merged: 3$' <<<"$out" &&
    [ "$out" = "$($BIN -merge "$tmp/shard0.txt" "$tmp/shard1.txt" "$tmp/shard2.txt" -opponent B 2>&1)" ]; then
    ok "-merge given again adds its files"
else
    bad "-merge given again adds its files"
fi
cp "$tmp/shard1.txt" "$tmp/shard1-copy.txt"
refuse "merge with a copied shard under another name" \
    $BIN -merge "$tmp/shard1.txt" "$tmp/shard1-copy.txt"
expect "  ... said to be the same games in two files" \
    "shard1-copy.txt:[0-9]+: game [0-9]+ appears twice \(also .*shard1.txt:[0-9]+\): the same games in two files \(a shard given twice, or a copy of one\?\)" \
    sh -c "$BIN -merge '$tmp/shard1.txt' '$tmp/shard1-copy.txt' 2>&1; true"
# Two different matches numbered from 1 each: not "game 1 appears twice"
# but which keys of game 1 differ; two runs of one match: another outcome.
printf 'game=1 round=1 pair=1 white=A black=B result=1-0 termination=no-moves plies=40 opening=3\n' >"$tmp/m1.txt"
printf 'game=1 round=1 pair=1 white=C black=D result=1-0 termination=no-moves plies=40 opening=7\n' >"$tmp/m2.txt"
printf 'game=1 round=1 pair=1 white=A black=B result=0-1 termination=no-moves plies=52 opening=3\n' >"$tmp/m3.txt"
err=$($BIN -merge "$tmp/m1.txt" "$tmp/m2.txt" 2>&1 >/dev/null)
same "merge of two different matches names the keys of game 1 that differ" \
    "1 dablo-stats: $tmp/m1.txt and $tmp/m2.txt are from different matches: game 1 has white=A black=B opening=3 at $tmp/m1.txt:1 but white=C black=D opening=7 at $tmp/m2.txt:1; -merge adds up the shards of one match: count each match alone with -results" \
    "$? $err"
err=$($BIN -merge "$tmp/m1.txt" "$tmp/m3.txt" 2>&1 >/dev/null)
same "merge of two runs of one match says so" \
    "1 dablo-stats: $tmp/m1.txt:1 and $tmp/m3.txt:1: game 1 of the same engines, round, pair and opening with another outcome: two runs of one match?  -merge adds up the shards of one run; count each run alone with -results" \
    "$? $err"
# Lines that would be counted wrongly are refused with file, line and key;
# a torn last line stays ignored.
printf 'game=1 pair=1 white=A black=B result=1-0 plies=40\ngame=2 pair=1 white=B black=A result=0-1 plies=-5\n' >"$tmp/neg.txt"
printf 'game=1 pair=1 white=A black=B result=1-0 result=0-1\n' >"$tmp/rep.txt"
printf 'game=1 pair=1 white=A black=B result=1-0\ngame=2 pair=1 white=X black=X result=0-1\n' >"$tmp/same.txt"
for c in "neg.txt:2: key 'plies' needs a whole number >= 0, not '-5'" "rep.txt:1: key 'result' appears twice" \
         "same.txt:2: keys 'white' and 'black' name the same engine 'X'"; do
    expect "refused: ${c#*: }" "${c%%:*}:[0-9]+: ${c#*: }" sh -c "$BIN -results '$tmp/${c%%:*}' 2>&1; true"
done
printf 'game=1 pair=1 white=A black=B result=1-0\ngame=2 pair=1 white=B black=A res' >"$tmp/torn.txt"
expect "a torn last line is still ignored" "W-D-L: 1-0-0" $BIN -results "$tmp/torn.txt"
# A raw byte of the file is quoted as '?', as the engine quotes what it was sent.
printf 'game=1 \377\n' >"$tmp/raw.txt"
out=$($BIN -results "$tmp/raw.txt" 2>&1)
if [ "$out" = "dablo-stats: $tmp/raw.txt:1: expected key=value, got '?'" ]; then
    ok "a raw byte of the file is quoted as '?'"
else
    bad "a raw byte of the file is quoted as '?'"
    printf '%s\n' "$out" | od -c | head -n 5 | sed 's/^/     | /'
fi
# A raw control byte in a line is refused (names write it %XX, docs/results.md);
# a name that decodes to control bytes or invalid UTF-8 is printed with '?'.
printf 'game=1 round=1 pair=1 white=\377\376\033[31mred black=b result=1-0 termination=no-moves plies=3 opening=0\n' >"$tmp/esc.txt"
err=$($BIN -results "$tmp/esc.txt" 2>&1 >/dev/null)
same "a raw ESC in a line is refused with file and line" \
    "1 dablo-stats: $tmp/esc.txt:1: raw control byte 0x1B at column 31 (a name writes it %1B)" "$? $err"
printf 'game=1 pair=1 white=A black=B result=1-0\ngame=2 pair=1 white=B black=A result=0-1 \177\n' >"$tmp/del.txt"
refuse "a raw DEL in a line is refused" $BIN -results "$tmp/del.txt"
printf 'game=1 pair=1 white=%%1b%%5b31mX black=\377\376B result=1-0\r\n' >"$tmp/enc.txt"
out=$($BIN -results "$tmp/enc.txt" 2>&1 | head -n 1)
same "a name decoding to ESC is printed with '?'" "Engine: ?[31mX" "$out"
out=$($BIN -results "$tmp/enc.txt" -engine "$(printf '\377\376B')" -opponent "$(printf '\033[31mX')" 2>&1 | head -n 2)
same "invalid UTF-8 and ESC of -engine and -opponent are printed with '?'" \
    "Engine: ??B Opponent: ?[31mX" "$(tr '\n' ' ' <<<"$out" | sed 's/ $//')"
printf 'game=1 pair=1 white=Sk\303\245ne\tblack=B result=1-0\n' >"$tmp/utf.txt"
expect "a valid UTF-8 name is printed as it is (tab separates keys)" '^Engine: Skåne$' $BIN -results "$tmp/utf.txt"
# One game, one pair: singular.
printf 'game=1 pair=1 white=A black=B result=1-0\n' >"$tmp/one.txt"
expect "one game: 'Sample: trinomial (1 game)'" '^Sample: trinomial \(1 game\)$' $BIN -results "$tmp/one.txt"
expect "one pair: 'Games: 2 (1 pair, 0 unpaired)'" '^Games: 2 \(1 pair, 0 unpaired\)$' $BIN -wdl 1,0,1 -penta 0,0,1,0,0

# ---- real shards from dablo-match, spread by GNU parallel -------------
# The GNU parallel recipe of docs/match.md with the local machine (--sshlogin 3/:) for the hosts
# and the runner's deterministic fake engines: the merged shards must give
# exactly the statistics of the same match played unsplit, and the
# runner's own summary must count the same pairs as dablo-stats.
M=$PWD/bin/dablo-match
F=$PWD/build/fake_engine
match() {
    "$M" -engine cmd="$F" name=A args="--seed 1" -engine cmd="$F" name=B args="--seed 2 --random" \
        -each depth=1 -repeat -games 2 -rounds 30 -openings file="$tmp/book.fen" order=random \
        -srand 42 -quiet "$@"
}
if [ ! -x "$M" ] || [ ! -x "$F" ]; then
    bad "bin/dablo-match and build/fake_engine are built"
elif ! command -v parallel >/dev/null; then
    bad "GNU parallel is installed (tools/install-deps.sh)"
else
    mkdir -p "$tmp/unsplit" "$tmp/par"
    "$M" -genopenings 30 plies=8 out="$tmp/book.fen" -srand 5 >/dev/null 2>&1
    (cd "$tmp/unsplit" && match -results all.results >summary.txt 2>&1)
    N=3
    (cd "$tmp/par" && parallel --will-cite --sshlogin 3/: --workdir . \
        --return shard-{}.results --cleanup \
        "$M" -engine cmd="$F" name=A args=\"--seed 1\" -engine cmd="$F" name=B \
        args=\"--seed 2 --random\" -each depth=1 -repeat -games 2 -rounds 30 \
        -openings file="$tmp/book.fen" order=random -srand 42 -quiet \
        -shard {}/$N -results shard-{}.results ::: $(seq 1 $N) >/dev/null 2>&1)
    $BIN -results "$tmp/unsplit/all.results" -sprt elo0=0 elo1=10 >"$tmp/u.out" 2>&1
    $BIN -merge "$tmp"/par/shard-*.results -sprt elo0=0 elo1=10 2>&1 |
        grep -v '^Files merged' >"$tmp/p.out"
    if [ "$(wc -l <"$tmp/unsplit/all.results")" -eq 60 ] && grep -q 'Pentanomial' "$tmp/u.out" &&
        cmp -s "$tmp/u.out" "$tmp/p.out"; then
        ok "GNU parallel recipe: 3 shards merged equal the unsplit match"
    else
        bad "GNU parallel recipe: 3 shards merged equal the unsplit match"
        diff "$tmp/u.out" "$tmp/p.out" | sed 's/^/     | /'
    fi
    if [ "$(ls "$tmp"/par/shard-*.results 2>/dev/null | wc -l)" -eq 3 ] &&
        ! grep -h -o 'pair=[0-9]*' "$tmp"/par/shard-*.results | sort | uniq -c | grep -qv ' 2 pair'; then
        ok "GNU parallel recipe: three shard files of whole pairs"
    else
        bad "GNU parallel recipe: three shard files of whole pairs"
    fi
    runner=$(grep -m1 '^Pentanomial' "$tmp/unsplit/summary.txt")
    mine=$(grep -m1 '^Pentanomial' "$tmp/u.out")
    if [ -n "$runner" ] && [ "$runner" = "$mine" ]; then
        ok "runner summary and dablo-stats count the same pairs ($mine)"
    else
        bad "runner summary and dablo-stats count the same pairs ('$runner' vs '$mine')"
    fi
fi

# A standard output that cannot be written (a full disk) is an error.
full_stdout "-wdl > /dev/full: exit 1, 'cannot write stdout' and the cause" $BIN -wdl 1,2,3
printf 'result=1-0 white=a black=b pair=1\nresult=0-1 white=a black=b pair=1\n' >"$tmp/full.txt"
"$BIN" -results "$tmp/full.txt" >/dev/null 2>&1 &&
    full_stdout "-results F > /dev/full: exit 1, 'cannot write stdout' and the cause" $BIN -results "$tmp/full.txt" ||
    bad "-results of a two-game file is read"
full_stdout "--help > /dev/full" $BIN --help
full_stdout "--version > /dev/full" $BIN --version

suite_end stats
