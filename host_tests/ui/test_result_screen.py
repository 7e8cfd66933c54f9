"""A game's result screen (issue 25, item 12): the pot line says the pot that was
won, never "Pot 0" beside "wins 24".
The key sequences are the issue's, run headless as `python -m tools.sim` runs them."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from drivers import keys as K  # noqa: E402
from ui_helpers import T, run  # noqa: E402


@pytest.fixture
def drawn(monkeypatch):
    """The words the screens draw from now on, in order (writer.text)."""
    from ui import writer
    out = []
    text = writer.text

    def record(fb, s, *args, **kw):
        out.append(s)
        return text(fb, s, *args, **kw)
    monkeypatch.setattr(writer, "text", record)
    return out


def _pots(words):
    """The numbers of the "Pot n" lines among the words drawn."""
    head = T.POT.split("%d")[0]
    return [int(w[len(head):]) for w in words if w.startswith(head) and w[len(head):].isdigit()]


def test_the_result_says_the_pot_that_was_won(drawn):
    r = run(3, "OK SL")
    del drawn[:]
    r.key(K.OK)                                 # the result, its pot moved (idle)
    g = r.app.play.game
    assert r.trace().startswith("showdown") and g.won == 24
    assert T.WINS % ("Bot 1", 24) in drawn
    assert _pots(drawn) and set(_pots(drawn)) == {24}, "no 'Pot 0' beside 'wins 24'"
    del drawn[:]
    r.app.screen.draw(r.app.fb)                 # drawn again (back from the history)
    assert _pots(drawn) == [24]


def _result_pots(r, drawn):
    """The pot lines the result screen on now draws from its start: the whole screen,
    then the pot moving to the winner (idle) until it stops."""
    s = r.app.screen
    del drawn[:]
    s.step = 0
    s.draw(r.app.fb)
    while s.idle():
        pass
    return _pots(drawn)


def test_every_result_of_a_match_says_its_pot(drawn):
    r = run(3, "OK SL")
    results = 0
    for _ in range(80):
        t = r.trace()
        if t.startswith("gameover"):
            break
        if t.startswith("showdown"):
            results += 1
            assert set(_result_pots(r, drawn)) == {r.app.play.game.won}, t
        r.key(K.OK)
    assert results >= 5
