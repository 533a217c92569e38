#!/usr/bin/env bash
# bench/startup.sh - the start-up section of `make bench` (bench/run.sh),
# also run alone: `bash bench/startup.sh [RUNS]` after `make build/startup
# build/count/dablo` (and build/dablo-static, if it is to be measured).
# Prints a markdown table: for bin/dablo, build/dablo-static when it is
# built, and the floor (build/startup --answer: a process that only
# answers uciok, built and linked to libc as bin/dablo is), in the same
# run, taking turns (build/startup, bench/startup.c):
#   - the time from fork() to the read that brings uciok: median (min..max);
#   - the CPU time (user + sys) and minor page faults, fork to exit, medians:
#     on a loaded machine these move far less than the time;
#   - valgrind's instruction count from start to exit (`uci`, `quit`),
#     when valgrind is installed: bin/dablo's is that of build/count/dablo,
#     the same sources at -march=x86-64-v3 (valgrind 3.19 does not decode
#     AVX-512 and stops the program at the first such instruction).
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-100}
progs=(bin/dablo)
[ -x build/dablo-static ] && progs+=(build/dablo-static)
progs+=("build/startup --answer")

out=$(build/startup "$runs" "${progs[@]}") || { echo "build/startup failed"; exit 1; }
# field LINE NAME: the value after NAME on line LINE of build/startup's output
field() { awk -v n="$1" -v f="$2" 'NR == n { for (i = 3; i < NF; i++) if ($i == f) print $(i + 1) }' <<<"$out"; }
# instructions PROGRAM...: valgrind's count from start to exit, or n/a
instructions() {
    command -v valgrind >/dev/null 2>&1 || { echo "n/a (no valgrind)"; return; }
    local log
    log=$(printf 'uci\nquit\n' | valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null) &&
        awk '/I *refs:/ { print $NF }' <<<"$log" || echo "n/a (valgrind failed)"
}

echo "| program | ms to \`uciok\`, $runs runs: median (min..max) | CPU ms | page faults | instructions to exit |"
echo "|---|---:|---:|---:|---:|"
for i in "${!progs[@]}"; do
    p=${progs[$i]}
    case $p in
        bin/dablo) name="\`bin/dablo\`"; ins=$(instructions build/count/dablo) ;;
        build/dablo-static) name="\`build/dablo-static\` (\`make STATIC=1\`)"; ins="n/a (-march=native)" ;;
        *) name="the floor (\`$p\`)"; ins=$(instructions $p) ;;
    esac
    n=$((i + 1))
    echo "| $name | $(field $n median_ms) ($(field $n min_ms)..$(field $n max_ms)) | $(field $n cpu_ms) | $(field $n faults) | $ins |"
done
