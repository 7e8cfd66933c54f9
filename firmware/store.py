# Saves that survive a power cut at any moment: each a small JSON document in a file of
# its own, kept in copies, so that a cut, or a file damaged later, falls back to the last
# whole one. docs/RELIABILITY.md ("Saves") says how and why: the file's header, the cycle
# of three slots, NAME.new for a name's first saves, the game's pair written over in
# place (PAIRS), the erase's tombstone. Nothing here raises on a bad file: load() says
# what it did instead (self.note).
import binascii
import io
import json
import os

from svara.work import utf8 as _utf8    # a str's UTF-8 bytes, no copy on MicroPython

MAGIC = b"SVR"
VERSION = 2         # the file format's (docs/RELIABILITY.md: the next format's change)
DEPTH = 8           # the deepest nesting of lists and dicts a payload may have
_HEADER = 16  # 3 magic + 1 version + 4 sequence + 4 length + 4 CRC
_VIEW = [None]  # the last memoryview RealFS.view gave: svara.work.BUF from its start
# A save's copies: the cycle's three slots (a save writes the slot after the newest), and
# NAME.new (a name's first saves, renamed into the slot once whole). A mask of copies has
# bit i for _COPIES[i].
_COPIES = ("", ".1", ".2", ".new")
_ALL = 4
PAIRS = ("game",)   # the names saved as a pair of copies written over in turn
_PAIR_ALL = 2       # a pair's copies: NAME and NAME.1, in its own folder (Store.home)
_MISSING = (2, 44)  # ENOENT: MicroPython's ports and CPython; the WebAssembly port's WASI


def _u32(data, at):
    return (data[at] << 24) | (data[at + 1] << 16) | (data[at + 2] << 8) | data[at + 3]


def _be32(n):
    return bytes(((n >> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255))


def _crc(data):
    """The CRC a file should hold: of header bytes 0-11 and the payload."""
    m = memoryview(data)
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
    if data[3] != VERSION:
        return "version %d, not %d" % (data[3], VERSION)
    length = _u32(data, 8)
    if len(data) - _HEADER != length:
        return "cut short" if len(data) - _HEADER < length else "too long"
    if _crc(data) != _u32(data, 12):
        return "checksum wrong"
    if not _shallow(data):
        return "nested too deep"
    return None


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
        three such opens (loading.py's start: five names, each with its NAME.new). A
        folder that is not there has no files; None when it cannot be listed."""
        try:
            return os.listdir(folder) if folder else os.listdir()
        except OSError as e:
            if e.args and e.args[0] in _MISSING:
                return []       # (no folder yet: a first start, a pair never saved)
            return None         # (not known: every name is tried)

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


def newest(mask):
    """The slot (0, 1, 2) of the newest copy as the folder's listing says it, from the
    mask of the copies there (bit i: _COPIES[i]): with one or two of the cycle's slots
    and no NAME.new, the slot whose next slot is missing; else None
    (the copies must be read to know)."""
    return (None, 0, 1, 1, 2, 0, 2)[mask] if 0 <= mask < 7 else None


def _next(name, cycle):
    """The slot a save or an erase writes after the newest copy's slot `cycle` (-1:
    none): the next in the cycle, or a pair's other copy."""
    if name in PAIRS:
        return 1 if cycle == 0 else 0
    return (cycle + 1) % 3              # (-1: none in the cycle, slot 0)


def _state(whole, mask, slots):
    """(seq, slot, mask, top) for Store._known from the whole copies read, (seq, copy)
    each: top is the copy of the highest sequence number (-1: none); slot is the newest
    whole copy's among copies 0 to slots - 1 (the cycle's three, a pair's two)."""
    seq = top = -1
    slot = -1
    best = -1
    for s, i in whole:
        if s > seq:
            seq = s
            top = i
        if i < slots and s > best:
            best = s
            slot = i
    return seq, slot, mask, top


class Store:
    """Saves under a folder: Store(folder="", fs=None); fs, an FS, stands in for tests."""

    def __init__(self, folder="", fs=None):
        self.folder = folder
        self.fs = fs or RealFS()
        self.note = ""  # what the last load() had to do, for the screen ("" if nothing)
        # name -> (seq, slot, mask, top) while known (after a save, or after a load): the
        # highest sequence number of its whole copies (-1: none), the cycle's slot of its
        # newest whole copy there (-1: none), the mask of its copies and the copy of the
        # highest number (-1: none). The next save then reads nothing first.
        self._known = {}
        # folder -> its file names (None: not known) while a scan() holds the listings
        self._names = None

    def _path(self, name):
        return self.folder + "/" + name if self.folder else name

    def home(self, name):
        """The folder of name's copies: a pair's own beside the store's (FOLDER.NAME: on
        littlefs its log then holds the pair's writes alone, and compacting it is a
        fifth of the shared folder's work), else the store's."""
        if name in PAIRS:
            return self.folder + "." + name
        return self.folder

    def _copy(self, name, i):
        """The path of name's copy i (_COPIES; a pair's in its own folder)."""
        if name in PAIRS:
            return self.home(name) + "/" + name + _COPIES[i]
        return self._path(name) + _COPIES[i]

    def scan(self, keep=True):
        """List the folder once for the loads that follow (loading.py's start reads five
        saves), until the next save or erase, or scan(False): the listing says which
        copies there are to read (a pair's folder is listed when a load first asks).
        Without it each load() lists the folders itself."""
        self._names = {self.folder: self.fs.names(self.folder)} if keep else None

    def listed(self, name):
        """True when the listings held by scan() name a copy of `name`, False when they
        name none, None when no listing of the store's folder is held."""
        if self._names is None or self._names[self.folder] is None:
            return None
        return self._mask(name) != 0

    def _bits(self, folder, name, n):
        """The mask of name's first n copies' names (_COPIES) in the folder's listing
        (held by scan() once listed); all n when it cannot be listed (then every copy's
        name is tried)."""
        held = self._names
        if held is None:
            names = self.fs.names(folder)
        else:
            if folder not in held:
                held[folder] = self.fs.names(folder)
            names = held[folder]
        if names is None:
            return (1 << n) - 1
        mask = 0
        for i in range(n):
            if name + _COPIES[i] in names:
                mask |= 1 << i
        return mask

    def _mask(self, name):
        """The mask of name's copies in the listings (a pair's: its own folder's)."""
        if name in PAIRS:
            return self._bits(self.home(name), name, _PAIR_ALL)
        return self._bits(self.folder, name, _ALL)

    def _read_all(self, name, mask, skip, found):
        """Read every copy in mask but `skip`; add (seq, copy) of each whole one to found.
        (mask, data, held, damaged): the mask less the copies that could not be read, the
        last copy read when whole (else None) and its number (else -1), and (copy, why) of
        each damaged copy."""
        read = self.fs.view
        data = None
        held = -1
        damaged = []
        for i in range(_PAIR_ALL if name in PAIRS else _ALL):
            if i == skip or not mask & (1 << i):
                continue
            got = read(self._copy(name, i))
            if got is None:         # (not there: the work space is as it was)
                mask &= ~(1 << i)
                continue
            data = got          # (the work space was read over)
            got = None
            why = _problem(data)
            if why is None:
                found.append((_u32(data, 4), i))
                held = i
            else:
                data = None
                held = -1
                damaged.append((i, why))
        return mask, data, held, damaged

    def load(self, name, default=None, check=None):
        """The saved object, or default; self.note tells what was wrong, if anything.
        check(obj), if given, says whether a whole copy's content is good: a copy it
        refuses is damaged ("bad content") and the next older whole copy is tried.
        The newest copy the listing names is read first, and alone when it is good;
        otherwise every copy there is read and the whole ones are tried newest first (by
        sequence number). A copy the folder's listing lacks is not opened."""
        self.note = ""
        mask = self._mask(name)
        pair = name in PAIRS
        slots = 3 - pair
        # (a pair: the listing cannot say which copy is newer: both are read)
        first = (None, 0, 1, None)[mask] if pair else newest(mask)
        problem = None      # what was wrong with a copy that should have been good
        aside = None        # what was wrong with a copy that need not be (below)
        refused = False     # a whole copy's content failed the check
        whole = []          # (seq, copy) of the whole copies read
        found = []          # those not tried yet, oldest first
        data = None
        held = -1           # the copy `data` holds, read and whole
        if first is not None:       # the newest alone, read as the others would be
            one, data, held, damaged = self._read_all(name, 1 << first, -1, found)
            if not one:
                mask &= ~(1 << first)
            if damaged:
                problem = damaged[0][1]
        rest = True         # the other copies are still to be read
        while True:
            if not found:
                if not rest:
                    break
                rest = False    # no good newest (or no listing): every other copy is read
                data = None
                mask, data, held, damaged = self._read_all(name, mask, first, found)
                found.sort()
                whole += found
                last = _state(whole, mask, slots)[1]
                for i, why in damaged:
                    # A cut save's slot (three copies there: the one after the newest)
                    # and a cut NAME.new are no damage while a copy is good.
                    if i >= slots or (not pair and mask & 7 == 7 and last >= 0
                                         and i == (last + 1) % 3):
                        aside = aside or why
                    elif problem is None:
                        problem = why
                continue
            seq, i = found.pop()
            if held != i:
                data = None
                data = self.fs.view(self._copy(name, i))
            held = -1
            if i == first:
                whole.append((seq, i))
            seq, got = decode(data, True)
            data = None
            if seq is None:
                if problem is None:
                    problem = "unreadable"
                continue
            self._known[name] = _state(whole + found, mask, slots)
            if got is None:
                return default  # the newest copy is the tombstone of an erase
            if check is None or check(got):
                if problem is None and refused:
                    problem = "bad content"
                if problem is not None:
                    self.note = "%s: %s, using the last good copy" % (name, problem)
                return got
            got = None
            refused = True
        if problem is None:
            problem = "bad content" if refused else aside
        if problem is not None:
            self.note = "%s: %s, using defaults" % (name, problem)
        self._known[name] = _state(whole, mask, slots)
        return default

    def _write(self, name, path, data):
        """Write a copy at path and check it reads back (OSError if not)."""
        fs = self.fs
        try:
            fs.write(path, data)
        except OSError:
            folder = path[:path.rfind("/")] if "/" in path else ""
            if not folder or not fs.mkdir(folder):
                raise
            fs.write(path, data)   # a first save: the folder was not there yet
        if not fs.same(path, data):
            raise OSError("save %s: the written file reads back different" % name)

    def save(self, name, obj, big=False):
        """Write obj so that a power cut at any moment keeps either it or the last save.
        big: obj may be kilobytes of JSON (made without a block its size: _encoded)."""
        self._names = None                  # the folder changes: a listing held is old
        seq, cycle, mask = self._begin(name)
        slot = _next(name, cycle)
        mask = self._put(name, slot, mask, _encoded(seq + 1, obj, big))
        for i in ((slot + 1) % 3, 3) if name not in PAIRS else ():
            # the oldest copy, and a NAME.new a cut left (a pair's older copy is written over)
            if mask & (1 << i):
                self.fs.remove(self._copy(name, i))
                mask &= ~(1 << i)
        self._known[name] = (seq + 1, slot, mask, slot)

    def _begin(self, name):
        """(seq, slot, mask) of name's copies before a save or erase (forgotten until it
        is whole), a save cut before its NAME.new's rename finished first."""
        known = self._known.pop(name, None)
        pair = name in PAIRS
        if known is None:       # every copy there read
            whole = []
            known = _state(whole, self._read_all(name, self._mask(name), -1, whole)[0],
                           3 - pair)
        seq, cycle, mask, top = known
        if top == 3 and not pair:   # NAME.new is the newest: it goes to its slot, as it would have
            cycle = (cycle + 1) % 3
            self.fs.rename(self._copy(name, 3), self._copy(name, cycle))
            mask = (mask & ~8) | (1 << cycle)
        return seq, cycle, mask

    def _put(self, name, slot, mask, data):
        """Write a whole copy in `slot`; the mask of the copies there then. With two
        copies of the cycle there (as between saves) straight into the slot: a cut
        leaves three, read as a cut save. With fewer (a name's first saves, after an
        erase) through NAME.new, renamed into the slot once whole, as the slot's copy
        would be the newest by the listing while it is written."""
        if name in PAIRS or (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) >= 2:
            self._write(name, self._copy(name, slot), data)  # (a pair's: both are read)
        else:
            path = self._path(name)
            self._write(name, path + ".new", data)
            self.fs.rename(path + ".new", path + _COPIES[slot])
            mask &= ~8
        return mask | (1 << slot)

    def erase(self, name):
        """Forget a save (all its copies), as atomically as a save: see the top."""
        fs = self.fs
        self._names = None
        seq, cycle, mask = self._begin(name)
        n = _PAIR_ALL if name in PAIRS else _ALL
        if seq < 0:
            for i in range(n):
                if mask & (1 << i):
                    fs.remove(self._copy(name, i))  # nothing whole there: only debris
            return
        slot = _next(name, cycle)
        data = encode(seq + 1, None)
        try:
            mask = self._put(name, slot, mask, data)
        except OSError:
            # No room for the tombstone: the older copies go first (then only the newest
            # save could come back after a cut), and the tombstone is tried again.
            for i in range(n):
                if i != cycle and i != slot and mask & (1 << i):
                    fs.remove(self._copy(name, i))
                    mask &= ~(1 << i)
            try:
                mask = self._put(name, slot, mask, data)
            except OSError:
                fs.remove(self._path(name) + ".new")    # (the slot goes last, below)
        # The rest, the older copies first (a NAME.new, then the cycle's; its newest
        # last), then the tombstone.
        for i in range(n - 1, -1, -1):
            if i != slot and i != cycle and mask & (1 << i):
                fs.remove(self._copy(name, i))
        if cycle >= 0 and mask & (1 << cycle):
            fs.remove(self._copy(name, cycle))
        fs.remove(self._copy(name, slot))
