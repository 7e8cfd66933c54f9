#!/usr/bin/env python3
"""A local best response (LBR) against HARD as the app plays it: its exploitability.

    .venv/bin/python -m tools.bench.lbr [--games N] [--stacks 20,30,70,100,150,500]
        [--attackers lbr,allin21,tight-lbr,station-lbr,lbr-blind] [--jobs 1] [--matches N]

Heads-up, ante 1, default rules, stacks refilled every game; games in pairs of the same
seed with the seats swapped (duplicate deals), and HARD keeps one svara.reads.Reads over
each seat order of a block of 200 pairs (a match of 200 games), as the app keeps one for
a match; the attacker sees HARD's reads as HARD does (they are made from what the table
sees). Every row: the chips a game the attacker wins, with a 95% interval over the pairs.

The LBR (Lisy and Bowling 2017): at each of its decisions it takes HARD's range from
HARD's own ``svara.bots.decide``, called as the app calls it (the reads, the sanity and
steal layers) for the hands disjoint from its own cards, counted in 24 groups by points,
each group answered for by up to three of its classes (svara.exact: hands alike under
the symmetries that keep every hand's points), weighted by the chance that HARD took
each action it took in this deal (every draw of HARD's generator enumerated exactly: a
symbolic generator forks at each comparison). It values pass, call and raises of eight sizes (the least, half the pot,
the pot, 1.5, 2 and 3 pots after calling, one chip under the limit, the limit) against
that range: HARD's answer to each raise from ``decide`` again, a call valued at
showdown, a re-raise by the better of pass and call, and plays the best. HARD's own
raise-reading draw (fixed by its cards) is taken as that of each class's first hand.

The attackers: ``lbr``; ``allin21``, the issue's fixed rule (all in with 21 points or
more, else open with the least; call a re-raise with 25+; as dealer all in with 21+ over
HARD's open, else pass); ``tight-lbr`` (threshold 25 for the first 20 games of each
match, then the LBR), ``station-lbr`` (a calling station for 20 games first);
``lbr-blind`` (as first hand a blind of a quarter of the limit, else the least blind,
in turns; then the LBR). ``--matches N``: whole matches at the app's default table (the
attacker's seat and three HARD sharing one Reads, 100 chips each): the seat played by
the pot-odds bot while three or more are seated and by the LBR once two are left, and
by the pot-odds bot throughout, the share of matches each wins (fair: 0.25).
"""
import sys
import time

from tools.bench import exploit as ex   # first: it puts lib/ on the path
from tools.bench.bots import interval, memo_odds
from svara import bots
from svara.exact import canonical
from svara.game import Game, Rng, View, PASS, CALL, RAISE, BLIND, JOIN, BLINDS, JOINING
from svara.reads import Reads
from svara.score import score

HARD = bots.HARD
MATCH = 200     # games HARD's reads are kept for: one match, in each seat order
FIRST = 20      # games the tight and station attackers play before the LBR


# --- HARD's action chances: a symbolic generator ------------------------------------------

class _Draw:
    """One getrandbits(k) draw: the values still possible, lo..hi - 1."""
    __slots__ = ("k", "lo", "hi")

    def __init__(self, k):
        self.k = k
        self.lo = 0
        self.hi = 1 << k


class _Sym:
    """A value computed from a draw by a nondecreasing function: comparisons fork."""
    __slots__ = ("rng", "d", "f")

    def __init__(self, rng, d, f):
        self.rng = rng
        self.d = d
        self.f = f

    def _map(self, g):
        f = self.f
        return _Sym(self.rng, self.d, lambda r: g(f(r)))

    def __mul__(self, n):
        return self._map(lambda v: v * n)
    __rmul__ = __mul__

    def __rshift__(self, n):
        return self._map(lambda v: v >> n)

    def __add__(self, n):
        return self._map(lambda v: v + n)
    __radd__ = __add__

    def __sub__(self, n):
        return self._map(lambda v: v - n)

    def __lt__(self, n):
        d = self.d
        f = self.f
        lo, hi = d.lo, d.hi
        while lo < hi:      # the least r with f(r) >= n
            mid = (lo + hi) >> 1
            if f(mid) < n:
                lo = mid + 1
            else:
                hi = mid
        return self.rng.fork(d, lo)

    def __ge__(self, n):
        return not self.__lt__(n)

    def __le__(self, n):
        return self.__lt__(n + 1)

    def __gt__(self, n):
        return not self.__lt__(n + 1)


class _SymRng:
    """A generator for one run of decide along a plan of branches (True: the low side)."""

    def __init__(self, plan):
        self.plan = plan
        self.taken = []
        self.free = []
        self.draws = []

    def getrandbits(self, k):
        d = _Draw(k)
        self.draws.append(d)
        return _Sym(self, d, lambda r: r)

    def fork(self, d, cut):
        """The branch r < cut of draw d: the plan's, else the low side when it is
        possible; the draw's values narrowed to the side taken."""
        low = d.lo < cut
        high = cut < d.hi
        i = len(self.taken)
        if i < len(self.plan):
            side = self.plan[i]
        else:
            side = low
            if low and high:
                self.free.append(i)
        self.taken.append(side)
        if side:
            d.hi = min(d.hi, cut)
        else:
            d.lo = max(d.lo, cut)
        return side

    def chance(self):
        p = 1.0
        for d in self.draws:
            p *= (d.hi - d.lo) / (1 << d.k)
        return p


def _values(got):
    """[(value, chance)] of an answer that may hold a draw's value itself (Easy's
    random raise size): each value it can take, over the draw's values left."""
    for i, v in enumerate(got if isinstance(got, tuple) else ()):
        if isinstance(v, _Sym):
            d = v.d
            n = d.hi - d.lo
            out = {}
            for r in range(d.lo, d.hi):
                w = got[:i] + (v.f(r),) + got[i + 1:]
                out[w] = out.get(w, 0.0) + 1 / n
            return list(out.items())
    if isinstance(got, _Sym):
        return _values((got,))
    return [(got, 1.0)]


def chances_of(run):
    """{(action, amount): chance} of ``run(rng)`` over every draw of the generator."""
    out = {}
    plans = [[]]
    while plans:
        plan = plans.pop()
        rng = _SymRng(plan)
        got = run(rng)
        p = rng.chance()
        if p > 0:
            for v, q in _values(got):
                out[v] = out.get(v, 0.0) + p * q
        for i in rng.free:
            plans.append(rng.taken[:i] + [False])
    return out


# --- hands in classes ---------------------------------------------------------------------

class _Classes:
    """The 4,960 hands in groups by points, each group answered for by up to REPS of its
    classes (svara.exact.canonical: hands alike under the symmetries that keep every
    hand's points; the most common classes first), weighed alike."""

    REPS = 3

    def __init__(self, rules):
        index = {}
        count = []
        first = []
        pts = []
        of = []
        v = rules.points_variant
        for a in range(32):
            for b in range(a + 1, 32):
                for c in range(b + 1, 32):
                    key = canonical((a, b, c), v)
                    k = index.get(key)
                    if k is None:
                        k = index[key] = len(first)
                        first.append((a, b, c))
                        count.append(0)
                        pts.append(score(a, b, c, rules))
                    count[k] += 1
                    of.append((1 << a | 1 << b | 1 << c, pts[k]))
        self.points = sorted(set(pts))
        at = {p: i for i, p in enumerate(self.points)}
        self.of = [(m, at[p]) for m, p in of]
        self.rep = []       # by group: the hands that answer for it
        for p in self.points:
            ks = sorted((k for k in range(len(first)) if pts[k] == p), key=lambda k: -count[k])
            self.rep.append([first[k] for k in ks[:self.REPS]])
        self.n = len(self.points)

    def prior(self, hand):
        """How many hands of each group hold none of ``hand``'s cards."""
        m = 1 << hand[0] | 1 << hand[1] | 1 << hand[2]
        w = [0.0] * self.n
        for mask, k in self.of:
            if not mask & m:
                w[k] += 1.0
        return w


class _As(View):
    """HARD's view with another hand (the class's representative)."""

    def __init__(self, game, seat, hand, points):
        View.__init__(self, game, seat)
        self._h = hand
        self._p = points

    def hand(self):
        return self._h

    def points(self):
        return self._p


class _Holding:
    """A stand-in for the game with HARD's seat holding another hand: decide asks only
    for game.view(seat)."""

    def __init__(self, game, seat, hand, points):
        self.v = _As(game, seat, hand, points)

    def view(self, seat):
        return self.v


def clone(g):
    """A copy of the game that can be played on without touching ``g``."""
    c = object.__new__(Game)
    c.__dict__.update(g.__dict__)
    c._st = list(g._st)
    c._put = list(g._put)
    c._flag = bytearray(g._flag)
    c._raises = bytearray(g._raises)
    c._hands = bytearray(g._hands)
    c._deck = bytearray(g._deck)
    c.log = bytearray(g.log)
    c._rng = Rng(0)
    c._rng.__dict__.update(g._rng.__dict__)
    c.watch = None
    return c


def copy_reads(r):
    c = Reads.__new__(Reads)
    c.__dict__.update(r.__dict__)
    c.c = bytearray(r.c)
    return c


def reads_key(reads, view, seat):
    """What HARD's decide can take from ``reads`` at this position, for the cache: the
    read of every other seat (svara.reads' tests) and whether the steal fires."""
    if reads is None:
        return None
    k = []
    for i in range(view.n):
        if i == seat:
            continue
        k.append((reads.loose(i), reads.sticky(i), reads.big_floor(i),
                  reads.range_floor(i, 99), reads.often(i)))
    legal = view.legal()
    k.append(reads.steal(view, (PASS, 0), bots._raise_span, legal) if legal else None)
    return tuple(k)


class HardModel:
    """HARD's action chances by class at a position, cached by everything decide reads
    but the hand."""

    def __init__(self, rules, level=HARD):
        self.cls = _Classes(rules)
        self.level = level
        self.cache = {}
        self.calls = 0

    def act(self, game, seat, rng, reads):
        """The bot's own answer: svara.bots.decide for a level, else the given function
        of (game, seat, rng, reads) that reads only game.view(seat)."""
        if callable(self.level):
            return self.level(game, seat, rng, reads)
        return bots.decide(self.level, game, seat, rng, reads)

    def chances(self, g, seat, reads, live):
        """For each class k in ``live``: {(action, amount): chance} of HARD at ``seat``."""
        view = g.view(seat)
        key = (g.start, g.dealer, bytes(g.log), seat, reads_key(reads, view, seat))
        got = self.cache.get(key)
        if got is None:
            got = self.cache[key] = {}
        out = {}
        cls = self.cls
        for k in live:
            ch = got.get(k)
            if ch is None:
                ch = {}
                reps = cls.rep[k]
                for hand in reps:
                    hold = _Holding(g, seat, hand, cls.points[k])
                    got1 = chances_of(lambda rng: self.act(hold, seat, rng, reads))
                    for a, p in got1.items():
                        ch[a] = ch.get(a, 0.0) + p / len(reps)
                    self.calls += 1
                got[k] = ch
            out[k] = ch
        return out


# --- the LBR ------------------------------------------------------------------------------

def sizes(g, seat):
    """The LBR's raise levels here: the least, half the pot, the pot, 1.5, 2 and 3 pots
    after calling, the limit less one, the limit (within the legal span)."""
    r = ex._span(g.legal(), RAISE)
    if not r:
        return []
    low, high = r
    put = g.bets[seat]
    base = g.pot + g.level - put
    out = {low, high, max(low, high - 1)}
    for halves in (1, 2, 3, 4, 6):
        out.add(max(low, min(high, g.level + base * halves // 2)))
    return sorted(out)


class LBR:
    """The best response of one seat against HARD in the other seat, heads-up."""

    def __init__(self, model, seat, hard, reads):
        self.m = model
        self.seat = seat
        self.hard = hard
        self.reads = reads
        self.w = None
        self.deal = None

    def _range(self, g):
        hand = g.hands[self.seat]
        key = (g.svaras, hand)
        if self.deal != key:
            self.deal = key
            self.w = self.m.cls.prior(hand)
        return self.w

    def hard_acts(self, g, action, amount):
        """HARD at the table is about to play (action, amount): narrow its range."""
        if g.phase in (BLINDS, JOINING):
            return
        if g.hands[self.seat] is None:
            return
        w = self._range(g)
        live = [k for k in range(len(w)) if w[k] > 0]
        ch = self.m.chances(g, self.hard, self.reads, live)
        new = list(w)
        for k in live:
            new[k] = w[k] * ch[k].get((action, amount), 0.0)
        if sum(new) > 0:
            self.w[:] = new

    def _eq(self, w, live, mine):
        pts = self.m.cls.points
        tot = win = 0.0
        for k in live:
            x = w[k]
            tot += x
            if pts[k] < mine:
                win += x
            elif pts[k] == mine:
                win += x / 2
        return win / tot if tot else 0.0

    def move(self, g, seat, rng):
        if g.phase == BLINDS:
            return PASS, 0
        if g.phase == JOINING:
            return (JOIN, 0) if ex._span(g.legal(), JOIN) else (PASS, 0)
        w = self._range(g)
        live = [k for k in range(len(w)) if w[k] > 0]
        mine = g.points(seat)
        pts = self.m.cls.points
        legal = g.legal()
        best = (PASS, 0)
        best_v = 0.0
        pot = g.pot
        if ex._span(legal, CALL):
            tc = g.to_call
            v = self._eq(w, live, mine) * (pot + tc) - tc
            if v > best_v:
                best, best_v = (CALL, 0), v
        tot = sum(w[k] for k in live)
        if not tot:
            return best
        put = g.bets[seat]
        for level in sizes(g, seat):
            c = clone(g)
            r = copy_reads(self.reads) if self.reads is not None else None
            if r is not None:
                r.see(c, RAISE, level)
            c.act(RAISE, level)
            paid = level - put
            if c.to_act != self.hard:
                continue
            ch = self.m.chances(c, self.hard, r, live)
            hput = c.bets[self.hard]
            v = 0.0
            again = {}          # HARD's re-raise level: (weight, weight won)
            for k in live:
                x = w[k] / tot
                sd = 1.0 if pts[k] < mine else (0.5 if pts[k] == mine else 0.0)
                for (a, amt), p in ch[k].items():
                    if a == PASS:
                        v += x * p * (c.pot - paid)
                    elif a == CALL:
                        v += x * p * (sd * (c.pot + level - hput) - paid)
                    else:
                        e = again.setdefault(amt, [0.0, 0.0])
                        e[0] += x * p
                        e[1] += x * p * sd
            for amt, (xw, xs) in again.items():
                # Re-raised to amt: the better of passing and calling it down.
                final = c.pot + (amt - hput) + (amt - level)
                v += max(-paid * xw, xs * final - (amt - put) * xw)
            if v > best_v:
                best, best_v = (RAISE, level), v
        return best


# --- the other attackers ----------------------------------------------------------------

def allin21(g, seat, rng):
    """The issue's rule: all in with 21+, else the least open; a re-raise called with
    25+; as dealer all in with 21+ over HARD's open, else pass."""
    if g.phase == BLINDS:
        return PASS, 0
    if g.phase == JOINING:
        return (JOIN, 0) if ex._span(g.legal(), JOIN) else (PASS, 0)
    legal = g.legal()
    p = g.points(seat)
    r = ex._span(legal, RAISE)
    if not g.opened:
        if r:
            return (RAISE, r[1]) if p >= 21 else (RAISE, r[0])
        return PASS, 0
    if g.raises(seat):
        return (CALL, 0) if p >= 25 else (PASS, 0)
    if p >= 21:
        return (RAISE, r[1]) if r else (CALL, 0)
    return PASS, 0


def _mover(kind, model, seat, hard, reads, game_no):
    """(move, lbr or None) of the attacker ``kind`` in its ``game_no``-th game."""
    if kind == "allin21":
        return allin21, None
    if kind in ("tight-lbr", "station-lbr") and game_no < FIRST:
        return (ex.threshold(25) if kind == "tight-lbr" else ex.station), None
    lbr = LBR(model, seat, hard, reads)
    if kind == "lbr-blind":
        def move(g, s, rng):
            if g.phase == BLINDS:
                if g.last_blind:
                    return PASS, 0
                b = ex._span(g.legal(), BLIND)
                if not b:
                    return PASS, 0
                x = g.limit() // 4 if game_no & 2 else b[0]
                return BLIND, max(b[0], min(b[1], x))
            return lbr.move(g, s, rng)
        return move, lbr
    return lbr.move, lbr


def play(kind, model, seed, dealer, seat, reads, stack, game_no):
    """One game: the attacker ``kind`` at ``seat``, HARD at the other; his chips won."""
    g = Game([stack, stack], dealer, None, None, seed)
    hard = 1 - seat
    move, lbr = _mover(kind, model, seat, hard, reads, game_no)
    rngs = [Rng(seed * 7 + k + 1) for k in range(2)]
    while g.to_act is not None:
        s = g.to_act
        if s == hard:
            a, x = model.act(g, s, rngs[s], reads)
            if lbr is not None and g.phase not in (BLINDS, JOINING):
                lbr.hard_acts(g, a, x)
        else:
            a, x = move(g, s, rngs[s])
        reads.see(g, a, x)
        g.act(a, x)
    reads.end(g)
    return g.stacks[seat] - stack


def block(args):
    """Pairs first..first+count of ``kind`` against HARD at ``stack``: chips per pair,
    and the decide calls made."""
    kind, first, count, stack = args[:4]
    model = _model(args[4] if len(args) > 4 else HARD)
    out = []
    reads = [Reads(2), Reads(2)]     # by the attacker's seat: one match each
    for j, k in enumerate(range(first, first + count)):
        seed = 7000003 + 104729 * k
        dealer = k & 1
        out.append(play(kind, model, seed, dealer, 0, reads[0], stack, j) +
                   play(kind, model, seed, dealer, 1, reads[1], stack, j))
    return out, model.calls


_MODELS = {}


def _model(level=HARD):
    """The one model of the bot of ``level`` in this process (its cache is kept)."""
    if level not in _MODELS:
        memo_odds()
        from svara.rules import DEFAULT
        _MODELS[level] = HardModel(DEFAULT, level)
    return _MODELS[level]


def heads_up(kind, games, stack, jobs=1, level=HARD, first=0):
    """(mean, 95% half-width, games, games a second) of ``kind`` against the bot of
    ``level`` (HARD; or a function as HardModel.act takes), on the pairs of deals
    first, first + 1, ..."""
    pairs = max(2, games // 2)
    work = [(kind, first + f, min(MATCH, pairs - f), stack, level)
            for f in range(0, pairs, MATCH)]
    t = time.time()
    vals = []
    if jobs > 1:
        from multiprocessing import Pool
        with Pool(jobs) as pool:
            for got, _ in pool.imap(block, work):
                vals += got
    else:
        for w in work:
            vals += block(w)[0]
    mean, half = interval(vals)
    return mean / 2, half / 2, 2 * len(vals), 2 * len(vals) / (time.time() - t)


# --- whole matches at the default table ---------------------------------------------------

def match(args):
    """Whole matches, ``kind`` (lbr: pot-odds until two are left, then the LBR; potodds)
    in seat k % 4 with three HARD sharing one Reads, on deal seed k // 4: 1 per match he
    won."""
    kind, first, count, stack = args
    model = _model()
    out = []
    from svara.match import Match
    for k in range(first, first + count):
        pos = k % 4
        m = Match([stack] * 4, 0, None, 5000011 + 7919 * (k // 4))
        reads = Reads(4)
        rngs = [Rng(k * 11 + i + 1) for i in range(4)]
        games = 0
        g = m.next_game()
        while g is not None and games < ex.MATCH_CAP:
            two = ex._seated(g) == 2
            hard = None
            lbr = None
            if two and kind == "lbr":
                hard = [i for i in range(4) if i != pos and g.seated(i)][0]
                lbr = LBR(model, pos, hard, reads)
            while g.to_act is not None:
                s = g.to_act
                if s == pos:
                    a, x = lbr.move(g, s, rngs[s]) if lbr else ex.potodds(g, s, rngs[s])
                else:
                    a, x = bots.decide(HARD, g, s, rngs[s], reads)
                    if lbr is not None and g.phase not in (BLINDS, JOINING):
                        lbr.hard_acts(g, a, x)
                reads.see(g, a, x)
                g.act(a, x)
            reads.end(g)
            games += 1
            if g.stacks[pos] < g.rules.ante:
                break
            g = m.next_game()
        st = m.stacks if g is None else g.stacks
        out.append(1 if st.index(max(st)) == pos else 0)
    return out


def matches(kind, count, stack=100, jobs=1):
    count = max(4, count - count % 4)
    work = [(kind, f, min(4, count - f), stack) for f in range(0, count, 4)]
    vals = []
    if jobs > 1:
        from multiprocessing import Pool
        with Pool(jobs) as pool:
            for got in pool.imap(match, work):
                vals += got
    else:
        for w in work:
            vals += match(w)
    mean, half = interval(vals)
    return mean, half, len(vals)


ATTACKERS = ("lbr", "allin21", "tight-lbr", "station-lbr", "lbr-blind")


def main(argv=None):
    from tools.common.hosttool import parser, whole
    ap = parser(__doc__)
    ap.add_argument("--games", type=whole(4), default=4000, help="games a point (default 4000)")
    ap.add_argument("--stacks", default="20,30,70,100,150,500", help="stacks, comma-separated")
    ap.add_argument("--attackers", default="lbr", help="attackers, comma-separated (%s)"
                    % ", ".join(ATTACKERS))
    ap.add_argument("--matches", type=whole(0), default=0,
                    help="whole matches at the default table, a kind (default 0)")
    ap.add_argument("--jobs", type=whole(1), default=1, help="processes (default 1)")
    ap.add_argument("--bot", default="hard", choices=("easy", "normal", "hard"),
                    help="the bot attacked (default hard; easy and normal show the tool "
                         "finds what a weaker bot leaves)")
    args = ap.parse_args(argv)
    kinds = [a for a in args.attackers.split(",") if a]
    for a in kinds:
        if a not in ATTACKERS:
            ap.error("unknown attacker %r (%s)" % (a, ", ".join(ATTACKERS)))
    try:
        stacks = [int(x) for x in args.stacks.split(",") if x]
    except ValueError:
        ap.error("--stacks: whole numbers, comma-separated, not %r" % args.stacks)
    print("Heads-up against HARD as the app plays it (reads kept over matches of %d "
          "games), blinds on, duplicate deals; chips a game the attacker wins, 95%% CI:"
          % MATCH)
    for kind in kinds:
        for stack in stacks:
            mean, half, n, rate = heads_up(kind, args.games, stack, args.jobs,
                                           ex.LEVELS[args.bot])
            print("  %-12s %3d chips %+8.3f +- %.3f  (%d games, %.1f games/s)"
                  % (kind, stack, mean, half, n, rate), flush=True)
    if args.matches:
        print("Whole matches at the default table (the seat and three HARD, 100 chips): "
              "the seat's share (fair 0.25), 95% CI:")
        for kind in ("potodds", "lbr"):
            mean, half, n = matches(kind, args.matches, 100, args.jobs)
            print("  %-8s %.3f +- %.3f  (%d matches)" % (kind, mean, half, n), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
