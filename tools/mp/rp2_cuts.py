"""Power cuts on the emulated Pico over a match's saves (python -m tools.mp.rp2 cuts).

A match is played on the Pico (tools/mp/rp2.py) from a key file, and the same keys on the
simulator beside it, frame against frame. Each cut comes while a key is handled: half of
them at a random cycle of the key's work, half inside one of the flash's erases or page
programs that the key's saves make (a random one, at a random point of it: the block
left half erased, the page half programmed). The Pico is then powered on again (the same
flash) and Continue taken on the title (DOWN OK). What a player sees then must be what
the simulator shows after a restart either from the saves it had before the cut key or
from those it has after it: the game goes on at the last completed action
(docs/RELIABILITY.md). The simulator then restarts the same way (the app's seed starts
again at a restart, on both: a new match draws its seed from it) and both go on from
there, to the next cut.

A cut whose restart matches neither is lost; one that matches a restart after the key,
but whose title is not the simulator's (it says a save was damaged), is counted apart.
At the end the Statistics page must be the simulator's (every game counted once), and no
byte of the flash below the filesystem (the firmware, its frozen tables) may have changed.
"""
import os
import random
import shutil
import tempfile
import time

from tools.mp import rp2

RESUME = ("DOWN", "OK")                          # the title: Continue
STATS = ("DOWN", "DOWN", "DOWN", "DOWN", "OK")  # the title: Statistics (the cursor
                                                # stops on Continue, greyed or not)
PREFIX = 8      # rp2_200.keys: Settings -> Bot pace fast, back to New game
SETUP = 7       # then New game, stack 20, Play: the match's first key after these
KEYS = os.path.join(rp2.ROOT, "host_tests", "keys", "rp2_200.keys")


class Mirror:
    """The simulator beside the Pico: a runner whose saves live in a folder, restarted
    (a new runner on the same saves) where the Pico is powered on again."""

    def __init__(self, seed, work):
        from tools.sim import core
        self.core = core
        self.seed = seed
        self.work = work
        self.save_dir = self._fresh()
        self.runner = None
        self.restart()

    def _fresh(self):
        return os.path.join(tempfile.mkdtemp(dir=self.work), "saves")

    def copy(self, save_dir=None):
        """A copy of the saves in save_dir (else as the runner has them now): a folder of
        its own, which nothing else writes."""
        src = save_dir or self.save_dir
        into = self._fresh()
        for _port, host in self.core.save_folders(src):
            if os.path.isdir(host):
                rel = os.path.relpath(host, os.path.dirname(src))
                shutil.copytree(host, os.path.join(os.path.dirname(into), rel))
        return into

    def restart(self, save_dir=None):
        """A restart on save_dir's saves (else the runner's own); the title's frame."""
        if self.runner is not None:
            self.runner.close()
        if save_dir is not None:
            self.save_dir = save_dir
        self.runner = self.core.CPythonRunner(seed=self.seed, save_dir=self.save_dir)
        self.runner.start()
        return self.frame()

    def key(self, name):
        self.runner.key(self.core.keys.code(name))
        return self.frame()

    def frame(self):
        return self.core.frame_rgb565(self.runner.frame())

    def resumed(self, save_dir):
        """The frames after a restart on a copy of save_dir: the title, then Continue;
        the runner is left as it was."""
        keep = self.runner, self.save_dir
        self.runner = None
        frames = [self.restart(self.copy(save_dir))]
        for name in RESUME:
            frames.append(self.key(name))
        self.runner.close()
        self.runner, self.save_dir = keep
        return frames

    def close(self):
        self.runner.close()


def firmware_region(image):
    offset, _size = rp2.filesystem(image)
    return bytes(image[:offset])


def run(count=200, seed=5, keys_path=KEYS, rng_seed=1, log=print, pico_factory=None, keep=None):
    """Play the keys (then OK, as long as cuts are left to make) with `count` cuts; a dict
    of what happened. keep: a folder for the flash image (and the frames after) of each
    cut that went wrong."""
    names = rp2.read_keys("@" + keys_path)
    rng = random.Random(rng_seed)
    t0 = time.time()
    work = tempfile.mkdtemp(prefix="rp2cuts")
    got = {"cuts": 0, "in_flash": 0, "lost": 0, "ahead": 0, "title_note": 0, "went_back": 0,
           "kept": 0, "partial": 0, "boots_ms": [], "stats_ok": None, "firmware_ok": None,
           "frames": 0, "frames_differ": 0}
    sim = Mirror(seed, work)
    make = pico_factory or (lambda: rp2.Pico(seed=seed))
    try:
        with make() as pico:
            before = firmware_region(pico.flash())

            def press(name):
                t = pico.key(name)
                got["frames"] += 1
                if pico.frame() != sim.key(name):
                    got["frames_differ"] += 1
                    log("key %s: the Pico's frame is not the simulator's" % name)
                return t

            for name in names[:PREFIX + SETUP]:
                press(name)
            done = PREFIX + SETUP          # keys played
            durations = {}
            while got["cuts"] < count:
                if done + 2 >= len(names):      # the file's keys ran out: OK plays on
                    names += ["OK"] * 20
                for _ in range(rng.choice((0, 0, 1))):
                    if done + 1 >= len(names):
                        break
                    durations[done] = press(names[done])["settled_ms"]
                    done += 1
                k = done
                before_key = sim.copy()             # the saves if the key's are lost
                row, col = pico.position(names[k])
                pico._ask(op="press", row=row, col=col, hold_ms=60)
                if rng.random() < 0.5:
                    cut = pico._ask(op="cut", flash_op=rng.randint(1, 4), fraction=rng.random(),
                                    timeout_ms=durations.get(k, 3000) + 500,
                                    seed=rng.getrandbits(31))
                    if not cut["reached"]:     # the key saved nothing that far: no cut
                        pico.settle()
                        got["frames"] += 1
                        if pico.frame() != sim.key(names[k]):
                            got["frames_differ"] += 1
                        done = k + 1
                        continue
                    got["in_flash"] += 1
                else:
                    span = durations.get(k, 800) * 1e6 / rp2.NS_PER_CYCLE
                    now = pico.stats()["cycle"]
                    cut = pico.cut(now + rng.randrange(1, int(span) + 2), seed=rng.getrandbits(31))
                got["cuts"] += 1
                if cut.get("partial"):
                    got["partial"] += 1
                sim.key(names[k])
                after_key = sim.copy()
                image = os.path.join(work, "cut.img")
                if keep:
                    pico.save_flash(image)
                got["boots_ms"].append(pico.boot())
                seen = [pico.frame()]
                pngs = [pico.png()] if keep else []
                for key in RESUME:
                    pico.key(key)
                    seen.append(pico.frame())
                    if keep:
                        pngs.append(pico.png())
                options = ((k + 1, after_key), (k, before_key))
                frames = {j: sim.resumed(d) for j, d in options}
                what = "cut %d (key %d %s, cycle %s, %s)" % (got["cuts"], k, names[k],
                                                             cut.get("cycle"), cut.get("partial"))
                exact = [(j, d) for j, d in options if frames[j] == seen]
                noted = [(j, d) for j, d in options if frames[j][1:] == seen[1:]]
                if exact or noted:
                    j, d = (exact or noted)[0]
                    got["kept" if j == k + 1 else "went_back"] += 1
                    if not exact:
                        # the game goes on as it should, the title says a save was damaged
                        got["title_note"] += 1
                        log("%s: the game went on after key %d, the title not the "
                            "simulator's" % (what, j))
                        _keep(keep, image, pngs, got["cuts"], k)
                else:
                    # one key further: the restart after key k, Continue, then key k + 1
                    j, d = k + 2, None
                    if k + 1 < len(names):
                        sim.restart(sim.copy(after_key))
                        for key in RESUME:
                            sim.key(key)
                        sim.key(names[k + 1])
                        d = sim.copy()
                    if d is not None and sim.resumed(d) == seen:
                        got["ahead"] += 1
                        log("%s: the game went on as if key %d had been pressed too"
                            % (what, k + 1))
                        _keep(keep, image, pngs, got["cuts"], k)
                    else:
                        got["lost"] += 1
                        log("%s: the game went on neither after key %d nor after key %d"
                            % (what, k, k + 1))
                        _keep(keep, image, pngs, got["cuts"], k)
                        break
                sim.restart(sim.copy(d))        # the simulator restarts as the Pico did
                for key in RESUME:
                    sim.key(key)
                done = j
                if got["cuts"] % 10 == 0:
                    log("%d cuts, %d lost, at key %d of %d (%.0f s)"
                        % (got["cuts"], got["lost"], done, len(names), time.time() - t0))
            # every game counted once: Statistics from the title after a last restart
            pico.boot()
            sim.restart()
            for key in STATS:
                pico.key(key)
                sim.key(key)
            got["stats_ok"] = pico.frame() == sim.frame()
            got["firmware_ok"] = firmware_region(pico.flash()) == before
            got["at_key"] = done
            got["keys"] = len(names)
            got["flash"] = pico.stats()["flash"]
        got["host_s"] = time.time() - t0
        return got
    finally:
        sim.close()
        shutil.rmtree(work, ignore_errors=True)


def _keep(keep, image, pngs, cut, k):
    """The flash image the cut left, and the title and Continue's frames after it."""
    if not keep:
        return
    os.makedirs(keep, exist_ok=True)
    stem = os.path.join(keep, "cut-%03d-key-%03d" % (cut, k))
    shutil.copy(image, stem + ".img")
    for i, data in enumerate(pngs):
        with open("%s-%d.png" % (stem, i), "wb") as f:
            f.write(data)


def main(opts):
    got = run(count=opts["count"], seed=opts["seed"],
              keys_path=opts["keys"][1:] if opts["keys"] and opts["keys"].startswith("@") else KEYS,
              rng_seed=opts["rng"], keep=opts.get("keep"))
    boots = sorted(got["boots_ms"]) or [0]
    print("%d power cuts (%d inside an erase or page program, %d left one half done): %d lost, "
          "%d ahead, %d kept the cut key's action, %d went back to the action before, %d of "
          "those with a title not the simulator's; %d frames between the cuts, %d not the "
          "simulator's; statistics %s; firmware region %s; boot to title %.0f-%.0f ms "
          "emulated; %.0f s host"
          % (got["cuts"], got["in_flash"], got["partial"], got["lost"], got["ahead"],
             got["kept"], got["went_back"], got["title_note"], got["frames"],
             got["frames_differ"], "as the simulator's" if got["stats_ok"] else "DIFFER",
             "unchanged" if got["firmware_ok"] else "CHANGED", boots[0], boots[-1],
             got["host_s"]))
    ok = (not got["lost"] and not got["ahead"] and not got["frames_differ"]
          and got["stats_ok"] and got["firmware_ok"])
    return 0 if ok else 1
