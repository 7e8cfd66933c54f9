#!/usr/bin/env python3
"""Speed and memory of the betting engine, under CPython and MicroPython (WebAssembly).

    .venv/bin/python -m tools.bench.engine [--seconds S]

Prints one table from one run: bot-vs-bot games per second (4 and 10 players, the
baseline bot, the same seeded games on both interpreters), the MicroPython heap of one
10-player Game (fresh, and at the end of a game with its action log), the heap that
importing the engine costs, and the bytes act(), legal() and bots.decide() allocate per
call under MicroPython (gc.mem_alloc deltas inside one call, where the GC does not run).
WebAssembly timings are of this machine, not of the handset: compare them side by side.
"""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [os.path.join(ROOT, "lib")]
from tools.mp.wasm import MicroPython  # noqa: E402

# The workload, run as-is by both interpreters: whole games, bots on every seat.
PLAY = """
from svara.game import Game, Rng
from svara import bots
def play(players, first, count):
    rng = Rng(first + 1)
    moves = 0
    for k in range(first, first + count):
        g = Game([100] * players, k % players, None, None, k)
        while g.to_act is not None:
            a, x = bots.decide(bots.EASY, g, g.to_act, rng)
            g.act(a, x)
            moves += 1
    return moves
"""

BATCH = 25  # games per MicroPython call: the GC runs between calls


def cpython_rate(players, seconds):
    space = {}
    exec(PLAY, space)
    play = space["play"]
    games = moves = 0
    t = time.perf_counter()
    while time.perf_counter() - t < seconds:
        moves += play(players, games, BATCH)
        games += BATCH
    dt = time.perf_counter() - t
    return games / dt, moves / dt


def micropython_rate(mp, players, seconds):
    games = moves = 0
    ms = 0
    while ms < seconds * 1000:
        out = mp.exec("import time\nt = time.ticks_ms()\nm = play(%d, %d, %d)\n"
                      "print(m, time.ticks_diff(time.ticks_ms(), t))" % (players, games, BATCH))
        m, dt = out.split()
        moves += int(m)
        ms += int(dt)
        games += BATCH
    return games * 1000 / ms, moves * 1000 / ms


def heap_figures(mp):
    """Heap of a 10-player Game, and bytes allocated per act / legal / decide call."""
    mp.exec("from svara.game import Game, Rng\nfrom svara import bots\ng = None\ngames = None")
    base = mp.mem_alloc()
    mp.exec("g = Game([100] * 10, 0, None, None, 7)")
    fresh = mp.mem_alloc() - base
    # Play seeded games once to learn their moves (at least 100 in all), then replay them
    # with the heap measured: act() alone, then legal() and decide() on the same turns.
    mp.exec("games = []\nrng = Rng(3)\nseed = 7\ntotal = 0\n"
            "while total < 100:\n"
            "    g = Game([100] * 10, seed % 10, None, None, seed)\n"
            "    moves = []\n"
            "    while g.to_act is not None:\n"
            "        m = bots.decide(bots.EASY, g, g.to_act, rng)\n"
            "        moves.append(m)\n"
            "        g.act(m[0], m[1])\n"
            "    games.append((seed, moves))\n"
            "    total += len(moves)\n"
            "    seed += 1")
    count = int(mp.exec("print(total)"))
    longest = int(mp.exec("print(max([len(m) for s, m in games]))"))
    mp.exec("g = None")
    base = mp.mem_alloc()
    mp.exec("s, moves = max(games, key=lambda x: len(x[1]))\n"
            "g = Game([100] * 10, s % 10, None, None, s)\nfor m in moves:\n    g.act(m[0], m[1])")
    played = mp.mem_alloc() - base
    mp.exec("tables = [Game([100] * 10, s % 10, None, None, s) for s, m in games]")
    mp.mem_alloc()
    act = int(mp.exec("import gc\na = gc.mem_alloc()\n"
                      "for t, (s, moves) in zip(tables, games):\n"
                      "    for m in moves:\n        t.act(m[0], m[1])\n"
                      "print(gc.mem_alloc() - a)"))
    mp.exec("tables = [Game([100] * 10, s % 10, None, None, s) for s, m in games]\nrng = Rng(3)")
    mp.mem_alloc()
    legal, decide = mp.exec(
        "import gc\nla = 0\nda = 0\n"
        "for g in tables:\n"
        "    while g.to_act is not None:\n"
        "        a = gc.mem_alloc()\n        g.legal()\n        la += gc.mem_alloc() - a\n"
        "        a = gc.mem_alloc()\n        m = bots.decide(bots.EASY, g, g.to_act, rng)\n"
        "        da += gc.mem_alloc() - a\n        g.act(m[0], m[1])\n"
        "print(la, da)").split()
    return fresh, played, longest, count, act / count, int(legal) / count, int(decide) / count


def import_costs():
    """Heap that importing the contract (and each extra module) costs, from source."""
    out = []
    with MicroPython(heap=256 * 1024) as mp:
        base = mp.mem_alloc()
        for name in ("svara", "svara.log", "svara.bots"):
            mp.exec("import " + name)
            now = mp.mem_alloc()
            out.append((name, now - base))
            base = now
    return out


def main(argv=None):
    from tools.common.hosttool import parser, seconds_type
    ap = parser(__doc__)
    ap.add_argument("--seconds", type=seconds_type, default=1.5,
                    help="time each rate for this long (default 1.5)")
    seconds = ap.parse_args(argv).seconds
    rates = {}
    with MicroPython(heap=1 << 20) as mp:
        mp.exec(PLAY)
        mp.exec("play(4, 10000, %d)" % BATCH)   # warm-up, not timed
        cpython_rate(4, 0.2)
        for players in (4, 10):
            rates[players] = (cpython_rate(players, seconds), micropython_rate(mp, players, seconds))
        fresh, played, longest, count, act, legal, decide = heap_figures(mp)
    costs = import_costs()
    print("Betting engine, one run (MicroPython 1.27 WebAssembly on this machine; CPython %d.%d)"
          % sys.version_info[:2])
    print("  bot-vs-bot, stacks 100       CPython            MicroPython")
    for players, ((cg, ca), (mg, ma)) in sorted(rates.items()):
        print("  %2d players   games/s   %10.0f  %18.0f" % (players, cg, mg))
        print("              actions/s %10.0f  %18.0f" % (ca, ma))
    print("MicroPython heap, bytes:")
    print("  one 10-player Game, fresh              %6d   (goal: under 2048)" % fresh)
    print("  a 10-player Game after %3d actions     %6d   (with its action log)" % (longest, played))
    for name, cost in costs:
        print("  import %-30s  %6d" % (name, cost))
    print("MicroPython bytes allocated per call (10-player games, %d actions):" % count)
    print("  act()            %6.1f" % act)
    print("  legal()          %6.1f" % legal)
    print("  bots.decide()    %6.1f" % decide)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
