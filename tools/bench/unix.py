#!/usr/bin/env python3
"""The heap on the real C MicroPython: the smallest heap each run completes in.

    MICROPYTHON=/path/to/micropython [MICROPYTHON_MPY=/path/to/plain/micropython] \
        python3 -m tools.bench.unix [--keys N] [--step BYTES]

Runs on a unix-port micropython binary you built (tools/mp/unix.py; 32-bit for a
Cortex-M's object sizes), with `-X heapsize` bisected (to --step, default 1024 bytes):
the 4-player match of host_tests/keys/bots4.keys, saving every action, and N random
keys (default 10,000: tools/stress/fuzz.py's mix), each as the .mpy files make flash installs,
from the ROMFS image make flash writes to a board with a ROMFS partition (tools/mp/unix.py
--mode romfs: the heap beside the image) and, when the game is frozen into the binary,
frozen (the .mpy and ROMFS runs go on MICROPYTHON_MPY when given: a binary without the
game frozen in, whose heap holds the game's names as a board's does). First it shows
what importing the biggest screen (ui.table, with the engine it imports) takes from
the heap each way, which shows the ROMFS runs' code staying in the image as on a board
(MicroPython's loader runs .mpy bytecode in place from any file it can map: only the
names and the function objects come into the heap). Beside each it prints what the
WebAssembly model says of the same run (make bench's tools/bench/play.py and make fuzz) and
why the two differ. With no MICROPYTHON it says so and exits 0 (make bench goes on).
"""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
from tools.mp import unix as mpunix  # noqa: E402

TARGET = {"frozen": 48 * 1024, "mpy": 128 * 1024, "romfs": None}   # issue 13's targets
TOP = {"frozen": 96 * 1024, "mpy": 320 * 1024, "romfs": 192 * 1024}
WHY = (
    "Why the real figures differ from the WebAssembly model's: that port collects garbage\n"
    "only between top-level calls and grows its heap instead of failing, so the model\n"
    "reads the peak of gc.mem_alloc() between calls; this port collects inside the run\n"
    "whenever the heap runs short, and fails when no free hole is big enough for a\n"
    "block: the smallest heap that completes is set by the largest block asked for\n"
    "late, in a heap broken into pieces, not by the bytes in use (it can be below the\n"
    "model's peak, as garbage is collected as soon as the heap runs short, or above it,\n"
    "as a block may find no hole). Figures move by a few hundred bytes with any change\n"
    "of code: a bisection lands where the run first completes.")


def main(argv):
    from tools.common.hosttool import parser, whole
    ap = parser(__doc__)
    ap.add_argument("--keys", type=whole(1), default=10000,
                    help="random keys of the fuzz run (default 10000)")
    ap.add_argument("--step", type=whole(64), default=1024,
                    help="the bisection's resolution in bytes (default 1024)")
    args = ap.parse_args(argv)
    n, step = args.keys, args.step
    path = mpunix.binary()
    why = mpunix.missing(path)
    if why:
        print("python -m tools.bench.unix: skipped: " + why)
        return 0
    modes = ["mpy", "romfs"]
    with mpunix.Runner(path, "frozen") as r:
        frozen_why = r.check_frozen()
    if frozen_why:
        print("python -m tools.bench.unix: frozen runs skipped: " + frozen_why)
    else:
        modes.insert(0, "frozen")
    print("real MicroPython: %s (unix port), heap bisected to %d bytes" % (path, step))
    warn = mpunix.qstr_warning(os.environ.get("MICROPYTHON_MPY") or path, "mpy")
    if warn:
        print("  note: " + warn)
    rows = []
    other = os.environ.get("MICROPYTHON_MPY") or path
    if other != path:
        print("  .mpy runs on %s (MICROPYTHON_MPY)" % other)
    costs = []
    for mode in modes:
        with mpunix.Runner(path if mode == "frozen" else other, mode) as r:
            costs.append("%s %s bytes" % (mode, r.import_cost("ui.table")))
    print("import ui.table (and what it imports) takes from the heap: " + ", ".join(costs))
    for mode in modes:
        with mpunix.Runner(path if mode == "frozen" else other, mode) as r:
            for run, attempt in (("match (bots4.keys, saves)", r.match),
                                 ("%d random keys" % n, lambda h: r.fuzz(h, n))):
                t = time.time()
                heap, seen = mpunix.bisect(attempt, 8 * 1024, TOP[mode], step)
                for line in mpunix.report_bisect(run, mode, heap, seen, step):
                    print(line)
                print("  (%d runs, %.0f s)" % (len(seen), time.time() - t))
                sys.stdout.flush()
                fits = heap is not None and TARGET[mode] and heap <= TARGET[mode]
                rows.append((run, mode, heap, fits))
    print()
    print("%-28s %-7s %12s %10s" % ("run", "as", "smallest", "target"))
    for run, mode, heap, fits in rows:
        print("%-28s %-7s %12s %10s %s" % (
            run, mode, "-" if heap is None else "%.2f KB" % (heap / 1024.0),
            "%d KB" % (TARGET[mode] // 1024) if TARGET[mode] else "-",
            "" if not TARGET[mode] else "fits" if fits else "DOES NOT FIT"))
    print("The WebAssembly model of the same runs: bench_play.py (match) and make fuzz\n"
          "(10,000 keys) print its peak heap, frozen and with the code in the heap.")
    print(WHY)
    # The verdict is printed; the exit status only says the runs worked.
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
