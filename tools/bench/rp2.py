#!/usr/bin/env python3
"""Time on the handset's own firmware on an emulated Pico (rp2040js, tools/mp/rp2.py):
start to the title, keys on the person's turn to the last SPI byte of the frame that
answers them (a move, a digit on the table's amount, * shown and hidden; each press at a
random phase of the keypad's 10 ms poll), and a bot round's CPU share.

    MICROPYTHON_RP2=firmware.uf2 RP2040_BOOTROM=bootrom.bin python3 -m tools.bench.rp2 [--turns N]

Targets (issue 40): a move or a digit <= 20 ms median and <= 30 ms worst, * <= 40 ms.
Without MICROPYTHON_RP2 and RP2040_BOOTROM it says what it skipped and exits 0 (make
bench goes on); exit 1 when a target is missed.
"""
import sys


def main(argv=None):
    from tools.common.hosttool import parser, whole
    from tools.mp import rp2, rp2_bench
    ap = parser(__doc__)
    ap.add_argument("--turns", type=whole(1), default=6,
                    help="the person's turns to press keys on (default 6)")
    ap.add_argument("--rng", type=whole(0), default=1, help="the presses' phases' seed")
    args = ap.parse_args(argv)
    why = rp2.missing()
    if why:
        print("python -m tools.bench.rp2: skipped: " + why)
        return 0
    try:
        res = rp2_bench.measure(turns=args.turns, rng=args.rng)
    except rp2.EmulatorError as e:
        print("python -m tools.bench.rp2: %s" % e, file=sys.stderr)
        return 1
    return 0 if rp2_bench.report(res) else 1


if __name__ == "__main__":
    sys.exit(main())
