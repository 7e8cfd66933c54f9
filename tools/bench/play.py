#!/usr/bin/env python3
"""Play benchmark: a whole 4-player match against 3 bots through the handset's UI.

    python3 -m tools.bench.play [--seed N] [--heap BYTES]

Prints, MicroPython 1.27 (WebAssembly) beside CPython where both apply:
  - the peak heap of the match run under MicroPython (the most gc.mem_alloc() seen at
    the end of any call: one call per key and one per idle() after it, as the port
    collects only between calls, so that is the high-water mark), the heap left in use
    after it, and whether the heap had to grow past --heap (default 65536); twice: with
    saves after every action as the handset makes them (store.py, saving.py), and with
    no saves (the UI and the engine alone);
  - milliseconds for a full redraw of the table screen (draw + show) and for the
    typical redraw after one key (UP on the action list: the three action rows, the
    help line and show());
  - the heap each module takes once imported (MODULES, in order), and the English
    strings packed (what the handset loads) beside their readable source.
The match's keys are found on CPython (New game, stack 20, then OK until the game-over
screen) and replayed under MicroPython; the helpers here are also used by the tests
(host_tests/conftest.py's play() and the screens' tests).
"""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
from tools.sim import core as simcore  # noqa: E402  (puts firmware/, lib/ and tools/common/hostlib on sys.path)
from drivers import keys  # noqa: E402

# Modules imported under MicroPython one call each before the app starts (as the
# handset's GC would collect between them), in the order the handset needs them. The
# screens' own modules are not among them: the app opens each screen in a call of its
# own (ui.screen.Later) and forgets the others (ui.screen.DROP).
PRELOAD = ("app", "ui.screen", "ui.writer", "ui.font_6x12", "ui.font_5x8", "svara",
           "svara.bots", "i18n.en", "settings", "ui.draw", "ui.title", "session")
SAVE_PRELOAD = ("store", "saving", "svara.log")
# New game with the stack lowered from 100 to 20 (Stack is the fourth row), then Play.
NEW_GAME_20 = (keys.OK, keys.DOWN, keys.DOWN, keys.DOWN, keys.LEFT, keys.LEFT, keys.SL)
MATCH_SEED = 14   # host_tests/keys/bots4.keys (5 before issue 43's bots)
SETTLE_LIMIT = simcore.SETTLE_LIMIT
# An idle() call's output (_call's: idle()'s answer, the heap in use, the trace) when the
# screen has more to do.
_IDLE_AGAIN = r"(?:^|\n)True\n\d+\n[^\n]*\n?$"


class CPythonPlay:
    """The firmware on CPython with the title screen first (ui/title.py)."""

    def __init__(self, seed):
        from app import App
        from drivers.simdisplay import SimDisplay
        from ui.title import Title
        self.display = SimDisplay()
        self.app = App(self.display, first=Title, seed=seed)
        self.app.start()

    def key(self, code):
        app = self.app
        app.key(code)
        n = 0
        while n < SETTLE_LIMIT and app.idle():
            n += 1

    def frame(self):
        return self.display.frame_bytes()

    def trace(self):
        return self.app.trace()

    def close(self):
        pass


class MicroPythonPlay:
    """The same firmware under MicroPython: one call per key, frames read back on asking."""

    def __init__(self, seed, heap=65536, saves=False, frozen=False):
        from tools.mp.wasm import MicroPython
        self.peak = 0
        # The frozen-build model (tools/mp/frozen.py): every module the handset freezes is
        # imported first and kept, and self.code is the heap they hold beyond their
        # top-level objects (code the handset keeps in flash), added to the heap.
        self.code = 0
        self._restore = ""
        if frozen:
            from tools.mp import frozen as model
            self.mp, self.code, restore = model.interpreter(heap)
            self._restore = "\n" + restore
        else:
            self.mp = MicroPython(heap=heap)
        try:
            self.mp.exec("import gc\ngc.collect()")
            self.mp.exec("from drivers.simdisplay import SimDisplay\n_d = SimDisplay()")
            for m in PRELOAD:
                self.mp.exec("import " + m)
            # With saves, as the handset runs (main.py): every action is saved. The save
            # modules are loaded first, each in a call of its own like the rest.
            for m in SAVE_PRELOAD if saves else ():
                self.mp.exec("import " + m)
            self.mp.exec("_store = None\nif %r:\n    from store import Store\n"
                         "    _store = Store('/saves')" % saves)
            self.mp.exec("from ui.title import Title\n"
                         "_app = app.App(_d, first=Title, seed=%d, store=_store)\n"
                         "def _settle():\n"
                         "    n = 0\n"
                         "    while n < %d and _app.idle():\n"
                         "        n += 1\n"
                         "def _frame():\n"
                         "    f = open('/frame.bin', 'wb')\n"
                         "    f.write(_d.buffer)\n"
                         "    f.close()\n" % (seed, SETTLE_LIMIT))
            self.start_heap = self.mp.heap_total()[0]
            self._run("_app.start()")
        except Exception:
            self.mp.close()
            raise

    def _call(self, code):
        return code + self._restore + "\nprint(gc.mem_alloc())\nprint(_app.trace())"

    def _read(self, out):
        lines = out.rstrip("\n").split("\n")
        self._trace = lines[-1]
        self.peak = max(self.peak, int(lines[-2]))
        return lines[-3] if len(lines) > 2 else ""

    def _run(self, code):
        self.mp.exec("gc.collect()")
        return self._read(self.mp.exec(self._call(code)))

    def key(self, code):
        # One call for the key, then one per idle() until the screen settles: the
        # handset's GC can run between any two of them, and this port's only there. The
        # host runs the idle() calls one after another (each after a collection, as
        # _run) while the last said True.
        self._run("_app.key(%d)" % code)
        for out in self.mp.repeat(["gc.collect()", self._call("print(_app.idle())")],
                                  SETTLE_LIMIT, _IDLE_AGAIN):
            self._read(out)

    def frame(self):
        self.mp.exec("_frame()")
        return self.mp.read("/frame.bin")

    def trace(self):
        return self._trace

    def in_use(self):
        return self.mp.mem_alloc()

    def heap_total(self):
        return self.mp.heap_total()[1]

    def close(self):
        self.mp.close()


def match_keys(seed=MATCH_SEED, limit=400):
    """Keys of a whole match vs 3 bots found on CPython: New game (stack 20), Play, then
    OK until the game-over screen; ValueError if it takes more than `limit` keys."""
    run = CPythonPlay(seed)
    codes = list(NEW_GAME_20)
    for c in codes:
        run.key(c)
    while run.app.screen.name != "gameover":
        if len(codes) > limit:
            raise ValueError("seed %d: no game over within %d keys" % (seed, limit))
        run.key(keys.OK)
        codes.append(keys.OK)
    return codes


def main(argv):
    seed = MATCH_SEED
    heap = 65536
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--seed":
            seed = int(args.pop(0))
        elif a == "--heap":
            heap = int(args.pop(0))
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            print("python -m tools.bench.play: bad argument %r (python -m tools.bench.play --help says more)" % a,
                  file=sys.stderr)
            return 2
    codes = match_keys(seed)
    print("match: seed %d, %d keys, 4 players (you + 3 easy bots), stack 20" % (seed, len(codes)))
    for saves in (True, False):
        t = time.time()
        mp = MicroPythonPlay(seed, heap, saves)
        try:
            for c in codes:
                mp.key(c)
            end = mp.trace()
            in_use = mp.in_use()
            total = mp.heap_total()
            print("MicroPython, %s: %.1f s, ends on: %s"
                  % ("saving every action (as the handset)" if saves else "no saves",
                     time.time() - t, end))
            print("  peak heap %d bytes, %d in use after the match; heap %d of %d: %s"
                  % (mp.peak, in_use, total, mp.start_heap,
                     "GREW" if total > mp.start_heap else "did not grow"))
            if not saves:
                full, one = redraw_ms_micropython(mp)
        finally:
            mp.close()
    frozen_match(codes, seed, heap)
    cfull, cone = redraw_ms_cpython(seed)
    print("%-34s %12s %12s" % ("", "MicroPython", "CPython"))
    print("%-34s %12.2f %12.3f" % ("table: full redraw + show, ms", full, cfull))
    print("%-34s %12.2f %12.3f" % ("table: one key (UP) redraw, ms", one, cone))
    module_heap()
    # The verdict on the heap is printed above; the exit status only says the run worked.
    return 0


def frozen_match(codes, seed=MATCH_SEED, budget=65536):
    """The match with saves again, in the frozen-build model (tools/mp/frozen.py): the heap
    starts at `budget` plus the code a frozen build keeps in flash; prints the frozen
    build's peak and whether the heap grew. Returns (peak, in use after, grew)."""
    t = time.time()
    mp = MicroPythonPlay(seed, budget, saves=True, frozen=True)
    try:
        for c in codes:
            mp.key(c)
        peak = mp.peak - mp.code
        in_use = mp.in_use() - mp.code
        grew = mp.heap_total() > mp.start_heap
        print("MicroPython, frozen-build model, saving every action: %.1f s, ends on: %s"
              % (time.time() - t, mp.trace()))
        print("  code a frozen build keeps in flash: %d bytes (tools/mp/frozen.py);" % mp.code)
        print("  heap of a frozen build: peak %d bytes, %d in use after the match;"
              " a heap of %d + that code: %s"
              % (peak, in_use, budget, "GREW" if grew else "did not grow"))
    finally:
        mp.close()
    return peak, in_use, grew


# Modules in the order a match loads them, and where the heap goes.
MODULES = ("drivers.simdisplay", "app", "ui.writer", "ui.font_5x8", "ui.font_6x12", "svara",
           "svara.bots", "svara.odds", "svara._strategy", "i18n.en", "settings", "ui.draw",
           "ui.title", "ui.options", "session", "ui.table", "ui.showdown", "store", "saving", "svara.log",
           "ui.font_5x8_cyr", "ui.font_6x12_cyr", "svara.cards")


def module_heap():
    """Print the heap each module takes once imported (from source, each import in a
    call of its own after a collection, in the order of MODULES: names two modules share
    are counted with the first), and English as packed and as its readable source."""
    from tools.mp.wasm import MicroPython
    with MicroPython(heap=1 << 20) as mp:
        mp.exec("import gc")
        total = 0
        print("heap per module under MicroPython (import after a collection, in this order):")
        for m in MODULES:
            mp.exec("gc.collect()")
            before = mp.mem_alloc()
            mp.exec("import " + m)
            mp.exec("gc.collect()")
            cost = mp.mem_alloc() - before
            total += cost
            print("  %-20s %6d bytes" % (m, cost))
        print("  %-20s %6d bytes" % ("all of them", total))
    for kind, path in (("packed", "firmware/i18n/en.py"), ("source", "firmware/i18n/src/en.py")):
        with MicroPython(heap=1 << 20) as mp:
            mp.put_file(os.path.join(simcore.ROOT, path), "/lib/i18n/en.py")
            mp.exec("import i18n")
            before = mp.mem_alloc()
            mp.exec("import i18n.en")
            print("English strings, %s: %d bytes" % (kind, mp.mem_alloc() - before))


_TIMING = (
    "def _time(n, f):\n"
    "    t = time.ticks_ms()\n"
    "    for i in range(n):\n"
    "        f()\n"
    "    return time.ticks_diff(time.ticks_ms(), t)\n"
    "def _full():\n"
    "    _app.screen.draw(_d)\n"
    "    _d.show()\n"
    "def _up():\n"
    "    _app.key(3)\n")


def _to_turn_keys():
    # New game with default settings, Play: the first table with the person to act, or
    # after a few OKs.
    return (keys.OK, keys.SL)


def redraw_ms_micropython(mp, n=200):
    """(full redraw ms, one-key redraw ms) on a fresh table under MicroPython."""
    m = mp.mp
    m.exec("import time\n" + _TIMING)
    m.exec("_app.start()")
    for c in _to_turn_keys():
        m.exec("_app.key(%d)\n_settle()" % c)
    while m.exec("print(_app.screen.name, _app.screen.mode)").split() != ["table", "0"]:
        m.exec("_app.key(7)\n_settle()")
    full = int(m.exec("print(_time(%d, _full))" % n))
    one = int(m.exec("print(_time(%d, _up))" % n))
    return full / n, one / n


def redraw_ms_cpython(seed, n=200):
    run = CPythonPlay(seed)
    for c in _to_turn_keys():
        run.key(c)
    while not (run.app.screen.name == "table" and run.app.screen.mode == 0):
        run.key(keys.OK)
    app = run.app
    d = run.display
    t = time.perf_counter()
    for i in range(n):
        app.screen.draw(d)
        d.show()
    full = (time.perf_counter() - t) * 1000 / n
    t = time.perf_counter()
    for i in range(n):
        app.key(keys.UP)
    one = (time.perf_counter() - t) * 1000 / n
    return full, one


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
