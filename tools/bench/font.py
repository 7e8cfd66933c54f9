#!/usr/bin/env python3
"""Speed and memory of the text writer, under MicroPython (WebAssembly) and CPython.

    python3 -m tools.bench.font [--lines N]

Draws N 21-character lines per font and script into a 128 x 160 GS4_HMSB frame buffer
and prints microseconds per line, next to framebuf's own ASCII-only text() as a yardstick;
then the heap each font module and the writer cost when imported from source, and the
heap one line allocates. WebAssembly timings are of this machine, not of the handset:
compare them side by side, run to run.
"""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
for _path in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tools", "common", "hostlib")):
    if _path not in sys.path:
        sys.path.insert(0, _path)
from tools.mp.wasm import MicroPython  # noqa: E402

LINES = (("ascii", "Hello, world! 0123456"), ("cyrillic", "Здравейте, играчи! ♠♥"),
         ("latin", "Ação, café, één: ✓ ◄►"))

BENCH = """
import framebuf, gc, time
from ui import writer, font_5x8, font_6x12
fb = framebuf.FrameBuffer(bytearray(10240), 128, 160, framebuf.GS4_HMSB)
def run(f, s, n):
    t = time.ticks_ms()
    for i in range(n):
        writer.text(fb, s, 0, i % 150, 1, f)
    return time.ticks_diff(time.ticks_ms(), t)
def builtin(s, n):
    t = time.ticks_ms()
    for i in range(n):
        fb.text(s, 0, i % 150, 1)
    return time.ticks_diff(time.ticks_ms(), t)
"""


def main(argv=None):
    from tools.common.hosttool import parser, whole
    ap = parser(__doc__)
    ap.add_argument("--lines", type=whole(1), default=2000,
                    help="lines drawn per timing (default 2000)")
    n = ap.parse_args(argv).lines
    with MicroPython() as mp:
        mp.exec(BENCH)
        print("MicroPython 1.27 (WebAssembly), us per 21-character line, %d lines:" % n)
        for font in ("font_5x8", "font_6x12"):
            for label, s in LINES:
                ms = int(mp.exec("print(run(%s, %r, %d))" % (font, s, n)))
                mp.exec("writer.text(fb, %r, 0, 0, 1, %s)\nimport gc\ngc.collect()" % (s, font))
                alloc = int(mp.exec(
                    "a = gc.mem_alloc()\nwriter.text(fb, %r, 0, 0, 1, %s)\n"
                    "print(gc.mem_alloc() - a)" % (s, font)))
                print("  %-9s %-8s %6.0f us   %d bytes allocated" % (font, label, ms * 1000 / n, alloc))
        ms = int(mp.exec("print(builtin(%r, %d))" % (LINES[0][1], n)))
        print("  framebuf.text (ASCII 8x8) %6.0f us" % (ms * 1000 / n))
    print("MicroPython heap to import from source (bytes):")
    for name in ("font_5x8", "font_6x12", "writer"):
        with MicroPython(heap=64 * 1024, trees=()) as mp:
            mp.write("/lib/ui/__init__.py", b"")
            mp.put_file(os.path.join(ROOT, "firmware", "ui", name + ".py"), "/lib/ui/%s.py" % name)
            mp.exec("import ui")
            before = mp.mem_alloc()
            mp.exec("import ui.%s" % name)
            print("  %-9s %6d" % (name, mp.mem_alloc() - before))
    try:
        import framebuf
        from ui import font_5x8, font_6x12, writer
    except ImportError as e:
        print("CPython: skipped (%s)" % e)
        return 0
    fb = framebuf.FrameBuffer(bytearray(10240), 128, 160, framebuf.GS4_HMSB)
    print("CPython %d.%d with tools/common/hostlib/framebuf.py, us per line:" % sys.version_info[:2])
    for font in (font_5x8, font_6x12):
        for label, s in LINES:
            m = max(1, n // 10)
            t = time.perf_counter()
            for i in range(m):
                writer.text(fb, s, 0, i % 150, 1, font)
            us = (time.perf_counter() - t) * 1e6 / m
            print("  font_%-4s %-8s %6.0f us" % ("5x8" if font is font_5x8 else "6x12", label, us))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
