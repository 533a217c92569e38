#!/usr/bin/env bash
# Moves on time under load: the distribution (median, p90, p99, max) of how
# far a fixed-time search of bin/dablo overruns its budget, and of how long
# it takes to answer stop, measured over pipes by build/stoplatency
# (bench/stoplatency.c), first alone, then beside CPU hogs at the engine's
# own priority (one busy loop a core).  Prints a markdown section; with
# --update it also replaces that section of bench/REPORT.md (make bench
# writes it with the rest of the report).
#
#   STOP_MOVETIME=500 STOP_MOVES=40 STOP_STOPS=100 STOP_OVERHEAD=  (default: the engine's)
#   STOP_ENGINE=bin/dablo  the engine measured
#   STOP_BASELINE=PATH     another build measured beside it, run for run (rows say which)
set -uo pipefail
cd "$(dirname "$0")/.."
update=0
[ "${1:-}" = --update ] && update=1
MT=${STOP_MOVETIME:-500}
MOVES=${STOP_MOVES:-40}
STOPS=${STOP_STOPS:-100}
OVERHEAD=${STOP_OVERHEAD:-}
ENGINE=${STOP_ENGINE:-bin/dablo}
BASELINE=${STOP_BASELINE:-}
make --no-print-directory -s build/stoplatency bin/dablo >&2 || exit 1
ncpu=$(nproc)
hogs=()
stop_hogs() {
    local p
    for p in "${hogs[@]}"; do kill "$p" 2>/dev/null; done
    for p in "${hogs[@]}"; do wait "$p" 2>/dev/null; done
    hogs=()
}
trap stop_hogs EXIT

# run LABEL ENGINE: one measurement, as table rows
run() {
    local label=$1 engine=$2 out load
    load=$(cut -d' ' -f1 /proc/loadavg)
    [ -z "$BASELINE" ] || label="$label, $engine"
    out=$(build/stoplatency "$engine" "$MT" "$MOVES" "$STOPS" $OVERHEAD) || return 1
    local ov
    ov=$(awk '$1 == "overhead" {print $2}' <<<"$out")
    awk -v label="$label" -v load="$load" -v mt="$MT" -v ov="$ov" '
        $1 == "reported-minus-budget" { what = "engine'"'"'s reported time - budget (" mt " - " ov " ms)" }
        $1 == "host-minus-movetime"   { what = "bestmove seen by the host - movetime " mt " ms" }
        $1 == "stop-latency"          { what = "stop to bestmove" }
        NF == 6 { printf("| %s | %s | %s | %d | %s | %s | %s | %s |\n", label, load, what, $2, $3, $4, $5, $6) }' <<<"$out"
}

section=$(mktemp)
{
    echo "## Moves on time under load (\`bench/stoplatency.sh\`)"
    echo ""
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'), $ncpu cores, dablo $(git rev-parse --short HEAD 2>/dev/null || echo unknown): $ENGINE${BASELINE:+ beside $BASELINE}"
    echo "- $MOVES searches \`go movetime $MT\` and $STOPS \`go infinite\` stopped after 20..200 ms, over pipes"
    echo "  (\`build/stoplatency\`); hogs: $ncpu busy loops at the engine's priority"
    echo "- load: the 1-minute load average when the run started; other work on the machine"
    echo "  counts, so figures from a shared machine are upper bounds (rerun on a quiet one)"
    echo "- the host's figure is what a runner charges: above 0, the move came after its movetime."
    echo "  When the timer thread gives the bestmove (docs/engine.md, \"Time management\"), the"
    echo "  last info line is the last completed iteration's, so the engine's own time may be"
    echo "  below its budget"
    echo ""
    echo "| run | load | measure (ms) | n | median | p90 | p99 | max |"
    echo "|---|---:|---|---:|---:|---:|---:|---:|"
    for e in $BASELINE "$ENGINE"; do run "alone" "$e" || exit 1; done
    for _ in $(seq "$ncpu"); do
        (while :; do :; done) &
        hogs+=($!)
    done
    sleep 1
    for e in $BASELINE "$ENGINE"; do run "$ncpu hogs" "$e" || exit 1; done
    stop_hogs
    echo ""
} >"$section"
cat "$section"
if [ "$update" = 1 ]; then
    report=bench/REPORT.md
    tmp=$(mktemp)
    # the report up to this section (or all of it), the section, then what followed it
    awk -v f="$section" '
        /^## Moves on time under load/ { skip = 1; while ((getline l < f) > 0) print l; done = 1; next }
        skip && /^## / { skip = 0 }
        !skip { print }
        END { if (!done) { print ""; while ((getline l < f) > 0) print l } }' "$report" >"$tmp" && mv "$tmp" "$report"
    echo "section written to $report" >&2
fi
rm -f "$section"
