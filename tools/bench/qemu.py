#!/usr/bin/env python3
"""Speed on the handset's own processor: the game in MicroPython's qemu port, counted in
Cortex-M0 instructions and converted to RP2040 milliseconds.

    MICROPYTHON_QEMU=/path/to/firmware.elf python3 -m tools.bench.qemu [--rounds N]

Runs tools/mp/qemu.py's `bench` on the image you built (MicroPython 1.27's ports/qemu,
BOARD=MICROBIT, the game frozen in: see the README) and prints its table: start to the
title with saves, each kind of key on the table to the finished frame on the panel (CPU
and SPI), the bots' rounds against their pacing, their decisions by level and table
size, and the * key's chances by opponents; the model (RP2040 cycles per M0 instruction,
125 MHz, the panel's 12 MHz SPI as board.py asks it, the firmware on handset time) is
printed with it. Without MICROPYTHON_QEMU it says how to get the image and exits 0
(make bench goes on).
"""
import sys


def main(argv=None):
    from tools.common.hosttool import parser, whole
    from tools.mp import qemu
    ap = parser(__doc__)
    ap.add_argument("--rounds", type=whole(1), default=4,
                    help="bot rounds per table size and level (default 4)")
    ap.add_argument("--positions", type=whole(1), default=40,
                    help="bot decisions per level and table size (default 40)")
    args = ap.parse_args(argv)
    path = qemu.image()
    why = qemu.missing(path)
    if why:
        print("python -m tools.bench.qemu: skipped: " + why)
        return 0
    return qemu.main(["bench", "--rounds", str(args.rounds), "--positions", str(args.positions)])


if __name__ == "__main__":
    sys.exit(main())
