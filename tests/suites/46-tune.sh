#!/usr/bin/env bash
# End-to-end tests of bin/dablo-tune (docs/tuning.md): its unit tests
# (optimised and under ASan + UBSan), data generation (deterministic,
# shards that together are the unsplit run, every rule preset), merging,
# the one-line errors of bad input (fit's -out and -fix checked before any
# work), a gen stopped by SIGINT, SIGTERM or SIGHUP (no file left, so it runs
# again), a closed standard output (the file written all the same), the fit on the fixed sample, and the weights source, which the
# built-in tables must write back exactly.
set -u
cd "$(dirname "$0")/../.."
BIN=bin/dablo-tune
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$BIN" ]; then
    echo "missing $BIN"
    echo "SUITE tune: 0 passed, 1 failed"
    exit 1
fi

# ---- unit tests: the Check binary, then the same under ASan + UBSan ----
san="CK_FORK=no ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1"
for bin in build/test_tune build/test_tune_san; do
    vars=DABLO_SUITE_NAME=tune-unit
    [ "$bin" = build/test_tune_san ] && vars="$vars $san"
    # shellcheck disable=SC2086
    out=$(env $vars "$bin" 2>&1)
    if grep -q '^SUITE tune-unit: [1-9][0-9]* passed, 0 failed' <<<"$out"; then
        ok "$bin: $(grep -o '[0-9]* passed' <<<"$out")"
    else
        bad "$bin"
        tail -n 20 <<<"$out" | sed 's/^/     | /'
    fi
done

# refuse NAME PATTERN CMD...: CMD exits 2 with one line on stderr matching
# PATTERN, with no control byte in it (bad input is quoted with '?').
refuse() {
    local name=$1 pat=$2 err rc
    shift 2
    err=$("$@" 2>&1 >/dev/null)
    rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ] && grep -Eq -- "^dablo-tune: $pat" <<<"$err" &&
        ! LC_ALL=C grep -q '[[:cntrl:]]' <<<"$err"; then
        ok "$name"
    else
        bad "$name (exit $rc)"
        sed 's/^/     | /' <<<"$err"
    fi
}

# fit_warns NAME PATTERN FILE TABLE ARGS...: "fit ARGS" exits 0 with one
# line on stderr, "dablo-tune: warning: " and PATTERN (extended), and FILE
# holds a fitted table TABLE (EVAL_TABLE_TABLE's origin a fit's).  The
# warning of too few positions a weight, which the small test data always
# gets, is left out (few_data checks it).
few_data='^dablo-tune: warning: [0-9]+ training positions for [0-9]+ fitted weights? \([0-9.]+ a weight, fewer than 1000\): the weights may follow the noise of too few games; give more data \(gen -games\) or hold weights with -fix$'
fit_warns() {
    local name=$1 pat=$2 file=$3 table=$4 err rc
    shift 4
    err=$($BIN fit "$@" 2>&1 >/dev/null)
    rc=$?
    err=$(grep -Ev -- "$few_data" <<<"$err")
    if [ $rc -eq 0 ] && [ "$(wc -l <<<"$err")" -eq 1 ] && grep -Eq -- "^dablo-tune: warning: $pat\$" <<<"$err" &&
        grep -q "\[EVAL_TABLE_$table\] = \"dablo-tune fit " "$file"; then
        ok "$name"
    else
        bad "$name (exit $rc: $err)"
    fi
}

# ---- generation: deterministic, shards make the unsplit run -------------
gen() { $BIN gen -variant tabal -openings bench/openings/tabal-balanced.fen -nodes 200,600 -games 6 -seed 5 "$@"; }
gen -out "$tmp/a.txt" >"$tmp/a.out" 2>&1
gen -out "$tmp/b.txt" >/dev/null 2>&1
if [ -s "$tmp/a.txt" ] && cmp -s "$tmp/a.txt" "$tmp/b.txt" && grep -q ': 6 games' "$tmp/a.out"; then
    ok "gen: two runs with one seed write the same $(wc -l <"$tmp/a.txt") positions"
else
    bad "gen: two runs with one seed write the same positions"
    sed 's/^/     | /' "$tmp/a.out"
fi
# -game, -variant's old name, plays the same games.
$BIN gen -game tabal -openings bench/openings/tabal-balanced.fen -nodes 200,600 -games 6 -seed 5 -out "$tmp/g.txt" >/dev/null 2>&1
cmp -s "$tmp/a.txt" "$tmp/g.txt" && ok "gen: -game, the old name of -variant, writes the same positions" ||
    bad "gen: -game, the old name of -variant, writes the same positions"
gen -shard 1/2 -out "$tmp/s1.txt" >/dev/null 2>&1
gen -shard 2/2 -out "$tmp/s2.txt" >/dev/null 2>&1
$BIN merge -out "$tmp/m.txt" "$tmp/s1.txt" "$tmp/s2.txt" >"$tmp/m.out" 2>&1
$BIN merge -out "$tmp/am.txt" "$tmp/a.txt" >/dev/null 2>&1
if [ -s "$tmp/m.txt" ] && cmp -s <(sort "$tmp/m.txt") <(sort "$tmp/am.txt"); then
    ok "gen: shards 1/2 and 2/2 merged hold the positions of the unsplit run"
else
    bad "gen: shards 1/2 and 2/2 merged hold the positions of the unsplit run"
    sed 's/^/     | /' "$tmp/m.out"
fi
cat "$tmp/s1.txt" "$tmp/s1.txt" >"$tmp/twice.txt"
out=$($BIN merge -out "$tmp/once.txt" "$tmp/twice.txt" 2>&1)
if [ "$(wc -l <"$tmp/once.txt")" -eq "$(wc -l <"$tmp/s1.txt")" ] &&
    grep -q "($(wc -l <"$tmp/s1.txt") repeated left out)" <<<"$out"; then
    ok "merge drops every repeated position"
else
    bad "merge drops every repeated position ($out)"
fi
head -n 1 "$tmp/s1.txt" >"$tmp/one.txt"
same "merge of one position of one file: said in the singular" \
    "$tmp/one-m.txt: 1 position from 1 file (0 repeated left out)" "$($BIN merge -out "$tmp/one-m.txt" "$tmp/one.txt" 2>&1)"
same "merge of two files: said in the plural" \
    "$tmp/two-m.txt: 1 position from 2 files (1 repeated left out)" \
    "$($BIN merge -out "$tmp/two-m.txt" "$tmp/one.txt" "$tmp/one.txt" 2>&1)"
# merge -out (a new file, as gen's) through a symbolic link to a file not
# made yet makes that file, the link kept; a loop of links is refused.
mkdir -p "$tmp/mdir" && ln -s mdir/linked-m.txt "$tmp/mlink.txt" && ln -s mloop2 "$tmp/mloop1" && ln -s mloop1 "$tmp/mloop2"
$BIN merge -out "$tmp/mlink.txt" "$tmp/one.txt" >/dev/null 2>&1
rc=$?
if [ $rc -eq 0 ] && [ -L "$tmp/mlink.txt" ] && cmp -s "$tmp/mdir/linked-m.txt" "$tmp/one.txt"; then
    ok "merge -out through a link to a file not made yet: the file made, the link kept"
else
    bad "merge -out through a link to a file not made yet: the file made, the link kept (exit $rc: $(ls -l "$tmp/mlink.txt" "$tmp/mdir" 2>&1))"
fi
refuse "merge -out naming a loop of links" "$tmp/mloop1: a symbolic link that names no file \(a loop of links\)\$" \
    $BIN merge -out "$tmp/mloop1" "$tmp/one.txt"
for g in dablot:classic dablot:modern dablot:anti-draw; do
    $BIN gen -game "$g" -nodes 100 -games 1 -out "$tmp/$g.txt" >"$tmp/$g.out" 2>&1
    if grep -q ': 1 game (1-0' "$tmp/$g.out" && [ -s "$tmp/$g.txt" ] && ! grep -qv "^$g " "$tmp/$g.txt"; then
        ok "gen: $g, one game: $(wc -l <"$tmp/$g.txt") positions"
    else
        bad "gen: $g records"
        sed 's/^/     | /' "$tmp/$g.out"
    fi
done
# -trade-bonus reaches the search: Dablot's games under optional captures
# change; 0, which applies everywhere, is taken for Tabal too.
for tb in 0 1000; do
    $BIN gen -game dablot:classic -nodes 300 -games 2 -seed 5 -trade-bonus $tb -out "$tmp/tb$tb-classic.txt" >/dev/null 2>&1
done
$BIN gen -game tabal -nodes 300 -games 2 -seed 5 -trade-bonus 0 -out "$tmp/tb0-tabal.txt" >/dev/null 2>&1
if [ -s "$tmp/tb0-classic.txt" ] && ! cmp -s "$tmp/tb0-classic.txt" "$tmp/tb1000-classic.txt" &&
    [ -s "$tmp/tb0-tabal.txt" ]; then
    ok "gen -trade-bonus: dablot:classic's games change with it; 0 is taken for Tabal"
else
    bad "gen -trade-bonus: dablot:classic's games change with it; 0 is taken for Tabal"
fi

# ---- bad input: one line, exit 2, nothing overwritten --------------------
refuse "gen: an output file that exists is not overwritten" "$tmp/a.txt exists" gen -out "$tmp/a.txt"
cmp -s "$tmp/a.txt" "$tmp/b.txt" && ok "  ... and it is unchanged" || bad "  ... and it is unchanged"
refuse "gen: unknown game" "-variant chess: not one of" $BIN gen -variant chess -out "$tmp/x.txt"
refuse "gen: unknown game, named by -game" "-game chess: not one of" $BIN gen -game chess -out "$tmp/x.txt"
# -game is -variant's old name: one option, so both are refused as twice.
refuse "gen: -variant and -game together" "-game given twice \\(-variant and -game are one option\\)\$" \
    $BIN gen -variant tabal -game tabal -out "$tmp/x.txt"
refuse "gen: no game" "gen: give the game \\(-variant tabal, dablot:classic, ...\\)\$" $BIN gen -out "$tmp/x.txt"
refuse "gen: bad node list" "-nodes 10,x: 'x': expected an integer" $BIN gen -game tabal -nodes 10,x -out "$tmp/x.txt"
# every bad item of a list is named; an empty one is never skipped
refuse "gen: -nodes, a trailing comma" "-nodes 100,: an empty item" $BIN gen -game tabal -nodes 100, -out "$tmp/x.txt"
refuse "gen: -nodes, a leading comma" "-nodes ,100: an empty item" $BIN gen -game tabal -nodes ,100 -out "$tmp/x.txt"
refuse "gen: -nodes, two commas" "-nodes 100,,200: an empty item" $BIN gen -game tabal -nodes 100,,200 -out "$tmp/x.txt"
refuse "gen: -nodes, empty" "-nodes : an empty item" $BIN gen -game tabal -nodes '' -out "$tmp/x.txt"
refuse "gen: -nodes, zero" "-nodes 100,0: '0': expected an integer in 1" $BIN gen -game tabal -nodes 100,0 -out "$tmp/x.txt"
refuse "gen: -nodes, negative" "-nodes -5: '-5': expected an integer" $BIN gen -game tabal -nodes -5 -out "$tmp/x.txt"
refuse "gen: -nodes, a blank" "-nodes 100, 200: ' 200': expected an integer" $BIN gen -game tabal -nodes '100, 200' -out "$tmp/x.txt"
refuse "gen: -nodes, 17 budgets" "-nodes [0-9,]*: more than 16 budgets \\(from '17' on\\)" \
    $BIN gen -game tabal -nodes 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17 -out "$tmp/x.txt"
[ ! -e "$tmp/x.txt" ] && ok "  ... and none of them writes the output file" || bad "  ... and none of them writes the output file"
refuse "gen: an empty -out is refused before any game" "-out: an empty file name\$" \
    timeout 20 $BIN gen -game tabal -games 100000 -out ''
refuse "merge: an empty -out is refused" "-out: an empty file name\$" $BIN merge -out '' tests/data/tune-tabal.txt
refuse "fit: an empty -out is refused before the fit" "-out: an empty file name\$" \
    $BIN fit -variant tabal -out '' tests/data/tune-tabal.txt
# an option given twice is refused, never last-one-wins
refuse "gen: -out given twice" "-out given twice\$" $BIN gen -game tabal -nodes 100 -games 1 -out "$tmp/x.txt" -out "$tmp/x2.txt"
refuse "gen: -games given twice" "-games given twice\$" $BIN gen -game tabal -games 2 -games 3 -out "$tmp/x.txt"
refuse "merge: -out given twice" "-out given twice\$" \
    $BIN merge -out "$tmp/x.txt" -out "$tmp/x2.txt" tests/data/tune-tabal.txt
refuse "fit: -fix given twice" "-fix given twice\$" \
    $BIN fit -variant tabal -fix mopup_ -fix tempo tests/data/tune-tabal.txt
refuse "fit: -variant given twice" "-variant given twice\$" \
    $BIN fit -variant tabal -variant dablot tests/data/tune-tabal.txt
[ ! -e "$tmp/x.txt" ] && [ ! -e "$tmp/x2.txt" ] && ok "  ... and none of them writes a file" ||
    bad "  ... and none of them writes a file"
refuse "gen: bad shard" "-shard 3/2" $BIN gen -game tabal -shard 3/2 -out "$tmp/x.txt"
refuse "gen: a shard with no game of -games" \
    "-shard 3/4: no game to play with -games 2 \(the shard plays the games g with g mod N = I - 1, counted from 0\)\$" \
    $BIN gen -game tabal -games 2 -shard 3/4 -out "$tmp/x.txt"
refuse "gen: -trade-bonus above its range" "-trade-bonus 1001: expected an integer in 0..1000" \
    $BIN gen -game dablot:classic -trade-bonus 1001 -out "$tmp/x.txt"
# TradeBonus does nothing where captures are not declined: refused there
for g in tabal dablot:modern dablot:anti-draw; do
    refuse "gen: -trade-bonus for $g" \
        "-trade-bonus 300: TradeBonus applies to dablot:classic only \\(Dablot under optional captures\\)\$" \
        $BIN gen -game "$g" -nodes 100 -games 1 -trade-bonus 300 -out "$tmp/x.txt"
done
[ ! -e "$tmp/x.txt" ] && ok "  ... and writes nothing" || bad "  ... and writes nothing"
refuse "gen: a word where an option belongs" "gen: unexpected argument 'extra'\$" \
    $BIN gen -game tabal -nodes 100 -games 1 -out "$tmp/x.txt" extra
refuse "gen: an option at the end without its value" "-out: needs a value\$" $BIN gen -game tabal -out
cut -d' ' -f4- tests/data/tune-dablot.txt | head -n 1 >"$tmp/dablot.fen"
refuse "gen: a Dablot FEN for Tabal is hinted with gen's own -variant" \
    ".*dablot.fen:1: .*\\(is this a Dablot FEN\\? -variant dablot:classic\\)\$" \
    $BIN gen -variant tabal -openings "$tmp/dablot.fen" -out "$tmp/x.txt"
printf '\xEF\xBB\xBFmmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1\n' >"$tmp/bom.fen"
if $BIN gen -game tabal -openings "$tmp/bom.fen" -nodes 100 -games 1 -out "$tmp/bom.txt" 2>"$tmp/err"; then
    ok "gen: a byte-order mark before the openings file's first line is skipped"
else bad "gen: a byte-order mark before the openings file's first line is skipped: $(cat "$tmp/err")"; fi
printf 'mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1\nnot a fen\n' >"$tmp/book.fen"
refuse "gen: a bad openings file names its line" ".*book.fen:2: " \
    $BIN gen -game tabal -openings "$tmp/book.fen" -out "$tmp/x.txt"
[ ! -e "$tmp/x.txt" ] && ok "  ... and leaves no output file, so it can be run again" ||
    bad "  ... and leaves no output file, so it can be run again ($(wc -c <"$tmp/x.txt") bytes left)"
head -5 tests/data/tune-tabal.txt >"$tmp/bad.txt"
echo 'tabal 1-0 12 mmm/mmm w 0 1' >>"$tmp/bad.txt"
refuse "merge: a malformed record names file and line" ".*bad.txt:6: bad FEN for tabal: " \
    $BIN merge -out "$tmp/y.txt" "$tmp/bad.txt"
[ ! -e "$tmp/y.txt" ] && ok "  ... and writes nothing" || bad "  ... and writes nothing"
refuse "fit: a malformed record names file and line" ".*bad.txt:6: " $BIN fit -variant tabal "$tmp/bad.txt"
# A last line cut short (no newline: a copy stopped, head -c) is left out
# with one warning line naming it, as dablo-stats does, and the command
# goes on with the lines before it (it was read and refused as a bad FEN).
head -n 200 tests/data/tune-tabal.txt >"$tmp/whole200.txt"
{ cat "$tmp/whole200.txt"; sed -n 201p tests/data/tune-tabal.txt | head -c 30; } >"$tmp/cut.txt"
cutwarn="dablo-tune: warning: $tmp/cut.txt:201: the last line has no newline (cut short?): left out"
out=$($BIN fit -variant tabal -lambda 0 -rounds 1 -iterations 5 "$tmp/cut.txt" 2>"$tmp/cut.err")
rc=$?
if [ $rc -eq 0 ] && [ "$(grep -Ev -- "$few_data" "$tmp/cut.err")" = "$cutwarn" ] &&
    [ "$out" = "$($BIN fit -variant tabal -lambda 0 -rounds 1 -iterations 5 "$tmp/whole200.txt" 2>/dev/null)" ]; then
    ok "fit: a last line cut short is left out with a warning naming it"
else
    bad "fit: a last line cut short is left out with a warning naming it (exit $rc: $(cat "$tmp/cut.err"))"
fi
$BIN merge -out "$tmp/cut-m.txt" "$tmp/cut.txt" >/dev/null 2>"$tmp/cut.err"
rc=$?
$BIN merge -out "$tmp/whole200-m.txt" "$tmp/whole200.txt" >/dev/null 2>&1
if [ $rc -eq 0 ] && [ "$(cat "$tmp/cut.err")" = "$cutwarn" ] &&
    cmp -s "$tmp/cut-m.txt" "$tmp/whole200-m.txt"; then
    ok "merge: a last line cut short is left out with a warning, the whole lines written"
else
    bad "merge: a last line cut short is left out with a warning, the whole lines written (exit $rc: $(cat "$tmp/cut.err"))"
fi
printf 'tabal 1-0\n' >"$tmp/noscore.txt"
refuse "fit: a record without its score says so" ".*noscore.txt:1: the score is missing after the result\$" \
    $BIN fit -variant tabal "$tmp/noscore.txt"
refuse "fit: a missing data file" ".*none.txt: No such file" $BIN fit -variant tabal "$tmp/none.txt"
# A data line is short: one over 64 KiB (junk, /dev/zero) is refused with
# its number after reading little more than that, not the whole line.
{ head -3 tests/data/tune-tabal.txt; head -c 100000 /dev/zero | tr '\0' j; echo; tail -3 tests/data/tune-tabal.txt; } >"$tmp/long.txt"
refuse "fit: a data line over 64 KiB is refused with its number" ".*long.txt:4: line longer than 65536 bytes\$" \
    $BIN fit -variant tabal "$tmp/long.txt"
refuse "merge: a data line over 64 KiB is refused with its number" ".*long.txt:4: line longer than 65536 bytes\$" \
    $BIN merge -out "$tmp/y.txt" "$tmp/long.txt"
refuse "fit /dev/zero: refused at once" "/dev/zero:1: line longer than 65536 bytes\$" \
    timeout -k 2 10 $BIN fit -variant tabal /dev/zero
{ head -1 bench/openings/tabal-balanced.fen; head -c 100000 /dev/zero | tr '\0' j; echo; } >"$tmp/longop.fen"
refuse "gen: an openings line over 64 KiB is refused with its number" ".*longop.fen:2: line longer than 65536 bytes\$" \
    $BIN gen -game tabal -openings "$tmp/longop.fen" -nodes 200 -games 2 -out "$tmp/z.txt"
[ ! -e "$tmp/z.txt" ] && ok "  ... and writes nothing" || bad "  ... and writes nothing"
refuse "fit: a folder as data: a read error" ".*: read error: Is a directory\$" $BIN fit -variant tabal "$tmp"
refuse "fit: control bytes of a bad argument are shown as '?'" "-rounds 7\?\[31m\?: expected an integer" \
    $BIN fit -variant tabal -rounds $'7\e[31m\a' "$tmp/none.txt"
refuse "fit: control bytes of a file name are shown as '?'" ".*no\?ne\?.txt: No such file" \
    $BIN fit -variant tabal "$tmp/no"$'\a'"ne"$'\x01'".txt"
printf 'tabal 1-0 0 mmm/mmm/mm\x01mm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1\n' >"$tmp/ctl.txt"
refuse "fit: control bytes of a data line are shown as '?'" ".*ctl.txt:1: bad FEN for tabal: .*'\?'" \
    $BIN fit -variant tabal "$tmp/ctl.txt"
refuse "fit: no positions of the variant" "no positions of dablot" $BIN fit -variant dablot tests/data/tune-tabal.txt
refuse "fit: no positions of the table (Dablot's compulsory presets)" "no positions of dablot-compulsory in the data" $BIN fit -variant dablot-compulsory tests/data/tune-dablot.txt
# One result in every game tells no weight from another: refused while
# the results count (-lambda > 0); it fitted K to its floor and wrote wild
# weights (mobility 5 -> -471).
sed -E 's/^(tabal) [^ ]+ /\1 1-0 /' tests/data/tune-tabal.txt >"$tmp/allwin.txt"
sed -E 's/^(tabal) [^ ]+ /\1 1\/2 /' tests/data/tune-tabal.txt >"$tmp/alldraw.txt"
refuse "fit: every result 1-0 is refused" \
    "all [0-9]+ training positions have the result 1-0: a fit needs games with different results \(or -lambda 0, the search scores alone\)\$" \
    $BIN fit -variant tabal -out "$tmp/allwin.c" "$tmp/allwin.txt"
refuse "fit: every game drawn is refused, with -lambda 0.5 too" "all [0-9]+ training positions have the result 1/2: " \
    $BIN fit -variant tabal -lambda 0.5 "$tmp/alldraw.txt"
if [ ! -e "$tmp/allwin.c" ] && $BIN fit -variant tabal -lambda 0 -rounds 1 -iterations 5 "$tmp/allwin.txt" >/dev/null 2>&1; then
    ok "fit: one result only: nothing written; -lambda 0 (the scores alone) fits it"
else
    bad "fit: one result only: a file written, or -lambda 0 refused"
fi
# Too few training positions a fitted weight: a warning line, the fit
# still made and written.
err=$($BIN fit -variant tabal -rounds 1 -iterations 5 -out "$tmp/few.c" tests/data/tune-tabal.txt 2>&1 >/dev/null)
rc=$?
if [ $rc -eq 0 ] && grep -Eq -- "$few_data" <<<"$err" && grep -q '^dablo-tune: warning: 559 training positions for ' <<<"$err" &&
    grep -q '\[EVAL_TABLE_TABAL\] = "dablo-tune fit ' "$tmp/few.c"; then
    ok "fit: too few training positions a weight: a warning, the fit still written"
else
    bad "fit: too few training positions a weight: a warning, the fit still written (exit $rc: $err)"
fi
# Results that go against the evaluation (wins and losses swapped) put K
# at the floor of its range: one warning line, the file still written.
sed -E 's/^(tabal) 1-0 /\1 X /; s/^(tabal) 0-1 /\1 1-0 /; s/^(tabal) X /\1 0-1 /' tests/data/tune-tabal.txt >"$tmp/flip.txt"
fit_warns "fit: K at an end of its range: one warning line" \
    "K 0\.000100 is at the low end of its range 0\.0001\.\.0\.1: the results do not place it \(too few games, one-sided, or against the evaluation\), so the weights are not to be trusted" \
    "$tmp/flip.c" TABAL -variant tabal -rounds 1 -iterations 20 -out "$tmp/flip.c" "$tmp/flip.txt"
refuse "fit: an unknown table" "-variant chess: not dablot, dablot-compulsory or tabal" $BIN fit -variant chess tests/data/tune-tabal.txt
refuse "fit: bad option value" "-lambda 2: expected a number in 0..1" $BIN fit -variant tabal -lambda 2 tests/data/tune-tabal.txt
refuse "unknown command" "unknown command 'tune'" $BIN tune
# options after the first data file are refused, never read as file names
refuse "fit: an option after the data files" "options come before the data files: -variant\$" \
    $BIN fit tests/data/tune-tabal.txt -variant tabal
refuse "fit: an option after the data files, others before" "options come before the data files: -valid\$" \
    $BIN fit -variant tabal tests/data/tune-tabal.txt -valid 20
refuse "merge: an option after the data files" "options come before the data files: -out\$" \
    $BIN merge tests/data/tune-tabal.txt -out "$tmp/x.txt"
refuse "merge: an option after a data file" "options come before the data files: -x\$" \
    $BIN merge -out "$tmp/x.txt" tests/data/tune-tabal.txt -x
# an unknown option is named so whether a value follows or not
refuse "gen: an unknown option at the end" "gen: unknown option '-bogus'\$" $BIN gen -game tabal -bogus
refuse "gen: an unknown option with a value" "gen: unknown option '-bogus'\$" $BIN gen -bogus 1 -game tabal
refuse "fit: an unknown option at the end" "fit: unknown option '-bogus'\$" $BIN fit -variant tabal -bogus
refuse "merge: an unknown option" "merge: unknown option '-bogus'\$" $BIN merge -out "$tmp/x.txt" -bogus
[ ! -e "$tmp/x.txt" ] && ok "  ... and none of them writes a file" || bad "  ... and none of them writes a file"
# each command's -h and --help print the usage and exit 0
for c in gen merge fit; do
    for h in -h --help; do
        out=$($BIN $c $h 2>&1)
        rc=$?
        [ $rc -eq 0 ] && grep -q '^Usage: dablo-tune gen' <<<"$out" && ok "$c $h: the usage, exit 0" ||
            bad "$c $h: the usage, exit 0 (exit $rc: $(head -n 1 <<<"$out"))"
    done
done
out=$($BIN gen -game tabal --help 2>&1) && grep -q '^Usage:' <<<"$out" && ok "gen: --help after an option" ||
    bad "gen: --help after an option"
# an -out that is no regular file is named so, never "exists: remove it"
refuse "gen -out naming a device" "-out /dev/null: not a regular file\$" $BIN gen -game tabal -out /dev/null
refuse "gen -out naming a folder" "-out $tmp: is a folder\$" $BIN gen -game tabal -out "$tmp"
refuse "merge -out naming a device" "-out /dev/null: not a regular file\$" \
    $BIN merge -out /dev/null tests/data/tune-tabal.txt
refuse "merge -out naming the root folder" "-out /: is a folder\$" $BIN merge -out / tests/data/tune-tabal.txt

# An opening where the game is already over is no training position:
# refused with its line before any game, no file left.
printf '# book\n3/3/5/5/5/5/5/3/K2 w 0 1\n' >"$tmp/over.fen"
refuse "gen: an opening where Black has no pieces is refused with its line" \
    ".*over.fen:2: the game is already over in this position \(Black has no pieces\)\$" \
    $BIN gen -game tabal -openings "$tmp/over.fen" -games 2 -out "$tmp/over.txt"
[ ! -e "$tmp/over.txt" ] && ok "  ... and writes no file" || bad "  ... and writes no file"
printf 'mmm/3/5/5/5/5/5/3/3 b 0 1\n' >"$tmp/over2.fen"
refuse "gen: an opening where White has no pieces is refused with its line" \
    ".*over2.fen:1: the game is already over in this position \(White has no pieces\)\$" \
    $BIN gen -game tabal -openings "$tmp/over2.fen" -games 2 -out "$tmp/over2.txt"
# the side to move without pieces is named so too, not only "no legal move"
printf '3/3/5/5/2m2/5/5/3/3 w 0 1\n' >"$tmp/over3.fen"
refuse "gen: an opening where the side to move has no pieces names it" \
    ".*over3.fen:1: the game is already over in this position \(White has no pieces\)\$" \
    $BIN gen -game tabal -openings "$tmp/over3.fen" -games 2 -out "$tmp/over3.txt"

# A run that records no position failed: one line saying so, exit 1, and
# no file left (an empty one was written, exit 0), as after Ctrl-C.
err=$($BIN gen -game tabal -nodes 200 -games 4 -max-plies 1 -out "$tmp/nopos.txt" 2>&1 >/dev/null)
rc=$?
if [ $rc -eq 1 ] &&
    [ "$err" = "dablo-tune: no position recorded (all 4 games dropped, still going after -max-plies 1): $tmp/nopos.txt not written" ] &&
    ! compgen -G "$tmp/nopos.txt*" >/dev/null; then
    ok "gen recording no position: said, exit 1, no file left"
else
    bad "gen recording no position: said, exit 1, no file left (exit $rc: $err; $(ls "$tmp" | grep nopos.txt))"
fi

# So does a merge of files that hold no position.
: >"$tmp/empty1.txt"
: >"$tmp/empty2.txt"
err=$($BIN merge -out "$tmp/nopos2.txt" "$tmp/empty1.txt" "$tmp/empty2.txt" 2>&1 >/dev/null)
rc=$?
if [ $rc -eq 1 ] && [ "$err" = "dablo-tune: no position in the 2 files to merge: $tmp/nopos2.txt not written" ] &&
    ! compgen -G "$tmp/nopos2.txt*" >/dev/null; then
    ok "merge of no position: said, exit 1, no file left"
else
    bad "merge of no position: said, exit 1, no file left (exit $rc: $err; $(ls "$tmp" | grep nopos2.txt))"
fi

# ---- fit checks its -out and -fix before any work ------------------------
cp tests/data/tune-tabal.txt "$tmp/in.txt"
refuse "fit -out in a folder that does not exist" "-out $tmp/nodir/w.c: the folder $tmp/nodir does not exist" \
    $BIN fit -variant tabal -out "$tmp/nodir/w.c" "$tmp/in.txt"
refuse "fit -out naming a folder" "-out $tmp: is a folder" $BIN fit -variant tabal -out "$tmp" "$tmp/in.txt"
refuse "fit -out naming a data file" "-out $tmp/in.txt: the same file as the data file $tmp/in.txt" \
    $BIN fit -variant tabal -out "$tmp/in.txt" "$tmp/in.txt"
cmp -s "$tmp/in.txt" tests/data/tune-tabal.txt && ok "  ... and the data file is unchanged" ||
    bad "  ... and the data file is unchanged"
printf 'kept\n' >"$tmp/other.txt"
refuse "fit -out naming a file that is not a weights source" \
    "-out $tmp/other.txt: exists and is not a weights source written by dablo-tune" \
    $BIN fit -variant tabal -out "$tmp/other.txt" "$tmp/in.txt"
[ "$(cat "$tmp/other.txt")" = kept ] && ok "  ... and that file is unchanged" || bad "  ... and that file is unchanged"
refuse "fit -out naming a device" "-out /dev/null: not a regular file" $BIN fit -variant tabal -out /dev/null "$tmp/in.txt"
refuse "fit -fix with a prefix that matches no weight" "-fix tempo,nosuch: prefix 'nosuch' matches no weight" \
    $BIN fit -variant tabal -fix tempo,nosuch "$tmp/in.txt"
# a prefix of weights the fit never moves for the table would seem to hold something
for pre in king_immune 'piece[0]' 'advance[0]' 'piece[1'; do
    refuse "fit -fix $pre for Tabal holds no weight the fit moves" \
        "-fix $(sed 's/[][]/\\&/g' <<<"$pre"): prefix '.*' holds no weight the fit moves for the tabal table\$" \
        $BIN fit -variant tabal -fix "$pre" "$tmp/in.txt"
done
refuse "fit -fix with an empty prefix" "-fix tempo,: an empty prefix" $BIN fit -variant tabal -fix tempo, "$tmp/in.txt"
# The checks come first: a fit of hours is refused at once (within 20 s
# on a loaded machine; it ran to its end before writing).
timeout 20 $BIN fit -variant tabal -rounds 20 -iterations 100000 -out "$tmp" "$tmp/in.txt" >"$tmp/long.out" 2>&1
rc=$?
[ $rc -eq 2 ] && [ ! -s "$tmp/long.out" -o "$(wc -l <"$tmp/long.out")" -eq 1 ] &&
    ok "fit: a bad -out is refused before the fit starts" ||
    bad "fit: a bad -out is refused before the fit starts (exit $rc)"

# ---- a full disk: the file and the cause named, no file left ------------
# (a 12 KiB tmpfs; needs root, otherwise skipped)
mkdir "$tmp/full"
if mount -t tmpfs -o size=12k tmpfs "$tmp/full" 2>/dev/null; then
    trap 'umount "$tmp/full" 2>/dev/null; rm -rf "$tmp"' EXIT
    err=$($BIN gen -game tabal -games 20 -nodes 100 -out "$tmp/full/g.txt" 2>&1 >/dev/null)
    rc=$?
    [ $rc -eq 1 ] && [ "$err" = "dablo-tune: cannot write $tmp/full/g.txt: No space left on device" ] &&
        [ -z "$(ls -A "$tmp/full")" ] && ok "gen on a full disk: the file and the cause named, exit 1" ||
        bad "gen on a full disk: the file and the cause named, exit 1 (exit $rc: $err)"
    err=$($BIN merge -out "$tmp/full/m.txt" tests/data/tune-tabal.txt 2>&1 >/dev/null)
    rc=$?
    [ $rc -eq 1 ] && [ "$err" = "dablo-tune: cannot write $tmp/full/m.txt: No space left on device" ] &&
        [ -z "$(ls -A "$tmp/full")" ] && ok "merge on a full disk: the file and the cause named, exit 1" ||
        bad "merge on a full disk: the file and the cause named, exit 1 (exit $rc: $err)"
    umount "$tmp/full"
else
    skipped "a full disk (no tmpfs can be mounted here)"
fi

# ---- gen interrupted: no file left, the same command runs again ----------
# interrupted SIGNAL STATUS: a long gen stopped by SIGNAL once its
# temporary file exists exits STATUS with one line naming the file, and
# leaves neither the file nor the temporary one.
interrupted() {
    local sig=$1 want=$2 pid rc i err
    rm -f "$tmp/int.txt"*
    $BIN gen -game tabal -nodes 3000 -games 100000 -out "$tmp/int.txt" >/dev/null 2>"$tmp/int.err" &
    pid=$!
    for i in $(seq 200); do compgen -G "$tmp/int.txt.tmp.*" >/dev/null && break; sleep 0.05; done
    sleep 0.3
    kill -"$sig" "$pid"
    for i in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && { echo "     | still running 10 s after SIG$sig: killed"; kill -KILL "$pid"; }
    wait "$pid"
    rc=$?
    err=$(cat "$tmp/int.err")
    if [ $rc -eq "$want" ] && [ "$err" = "dablo-tune: interrupted by SIG$sig: $tmp/int.txt not written" ] &&
        ! compgen -G "$tmp/int.txt*" >/dev/null; then
        ok "gen stopped by SIG$sig: exit $want, one line, no file left"
    else
        bad "gen stopped by SIG$sig: exit $rc (want $want): $err; left: $(ls "$tmp" | grep int.txt | tr '\n' ' ')"
    fi
}
interrupted INT 130
interrupted TERM 143
# Under nohup SIGHUP comes ignored, and gen keeps it so (docs/tuning.md):
# nothing to stop it then.
if (( 0x$(awk '/^SigIgn:/ { print $2 }' /proc/$$/status 2>/dev/null || echo 0) & 1 )); then
    skipped "gen stopped by SIGHUP (SIGHUP is ignored here, as under nohup, so gen runs on)"
else
    interrupted HUP 129
fi
# A closed standard output (| true) is only the report lost: gen, merge
# and fit finish, write their file whole and exit 0 (SIGPIPE ignored; the
# sleep lets the reader end first).
rm -f "$tmp/pipe"*
{ sleep 0.5; $BIN gen -game tabal -games 2 -nodes 300 -out "$tmp/pipe.txt" 2>"$tmp/pipe.err"; echo $? >"$tmp/pipe.rc"; } | true
[ "$(cat "$tmp/pipe.rc")" = 0 ] && [ -s "$tmp/pipe.txt" ] && [ ! -s "$tmp/pipe.err" ] && ! compgen -G "$tmp/pipe.txt.tmp*" >/dev/null &&
    ok "gen | true: the file written, exit 0" ||
    bad "gen | true: the file written, exit 0 (exit $(cat "$tmp/pipe.rc"): $(cat "$tmp/pipe.err"))"
{ sleep 0.5; $BIN merge -out "$tmp/pipe-m.txt" "$tmp/pipe.txt" 2>"$tmp/pipe.err"; echo $? >"$tmp/pipe.rc"; } | true
[ "$(cat "$tmp/pipe.rc")" = 0 ] && cmp -s "$tmp/pipe.txt" "$tmp/pipe-m.txt" && [ ! -s "$tmp/pipe.err" ] &&
    ok "merge | true: the file written, exit 0" ||
    bad "merge | true: the file written, exit 0 (exit $(cat "$tmp/pipe.rc"): $(cat "$tmp/pipe.err"))"
cp src/search/eval_weights.c "$tmp/pipe-w.c"
{ sleep 0.5; $BIN fit -variant tabal -rounds 1 -iterations 5 -out "$tmp/pipe-w.c" tests/data/tune-tabal.txt 2>"$tmp/pipe.err"; echo $? >"$tmp/pipe.rc"; } | true
[ "$(cat "$tmp/pipe.rc")" = 0 ] && grep -q '\[EVAL_TABLE_TABAL\] = "dablo-tune fit ' "$tmp/pipe-w.c" &&
    ok "fit | true: the weights written, exit 0" ||
    bad "fit | true: the weights written, exit 0 (exit $(cat "$tmp/pipe.rc"): $(cat "$tmp/pipe.err"))"
out=$($BIN gen -game tabal -nodes 100 -games 2 -out "$tmp/int.txt" 2>&1)
[ $? -eq 0 ] && [ -s "$tmp/int.txt" ] && ! compgen -G "$tmp/int.txt.tmp.*" >/dev/null &&
    ok "gen after an interruption: the same command runs ($(wc -l <"$tmp/int.txt") positions)" ||
    bad "gen after an interruption: the same command runs ($out)"

# ---- the fit and the weights source -------------------------------------
if $BIN weights | cmp -s - src/search/eval_weights.c; then
    ok "the built-in tables write src/search/eval_weights.c back exactly"
else
    bad "the built-in tables write src/search/eval_weights.c back exactly"
fi
cp src/search/eval_weights.c "$tmp/w.c"
chmod 640 "$tmp/w.c"
out=$($BIN fit -variant tabal -rounds 1 -iterations 100 -out "$tmp/w.c" tests/data/tune-tabal.txt 2>&1)
before=$(sed -nE 's/.*log loss ([0-9.]+) -> ([0-9.]+).*/\1/p' <<<"$out")
after=$(sed -nE 's/.*log loss ([0-9.]+) -> ([0-9.]+).*/\2/p' <<<"$out")
if [ -n "$before" ] && awk -v a="$after" -v b="$before" 'BEGIN { exit !(a < b) }'; then
    ok "fit on the Tabal sample: log loss $before -> $after"
else
    bad "fit on the Tabal sample lowers the loss"
    sed 's/^/     | /' <<<"$out"
fi
# Only the Tabal table and its origin line change (both Dablot tables stay).
dablot_part() { sed -n '/^    \[EVAL_TABLE_DABLOT[A-Z_]*\] = {/,/^    },/p' "$1"; }
if grep -q '\[EVAL_TABLE_TABAL\] = "dablo-tune fit ' "$tmp/w.c" && [ "$(dablot_part "$tmp/w.c" | grep -c "^    \[EVAL_TABLE_DABLOT")" -eq 2 ] &&
    cmp -s <(dablot_part "$tmp/w.c") \
    <(dablot_part src/search/eval_weights.c) && ! cmp -s "$tmp/w.c" src/search/eval_weights.c; then
    ok "fit -out rewrites the Tabal table and its origin, the Dablot tables as they were"
    compgen -G "$tmp/w.c.tmp*" >/dev/null && bad "  ... and leaves no temporary file" ||
        ok "  ... and leaves no temporary file"
    [ "$(stat -c %a "$tmp/w.c")" = 640 ] && ok "  ... and keeps the file's mode (640)" ||
        bad "  ... and keeps the file's mode (640, not $(stat -c %a "$tmp/w.c"))"
else
    bad "fit -out rewrites the Tabal table and its origin, the Dablot tables as they were"
fi
# fit -out through a symbolic link rewrites the file it names, in that
# file's folder, and keeps the link and the file's permission bits.
mkdir -p "$tmp/real"
cp src/search/eval_weights.c "$tmp/real/w.c"
chmod 640 "$tmp/real/w.c"
ln -s real/w.c "$tmp/wlink.c"
$BIN fit -variant tabal -rounds 1 -iterations 5 -out "$tmp/wlink.c" tests/data/tune-tabal.txt >/dev/null 2>&1
if [ -L "$tmp/wlink.c" ] && grep -q '\[EVAL_TABLE_TABAL\] = "dablo-tune fit ' "$tmp/real/w.c" &&
    [ "$(stat -c %a "$tmp/real/w.c")" = 640 ] && ! compgen -G "$tmp/real/w.c.tmp*" >/dev/null &&
    ! compgen -G "$tmp/wlink.c.tmp*" >/dev/null; then
    ok "fit -out through a symbolic link: the target rewritten, the link and mode 640 kept"
else
    bad "fit -out through a symbolic link: the target rewritten, the link and mode 640 kept ($(ls -l "$tmp/wlink.c" "$tmp/real/w.c"))"
fi
# A link to a file that does not exist yet: the file is made through it,
# the link kept (never replaced by a regular file).
ln -s real/new-w.c "$tmp/dangling.c"
$BIN fit -variant tabal -rounds 1 -iterations 5 -out "$tmp/dangling.c" tests/data/tune-tabal.txt >/dev/null 2>&1
rc=$?
if [ $rc -eq 0 ] && [ -L "$tmp/dangling.c" ] && [ "$(readlink "$tmp/dangling.c")" = real/new-w.c ] &&
    grep -q '\[EVAL_TABLE_TABAL\] = "dablo-tune fit ' "$tmp/real/new-w.c" &&
    ! compgen -G "$tmp/real/new-w.c.tmp*" >/dev/null; then
    ok "fit -out through a link to a file not made yet: the file made, the link kept"
else
    bad "fit -out through a link to a file not made yet: the file made, the link kept (exit $rc: $(ls -l "$tmp/dangling.c" "$tmp/real/new-w.c" 2>&1))"
fi
ln -s nodir/w.c "$tmp/dangling2.c"
refuse "fit -out through a link into a folder that does not exist" \
    "-out $tmp/dangling2.c: the folder $tmp/nodir does not exist\$" \
    $BIN fit -variant tabal -out "$tmp/dangling2.c" tests/data/tune-tabal.txt
ln -s loop2.c "$tmp/loop1.c" && ln -s loop1.c "$tmp/loop2.c"
refuse "fit -out naming a loop of links" "-out $tmp/loop1.c: a symbolic link that names no file \(a loop of links\)\$" \
    $BIN fit -variant tabal -out "$tmp/loop1.c" tests/data/tune-tabal.txt
[ -L "$tmp/loop1.c" ] && [ -L "$tmp/loop2.c" ] && ok "  ... and leaves the links" || bad "  ... and leaves the links"
echo x >"$tmp/plainfile" && ln -s plainfile/w.c "$tmp/through.c"
refuse "fit -out through a link into a file: the cause" \
    "-out $tmp/through.c: a symbolic link that names no file \(Not a directory\)\$" \
    $BIN fit -variant tabal -out "$tmp/through.c" tests/data/tune-tabal.txt
refuse "fit -out under a file: named not a folder" "-out $tmp/plainfile/w.c: $tmp/plainfile is not a folder\$" \
    $BIN fit -variant tabal -out "$tmp/plainfile/w.c" tests/data/tune-tabal.txt
# Fits of two tables into one file keep both: the second fit keeps the
# first's table and origin line, and warns of nothing (its own table in
# the file is the one built in).
rm -f "$tmp/seq.c"
$BIN fit -variant tabal -rounds 1 -iterations 20 -out "$tmp/seq.c" tests/data/tune-tabal.txt >/dev/null 2>&1
cp "$tmp/seq.c" "$tmp/seq1.c"
$BIN fit -variant dablot -rounds 1 -iterations 20 -out "$tmp/seq.c" tests/data/tune-dablot.txt >/dev/null 2>"$tmp/seq.err"
rc=$?
tabal_part() { sed -n '/^    \[EVAL_TABLE_TABAL\] = /,/^    \[EVAL_TABLE_DABLOT_COMPULSORY\] = "/p; /^    \[EVAL_TABLE_TABAL\] = {/,/^    },/p' "$1"; }
if [ $rc -eq 0 ] && [ -z "$(grep -Ev -- "$few_data" "$tmp/seq.err")" ] && grep -q '\[EVAL_TABLE_TABAL\] = "dablo-tune fit ' "$tmp/seq.c" &&
    grep -q '\[EVAL_TABLE_DABLOT\] = "dablo-tune fit ' "$tmp/seq.c" &&
    cmp -s <(tabal_part "$tmp/seq.c") <(tabal_part "$tmp/seq1.c"); then
    ok "fit of dablot into a file with a fitted tabal table keeps that table and its origin"
else
    bad "fit of dablot into a file with a fitted tabal table keeps that table and its origin (exit $rc: $(cat "$tmp/seq.err"))"
    diff <(tabal_part "$tmp/seq1.c") <(tabal_part "$tmp/seq.c") | head -n 5 | sed 's/^/     | /'
fi
# The file's own table of the fitted variant differs from the built-in
# one: a warning (the fit starts from the built-in table), the file written.
cp "$tmp/seq.c" "$tmp/seq2.c"
fit_warns "fit into a file whose own table differs: warned of, the other tables kept" \
    "-out $tmp/seq2.c: its tabal table is not the one built in; the fit starts from the built-in table .*as make tune does\)" \
    "$tmp/seq2.c" DABLOT -variant tabal -rounds 1 -iterations 5 -out "$tmp/seq2.c" tests/data/tune-tabal.txt
# A file dablo-tune wrote that cannot be read back is refused with its
# line, before the data are read (the data file here does not exist).
sed 's/\.mobility = /.mobilty = /' "$tmp/seq.c" >"$tmp/rb1.c"
refuse "fit -out: a weights source that cannot be read back names its line" \
    "$tmp/rb1.c:25: expected 'mobility', found 'mobilty'\$" \
    $BIN fit -variant tabal -out "$tmp/rb1.c" "$tmp/none.txt"
head -n 30 "$tmp/seq.c" >"$tmp/rb2.c"
refuse "fit -out: a cut weights source" "$tmp/rb2.c:31: expected '.*', found the end of the file\$" \
    $BIN fit -variant tabal -out "$tmp/rb2.c" "$tmp/none.txt"
sed '0,/\.piece = { 100, /s//.piece = { 100x, /' "$tmp/seq.c" >"$tmp/rb3.c"
refuse "fit -out: a bad number in a weights source" "$tmp/rb3.c:[0-9]+: expected ',', found 'x'\$" \
    $BIN fit -variant tabal -out "$tmp/rb3.c" "$tmp/none.txt"
sed 's/^    \[EVAL_TABLE_DABLOT\] = "/    [EVAL_TABLE_DABLOT] = "a \\q /' "$tmp/seq.c" >"$tmp/rb4.c"
refuse "fit -out: an unknown escape in an origin line" "$tmp/rb4.c:11: an escape other than .* in a string\$" \
    $BIN fit -variant tabal -out "$tmp/rb4.c" "$tmp/none.txt"
# Origin lines with quotes and backslashes, and the layout make format may
# give: read back as written.
sed 's/^    \[EVAL_TABLE_DABLOT_COMPULSORY\] = "hand-set/    [EVAL_TABLE_DABLOT_COMPULSORY] =\n   "say \\"hi\\" \\\\ "  "hand-set/' \
    src/search/eval_weights.c | sed 's/^        \.piece = {/        .piece =\n {/' >"$tmp/odd.c"
$BIN fit -variant tabal -rounds 1 -iterations 5 -out "$tmp/odd.c" tests/data/tune-tabal.txt >/dev/null 2>"$tmp/odd.err"
rc=$?
if [ $rc -eq 0 ] && [ -z "$(grep -Ev -- "$few_data" "$tmp/odd.err")" ] &&
    grep -Fq '[EVAL_TABLE_DABLOT_COMPULSORY] = "say \"hi\" \\ hand-set (docs/strength.md)",' "$tmp/odd.c"; then
    ok "fit -out reads escapes and another layout back"
else
    bad "fit -out reads escapes and another layout back (exit $rc: $(cat "$tmp/odd.err"))"
    grep -F 'EVAL_TABLE_DABLOT_COMPULSORY] = "' "$tmp/odd.c" | sed 's/^/     | /'
fi
# No validation positions: said so, never "validation 0.000000".
cp src/search/eval_weights.c "$tmp/w0.c"
out=$($BIN fit -variant tabal -valid 0 -rounds 1 -iterations 5 -out "$tmp/w0.c" tests/data/tune-tabal.txt 2>&1)
if grep -q '^fit: .*, no validation set$' <<<"$out" && ! grep -q 'validation 0\.0' <<<"$out" &&
    tr -d '\n' <"$tmp/w0.c" | sed 's/"[[:space:]]*"//g' | grep -q '(no validation set)'; then
    ok "fit -valid 0: says there is no validation set"
else
    bad "fit -valid 0: says there is no validation set"
    sed 's/^/     | /' <<<"$out"
fi
# A fit whose validation loss rises (40 positions, half for validation)
# warns on stderr, one line, and still writes the file.
awk 'NR % 15 == 0' tests/data/tune-tabal.txt >"$tmp/small.txt"
cp src/search/eval_weights.c "$tmp/wsmall.c"
fit_warns "fit: a validation loss that rises is warned of, the file written" \
    'validation loss rose [0-9.]+ -> [0-9.]+: the data is too small or the fit over-fits' "$tmp/wsmall.c" TABAL \
    -variant tabal -valid 50 -seed 1 -rounds 3 -iterations 1000 -rate 5 -l2 0 -out "$tmp/wsmall.c" "$tmp/small.txt"
# The origin line names the weights held, which belong to how a table was made.
cp src/search/eval_weights.c "$tmp/wfix.c"
$BIN fit -variant tabal -rounds 1 -iterations 5 -fix mopup_,tempo -out "$tmp/wfix.c" tests/data/tune-tabal.txt >/dev/null 2>&1
tr -d '\n' <"$tmp/wfix.c" | sed 's/"[[:space:]]*"//g' | grep -q '\[EVAL_TABLE_TABAL\] = "dablo-tune fit [^:]*-fix mopup_,tempo:' &&
    ok "fit -fix: the origin line names the weights held" ||
    bad "fit -fix: the origin line names the weights held"
if ${CC:-cc} -std=gnu11 -Wall -Wextra -Werror -Isrc -Isrc/search -c "$tmp/w.c" -o "$tmp/w.o" 2>"$tmp/cc.err"; then
    ok "the written weights source compiles without warnings"
else
    bad "the written weights source compiles without warnings"
    sed 's/^/     | /' "$tmp/cc.err"
fi

# ---- make tune's script on a small manifest -------------------------------
printf '# small\ndata mini -variant tabal -nodes 200 -games 4 -seed 3\nfit tabal -rounds 1 -iterations 50 : mini\nfit dablot -rounds 1 -iterations 50 : mini-d\n' \
    >"$tmp/manifest.txt"
mkdir -p "$tmp/tune"
cp tests/data/tune-dablot.txt "$tmp/tune/mini-d.txt"
cp src/search/eval_weights.c "$tmp/before.c"
out=$(TUNE_MANIFEST="$tmp/manifest.txt" TUNE_DIR="$tmp/tune" TUNE_OUT="$tmp/tuned.c" \
    bash tools/tune/tune.sh 2>&1)
# The second fit keeps the first's table (TUNE_OUT is not built in here).
if [ -s "$tmp/tune/mini.txt" ] && grep -q 'TABAL\] = "dablo-tune fit ' "$tmp/tuned.c" &&
    grep -q 'DABLOT\] = "dablo-tune fit ' "$tmp/tuned.c" &&
    cmp -s src/search/eval_weights.c "$tmp/before.c"; then
    ok "tune.sh plays a manifest's data, merges it and fits ($(wc -l <"$tmp/tune/mini.txt") positions)"
else
    bad "tune.sh plays a manifest's data, merges it and fits"
    tail -n 5 <<<"$out" | sed 's/^/     | /'
fi
printf 'play mini -game tabal\n' >"$tmp/bad-manifest.txt"
if ! TUNE_MANIFEST="$tmp/bad-manifest.txt" TUNE_DIR="$tmp/tune" bash tools/tune/tune.sh 2>"$tmp/err" >/dev/null &&
    grep -q "bad-manifest.txt:1: unknown line kind 'play'" "$tmp/err"; then
    ok "tune.sh refuses a bad manifest line, naming it"
else
    bad "tune.sh refuses a bad manifest line, naming it"
fi

out=$($BIN --help 2>&1)
grep -q '^Usage: dablo-tune gen' <<<"$out" && ok "help" || bad "help"
grep -q '^Usage: dablo-tune gen -variant V ' <<<"$out" && grep -q '^  -variant V  *gen: the game to play' <<<"$out" &&
    grep -q '(-game V: the same option, its old name)' <<<"$out" && ok "help: gen's -variant, and -game its old name" ||
    bad "help: gen's -variant, and -game its old name"

# Standard output that cannot be written (a full disk): exit 1, the cause named.
full_stdout "weights > /dev/full: exit 1, 'cannot write stdout' and the cause" $BIN weights
full_stdout "--help > /dev/full" $BIN --help
full_stdout "--version > /dev/full" $BIN --version
# A write past RLIMIT_FSIZE (SIGXFSZ ignored): the cause is the write's
# own (EFBIG), and no file is left.
rm -rf "$tmp/lim" && mkdir "$tmp/lim"
err=$( (ulimit -f 1; $BIN merge -out "$tmp/lim/m.txt" tests/data/tune-tabal.txt) 2>&1 >/dev/null)
same "merge past a file size limit: the cause named, no file left" \
    "1 dablo-tune: cannot write $tmp/lim/m.txt: File too large|" "$? $err|$(ls -A "$tmp/lim")"
cp src/search/eval_weights.c "$tmp/lim/w.c"
err=$( (ulimit -f 1; $BIN fit -variant tabal -rounds 1 -iterations 2 -out "$tmp/lim/w.c" tests/data/tune-tabal.txt) 2>&1 >/dev/null)
rc=$?
cmp -s src/search/eval_weights.c "$tmp/lim/w.c" && [ "$(ls -A "$tmp/lim")" = w.c ] &&
    same "fit -out past a file size limit: the cause named, the old file kept whole" \
        "1 dablo-tune: cannot write $tmp/lim/w.c: File too large" "$rc $(tail -n 1 <<<"$err")" ||
    bad "fit -out past a file size limit: the old file kept whole (exit $rc: $err; $(ls -A "$tmp/lim"))"

suite_end tune
