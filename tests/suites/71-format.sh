#!/usr/bin/env bash
# The C lines changed since a base commit follow .clang-format
# (tools/format-changed.sh --check; the base is DABLO_FORMAT_BASE, else the
# merge base with main, see the script).  First the check itself is tried in
# a scratch repository, so it is known to catch a badly formatted change, a
# new file and a bad base, and `make format` (--fix) is known to touch only
# the changed lines.  Skipped, and counted so, outside a git checkout or
# without clang-format (tools/install-deps.sh installs it).
set -u
cd "$(dirname "$0")/../.."
root=$PWD
. tests/lib.sh
finish() { suite_end format; }
check=$root/tools/format-changed.sh

if ! command -v git >/dev/null || ! command -v clang-format >/dev/null \
    || ! command -v git-clang-format >/dev/null; then
    echo "NOTE: git, clang-format or git-clang-format is missing: SKIPPED (tools/install-deps.sh)"
    skip=2
    finish
fi

if clang-format --style=file --dump-config src/rules/rules.c 2>&1 | grep -q '^IndentWidth: *4$'; then
    ok ".clang-format is read (IndentWidth 4)"
else
    bad ".clang-format is not read by clang-format --style=file"
fi

# The scratch repository: main with one formatted file, a branch that
# changes it.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
repo=$tmp/repo
g() { git -C "$repo" -c user.name=t -c user.email=t@example.org -c init.defaultBranch=main "$@"; }
fmt() { (cd "$repo" && "$check" "$@"); }
mkdir -p "$repo"
g init -q
cp .clang-format "$repo/"
# Two functions: add() as clang-format lays it out, then old() with a line
# nobody will change, badly formatted.
printf 'int add(int a, int b)\n{\n    int s = a + b;\n    return s;\n}\n' \
    | (cd "$repo" && clang-format --style=file --assume-filename=a.c) >"$repo/a.c"
printf '\nint old(int a)\n{\n    return a  *  2;\n}\n' >>"$repo/a.c"
cp "$repo/a.c" "$tmp/a.c.base"
g add . && g commit -q -m base
g checkout -q -b work

scratch() {   # scratch NAME EXPECTED-EXIT [GREP-PATTERN]: run --check in the scratch repo
    local out rc
    out=$(fmt --check 2>&1)
    rc=$?
    if [ $rc -eq "$2" ] && { [ -z "${3:-}" ] || grep -q -- "$3" <<<"$out"; }; then
        ok "$1"
    else
        bad "$1 (exit $rc, expected $2)"
        sed 's/^/     | /' <<<"$out" | head -n 20
    fi
}
scratch "scratch: no change since the merge base: clean" 0 '0 changed C lines'
sed -i 's/int s = a + b;/int s = a+b ;/' "$repo/a.c"
grep -q 'a+b ;' "$repo/a.c" || bad "scratch: the bad line was not made"
scratch "scratch: an uncommitted badly formatted line is caught" 1 'a.c'
scratch "scratch: one changed line in one file is counted in the singular" 1 ' 1 changed C line in 1 file$'
g commit -q -am 'bad line'
scratch "scratch: the same line committed on the branch is caught (merge base)" 1 'merge base with main'
DABLO_FORMAT_BASE=HEAD scratch "scratch: DABLO_FORMAT_BASE=HEAD leaves the commit out" 0
DABLO_FORMAT_BASE=no-such-commit scratch "scratch: a bad DABLO_FORMAT_BASE is an error" 2
fmt --fix >/dev/null 2>&1
if cmp -s "$repo/a.c" "$tmp/a.c.base"; then
    ok "scratch: make format (--fix) formats the changed line only"
else
    bad "scratch: --fix left:"; sed 's/^/     | /' "$repo/a.c"
fi
g commit -q -am 'formatted'
scratch "scratch: after --fix the branch is clean" 0
printf 'int  f( void ){return 0;}\n' >"$repo/new.c"
scratch "scratch: a new untracked file is checked whole" 1 'new.c'
rm "$repo/new.c"
g checkout -q main
scratch "scratch: on main (a fresh clone), only uncommitted changes: none" 0 'only uncommitted'

# Not a git checkout: exit 3, which this suite counts as a skip.
mkdir -p "$tmp/plain"
out=$(cd "$tmp/plain" && GIT_CEILING_DIRECTORIES=$tmp "$check" --check 2>&1)
if [ $? -eq 3 ] && grep -q 'not a git checkout' <<<"$out"; then
    ok "outside a git checkout the check says so (exit 3)"
else
    bad "outside a git checkout: $out"
fi

# This repository.
out=$("$check" --check 2>&1)
rc=$?
echo "$out" | sed 's/^/     | /' | head -n 40
case $rc in
0) ok "the C lines changed here follow .clang-format" ;;
3) echo "NOTE: not a git checkout: SKIPPED"; skip=$((skip + 1)) ;;
*) bad "changed C lines do not follow .clang-format (make format fixes them; exit $rc)" ;;
esac
finish
