#!/usr/bin/env python3
"""Type-check the handset's code against MicroPython's stubs, with mypy.

    python3 -m tools.device.typecheck

Checks lib/svara and firmware/ as MicroPython 1.27 sees them: the standard library is
micropython-stdlib-stubs and machine/framebuf/micropython come from the rp2 port's
stubs, both installed into typings/ by `make typings` (pinned in the Makefile). The
reference board's board.py is the `board` that main.py imports; every other board file
is checked on its own. The simulator's CPython-only tools are not checked here.
Exit status: mypy's (0: no errors), 2 when typings/ is missing.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TYPINGS = os.path.join(ROOT, "typings")
CACHE = os.path.join(ROOT, "build", ".mypy_cache")
REFERENCE_BOARD = "handset"
# Codes that flag untyped-but-correct MicroPython idioms: a `const` or `sleep_ms`
# fallback defined in an `except ImportError:` branch (misc), and empty module-level
# lists filled later (var-annotated).
DISABLED = ("misc", "var-annotated")


def mypy(files, board):
    path = os.pathsep.join([
        TYPINGS, os.path.join(ROOT, "firmware"), os.path.join(ROOT, "lib"),
        os.path.join(ROOT, "firmware", "boards", board)])
    cmd = [sys.executable, "-m", "mypy", "--custom-typeshed-dir", TYPINGS,
           "--python-version", "3.11", "--cache-dir", CACHE, "--no-site-packages",
           "--explicit-package-bases", "--namespace-packages", "--no-error-summary",
           "--exclude", r"firmware/manifest\.py|firmware/boards/|lib/svara/__main__\.py"]
    for code in DISABLED:
        cmd += ["--disable-error-code", code]
    env = dict(os.environ, MYPYPATH=path)
    proc = subprocess.run(cmd + files, cwd=ROOT, env=env, capture_output=True, text=True)
    # Errors inside the stub packages themselves are theirs, not ours.
    lines = [ln for ln in proc.stdout.splitlines()
             if ln.strip() and not ln.startswith(os.path.relpath(TYPINGS, ROOT))
             and not ln.startswith(TYPINGS)]
    return lines


def main(argv=None):
    from tools.common.hosttool import parser
    parser(__doc__).parse_args(argv)
    if not os.path.isfile(os.path.join(TYPINGS, "machine.pyi")):
        print("python -m tools.device.typecheck: no MicroPython stubs in typings/: run `make typings`",
              file=sys.stderr)
        return 2
    problems = mypy(["firmware", "lib/svara"], REFERENCE_BOARD)
    boards = os.path.join(ROOT, "firmware", "boards")
    for name in sorted(os.listdir(boards)):
        if os.path.isfile(os.path.join(boards, name, "board.py")):
            problems += mypy(["firmware/boards/%s/board.py" % name], name)
    errors = [ln for ln in problems if ": error:" in ln]
    for line in problems:
        print(line)
    print("typecheck: %d error(s) in firmware/ and lib/svara (mypy, MicroPython stubs)"
          % len(errors))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
