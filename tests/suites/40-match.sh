#!/usr/bin/env bash
# dablo-match end to end: the runner against small fake engines that play
# legal moves deterministically or misbehave on purpose (build/fake_engine),
# plus the unit tests of its modules (build/test_match).  Budget: < 90 s.
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
M=$ROOT/bin/dablo-match
F=$ROOT/build/fake_engine
T=$(mktemp -d /tmp/dablo-40-match.XXXXXX)
MOUNTS=()
trap 'for d in "${MOUNTS[@]}"; do umount "$d" 2>/dev/null; done; rm -rf "$T"' EXIT
. tests/lib.sh
n=0
check() {   # check NAME COMMAND...: one test in a fresh directory, passes when the command succeeds (77: skipped)
    local name=$1 rc
    shift
    n=$((n + 1))
    mkdir -p "$T/$n"
    ( cd "$T/$n" && "$@" ) >"$T/last.out" 2>&1
    rc=$?
    if [ $rc -eq 0 ]; then
        echo "ok   $name"
        pass=$((pass + 1))
    elif [ $rc -eq 77 ]; then
        echo "skip $name: $(tail -n 1 "$T/last.out")"
        skip=$((skip + 1))
    else
        echo "FAIL $name"
        sed 's/^/     | /' "$T/last.out" | tail -n 15
        fail=$((fail + 1))
    fi
}
# attempts N FUNC: a check that depends on the machine's timing (a process
# stopped for 300 ms must land inside a move), run up to N times in the same
# fresh directory; every failed attempt says what it saw.
attempts() {
    local n=$1 i
    shift
    for i in $(seq "$n"); do
        find . -mindepth 1 -delete
        "$@" && { [ "$i" -eq 1 ] || echo "passed at attempt $i of $n"; return 0; }
        echo "attempt $i of $n failed (above: what it saw)"
    done
    return 1
}
# Live (not zombie) fake engines of this checkout ($F, so that a suite run
# in another clone at the same time is not counted) with the tag $1.
live_fakes() {
    ps -eo stat=,args= | awk -v tag="$1" -v f="$F" '$1 !~ /^Z/ && index($0, tag) && index($0, f)' | grep -v awk | wc -l
}
no_fakes_left() {   # no_fakes_left TAG: within 2 s no live fake engine has TAG (an engine told to quit may take a moment); else prints them
    local i
    for i in $(seq 20); do
        [ "$(live_fakes "$1")" -eq 0 ] && return 0
        sleep 0.1
    done
    echo "fake engines with '$1' still running 2 s after the runner exited:"
    ps -eo pid=,stat=,args= | grep "$1" | grep -F "$F" | grep -v grep
    return 1
}
two() {   # two fake engines A (greedy) and B (random) with extra args, then runner options
    local a=$1 b=$2
    shift 2
    "$M" -engine cmd="$F" name=A args="--seed 1 $a" -engine cmd="$F" name=B args="--seed 2 --random $b" "$@"
}
two_bg() {   # the same in the background, the runner's pid in $bg
    local a=$1 b=$2
    shift 2
    "$M" -engine cmd="$F" name=A args="--seed 1 $a" -engine cmd="$F" name=B args="--seed 2 --random $b" "$@" &
    bg=$!
}

pgn_by_game() {   # the games of a PGN file in game-number order
    awk '/^\[Event /{ if (g != "") print g; g = "" } { g = (g == "" ? $0 : g "\034" $0) } END { if (g != "") print g }' "$1" |
        awk -F'\034' '{ for (i = 1; i <= NF; i++) if ($i ~ /^\[Game "/) { k = $i; gsub(/[^0-9]/, "", k) } print k "\t" $0 }' |
        sort -n | cut -f2- | tr '\034' '\n'
}

# ---- unit tests of the modules -------------------------------------------
unit() {
    "$ROOT/build/test_match" >"$T/unit.out" 2>&1
    local rc=$?
    tail -n 3 "$T/unit.out"
    return $rc
}
check "unit tests (tc, clocks, encodings, info lines, adjudication, schedule, openings, records)" unit

# ---- the command line ------------------------------------------------------
help_ok() {
    local h
    h=$("$M" --help) || return 1
    for o in -engine -each cmd= name= dir= args= option. tc= st= depth= nodes= timemargin= -variant -rules -option \
             -games -rounds -repeat -concurrency -gauntlet -openings -srand -genopenings -draw -resign -maxmoves \
             -pgnout -results -log -recover -resume -shard -sprt -startup-ms -ucinewgame-ms -ping-ms -search-ms \
             -stop-ms -quit-ms; do
        grep -q -- "$o" <<<"$h" || { echo "help lacks $o"; return 1; }
    done
    # The files and waits nobody asks for by an option: the state a stopped
    # run writes, and the compliance checker's wait for a limited search.
    for o in RESULTS.resume PGN.resume dablo-match.resume 'go depth or go nodes search 10000 (fixed)'; do
        grep -q -- "$o" <<<"$h" || { echo "help lacks '$o'"; return 1; }
    done
    for o in '`RESULTS.resume`' '`PGN.resume`' '`dablo-match.resume`' '`-search-ms`' 'end within 10000 ms'; do
        grep -q -- "$o" "$ROOT/docs/match.md" || { echo "docs/match.md lacks '$o'"; return 1; }
    done
    # -results and -pgnout naming a file of another kind: refused untouched
    grep -q -- '-results FILE' <<<"$h" && grep -A3 -- '-results FILE' <<<"$h" | grep -q 'refuses (exit 2, file untouched)' ||
        { echo "help does not say that -results/-pgnout refuse a file of another kind"; return 1; }
    tr '\n' ' ' <"$ROOT/docs/match.md" | grep -q 'refused before any game, untouched, with exit 2' ||
        { echo "docs/match.md does not say that -results/-pgnout refuse a file of another kind"; return 1; }
}
check "--help and docs/match.md document every option, the .resume file, the refused -results/-pgnout file and the compliance waits" help_ok
genopenings_keys() {   # srand= and variant= of -genopenings: documented, and the same as -srand and -variant
    local h
    h=$("$M" --help) || return 1
    grep -q -- '-genopenings N plies=P .*\[srand=S\] \[variant=V\]' <<<"$h" && grep -q 'srand=S is' <<<"$h" &&
        grep -q -- '-genopenings N plies=P .*\[srand=S\] \[variant=V\]' "$ROOT/docs/match.md" &&
        grep -q '`srand=S` is the same as' "$ROOT/docs/match.md" || { echo "not documented"; return 1; }
    "$M" -genopenings 3 plies=4 srand=7 variant=tabal out=a.fen 2>/dev/null &&
        "$M" -variant tabal -genopenings 3 plies=4 -srand 7 out=b.fen 2>/dev/null &&
        "$M" -variant tabal -genopenings 3 plies=4 -srand 8 out=c.fen 2>/dev/null || return 1
    cmp a.fen b.fen && ! cmp -s a.fen c.fen && [ "$(wc -l <a.fen)" -eq 3 ] ||
        { echo "srand=/variant= differ from -srand/-variant:"; cat a.fen b.fen; return 1; }
}
check "-genopenings srand= and variant=: in --help and docs/match.md, the same as -srand and -variant" genopenings_keys
one_opening() {   # a count of one is said in the singular
    "$M" -genopenings 1 plies=2 -srand 1 out=one.fen 2>err.txt || { cat err.txt; return 1; }
    grep -qx "dablo-match: 1 opening written to one.fen" err.txt || { cat err.txt; return 1; }
    "$M" -genopenings 2 plies=2 -srand 1 out=two.fen 2>err.txt || { cat err.txt; return 1; }
    grep -qx "dablo-match: 2 openings written to two.fen" err.txt || { cat err.txt; return 1; }
}
check "-genopenings 1 out=F: '1 opening written', 2: '2 openings written'" one_opening
usage_errors() {
    "$M" -engine cmd="$F" depth=1 && return 1
    [ $? -eq 2 ] || return 1
    "$M" -engine cmd="$F" -engine cmd="$F" 2>&1 | grep -q "has no limit" || return 1
    "$M" -engine cmd="$F" name=a depth=1 -engine cmd="$F" name=b depth=1 -games 3 -repeat 2>&1 | grep -q "even" || return 1
    "$M" -engine cmd="$F" name=a tc=40/x -engine cmd="$F" name=b depth=1 2>&1 | grep -q "bad time control" || return 1
    "$M" -variant tabal -rules modern -engine cmd="$F" name=a depth=1 -engine cmd="$F" name=b depth=1 2>&1 | grep -q "belongs to Dablot" || return 1
    "$M" -option Hash=3 -engine cmd="$F" name=a depth=1 -engine cmd="$F" name=b depth=1 2>&1 | grep -q "not a rule option" || return 1
    # A rule given to one engine only: the judge would play other rules.
    for o in option.Rules=anti-draw option.variant=tabal option.DrawPlies=50 option.MaxCapture=true; do
        "$M" -engine cmd="$F" name=a depth=1 $o -engine cmd="$F" name=b depth=1 2>&1 |
            grep -q "is a rule of the game, not an engine setting" || { echo "$o accepted"; return 1; }
    done
    # The refusal suggests only what the runner takes: -variant for the
    # game (never -option Variant=, itself refused), -rules or -option
    # for the other rules.
    local hint
    for o in "option.Variant=tabal|-variant tabal" "option.variant=chess|-variant dablot|tabal" \
        "option.Rules=modern|-rules modern or -option Rules=modern" "option.DrawPlies=50|-option DrawPlies=50"; do
        hint=$("$M" -variant tabal -engine cmd="$F" name=a depth=1 "${o%%|*}" -engine cmd="$F" name=b depth=1 2>&1)
        [ "$hint" = "dablo-match: -engine 1: ${o%%=*} is a rule of the game, not an engine setting: give it to the host (dablo-match ${o#*|})" ] ||
            { echo "${o%%|*}: $hint"; return 1; }
    done
    "$M" -variant tabal -option Variant=tabal -engine cmd="$F" name=a depth=1 -engine cmd="$F" name=b depth=1 2>&1 |
        grep -qx "dablo-match: use -variant, not -option Variant=" || return 1
    "$M" -engine cmd=./no-such-engine depth=1 -engine cmd="$F" name=b depth=1 2>&1 | grep -q "does not exist" || return 1
    "$M" -genopenings 99999999999 plies=2 2>&1 |
        grep -qx "dablo-match: -genopenings needs a count from 1 to 10000000, not '99999999999'" || return 1
    # Two engines of one name: given names must differ; learned ones need a name= each.
    "$M" -engine cmd="$F" name=a depth=1 -engine cmd="$F" name=a depth=1 -games 1 2>&1 |
        grep -qx "dablo-match: two engines are named 'a': give them different names (name=)" || return 1
    "$M" -engine cmd="$F" depth=1 -engine cmd="$F" depth=1 -games 1 2>&1 |
        grep -q "two engines are named '.*': give name= to tell them apart$" || return 1
}
check "bad command lines: one-line errors, exit 2" usage_errors
refused() {   # refused PATTERN ARGS...: the runner exits 2 at once with PATTERN in its message
    local pat=$1 out rc t0=$SECONDS
    shift
    out=$(timeout 20 "$M" -engine cmd="$F" name=a depth=1 -engine cmd="$F" name=b depth=1 "$@" -results r.txt 2>&1)
    rc=$?
    [ $rc -eq 2 ] && grep -q -- "$pat" <<<"$out" && [ $((SECONDS - t0)) -lt 5 ] && [ ! -s r.txt ] ||
        { echo "rc $rc for $*: $out"; return 1; }
}
bounds() {
    refused "at most 1000000 in one run" -games 2 -rounds 100000000 || return 1
    refused "the match has 10000000000000000 games" -games 100000000 -rounds 100000000 || return 1
    refused "srand needs an integer from 0 to 18446744073709551615, not '18446744073709551616'" -srand 18446744073709551616 || return 1
    refused "not '-1'" -srand -1 || return 1
    refused "start must be an integer from 1 to" -openings file=x start=99999999999999999999 || return 1
    refused "srand must be an integer from 0" -openings file=x srand=99999999999999999999 || return 1
    refused "bad time control '1:99': the seconds of m:ss must be below 60" -each tc=1:99 || return 1
    refused "^dablo-match: -repeat plays each opening twice: -games must be even, not 1$" -repeat -games 1 || return 1
    # Shards of a random opening order need one seed for all (each would pick its own).
    refused "^dablo-match: -shard 1/2 with -openings order=random needs -srand S, the same on every shard (each would pick its own order of the openings)$" \
        -openings file=x order=random -shard 1/2 || return 1
    local o
    for o in "-openings file=x order=random -srand 3 -shard 1/2" "-openings file=x order=random srand=3 -shard 2/2" \
        "-openings file=x -shard 1/2" "-openings file=x order=random -shard 1/1"; do
        o=$(timeout 20 "$M" -engine cmd="$F" name=a depth=1 -engine cmd="$F" name=b depth=1 $o 2>&1)
        [ "$o" = "dablo-match: cannot open openings file x: No such file or directory" ] ||
            { echo "not the missing openings file x: $o"; return 1; }
    done
    # A bad -draw or -resign value names its option.
    refused "^dablo-match: -draw: score must be 0..1000000 cp, not '-5'$" -draw movecount=3 score=-5 || return 1
    refused "^dablo-match: -resign: movecount must be 1..1000000, not '0'$" -resign movecount=0 score=100 || return 1
    refused "^dablo-match: -draw: movenumber must be 0..1000000, not 'x'$" -draw movenumber=x movecount=3 score=5 || return 1
    refused "^dablo-match: -resign: twosided must be true or false, not 'yes'$" -resign movecount=3 score=100 twosided=yes || return 1
    refused "^dablo-match: -repeat plays each opening twice: -games must be even, not 1$" -games 1 -repeat || return 1
    [ "$(timeout 20 "$M" -engine cmd="$F" name=a depth=1 -engine cmd="$F" name=b depth=1 -repeat -games 1 2>&1 | wc -l)" -eq 1 ] || return 1
    "$M" -engine cmd="$F" name=a depth=1 -engine cmd="$F" name=b depth=1 -repeat -maxmoves 1 -quiet -results rep.txt >/dev/null 2>&1 &&
        [ "$(wc -l <rep.txt)" -eq 2 ] || { echo "-repeat without -games:"; cat rep.txt; return 1; }
    "$M" -engine cmd="$F" name=a tc=1:59.5 -engine cmd="$F" name=b depth=1 -games 1 -maxmoves 1 -srand 18446744073709551615 \
        -results ok.txt >out.txt 2>&1 && grep -q 'seed 18446744073709551615' out.txt
}
check "numbers out of range and oversized schedules are refused, not clamped (exit 2)" bounds
twice() {   # a key=value setting given twice (the last would win in silence) and a second -openings/-sprt
    refused "^dablo-match: -openings: order= is given twice ('order=random', then 'order=sequential')$" \
        -openings file=x order=random order=sequential || return 1
    refused "^dablo-match: -openings: file= is given twice" -openings file=x file=y || return 1
    refused "^dablo-match: -openings is given twice$" -openings file=x -openings file=y || return 1
    refused "^dablo-match: -sprt: ELO1= is given twice ('elo1=5', then 'ELO1=3')$" -sprt elo0=0 elo1=5 ELO1=3 || return 1
    refused "^dablo-match: -sprt is given twice$" -sprt elo0=0 elo1=5 -sprt elo1=3 || return 1
    refused "^dablo-match: -each: nodes= is given twice" -each nodes=100 nodes=200 || return 1
    refused "^dablo-match: -engine: option.hash= is given twice ('option.Hash=1', then 'option.hash=2')$" \
        -engine cmd="$F" name=c depth=1 option.Hash=1 option.hash=2 || return 1
    refused "^dablo-match: -engine: name= is given twice" -engine cmd="$F" name=c name=d depth=1 || return 1
    refused "^dablo-match: -genopenings: file= is given twice ('out=o.fen', then 'file=p.fen')$" \
        -genopenings 2 plies=2 out=o.fen file=p.fen || return 1
    # also when the second comes after another option, and a second -genopenings
    refused "^dablo-match: -genopenings: plies= is given twice$" -genopenings 2 plies=2 -srand 1 plies=3 || return 1
    refused "^dablo-match: -genopenings: file= is given twice$" -genopenings 2 plies=2 out=o.fen -srand 1 file=p.fen || return 1
    refused "^dablo-match: -genopenings is given twice$" -genopenings 2 plies=2 -genopenings 3 plies=2 || return 1
    [ ! -e o.fen ] && [ ! -e p.fen ] || { echo "-genopenings wrote a file"; return 1; }
}
check "a setting given twice is refused, naming both (exit 2)" twice
once_options() {   # a single-valued option given twice is refused, never last-one-wins; options that add may repeat
    local o
    for o in "-variant tabal -variant dablot" "-rules modern -rules classic" "-games 2 -games 4" "-rounds 1 -rounds 2" \
        "-concurrency 1 -concurrency 2" "-maxmoves 5 -maxmoves 6" "-srand 1 -srand 2" "-pgnout a.pgn -pgnout b.pgn" \
        "-tb x -tb y" "-log a -log b" "-event a -event b" "-resume a -resume b" "-shard 1/2 -shard 2/2" \
        "-startup-ms 5 -startup-ms 6" "-ucinewgame-ms 5 -ucinewgame-ms 6" "-ping-ms 5 -ping-ms 6" \
        "-stop-ms 5 -stop-ms 6" "-quit-ms 5 -quit-ms 6" "-search-ms 5 -search-ms 6"; do
        refused "^dablo-match: ${o%% *} is given twice$" $o || return 1
    done
    refused "^dablo-match: -results is given twice$" -results q.txt || return 1   # refused adds -results r.txt
    refused "^dablo-match: -option: drawplies= is given twice ('DrawPlies=50', then 'drawplies=60')$" \
        -option DrawPlies=50 -option drawplies=60 || return 1
    refused "^dablo-match: -each: depth= is given twice ('depth=1', then 'depth=2')$" -each depth=1 -each depth=2 || return 1
    [ ! -e a.pgn ] && [ ! -e a ] && [ ! -e r.txt ] || { echo "a refused run wrote a file"; return 1; }
    # -engine, -each with other keys, -option with other names, -draw with
    # other keys, and switches may repeat.
    "$M" -engine cmd="$F" name=a -engine cmd="$F" name=b -engine cmd="$F" name=c -each depth=1 -each timemargin=5 \
        -option DrawPlies=50 -option ForwardOnlyMen=true -draw movecount=2 score=5 -draw movenumber=3 -quiet -quiet -gauntlet -gauntlet \
        -maxmoves 2 -results r.txt >out.txt 2>&1 && [ "$(wc -l <r.txt)" -eq 2 ] || { cat out.txt; return 1; }
}
check "a single-valued option given twice is refused (exit 2); -engine, -each, -option, -draw and switches repeat" once_options
resume_twice() {   # -resume twice is refused also when the state exists (its saved line is not parsed with this one)
    two "" "" -each depth=1 -games 2 -maxmoves 20 -quiet -results r.txt -resume st.txt >/dev/null 2>&1 && cp st.txt st.orig || return 1
    local out rc
    out=$("$M" -resume r.txt -resume st.txt 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: -resume is given twice" ] && cmp -s st.txt st.orig || { echo "rc $rc: $out"; return 1; }
    out=$("$M" -resume st.txt -quiet -resume st.txt 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: -resume is given twice" ] || { echo "the same file twice: rc $rc: $out"; return 1; }
}
check "-resume given twice is refused (exit 2), also for an existing state" resume_twice
option_mismatch() {
    local out
    out=$("$M" -engine cmd="$F" name=A option.Nope=1 -engine cmd="$F" name=B -each depth=1 -results r.txt 2>&1); [ $? -eq 2 ] || return 1
    grep -q "has no option 'Nope'" <<<"$out" || return 1
    out=$("$M" -engine cmd="$F" name=A option.Hash=0 -engine cmd="$F" name=B -each depth=1 2>&1); [ $? -eq 2 ] || return 1
    grep -q "option Hash needs an integer in 1..1024" <<<"$out" || return 1
    out=$("$M" -option Captures=compulsory -engine cmd="$F" name=A args=--no-options -engine cmd="$F" name=B -each depth=1 2>&1); [ $? -eq 2 ] || return 1
    grep -q "has no option 'Variant'" <<<"$out" || return 1
    [ ! -s r.txt ]   # no game was played
}
check "an option the engine lacks or refuses stops the run before any game" option_mismatch
spaced_option() {
    two "" "" "option.Move Overhead=30" -each depth=1 -log log.txt >/dev/null || return 1
    grep -q "> setoption name Move Overhead value 30" log.txt && grep -q "> setoption name Variant value dablot" log.txt
}
check "option names with spaces; Variant sent first" spaced_option
path_and_dir() {
    mkdir -p eng && cp "$F" eng/fake_engine || return 1
    PATH="$ROOT/build:$PATH" "$M" -engine cmd=fake_engine name=A -engine cmd=fake_engine name=B dir=eng \
        -each depth=1 -games 1 -results r.txt >/dev/null || return 1
    "$M" -engine cmd=eng/fake_engine name=A -engine cmd=./fake_engine dir=eng name=B -each depth=1 -games 1 -results r2.txt >/dev/null &&
        [ "$(wc -l <r.txt)" -eq 1 ] && [ "$(wc -l <r2.txt)" -eq 1 ]
}
check "engines found on PATH, by relative path and in dir=" path_and_dir

# ---- a plain match: records and results ----------------------------------------
plain_match() {
    two "" "" -each depth=1 -repeat -games 2 -rounds 2 -pgnout g.pgn -results r.txt -event 'Test "quoted" \x' >out.txt || return 1
    [ "$(wc -l <r.txt)" -eq 4 ] || return 1
    grep -Eqx 'game=1 round=1 pair=1 white=A black=B result=(1-0|0-1|1/2-1/2) termination=[a-z-]+ plies=[0-9]+ opening=0' r.txt || return 1
    grep -Eq '^game=2 round=1 pair=1 white=B black=A ' r.txt && grep -Eq '^game=4 round=2 pair=2 white=B black=A ' r.txt || return 1
    [ "$(grep -c '^\[Event "Test \\"quoted\\" \\\\x"\]$' g.pgn)" -eq 4 ] || return 1
    for t in Site Date Round Game White Black Result Variant Rules TimeControl Termination PlyCount; do
        [ "$(grep -c "^\[$t " g.pgn)" -eq 4 ] || { echo "tag $t"; return 1; }
    done
    # PlyCount equals the plies of the results file, game by game.
    diff <(grep '^\[PlyCount' g.pgn | tr -dc '0-9\n') <(sed 's/.*plies=\([0-9]*\).*/\1/' r.txt) || return 1
    grep -q '^=== Summary: 4 of 4 games' out.txt && grep -q 'Terminations:' out.txt
}
check "results lines and PGN tags of a plain match" plain_match
blank_words() {   # an engine whose every line has leading blanks and tabs or runs of blanks between words: its moves are read
    "$M" -engine cmd="$ROOT/tests/match/misbehave.sh" name=A args="blanks -- $F --seed 1" \
        -engine cmd="$F" name=B args="--seed 2 --random" -each depth=1 -games 2 -maxmoves 20 \
        -results r.txt -log log.txt >out.txt 2>&1 || { cat out.txt; return 1; }
    [ "$(wc -l <r.txt)" -eq 2 ] && ! grep -Eq 'termination=(stalls|illegal|disconnect)' r.txt || { cat r.txt; return 1; }
    grep -Eq ' A < bestmove [^ ]+$' log.txt   # the transcript shows the line as read: one blank between words
}
check "words split by blanks and tabs: bestmove and the rest read as words, no stall" blank_words
rerun_refused() {   # a new run into a -results or -pgnout file of earlier games is refused, the file untouched
    two "" "" -each depth=1 -games 1 -rounds 1 -results r.txt -pgnout g.pgn >out.txt 2>err.txt || return 1
    cp r.txt r.orig && cp g.pgn g.orig
    local out rc
    out=$(two "" "" -each depth=1 -games 1 -rounds 1 -results r.txt -pgnout g2.pgn 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -qxF "dablo-match: -results r.txt already holds 1 game of an earlier run; nothing was written: give another file name or remove it (no state file is there to go on with that match: there is no r.txt.resume, which a run without -resume writes only when it stops early; if that run was given -resume FILE, go on by -resume FILE)" <<<"$out" ||
        { echo "results: rc $rc: $out"; return 1; }
    out=$(two "" "" -each depth=1 -games 1 -rounds 1 -pgnout g.pgn 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -qF "dablo-match: -pgnout g.pgn already holds 1 game of an earlier run; nothing was written" <<<"$out" ||
        { echo "pgn: rc $rc: $out"; return 1; }
    cmp r.txt r.orig && cmp g.pgn g.orig && [ ! -e g2.pgn ]
}
check "a new run into a -results or -pgnout file of earlier games is refused, the files untouched" rerun_refused
one_game() {   # counts of one game in the singular
    two "" "" -each depth=1 -games 1 -rounds 1 -results r.txt >out.txt 2>&1 || return 1
    grep -q "^dablo-match: 2 engines, 1 game, seed" out.txt && grep -qx "=== Summary: 1 of 1 game ===" out.txt ||
        { cat out.txt; return 1; }
}
check "one game: its counts in the singular" one_game
not_records() {   # an existing -results or -pgnout file that holds something else is refused untouched, before any game
    "$M" -variant tabal -genopenings 3 plies=4 out=book.fen 2>/dev/null || return 1
    cp book.fen book.orig
    local out rc first
    first=$(head -n 1 book.fen | cut -c1-40)
    out=$(two "" "" -variant tabal -each depth=1 -games 2 -rounds 1 -results book.fen 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -qxF "dablo-match: -results book.fen is not a results file (book.fen:1: expected key=value, got '$first'); nothing was written: remove it or give another file" <<<"$out" ||
        { echo "results: rc $rc: $out"; return 1; }
    out=$(two "" "" -variant tabal -each depth=1 -games 2 -rounds 1 -pgnout book.fen 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -qF "dablo-match: -pgnout book.fen is not a PGN file (book.fen:1: expected a PGN tag pair" <<<"$out" ||
        { echo "pgn: rc $rc: $out"; return 1; }
    cmp book.fen book.orig && [ ! -e book.fen.resume ] || return 1
    # A results file as -pgnout, a PGN file as -results, a PGN game without
    # its result, a last line cut short, a raw byte (quoted as '?'): refused.
    two "" "" -each depth=1 -games 1 -rounds 1 -results r.txt -pgnout g.pgn >/dev/null 2>&1 || return 1
    cp r.txt r.orig && cp g.pgn g.orig
    out=$(two "" "" -each depth=1 -games 1 -rounds 1 -pgnout r.txt 2>&1); [ $? -eq 2 ] && grep -q 'r.txt:1: expected a PGN tag pair' <<<"$out" || { echo "$out"; return 1; }
    out=$(two "" "" -each depth=1 -games 1 -rounds 1 -results g.pgn 2>&1); [ $? -eq 2 ] && grep -q 'g.pgn:1: expected key=value' <<<"$out" || { echo "$out"; return 1; }
    head -n -2 g.orig >g.pgn
    out=$(two "" "" -each depth=1 -games 1 -rounds 1 -pgnout g.pgn 2>&1); [ $? -eq 2 ] && grep -q 'g.pgn:[0-9]*: the game of line 1 has no result' <<<"$out" || { echo "$out"; return 1; }
    head -c -5 r.orig >r.txt
    out=$(two "" "" -each depth=1 -games 1 -rounds 1 -results r.txt 2>&1); [ $? -eq 2 ] && grep -q 'r.txt:1: the last line has no newline' <<<"$out" || { echo "$out"; return 1; }
    printf 'game=1 \377\n' >r.txt
    out=$(two "" "" -each depth=1 -games 1 -rounds 1 -results r.txt 2>&1); [ $? -eq 2 ] && grep -qF "r.txt:1: expected key=value, got '?')" <<<"$out" || { echo "$out"; return 1; }
    # PGN is read as dablo-web reads it (src/rules/pgn.h): a comment over
    # two lines, the second starting with '[', and a ';' comment after the
    # result make one game (refused as games, not as another kind of file).
    printf '[Event "by hand"]\n[Variant"dablot"]\n\n1. c5-d6 {a comment\n[over two lines]} b8-c7 1/2-1/2 ; agreed\n\n' >h.pgn
    out=$(two "" "" -each depth=1 -games 1 -rounds 1 -pgnout h.pgn 2>&1); [ $? -eq 2 ] &&
        grep -q 'h.pgn already holds 1 game of an earlier run' <<<"$out" || { echo "h.pgn: $out"; return 1; }
    # A byte-order mark is skipped; a comment never closed is named by the
    # line it opens on (it hid the result: "has no result" blamed the game).
    printf '\357\273\277[Event "by hand"]\n\n1. c5-d6 1-0\n\n' >b.pgn
    out=$(two "" "" -each depth=1 -games 1 -rounds 1 -pgnout b.pgn 2>&1); [ $? -eq 2 ] &&
        grep -q 'b.pgn already holds 1 game of an earlier run' <<<"$out" || { echo "b.pgn: $out"; return 1; }
    # A file without games (blank and escape lines) takes the run's games.
    printf '\n%% by hand\n\n' >e.pgn
    two "" "" -each depth=1 -games 1 -rounds 1 -pgnout e.pgn >/dev/null 2>&1 && [ "$(grep -c '^\[Event' e.pgn)" -eq 1 ] ||
        { echo "e.pgn:"; cat e.pgn; return 1; }
    printf '[Event "by hand"]\n\n1. c5-d6 {a comment\nb8-c7 1-0\n\n' >c.pgn
    out=$(two "" "" -each depth=1 -games 1 -rounds 1 -pgnout c.pgn 2>&1); [ $? -eq 2 ] &&
        grep -q 'c.pgn:3: a comment opened here is never closed' <<<"$out" || { echo "c.pgn: $out"; return 1; }
}
check "an existing -results or -pgnout file that is not one: refused untouched naming the file and line, exit 2" not_records
determinism() {
    "$M" -genopenings 12 plies=6 -srand 11 out="$T/book.fen" 2>/dev/null || return 1
    for c in 1 2; do
        "$M" -engine cmd="$F" name=A args="--seed 1" -engine cmd="$F" name=B args="--seed 2 --random" \
             -engine cmd="$F" name=C args="--seed 3" -each depth=1 -openings file="$T/book.fen" order=random \
             -srand 5 -repeat -games 2 -rounds 3 -concurrency $c -pgnout c$c.pgn min -results c$c.txt >/dev/null || return 1
    done
    [ "$(wc -l <c1.txt)" -eq 18 ] && cmp c1.pgn c2.pgn && cmp c1.txt c2.txt
}
check "self-test: a deterministic 3-engine match at concurrency 1 and 2 gives identical records" determinism
gauntlet() {
    "$M" -engine cmd="$F" name=A -engine cmd="$F" name=B args="--seed 2" -engine cmd="$F" name=C args="--seed 3" \
         -each depth=1 -gauntlet -games 2 -results r.txt >/dev/null || return 1
    [ "$(wc -l <r.txt)" -eq 4 ] && ! grep -q 'white=B black=C' r.txt && ! grep -q 'white=C black=B' r.txt
}
check "gauntlet: the first engine against each other one" gauntlet
# Standings rank by score, not points: in a gauntlet the first engine
# plays twice the games of each other one.
standings() {
    local out
    out=$("$M" -variant tabal -engine cmd="$ROOT/bin/dablo" name=a depth=2 -engine cmd="$ROOT/bin/dablo" name=b depth=1 \
         -engine cmd="$ROOT/bin/dablo" name=c nodes=2000 -gauntlet -games 2 -repeat 2>&1) || return 1
    grep -q '^Standings (by score):$' <<<"$out" || { echo "$out"; return 1; }
    grep -E '^ +[0-9]\. ' <<<"$out" | sed -E 's/.* ([0-9.]+)%$/\1/' | sort -c -r -g || { echo "$out"; return 1; }
    [ "$(grep -cE '^ +[0-9]\. .*/ (4|2) +[0-9.]+%$' <<<"$out")" -eq 3 ]
}
check "standings: ordered by score, each with its percentage" standings

# ---- misbehaving engines ----------------------------------------------------
illegal_move() {
    two "--illegal-at 5" "" -each depth=1 -pgnout g.pgn -results r.txt >/dev/null || return 1
    grep -q '^game=1 .*white=A .*result=0-1 termination=illegal plies=8 ' r.txt || return 1
    grep -q '^\[Termination "rules infraction"\]' g.pgn && grep -q '^\[PlyCount "8"\]' g.pgn || return 1
    # The last move in the movetext is Black's 4th; the bad move is only in the comment, with the FEN.
    tr '\n' ' ' <g.pgn | grep -Eq "4\. [a-k0-9x-]+ \{[^}]*\} [a-k0-9x-]+ \{[^}]*\} \{White A plays '([a-k][0-9]+)-\1' \(illegal[^)]*\) in [mpkMPK0-9/]+ w [0-9]+ 5\} 0-1"
}
check "illegal move: loss, record ends before it, move and FEN in the comment" illegal_move
garbage_move() {
    two "" "--garbage-move-at 3" -each depth=1 -games 1 -pgnout g.pgn -results r.txt >/dev/null || return 1
    grep -q 'result=1-0 termination=illegal plies=5 ' r.txt && grep -q "plays '??garbage??'" g.pgn
}
check "unparsable move: loss by illegal move" garbage_move
crash_stop() {
    local rc
    two "--crash-at 3" "" -each depth=1 -games 4 -pgnout g.pgn -results r.txt >out.txt 2>err.txt
    rc=$?
    [ $rc -eq 1 ] || { echo "rc $rc"; return 1; }
    grep -q 'result=0-1 termination=disconnect plies=4 ' r.txt && [ "$(wc -l <r.txt)" -eq 1 ] || return 1
    grep -q "use -recover" err.txt && grep -Eq "to continue, in $PWD: [^ ]*dablo-match -resume r.txt.resume" out.txt || return 1
    [ "$(grep -c '^\[Event' g.pgn)" -eq 1 ] && grep -q '^\[Termination "abandoned"\]' g.pgn || return 1
    # Each resumed run records its games in the state it came from (written
    # by a run that had no -resume of its own), so the next resume goes on
    # with game 3 rather than playing game 2 again.
    "$M" -resume r.txt.resume >/dev/null 2>&1
    [ "$(wc -l <r.txt)" -eq 2 ] || { echo "after the 1st resume: $(wc -l <r.txt) games"; return 1; }
    "$M" -resume r.txt.resume >/dev/null 2>&1
    [ "$(wc -l <r.txt)" -eq 3 ] || { echo "after the 2nd resume: $(wc -l <r.txt) games"; return 1; }
    [ "$(grep -c '^\[Event' g.pgn)" -eq 3 ]
}
check "crash without -recover: loss by disconnect, the run stops cleanly, resume command, resumed twice" crash_stop
one_ply() {   # a game of one ply: "1 ply" in its progress line, "over 1 move" in the latency line
    two "" "--crash-at 1" -each depth=1 -games 1 -results r.txt >out.txt 2>err.txt
    [ $? -eq 1 ] && grep -q '^game=1 .*termination=disconnect plies=1 ' r.txt || { cat out.txt err.txt; return 1; }
    grep -q '^\[1/1\] game 1 A - B 1-0 disconnect 1 ply | ' out.txt &&
        grep -q '^Latency A: .* over 1 move (' out.txt || { cat out.txt; return 1; }
    two "" "--crash-at 2" -each depth=1 -games 1 >out.txt 2>err.txt
    grep -q '^\[1/1\] game 1 A - B 1-0 disconnect 3 plies | ' out.txt &&
        grep -q '^Latency A: .* over 2 moves (' out.txt || { cat out.txt; return 1; }
}
check "a game of one ply: '1 ply' in the progress line and '1 move' in the latency line (results keep plies=1)" one_ply
no_state() {
    local out
    out=$("$M" -resume "$T/no-such.state" 2>&1); [ $? -eq 2 ] && grep -q 'no-such.state: no such file' <<<"$out"
}
check "-resume of a missing state without -engine: says the file is missing" no_state
dir_state() {
    local out
    mkdir -p "$T/state-dir"
    out=$("$M" -resume "$T/state-dir" 2>&1); [ $? -eq 2 ] && grep -q 'state-dir: a directory, not a state file' <<<"$out"
}
check "-resume of a directory: says it is a directory" dir_state
HINT="a match keeps its state in the file its -resume named, else a stopped run writes RESULTS.resume beside its -results file (or PGN.resume, or dablo-match.resume)"
resume_not_state() {   # -resume of a results file, another file or none: what it is, and where the state is
    local out
    two "" "" -each depth=1 -games 2 -maxmoves 20 -results r.txt -quiet >/dev/null 2>&1 && [ "$(wc -l <r.txt)" -eq 2 ] || return 1
    out=$("$M" -resume r.txt 2>&1)
    [ $? -eq 2 ] && [ "$out" = "dablo-match: -resume r.txt: a results file of 2 games, not a state file: $HINT" ] ||
        { echo "got: $out"; return 1; }
    echo hello >notes.txt
    out=$("$M" -resume notes.txt 2>&1)
    [ $? -eq 2 ] && [ "$out" = "dablo-match: notes.txt:1: not a state file of dablo-match (line 1 is 'hello', expected the header 'dablo-match-state 2'): $HINT" ] ||
        { echo "got: $out"; return 1; }
    out=$("$M" -resume gone.txt 2>&1)
    [ $? -eq 2 ] && [ "$out" = "dablo-match: -resume gone.txt: no such file: $HINT (a new match also needs its -engine options)" ] &&
        [ ! -e gone.txt ] || { echo "got: $out"; return 1; }
    # The state a stopped run left beside the results file is named.
    two "" "" -each depth=1 -games 2 -maxmoves 20 -results q.txt -resume q.txt.resume -quiet >/dev/null 2>&1 || return 1
    out=$("$M" -resume q.txt 2>&1)
    [ $? -eq 2 ] && [ "$out" = "dablo-match: -resume q.txt: a results file of 2 games, not a state file: did you mean -resume q.txt.resume?" ] ||
        { echo "got: $out"; return 1; }
    out=$("$M" -resume q.txt -engine cmd="$F" name=A depth=1 -engine cmd="$F" name=B 2>&1)
    [ $? -eq 2 ] && grep -qx 'dablo-match: -resume q.txt: a results file of 2 games, not a state file: did you mean -resume q.txt.resume?' <<<"$out" ||
        { echo "got: $out"; return 1; }
}
check "-resume of a results file, another file or none: says what it is and where the state is (did you mean ...?)" resume_not_state
resume_hint_same_match() {   # "did you mean" names only a state of the same match (its -results or -pgnout), never another match's
    local out
    mkdir other same && cd other || return 1
    # An earlier match without -results or -pgnout left dablo-match.resume;
    # then a run with -results k9.txt was killed (kill -9) before its first
    # game: k9.txt and its lock k9.txt.resume are empty.
    two "" "" -each depth=1 -games 2 -maxmoves 20 -quiet -resume dablo-match.resume >/dev/null 2>&1 && [ "$(head -c 18 dablo-match.resume)" = "dablo-match-state " ] || return 1
    : >k9.txt && : >k9.txt.resume
    out=$("$M" -resume k9.txt.resume 2>&1)
    [ $? -eq 2 ] && [ "$out" = "dablo-match: -resume k9.txt.resume: an empty file, not a state file (no game was recorded in it): no state file exists for this match (dablo-match.resume is the state of another match, with no -results or -pgnout) (a new match also needs its -engine options)" ] ||
        { echo "got: $out"; return 1; }
    rm k9.txt.resume
    out=$("$M" -resume k9.txt.resume 2>&1)
    [ $? -eq 2 ] && grep -qF 'no such file: no state file exists for this match (dablo-match.resume is the state of another match' <<<"$out" ||
        { echo "got: $out"; return 1; }
    # The state of the match that wrote p.txt (and g.pgn) is named, by either file.
    cd ../same || return 1
    two "" "" -each depth=1 -games 2 -maxmoves 20 -quiet -results p.txt -pgnout g.pgn -resume dablo-match.resume >/dev/null 2>&1 || return 1
    for f in p.txt.resume g.pgn.resume; do
        out=$("$M" -resume $f 2>&1)
        [ $? -eq 2 ] && grep -qF "$f: no such file: did you mean -resume dablo-match.resume?" <<<"$out" || { echo "got: $out"; return 1; }
    done
    out=$("$M" -resume p.txt 2>&1)
    [ "$out" = "dablo-match: -resume p.txt: a results file of 2 games, not a state file: did you mean -resume dablo-match.resume?" ] ||
        { echo "got: $out"; return 1; }
    # Another spelling of the same file is the same file.
    out=$("$M" -resume ../same/p.txt 2>&1)
    [ "$out" = "dablo-match: -resume ../same/p.txt: a results file of 2 games, not a state file: did you mean -resume dablo-match.resume?" ] ||
        { echo "got: $out"; return 1; }
}
check "-resume hint: only a state file of the same match, else 'no state file exists for this match'" resume_hint_same_match
damaged_state() {   # a damaged state file: one line naming the file, the line and what was expected; nothing cut or written
    two "" "" -each depth=1 -games 2 -maxmoves 20 -results r.txt -pgnout g.pgn -resume s.state -quiet >/dev/null 2>&1 || return 1
    cp s.state good && cp r.txt r.ref && cp g.pgn g.ref
    local out rc begin last
    begin=$(grep -n -m 1 '^begin$' good | cut -d: -f1)
    last=$(wc -l <good)
    refused() {   # refused EXPECTED: -resume s.state says EXPECTED (the whole output), exit 2, no file touched
        cp s.state s.before
        out=$("$M" -resume s.state 2>&1); rc=$?
        [ $rc -eq 2 ] && [ "$out" = "dablo-match: $1" ] || { echo "rc $rc: got:      $out"; echo "       expected: dablo-match: $1"; return 1; }
        cmp s.state s.before && cmp r.txt r.ref && cmp g.pgn g.ref && [ "$(ls)" = "$(printf '%s\n' g.pgn g.ref good r.ref r.txt s.before s.state)" ] ||
            { echo "a file was changed or made: $(ls)"; return 1; }
    }
    head -c $(($(head -n 2 good | wc -c) + 5)) good >s.state   # cut inside line 3 of the header
    refused "s.state:3: the file ends inside this line of its header, before the begin line (it was cut short)" || return 1
    head -n 4 good >s.state
    refused "s.state:5: the file ends in its header, before the begin line (it was cut short?): expected the lines seed, pgn-offset, results-offset, openings-sum, games, dir, arg, then begin" || return 1
    sed 's/^games 2$/games x/' good >s.state
    refused "s.state:5: bad games line 'games x': expected 'games N', N the number of games of the match (0 or more)" || return 1
    sed 's/^seed .*/seed -3/' good >s.state
    refused "s.state:2: bad seed line 'seed -3': expected 'seed N', N a whole number from 0 to 18446744073709551615" || return 1
    sed 's/^results-offset .*/results-offset ten/' good >s.state
    refused "s.state:4: bad results-offset line 'results-offset ten': expected 'results-offset N', N the size in bytes of the results file when the match began, or -1 (none)" || return 1
    sed '1s/.*/dablo-match-state 9/' good >s.state
    refused "s.state:1: unknown state file version 'dablo-match-state 9': expected 'dablo-match-state 1' or 'dablo-match-state 2' (a newer dablo-match's file?)" || return 1
    sed 's/^begin$/begun/' good >s.state
    refused "s.state:$begin: unexpected line 'begun' in the header: expected the lines seed, pgn-offset, results-offset, openings-sum, games, dir, arg, then begin" || return 1
    sed '2p' good >s.state
    refused "s.state:3: a second seed line in the header (it has one)" || return 1
    sed '/^seed /d' good >s.state
    refused "s.state:$((begin - 1)): begin before the header's seed line (expected seed, pgn-offset and results-offset lines before begin)" || return 1
    sed "${last}s/^done [0-9]* /done x /" good >s.state
    refused "s.state:$last: bad record 'done x $(sed -n "${last}p" good | cut -d' ' -f3- | head -c 33)...': expected 'done <pgn-bytes> <results-bytes> <pgn-sum> game=...', the sizes whole numbers (-1: no file), the sum 16 hex digits" || return 1
    { cat good; echo 'hello there'; } >s.state
    refused "s.state:$((last + 1)): unexpected line 'hello there' after begin: expected records (done <pgn-bytes> <results-bytes> <pgn-sum> game=...) and games lines" || return 1
    # Not a state file at all: garbage, NUL bytes, an empty file, a results or PGN file.
    printf 'PK\003\004\000\000garbage\nmore\n' >s.state
    refused "s.state:1: not a state file of dablo-match (line 1 is 'PK????garbage', expected the header 'dablo-match-state 2'): $HINT" || return 1
    : >s.state
    refused "-resume s.state: an empty file, not a state file (no game was recorded in it): $HINT (a new match also needs its -engine options)" || return 1
    cp r.ref s.state
    refused "-resume s.state: a results file of 2 games, not a state file: $HINT" || return 1
    cp g.ref s.state
    refused "-resume s.state: a PGN file of 2 games, not a state file: $HINT" || return 1
    # The undamaged state still resumes (nothing to play).
    cp good s.state && out=$("$M" -resume s.state 2>&1) && grep -qx 'dablo-match: all 2 games are recorded in s.state; none to play' <<<"$out" || { echo "$out"; return 1; }
}
check "-resume of a damaged state (cut, bad numbers, wrong header, garbage, empty, a results or PGN file): FILE:LINE, what was expected; nothing cut" damaged_state
cmd_here() {   # cmd=NAME of a program in the current folder: a bare name is looked up on PATH; the hint says ./NAME
    local out
    cp "$F" fake && cp "$F" plain && chmod -x plain || return 1
    out=$(PATH=/usr/bin:/bin "$M" -engine cmd=fake name=A depth=1 -engine cmd=./fake name=B depth=1 -games 2 2>&1)
    [ $? -eq 2 ] && [ "$out" = "dablo-match: engine command 'fake' not found in the PATH; did you mean ./fake?" ] ||
        { echo "got: $out"; return 1; }
    out=$(PATH=/usr/bin:/bin "$M" -engine cmd=plain name=A depth=1 -engine cmd=./fake name=B depth=1 -games 2 2>&1)
    [ $? -eq 2 ] && [ "$out" = "dablo-match: engine command 'plain' not found in the PATH; ./plain is in the current folder but not executable" ] ||
        { echo "got: $out"; return 1; }
    out=$(PATH=/usr/bin:/bin "$M" -engine cmd=nosuch name=A depth=1 -engine cmd=./fake name=B depth=1 -games 2 2>&1)
    [ $? -eq 2 ] && [ "$out" = "dablo-match: engine command 'nosuch' not found in the PATH" ] || { echo "got: $out"; return 1; }
}
check "-engine cmd=NAME of a file in the current folder: 'did you mean ./NAME?'" cmd_here
other_game_fen() {   # a Tabal FEN in the openings of a Dablot match: the error says which game it is
    local out
    echo '3/3/5/5/2m2/2M2/5/3/3 w 0 1' >"$T/tabal-one.fen"
    out=$("$M" -engine cmd="$ROOT/bin/dablo" name=a -engine cmd="$ROOT/bin/dablo" name=b -each depth=1 -openings file="$T/tabal-one.fen" 2>&1)
    [ $? -eq 2 ] && grep -qF 'tabal-one.fen:1: bad FEN' <<<"$out" && grep -qF '(is this a Tabal FEN? -variant tabal)' <<<"$out" || { echo "$out"; return 1; }
}
check "-openings with a FEN of the other game: the error says which game it is" other_game_fen
version_flag() {
    "$M" --version | grep -qx 'dablo-match [0-9][0-9.]*' && "$M" --help | grep -q -- '--version'
}
check "--version prints the version, --help lists it" version_flag
crash_recover() {
    two "--crash-at 3" "" -each depth=1 -games 4 -recover -results r.txt >/dev/null || return 1
    [ "$(grep -c 'termination=disconnect' r.txt)" -eq 4 ]
}
check "crash with -recover: the engine is restarted for every game" crash_recover
read_error() {   # a failed read of an engine's output (not its exit): said with the cause, scored as a crash (disconnect)
    local rc pre=(env LD_PRELOAD="$ROOT/build/read_error.so")
    local line='cannot read its output: Input/output error'
    # At set-up: the first read, engine A's answer to uci.
    out=$("${pre[@]}" DABLO_READ_ERROR_ON=uciok DABLO_READ_ERROR_AT=1 "$M" -engine cmd="$F" name=A -engine cmd="$F" name=B -each depth=1 -games 2 -results r.txt 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: engine A: $line (waiting for uciok after uci)" ] && [ ! -s r.txt ] ||
        { echo "set-up: rc $rc: $out"; return 1; }
    # In a game, without -recover (the third bestmove, White A's second move in game 1): the
    # game is lost as a disconnect, the run stops after it.
    "${pre[@]}" DABLO_READ_ERROR_ON=bestmove DABLO_READ_ERROR_AT=3 "$M" -engine cmd="$F" name=A args="--seed 1" -engine cmd="$F" name=B args="--seed 2 --random" \
        -each depth=1 -games 4 -maxmoves 20 -pgnout g.pgn -results r.txt -quiet >out.txt 2>err.txt; rc=$?
    [ $rc -eq 1 ] && [ "$(cat err.txt)" = "dablo-match: engine A: $line (game 1: lost as a disconnect)
dablo-match: game 1: White A: $line; stopping after the running games (use -recover to restart engines; -resume takes it too)
dablo-match: 1 of 4 games recorded; to continue, in $PWD: $M -resume r.txt.resume" ] ||
        { echo "no -recover: rc $rc:"; cat err.txt; return 1; }
    [ "$(wc -l <r.txt)" -eq 1 ] && grep -q ' result=0-1 termination=disconnect plies=2 ' r.txt && grep -q "{White A: $line} 0-1" g.pgn &&
        grep -Eq "to continue, in $PWD: [^ ]*dablo-match -resume r.txt.resume" out.txt || { cat r.txt out.txt; return 1; }
    # With -recover the engine is restarted and the match goes on.
    rm -f r.txt g.pgn r.txt.resume
    "${pre[@]}" DABLO_READ_ERROR_ON=bestmove DABLO_READ_ERROR_AT=3 "$M" -engine cmd="$F" name=A args="--seed 1" -engine cmd="$F" name=B args="--seed 2 --random" \
        -each depth=1 -games 4 -maxmoves 20 -recover -results r.txt -log l.txt -quiet >out.txt 2>err.txt; rc=$?
    [ $rc -eq 0 ] && [ "$(wc -l <r.txt)" -eq 4 ] && [ "$(grep -c ' termination=disconnect ' r.txt)" -eq 1 ] &&
        grep -q '^game=1 .* result=0-1 termination=disconnect plies=2 ' r.txt &&
        [ "$(cat err.txt)" = "dablo-match: engine A: $line (game 1: lost as a disconnect)" ] &&
        grep -q "! cannot read its output: read: Input/output error" l.txt || { echo "-recover: rc $rc:"; cat r.txt err.txt; return 1; }
}
check "an engine's output that cannot be read (not an exit): said with the cause, lost as a disconnect, -recover goes on" read_error
exit_status_named() {   # an engine that exits, crashes or is killed: its own exit status or signal on stderr, in the PGN and the log
    local rc pid i
    # Exit status 5 in a game, without -recover: both stderr lines, the PGN comment and the log say it.
    two "--crash-at 3 --exit-status 5" "" -each depth=1 -games 4 -pgnout g.pgn -results r.txt -log l.txt -quiet >out.txt 2>err.txt; rc=$?
    [ $rc -eq 1 ] && [ "$(cat err.txt)" = "dablo-match: engine A exited with status 5 (game 1: lost as a disconnect)
dablo-match: game 1: White A disconnected while thinking: it exited with status 5; stopping after the running games (use -recover to restart engines; -resume takes it too)
dablo-match: 1 of 4 games recorded; to continue, in $PWD: $M -resume r.txt.resume" ] ||
        { echo "exit 5: rc $rc:"; cat err.txt; return 1; }
    [ "$(wc -l <r.txt)" -eq 1 ] && grep -q ' result=0-1 termination=disconnect plies=4 ' r.txt &&
        tr '\n' ' ' <g.pgn | grep -q '{White A disconnected while thinking: it exited with status 5} 0-1' &&
        grep -q '^[0-9]* 1 A ! exited with status 5$' l.txt || { cat r.txt l.txt; return 1; }
    # SIGSEGV under -recover: every crash named, the run completes.
    rm -f r.txt g.pgn l.txt r.txt.resume
    two "--signal-at 2 11" "" -each depth=1 -games 2 -recover -pgnout g.pgn -results r.txt -log l.txt -quiet >out.txt 2>err.txt; rc=$?
    [ $rc -eq 0 ] && [ "$(cat err.txt)" = "dablo-match: engine A was killed by signal 11 (Segmentation fault) (game 1: lost as a disconnect)
dablo-match: engine A was killed by signal 11 (Segmentation fault) (game 2: lost as a disconnect)" ] ||
        { echo "SIGSEGV: rc $rc:"; cat err.txt; return 1; }
    [ "$(grep -c 'disconnected while thinking: it was killed by signal 11 (Segmentation fault)}' g.pgn)" -eq 2 ] &&
        [ "$(grep -c ' A ! was killed by signal 11 (Segmentation fault)$' l.txt)" -eq 2 ] || { cat g.pgn l.txt; return 1; }
    # Killed from outside (SIGKILL, as the OOM killer does) while it thinks.
    rm -f r.txt g.pgn l.txt
    two_bg "--hang-go-at 2" "" -each depth=1 -games 1 -search-ms 60000 -pgnout g.pgn -results r.txt -log l.txt -quiet >out.txt 2>err.txt
    for i in $(seq 100); do [ "$(grep -c '^[0-9]* 1 A > go' l.txt 2>/dev/null)" -ge 2 ] && break; sleep 0.1; done
    pid=$(sed -n 's/^[0-9]* 1 A ! started pid \([0-9]*\)$/\1/p' l.txt)
    [ -n "$pid" ] && kill -KILL "$pid" || { kill "$bg"; cat l.txt; return 1; }
    wait "$bg"; rc=$?
    [ $rc -eq 1 ] && grep -qx 'dablo-match: engine A was killed by signal 9 (Killed) (game 1: lost as a disconnect)' err.txt &&
        tr '\n' ' ' <g.pgn | grep -q '{White A disconnected while thinking: it was killed by signal 9 (Killed)} 0-1' &&
        grep -q ' 1 A ! was killed by signal 9 (Killed)$' l.txt || { echo "SIGKILL: rc $rc:"; cat err.txt g.pgn; return 1; }
    # At start-up: an exit status, a signal, an output closed by an engine that does not exit.
    out=$(two "" "--uci-exit 7" -each depth=1 -games 2 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: engine B: exited with status 7 before uciok (sent uci); its stderr is discarded: give stderr=FILE to see why" ] ||
        { echo "uci exit: rc $rc: $out"; return 1; }
    out=$(two "--uci-signal 11" "" -each depth=1 -games 2 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: engine A: was killed by signal 11 (Segmentation fault) before uciok (sent uci); its stderr is discarded: give stderr=FILE to see why" ] ||
        { echo "uci signal: rc $rc: $out"; return 1; }
    printf '#!/bin/sh\nexec >&-\nexec sleep 30\n' >closer.sh && chmod +x closer.sh
    out=$("$M" -engine cmd=./closer.sh name=c -engine cmd="$F" name=B -each depth=1 -games 2 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: engine c: disconnected before uciok (sent uci) and did not exit within 1000 ms (killed); its stderr is discarded: give stderr=FILE to see why" ] ||
        { echo "closed output: rc $rc: $out"; return 1; }
    no_fakes_left "--hang-go-at 2"
}
check "an engine that exits, crashes or is killed: its exit status or signal on stderr, in the PGN and the log" exit_status_named
hang_go_timed() {
    local t0=$SECONDS
    two "--hang-go-at 3" "" -each tc=0.5+0.05 -games 2 -recover -stop-ms 200 -results r.txt -log log.txt >/dev/null || return 1
    [ "$(grep -c 'termination=time' r.txt)" -eq 2 ] || return 1
    grep -q 'A ! no bestmove within 200 ms of stop: killed' log.txt && grep -q 'A > stop' log.txt || return 1
    [ $((SECONDS - t0)) -lt 10 ]
}
check "hang in a timed search: loss on time, stop, then kill" hang_go_timed
late_bestmove() {
    two "--slow-go-at 2 --slow-ms 600" "" -each tc=0.4+0 -games 2 -stop-ms 2000 -results r.txt -log log.txt >/dev/null || return 1
    grep -q '^game=1 .*result=0-1 termination=time plies=2 ' r.txt || return 1
    grep -q 'late bestmove drained after stop' log.txt || return 1
    # Game 2 is normal: the stale bestmove never reached it.
    ! grep -q '^game=2 .*termination=\(illegal\|time\)' r.txt
}
check "late bestmove: loss on time, drained after stop, never leaks into the next game" late_bestmove
game_pids() {   # game_pids BGPID: once both engines of the game run, "RUNNER ENGINE ENGINE" ($1 is the subshell of two(); each engine runs under a supervisor)
    local runner kids i s
    for i in $(seq 100); do
        runner=$(pgrep -P "$1")
        kids=$(for s in $(pgrep -P "$runner" 2>/dev/null); do pgrep -P "$s"; done)
        [ "$(wc -w <<<"$kids")" -ge 2 ] && { sleep 0.2; echo "$runner" $kids; return 0; }
        sleep 0.05
    done
    return 1
}
freeze() {   # freeze PID...: stops them 300 ms ($FREEZE_MS), counted from when every thread is stopped (a starved thread may take long to stop)
    local i t s
    kill -STOP "$@" 2>/dev/null
    for i in $(seq 200); do
        s=stopped
        for t in $(printf '/proc/%s/task/* ' "$@"); do
            [ -r "$t/stat" ] || continue
            case "$(sed 's/.*) //' "$t/stat" 2>/dev/null)" in [Tt]*) ;; *) s=running;; esac
        done
        [ $s = stopped ] && break
        sleep 0.01
    done
    echo "froze $* ($s after $i polls, load $(cut -d' ' -f1 /proc/loadavg))" >>freeze.log
    sleep "$(awk -v ms="${FREEZE_MS:-300}" 'BEGIN { print ms / 1000 }')"; kill -CONT "$@" 2>/dev/null
}
frozen() {   # frozen [-stallcredit]: st=0.1 games of 20 ms moves; the runner and its engines stopped twice for 300 ms, as a host freezes a virtual machine
    two "--think-ms 20" "--think-ms 20" -each st=0.1 -games 2 -maxmoves 30 -results r.txt -pgnout g.pgn "$@" >out.txt 2>&1 &
    local bg=$! pids i
    for i in 1 2; do
        pids=$(game_pids $bg) || { [ $i = 2 ] && break; return 1; }   # the match may be over before a second freeze
        freeze $pids
    done
    wait $bg || { cat out.txt; return 1; }
    # At least the 300 ms stop; longer when the machine was slow to stop every thread;
    # a third freeze may be the machine's own (a loaded host).
    grep -Eq '^Host: [1-9][0-9]* freezes? of 15 ms or more \(longest (2[5-9][0-9]|[3-9][0-9][0-9]|[0-9]{4,})\.' out.txt || { cat freeze.log out.txt; return 1; }
}
freeze_charged() {
    frozen || return 1
    grep -q 'termination=time' r.txt && grep -Eq 'loses on time \(.*; the machine was frozen for (2[5-9][0-9]|[3-9][0-9][0-9]|[0-9]{4,}) ms during the move(\)|; [0-9]+ ms of CPU time stolen)' g.pgn ||
        { cat r.txt; grep 'loses' g.pgn; return 1; }
}
check "machine frozen 300 ms: a loss on time that says so" attempts 3 freeze_charged
move_times() {   # the moves played, "MOVE WALL CHARGED" (ms): wall from the log's go to its bestmove, charged from the PGN (a bestmove not played, as after a loss on time, is left out)
    awk '$4 == ">" && $5 == "go" { t[$3] = $1 } $4 == "<" && $5 == "bestmove" { print $6, $1 - t[$3] }' log.txt >wall.txt
    tr '\n' ' ' <g.pgn | grep -oE '[a-k][0-9]+[-x][^ ]* \{[^}]*s\}' | awk '{ sub(/s}$/, "", $NF); print $1, $NF * 1000 }' >charged.txt
    awk 'NR == FNR { m[NR] = $1; c[NR] = $2; n = NR; next } i < n && $1 == m[i + 1] { i++; print $1, $2, c[i] }' charged.txt wall.txt
}
# The freeze fell into a move, and that move was charged at least 250 ms
# less than it took: played (its freeze is past st=0.1 + the margin: its
# deadline waited out the freeze) or, when the load made it late even
# without the freeze, lost on time with fewer ms used than the freeze.
# On a loaded machine a 20 ms think can wait 100 ms and more for a CPU,
# and losses on time that say nothing about the freeze would end the
# games before it: the margin is twice the slowest move of a short
# unfrozen game run first, and the freeze 300 ms longer than it.
freeze_credited() {
    two "--think-ms 20" "--think-ms 20" -each st=0.1 -games 1 -maxmoves 10 -log base.txt >/dev/null 2>&1
    local slowest margin
    slowest=$(awk '$4 == ">" && $5 == "go" { t[$3] = $1 } $4 == "<" && $5 == "bestmove" && $1 - t[$3] > m { m = $1 - t[$3] } END { print m + 0 }' base.txt)
    margin=$((2 * slowest))
    echo "slowest unfrozen move $slowest ms: timemargin=$margin, frozen $((margin + 300)) ms"
    FREEZE_MS=$((margin + 300)) frozen -stallcredit -log log.txt -each timemargin=$margin || return 1
    grep -q 'not charged to the engines (-stallcredit)' out.txt &&
        { move_times | awk '$2 >= 250 && $3 <= $2 - 250 { f = 1 } END { exit !f }' ||
          tr '\n' ' ' <g.pgn | grep -oE 'loses on time \([0-9]+ ms used; the machine was frozen for [0-9]+ ms during the move \(not charged\)' |
              awk '{ used = substr($4, 2) + 0; frozen = $12 + 0 } frozen >= 250 && used < frozen { f = 1 } END { exit !f }'; } ||
        { echo "load average $(cut -d' ' -f1-3 /proc/loadavg)"; cat r.txt; grep -E '^Host|loses' out.txt g.pgn
          echo "moves over 100 ms (move, wall ms, charged ms):"; move_times | awk '$2 > 100'; return 1; }
}
check "machine frozen 300 ms with -stallcredit: the frozen time is not charged" attempts 3 freeze_credited
engine_stopped() {   # only the engines stopped for 300 ms: their own stall, never credited
    two "--think-ms 20" "--think-ms 20" -each st=0.1 -games 1 -maxmoves 30 -results r.txt -pgnout g.pgn -stallcredit >out.txt 2>&1 &
    local bg=$! pids
    pids=$(game_pids $bg) || return 1
    freeze ${pids#* }
    wait $bg || { cat out.txt; return 1; }
    # (a real freeze of the host, well under the 300 ms, and its steal clause may come too)
    grep -q 'termination=time' r.txt && grep -Eq 'loses on time \(no bestmove within 100 ms(\)|; [0-9]+ ms of CPU time stolen)' g.pgn &&
        grep -Eq '^Host: (no freeze|[0-9]+ freezes? of 15 ms or more \(longest ([0-9]|[1-9][0-9]|1[0-9][0-9])\.)' out.txt ||
        { cat r.txt out.txt; grep loses g.pgn; return 1; }
}
check "engines alone stopped 300 ms with -stallcredit: a loss on time, nothing credited" attempts 3 engine_stopped
readyok_stall() {
    two "--no-readyok-after 4" "" -each depth=1 -ping-ms 300 -games 1 -results r.txt >/dev/null 2>&1
    [ $? -eq 1 ] && grep -q 'result=0-1 termination=stalls plies=4 ' r.txt
}
check "no readyok within the ping time: loss by stalls" readyok_stall
untimed_hang() {
    two "" "--hang-go-at 2" -each depth=1 -ping-ms 300 -stop-ms 200 -games 1 -results r.txt -log log.txt >/dev/null 2>&1
    [ $? -eq 1 ] && grep -q 'result=1-0 termination=stalls plies=3 ' r.txt && grep -q 'B > isready' log.txt
}
check "untimed search that stops answering pings: loss by stalls" untimed_hang
silent_go() {   # silent_go ARGS...: B answers every ping but never the go of its second move; -search-ms bounds it (timeout: a hang fails)
    timeout 60 "$M" -engine cmd="$F" name=A args="--seed 1" -engine cmd="$F" name=B args="--seed 2 --random --silent-go-at 2" \
        -each depth=1 -ping-ms 100 -search-ms 600 -stop-ms 200 -results r.txt -pgnout g.pgn -log log.txt "$@" >out.txt 2>&1
}
untimed_silent() {
    silent_go -games 1
    local rc=$?
    [ $rc -eq 1 ] && grep -q 'result=1-0 termination=stalls plies=3 ' r.txt &&
        grep -q '{Black B stalls (no bestmove within 600 ms of an untimed search, the bound of -search-ms)}' g.pgn &&
        grep -q 'game 1: Black B stalls (no bestmove within 600 ms .*use -recover' out.txt &&
        [ "$(grep -c 'B < readyok' log.txt)" -ge 3 ] || { echo "exit $rc"; cat r.txt out.txt; tail -n 5 log.txt; return 1; }
}
check "untimed search that answers pings but never its go: loss by stalls after -search-ms" untimed_silent
untimed_silent_recover() {   # with -recover the killed engine is restarted and the match goes on
    silent_go -games 2 -recover || { echo "exit $?"; cat out.txt; return 1; }
    [ "$(grep -c 'termination=stalls' r.txt)" -eq 2 ] && grep -q '^game=2 .*white=B black=A result=0-1 termination=stalls plies=2 ' r.txt ||
        { cat r.txt; return 1; }
}
check "the same under -recover: both games lost by stalls, the run completes" untimed_silent_recover
search_ms_range() {
    local v
    for v in -1 86400001 x 1.5; do
        two "" "" -each depth=1 -search-ms "$v" >out.txt 2>&1
        [ $? -eq 2 ] && [ "$(wc -l <out.txt)" -eq 1 ] && grep -q "^dablo-match: -search-ms needs 0..86400000 ms, not '$v'" out.txt ||
            { echo "-search-ms $v:"; cat out.txt; return 1; }
    done
}
check "-search-ms out of range: one line, exit 2" search_ms_range
restart_hangs() {   # timing: a healthy start must answer within -startup-ms 300 on a loaded machine
    two "--crash-at 2 --starts-file starts --hang-uci-after-starts 2" "" -each depth=1 -startup-ms 300 -recover -games 6 -results r.txt >out.txt 2>&1
    [ $? -eq 1 ] || { echo "exit $?"; tail -n 5 out.txt; return 1; }
    grep -q '^game=1 .*termination=disconnect' r.txt && grep -q '^game=2 .*white=B black=A result=1-0 termination=stalls plies=0 ' r.txt ||
        { cat r.txt; tail -n 5 out.txt; return 1; }
    # the run stops there rather than losing every later game the same way
    [ "$(wc -l <r.txt)" -eq 2 ] && grep -q '^dablo-match: game 2: Black A: .*an engine that cannot be started stops the run, even with -recover' out.txt ||
        { cat r.txt; tail -n 5 out.txt; return 1; }
}
check "restart under -recover that hangs at uciok: loss by stalls, and the run stops" attempts 3 restart_hangs
# -recover is a policy of the run, so a resumed run may add it.
resume_recover() {
    two "--crash-at 2" "" -each depth=1 -games 4 -results r.txt >out.txt 2>&1
    [ $? -eq 1 ] && grep -q 'use -recover to restart engines; -resume takes it too' out.txt || { tail -n 5 out.txt; return 1; }
    "$M" -resume r.txt.resume -recover >out2.txt 2>&1 || { echo "exit $?"; tail -n 5 out2.txt; return 1; }
    [ "$(wc -l <r.txt)" -eq 4 ] || { cat r.txt; return 1; }
}
check "a resumed run takes -recover" resume_recover
shard_empty() {
    local out
    out=$(two "" "" -each depth=1 -games 2 -repeat -rounds 3 -shard 4/5 -results s4.txt -pgnout s4.pgn 2>&1) || return 1
    grep -q '^dablo-match: note: -shard 4/5 holds no game: the match has 3 pairs of games, and shard i plays pairs i, i+5, \.\.\.$' <<<"$out" ||
        { echo "$out"; return 1; }
    # ... and still leaves its (empty) results and PGN files, which
    # dablo-stats -merge of every shard reads.
    [ -f s4.txt ] && [ ! -s s4.txt ] && [ -f s4.pgn ] && [ ! -s s4.pgn ] || { ls -l; return 1; }
    two "" "" -each depth=1 -maxmoves 4 -games 2 -repeat -rounds 3 -shard 1/5 -results s1.txt >/dev/null 2>&1 || return 1
    "$ROOT/bin/dablo-stats" -merge s1.txt s4.txt | grep -q '^Files merged: 2$' || return 1
    # a shard that stops before its end (a failed engine) leaves no empty file
    "$M" -engine cmd=./no-such-engine -engine cmd="$F" -each depth=1 -games 2 -repeat -rounds 3 -shard 4/5 -results s5.txt >/dev/null 2>&1
    [ ! -e s5.txt ] || { echo "a failed run left s5.txt"; return 1; }
}
check "a shard with no game says so and writes empty results and PGN files" shard_empty
engine_missing() {
    local out
    out=$("$M" -engine cmd=./no-such-engine -engine cmd="$F" -each depth=1 2>&1); [ $? -eq 2 ] || return 1
    [ "$out" = "dablo-match: engine command './no-such-engine' does not exist" ] || { echo "$out"; return 1; }
    : >noexec
    out=$("$M" -engine cmd=./noexec -engine cmd="$F" -each depth=1 2>&1); [ $? -eq 2 ] || return 1
    [ "$out" = "dablo-match: engine command './noexec' is not an executable file" ] || { echo "$out"; return 1; }
}
check "an engine command that does not exist is named so" engine_missing
named_errors() {   # refused gives engines 1 and 2
    refused "^dablo-match: -engine 3: depth must be 1\.\.1000, not '0'$" -engine cmd="$F" depth=0 || return 1
    refused "^dablo-match: -each: unknown engine setting 'foo' " -each foo=1 || return 1
    refused "^dablo-match: -tb: empty value (a folder of endgame tables is needed)$" -tb ""
}
check "engine settings' errors name the -engine; an empty -tb is named so" named_errors
startup_failures() {
    local t0=$SECONDS out
    out=$(two "--hang-uciok" "" -each depth=1 -startup-ms 400 2>&1); [ $? -eq 2 ] || return 1
    grep -q "engine A: no uciok within 400 ms after uci$" <<<"$out" || { echo "$out"; return 1; }
    out=$(two "--garbage" "" -each depth=1 -startup-ms 400 2>&1); [ $? -eq 2 ] || return 1
    grep -Eq "before uciok|no uciok within" <<<"$out" || return 1
    out=$(two "--noflush" "" -each depth=1 -startup-ms 400 2>&1); [ $? -eq 2 ] || return 1
    grep -Eq "before uciok|no uciok within" <<<"$out" || return 1
    [ $((SECONDS - t0)) -lt 5 ]
}
check "hang at uciok, garbage only, unflushed output: clear error before any game" startup_failures
startup_reason() {   # an engine that exits at start-up: the message says where its own reason went
    local out rc D=$ROOT/bin/dablo
    out=$("$M" -engine cmd="$D" name=a nodes=100 -engine cmd="$D" name=b nodes=100 args=--bogus -games 2 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: engine b: exited with status 2 before uciok (sent uci); its stderr is discarded: give stderr=FILE to see why" ] ||
        { echo "no stderr=: rc $rc: $out"; return 1; }
    out=$("$M" -engine cmd="$D" name=a nodes=100 -engine cmd="$D" name=b nodes=100 args=--bogus stderr=b.err -games 2 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: engine b: exited with status 2 before uciok (sent uci); its stderr went to b.err" ] &&
        grep -q "unknown option '--bogus'" b.err || { echo "stderr=b.err: rc $rc: $out"; cat b.err; return 1; }
    # A quote left open in args= names the engine by its name=, not its path.
    out=$("$M" -engine cmd="$D" name=a nodes=100 -engine cmd="$D" name=b nodes=100 args='"--bogus' -games 2 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: engine b: unterminated quote in args" ] || { echo "args=: rc $rc: $out"; return 1; }
}
check "an engine that exits at start-up: where its stderr went (discarded: give stderr=FILE); args= quote error by name=" startup_reason
stderr_unopenable() {   # a stderr= file that cannot be opened: one line naming the engine and the file
    local out
    out=$(two "" "" -each depth=1 -engine cmd="$F" name=C stderr=/nonexistent/dir/c.log -games 2 2>&1)
    [ $? -eq 2 ] && grep -qx "dablo-match: engine C: cannot open /nonexistent/dir/c.log: No such file or directory" <<<"$out" ||
        { echo "$out"; return 1; }
}
check "stderr= that cannot be opened: the error names the engine" stderr_unopenable
stderr_fifo() {   # a FIFO nobody reads: refused at once (the open cannot block), one line, exit 2
    local out rc
    mkfifo ff || return 77
    out=$(timeout -k 2 20 "$M" -engine cmd="$F" name=a stderr=ff -engine cmd="$F" name=b -each depth=1 -games 2 2>&1)
    rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
        grep -qx "dablo-match: engine a: stderr= ff: a FIFO with no reader (give a regular file or a character device such as /dev/null)" <<<"$out" ||
        { echo "exit $rc (124: hung): $out"; return 1; }
    mkdir d
    out=$(two "" "" -each depth=1 -engine cmd="$F" name=C stderr=d -games 2 2>&1)
    [ $? -eq 2 ] && grep -qx "dablo-match: engine C: cannot open d: Is a directory" <<<"$out" || { echo "$out"; return 1; }
    two "" "" -each depth=1 stderr=/dev/null -games 2 -results r.txt >/dev/null 2>&1 && [ "$(wc -l <r.txt)" -eq 2 ]
}
check "stderr= a FIFO with no reader or a folder: refused at once, one line" stderr_fifo
stderr_same_file() {   # stderr= naming an output of the run, or empty: refused, nothing written
    local out o
    for o in -results -pgnout; do
        out=$(two "" "" -each depth=1 -engine cmd="$F" name=C stderr=s.txt "$o" s.txt -games 2 2>&1)
        [ $? -eq 2 ] && grep -qx "dablo-match: $o s.txt and engine C stderr= s.txt are the same file: give each its own" <<<"$out" ||
            { echo "$o: $out"; return 1; }
        [ ! -e s.txt ] || { echo "$o: s.txt written"; return 1; }
    done
    out=$(two "" "" -each depth=1 -engine cmd="$F" name=C stderr=./r.txt.resume -results r.txt -games 2 2>&1)
    [ $? -eq 2 ] && grep -q "the default state file r.txt.resume and engine C stderr= ./r.txt.resume are the same file" <<<"$out" ||
        { echo "state: $out"; return 1; }
    out=$(two "" "" -each depth=1 -engine cmd="$F" name=C stderr= -games 2 2>&1)
    [ $? -eq 2 ] && [ "$out" = "dablo-match: engine C: stderr=: empty value" ] || { echo "empty: $out"; return 1; }
}
check "stderr= the results, PGN or state file, or empty: refused naming both options" stderr_same_file
startup_signal() {   # SIGTERM or SIGINT while an engine never says uciok: the start-up ends at once, exit 143 / 130
    local sig want rc i
    for sig in TERM INT; do
        want=$([ $sig = TERM ] && echo 143 || echo 130)
        "$M" -engine cmd="$F" name=A args="--hang-uciok --tag-u7" -engine cmd="$F" name=B -each depth=1 -startup-ms 15000 2>err.txt &
        bg=$!
        for i in $(seq 100); do [ "$(live_fakes tag-u7)" -ge 1 ] && break; sleep 0.05; done
        [ "$(live_fakes tag-u7)" -ge 1 ] || { echo "the engine never started"; kill $bg; return 1; }
        kill -$sig $bg
        wait $bg
        rc=$?
        [ $rc -eq $want ] && ! grep -q "uciok" err.txt || { echo "SIG$sig: exit $rc (want $want):"; cat err.txt; return 1; }
        no_fakes_left tag-u7 || return 1
    done
}
check "a signal while an engine starts ends the run at once: exit 143 (SIGTERM), 130 (SIGINT)" startup_signal
odd_output() {
    "$M" -engine cmd="$F" args="--seed 1 --crlf --trailing-space --huge-info 2000000 --big-nodes --utf8-name" \
         -engine cmd="$F" name=B args="--seed 2 --random --crlf" -each tc=20+0.2 -games 2 -pgnout g.pgn -results r.txt >/dev/null || return 1
    [ "$(grep -c 'termination=\(time\|illegal\|stalls\|disconnect\)' r.txt)" -eq 0 ] || return 1
    iconv -f UTF-8 -t UTF-8 g.pgn >/dev/null || return 1
    grep -q '^\[White "Dablot–Prejjesne ÆØÅ テスト \\"q\\" back\\\\slash"\]$' g.pgn || return 1
    grep -q '^game=1 .*white=Dablot–Prejjesne%20ÆØÅ%20テスト%20"q"%20back\\slash black=B ' r.txt
}
check "\\r\\n, trailing blanks, 2 MB info lines, 64-bit nodes, UTF-8 names: games play normally" odd_output

# ---- adjudication, clocks, variants ------------------------------------------------
adjudication() {
    two "" "--score -900" -each depth=1 -resign movecount=3 score=800 -games 2 -results r.txt >/dev/null || return 1
    grep -q '^game=1 .*result=1-0 termination=adj-resign plies=6 ' r.txt && grep -q '^game=2 .*result=0-1 termination=adj-resign plies=5 ' r.txt || return 1
    two "--score 0" "--score 0" -each depth=1 -draw movenumber=5 movecount=2 score=10 -games 1 -results d.txt >/dev/null || return 1
    grep -q 'termination=adj-draw' d.txt || return 1
    two "" "" -each depth=1 -maxmoves 7 -games 1 -results m.txt >/dev/null || return 1
    grep -q 'result=1/2-1/2 termination=max-moves plies=14 ' m.txt
}
check "adjudication: -resign, -draw, -maxmoves" adjudication
maxmoves_from_opening() {   # -maxmoves counts from the opening position: openings past move N still get 2N plies, FEN or moves alike
    "$M" -genopenings 3 plies=40 -srand 1 out=g.fen 2>/dev/null && "$M" -genopenings 3 plies=40 -srand 1 format=moves out=g.moves 2>/dev/null || return 1
    ! grep -qv ' [0-9]* 2[01]$' g.fen || { echo "openings not at move 20-21:"; cat g.fen; return 1; }
    two "" "" -each depth=1 -openings file=g.fen -games 3 -maxmoves 5 -results f.txt >/dev/null || return 1
    two "" "" -each depth=1 -openings file=g.moves format=moves -games 3 -maxmoves 5 -results m.txt >/dev/null || return 1
    cat f.txt
    [ "$(grep -c 'termination=max-moves plies=10 ' f.txt)" -eq 3 ] && cmp f.txt m.txt
}
check "-maxmoves counts from the opening position: openings past move N get 2N plies, not one" maxmoves_from_opening
adjudication_keys() {   # -draw and -resign without a threshold (or with a key twice) are refused, never run at 0 cp
    local out a
    for a in "-resign movecount=3:-resign needs score=S" "-resign score=800:-resign needs movecount=M" \
             "-draw movenumber=1 movecount=2:-draw needs score=S" "-draw score=10:-draw needs movecount=M" \
             "-draw count=2 score=10 movecount=3:-draw: movecount= is given twice" \
             "-resign movecount=2 score=1 -resign score=3:-resign: score= is given twice" \
             "-maxmoves x:-maxmoves needs a whole number of moves, 0 (no limit) to 100000000"; do
        out=$(two "" "" -each depth=1 ${a%%:*} -games 1 -results r.txt 2>&1)
        [ $? -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -q -- "${a#*:}" <<<"$out" && [ ! -s r.txt ] ||
            { echo "$a: $out"; return 1; }
    done
}
check "adjudication: -draw and -resign need movecount= and score=, each once" adjudication_keys
log_full() {   # a log that cannot be written warns once; the match goes on and is recorded
    [ -w /dev/full ] || { echo "no /dev/full"; return 77; }
    local out
    out=$(two "" "" -each depth=1 -games 2 -log /dev/full -results r.txt 2>&1 >/dev/null)
    [ $? -eq 0 ] && [ "$(wc -l <r.txt)" -eq 2 ] && [ "$(grep -c 'cannot write the log /dev/full: No space left on device; the log stops here, the run goes on' <<<"$out")" -eq 1 ] ||
        { echo "$out"; return 1; }
}
check "-log on a full disk: one warning, the match goes on" log_full
wrong_files() {   # an empty or device state file, a folder as a file: one line saying what is wrong
    local out a
    : >empty.state
    mkdir dir
    for a in "-resume empty.state:-resume empty.state: an empty file, not a state file" \
             "-resume /dev/null:-resume /dev/null: not a state file (not a regular file)" \
             "-resume none.state:-resume none.state: no such file"; do
        out=$("$M" ${a%%:*} 2>&1)
        [ $? -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -qF -- "${a#*:}" <<<"$out" || { echo "$a: $out"; return 1; }
    done
    [ ! -e none.state ] || { echo "none.state was left behind"; return 1; }
    for a in "-results dir:results file dir is a folder, not a file" "-pgnout dir:PGN file dir is a folder, not a file" \
             "-openings file=dir:openings file dir is a folder, not a file"; do
        out=$(two "" "" -each depth=1 -games 1 ${a%%:*} 2>&1)
        [ $? -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -qF -- "${a#*:}" <<<"$out" || { echo "$a: $out"; return 1; }
    done
}
check "an empty or device state file and a folder as an output or openings file are named so" wrong_files
fifo_outputs() {   # a FIFO no process reads as -pgnout, -results or -log: one line, exit 2 at once (no wait in open())
    local o out rc reader
    mkfifo ff || return 1
    for o in "-pgnout ff:PGN file ff" "-results ff:results file ff" "-log ff:log ff"; do
        out=$(timeout -k 2 10 "$M" -engine cmd="$F" name=a depth=1 -engine cmd="$F" name=b depth=1 -games 1 ${o%%:*} 2>&1); rc=$?
        [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
            grep -qx "dablo-match: cannot open ${o#*:}: a FIFO that no process reads (start its reader first)" <<<"$out" ||
            { echo "$o: rc $rc: $out"; return 1; }
    done
    # A state file is read and cut: a FIFO is no state file.
    out=$(timeout -k 2 10 "$M" -resume ff 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: -resume ff: a FIFO, not a state file (a regular file)" ] ||
        { echo "-resume ff: rc $rc: $out"; return 1; }
    # With a reader, the games go to it.
    timeout 20 cat ff >fifo.pgn &
    reader=$!
    timeout -k 2 20 "$M" -engine cmd="$F" name=a depth=1 -engine cmd="$F" name=b depth=1 -games 2 -pgnout ff -quiet >/dev/null 2>&1
    rc=$?
    wait $reader
    [ $rc -eq 0 ] && [ "$(grep -c '^\[Event ' fifo.pgn)" -eq 2 ] || { echo "with a reader: rc $rc, $(grep -c '^\[Event ' fifo.pgn) games"; return 1; }
}
check "-pgnout, -results, -log naming a FIFO nobody reads, -resume a FIFO: one-line error, exit 2, no hang; a read FIFO takes the games" fifo_outputs
fifo_resumed_output() {   # a resumed state whose PGN file is now a FIFO nobody reads: one line, exit 2, no wait in open()
    local out rc
    two "" "" -each depth=1 -games 2 -pgnout g.pgn -results r.txt -resume s.state -quiet >/dev/null 2>&1 || return 1
    rm g.pgn && mkfifo g.pgn || return 1
    out=$(timeout -k 2 10 "$M" -resume s.state 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -qx "dablo-match: cannot open PGN file g.pgn: a FIFO that no process reads (start its reader first)" <<<"$out" ||
        { echo "rc $rc (124: hung): $out"; return 1; }
}
check "-resume of a state whose PGN file became a FIFO nobody reads: one-line error, exit 2, no hang" fifo_resumed_output
option_as_value() {   # a file option followed by another option: refused in one line, nothing written
    local o out
    for o in -pgnout -results -log -resume; do
        out=$(two "" "" -each depth=1 -games 2 $o -quiet 2>&1)
        [ $? -eq 2 ] && [ "$out" = "dablo-match: $o needs a value, not the option '-quiet' (a file of that name: ./-quiet)" ] &&
            [ ! -e ./-quiet ] || { echo "$o: $out"; return 1; }
    done
}
check "-pgnout, -results, -log, -resume followed by an option: one-line error naming it, no file written" option_as_value
empty_or_odd_file() {   # an empty file value is refused by name; a file that keeps no record is named, not its state file
    local a out
    for a in "-pgnout:-pgnout" "-results:-results" "-log:-log" "-resume:-resume" "-openings file=:-openings file=" \
             "-pgnout file=:-pgnout" "-genopenings 3 out=:-genopenings out="; do
        out=$(two "" "" -each depth=1 -games 2 ${a%%:*} '' 2>&1)
        [ $? -eq 2 ] && [ "$out" = "dablo-match: ${a#*:}: empty value (a file name is needed)" ] || { echo "${a%%:*} '': $out"; return 1; }
    done
    out=$(two "" "" -each depth=1 -games 2 -results /proc/version 2>&1)
    [ $? -eq 2 ] && [ "$out" = "dablo-match: results file /proc/version is a file of the kernel (/proc, /sys), which keeps no record: give another file" ] ||
        { echo "-results /proc/version: $out"; return 1; }
}
check "an empty file value: refused naming the option; -results /proc/version: refused naming the results file" empty_or_odd_file
# signal_ends SIGNAL PID: sends SIGNAL to the runner PID; its exit status in
# rc, or 1 when it is still running 5 s later (then killed).
signal_ends() {
    kill -"$1" "$2"
    ( sleep 5; kill -9 "$2" 2>/dev/null ) &
    local dog=$!
    wait "$2"
    rc=$?
    kill $dog 2>/dev/null
    wait $dog 2>/dev/null
    [ $rc -ne 137 ] || { echo "SIG$1 did not end the run within 5 s"; return 1; }
}
fifo_openings() {   # -openings file=FIFO: read as cat reads it; a signal while nobody writes it ends the run
    local rc writer pid sig i want
    "$M" -genopenings 4 plies=4 -srand 3 out=book.fen 2>/dev/null && mkfifo ff || return 1
    local args=(-engine cmd="$F" name=A args="--seed 1" -engine cmd="$F" name=B args="--seed 2 --random" -each depth=1
                -repeat -games 2 -rounds 2 -srand 5 -quiet)
    "$M" "${args[@]}" -openings file=book.fen -results ref.txt >/dev/null 2>&1 || return 1
    timeout 20 cat book.fen >ff &
    writer=$!
    timeout -k 2 20 "$M" "${args[@]}" -openings file=ff -results r.txt -resume s.state >/dev/null 2>err.txt
    rc=$?
    kill $writer 2>/dev/null
    wait $writer 2>/dev/null
    [ $rc -eq 0 ] && cmp r.txt ref.txt || { echo "with a writer: rc $rc"; cat err.txt; return 1; }
    head -n -2 s.state >s2 && mv s2 s.state   # games 3 and 4 not recorded
    # The resume command on stdout and stderr (a user of -quiet >/dev/null
    # reads it there), once when both are one file (SIGTERM: 2>&1).
    local hint="dablo-match: 2 of 4 games recorded; to continue, in $PWD: .*dablo-match -resume s.state"
    for sig in INT TERM; do
        if [ $sig = INT ]; then "$M" -resume s.state >out.txt 2>err.txt & else "$M" -resume s.state >out.txt 2>&1 & fi
        pid=$!
        # the runner waits for a writer once the FIFO is open
        for i in $(seq 100); do ls -l /proc/$pid/fd 2>/dev/null | grep -q '/ff$' && break; sleep 0.05; done
        signal_ends $sig $pid || return 1
        want=143
        [ $sig = TERM ] || want=130
        [ $sig = INT ] || cp out.txt err.txt
        [ $rc -eq $want ] && grep -qx 'dablo-match: interrupted before the first game started: stopping' err.txt &&
            [ "$(grep -c . err.txt)" -eq 2 ] && [ "$(grep -cx "$hint" err.txt)" -eq 1 ] &&
            grep -qx "$hint" out.txt ||
            { echo "SIG$sig: rc $rc (want $want):"; cat err.txt out.txt; return 1; }
        [ "$(grep -c '^done ' s.state)" -eq 2 ] || { echo "the state lost games"; return 1; }
    done
    timeout 20 cat book.fen >ff &
    writer=$!
    timeout -k 2 20 "$M" -resume s.state >/dev/null 2>err.txt
    rc=$?
    kill $writer 2>/dev/null
    wait $writer 2>/dev/null
    [ $rc -eq 0 ] && cmp r.txt ref.txt || { echo "resume with a writer: rc $rc"; cat err.txt; return 1; }
}
check "-openings file=FIFO: read like cat; SIGINT/SIGTERM while nobody writes it end the run (130/143, one line, resume command)" fifo_openings
fed_by_fifo() {   # fed_by_fifo ARGS...: a new match reading its openings from FIFO ff, written by cat book.fen; its exit status
    local rc writer
    timeout 20 cat book.fen >ff &
    writer=$!
    timeout -k 2 60 "$M" -engine cmd="$F" name=A args="--seed 1" "$@" -each depth=1 -repeat -games 2 \
        -openings file=ff -results r.txt -resume s.state -quiet >/dev/null 2>err.txt
    rc=$?
    kill $writer 2>/dev/null
    wait $writer 2>/dev/null
    return $rc
}
fifo_openings_nothing_left() {   # a resume with nothing left to play reads no openings: a FIFO nobody writes cannot block it
    local rc out
    "$M" -genopenings 4 plies=4 -srand 3 out=book.fen 2>/dev/null && mkfifo ff || return 1
    # every game recorded
    fed_by_fifo -engine cmd="$F" name=B args="--seed 2 --random" -rounds 2; rc=$?
    [ $rc -eq 0 ] && [ "$(wc -l <r.txt)" -eq 4 ] || { echo "with a writer: rc $rc"; cat err.txt; return 1; }
    out=$(timeout -k 2 10 "$M" -resume s.state 2>&1); rc=$?
    [ $rc -eq 0 ] && grep -qx 'dablo-match: all 4 games are recorded in s.state; none to play' <<<"$out" ||
        { echo "all recorded, no writer: rc $rc (124: it waited for the FIFO): $out"; return 1; }
    # the SPRT verdict given by the recorded games (one game at a time: the verdict comes at game 148)
    rm -f r.txt s.state
    fed_by_fifo -engine cmd="$F" name=B args="--seed 2 --random --score -900" -resign movecount=1 score=800 \
        -rounds 200 -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05; rc=$?
    [ $rc -eq 0 ] && [ "$(wc -l <r.txt)" -lt 400 ] || { echo "SPRT with a writer: rc $rc, $(wc -l <r.txt) games"; cat err.txt; return 1; }
    out=$(timeout -k 2 10 "$M" -resume s.state 2>&1); rc=$?
    [ $rc -eq 0 ] && grep -qx "dablo-match: the $(wc -l <r.txt) games recorded in s.state already give the SPRT verdict (H1 accepted); none to play" <<<"$out" ||
        { echo "SPRT verdict, no writer: rc $rc (124: it waited for the FIFO): $out"; return 1; }
}
check "-resume with every game recorded or the SPRT verdict given: -openings file=FIFO nobody writes is not waited for" fifo_openings_nothing_left
twosided() {
    two "--score 900" "--score -900" -each depth=1 -resign movecount=2 score=800 twosided=true -games 1 -results r.txt >/dev/null || return 1
    grep -q 'result=1-0 termination=adj-resign plies=4 ' r.txt || return 1
    two "--score 0" "--score -900" -each depth=1 -resign movecount=2 score=800 twosided=true -maxmoves 6 -games 1 -results s.txt >/dev/null || return 1
    grep -q 'termination=max-moves' s.txt
}
check "adjudication: two-sided resign needs the winner's agreement" twosided
fen_vs_moves() {
    "$M" -genopenings 4 plies=5 -srand 3 format=moves out=book.moves 2>/dev/null || return 1
    "$M" -genopenings 4 plies=5 -srand 3 format=fen out=book.fen 2>/dev/null || return 1
    for f in moves fen; do
        two "" "" -each depth=1 -openings file=book.$f format=$f -repeat -games 2 -rounds 4 -maxmoves 30 \
            -draw movenumber=10 movecount=3 score=100 -pgnout $f.pgn min -results $f.txt >/dev/null || return 1
    done
    cmp moves.txt fen.txt && diff <(grep -v '^\[Opening' moves.pgn) fen.pgn >/dev/null && grep -q '^\[Opening "' moves.pgn
}
check "openings as moves and as FEN: identical games and adjudication" fen_vs_moves
clocks_in_go() {
    two "" "" -each tc=10+1 -games 1 -maxmoves 3 -log log.txt >/dev/null || return 1
    grep -q 'A > go wtime 11000 btime 10000 winc 1000 binc 1000$' log.txt || return 1
    two "" "" -each tc=40/60 -games 1 -maxmoves 2 -log log2.txt >/dev/null || return 1
    grep -q 'A > go wtime 60000 btime 60000 movestogo 40$' log2.txt || return 1
    two "" "" -engine cmd="$F" name=C st=0.5 nodes=100 -gauntlet -games 1 -each depth=1 -maxmoves 2 -log log3.txt >/dev/null 2>&1
    grep -q 'C > go movetime 500 depth 1 nodes 100$' log3.txt
}
check "go lines: increment before the first move, movestogo, movetime and nodes" clocks_in_go
tabal_match() {
    two "" "" -variant tabal -option MaxCapture=true -option DrawPlies=60 -each depth=1 -repeat -games 2 -pgnout g.pgn -results r.txt -log log.txt >/dev/null || return 1
    grep -q '> setoption name Variant value tabal' log.txt && grep -q '> setoption name MaxCapture value true' log.txt || return 1
    grep -q '^\[Variant "tabal"\]' g.pgn && grep -q '^\[Rules "MaxCapture=true DrawPlies=60"\]' g.pgn && [ "$(wc -l <r.txt)" -eq 2 ]
}
check "Tabal with rule options: sent to the engines and used by the judge" tabal_match
help_terminations() {
    # Every termination word of the records (record.c's table) is in the
    # "Terminations:" list of --help (and so of the man page).
    local list w words
    list=$("$M" --help | awk '/^Terminations:/ { on = 1 } on { printf "%s ", $0 } on && /\.$/ { exit }')
    words=$(sed -n 's/^ *\[TERM_[A-Z_]*\] = { "\([a-z-]*\)", .*/\1/p' "$ROOT/tools/match/record.c" | grep -v '^none$')
    [ "$(wc -w <<<"$words")" -ge 14 ] || { echo "read only: $words"; return 1; }
    for w in $words; do
        grep -qw -- "$w" <<<"$list" || { echo "--help Terminations lacks $w: $list"; return 1; }
    done
}
check "--help lists every termination word (tablebase too)" help_terminations
preset_then_options() {
    # The preset first, then the single options, wherever -rules stands:
    # both orders play and record the same rules and send Rules first.
    two "" "" -option Captures=compulsory -rules classic -each depth=1 -games 1 -maxmoves 2 -pgnout a.pgn -log a.log >/dev/null || return 1
    two "" "" -rules classic -option Captures=compulsory -each depth=1 -games 1 -maxmoves 2 -pgnout b.pgn -log b.log >/dev/null || return 1
    grep -q '^\[Rules "Captures=compulsory"\]' a.pgn && grep -q '^\[Rules "Captures=compulsory"\]' b.pgn || return 1
    two "" "" -option Captures=compulsory -rules anti-draw -each depth=1 -games 1 -maxmoves 2 -pgnout c.pgn >/dev/null &&
        grep -q '^\[Rules "Captures=compulsory ForwardOnlyMen=true KingCaptureEnds=true"\]' c.pgn || return 1
    grep -m 2 'A > setoption name \(Rules\|Captures\)' a.log | tr '\n' ' ' | grep -q 'Rules value classic .*Captures value compulsory' || return 1
    # two presets (-rules and -option Rules=) are refused whatever their order
    local o
    for o in "-rules modern -option Rules=classic" "-option Rules=classic -rules modern"; do
        # shellcheck disable=SC2086
        two "" "" $o -each depth=1 -games 1 2>err.txt >/dev/null
        [ $? -eq 2 ] && grep -q 'Rules= is given twice' err.txt || { cat err.txt; return 1; }
    done
}
check "-rules and -option: the preset first, then the options, in any order" preset_then_options
genopenings_ok() {
    "$M" -genopenings 20 plies=6 -srand 9 out=a.fen 2>/dev/null && "$M" -genopenings 20 plies=6 -srand 9 >b.fen || return 1
    cmp a.fen b.fen && [ "$(sort -u a.fen | wc -l)" -eq 20 ] || return 1
    "$M" -genopenings 10 plies=4 -variant tabal format=moves -srand 2 >t.moves || return 1
    two "" "" -variant tabal -each depth=1 -openings file=t.moves format=moves order=random -srand 4 -games 2 -results r.txt >/dev/null
}
check "-genopenings: reproducible, distinct, loadable openings" genopenings_ok
bad_book() {
    printf 'c5-d6 zz-zz\n' >bad.moves
    local out
    out=$(two "" "" -each depth=1 -openings file=bad.moves format=moves 2>&1); [ $? -eq 2 ] && grep -q 'bad.moves:1: move 2' <<<"$out"
}
check "a bad opening line is reported with its line number" bad_book
format_hint() {   # a moves suite read as FEN (the default) hints format=moves, a FEN suite read as moves format=fen; other bad lines get no such hint
    local out rc
    "$M" -genopenings 2 plies=3 -srand 3 format=moves out=book.moves 2>/dev/null &&
        "$M" -genopenings 2 plies=3 -srand 3 out=book.fen 2>/dev/null || return 1
    printf '1. c5-d6 e9-f8 2. e5-c5\n' >numbered.moves
    printf '1. a4-a5 a6xa4\n' >tabal.moves
    for f in book.moves numbered.moves tabal.moves; do
        out=$(two "" "" -each depth=1 -openings file=$f -games 2 -results r.txt 2>&1); rc=$?
        [ $rc -eq 2 ] && grep -qx "dablo-match: $f:1: bad FEN: .* (a list of moves? use format=moves)" <<<"$out" && [ ! -s r.txt ] ||
            { echo "$f: rc $rc: $out"; return 1; }
    done
    out=$(two "" "" -each depth=1 -openings file=book.fen format=moves 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -qx "dablo-match: book.fen:1: not a list of moves: '$(head -n 1 book.fen | cut -c1-40)...' is no move (a FEN? use format=fen, the default)" <<<"$out" ||
        { echo "book.fen as moves: rc $rc: $out"; return 1; }
    printf 'mmm/mm w\n' >short.fen   # a damaged FEN still reads as one
    out=$(two "" "" -each depth=1 -openings file=short.fen format=moves 2>&1)
    [ "$out" = "dablo-match: short.fen:1: not a list of moves: 'mmm/mm' is no move (a FEN? use format=fen, the default)" ] || { echo "$out"; return 1; }
    # No hint where the line is neither: a word that is no move, a bad FEN.
    printf 'c5-d6 hello\n' >half.moves
    out=$(two "" "" -each depth=1 -openings file=half.moves 2>&1)
    [ "$out" = "dablo-match: half.moves:1: bad FEN: field 1 (points): unknown piece letter 'c' in rank 13 for dablot" ] || { echo "$out"; return 1; }
    printf 'mmm/mm w\n' >short.fen
    out=$(two "" "" -each depth=1 -openings file=short.fen 2>&1)
    [ "$out" = "dablo-match: short.fen:1: bad FEN: field 1 (points): rank 13 has 3 points, expected 6" ] || { echo "$out"; return 1; }
    out=$(two "" "" -each depth=1 -openings file=half.moves format=moves 2>&1)
    grep -q "half.moves:1: move 2 'hello'" <<<"$out" && ! grep -q 'format=' <<<"$out" || { echo "$out"; return 1; }
    # Read as intended, both suites play.
    two "" "" -each depth=1 -openings file=book.moves format=moves -games 2 -maxmoves 10 -quiet >/dev/null &&
        two "" "" -each depth=1 -openings file=book.fen -games 2 -maxmoves 10 -quiet >/dev/null
}
check "a moves suite read as FEN hints format=moves, a FEN suite read as moves hints format=fen; no hint for other bad lines" format_hint
nul_book() {   # a NUL byte would end a line early: the line alone, or the rest of it, would be skipped in silence
    local out fen
    fen=$("$M" -genopenings 1 plies=2 -srand 1 2>/dev/null) || return 1
    printf '\0%s\n' "$fen" >nul1.fen
    printf '%s\n\0junk\n' "$fen" >nul2.fen
    printf '%s\0junk\n' "$fen" >nul3.fen
    for a in nul1.fen:1 nul2.fen:2 nul3.fen:1; do
        out=$(two "" "" -each depth=1 -games 1 -openings file=${a%%:*} -results r.txt 2>&1)
        [ $? -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -qF "$a: a NUL byte in the line" <<<"$out" && [ ! -s r.txt ] ||
            { echo "$a: $out"; return 1; }
    done
}
check "a NUL byte in an openings line is refused with the file and line" nul_book
bom_book() {   # a byte-order mark before the first line is skipped, as in results and PGN files
    local fen
    fen=$("$M" -genopenings 1 plies=2 -srand 1 2>/dev/null) || return 1
    printf '\xEF\xBB\xBF%s\n' "$fen" >bom.fen
    two "" "" -each depth=1 -games 1 -maxmoves 2 -openings file=bom.fen -pgnout g.pgn >/dev/null || return 1
    grep -qF "[FEN \"$fen\"]" g.pgn || { cat g.pgn; return 1; }
    printf '\xEF\xBB\xBFc5-d6\n' >bom.moves
    two "" "" -each depth=1 -games 1 -maxmoves 2 -openings file=bom.moves format=moves -results r.txt >/dev/null
}
check "a byte-order mark before an openings file's first line is skipped" bom_book
quit_ignored() {   # an engine that ignores quit is killed after -quit-ms, and that is said
    local out
    out=$(two "--ignore-quit --tag-qi7" "" -each depth=1 -games 1 -maxmoves 2 -quit-ms 300 -log q.log 2>&1) || { echo "$out"; return 1; }
    # twice: after the set-up's probe of the engines and after the games
    [ "$(grep -c '^dablo-match: engine A did not quit within 300 ms: killed$' <<<"$out")" -eq 2 ] || { echo "$out"; return 1; }
    grep -q 'A.*did not quit within 300 ms: killed' q.log || { tail -n 5 q.log; return 1; }
    ! grep -q 'B.*did not quit' q.log && no_fakes_left tag-qi7
}
check "an engine that ignores quit: killed after -quit-ms, said on stderr and in the log" quit_ignored
latency_not_negative() {   # an engine that claims more time than it took: its latency is 0, not negative
    local out
    out=$(two "--claim-time 40" "" -each depth=1 -games 2 -maxmoves 6 2>&1) || { echo "$out"; return 1; }
    grep -q '^Latency A: mean 0\.00 ms, max 0\.00 ms over [0-9]* moves' <<<"$out" &&
        grep -Eq '^Latency B: mean [0-9]+\.[0-9]+ ms' <<<"$out" || { grep Latency <<<"$out"; return 1; }
}
check "latency: never below 0 (an engine's time beyond the runner's measure counts 0)" latency_not_negative
long_book() {   # a line over 64 KiB (junk, /dev/zero) is refused with its number, not read whole
    local out rc
    "$M" -genopenings 6 plies=2 -srand 1 >six.fen 2>/dev/null || return 1
    { head -n 3 six.fen; head -c 200000 /dev/zero | tr '\0' j; echo; tail -n 3 six.fen; } >long.fen
    out=$(two "" "" -each depth=1 -openings file=long.fen -rounds 6 -results r.txt 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: long.fen:4: line longer than 65536 bytes" ] && [ ! -s r.txt ] ||
        { echo "rc $rc: $out"; return 1; }
    out=$(timeout -k 2 10 "$M" -engine cmd="$F" name=A -engine cmd="$F" name=B -each depth=1 -openings file=/dev/zero 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: /dev/zero:1: line longer than 65536 bytes" ] || { echo "/dev/zero: rc $rc: $out"; return 1; }
    # Out of memory while reading the file: said with the line it reached,
    # never taken for its end (40 MB of address space, a 50 MB file).
    yes '# a comment line' | head -c 50000000 >big.fen
    out=$( (ulimit -v 40000 && exec "$M" -engine cmd="$F" name=A -engine cmd="$F" name=B -each depth=1 -openings file=big.fen -results r.txt) 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -Eqx "dablo-match: big.fen:[0-9]+: out of memory" <<<"$out" && [ ! -s r.txt ] || { echo "big: rc $rc: $out"; return 1; }
    # An existing -results or -pgnout file with such a line is no file to append to.
    { echo "game=1 round=1 pair=1 white=A black=B result=1-0"; head -c 9000000 /dev/zero | tr '\0' j; echo; } >long.txt
    cp long.txt long.pgn
    out=$(two "" "" -each depth=1 -games 1 -rounds 1 -results long.txt 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -qF "dablo-match: -results long.txt is not a results file (long.txt:2: line longer than 8388608 bytes); nothing was written" <<<"$out" ||
        { echo "results: rc $rc: $out"; return 1; }
    out=$(two "" "" -each depth=1 -games 1 -rounds 1 -pgnout long.pgn 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -qF "dablo-match: -pgnout long.pgn is not a PGN file (long.pgn:1: expected a PGN tag pair" <<<"$out" || { echo "pgn: rc $rc: $out"; return 1; }
    { printf '[Event "x"]\n\n'; head -c 9000000 /dev/zero | tr '\0' j; echo; } >long.pgn
    out=$(two "" "" -each depth=1 -games 1 -rounds 1 -pgnout long.pgn 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -qF "dablo-match: -pgnout long.pgn is not a PGN file (long.pgn:3: line longer than 8388608 bytes); nothing was written" <<<"$out" ||
        { echo "pgn: rc $rc: $out"; return 1; }
}
check "an openings, results or PGN line too long, or no memory to read it: refused with the file and line" long_book
finished_book() {   # openings that are already over by any game-end rule are refused with their line
    local out rep="c5-d6 c9-d8 d6-c5 d8-c9 c5-d6 c9-d8 d6-c5 d8-c9"
    printf '# a comment\nc5-d6\n%s\n' "$rep" >rep.moves
    out=$(two "" "" -each depth=1 -openings file=rep.moves format=moves -results r.txt 2>&1)
    [ $? -eq 2 ] && grep -q 'rep.moves:3: the game is over after these 8 plies (threefold repetition)' <<<"$out" && [ ! -s r.txt ] ||
        { echo "$out"; return 1; }
    printf '%s c5-d6\n' "$rep" >rep2.moves
    out=$(two "" "" -each depth=1 -openings file=rep2.moves format=moves 2>&1)
    [ $? -eq 2 ] && grep -q "rep2.moves:1: move 9 'c5-d6': the game is already over (threefold repetition)" <<<"$out" || { echo "$out"; return 1; }
    # A FEN whose no-progress clock has reached DrawPlies.
    "$M" -genopenings 1 plies=2 -srand 1 2>/dev/null | awk '{ $(NF - 1) = 100; print }' >clock.fen
    out=$(two "" "" -each depth=1 -openings file=clock.fen 2>&1)
    [ $? -eq 2 ] && grep -q 'clock.fen:1: the game is already over in this position' <<<"$out" || { echo "$out"; return 1; }
    # DrawPlies=1 ends the game after the first step: "this 1 ply".
    printf 'c5-d6\n' >one.moves
    out=$(two "" "" -each depth=1 -option DrawPlies=1 -openings file=one.moves format=moves 2>&1)
    [ $? -eq 2 ] && [ "$out" = "dablo-match: one.moves:1: the game is over after this 1 ply (DrawPlies reached)" ] ||
        { echo "$out"; return 1; }
}
check "openings already over (threefold repetition in the moves, DrawPlies in the FEN, after 1 ply): refused with the line" finished_book

# ---- stopping, resuming, sharding ------------------------------------------------
MATCH_ARGS=(-each depth=1 -repeat -games 2 -rounds 12 -pgnout g.pgn min -results r.txt)
reference() {   # the uninterrupted match, for comparisons
    two "" "" "${MATCH_ARGS[@]}" -concurrency 2 -quiet >/dev/null && mv g.pgn "$T/ref.pgn" && mv r.txt "$T/ref.txt"
}
check "reference match" reference
games_written() {   # games_written N: waits (at most 10 s) until r.txt holds N games
    local i
    for i in $(seq 200); do [ "$(wc -l <r.txt 2>/dev/null || echo 0)" -ge "$1" ] && return 0; sleep 0.05; done
    echo "fewer than $1 games after 10 s"
}
signalled() {   # signalled SIGNAL: the match, sent SIGNAL once 2 games are written; its exit status in rc
    rm -f g.pgn r.txt st
    two_bg "--think-ms 4" "--think-ms 4" "${MATCH_ARGS[@]}" -concurrency 2 -resume st >out.txt 2>err.txt
    local pid=$bg
    games_written 2
    kill -"$1" $pid
    wait $pid
    rc=$?
}
ctrl_c() {
    local rc
    signalled INT
    [ $rc -eq 130 ] || { echo "rc $rc"; return 1; }
    grep -q 'finishing the running games' err.txt && grep -Eq 'to continue, in .*: [^ ]*dablo-match -resume st' out.txt ||
        { echo "no 'finishing' note or resume command:"; cat err.txt out.txt; return 1; }
    local n
    n=$(wc -l <r.txt)
    [ "$n" -gt 0 ] && [ "$n" -lt 24 ] && [ "$(grep -c '^\[Event' g.pgn)" -eq "$n" ] ||
        { echo "$n results lines, $(grep -c '^\[Event' g.pgn) PGN games (want the same number, 1..23)"; return 1; }
    no_fakes_left 'think-ms 4' || return 1
    "$M" -resume st -quiet >/dev/null || { echo "resume failed"; return 1; }
    cmp "$T/ref.txt" r.txt && cmp "$T/ref.pgn" g.pgn
}
check "Ctrl-C: running games finish, resume gives the uninterrupted match exactly" ctrl_c
sigterm() {   # SIGTERM aborts the running games; the exit status is 128 + 15
    local rc
    signalled TERM
    [ $rc -eq 143 ] || { echo "exit $rc (want 143), stderr:"; cat err.txt; return 1; }
    no_fakes_left 'think-ms 4'
}
check "SIGTERM: exit status 143 (128 + SIGTERM), not Ctrl-C's 130" sigterm
resume_elsewhere() {   # a state records its folder: a resume from another one is refused at once, naming both
    mkdir run && (cd run && two "" "" -each depth=1 -games 2 -rounds 2 -results r.txt -pgnout g.pgn -resume st -quiet >/dev/null) || return 1
    local out rc
    grep -qx "dir $PWD/run" run/st || { echo "no dir line:"; cat run/st; return 1; }
    head -n -1 run/st >run/st2 && mv run/st2 run/st          # game 4 not recorded
    for a in "" -rebuild; do
        out=$("$M" -resume run/st $a 2>&1); rc=$?
        [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
            grep -qx "dablo-match: -resume run/st: the match ran in $PWD/run, not in the current folder $PWD (the paths of its command line are relative to it): cd $PWD/run first" <<<"$out" ||
            { echo "resume $a: rc $rc: $out"; return 1; }
        [ ! -e r.txt ] && [ ! -e g.pgn ] || { echo "resume $a made files here: $(ls)"; return 1; }
    done
    # A state of an older runner (no dir line): the error is followed by a note naming the folder.
    grep -v '^dir ' run/st >run/old.st
    out=$("$M" -resume run/old.st 2>&1); [ $? -eq 2 ] || { echo "$out"; return 1; }
    grep -q "^dablo-match: .*file [rg][.a-z]*" <<<"$out" &&
        grep -qx "dablo-match: note: a state is resumed from the folder its match ran in (its paths are relative to it): run/old.st is in run, not in the current folder; cd run first" <<<"$out" ||
        { echo "$out"; return 1; }
    (cd run && "$M" -resume st -quiet >/dev/null) && [ "$(wc -l <run/r.txt)" -eq 4 ] || { echo "resume from its own folder failed"; return 1; }
}
check "resume from another folder: refused naming both folders, nothing touched (an old state: a note)" resume_elsewhere
# The runner takes its signals with sigwait() in one thread, and two
# SIGINTs sent before that thread runs are one pending signal (standard
# signals do not queue; sent back to back, 10 of 10 runs saw no abort):
# on a loaded machine a second Ctrl-C 0.2 s after the first was sometimes
# merged into it, and at other times the running games had all ended
# before it came.  So the engines of the running games are stopped
# (SIGSTOP) before the first Ctrl-C, the second is sent only once the
# runner has said it took the first, and the engines go on once it says it
# aborts.  wait_line FILE TEXT: at most 10 s for TEXT in FILE.
wait_line() {
    local i
    for i in $(seq 200); do grep -q "$2" "$1" && return 0; sleep 0.05; done
    echo "no '$2' in $1 after 10 s; it holds:"
    cat "$1"
    return 1
}
double_ctrl_c() {
    rm -f g.pgn r.txt st
    two_bg "--think-ms 30" "--think-ms 30" "${MATCH_ARGS[@]}" -concurrency 2 -resume st >out.txt 2>err.txt
    local pid=$bg engines="" i s
    games_written 2
    for i in $(seq 100); do   # the engines: children of the runner's supervisors
        engines=$(for s in $(pgrep -P "$pid"); do pgrep -P "$s"; done)
        [ "$(wc -w <<<"$engines")" -ge 2 ] && break
        sleep 0.05
    done
    [ "$(wc -w <<<"$engines")" -ge 2 ] || { echo "engines of the running games not found: '$engines'"; kill -KILL $pid; return 1; }
    kill -STOP $engines
    kill -INT $pid
    wait_line err.txt 'finishing the running games' || { kill -CONT $engines; kill -KILL $pid; return 1; }
    kill -INT $pid
    wait_line err.txt 'aborting the running games'
    local seen=$?
    kill -CONT $engines 2>/dev/null
    wait $pid
    local rc=$?
    [ $rc -eq 130 ] && [ $seen -eq 0 ] || { echo "exit $rc (want 130), stderr:"; cat err.txt; return 1; }
    no_fakes_left 'think-ms 30' || return 1
    [ "$(grep -c '^\[Event' g.pgn)" -eq "$(wc -l <r.txt)" ] ||
        { echo "$(wc -l <r.txt) results lines but $(grep -c '^\[Event' g.pgn) PGN games"; return 1; }
    "$M" -resume st -quiet >/dev/null || { echo "resume failed"; return 1; }
    # Games finished after an aborted one were written at once, so the
    # aborted game comes later in the files: compare in game order.
    cmp "$T/ref.txt" <(sort -t' ' -k1.6n r.txt) && cmp <(pgn_by_game "$T/ref.pgn") <(pgn_by_game g.pgn)
}
check "second Ctrl-C aborts running games, finished ones are kept; resume gives the same games" double_ctrl_c
kill_nine() {
    rm -f g.pgn r.txt st
    two_bg "--think-ms 2 --tag-k9" "--think-ms 2 --tag-k9" "${MATCH_ARGS[@]}" -concurrency 2 -resume st >/dev/null 2>&1
    local pid=$bg
    games_written 3
    kill -9 $pid
    wait $pid 2>/dev/null
    no_fakes_left tag-k9 || return 1
    # Only whole games in the PGN: as many results as game headers, the last game ends with its result.
    local n
    n=$(grep -c '^\[Event' g.pgn)
    [ "$n" -ge 1 ] || { echo "no game written before the kill"; return 1; }
    [ "$(tail -n 2 g.pgn | head -n 1 | grep -Ec '(1-0|0-1|1/2-1/2)$')" -eq 1 ] || { echo "the last game is not whole"; tail -n 5 g.pgn; return 1; }
    "$M" -resume st -quiet >resume.out 2>&1 || { echo "resume failed"; cat resume.out; return 1; }
    cmp "$T/ref.txt" r.txt && cmp "$T/ref.pgn" g.pgn
}
check "kill -9: no engine survives, only whole games written, resume exact" kill_nine
kill_nine_no_resume() {   # kill -9 of a run without -resume: its empty lock file is named as such, not as a state, and removed
    rm -f g.pgn r.txt r.txt.resume
    two_bg "--think-ms 2 --tag-k9n" "--think-ms 2 --tag-k9n" "${MATCH_ARGS[@]}" >/dev/null 2>&1
    local pid=$bg out rc n
    games_written 1
    kill -9 $pid
    wait $pid 2>/dev/null
    no_fakes_left tag-k9n || return 1
    n=$(wc -l <r.txt)
    [ -e r.txt.resume ] && [ ! -s r.txt.resume ] || { echo "no empty r.txt.resume after the kill"; ls -l; return 1; }
    local s=s; [ "$n" -eq 1 ] && s=
    out=$("$M" -resume r.txt.resume 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: -resume r.txt.resume: an empty file, not a state file: the lock file of a run without -resume killed before it could write its state (no run holds it now); no state was kept for the $n game$s in r.txt, so that match cannot be continued: remove r.txt.resume, and give a new match other file names or remove r.txt (-resume FILE keeps the state after every game)" ] ||
        { echo "-resume: rc $rc: $out"; return 1; }
    [ -e r.txt.resume ] || { echo "a refused resume removed the file"; return 1; }
    cp r.txt r.orig
    out=$(two "" "" "${MATCH_ARGS[@]}" 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: -results r.txt already holds $n game$s of an earlier run; nothing was written: give another file name or remove it (no state file was kept for them, so that match cannot be continued: r.txt.resume is the empty lock file of a run killed before it could write its state (removed now); -resume FILE keeps the state after every game)" ] ||
        { echo "rerun: rc $rc: $out"; return 1; }
    [ ! -e r.txt.resume ] && cmp r.txt r.orig || { echo "r.txt.resume kept or r.txt changed"; ls -l; return 1; }
    out=$(two "" "" "${MATCH_ARGS[@]}" 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -qF "(no state file is there to go on with that match: there is no r.txt.resume," <<<"$out" ||
        { echo "second rerun: rc $rc: $out"; return 1; }
    # An empty stale r.txt.resume beside a new match is removed when it ends.
    rm -f r.txt g.pgn && : >r.txt.resume
    two "" "" -each depth=1 -games 1 -rounds 1 -results r.txt >/dev/null 2>&1 && [ -s r.txt ] && [ ! -e r.txt.resume ] ||
        { echo "the stale r.txt.resume was not removed by a match that ended"; ls -l; return 1; }
}
check "kill -9 of a run without -resume: its empty lock file is named as such, removed by the next run" kill_nine_no_resume
# ---- write failures, damaged files and states ---------------------------------
WF_ARGS=(-each depth=1 -repeat -games 2 -rounds 10 -maxmoves 40 -quiet)
wf_reference() {   # the 20 games uninterrupted, in $T/wf.pgn and $T/wf.txt
    [ -f "$T/wf.txt" ] && return 0
    two "" "" "${WF_ARGS[@]}" -pgnout "$T/wf.pgn" min -results "$T/wf.txt" >/dev/null
}
whole_records() {   # whole_records DIR: the PGN, results and state agree game by game, each game whole
    local d=$1 games
    games=$(wc -l <"$d/r.txt")
    [ "$(grep -c '^\[Event' "$d/g.pgn")" -eq "$games" ] && [ "$(grep -c '^done ' "$d/s.state")" -eq "$games" ] || return 1
    [ "$games" -eq 0 ] || [ "$(tail -n 2 "$d/g.pgn" | head -n 1 | grep -Ec '(1-0|0-1|1/2-1/2)$')" -eq 1 ] || return 1
    cmp "$d/r.txt" <(head -n "$games" "$T/wf.txt") && cmp "$d/g.pgn" <(head -c "$(stat -c %s "$d/g.pgn")" "$T/wf.pgn")
}
dev_full() {
    wf_reference || return 1
    local rc
    two "" "" "${WF_ARGS[@]}" -pgnout /dev/full -results r.txt >out.txt 2>err.txt
    rc=$?
    [ $rc -eq 1 ] && grep -q 'cannot write game 1 to the PGN file /dev/full: No space left on device' err.txt || { echo "rc $rc"; cat err.txt; return 1; }
    [ ! -s r.txt ] && grep -q '^=== Summary: 0 of 20 games' out.txt && [ "$(grep -c 'cannot write' err.txt)" -eq 1 ] || { cat out.txt; return 1; }
    rm -f /dev/full.resume 2>/dev/null
    two "" "" "${WF_ARGS[@]}" -results /dev/full >out.txt 2>err.txt
    [ $? -eq 1 ] && grep -q 'to the results file /dev/full' err.txt || return 1
    # No state file beside a device: the next default, in the current folder.
    [ ! -e /dev/full.resume ] && grep -q -- '-resume dablo-match.resume$' out.txt && [ -s dablo-match.resume ] ||
        { echo "state: $(ls /dev/full.resume 2>&1); $(tail -n 1 out.txt)"; rm -f /dev/full.resume 2>/dev/null; return 1; }
    rm -f dablo-match.resume
    two "" "" "${WF_ARGS[@]}" -results /dev/full -pgnout g.pgn >out.txt 2>err.txt
    grep -q -- '-resume g.pgn.resume$' out.txt && [ -s g.pgn.resume ] || { tail -n 1 out.txt; return 1; }
}
check "-pgnout /dev/full, -results /dev/full: nothing recorded, exit 1 naming the file; no state file beside a device" dev_full
file_limit() {   # RLIMIT_FSIZE: a write past 6 KiB fails with EFBIG
    wf_reference || return 1
    mkdir d
    ( ulimit -f 6; two "" "" "${WF_ARGS[@]}" -pgnout d/g.pgn min -results d/r.txt -resume d/s.state >out.txt 2>err.txt )
    local rc=$?
    [ $rc -eq 1 ] && grep -q 'to the PGN file d/g.pgn: File too large; stopping' err.txt || { echo "rc $rc"; cat err.txt; return 1; }
    local games
    games=$(wc -l <d/r.txt)
    [ "$games" -ge 1 ] && [ "$games" -lt 20 ] && grep -q "^=== Summary: $games of 20 games" out.txt || { echo "$games games"; cat out.txt; return 1; }
    whole_records d || return 1
    "$M" -resume d/s.state >out2.txt 2>&1 || { cat out2.txt; return 1; }
    grep -Eq "$games games? already recorded, $((20 - games)) to play" out2.txt && cmp d/r.txt "$T/wf.txt" && cmp d/g.pgn "$T/wf.pgn"
}
check "a file size limit mid-match: whole games only, exit 1, resume plays exactly the rest" file_limit
full_tmpfs() {   # a 12 KiB tmpfs fills up during the match (root only; skipped elsewhere)
    wf_reference || return 1
    mkdir small
    mount -t tmpfs -o size=12k tmpfs small 2>/dev/null || { echo "mount -t tmpfs is not permitted here"; return 77; }
    two "" "" "${WF_ARGS[@]}" -pgnout small/g.pgn min -results small/r.txt -resume small/s.state >out.txt 2>err.txt
    local rc=$? games
    games=$(wc -l <small/r.txt)
    mkdir saved && cp small/* saved/ && umount small && mount -t tmpfs -o size=1m tmpfs small && cp saved/* small/ ||
        { umount small; return 1; }
    [ $rc -eq 1 ] && grep -q 'No space left on device; stopping' err.txt && [ "$games" -lt 20 ] || { echo "rc $rc, $games games"; cat err.txt; umount small; return 1; }
    whole_records small || { umount small; return 1; }
    "$M" -resume small/s.state >out2.txt 2>&1
    rc=$?
    cmp small/r.txt "$T/wf.txt" && cmp small/g.pgn "$T/wf.pgn"
    local same=$?
    umount small
    [ $rc -eq 0 ] && [ $same -eq 0 ]
}
check "a full 12 KiB tmpfs: whole games only, exit 1, resume after freeing space gives the whole match" full_tmpfs
genopenings_stdout() {   # -genopenings > /dev/full, --help, --version: exit 1, "cannot write stdout" and the cause
    local a err
    for a in "-variant tabal -genopenings 3 plies=4" --help --version; do
        # shellcheck disable=SC2086
        err=$("$M" $a 2>&1 >/dev/full)
        [ $? -eq 1 ] && [ "$err" = "dablo-match: cannot write stdout: No space left on device" ] || { echo "$a: $err"; return 1; }
    done
}
check "-genopenings, --help, --version > /dev/full: exit 1 naming stdout and the cause" genopenings_stdout
genopenings_cause() {   # -genopenings: a failed write names its own cause, never "Input/output error"
    local err rc
    err=$( (ulimit -f 1; "$M" -variant tabal -genopenings 100 plies=8 out=b.fen) 2>&1)
    rc=$?
    [ $rc -eq 1 ] && [ "$err" = "dablo-match: cannot write b.fen: File too large" ] && [ -z "$(ls -A)" ] ||
        { echo "out= past RLIMIT_FSIZE: rc $rc: $err; left: $(ls -A)"; return 1; }
    mkdir small
    if mount -t tmpfs -o size=12k tmpfs small 2>/dev/null; then
        err=$("$M" -variant tabal -genopenings 500 plies=8 out=small/b.fen 2>&1)
        rc=$?
        [ $rc -eq 1 ] && [ "$err" = "dablo-match: cannot write small/b.fen: No space left on device" ] &&
            [ -z "$(ls -A small)" ] || { echo "a full tmpfs: rc $rc: $err; left: $(ls -A small)"; umount small; return 1; }
        umount small
    fi
}
check "-genopenings out=: a write that fails names its own cause (EFBIG; ENOSPC on a full tmpfs), no file left" genopenings_cause
stopped_state() {   # stopped_state N: a state that recorded the first N of the 20 games, the files as complete
    wf_reference || return 1
    two "" "" "${WF_ARGS[@]}" -pgnout g.pgn min -results r.txt -resume s.state >/dev/null || return 1
    local keep
    keep=$(grep -n '^done ' s.state | sed -n "$(($1 + 1))p" | cut -d: -f1)
    head -n $((keep - 1)) s.state >s2 && mv s2 s.state
}
damaged_files() {
    stopped_state 12 || return 1
    cp g.pgn g.full && cp r.txt r.full
    local out rc
    : >r.txt
    local empty="dablo-match: results file r.txt is empty (deleted or emptied since?), but the state records 12 games in it; not resumed: put the file back as it was, or give -resume s.state -rebuild to play the 12 recorded games again"
    out=$("$M" -resume s.state 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "$empty" ] || { echo "rc $rc: $out"; return 1; }
    rm r.txt
    out=$("$M" -resume s.state 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "$empty" ] && [ ! -e r.txt ] || { echo "deleted: rc $rc: $out"; ls; return 1; }
    : >r.txt
    head -c 100 g.full >g.pgn
    out=$("$M" -resume s.state 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -q 'PGN file g.pgn holds 100 bytes, but the state records [0-9]* bytes up to game 1' <<<"$out" ||
        { echo "rc $rc: $out"; return 1; }
    [ ! -s r.txt ] && [ "$(stat -c %s g.pgn)" -eq 100 ] || return 1      # nothing touched
    # A changed byte inside game 5 of the PGN.
    cp r.full r.txt && cp g.full g.pgn
    local at
    at=$(grep -b -m 5 '^\[Event' g.pgn | tail -n 1 | cut -d: -f1)
    printf 'X' | dd of=g.pgn bs=1 seek=$((at + 3)) conv=notrunc 2>/dev/null
    out=$("$M" -resume s.state 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -q 'PGN file g.pgn differs from the state from game 5 on' <<<"$out" || { echo "rc $rc: $out"; return 1; }
    # -rebuild keeps games 1-4, cuts the files there and plays the rest again.
    "$M" -resume s.state -rebuild >out.txt 2>&1 || { cat out.txt; return 1; }
    grep -q -- '-rebuild: 4 recorded games kept, the files cut back before the others; 16 of the 20 games to play (8 of them recorded before)' out.txt &&
        grep -q '4 games already recorded, 16 to play' out.txt &&
        grep -qx 'dablo-match: note: g.pgn: cut [0-9]* bytes after game 4, the last game kept (-rebuild plays those games again); saved to g.pgn.cut-1' out.txt &&
        [ "$(stat -c %s g.pgn.cut-1)" -eq $(($(stat -c %s g.full) - $(grep -b -m 5 '^\[Event' g.full | tail -n 1 | cut -d: -f1))) ] &&
        cmp r.txt "$T/wf.txt" && cmp g.pgn "$T/wf.pgn"
}
check "resume against a cut results file or a changed PGN: refused naming file and game; -rebuild replays from there" damaged_files
damaged_offset() {   # a pgn-offset or results-offset line that is wrong: the state line is named; -rebuild leaves a clean PGN
    two "" "" -each depth=1 -games 2 -maxmoves 20 -results r.txt -pgnout g.pgn min -resume s.state -quiet >/dev/null 2>&1 || return 1
    cp s.state s.good && cp g.pgn g.ref && cp r.txt r.ref
    local out rc
    sed 's/^pgn-offset 0$/pgn-offset 9/' s.good >s.state && cp s.state s.bad
    out=$("$M" -resume s.state 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: s.state:3: wrong pgn-offset line 'pgn-offset 9': the PGN file g.pgn holds the match's first recorded game (game 1) from byte 0: expected 'pgn-offset 0'; the state file is damaged (not resumed: correct that line, or give -resume s.state -rebuild to play the 2 recorded games again)" ] ||
        { echo "rc $rc: $out"; return 1; }
    cmp s.state s.bad && cmp g.pgn g.ref && cmp r.txt r.ref || { echo "a file was touched"; return 1; }
    sed 's/^results-offset 0$/results-offset 5/' s.good >s.state
    out=$("$M" -resume s.state 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: s.state:4: wrong results-offset line 'results-offset 5': the results file r.txt holds the match's first recorded game (game 1) from byte 0: expected 'results-offset 0'; the state file is damaged (not resumed: correct that line, or give -resume s.state -rebuild to play the 2 recorded games again)" ] ||
        { echo "results-offset: rc $rc: $out"; return 1; }
    # -rebuild cuts back to where the match began, not to the line's 9
    # bytes (which stayed in front of the PGN), and writes the state anew.
    cp s.bad s.state
    "$M" -resume s.state -rebuild >out.txt 2>&1 || { cat out.txt; return 1; }
    grep -qx "dablo-match: s.state:3: wrong pgn-offset line 'pgn-offset 9': .*; -rebuild: 0 recorded games kept, the files cut back to where the match began and the state written anew; 2 of the 2 games to play (2 of them recorded before)" out.txt &&
        cmp g.pgn g.ref && cmp r.txt r.ref && cmp g.pgn.cut-1 g.ref && grep -qx 'pgn-offset 0' s.state ||
        { cat out.txt; ls -l; head -c 40 g.pgn; return 1; }
    out=$("$M" -resume s.state 2>&1) && grep -q 'all 2 games are recorded in s.state' <<<"$out" || { echo "after -rebuild: $out"; return 1; }
    # Game 1 changed too: the PGN file is named, and -rebuild cuts it back
    # to where that game begins (byte 0), not inside it.
    rm -f ./*.cut-*
    cp s.bad s.state
    printf 'X' | dd of=g.pgn bs=1 seek=3 conv=notrunc 2>/dev/null
    out=$("$M" -resume s.state 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -q '^dablo-match: PGN file g.pgn differs from the state from game 1 on (bytes 9\.\.[0-9]*); not resumed' <<<"$out" ||
        { echo "changed game 1: rc $rc: $out"; return 1; }
    "$M" -resume s.state -rebuild >out.txt 2>&1 || { cat out.txt; return 1; }
    grep -qx "dablo-match: note: s.state:3: pgn-offset 9 falls inside a game of g.pgn: -rebuild cuts the file back to byte 0, where that game begins, and writes the state anew" out.txt &&
        cmp g.pgn g.ref && cmp r.txt r.ref && grep -qx 'pgn-offset 0' s.state || { cat out.txt; head -c 40 g.pgn; return 1; }
    out=$("$M" -resume s.state 2>&1) && grep -q 'all 2 games are recorded in s.state' <<<"$out" || { echo "after the second -rebuild: $out"; return 1; }
}
check "a wrong pgn-offset or results-offset line is named as the state's (line, value expected); -rebuild cuts back to a clean PGN and writes the state anew" damaged_offset
longer_files() {   # files longer than the state (games written after the last state line): saved, cut back
    stopped_state 7 || return 1
    local pgn_at res_at
    pgn_at=$(grep '^done ' s.state | tail -n 1 | cut -d' ' -f2)
    res_at=$(head -n 7 r.txt | wc -c)
    tail -c +$((pgn_at + 1)) g.pgn >g.rest && tail -n +8 r.txt >r.rest
    "$M" -resume s.state >out.txt 2>err.txt || { cat out.txt err.txt; return 1; }
    # The complete games cut are named as such (it said "not a complete
    # record" and they were lost), and saved beside each file first.
    grep -qx "dablo-match: note: g.pgn: cut $(stat -c %s g.rest) bytes after game 7, the last game the state records (13 complete games the state does not record); saved to g.pgn.cut-1" err.txt &&
        grep -qx "dablo-match: note: r.txt: cut $(stat -c %s r.rest) bytes after game 7, the last game the state records (13 complete games the state does not record); saved to r.txt.cut-1" err.txt ||
        { cat err.txt; return 1; }
    [ "$res_at" -gt 0 ] && cmp g.rest g.pgn.cut-1 && cmp r.rest r.txt.cut-1 || return 1
    grep -q '7 games already recorded, 13 to play' out.txt && cmp r.txt "$T/wf.txt" && cmp g.pgn "$T/wf.pgn"
}
check "resume with files longer than the state: the games after it saved to FILE.cut-1 and cut, the rest played, the whole match exact" longer_files
cut_unsaved() {   # bytes that cannot be saved are not cut: the resume is refused, nothing touched
    stopped_state 7 || return 1
    cp g.pgn g.before && cp r.txt r.before
    touch $(printf 'g.pgn.cut-%d ' $(seq 1000))
    local out rc
    out=$("$M" -resume s.state 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -q "^dablo-match: g.pgn: cannot save the [0-9]* bytes after game 7, the last game the state records before cutting them (g.pgn.cut-1 .. g.pgn.cut-1000 all exist); nothing cut, not resumed$" <<<"$out" ||
        { echo "rc $rc: $out"; return 1; }
    cmp g.pgn g.before && cmp r.txt r.before && [ ! -e r.txt.cut-1 ] && [ ! -s g.pgn.cut-1 ]
}
check "resume: bytes after the state that cannot be saved are not cut (refused, exit 2, the files untouched)" cut_unsaved
cut_note() {   # bytes after the last recorded game are cut with a note per file; the recorded games stay
    stopped_state 9 || return 1
    head -n 9 r.txt >r9 && head -c "$(grep '^done ' s.state | tail -n 1 | cut -d' ' -f2)" g.pgn >g9
    cp r9 r.txt && cp g9 g.pgn
    echo "game=99 typed by hand" >>r.txt
    printf 'junk\n' >>g.pgn
    echo "an earlier cut" >r.txt.cut-1   # never replaced: the next name is taken
    "$M" -resume s.state >out.txt 2>err.txt || { cat err.txt; return 1; }
    grep -qx "dablo-match: note: r.txt: cut 22 bytes after game 9, the last game the state records (not a complete record); saved to r.txt.cut-2" err.txt &&
        grep -qx "dablo-match: note: g.pgn: cut 5 bytes after game 9, the last game the state records (not a complete record); saved to g.pgn.cut-1" err.txt || { cat err.txt; return 1; }
    [ "$(cat r.txt.cut-1)|$(cat r.txt.cut-2)|$(cat g.pgn.cut-1)" = "an earlier cut|game=99 typed by hand|junk" ] || { head r.txt.cut-* g.pgn.cut-*; return 1; }
    grep -q '9 games already recorded, 11 to play' out.txt && cmp r.txt "$T/wf.txt" && cmp g.pgn "$T/wf.pgn"
}
check "resume saves the bytes after the last recorded game (FILE.cut-N, never replacing one) and cuts them, with a note naming the file, the bytes, the game and the copy" cut_note
longer_match() {   # -rounds edited in the state: a note gives both numbers of games, the longer match is played
    stopped_state 4 || return 1
    grep -qx 'games 20' s.state || { echo "no games line"; return 1; }
    sed -i '/^arg -rounds$/{n;s/^arg 10$/arg 12/}' s.state
    "$M" -resume s.state >out.txt 2>err.txt || { cat err.txt; return 1; }
    grep -qx "dablo-match: note: s.state: its games line says 20 games, its command line (the arg lines) schedules 24; playing to 24" err.txt ||
        { cat err.txt; return 1; }
    grep -q '4 games already recorded, 20 to play' out.txt && [ "$(wc -l <r.txt)" -eq 24 ] && cmp <(head -n 20 r.txt) "$T/wf.txt" || return 1
    "$M" -resume s.state >out.txt 2>err.txt && ! grep -q 'games line' err.txt && grep -qx 'dablo-match: all 24 games are recorded in s.state; none to play' out.txt
}
check "resume after -rounds was edited in the state: a note gives the old and new length, the longer match is played" longer_match
games_line_edited() {   # only the games line edited: the note names that line and what the arg lines schedule
    stopped_state 4 || return 1
    sed -i 's/^games 20$/games 25/' s.state
    "$M" -resume s.state >out.txt 2>err.txt || { cat err.txt; return 1; }
    grep -qx "dablo-match: note: s.state: its games line says 25 games, its command line (the arg lines) schedules 20; playing to 20" err.txt &&
        [ "$(grep -c 'line' err.txt)" -eq 1 ] || { cat err.txt; return 1; }
    [ "$(grep '^games ' s.state | tail -n 1)" = "games 20" ] && grep -q '4 games already recorded, 16 to play' out.txt &&
        cmp r.txt "$T/wf.txt" && cmp g.pgn "$T/wf.pgn"
}
check "resume after only the games line was edited: the note names the games line and the schedule, the match is played" games_line_edited
resume_complete() {   # a state that records every game: no engine starts, the report of the recorded games, exit 0
    # The second engine has no name=: its name comes from the records.
    "$M" -engine cmd="$F" name=A args="--seed 1" -engine cmd="$F" args="--seed 2 --random" -each depth=1 -repeat -games 2 \
        -rounds 2 -sprt elo0=0 elo1=5 -results r.txt -resume s.state -quiet >full.txt 2>&1 || { cat full.txt; return 1; }
    cp r.txt r.full
    local rc
    "$M" -resume s.state -log l.txt >out.txt 2>err.txt; rc=$?
    [ $rc -eq 0 ] && [ ! -s err.txt ] && grep -qx 'dablo-match: all 4 games are recorded in s.state; none to play' out.txt ||
        { echo "rc $rc:"; cat out.txt err.txt; return 1; }
    [ ! -s l.txt ] || { echo "engines were started:"; head -n 3 l.txt; return 1; }
    ! grep -q '^CPU:' out.txt && grep -q '^LLR: ' out.txt && grep -q '^A vs fake:$' out.txt || { cat out.txt; return 1; }
    cmp <(sed -n '/^=== Summary/,/^Failures:/p' full.txt) <(sed -n '/^=== Summary/,/^Failures:/p' out.txt) && cmp r.txt r.full
}
check "-resume of a state with every game recorded: no engine started, the recorded games' report, exit 0" resume_complete
corrupt_state() {
    stopped_state 3 || return 1
    cp s.state good
    local out rc first
    first=$(grep -n -m 1 '^done ' good | cut -d: -f1)
    bad_state() {   # bad_state PATTERN: the resume is refused with PATTERN, exit 2, nothing played
        out=$("$M" -resume s.state 2>&1); rc=$?
        [ $rc -eq 2 ] && grep -q -- "$1" <<<"$out" && ! grep -q 'Summary' <<<"$out" || { echo "rc $rc: $out"; return 1; }
    }
    { cat good; grep '^done ' good | tail -n 1; } >s.state
    bad_state "s.state:$((first + 3)): game 3 is recorded twice; the state file is damaged" || return 1
    sed '$s/game=3 round=2 pair=2/game=99 round=2 pair=2/' good >s.state
    bad_state "s.state:$((first + 2)): game 99 is not a game of this match (1..20)" || return 1
    sed '$s/game=3 round=2 pair=2 white=A/game=3 round=2 pair=2 white=Z/' good >s.state
    bad_state "s.state:$((first + 2)): the game's round, pair or engines are not those of the match" || return 1
    sed '$s/result=[^ ]*/result=2-0/' good >s.state
    bad_state "s.state:$((first + 2)): bad result" || return 1
    sed "${first}s/^done [0-9]*/done 99999999999999999999/" good >s.state
    bad_state "s.state:$first: bad record" || return 1
    sed "$((first + 1))s/^done [0-9]*/done 1/" good >s.state
    bad_state "s.state:$((first + 1)): file sizes smaller than the previous record's" || return 1
    sed 's/^seed .*/seed 18446744073709551616/' good >s.state
    bad_state "s.state:2: bad seed" || return 1
    sed "${first}s/^done /finished /" good >s.state
    bad_state "s.state:$first: unexpected line" || return 1
    # A line over 8 MiB is refused with its number, not read whole; an
    # incomplete last record (cut by a kill) is still left out and cut off.
    { head -n "$first" good; head -c 9000000 /dev/zero | tr '\0' j; echo; tail -n +"$((first + 1))" good; } >s.state
    bad_state "s.state:$((first + 1)): line longer than 8388608 bytes" || return 1
    { cat good; grep '^done ' good | tail -n 1 | head -c 20; } >s.state
    "$M" -resume s.state -quiet >/dev/null && cmp r.txt "$T/wf.txt" || { echo "a cut last record"; return 1; }
    cp good s.state && "$M" -resume s.state -quiet >/dev/null && cmp r.txt "$T/wf.txt"
}
check "a corrupt state (duplicate game, game beyond the match, wrong engine, bad numbers): refused with the line" corrupt_state
# ---- one run a file, no file two options ------------------------------------------
in_use() {   # a running match holds its state, results and PGN: a second run refuses at once, touching nothing
    two_bg "--think-ms 20" "--think-ms 20" -each depth=1 -repeat -games 2 -rounds 2 -maxmoves 30 -quiet \
        -pgnout g.pgn -results r.txt -resume s.state >a.out 2>&1
    local a=$bg i out rc
    for i in $(seq 100); do grep -q '^begin$' s.state 2>/dev/null && break; sleep 0.05; done
    grep -q '^begin$' s.state 2>/dev/null || { echo "no state header after 5 s"; kill "$a"; return 1; }
    cp s.state s.before
    out=$(timeout 20 "$M" -resume s.state -quiet 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -q "state file s.state is in use by another dablo-match run (pid $a: [^ ]*dablo-match -engine " <<<"$out" ||
        { echo "second resume: rc $rc: $out"; kill "$a"; return 1; }
    out=$(timeout 20 "$M" -engine cmd="$F" name=A depth=1 -engine cmd="$F" name=B depth=1 -games 2 \
        -results r.txt -resume other.state 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -q "results file r.txt is in use by another dablo-match run (pid $a: " <<<"$out" && [ ! -e other.state ] ||
        { echo "second run on r.txt: rc $rc: $out"; kill "$a"; return 1; }
    out=$(timeout 20 "$M" -engine cmd="$F" name=A depth=1 -engine cmd="$F" name=B depth=1 -games 2 \
        -pgnout g.pgn 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -q "PGN file g.pgn is in use by another dablo-match run (pid $a: " <<<"$out" ||
        { echo "second run on g.pgn: rc $rc: $out"; kill "$a"; return 1; }
    wait "$a" || { echo "the first run failed:"; cat a.out; return 1; }
    [ "$(wc -l <r.txt)" -eq 4 ] && [ "$(grep -c '^\[Event ' g.pgn)" -eq 4 ] || { echo "$(wc -l <r.txt) results"; return 1; }
    out=$("$M" -resume s.state 2>&1) && grep -qx 'dablo-match: all 4 games are recorded in s.state; none to play' <<<"$out" || { echo "$out"; return 1; }
}
check "a second run on a running match's state, results or PGN refuses at once (exit 2) naming the holder's pid, the first completes" in_use
default_state_in_use() {   # without -resume, the RESULTS.resume a stop would write is the run's own, locked like its other files
    two_bg "--think-ms 20" "--think-ms 20" -each depth=1 -repeat -games 2 -rounds 2 -maxmoves 30 -quiet -results r.txt >a.out 2>&1
    local a=$bg i out rc
    for i in $(seq 100); do [ -e r.txt.resume ] && break; sleep 0.05; done
    out=$(timeout 20 "$M" -engine cmd="$F" name=A depth=1 -engine cmd="$F" name=B depth=1 -games 2 \
        -results other.txt -resume r.txt.resume 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -q "state file r.txt.resume is in use by another dablo-match run (pid $a: " <<<"$out" &&
        [ ! -e other.txt ] || { echo "a run on r.txt.resume: rc $rc: $out"; kill "$a"; return 1; }
    wait "$a" || { echo "the first run failed:"; cat a.out; return 1; }
    # A run that completes leaves no state file.
    [ "$(wc -l <r.txt)" -eq 4 ] && [ ! -e r.txt.resume ] || { echo "$(wc -l <r.txt) results; $(ls)"; return 1; }
}
check "without -resume, the default state file RESULTS.resume is locked too (exit 2 naming the holder), and removed by a complete run" default_state_in_use
holder_cut() {   # the holder's command line in the 'in use' message is cut after a whole argument, never inside one
    ln -s "$M" m && ln -s "$F" f || return 1
    # Byte 120 of the holder's command line falls inside the -event value.
    ./m -engine cmd=./f name=A args="--think-ms 20" -engine cmd=./f name=B args="--think-ms 20" -each depth=1 \
        -event Cut-never-inside-this-event-name -repeat -games 2 -rounds 2 -maxmoves 30 -quiet -results r.txt >a.out 2>&1 &
    local a=$! i out rc
    for i in $(seq 100); do [ -e r.txt.resume ] && break; sleep 0.05; done
    out=$(timeout 20 "$M" -engine cmd="$F" name=A depth=1 -engine cmd="$F" name=B depth=1 -games 2 -results r.txt 2>&1); rc=$?
    kill "$a" 2>/dev/null
    wait "$a" 2>/dev/null
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: results file r.txt is in use by another dablo-match run (pid $a: ./m -engine cmd=./f name=A args=--think-ms 20 -engine cmd=./f name=B args=--think-ms 20 -each depth=1 -event ...), which holds the file's lock; nothing was written" ] ||
        { echo "rc $rc: $out"; return 1; }
}
check "the holder's command line in the 'in use' message is cut after a whole argument (' ...')" holder_cut
fallback_state_unlocked() {   # dablo-match.resume of a run without results or PGN file is not locked: two such runs go on side by side
    two_bg "--think-ms 20" "--think-ms 20" -each depth=1 -repeat -games 2 -rounds 2 -maxmoves 30 -quiet >a.out 2>&1
    local a=$bg out rc
    out=$(timeout 20 "$M" -engine cmd="$F" name=A depth=1 -engine cmd="$F" name=B depth=1 -games 2 -quiet 2>&1); rc=$?
    kill -0 "$a" 2>/dev/null || { echo "the first run ended before the second started"; return 1; }
    [ $rc -eq 0 ] || { echo "second run: rc $rc: $out"; kill "$a"; return 1; }
    wait "$a" || { echo "the first run failed:"; cat a.out; return 1; }
    [ ! -e dablo-match.resume ] || { echo "dablo-match.resume left"; return 1; }
}
check "without results or PGN file, the fallback dablo-match.resume is not locked: a second such run in the folder plays" fallback_state_unlocked
same_files() {   # two options naming one file: refused before any game, nothing written
    local out rc
    "$M" -genopenings 4 plies=5 -srand 3 format=fen out=o.fen 2>/dev/null && cp o.fen o.orig && ln o.fen hard.fen || return 1
    same_refused() {   # same_refused PATTERN ARGS...
        local pat=$1
        shift
        out=$(timeout 20 "$M" -engine cmd="$F" name=a depth=1 -engine cmd="$F" name=b depth=1 -games 2 "$@" 2>&1); rc=$?
        [ $rc -eq 2 ] && grep -q -- "$pat" <<<"$out" && ! grep -q Summary <<<"$out" || { echo "rc $rc for $*: $out"; return 1; }
    }
    same_refused '-results y and -resume y are the same file' -results y -resume y || return 1
    [ ! -e y ] || { echo "y was left behind"; return 1; }
    same_refused '-openings file o.fen and -pgnout o.fen are the same file' -openings file=o.fen -pgnout o.fen || return 1
    same_refused '-openings file o.fen and -results hard.fen are the same file' -openings file=o.fen -results hard.fen || return 1
    same_refused '-results r.txt and -pgnout ./r.txt are the same file' -results r.txt -pgnout ./r.txt || return 1
    same_refused '-pgnout g.pgn and -log ../'"${PWD##*/}"'/g.pgn are the same file' -pgnout g.pgn -log "../${PWD##*/}/g.pgn" || return 1
    cmp o.fen o.orig && [ ! -e r.txt ] && [ ! -e g.pgn ] || { echo "a file was touched"; ls -l; return 1; }
    # /dev/null may take several outputs.
    "$M" -engine cmd="$F" name=a depth=1 -engine cmd="$F" name=b depth=1 -games 2 -results /dev/null -pgnout /dev/null >/dev/null
}
check "-results y -resume y, -pgnout onto the openings (also by a hard link): refused naming both options" same_files

output_links() {   # output files through symbolic links: a link to a file not made yet is written through, a link that names no file refused
    mkdir out && ln -s out/r.txt r.lnk && ln -s out/g.pgn g.lnk && ln -s out/s.state s.lnk && ln -s out/e.log e.lnk &&
        ln -s out/b.fen b.lnk || return 1
    "$M" -genopenings 2 plies=4 format=fen out=b.lnk 2>/dev/null || { echo "-genopenings out= through a link"; return 1; }
    [ -L b.lnk ] && [ -s out/b.fen ] || { echo "-genopenings: $(ls -l b.lnk out)"; return 1; }
    two "" "" -each depth=1 -games 2 -maxmoves 20 -quiet -results r.lnk -pgnout g.lnk min -resume s.lnk -log e.lnk >/dev/null 2>err.txt ||
        { cat err.txt; return 1; }
    [ -L r.lnk ] && [ -L g.lnk ] && [ -L s.lnk ] && [ -L e.lnk ] && [ "$(wc -l <out/r.txt)" -eq 2 ] &&
        [ "$(grep -c '^\[Event' out/g.pgn)" -eq 2 ] && [ "$(grep -c '^done ' out/s.state)" -eq 2 ] && [ -s out/e.log ] ||
        { echo "not written through the links: $(ls -l . out)"; return 1; }
    # Two options naming one file, one of them by a link to it not made yet.
    ln -s out/x.txt x.lnk || return 1
    local out rc
    out=$("$M" -engine cmd="$F" name=a depth=1 -engine cmd="$F" name=b depth=1 -results x.lnk -pgnout out/x.txt 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: -results x.lnk and -pgnout out/x.txt are the same file: give each its own" ] &&
        [ ! -e out/x.txt ] || { echo "same file: rc $rc: $out"; return 1; }
    # The other way round: -pgnout a link to the -results file not made yet (it said the PGN file
    # was in use by another run, with this run's own pid).
    ln -s same.txt link.txt || return 1
    out=$("$M" -engine cmd="$F" name=a depth=1 -engine cmd="$F" name=b depth=1 -results same.txt -pgnout link.txt 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: -results same.txt and -pgnout link.txt are the same file: give each its own" ] &&
        [ ! -e same.txt ] && [ -L link.txt ] || { echo "same file by a link: rc $rc: $out"; return 1; }
    # A loop of links, a link through a file: refused with the reason dablo-tune and dablo-svg give, the links kept.
    ln -s loop2 loop1 && ln -s loop1 loop2 && echo x >plain && ln -s plain/x thru || return 1
    refuse_link() {   # refuse_link EXPECTED ARGS...
        local want=$1
        shift
        out=$("$M" -engine cmd="$F" name=a depth=1 -engine cmd="$F" name=b depth=1 -games 2 "$@" 2>&1); rc=$?
        [ $rc -eq 2 ] && [ "$out" = "dablo-match: $want" ] || { echo "rc $rc for $*: $out"; return 1; }
    }
    refuse_link "-results loop1: a symbolic link that names no file (a loop of links)" -results loop1 || return 1
    refuse_link "-pgnout thru: a symbolic link that names no file (Not a directory)" -pgnout thru || return 1
    refuse_link "-log loop2: a symbolic link that names no file (a loop of links)" -results r2.txt -log loop2 || return 1
    refuse_link "engine a stderr= thru: a symbolic link that names no file (Not a directory)" -each stderr=thru || return 1
    refuse_link "state file loop1: a symbolic link that names no file (a loop of links)" -resume loop1 || return 1
    out=$("$M" -genopenings 2 plies=4 out=loop1 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: -genopenings: loop1: a symbolic link that names no file (a loop of links)" ] ||
        { echo "-genopenings: rc $rc: $out"; return 1; }
    [ -L loop1 ] && [ -L loop2 ] && [ -L thru ] && [ ! -e r2.txt ] && [ "$(cat plain)" = x ] || { echo "a file was touched: $(ls -l)"; return 1; }
}
check "output files through symbolic links: one to a file not made yet is written through and kept; a loop or a path through a file refused" output_links

openings_changed() {   # the state records the openings file's hash: a changed file is refused on resume
    "$M" -genopenings 4 plies=5 -srand 3 format=fen out=b.fen 2>/dev/null && cp b.fen b.orig || return 1
    two "" "" -each depth=1 -openings file=b.fen -repeat -games 2 -rounds 2 -maxmoves 30 -quiet -results r.txt -resume s.state >/dev/null || return 1
    cp r.txt r.full
    local keep out rc
    keep=$(grep -n '^done ' s.state | sed -n 2p | cut -d: -f1)
    head -n $((keep - 1)) s.state >s2 && mv s2 s.state && cp s.state s.saved
    rm b.fen && "$M" -genopenings 4 plies=5 -srand 4 format=fen out=b.fen 2>/dev/null || return 1
    out=$("$M" -resume s.state 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -q 'openings file b.fen has changed since the match began' <<<"$out" && ! grep -q Summary <<<"$out" ||
        { echo "rc $rc: $out"; return 1; }
    cmp s.state s.saved || return 1
    cp b.orig b.fen
    # A state without the line (an older runner's) is resumed with a note.
    grep -v '^openings-sum ' s.saved >s.state
    out=$("$M" -resume s.state -quiet 2>&1) && grep -q 'does not record the openings file' <<<"$out" && cmp r.txt r.full ||
        { echo "$out"; return 1; }
}
check "-resume refuses an openings file changed since the match began (exit 2); an old state resumes with a note" openings_changed
genopen_exists() {   # -genopenings out= refuses an existing file, exit 2; a failed run leaves no file
    local out rc
    "$M" -genopenings 6 plies=5 -srand 3 out=o.fen 2>/dev/null && cp o.fen o.orig || return 1
    out=$("$M" -genopenings 2 plies=5 -srand 4 out=o.fen 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -q -- '-genopenings: o.fen exists: remove it or choose another name' <<<"$out" && cmp o.fen o.orig ||
        { echo "rc $rc: $out"; return 1; }
    # a device or a folder is named as such, never "remove it"
    out=$("$M" -genopenings 2 plies=5 -srand 4 out=/dev/null 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -q -- '-genopenings: /dev/null: not a regular file$' <<<"$out" || { echo "rc $rc: $out"; return 1; }
    out=$("$M" -genopenings 2 plies=5 -srand 4 out=/ 2>&1); rc=$?
    [ $rc -eq 2 ] && grep -q -- '-genopenings: /: is a folder$' <<<"$out" || { echo "rc $rc: $out"; return 1; }
    "$M" -genopenings 50 plies=1 -srand 4 out=few.fen >/dev/null 2>&1 && return 1
    [ ! -e few.fen ] && [ -z "$(ls | grep tmp)" ] || { echo "a failed run left:"; ls; return 1; }
}
check "-genopenings out= refuses an existing file (exit 2); a failed run leaves no file" genopen_exists
genopen_no_folder() {   # out= in a folder that is not there: exit 2, the file named as given (not its temporary name)
    local out rc
    out=$("$M" -genopenings 2 plies=3 out=nodir/o.fen 2>&1); rc=$?
    [ $rc -eq 2 ] && [ "$out" = "dablo-match: -genopenings: cannot create nodir/o.fen: its folder nodir does not exist" ] ||
        { echo "rc $rc: $out"; return 1; }
    [ -z "$(ls)" ] || { echo "left:"; ls; return 1; }
}
check "-genopenings out= in a missing folder: exit 2, naming out=FILE, not its temporary file" genopen_no_folder
shards() {
    rm -f s*.txt
    for i in 1 2 3; do
        two "" "" -each depth=1 -repeat -games 2 -rounds 12 -shard $i/3 -results s$i.txt -quiet >/dev/null &
    done
    wait
    cat s1.txt s2.txt s3.txt | sort -t' ' -k1.6n >merged.txt
    cmp merged.txt "$T/ref.txt" || return 1
    # disjoint whole pairs
    [ "$(cat s1.txt s2.txt s3.txt | wc -l)" -eq 24 ] && ! grep -q 'pair=2 ' s1.txt && grep -q 'pair=4 ' s1.txt || return 1
    # The statistics of the merged shards are those of the whole match.
    [ -x "$ROOT/bin/dablo-stats" ] || return 0
    cmp <("$ROOT/bin/dablo-stats" -merge s1.txt s2.txt s3.txt -engine A | grep -v '^\(Source\|Files\)') \
        <("$ROOT/bin/dablo-stats" -results "$T/ref.txt" -engine A | grep -v '^\(Source\|Files\)')
}
check "-shard 1/3 2/3 3/3 in parallel: disjoint pairs whose union is the whole match" shards
sprt_stop() {
    two "" "--score -900" -each depth=1 -resign movecount=1 score=800 -repeat -games 2 -rounds 200 \
        -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 -results r.txt >out.txt || return 1
    grep -q 'SPRT: H1 accepted' out.txt && [ "$(wc -l <r.txt)" -lt 400 ] && grep -q 'LLR' out.txt
}
check "-sprt stops the match at a verdict" sprt_stop
sprt_resume() {   # a resume whose recorded games already give the verdict: no engine started, no game played, the report, exit 0
    # One game at a time: with two, a game slowed by a busy machine holds
    # back the records (written in game order) while the other slot plays
    # on, so the verdict may come only when all 400 games are played.
    "$M" -engine cmd="$F" name=A args="--seed 1" -engine cmd="$F" args="--seed 2 --random --score -900" -each depth=1 \
        -resign movecount=1 score=800 -repeat -games 2 -rounds 200 -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 \
        -concurrency 1 -results r.txt -resume s.state -quiet >/dev/null || return 1
    cp r.txt r.before
    local rc
    "$M" -resume s.state -concurrency 2 -log l.txt >out.txt 2>err.txt; rc=$?
    [ $rc -eq 0 ] && [ ! -s err.txt ] && cmp r.txt r.before || { echo "rc $rc:"; cat err.txt; wc -l r.before r.txt; return 1; }
    grep -qx "dablo-match: the $(wc -l <r.txt) games recorded in s.state already give the SPRT verdict (H1 accepted); none to play" out.txt &&
        grep -q '^LLR: .* H1 accepted$' out.txt || { cat out.txt; return 1; }
    [ ! -s l.txt ] || { echo "engines were started:"; head -n 3 l.txt; return 1; }
}
check "-resume of a state whose recorded games give the SPRT verdict: nothing played, the report, exit 0" sprt_resume
wrapped_engines() {   # engines behind a wrapper script that does not exec them and ignore EOF: none survives kill -9 of the runner
    printf '#!/bin/sh\ntrap "" HUP INT TERM\n"%s" "$@" --ignore-eof --tag-w9\necho "engine exited" >&2\n' "$F" >wrap.sh
    chmod +x wrap.sh
    "$M" -engine cmd=./wrap.sh name=A args="--seed 1 --think-ms 50" -engine cmd=./wrap.sh name=B args="--seed 2 --think-ms 50" \
        -each depth=1 -games 20 -concurrency 2 -results r.txt >/dev/null 2>&1 &
    local pid=$! i n=0
    for i in $(seq 100); do n=$(live_fakes tag-w9); [ "$n" -ge 4 ] && break; sleep 0.05; done
    [ "$n" -ge 4 ] || { echo "only $n engines started"; kill -9 $pid; return 1; }
    kill -9 $pid
    wait $pid 2>/dev/null
    for i in $(seq 40); do n=$(live_fakes tag-w9); [ "$n" -eq 0 ] && break; sleep 0.05; done
    [ "$n" -eq 0 ] || { echo "$n engines outlived the runner after $((i * 50)) ms:"; ps -eo pid,ppid,pgid,args | grep '[t]ag-w9'; ps -eo pid=,args= | awk '/tag-w9/ && !/awk/ { print $1 }' | xargs -r kill -9; return 1; }
    echo "no engine left $((i * 50)) ms after the kill"
}
check "kill -9 of the runner: engines behind a non-exec wrapper that ignore EOF die too" wrapped_engines
refused_option() {
    local out
    out=$("$M" -engine cmd="$F" name=A args="--refuse-option Hash" option.Hash=1000 -engine cmd="$F" name=B -each depth=1 -results r.txt 2>&1)
    [ $? -eq 2 ] && grep -q "engine A refused an option: cannot set Hash to 1000; keeping the default" <<<"$out" && [ ! -s r.txt ] ||
        { echo "$out"; return 1; }
    # The same engine, asked for nothing it refuses, plays.
    "$M" -engine cmd="$F" name=A args="--refuse-option Hash" option.Skill=3 -engine cmd="$F" name=B -each depth=1 -games 1 -results r.txt >/dev/null &&
        [ "$(wc -l <r.txt)" -eq 1 ]
}
check "an engine's info string error in answer to an option stops the run before the first game" refused_option
no_zombies() {
    two_bg "--tag-zz" "--tag-zz" -each depth=1 -games 4 -concurrency 2 -recover >/dev/null
    local pid=$bg
    wait $pid
    [ "$(ps -eo stat=,args= | grep -c '^Z.*fake_engine.*tag-zz')" -eq 0 ] && [ "$(live_fakes tag-zz)" -eq 0 ]
}
check "a finished run leaves no engine process behind" no_zombies
tb_opening() {   # -tb: an opening already in the tables ends before the first move, with the tables' result
    "$ROOT/bin/dablo-tb" build -variant tabal -pieces 2 -dir tb >/dev/null 2>&1 || { echo "dablo-tb build failed"; return 1; }
    printf '%s\n' "m2/3/5/5/5/5/5/3/2K w 0 1" "3/1m1/5/5/5/5/5/3/1M1 b 0 1" "mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1" >tbo.fen
    "$M" -variant tabal -engine cmd="$F" name=A -engine cmd="$F" name=B -each depth=1 -openings file=tbo.fen \
        -games 3 -maxmoves 20 -tb tb -results r.txt -pgnout g.pgn >out.txt 2>&1 || { cat out.txt; return 1; }
    grep -q '^game=1 .* result=1-0 termination=tablebase plies=0 opening=1$' r.txt &&
        grep -q '^game=2 .* result=1/2-1/2 termination=tablebase plies=0 opening=2$' r.txt &&
        grep -q '^game=3 .* plies=[1-9][0-9]* opening=3$' r.txt || { cat r.txt; return 1; }
    grep -q '^{tablebase: White wins (win 7 for the side to move)} 1-0$' g.pgn && [ "$(grep -c '^\[PlyCount "0"\]' g.pgn)" -eq 2 ] ||
        { cat g.pgn; return 1; }
    [ -x "$ROOT/bin/dablo-stats" ] || return 0
    "$ROOT/bin/dablo-stats" -results r.txt -engine A | grep -q '^Games: 3 '
}
check "-tb: an opening already in the tables ends with no ply played (termination tablebase)" tb_opening

# ---- threads that cannot start ----------------------------------------------------
# With too little address space for a thread's stack, the runner says which
# thread could not start and ends (exit 1 or 2) or plays on with fewer game
# slots; it never crashes (it did: a signal sent to a thread never made).
# Soft limits from 8 MB up (below that the loader cannot map the C
# library); the engines lift theirs.
no_thread() {
    printf '#!/bin/sh\nulimit -S -v unlimited\nexec "%s" "$@"\n' "$F" >eng.sh && chmod +x eng.sh
    local v rc said=0 fewer=0
    for v in $(seq 8000 4000 64000); do
        rm -f r.txt r.txt.resume
        (ulimit -S -v "$v"; exec "$M" -engine cmd=./eng.sh name=A -engine cmd=./eng.sh name=B -each depth=1 \
             -games 4 -concurrency 2 -results r.txt) >out.txt 2>err.txt; rc=$?
        [ $rc -le 2 ] || { echo "-v $v: exit $rc"; cat err.txt; return 1; }
        grep -q 'cannot start' err.txt && said=1
        grep -q 'playing on with fewer' err.txt && [ $rc -eq 0 ] && [ "$(wc -l <r.txt)" -eq 4 ] && fewer=1
    done
    [ $said -eq 1 ] || { echo "no limit made a thread fail to start"; return 1; }
    [ $fewer -eq 1 ] || echo "(no limit left exactly one slot: the playing-on case was not seen)"
}
check "a thread that cannot start is named, and the runner never crashes (address space limits 8-64 MB)" no_thread

# ---- the real engine, when it plays -----------------------------------------------
real_engine() {
    [ -x "$ROOT/bin/dablo" ] || return 0
    for c in 1 2; do
        "$M" -engine cmd="$ROOT/bin/dablo" name=d2 depth=2 -engine cmd="$ROOT/bin/dablo" name=d1 depth=1 \
             -openings file="$T/book.fen" -repeat -games 2 -rounds 2 -maxmoves 60 -concurrency $c \
             -pgnout d$c.pgn min -results d$c.txt >/dev/null || return 1
    done
    [ "$(wc -l <d1.txt)" -eq 4 ] && cmp d1.pgn d2.pgn && ! grep -q 'termination=\(illegal\|time\|stalls\|disconnect\)' d1.txt
}
check "bin/dablo depth 2 vs depth 1: identical records at concurrency 1 and 2" real_engine

suite_end match
