#!/usr/bin/env python3
"""Random placements of given material as FENs (RULES.md section 5), for
the endgame opening files: make-endgames.py VARIANT COUNT SEED SIG,SIG,...
Signatures are named as in docs/tablebases.md; each is used in turn, the
side to move alternates, and a Tabal man is never put on its own far base.
The lines kept are those `dablo-tb probe` answers with exit 1 (not in the
tables, not over), the first 150 of them."""
import random, sys
variant, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
sigs = sys.argv[4].split(",")
rng = random.Random(seed)
if variant == "dablot":
    widths = [6 if r % 2 == 0 else 5 for r in range(13)]   # rank 13 first
else:
    widths = [3, 3, 5, 5, 5, 5, 5, 3, 3]                    # rank 9 first
points = [(r, f) for r, w in enumerate(widths) for f in range(w)]
nr = len(widths)
for i in range(count):
    sig = sigs[i % len(sigs)]
    white, black = sig.split("v")
    pieces = list(white) + list(black.lower())
    while True:
        spots = rng.sample(points, len(pieces))
        ok = True
        for p, (r, f) in zip(pieces, spots):
            if variant == "tabal" and p == "M" and r == 0: ok = False      # White man on its far base
            if variant == "tabal" and p == "m" and r == nr - 1: ok = False  # Black man on its far base
        if ok: break
    board = {s: p for p, s in zip(pieces, spots)}
    rows = []
    for r, w in enumerate(widths):
        row, empty = "", 0
        for f in range(w):
            p = board.get((r, f))
            if p is None: empty += 1; continue
            if empty: row += str(empty); empty = 0
            row += p
        if empty: row += str(empty)
        rows.append(row)
    print("/".join(rows) + (" w" if i % 2 == 0 else " b") + " 0 1")
