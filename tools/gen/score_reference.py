"""The plain, reading-by-reading hand scorer of RULES.md ("Hand points").

This is the specification in code: tools/gen/score_table.py builds the byte table that
lib/svara/score.py looks up from it, the tests compare the two, and `make bench` runs
it under MicroPython as the "plain scorer". It stays on the host (it is not shipped).
Written to run on CPython and MicroPython alike.
"""

JOKER = 0  # 7 of clubs
_POINTS = (7, 8, 9, 10, 10, 10, 10, 11)  # by rank index: 7 8 9 10 J Q K A
_ACE = 7
_SEVEN = 0


def reference_score(a, b, c, joker=True, two_sevens=True):
    """Points of the hand (a, b, c) of distinct card codes, by trying every reading."""
    hand = (a, b, c)
    ranks = [code >> 2 for code in hand]
    has_joker = joker and JOKER in hand
    plain = [code for code in hand if not (has_joker and code == JOKER)]
    bonus = 11 if has_joker else 0
    best = 0
    # One suit: the suit's cards' points (the joker is not counted there) + 11 for the joker.
    for s in range(4):
        cards = [code for code in plain if code & 3 == s]
        if cards:
            best = max(best, sum(_POINTS[code >> 2] for code in cards) + bonus)
    # Aces: 11 per ace, whatever its suit, + 11 for the joker.
    aces = sum(1 for code in plain if code >> 2 == _ACE)
    if aces:
        best = max(best, 11 * aces + bonus)
    # The joker with a pair: 11 + the pair's points.
    if has_joker and plain[0] >> 2 == plain[1] >> 2:
        best = max(best, 11 + 2 * _POINTS[plain[0] >> 2])
    # Two sevens (the 7 of clubs counts as a seven): 23.
    sevens = ranks.count(_SEVEN)
    if two_sevens and sevens >= 2:
        best = max(best, 23)
    # Three of a kind: three times the rank's points; three sevens: 34.
    if ranks[0] == ranks[1] == ranks[2]:
        best = max(best, 34 if ranks[0] == _SEVEN else 3 * _POINTS[ranks[0]])
    return best
