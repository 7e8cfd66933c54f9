"""Power cuts on the emulated Pico over a match's saves (python -m tools.mp.rp2 cuts).

A match is played on the Pico (tools/mp/rp2.py) from a key file. Each cut comes while a
key is handled: half of them at a random cycle of the key's work, half inside one of the
flash's erases or page programs that the key's saves make (a random one, at a random
point of it: the block left half erased, the page half programmed). The Pico is then
powered on again (the same flash) and Continue taken on the title (DOWN OK). What a
player sees then must be what the simulator shows after a restart (the same seed, the
saves of the same keys) with the keys before the cut key, or with it too: the game goes
on at the last completed action (docs/RELIABILITY.md). Anything else is a lost save.
The match then goes on from there, to the next cut.

At the end the Statistics page must be the simulator's after the same actions (every
game counted once), and no byte of the flash below the filesystem (the firmware, its
frozen tables) may have changed.
"""
import os
import random
import shutil
import tempfile
import time

from tools.mp import rp2

RESUME = ("DOWN", "OK")                          # the title: Continue
STATS = ("DOWN", "DOWN", "DOWN", "DOWN", "OK")  # the title: Statistics (Continue disabled
                                                # is skipped: the simulator says the same)
PREFIX = 8      # rp2_200.keys: Settings -> Bot pace fast, back to New game
SETUP = 7       # then New game, stack 20, Play: the match's first key after these
KEYS = os.path.join(rp2.ROOT, "host_tests", "keys", "rp2_200.keys")


def _copy_saves(save_dir, into):
    from tools.sim import core
    for port, host in core.save_folders(save_dir):
        rel = os.path.relpath(host, os.path.dirname(save_dir))
        target = os.path.join(into, rel)
        if os.path.isdir(host):
            shutil.copytree(host, target)
    return os.path.join(into, os.path.basename(save_dir))


def _restart_frames(seed, save_dir, keys, work):
    """The simulator's frames after a restart on a copy of save_dir's saves: the title,
    then after each of `keys`."""
    from tools.sim import core
    copy = _copy_saves(save_dir, tempfile.mkdtemp(dir=work))
    r = core.CPythonRunner(seed=seed, save_dir=copy)
    r.start()
    frames = [core.frame_rgb565(r.frame())]
    for name in keys:
        r.key(core.keys.code(name))
        frames.append(core.frame_rgb565(r.frame()))
    r.close()
    return frames


def reference(seed, names, work):
    """For each j in 0..len(names): the simulator's frames after a restart following the
    first j keys (the title, then Continue)."""
    from tools.sim import core
    save_dir = os.path.join(work, "ref", "saves")
    os.makedirs(os.path.dirname(save_dir))
    r = core.CPythonRunner(seed=seed, save_dir=save_dir)
    r.start()
    resumes = [_restart_frames(seed, save_dir, RESUME, work)]
    for name in names:
        r.key(core.keys.code(name))
        resumes.append(_restart_frames(seed, save_dir, RESUME, work))
    r.close()
    return resumes


def statistics(seed, names, work):
    """The simulator's Statistics page after a restart following `names`."""
    from tools.sim import core
    save_dir = os.path.join(work, "stats", "saves")
    os.makedirs(os.path.dirname(save_dir))
    r = core.CPythonRunner(seed=seed, save_dir=save_dir)
    r.start()
    for name in names:
        r.key(core.keys.code(name))
    r.close()
    return _restart_frames(seed, save_dir, STATS, work)[-1]


def firmware_region(image):
    offset, _size = rp2.filesystem(image)
    return bytes(image[:offset])


def run(count=200, seed=5, keys_path=KEYS, rng_seed=1, log=print, pico_factory=None, keep=None):
    """Play the match with `count` cuts; a dict of what happened (lost: cuts after which
    the game went on neither at the last completed action nor at the one before, or at
    none the simulator knows; ahead: at a later one, as if keys had been pressed).
    keep: a folder for the flash image of each such cut, as the cut left it."""
    names = rp2.read_keys("@" + keys_path)
    rng = random.Random(rng_seed)
    t0 = time.time()
    work = tempfile.mkdtemp(prefix="rp2cuts")
    try:
        resumes = reference(seed, names, work)
        log("simulator's reference: %d restarts (%.0f s)" % (len(resumes), time.time() - t0))
        make = pico_factory or (lambda: rp2.Pico(seed=seed))
        got = {"cuts": 0, "in_flash": 0, "lost": 0, "ahead": 0, "title_note": 0, "went_back": 0,
               "kept": 0, "partial": 0,
               "ambiguous": 0, "boots_ms": [], "stats_ok": None, "firmware_ok": None,
               "not_reached": 0}
        with make() as pico:
            before = firmware_region(pico.flash())
            for name in names[:PREFIX + SETUP]:
                pico.key(name)
            done = PREFIX + SETUP          # keys whose effect the Pico holds
            durations = {}
            while got["cuts"] < count and done < len(names):
                for _ in range(rng.choice((0, 0, 1))):
                    if done + 1 >= len(names):
                        break
                    t = pico.key(names[done])
                    durations[done] = t["settled_ms"]
                    done += 1
                k = done
                row, col = pico.position(names[k])
                pico._ask(op="press", row=row, col=col, hold_ms=60)
                if rng.random() < 0.5:
                    cut = pico._ask(op="cut", flash_op=rng.randint(1, 4), fraction=rng.random(),
                                    timeout_ms=durations.get(k, 3000) + 500, seed=rng.getrandbits(31))
                    if not cut["reached"]:     # no save that far: a cut at a random cycle
                        pico.settle()
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
                matches = [j for j in (k + 1, k) if resumes[j] == seen]
                noted = [j for j in (k + 1, k) if resumes[j][1:] == seen[1:]]
                if not matches and noted:
                    # the game goes on as it should, but the title differs: it says a
                    # save was damaged (docs/RELIABILITY.md: a cut one can be told from)
                    got["title_note"] += 1
                    log("cut %d (key %d %s, %s): the game went on after key %d, the title "
                        "not the simulator's" % (got["cuts"], k, names[k], cut.get("partial"),
                                                 noted[0]))
                    _keep(keep, image, pngs, got["cuts"], k)
                    done = noted[0]
                    got["kept" if done == k + 1 else "went_back"] += 1
                elif not matches:
                    j = _which_index(resumes, seen)
                    got["ahead" if j is not None and j > k + 1 else "lost"] += 1
                    log("cut %d (key %d %s, cycle %s, %s): the game did not go on after key %d "
                        "or %d: %s" % (got["cuts"], k, names[k], cut.get("cycle"),
                                       cut.get("partial"), k, k + 1, _which(resumes, seen)))
                    _keep(keep, image, pngs, got["cuts"], k)
                    if j is None:
                        break
                    done = j
                else:
                    if len(matches) == 2 and resumes[k + 1] == resumes[k]:
                        got["ambiguous"] += 1
                    done = matches[0]
                    got["kept" if done == k + 1 else "went_back"] += 1
                if got["cuts"] % 10 == 0:
                    log("%d cuts, %d lost, at key %d of %d (%.0f s)"
                        % (got["cuts"], got["lost"], done, len(names), time.time() - t0))
            # every game counted once: Statistics from the title after a last restart
            pico.boot()
            for key in STATS:
                pico.key(key)
            got["stats_ok"] = pico.frame() == statistics(seed, names[:done], work)
            got["firmware_ok"] = firmware_region(pico.flash()) == before
            got["at_key"] = done
            got["keys"] = len(names)
            got["flash"] = pico.stats()["flash"]
        got["host_s"] = time.time() - t0
        return got
    finally:
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


def _which_index(resumes, seen):
    for j, r in enumerate(resumes):
        if r == seen:
            return j
    return None


def _which(resumes, seen):
    j = _which_index(resumes, seen)
    return ("it matches the simulator's restart after key %d" % j if j is not None
            else "it matches no restart of the simulator's")


def main(opts):
    got = run(count=opts["count"], seed=opts["seed"],
              keys_path=opts["keys"][1:] if opts["keys"] and opts["keys"].startswith("@") else KEYS,
              rng_seed=opts["rng"], keep=opts.get("keep"))
    boots = sorted(got["boots_ms"]) or [0]
    print("%d power cuts (%d inside an erase or page program, %d left one half done): %d lost, "
          "%d ahead, %d kept the cut key's action, %d went back to the action before, %d of "
          "those with a title not the simulator's; statistics %s; firmware region %s; boot to "
          "title %.0f-%.0f ms emulated; %.0f s host"
          % (got["cuts"], got["in_flash"], got["partial"], got["lost"], got["ahead"],
             got["kept"], got["went_back"], got["title_note"], "as the simulator's" if got["stats_ok"] else "DIFFER",
             "unchanged" if got["firmware_ok"] else "CHANGED", boots[0], boots[-1],
             got["host_s"]))
    ok = not got["lost"] and not got["ahead"] and got["stats_ok"] and got["firmware_ok"]
    return 0 if ok else 1
