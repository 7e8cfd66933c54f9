#!/usr/bin/env python3
"""Every key mix at the tight heaps: 10,000 keys a run on the real C MicroPython.

    MICROPYTHON=/path/to/frozen/micropython MICROPYTHON_MPY=/path/to/plain/micropython \
        python3 -m tools.bench.mixes [--keys N] [--seeds 1-4] [--mix NAME ...]
                                     [--mode frozen|mpy ...] [--heap BYTES ...] [--jobs J]

The mixes are tools/stress/soak.py's four (uniform, player, menus, hotseat: one mix
alone, one session, no restart) and tools/stress/fuzz.py's (`fuzz`: the app restarted
every 2,500 keys, as tools/mp/unix.py's fuzz run), each for seeds 1-4, at the heaps
of docs/MEMORY.md's targets and a tenth under them: 44 and 48 KB frozen (on
MICROPYTHON), 116 and 128 KB as .mpy files (on MICROPYTHON_MPY, else MICROPYTHON):
80 runs, each reported on its own line (where a run fails: its key, screen and the
traceback's last line), then a count per mode and heap. Runs go J at a time (default 2).
With no MICROPYTHON it says so and exits 0 (make bench goes on).
Exit status: 0 when it ran (the verdict is printed), 2 bad usage.
"""
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from tools.mp import unix as mpunix
from tools.stress import soak

MIXES = soak.MIXES + ("fuzz",)
HEAPS = {"frozen": (44 * 1024, 48 * 1024), "mpy": (116 * 1024, 128 * 1024)}


def codes(mix, n, seed):
    """(key codes, restart every) for one run of `mix`."""
    if mix == "fuzz":
        return mpunix.fuzz_codes(n, seed), mpunix.RESTART_EVERY
    return soak.key_codes(n, seed, (mix,)), 0


def where(res):
    """A failed run's last traceback line (the file and function it failed in)."""
    lines = [ln.strip() for ln in res.out.splitlines() if ln.strip().startswith("File ")]
    return lines[-1] if lines else ""


def run_one(path, mode, heap, mix, seed, n):
    with mpunix.Runner(path, mode) as r:
        data, restart = codes(mix, n, seed)
        t = time.time()
        res = r.keys(data, heap, seed, restart)
        return res, time.time() - t


def seeds_arg(text):
    a, _, b = text.partition("-")
    return list(range(int(a), int(b or a) + 1))


def main(argv=None):
    from tools.common.hosttool import parser, whole
    ap = parser(__doc__)
    ap.add_argument("--keys", type=whole(1), default=10000)
    ap.add_argument("--seeds", type=seeds_arg, default=[1, 2, 3, 4], help="e.g. 1-4 (default)")
    ap.add_argument("--mix", action="append", choices=MIXES)
    ap.add_argument("--mode", action="append", choices=("frozen", "mpy"))
    ap.add_argument("--heap", action="append", type=whole(8192),
                    help="bytes (default: the two heaps of each mode)")
    ap.add_argument("--jobs", type=whole(1), default=2)
    args = ap.parse_args(argv)
    path = mpunix.binary()
    why = mpunix.missing(path)
    if why:
        print("python -m tools.bench.mixes: skipped: " + why)
        return 0
    other = os.environ.get("MICROPYTHON_MPY") or path
    modes = args.mode or ["frozen", "mpy"]
    if "frozen" in modes:
        with mpunix.Runner(path, "frozen") as r:
            frozen_why = r.check_frozen()
        if frozen_why:
            print("python -m tools.bench.mixes: frozen runs skipped: " + frozen_why)
            modes = [m for m in modes if m != "frozen"]
    jobs = []
    for mode in modes:
        for heap in args.heap or HEAPS[mode]:
            for mix in args.mix or MIXES:
                for seed in args.seeds:
                    jobs.append((path if mode == "frozen" else other, mode, heap, mix, seed))
    print("%d runs of %d keys: frozen on %s, .mpy on %s" % (len(jobs), args.keys, path, other),
          flush=True)
    tally = {}
    with ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(run_one, *(j + (args.keys,))) for j in jobs]
        for job, fut in zip(jobs, futures):
            _, mode, heap, mix, seed = job
            res, secs = fut.result()
            key = (mode, heap)
            ok, n = tally.get(key, (0, 0))
            tally[key] = (ok + res.ok, n + 1)
            print("%-6s %6d %-8s seed %d: %s (%.0f s)%s" % (
                mode, heap, mix, seed,
                "completes, " + res.last[5:] if res.ok else "FAILS at key %d: %s" % (res.keys, res.last),
                secs, "" if res.ok else "\n    " + where(res)), flush=True)
    print()
    for (mode, heap), (ok, n) in sorted(tally.items()):
        print("%-6s %6d bytes (%.0f KB): %d of %d complete" % (mode, heap, heap / 1024, ok, n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
