#!/usr/bin/env python3
"""Slow clients against dablo-web (tests/suites/60-web.sh): connections that
send one request header line a second and never finish.

  trickle.py PORT

260 such connections from 127.0.0.2..127.0.0.6 (52 each: the server's
limit of all connections, not of one address), then a normal GET / from
127.0.0.1 and one from 127.0.0.2 (an address with tricklers of its own);
then 70 from 127.0.0.7 (over the limit of one address); then it waits for
the first 260 to be closed by the header deadline.  Prints one line:
"STATUS1 STATUS2 OPEN7 DEADLINE", e.g. "200 200 64 ok": the two answers'
HTTP status (0: none within 3 s), how many of 127.0.0.7's connections
were still open, and "ok" when the longest a trickler of the first 260
lived was 4..10 s (the deadline is 5 s; it trickles on, so the 10 s
silence rule never applies), else what was seen."""
import http.client
import socket
import sys
import time

port = int(sys.argv[1])


def open_trickler(src):
    """A connection from src that sent a request line and Host, or None."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        s.bind((src, 0))
        s.settimeout(1)
        s.connect(("127.0.0.1", port))
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port)
    except OSError:
        s.close()
        return None
    s.setblocking(False)
    return s


def closed(s, line=True):
    """True when the server closed s (an end of stream or a reset); sends
    one more header line first when line is true."""
    if s is None:
        return True
    try:
        if line:
            s.sendall(b"X-Slow: 1\r\n")
        return s.recv(4096) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def get(src):
    try:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=3, source_address=(src, 0))
        c.request("GET", "/")
        return c.getresponse().status
    except (OSError, http.client.HTTPException):
        return 0


first, opened = [], []
for i in range(260):
    first.append(open_trickler("127.0.0.%d" % (2 + i % 5)))
    opened.append(time.monotonic())
time.sleep(0.3)
status1 = get("127.0.0.1")
status2 = get("127.0.0.2")
seven = [open_trickler("127.0.0.7") for _ in range(70)]
time.sleep(0.5)
open7 = sum(not closed(s) for s in seven)
# Trickle on, one line a second, until every one of the first is closed;
# the longest any of them lived (from its connect to its end seen, to a
# quarter of a second) is the deadline's measure.
open_first = set(range(len(first)))
longest, last_line = 0.0, 0.0
while open_first and time.monotonic() - opened[0] < 16:
    line = time.monotonic() - last_line >= 1
    if line:
        last_line = time.monotonic()
    for i in [i for i in open_first if closed(first[i], line)]:
        open_first.discard(i)
        longest = max(longest, time.monotonic() - opened[i])
    if open_first:
        time.sleep(0.25)
if open_first:
    deadline = "%d-still-open-after-%.1fs" % (len(open_first), time.monotonic() - opened[0])
elif longest < 4:
    deadline = "closed-early-%.1fs" % longest
elif longest > 10:
    deadline = "closed-late-%.1fs" % longest
else:
    deadline = "ok"
print(status1, status2, open7, deadline)
