"""The fonts and the text writer: same checks on both interpreters, the source, heap and speed."""
import os
import subprocess
import sys
import types

import pytest

from conftest import ROOT, on_both_interpreters
from tools.mp.wasm import MicroPython


def _fake_framebuf():
    """A minimal framebuf (GS4_HMSB and MONO_HLSB; pixel, fill, fill_rect, blit) used only
    while tools/common/hostlib/framebuf.py, the project's full stand-in, is absent."""
    m = types.ModuleType("framebuf")
    m.MONO_HLSB, m.GS4_HMSB = 3, 2

    class FrameBuffer:
        def __init__(self, buf, w, h, fmt, stride=None):
            self.buf, self.w, self.h, self.fmt = buf, w, h, fmt
            self.stride = (stride or w) if fmt == m.GS4_HMSB else ((stride or w) + 7) & ~7

        def _get(self, x, y):
            if self.fmt == m.MONO_HLSB:
                i = y * self.stride + x
                return self.buf[i >> 3] >> (7 - (i & 7)) & 1
            i = (y * self.stride + x) >> 1
            return self.buf[i] >> 4 if x % 2 == 0 else self.buf[i] & 15

        def _set(self, x, y, c):
            i = (y * self.stride + x) >> 1
            if x % 2 == 0:
                self.buf[i] = (self.buf[i] & 0x0F) | (c & 15) << 4
            else:
                self.buf[i] = (self.buf[i] & 0xF0) | (c & 15)

        def pixel(self, x, y, c=None):
            if not (0 <= x < self.w and 0 <= y < self.h):
                return None
            if c is None:
                return self._get(x, y)
            self._set(x, y, c)

        def fill_rect(self, x, y, w, h, c):
            for j in range(max(y, 0), min(y + h, self.h)):
                for i in range(max(x, 0), min(x + w, self.w)):
                    self._set(i, j, c)

        def fill(self, c):
            self.fill_rect(0, 0, self.w, self.h, c)

        def blit(self, src, x, y, key=-1, palette=None):
            if isinstance(src, tuple):
                src = FrameBuffer(*src)
            for j in range(max(y, 0), min(y + src.h, self.h)):
                for i in range(max(x, 0), min(x + src.w, self.w)):
                    c = src._get(i - x, j - y)
                    if palette is not None:
                        c = palette._get(c, 0)
                    if c != key:
                        if self.fmt == m.MONO_HLSB:
                            k = j * self.stride + i
                            bit = 0x80 >> (k & 7)
                            self.buf[k >> 3] = self.buf[k >> 3] | bit if c else self.buf[k >> 3] & ~bit
                        else:
                            self._set(i, j, c)

    m.FrameBuffer = FrameBuffer
    return m


try:
    import framebuf  # noqa: F401  (tools/common/hostlib/framebuf.py on CPython)
except ImportError:
    sys.modules["framebuf"] = _fake_framebuf()

from tools.gen import font as gen_font  # noqa: E402
from mpchecks import font_checks  # noqa: E402
from ui import font_5x8, font_6x12, writer  # noqa: E402

FONTS = {"5x8": font_5x8, "6x12": font_6x12}
MISSING = gen_font.tools_present()


test_checks = on_both_interpreters("font_checks", marks={
    "test_drawing_allocates_nothing_per_character_on_micropython": pytest.mark.micropython})


def test_the_checks_list_every_character_the_generator_requires():
    assert sorted(set(font_checks.REQUIRED)) == sorted(set(chr(c) for c in gen_font.REQUIRED))


def _part(font, suffix):
    import importlib
    return importlib.import_module(font.__name__ + suffix)


def test_font_modules_are_laid_out_as_the_writer_reads_them():
    assert writer._BLOCKS == tuple((lo, hi, "_" + name) for lo, hi, name in gen_font.BLOCKS)
    for font in FONTS.values():
        glyphs = len(font.WIDTHS)
        assert len(font.BITMAPS) == glyphs * font.HEIGHT
        assert glyphs == 95 + len(font.CODES) // 2 + 1
        codes = [font.CODES[i] << 8 | font.CODES[i + 1] for i in range(0, len(font.CODES), 2)]
        assert codes == sorted(set(codes)) and codes[0] > 126
        for i, c in enumerate(codes):
            assert writer.index(font, c) == 95 + i
            assert not gen_font.in_block(c)
        for lo, hi, suffix in writer._BLOCKS:
            part = _part(font, suffix)
            assert part.FIRST == lo and len(part.WIDTHS) == hi - lo
            assert len(part.BITMAPS) == (hi - lo) * font.HEIGHT == (hi - lo) * part.HEIGHT


@pytest.mark.micropython
def test_english_text_never_loads_a_script_part():
    code = ("import sys\nfrom ui import writer, font_5x8, font_6x12\n"
            "import framebuf\nfb = framebuf.FrameBuffer(bytearray(64 * 16), 128, 16, framebuf.GS4_HMSB)\n"
            "for f in (font_5x8, font_6x12):\n"
            "    writer.text(fb, 'Call 10 \u2663\u2666\u2665\u2660 \u25b2\u25bc\u25c0\u25b6', 0, 0, 1, f)\n"
            "print(sorted(m for m in sys.modules if m.startswith('ui.font')))\n"
            "writer.text(fb, '\u0416\u00e9', 0, 0, 1, font_5x8)\n"
            "print(sorted(m for m in sys.modules if m.startswith('ui.font')))\n")
    with MicroPython(heap=256 * 1024) as mp:
        first, then = mp.exec(code).strip().split("\n")
    assert first == "['ui.font_5x8', 'ui.font_6x12']"
    assert then == "['ui.font_5x8', 'ui.font_5x8_cyr', 'ui.font_5x8_lat', 'ui.font_6x12']"


@pytest.mark.skipif(MISSING is not None, reason="font sources absent: %s" % MISSING)
def test_regenerating_the_fonts_gives_the_committed_modules():
    run = subprocess.run([sys.executable, "-m", "tools.gen.font", "--check"],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("up to date") == 6, run.stdout


@pytest.mark.skipif(MISSING is not None, reason="font sources absent: %s" % MISSING)
def test_every_glyph_is_the_source_fonts_glyph_but_the_named_patches():
    patched = {(f, c) for f, c, _, _ in gen_font.PATCHES}
    patched |= {(f, c) for c in gen_font.REDRAWN for f in gen_font.REDRAWN[c]}
    for name, font in FONTS.items():
        ascent, descent, glyphs = gen_font.parse_bdf(gen_font.read_bdf_text(name))
        assert font.HEIGHT == ascent + descent and font.ASCENT == ascent
        drawn = set()
        for c, (adv, rows) in glyphs.items():
            bitmaps, widths, i = writer.glyph(font, c)
            if (bitmaps is font.BITMAPS and i == len(font.WIDTHS) - 1) or (name, c) in patched:
                continue
            h = font.HEIGHT
            assert list(bitmaps[i * h:(i + 1) * h]) == rows, (name, hex(c))
            assert widths[i] == adv
            drawn.add(c)
        parts = sum(sum(1 for w in _part(font, s).WIDTHS if w) for _, _, s in writer._BLOCKS)
        redrawn = sum(1 for c in gen_font.REDRAWN if name in gen_font.REDRAWN[c])
        assert len(drawn) >= len(font.WIDTHS) + parts - 3 - redrawn   # the box, a patch, an EXTRA


def test_the_small_suits_tell_apart():
    # Issue 43: on the mini cards (5x8) the club and the spade, the heart and the
    # diamond, were a point over (under) a bar a pixel or two apart. Each suit's top row
    # of ink now differs from its same-coloured twin's by 2 pixels or more (a round top,
    # a point, two lobes), and every two suits by 4 pixels or more in all.
    font = FONTS["5x8"]
    h = font.HEIGHT

    def rows(c):
        bitmaps, _, i = writer.glyph(font, ord(c))
        return list(bitmaps[i * h:(i + 1) * h])

    def top(c):
        return [bin(r).count("1") for r in rows(c) if r][0]

    assert abs(top("\u2663") - top("\u2660")) >= 2      # club, spade
    assert abs(top("\u2665") - top("\u2666")) >= 2      # heart, diamond
    suits = "\u2663\u2666\u2665\u2660"
    for a in suits:
        for b in suits:
            if a < b:
                apart = sum(bin(x ^ y).count("1") for x, y in zip(rows(a), rows(b)))
                assert apart >= 4, (a, b, apart)


def test_check_mode_skips_and_passes_without_the_font_tools():
    run = subprocess.run([sys.executable, "-m", "tools.gen.font", "--check"],
                         capture_output=True, text=True, env=dict(os.environ, PATH="/nonexistent"), cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("SKIP") and "pcf2bdf" in run.stdout


@pytest.mark.micropython
@pytest.mark.parametrize("name", sorted(FONTS))
def test_importing_a_font_costs_its_data_and_under_256_bytes_more(name):
    # Imported from source, the bytes literals are built on the heap: the data itself plus
    # the module, its globals and object headers (about 180 bytes measured). Frozen into
    # the firmware, the literals stay in flash instead.
    font = FONTS[name]
    data = len(font.BITMAPS) + len(font.WIDTHS) + len(font.CODES)
    with MicroPython(heap=64 * 1024, trees=()) as mp:
        mp.write("/lib/ui/__init__.py", b"")
        mp.put_file(os.path.join(ROOT, "firmware", "ui", "font_%s.py" % name),
                    "/lib/ui/font_%s.py" % name)
        mp.exec("import ui")
        before = mp.mem_alloc()
        mp.exec("import ui.font_%s" % name)
        after = mp.mem_alloc()
        assert int(mp.exec("import ui.font_%s as f\nprint(f.HEIGHT)" % name)) == font.HEIGHT
    cost = after - before
    print("font_%s: %d bytes of heap for %d bytes of data" % (name, cost, data))
    assert data <= cost < data + 256, (cost, data)
