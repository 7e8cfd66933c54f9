"""The options lists say what their keys do (issue 25, items 13 and 16): Back on Settings
or New game asks before it keeps a change (and drops it on a second Back), and OK on a
value row changes no value. The key sequences are the issue's, run headless as
`python -m tools.sim` runs them."""
import os
import shlex

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tools.sim import core as simcore  # noqa: E402
from drivers import keys as K  # noqa: E402
import i18n  # noqa: E402
import settings  # noqa: E402
from conftest import ROOT  # noqa: E402
from ui_helpers import T, run, help_line, drawn_help, pref_row, row_of, to_row  # noqa: E402

def _cfg(r):
    return bytes(r.app.cfg)


# --- item 13: Back keeps nothing it was not told to keep ------------------------------

def test_back_on_settings_asks_and_a_second_back_drops_the_change():
    r = run(1, "DOWN DOWN OK RIGHT")             # Settings, bot level easy -> normal
    assert r.app.cfg[settings.LEVEL] == 1
    r.key(K.SR)                                  # Back: asked
    assert r.trace().endswith(" keep?"), r.trace()
    assert help_line(r) == drawn_help(T.HELP_KEEP)
    r.key(K.SR)                                  # Back again: dropped
    assert r.trace() == "title" and r.app.cfg[settings.LEVEL] == 0
    r.key(K.OK)                                  # the last OK: Settings again
    assert r.trace().startswith("settings 0 ") and r.app.cfg == bytearray(settings.DEFAULTS)


def test_back_then_ok_keeps_the_change_as_done_does():
    r = run(1, "DOWN DOWN OK RIGHT SR OK")
    assert r.trace() == "title" and r.app.cfg[settings.LEVEL] == 1
    r = run(1, "DOWN DOWN OK RIGHT SL")          # Done
    assert r.trace() == "title" and r.app.cfg[settings.LEVEL] == 1


def test_back_without_a_change_leaves_at_once():
    r = run(1, "DOWN DOWN OK RIGHT LEFT SR")     # changed, then changed back
    assert r.trace() == "title"


def test_a_dropped_change_of_language_deck_and_sound_is_undone_too():
    r = run(1, "3 UP UP LEFT")                   # Settings, the language row: the one before
    try:
        assert i18n.current() != "en"
        to_row(r.app.screen, pref_row(settings._ASK_PASS), r.key)
        r.key(K.RIGHT)                           # the question before passing: off
        to_row(r.app.screen, pref_row(settings._SOUND), r.key)
        r.key(K.RIGHT)                           # the sound: low -> high
        to_row(r.app.screen, pref_row(settings._FOUR), r.key)
        r.key(K.RIGHT)                           # the four colours: on
        assert settings.PREFS[1] == 2 and settings.PREFS[0] == 1 and settings.PREFS[3] == 0
        r.key(K.SR)
        r.key(K.END)                             # drop
        assert r.trace() == "title"
        assert i18n.current() == "en" and settings.PREFS[1] == 1 and settings.PREFS[0] == 0
        assert settings.PREFS[3] == 1
    finally:
        i18n.use("en")
        settings.PREFS[0] = 0
        settings.PREFS[3] = 1


def test_a_change_before_the_names_screen_is_still_asked_about_after_it():
    r = run(1, "3 DOWN RIGHT")                   # Settings: the bot pace
    r.key(K.D0 + 3)                              # (a digit types no pace: nothing)
    pace = r.app.cfg[settings.PACE]
    assert pace == 2
    from ui import options
    to_row(r.app.screen, options._NAMES, r.key)  # to the Names row
    names = row_of(r.app.screen, options._NAMES)
    r.key(K.OK)
    assert r.trace().startswith("names")
    r.key(K.END)                                 # back to Settings
    assert r.trace().startswith("settings %d " % names), r.trace()
    r.key(K.SR)
    assert r.trace().endswith(" keep?"), r.trace()
    r.key(K.SR)
    assert r.app.cfg[settings.PACE] == settings.DEFAULTS[settings.PACE]


def test_back_on_new_game_asks_too():
    r = run(1, "OK DOWN LEFT SR")                # New game, bots 3 -> 2, Back
    assert r.trace().endswith(" keep?")
    r.key(K.END)
    assert r.trace() == "title" and r.app.cfg[settings.BOTS] == 3
    r = run(1, "OK DOWN LEFT SR OK")
    assert r.trace() == "title" and r.app.cfg[settings.BOTS] == 2


def test_back_on_settings_during_a_match_drops_the_level_for_the_match_too():
    r = run(1, "OK SL END OK")                   # a match in progress
    p = r.app.play
    r.key(K.D0 + 3)
    r.key(K.RIGHT)                               # level normal
    r.key(K.SR)
    r.key(K.SR)                                  # dropped
    assert p.level == 0 and r.app.cfg[settings.LEVEL] == 0


# --- item 16: OK changes no value -----------------------------------------------------

def test_ok_on_a_value_row_moves_to_start_and_changes_nothing():
    r = run(1, "OK OK")                          # the keys
    assert r.app.cfg == bytearray(settings.DEFAULTS), "OK stepped a value"
    assert r.trace().startswith("newgame 12 ")   # on "Start the game"
    r.key(K.OK)
    p = r.app.play
    assert r.trace().startswith("table") and (p.people, len(p.match.stacks)) == (1, 4)


def test_ok_steps_no_row_of_either_list():
    for keys in ("OK", "3"):                     # New game, Settings
        r = run(1, keys)
        n = len(r.app.screen.items)
        for i in range(n):
            r.app.screen.selected = i
            before = (_cfg(r), settings.PREFS[0], settings.PREFS[1], settings.PREFS[2],
                      i18n.current())
            r.key(K.OK)
            if r.trace().startswith("names"):    # the Names row opens its screen
                r.key(K.END)
                continue
            assert (_cfg(r), settings.PREFS[0], settings.PREFS[1], settings.PREFS[2],
                    i18n.current()) == before, (keys, i)
            assert r.app.screen.selected == n, (keys, i)


@pytest.mark.micropython
def test_the_readme_micropython_example_starts_a_game_against_three_bots():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        line = next(l for l in f if "--micropython" in l and "--keys" in l)
    args = shlex.split(line.split("#")[0])
    keys = args[args.index("--keys") + 1]
    result = simcore.run(simcore.parse_keys(keys))       # on CPython: the same keys
    assert result.traces[-1].startswith(("table", "showdown")), result.traces
    news = [t for t in result.traces if t.startswith("newgame")]
    assert news and all(t.split()[2:4] == ["1", "3"] for t in news), news
