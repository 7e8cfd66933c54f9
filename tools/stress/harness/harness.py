"""The app on a filesystem in memory that can cut the power: what the check modules
(host_tests/mpchecks) and the stress tools share, on CPython and MicroPython alike.

This folder is on the tests' sys.path (pyproject.toml) and tools/stress/powercut.py's;
tools/mp/wasm.py copies its modules beside a check module it runs under MicroPython, so
`from harness import ...` works on both interpreters."""
import svara
from store import FS


def raises(f, *args):
    """The message of the ValueError that f(*args) raises; AssertionError if none."""
    try:
        f(*args)
    except ValueError as e:
        return str(e)
    raise AssertionError("no ValueError for %r" % (args,))


def deck(*hands):
    """A deck that deals these hands (text) in dealing order, first hand first."""
    cards = [svara.parse(h) for h in hands]
    m = len(cards)
    d = [0] * (3 * m)
    for j in range(m):
        for r in range(3):
            d[r * m + j] = cards[j][r]
    return d + [c for c in range(32) if c not in d]


def saved(name, folder="saves"):
    """The path of a save's copies but their suffix: a pair's are in a folder of its own
    (store.Store.home)."""
    from store import Store
    return Store(folder, fs=FS()).home(name) + "/" + name


def copies(files, name):
    """(the newest copy's path, the one before's) of a save among files (paths), by the
    store's cycle of slots, or for a pair (store.PAIRS) by their sequence numbers
    (store.py): what a test damages or reads apart."""
    from store import _COPIES, PAIRS, decode, newest
    if name.split("/")[-1] in PAIRS:
        got = []
        for c in _COPIES[:2]:
            if name + c in files:
                seq = decode(files[name + c])[0]
                got.append((-1 if seq is None else seq, name + c))
        got.sort()
        if len(got) == 1:
            return got[0][1], name + _COPIES[1 if got[0][1] == name else 0]
        return got[-1][1], got[0][1]
    mask = 0
    for i in range(3):
        if name + _COPIES[i] in files:
            mask |= 1 << i
    n = newest(mask)
    return name + _COPIES[n], name + _COPIES[(n + 2) % 3]


class PowerCut(BaseException):
    """The power goes: not an Exception, so the app's error guard cannot catch it."""


class CuttingFS(FS):
    """Files in memory; the power goes at the n-th write, rename or remove (cut_at).

    A cut write leaves the file as `mode` says: "none" (not created), "empty", "half"
    (the first half of the bytes) or "whole" (all written, power lost right after).
    A cut rename or remove does not happen (they are atomic on littlefs)."""

    def __init__(self, files=None):
        self.files = dict(files or {})
        self.ops = 0
        self.cut_at = -1
        self.mode = "half"
        self.reads = None       # a list: the paths read are added to it, in turn
        self.cut_path = None    # the file a cut write was writing
        self.listing = True     # names() lists the files (False: not known)

    def _tick(self):
        self.ops += 1
        return self.ops == self.cut_at

    def read(self, path):
        if self.reads is not None:
            self.reads.append(path)
        return self.files.get(path)

    def names(self, folder):
        """The folder's listing (store.py reads only the copies it names); with
        listing False, unknown (the store then tries every copy's name)."""
        if not self.listing:
            return None
        at = len(folder) + 1 if folder else 0
        return [p[at:] for p in self.files if not folder or p.startswith(folder + "/")]

    def write(self, path, data):
        if self._tick():
            self.cut_path = path
            if self.mode == "empty":
                self.files[path] = b""
            elif self.mode == "half":
                self.files[path] = bytes(data[:len(data) // 2])
            elif self.mode == "whole":
                self.files[path] = bytes(data)
            raise PowerCut()
        self.files[path] = bytes(data)

    def rename(self, old, new):
        if self._tick():
            raise PowerCut()
        self.files[new] = self.files.pop(old)

    def remove(self, path):
        if self._tick():
            raise PowerCut()
        self.files.pop(path, None)


class Blank:
    """A display that draws nothing (for checks about saves, names and chips, not pixels:
    CPython's framebuf stand-in is slow); shown counts show() calls."""

    shown = 0

    def fill(self, c):
        pass

    def fill_rect(self, x, y, w, h, c):
        pass

    def rect(self, x, y, w, h, c, f=False):
        pass

    def ellipse(self, x, y, xr, yr, c, f=False):
        pass

    def blit(self, fb, x, y, key=-1, palette=None):
        pass

    def show(self):
        self.shown += 1


def phone(fs, seed, display):
    """The app started on a handset whose saves live in fs (a CuttingFS)."""
    from app import App
    from store import Store
    app = App(display, seed=seed, store=Store("saves", fs=fs))
    app.start()
    settle(app)         # as main.py's loop: idle() at once (the saved game is read then)
    return app


def settle(app):
    """idle() until the screen settles, as the handset's loop calls it."""
    n = 0
    while n < 1000 and app.idle():
        n += 1


def press(app, codes, each=None):
    """Each key, then idle() until the screen settles (as the handset's loop); each(app)
    after every key if given."""
    for c in codes:
        app.key(c)
        n = 0
        while n < 1000 and app.idle():
            n += 1
        if each:
            each(app)
