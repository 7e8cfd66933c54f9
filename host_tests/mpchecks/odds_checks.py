"""Exact-odds checks that run unchanged on CPython (pytest) and MicroPython."""
from harness import raises
import svara
from svara import exact, odds
from svara.rules import Rules

# Computed on CPython: MicroPython must give the very same digits (integers only).
# Without dead cards or a floor they come from the exact tables (the first four: the
# counts of tools/gen/data/exact_odds_v*.txt, rounded); with table=False (None below) and
# with dead cards, the estimate counted now; with a floor of svara.exact.FLOORS, the
# floor tables (svara._floor_v*: 1 opponent the exact counts, 2 the exact chances in
# millionths, 3 or more the estimate of the class's own hand in 4000ths; below our
# points, never a win or a tie).
DIGITS = (
    ('Jh Qh 9s', 3, None, '', 0, (201560, 157600, 640840, 1000000)),
    ('Jh Qh 9s', 9, None, '', 0, (1312, 8489, 990199, 1000000)),
    ('7c Ah Kh', 3, None, '', 0, (998359, 0, 1641, 1000000)),
    ('Kh 9h Qc', 6, Rules(joker=False), '', 0, (37810, 46633, 915557, 1000000)),
    ('Jh Qh 9s', 9, None, '', None, (1341, 9132, 989527, 1000000)),
    ('Ah Ad 9s', 5, None, '', 20, (85250, 22750, 892000, 1000000)),
    ('7d 7h Kh', 4, Rules(two_sevens=False), 'Ac 10d', 15, (0, 11, 999989, 1000000)),
    ('Qc Qh Qd', 8, None, '', 23, (9250, 158000, 832750, 1000000)),
    ('Ah Ad 9s', 1, None, '', 20, (849, 61, 415, 1325)),
    ('Kd Qd 9d', 2, Rules(joker=False), '', 19, (882791, 40470, 76739, 1000000)),
    ('Jh Qh 9s', 2, None, '', 25, (0, 0, 1000000, 1000000)),
)

# A hand's class for the exact tables (svara.exact.canonical), by point variant: the
# least image under the symmetries, the same on both interpreters.
CLASSES = (
    ("Jh Qh 9s", 0, (9, 14, 18)), ("7c Ah Kh", 0, (0, 13, 29)), ("Kh 9h Qc", 1, (8, 12, 17)),
    ("10s Jd 7c", 1, (0, 13, 18)), ("Ad Ks 8h", 2, (5, 14, 31)), ("7h 7s Qd", 3, (0, 1, 14)),
)

DEALS = (  # (hand, dead cards): 12 unseen cards, small enough to list every deal here
    ("7c Kh Kd", "7d 7h 7s 8c 8d 8h 9c 9d 9h 10c 10d 10h Jc Jd Jh Qc Qd"),
    ("Ah Ad 9s", "7c 7d 8c 8d 8h 9c 9d 9h 10c 10d 10h Jc Jd Qc Qd Kc Kd"),
    ("10s 8s Kh", "7c 7d 7h 8c 8d 9c 9d 10c 10d Jc Jd Jh Qc Qd Qh Kc Kd"),
    ("8h 9s 7c", "7d 8c 8d 9c 9d 10c 10d 10h Jc Jd Jh Qc Qd Qh Kc Kd Ac"),
)


def brute_force(hand, dead, opponents, rules=None, floor=0):
    """(win, tie, lose, total) by listing every deal of 1 or 2 opponent hands."""
    s = svara.score(hand[0], hand[1], hand[2], rules)
    unseen = [c for c in range(32) if c not in hand and c not in dead]
    hands = []
    for i in range(len(unseen)):
        for j in range(i):
            for k in range(j):
                a, b, c = unseen[i], unseen[j], unseen[k]
                p = svara.score(a, b, c, rules)
                if p >= floor:
                    hands.append((1 << a | 1 << b | 1 << c, p))
    out = [0, 0, 0]
    for m1, p1 in hands:
        if opponents == 1:
            out[0 if p1 < s else (1 if p1 == s else 2)] += 1
            continue
        for m2, p2 in hands:
            if not m1 & m2:
                p = max(p1, p2)
                out[0 if p < s else (1 if p == s else 2)] += 1
    return out[0], out[1], out[2], out[0] + out[1] + out[2]


def test_every_deal_counted_for_one_and_two_opponents():
    for rules in (None, Rules(joker=False), Rules(two_sevens=False)):
        for hand, dead in DEALS:
            hand, dead = svara.parse(hand), svara.parse(dead)
            for n in (1, 2):
                for floor in (0, 19):
                    got = odds.chances(hand, n, rules, dead, floor)
                    assert got == brute_force(hand, dead, n, rules, floor), (hand, n, floor)


def test_the_counts_add_up_and_order_the_hands():
    strong = odds.chances(svara.parse("7c 7h 7d"), 2)
    assert strong[2] == 0 and strong[1] == 0 and strong[0] == strong[3]
    assert odds.chances(svara.parse("7c 7h 7d"), 1) == (3654, 0, 0, 3654)
    # 7c Ah Kh (32): only three sevens (34) and the two hands of 33 beat it.
    last = None
    for n in (1, 2, 3, 4, 6, 9):
        w, t, l, total = odds.chances(svara.parse("7c Ah Kh"), n)
        assert w + t + l == total and w > 0 and l > 0
        if last is not None:
            assert w * last[3] < last[0] * total   # more opponents: less to win
        last = (w, t, l, total)
    assert odds.chances(svara.parse("7c Ah Kh"), 3)[3] == odds.SCALE
    # The worst hand (8 points) never wins against one opponent.
    w, t, l, total = odds.chances(svara.parse("7h 8d 8s"), 1)
    assert w == 0 and t > 0 and l > 0


def test_dead_cards_and_floor_change_the_chances_as_they_should():
    hand = svara.parse("Ah Ad 9s")
    w0, t0, l0, n0 = odds.chances(hand, 1)
    # With the other two aces and the joker dead, no opponent can make 22 (a tie needs
    # aces: no three cards of one suit without an ace add up to 22), and he loses less.
    w1, t1, l1, n1 = odds.chances(hand, 1, None, svara.parse("Ac As 7c"))
    assert t0 > 0 and n1 == 2600 and t1 == 0 and l1 * n0 < l0 * n1
    # Against hands of 20 points or more a 22 wins less often.
    w2, t2, l2, n2 = odds.chances(hand, 1, None, (), 20)
    assert n2 < n0 and w2 * n0 < w0 * n2


def test_bad_input_raises_value_error():
    assert "three" in raises(odds.chances, (1, 2), 1)
    assert "repeated" in raises(odds.chances, (1, 1, 2), 1)
    assert "repeated" in raises(odds.chances, (1, 2, 3), 1, None, (3,))
    assert "bad" in raises(odds.chances, (1, 2, 32), 1)
    assert "opponents" in raises(odds.chances, (1, 2, 3), 0)
    assert "opponents" in raises(odds.chances, (1, 2, 3), 10)
    assert "cannot deal" in raises(odds.chances, (1, 2, 3), 2, None, tuple(range(4, 28)))
    assert "no opponent" in raises(odds.chances, (1, 2, 3), 1, None, (), 35)


def test_percent_rounds_to_tenths_that_add_up_to_1000():
    for text in ("7c Kh Kd", "8h 9s 7c", "7h 8d 8s", "Ah Ad 9s"):
        for n in (1, 2, 5):
            w, t, l = odds.tenths(svara.parse(text), n)
            assert w + t + l == 1000 and min(w, t, l) >= 0
    assert odds.tenths(svara.parse("7c 7h 7d"), 1) == (1000, 0, 0)


def test_three_or_more_opponents_give_the_same_digits_on_both_interpreters():
    for text, n, rules, dead, floor, want in DIGITS:
        hand = svara.parse(text)
        dead = svara.parse(dead) if dead else ()
        if floor is None:                       # the estimate, as the bots ask
            got = odds.chances(hand, n, rules, dead, 0, False)
        else:
            got = odds.chances(hand, n, rules, dead, floor)
        assert got == want, (text, n, got, want)


def test_a_hand_finds_its_class_on_both_interpreters():
    for text, variant, want in CLASSES:
        assert exact.canonical(svara.parse(text), variant) == want, (text, variant)


def test_three_or_more_opponents_behave_like_chances():
    hand = svara.parse("Jh Qh 9s")
    last = odds.chances(hand, 2)
    for n in range(3, 10):
        w, t, l, total = odds.chances(hand, n)
        assert total == odds.SCALE and w + t + l == total and min(w, t, l) >= 0
        # One more opponent: less to win, and less not to lose.
        assert w * last[3] < last[0] * total
        assert (w + t) * last[3] < (last[0] + last[1]) * total
        last = (w, t, l, total)
    # Three sevens never lose and never tie; the worst hand never wins.
    assert odds.chances(svara.parse("7c 7h 7d"), 5) == (odds.SCALE, 0, 0, odds.SCALE)
    assert odds.chances(svara.parse("7h 8d 8s"), 4)[0] == 0
    # Against opponents who hold 20 or more, 22 wins less often; with the other two
    # aces and the joker dead, nobody can tie a pair of aces (22).
    aces = svara.parse("Ah Ad 9s")
    w0 = odds.chances(aces, 4)[0]
    assert odds.chances(aces, 4, None, (), 20)[0] < w0
    assert odds.chances(aces, 4, None, svara.parse("Ac As 7c"))[1] == 0


def test_the_tables_answer_what_the_counting_path_counts():
    # The tables (what the * key and the bots read) hold the counting path's answers,
    # here on this interpreter: 1 and 2 opponents without a floor and 1 with one, the
    # very counts; 2 with a floor, its chances rounded to millionths.
    for text, rules in (("Ah Ad 9s", None), ("10s Jd 7c", Rules(joker=False)),
                        ("7h 7s Qd", Rules(two_sevens=False))):
        hand = svara.parse(text)
        for floor in (0, 15, 21):
            if floor > svara.score(hand[0], hand[1], hand[2], rules):
                continue
            for n in (1, 2):
                w, t, l, total = odds.chances(hand, n, rules, (), floor, False)
                got = odds.chances(hand, n, rules, (), floor)
                if n == 1 or not floor:
                    assert got == (w, t, l, total), (text, floor, n)
                else:
                    a = ((w + t) * 2000000 + total) // (2 * total)
                    w = (w * 2000000 + total) // (2 * total)
                    assert got == (w, a - w, 1000000 - a, 1000000), (text, floor, n)
    # 3 or more with a floor: the estimate of the class's own hand, counted here, to 250.
    hand = svara.parse("Qh Ah Kh")
    own = exact.canonical(hand, 0)
    for n in (3, 6, 9):
        w, t, l, total = odds.chances(own, n, None, (), 22, False)
        a = ((w + t) * 8000 + total) // (2 * total) * 250
        w = (w * 8000 + total) // (2 * total) * 250
        assert odds.chances(hand, n, None, (), 22) == (w, a - w, 1000000 - a, 1000000)
