#!/usr/bin/env python3
"""Chances from the tables against the old counting path, side by side in one run.

    .venv/bin/python -m tools.bench.odds [--qemu IMAGE] [--games N] [--no-wasm]

svara.odds.chances() reads tables (svara.exact: _exact_v* and the bots' _floor_v*); with
table=False it counts as it did before issue 23 (1 and 2 opponents by a pass over the
3654 unseen hands, 3 or more with a floor by the estimate). The same workload runs on each
interpreter, both ways:
  - a call of chances() against n = 1..9 opponents, no floor (the * key: before the tables
    it counted 1 and 2 opponents, read 3 or more) and floor 20 (a bot's read), over five
    hands, the class looked up afresh each call (its one-entry cache emptied);
  - every decision of Normal and of Hard (all seats that level, Hard with its match
    reads) in N seeded games at 4 and at 10 seats: median, 90th percentile, worst.
    "old" swaps svara.odds.chances for the counting path, as the bots were before.
Interpreters: CPython (microseconds), MicroPython WebAssembly (tools/mp/wasm.py; ticks_us,
about 1 ms resolution there, so calls are repeated 20 times), and with --qemu IMAGE (or
$MICROPYTHON_QEMU) MicroPython's qemu port with the game frozen in, run under
`qemu-system-arm -icount shift=0`, where ticks_us counts thousands of instructions: the
figures are thousands of Cortex-M0 instructions and the RP2040 time at 125 MHz and 2.0
cycles an instruction (the high end of issue 23's model: 1.45-2.0).
"""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [os.path.join(ROOT, "lib")]

# Runs unchanged on CPython and MicroPython; ticks() is the interpreter's clock in us.
WORK = """
from svara import odds, bots, exact
from svara.game import Game, Rng
from svara.reads import Reads
HANDS = ((0, 26, 25), (31, 30, 2), (9, 14, 18), (4, 13, 22), (7, 19, 28))
_plain = odds.chances
def _old(hand, n, rules=None, dead=(), floor=0, table=True):
    if not floor and n > 2 and table:
        return _plain(hand, n, rules, dead, 0)  # the * key read these before the tables
    return _plain(hand, n, rules, dead, floor, False)
def _bots_old(hand, n, rules=None, dead=(), floor=0, table=True):
    return _plain(hand, n, rules, dead, floor, False)   # the bots counted every call
def _reset():
    bots._memo[0] = None
    bots._eq1_of[0] = None
    exact._last[0] = None
def per_call(old, n, floor, reps):
    f = _old if old else _plain
    total = 0
    for h in HANDS:
        t = ticks()
        for i in range(reps):
            exact._last[0] = None
            f(h, n, None, (), floor)
        total += ticks() - t
    return total // (len(HANDS) * reps)
def decisions(old, level, players, games):
    odds.chances = _bots_old if old else _plain
    out = []
    try:
        rng = Rng(5)
        for k in range(games):
            _reset()
            g = Game([100] * players, k % players, None, None, 1000 + k)
            reads = Reads(players)
            while g.to_act is not None:
                s = g.to_act
                t = ticks()
                a, x = bots.decide(level, g, s, rng, reads if level == bots.HARD else None)
                out.append(ticks() - t)
                reads.see(g, a, x)
                g.act(a, x)
            reads.end(g)
    finally:
        odds.chances = _plain
    out.sort()
    return out
def report(reps, games):
    for floor in (0, 20):
        for n in range(1, 10):
            print("CALL", floor, n, per_call(True, n, floor, reps), per_call(False, n, floor, reps))
    for level in (bots.NORMAL, bots.HARD):
        for players in (4, 10):
            for old in (True, False):
                v = decisions(old, level, players, games)
                print("DECIDE", level, players, int(old), len(v), v[len(v) // 2],
                      v[len(v) * 9 // 10], v[-1])
"""

MP_CLOCK = "import time\ndef ticks():\n    return time.ticks_us()\n"
QEMU = ("qemu-system-arm", "-machine", "microbit", "-global", "nrf51-soc.flash-size=1048576",
        "-global", "nrf51-soc.sram-size=524288", "-icount", "shift=0,sleep=off", "-nographic",
        "-monitor", "null", "-semihosting", "-serial", "stdio", "-kernel")


def cpython(games):
    import io
    from contextlib import redirect_stdout
    space = {"ticks": lambda: int(time.perf_counter() * 1e6)}
    exec(WORK, space)
    buf = io.StringIO()
    with redirect_stdout(buf):
        space["report"](3, games)
    return buf.getvalue()


def wasm(games):
    from tools.mp.wasm import MicroPython
    with MicroPython(heap=1 << 20) as mp:
        mp.exec(MP_CLOCK + WORK)
        out = []
        for floor in (0, 20):
            for n in range(1, 10):
                out.append(mp.exec("print('CALL', %d, %d, per_call(True, %d, %d, 20), "
                                   "per_call(False, %d, %d, 20))" % (floor, n, n, floor, n, floor)))
        for level in (1, 2):
            for players in (4, 10):
                for old in (1, 0):
                    out.append(mp.exec(
                        "v = decisions(%d, %d, %d, %d)\nprint('DECIDE', %d, %d, %d, len(v), "
                        "v[len(v) // 2], v[len(v) * 9 // 10], v[-1])"
                        % (old, level, players, games, level, players, old)))
        return "\n".join(out)


def qemu(image, games):
    """The workload in the qemu guest (raw REPL over the serial line), its output."""
    script = MP_CLOCK + WORK + "report(1, %d)\n" % games
    feed = (b"\r\x03\x03\x01" + script.encode() + b"\x04"
            + b"import machine\nmachine.reset()\n\x04")
    got = subprocess.run(QEMU + (image,), input=feed, capture_output=True, timeout=3600)
    text = got.stdout.decode("utf-8", "replace").replace("\r", "")
    if "CALL" not in text or "Traceback" in text:
        raise RuntimeError("the qemu guest failed:\n" + text[-2000:])
    return text


def parse(text):
    calls = {}
    decide = {}
    for line in text.splitlines():
        for word in ("CALL ", "DECIDE "):
            if word in line:
                line = line[line.index(word):]     # after the raw REPL's ">OK"
        f = line.split()
        if f[:1] == ["CALL"]:
            calls[int(f[1]), int(f[2])] = (int(f[3]), int(f[4]))
        elif f[:1] == ["DECIDE"]:
            decide[int(f[1]), int(f[2]), int(f[3])] = tuple(int(x) for x in f[4:8])
    return calls, decide


def show(title, text, unit, conv=None):
    calls, decide = parse(text)
    print(title)

    def v(x):
        return "%9d" % x if conv is None else "%7d (%6.1f ms)" % (x, conv(x))
    print("  chances(), a call, old -> tables (%s):" % unit)
    for floor, what in ((0, "no floor (the * key)"), (20, "floor 20 (a bot's read)")):
        print("    %s" % what)
        for n in range(1, 10):
            old, new = calls[floor, n]
            print("      %d opponent%s %s -> %s" % (n, " " if n == 1 else "s", v(old), v(new)))
    print("  decisions, old -> tables (%s): decisions, median, 90th percentile, worst" % unit)
    for level, name in ((1, "Normal"), (2, "Hard")):
        for players in (4, 10):
            for old in (1, 0):
                c, med, p90, worst = decide[level, players, old]
                print("    %-6s %2d seats %s %4d  %s %s %s" % (
                    name, players, "old   " if old else "tables", c, v(med), v(p90), v(worst)))


def main(argv=None):
    from tools.common.hosttool import parser, whole
    ap = parser(__doc__)
    ap.add_argument("--qemu", metavar="IMAGE", default=os.environ.get("MICROPYTHON_QEMU"),
                    help="the qemu port's image with the game frozen in")
    ap.add_argument("--games", type=whole(1), default=6, help="seeded games a line (6)")
    ap.add_argument("--no-wasm", action="store_true", help="skip the WebAssembly port")
    args = ap.parse_args(argv)
    if args.qemu and not os.path.exists(args.qemu):
        print("odds bench: no image %s" % args.qemu, file=sys.stderr)
        return 2
    show("CPython %d.%d" % sys.version_info[:2], cpython(args.games), "us")
    if not args.no_wasm:
        show("MicroPython (WebAssembly on this machine)", wasm(args.games), "us, ~1 ms steps")
    if args.qemu:
        show("MicroPython qemu Cortex-M0 (%s), RP2040 at 125 MHz, 2.0 cycles an instruction"
             % os.path.basename(args.qemu), qemu(args.qemu, args.games),
             "thousands of instructions", lambda k: k * 2.0 / 125)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
