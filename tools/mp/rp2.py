#!/usr/bin/env python3
"""The handset's own firmware on an emulated Raspberry Pi Pico (rp2040js, tools/mp/rp2.mjs).

    python -m tools.mp.rp2 [title|keys|cuts|saves|serve|flashcuts|bench|mem] [options]

The firmware is a UF2 you built (MicroPython 1.27's rp2 port with the game frozen in:
board SVARA_HANDSET, README), named by MICROPYTHON_RP2=; the RP2040's B1 bootrom as a
16 KB .bin (the words of rp2040js's demo/bootrom.ts, written out) by RP2040_BOOTROM=.
The project ships neither. The emulated Pico runs at 125 MHz of emulated time, with its
2 MB flash chip (erase and program take their datasheet time; a power cut leaves them
half done), the ST7735 panel on SPI0, the 6 x 4 key matrix and the PWM buzzer modelled
(rp2.mjs says how).

The harness: before the first boot a /boot.py goes into the Pico's littlefs (made on the
host, littlefs-python) that gives the app its seed (App(seed=N), as the simulator's
--seed) and drives GP25 (free on the handset) low when the app takes a key and high once
its idle() says nothing more will change: "settled", the simulator's settle().

  title  boot to the title: its emulated ms, host seconds, the panel's checks;
         --png FILE writes the title as a PNG
  keys   --keys "OK DOWN ..." | @FILE [--seed N]: press the keys, compare every frame
         with the simulator's (same seed, same keys), print what differs, each key's time
         to its frame, and whether the saves left the firmware's flash as it was
  cuts   --count N [--seed N] [--keys @FILE] [--rng N] [--keep DIR]: N power cuts at
         random cycles or inside the flash's erases and programs over the match's saves;
         after each, a new boot must continue where the last whole action left it, the
         statistics counting every game once (tools/mp/rp2_cuts.py; make test-rp2 runs a
         sample)
  saves  --image FILE --out DIR: the saves on a flash image (as flash_save or cuts --keep
         wrote it) into DIR and DIR.game, as the simulator keeps them: python -m tools.sim
         --save-dir DIR then opens what the handset would
  serve  [--image FILE] [--firmware UF2]: the Pico's REPL (USB CDC) on a pseudo-terminal; prints the port
         and serves until Ctrl-C: `mpremote connect PORT`, `make flash PORT=PORT` work
         on it as on a Pico on USB. It starts from MICROPYTHON_RP2 (or --firmware: any
         rp2 MicroPython, the game frozen in or not) on a fresh flash (no harness), or
         from a flash image (flash_save, cuts --keep)
  flashcuts [--mode frozen|mpy] [--cuts N] [--rng N] [--firmware UF2]: power cuts at every step of a
         flash (each raw-REPL command; --cuts N: N of them spread over the steps), each
         followed by a boot that must show the title with the old build or the new
         whole, and a second flash that must complete (tools/mp/rp2_flash.py; make
         build first)
  bench  [--turns N] [--rng N]: time on the emulated Pico: start to the title, keys on
         the person's turn to the panel (random phases of the keypad's poll), a bot
         round's CPU share (tools/mp/rp2_bench.py; make bench runs it)
  mem    [--keys N] [--mix NAME[,NAME]] [--seed N] [--every N]: N keys (default 10,000)
         of tools/stress/soak.py's mixes (default player; the keys' and the app's seed,
         default 1) in one session; gc.mem_free() after gc.collect() on the Pico after
         the first match and after the last key (and every N keys, default 500): exit 0
         when they completed with no error caught and the two are within 2 KB (issue 45;
         tools/mp/rp2_mem.py says how it reads the heap)
Options: --seed N (the app's seed, default 5; mem: 1), --keys (default for cuts:
host_tests/keys/rp2_200.keys, whose first keys set Bot pace fast), --count N, --png FILE,
--rng N (the cuts' random seed), --keep DIR (cuts: the flash image each failed cut left).
Exit status: 0 fine, 1 a check failed, 2 bad usage, or no firmware or bootrom.
"""
import base64
import json
import os
import random
import select
import subprocess
import sys
import threading
import time
import tty

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
HOST = os.path.join(HERE, "rp2.mjs")
PACKAGE = os.path.join(ROOT, "node_modules", "rp2040js")
FLASH_BYTES = 2 * 1024 * 1024
XIP_BASE = 0x10000000
BLOCK = 4096
WIDTH, HEIGHT = 128, 160
NS_PER_CYCLE = 8
HARNESS = '''\
# The emulator's harness (tools/mp/rp2.py), not the game: the app's seed, and GP25 low
# while the app works on a key, high once its idle() says nothing more will change.
import app as _app
from machine import Pin as _Pin
_led = _Pin(25, _Pin.OUT, value=0)
_App = _app.App


class App(_App):
    def __init__(self, display, first=None, seed=None, store=None, clock=None):
        super().__init__(display, first, %(seed)r, store, clock)

    def key(self, code):
        _led(0)
        return super().key(code)

    def idle(self):
        busy = super().idle()
        _led(0 if busy else 1)
        return busy


_app.App = App
'''


class UsageError(Exception):
    pass


class EmulatorError(RuntimeError):
    """The emulator refused a request or the firmware did not do what it should."""


def missing(uf2=None, bootrom=None, game=True):
    """Why the emulator cannot run (one line), or "" when it can; game=False: any rp2
    firmware will do (serve, flashcuts --firmware), not only one with the game frozen in."""
    uf2 = uf2 or os.environ.get("MICROPYTHON_RP2", "")
    bootrom = bootrom or os.environ.get("RP2040_BOOTROM", "")
    if not uf2:
        return ("set MICROPYTHON_RP2=/path/to/firmware.uf2 (MicroPython 1.27's rp2 port, board "
                "SVARA_HANDSET, the game frozen in: README)")
    if not bootrom:
        return ("set RP2040_BOOTROM=/path/to/bootrom.bin (the RP2040 B1 bootrom, 16 KB: "
                "rp2040js's demo/bootrom.ts written out as little-endian words)")
    for name, path in (("MICROPYTHON_RP2", uf2), ("RP2040_BOOTROM", bootrom)):
        if not os.path.isfile(path) or not os.access(path, os.R_OK):
            return "%s=%s: no such readable file" % (name, path)
    if os.path.getsize(uf2) % 512 or not os.path.getsize(uf2):
        return "MICROPYTHON_RP2=%s: not a UF2 file (not whole 512-byte blocks)" % uf2
    with open(uf2, "rb") as f:
        data = f.read()
    if data[:4] != b"UF2\n":
        return "MICROPYTHON_RP2=%s: not a UF2 file" % uf2
    # the blocks' payloads (476 bytes at most at 32), for the frozen modules' names
    payload = b"".join(data[o + 32:o + 32 + int.from_bytes(data[o + 16:o + 20], "little")]
                       for o in range(0, len(data), 512))
    if game and (b"svara/_strategy" not in payload or b"app.py" not in payload):
        return ("MICROPYTHON_RP2=%s: no game frozen in (build the rp2 port with board "
                "SVARA_HANDSET: README)" % uf2)
    if os.path.getsize(bootrom) != 16384:
        return "RP2040_BOOTROM=%s: %d bytes, not the 16 KB bootrom" % (bootrom, os.path.getsize(bootrom))
    if not os.path.isdir(PACKAGE):
        return "rp2040js is not installed (no %s): run `make setup`" % PACKAGE
    return ""


def filesystem(image):
    """(offset, size) of MicroPython's filesystem in a flash image, from the firmware's
    binary info (tools/device/image.py reads it: the block device named MicroPython);
    EmulatorError when there is none, or when the image runs into it (RPI_PICO's map with
    the game frozen in: littlefs would overwrite the firmware)."""
    from tools.device import image as flashmap

    def read(addr, n):
        o = addr - XIP_BASE
        return bytes(image[o:o + n]) if 0 <= o and o + n <= len(image) else None
    try:
        found = flashmap.flash_map(read)
    except flashmap.ImageError as e:
        raise EmulatorError("the flash holds no MicroPython firmware: %s" % e) from None
    if found["fs"] is None:
        raise EmulatorError("the firmware declares no MicroPython filesystem (binary info)")
    ok, line = flashmap.check(found, room=0)
    if not ok:
        raise EmulatorError(line)
    return found["fs"][0] - XIP_BASE, found["fs"][1]


def lfs(image, offset, size, mount=True):
    """The littlefs of MicroPython's rp2 port (its configuration: extmod/vfs_lfs.c, the
    port's progsize 256) over a copy of the filesystem's region of `image`; put_back()
    writes the copy into `image` again."""
    import littlefs
    fs = littlefs.LittleFS(block_size=BLOCK, block_count=size // BLOCK, read_size=32,
                           prog_size=256, lookahead_size=32, cache_size=1024, mount=False)
    fs.context.buffer = bytearray(image[offset:offset + size])

    def put_back():
        image[offset:offset + size] = fs.context.buffer
    fs.put_back = put_back
    if mount:
        fs.mount()
    return fs


def keymap():
    """{key name: (row, column)} from the handset's board.py."""
    from tools.sim import core  # noqa: F401  (puts firmware/ on sys.path)
    import importlib.util
    from drivers import keys
    spec = importlib.util.spec_from_file_location(
        "_handset_board", os.path.join(ROOT, "firmware", "boards", "handset", "board.py"))
    board = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(board)
    n = len(board.COLS)
    return {keys.NAMES[c]: (i // n, i % n) for i, c in enumerate(board.KEYMAP) if c}


class Pico:
    """An emulated handset. with Pico(seed=5) as pico: pico.title_ms, pico.key("OK"),
    pico.frame() (RGB565, little-endian, 256 bytes a row: tools.sim.core.frame_rgb565's
    layout), pico.cut(cycle), pico.reset()."""

    def __init__(self, seed=5, uf2=None, bootrom=None, image=None, boot=True, timeout_ms=120000,
                 harness=True, game=True):
        # (harness: True for HARNESS, or the text of another /boot.py: rp2_mem.py's)
        why = missing(uf2, bootrom, game)
        if why:
            raise EmulatorError(why)
        self.uf2 = uf2 or os.environ["MICROPYTHON_RP2"]
        self.bootrom = bootrom or os.environ["RP2040_BOOTROM"]
        self.seed = seed
        self.timeout_ms = timeout_ms
        self.keys = keymap()
        self.timings = []           # per key: press -> the last SPI byte before it settled
        self._lock = threading.Lock()
        self._proc = subprocess.Popen(
            ["node", HOST, "--bootrom", self.bootrom], cwd=ROOT, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
        try:
            if image is not None:
                self.load_flash(image)
            else:
                self._ask(op="uf2", path=self.uf2)
                if harness:
                    self.install_harness(harness if isinstance(harness, str) else None)
            self.title_ms = self.boot() if boot else None
        except Exception:
            self.close()
            raise

    def _ask(self, **request):
        with self._lock:     # (SerialPico's relay asks from its own thread)
            self._proc.stdin.write(json.dumps(request) + "\n")
            self._proc.stdin.flush()
            line = self._proc.stdout.readline()
        if not line:
            raise EmulatorError("the emulator died: " + self._proc.stderr.read()[-2000:])
        answer = json.loads(line)
        if not answer.pop("ok"):
            raise EmulatorError(answer["error"])
        return answer

    # -- the flash
    def flash(self):
        """The 2 MB flash image as it is now."""
        return bytearray(base64.b64decode(self._ask(op="flash_read", offset=0, length=FLASH_BYTES)["b64"]))

    def write_flash(self, image):
        self._ask(op="flash_write", offset=0, b64=base64.b64encode(bytes(image)).decode())

    def save_flash(self, path):
        self._ask(op="flash_save", path=os.path.abspath(path))

    def load_flash(self, path):
        """The whole flash from a file (the Pico off; boot() starts it)."""
        self._ask(op="flash_load", path=os.path.abspath(path))

    def install_harness(self, text=None):
        """A littlefs with the harness's /boot.py (HARNESS, or `text`) where the firmware
        keeps its filesystem, unless one is there (then /boot.py is written into it)."""
        image = self.flash()
        offset, size = filesystem(image)
        try:
            fs = lfs(image, offset, size)
        except Exception:       # blank: what the firmware's mkfs would make
            image[offset:offset + size] = b"\xff" * size
            fs = lfs(image, offset, size, mount=False)
            fs.format()
            fs.mount()
        with fs.open("/boot.py", "w") as f:
            f.write(text or HARNESS % {"seed": self.seed})
        fs.unmount()
        fs.put_back()
        self.write_flash(image)

    def files(self):
        """{path: bytes} of every file on the Pico's filesystem now (read on the host)."""
        image = self.flash()
        offset, size = filesystem(image)
        fs = lfs(image, offset, size)
        got = {}
        for root, _dirs, names in fs.walk("/"):
            for name in names:
                path = root.rstrip("/") + "/" + name
                with fs.open(path, "rb") as f:
                    got[path] = f.read()
        return got

    # -- power
    def boot(self):
        """Power on and run until the app settled on its first screen; its emulated ms."""
        self._ask(op="power_on")
        return self._ask(op="settle", timeout_ms=self.timeout_ms)["ms"]

    def reset(self):
        """Reset (the RUN pin): the same flash, a new start; the title's emulated ms."""
        return self.boot()

    def cut(self, at_cycle, seed=1):
        """Run to cycle `at_cycle` of this power-on, then cut the power: an erase or a page
        program going on stays half done. The answer says which."""
        return self._ask(op="cut", at_cycle=int(at_cycle), seed=seed)

    # -- keys
    def position(self, key):
        try:
            return self.keys[key.upper()]
        except KeyError:
            raise EmulatorError("unknown key %r: use one of %s" % (key, " ".join(self.keys))) from None

    def press(self, key, hold_ms=60, bounce_ms=0, at_ms=0, seed=1):
        """Close the key's contact from now (+at_ms) for hold_ms, chattering bounce_ms at
        each end; nothing runs (run_ms, settle, or another press for two at once)."""
        row, col = self.position(key)
        return self._ask(op="press", row=row, col=col, hold_ms=hold_ms, bounce_ms=bounce_ms,
                         at_ms=at_ms, seed=seed)["timing"]

    def key(self, key, hold_ms=60, bounce_ms=0, seed=1):
        """Press the key and run until the app took it and settled, and the key is up
        again; the key's timing (ms): press to the column read low, to the last SPI byte."""
        row, col = self.position(key)
        t = self._ask(op="key", row=row, col=col, hold_ms=hold_ms, bounce_ms=bounce_ms,
                      seed=seed, timeout_ms=self.timeout_ms)["timing"]
        timing = {
            "key": key,
            "press_ms": t["press_ns"] / 1e6,
            "scanned_ms": (t["col_low_ns"] - t["press_ns"]) / 1e6 if t["col_low_ns"] >= 0 else None,
            "taken_ms": (t["taken_ns"] - t["press_ns"]) / 1e6,
            "settled_ms": (t["settled_ns"] - t["press_ns"]) / 1e6,
            # from the pin going low (the column, when the scan reached the key) to the
            # last SPI byte of the first frame that answers it, and of the last one before
            # the app settled (the bots' moves included); None: nothing was drawn
            "answer_ms": ((t["first_frame_ns"] - t["col_low_ns"]) / 1e6
                          if t["first_frame_ns"] >= 0 and t["col_low_ns"] >= 0 else None),
            "settled_frame_ms": ((t["last_spi_ns"] - t["col_low_ns"]) / 1e6
                                 if t["first_frame_ns"] >= 0 and t["col_low_ns"] >= 0 else None),
            # from app.key() (the harness pin falling) to that first frame's last byte: the
            # part the debounce and the main loop's pauses leave out
            "handler_ms": ((t["first_frame_ns"] - t["taken_ns"]) / 1e6
                           if t["first_frame_ns"] >= 0 else None),
        }
        self.timings.append(timing)
        return timing

    def run_ms(self, ms):
        return self._ask(op="run", ms=ms)

    def settle(self):
        return self._ask(op="settle", timeout_ms=self.timeout_ms)

    def quiet(self, ms=500):
        """Run until no SPI byte went to the panel for `ms`."""
        return self._ask(op="quiet", ms=ms, timeout_ms=self.timeout_ms)

    # -- what a player sees and hears
    def frame(self):
        """The panel's picture: RGB565 little-endian, 256 bytes a row."""
        return base64.b64decode(self._ask(op="frame", format="raw")["b64"])

    def png(self):
        return base64.b64decode(self._ask(op="frame", format="png")["b64"])

    def tones(self, clear=False):
        """The tones heard: [{hz, start_ms, end_ms, ms, duty}] (end None: still on)."""
        return self._ask(op="tones", clear=clear)["tones"]

    def stats(self):
        return self._ask(op="stats")

    def close(self):
        if self._proc.poll() is None:
            self._proc.stdin.close()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class SerialPico:
    """The emulated handset's REPL (USB CDC) on a pseudo-terminal, so that ``mpremote
    connect PORT`` and ``make flash PORT=...`` talk to it as to a Pico on USB:

        with SerialPico() as dev:
            subprocess.run(["mpremote", "connect", dev.port, "ls"])

    `image` starts it from a saved flash image, else from MICROPYTHON_RP2's UF2 (with no
    harness: the game as it boots on a handset). machine.reset() restarts the chip on
    the same flash; the port stays. cut_at=(n, ms): cut the power `ms` of emulated time
    after the n-th Ctrl-D the host sent (each command of the raw REPL ends with one), then
    hang the line up, as a battery pulled mid-flash does; `cut` then says what happened.
    `commands` lists each Ctrl-D's emulated ms, `answers` when each answer of the raw REPL
    ended (a run without a cut measures the steps and the device's work in each)."""

    def __init__(self, uf2=None, bootrom=None, image=None, cut_at=None, seed=1):
        # no harness: a fresh flash (the firmware makes its filesystem itself)
        self.pico = Pico(uf2=uf2, bootrom=bootrom, image=image, boot=False, harness=False,
                         game=False)
        self.cut_at = cut_at
        self.seed = seed
        self.cut = None
        self.commands = []
        self.answers = []           # the emulated ms each answer of the raw REPL ended
        self.error = None
        self.port = None
        self._stop = threading.Event()
        self._thread = None
        self._master = None

    def start(self):
        self.pico._ask(op="usb", on=True)
        self.pico._ask(op="power_on")
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.port = os.ttyname(self._slave)
        self._thread = threading.Thread(target=self._relay, daemon=True)
        self._thread.start()
        return self

    def _exchange(self, data, ms, max_ms=50):
        got = self.pico._ask(op="serial", b64=base64.b64encode(data).decode(), ms=ms,
                             max_ms=max_ms)
        out = base64.b64decode(got["b64"])
        if out:
            os.write(self._master, out)
            if out.endswith(b"\x04>"):     # the raw REPL's answer complete
                self.answers.append(got["last_out_ms"])
        return got

    def _relay(self):
        try:
            while not self._stop.is_set():
                ready, _, _ = select.select([self._master], [], [], 0)
                data = os.read(self._master, 4096) if ready else b""
                while b"\x04" in data and not self.cut:
                    head, data = data.split(b"\x04", 1)
                    # (only until the bytes are handed over: the device's work on the
                    # command comes after this moment)
                    got = self._exchange(head + b"\x04", 0, 0.001)
                    self.commands.append(got["ms"])
                    if self.cut_at and len(self.commands) == self.cut_at[0]:
                        self._cut(got["ms"])
                if self.cut:
                    return
                self._exchange(data, 2 if data else 5)
        except (OSError, EmulatorError) as e:
            if not self._stop.is_set():
                self.error = str(e)
        finally:
            if not self._stop.is_set() and self._master is not None:
                # the Pico is gone (cut, or the emulator died): hang the line up, as a
                # board pulled from USB does
                os.close(self._master)
                self._master = None

    def _cut(self, at_ms):
        ms = self.cut_at[1]
        cycle = int((at_ms + ms) * 1e6 / NS_PER_CYCLE) + 1
        # run on with the line served until then
        while self.pico._ask(op="stats")["ms"] + 5 < at_ms + ms:
            self._exchange(b"", 5)
        now = self.pico._ask(op="stats")["cycle"]
        self.cut = self.pico._ask(op="cut", at_cycle=max(cycle, now), seed=self.seed)
        self.cut["command"] = self.cut_at[0]

    def alive(self):
        return self._thread is not None and self._thread.is_alive()

    def stop(self):
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=30)
        for fd in (self._master, getattr(self, "_slave", None)):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._master = self._slave = None

    def close(self):
        self.stop()
        self.pico.close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()


# ---------------------------------------------------------------- the simulator's side
def sim_frames(seed, names, save_dir=None):
    """The simulator's RGB565 frames (the title, then after each key) for the same seed."""
    from tools.sim import core
    result = core.run([core.keys.code(n) for n in names], seed=seed,
                      save_dir=save_dir or core.MEMORY)
    return [core.frame_rgb565(f) for f in result.frames], result.traces


def diff(a, b):
    """How many pixels of two RGB565 frames differ, and the first one (x, y)."""
    n = 0
    first = None
    for i in range(0, len(a), 2):
        if a[i:i + 2] != b[i:i + 2]:
            n += 1
            if first is None:
                first = ((i // 2) % WIDTH, (i // 2) // WIDTH)
    return n, first


def read_keys(arg):
    from tools.sim.core import read_keys_arg
    return read_keys_arg(arg).replace(",", " ").split()


def compare_keys(pico, seed, names, log=print):
    """Press `names` on the Pico; compare each settled frame with the simulator's.
    (frames compared, frames that differ)."""
    frames, traces = sim_frames(seed, names)
    bad = 0
    n, first = diff(pico.frame(), frames[0])
    if n:
        bad += 1
        log("title: %d pixels differ, the first at %s" % (n, first))
    for i, name in enumerate(names, 1):
        pico.key(name)
        n, first = diff(pico.frame(), frames[i])
        if n:
            bad += 1
            log("key %d %s: %d pixels differ, the first at %s (simulator: %s)"
                % (i, name, n, first, traces[i]))
    return len(frames), bad


def export_saves(image_path, out):
    """The handset's saves on a flash image into out (/saves) and its pair folders
    (/saves.game: out.game), as the simulator's --save-dir keeps them."""
    from tools.sim import core
    with open(image_path, "rb") as f:
        image = bytearray(f.read())
    if len(image) != FLASH_BYTES:
        raise UsageError("%s: %d bytes, not a 2 MB flash image" % (image_path, len(image)))
    try:
        offset, size = filesystem(image)
        fs = lfs(image, offset, size)
    except Exception as e:
        raise UsageError("%s: no littlefs the firmware would mount (%s)" % (image_path, e))
    n = 0
    for port, host in core.save_folders(out):
        os.makedirs(host, exist_ok=True)
        try:
            names = fs.listdir(port)
        except Exception:
            continue
        for name in names:
            with fs.open(port + "/" + name, "rb") as f, open(os.path.join(host, name), "wb") as g:
                g.write(f.read())
                n += 1
    print("%d files: %s" % (n, ", ".join(h for _p, h in core.save_folders(out))))
    return 0


# ---------------------------------------------------------------- the command line
def parse(argv):
    opts = {"what": "title", "seed": 5, "keys": None, "count": 200, "png": None, "rng": 1,
            "keep": None, "image": None, "out": None, "mode": None, "cuts": None,
            "firmware": None, "turns": 6, "mix": ("player",), "every": 500}
    args = list(argv)
    if args and not args[0].startswith("-"):
        opts["what"] = args.pop(0)
    if opts["what"] not in ("title", "keys", "cuts", "saves", "serve", "flashcuts", "bench", "mem"):
        raise UsageError("unknown command %r: title, keys, cuts, saves, serve, flashcuts, bench "
                         "or mem" % opts["what"])
    mem = opts["what"] == "mem"
    if mem:
        opts["seed"], opts["count"] = 1, 10000
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            print(__doc__)
            sys.exit(0)
        if a not in ("--seed", "--keys", "--count", "--png", "--rng", "--keep", "--image", "--out",
                     "--mode", "--cuts", "--firmware", "--turns", "--mix", "--every"):
            raise UsageError("unknown option %r (see --help)" % a)
        if not args:
            raise UsageError("%r needs a value" % a)
        v = args.pop(0)
        if a == "--mode" and v not in ("frozen", "mpy"):
            raise UsageError("--mode takes frozen or mpy, not %r" % v)
        if a in ("--mix", "--every") and not mem:
            raise UsageError("%s is for mem" % a)
        if a in ("--seed", "--count", "--rng", "--cuts", "--turns", "--every") or (mem and a == "--keys"):
            if not v.isdigit() or (a in ("--every", "--keys") and not int(v)):
                raise UsageError("%s takes a whole number%s, not %r"
                                 % (a, " above 0" if a in ("--every", "--keys") else "", v))
            v = int(v)
        if a == "--mix":
            from tools.stress.soak import MIXES
            v = tuple(v.split(","))
            bad = [m for m in v if m not in MIXES]
            if bad:
                raise UsageError("--mix: no mix %r (%s)" % (bad[0], ", ".join(MIXES)))
        if mem and a == "--keys":
            a = "--count"
        opts[a[2:]] = v
    return opts


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    try:
        opts = parse(argv)
        if opts["what"] == "saves":
            if not opts["image"] or not opts["out"]:
                raise UsageError("saves needs --image FILE and --out DIR")
            return export_saves(opts["image"], opts["out"])
        serving = opts["what"] in ("serve", "flashcuts")
        why = missing(opts["firmware"], game=not serving)
        if opts["firmware"] and not serving:
            raise UsageError("--firmware is for serve and flashcuts")
        if why:
            raise UsageError(why.replace("MICROPYTHON_RP2=", "--firmware " if opts["firmware"] else "MICROPYTHON_RP2="))
        if opts["image"] and not os.path.isfile(opts["image"]):
            raise UsageError("--image %s: no such file" % opts["image"])
        if opts["keys"] and opts["what"] != "mem":
            names = read_keys(opts["keys"])
            bad = [k for k in names if k.upper() not in keymap()]
            if bad:
                raise UsageError("unknown key %r in --keys" % bad[0])
    except (UsageError, OSError) as e:
        print("python -m tools.mp.rp2: %s" % e, file=sys.stderr)
        return 2
    t0 = time.time()
    try:
        return _run(opts, t0)
    except EmulatorError as e:
        print("python -m tools.mp.rp2: %s" % e, file=sys.stderr)
        return 2


def _run(opts, t0):
    if opts["what"] == "serve":
        with SerialPico(uf2=opts["firmware"], image=opts["image"]) as dev:
            print("emulated Pico's REPL on %s   (mpremote connect %s; make flash PORT=%s; "
                  "Ctrl-C ends it)" % (dev.port, dev.port, dev.port), flush=True)
            try:
                while dev.alive():
                    time.sleep(0.2)
            except KeyboardInterrupt:
                pass
            if dev.error:
                print("python -m tools.mp.rp2: the emulator stopped: %s" % dev.error,
                      file=sys.stderr)
                return 1
        return 0
    if opts["what"] == "bench":
        from tools.mp import rp2_bench
        return 0 if rp2_bench.report(rp2_bench.measure(opts["seed"], opts["turns"], opts["rng"])) else 1
    if opts["what"] == "flashcuts":
        from tools.mp import rp2_flash
        return rp2_flash.main(opts)
    if opts["what"] == "mem":
        from tools.mp import rp2_mem
        return rp2_mem.main(opts)
    if opts["what"] == "title":
        with Pico(seed=opts["seed"]) as pico:
            st = pico.stats()
            print("title settled at %.1f ms emulated (first SPI byte %.1f ms, last %.1f ms, "
                  "display on %.1f ms), %.1f s of host time, %.1f M cycles run in %.1f s "
                  "(%.1f M a second)"
                  % (pico.title_ms, st["panel"]["first_byte_ms"], st["panel"]["last_byte_ms"],
                     st["panel"]["display_on_ms"], time.time() - t0,
                     st["executed_cycles"] / 1e6, st["host_s"],
                     st["executed_cycles"] / 1e6 / max(st["host_s"], 1e-9)))
            for v in st["panel"]["violations"]:
                print("panel: %.3f ms: %s" % (v["ms"], v["text"]))
            if opts["png"]:
                with open(opts["png"], "wb") as f:
                    f.write(pico.png())
            return 1 if st["panel"]["violations"] else 0
    if opts["what"] == "keys":
        names = read_keys(opts["keys"] or "OK")
        with Pico(seed=opts["seed"]) as pico:
            image = pico.flash()
            offset, _ = filesystem(image)
            frames, bad = compare_keys(pico, opts["seed"], names)
            st = pico.stats()
            games = sum(1 for t in sim_frames(opts["seed"], names)[1][1:]
                        if t.startswith(("showdown", "svara", "gameover")))
            print("%d frames compared with the simulator's, %d differ; %.0f ms emulated, "
                  "%.1f s host (%.2f host s an emulated s)"
                  % (frames, bad, st["ms"], time.time() - t0, st["host_s"] / (st["ms"] / 1000)))
            answers = sorted(t["answer_ms"] for t in pico.timings if t["answer_ms"] is not None)
            handler = sorted(t["handler_ms"] for t in pico.timings if t["handler_ms"] is not None)
            if answers:
                print("key (its column read low) to the last SPI byte of the frame answering "
                      "it: median %.1f ms, worst %.1f ms over %d keys; from app.key(): median "
                      "%.1f ms, worst %.1f ms"
                      % (answers[len(answers) // 2], answers[-1], len(answers),
                         handler[len(handler) // 2], handler[-1]))
            same = bytes(pico.flash()[:offset]) == bytes(image[:offset])
            fl = st["flash"]
            print("flash: %d erases, %d page programs over about %d results; the lowest write at "
                  "0x%x (filesystem from 0x%x); the firmware's %d bytes %s"
                  % (fl["erases"], fl["programs"], games, fl["lowest_write"], offset, offset,
                     "unchanged" if same else "CHANGED"))
            return 1 if bad or not same or fl["lowest_write"] < offset else 0
    from tools.mp import rp2_cuts
    return rp2_cuts.main(opts)


if __name__ == "__main__":
    sys.exit(main())
