# Draws the same strings with ui/writer.py's native glyph painter and with its framebuf
# blits (the painter set aside) into two 128 x 160 frames, and says whether every pixel
# is the same: the fonts' ASCII, Latin and Cyrillic glyphs, and text clipped at every
# edge and by a column end. Plain code for any MicroPython (and CPython, where both
# frames come from the blits).
import framebuf

from ui import writer
from ui.draw import F5

STRINGS = ("Raise to 12", "Pot 125  Level 4", "Bot 9 passes", "\u00c7a va, \u00e9l\u00e8ve",
           "\u041f\u0440\u0438\u0432\u0435\u0442, \u0431\u043e\u0442", "#*()[]{}~", "0123456789")
PLACES = ((0, 0), (3, 40), (-5, 12), (100, 50), (120, 150), (60, -6), (7, 155), (-60, 90))


class _Frame(framebuf.FrameBuffer):
    def __init__(self):
        self.buffer = bytearray(10240)
        super().__init__(self.buffer, 128, 160, framebuf.GS4_HMSB)


def draw_all(fb):
    k = 0
    fb.fill(2)
    for s in STRINGS:
        for x, y in PLACES:
            k += 1
            writer.text(fb, s, x, y, k % 16, None if k & 1 else F5)
            writer.text(fb, s, x, y + 3, (k * 7) % 16, F5, -1, 40 + k % 50)
    return fb.buffer


def check():
    native = writer._paint
    writer._paint = None
    try:
        a = draw_all(_Frame())
    finally:
        writer._paint = native
    b = draw_all(_Frame())
    return native is not None, a == b
