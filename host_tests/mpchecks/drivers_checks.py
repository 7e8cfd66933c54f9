# Checks of the handset drivers (ST7735 panel, key matrix) against recording fakes of
# machine.Pin / machine.SPI. Runs on CPython (host_tests/firmware/test_drivers.py) and on
# MicroPython, with the real framebuf there.
import fake_machine as fm
from drivers import keys
from drivers import st7735
from drivers.display import PALETTE, WHITE, RED, GOLD, BLACK, BLUE
from drivers.keypad import Keypad

_sleeps = []


def _record_sleep(ms):
    _sleeps.append(ms)


class _Clock:
    """A clock for the panel's wake-up (ms), moved by the test."""

    def __init__(self):
        self.now = 1000

    def __call__(self):
        return self.now


def _panel(clock=None, **kw):
    fm.reset()
    del _sleeps[:]
    st7735.sleep_ms = _record_sleep
    cs = fm.Pin("cs", fm.Pin.OUT, value=1)
    dc = fm.Pin("dc", fm.Pin.OUT, value=1)
    rst = fm.Pin("rst", fm.Pin.OUT, value=1)
    bl = fm.Pin("bl", fm.Pin.OUT, value=0)
    spi = fm.SPI(0, dc=dc, cs=cs)
    lcd = st7735.ST7735(spi, cs, dc, rst=rst, backlight=bl, clock=clock or _Clock(), **kw)
    return lcd, spi, rst, bl


def _be(colour):
    """The two bytes the panel must receive for a palette entry (big-endian RGB565)."""
    v = PALETTE[colour]
    return bytes((v >> 8, v & 0xFF))


def test_start_resets_the_panel_and_waits_for_nothing():
    lcd, spi, rst, bl = _panel()
    assert rst.history == [0, 1], rst.history              # a reset pulse, then high
    assert spi.log == [], "no command before the reset's 120 ms have passed"
    assert _sleeps == [], _sleeps                          # start-up goes on meanwhile
    assert bl.level == 0                                   # dark until the first frame


def test_the_first_show_wakes_the_panel_after_what_is_left_of_120_ms():
    # 121 ticks: the reset may come late in a tick_ms, and 120 ticks would be 119.x ms
    clock = _Clock()
    lcd, spi, rst, bl = _panel(clock)
    clock.now += 45                                        # start-up took 45 ms
    lcd.show()
    cmds = spi.commands()
    names = [c for c, _ in cmds]
    assert names[0] == 0x11, names                         # SLPOUT first: no SWRESET
    assert 0x01 not in names, "SWRESET is redundant after the reset line"
    assert _sleeps == [76, 5], _sleeps                     # 121 - 45, then Sleep Out's 5
    assert (0x3A, b"\x05") in cmds                         # COLMOD: 16 bits a pixel
    assert (0x36, b"\xc8") in cmds                         # MADCTL portrait, BGR
    ramwr = names.index(0x2C)
    assert names.index(0x3A) < ramwr < names.index(0x29), "display on after the frame"
    assert names[-1] == 0x29 and bl.level == 1             # lit once the frame is there
    # every command's argument count matches the ST7735 datasheet for those we rely on
    for cmd, nargs in ((0xB1, 3), (0xC0, 3), (0xE0, 16), (0xE1, 16), (0x13, 0), (0x29, 0)):
        found = [d for c, d in cmds if c == cmd]
        assert found and len(found[0]) == nargs, (cmd, found)
    spi.log = []
    lcd.show()
    assert spi.log == [] and _sleeps == [76, 5], "woken once"


def test_a_late_first_frame_waits_only_for_sleep_out():
    clock = _Clock()
    lcd, spi, _, _ = _panel(clock)
    clock.now += 300                                       # imports and saves: 300 ms
    lcd.show()
    assert _sleeps == [5], _sleeps


def test_without_a_reset_line_a_software_reset_starts_the_wait():
    fm.reset()
    del _sleeps[:]
    st7735.sleep_ms = _record_sleep
    cs = fm.Pin("cs", fm.Pin.OUT, value=1)
    dc = fm.Pin("dc", fm.Pin.OUT, value=1)
    spi = fm.SPI(0, dc=dc, cs=cs)
    clock = _Clock()
    lcd = st7735.ST7735(spi, cs, dc, clock=clock)
    assert [c for c, _ in spi.commands()] == [0x01]
    clock.now += 100
    lcd.show()
    assert _sleeps == [21, 5], _sleeps


def test_show_sends_one_window_then_rgb565_rows_big_endian():
    lcd, spi, _, _ = _panel()
    lcd.show()                          # the wake-up and a first frame of black
    spi.log = []
    lcd.fill(WHITE)
    lcd.show()                          # white: every row of the next frame changes
    spi.log = []
    lcd.fill(BLACK)
    lcd.fill_rect(10, 20, 30, 40, RED)
    lcd.pixel(0, 0, WHITE)
    lcd.pixel(127, 159, GOLD)
    lcd.pixel(1, 0, BLUE)
    lcd.show()
    cmds = spi.commands()
    assert [c for c, _ in cmds] == [0x2A, 0x2B, 0x2C], cmds[:3]
    assert cmds[0][1] == bytes((0, 0, 0, 127))     # CASET columns 0..127
    assert cmds[1][1] == bytes((0, 0, 0, 159))     # RASET rows 0..159
    pixels = cmds[2][1]
    assert len(pixels) == 128 * 160 * 2
    at = lambda x, y: pixels[(y * 128 + x) * 2:(y * 128 + x) * 2 + 2]  # noqa: E731
    assert at(0, 0) == _be(WHITE)
    assert at(1, 0) == _be(BLUE)
    assert at(2, 0) == _be(BLACK)
    assert at(127, 159) == _be(GOLD)
    assert at(10, 20) == _be(RED) and at(39, 59) == _be(RED)
    assert at(40, 59) == _be(BLACK) and at(39, 60) == _be(BLACK)
    reds = sum(1 for i in range(0, len(pixels), 2) if pixels[i:i + 2] == _be(RED))
    assert reds == 30 * 40, reds
    # rows go out one line buffer at a time: 160 writes of 256 bytes after RAMWR
    data_writes = [len(d) for dc, d in spi.log if dc == 1]
    assert data_writes[-160:] == [256] * 160


def test_panel_offsets_shift_the_window():
    lcd, spi, _, _ = _panel(col_offset=2, row_offset=1)
    lcd.show()
    spi.log = []
    lcd.fill(WHITE)
    lcd.show()
    cmds = spi.commands()
    assert cmds[0] == (0x2A, bytes((0, 2, 0, 129))), cmds[0]
    assert cmds[1] == (0x2B, bytes((0, 1, 0, 160))), cmds[1]


# Key matrix: 2 rows x 2 columns, OK and UP on row "r0", CALL and nothing on row "r1".
class Clock:
    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now


def _keypad():
    fm.reset()
    rows = (fm.Pin("r0", fm.Pin.OPEN_DRAIN, value=1), fm.Pin("r1", fm.Pin.OPEN_DRAIN, value=1))
    cols = (fm.Pin("c0", fm.Pin.IN, fm.Pin.PULL_UP), fm.Pin("c1", fm.Pin.IN, fm.Pin.PULL_UP))
    clock = Clock()
    pad = Keypad(rows, cols, bytes((keys.OK, keys.UP, keys.CALL, 0)), clock=clock)
    return pad, clock


def _run(pad, clock, until, step, contacts):
    """Poll every ``step`` ms until ``until``; contacts(t) says which key is closed.

    Returns [(time, code)] of every code get() handed out."""
    got = []
    while clock.now < until:
        for key in (("r0", "c0"), ("r0", "c1"), ("r1", "c0")):
            fm.release(*key)
        key = contacts(clock.now)
        if key:
            fm.press(*key)
        code = pad.get()
        if code:
            got.append((clock.now, code))
        clock.now += step
    return got


def test_a_bouncing_press_and_release_give_one_key():
    pad, clock = _keypad()
    ok = ("r0", "c0")
    # contact chatters for 6 ms going down and 6 ms coming up
    down = (0, 1, 1, 0, 1, 0, 0, 0)
    up = (1, 0, 0, 1, 0, 1)

    def contacts(t):
        if t < 10:
            return None
        if t < 10 + len(down):
            return None if down[t - 10] else ok
        if t < 100:
            return ok
        if t < 100 + len(up):
            return None if up[t - 100] else ok
        return None
    got = _run(pad, clock, 300, 1, contacts)
    assert got == [(10, keys.OK)], got   # at the first edge; the chatter after it is not read


def test_two_real_presses_give_two_keys():
    pad, clock = _keypad()
    got = _run(pad, clock, 400, 5,
               lambda t: ("r1", "c0") if 50 <= t < 150 or 250 <= t < 350 else None)
    assert [c for _, c in got] == [keys.CALL, keys.CALL], got


def test_a_held_arrow_repeats_after_a_delay():
    pad, clock = _keypad()
    got = _run(pad, clock, 1000, 10, lambda t: ("r0", "c1") if t >= 100 else None)
    times = [t for t, _ in got]
    assert all(c == keys.UP for _, c in got)
    assert times[0] == 100, times                    # at the press
    assert times[1] == 500, times                    # first repeat after 400 ms
    assert times[2:] == [620, 740, 860, 980], times  # then every 120 ms


def test_a_held_ok_does_not_repeat():
    pad, clock = _keypad()
    got = _run(pad, clock, 2000, 10, lambda t: ("r0", "c0"))
    assert [c for _, c in got] == [keys.OK], got


def test_rows_are_released_between_scans():
    pad, clock = _keypad()
    fm.press("r0", "c0")
    pad.scan()
    assert fm.PINS["r0"].level == 1 and fm.PINS["r1"].level == 1
    assert fm.PINS["r0"].history[-2:] == [0, 1]
