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
_buf = bytearray(5)


def lookup(hand, n, variant):
    """(win, win or tie) in millionths against n = 3..9 opponents from _exact_v<variant>,
    read in place by offset (svara.data): a few bytes into a small buffer, never the
    table's 13 KB in RAM where the code is not frozen."""
    a, b, c = canonical(hand, variant)
    t = _TABLES[variant]
    if t is None:
        from svara.data import Table
        t = _TABLES[variant] = Table("svara._exact_v%d" % variant, ("REPS", "TABLE"), True)
    t.open()
    try:
        d = _buf
        lo = 0
        hi = t.size(0) // 3
        while lo < hi:              # the classes are sorted: binary search
            mid = (lo + hi) >> 1
            t.read(0, 3 * mid, d, 3)
            if (d[0], d[1], d[2]) < (a, b, c):
                lo = mid + 1
            else:
                hi = mid
        if lo * 3 >= t.size(0):
            raise ValueError("no class for the hand %r" % (hand,))
        t.read(0, 3 * lo, d, 3)
        if (d[0], d[1], d[2]) != (a, b, c):
            raise ValueError("no class for the hand %r" % (hand,))
        t.read(1, 5 * (7 * lo + n - 3), d)
    finally:
        t.close()
    w = d[0] | (d[1] << 8) | ((d[2] & 15) << 16)
    return w, (d[2] >> 4) | (d[3] << 4) | (d[4] << 12)
