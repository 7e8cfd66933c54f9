# ST7735 / ST7735R colour panel, 128 x 160, on SPI: the handset's screen.
# The UI draws into this FrameBuffer (GS4_HMSB, 16 colours, 10,240 bytes); show() sends
# the panel only the rows that changed since the last show() (a 32-bit signature of
# every row, 640 bytes, tells them), each band of them in a window of its own, expanded
# to RGB565 one row at a time into one reused 256-byte line buffer. Nothing changed:
# nothing goes out. The signature pass and the expansion are viper code where the port
# has it (drivers/native.py), plain code otherwise, the same bytes on the panel. The
# constructor only pulses the reset line: the panel's wake-up runs in the first show().
# The driver never imports machine: the board file hands it the SPI bus and the pins.
# docs/HARDWARE.md ("The panel driver") says why each of these.
import framebuf

from drivers.display import BUFFER_SIZE, HEIGHT, PALETTE, WIDTH

try:
    from time import sleep_ms, sleep_us, ticks_diff, ticks_ms
except ImportError:  # CPython (host tests replace sleep_ms with a recorder)
    from time import sleep as _sleep, time as _time

    def sleep_ms(ms):
        _sleep(ms / 1000)

    def sleep_us(us):
        _sleep(us / 1000000)

    def ticks_ms():
        return int(_time() * 1000)

    def ticks_diff(a, b):
        return a - b

from micropython import const

_SWRESET = const(0x01)
_SLPOUT = const(0x11)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)
_RESET_US = const(20)       # RESX low: the datasheet asks 10 us at least
_RESET_MS = const(121)      # a reset (RESX) to Sleep Out: 120 ms, counted in whole ticks_ms
_SLPOUT_MS = const(5)       # after Sleep Out, before the next command
_GAP = const(2)             # unchanged rows between two bands sent as one (a row is
                            # 256 bytes, 21 us at 12 MHz; a window costs more calls)
_ROW = const(64)            # bytes of a 4-bit row (WIDTH // 2)

# The power-on settings for a 128x160 ST7735R (values from the Sitronix datasheet's
# recommended settings), sent after Sleep Out: command, argument count, arguments...
# Normal mode on needs no wait; Display on goes after the first frame (show()).
INIT = bytes((
    0xB1, 3, 0x01, 0x2C, 0x2D,               # FRMCTR1: frame rate, normal mode
    0xB2, 3, 0x01, 0x2C, 0x2D,               # FRMCTR2: idle mode
    0xB3, 6, 0x01, 0x2C, 0x2D, 0x01, 0x2C, 0x2D,  # FRMCTR3: partial mode
    0xB4, 1, 0x07,                           # INVCTR: no line inversion
    0xC0, 3, 0xA2, 0x02, 0x84,               # PWCTR1..5: power control
    0xC1, 1, 0xC5,
    0xC2, 2, 0x0A, 0x00,
    0xC3, 2, 0x8A, 0x2A,
    0xC4, 2, 0x8A, 0xEE,
    0xC5, 1, 0x0E,                           # VMCTR1: VCOM
    0x20, 0,                                 # INVOFF
    0x3A, 1, 0x05,                           # COLMOD: 16 bits a pixel (RGB565)
    0xE0, 16, 0x02, 0x1C, 0x07, 0x12, 0x37, 0x32, 0x29, 0x2D,
    0x29, 0x25, 0x2B, 0x39, 0x00, 0x01, 0x03, 0x10,  # GMCTRP1: gamma +
    0xE1, 16, 0x03, 0x1D, 0x07, 0x06, 0x2E, 0x2C, 0x29, 0x2D,
    0x2E, 0x2E, 0x37, 0x3F, 0x00, 0x00, 0x02, 0x10,  # GMCTRN1: gamma -
    0x13, 0,                                 # NORON
))

# MADCTL for portrait with row 0 at the top: MX | MY | BGR (the common "black tab" panel).
MADCTL_PORTRAIT = const(0xC8)

# The native functions (drivers/native.py: band, the signatures, and expand, the 4-bit
# to RGB565 rows), made at import where the port has a native emitter; else the plain
# code below.
def _native():
    import sys
    if not (getattr(sys.implementation, "_mpy", 0) >> 10) & 15:
        return None         # no native emitter (.mpy architecture none), or CPython
    from drivers.native import make
    return make("PANEL", ("band", "expand"))


NATIVE = _native()


def band_plain(frame, sigs, y, last):
    """band() without viper: a 20-bit signature of each row's 64 bytes in sigs' first
    three bytes a row (one-to-one steps as the native one, kept small enough for
    MicroPython's small integers so that nothing is allocated)."""
    start = HEIGHT
    while y < last:
        h = 0
        i = y * _ROW
        for i in range(i, i + _ROW):
            h = ((h ^ frame[i]) * 403) & 0xFFFFF
        k = y * 4
        if h != sigs[k] | (sigs[k + 1] << 8) | (sigs[k + 2] << 16):
            sigs[k] = h & 0xFF
            sigs[k + 1] = (h >> 8) & 0xFF
            sigs[k + 2] = h >> 16
            if start == HEIGHT:
                start = y
        elif start != HEIGHT:
            return (start << 8) | y
        y += 1
    return (start << 8) | last


def swap16(value):
    """A 16-bit value with its two bytes swapped (framebuf stores RGB565 little-endian)."""
    return ((value & 0xFF) << 8) | (value >> 8)


class ST7735(framebuf.FrameBuffer):
    """The 4-bit frame the UI draws on, plus show() that sends what changed to the panel.
    native=False uses the plain code even where viper exists (tests, benchmarks);
    clock (ms, as time.ticks_ms) times the panel's wake-up."""

    def __init__(self, spi, cs, dc, rst=None, backlight=None, col_offset=0, row_offset=0,
                 madctl=MADCTL_PORTRAIT, native=True, clock=None):
        # The frame first, while the heap is still in one piece.
        self.buffer = bytearray(BUFFER_SIZE)
        super().__init__(self.buffer, WIDTH, HEIGHT, framebuf.GS4_HMSB)
        self.width = WIDTH
        self.height = HEIGHT
        self._spi = spi
        self._cs = cs
        self._dc = dc
        self._rst = rst
        self._backlight = backlight
        self._col = col_offset
        self._row = row_offset
        self._madctl = madctl
        self._clock = clock or ticks_ms
        fast = NATIVE if native else None
        self._band = fast[0] if fast else band_plain
        self._expand = fast[1] if fast else None
        self.native = fast is not None
        self._sigs = bytearray(4 * HEIGHT)      # each row's signature as last sent
        self._line = bytearray(WIDTH * 2)
        self._line_fb = framebuf.FrameBuffer(self._line, WIDTH, 1, framebuf.RGB565)
        # The panel takes big-endian pixels; framebuf writes RGB565 little-endian, so
        # the palette holds byte-swapped colours and the line buffer comes out right
        # (its 32 bytes, big-endian pairs, are also the native expansion's table).
        self._pal = bytearray(32)
        self._palette = framebuf.FrameBuffer(self._pal, 16, 1, framebuf.RGB565)
        for i in range(16):
            self._palette.pixel(i, 0, swap16(PALETTE[i]))
        self._cmd = bytearray(1)
        self._args = bytearray(4)
        self.rows = 0           # rows sent so far (tools/bench/panel.py counts them)
        self.windows = 0        # bands (windows) sent so far
        self._since = None      # when the reset was (ms), until the panel is woken
        self._dark = True       # display and backlight still off (before the first frame)
        self._all = True        # every row to send (refresh())
        cs(1)
        dc(1)
        self.init()

    def init(self):
        """Reset the panel; its wake-up and settings follow in the next show(), once the
        120 ms a reset needs have passed (start-up goes on meanwhile)."""
        rst = self._rst
        if rst is not None:
            rst(0)
            sleep_us(_RESET_US)
            rst(1)
        else:
            self.command(_SWRESET)
        self._since = self._clock()
        self._dark = True
        if self._backlight is not None:
            self._backlight(0)

    def _wake(self):
        """Sleep Out and the power-on settings, after what is left of the reset's wait;
        then every row counts as changed (the panel's memory holds noise)."""
        wait = _RESET_MS - ticks_diff(self._clock(), self._since)
        if wait > 0:
            sleep_ms(wait)
        self._since = None
        self.command(_SLPOUT)
        sleep_ms(_SLPOUT_MS)
        table = INIT
        i = 0
        while i < len(table):
            n = table[i + 1]
            self.command(table[i], table[i + 2:i + 2 + n])
            i += 2 + n
        self.command(_MADCTL, bytes((self._madctl,)))
        self.refresh()

    def refresh(self):
        """Count every row as changed: the next show() sends the whole frame."""
        self._all = True

    def command(self, cmd, args=None):
        """Send one command byte, then its argument bytes as data."""
        self._cmd[0] = cmd
        self._cs(0)
        self._dc(0)
        self._spi.write(self._cmd)
        if args:
            self._dc(1)
            self._spi.write(args)
        self._cs(1)

    def _window(self, x0, y0, x1, y1):
        a = self._args
        x0 += self._col
        x1 += self._col
        y0 += self._row
        y1 += self._row
        a[0] = x0 >> 8
        a[1] = x0 & 0xFF
        a[2] = x1 >> 8
        a[3] = x1 & 0xFF
        self.command(_CASET, a)
        a[0] = y0 >> 8
        a[1] = y0 & 0xFF
        a[2] = y1 >> 8
        a[3] = y1 & 0xFF
        self.command(_RASET, a)

    def show(self):
        """Send the rows that changed since the last show(): each band of them (bands
        at most _GAP rows apart go as one) in a window of its own."""
        self._send(0, HEIGHT)

    def show_rows(self, top, end):
        """show() for a frame that changed in rows top..end-1 alone (the caller knows:
        a step of an animation): only those rows are compared. A row changed outside
        them goes with the next show() that compares it."""
        self._send(top, end)

    def _send(self, top, end):
        # (show() and show_rows() each call this, not one the other: a caller that
        # wraps one of them, as tools/mp/qemu_guest.py meters both, counts it once)
        if self._since is not None:
            self._wake()
        band = self._band
        frame = self.buffer
        sigs = self._sigs
        if self._all:           # the signatures brought up to date, every row sent
            self._all = False
            y = 0
            while y < HEIGHT:
                y = band(frame, sigs, y, HEIGHT) & 0xFF
            self._rows(0, HEIGHT)
            nxt = HEIGHT << 8   # (no row left to compare: a pass over the frame saved)
        else:
            nxt = band(frame, sigs, top, end)
        while (nxt >> 8) < end:
            y0 = nxt >> 8
            y1 = nxt & 0xFF
            while True:
                nxt = band(frame, sigs, y1, end)
                if (nxt >> 8) - y1 > _GAP or (nxt >> 8) >= end:
                    break
                y1 = nxt & 0xFF
            self._rows(y0, y1)
        if self._dark:
            self._dark = False
            self.command(_DISPON)
            if self._backlight is not None:
                self._backlight(1)

    def _rows(self, y0, y1):
        """Rows y0..y1-1 in a window of their own: RAMWR and its pixels in one chip
        select, the panel taking the rows in order."""
        self._window(0, y0, WIDTH - 1, y1 - 1)
        spi = self._spi
        buf = self._line
        self._cmd[0] = _RAMWR
        self._cs(0)
        self._dc(0)
        spi.write(self._cmd)
        self._dc(1)
        expand = self._expand
        if expand is not None:
            frame = self.buffer
            pal = self._pal
            for y in range(y0, y1):
                expand(frame, y, buf, pal)
                spi.write(buf)
        else:
            line = self._line_fb
            palette = self._palette
            for y in range(y0, y1):
                line.blit(self, 0, -y, -1, palette)
                spi.write(buf)
        self._cs(1)
        self.rows += y1 - y0
        self.windows += 1
