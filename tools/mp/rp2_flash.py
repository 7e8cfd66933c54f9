"""`make flash` against the emulated Pico (tools/mp/rp2.py's SerialPico), and power cuts
at every step of a flash: `python -m tools.mp.rp2 flashcuts`.

A step is one command of the raw REPL (what the host sends up to its Ctrl-D). A run
without a cut first flashes the old build and measures when each command of the new
build's flash is sent and when the device's answer to it ended; then for each step in
turn the new build is flashed on the old one again and the power is cut `fraction` of
the way through the device's work on that step (to the next command when it gave no
answer: the reset). After each
cut the Pico boots again and must show the title, its /svara.slot must name a folder
holding the old build or the new one, whole (every file's SHA-256 against that
build's manifest), and a second flash must complete and leave the new build running.
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

from tools.mp import rp2

ROOT = rp2.ROOT


def build_pair(tmp):
    """Two builds a flash can tell apart on the device: the game built afresh into
    tmp/old (make build's tool), and the same with a comment added to main.py, its
    manifest rewritten (tmp/new)."""
    import subprocess
    import sys
    from tools.device import build as buildtool
    old = os.path.join(tmp, "old")
    made = subprocess.run([sys.executable, "-m", "tools.device.build", "--board", "handset",
                           "--out", old], cwd=ROOT, capture_output=True, text=True)
    if made.returncode:
        raise rp2.EmulatorError("the build failed: %s" % (made.stderr.strip().splitlines()
                                                          or ["?"])[-1])
    new = os.path.join(tmp, "new")
    shutil.copytree(old, new)
    with open(os.path.join(new, "main.py"), "a") as f:
        f.write("# the new build (tools/mp/rp2_flash.py)\n")
    with open(os.path.join(old, "svara.manifest")) as f:
        needed = json.load(f)["needed"]
    buildtool.write_manifest(new, "handset", needed)
    return old, new


def manifest(build):
    with open(os.path.join(build, "svara.manifest")) as f:
        return json.load(f)["files"]


def flash(port, build, mode=None, timeout=60):
    """tools/device/flash.py (what `make flash PORT=... BUILD=...` runs after the build)."""
    cmd = [sys.executable, "-m", "tools.device.flash", port, "--build", build]
    if mode:
        cmd += ["--mode", mode]
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout * 20)


def which_build(pico, builds):
    """The build /svara.slot's folder holds whole ("old", "new"), or why none: every file
    its svara.manifest lists (frozen: main.py alone, the rest is in the firmware; mpy:
    the build's every file) there, with that build's SHA-256."""
    import hashlib
    files = pico.files()
    slot = files.get("/svara.slot")
    if slot is None:
        return "no /svara.slot"
    folder = "/svara." + slot.decode().strip() + "/"
    try:
        listed = json.loads(files[folder + "svara.manifest"])["files"]
    except (KeyError, ValueError) as e:
        return "%ssvara.manifest unreadable (%s)" % (folder, e)
    got = {f: hashlib.sha256(files[folder + f]).hexdigest() for f in listed if folder + f in files}
    if "main.py" not in listed or any(got.get(f) != h for f, (_n, h) in listed.items()):
        return "%s is not whole against its own manifest" % folder
    for name, build in builds.items():
        want = manifest(build)
        if all(f in want and want[f][1] == h for f, h in got.items()):
            return name
    return "%s holds neither build" % folder


def boot_frame(image_path, uf2=None):
    """Power the Pico on from a flash image (no USB) and wait for the panel to be quiet:
    the frame it shows."""
    with rp2.Pico(uf2=uf2, image=image_path, boot=False, harness=False, game=False) as pico:
        pico._ask(op="power_on")
        pico.quiet(800)
        return pico.frame()


def settled_image(dev, path, boots):
    """Serve until the Pico restarted `boots` times in all and its panel went quiet,
    then save its flash."""
    deadline = time.time() + 120
    while dev.pico.stats()["boots"] < boots:
        if time.time() > deadline:
            raise rp2.EmulatorError("the Pico did not restart after the flash")
        time.sleep(0.2)
    dev.stop()
    dev.pico.quiet(800)
    dev.pico.save_flash(path)


class Bench:
    """The reference: the old build flashed on a fresh Pico, its image and title; then the
    new build's flash on it without a cut, each command's emulated ms."""

    def __init__(self, tmp, uf2=None, mode=None, log=print):
        self.tmp = tmp
        self.uf2 = uf2
        self.mode = mode
        self.log = log
        self.old, self.new = build_pair(tmp)
        self.builds = {"old": self.old, "new": self.new}
        self.old_image = os.path.join(tmp, "old.img")
        with rp2.SerialPico(uf2=uf2) as dev:
            got = flash(dev.port, self.old, mode)
            if got.returncode:
                raise rp2.EmulatorError("the first flash failed: " + got.stderr.strip())
            settled_image(dev, self.old_image, 2)
        self.title = boot_frame(self.old_image, self.uf2)
        t = time.time()
        with rp2.SerialPico(uf2=uf2, image=self.old_image) as dev:
            got = flash(dev.port, self.new, mode)
            if got.returncode:
                raise rp2.EmulatorError("the new build's flash failed: " + got.stderr.strip())
            self.commands = list(dev.commands)
            # the device's work in each step: from its Ctrl-D to the end of its answer
            answers = list(dev.answers)
            self.work = []
            for i, at in enumerate(self.commands):
                nxt = self.commands[i + 1] if i + 1 < len(self.commands) else float("inf")
                end = next((a for a in answers if at <= a <= nxt), None)
                self.work.append(end - at if end is not None else None)
            self.flash_ms = dev.pico.stats()["ms"]
        self.flash_s = time.time() - t
        # flash.py's line saying which way the game went on (frozen, romfs or mpy)
        self.how = next((line for line in got.stdout.splitlines()
                         if line.startswith(("frozen", "romfs", "mpy"))), "?")
        self.log("reference: %d commands over %.0f ms emulated, %.1f s host; %s"
                 % (len(self.commands), self.commands[-1] - self.commands[0], self.flash_s,
                    self.how))

    def cut(self, step, fraction, seed=1):
        """Flash the new build on the old, cut the power `fraction` of the way from the
        step-th command to the next; boot; check; flash again. A dict of what happened,
        "ok" False with "why" when the handset was left wrong."""
        cmds = self.commands
        gap = (cmds[step] - cmds[step - 1]) if step < len(cmds) else 300.0
        # inside the device's work on the step when it answered (its file writes), else
        # on the way to the next step (the last: the reset)
        work = self.work[step - 1]
        ms = max(0.01, fraction * (work if work else gap))
        out = {"step": step, "ms": ms, "ok": False}
        with rp2.SerialPico(uf2=self.uf2, image=self.old_image, cut_at=(step, ms),
                            seed=seed) as dev:
            first = flash(dev.port, self.new, self.mode)
            deadline = time.time() + 60
            while dev.cut is None and dev.alive() and time.time() < deadline:
                time.sleep(0.1)
            out["cut"] = dev.cut and dev.cut.get("partial")
            out["first"] = (first.stderr.strip().splitlines() or first.stdout.strip().splitlines() or [""])[-1]
            if dev.cut is None:
                out["why"] = "no cut was made (%s)" % out["first"]
                return out
            image = os.path.join(self.tmp, "cut.img")
            dev.pico.save_flash(image)
        frame = boot_frame(image, self.uf2)
        if rp2.diff(frame, self.title)[0]:
            out["why"] = "after the cut the Pico did not show the title (%d pixels differ)" % rp2.diff(frame, self.title)[0]
            return out
        with rp2.Pico(uf2=self.uf2, image=image, boot=False, harness=False, game=False) as pico:
            out["after_cut"] = which_build(pico, self.builds)
        if out["after_cut"] not in ("old", "new"):
            out["why"] = out["after_cut"]
            return out
        with rp2.SerialPico(uf2=self.uf2, image=image) as dev:
            second = flash(dev.port, self.new, self.mode)
            if second.returncode:
                out["why"] = "the second flash failed: " + second.stderr.strip()
                return out
            settled_image(dev, image, 2)
        frame = boot_frame(image, self.uf2)
        with rp2.Pico(uf2=self.uf2, image=image, boot=False, harness=False, game=False) as pico:
            final = which_build(pico, self.builds)
        if final != "new" or rp2.diff(frame, self.title)[0]:
            out["why"] = "after the second flash: %s, the title %s" % (
                final, "shown" if not rp2.diff(frame, self.title)[0] else "NOT shown")
            return out
        out["ok"] = True
        return out


def main(opts):
    """flashcuts: --count N cuts spread over the steps (default: one at every step),
    --mode frozen|mpy, --rng N (the fractions' seed)."""
    rng = random.Random(opts["rng"])
    t0 = time.time()
    with tempfile.TemporaryDirectory(prefix="rp2flash") as tmp:
        bench = Bench(tmp, uf2=opts.get("firmware"), mode=opts.get("mode"))
        n = len(bench.commands)
        count = opts.get("cuts") or n
        steps = sorted({1 + (i * n) // count for i in range(count)})
        bad = 0
        seen = {"old": 0, "new": 0}
        for step in steps:
            got = bench.cut(step, rng.uniform(0.05, 0.95), seed=rng.randrange(1, 1 << 30))
            if got.get("after_cut") in seen:
                seen[got["after_cut"]] += 1
            partial = got.get("cut")
            print("step %d/%d +%.1f ms: %s%s; %s" % (
                step, n, got["ms"], got.get("after_cut", "-"),
                " (inside %s)" % ("an erase" if partial["kind"] == "erase" else "a page program")
                if partial else "",
                "ok" if got["ok"] else "FAILED: " + got["why"]), flush=True)
            bad += not got["ok"]
        print("%d cuts over the %d steps of a %s flash (%.1f s host each without a cut): %d "
              "failed; after the cut the old build ran %d times, the new %d; %.0f s in all"
              % (len(steps), n, opts.get("mode") or "auto", bench.flash_s, bad, seen["old"],
                 seen["new"], time.time() - t0))
        return 1 if bad else 0
