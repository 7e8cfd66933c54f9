"""Chances (svara.odds): every deal counted for 1 and 2 opponents on the full deck; for
3 to 9 opponents the exact tables against their counts and long seeded simulations,
and the estimate (floors) against simulations widened by its documented error
(tools/gen/odds_sim.py); all the tables regenerate byte for byte; and the
same checks under MicroPython, with what a call allocates there."""
import os
import random
import sys
from itertools import combinations

import pytest

from conftest import ROOT, on_both_interpreters

import svara
from svara import exact, odds

from tools.gen import exact_odds  # noqa: E402  (tools/)
from tools.gen import fit_odds  # noqa: E402
from tools.gen import odds_sim  # noqa: E402


test_checks = on_both_interpreters("odds_checks")


def classify(hand, rules=None):
    """The unseen hands' card masks, split into below / equal / above our points."""
    s = svara.score(*hand, rules)
    unseen = [c for c in range(32) if c not in hand]
    out = ([], [], [])
    for a, b, c in combinations(unseen, 3):
        p = svara.score(a, b, c, rules)
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


# (hand, rules, floor): weak to unbeatable, the joker, pairs, two sevens, three of a
# kind, the point variants and the floors a bot reads from raises. 7c Ah Kh at 3 and
# Jh Qh 9s at 9 opponents were outside the interval with the estimate before this one.
SIMULATED = [
    ("7c Ah Kh", "default", 0), ("Jh Qh 9s", "default", 0), ("7h 9d 9c", "default", 0),
    ("Js 7d Qs", "default", 0), ("8h 9s 7c", "default", 0), ("Ah Ad 9s", "default", 0),
    ("7d 7h Ks", "default", 0), ("Qc Qh Qd", "default", 0), ("7c Kh Kd", "nojoker", 0),
    ("10d Kh Jd", "no27", 0), ("Qh Ah 7s", "both", 0), ("Jh Qh 9s", "default", 15),
    ("Ah Ad 9s", "default", 20), ("8s Qs 9s", "default", 20),
]
DEALS = 100000  # partitions of the unseen cards: each is a deal for every n at once
# With a floor (the bots' estimate), its largest error (win or tie, a fraction) by n =
# 3..9 in the check of docs/BOTS.md (tools/gen/fit_odds.py --report, 2,000,000 partitions a
# case), rounded up: the interval is widened by it, so a case fails when the estimate is
# off by more than the documented error plus the simulation's own 99% interval.
FLOOR_ERROR = (0.009, 0.024, 0.010, 0.018, 0.024, 0.053, 0.060)


@pytest.mark.parametrize("text,rules,floor", SIMULATED)
def test_three_to_nine_opponents_agree_with_a_long_seeded_simulation(text, rules, floor):
    """No floor: exact (the tables), so the simulation's own 99% interval; with a floor
    the estimate, its interval widened by the documented error."""
    exact = not floor
    hand = svara.parse(text)
    sims = odds_sim.simulate(hand, odds_sim.RULES[rules], (), floor, DEALS,
                             seed=sum(hand) + 64 * floor + 7)
    checked = 0
    for n in range(3, 10):
        w, sw, t, st, in_range = sims.result(n)
        if in_range * DEALS < 100:
            continue    # too few partitions with every hand in the range to say
        got = odds.chances(hand, n, odds_sim.RULES[rules], (), floor)
        for p, q, se in ((got[0] / got[3], w, sw), (got[1] / got[3], t, st)):
            half = 2.576 * se + 1.0 / DEALS + (0 if exact else FLOOR_ERROR[n - 3])
            assert abs(p - q) <= half, (text, rules, floor, n, p, q, half)
        checked += 1
    assert checked >= (3 if floor else 7)


@pytest.mark.parametrize("variant", exact_odds.VARIANTS)
def test_the_exact_tables_regenerate_from_the_committed_counts(variant):
    done = exact_odds.read_counts(variant)
    assert sorted(done) == exact_odds.classes(variant)
    with open(exact_odds.module_path(variant), encoding="ascii") as f:
        assert f.read() == exact_odds.module_text(done, variant), (
            "run tools/gen/exact_odds.py --module and commit lib/svara/_exact_v*.py")


@pytest.mark.parametrize("variant", exact_odds.VARIANTS)
def test_the_counted_deals_of_one_and_two_opponents_are_the_exact_ones_for_every_class(variant):
    """The counts behind the tables come from one method for every n (inclusion-exclusion
    over the cards dealt); for 1 and 2 opponents they must be svara.odds' exact counts."""
    rules = exact_odds.rules_of(variant)
    for hand, (below, low) in sorted(exact_odds.read_counts(variant).items()):
        for n in (1, 2):
            w, t, l, total = odds.chances(hand, n, rules, (), 0, False)   # counted now
            assert (below[n - 1], low[n - 1], total) == (w, w + t, exact_odds.tuples(n)), hand
            # ... and the tables (FEW), which the * key and the bots read, say the same
            assert odds.chances(hand, n, rules) == (w, t, l, total), (hand, n)
        for n in range(1, 10):
            assert 0 <= below[n - 1] <= low[n - 1] <= exact_odds.tuples(n), (hand, n)


def _disjoint_sets(masks, n):
    """Sets of n pairwise disjoint hands (card masks), counted one by one."""
    def count(start, used, left):
        if not left:
            return 1
        return sum(count(i + 1, used | m, left - 1)
                   for i in range(start, len(masks)) for m in (masks[i],) if not m & used)
    return count(0, 0, n)


@pytest.mark.parametrize("variant", exact_odds.VARIANTS)
def test_the_counts_for_3_to_9_opponents_equal_a_count_of_every_deal_where_it_is_small(variant):
    """Where a class of opponent hands is small (the few hands below a weak hand, or
    tying it), every set of n pairwise disjoint hands of it is listed: n! of them make
    D(n) for every n = 1..9, as the inclusion-exclusion counts say (up to 4 such hands
    fit in these classes; the 2,000,000-deal test covers the large ones)."""
    rules = exact_odds.rules_of(variant)
    done = sorted(exact_odds.read_counts(variant).items())
    # The first two classes of 12 to 45 hands below a hand, and two of hands tying or below.
    cases = [(hand, k, rows[k]) for k in (0, 1)
             for hand, rows in done if 12 <= rows[k][0] <= 45][:2]
    cases += [(hand, 1, rows[1]) for hand, rows in done if 12 <= rows[1][0] <= 45][-2:]
    # And the largest class under 100 hands: without the joker, four of its hands fit.
    cases.append(max(((hand, k, rows[k]) for k in (0, 1) for hand, rows in done
                      if rows[k][0] < 100), key=lambda c: c[2][0]))
    triples = 0
    for hand, k, row in cases:
        below, equal, _ = classify(hand, rules)
        masks = below if k == 0 else below + equal
        assert len(masks) == row[0]
        fact = 1
        for n in range(1, 10):
            fact *= n
            assert _disjoint_sets(masks, n) * fact == row[n - 1], (hand, k, n)
        triples += row[2] > 0
    assert len(cases) == 5 and triples >= 3     # and some of them deal three such hands
    if variant & 1:
        assert cases[-1][2][3] > 0                  # ... and four


@pytest.mark.parametrize("variant", exact_odds.VARIANTS)
def test_hands_alike_share_a_class_with_the_same_points(variant):
    rules = exact_odds.rules_of(variant)
    maps = exact_odds.symmetries(variant)
    # The swaps that make up the symmetries keep every hand's points, so all of them do.
    swaps = [((3, 4), ()), ((4, 5), ()), ((5, 6), ()), ((), (1, 2)), ((), (2, 3))]
    if variant & 1:
        swaps.append(((), (0, 1)))
    for ranks, suits in swaps:
        def image(c):
            r, x = c >> 2, c & 3
            r = ranks[1 - ranks.index(r)] if r in ranks else r
            x = suits[1 - suits.index(x)] if x in suits else x
            return 4 * r + x
        assert bytes(image(c) for c in range(32)) in maps
        for hand in combinations(range(32), 3):
            assert svara.score(*map(image, hand), rules) == svara.score(*hand, rules), hand
    # The handset finds the same class as the generator, for a sample of hands.
    reps = set(exact_odds.classes(variant))
    for hand in random.Random(variant).sample(list(combinations(range(32), 3)), 600):
        c = exact.canonical(hand, variant)
        assert c in reps and c == exact_odds.canonical_of_every_hand(variant)[hand], hand


@pytest.mark.parametrize("variant", exact_odds.VARIANTS)
def test_three_to_nine_opponents_are_the_exact_counts_rounded(variant):
    rng = random.Random(5 + variant)
    rules = exact_odds.rules_of(variant)
    done = exact_odds.read_counts(variant)
    for hand in [tuple(rng.sample(range(32), 3)) for _ in range(30)]:
        below, low = done[exact.canonical(hand, variant)]
        for n in range(3, 10):
            t = exact_odds.tuples(n)
            w = (below[n - 1] * 2000000 + t) // (2 * t)
            a = (low[n - 1] * 2000000 + t) // (2 * t)
            assert odds.chances(hand, n, rules) == (w, a - w, 1000000 - a, 1000000), (hand, n)


def test_the_exact_chances_agree_with_two_million_deal_simulations():
    """tools/gen/data/odds_fit_input.txt holds 2,000,000 seeded partitions per case (40 hands, the
    four point variants, n = 3..9). Exact chances fall outside a 99% interval about as
    often as chance alone puts them there: 1 in 100 (the estimate missed 341 of 1,120)."""
    checked = outside = 0
    for hand, rules, floor, by_n in fit_odds.read_input():
        if floor:
            continue
        for n, sims in sorted(by_n.items()):
            w, sw, t, st = sims[3]
            got = odds.chances(hand, n, odds_sim.RULES[rules])
            for p, q, se in ((got[0] / got[3], w, sw), (got[1] / got[3], t, st)):
                checked += 1
                if abs(p - q) > 2.576 * se + 1.0 / fit_odds.INPUT_DEALS:
                    outside += 1
    assert checked >= 2000
    assert outside <= checked // 50, (outside, checked)


def test_the_fitted_table_regenerates_from_the_committed_fit_input():
    text = fit_odds.render(fit_odds.fit(fit_odds.observations(fit_odds.read_input())))
    with open(fit_odds.OUT, encoding="ascii") as f:
        assert f.read() == text, "run tools/gen/fit_odds.py and commit lib/svara/_odds_table.py"
    from svara._odds_table import EXTRA
    assert len(EXTRA) == 56     # 7 opponent counts x 8 cells, the table's whole cost


@pytest.mark.micropython
def test_a_call_allocates_little_on_micropython(micropython):
    micropython.exec("from svara import odds\nimport gc")
    micropython.mem_alloc()
    used = micropython.exec(        # the counting path (a dead card, or table=False)
        "a = gc.mem_alloc()\nodds.chances((0, 26, 25), 1, None, (), 0, False)\n"
        "b = gc.mem_alloc()\nodds.chances((0, 26, 25), 2, None, (), 0, False)\n"
        "c = gc.mem_alloc()\nprint(b - a, c - b)").split()
    one, two = int(used[0]), int(used[1])
    assert one < 256, one            # two 32-byte arrays and a few small objects
    assert two < 2048, two           # plus the 1488-byte pair counts
    for n in (3, 9):       # the estimate (the bots' way: no table)
        micropython.exec("gc.collect()")
        micropython.mem_alloc()
        more = int(micropython.exec(
            "a = gc.mem_alloc()\nodds.chances((0, 26, 25), %d, None, (), 0, False)\n"
            "print(gc.mem_alloc() - a)" % n))
        assert more < 12288, (n, more)   # lists of the card counts, weights, and a few big ints
    # The exact table is imported for the answer and let go again: once collected,
    # nothing of it stays in the heap. (svara.exact, the reader, stays once imported: it
    # is imported here first, as another test of the same interpreter may have let it go.)
    micropython.exec("import svara.exact\nimport svara.data\n"
                     "r = odds.chances((0, 26, 25), 5, None, (), 20)")
    before = micropython.mem_alloc()
    micropython.exec("r = odds.chances((0, 26, 25), 5)\nr = odds.chances((0, 26, 25), 1)\n"
                     "r = odds.chances((9, 14, 18), 2, None, (), 20)\n"
                     "r = odds.chances((9, 14, 18), 7, None, (), 15)")
    assert micropython.mem_alloc() - before < 256


@pytest.mark.parametrize("variant", (0, 1))
def test_every_hand_finds_the_row_of_its_class(variant):
    """svara._classes (one read a hand on the handset) against the symmetries tried one
    by one (svara.exact.canonical) and the classes' order in the tables, every hand."""
    rows = {h: i for i, h in enumerate(exact_odds.classes(variant))}
    for hand in combinations(range(32), 3):
        want = rows[exact.canonical(hand, variant)]     # the same class in any order
        for order in (hand, hand[::-1], (hand[1], hand[2], hand[0])):
            exact._last[0] = None
            assert exact.row(order, variant) == want, hand
    with open(exact_odds.CLASSES_PATH, encoding="ascii") as f:
        assert f.read() == exact_odds.classes_text(), "run tools/gen/exact_odds.py --module"


def _floor_cases(variant, count):
    """(hand, floor) of seeded random hands (any image of their class) and every floor."""
    rng = random.Random(11 + variant)
    return [(tuple(rng.sample(range(32), 3)), f)
            for _ in range(count) for f in exact.FLOORS]


@pytest.mark.parametrize("variant", exact_odds.VARIANTS)
def test_the_floor_tables_give_what_the_counting_path_gives(variant):
    """What the bots read (svara._floor_v*): for 1 opponent the exact counts of svara.odds
    for the very hand, for 2 its exact chances rounded to millionths; for 3 to 9 its
    estimate for the class's own hand rounded to 4000ths (the estimate of another hand of
    the class may differ in the 4th digit); below our points a floor leaves no win and no
    tie; the floor 18 of 2 or more opponents is counted now."""
    from tools.gen.floor_odds import rounded
    rules = exact_odds.rules_of(variant)
    for hand, f in _floor_cases(variant, 5):
        s = svara.score(*hand, rules)
        own = exact.canonical(hand, variant)
        for n in range(1, 10):
            got = odds.chances(hand, n, rules, (), f)
            if s < f:
                assert got == (0, 0, odds.SCALE, odds.SCALE), (hand, f, n)
                continue
            counted = odds.chances(hand if n < 3 or f == 18 else own, n, rules, (), f, False)
            if n == 1 or f == 18:
                assert got == counted, (hand, f, n)
                continue
            w, t, l, total = counted
            scale, unit = (odds.SCALE, 1) if n == 2 else (4000, 250)
            a = rounded(w + t, total, scale) * unit
            w = rounded(w, total, scale) * unit
            assert got == (w, a - w, odds.SCALE - a, odds.SCALE), (hand, f, n, counted)


def test_a_floor_the_tables_lack_is_counted_and_bad_floors_still_fail():
    hand = svara.parse("Ah Ad 9s")
    for n in (1, 2, 4):
        assert odds.chances(hand, n, None, (), 17) == odds.chances(hand, n, None, (), 17, False)
    with pytest.raises(ValueError, match="no opponent"):
        odds.chances(hand, 1, None, (), 35)


def test_the_floor_tables_regenerate_for_a_sample_of_classes():
    """Byte for byte: a seeded sample of classes against tools/gen/floor_odds.py (all of
    them: tools/gen/floor_odds.py --check, 4 minutes)."""
    from tools.gen import floor_odds
    import importlib
    rng = random.Random(2)
    for variant in exact_odds.VARIANTS:
        rules = exact_odds.rules_of(variant)
        mod = importlib.import_module("svara._floor_v%d" % variant)
        cl = exact_odds.classes(variant)
        assert len(mod.AT) == 4 * len(cl)
        for i in rng.sample(range(len(cl)), 4):
            hand = cl[i]
            s = svara.score(*hand, rules)
            k = mod.AT[4 * i] | mod.AT[4 * i + 1] << 8
            m = mod.AT[4 * i + 2] | mod.AT[4 * i + 3] << 8
            for f in exact.FLOORS:
                if f <= s:
                    assert mod.ONE[5 * k:5 * k + 5] == floor_odds.one(hand, rules, f)
                    k += 1
                    if f != 18:
                        at = exact.MANY * m
                        assert mod.MANY[at:at + exact.MANY] == floor_odds.many(hand, rules, f)
                        m += 1


@pytest.mark.micropython
def test_the_weights_and_their_means_allocate_nothing_on_micropython(micropython):
    # They run on small ints only (products kept below 2^30): no big int, whatever the
    # hand, floor or class, so they hold with the heap locked.
    out = micropython.exec("""
import svara, micropython
from svara import odds
bad = 0
for t in range(40):
    h = ((t * 7) % 32, (t * 11 + 3) % 32, (t * 13 + 5) % 32)
    if len(set(h)) < 3:
        continue
    u = odds._unseen(h, ())
    pairs = bytearray(3 * 496)
    nb, ne, nr = odds._count2(u, svara.score(*h), (0, 15, 20, 23)[t % 4], None, pairs)
    c = len(u)
    cards = [0] * (3 * c)
    odds._disjoint_pairs(u, pairs, nb, ne, nr, cards)
    w = [0] * c
    m = [0] * 28
    x = [0] * 28
    for k in range(3):
        micropython.heap_lock()
        try:
            odds._weights(cards, k, c, w)
            odds._means(w, 27, m, x)
        except MemoryError:
            bad += 1
        micropython.heap_unlock()
print(bad)
""")
    assert out.strip() == "0", out
