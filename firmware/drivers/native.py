# Native code (@micropython.viper) for the display path, as source text that make()
# compiles where the port has a native emitter (the handset's rp2: Thumb); a port
# without one (the WebAssembly port) and CPython never read it, and the .mpy build
# compiles this module as any other. make() drops this module again (on an .mpy
# install the text would otherwise stay in the heap); the callers keep plain code for
# where make() gives None. Only ptr8 is indexed by a variable, and hot loops walk an
# address with constant offsets, unrolled: docs/HARDWARE.md ("Native code") says why.
import sys

# drivers/st7735.py. band(frame, sigs, y, last): from row y to row last (exclusive), the
# first run of rows whose 32-bit signature differs from sigs (a word a row, updated), as
# start << 8 | end (end exclusive; start 160 when none). A row's signature: over its 16 words (the frame is
# word-aligned, as any bytearray's data), h = g((h ^ w) * 16777619), g(x) = x ^ x >> 15,
# each step one-to-one in h and in w (drivers/st7735.py says what that buys).
# expand(frame, y, line, pal): row y as 128 big-endian RGB565 pixels into line, each the
# two bytes of pal for its 4-bit colour.
PANEL = """
import micropython
@micropython.viper
def band(frame: ptr8, sigs: ptr8, y: int, last: int) -> int:
    start = 160
    m = uint(16777619)
    while y < last:
        h = uint(0)
        a = int(frame) + (y << 6)
        e = a + 64
        while a < e:
            p = ptr32(a)
            h = (h ^ uint(p[0])) * m
            h ^= h >> 15
            h = (h ^ uint(p[1])) * m
            h ^= h >> 15
            h = (h ^ uint(p[2])) * m
            h ^= h >> 15
            h = (h ^ uint(p[3])) * m
            h ^= h >> 15
            a += 16
        s = ptr32(int(sigs) + (y << 2))
        if h != uint(s[0]):
            s[0] = int(h)
            if start == 160:
                start = y
        elif start != 160:
            return (start << 8) | y
        y += 1
    return (start << 8) | last
@micropython.viper
def expand(frame: ptr8, y: int, line: ptr8, pal: ptr8):
    a = int(frame) + (y << 6)
    e = a + 64
    o = int(line)
    q = int(pal)
    while a < e:
        p = ptr8(a)
        d = ptr16(o)
        b = p[0]
        d[0] = ptr16(q + ((b >> 3) & 30))[0]
        d[1] = ptr16(q + ((b & 15) << 1))[0]
        b = p[1]
        d[2] = ptr16(q + ((b >> 3) & 30))[0]
        d[3] = ptr16(q + ((b & 15) << 1))[0]
        b = p[2]
        d[4] = ptr16(q + ((b >> 3) & 30))[0]
        d[5] = ptr16(q + ((b & 15) << 1))[0]
        b = p[3]
        d[6] = ptr16(q + ((b >> 3) & 30))[0]
        d[7] = ptr16(q + ((b & 15) << 1))[0]
        o += 16
        a += 4
"""

# ui/writer.py. paint(buf, bits, widths, s, j, n, x, y, c, h, end): on a 128 x 160
# GS4_HMSB frame buf (the left pixel of a byte in its high nibble), clipped to it, in
# colour c, the glyphs of the font whose h rows a glyph are bits (one byte a row, the
# left pixel in bit 7) and whose advances are widths: the ASCII bytes s[j:n] from x (up
# to the first other byte), or with n < 0 glyph j alone; with end > 0 only glyphs whose
# advance ends by x = end. Returns j << 16 | (x + 0x8000) & 0xFFFF: where it stopped and
# the x after the last glyph drawn; j 0x3FFF when end cut the text. One call a string
# (a call from bytecode costs more than a glyph), the loop over a row's ink bits only.
TEXT = """
import micropython
@micropython.viper
def paint(buf: ptr8, bits: ptr8, widths: ptr8, s: ptr8, j: int, n: int, x: int, y: int,
          c: int, h: int, end: int) -> int:
    one = n < 0
    if one:
        n = j + 1
    while j < n:
        i = j
        if not one:
            i = s[j] - 32
            if i < 0 or i >= 95:
                break
        w = widths[i]
        if end and x + w > end:
            j = 0x3FFF
            break
        q = int(bits) + i * h
        r = 0
        while r < h:
            b = ptr8(q)[r]
            yy = y + r
            if b and 0 <= yy < 160:
                row = int(buf) + (yy << 6)
                xx = x
                while b:
                    if b & 128 and 0 <= xx < 128:
                        p = ptr8(row + (xx >> 1))
                        k = 4 - ((xx & 1) << 2)
                        p[0] = (p[0] & (0xF0 >> k)) | (c << k)
                    b = (b << 1) & 0xFF
                    xx += 1
            r += 1
        x += w
        j += 1
    return (j << 16) | ((x + 0x8000) & 0xFFFF)
"""

def make(name, names):
    """The functions `names` of the source text `name` compiled, or None where this
    port has no native emitter (its .mpy architecture is none) or refuses them."""
    try:
        if not (getattr(sys.implementation, "_mpy", 0) >> 10) & 15:
            return None
        g = {}
        exec(globals()[name], g)
        return tuple([g[n] for n in names])
    except Exception:
        return None
    finally:
        sys.modules.pop("drivers.native", None)
        try:
            import drivers
            delattr(drivers, "native")
        except (AttributeError, ImportError, TypeError):
            pass
