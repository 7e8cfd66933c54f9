#!/usr/bin/env python3
"""What the game costs a handset: the .mpy size of every module, the flash the game
needs, and the heap in use right after start-up under MicroPython 1.27.

    python3 -m tools.bench.device [--board handset] [--block 4096]

Sizes come from a fresh build (tools/device/build.py, into build/bench-<board>); the flash
figure rounds every file up to whole filesystem blocks (4096 bytes on the rp2 and esp32
littlefs), as the device stores them. The heap figure runs main.py's start-up (board
display, keypad, App, first screen drawn) from the compiled .mpy files of the virtual
board under the WebAssembly port, then collects and reads gc.mem_alloc(); the reference
board's ST7735 adds a 256-byte line buffer and a 32-byte palette to that.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tools.device import build as buildtool  # noqa: E402
from tools.mp.wasm import MicroPython  # noqa: E402

START_UP = """\
import gc
gc.collect()
import board
_display = board.display()
_pad = board.keypad()
from app import App
_app = App(_display)
_app.start()
"""


def sizes(board, block):
    out = os.path.join(ROOT, "build", "bench-" + board)
    listing = buildtool.build(board, out, log=None)
    flash = sum((s + block - 1) // block * block for _, s in listing)
    return out, listing, flash


def heap_after_start(build_dir):
    """gc.mem_alloc() after main.py's start-up, running the compiled build."""
    with MicroPython(heap=256 * 1024, trees=()) as mp:
        for folder, _, files in os.walk(build_dir):
            for name in files:
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, build_dir).replace(os.sep, "/")
                mp.put_file(path, "/lib/" + rel)
        before = mp.mem_alloc()
        mp.exec(START_UP)
        after = mp.mem_alloc()
        mp.exec("import sys\n_m = [m for m in sys.modules]")
        loaded = int(mp.exec("print(len(_m))"))
    return before, after, loaded


def main(argv=None):
    from tools.common.hosttool import parser, whole
    ap = parser(__doc__)
    ap.add_argument("--board", default="handset", choices=buildtool.boards(),
                    help="the board to size (default handset)")
    ap.add_argument("--block", type=whole(1), default=4096,
                    help="the filesystem's block size in bytes (default 4096)")
    args = ap.parse_args(argv)
    board, block = args.board, args.block
    _, listing, flash = sizes(board, block)
    print("== the game on a handset (board %s, MicroPython %s) ==" % (
        board, buildtool.DEVICE_VERSION))
    width = max(len(n) for n, _ in listing)
    for name, size in listing:
        print("  %s  %6d bytes" % (name.ljust(width), size))
    total = sum(s for _, s in listing)
    print("  %s  %6d bytes in %d files" % ("total".ljust(width), total, len(listing)))
    print("  flash needed: %d bytes (%d KiB) in %d-byte blocks; twice that while make "
          "flash keeps the old copy beside the new" % (flash, flash // 1024, block))
    virtual_dir, _, _ = sizes("virtual", block)
    before, after, loaded = heap_after_start(virtual_dir)
    print("  heap after start-up: %d bytes in use (%d before; %d modules loaded; "
          "virtual board, .mpy files)" % (after, before, loaded))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
