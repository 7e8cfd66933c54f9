# Text in our own bitmap fonts (ui/font_5x8, ui/font_6x12, made by tools/gen_font.py),
# drawn into a framebuf.FrameBuffer (the 4-bit GS4_HMSB screen or any other format).
# Each character costs two blit() calls and no Python loop over pixels:
#   1. the font's BITMAPS, seen as one MONO_HLSB image 8 pixels wide with the glyphs
#      stacked, is blitted at y = -index * HEIGHT into an 8 x 16 staging image, so only
#      that glyph's rows land there (blit clips to its destination);
#   2. the staging image is blitted to the screen through a 2-colour palette, with the
#      non-ink colour as the key, so only ink is drawn.
# Nothing is allocated per character (checked with gc.mem_alloc under MicroPython),
# and the screen edges clip like any blit. framebuf methods used: blit() with a tuple
# source (buffer, width, height, MONO_HLSB, stride), a key and a palette; pixel() on
# the palette; fill_rect() for a background. Unknown characters draw as a hollow box.
import framebuf

_MAX_HEIGHT = 16                      # the tallest font the staging image holds
_stage_buf = bytearray(_MAX_HEIGHT)
_stage = framebuf.FrameBuffer(_stage_buf, 8, _MAX_HEIGHT, framebuf.MONO_HLSB)
_palette = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.GS4_HMSB)

# Fonts seen so far, each with its two blit sources: built once per font, not per call.
_fonts = []
_strips = []
_glyphs = []
_default = []


def _prepare(font):
    """The slot of `font` in the tables above, adding it on first use."""
    for i in range(len(_fonts)):
        if _fonts[i] is font:
            return i
    if font.HEIGHT > _MAX_HEIGHT:
        raise ValueError("font taller than %d pixels" % _MAX_HEIGHT)
    _fonts.append(font)
    _strips.append((font.BITMAPS, 8, len(font.WIDTHS) * font.HEIGHT, framebuf.MONO_HLSB, 8))
    _glyphs.append((_stage_buf, 8, font.HEIGHT, framebuf.MONO_HLSB, 8))
    return len(_fonts) - 1


def normal():
    """The normal font (6x12), imported on first use."""
    if not _default:
        from ui import font_6x12
        _default.append(font_6x12)
    return _default[0]


def index(font, c):
    """The glyph number of code point `c` in `font`; the replacement box if it has none."""
    if 32 <= c < 127:
        return c - 32
    if 0x410 <= c < 0x450:
        return font.CYRILLIC + c - 0x410
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


def has(font, ch):
    """True if `font` has a glyph of its own for the character `ch`."""
    return index(font, ord(ch)) != 95 + (len(font.CODES) >> 1)


def width(s, font=None):
    """The width of `s` in pixels when drawn in `font` (default: the normal font)."""
    if font is None:
        font = normal()
    widths = font.WIDTHS
    w = 0
    for ch in s:
        w += widths[index(font, ord(ch))]
    return w


def text(fb, s, x, y, colour, font=None, bg=-1):
    """Draw `s` with its top-left corner at (x, y); return the x after it.

    colour is a colour index of `fb`; bg >= 0 fills the text's box first. Pixels
    outside `fb` are clipped; the returned x counts the whole string."""
    if font is None:
        font = normal()
    slot = _prepare(font)
    strip = _strips[slot]
    glyph = _glyphs[slot]
    height = font.HEIGHT
    widths = font.WIDTHS
    cyrillic = font.CYRILLIC - 0x410
    if bg >= 0:
        fb.fill_rect(x, y, width(s, font), height, bg)
    key = colour ^ 1                  # any colour but the ink: palette 0 -> key, not drawn
    _palette.pixel(0, 0, key)
    _palette.pixel(1, 0, colour)
    for ch in s:
        c = ord(ch)
        if 32 <= c < 127:
            i = c - 32
        elif 0x410 <= c < 0x450:
            i = cyrillic + c
        else:
            i = index(font, c)
        _stage.blit(strip, 0, -i * height)
        fb.blit(glyph, x, y, key, _palette)
        x += widths[i]
    return x
