# Showdown chances of a hand: chances(hand, opponents, rules, dead, floor) -> win, svara
# and lose, as integers (no floats: the handset's answer is the host's to the digit).
# At play time (no dead card) the answer is read from the tables made on the host
# (svara.exact: _exact_v<points variant>, _floor_v<variant>); ``table=False``, a dead
# card, or another floor count here: 1 opponent exactly over every unseen hand, 2
# exactly by inclusion-exclusion over the shared cards, 3+ by the card-weight estimate
# corrected by _odds_table. ``floor`` narrows the opponents to hands of at least that
# many points (what a bot reads from their bets). docs/BOTS.md ("The chances") gives the
# formulas and their error.
from svara.score import score, ROWS, C2

# Results of 3+ opponents are scaled to this total.
SCALE = 1000000


def _code(c):
    """True for a card code: a whole number 0..31 (not True or False)."""
    return isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 32


def _unseen(hand, dead):
    """The sorted unseen cards as a bytearray; ValueError for a bad hand or dead card."""
    if not isinstance(hand, (list, tuple, bytes, bytearray)) or len(hand) != 3:
        raise ValueError("a hand is three card codes, not %r" % (hand,))
    if not isinstance(dead, (list, tuple, bytes, bytearray)):
        raise ValueError("dead cards are a list of card codes, not %r" % (dead,))
    seen = bytearray(32)
    for c in hand:
        if not _code(c) or seen[c]:
            raise ValueError("bad or repeated card in the hand: %r" % (c,))
        seen[c] = 1
    for c in dead:
        if not _code(c) or seen[c]:
            raise ValueError("bad or repeated dead card: %r" % (c,))
        seen[c] = 2
    u = bytearray(32 - 3 - len(dead))
    k = 0
    for c in range(32):
        if not seen[c]:
            u[k] = c
            k += 1
    return u


def _count1(u, s, floor, rules, _r=ROWS, _2=C2):
    """(below, equal, in range) over the unseen hands: below means floor <= p < s."""
    fast = not rules or not rules.points_variant
    m = len(u)
    nb = ne = nr = 0
    for k in range(2, m):
        c = u[k]
        t = _r[c]             # the hands whose highest card is c (svara.score)
        for j in range(1, k):
            b = u[j]
            base = _2[b]
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


def _count2(u, s, floor, rules, pairs, _r=ROWS, _2=C2):
    """As _count1, and per card pair the hands holding it: pairs[3*k], [3*k+1], [3*k+2]
    count the below, equal and in-range hands holding the pair of pair index k."""
    fast = not rules or not rules.points_variant
    m = len(u)
    nb = ne = nr = 0
    for k in range(2, m):
        c = u[k]
        t = _r[c]             # the hands whose highest card is c (svara.score)
        c2 = 3 * _2[c]
        for j in range(1, k):
            b = u[j]
            base = _2[b]
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


def _disjoint_pairs(u, pairs, nb, ne, nr, cards=None, _2=C2):
    """Ordered pairs of disjoint hands both below, both below-or-equal, both in range.

    ``cards`` (a list of 3 * len(u), or None): gets 2 x(c) per unseen card c, for the
    three classes, at 3 * (c's place in u)."""
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
        if cards is not None:
            cards[3 * k] = yb
            cards[3 * k + 1] = ye
            cards[3 * k + 2] = yr
    # Each hand holds 3 pairs, and each card sum counted every pair twice: y = 2 x(c).
    return (nb * nb - cb // 4 + sb - nb,
            (nb + ne) * (nb + ne) - ce // 4 + se - (nb + ne),
            nr * nr - cr // 4 + sr - nr)


# Work space of chances(), allocated once at import (nothing big after start): the
# hands per card pair (in svara.work's buffer, which the saves borrow in turn), 2 x(c)
# per unseen card and class, and _all_in's lists.
from svara.work import BUF as _PAIRS  # noqa: E402
_CARDS = [0] * (3 * 29)
_SCRATCH = ([0] * 28, [0] * 28)


def chances(hand, opponents, rules=None, dead=(), floor=0, table=True):
    """(win, tie, lose, total) for ``hand`` against ``opponents`` random hands.

    win + tie + lose == total; each over total is the chance. Exact for 1 and 2
    opponents (total = the number of deals; with a floor from the tables, 2 opponents
    in millionths, total SCALE); for 3 or more, total is SCALE: exact to the millionth
    with no dead card and no floor, else the estimate described at the top of this
    module. ``table``: read the tables where they hold the answer (False: count now).
    ``dead``: cards known to be out of play; ``floor``: opponents hold at least so many
    points. ValueError for a bad hand, opponent count, or a range nobody can hold."""
    if (not isinstance(opponents, int) or isinstance(opponents, bool)
            or not 1 <= opponents <= 9):
        raise ValueError("opponents must be 1..9, not %r" % (opponents,))
    u = _unseen(hand, dead)
    if len(u) < 3 * opponents:
        raise ValueError("%d unseen cards cannot deal %d hands" % (len(u), opponents))
    s = score(hand[0], hand[1], hand[2], rules)     # ValueError for bad rules too
    if table and len(u) == 29:
        got = _tabled(hand, opponents, rules.points_variant if rules else 0, s, floor)
        if got is not None:
            return got
    if opponents == 1:
        nb, ne, nr = _count1(u, s, floor, rules)
        if not nr:
            raise ValueError("no opponent hand scores %d or more" % floor)
        return nb, ne, nr - nb - ne, nr
    pairs = _PAIRS
    for i in range(3 * 496):
        pairs[i] = 0
    nb, ne, nr = _count2(u, s, floor, rules, pairs)
    c = len(u)
    cards = _CARDS if opponents > 2 else None
    db, dbe, dr = _disjoint_pairs(u, pairs, nb, ne, nr, cards)
    if not dr:
        raise ValueError("no two disjoint opponent hands score %d or more" % floor)
    if opponents == 2:
        return db, dbe - db, dr - dbe, dr
    n = opponents
    scratch = ([0] * c, _SCRATCH[0], _SCRATCH[1])   # the weights: exactly c places
    bn, bd, bs = _all_in(cards, 0, nb, db, n, c, scratch)
    ln, ld, ls = _all_in(cards, 1, nb + ne, dbe, n, c, scratch)
    if nr == _comb(c, 3):
        rn = rd = 1            # every hand is in range: no condition
        rs = 0
    else:
        rn, rd, rs = _all_in(cards, 2, nr, dr, n, c, scratch)
        if not rn:
            raise ValueError("%d disjoint opponent hands cannot all score %d or more"
                             % (n, floor))
    a = _scaled(ln * rd, ld * rn, ls - rs)
    w = _scaled(bn * rd, bd * rn, bs - rs)
    w = w if w < a else a
    return w, a - w, SCALE - a, SCALE


def _tabled(hand, n, variant, s, floor):
    """chances() from the tables (module header), or None for a floor they lack."""
    if not floor:
        from svara.exact import lookup
        w, a = lookup(hand, n, variant)
        if n == 1:
            return w, a - w, 3654 - a, 3654
        if n == 2:
            return w, a - w, 9500400 - a, 9500400
        return w, a - w, SCALE - a, SCALE
    from svara.exact import FLOORS, floored
    k = 0
    for f in FLOORS:
        if f == floor:
            break
        k += 1
    else:
        return None
    if s < floor:
        return 0, 0, SCALE, SCALE       # every opponent holds more: never a win or a tie
    got = floored(hand, n, variant, k)
    if got is None:
        return None
    w, t, total = got
    if not total:
        raise ValueError("%d disjoint opponent hands cannot all score %d or more"
                         % (n, floor))
    return w, t, total - w - t, total


def _comb(n, k):
    """n choose k (0 when k > n)."""
    if k > n:
        return 0
    v = 1
    for i in range(k):
        v = v * (n - i) // (i + 1)
    return v


def _weights(cards, k, c, w):
    """Card weights of class k (module header): 0 for a card in no hand of the class,
    2048 on average over the others (at most 32767), into the list w of c places.
    Small ints only: nothing is allocated."""
    e1 = s2 = 0
    for i in range(k, 3 * c, 3):
        v = cards[i]
        e1 += v
        s2 += v * v
    e2 = (e1 * e1 - s2) >> 1        # < 2^29: e1 = 6 x <= 6 * 3654
    d = (e2 >> 14) + 1
    total = live = 0
    for i in range(c):
        v = cards[3 * i + k]
        if v:
            v = (v << 19) // ((e2 - v * (e1 - v)) // d + 1)    # v <= 756: < 2^29
            v = v if v < 262143 else 262143
            total += v
            live += 1
        w[i] = v
    if not live:
        return
    mean = (total + (live >> 1)) // live
    for i in range(c):
        v = w[i]
        if v:
            v = ((v << 11) + (mean >> 1)) // mean
            w[i] = 1 if v < 1 else (v if v < 32767 else 32767)


def _means(w, top, m, x):
    """The means of the products of j of the weights, j = 0..top, into the lists m, x
    (mantissas, exponents): mean j = m[j] * 2^x[j], m[j] in 2^19..2^20 - 1 (or 0).
    Small ints only, rounded to nearest at every step (2^-20): nothing is allocated."""
    for j in range(top + 1):
        m[j] = 0
        x[j] = 0
    m[0] = 1 << 19
    x[0] = -19
    k = 0
    for v in w:
        k += 1
        j = k if k < top else top
        while j:
            # mean j over k weights = ((k - j) mean j + j v mean j-1) / k (v in 1/2048);
            # the mantissa is split so that every product stays below 2^30.
            a = (k - j) * m[j]
            ax = x[j]
            p = m[j - 1]
            hi = (p >> 10) * v
            b = ((hi >> 1) + (((p & 1023) * v + ((hi & 1) << 10) + 1024) >> 11)) * j
            bx = x[j - 1]
            if not b:
                s = a
                sx = ax
            elif not a:
                s = b
                sx = bx
            elif ax >= bx:
                d = ax - bx
                s = a + ((b + (1 << (d - 1))) >> d if d else b) if d < 30 else a
                sx = ax
            else:
                d = bx - ax
                s = b + ((a + (1 << (d - 1))) >> d) if d < 30 else b
                sx = bx
            s = (s + (k >> 1)) // k
            if s:
                d = 0
                while s >= 1048576 << d:
                    d += 1
                if d:
                    s = (s + (1 << (d - 1))) >> d
                    sx += d
                    if s >= 1048576:
                        s >>= 1
                        sx += 1
                while s < 524288:
                    s <<= 1
                    sx -= 1
            m[j] = s
            x[j] = sx
            j -= 1


def terms(cards, k, x, d2, n, c, w=None, m=None, e=None):
    """(pn, pd, rn, rd, ps, rs) for class k: P_w(n) = pn / pd * 2^ps and
    rho = rn / rd * 2^rs (module header).

    ``cards`` as filled by _disjoint_pairs, x the class's hands, d2 its ordered disjoint
    pairs; w, m, e: scratch lists of c, 28 and 28 places (made when None). Public for
    tools/gen/fit_odds.py, which fits the exponents on these very numbers."""
    t = _comb(c, 3)
    if w is None:
        w = [0] * c
        m = [0] * 28
        e = [0] * 28
    _weights(cards, k, c, w)
    _means(w, 3 * n, m, e)
    m3 = m[3]
    return (x ** n * m[3 * n], t ** n * m3 ** n, d2 * t * m3 * m3,
            _comb(c - 3, 3) * x * x * m[6], e[3 * n] - n * e[3], 2 * e[3] - e[6])


def _all_in(cards, k, x, d2, n, c, scratch):
    """P(all n hands in class k) as (numerator, denominator, shift): the chance is
    numerator / denominator * 2^shift, at most 1 (module header); 0 when not even two
    hands of the class are disjoint. Numerator and denominator are kept below 2^96 at
    every step (_fit), so no int grows past a few words however many opponents: the
    chance to about 50 bits, far finer than SCALE."""
    if not d2:
        return 0, 1, 0
    w, m, ex = scratch
    pn, pd, rn, rd, ps, rs = terms(cards, k, x, d2, n, c, w, m, ex)
    e = exponent(n, x, _comb(c, 3))
    sh = ps + e * rs
    if e < 0:
        rn, rd, e = rd, rn, -e
    rn, a = _fit(rn)
    rd, b = _fit(rd)
    rs = a - b
    qn = qd = 1                     # rho^e by squaring: q = qn / qd * 2^qs
    qs = 0
    while e:
        if e & 1:
            qn, a = _fit(qn * rn)
            qd, b = _fit(qd * rd)
            qs += a - b + rs
        e >>= 1
        if e:
            rn, a = _fit(rn * rn)
            rd, b = _fit(rd * rd)
            rs += rs + a - b
    pn, a = _fit(pn)
    pd, b = _fit(pd)
    pn, c = _fit(pn * qn)
    pd, d = _fit(pd * qd)
    sh += a - b + c - d + qs
    if _scaled(pn, pd, sh, 1) >= 1:
        return 1, 1, 0
    return pn, pd, sh


def _fit(v):
    """(v >> k, k): v cut to below 2^96 by a shift k, a multiple of 32 (v >= 0); what
    is cut keeps at least 64 bits."""
    k = 0
    while v >= _TOP:                # a comparison: nothing allocated
        v >>= 32
        k += 32
    return v, k


_TOP = 1 << 96


def _scaled(n, d, sh, scale=SCALE):
    """min(scale, floor(n * 2^sh * scale / d)) for 0 <= n < 2^192, 0 < d < 2^192,
    scale < 2^20."""
    if not n:
        return 0
    if sh >= 0:
        if sh > 220:           # n >= 1 and d * scale < 2^212: far above 1
            return scale
        v = (n << sh) * scale // d
    else:
        if sh < -220:          # n * scale < 2^212: far below 1
            return 0
        v = n * scale // (d << -sh)
    return v if v < scale else scale


def exponent(n, x, t):
    """E of the module header: C(n, 2) plus the fitted byte for n and x / t in eighths."""
    from svara._odds_table import EXTRA
    b = 8 * x // t
    return n * (n - 1) // 2 + EXTRA[(n - 3) * 8 + (b if b < 7 else 7)] - 128


def tenths(hand, opponents, rules=None, dead=()):
    """(win, tie, lose) in tenths of a percent, adding up to exactly 1000 (for a screen)."""
    w, t, l, total = chances(hand, opponents, rules, dead)
    a = (w * 1000 + total // 2) // total
    b = ((w + t) * 1000 + total // 2) // total
    return a, b - a, 1000 - b
