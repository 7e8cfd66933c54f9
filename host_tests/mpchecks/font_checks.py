"""Font and writer checks that run unchanged on CPython (pytest) and MicroPython (tools/mp/wasm.py)."""
import sys

import framebuf

from ui import font_5x8, font_6x12, writer

FONTS = (font_5x8, font_6x12)
W = 64   # a small screen keeps the pixel-by-pixel checks fast; edges clip the same
H = 40

# Every character the UI may ask for (tools/gen/font.py, REQUIRED).
REQUIRED = (
    "".join(chr(c) for c in range(0x20, 0x7F))
    + "".join(chr(c) for c in range(0xA0, 0x100))
    + "ЁёЍѝ" + "".join(chr(c) for c in range(0x410, 0x450))
    + "♠♣♥♦–—‘’“”„•…№€←↑→↓◄►▲▼✓"
)
NAMED = "ЁёЙйЪъЬьЫыЭэЮюЯяáàâãçéêíóôõúüëïÁÀÂÃÇÉÊÍÓÔÕÚÜËÏ♣♦♥♠←→↑↓◄►✓•×·"

# Glyphs as the source fonts draw them (misc-fixed; the 5x8 suits as tools/gen/font.py
# REDRAWN draws them), '#' ink, one string a row.
KNOWN = {
    (8, "A"): (".....", ".##..", "#..#.", "#..#.", "####.", "#..#.", "#..#.", "....."),
    (8, "Ж"): (".....", "#.#.#", "#.#.#", ".###.", "#.#.#", "#.#.#", "#.#.#", "....."),
    (8, "♥"): (".....", "##.##", "#####", "#####", ".###.", "..#..", ".....", "....."),   # redrawn
    (8, "ё"): (".....", "#.#..", ".....", ".##..", "#.##.", "##...", ".##..", "....."),
    (12, "A"): ("......", "......", "......", ".###..", "#...#.", "#...#.", "#####.",
                "#...#.", "#...#.", "#...#.", "......", "......"),
    (12, "Ж"): ("......", "......", "......", "#.#.#.", "#.#.#.", ".###..", "..#...",
                ".###..", "#.#.#.", "#.#.#.", "......", "......"),
    (12, "♥"): ("......", "......", ".#.#..", "#####.", "#####.", "#####.", "#####.",
                ".###..", ".###..", "..#...", "......", "......"),
    (12, "ё"): ("......", "......", "......", ".#.#..", "......", ".###..", "#...#.",
                "####..", "#.....", ".###..", "......", "......"),
}
BOX = {
    8: (".....", "####.", "#..#.", "#..#.", "#..#.", "#..#.", "####.", "....."),
    12: ("......", "......", "......", "#####.", "#...#.", "#...#.", "#...#.", "#...#.",
         "#...#.", "#####.", "......", "......"),
}


def _screen(fill=0):
    fb = framebuf.FrameBuffer(bytearray(W * H // 2), W, H, framebuf.GS4_HMSB)
    fb.fill(fill)
    return fb


def _rows(fb, x, y, w, h, ink):
    """The block at (x, y) as strings, '#' where the pixel has colour `ink`."""
    return tuple("".join("#" if fb.pixel(x + i, y + j) == ink else "." for i in range(w))
                 for j in range(h))


def _ink(fb, colour):
    """(count, min x, max x, min y, max y) of the pixels of `colour`."""
    n, x0, x1, y0, y1 = 0, W, -1, H, -1
    for y in range(H):
        for x in range(W):
            if fb.pixel(x, y) == colour:
                n += 1
                x0 = min(x0, x)
                x1 = max(x1, x)
                y0 = min(y0, y)
                y1 = max(y1, y)
    return n, x0, x1, y0, y1


def test_every_required_character_is_in_both_fonts():
    for font in FONTS:
        missing = [c for c in REQUIRED + NAMED if not writer.has(font, c)]
        assert not missing, (font.HEIGHT, missing)


def test_glyphs_draw_as_the_source_font_draws_them():
    for font in FONTS:
        fb = _screen()
        x = 3
        for ch in "AЖ♥ё":
            known = KNOWN[(font.HEIGHT, ch)]
            after = writer.text(fb, ch, x, 5, 13, font)
            assert after - x == len(known[0]), (ch, after - x)
            got = _rows(fb, x, 5, len(known[0]), font.HEIGHT, 13)
            assert got == known, (font.HEIGHT, ch, got)
            x = after


def test_a_line_of_text_places_each_glyph_after_the_last():
    for font in FONTS:
        fb = _screen(2)
        s = "Ж♥A"
        end = writer.text(fb, s, 10, 20, 1, font)
        step = font.WIDTHS[writer.index(font, ord("A"))]
        assert end == 10 + 3 * step
        for k in range(3):
            known = KNOWN[(font.HEIGHT, s[k])]
            assert _rows(fb, 10 + k * step, 20, step, font.HEIGHT, 1) == known, s[k]


def test_width_is_what_drawing_advances_and_ink_stays_inside():
    for font in FONTS:
        for s in ("", "Hi", "Пас! ♠10 ♥K", "Açúcar, café, Één", "\u4e00x\n"):
            fb = _screen()
            end = writer.text(fb, s, 7, 30, 4, font)
            assert end - 7 == writer.width(s, font), (s, end)
            n, x0, x1, y0, y1 = _ink(fb, 4)
            assert (n == 0) == (s == "" or s == " ")
            if n:
                assert x0 >= 7 and x1 < end and y0 >= 30 and y1 < 30 + font.HEIGHT, s


def test_unknown_characters_draw_the_replacement_box():
    for font in FONTS:
        for ch in ("\u4e00", "\n", "\x7f", "\U0001F600"):
            assert not writer.has(font, ch)
            fb = _screen()
            end = writer.text(fb, ch, 0, 0, 1, font)
            assert _rows(fb, 0, 0, end, font.HEIGHT, 1) == BOX[font.HEIGHT], repr(ch)


def test_text_draws_only_ink_in_its_colour_even_black_on_a_background():
    for font in FONTS:
        for colour, background in ((0, 6), (1, 0), (15, 14), (5, 4)):
            fb = _screen(background)
            writer.text(fb, "Ж", 0, 0, colour, font)
            known = KNOWN[(font.HEIGHT, "Ж")]
            assert _rows(fb, 0, 0, len(known[0]), font.HEIGHT, colour) == known
            inked = sum(r.count("#") for r in known)
            assert _ink(fb, colour)[0] == inked
            assert _ink(fb, background)[0] == W * H - inked


def test_a_background_colour_fills_the_text_box():
    for font in FONTS:
        fb = _screen()
        end = writer.text(fb, "Ok", 4, 4, 1, font, bg=10)
        n1, x0, x1, y0, y1 = _ink(fb, 1)
        n10 = _ink(fb, 10)
        assert n1 > 0 and n1 + n10[0] == (end - 4) * font.HEIGHT
        assert n10[1:] == (4, end - 1, 4, 4 + font.HEIGHT - 1)


def test_text_is_clipped_at_every_screen_edge():
    for font in FONTS:
        known = KNOWN[(font.HEIGHT, "Ж")]
        w = len(known[0])
        for x, y in ((-2, 0), (W - 3, 0), (0, -3), (0, H - 4), (-w - 1, -1), (W, H)):
            fb = _screen()
            assert writer.text(fb, "Ж", x, y, 1, font) == x + w
            for j in range(font.HEIGHT):
                for i in range(w):
                    if 0 <= x + i < W and 0 <= y + j < H:
                        assert (fb.pixel(x + i, y + j) == 1) == (known[j][i] == "#")
            expected = sum(known[j][i] == "#" for j in range(font.HEIGHT) for i in range(w)
                           if 0 <= x + i < W and 0 <= y + j < H)
            assert _ink(fb, 1)[0] == expected, (x, y)


def test_a_line_longer_than_the_128_pixel_screen_is_cut_at_its_edge():
    s = "Раздаването започва отново: всички залагат ♠♣♥♦"
    shown = s[:22]   # 21 whole characters and 2 columns of the 22nd
    screens = []
    for text in (s, shown):
        buf = bytearray(128 * 12 // 2)
        fb = framebuf.FrameBuffer(buf, 128, 12, framebuf.GS4_HMSB)
        end = writer.text(fb, text, 0, 0, 1)
        assert end == writer.width(text) == 6 * len(text)
        screens.append(bytes(buf))
    assert screens[0] == screens[1]
    assert screens[0] != bytes(len(screens[0]))


def test_the_default_font_is_the_normal_one():
    assert writer.normal() is font_6x12
    assert writer.width("abc") == writer.width("abc", font_6x12) == 18
    assert writer.width("abc", font_5x8) == 15


def test_drawing_allocates_nothing_per_character_on_micropython():
    # One small block a call (the string's bytes seen through a memoryview), whatever the
    # string's length or script: iterating a str would make every new non-ASCII character
    # an interned string, kept for good (MicroPython's string table only grows).
    if sys.implementation.name != "micropython":
        return
    import gc
    fb = _screen()
    lines = ("Hello, world! 0123456", "Здравейте, играчи! ♠♥", "Pão, café ✓ ◄► \u4e00",
             "Щастие, ёжик, Ђ ў ї, Ölçü ÿ ß ñ")
    for font in FONTS:
        for s in lines:
            writer.text(fb, s, 0, 0, 1, font)   # first use of a font and its parts
    gc.collect()
    gc.disable()
    try:
        for font in FONTS:
            for s in lines:
                a = gc.mem_alloc()
                writer.text(fb, "x", 0, 0, 1, font)
                b = gc.mem_alloc()
                writer.text(fb, s, -3, 150, 0, font)
                c = gc.mem_alloc()
                writer.width(s + s + s, font)   # the sum itself is one block
                d = gc.mem_alloc()
                writer.width("ab", font)
                e = gc.mem_alloc()
                assert c - b == b - a <= 32, (s, b - a, c - b)
                assert e - d <= 32, (s, e - d)
    finally:
        gc.enable()
