"""Issue 25, item 21: the simulator's window. The help under the keypad names the keys of
what the screen shows (the leave dialog's, while it is up), and without a sound card the
window says so in one line instead of the eight lines ALSA prints."""
import os
import subprocess
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pytest  # noqa: E402

from conftest import ROOT  # noqa: E402
from tools.sim import core as simcore  # noqa: E402
import i18n  # noqa: E402


class Rendered:
    """A font that notes the lines the window writes with it."""

    def __init__(self, font):
        self.font = font
        self.lines = []

    def render(self, text, *args):
        self.lines.append(text)
        return self.font.render(text, *args)


@pytest.fixture(params=[pytest.param(False, id="cpython"),
                        pytest.param(True, id="micropython", marks=pytest.mark.micropython)])
def window(request):
    import pygame
    from tools.sim import window as simwindow
    pygame.display.init()
    pygame.font.init()
    w = simwindow.Window(pygame, 2)
    w.small = Rendered(w.small)
    if request.param:           # MicroPython's help follows dialogs when the window asks
        runner = simcore.runner(True, 2, None, watch_help=True)
    else:
        runner = simcore.runner(False, 2, None)
    runner.start()
    loop = simwindow.Loop(w, runner, {})
    yield pygame, w, loop, runner
    runner.close()
    pygame.quit()


def words(text):
    from tools.sim.window import ARROW_WORDS
    for symbol, word in ARROW_WORDS:
        text = text.replace(symbol, word)
    return text


def shown_help(pygame, w, loop, now, key=None):
    """The help line under the keypad after a frame (with a PC key pressed, if given)."""
    w.small.lines = []
    events = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")] if key else []
    loop.frame(events, now)
    if key:
        loop.frame([pygame.event.Event(pygame.KEYUP, key=key, mod=0)], now)
    return w.small.lines[0] if w.small.lines else None


def test_the_help_under_the_keypad_follows_the_leave_dialog(window):
    pygame, w, loop, runner = window
    T = i18n.strings()
    now = 0
    turn = None
    for key in (pygame.K_RETURN, pygame.K_F1):          # New game, Play
        turn = shown_help(pygame, w, loop, now, key) or turn
        now += 20
    while not runner.trace().startswith("table turn turn=0"):   # the bots, then your turn
        turn = shown_help(pygame, w, loop, now) or turn
        now += 20
        assert now < 60000, runner.trace()
    assert turn and turn != words(T.HELP_QUIT), turn     # your turn's keys, as drawn
    assert shown_help(pygame, w, loop, now, pygame.K_ESCAPE) == words(T.HELP_QUIT)
    assert runner.trace().startswith("table quit")
    assert shown_help(pygame, w, loop, now + 20, pygame.K_ESCAPE) == turn, "END: stay"
    assert runner.trace().startswith("table turn")


def test_without_a_sound_card_the_window_says_so_in_one_line(tmp_path):
    """SDL's ALSA driver with an ALSA configuration naming no device (as a machine without
    a sound card has): `make play`'s start-up printed ALSA's own error lines."""
    empty = tmp_path / "alsa.conf"
    empty.write_text("")
    script = (
        "import sys, pygame\n"
        "from tools.sim import window as simwindow\n"
        "simwindow.display_available = lambda: True\n"
        "pygame.event.get = lambda: [pygame.event.Event(pygame.QUIT)]\n"
        "sys.exit(simwindow.play({'scale': 1, 'micropython': False, 'seed': 1,\n"
        "                         'heap': None, 'trace': False, 'shots': None}))\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa",
               ALSA_CONFIG_PATH=str(empty), PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=60, env=env, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sim: no sound ("), out.stderr
    assert "the window plays silent" in lines[0]
