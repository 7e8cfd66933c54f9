# Computer players: svara.bots.decide(level, game, seat, rng) -> (action, amount).
# A bot reads only game.view(seat): the table and its own cards, never another player's
# (a blind offer comes before the deal: decided with no cards at all). The answer is
# always legal now. ``rng`` is anything with getrandbits(k) (k <= 16): svara.game.Rng,
# random.Random, or MicroPython's random module.
# EASY plays by its points alone, NORMAL weighs its exact chances (svara.odds) against
# the pot odds, HARD reads ranges from the raises, plays the CFR strategy of
# svara._strategy heads-up and the match's svara.reads.Reads (heads-up no read moves
# the floor its calls are weighed against): docs/BOTS.md says how each level plays, and why.
from svara.game import PASS, CALL, RAISE, BLIND, JOIN, BLINDS, JOINING

EASY = 0
NORMAL = 1
HARD = 2
LEVELS = (EASY, NORMAL, HARD)


def decide(level, game, seat, rng, reads=None):
    """The action (action, amount) the bot of ``level`` plays for ``seat``, legal now.
    ``reads``: the match's svara.reads.Reads, which HARD uses (None: no reads)."""
    if level not in LEVELS:
        raise ValueError("unknown bot level %r" % (level,))
    view = game.view(seat)
    legal = view.legal()
    if not legal:
        raise ValueError("seat %d is not to act" % seat)
    phase = view.phase
    if level == EASY:
        if phase == BLINDS:
            return _blind(view, legal, rng)
        if phase == JOINING:
            return _join(view, rng)
        return _bet(view, legal, rng)
    if phase == JOINING:
        return _join_fair(view)
    if level == HARD and reads is not None and phase != BLINDS:
        got = reads.exploit(view, legal, _equity, _raise_span, _floor)
        if got:
            return got      # sound already: it calls what the chances against any hand pay
    got = None
    if level == HARD and _heads_up(view):
        if phase == BLINDS:
            return _blind_cfr(view, legal, rng)
        got = _bet_cfr(view, legal, rng)
        # The sanity layer over the table, whatever it or the reads say: a pass to a bet
        # becomes a call when the chances against his range (what his bets say; after a
        # big raise lowered only by how often he raises big, Reads.often: a floor lowered
        # by hands shown is a call a best response shoves its strong hands into) beat
        # the price, by 60 per mille while more betting may follow, at all when the bet is
        # all in. Under his floor every hand of his beats this one: nothing to count.
        # (Inline, not a function: a new global costs the module's import heap most.
        # Multiway HARD plays _bet_odds, which weighs the same chances against the price.)
        if got and got[0] == PASS and view.opened:
            to_call = view.to_call
            need = to_call * 1000 // (view.pot + to_call) + (view.level < view.limit()) * 60
            f = _floor(view, view.players())
            last, big = _last_raise(view)
            if big and to_call > 8 * (view.pot - to_call) and f < 25:
                f = 25      # a bet of eight pots or more says the most
            b = reads.often(last) if big and reads is not None else None
            if b is not None and b < f:
                f = b
            if view.points() >= f and _equity1(view, f) >= need:
                return CALL, 0
    if phase == BLINDS:
        return _blind_odds(level, view, legal, rng)
    if not got:
        got = _bet_odds(level, view, legal, rng, reads)
    if reads is not None and level == HARD:
        got = reads.steal(view, got, _raise_span, legal)
    return got


def _chance(rng, per256):
    """True with probability per256 / 256."""
    return rng.getrandbits(8) < per256


def _blind(view, legal, rng):
    # No cards yet: first hand blinds more often than not (a beginner's gamble), a
    # double now and then; never a big share of the stack.
    if len(legal) > 1:
        low = legal[1][1]
        if low * 10 <= view.stacks[view.seat] and \
                _chance(rng, 64 if view.last_blind else 160):
            return BLIND, low
    return PASS, 0


def _join(view, rng):
    # A fresh deck will be dealt: join when the buy-in is cheap for the pot and the stack.
    b = view.buy_in
    stack = view.stacks[view.seat]
    if b == 0 or (b * 4 <= stack and b * 2 <= view.pot + 1 and _chance(rng, 160)):
        return JOIN, 0
    return PASS, 0


def _bet(view, legal, rng):
    points = view.points()
    raise_to = _raise_span(legal)
    stack = view.stacks[view.seat]
    two = two_seated(view)
    if not view.opened:
        if raise_to and len(view.players()) == 2:
            # Its pass would hand the pot to the one player left: at a table of two it
            # bets 1.5 pots 13 times in 16 whatever it holds, else it opens with 16+.
            if two and _chance(rng, 208):
                return RAISE, _to_pot(view, raise_to, 3)
            if points >= 16:
                return RAISE, _size(raise_to, points, rng)
        # Open with a good hand, sometimes with a fair one, rarely as a bluff.
        if raise_to and (points >= 25 or (points >= 21 and _chance(rng, 96))
                         or _chance(rng, 10)):
            return RAISE, _size(raise_to, points, rng)
        return PASS, 0
    to_call = view.to_call
    pot = view.pot
    if raise_to and points >= 30 and _chance(rng, 160):
        return RAISE, _size(raise_to, points, rng)
    # A beginner's calls: 16+ to a bet of up to twice the pot before it, and at a table
    # of two 11+ (an ace) to one of up to half of it.
    if points >= 26 or (points >= 21 and to_call * 3 <= stack) \
            or (points >= 16 and to_call * 3 <= pot * 2) \
            or (two and points >= 11 and to_call * 3 <= pot):
        return CALL, 0
    return PASS, 0


def _size(span, points, rng):
    """A level in span: the least, a bit more with a strong hand."""
    low, high = span
    extra = 0
    if points >= 30:
        extra = rng.getrandbits(3)
    return min(high, low + extra)


# --- NORMAL and HARD ------------------------------------------------------------------

_memo = [None, 0]  # the last (key, equity): a bot asks again for the same hand each turn


def _equity(view, opponents, floor):
    """Win + half a tie against ``opponents`` hands of ``floor`` points or more, per mille."""
    hand = view.hand()
    rules = view.rules
    key = (hand, opponents, floor, rules)
    if _memo[0] == key:
        return _memo[1]
    from svara.odds import chances
    w, t, l, total = chances(hand, opponents, rules, (), floor)   # the tables
    e = (2 * w + t) * 500 // total
    _memo[0] = key
    _memo[1] = e
    return e


def _raise_span(legal):
    for action, low, high in legal:
        if action == RAISE:
            return low, high
    return None


def _join_fair(view):
    # A fresh deal for the pot: join when an even share of pot + buy-in beats the buy-in.
    b = view.buy_in
    if b == 0:
        return JOIN, 0
    tied = 0
    for i in range(view.n):
        if view.tied(i):
            tied += 1
    if b * 3 <= view.stacks[view.seat] and (view.pot + b) * 10 >= b * (tied + 1) * 11:
        return JOIN, 0
    return PASS, 0


def _blind_odds(level, view, legal, rng):
    # No cards: a blind is a bet on an unseen hand; only cheap ones, and HARD re-steals
    # (doubles a blind) more often than it blinds first.
    if len(legal) < 2:
        return PASS, 0
    low = legal[1][1]
    if low * 12 > view.stacks[view.seat]:
        return PASS, 0
    if level == HARD:
        per256 = 48 if view.last_blind else 24
    else:
        per256 = 24
    if _chance(rng, per256):
        return BLIND, low
    return PASS, 0


# The least points a bot credits the last raiser with, by the raises made so far (an
# open is 1, a raise over it 2, ...): a re-raise says more than an open.
_FLOOR = (0, 15, 20, 23, 25)
# HARD's reads at a table of three or more, measured on what Normal and Easy hold when
# they bet: an opener holds 19+ (Normal opens at 20+, Easy at 21+ but for rare bluffs
# and its 16+ with one player left behind it), a raise over it 22+; a caller one point
# less. A big raise reads as _big_floor says.
_HARD_RAISER = (0, 19, 22, 23, 25)
_HARD_CALLER = (0, 18, 21, 23, 25)


BIG = 22   # the least points a big raise reads as (svara.reads too)


def big_raise(table, seat, level, pot):
    """True when ``seat``'s raise to ``level`` (the pot now ``pot``) was a big raise: it
    lifted the level over everybody else's bets by more than the pot before it and by
    more than 12 antes. ``table``: the game or a view (its bets, n and rules)."""
    bets = table.bets
    prev = 0   # the level before the raise: the highest bet of anybody else
    for i in range(table.n):
        if i != seat and bets[i] > prev:
            prev = bets[i]
    inc = level - prev
    return inc > 12 * table.rules.ante and inc > pot - inc


def _last_raise(view):
    """(seat, big) of the last raise when somebody else made it: the seat and whether
    it was a big raise; (-1, False) when there is none."""
    last = view.last_raiser
    if not view.opened or last == view.seat or last < 0:
        return -1, False
    return last, big_raise(view, last, view.level, view.pot)


def _big_floor(reads, seat, f):
    """The floor ``f`` after a big raise of ``seat``: BIG points, unless HARD's reads say
    less (his big raises were shown down weak, or he almost never passes) or f is more."""
    b = None if reads is None else reads.big_floor(seat)
    if b is None:
        b = BIG
    return b if b < BIG or b > f else f


def _floor(view, players, reads=None):
    """What the opponents' bets say: the least points the last raiser (if not us) holds."""
    last, big = _last_raise(view)
    if last < 0:
        return 0
    r = 0
    for i in players:
        r += view.raises(i)
    f = _FLOOR[r if r < 5 else 4]
    if big:
        f = _big_floor(reads, last, f)
    return f


# HARD's one-opponent equities of the hand in _eq1_of, by floor (-1: not counted yet).
_eq1_of = [None]
_eq1 = [-1] * 26


def _equity1(view, floor):
    """Win + half a tie against one hand of ``floor`` points or more, per mille."""
    key = (view.hand(), view.rules)
    if _eq1_of[0] != key:
        _eq1_of[0] = key
        for i in range(26):
            _eq1[i] = -1
    e = _eq1[floor]
    if e < 0:
        from svara.odds import chances
        w, t, l, total = chances(key[0], 1, key[1], (), floor)
        e = _eq1[floor] = (2 * w + t) * 500 // total
    return e


def _equity_read(view, players, reads):
    """HARD's equity at a table of three or more: the chances against every opponent
    still in (card removal in), scaled opponent by opponent by what that one's bets say:
    the last raiser holds _HARD_RAISER[raises] or more (after a big raise what
    _big_floor says), an earlier raiser _HARD_RAISER[raises - 1], a caller (chips in beyond a
    blind) _HARD_CALLER[raises]; one yet to act (or who only blinded) any hand. Each
    read multiplies by equity(1 opponent, read) / equity(1 opponent, any hand)."""
    seat = view.seat
    e = _equity(view, len(players) - 1, 0)
    if not view.opened or not e:
        return e
    r = 0
    for i in players:
        r += view.raises(i)
    last, big = _last_raise(view)
    bets = view.bets
    lb = view.last_blind
    base = 0
    for i in players:
        if i == seat:
            continue
        if i == last:
            f = _HARD_RAISER[r if r < 5 else 4]
            if big:
                f = _big_floor(reads, i, f)
            if reads is not None:
                f = reads.range_floor(i, f)
        elif view.raises(i):
            f = _HARD_RAISER[r - 1 if r < 6 else 4]
            if reads is not None:
                f = reads.range_floor(i, f)
        elif bets[i] > (lb if view.blinded(i) else 0):
            f = _HARD_CALLER[r if r < 5 else 4]
        else:
            continue
        if not base:
            base = _equity1(view, 0)
            if not base:
                return 0
        e = e * _equity1(view, f) // base
    return e


def _to_pot(view, span, halves):
    """The level that raises by ``halves`` half pots after calling (within span)."""
    low, high = span
    put = view.bets[view.seat]
    to = view.level + ((view.pot + view.level - put) * halves >> 1)
    if to < low:
        to = low
    return to if to < high else high


def _bet_odds(level, view, legal, rng, reads=None):
    seat = view.seat
    players = view.players()
    opponents = len(players) - 1
    hard = level == HARD
    if hard and (opponents > 1 or not _heads_up(view)):
        e = _equity_read(view, players, reads)
    else:
        e = _equity(view, opponents, _floor(view, players))
    span = _raise_span(legal)
    share = 1000 // (opponents + 1)
    if not view.opened:
        # Open or give up what is in. HARD opens wider (the others fold too much to an
        # open: Normal credits every opponent with the opener's range), steals when one
        # opponent is left, and opens its strong hands at twice the pot (with some others).
        need = share if not hard else share - 80 - 60 // opponents
        if span and (e >= need or (hard and opponents == 1 and _chance(rng, 40))):
            if hard:
                # Twice the pot with every strong hand (700+) and 1 in 16 of the others
                # (steals in), so that a big open is no proof of strength: 1 in 7 of
                # them first to act at four players. (3 in 4 strong hands big and 1 in 8
                # others cost Hard 0.17 chips a game against Normal at a table of bots.)
                if e >= 700 or _chance(rng, 16):
                    return RAISE, _to_pot(view, span, 4)
                return RAISE, span[0]
            if e >= 800 and _chance(rng, 128):
                return RAISE, _to_pot(view, span, 1)
            return RAISE, span[0]
        return PASS, 0
    to_call = view.to_call
    pot = view.pot
    need = to_call * 1000 // (pot + to_call)
    if hard:
        need += 20 * (opponents - 1) - 40   # others may still raise behind
    strong = 700 if not hard else 640 + 60 * (opponents - 1)
    if span and e >= strong and e >= need:
        if hard:
            if e >= 900 and _chance(rng, 64):
                return RAISE, span[1]
            return RAISE, _to_pot(view, span, 4)
        return RAISE, _to_pot(view, span, 1)
    if e >= need:
        return CALL, 0
    return PASS, 0


# --- HARD heads-up: the CFR table -------------------------------------------------------

def two_seated(view):
    """True at a table of two: exactly two players sit in this game (svara.reads too)."""
    n = 0
    for i in range(view.n):
        if view.seated(i):
            n += 1
    return n == 2


def _heads_up(view):
    """True when exactly two players sit in this game and both are in."""
    return two_seated(view) and len(view.players()) == 2


def _first_hand(view):
    """The seated seat left of the dealer: the first to act in the blinds."""
    s = (view.dealer + 1) % view.n
    while not view.seated(s):
        s = (s + 1) % view.n
    return s


_STRATEGY = []           # the svara.data.Table of svara._strategy, made on first use
_sbuf = bytearray(4)
_bbuf = bytearray(16)    # a table's blind sizes (14 at most)
# The stack buckets of svara._strategy (its DEPTHS: antes behind after the ante), one
# table each, TABLE_<depth>; the last name is BUCKET_OF.
_DEPTHS = (10, 20, 40, 100, 200, 500)


def _table(view):
    """(the strategy Table, open; which of its tables; that table's depth): the depth
    nearest the table's limit in antes (geometrically), read in place by offset."""
    if not _STRATEGY:
        from svara.data import Table
        names = []
        for d in _DEPTHS:
            names.append("TABLE_%d" % d)
        names.append("BUCKET_OF")
        _STRATEGY.append(Table("svara._strategy", tuple(names)))
    depth = view.limit() // view.rules.ante
    k = 0
    while k + 1 < len(_DEPTHS) and depth * depth > _DEPTHS[k] * _DEPTHS[k + 1]:
        k += 1
    return _STRATEGY[0].open(), k, _DEPTHS[k]


def blind_index(sizes, n, depth, b, limit):
    """Which of a table's ``n`` blinds ``sizes`` (antes, at ``depth`` antes behind) a real blind
    of ``b`` reads as at ``limit`` (b and limit in the same units): the nearest by its
    share of the limit (geometrically), among the sizes that the dealer may double as
    he may double b (4 b <= limit) or not; -1 when there is none."""
    r = b * 16 * depth // limit      # b at the table's depth, in 16ths of an ante
    dbl = 4 * b <= limit
    k = -1
    p = 0
    for i in range(n):
        s = sizes[i]
        if (4 * s <= depth) != dbl:
            continue
        s *= 16
        if k >= 0 and r * r <= p * s:
            break
        k = i
        p = s
    return k


def cfr_blind(sizes, n, k, depth, limit, lo, hi):
    """The real blind for a table's blind number ``k`` (of its ``n`` ``sizes``, antes at
    ``depth``) at ``limit``, within the legal lo..hi: the size scaled to the limit,
    rounded up if that reads back as k (blind_index) and rounding down does not."""
    b = sizes[k] * limit // depth
    b = lo if b < lo else (hi if b > hi else b)
    if b < hi and blind_index(sizes, n, depth, b, limit) != k \
            and blind_index(sizes, n, depth, b + 1, limit) == k:
        b += 1
    return b


def _blinds(t, k):
    """How many blind sizes table k has (t open); the sizes are read into _bbuf."""
    n = t.read(k, 0, _sbuf, 1)[0]
    t.read(k, 1, _bbuf, n)
    return n


def _blind_cfr(view, legal, rng):
    if len(legal) < 2:
        return PASS, 0
    t, k, depth = _table(view)
    try:
        nb = _blinds(t, k)
        sizes = _bbuf
        limit = view.limit()
        lo, hi = legal[1][1], legal[1][2]
        if view.last_blind:
            # The dealer: double or not, by the size the blind reads as.
            i = blind_index(sizes, nb, depth, view.last_blind, limit)
            if i < 0:
                return PASS, 0
            per256 = t.read(k, 1 + 2 * nb + i, _sbuf, 1)[0]
            return (BLIND, lo) if _chance(rng, per256) else (PASS, 0)
        # First hand: blind one of the sizes with its weight out of 255, or not.
        x = (rng.getrandbits(16) * 255) >> 16
        for i in range(nb):
            x -= t.read(k, 1 + nb + i, _sbuf, 1)[0]
            if x < 0:
                return BLIND, cfr_blind(sizes, nb, i, depth, limit, lo, hi)
        return PASS, 0
    finally:
        t.close()


def raise_read(pot, level, mine, limit, early):
    """How HARD heads-up reads a raise to ``level`` over its bet of ``mine`` (the pot now
    ``pot``) as one of its table's sizes: lo | hi << 2 | x << 4, read as hi x times in
    256, else as lo; 0 a call (it would end the betting: Hard calls), 1 half the pot, 2
    the big raise (1.5 pots; only ``early``: the game's first two raises), 3 all-in.
    Under half the pot, and between half the pot and the big raise, by the
    pseudo-harmonic mapping (Ganzfried and Sandholm, 2013); between the big raise and
    all-in by that chance squared; where there is no big raise between half the pot
    and all-in by the price of the call each offers (raise / (pot + 2 raise)) squared,
    so that more of them read as half the pot (docs/BOTS.md has what each measured)."""
    p = pot - level + mine          # the pot had the raiser only called
    a = p // 2                      # the half-pot raise, over my bet
    b = limit - mine
    y = level - mine
    if y >= b:
        return 4111                 # 3 | 3 << 2 | 256 << 4
    if y < a:
        return 4 | 256 * y * (p + a) // (a * (p + y)) << 4
    g = p * 3 // 2                  # the big raise, over my bet
    if early and a < g < b:
        if y <= g:
            return 9 | 256 - 256 * (g - y) * (p + a) // ((g - a) * (p + y)) << 4
        x = 256 - 256 * (b - y) * (p + g) // ((b - g) * (p + y))
        a = 14
    else:
        x = 256 * (y - a) * (p + 2 * b) // ((b - a) * (p + 2 * y))
        a = 13
    return a | (x * x >> 8) << 4


def _bet_cfr(view, legal, rng):
    """The table's action, or None when this position is outside the abstraction."""
    p0 = _first_hand(view)
    p1 = view.players()[0] if view.players()[0] != p0 else view.players()[1]
    b0 = view.blinded(p0)
    b1 = view.blinded(p1)
    if b1 and not b0:
        return None
    r = view.raises(p0) + view.raises(p1)
    if r > 6:
        return None
    allin = rb = 0          # rb: the first two raises read as big, 2 the first, 1 the second
    if r:
        # This game's or svara's raises (a call ends a round heads-up), from the game's
        # log (svara.log: amount << 3 | action), each read as one of the table's sizes,
        # the same way at every decision: the draw is fixed by Hard's cards and the raise.
        limit = view.limit()
        h = view.hand()
        bets = view.bets
        base = view.pot - bets[p0] - bets[p1]
        lg = view.log
        n = i = prev = 0
        while i < len(lg):
            v = sh = 0
            while True:
                c = lg[i]
                i += 1
                v |= (c & 127) << sh
                sh += 7
                if c < 128:
                    break
            lv = v >> 3
            v &= 7
            if v == CALL:
                n = rb = prev = 0
            elif v == BLIND:
                prev = lv
            elif v == RAISE:
                n += 1
                x = raise_read(base + lv + prev, lv, prev, limit, n < 3)
                d = (((h[0] << 10 | h[1] << 5 | h[2]) ^ lv * 97 ^ n * 5003) & 32767) * 31821
                x = x >> 2 & 3 if d >> 15 & 255 < x >> 4 else x & 3
                if x == 2:
                    rb |= 3 - n
                prev = lv
        if n != r:
            return None
        if not x:
            return CALL, 0     # a raise this small reads as a call: see it
        allin = x == 3
    t, k, depth = _table(view)
    b = _sbuf
    try:
        prefix = 0
        if b0:
            # The blind first hand bet, read as one of the table's sizes.
            nb = _blinds(t, k)
            lb = view.last_blind
            i = blind_index(_bbuf, nb, depth, lb // 2 if b1 else lb, view.limit())
            if i < 0:
                return None
            prefix = 2 + 2 * i if b1 else 1 + 2 * i
        else:
            nb = t.read(k, 0, b, 1)[0]
        # The slots (a row index of w bytes each) after nb, the sizes, first hand's
        # weights, the doubles, w and the count n4 of the rows with a big raise (4 bytes
        # a bucket; the rest 3): tools/gen/cfr.py encode().
        t.read(k, 1 + 3 * nb, b, 3)
        w = b[0]
        n4 = b[1] | b[2] << 8
        o = 4 + 3 * nb
        while True:
            t.read(k, o + (((prefix * 7 + r) * 2 + allin) * 4 + rb) * w, b, w)
            row = b[0] | b[1] << 8 if w == 2 else b[0]
            if row < (1 << 8 * w) - 1:
                break
            if allin and not rb or not r:
                return None
            # No row (this depth's tree has no raise of that size there, off its
            # stack): the row facing all-in, then with no raise read as big, as the
            # tree merges a raise that would reach the limit into all-in.
            if allin:
                rb = 0
            allin = 1
        o += (1 + 2 * nb) * 56 * w
        t.read(len(_DEPTHS), view.points(), b, 1)
        if row < n4:
            t.read(k, o + (row * 16 + b[0]) * 4, b, 4)
        else:
            t.read(k, o + n4 * 64 + ((row - n4) * 16 + b[0]) * 3, b, 3)
            b[3] = 0
    finally:
        t.close()
    f = b[0]
    c = b[1] if view.opened else 0
    s = b[2]
    g = b[3]
    a = 255 - f - b[1] - s - g
    e = need = -1
    if view.opened:
        need = view.to_call * 1000 // (view.pot + view.to_call)
    span = _raise_span(legal)
    if view.opened and span and (span[1] - view.level) * 4 <= view.pot:
        # A raise now could not make a quarter of the pot fold: it is a call with a
        # little more, worth it only with the better hand, never as a bluff.
        if e < 0:
            e = _equity(view, 1, _floor(view, view.players()))
        if e < 500:
            if e >= need:
                c += s + a + g
            else:
                f += s + a + g
            span = None
    small = big = 0
    if span:
        small = _to_pot(view, span, 1)
        if small >= span[1]:
            a += s   # the small raise would be all-in
            s = 0
        if g:
            big = _to_pot(view, span, 3)
            if big >= span[1]:
                a += g
                g = 0
    else:
        s = a = g = 0
    total = f + c + s + a + g
    if not total:
        return None
    x = (rng.getrandbits(16) * total) >> 16
    if x < f:
        return PASS, 0
    x -= f
    if x < c:
        return CALL, 0
    x -= c
    if x < s:
        return RAISE, small
    x -= s
    if x < g:
        return RAISE, big
    return RAISE, span[1]
