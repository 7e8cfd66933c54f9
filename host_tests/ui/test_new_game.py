"""The new-game screen (issue 17): the people/bots rows, the question before a saved match
is replaced, and the rising ante's row.
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
from ui_helpers import T, run, help_line, drawn_help  # noqa: E402


def test_bots_stop_at_nine_and_never_turn_into_a_hot_seat_game():
    r = run(1, "OK DOWN" + " RIGHT" * 9)
    cfg = r.app.cfg
    assert (cfg[0], cfg[1]) == (1, 9)
    r.key(K.LEFT)
    for _ in range(12):
        r.key(K.LEFT)
    assert (cfg[0], cfg[1]) == (1, 1), "alone, at least one bot"
    r.key(K.UP)
    for _ in range(12):
        r.key(K.RIGHT)
    assert (cfg[0], cfg[1]) == (10, 0)
    r.key(K.LEFT)
    assert (cfg[0], cfg[1]) == (9, 0)
    r.key(K.DOWN)
    r.key(K.RIGHT)
    r.key(K.RIGHT)
    assert (cfg[0], cfg[1]) == (9, 1)


def test_new_game_asks_before_replacing_a_saved_match():
    r = run(1, "OK SL END OK")               # a match, left with END: saved
    p = r.app.play
    assert r.trace() == "title" and p is not None
    r.key(K.D0 + 1)                          # New game
    r.key(K.SL)                              # Start: asked first
    assert r.trace().endswith(" replace?")
    r.key(K.END)                             # no: back to the list, the match kept
    assert r.trace().startswith("newgame") and not r.trace().endswith("replace?")
    assert r.app.play is p
    r.key(K.SL)
    r.key(K.OK)                              # yes: a new match
    assert r.app.play is not p and r.trace().startswith("table")


def test_without_a_saved_match_new_game_starts_at_once():
    r = run(1, "OK SL")
    assert r.trace().startswith("table")


@pytest.mark.slow
def test_a_match_with_rising_antes_ends_in_tens_of_games():
    import settings
    try:
        r = run(7, "OK UP UP")                          # New game: the Ante doubles row
        assert r.trace().startswith("newgame 11")
        assert settings.RISE_GAMES[settings.PREFS[2]] == 10  # the default
        r.key(K.RIGHT)                                  # every 5 games
        assert settings.RISE_GAMES[settings.PREFS[2]] == 5
        r.key(K.SL)                                     # you and three bots, stack 100
        antes = set()
        for _ in range(3000):
            t = r.trace()
            if t.startswith("gameover"):
                break
            p = r.app.play
            antes.add(p.match.rules.ante)
            if t.startswith("table turn"):
                legal = [a for a, lo, hi in r.app.screen.legal]
                r.key(K.CALL if 1 in legal else K.OK)
            else:
                r.key(K.OK)
        assert r.trace().startswith("gameover"), r.trace()
        games = r.app.play.games
        assert 10 <= games < 100, games
        assert {1, 2, 4, 8} <= antes                    # doubled every five games
        assert max(antes) <= 2 ** ((games - 1) // 5)
    finally:
        settings.PREFS[2] = 1                              # the default, every 10 games
