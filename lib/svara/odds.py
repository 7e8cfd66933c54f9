# Exact showdown chances of a hand (issue 6): chances(hand, opponents, rules, dead, floor).
#
# The opponents' hands are dealt at random from the unseen cards (32 minus our three
# minus ``dead``), all deals equally likely, card removal included. Win: our points beat
# every opponent's. Tie: the best opponent has exactly our points (a svara). Lose: some
# opponent has more.
# - 1 opponent: an exact count over every unseen three-card hand (3654 of them).
# - 2 opponents: exact over every ordered pair of disjoint hands, counted without listing
#   the pairs: the pairs of hands of a class X that share no card are
#   |X|^2 - sum over cards c of x(c)^2 + sum over card pairs cd of x(cd)^2 - |X|
#   (inclusion-exclusion on the shared cards; x(c), x(cd) count the X hands holding c, cd).
# - 3+ opponents: P(all n hands in X) = p1 * prod_{k=1..n-1} (p1 + (q - p1) g(k)), where
#   p1 = P(a hand is in X) and q = P(a second is in X | the first is), both exact, and
#   g(k) = 2k(c-3) / (2c-3-3k) (c unseen cards) scales the card-removal shift of the
#   first hand to k hands (g(1) = 1: exact for 2). The shape of g was fitted to long
#   simulations; the tests hold it to seeded simulations, docs/BOTS.md gives the error.
# ``floor`` narrows the opponents to hands of at least that many points (what a bot
# reads from their bets); the chances are then conditional on every opponent being so.
# Integers only: no floats, so the handset's answer is the host's to the last digit.
from svara._score_table import TABLE
from svara.score import score, _C3, _C2

# Results of 3+ opponents are scaled to this total.
SCALE = 1000000


def _unseen(hand, dead):
    """The sorted unseen cards as a bytearray; ValueError for a bad hand or dead card."""
    if hand is None or len(hand) != 3:
        raise ValueError("a hand is three card codes, not %r" % (hand,))
    seen = bytearray(32)
    for c in hand:
        if not isinstance(c, int) or not 0 <= c < 32 or seen[c]:
            raise ValueError("bad or repeated card in the hand: %r" % (c,))
        seen[c] = 1
    for c in dead:
        if not isinstance(c, int) or not 0 <= c < 32 or seen[c]:
            raise ValueError("bad or repeated dead card: %r" % (c,))
        seen[c] = 2
    u = bytearray(32 - 3 - len(dead))
    k = 0
    for c in range(32):
        if not seen[c]:
            u[k] = c
            k += 1
    return u


def _count1(u, s, floor, rules, t=TABLE, _3=_C3, _2=_C2):
    """(below, equal, in range) over the unseen hands: below means floor <= p < s."""
    fast = not rules or not rules.points_variant
    m = len(u)
    nb = ne = nr = 0
    for k in range(2, m):
        c = u[k]
        t3 = _3[c]
        for j in range(1, k):
            b = u[j]
            base = t3 + _2[b]
            for i in range(j):
                if fast:
                    p = t[base + u[i]]
                else:
                    p = score(u[i], b, c, rules)
                if p >= floor:
                    nr += 1
                    if p < s:
                        nb += 1
                    elif p == s:
                        ne += 1
    return nb, ne, nr


def _count2(u, s, floor, rules, pairs, t=TABLE, _3=_C3, _2=_C2):
    """As _count1, and per card pair the hands holding it: pairs[3*k], [3*k+1], [3*k+2]
    count the below, equal and in-range hands holding the pair of pair index k."""
    fast = not rules or not rules.points_variant
    m = len(u)
    nb = ne = nr = 0
    for k in range(2, m):
        c = u[k]
        t3 = _3[c]
        c2 = 3 * _2[c]
        for j in range(1, k):
            b = u[j]
            base = t3 + _2[b]
            b2 = 3 * _2[b]
            xb = xe = xr = 0
            for i in range(j):
                a = u[i]
                if fast:
                    p = t[base + a]
                else:
                    p = score(a, b, c, rules)
                if p >= floor:
                    xr += 1
                    pairs[b2 + 3 * a + 2] += 1
                    pairs[c2 + 3 * a + 2] += 1
                    if p < s:
                        xb += 1
                        pairs[b2 + 3 * a] += 1
                        pairs[c2 + 3 * a] += 1
                    elif p == s:
                        xe += 1
                        pairs[b2 + 3 * a + 1] += 1
                        pairs[c2 + 3 * a + 1] += 1
            i = c2 + 3 * b
            pairs[i] += xb
            pairs[i + 1] += xe
            pairs[i + 2] += xr
            nb += xb
            ne += xe
            nr += xr
    return nb, ne, nr


def _disjoint_pairs(u, pairs, nb, ne, nr, _2=_C2):
    """Ordered pairs of disjoint hands both below, both below-or-equal, both in range."""
    # Per card: x(c) = (sum of x(cd) over d) / 2; per pair: x(cd) itself.
    sb = se = sr = 0      # sums of squares over pairs
    cb = ce = cr = 0      # sums of squares over cards
    m = len(u)
    for k in range(m):
        c = u[k]
        yb = ye = yr = 0
        for j in range(m):
            if j == k:
                continue
            d = u[j]
            i = 3 * (_2[c] + d if d < c else _2[d] + c)
            xb = pairs[i]
            xe = xb + pairs[i + 1]
            xr = pairs[i + 2]
            yb += xb
            ye += xe
            yr += xr
            if j < k:
                sb += xb * xb
                se += xe * xe
                sr += xr * xr
        cb += yb * yb
        ce += ye * ye
        cr += yr * yr
    # Each hand holds 3 pairs, and each card sum counted every pair twice: y = 2 x(c).
    return (nb * nb - cb // 4 + sb - nb,
            (nb + ne) * (nb + ne) - ce // 4 + se - (nb + ne),
            nr * nr - cr // 4 + sr - nr)


def chances(hand, opponents, rules=None, dead=(), floor=0):
    """(win, tie, lose, total) for ``hand`` against ``opponents`` random hands.

    win + tie + lose == total; each over total is the chance. Exact for 1 and 2
    opponents (total = the number of deals); for 3 or more, total is SCALE and the
    figures are the approximation described at the top of this module.
    ``dead``: cards known to be out of play; ``floor``: opponents hold at least so many
    points. ValueError for a bad hand, opponent count, or a range nobody can hold."""
    if not isinstance(opponents, int) or not 1 <= opponents <= 9:
        raise ValueError("opponents must be 1..9, not %r" % (opponents,))
    u = _unseen(hand, dead)
    if len(u) < 3 * opponents:
        raise ValueError("%d unseen cards cannot deal %d hands" % (len(u), opponents))
    s = score(hand[0], hand[1], hand[2], rules)
    if opponents == 1:
        nb, ne, nr = _count1(u, s, floor, rules)
        if not nr:
            raise ValueError("no opponent hand scores %d or more" % floor)
        return nb, ne, nr - nb - ne, nr
    pairs = bytearray(3 * 496)
    nb, ne, nr = _count2(u, s, floor, rules, pairs)
    db, dbe, dr = _disjoint_pairs(u, pairs, nb, ne, nr)
    if not dr:
        raise ValueError("no two disjoint opponent hands score %d or more" % floor)
    if opponents == 2:
        return db, dbe - db, dr - dbe, dr
    c = len(u)
    t = c * (c - 1) * (c - 2) // 6
    m = (c - 3) * (c - 4) * (c - 5) // 6
    w = _approx(nb, db, nr, dr, opponents, c, t, m)
    a = _approx(nb + ne, dbe, nr, dr, opponents, c, t, m)
    return w, a - w, SCALE - a, SCALE


def _all_in(x, dx, n, c, t, m):
    """P(all n hands in X) times t^n m^(n-1) x^(n-1) prod (2c-3-3k), by the rule above.

    c: unseen cards; t, m: hands in the pool of c cards and of c-3 cards; p1 = x/t,
    q = dx/(x*m); factor k is p1 + (q - p1) * 2k(c-3) / (2c-3-3k)."""
    v = x
    for k in range(1, n):
        f = x * x * m * (2 * c - 3 - 3 * k) + 2 * k * (c - 3) * (dx * t - x * x * m)
        v *= f if f > 0 else 0
    return v


def _approx(x, dx, r, dr, n, c, t, m):
    """P(all n in X | all n in R) * SCALE (X within R)."""
    if x == 0:
        return 0
    # The common factors cancel; x^(n-1) and r^(n-1) stay.
    num = _all_in(x, dx, n, c, t, m) * r ** (n - 1)
    den = _all_in(r, dr, n, c, t, m) * x ** (n - 1)
    v = num * SCALE // den
    return v if v < SCALE else SCALE


def tenths(hand, opponents, rules=None, dead=()):
    """(win, tie, lose) in tenths of a percent, adding up to exactly 1000 (for a screen)."""
    w, t, l, total = chances(hand, opponents, rules, dead)
    a = (w * 1000 + total // 2) // total
    b = ((w + t) * 1000 + total // 2) // total
    return a, b - a, 1000 - b
