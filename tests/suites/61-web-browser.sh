#!/usr/bin/env bash
# dablo-web's page in a real headless browser (Debian's chromium driven by
# puppeteer-core, tests/web/browser.test.js): play a move by clicking and
# see dablo's reply within its time, an illegal click refused, back and
# forward, flip, point names, the game-over banner of a nearly finished
# Tabal game, a dablo-match PGN loaded and stepped through, analysis with
# two lines and arrows, a take-back while analysing (no line of the
# position before shown, the lines that came kept when the same state
# comes again, a late line of another position dropped).  Screenshots go to build/web-screens/.  Needs
# chromium, node and tests/web/node_modules (tools/install-deps.sh).
# Budget: ~30 s.
set -u
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
spid=
trap '[ -n "$spid" ] && kill -9 "$spid" 2>/dev/null; rm -rf "$tmp"' EXIT
. tests/lib.sh
finish() { suite_end web-browser; }
missing=
command -v node >/dev/null || missing="node"
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || missing="$missing chromium"
[ -f tests/web/node_modules/puppeteer-core/package.json ] || missing="$missing puppeteer-core (tests/web/node_modules)"
if [ -n "$missing" ]; then
    echo "FAIL not installed:$missing (run tools/install-deps.sh)"
    fail=1
    finish
fi

# A short dablo-match game to load.
bin/dablo-match -variant dablot -engine cmd=bin/dablo name=d1 depth=1 -engine cmd=bin/dablo name=d2 depth=2 \
    -games 1 -rounds 1 -pgnout "$tmp/game.pgn" >/dev/null 2>&1

bin/dablo-web -port 0 -engine cmd=bin/dablo name=dablo >"$tmp/url" 2>"$tmp/err" &
spid=$!
for _ in $(seq 600); do
    [ -s "$tmp/url" ] && break
    sleep 0.05
done
url=$(head -n 1 "$tmp/url")
mkdir -p build/web-screens
out=$(cd tests/web && timeout 180 node browser.test.js "$url" "$tmp/game.pgn" "$OLDPWD/build/web-screens" 2>&1)
echo "$out" | grep -v '^CHECKS'
line=$(grep -E '^CHECKS [0-9]+ passed, [0-9]+ failed' <<<"$out" | tail -n 1)
if [ -z "$line" ]; then
    echo "FAIL the browser test printed no CHECKS line"
    fail=$((fail + 1))
else
    pass=$((pass + $(sed -E 's/CHECKS ([0-9]+) passed.*/\1/' <<<"$line")))
    fail=$((fail + $(sed -E 's/.* ([0-9]+) failed/\1/' <<<"$line")))
fi
kill -TERM "$spid"
wait "$spid" 2>/dev/null
rc=$?
if [ "$rc" -eq 143 ]; then
    pass=$((pass + 1))
    echo "ok   dablo-web ended cleanly after the browser closed (SIGTERM: exit status 128 + 15)"
else
    fail=$((fail + 1))
    echo "FAIL dablo-web exit status $rc: $(head -c 300 "$tmp/err")"
fi
spid=
finish
