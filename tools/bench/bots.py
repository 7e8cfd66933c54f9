#!/usr/bin/env python3
"""Bot tournaments and Hard's decision time (`make bench` runs this).

    .venv/bin/python -m tools.bench.bots [--games N] [--quick]

Heads-up: each pairing plays N games (default 20,000) at a table of two with stacks of
100 chips each, refilled every game (ante 1, default rules). Games come in pairs with
the same seed, so the same deals, with the seats swapped: each bot holds the other's
cards once (variance reduction). The figure is chips won per game by the first-named
bot, with a 95% confidence interval over the game pairs; a margin is significant when
the interval excludes 0.

Multiway: a four-handed table (Random, Easy, Normal, Hard) and a six-handed one (Random,
Easy, Normal, Hard, Easy, Normal), and two tables of bots only, with no loose caller to
feed on (Easy, Normal, Hard, Easy; Normal, Normal, Hard, Normal). Games come in groups of the same seed (so the same
deals and the same dealer seat): four-handed, every one of the 6 orders of the bots round
the table in each of its 4 rotations (24 games: every bot holds every seat's cards, after
and before every other bot); six-handed, 2 seeded random orders in their 6 rotations (12
games). Seat order alone is worth about 0.8 chips a game to identical bots at the
four-handed table, which a single order would credit to one of them. Figures: chips won
per game and bot of each kind, and the differences Hard - Normal, Normal - Easy,
Easy - Random, with 95% intervals over the groups.

Then MicroPython (WebAssembly): Hard's time per decision, median and worst, over whole
seeded games, heads-up and four-handed, and the heap its tables cost. Both CPU cores play
(multiprocessing). `--multiway` plays only the multiway tables (a quick check), `--quick`
only 400 games at each of them.
"""
import os
import sys
import time
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [os.path.join(ROOT, "lib")]

from svara import bots, odds  # noqa: E402
from svara.reads import Reads  # noqa: E402
from svara.game import Game, Rng  # noqa: E402

RANDOM = -1
NAMES = {RANDOM: "Random", bots.EASY: "Easy", bots.NORMAL: "Normal", bots.HARD: "Hard"}
PAIRINGS = ((bots.HARD, bots.NORMAL), (bots.NORMAL, bots.EASY), (bots.EASY, RANDOM),
            (bots.HARD, bots.EASY), (bots.HARD, RANDOM))
STACK = 100


def random_move(g, rng):
    """A uniformly random legal action, with a uniformly random amount."""
    legal = g.legal()
    a, low, high = legal[rng.below(len(legal))]
    if high > low:
        return a, low + rng.below(min(high - low + 1, 16384))
    return a, low


def play(levels, seed, dealer, reads=None):
    """One game; levels by seat; the chips each seat won or lost. ``reads``: a
    svara.reads.Reads that every Hard at the table keeps across its match, as the app
    gives it (None: Hard plays without reads)."""
    g = Game([STACK] * len(levels), dealer, None, None, seed)
    rngs = [Rng(seed * 7 + k + 1) for k in range(len(levels))]
    while g.to_act is not None:
        s = g.to_act
        if levels[s] == RANDOM:
            a, x = random_move(g, rngs[s])
        else:
            a, x = bots.decide(levels[s], g, s, rngs[s], reads)
        if reads is not None:
            reads.see(g, a, x)
        g.act(a, x)
    if reads is not None:
        reads.end(g)
    return [c - STACK for c in g.stacks]


def _reads(kept, seats):
    """The Reads kept for this seating (one match of the block's games), if Hard sits."""
    if bots.HARD not in seats:
        return None
    key = tuple(seats)
    if key not in kept:
        kept[key] = Reads(len(seats))
    return kept[key]


def heads_up_block(args):
    """Game pairs first..first+count-1 of a pairing: the first bot's chips per pair."""
    a, b, first, count = args
    out = []
    kept = {}
    for k in range(first, first + count):
        seed = 1000003 * (a + 2) + 7919 * (b + 2) + k
        dealer = k & 1
        x = play((a, b), seed, dealer, _reads(kept, (a, b)))[0]
        y = play((b, a), seed, dealer, _reads(kept, (b, a)))[1]
        out.append(x + y)
    return out


FOUR = (RANDOM, bots.EASY, bots.NORMAL, bots.HARD)
SIX = (RANDOM, bots.EASY, bots.NORMAL, bots.HARD, bots.EASY, bots.NORMAL)
BOTS4 = (bots.EASY, bots.NORMAL, bots.HARD, bots.EASY)     # bots only: no loose caller
NORMAL4 = (bots.NORMAL, bots.NORMAL, bots.HARD, bots.NORMAL)
KINDS = (RANDOM, bots.EASY, bots.NORMAL, bots.HARD)


def _orders(lineup, k):
    """The orders round the table for seed group k: all cyclic orders of four, else two
    seeded random ones."""
    if len(lineup) == 4:
        first = lineup[0]
        rest = lineup[1:]
        out = []
        for a in range(3):
            for b in range(3):
                if a != b:
                    c = 3 - a - b
                    out.append((first, rest[a], rest[b], rest[c]))
        return out
    rng = Rng(9000011 + k)
    out = []
    for _ in range(2):
        order = list(lineup)
        rng.shuffle(order)
        out.append(tuple(order))
    return out


def table_block(args):
    """Seed groups first..first+count-1 at a table of ``lineup``: per group, the chips
    each kind won per game and bot."""
    lineup, first, count = args
    n = len(lineup)
    out = []
    kept = {}
    for k in range(first, first + count):
        won = {kind: 0 for kind in KINDS}
        games = 0
        for order in _orders(lineup, k):
            for r in range(n):
                seats = [order[(i + r) % n] for i in range(n)]
                res = play(seats, 5000011 + 1009 * n + k, k % n, _reads(kept, seats))
                games += 1
                for i, kind in enumerate(seats):
                    won[kind] += res[i]
        out.append({kind: won[kind] / (games * lineup.count(kind))
                    for kind in KINDS if kind in lineup})
    return out


def interval(values):
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * (var / n) ** 0.5


def memo_odds():
    """Cache svara.odds.chances in this host process (bench speed only; pure function)."""
    plain = odds.chances
    cache = {}

    def chances(hand, opponents, rules=None, dead=(), floor=0, table=True):
        key = (tuple(sorted(hand)), opponents, rules.points_variant if rules else 0,
               tuple(dead), floor, table)
        if key not in cache:
            cache[key] = plain(hand, opponents, rules, dead, floor, table)
        return cache[key]
    odds.chances = chances


def _mapped(pool, fn, jobs, what):
    """pool.map(fn, jobs), in order, with a progress line on stderr as blocks finish."""
    from tools.common.hosttool import Progress
    bar = Progress(len(jobs), what)
    out = []
    for block in pool.imap(fn, jobs):
        out.append(block)
        bar.update()
    bar.close()
    return out


def tournaments(games, pool):
    pairs = games // 2
    print("Heads-up, %d games a pairing (%d seat-swapped pairs), stacks %d refilled each "
          "game; chips won per game by the first bot, 95%% CI:" % (2 * pairs, pairs, STACK))
    ok = True
    for a, b in PAIRINGS:
        t = time.time()
        step = 250
        jobs = [(a, b, f, min(step, pairs - f)) for f in range(0, pairs, step)]
        vals = [v for block in _mapped(pool, heads_up_block, jobs,
                                       "%s vs %s, blocks of 250 pairs" % (NAMES[a], NAMES[b]))
                for v in block]
        mean, half = interval(vals)
        mean /= 2
        half /= 2
        sig = mean - half > 0
        ok = ok and sig
        print("  %-6s vs %-6s %+7.3f +- %.3f   %s   (%.0f s)"
              % (NAMES[a], NAMES[b], mean, half,
                 "significant" if sig else "NOT significant", time.time() - t))
    return ok


def multiway(lineup, games, pool):
    """Play about ``games`` games at a table of ``lineup``; print and return the gaps
    (Hard - Normal, Normal - Easy, Easy - Random) as (mean, half-width)."""
    n = len(lineup)
    per_group = len(_orders(lineup, 0)) * n
    groups = max(2, (games + per_group - 1) // per_group)
    step = 10
    jobs = [(lineup, f, min(step, groups - f)) for f in range(0, groups, step)]
    rows = [r for block in _mapped(pool, table_block, jobs, "%d-handed, blocks of 10 groups" % n)
            for r in block]
    print("%s-handed (%s), %d games (%d groups of %d: the same deal in every seat and "
          "order), chips won per game and bot, 95%% CI:"
          % ({4: "Four", 6: "Six"}.get(n, str(n)), ", ".join(NAMES[k] for k in lineup),
             groups * per_group, groups, per_group))
    kinds = [kind for kind in KINDS if kind in lineup]
    print("  " + "   ".join("%s %+.2f +- %.2f" % ((NAMES[kind],) + interval([r[kind] for r in rows]))
                            for kind in kinds))
    gaps = []
    for a, b in ((bots.HARD, bots.NORMAL), (bots.NORMAL, bots.EASY), (bots.EASY, RANDOM)):
        if a not in lineup or b not in lineup:
            continue
        mean, half = interval([r[a] - r[b] for r in rows])
        gaps.append((mean, half))
        print("  %-6s - %-6s %+7.3f +- %.3f   %s" % (NAMES[a], NAMES[b], mean, half,
                                                   "significant" if mean - half > 0
                                                   else "NOT significant"))
    return gaps


TIMING = """
import time
from svara import bots, odds, _strategy
from svara.game import Game, Rng
from svara.reads import Reads
def timed(players, first, count, out):
    rng = Rng(first + 1)
    reads = Reads(players)
    for k in range(first, first + count):
        g = Game([100] * players, k % players, None, None, k)
        while g.to_act is not None:
            s = g.to_act
            if s == 0:
                t = time.ticks_us()
                a, x = bots.decide(bots.HARD, g, s, rng, reads)
                out.append(time.ticks_diff(time.ticks_us(), t))
            else:
                a, x = bots.decide(bots.NORMAL, g, s, rng)
            reads.see(g, a, x)
            g.act(a, x)
        reads.end(g)
"""


def micropython_figures(games=120):
    """Hard's decision times by table size, and the import heap of the bots and table."""
    from tools.mp.wasm import MicroPython
    rows = []
    with MicroPython(heap=1 << 20) as mp:
        mp.exec(TIMING)
        for players in (2, 4):
            mp.exec("out = []")
            for first in range(0, games, 10):
                mp.exec("timed(%d, %d, 10, out)" % (players, first))
            times = sorted(int(v) for v in mp.exec("print(' '.join(str(v) for v in out))").split())
            rows.append((players, len(times), times[len(times) // 2], times[-1]))
    bots_cost, table_cost, micropython_figures.reads_cost = import_costs()
    return rows, bots_cost, table_cost


def import_costs():
    """MicroPython's heap for import svara.bots, for its table svara._strategy, and for
    import svara.reads with a table of 10's Reads (bytes, imported from source)."""
    from tools.mp.wasm import MicroPython
    with MicroPython(heap=256 * 1024) as mp:
        mp.exec("import svara\nimport svara.odds")
        base = mp.mem_alloc()
        mp.exec("import svara.bots")
        bots_cost = mp.mem_alloc() - base
        base = mp.mem_alloc()
        mp.exec("import svara._strategy")
        table_cost = mp.mem_alloc() - base
        base = mp.mem_alloc()
        mp.exec("import svara.reads\nr = svara.reads.Reads(10)")
        reads_cost = mp.mem_alloc() - base
    return bots_cost, table_cost, reads_cost


def star_ms():
    """The * key under MicroPython: ms a call for exact chances against 3, 6 and 9
    opponents (the hand's class, the table module imported, read and let go), 20 calls
    a hand and count, each hand and count in a call of its own."""
    from tools.mp.wasm import MicroPython
    with MicroPython(heap=1 << 20) as mp:
        mp.exec("import time\nfrom svara import odds\n"
                "def exact(h, n):\n"
                "    t = time.ticks_ms()\n"
                "    for i in range(20):\n"
                "        odds.chances(h, n)\n"
                "    return time.ticks_diff(time.ticks_ms(), t) / 20\n")
        return [float(mp.exec("print(exact(%r, %d))" % (h, n)))
                for h in ((0, 26, 25), (31, 30, 2), (9, 14, 18)) for n in (3, 6, 9)]


def main(argv=None):
    from tools.common.hosttool import parser, whole
    ap = parser(__doc__)
    ap.add_argument("--games", type=whole(1), default=20000,
                    help="games per heads-up pairing (default 20,000)")
    ap.add_argument("--quick", action="store_true",
                    help="400 games for each multiway table")
    ap.add_argument("--multiway", action="store_true",
                    help="only the multiway tables, no heads-up or MicroPython figures")
    args = ap.parse_args(argv)
    games, quick, only_multiway = args.games, args.quick, args.multiway
    memo_odds()
    t = time.time()
    ok = True
    with Pool(2) as pool:
        if not only_multiway:
            ok = tournaments(games, pool)
        for lineup, count in ((FOUR, games // 2), (SIX, games * 3 // 10),
                              (BOTS4, games * 6 // 10), (NORMAL4, games * 6 // 10)):
            gaps = multiway(lineup, count if not quick else 400, pool)
            ok = ok and all(mean - half > 0 for mean, half in gaps)
    print("(CPython %d.%d, %.0f s)" % (sys.version_info[:2] + (time.time() - t,)))
    if only_multiway:
        return 0 if ok else 1
    rows, bots_cost, table_cost = micropython_figures()
    star = star_ms()
    print("MicroPython 1.27 (WebAssembly on this machine), Hard's time per decision with "
          "its match reads (ticks_us, ~1 ms resolution):")
    for players, n, med, worst in rows:
        print("  %d players, %4d decisions: median %6.1f ms, worst %6.1f ms  (goal: under 50)"
              % (players, n, med / 1000, worst / 1000))
    print("MicroPython heap: import svara.bots %d bytes, its table svara._strategy %d bytes "
          "(goal: tables under 8192); import svara.reads and a table of 10's Reads %d bytes"
          % (bots_cost, table_cost, micropython_figures.reads_cost))
    print("MicroPython, the * key's exact chances against 3-9 opponents (the table module"
          " imported from source, read, let go): median %.1f ms, worst %.1f ms a call"
          % (sorted(star)[len(star) // 2], max(star)))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
