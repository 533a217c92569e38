#!/usr/bin/env bash
# The documents stay true: every relative link of README.md, docs/*.md and
# the other Markdown files of the repository points to a file that exists
# (and, for "file.md#anchor", to a heading of that file); README.md stays
# within 10 KB; the README's option table lists exactly the options
# `bin/dablo uci` reports, with their types and defaults.  The link checker
# is first run on a small broken document, so a checker that finds nothing
# fails here.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

# links, anchors and check_links: the Markdown link checker, which
# 70-install.sh runs on the installed documents too.
. tests/links.sh

# ---- the checker catches what it should ------------------------------
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/sub"
cat >"$tmp/a.md" <<'EOF'
# Title here
## Second: part (two)
[good](sub/b.md) [good anchor](#second-part-two) [good too](sub/b.md#the-end)
[missing](nothere.md) [bad anchor](sub/b.md#nowhere) <img src="gone.svg">
`[in code](ignored.md)`
```
[in a fence](ignored-too.md)
```
[web](https://example.org/x.md)
EOF
printf '# The end\n[back](../a.md#title-here)\n' >"$tmp/sub/b.md"
out=$(check_links "$tmp/a.md" "$tmp/sub/b.md")
rc=$?
want=$(printf '%s\n' "$tmp/a.md: broken link nothere.md" "$tmp/a.md: broken link sub/b.md#nowhere" \
    "$tmp/a.md: broken link gone.svg")
got=$(sed -E 's/ \(.*//' <<<"$out")
if [ $rc -ne 0 ] && [ "$got" = "$want" ]; then
    ok "the link checker finds exactly the 3 broken links of a test document"
else
    bad "the link checker on a test document (status $rc) said: $out"
fi

# ---- the repository's documents --------------------------------------
# The Markdown files git knows or would add (not the ignored ones), else all.
mapfile -t docs < <({ git ls-files --cached --others --exclude-standard '*.md' 2>/dev/null ||
    find . -name '*.md' -not -path './build/*' | sed 's#^\./##'; } | sort -u |
    while IFS= read -r f; do [ -f "$f" ] && echo "$f"; done)
nlinks=0
for f in "${docs[@]}"; do nlinks=$((nlinks + $(links "$f" | grep -vc '^https\?://'))); done
if out=$(check_links "${docs[@]}"); then
    ok "all $nlinks relative links of ${#docs[@]} Markdown files resolve"
else
    bad "broken links:"
    echo "$out"
fi
for f in README.md docs/README.md docs/strength.md docs/match.md docs/stats.md docs/engine.md; do
    [ -f "$f" ] && ok "$f exists" || bad "$f is missing"
done

size=$(wc -c <README.md)
if [ "$size" -le 10240 ]; then
    ok "README.md is $size bytes (at most 10240)"
else
    bad "README.md is $size bytes, more than 10240: move details to docs/"
fi

# ---- README's dablo-svg example runs -----------------------------------
# The README shows every program at work; dablo-svg's line must draw.
svgcmd=$(grep -o '`bin/dablo-svg [^`]*`' README.md | head -n 1 | tr -d '`')
if [ -z "$svgcmd" ]; then
    bad "README.md has no usage line for bin/dablo-svg"
elif read -ra words <<<"$svgcmd" && (cd "$tmp" && "$OLDPWD/${words[0]}" "${words[@]:1}") &&
    grep -q '<svg' "$tmp/board.svg"; then
    ok "README's dablo-svg line draws ($svgcmd)"
else
    bad "README's dablo-svg line fails: $svgcmd"
fi

# ---- README's dablo-tune example runs ----------------------------------
# Its lines, comments cut, run in order in an empty folder (gen's data is
# fit's input), and fit writes the weights as C source.
mkdir "$tmp/tune"
tune_ok=0
while IFS= read -r cmd; do
    tune_ok=$((tune_ok + 1))
    read -ra words <<<"${cmd%%#*}"
    if ! (cd "$tmp/tune" && "$OLDPWD/${words[0]}" "${words[@]:1}") >"$tmp/tune.log" 2>&1; then
        cat "$tmp/tune.log"
        tune_ok=-1
        break
    fi
done < <(grep '^bin/dablo-tune ' README.md)
if [ "$tune_ok" -lt 2 ]; then
    bad "README's dablo-tune lines (gen, then fit) run"
elif grep -q '^const EvalWeights eval_default_weights' "$tmp"/tune/*.c; then
    ok "README's dablo-tune lines run: gen makes data, fit writes weights"
else
    bad "README's dablo-tune fit wrote no weights source"
fi

# ---- README's option table against the engine ------------------------
# Rows "| `Name` | type | `default` | ..." of the section "## Options".
table=$(awk '/^## /{ inopt = ($0 == "## Options") } inopt && /^\| `/' README.md |
    sed -E 's/^\| `([^`]+)` \| ([a-z]+) \| *`?([^`| ]*)`? *\|.*/\1|\2|\3/')
engine=$(bin/dablo uci </dev/null | sed -nE 's/^option name (.+) type ([a-z]+)( default ([^ ]*))?.*/\1|\2|\4/p')
if [ -z "$engine" ]; then
    bad "bin/dablo uci lists no options"
elif [ "$(sort <<<"$table")" = "$(sort <<<"$engine")" ]; then
    ok "README's option table matches bin/dablo uci ($(wc -l <<<"$engine") options, types and defaults)"
else
    bad "README's option table differs from bin/dablo uci:"
    diff <(sort <<<"$table") <(sort <<<"$engine") | sed 's/^/    /'
fi

# ---- README's performance table against bench/REPORT.md ---------------
# The ratios to Stockfish (perft: Dablot; Tabal, bench), the time to uciok
# and the peak memory after go depth 10, each as REPORT.md gives it.
report_ratio() { awk -F'|' -v row="$1" -v col="$2" '$2 ~ row { gsub(/ /, "", $col); print $col; exit }' bench/REPORT.md; }
want="$(printf '%.2fx; %.2fx' "$(report_ratio 'dablot start' 6)" "$(report_ratio 'tabal start' 6)")|$(printf '%.2fx' "$(report_ratio 'dablo `bench`' 5)")"
want="$want|$(awk -F'|' '/start to `uciok`/ { split($3, v, " "); printf "%.0f", v[1]; exit }' bench/REPORT.md)"
want="$want|$(awk -F'|' '/after `go depth 10`/ { gsub(/ /, "", $3); print $3 " MiB"; exit }' bench/REPORT.md)"
have=$(awk -F'|' '/^## /{ inperf = ($0 == "## Performance") } inperf && /^\| (perft|`bench`|start to|peak memory)/ { gsub(/^ +| +$/, "", $3); print $3 }' README.md | paste -sd'|')
if [ "$have" = "$want" ]; then
    ok "README's performance table matches bench/REPORT.md ($have)"
else
    bad "README's performance table '$have' differs from bench/REPORT.md '$want'"
fi

# PROTOCOL.md section 1.4 says whose side `play black` names: the engine's,
# as the terminal's help says (src/frontend/play.c) and 31-terminal.sh checks.
if grep -q '`play black` has the engine move Black and the player White' protocol/PROTOCOL.md &&
    grep -q '"the side dablo plays (none: you move both)"' src/frontend/play.c; then
    ok "PROTOCOL.md 1.4: play white|black names the engine's side, as play.c does"
else
    bad "PROTOCOL.md 1.4 does not say that play white|black names the engine's side"
fi

# PROTOCOL.md section 7 gives the error line of each malformed go perft
# and perft as the engine writes it (the word in question as <w>).
missing=""
for cmd in 'go perft' 'go perft abc' 'go perft 2 abc' 'perft abc'; do
    line=$(echo "$cmd" | bin/dablo 2>&1 | sed -n 's/^info string error: //p' | sed "s/'abc'/'<w>'/")
    if [ -z "$line" ] || ! grep -qF "$line\`" protocol/PROTOCOL.md; then
        missing="$missing [$cmd: '$line']"
    fi
done
if [ -z "$missing" ]; then
    ok "PROTOCOL.md section 7 gives the engine's error lines of go perft and perft"
else
    bad "PROTOCOL.md section 7 lacks the error line of:$missing"
fi

# docs/strength.md's index lists every entry, in the entries' order, so a
# new entry cannot be left out of it.
index=$(grep -oE '^- \[[^]]*\]\(#20[^)]*\)' docs/strength.md | sed -E 's/.*\(#//; s/\)$//')
entries=$(grep -E '^## 20' docs/strength.md > "$tmp/heads.md" && anchors "$tmp/heads.md")
if [ -n "$entries" ] && [ "$index" = "$entries" ]; then
    ok "docs/strength.md's index names its $(wc -l <<<"$entries") entries in order"
else
    bad "docs/strength.md's index differs from its entries:"
    diff <(echo "$index") <(echo "$entries") | sed 's/^/    /' | head -10
fi

suite_end docs
