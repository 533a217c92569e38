#!/usr/bin/env python3
"""Time to depth with 1 and 2 threads, for one or more engine builds side by
side (docs/speed.md, "Lazy SMP").

    bench/smp_ttd.py [-r REPS] [-p POSITIONS] [-d DABLOT_DEPTH] [-t TABAL_DEPTH]
                     [--hash MIB] ENGINE [ENGINE ...]

Each position (the start of each game, then POSITIONS - 1 lines of
bench/openings/<game>-balanced.fen, evenly spaced) is searched by `go depth D`
from a fresh process (`ucinewgame`, Hash MIB) with Threads 1 and Threads 2,
REPS times, the engines taking turns in every round so that a change of the
machine's load falls on all of them alike (each run is also printed to
stderr as it ends).  For every run: wall time from
`go` to `bestmove`, the process's CPU time (user + sys, from wait4) and the
nodes of the last info line.

Per engine and game the report sums each position's median over the rounds
and gives three speedups of 2 threads over 1:
  wall   sum T1 / sum T2 (what the issue asks; noisy where other jobs run)
  cpu    2 sum C1 / sum C2 (equal to wall when both threads have a core)
  nodes  2 sum N1 / sum N2 (the search's own part: what the threads' work
         buys, as if each thread kept the 1-thread node rate)
The 1-thread results (bestmove and nodes) are printed per position so that
builds meant to search alike can be compared.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))


def positions(game, count):
    out = [(game + ' start', None)]
    path = os.path.join(ROOT, 'bench', 'openings', game + '-balanced.fen')
    with open(path) as f:
        fens = [l.strip() for l in f if l.strip()]
    k = count - 1
    for i in range(k):
        j = (i * len(fens)) // k if k else 0
        out.append(('%s balanced %d' % (game, j + 1), fens[j]))
    return out


def run(engine, game, fen, threads, depth, hash_mib):
    """One search: (wall ms, cpu s, nodes, bestmove)."""
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, bufsize=1)
    pos = 'position fen %s' % fen if fen else 'position startpos'
    p.stdin.write('setoption name Variant value %s\nsetoption name Threads value %d\n'
                  'setoption name Hash value %d\nucinewgame\n%s\nisready\n'
                  % (game, threads, hash_mib, pos))
    p.stdin.flush()
    for line in p.stdout:
        if line.startswith('readyok'):
            break
    t0 = time.monotonic_ns()
    p.stdin.write('go depth %d\n' % depth)
    p.stdin.flush()
    nodes, best = 0, None
    for line in p.stdout:
        if line.startswith('info depth'):
            w = line.split()
            if 'nodes' in w:
                nodes = int(w[w.index('nodes') + 1])
        elif line.startswith('bestmove'):
            best = line.split()[1]
            break
    t1 = time.monotonic_ns()
    p.stdin.write('quit\n')
    p.stdin.close()
    _, _, ru = os.wait4(p.pid, 0)
    p.stdout.close()
    p.returncode = 0
    return (t1 - t0) / 1e6, ru.ru_utime + ru.ru_stime, nodes, best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('-r', '--reps', type=int, default=3)
    ap.add_argument('-p', '--positions', type=int, default=4)
    ap.add_argument('-d', '--dablot-depth', type=int, default=12)
    ap.add_argument('-t', '--tabal-depth', type=int, default=16)
    ap.add_argument('--hash', type=int, default=64)
    ap.add_argument('--games', default='dablot,tabal')
    ap.add_argument('engines', nargs='+')
    a = ap.parse_args()
    depth = {'dablot': a.dablot_depth, 'tabal': a.tabal_depth}
    games = a.games.split(',')
    # res[engine][game][position][threads] = list of (ms, cpu, nodes, best)
    res = {e: {g: {} for g in games} for e in a.engines}
    load0 = open('/proc/loadavg').read().split()[:3]
    for r in range(a.reps):
        order = a.engines if r % 2 == 0 else list(reversed(a.engines))
        for g in games:
            for name, fen in positions(g, a.positions):
                for e in order:
                    for th in (1, 2):
                        x = run(e, g, fen, th, depth[g], a.hash)
                        print('%s | %s | %d | %.0f ms | %.2f s | %d nodes | %s'
                              % (e, name, th, x[0], x[1], x[2], x[3]), file=sys.stderr, flush=True)
                        res[e][g].setdefault(name, {}).setdefault(th, []).append(x)
        print('round %d of %d done, load %s' % (r + 1, a.reps, open('/proc/loadavg').read().split()[0]),
              file=sys.stderr, flush=True)
    load1 = open('/proc/loadavg').read().split()[:3]
    print('load average: %s at the start, %s at the end; %d rounds, Hash %d'
          % (' '.join(load0), ' '.join(load1), a.reps, a.hash))
    print()
    print('| engine | game (depth) | positions | T1 ms | T2 ms | wall | cpu | nodes |')
    print('|---|---|---:|---:|---:|---:|---:|---:|')
    med = statistics.median
    for g in games:
        for e in a.engines:
            sums = [0.0] * 6
            for name, by in res[e][g].items():
                for th, off in ((1, 0), (2, 3)):
                    runs = by[th]
                    sums[off] += med(x[0] for x in runs)
                    sums[off + 1] += med(x[1] for x in runs)
                    sums[off + 2] += med(x[2] for x in runs)
            print('| %s | %s (%d) | %d | %.0f | %.0f | %.2f | %.2f | %.2f |'
                  % (e, g, depth[g], len(res[e][g]), sums[0], sums[3], sums[0] / sums[3],
                     2 * sums[1] / sums[4], 2 * sums[2] / sums[5]))
    print()
    print('| engine | position | 1 thread: nodes, bestmove | T1 ms | T2 ms | N2 (median) |')
    print('|---|---|---|---:|---:|---:|')
    for g in games:
        for e in a.engines:
            for name, by in res[e][g].items():
                one = sorted(set('%d %s' % (x[2], x[3]) for x in by[1]))
                print('| %s | %s | %s | %.0f | %.0f | %.0f |'
                      % (e, name, '; '.join(one), med(x[0] for x in by[1]),
                         med(x[0] for x in by[2]), med(x[2] for x in by[2])))


if __name__ == '__main__':
    main()
