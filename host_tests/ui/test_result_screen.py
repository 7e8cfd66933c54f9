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
    r = run(9, "OK SL")        # (seed 9: your call ends the first game; the was 3)
    del drawn[:]
    r.key(K.OK)                                 # the result, its pot moved (idle)
    g = r.app.play.game
    assert r.trace().startswith("showdown") and g.won == 36
    assert T.WINS % ("Bot 1", 36) in drawn
    assert _pots(drawn) and set(_pots(drawn)) == {36}, "no 'Pot 0' beside 'wins 36'"
    del drawn[:]
    r.app.screen.draw(r.app.fb)                 # drawn again (back from the history)
    assert _pots(drawn) == [36]


def _result_pots(r, drawn):
    """The pot lines the result screen on now draws from its start: the whole screen,
    then the pot moving to the winner (the app's idle calls, on its clock) until it stops."""
    s = r.app.screen
    del drawn[:]
    s.step = 0
    s.t0 = r.app.now
    s.draw(r.app.fb)
    for _ in range(1000):
        if not r.app.idle():
            break
    assert s.step == 8
    return _pots(drawn)


def test_the_pot_slides_to_the_winner_as_long_as_bot_pace_says(drawn):
    """The pot's slide on a result lasts what Bot pace says (settings.PACE_POT), whatever
    the processor: the app's clock, not the number of idle calls, moves it; each step's
    frame is the whole screen as drawn at that step (a step draws only the chip's way and
    the winner's count again)."""
    import settings
    from app import IDLE_MS
    r = run(3, "OK SL")
    while not r.trace().startswith("showdown"):
        r.key(K.OK)
    app = r.app
    s = app.screen
    for pace in (0, 1, 2):
        app.play.cfg = app.play.cfg[:settings.PACE] + bytes((pace,)) + app.play.cfg[settings.PACE + 1:]
        want = settings.PACE_POT[pace] * 10
        s.step = 0
        s.t0 = app.now
        s.draw(app.fb)
        calls = 0
        steps = [0]
        while app.idle():
            calls += 1
            if s.step != steps[-1]:
                steps.append(s.step)
                got = r.frame()
                s.draw(app.fb)              # the whole screen at this step
                assert r.frame() == got, "step %d drawn otherwise than the whole screen" % s.step
        assert steps == list(range(9)), "every step shown once, in order"
        # the last step comes when the slide's time is up, not before (the virtual
        # clock: IDLE_MS an idle call)
        assert want <= (calls + 1) * IDLE_MS <= want + 2 * IDLE_MS, (pace, calls)
    assert settings.PACE_POT[0] > settings.PACE_POT[1] > settings.PACE_POT[2] > 0


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
