# Saves that survive a power cut at any moment: settings, names, chips, statistics and
# the game in progress, each a small JSON document in a file of its own.
#
# A file is: b"SVR" + format version (1 byte) + sequence number (4) + payload length (4)
# + CRC-32 (4) + the payload (UTF-8 JSON). Version 2's CRC covers every byte before it
# and the payload, so a flipped bit anywhere (the sequence number that picks the copy
# included) makes the file damaged; version 1 files (CRC of the payload only) still load
# and are written as version 2 by the next save (loading.py saves one again at once:
# self.old). A payload nested deeper than DEPTH lists or dicts is damaged too (it is
# not decoded).
# A save writes NAME.new, reads it back and checks it, moves the current NAME to
# NAME.bak, then renames NAME.new to NAME. Whatever step the power cuts, one of NAME,
# NAME.new and NAME.bak is whole: loading takes the whole one with the highest sequence
# number whose content passes the caller's check, so a cut loses at most the save that
# was being written, and a file damaged later falls back to the copy before it. (NAME.bak
# is only ever the NAME before, older than a whole NAME or NAME.new: load() reads it
# only when neither of those gives a good copy. A damaged NAME.bak beside a good NAME
# is not said: nothing falls back on it, and the next save replaces it.)
# Erasing writes a whole NAME.new holding null (a tombstone, the newest copy: the name
# reads as erased from then on), removes NAME.bak and NAME, then the tombstone: a cut at
# any step leaves the old save or an erased one, never an older copy brought back (with
# no room for the tombstone, NAME.bak goes first: at most the newest save comes back).
# Nothing here raises on bad files: load() says what it did instead (self.note).
import binascii
import io
import json
import os

from svara.work import utf8 as _utf8    # a str's UTF-8 bytes, no copy on MicroPython

MAGIC = b"SVR"
VERSION = 2
DEPTH = 8           # the deepest nesting of lists and dicts a payload may have
_HEADER = 16  # 3 magic + 1 version + 4 sequence + 4 length + 4 CRC
_VIEW = [None]  # the last memoryview RealFS.view gave: svara.work.BUF from its start
_SUFFIXES = ("", ".new", ".bak")


def _u32(data, at):
    return (data[at] << 24) | (data[at + 1] << 16) | (data[at + 2] << 8) | data[at + 3]


def _be32(n):
    return bytes(((n >> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255))


def _crc(data, version):
    """The CRC a file of `version` should hold (version 2: header bytes 0-11 too)."""
    m = memoryview(data)
    if version == 1:
        return binascii.crc32(m[_HEADER:]) & 0xFFFFFFFF
    return binascii.crc32(m[_HEADER:], binascii.crc32(m[:12])) & 0xFFFFFFFF


def encode(seq, obj):
    """The bytes of a save file holding obj (anything json can write), numbered seq.
    Two blocks of the save's size on MicroPython (the JSON text and the file's bytes):
    a heap in pieces has fewer holes that big."""
    payload = _utf8(json.dumps(obj))
    head = MAGIC + bytes((VERSION,)) + _be32(seq) + _be32(len(payload))
    crc = binascii.crc32(payload, binascii.crc32(head)) & 0xFFFFFFFF
    return head + _be32(crc) + payload


def _problem(data):
    """Why a file's bytes are not a whole save file, or None when they are."""
    if not data:
        return "empty"
    if len(data) < _HEADER or bytes(data[:3]) != MAGIC:
        return "not a save file"
    if data[3] != VERSION and data[3] != 1:
        return "version %d, not %d" % (data[3], VERSION)
    length = _u32(data, 8)
    if len(data) - _HEADER != length:
        return "cut short" if len(data) - _HEADER < length else "too long"
    if _crc(data, data[3]) != _u32(data, 12):
        return "checksum wrong"
    if not _shallow(data):
        return "nested too deep"
    return None


def _whole(data):
    """The sequence number of a whole save file, or -1; decodes no JSON (saving checks
    copies this way, which leaves much less garbage than decode())."""
    if data is None or _problem(data) is not None:
        return -1
    return _u32(data, 4)


def _shallow(data):
    """True when the payload nests lists and dicts at most DEPTH deep (strings skipped).
    First the [ and { are counted, in C (the loop below costs about a thousand Cortex-M0
    instructions a byte) and in place: no more than DEPTH cannot nest deeper. (A
    memoryview is counted only when it is RealFS.view's: the work space from its start.)"""
    end = len(data)
    buf = data
    if isinstance(data, memoryview):
        buf = None
        if data is _VIEW[0]:
            from svara.work import BUF
            buf = BUF
    if buf is not None and (buf.count(b"[", _HEADER, end) + buf.count(b"{", _HEADER, end)
                            <= DEPTH):
        return True
    buf = None
    depth = 0
    quoted = False
    escape = False
    for i in range(_HEADER, len(data)):
        c = data[i]
        if quoted:
            if escape:
                escape = False
            elif c == 92:       # backslash
                escape = True
            elif c == 34:       # closing quote
                quoted = False
        elif c == 34:
            quoted = True
        elif c == 91 or c == 123:   # [ {
            depth += 1
            if depth > DEPTH:
                return False
        elif c == 93 or c == 125:   # ] }
            depth -= 1
    return True


def decode(data, whole=False):
    """(seq, obj) from a save file's bytes (or a memoryview of them), or (None, why)
    when it is not a whole file (whole: known to be, not checked again)."""
    why = None if whole else _problem(data)
    if why is not None:
        return None, why
    try:
        try:
            return _u32(data, 4), json.loads(data[_HEADER:])
        except TypeError:       # CPython's json reads no memoryview
            return _u32(data, 4), json.loads(bytes(data[_HEADER:]))
    except ValueError:
        return None, "unreadable"


class _Sink(io.IOBase):     # a stream: MicroPython's json.dump writes only to streams
    """Where json.dump writes a save's JSON: into buf from `at` on; n is the bytes
    written, or -1 once they would not fit (then nothing more is written)."""

    def __init__(self, buf, at):
        self.buf = buf
        self.at = at
        self.n = 0

    def write(self, b):
        if isinstance(b, str):          # CPython writes str pieces
            b = b.encode()
        k = len(b)
        n = self.n
        if n >= 0:
            if self.at + n + k > len(self.buf):
                self.n = -1
            else:
                self.buf[self.at + n:self.at + n + k] = b
                self.n = n + k
        return k


def _put32(buf, at, n):
    buf[at] = (n >> 24) & 255
    buf[at + 1] = (n >> 16) & 255
    buf[at + 2] = (n >> 8) & 255
    buf[at + 3] = n & 255


def _encoded(seq, obj, big=True):
    """encode(seq, obj), made in the game's work space (svara.work) and given as a
    memoryview of it. big: the JSON goes there through a stream, no block of the
    save's size in the heap (but a Python call for every piece json writes: 2 M
    instructions of the handset's for a 200-byte game); else json.dumps (C: 40 times
    faster) makes it as one short-lived string, copied there (the stream's way when the
    heap has no hole for it: every save of the app's is made so, the history's too). A
    save too big for the work space is made by encode(). The view is good until the
    work space's next use."""
    from svara.work import BUF
    if big:
        sink = _Sink(BUF, _HEADER)
        json.dump(obj, sink)
        n = sink.n
    else:
        try:
            text = _utf8(json.dumps(obj))
        except MemoryError:             # no hole that big in the heap: the stream's way
            return _encoded(seq, obj, True)
        n = len(text)
        if _HEADER + n > len(BUF):
            n = -1
        else:
            BUF[_HEADER:_HEADER + n] = text
        text = None
    if n < 0:
        return encode(seq, obj)
    BUF[0:3] = MAGIC
    BUF[3] = VERSION
    _put32(BUF, 4, seq)
    _put32(BUF, 8, n)
    m = memoryview(BUF)
    _put32(BUF, 12, binascii.crc32(m[_HEADER:_HEADER + n], binascii.crc32(m[:12])) & 0xFFFFFFFF)
    return m[:_HEADER + n]


class FS:
    """The few calls the store makes of a filesystem. A file system in memory (the tests'
    doubles) gives read, write, rename and remove; view, same and mkdir here fall back on
    read and on having no folders. RealFS is the device's."""

    def read(self, path):
        """The file's bytes, or None when it cannot be read."""
        raise NotImplementedError

    def view(self, path):
        """The file's bytes, as read() (RealFS reads them into the work space)."""
        return self.read(path)

    def same(self, path, data):
        """True when the file at path holds exactly `data`."""
        return self.read(path) == data

    def mkdir(self, path):
        """Make the folder path; False when this filesystem has no folders to make."""
        return False

    def names(self, folder):
        """The names of the files in `folder` ("": the top), or None when not known
        (then load() tries every copy's name)."""
        return None


class RealFS(FS):
    """The device's (or the host's) filesystem."""

    def read(self, path):
        try:
            with open(path, "rb") as f:
                return f.read()
        except OSError:
            return None

    def view(self, path):
        """The file's bytes read into the game's work space (svara.work), as a memoryview
        good until its next use (no block of the file's size); bytes when the file does
        not fit there; None when it cannot be read."""
        from svara.work import BUF
        try:
            with open(path, "rb") as f:
                n = f.readinto(BUF) or 0
                if n < len(BUF):
                    v = _VIEW[0] = memoryview(BUF)[:n]
                    return v
                f.seek(0)
                return f.read()
        except OSError:
            return None

    def write(self, path, data):
        with open(path, "wb") as f:
            f.write(data)
        sync = getattr(os, "sync", None)
        if sync:
            sync()

    def same(self, path, data):
        """True when the file at path holds exactly `data`: read back a few bytes at a
        time, so checking a save needs no second copy of it in the heap."""
        buf = bytearray(64)
        piece = memoryview(buf)
        data = memoryview(data)
        at = 0
        end = len(data)
        try:
            with open(path, "rb") as f:
                while True:
                    n = f.readinto(buf)
                    if not n:
                        return at == end
                    if at + n > end:
                        return False
                    if piece[:n] != data[at:at + n]:   # compared in C, no copies
                        return False
                    at += n
        except OSError:
            return False

    def names(self, folder):
        """One listing of the folder: on littlefs opening a file that is not there costs
        about as much as reading a small one, and a listing about as much as two or
        three such opens (loading.py's start: five names, each with its NAME.new)."""
        try:
            return os.listdir(folder) if folder else os.listdir()
        except OSError:
            return None         # (no folder yet, a first start: every name is tried)

    def rename(self, old, new):
        os.rename(old, new)

    def mkdir(self, path):
        try:
            os.mkdir(path)
        except OSError:
            pass  # there already; if it could not be made, the write after says so
        return True

    def remove(self, path):
        try:
            os.remove(path)
        except OSError:
            pass


class Store:
    """Saves under a folder: Store(folder="", fs=None); fs, an FS, stands in for tests."""

    def __init__(self, folder="", fs=None):
        self.folder = folder
        self.fs = fs or RealFS()
        self.note = ""  # what the last load() had to do, for the screen ("" if nothing)
        self.old = False    # the last load() gave a version 1 copy (loading.py saves it again)
        # name -> seq of its last save by this Store, while that save is known whole and
        # alone (NAME, no NAME.new): the next save need not read the copies back first.
        self._clean = {}
        self._names = None  # the folder's file names while a scan() holds them

    def _path(self, name):
        return self.folder + "/" + name if self.folder else name

    def scan(self, keep=True):
        """List the folder once for the loads that follow (loading.py's start reads five
        saves), until the next save or erase, or scan(False): the listing says which
        copies there are to read. Without it each load() lists the folder itself."""
        self._names = self.fs.names(self.folder) if keep else None

    def load(self, name, default=None, check=None):
        """The saved object, or default; self.note tells what was wrong, if anything.
        check(obj), if given, says whether a whole copy's content is good: a copy it
        refuses is damaged ("bad content") and the next older whole copy is tried.
        Reads NAME.new and NAME (NAME last, so that the usual newest copy is decoded
        from the work space, not read again), and NAME.bak only when neither gives a
        good copy: a save numbers its NAME.new past every whole copy, and NAME.bak only
        ever holds what NAME held before, so it is never newer than a whole NAME or
        NAME.new. A name the folder's listing lacks is not opened."""
        path = self._path(name)
        fs = self.fs
        read = fs.view
        self.note = ""
        self.old = False
        names = self._names
        if names is None:
            names = fs.names(self.folder)   # None: not known, every name is tried
        problem = None      # what was wrong with NAME, else with NAME.bak
        refused = False     # a whole copy's content failed the check
        found = []          # (seq, suffix) of the whole copies
        data = None
        held = None         # the suffix of the whole copy `data` holds
        for suffix in (".new", ""):     # (NAME last: decoded as it was read)
            if names is not None and name + suffix not in names:
                continue
            data = held = None      # (the work space is read over)
            data = read(path + suffix)
            if data is None:
                continue
            why = _problem(data)
            if why is None:
                found.append((_u32(data, 4), suffix))
                held = suffix
            elif suffix == "":
                problem = why   # (a cut-off NAME.new is no damage: never in place)
        found.sort()
        bak = names is None or name + ".bak" in names
        while found or bak:
            if found:
                seq, suffix = found.pop()
            else:
                suffix = ".bak"
                bak = False
            if suffix != held:
                data = None
                data = read(path + suffix)
                if data is None:
                    continue
                why = _problem(data)
                if why is not None:
                    if problem is None:
                        problem = why
                    continue
            data_old = data[3] == 1
            held = None
            seq, got = decode(data, True)
            data = None
            if seq is None:
                got = None
                if problem is None:
                    problem = "unreadable"
                continue
            if got is None:
                return default  # the newest copy is the tombstone of an erase
            if check is None or check(got):
                self.old = data_old
                if problem is None and refused:
                    problem = "bad content"
                if problem is not None:
                    self.note = "%s: %s, using the last good copy" % (name, problem)
                return got
            got = None
            refused = True
        if problem is None and refused:
            problem = "bad content"
        if problem is not None:
            self.note = "%s: %s, using defaults" % (name, problem)
        return default

    def _seq(self, path):
        """The highest sequence number among the whole copies (-1 if none), finishing
        a save that was cut after its NAME.new was whole: (seq, NAME exists)."""
        fs = self.fs
        read = fs.view      # each read is done with before the next
        data = read(path)
        exists = data is not None
        current = _whole(data)
        data = None
        new = _whole(read(path + ".new"))
        seq = max(current, new, _whole(read(path + ".bak")))
        if new == seq and new >= 0:
            self._finish(path, exists)  # the last save was cut after its file was whole
            exists = True
        return seq, exists

    def _write_new(self, name, path, data):
        fs = self.fs
        try:
            fs.write(path + ".new", data)
        except OSError:
            if not self.folder or not fs.mkdir(self.folder):
                raise
            fs.write(path + ".new", data)   # a first save: the folder was not there yet
        if not fs.same(path + ".new", data):
            raise OSError("save %s: the written file reads back different" % name)

    def save(self, name, obj, big=False):
        """Write obj so that a power cut at any moment keeps either it or the last save.
        big: obj may be kilobytes of JSON (made without a block its size: _encoded)."""
        path = self._path(name)
        self._names = None                  # the folder changes: a listing held is old
        seq = self._clean.pop(name, None)   # forgotten until this save is whole
        exists = seq is not None
        if seq is None:
            seq, exists = self._seq(path)
        self._write_new(name, path, _encoded(seq + 1, obj, big))
        self._finish(path, exists)
        self._clean[name] = seq + 1

    def _finish(self, path, exists):
        """Put the whole NAME.new in place, keeping the current NAME (if any) as NAME.bak."""
        fs = self.fs
        if exists:
            fs.remove(path + ".bak")
            fs.rename(path, path + ".bak")
        fs.rename(path + ".new", path)

    def erase(self, name):
        """Forget a save (all its copies), as atomically as a save: see the top."""
        path = self._path(name)
        fs = self.fs
        self._names = None
        self._clean.pop(name, None)
        seq, exists = self._seq(path)
        if seq < 0 and not exists:
            for suffix in _SUFFIXES:
                fs.remove(path + suffix)  # nothing whole there: only debris
            return
        tomb = encode(seq + 1, None)
        try:
            self._write_new(name, path, tomb)
        except OSError:
            # No room for the tombstone: the older copy goes first (then only the newest
            # save could come back after a cut), and the tombstone is tried again.
            fs.remove(path + ".bak")
            try:
                self._write_new(name, path, tomb)
            except OSError:
                fs.remove(path + ".new")
        fs.remove(path + ".bak")
        fs.remove(path)
        fs.remove(path + ".new")
