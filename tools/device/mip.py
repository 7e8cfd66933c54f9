#!/usr/bin/env python3
"""Write the mip packages (MicroPython's package.json format) that `mpremote mip install`
reads, from the files tools/device/build.py puts on a device.

    lib/package.json                       the rules library alone: svara/ into /lib
    firmware/boards/<board>/package.json   the whole game for that board, svara included

Every URL is relative to its package.json, so the same files install from a checkout
(`mpremote mip install lib/package.json`) or from the repository
(`mpremote mip install github:OWNER/REPO/lib`). The root package.json is npm's (the
MicroPython under test), not mip's. --check only says whether the files are up to date
(exit 1 when not), as the tests do.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

from tools.device import build  # noqa: E402
from tools.common.hosttool import fail, parser  # noqa: E402


def version(src=ROOT):
    """svara.version.VERSION, read without importing the package."""
    with open(os.path.join(src, "lib", "svara", "version.py"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("VERSION = "):
                return line.split("=", 1)[1].strip().strip("\"'")
    raise RuntimeError("no VERSION in lib/svara/version.py")


def _package(files, folder, src):
    """The package.json text for [(source path, path on the device)] seen from folder."""
    urls = [[rel, os.path.relpath(path, folder).replace(os.sep, "/")] for path, rel in files]
    rows = ",\n".join("  " + json.dumps(u) for u in urls)
    return '{\n "urls": [\n%s\n ],\n "version": %s\n}\n' % (rows, json.dumps(version(src)))


def packages(src=ROOT):
    """{path of a package.json: its text} for the library and every board."""
    out = {}
    board0 = build.boards(src)[0]
    lib = [(p, r) for p, r in build.device_sources(board0, src) if r.startswith("svara/")]
    folder = os.path.join(src, "lib")
    out[os.path.join(folder, "package.json")] = _package(lib, folder, src)
    for board in build.boards(src):
        folder = os.path.join(src, "firmware", "boards", board)
        out[os.path.join(folder, "package.json")] = _package(
            build.device_sources(board, src), folder, src)
    return out


def main(argv=None):
    ap = parser(__doc__,
                                 epilog="Run it after adding, removing or renaming a module.")
    ap.add_argument("--check", action="store_true",
                    help="only check that the package files are up to date (exit 1 if not)")
    args = ap.parse_args(argv)
    stale = []
    for path, text in sorted(packages().items()):
        old = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                old = f.read()
        if old == text:
            continue
        stale.append(os.path.relpath(path, ROOT))
        if not args.check:
            with open(path + ".tmp", "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(path + ".tmp", path)
            print("wrote", os.path.relpath(path, ROOT))
    if args.check and stale:
        return fail("out of date: %s (run tools/device/mip.py)" % ", ".join(stale), 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
