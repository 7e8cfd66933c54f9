"""Scorer checks that run unchanged on CPython (pytest) and MicroPython (tools/mp/wasm.py)."""
from harness import raises
import svara
from svara.rules import Rules

# RULES.md, "Hand points": every example of the seeds, with its points.
EXAMPLES = (
    ("7♥ 9♦ 9♣", 9), ("10♠ 10♦ 10♣", 30), ("8♣ K♥ 9♦", 10), ("K♥ 9♥ Q♣", 19),
    ("Q♣ Q♥ 9♦", 10), ("A♠ A♦ 10♣", 22), ("8♠ A♦ 7♣", 22), ("10♦ 9♦ J♦", 29),
    ("Q♣ Q♥ Q♦", 30), ("7♣ K♥ K♦", 31), ("7♣ A♥ A♦", 33), ("Q♦ K♦ 10♠", 20),
    ("10♠ 8♠ K♥", 18), ("8♥ 9♠ 7♣", 20), ("10♠ 10♦ A♣", 11), ("J♠ Q♦ 10♣", 10),
    ("7♣ A♥ K♥", 32), ("A♣ A♥ A♦", 33), ("7♣ 7♥ 7♦", 34), ("7♥ 7♦ 9♠", 23),
)

ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def test_every_example_hand_of_the_rules():
    for text, points in EXAMPLES:
        hand = svara.parse(text)
        for o in ORDERS:
            got = svara.score(hand[o[0]], hand[o[1]], hand[o[2]])
            assert got == points, (text, o, got, points)


def test_worst_hand_is_eight():
    # RULES.md: 7♥ 8♦ 8♠ scores 8, lower than the seeds' "worst hand".
    assert svara.score(*svara.parse("7h 8d 8s")) == 8


def test_variants_change_only_what_they_name():
    no_joker = Rules(joker=False)
    no_sevens = Rules(two_sevens=False)
    neither = Rules(joker=False, two_sevens=False)
    assert svara.score(*svara.parse("7c Kh Kd"), rules=no_joker) == 10   # no joker, no pair reading
    assert svara.score(*svara.parse("7c Ah Ad"), rules=no_joker) == 22
    assert svara.score(*svara.parse("7c Ah Kh"), rules=no_joker) == 21
    assert svara.score(*svara.parse("7c 7h 9s"), rules=no_joker) == 23   # still two sevens
    assert svara.score(*svara.parse("7c 7h 9s"), rules=neither) == 9
    assert svara.score(*svara.parse("7h 7d 9s"), rules=no_sevens) == 9
    assert svara.score(*svara.parse("7c 7h 9s"), rules=no_sevens) == 20  # joker + 9
    assert svara.score(*svara.parse("7c 7h 7d"), rules=neither) == 34    # three sevens stay
    assert svara.score(*svara.parse("10s 10d Ac"), rules=neither) == 11  # no seven: unchanged
    assert svara.score(*svara.parse("7c Kh Kd"), rules=Rules()) == 31


def test_all_orders_agree_on_every_hand():
    for c in range(32):
        for b in range(c):
            for a in range(b):
                h = (a, b, c)
                p = svara.score(a, b, c)
                assert 8 <= p <= 34
                for o in ORDERS:
                    assert svara.score(h[o[0]], h[o[1]], h[o[2]]) == p, h


def test_bad_cards_raise_value_error():
    for bad in ((1, 1, 2), (2, 1, 1), (1, 2, 1), (0, 0, 0), (5, 5, 5), (-1, 2, 3),
                (3, 2, -1), (-3, -2, -1), (-40, -50, -60), (32, 1, 2), (1, 2, 32),
                (1 << 40, 1, 2), (1.0, 2, 3), (2, 3, 1.5), ("a", 1, 2), (None, 1, 2)):
        for o in ORDERS:
            msg = raises(svara.score, bad[o[0]], bad[o[1]], bad[o[2]])
            assert "card" in msg, msg


def test_parse_and_name():
    assert svara.parse("7c 10d Jh As") == (0, 13, 18, 31)
    assert svara.parse("7♣ K♥ K♦") == (0, 26, 25)
    assert svara.parse("td TD 10d".split()[0]) == (13,)
    assert svara.parse("js, QH ,kS") == (19, 22, 27)
    assert svara.parse("") == ()
    names = [svara.name(c) for c in range(32)]
    assert names[0] == "7c" and names[13] == "10d" and names[31] == "As"
    assert svara.parse(" ".join(names)) == tuple(range(32))


def test_bad_text_names_the_token():
    assert "Xz" in raises(svara.parse, "7c Xz As")
    assert "11h" in raises(svara.parse, "11h")
    assert "Q" in raises(svara.parse, "Q")
    assert "duplicate" in raises(svara.parse, "7c Jh 7C")
    assert "card" in raises(svara.name, 32)
    assert "card" in raises(svara.name, -1)


def test_mp_scoring_allocates_nothing():
    try:
        import micropython
    except ImportError:
        return  # MicroPython only: CPython has no heap lock
    score = svara.score
    rules = Rules(joker=False, two_sevens=False)
    micropython.heap_lock()
    try:
        total = 0
        for c in range(2, 32):
            for b in range(1, c):
                total += score(c, 0, b) + score(b, c, 0) + score(0, b, c, rules)
    finally:
        micropython.heap_unlock()
    assert total > 0
