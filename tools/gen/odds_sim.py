#!/usr/bin/env python3
"""Seeded simulation of svara.odds' question, for tests and for tools/gen/fit_odds.py.

    python3 -m tools.gen.odds_sim "Jh Qh 9s" [--deals N] [--seed S] [--floor F] [--rules V]

One deal here is a random partition of the unseen cards into as many three-card hands as
they hold (9 hands and 2 left over for 29 cards). Any n of those hands are a fair deal
of n opponents, so each partition counts for every n at once: with m of its hands in a
class X, the share of n-subsets all in X is C(m, n) / C(H, n) (H hands in a partition),
an unbiased estimate of P(all n hands in X) with less variance than one deal of n hands.
The standard error comes from the spread of that share over the partitions.

Classes: below our points (and >= floor), below-or-equal (and >= floor), >= floor.
With a floor the chances are conditional (every opponent >= floor): a ratio of two
means, its error by the delta method. Plain Python (random.Random, seeded); numpy,
when installed, gives the same estimator much faster for the long runs of
tools/gen/fit_odds.py (numpy's own generator: other numbers, same distribution).
"""
import os
import sys
from itertools import combinations
from math import comb, sqrt

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "lib"))

import svara  # noqa: E402
from svara.rules import Rules  # noqa: E402

RULES = {"default": None, "nojoker": Rules(joker=False), "no27": Rules(two_sevens=False),
         "both": Rules(joker=False, two_sevens=False)}


def classes(hand, rules=None, dead=(), floor=0):
    """(unseen cards, class by hand) with the class of the hand of sorted places i<j<k at
    index i*m*m + j*m + k (m unseen cards): 0 below floor, 1 below us, 2 equal, 3 above."""
    s = svara.score(hand[0], hand[1], hand[2], rules)
    u = [c for c in range(32) if c not in hand and c not in dead]
    m = len(u)
    cls = bytearray(m * m * m)
    for i, j, k in combinations(range(m), 3):
        p = svara.score(u[i], u[j], u[k], rules)
        v = 0 if p < floor else (1 if p < s else (2 if p == s else 3))
        for a, b, c in ((i, j, k), (i, k, j), (j, i, k), (j, k, i), (k, i, j), (k, j, i)):
            cls[(a * m + b) * m + c] = v
    return u, cls


# A partition's hands tallied in one int: 1 per hand in range, 16 per equal, 256 per above.
_WEIGHT = (0, 1, 1 + 16, 1 + 256)


class Sums:
    """Running sums of the three shares per n (and their products) over partitions."""

    def __init__(self, hands):
        self.hands = hands
        self.count = 0
        self.s = [[0.0] * (hands + 1) for _ in range(3)]
        self.ss = [[[0.0] * (hands + 1) for _ in range(3)] for _ in range(3)]
        self.share = [[comb(m, n) / comb(hands, n) for n in range(hands + 1)]
                      for m in range(hands + 1)]

    def add(self, mx, me, mr, times=1):
        rows = (self.share[mx], self.share[me], self.share[mr])
        self.count += times
        for a in range(3):
            ra = rows[a]
            sa = self.s[a]
            for n in range(1, self.hands + 1):
                sa[n] += ra[n] * times
            for b in range(3):
                rb = rows[b]
                sab = self.ss[a][b]
                for n in range(1, self.hands + 1):
                    sab[n] += ra[n] * rb[n] * times

    def result(self, n):
        """(win, its standard error, tie, its standard error, P(all n in range))."""
        N = self.count
        mean = [self.s[a][n] / N for a in range(3)]
        cov = [[self.ss[a][b][n] / N - mean[a] * mean[b] for b in range(3)]
               for a in range(3)]
        X, E, R = mean
        if R <= 0:
            return 0.0, 0.0, 0.0, 0.0, 0.0
        w = X / R
        le = E / R
        vw = cov[0][0] - 2 * w * cov[0][2] + w * w * cov[2][2]
        t = le - w
        vt_num = cov[1][1] + cov[0][0] - 2 * cov[0][1]
        vt = vt_num - 2 * t * (cov[1][2] - cov[0][2]) + t * t * cov[2][2]
        return (w, sqrt(max(vw, 0.0) / N) / R, t, sqrt(max(vt, 0.0) / N) / R, R)


def simulate(hand, rules=None, dead=(), floor=0, deals=10000, seed=1):
    """Sums over ``deals`` seeded partitions (plain Python)."""
    import random
    u, cls = classes(hand, rules, dead, floor)
    m = len(u)
    hands = m // 3
    sums = Sums(hands)
    rng = random.Random(seed)
    places = range(m)
    starts = range(0, 3 * hands, 3)
    random = rng.random
    tally = [0] * 4096
    mm = m * m
    for _ in range(deals):
        # A random order of the unseen cards: sort by random keys.
        keys = [random() for _ in places]
        o = sorted(places, key=keys.__getitem__)
        key = 0
        for h in starts:
            key += _WEIGHT[cls[o[h] * mm + o[h + 1] * m + o[h + 2]]]
        tally[key] += 1
    for key in range(4096):
        if tally[key]:
            mr = key & 15
            me = mr - (key >> 8)           # above us, below-or-equal from the range
            mx = me - ((key >> 4) & 15)
            sums.add(mx, me, mr, tally[key])
    return sums


def simulate_np(hand, rules=None, dead=(), floor=0, deals=10 ** 6, seed=1, batch=200000):
    """As simulate, with numpy (much faster; other random numbers)."""
    import numpy as np
    u, cls = classes(hand, rules, dead, floor)
    m = len(u)
    hands = m // 3
    flat = np.frombuffer(bytes(cls), dtype=np.uint8)
    rng = np.random.default_rng(seed)
    sums = Sums(hands)
    done = 0
    while done < deals:
        b = min(batch, deals - done)
        perm = np.argsort(rng.random((b, m)), axis=1)[:, :3 * hands].reshape(b, hands, 3)
        v = flat[(perm[:, :, 0] * m + perm[:, :, 1]) * m + perm[:, :, 2]]
        mx = (v == 1).sum(1)
        me = mx + (v == 2).sum(1)
        mr = me + (v == 3).sum(1)
        keys = (mx * 16 + me) * 16 + mr
        for key, times in zip(*np.unique(keys, return_counts=True)):
            key = int(key)
            sums.add(key >> 8, (key >> 4) & 15, key & 15, int(times))
        done += b
    return sums


def main(argv):
    from tools.common.hosttool import parser, whole
    ap = parser(__doc__)
    ap.add_argument("hand", help='three cards as one word, e.g. "7c Ah Ad"')
    ap.add_argument("--deals", type=whole(1), default=100000, help="deals (default 100,000)")
    ap.add_argument("--seed", type=whole(0), default=1, help="the generator's seed (default 1)")
    ap.add_argument("--floor", type=whole(0), default=0,
                    help="opponents hold at least this many points (default 0)")
    ap.add_argument("--rules", default="default", choices=sorted(RULES),
                    help="the point variant (default: the rules as written)")
    a = ap.parse_args(argv)
    from svara import odds
    try:
        hand = svara.parse(a.hand)
        if len(hand) != 3:
            raise ValueError("a hand is three cards, not %r" % a.hand)
    except ValueError as e:
        ap.error(str(e))
    rules = RULES[a.rules]
    try:
        sums = simulate_np(hand, rules, (), a.floor, a.deals, a.seed)
    except ImportError:
        sums = simulate(hand, rules, (), a.floor, a.deals, a.seed)
    print("n  win sim (99%)          chances()  tie sim (99%)          chances()")
    for n in range(3, sums.hands + 1):
        w, sw, t, st, r = sums.result(n)
        try:
            got = odds.chances(hand, n, rules, (), a.floor)
            gw, gt = got[0] / got[3], got[1] / got[3]
        except ValueError:
            gw = gt = float("nan")
        print("%d  %.4f +- %.4f   %.4f     %.4f +- %.4f   %.4f"
              % (n, w, 2.576 * sw, gw, t, 2.576 * st, gt))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
