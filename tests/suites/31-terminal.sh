#!/usr/bin/env bash
# bin/dablo at a real terminal: a pseudo-terminal driven by tmux (send-keys,
# capture-pane).  Checks the prompt, tab completion of commands, option
# names and values and legal moves, a search stopped by "stop" and by Ctrl-C,
# lines typed during a search (one wider than the terminal),
# a bench and a perft stopped by Ctrl-C,
# history kept across runs in $HOME/.dablo_history, Ctrl-D, and that a
# history file that cannot be written is no error.  Then the play mode:
# the banner, help and its topics, the protocol's messages without 'info
# string', position drawing the board, a move and the engine's answer, an
# illegal move, undo, the sides, and finished games (won by the player and
# by the engine); lines typed ahead, several at once.
# Last, readline as it is loaded: bin/dablo opens it by dlopen() at a
# terminal; build/dablo-static (make STATIC=1) has it linked in; and
# build/dablo-noreadline, told to open a library that does not exist, says
# so in one line and reads plain lines; build/dablo-nomem, whose line
# reader never gets memory, says so and exits 1.
set -u
cd "$(dirname "$0")/../.."
if ! command -v tmux >/dev/null 2>&1; then
    # every check is one "expect" line or one "ok" call in an if below
    n=$(grep -cE '^[[:space:]]*expect |(^[[:space:]]*|then )ok "[^$]' "$0")
    echo "NOTE: tmux is not installed: the $n terminal tests are SKIPPED (tools/install-deps.sh installs it)"
    echo "SUITE terminal: 0 passed, 0 failed, $n skipped"
    exit 0
fi

sock="dablo-test-$$"
home=$(mktemp -d)
tm() { tmux -L "$sock" -f /dev/null "$@"; }
cleanup() { tm kill-server 2>/dev/null; rm -rf "$home"; }
trap cleanup EXIT

. tests/lib.sh
bad() {
    echo "FAIL $1"
    echo "---- screen:"
    tm capture-pane -t t -p -S -60 2>/dev/null | grep -v '^$' | tail -25 | sed 's/^/    /'
    fail=$((fail + 1))
}
screen() { tm capture-pane -t t -p -S -2000 -J 2>/dev/null; }
# wait_for REGEX [SECONDS]: until the screen (with scroll-back) matches
# wait_for REGEX [SECONDS]: the screen shows REGEX within SECONDS (default
# 20: only a failure waits that long; a loaded machine may start the engine
# or redraw slowly).
wait_for() {
    local i n=$(( ${2:-20} * 20 ))
    for ((i = 0; i < n; i++)); do
        screen | grep -Eq -- "$1" && return 0
        sleep 0.05
    done
    return 1
}
expect() {   # expect NAME REGEX [SECONDS]
    if wait_for "$2" "${3:-20}"; then ok "$1"; else bad "$1 (waiting for /$2/)"; fi
}
start() {    # start ENV...: a fresh engine in a fresh window
    start_prog bin/dablo "$@"
}
start_prog() {    # start_prog PROGRAM ENV...: the same with another build
    local prog=$1
    shift
    tm kill-session -t t 2>/dev/null
    tm new-session -d -s t -x 200 -y 50 "env $* $PWD/$prog; echo ENGINE-EXIT=\$?; sleep 60"
    # The server outlives its last session: otherwise the next start's
    # new-session could reach a server that kill-session left exiting
    # ("server exited unexpectedly").
    tm set-option -g exit-empty off >/dev/null
    tm set-option -t t history-limit 5000 >/dev/null
}
keys() { tm send-keys -t t "$@"; sleep 0.15; }
# next_info: waits for the search's next info line (up to 20 s: the next
# iteration's).
next_info() {
    local i n
    n=$(screen | grep -c 'info depth')
    for ((i = 0; i < 100; i++)); do
        [ "$(screen | grep -c 'info depth')" -gt "$n" ] && return 0
        sleep 0.2
    done
    return 1
}
# fresh: clear the screen and its scroll-back (at the prompt), so later
# checks see only what comes next
fresh() { keys C-l; tm clear-history -t t; }

start HOME="$home"
expect "prompt at a terminal" '^dablo> $'

keys 'isr' Tab Enter
expect "complete a command (isr -> isready)" '^dablo> isready *$'
expect "the command runs" '^readyok$'

fresh
keys 'setoption name Var' Tab
keys 'value ta' Tab Enter
expect "complete an option name and a combo value" '^dablo> setoption name Variant value tabal *$'
expect "the option is set (its line without the protocol's 'info string')" '^variant tabal startpos '

keys 'setoption name clear h' Tab Enter
expect "complete a two-word option name" '^dablo> setoption name clear Hash *$'

keys 'setoption name MaxCapture value f' Tab Enter
expect "complete a check value" '^dablo> setoption name MaxCapture value false *$'

keys 'position startpos moves a4' Tab
keys 'a6' Tab Enter
# White's only a4 move is a4-a5; then Black must capture a6xa4
expect "complete legal moves, each in the position the typed moves reach" \
    '^dablo> position startpos moves a4-a5 a6xa4 *$'
keys 'd' Enter
expect "the completed moves were played" '^Fen: mmm/mmm/mmmmm/1mmmm/5/mMMMM/MMMMM/MMM/MMM w 0 2$'

keys 'position startpos moves ' Tab Tab
expect "list the legal moves on a double tab" '^a4-a5 +b4-a5 +b4-b5 +b4-c5 +c4-c5 +d4-c5 +d4-d5 +d4-e5 +e4-e5 *$'
keys C-u
fresh
keys 'go dep' Tab '3' Enter
expect "complete a go keyword; the search answers" '^dablo> go depth 3 *$'
expect "bestmove at the terminal" '^bestmove [a-e][0-9]'

fresh
keys 'go infinite' Enter
sleep 0.5
keys 'stop' Enter
expect "stop typed during a search" '^stop$'
expect "... gives a bestmove and the prompt again" '^dablo> $'
if ! screen | grep -q '^dablo> stop'; then ok "... the line the terminal echoed is not shown again"; else bad "... the line the terminal echoed is not shown again"; fi
# A line typed while the search prints info lines: they come above it,
# never inside it (during a job the engine shows the line itself, below
# its output: docs/engine.md, "Typed during a job").
fresh
keys 'go infinite' Enter
wait_for '^info depth 5 ' >/dev/null
keys 'sto'
next_info
expect "typed during a search: the start of the line stays below the info lines" '^sto$'
keys 'p' Enter
expect "... and the line ends whole" '^stop$'
expect "... the search stops and the prompt comes back" '^dablo> $'
if ! screen | grep -q 'sto.*info depth\|^p$'; then ok "... never split by an info line"; else bad "... never split by an info line"; fi
keys 'go infinite' Enter
wait_for '^info depth 5 ' >/dev/null
keys 'isrx' BSpace 'eady' Enter
expect "typed during a search: Backspace takes back a character" '^isready$'
expect "... and the line runs" '^readyok$'
keys 'sto'
keys C-c
expect "... Ctrl-C drops the line being typed and stops the search" '^bestmove '
wait_for '^dablo> $' >/dev/null
if ! screen | grep -q '^sto$'; then ok "... the dropped line is erased"; else bad "... the dropped line is erased"; fi
# A line wider than the terminal (20 columns here) wraps onto two rows:
# each info line takes both away and shows them again after itself, so no
# copy of the first row stays above (docs/engine.md, "Typed during a job").
tm resize-window -t t -x 20 -y 50
fresh
keys 'go infinite' Enter
wait_for '^info depth 5 ' >/dev/null
keys 'abcdefghijklmnopqrstuvwxyz0123456789'
next_info
expect "typed during a search, wider than the terminal: the line stays whole below the info lines" \
    '^abcdefghijklmnopqrstuvwxyz0123456789$'
copies=$(screen | grep -c 'abcdefghij')
if [ "$copies" -eq 1 ]; then ok "... and leaves no copy of its first row"; else bad "... and leaves no copy of its first row ($copies lines)"; fi
keys C-u
for _ in $(seq 50); do screen | grep -q 'abcdefghij' || break; sleep 0.1; done
if ! screen | grep -q 'abcdefghij'; then ok "... the kill character erases both rows"; else bad "... the kill character erases both rows"; fi
keys 'stop' Enter
expect "... stop still ends the search" '^dablo> $'
tm resize-window -t t -x 200 -y 50
# A line sent with the one that starts a search (readline had the terminal:
# no echo) is shown after the prompt when it runs, before its answer.
fresh
tm send-keys -t t 'go movetime 500' Enter 'isready' Enter
expect "typed ahead of a search: the line is shown after the prompt" '^dablo> isready$'
expect "... and answered" '^readyok$'
order=$(screen | grep -E '^(dablo> isready|readyok)$' | tr '\n' ,)
if [ "$order" = "dablo> isready,readyok," ]; then ok "... the line first, then its answer"; else bad "... the line first, then its answer ($order)"; fi
expect "... and the search still ends" '^bestmove ' 10
wait_for '^dablo> $' >/dev/null
# The terminal echoes Ctrl-C as "^C", and a quick bestmove lands on that line.
bestmoves() { screen | grep -c '^\(\^C\)\{0,1\}bestmove '; }
n_before=$(bestmoves)
keys 'go infinite' Enter
sleep 0.5
keys C-c
for _ in $(seq 100); do   # up to 20 s: only a failure waits that long
    n_after=$(bestmoves)
    [ "$n_after" -gt "$n_before" ] && break
    sleep 0.2
done
if [ "$n_after" -eq $((n_before + 1)) ]; then ok "Ctrl-C stops a search (bestmove printed)"; else bad "Ctrl-C stops a search ($n_before -> $n_after bestmoves)"; fi
fresh
keys 'isready' Enter
expect "the engine lives on after Ctrl-C" '^readyok$'

# Ctrl-C stops a bench and a perft as it stops a search.
fresh
keys 'bench' Enter
expect "bench at the terminal" '^bench  1/'
keys C-c
expect "Ctrl-C stops a bench" '^(\^C)?bench stopped after [0-9]+ of [0-9]+ positions$'
expect "... and the prompt comes back" '^dablo> $'
fresh
keys 'perft 14' Enter
sleep 0.5
keys C-c
expect "Ctrl-C stops a perft" '^(\^C)?perft stopped after [0-9]+ of [0-9]+ root moves?$'
fresh
keys 'isready' Enter
expect "the engine lives on after Ctrl-C of a bench and a perft" '^readyok$'

fresh
keys 'setoption name Hash value 8'
keys C-c
keys 'uci' Enter
if wait_for '^uciok$' && ! screen | grep -q 'setoption name Hash value 8uci'; then
    ok "Ctrl-C at the prompt discards the line"
else
    bad "Ctrl-C at the prompt discards the line"
fi

keys 'quit' Enter
expect "quit ends the engine with status 0" '^ENGINE-EXIT=0$'
if grep -qx 'isready' "$home/.dablo_history" && grep -qx 'setoption name clear Hash' "$home/.dablo_history" \
    && ! grep -q 'Hash value 8' "$home/.dablo_history"; then
    ok "history written to \$HOME/.dablo_history"
else
    bad "history written to \$HOME/.dablo_history"
fi

start HOME="$home"
wait_for '^dablo> $' >/dev/null
keys Up
expect "history across runs: Up shows the last command" '^dablo> quit *$'
keys Up
expect "Up again shows the one before" '^dablo> uci *$'
keys C-a C-k C-d
expect "Ctrl-D at an empty prompt exits with status 0" '^ENGINE-EXIT=0$'

# A home where the history cannot be written, and no home at all.
start HOME=/nonexistent/dablo-home
keys 'isready' Enter
if wait_for '^readyok$' && ! screen | grep -qi 'error\|history'; then ok "unwritable history fails quietly"; else bad "unwritable history fails quietly"; fi
keys 'quit' Enter
expect "... and exits 0" '^ENGINE-EXIT=0$'
start -u HOME
keys 'isready' Enter
expect "no \$HOME: no history, no error" '^readyok$'
keys 'quit' Enter
expect "... and exits 0 (no HOME)" '^ENGINE-EXIT=0$'

# ------------------------------------------------------------ play mode
start HOME="$home"
expect "play: a one-line banner" "^dablo [0-9.]+, Dablot Prejjesne: you are White, dablo is Black. Type a move, board or help.$"
# --variant at a terminal: its line as the prompt's setoption shows it.
start_prog "bin/dablo --variant tabal" HOME="$home"
expect "play: --variant tabal starts in Tabal" '^dablo [0-9.]+, Permainan-Tabal: you are White'
expect "... and shows the game's start" '^variant tabal startpos '
if ! screen | grep -q '^info string'; then ok "... without 'info string'"; else bad "... without 'info string'"; fi
start HOME="$home"
wait_for 'Dablot Prejjesne: you are White'
keys 'help' Enter
expect "play: help tells how to play first" '^How to play: type your move and press Enter'
expect "... and where the protocol's help is" '^The protocol.s commands and options \(what a GUI sends\): help protocol$'
expect "... and how to get one command's" '^One command alone: help <command> \(help undo, help go\)\.$'
# help on a command is that command alone (go with its words, a play
# command its line); a word that is no topic gets one line naming it and
# the topics, not the help
fresh
keys 'help go' Enter
expect "play: help go tells go's words" '^  depth <plies> +search this deep, 1\.\.1000$'
expect "... all of them" '^  searchmoves <m>\.\.\. +search only these moves'
if ! screen | grep -q '^How to play'; then ok "... and not how to play"; else bad "... and not how to play"; fi
fresh
keys 'help undo' Enter
expect "play: help on a play command is its line" "^  undo \[n\] +take back your last \(n\) move\(s\) and dablo's answers$"
if ! screen | grep -q '^How to play\|^  board '; then ok "... alone"; else bad "... alone"; fi
fresh
keys 'help foo' Enter
expect "play: help on no topic: one line naming it and the topics" \
    "^error: help: unknown topic 'foo' \\(topics: board, undo, new, play, time, level, protocol, uci, isready, .*, help\\)$"
if ! screen | grep -q '^How to play'; then ok "... and not the help"; else bad "... and not the help"; fi
# The protocol's messages read as messages: no 'info string' (errors as
# 'error: ...'), and a FEN of the other game says how a person switches.
fresh
keys 'go depth x' Enter
expect "play: a protocol error is shown plainly" "^error: go: depth: expected an integer 1\\.\\.1000, got 'x'; nothing searched$"
keys 'foo' Enter
expect "play: an unknown command is shown plainly" "^unknown command: foo \\(type 'help'\\)$"
keys 'position fen mmm/mmm/mmmmm/mmmmm/5/MMMMM/MMMMM/MMM/MMM w 0 1' Enter
expect "play: a FEN of the other game: the hint is the play mode's command" \
    "^error: position: bad FEN: .* \\(is this a Tabal FEN\\? first type new tabal\\); position unchanged$"
keys 'eval' Enter
expect "play: eval's lines too" '^eval total '
if ! screen | grep -q 'info string\|setoption'; then ok "... no protocol line and no setoption hint"; else bad "... no protocol line and no setoption hint"; fi
# position draws the board, as a move does
fresh
keys 'position startpos moves c5-d6 b8-c7' Enter
expect "play: position draws the board" '^Move 2, White to move. Last moves: c5-d6 b8-c7$'
expect "... and says whose move it is" '^Your move \(White\).$'
fresh
keys 'position startpos' Enter
expect "... also the start" '^Move 1, White to move.$'
fresh
keys 'k7-k9' Enter
expect "play: an illegal move is refused with its reason and the legal moves" \
    "^k7-k9 is not a legal move: k9 is taken. Legal moves: c5-c7 .* k7-j8$"
keys 'board extra' Enter
expect "play: board refuses a word after it, as new does" '^usage: board$'
keys 'isready now' Enter
expect "... and so does a protocol command that takes none" "^error: isready: expected 'isready' alone, got 'now'$"
keys 'c5-c9' Enter
expect "play: a point that is no step away is named so, not as taken" \
    "^c5-c9 is not a legal move: c9 is not next to c5 \\(the points next to c5 are c3 b4 d4 a5 e5 b6 d6 c7\\). Legal moves: c5-c7 .* k7-j8$"
keys 'a1-a2' Enter
expect "play: a move to no point names the point and its rank's points" \
    "^a1-a2 is not a move: a2 is not a point of the board \\(rank 2 has b2 d2 f2 h2 j2\\). Legal moves: c5-c7 .* k7-j8$"
keys 'xx-yy' Enter
expect "play: a move of no point names it the same way (no unknown command)" \
    "^xx-yy is not a move: xx is not a point of the board. Legal moves: c5-c7 .* k7-j8$"
keys 'c5:d6' Enter
expect "play: a move joined by another sign names the sign, not a missing point" \
    "^c5:d6 is not a move: unexpected ':' after c5: points are joined by '-' or 'x'. Legal moves: c5-c7 .* k7-j8$"
keys 'c5xd6' Enter
expect "play: a capture that is none says what the piece can do" \
    "^c5xd6 is not a legal move: the piece on c5 has no capture; it can play c5-c7 c5-d6 c5-b6. Legal moves: c5-c7 .* k7-j8$"
keys 'b8-c7' Enter
expect "play: a move of the other side's piece says whose it is" \
    "^b8-c7 is not a legal move: the piece on b8 is Black's, and White is to move. Legal moves: c5-c7 .* k7-j8$"
keys 'c5-d6-e7' Enter
expect "play: a word of the wrong shape says what a move looks like" \
    "^c5-d6-e7 is not a move: a step is from-to \\(c5-d6\\), a capture names every landing point \\(a5xa9xc11\\). Legal moves: c5-c7 .* k7-j8$"
keys 'c5-d6 e9-e7' Enter
expect "play: two moves on one line: the line and its words are named" \
    "^One move a line: 'c5-d6 e9-e7' has 2 words; type one move \\(c5-d6\\) and press Enter.$"
# A long word is cut at 40 bytes with "...", as the protocol's errors cut
# it (PROTOCOL.md section 7); the part that is no point too.
keys "c5-$(printf 'd%.0s' $(seq 300))" Enter
d37=$(printf 'd%.0s' $(seq 37)) d40=$(printf 'd%.0s' $(seq 40))
expect "play: a long bad word is cut at 40 bytes with ..." \
    "^c5-$d37\\.\\.\\. is not a move: $d40\\.\\.\\. is not a point of the board. Legal moves: c5-c7 .* k7-j8$"
keys 'time 300' Enter
expect "play: time sets dablo's time a move" '^dablo thinks 300 ms a move.$'
fresh
keys 'C5 D6' Enter   # as a person may type it: upper case, two points
expect "play: a legal move (typed C5 D6) makes dablo think" '^dablo \(Black\) is thinking, 0.3 s at most'
expect "... and answer with its move" '^dablo plays [a-k][0-9]+[-x][a-k][0-9]+.* \(depth [0-9]+'
expect "... drawn on the board with the last move marked" '\[[mpk]\]'
expect "... whose turn it is" '^Move 2, White to move. Last moves: c5-d6 [a-k][0-9]+[-x]'
expect "... and the prompt again" '^Your move \(White\).$'
keys 'show' Enter
expect "play: protocol commands still work at the prompt" '^lastmove [a-k][0-9]+[-x]'
fresh
keys 'undo' Enter
expect "play: undo takes back the player's move and dablo's answer" '^Took back 2 moves.$'
expect "... back to the start" '^Move 1, White to move.$'
keys 'undo' Enter
expect "... and says when there is nothing left" '^Nothing to undo: this is the start of the game.$'
# A finished game: Tabal, three pieces from the end, the player wins.
fresh
keys 'new tabal' Enter
expect "play: new starts a game of the other game" '^dablo [0-9.]+, Permainan-Tabal: you are White'
if ! screen | grep -q '^\(info string \)\{0,1\}variant'; then ok "... without protocol lines"; else bad "... without protocol lines"; fi
keys 'position fen mmm/mmm/1m1mm/1mmmm/2M2/1MMMM/1MMMM/MMM/MMM w 0 4' Enter
keys 'c5xe5' Enter
expect "play: a short form of two captures asks for the path" \
    "^c5xe5 is not a move: 2 captures go from c5 to e5; type the full path. Legal moves: c5xa7xc7xc5 .*$"
keys 'position fen 3/3/5/1m3/2m2/2M2/5/3/3 w 0 1' Enter
keys 'a4-a5' Enter
expect "play: a step when a capture is compulsory says so" \
    "^a4-a5 is not a legal move: a capture is compulsory. Legal moves: c4xc6xa6$"
keys 'c4-c6xa6' Enter
expect "play: a move that mixes '-' and 'x' is refused, though its capture is legal" \
    "^c4-c6xa6 is not a move: '-' and 'x' mixed: a step is from-to \\(c5-d6\\), a capture names every landing point \\(a5xa9xc11\\). Legal moves: c4xc6xa6$"
if ! screen | grep -q 'Last move: c4xc6xa6'; then ok "... and not played"; else bad "... and not played"; fi
keys 'c4' Tab Enter
expect "play: the winning move (completed by Tab)" '^dablo> c4xc6xa6 *$'
expect "... is drawn on the board" '^Move 1, Black to move. Last move: c4xc6xa6$'
expect "... ends the game with its reason" '^Game over: 1-0 \(no legal move\), White wins.'
keys 'a1-a3' Enter
expect "... after which no move is played" "^The game is over \(1-0, no legal move\): type 'new' or 'undo'.$"
keys 'undo' Enter
expect "play: undo after the end" '^Took back 1 move.$'
# dablo wins: White's only man must step next to Black's, which takes it.
fresh
keys 'level 0' Enter
expect "play: level sets the Skill Level" '^dablo plays at level 0 of 20.$'
keys 'position fen 3/3/5/5/2m2/5/2M2/3/3 w 0 1' Enter
keys 'c3-c4' Enter
expect "play: dablo's last move ends the game" '^dablo plays c5xc3 '
expect "... announced with its reason" '^Game over: 0-1 \(no legal move\), Black wins.'
# The sides: nobody, then dablo takes the side to move at once.
fresh
keys 'new' Enter
keys 'play none' Enter
expect "play none: the player moves both sides" '^Now you move both sides.$'
keys 'b4-c5' Enter
expect "... a move for White is only drawn" '^Move 1, Black to move. Last move: b4-c5$'
# A move typed during an analysis ends it first, as 'position' would.
fresh
keys 'go infinite' Enter
expect "... an analysis at the prompt" '^info depth '
keys 'd6xb4' Enter
expect "... a move typed during it ends it with its bestmove" '^bestmove '
expect "... and is then played" '^Move 2, White to move. Last moves: b4-c5 d6xb4'
keys 'undo' Enter
expect "... and taken back" '^Took back 1 move.$'
keys 'time 60000' Enter
keys 'level 20' Enter
keys 'play black' Enter
expect "play black: dablo moves at once when it is Black's turn" '^dablo \(Black\) is thinking, 60.0 s at most'
keys 'stop' Enter
expect "... stop makes it move now" '^dablo plays d6xb4 '
# A setting or a position changed while dablo thinks: its reply is
# searched again with it, never left waiting.
fresh
keys 'new dablot' Enter
keys 'time 2000' Enter
keys 'c5-d6' Enter
expect "play: dablo thinks 2 s" '^dablo \(Black\) is thinking, 2.0 s at most'
fresh
keys 'level 5' Enter
expect "play: level during a think cancels the reply" "^\(dablo's move cancelled\)$"
expect "... and dablo thinks again at the new level" '^dablo \(Black\) is thinking, 2.0 s at most'
expect "... and plays its move" '^dablo plays [a-k][0-9]+[-x]' 30
expect "... then it is the player's turn" '^Move 2, White to move. Last moves: c5-d6 '
fresh
keys 'level 20' Enter  # (level 5 ends a 60 s think at once: the checks below need it thinking)
keys 'time 60000' Enter
keys 'position startpos moves c5-d6' Enter
expect "play: a position with dablo to move makes it think" '^dablo \(Black\) is thinking, 60.0 s'
# (no fresh here: while dablo thinks readline keeps a Ctrl-L until the next
# line, and clearing then would hide the line looked for)
keys 'go infinite' Enter
expect "play: a protocol search cancels the reply" "^\(dablo's move cancelled\)$"
keys 'c9-c8' Enter
expect "... a move for dablo's side is refused" "^It is dablo's move \(Black\): type 'play none' to move both sides.$"
keys 'stop' Enter
expect "... the protocol search ends with its bestmove" '^bestmove '
expect "... and dablo thinks again" '^dablo \(Black\) is thinking, 60.0 s'
keys 'stop' Enter
expect "... and plays" '^dablo plays [a-k][0-9]+[-x]'
keys 'board' Enter
expect "... and the board has its move" '^Move 2, White to move. Last moves: c5-d6 '
# The level, undo N, and undo right after dablo opened the game.
fresh
keys 'level 5' Enter
fresh
keys 'level' Enter
expect "play: level alone tells the level" '^dablo plays at level 5 of 20 \(level <0..20> changes it\).$'
keys 'help' Enter
expect "play: help shows the level" '^  level <0..20> +.* \(now 5\)$'
keys 'undo 2 3' Enter
expect "play: undo refuses extra words" '^usage: undo <1..10000>$'
keys 'level 21' Enter
expect "play: level out of range says what was wrong" '^level: 21 is out of range \(expected an integer 0..20\)$'
keys 'time -5' Enter
expect "play: time out of range says what was wrong" '^time: -5 is out of range \(expected an integer 1..600000\)$'
# an integer beyond 64 bits is out of range too (it said "is not a number")
keys 'undo 999999999999999999999' Enter
expect "play: undo beyond 64 bits is out of range" '^undo: 999999999999999999999 is out of range \(expected an integer 1..10000\)$'
keys 'undo -1' Enter
expect "play: undo -1 is out of range" '^undo: -1 is out of range \(expected an integer 1..10000\)$'
keys 'level five' Enter
expect "play: a level that is no number says so" "^level: 'five' is not a number \\(expected an integer 0..20\\)$"
fresh
keys 'level' Enter
expect "play: ... and the level is unchanged" '^dablo plays at level 5 of 20 \(level <0..20> changes it\).$'
fresh
keys 'new dablot' Enter
keys 'play none' Enter
keys 'c5-d6' Enter
keys 'b8-c7' Enter
keys 'e5-f6' Enter
keys 'c9 d8' Enter
expect "play: four plies by the player (the last as two point names)" '^Move 3, White to move. Last moves: e5-f6 c9-d8$'
keys 'play black' Enter
keys 'undo 2' Enter
expect "play: undo 2 takes back two moves and dablo's answers" '^Took back 4 moves.$'
fresh
keys 'time 300' Enter
keys 'play white' Enter
expect "play white: dablo opens the game" '^dablo plays [a-k][0-9]+[-x]'
keys 'undo' Enter
expect "play: undo after dablo's first move: nothing to undo" "^Nothing to undo: dablo's move opened the game.$"
if ! screen | grep -q '^Took back'; then ok "... and nothing is taken back"; else bad "... and nothing is taken back"; fi
keys 'quit' Enter
expect "play: quit still ends the engine with status 0" '^ENGINE-EXIT=0$'

# ---------------------------------------------------------- typed ahead
# Lines sent in one burst (a paste, a quick typist): readline accepts the
# first and leaves the rest in the terminal, as typed in its raw mode
# (Enter is '\r').  Each is read as a line of its own, none waits for
# another Enter and none is lost.
start HOME="$home"
wait_for '^dablo> $' >/dev/null
tm send-keys -t t 'isready' Enter 'isready' Enter 'isready' Enter
for _ in $(seq 50); do   # up to 10 s: only a failure waits that long
    [ "$(screen | grep -c '^readyok$')" -ge 3 ] && break
    sleep 0.2
done
if [ "$(screen | grep -c '^readyok$')" -eq 3 ]; then ok "typed ahead at the prompt: readline reads every line"; else bad "typed ahead at the prompt: readline reads every line"; fi
tm send-keys -t t 'c5-d6' Enter 'level' Enter
expect "typed ahead: a line after a move is read while dablo thinks" '^dablo plays at level 20 of 20 \(level' 10
expect "... shown after the prompt, as typed there" '^dablo> level$' 10
expect "... and dablo's answer comes with no other Enter" '^dablo plays [a-k][0-9]+[-x]' 10
keys 'time 300' Enter
expect "... and the next line is one of its own" '^dablo thinks 300 ms a move.$' 10
start HOME="$home"
wait_for '^dablo> $' >/dev/null
tm send-keys -t t 'c5-d6' C-j 'undo' C-j 'level 7' C-j 'lev'
expect "typed ahead: undo among the lines cancels dablo's answer" '^Took back 1 move.$' 10
expect "... shown after the prompt though dablo was thinking" '^dablo> undo$' 10
expect "... the lines after it are shown after the prompt" '^dablo> level 7$' 10
expect "... and run" '^dablo plays at level 7 of 20.$' 10
expect "... and the start of a line is left at the prompt" '^dablo> lev$' 10
keys 'el' Enter
expect "... to be finished there" '^dablo plays at level 7 of 20 \(level' 10
keys 'quit' Enter
expect "typed ahead: quit ends the engine with status 0" '^ENGINE-EXIT=0$' 10

# readline as loaded (tests/suites/20-bench.sh checks that bin/dablo is not
# linked to it).
start_prog build/dablo-static HOME="$home"
expect "the static build (readline linked in): the prompt" '^dablo> $'
keys 'isr' Tab Enter
expect "... and completion (isr -> isready)" '^dablo> isready *$'
keys 'quit' Enter
expect "... quit ends it with status 0" '^ENGINE-EXIT=0$'

start_prog build/dablo-noreadline HOME="$home"
expect "readline that cannot be loaded: one line says why" \
    '^dablo: no readline \(libdablo-no-such-readline.so.0: cannot open shared object file.*\): no prompt, line editing or completion; reading plain lines$'
keys 'isready' Enter
expect "... and plain lines are read: isready answers readyok" '^readyok$'
if ! screen | grep -q '^dablo> '; then ok "... no prompt without readline"; else bad "... no prompt without readline"; fi
keys 'quit' Enter
expect "... quit ends it with status 0" '^ENGINE-EXIT=0$'

# Input at the terminal that runs out of memory is said, with exit 1, not
# taken for Ctrl-D: build/dablo-nomem's line reader never gets memory, so
# the line typed during a search ("stop") cannot be kept.
start_prog build/dablo-nomem HOME="$home"
expect "no memory for a line: the prompt" '^dablo> $'
keys 'go infinite' Enter
expect "... a search runs" 'info depth'
keys 'stop' Enter
expect "... a line typed then finds no memory: stderr says so" \
    '^dablo: stdin: out of memory reading a line$'
expect "... and the engine exits with status 1" '^ENGINE-EXIT=1$'

suite_end terminal
