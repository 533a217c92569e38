#!/usr/bin/env python3
"""Replays proxy games from a PGN; every 20 plies, where the n200k side is to
move, searches the position with a DABLO_SEARCH_STATS build at 200000 nodes
and prints one row of figures."""
import re, subprocess, sys
eng, pgn = sys.argv[1], sys.argv[2]
step = 20
text = open(pgn).read()
games = re.split(r'\n(?=\[Event )', text)
print("game ply depth seldepth score nodes qs% qsopt_caps% tt_hit% tt_cut% first_cut% reduced re_search% single_reply ebf")
for g in games:
    tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', g))
    if 'FEN' not in tags or 'Result' not in tags: continue
    body = re.sub(r'\{[^}]*\}', ' ', g.split('\n\n', 1)[1] if '\n\n' in g else '')
    moves = [t for t in body.split() if not re.match(r'^\d+\.+$', t) and t not in ('1-0', '0-1', '1/2-1/2', '*')]
    fen = tags['FEN']; white_n = tags['White'] == 'n200k'
    stm0 = fen.split()[1]
    for ply in range(0, len(moves), step):
        stm = stm0 if ply % 2 == 0 else ('b' if stm0 == 'w' else 'w')
        n200k_to_move = (stm == 'w') == white_n
        if not n200k_to_move:
            ply += 1
            if ply >= len(moves): continue
        cmd = "setoption name Variant value dablot\nposition fen %s moves %s\ngo nodes 200000\n" % (fen, ' '.join(moves[:ply]))
        p = subprocess.Popen([eng], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        p.stdin.write(cmd); p.stdin.flush()
        out = []
        for l in p.stdout:
            out.append(l)
            if l.startswith('bestmove'): break
        p.stdin.write("quit\n"); p.stdin.close()
        err = p.stderr.read(); p.wait()
        infos = [l for l in out if l.startswith('info depth') and ' pv ' in l]
        stats = [l for l in err.splitlines() if l.startswith('stats ')]
        if not infos or not stats: continue
        last = infos[-1].split(); d = dict(zip(last[1::2], last[2::2]))
        sc = last[last.index('score') + 2]
        per = {}
        for l in stats:
            f = l.split(); kv = dict(zip(f[1::2], map(int, f[2::2]))); per[kv['depth']] = kv
        s = stats[-1].split(); kv = dict(zip(s[1::2], map(int, s[2::2])))
        # EBF: nodes of the last two completed iterations
        ds = sorted(per); ebf = per[ds[-1]]['nodes'] / per[ds[-2]]['nodes'] if len(ds) > 1 and per[ds[-2]]['nodes'] else 0
        tot = kv['main'] + kv['qs']
        pc = lambda a, b: 100.0 * a / b if b else 0
        print(tags['Game'], ply, d['depth'], d['seldepth'], sc, tot,
              "%.1f" % pc(kv['qs'], tot), "%.1f" % pc(kv['qs_opt_caps'], kv['qs']),
              "%.1f" % pc(kv['tt_hits'], kv['tt_probes']), "%.1f" % pc(kv['tt_cuts'], kv['tt_probes']),
              "%.1f" % pc(kv['first_cutoffs'], kv['cutoffs']), kv['reduced'], "%.1f" % pc(kv['re_searched'], kv['reduced']),
              kv['single_reply'], "%.2f" % ebf, flush=True)
