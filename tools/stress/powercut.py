#!/usr/bin/env python3
"""The full power-cut run (make test runs a sample of it): every case of the sweeps in
tools/stress/harness/cutsweep.py on a long match (ante 2: eleven games, a svara
among them), and the store's header flips and cuts in an erase.

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
HARNESS = os.path.join(ROOT, "tools", "stress", "harness")
for _folder in ("lib", "firmware", os.path.join("tools", "common", "hostlib"), ROOT, HARNESS):
    _path = os.path.join(ROOT, _folder)
    if _path not in sys.path:
        sys.path.insert(0, _path)

MODES = ("half", "whole", "empty", "none")
# The store's sweeps: what they try, and the call of cutsweep's that makes them.
STORE_SWEEPS = (("header bit flips", "cutsweep.header_flips()"),
                ("cuts in an erase", "cutsweep.erase_cuts(%r)" % ((
                    {"seat": 0, "chips": [100, 100]}, {"seat": 1, "chips": [90, 110]},
                    {"seat": 0, "chips": [95, 105], "log": "0a1b"},
                    {"seat": 1, "chips": [0, 200]}),)))


def _cpython(ante, step, say):
    import cutsweep
    lost = 0
    for kind, run in (("power cuts over a match", lambda: cutsweep.match_cuts(step, ante)),
                      ("errors at screen switches",
                       lambda: cutsweep.switch_errors(step, ante))):
        t = time.time()
        tried, n, first = run()
        say("%s: %d cases tried, %d lost (%.0f s)%s" % (
            kind, tried, n, time.time() - t, "; first: %r" % (first,) if n else ""))
        lost += n
    for kind, call in STORE_SWEEPS:
        tried, n = eval(call, {"cutsweep": cutsweep})
        say("%s: %d cases tried, %d lost" % (kind, tried, n))
        lost += n
    return lost


def _micropython(ante, step, say):
    from tools.mp.wasm import MicroPython
    lost = 0
    with MicroPython(heap=1 << 20) as mp:
        for name in ("harness.py", "cutsweep.py"):
            mp.put_file(os.path.join(HARNESS, name), "/tests/" + name)
        mp.exec("import sys\nsys.path.append('/tests')\nimport cutsweep\npc = cutsweep\n"
                "ref, games = pc.quick(pc.reference, pc.new_match(%d))\nprint(ref.ops)"
                % ante)
        ops = int(mp.exec("print(ref.ops)"))
        t = time.time()
        tried = n = 0
        first = []
        for k in range(1, ops + 1, step):
            why = mp.exec("print(pc.quick(pc.lost_after_restart, pc.cut_state(ref, %d, "
                          "%r), games))" % (k, MODES[k % len(MODES)])).strip()
            tried += 1
            if why != "None":
                n += 1
                first.append((k, why))
        say("power cuts over a match (MicroPython): %d cases tried, %d lost (%.0f s)%s" % (
            tried, n, time.time() - t, "; first: %r" % (first[:3],) if n else ""))
        lost += n
        mp.exec("keys = pc.new_match(%d)\nswitches = pc.quick(pc.count_switches, keys)"
                % ante)
        switches = int(mp.exec("print(switches)"))
        t = time.time()
        tried = n = 0
        first = []
        for j in range(1, switches + 1, step):
            why = mp.exec("print(pc.quick(pc.error_at_switch, keys, %d, MemoryError))"
                          % j).strip()
            tried += 1
            if why != "None":
                n += 1
                first.append((j, why))
        say("errors at screen switches (MicroPython): %d cases tried, %d lost (%.0f s)%s" % (
            tried, n, time.time() - t, "; first: %r" % (first[:3],) if n else ""))
        lost += n
        for kind, call in STORE_SWEEPS:
            tried, n = (int(v) for v in mp.exec('print("%%d %%d" %% %s)' % call).split())
            say("%s (MicroPython): %d cases tried, %d lost" % (kind, tried, n))
            lost += n
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
