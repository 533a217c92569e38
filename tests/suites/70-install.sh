#!/usr/bin/env bash
# `make install` as a packager runs it, after `make`: it compiles nothing
# (make -q all is clean, make -n install shows no compiler, archiver or
# help2man, and no file in bin/ or build/ changes), installs every program
# of bin/ and its man page under DESTDIR with PREFIX, BINDIR and MANDIR,
# refuses when a program is not built, and `make uninstall` removes them.
# Each man page renders without a warning (groff -ww, man -l) and shows
# the program's NAME line, SYNOPSIS and options; each program answers
# --help ("Usage: NAME ...") and --version ("NAME VERSION"), which help2man
# reads.  Every relative link of the installed documents finds its file
# there.  Checks that need help2man, groff or man are counted as skipped
# when the tool is missing (tools/install-deps.sh installs them).
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
. tests/links.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A make of its own, not a job of the `make test` that runs this suite.
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory "$@"; }
# show FILE: the first lines of FILE, indented, after a failure
show() { sed -n '1,15s/^/     | /p' "$1"; }

version=$(sed -n 's/^#define DABLO_VERSION "\(.*\)"/\1/p' src/rules/version.h)
progs=()
for b in bin/*; do [ -x "$b" ] && progs+=("${b#bin/}"); done
if [ ${#progs[@]} -ge 4 ]; then
    ok "bin/ holds ${#progs[@]} programs: ${progs[*]}"
else
    bad "bin/ holds ${#progs[@]} programs (run make first)"
fi
have_help2man=$(command -v help2man)

# Each program's --help and --version: the material of its man page.
for p in "${progs[@]}"; do
    out=$(bin/"$p" --version 2>"$tmp/err"); rc=$?
    if [ $rc -eq 0 ] && [ "$out" = "$p $version" ] && [ ! -s "$tmp/err" ]; then
        ok "$p --version prints '$p $version'"
    else
        bad "$p --version: exit $rc, printed '$out'"; show "$tmp/err"
    fi
    bin/"$p" --help >"$tmp/help" 2>"$tmp/err"; rc=$?
    if [ $rc -eq 0 ] && head -n 1 "$tmp/help" | grep -q "^Usage: $p\b" && [ ! -s "$tmp/err" ]; then
        ok "$p --help starts 'Usage: $p' (exit 0, nothing on stderr)"
    else
        bad "$p --help: exit $rc"; show "$tmp/help"; show "$tmp/err"
    fi
done

# After `make`, nothing is out of date (else `make install` would be the
# first to notice, as root).
if mk -q all >"$tmp/q" 2>&1; then
    ok "make -q all: everything is up to date after make"
else
    bad "make -q all: something is out of date after make (make -n all shows what)"
    mk -n all 2>&1 | head -n 10 | sed 's/^/     | /'
fi

stage=$tmp/stage
mk -n install DESTDIR="$stage" PREFIX=/usr >"$tmp/dry" 2>&1
if grep -Eq '(^|[ /])(cc|gcc|clang|ar|help2man) ' "$tmp/dry"; then
    bad "make -n install would compile, archive or run help2man:"; show "$tmp/dry"
else
    ok "make -n install: no compiler, archiver or help2man"
fi

touch "$tmp/stamp"
if mk install DESTDIR="$stage" PREFIX=/usr >"$tmp/install" 2>&1; then
    ok "make install DESTDIR=... PREFIX=/usr exits 0"
else
    bad "make install failed:"; show "$tmp/install"
fi
changed=$(find bin build -newer "$tmp/stamp" 2>/dev/null | head -n 5)
if [ -z "$changed" ] && ! grep -Eq '(^|[ /])(cc|gcc|clang|ar|help2man) ' "$tmp/install"; then
    ok "make install built nothing (no file in bin/ or build/ changed)"
else
    bad "make install built something: ${changed:-see its output}"; show "$tmp/install"
fi

for p in "${progs[@]}"; do
    f=$stage/usr/bin/$p
    if [ -f "$f" ] && [ "$(stat -c %a "$f")" = 755 ] && cmp -s "$f" bin/"$p"; then
        ok "usr/bin/$p installed, mode 755, the built file"
    else
        bad "usr/bin/$p missing, not mode 755 or not bin/$p"
    fi
    page=$stage/usr/share/man/man1/$p.1
    if [ -z "$have_help2man" ] && [ ! -f build/man/"$p".1 ]; then
        skipped "man page of $p: help2man is not installed"
        continue
    fi
    if [ -f "$page" ] && [ "$(stat -c %a "$page")" = 644 ] && cmp -s "$page" build/man/"$p".1; then
        ok "usr/share/man/man1/$p.1 installed, mode 644"
    else
        bad "usr/share/man/man1/$p.1 missing, not mode 644 or not build/man/$p.1"
        continue
    fi
    if command -v groff >/dev/null; then
        if groff -man -Tutf8 -ww -z "$page" >"$tmp/groff" 2>&1 && [ ! -s "$tmp/groff" ]; then
            ok "groff -man -ww renders $p.1 without a warning"
        else
            bad "groff -man -ww on $p.1:"; show "$tmp/groff"
        fi
    else
        skipped "groff rendering of $p.1: groff is not installed"
    fi
    if command -v man >/dev/null; then
        MANWIDTH=80 man -l "$page" >"$tmp/man" 2>"$tmp/err" </dev/null
        rc=$?
        # NAME from man/<program>.h2m (not help2man's placeholder), the
        # SYNOPSIS from the Usage lines, options as a tagged list.
        # Every "or:" form belongs to the SYNOPSIS (a wrapped Usage line
        # pushes them into DESCRIPTION), and no page names one prefix.
        if [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && ! grep -Eq '^ +or: ' "$tmp/man" \
            && ! grep -q '/usr/local' "$tmp/man" \
            && grep -Eq "^ +$p +- " "$tmp/man" && ! grep -q 'manual page for' "$tmp/man" \
            && grep -q '^SYNOPSIS' "$tmp/man" && grep -Eq "^ +$p " "$tmp/man" \
            && grep -Eq '^ {7}--?[a-z]' "$tmp/man"; then
            ok "man -l $p.1: NAME '$p - ...', SYNOPSIS (every form), a list of options, no fixed prefix"
        else
            bad "man -l $p.1 (exit $rc):"; show "$tmp/err"; show "$tmp/man"
        fi
    else
        skipped "man -l $p.1: man is not installed"
    fi
done

# The documents the man pages point to.
docs_ok=1
for d in RULES.md LICENSE protocol/PROTOCOL.md protocol/BOARDS.md; do
    cmp -s "$d" "$stage/usr/share/doc/dablo/$d" || { docs_ok=0; bad "usr/share/doc/dablo/$d missing or not $d"; }
done
[ "$docs_ok" -eq 0 ] || ok "RULES.md, LICENSE and protocol/ installed in usr/share/doc/dablo"
# Every relative link of an installed document (README.md, RULES.md,
# protocol/, docs/, and bench/ and tools/ files they link to) finds its
# file installed, and a "file.md#anchor" link its heading (tests/links.sh):
# links into bench/ and tools/ pointed into the source tree.
mapfile -t installed_md < <(find "$stage/usr/share/doc/dablo" -name '*.md' | sort)
if [ ${#installed_md[@]} -lt 10 ]; then
    bad "only ${#installed_md[@]} Markdown documents installed in usr/share/doc/dablo"
elif out=$(check_links "${installed_md[@]}"); then
    ok "every relative link of the ${#installed_md[@]} installed Markdown documents resolves in usr/share/doc/dablo"
else
    bad "installed documents with broken links:"
    sed "s#$stage/usr/share/doc/dablo/##g; s/^/     | /" <<<"$out"
fi
# The man pages name the installed documents, not the source tree.
if ls build/man/*.1 >/dev/null 2>&1; then
    same "no man page sends to the source tree for a document" "" "$(grep -l 'source tree:' build/man/*.1)"
fi
# The engine's page names every other program.
if [ -f build/man/dablo.1 ]; then
    missing=
    for p in "${progs[@]}"; do
        [ "$p" = dablo ] || grep -q "^\.BR $p (1)" build/man/dablo.1 || missing="$missing $p"
    done
    same "dablo.1's SEE ALSO names every program" "" "$missing"
fi

if mk uninstall DESTDIR="$stage" PREFIX=/usr >"$tmp/uninstall" 2>&1 \
    && [ -z "$(find "$stage" -type f)" ]; then
    ok "make uninstall removes every installed file"
else
    bad "make uninstall left: $(find "$stage" -type f | head -n 3)"; show "$tmp/uninstall"
fi
# and the folders it made for the documents (the web page's folder is
# checked by 60-web).
same "make uninstall removes the documents' folder" "" "$(find "$stage" -path '*/doc/dablo*' | head -n 3)"

# BINDIR, MANDIR and DOCDIR on their own.
alt=$tmp/alt
mk install DESTDIR="$alt" BINDIR=/opt/d/bin MANDIR=/opt/d/man DOCDIR=/opt/d/doc >"$tmp/alt.log" 2>&1
n_bin=$(find "$alt/opt/d/bin" -type f 2>/dev/null | wc -l)
n_man=$(find "$alt/opt/d/man/man1" -type f 2>/dev/null | wc -l)
n_doc=$(find "$alt/opt/d/doc" -type f 2>/dev/null | wc -l)
n_all=$(find "$alt" -type f | wc -l)
# dablo-web's page goes to PREFIX/share/dablo/web (mk/web.mk).
n_page=$(find "$alt/usr/local/share/dablo/web" -type f 2>/dev/null | wc -l)
want_man=$(ls build/man/*.1 2>/dev/null | wc -l)
if [ "$n_bin" -eq ${#progs[@]} ] && [ "$n_man" -eq "$want_man" ] && [ "$n_doc" -gt 0 ] &&
    [ "$n_all" -eq $((n_bin + n_man + n_doc + n_page)) ]; then
    ok "BINDIR, MANDIR and DOCDIR: $n_bin programs in /opt/d/bin, $n_man pages in /opt/d/man/man1, $n_doc documents in /opt/d/doc, $n_page page files"
else
    bad "BINDIR/MANDIR/DOCDIR: $n_bin programs, $n_man pages, $n_doc documents, $n_all files"; show "$tmp/alt.log"
fi

# A DESTDIR with a space, and games in /usr/games (a distribution's layout):
# every file lands under it, nothing beside it, and dablo-web, not in
# PREFIX/bin, still looks for its page in the WEBDIR make compiled in.
sp="$tmp/with space"
webdir=$(printf 'print-webdir:\n\t@echo $(WEBDIR)\n' | mk -s -f Makefile -f - print-webdir)
# Split at the space, it would make $tmp/with and ./space (in the tree).
nostray() { [ ! -e "$tmp/with" ] && [ ! -e space ]; }
if mk install DESTDIR="$sp" PREFIX=/usr/local BINDIR=/usr/games >"$tmp/sp.log" 2>&1 \
    && [ -x "$sp/usr/games/dablo" ] && [ -f "$sp$webdir/index.html" ] \
    && cmp -s README.md "$sp/usr/local/share/doc/dablo/README.md" \
    && nostray; then
    ok "make install DESTDIR='.../with space' BINDIR=/usr/games: every file under it, README.md in DOCDIR, no stray folder"
else
    bad "make install into a DESTDIR with a space"; show "$tmp/sp.log"
fi
if [ -e "$webdir/index.html" ]; then
    skipped "dablo-web's page in WEBDIR: $webdir holds one on this machine (the installed program would serve it)"
elif [ -x "$sp/usr/games/dablo-web" ]; then
    out=$(timeout 30 "$sp/usr/games/dablo-web" -port 0 2>&1 </dev/null); rc=$?
    same "installed in /usr/games, dablo-web looks in WEBDIR ($webdir) too, and names where it looked" \
        "2|dablo-web: no page found (looked in $sp/usr/games/../tools/web/page, $sp/usr/games/../share/dablo/web, $webdir): give -page DIR, the folder of its index.html" \
        "$rc|$out"
    out=$(timeout 30 "$sp/usr/games/dablo-web" -page "$sp/no such folder" 2>&1 </dev/null); rc=$?
    same "... and -page still chooses the folder" "2|dablo-web: -page $sp/no such folder: No such file or directory" "$rc|$out"
fi
if mk uninstall DESTDIR="$sp" PREFIX=/usr/local BINDIR=/usr/games >"$tmp/spu.log" 2>&1 \
    && [ -z "$(find "$sp" -type f)" ] && nostray; then
    ok "make uninstall DESTDIR='.../with space' removes every file, nothing else"
else
    bad "make uninstall with a space left: $(find "$sp" -type f | head -n 3)"; show "$tmp/spu.log"
fi

# A distribution's flags (-O1 -g -D_FORTIFY_SOURCE=2 -Wformat-truncation):
# every C file of src/ and tools/ compiles without a warning.
pkgflags="-std=gnu11 -Wall -Wextra -Wshadow -pthread -D_DEFAULT_SOURCE -O1 -g0 -D_FORTIFY_SOURCE=2 -Wformat-truncation"
incs="-Isrc -Itools $(for d in tools/*/; do printf -- '-I%s ' "${d%/}"; done)$(pkg-config --cflags libmicrohttpd 2>/dev/null)"
find src tools -name '*.c' | sort | nice xargs -P2 -I{} sh -c "cc $pkgflags $incs -c {} -o /dev/null" >"$tmp/pkgflags" 2>&1
same "packagers' flags: every C file compiles without a warning" "" "$(grep -E 'warning|error' "$tmp/pkgflags" | head -n 3)"

# Programs that were not built: one clear line naming every one of them,
# exit status non-zero, nothing installed.
out=$(mk install DESTDIR="$tmp/refused" BINDIR=/bin BINS="bin/${progs[0]:-dablo} bin/no-such-program bin/no-such-tool" 2>&1)
rc=$?
if [ $rc -ne 0 ] && grep -q '^not built: bin/no-such-program bin/no-such-tool: run make first$' <<<"$out" \
    && [ ! -e "$tmp/refused" ]; then
    ok "make install refuses programs that are not built, naming all, installing nothing"
else
    bad "make install with unbuilt programs: exit $rc, output: $out"
fi

suite_end install
