#!/usr/bin/env python3
"""Heads-up strategy for the Hard bot, by counterfactual regret minimisation (CFR+).

    .venv/bin/python -m tools.gen.cfr [--iterations N] [--check] [--full]

Solves an abstraction of heads-up Svara (docs/BOTS.md) and writes the average
strategy as a byte table to lib/svara/_strategy.py; --check recomputes it and fails
when the committed file differs. Prints the exploitability of the abstract strategy
(the best-response value against it, in the abstract game) for every stack depth.
--full only measures the committed tables against a best response on the full game,
every raise size and blind (full_exploitability below).

The abstract game, for the default rules (joker, two sevens, ante 1, min blind 1,
raise cap 3):
- Cards: each player's hand points, grouped into 16 buckets (BUCKET_OF below); the
  joint chance of (my bucket, his bucket, who wins) is counted exactly over all
  4960 * 3654 ordered pairs of disjoint hands, so card removal is in it.
- Blinds, decided with no cards: first hand (P0) blinds one of blind_sizes(depth) or
  not: 1 and a row about 1.5 apart up to a quarter of the depth (the dealer may double
  those: 4 b <= limit), then 3/8 and 1/2 of it (he may not); the dealer (P1) doubles a
  blind he may double, or not, knowing its size; then the betting starts after the
  last blind bettor (the dealer opens at least 2 b or folds; after a double first hand
  opens at least 4 b or folds).
- Betting as in the engine (opens, level, limit, cap of 3 raises each), with five
  abstract actions: pass (fold), call, raise "half pot" (to level + (pot + the call)
  // 2, at least the legal least), at the game's first MAXR (2) raises the big raise
  (to level + (pot + the call) * BIGX // 2, one and a half pots) and all-in (to the
  limit); a row for every history (perfect recall: the first two raises' sizes are in
  its slot).
- A tie is worth 0 to both (the svara replays the pot between the same two).
- One game per stack depth in DEPTHS (chips behind after the ante; the bot picks the
  depth nearest the table's limit, geometrically).
Solved by CFR+ in the C core tools/gen/cfr_solve.c (alternating updates, linear
averaging; the same sweep as Solver.iterate, which is kept as its check), built into
build/cfr_solve on first use.
A real position maps to an abstract node by what the View shows: the blind first hand
bet (read as the size nearest its share of the limit, svara.bots.blind_index), whether
the dealer doubled, how many raises were made (sum over both), whether the level is
(read as) the limit, and the first two raises' levels from the game's log, each read
as half the pot, big or all-in (svara.bots.raise_read) the same way all game.
"""
import os
import subprocess
import sys
from itertools import combinations

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "lib"))
from svara import score, bots  # noqa: E402

OUT = os.path.join(ROOT, "lib", "svara", "_strategy.py")
CORE_SOURCE = os.path.join(HERE, "cfr_solve.c")
CORE = os.path.join(ROOT, "build", "cfr_solve")
# Chips behind after the ante, in antes: the stack buckets (the bot takes the nearest,
# geometrically, to the table's limit).
DEPTHS = (10, 20, 40, 100, 200, 500)
# First hand's blinds: a geometric row up to a quarter of the depth, and shares of it.
BLIND_RATIO = 1.5
BLIND_SHARES = ((3, 8), (1, 2))
K = 16                   # buckets
ITERATIONS = 10000
# Bucket of each points value 0..34 (only 8..11, 15..34 occur).
BUCKET_OF = bytes([0] * 15 + [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 10, 11, 12, 13, 14, 15, 15, 15])
FOLD, CALL, SMALL, ALLIN, BIG = 0, 1, 2, 3, 4
CAP = 3
# The big raise (svara.bots plays it: _to_pot(view, span, 3), raise_read): level +
# (pot + the call) * BIGX // 2, offered at the game's first MAXR raises.
BIGX = 3
MAXR = 2
# Codes of a raise as the table keys it (svara.bots.raise_read): half the pot, big, all-in.
HALF_CODE, BIG_CODE, ALLIN_CODE = 1, 2, 3


def slot(prefix, raises, allin, big1=0, big2=0):
    """The slot of a betting position: who blinded (prefix), raises made (0..6), whether
    the level is (read as) all-in, whether the first / second raise was (read as) big."""
    return (((prefix * 7 + raises) * 2 + allin) * 2 + big1) * 2 + big2


SLOTS = 56    # slots a prefix: 7 raises x all-in or not x 2 x 2 readings of the first two


def joint():
    """W, T, L: K x K chances that P0 (bucket i) beats / ties / loses to P1 (bucket j)."""
    m, n = points_joint()
    W = [[0.0] * K for _ in range(K)]
    T = [[0.0] * K for _ in range(K)]
    L = [[0.0] * K for _ in range(K)]
    for p in range(35):
        for q in range(35):
            if m[p][q]:
                x = m[p][q] / n
                i, j = BUCKET_OF[p], BUCKET_OF[q]
                (W if p > q else (T if p == q else L))[i][j] += x
    return W, T, L


def points_joint():
    """m[p][q]: the ordered pairs of disjoint hands with points p and q; and their number."""
    hands = list(combinations(range(32), 3))
    pts = {h: score(*h) for h in hands}
    total = [0] * 35
    by_card = [[0] * 35 for _ in range(32)]
    by_pair = {}
    for h, p in pts.items():
        total[p] += 1
        for c in h:
            by_card[c][p] += 1
        for pr in combinations(h, 2):
            by_pair.setdefault(pr, [0] * 35)[p] += 1
    m = [[0] * 35 for _ in range(35)]
    for h, p in pts.items():
        row = list(total)
        for c in h:
            for q, v in enumerate(by_card[c]):
                row[q] -= v
        for pr in combinations(h, 2):
            for q, v in enumerate(by_pair[pr]):
                row[q] += v
        row[p] -= 1
        mr = m[p]
        for q in range(35):
            mr[q] += row[q]
    n = sum(map(sum, m))
    assert n == 4960 * 3654
    return m, n


class Node:
    __slots__ = ("kind", "actor", "actions", "kids", "pay", "slot", "index")


def blind_sizes(depth):
    """First hand's abstract blinds at ``depth`` antes behind: those the dealer may double
    (4 b <= depth) from the least (1) to depth // 4, about BLIND_RATIO apart; and
    BLIND_SHARES of the depth, which he may not double (the largest: half of it)."""
    out = set()
    x = 1.0
    top = depth // 4
    while x < top * 1.001:
        out.add(int(x + 0.5))
        x *= BLIND_RATIO
    out.add(top)
    for num, den in BLIND_SHARES:
        out.add(max(1, depth * num // den))
    return tuple(sorted(b for b in out if 1 <= b <= depth // 2))


def layout(nb):
    """Offsets in one depth's table of nb blind sizes: (first hand's blind weights, the
    dealer's doubles, the row index width and 4-byte rows count (3 bytes), the slots)."""
    return 1 + nb, 1 + 2 * nb, 1 + 3 * nb, 4 + 3 * nb


def rows_at(data):
    """(offset of the rows, row index width, how many rows have 4 bytes a bucket) of a table."""
    nb = data[0]
    o = 1 + 3 * nb
    w = data[o]
    return 4 + 3 * nb + (1 + 2 * nb) * SLOTS * w, w, data[o + 1] | data[o + 2] << 8


def row_of(data, s):
    """The row of slot s in a table (255 or 65535: none); with rows_at's facts."""
    nb = data[0]
    o_rows, w, n4 = rows_at(data)
    i = 4 + 3 * nb + s * w
    row = data[i] if w == 1 else data[i] | data[i + 1] << 8
    return None if row == (255 if w == 1 else 65535) else row


def row_offset(data, row, b):
    """(offset, 4 or 3 bytes) of bucket b's weights in ``row``: the rows with a big raise
    (4 bytes: fold, call, small, big) come first, then the others (fold, call, small)."""
    o_rows, w, n4 = rows_at(data)
    if row < n4:
        return o_rows + (row * K + b) * 4, 4
    return o_rows + n4 * K * 4 + ((row - n4) * K + b) * 3, 3


def weights_at(data, row, b):
    """The five weights out of WHOLE of bucket b in ``row``, by action (FOLD..BIG)."""
    i, nbytes = row_offset(data, row, b)
    f, c, s = data[i], data[i + 1], data[i + 2]
    g = data[i + 3] if nbytes == 4 else 0
    return f, c, s, WHOLE - f - c - s - g, g


def build(depth):
    """The abstract tree for chips ``depth`` behind each after the ante; list of nodes.
    First hand blinds one of blind_sizes(depth) or not; the dealer doubles a blind b
    when 4 b <= depth (the rules offer it then); then the betting, with the big raise at
    the first MAXR raises. Prefix of a betting node: 0 no blind, 1 + 2 k first hand
    blinded size k, 2 + 2 k and the dealer doubled."""
    nodes = []

    def new(kind, actor=-1):
        nd = Node()
        nd.kind, nd.actor, nd.actions, nd.kids, nd.pay = kind, actor, (), (), 0
        nd.slot, nd.index = -1, len(nodes)
        nodes.append(nd)
        return nd

    def fold(folder, put):
        nd = new("fold")
        nd.pay = -(1 + put[0]) if folder == 0 else 1 + put[1]   # P0's chips won
        return nd

    def key(prefix, hist, allin):
        """hist: the codes of the raises so far (a tuple of HALF_CODE, BIG_CODE, ALLIN_CODE)."""
        big = [1 if len(hist) > i and hist[i] == BIG_CODE else 0 for i in range(2)]
        return slot(prefix, len(hist), allin, big[0], big[1])

    def betting(prefix, put, level, opened, raises, actor, last_blind, hist):
        pot = 2 + put[0] + put[1]
        limit = depth            # both start equal: the limit is the depth
        nd = new("bet", actor)
        nd.slot = key(prefix, hist, 0)
        acts = [FOLD]
        # A fold before any open: whoever else is in wins (blind bettor or dealer).
        kids = [fold(actor, put)]
        other = 1 - actor
        if opened:
            acts.append(CALL)
            sd = new("show")
            sd.pay = 1 + level   # both put in level: the winner gains 1 + level
            kids.append(sd)
        if raises[actor] < CAP:
            lo = 2 * last_blind if (not opened and last_blind) else level + 1
            if lo <= limit:
                call = pot + level - put[actor]
                small = max(lo, level + call // 2)
                opts = [(SMALL, small, HALF_CODE)]
                if len(hist) < MAXR:
                    big = max(lo, level + call * BIGX // 2)
                    if small < big < limit:
                        opts.append((BIG, big, BIG_CODE))
                opts.append((ALLIN, limit, ALLIN_CODE))
                for a, to, code in opts:
                    if to >= limit and a != ALLIN:
                        continue
                    p2 = list(put)
                    p2[actor] = to
                    r2 = list(raises)
                    r2[actor] += 1
                    acts.append(a)
                    if to >= limit:
                        kids.append(allin_node(prefix, p2, to, other, hist + (code,)))
                    else:
                        kids.append(betting(prefix, p2, to, True, r2, other, last_blind,
                                            hist + (code,)))
        nd.actions = tuple(acts)
        nd.kids = tuple(kids)
        return nd

    def allin_node(prefix, put, level, actor, hist):
        nd = new("bet", actor)
        nd.slot = key(prefix, hist, 1)
        sd = new("show")
        sd.pay = 1 + level
        nd.actions = (FOLD, CALL)
        nd.kids = (fold(actor, put), sd)
        return nd

    sizes = blind_sizes(depth)
    root = new("blind", 0)
    kids = [betting(0, (0, 0), 0, False, (0, 0), 0, 0, ())]
    for k, b in enumerate(sizes):
        # First hand blinded b; the dealer declined (or may not double): he opens
        # (at least 2 b) or folds; else he doubled and first hand opens (4 b) or folds.
        if 4 * b <= depth:
            dbl = new("blind", 1)
            dbl.slot = k
            one = betting(1 + 2 * k, (b, 0), b, False, (0, 0), 1, b, ())
            both = betting(2 + 2 * k, (b, 2 * b), 2 * b, False, (0, 0), 0, 2 * b, ())
            dbl.actions = (0, 1)
            dbl.kids = (one, both)
            kids.append(dbl)
        else:
            kids.append(betting(1 + 2 * k, (b, 0), b, False, (0, 0), 1, b, ()))
    root.actions = tuple(range(len(kids)))
    root.kids = tuple(kids)
    return nodes


def matvec(M, v):
    return [sum(r[j] * v[j] for j in range(K)) for r in M]


def vecmat(v, M):
    return [sum(v[i] * M[i][j] for i in range(K)) for j in range(K)]


class Solver:
    def __init__(self, depth, W, T, L):
        self.depth = depth
        self.nodes = build(depth)
        self.J = [[W[i][j] + T[i][j] + L[i][j] for j in range(K)] for i in range(K)]
        self.D = [[W[i][j] - L[i][j] for j in range(K)] for i in range(K)]
        self.reg = {}
        self.avg = {}
        for nd in self.nodes:
            if nd.kind in ("bet", "blind"):
                rows = K if nd.kind == "bet" else 1
                self.reg[nd.index] = [[0.0] * len(nd.actions) for _ in range(rows)]
                self.avg[nd.index] = [[0.0] * len(nd.actions) for _ in range(rows)]

    @staticmethod
    def match(reg):
        pos = [r if r > 0 else 0.0 for r in reg]
        s = sum(pos)
        return [x / s for x in pos] if s > 0 else [1.0 / len(reg)] * len(reg)

    def strat(self, nd, table, avg=False):
        """Per bucket a distribution over nd.actions."""
        rows = table[nd.index]
        if avg:
            out = []
            for r in rows:
                s = sum(r)
                out.append([x / s for x in r] if s > 0 else [1.0 / len(r)] * len(r))
        else:
            out = [self.match(r) for r in rows]
        if len(out) == 1:
            out = out * K
        return out

    def value(self, nd, i, pi_o):
        """Counterfactual values per bucket of player i at a leaf, the other reaching by pi_o."""
        if nd.kind == "fold":
            u = nd.pay if i == 0 else -nd.pay
            w = matvec(self.J, pi_o) if i == 0 else vecmat(pi_o, self.J)
            return [u * x for x in w]
        if nd.kind == "show":
            u = nd.pay if i == 0 else -nd.pay
            w = matvec(self.D, pi_o) if i == 0 else vecmat(pi_o, self.D)
            return [u * x for x in w]
        raise ValueError("not a leaf")

    def iterate(self, t):
        ones = [1.0] * K
        root = self.nodes[0]
        for i in (0, 1):
            self.walk(root, i, ones, ones, t)

    def walk(self, nd, i, pi_i, pi_o, t):
        """One CFR+ pass for player i, reach vectors carried down the tree."""
        if nd.kind in ("fold", "show"):
            return self.value(nd, i, pi_o)
        na = len(nd.actions)
        s = self.strat(nd, self.reg)
        if nd.actor != i:
            out = [0.0] * K
            for a in range(na):
                sub = [pi_o[b] * s[b][a] for b in range(K)]
                v = self.walk(nd.kids[a], i, pi_i, sub, t)
                for b in range(K):
                    out[b] += v[b]
            return out
        vals = []
        for a in range(na):
            sub = [pi_i[b] * s[b][a] for b in range(K)]
            vals.append(self.walk(nd.kids[a], i, sub, pi_o, t))
        out = [sum(s[b][a] * vals[a][b] for a in range(na)) for b in range(K)]
        reg = self.reg[nd.index]
        avg = self.avg[nd.index]
        if nd.kind == "blind":
            tot = sum(out)
            for a in range(na):
                reg[0][a] = max(0.0, reg[0][a] + sum(vals[a]) - tot)
                avg[0][a] += t * s[0][a]
        else:
            for b in range(K):
                for a in range(na):
                    reg[b][a] = max(0.0, reg[b][a] + vals[a][b] - out[b])
                    avg[b][a] += t * pi_i[b] * s[b][a]
        return out

    def best_response(self, i):
        """P_i's best-response value (chips a game) against the other's average strategy."""
        ones = [1.0] * K
        return sum(self.brwalk(self.nodes[0], i, ones))

    def brwalk(self, nd, i, pi_o):
        if nd.kind in ("fold", "show"):
            return self.value(nd, i, pi_o)
        na = len(nd.actions)
        if nd.actor != i:
            s = self.strat(nd, self.avg, True)
            out = [0.0] * K
            for a in range(na):
                v = self.brwalk(nd.kids[a], i, [pi_o[b] * s[b][a] for b in range(K)])
                for b in range(K):
                    out[b] += v[b]
            return out
        vals = [self.brwalk(nd.kids[a], i, pi_o) for a in range(na)]
        if nd.kind == "blind":
            return vals[max(range(na), key=lambda a: sum(vals[a]))]
        return [max(vals[a][b] for a in range(na)) for b in range(K)]

    def game_value(self):
        """P0's value when both play the average strategy."""
        return sum(self.avgwalk(self.nodes[0], [1.0] * K, [1.0] * K))

    def avgwalk(self, nd, pi0, pi1):
        if nd.kind in ("fold", "show"):
            v = self.value(nd, 0, pi1)
            return [pi0[b] * v[b] for b in range(K)]
        s = self.strat(nd, self.avg, True)
        out = [0.0] * K
        for a in range(len(nd.actions)):
            if nd.actor == 0:
                v = self.avgwalk(nd.kids[a], [pi0[b] * s[b][a] for b in range(K)], pi1)
            else:
                v = self.avgwalk(nd.kids[a], pi0, [pi1[b] * s[b][a] for b in range(K)])
            for b in range(K):
                out[b] += v[b]
        return out

    def tree_text(self, iterations):
        """The tree as tools/gen/cfr_solve.c reads it."""
        kinds = {"fold": 0, "show": 1, "bet": 2, "blind": 3}
        out = ["%d" % K]
        for M in (self.J, self.D):
            out.append(" ".join(repr(x) for r in M for x in r))
        out.append("%d %d" % (len(self.nodes), iterations))
        for nd in self.nodes:
            out.append("%d %d %r %d %s" % (kinds[nd.kind], nd.actor, float(nd.pay),
                                           len(nd.kids),
                                           " ".join(str(k.index) for k in nd.kids)))
        return "\n".join(out) + "\n"

    def solve_c(self, iterations):
        """Run `iterations` of CFR+ in the C core; the average strategy replaces avg."""
        build_core()
        proc = subprocess.Popen(["nice", "-n", "10", CORE], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        out, err = proc.communicate(self.tree_text(iterations))
        if proc.returncode:
            raise RuntimeError("tools/gen/cfr_solve.c failed: " + err.strip())
        for line in out.splitlines():
            v = line.split()
            nd = self.nodes[int(v[0])]
            na = len(nd.actions)
            x = [float(y) for y in v[1:]]
            self.avg[nd.index] = [x[r * na:(r + 1) * na] for r in range(len(x) // na)]

    def load(self, data):
        """Replace the average strategy by the one a byte table encodes (as shipped)."""
        nb = data[0]
        p0, dbl = layout(nb)[:2]
        for nd in self.nodes:
            if nd.kind == "blind" and nd.actor == 0:
                w = [data[p0 + k] for k in range(nb)]
                self.avg[nd.index] = [[255 - sum(w)] + w]
            elif nd.kind == "blind":
                x = data[dbl + nd.slot]
                self.avg[nd.index] = [[256 - x, x]]
        for nd in self.nodes:
            if nd.kind != "bet":
                continue
            row = row_of(data, nd.slot)
            if row is None:
                continue     # never reached by the player to act: any strategy does
            rows = self.avg[nd.index]
            for b in range(K):
                w = weights_at(data, row, b)
                rows[b] = [float(w[act]) for act in nd.actions]

    def encode(self):
        """Bytes of one depth: the number of blind sizes nb, the sizes (antes); first
        hand's weights of blinding each size out of 255 (not blinding has the rest);
        the dealer's chance out of 256 of doubling each (0 where he may not); the width
        of a row index w (1, or 2 bytes little-endian when there are more than 254 rows)
        and the number of rows with a big raise (2 bytes); then per slot the row of it
        in w bytes (all ones: none); then per row and bucket the weights of fold, call,
        small and (the rows with a big raise, which come first) big, out of WHOLE
        (all-in gets the rest). A row that the player to act never reaches by his own
        play as shipped (after a blind size first hand never bets, after a raise he
        never makes) is left out: the bot plays the table only for itself."""
        sizes = blind_sizes(self.depth)
        nb = len(sizes)
        p0, dbl, o_w, slots = layout(nb)
        blinds = {}
        for nd in self.nodes:
            if nd.kind == "blind":
                s = self.strat(nd, self.avg, True)[0]
                if nd.actor == 0:
                    blinds[nd.index] = quantize(s, 255)
                else:
                    x = min(255, int(s[1] * 256 + 0.5))     # chance out of 256
                    blinds[nd.index] = [256 - x, x]
        q = {}
        for nd in self.nodes:
            if nd.kind == "bet":
                s = self.strat(nd, self.avg, True)
                rows = []
                for b in range(K):
                    w = [0.0] * 5
                    for a, act in enumerate(nd.actions):
                        w[act] = s[b][a]
                    rows.append(quantize(w, WHOLE))
                q[nd.index] = rows
        # Each player's own reach, bucket by bucket, with the shipped weights.
        needed = set()

        def walk(nd, reach):
            if nd.kind in ("fold", "show"):
                return
            me = nd.actor
            if nd.kind == "bet" and max(reach[me]) > 0:
                needed.add(nd.index)
            for a, kid in enumerate(nd.kids):
                r2 = list(reach)
                if nd.kind == "blind":
                    x = blinds[nd.index][a]
                    r2[me] = [y * x for y in reach[me]]
                else:
                    act = nd.actions[a]
                    r2[me] = [reach[me][b] * q[nd.index][b][act] for b in range(K)]
                walk(kid, r2)

        walk(self.nodes[0], [[1] * K, [1] * K])
        bets = [nd for nd in self.nodes if nd.kind == "bet" and nd.index in needed]
        bets.sort(key=lambda nd: BIG not in nd.actions)      # the 4-byte rows first
        n4 = sum(1 for nd in bets if BIG in nd.actions)
        w = 1 if len(bets) < 255 else 2
        head = slots + (1 + 2 * nb) * SLOTS * w
        out = bytearray(head + n4 * K * 4 + (len(bets) - n4) * K * 3)
        out[0] = nb
        out[1:1 + nb] = bytes(sizes)
        out[o_w:o_w + 3] = bytes((w, n4 & 255, n4 >> 8))
        for nd in self.nodes:
            if nd.kind == "blind" and nd.actor == 0:
                out[p0:p0 + nb] = bytes(blinds[nd.index][1:])
            elif nd.kind == "blind":
                out[dbl + nd.slot] = blinds[nd.index][1]
        for k in range(slots, head):
            out[k] = 255
        for row, nd in enumerate(bets):
            i = slots + nd.slot * w
            assert out[i] == 255, "two nodes in one slot"
            out[i:i + w] = row.to_bytes(w, "little")
            for b in range(K):
                j, nbytes = row_offset(out, row, b)
                wb = q[nd.index][b]
                out[j:j + nbytes] = bytes([wb[FOLD], wb[CALL], wb[SMALL], wb[BIG]][:nbytes])
        return bytes(out)


def build_core():
    if not os.path.exists(CORE) or os.path.getmtime(CORE) < os.path.getmtime(CORE_SOURCE):
        os.makedirs(os.path.dirname(CORE), exist_ok=True)
        subprocess.run(["cc", "-O3", "-march=native", "-o", CORE, CORE_SOURCE], check=True)


WHOLE = 255   # a bucket's weights add up to this


def quantize(w, total):
    """Integers proportional to w adding up to ``total`` (largest remainder)."""
    raw = [x * total for x in w]
    q = [int(x) for x in raw]
    rest = sorted(range(len(w)), key=lambda k: q[k] - raw[k])
    for k in rest[:total - sum(q)]:
        q[k] += 1
    return q


def solve(iterations, report=print):
    import time
    W, T, L = joint()
    tables = []
    stats = []
    for depth in DEPTHS:
        t0 = time.time()
        sv = Solver(depth, W, T, L)
        sv.solve_c(iterations)
        secs = time.time() - t0
        br0 = sv.best_response(0)
        br1 = sv.best_response(1)
        v = sv.game_value()
        expl = (br0 + br1) / 2
        report("depth %3d: %d nodes, %d iterations (%.1f s), value to first hand %+.4f "
               "chips/game, best responses %+.4f / %+.4f, exploitability %.4f chips/game"
               % (depth, len(sv.nodes), iterations, secs, v, br0, br1, expl))
        data = tune_doubles(depth, sv.encode(), report)
        sv.load(data)
        q0 = sv.best_response(0)
        q1 = sv.best_response(1)
        qe = (q0 + q1) / 2
        report("           as shipped (weights in %dths, %d bytes): best responses %+.4f / "
               "%+.4f, exploitability %.4f chips/game" % (WHOLE, len(data), q0, q1, qe))
        tables.append(data)
        stats.append((depth, len(sv.nodes), v, br0, br1, expl, q0, q1, qe))
    return tables, stats


# --- The shipped table against a best response on the full betting --------------------
#
# The abstraction gives the opponent three raise sizes (two after the first two raises);
# a person may raise to any level. full_exploitability() lets the best responder (who
# knows his bucket) raise to the least raise, half the pot, the pot, one and a half
# pots (the big size), twice the pot, one chip below the limit or the limit, at every
# turn, while the Hard side plays as svara.bots maps a real position to the table (who
# blinded, raises made, whether the level is read as the limit, and how the first two
# raises were read: svara.bots.raise_read, the bot's own translation, which keeps what
# it read of a raise for the rest of the game). With live=True it also plays svara.bots'
# rule that a raise which cannot make a quarter of the pot fold is a call unless the
# exact chances against the raiser's read favour it (taken per bucket, averaged over the
# bucket's points): Hard as it plays a new opponent, before its reads of him
# (svara.reads.Reads) change anything.

FLOOR = bots._FLOOR           # the raises' floors the bot reads


def bucket_equity(m):
    """E[f][b]: per mille, what a hand of bucket b wins + half ties against one hand of
    f points or more (card removal in, averaged over the bucket's hands)."""
    E = []
    for f in range(35):
        row = []
        for b in range(K):
            num = den = 0
            for p in range(35):
                if BUCKET_OF[p] != b:
                    continue
                for q in range(f, 35):
                    x = m[p][q]
                    den += x
                    num += x * (2 if p > q else (1 if p == q else 0))
            row.append(num * 500 // den if den else 0)
        E.append(row)
    return E


def fold_values(J, folder, put, me, pi_h):
    """The best responder's (``me``) values per bucket when ``folder`` passes with the
    bets ``put``, Hard reaching by pi_h (J: the buckets' joint chances)."""
    pay0 = -(1 + put[0]) if folder == 0 else 1 + put[1]
    u = pay0 if me == 0 else -pay0
    w = matvec(J, pi_h) if me == 0 else vecmat(pi_h, J)
    return [u * x for x in w]


def show_values(D, level, me, pi_h):
    """The same at a showdown at ``level`` (D: the chance of winning less losing)."""
    u = 1 + level
    u = u if me == 0 else -u
    w = matvec(D, pi_h) if me == 0 else vecmat(pi_h, D)
    return [u * x for x in w]


def blind_grid(limit, sizes=(), every=False):
    """The blinds first hand's best response tries at ``limit``: every legal one when
    ``every``, else every one up to 12, a geometric grid (ratio 1.15) beyond, the
    table's sizes as the bot scales them with their neighbours, and both sides of the
    doubling's edge (limit // 4) and the largest (limit // 2). ``every`` a list: those."""
    hi = limit // 2
    if every is True:
        return list(range(1, hi + 1))
    if every:
        return sorted(every)      # these blinds only
    out = set(range(1, min(12, hi) + 1))
    x = 12.0
    while x < hi:
        out.add(int(x))
        x *= 1.15
    for b in sizes:
        for d in (-1, 0, 1):
            out.add(b + d)
    out.update((limit // 4, limit // 4 + 1, hi))
    return sorted(b for b in out if 1 <= b <= hi)


def full_exploitability(depth, data, m, n, live=False, grid=True, table_depth=None,
                        blinds=True, every=False, dealer=True):
    """(best response as P0, as P1), chips a game, against the table ``data`` (one
    depth's bytes, solved at ``table_depth`` antes, by default ``depth``) at ``depth``
    chips behind (ante 1) on the full betting; their mean is the exploitability.
    ``grid``: the best responder raises to any of the sizes above, else only to the
    abstraction's (a check of this walk against Solver.best_response). ``blinds``: he
    may blind any size (blind_grid; ``every``: each legal one) and double any blind;
    else neither blinds (the game without blinds)."""
    W, T, L = joint()
    D_t = depth if table_depth is None else table_depth
    nb = data[0]
    sizes = data[1:1 + nb]
    o_p0, o_dbl = layout(nb)[:2]
    J = [[W[i][j] + T[i][j] + L[i][j] for j in range(K)] for i in range(K)]
    D = [[W[i][j] - L[i][j] for j in range(K)] for i in range(K)]
    E = bucket_equity(m) if live else None
    limit = depth

    def reading(put, level, reader, early):
        """Hard's reading of the raise to ``level`` just made (``reader``: Hard's seat;
        ``early``: one of the first MAXR raises): [(code, chance)], svara.bots.raise_read's
        codes (0: a call; HALF_CODE, BIG_CODE, ALLIN_CODE)."""
        x = bots.raise_read(2 + put[0] + put[1], level, put[reader], limit, early)
        lo, hi, q = x & 3, x >> 2 & 3, (x >> 4) / 256.0
        if q >= 1:
            return [(hi, 1.0)]
        return [(lo, 1.0)] if q <= 0 else [(lo, 1 - q), (hi, q)]

    def hard_acts(b, prefix, st, put, level, opened, raises, actor, last_blind):
        """Hard's [(act, chance, code)] for bucket b when it read the game as st (big1,
        big2, allin): act -1 fold, -2 call, else the level raised to; None: no row."""
        r = raises[0] + raises[1]
        if r > 6:
            return None
        allin, big1, big2 = st[2], st[0], st[1]
        while True:
            row = row_of(data, slot(prefix, r, allin, big1, big2))
            if row is not None:
                break
            if allin and not (big1 or big2) or not r:
                return None
            # As svara.bots: no row (no raise of that size there in this depth's tree,
            # off its stack): the row facing all-in, then with no raise read as big.
            if allin:
                big1 = big2 = 0
            allin = 1
        f, c, sm, al, bg = weights_at(data, row, b)
        if not opened:
            c = 0
        lo = 2 * last_blind if (not opened and last_blind) else level + 1
        can_raise = raises[actor] < CAP and lo <= limit
        pot = 2 + put[0] + put[1]
        to_call = level - put[actor]
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
        if can_raise:
            call = pot + level - put[actor]
            small = min(limit, max(lo, level + call // 2))
            big = min(limit, max(lo, level + call * BIGX // 2))
            if small >= limit:
                al, sm = al + sm, 0
            if big >= limit:
                al, bg = al + bg, 0
            for to, x, code in ((small, sm, HALF_CODE), (big, bg, BIG_CODE),
                                (limit, al, ALLIN_CODE)):
                if x:
                    out.append((to, x, code))
        tot = f + c + sum(x for _, x, _ in out)
        if not tot:
            return None
        return [(-1, f / tot, 0), (-2, c / tot, 0)] + [(to, x / tot, code)
                                                       for to, x, code in out]

    def after(st, r_before, code):
        """Hard's reading state after the raise number r_before + 1, read as ``code``."""
        b1 = (code == BIG_CODE) if r_before == 0 else st[0]
        b2 = (code == BIG_CODE) if r_before == 1 else st[1]
        return (int(b1), int(b2), int(code == ALLIN_CODE))

    def add(d, k, v):
        if k in d:
            d[k] = [x + y for x, y in zip(d[k], v)]
        else:
            d[k] = v

    def total(d):
        return [sum(x) for x in zip(*d.values())]

    def node(me, prefix, put, level, opened, raises, actor, last_blind, hb):
        """The best responder's values per bucket (he is ``me``); hb: {Hard's reading
        state: its reach per bucket}."""
        lo = 2 * last_blind if (not opened and last_blind) else level + 1
        can_raise = raises[actor] < CAP and lo <= limit
        pot = 2 + put[0] + put[1]
        r = raises[0] + raises[1]
        if actor == me:
            tot_h = total(hb)
            vals = [fold_values(J, actor, put, me, tot_h)]
            if opened:
                vals.append(show_values(D, level, me, tot_h))   # heads-up, a call ends it
            if can_raise:
                call = pot + level - put[actor]
                half = max(lo, level + call // 2)
                if not grid:    # the abstraction's own sizes
                    szs = {min(half, limit), limit}
                    big = max(lo, level + call * BIGX // 2)
                    if r < MAXR and half < big < limit:
                        szs.add(big)
                else:
                    szs = {lo, half, limit, max(lo, limit - 1)}
                    for k2 in (2, BIGX, 4):
                        szs.add(max(lo, level + call * k2 // 2))
                for to in sorted(szs):
                    if not lo <= to <= limit:
                        continue
                    p2 = list(put)
                    p2[actor] = to
                    r2 = list(raises)
                    r2[actor] += 1
                    nh = {}
                    callv = None
                    for st, pi in hb.items():
                        for code, x in reading(p2, to, 1 - actor, r < MAXR):
                            sub = [y * x for y in pi]
                            if code == 0:       # read as a call: Hard calls
                                callv = sub if callv is None else \
                                    [u + v for u, v in zip(callv, sub)]
                            else:
                                add(nh, after(st, r, code), sub)
                    v = [0.0] * K
                    if nh:
                        v = node(me, prefix, p2, to, True, r2, 1 - actor, last_blind, nh)
                    if callv is not None:
                        v = [u + w for u, w in zip(v, show_values(D, to, me, callv))]
                    vals.append(v)
            return [max(v[b] for v in vals) for b in range(K)]
        # Hard to act: split its reach by its action, bucket by bucket.
        byact = {}
        for st, pi_h in hb.items():
            for b in range(K):
                if not pi_h[b]:
                    continue
                w = hard_acts(b, prefix, st, put, level, opened, raises, actor, last_blind)
                if w is None:
                    # A position outside the table: svara.bots plays its odds; here: call
                    # when opened (a stand-in, rare on the table's own lines).
                    w = [(-2, 1.0, 0)] if opened else [(-1, 1.0, 0)]
                for act, x, code in w:
                    if x > 0:
                        d = byact.setdefault(act, {})
                        k = after(st, r, code) if act >= 0 else None
                        d.setdefault(k, [0.0] * K)[b] += pi_h[b] * x
        out = [0.0] * K
        for act, d in byact.items():
            if act == -1:
                v = fold_values(J, actor, put, me, total(d))
            elif act == -2:
                v = show_values(D, level, me, total(d))
            else:
                p2 = list(put)
                p2[actor] = act
                r2 = list(raises)
                r2[actor] += 1
                v = node(me, prefix, p2, act, True, r2, 1 - actor, last_blind, d)
            for b in range(K):
                out[b] += v[b]
        return out

    def sub(me, prefix, b, doubled):
        """The betting after first hand blinded b (0: no blind), doubled or not."""
        start = {(0, 0, 0): [1.0] * K}
        if not b:
            return sum(node(me, 0, (0, 0), 0, False, (0, 0), 0, 0, start))
        if doubled:
            return sum(node(me, prefix, (b, 2 * b), 2 * b, False, (0, 0), 0, 2 * b, start))
        return sum(node(me, prefix, (b, 0), b, False, (0, 0), 1, b, start))

    def hard_prefix(b, doubled):
        k = bots.blind_index(sizes, nb, D_t, b, limit)
        assert k >= 0, (b, limit)
        return (2 if doubled else 1) + 2 * k, k

    def root(me):
        v_no = sub(me, 0, 0, False)
        if me == 0:
            # The best responder is first hand: no blind, or any blind; Hard doubles
            # with its table's chance for the size the blind reads as.
            best = v_no
            for b in (blind_grid(limit, [bots.cfr_blind(sizes, nb, k, D_t, limit, 1, limit // 2)
                                         for k in range(nb)], every) if blinds else ()):
                p1, k = hard_prefix(b, False)
                v = sub(me, p1, b, False)
                if 4 * b <= limit:
                    x = data[o_dbl + k] / 256.0
                    v = (1 - x) * v + x * sub(me, hard_prefix(b, True)[0], b, True)
                best = max(best, v)
            return best
        # Hard is first hand: it blinds its table's sizes with their weights; the best
        # responder then doubles or not.
        w = [data[o_p0 + k] / 255.0 for k in range(nb)]
        tot = (1 - sum(w)) * v_no
        for k in range(nb):
            if not w[k]:
                continue
            b = bots.cfr_blind(sizes, nb, k, D_t, limit, 1, limit // 2)
            v = sub(me, hard_prefix(b, False)[0], b, False)
            if 4 * b <= limit and blinds:
                v = max(v, sub(me, hard_prefix(b, True)[0], b, True))
            tot += w[k] * v
        return tot

    return root(0), (root(1) if dealer else None)


def served(depth):
    """The limits (antes) the table of ``depth`` serves at its two ends and its own depth:
    svara.bots takes the depth nearest the limit, geometrically."""
    from math import isqrt
    k = DEPTHS.index(depth)
    lo = isqrt(DEPTHS[k - 1] * depth) + 1 if k else depth
    hi = isqrt(depth * DEPTHS[k + 1]) if k + 1 < len(DEPTHS) else depth
    return sorted({lo, depth, hi})


def fit_doubles(depth, get, put, worst, report=print, indent=""):
    """The dealer's double chances lowered where a best response on the full game takes
    more after a blind of that size than without any blind (tune_doubles says why). For
    each size the dealer may double: of its chance get(k) and 192, 128, 64, 0 out of 256
    (no more than it was), put(k, x) the largest whose worst blind (the blinds that read
    as that size) is worth the least to first hand's best response, worst(limit, blinds),
    the worst over the limits the table serves (served())."""
    sizes = blind_sizes(depth)
    nb = len(sizes)
    limits = served(depth)
    for k in range(nb):
        x0 = get(k)
        if 4 * sizes[k] > depth or not x0:
            continue
        best = None
        for x in [x0] + [y for y in (192, 128, 64, 0) if y < x0]:
            put(k, x)
            v = -1e9
            for limit in limits:
                bs = [b for b in range(1, limit // 2 + 1)
                      if bots.blind_index(sizes, nb, depth, b, limit) == k]
                if bs:
                    v = max(v, worst(limit, bs))
            if best is None or v < best[0] - 0.005:
                best = (v, x)
        put(k, best[1])
        if best[1] != x0:
            report("%sblind %d: the dealer doubles %d in 256, not %d (first hand's best "
                   "response after it %+.3f at worst)" % (indent, sizes[k], best[1], x0,
                                                          best[0]))


def tune_doubles(depth, data, report=print):
    """The table with the dealer's double chances lowered where a best response on the
    full game (every raise size, blinds included, as Hard plays: full_exploitability)
    would take more after a blind of that size than without any blind. The abstract
    equilibrium doubles the least blinds always; in the full game the bigger pot is
    worth more to a raise between the table's sizes than the double wins
    (fit_doubles)."""
    m, n = points_joint()
    o_dbl = 1 + 2 * data[0]
    d = bytearray(data)

    def put(k, x):
        d[o_dbl + k] = x

    fit_doubles(depth, lambda k: d[o_dbl + k], put,
                lambda limit, bs: full_exploitability(limit, bytes(d), m, n, True, True,
                                                      depth, True, bs, False)[0],
                report, " " * 11)
    return bytes(d)


def render(tables, stats, iterations):
    lines = [
        "# Generated by tools/gen/cfr.py: do not edit. The heads-up strategy of the Hard bot",
        "# (CFR+ on the abstraction described in docs/BOTS.md, %d iterations). DEPTHS: the" % iterations,
        "# chips behind after the ante of each table, in antes (svara.bots._DEPTHS); a table's",
        "# bytes: docs/BOTS.md (\"The heads-up abstraction\", the table's layout).",
    ]
    for depth, n, v, b0, b1, e, q0, q1, qe in stats:
        lines.append("# depth %d: %d nodes; exploitability %.4f chips a game, as shipped %.4f."
                     % (depth, n, e, qe))
    lines.append("DEPTHS = %r" % (DEPTHS,))
    lines.append('BUCKET_OF = b"%s"' % "".join("\\x%02x" % c for c in BUCKET_OF))
    # One bytes constant per table (lib/svara/data.py reads them in place by name).
    for depth, t in zip(DEPTHS, tables):
        lines.append('TABLE_%d = b"\\' % depth)
        h = "".join("\\x%02x" % c for c in t)
        for k in range(0, len(h), 72):
            lines.append(h[k:k + 72] + "\\")
        lines.append('"')
    lines.append("TABLES = (%s)" % ", ".join("TABLE_%d" % d for d in DEPTHS))
    return "\n".join(lines) + "\n"


# The stacks (ante 1) report_full measures: the issue's 20, 100, 500 (tables' own depths)
# and stacks between the tables (30, 70, 150 are the farthest from theirs).
STACKS = (20, 30, 50, 70, 100, 150, 250, 500)


def table_for(limit):
    """(the committed table, its depth) that svara.bots plays at ``limit`` antes."""
    from svara import _strategy
    k = 0
    while k + 1 < len(DEPTHS) and limit * limit > DEPTHS[k] * DEPTHS[k + 1]:
        k += 1
    return _strategy.TABLES[k], DEPTHS[k]


def report_full(report=print, stacks=STACKS, every=True):
    """The committed tables against a best response on the full game at each stack (ante
    1: the limit is the stack less the ante), as Hard plays a new opponent: without
    blinds, then with the best responder blinding (every legal size, or when not
    ``every`` blind_grid's) and doubling as he likes."""
    import time
    m, n = points_joint()
    rows = []
    for stack in stacks:
        depth = stack - 1
        data, d_t = table_for(depth)
        for blinds in (False, True):
            t0 = time.time()
            b0, b1 = full_exploitability(depth, data, m, n, True, True, d_t, blinds, every)
            rows.append((stack, blinds, b0, b1))
            report("stack %3d (table %3d), %-15s best response as first hand %+.3f, as "
                   "dealer %+.3f: exploitability %.3f chips a game (%.0f s)"
                   % (stack, d_t, "blinds too:" if blinds else "no blinds:", b0, b1,
                      (b0 + b1) / 2, time.time() - t0))
    return rows


def main(argv=None):
    from tools.common.hosttool import parser, whole
    ap = parser(__doc__)
    ap.add_argument("--iterations", type=whole(1), default=ITERATIONS,
                    help="CFR+ iterations (default %d)" % ITERATIONS)
    ap.add_argument("--check", action="store_true",
                    help="solve, then only compare with the committed table (exit 1 if not the same)")
    ap.add_argument("--full", action="store_true",
                    help="only measure the committed tables against a best response on "
                         "the full game (the bet sizes and blinds a person may choose)")
    ap.add_argument("--blind-grid", action="store_true",
                    help="with --full: the best responder tries a grid of blinds "
                         "(blind_grid), not every legal one")
    ap.add_argument("--stacks", default=",".join(map(str, STACKS)),
                    help="with --full: the stacks to measure (default %(default)s)")
    args = ap.parse_args(argv)
    if args.full:
        stacks = [int(x) for x in args.stacks.split(",")]
        report_full(stacks=stacks, every=not args.blind_grid)
        return 0
    iterations, check = args.iterations, args.check
    tables, stats = solve(iterations)
    text = render(tables, stats, iterations)
    if check:
        with open(OUT) as f:
            same = f.read() == text
        print("committed table matches" if same else "committed table DIFFERS")
        return 0 if same else 1
    with open(OUT, "w") as f:
        f.write(text)
    print("wrote %s (%d bytes of tables)" % (OUT, sum(len(t) for t in tables)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
