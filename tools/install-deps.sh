#!/usr/bin/env bash
# Installs the Debian packages dablo needs, only when one is missing.  As
# root it runs apt-get; otherwise it prints the exact command to run (or
# uses sudo when that works without a password).
#
#   tools/install-deps.sh build    what `make` needs (make match, make play)
#   tools/install-deps.sh          build + test packages (make test, CI)
#   tools/install-deps.sh bench    also what `make bench` needs (stockfish, hyperfine)
#
# The tests also need, for dablo-web's browser tests, Node.js with npm
# (Debian nodejs and npm, unless a node and npm are already on PATH) and
# puppeteer-core, the version pinned in tests/web/package-lock.json: `npm
# ci` installs it into tests/web/node_modules (ignored by git), never
# globally.  `build` installs neither.
set -euo pipefail
purpose=${1:-test}
case $purpose in build|test|bench) ;; *) echo "usage: tools/install-deps.sh [build|test|bench]" >&2; exit 2;; esac
pkgs=(build-essential pkg-config libreadline-dev libzstd-dev libmicrohttpd-dev help2man)
if [ "$purpose" != build ]; then
    pkgs+=(check tmux clang librsvg2-bin libxml2-utils parallel groff-base man-db clang-format git
           curl jq chromium)
    # A node and npm from elsewhere (e.g. NodeSource) are used as they are.
    command -v node >/dev/null || pkgs+=(nodejs)
    command -v npm >/dev/null || pkgs+=(npm)
fi
if [ "$purpose" = bench ]; then
    pkgs+=(stockfish hyperfine)
fi
missing=()
for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
# puppeteer-core for the browser tests, once the packages are there.
web_npm() {
    [ "$purpose" != build ] || return 0
    local dir
    dir="$(dirname "$0")/../tests/web"
    [ -f "$dir/node_modules/puppeteer-core/package.json" ] && return 0
    command -v npm >/dev/null || return 0
    echo "installing puppeteer-core into tests/web/node_modules (npm ci)"
    (cd "$dir" && npm ci --no-audit --no-fund --ignore-scripts) ||
        echo "npm ci failed: the browser tests will say so" >&2
}
if [ ${#missing[@]} -eq 0 ]; then
    web_npm
    exit 0
fi
echo "installing missing packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y "${missing[@]}"
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo DEBIAN_FRONTEND=noninteractive apt-get update
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
else
    echo "missing packages; run as root:" >&2
    echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 1
fi
web_npm
