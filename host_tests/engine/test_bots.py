"""The baseline bot: legal every time, and blind to the other players' cards."""
from hypothesis import HealthCheck, given, settings, strategies as st

from svara import bots
from svara.game import Game, Rng, BLINDS
from svara.rules import Rules

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def positions(g, seat):
    """Where ``seat``'s cards sit in the game's first deck."""
    return [list(g.first_deck).index(c) for c in g.hands[seat]]


def other_cards_changed(deck, keep, rng):
    """The deck with every card moved except those at the positions in ``keep``."""
    free = [i for i in range(32) if i not in keep]
    cards = [deck[i] for i in free]
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    new = list(deck)
    for i, c in zip(free, cards):
        new[i] = c
    return new


@SETTINGS
@given(st.integers(2, 10), st.integers(0, 2 ** 30), st.sampled_from([Rules(), Rules(blinds=False)]),
       st.lists(st.integers(5, 60), min_size=10, max_size=10))
def test_other_players_cards_never_change_a_bots_decision(n, seed, rules, stacks):
    rng = Rng(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    g = Game(stacks[:n], seed % n, rules, deck, seed)
    played = []
    checked = 0
    while g.to_act is not None and g.svaras == 0:
        seat = g.to_act
        state = (rng.h, rng.l)
        choice = bots.decide(bots.EASY, g, seat, rng)
        if g.phase != BLINDS:
            # The same table, the same own cards, everybody else's cards dealt anew.
            for k in range(3):
                other = Game(stacks[:n], seed % n, rules,
                             other_cards_changed(deck, positions(g, seat), Rng(seed + k + 1)), seed)
                for move in played:
                    other.act(*move)
                assert other.hands[seat] == g.hands[seat]
                assert [h for i, h in enumerate(other.hands) if i != seat] != \
                    [h for i, h in enumerate(g.hands) if i != seat]
                again = Rng(0)
                again.h, again.l = state
                assert bots.decide(bots.EASY, other, seat, again) == choice
                checked += 1
        g.act(*choice)
        played.append(choice)
    assert checked >= 3   # every game reaches at least one decision with cards


@SETTINGS
@given(st.integers(2, 10), st.integers(0, 2 ** 30), st.integers(0, 3))
def test_bots_play_legal_actions_to_the_end(n, seed, level):
    rng = Rng(seed)
    rules = Rules(buy_in=("split", "half", "free", "split")[level],
                  raise_cap=(3, None, 1, 2)[level])
    g = Game([1 + (seed >> i) % 40 for i in range(n)] if n > 2 else [30, 30], seed % n, rules,
             seed=seed)
    total = sum(g.stacks) + g.pot
    for _ in range(1000):
        if g.to_act is None:
            break
        a, x = bots.decide(bots.LEVELS[level % 3], g, g.to_act, rng)
        assert g.can_act(a, x)
        g.act(a, x)
        assert sum(g.stacks) + g.pot == total
    assert g.to_act is None and g.winner is not None
