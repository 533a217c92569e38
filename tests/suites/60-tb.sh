#!/usr/bin/env bash
# Endgame tables end to end (docs/tablebases.md): a tiny set of both games
# is built by bin/dablo-tb, verified by the independent verifier (every
# position, and a full-width solve of the 2-3 piece tables), rebuilt to the
# same bytes (also with another thread count), probed (value, distance,
# best moves; the distance falls by one along a best non-zeroing move),
# refused when truncated or corrupted, and used by the engine
# (TablebasePath: tbhits, a best move of the tables, "d").  Bad input gives
# one error line and exit status 2.
set -u
cd "$(dirname "$0")/../.."
TB=bin/dablo-tb
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh

finish() { suite_end tb; }
[ -x "$TB" ] || { bad "$TB not built"; finish; }

# The tiny set: Tabal up to 3 pieces, Dablot 2 pieces plus three of 3
# (those read their dependencies from the files of the first build).
if $TB build -variant tabal -pieces 3 -dir "$tmp/a" >"$tmp/tabal.out" 2>&1; then ok "build tabal 3"; else bad "build tabal 3: $(tail -1 "$tmp/tabal.out")"; fi
same "tabal 3: one line per signature" 16 "$(grep -c '^tabal ' "$tmp/tabal.out")"
$TB build -variant dablot -pieces 2 -dir "$tmp/a" >"$tmp/dablot.out" 2>&1
if $TB build -variant dablot -sig KPvm,MMvm -dir "$tmp/a" >>"$tmp/dablot.out" 2>&1; then ok "build dablot KPvm,MMvm,KMvm from files"; else bad "build dablot: $(tail -1 "$tmp/dablot.out")"; fi
same "dablot: 11 tables" 11 "$(ls "$tmp"/a/dablot-optional-*.dtb | wc -l)"
# K+P against a lone man: every position is won by the side with K+P to move.
same "dablot KPvm: all won with White to move" "W 100.0%" "$(grep -o 'KPvm .*wtm W [0-9.]*%' "$tmp/dablot.out" | grep -o 'W [0-9.]*%$')"

# Every position of every table; the full-width solve on Tabal's 2-3 piece
# tables and Dablot's 2-piece ones and MMvm (KPvm's 41 plies take long).
for spec in "16 16 tabal" "11 9 dablot -full-width 2" "1 1 dablot -sig MMvm"; do
    set -- $spec
    tables=$1 solved=$2
    shift 2
    out=$($TB verify -variant "$@" -dir "$tmp/a" 2>&1)
    same "verify $*" "verified $tables table$([ "$tables" -eq 1 ] || echo s): ok" "$(tail -1 <<<"$out")"
    same "verify $*: full-width solves" "$solved" "$(grep -c 'full-width solve: ok' <<<"$out")"
done
out=$($TB verify -variant tabal -sig KKvk -sample 500 -dir "$tmp/a" 2>&1)
same "verify a sample" "checked 500 of 25060" "$(grep -o 'checked [0-9]* of [0-9]*' <<<"$out")"

# Deterministic: the same bytes again, with one thread or two.
$TB build -variant tabal -pieces 3 -threads 1 -dir "$tmp/b" >/dev/null 2>&1
same=0; differ=0
for f in "$tmp"/a/tabal-*.dtb; do
    if cmp -s "$f" "$tmp/b/${f##*/}"; then same=$((same + 1)); else differ=$((differ + 1)); fi
done
same "rebuild gives identical files" "16 0" "$same $differ"

# The build order: of the tables whose dependencies are built, the one at
# the head of the longest chain (in stored positions) first.  Kvk and KPvm
# need neither each other; KPvm (387,660 stored) goes before Kvk (5,538),
# which the sorted order puts first.  The files are the same either way.
mkdir -p "$tmp/order"
cp "$tmp"/a/dablot-optional-*.dtb "$tmp/order/"
out=$($TB build -variant dablot -sig Kvk,KPvm -threads 1 -dir "$tmp/order" 2>&1)
same "build order: the larger independent table first" "KPvm Kvk" "$(awk '{print $2}' <<<"$out" | paste -sd ' ')"
differ=0
for f in "$tmp"/order/dablot-optional-{Kvk,KPvm}.dtb; do
    cmp -s "$f" "$tmp/a/${f##*/}" || differ=$((differ + 1))
done
same "build order: the same files" 0 "$differ"

# Probe: the value, the distance and the best moves.
fen="5m/5/6/5/6/5/6/5/6/5/6/5/KP4 w 0 1"
out=$($TB probe -variant dablot -fen "$fen" -dir "$tmp/a")
same "probe KPvm: exit 0" 0 $?
first=$(head -1 <<<"$out")
same "probe KPvm: a win" win "${first%% *}"
d=${first##* }
best=$(sed -n 2p <<<"$out" | awk '{print $2}')
# After the best move (a step: no capture here) the other side loses one ply nearer.
after=$( (printf '%s\n' "position fen $fen moves $best" d) | bin/dablo 2>/dev/null | sed -n 's/^Fen: //p')
out2=$($TB probe -variant dablot -fen "$after" -dir "$tmp/a" | head -1)
same "probe after the best move" "loss $((d - 1))" "$out2"

# The DrawPlies counter (FEN field 3): the win stays a win while counter +
# distance <= 100; one ply later probe, d, the search and dablo-match -tb
# all call it a draw, and so each move's result.
at() { sed "s/ w 0 1\$/ w $1 1/" <<<"$fen"; }
keep=$(at $((100 - d))) past=$(at $((101 - d)))
same "probe: counter $((100 - d)) keeps the win" "win $d" "$($TB probe -variant dablot -fen "$keep" -dir "$tmp/a" | head -1)"
out=$($TB probe -variant dablot -fen "$past" -dir "$tmp/a")
same "probe: counter $((101 - d)) is past DrawPlies" "draw (win $d past DrawPlies)" "$(head -1 <<<"$out")"
same "probe: each move past DrawPlies too" "move $best draw (win $d past DrawPlies)" "$(grep "^move $best " <<<"$out")"
same "probe: the same best moves" "$(sed -n 2p <<<"$($TB probe -variant dablot -fen "$fen" -dir "$tmp/a")")" "$(sed -n 2p <<<"$out")"
same "probe: DrawPlies 0 ignores the counter" "win $d" "$($TB probe -variant dablot -DrawPlies 0 -fen "$past" -dir "$tmp/a" | head -1)"
same "probe: counter 100, the game is drawn" "draw (win $d past DrawPlies)" "$($TB probe -variant dablot -fen "$(at 100)" -dir "$tmp/a" | head -1)"
for c in $((100 - d)) $((101 - d)); do
    out=$( (printf '%s\n' "setoption name Variant value dablot" "setoption name TablebasePath value $tmp/a" "position fen $(at $c)" d 'go depth 8'; sleep 2) | bin/dablo 2>&1)
    score=$(grep -o 'score cp -\?[0-9]*' <<<"$out" | tail -1 | awk '{print $3}')
    if [ $c -eq $((100 - d)) ]; then
        same "d at counter $c" "Tablebase: win $d best $best" "$(grep '^Tablebase:' <<<"$out")"
        if [ "${score:-0}" -gt 20000 ]; then ok "search at counter $c: a win ($score)"; else bad "search at counter $c: score ${score:-none}"; fi
    else
        same "d at counter $c" "Tablebase: draw (win $d past DrawPlies) best $best" "$(grep '^Tablebase:' <<<"$out")"
        if [ "${score:-99}" -ge -1 ] && [ "${score:-99}" -le 1 ]; then ok "search at counter $c: a draw ($score)"; else bad "search at counter $c: score ${score:-none}"; fi
    fi
done
printf '%s\n' "$keep" "$past" >"$tmp/counter.fen"
bin/dablo-match -variant dablot -engine cmd=bin/dablo name=a depth=1 -engine cmd=bin/dablo name=b depth=1 \
    -openings file="$tmp/counter.fen" -games 2 -rounds 1 -tb "$tmp/a" -results "$tmp/counter.txt" >/dev/null 2>&1
same "match -tb: the counter decides" "1-0 opening=1 1/2-1/2 opening=2" \
    "$(sed -n 's/.*result=\([^ ]*\) termination=tablebase plies=0 \(opening=[0-9]*\).*/\1 \2/p' "$tmp/counter.txt" | tr '\n' ' ' | sed 's/ $//')"

# Tabal: a man's sideways step resets the counter but is not zeroing for
# the distance, so a win past counter + distance > 100 may still be won by
# a reset now or some plies on.  Every path reads the bounded tree of
# tb_set_verdict() (docs/tablebases.md, "The DrawPlies counter"); the set
# gets K+2M v k and what it reaches (4 pieces, a few CPU-seconds).
mkdir -p "$tmp/t4" && cp "$tmp"/a/tabal-*.dtb "$tmp/t4/"
if $TB build -variant tabal -sig KKKvk,KKMvk,KMMvk -dir "$tmp/t4" >"$tmp/t4.out" 2>&1; then ok "build tabal KKKvk,KKMvk,KMMvk"; else bad "build t4: $(tail -1 "$tmp/t4.out")"; fi
tprobe() { $TB probe -variant tabal -fen "$1" -dir "$tmp/t4"; }
# The engine on FEN $1 (go $2): the Tablebase line of d, the last score (a
# mate as +-31000), the best move.
tengine() {
    (printf '%s\n' "setoption name Variant value tabal" "setoption name TablebasePath value $tmp/t4" "position fen $1" d "go $2"; sleep 2) \
        | bin/dablo 2>&1 | awk '/^Tablebase:/ { d = $0 }
                                / score (cp|mate) / { for (i = 1; i < NF; i++) if ($i == "cp") s = $(i + 1); else if ($i == "mate") s = $(i + 1) > 0 ? 31000 : -31000 }
                                /^bestmove/ { b = $2 } END { print d "|" s "|" b }'
}
won() { [ "${1:-0}" -gt 20000 ]; }
lost() { [ "${1:-0}" -lt -20000 ]; }
# 1. K+2M v k at counter 98, entry win 3: c4-d4 (sideways) resets at once.
#    One ply up, a6-c6 leads into it: the tree must score that node a win.
e1="3/3/5/2k2/5/2M1M/1K3/3/3 w 98 1" p1="3/3/5/k4/5/2M1M/1K3/3/3 b 97 1"
same "counter 98, a sideways step now: probe" "win 3" "$(tprobe "$e1" | head -1)"
IFS='|' read -r td ts tb <<<"$(tengine "$e1" 'depth 6')"
same "counter 98, a sideways step now: d" "Tablebase: win 3 best c4-d4" "$td"
won "$ts" && ok "counter 98, a sideways step now: go scores a win ($ts, $tb)" || bad "counter 98: go score '$ts'"
same "counter 97, the move into it: probe" "move a6-c6 loss 4" "$(tprobe "$p1" | grep '^move a6-c6 ')"
IFS='|' read -r td ts tb <<<"$(tengine "$p1" 'depth 4 searchmoves a6-c6')"
lost "$ts" && ok "counter 97, the move into it: the tree scores it lost ($ts)" || bad "counter 97, a6-c6: the tree scores '$ts'"
# 2. K+M v k at counter 97, entry win 4: the king moves (98), the man's
#    sideways step two plies down resets; probe, d, go all say win.
e2="3/3/3K1/k4/1M3/5/5/3/3 w 97 1"
same "counter 97, a sideways step two plies down: probe" "win 4" "$(tprobe "$e2" | head -1)"
IFS='|' read -r td ts tb <<<"$(tengine "$e2" 'depth 6')"
same "counter 97, two plies down: d" "Tablebase: win 4 best d7-a7" "$td"
won "$ts" && ok "counter 97, two plies down: go scores a win ($ts)" || bad "counter 97, two plies down: go score '$ts'"
same "counter 97, two plies down: go plays d7-a7" "d7-a7" "$tb"
# 3. k v K+M at counter 98, Black to move: every king move leaves 99 and
#    White's man step then resets: lost, not drawn.
e3="3/3/5/5/1k3/3M1/4K/3/3 b 98 1"
same "counter 98, the loser cannot run out the counter: probe" "loss 3" "$(tprobe "$e3" | head -1)"
IFS='|' read -r td ts tb <<<"$(tengine "$e3" 'depth 6')"
same "counter 98, the loser: d" "Tablebase: loss 3 best b5-b4" "$td"
lost "$ts" && ok "counter 98, the loser: go scores a loss ($ts)" || bad "counter 98, the loser: go score '$ts'"
# 4. What the bounded tree cannot decide is said, and played on.
u="3/3/3K1/5/5/2k2/3K1/M2/3 b 93 1"
out=$(tprobe "$u")
same "undecided: probe exit 0" 0 $?
same "undecided: probe says so" "unknown (loss 9 past DrawPlies: not decided at this counter)" "$(head -1 <<<"$out")"
IFS='|' read -r td ts tb <<<"$(tengine "$u" 'depth 4')"
same "undecided: d says so, with no best move" "Tablebase: unknown (loss 9 past DrawPlies: not decided at this counter)" "$td"
# dablo-match -tb adjudicates the first two at once, not the third.
printf '%s\n' "$e2" "$e3" "$u" >"$tmp/t4.fen"
bin/dablo-match -variant tabal -engine cmd=bin/dablo name=a depth=1 -engine cmd=bin/dablo name=b depth=1 \
    -openings file="$tmp/t4.fen" -games 3 -rounds 1 -tb "$tmp/t4" -results "$tmp/t4.txt" >/dev/null 2>&1
same "match -tb: the resets decide" "1-0 tablebase 0 opening=1|1-0 tablebase 0 opening=2|" \
    "$(sed -n 's/.*result=\([^ ]*\) termination=\([^ ]*\) plies=\([0-9]*\) \(opening=[12]\)$/\1 \2 \3 \4/p' "$tmp/t4.txt" | tr '\n' '|')"
if grep -q 'termination=tablebase plies=0 opening=3' "$tmp/t4.txt"; then bad "match -tb: the undecided opening was adjudicated"; else ok "match -tb: the undecided opening is played on"; fi
out=$($TB probe -variant tabal -fen "3/3/5/5/2k2/2K2/4K/3/3 w 0 1" -dir "$tmp/a" | head -1)
same "probe tabal KKvk" "win" "${out%% *}"
# The mirror reads the same entry; its best moves are the mirrored ones (files
# a..k reversed on the Dablot board).
outm=$($TB probe -variant tabal -fen "3/3/5/5/2k2/2K2/K4/3/3 w 0 1" -dir "$tmp/a" | head -1)
same "probe tabal KKvk mirrored: the same value and distance" "$out" "$outm"
# A FEN of the other game: exit 2, one line that names the game it is of.
err=$($TB probe -variant dablot -fen "3/3/5/5/2k2/2K2/4K/3/3 w 0 1" -dir "$tmp/a" 2>&1 >/dev/null)
same "probe: a Tabal FEN with -variant dablot says so" "2 1 (is this a Tabal FEN? -variant tabal)" \
    "$($TB probe -variant dablot -fen "3/3/5/5/2k2/2K2/4K/3/3 w 0 1" -dir "$tmp/a" >/dev/null 2>&1; echo $?) $(wc -l <<<"$err") $(grep -o '(is this.*' <<<"$err")"
err=$($TB probe -variant tabal -fen "$fen" -dir "$tmp/a" 2>&1 >/dev/null)
same "probe: a Dablot FEN with -variant tabal says so" "(is this a Dablot FEN? -variant dablot)" "$(grep -o '(is this.*' <<<"$err")"
mirror_moves() { tr 'abcdefghijk' 'kjihgfedcba'; }
b1=$($TB probe -variant dablot -fen "$fen" -dir "$tmp/a" | sed -n 2p | tr ' ' '\n' | tail -n +2 | mirror_moves | sort | tr '\n' ' ')
mfen="m5/5/6/5/6/5/6/5/6/5/6/5/4PK w 0 1"
b2=$($TB probe -variant dablot -fen "$mfen" -dir "$tmp/a" | sed -n 2p | tr ' ' '\n' | tail -n +2 | sort | tr '\n' ' ')
same "probe: the mirror's best moves are the mirrored best moves" "$b1" "$b2"
msg=$($TB probe -variant tabal -fen "mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1" -dir "$tmp/a" 2>&1)
rc=$?
same "probe outside the tables: exit 1" 1 $rc
same "probe outside the tables: says so" "dablo-tb: the position is not in the tables" "$msg"

# Sampled won positions: each a win, and the engine with the tables wins
# every one of them against itself (the loser delaying by the tables too):
# no win lost to DrawPlies or repetition (a Tabal man stepping to and fro).
out=$($TB sample -variant tabal -dir "$tmp/a" -sample 12 -seed 3)
same "sample: 12 positions" 12 "$(grep -c . <<<"$out")"
wins=0
while read -r f; do
    [ "$($TB probe -variant tabal -fen "$f" -dir "$tmp/a" | head -1 | cut -d' ' -f1)" = win ] && wins=$((wins + 1))
done <<<"$out"
same "sample: every one a win" 12 "$wins"
printf '%s\n' "$out" >"$tmp/won.fen"
bin/dablo-match -variant tabal -engine cmd=bin/dablo name=a nodes=2000 option.TablebasePath="$tmp/a" \
    -engine cmd=bin/dablo name=b nodes=2000 option.TablebasePath="$tmp/a" \
    -openings file="$tmp/won.fen" -games 1 -rounds 12 -concurrency 2 -results "$tmp/won.txt" >/dev/null 2>&1
conv=$(awk 'NR == FNR { stm[NR] = $2; next }
            { for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
              r = v["result"]; s = stm[v["opening"]]
              if ((r == "1-0" && s == "w") || (r == "0-1" && s == "b")) n++ }
            END { print n + 0 }' "$tmp/won.fen" "$tmp/won.txt")
same "the engine converts every sampled win" 12 "$conv"

# Refused files: truncated and corrupted.
cp -r "$tmp/a" "$tmp/c"
f="$tmp/c/tabal-KKvk.dtb"
head -c 3000 "$tmp/a/tabal-KKvk.dtb" >"$f"
msg=$($TB verify -variant tabal -sig KKvk -dir "$tmp/c" 2>&1)
rc=$?
same "truncated: verify fails" 1 $rc
if grep -qx "dablo-tb: 1 table file refused: [^ ]*tabal-KKvk.dtb: file size does not match its block index (truncated?)" <<<"$msg"; then ok "truncated: refused by name, 'refused' once"; else bad "truncated: $msg"; fi
cp "$tmp/a/tabal-KKvk.dtb" "$f"
size=$(stat -c %s "$f")
printf '\x5a' | dd of="$f" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
cmp -s "$f" "$tmp/a/tabal-KKvk.dtb" || printf '\xa5' | dd of="$f" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
msg=$($TB probe -variant tabal -fen "3/3/5/5/2k2/2K2/4K/3/3 w 0 1" -dir "$tmp/c" 2>&1)
rc=$?
same "corrupted: probe not answered" 1 $rc
if grep -qx "dablo-tb: 1 table file refused: [^ ]*tabal-KKvk.dtb: checksum mismatch (corrupted)" <<<"$msg"; then ok "corrupted: refused by name, 'refused' once"; else bad "corrupted: $msg"; fi
# The engine: one line that names the file and the reason, then the count.
out=$( (printf '%s\n' "setoption name Variant value tabal" "setoption name TablebasePath value $tmp/c" isready) | bin/dablo 2>&1 | grep -v '^info string variant')
same "engine: a damaged table is one line naming file and reason" \
    "info string error: 1 table file(s) refused: $tmp/c/tabal-KKvk.dtb: checksum mismatch (corrupted) (tablebases: 15 tables of up to 3 pieces in $tmp/c)|readyok" \
    "$(grep -v '^$' <<<"$out" | tr '\n' '|' | sed 's/|$//')"
# Told once a TablebasePath setting: a change of Variant (or of a rule)
# opens the tables again but says only its own line; setting the path
# again tells again.
out=$( (printf '%s\n' "setoption name Variant value tabal" "setoption name TablebasePath value $tmp/c" \
    "setoption name Variant value dablot" "setoption name Variant value tabal" "setoption name MaxCapture value true" \
    "setoption name MaxCapture value false" "setoption name Variant value tabal" "setoption name TablebasePath value $tmp/c" isready) \
    | bin/dablo 2>&1)
same "engine: refused files told once a TablebasePath setting, not at each Variant" \
    "variant refused variant variant variant refused readyok" \
    "$(sed -n 's/^info string error: 1 table file(s) refused: .*/refused/p; s/^info string variant .*/variant/p; s/^info string .*/other/p; s/^readyok$/readyok/p' <<<"$out" | tr '\n' ' ' | sed 's/ $//')"
cp "$tmp/a/tabal-KKvk.dtb" "$f"
# A table shrunk in place while the engine has it open (truncate, or cp
# over it): the engine went down with SIGBUS (exit 135) at its next probe
# of the file.  Now the table is dropped with one line and play goes on.
mkdir -p "$tmp/shrink" && cp "$tmp"/a/tabal-*.dtb "$tmp/shrink/"
out=$( (printf '%s\n' "setoption name Variant value tabal" "setoption name TablebasePath value $tmp/shrink" \
        "position fen 3/3/5/5/K3k/5/5/1K1/3 w 0 1" 'go depth 6'; sleep 1
        truncate -s 1000 "$tmp/shrink/tabal-KKvk.dtb"
        for p in "3/3/K4/2k1K/5/5/5/3/3 w 0 1" "3/3/1K3/5/5/5/3k1/3/K2 w 0 1"; do
            printf '%s\n' "position fen $p" 'go depth 8'; sleep 1
        done
        echo quit) | bin/dablo 2>&1; echo "exit $?")
same "table shrunk while open: the engine lives" "exit 0" "$(tail -1 <<<"$out")"
same "table shrunk while open: three searches" 3 "$(grep -c '^bestmove [a-e]' <<<"$out")"
same "table shrunk while open: one line naming the file" \
    "info string error: $tmp/shrink/tabal-KKvk.dtb: changed on disk since it was opened (1000 bytes, was $(stat -c %s "$tmp/a/tabal-KKvk.dtb")); replace tables by rename (mv), not by copying over them: table dropped, going on without it" \
    "$(grep '^info string error' <<<"$out")"
# A table whose checksum holds but whose entries are impossible (0xffff
# each): the probe names the file as damaged, with no result.
mkdir -p "$tmp/ffff" && cp "$tmp"/a/tabal-*.dtb "$tmp/ffff/"
python3 - "$tmp/a/tabal-KKvk.dtb" "$tmp/ffff/tabal-KKvk.dtb" <<'PY'
import struct, subprocess, sys
img = open(sys.argv[1], 'rb').read()
npos, block, nblocks = struct.unpack_from('<QII', img, 16)
frames, offs, pos = [], [], 256 + 8 * (nblocks + 1)
for b in range(nblocks):
    n = min(block, npos - b * block)
    z = subprocess.run(['zstd', '-q', '-12', '-c', '--no-check'], input=b'\xff' * (2 * n),
                       stdout=subprocess.PIPE, check=True).stdout
    offs.append(pos)
    frames.append(z)
    pos += len(z)
offs.append(pos)
head = bytearray(img[:256])
struct.pack_into('<Q', head, 32, 0)  # the checksum, over the file with it zeroed
out = bytearray(bytes(head) + struct.pack('<%dQ' % len(offs), *offs) + b''.join(frames))
h = 0xcbf29ce484222325
for c in out:
    h = ((h ^ c) * 0x100000001b3) & 0xffffffffffffffff
struct.pack_into('<Q', out, 32, h)
open(sys.argv[2], 'wb').write(out)
PY
msg=$($TB probe -variant tabal -fen "3/3/5/5/2k2/2K2/4K/3/3 w 0 1" -dir "$tmp/ffff" 2>&1)
same "impossible entries: probe exit 1" 1 $?
if [[ $msg =~ ^"dablo-tb: $tmp/ffff/tabal-KKvk.dtb: entry "[0-9]+" holds 0xffff, no value a table can hold (damaged)"$ ]]; then ok "impossible entries: one line naming the file"; else bad "impossible entries: $msg"; fi
# verify prints them readably and counts the sample and the full-width
# solve apart (it said "stored ? 8191, expected ? 8191" and "checked 50
# ... FAILED (25110 disagree)").
out=$($TB verify -variant tabal -sig KKvk -sample 50 -dir "$tmp/ffff" 2>&1)
same "impossible entries: verify exit 1" 1 $?
same "impossible entries: verify shows the stored entry" 5 "$(grep -c '^  value: .* stored 0xffff (impossible)$' <<<"$out")"
same "impossible entries: verify counts each check apart" \
    "tabal KKvk     checked 50 of 25060 positions and mirrors and full-width solve: FAILED (50 disagree; the full-width solve: 25060 of 25060 disagree)" \
    "$(grep '^tabal KKvk' <<<"$out")"
# A file of format version 2 (before the mirror folding): refused by its version.
printf '\x02' | dd of="$f" bs=1 seek=8 conv=notrunc 2>/dev/null
msg=$($TB probe -variant tabal -fen "3/3/5/5/2k2/2K2/4K/3/3 w 0 1" -dir "$tmp/c" 2>&1)
if grep -q "refused: [^ ]*tabal-KKvk.dtb: another table format version" <<<"$msg"; then ok "format 2 refused by its version"; else bad "format 2: $msg"; fi
cp "$tmp/a/tabal-KKvk.dtb" "$f"
printf 'not a table' >"$tmp/c/tabal-Kvk.dtb"
msg=$($TB verify -variant tabal -sig Kvk -dir "$tmp/c" 2>&1)
if grep -q "refused: [^ ]*tabal-Kvk.dtb: shorter than a table header" <<<"$msg"; then ok "garbage file refused"; else bad "garbage: $msg"; fi
# A table whose successor's table is refused is named with that table,
# and the tables after it are still checked.
msg=$($TB verify -variant tabal -sig Kvkm,Mvm -dir "$tmp/c" 2>&1)
same "refused successor: verify exit 1" 1 $?
same "refused successor: the table names it" \
    "tabal Kvkm     not checked: position 1: a successor's table, Kvk, is missing or was refused" \
    "$(grep 'not checked' <<<"$msg")"
same "refused successor: the others checked" \
    "verified 1 table: FAILED (1 table could not be checked; 1 table file refused)" "$(tail -1 <<<"$msg")"
# A table copied under another signature's name: refused, naming both;
# the table itself is checked once and the engine counts it once.
mkdir "$tmp/e"
cp "$tmp"/a/dablot-optional-*.dtb "$tmp/e/"
cp "$tmp/a/dablot-optional-KPvm.dtb" "$tmp/e/dablot-optional-PMvm.dtb"
msg=$($TB verify -variant dablot -sig PMvm,KPvm -dir "$tmp/e" 2>&1)
rc=$?
if grep -q "dablot-optional-PMvm.dtb: its header holds the table dablot-optional-KPvm, which its name does not say" <<<"$msg"; then
    ok "renamed table: refused, naming both"
else
    bad "renamed table: $msg"
fi
same "renamed table: KPvm verified once" 1 "$(grep -c '^dablot-optional KPvm .*: ok' <<<"$msg")"
if [ $rc -ne 0 ]; then ok "renamed table: verify fails (rc $rc)"; else bad "renamed table: verify said ok"; fi
out=$(printf '%s\n' "setoption name TablebasePath value $tmp/e" isready | bin/dablo 2>&1)
if grep -q "tablebases: 11 tables of" <<<"$out"; then ok "renamed table: the engine counts 11 tables"; else bad "renamed table, engine: $(grep tablebases <<<"$out")"; fi
# Tables with no won position: sample says so in one line.
msg=$($TB sample -variant dablot -sig Kvk -sample 2 -dir "$tmp/a" 2>&1)
rc=$?
same "sample of Kvk: one line" "dablo-tb: no won positions in these tables" "$msg"
same "sample of Kvk: exit 1" 1 $rc
# Tabal Kvk holds 337 won positions: sample draws without repeats (it
# printed 100000 lines of them, 6 repeats in 50), and refuses more, printing
# none.
out=$($TB sample -variant tabal -sig Kvk -sample 50 -dir "$tmp/a" 2>&1)
same "sample 50 of Kvk: 50 distinct lines" "50 50" "$(wc -l <<<"$out") $(sort -u <<<"$out" | wc -l)"
out=$($TB sample -variant tabal -sig Kvk -sample 337 -dir "$tmp/a" 2>&1)
same "sample all 337 of Kvk: 337 distinct lines" "337 337" "$(wc -l <<<"$out") $(sort -u <<<"$out" | wc -l)"
for n in 338 100000; do
    out=$($TB sample -variant tabal -sig Kvk -sample $n -dir "$tmp/a" 2>"$tmp/s.err")
    same "sample $n of Kvk: exit 1, nothing printed, one line" \
        "1||dablo-tb: sample: the tables hold 337 won positions, fewer than the $n asked for" \
        "$?|$out|$(cat "$tmp/s.err")"
done

# The engine: TablebasePath, tbhits, a best move of the tables, d.
out=$( (printf '%s\n' "setoption name TablebasePath value $tmp/a" "position fen $fen" d 'go depth 6'; sleep 2) | bin/dablo 2>&1)
if grep -q "^info string tablebases: 11 tables of up to 3 pieces in $tmp/a" <<<"$out"; then ok "engine opens the tables"; else bad "engine: $(grep tablebases <<<"$out")"; fi
mkdir -p "$tmp/one" && cp "$tmp/a/tabal-Kvk.dtb" "$tmp/one/"
one=$(printf '%s\n' "setoption name Variant value tabal" "setoption name TablebasePath value $tmp/one" isready | bin/dablo 2>&1)
same "engine counts a single table as 1 table" "info string tablebases: 1 table of up to 2 pieces in $tmp/one" "$(grep '^info string tablebases' <<<"$one")"
same "d shows the verdict" "Tablebase: win $d" "$(grep -o "^Tablebase: win [0-9]*" <<<"$out")"
hits=$(grep -o 'tbhits [0-9]*' <<<"$out" | tail -1 | awk '{print $2}')
if [ "${hits:-0}" -gt 0 ]; then ok "tbhits counted ($hits)"; else bad "tbhits: ${hits:-none}"; fi
bm=$(grep -o '^bestmove [^ ]*' <<<"$out" | awk '{print $2}')
if $TB probe -variant dablot -fen "$fen" -dir "$tmp/a" | sed -n 2p | tr ' ' '\n' | grep -qx "$bm"; then ok "engine plays a best move of the tables ($bm)"; else bad "engine played '$bm'"; fi
# TablebasePath during go infinite: the search goes on (PROTOCOL.md 6.3,
# later searches get the tables), d already sees them, stop ends it, and
# the next search probes them.
out=$( (printf '%s\n' "position fen $fen" 'go infinite'; sleep 0.5
        printf '%s\n' "setoption name TablebasePath value $tmp/a" isready d; sleep 0.5
        printf '%s\n' stop 'go depth 6'; sleep 2) | bin/dablo 2>&1)
order=$(sed -n 's/^info string tablebases: .*/tables/p; s/^readyok$/readyok/p; s/^Tablebase: win .*/d/p; s/^bestmove .*/bestmove/p' <<<"$out" | tr '\n' ' ')
same "TablebasePath during go infinite: no bestmove until stop" "tables readyok d bestmove bestmove " "$order"
hits=$(grep -o 'tbhits [0-9]*' <<<"$out" | tail -1 | awk '{print $2}')
if [ "${hits:-0}" -gt 0 ]; then ok "... and the next search probes them ($hits tbhits)"; else bad "... next search: tbhits ${hits:-none}"; fi
out=$( (printf '%s\n' "setoption name TablebasePath value $tmp/nowhere" isready) | bin/dablo 2>&1)
if grep -q "info string error: tablebase folder '$tmp/nowhere' cannot be read: No such file or directory" <<<"$out" && grep -q readyok <<<"$out"; then ok "engine: a bad folder is one error line"; else bad "bad folder: $out"; fi
# A folder that is a file: the reason is given, by the engine and by dablo-tb.
out=$( (printf '%s\n' "setoption name TablebasePath value $tmp/a/tabal-Kvk.dtb" isready) | bin/dablo 2>&1)
same "engine: a TablebasePath that is a file: not a folder" \
    "info string error: tablebase folder '$tmp/a/tabal-Kvk.dtb' cannot be read: not a folder; TablebasePath stays ''|readyok" "$(tr '\n' '|' <<<"$out" | sed 's/|$//')"
msg=$($TB probe -variant tabal -fen "3/3/5/5/2k2/2K2/4K/3/3 w 0 1" -dir "$tmp/a/tabal-Kvk.dtb" 2>&1)
same "probe -dir that is a file: not a folder" "dablo-tb: tablebase folder '$tmp/a/tabal-Kvk.dtb' cannot be read: not a folder" "$msg"
out=$( (printf '%s\n' "setoption name TablebasePath value $tmp/a" "setoption name TablebasePath value $tmp/nowhere" "position fen $fen" d isready) | bin/dablo 2>&1)
same "engine: a bad folder keeps the tables open" "Tablebase: win $d" "$(grep -o "^Tablebase: win [0-9]*" <<<"$out")"
# A folder without a table of these rules (empty, or the other game's
# tables only) is taken with one warning line (it said "tablebases: 0
# tables of up to 0 pieces"), the tables before closed; the other game's
# tables open from it at its Variant.
mkdir -p "$tmp/none"
out=$( (printf '%s\n' "setoption name TablebasePath value $tmp/a" "setoption name TablebasePath value $tmp/none" "position fen $fen" d isready) | bin/dablo 2>&1)
same "engine: an empty folder: one warning line" \
    "info string warning: TablebasePath: no tables for these rules (dablot-optional-*.dtb) in $tmp/none; searching without tables" \
    "$(grep -v '^info string tablebases' <<<"$out" | grep '^info string')"
same "engine: an empty folder: the tables before are closed" "" "$(grep -o "^Tablebase: win [0-9]*" <<<"$out")"
out=$(printf '%s\n' "setoption name TablebasePath value $tmp/one" "setoption name Variant value tabal" isready | bin/dablo 2>&1)
same "engine: the other game's tables only: one warning line, its tables at its Variant" \
    "info string warning: TablebasePath: no tables for these rules (dablot-optional-*.dtb) in $tmp/one; searching without tables|readyok" \
    "$(grep -v '^info string variant' <<<"$out" | tr '\n' '|' | sed 's/|$//')"
out=$(printf '%s\n' "setoption name TablebasePath value $tmp/one" "setoption name Variant value tabal" "position fen 3/3/5/5/2k2/5/4K/3/3 w 0 1" d | bin/dablo 2>&1)
if grep -q "^Tablebase: " <<<"$out"; then ok "... and the Tabal table opens at Variant tabal"; else bad "Variant tabal after a folder of Tabal tables: $out"; fi

# dablo-match -tb: a game that enters the tables ends there, with their result.
printf '%s\n' "5m/5/6/5/6/5/6/5/6/5/6/5/KP4 b 0 1" "5m/5/6/5/6/5/6/5/6/5/6/m4/KP4 w 0 1" >"$tmp/open.fen"
bin/dablo-match -variant dablot -engine cmd=bin/dablo name=a depth=2 -engine cmd=bin/dablo name=b depth=1 \
    -openings file="$tmp/open.fen" -games 2 -rounds 1 -tb "$tmp/a" -results "$tmp/res.txt" >/dev/null 2>&1
same "match -tb: both games end by the tables" "2" "$(grep -c 'termination=tablebase' "$tmp/res.txt" 2>/dev/null)"
# KPvm after one move: White (K+P) wins whichever side moved first.
same "match -tb: K+P beat the man" "1-0 1-0" "$(sed -n 's/.*result=\([^ ]*\).*/\1/p' "$tmp/res.txt" | tr '\n' ' ' | sed 's/ $//')"
msg=$(bin/dablo-match -variant dablot -engine cmd=bin/dablo depth=1 -engine cmd=bin/dablo depth=1 -tb "$tmp/nowhere" -games 1 2>&1)
same "match -tb: a bad folder" "dablo-match: -tb $tmp/nowhere: tablebase folder '$tmp/nowhere' cannot be read: No such file or directory" "$msg"

# A signature named twice is built once, with one note.
out=$($TB build -variant tabal -sig Kvk,Kvm,Kvk -dir "$tmp/d" 2>"$tmp/d.err")
same "build -sig Kvk,Kvm,Kvk: two tables built" "Kvk Kvm" "$(awk '/^tabal /{print $2}' <<<"$out" | tr '\n' ' ' | sed 's/ $//')"
same "build -sig Kvk,Kvm,Kvk: one note" "dablo-tb: -sig: Kvk given more than once, taken once" "$(cat "$tmp/d.err")"

# A build that fails for a table missing outside the set leaves no folder
# it made (it left an empty one); one that existed stays.
err=$($TB build -variant tabal -sig Mvm -dir "$tmp/newdir" 2>&1 >/dev/null)
same "build -sig Mvm without its smaller tables: exit 1, one line, no folder left" \
    "1|dablo-tb: a needed table is missing or bad: $tmp/newdir/tabal-Mvk.dtb: cannot open: No such file or directory|no folder" \
    "$($TB build -variant tabal -sig Mvm -dir "$tmp/newdir" >/dev/null 2>&1; echo $?)|$err|$([ -e "$tmp/newdir" ] && echo folder || echo no folder)"
mkdir -p "$tmp/olddir"
$TB build -variant tabal -sig Mvm -dir "$tmp/olddir" >/dev/null 2>&1
if [ -d "$tmp/olddir" ]; then ok "... a folder that was there stays"; else bad "a failed build removed a folder it did not make"; fi
# SIGINT during a build says what it did not write, as dablo-tune does
# (it said nothing): "interrupted by SIGINT: N tables of DIR (A, B, C and
# M more) not written", exit 130.
$TB build -variant tabal -pieces 5 -threads 1 -dir "$tmp/int" >/dev/null 2>"$tmp/int.err" &
pid=$!
for _ in $(seq 50); do compgen -G "$tmp/int/*.dtb" >/dev/null && break; sleep 0.1; done
kill -INT $pid
wait $pid
rc=$?
if [ $rc -eq 130 ] && [ "$(wc -l <"$tmp/int.err")" -eq 1 ] &&
    grep -Eq "^dablo-tb: interrupted by SIGINT: [0-9]+ tables? of $tmp/int \(([A-Za-z]+, ){0,2}[A-Za-z]+( and [0-9]+ more)?\) not written\$" "$tmp/int.err"; then
    ok "build stopped by SIGINT: one line naming the tables not written, exit 130"
else
    bad "build stopped by SIGINT: exit $rc, '$(cat "$tmp/int.err")'"
fi

# Builds of one table at once into one folder: each writes a temporary
# file of its own (TABLE.tmp.PID, synced, renamed), so none fails ("cannot
# write: No such file or directory" when both used TABLE.tmp) and none
# touches another's: a folder in the way at the old shared name is left be.
fails=0
for round in 1 2 3; do
    rm -rf "$tmp/cc" && mkdir "$tmp/cc" && cp "$tmp"/a/tabal-*.dtb "$tmp/cc/"
    rm "$tmp/cc/tabal-KKvk.dtb" "$tmp/cc/tabal-KMvk.dtb"
    [ $round -eq 3 ] && mkdir "$tmp/cc/tabal-KKvk.dtb.tmp"
    for j in 1 2 3 4; do $TB build -variant tabal -sig KKvk,KMvk -threads 1 -dir "$tmp/cc" >"$tmp/cc.$j" 2>&1 & done
    wait
    for j in 1 2 3 4; do grep -q '^dablo-tb:' "$tmp/cc.$j" && fails=$((fails + 1)); done
    cmp -s "$tmp/cc/tabal-KKvk.dtb" "$tmp/a/tabal-KKvk.dtb" || fails=$((fails + 1))
    cmp -s "$tmp/cc/tabal-KMvk.dtb" "$tmp/a/tabal-KMvk.dtb" || fails=$((fails + 1))
done
same "4 builds of one table at once, 3 times: no failure, the same bytes" 0 "$fails"
same "... no temporary file left behind" "tabal-KKvk.dtb.tmp" "$(cd "$tmp/cc" && ls -d *.tmp* | tr '\n' ' ' | sed 's/ $//')"

# positions: random placements, the same for a seed, filtered by the tables.
p1=$($TB positions -variant tabal -sig Kvk,KKKvk -count 20 -seed 3 -dir "$tmp/a" 2>&1)
p2=$($TB positions -variant tabal -sig Kvk,KKKvk -count 20 -seed 3 -dir "$tmp/a" 2>&1)
p3=$($TB positions -variant tabal -sig Kvk,KKKvk -count 20 -seed 4 -dir "$tmp/a" 2>&1)
same "positions: 20 lines" 20 "$(wc -l <<<"$p1")"
same "positions: the same seed, the same lines" "$p1" "$p2"
[ "$p1" != "$p3" ] && ok "positions: another seed, other lines" || bad "positions: seeds 3 and 4 gave the same lines"
# Kvk is in the tiny set, KKKvk is not: -outside keeps only KKKvk, -inside only Kvk.
pieces() { tr -cd 'KkMm' <<<"${1%% *}" | fold -w1 | LC_ALL=C sort | tr -d '\n'; }
outside=0 inside=0 other=0
while read -r f; do
    $TB probe -variant tabal -fen "$f" -dir "$tmp/a" >/dev/null 2>&1
    rc=$?
    [ "$(pieces "$f")" = KKKk ] && [ $rc -eq 1 ] && outside=$((outside + 1)) || other=$((other + 1))
done <<<"$p1"
pin=$($TB positions -variant tabal -sig Kvk,KKKvk -count 20 -seed 3 -dir "$tmp/a" -inside 2>&1)
while read -r f; do
    $TB probe -variant tabal -fen "$f" -dir "$tmp/a" >/dev/null 2>&1 && [ "$(pieces "$f")" = Kk ] \
        && inside=$((inside + 1)) || other=$((other + 1))
done <<<"$pin"
same "positions: -outside all KKKvk outside, -inside all Kvk inside" "20 20 0" "$outside $inside $other"
sides=$(awk '{print $2}' <<<"$p1" | sort | uniq -c | awk '{print $1 $2}' | tr '\n' ' ')
same "positions: each side to move in turn" "10b 10w " "$sides"
# No Tabal man on its own far base (White's is rank 9, the first of the FEN).
men=$($TB positions -variant tabal -sig MMvm -count 300 -seed 5 -dir "$tmp/a" -inside 2>&1)
same "positions: no man on its far base" "300 0" "$(wc -l <<<"$men") $(awk -F'[/ ]' '$1 ~ /M/ || $9 ~ /m/' <<<"$men" | wc -l)"
msg=$($TB positions -variant tabal -sig Kvk -count 5 -dir "$tmp/a" 2>&1 >/dev/null)
same "positions: none outside: exit 1" 1 $?
same "positions: none outside: one line" "dablo-tb: positions: only 0 of 5 found outside the tables in 50000 tries" "$msg"
# Asked for what the tables cannot answer: one line at once, exit 1.
msg=$($TB positions -variant tabal -sig KKKKvk,KKKvk -count 5 -dir "$tmp/a" -inside 2>&1 >/dev/null)
same "positions -inside, no signature with a table: exit 1" 1 $?
same "positions -inside, no signature with a table: said at once" "dablo-tb: positions -inside: no signature of -sig has a table in $tmp/a for these rules" "$msg"
mkdir -p "$tmp/pos1" "$tmp/pos2"
cp "$tmp/a/tabal-KKvk.dtb" "$tmp/pos1/"
msg=$($TB positions -variant tabal -sig KKvk -count 1 -dir "$tmp/pos1" 2>&1 >/dev/null)
same "positions: a successor's table missing: exit 1" 1 $?
if [[ $msg == "dablo-tb: positions: "*": a successor is not in the tables" ]]; then ok "positions: a successor's table missing: said"; else bad "positions, successor missing: $msg"; fi
cp "$tmp/a/tabal-Kvk.dtb" "$tmp/pos2/" && truncate -s 100 "$tmp/pos2/tabal-Kvk.dtb"
msg=$($TB positions -variant tabal -sig KKvk -count 1 -dir "$tmp/pos2" 2>&1 >/dev/null)
same "positions -outside with a refused table: exit 1" 1 $?
same "positions -outside with a refused table: said" "dablo-tb: positions: cannot tell what lies outside the tables while a table file is refused" "$(tail -1 <<<"$msg")"

# Bad input: one line, exit 2.
for args in "positions -variant tabal" "positions -variant tabal -sig KvK" "positions -sig Kvk -count 0" \
            "positions -sig Kvk, -count 1" "positions -sig ,Kvk" "positions -sig Kvk,,Kvm" "positions -sig Kvk -outside -inside" \
            "positions -sig Kvk -seed x" "build -sig ," "frobnicate" "build -variant chess" "build -pieces 99" "build -variant dablot -sig KKvk" \
            "build -sig KMk" "probe -variant tabal" "probe -fen xyz" "verify -Captures sometimes" "build -pieces"; do
    msg=$($TB $args -dir "$tmp/a" 2>&1 >/dev/null)
    rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <<<"$msg")" -eq 1 ] && [[ $msg == dablo-tb:* ]]; then ok "bad input: $args"; else bad "bad input '$args': rc $rc: $msg"; fi
done
# An option given twice is refused by name (the last one was taken).
for args in "probe -sig Kvk -sig Kvm" "verify -dir x -dir y" "probe -fen a -fen b" "list -variant tabal -variant dablot" \
            "build -lone-king -lone-king" "verify -Captures optional -Captures compulsory"; do
    set -- $args
    msg=$($TB $args 2>&1 >/dev/null)
    same "given twice: $args" "2|dablo-tb: $2 given twice" "$?|$msg"
done
# Messages that name what is wrong.
msg=$($TB build -variant tabal -pieces 99 -dir "$tmp/x" 2>&1)
same "a number out of range is named as such" "2|dablo-tb: -pieces 99: expected an integer in 2..8" "$?|$msg"
msg=$($TB verify -variant tabal -sig KKKvk,Kvk -dir "$tmp/a" 2>&1)
same "verify: the signature without a table is named" "1|dablo-tb: no table in $tmp/a for -sig KKKvk" "$?|$(grep '^dablo-tb:' <<<"$msg")"
same "verify: the summary says why it failed" "verified 1 table: FAILED (no table for KKKvk)" "$(tail -n 1 <<<"$msg")"
mkdir -p "$tmp/fo" && cp "$tmp/a/tabal-Kvk.dtb" "$tmp/fo/" && mkdir "$tmp/fo/tabal-KKvk.dtb"
msg=$($TB verify -variant tabal -sig Kvk -dir "$tmp/fo" 2>&1)
same "a folder named like a table: 'is a folder'" "dablo-tb: 1 table file refused: $tmp/fo/tabal-KKvk.dtb: is a folder, not a table file" "$(head -n 1 <<<"$msg")"
same "verify: ok, then the summary names the refused file" "verified 1 table: FAILED (1 table file refused)" "$(tail -n 1 <<<"$msg")"
msg=$($TB probe -Rules modern -fen "$fen" -dir "$tmp/a" 2>&1)
same "probe: no tables for these rules, said" "1|dablo-tb: no tables for these rules (dablot-compulsory-*.dtb) in $tmp/a" "$?|$msg"
msg=$($TB build -variant tabal -pieces 2 -dir '' 2>&1)
same "build -dir '': an empty name" "2|dablo-tb: -dir: an empty folder name" "$?|$msg"
for args in "probe -variant dablot -MaxCapture true" "probe -MaxCapture true -variant dablot"; do
    msg=$($TB $args -fen "$fen" -dir "$tmp/a" 2>&1)
    same "$args: Tabal only" "2|dablo-tb: -MaxCapture applies to Tabal only (here -variant dablot)" "$?|$msg"
done
# A rule option before -variant is kept (-variant reset it).
msg=$($TB probe -MaxCapture true -variant tabal -fen "3/3/5/5/2k2/2K2/4K/3/3 w 0 1" -dir "$tmp/a" 2>&1)
same "-MaxCapture true -variant tabal: the maxcapture tables asked for" "dablo-tb: no tables for these rules (tabal-maxcapture-*.dtb) in $tmp/a" "$msg"
# Under a tight address-space limit a build names the cause (it said
# "cannot be read"): every failure line has a reason.
mkdir -p "$tmp/u"
lines=""
for v in 11000 12000 12500 13000; do
    rm -f "$tmp"/u/*.dtb && cp "$tmp"/a/tabal-*.dtb "$tmp/u/" && rm "$tmp/u/tabal-KKvk.dtb"
    lines+=$( (ulimit -v $v; $TB build -variant tabal -sig KKvk -dir "$tmp/u" -threads 1) 2>&1 | grep '^dablo-tb:')
done
if grep -q ': cannot be read$' <<<"$lines"; then bad "ulimit -v: a failure without its cause: $lines"; else ok "ulimit -v: every failure names its cause"; fi
# verify and sample with a bad -sig (they closed a set never opened: SIGSEGV).
for args in "verify -sig KvM" "sample -sig KPPvm" "verify -sig Kvk," "sample -sig Xv"; do
    msg=$($TB $args -dir "$tmp/a" 2>&1 >/dev/null)
    rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <<<"$msg")" -eq 1 ] && [[ $msg == dablo-tb:* ]]; then ok "bad input: $args"; else bad "bad input '$args': rc $rc: $msg"; fi
done
# An unknown option is named on its one line; an output folder that cannot
# be used is bad usage too, found before anything is built.
msg=$($TB probe -Bogus 1 -dir "$tmp/a" 2>&1)
same "probe -Bogus: one line naming it" "dablo-tb: -Bogus is not an option (--help)" "$msg"
for d in /dev/full /proc/x "$tmp/a/tabal-Kvk.dtb"; do
    msg=$($TB build -variant tabal -pieces 2 -dir "$d" 2>&1 >/dev/null)
    rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <<<"$msg")" -eq 1 ] && [[ $msg == *"$d"* ]]; then ok "build -dir $d: exit 2, one line"; else bad "build -dir $d: rc $rc: $msg"; fi
done
msg=$($TB 2>&1)
same "no command: exit 2" 2 $?
for c in build verify probe list sample; do
    grep -qw "$c" <<<"$msg" || bad "no command: '$c' not listed in: $msg"
done
# Several refused files: each is named (the set of $tmp/c holds two).
printf 'not a table' >"$tmp/c/tabal-Kvm.dtb"
msg=$($TB verify -variant tabal -sig Kvk -dir "$tmp/c" 2>&1)
if grep -q "2 table files refused: [^ ]*tabal-Kvk.dtb: [^;]*; [^ ]*tabal-Kvm.dtb: " <<<"$msg" && [ "$(grep "^dablo-tb:" <<<"$msg" | grep -o refused | wc -l)" -eq 1 ]; then ok "two refused files, both named"; else bad "two refused: $msg"; fi
out=$( (printf '%s\n' "setoption name Variant value tabal" "setoption name TablebasePath value $tmp/c" isready) | bin/dablo 2>&1)
if grep -q "info string error: 2 table file(s) refused: .*tabal-Kvk.dtb.*tabal-Kvm.dtb" <<<"$out"; then ok "engine names both refused files"; else bad "engine refused: $(grep refused <<<"$out")"; fi
# A capture that ends the game is a mate at every depth, with tables too
# (the table's entry of the position after it, a loss of distance 0, was
# scored as a table win: cp 30870 from depth 2).
out=$( (printf '%s\n' "setoption name Variant value tabal" "setoption name TablebasePath value $tmp/a" \
    "position fen 3/3/5/1m3/2m2/2M2/5/3/3 w 0 1" 'go depth 3'; sleep 1) | bin/dablo 2>&1)
scores=$(grep -o 'depth [0-9] .*score [a-z]* -*[0-9]*' <<<"$out" | sed 's/seldepth.*score/score/' | tr '\n' ',')
same "a game-ending capture is mate 1 at depths 1-3 with tables" "depth 1 score mate 1,depth 2 score mate 1,depth 3 score mate 1," "$scores"
# A mate the tree holds stays a mate in every iteration, with its whole PV
# and a ponder move (the position after c2-c3 is a table loss for Black:
# from depth 2 that cut the search, cp 30870 with a one-move PV).
out=$( (printf '%s\n' "setoption name Variant value tabal" "setoption name TablebasePath value $tmp/a" \
    "position fen 3/3/5/5/5/5/M3k/1K1/3 w 0 1" 'go depth 4'; sleep 1) | bin/dablo 2>&1)
scores=$(grep -o 'depth [0-9] .*score [a-z]* -*[0-9]*\|pv .*' <<<"$out" | sed 's/seldepth.*score/score/' | paste -sd ' ')
same "a mate in a table position stays mate 2 with its PV at depths 1-4" \
    "$(for d in 1 2 3 4; do printf 'depth %d score mate 2 pv c2-c3 e3xb3 a3xc3 ' $d; done)" "$scores "
same "... and a ponder move" "bestmove c2-c3 ponder e3xb3" "$(grep '^bestmove' <<<"$out")"
# tbhits counts the root itself: a search of depth 1 from a table position.
out=$( (printf '%s\n' "setoption name TablebasePath value $tmp/a" "position fen $fen" 'go depth 1'; sleep 1) | bin/dablo 2>&1)
hits=$(grep -o 'tbhits [0-9]*' <<<"$out" | tail -1 | awk '{print $2}')
if [ "${hits:-0}" -ge 1 ]; then ok "tbhits counts a root in the tables ($hits)"; else bad "root tbhits: ${hits:-none}"; fi
# Standard output that cannot be written (a full disk): exit 1, the cause named.
full_stdout "sample > /dev/full: exit 1, 'cannot write stdout' and the cause" $TB sample -variant tabal -dir "$tmp/a" -sample 3 -seed 3
full_stdout "list > /dev/full" $TB list -variant tabal -pieces 3
full_stdout "probe > /dev/full" $TB probe -variant tabal -fen "3/3/5/5/2k2/2K2/4K/3/3 w 0 1" -dir "$tmp/a"
full_stdout "--help > /dev/full" $TB --help
full_stdout "--version > /dev/full" $TB --version

finish
