"""tools/mp/rp2.py: the handset's own firmware (a UF2 the user built, MICROPYTHON_RP2) on an
emulated Pico (rp2040js, with the flash chip, the panel, the keys and the buzzer modelled
by tools/mp/rp2.mjs), against the simulator. Without MICROPYTHON_RP2 and RP2040_BOOTROM
these skip, saying why; the command line's usage errors are tested without them.

The full runs are tool commands (each several minutes): `python -m tools.mp.rp2 keys --keys
@host_tests/keys/rp2_200.keys` (200 keys) and `python -m tools.mp.rp2 cuts --count 200`;
the tests here run samples of them (make test-rp2)."""
import os
import subprocess
import sys

import pytest

from conftest import ROOT  # noqa: E402
from tools.mp import rp2, rp2_cuts, rp2_mem  # noqa: E402

WHY = rp2.missing()
SEED = 5
KEYS = os.path.join(ROOT, "host_tests", "keys", "rp2_200.keys")
NEEDS_PICO = pytest.mark.skipif(bool(WHY), reason="no emulated Pico: " + (WHY or ""))


def emulated(test):
    """A test on the emulated Pico: slow, MicroPython, skipped without the firmware."""
    return pytest.mark.slow(pytest.mark.micropython(NEEDS_PICO(test)))


def cli(*args, env=None):
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "tools.mp.rp2"] + list(args), cwd=ROOT,
                          env=e, capture_output=True, text=True, timeout=600)


# --- without the firmware --------------------------------------------------------------------

def test_help_says_what_it_needs():
    got = cli("--help")
    assert got.returncode == 0
    assert "MICROPYTHON_RP2" in got.stdout and "RP2040_BOOTROM" in got.stdout


def test_no_firmware_named_is_one_line_and_exit_2():
    got = cli("title", env={"MICROPYTHON_RP2": "", "RP2040_BOOTROM": ""})
    assert got.returncode == 2
    assert got.stderr.count("\n") == 1 and "MICROPYTHON_RP2" in got.stderr


def test_an_unreadable_bootrom_is_one_line_and_exit_2(tmp_path):
    uf2 = tmp_path / "fw.uf2"
    uf2.write_bytes(b"UF2\n" + bytes(508))     # (the bootrom is looked at first)
    got = cli("title", env={"MICROPYTHON_RP2": str(uf2),
                            "RP2040_BOOTROM": str(tmp_path / "missing.bin")})
    assert got.returncode == 2
    assert got.stderr.count("\n") == 1 and "RP2040_BOOTROM" in got.stderr


def _title_with(tmp_path, firmware):
    """`title` on a firmware file of these bytes, with a bootrom of zeros beside it."""
    fw = tmp_path / "fw.uf2"
    fw.write_bytes(firmware)
    rom = tmp_path / "bootrom.bin"
    rom.write_bytes(bytes(16384))
    return cli("title", env={"MICROPYTHON_RP2": str(fw), "RP2040_BOOTROM": str(rom)})


def test_a_file_that_is_not_a_uf2_is_refused(tmp_path):
    got = _title_with(tmp_path, b"\x7fELF" + bytes(508))
    assert got.returncode == 2 and "not a UF2" in got.stderr


def test_a_uf2_without_the_game_is_refused(tmp_path):
    got = _title_with(tmp_path, b"UF2\n" + bytes(508))
    assert got.returncode == 2 and "no game frozen in" in got.stderr
    assert got.stderr.count("\n") == 1


def test_a_bad_option_is_one_line_and_exit_2():
    got = cli("title", "--sed", "5")
    assert got.returncode == 2 and got.stderr.count("\n") == 1


@pytest.mark.parametrize("args, said", [
    (("mem", "--keys", "0"), "--keys takes a whole number above 0"),
    (("mem", "--keys", "@host_tests/keys/rp2_200.keys"), "--keys takes a whole number"),
    (("mem", "--mix", "player,nosuch"), "no mix 'nosuch'"),
    (("mem", "--every", "0"), "--every takes a whole number above 0"),
    (("keys", "--mix", "player"), "--mix is for mem"),
])
def test_mem_says_a_bad_count_or_mix_in_one_line(args, said):
    got = cli(*args)
    assert got.returncode == 2 and got.stderr.count("\n") == 1 and said in got.stderr, got.stderr


# --- the models alone (host_tests/tooling/rp2_models.mjs: no firmware) -------------------------

@pytest.fixture(scope="module")
def models():
    import json
    got = subprocess.run(["node", os.path.join(ROOT, "host_tests", "tooling", "rp2_models.mjs")],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert got.returncode == 0, got.stderr
    return json.loads(got.stdout)


def test_the_flash_chip_programs_only_after_write_enable_and_only_clears_bits(models):
    assert models["program_without_wel"] == [0xFF, 1]      # untouched, and said
    assert models["programmed"] == [0xF0 & 0x0F, 0x3C]
    assert models["read"] == [0x00, 0x3C]
    assert (models["busy_status"], models["ready_status"]) == (1, 0)


def test_a_cut_half_way_through_an_erase_leaves_some_bytes_erased_and_some_old(models):
    cut = models["erase_cut"]
    assert cut["fraction"] == 0.5 and cut["other"] == 0
    assert 1500 < cut["erased"] < 2600 and cut["erased"] + cut["old"] == 4096


def test_a_cut_half_way_through_a_page_program_never_sets_a_bit(models):
    cut = models["program_cut"]
    assert 100 < cut["done"] < 160 and 100 < cut["untouched"] < 160
    assert cut["zero_kept"] == 0


def test_the_panel_reports_an_early_sleep_out_and_a_window_outside_it(models):
    v = models["panel"]["violations"]
    assert any("SLPOUT 100.000 ms" in t for t in v) and any("CASET 0..200" in t for t in v)
    assert len(v) == 2
    assert models["panel"]["px"] == [0xF800, 0x07E0]         # red then green, as sent


# --- on the emulated Pico ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def pico():
    with rp2.Pico(seed=SEED) as p:
        yield p


@emulated
def test_the_firmware_boots_to_the_simulators_title_pixel_for_pixel(pico):
    frames, _ = rp2.sim_frames(SEED, [])
    assert rp2.diff(pico.frame(), frames[0]) == (0, None)
    st = pico.stats()
    assert st["panel"]["backlight"], "the title is up but the backlight is off"
    assert pico.title_ms < 400, "the title took %.0f ms of emulated time" % pico.title_ms


@emulated
def test_the_panel_start_up_keeps_the_datasheets_waits(pico):
    assert pico.stats()["panel"]["violations"] == []


@emulated
def test_the_panel_gets_16_bit_colour_and_the_portrait_madctl_before_any_pixel(pico):
    st = pico.stats()["panel"]
    assert st["colmod"] == 5 and st["madctl"] == 0xC8
    texts = [v["text"] for v in st["violations"]]
    assert not [t for t in texts if "RAMWR" in t or "outside" in t], texts


@emulated
def test_a_scripted_match_shows_the_simulators_frame_at_every_key_and_spares_the_firmware():
    names = rp2.read_keys("@" + KEYS)[:40]      # the match's first 13 results
    with rp2.Pico(seed=SEED) as p:
        image = p.flash()
        offset, _ = rp2.filesystem(image)
        out = []
        frames, bad = rp2.compare_keys(p, SEED, names, log=out.append)
        assert (frames, bad) == (len(names) + 1, 0), out
        answers = [t["answer_ms"] for t in p.timings]
        # every key drew something, its first frame within a second of the press
        assert all(a is not None and 0 < a < 1000 for a in answers), answers
        # the saves went to littlefs and nowhere else: the firmware (its frozen tables)
        # reads the bytes the build wrote
        st = p.stats()["flash"]
        assert st["erases"] > 0 and st["programs"] > 0, "the match saved nothing"
        assert st["lowest_write"] >= offset, "littlefs wrote below its filesystem"
        assert bytes(p.flash()[:offset]) == bytes(image[:offset])
        assert st["errors"] == []


@emulated
def test_a_game_saved_goes_on_after_a_reset(tmp_path):
    names = rp2.read_keys("@" + KEYS)[:rp2_cuts.PREFIX + rp2_cuts.SETUP + 5]
    sim = rp2_cuts.Mirror(SEED, str(tmp_path))
    for name in names:
        sim.key(name)
    expected = sim.resumed(sim.save_dir)        # a restart, then Continue
    sim.close()
    with rp2.Pico(seed=SEED) as p:
        for name in names:
            p.key(name)
        p.reset()
        seen = [p.frame()]
        for key in rp2_cuts.RESUME:
            p.key(key)
            seen.append(p.frame())
    assert seen == expected, "after the reset the game is not where it was left"


@emulated
def test_power_cuts_over_a_matchs_saves_lose_nothing():
    lines = []
    got = rp2_cuts.run(count=6, seed=SEED, rng_seed=7, log=lines.append)
    assert got["cuts"] == 6, lines
    assert got["lost"] == 0 and got["ahead"] == 0, lines
    assert got["frames"] > 0 and got["frames_differ"] == 0, lines
    assert got["stats_ok"], "the statistics after the cuts are not the simulator's"
    assert got["firmware_ok"], "a byte of the firmware's flash changed"


@emulated
def test_a_bouncing_key_counts_once_and_two_keys_at_once_give_the_first_in_scan_order():
    frames, _ = rp2.sim_frames(SEED, ["DOWN", "DOWN", "UP"])
    with rp2.Pico(seed=SEED) as p:
        p.key("DOWN", bounce_ms=8, seed=3)          # chatter at both ends: still one DOWN
        assert rp2.diff(p.frame(), frames[1]) == (0, None)
        p.key("DOWN", hold_ms=300, bounce_ms=12, seed=9)   # held, under the repeat's 400 ms
        assert rp2.diff(p.frame(), frames[2]) == (0, None)
        # DOWN and UP together: the scan finds UP (row 0) before DOWN (row 2)
        p.press("DOWN", hold_ms=80)
        p.key("UP", hold_ms=80)
        assert rp2.diff(p.frame(), frames[3]) == (0, None)


@emulated
def test_a_held_arrow_repeats_as_the_keypad_says():
    with rp2.Pico(seed=SEED) as p:
        # taken at the first scan after the press (the loop scans every 10-30 ms), again
        # 400 ms later, then every 120 ms: held 620 ms, three DOWNs (a fourth would be due
        # 640 ms after the press at the earliest)
        p.key("DOWN", hold_ms=620)
        held = p.frame()
    # the title: New game, Continue (greyed: nothing saved), Settings, Rules: on Rules
    frames, _ = rp2.sim_frames(SEED, ["DOWN"] * 3)
    assert rp2.diff(held, frames[3]) == (0, None)


@emulated
def test_the_deal_sounds_at_1568_hz():
    with rp2.Pico(seed=SEED) as p:
        p.tones(clear=True)
        for name in rp2.read_keys("@" + KEYS)[:rp2_cuts.PREFIX + rp2_cuts.SETUP]:
            p.key(name)
        tones = p.tones()
    deal = [t for t in tones if abs(t["hz"] - 1568) < 1568 * 0.005]
    assert deal, tones
    assert all(t["ms"] is None or 35 <= t["ms"] <= 80 for t in deal), deal


@emulated
def test_mem_reads_the_heap_after_the_first_match_and_after_the_last_key():
    # the player's mix, seed 4: the first match ends at its 92nd key (the simulator's and
    # the Pico's game-over screen); python -m tools.mp.rp2 mem runs the 10,000 keys
    lines = []
    res = rp2_mem.run(100, seed=4, every=50, log=lines.append)
    ok, said = rp2_mem.verdict(res)
    assert (res["keys"], res["errors"], res["error"]) == (100, 0, ""), said
    assert res["first_key"] is not None and 0 < res["first_key"] <= 100, said
    assert [k for k, _ in res["samples"]] == [0, 50, 100], res["samples"]
    # a frozen game leaves most of the Pico's 233 KB heap free
    assert all(100000 < f < 240000 for f in (res["first"], res["last"])), said
    assert said[0].endswith("completed, no error caught") and "difference" in said[2], said


# --- the REPL over USB: make flash on the emulated Pico ----------------------------------------
# (the stock RPI_PICO firmware with the game frozen in, whose image runs into its own
# filesystem: MICROPYTHON_RP2_STOCK names it; docs/HARDWARE.md says how to build it)
STOCK = os.environ.get("MICROPYTHON_RP2_STOCK", "")


def make_flash(port, *extra):
    return subprocess.run(["make", "flash", "PORT=" + port] + list(extra), cwd=ROOT,
                          capture_output=True, text=True, timeout=900)


def test_serve_with_an_image_that_is_not_there_is_one_line_and_exit_2(tmp_path):
    got = cli("serve", "--image", str(tmp_path / "none.img"),
              env={"MICROPYTHON_RP2": "", "RP2040_BOOTROM": ""})
    assert got.returncode == 2
    assert len(got.stderr.strip().splitlines()) == 1, got.stderr


def test_flashcuts_refuses_a_mode_the_board_has_not():
    got = cli("flashcuts", "--mode", "romfs")
    assert got.returncode == 2 and "--mode takes frozen or mpy" in got.stderr
    assert len(got.stderr.strip().splitlines()) == 1


@emulated
def test_serve_prints_a_port_that_mpremote_talks_to_until_ctrl_c():
    import signal
    proc = subprocess.Popen([sys.executable, "-m", "tools.mp.rp2", "serve"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        port = line.split(" on ", 1)[1].split()[0]
        got = subprocess.run([os.path.join(os.path.dirname(sys.executable), "mpremote"),
                              "connect", port, "exec", "import sys; print(sys.implementation._build, 6 * 7)"],
                             capture_output=True, text=True, timeout=300)
        assert got.returncode == 0 and got.stdout.split() == ["SVARA_HANDSET", "42"], got
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=60) == 0


@emulated
def test_make_flash_puts_the_game_on_the_emulated_pico_and_survives_power_cuts(tmp_path):
    from tools.mp import rp2_flash
    lines = []
    # make flash (frozen: the handset's firmware has the game in it) on a fresh Pico, the
    # reset into it; then the new build's flash on it, each REPL command's time measured
    bench = rp2_flash.Bench(str(tmp_path), log=lines.append)
    assert bench.how.startswith("frozen:"), lines
    n = len(bench.commands)
    assert n > 10, "a flash of %d commands" % n
    # a cut on the last steps (the switch, the reset), a boot, a second flash: python -m
    # tools.mp.rp2 flashcuts makes one at every step (the suite's time allows one here)
    got = bench.cut(n - 1, 0.6, seed=7)
    assert got["ok"], got


@emulated
@pytest.mark.skipif(not STOCK, reason="set MICROPYTHON_RP2_STOCK=/path/to/firmware.uf2 (the "
                    "stock RPI_PICO firmware with the game frozen in) to test make flash's refusal")
def test_make_flash_refuses_the_stock_pico_firmware_in_one_line_before_sending_anything():
    import time
    with rp2.SerialPico(uf2=STOCK) as dev:
        while dev.pico.stats()["ms"] < 1000:     # its start (a first mkfs among it) done
            time.sleep(0.1)
        before = dev.pico.stats()["flash"]
        got = make_flash(dev.port)
        after = dev.pico.stats()["flash"]
    assert got.returncode != 0
    err = [line for line in got.stderr.splitlines() if line.startswith("flash:")]
    assert len(err) == 1, got.stderr
    assert "into its filesystem" in err[0] and "nothing was sent" in err[0], err[0]
    # nothing written: not a byte of the flash erased or programmed while it asked
    assert (after["erases"], after["programs"]) == (before["erases"], before["programs"])
