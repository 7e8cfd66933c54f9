#!/usr/bin/env python3
"""`make bench`: every benchmark of the project, one after the other.

Each tools/bench/*.py is a standalone script that prints its own small table of
side-by-side figures (MicroPython in WebAssembly next to CPython, from one run).
This runs them in a fixed order, then any others found, and says which failed.
"""
import glob
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# Run as python -m tools.bench.<name> from the checkout's top, in this order, then the rest.
ORDER = ("score", "engine", "bots", "font", "ui", "play", "device", "unix", "qemu", "rp2")


def scripts():
    found = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(HERE, "*.py"))
                   if not os.path.basename(p).startswith("_"))
    return [n for n in ORDER if n in found] + [n for n in found if n not in ORDER]


def main(argv=None):
    from tools.common.hosttool import parser
    parser(__doc__).parse_args(argv)
    failed = []
    for name in scripts():
        print("=" * 78)
        print("%s" % name)
        print("-" * 78)
        sys.stdout.flush()
        t = time.time()
        run = subprocess.run([sys.executable, "-m", "tools.bench." + name], cwd=ROOT)
        if run.returncode:
            failed.append(name)
        print("[%s: %.0f s%s]" % (name, time.time() - t, ", FAILED" if run.returncode else ""))
        sys.stdout.flush()
    if failed:
        print("failed: " + " ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
