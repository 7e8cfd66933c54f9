#!/usr/bin/env python3
"""The panel's show(): the old path beside the new ones, and the bytes each kind of key
sends, in one run.

    python3 -m tools.bench.panel [--micropython PATH] [--qemu-image ELF]

The same game (app seed 5: you and three bots) is played on drivers/st7735.ST7735 over a
bus that counts the bytes, three ways in turn, on one interpreter:
  old     every show() sends the whole frame, expanded by FrameBuffer.blit with a
          palette, as the driver before issue 23 did (the rest of the game as it is now);
  plain   only the rows that changed (the plain signature) by the same blit: what a
          port without viper runs (the WebAssembly port, CPython);
  native  only the rows that changed, signature and expansion in @micropython.viper
          code: the handset's (rp2 has the Thumb emitter); absent where viper is.
(An image or binary of a tree from before issue 23 runs as one column, "before": its
own driver and screens, the figures to compare with.) On your turn each kind of key is pressed (a move, chips up, a digit, * shown and hidden,
# for a preset) and timed from the key to show()'s last byte written, with the bytes it
sent; then show() alone for a whole changed frame and for an unchanged one.

Where it runs: CPython (default; times for scale only), a unix-port micropython
(--micropython or $MICROPYTHON: the game's source files), or the qemu port's Cortex-M0
image (--qemu-image or $MICROPYTHON_QEMU, the game frozen in: build it from this
checkout; qemu-system-arm's -icount shift=0 makes the guest's microseconds thousands of
instructions, shown as RP2040 ms at 2.0 cycles an instruction and 125 MHz, plus the SPI
time of the bytes at the handset's 12 MHz: firmware/boards/handset/board.py says why).
"""
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CPI = 2.0               # RP2040 cycles an M0 instruction, the high end (tools/mp/qemu.py)
MHZ = 125
SPI_HZ = 12_000_000
KINDS = ("move", "chips", "digit", "star on", "star off", "preset")
REPEAT = 5

# Runs on the interpreter measured: prints "@ variant kind us bytes rows" lines.
GUEST = r"""
import time
from drivers import st7735
from drivers import keys as K
try:
    _us = time.ticks_us
    _diff = time.ticks_diff
except AttributeError:
    _us = lambda: int(time.perf_counter() * 1000000)
    _diff = lambda a, b: a - b


class _Pin:
    def __call__(self, v=None):
        return 0


class _Bus:
    def __init__(self):
        self.n = 0

    def write(self, buf):
        self.n += len(buf)


st7735.sleep_ms = lambda ms: None
_bus = _Bus()
_legacy = not hasattr(st7735, "band_plain")     # a driver from before issue 23
if _legacy:
    _lcd = st7735.ST7735(_bus, _Pin(), _Pin())
    _native = None
else:
    _lcd = st7735.ST7735(_bus, _Pin(), _Pin(), clock=lambda: 0)
    _native = st7735.NATIVE


def _rows():
    return _bus.n // 256 if _legacy else _lcd.rows


def _whole(frame, sigs, y):
    # the old path: every row, always (no signatures)
    return 160 if y == 0 else (160 << 8) | 160


def use(variant):
    if _legacy:
        return
    if variant == "native":
        _lcd._band, _lcd._expand = _native
    elif variant == "plain":
        _lcd._band, _lcd._expand = st7735.band_plain, None
    else:
        _lcd._band, _lcd._expand = _whole, None
    _lcd.refresh()
    _lcd.show()


import app
a = app.App(_lcd, seed=5)
a.start()


def settle():
    n = 0
    while a.idle() and n < 100000:
        n += 1


for code in (K.OK, K.SL):
    a.key(code)
    settle()
n = 0
while not a.trace().startswith("table turn") and n < 1000:
    a.key(K.OK)
    settle()
    n += 1
t = a.screen
while t.legal[t.sel][1] >= t.legal[t.sel][2]:
    a.key(K.DOWN)
    settle()


def timed(variant, kind, code):
    t0 = _us()
    n0 = _bus.n
    r0 = _rows()
    a.key(code)
    us = _diff(_us(), t0)
    print("@", variant, kind.replace(" ", "_"), us, _bus.n - n0, _rows() - r0)
    settle()


variants = ("before",) if _legacy else ("old", "plain", "native") if _native else \
    ("old", "plain")
for variant in variants:
    use(variant)
    for _ in range(%(repeat)d):
        timed(variant, "move", K.DOWN)
        a.key(K.UP)
        settle()
        timed(variant, "chips", K.RIGHT)
        a.key(K.LEFT)
        settle()
        timed(variant, "digit", K.D0 + 1)
        a.key(K.DOWN)
        a.key(K.UP)
        settle()
        timed(variant, "star on", K.STAR)
        timed(variant, "star off", K.STAR)
        timed(variant, "preset", K.HASH)
        a.key(K.DOWN)
        a.key(K.UP)
        settle()
    for _ in range(%(repeat)d):
        _lcd.fill(1)
        _lcd.show()
        _lcd.fill(3)
        for kind in ("show_all", "show_same"):
            t0 = _us()
            n0 = _bus.n
            r0 = _rows()
            _lcd.show()
            print("@", variant, kind, _diff(_us(), t0), _bus.n - n0, _rows() - r0)
    a.screen.draw(a.fb)
    _lcd.show()
print("@done")
""" % {"repeat": REPEAT}


def run_cpython():
    from tools.sim import core  # noqa: F401  (puts firmware/, lib/, hostlib on sys.path)
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(GUEST, "panel_guest", "exec"), {"__name__": "panel_guest"})
    return out.getvalue()


def run_unix(binary):
    code = ("import sys\nsys.path[:0] = [%r, %r]\n" % (
        os.path.join(ROOT, "firmware"), os.path.join(ROOT, "lib"))) + GUEST
    run = subprocess.run([binary, "-X", "heapsize=2M", "-c", code], capture_output=True,
                         text=True, timeout=1200)
    if run.returncode:
        raise RuntimeError(run.stdout[-2000:] + run.stderr[-2000:])
    return run.stdout


def run_qemu(image, script=None, done="@done"):
    """What `script` (default: the benchmark's) prints in the qemu guest of `image`."""
    cmd = ["qemu-system-arm", "-machine", "microbit", "-global",
           "nrf51-soc.flash-size=1048576", "-global", "nrf51-soc.sram-size=524288",
           "-icount", "shift=0,sleep=off", "-nographic", "-monitor", "null",
           "-semihosting", "-serial", "stdio", "-kernel", image]
    feed = "\r\x03\x03\x01" + (script or GUEST) + "\x04" + \
        "import machine\nmachine.reset()\n\x04"
    run = subprocess.run(cmd, input=feed.encode(), capture_output=True, timeout=1800)
    out = run.stdout.decode("utf-8", "replace").replace("\r", "")
    if done not in out:
        raise RuntimeError("the guest did not finish:\n" + out[-3000:])
    return out


def parse(out):
    """{(variant, kind): [(us, bytes, rows), ...]}"""
    got = {}
    for line in out.splitlines():
        if line.startswith("@ "):
            _, variant, kind, us, nbytes, rows = line.split()
            got.setdefault((variant, kind.replace("_", " ")), []).append(
                (int(us), int(nbytes), int(rows)))
    return got


def report(got, where, qemu):
    variants = [v for v in ("before", "old", "plain", "native") if (v, "move") in got]
    unit = "RP2040 ms (CPU at %.1f cycles/instr + SPI at %d MHz)" % (CPI, SPI_HZ // 10**6) \
        if qemu else "us of CPU on this machine (no SPI)"
    print("show() and the keys on your turn, %s: %s" % (where, unit))
    print("median of %d; bytes and rows sent by the key (or the show)" % REPEAT)
    head = "%-10s" % "key" + "".join("%26s" % v for v in variants)
    print(head)
    for kind in KINDS + ("show all", "show same"):
        cells = []
        for v in variants:
            rows = got.get((v, kind))
            if not rows:
                cells.append("%26s" % "-")
                continue
            us = statistics.median(r[0] for r in rows)
            nbytes = statistics.median(r[1] for r in rows)
            nrows = statistics.median(r[2] for r in rows)
            if qemu:
                cpu = us * CPI / MHZ
                spi = nbytes * 8 * 1000 / SPI_HZ
                cells.append("%26s" % ("%.1f+%.1f=%.1f %6dB %3dr" % (
                    cpu, spi, cpu + spi, nbytes, nrows)))
            else:
                cells.append("%26s" % ("%dus %6dB %3dr" % (us, nbytes, nrows)))
        print("%-10s" % kind + "".join(cells))
    if qemu:
        v = variants[-1]
        for kinds in (("move", "chips", "digit"), KINDS):
            times = sorted(r[0] * CPI / MHZ + r[1] * 8 * 1000 / SPI_HZ
                           for k in kinds for r in got[(v, k)])
            print("%s, %s path: median %.1f ms, worst %.1f ms" % (
                " / ".join(kinds) if len(kinds) < 4 else "every key above", v,
                statistics.median(times), times[-1]))


def main(argv=None):
    from tools.common.hosttool import parser
    ap = parser(__doc__)
    ap.add_argument("--micropython", default=os.environ.get("MICROPYTHON", ""),
                    help="a unix-port micropython binary (default $MICROPYTHON)")
    ap.add_argument("--qemu-image", default=os.environ.get("MICROPYTHON_QEMU", ""),
                    help="the qemu port's image with the game frozen in ($MICROPYTHON_QEMU)")
    ap.add_argument("--qemu-before", default="",
                    help="a second image, of a tree from before issue 23, run first")
    args = ap.parse_args(argv)
    report(parse(run_cpython()), "CPython", False)
    if args.micropython:
        if not os.access(args.micropython, os.X_OK):
            print("panel: --micropython %s is not an executable file" % args.micropython,
                  file=sys.stderr)
            return 2
        print()
        report(parse(run_unix(args.micropython)), "unix port " + args.micropython, False)
    if args.qemu_before:
        print()
        report(parse(run_qemu(args.qemu_before)), "qemu Cortex-M0 " + args.qemu_before, True)
    if args.qemu_image:
        if not os.path.isfile(args.qemu_image):
            print("panel: --qemu-image %s is not a file" % args.qemu_image, file=sys.stderr)
            return 2
        print()
        report(parse(run_qemu(args.qemu_image)), "qemu Cortex-M0 " + args.qemu_image, True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
