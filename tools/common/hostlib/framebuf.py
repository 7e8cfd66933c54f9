"""A pure-Python stand-in for MicroPython's ``framebuf`` module, for CPython.

Written from MicroPython 1.27's documented behaviour and checked by experiment against
the real module (host_tests/tooling/test_hostlib_framebuf.py draws the scenes of
host_tests/mpchecks/framebuf_checks.py on both interpreters and compares every byte).

Covered: every format (MONO_VLSB, MONO_HLSB, MONO_HMSB, GS2_HMSB, GS4_HMSB, GS8,
RGB565), ``fill``, ``pixel``, ``hline``, ``vline``, ``line``, ``rect``, ``fill_rect``,
``ellipse``, ``poly``, ``scroll`` and ``blit`` (a FrameBuffer or a
``(buffer, width, height, format[, stride])`` tuple as source, with key and palette).
Not covered: ``text`` -- MicroPython's built-in 8x8 font table is not ours to copy, so
it raises NotImplementedError (the UI draws text with its own font writer).

Like MicroPython, coordinates and colours must be ints (a float raises TypeError), and
RGB565 pixels are stored little-endian (as on the boards and the WebAssembly port).
``bytes(fb)`` gives the buffer's bytes; ``memoryview(fb)`` needs CPython 3.12+.
"""
from operator import index as _int

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

# Bits per pixel, by format (MONO_VLSB packs 8 rows into a byte but is 1 bit a pixel).
_BPP = {MONO_VLSB: 1, RGB565: 16, GS4_HMSB: 4, MONO_HLSB: 1, MONO_HMSB: 1,
        GS2_HMSB: 2, GS8: 8}

# GS4 byte -> (left pixel, right pixel); used by the fast blit paths.
_GS4_PAIRS = tuple((b >> 4, b & 15) for b in range(256))

# Cached RGB565 expansion tables: 32 palette bytes -> (256 four-byte strings, and the
# rows of GS4 bytes expanded with them so far).
_EXPAND_CACHE = {}


class FrameBuffer:
    """A frame buffer over a writable buffer, as MicroPython's ``framebuf.FrameBuffer``."""

    def __init__(self, buffer, width, height, format, stride=None, _source=False):
        width = _int(width)
        height = _int(height)
        format = _int(format)
        stride = width if stride is None else _int(stride)
        if width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF \
                or stride > 0xFFFF or stride < width:
            raise ValueError()
        rows = height
        if format == MONO_VLSB:
            rows = (height + 7) & ~7
        elif format in (MONO_HLSB, MONO_HMSB):
            stride = (stride + 7) & ~7
        elif format == GS2_HMSB:
            stride = (stride + 3) & ~3
        elif format == GS4_HMSB:
            stride = (stride + 1) & ~1
        elif format not in _BPP:
            raise ValueError("invalid format")
        try:
            view = memoryview(buffer)
        except TypeError:
            raise TypeError("object with buffer protocol required") from None
        if view.readonly and not _source:
            raise TypeError("object with buffer protocol required")
        if isinstance(buffer, bytearray):
            buf = buffer
        else:
            buf = view.cast("B")
        if rows * stride * _BPP[format] // 8 > len(buf):
            raise ValueError()
        self._fb_buffer = buffer   # keeps the caller's object alive, as MicroPython does
        self._fb_buf = buf
        self._fb_w = width         # (MicroPython exposes no attributes; all are private)
        self._fb_h = height
        self._fb_format = format
        self._fb_stride = stride
        setters = {
            MONO_VLSB: self._set_mvlsb, RGB565: self._set_rgb565, GS4_HMSB: self._set_gs4,
            MONO_HLSB: self._set_mhlsb, MONO_HMSB: self._set_mhmsb, GS2_HMSB: self._set_gs2,
            GS8: self._set_gs8}
        getters = {
            MONO_VLSB: self._get_mvlsb, RGB565: self._get_rgb565, GS4_HMSB: self._get_gs4,
            MONO_HLSB: self._get_mhlsb, MONO_HMSB: self._get_mhmsb, GS2_HMSB: self._get_gs2,
            GS8: self._get_gs8}
        self._setpixel = setters[format]
        self._getpixel = getters[format]

    # -- the buffer ------------------------------------------------------------------

    def __bytes__(self):
        return bytes(self._fb_buf)

    def __buffer__(self, flags):  # CPython 3.12+ (PEP 688); MicroPython allows memoryview(fb)
        return memoryview(self._fb_buf)

    # -- pixels by format (x, y in range; col an int) -----------------------------------

    def _set_mvlsb(self, x, y, col):
        i = (y >> 3) * self._fb_stride + x
        bit = 1 << (y & 7)
        if col:
            self._fb_buf[i] |= bit
        else:
            self._fb_buf[i] &= ~bit & 0xFF

    def _get_mvlsb(self, x, y):
        return (self._fb_buf[(y >> 3) * self._fb_stride + x] >> (y & 7)) & 1

    def _set_mhlsb(self, x, y, col):
        i = (x + y * self._fb_stride) >> 3
        bit = 0x80 >> (x & 7)
        if col:
            self._fb_buf[i] |= bit
        else:
            self._fb_buf[i] &= ~bit & 0xFF

    def _get_mhlsb(self, x, y):
        return (self._fb_buf[(x + y * self._fb_stride) >> 3] >> (7 - (x & 7))) & 1

    def _set_mhmsb(self, x, y, col):
        i = (x + y * self._fb_stride) >> 3
        bit = 1 << (x & 7)
        if col:
            self._fb_buf[i] |= bit
        else:
            self._fb_buf[i] &= ~bit & 0xFF

    def _get_mhmsb(self, x, y):
        return (self._fb_buf[(x + y * self._fb_stride) >> 3] >> (x & 7)) & 1

    def _set_gs2(self, x, y, col):
        i = (x + y * self._fb_stride) >> 2
        shift = (x & 3) << 1
        self._fb_buf[i] = ((col & 3) << shift) | (self._fb_buf[i] & ~(3 << shift) & 0xFF)

    def _get_gs2(self, x, y):
        return (self._fb_buf[(x + y * self._fb_stride) >> 2] >> ((x & 3) << 1)) & 3

    def _set_gs4(self, x, y, col):
        i = (x + y * self._fb_stride) >> 1
        if x & 1:
            self._fb_buf[i] = (col & 0x0F) | (self._fb_buf[i] & 0xF0)
        else:
            self._fb_buf[i] = ((col << 4) & 0xF0) | (self._fb_buf[i] & 0x0F)

    def _get_gs4(self, x, y):
        b = self._fb_buf[(x + y * self._fb_stride) >> 1]
        return b & 0x0F if x & 1 else b >> 4

    def _set_gs8(self, x, y, col):
        self._fb_buf[x + y * self._fb_stride] = col & 0xFF

    def _get_gs8(self, x, y):
        return self._fb_buf[x + y * self._fb_stride]

    def _set_rgb565(self, x, y, col):
        i = (x + y * self._fb_stride) * 2
        self._fb_buf[i] = col & 0xFF
        self._fb_buf[i + 1] = (col >> 8) & 0xFF

    def _get_rgb565(self, x, y):
        i = (x + y * self._fb_stride) * 2
        return self._fb_buf[i] | (self._fb_buf[i + 1] << 8)

    def _checked(self, x, y, col):
        if 0 <= x < self._fb_w and 0 <= y < self._fb_h:
            self._setpixel(x, y, col)

    # -- rectangles (clipped), with slice fills where the format allows ----------------

    def _fill_rect(self, x, y, w, h, col):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._fb_h or x >= self._fb_w:
            return
        xend = min(self._fb_w, x + w)
        yend = min(self._fb_h, y + h)
        x = max(x, 0)
        y = max(y, 0)
        w = xend - x
        fmt = self._fb_format
        buf = self._fb_buf
        if fmt == GS4_HMSB:
            col &= 0x0F
            pair = bytes(((col << 4) | col,))
            half = self._fb_stride >> 1
            for row in range(y, yend):
                start = x
                end = xend
                base = row * half
                if start & 1:
                    i = base + (start >> 1)
                    buf[i] = (buf[i] & 0xF0) | col
                    start += 1
                if end & 1 and end > start:
                    i = base + (end >> 1)
                    buf[i] = (col << 4) | (buf[i] & 0x0F)
                    end -= 1
                if end > start:
                    buf[base + (start >> 1):base + (end >> 1)] = pair * ((end - start) >> 1)
        elif fmt == RGB565:
            unit = bytes((col & 0xFF, (col >> 8) & 0xFF)) * w
            for row in range(y, yend):
                i = (x + row * self._fb_stride) * 2
                buf[i:i + 2 * w] = unit
        elif fmt == GS8:
            unit = bytes((col & 0xFF,)) * w
            for row in range(y, yend):
                i = x + row * self._fb_stride
                buf[i:i + w] = unit
        else:
            setpixel = self._setpixel
            for row in range(y, yend):
                for cx in range(x, xend):
                    setpixel(cx, row, col)

    # -- the drawing methods ----------------------------------------------------------

    def fill(self, c):
        self._fill_rect(0, 0, self._fb_w, self._fb_h, _int(c) & 0xFFFFFFFF)

    def fill_rect(self, x, y, w, h, c):
        self._fill_rect(_int(x), _int(y), _int(w), _int(h), _int(c) & 0xFFFFFFFF)

    def pixel(self, x, y, c=None):
        x = _int(x)
        y = _int(y)
        if c is not None:
            c = _int(c) & 0xFFFFFFFF
        if 0 <= x < self._fb_w and 0 <= y < self._fb_h:
            if c is None:
                return self._getpixel(x, y)
            self._setpixel(x, y, c)
        return None

    def hline(self, x, y, w, c):
        self._fill_rect(_int(x), _int(y), _int(w), 1, _int(c) & 0xFFFFFFFF)

    def vline(self, x, y, h, c):
        self._fill_rect(_int(x), _int(y), 1, _int(h), _int(c) & 0xFFFFFFFF)

    def rect(self, x, y, w, h, c, f=False):
        x, y, w, h, c = _int(x), _int(y), _int(w), _int(h), _int(c) & 0xFFFFFFFF
        if f:
            self._fill_rect(x, y, w, h, c)
        else:
            self._fill_rect(x, y, w, 1, c)
            self._fill_rect(x, y + h - 1, w, 1, c)
            self._fill_rect(x, y, 1, h, c)
            self._fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        self._line(_int(x1), _int(y1), _int(x2), _int(y2), _int(c) & 0xFFFFFFFF)

    def _line(self, x1, y1, x2, y2, col):
        # Bresenham: steps along the longer axis, then always sets the end point.
        dx = x2 - x1
        sx = 1 if dx > 0 else -1
        dx = abs(dx)
        dy = y2 - y1
        sy = 1 if dy > 0 else -1
        dy = abs(dy)
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        w, h = self._fb_w, self._fb_h
        setpixel = self._setpixel
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < w and 0 <= x1 < h:
                    setpixel(y1, x1, col)
            elif 0 <= x1 < w and 0 <= y1 < h:
                setpixel(x1, y1, col)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < w and 0 <= y2 < h:
            setpixel(x2, y2, col)

    def ellipse(self, x, y, xr, yr, c, f=False, m=0x0F):
        cx, cy, a, b, col = _int(x), _int(y), _int(xr), _int(yr), _int(c) & 0xFFFFFFFF
        mask = (0x10 if f else 0) | (_int(m) & 0x0F)
        if a == 0 and b == 0:
            if mask & 0x0F:
                self._checked(cx, cy, col)
            return
        two_a2 = 2 * a * a
        two_b2 = 2 * b * b
        # First set of points: where the slope is shallower than -1.
        px, py = a, 0
        xchange = b * b * (1 - 2 * a)
        ychange = a * a
        err = 0
        stop_x = two_b2 * a
        stop_y = 0
        while stop_x >= stop_y:
            self._ellipse_points(cx, cy, px, py, col, mask)
            py += 1
            stop_y += two_a2
            err += ychange
            ychange += two_a2
            if 2 * err + xchange > 0:
                px -= 1
                stop_x -= two_b2
                err += xchange
                xchange += two_b2
        # Second set: steeper than -1.
        px, py = 0, b
        xchange = b * b
        ychange = a * a * (1 - 2 * b)
        err = 0
        stop_x = 0
        stop_y = two_a2 * b
        while stop_x <= stop_y:
            self._ellipse_points(cx, cy, px, py, col, mask)
            px += 1
            stop_x += two_b2
            err += xchange
            xchange += two_b2
            if 2 * err + ychange > 0:
                py -= 1
                stop_y -= two_a2
                err += ychange
                ychange += two_a2

    def _ellipse_points(self, cx, cy, x, y, col, mask):
        # Quadrants: 1 top right, 2 top left, 3 bottom left, 4 bottom right.
        if mask & 0x10:
            if mask & 1:
                self._fill_rect(cx, cy - y, x + 1, 1, col)
            if mask & 2:
                self._fill_rect(cx - x, cy - y, x + 1, 1, col)
            if mask & 4:
                self._fill_rect(cx - x, cy + y, x + 1, 1, col)
            if mask & 8:
                self._fill_rect(cx, cy + y, x + 1, 1, col)
        else:
            if mask & 1:
                self._checked(cx + x, cy - y, col)
            if mask & 2:
                self._checked(cx - x, cy - y, col)
            if mask & 4:
                self._checked(cx - x, cy + y, col)
            if mask & 8:
                self._checked(cx + x, cy + y, col)

    def poly(self, x, y, coords, c, f=False):
        x, y, col = _int(x), _int(y), _int(c) & 0xFFFFFFFF
        memoryview(coords)          # like MicroPython: an array('h'), not a list
        pts = [_int(v) for v in coords]
        n = len(pts) // 2
        if n == 0:
            return
        if not f:
            px1, py1 = pts[0], pts[1]
            i = n * 2 - 1
            while True:
                py2 = pts[i]
                px2 = pts[i - 1]
                i -= 2
                self._line(x + px1, y + py1, x + px2, y + py2, col)
                px1, py1 = px2, py2
                if i < 0:
                    break
            return
        ys = pts[1::2][:n]
        for row in range(min(ys), max(ys) + 1):
            nodes = []
            px1, py1 = pts[0], pts[1]
            i = n * 2 - 1
            while True:
                py2 = pts[i]
                px2 = pts[i - 1]
                i -= 2
                if py1 != py2 and ((py1 > row >= py2) or (py1 <= row < py2)):
                    num = 32 * px1 + _cdiv(32 * (px2 - px1) * (row - py1), py2 - py1) + 16
                    nodes.append(_cdiv(num, 32))
                elif row == max(py1, py2):
                    # The bottom pixel of an edge at a local minimum, or a flat edge.
                    if py1 < py2:
                        self._checked(x + px2, y + py2, col)
                    elif py2 < py1:
                        self._checked(x + px1, y + py1, col)
                    else:
                        self._line(x + px1, y + py1, x + px2, y + py2, col)
                px1, py1 = px2, py2
                if i < 0:
                    break
            nodes.sort()
            for k in range(0, len(nodes) - 1, 2):
                self._fill_rect(x + nodes[k], y + row, nodes[k + 1] - nodes[k] + 1, 1, col)

    def scroll(self, xstep, ystep):
        xstep = _int(xstep)
        ystep = _int(ystep)
        w, h = self._fb_w, self._fb_h
        if xstep <= -w or xstep >= w or ystep <= -h or ystep >= h:
            return
        if xstep < 0:
            xs = range(0, w + xstep)
        else:
            xs = range(w - 1, xstep - 1, -1)
        if ystep < 0:
            ys = range(0, h + ystep)
        else:
            ys = range(h - 1, ystep - 1, -1)
        get = self._getpixel
        put = self._setpixel
        for py in ys:
            for px in xs:
                put(px, py, get(px - xstep, py - ystep))

    def text(self, s, x, y, c=1):
        raise NotImplementedError(
            "framebuf.text() is not in the CPython stand-in (tools/common/hostlib/framebuf.py): "
            "MicroPython's 8x8 font cannot be copied; draw text with ui.writer instead")

    def blit(self, fbuf, x, y, key=-1, palette=None):
        if isinstance(fbuf, tuple):   # a read-only buffer (bytes) is allowed here
            if not 4 <= len(fbuf) <= 5:
                raise ValueError()
            fbuf = _source_of(fbuf)
        elif not isinstance(fbuf, FrameBuffer):
            raise TypeError("FrameBuffer or tuple required")
        if palette is not None and not isinstance(palette, FrameBuffer):
            raise TypeError("palette must be a FrameBuffer")
        src = fbuf
        x = _int(x)
        y = _int(y)
        key = _int(key) & 0xFFFFFFFF
        dw = self._fb_w
        dh = self._fb_h
        sw = src._fb_w
        sh = src._fb_h
        if x >= dw or y >= dh or -x >= sw or -y >= sh:
            return
        x0, x1 = (x, 0) if x >= 0 else (0, -x)
        y0, y1 = (y, 0) if y >= 0 else (0, -y)
        x0end = dw if x + sw > dw else x + sw
        y0end = dh if y + sh > dh else y + sh
        if (key == 0xFFFFFFFF and palette is not None and src._fb_format == GS4_HMSB
                and self._fb_format == RGB565 and palette._fb_format == RGB565
                and palette._fb_w >= 16):
            self._blit_gs4_expand(src, palette, x0, y0, x1, y1, x0end, y0end)
            return
        sfmt = src._fb_format
        if sfmt in (MONO_HLSB, MONO_HMSB) and _memory(src) is not _memory(self):
            if palette is None and key == 0xFFFFFFFF and sfmt == self._fb_format \
                    and not x0 & 7 and not x1 & 7:
                self._blit_mono_bytes(src, x0, y0, x1, y1, x0end, y0end)
                return
            if self._blit_mono_bits(src, palette, key, x0, y0, x1, y1, x0end, y0end):
                return
        get = src._getpixel
        put = self._setpixel
        pget = palette._get_raw if palette is not None else None
        for row in range(y0, y0end):
            sx = x1
            for cx in range(x0, x0end):
                col = get(sx, y1)
                if pget is not None:
                    col = pget(col)
                if col != key:
                    put(cx, row, col)
                sx += 1
            y1 += 1

    def _blit_mono_bytes(self, src, x0, y0, x1, y1, x0end, y0end):
        # 1-bit rows onto the same format, both at a byte's first pixel, no key, no
        # palette: whole bytes copied, the last one's pixels past the end kept.
        n = x0end - x0
        full = n >> 3
        rest = n & 7
        if rest:
            mask = (0xFF00 >> rest) & 0xFF if src._fb_format == MONO_HLSB else (1 << rest) - 1
        sbuf = src._fb_buf
        dbuf = self._fb_buf
        sstep = src._fb_stride >> 3
        dstep = self._fb_stride >> 3
        s = y1 * sstep + (x1 >> 3)
        d = y0 * dstep + (x0 >> 3)
        rows = y0end - y0
        if not rest and full == sstep == dstep:     # whole rows: one copy
            dbuf[d:d + rows * full] = sbuf[s:s + rows * full]
            return
        for _ in range(rows):
            if full:
                dbuf[d:d + full] = sbuf[s:s + full]
            if rest:
                dbuf[d + full] = (dbuf[d + full] & ~mask & 0xFF) | (sbuf[s + full] & mask)
            s += sstep
            d += dstep

    def _blit_mono_bits(self, src, palette, key, x0, y0, x1, y1, x0end, y0end):
        """1-bit source rows read as ints, only the pixels that are drawn visited (a
        font's glyphs through a two-colour palette). False: the general path instead
        (a palette too short to read the way MicroPython does)."""
        try:
            colours = (palette._get_raw(0), palette._get_raw(1)) if palette is not None \
                else (0, 1)
        except IndexError:
            return False
        ink = [c != key for c in colours]
        if not (ink[0] or ink[1]):
            return True
        n = x0end - x0
        every = (1 << n) - 1
        msb = src._fb_format == MONO_HLSB
        sbuf = src._fb_buf
        sstep = src._fb_stride >> 3
        first = x1 >> 3
        last = ((x1 + n - 1) >> 3) + 1
        drop = (last << 3) - x1 - n if msb else x1 & 7
        gs4 = self._fb_format == GS4_HMSB
        dbuf = self._fb_buf
        half = self._fb_stride >> 1
        put = self._setpixel
        for row in range(y0, y0end):
            base = y1 * sstep
            bits = (int.from_bytes(sbuf[base + first:base + last], "big" if msb else "little")
                    >> drop) & every
            y1 += 1
            for value in (1, 0):
                if not ink[value]:
                    continue
                col = colours[value]
                todo = bits if value else bits ^ every
                while todo:
                    if msb:
                        p = todo.bit_length() - 1
                        cx = x0 + n - 1 - p
                    else:
                        p = (todo & -todo).bit_length() - 1
                        cx = x0 + p
                    todo ^= 1 << p
                    if gs4:
                        i = row * half + (cx >> 1)
                        if cx & 1:
                            dbuf[i] = (col & 0x0F) | (dbuf[i] & 0xF0)
                        else:
                            dbuf[i] = ((col << 4) & 0xF0) | (dbuf[i] & 0x0F)
                    else:
                        put(cx, row, col)
        return True

    def _get_raw(self, i):
        """Palette lookup as MicroPython does it: pixel (i, 0) with no bounds check."""
        return self._getpixel(i, 0)  # past the buffer's end: IndexError (C reads garbage)

    def _blit_gs4_expand(self, src, palette, x0, y0, x1, y1, x0end, y0end):
        # The show() path: GS4 rows -> RGB565 through a palette, a source byte at a time.
        key = bytes(palette._fb_buf[0:32])
        table = _EXPAND_CACHE.get(key)
        if table is None:
            colours = [palette._getpixel(i, 0) for i in range(16)]
            le = [bytes((c & 0xFF, c >> 8)) for c in colours]
            table = (tuple(le[hi] + le[lo] for hi, lo in _GS4_PAIRS), {})
            if len(_EXPAND_CACHE) > 16:
                _EXPAND_CACHE.clear()
            _EXPAND_CACHE[key] = table
        table, seen = table     # and the rows expanded so far (a frame repeats its rows)
        n = x0end - x0
        first = x1 >> 1
        last = (x1 + n + 1) >> 1
        skip = (x1 & 1) * 2
        half = src._fb_stride >> 1
        sbuf = src._fb_buf
        dbuf = self._fb_buf
        lookup = table.__getitem__
        for row in range(y0, y0end):
            base = y1 * half
            part = bytes(sbuf[base + first:base + last])
            data = seen.get(part)
            if data is None:
                data = b"".join(map(lookup, part))
                if len(seen) >= 4096:
                    seen.clear()
                seen[part] = data
            d = (x0 + row * self._fb_stride) * 2
            dbuf[d:d + 2 * n] = data[skip:skip + 2 * n]
            y1 += 1


def _memory(fb):
    """The object a FrameBuffer's pixels live in (a blit within one keeps the general
    path, which reads and writes pixel by pixel as MicroPython does)."""
    buf = fb._fb_buf
    return buf.obj if isinstance(buf, memoryview) else buf


_SOURCES = {}


def _source_of(spec):
    """The FrameBuffer for a blit source tuple, kept while its buffer is the same object
    (a FrameBuffer reads its buffer live, so a reused one sees every change)."""
    key = (id(spec[0]),) + tuple(spec[1:])
    hit = _SOURCES.get(key)
    if hit is not None and hit[0] is spec[0]:
        return hit[1]
    stride = spec[4] if len(spec) == 5 else None
    fb = FrameBuffer(spec[0], spec[1], spec[2], spec[3], stride, _source=True)
    if len(_SOURCES) >= 64:
        _SOURCES.clear()
    _SOURCES[key] = (spec[0], fb)
    return fb


def FrameBuffer1(buffer, width, height, stride=None):
    """Legacy: a MONO_VLSB FrameBuffer."""
    if stride is None:
        return FrameBuffer(buffer, width, height, MONO_VLSB)
    return FrameBuffer(buffer, width, height, MONO_VLSB, stride)


def _cdiv(a, b):
    """Integer division truncating toward zero, as C does."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q
