#!/usr/bin/env python3
"""A long session on the real C MicroPython: a million keys in one run, no restart.

    python -m tools.stress.soak --micropython PATH [--mode frozen|mpy|romfs]
                                [--heap BYTES] [--keys N] [--seed S] [--mix NAME ... | --each]

`make soak MICROPYTHON=... MICROPYTHON_MPY=...` runs the frozen game in 44 KB and the .mpy
game in 116 KB, a tenth under docs/MEMORY.md's targets (48 and 128 KB), with --each: the
four mixes in turns, then each mix alone for the whole run (not in CI: each run is
minutes, ten runs in all). The keys go to the app as a handset's
loop gives them (tools/mp/unix_keys.py on a unix-port micropython you built, 32-bit:
docs/MEMORY.md), one process with a fixed heap whose collector runs inside it, saving to
a folder as the handset does; the app is never started again, as a player who plays for
hours without switching off. A MemoryError anywhere (the app's guard catches it) or a
chip that goes missing fails the run.

The keys are the mixes below in turns of 10,000 keys (a player who changes style), each
turn from its own seed; none is tools/stress/fuzz.py's mix:
  uniform  every one of the 21 keys equally likely;
  player   what a person at the table does: OK bursts, calls, amounts typed and
           confirmed, `#` presets then OK, `*` for chances, runs of one arrow, and a trip
           to the play menu (SR, a few moves, OK, then the red key back) now and then;
  menus    the menus more than the table: title, settings (languages switched, rows
           changed), rules pages, history, statistics, names, in and out with SL/SR/END;
  hotseat  New game set to two to four people and a bot, then the covers and the turns
           of several people (OK to uncover, then moves), with new matches.
Exit status: 0 every key went through, 1 a failure (its key, screen and traceback are
printed), 2 bad usage or no binary.
"""
import os
import random
import subprocess
import sys

from tools.common.hosttool import parser, whole
from tools.mp import unix

from tools.sim import core as _simcore  # noqa: F401  (puts firmware/ on sys.path, once)
from drivers import keys as K  # noqa: E402

TURN = 10000
HEAP = {"frozen": 44 * 1024, "mpy": 116 * 1024, "romfs": 96 * 1024}   # a tenth under the targets
MIXES = ("uniform", "player", "menus", "hotseat")
DIGITS = tuple(range(K.D0, K.D0 + 10))
ARROWS = (K.UP, K.DOWN, K.LEFT, K.RIGHT)


def _uniform(rng, out, n):
    while len(out) < n:
        out.append(rng.randrange(1, len(K.NAMES)))


def _player(rng, out, n):
    while len(out) < n:
        r = rng.random()
        if r < 0.30:
            out += [K.OK] * rng.randrange(1, 5)
        elif r < 0.45:
            out.append(K.CALL)
        elif r < 0.60:                      # an amount typed, then confirmed
            out += [rng.choice(DIGITS) for _ in range(rng.randrange(1, 4))] + [K.OK]
        elif r < 0.68:
            out += [K.HASH] * rng.randrange(1, 4) + [K.OK]
        elif r < 0.72:
            out.append(K.STAR)
        elif r < 0.85:                      # a run of one arrow
            out += [rng.choice(ARROWS)] * rng.randrange(3, 9)
        elif r < 0.93:                      # the play menu and back
            out += [K.SR] + [rng.choice((K.UP, K.DOWN))] * rng.randrange(0, 6) + [K.OK]
            out += [rng.choice(ARROWS) for _ in range(rng.randrange(0, 4))] + [K.END]
        else:
            out.append(rng.choice((K.SL, K.END, K.OK)))


def _menus(rng, out, n):
    while len(out) < n:
        r = rng.random()
        if r < 0.35:
            out += [rng.choice(ARROWS) for _ in range(rng.randrange(1, 7))]
        elif r < 0.55:
            out.append(K.OK)
        elif r < 0.70:
            out.append(rng.choice((K.SL, K.SR)))
        elif r < 0.85:
            out.append(K.END)
        elif r < 0.95:                      # a row changed by its left and right
            out += [rng.choice((K.LEFT, K.RIGHT))] * rng.randrange(1, 4)
        else:
            out.append(rng.choice(DIGITS))


def _hotseat(rng, out, n):
    while len(out) < n:
        if rng.random() < 0.04:             # New game: 2..4 people, then Play
            out += [K.END, K.END, K.OK] + [K.RIGHT] * rng.randrange(1, 4) + [K.SL]
        r = rng.random()
        if r < 0.45:
            out.append(K.OK)
        elif r < 0.65:
            out.append(K.CALL)
        elif r < 0.80:
            out += [rng.choice(DIGITS), K.OK]
        elif r < 0.90:
            out.append(rng.choice(ARROWS))
        else:
            out.append(rng.choice((K.HASH, K.STAR, K.SR, K.END)))


_MAKE = {"uniform": _uniform, "player": _player, "menus": _menus, "hotseat": _hotseat}


def key_codes(n, seed, mixes=MIXES):
    """n key codes: the mixes in turns of TURN keys, each turn from its own seed."""
    out = bytearray()
    turn = 0
    while len(out) < n:
        chunk = []
        _MAKE[mixes[turn % len(mixes)]](random.Random(seed * 1000003 + turn), chunk,
                                        min(TURN, n - len(out)))
        out += bytes(chunk[:min(TURN, n - len(out))])
        turn += 1
    return bytes(out)


def soak(path, mode, heap, n, seed, mixes, log=print):
    """Press n keys in one run; (completed, the driver's last line, its output's tail)."""
    with unix.Runner(path, mode) as r:
        why = r.check_frozen()
        if why:
            raise ValueError(why)
        keyfile = os.path.join(r._dir, "keys.bin")
        with open(keyfile, "wb") as f:
            f.write(key_codes(n, seed, mixes))
        folder = os.path.join(r._dir, "saves")
        os.makedirs(folder)
        args = [keyfile, seed, 0, folder]
        if r.image:
            args += [r.image[1], r.image[0]]
        env = dict(os.environ, MICROPYPATH=r.search)
        proc = subprocess.Popen(r.command(unix.DRIVER, args, heap), env=env, cwd=r._cwd,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        tail = []
        for line in proc.stdout:
            line = line.rstrip("\n")
            if line.startswith("keys="):
                done = int(line[5:])
                if done % 50000 == 0:
                    log("  %s: %d of %d keys" % (mode, done, n))
                continue
            tail = (tail + [line])[-60:]
        proc.wait()
        # The driver's verdict (DONE or FAIL), not the heap's state it prints after a FAIL.
        said = [ln for ln in tail if ln.startswith(("DONE ", "FAIL "))]
        last = said[-1] if said else (tail[-1] if tail else "")
        return proc.returncode == 0 and last.startswith("DONE"), last, "\n".join(tail)


def main(argv=None):
    ap = parser(__doc__)
    ap.add_argument("--micropython", default=os.environ.get("MICROPYTHON"),
                    help="the unix-port micropython (default $MICROPYTHON)")
    ap.add_argument("--mode", choices=("frozen", "mpy", "romfs"), default="frozen")
    ap.add_argument("--heap", type=whole(8192),
                    help="bytes of heap (default 44 KB frozen, 116 KB mpy, 96 KB romfs)")
    ap.add_argument("--keys", type=whole(1, float), default=1000000,
                    help="how many keys (default 1,000,000)")
    ap.add_argument("--seed", type=whole(0), default=1)
    ap.add_argument("--mix", action="append", choices=MIXES,
                    help="only these mixes, in turn (default all four)")
    ap.add_argument("--each", action="store_true",
                    help="five runs: the four mixes in turn, then each mix alone")
    args = ap.parse_args(argv)
    why = unix.missing(unix.binary(args.micropython)) if args.micropython else \
        "name the micropython binary: --micropython PATH or MICROPYTHON=PATH"
    if why:
        print("%s: %s" % (ap.prog, why), file=sys.stderr)
        return 2
    heap = args.heap or HEAP[args.mode]
    runs = [tuple(args.mix or MIXES)]
    if args.each:
        runs = [MIXES] + [(m,) for m in MIXES]
    failed = 0
    for mixes in runs:
        print("soak: %d keys (%s, turns of %d), %s, heap %d bytes, seed %d" % (
            args.keys, " ".join(mixes), TURN, args.mode, heap, args.seed), flush=True)
        try:
            ok, last, tail = soak(unix.binary(args.micropython), args.mode, heap, args.keys,
                                  args.seed, mixes, log=lambda s: print(s, flush=True))
        except ValueError as e:
            print("%s: %s" % (ap.prog, e), file=sys.stderr)
            return 2
        print("soak %s %s in %d bytes: %s" % (args.mode, "+".join(mixes), heap, last), flush=True)
        if not ok:
            print(tail)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
