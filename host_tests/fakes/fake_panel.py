# A model of the ST7735's side of the SPI bus for the driver tests: it reads the bytes as
# the panel does (D/C low: a command byte; high: its data) and applies CASET and RASET
# (the window) and RAMWR (pixels, big-endian RGB565, filling the window row by row and
# wrapping to its top as the chip does) to a 128 x 160 memory of 16-bit pixels. Plain
# Python for CPython and MicroPython alike; nothing of the driver is reused, so that
# reference() (the expansion of a 4-bit frame, written here from the palette and the
# GS4_HMSB layout) checks the driver's expansion rather than repeating it.
from drivers.display import HEIGHT, PALETTE, WIDTH

CASET = 0x2A
RASET = 0x2B
RAMWR = 0x2C


class PanelSPI:
    """An SPI bus with the panel on it: write() is the bus, memory the panel's RAM."""

    def __init__(self, dc, cs):
        self.dc = dc
        self.cs = cs
        self.memory = bytearray(WIDTH * HEIGHT * 2)
        self.cmd = -1
        self.args = bytearray(0)
        self.x0 = self.y0 = 0
        self.x1 = WIDTH - 1
        self.y1 = HEIGHT - 1
        self.x = self.y = 0
        self.half = -1          # the first byte of a pixel, until its second comes
        self.sent = 0           # bytes on the bus
        self.pixels = 0         # pixels written
        self.commands = []      # every command byte, in order
        self.crc = 0            # a running check of every byte and its D/C level

    def write(self, buf):
        if self.cs.level != 0:
            raise AssertionError("SPI write while CS is high: the panel would ignore it")
        self.sent += len(buf)
        if self.dc.level == 0:
            for b in buf:
                self._command(b)
                self.crc = (self.crc * 31 + b + 256) & 0xFFFFF
            return
        crc = self.crc
        for b in buf:
            crc = (crc * 31 + b) & 0xFFFFF
        self.crc = crc
        if self.cmd == RAMWR:
            self._pixels(buf)
        else:
            for b in buf:
                self.args.append(b)
            if len(self.args) == 4 and self.cmd in (CASET, RASET):
                a = self.args
                lo, hi = (a[0] << 8) | a[1], (a[2] << 8) | a[3]
                if self.cmd == CASET:
                    if not lo <= hi < WIDTH:
                        raise AssertionError("CASET %d..%d outside the panel" % (lo, hi))
                    self.x0, self.x1 = lo, hi
                else:
                    if not lo <= hi < HEIGHT:
                        raise AssertionError("RASET %d..%d outside the panel" % (lo, hi))
                    self.y0, self.y1 = lo, hi

    def _command(self, b):
        self.cmd = b
        self.args = bytearray(0)
        self.commands.append(b)
        self.half = -1
        if b == RAMWR:
            self.x, self.y = self.x0, self.y0

    def _pixels(self, buf):
        mem = self.memory
        x, y, half = self.x, self.y, self.half
        x0, x1, y0, y1 = self.x0, self.x1, self.y0, self.y1
        n = 0
        for b in buf:
            if half < 0:
                half = b
                continue
            k = (y * WIDTH + x) * 2
            mem[k] = half
            mem[k + 1] = b
            half = -1
            n += 1
            x += 1
            if x > x1:
                x = x0
                y += 1
                if y > y1:
                    y = y0
        self.x, self.y, self.half = x, y, half
        self.pixels += n


def reference(frame):
    """The panel's memory a 4-bit frame should give: big-endian RGB565 from PALETTE, the
    left pixel of each byte in its high nibble."""
    out = bytearray(WIDTH * HEIGHT * 2)
    hi = bytearray(32)
    for i in range(16):
        hi[2 * i] = PALETTE[i] >> 8
        hi[2 * i + 1] = PALETTE[i] & 0xFF
    k = 0
    for b in frame:
        a = (b >> 4) * 2
        out[k] = hi[a]
        out[k + 1] = hi[a + 1]
        a = (b & 15) * 2
        out[k + 2] = hi[a]
        out[k + 3] = hi[a + 1]
        k += 4
    return out


def first_difference(a, b):
    """(x, y) of the first pixel where two panel memories differ, or None."""
    for k in range(0, len(a), 2):
        if a[k] != b[k] or a[k + 1] != b[k + 1]:
            return (k // 2) % WIDTH, (k // 2) // WIDTH
    return None


def play_frames(st7735, pin, frames, native, every=1):
    """Show each 4-bit frame of `frames` (a list of 10,240-byte frames) on a driver over
    the model, checking the panel's memory against reference() after every `every`th
    frame and after the last; (rows sent, windows, bytes sent, the bus's check, shows
    that sent nothing) or AssertionError naming the frame and pixel that differ."""
    dc = pin("dc")
    cs = pin("cs")
    bus = PanelSPI(dc, cs)
    lcd = st7735.ST7735(bus, cs, dc, native=native, clock=lambda: 1000)
    quiet = 0
    for i in range(len(frames)):
        before = bus.sent
        lcd.buffer[:] = frames[i]
        lcd.show()
        if bus.sent == before:
            quiet += 1
        if i % every == 0 or i == len(frames) - 1:
            at = first_difference(bus.memory, reference(frames[i]))
            if at is not None:
                raise AssertionError("native=%s: frame %d differs on the panel at %r"
                                     % (native, i, at))
    return lcd.rows, lcd.windows, bus.sent, bus.crc, quiet
