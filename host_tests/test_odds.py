"""Exact chances (svara.odds): every deal counted for 1 and 2 opponents on the full deck,
a long seeded simulation for 3 to 5, and the same checks under MicroPython."""
import os
import random
import sys
from itertools import combinations

import pytest

from conftest import ROOT, check_names, run_checks_on_micropython

import svara
from svara import odds

sys.path.insert(0, os.path.join(ROOT, "host_tests"))
from mpchecks import odds_checks  # noqa: E402


@pytest.mark.parametrize("name", check_names("odds_checks"))
def test_on_cpython(name):
    getattr(odds_checks, name)()


def test_same_checks_on_micropython(micropython):
    run_checks_on_micropython(micropython, "odds_checks")


def classify(hand):
    """The unseen hands' card masks, split into below / equal / above our points."""
    s = svara.score(*hand)
    unseen = [c for c in range(32) if c not in hand]
    out = ([], [], [])
    for a, b, c in combinations(unseen, 3):
        p = svara.score(a, b, c)
        out[0 if p < s else (1 if p == s else 2)].append(1 << a | 1 << b | 1 << c)
    return out


def test_one_opponent_every_deal_for_every_hand_of_a_sample():
    rng = random.Random(61)
    hands = [tuple(rng.sample(range(32), 3)) for _ in range(60)] + [svara.parse("7h 8d 8s")]
    for hand in hands:
        below, equal, above = classify(hand)
        n = len(below) + len(equal) + len(above)
        assert n == 3654
        assert odds.chances(hand, 1) == (len(below), len(equal), len(above), n)


@pytest.mark.parametrize("text", ["Jh Qh 9s", "7c Ah 9d", "10s 10d 10c"])
def test_two_opponents_every_deal_of_the_full_deck(text):
    # All 3654 * 2600 ordered pairs of disjoint opponent hands, compared one by one.
    hand = svara.parse(text)
    below, equal, above = classify(hand)
    low = below + equal
    both_below = sum(sum(1 for m in below if not m & m1) for m1 in below)
    both_low = sum(sum(1 for m in low if not m & m1) for m1 in low)
    total = 3654 * 2600
    assert odds.chances(hand, 2) == (both_below, both_low - both_below, total - both_low, total)


def simulate(hand, n, deals, seed):
    s = svara.score(*hand)
    unseen = [c for c in range(32) if c not in hand]
    rng = random.Random(seed)
    win = tie = 0
    for _ in range(deals):
        d = rng.sample(unseen, 3 * n)
        best = max(svara.score(d[3 * i], d[3 * i + 1], d[3 * i + 2]) for i in range(n))
        win += best < s
        tie += best == s
    return win / deals, tie / deals


@pytest.mark.parametrize("text,n", [("Ah Ad 9s", 3), ("8h 9s 7c", 4), ("7d 7h Ks", 5),
                                     ("Jh Qh 9s", 3)])
def test_three_to_five_opponents_within_the_99_percent_interval_of_a_long_simulation(text, n):
    hand = svara.parse(text)
    win, tie, lose, total = odds.chances(hand, n)
    deals = 60000
    sw, st = simulate(hand, n, deals, 7 + n)
    for p, q in ((win / total, sw), (tie / total, st)):
        half = 2.576 * (q * (1 - q) / deals) ** 0.5 + 1.0 / deals
        assert abs(p - q) <= half, (text, n, p, q, half)


def test_a_call_allocates_little_on_micropython(micropython):
    micropython.exec("from svara import odds\nimport gc")
    micropython.mem_alloc()
    used = micropython.exec(
        "a = gc.mem_alloc()\nodds.chances((0, 26, 25), 1)\nb = gc.mem_alloc()\n"
        "odds.chances((0, 26, 25), 2)\nc = gc.mem_alloc()\nprint(b - a, c - b)").split()
    one, two = int(used[0]), int(used[1])
    assert one < 256, one            # two 32-byte arrays and a few small objects
    assert two < 2048, two           # plus the 1488-byte pair counts
