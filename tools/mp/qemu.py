#!/usr/bin/env python3
"""Measure the game on MicroPython's qemu port: instructions of a Cortex-M0, the RP2040's.

    python3 -m tools.mp.qemu [--image ELF] [--qemu PATH] [--json] [bench|start|keys|rounds|
                             decide|odds|flash|profile|clock|run SCRIPT] [options]

The image is --image or the MICROPYTHON_QEMU environment variable: MicroPython 1.27's
ports/qemu built by you for BOARD=MICROBIT (the nRF51 model: a Cortex-M0, whose Thumb-1
instructions are the RP2040's) with the game frozen in (FROZEN_MANIFEST naming this
checkout's firmware/manifest.py), littlefs (MICROPY_VFS_LFS2=1) and the Thumb code emitter
on (viper/native: MICROPY_EMIT_THUMB=1, MICROPY_EMIT_INLINE_THUMB=1,
MICROPY_EMIT_THUMB_ARMV7M=0); the README says how the figures' image was built. The
project neither ships nor builds MicroPython. qemu-system-arm runs it as
  qemu-system-arm -machine microbit -global nrf51-soc.flash-size=1048576
      -global nrf51-soc.sram-size=524288 -icount shift=0,sleep=off -nographic
      -monitor null -semihosting -serial stdio -kernel ELF
and this tool talks to its raw REPL over the serial line. With -icount shift=0 the
guest's clock advances 1 ns per instruction, so time.ticks_us() in the guest counts
thousands of instructions ("k" below), the same on every run whatever the host's load
(`clock` checks it on an inline-assembler loop of 2,000,000 instructions). Sleeps pass
no instructions (the image waits with WFI) and, with sleep=off, no host time.

What runs in the guest is tools/mp/qemu_guest.py around the firmware's own code: app.App
and its screens, store.Store on littlefs (a RAM block device beyond the image), and the
real drivers/st7735.py on stand-in pins and an SPI bus that counts the bytes.

  bench   everything below but flash, and the table (make bench prints it)
  start   import app to the title drawn, with saves present (made first in the guest)
  keys    each kind of key on the table: a move, a digit, * (shown and hidden), OK, and
          OK on a result: the key, then idle() until settled; CPU of the handler (with its
          drawing into the frame), of show(), and the SPI bytes the driver wrote
  rounds  a whole bot round (the person's OK until his next turn) at 4 and 10 seats,
          every level: its length on the handset's clock against what Bot pace says,
          and the CPU's share of it
  decide  svara.bots.decide by level and table size (2, 4, 10 seats) over positions of
          seeded matches: median, 90th percentile, worst
  odds    svara.odds.tenths (the * key's figures) by number of opponents
  flash   a 30-game match (--games) with the app's saves on littlefs: bytes written,
          block erases, what a flash's endurance makes of it
  profile where a round's instructions go, call by call: a match at --seats seats of
          --level bots, OK on every turn and result; for each of the first --rounds
          rounds with at most --bots bot actions (default 1: the rounds that end at a
          result with one bot are the costliest for their pace), every app call (the
          key, each idle()) with when it began (handset ms from the key) and its CPU, and
          in it the app's, the session's, saving's, the store's, the screens' methods and
          the panel's show() that took 30 k or more (inclusive: a method's figure holds
          the ones it called; the timing wrappers' own work is in the figures, about a
          tenth of a round more than `rounds` measures)
  clock   the clock check alone
  run     run SCRIPT (a .py file) in the guest and print what it prints

RP2040 time = M0 instructions x 1.45 (low) to 2.0 (high) cycles / 125 MHz: 1.45 is
calibrated on a published RP2040 run (MicroPython 1.23, 125 MHz, an integer-add loop:
799 ms, 68.6 M instructions on this image), 2.0 allows for flash cache misses and the
collector; quote the high end against targets. SPI time = bytes x 8 / 12 MHz (the
panel's clock, firmware/boards/handset/board.py's SPI_BAUD: the rp2 port's clk_peri is
48 MHz, and pico-sdk's spi_set_baudrate gives 48 / 4 MHz for a 12 MHz request).
The saves' flash work: 45 ms a 4 KB sector erase, 0.4 ms a 256-byte page program (the
Pico's W25Q16JV, typical); the RAM block device's own time is left out of the CPU.
The firmware runs on HANDSET time: the guest's stand-in time.ticks_ms() counts 16 ns
(2.0 cycles / 125 MHz, the high end) an instruction, its sleep_ms(n) lasts n ms of that,
the app gets it as its clock (as main.py gives it time.ticks_ms), and the SPI bus and
the flash chip wait their time in it; so a bot round paced by the clock lasts on the
guest's clock what it would last on the handset, and its CPU's share is CPU / length.
docs/SPEED.md has the method and the figures.

Exit status: 0 done, 1 a measurement failed (the guest's error is printed), 2 bad usage,
no image or no qemu.
"""
import json
import os
import queue
import shutil
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GUEST = os.path.join(HERE, "qemu_guest.py")
QEMU = "qemu-system-arm"
MACHINE = ["-machine", "microbit", "-global", "nrf51-soc.flash-size=1048576",
           "-global", "nrf51-soc.sram-size=524288", "-icount", "shift=0,sleep=off",
           "-nographic", "-monitor", "null", "-semihosting", "-serial", "stdio"]
CPI = (1.45, 2.0)       # RP2040 cycles per M0 instruction: low, high
MHZ = 125
HANDSET_NS = CPI[1] * 1000 / MHZ    # handset ns an instruction at the high end: 16
SPI_HZ = 12_000_000     # firmware/boards/handset/board.py SPI_BAUD (what the handset gets)
SETTINGS = os.path.join(ROOT, "firmware", "settings.py")
PACES = ("slow", "normal", "fast")
TIMEOUT = 1800          # seconds of host time for one guest command
SEED = 5
LEVELS = ("Easy", "Normal", "Hard")
FLASH_CYCLES = 100_000  # erase cycles of a typical SPI NOR flash's sector
# The Pico's flash (Winbond W25Q16JV) stalls the RP2040 while it works: a 4 KB sector
# erase takes 45 ms (typical; 400 ms at most), a 256-byte page program 0.4 ms (3 ms).
ERASE_MS = 45
PAGE_MS = 0.4
PICO_FS_BLOCKS = 1408 * 1024 // 4096   # the rp2 port's filesystem on a Pico: 352 blocks
WHAT = ("bench", "start", "keys", "rounds", "decide", "odds", "flash", "profile", "clock",
        "run")


def image(given=None):
    """The qemu image to run: `given`, else $MICROPYTHON_QEMU; None when neither."""
    return given or os.environ.get("MICROPYTHON_QEMU", "") or None


def missing(path, qemu=QEMU):
    """Why the image cannot be run, or "" when it can."""
    if not path:
        return ("no qemu image named: set MICROPYTHON_QEMU=/path/to/firmware.elf (MicroPython "
                "1.27's ports/qemu, BOARD=MICROBIT, with the game frozen in: see the README)")
    if not os.path.isfile(path):
        return "qemu image %s: no such file" % path
    with open(path, "rb") as f:
        if f.read(4) != b"\x7fELF":
            return "qemu image %s is not an ELF file (ports/qemu's build-MICROBIT/firmware.elf)" % path
    if not shutil.which(qemu):
        return ("%s not found: install QEMU's ARM system emulator (Debian: apt-get install "
                "qemu-system-arm)" % qemu)
    return ""


def ms(k, cpi):
    """RP2040 milliseconds for k thousand M0 instructions at `cpi` cycles each."""
    return k * cpi / MHZ


def spi_ms(nbytes):
    return nbytes * 8 * 1000 / SPI_HZ


def handset_ms(guest_us):
    """Handset ms for `guest_us` of the guest's clock (HANDSET_NS a guest ns)."""
    return guest_us * HANDSET_NS / 1000


def pace_ms(path=SETTINGS):
    """What Bot pace says, read from firmware/settings.py: [(think ms, pop-up ms, the
    pot's slide ms)] by the setting's index (slow, normal, fast); [] for a tree before
    the clock's pacing (the slide 0 before it was paced)."""
    import ast
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    got = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for t in node.targets:
                if isinstance(t, ast.Name) and t.id in ("PACE_THINK", "PACE_POP", "PACE_POT"):
                    got[t.id] = node.value.value
    if "PACE_THINK" not in got or "PACE_POP" not in got:
        return []
    pot = got.get("PACE_POT", bytes(len(got["PACE_POP"])))
    return [(th * 10, po * 10, sl * 10) for th, po, sl in zip(got["PACE_THINK"], got["PACE_POP"], pot)]


def flash_ms(erases, written):
    """The flash chip's own time (typical) for `erases` sectors and `written` bytes."""
    return erases * ERASE_MS + -(-written // 256) * PAGE_MS


class GuestError(Exception):
    pass


class NotTheGame(GuestError):
    """The image runs but lacks what the measurement needs (the game frozen in, littlefs)."""


PROBE = """
try:
    import vfs
    vfs.VfsLfs2
except (ImportError, AttributeError):
    print("@probe missing=littlefs")
try:
    import app, drivers.st7735, store
except ImportError as e:
    print("@probe missing=game")
"""


class Guest:
    """qemu running the image, driven through its raw REPL."""

    def __init__(self, path, qemu=QEMU, log=None):
        self.log = log
        self.proc = subprocess.Popen([qemu] + MACHINE + ["-kernel", path],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT)
        self._q = queue.Queue()
        self._buf = b""
        self._line = b""
        threading.Thread(target=self._read, daemon=True).start()
        self.proc.stdin.write(b"\r\x03\x03\x01")
        self.proc.stdin.flush()
        self._until(b"raw REPL; CTRL-B to exit\r\n>", 60)

    def _read(self):
        out = self.proc.stdout
        while True:
            b = out.read1(4096)
            if not b:
                self._q.put(None)
                return
            self._q.put(b)

    def _until(self, mark, timeout, echo=False):
        """Bytes up to and without `mark` (consumed); GuestError on timeout or exit."""
        end = time.monotonic() + timeout
        while mark not in self._buf:
            left = end - time.monotonic()
            if left <= 0:
                raise GuestError("no answer from the guest in %d s (got %r)" % (timeout, self._buf[-300:]))
            try:
                b = self._q.get(timeout=left)
            except queue.Empty:
                continue
            if b is None:
                raise GuestError("qemu stopped (exit %s): %r" % (self.proc.wait(), self._buf[-300:]))
            if echo and self.log:
                self._line += b
                while b"\n" in self._line:
                    line, _, self._line = self._line.partition(b"\n")
                    if line.startswith(b"@"):
                        self.log(line.decode("utf-8", "replace").rstrip("\r"))
            self._buf += b
        i = self._buf.index(mark)
        got, self._buf = self._buf[:i], self._buf[i + len(mark):]
        return got

    def exec(self, code, timeout=TIMEOUT):
        """Run `code` in the guest: (its output, its error text)."""
        data = code.encode("utf-8") if isinstance(code, str) else code
        self.proc.stdin.write(data + b"\x04")
        self.proc.stdin.flush()
        self._until(b"OK", 120)
        out = self._until(b"\x04", timeout, echo=True)
        err = self._until(b"\x04>", 60)
        return (out.decode("utf-8", "replace").replace("\r", ""),
                err.decode("utf-8", "replace").replace("\r", ""))

    def soft_reset(self):
        """A soft reset (a fresh heap and no modules; the RAM block device stays)."""
        self.proc.stdin.write(b"\x04")
        self.proc.stdin.flush()
        self._until(b"raw REPL; CTRL-B to exit\r\n>", 60)

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write(b"import machine\nmachine.reset()\n\x04")
                self.proc.stdin.flush()
                self.proc.wait(10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def parse(out):
    """The "@what key=value ..." lines of the guest's output: [(what, {key: value})]."""
    rows = []
    for line in out.splitlines():
        if not line.startswith("@"):
            continue
        what, _, rest = line[1:].partition(" ")
        if what == "error":
            rows.append((what, {"text": rest}))
            continue
        d = {}
        for word in rest.split():
            k, _, v = word.partition("=")
            try:
                d[k] = int(v)
            except ValueError:
                d[k] = v
        rows.append((what, d))
    return rows


class Session:
    """One qemu run: the guest harness loaded, littlefs on the RAM block device."""

    def __init__(self, path, qemu=QEMU, log=None):
        self.guest = Guest(path, qemu, log)
        with open(GUEST, encoding="utf-8") as f:
            self.harness = f.read()
        self.rows = []
        try:
            self._probe(path)
        except BaseException:
            self.guest.close()
            raise

    def _probe(self, path):
        out, err = self.guest.exec(PROBE)
        if "missing=game" in out:
            raise NotTheGame("%s has no frozen game (import app, drivers.st7735, store failed): "
                             "build it with FROZEN_MANIFEST naming this checkout's "
                             "firmware/manifest.py" % path)
        if "missing=littlefs" in out:
            raise NotTheGame("%s has no littlefs (vfs.VfsLfs2): build it with MICROPY_VFS_LFS2=1"
                             % path)
        self.guest.soft_reset()     # the probe's imports gone: the start is measured fresh
        self.load(fresh=True)

    def load(self, fresh):
        self.run(self.harness + "\nmount(%s)\n" % fresh)

    def run(self, code):
        out, err = self.guest.exec(code)
        rows = parse(out)
        self.rows += rows
        errors = [r[1]["text"] for r in rows if r[0] == "error"]
        if err.strip() or errors:
            raise GuestError((err.strip() or "") + "\n".join(errors))
        return rows

    def restart(self):
        self.guest.soft_reset()
        self.load(fresh=False)

    def close(self):
        self.guest.close()


# --- the phases (host side) ------------------------------------------------------------------

def phase_play(s, seed=SEED, seats=(4, 10), levels=(0, 1, 2), rounds=2, key_turns=2):
    return s.run("bench_play(%d, %r, %r, %d, %d)" % (seed, tuple(seats), tuple(levels),
                                                      rounds, key_turns))


def phase_start(s, seed=SEED):
    """The saves first (a short match, its keys; the settings and two names typed), then
    a soft reset and the start."""
    if not any(r[0] == "round" for r in s.rows):
        s.run("bench_play(%d, (4,), (0,), 1, 0)" % seed)
    s.run("bench_saves()")
    s.restart()
    return s.run("bench_start()")


def phase_decide(s, seed=SEED, seats=(2, 4, 10), levels=(0, 1, 2), need=40):
    return s.run("bench_decide(%d, %r, %r, %d)" % (seed, tuple(seats), tuple(levels), need))


def phase_odds(s, seed=SEED, opponents=range(1, 10), hands=5):
    return s.run("bench_odds(%d, %r, %d)" % (seed, tuple(opponents), hands))


def phase_flash(s, seed=SEED, games=30):
    return s.run("flash_match(%d, %d)" % (seed, games))


def phase_profile(s, seed=SEED, seats=4, level=2, rounds=2, bots=1):
    return s.run("profile_rounds(%d, %d, %d, %d, %d)" % (seed, seats, level, rounds, bots))


def profile_text(rows):
    """The profile's rows as the lines a person reads."""
    out = []
    for what, d in rows:
        if what == "proround":
            out.append("round %d: %s to %s, %d bot action(s), CPU %d k (%.1f ms at 2.0 cycles), "
                       "%d ms long on the handset's clock" % (
                           d["round"], d["from"], d["to"], d["bots"], d["cpu"],
                           handset_ms(d["cpu"]), d["length_ms"]))
        elif what == "call":
            out.append("  at %5d ms  %7d k  %s" % (d["at_ms"], d["k"], d["screen"]))
        elif what == "part":
            out.append("      %-34s %7d k  x%d" % (d["name"], d["k"], d["n"]))
    return out


def phase_clock(s):
    return s.run("clock_check()")


# --- the report ---------------------------------------------------------------------------------

def pct(values, p):
    """The p-th percentile (nearest rank) of `values`."""
    v = sorted(values)
    k = max(0, min(len(v) - 1, -(-p * len(v) // 100) - 1))
    return v[k]


def both(k):
    """RP2040 ms at both ends of the model, "lo-hi"."""
    return "%s-%s" % (_f(ms(k, CPI[0])), _f(ms(k, CPI[1])))


def _f(x):
    return "%.0f" % x if x >= 100 else "%.1f" % x if x >= 1 else "%.2f" % x


def summarise(rows):
    """The figures, as a dict (what --json prints and the table shows)."""
    out = {"model": {"cpi": CPI, "mhz": MHZ, "spi_hz": SPI_HZ, "handset_ns": HANDSET_NS}}
    try:
        out["model"]["pace_ms"] = pace_ms()
    except (OSError, SyntaxError):
        out["model"]["pace_ms"] = []
    for what, d in rows:
        if what == "clock":
            out["clock"] = d
        elif what == "model":
            out["model"]["guest"] = d
        elif what == "heap":
            out.setdefault("heap_free", []).append(d["free"])
    start = {d.get("part"): d for what, d in rows if what == "start" and "part" in d}
    if start:
        out["start"] = {"display_k": start["display"]["k"],
                        "panel_waits_ms": (start["display"].get("waits_us", 0)
                                           + start["title"].get("waits_us", 0)) / 1000
                        if "waits_us" in start["display"] else start["display"]["waits_ms"],
                        "title_clock_ms": handset_ms(start["title"]["clock"])
                        if "clock" in start["title"] else None,
                        "title_k": start["title"]["k"], "title_show_k": start["title"]["show"],
                        "title_imports_k": start["title"].get("imports"),
                        "title_start_k": start["title"].get("start"),
                        "title_gc_k": start["title"].get("gc"),
                        "title_spi": start["title"]["spi"],
                        "files": [d["files"] for w, d in rows if w == "start" and "files" in d]}
    keys = {}
    for what, d in rows:
        if what == "key":
            keys.setdefault(d["kind"], []).append(d)
    if keys:
        out["keys"] = {}
        for kind, ds in keys.items():
            if kind in ("ok", "result"):    # to the first frame: what follows is the round
                got = [d for d in ds if d["first"] >= 0]
                cpu = [d["first"] for d in got]
                spi = [d["first_spi"] for d in got]
                fl = [flash_ms(d["first_erases"], d["first_written"]) for d in got]
            else:                           # to the last frame of the key's settling
                cpu = [d["last"] if d["last"] >= 0 else d["cpu"] for d in ds]
                spi = [d["spi"] for d in ds]
                fl = [flash_ms(d["erases"], d["written"]) for d in ds]
            panel = [ms(c, CPI[1]) + spi_ms(b) + f for c, b, f in zip(cpu, spi, fl)]
            low = [ms(c, CPI[0]) + spi_ms(b) + f for c, b, f in zip(cpu, spi, fl)]
            if not panel:
                continue
            out["keys"][kind] = {
                "n": len(ds), "to_frame_k_median": statistics.median(cpu),
                "to_frame_k_worst": max(cpu),
                "spi_median": statistics.median(spi),
                "flash_ms_median": statistics.median(fl),
                "handler_k_median": statistics.median(d["cpu"] - d["show"] for d in ds),
                "show_k_median": statistics.median(d["show"] for d in ds),
                "shows_median": statistics.median(d["shows"] for d in ds),
                "save_k_median": statistics.median(d["save"] for d in ds),
                "gc_k_median": statistics.median(d["gc"] for d in ds),
                "panel_ms_low_median": statistics.median(low),
                "panel_ms_high_median": statistics.median(panel), "panel_ms_high_worst": max(panel)}
    rounds = {}
    for what, d in rows:
        if what == "round" and d["decisions"]:
            rounds.setdefault((d["seats"], d["level"], d["from"], d.get("to", "")), []).append(d)
    if rounds:
        out["rounds"] = []
        for (seats, level, frm, to), ds in sorted(rounds.items()):
            # The round's length on the handset: the guest's clock in handset time (the
            # CPU at the high end, the loop's sleeps, the SPI bus's and the flash's waits),
            # less the RAM block device's own copying (art: rp2.Flash's work is C).
            length = [handset_ms(d["clock"] - d.get("art", 0)) for d in ds]
            share = [ms(d["cpu"], CPI[1]) / max(n, 1e-9) for d, n in zip(ds, length)]
            # What Bot pace says: each bot action thinks, then shows its pop-up; a game's
            # result then slides the pot to the winner (settings.PACE_POT).
            said = [d["decisions"] * (d["think_ms"] + d["pop_ms"]) + d.get("slide_ms", 0)
                    for d in ds if d.get("think_ms", -1) >= 0]
            ratio = [n / s for n, s in zip(length, said) if s]
            out["rounds"].append({
                "seats": seats, "level": LEVELS[level], "from": frm, "to": to, "n": len(ds),
                "cpu_k_median": statistics.median(d["cpu"] for d in ds),
                "cpu_k_worst": max(d["cpu"] for d in ds),
                "decide_k_median": statistics.median(d["decide"] for d in ds),
                "show_k_median": statistics.median(d["show"] for d in ds),
                "save_k_median": statistics.median(d["save"] for d in ds),
                "gc_k_median": statistics.median(d["gc"] for d in ds),
                "shows_median": statistics.median(d["shows"] for d in ds),
                "bots_median": statistics.median(d["decisions"] for d in ds),
                "spi_ms_median": statistics.median(spi_ms(d["spi"]) for d in ds),
                "flash_ms_median": statistics.median(flash_ms(d["erases"], d["written"]) for d in ds),
                "slept_ms_median": statistics.median(handset_ms(d["slept"]) for d in ds),
                "length_ms_median": statistics.median(length), "length_ms_worst": max(length),
                "said_ms_median": statistics.median(said) if said else None,
                "length_of_said_median": statistics.median(ratio) if ratio else None,
                "length_of_said_low": min(ratio) if ratio else None,
                "length_of_said_high": max(ratio) if ratio else None,
                "cpu_share_high_median": statistics.median(share),
                "cpu_share_high_worst": max(share)})
    dec = {}
    for what, d in rows:
        if what == "decide":
            dec.setdefault((d["level"], d["seats"]), []).append(d["k"])
    if dec:
        out["decide"] = [{"level": LEVELS[lv], "seats": n, "n": len(ks),
                          "median_k": statistics.median(ks), "p90_k": pct(ks, 90), "worst_k": max(ks)}
                         for (lv, n), ks in sorted(dec.items())]
    odds = {}
    for what, d in rows:
        if what == "odds":
            odds.setdefault(d["opponents"], []).append(d["k"])
    if odds:
        out["odds"] = [{"opponents": o, "n": len(ks), "median_k": statistics.median(ks),
                        "worst_k": max(ks)} for o, ks in sorted(odds.items())]
    for what, d in rows:
        if what == "flash":
            out["flash"] = d
    return out


def table(sm):
    """The report's lines."""
    L = []
    L.append("Model: RP2040 ms = k (thousand M0 instructions) x %.2f (low) .. %.1f (high) / %d MHz;"
             % (CPI[0], CPI[1], MHZ))
    L.append("       SPI ms = bytes x 8 / %g MHz (board.py's SPI_BAUD); `ms` columns are low-high, targets"
             " read the high end." % (SPI_HZ / 1e6))
    L.append("       The firmware runs on handset time: ticks_ms() = guest instructions x %.0f ns (%.1f cycles"
             " / %d MHz)," % (sm["model"].get("handset_ns", HANDSET_NS), CPI[1], MHZ))
    L.append("       its sleeps, the SPI bus's and the flash chip's waits in that time; the app's clock is it.")
    g = sm["model"].get("guest")
    if g and not g.get("clocked"):
        L.append("       (this image's App takes no clock: its table paces as it did, not by the clock)")
    pm = sm["model"].get("pace_ms")
    if pm:
        L.append("       Bot pace (firmware/settings.py PACE_THINK / PACE_POP / PACE_POT, ui/table.py,"
                 " ui/showdown.py): %s; a bot action = think + pop-up, a game's result + the pot's slide."
                 % ", ".join("%s %d + %d, %d ms" % (PACES[i], t, p, sl)
                             for i, (t, p, sl) in enumerate(pm[:3])))
    c = sm.get("clock")
    if c:
        L.append("Clock check: %d instructions (asm loop) read as %d us in the guest (1 us = 1,000 instructions)."
                 % (c["instructions"], c["us"]))
    st = sm.get("start")
    if st:
        L.append("")
        L.append("Start (saves present: %s)" % ",".join(st["files"]))
        L.append("  panel init (driver CPU)        %8d k  %s ms, plus %s ms of panel waits (here or at the"
                 " first show())" % (st["display_k"], both(st["display_k"]), _f(st["panel_waits_ms"])))
        L.append("  import app .. title drawn      %8d k  %s ms of CPU (its show() %d k, SPI %s ms)"
                 % (st["title_k"], both(st["title_k"]), st["title_show_k"], _f(spi_ms(st["title_spi"]))))
        if st.get("title_imports_k") is not None:
            L.append("    of which: import app and App() %d k, App.start() %d k (its saves read, the title"
                     " drawn), gc %d k"
                     % (st["title_imports_k"], st["title_start_k"], st["title_gc_k"]))
        if st.get("title_clock_ms"):
            L.append("  .. on the handset's clock      %s ms (the CPU, the panel's waits, the SPI, the flash)"
                     % _f(st["title_clock_ms"]))
    if sm.get("keys"):
        L.append("")
        L.append("Keys on the table, key to the finished frame on the panel (medians; k = thousand instructions):")
        L.append("  %-9s %3s %10s %8s %6s %7s %5s %8s %8s %15s %8s" % (
            "key", "n", "handler k", "show k", "shows", "save k", "gc k", "SPI ms", "flash ms",
            "to panel ms", "worst"))
        for kind in ("move", "digit", "star", "star_off", "ok", "result"):
            k = sm["keys"].get(kind)
            if not k:
                continue
            L.append("  %-9s %3d %10d %8d %6.0f %7d %5d %8s %8s %15s %8s" % (
                kind, k["n"], k["handler_k_median"], k["show_k_median"], k["shows_median"],
                k["save_k_median"], k["gc_k_median"], _f(spi_ms(k["spi_median"])),
                _f(k["flash_ms_median"]),
                "%s-%s" % (_f(k["panel_ms_low_median"]), _f(k["panel_ms_high_median"])),
                _f(k["panel_ms_high_worst"])))
        L.append("  handler = the key and idle() calls less show() (its drawing into the frame, the saves"
                 " and gc among it);")
        L.append("  to panel = CPU to the end of the last frame's show() + the SPI of the frames + the flash"
                 " chip's")
        L.append("  erases (%d ms) and page programs (%.1f ms, W25Q16JV typical) of the saves; ok/result:"
                 " to the FIRST frame" % (ERASE_MS, PAGE_MS))
        L.append("  (the person's action drawn / the next game's table; the bots' round after it is below).")
    if sm.get("rounds"):
        L.append("")
        L.append("Bot rounds: the person's OK (on his turn, or on a result) until he is asked again"
                 " (at his turn, or on the")
        L.append("  game's result: the result screen's work, its saves and drawing, comes after the"
                 " last pop-up), medians; worst, at Bot pace normal:")
        L.append("  %5s %-7s %-13s %2s %4s %9s %8s %8s %7s %6s %6s %7s %7s %8s %15s %8s %15s %11s" % (
            "seats", "level", "from > to", "n", "bots", "CPU k", "decide k", "save k", "show k", "gc k",
            "shows", "SPI ms", "flash ms", "slept ms", "length ms", "said ms", "length/said", "CPU share"))
        for r in sm["rounds"]:
            said = r["said_ms_median"]
            L.append("  %5d %-7s %-13s %2d %4.0f %9d %8d %8d %7d %6d %6.0f %7s %7s %8s %15s %8s %15s %11s" % (
                r["seats"], r["level"], "%s > %s" % (r["from"], r.get("to") or "?"), r["n"], r["bots_median"], r["cpu_k_median"],
                r["decide_k_median"], r["save_k_median"], r["show_k_median"], r["gc_k_median"],
                r["shows_median"],
                _f(r["spi_ms_median"]), _f(r["flash_ms_median"]), _f(r["slept_ms_median"]),
                "%s; %s" % (_f(r["length_ms_median"]), _f(r["length_ms_worst"])),
                _f(said) if said else "-",
                "%.2f (%.2f-%.2f)" % (r["length_of_said_median"], r["length_of_said_low"],
                                      r["length_of_said_high"]) if said else "-",
                "%.1f%%; %.1f%%" % (100 * r["cpu_share_high_median"], 100 * r["cpu_share_high_worst"])))
        L.append("  CPU k = the whole round's, the person's OK among it (its save); decide, save (saving._save,"
                 " _erase), show, gc: parts of it;")
        L.append("  length = the round on the handset's clock (the guest's clock in handset time less the RAM"
                 " block device's")
        L.append("  own copying: CPU at the high end, the loop's 10 ms sleeps, the SPI bus and the flash chip);"
                 " said = bots x")
        L.append("  (think + pop-up) of the pace setting, + the pot's slide when the round ends at a game's"
                 " result;")
        L.append("  CPU share = CPU (high) / length (issue 23: <= 10%, the"
                 " length within")
        L.append("  10% of what the pace says).")
    if sm.get("decide"):
        L.append("")
        L.append("Bot decisions (svara.bots.decide), positions of seeded matches:")
        L.append("  %-7s %5s %4s %10s %10s %10s %22s" % ("level", "seats", "n", "median k", "p90 k",
                                                       "worst k", "ms median; worst"))
        for d in sm["decide"]:
            L.append("  %-7s %5d %4d %10d %10d %10d %22s" % (
                d["level"], d["seats"], d["n"], d["median_k"], d["p90_k"], d["worst_k"],
                "%s; %s" % (both(d["median_k"]), both(d["worst_k"]))))
    if sm.get("odds"):
        L.append("")
        L.append("* chances (svara.odds.tenths) by opponents:")
        L.append("  %9s %3s %10s %10s %22s" % ("opponents", "n", "median k", "worst k", "ms median; worst"))
        for d in sm["odds"]:
            L.append("  %9d %3d %10d %10d %22s" % (d["opponents"], d["n"], d["median_k"], d["worst_k"],
                                                  "%s; %s" % (both(d["median_k"]), both(d["worst_k"]))))
    f = sm.get("flash")
    if f:
        L.append("")
        L += flash_lines(f)
    return L


def flash_lines(f):
    """What a match's saves cost the flash, and what that means for its endurance."""
    games = max(1, f["games"])
    per_match = f["erased"] * 30.0 / games
    worst = f["worst_block"] * 30.0 / games
    L = ["Flash: %d games, %d saves by the app (littlefs, %d blocks of %d bytes, progsize 256):"
         % (f["games"], f["saves"], f["blocks"], f["block_size"]),
         "  written %d bytes in %d writes, %d block erases (%d of the %d blocks erased, the most %d times),"
         " read %d bytes" % (f["written"], f["writes"], f["erased"], f["blocks_erased"], f["blocks"],
                             f["worst_block"], f["read"]),
         "  a 30-game match: %.0f erases, %.0f KB written; files: %s" % (
             per_match, f["written"] * 30.0 / games / 1024, f["files"])]
    if per_match:
        even = FLASH_CYCLES * PICO_FS_BLOCKS / per_match
        L.append("  endurance at %d erase cycles a sector: spread over a Pico's %d-block filesystem"
                 " (littlefs levels wear)" % (FLASH_CYCLES, PICO_FS_BLOCKS))
        L.append("  about %.0f matches; if only the %d blocks erased here took the wear, %.0f;"
                 " the most-erased block alone: %.0f" % (
                     even, f["blocks_erased"], FLASH_CYCLES * f["blocks_erased"] / per_match,
                     FLASH_CYCLES / worst if worst else 0))
    return L


def _error(msg):
    print("python -m tools.mp.qemu: " + msg, file=sys.stderr)


def main(argv=None):
    from tools.common.hosttool import parser, whole
    ap = parser(__doc__)
    ap.add_argument("what", nargs="?", default="bench", choices=WHAT,
                    help="what to measure (default bench)")
    ap.add_argument("script", nargs="?", help="run: the .py file to run in the guest")
    ap.add_argument("--image", help="the qemu image (default $MICROPYTHON_QEMU)")
    ap.add_argument("--qemu", default=QEMU, help="the qemu binary (default %(default)s)")
    ap.add_argument("--seed", type=whole(0), default=SEED)
    ap.add_argument("--rounds", type=whole(1), default=4,
                    help="bot rounds per table size and level (default 4)")
    ap.add_argument("--positions", type=whole(1), default=40,
                    help="bot decisions per level and table size (default 40)")
    ap.add_argument("--hands", type=whole(1), default=5,
                    help="hands per number of opponents (default 5)")
    ap.add_argument("--games", type=whole(1), default=30, help="flash: games to play (default 30)")
    ap.add_argument("--seats", type=whole(2), default=4, help="profile: seats (default 4)")
    ap.add_argument("--level", type=int, choices=(0, 1, 2), default=2,
                    help="profile: the bots' level, 0 Easy .. 2 Hard (default 2)")
    ap.add_argument("--bots", type=whole(1), default=1,
                    help="profile: rounds with at most this many bot actions (default 1)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON, not the table")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="echo the guest's figures (its @ lines) on stderr as they come")
    a = ap.parse_args(argv)
    if a.what == "run" and not a.script:
        ap.error("run needs a SCRIPT (a .py file to run in the guest)")
    if a.what != "run" and a.script:
        ap.error("only run takes a SCRIPT, not %s" % a.what)
    if a.script and not os.path.isfile(a.script):
        ap.error("run: no such file %r" % a.script)
    if a.seats > 10:
        ap.error("--seats: at most 10 (the table's seats), not %d" % a.seats)
    path = image(a.image)
    why = missing(path, a.qemu)
    if why:
        _error(why)
        return 2
    log = (lambda line: print(line, file=sys.stderr)) if a.verbose else None
    try:
        if a.what == "run":
            with open(a.script, encoding="utf-8") as f:
                code = f.read()
            with Guest(path, a.qemu) as g:
                out, err = g.exec(code)
            sys.stdout.write(out)
            if err:
                sys.stderr.write(err)
                return 1
            return 0
        s = Session(path, a.qemu, log)
        try:
            phase_clock(s)
            w = a.what
            if w == "keys":                 # one table: you and 3 Normal bots
                phase_play(s, a.seed, seats=(4,), levels=(1,), rounds=a.rounds, key_turns=3)
            if w in ("bench", "rounds"):
                phase_play(s, a.seed, rounds=a.rounds, key_turns=2 if w == "bench" else 0)
            if w in ("bench", "decide"):
                phase_decide(s, a.seed, need=a.positions)
            if w in ("bench", "odds"):
                phase_odds(s, a.seed, hands=a.hands)
            if w == "flash":
                phase_flash(s, a.seed, a.games)
            if w == "profile":
                prof = phase_profile(s, a.seed, a.seats, a.level, a.rounds, a.bots)
            if w in ("bench", "start"):
                phase_start(s, a.seed)
        finally:
            s.close()
    except NotTheGame as e:
        _error(str(e))
        return 2
    except GuestError as e:
        _error("the guest failed: %s" % e)
        return 1
    if a.what == "profile":
        rows = [r for r in prof if r[0] in ("proround", "call", "part")]
        if not rows:
            _error("profile: the match had no round with at most %d bot action(s)" % a.bots)
            return 1
        if a.json:
            print(json.dumps({"image": path, "rows": rows}, indent=1))
        else:
            print("MicroPython qemu port, %s: where a round's M0 instructions go" % path)
            print("\n".join(profile_text(rows)))
        return 0
    sm = summarise(s.rows)
    sm["image"] = path
    if a.json:
        print(json.dumps(sm, indent=1, sort_keys=True))
    else:
        print("MicroPython qemu port, %s" % path)
        print("\n".join(table(sm)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
