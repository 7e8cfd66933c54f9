# The match in play (firmware/session.py) and the engine's match (svara.Match) give
# their state to the game save and take it back: one definition each side reads.
import pytest

from svara.match import Match
from svara.rules import DEFAULT


def test_a_match_set_to_its_saved_state_deals_the_same_next_game():
    a = Match([20, 20, 20], 0, DEFAULT, 12345)
    for _ in range(3):
        a._rng.getrandbits(30)              # a match some games on
    seed, h, l = a.state()
    b = Match([20, 20, 20], 0, DEFAULT, seed)
    assert b.state() != (seed, h, l)
    b.set_state(h, l)
    assert b.state() == (seed, h, l)
    assert a.next_game().hands == b.next_game().hands


class _App:
    """What a Session asks of the app."""

    def __init__(self):
        import settings
        self.cfg = bytearray(settings.DEFAULTS)
        self.stats = [0] * settings.N_STATS
        self.players = {"names": []}
        self.kept = None        # the Session the "game" save holds (session.new_match)
        self.seed = 7

    def new_seed(self):
        self.seed += 1
        return self.seed

    def beep(self, kind):
        pass


def test_a_person_s_action_is_saved_at_once_bots_actions_never():
    """The session asks for a save after every person's action, never after a bot's
    (a restart replays the bots' from the last save: saves_checks)."""
    from session import new_match
    import settings
    app = _App()
    app.cfg[settings.PEOPLE] = 1
    app.cfg[settings.BOTS] = 3
    mine = bots = 0
    for seed in range(20):
        app.seed = seed
        p = new_match(app)
        g = p.game
        while g.to_act is not None:
            seat = g.to_act
            p.changed = False
            if seat == 0:
                legal = g.legal()
                a = legal[1] if len(legal) > 1 else legal[0]   # stays in: bots follow
                p.act(seat, a[0], a[1])
                assert p.changed
                mine += 1
            else:
                p.bot_act()
                assert not p.changed
                bots += 1
    assert mine >= 20 and bots > 40, (mine, bots)


def test_a_session_takes_back_the_state_it_gave():
    from session import Session, new_match
    app = _App()
    p = new_match(app)
    g = p.game
    from svara.game import PASS
    p.act(g.to_act, PASS, 0)                # no blind
    p.viewer, p.last_open, p.ended = 0, True, True
    saved = p.state(p.svaras_seen)
    assert len(saved) == 10 and all(isinstance(v, int) for v in saved)
    q = Session(app, p.match.stacks, p.cfg, Match(p.match.stacks, 0, p.match.rules, 1))
    q.set_state(saved)
    assert q.state(q.svaras_seen) == saved
    assert (q.viewer, q.last_seat, q.last_action, q.last_open, q.ended, q.over_saved) == (
        0, p.last_seat, PASS, True, True, True)
    bad = list(saved)
    bad[0] = p.people                       # the viewer must be a person's seat
    with pytest.raises(ValueError):
        q.set_state(bad)
    with pytest.raises(ValueError):
        q.set_state(saved[:9])              # ten values, no fewer
