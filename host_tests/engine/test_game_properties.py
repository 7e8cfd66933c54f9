"""Property tests: random tables of 2 to 10 players and random legal (and illegal) play."""
from hypothesis import HealthCheck, given, settings, strategies as st

from svara.game import (Game, PASS, CALL, RAISE, BLIND, JOIN, BETTING, BLINDS, JOINING,
                        OVER, END_SHOWDOWN)
from svara.rules import Rules
from svara import log

SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def tables(draw):
    n = draw(st.integers(2, 10))
    rules = Rules(
        joker=draw(st.booleans()), two_sevens=draw(st.booleans()),
        raise_cap=draw(st.sampled_from([3, 1, 2, 9, None])), blinds=draw(st.booleans()),
        ante=draw(st.sampled_from([1, 1, 2, 5])), min_blind=draw(st.sampled_from([None, 1, 3])),
        buy_in=draw(st.sampled_from(["split", "half", "free"])))
    stacks = draw(st.lists(st.integers(0, 80), min_size=n, max_size=n))
    stacks[0] = max(stacks[0], rules.ante)
    stacks[-1] = max(stacks[-1], rules.ante)
    dealer = draw(st.integers(0, n - 1))
    deck = draw(st.none() | st.permutations(list(range(32))))
    seed = draw(st.integers(0, 2 ** 32))
    return stacks, dealer, rules, deck, seed


def state(g):
    return (g.stacks, g.pot, g.to_act, g.phase, g.level, g.bets, g.hands, bytes(g.log),
            g.legal(), g.winner, g.svaras, g.opened, g.last_blind, g.buy_in, g.showdown,
            [g.raises(i) for i in range(g.n)], [g.is_in(i) for i in range(g.n)])


def pick(data, g):
    action, low, high = data.draw(st.sampled_from(g.legal()))
    return action, data.draw(st.integers(low, high))


def bad_action(data, g):
    """An action that is not in legal(): a wrong action or an amount out of range."""
    legal = g.legal()
    action = data.draw(st.sampled_from([PASS, CALL, RAISE, BLIND, JOIN, 7, -1]))
    amount = data.draw(st.integers(-3, 200))
    for a, low, high in legal:
        if a == action and low <= amount <= high:
            return None
    return action, amount


def check_invariants(g, total):
    assert sum(g.stacks) + g.pot == total
    assert min(g.stacks) >= 0 and g.pot >= 0
    for i in range(g.n):                # flags() says in bits what the four methods say
        assert g.flags(i) == (g.seated(i) | g.is_in(i) << 1 | g.blinded(i) << 2
                              | g.tied(i) << 3), (i, g.flags(i))
    if g.to_act is None:
        assert g.phase == OVER and g.winner is not None and g.pot == 0
        assert g.legal() == []
        return
    s = g.to_act
    legal = g.legal()
    assert legal and legal[0] == (PASS, 0, 0)
    for a, low, high in legal:
        assert low <= high and g.can_act(a, low) and g.can_act(a, high)
    if g.phase == JOINING:
        assert g.seated(s) and not g.tied(s) and g.stacks[s] >= g.buy_in
    else:
        assert g.is_in(s)
    if g.phase == BETTING:
        assert g.opened or CALL not in [a for a, lo, hi in legal]
        assert g.level <= g.limit()


@SETTINGS
@given(tables(), st.data())
def test_random_play_keeps_every_rule(table, data):
    stacks, dealer, rules, deck, seed = table
    g = Game(stacks, dealer, rules, deck, seed)
    total = sum(stacks)
    played = []
    check_invariants(g, total)
    while g.to_act is not None:
        assert len(played) < 500, "the game does not end"
        bad = bad_action(data, g)
        if bad is not None:
            before = state(g)
            assert not g.can_act(*bad)
            try:
                g.act(*bad)
            except ValueError:
                pass
            else:
                raise AssertionError("illegal %r was played" % (bad,))
            assert state(g) == before
        move = pick(data, g)
        g.act(*move)
        played.append(move)
        check_invariants(g, total)
    if g.ending == END_SHOWDOWN:
        best = max(p for seat, p in g.showdown)
        assert [seat for seat, p in g.showdown if p == best] == [g.winner]
        assert g.points(g.winner) == best
    assert g.next_dealer == g.winner
    # The same inputs and actions replay the same game.
    again = Game(stacks, dealer, rules, deck, seed)
    for move in played:
        again.act(*move)
    assert state(again) == state(g)
    # And so does the compact log, a few bytes per action.
    assert state(log.load(log.dump(g))) == state(g)
    assert len(g.log) <= 3 * len(played)


@SETTINGS
@given(tables(), st.data())
def test_the_log_replays_any_unfinished_game(table, data):
    stacks, dealer, rules, deck, seed = table
    g = Game(stacks, dealer, rules, deck, seed)
    for _ in range(data.draw(st.integers(0, 30))):
        if g.to_act is None:
            break
        g.act(*pick(data, g))
    assert state(log.load(log.dump(g))) == state(g)
