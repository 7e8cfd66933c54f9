# Runs ON the unix-port micropython (tools/mp/unix.py starts it): presses the key codes of
# a file into firmware/app.py as main.py would on the handset, in one process.
#
#   micropython -X heapsize=N tools/mp/unix_keys.py KEYFILE SEED RESTART SAVES [SIZE IMAGE]
#
# KEYFILE holds one byte per key code; SEED is the app's seed; RESTART > 0 starts the app
# anew over the same saves every RESTART keys with seed SEED + i (as tools/stress/fuzz.py does);
# SAVES is the folder for the saves ("-": no saves). With SIZE and IMAGE (tools/mp/unix.py --mode
# romfs) the game runs from a ROMFS image of SIZE bytes, as on a board with a ROMFS
# partition: the image is read into the heap's first block (which never moves or goes)
# and mounted at /rom, with /rom and /rom/lib the import path; tools/mp/unix.py adds the
# block's size to the heap, so N stays the heap the game has. After every key it lets idle() run
# until the screen settles (at most 1,000 times; the app's virtual clock, 10 ms an idle()
# call, paces the bots, so a run is the same on any machine), then checks that the app caught no
# error (a MemoryError is caught by the app's guard: it is reported as MEMORY) and that
# during a match the stacks plus the pot equal the chips the match began with.
# The unix port's collector runs inside this one long call whenever the heap runs short,
# as the handset's does, so a MemoryError here is a real one: a block the fragmented
# heap has no hole for.
#
# Last line: "DONE keys=N screen=NAME alloc=A free=F" or "FAIL key=I ..." (exit 1).
import gc
import sys

if len(sys.argv) > 6:
    _rom = bytearray(int(sys.argv[5]))     # first: the bottom of the heap, kept
    _f = open(sys.argv[6], "rb")
    _f.readinto(_rom)
    _f.close()
    _f = None
    import vfs
    vfs.mount(vfs.VfsRom(_rom), "/rom")
    while sys.path:
        sys.path.pop()
    sys.path.append("/rom")
    sys.path.append("/rom/lib")
gc.collect()
from drivers.simdisplay import SimDisplay  # noqa: E402

_d = SimDisplay()   # the frame first, while the heap is whole (main.py does the same)
import app  # noqa: E402

SETTLE_LIMIT = 1000000   # a guard against a loop: nine bots' turns take about 1,300 idle calls
_first = []         # the first error the app caught, with its traceback
_recover = app.App._recover


def _caught(self, e):
    if not _first:
        _first.append(e)
    _recover(self, e)


app.App._recover = _caught


def _fail(i, what):
    if what:
        print("FAIL key=%d %s" % (i, what))
    if _first:
        sys.print_exception(_first[0])
    try:
        import micropython
        micropython.mem_info()
    except Exception:
        pass
    sys.exit(1)


def _trace(a):
    """The app's state in a line (an app halted out of memory has no screen)."""
    return a.screen.trace() if a.screen is not None else "no screen: " + a.message


def _settle(a, i=0):
    """idle() until nothing changes, as main.py's loop goes on after start() (a saved game
    is read then). A start that ran out of memory must settle too: one line shown, and
    idle() answers nothing changed until a key (App._halt), else main.py never sleeps."""
    k = 0
    while k < SETTLE_LIMIT and a.idle():
        k += 1
    if k >= SETTLE_LIMIT:
        _fail(i, "SETTLE start still changing after %d idle calls" % k)
    if a.screen is None and (a.idle() or a.idle()):
        _fail(i, "HALT idle() says changed with no screen after a start out of memory")


def main():
    path, seed, restart, saves = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    store = None
    if saves != "-":
        from store import Store
        store = Store(saves)
    a = app.App(_d, seed=seed, store=store)
    a.start()
    gc.collect()
    _settle(a)
    buf = bytearray(64)
    f = open(path, "rb")
    i = 0
    p = g = None
    while True:
        n = f.readinto(buf)
        if not n:
            break
        for j in range(n):
            if restart and i and i % restart == 0:
                # A restart is a new heap on the handset: nothing of the old app may
                # stay reachable (p and g below held its match, and so the whole app).
                a = p = g = None
                gc.collect()
                a = app.App(_d, seed=seed + i, store=store)
                a.start()
                gc.collect()        # as main.py does after start(), and the first start here
                _settle(a, i)
            a.key(buf[j])
            k = 0
            while k < SETTLE_LIMIT and a.idle():
                k += 1
            if k >= SETTLE_LIMIT:
                _fail(i, "SETTLE still changing after %d idle calls on %s" % (k, _trace(a)))
            if a.errors:
                # The report in pieces, once the match is let go: a heap that just ran
                # out would have no room for the line otherwise.
                p = g = a.play = a.kept = None
                gc.collect()
                print("FAIL key=%d" % i, "MEMORY" if isinstance(_first[0], MemoryError)
                      else "ERROR", a.error, "on", _trace(a))
                _fail(i, "")
            p = a.play
            if p is not None and p.game is not None:
                g = p.game
                if sum(g.stacks) + g.pot != p.total:
                    _fail(i, "CHIPS %d not %d on %s" % (sum(g.stacks) + g.pot, p.total, _trace(a)))
            i += 1
            _AT[0] = i
            if i % 1000 == 0:
                print("keys=%d" % i)
    f.close()
    screen = a.screen.name
    a = None
    gc.collect()
    print("DONE keys=%d screen=%s alloc=%d free=%d" % (i, screen, gc.mem_alloc(), gc.mem_free()))


_AT = [0]       # keys pressed so far, for a report when the driver itself runs short


try:
    main()
except MemoryError:     # the driver's own report found no room: say where, once collected
    gc.collect()
    print("FAIL key=%d MEMORY in the driver (reporting)" % _AT[0])
    sys.exit(1)
