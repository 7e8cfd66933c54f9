#!/usr/bin/env python3
"""An experiment for issue 24 (not what the bot plays): the heads-up abstraction of
tools/gen/cfr.py with a third raise size, ``--big`` half pots after calling (3: one and
a half times the pot), for the first ``--max-raises`` raises of a game (2: the open and
the raise over it), with a row for every history (perfect recall; later raises keep
half the pot and all-in), solved by the C core, the dealer's doubles fitted as
cfr.tune_doubles fits them, then measured on the full game as cfr.full_exploitability
measures the shipped table: a best response that raises to the least raise, half the
pot, the pot, twice the pot, limit-1 or the limit at every turn and blinds any size.
The Hard side reads a real raise as one of its sizes at the same count of raises: below
half the pot as svara.bots.small_share does, between half the pot and the big size by
the pseudo-harmonic chance of the big one, between the big size and all-in by that
chance squared (svara.bots.allin_share where there is no big size); its reading of the
early raises stays with it (the rows are keyed by the sizes read).

    .venv/bin/python -m tools.gen.cfr_big [--depths 20,100,500] [--stacks 30,70,150]
                                          [--big 3] [--max-raises 2]

Prints, per depth: the tree, the rows a player reaches by his own play (3 bytes a row
and bucket, as _strategy.py stores them), the abstract exploitability, the fitted
doubles, and the full game's best responses without and with blinds at the stack of
that depth (chips a game). About a minute a depth (nice'd). docs/BOTS.md has the figures.
"""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
from tools.gen import cfr  # noqa: E402  (puts lib/ on the path)
from svara import bots  # noqa: E402

K = cfr.K
FOLD, CALL, SMALL, ALLIN, BIG = 0, 1, 2, 3, 4
CAP = 3
MAXR = 2      # raises (of the game, both players') that may be the big size
BIGX = 3      # the big raise: level + (pot + call) * BIGX // 2
PW_LO = 1     # exponent of the pseudo-harmonic chance of the big size, (half, big)
PW_HI = 2     # of all-in, (big, all-in)


class Node(cfr.Node):
    __slots__ = ("key",)


def half_to(pot, level, mine, lo):
    return max(lo, level + (pot + level - mine) // 2)


def big_to(pot, level, mine, lo):
    return max(lo, level + (pot + level - mine) * BIGX // 2)


def build(depth):
    """cfr.build's tree with the big raise at the first MAXR raises; a bet node's key:
    (prefix, the codes of the raises so far: h half, p big, a all-in, facing all-in)."""
    nodes = []

    def new(kind, actor=-1):
        nd = Node()
        nd.kind, nd.actor, nd.actions, nd.kids, nd.pay = kind, actor, (), (), 0
        nd.slot, nd.key, nd.index = -1, None, len(nodes)
        nodes.append(nd)
        return nd

    def fold(folder, put):
        nd = new("fold")
        nd.pay = -(1 + put[0]) if folder == 0 else 1 + put[1]
        return nd

    def betting(prefix, put, level, opened, raises, actor, last_blind, hist):
        pot = 2 + put[0] + put[1]
        limit = depth
        nd = new("bet", actor)
        r = raises[0] + raises[1]
        nd.key = (prefix, hist, 0)
        acts = [FOLD]
        kids = [fold(actor, put)]
        other = 1 - actor
        if opened:
            acts.append(CALL)
            sd = new("show")
            sd.pay = 1 + level
            kids.append(sd)
        if raises[actor] < CAP:
            lo = 2 * last_blind if (not opened and last_blind) else level + 1
            if lo <= limit:
                small = half_to(pot, level, put[actor], lo)
                opts = [(SMALL, small, 'h')]
                if r < MAXR:
                    big = big_to(pot, level, put[actor], lo)
                    if small < big < limit:
                        opts.append((BIG, big, 'p'))
                opts.append((ALLIN, limit, 'a'))
                for a, to, code in opts:
                    if to >= limit and a != ALLIN:
                        continue
                    p2 = list(put)
                    p2[actor] = to
                    r2 = list(raises)
                    r2[actor] += 1
                    acts.append(a)
                    if to >= limit:
                        kids.append(allin_node(prefix, p2, to, r2, other, hist + 'a'))
                    else:
                        kids.append(betting(prefix, p2, to, True, r2, other, last_blind,
                                            hist + code))
        nd.actions = tuple(acts)
        nd.kids = tuple(kids)
        return nd

    def allin_node(prefix, put, level, raises, actor, hist):
        nd = new("bet", actor)
        nd.key = (prefix, hist, 1)
        sd = new("show")
        sd.pay = 1 + level
        nd.actions = (FOLD, CALL)
        nd.kids = (fold(actor, put), sd)
        return nd

    sizes = cfr.blind_sizes(depth)
    root = new("blind", 0)
    kids = [betting(0, (0, 0), 0, False, (0, 0), 0, 0, '')]
    for k, b in enumerate(sizes):
        if 4 * b <= depth:
            dbl = new("blind", 1)
            dbl.slot = k
            one = betting(1 + 2 * k, (b, 0), b, False, (0, 0), 1, b, '')
            both = betting(2 + 2 * k, (b, 2 * b), 2 * b, False, (0, 0), 0, 2 * b, '')
            dbl.actions = (0, 1)
            dbl.kids = (one, both)
            kids.append(dbl)
        else:
            kids.append(betting(1 + 2 * k, (b, 0), b, False, (0, 0), 1, b, ''))
    root.actions = tuple(range(len(kids)))
    root.kids = tuple(kids)
    return nodes


def solver(depth, W, T, L):
    """A cfr.Solver on this module's tree."""
    sv = cfr.Solver.__new__(cfr.Solver)
    sv.depth = depth
    sv.nodes = build(depth)
    sv.J = [[W[i][j] + T[i][j] + L[i][j] for j in range(K)] for i in range(K)]
    sv.D = [[W[i][j] - L[i][j] for j in range(K)] for i in range(K)]
    sv.reg = {}
    sv.avg = {}
    for nd in sv.nodes:
        if nd.kind in ("bet", "blind"):
            rows = K if nd.kind == "bet" else 1
            sv.reg[nd.index] = [[0.0] * len(nd.actions) for _ in range(rows)]
            sv.avg[nd.index] = [[0.0] * len(nd.actions) for _ in range(rows)]
    return sv


def ph(a, b, x, p):
    """chance the raise x (over mine, pot p had he called) reads as the upper b, a < x < b."""
    f = 1 - (b - x) * (p + a) / ((b - a) * (p + x))
    return f


def strategy_tables(sv, quant=True):
    """key -> (actions, K rows of probabilities); blinds: p0 weights, doubles."""
    rows = {}
    p0 = None
    dbl = {}
    for nd in sv.nodes:
        if nd.kind == "bet":
            s = sv.strat(nd, sv.avg, True)
            if quant:
                s = [[x / 255 for x in cfr.quantize(r, 255)] for r in s]
            assert nd.key not in rows, nd.key
            rows[nd.key] = (nd.actions, s)
        elif nd.kind == "blind" and nd.actor == 0:
            p0 = cfr.quantize(sv.strat(nd, sv.avg, True)[0], 255)
        elif nd.kind == "blind":
            dbl[nd.slot] = min(255, int(sv.strat(nd, sv.avg, True)[0][1] * 256 + 0.5))
    return rows, p0, dbl


def full(depth, tdepth, rows, p0w, dbl, m, n, blinds=True, live=True, E=None, blist=None,
         dealer=True):
    """Best response (as P0, as P1) on the full game against the table rows keyed by
    (prefix, hist, allin), Hard translating raises among its sizes."""
    maxr = MAXR
    W, T, L = cfr.joint()
    J = [[W[i][j] + T[i][j] + L[i][j] for j in range(K)] for i in range(K)]
    D = [[W[i][j] - L[i][j] for j in range(K)] for i in range(K)]
    sizes = cfr.blind_sizes(tdepth)
    nb = len(sizes)
    limit = depth
    FLOOR = cfr.FLOOR

    def leaf_fold(folder, put, me, pi_h):
        return cfr.fold_values(J, folder, put, me, pi_h)

    def leaf_show(level, me, pi_h):
        return cfr.show_values(D, level, me, pi_h)

    def translate(put, level, actor_hard, r_before):
        """Hard's reading of the raise to ``level`` just made (by the responder), r_before
        raises before it: {code: chance}, codes 'c' call, 'h', 'p', 'a'."""
        mine = put[actor_hard]
        pot = 2 + put[0] + put[1]
        p = pot - level + mine
        y = level - mine
        a = max(1, p // 2)
        bb = limit - mine
        if y >= bb:
            return {'a': 1.0}
        if y < a:
            s = bots.small_share(pot, level, mine) / 256.0
            return {'c': 1 - s, 'h': s} if s < 1 else {'h': 1.0}
        big = None
        if r_before < maxr:
            bg = p * BIGX // 2    # over mine
            if a < bg < bb:
                big = bg
        if big is None:
            q = bots.allin_share(pot, level, mine, limit) / 256.0
            return {'h': 1 - q, 'a': q}
        if y <= a:
            return {'h': 1.0}
        if y < big:
            q = ph(a, big, y, p) ** PW_LO
            return {'h': 1 - q, 'p': q}
        if y == big:
            return {'p': 1.0}
        q = ph(big, bb, y, p) ** PW_HI
        return {'p': 1 - q, 'a': q}

    def hard_act(b, prefix, hist, allin, put, level, opened, raises, actor, last_blind):
        """[(act, chance, code)], act -1 fold, -2 call, else the level raised to."""
        key = (prefix, hist, allin)
        if key not in rows:
            return None
        acts, s = rows[key]
        w = dict(zip(acts, s[b]))
        f, c = w.get(FOLD, 0), (w.get(CALL, 0) if opened else 0)
        sm, bg, al = w.get(SMALL, 0), w.get(BIG, 0), w.get(ALLIN, 0)
        lo = 2 * last_blind if (not opened and last_blind) else level + 1
        can_raise = raises[actor] < CAP and lo <= limit
        pot = 2 + put[0] + put[1]
        to_call = level - put[actor]
        r = raises[0] + raises[1]
        if live and opened:
            e = E[FLOOR[r if r < 5 else 4]][b]
            need = to_call * 1000 // (pot + to_call)
            if can_raise and (limit - level) * 4 <= pot and e < 500:
                if e >= need:
                    c += sm + al + bg
                else:
                    f += sm + al + bg
                can_raise = False
        out = []
        if can_raise and (sm or al or bg):
            small = min(limit, half_to(pot, level, put[actor], lo))
            big = min(limit, big_to(pot, level, put[actor], lo))
            if small >= limit:
                al, sm = al + sm, 0
            if big >= limit:
                al, bg = al + bg, 0
            if sm: out.append((small, sm, 'h'))
            if bg: out.append((big, bg, 'p'))
            if al: out.append((limit, al, 'a'))
        tot = f + c + sum(x for _, x, _ in out)
        if not tot:
            return None
        res = [(-1, f / tot, ''), (-2, c / tot, '')]
        res += [(to, x / tot, code) for to, x, code in out]
        return res

    def node(me, prefix, put, level, opened, raises, actor, last_blind, hb):
        """hb: {(hist, allin): pi_h} Hard's readings of the history, its reach under each."""
        lo = 2 * last_blind if (not opened and last_blind) else level + 1
        can_raise = raises[actor] < CAP and lo <= limit
        pot = 2 + put[0] + put[1]
        if actor == me:
            tot_h = [sum(v[b] for v in hb.values()) for b in range(K)]
            vals = [leaf_fold(actor, put, me, tot_h)]
            if opened:
                vals.append(leaf_show(level, me, tot_h))
            if can_raise:
                half = max(lo, level + (pot + level - put[actor]) // 2)
                szs = {lo, half, limit, max(lo, limit - 1)}
                for k2 in (2, 4):
                    szs.add(max(lo, level + (pot + level - put[actor]) * k2 // 2))
                r_before = raises[0] + raises[1]
                for to in sorted(szs):
                    if lo <= to <= limit:
                        p2 = list(put)
                        p2[actor] = to
                        r2 = list(raises)
                        r2[actor] += 1
                        tr = translate(p2, to, 1 - actor, r_before)
                        nh = {}
                        callv = None
                        for (hist, _), pi in hb.items():
                            for code, x in tr.items():
                                if x <= 0:
                                    continue
                                sub = [y * x for y in pi]
                                if code == 'c':
                                    # Hard calls
                                    callv = sub if callv is None else \
                                        [u + v for u, v in zip(callv, sub)]
                                    continue
                                k = (hist + code, 1 if code == 'a' else 0)
                                if k in nh:
                                    nh[k] = [u + v for u, v in zip(nh[k], sub)]
                                else:
                                    nh[k] = sub
                        v = [0.0] * K
                        if nh:
                            v = node(me, prefix, p2, to, True, r2, 1 - actor, last_blind, nh)
                        if callv is not None:
                            v2 = leaf_show(to, me, callv)
                            v = [u + w for u, w in zip(v, v2)]
                        vals.append(v)
            return [max(v[b] for v in vals) for b in range(K)]
        out = [0.0] * K
        branches = {}
        for (hist, allin), pi_h in hb.items():
            for b in range(K):
                if not pi_h[b]:
                    continue
                w = hard_act(b, prefix, hist, allin, put, level, opened, raises, actor, last_blind)
                if w is None:
                    w = [(-2, 1.0, '')] if opened else [(-1, 1.0, '')]
                for act, x, code in w:
                    if x > 0:
                        kk = (act, code, hist)
                        branches.setdefault(kk, [0.0] * K)[b] += pi_h[b] * x
        # group by (act): Hard's later reading differs by hist
        byact = {}
        for (act, code, hist), sub in branches.items():
            byact.setdefault(act, {})
            if act < 0:
                k = None
            else:
                k = (hist + code, 1 if code == 'a' else 0)
            d = byact[act]
            if k in d:
                d[k] = [u + v for u, v in zip(d[k], sub)]
            else:
                d[k] = sub
        for act, d in byact.items():
            if act == -1:
                v = leaf_fold(actor, put, me, [sum(x) for x in zip(*d.values())])
            elif act == -2:
                v = leaf_show(level, me, [sum(x) for x in zip(*d.values())])
            else:
                p2 = list(put)
                p2[actor] = act
                r2 = list(raises)
                r2[actor] += 1
                v = node(me, prefix, p2, act, True, r2, 1 - actor, last_blind, d)
            for b in range(K):
                out[b] += v[b]
        return out

    ones = [1.0] * K

    def sub(me, prefix, b, doubled):
        if not b:
            return sum(node(me, 0, (0, 0), 0, False, (0, 0), 0, 0, {('', 0): ones}))
        if doubled:
            return sum(node(me, prefix, (b, 2 * b), 2 * b, False, (0, 0), 0, 2 * b,
                            {('', 0): ones}))
        return sum(node(me, prefix, (b, 0), b, False, (0, 0), 1, b, {('', 0): ones}))

    def hard_prefix(b, doubled):
        k = bots.blind_index(sizes, nb, tdepth, b, limit)
        return (2 if doubled else 1) + 2 * k, k

    def root(me):
        v_no = sub(me, 0, 0, False)
        if me == 0:
            best = v_no
            if blinds:
                for b in (blist if blist is not None else range(1, limit // 2 + 1)):
                    p1, k = hard_prefix(b, False)
                    v = sub(me, p1, b, False)
                    if 4 * b <= limit:
                        x = dbl.get(k, 0) / 256.0
                        v = (1 - x) * v + x * sub(me, hard_prefix(b, True)[0], b, True)
                    best = max(best, v)
            return best
        w = [p0w[1 + k] / 255.0 for k in range(nb)]
        tot = (1 - sum(w)) * v_no
        for k in range(nb):
            if not w[k]:
                continue
            b = bots.cfr_blind(sizes, nb, k, tdepth, limit, 1, limit // 2)
            v = sub(me, hard_prefix(b, False)[0], b, False)
            if 4 * b <= limit and blinds:
                v = max(v, sub(me, hard_prefix(b, True)[0], b, True))
            tot += w[k] * v
        return tot

    return root(0), (root(1) if dealer else None)


def fit(depth, rows, p0, dbl, m, n, E, report=print):
    """The dealer's double chances lowered as cfr.tune_doubles lowers them
    (cfr.fit_doubles), each worst blind measured on the full game against these rows."""
    cfr.fit_doubles(depth, lambda k: dbl.get(k, 0), dbl.__setitem__,
                    lambda limit, bs: full(limit, depth, rows, p0, dbl, m, n, True, True, E,
                                           blist=bs, dealer=False)[0],
                    report, " " * 4)


def reached(sv, rows, p0):
    """The bet nodes a player reaches by his own play with the rounded weights (the rows a
    table would keep, as cfr.Solver.encode keeps them)."""
    need = set()

    def walk(nd, reach):
        if nd.kind in ("fold", "show"):
            return
        me = nd.actor
        if nd.kind == "bet" and max(reach[me]) > 0:
            need.add(nd.index)
        for a, kid in enumerate(nd.kids):
            r2 = list(reach)
            if nd.kind == "blind":
                x = p0[a] if me == 0 else 1
                r2[me] = [y * x for y in reach[me]]
            else:
                s = rows[nd.key][1]
                r2[me] = [reach[me][b] * s[b][a] for b in range(K)]
            walk(kid, r2)

    walk(sv.nodes[0], [[1] * K, [1] * K])
    return len(need)


def measure(depth, stacks, iterations, report=print):
    W, T, L = cfr.joint()
    m, n = cfr.points_joint()
    E = cfr.bucket_equity(m)
    t0 = time.time()
    sv = solver(depth, W, T, L)
    sv.solve_c(iterations)
    br = (sv.best_response(0), sv.best_response(1))
    nbet = sum(1 for nd in sv.nodes if nd.kind == "bet")
    rows, p0, dbl = strategy_tables(sv)
    nr = reached(sv, rows, p0)
    report("depth %d: %d nodes, %d bet nodes (%d reached: %d bytes of rows), abstract "
           "best responses %+.4f / %+.4f, exploitability %.4f (%.0f s)"
           % (depth, len(sv.nodes), nbet, nr, nr * K * 3, br[0], br[1], sum(br) / 2,
              time.time() - t0))
    fit(depth, rows, p0, dbl, m, n, E, report)
    solved = (rows, p0, dbl, m, n, E)
    for stack in stacks:
        at(depth, solved, stack, report)
    return solved


def at(depth, solved, stack, report=print):
    """The full game's best responses at ``stack`` (ante 1) against depth's solved rows."""
    rows, p0, dbl, m, n, E = solved
    t0 = time.time()
    for blinds in (False, True):
        b0, b1 = full(stack - 1, depth, rows, p0, dbl, m, n, blinds, True, E)
        report("  stack %d (table %d), %-11s best response as first hand %+.3f, as dealer "
               "%+.3f: exploitability %.3f chips a game (%.0f s)"
               % (stack, depth, "blinds too:" if blinds else "no blinds:", b0, b1,
                  (b0 + b1) / 2, time.time() - t0))


def main(argv=None):
    global MAXR, BIGX
    from tools.common.hosttool import parser, whole
    ap = parser(__doc__)
    ap.add_argument("--depths", default="20,100,500",
                    help="the depths to solve, each measured at its own stack "
                         "(default %(default)s)")
    ap.add_argument("--big", type=whole(2), default=BIGX,
                    help="the big raise in half pots after calling (default %(default)s)")
    ap.add_argument("--max-raises", type=whole(0), default=MAXR,
                    help="how many of the first raises may be big (default %(default)s)")
    ap.add_argument("--iterations", type=whole(1), default=cfr.ITERATIONS,
                    help="CFR+ iterations (default %(default)s)")
    ap.add_argument("--stacks", default="",
                    help="more stacks to measure, each against the solved depth nearest "
                         "its limit as svara.bots picks it (e.g. 30,70,150)")
    args = ap.parse_args(argv)
    MAXR, BIGX = args.max_raises, args.big
    depths = sorted(int(d) for d in args.depths.split(","))
    if any(d not in cfr.DEPTHS for d in depths):
        ap.error("--depths: each one of %s" % (cfr.DEPTHS,))
    solved = {}
    for depth in depths:
        solved[depth] = measure(depth, [depth], args.iterations)
    for stack in (int(x) for x in args.stacks.split(",") if x):
        k = 0      # the depth svara.bots would take for this limit (cfr.table_for)
        while k + 1 < len(depths) and (stack - 1) ** 2 > depths[k] * depths[k + 1]:
            k += 1
        at(depths[k], solved[depths[k]], stack)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
