"""The screens, checked pixel for pixel against committed golden images
(host_tests/golden/*.png, 128 x 160, the panel's own pixels), and a few behaviours of
the menus and the table that a player notices.

Regenerate the golden images deliberately (then look at them) with:
    UPDATE_GOLDEN=1 .venv/bin/python -m pytest -q host_tests/ui/test_golden_screens.py
"""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tools.bench import play as bench_play  # noqa: E402
from tools.sim import core as simcore  # noqa: E402
from drivers import keys  # noqa: E402
from conftest import KEYS, check, pixel, play, rgb  # noqa: E402,F401


# (golden name, key script, the step whose frame it shows: 0 = after start).
SHOTS = (
    ("title", "hotseat3", 0),
    ("new_game", "hotseat3", 4),
    ("cover", "hotseat3", 9),
    ("table_blinds", "hotseat3", 13),
    ("table_chances", "hotseat3", 21),
    ("table_bet", "hotseat3", 23),
    ("quit", "hotseat3", 31),
    ("svara", "hotseat3", 37),
    ("join", "hotseat3", 43),
    ("svara_all_in", "hotseat2", 19),
    ("showdown", "hotseat2", 21),
    ("game_over", "hotseat2", 23),
)
# Screens reached by a few keys from the title (app seed 1).
PAGES = (
    ("rules_cards", "4"),
    ("rules_hands", "4 RIGHT"),
    ("rules_level", "4 RIGHT RIGHT RIGHT RIGHT"),
    ("rules_svara", "4 RIGHT RIGHT RIGHT RIGHT RIGHT RIGHT"),
    ("rules_presets", "4 LEFT LEFT"),
    ("rules_chances", "4 LEFT"),
    ("settings", "3"),
    ("statistics", "5"),
)


@pytest.fixture(scope="module")
def runs():
    out = {}
    for name in set(s[1] for s in SHOTS):
        out[name] = play(name, frames=True)
    return out


@pytest.mark.parametrize("name,script,step", SHOTS, ids=[s[0] for s in SHOTS])
def test_screen_matches_its_golden_image(runs, name, script, step):
    check(name, runs[script][2][step])


@pytest.mark.parametrize("name,keys_text", PAGES, ids=[p[0] for p in PAGES])
def test_page_matches_its_golden_image(name, keys_text):
    run = bench_play.CPythonPlay(1)
    for c in simcore.parse_keys(keys_text):
        run.key(c)
    check(name, run.frame())


def test_every_screen_has_a_help_line():
    run, traces, frames = play("hotseat3", frames=True)
    for t, f in zip(traces, frames):
        # The help line (y 139..146) holds light text on its dark band on every screen.
        ink = set(pixel(f, x, y) for x in range(128) for y in range(139, 147))
        assert len(ink) >= 2, "no help line on %s" % t


def test_continue_without_a_match_says_so_and_stays():
    run = bench_play.CPythonPlay(1)
    run.key(keys.DOWN)
    before = run.frame()
    run.key(keys.OK)
    assert run.trace() == "title" and run.frame() != before
    run.key(keys.UP)                          # the note goes away with the next move
    assert run.trace() == "title"


def test_people_and_bots_stay_between_2_and_10():
    run = bench_play.CPythonPlay(1)
    run.key(keys.OK)                          # New game
    cfg = run.app.cfg
    for c in (keys.D0 + 9, keys.D0 + 1, keys.D0 + 0):   # people 9, then 10
        run.key(c)
    assert cfg[0] + cfg[1] <= 10 and cfg[0] == 10 and cfg[1] == 0
    run.key(keys.DOWN)
    run.key(keys.D0 + 5)                      # 5 bots: the people make room
    assert (cfg[0], cfg[1]) == (5, 5)
    run.key(keys.UP)
    run.key(keys.D0 + 1)
    run.key(keys.DOWN)
    run.key(keys.D0 + 0)                      # 1 person and 0 bots: a bot is added
    assert cfg[0] + cfg[1] == 2


def test_a_key_on_the_action_list_redraws_only_the_action_area():
    run, traces, frames = play("hotseat3", frames=True)
    before = frames[23]                       # P1's turn, Bet 5 selected
    again = bench_play.CPythonPlay(5)
    for c in simcore.parse_keys(simcore.read_keys_arg(
            "@" + os.path.join(KEYS,
                               "hotseat3.keys")))[:23]:
        again.key(c)
    assert again.frame() == before
    shown = again.display.shown
    again.app.key(keys.UP)                    # to Pass: the SHOW answer, one show()
    after = again.frame()
    assert again.display.shown == shown + 1
    changed = [(x, y) for y in range(160) for x in range(128)
               if pixel(before, x, y) != pixel(after, x, y)]
    assert changed
    assert all((x >= 60 and 99 <= y < 139) or 139 <= y < 148 for x, y in changed)
