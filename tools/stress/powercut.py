#!/usr/bin/env python3
"""The full power-cut run of issue 15 (make test runs a sample of it): every case of
host_tests/mpchecks/powercut_checks.py on a long match (ante 2: nineteen games, a
svara among them), and of the store's header-flip and erase checks.

    python3 -m tools.stress.powercut [--micropython] [--ante N] [--step N]

For each kind it prints "<kind>: N cases tried, M lost" and the first lost cases;
--micropython runs the same cases under MicroPython 1.27 (WebAssembly, tools/mp/wasm.py),
one case a call. The flash's faults (a cut at every file operation, the link dropped
at every command, each corrupt build) run whole in make test
(host_tests/tooling/test_flash_faults.py).
Exit status: 0 nothing lost, 1 a case lost, 2 bad usage.
"""
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKS = os.path.join(ROOT, "host_tests", "mpchecks")
for _folder in ("lib", "firmware", os.path.join("tools", "common", "hostlib"), ROOT, CHECKS):
    _path = os.path.join(ROOT, _folder)
    if _path not in sys.path:
        sys.path.insert(0, _path)

MODES = ("half", "whole", "empty", "none")


def _cpython(ante, step, say):
    import powercut_checks as pc
    import store_checks
    lost = 0
    for kind, run in (("power cuts over a match", lambda: pc.match_cuts(step, ante)),
                      ("errors at screen switches", lambda: pc.switch_errors(step, ante))):
        t = time.time()
        tried, n, first = run()
        say("%s: %d cases tried, %d lost (%.0f s)%s" % (
            kind, tried, n, time.time() - t, "; first: %r" % (first,) if n else ""))
        lost += n
    for name in ("test_a_flipped_bit_anywhere_in_the_header_loads_the_older_copy_and_says_so",
                 "test_a_cut_at_every_step_of_an_erase_never_brings_an_older_copy_back"):
        try:
            getattr(store_checks, name)()     # prints its own tally
        except AssertionError as e:
            say("%s: lost (%s)" % (name, e))
            lost += 1
    return lost


def _micropython(ante, step, say):
    from tools.mp.wasm import MicroPython
    lost = 0
    with MicroPython(heap=1 << 20) as mp:
        for name in ("checkutil.py", "powercut_checks.py", "store_checks.py"):
            mp.put_file(os.path.join(CHECKS, name), "/tests/" + name)
        mp.exec("import sys\nsys.path.append('/tests')\nimport powercut_checks as pc\n"
                "ref, games = pc._quick(pc.reference, pc.new_match(%d))\nprint(ref.ops)"
                % ante)
        ops = int(mp.exec("print(ref.ops)"))
        t = time.time()
        tried = n = 0
        first = []
        for k in range(1, ops + 1, step):
            why = mp.exec("print(pc._quick(pc._lost_after_restart, pc._cut_state(ref, %d, "
                          "%r), games))" % (k, MODES[k % len(MODES)])).strip()
            tried += 1
            if why != "None":
                n += 1
                first.append((k, why))
        say("power cuts over a match (MicroPython): %d cases tried, %d lost (%.0f s)%s" % (
            tried, n, time.time() - t, "; first: %r" % (first[:3],) if n else ""))
        lost += n
        mp.exec("keys = pc.new_match(%d)\nswitches = pc._quick(pc._count_switches, keys)"
                % ante)
        switches = int(mp.exec("print(switches)"))
        t = time.time()
        tried = n = 0
        first = []
        for j in range(1, switches + 1, step):
            why = mp.exec("print(pc._quick(pc._error_at_switch, keys, %d, MemoryError))"
                          % j).strip()
            tried += 1
            if why != "None":
                n += 1
                first.append((j, why))
        say("errors at screen switches (MicroPython): %d cases tried, %d lost (%.0f s)%s" % (
            tried, n, time.time() - t, "; first: %r" % (first[:3],) if n else ""))
        lost += n
        mp.exec("import store_checks")
        for name in ("test_a_flipped_bit_anywhere_in_the_header_loads_the_older_copy_and_"
                     "says_so",
                     "test_a_cut_at_every_step_of_an_erase_never_brings_an_older_copy_back"):
            try:
                say(mp.exec("store_checks.%s()" % name).strip() + " (MicroPython)")
            except Exception as e:
                say("%s (MicroPython): lost (%s)" % (name, e))
                lost += 1
    return lost


def main(argv):
    micro = False
    ante = 2
    step = 1
    args = list(argv)
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            print(__doc__)
            return 0
        if a == "--micropython":
            micro = True
        elif a in ("--ante", "--step") and args and args[0].isdigit():
            v = int(args.pop(0))
            if a == "--ante":
                if not 1 <= v <= 10:
                    print("python -m tools.stress.powercut: --ante takes 1 to 10", file=sys.stderr)
                    return 2
                ante = v
            else:
                if v < 1:
                    print("python -m tools.stress.powercut: --step takes 1 or more", file=sys.stderr)
                    return 2
                step = v
        else:
            print("python -m tools.stress.powercut: bad argument %r (see --help)" % a, file=sys.stderr)
            return 2

    def say(line):
        print(line, flush=True)
    lost = (_micropython if micro else _cpython)(ante, step, say)
    say("powercut: %s" % ("lost: 0" if not lost else "LOST: %d" % lost))
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
