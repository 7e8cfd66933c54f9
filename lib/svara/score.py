# Hand points by table lookup (RULES.md, "Hand points"): all 4960 hands are in
# ``_score_table.TABLE`` at the combinatorial index C(hi, 3) + C(mid, 2) + lo of the
# sorted codes, read through rows (``ROWS[hi]``, a memoryview); the point variants need
# no second table. docs/ENGINE.md ("The scorer") says how, and why a bad card ends in
# one ValueError. Scoring allocates nothing (a MicroPython test holds the heap locked
# around it). (Comments here, not in the function: there each line costs heap.)
from svara._score_table import TABLE

# C(n, 2) for n = 0..31.
C2 = (0, 0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105, 120, 136, 153, 171,
      190, 210, 231, 253, 276, 300, 325, 351, 378, 406, 435, 465)

# The rows of TABLE by highest card (C(h, 3) = h * C(h - 1, 2) / 3); no hand tops at 0 or 1.
# svara.odds counts the hands through ROWS and C2 too.
ROWS = tuple(memoryview(TABLE)[h * C2[h - 1] // 3:h * C2[h - 1] // 3 + C2[h]] if h > 1 else b""
             for h in range(32))


def score(a, b, c, rules=None, _R=ROWS, _C2=C2, _B=bool):
    """Points of three different cards 0..31 in any order, under ``rules`` (None: defaults)."""
    try:
        if rules is not None:
            v = rules.points_variant    # AttributeError when rules is not a svara.Rules
            p = score(a, b, c)  # ValueError for bad cards
            if v & 1 and not (a and b and c):
                s = 1
                while s == a or s == b or s == c:
                    s += 1
                a ^= s
                b ^= s
                c ^= s
                p = score(a, b, c)
            if v & 2 and (a < 4) + (b < 4) + (c < 4) == 2:
                x = max(a, b, c)
                t = x & 3
                p = min(x // 4 + 7, 10) + x // 28  # x: 8 9 10 J Q K A score 8 9 10 10 10 10 11
                p += 7 * (t == a or t == b or t == c)  # the seven of x's suit is in the hand
                if not (a and b and c):  # the joker (on: else it left above) is 11 ...
                    p += 11 if t else 4  # ... and no club, so a club x gives its 7 back
            return p
        if _B(a) is a or _B(b) is b or _B(c) is c:
            raise TypeError  # True and False are not cards
        if a < b:
            if b < c:
                if a >= 0:                      # a < b < c
                    return _R[c][_C2[b] + a]
            elif a < c:
                if a >= 0:                      # a < c <= b
                    return _R[b][_C2[c] + a]
            elif c != a and c >= 0:             # c < a < b
                return _R[b][_C2[a] + c]
        elif a < c:
            if a != b and b >= 0:               # b < a < c
                return _R[c][_C2[a] + b]
        elif b < c:
            if b >= 0:                          # b < c <= a
                return _R[a][_C2[c] + b]
        elif c != b and c >= 0:                 # c < b <= a
            return _R[a][_C2[b] + c]
    except Exception:
        pass
    raise ValueError("not 3 different cards 0..31 and a svara.Rules: %r %r %r %r"
                     % (a, b, c, rules))
