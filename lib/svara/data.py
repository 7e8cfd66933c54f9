# Large constant tables read in place, by offset, into small buffers of the caller's:
# nothing big is allocated when a table is used (docs/MEMORY.md, rule 1).
# A table module (svara._exact_v0, svara._strategy, the packed languages i18n.<code>)
# holds bytes constants. Frozen into the firmware (or in a ROMFS), a memoryview on them
# costs nothing: the "view" way. Installed as .mpy files, importing one would load each
# constant into RAM in one block, so the build writes the module's bytes into NAME.bin
# beside it, read here by seek and readinto through one open file: the "file" way,
# taken whenever that file is there (its layout: tools/device/build.py data_file()).
import sys

MAGIC = b"SVD"


def _bin_path(module):
    """The .bin file beside `module`'s package on a filesystem install, or None."""
    i = module.rfind(".")
    if i < 0:
        return None
    pkg = sys.modules.get(module[:i])
    f = getattr(pkg, "__file__", None)
    if not f:
        return None
    j = f.rfind("/")
    if j < 0 or f.endswith(".py"):   # frozen, or plain sources: import the module
        return None
    path = f[:j + 1] + module[i + 1:] + ".bin"
    try:
        open(path, "rb").close()
    except OSError:
        return None
    return path


class Table:
    """Table(module, names): the bytes constants `names` of the table module `module`
    (dotted name), read by offset. open() before reading, close() after (the file way
    keeps one file open in between); drop=True lets the module go again on close()
    where it was imported for the reading (sources, not frozen: its bytes are RAM)."""

    def __init__(self, module, names, drop=False):
        self.module = module
        self.names = names
        self.drop = drop
        self.path = _bin_path(module)
        self._f = None
        self._views = None
        self._at = None

    def open(self):
        if self.path is None:
            if self._views is None:
                __import__(self.module)
                m = sys.modules[self.module]
                self._views = [memoryview(getattr(m, n)) for n in self.names]
            return self
        if self._f is None and self._at is not None:   # the offsets read before
            self._f = open(self.path, "rb")
        elif self._f is None:
            f = open(self.path, "rb")
            head = f.read(4)
            if head[:3] != MAGIC:
                f.close()
                raise ValueError("%s: not a table file" % self.path)
            found = {}
            at = 0
            for _ in range(head[3]):
                k = f.read(1)[0]
                name = str(f.read(k), "utf-8")
                b = f.read(4)
                size = b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24
                found[name] = (at, size)
                at += size
            base = f.tell()
            self._at = [(base + found[n][0], found[n][1]) for n in self.names]
            self._f = f
        return self

    def size(self, k):
        """The length of constant number k (of names)."""
        if self._views is not None:
            return len(self._views[k])
        if self._f is None:
            raise ValueError("%s is not open" % self.module)
        return self._at[k][1]

    def view(self, k):
        """A memoryview of constant number k, the view way only (else None)."""
        return None if self._views is None else self._views[k]

    def read(self, k, offset, buf, n=-1):
        """Fill buf[:n] (all of it by default) with constant k's bytes from `offset`."""
        if n < 0:
            n = len(buf)
        v = self._views
        if v is not None:
            buf[:n] = v[k][offset:offset + n]
            return buf
        f = self._f
        if f is None:
            raise ValueError("%s is not open" % self.module)
        at, size = self._at[k]
        if offset < 0 or offset + n > size:
            raise ValueError("read past the end of %s.%s" % (self.module, self.names[k]))
        f.seek(at + offset)
        if n == len(buf):
            f.readinto(buf)
        else:
            f.readinto(memoryview(buf)[:n])
        return buf

    def close(self):
        if self._f is not None:
            self._f.close()
            self._f = None
        if self._views is not None and self.drop:
            self._views = None
            name = self.module
            if name in sys.modules:
                del sys.modules[name]
                i = name.rfind(".")
                pkg = sys.modules.get(name[:i])
                if pkg is not None and name[i + 1:] in pkg.__dict__:
                    del pkg.__dict__[name[i + 1:]]
