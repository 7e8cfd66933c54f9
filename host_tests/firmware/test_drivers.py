"""The handset drivers (ST7735 panel, key matrix) and the board files, against recording
fakes of machine.Pin / machine.SPI: on CPython, and on MicroPython with its real framebuf."""
import importlib.util
import os
import sys

import pytest

from conftest import ROOT, on_both_interpreters

import fake_machine
from drivers import keys
import settings

FAKES = os.path.join(ROOT, "host_tests", "fakes")

test_checks = on_both_interpreters(
    "drivers_checks", files=[os.path.join(FAKES, "fake_machine.py")])


@pytest.mark.micropython
def test_show_allocates_nothing_on_micropython(micropython):
    """show() sends a whole frame with the heap locked: nothing allocated per frame."""
    micropython.put_file(os.path.join(FAKES, "fake_machine.py"), "/tests/fake_machine.py")
    micropython.exec(
        "import sys\nif '/tests' not in sys.path: sys.path.append('/tests')\n"
        "import fake_machine as fm\nfrom drivers import st7735\n"
        "st7735.sleep_ms = lambda ms: None\n"
        "_pin = lambda v=None: None\n"  # fake pins record levels (that allocates)
        "_spi = fm.NullSPI()\n"
        "_lcd = st7735.ST7735(_spi, _pin, _pin)\n"
        "_lcd.show()\n_lcd.fill(4)\n_spi.count = 0\n")
    out = micropython.exec(
        "import micropython\nmicropython.heap_lock()\n"
        "try:\n    _lcd.show()\nfinally:\n    micropython.heap_unlock()\n"
        "print(_spi.count)")
    # CASET + args, RASET + args, RAMWR, then 160 rows (every row changed)
    assert out.split() == [str(2 + 2 + 1 + 160)]
    out = micropython.exec(
        "_lcd.fill_rect(0, 40, 128, 8, 1)\n_spi.count = 0\n"
        "micropython.heap_lock()\n"
        "try:\n    _lcd.show()\n    _lcd.show()\nfinally:\n    micropython.heap_unlock()\n"
        "print(_spi.count)")
    assert out.split() == [str(2 + 2 + 1 + 8)], "the 8 rows that changed, then nothing"


def _load_board(name, machine_module):
    """Import firmware/boards/<name>/board.py with ``machine`` replaced by a fake."""
    path = os.path.join(ROOT, "firmware", "boards", name, "board.py")
    spec = importlib.util.spec_from_file_location("board_" + name, path)
    module = importlib.util.module_from_spec(spec)
    saved = sys.modules.get("machine")
    sys.modules["machine"] = machine_module
    try:
        spec.loader.exec_module(module)
    finally:
        if saved is None:
            sys.modules.pop("machine", None)
        else:
            sys.modules["machine"] = saved
    return module


def test_reference_board_maps_every_key_once():
    board = _load_board("handset", fake_machine)
    codes = [c for c in board.KEYMAP if c]
    assert sorted(codes) == list(range(1, len(keys.NAMES))), codes
    assert len(board.KEYMAP) == len(board.ROWS) * len(board.COLS)
    pins = list(board.ROWS) + list(board.COLS) + [
        board.PIN_SCK, board.PIN_MOSI, board.PIN_CS, board.PIN_DC, board.PIN_RST,
        board.PIN_BACKLIGHT]
    assert len(set(pins)) == len(pins), "two signals share a pin"


def test_reference_board_wires_the_drivers(monkeypatch):
    board = _load_board("handset", fake_machine)
    from drivers import st7735
    monkeypatch.setattr(st7735, "sleep_ms", lambda ms: None)
    monkeypatch.setitem(sys.modules, "machine", fake_machine)
    fake_machine.reset()
    lcd = board.display()
    assert (lcd.width, lcd.height) == (128, 160)
    assert fake_machine.PINS[board.PIN_BACKLIGHT].level == 0     # dark until a frame
    lcd.show()
    assert fake_machine.PINS[board.PIN_BACKLIGHT].level == 1
    pad = board.keypad()
    # press "5": row 3, column 1 of the reference matrix
    fake_machine.press(board.ROWS[3], board.COLS[1])
    assert pad.get() == keys.D0 + 5         # at its first edge
    assert pad.get() == 0                   # held: once


def test_the_buzzer_plays_a_tone_without_blocking_and_stops_it_on_time():
    from drivers import buzzer

    class PWM:
        def __init__(self):
            self.f = 0
            self.d = -1

        def freq(self, f):
            self.f = f

        def duty_u16(self, d):
            self.d = d

    now = [1000]
    pwm = PWM()
    b = buzzer.Buzzer(pwm, clock=lambda: now[0])
    assert pwm.d == 0                                    # silent at start
    b.play(buzzer.WIN)
    assert pwm.f == buzzer.FREQ[buzzer.WIN] and pwm.d == buzzer.DUTY[1]
    now[0] += buzzer.MS[buzzer.WIN] - 1
    b.tick()
    assert pwm.d == buzzer.DUTY[1]                       # still sounding
    now[0] += 1
    b.tick()
    assert pwm.d == 0                                    # stopped on time
    b.volume = 2
    b.play(buzzer.BET)
    assert pwm.d == buzzer.DUTY[2] > buzzer.DUTY[1]
    b.tick()
    now[0] += 1000
    b.tick()
    b.volume = 0                                         # muted: nothing sounds
    pwm.d = 0
    b.play(buzzer.SVARA)
    assert pwm.d == 0


def test_the_app_sounds_a_deal_bets_a_win_and_a_svara_at_the_volume_set():
    from tools.bench import play as bench_play
    from drivers import buzzer
    from conftest import script

    class Sound:
        def __init__(self):
            self.kinds = []
            self.volume = -1

        def play(self, kind):
            self.kinds.append((kind, self.volume))

        def left(self):
            return -1

        def tick(self):
            pass
    seed, codes = script("hotseat3")
    r = bench_play.CPythonPlay(seed)
    r.app.sound = Sound()
    settings.PREFS[1] = 2
    for c in codes:
        r.key(c)
    kinds = set(k for k, v in r.app.sound.kinds)
    assert {buzzer.DEAL, buzzer.BET, buzzer.SVARA} <= kinds, kinds
    assert all(v == 2 for k, v in r.app.sound.kinds)
    seed, codes = script("bots4")
    r = bench_play.CPythonPlay(seed)
    r.app.sound = Sound()
    settings.PREFS[1] = 0
    for c in codes[:17]:
        r.key(c)
    assert (buzzer.WIN, 0) in r.app.sound.kinds          # volume 0: the buzzer is mute
