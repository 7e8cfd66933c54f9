"""A game's result screen (issue 25, items 12 and 19): the pot line says the pot that was
won, never "Pot 0" beside "wins 24"; the red key asks "leave this game?" as it does at the
table (OK leaves, the match saved; the red key again stays), on a result and on a svara.
The key sequences are the issue's, run headless as `python -m tools.sim` runs them."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


from drivers import keys as K  # noqa: E402
from conftest import play, script  # noqa: E402
from tools.bench import play as bench_play  # noqa: E402
from ui_helpers import T, drawn, run  # noqa: E402,F401  (drawn: a fixture)


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


def test_the_red_key_on_a_result_asks_before_leaving(drawn):
    r = run(3, "OK SL OK")
    before = r.frame()
    assert r.trace().startswith("showdown")
    del drawn[:]
    r.key(K.END)
    assert r.trace().startswith("showdown") and r.trace().endswith(" quit")
    for line in T.QUIT_ASK:
        assert line in drawn
    assert T.HELP_QUIT in drawn and T.YES in drawn and T.NO in drawn
    r.key(K.D0 + 5)                             # another key: the question stays
    assert r.trace().endswith(" quit")
    r.key(K.END)                                # stay: the result as it was
    assert r.trace().startswith("showdown") and not r.trace().endswith(" quit")
    assert r.frame() == before
    r.key(K.END)
    r.key(K.SR)                                 # the right soft key (No) stays too
    assert r.frame() == before
    r.key(K.END)
    r.key(K.OK)                                 # leave: the title, Continue comes back
    assert r.trace().startswith("title")
    r.key(K.OK)
    assert r.trace().startswith("showdown"), r.trace()


def test_the_red_key_on_a_svara_asks_before_leaving(drawn):
    _, traces, _ = play("hotseat3")
    seed, codes = script("hotseat3")
    i = next(k for k, t in enumerate(traces) if t.startswith("svara"))
    r = bench_play.CPythonPlay(seed)
    for c in codes[:i]:
        r.key(c)
    assert r.trace().startswith("svara")
    before = r.frame()
    del drawn[:]
    r.key(K.END)
    assert r.trace().startswith("svara") and T.QUIT_ASK[0] in drawn
    r.key(K.END)
    assert r.frame() == before
    r.key(K.END)
    r.key(K.SL)
    assert r.trace().startswith("title")


def test_the_red_key_on_game_over_goes_to_the_title():
    """The match is over: nothing to come back to, nothing asked."""
    _, traces, _ = play("hotseat2")
    assert any(t.startswith("gameover") for t in traces)
    seed, codes = script("hotseat2")
    i = next(k for k, t in enumerate(traces) if t.startswith("gameover"))
    r = bench_play.CPythonPlay(seed)
    for c in codes[:i]:
        r.key(c)
    assert r.trace().startswith("gameover")
    r.key(K.END)
    assert r.trace().startswith("title")
