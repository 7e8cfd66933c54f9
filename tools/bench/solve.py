#!/usr/bin/env python3
"""Heads-up Hard against a best response on the full game, blinds included.

    .venv/bin/python -m tools.bench.solve [--pairs N] [--blind-grid] [--stacks 20,100,500]

Two figures, side by side for each stack (ante 1, both players the same stack):
- the exploitability of the shipped table (tools/gen/cfr.py --full): what a best
  response that knows its bucket wins from Hard a game, the mean over both seats, on
  the full betting (any of six raise sizes at every turn) without blinds and with
  every legal blind (--blind-grid: a grid of them, for a quicker look);
- the blind-shover of issue 24 (first hand: blind a quarter of the limit; dealer: no
  blind; then all in with every hand, or call) against Hard, chips a game it wins
  with a 95% interval over seeded duplicate decks (each deck played twice, seats
  swapped), Hard without reads and with a match's reads kept for 200 games.
"""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [os.path.join(ROOT, "lib")]

from svara import bots  # noqa: E402
from svara.game import Game, Rng, PASS, CALL, RAISE, BLIND, JOIN, BLINDS, JOINING  # noqa: E402
from svara.reads import Reads  # noqa: E402

STACKS = (20, 100, 500)     # the blind-shover's stacks (the best response: cfr.STACKS)
MATCH = 200


def blind_shover(g, seat, rng, share=4):
    """Blind limit // share as first hand (no cards yet); then all in with any hand."""
    legal = g.legal()
    if g.phase == BLINDS:
        for a, lo, hi in legal:
            if a == BLIND and not g.last_blind:
                b = g.limit() // share
                return BLIND, lo if b < lo else (hi if b > hi else b)
        return PASS, 0
    if g.phase == JOINING:
        return (JOIN, 0) if any(a == JOIN for a, lo, hi in legal) else (PASS, 0)
    for a, lo, hi in legal:
        if a == RAISE:
            return RAISE, hi
    for a, lo, hi in legal:
        if a == CALL:
            return CALL, 0
    return PASS, 0


def play(stack, seed, dealer, hard_seat, reads, opponent=blind_shover):
    """One game: the opponent's chips won (Hard in hard_seat)."""
    g = Game([stack, stack], dealer, None, None, seed)
    rngs = (Rng(seed * 7 + 1), Rng(seed * 7 + 2))
    while g.to_act is not None:
        s = g.to_act
        if s == hard_seat:
            a, x = bots.decide(bots.HARD, g, s, rngs[s], reads)
        else:
            a, x = opponent(g, s, rngs[s])
        if reads is not None:
            reads.see(g, a, x)
        g.act(a, x)
    if reads is not None:
        reads.end(g)
    return g.stacks[1 - hard_seat] - stack


def duplicate(stack, pairs, keep, first=0, opponent=blind_shover):
    """Per pair of games on one deck (seats swapped), the opponent's chips; Hard keeps
    a Reads per seat order for each block of MATCH pairs when ``keep``."""
    out = []
    reads = [None, None]
    for k in range(first, first + pairs):
        if keep and (k - first) % MATCH == 0:
            reads = [Reads(2), Reads(2)]
        seed = 24000017 + 7919 * k
        dealer = k & 1
        out.append(play(stack, seed, dealer, 0, reads[0], opponent)
                   + play(stack, seed, dealer, 1, reads[1], opponent))
    return out


def interval(values):
    """(mean per game, 95% half-width per game) of per-pair sums."""
    n = len(values)
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m / 2, 1.96 * (var / n) ** 0.5 / 2


def main(argv=None):
    from tools.common.hosttool import parser, whole
    ap = parser(__doc__)
    ap.add_argument("--pairs", type=whole(2), default=1000,
                    help="duplicate pairs a stack for the blind-shover (default 1000)")
    ap.add_argument("--blind-grid", action="store_true",
                    help="the best response tries a grid of blinds, not every legal one")
    ap.add_argument("--stacks", default=None,
                    help="stacks for both parts (default: tools.gen.cfr.STACKS for the best "
                         "response, %s for the shover)" % ",".join(map(str, STACKS)))
    args = ap.parse_args(argv)
    from tools.gen import cfr
    full = cfr.STACKS
    stacks = STACKS
    if args.stacks:
        full = stacks = [int(x) for x in args.stacks.split(",")]
    t0 = time.time()
    print("Exploitability of heads-up Hard's table (tools/gen/cfr.py --full), chips a game:")
    cfr.report_full(lambda line: print("  " + line), full, not args.blind_grid)
    print("  (%.0f s)" % (time.time() - t0))
    print("The blind-shover (blind a quarter of the limit, then all in) against heads-up "
          "Hard, %d duplicate pairs a stack, chips a game it wins, 95%% interval:" % args.pairs)
    for stack in stacks:
        t = time.time()
        cells = []
        for keep in (False, True):
            m, h = interval(duplicate(stack, args.pairs, keep))
            cells.append("%s %+7.3f +- %.3f" % ("with reads" if keep else "no reads", m, h))
        print("  stack %3d: %s; %s (%.0f s)" % (stack, cells[0], cells[1], time.time() - t),
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
