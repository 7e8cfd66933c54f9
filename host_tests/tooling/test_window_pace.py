"""Issue 25, item 4: the simulator's window plays at the handset's pace. After your move
a bot thinks and its move stays on its row as long as on the handset (firmware/main.py
calls idle() about every 10 ms; settings.PACE_THINK and PACE_POP are ms of its clock),
and Settings -> Bot pace changes how long. The window's frame loop runs on a test clock
on SDL's dummy drivers; what the window draws is read from its surface."""
import functools
import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

from tools.sim import core as simcore  # noqa: E402
import settings  # noqa: E402
from drivers.display import GOLD, PALETTE  # noqa: E402

FRAME_MS = 16           # a frame every 16 ms of the test clock
SEED = 2                # your first move (OK) leaves Bot 1 to act
STATE_X, SEATS_Y = 45, 10   # ui/table.py: the state column, the first seat's row
SLOW, NORMAL, FAST = 0, 1, 2


@functools.lru_cache(maxsize=None)
def measured(pace):
    """(ms Bot 1 thought, ms its pop-up showed, the pop-up drawn in each of its frames)
    after your first move at Bot pace `pace`, in a window on SDL's dummy drivers."""
    import pygame
    from tools.sim import window as simwindow
    pygame.display.init()
    pygame.font.init()
    try:
        c = Clocked(pygame, simwindow, simwindow.Window(pygame, 2), SEED)
        set_pace(c, pace)
        think, pop, boxes = after_your_move(c)
        return think, pop, tuple(boxes)
    finally:
        pygame.quit()


class Clocked:
    """The window's Loop on a runner, fed PC keys on a clock that the test moves."""

    def __init__(self, pygame, simwindow, window, seed):
        self.pg = pygame
        self.window = window
        self.runner = simcore.runner(False, seed, None)
        self.runner.start()
        self.loop = simwindow.Loop(window, self.runner, {})
        self.now = 0

    def key(self, pc_key):
        ev = self.pg.event.Event(self.pg.KEYDOWN, key=pc_key, mod=0, unicode="")
        self.loop.frame([ev], self.now)
        self.loop.frame([self.pg.event.Event(self.pg.KEYUP, key=pc_key, mod=0)], self.now)
        self.tick()

    def tick(self):
        self.now += FRAME_MS
        self.loop.frame([], self.now)

    def trace(self):
        return self.runner.trace()

    def pop_up_drawn(self, seat):
        """The gold frame of a pop-up on `seat`'s row, as the window shows it (x2)."""
        from tools.sim.window import MARGIN
        rgb = simcore.rgb565_to_rgb(bytes((PALETTE[GOLD] & 255, PALETTE[GOLD] >> 8)))
        x, y = STATE_X - 2, SEATS_Y + 12 * seat
        return tuple(self.window.surface.get_at((MARGIN + 2 * x, MARGIN + 2 * y)))[:3] == \
            tuple(rgb)


def set_pace(c, pace):
    """Title -> Settings, Bot pace (its second row) to `pace`, Done; then New game, Play."""
    pg = c.pg
    for k in (pg.K_DOWN, pg.K_DOWN, pg.K_RETURN, pg.K_DOWN):
        c.key(k)
    assert c.trace().startswith("settings"), c.trace()
    step = pg.K_LEFT if pace < NORMAL else pg.K_RIGHT
    for _ in range(abs(pace - NORMAL)):
        c.key(step)
    assert c.runner.app.cfg[settings.PACE] == pace
    c.key(pg.K_F1)                                  # Done
    assert c.trace() == "title", c.trace()
    for k in (pg.K_UP, pg.K_UP, pg.K_RETURN, pg.K_F1):
        c.key(k)
    assert c.trace().startswith("table"), c.trace()


def after_your_move(c):
    """Play until your turn, press OK; then (ms Bot 1 thought, ms its pop-up showed)
    as the window's frames show them, and whether every pop-up frame drew the box."""
    for _ in range(2000):
        if c.trace().startswith("table turn turn=0"):
            break
        c.tick()
    assert c.trace().startswith("table turn turn=0"), c.trace()
    c.key(c.pg.K_RETURN)
    ok_at = c.now - FRAME_MS
    think = pop = None
    boxes = []
    for _ in range(1000):
        mode = c.trace().split()[1] if c.trace().startswith("table") else c.trace()
        if mode == "pop":
            if pop is None:
                pop = c.now
                think = c.now - ok_at
            boxes.append(c.pop_up_drawn(1))
        elif pop is not None:
            return think, c.now - pop, boxes
        else:
            assert mode == "think", "a bot thinks first, not " + c.trace()
        c.tick()
    pytest.fail("the pop-up never went: " + c.trace())


@pytest.mark.parametrize("pace", [SLOW, NORMAL, FAST], ids=["slow", "normal", "fast"])
def test_a_bot_thinks_and_its_move_shows_as_long_as_on_the_handset(pace):
    think, pop, boxes = measured(pace)
    # The handset: PACE_THINK and PACE_POP tens of ms (one frame of slack).
    want_think = settings.PACE_THINK[pace] * 10
    want_pop = settings.PACE_POP[pace] * 10
    assert abs(think - want_think) <= 2 * FRAME_MS, (think, want_think)
    assert abs(pop - want_pop) <= 2 * FRAME_MS, (pop, want_pop)
    assert boxes and all(boxes), "every frame of the pop-up shows it on Bot 1's row"


def test_a_faster_pace_is_shorter():
    times = [sum(measured(pace)[:2]) for pace in (SLOW, NORMAL, FAST)]
    assert times[0] > times[1] > times[2] > 500, times


def test_headless_runs_still_settle_each_key_at_once():
    """--keys runs (and the golden images) take each frame once the bots are done."""
    from drivers import keys as K
    r = simcore.runner(False, SEED, None)
    r.start()
    for code in (K.OK, K.SL):
        r.key(code)
    assert r.trace().startswith("table turn turn=0"), r.trace()
    r.key(K.OK)
    assert r.trace().split()[1] not in ("think", "pop"), r.trace()
