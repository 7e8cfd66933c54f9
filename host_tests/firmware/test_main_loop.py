"""main.py's loop on a test clock: while a bot's pause is held it sleeps until app.wait
says something is due (reading the keys every HOLD_MS), so a pop-up of 1.1 s costs one
idle() of the handset's CPU, not one every 30 ms; the pace stays the clock's."""
import time

from conftest import run_main
import main
import settings
from app import App
from drivers import keys as K
from drivers.simdisplay import SimDisplay
from store import Store


def test_the_loop_sleeps_through_a_bots_pop_up_and_wakes_as_it_ends(monkeypatch, tmp_path):
    Store(str(tmp_path)).save("settings", {"guide": 1})     # the first-game guide seen
    monkeypatch.setattr(main, "SAVES", str(tmp_path))
    now = [1000.0]
    slept = []

    def sleep(s):
        slept.append(s)
        now[0] += s
    monkeypatch.setattr(time, "time", lambda: now[0])
    monkeypatch.setattr(time, "sleep", sleep)
    calls = []
    real_idle = App.idle

    def idle(app):
        got = real_idle(app)
        calls.append((now[0], app.trace().split()[:2], app.timed))
        return got
    monkeypatch.setattr(App, "idle", idle)
    apps = []
    real_start = App.start

    def start(app):
        apps.append(app)
        return real_start(app)
    monkeypatch.setattr(App, "start", start)

    class Pad:
        codes = [K.OK, K.SL]        # New game (you and 3 bots), Play

        def get(self):
            now[0] += 0.0005        # the keypad's scan
            if self.codes:
                return self.codes.pop(0)
            a = apps[0]
            p = a.play
            if p is not None and p.game is not None and p.game.to_act is not None \
                    and not p.is_bot(p.game.to_act) and a.screen.name == "table":
                raise KeyboardInterrupt     # your turn: enough
            if a.screen.name in ("showdown", "svara") and not a.timed:
                raise KeyboardInterrupt     # (the bots played the game out: a result)
            if now[0] > 1100:
                raise AssertionError("never your turn: %s %s" % (apps[0].trace(), apps[0].error))
            return 0

    run_main(monkeypatch, SimDisplay, Pad)
    p = apps[0].play
    pops = []
    run = 0         # idle() calls in a row that left a pop-up held (the first drew it)
    for i in range(1, len(calls)):
        if calls[i - 1][1] == ["table", "pop"]:
            run += 1
            if calls[i][1] != ["table", "pop"]:
                pops.append((i, run))
                run = 0
    assert pops, calls
    for i, n in pops:
        # the bot's move drawn, one call to learn the wait, one as the pop-up ends
        assert n <= 2, (n, calls[i - n:i + 1])
        held = (calls[i][0] - calls[i - n][0]) * 1000
        assert p.pop_ms <= held < p.pop_ms + 20, (held, calls[i - n - 1:i + 1])
    assert max(slept) <= main.HOLD_MS / 1000 + 1e-9, "the keys are read every HOLD_MS"
    assert p.pop_ms == settings.PACE_POP[p.cfg[settings.PACE]] * 10
