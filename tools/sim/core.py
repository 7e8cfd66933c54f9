"""The simulator's engine room, shared by tools/sim/__main__.py, tools/bench/ui.py and the tests.

Runs the handset firmware (firmware/app.py with drivers/simdisplay.py) on CPython or on
MicroPython (WebAssembly, via tools/mp/wasm.py), one key at a time, and reads back the 4-bit
frame buffer after each key::

    from tools.sim.core import run, parse_keys
    result = run(parse_keys("DOWN DOWN OK"), seed=1, micropython=True, heap=65536)
    result.frames    # 10,240-byte GS4 frames: after start, then after every key
    result.traces    # the current screen's trace() at the same moments
    result.heap_grew # MicroPython only: the heap had to grow past `heap`

After each key the app's idle() is called until it reports no change, so bots' moves and
timed changes land before the frame is taken (a screen that never settles raises
SettleError after SETTLE_LIMIT calls). Those runs keep the app's virtual clock (firmware/
app.py: 10 ms an idle() call), so a bot thinks and shows its move for as many idle()
calls as its pace is long, on any machine. The window (tools/sim/window.py) instead gives
a key with press(code, now) and calls idle(now) itself at the handset's pace: `now` (ms,
its frame clock) becomes the app's clock.

save_dir=MEMORY keeps the saves in memory for the run (python -m tools.sim --keys without
--save-dir): History's earlier games, Continue and the statistics work as on the handset,
and nothing is written to disk.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _folder in ("lib", "firmware", os.path.join("tools", "common", "hostlib"), ROOT):
    _path = os.path.join(ROOT, _folder)
    if _path not in sys.path:
        sys.path.insert(0, _path)

from drivers import keys  # noqa: E402
from drivers.display import HEIGHT, WIDTH  # noqa: E402
from store import FS  # noqa: E402

# The idle() calls a key may take to settle: far more than any game needs. A bot's action
# takes at most 200 (the slow pace: settings.PACE_THINK 40 thinking + PACE_POP 160 on
# its row, tens of ms, one idle() each on the virtual clock); the most seen after one key with nine bots, stacks of 1000 and no raise cap
# is about 1,250 at the fast pace. 1,000,000 is 5,000 bots' actions after one key.
SETTLE_LIMIT = 1000000
MEMORY = ":memory:"     # save_dir for saves kept in memory (MemoryFS), none on disk


class SettleError(RuntimeError):
    """The screen still answered a change after SETTLE_LIMIT idle() calls: a loop."""


def _unsettled(trace):
    return SettleError("the screen did not settle: idle() still reported a change after "
                       "%d calls (%s)" % (SETTLE_LIMIT, trace))


class MemoryFS(FS):
    """A filesystem in memory for store.Store: store.FS's calls on a dict (FS gives view,
    same and mkdir)."""

    def __init__(self):
        self.files = {}

    def read(self, path):
        return self.files.get(path)

    def write(self, path, data):
        self.files[path] = bytes(data)

    def rename(self, old, new):
        self.files[new] = self.files.pop(old)

    def remove(self, path):
        self.files.pop(path, None)


def _watch_help(app):
    """Note the help text of every draw.bottom() (the keys' help line with the soft keys)
    the app's screens draw, for help(): the help of a dialog (the table's "leave this
    game?") is drawn without changing the screen's own `help`."""
    from ui import draw
    bottom = draw.bottom
    if not getattr(bottom, "sim_watch", False):
        def watched(fb, help_text, left, right_label):
            seen = getattr(fb, "sim_app", None)
            if seen is not None:
                screen = seen.screen
                fb.sim_bottom = (help_text, screen.name, getattr(screen, "help", ""))
            return bottom(fb, help_text, left, right_label)
        watched.sim_watch = True
        draw.bottom = watched
    app.display.sim_app = app


def shown_help(screen, seen):
    """The keys' help of what the screen shows: `seen` (the last draw.bottom()'s help, the
    screen's name and its own help then) while the same screen shows it and its own
    help is unchanged since; else the screen's own help."""
    own = getattr(screen, "help", "")
    if seen is not None and seen[1] == screen.name and seen[2] == own:
        return seen[0]
    return own


def parse_keys(text):
    """Key codes for names such as "OK DOWN 7 STAR" (commas also separate); ValueError
    naming the bad name and the valid ones otherwise."""
    codes = []
    for name in text.replace(",", " ").split():
        codes.append(keys.code(name))
    return codes


def read_keys_arg(arg):
    """The text of a --keys argument: the argument itself, or a file's text for @file
    (lines starting with # are comments)."""
    if not arg.startswith("@"):
        return arg
    with open(arg[1:], encoding="utf-8") as f:
        return " ".join(line.split("#", 1)[0] for line in f)


def key_name(code):
    return keys.NAMES[code] if 0 < code < len(keys.NAMES) else str(code)


class Result:
    """What a run produced: frames and trace lines after start and after every key."""

    def __init__(self):
        self.frames = []
        self.traces = []
        self.heap_grew = False
        self.heap = None        # (GC total at start, at end) under MicroPython


class CPythonRunner:
    """The firmware on this interpreter; show() rows can go to `sink(line, y)`."""

    def __init__(self, seed=None, sink=None, save_dir=None):
        from app import App
        from drivers.simdisplay import SimDisplay
        self.display = SimDisplay(sink)
        store = None
        if save_dir == MEMORY:
            from store import Store
            store = Store("/saves", fs=MemoryFS())
        elif save_dir:
            from store import Store
            os.makedirs(save_dir, exist_ok=True)
            store = Store(save_dir)
        self.app = App(self.display, seed=seed, store=store)
        self.display.sim_bottom = None
        self._now = 0
        _watch_help(self.app)

    def start(self):
        self.app.start()
        self.settle()       # the handset's loop idles at once (a saved game is read then)

    def _clock(self, now):
        """From now on the app's clock reads `now` (ms) as the window last gave it."""
        self._now = now
        if self.app.clock is None:
            self.app.clock = self._read

    def _read(self):
        return self._now

    def press(self, code, now=None):
        """The key alone, as the handset's loop gives it (the window idles by the clock);
        `now` (ms) is the clock's time of it (None: the virtual clock goes on)."""
        if now is not None:
            self._clock(now)
        self.app.key(code)

    def key(self, code):
        self.app.key(code)
        self.settle()

    def settle(self):
        n = 0
        while self.app.idle():
            n += 1
            if n >= SETTLE_LIMIT:
                raise _unsettled(self.trace())

    def idle(self, now=None):
        if now is not None:
            self._clock(now)
        return self.app.idle()

    def frame(self):
        return self.display.frame_bytes()

    def trace(self):
        return self.app.trace()

    def help(self):
        """The keys' help of the screen shown (a dialog's, while one is up)."""
        return shown_help(self.app.screen, self.display.sim_bottom)

    def close(self):
        pass


# Modules imported under MicroPython in calls of their own before the app starts: the
# port collects garbage only between calls, and the handset's GC would collect between
# these imports anyway (it collects whenever the heap runs short). Screens' own modules
# are not preloaded: the app opens each screen in a call of its own (ui.screen.Later).
PRELOAD = ("app", "ui.screen", "ui.writer", "ui.font_6x12", "ui.font_5x8", "svara", "svara.bots",
           "i18n", "settings", "ui.draw", "ui.title", "session")

# Code run under MicroPython, each string one top-level call.
_MP_SETUP = (
    "import gc\ngc.collect()",
    "from drivers.simdisplay import SimDisplay\n_d = SimDisplay()",
) + tuple("try:\n    import %s\nexcept ImportError:\n    pass" % m for m in PRELOAD) + (
    "import app\n_store = None\n"
    "if %(saves)r:\n"
    "    from store import Store\n"
    "    _store = Store('/saves')\n"
    "_app = app.App(_d, seed=%(seed)r, store=_store)",
    "def _frame():\n"
    "    f = open('/frame.bin', 'wb')\n"
    "    f.write(_d.buffer)\n"
    "    f.close()\n"
    "def _help():\n"
    "    return getattr(_app.screen, 'help', '')\n",
    "gc.collect()",
)

# With watch_help (the window): every draw.bottom()'s help noted as _watch_help does on
# CPython, kept by reference (the screen's name, not the screen: nothing is kept alive).
_MP_WATCH_HELP = (
    "import ui.draw\n"
    "_bottom = ui.draw.bottom\n"
    "_seen = [None, None, None]\n"
    "def _watched(fb, h, l, r):\n"
    "    s = _app.screen\n"
    "    _seen[0] = h\n"
    "    _seen[1] = s.name\n"
    "    _seen[2] = getattr(s, 'help', '')\n"
    "    _bottom(fb, h, l, r)\n"
    "ui.draw.bottom = _watched\n"
    "def _help():\n"
    "    s = _app.screen\n"
    "    own = getattr(s, 'help', '')\n"
    "    if _seen[0] is not None and _seen[1] == s.name and _seen[2] == own:\n"
    "        return _seen[0]\n"
    "    return own\n"
)


class MicroPythonRunner:
    """The same firmware under MicroPython 1.27 (WebAssembly), one call per key."""

    def __init__(self, seed=None, heap=None, save_dir=None, frozen=False, watch_help=False):
        from tools.mp.wasm import MicroPython
        heap = heap or (1 << 20)
        self._restore = ""
        self.code = 0           # the frozen-build model's code, added to the heap
        if frozen:              # the frozen-build model (tools/mp/frozen.py)
            from tools.mp import frozen as model
            self.mp, self.code, restore = model.interpreter(heap)
            self._restore = "\n" + restore
        else:
            self.mp = MicroPython(heap=heap)
        if save_dir == MEMORY:  # /saves in the port's filesystem (memory), never copied out
            save_dir = None
            saves = True
        else:
            saves = bool(save_dir)
        self.save_dir = save_dir
        try:
            if save_dir:        # the host folders' saves go into the port's, and back on close
                for port, host in save_folders(save_dir):
                    os.makedirs(host, exist_ok=True)
                    self.mp.exec("import os\ntry:\n    os.mkdir(%r)\nexcept OSError:\n"
                                 "    pass" % port)
                    for name in os.listdir(host):
                        with open(os.path.join(host, name), "rb") as f:
                            self.mp.write(port + "/" + name, f.read())
            for code in _MP_SETUP:
                self.mp.exec(code % {"seed": seed, "saves": saves})
            if watch_help:
                self.mp.exec(_MP_WATCH_HELP)
        except Exception:
            self.mp.close()
            raise
        self._help = ""
        self._clocked = False

    def _clock(self, now):
        """Code that sets the app's clock to `now` (ms; "" for None: the virtual clock)."""
        if now is None:
            return ""
        if not self._clocked:
            self._clocked = True
            return "_t = [%d]\n_app.clock = lambda: _t[0]\n" % now
        return "_t[0] = %d\n" % now

    def _call(self, code):
        out = self.mp.exec(code + self._restore +
                           "\n_frame()\nprint(_help())\nprint(_app.trace())")
        lines = out.rstrip("\n").split("\n")
        self._trace = lines[-1]
        self._help = lines[-2] if len(lines) > 1 else ""
        self._frame = self.mp.read("/frame.bin")

    def start(self):
        self.mp.exec("_app.start()" + self._restore)
        self._settle()      # the handset's loop idles at once (a saved game is read then)

    def _settle(self):
        outs = self.mp.repeat(["print(_app.idle())" + self._restore], SETTLE_LIMIT,
                              r"^\s*True\s*$")
        if len(outs) >= SETTLE_LIMIT and outs[-1].strip() == "True":
            self._call("")
            raise _unsettled(self._trace)
        self._call("")

    def press(self, code, now=None):
        """The key alone, as the handset's loop gives it (the window idles by the clock)."""
        self.mp.exec("%s_app.key(%d)%s" % (self._clock(now), code, self._restore))
        self._call("")

    def key(self, code):
        # The key in a call of its own, then one call per idle() until the screen settles:
        # the handset's GC can run between any two of them, and this port's only there.
        # (The host makes the idle() calls one after another while they say True.)
        self.mp.exec("_app.key(%d)%s" % (code, self._restore))
        self._settle()

    def idle(self, now=None):
        out = self.mp.exec(self._clock(now) + "print(_app.idle())" + self._restore).strip()
        if out == "True":
            self._call("")
            return True
        return False

    def frame(self):
        return self._frame

    def trace(self):
        return self._trace

    def help(self):
        return self._help

    def mem_alloc(self):
        return self.mp.mem_alloc()

    def heap(self):
        return self.mp.heap_total()

    def close(self):
        try:
            if self.save_dir:
                for port, host in save_folders(self.save_dir):
                    names = self.mp.exec("import os\nprint(' '.join(os.listdir(%r)))"
                                         % port).split()
                    present = set(names)
                    for name in names:
                        with open(os.path.join(host, name), "wb") as f:
                            f.write(self.mp.read(port + "/" + name))
                    for name in os.listdir(host):   # (removed in the port: a pair moved)
                        if name not in present:
                            os.remove(os.path.join(host, name))
        finally:
            self.mp.close()


def save_folders(save_dir):
    """(the port's folder, the host's) of each folder the store keeps saves in: /saves as
    save_dir, and beside it each pair's own (firmware/store.py: Store.home), as a
    CPython run's Store(save_dir) keeps them on the host."""
    from store import PAIRS, Store
    save_dir = save_dir.rstrip("/\\") or save_dir
    got = [("/saves", save_dir)]
    for name in PAIRS:
        got.append((Store("/saves").home(name), Store(save_dir).home(name)))
    return got


def runner(micropython=False, seed=None, heap=None, sink=None, save_dir=None, frozen=False,
           watch_help=False):
    """A runner of the firmware; with save_dir, its saves (firmware/saving.py) live in that
    host folder (MEMORY: in memory for the run; None: nothing is saved, as in the tests);
    `frozen` runs MicroPython in the frozen-build model (tools/mp/frozen.py), its heap
    `heap` plus the code; `watch_help` makes MicroPython's help() follow a dialog's help
    as CPython's always does (the window asks for it)."""
    if micropython:
        return MicroPythonRunner(seed=seed, heap=heap, save_dir=save_dir, frozen=frozen,
                                 watch_help=watch_help)
    return CPythonRunner(seed=seed, sink=sink, save_dir=save_dir)


def run(codes, seed=None, micropython=False, heap=None, each=None, save_dir=None,
        frozen=False, keep=True):
    """Start the app, press every key of `codes`; a Result with a frame and a trace line
    after start and after each key (keep=False: the last step's alone, so a run of any
    length takes constant memory). `each(i, code, runner)` is called after each step
    (code is 0 for the start)."""
    r = runner(micropython, seed, heap, save_dir=save_dir, frozen=frozen)
    result = Result()
    try:
        r.start()
        result.frames.append(r.frame())
        result.traces.append(r.trace())
        if each:
            each(0, 0, r)
        for i, code in enumerate(codes, 1):
            r.key(code)
            if not keep:
                del result.frames[:], result.traces[:]
            result.frames.append(r.frame())
            result.traces.append(r.trace())
            if each:
                each(i, code, r)
        if micropython:
            result.heap = r.heap()
            result.heap_grew = result.heap[1] > result.heap[0]
    finally:
        r.close()
    return result


_host_display = None


def frame_rgb565(frame, display=None):
    """The RGB565 image (little-endian, 256 bytes a row) of a 4-bit frame, made by
    SimDisplay.show(): the same expansion the handset's driver does."""
    global _host_display
    from drivers.simdisplay import SimDisplay
    out = bytearray(WIDTH * HEIGHT * 2)

    def sink(line, y):
        out[y * WIDTH * 2:(y + 1) * WIDTH * 2] = line

    d = display or _host_display
    if d is None:
        d = _host_display = SimDisplay()
    d.sink = sink
    d.buffer[:] = frame
    d.show()
    return bytes(out)


_RGB = {}           # RGB565 value -> its 3 RGB888 bytes, filled as colours come


def rgb565_to_rgb(data):
    """RGB888 bytes from little-endian RGB565 bytes (5/6 bits widened by bit copying)."""
    import array
    pixels = array.array("H")
    pixels.frombytes(bytes(data))
    if sys.byteorder != "little":
        pixels.byteswap()
    table = _RGB
    for c in set(pixels) - table.keys():
        r, g, b = c >> 11, (c >> 5) & 63, c & 31
        table[c] = bytes(((r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2)))
    return b"".join([table[c] for c in pixels])


def surface_of(frame, scale=1):
    """A pygame surface of a 4-bit frame, through SimDisplay.show()'s RGB565 rows."""
    import pygame
    rgb = rgb565_to_rgb(frame_rgb565(frame))
    surface = pygame.image.frombytes(rgb, (WIDTH, HEIGHT), "RGB")
    if scale != 1:
        surface = pygame.transform.scale(
            surface, (WIDTH * scale, HEIGHT * scale))
    return surface
