# ST7735 / ST7735R colour panel, 128 x 160, on SPI: the handset's screen.
# The UI draws into this FrameBuffer (GS4_HMSB, 16 colours, 10,240 bytes); show() expands
# it to the panel's RGB565 one row at a time into one reused 256-byte line buffer, so a
# full frame costs 10,240 + 256 + 32 bytes of RAM and show() allocates nothing.
# The driver never imports machine: the board file hands it the SPI bus and the pins.
import framebuf

from drivers.display import BUFFER_SIZE, HEIGHT, PALETTE, WIDTH

try:
    from time import sleep_ms
except ImportError:  # CPython (host tests replace this with a recorder)
    from time import sleep as _sleep

    def sleep_ms(ms):
        _sleep(ms / 1000)

from micropython import const

_SWRESET = const(0x01)
_SLPOUT = const(0x11)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)

# Power-on sequence for a 128x160 ST7735R (values from the Sitronix datasheet's
# recommended settings): each entry is command, argument count, arguments...; an
# argument count with bit 7 set is followed by a delay in ms after the arguments.
INIT = bytes((
    _SWRESET, 0x80, 150,
    _SLPOUT, 0x80, 255,
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
    0x13, 0x80, 10,                          # NORON
    0x29, 0x80, 100,                         # DISPON
))

# MADCTL for portrait with row 0 at the top: MX | MY | BGR (the common "black tab" panel).
MADCTL_PORTRAIT = const(0xC8)


def swap16(value):
    """A 16-bit value with its two bytes swapped (framebuf stores RGB565 little-endian)."""
    return ((value & 0xFF) << 8) | (value >> 8)


class ST7735(framebuf.FrameBuffer):
    """The 4-bit frame the UI draws on, plus show() that sends it to the panel."""

    def __init__(self, spi, cs, dc, rst=None, backlight=None, col_offset=0, row_offset=0,
                 madctl=MADCTL_PORTRAIT):
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
        self._line = bytearray(WIDTH * 2)
        self._line_fb = framebuf.FrameBuffer(self._line, WIDTH, 1, framebuf.RGB565)
        # The panel takes big-endian pixels; framebuf writes RGB565 little-endian, so
        # the palette holds byte-swapped colours and the line buffer comes out right.
        self._palette = framebuf.FrameBuffer(bytearray(32), 16, 1, framebuf.RGB565)
        for i in range(16):
            self._palette.pixel(i, 0, swap16(PALETTE[i]))
        self._cmd = bytearray(1)
        self._args = bytearray(4)
        cs(1)
        dc(1)
        self.init()

    def init(self):
        """Reset the panel and run its power-on sequence (about 520 ms of waits)."""
        rst = self._rst
        if rst is not None:
            rst(1)
            sleep_ms(5)
            rst(0)
            sleep_ms(20)
            rst(1)
            sleep_ms(150)
        table = INIT
        i = 0
        while i < len(table):
            count = table[i + 1]
            n = count & 0x7F
            self.command(table[i], table[i + 2:i + 2 + n])
            i += 2 + n
            if count & 0x80:
                sleep_ms(table[i])
                i += 1
        self.command(_MADCTL, bytes((self._madctl,)))
        if self._backlight is not None:
            self._backlight(1)

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
        """Send the whole frame: one window, then 160 rows of 256 bytes each."""
        self._window(0, 0, WIDTH - 1, HEIGHT - 1)
        line = self._line_fb
        buf = self._line
        palette = self._palette
        spi = self._spi
        # RAMWR and its pixels in one chip-select: the panel takes the rows in order.
        self._cmd[0] = _RAMWR
        self._cs(0)
        self._dc(0)
        spi.write(self._cmd)
        self._dc(1)
        for y in range(HEIGHT):
            line.blit(self, 0, -y, -1, palette)
            spi.write(buf)
        self._cs(1)
