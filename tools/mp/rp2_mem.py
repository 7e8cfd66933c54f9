"""The heap over a long session on the emulated Pico (tools/mp/rp2.py): the handset's own
firmware (the game frozen in, MICROPYTHON_RP2) given the keys of tools/stress/soak.py's
mixes through the key matrix, one session, the app never started again.

    python -m tools.mp.rp2 mem [--keys N] [--mix NAME[,NAME...]] [--seed N] [--every N]

Issue 45 asks that 10,000 keys of the player's mix complete on the emulated RP2040 with
the frozen firmware, with gc.mem_free() after the last key within 2 KB of its value after
the first match. The keys are soak.key_codes(N, SEED, MIXES) (default 10,000 of "player",
seed 1), the app's seed SEED as in `python -m tools.stress.soak`; each key is pressed
(60 ms) and the run goes on once the app settled (rp2.Pico.key).

The harness (HARNESS below, the Pico's /boot.py instead of rp2.py's) is rp2.py's (the
app's seed, GP25 for "settled") with a mailbox in the watchdog's scratch registers 0-3,
which the host reads and writes with rp2.mjs's `scratch` request:
  0, 1  gc.mem_free() after gc.collect() once the first match ended (the first time the
        game-over screen settled), and how many keys the app had taken then;
  2, 3  the host writes 1 into 3; the next idle() that settles collects, writes
        gc.mem_free() into 2, then 2 + the errors the app caught (app.errors) into 3.
It allocates nothing on its own between those collections (no super(), no big ints
made). Exit (END on the title) does not stop main.py's loop: the next key comes back to
the title, as in the simulator and tools/mp/unix_keys.py (on a handset the loop ends
there until the power is switched off and on: a new heap, not one session). An error
the app catches (a MemoryError among them) is appended to /harness.err on the Pico with
the key's number, and the run stops at the next measurement (every --every keys, 500).

Exit status (rp2.py's): 0 the keys completed with no error and the two figures within
2,048 bytes, 1 not (or no match ended: nothing to compare), 2 bad usage or no firmware.
"""
import time

from tools.mp import rp2

LIMIT = 2048        # issue 45: within 2 KB
SCRATCH = 0x4005800C
HARNESS = '''\
# The emulator's harness for tools/mp/rp2_mem.py, not the game: the app's seed, GP25 low
# while the app works on a key and high once its idle() says nothing more will change,
# and gc.mem_free() in the watchdog's scratch registers for the host (see rp2_mem.py).
import gc as _gc

import app as _app
from machine import Pin as _Pin, mem32 as _m
_led = _Pin(25, _Pin.OUT, value=0)
_App = _app.App
_S0 = %(s0)d
_S1 = %(s1)d
_S2 = %(s2)d
_S3 = %(s3)d
_m[_S0] = 0
_m[_S1] = 0
_m[_S2] = 0
_m[_S3] = 0
_n = [0]


class App(_App):
    def __init__(self, display, first=None, seed=None, store=None, clock=None):
        _App.__init__(self, display, first, %(seed)r, store, clock)

    def key(self, code):
        _led(0)
        _n[0] += 1
        _App.key(self, code)
        self.done = False

    def idle(self):
        busy = _App.idle(self)
        self.done = False
        if not busy:
            if _m[_S3] == 1:
                _gc.collect()
                _m[_S2] = _gc.mem_free()
                _m[_S3] = 2 + self.errors
            elif not _m[_S0] and self.screen is not None and self.screen.name == "gameover":
                _gc.collect()
                _m[_S1] = _n[0]
                _m[_S0] = _gc.mem_free()
        _led(0 if busy else 1)
        return busy

    def _recover(self, e):
        _App._recover(self, e)
        try:
            with open("/harness.err", "a") as f:
                f.write("%%d %%s\\n" %% (_n[0], self.error))
        except Exception:
            pass


_app.App = App
'''


def harness(seed):
    """The harness's /boot.py for an app seed."""
    return HARNESS % {"seed": seed, "s0": SCRATCH, "s1": SCRATCH + 4, "s2": SCRATCH + 8,
                      "s3": SCRATCH + 12}


def scratch(pico, **write):
    return pico._ask(op="scratch", write={k[1:]: v for k, v in write.items()})["values"]


def measure(pico, timeout_ms=5000):
    """(gc.mem_free() after gc.collect(), the errors the app caught) on the Pico now."""
    scratch(pico, r3=1)
    start = pico.stats()["ms"]
    while True:
        pico.run_ms(10)
        v = scratch(pico)
        if v[3] != 1:
            return v[2], v[3] - 2
        if pico.stats()["ms"] - start > timeout_ms:
            raise rp2.EmulatorError("the harness did not answer within %d ms of emulated time "
                                    "(the app never settled?)" % timeout_ms)


def run(n, seed=1, mixes=("player",), every=500, uf2=None, bootrom=None, log=print):
    """Press n keys of `mixes`; a dict: keys (pressed), first (gc.mem_free() after the
    first match, or None), first_key, last (after the last key pressed), errors, error
    (the Pico's /harness.err, or the emulator's complaint), samples [(key, free)],
    emulated_ms, host_s."""
    from tools.stress import soak
    from tools.sim import core  # noqa: F401  (firmware/ on sys.path)
    from drivers import keys as K
    names = [K.NAMES[c] for c in soak.key_codes(n, seed, tuple(mixes))]
    t0 = time.time()
    out = {"keys": 0, "first": None, "first_key": None, "last": None, "errors": 0,
           "error": "", "samples": [], "n": n, "seed": seed, "mixes": tuple(mixes)}
    with rp2.Pico(seed=seed, uf2=uf2, bootrom=bootrom, harness=harness(seed)) as pico:
        free, _ = measure(pico)
        out["samples"].append((0, free))
        log("title: gc.mem_free() %d (%.0f s host)" % (free, time.time() - t0))
        try:
            for i, name in enumerate(names, 1):
                pico.key(name)
                out["keys"] = i
                if i % every == 0 or i == n:
                    free, errors = measure(pico)
                    out["samples"].append((i, free))
                    out["last"], out["errors"] = free, errors
                    v = scratch(pico)
                    if v[0] and out["first"] is None:
                        out["first"], out["first_key"] = v[0], v[1]
                    st = pico.stats()
                    log("keys %d: gc.mem_free() %d%s, errors %d; %.0f s emulated, %.0f s host"
                        % (i, free, "" if out["first"] is None else
                           " (%+d from the first match's)" % (free - out["first"]),
                           errors, st["ms"] / 1000, time.time() - t0))
                    if errors:
                        break
        except rp2.EmulatorError as e:
            out["error"] = "at key %d (%s): %s" % (out["keys"] + 1, names[out["keys"]], e)
            out["last"] = None
        st = pico.stats()
        out["emulated_ms"] = st["ms"]
        if out["errors"]:
            try:
                pico.run_ms(50)
                err = pico.files().get("/harness.err", b"").decode(errors="replace").strip()
            except Exception as e:      # (a flash littlefs-python cannot mount)
                err = "(/harness.err not read: %s)" % e
            out["error"] = err or "(the app caught %d errors; /harness.err is empty)" % out["errors"]
    out["host_s"] = time.time() - t0
    return out


def verdict(res):
    """(ok, the result's lines)."""
    lines = []
    what = "%d keys of %s (seed %d)" % (res["n"], "+".join(res["mixes"]), res["seed"])
    done = res["keys"] == res["n"] and not res["errors"] and not res["error"] and res["last"] is not None
    if done:
        lines.append("%s: completed, no error caught" % what)
    else:
        lines.append("%s: NOT completed: %d keys pressed, %d errors caught; %s"
                     % (what, res["keys"], res["errors"], res["error"] or "-"))
    first, last = res["first"], res["last"]
    if first is None:
        lines.append("no match ended (no game-over screen): nothing to compare")
    else:
        lines.append("gc.mem_free() after gc.collect(): after the first match (its game-over "
                     "screen, key %d) %d bytes; after the last key %s"
                     % (res["first_key"], first, "-" if last is None else "%d bytes" % last))
    within = first is not None and last is not None and abs(last - first) <= LIMIT
    if first is not None and last is not None:
        lines.append("difference %+d bytes: %s 2,048" % (last - first, "within" if within else "NOT within"))
    frees = [f for _, f in res["samples"]]
    if frees:
        lines.append("gc.mem_free() at the title %d; over the %d samples lowest %d, highest %d"
                     % (frees[0], len(frees), min(frees), max(frees)))
    lines.append("%.0f s emulated, %.0f s host (%.1f host s a key)" % (
        res.get("emulated_ms", 0) / 1000, res["host_s"], res["host_s"] / max(1, res["keys"])))
    return done and within, lines


def main(opts):
    res = run(opts["count"], seed=opts["seed"], mixes=opts["mix"], every=opts["every"])
    ok, lines = verdict(res)
    for line in lines:
        print(line)
    return 0 if ok else 1
