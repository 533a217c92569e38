#!/usr/bin/env bash
# Installs the Debian packages dablo needs for building and testing, only
# when one is missing.  As root it runs apt-get; otherwise it prints the exact
# command to run (or uses sudo when that works without a password).
#
#   tools/install-deps.sh          build + test packages
#   tools/install-deps.sh bench    also what `make bench` needs (stockfish, hyperfine)
set -euo pipefail
pkgs=(build-essential pkg-config check libreadline-dev libzstd-dev tmux clang librsvg2-bin libxml2-utils parallel
      help2man groff-base man-db clang-format git)
if [ "${1:-}" = bench ]; then
    pkgs+=(stockfish hyperfine)
fi
missing=()
for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
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
