"""Getting about (issue 17): the red END key and Exit, the settings during a match, and the
menu during play.
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
from ui_helpers import T, run, help_line, drawn_help, row_of  # noqa: E402


def test_end_on_the_title_and_exit_leave_the_game():
    r = run(1, "END")
    assert r.trace() == "off" and r.app.done
    r.key(K.OK)
    assert r.trace() == "title" and not r.app.done
    r.key(K.D0 + 6)                        # the sixth row: Exit
    assert r.trace() == "off" and r.app.done


@pytest.mark.slow
def test_end_on_the_showdown_svara_and_game_over_goes_to_the_title():
    # On a result and a svara the red key asks first, as at the table (issue 25, item 19);
    # on game over it goes at once (the match is over).
    for kind, name in (("showdown", "bots4"), ("svara", "hotseat3")):
        _, traces, _ = play(name)
        seed, codes = script(name)
        i = next(k for k, t in enumerate(traces) if t.startswith(kind))
        r = bench_play.CPythonPlay(seed)
        for c in codes[:i]:
            r.key(c)
        assert r.trace().startswith(kind)
        r.key(K.END)
        assert r.trace().startswith(kind) and r.trace().endswith(" quit")
        r.key(K.OK)                         # leave
        assert r.trace() == "title"
        r.key(K.OK)                         # Continue (selected): the match goes on
        assert r.app.play is not None and not r.trace().startswith("title")
    _, traces, _ = play("hotseat2")
    seed, codes = script("hotseat2")
    i = next(k for k, t in enumerate(traces) if t.startswith("gameover"))
    r = bench_play.CPythonPlay(seed)
    for c in codes[:i]:
        r.key(c)
    r.key(K.END)
    assert r.trace() == "title"


def test_settings_during_a_match_say_what_applies_when():
    r = run(1, "OK SL END OK")               # a match in progress
    p = r.app.play
    assert p.level == 0 and p.think_ms == 200
    r.key(K.D0 + 3)                          # Settings: bot level, then pace
    assert r.app.screen.help == T.HELP_OPTIONS      # the level applies at once
    r.key(K.RIGHT)                           # level normal
    r.key(K.DOWN)
    r.key(K.RIGHT)                           # pace fast
    r.key(K.DOWN)                            # the joker: for the next new game
    assert r.app.screen.help == T.NEXT_MATCH
    assert help_line(r) == drawn_help(T.NEXT_MATCH)
    r.key(K.SL)                              # Done
    assert (p.level, p.think_ms) == (1, 60), "level and pace apply to the match at once"
    assert p.cfg[2] == 1 and p.cfg[11] == 2, "and are kept in its save"


def test_the_menu_during_play_comes_back_to_the_match():
    r = run(5, "OK DOWN DOWN DOWN LEFT LEFT SL")
    while not r.trace().startswith("table turn"):
        r.key(K.OK)
    before = r.app.play
    r.key(K.SR)
    assert r.trace() == "playmenu 0"
    r.key(K.OK)                                             # back to the game
    assert r.trace().startswith("table turn") and r.app.play is before
    r.key(K.SR)
    r.key(K.D0 + 3)                                         # the rules
    assert r.trace() == "rules 0"
    r.key(K.END)
    assert r.trace().startswith("table turn")
    r.key(K.SR)
    r.key(K.D0 + 5)                                         # the language row
    from ui import options                              # (the last but one of the rows)
    assert r.trace().startswith("settings %d" % row_of(r.app.screen, options._LANG))
    r.key(K.RIGHT)
    assert i18n.current() == "bg"
    r.key(K.RIGHT)
    r.key(K.RIGHT)
    r.key(K.RIGHT)
    r.key(K.RIGHT)
    r.key(K.RIGHT)
    assert i18n.current() == "en"
    r.key(K.END)
    assert r.trace().startswith("table turn") and r.app.play is before
    r.key(K.SR)
    r.key(K.D0 + 2)                                         # the history
    assert r.trace().startswith("history game=1")
    r.key(K.END)
    assert r.trace().startswith("table turn")
    r.key(K.SR)
    r.key(K.D0 + 6)                                         # quit to the title
    assert r.trace() == "title" and r.app.play is before
    r.key(K.D0 + 3)                                         # Settings from the title:
    r.key(K.END)                                            # back to the title
    assert r.trace() == "title"
