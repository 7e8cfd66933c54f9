#!/usr/bin/env python3
"""Copy a build (tools/build.py) onto a MicroPython handset over its serial line, with
mpremote's transport: ``make flash PORT=/dev/ttyACM0 [BOARD=handset]``.

    python3 tools/flash.py PORT [--build DIR] [--no-reset]

PORT is what mpremote connects to: /dev/ttyACM0, COM3, or socket://host:port.

The game lives in one of two folders on the device, /svara.a and /svara.b; the file
/svara.slot names the one that runs, and /boot.py (written here) changes into it at
start-up, so main.py and the modules load from there. A flash fills the other folder:
files whose SHA-256 matches the running copy are copied on the device, only the rest
go over the line. Every file's hash is then checked on the device, and the switch is
one rename of a new /svara.slot over the old. An interrupted or failed flash leaves the
old game running and complete. Then the device is reset (machine.reset()).

Exit status: 0 flashed, 1 failed (the message says why; the old game is intact),
2 bad usage.
"""
import ast
import base64
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import build as buildtool  # noqa: E402

SLOTS = ("a", "b")
SLOT_FILE = "/svara.slot"
BOOT = """\
# Written by tools/flash.py: run the game from the folder that /svara.slot names.
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
def _hashes(top):
    try:
        files = _walk(top, [])
    except OSError:
        return {}
    n = len(top) + 1
    return {p[n:]: _hash(p) for p in files}
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
"""


class FlashError(Exception):
    """Flashing failed; the message says why and what to do."""


def _mpremote():
    from mpremote.transport import TransportError, TransportExecError
    from mpremote.transport_serial import SerialTransport
    return SerialTransport, TransportError, TransportExecError


def connect(port):
    """An mpremote transport in the raw REPL, after a soft reset; FlashError if none."""
    SerialTransport, TransportError, _ = _mpremote()
    try:
        transport = SerialTransport(port, baudrate=115200)
    except TransportError as e:
        raise FlashError("no device at %s (%s): is the handset plugged in, and is that "
                         "its port? `mpremote connect list` shows the ports" % (port, e))
    try:
        transport.enter_raw_repl(soft_reset=True)
    except TransportError as e:
        transport.close()
        raise FlashError("%s answers but not as a MicroPython REPL (%s): is MicroPython "
                         "flashed on it, and is nothing else using the port?" % (port, e))
    return transport


class Device:
    """The commands flashing needs, on an mpremote transport."""

    def __init__(self, transport):
        self.t = transport
        _, self._TransportError, self._ExecError = _mpremote()
        self.t.exec(HELPERS)

    def eval(self, expr):
        out = self.t.exec("print(repr(%s))" % expr)
        return ast.literal_eval(out.decode().strip())

    def run(self, code):
        return self.t.exec(code)

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


def flash(port, build_dir, reset=True, log=print, check_space=True):
    """Flash ``build_dir`` onto the device at ``port``; returns the names sent."""
    if not os.path.isdir(build_dir) or not os.listdir(build_dir):
        raise FlashError("no build in %s: run `make build` first" % build_dir)
    local = buildtool.file_hashes(build_dir)
    sizes = {n: os.path.getsize(os.path.join(build_dir, n)) for n in local}
    ours = _mpy_version(build_dir)
    started = time.monotonic()
    transport = connect(port)
    try:
        dev = Device(transport)
        sent = _flash(dev, port, build_dir, local, sizes, ours, log, check_space)
        if reset:
            log("resetting the device")
            transport.exec_raw_no_follow("import machine\nmachine.reset()")
            time.sleep(0.2)
        else:
            transport.exit_raw_repl()
    finally:
        transport.close()
    log("done in %.1f s" % (time.monotonic() - started))
    return sent


def _flash(dev, port, build_dir, local, sizes, ours, log, check_space):
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
    active = dev.eval("_read(%r)" % SLOT_FILE)
    if active not in SLOTS:
        active = ""
    target = "b" if active == "a" else "a"
    live = "/svara." + active if active else None
    new = "/svara." + target
    remote = dev.eval("_hashes(%r)" % live) if live else {}
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
        got = dev.eval("_hashes(%r)" % new)
    except OSError as e:
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
    if bad or extra:
        _cleanup(dev, new)
        raise FlashError("verification failed on the device for %s; nothing changed, "
                         "the old game still runs" % ", ".join(bad + extra))
    log("verified %d files on the device (SHA-256)" % len(got))
    if dev.eval("_read('/boot.py')") != BOOT.strip():
        dev.put("/boot.py", BOOT.encode())
    # The switch: one rename of the new slot file over the old.
    dev.run("with open(%r, 'w') as f:\n    f.write(%r)\nos.rename(%r, %r)" % (
        SLOT_FILE + ".new", target, SLOT_FILE + ".new", SLOT_FILE))
    log("switched to %s: sent %d file(s), kept %d" % (new, len(send), len(keep)))
    return send


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
    args = list(argv)
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            print(__doc__)
            return 0
        if a == "--build" and args:
            build_dir = args.pop(0)
        elif a == "--no-reset":
            reset = False
        elif not a.startswith("-") and port is None:
            port = a
        else:
            print("flash.py: bad argument %s (see --help)" % a, file=sys.stderr)
            return 2
    if not port:
        print("flash.py: name the device's port, e.g. make flash PORT=/dev/ttyACM0",
              file=sys.stderr)
        return 2
    build_dir = build_dir or os.path.join(ROOT, "build", "handset")
    try:
        flash(port, build_dir, reset=reset)
    except FlashError as e:
        print("flash: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
