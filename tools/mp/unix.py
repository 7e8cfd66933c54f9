#!/usr/bin/env python3
"""Run the game on a unix-port `micropython` binary that you name, with a fixed heap.

    python3 -m tools.mp.unix [--micropython PATH] [--mode frozen|mpy|romfs|source]
                            [--heap BYTES | --bisect] [--keys N] [--seed S] RUN ...

RUN is `match` (the 4-player match of host_tests/keys/bots4.keys, saving every action),
`fuzz` (N random keys, default 10,000: the key mix of tools/stress/fuzz.py, restarting the app
every 2,500 keys, saves in a folder) or `checks` (every host_tests/mpchecks module, each
test_* function on its own, PASS/FAIL lines). The binary is --micropython or the
MICROPYTHON environment variable; it is not part of this project: build MicroPython's
unix port from its own sources (its ports/unix/README.md), 32-bit so that objects are
the size they are on a Cortex-M (the README says which flags the figures used).

--mode says where the game's code comes from:
  frozen  frozen into the binary (built with FROZEN_MANIFEST naming the game's modules,
          as firmware/manifest.py does, and drivers/simdisplay.py): code and constants
          stay in the binary as they stay in a handset's flash;
  mpy     the .mpy files `make build` puts on a handset (tools/device/build.py, virtual
          board), loaded into the heap as a handset loads them from its filesystem;
  romfs   the ROMFS image of those .mpy files (tools/device/build.py), as a board with a ROMFS
          partition runs them: in place, their code and constants read from the image
          (MicroPython 1.25+). This port has no ROM partition, so the driver reads the
          image into the heap's first block, which never moves or goes, and mounts it
          at /rom (vfs.VfsRom, the board's own ROMFS code); the run's -X heapsize is
          BYTES plus that block (its 16-byte blocks and their share of the GC's
          tables), so BYTES is the heap the game has beside the image;
  source  the .py files of lib/ and firmware/ (the default for checks).

The run is one process with `-X heapsize=BYTES` (default 48 KB frozen, 128 KB mpy):
this port's garbage collector runs inside it whenever the heap runs short, as a
handset's does, so a MemoryError is the real failure (the app's guard catches it:
it is reported with its traceback and the heap's state). --bisect finds the smallest
heap (to 256 bytes) that completes the run and prints it with the failure just below.

--frozen-check only says whether the game is frozen into the binary (exit 0 if so).

Exit status: 0 the runs completed (or passed), 1 one failed, 2 bad usage or no binary.
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DRIVER = os.path.join(HERE, "unix_keys.py")
CHECKS = os.path.join(ROOT, "host_tests", "mpchecks")
MATCH_KEYS = os.path.join(ROOT, "host_tests", "keys", "bots4.keys")
MATCH_SEED = 14
RESTART_EVERY = 2500
MODES = ("frozen", "mpy", "romfs", "source")
DEFAULT_HEAP = {"frozen": 48 * 1024, "mpy": 128 * 1024, "romfs": 96 * 1024,
                "source": 1 << 20}
BISECT_STEP = 256
GC_BLOCK = 16       # bytes in a block of the heap (32-bit builds)
TIMEOUT = 3600


def binary(given=None):
    """The micropython binary to run: `given`, else $MICROPYTHON; None when neither."""
    path = given or os.environ.get("MICROPYTHON", "")
    return path or None


def missing(path):
    """Why `path` cannot be run as the unix micropython, or "" when it can."""
    if not path:
        return ("no unix-port micropython named: set MICROPYTHON=/path/to/micropython "
                "(build it from MicroPython's sources, ports/unix)")
    if not os.path.isfile(path) or not os.access(path, os.X_OK):
        return "MICROPYTHON=%s is not an executable file" % path
    return ""


class Result:
    """How one run on the binary went: ok, memory (the failure was a MemoryError),
    keys (keys pressed), last (its last line) and out (everything it printed)."""

    def __init__(self, ok, memory, keys, last, out):
        self.ok = ok
        self.memory = memory
        self.keys = keys
        self.last = last
        self.out = out

    def __repr__(self):
        return "Result(ok=%r, memory=%r, keys=%r, last=%r)" % (
            self.ok, self.memory, self.keys, self.last)


def parse_output(out, returncode):
    """A Result from what the driver (tools/mp/unix_keys.py) printed and its exit status."""
    lines = [ln for ln in out.splitlines() if ln.strip()]
    done = [ln for ln in lines if ln.startswith("DONE ")]
    fail = [ln for ln in lines if ln.startswith("FAIL ")]
    keys = 0
    last = fail[0] if fail else (done[-1] if done else (lines[-1] if lines else ""))
    for word in last.split():
        if word.startswith("key=") or word.startswith("keys="):
            keys = int(word.split("=", 1)[1])
    if done and not fail and returncode == 0:
        return Result(True, False, keys, last, out)
    # A MemoryError the app caught, or one outside it (at start, before the app's guard).
    memory = ("MEMORY " in last) or (not fail and "MemoryError" in out)
    if not fail:
        for ln in reversed(lines):
            if "Progress" not in ln and not ln.startswith("keys="):
                last = ln
                break
        keys = max([int(ln[5:]) for ln in lines if ln.startswith("keys=")] or [0])
    return Result(False, memory, keys, last, out)


class Runner:
    """The game on one micropython binary in one mode; build() stages what it needs."""

    def __init__(self, path, mode="frozen"):
        if mode not in MODES:
            raise ValueError("mode %r: one of %s" % (mode, ", ".join(MODES)))
        why = missing(path)
        if why:
            raise ValueError(why)
        self.path = path
        self.mode = mode
        self._dir = tempfile.mkdtemp(prefix="svara-unix-")
        self.image = None       # romfs: (path, size) of the ROMFS image
        self._cwd = self._dir   # where the binary runs (mpy: the game's folder)
        self.search = self._stage()
        self._frozen_driver = None  # frozen mode: is unix_keys frozen in too (driver_frozen)

    def _stage(self):
        """MICROPYPATH for the mode (folders joined by ':')."""
        if self.mode == "frozen":
            # The simulator's display driver (host-only) must be frozen too: a package
            # (drivers) comes from one folder only.
            return ".frozen"
        if self.mode == "source":
            return os.path.join(ROOT, "lib") + ":" + os.path.join(ROOT, "firmware")
        from tools.device import build
        out = os.path.join(self._dir, "mpy")
        build.build("virtual", out=out, log=lambda *a: None)
        build.compile_module(os.path.join(ROOT, "firmware", "drivers", "simdisplay.py"),
                             "drivers/simdisplay.py",
                             os.path.join(out, "drivers", "simdisplay.mpy"))
        if self.mode == "romfs":
            data = build.romfs_image(out)
            path = os.path.join(self._dir, "game.romfs")
            with open(path, "wb") as f:
                f.write(data)
            self.image = (path, len(data))
            shutil.rmtree(out)
            return "/rom:/rom/lib"      # the driver sets it itself, after the mount
        # Run in the game's folder and import from ".", as a handset runs the game from
        # the folder its boot.py changes into (tools/device/flash.py): a module's __file__,
        # which MicroPython interns for good, is then "./ui/table.mpy" as it is
        # "ui/table.mpy" there, not this staging folder's 40-character absolute path.
        self._cwd = out
        return "."

    def rom_extra(self):
        """The heap the ROMFS image takes in --mode romfs (0 otherwise): its bytearray's
        blocks and, per 16-byte block, the GC's 3/8 of a byte of tables (2 bits of
        allocation table and 1 of finaliser table), rounded up to 64 bytes."""
        if self.image is None:
            return 0
        blocks = 1 + -(-self.image[1] // GC_BLOCK)    # the object, then its bytes
        return -(-(blocks * GC_BLOCK * 8 + blocks * 3) // 8 // 64) * 64

    def driver_frozen(self):
        """Frozen mode: whether the binary has the driver (unix_keys) frozen in beside the
        game. A handset's main.py is frozen with the game, so its code takes no heap; the
        driver stands in for main.py and, run from source, would put about 2 KB of its own
        bytecode into the heap the game is measured in (docs/MEMORY.md)."""
        if self.mode != "frozen":
            return False
        if self._frozen_driver is None:
            probe = os.path.join(self._dir, "modules.py")
            with open(probe, "w") as f:
                f.write("help('modules')\n")
            code, out = self.run(probe, heap=1 << 20, search=".frozen")
            self._frozen_driver = code == 0 and "unix_keys" in out.split()
        return self._frozen_driver

    def command(self, script, args=(), heap=None):
        """The command line that runs `script` with `heap` bytes of heap (the driver
        from the binary, as a module, where it is frozen in)."""
        cmd = [self.path]
        if heap:
            cmd += ["-X", "heapsize=%d" % (heap + self.rom_extra())]
        if script == DRIVER and self.driver_frozen():
            return cmd + ["-m", "unix_keys"] + [str(a) for a in args]
        return cmd + [script] + [str(a) for a in args]

    def run(self, script, args=(), heap=None, search=None):
        """(exit status, output) of `script` on the binary; stderr joins stdout."""
        env = dict(os.environ, MICROPYPATH=search or self.search)
        proc = subprocess.run(self.command(script, args, heap), env=env, cwd=self._cwd,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=TIMEOUT)
        return proc.returncode, proc.stdout.decode("utf-8", "replace")

    def check_frozen(self):
        """"" if the game is frozen into the binary (mode frozen), else why not."""
        if self.mode != "frozen":
            return ""
        probe = os.path.join(self._dir, "probe.py")
        with open(probe, "w") as f:
            f.write("import app, svara, ui.title, i18n, drivers.simdisplay\nprint(app.__file__)\n")
        code, out = self.run(probe, heap=1 << 20, search=".frozen")
        if code or "/" in out.strip():
            return ("%s has no frozen game (import app from .frozen: %s): build it with "
                    "FROZEN_MANIFEST naming firmware/manifest.py's modules and "
                    "drivers/simdisplay.py" % (self.path, out.strip().splitlines()[-1:]))
        return ""

    def keys(self, codes, heap, seed, restart=0, saves=True):
        """Press `codes` (bytes) with `heap`; a Result. Saves go into a fresh folder."""
        keyfile = os.path.join(self._dir, "keys.bin")
        with open(keyfile, "wb") as f:
            f.write(bytes(codes))
        folder = os.path.join(self._dir, "saves")
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        args = (keyfile, seed, restart, folder if saves else "-")
        if self.image:
            args += (self.image[1], self.image[0])
        code, out = self.run(DRIVER, args, heap)
        return parse_output(out, code)

    def import_cost(self, module, heap=1 << 20):
        """The heap (bytes, after gc.collect()) that importing `module` takes in this
        mode (romfs: from the image mounted as the driver mounts it), or None."""
        script = os.path.join(self._dir, "cost.py")
        lines = ["import gc, sys"]
        if self.image:
            lines += ["_rom = bytearray(%d)" % self.image[1],
                      "f = open(%r, 'rb')" % self.image[0], "f.readinto(_rom)",
                      "f.close()", "f = None", "import vfs",
                      "vfs.mount(vfs.VfsRom(_rom), '/rom')"]
        lines += ["gc.collect()", "a = gc.mem_alloc()", "import %s" % module,
                  "gc.collect()", "print('COST', gc.mem_alloc() - a)"]
        with open(script, "w") as f:
            f.write("\n".join(lines) + "\n")
        code, out = self.run(script, heap=heap)
        got = [ln.split()[1] for ln in out.splitlines() if ln.startswith("COST ")]
        return int(got[0]) if code == 0 and got else None

    def match(self, heap):
        return self.keys(match_codes(), heap, MATCH_SEED)

    def fuzz(self, heap, n=10000, seed=1):
        return self.keys(fuzz_codes(n, seed), heap, seed, RESTART_EVERY)

    def checks(self, names=None, heap=None):
        """[(module, test, passed, text)] for the mpchecks modules (all by default)."""
        names = names or sorted(f[:-3] for f in os.listdir(CHECKS) if f.endswith("_checks.py"))
        search = ":".join((CHECKS, os.path.join(ROOT, "host_tests", "fakes"), self.search))
        rows = []
        for name in names:
            script = os.path.join(self._dir, "run_%s.py" % name)
            with open(script, "w") as f:
                f.write(check_script(name, test_names(os.path.join(CHECKS, name + ".py"))))
            code, out = self.run(script, heap=heap or DEFAULT_HEAP["source"], search=search)
            seen = set()
            for line in out.splitlines():
                if line.startswith(("PASS ", "FAIL ")):
                    test = line.split()[1]
                    seen.add(test)
                    rows.append((name, test, line.startswith("PASS"), ""))
                elif rows and not rows[-1][2] and rows[-1][0] == name:
                    rows[-1] = rows[-1][:3] + (rows[-1][3] + line + "\n",)
            if code and not any(not r[2] for r in rows if r[0] == name):
                rows.append((name, "(module)", False, out[-2000:]))
        return rows

    def close(self):
        shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def qstr_warning(path, mode):
    """A warning when .mpy runs go on a binary with the game frozen in: the game's names
    (qstrs) are then in the binary, not in the heap, and the figures come out lower than
    on a board without the game frozen (measured: the match 100 KB instead of 117 KB)."""
    if mode not in ("mpy", "romfs"):
        return ""
    with Runner(path, "frozen") as probe:
        if probe.check_frozen():
            return ""
    return ("%s has the game frozen in: its names are in the binary, so the .mpy figures "
            "are lower than a board's; measure .mpy files on a binary without the game" % path)


def test_names(path):
    """The test_* functions of a check module, in file order (read as text)."""
    with open(path, encoding="utf-8") as f:
        return [ln[4:ln.index("(")] for ln in f if ln.startswith("def test_")]


def check_script(module, names):
    """A script that imports a check module and runs each test, a line per test."""
    lines = ["import gc, sys", "import %s as _m" % module]
    for n in names:
        lines += ["gc.collect()", "try:", "    _m.%s()" % n, "    print('PASS %s')" % n,
                  "except Exception as e:", "    print('FAIL %s')" % n,
                  "    sys.print_exception(e, sys.stdout)"]
    return "\n".join(lines) + "\n"


def match_codes():
    """The key codes of host_tests/keys/bots4.keys (the match of seed 14)."""
    from tools.sim import core as simcore
    return bytes(simcore.parse_keys(simcore.read_keys_arg("@" + MATCH_KEYS)))


def fuzz_codes(n, seed):
    """tools/stress/fuzz.py's n key codes for `seed`."""
    from tools.stress import fuzz
    return fuzz.key_codes(n, seed)


def bisect(attempt, low, high, step=BISECT_STEP, log=None):
    """The smallest heap in [low, high] (a multiple of `step`) at which attempt(heap)
    gives an ok Result, found by halving, with the Results seen: (heap or None, {heap:
    Result}). None when even `high` fails; log(heap, Result) after each run. The heap's fragmentation makes the outcome
    not quite monotonic in the heap: the figure is where this search lands, with the
    run just below it failing."""
    seen = {}

    def ok(h):
        if h not in seen:
            seen[h] = attempt(h)
            if log:
                log(h, seen[h])
        return seen[h].ok

    low = low // step * step
    high = -(-high // step) * step
    if not ok(high):
        return None, seen
    if ok(low):
        return low, seen
    while high - low > step:
        mid = (low + high) // 2 // step * step
        if ok(mid):
            high = mid
        else:
            low = mid
    return high, seen


def _kb(n):
    return "%.2f KB" % (n / 1024.0)


def report_bisect(name, mode, heap, seen, step=BISECT_STEP):
    """The lines that say what a bisection found."""
    if heap is None:
        top = max(seen)
        return ["%s, %s: fails even at %d bytes: %s" % (name, mode, top, seen[top].last)]
    lines = ["%s, %s: smallest heap that completes: %d bytes (%s)" % (name, mode, heap, _kb(heap))]
    below = seen.get(heap - step)
    if below is not None:
        lines.append("  at %d bytes: %s after %d keys: %s" % (
            heap - step, "MemoryError" if below.memory else "failed", below.keys, below.last))
        where = [ln.strip() for ln in below.out.splitlines() if ln.strip().startswith("File ")]
        if where:
            lines.append("  raised at: " + where[-1])
        sizes = [ln.strip() for ln in below.out.splitlines() if "max free sz" in ln]
        if sizes:
            lines.append("  heap then: " + sizes[-1])
    return lines


def main(argv):
    args = list(argv)
    path = None
    mode = None
    heap = None
    do_bisect = False
    n = 10000
    seed = 1
    runs = []
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            print(__doc__)
            return 0
        if a in ("--micropython", "--mode", "--heap", "--keys", "--seed"):
            if not args:
                print("python -m tools.mp.unix: %s needs a value (see --help)" % a, file=sys.stderr)
                return 2
            v = args.pop(0)
            if a == "--micropython":
                path = v
            elif a == "--mode":
                if v not in MODES:
                    print("python -m tools.mp.unix: --mode is one of %s" % ", ".join(MODES), file=sys.stderr)
                    return 2
                mode = v
            elif not v.isdigit():
                print("python -m tools.mp.unix: %s takes a whole number, not %r" % (a, v), file=sys.stderr)
                return 2
            elif a == "--heap":
                heap = int(v)
            elif a == "--keys":
                n = int(v)
            else:
                seed = int(v)
        elif a == "--bisect":
            do_bisect = True
        elif a == "--frozen-check":
            runs.append(a)
        elif a in ("match", "fuzz", "checks"):
            runs.append(a)
        else:
            print("python -m tools.mp.unix: unknown argument %r (see --help)" % a, file=sys.stderr)
            return 2
    if not runs:
        print("python -m tools.mp.unix: name a run: match, fuzz or checks (see --help)", file=sys.stderr)
        return 2
    path = binary(path)
    why = missing(path)
    if why:
        print("python -m tools.mp.unix: " + why, file=sys.stderr)
        return 2
    failed = 0
    for run in runs:
        if run == "--frozen-check":
            with Runner(path, "frozen") as r:
                why = r.check_frozen()
            print(why or "%s: the game is frozen in" % path)
            failed += bool(why)
            continue
        m = mode or ("source" if run == "checks" else "frozen")
        with Runner(path, m) as r:
            why = r.check_frozen()
            if why:
                print("python -m tools.mp.unix: " + why, file=sys.stderr)
                return 2
            warn = qstr_warning(path, m)
            if warn:
                print("python -m tools.mp.unix: warning: " + warn, file=sys.stderr)
            if run == "checks" and m == "romfs":
                print("python -m tools.mp.unix: checks run in --mode source, mpy or frozen, not romfs",
                      file=sys.stderr)
                return 2
            if run == "checks":
                rows = r.checks(heap=heap)
                for module, test, ok, text in rows:
                    print("%s %s.%s" % ("PASS" if ok else "FAIL", module, test))
                    if not ok:
                        print(text)
                bad = sum(1 for row in rows if not row[2])
                print("checks on %s (%s): %d passed, %d failed" % (path, m, len(rows) - bad, bad))
                failed += bad > 0
                continue
            name = "match (bots4.keys)" if run == "match" else "%d random keys (seed %d)" % (n, seed)

            def progress(h, res):
                print("  heap %6d: %s" % (h, "completes" if res.ok else "%s after %d keys" % (
                    "MemoryError" if res.memory else "FAILS", res.keys)), flush=True)

            def attempt(h):
                return r.match(h) if run == "match" else r.fuzz(h, n, seed)

            if do_bisect:
                top = heap or 4 * DEFAULT_HEAP[m]
                found, seen = bisect(attempt, 8 * 1024, top, log=progress)
                for line in report_bisect(name, m, found, seen):
                    print(line)
                sys.stdout.flush()
                failed += found is None
                continue
            h = heap or DEFAULT_HEAP[m]
            res = attempt(h)
            print("%s, %s, heap %d bytes: %s" % (name, m, h, res.last))
            if not res.ok:
                print(res.out[-3000:])
            failed += not res.ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
