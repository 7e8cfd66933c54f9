# Native code (@micropython.viper) for the display path, as source text that
# make() compiles where the port has a native emitter (the handset's rp2: Thumb), so that
# a port without one (the WebAssembly port) and CPython never read it, and the game's
# .mpy build (mpy-cross without an architecture) compiles this module as any other.
# make() drops this module again: on an install of .mpy files the text would otherwise
# stay in the heap. The callers keep plain code for where make() gives None.
#
# Only byte pointers (ptr8) are indexed by a variable: MicroPython 1.27's Thumb emitter
# (the RP2040's, ARMv6-M) clobbers the index variable of a ptr16/ptr32 load or store in a
# loop (micropython/micropython#18800, fixed after 1.27 by #18821), which the qemu
# Cortex-M0 image showed (host_tests/firmware/test_panel.py runs this code there).
import sys

# drivers/st7735.py. band(frame, sigs, y): from row y, the first run of rows whose 30-bit
# signature differs from sigs (four bytes a row, updated), as start << 8 | end (end
# exclusive; start 160 when none). expand(frame, y, line, pal): row y as 128 big-endian
# RGB565 pixels into line, each the two bytes of pal for its 4-bit colour.
PANEL = """
import micropython
@micropython.viper
def band(frame: ptr8, sigs: ptr8, y: int) -> int:
    start = 160
    while y < 160:
        h = 0
        i = y << 6
        e = i + 64
        while i < e:
            h = (h ^ frame[i]) * 16777619
            i += 1
        h &= 0x3FFFFFFF
        k = y << 2
        if h != (sigs[k] | (sigs[k + 1] << 8) | (sigs[k + 2] << 16) | (sigs[k + 3] << 24)):
            sigs[k] = h
            sigs[k + 1] = h >> 8
            sigs[k + 2] = h >> 16
            sigs[k + 3] = h >> 24
            if start == 160:
                start = y
        elif start != 160:
            return (start << 8) | y
        y += 1
    return (start << 8) | 160
@micropython.viper
def expand(frame: ptr8, y: int, line: ptr8, pal: ptr8):
    i = y << 6
    e = i + 64
    o = 0
    while i < e:
        b = frame[i]
        a = (b >> 3) & 30
        line[o] = pal[a]
        line[o + 1] = pal[a + 1]
        a = (b & 15) << 1
        line[o + 2] = pal[a]
        line[o + 3] = pal[a + 1]
        o += 4
        i += 1
"""

# ui/writer.py. paint(buf, bits, off, h, x, y, c): the glyph of rows off..off+h-1 of
# bits (one byte a row, the left pixel in bit 7) at (x, y) in colour c on a 128 x 160
# GS4_HMSB frame (the left pixel of a byte in its high nibble), clipped to it.
TEXT = """
import micropython
@micropython.viper
def paint(buf: ptr8, bits: ptr8, off: int, h: int, x: int, y: int, c: int):
    hi = c << 4
    r = 0
    while r < h:
        yy = y + r
        b = bits[off + r]
        if b and yy >= 0 and yy < 160:
            row = yy << 6
            m = 128
            xx = x
            while m:
                if (b & m) and xx >= 0 and xx < 128:
                    k = row + (xx >> 1)
                    if xx & 1:
                        buf[k] = (buf[k] & 0xF0) | c
                    else:
                        buf[k] = (buf[k] & 0x0F) | hi
                m >>= 1
                xx += 1
        r += 1
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
