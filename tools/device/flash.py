#!/usr/bin/env python3
"""Copy a build (tools/device/build.py) onto a MicroPython handset over its serial line, with
mpremote's transport: ``make flash PORT=/dev/ttyACM0 [BOARD=handset]``.

    python3 -m tools.device.flash PORT [--build DIR] [--mode auto|frozen|romfs|mpy]
                           [--firmware UF2|ELF] [--no-reset] [--timeout SECONDS]

PORT is what mpremote connects to: /dev/ttyACM0, COM3, or socket://host:port.

How the game goes on (--mode auto, the default, chooses and says which and why in one
line), from the least RAM to the most (README: the heap each needs, measured):
  frozen  the firmware has the game frozen in (built with firmware/manifest.py; found by
          importing `store` with only .frozen on sys.path): only main.py goes on the
          filesystem, so that no older .mpy copy hides the frozen modules;
  romfs   the device has a ROMFS partition (MicroPython 1.25+, vfs.rom_ioctl; on rp2 a
          firmware built with MICROPY_HW_ROMFS_BYTES) the build's image fits: the image
          (build/<board>.romfs, every file but main.py, under /rom/lib) is written there,
          its header last, and checked by SHA-256; the .mpy files then run in place from
          flash. Only main.py (and the saves) stay on the filesystem. When the running
          game is itself in that ROMFS, the new game goes on as .mpy files first and runs
          from there while the image is rewritten, then their folder is removed. A
          partition too small for the image is said, and the .mpy files go instead;
  mpy     the .mpy files, into a folder on the filesystem (their code loads into RAM).
--mode frozen / romfs / mpy insists on one (exit 1 when the device cannot take it).
An rp2 firmware that runs into its own filesystem (RPI_PICO's map with the game frozen
in: docs/HARDWARE.md) is refused before anything is sent: the device's, read from its
flash, and with --firmware (make flash FIRMWARE=...) the file you are about to put on it.

The game (or, frozen and romfs, its main.py) lives in one of two folders on the device,
/svara.a and /svara.b; the file /svara.slot names the one that runs, and /boot.py
(written here) changes into it at start-up, so main.py and the modules load from
there. A flash fills the other folder: files whose SHA-256 matches the running copy
are copied on the device, only the rest go over the line. Every file's hash is then
checked on the device, and the switch is one rename of a new /svara.slot over the old.
An interrupted or failed flash leaves the old game running and complete. Then the
device is reset (machine.reset()).

A build is sent only when it is whole: its svara.manifest (written by make build: every
file's size and SHA-256, and the files the game's imports need) must match the folder
exactly, each .mpy must be MicroPython 1.27's and main.py must parse. On the device the
new folder is checked against the manifest it received before the switch. /svara.slot
and /boot.py are changed the same way: NAME.new written, read back and checked, then
renamed over NAME, so a cut at any moment leaves the old file or the new one whole.

Every failure is one line on stderr (exit 1): a device that does not answer within
--timeout seconds (default 30) for one step, or keeps sending without end, a link that
drops, a build that is not whole.

Exit status: 0 flashed, 1 failed (the message says why; the old game is intact),
2 bad usage.
"""
import ast
import base64
import contextlib
import hashlib
import io
import json
import os
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tools.device import build as buildtool  # noqa: E402
from tools.device import image as imagetool  # noqa: E402

SLOTS = ("a", "b")
MODES = ("auto", "frozen", "romfs", "mpy")
SLOT_FILE = "/svara.slot"
TIMEOUT = 30.0      # seconds one step on the device may take (a copy of one file...)
# What a flash that failed says of the handset, by state["switched"] (None: it failed
# while the switch's rename was on its way, so either slot file may be there).
SWITCHED = {False: "nothing was switched: the old game still runs",
            None: "it failed during the switch itself: the handset runs the old game or "
                  "the new one, each whole (flash again to be sure it is the new)",
            True: "it was switched to the new copy already, which is whole"}
BOOT = """\
# Written by tools/device/flash.py: run the game from the folder that /svara.slot names.
import os
try:
    with open('/svara.slot') as f:
        os.chdir('/svara.' + f.read().strip())
except OSError:
    pass
"""

# Device-side helpers, sent once per connection (plain MicroPython, small).
HELPERS = """\
import os, sys
try:
    import hashlib
except ImportError:
    hashlib = None
try:
    from binascii import a2b_base64 as _b64
except ImportError:
    _b64 = None
def _walk(top, out):
    for e in os.ilistdir(top):
        p = top + '/' + e[0]
        if e[1] & 0x4000:
            _walk(p, out)
        else:
            out.append(p)
    return out
def _hash(p):
    if hashlib is None:
        return ''
    h = hashlib.sha256()
    b = bytearray(512)
    m = memoryview(b)
    with open(p, 'rb') as f:
        while True:
            n = f.readinto(b)
            if not n:
                break
            h.update(m[:n])
    return ''.join('%02x' % x for x in h.digest())
def _hashes(top, i=0, k=9999):
    try:
        files = sorted(_walk(top, []))
    except OSError:
        return {}
    n = len(top) + 1
    return {p[n:]: _hash(p) for p in files[i:i + k]}
def _rmtree(p):
    try:
        for e in os.ilistdir(p):
            q = p + '/' + e[0]
            if e[1] & 0x4000:
                _rmtree(q)
            else:
                os.remove(q)
        os.rmdir(p)
    except OSError:
        pass
def _mkdirs(p):
    c = ''
    for part in p.split('/'):
        if part:
            c += '/' + part
            try:
                os.mkdir(c)
            except OSError:
                pass
def _copy(a, b, names):
    buf = bytearray(512)
    m = memoryview(buf)
    for n in names:
        with open(a + '/' + n, 'rb') as s, open(b + '/' + n, 'wb') as d:
            while True:
                k = s.readinto(buf)
                if not k:
                    break
                d.write(m[:k])
def _read(p):
    try:
        with open(p) as f:
            return f.read().strip()
    except OSError:
        return ''
def _free():
    try:
        s = os.statvfs('/')
        return (s[0], s[4])
    except (AttributeError, OSError):
        return None
def _check(top):
    import json
    try:
        with open(top + '/svara.manifest') as f:
            m = json.loads(f.read())['files']
    except (OSError, ValueError, KeyError):
        return ['svara.manifest']
    bad = []
    for n in m:
        try:
            if os.stat(top + '/' + n)[6] != m[n][0] or _hash(top + '/' + n) != m[n][1]:
                bad.append(n)
        except OSError:
            bad.append(n)
    for p in _walk(top, []):
        n = p[len(top) + 1:]
        if n != 'svara.manifest' and n not in m:
            bad.append(n)
    return bad
def _hash_of(p):
    try:
        return _hash(p)
    except OSError:
        return ''
def _rom():
    try:
        import vfs
        r = vfs.rom_ioctl
        if r(1) < 1:
            return None
        d = r(2, 0)
    except Exception:
        return None
    return None if isinstance(d, int) else d
def _rom_size():
    d = _rom()
    if d is None:
        return 0
    if hasattr(d, 'ioctl'):
        return d.ioctl(4, 0) * d.ioctl(5, 0)
    return len(d)
def _rom_hash(n):
    d = _rom()
    if d is None or hashlib is None:
        return ''
    h = hashlib.sha256()
    m = memoryview(d)
    for i in range(0, n, 1024):
        h.update(m[i:min(n, i + 1024)])
    return ''.join('%02x' % x for x in h.digest())
def _rom_begin(n):
    global _rd, _rb
    import vfs
    try:
        vfs.umount('/rom')
    except Exception:
        pass
    _rd = _rom()
    if hasattr(_rd, 'ioctl'):
        _rb = _rd.ioctl(5, 0)
        for b in range((n + _rb - 1) // _rb):
            _rd.ioctl(6, b)
        return min(1024, _rb)
    _rb = 0
    return max(1024, vfs.rom_ioctl(3, 0, n))
def _rom_w(at, buf):
    if _rb:
        _rd.writeblocks(at // _rb, buf, at % _rb)
    else:
        import vfs
        vfs.rom_ioctl(4, 0, at, buf)
def _rom_end():
    if not _rb:
        import vfs
        vfs.rom_ioctl(5, 0)
def _mem(a, n):
    if getattr(sys, 'platform', '') != 'rp2':
        return None
    import uctypes
    return bytes(uctypes.bytearray_at(a, n))
def _frozen():
    try:
        p = list(sys.path)
        sys.path[:] = ['.frozen']
        try:
            import store
            f = store.__file__
            del sys.modules['store']
        finally:
            sys.path[:] = p
    except Exception:
        return None
    return f if '/' not in f else None
"""


class FlashError(Exception):
    """Flashing failed; the message says why and what to do."""


def verify_build(build_dir):
    """{name: sha256} of a whole build (its manifest included) and {name: size}; a
    FlashError saying what is wrong, in one line, when the folder does not match its
    svara.manifest or holds a file that cannot load."""
    if not os.path.isdir(build_dir) or not os.listdir(build_dir):
        raise FlashError("no build in %s: run `make build` first" % build_dir)
    path = os.path.join(build_dir, buildtool.MANIFEST)
    try:
        with open(path, "rb") as f:
            manifest = json.loads(f.read())
    except (OSError, ValueError, RecursionError) as e:
        # RecursionError: JSON nested deeper than the parser goes (valid JSON still)
        raise FlashError("%s has no readable %s (%s): run `make build` again" % (
            build_dir, buildtool.MANIFEST, "nested too deep" if isinstance(
                e, RecursionError) else getattr(e, "strerror", None) or "not JSON"))
    odd = _manifest_oddity(manifest)
    if odd:
        raise FlashError("%s has no readable %s (%s): run `make build` again" % (
            build_dir, buildtool.MANIFEST, odd))
    files = manifest["files"]
    needed = manifest["needed"]
    local = buildtool.file_hashes(build_dir)
    sizes = {}
    problems = []
    for name in sorted(files):
        want = files[name]
        full = os.path.join(build_dir, name)
        if name not in local:
            problems.append("%s is missing" % name)
        elif os.path.getsize(full) != want[0]:
            problems.append("%s is %d bytes, not %d" % (name, os.path.getsize(full), want[0]))
        elif local[name] != want[1]:
            problems.append("%s is not the file built (SHA-256 differs)" % name)
        else:
            sizes[name] = want[0]
    for name in sorted(set(local) - set(files) - {buildtool.MANIFEST}):
        problems.append("%s is not in the build" % name)
    for name in needed:
        if name not in files:
            problems.append("%s, which the game imports, is not in the manifest" % name)
    for name in ("main.py", "board.mpy"):
        if name not in files:
            problems.append("%s is not in the build" % name)
    if not problems:
        for name in sorted(files):
            with open(os.path.join(build_dir, name), "rb") as f:
                data = f.read()
            if name.endswith(".mpy") and (len(data) < 4 or data[:2] != b"M%c" % (
                    buildtool.MPY_VERSION,)):
                problems.append("%s is not a MicroPython %s .mpy file" % (
                    name, buildtool.DEVICE_VERSION))
            elif name.endswith(".py"):
                try:
                    ast.parse(data, name)
                except (SyntaxError, ValueError) as e:
                    problems.append("%s does not parse (%s)" % (name, e))
    if problems:
        raise FlashError("the build in %s is not whole: %s%s; run `make build` again "
                         "(nothing was sent)" % (build_dir, problems[0],
                                                 " (and %d more)" % (len(problems) - 1)
                                                 if len(problems) > 1 else ""))
    sizes[buildtool.MANIFEST] = os.path.getsize(path)
    return local, sizes


def _manifest_oddity(manifest):
    """What makes a manifest read as JSON not the one make build writes, in a few
    words, or None: "files" must map names to [size, SHA-256] and "needed" list names."""
    if not isinstance(manifest, dict):
        return "not an object"
    files = manifest.get("files")
    needed = manifest.get("needed")
    if not isinstance(files, dict):
        return "no \"files\" object"
    for name, want in files.items():
        if not (isinstance(want, list) and len(want) == 2
                and type(want[0]) is int and want[0] >= 0 and isinstance(want[1], str)
                and len(want[1]) == 64 and all(c in "0123456789abcdef" for c in want[1])):
            return "files[%s] is not [size, SHA-256]" % json.dumps(name)[:60]
    if not isinstance(needed, list):
        return "no \"needed\" list"
    for name in needed:
        if not isinstance(name, str):
            return "needed holds a %s, not a file name" % (
                "null" if name is None else type(name).__name__)
    return None


class Watchdog:
    """Closes the serial line when one step takes longer than `timeout` seconds (a
    silent device, or one that keeps sending): the read blocked on it then fails, and
    flash() says so in one line. It watches from the moment the port is open (watch()),
    the way into the raw REPL included: mpremote's own wait there starts again at every
    byte, so a port that keeps sending would hold it for ever."""

    def __init__(self, timeout):
        self.transport = None
        self.timeout = timeout
        self.fired = False
        self._deadline = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def watch(self, transport):
        """Watch `transport` from now on, its first step starting now."""
        self.transport = transport
        self.step()

    def step(self):
        self._deadline = time.monotonic() + self.timeout

    def _watch(self):
        while not self._stop.wait(0.05):
            if self._deadline is not None and time.monotonic() > self._deadline:
                self.fired = True
                try:
                    self.transport.serial.close()
                except Exception:
                    pass
                return

    def stop(self):
        self._stop.set()


def _mpremote():
    from mpremote.transport import TransportError, TransportExecError
    from mpremote.transport_serial import SerialTransport
    return SerialTransport, TransportError, TransportExecError


def connect(port, watchdog=None):
    """An mpremote transport in the raw REPL, after a soft reset; FlashError if none.
    `watchdog` (a Watchdog) watches the line from the moment it is open."""
    SerialTransport, TransportError, _ = _mpremote()
    try:
        transport = SerialTransport(port, baudrate=115200)
    except TransportError as e:
        raise FlashError("no device at %s (%s): is the handset plugged in, and is that "
                         "its port? `mpremote connect list` shows the ports" % (port, e))
    if watchdog is not None:
        watchdog.watch(transport)
    try:
        # mpremote prints what it got instead of the raw REPL's prompt (the junk a
        # babbling port sends, without end): the one line below says it instead.
        with contextlib.redirect_stdout(io.StringIO()):
            transport.enter_raw_repl(soft_reset=True)
    except TransportError as e:
        transport.close()
        raise FlashError("%s answers but not as a MicroPython REPL (%s): is MicroPython "
                         "flashed on it, and is nothing else using the port?" % (port, e))
    return transport


class Device:
    """The commands flashing needs, on an mpremote transport."""

    def __init__(self, transport, watchdog=None):
        self.t = transport
        self.watchdog = watchdog
        _, self._TransportError, self._ExecError = _mpremote()
        self.run(HELPERS)

    def eval(self, expr):
        out = self.run("print(repr(%s))" % expr)
        try:
            return ast.literal_eval(out.decode("utf-8", "replace").strip())
        except (ValueError, SyntaxError):
            raise FlashError("the device answered %r to %s: is something else writing "
                             "to its port?" % (out[:60], expr))

    def run(self, code):
        if self.watchdog is not None:
            self.watchdog.step()
        if not hasattr(self.t, "exec_raw"):     # (the tests' fake devices)
            return self.t.exec(code)
        # mpremote's exec() gives up after 10 s of silence: a step may take --timeout
        timeout = self.watchdog.timeout if self.watchdog is not None else TIMEOUT
        out, err = self.t.exec_raw(code, timeout=timeout)
        if err:
            raise self._ExecError(out, err.decode("utf-8", "replace"))
        return out

    def put(self, path, data, chunk=1024):
        """Write a file on the device: base64 chunks (a third bigger on the line, where
        mpremote's repr() of bytes is up to four times bigger)."""
        if not self.eval("_b64 is not None"):
            self.t.fs_writefile(path, data)
            return
        self.run("f=open(%r,'wb')\nw=f.write" % path)
        for i in range(0, len(data), chunk):
            self.run("w(_b64(b%r))" % base64.b64encode(data[i:i + chunk]).decode("ascii"))
        self.run("f.close()")


def _blocks(size, block):
    return (size + block - 1) // block


def _mpy_version(build_dir):
    """The .mpy format version of the build (byte 1 of any .mpy file), or None."""
    for folder, _, files in os.walk(build_dir):
        for name in files:
            if name.endswith(".mpy"):
                with open(os.path.join(folder, name), "rb") as f:
                    head = f.read(4)
                if len(head) < 4 or head[0] != ord("M"):
                    raise FlashError("%s is not a .mpy file: run make build" % name)
                return head[1]
    return None


def plan(local, remote):
    """(to send, to keep): build files whose hash differs from the running copy, and
    files that can be copied on the device."""
    send = sorted(n for n in local if remote.get(n) != local[n])
    keep = sorted(n for n in local if remote.get(n) == local[n])
    return send, keep


def _link_errors():
    """The exceptions a dropped or dead link raises through mpremote."""
    errors = [OSError, EOFError]
    try:
        import serial
        errors.append(serial.SerialException)
    except ImportError:
        pass
    _, TransportError, _ = _mpremote()
    errors.append(TransportError)
    return tuple(errors)


def flash(port, build_dir, reset=True, log=print, check_space=True, timeout=TIMEOUT,
          mode="auto"):
    """Flash ``build_dir`` onto the device at ``port``; returns the names sent."""
    local, sizes = verify_build(build_dir)
    ours = _mpy_version(build_dir)
    started = time.monotonic()
    state = {"switched": False}
    link = _link_errors()
    transport = None
    watchdog = None
    try:
        watchdog = Watchdog(timeout)
        transport = connect(port, watchdog)
        watchdog.step()
        dev = Device(transport, watchdog)
        sent = _flash(dev, port, build_dir, local, sizes, ours, log, check_space, state,
                      mode)
        watchdog.step()
        if reset:
            log("resetting the device")
            transport.exec_raw_no_follow("import machine\nmachine.reset()")
            time.sleep(0.2)
        else:
            transport.exit_raw_repl()
    except FlashError:
        raise
    except Exception as e:
        _, _, ExecError = _mpremote()
        if not isinstance(e, link + (ExecError, TypeError, AttributeError, ValueError)):
            raise
        if watchdog is not None and watchdog.fired:
            why = ("the device gave no complete answer within %g s (silent, or sending "
                   "without end)" % timeout)
        elif isinstance(e, ExecError):
            why = "the device failed (%s)" % (e.error_output.strip().splitlines() or ["?"])[-1]
        else:
            why = "the link to the device broke (%s: %s)" % (
                type(e).__name__, " ".join(str(e).split())[:120])
        raise FlashError("%s; %s" % (why, SWITCHED[state["switched"]]))
    finally:
        if watchdog is not None:
            watchdog.stop()
        if transport is not None:
            try:
                transport.close()
            except Exception:
                pass
    log("done in %.1f s" % (time.monotonic() - started))
    return sent


def _flash(dev, port, build_dir, local, sizes, ours, log, check_space, state=None,
           mode="auto"):
    """Check the device's MicroPython, choose how the game goes on (frozen, romfs or
    mpy: choose()), say so in one line, and do it; returns the names sent."""
    version = _check_version(dev, ours)
    line = check_flash_map(dev)
    if line:
        log("firmware: %s" % line)
    image = buildtool.romfs_image(build_dir)
    how, why = choose(dev, len(image), mode)
    log("%s: %s" % (how, why))
    if how == "mpy":
        return _flash_files(dev, port, build_dir, local, sizes, log, check_space, state,
                            version)
    digest = hashlib.sha256(image).hexdigest()
    if how == "romfs" and dev.eval("_rom_hash(%d)" % len(image)) != digest:
        if _runs_from(dev) == "romfs":
            # The running game is in the ROMFS this flash rewrites: the new game goes on
            # as .mpy files first and runs from there while the image is written.
            log("the running game is in the ROMFS: the new one goes on as .mpy files "
                "first, so that a whole game runs while the ROMFS is rewritten")
            _flash_files(dev, port, build_dir, local, sizes, log, check_space, state,
                         version)
        _write_rom(dev, image, digest, log, state)
    elif how == "romfs":
        log("the device's ROMFS holds this build's image already")
    with tempfile.TemporaryDirectory(prefix="svara-thin-") as thin:
        with open(os.path.join(build_dir, "main.py"), "rb") as f:
            main_py = f.read()
        with open(os.path.join(thin, "main.py"), "wb") as f:
            f.write(main_py)
        record = {"format": 1, "runs_from": how, "files": {"main.py": [
            len(main_py), hashlib.sha256(main_py).hexdigest()]}, "needed": ["main.py"]}
        if how == "romfs":
            record["romfs"] = [len(image), digest]
        with open(os.path.join(thin, buildtool.MANIFEST), "w") as f:
            f.write(json.dumps(record, sort_keys=True) + "\n")
        thin_local = buildtool.file_hashes(thin)
        thin_sizes = {n: os.path.getsize(os.path.join(thin, n)) for n in thin_local}
        old = _active(dev)[1]
        sent = _flash_files(dev, port, thin, thin_local, thin_sizes, log, check_space,
                            state, version)
    if old:
        dev.run("_rmtree(%r)" % old)     # the copy no longer in use: its room is free
        log("removed %s (the filesystem keeps main.py, boot.py and the saves)" % old)
    return sent


def remote_hashes(dev, top, k=16):
    """{name: SHA-256} of the files under `top` on the device, k files an answer: a whole
    .mpy build's in one answer asked a block of some 5 KB of a Pico's heap, which the
    old game left in pieces (MemoryError on the emulated Pico)."""
    got = {}
    i = 0
    while True:
        part = dev.eval("_hashes(%r, %d, %d)" % (top, i, k))
        got.update(part)
        if len(part) < k:
            return got
        i += k


def check_flash_map(dev):
    """On an rp2 device, where its running firmware ends against its filesystem, read from
    the device's flash (tools/device/image.py); FlashError when the firmware reaches the
    filesystem (littlefs erases the firmware's blocks as saves are written). None when the
    device is not an rp2."""
    pages = {}

    def read(addr, n):
        out = b""
        while len(out) < n:
            a = addr + len(out)
            page = a & ~1023
            if page not in pages:
                pages[page] = dev.eval("_mem(%d, 1024)" % page)
            if pages[page] is None:
                return None
            out += pages[page][a - page:a - page + n - len(out)]
        return out
    if read(imagetool.XIP, 4) is None:         # (its page is flash_map's first read too)
        return None
    try:
        ok, line = imagetool.check(imagetool.flash_map(read))
    except imagetool.ImageError as e:
        return "its flash map could not be read (%s)" % e
    if not ok:
        raise FlashError("the device's firmware: %s; nothing was sent" % line)
    return line


def choose(dev, image_size, mode="auto"):
    """(how, why): how the game goes on the device, one of MODES, and why in words.
    frozen when the firmware has the game frozen in, romfs when the device has a ROMFS
    partition the image fits, mpy otherwise; `mode` other than auto insists on one
    (FlashError when the device cannot take it)."""
    if mode in ("auto", "frozen"):
        frozen = dev.eval("_frozen()")
        if frozen:
            return "frozen", ("the firmware has the game frozen in (%s): only main.py goes "
                              "on the filesystem, the code stays in flash" % frozen)
        if mode == "frozen":
            raise FlashError("--mode frozen: the device's firmware has no game frozen in "
                             "(build it with firmware/manifest.py: README); nothing was sent")
    size = dev.eval("_rom_size()")
    if mode in ("auto", "romfs"):
        if size >= image_size:
            return "romfs", ("the device has a ROMFS partition of %d KiB and the image is "
                             "%d KiB: it goes there and runs in place from flash" % (
                                 size // 1024, -(-image_size // 1024)))
        if size:
            why = ("the device's ROMFS partition (%d KiB) is too small for the image "
                   "(%d KiB)" % (size // 1024, -(-image_size // 1024)))
        else:
            why = "the device has no ROMFS partition (vfs.rom_ioctl)"
        if mode == "romfs":
            raise FlashError("--mode romfs: %s; nothing was sent" % why)
    else:
        why = "--mode mpy"
    return "mpy", why + ": installing .mpy files (their code loads into RAM)"


def _check_version(dev, ours):
    """The device's MicroPython version; FlashError if it cannot load our .mpy."""
    theirs = dev.eval("getattr(sys.implementation, '_mpy', None)")
    version = dev.eval("sys.implementation.version[:3]")
    if ours is not None and (theirs is None or theirs & 0xFF != ours):
        raise FlashError(
            "the device runs MicroPython %s, which loads .mpy version %s; this build is "
            ".mpy version %d (MicroPython %s): flash MicroPython %s onto the handset, or "
            "build with the mpy-cross of its version" % (
                ".".join(str(v) for v in version),
                "(none)" if theirs is None else theirs & 0xFF, ours,
                buildtool.DEVICE_VERSION, buildtool.DEVICE_VERSION))
    return version


def _active(dev):
    """(slot letter or "", its folder or None, the other letter, its folder). The slot
    is what /svara.slot holds by its SHA-256 as well as by its read, and the folder
    about to be filled must not be the only whole game there: FlashError (nothing
    changed) when the device's answers disagree."""
    told = dev.eval("_read(%r)" % SLOT_FILE)
    digest = dev.eval("_hash_of(%r)" % SLOT_FILE)
    by_hash = ""
    for s in SLOTS:
        if digest in (hashlib.sha256(s.encode()).hexdigest(),
                      hashlib.sha256(s.encode() + b"\n").hexdigest()):
            by_hash = s
    active = told if told in SLOTS else ""
    if active != by_hash and (active or digest):
        raise FlashError("the device's %s reads %r but holds %s by its SHA-256: which "
                         "game runs is not sure; %s" % (
                             SLOT_FILE, told, "slot %r" % by_hash if by_hash else
                             "something else", SWITCHED[False]))
    target = "b" if active == "a" else "a"
    live, new = "/svara." + active if active else None, "/svara." + target
    if live and dev.eval("_check(%r)" % live) and not dev.eval("_check(%r)" % new):
        raise FlashError("the device's %s names %s, which holds no whole game, while %s "
                         "does: which game runs is not sure; %s" % (
                             SLOT_FILE, live, new, SWITCHED[False]))
    return active, live, target, new


def _runs_from(dev):
    """Where the running copy keeps its code: "romfs", "frozen", or "mpy" (its folder)."""
    live = _active(dev)[1]
    if not live:
        return "mpy"
    try:
        return json.loads(dev.eval("_read(%r)" % (live + "/" + buildtool.MANIFEST))
                          ).get("runs_from", "mpy")
    except (ValueError, AttributeError):
        return "mpy"


def _write_rom(dev, image, digest, log, state=None):
    """Write the ROMFS image to the device's partition, its first chunk (the header)
    last so that a cut-off write never mounts as a ROMFS, then check its SHA-256 there.
    The running copy does not use the ROMFS while this runs (_flash sees to it)."""
    runs = ("the new game runs from .mpy files, whole: flash again to put it in the ROMFS"
            if state and state.get("switched") else
            "nothing was switched: the old game still runs")
    chunk = dev.eval("_rom_begin(%d)" % len(image))
    if not isinstance(chunk, int) or chunk < 1 or chunk > 65536:
        raise FlashError("the device's ROMFS partition could not be prepared (%r); %s" % (
            chunk, runs))
    order = list(range(chunk, len(image), chunk)) + [0]
    for i, at in enumerate(order):
        part = image[at:at + chunk]
        part += b"\xff" * (chunk - len(part)) if len(part) < chunk else b""
        dev.run("_rom_w(%d, _b64(b%r))" % (at, base64.b64encode(part).decode("ascii")))
        if i % 32 == 31 or i == len(order) - 1:
            log("  ROMFS: %6d of %d bytes" % (min(len(image), (i + 1) * chunk), len(image)))
    dev.run("_rom_end()")
    if dev.eval("_rom_hash(%d)" % len(image)) != digest:
        raise FlashError("the ROMFS image reads back different on the device; " + runs)
    log("verified the ROMFS image on the device (%d bytes, SHA-256)" % len(image))


def _flash_files(dev, port, build_dir, local, sizes, log, check_space, state, version):
    """Fill the slot not in use with the files of `build_dir`, check them there, then
    switch to it (the .mpy way, and the thin folder of the other two)."""
    _, live, target, new = _active(dev)
    remote = remote_hashes(dev, live) if live else {}
    send, keep = plan(local, remote)
    log("device: MicroPython %s; running copy: %s; writing %s" % (
        ".".join(str(v) for v in version), live or "none", new))

    free = dev.eval("_free()")
    if free and check_space:
        block, avail = free
        stale = _slot_bytes(dev, new)   # the older copy there goes first
        need = sum(_blocks(s, block) for s in sizes.values()) + 2
        have = avail + _blocks(stale, block)
        if need > have:
            raise FlashError(
                "the device's filesystem is full: the new copy needs %d KiB beside the "
                "running one, %d KiB are free. Delete files on the device "
                "(mpremote connect %s fs ls / ; fs rm ...) and try again" % (
                    need * block // 1024, have * block // 1024, port))

    dev.run("_rmtree(%r)" % new)
    dirs = sorted({os.path.dirname(n) for n in local})
    for d in dirs:
        dev.run("_mkdirs(%r)" % (new + ("/" + d if d else "")))
    try:
        if keep:
            log("keeping %d unchanged file(s) (copied on the device)" % len(keep))
            for i in range(0, len(keep), 16):
                dev.run("_copy(%r, %r, %r)" % (live, new, keep[i:i + 16]))
        total = sum(sizes[n] for n in send)
        done = 0
        for i, name in enumerate(send):
            with open(os.path.join(build_dir, name), "rb") as f:
                data = f.read()
            dev.put(new + "/" + name, data)
            done += len(data)
            log("  [%d/%d] %-28s %6d bytes  %3d%%" % (
                i + 1, len(send), name, len(data), 100 * done // total if total else 100))
        got = remote_hashes(dev, new)
    except OSError as e:
        if isinstance(e, _link_errors()[2:]):
            raise                   # the link is gone: no cleaning up over it
        _cleanup(dev, new)
        if e.errno == 28:
            raise FlashError("the device's filesystem filled up while copying; nothing "
                             "changed, the old game still runs. Free some space and retry")
        raise FlashError("copying failed (%s); nothing changed, the old game still runs" % e)
    except dev._ExecError as e:
        _cleanup(dev, new)
        if "ENOSPC" in e.error_output or "28" in e.error_output.splitlines()[-1]:
            raise FlashError("the device's filesystem filled up while copying; nothing "
                             "changed, the old game still runs. Free some space and retry")
        raise FlashError("copying failed on the device; nothing changed, the old game "
                         "still runs:\n" + e.error_output)
    bad = sorted(n for n in local if got.get(n) != local[n])
    extra = sorted(set(got) - set(local))
    if not bad and not extra:
        bad = dev.eval("_check(%r)" % new)   # the device's own word, by the manifest
    if bad or extra:
        _cleanup(dev, new)
        raise FlashError("verification failed on the device for %s; nothing changed, "
                         "the old game still runs" % ", ".join(bad + extra))
    log("verified %d files on the device against the manifest (SHA-256)" % len(got))
    if dev.eval("_read('/boot.py')") != BOOT.strip():
        _replace(dev, "/boot.py", BOOT.encode())
        log("wrote /boot.py")
    # The switch: one rename of the new slot file over the old (state: see _replace).
    _replace(dev, SLOT_FILE, target.encode(), state)
    log("switched to %s: sent %d file(s), kept %d" % (new, len(send), len(keep)))
    return send


def _replace(dev, path, data, state=None):
    """Put data in the device's file `path` atomically: path.new written, read back
    and checked (SHA-256), then renamed over path. With `state` (the slot file's
    switch), state["switched"] is None ("maybe": a link lost now leaves either file)
    while the rename is on its way, True once it is done; writing path.new switches
    nothing."""
    dev.put(path + ".new", data)
    # The read-back must be the data's SHA-256: '' (no file, or no hashlib, with which
    # no flash verifies anyway) is not.
    got = dev.eval("_hash_of(%r)" % (path + ".new"))
    if got != hashlib.sha256(data).hexdigest():
        dev.run("try:\n    os.remove(%r)\nexcept OSError:\n    pass" % (path + ".new"))
        raise FlashError("%s reads back different on the device; %s" % (
            path, SWITCHED[state["switched"] if state is not None else False]))
    if state is not None and state["switched"] is not True:
        state["switched"] = None
    dev.run("os.rename(%r, %r)" % (path + ".new", path))
    if state is not None:
        state["switched"] = True


def _slot_bytes(dev, folder):
    """Bytes held by the files under ``folder`` on the device (0 if there is none)."""
    return dev.eval("sum(os.stat(p)[6] for p in _walk(%r, [])) if %r in "
                    "[e[0] for e in os.ilistdir('/')] else 0" % (folder, folder[1:]))


def _cleanup(dev, folder):
    try:
        dev.run("try:\n    f.close()\nexcept Exception:\n    pass")
        dev.run("_rmtree(%r)" % folder)
    except Exception:  # the device may be gone; the slot file was never touched
        pass


def main(argv):
    port = None
    build_dir = None
    reset = True
    timeout = TIMEOUT
    mode = "auto"
    firmware = None
    args = list(argv)
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            print(__doc__)
            return 0
        if a == "--build" and args:
            build_dir = args.pop(0)
        elif a == "--timeout" and args:
            try:
                timeout = float(args.pop(0))
            except ValueError:
                timeout = 0
            if not 0 < timeout <= 3600:
                print("python -m tools.device.flash: --timeout takes seconds, more than 0", file=sys.stderr)
                return 2
        elif a == "--mode" and args:
            mode = args.pop(0)
            if mode not in MODES:
                print("python -m tools.device.flash: --mode is one of %s" % ", ".join(MODES), file=sys.stderr)
                return 2
        elif a == "--firmware" and args:
            firmware = args.pop(0)
        elif a == "--no-reset":
            reset = False
        elif not a.startswith("-") and port is None:
            port = a
        else:
            print("python -m tools.device.flash: bad argument %r (see --help)" % a, file=sys.stderr)
            return 2
    if not port:
        print("python -m tools.device.flash: name the device's port, e.g. make flash PORT=/dev/ttyACM0",
              file=sys.stderr)
        return 2
    build_dir = build_dir or os.path.join(ROOT, "build", "handset")
    if firmware:
        try:
            ok, line = imagetool.check_file(firmware)
        except imagetool.ImageError as e:
            ok, line = False, str(e)
        if not ok:
            print("flash: --firmware %s: %s; nothing was sent" % (firmware, line), file=sys.stderr)
            return 1
        print("firmware: %s" % line)
    try:
        flash(port, build_dir, reset=reset, timeout=timeout, mode=mode)
    except FlashError as e:
        print("flash: %s" % " ".join(str(e).split()), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("flash: interrupted; the device holds the old game or the new one, whole",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
