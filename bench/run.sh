#!/usr/bin/env bash
# make bench: one report, every figure measured in this run on this machine,
# each beside its anchor.  Printed to the terminal and written to
# bench/REPORT.md.  Timings are our own repeated runs: the median, with the
# spread (min..max) in brackets.
#
#   BENCH_RUNS=5        repetitions of each timing (default 5)
#   BENCH_QUICK=1       fewer and shallower runs (a smoke test of the script)
#   BENCH_PGO=0         skip the profile-guided build (make pgo-build; on by
#                       default, off with BENCH_QUICK=1)
#   TTD_DABLOT=12 TTD_TABAL=16   depths of the time-to-depth runs
#   TTD_POSITIONS=6     positions a game of the time-to-depth sums
set -uo pipefail
cd "$(dirname "$0")/.."

RUNS=${BENCH_RUNS:-5}
QUICK=${BENCH_QUICK:-0}
SF=/usr/games/stockfish
REPORT=bench/REPORT.md
DABLO=bin/dablo
if [ "$QUICK" = 1 ]; then RUNS=3; fi

bash tools/install-deps.sh bench || echo "warning: could not install stockfish/hyperfine; their anchors are skipped"

out=$(mktemp)
trap 'rm -f "$out"' EXIT
say() { printf '%s\n' "$*" | tee -a "$out"; }

# median and spread of numbers on stdin -> "median (min..max)"; $1 = printf format
stats() {
    grep -v '^$' | sort -g | awk -v f="${1:-%.0f}" '{a[NR]=$1} END {
        if (NR == 0) { print "n/a"; exit }
        m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2
        printf(f " (" f ".." f ")\n", m, a[1], a[NR]) }'
}
median() { grep -v '^$' | sort -g | awk '{a[NR]=$1} END { if (NR==0) print 0; else print (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2 }'; }
now_ns() { date +%s%N; }

cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
say "# dablo benchmark report"
say ""
say "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
say "- machine: $(nproc) cores, ${cpu:-unknown CPU}, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
say "- dablo: $(git rev-parse --short HEAD 2>/dev/null || echo unknown), built with \`make\` ($(cc --version | head -1))"
if [ -x "$SF" ]; then
    say "- anchor: $("$SF" quit 2>/dev/null | head -1 | sed 's/ by.*//') (Debian package stockfish)"
fi
say "- timings: median of $RUNS runs, (min..max) in brackets"
say "- load average at the start (other work on the machine slows both engines alike): $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
say ""

# ---------------------------------------------------------------- perft
say "## Perft (leaves/s, one thread, bulk counting at the last ply)"
say ""
dd=6; td=11
[ "$QUICK" = 1 ] && { dd=5; td=9; }
# One dablo run and one Stockfish run in turn, RUNS times: the machine's
# speed drifts over minutes (a virtual machine's neighbours), and runs
# taken side by side see the same drift.
sfd=6; [ "$QUICK" = 1 ] && sfd=5
st=0
if [ -x "$SF" ]; then
    st=$(for i in $(seq "$RUNS"); do
        t0=$(now_ns); printf 'quit\n' | "$SF" >/dev/null 2>&1; t1=$(now_ns); echo $(( t1 - t0 ))
    done | median)
fi
pb_all=""; sf_list=""; sfn=0
for i in $(seq "$RUNS"); do
    pb_all+=$(build/perft_bench 1 "$dd" "$td")$'\n'
    if [ -x "$SF" ]; then
        t0=$(now_ns); sfn=$(printf 'position startpos\ngo perft %d\nquit\n' "$sfd" | "$SF" 2>/dev/null | awk '/Nodes searched/ {print $3}'); t1=$(now_ns)
        sf_list+=$(awk -v n="$sfn" -v t="$(( t1 - t0 ))" -v s="$st" 'BEGIN {printf "%.0f", n / ((t - s) / 1e9)}')$'\n'
    fi
done
sf_lps=0
[ -n "$sf_list" ] && sf_lps=$(median <<<"$sf_list")
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
say "| position | depth | leaves | leaves/s | vs Stockfish perft $sfd | all nodes/s |"
say "|---|---:|---:|---:|---:|---:|"
for v in dablot tabal; do
    rows=$(awk -v v="$v" '$2 == v' <<<"$pb_all")
    d=$(awk 'NR == 1 {print $4}' <<<"$rows"); n=$(awk 'NR == 1 {print $6}' <<<"$rows")
    med=$(awk '{print $8}' <<<"$rows" | median)
    nps=$(awk '{print $16}' <<<"$rows" | median)
    [ "$v" = dablot ] && dab_lps=$med || tab_lps=$med
    say "| $v start | $d | $n | $(awk '{print $8}' <<<"$rows" | stats %.3g) | $(ratio "$med" "$sf_lps") | $(printf '%.3g' "$nps") |"
done
if [ "$sf_lps" != 0 ]; then
    say "| chess start (Stockfish) | $sfd | $sfn | $(stats %.3g <<<"$sf_list") | 1.00 | |"
fi
say ""
say "Stockfish's time is the whole \`go perft\` run minus its median start-up time."
say "All nodes/s counts every node of plies 1..depth (made or, at the last ply,"
say "counted) in the median run's time: where the branching is small (Tabal),"
say "bulk counting saves little and this is the fair figure."
say ""

# ---------------------------------------------------------------- search nps
say "## Search speed (\`bench\`, 1 thread)"
say ""
nps_list=""; sig=""
for i in $(seq "$RUNS"); do
    b=$("$DABLO" bench 2>&1)
    sig=$(awk -F: '/Nodes searched/ {gsub(/ /, "", $2); print $2}' <<<"$b" | tail -1)
    nps_list+=$(awk -F: '/Nodes\/second/ {gsub(/ /, "", $2); print $2}' <<<"$b" | tail -1)$'\n'
done
dablo_nps=$(median <<<"$nps_list")
sf_nps=0
if [ -x "$SF" ]; then
    sf_list=""
    for i in $(seq "$RUNS"); do
        sf_list+=$("$SF" bench 2>&1 | awk -F: '/Nodes\/second/ {gsub(/ /, "", $2); print $2}')$'\n'
    done
    sf_nps=$(median <<<"$sf_list")
fi
say "| engine | nodes | nodes/s | ratio |"
say "|---|---:|---:|---:|"
say "| dablo \`bench\` | ${sig:-n/a} | $(stats %.0f <<<"$nps_list") | $(ratio "$dablo_nps" "$sf_nps") |"
[ "$sf_nps" != 0 ] && say "| Stockfish \`bench\` | | $(stats %.0f <<<"$sf_list") | 1.00 |"
say ""

# ---------------------------------------------------------------- pgo
# The profile-guided build (mk/pgo.mk) against bin/dablo, `bench` runs
# alternating so that both see the same load.
pgo_default=1; [ "$QUICK" = 1 ] && pgo_default=0
if [ "${BENCH_PGO:-$pgo_default}" = 1 ]; then
    say "## Profile-guided build (\`make pgo\`: -fprofile-use -flto, trained on \`bench\`)"
    say ""
    if make --no-print-directory pgo-build >/dev/null 2>&1; then
        plain_list=""; pgo_list=""; pgo_sig=""
        for i in $(seq "$RUNS"); do
            plain_list+=$("$DABLO" bench 2>&1 | awk -F: '/Nodes\/second/ {gsub(/ /, "", $2); print $2}' | tail -1)$'\n'
            b=$(build/pgo/dablo bench 2>&1)
            pgo_sig=$(awk -F: '/Nodes searched/ {gsub(/ /, "", $2); print $2}' <<<"$b" | tail -1)
            pgo_list+=$(awk -F: '/Nodes\/second/ {gsub(/ /, "", $2); print $2}' <<<"$b" | tail -1)$'\n'
        done
        say "| build | nodes | nodes/s | ratio |"
        say "|---|---:|---:|---:|"
        say "| \`make\` (bin/dablo) | ${sig:-n/a} | $(stats %.0f <<<"$plain_list") | 1.00 |"
        say "| \`make pgo\` (build/pgo/dablo) | ${pgo_sig:-n/a} | $(stats %.0f <<<"$pgo_list") | $(ratio "$(median <<<"$pgo_list")" "$(median <<<"$plain_list")") |"
    else
        say "\`make pgo-build\` failed: no figures."
    fi
    say ""
fi

# ---------------------------------------------------------------- time to depth
say "## Time to depth (start positions, Hash 64 MiB)"
say ""
# ttd VARIANT THREADS DEPTH -> milliseconds from "go" to "bestmove"
ttd() {
    coproc ENG { "$DABLO" 2>/dev/null; }
    local line
    printf 'setoption name Variant value %s\nsetoption name Threads value %s\nsetoption name Hash value 64\nucinewgame\nisready\n' "$1" "$2" >&"${ENG[1]}"
    while read -r -t 30 line <&"${ENG[0]}"; do [[ $line == readyok* ]] && break; done
    local t0 t1
    t0=$(now_ns)
    printf 'go depth %s\n' "$3" >&"${ENG[1]}"
    while read -r -t 600 line <&"${ENG[0]}"; do [[ $line == bestmove* ]] && break; done
    t1=$(now_ns)
    printf 'quit\n' >&"${ENG[1]}"
    wait "$ENG_PID" 2>/dev/null
    echo $(( (t1 - t0) / 1000000 ))
}
declare -A ttd_depth
say "| position | depth | 1 thread (ms) | 2 threads (ms) | speedup |"
say "|---|---:|---:|---:|---:|"
for spec in "dablot ${TTD_DABLOT:-12}" "tabal ${TTD_TABAL:-16}"; do
    set -- $spec
    v=$1; d=$2
    [ "$QUICK" = 1 ] && d=$((d - 4))
    l1=""; l2=""
    for i in $(seq "$RUNS"); do
        l1+=$(ttd "$v" 1 "$d")$'\n'
        l2+=$(ttd "$v" 2 "$d")$'\n'
    done
    m1=$(median <<<"$l1"); m2=$(median <<<"$l2")
    say "| $v start | $d | $(stats %.0f <<<"$l1") | $(stats %.0f <<<"$l2") | $(ratio "$m1" "$m2") |"
    ttd_depth[$v]=$d
done
say ""
# One start position spreads 1.5x-2.4x from run to run (docs/speed.md):
# the same over TTD_POSITIONS positions, each position's median summed.
npos=${TTD_POSITIONS:-6}
[ "$QUICK" = 1 ] && npos=2
say "The same over $npos positions of each game (start and \`bench/openings/*-balanced.fen\`;"
say "\`bench/smp_ttd.py\`: wall = sum T1 / sum T2 of the positions' medians; cpu and"
say "nodes: 2 C1 / C2 and 2 N1 / N2, the speed-up were each thread on its own core):"
say ""
if smp=$(python3 bench/smp_ttd.py -r "$RUNS" -p "$npos" -d "${ttd_depth[dablot]}" \
        -t "${ttd_depth[tabal]}" "$DABLO" 2>/dev/null); then
    say "$(sed -n '/^| engine | game/,/^$/p' <<<"$smp" | sed '/^$/d')"
else
    say "\`bench/smp_ttd.py\` failed: no figures."
fi
say ""

# ---------------------------------------------------------------- start-up and memory
say "## Start-up and memory"
say ""
# bench/startup.sh: build/startup (bench/startup.c) times each start from
# fork() to the read that brings uciok, no shell in between (a bash loop
# reading the answer byte by byte and timing with date(1) took 15-20 ms by
# itself), beside the floor, run for run: a process that only answers
# uciok; and gives CPU time, page faults and instruction counts.
make --no-print-directory -s build/startup build/count/dablo build/dablo-static 2>/dev/null
supruns=$((RUNS * 20))
sup=$(bash bench/startup.sh "$supruns")
# sup_ms ROW: the median (min..max) of the table row whose first cell matches ROW
sup_ms() { awk -F'|' -v r="$1" '$2 ~ r { gsub(/^ +| +$/, "", $3); print $3; exit }' <<<"$sup"; }
say "| measure | value |"
say "|---|---:|"
say "| time from start to \`uciok\` (ms, $supruns runs: median (min..max)) | $(sup_ms 'bin/dablo') |"
say "| the same for a process that only answers \`uciok\` (the floor) | $(sup_ms 'the floor') |"
for h in 16 256; do
    kb=$( { /usr/bin/time -f '%M' "$DABLO" >/dev/null 2>/dev/null <<<"setoption name Hash value $h
isready
quit"; } 2>&1 | tail -1)
    if ! [[ $kb =~ ^[0-9]+$ ]]; then
        kb=$( ( printf 'setoption name Hash value %s\nisready\nquit\n' "$h" | /usr/bin/time -f '%M' "$DABLO" >/dev/null ) 2>&1 | tail -1)
    fi
    say "| peak resident memory, Hash $h MiB (MiB) | $(awk -v k="$kb" 'BEGIN {printf "%.1f", k / 1024}') |"
done
# The same after a search has filled the table (the target: at most Hash + 4 MiB).
kb=$( ( printf 'setoption name Hash value 16\ngo depth 10\n'; sleep 1; printf 'isready\n'; sleep 1; printf 'quit\n' ) |
      /usr/bin/time -f '%M' "$DABLO" 2>&1 >/dev/null | tail -1)
say "| peak resident memory after \`go depth 10\` from the Dablot start, Hash 16 MiB (MiB) | $(awk -v k="$kb" 'BEGIN {printf "%.1f", k / 1024}') |"
say ""
say "Start-up beside the floor, in the same run (bench/startup.sh; CPU time and"
say "page faults from fork to exit):"
say ""
say "$sup"
say ""

# ---------------------------------------------------------------- match runner
say "## Match runner (depth 1, both engines bin/dablo, Tabal, generated openings)"
say ""
games=200; [ "$QUICK" = 1 ] && games=40
tmp=$(mktemp -d)
bin/dablo-match -genopenings $((games / 2)) plies=6 -variant tabal -srand 1 out="$tmp/book.fen" >/dev/null 2>&1
t0=$(now_ns)
/usr/bin/time -f '%U %S' -o "$tmp/time" bin/dablo-match -engine cmd="$DABLO" name=a -engine cmd="$DABLO" name=b \
    -each depth=1 -variant tabal -openings file="$tmp/book.fen" -games 2 -rounds $((games / 2)) -repeat \
    -concurrency 2 -quiet -results "$tmp/results.txt" >"$tmp/out.txt" 2>&1
t1=$(now_ns)
played=$(grep -c '^game=' "$tmp/results.txt" 2>/dev/null || echo 0)
total_cpu=$(awk '{print $1 + $2}' "$tmp/time")
# dablo-match's own account (getrusage of itself and of its reaped engines):
#   CPU: runner 0.53 s, engines 495.05 s; runner share 0.11%
cpu_line=$(grep -E '^CPU: runner ' "$tmp/out.txt" | tail -1)
self_cpu=$(sed -nE 's/^CPU: runner ([0-9.]+) s, engines ([0-9.]+) s.*/\1/p' <<<"$cpu_line")
eng_cpu=$(sed -nE 's/^CPU: runner ([0-9.]+) s, engines ([0-9.]+) s.*/\2/p' <<<"$cpu_line")
say "| measure | value |"
say "|---|---:|"
say "| games played | $played |"
say "| throughput (games/min, concurrency 2) | $(awk -v g="$played" -v a="$t0" -v b="$t1" 'BEGIN {printf "%.0f", g / ((b - a) / 6e10)}') |"
say "| CPU time, runner and engines, by /usr/bin/time (s) | $total_cpu |"
if [ -n "$self_cpu" ]; then
    say "| runner's own CPU time / engines' CPU time (s) | $self_cpu / $eng_cpu |"
    say "| runner's share of all CPU time | $(awk -v s="$self_cpu" -v e="$eng_cpu" 'BEGIN { if (s + e > 0) printf "%.2f%%", 100 * s / (s + e); else print "n/a" }') |"
else
    say "| runner's share of all CPU time | n/a (no CPU line in dablo-match's output) |"
fi
say ""
say "Depth 1 is the worst case for the runner's share: the engines do almost nothing."
rm -rf "$tmp"
say ""

# ------------------------------------------------ moves on time under load
[ "$QUICK" = 1 ] && export STOP_MOVES=5 STOP_STOPS=10
bash bench/stoplatency.sh | tee -a "$out"

cp "$out" "$REPORT"
echo "report written to $REPORT"
