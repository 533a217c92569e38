#!/usr/bin/env bash
# dablo-web: the unit tests of tests/web/test_web.c, then the HTTP
# interface over real sockets (curl): the start-up line,
# the page's files and every refusal of server.h (foreign Host, missing or
# wrong token, "..", %2e%2e, hidden names, a symlink out of the page
# folder, bodies over the limit, malformed JSON, unknown actions and
# sessions, wrong methods, too many sessions), then the game: legal and
# illegal moves (409, the game unchanged), texts that are no move (400),
# ambiguous short forms, take back (your move and the engine's answer;
# 409 with no move played, or none of yours with the engine as White),
# views, new games with bad variants, options and FENs, the engine's
# reply, analysis with MultiPV over Server-Sent Events, analysis lines
# only ever of the shown position (a take-back, a move and a new game
# clear the old ones), PGN in and out (a dablo-match game; White and Black
# name who played each colour's moves, however the players changed), a crashing and a cheating engine reported and
# restarted, the Skill Level setting (range, the engine receiving it,
# refused for an engine without it), idle sessions ending with their
# engines, slow clients (tests/web/trickle.py), and no engine left after SIGTERM or kill -9 of the server.  Run once with bin/dablo-web and
# once with the ASan + UBSan build (build/dablo-web-san).  Budget: ~40 s.
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
tmp=$(mktemp -d)
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; done
    rm -rf "$tmp"
}
trap cleanup EXIT
. tests/lib.sh
contains() { # contains NAME NEEDLE HAYSTACK
    if [[ "$3" == *"$2"* ]]; then ok "$1"; else bad "$1: '$2' not in '$(head -c 400 <<<"$3")'"; fi
}
finish() { suite_end web; }
for tool in curl jq; do
    command -v $tool >/dev/null || { bad "$tool not installed (run tools/install-deps.sh)"; finish; }
done
# jget FILE FILTER: a value of the JSON in FILE (a jq filter, raw output).
jget() { jq -r "$2" "$1" 2>/dev/null; }
# pgn_request FILE: the JSON of loading the PGN in FILE into session SID.
pgn_request() { jq -Rs --arg s "$SID" '{session: $s, pgn: .}' "$1"; }

# start BIN ARGS...: runs the server, sets URL, PORT, TOKEN, B, SPID.
start() {
    local bin=$1
    shift
    : >"$tmp/url"
    "$bin" -port 0 "$@" >"$tmp/url" 2>"$tmp/server.err" &
    SPID=$!
    pids+=("$SPID")
    # The sanitizer build on a loaded machine can take seconds to start.
    for _ in $(seq 600); do
        [ -s "$tmp/url" ] && break
        sleep 0.05
    done
    URL=$(head -n 1 "$tmp/url")
    PORT=$(sed -E 's#^http://(127\.0\.0\.1|\[::1\]):([0-9]+)/\?token=[0-9a-f]+$#\2#' <<<"$URL")
    TOKEN=${URL##*token=}
    B=http://127.0.0.1:$PORT
    [[ "$URL" == "http://[::1]:"* ]] && B="http://[::1]:$PORT"
}
stop() {
    kill -TERM "$SPID" 2>/dev/null
    wait "$SPID" 2>/dev/null
}
# req METHOD PATH [BODY] [curl args...]: the answer in $tmp/body, CODE.
req() {
    local m=$1 path=$2 body=${3-}
    shift 3 2>/dev/null || shift $#
    if [ "$m" = POST ]; then
        CODE=$(curl -s -o "$tmp/body" -w '%{http_code}' -X POST -H "X-Dablo-Token: $TOKEN" \
               -H 'Content-Type: application/json' --data-binary "$body" "$@" "$B$path")
    else
        CODE=$(curl -s -o "$tmp/body" -w '%{http_code}' -H "X-Dablo-Token: $TOKEN" "$@" "$B$path")
    fi
}
new_session() {
    req POST /api/session '{}'
    SID=$(jget "$tmp/body" .session)
}
# children of the server that are alive (not zombies) and run CMD.
alive_children() {
    ps -o stat=,args= --ppid "$1" 2>/dev/null | awk '$1 !~ /^Z/' | grep -c -- "${2:-}" || true
}
# wait_for N CMD...: retries CMD (quietly) up to N times 0.1 s apart.
wait_for() {
    local n=$1 i
    shift
    for i in $(seq "$n"); do
        "$@" >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    return 1
}
moves_of() { req GET "/api/state?session=$SID"; jget "$tmp/body" '.moves | length'; }
moves_at_least() { [ "$(moves_of)" -ge "$1" ]; }

# misbehave BIN NAME ARGS SECONDS [CMD]: a server whose engine is the fake
# engine (or CMD) with ARGS; one move played in a new session, and its
# event stream for SECONDS in $tmp/sse.
misbehave() {
    start "$1" -engine cmd="${5:-build/fake_engine}" name="$2" args="$3"
    new_session
    curl -sN --max-time "$4" "$B/api/events?session=$SID&token=$TOKEN" >"$tmp/sse" &
    local cpid=$!
    sleep 0.2
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"c5-c7\"}"
    wait $cpid 2>/dev/null
}

suite() {
    local BIN=$1 tag=$2
    echo "--- $BIN"
    # Command-line errors: one line, exit status 2, nothing served.
    local args
    for args in "-port 70000" "-port" "-sessions 0" "-engine name=x" "-engine cmd=/no/such/engine" "-colour red" \
                "-bind 1.2.3.4.5" "-page /no/such/folder" "-page README.md" "-page docs" "-engine cmd=bin/dablo option.Hash=0" \
                "-engine cmd=bin/dablo name=d1 depth=1 tc=1+0" "-engine cmd=bin/dablo bogus=1" \
                "-engine cmd=bin/dablo name=a -engine cmd=bin/dablo name=a" "-engine cmd=bin/dablo -engine cmd=bin/dablo" \
                "-engine cmd=/bin/true" "-engine cmd=bin/dablo args=--bogus"; do
        # shellcheck disable=SC2086
        timeout 60 "$BIN" $args >"$tmp/out" 2>"$tmp/err"   # a server that starts instead fails, not hangs
        same "$tag: '$args' refused" "2 1 0" "$? $(wc -l <"$tmp/err") $(wc -c <"$tmp/out")"
    done
    "$BIN" --help >"$tmp/out" 2>&1
    same "$tag: --help" "0 1" "$? $(grep -c '^Usage: dablo-web' "$tmp/out")"
    for a in --help --version; do
        werr=$("$BIN" "$a" 2>&1 >/dev/full)
        same "$tag: $a > /dev/full: exit 1, the cause" "1 dablo-web: cannot write stdout: No space left on device" "$? $werr"
    done
    # The start-up line holds the token: a server that cannot write it is
    # of no use and stops before serving (timeout: one that serves on
    # fails), on a failed write with the cause, on a closed pipe quietly.
    werr=$(timeout 60 "$BIN" -engine cmd=bin/dablo 2>&1 >/dev/full)
    same "$tag: the address line to /dev/full: exit 1, the cause alone" \
        "1 dablo-web: cannot write stdout: No space left on device" "$? $werr"
    rm -f "$tmp/closed"
    (while [ ! -e "$tmp/closed" ]; do sleep 0.01; done; exec timeout 60 "$BIN" -engine cmd=bin/dablo) 2>"$tmp/err" |
        (exec 0<&-; : >"$tmp/closed"; sleep 0.3)
    same "$tag: the address line to a closed pipe: exit 0, nothing said" "0|" "${PIPESTATUS[0]}|$(cat "$tmp/err")"
    # The page sets the time of a move: search limits are refused, by name,
    # and an unknown setting lists only what dablo-web takes.
    contains "$tag: a search limit refused by name" "depth=1 is a search limit: dablo-web takes none (the page sets the time of each move)" \
        "$("$BIN" -engine cmd=bin/dablo name=d1 depth=1 tc=1+0 2>&1)"
    contains "$tag: an unknown setting lists the settings taken" "unknown engine setting 'bogus=1' (cmd name dir args stderr option.NAME)" \
        "$("$BIN" -engine cmd=bin/dablo bogus=1 2>&1)"
    # A rule of the game is chosen on the page: dablo-web's own hint, not
    # dablo-match's options (-variant, -rules, -option).
    for o in option.Variant=tabal option.Captures=compulsory; do
        out=$(timeout 60 "$BIN" -engine cmd=bin/dablo $o 2>&1 >/dev/null)
        same "$tag: $o refused with dablo-web's hint" \
            "2|dablo-web: -engine: $o is a rule of the game, not an engine setting: dablo-web chooses each game's rules on the page (\"new game\": variant, Rules, Captures, ...)" "$?|$out"
    done
    # An engine that exits at once: refused by name, never killed by SIGPIPE
    # (status 141: the start-up check wrote to it before SIGPIPE was ignored).
    local i codes=""
    for i in 1 2 3 4 5 6 7 8 9 10; do
        timeout 60 "$BIN" -engine cmd=/bin/true >/dev/null 2>"$tmp/err"
        codes+="$? "
    done
    same "$tag: an engine that exits at once, 10 runs" "2 2 2 2 2 2 2 2 2 2 " "$codes"
    same "$tag: ... named, one line" "dablo-web: engine /bin/true: exited with status 0 before uciok (sent uci); its stderr is discarded: give stderr=FILE to see why" "$(cat "$tmp/err")"
    contains "$tag: -bind neither an IPv4 nor an IPv6 address refused" "dablo-web: -bind 1.2.3.4.5: not an IPv4 or IPv6 address" \
        "$("$BIN" -engine cmd=bin/dablo -bind 1.2.3.4.5 2>&1)"
    contains "$tag: two engines of one name refused" "two engines are called 'a': give each its own name=" \
        "$("$BIN" -engine cmd=bin/dablo name=a -engine cmd=bin/dablo name=a 2>&1)"
    # Table files the engine refuses only under Tabal (the start-up check
    # runs under Dablot, the default): a warning line at start, served on.
    mkdir -p "$tmp/badtb"
    printf 'not a table' >"$tmp/badtb/tabal-Kvk.dtb"
    printf 'not a table' >"$tmp/badtb/tabal-KKvk.dtb"
    start "$BIN" -engine cmd=bin/dablo name=dablo option.TablebasePath="$tmp/badtb"
    stop
    same "$tag: table files refused under Tabal: a warning at start, the server started" \
        "1 1" "$(grep -c '^http://127' "$tmp/url") $(grep -Fc "dablo-web: warning: engine dablo under Variant tabal: 2 table file(s) refused: $tmp/badtb/tabal-KKvk.dtb: shorter than a table header" "$tmp/server.err")"
    # A single-valued option given twice is refused by name (-port 1 -port 2
    # served on port 2); -engine repeats.
    local o out
    for o in "-port 1 -port 2" "-sessions 2 -sessions 3" "-idle 5 -idle 6" "-max-body 2048 -max-body 4096" \
             "-bind 127.0.0.1 -bind 127.0.0.1" "-page tools/web/page -page tools/web/page"; do
        # shellcheck disable=SC2086
        out=$(timeout 60 "$BIN" $o 2>&1 >/dev/null)
        same "$tag: '$o' refused" "2|dablo-web: ${o%% *} given twice" "$?|$out"
    done
    # an unknown option is quoted and points to --help as the other tools
    # do (it said "unknown option --bogus (try --help)")
    out=$(timeout 60 "$BIN" --bogus 2>&1 >/dev/null)
    same "$tag: an unknown option refused as the other tools refuse it" "2|dablo-web: unknown option '--bogus' (see --help)" "$?|$out"
    start "$BIN" -engine cmd=bin/dablo name=dablo -sessions 3 -max-body 32768
    if [[ "$URL" =~ ^http://127\.0\.0\.1:[0-9]+/\?token=[0-9a-f]{32}$ ]]; then
        ok "$tag: first line is the address with a token ($URL)"
    else
        bad "$tag: first line '$URL' (stderr: $(head -c 300 "$tmp/server.err"))"
        stop
        return
    fi

    # The page and its files.
    CODE=$(curl -s -o "$tmp/body" -w '%{http_code}' "$B/")
    same "$tag: GET / is the page" "200 1" "$CODE $(grep -c '<script src="app.js"' "$tmp/body")"
    # A port taken or an address not of this machine: exit 1 with the
    # system's reason (it said "(in use?)" for both, and port 0 for an
    # address it could not bind).
    local out rc
    out=$("$BIN" -engine cmd=bin/dablo -port "$PORT" 2>&1); rc=$?
    same "$tag: a port in use: exit 1, the system's reason" "1|dablo-web: cannot listen on 127.0.0.1 port $PORT: Address already in use" "$rc|$out"
    out=$("$BIN" -engine cmd=bin/dablo -bind 1.2.3.4 2>&1); rc=$?
    same "$tag: an address not of this machine: exit 1, the system's reason" \
        "1|dablo-web: cannot listen on 1.2.3.4 port 0 (any free port): Cannot assign requested address" "$rc|$out"
    # A request line libmicrohttpd cannot parse is closed without an answer
    # (docs/web.md); the server serves on.
    exec 3<>"/dev/tcp/127.0.0.1/$PORT"
    printf 'GARBAGE\r\n\r\n' >&3
    out=$(timeout 10 cat <&3)
    exec 3>&-
    CODE=$(curl -s -o /dev/null -w '%{http_code}' "$B/")
    same "$tag: a malformed request line closed unanswered, the server serving on" "|200" "$out|$CODE"
    # Slow clients (tests/web/trickle.py): 260 connections sending a header
    # line a second do not lock out a normal request, from another address
    # or from theirs; one address keeps at most 64 connections; each
    # trickler is closed by the 5 s header deadline (docs/web.md, "Limits").
    if command -v python3 >/dev/null; then
        same "$tag: slow clients: others served, 64 an address, closed at the header deadline" \
            "200 200 64 ok" "$(timeout 30 python3 tests/web/trickle.py "$PORT" 2>&1)"
        CODE=$(curl -s -o /dev/null -w '%{http_code}' "$B/")
        same "$tag: ... the server serving on" "200" "$CODE"
    else
        skipped "$tag: slow clients (no python3)"
    fi
    # Without the token a body is refused before it is read: the answer
    # comes at once, not after the body the client holds back.
    exec 3<>"/dev/tcp/127.0.0.1/$PORT"
    printf 'POST /api/session HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nContent-Length: 1000\r\n\r\n' "$PORT" >&3
    out=$(timeout 3 head -n 1 <&3 | tr -d '\r')
    exec 3>&-
    same "$tag: a body without the token refused before it is sent" "HTTP/1.1 403 Forbidden" "$out"
    # A negative Content-Length is refused by libmicrohttpd's own 400
    # before dablo-web sees the request (0.9.75 sends it twice: docs/web.md);
    # the server serves on.
    exec 3<>"/dev/tcp/127.0.0.1/$PORT"
    printf 'POST /api/session HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nX-Dablo-Token: %s\r\nContent-Length: -5\r\n\r\n' "$PORT" "$TOKEN" >&3
    out=$(timeout 10 cat <&3 | tr -d '\r')
    exec 3>&-
    CODE=$(curl -s -o /dev/null -w '%{http_code}' "$B/")
    same "$tag: a negative Content-Length: 400 before dablo-web sees it, the server serving on" \
        "HTTP/1.1 400 Bad Request|Content-Length|200" \
        "$(head -n 1 <<<"$out")|$(grep -o 'wrong value for <b>Content-Length' <<<"$out" | head -n 1 | sed 's/.*<b>//')|$CODE"
    # Two Content-Length headers that differ leave the body's length unclear
    # (RFC 9112 section 6.3; libmicrohttpd took the first): 400 naming
    # them, and the connection closed, the bytes after it never read as a
    # request.  The same length twice is one length (RFC 9110 section 8.6).
    # (The request is written by a subshell: bash writes it a line at a
    # time, and a line after the server closed would kill the suite with
    # SIGPIPE.)
    local cls
    for cls in "2 5" "5 2" "2 2"; do
        exec 3<>"/dev/tcp/127.0.0.1/$PORT"
        (printf 'POST /api/view HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nX-Dablo-Token: %s\r\nContent-Length: %s\r\nContent-Length: %s\r\n\r\n{}GET / HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nConnection: close\r\n\r\n' \
            "$PORT" "$TOKEN" "${cls% *}" "${cls#* }" "$PORT" >&3) 2>/dev/null
        out=$(timeout 10 cat <&3 | tr -d '\r'; r=${PIPESTATUS[0]}; echo; echo "rc $r")
        exec 3>&-
        if [ "$cls" = "2 2" ]; then
            same "$tag: Content-Length 2 twice: one length, the body read and the next request answered" \
                "HTTP/1.1 400 Bad Request|2|rc 0" \
                "$(head -n 1 <<<"$out")|$(grep -c '^HTTP/1.1 ' <<<"$out")|$(tail -n 1 <<<"$out")"
            contains "$tag: ... the body read as the request's" '{"error":"session: missing"}' "$out"
        else
            same "$tag: Content-Length ${cls% *} and ${cls#* }: 400 naming them, one answer, the connection closed" \
                "HTTP/1.1 400 Bad Request|1|{\"error\":\"refused: two Content-Length headers that differ (${cls% *} and ${cls#* }): the body's length is unclear\"}|rc 0" \
                "$(head -n 1 <<<"$out")|$(grep -c '^HTTP/1.1 ' <<<"$out")|$(grep "^{" <<<"$out")|$(tail -n 1 <<<"$out")"
        fi
    done
    CODE=$(curl -s -o /dev/null -w '%{http_code}' "$B/")
    same "$tag: ... the server serving on" "200" "$CODE"
    CODE=$(curl -s -o /dev/null -w '%{http_code} %{content_type}' "$B/app.js")
    same "$tag: app.js as JavaScript" "200 text/javascript; charset=utf-8" "$CODE"
    for path in "/../Makefile" "/%2e%2e/Makefile" "/..%2fMakefile" "/%2e%2e%2f%2e%2e%2fetc/passwd" "/.hidden" \
                "/%252e%252e/Makefile" "/index.html%00.js" "/%00"; do
        CODE=$(curl -s --path-as-is -o "$tmp/body" -w '%{http_code}' "$B$path")
        same "$tag: $path refused" "404" "$CODE"
    done
    CODE=$(curl -s -o "$tmp/body" -w '%{http_code}' -H "Host: evil.example:$PORT" "$B/")
    same "$tag: foreign Host refused (DNS rebinding)" "403" "$CODE"
    contains "$tag: the refusal says why" "Host header" "$(cat "$tmp/body")"
    CODE=$(curl -s -o /dev/null -w '%{http_code}' -H "Host: localhost:$PORT" "$B/")
    same "$tag: Host localhost accepted" "200" "$CODE"
    CODE=$(curl -s -o /dev/null -w '%{http_code}' -H "Host: 127.0.0.1:1" "$B/")
    same "$tag: Host with another port refused" "403" "$CODE"
    CODE=$(curl -s -o /dev/null -w '%{http_code}' -H "Host: 127.0.0.1" "$B/")
    same "$tag: Host without its port refused (the port is not 80)" "403" "$CODE"
    exec 3<>"/dev/tcp/127.0.0.1/$PORT"
    printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nHost: evil.example\r\nConnection: close\r\n\r\n' "$PORT" >&3
    out=$(timeout 10 head -n 1 <&3 | tr -d '\r')
    exec 3>&-
    same "$tag: a second Host header refused" "HTTP/1.1 403 Forbidden" "$out"

    # Tokens.
    CODE=$(curl -s -o "$tmp/body" -w '%{http_code}' -X POST -d '{}' "$B/api/session")
    same "$tag: no token refused" "403" "$CODE"
    # The last digit changed (a token ending in 0 once made the "wrong"
    # one right, and its session filled -sessions 3 before the next check).
    local wrong=${TOKEN%?}0
    [ "${TOKEN: -1}" = 0 ] && wrong=${TOKEN%?}1
    CODE=$(curl -s -o "$tmp/body" -w '%{http_code}' -X POST -H "X-Dablo-Token: $wrong" -d '{}' "$B/api/session")
    same "$tag: wrong token refused" "403" "$CODE"
    CODE=$(curl -s -o "$tmp/body" -w '%{http_code}' -X POST -d '{}' "$B/api/session?token=$TOKEN")
    same "$tag: token as a query argument" "200" "$CODE"
    # Every token given must be right: a wrong second one is refused too.
    for q in "token=$TOKEN&token=bad" "token=bad&token=$TOKEN"; do
        CODE=$(curl -s -o "$tmp/body" -w '%{http_code}' -X POST -d '{}' "$B/api/session?$q")
        same "$tag: two tokens, one wrong ($q) refused" "403" "$CODE"
    done
    CODE=$(curl -s -o "$tmp/body" -w '%{http_code}' -X POST -H "X-Dablo-Token: $TOKEN" -d '{}' "$B/api/session?token=bad")
    same "$tag: a right header and a wrong query token refused" "403" "$CODE"
    CODE=$(curl -s -o "$tmp/body" -w '%{http_code}' -X POST -H "X-Dablo-Token: $TOKEN" -d '{}' "$B/api/session?token=$TOKEN")
    same "$tag: the right token twice (header and query)" "200" "$CODE"

    # Bodies and requests the server refuses.
    new_session
    same "$tag: a session id" "32" "${#SID}"
    local state0
    state0=$(jget "$tmp/body" '.fen')
    req POST /api/move "$(head -c 40000 /dev/zero | tr '\0' ' '){}"
    same "$tag: body over -max-body" "413" "$CODE"
    req POST /api/move '{"session":'
    same "$tag: malformed JSON" "400" "$CODE"
    contains "$tag: malformed JSON names the byte" "bad JSON at byte" "$(cat "$tmp/body")"
    req POST /api/move '[1,2]'
    same "$tag: not an object" "400" "$CODE"
    req POST /api/move "$(printf '%.0s[' $(seq 40))"
    same "$tag: nested too deeply" "400" "$CODE"
    contains "$tag: ... naming the limit" "nested too deeply (at most 16 levels)" "$(cat "$tmp/body")"
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"\\ud800\"}"
    same "$tag: lone surrogate" "400" "$CODE"
    req POST /api/move '{"session":"nope","move":"c5-c7"}'
    same "$tag: unknown session" "404" "$CODE"
    req POST /api/explode "{\"session\":\"$SID\"}"
    same "$tag: unknown action" "404" "$CODE"
    req GET /api/move
    same "$tag: GET of an action" "405" "$CODE"
    # a 405 names the methods allowed (RFC 9110)
    same "$tag: GET of an action: Allow: POST" "Allow: POST" \
        "$(curl -s -D - -o /dev/null -H "X-Dablo-Token: $TOKEN" "$B/api/move" | tr -d '\r' | grep -i '^allow:')"
    same "$tag: POST of a file: Allow: GET, HEAD" "Allow: GET, HEAD" \
        "$(curl -s -D - -o /dev/null -X POST -d x "$B/index.html" | tr -d '\r' | grep -i '^allow:')"
    req GET /api/nothing
    same "$tag: GET of an unknown path: 404, as docs/web.md says" "404 no such action: nothing" "$CODE $(jget "$tmp/body" .error)"
    # Query arguments are held to what a JSON body is: one an endpoint does
    # not take, or one given twice (even with the same value), is refused
    # with 400 naming it, not dropped or read as its first copy; token may
    # come more than once (every copy right).
    local p
    for p in state pgn events; do
        for q in "session=$SID&session=zzz" "session=$SID&session=$SID"; do
            req GET "/api/$p?$q" "" --max-time 5
            same "$tag: GET /api/$p?$q refused" "400 $p: query argument \"session\" given twice" \
                "$CODE $(jget "$tmp/body" .error)"
        done
        req GET "/api/$p?session=$SID&extra=1" "" --max-time 5
        same "$tag: GET /api/$p with extra=1 refused" \
            "400 $p: unknown query argument \"extra\" (it takes: session token)" "$CODE $(jget "$tmp/body" .error)"
    done
    req GET "/api/state?session=$SID&token=$TOKEN&token=$TOKEN"
    same "$tag: GET /api/state with the right token twice in the query" "200 $SID" "$CODE $(jget "$tmp/body" .session)"
    req POST "/api/view?session=$SID" "{\"session\":\"$SID\",\"ply\":0}"
    same "$tag: a POST with a query argument refused" \
        "400 view: unknown query argument \"session\" (it takes: token; the members go in the JSON body)" \
        "$CODE $(jget "$tmp/body" .error)"
    # A declared body over the limit is refused before it is sent (the
    # server does not wait for 99999999999 bytes).
    req POST /api/move '{}' -H 'Content-Length: 99999999999' --max-time 20
    same "$tag: declared body over -max-body refused at once" "413" "$CODE"
    # Slow clients do not lock the others out: 70 connections that never
    # finish their request, then a normal one.
    local slow=() i
    for i in $(seq 70); do
        { exec 3<>"/dev/tcp/127.0.0.1/$PORT" && printf 'GET / HTTP/1.1\r\n' >&3 && sleep 30; } 2>/dev/null &
        slow+=($!)
    done
    sleep 0.5
    CODE=$(curl -s -o /dev/null -w '%{http_code}' --max-time 20 "$B/style.css")
    same "$tag: served beside 70 unfinished requests" "200" "$CODE"
    kill "${slow[@]}" 2>/dev/null
    wait "${slow[@]}" 2>/dev/null
    # Event streams of one session are bounded: the 5th and 6th end the
    # two oldest, the newest 4 stay open.
    local ev=() ended=""
    for i in 1 2 3 4 5 6; do
        curl -s -N --max-time 30 -o /dev/null "$B/api/events?session=$SID&token=$TOKEN" &
        ev+=($!)
        sleep 0.3
    done
    for i in $(seq 50); do
        kill -0 "${ev[0]}" 2>/dev/null || kill -0 "${ev[1]}" 2>/dev/null || break
        sleep 0.1
    done
    for i in 0 1 2 3 4 5; do kill -0 "${ev[$i]}" 2>/dev/null || ended+="$((i + 1)) "; done
    same "$tag: a 5th and 6th event stream end the 2 oldest" "1 2 " "$ended"
    kill "${ev[@]}" 2>/dev/null
    wait "${ev[@]}" 2>/dev/null
    req POST /api/move "{\"session\":\"$SID\",\"move\":42}"
    same "$tag: move not a string" "400" "$CODE"

    # Moves: illegal ones change nothing.
    req POST /api/configure "{\"session\":\"$SID\",\"movetime\":200}"
    same "$tag: configure movetime" "200 200" "$CODE $(jget "$tmp/body" .movetime)"
    for m in c5-c9 c5xc9 e5-g7 k7xi9; do   # moves of the notation the position does not allow
        req POST /api/move "{\"session\":\"$SID\",\"move\":\"$m\"}"
        same "$tag: illegal move '$m' refused" "409 0 $state0" "$CODE $(jget "$tmp/body" 'if .moves then "x" else 0 end') $(moves_of >/dev/null; jget "$tmp/body" .fen)"
    done
    # A text that is no move at all (no point of the board, the wrong shape)
    # is a bad request, as an empty one is: 400, the game unchanged.
    for m in z9-z9 zz9 a1-a2 "c5-c7 x" c5-c7-c9 c5xc7-c9 c5 "c5-c7$(printf 'xc7%.0s' $(seq 60))"; do
        req POST /api/move "{\"session\":\"$SID\",\"move\":\"$m\"}"
        same "$tag: no move '${m:0:20}' is bad input" "400 0 $state0" "$CODE $(jget "$tmp/body" 'if .moves then "x" else 0 end') $(moves_of >/dev/null; jget "$tmp/body" .fen)"
    done
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"z9-z9\"}"
    same "$tag: ... with one line of JSON naming it" "{\"error\":\"unparsable move (z9 is not a point of the board: its files are a to k) 'z9-z9'\"}" "$(cat "$tmp/body")"
    # Each reason names the fault it found (a rank too large was "expected
    # '-' or 'x' between points"); none crashes the server.
    while IFS='|' read -r m why; do
        req POST /api/move "{\"session\":\"$SID\",\"move\":\"$m\"}"
        same "$tag: no move '${m:0:24}': its fault named" "400 unparsable move ($why) '$m'" "$CODE $(jget "$tmp/body" .error)"
    done <<'EOF_MOVES'
c5-c99999999999999999999|c99999999999999999999 is not a point of the board: its ranks are 1 to 13
c5-|a point is missing after '-'
-c5|a point is missing before '-'
c5xx|a point is missing after 'x'
c5-c5-|a point is missing after '-'
c5-c7-c9|more than two points joined by '-': a step is from-to, a capture from x to ...
c5:c7|unexpected ':' after c5: points are joined by '-' or 'x'
EOF_MOVES
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"c5-\u00e9\"}"
    same "$tag: no move 'c5-é': its fault named" \
        "400 unparsable move (é is not a point of the board: a point is a file a to k and a rank 1 to 13, such as c5) 'c5-é'" \
        "$CODE $(jget "$tmp/body" .error)"
    for m in "" " "; do   # no move at all is a bad request, not a move the game refuses
        req POST /api/move "{\"session\":\"$SID\",\"move\":\"$m\"}"
        same "$tag: empty move '$m' is bad input" "400 move: empty (a move in RULES.md notation, such as c5-c7)" "$CODE $(jget "$tmp/body" .error)"
    done
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"zz\"}"
    same "$tag: a bad move's error names it once" "unparsable move (zz is not a point of the board: a point is a file a to k and a rank 1 to 13, such as c5) 'zz'" "$(jget "$tmp/body" .error)"
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"c5-c7\"}"
    same "$tag: legal move played" "200 c5-c7" "$CODE $(jget "$tmp/body" '.moves[0]')"
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"c7-c9\"}"
    same "$tag: a move on the engine's turn refused" "409" "$CODE"
    if wait_for 100 moves_at_least 2; then ok "$tag: the engine replied"; else bad "$tag: no engine reply in 10 s"; fi
    req POST /api/takeback "{\"session\":\"$SID\"}"
    same "$tag: take back returns to the person's turn" "200 0 white" "$CODE $(jget "$tmp/body" '.moves | length') $(jget "$tmp/body" .stm)"
    req POST /api/takeback "{\"session\":\"$SID\"}"
    same "$tag: nothing to take back: 409, as the game does not allow it" "409 no move to take back" \
        "$CODE $(jget "$tmp/body" .error)"
    # The analysis lines are only ever of the position shown: a take-back,
    # a move and a new game take those of the position before with them
    # (they stayed, and the page showed them for the position taken back
    # to); the lines that follow are of the position shown.
    nlines() { req GET "/api/state?session=$SID"; jget "$tmp/body" '.lines | length'; }
    has_lines() { [ "$(nlines)" -gt 0 ]; }
    # of_shown: the lines of $tmp/body not of its position (another FEN, or
    # a first move the position does not have), as "FEN MOVE" lines.
    of_shown() {
        jget "$tmp/body" '.fen as $f | .legal as $l | .lines[]
            | select(.fen != $f or (.pv[0] as $m | any($l[]; .move == $m) | not)) | "\(.fen) \(.pv[0])"'
    }
    req POST /api/configure "{\"session\":\"$SID\",\"movetime\":5000}"
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"c5-c7\"}"
    if wait_for 100 has_lines; then ok "$tag: the engine's lines while it thinks"
    else bad "$tag: no line of the engine's in 10 s"; fi
    # docs/web.md's table of the state object names each field sent, and
    # its info object each field of a line (users read them there).
    local doc_fields doc_info
    doc_fields=$(awk '/^#/ { in_table = ($0 == "### The state object") } in_table && /^\| `/' docs/web.md |
        sed -E 's/^\| `([^`]+)`.*/\1/' | LC_ALL=C sort | paste -sd' ')
    doc_info=$(awk '/^An `info` event/ { p = 1 } p && /^$/ { exit } p' docs/web.md |
        grep -o '"[A-Za-z]*":' | tr -d '":' | LC_ALL=C sort | paste -sd' ')
    same "$tag: docs/web.md's state object table names every field of the state" "$doc_fields" \
        "$(jget "$tmp/body" 'keys | join(" ")')"
    same "$tag: ... and its info object every field of an analysis line" "$doc_info" \
        "$(jget "$tmp/body" '.lines[0] | keys | join(" ")')"
    req POST /api/takeback "{\"session\":\"$SID\"}"
    same "$tag: take back while the engine thinks: no line of the position taken back" "200 0 0" \
        "$CODE $(jget "$tmp/body" '.moves | length') $(jget "$tmp/body" '.lines | length')"
    sleep 0.3
    same "$tag: ... nor after" "0 0" "$(nlines) $(jget "$tmp/body" '.moves | length')"
    req POST /api/configure "{\"session\":\"$SID\",\"movetime\":200}"
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"c5-c7\"}"
    wait_for 100 moves_at_least 2
    same "$tag: the engine's answer played: no line of the position before it" "2 0" \
        "$(moves_of) $(jget "$tmp/body" '.lines | length')"
    req POST /api/takeback "{\"session\":\"$SID\"}"
    same "$tag: ... nor after the take-back" "200 0 0" \
        "$CODE $(jget "$tmp/body" '.moves | length') $(jget "$tmp/body" '.lines | length')"
    req POST /api/new "{\"session\":\"$SID\",\"analyse\":true,\"multipv\":2}"
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"c5-c7\"}"
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"a7xe7\"}"
    wait_for 100 has_lines
    req POST /api/takeback "{\"session\":\"$SID\"}"
    same "$tag: analysis: a take-back takes the lines of the position before" "200 1 0" \
        "$CODE $(jget "$tmp/body" '.moves | length') $(jget "$tmp/body" '.lines | length')"
    if wait_for 100 has_lines; then
        sleep 0.5
        req GET "/api/state?session=$SID"
        same "$tag: ... and the new lines are of the position shown" "" "$(of_shown)"
    else
        bad "$tag: analysis: no line after the take-back in 10 s"
    fi
    # A new game at the same ply and MultiPV (here Tabal's start after
    # Dablot's) is another position: the analysis of the old one stops (it
    # went on, its lines shown on the new board).
    req POST /api/new "{\"session\":\"$SID\",\"analyse\":true,\"multipv\":2}"
    wait_for 100 has_lines
    req POST /api/new "{\"session\":\"$SID\",\"variant\":\"tabal\",\"analyse\":true,\"multipv\":2}"
    same "$tag: analysis: a new game has no line of the old" "200 0" "$CODE $(jget "$tmp/body" '.lines | length')"
    if wait_for 100 has_lines; then
        sleep 0.5
        req GET "/api/state?session=$SID"
        same "$tag: ... and its lines are of its position" "" "$(of_shown)"
    else
        bad "$tag: analysis: no line of the new game in 10 s"
    fi

    # Take-back against an engine undoes a move of yours with the engine's
    # answer; with none of yours played it is refused (it took back the
    # engine's own first move, which the engine then played again).
    req POST /api/new "{\"session\":\"$SID\",\"white\":0,\"black\":\"human\",\"movetime\":100}"
    wait_for 100 moves_at_least 1
    req POST /api/takeback "{\"session\":\"$SID\"}"
    same "$tag: the engine as White, no move of yours: take back refused, 409" \
        "409 no move of yours to take back (only the engine has moved)" "$CODE $(jget "$tmp/body" .error)"
    sleep 0.3
    same "$tag: ... the engine's move stays, Black to move" "1 black" "$(moves_of) $(jget "$tmp/body" .stm)"
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"$(jget "$tmp/body" '.legal[0].move')\"}"
    wait_for 100 moves_at_least 3
    req POST /api/takeback "{\"session\":\"$SID\"}"
    same "$tag: ... your move and the engine's answer taken back" "200 1 black" \
        "$CODE $(jget "$tmp/body" '.moves | length') $(jget "$tmp/body" .stm)"
    sleep 0.3
    same "$tag: ... and the engine does not move again" "1" "$(moves_of)"
    req POST /api/new "{\"session\":\"$SID\"}"

    # New games: bad values change nothing.
    req POST /api/new "{\"session\":\"$SID\",\"variant\":\"chess\"}"
    same "$tag: bad variant" "400" "$CODE"
    req POST /api/new "{\"session\":\"$SID\",\"options\":{\"Captures\":\"sometimes\"}}"
    same "$tag: bad option value" "400" "$CODE"
    req POST /api/new "{\"session\":\"$SID\",\"options\":{\"Hash\":\"16\"}}"
    same "$tag: not a rule option" "400" "$CODE"
    # Variant among the options says where the game goes; a value of the
    # wrong JSON type gets the values the option takes, as a bad string does.
    req POST /api/new "{\"session\":\"$SID\",\"options\":{\"Variant\":\"dablot\"}}"
    same "$tag: Variant among the options" \
        "400 options: Variant is not a rule option here: give the game in the request's \"variant\" member" \
        "$CODE $(jget "$tmp/body" .error)"
    local v
    for v in 'null:null' '[1]:an array' '{}:an object'; do
        req POST /api/new "{\"session\":\"$SID\",\"options\":{\"Captures\":${v%%:*}}}"
        same "$tag: Captures ${v%%:*}" \
            "400 options: Captures: ${v#*:} is no value (expected optional, compulsory or compulsory-men)" \
            "$CODE $(jget "$tmp/body" .error)"
    done
    req POST /api/new "{\"session\":\"$SID\",\"options\":{\"DrawPlies\":null}}"
    same "$tag: DrawPlies null" "400 options: DrawPlies: null is no value (expected an integer 0..10000)" \
        "$CODE $(jget "$tmp/body" .error)"
    req POST /api/new "{\"session\":\"$SID\",\"variant\":\"tabal\",\"options\":{\"MaxCapture\":[true]}}"
    same "$tag: MaxCapture [true]" "400 options: MaxCapture: an array is no value (expected true or false)" \
        "$CODE $(jget "$tmp/body" .error)"
    req POST /api/new "{\"session\":\"$SID\",\"options\":{\"Hash\":null}}"
    same "$tag: not a rule option, null" "400 options: Hash is not a rule option" "$CODE $(jget "$tmp/body" .error)"
    # An option of the other game is refused, named, as a bad value is.
    for o in Captures:compulsory Rules:modern ForwardOnlyMen:true KingCaptureEnds:true KingAndPrinceCaptureEnds:true; do
        req POST /api/new "{\"session\":\"$SID\",\"variant\":\"tabal\",\"options\":{\"${o%%:*}\":\"${o#*:}\"}}"
        same "$tag: Tabal game with ${o%%:*}" "400 options: ${o%%:*} belongs to Dablot, not Tabal" "$CODE $(jget "$tmp/body" .error)"
    done
    req POST /api/new "{\"session\":\"$SID\",\"options\":{\"MaxCapture\":true}}"
    same "$tag: Dablot game with MaxCapture" "400 options: MaxCapture belongs to Tabal, not Dablot" "$CODE $(jget "$tmp/body" .error)"
    # The preset first, then the single options over it, whatever the
    # order of the members; the same option twice (any case) is refused.
    for o in '"Captures":"compulsory","Rules":"classic"' '"Rules":"classic","Captures":"compulsory"'; do
        req POST /api/new "{\"session\":\"$SID\",\"options\":{$o}}"
        same "$tag: options {$o}: the preset, then Captures" "200 classic compulsory" \
            "$CODE $(jget "$tmp/body" .options.Rules) $(jget "$tmp/body" .options.Captures)"
    done
    req POST /api/new "{\"session\":\"$SID\",\"options\":{\"Captures\":\"optional\",\"Rules\":\"modern\"}}"
    same "$tag: options Captures optional, Rules modern" "200 modern optional" \
        "$CODE $(jget "$tmp/body" .options.Rules) $(jget "$tmp/body" .options.Captures)"
    req POST /api/new "{\"session\":\"$SID\",\"options\":{\"Rules\":\"modern\",\"rules\":\"classic\"}}"
    same "$tag: two presets refused" "400 options: rules is given twice (Rules and rules)" "$CODE $(jget "$tmp/body" .error)"
    req POST /api/new "{\"session\":\"$SID\",\"fen\":\"xyz w 0 1\"}"
    same "$tag: bad FEN" "400" "$CODE"
    # A FEN of the other game says which game it is.
    req POST /api/new "{\"session\":\"$SID\",\"fen\":\"3/3/5/5/2m2/2M2/5/3/3 w 0 1\"}"
    same "$tag: a Tabal FEN for Dablot" "400 yes" "$CODE $(jget "$tmp/body" .error | grep -qF '(is this a Tabal FEN? set variant to tabal)' && echo yes)"
    # A position where the game is already over is no start, as it is no
    # opening of dablo-match: 400 naming why (it was an ended game).
    local f why
    while IFS='|' read -r f why; do
        req POST /api/new "{\"session\":\"$SID\",\"variant\":\"tabal\",\"options\":{\"DrawPlies\":40},\"fen\":\"$f\"}"
        same "$tag: a FEN of a game already over ($why) refused" \
            "400 fen: the game is already over in this position ($why)" "$CODE $(jget "$tmp/body" .error)"
    done <<'ENDED'
3/3/5/5/5/5/5/3/M2 w 0 1|Black has no pieces
3/3/5/5/2m2/5/5/3/3 w 0 1|White has no pieces
3/3/5/5/2m2/5/5/3/M2 w 40 30|DrawPlies reached
ENDED
    req POST /api/pgn "{\"session\":\"$SID\",\"pgn\":\"[Variant \\\"tabal\\\"]\\n[FEN \\\"3/3/5/5/5/5/5/3/M2 w 0 1\\\"]\\n\\n1-0\"}"
    same "$tag: a PGN whose FEN tag's game is already over refused" \
        "400 PGN tag FEN: the game is already over in this position (Black has no pieces)" "$CODE $(jget "$tmp/body" .error)"
    # A FEN tag too long for the reader is refused, not cut and misread.
    req POST /api/pgn "{\"session\":\"$SID\",\"pgn\":\"[Variant \\\"tabal\\\"]\\n[FEN \\\"$(printf 'M%.0s' $(seq 300))\\\"]\\n\\n*\"}"
    same "$tag: a PGN's FEN tag too long refused" \
        "400 PGN tag FEN: value too long (at most 255 characters)" "$CODE $(jget "$tmp/body" .error)"
    # A move over the limit names it.
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"$(printf 'c5%.0s' $(seq 100))\"}"
    same "$tag: a move too long names the limit" "400 move too long (at most 159 characters)" "$CODE $(jget "$tmp/body" .error)"
    req POST /api/view "{\"session\":\"$SID\",\"ply\":$(printf '1%.0s' $(seq 70))}"
    same "$tag: a number too long names the limit" "400 bad JSON at byte 52: number too long (at most 63 characters)" \
        "$CODE $(jget "$tmp/body" .error)"
    req POST /api/new "{\"session\":\"$SID\",\"white\":\"robot\"}"
    same "$tag: bad player" "400" "$CODE"
    req POST /api/new "{\"session\":\"$SID\",\"movetime\":-5}"
    same "$tag: bad movetime" "400" "$CODE"
    # Out-of-range values, as the page refuses them too: 400 naming the field and its range.
    req POST /api/configure "{\"session\":\"$SID\",\"movetime\":600001}"
    same "$tag: movetime over its range" "400 movetime: expected a whole number 10..600000" "$CODE $(jget "$tmp/body" .error)"
    req POST /api/configure "{\"session\":\"$SID\",\"multipv\":9}"
    same "$tag: multipv over its range" "400 multipv: expected a whole number 1..8" "$CODE $(jget "$tmp/body" .error)"
    req POST /api/new "{\"session\":\"$SID\",\"options\":{\"DrawPlies\":10001}}"
    same "$tag: DrawPlies over its range" "400" "$CODE"
    contains "$tag: ... named with its range" "DrawPlies" "$(jget "$tmp/body" .error)"
    contains "$tag: ... and the range" "0..10000" "$(jget "$tmp/body" .error)"
    req POST /api/new "{\"session\":\"$SID\",\"options\":{\"DrawPlies\":40.5}}"
    same "$tag: a fractional DrawPlies refused, not rounded" "400 options: DrawPlies: expected a whole number" "$CODE $(jget "$tmp/body" .error)"
    req POST /api/new "{\"session\":\"$SID\",\"options\":{\"DrawPlies\":\"\"}}"
    same "$tag: an empty DrawPlies refused" "400" "$CODE"
    req GET "/api/state?session=$SID"
    same "$tag: the game unchanged after refusals" "dablot $state0" "$(jget "$tmp/body" .variant) $(jget "$tmp/body" .fen)"

    # Ambiguous short form (RULES.md section 5), then a full path.
    local fen='mm1mmm/mmmmm/m1mmmm/mm1mm/mm1mmm/pm3/k4K/m2P1/M1MMMM/MMMMM/MMMMMM/M1MMM/MMMMMM w 7 12'
    req POST /api/new "{\"session\":\"$SID\",\"fen\":\"$fen\",\"white\":\"human\",\"black\":\"human\"}"
    same "$tag: new game from a FEN" "200 $fen" "$CODE $(jget "$tmp/body" .fen)"
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"a5xe13\"}"
    same "$tag: ambiguous short form refused" "409" "$CODE"
    local msg path
    msg=$(jget "$tmp/body" .error)
    contains "$tag: the refusal lists the paths" "give the whole path, one of a5x" "$msg"
    path=$(sed -E 's/.*one of ([^ ]+).*/\1/' <<<"$msg")
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"$path\"}"
    same "$tag: a listed path is played" "200 $path" "$CODE $(jget "$tmp/body" '.moves[0]')"
    # Every ply outside the game, negative or beyond any int, gets the same
    # message, naming the number as it was sent.
    for p in 5:5 -1:-1 1e20:1e20 -3000000000:-3000000000 99999999999999999999999:99999999999999999999999 \
             1E+2:1E+2; do
        req POST /api/view "{\"session\":\"$SID\",\"ply\":${p%%:*}}"
        same "$tag: view ply ${p%%:*}" "400 ply ${p#*:} out of range 0..1" "$CODE $(jget "$tmp/body" .error)"
    done
    req POST /api/view "{\"session\":\"$SID\",\"ply\":0.5}"
    same "$tag: view ply 0.5" "400 view: expected a whole number member \"ply\"" "$CODE $(jget "$tmp/body" .error)"
    req POST /api/view "{\"session\":\"$SID\",\"ply\":0}"
    same "$tag: view ply 0" "200 0 $fen" "$CODE $(jget "$tmp/body" .view) $(jget "$tmp/body" .fen)"

    # A new game without "variant" is Dablot with its default rules, not the previous game's.
    req POST /api/new "{\"session\":\"$SID\",\"variant\":\"tabal\",\"options\":{\"DrawPlies\":40}}"
    same "$tag: a Tabal game with DrawPlies 40" "200 tabal 40" "$CODE $(jget "$tmp/body" .variant) $(jget "$tmp/body" .options.DrawPlies)"
    same "$tag: a Tabal game lists only Tabal's options" "DrawPlies MaxCapture" "$(jget "$tmp/body" '.options | keys | join(" ")')"
    req POST /api/new "{\"session\":\"$SID\"}"
    same "$tag: /api/new without variant: Dablot, default rules" "200 dablot 100" "$CODE $(jget "$tmp/body" .variant) $(jget "$tmp/body" .options.DrawPlies)"
    same "$tag: a Dablot game lists only Dablot's options" "Captures DrawPlies ForwardOnlyMen KingAndPrinceCaptureEnds KingCaptureEnds Rules" \
        "$(jget "$tmp/body" '.options | keys | join(" ")')"
    # ... and without players or settings, a fresh game's: White a person,
    # Black the first engine, 1000 ms, no depth limit, not flipped.
    req POST /api/new "{\"session\":\"$SID\",\"white\":0,\"black\":0,\"movetime\":50,\"depth\":2,\"multipv\":3,\"flip\":true}"
    same "$tag: an engine against itself" "200 0 0 50 2 3 true" "$CODE $(jget "$tmp/body" '[.players.white, .players.black, .movetime, .depth, .multipv, .flipped] | join(" ")')"
    req POST /api/new "{\"session\":\"$SID\",\"variant\":\"tabal\",\"fen\":\"3/3/5/5/2m2/5/5/3/M2 w 0 1\"}"
    same "$tag: /api/new without players: a fresh game's, not the previous game's" "200 -1 0 1000 0 1 false" \
        "$CODE $(jget "$tmp/body" '[.players.white, .players.black, .movetime, .depth, .multipv, .flipped] | join(" ")')"

    # Game end: the result and its reason come from the rules library.
    req POST /api/new "{\"session\":\"$SID\",\"variant\":\"tabal\",\"fen\":\"3/3/5/5/2m2/2M2/5/3/3 w 0 1\"}"
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"c4xc6\"}"
    same "$tag: game over, reason given" "1-0|no legal move|0" \
        "$(jget "$tmp/body" .result)|$(jget "$tmp/body" .reason)|$(jget "$tmp/body" '.legal | length')"
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"c6-c7\"}"
    same "$tag: no move after the end" "409" "$CODE"
    contains "$tag: ... and it says so" "the game is over" "$(cat "$tmp/body")"

    # PGN out and in: a dablo-match game, the exported game again, a bad one.
    rm -f "$tmp/m.pgn"
    bin/dablo-match -variant tabal -engine cmd=bin/dablo name=a depth=1 -engine cmd=bin/dablo name=b depth=2 \
        -games 1 -rounds 1 -pgnout "$tmp/m.pgn" >/dev/null 2>&1
    local plies
    plies=$(sed -nE 's/^\[PlyCount "([0-9]+)"\]/\1/p' "$tmp/m.pgn")
    pgn_request "$tmp/m.pgn" >"$tmp/pgn.json"
    req POST /api/pgn "$(cat "$tmp/pgn.json")"
    same "$tag: dablo-match PGN loaded" "200 $plies tabal 0 -1 -1" \
        "$CODE $(jget "$tmp/body" '.moves | length') $(jget "$tmp/body" .variant) $(jget "$tmp/body" .view) $(jget "$tmp/body" .players.white) $(jget "$tmp/body" .players.black)"
    local loaded
    loaded=$(jget "$tmp/body" '.moves | join(" ")')
    req GET "/api/pgn?session=$SID"
    cp "$tmp/body" "$tmp/out.pgn"
    contains "$tag: exported PGN has the players" '[White "a"]' "$(cat "$tmp/out.pgn")"
    pgn_request "$tmp/out.pgn" >"$tmp/pgn.json"
    req POST /api/pgn "$(cat "$tmp/pgn.json")"
    same "$tag: exported PGN loads back to the same moves" "$loaded" "$(jget "$tmp/body" '.moves | join(" ")')"
    # A file of two games loads the first, its tags and its moves only; blank
    # space before the first tag is skipped (both were mixed up or dropped).
    rm -f "$tmp/m2.pgn"
    bin/dablo-match -variant tabal -engine cmd=bin/dablo name=c depth=2 -engine cmd=bin/dablo name=d depth=1 \
        -games 2 -rounds 1 -pgnout "$tmp/m2.pgn" >/dev/null 2>&1
    local first_plies
    first_plies=$(sed -nE 's/^\[PlyCount "([0-9]+)"\]/\1/p' "$tmp/m2.pgn" | head -1)
    pgn_request "$tmp/m2.pgn" >"$tmp/pgn.json"
    req POST /api/pgn "$(cat "$tmp/pgn.json")"
    same "$tag: the first of two games loaded, with its own tags" "200 $first_plies c d" \
        "$CODE $(jget "$tmp/body" '.moves | length') $(jget "$tmp/body" .names.white) $(jget "$tmp/body" .names.black)"
    printf '  \n\n' | cat - "$tmp/m.pgn" >"$tmp/blank.pgn"
    pgn_request "$tmp/blank.pgn" >"$tmp/pgn.json"
    req POST /api/pgn "$(cat "$tmp/pgn.json")"
    same "$tag: blank space before the tags skipped" "200 $plies" "$CODE $(jget "$tmp/body" '.moves | length')"
    req POST /api/pgn "{\"session\":\"$SID\",\"pgn\":\"[Variant \\\"tabal\\\"]\\n\\n1. b3-b4 a7-a2 *\"}"
    same "$tag: PGN with an illegal move refused" "400" "$CODE"
    contains "$tag: ... naming the ply" "PGN ply" "$(cat "$tmp/body")"
    # A FEN tag of the other game than the Variant tag's (here the current
    # game's, Tabal, without one) says which it is.
    req POST /api/pgn "{\"session\":\"$SID\",\"pgn\":\"[FEN \\\"mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1\\\"]\\n\\n*\"}"
    same "$tag: PGN with a Dablot FEN and no Variant tag in a Tabal game" "400 yes" "$CODE $(jget "$tmp/body" .error | grep -qF '(is this a Dablot FEN? set the Variant tag to dablot)' && echo yes)"
    req GET "/api/state?session=$SID"
    same "$tag: ... and the game unchanged" "$loaded" "$(jget "$tmp/body" '.moves | join(" ")')"
    # Malformed PGN is refused naming what is wrong (an unclosed comment
    # loaded the moves before it with a 200, a broken tag line blamed the
    # first move); a byte-order mark before a valid PGN is skipped.
    printf '[Variant "tabal"]\n\n1. b4-c5 {unterminated comment d6xb4 2. a3xc5 *\n' >"$tmp/bad.pgn"
    pgn_request "$tmp/bad.pgn" >"$tmp/pgn.json"
    req POST /api/pgn "$(cat "$tmp/pgn.json")"
    same "$tag: PGN with an unclosed comment refused" "400|PGN line 3: a comment opened here is never closed" \
        "$CODE|$(jget "$tmp/body" '.error | split(":")[0:2] | join(":")')"
    printf '[Variant "tabal"\n\n1. b4-c5 *\n' >"$tmp/bad.pgn"
    pgn_request "$tmp/bad.pgn" >"$tmp/pgn.json"
    req POST /api/pgn "$(cat "$tmp/pgn.json")"
    same "$tag: PGN with a broken tag line refused, naming it" \
        "400|PGN line 1: not a PGN tag pair ([Name \"value\"]): '[Variant \"tabal\"'" "$CODE|$(jget "$tmp/body" .error)"
    req GET "/api/state?session=$SID"
    same "$tag: ... and the game unchanged" "$loaded" "$(jget "$tmp/body" '.moves | join(" ")')"
    printf '\xef\xbb\xbf[Variant "tabal"]\n\n1. b4-c5 d6xb4 *\n' >"$tmp/bom.pgn"
    pgn_request "$tmp/bom.pgn" >"$tmp/pgn.json"
    req POST /api/pgn "$(cat "$tmp/pgn.json")"
    same "$tag: PGN after a byte-order mark loaded" "200 b4-c5 d6xb4" "$CODE $(jget "$tmp/body" '.moves | join(" ")')"
    pgn_request "$tmp/blank.pgn" >"$tmp/pgn.json"
    req POST /api/pgn "$(cat "$tmp/pgn.json")"
    same "$tag: ... and the game before it loaded again" "200|$loaded" "$CODE|$(jget "$tmp/body" '.moves | join(" ")')"
    # Standard PGN that dablo-match does not write: a variation is skipped
    # and the main line kept ("(1..." was read as a move), as are a ';'
    # comment (its words are no moves) and a '%' escape line.
    printf '%%an escape line\n[Variant "tabal"]\n\n1. b4-c5 d6xb4 (1... d6-d5) ; a comment b4-c5\n%%2. b4-c5\n2. a3xc5 *\n' >"$tmp/rav.pgn"
    pgn_request "$tmp/rav.pgn" >"$tmp/pgn.json"
    req POST /api/pgn "$(cat "$tmp/pgn.json")"
    same "$tag: a PGN with a variation, a ';' comment and a '%' line: the main line loaded" "200 b4-c5 d6xb4 a3xc5" \
        "$CODE $(jget "$tmp/body" '.moves | join(" ")')"
    # Suffix annotations as other programs export them (PGN 8.2.4), alone
    # or ending a move, are NAGs: skipped ("!?" was an unparsable move).
    printf '[Variant "tabal"]\n\n1. b4-c5 !? d6xb4?! $1 2. a3xc5 ! ?? *\n' >"$tmp/nag.pgn"
    pgn_request "$tmp/nag.pgn" >"$tmp/pgn.json"
    req POST /api/pgn "$(cat "$tmp/pgn.json")"
    same "$tag: a PGN with suffix annotations '!?', '?!', '!', '??': the moves loaded" "200 b4-c5 d6xb4 a3xc5" \
        "$CODE $(jget "$tmp/body" '.moves | join(" ")')"
    # A Rules tag's word that is no rule option is named (all were "not
    # NAME=VALUE rule options"); a preset's name is answered with the
    # NAME=VALUE form it stands for, which loads.
    req POST /api/pgn "{\"session\":\"$SID\",\"pgn\":\"[Variant \\\"dablot\\\"]\\n[Rules \\\"Captures=compulsory Foo=1\\\"]\\n\\n*\"}"
    same "$tag: a Rules tag with an unknown option names it" "400|PGN tag Rules: unknown rule option 'Foo' in 'Foo=1'" \
        "$CODE|$(jget "$tmp/body" '.error | split(" (")[0]')"
    req POST /api/pgn "{\"session\":\"$SID\",\"pgn\":\"[Variant \\\"dablot\\\"]\\n[Rules \\\"modern\\\"]\\n\\n*\"}"
    same "$tag: a Rules tag with a preset's name gives its NAME=VALUE form" \
        "400|PGN tag Rules: 'modern' is a preset, not NAME=VALUE rule options: write it as [Rules \"Captures=compulsory\"]" \
        "$CODE|$(jget "$tmp/body" .error)"
    req POST /api/pgn "{\"session\":\"$SID\",\"pgn\":\"[Variant \\\"dablot\\\"]\\n[Rules \\\"Captures=compulsory\\\"]\\n\\n*\"}"
    same "$tag: ... which loads, as the preset" "200|modern" "$CODE|$(jget "$tmp/body" .options.Rules)"
    # The tag holds the rules of the game the Variant tag names: an option
    # of the other game, or Variant= itself, is refused as dablo-match's
    # -option refuses it (both were loaded, the option dropped or the game
    # changed); an unknown option's list names this game's options, from
    # the rules library's table.
    local rt v words want
    for rt in 'dablot|MaxCapture=true|MaxCapture belongs to Tabal, not Dablot' \
        'tabal|DrawPlies=40 Captures=compulsory|Captures belongs to Dablot, not Tabal' \
        'tabal|ForwardOnlyMen=false|ForwardOnlyMen belongs to Dablot, not Tabal' \
        'dablot|Variant=tabal|'"'"'Variant=tabal'"'"' is no rule option: the game is given by the Variant tag ([Variant "tabal"])' \
        'tabal|Foo=1|unknown rule option '"'"'Foo'"'"' in '"'"'Foo=1'"'"' (the options of Tabal: MaxCapture, DrawPlies)'; do
        IFS='|' read -r v words want <<<"$rt"
        req POST /api/pgn "{\"session\":\"$SID\",\"pgn\":\"[Variant \\\"$v\\\"]\\n[Rules \\\"$words\\\"]\\n\\n*\"}"
        same "$tag: a $v game's Rules tag '$words' is refused" "400|PGN tag Rules: $want" "$CODE|$(jget "$tmp/body" .error)"
    done
    pgn_request "$tmp/blank.pgn" >"$tmp/pgn.json"
    req POST /api/pgn "$(cat "$tmp/pgn.json")"
    # Without a Variant tag a PGN is read as the current game's variant
    # (Tabal here; it was read as Dablot), and an error says so.
    req POST /api/pgn "{\"session\":\"$SID\",\"pgn\":\"1. b4-c5 d6xb4 *\"}"
    same "$tag: a PGN without a Variant tag read in the current game's variant" "200 tabal b4-c5 d6xb4" \
        "$CODE $(jget "$tmp/body" .variant) $(jget "$tmp/body" '.moves | join(" ")')"
    req POST /api/pgn "{\"session\":\"$SID\",\"pgn\":\"1. c5-c7 *\"}"
    same "$tag: ... and a Dablot game then says how it was read" "400 yes" \
        "$CODE $(jget "$tmp/body" .error | grep -qF "(read as Tabal, the current game's variant: the PGN has no Variant tag)" && echo yes)"
    pgn_request "$tmp/blank.pgn" >"$tmp/pgn.json"
    req POST /api/pgn "$(cat "$tmp/pgn.json")"
    # A PGN with no game in it is refused and the game stays (it was wiped
    # with a 200); zero moves and a result is an empty game.
    local nogame
    for nogame in '' '   ' '[Event \"x\"]' '[Event \"x\"]\n[Variant \"tabal\"]\n\n'; do
        req POST /api/pgn "{\"session\":\"$SID\",\"pgn\":\"$nogame\"}"
        same "$tag: PGN '$nogame' refused: no game" "400|no game in the PGN" "$CODE|$(jget "$tmp/body" '.error | .[0:18]')"
        req GET "/api/state?session=$SID"
        same "$tag: ... and the game unchanged" "$loaded" "$(jget "$tmp/body" '.moves | join(" ")')"
    done
    req POST /api/pgn "{\"session\":\"$SID\",\"pgn\":\"[Variant \\\"tabal\\\"]\\n\\n*\"}"
    same "$tag: tags, no moves and a result: an empty game" "200 0 tabal" \
        "$CODE $(jget "$tmp/body" '.moves | length') $(jget "$tmp/body" .variant)"
    # Raw bytes that are not UTF-8 are refused at their offset (they were
    # stored and echoed raw: every later state and PGN was invalid UTF-8).
    req POST /api/pgn "$(cat "$tmp/pgn.json")"
    loaded=$(jget "$tmp/body" '.moves | join(" ")')
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"c5"$'\xff\xfe'"\"}"
    same "$tag: bytes 0xFF 0xFE in a move refused" "400|bad JSON at byte $((${#SID} + 24)): invalid UTF-8" \
        "$CODE|$(jget "$tmp/body" .error)"
    req POST /api/pgn "{\"session\":\"$SID\",\"pgn\":\"[White \\\"a"$'\xed\xa0\x80'"\\\"]\\n*\"}"
    same "$tag: a surrogate in a PGN tag refused" "400" "$CODE"
    contains "$tag: ... as invalid UTF-8" "invalid UTF-8" "$(cat "$tmp/body")"
    req GET "/api/state?session=$SID"
    same "$tag: ... and the game unchanged" "$loaded" "$(jget "$tmp/body" '.moves | join(" ")')"
    # An answer that echoes a long move cuts it where a character ends.
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"c$(printf '\\u00e9%.0s' $(seq 400))\"}"
    if iconv -f UTF-8 -t UTF-8 "$tmp/body" >/dev/null 2>&1 && [ "$CODE" != 200 ]; then
        ok "$tag: an echoed long move is valid UTF-8 ($CODE)"
    else bad "$tag: an echoed long move: $CODE $(head -c 200 "$tmp/body" | od -c | head -3)"; fi
    # A PGN's Rules tag lists options; loaded back, the preset they equal is named.
    req POST /api/new "{\"session\":\"$SID\",\"variant\":\"dablot\",\"options\":{\"Rules\":\"anti-draw\"},\"white\":-1,\"black\":-1}"
    same "$tag: a person given as -1, as the state reports one" "200 anti-draw" "$CODE $(jget "$tmp/body" .options.Rules)"
    req GET "/api/pgn?session=$SID"
    cp "$tmp/body" "$tmp/ad.pgn"
    req POST /api/new "{\"session\":\"$SID\",\"variant\":\"dablot\"}"
    pgn_request "$tmp/ad.pgn" >"$tmp/pgn.json"
    req POST /api/pgn "$(cat "$tmp/pgn.json")"
    same "$tag: an anti-draw PGN loads as Rules anti-draw" "200 anti-draw compulsory-men" \
        "$CODE $(jget "$tmp/body" .options.Rules) $(jget "$tmp/body" .options.Captures)"
    # The exported PGN names who played each colour's moves, not the
    # players now (a person's moves were credited to the engine after a
    # configure): more than one joined by ':', a comment where it changed.
    req POST /api/new "{\"session\":\"$SID\",\"variant\":\"tabal\",\"movetime\":50}"
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"b4-c5\"}"
    wait_for 100 moves_at_least 2
    req POST /api/configure "{\"session\":\"$SID\",\"white\":0,\"black\":\"human\"}"
    wait_for 100 moves_at_least 3
    local mv
    mv=($(jget "$tmp/body" '.moves | join(" ")'))
    req GET "/api/pgn?session=$SID"
    same "$tag: PGN after the engine took over White: who played each colour" \
        '[White "person:dablo"]|[Black "dablo"]|1. b4-c5 '"${mv[1]-}"' {dablo played from here} 2. '"${mv[2]-}"' *' \
        "$(grep -F '[White ' "$tmp/body")|$(grep -F '[Black ' "$tmp/body")|$(sed -n '/^1\./p' "$tmp/body")"
    req POST /api/configure "{\"session\":\"$SID\",\"white\":\"human\",\"black\":\"human\"}"
    req GET "/api/pgn?session=$SID"
    same "$tag: ... the same after both sides are given to people" \
        '[White "person:dablo"]|[Black "dablo"]' "$(grep -F '[White ' "$tmp/body")|$(grep -F '[Black ' "$tmp/body")"
    pgn_request "$tmp/body" >"$tmp/pgn.json"
    req POST /api/pgn "$(cat "$tmp/pgn.json")"
    same "$tag: ... and it loads back, comment and all" "200 ${mv[*]}" "$CODE $(jget "$tmp/body" '.moves | join(" ")')"
    # Engines against each other, then people: the engines' moves stay theirs.
    req POST /api/new "{\"session\":\"$SID\",\"variant\":\"tabal\",\"white\":0,\"black\":0,\"movetime\":30}"
    wait_for 100 moves_at_least 4
    req POST /api/configure "{\"session\":\"$SID\",\"white\":\"human\",\"black\":\"human\"}"
    local n side
    n=$(jget "$tmp/body" '.moves | length')
    side=$(jget "$tmp/body" .stm)
    req GET "/api/pgn?session=$SID"
    same "$tag: engine against engine, then people: the PGN names the engines" \
        '[White "dablo"]|[Black "dablo"]|0' \
        "$(grep -F '[White ' "$tmp/body")|$(grep -F '[Black ' "$tmp/body")|$(grep -c person "$tmp/body")"
    req GET "/api/state?session=$SID"
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"$(jget "$tmp/body" '.legal[0].move')\"}"
    req GET "/api/pgn?session=$SID"
    if [ "$side" = white ]; then
        same "$tag: ... and a person's move after them: White 'dablo:person', the change marked" \
            '[White "dablo:person"]|[Black "dablo"]|1' \
            "$(grep -F '[White ' "$tmp/body")|$(grep -F '[Black ' "$tmp/body")|$(tr '\n' ' ' <"$tmp/body" | grep -c "{person played from here} $((n / 2 + 1))\. ")"
    else
        same "$tag: ... and a person's move after them: Black 'dablo:person', the change marked" \
            '[White "dablo"]|[Black "dablo:person"]|1' \
            "$(grep -F '[White ' "$tmp/body")|$(grep -F '[Black ' "$tmp/body")|$(tr '\n' ' ' <"$tmp/body" | grep -c "{person played from here} $(((n + 1) / 2))\.\.\. ")"
    fi
    req POST /api/move '{"move":"c5-c7"}'
    same "$tag: no session member: 400 saying so" "400 session: missing" "$CODE $(jget "$tmp/body" .error)"
    req POST /api/move '{"session":1,"move":"c5-c7"}'
    same "$tag: a session that is not a string: 400 saying so" "400 session: expected a string, the id POST /api/session answered" \
        "$CODE $(jget "$tmp/body" .error)"
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"c5-c7\",\"move\":\"b2-b3\"}"
    same "$tag: a member given twice refused" "400" "$CODE"
    contains "$tag: ... saying so" "given twice" "$(cat "$tmp/body")"
    # An unknown member is refused as a bad value is, naming it; the game is unchanged.
    req GET "/api/state?session=$SID"
    local before
    before=$(jget "$tmp/body" '[.fen, .movetime, .variant] | join(" ")')
    req POST /api/configure "{\"session\":\"$SID\",\"movetme\":500}"
    same "$tag: configure with an unknown member: 400 naming it" \
        '400 configure: unknown member "movetme" (it takes: session white black movetime depth multipv skill analyse flip)' \
        "$CODE $(jget "$tmp/body" .error)"
    req POST /api/new "{\"session\":\"$SID\",\"variant\":\"tabal\",\"Fen\":\"3/3/5/5/5/5/5/3/M1m w 0 1\"}"
    same "$tag: new with an unknown member (names are case-sensitive): 400 naming it" '400 new: unknown member "Fen"' \
        "$CODE $(jget "$tmp/body" .error | cut -d'(' -f1 | sed 's/ $//')"
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"c5-c7\",\"promote\":true}"
    same "$tag: move with an unknown member: 400" '400 move: unknown member "promote" (it takes: session move)' \
        "$CODE $(jget "$tmp/body" .error)"
    req POST /api/session '{"variant":"tabal"}'
    same "$tag: POST /api/session takes no member" '400 session: unknown member "variant" (it takes: no member)' \
        "$CODE $(jget "$tmp/body" .error)"
    req GET "/api/state?session=$SID"
    same "$tag: ... and the game unchanged" "$before" "$(jget "$tmp/body" '[.fen, .movetime, .variant] | join(" ")')"

    # Analysis with two lines, over the event stream.
    curl -sN --max-time 4 "$B/api/events?session=$SID&token=$TOKEN" >"$tmp/sse" &
    local cpid=$!
    sleep 0.3
    req POST /api/new "{\"session\":\"$SID\",\"variant\":\"dablot\",\"analyse\":true,\"multipv\":2}"
    same "$tag: analysis starts" "200 analysis" "$CODE $(jget "$tmp/body" .thinking)"
    sleep 1.5
    req POST /api/configure "{\"session\":\"$SID\",\"analyse\":false}"
    wait $cpid 2>/dev/null
    same "$tag: the stream opens with the state" "event: state" "$(grep -m1 '^event:' "$tmp/sse")"
    local n1 n2
    n1=$(grep -A1 '^event: info' "$tmp/sse" | grep -c '"multipv":1,')
    n2=$(grep -A1 '^event: info' "$tmp/sse" | grep -c '"multipv":2,')
    if [ "$n1" -gt 0 ] && [ "$n2" -gt 0 ]; then ok "$tag: MultiPV 2 lines streamed ($n1 and $n2 info events)"
    else bad "$tag: MultiPV lines: $n1 and $n2 info events"; fi
    same "$tag: analysis stopped" "" "$(jget "$tmp/body" .thinking)"

    # Session limit: 3 (two open: SID and the token-as-query one).
    new_session
    req POST /api/session '{}'
    same "$tag: more sessions than -sessions refused" "503" "$CODE"
    kill -TERM "$SPID" 2>/dev/null
    wait "$SPID" 2>/dev/null
    same "$tag: SIGTERM ends the server with exit status 128 + 15" "143" "$?"
    same "$tag: SIGTERM ends the server" "1" "$([ -d /proc/$SPID ] && echo 0 || echo 1)"

    # A page folder with symlinks out of it.
    mkdir -p "$tmp/page"
    cp tools/web/page/* "$tmp/page/"
    ln -sf "$ROOT/Makefile" "$tmp/page/link.txt"
    ln -sfn "$ROOT" "$tmp/page/up"
    echo secret >"$tmp/page/.hidden"
    start "$BIN" -engine cmd=bin/dablo -page "$tmp/page"
    for path in /link.txt /up/Makefile /.hidden; do
        CODE=$(curl -s -o "$tmp/body" -w '%{http_code}' "$B$path")
        same "$tag: $path (out of the page folder) refused" "404" "$CODE"
    done
    CODE=$(curl -s -o /dev/null -w '%{http_code}' "$B/style.css")
    same "$tag: a file of -page served" "200" "$CODE"
    stop

    # -bind 0.0.0.0 names the addresses other machines open (stderr), and
    # the page answers at them; a machine with loopback only has none.
    start "$BIN" -engine cmd=bin/dablo -bind 0.0.0.0
    for _ in $(seq 100); do grep -q 'Ctrl-C stops' "$tmp/server.err" && break; sleep 0.05; done
    other=$(sed -n 's|^dablo-web: from other machines ([^)]*): \(http://[0-9.]*:[0-9]*/?token=[0-9a-f]*\)$|\1|p' "$tmp/server.err" | head -n 1)
    if [ -n "$other" ]; then
        same "$tag: -bind 0.0.0.0: the page at the address printed for other machines" "200" \
            "$(curl -s -o /dev/null -w '%{http_code}' "$other")"
    elif grep -q 'from other machines' "$tmp/server.err"; then
        same "$tag: -bind 0.0.0.0: the address for other machines is well formed" "" "$(cat "$tmp/server.err")"
    else
        echo "skip $tag: -bind 0.0.0.0: this machine has no IPv4 address but loopback"
    fi
    stop

    # IPv6: -bind ::1 serves at [::1] (no warning: loopback); under -bind ::
    # (dual stack) each client address has its own limit of 64
    # connections, an IPv6 one whole and an IPv4 one seen as ::ffff:a.b.c.d
    # as its IPv4 address (they were all counted as one address).
    if ! command -v python3 >/dev/null; then
        skipped "$tag: IPv6 (no python3)"
    elif ! python3 -c 'import socket; socket.socket(socket.AF_INET6).bind(("::1", 0))' 2>/dev/null; then
        skipped "$tag: IPv6 (this machine cannot listen on ::1)"
    else
        start "$BIN" -engine cmd=bin/dablo -bind ::1
        for _ in $(seq 100); do grep -q 'Ctrl-C stops' "$tmp/server.err" && break; sleep 0.05; done
        same "$tag: -bind ::1: the address printed, the page served, no warning" "http://[::1]:$PORT 200 0" \
            "${URL%%/\?token=*} $(curl -s -o /dev/null -w '%{http_code}' "$B/") $(grep -c warning "$tmp/server.err")"
        req POST /api/session '{}'
        same "$tag: -bind ::1: a game (Host [::1]:PORT)" "200" "$CODE"
        stop
        start "$BIN" -engine cmd=bin/dablo -bind ::
        same "$tag: -bind ::: 64 connections an address, IPv6 and IPv4-mapped ones each their own" \
            "64 64" "$(timeout 30 python3 tests/web/peraddr6.py "$PORT" 2>&1)"
        CODE=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/")
        same "$tag: -bind ::: IPv4 clients served too" "200" "$CODE"
        stop
    fi

    # Engines that crash or cheat (the fake engine of tests/match).
    misbehave "$BIN" crasher "--crash-at 1" 3
    contains "$tag: a crash is reported with its exit status and the engine restarted" \
        "crasher exited with status 3; restarted (1 of 3)" "$(cat "$tmp/sse")"
    contains "$tag: ... and said on stderr" "dablo-web: engine crasher exited with status 3; restarted (1 of 3)" \
        "$(cat "$tmp/server.err")"
    contains "$tag: after 3 restarts it is given up" \
        "crasher exited with status 3, 4 times in a row: given up" "$(cat "$tmp/sse")"
    req GET "/api/state?session=$SID"
    same "$tag: ... and a person plays on" "-1 -1 1" "$(jget "$tmp/body" .players.white) $(jget "$tmp/body" .players.black) $(jget "$tmp/body" '.moves | length')"
    stop
    # How an engine ended is named as dablo-match names it: its signal,
    # or its exit status when it dies at ucinewgame or at position.
    misbehave "$BIN" segv "--signal-at 1 11" 2
    contains "$tag: an engine killed by a signal is reported with it" \
        "segv was killed by signal 11 (Segmentation fault); restarted (1 of 3)" "$(cat "$tmp/sse")"
    contains "$tag: ... and said on stderr" \
        "dablo-web: engine segv was killed by signal 11 (Segmentation fault); restarted (1 of 3)" \
        "$(cat "$tmp/server.err")"
    stop
    printf '#!/bin/sh\nulimit -c 0\nwhile read -r cmd rest; do\n  case $cmd in\n    uci) echo "option name Variant type combo default dablot var dablot var tabal"; echo uciok ;;\n    isready) echo readyok ;;\n    "$1") [ "$2" = segv ] && kill -SEGV $$; exit 5 ;;\n    quit) exit 0 ;;\n  esac\ndone\n' \
        >"$tmp/dies-at"
    chmod +x "$tmp/dies-at"
    misbehave "$BIN" dies "ucinewgame" 2 "$tmp/dies-at"
    contains "$tag: an engine that exits at ucinewgame is reported with its status" \
        "dies exited with status 5 at ucinewgame" "$(cat "$tmp/sse")"
    contains "$tag: ... and said on stderr" "dablo-web: engine dies exited with status 5 at ucinewgame" \
        "$(cat "$tmp/server.err")"
    stop
    misbehave "$BIN" dies "position segv" 2 "$tmp/dies-at"
    contains "$tag: an engine killed by a signal at position is reported with it" \
        "dies was killed by signal 11 (Segmentation fault); it is restarted for the next search" \
        "$(cat "$tmp/sse")"
    stop
    misbehave "$BIN" cheat "--illegal-at 1" 2
    contains "$tag: an illegal engine move is reported" "cheat played an illegal move" "$(cat "$tmp/sse")"
    req GET "/api/state?session=$SID"
    same "$tag: ... and not played" "1" "$(jget "$tmp/body" '.moves | length')"
    same "$tag: ... and a person plays both sides (docs/web.md)" "-1 -1" \
        "$(jget "$tmp/body" .players.white) $(jget "$tmp/body" .players.black)"
    stop

    # Skill Level: range-checked, reported, and sent to the engine (its
    # input is copied to $tmp/engine-in) once per process and change.
    printf '#!/bin/sh\ntee -a "%s" | exec "%s/bin/dablo"\n' "$tmp/engine-in" "$ROOT" >"$tmp/logged-dablo"
    chmod +x "$tmp/logged-dablo"
    : >"$tmp/engine-in"
    start "$BIN" -engine cmd="$tmp/logged-dablo" name=dablo
    new_session
    same "$tag: full strength at first; dablo has Skill Level" "null true" "$(jget "$tmp/body" .skill) $(jget "$tmp/body" '.skillEngines[0]')"
    req POST /api/configure "{\"session\":\"$SID\",\"skill\":5,\"movetime\":100}"
    same "$tag: skill 5 accepted and reported" "200 5" "$CODE $(jget "$tmp/body" .skill)"
    local v code msg
    for v in -1 21 '"x"' 2.5 true; do
        req POST /api/configure "{\"session\":\"$SID\",\"skill\":$v,\"movetime\":300}"
        code=$CODE msg=$(jget "$tmp/body" .error)
        req GET "/api/state?session=$SID"
        same "$tag: skill $v refused, settings unchanged" "400 skill: expected a whole number 0..20 or null 5 100" \
              "$code $msg $(jget "$tmp/body" .skill) $(jget "$tmp/body" .movetime)"
    done
    skill_sent() { grep -c "^setoption name Skill Level value $1\$" "$tmp/engine-in"; }
    req POST /api/move "{\"session\":\"$SID\",\"move\":\"c5-c7\"}"
    wait_for 100 moves_at_least 2
    same "$tag: the engine got Skill Level 5 before its go" "1 go" \
          "$(skill_sent 5) $(sed -n '/^setoption name Skill Level value 5$/,$p' "$tmp/engine-in" | grep -m1 -o '^go')"
    req POST /api/configure "{\"session\":\"$SID\",\"white\":0,\"black\":0,\"movetime\":30}"
    wait_for 100 moves_at_least 6
    same "$tag: sent once to each process, not every search" "2" "$(skill_sent 5)"
    req GET "/api/pgn?session=$SID"
    same "$tag: the PGN names the Skill Level the engines played at" \
        '[White "person:dablo (Skill Level 5)"]|[Black "dablo (Skill Level 5)"]' \
        "$(grep -F '[White ' "$tmp/body")|$(grep -F '[Black ' "$tmp/body")"
    req POST /api/configure "{\"session\":\"$SID\",\"skill\":null}"
    same "$tag: skill null is full strength" "200 null" "$CODE $(jget "$tmp/body" .skill)"
    if wait_for 100 bash -c "[ \$(grep -c '^setoption name Skill Level value 20\$' '$tmp/engine-in') -eq 2 ]"; then
        ok "$tag: full strength sent as the default 20 to both"
    else
        bad "$tag: Skill Level 20 sent $(skill_sent 20) times"
    fi
    stop
    start "$BIN" -engine cmd=build/fake_engine name=fake
    new_session
    same "$tag: the fake engine has no Skill Level" "false" "$(jget "$tmp/body" '.skillEngines[0]')"
    req POST /api/configure "{\"session\":\"$SID\",\"skill\":5}"
    code=$CODE msg=$(jget "$tmp/body" .error)
    req GET "/api/state?session=$SID"
    same "$tag: ... and skill is refused" "400 skill: no engine here has a Skill Level option null" \
          "$code $msg $(jget "$tmp/body" .skill)"
    stop

    # Idle sessions end with their engines; kill -9 leaves no engine.
    # -idle 3, not 1: on a loaded machine the engines may take a second to start.
    start "$BIN" -engine cmd=bin/dablo name=dablo -idle 3
    new_session
    req POST /api/new "{\"session\":\"$SID\",\"white\":0,\"black\":0,\"movetime\":50}"
    if wait_for 25 bash -c "[ \$(ps -o stat=,args= --ppid $SPID | awk '\$1 !~ /^Z/' | grep -c bin/dablo) -eq 2 ]"; then
        ok "$tag: two engines watch-play"
    else
        bad "$tag: two engines watch-play: the server's children: $(ps -o pid=,stat=,args= --ppid "$SPID" | tr '\n' '|')"
    fi
    if wait_for 60 bash -c "[ \$(ps -o stat= --ppid $SPID | grep -vc '^Z') -eq 0 ]"; then
        ok "$tag: an idle session ends and its engines exit"
    else
        bad "$tag: engines still running after the idle time: $(ps -o pid=,stat=,args= --ppid "$SPID")"
    fi
    req GET "/api/state?session=$SID"
    same "$tag: the idle session is gone" "404" "$CODE"
    stop
    start "$BIN" -engine cmd=bin/dablo name=dablo
    new_session
    req POST /api/new "{\"session\":\"$SID\",\"analyse\":true}"
    local epid
    wait_for 100 bash -c "ps -o pid= --ppid $SPID | grep -q ."
    epid=$(ps -o pid= --ppid "$SPID" | head -n 1 | tr -d ' ')
    kill -9 "$SPID"
    wait "$SPID" 2>/dev/null
    if [ -n "$epid" ] && wait_for 30 bash -c "! ps -o stat= -p $epid | grep -qv '^Z'"; then
        ok "$tag: kill -9 of the server takes its analysing engine ($epid)"
    else
        bad "$tag: engine '$epid' alive after kill -9 of the server"
    fi
}

# The unit tests (Check, under ASan + UBSan): each test counts as one.
out=$(CK_FORK=no build/test_web 2>&1)
rc=$?
line=$(grep -E '^[0-9]+%: Checks: [0-9]+' <<<"$out" | tail -n 1)
if [ -n "$line" ] && [ $rc -eq 0 ]; then
    n=$(sed -E 's/.*Checks: ([0-9]+).*/\1/' <<<"$line")
    pass=$((pass + n))
    echo "ok   build/test_web: $line"
else
    bad "build/test_web (exit $rc):"
    sed 's/^/     | /' <<<"$out" | tail -n 20
fi

suite bin/dablo-web web

# On port 80 a browser sends Host without the port (http's default): the
# page must load.  Skipped where port 80 cannot be had (not root, or taken).
: >"$tmp/url80"
bin/dablo-web -engine cmd=bin/dablo -port 80 >"$tmp/url80" 2>"$tmp/err80" &
p80=$!
pids+=("$p80")
for _ in $(seq 200); do
    { [ -s "$tmp/url80" ] || ! kill -0 "$p80" 2>/dev/null; } && break
    sleep 0.05
done
if [ -s "$tmp/url80" ]; then
    t80=$(sed -E 's/.*token=//' "$tmp/url80")
    CODE=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1/?token=$t80")
    same "web: port 80, Host without its port accepted" "200" "$CODE"
    CODE=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H "X-Dablo-Token: $t80" -d '{}' http://localhost/api/session)
    same "web: port 80, a session for Host localhost" "200" "$CODE"
    kill -TERM "$p80" 2>/dev/null
    wait "$p80" 2>/dev/null
else
    skipped "web: port 80 not available here ($(head -c 200 "$tmp/err80"))"
fi
if [ -x build/dablo-web-san ]; then
    ASAN_OPTIONS=detect_leaks=1 suite build/dablo-web-san san
    if grep -q 'ERROR: AddressSanitizer\|runtime error:' "$tmp/server.err" 2>/dev/null; then
        bad "san: sanitizer report: $(head -c 600 "$tmp/server.err")"
    fi
else
    bad "build/dablo-web-san not built"
fi
finish
