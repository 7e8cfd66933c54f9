"""Issue 23: what the ST7735 driver puts on the panel. A model of the panel
(host_tests/fakes/fake_panel.py: CASET, RASET and RAMWR on a 128 x 160 RGB565 memory)
is fed the frames of a real match (host_tests/keys/bots4.keys through the simulator):
after them its memory is the full expansion of the last frame, though the driver sent
only the rows that changed, and a show() with nothing changed sends nothing. Both the
native path (@micropython.viper: the 32-bit unix port's x86 emitter, and the Cortex-M0
image's Thumb-1 one when MICROPYTHON_QEMU names it) and the plain one (CPython, the
WebAssembly port, and forced on the unix port) send the same bytes."""
import functools
import os
import subprocess
import sys

import pytest

from conftest import ROOT, script

import fake_machine
import fake_panel
from tools.mp import unix as mpunix

FAKES = os.path.join(ROOT, "host_tests", "fakes")

N_FRAMES = 40           # the match's first frames: title, New game, the table, bots' moves


@functools.lru_cache(maxsize=None)
def frames():
    """The 4-bit frames of the match's first keys, as the simulator shows them."""
    from tools.sim import core as simcore
    seed, codes = script("bots4")
    return tuple(simcore.run(codes[:N_FRAMES - 1], seed=seed).frames)


def _pin(name):
    return fake_machine.Pin(name, fake_machine.Pin.OUT, value=1)


def _lcd(clock=lambda: 0):
    """The driver on the panel's model, with no waits: (the bus, the driver)."""
    from drivers import st7735
    st7735.sleep_ms = lambda ms: None
    dc, cs = _pin("dc"), _pin("cs")
    bus = fake_panel.PanelSPI(dc, cs)
    return bus, st7735.ST7735(bus, cs, dc, clock=clock)


@functools.lru_cache(maxsize=None)
def on_cpython():
    from drivers import st7735
    saved = st7735.sleep_ms
    st7735.sleep_ms = lambda ms: None
    try:
        return fake_panel.play_frames(st7735, _pin, list(frames()), native=True)
    finally:
        st7735.sleep_ms = saved


def test_the_panel_holds_every_frame_of_a_match_though_only_changed_rows_went():
    rows, windows, sent, _, quiet = on_cpython()
    n = len(frames())
    distinct = sum(1 for i in range(n) if i == 0 or frames()[i] != frames()[i - 1])
    assert n == N_FRAMES
    assert quiet == n - distinct, "a frame like the last one sends nothing"
    # Less than a whole frame each time: the first frame is whole, the rest are bands
    # (screen switches redraw most rows; a bot's move on the table a few bands).
    assert 160 <= rows < 160 * distinct * 3 // 4, (rows, distinct)
    assert sent < 40960 * distinct * 3 // 4, sent


def test_a_show_with_nothing_changed_sends_nothing_and_one_pixel_sends_its_row():
    bus, lcd = _lcd()
    lcd.fill(3)
    lcd.show()
    assert lcd.rows == 160 and lcd.windows == 1
    sent = bus.sent
    lcd.show()
    assert bus.sent == sent
    lcd.pixel(127, 77, 10)
    lcd.show()
    assert (lcd.rows, lcd.windows) == (161, 2)
    assert bus.sent - sent == 2 * 5 + 1 + 256, "CASET, RASET (+4 bytes each), RAMWR, one row"
    assert (bus.y0, bus.y1) == (77, 77)
    assert bus.memory == fake_panel.reference(lcd.buffer)
    # two bands far apart go in two windows; rows two apart in one
    lcd.pixel(0, 10, 1)
    lcd.pixel(0, 150, 1)
    lcd.show()
    assert (lcd.rows, lcd.windows) == (163, 4)
    lcd.pixel(0, 20, 4)
    lcd.pixel(0, 23, 4)
    lcd.show()
    assert (lcd.rows, lcd.windows) == (167, 5), "rows 20..23 in one window"
    assert bus.memory == fake_panel.reference(lcd.buffer)


def _frames_file(tmp):
    path = os.path.join(str(tmp), "frames.bin")
    with open(path, "wb") as f:
        for fr in frames():
            f.write(fr)
    return path


# Run under a MicroPython (argv: the frames file, then native flags): one line per path,
# "native=N fast=F rows windows sent check quiet".
_SCRIPT = """
import sys
from drivers import st7735
import fake_machine, fake_panel
st7735.sleep_ms = lambda ms: None
f = open(%r, 'rb')
data = f.read()
f.close()
frames = [data[i:i + 10240] for i in range(0, len(data), 10240)]
pin = lambda n: fake_machine.Pin(n, 1, value=1)
for native in %r:
    r = fake_panel.play_frames(st7735, pin, frames, native, %d)
    print('native=%%d fast=%%d' %% (native, int(native and st7735.NATIVE is not None)),
          ' '.join(str(v) for v in r))
"""


def _expect(line, native, fast):
    got = line.split()
    assert got[:2] == ["native=%d" % native, "fast=%d" % fast], line
    assert tuple(int(v) for v in got[2:]) == on_cpython(), (line, on_cpython())


@pytest.mark.micropython
def test_the_webassembly_port_without_viper_sends_the_same_bytes(micropython, tmp_path):
    micropython.put_file(os.path.join(FAKES, "fake_machine.py"), "/tests/fake_machine.py")
    micropython.put_file(os.path.join(FAKES, "fake_panel.py"), "/tests/fake_panel.py")
    micropython.write("/tests/frames.bin", b"".join(frames()))
    out = micropython.exec(
        "import sys\nif '/tests' not in sys.path: sys.path.append('/tests')\n"
        + _SCRIPT % ("/tests/frames.bin", (True,), 8))
    _expect(out.strip(), 1, 0)


UNIX = mpunix.binary()


@pytest.mark.micropython
@pytest.mark.skipif(bool(mpunix.missing(UNIX)), reason=mpunix.missing(UNIX) or "binary")
def test_viper_and_plain_send_the_same_bytes_on_the_unix_port_micropython(tmp_path):
    """The native code on the 32-bit unix port's x86 emitter, then the plain code forced,
    both against the panel model and CPython's bytes."""
    path = _frames_file(tmp_path)
    script_path = os.path.join(str(tmp_path), "panel_run.py")
    with open(script_path, "w") as f:
        f.write("import sys\nsys.path[:0] = [%r, %r, %r]\n" % (
            os.path.join(ROOT, "firmware"), FAKES, os.path.join(ROOT, "lib"))
            + _SCRIPT % (path, (True, False), 4))
    run = subprocess.run([UNIX, "-X", "heapsize=4M", script_path], capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.strip().split("\n")
    _expect(lines[0], 1, 1)
    _expect(lines[1], 0, 0)


@pytest.mark.micropython
@pytest.mark.skipif(bool(mpunix.missing(UNIX)), reason=mpunix.missing(UNIX) or "binary")
def test_the_native_glyph_painter_draws_the_blits_pixels_on_the_unix_port_micropython(
        tmp_path):
    """ui/writer.py's viper painter against its framebuf blits, on the x86 emitter."""
    code = ("import sys\nsys.path[:0] = [%r, %r, %r]\n" % (
        os.path.join(ROOT, "firmware"), FAKES, os.path.join(ROOT, "lib"))
        + "import text_check\nprint(text_check.check())\n")
    run = subprocess.run([UNIX, "-X", "heapsize=1M", "-c", code], capture_output=True,
                         text=True, timeout=300)
    assert run.stdout.split() == ["(True,", "True)"], run.stdout + run.stderr


def test_the_glyph_painter_falls_back_to_the_blits_on_cpython():
    import text_check
    assert text_check.check() == (False, True)


# The qemu port's Cortex-M0 image (Thumb-1, the RP2040's instructions), the game frozen in
# from this checkout: the viper code on the emitter the handset runs.
QEMU = os.environ.get("MICROPYTHON_QEMU", "")
NEEDS_QEMU = pytest.mark.skipif(not (QEMU and os.path.isfile(QEMU)),
                                reason="MICROPYTHON_QEMU names no qemu port image")

_QEMU_PLAY = """
from drivers import st7735
from drivers import keys as K
st7735.sleep_ms = lambda ms: None
class Pin:
    def __init__(self):
        self.level = 1
    def __call__(self, v=None):
        if v is not None:
            self.level = v
        return self.level
def run(native):
    dc = Pin()
    cs = Pin()
    bus = PanelSPI(dc, cs)
    lcd = st7735.ST7735(bus, cs, dc, native=native, clock=lambda: 0)
    import app
    a = app.App(lcd, seed=5)
    a.start()
    bad = 0
    for code in (K.OK, K.SL, K.OK, K.DOWN, K.DOWN, K.RIGHT, K.D0 + 3, K.STAR, K.STAR,
                 K.HASH, K.UP, K.OK, K.OK, K.OK):
        a.key(code)
        n = 0
        while a.idle() and n < 20000:
            n += 1
        if first_difference(bus.memory, reference(lcd.buffer)) is not None:
            bad += 1
    print("@play", int(lcd.native), bad, lcd.rows, bus.sent, bus.crc)
run(True)
run(False)
print(text_check_check())
print("@end")
"""


@pytest.mark.micropython
@NEEDS_QEMU
def test_the_thumb_emitters_native_code_puts_the_same_bytes_on_the_panel_micropython():
    from tools.bench import panel
    with open(os.path.join(FAKES, "fake_panel.py")) as f:
        model = f.read()
    with open(os.path.join(FAKES, "text_check.py")) as f:
        text = f.read().replace("def check(", "def text_check_check(")
    out = panel.run_qemu(QEMU, model + "\n" + text + "\n" + _QEMU_PLAY, done="@end")
    plays = [line.split("@play")[1].split() for line in out.splitlines() if "@play" in line]
    assert len(plays) == 2, out[-2000:]
    assert plays[0][:2] == ["1", "0"], "the native path on Thumb-1, every frame right"
    assert plays[1][:2] == ["0", "0"], "the plain path, every frame right"
    assert plays[0][2:] == plays[1][2:], "the same rows and bytes either way"
    assert "(True, True)" in out, "the glyph painter on Thumb-1 draws the blits' pixels"


def test_show_rows_compares_only_its_rows_and_a_later_show_sends_the_rest():
    bus, lcd = _lcd()
    lcd.fill(2)
    lcd.show()
    rows = lcd.rows
    lcd.fill_rect(0, 100, 128, 14, 10)      # the band
    lcd.pixel(5, 20, 4)                      # outside it
    lcd.show_rows(100, 114)
    assert (lcd.rows - rows, bus.y0, bus.y1) == (14, 100, 113)
    assert bus.memory != fake_panel.reference(lcd.buffer)   # row 20 not sent yet
    lcd.show()
    assert lcd.rows - rows == 15 and (bus.y0, bus.y1) == (20, 20)
    assert bus.memory == fake_panel.reference(lcd.buffer)


def test_the_pots_slide_and_the_thinking_dots_send_their_rows_alone_and_the_panel_keeps_up():
    """A step of the pot's slide and a bot's thinking dot tell the app the rows they drew
    (App.rows, App.show_rows): the driver compares those rows alone, and after every key
    and idle() call of a game to its result and through the slide, the panel holds the
    frame exactly."""
    from app import App
    from drivers import keys as K
    import settings
    now = [5000]
    bus, lcd = _lcd(lambda: now[0])
    bands = []
    real = lcd.show_rows

    def show_rows(top, end):
        bands.append((top, end))
        real(top, end)
    lcd.show_rows = show_rows
    app = App(lcd, seed=5, clock=lambda: now[0])
    app.start()
    app.key(K.OK)                           # New game
    app.cfg[settings.PACE] = 1
    app.key(K.SL)                           # Play
    steps = 0
    for _ in range(3000):
        s = app.screen
        if getattr(s, "kind", -1) == 0 and s.step == 8 and not app.timed:
            break
        sent = bus.sent
        if getattr(s, "mode", -1) == 0 or s.name == "svara" and not app.timed:
            now[0] += 400
            app.key(K.OK)
        else:
            n = len(bands)
            app.idle()
            if getattr(s, "kind", -1) == 0 and len(bands) > n:
                steps += 1
            now[0] += app.wait if app.timed else 10
        if bus.sent != sent:
            assert bus.memory == fake_panel.reference(lcd.buffer), app.trace()
    else:
        raise AssertionError("no game's result: " + app.trace())
    pot = app.screen.pot_y
    assert steps == 8 and bands[-8:] == [(pot, pot + 14)] * 8, bands[-8:]
    assert (90, 99) in bands, "the thinking dots: the message line alone"
