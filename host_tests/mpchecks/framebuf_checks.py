"""framebuf scenes drawn the same way on CPython (stand-in) and MicroPython (real module).

Each ``scene_*`` returns the bytes of the buffers it drew into; host_tests/tooling/test_hostlib_framebuf.py
runs every scene on both interpreters and compares them byte for byte. The ``test_*``
checks assert behaviour and run on both interpreters too.
"""
import framebuf
from array import array

FORMATS = (
    ("MONO_VLSB", framebuf.MONO_VLSB), ("MONO_HLSB", framebuf.MONO_HLSB),
    ("MONO_HMSB", framebuf.MONO_HMSB), ("GS2_HMSB", framebuf.GS2_HMSB),
    ("GS4_HMSB", framebuf.GS4_HMSB), ("GS8", framebuf.GS8), ("RGB565", framebuf.RGB565),
)
BPP = {framebuf.MONO_VLSB: 1, framebuf.MONO_HLSB: 1, framebuf.MONO_HMSB: 1,
       framebuf.GS2_HMSB: 2, framebuf.GS4_HMSB: 4, framebuf.GS8: 8, framebuf.RGB565: 16}
COLOURS = (0, 1, 2, 3, 5, 0x0F, 0x1E, 0xFF, 0x1234, 0xF81F, -1, 0x12345)


def _size(fmt, w, h, stride):
    if fmt == framebuf.MONO_VLSB:
        return ((h + 7) // 8) * stride
    if fmt in (framebuf.MONO_HLSB, framebuf.MONO_HMSB):
        return ((stride + 7) // 8) * h
    if fmt == framebuf.GS2_HMSB:
        return ((stride + 3) // 4) * h
    if fmt == framebuf.GS4_HMSB:
        return ((stride + 1) // 2) * h
    return stride * h * BPP[fmt] // 8


def _make(fmt, w, h, stride=None, seed=0):
    """A buffer pre-filled with a pattern (so untouched bytes show) and its FrameBuffer."""
    stride = w if stride is None else stride
    buf = bytearray(_size(fmt, w, h, stride))
    s = seed
    for i in range(len(buf)):
        s = (s * 75 + 74) % 65537
        buf[i] = s & 0xFF
    if stride == w:
        return buf, framebuf.FrameBuffer(buf, w, h, fmt)
    return buf, framebuf.FrameBuffer(buf, w, h, fmt, stride)


class _Rand:
    """A tiny generator with the same numbers on both interpreters."""

    def __init__(self, seed):
        self.s = seed

    def below(self, n):
        self.s = (self.s * 75 + 74) % 65537
        return self.s % n

    def between(self, lo, hi):
        return lo + self.below(hi - lo + 1)


# Sizes: odd widths (GS4 half bytes), heights not a multiple of 8 (MONO_VLSB), a stride.
SHAPES = ((13, 11, None), (16, 9, None), (9, 7, 21))


def _each_format(draw):
    out = bytearray()
    for _name, fmt in FORMATS:
        for w, h, stride in SHAPES:
            buf, fb = _make(fmt, w, h, stride, seed=w + h + fmt)
            draw(fb, w, h, fmt)
            out += buf
    return bytes(out)


def scene_fill():
    def draw(fb, w, h, fmt):
        fb.fill(fmt + 1)
    return _each_format(draw)


def scene_fill_colours():
    out = bytearray()
    for c in COLOURS:
        for _name, fmt in FORMATS:
            buf, fb = _make(fmt, 5, 3, 7, seed=c & 0xFF)
            fb.fill(c)
            out += buf
    return bytes(out)


def scene_pixels():
    def draw(fb, w, h, fmt):
        k = 0
        for y in (-2, -1, 0, 1, h // 2, h - 2, h - 1, h, h + 3):
            for x in (-9, -1, 0, 1, 2, 3, w // 2, w - 2, w - 1, w, w + 5):
                fb.pixel(x, y, COLOURS[k % len(COLOURS)])
                k += 1
    return _each_format(draw)


def scene_pixel_get():
    out = bytearray()
    for _name, fmt in FORMATS:
        buf, fb = _make(fmt, 11, 9, 13, seed=fmt)
        for y in range(-1, 10):
            for x in range(-1, 12):
                v = fb.pixel(x, y)
                out.append(255 if v is None else v & 0xFF)
                out.append(0 if v is None else (v >> 8) & 0xFF)
    return bytes(out)


def scene_hline_vline():
    def draw(fb, w, h, fmt):
        c = 1
        for y in (-1, 0, 1, h - 1, h):
            for x, n in ((-5, 3), (-5, 6), (-1, w + 2), (0, 1), (1, 1), (1, 2), (2, 3),
                         (3, 4), (w - 1, 5), (w, 2), (4, 0), (4, -3)):
                fb.hline(x, y, n, c)
                c = (c * 5 + 3) & 0xFFFF
        for x in (-1, 0, 1, 2, w - 2, w - 1, w):
            for y, n in ((-5, 3), (-5, 7), (-1, h + 2), (0, 1), (1, 2), (h - 1, 4),
                         (h, 2), (2, 0), (2, -1)):
                fb.vline(x, y, n, c)
                c = (c * 5 + 3) & 0xFFFF
    return _each_format(draw)


def scene_rects():
    def draw(fb, w, h, fmt):
        c = 7
        boxes = ((0, 0, w, h), (1, 1, w - 2, h - 2), (-3, -3, 6, 6), (w - 3, h - 3, 9, 9),
                 (-3, h - 2, 7, 4), (w - 2, -2, 5, 5), (3, 2, 1, 1), (3, 2, 2, 1), (2, 3, 1, 3),
                 (5, 1, 3, 0), (5, 1, -2, 4), (-20, -20, 5, 5), (w, h, 3, 3), (1, 4, 3, 2))
        for fill in (False, True):
            for x, y, bw, bh in boxes:
                fb.rect(x, y, bw, bh, c, fill)
                c = (c * 7 + 1) & 0xFFFF
        fb.rect(2, 2, 4, 4, 3)
    return _each_format(draw)


def scene_fill_rect_odd_x():
    out = bytearray()
    for stride in (None, 19):
        for x in range(-2, 6):
            for bw in range(0, 7):
                buf, fb = _make(framebuf.GS4_HMSB, 12, 3, stride, seed=x * 8 + bw)
                fb.fill_rect(x, 0, bw, 3, 9)
                fb.fill_rect(x + 5, 1, bw, 1, 0x1A)
                out += buf
    return bytes(out)


def scene_lines():
    def draw(fb, w, h, fmt):
        r = _Rand(w * 31 + h + fmt)
        for i in range(60):
            fb.line(r.between(-8, w + 8), r.between(-8, h + 8),
                    r.between(-8, w + 8), r.between(-8, h + 8), r.below(0x10000))
        fb.line(3, 3, 3, 3, 1)
        fb.line(0, 0, w - 1, h - 1, 2)
        fb.line(w - 1, 0, 0, h - 1, 3)
        fb.line(-4, 2, w + 4, 2, 4)
        fb.line(2, -4, 2, h + 4, 5)
    return _each_format(draw)


def scene_ellipses():
    out = bytearray()
    for _name, fmt in (FORMATS[1], FORMATS[4], FORMATS[6], FORMATS[0]):
        buf, fb = _make(fmt, 40, 30, None, seed=fmt)
        fb.fill(0)
        k = 1
        for cx, cy, xr, yr in ((20, 15, 10, 7), (20, 15, 0, 0), (5, 5, 0, 4), (35, 5, 4, 0),
                               (0, 0, 6, 6), (39, 29, 8, 3), (-3, 15, 7, 9), (20, 33, 12, 5),
                               (20, 15, 25, 18), (10, 20, 1, 1), (30, 20, 2, 1)):
            for fill in (False, True):
                for m in (15, 1, 2, 4, 8, 3, 5, 10, 12, 0, 0x1F):
                    fb.ellipse(cx, cy, xr, yr, k, fill, m)
                    k = (k * 3 + 1) & 0xFFFF
                fb.ellipse(cx + 1, cy - 1, xr, yr, k, fill)
        fb.ellipse(12, 12, 5, 3, 9)
        out += buf
    return bytes(out)


def scene_poly():
    out = bytearray()
    shapes = (
        array("h", (0, 0, 10, 2, 4, 9)),
        array("h", (0, 0, 14, 0, 14, 10, 7, 4, 0, 10)),          # concave, flat top
        array("h", (5, 0, 10, 5, 5, 10, 0, 5)),                   # diamond
        array("h", (0, 5, 5, 0, 10, 5, 15, 0, 20, 5, 10, 12)),    # local minima
        array("h", (-6, -3, 30, 4, 2, 25)),                       # clipped
        array("h", (3, 3, 8, 3)),                                 # a flat two-point poly
        array("h", (2, 2)),
    )
    for _name, fmt in (FORMATS[4], FORMATS[1], FORMATS[6]):
        buf, fb = _make(fmt, 32, 24, None, seed=fmt)
        k = 1
        for ox, oy in ((2, 2), (15, 10), (-4, 18), (25, -3)):
            for coords in shapes:
                for fill in (False, True):
                    fb.poly(ox, oy, coords, k, fill)
                    k = (k * 5 + 3) & 0xFFFF
        out += buf
    return bytes(out)


def scene_scroll():
    out = bytearray()
    for _name, fmt in FORMATS:
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (3, -2), (-3, 2), (5, 4), (-5, -4),
                       (12, 0), (-12, 0), (0, 9), (0, -9), (13, 1), (-13, 0), (0, 20)):
            buf, fb = _make(fmt, 13, 9, None, seed=fmt * 16 + dx + dy)
            fb.scroll(dx, dy)
            out += buf
    return bytes(out)


def scene_blit_formats():
    out = bytearray()
    for _sname, sfmt in FORMATS:
        sbuf, src = _make(sfmt, 7, 5, None, seed=sfmt + 40)
        for _dname, dfmt in FORMATS:
            for x, y in ((0, 0), (3, 2), (-2, -1), (10, 8), (-6, -4), (-7, 0), (0, -5),
                         (13, 0), (0, 9), (11, 7)):
                buf, fb = _make(dfmt, 13, 9, None, seed=dfmt + x * 3 + y)
                fb.blit(src, x, y)
                out += buf
    return bytes(out)


def scene_blit_key_palette():
    out = bytearray()
    sbuf, src = _make(framebuf.GS4_HMSB, 9, 6, None, seed=3)
    pbuf = bytearray(32)
    pal = framebuf.FrameBuffer(pbuf, 16, 1, framebuf.RGB565)
    for i in range(16):
        pal.pixel(i, 0, (i * 0x1357 + 0x0841) & 0xFFFF)
    gpbuf = bytearray(8)
    gpal = framebuf.FrameBuffer(gpbuf, 16, 1, framebuf.GS4_HMSB)
    for i in range(16):
        gpal.pixel(i, 0, 15 - i)
    mbuf, msrc = _make(framebuf.MONO_HLSB, 10, 4, None, seed=9)
    mpal = framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565)
    mpal.pixel(0, 0, 0x001F)
    mpal.pixel(1, 0, 0xF800)
    for x, y in ((0, 0), (1, 1), (-1, -2), (6, 3), (-8, 0), (12, 9)):
        for key in (-1, 0, 5, 15, pal.pixel(5, 0), 0x10000):
            buf, fb = _make(framebuf.RGB565, 13, 9, None, seed=x + y)
            fb.blit(src, x, y, key, pal)
            fb.blit(msrc, y, x, key, mpal)
            out += buf
            buf, fb = _make(framebuf.GS4_HMSB, 13, 9, None, seed=x - y)
            fb.blit(src, x, y, key)
            fb.blit(src, y, x, key, gpal)
            out += buf
    buf, fb = _make(framebuf.GS4_HMSB, 13, 9, None, seed=1)
    fb.blit((sbuf, 9, 6, framebuf.GS4_HMSB), 2, 1)
    fb.blit((sbuf, 4, 6, framebuf.GS4_HMSB, 10), 7, 3, 0)
    fb.blit((bytes(sbuf[:20]), 16, 10, framebuf.MONO_HLSB), -3, -2, 1, gpal)
    out += buf
    return bytes(out)


def scene_show_expansion():
    """The display driver's show(): a GS4 frame to RGB565 one line at a time."""
    w, h = 30, 7
    fbuf, frame = _make(framebuf.GS4_HMSB, w, h, None, seed=77)
    frame.fill_rect(3, 2, 7, 3, 10)
    pal = framebuf.FrameBuffer(bytearray(32), 16, 1, framebuf.RGB565)
    for i in range(16):
        pal.pixel(i, 0, (0xFFFF - i * 0x0F0F) & 0xFFFF)
    line = bytearray(w * 2)
    lfb = framebuf.FrameBuffer(line, w, 1, framebuf.RGB565)
    out = bytearray()
    for y in range(h):
        lfb.blit(frame, 0, -y, -1, pal)
        out += line
    for x in (-3, -1, 1, 2, 5):      # clipped sideways, odd source columns
        for y in (0, 3, 6):
            lfb.fill(0)
            lfb.blit(frame, x, -y, -1, pal)
            out += line
    return bytes(out)


def scene_names():
    return [n for n in sorted(globals()) if n.startswith("scene_") and n != "scene_names"]


def print_scene(name):
    """Print one scene's bytes as hex (what the MicroPython side of the test reads)."""
    print(globals()[name]().hex())


# -- behaviour checks, run on both interpreters ------------------------------------------

def test_pixel_reads_back_what_was_set_and_outside_is_none():
    buf, fb = _make(framebuf.GS4_HMSB, 5, 4)
    fb.pixel(3, 2, 0x1B)
    assert fb.pixel(3, 2) == 0x0B
    assert fb.pixel(5, 0) is None and fb.pixel(-1, 0) is None and fb.pixel(0, 4) is None
    rbuf, rfb = _make(framebuf.RGB565, 2, 2)
    rfb.pixel(1, 1, 0xF81F)
    assert rfb.pixel(1, 1) == 0xF81F
    assert rbuf[6:8] == b"\x1f\xf8"   # little-endian


def test_gs4_packs_left_pixel_in_high_nibble():
    buf = bytearray(2)
    fb = framebuf.FrameBuffer(buf, 4, 1, framebuf.GS4_HMSB)
    fb.pixel(0, 0, 0xA)
    fb.pixel(3, 0, 0x5)
    assert buf == bytearray(b"\xa0\x05")


def test_bad_construction_raises():
    for args in ((bytearray(4), 8, 8, framebuf.MONO_HLSB), (bytearray(64), 0, 8, 3),
                 (bytearray(64), 8, 8, 3, 4), (bytearray(64), 8, 8, 9)):
        try:
            framebuf.FrameBuffer(*args)
        except ValueError:
            continue
        raise AssertionError("no ValueError for %r" % (args[1:],))


def test_float_coordinates_are_refused():
    buf, fb = _make(framebuf.GS4_HMSB, 4, 4)
    try:
        fb.pixel(1.5, 0, 1)
    except TypeError:
        return
    raise AssertionError("a float coordinate was accepted")


def test_buffer_reachable_through_bytes():
    buf, fb = _make(framebuf.GS8, 3, 2)
    fb.fill(7)
    assert bytes(fb) == b"\x07" * 6
