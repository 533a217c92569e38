#!/usr/bin/env bash
# dablo-svg end to end: the pictures are well-formed XML (xmllint), render to
# PNG of the requested size (rsvg-convert), show every point once by name and
# every line once (RULES.md sections 1 and 2: 72 points / 191 lines, 37 / 76),
# the pieces of the position with their ranks, the last move with its path
# and captures, and every bad input gives one error line and a non-zero exit.
# The committed protocol/board-*.svg must be what the tool draws now.
set -u
cd "$(dirname "$0")/../.."
SVG=bin/dablo-svg
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh

finish() { suite_end svg; }

if [ ! -x "$SVG" ]; then bad "$SVG not built"; finish; fi
for tool in xmllint rsvg-convert; do
    if ! command -v "$tool" >/dev/null; then
        bad "$tool not installed (run tools/install-deps.sh)"
        finish
    fi
done

xcount() { xmllint --xpath "count($2)" "$1" 2>/dev/null; }
# Width and height of a PNG from its IHDR chunk (bytes 16-23, big-endian).
png_size() {
    local h
    h=$(od -An -tx1 -j16 -N8 "$1" | tr -d ' \n')
    echo "$((16#${h:0:8}))x$((16#${h:8:8}))"
}
# The point names RULES.md gives each board, sorted.
dablot_names() {
    local f r files=abcdefghijk
    for r in $(seq 1 13); do
        for f in $(seq 0 10); do
            [ $((f % 2)) -eq $(((r - 1) % 2)) ] && echo "${files:f:1}$r"
        done
    done | sort
}
tabal_names() {
    printf '%s\n' a1 c1 e1 b2 c2 d2 b8 c8 d8 a9 c9 e9
    for r in 3 4 5 6 7; do for f in a b c d e; do echo "$f$r"; done; done
}
sorted_labels() { xmllint --xpath "//*[@class='point-label']/text()" "$1" 2>/dev/null | tr ' ' '\n' | grep -v '^$' | sort; }

# Board drawings of both start positions ------------------------------------
for spec in "dablot 72 191 600 30" "tabal 37 76 400 16"; do
    set -- $spec
    v=$1 npoints=$2 nlines=$3 width=$4 nside=$5
    f="$tmp/$v.svg"
    if "$SVG" -variant "$v" -size "$width" -o "$f" 2>"$tmp/err"; then ok "$v: drawn"; else bad "$v: exit $? $(cat "$tmp/err")"; continue; fi
    if xmllint --noout "$f" 2>"$tmp/err"; then ok "$v: well-formed XML"; else bad "$v: xmllint: $(head -n 1 "$tmp/err")"; fi
    same "$v: point labels" "$npoints" "$(xcount "$f" "//*[@class='point-label']")"
    same "$v: lines" "$nlines" "$(xcount "$f" "//*[local-name()='line'][@class='line']")"
    same "$v: point marks" "$npoints" "$(xcount "$f" "//*[@class='point']")"
    if [ "$v" = dablot ]; then dablot_names >"$tmp/want"; else tabal_names | sort >"$tmp/want"; fi
    sorted_labels "$f" >"$tmp/got"
    if cmp -s "$tmp/want" "$tmp/got"; then ok "$v: every point named once"; else bad "$v: point names differ: $(diff "$tmp/want" "$tmp/got" | grep '^[<>]' | head -n 3 | tr '\n' ' ')"; fi
    # a line joins two distinct points and no line is drawn twice
    xmllint --xpath "//*[local-name()='line'][@class='line']" "$f" 2>/dev/null \
        | grep -o 'x1="[^"]*" y1="[^"]*" x2="[^"]*" y2="[^"]*"' \
        | awk -F'"' '{ a = $2 "," $4; b = $6 "," $8; k = (a < b ? a "-" b : b "-" a)
                       if (a == b) print "zero length " k; if (seen[k]++) print "twice " k }' >"$tmp/dups"
    same "$v: no line drawn twice or of zero length" "" "$(head -c 200 "$tmp/dups")"
    same "$v: white pieces" "$nside" "$(xcount "$f" "//*[contains(@class,'piece white')]")"
    same "$v: black pieces" "$nside" "$(xcount "$f" "//*[contains(@class,'piece black')]")"
    if rsvg-convert "$f" -o "$tmp/$v.png" 2>"$tmp/err"; then ok "$v: renders to PNG"; else bad "$v: rsvg-convert: $(head -n 1 "$tmp/err")"; continue; fi
    vb=$(xmllint --xpath "string(/*/@viewBox)" "$f")
    set -- $vb
    height=$(awk -v w="$width" -v vw="$3" -v vh="$4" 'BEGIN { printf "%d", w * vh / vw + 0.5 }')
    same "$v: PNG size" "${width}x$height" "$(png_size "$tmp/$v.png")"
done
same "dablot: one king and one prince a side" "4" \
    "$(xcount "$tmp/dablot.svg" "//*[contains(@class,' king') or contains(@class,' prince')]")"
same "dablot: white king on k7" "1" "$(grep -c 'piece white king.*cx="564" cy="400"' "$tmp/dablot.svg")"

# The committed pictures are the tool's current output -----------------------
for v in dablot tabal; do
    "$SVG" -variant "$v" -o "$tmp/committed-$v.svg"
    if cmp -s "$tmp/committed-$v.svg" "protocol/board-$v.svg"; then ok "protocol/board-$v.svg up to date"
    else bad "protocol/board-$v.svg differs from 'bin/dablo-svg -variant $v' (run: make board-pictures)"; fi
done

# The last move: a Dablot chain of three jumps ------------------------------
fen='mm1mmm/mmmmm/m1mmmm/mm1mm/mm1mmm/pm3/k4K/m2P1/M1MMMM/MMMMM/MMMMMM/M1MMM/MMMMMM w 7 12'
f="$tmp/capture.svg"
if "$SVG" -fen "$fen" -lastmove a5xc7xe9xe13 -size 500 -o "$f" 2>"$tmp/err"; then ok "capture: drawn"; else bad "capture: $(cat "$tmp/err")"; fi
xmllint --noout "$f" 2>/dev/null && ok "capture: well-formed XML" || bad "capture: not well-formed"
"$SVG" -fen "$(printf '\xEF\xBB\xBF')$fen" -lastmove a5xc7xe9xe13 -size 500 -o "$tmp/bom.svg" 2>"$tmp/err" &&
    cmp -s "$f" "$tmp/bom.svg" && ok "a byte-order mark before -fen is skipped" || bad "a byte-order mark before -fen: $(cat "$tmp/err")"
same "capture: path through 4 points" "4" "$(xmllint --xpath "string(//*[@class='lastmove']/@points)" "$f" | wc -w)"
same "capture: 3 captured marks" "3" "$(xcount "$f" "//*[@class='captured']")"
same "capture: captured ghosts are black men" "3" "$(xcount "$f" "//*[@class='captures']/*[@class='piece black man']")"
same "capture: caption" "1" "$(grep -c 'last move a5xc7xe9xe13, captured b6 d8 e11' "$f")"
same "capture: position after the move" "Black to move, move 12" "$(grep -o 'Black to move, move [0-9]*' "$f")"
same "capture: moved man now on e13" "1" "$(grep -c 'piece white man.*cx="264" cy="100"' "$f")"
same "capture: a5 now empty" "0" "$(grep -c 'class="piece [a-z]* [a-z]*" opacity="1.00"><circle cx="64" cy="500"' "$f")"
same "capture: start and end highlighted" "2" "$(xmllint --xpath "//*[@class='lastmove-highlight']/*" "$f" | grep -c circle)"
rsvg-convert "$f" -o "$tmp/capture.png" 2>/dev/null && same "capture: PNG size" "500x$(awk 'BEGIN { printf "%d", 500 * 775 / 608 + 0.5 }')" "$(png_size "$tmp/capture.png")" \
    || bad "capture: does not render"

# Tabal: a short form expanded to the king's full path, and a crowning step
tfen='mmm/1mm/mm1mm/3m1/5/M3M/1Mm2/1M1/K1M w 0 20'
f="$tmp/tabal-king.svg"
"$SVG" -variant tabal -fen "$tfen" -lastmove a1xb8 -o "$f" 2>"$tmp/err" || bad "tabal king: $(cat "$tmp/err")"
same "tabal short form drawn as full path" "1" "$(grep -c 'last move a1xe5xb8, captured c3 d6' "$f")"
same "tabal king path has 3 points" "3" "$(xmllint --xpath "string(//*[@class='lastmove']/@points)" "$f" | wc -w)"
f="$tmp/tabal-crown.svg"
"$SVG" -variant tabal -fen '1mm/M2/5/5/5/5/5/3/3 w 0 30' -lastmove b8-a9 -o "$f" 2>"$tmp/err" || bad "tabal crown: $(cat "$tmp/err")"
same "tabal man crowned on a9" "1" "$(xcount "$f" "//*[@class='piece white king']")"
same "tabal crown: no men left for White" "0" "$(xcount "$f" "//*[@class='piece white man']")"

# Bad input: one line on stderr, nothing on stdout, non-zero exit ------------
expect_error() { # NAME ARGS...
    local name=$1; shift
    rm -f "$tmp/never.svg"
    "$SVG" "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -ne 0 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -s "$tmp/out" ] \
        && grep -q '^dablo-svg: ' "$tmp/err" && [ ! -e "$tmp/never.svg" ]; then
        ok "error: $name ($(cat "$tmp/err"))"
    else
        bad "error: $name: exit $rc, stderr '$(head -c 300 "$tmp/err")', stdout $(wc -c <"$tmp/out") bytes"
    fi
}
expect_error "bad FEN letter" -fen 'xyz w 0 1' -o "$tmp/never.svg"
expect_error "FEN of the other variant" -variant tabal -fen "$fen" -o "$tmp/never.svg"
# ... and the message says which game the FEN is of, both ways.
"$SVG" -variant tabal -fen "$fen" 2>&1 >/dev/null | grep -q '(is this a Dablot FEN? -variant dablot)$' &&
    "$SVG" -fen "$tfen" 2>&1 >/dev/null | grep -q '(is this a Tabal FEN? -variant tabal)$' &&
    ! "$SVG" -fen 'xyz w 0 1' 2>&1 >/dev/null | grep -q 'is this a' &&
    ok "error: a FEN of the other game names it" || bad "error: a FEN of the other game gives no hint"
expect_error "bad side to move" -fen 'mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM q 0 1'
expect_error "unparsable move" -lastmove zz9 -o "$tmp/never.svg"
expect_error "illegal move" -lastmove a1-a3
expect_error "not a point of the board" -lastmove a1-a2
expect_error "ambiguous short form" -fen "$fen" -lastmove a5xe13 -o "$tmp/never.svg"
expect_error "unfinished compulsory capture" -variant tabal -fen "$tfen" -lastmove a1xe5
expect_error "empty move" -lastmove ''
# A bad -lastmove names the move and why, as the terminal's play mode does
# (notation_why_not), not only "illegal move" or "unparsable move".
lastmove_says() { # WANT ARGS...: exit 2 and exactly that line
    local want=$1; shift
    local err
    err=$("$SVG" "$@" 2>&1 >/dev/null)
    same "-lastmove: '$want'" "2 dablo-svg: -lastmove $want" "$? $err"
}
lastmove_says "a1-a3 is not a legal move: a3 is taken" -lastmove a1-a3
lastmove_says "a1-a2 is not a move: a2 is not a point of the board (rank 2 has b2 d2 f2 h2 j2)" -lastmove a1-a2
lastmove_says "zz9 is not a move: zz9 is not a point of the board" -lastmove zz9
lastmove_says "c5 is not a move: a step is from-to (c5-d6), a capture names every landing point (a5xa9xc11)" -lastmove c5
lastmove_says "b8-c7 is not a legal move: the piece on b8 is Black's, and White is to move" -lastmove b8-c7
lastmove_says "c5xd6 is not a legal move: the piece on c5 has no capture; it can play c5-c7 c5-d6 c5-b6" -lastmove c5xd6
lastmove_says "a5xe13 is not a move: 4 captures go from a5 to e13; type the full path" -fen "$fen" -lastmove a5xe13
lastmove_says "a1xe5 is not a legal move: the capture must go on from e5" \
    -variant tabal -fen "$tfen" -lastmove a1xe5
# A point the piece cannot reach is named before a taken one (c9 is both).
lastmove_says "c5-c9 is not a legal move: c9 is not next to c5 (the points next to c5 are c3 b4 d4 a5 e5 b6 d6 c7)" -lastmove c5-c9
lastmove_says "a1xb2 is not a legal move: there is no piece between a1 and b2 to jump" \
    -variant tabal -fen "$tfen" -lastmove a1xb2
lastmove_says "a1xa9 is not a legal move: the piece on a1 has no capture ending on a9; it can play a1xd4 a1xe5xc7 a1xe5xb8" \
    -variant tabal -fen "$tfen" -lastmove a1xa9
lastmove_says "a1xe5xa9 is not a legal move: a9 is taken" -variant tabal -fen "$tfen" -lastmove a1xe5xa9
expect_error "unknown option" -colour red
expect_error "stray argument" board.svg
expect_error "missing value" -fen
expect_error "unknown variant" -variant chess
expect_error "size too small" -size 10
expect_error "size not a number" -size 600px
expect_error "unwritable output" -o "$tmp/no/such/dir/x.svg"
# An option given twice: refused by name, never last-one-wins (--size is -size).
for o in "-variant tabal -variant dablot" "-fen x -fen y" "-lastmove c5-d6 -lastmove c5-c7" \
    "-o $tmp/never.svg -o $tmp/never.svg" "-size 400 --size 600"; do
    set -- $o
    err=$("$SVG" $o 2>&1 >/dev/null)
    same "$1 then $3: refused" "2 dablo-svg: $3 given twice" "$? $err"
done
[ ! -e "$tmp/never.svg" ] && ok "-o given twice: nothing written" || bad "-o given twice wrote a file"
# A FIFO nobody reads: one line at once (open() would wait for a reader).
mkfifo "$tmp/fifo"
err=$(timeout -k 2 10 "$SVG" -o "$tmp/fifo" 2>&1)
same "-o a FIFO nobody reads: exit 1, one line, no wait" \
    "1 dablo-svg: cannot write '$tmp/fifo': a FIFO that no process reads (start its reader first)" "$? $err"
cat "$tmp/fifo" >"$tmp/fifo.svg" &
sleep 0.3
"$SVG" -o "$tmp/fifo" && wait && "$SVG" | cmp -s - "$tmp/fifo.svg" && ok "-o a FIFO with its reader: the picture" ||
    bad "-o a FIFO with its reader"
rm -f "$tmp/fifo"

# An unknown option points to --help, as every program's does; -help works too.
out=$(bin/dablo-svg -bogus 2>&1)
same "unknown option: exit 2, pointing to --help" "2 1" "$? $(grep -c "unknown option '-bogus' (try --help)" <<<"$out")"
# The FEN is one argument: --help says so, and an unquoted one is named.
bin/dablo-svg --help | grep -A1 -- '-fen FEN' | grep -q "one argument: quote it" && ok "--help: the FEN of -fen is one quoted argument" ||
    bad "--help does not say the FEN of -fen is one quoted argument"
out=$(bin/dablo-svg -fen mmm/1mm w 0 20 -o "$tmp/never.svg" 2>&1)
same "an unquoted FEN: exit 2, asking to quote it" "2 1" \
    "$? $(grep -cxF "dablo-svg: unexpected 'w' after -fen mmm/1mm: the FEN is one argument, quote it (-fen 'mmm/1mm w ...')" <<<"$out")"
err=$("$SVG" -o '' 2>&1)
same "-o '': exit 2, an empty value named (not 'cannot write ')" \
    "2 dablo-svg: -o: empty value (a file name; leave -o out to write to standard output)" "$? $err"
same "-help and --help print the same" "$(bin/dablo-svg --help)" "$(bin/dablo-svg -help)"

# -o over an existing file whose write fails (past RLIMIT_FSIZE, SIGXFSZ
# ignored; a full disk when a tmpfs can be mounted): the old file stays
# whole, no temporary file is left, one line names the cause, exit 1.
mkdir "$tmp/keep" && echo "old picture" >"$tmp/keep/k.svg" && chmod 640 "$tmp/keep/k.svg"
err=$( (ulimit -f 1; "$SVG" -size 600 -o "$tmp/keep/k.svg") 2>&1)
same "-o FILE past a file size limit: exit 1, the cause" "1 dablo-svg: cannot write $tmp/keep/k.svg: File too large" "$? $err"
same "... FILE kept whole, nothing else left" "old picture|k.svg" "$(cat "$tmp/keep/k.svg")|$(ls -A "$tmp/keep")"
"$SVG" -o "$tmp/keep/k.svg" && "$SVG" | cmp -s - "$tmp/keep/k.svg" &&
    same "-o FILE over an existing file: replaced, its mode kept" "-rw-r-----" "$(stat -c %A "$tmp/keep/k.svg")" ||
    bad "-o FILE over an existing file: replaced"
if mkdir "$tmp/small" && mount -t tmpfs -o size=12k tmpfs "$tmp/small" 2>/dev/null; then
    echo "old picture" >"$tmp/small/k.svg" && head -c 6000 /dev/zero >"$tmp/small/fill"
    err=$("$SVG" -size 600 -o "$tmp/small/k.svg" 2>&1)
    same "-o FILE on a full disk: exit 1, the cause, FILE kept whole" \
        "1 dablo-svg: cannot write $tmp/small/k.svg: No space left on device|old picture|fill k.svg" \
        "$? $err|$(cat "$tmp/small/k.svg")|$(ls "$tmp/small" | tr '\n' ' ' | sed 's/ $//')"
    umount "$tmp/small"
else
    skipped "-o FILE on a full disk (no tmpfs can be mounted here)"
fi
# -o naming a device is written directly: its write's own cause, never
# the "Input/output error" of a stream that lost it.
if [ -w /dev/full ]; then
    err=$("$SVG" -variant tabal -o /dev/full 2>&1)
    same "-o /dev/full: exit 1, the write's cause (ENOSPC)" \
        "1 dablo-svg: cannot write '/dev/full': No space left on device" "$? $err"
else
    skipped "-o /dev/full (no /dev/full here)"
fi
# -o through a symbolic link that names no file (a loop, a path through a
# file) is refused; replacing the link itself would lose it.
ln -s la "$tmp/lb" && ln -s lb "$tmp/la" && echo x >"$tmp/plain" && ln -s plain/x "$tmp/nd"
err=$("$SVG" -variant tabal -o "$tmp/la" 2>&1)
same "-o a loop of links: exit 1, named so, the links kept" \
    "1 dablo-svg: $tmp/la: a symbolic link that names no file (a loop of links)|la -> lb" \
    "$? $err|la -> $(readlink "$tmp/la")"
err=$("$SVG" -variant tabal -o "$tmp/nd" 2>&1)
same "-o a link through a file: exit 1, the cause" \
    "1 dablo-svg: $tmp/nd: a symbolic link that names no file (Not a directory)" "$? $err"
full_stdout "> /dev/full: exit 1, 'cannot write stdout' and the cause" "$SVG"
full_stdout "--help > /dev/full" "$SVG" --help
full_stdout "--version > /dev/full" "$SVG" --version

finish
