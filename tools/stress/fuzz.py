#!/usr/bin/env python3
"""Random-key fuzzing of the whole firmware, from the title screen.

    python3 -m tools.stress.fuzz [--keys N] [--seed S] [--micropython [--frozen] [--heap BYTES]]

Presses N seeded random keys (every key code, weighted so that games progress: more
OK, CALL, arrows and digits than END) into firmware/app.py with its saves in memory,
letting idle() run after each key as the handset would, and restarting the app over
the same saves every 2,500 keys. After every key it checks: no exception came out,
no error was caught by the app's guard (app.errors: a caught error is still a bug),
and during a match the stacks plus the pot equal the chips the match started with.

CPython (default N 100,000): the screens' logic and layout run but text is not
rasterised (the pure-Python framebuf stand-in would take hours); --micropython (default
N 10,000) runs everything, pixels included, under MicroPython 1.27 (WebAssembly), one
key per call (its idle work in further calls of IDLE_CHUNK idle() each), with a fixed heap (default 128 KB) that must not grow; it prints the
peak heap (gc.mem_alloc() at the end of each call: the port collects only between
calls), the heap in use after a collection (sampled every 250 keys) and whether the
heap had to grow (printed, not a failure: see host_tests/firmware/test_random_keys.py). --frozen runs
it in the frozen-build model (tools/mp/frozen.py): every module the handset freezes loaded
first and kept, the heap 64 KB (or --heap) plus the code that a frozen build keeps in
flash, and the figures printed are the frozen build's.
Exit status 0 when every check held, 1 otherwise.
"""
import os
import random
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
from tools.sim import core as simcore  # noqa: E402  (puts firmware/, lib/ and tools/common/hostlib on sys.path)
from drivers import keys as K  # noqa: E402

# Key codes with repeats as weights (out of 40).
WEIGHTS = ((K.OK, 9), (K.CALL, 3), (K.UP, 3), (K.DOWN, 4), (K.LEFT, 2), (K.RIGHT, 3),
           (K.SL, 3), (K.SR, 1), (K.END, 1), (K.STAR, 1), (K.HASH, 1),
           (K.D0, 1), (K.D0 + 1, 2), (K.D0 + 2, 2), (K.D0 + 3, 1), (K.D0 + 4, 1),
           (K.D0 + 5, 1), (K.D0 + 7, 1))
BAG = bytes([code for code, n in WEIGHTS for _ in range(n)])
RESTART_EVERY = 2500
SETTLE_LIMIT = simcore.SETTLE_LIMIT
# Under MicroPython a key's idle work (bots thinking and acting, the pot moving) runs in
# calls of at most this many idle() each: the port collects garbage only between calls,
# while the handset's GC runs whenever the heap runs short, between any two idle()s.
IDLE_CHUNK = 1
CALLS = -(-SETTLE_LIMIT // IDLE_CHUNK)      # a key's calls at most, its own included
# A call's last line (_k's: more, heap in use, lost chips, errors) when the key's work goes
# on: more to do, no chip lost, no error.
_GOES_ON = re.compile(r"(?:^|\s)[1-9]\d* \d+ 0 0\s*$")


def key_codes(n, seed):
    """n key codes from the seed (the same on every host)."""
    rng = random.Random(seed)
    return bytes(BAG[rng.randrange(len(BAG))] for _ in range(n))


class Failure(Exception):
    pass


# --- CPython ---------------------------------------------------------------------------

class _Blank:
    """A display that keeps no pixels (the CPython run is about logic, not frames)."""

    def fill(self, c):
        pass

    def fill_rect(self, x, y, w, h, c):
        pass

    def rect(self, x, y, w, h, c, f=False):
        pass

    def ellipse(self, x, y, xr, yr, c, f=False):
        pass

    def blit(self, fb, x, y, key=-1, palette=None):
        pass

    def show(self):
        pass


def _chips(app):
    p = app.play
    if p is None or p.game is None:
        return None
    g = p.game
    return sum(g.stacks) + g.pot, p.total   # the chips the match began with (kept ones too)


def _count(counts, st):
    """Add the games and matches the statistics counted since the last key: their rises
    (random keys reset the statistics now and then, which must not lose the count)."""
    for name, i in (("games", 2), ("matches", 0)):
        last = counts.get("_" + name, 0)
        if st[i] > last:
            counts[name] += st[i] - last
        counts["_" + name] = st[i]


def run_cpython(n=100000, seed=1, report=None):
    """Fuzz n keys on CPython; a dict of counts. Raises Failure on a broken check."""
    from app import App
    from store import Store
    from ui import writer
    import i18n
    real_text = writer.text
    language = i18n.current()   # random keys change the language: put it back after

    def text(fb, s, x, y, colour, font=None, bg=-1, end=0):
        return x + writer.width(s, font)        # every glyph still looked up (end: no clip)

    writer.text = text
    fs = simcore.MemoryFS()
    counts = {"keys": 0, "acts": 0, "games": 0, "matches": 0, "restarts": 0, "screens": set()}
    try:
        app = _started(App(_Blank(), seed=seed, store=Store("saves", fs=fs)))
        for i, code in enumerate(key_codes(n, seed)):
            if i and i % RESTART_EVERY == 0:
                app = _started(App(_Blank(), seed=seed + i, store=Store("saves", fs=fs)))
                counts["restarts"] += 1
            p = app.play
            log = len(p.game.log) if p is not None and p.game is not None else 0
            app.key(code)
            k = 0
            while k < SETTLE_LIMIT and app.idle():
                k += 1
            counts["keys"] += 1
            counts["screens"].add(app.screen.name)
            _count(counts, app.stats)
            if app.errors:
                raise Failure("key %d (%s): the app caught %s on %s" % (
                    i, simcore.key_name(code), app.error, app.trace()))
            got = _chips(app)
            if got is not None and got[0] != got[1]:
                raise Failure("key %d: chips %d, not %d: %s" % (i, got[0], got[1], app.trace()))
            if app.play is not None and app.play is p and p.game is not None:
                counts["acts"] += max(0, len(p.game.log) - log)
            if report and i % 10000 == 0:
                report(i, app)
    finally:
        writer.text = real_text
        i18n.use(language)
    counts.pop("_games", None)
    counts.pop("_matches", None)
    return counts


def _started(app):
    """app started, and idle() until it settles, as the handset's loop does at once (a
    saved game is read then)."""
    app.start()
    k = 0
    while k < SETTLE_LIMIT and app.idle():
        k += 1
    return app


# --- MicroPython -----------------------------------------------------------------------

_MP_SETUP = (
    "import gc\ngc.collect()",
    "from drivers.simdisplay import SimDisplay\n_d = SimDisplay()",
) + tuple("import " + m for m in simcore.PRELOAD + ("store", "saving", "ui.options", "json",
                                                     "binascii", "svara.log")) + (
    "import os\ntry:\n    os.mkdir('/fuzz')\nexcept OSError:\n    pass",
    "from store import Store\n"
    "_app = None\n"
    "def _start(seed):\n"
    "    global _app\n"
    "    _app = None\n"
    "    gc.collect()\n"
    "    _app = app.App(_d, seed=seed, store=Store('/fuzz'))\n"
    "    _app.start()\n"
    "    n = 0\n"
    "    while n < %(limit)d and _app.idle():\n"     # the handset's loop idles at once
    "        n += 1\n"
    "def _k(c):\n"
    "    more = 1\n"
    "    if c:\n"
    "        _app.key(c)\n"
    "    else:\n"
    "        n = 0\n"
    "        while n < %(chunk)d and more:\n"
    "            more = _app.idle()\n"
    "            n += 1\n"
    "    p = _app.play\n"
    "    bad = 0\n"
    "    if p is not None and p.game is not None:\n"
    "        g = p.game\n"
    "        if sum(g.stacks) + g.pot != p.total:\n"
    "            bad = 1\n"
    "    print(int(more), gc.mem_alloc(), bad, _app.errors)\n",
)


def run_micropython(n=10000, seed=1, heap=128 * 1024, report=None, frozen=False):
    """Fuzz n keys under MicroPython, one call per key; a dict of counts and heap figures.
    With `frozen`, in the frozen-build model (tools/mp/frozen.py): the heap starts at `heap`
    plus the code a frozen build keeps in flash, and the figures are the frozen build's
    (that code taken off; counts["code"] is how much, counts["reloads"] how many modules
    were imported anew from their files and so counted as heap)."""
    from tools.mp.wasm import MicroPython
    counts = {"keys": 0, "calls": 0, "peak": 0, "in_use_max": 0, "heap_start": 0, "heap_end": 0,
              "code": 0, "reloads": 0}
    restore = ""
    if frozen:
        from tools.mp import frozen as model
        mp, counts["code"], restore = model.interpreter(heap)
    else:
        mp = MicroPython(heap=heap)
    try:
        for code in _MP_SETUP:
            mp.exec(code % {"chunk": IDLE_CHUNK, "limit": SETTLE_LIMIT})
        mp.exec("gc.collect()")
        counts["heap_start"] = mp.heap_total()[1]
        mp.exec("_start(%d)" % seed)
        for i, code in enumerate(key_codes(n, seed)):
            if i and i % RESTART_EVERY == 0:
                mp.exec("_start(%d)" % (seed + i))
            outs = [mp.exec("_k(%d)\n%s" % (code, restore))]
            if CALLS > 1 and _GOES_ON.search(outs[0]):
                # the same key's idle work goes on, a new call each chunk, until it is done
                # (or an error or lost chip): the host runs those calls one after another
                outs += mp.repeat(["_k(0)\n" + restore], CALLS - 1, _GOES_ON.pattern)
            for out in outs:
                more, alloc, bad, errors = out.split()[-4:]
                counts["calls"] += 1
                counts["peak"] = max(counts["peak"], int(alloc))
            counts["keys"] += 1
            if errors != "0" or bad != "0":
                trace = mp.exec("print(_app.trace())\nprint(getattr(_app, 'error', ''))")
                raise Failure("key %d (%s): %s: %s" % (
                    i, simcore.key_name(code), "chips not conserved" if bad != "0"
                    else "the app caught an error", trace.strip()))
            if i % 250 == 0:
                counts["in_use_max"] = max(counts["in_use_max"], mp.mem_alloc())
            if report and i % 1000 == 0:
                report(i, None)
        counts["heap_end"] = mp.heap_total()[1]
        if frozen:
            counts["reloads"] = int(mp.exec("print(_reloads)"))
        for k in ("peak", "in_use_max"):
            counts[k] -= counts["code"]
        stats = mp.exec("print(_app.stats if hasattr(_app, 'stats') else [0] * 7)")
        counts["stats"] = stats.strip()
    finally:
        mp.close()
    return counts


# Issue 15's tally: every key is a case (checked after it: no error, chips conserved...);
# the first lost one stops the run, so a run that ends says lost: 0.
_TALLY = "fuzz: %d cases tried, lost: 0"


def main(argv):
    args = list(argv)
    micro = False
    frozen = False
    n = None
    seed = 1
    heap = 128 * 1024
    heap_given = None
    while args:
        a = args.pop(0)
        if a == "--micropython":
            micro = True
        elif a == "--frozen":
            frozen = True
        elif a in ("--keys", "--seed", "--heap") and args and args[0].isdigit():
            v = int(args.pop(0))
            if a == "--keys":
                n = v
            elif a == "--seed":
                seed = v
            else:
                heap = heap_given = v
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            print("python -m tools.stress.fuzz: bad argument %r "
                  "(python -m tools.stress.fuzz --help says more)" % a, file=sys.stderr)
            return 2
    from tools.mp.wasm import HEAP_MAX, HEAP_MIN
    if not HEAP_MIN <= heap <= HEAP_MAX:
        print("python -m tools.stress.fuzz: --heap takes %d to %d bytes (python -m "
              "tools.stress.fuzz --help says more)" % (HEAP_MIN, HEAP_MAX), file=sys.stderr)
        return 2
    t = time.time()
    total = n or (10000 if micro else 100000)

    def report(i, app):
        spent = time.time() - t
        left = ", about %.0f s left" % (spent * (total - i) / i) if i else ""
        print("  %d of %d keys, %.0f s%s" % (i, total, spent, left), flush=True)

    try:
        if micro:
            if frozen and heap_given is None:
                heap = 64 * 1024
            c = run_micropython(n or 10000, seed, heap, report, frozen)
            grew = c["heap_end"] > c["heap_start"]
            if frozen:
                print("MicroPython, frozen-build model (%d bytes of code taken off, %d modules"
                      " imported again from their files): %d keys (%d calls) in %.0f s, no error;"
                      " peak heap %d bytes, at most %d in use after a collection; a heap of %d"
                      " + that code: %s; statistics %s" % (
                          c["code"], c["reloads"], c["keys"], c["calls"], time.time() - t,
                          c["peak"], c["in_use_max"], heap, "GREW" if grew else "did not grow",
                          c["stats"]))
                print(_TALLY % c["keys"])
                return 0
            print("MicroPython: %d keys (%d calls) in %.0f s, no error; peak heap %d bytes, at most %d in "
                  "use after a collection; heap %d -> %d bytes: %s; statistics %s" % (
                      c["keys"], c["calls"], time.time() - t, c["peak"], c["in_use_max"], c["heap_start"],
                      c["heap_end"], "GREW" if grew else "did not grow", c["stats"]))
            print(_TALLY % c["keys"])
            return 0
        c = run_cpython(n or 100000, seed, report)
        print("CPython: %d keys in %.0f s, no error; %d actions, %d games, %d matches, "
              "%d restarts; screens %s" % (c["keys"], time.time() - t, c["acts"], c["games"],
                                           c["matches"], c["restarts"],
                                           " ".join(sorted(c["screens"]))))
        print(_TALLY % c["keys"])
        return 0
    except Failure as e:
        print("fuzz: %s" % e, file=sys.stderr)
        print("fuzz: lost: 1 (the run stops at the first lost case)", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
