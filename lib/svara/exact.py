# Exact chances against 3 to 9 opponents (svara.odds.chances asks here when no card is
# dead and no floor is set): the tables _exact_v<points variant> that tools/gen/exact_odds.py
# counts, every deal of the 29 unseen cards by inclusion-exclusion over the cards dealt.
# Hands alike under the game's symmetries (the suits ♦ ♥ ♠ swapped, ♣ too without the
# joker; the ranks 10 J Q K swapped) share one entry: 337 classes with the joker, 116
# without. Its own module, so that the bots, which import svara.odds, do not carry it.


def canonical(hand, variant=0):
    """The hand's class under the point variant (svara.rules' points_variant): the least
    (a, b, c), a < b < c, among the images of the hand under the symmetries that keep
    every hand's points (the module header)."""
    best = 1 << 15
    for s0 in ((0, 1, 2, 3) if variant & 1 else (0,)):
        for s1 in (0, 1, 2, 3):
            if s1 == s0 or not (s1 or variant & 1):
                continue
            for s2 in (0, 1, 2, 3):
                if s2 == s0 or s2 == s1 or not (s2 or variant & 1):
                    continue
                s3 = 6 - s0 - s1 - s2
                best = _ranks(hand, (s0, s1, s2, s3), best)
    return best >> 10, (best >> 5) & 31, best & 31


def _ranks(hand, suit, best):
    """The least key (a << 10 | b << 5 | c) of the hand's images under the suit map
    ``suit`` and every permutation of the ranks 10 J Q K, or ``best`` if that is less."""
    rank = [0, 1, 2, 3, 4, 5, 6, 7]
    for r3 in (3, 4, 5, 6):
        for r4 in (3, 4, 5, 6):
            if r4 == r3:
                continue
            for r5 in (3, 4, 5, 6):
                if r5 == r3 or r5 == r4:
                    continue
                rank[3] = r3
                rank[4] = r4
                rank[5] = r5
                rank[6] = 18 - r3 - r4 - r5
                x, y, z = hand
                a = 4 * rank[x >> 2] + suit[x & 3]
                b = 4 * rank[y >> 2] + suit[y & 3]
                c = 4 * rank[z >> 2] + suit[z & 3]
                if a > b:
                    a, b = b, a
                if b > c:
                    b, c = c, b
                    if a > b:
                        a, b = b, a
                k = (a << 10) | (b << 5) | c
                if k < best:
                    best = k
    return best


_TABLES = [None] * 4        # svara.data.Table per point variant, made on first use
_FLOORS = [None] * 4        # the same for the bots' floors (svara._floor_v<variant>):
                            # kept once imported (a bot asks many times a game)
_CLASSES = []               # the Table of svara._classes, kept once made (as _FLOORS)
_buf = bytearray(9)
_last = [None, 0, -1]       # the last (hand, variant) asked and its class's row: a bot
                            # asks for the same hand at several floors and counts


def _table(variant):
    t = _TABLES[variant]
    if t is None:
        from svara.data import Table
        t = _TABLES[variant] = Table("svara._exact_v%d" % variant, ("REPS", "TABLE", "FEW"),
                                     True)
    return t.open()


def row(hand, variant):
    """The row of the hand's class in the tables of the variant: svara._classes holds it
    for each of the 4960 hands (tools/gen/exact_odds.py: the row of canonical(hand) in
    REPS), read at the hand's index C(c, 3) + C(b, 2) + a, a < b < c (svara.score's)."""
    last = _last
    if last[1] == variant and last[0] == hand:
        return last[2]
    a, b, c = hand
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
        if a > b:
            a, b = b, a
    i = c * (c - 1) * (c - 2) // 6 + b * (b - 1) // 2 + a
    if not _CLASSES:
        from svara.data import Table
        _CLASSES.append(Table("svara._classes", ("ROW0", "HIGH0", "ROW1")))
    t = _CLASSES[0].open()
    d = _buf
    try:
        if variant & 1:
            k = t.read(2, i, d, 1)[0]
        else:
            t.read(1, i >> 3, d, 1)
            k = ((d[0] >> (i & 7)) & 1) << 8
            k |= t.read(0, i, d, 1)[0]
    finally:
        t.close()
    last[0] = hand if type(hand) is tuple else tuple(hand)
    last[1] = variant
    last[2] = k
    return k


def _int(d, i, k):
    """The k-byte little-endian whole number at d[i:i + k]."""
    v = 0
    while k:
        k -= 1
        v = (v << 8) | d[i + k]
    return v


def lookup(hand, n, variant):
    """(win, win or tie) against n opponents from _exact_v<variant>, read in place by
    offset (svara.data): a few bytes into a small buffer, never the table's 13 KB in RAM
    where the code is not frozen. n = 1, 2: the exact counts of deals (of 3654, of
    3654 x 2600); n = 3..9: in millionths."""
    i = row(hand, variant)
    t = _table(variant)
    try:
        d = _buf
        if n < 3:
            t.read(2, 9 * i, d)
            if n == 1:
                v = _int(d, 0, 3)
                return v & 4095, (v & 4095) + (v >> 12)
            w = _int(d, 3, 3)
            return w, w + _int(d, 6, 3)
        t.read(1, 5 * (7 * i + n - 3), d, 5)
    finally:
        t.close()
    w = d[0] | (d[1] << 8) | ((d[2] & 15) << 16)
    return w, (d[2] >> 4) | (d[3] << 4) | (d[4] << 12)


# The floors the bots read from bets (svara.bots), each with its chances in
# svara._floor_v<variant> for every class whose points reach it (tools/gen/floor_odds.py):
# 1 opponent at every floor, 2 to 9 at every floor but 18 (which only a caller's read
# against one opponent asks).
FLOORS = (15, 18, 19, 20, 21, 22, 23, 25)
MANY = 26       # bytes a class and floor of 2 to 9 opponents: 5 for 2, 3 for each more


def floored(hand, n, variant, k):
    """(win, tie, total) against n opponents who all hold FLOORS[k] points or more (our
    points reach it), from _floor_v<variant>: n = 1 the exact counts of deals, n = 2 the
    exact chances in millionths, n = 3..9 svara.odds' estimate in millionths, to 250
    (total 0: no such deal; None: not in the tables)."""
    if n > 1 and FLOORS[k] == 18:
        return None
    f = _FLOORS[variant]
    if f is None:
        from svara.data import Table
        f = _FLOORS[variant] = Table("svara._floor_v%d" % variant, ("AT", "ONE", "MANY"))
    i = row(hand, variant)
    d = _buf
    f.open()
    try:
        f.read(0, 4 * i, d, 4)
        if n == 1:
            f.read(1, 5 * (d[0] + (d[1] << 8) + k), d, 5)
            v = _int(d, 0, 5)
            return v & 4095, (v >> 12) & 4095, v >> 24
        at = MANY * (d[2] + (d[3] << 8) + k - (k > 1))
        if n == 2:
            f.read(2, at, d, 5)
            v = _int(d, 0, 5)
            w = v & 0xFFFFF
            return w, (v >> 20) - w, 1000000
        f.read(2, at + 5 + 3 * (n - 3), d, 3)
    finally:
        f.close()
    v = _int(d, 0, 3)
    if v == 0xFFFFFF:
        return 0, 0, 0
    w = (v & 4095) * 250
    return w, (v >> 12) * 250 - w, 1000000
