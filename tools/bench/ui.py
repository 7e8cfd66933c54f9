#!/usr/bin/env python3
"""UI speed and memory, MicroPython (WebAssembly, in Node) beside CPython, one run.

    python3 -m tools.bench.ui

Rows: a full redraw of the title screen (ui/title.py Title.draw), show()
(SimDisplay's GS4 -> RGB565 expansion of the whole frame, row by row, sink-less), a
menu move (one key: two rows redrawn plus show()), and the heap in use after App start.
Times are the mean of a loop long enough (>= 150 ms) for MicroPython's ~1 ms ticks,
the best of three such loops (other work on the machine only ever adds time).
MicroPython's heap figure is gc.mem_alloc() after gc.collect(), in calls of their own;
CPython's is tracemalloc's count of what start-up allocated (a different measure: for
scale only). The WebAssembly port is not the handset's RP2040: compare ratios, not ms.
"""
import os
import sys
import time
import tracemalloc

from tools.sim import core as simcore  # noqa: E402  (firmware/, lib/, tools/common/hostlib on sys.path)

from tools.mp.wasm import MicroPython  # noqa: E402

LOOP_MS = 150

# The same timing code on both interpreters; `_clock` gives ms as a float.
BENCH = """
def _best(f, arg, clock):
    return min(_time(f, arg, clock), _time(f, arg, clock), _time(f, arg, clock))

def _time(f, arg, clock):
    n = 1
    while True:
        t0 = clock()
        for _ in range(n):
            f(arg)
        dt = clock() - t0
        if dt >= %d:
            return dt / n
        n *= 2

def _redraw(app):
    app.screen.draw(app.fb)

def _show(app):
    app.display.show()

def _move(app):
    app.key(4)
""" % LOOP_MS

MP_CLOCK = "import time\ndef _clock():\n    return time.ticks_ms()\n"


def micropython_figures():
    with MicroPython(heap=1 << 20) as mp:
        mp.exec("import gc\ngc.collect()")
        base = mp.mem_alloc()
        for code in ("from drivers.simdisplay import SimDisplay\n_d = SimDisplay()",
                     "import app", "import ui.title", "from ui import writer\nwriter.normal()",
                     "_app = app.App(_d)\n_app.start()"):
            mp.exec(code)
        used = mp.mem_alloc()
        mp.exec(BENCH + MP_CLOCK)
        out = {}
        for name in ("redraw", "show", "move"):
            mp.exec("gc.collect()")
            out[name] = float(mp.exec("print(_best(_%s, _app, _clock))" % name))
        out["heap"] = used
        out["heap_base"] = base
    return out


def cpython_figures():
    from app import App
    from drivers.simdisplay import SimDisplay
    import ui.title  # noqa: F401  (imported before measuring, as on MicroPython)
    from ui import writer
    writer.normal()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    display = SimDisplay()
    app = App(display)
    app.start()
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    scope = {}
    exec(BENCH, scope)
    clock = lambda: time.perf_counter() * 1000  # noqa: E731
    out = {name: scope["_best"](scope["_" + name], app, clock)
           for name in ("redraw", "show", "move")}
    out["heap"] = used
    return out


def main(argv=None):
    from tools.common.hosttool import parser
    parser(__doc__).parse_args(argv)
    mp = micropython_figures()
    cp = cpython_figures()
    rows = (
        ("full redraw of the title screen", "redraw", "ms"),
        ("show(): GS4 -> RGB565, 160 rows", "show", "ms"),
        ("menu move (2 rows + show)", "move", "ms"),
    )
    print("%-36s %14s %14s" % ("", "MicroPython", "CPython"))
    for label, key, unit in rows:
        print("%-36s %11.1f %s %11.2f %s" % (label, mp[key], unit, cp[key], unit))
    print("%-36s %11d B  %11d B" % ("heap in use after App start", mp["heap"], cp["heap"]))
    print("%-36s %11d B  %14s" % ("  (of which before any import)", mp["heap_base"], "-"))
    print("MicroPython: 1.27 WebAssembly port in Node (not the handset's CPU); "
          "CPython %d.%d with tools/common/hostlib/framebuf.py" % sys.version_info[:2])
    return 0


if __name__ == "__main__":
    sys.exit(main())
