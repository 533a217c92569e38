#!/usr/bin/env python3
"""The limit of connections of one address of dablo-web (64) with IPv6
clients (tests/suites/60-web.sh): the server listens on :: (dual stack,
so that it sees its IPv4 clients as IPv4-mapped addresses ::ffff:a.b.c.d).

  peraddr6.py PORT

67 connections from ::1 that send a request line and never finish, then
64 from 127.0.0.2 (to 127.0.0.1).  Prints one line, "OPEN1 OPEN2": how
many of each were still open; "64 64" when each address is counted apart
(IPv6 clients, mapped or not, once had no address of their own and were
all counted as one: "0 64").  A connection that could not be made, or
opening them all taking 4 s or more (the header deadline is 5 s), is
named after the counts."""
import socket
import sys
import time

port = int(sys.argv[1])
failed = []


def open_slow(family, src, dst):
    """A connection from src to dst that sent a request line, or None."""
    s = socket.socket(family, socket.SOCK_STREAM)
    try:
        s.bind((src, 0))
        s.settimeout(3)
        s.connect((dst, port))
        s.sendall(b"GET / HTTP/1.1\r\n")
    except OSError as e:
        s.close()
        failed.append("%s: %s" % (src, e))
        return None
    s.setblocking(False)
    return s


def is_open(s):
    """False when the server closed s (an end of stream or a reset)."""
    if s is None:
        return False
    try:
        return s.recv(4096) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


start = time.monotonic()
groups = [
    [open_slow(socket.AF_INET6, "::1", "::1") for _ in range(67)],
    [open_slow(socket.AF_INET, "127.0.0.2", "127.0.0.1") for _ in range(64)],
]
took = time.monotonic() - start
time.sleep(0.3)
notes = failed[:1] + (["opening took %.1f s" % took] if took >= 4 else [])
print(" ".join([str(sum(is_open(s) for s in g)) for g in groups] + notes))
