#!/usr/bin/env bash
# misbehave.sh MODE [GLOB] -- ENGINE [ARGS...]: runs ENGINE (bin/dablo, which
# follows protocol/PROTOCOL.md) with its input and output filtered so that
# it breaks exactly one rule, for the tests of dablo-match -compliance
# (tests/suites/43-compliance.sh).  GLOB (default '*') limits the modes
# marked (GLOB) to the searches whose go line matches it.
#   no-variant       declares no Variant option
#   no-uciok         never says uciok
#   illegal          (GLOB) answers with the ponder move (the opponent's)
#   two-bestmoves    (GLOB) says its bestmove twice
#   no-score         (GLOB) info lines without their score
#   finished-move    answers a finished "position fen" with "bestmove 0000"
#   ignore-isready   no readyok while a search runs
#   drop-stop        never sees stop
#   drop-quit        never sees quit
#   ignore-eof       at the end of its input keeps the engine's input open
#   quit-status      after quit, ends with exit status 3 (the engine's 0 lost)
#   quit-signal      after quit, ends by signal 11 (SIGSEGV, no core file)
#   blanks           breaks no rule a host may rely on: every line starts
#                    with a blank and a tab, and each blank between words
#                    becomes a tab and two blanks (a host splits words at
#                    any run of blanks, as PROTOCOL.md 1.1 says the engine
#                    does; cutechess does)
set -u
mode=$1
shift
glob='*'
if [ "$1" != -- ]; then
    glob=$1
    shift
fi
shift
# The go line of the running search ("" when none) and the last position
# line, for the output side.
state=$(mktemp "${TMPDIR:-/tmp}/misbehave.XXXXXX")
: >"$state"
: >"$state.pos"

feed() {   # the host's lines, to the engine
    local l
    while IFS= read -r l; do
        case "$mode:$l" in
        drop-stop:stop | drop-quit:quit) continue ;;
        esac
        case $l in
        go | go\ *) printf '%s\n' "$l" >"$state" ;;
        position\ *) printf '%s\n' "$l" >"$state.pos" ;;
        esac
        printf '%s\n' "$l"
        [ "$l" != quit ] || { : >"$state.quit"; exit 0; }
    done
    if [ "$mode" = ignore-eof ]; then exec sleep 600; fi
}

answer() {   # the engine's lines, to the host
    local l go pos hit
    while IFS= read -r l; do
        go=
        read -r go <"$state"
        # shellcheck disable=SC2254
        case $go in $glob) hit=1 ;; *) hit=0 ;; esac
        case "$mode:$l" in
        no-variant:"option name Variant "*) continue ;;
        no-uciok:uciok) continue ;;
        ignore-isready:readyok) [ -z "$go" ] || continue ;;
        no-score:info\ *)
            if [ $hit = 1 ] && [[ $l =~ ^(.*)\ score\ (cp|mate)\ -?[0-9]+(.*)$ ]]; then
                l="${BASH_REMATCH[1]}${BASH_REMATCH[3]}"
            fi ;;
        illegal:bestmove\ *)
            if [ $hit = 1 ]; then
                if [[ $l =~ \ ponder\ ([^ ]+) ]]; then l="bestmove ${BASH_REMATCH[1]}"; else l="bestmove 0000"; fi
            fi ;;
        two-bestmoves:bestmove\ *) [ $hit = 0 ] || printf '%s\n' "$l" ;;
        finished-move:"bestmove (none)"*)
            pos=
            read -r pos <"$state.pos"
            [[ $pos == *" moves "* ]] || l="bestmove 0000" ;;
        esac
        case $l in bestmove*) : >"$state" ;; esac
        [ "$mode" != blanks ] || l=$' \t'"${l// /$'\t  '}"
        printf '%s\n' "$l"
    done
}

feed | "$@" | answer
quit=0
[ ! -e "$state.quit" ] || quit=1
rm -f "$state" "$state.pos" "$state.quit"
case $quit:$mode in
1:quit-status) exit 3 ;;
1:quit-signal) ulimit -c 0; kill -SEGV $$ ;;
esac
