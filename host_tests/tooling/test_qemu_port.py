"""tools/mp/qemu.py: the runner for MicroPython's qemu port (a Cortex-M0 image the user
builds, MICROPYTHON_QEMU). Its usage errors and its arithmetic (the guest's figures read
into key-to-panel times, rounds, decisions and flash wear) are tested without the image;
what needs the image and qemu-system-arm runs only when MICROPYTHON_QEMU names one: the
clock counts instructions, a start and a key give figures that make sense, the same on
every run, and a short match's saves write and erase the flash."""
import json
import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT  # noqa: E402
from tools.mp import qemu  # noqa: E402

IMAGE = qemu.image()
VAR = "MICROPYTHON_QEMU"    # (a name, not in the bodies: conftest reads them for MicroPython)
_SKIP = pytest.mark.skipif(bool(qemu.missing(IMAGE)), reason=qemu.missing(IMAGE) or "image given")


def NEEDS_IMAGE(test):
    """A test on the image, in qemu: MicroPython runs (make check's tier), or it skips."""
    return pytest.mark.micropython(_SKIP(test))


def run(*args, env=None):
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "tools.mp.qemu"] + list(args),
                          capture_output=True, text=True, timeout=600, cwd=ROOT, env=e)


# --- without the image ----------------------------------------------------------------------

def test_no_image_named_says_how_to_get_one_and_exits_2():
    got = run("clock", env={VAR: ""})
    assert got.returncode == 2
    assert VAR in got.stderr and "ports/qemu" in got.stderr
    assert "Traceback" not in got.stderr and len(got.stderr.strip().splitlines()) == 1


def test_a_missing_or_wrong_image_file_is_named_and_exits_2(tmp_path):
    got = run("--image", str(tmp_path / "nope.elf"), "clock")
    assert got.returncode == 2 and "nope.elf: no such file" in got.stderr
    text = tmp_path / "README.md"
    text.write_text("not an image\n")
    got = run("--image", str(text), "start")
    assert got.returncode == 2 and "not an ELF file" in got.stderr


def test_no_qemu_on_the_path_says_what_to_install(tmp_path):
    elf = tmp_path / "firmware.elf"
    elf.write_bytes(b"\x7fELF" + bytes(60))
    got = run("--image", str(elf), "--qemu", "no-such-qemu-system-arm", "clock")
    assert got.returncode == 2
    assert "no-such-qemu-system-arm not found" in got.stderr and "apt-get" in got.stderr


def test_bad_usage_is_one_line_and_exits_2():
    for args in (("run",), ("start", "x.py"), ("--rounds", "0"), ("faster",),
                 ("run", "no_such_script.py")):
        got = run(*args)
        assert got.returncode == 2, (args, got.stderr)
        assert len(got.stderr.strip().splitlines()) == 1, (args, got.stderr)
        assert "python -m tools.mp.qemu" in got.stderr


def test_make_bench_without_the_image_says_how_and_goes_on():
    got = subprocess.run([sys.executable, "-m", "tools.bench.qemu"], capture_output=True,
                         text=True, timeout=60, cwd=ROOT,
                         env=dict(os.environ, **{VAR: ""}))
    assert got.returncode == 0
    assert "skipped" in got.stdout and VAR in got.stdout


def test_the_model_converts_instructions_and_bytes_to_rp2040_milliseconds():
    # 125,000 thousand instructions at 1 cycle each would be a second; at 2.0, two.
    assert qemu.ms(125000, 2.0) == 2000
    assert qemu.ms(1000, 1.45) == pytest.approx(11.6)
    # A whole frame, 128 x 160 x 2 bytes, at the panel's 12 MHz (board.py's SPI_BAUD,
    # what the rp2 port's 48 MHz clk_peri gives): 27.3 ms.
    assert qemu.spi_ms(128 * 160 * 2) == pytest.approx(27.3, abs=0.05)
    # The firmware's clock in the guest: 16 handset ns a guest instruction (2.0 / 125 MHz).
    assert qemu.handset_ms(1000) == 16


def test_the_pace_is_read_from_the_firmwares_settings(tmp_path):
    got = qemu.pace_ms()
    # slow, normal, fast: slow thinks, shows its pop-up and slides the pot the longest;
    # tens of ms
    assert len(got) == 3 and got[0][0] > got[1][0] > got[2][0] and got[0][1] > got[2][1]
    assert got[0][2] > got[1][2] > got[2][2] > 0
    assert all(t % 10 == 0 and p % 10 == 0 and sl % 10 == 0 for t, p, sl in got)
    mine = tmp_path / "settings.py"
    mine.write_text('PACE_THINK = b"\\x28\\x14\\x06"\nPACE_POP = b"\\xa0\\x6e\\x46"\n'
                    'PACE_POT = b"\\x3c\\x28\\x14"\n')
    assert qemu.pace_ms(str(mine)) == [(400, 1600, 600), (200, 1100, 400), (60, 700, 200)]
    mine.write_text('PACE_THINK = b"\\x28\\x14\\x06"\nPACE_POP = b"\\xa0\\x6e\\x46"\n')
    # a tree before the pot's slide was paced: no slide
    assert qemu.pace_ms(str(mine)) == [(400, 1600, 0), (200, 1100, 0), (60, 700, 0)]
    old = tmp_path / "settings.py"
    old.write_text("PACE = 11\n")       # a tree before the clock's pacing: nothing said
    assert qemu.pace_ms(str(old)) == []


GUEST_OUT = """\
raw noise that is not a figure
@clock instructions=2000000 us=2003
@key kind=move seats=4 level=1 cpu=4000 show=1900 shows=1 spi=40971 first=3400 first_spi=40971 last=3400 idles=1 decide=0 decisions=0 save=0 saves=0 gc=450 gcs=1 bd=0 erases=0 written=0 first_erases=0 first_written=0 clock=4040
@key kind=move seats=4 level=1 cpu=4100 show=1900 shows=1 spi=40971 first=3500 first_spi=40971 last=3500 idles=1 decide=0 decisions=0 save=0 saves=0 gc=450 gcs=1 bd=0 erases=0 written=0 first_erases=0 first_written=0 clock=4140
@key kind=ok seats=4 level=1 cpu=300000 show=130000 shows=70 spi=2900000 first=20000 first_spi=40971 last=299000 idles=400 decide=48000 decisions=3 save=70000 saves=6 gc=2500 gcs=4 bd=900 erases=2 written=6400 first_erases=1 first_written=512 clock=3580000
@round from=turn to=turn seats=4 level=1 cpu=30000 show=13000 shows=7 spi=290000 first=20000 first_spi=40971 last=29900 idles=400 decide=4800 decisions=3 save=7000 saves=6 gc=2500 gcs=4 bd=900 erases=2 written=6400 first_erases=1 first_written=512 clock=260000 slept=210000 spi_us=1500 waits=1500 art=10000 pace=1 think_ms=200 pop_ms=1100
@round from=turn to=turn seats=4 level=1 cpu=20000 show=1900 shows=1 spi=40971 first=19000 first_spi=40971 last=19000 idles=1 decide=0 decisions=0 save=14000 saves=1 gc=500 gcs=1 bd=0 erases=0 written=0 first_erases=0 first_written=0 clock=20000 slept=0 spi_us=0 pace=1 think_ms=200 pop_ms=1100
@decide level=2 seats=4 k=100
@decide level=2 seats=4 k=300
@decide level=2 seats=4 k=200
@odds opponents=2 k=9000
@error something went wrong in the guest
"""


def test_the_guests_lines_are_read_into_figures():
    rows = qemu.parse(GUEST_OUT)
    assert rows[0] == ("clock", {"instructions": 2000000, "us": 2003})
    assert rows[-1] == ("error", {"text": "something went wrong in the guest"})
    sm = qemu.summarise(rows)
    move = sm["keys"]["move"]
    assert move["n"] == 2
    # Key to panel: the CPU to the end of the frame's show() (3,450 k median at 2.0
    # cycles, 125 MHz: 55.2 ms) and the frame's bytes on the SPI bus (27.3 ms at 12 MHz).
    assert move["panel_ms_high_median"] == pytest.approx(3450 * 2.0 / 125 + 27.31, abs=0.05)
    assert move["handler_k_median"] == 2150
    # OK: to its FIRST frame (what follows is the bots' round), the save before it
    # erasing a flash sector (45 ms) and programming two pages (0.4 ms each).
    assert sm["keys"]["ok"]["panel_ms_high_median"] == pytest.approx(
        20000 * 2.0 / 125 + 27.31 + 45 + 0.8, abs=0.05)
    # A round counts only where bots played: one here. Its length on the handset is the
    # guest's clock in handset time, the firmware's clock: the CPU at the high end, the
    # loop's sleeps, the bus's and the flash's waits in it, less the RAM block device's
    # own copying (260,000 - 10,000 us x 16 ns: 4.0 s).
    (r,) = sm["rounds"]
    assert r["n"] == 1 and r["level"] == "Normal" and r["seats"] == 4
    assert r["length_ms_median"] == pytest.approx(4000)
    assert r["slept_ms_median"] == pytest.approx(3360)
    # The CPU's share of it: 30,000 k at 2.0 cycles, 125 MHz = 480 ms of 4,000: 12%.
    assert r["cpu_share_high_median"] == pytest.approx(0.12)
    # What Bot pace says: three bots, each 200 ms thinking and 1,100 ms of pop-up.
    assert r["said_ms_median"] == 3900
    assert r["length_of_said_median"] == pytest.approx(4000 / 3900)
    (d,) = sm["decide"]
    assert (d["level"], d["n"], d["median_k"], d["worst_k"]) == ("Hard", 3, 200, 300)
    assert sm["odds"] == [{"opponents": 2, "n": 1, "median_k": 9000, "worst_k": 9000}]
    text = "\n".join(qemu.table(sm))
    assert "Clock check: 2000000 instructions (asm loop) read as 2003 us" in text
    assert "move" in text and "Hard" in text
    assert "12.0%" in text and "3900" in text and "1.03" in text
    assert "x 16 ns" in text and "12 MHz" in text


def test_percentiles_are_by_nearest_rank():
    values = list(range(1, 11))
    assert qemu.pct(values, 90) == 9 and qemu.pct(values, 50) == 5 and qemu.pct(values, 100) == 10
    assert qemu.pct([7], 90) == 7


def test_flash_wear_reads_as_matches_until_wear_out():
    f = {"games": 30, "saves": 600, "written": 800000, "writes": 1600, "erased": 200,
         "read": 1, "worst_block": 100, "blocks_erased": 4, "blocks": 64, "block_size": 4096,
         "files": "game:246"}
    text = "\n".join(qemu.flash_lines(f))
    assert "200 erases" in text
    # 100,000 cycles x 352 blocks of a Pico's filesystem / 200 erases a match.
    assert "about 176000 matches" in text
    assert "the most-erased block alone: 1000" in text


# --- with the image ----------------------------------------------------------------------------

@pytest.mark.micropython
@NEEDS_IMAGE
def test_the_guests_clock_counts_instructions():
    s = qemu.Session(IMAGE)
    try:
        rows = qemu.phase_clock(s)
    finally:
        s.close()
    (row,) = [r for r in rows if r[0] == "clock"]
    # 2,000,000 instructions of an inline-assembler loop: 2,000 us, the call's few more.
    assert 2000 <= row[1]["us"] <= 2010


HANDSET = """
import time
t = _ticks_us()
h = time.ticks_ms()
time.sleep_ms(100)
print("@hs guest_us=%d handset_ms=%d" % (_diff(_ticks_us(), t), time.ticks_diff(time.ticks_ms(), h)))
t = _ticks_us()
h = time.ticks_ms()
_loop = 0
while _diff(_ticks_us(), t) < 10000:
    _loop += 1
print("@hs busy_us=%d busy_ms=%d" % (_diff(_ticks_us(), t), time.ticks_diff(time.ticks_ms(), h)))
"""


@pytest.mark.micropython
@NEEDS_IMAGE
def test_the_firmware_runs_on_handset_time():
    s = qemu.Session(IMAGE)
    try:
        rows = s.run(HANDSET)
        play = s.run("bench_play(5, (4,), (1,), 1, 0)")
    finally:
        s.close()
    sleep, busy = [d for w, d in rows if w == "hs"]
    # The firmware's sleep_ms(100) lasts 100 ms of handset time: 6,250 us of the guest's
    # clock at 16 ns an instruction; 10,000 us of the guest's work read as 160 ms.
    assert 99 <= sleep["handset_ms"] <= 101 and 6200 <= sleep["guest_us"] <= 6400
    assert 159 <= busy["busy_ms"] <= 161
    # The app is on that clock, and each round says the pace it ran at.
    (model,) = [d for w, d in play if w == "model"]
    assert model["clocked"] == 1 and model["handset_ns"] == 16 and model["spi_hz"] == 12000000
    rounds = [d for w, d in play if w == "round" and d["decisions"]]
    assert rounds and all((d["think_ms"], d["pop_ms"]) == qemu.pace_ms()[1][:2] for d in rounds)
    # a round that ends at a game's result says the pot's slide; one at a turn none
    assert all(d["slide_ms"] == (qemu.pace_ms()[1][2] if d["to"] == "result" else 0)
               for d in rounds)


def _table_keys():
    """One person and 3 Normal bots from a fresh guest: the keys of his first turn, OK,
    and one bots' round."""
    s = qemu.Session(IMAGE)
    try:
        rows = s.run("bench_play(5, (4,), (1,), 1, 1)")
    finally:
        s.close()
    return [d for w, d in rows if w == "key"]


@pytest.mark.micropython
@NEEDS_IMAGE
def test_a_key_on_the_table_draws_a_frame_and_the_same_on_every_run():
    first = _table_keys()
    moves = [d for d in first if d["kind"] == "move"]
    assert moves, first
    for d in moves:
        assert d["shows"] >= 1 and d["spi"] > 0 and 0 < d["last"] <= d["cpu"]
    oks = [d for d in first if d["kind"] == "ok"]
    assert oks and all(d["saves"] >= 1 for d in oks)     # every action is saved
    # The guest's clock counts instructions: another run draws and sends the same, and
    # counts the same but for a little (the app's clock is the guest's, whose phase when
    # the measurement starts depends on when the host's serial input arrived: a bot's
    # thinking before the person's turn may take one idle call more, the heap differ).
    again = _table_keys()
    assert [(d["kind"], d["spi"]) for d in again] == [(d["kind"], d["spi"]) for d in first]
    for d, e in zip(again, first):
        assert abs(d["cpu"] - e["cpu"]) <= e["cpu"] // 100 + 2, (d, e)


@pytest.mark.micropython
@NEEDS_IMAGE
def test_start_reaches_the_title_with_the_saves_present():
    s = qemu.Session(IMAGE)
    try:
        rows = qemu.phase_start(s)
    finally:
        s.close()
    start = {d.get("part"): d for w, d in rows if w == "start" and "part" in d}
    assert start["title"]["screen"] == "title" and start["title"]["shows"] >= 1
    assert start["title"]["k"] > start["title"]["show"] > 0
    saves = [d["files"] for w, d in rows if w == "start" and "files" in d][0]
    # every kind of save a handset in use has, each in one slot of its cycle or more
    kinds = {f.split(".")[0] for f in saves.split(",")}
    assert {"game", "stats", "settings", "players", "history"} <= kinds, saves
    # The panel's power-on waits, measured apart from the CPU: the reset pulse at the
    # driver's start, the rest of its 120 ms and Sleep Out's at the first show().
    assert start["display"]["waits_us"] > 0 and start["title"]["waits_us"] > 0
    assert qemu.handset_ms(start["title"]["clock"]) > start["title"]["waits_us"] / 1000


@pytest.mark.micropython
@NEEDS_IMAGE
def test_a_short_match_writes_and_erases_the_flash():
    got = run("flash", "--games", "2", env={VAR: IMAGE})
    assert got.returncode == 0, got.stderr
    assert "2 games" in got.stdout and "block erases" in got.stdout
    assert shutil.which(qemu.QEMU)


def test_profile_with_more_seats_than_a_table_has_is_refused():
    got = run("profile", "--seats", "11", env={VAR: ""})
    assert got.returncode == 2 and "at most 10" in got.stderr
    assert "Traceback" not in got.stderr


@pytest.mark.micropython
@NEEDS_IMAGE
def test_profile_splits_a_one_bot_round_into_its_calls_and_their_parts():
    got = run("--json", "profile", "--rounds", "1", env={VAR: IMAGE})
    assert got.returncode == 0, got.stderr
    rows = json.loads(got.stdout)["rows"]
    rounds = [d for w, d in rows if w == "proround"]
    calls = [d for w, d in rows if w == "call"]
    parts = [d for w, d in rows if w == "part"]
    assert len(rounds) == 1 and rounds[0]["bots"] == 1, rounds
    # the calls are the round's: their CPU adds up to it, in the order they came
    assert abs(sum(d["k"] for d in calls) - rounds[0]["cpu"]) <= rounds[0]["cpu"] // 20
    assert [d["at_ms"] for d in calls] == sorted(d["at_ms"] for d in calls)
    assert calls[0]["at_ms"] <= 2 and calls[-1]["at_ms"] < rounds[0]["length_ms"]
    # the person's OK saves the game; the bot's decision and the frames are named
    names = {d["name"] for d in parts}
    assert {"App.key", "saving.save_game", "Session.bot_act", "show"} <= names, names
    for d in parts:         # no part is more than its call
        assert d["k"] <= calls[d["call"]]["k"] + 2, d


@pytest.mark.micropython
@NEEDS_IMAGE
def test_run_prints_what_a_script_prints_in_the_guest(tmp_path):
    script = tmp_path / "hello.py"
    script.write_text("import sys\nprint(sys.platform, 6 * 7)\n")
    got = run("run", str(script), env={VAR: IMAGE})
    assert got.returncode == 0, got.stderr
    assert "qemu 42" in got.stdout
    script.write_text("raise ValueError('from the guest')\n")
    got = run("run", str(script), env={VAR: IMAGE})
    assert got.returncode == 1 and "ValueError: from the guest" in got.stderr
