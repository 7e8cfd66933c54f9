"""The showdown and the history of a game (issue 17): the last game's help line, the joker
marked, the history told from the engine's log, no card the table did not show, the
history scrolled and kept in the save.
The key sequences are the issue's, run headless as `python -m tools.sim` runs them."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tools.bench import play as bench_play  # noqa: E402
import i18n  # noqa: E402
from tools.sim import core as simcore  # noqa: E402
from drivers import keys as K  # noqa: E402
from drivers.display import BACK, FELT, FELT_DARK, GOLD  # noqa: E402
from conftest import pixel, play, script  # noqa: E402,F401
from ui_helpers import T, run, help_line, drawn_help, BOTS4_28  # noqa: E402


def test_the_last_games_result_does_not_promise_a_next_game():
    _, traces, _ = play("hotseat2")
    seed, codes = script("hotseat2")
    i = next(k for k, t in enumerate(traces) if t.startswith("gameover"))
    r = bench_play.CPythonPlay(seed)
    for c in codes[:i - 1]:
        r.key(c)
    assert r.trace().startswith("showdown")
    assert r.app.screen.help == T.HELP_LAST
    assert help_line(r) == drawn_help(T.HELP_LAST)
    r2 = run(1, "OK SL" + " CALL" * 6)
    while not r2.trace().startswith("showdown"):
        r2.key(K.CALL)
    assert r2.app.screen.help == T.HELP_NEXT


def test_the_joker_is_marked_at_the_showdown():
    r = run(1, "OK SL")
    while not r.trace().startswith("showdown"):
        r.key(K.CALL)
    p = r.app.play
    shown = p.game.showdown
    assert p.match.rules.joker and shown
    seat = shown[0][0]
    p.shown[3 * seat] = 0                     # the 7 of clubs in the first shown hand
    r.app.screen.draw(r.app.fb)
    f = r.frame()
    y = 17                                    # the first row's cards from x 42
    edge = [pixel(f, x, y) for x in range(42, 42 + 17)]
    assert edge.count(GOLD) == 17, "a gold edge on the joker"
    other = [pixel(f, x, y) for x in range(42 + 19, 42 + 19 + 17)]
    assert GOLD not in other, "none on the card beside it"


def test_the_showdowns_history_tells_the_game_from_the_engines_log():
    from svara import log
    r = run(5, BOTS4_28)
    assert r.trace().startswith("showdown")
    g = r.app.play.game
    data = log.dump(g)
    n_actions = len(log.actions(data, log.header(data)[1]))
    r.key(K.SR)
    h = r.app.screen
    assert r.trace() == "history game=7 rows=%d top=0" % len(h.rows)
    kinds = [row[0] for row in h.rows]
    assert kinds.count(0) == n_actions                       # every action, in order
    shows = [row for row in h.rows if row[0] == 1]
    # Your deal (you play alone), then the four hands shown, with their points.
    assert [(row[1], row[2]) for row in shows[1:]] == list(g.showdown)
    for row in shows[1:]:
        assert tuple(row[3:]) == tuple(g.hands[row[1]])
    assert h.rows[-1] == (3, g.winner, g.won)
    r.key(K.OK)                                             # back to the result
    assert r.trace().startswith("showdown")


def test_the_history_shows_no_card_the_table_did_not():
    r = run(5, BOTS4_28)
    for _ in range(6):                                      # a few games on
        r.key(K.OK)
        while r.trace().startswith("table turn"):
            r.key(K.OK)
        if r.trace().startswith("showdown"):
            r.key(K.SR)
            g = r.app.play.game
            shown = set(s for s, p in (g.showdown or ()))
            for row in r.app.screen.rows:
                if row[0] == 1:
                    assert row[1] in shown or row[1] == 0, row
            r.key(K.OK)


def test_the_history_scrolls_and_keeps_the_last_games_in_the_save():
    import harness
    from harness import CuttingFS
    from store import Store
    from drivers.simdisplay import SimDisplay
    fs = CuttingFS()
    app = harness.phone(fs, 5, SimDisplay())

    def press(*codes):
        harness.press(app, codes)
    press(*simcore.parse_keys(BOTS4_28))
    press(K.SR)
    first = app.trace()
    press(K.LEFT)                                           # the game before
    assert app.trace() != first and "game=6" in app.trace(), app.trace()
    press(K.LEFT, K.LEFT)                                   # three kept: 5 6 7, and 7
    assert "game=5" in app.trace(), app.trace()             # is this one
    press(K.LEFT)
    assert "game=5" in app.trace()
    kept = Store("saves", fs=fs).load("history")
    assert [e[1] for e in kept] == [5, 6, 7]
    press(K.RIGHT, K.RIGHT, K.RIGHT)
    assert "game=7" in app.trace()
    # A long game kept (raises to and fro, no cap): the rows scroll, a page with 8 / 2.
    import binascii
    from svara import Game, RAISE, CALL, log
    from svara.rules import Rules
    g = Game([500, 500, 500, 500], 0, Rules(raise_cap=None, blinds=False), seed=3)
    level = 0
    for _ in range(30):
        level += 1
        g.act(RAISE, level)
    g.act(CALL)
    app.hist.append([1, 99, binascii.hexlify(log.dump(g)).decode()])
    press(K.LEFT)
    h = app.screen
    rows = len(h.rows)
    assert "game=99" in app.trace() and rows > 24
    frame = app.display.frame_bytes()
    press(K.DOWN)
    assert h.top == 1 and app.display.frame_bytes() != frame
    press(K.D0 + 8)
    assert h.top == 13
    for _ in range(rows):
        press(K.DOWN)
    assert h.top == rows - 12                               # the last row at the bottom
    press(K.D0 + 2, K.D0 + 2, K.D0 + 2)
    assert h.top == 0
    press(K.UP)
    assert h.top == 0
    # After a restart the kept games are read back.
    again = harness.phone(fs, 5, SimDisplay())
    assert [e[1] for e in again.hist] == [5, 6, 7]
