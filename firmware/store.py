# Saves that survive a power cut at any moment: settings, names, chips, statistics and
# the game in progress, each a small JSON document in a file of its own.
#
# A file is: b"SVR" + format version (1 byte) + sequence number (4) + payload length (4)
# + CRC-32 of the payload (4) + the payload (UTF-8 JSON). A save writes NAME.new,
# reads it back and checks it, moves the current NAME to NAME.bak, then renames
# NAME.new to NAME. Whatever step the power cuts, one of NAME, NAME.new and NAME.bak is
# whole: loading takes the whole one with the highest sequence number, so a cut loses
# at most the save that was being written, and a file damaged later falls back to the
# copy before it. Nothing here raises on bad files: load() says what it did instead.
import binascii
import json
import os

MAGIC = b"SVR"
VERSION = 1
_HEADER = 16  # 3 magic + 1 version + 4 sequence + 4 length + 4 CRC


def _u32(data, at):
    return (data[at] << 24) | (data[at + 1] << 16) | (data[at + 2] << 8) | data[at + 3]


def _be32(n):
    return bytes(((n >> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255))


def encode(seq, obj):
    """The bytes of a save file holding obj (anything json can write), numbered seq."""
    payload = json.dumps(obj).encode()
    crc = binascii.crc32(payload) & 0xFFFFFFFF
    return MAGIC + bytes((VERSION,)) + _be32(seq) + _be32(len(payload)) + _be32(crc) + payload


def _whole(data):
    """The sequence number of a whole save file, or -1; decodes no JSON (saving checks
    copies this way, which leaves much less garbage than decode())."""
    if (not data or len(data) < _HEADER or data[:3] != MAGIC or data[3] != VERSION
            or len(data) - _HEADER != _u32(data, 8)
            or binascii.crc32(memoryview(data)[_HEADER:]) & 0xFFFFFFFF != _u32(data, 12)):
        return -1
    return _u32(data, 4)


def decode(data):
    """(seq, obj) from a save file's bytes, or (None, why) when it is not a whole file."""
    if not data:
        return None, "empty"
    if len(data) < _HEADER or data[:3] != MAGIC:
        return None, "not a save file"
    if data[3] != VERSION:
        return None, "version %d, not %d" % (data[3], VERSION)
    length = _u32(data, 8)
    payload = data[_HEADER:]
    if len(payload) != length:
        return None, "cut short" if len(payload) < length else "too long"
    if binascii.crc32(payload) & 0xFFFFFFFF != _u32(data, 12):
        return None, "checksum wrong"
    try:
        return _u32(data, 4), json.loads(payload)
    except ValueError:
        return None, "unreadable"


class RealFS:
    """The device's (or the host's) filesystem, as the few calls the store makes."""

    def read(self, path):
        try:
            with open(path, "rb") as f:
                return f.read()
        except OSError:
            return None

    def write(self, path, data):
        with open(path, "wb") as f:
            f.write(data)
        sync = getattr(os, "sync", None)
        if sync:
            sync()

    def rename(self, old, new):
        os.rename(old, new)

    def mkdir(self, path):
        try:
            os.mkdir(path)
        except OSError:
            pass  # there already; if it could not be made, the write after says so

    def remove(self, path):
        try:
            os.remove(path)
        except OSError:
            pass


class Store:
    """Saves under a folder: Store(folder="", fs=None); fs stands in for tests."""

    def __init__(self, folder="", fs=None):
        self.folder = folder
        self.fs = fs or RealFS()
        self.note = ""  # what the last load() had to do, for the screen ("" if nothing)
        # name -> seq of its last save by this Store, while that save is known whole and
        # alone (NAME, no NAME.new): the next save need not read the copies back first.
        self._clean = {}

    def _path(self, name):
        return self.folder + "/" + name if self.folder else name

    def _best(self, path):
        """(seq, obj, problems, suffix) of the newest whole copy among path, .new, .bak."""
        best_seq = -1
        best = None
        where = None
        problems = []
        for suffix in ("", ".new", ".bak"):
            data = self.fs.read(path + suffix)
            if data is None:
                if suffix == "":
                    problems.append("missing")
                continue
            seq, obj = decode(data)
            if seq is None:
                problems.append(obj)
            elif seq > best_seq:
                best_seq, best, where = seq, obj, suffix
        return best_seq, best, problems, where

    def load(self, name, default=None):
        """The saved object, or default; self.note tells what was wrong, if anything."""
        seq, obj, problems, _ = self._best(self._path(name))
        self.note = ""
        if seq < 0:
            if problems and problems != ["missing"]:
                self.note = "%s: %s, using defaults" % (name, problems[0])
            return default
        if problems and problems[0] != "missing":
            self.note = "%s: %s, using the last good copy" % (name, problems[0])
        return obj

    def save(self, name, obj):
        """Write obj so that a power cut at any moment keeps either it or the last save."""
        path = self._path(name)
        fs = self.fs
        seq = self._clean.pop(name, None)   # forgotten until this save is whole
        exists = seq is not None
        if seq is None:
            data = fs.read(path)
            exists = data is not None
            current = _whole(data)
            data = None
            new = _whole(fs.read(path + ".new"))
            seq = max(current, new, _whole(fs.read(path + ".bak")))
            if new == seq and new >= 0:
                self._finish(path, exists)  # the last save was cut after its file was whole
                exists = True
        data = encode(seq + 1, obj)
        try:
            fs.write(path + ".new", data)
        except OSError:
            mkdir = getattr(fs, "mkdir", None)
            if not self.folder or mkdir is None:
                raise
            mkdir(self.folder)  # a first save: the folder may not exist yet
            fs.write(path + ".new", data)
        if fs.read(path + ".new") != data:
            raise OSError("save %s: the written file reads back different" % name)
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
        """Forget a save (all its copies)."""
        path = self._path(name)
        self._clean.pop(name, None)
        for suffix in ("", ".new", ".bak"):
            self.fs.remove(path + suffix)
