#!/usr/bin/env python3
"""Generate firmware/ui/font_5x8.py and font_6x12.py: the handset's two bitmap fonts.

    python3 -m tools.gen.font [--check] [--out DIR]

Source: the misc-fixed fonts of Debian's xfonts-base (public domain), the Unicode
(ISO10646-1) files /usr/share/fonts/X11/misc/5x8.pcf.gz and 6x12.pcf.gz, converted to
BDF by Debian's pcf2bdf (apt-get install xfonts-base pcf2bdf). Only the characters of
REQUIRED (and of OPTIONAL, where a font has them) are kept. The generated modules are committed: a player never needs the packages.
--check regenerates in memory and compares with the committed modules (exit 1 if they
differ); without pcf2bdf or the font files it prints SKIP and exits 0.

Why these two sizes, on a 128 x 160 screen:
- 6x12 is the normal font: 21 columns, 13 lines. It has the 7-pixel capitals of 6x10
  with two more rows on top, so accented capitals (Ã É Ç Ё Й) keep their marks clear of
  the line above and lines of text keep a readable gap; unlike 6x10 it also has the
  check mark and the solid triangles ◀ ▶.
- 5x8 is the small font: 25 columns, 20 lines, for dense places (chip counts, status
  line, history). 5x7 was rejected: it has no room above its capitals, so Ã Í Й É are
  drawn without their marks. 5x8 has them all except Ё, drawn there as a plain E: the
  generator adds its two dots (PATCHES), and draws a check mark, which 5x8 lacks (EXTRA).

Module layout (what firmware/ui/writer.py reads). Each font is a base module, font_5x8.py,
and one part module per script block (BLOCKS), font_5x8_lat.py and font_5x8_cyr.py, which
the writer imports only when a text needs them (code and tables sit in RAM on the
handset unless frozen: English never loads the parts).
- HEIGHT, ASCENT: the line height in pixels and the rows above the baseline.
- BITMAPS: glyph i is HEIGHT bytes at BITMAPS[i * HEIGHT], one byte a row, bit 7 the
  leftmost pixel: the whole font is one framebuf MONO_HLSB image 8 pixels wide, glyphs
  stacked top to bottom, so the writer copies a glyph with one blit() and no Python loop.
- Base: glyphs 0..94 are ASCII 32..126 (index = code - 32, no search). Glyph 95 + j is
  the code point CODES[2j] << 8 | CODES[2j + 1] (symbols: suits, arrows, typography);
  CODES is sorted, searched by bisection. The last glyph (index 95 + len(CODES) // 2)
  is the replacement box for unknown text.
- Part: FIRST, the block's first code point; glyph i is code point FIRST + i, every
  code point of the block in order; one the source lacks has width 0 and draws as the box.
- WIDTHS[i]: the advance of glyph i in pixels (the source's DWIDTH; these fonts are
  monospaced, the table keeps the writer ready for a proportional font).
"""
import gzip
import os
import shutil
import subprocess
import sys
import tempfile

from tools.gen.score_table import literal  # one bytes literal continued over lines

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT_DIR = os.path.join(ROOT, "firmware", "ui")
FONT_DIR = "/usr/share/fonts/X11/misc"
FONTS = ("5x8", "6x12")


def _codes(*parts):
    out = []
    for p in parts:
        if isinstance(p, str):
            out.extend(ord(c) for c in p)
        else:
            out.extend(p)
    return out


# Every font must have all of these (the generator fails otherwise).
REQUIRED = _codes(
    range(0x20, 0x7F),               # ASCII
    range(0xA0, 0x100),              # Latin-1: Dutch, Portuguese, Indonesian, × · « »
    (0x401, 0x451),                  # Ё ё
    range(0x410, 0x450),             # А..я: Russian and Bulgarian
    (0x40D, 0x45D),                  # Ѝ ѝ (Bulgarian)
    "\u2660\u2663\u2665\u2666",      # ♠ ♣ ♥ ♦
    "–—‘’“”„•…№€",                   # typography and money
    "←↑→↓◄►▲▼",                      # UI arrows
    "✓",                             # check mark (drawn by EXTRA where a font lacks it)
)
# Kept where a font has them.
OPTIONAL = _codes("▶◀♡♢♤♧█")

# Fixes to source glyphs: (font, code point, row, byte OR-ed into that row).
PATCHES = (
    ("5x8", 0x401, 0, 0x50),         # Ё: the source draws a plain E; add the dots
)

# Glyphs some fonts lack, drawn here: code point -> rows from the top of the cell,
# used only when the font has no glyph for it. '#' is ink.
EXTRA = {
    0x2713: {"5x8": ("     ", "    #", "    #", "   # ", "# #  ", " #   ", "     ", "     ")},
}

# Source glyphs drawn anew here (code point -> font -> rows, as EXTRA): 5x8's full stop
# is a three-row cross that reads as "+" after a digit ("18+5%"); here a 2x2 dot.
# The 5x8 suits, on the mini cards: the source's club and spade are both a point over
# a cross-bar, its heart and diamond both a point under a bar, a pixel or two apart
# (read at 2x, four suits were taken for others: issue 43). Here the club has a round
# top and a notch between its leaves, the spade a point and solid shoulders, the heart
# two lobes over a point, the diamond a narrow upright diamond.
REDRAWN = {
    0x2E: {"5x8": (".....", ".....", ".....", ".....", ".....", ".##..", ".##..", ".....")},
    0x2663: {"5x8": (".....", ".###.", ".###.", "##.##", "##.##", "..#..", ".###.", ".....")},
    0x2660: {"5x8": (".....", "..#..", ".###.", "#####", "#####", "..#..", ".###.", ".....")},
    0x2665: {"5x8": (".....", "##.##", "#####", "#####", ".###.", "..#..", ".....", ".....")},
    0x2666: {"5x8": (".....", "..#..", "..#..", ".###.", ".###.", "..#..", "..#..", ".....")},
}

CAP = "H"  # the replacement box is as tall as this capital


def tools_present():
    """None if pcf2bdf and the source fonts are installed, else the reason they are not."""
    if shutil.which("pcf2bdf") is None:
        return "pcf2bdf is not installed (apt-get install pcf2bdf)"
    for name in FONTS:
        path = os.path.join(FONT_DIR, name + ".pcf.gz")
        if not os.path.isfile(path):
            return "%s is missing (apt-get install xfonts-base)" % path
    return None


def read_bdf_text(name):
    """The BDF text of misc-fixed font `name`, converted by pcf2bdf."""
    with gzip.open(os.path.join(FONT_DIR, name + ".pcf.gz")) as f:
        pcf = f.read()
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, name + ".pcf")
        dst = os.path.join(tmp, name + ".bdf")
        with open(src, "wb") as f:
            f.write(pcf)
        subprocess.run(["pcf2bdf", "-o", dst, src], check=True, capture_output=True)
        with open(dst, encoding="latin-1") as f:
            return f.read()


def parse_bdf(text):
    """(ascent, descent, {code point: (advance, rows)}) of a BDF font.

    rows: one int per row of the full cell (ascent + descent rows), bit 7 the leftmost
    pixel; each glyph's bounding box is placed in the cell by its BBX offsets."""
    props = {}
    raw = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        words = lines[i].split()
        i += 1
        if not words:
            continue
        key = words[0]
        if key in ("FONT_ASCENT", "FONT_DESCENT") and len(words) == 2:
            props[key] = int(words[1])
        elif key == "STARTCHAR":
            code, adv, bbx, bits = -1, 0, None, []
            while lines[i] != "ENDCHAR":
                w = lines[i].split()
                i += 1
                if w[0] == "ENCODING":
                    code = int(w[1])
                elif w[0] == "DWIDTH":
                    adv = int(w[1])
                elif w[0] == "BBX":
                    bbx = tuple(int(v) for v in w[1:5])
                elif w[0] == "BITMAP":
                    while lines[i] != "ENDCHAR":
                        bits.append(lines[i].strip())
                        i += 1
            i += 1
            if code >= 0 and bbx is not None:
                raw[code] = (adv, bbx, bits)
    ascent, descent = props["FONT_ASCENT"], props["FONT_DESCENT"]
    glyphs = {}
    for code, (adv, (w, h, xoff, yoff), bits) in raw.items():
        rows = [0] * (ascent + descent)
        top = ascent - (h + yoff)
        for r, hexrow in enumerate(bits):
            value = int(hexrow, 16) if hexrow else 0
            nbits = 4 * len(hexrow)
            for x in range(w):
                if value >> (nbits - 1 - x) & 1:
                    col = xoff + x
                    row = top + r
                    if not (0 <= col < 8 and 0 <= row < len(rows)):
                        raise ValueError("glyph %04X has ink outside an 8-wide cell" % code)
                    rows[row] |= 0x80 >> col
        glyphs[code] = (adv, rows)
    return ascent, descent, glyphs


def replacement_box(ascent, glyphs):
    """A hollow box as tall as the capital CAP, one pixel narrower than its advance."""
    adv, rows = glyphs[ord(CAP)]
    top = next(r for r, v in enumerate(rows) if v)
    width = adv - 1
    full = (0xFF << (8 - width)) & 0xFF
    edges = 0x80 | (0x80 >> (width - 1))
    box = [0] * len(rows)
    for r in range(top, ascent):
        box[r] = full if r in (top, ascent - 1) else edges
    return adv, box


def select(name, ascent, descent, glyphs):
    """The glyphs of REQUIRED and OPTIONAL for font `name`, patched: a sorted list of (code, adv, rows)."""
    height = ascent + descent
    chosen = {}
    for code in REQUIRED:
        if code in glyphs:
            chosen[code] = glyphs[code]
        elif name in EXTRA.get(code, {}):
            art = EXTRA[code][name]
            rows = [sum(0x80 >> x for x, c in enumerate(line) if c == "#") for line in art]
            assert len(rows) == height, (name, code)
            chosen[code] = (glyphs[ord(CAP)][0], rows)
        else:
            raise SystemExit("python -m tools.gen.font: %s has no glyph for U+%04X" % (name, code))
    for code in OPTIONAL:
        if code in glyphs:
            chosen[code] = glyphs[code]
    for code in REDRAWN:
        art = REDRAWN[code].get(name)
        if art is not None:
            rows = [sum(0x80 >> x for x, c in enumerate(line) if c == "#") for line in art]
            assert len(rows) == height, (name, code)
            chosen[code] = (chosen[code][0], rows)
    for font, code, row, bits in PATCHES:
        if font == name:
            adv, rows = chosen[code]
            rows = list(rows)
            rows[row] |= bits
            chosen[code] = (adv, rows)
    return [(c,) + chosen[c] for c in sorted(chosen)]


# The two script blocks kept out of the base module, each a part module of its own that
# the writer imports on the first character it needs from it (ui/writer.py _BLOCKS has
# the same blocks): English text never loads them.
BLOCKS = ((0xA0, 0x100, "lat"),      # Latin-1: Dutch, Portuguese, Indonesian
          (0x400, 0x460, "cyr"))     # Cyrillic: Bulgarian, Russian


def in_block(code):
    return any(lo <= code < hi for lo, hi, _ in BLOCKS)


def _header(name, what):
    return [
        "# Generated by tools/gen/font.py from misc-fixed %s (Debian xfonts-base, public" % name,
        "# domain), via pcf2bdf: do not edit. %s; the layout is" % what,
        "# described in the generator. (Comments, not a docstring: a module docstring costs",
        "# heap under MicroPython.)",
        "",
    ]


def build(name, bdf_text):
    """[(module name, module text, glyph count)] for font `name`: the base, then its parts."""
    ascent, descent, glyphs = parse_bdf(bdf_text)
    height = ascent + descent
    chosen = select(name, ascent, descent, glyphs)
    assert [c for c, _, _ in chosen[:95]] == list(range(32, 127))
    box = replacement_box(ascent, glyphs)
    base = [g for g in chosen if not in_block(g[0])]
    rest = base[95:]
    codes = bytearray()
    for c, _, _ in rest:
        assert c <= 0xFFFF
        codes += bytes((c >> 8, c & 0xFF))
    widths = bytes([a for _, a, _ in base] + [box[0]])
    bitmaps = bytearray()
    for _, _, rows in base:
        bitmaps += bytes(rows)
    bitmaps += bytes(box[1])
    assert len(bitmaps) == height * len(widths)
    out = [("font_%s" % name, "\n".join(_header(name, "%d glyphs and a replacement box" % len(base)) + [
        "HEIGHT = %d" % height,
        "ASCENT = %d" % ascent,
        literal("WIDTHS", widths),
        literal("CODES", codes),
        literal("BITMAPS", bitmaps),
        "",
    ]), len(base))]
    # A part: every code point of its block, the ones the source lacks with width 0.
    kept = {c: (a, r) for c, a, r in chosen}
    for lo, hi, part in BLOCKS:
        widths = bytearray()
        bitmaps = bytearray()
        n = 0
        for c in range(lo, hi):
            if c in kept:
                adv, rows = kept[c]           # patched or drawn here
            elif c in glyphs:
                adv, rows = glyphs[c]         # in the source, not required
            else:
                adv, rows = 0, [0] * height   # not in the source: drawn as the box
            widths.append(adv)
            bitmaps += bytes(rows)
            n += adv > 0
        out.append(("font_%s_%s" % (name, part), "\n".join(_header(name, "U+%04X..U+%04X, %d glyphs"
                                                                     % (lo, hi - 1, n)) + [
            "HEIGHT = %d" % height,
            "FIRST = %d" % lo,
            literal("WIDTHS", widths),
            literal("BITMAPS", bitmaps),
            "",
        ]), n))
    return out


def main(argv=None):
    from tools.common.hosttool import parser
    ap = parser(__doc__)
    ap.add_argument("--check", action="store_true",
                    help="only check that the committed font modules are up to date")
    ap.add_argument("--out", default=OUT_DIR, metavar="DIR",
                    help="write the modules there (default firmware/ui)")
    args = ap.parse_args(argv)
    out_dir, check = args.out, args.check
    missing = tools_present()
    if missing:
        if check:
            print("SKIP python -m tools.gen.font --check: %s; the committed fonts are used as they are" % missing)
            return 0
        print("python -m tools.gen.font: %s" % missing)
        return 1
    stale = 0
    for name in FONTS:
        for module, text, count in build(name, read_bdf_text(name)):
            path = os.path.join(out_dir, module + ".py")
            if check:
                try:
                    with open(path, encoding="ascii") as f:
                        same = f.read() == text
                except OSError as e:
                    print("python -m tools.gen.font: cannot read %s: %s" % (path, e))
                    same = False
                print("%s is %s" % (path, "up to date" if same
                                    else "OUT OF DATE: run tools/gen/font.py"))
                stale += not same
                continue
            tmp = path + ".tmp"
            with open(tmp, "w", encoding="ascii") as f:
                f.write(text)
            os.replace(tmp, path)
            print("wrote %s (%d glyphs, %d bytes of source)" % (path, count, len(text)))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
