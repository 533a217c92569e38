#!/usr/bin/env bash
# Checks (--check) or formats (--fix) the C lines changed since a base commit
# with clang-format and the repository's .clang-format; lines nobody changed
# are never touched.  "Changed" is what `git diff BASE` shows (commits since
# BASE plus uncommitted changes of tracked files) and every line of a new
# untracked .c/.h file.
#
#   tools/format-changed.sh --check   print what clang-format would change;
#                                     exit 0 clean, 1 not formatted
#   tools/format-changed.sh --fix     format those lines in place (make format)
#
# BASE is $DABLO_FORMAT_BASE when set (any commit git understands, e.g.
# HEAD~3); otherwise the merge base with main (or origin/main) when HEAD is
# ahead of it, so a branch is checked on everything it adds; on main itself
# (a fresh clone in CI) HEAD, so only uncommitted changes; without a main,
# HEAD~1 (the last commit), or HEAD in a one-commit clone.
# Exit 2: a bad DABLO_FORMAT_BASE or clang-format failed.  Exit 3: nothing
# can be checked here (not a git checkout, or git, clang-format or
# git-clang-format missing: tools/install-deps.sh installs them).
set -u
mode=${1:-}
if [ "$mode" != --check ] && [ "$mode" != --fix ]; then
    echo "usage: tools/format-changed.sh --check|--fix" >&2
    exit 2
fi
say() { echo "format: $*"; }

if ! command -v git >/dev/null || ! git rev-parse --verify -q HEAD >/dev/null 2>&1; then
    say "not a git checkout with a commit: nothing to compare with"
    exit 3
fi
for tool in clang-format git-clang-format; do
    if ! command -v "$tool" >/dev/null; then
        say "$tool is not installed (tools/install-deps.sh installs it)"
        exit 3
    fi
done
cd "$(git rev-parse --show-toplevel)" || exit 2

commit() { git rev-parse --verify -q "$1^{commit}" 2>/dev/null; }
if [ -n "${DABLO_FORMAT_BASE:-}" ]; then
    base=$(commit "$DABLO_FORMAT_BASE") || {
        echo "format: DABLO_FORMAT_BASE='$DABLO_FORMAT_BASE' is not a commit of this repository" >&2
        exit 2
    }
    why="DABLO_FORMAT_BASE=$DABLO_FORMAT_BASE"
else
    head=$(commit HEAD)
    base=
    for ref in main origin/main; do
        if main=$(commit "$ref"); then
            base=$(git merge-base HEAD "$main" 2>/dev/null) && why="merge base with $ref" && break
            base=
        fi
    done
    if [ -z "$base" ]; then
        if base=$(commit HEAD~1); then why="HEAD~1 (no main branch)"
        else base=$head why="HEAD (no main branch, no parent commit)"; fi
    elif [ "$base" = "$head" ]; then
        why="HEAD (already in $ref: only uncommitted changes)"
    fi
fi
say "base $(git rev-parse --short "$base"): $why"

tracked=$(git diff --name-only --diff-filter=AMR "$base" -- '*.c' '*.h')
untracked=$(git ls-files --others --exclude-standard -- '*.c' '*.h')
lines=$( { git diff -U0 "$base" -- '*.c' '*.h' | grep -c '^+[^+]'
           for f in $untracked; do wc -l <"$f"; done; } | awk '{ n += $1 } END { print n + 0 }')
nfiles=$(printf '%s\n%s\n' "$tracked" "$untracked" | grep -c .)
say "$lines changed C line$([ "$lines" -eq 1 ] || echo s) in $nfiles file$([ "$nfiles" -eq 1 ] || echo s)"
[ "$nfiles" -eq 0 ] && exit 0

gcf=(git clang-format --binary clang-format --style file --extensions c,h)
if [ "$mode" = --fix ]; then
    if [ -n "$tracked" ]; then
        # --force: the changed files may have unstaged edits (they are the
        # point); only their changed lines are rewritten.
        "${gcf[@]}" --force "$base" -- $tracked || exit 2
    fi
    for f in $untracked; do
        clang-format -i --style=file "$f" && say "formatted new file $f" || exit 2
    done
    exit 0
fi

out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
if [ -n "$tracked" ]; then
    "${gcf[@]}" --diff "$base" -- $tracked >"$out" 2>&1 || status=2
    if grep -q '^diff --git' "$out"; then
        cat "$out"
        status=1
    elif [ $status -ne 0 ]; then
        cat "$out" >&2
    fi
fi
for f in $untracked; do
    if ! clang-format --style=file "$f" | diff -u --label "a/$f" --label "b/$f" "$f" -; then
        status=1
    fi
done
if [ $status -eq 1 ]; then
    say "the changed lines above do not follow .clang-format: run make format"
elif [ $status -eq 0 ]; then
    say "the changed lines follow .clang-format"
fi
exit $status
