#!/usr/bin/env python3
"""The handset simulator.

    python3 -m tools.sim [--keys "OK DOWN OK ..." | --keys @file] [--seed N]
                         [--shots DIR] [--scale N] [--trace] [--save-dir DIR]
                         [--micropython [--heap BYTES] [--frozen]]

With no --keys: a window titled "Svara" shows the handset, the screen scaled up (x3 by
default) and a keypad below it that you can click. PC keys: arrows, Enter or Space = OK,
F1 / F2 = left / right soft key, F3 = call, Esc or Backspace = end, 0-9, * and #.
Without a display it refuses (exit 2) instead of hanging.

The window runs at the handset's pace: after a key, idle() every 10 ms by the clock, so
bots think and their moves show on their rows as long as on the handset (Bot pace).

With --keys: runs headless (SDL's dummy video driver), presses the keys one by one; after
each key the screen settles at once (bots' moves and pop-ups run to their end) before
the next key and its frame.
  --shots DIR  writes DIR/0000.png (the first frame) and DIR/NNNN.png after key NNNN,
               at 1x (128 x 160, the panel's own pixels) unless --scale N is given
  --trace      prints a line per step: number, key, and the screen's trace() (its
               name; during play whose turn it is, the stacks and the pot)
Key names: SL SR UP DOWN LEFT RIGHT OK CALL END 0-9 STAR HASH (commas also separate;
@file reads them from a file, # starts a comment).

--seed N      makes the deals repeatable (the app's game seeds come from N)
--save-dir DIR  keeps the saves (settings, statistics, the game in progress, the last
              games' history) in DIR, as the handset keeps them in /saves; the window
              uses build/saves by default; a --keys run without it keeps them in memory
              for the run (History shows the games before, Continue works) and writes
              nothing to disk
--micropython runs the same firmware under MicroPython 1.27 (WebAssembly, tools/mp/wasm.py),
              one call per key, reading the 4-bit frame back after each;
--heap BYTES  its heap size (8192 to 16777216): exits 3 saying so if the heap had to
              grow past it.
--frozen      the frozen-build model (tools/mp/frozen.py): every module the handset freezes
              is loaded first and kept, and the code that a frozen build keeps in flash
              is added to the heap, so --heap is the frozen build's heap
Exit status: 0 fine, 1 the firmware failed (or a screen never settled), 2 bad usage or
no display, 3 heap grew.
"""
import os
import stat
import sys
import tempfile

from tools.sim import core as simcore  # noqa: E402  (puts firmware/, lib/ and tools/common/hostlib on sys.path)

HEAP_MIN = 8192             # the WebAssembly port crashes below a few KB ...
HEAP_MAX = 16 << 20         # ... and far above what a handset has
KEYS_MAX = 1 << 20          # bytes of a --keys @file (a key name is a few bytes)


class UsageError(Exception):
    pass


def parse_args(argv):
    opts = {"keys": None, "seed": None, "shots": None, "scale": None, "trace": False,
            "micropython": False, "heap": None, "save_dir": None, "frozen": False}
    args = list(argv)
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            print(__doc__)
            sys.exit(0)
        if a in ("--trace", "--micropython", "--frozen"):
            opts[a[2:]] = True
            continue
        if a not in ("--keys", "--seed", "--shots", "--scale", "--heap", "--save-dir"):
            raise UsageError("unknown option %s" % a)
        if not args:
            raise UsageError("%s needs a value" % a)
        value = args.pop(0)
        if a in ("--seed", "--scale", "--heap"):
            if not value.isdigit():
                raise UsageError("%s takes a whole number, not %r" % (a, value))
            value = int(value)
        opts[a[2:].replace("-", "_")] = value
    if opts["heap"] is not None and not opts["micropython"]:
        raise UsageError("--heap goes with --micropython")
    if opts["frozen"] and not opts["micropython"]:
        raise UsageError("--frozen goes with --micropython")
    if opts["scale"] is not None and not 1 <= opts["scale"] <= 8:
        raise UsageError("--scale takes 1 to 8")
    if opts["heap"] is not None and not HEAP_MIN <= opts["heap"] <= HEAP_MAX:
        raise UsageError("--heap takes %d to %d bytes, not %d" % (HEAP_MIN, HEAP_MAX,
                                                                  opts["heap"]))
    return opts


def writable_folder(option, path, beside=()):
    """Make the folder for --shots or --save-dir and write a file in it (os.access is
    not enough: root passes it on /proc, where no file can be made); the folders
    `beside` it (the saves' pairs' own) must be writable or makeable too. UsageError
    saying why not."""
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise UsageError("%s %s: cannot make that folder (%s)" % (
            option, path, e.strerror or e))
    if not os.path.isdir(path) or not os.access(path, os.W_OK | os.X_OK):
        raise UsageError("%s %s: not a folder this user can write in" % (option, path))
    for folder in (path,) + tuple(beside):
        if os.path.lexists(folder) and not os.path.isdir(folder):
            raise UsageError("%s %s: %s is there and is not a folder" % (option, path, folder))
        probe = folder if os.path.isdir(folder) else os.path.dirname(os.path.abspath(folder))
        try:
            fd, name = tempfile.mkstemp(prefix=".svara-probe-", dir=probe)
            os.close(fd)
            os.remove(name)
        except OSError as e:
            raise UsageError("%s %s: no file can be written in %s (%s)" % (
                option, path, probe, e.strerror or e))


def _kind(mode):
    """What a file that is not a regular one is, in words, by its st_mode."""
    for test, what in ((stat.S_ISDIR, "folder"), (stat.S_ISFIFO, "FIFO (named pipe)"),
                       (stat.S_ISCHR, "character device"), (stat.S_ISBLK, "block device"),
                       (stat.S_ISSOCK, "socket")):
        if test(mode):
            return what
    return "special file"


def read_keys(arg):
    """The text of --keys (simcore.read_keys_arg), a @file at most KEYS_MAX bytes."""
    if not arg.startswith("@"):
        return arg
    path = arg[1:]
    # Only a regular file, checked before open(): a FIFO's open() waits for a writer,
    # a device's reads may never end.
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise UsageError("--keys @%s: a %s, not a regular file of key names" % (
            path, _kind(mode)))
    with open(path, "rb") as f:
        data = f.read(KEYS_MAX + 1)
    if len(data) > KEYS_MAX:
        raise UsageError("--keys @%s: more than %d bytes, not a file of key names" % (
            path, KEYS_MAX))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError("--keys @%s: not UTF-8 text" % path)
    if "\x00" in text:
        raise UsageError("--keys @%s: holds NUL bytes, not a file of key names" % path)
    return " ".join(line.split("#", 1)[0] for line in text.splitlines())


def headless(opts, codes):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    shots = opts["shots"]
    scale = opts["scale"] or 1
    if shots:
        import pygame
        os.makedirs(shots, exist_ok=True)

    def each(i, code, runner):
        if opts["trace"]:
            print("%04d %-5s %s" % (i, simcore.key_name(code) if code else "-", runner.trace()),
                  flush=True)
        if shots:
            pygame.image.save(simcore.surface_of(runner.frame(), scale),
                              os.path.join(shots, "%04d.png" % i))

    save_dir = opts["save_dir"]
    if save_dir is None:
        save_dir = simcore.MEMORY       # saves for the run only, as the handset keeps them
    result = simcore.run(codes, seed=opts["seed"], micropython=opts["micropython"],
                         heap=opts["heap"], each=each, save_dir=save_dir,
                         frozen=opts["frozen"], keep=False)   # shots and traces go out in `each`
    if opts["micropython"] and opts["heap"] and result.heap_grew:
        print("python -m tools.sim: the MicroPython heap had to grow past --heap %d%s (GC total %d -> %d)"
              % (opts["heap"], " + the code (frozen-build model)" if opts["frozen"] else "",
                 result.heap[0], result.heap[1]), file=sys.stderr)
        return 3
    return 0


def main(argv):
    try:
        opts = parse_args(argv)
        codes = None
        if opts["keys"] is not None:
            codes = simcore.parse_keys(read_keys(opts["keys"]))
    except (UsageError, ValueError) as e:
        print("python -m tools.sim: %s (see --help)" % " ".join(str(e).split()), file=sys.stderr)
        return 2
    except OSError as e:
        print("python -m tools.sim: --keys %s: %s" % (opts["keys"], e.strerror or e), file=sys.stderr)
        return 2
    try:
        if opts["shots"] is not None:
            writable_folder("--shots", opts["shots"])
        if opts["save_dir"] is not None:
            writable_folder("--save-dir", opts["save_dir"], [
                host for _, host in simcore.save_folders(opts["save_dir"])[1:]])
    except UsageError as e:
        print("python -m tools.sim: %s" % e, file=sys.stderr)
        return 2
    try:
        if codes is not None:
            return headless(opts, codes)
        from tools.sim.window import play
        if opts["save_dir"] is None:
            opts["save_dir"] = os.path.join(simcore.ROOT, "build", "saves")
        return play(opts)
    except simcore.SettleError as e:
        print("python -m tools.sim: %s" % e, file=sys.stderr)
        return 1
    except Exception as e:
        from tools.mp.wasm import MicroPythonError
        if isinstance(e, MicroPythonError):
            print("python -m tools.sim: the firmware failed under MicroPython:\n" + e.out + e.traceback,
                  file=sys.stderr)
            return 1
        raise


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
