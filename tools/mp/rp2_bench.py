"""Time on the emulated Pico (tools/mp/rp2.py): the handset's own firmware at 125 MHz of
emulated time, its panel's SPI bytes and its keypad's pins as rp2.mjs models them.

    python -m tools.mp.rp2 bench [--turns N] [--rng N] [--seed N]

- start: power on to the title settled (the harness pin) and to its last SPI byte;
- keys on the person's turn (as tools/mp/qemu_guest.py's bench presses them: DOWN to the
  raise row, digits on its amount, RIGHT, UP, * shown and hidden): from the key's
  contact closing (the scan's wait and the debounce included) to the last SPI byte of
  the first frame that answers it, each press at a random phase of the keypad's 10 ms
  poll; split into: contact to the column read low (the scan reaching the key's row),
  to app.key() (the harness pin falling), to the first SPI byte after it (the app's work
  before it draws), to the frame's last byte (drawing and SPI, interleaved);
- a bot round: the person's OK on his turn until the app settled again (his next turn or
  a result), the core's executed cycles (WFI/WFE's skipped time idle; the time the core
  polls the busy flash chip counted as busy) over the round's emulated length.
The key plan comes from the simulator (same seed, same keys).
"""
import random
import time

from tools.mp import rp2

TARGETS = {"move": (20, 30), "digit": (20, 30), "star": (40, None)}   # median, worst (ms)
TURN = (("move", "DOWN"), ("digit", "5"), ("digit", "0"), ("move", "RIGHT"), ("move", "UP"),
        ("star", "STAR"), ("star_off", "STAR"))


def plan(seed, turns, cycles=3):
    """[(kind, key)]: New game, then on each of `turns` turns of the person `cycles` times
    TURN and OK ("round"); OK on a result ("result"). From the simulator's traces."""
    from tools.sim import core
    steps = [("-", "OK"), ("-", "SL")]

    def last():
        names = [k for _, k in steps]
        return core.run([core.keys.code(n) for n in names], seed=seed,
                        save_dir=core.MEMORY).traces[-1]
    done = 0
    for _ in range(turns * 6):
        if done >= turns:
            break
        t = last()
        if t.startswith("table turn turn=0"):
            steps += list(TURN) * cycles + [("round", "OK")]
            done += 1
        else:
            steps.append(("result", "OK"))
    names = [k for _, k in steps]
    frames, _ = rp2.sim_frames(seed, names)
    # (kind, key, whether the simulator's frame changed: a press with nothing to draw)
    return [(kind, key, frames[i + 1] != frames[i]) for i, (kind, key) in enumerate(steps)]


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def measure(seed=5, turns=6, rng=1, log=print):
    rnd = random.Random(rng)
    steps = plan(seed, turns)
    t0 = time.time()
    out = {"keys": {}, "rounds": [], "steps": len(steps)}
    with rp2.Pico(seed=seed) as pico:
        st = pico.stats()
        out["start"] = {"settled_ms": pico.title_ms, "last_spi_ms": st["panel"]["last_byte_ms"]}
        for kind, key, drawn in steps:
            pico.run_ms(rnd.uniform(0, 10))      # a random phase of the 10 ms poll
            before = pico.stats()
            t = pico.key(key)
            after = pico.stats()
            raw = pico._ask(op="timings")["timings"][-1]
            if kind in TARGETS or kind == "star_off":
                if not drawn:
                    out["idle"] = out.get("idle", 0) + 1     # the simulator drew nothing either
                    continue
                if raw["first_frame_ns"] < 0:
                    out["keys"].setdefault(kind, []).append(None)
                    continue
                p = raw["press_ns"]
                out["keys"].setdefault(kind, []).append({
                    "total": (raw["first_frame_ns"] - p) / 1e6,
                    "scan": (raw["col_low_ns"] - p) / 1e6,
                    "poll": (raw["taken_ns"] - raw["col_low_ns"]) / 1e6,
                    "app": (raw["first_spi_ns"] - raw["taken_ns"]) / 1e6,
                    "draw_spi": (raw["first_frame_ns"] - raw["first_spi_ns"]) / 1e6,
                })
            elif kind in ("round", "result"):
                length_ns = raw["settled_ns"] - raw["press_ns"]
                busy = (after["executed_cycles"] - before["executed_cycles"]) * rp2.NS_PER_CYCLE
                busy += (after.get("flash_wait_ns", 0) - before.get("flash_wait_ns", 0))
                whole = (after["ms"] - before["ms"]) * 1e6
                out["rounds"].append({"after": kind, "length_ms": length_ns / 1e6,
                                      "share": busy / whole, "whole_ms": whole / 1e6})
            del t
        out["host_s"] = time.time() - t0
        out["emulated_ms"] = pico.stats()["ms"]
    return out


def report(res, log=print):
    """The table; False when a target is missed."""
    ok = True
    s = res["start"]
    log("Start: power on to the title settled %.1f ms (its last SPI byte %.1f ms), emulated"
        % (s["settled_ms"], s["last_spi_ms"]))
    log("Keys on the person's turn, the contact closing to the last SPI byte of the frame "
        "answering it (ms, random phases of the 10 ms poll):")
    log("  %-9s %3s %7s %7s %7s   %s" % ("key", "n", "median", "p90", "worst",
                                         "median parts: scan / poll+debounce / app / draw+SPI; target"))
    for kind in ("move", "digit", "star", "star_off"):
        rows = res["keys"].get(kind) or []
        good = [r for r in rows if r]
        if not good:
            continue
        tot = [r["total"] for r in good]
        med = pct(tot, 0.5)
        parts = " / ".join("%.1f" % pct([r[p] for r in good], 0.5)
                           for p in ("scan", "poll", "app", "draw_spi"))
        target = TARGETS.get(kind)
        miss = target and (med > target[0] or (target[1] and max(tot) > target[1]))
        ok = ok and not miss
        log("  %-9s %3d %7.1f %7.1f %7.1f   %s; %s%s" % (
            kind, len(good), med, pct(tot, 0.9), max(tot), parts,
            ("<= %d median" % target[0] + (", <= %d worst" % target[1] if target[1] else ""))
            if target else "-",
            " MISSED" if miss else ""))
        if len(good) < len(rows):
            ok = False
            log("            %d presses drew nothing where the simulator drew a frame"
                % (len(rows) - len(good)))
    for after, what in (("round", "his OK on his turn"), ("result", "OK on a result")):
        rows = [r for r in res["rounds"] if r["after"] == after]
        if not rows:
            continue
        sh = [r["share"] for r in rows]
        ln = [r["length_ms"] for r in rows]
        log("Bot rounds after %s (Bot pace normal) to the app settled: %d, length median "
            "%.0f ms, worst %.0f ms; CPU share median %.1f%%, worst %.1f%% (executed cycles, "
            "flash polls included, over the press to 30 ms after the key was up and the app "
            "settled; WFI/WFE idle)" % (what, len(sh), pct(ln, 0.5), max(ln),
                                        100 * pct(sh, 0.5), 100 * max(sh)))
    acted = [r["share"] for r in res["rounds"] if r["length_ms"] >= 1000]
    if acted:
        log("Rounds where bots acted (1 s or more at Bot pace normal; the shorter ones end at a "
            "result his own action made, its saves and drawing): %d, CPU share median %.1f%%, "
            "worst %.1f%%" % (len(acted), 100 * pct(acted, 0.5), 100 * max(acted)))
    if res["rounds"]:
        log("  each round: " + ", ".join("%s %.0f ms %.1f%%" % (
            "turn" if r["after"] == "round" else "result", r["length_ms"], 100 * r["share"])
            for r in res["rounds"]))
    if res.get("idle"):
        log("(%d presses left out: the simulator's frame did not change on them either)" % res["idle"])
    log("(%d keys, %.0f ms emulated in %.0f s of host time)"
        % (res["steps"], res["emulated_ms"], res["host_s"]))
    return ok
