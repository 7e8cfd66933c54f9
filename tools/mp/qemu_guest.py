# Runs IN the qemu guest (MicroPython's ports/qemu, the game frozen in): tools/mp/qemu.py
# sends this file over the raw REPL, then calls one of the phases at the end (bench_play,
# bench_start, bench_decide, bench_odds, flash_match). The code measured is the
# firmware's own, frozen in the image: app.App, its screens, store.Store and the real
# drivers/st7735.py; this file only stands in for the board (pins, an SPI bus that keeps
# what it is given, a littlefs on a RAM block device) and times the calls, as main.py's
# loop makes them: a key, else idle(), and main.py's pause when idle() answers that nothing
# changed (PAUSE_MS, 10 ms); while timed work is held, no idle() until app.wait says
# something is due (main.py sleeps meanwhile, HOLD_MS at a time, reading the keys).
#
# The clock: under qemu -icount shift=0 the guest's clock advances 1 ns per instruction,
# so a time.ticks_us() difference is thousands of instructions ("k"). Sleeps pass no
# instructions (the images wait with WFI, or spin under a microsecond), but they move the
# clock: every sleep the firmware asks for goes through a stand-in time module that
# measures it, and the CPU of a call is its clock time less the sleeps inside it.
#
# The firmware sees HANDSET time: the stand-in time module's ticks_ms() counts HANDSET_NS
# (16 ns: 2.0 cycles at 125 MHz, the model's high end) for every guest instruction, and
# its sleep_ms(n) sleeps n ms of that time (n x 1000 / 16 us of the guest's clock). The
# app gets it as its clock (App(..., clock=time.ticks_ms), as main.py gives the real one),
# so the bots' pace is timed as the handset would time it. The devices' waits advance it
# too, outside the CPU: the SPI bus its bytes at the panel's 12 MHz after each show(), the
# flash chip its erases (45 ms) and page programs (0.4 ms).
#
# Output: one line per figure, "@what key=value ...", all times in k (thousands of
# M0 instructions) unless named _ms or _us; "@error ..." when something went wrong.
import gc
import sys
import time

import uctypes
import vfs

_ticks_us = time.ticks_us
_diff = time.ticks_diff
_sleep_ms = time.sleep_ms

# --- the clock, and sleeps measured --------------------------------------------------------


HANDSET_NS = 16         # handset ns an M0 instruction (guest ns): 2.0 cycles / 125 MHz
SPI_HZ = 12000000       # the panel's SPI clock (firmware/boards/handset/board.py)
ERASE_US = 45000        # handset us of a 4 KB sector erase, a 256-byte page program
PAGE_US = 400


class _Sleeps:
    us = 0          # clock time spent asleep (the firmware's sleeps and the devices' waits)
    asked_ms = 0    # what the firmware asked (handset ms)
    spi_us = 0      # guest us of those for the SPI bus's bytes


def _wait_guest(us):
    """Let `us` of the guest's clock pass, asleep (WFI for whole ms, then a spin). The
    port's ticks_us can misread near a SysTick (it reads the ms and the counter apart),
    which can end a sleep_us early: so until this reading says `us` have passed."""
    t = _ticks_us()
    while True:
        left = us - _diff(_ticks_us(), t)
        if left <= 0:
            return
        if left >= 2000:
            _sleep_ms(left // 1000 - 1)
        else:
            time.sleep_us(left)


def _wait_handset_us(hus):
    """Let `hus` us of HANDSET time pass (hus x 1000 / HANDSET_NS ns of the guest's)."""
    _wait_guest(hus // HANDSET_NS)


class _Art:
    us = 0          # guest us of the stand-ins' own work the handset does not do (the RAM
                    # block device's copying: rp2.Flash's is C and XIP reads), masked


def _bd_done(t, waited):
    """A block device call that began at `t` ends: its time to M.bd (out of the CPU), all
    of it but the flash chip's `waited` us to the stand-ins' own work (out of the clock).
    The end is read last, so that this bookkeeping is the block device's too."""
    x = _diff(_ticks_us(), t) - waited
    _Art.us = (_Art.us + x) & 0x3FFFFFFF
    M.art += x
    M.bd += _diff(_ticks_us(), t)


def _eff_us():
    """The guest's clock less the stand-ins' own work: the handset's, in guest us."""
    return (_ticks_us() - _Art.us) & 0x3FFFFFFF


class _Handset:
    last = _ticks_us()
    ms = 0          # handset ms (wraps as ticks_ms does)
    rem = 0         # and handset us under a ms


def _handset_ms():
    """time.ticks_ms() as the handset would read it: HANDSET_NS a guest instruction. The
    port's ticks_us can read a ms low at a SysTick (it reads ms and the counter apart):
    a step back is skipped, and the next reading makes it up."""
    h = _Handset
    t = _eff_us()
    d = _diff(t, h.last)
    if d > 0:
        h.last = t
        r = h.rem + d * HANDSET_NS
        h.ms = (h.ms + r // 1000) & 0x3FFFFFFF
        h.rem = r % 1000
    return h.ms


def _handset_us():
    ms = _handset_ms()
    return (ms * 1000 + _Handset.rem) & 0x3FFFFFFF


def _sleep_rec(ms):
    t = _ticks_us()
    _wait_handset_us(ms * 1000)
    _Sleeps.us += _diff(_ticks_us(), t)
    _Sleeps.asked_ms += ms


def _sleep_us_rec(us):
    t = _ticks_us()
    _wait_handset_us(us)
    _Sleeps.us += _diff(_ticks_us(), t)
    _Sleeps.asked_ms += us / 1000


def _sleep_s_rec(s):
    _sleep_rec(int(s * 1000))


def _spi_wait(nbytes):
    """The bus's time for `nbytes` (machine.SPI.write returns when they are sent)."""
    t = _ticks_us()
    _wait_handset_us(nbytes * 8 * 1000000 // SPI_HZ)
    d = _diff(_ticks_us(), t)
    _Sleeps.us += d
    _Sleeps.spi_us += d
    return d


class _TimeModule:
    pass


_time = _TimeModule()
for _n in dir(time):
    if not _n.startswith("__"):
        setattr(_time, _n, getattr(time, _n))
_time.sleep_ms = _sleep_rec
_time.ticks_ms = _handset_ms
_time.ticks_us = _handset_us
_time.sleep_us = _sleep_us_rec
_time.sleep = _sleep_s_rec
sys.modules["time"] = _time     # before any firmware module imports time


def clock_check():
    """An inline-assembler loop of 1,000,000 x (sub; bne): 2,000,000 instructions."""
    import micropython

    @micropython.asm_thumb
    def _loop(r0):
        label(again)  # noqa: F821
        sub(r0, 1)  # noqa: F821
        bne(again)  # noqa: F821
    t = _ticks_us()
    _loop(1000000)
    print("@clock instructions=2000000 us=%d" % _diff(_ticks_us(), t))


# --- the board's stand-ins ----------------------------------------------------------------

BD_ADDR = 0x20040000    # RAM beyond what the image links (qemu's sram-size is 512 KB)
BD_BLOCK = 4096
BD_COUNT = 64


class RamBlocks:
    """A block device in RAM, the extended protocol (erase by ioctl 6, writes at an
    offset, as littlefs uses it on a flash chip), counting what is read, written and
    erased (erases by block too). Each call's time goes to M.bd: the rp2 port's
    rp2.Flash does this work in C and the flash chip its programming and erasing (waited
    here in handset time, as the RP2040 stalls for them; the host side also models them
    from the bytes and erases), so it is kept out of the CPU."""

    def __init__(self):
        self.ff = b"\xff" * BD_BLOCK
        self.per_block = [0] * BD_COUNT
        self.reset()

    def reset(self):
        self.read = 0
        self.written = 0
        self.writes = 0
        self.erased = 0
        for i in range(BD_COUNT):
            self.per_block[i] = 0

    # uctypes.bytearray_at(...) views just the bytes concerned: a slice of a view of the
    # whole device would move its tail in place at every assignment (MicroPython's slice
    # store memmoves what follows the slice).
    def readblocks(self, n, buf, off=0):
        t = _ticks_us()
        buf[:] = uctypes.bytearray_at(BD_ADDR + n * BD_BLOCK + off, len(buf))
        self.read += len(buf)
        _bd_done(t, 0)

    def writeblocks(self, n, buf, off=None):
        t = _ticks_us()
        if off is None:             # the simple protocol: whole blocks, erased first
            for i in range(len(buf) // BD_BLOCK):
                self.ioctl(6, n + i)
            off = 0
        uctypes.bytearray_at(BD_ADDR + n * BD_BLOCK + off, len(buf))[:] = buf
        w = _ticks_us()
        _wait_handset_us(-(-len(buf) // 256) * PAGE_US)    # the chip programs its pages
        w = _diff(_ticks_us(), w)
        self.written += len(buf)
        self.writes += 1
        M.written += len(buf)
        _bd_done(t, w)

    def ioctl(self, op, arg):
        if op == 4:
            return BD_COUNT
        if op == 5:
            return BD_BLOCK
        if op == 6:
            t = _ticks_us()
            uctypes.bytearray_at(BD_ADDR + arg * BD_BLOCK, BD_BLOCK)[:] = self.ff
            w = _ticks_us()
            _wait_handset_us(ERASE_US)                      # the chip erases the sector
            w = _diff(_ticks_us(), w)
            self.erased += 1
            self.per_block[arg] += 1
            M.erases += 1
            _bd_done(t, w)
            return 0
        return 0


BLOCKS = None


def mount(fresh):
    """littlefs (as the rp2 port makes it: progsize 256) on the RAM block device, at /."""
    global BLOCKS
    BLOCKS = RamBlocks()
    if fresh:
        vfs.VfsLfs2.mkfs(BLOCKS, progsize=256)
    try:
        vfs.umount("/")
    except OSError:
        pass
    vfs.mount(vfs.VfsLfs2(BLOCKS, progsize=256), "/")
    BLOCKS.reset()


def pin(v=0):
    """A pin the driver sets by calling it (cs(0), dc(1)), as it calls a machine.Pin,
    whose call is C on the handset: here abs, a C function of one argument that sets
    nothing (a Python stand-in cost the guest 1.3 k instructions a call against 0.4 k,
    twelve calls a band of rows sent). Nothing reads it back."""
    return abs


class SPI:
    """The panel's bus: write is a list's append (a C call, as machine.SPI.write is),
    so what was sent is counted after the frame, outside the time measured."""

    def __init__(self):
        self.log = []
        self.write = self.log.append
        self.total = 0

    def take(self):
        """Bytes written since the last take()."""
        n = 0
        log = self.log
        for b in log:
            n += len(b)
        log.clear()
        self.total += n
        return n


class Meter:
    """What a stretch of app calls cost: CPU (clock less sleeps), each show() apart."""

    def __init__(self):
        self.clear()

    def clear(self):
        self.cpu = 0        # k, app calls less sleeps (shows included)
        self.show = 0       # k, inside show()
        self.shows = 0
        self.spi = 0        # bytes sent to the panel
        self.first = -1     # k of CPU from the start to the end of the first show()
        self.first_spi = 0  # bytes of that first frame
        self.first_erases = 0   # the flash erased and written before it
        self.first_written = 0
        self.last = -1      # ... and of the last
        self.calls = 0      # idle() calls
        self.decide = 0     # k inside svara.bots.decide
        self.decisions = 0
        self.save = 0       # k inside saving's _save and _erase (the files, littlefs)
        self.saves = 0
        self.gc = 0         # k inside the app's gc.collect() calls
        self.gcs = 0
        self.bd = 0         # k inside the RAM block device's methods (left out of cpu)
        self.erases = 0     # blocks erased, bytes written to the flash
        self.written = 0
        self.spi_us = 0     # guest us the bus took for those bytes (in the clock, not CPU)
        self.waits = 0      # guest us of the firmware's sleeps and the bus's waits
        self.art = 0        # guest us of the block device's own copying (not the handset's)


M = Meter()
_in_call = [0, 0, 0]    # the clock, the sleeps and M.bd when the current app call began
DISPLAY = None
SPI_BUS = None


def frozen_first():
    """main.py's own frozen_first() (imports look in .frozen before the folder, as on the
    handset once main.py starts), on an image whose main.py has it."""
    import main
    f = getattr(main, "frozen_first", None)
    if f is not None:
        f()


def make_display():
    """drivers/st7735.ST7735 on the stand-in bus and pins (its waits are measured), its
    show() timed."""
    global DISPLAY, SPI_BUS
    from drivers.st7735 import ST7735
    SPI_BUS = SPI()
    d = ST7735(SPI_BUS, pin(1), pin(1), rst=pin(1), backlight=pin(0))
    SPI_BUS.take()
    d.show = _metered(d.show)
    if hasattr(d, "show_rows"):     # (a driver from before show_rows has none)
        d.show_rows = _metered(d.show_rows)
    DISPLAY = d
    return d


def _metered(real):
    """The panel's show() or show_rows(), its CPU, SPI bytes and bus time measured."""
    def show(*args):
        t = _ticks_us()
        s = _Sleeps.us
        real(*args)
        now = _ticks_us()
        k = _diff(now, t) - (_Sleeps.us - s)
        M.show += k
        M.shows += 1
        sent = SPI_BUS.take()
        M.spi += sent
        at = M.cpu + _diff(now, _in_call[0]) - (_Sleeps.us - _in_call[1]) - (M.bd - _in_call[2])
        if M.first < 0:
            M.first = at
            M.first_spi = M.spi
            M.first_erases = M.erases
            M.first_written = M.written
        M.last = at
        M.spi_us += _spi_wait(sent)     # after the figures: the bus's time, not CPU
    return show


def null_display():
    """A frame with a show() that sends nothing (the flash run and the bots' decisions:
    what they measure does not depend on the panel)."""
    import framebuf

    from drivers.display import BUFFER_SIZE, HEIGHT, WIDTH

    class Null(framebuf.FrameBuffer):
        def __init__(self):
            self.buffer = bytearray(BUFFER_SIZE)
            super().__init__(self.buffer, WIDTH, HEIGHT, framebuf.GS4_HMSB)
            self.width = WIDTH
            self.height = HEIGHT

        def show(self, *args):
            M.shows += 1
    return Null()


def time_decide():
    """svara.bots.decide timed (the session looks it up at each call)."""
    import svara.bots as bots
    if getattr(bots, "_timed", False):
        return
    real = bots.decide
    rec = DECISIONS

    def decide(level, game, seat, rng, reads=None):
        t = _ticks_us()
        r = real(level, game, seat, rng, reads)
        k = _diff(_ticks_us(), t)
        M.decide += k
        M.decisions += 1
        rec.append((level, game.n, k))
        return r
    bots.decide = decide
    bots._timed = True


DECISIONS = []


class _GC:
    """app.py's gc, its collect() timed (the module's name only: gc itself is untouched)."""


def time_saves_and_gc():
    """saving._save, saving._erase and app.py's gc.collect() timed (looked up at each call)."""
    import app
    import saving
    if getattr(saving, "_timed", False):
        return

    def timed(real, what):
        def f(*args):
            t = _ticks_us()
            b = M.bd
            r = real(*args)
            k = _diff(_ticks_us(), t) - (M.bd - b)
            if what:
                M.save += k
                M.saves += 1
            else:
                M.gc += k
                M.gcs += 1
            return r
        return f
    saving._save = timed(saving._save, 1)
    saving._erase = timed(saving._erase, 1)
    shim = _GC()
    for n in dir(gc):
        if not n.startswith("__"):
            setattr(shim, n, getattr(gc, n))
    shim.collect = timed(gc.collect, 0)
    app.gc = shim
    saving._timed = True

def new_app(display, say=True, **kw):
    """app.App on the handset's clock (main.py gives it time.ticks_ms); a tree before the
    app took a clock (issue 23) gets none, and paces as it does (@model says which)."""
    import app
    try:
        a = app.App(display, clock=_handset_ms, **kw)
        clocked = 1
    except TypeError:
        a = app.App(display, **kw)
        clocked = 0
    if say and not _Model.said:      # (not inside a figure: the start's)
        _Model.said = 1
        print("@model clocked=%d handset_ns=%d spi_hz=%d erase_us=%d page_us=%d" % (
            clocked, HANDSET_NS, SPI_HZ, ERASE_US, PAGE_US))
    return a


class _Model:
    said = 0


# --- main.py's loop, measured ---------------------------------------------------------------


def call(fn, *args):
    """One app call (key or idle), its CPU added to M: its clock time less the sleeps and
    the block device's time inside it."""
    _in_call[0] = t = _ticks_us()
    _in_call[1] = s = _Sleeps.us
    _in_call[2] = b = M.bd
    r = fn(*args)
    M.cpu += _diff(_ticks_us(), t) - (_Sleeps.us - s) - (M.bd - b)
    return r


def waiting(a):
    """True when the app waits for the person: his turn at the table, or any other screen
    (a result, the match's end)."""
    from ui.screen import Later
    s = a.screen
    if isinstance(s, Later):
        return False
    if s.name != "table":
        return True
    p = a.play
    g = p.game if p is not None else None
    return g is None or (g.to_act is not None and not p.is_bot(g.to_act))


def _loop_pauses():
    """main.py's pauses (ms): nothing changed, a bot's pause held (10 and 10 before it
    had HOLD_MS)."""
    try:
        import main
        return (getattr(main, "PAUSE_MS", 10), getattr(main, "HOLD_MS", 10))
    except ImportError:
        return (10, 10)


_LOOP = _loop_pauses()
LIMIT_US = 600 * 1000000    # ten minutes of the guest's clock: a loop that never settles


def settle(a):
    """idle() as main.py calls it until the app waits for the person and idle() says
    nothing changed: (idle calls, clock us, sleeps of the loop us; the guest's us)."""
    t0 = _ticks_us()
    slept = 0
    n = 0
    waits = hasattr(a, "wait")      # (a tree before app.wait: HOLD_MS after each timed idle)
    while True:
        if waits and a.timed:
            # main.py: nothing is due for a.wait ms after a.now; it sleeps (HOLD_MS at
            # most at a time, reading the keys) until then, then calls idle()
            d = a.wait - _diff(_handset_ms(), a.now)
            if d > 0:
                t = _ticks_us()
                _wait_handset_us(1000 * (d if d < _LOOP[1] else _LOOP[1]))
                slept += _diff(_ticks_us(), t)
                continue
        changed = call(a.idle)
        n += 1
        if not changed or (a.timed and not waits):
            if not changed and not a.timed and waiting(a):
                break
            t = _ticks_us()
            # main.py's pauses, in handset time: PAUSE_MS when nothing changed (HOLD_MS
            # while a bot's pause is held, on a tree before app.wait)
            _wait_handset_us(1000 * (_LOOP[1] if changed else _LOOP[0]))
            slept += _diff(_ticks_us(), t)
        if _diff(_ticks_us(), t0) > LIMIT_US:
            print("@error settle: still busy after %d idle calls on %s" % (n, a.trace()))
            break
    return n, _diff(_ticks_us(), t0), slept


def press(a, code):
    """A key and idle() until settled, measured from a clear meter: returns clock us."""
    M.clear()
    del DECISIONS[:]
    t0 = _ticks_us()
    s0 = _Sleeps.us
    call(a.key, code)
    n, _, slept = settle(a)
    M.calls = n
    clock = _diff(_ticks_us(), t0)
    M.waits = _Sleeps.us - s0       # the firmware's sleeps and the bus's waits, guest us
    if SPI_BUS is not None:
        M.spi += SPI_BUS.take()     # anything sent outside show() (none today)
    if a.errors:
        print("@error app caught %s on %s" % (a.error, a.trace()))
        a.errors = 0
    return clock, slept


def _fields():
    return ("cpu=%d show=%d shows=%d spi=%d first=%d first_spi=%d last=%d idles=%d decide=%d "
            "decisions=%d save=%d saves=%d gc=%d gcs=%d bd=%d erases=%d written=%d "
            "first_erases=%d first_written=%d"
            % (M.cpu, M.show, M.shows, M.spi, M.first, M.first_spi, M.last, M.calls, M.decide,
               M.decisions, M.save, M.saves, M.gc, M.gcs, M.bd, M.erases, M.written,
               M.first_erases, M.first_written))


# --- the phases -------------------------------------------------------------------------------

OK = 7


def _new_game(a, people, bots, level, pace):
    """New game from the title with the table set as asked: the title's first row
    (digit 1), OK, then Play (the left soft key; OK once more if it asks to replace a
    saved match)."""
    import settings
    a.cfg[settings.PEOPLE] = people
    a.cfg[settings.BOTS] = bots
    a.cfg[settings.LEVEL] = level
    a.cfg[settings.PACE] = pace
    for code in (11, OK, 1):        # "1", OK, SL
        press(a, code)
    if a.screen.name == "options":
        press(a, OK)
    if a.screen.name not in ("table", "showdown", "svara"):
        print("@error new game: on %s, not the table" % a.trace())
        return False
    return True


def _turn_keys(a):
    """The keys measured on a person's turn while betting with a raise row: move down to
    it, a digit, a step right, back up, * twice (chances shown, hidden)."""
    g = a.play.game
    if g.phase != 1:
        return ()
    legal = g.legal()
    if len(legal) < 3 or legal[2][1] >= legal[2][2]:
        return ()
    return (("move", 4), ("digit", 15), ("move", 6), ("move", 3), ("star", 20),
            ("star_off", 20))


def _slide_ms(a):
    """What Bot pace says the pot's slide on a game's result lasts (settings.PACE_POT), when
    the screen is such a result; 0 otherwise, or on an image whose slide is not paced."""
    import settings
    sc = a.screen
    table = getattr(settings, "PACE_POT", None)
    if table is None or sc.name != "showdown" or getattr(sc, "kind", -1) != 0 or a.play is None:
        return 0
    return table[a.play.cfg[settings.PACE]] * 10


def bench_play(seed, seats_list, levels, rounds, key_turns, pace=1):
    """For each table size and bot level: a match of one person and bots from a fresh
    title; on the person's turns the keys (_turn_keys, the first key_turns turns), then
    OK (call, or the least bet) and the round until his next turn; OK on a result screen
    and the round after it. Stops after `rounds` rounds that end at his turn."""
    frozen_first()
    from store import Store
    d = DISPLAY or make_display()
    time_decide()
    time_saves_and_gc()
    for seats in seats_list:
        for level in levels:
            gc.collect()
            a = new_app(d, seed=seed + seats * 10 + level, store=Store("/saves"))
            a.start()
            gc.collect()
            if not _new_game(a, 1, seats - 1, level, pace):
                continue
            done = 0
            turns = 0
            guard = 0
            while done < rounds and guard < 100:
                guard += 1
                tag = "seats=%d level=%d" % (seats, level)
                name = a.screen.name
                if name == "table":
                    turns += 1
                    if turns <= key_turns:
                        for kind, code in _turn_keys(a):
                            clock, _ = press(a, code)
                            print("@key kind=%s %s %s clock=%d" % (kind, tag, _fields(), clock))
                            if a.screen.name != "table":
                                break
                    frm = "turn"
                elif name in ("showdown", "svara", "gameover"):
                    frm = "result"
                else:
                    print("@error play: unexpected screen %s" % a.trace())
                    break
                clock, slept = press(a, OK)
                print("@key kind=%s %s %s clock=%d" % ("ok" if frm == "turn" else "result", tag,
                                                       _fields(), clock))
                to = "turn" if a.screen.name == "table" else "result"
                p = a.play
                print("@round from=%s to=%s %s %s clock=%d slept=%d spi_us=%d waits=%d art=%d pace=%d "
                      "think_ms=%d pop_ms=%d slide_ms=%d" % (
                          frm, to, tag, _fields(), clock, slept, M.spi_us, M.waits, M.art, pace,
                          getattr(p, "think_ms", -1), getattr(p, "pop_ms", -1), _slide_ms(a)))
                if M.decisions:
                    done += 1
            a = None
    print("@heap free=%d" % gc.mem_free())


def bench_decide(seed, seats_list, levels, need):
    """Bots' decisions in real seeded matches, no screens (the session's own bot_act):
    one person who calls (the table's default action) and bots of one level, until
    `need` bot decisions were timed; one @decide line per decision."""
    frozen_first()
    import session
    import settings
    time_decide()
    a = new_app(null_display(), seed=seed)
    for seats in seats_list:
        for level in levels:
            a.cfg[settings.PEOPLE] = 1
            a.cfg[settings.BOTS] = seats - 1
            a.cfg[settings.LEVEL] = level
            p = session.new_match(a)
            del DECISIONS[:]
            while len(DECISIONS) < need:
                g = p.game
                if g is None or g.to_act is None:
                    if g is not None:
                        p.finish_game()
                    if p.over() or p.next_game() is None:
                        p = session.new_match(a)
                    continue
                s = g.to_act
                if p.is_bot(s):
                    p.bot_act()
                else:
                    legal = g.legal()
                    k = 1 if g.phase == 1 and len(legal) > 1 else 0
                    p.act(s, legal[k][0], legal[k][1])
            for lv, n, k in DECISIONS:
                print("@decide level=%d seats=%d k=%d" % (lv, n, k))
            del DECISIONS[:]
            gc.collect()
    print("@heap free=%d" % gc.mem_free())


def bench_odds(seed, opponents, hands):
    """svara.odds.tenths (the * key's figures) for `hands` dealt hands at each number of
    opponents."""
    frozen_first()
    from svara.game import Game, Rng
    from svara.odds import tenths
    from svara.rules import DEFAULT
    rng = Rng(seed)
    for opp in opponents:
        for i in range(hands):
            g = Game([20] * (opp + 1), 0, DEFAULT, None, rng.next16())
            while g.phase == 0 and g.to_act is not None:     # blinds: nobody blinds
                legal = g.legal()
                g.act(legal[0][0], legal[0][1])
            h = None
            for s in range(opp + 1):
                h = g.view(s).hand()
                if h is not None:
                    break
            if h is None:
                continue
            gc.collect()
            t = _ticks_us()
            tenths(h, opp, DEFAULT)
            print("@odds opponents=%d k=%d" % (opp, _diff(_ticks_us(), t)))


def bench_saves():
    """The saves a handset in use has beside the game's: settings changed (the pace) and
    two names typed, each saved twice (so that each has its older copy), by the app's own
    saving.py."""
    from store import Store
    import saving
    import settings
    a = new_app(null_display(), seed=9, store=Store("/saves"))
    a.start()
    for pace in (2, 1):
        a.cfg[settings.PACE] = pace
        saving.save_settings(a)
    for names in (["Ann", "Bob"], ["Ann", "Bo"]):
        a.players = {"names": names}
        saving.save_players(a)


def bench_start():
    """Start as main.py makes it, with the saves the play phase left: the panel (the
    driver's init; its waits apart), then import app to the title drawn."""
    import main  # noqa: F401  (loaded, not measured: on the handset it is the script run)
    M.clear()
    gc.collect()
    t = _ticks_us()
    s = _Sleeps.us
    asked = _Sleeps.asked_ms
    frozen_first()      # main.py's first step
    make_display()
    k = _diff(_ticks_us(), t) - (_Sleeps.us - s)
    w = _Sleeps.asked_ms - asked
    print("@start part=display k=%d waits_ms=%d waits_us=%d spi=%d" % (k, w, w * 1000,
                                                                       SPI_BUS.total))
    M.clear()
    asked = _Sleeps.asked_ms
    t = _ticks_us()
    _in_call[0] = t
    _in_call[1] = s = _Sleeps.us
    _in_call[2] = b = M.bd
    import app  # noqa: F401  (the import measured: new_app's finds it loaded)
    from store import Store
    a = new_app(DISPLAY, say=False, store=Store("/saves"))
    t1 = _ticks_us()
    imports = _diff(t1, t) - (_Sleeps.us - s) - (M.bd - b)
    a.start()
    t2 = _ticks_us()
    M.cpu = _diff(t2, t) - (_Sleeps.us - s) - (M.bd - b)
    # (the driver wakes the panel at the first show(): what is left of the reset's
    # 120 ms and Sleep Out's wait are among the title's sleeps, not its CPU)
    print("@start part=title k=%d imports=%d start=%d screen=%s waits_us=%d clock=%d %s" % (
        M.cpu, imports, M.cpu - imports, a.screen.name, (_Sleeps.asked_ms - asked) * 1000,
        _diff(t2, t), _fields()))
    print("@start files=%s" % ",".join(sorted(p[p.rfind("/") + 1:] for p in _saves())))
    if a.errors or a.note:
        print("@error start: %s %s" % (a.error, a.note.replace("\n", " ")))


def _saves():
    """The paths of the saves' files: /saves's, and each pair's own folder's (a tree
    before the pairs' folders has none: store.Store.home)."""
    import store
    folders = ["/saves"]
    if hasattr(store.Store, "home"):
        for name in getattr(store, "PAIRS", ()):
            folders.append(store.Store("/saves").home(name))
    return [f + "/" + n for f in folders for n in _listdir(f)]


def _listdir(path):
    import os
    try:
        return os.listdir(path)
    except OSError:
        return []


def flash_match(seed, games, level=0, seats=4):
    """A match through the app with its saves, as the handset makes them, on the counting
    block device: one person who presses OK (calls, Next on a result) against bots,
    until `games` games were played (a new match when one ends); the bytes and erases."""
    from store import Store
    d = null_display()
    a = new_app(d, seed=seed, store=Store("/saves"))
    a.start()
    gc.collect()
    BLOCKS.reset()
    time_saves_and_gc()
    if not _new_game(a, 1, seats - 1, level, 2):
        return
    saves = 0
    counted = 0
    guard = 0
    while counted < games and guard < 20000:
        guard += 1
        name = a.screen.name
        if name == "showdown":
            counted += 1
        if name not in ("showdown", "gameover", "table", "svara"):
            print("@error flash: unexpected screen %s" % a.trace())
            break
        press(a, OK)
        saves += M.saves
    b = BLOCKS
    worst = max(b.per_block)
    used = sum(1 for x in b.per_block if x)
    sizes = []
    import os
    for f in _saves():
        sizes.append("%s:%d" % (f[f.rfind("/") + 1:], os.stat(f)[6]))
    print("@flash games=%d saves=%d written=%d writes=%d erased=%d read=%d worst_block=%d "
          "blocks_erased=%d blocks=%d block_size=%d files=%s" % (
              counted, saves, b.written, b.writes, b.erased, b.read, worst, used, BD_COUNT,
              BD_BLOCK, ",".join(sizes)))


# --- profile: where a round's instructions go, call by call ---------------------------------

class _Prof:
    on = False      # recording (only inside a measured app call)
    parts = {}      # "Class.method" -> [k, calls] in the current app call
    calls = []      # the round's app calls: (handset ms from the key, k, screen, parts)


def _timed(f, key):
    """f, its CPU (less sleeps and the block device) added to _Prof.parts[key] when on.
    Nested wrapped calls each count their own whole time (inclusive figures)."""
    def g(*a, **kw):
        if not _Prof.on:
            return f(*a, **kw)
        t = _ticks_us()
        b = M.bd
        s = _Sleeps.us
        try:
            return f(*a, **kw)
        finally:
            d = _diff(_ticks_us(), t) - (M.bd - b) - (_Sleeps.us - s)
            e = _Prof.parts.get(key)
            if e is None:
                _Prof.parts[key] = [d, 1]
            else:
                e[0] += d
                e[1] += 1
    return g


def _wrap(obj, prefix):
    """Every function of a class or module `obj` timed under prefix.name (once)."""
    if getattr(obj, "_profiled", 0):
        return
    for nm in dir(obj):
        if nm.startswith("__"):
            continue
        try:
            f = getattr(obj, nm)
        except Exception:
            continue
        if type(f).__name__ not in ("function", "closure"):
            continue
        try:
            setattr(obj, nm, _timed(f, prefix + "." + nm))
        except Exception:
            pass
    try:
        obj._profiled = 1
    except Exception:
        pass


def _wrap_screens():
    """The screens' classes, each time their modules are imported anew (the app drops a
    screen's module when it leaves it)."""
    for mod, cls in (("ui.table", "Table"), ("ui.showdown", "Showdown"),
                     ("ui.screen", "Later")):
        m = sys.modules.get(mod)
        if m is not None and hasattr(m, cls):
            _wrap(getattr(m, cls), cls)


def profile_rounds(seed, seats, level, rounds, bots_max):
    """A match of one person and `seats - 1` bots of `level`, OK on every turn and result;
    for each of the first `rounds` rounds with at most `bots_max` bot actions, each app
    call (the key, each idle()) with the time it began on the handset's clock (ms from
    the key), its CPU (k instructions) and the functions inside it that took 30 k or
    more: the app's, the session's, saving's, the store's, the screens' methods and the
    panel's show() (inclusive figures: a function's time holds the wrapped ones it
    called). @call and @part lines."""
    frozen_first()
    import app as appm
    import saving
    import session
    import store
    d = DISPLAY or make_display()
    time_decide()
    time_saves_and_gc()
    a = new_app(d, seed=seed + seats * 10 + level, store=store.Store("/saves"))
    a.start()
    gc.collect()
    if not _new_game(a, 1, seats - 1, level, 1):
        return
    for obj, name in ((appm.App, "App"), (session.Session, "Session"), (saving, "saving"),
                      (store.Store, "Store")):
        _wrap(obj, name)
    d.show = _timed(d.show, "show")
    if hasattr(d, "show_rows"):
        d.show_rows = _timed(d.show_rows, "show")
    global call
    plain = call

    def profiled(fn, *args):
        _wrap_screens()
        _Prof.parts = {}
        h0 = _handset_ms()
        cpu = M.cpu
        _Prof.on = True
        try:
            return plain(fn, *args)     # (it adds the call's CPU to M.cpu)
        finally:
            _Prof.on = False
            sc = a.screen
            _Prof.calls.append((h0, M.cpu - cpu, getattr(sc, "name", "?"), _Prof.parts))

    call = profiled
    try:
        done = 0
        guard = 0
        while done < rounds and guard < 200:
            guard += 1
            frm = "turn" if a.screen.name == "table" else "result"
            del _Prof.calls[:]
            k0 = _handset_ms()
            press(a, OK)
            to = "turn" if a.screen.name == "table" else "result"
            if not M.decisions or M.decisions > bots_max:
                continue
            done += 1
            print("@proround round=%d from=%s to=%s bots=%d cpu=%d length_ms=%d" % (
                done, frm, to, M.decisions, M.cpu, _handset_ms() - k0))
            for i, (h, k, name, parts) in enumerate(_Prof.calls):
                print("@call round=%d call=%d at_ms=%d k=%d screen=%s" % (done, i, h - k0, k,
                                                                        name))
                for key, v in sorted(parts.items(), key=lambda kv: -kv[1][0]):
                    if v[0] >= 30:
                        print("@part round=%d call=%d name=%s k=%d n=%d" % (done, i, key,
                                                                            v[0], v[1]))
    finally:
        call = plain
