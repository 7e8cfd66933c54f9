# Text in our own bitmap fonts (ui/font_5x8, ui/font_6x12, made by tools/gen/font.py;
# their Latin-1 and Cyrillic glyphs in part modules, font_*_lat and font_*_cyr, imported
# on the first character that needs one), drawn into any framebuf.FrameBuffer.
# A character is two blit() calls and no Python loop over pixels: the font's BITMAPS,
# seen as one MONO_HLSB image 8 pixels wide with the glyphs stacked, is blitted at
# y = -index * HEIGHT into an 8 x 16 staging image (only that glyph's rows land there);
# the staging image is blitted to the screen through a 2-colour palette whose key is
# the non-ink colour. Nothing is allocated per character, the screen edges clip like
# any blit, and an unknown character draws as a hollow box.
import sys

import framebuf

_MAX_HEIGHT = 16                      # the tallest font the staging image holds
_stage_buf = bytearray(_MAX_HEIGHT)
_stage = framebuf.FrameBuffer(_stage_buf, 8, _MAX_HEIGHT, framebuf.MONO_HLSB)
_palette = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.GS4_HMSB)

# A string's UTF-8 bytes are read in place (svara.work.utf8): iterating the str would
# make every non-ASCII character a new interned string, never freed (about 2 KB over
# the game's six languages, in blocks allocated long after start).
from svara.work import utf8 as _utf8  # noqa: E402

# Script blocks kept in part modules (tools/gen/font.py BLOCKS, the same blocks): the
# part font_<size>_<name> is imported on the first character drawn or measured from it.
_BLOCKS = ((0xA0, 0x100, "_lat"), (0x400, 0x460, "_cyr"))

# Issue 23: on a port with viper (the handset's rp2) glyphs go straight into the
# frame's bytes (drivers/native.py's paint: a run of ASCII in one call, each other
# character in one), many times fewer instructions than the two framebuf blits a
# character below on a Cortex-M0; the same pixels (host_tests/firmware/
# test_panel.py compares both on the unix port's and the Cortex-M0 image's emitters).
# A port without viper (the WebAssembly port, CPython) keeps the blits.
def _native():
    if not (getattr(sys.implementation, "_mpy", 0) >> 10) & 15:
        return None         # no native emitter (.mpy architecture none), or CPython
    from drivers.native import make
    got = make("TEXT", ("paint",))
    return got[0] if got else None


_paint = _native()

# Fonts seen so far, each with its blit sources: built once per font, not per call.
# _parts[slot] holds, per block, the part module's glyph strip and its WIDTHS once loaded.
_fonts = []
_strips = []
_glyphs = []
_parts = []
_default = []


def _prepare(font):
    """The slot of `font` in the tables above, adding it on first use."""
    try:
        return _fonts.index(font)   # (a font module equals itself alone: found in C)
    except ValueError:
        pass
    if font.HEIGHT > _MAX_HEIGHT:
        raise ValueError("font taller than %d pixels" % _MAX_HEIGHT)
    _fonts.append(font)
    _strips.append(_strip(font))
    _glyphs.append((_stage_buf, 8, font.HEIGHT, framebuf.MONO_HLSB, 8))
    _parts.append([None] * (2 * len(_BLOCKS)))
    return len(_fonts) - 1


def _strip(font):
    return (font.BITMAPS, 8, len(font.WIDTHS) * font.HEIGHT, framebuf.MONO_HLSB, 8)


def _part(slot, k):
    """Load block k's part of the font in `slot` into _parts (once)."""
    parts = _parts[slot]
    if parts[2 * k] is None:
        name = _fonts[slot].__name__ + _BLOCKS[k][2]
        __import__(name)
        part = sys.modules[name]
        parts[2 * k + 1] = part.WIDTHS
        parts[2 * k] = _strip(part)
    return parts


def normal():
    """The normal font (6x12), imported on first use."""
    if not _default:
        from ui import font_6x12
        _default.append(font_6x12)
    return _default[0]


def index(font, c):
    """The glyph number of code point `c` in the base module of `font`; the replacement
    box if the base has none (a character of a part: see glyph())."""
    if 32 <= c < 127:
        return c - 32
    codes = font.CODES
    lo = 0
    hi = len(codes) >> 1
    while lo < hi:
        mid = (lo + hi) >> 1
        m = codes[2 * mid] << 8 | codes[2 * mid + 1]
        if m < c:
            lo = mid + 1
        elif m > c:
            hi = mid
        else:
            return 95 + mid
    return 95 + (len(codes) >> 1)


def _block(c):
    """The index in _BLOCKS of the block holding code point c, or -1 (no allocation)."""
    k = 0
    for lo, hi, _ in _BLOCKS:
        if lo <= c < hi:
            return k
        k += 1
    return -1


def glyph(font, c):
    """(bitmaps, widths, i): where the glyph of code point `c` in `font` is, the part
    modules included; the base's replacement box if the font has none."""
    slot = _prepare(font)
    k = _block(c)
    if k >= 0:
        parts = _part(slot, k)
        i = c - _BLOCKS[k][0]
        if parts[2 * k + 1][i]:
            return parts[2 * k][0], parts[2 * k + 1], i
    return font.BITMAPS, font.WIDTHS, index(font, c)


def has(font, ch):
    """True if `font` has a glyph of its own for the character `ch`."""
    bitmaps, widths, i = glyph(font, ord(ch))
    return bitmaps is not font.BITMAPS or i != 95 + (len(font.CODES) >> 1)


def _advance(font, slot, c):
    """The advance of the non-ASCII code point c (no allocation)."""
    k = _block(c)
    if k >= 0:
        w = _part(slot, k)[2 * k + 1][c - _BLOCKS[k][0]]
        if w:
            return w
    return font.WIDTHS[index(font, c)]


def width(s, font=None):
    """The width of `s` in pixels when drawn in `font` (default: the normal font)."""
    if font is None:
        font = normal()
    slot = _prepare(font)
    widths = font.WIDTHS
    w = 0
    b = _utf8(s)
    n = len(b)
    j = 0
    while j < n:
        c = b[j]
        j += 1
        if 32 <= c < 127:
            w += widths[c - 32]
            continue
        if c >= 0xC0:                  # a lead byte: the code point
            if c >= 0xF0:
                c = (c & 7) << 18 | (b[j] & 63) << 12 | (b[j + 1] & 63) << 6 | b[j + 2] & 63
                j += 3
            elif c >= 0xE0:
                c = (c & 15) << 12 | (b[j] & 63) << 6 | b[j + 1] & 63
                j += 2
            else:
                c = (c & 31) << 6 | b[j] & 63
                j += 1
        w += _advance(font, slot, c)
    return w


def text(fb, s, x, y, colour, font=None, bg=-1, end=0):
    """Draw `s` with its top-left corner at (x, y); return the x after it.

    colour is a colour index of `fb`; bg >= 0 fills the text's box first. Pixels
    outside `fb` are clipped; the returned x counts the whole string. end > 0 clips to
    a column: only the characters whose advance ends by x = end are drawn (a name in
    the table's name column), and the x returned is after the last one drawn."""
    if font is None:
        font = normal()
    slot = _prepare(font)
    strip = _strips[slot]
    height = font.HEIGHT
    widths = font.WIDTHS
    if bg >= 0:
        fb.fill_rect(x, y, width(s, font), height, bg)
    key = colour ^ 1                  # any colour but the ink: palette 0 -> key, not drawn
    paint = _paint
    buf = getattr(fb, "buffer", None) if paint is not None else None
    if buf is None or len(buf) != 10240:
        paint = None                  # not the 128 x 160 frame: the blits
        _palette.pixel(0, 0, key)
        _palette.pixel(1, 0, colour)
    b = _utf8(s)
    n = len(b)
    j = 0
    while j < n:
        if paint is not None:         # a run of ASCII in one call
            r = paint(buf, strip[0], widths, b, j, n, x, y, colour, height, end)
            j = r >> 16
            x = (r & 0xFFFF) - 0x8000
            if j >= n:
                break
        c = b[j]
        j += 1
        if c >= 0xC0:                  # a lead byte: the code point
            if c >= 0xF0:
                c = (c & 7) << 18 | (b[j] & 63) << 12 | (b[j + 1] & 63) << 6 | b[j + 2] & 63
                j += 3
            elif c >= 0xE0:
                c = (c & 15) << 12 | (b[j] & 63) << 6 | b[j + 1] & 63
                j += 2
            else:
                c = (c & 31) << 6 | b[j] & 63
                j += 1
        src = strip
        w = widths
        if 32 <= c < 127:
            i = c - 32
        else:
            k = _block(c)
            x0 = 0
            if k >= 0:
                parts = _part(slot, k)
                i = c - _BLOCKS[k][0]
                x0 = parts[2 * k + 1][i]
            if x0:
                src = parts[2 * k]
                w = parts[2 * k + 1]
            else:                     # in the base: a symbol, or the replacement box
                i = index(font, c)
        x0 = w[i]
        if end and x + x0 > end:
            break
        if paint is not None:         # this glyph alone
            paint(buf, src[0], w, b, i, -1, x, y, colour, height, 0)
        else:
            _stage.blit(src, 0, -i * height)
            fb.blit(_glyphs[slot], x, y, key, _palette)
        x += x0
    return x


def good_name(s):
    """True for a name the screens can show: a str of 1 to settings.NAME_W pixels in the
    6x12 font, no space at either end, every character in both fonts."""
    from settings import NAME_W
    if not isinstance(s, str) or not s or s.strip() != s or width(s) > NAME_W:
        return False
    small = None
    for i in range(len(s)):
        ch = s[i:i + 1]         # not `for ch in s`: that interns every letter for good
        if ch < " ":
            return False
        if ch <= "~":           # ASCII: in every font's base module (index())
            continue
        if small is None:       # (imported for a letter beyond ASCII only: a name is
            from ui import font_5x8 as small    # checked at start, 0.1-0.4 M a name)
        if not has(small, ch) or not has(normal(), ch):
            return False
    return True
