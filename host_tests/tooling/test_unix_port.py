"""tools/mp/unix.py: the runner for a unix-port micropython binary the user names.

Its logic (reading the driver's output, the bisection, the usage errors) is tested here
without the binary; the driver (tools/mp/unix_keys.py) and the check script it writes run
under the WebAssembly MicroPython of `make test`. What needs the binary runs only when
MICROPYTHON names one (make test-unix runs the full measurement)."""
import os
import subprocess
import sys

import pytest

from conftest import ROOT  # noqa: E402
from tools.mp import unix as mpunix  # noqa: E402
from tools.mp.wasm import MicroPython, MicroPythonError  # noqa: E402

BINARY = mpunix.binary()
NEEDS_BINARY = pytest.mark.skipif(
    bool(mpunix.missing(BINARY)), reason=mpunix.missing(BINARY) or "binary given")
# The .mpy runs: MICROPYTHON_MPY names a binary without the game frozen in (whose heap
# holds the game's names, as a board's does), as make test-unix and make bench take it.
MPY_BINARY = os.environ.get("MICROPYTHON_MPY") or BINARY


def test_a_completed_run_reads_as_ok_with_its_keys():
    r = mpunix.parse_output("keys=1000\nDONE keys=1234 screen=table alloc=1 free=2\n", 0)
    assert r.ok and not r.memory and r.keys == 1234 and r.last.startswith("DONE")


def test_a_memory_error_the_app_caught_reads_as_memory_at_its_key():
    out = ("keys=1000\nFAIL key=1500 MEMORY MemoryError: MemoryError('memory allocation "
           "failed, allocating 684 bytes',) on table\nTraceback (most recent call last):\n"
           '  File "ui/screen.py", line 65, in open\nMemoryError: memory allocation failed\n')
    r = mpunix.parse_output(out, 1)
    assert not r.ok and r.memory and r.keys == 1500 and "684 bytes" in r.last


def test_a_memory_error_before_the_app_starts_reads_as_memory():
    out = ("Traceback (most recent call last):\n  File \"tools/mp/unix_keys.py\", line 21\n"
           "MemoryError: memory allocation failed, allocating 10240 bytes\n")
    r = mpunix.parse_output(out, 1)
    assert not r.ok and r.memory and "10240" in r.last


def test_another_error_is_a_failure_but_not_memory():
    r = mpunix.parse_output("FAIL key=7 ERROR ValueError: bad on title\n", 1)
    assert not r.ok and not r.memory and r.keys == 7
    r = mpunix.parse_output("ImportError: no module named 'app'\n", 1)
    assert not r.ok and not r.memory and "ImportError" in r.last
    # A DONE line does not hide a crash after it.
    assert not mpunix.parse_output("DONE keys=3 screen=t alloc=1 free=1\n", 1).ok


class _Fake:
    """Attempts that complete from `need` bytes up, counting the runs."""

    def __init__(self, need):
        self.need = need
        self.runs = []

    def __call__(self, heap):
        self.runs.append(heap)
        ok = heap >= self.need
        return mpunix.Result(ok, not ok, 10, "DONE" if ok else "FAIL key=3 MEMORY", "")


@pytest.mark.parametrize("need", [8 * 1024, 8 * 1024 + 1, 41000, 65536, 131071])
def test_bisection_finds_the_smallest_heap_to_a_step(need):
    fake = _Fake(need)
    heap, seen = mpunix.bisect(fake, 8 * 1024, 128 * 1024)
    assert heap >= need and heap - mpunix.BISECT_STEP < need and heap % mpunix.BISECT_STEP == 0
    assert seen[heap].ok
    if heap - mpunix.BISECT_STEP >= 8 * 1024 and need > 8 * 1024:
        assert not seen[heap - mpunix.BISECT_STEP].ok   # the one below was run and failed
    assert len(fake.runs) == len(set(fake.runs)) <= 12  # halving, no run twice
    lines = mpunix.report_bisect("match", "frozen", heap, seen)
    assert str(heap) in lines[0]


def test_bisection_says_when_even_the_top_fails():
    heap, seen = mpunix.bisect(_Fake(200000), 8 * 1024, 128 * 1024)
    assert heap is None and list(seen) == [128 * 1024]
    assert "fails even at 131072" in mpunix.report_bisect("fuzz", "mpy", heap, seen)[0]


def _run_tool(*args):
    env = dict(os.environ)
    env.pop("MICROPYTHON", None)
    return subprocess.run([sys.executable, "-m", "tools.mp.unix"] + list(args),
                          env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          timeout=60, cwd=ROOT)


@pytest.mark.micropython
def test_without_a_binary_the_tool_says_how_to_name_one():
    run = _run_tool("match")
    assert run.returncode == 2 and "MICROPYTHON=/path/to/micropython" in run.stderr
    run = _run_tool("--micropython", "/nonexistent/micropython", "fuzz")
    assert run.returncode == 2 and "not an executable file" in run.stderr
    run = _run_tool("--heap", "lots", "match")
    assert run.returncode == 2 and "whole number" in run.stderr
    run = _run_tool("--mode", "rom", "match")
    assert run.returncode == 2 and "frozen, mpy, romfs, source" in run.stderr


@pytest.mark.micropython
def test_make_test_unix_skips_clearly_without_a_binary():
    env = dict(os.environ)
    env.pop("MICROPYTHON", None)
    run = subprocess.run(["make", "-s", "-o", ".venv/.installed", "-o", "node_modules/.installed",
                          "test-unix"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, timeout=60)
    assert run.returncode == 0 and "skipped: set MICROPYTHON=" in run.stdout


@pytest.mark.micropython
def test_the_check_script_reports_each_test_under_micropython():
    module = ("def test_good():\n    assert 1 + 1 == 2\n"
              "def test_bad():\n    assert [] == [1], 'wrong'\n")
    with MicroPython(heap=1 << 18, trees=()) as mp:
        mp.write("/lib/demo_checks.py", module.encode())
        out = mp.exec(mpunix.check_script("demo_checks", ["test_good", "test_bad"]))
    assert "PASS test_good" in out and "FAIL test_bad" in out and "wrong" in out


def _driver(mp, codes, seed, restart=0):
    mp.write("/keys.bin", bytes(codes))
    try:
        os_mkdir = "import os\ntry:\n    os.mkdir('/s')\nexcept OSError:\n    pass\n"
        mp.exec(os_mkdir)
        with open(mpunix.DRIVER, encoding="utf-8") as f:
            code = f.read()
        return mpunix.parse_output(mp.exec(
            "import sys\nsys.argv[:] = ['k', '/keys.bin', '%d', '%d', '/s']\n" % (seed, restart)
            + code), 0)
    except MicroPythonError as e:
        return mpunix.parse_output(e.out + e.traceback, 1)


@pytest.mark.micropython
def test_the_driver_plays_the_match_to_game_over_under_micropython():
    codes = mpunix.match_codes()
    with MicroPython(heap=1 << 20) as mp:
        r = _driver(mp, codes, mpunix.MATCH_SEED)
    assert r.ok, r.out[-2000:]
    assert r.keys == len(codes) and "screen=gameover" in r.last


@pytest.mark.micropython
def test_the_driver_restarts_the_app_and_reports_what_the_app_caught():
    codes = mpunix.fuzz_codes(60, 3)
    with MicroPython(heap=1 << 20) as mp:
        r = _driver(mp, codes, 3, restart=25)
    assert r.ok and r.keys == 60, r.out[-2000:]
    with MicroPython(heap=1 << 20) as mp:
        # A screen that raises: the app's guard catches it, the driver names it and stops.
        mp.exec("import ui.title\n"
                "def _bad(self, code):\n    raise ValueError('broken key')\n"
                "ui.title.Title.key = _bad")
        r = _driver(mp, codes, 3)
    assert not r.ok and not r.memory and r.keys == 0
    assert "ERROR ValueError" in r.last and "broken key" in r.last


@NEEDS_BINARY
def test_on_the_named_binary_the_match_completes_as_mpy_files_in_128_kb():
    with mpunix.Runner(MPY_BINARY, "mpy") as r:
        res = r.match(128 * 1024)
    assert res.ok and "screen=gameover" in res.last, res.out[-3000:]


@NEEDS_BINARY
def test_on_the_named_binary_the_game_as_mpy_files_takes_10000_random_keys_in_128_kb():
    # Issue 13's target for the game as make flash installs .mpy files (all its code
    # in the heap): every screen, six languages, restarts; no MemoryError in 128 KB.
    with mpunix.Runner(MPY_BINARY, "mpy") as r:
        res = r.fuzz(128 * 1024)
    assert res.ok and "DONE keys=10000" in res.last, res.out[-3000:]


def _frozen(run):
    """run(runner) on the named binary's frozen game; skipped if it has none frozen in."""
    with mpunix.Runner(BINARY, "frozen") as r:
        why = r.check_frozen()
        if why:
            pytest.skip(why)
        return run(r)


@pytest.mark.micropython
@NEEDS_BINARY
def test_on_the_named_binary_the_frozen_match_completes_in_48_kb():
    res = _frozen(lambda r: r.match(48 * 1024))
    assert res.ok and "screen=gameover" in res.last, res.out[-3000:]


@pytest.mark.micropython
@NEEDS_BINARY
def test_on_the_named_binary_the_frozen_game_takes_10000_random_keys_in_48_kb():
    # Issue 13's target: every screen, six languages, names typed, restarts every 2,500
    # keys; no MemoryError (the app's guard would report one) in a 48 KB heap.
    res = _frozen(lambda r: r.fuzz(48 * 1024))
    assert res.ok and "DONE keys=10000" in res.last, res.out[-3000:]


ROM_SCRIPT = """\
import sys, vfs
_rom = bytearray(%d)
f = open(%r, "rb")
f.readinto(_rom)
f.close()
vfs.mount(vfs.VfsRom(_rom), "/rom")
sys.path.append("/rom/lib")
import i18n
T = i18n.use("bg")
print("LANG", type(T).__name__, T._t.path, getattr(T, %r))
from svara.data import Table
t = Table("svara._exact_v0", ("REPS",)).open()
b = bytearray(16)
t.read(0, 0, b)
print("TABLE", t.path, bytes(b).hex())
"""


@NEEDS_BINARY
def test_from_a_romfs_image_the_game_reads_its_words_and_tables_in_place_beside_its_code():
    import i18n
    from i18n._names import _k
    import svara._exact_v0 as v0
    before = i18n._current[1] if i18n._current else "en"
    try:
        words = i18n.use("bg")
        # a word from the middle of the list that is one string (some words are tuples)
        key = [k for k in _k[len(_k) // 2:] if isinstance(getattr(words, k), str)][0]
        word = getattr(words, key)               # the word, as CPython reads it
    finally:
        i18n.use(before)
    with mpunix.Runner(BINARY, "romfs") as r:
        script = os.path.join(r._dir, "rom_check.py")
        with open(script, "w") as f:
            f.write(ROM_SCRIPT % (r.image[1], r.image[0], key))
        code, out = r.run(script, heap=256 * 1024)
    lines = dict(ln.split(" ", 1) for ln in out.splitlines() if ln[:5] in ("LANG ", "TABLE"))
    assert code == 0 and lines["LANG"] == "_Packed /rom/lib/i18n/bg.bin " + word, out
    assert lines["TABLE"] == "/rom/lib/svara/_exact_v0.bin " + v0.REPS[:16].hex(), out


@NEEDS_BINARY
def test_on_the_named_binary_the_match_completes_from_romfs_in_96_kb():
    with mpunix.Runner(BINARY, "romfs") as r:
        res = r.match(96 * 1024)
    assert res.ok and "screen=gameover" in res.last, res.out[-3000:]


def test_the_soaks_key_mixes_are_repeatable_and_unlike_the_fuzzs():
    # make soak's keys (tools/stress/soak.py): turns of 10,000 keys of four mixes, the
    # same on every host for a seed, every code a key of drivers/keys.py.
    from collections import Counter
    from drivers import keys as K
    from tools.stress import fuzz, soak
    codes = soak.key_codes(50000, 3)
    assert len(codes) == 50000 and codes == soak.key_codes(50000, 3)
    assert codes != soak.key_codes(50000, 4)
    assert set(codes) <= set(range(1, len(K.NAMES)))
    turns = [Counter(codes[i:i + soak.TURN]) for i in range(0, 40000, soak.TURN)]
    uniform, player, menus, hotseat = turns
    assert len(uniform) == 21 and max(uniform.values()) < 2 * min(uniform.values())
    assert player[K.OK] > player[K.SL] and player[K.HASH] > 0 and player[K.STAR] > 0
    assert menus[K.CALL] < menus[K.END] and menus[K.SR] > 0
    assert hotseat[K.OK] > hotseat[K.LEFT]
    bag = Counter(fuzz.key_codes(10000, 3))
    assert uniform != bag and player != bag
    assert soak.key_codes(25, 1, ("menus",)) == soak.key_codes(25, 1, ("menus",))


@pytest.mark.micropython
def test_the_soak_says_what_it_needs_without_a_binary():
    got = subprocess.run([sys.executable, "-m", "tools.stress.soak", "--micropython",
                          "/nonexistent/micropython"], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert got.returncode == 2 and len(got.stderr.strip().splitlines()) == 1, got.stderr


def test_the_mixes_bench_runs_every_mix_at_the_tight_heaps():
    # tools/bench/mixes.py: soak's four mixes alone (one session) and the fuzz's
    # (restarted every 2,500 keys), at 44 and 48 KB frozen, 116 and 128 KB as .mpy files.
    from tools.bench import mixes
    from tools.mp import unix
    from tools.stress import soak
    assert mixes.MIXES == ("uniform", "player", "menus", "hotseat", "fuzz")
    assert mixes.HEAPS == {"frozen": (45056, 49152), "mpy": (118784, 131072)}
    assert soak.HEAP["frozen"] == 45056 and soak.HEAP["mpy"] == 118784
    data, restart = mixes.codes("player", 300, 2)
    assert restart == 0 and data == soak.key_codes(300, 2, ("player",))
    data, restart = mixes.codes("fuzz", 300, 2)
    assert restart == unix.RESTART_EVERY and data == unix.fuzz_codes(300, 2)
    assert mixes.seeds_arg("1-4") == [1, 2, 3, 4] and mixes.seeds_arg("3") == [3]


def test_a_frozen_binary_with_the_driver_frozen_in_runs_it_from_the_binary(tmp_path):
    # On a handset main.py is frozen with the game: its code takes no heap. The driver
    # stands in for main.py, so where it is frozen in too the runner starts it with -m
    # (from the binary), and from its source file only where it is not.
    r = object.__new__(mpunix.Runner)
    r.path, r.mode, r.image, r._dir = "/bin/true", "frozen", None, str(tmp_path)
    r._frozen_driver = True
    cmd = r.command(mpunix.DRIVER, ("keys.bin", 5, 0, "-"), 45056)
    assert cmd[:5] == ["/bin/true", "-X", "heapsize=45056", "-m", "unix_keys"]
    assert mpunix.DRIVER not in cmd and cmd[5:] == ["keys.bin", "5", "0", "-"]
    r._frozen_driver = False
    assert r.command(mpunix.DRIVER, ("k",), 45056)[3:] == [mpunix.DRIVER, "k"]
    r.mode, r._frozen_driver = "mpy", None     # never asked outside frozen mode
    assert r.command(mpunix.DRIVER, ("k",))[1:] == [mpunix.DRIVER, "k"]

