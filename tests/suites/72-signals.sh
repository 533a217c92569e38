#!/usr/bin/env bash
# What every program of bin/ does when a write fails in a way the kernel
# would otherwise answer with a signal that ends it unannounced:
#   - past the file size limit (ulimit -f: SIGXFSZ, exit 153), each writer
#     of a file (dablo-match -genopenings out=, dablo-svg -o, dablo-tune
#     gen -out and fit -out) says "PROGRAM: cannot write FILE: File too
#     large" on one line, exits 1 and leaves no file, its temporary one
#     included;
#   - a standard output whose reader is gone (SIGPIPE, exit 141) ends
#     every program quietly with exit 0, for --help and for a product
#     written to standard output.
# Both signals are ignored by outstream_check_stdout() (src/util/
# outstream.h), which every program calls first.  The checks are skipped
# when this shell was started with the signal ignored: a program would
# then pass them without ignoring it itself.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
root=$PWD

# ignored N: 0 when signal N is ignored in this shell (its SigIgn mask).
ignored() {
    local mask
    mask=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/$BASHPID/status 2>/dev/null) || return 1
    [ -n "$mask" ] && (((0x$mask >> ($1 - 1)) & 1))
}

# too_large NAME FILE CMD...: CMD run in an empty folder under ulimit -f 1
# writes FILE; expected: exit 1, the one line naming FILE and EFBIG,
# nothing left in the folder (a warning line of dablo-tune fit about too
# few positions aside).
too_large() {
    local name=$1 file=$2 err rc
    shift 2
    rm -rf "$tmp/lim" && mkdir "$tmp/lim"
    err=$(cd "$tmp/lim" && (ulimit -f 1; exec "$@") 2>&1 >/dev/null)
    rc=$?
    err=$(grep -v '^dablo-tune: warning: ' <<<"$err")
    same "$name" "1 ${1##*/}: cannot write $file: File too large|" "$rc $err|$(ls -A "$tmp/lim")"
}

if ignored 25; then
    skipped "file size limit: SIGXFSZ is ignored by this shell, so the checks would prove nothing"
else
    too_large "dablo-match -genopenings out= past ulimit -f: exit 1, EFBIG named, no file left" bg.fen \
        "$root/bin/dablo-match" -variant tabal -genopenings 400 plies=6 out=bg.fen
    too_large "dablo-svg -o a new file past ulimit -f: exit 1, EFBIG named, no file left" big.svg \
        "$root/bin/dablo-svg" -size 8000 -o big.svg
    too_large "dablo-tune gen -out past ulimit -f: exit 1, EFBIG named, no file left" big.txt \
        "$root/bin/dablo-tune" gen -game tabal -nodes 100 -games 20 -seed 3 -out big.txt
    too_large "dablo-tune fit -out a new file past ulimit -f: exit 1, EFBIG named, no file left" w.c \
        "$root/bin/dablo-tune" fit -variant tabal -rounds 1 -iterations 2 -out w.c \
        "$root/tests/data/tune-tabal.txt"
fi

# closed NAME CMD...: CMD with a standard output whose reader has closed
# it (the program starts only once it has) exits 0 and says nothing.
closed() {
    local name=$1 rc
    shift
    rm -f "$tmp/closed" "$tmp/err"
    (while [ ! -e "$tmp/closed" ]; do sleep 0.01; done; exec "$@") 2>"$tmp/err" |
        (exec 0<&-; : >"$tmp/closed"; sleep 0.3)
    rc=${PIPESTATUS[0]}
    same "$name" "0|" "$rc|$(head -c 300 "$tmp/err")"
}

if ignored 13; then
    skipped "closed standard output: SIGPIPE is ignored by this shell, so the checks would prove nothing"
else
    n=0
    for b in bin/*; do
        [ -x "$b" ] || continue
        n=$((n + 1))
        closed "${b#bin/} --help, standard output closed: exit 0, nothing said" "$b" --help
    done
    [ "$n" -ge 7 ] && ok "bin/ holds $n programs" || bad "bin/ holds $n programs (run make first)"
    closed "dablo-svg (the picture on standard output), standard output closed: exit 0, nothing said" \
        bin/dablo-svg
    closed "dablo-tune weights, standard output closed: exit 0, nothing said" bin/dablo-tune weights
    closed "dablo-match -genopenings (on standard output), standard output closed: exit 0, nothing said" \
        bin/dablo-match -variant tabal -genopenings 50 plies=4
    closed "dablo-match -genopenings 100000 stops at its first failed write once its reader is gone" \
        timeout 30 bin/dablo-match -variant tabal -genopenings 100000 plies=6
    closed "dablo-tb --version, standard output closed: exit 0, nothing said" bin/dablo-tb --version
fi

suite_end signals
