"""A handset behind an mpremote-like transport, in this process, for tools/device/flash.py's
fault tests: the code flash.py sends runs here on CPython against a filesystem in memory
(os, open, hashlib, binascii and sys as MicroPython has them, as far as flash.py uses
them), so that the power can be cut at any file operation and the link broken at any
command, and what the handset would boot afterwards can be checked.

    dev = FakeHandset()                     # an empty filesystem
    flashtool.connect = lambda port, watchdog=None: dev     # flash.py then talks to it
    dev.cut_at = 7                          # the 7th file operation cuts the power
    dev.boots()                             # after it: the folder boot.py starts in
    FakeHandset(rom=256 * 1024)             # with a ROMFS partition (rp2's kind)
    FakeHandset(frozen=True)                # a firmware with the game frozen in
"""
import hashlib
import io
import sys

from mpremote.transport import TransportError, TransportExecError


class PowerCut(BaseException):
    """The power goes (not an Exception: nothing in flash.py can catch it)."""


class LinkDown(TransportError):
    """The serial line drops, as mpremote reports it."""


class _File:
    def __init__(self, dev, path, mode):
        self.dev = dev
        self.path = path
        self.mode = mode
        self.pos = 0
        if "w" in mode:
            dev._op()
            dev.files[path] = b""           # truncated at once, as littlefs does on open
        elif path not in dev.files:
            raise OSError(2, "ENOENT")

    def write(self, data):
        data = data.encode() if isinstance(data, str) else bytes(data)
        self.dev._op(self.path, data)
        self.dev.files[self.path] += data
        return len(data)

    def read(self, n=-1):
        data = self.dev.files[self.path][self.pos:] if n < 0 else \
            self.dev.files[self.path][self.pos:self.pos + n]
        self.pos += len(data)
        return data if "b" in self.mode else data.decode()

    def readinto(self, buf):
        data = self.read(len(buf))
        buf[:len(data)] = data
        return len(data)

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class _Os:
    """The few os calls flash.py's helpers make, over FakeHandset's files."""

    def __init__(self, dev):
        self.dev = dev

    def _abs(self, p):
        if not p.startswith("/"):
            p = (self.dev.cwd.rstrip("/") + "/" + p)
        return p.rstrip("/") or "/"

    def ilistdir(self, top):
        top = self._abs(top)
        if top != "/" and top not in self.dev.dirs:
            raise OSError(2, "ENOENT")
        pre = "" if top == "/" else top
        seen = set()
        for d in sorted(self.dev.dirs):
            if d.startswith(pre + "/") and "/" not in d[len(pre) + 1:]:
                seen.add(d)
                yield (d[len(pre) + 1:], 0x4000, 0)
        for f in sorted(self.dev.files):
            if f.startswith(pre + "/") and "/" not in f[len(pre) + 1:]:
                yield (f[len(pre) + 1:], 0x8000, 0)

    def listdir(self, top="/"):
        return [e[0] for e in self.ilistdir(top)]

    def mkdir(self, p):
        p = self._abs(p)
        if p in self.dev.dirs or p in self.dev.files:
            raise OSError(17, "EEXIST")
        self.dev._op()
        self.dev.dirs.add(p)

    def rmdir(self, p):
        p = self._abs(p)
        if any(f.startswith(p + "/") for f in list(self.dev.files) + list(self.dev.dirs)):
            raise OSError(39, "ENOTEMPTY")
        self.dev._op()
        self.dev.dirs.discard(p)

    def remove(self, p):
        p = self._abs(p)
        if p not in self.dev.files:
            raise OSError(2, "ENOENT")
        self.dev._op()
        del self.dev.files[p]

    def rename(self, a, b):
        a = self._abs(a)
        b = self._abs(b)
        if a not in self.dev.files:
            raise OSError(2, "ENOENT")
        self.dev._op()
        self.dev.files[b] = self.dev.files.pop(a)     # atomic, as on littlefs

    def stat(self, p):
        p = self._abs(p)
        if p in self.dev.files:
            return (0x8000, 0, 0, 0, 0, 0, len(self.dev.files[p]), 0, 0, 0)
        if p in self.dev.dirs or p == "/":
            return (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        raise OSError(2, "ENOENT")

    def statvfs(self, p):
        return (4096, 4096, 512, 400, 400, 0, 0, 0, 0, 255)

    def chdir(self, p):
        p = self._abs(p)
        if p not in self.dev.dirs:
            raise OSError(2, "ENOENT")
        self.dev.cwd = p

    def sync(self):
        pass


class _Rom(bytearray):
    """A ROMFS partition as rp2's firmware gives it (vfs.rom_ioctl(2, 0)): a block device
    (ioctl 4 blocks, 5 block size, 6 erase a block; writeblocks) whose bytes are its
    memory. Erasing and writing are file operations for the power cuts; a cut one does
    half its bytes."""
    BLOCK = 4096

    def __init__(self, dev, size):
        super().__init__(b"\xff" * size)
        self.dev = dev

    def ioctl(self, op, arg):
        if op == 4:
            return len(self) // self.BLOCK
        if op == 5:
            return self.BLOCK
        if op == 6:
            at = arg * self.BLOCK
            try:
                self.dev._op()
            except BaseException:
                self[at:at + self.BLOCK // 2] = b"\xff" * (self.BLOCK // 2)
                raise
            self[at:at + self.BLOCK] = b"\xff" * self.BLOCK
            return 0
        raise OSError(22, "EINVAL")

    def writeblocks(self, block, buf, offset=0):
        at = block * self.BLOCK + offset
        buf = bytes(buf)
        try:
            self.dev._op()
        except BaseException:
            half = buf[:len(buf) // 2]
            self[at:at + len(half)] = bytes(a & b for a, b in zip(self[at:], half))
            raise
        self[at:at + len(buf)] = bytes(a & b for a, b in zip(self[at:], buf))  # NOR flash


class _Vfs:
    """vfs as a board with (or without) a ROMFS partition has it."""

    def __init__(self, dev):
        self.dev = dev

    def rom_ioctl(self, op, *args):
        if self.dev.rom is None:
            return -22
        if op == 1:
            return 1
        if op == 2:
            return self.dev.rom
        return -22

    def umount(self, path):
        raise OSError(22, "EINVAL")


class _Frozen:
    __file__ = "store.py"       # MicroPython names a frozen module without ".frozen/"


class _Impl:
    name = "micropython"
    version = (1, 27, 0)
    _mpy = 6 | (3 << 8)


class _Sys:
    implementation = _Impl()

    def __init__(self):
        self.path = ["", ".frozen", "/lib"]
        self.modules = {}


class FakeHandset:
    """An mpremote transport with a handset behind it (see the module's docstring).

    cut_at: the file operation (open for writing, each write, rename, remove, mkdir,
    rmdir) at which the power goes, -1 never; a cut write writes half its bytes first.
    drop_at: the command (exec) at which the link drops, -1 never."""

    def __init__(self, files=None, dirs=(), rom=None, frozen=False):
        self.files = dict(files or {})
        self.dirs = set(dirs)
        self.rom = None if rom is None else (
            _Rom(self, rom) if isinstance(rom, int) else _Rom(self, len(rom)))
        if rom is not None and not isinstance(rom, int):
            self.rom[:] = rom
        self.frozen = frozen
        self.cwd = "/"
        self.ops = 0
        self.execs = 0
        self.cut_at = -1
        self.drop_at = -1
        self.serial = self
        self._ns = None

    # --- the power and the link ------------------------------------------------------

    def _op(self, path=None, data=None):
        self.ops += 1
        if self.ops == self.cut_at:
            if path is not None:
                self.files[path] += data[:len(data) // 2]
            raise PowerCut()

    def _namespace(self):
        if self._ns is None:
            import binascii
            self._ns = {"os": _Os(self), "sys": _Sys(), "hashlib": hashlib,
                        "binascii": binascii, "open": lambda p, m="r": _File(
                            self, _Os(self)._abs(p), m),
                        "__name__": "__main__"}
            import builtins
            mine = dict(vars(builtins))
            fakes = {"os": self._ns["os"], "sys": self._ns["sys"], "vfs": _Vfs(self)}
            real_import = builtins.__import__

            def imports(name, *args, **kwargs):
                if name in fakes:
                    return fakes[name]
                if name == "store":         # the frozen game's, found only in .frozen
                    if self.frozen and ".frozen" in fakes["sys"].path:
                        fakes["sys"].modules["store"] = _Frozen
                        return _Frozen
                    raise ImportError(name)
                if name in ("machine",):
                    raise ImportError(name)
                return real_import(name, *args, **kwargs)
            mine["__import__"] = imports
            mine["open"] = self._ns["open"]
            self._ns["__builtins__"] = mine
        return self._ns

    # --- what flash.py calls on an mpremote transport ----------------------------------

    def exec(self, code):
        self.execs += 1
        if self.execs == self.drop_at:
            raise LinkDown("the serial line is gone")
        out = io.StringIO()
        real = sys.stdout
        sys.stdout = out
        try:
            exec(code, self._namespace())
        except Exception as e:
            sys.stdout = real
            raise TransportExecError(out.getvalue().encode(),
                                     "Traceback (most recent call last):\n%s: %s" % (
                                         type(e).__name__, e))
        finally:
            sys.stdout = real
        return out.getvalue().encode()

    def exec_raw_no_follow(self, code):
        if "machine.reset()" in code:
            return
        self.exec(code)

    def fs_writefile(self, path, data):
        with _File(self, path, "wb") as f:
            f.write(data)

    def exit_raw_repl(self):
        pass

    def close(self):
        self._ns = None

    # --- after the cut ---------------------------------------------------------------

    def boots(self):
        """The folder the handset starts main.py from after a reset: boot.py run as the
        board runs it (the root if there is none); None when boot.py fails."""
        self.cut_at = -1
        self.cwd = "/"
        self._ns = None
        if "/boot.py" in self.files:
            try:
                exec(self.files["/boot.py"].decode(), self._namespace())
            except Exception:
                return None
        return self.cwd

    def copy(self):
        """Another handset with this one's files, ROMFS and firmware."""
        return FakeHandset(self.files, self.dirs, None if self.rom is None else
                           bytes(self.rom), self.frozen)

    def folder(self, top):
        """{name: bytes} of the files under `top`."""
        pre = top.rstrip("/") + "/"
        return {p[len(pre):]: d for p, d in self.files.items() if p.startswith(pre)}
