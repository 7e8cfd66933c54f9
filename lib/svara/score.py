# Hand points by table lookup (RULES.md, "Hand points").
#
# All 4960 hands are in ``_score_table.TABLE``, at the combinatorial index
# C(hi, 3) + C(mid, 2) + lo of the sorted codes lo < mid < hi. The point variants need
# no second table: with the joker off, the 7c is a plain seven, and swapping clubs with
# a suit whose seven is not in the hand gives a joker-free hand with the same points;
# with two sevens off, the hands holding two sevens follow a short formula.
# Scoring allocates nothing (a MicroPython test holds the heap locked around it).
from svara._score_table import TABLE

# C(n, 3) and C(n, 2) for n = 0..31. A code of 32 or more is an IndexError here.
_C3 = (0, 0, 0, 1, 4, 10, 20, 35, 56, 84, 120, 165, 220, 286, 364, 455, 560, 680, 816,
       969, 1140, 1330, 1540, 1771, 2024, 2300, 2600, 2925, 3276, 3654, 4060, 4495)
_C2 = (0, 0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105, 120, 136, 153, 171,
       190, 210, 231, 253, 276, 300, 325, 351, 378, 406, 435, 465)
_POINTS = b"\x07\x08\x09\x0a\x0a\x0a\x0a\x0b"  # by rank: 7 8 9 10 J Q K A


def _variant(a, b, c, v):
    """Points of the valid hand (a, b, c) under rules.points_variant v: 1 joker off, 2 two sevens off."""
    if a > 31 or b > 31 or c > 31:
        raise IndexError  # score() turns it into its ValueError
    if v & 1 and not (a and b and c):
        # The 7c is a plain seven: swap clubs with a suit s whose seven is not in the
        # hand; the hand keeps its points and no longer holds the 7c.
        s = 1
        while s == a or s == b or s == c:
            s += 1
        a = a ^ s if a & 3 == 0 or a & 3 == s else a
        b = b ^ s if b & 3 == 0 or b & 3 == s else b
        c = c ^ s if c & 3 == 0 or c & 3 == s else c
        return _variant(a, b, c, v & 2)
    if v & 2 and (a < 4) + (b < 4) + (c < 4) > 1:
        # Two sevens y, z (codes 0..3) and a card x: they are not worth 23.
        x = max(a, b, c)
        if x < 4:
            return 34  # three sevens
        y = min(a, b, c)
        z = a + b + c - x - y
        p = _POINTS[x >> 2]
        if y == 0 and not v & 1:  # the joker joins z's suit or x's
            return 11 + (7 + p if z & 3 == x & 3 else max(7, p))
        return 7 + p if x & 3 == y & 3 or x & 3 == z & 3 else max(7, p)
    return score(a, b, c)


def score(a, b, c, rules=None, _t=TABLE, _3=_C3, _2=_C2):
    """Points of the hand of three distinct card codes a, b, c, in any order.

    ``rules`` (a svara.Rules) picks the point variants; None means the defaults.
    A bad card (not an int 0..31, or repeated) raises ValueError.
    (The last three parameters are not for callers: they make the tables local
    variables, which MicroPython reads faster than globals.)
    """
    # A decision tree on strict comparisons finds the order without swapping; each
    # branch tests the ties it allows and that its smallest card is >= 0. An int over
    # 31 is an IndexError in _3 or _2, a non-int a TypeError: all end in ValueError.
    try:
        if a < b:
            if b < c:
                if a >= 0:                              # a < b < c
                    if not rules:
                        return _t[_3[c] + _2[b] + a]
                    return _variant(a, b, c, rules.points_variant)
            elif a < c:
                if c != b and a >= 0:                   # a < c < b
                    if not rules:
                        return _t[_3[b] + _2[c] + a]
                    return _variant(a, b, c, rules.points_variant)
            elif c != a and c >= 0:                     # c < a < b
                if not rules:
                    return _t[_3[b] + _2[a] + c]
                return _variant(a, b, c, rules.points_variant)
        elif a < c:
            if a != b and b >= 0:                       # b < a < c
                if not rules:
                    return _t[_3[c] + _2[a] + b]
                return _variant(a, b, c, rules.points_variant)
        elif b < c:
            if c != a and b >= 0:                       # b < c < a
                if not rules:
                    return _t[_3[a] + _2[c] + b]
                return _variant(a, b, c, rules.points_variant)
        elif c != b and b != a and c >= 0:              # c < b < a
            if not rules:
                return _t[_3[a] + _2[b] + c]
            return _variant(a, b, c, rules.points_variant)
    except (TypeError, IndexError, OverflowError):
        pass
    raise ValueError("not three different card codes (ints 0..31): %r %r %r" % (a, b, c))
