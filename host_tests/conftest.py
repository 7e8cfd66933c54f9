"""Shared set-up: MicroPython (WebAssembly) fixtures, the check modules run on both
interpreters, the screens' helpers, and the collection's order. sys.path comes from
pyproject.toml's [tool.pytest.ini_options] pythonpath; the tiers from each test's markers."""
import importlib
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from tools.mp.wasm import MicroPython, run_test_module, test_names


def _compile_once():
    """Each source compiled once a test process: the app lets screen modules go
    (ui.screen.DROP) and imports them again, and with no .pyc to read (where
    PYTHONDONTWRITEBYTECODE is set) CPython compiles the file anew each time: half the
    time of a long CPython run. The same text gives the same code; the module is still
    made anew from it."""
    import importlib.machinery
    loader = importlib.machinery.SourceFileLoader
    plain = loader.source_to_code
    if getattr(plain, "compiled_once", False):
        return
    codes = {}

    def source_to_code(self, data, path, *, _optimize=-1):
        key = (path, _optimize, bytes(data))
        code = codes.get(key)
        if code is None:
            code = codes[key] = plain(self, data, path, _optimize=_optimize)
        return code
    source_to_code.compiled_once = True
    loader.source_to_code = source_to_code


_compile_once()

CHECKS = os.path.join(ROOT, "host_tests", "mpchecks")
# The tests' shared inputs: key scripts and the golden frames (host_tests/keys, golden).
KEYS = os.path.join(ROOT, "host_tests", "keys")
GOLDEN = os.path.join(ROOT, "host_tests", "golden")


def check_path(name):
    """Path of a check module in host_tests/mpchecks (runs on both interpreters)."""
    return os.path.join(CHECKS, name + ".py")


@pytest.fixture(scope="session")
def micropython():
    """One MicroPython interpreter (1 MiB heap) shared by a session's checks."""
    with MicroPython(heap=1 << 20) as mp:
        yield mp


def run_checks_on_micropython(mp, name):
    """Run every test_* of mpchecks/<name>.py under MicroPython; fail with its traceback."""
    failures = [(n, text) for n, ok, text in run_test_module(mp, check_path(name)) if not ok]
    assert not failures, "\n\n".join("%s:\n%s" % f for f in failures)


def check_names(name):
    return test_names(check_path(name))


def on_both_interpreters(name, micropython_marks=(), marks=None, files=()):
    """A test running host_tests/mpchecks/<name>.py on both interpreters: each of its
    test_* on CPython (test_checks[cpython-<check>]), and all of them in one MicroPython
    (test_checks[micropython], marked micropython and micropython_marks). marks: the
    markers of single CPython checks, by name. files: host files the checks import, copied to MicroPython's /tests first.
    A test module binds it to a test name:
    test_checks = on_both_interpreters("score_checks", [pytest.mark.smoke])."""
    module = importlib.import_module("mpchecks." + name)
    marks = marks or {}
    params = [pytest.param("cpython", n, marks=marks.get(n, ()), id="cpython-" + n)
              for n in check_names(name)]
    params.append(pytest.param("micropython", None, id="micropython",
                               marks=[pytest.mark.micropython] + list(micropython_marks)))

    @pytest.mark.parametrize("interpreter, check", params)
    def test_checks(interpreter, check, request):
        if interpreter == "cpython":
            getattr(module, check)()
        else:
            mp = request.getfixturevalue("micropython")
            for path in files:
                mp.put_file(path, "/tests/" + os.path.basename(path))
            run_checks_on_micropython(mp, name)
    return test_checks


# --- The screens' shared helpers (the tests of firmware/ and ui/ use them) -------------
# Key scripts played on CPython, a frame's pixels, and the golden images.
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def need_browser():
    """Skip a test of the web page in a browser where Chromium or its driver is missing;
    under make check (SVARA_WEB_REQUIRED, after make web-setup installed them) fail."""
    from tools.web import browser as web
    why = web.missing()
    if why:
        if os.environ.get("SVARA_WEB_REQUIRED"):
            pytest.fail("the browser test cannot run: " + why)
        pytest.skip(why)


def script(name):
    """(app seed, key codes) of host_tests/keys/<name>.keys."""
    from tools.sim import core as simcore
    path = os.path.join(KEYS, name + ".keys")
    with open(path, encoding="utf-8") as f:
        seed = int(f.readline().split()[-1])
    return seed, simcore.parse_keys(simcore.read_keys_arg("@" + path))


def run_main(monkeypatch, display, keypad):
    """firmware/main.py's main() on a stand-in board module (display() and keypad() make
    the drivers), until the keypad stops it with KeyboardInterrupt."""
    import types
    import main
    board = types.ModuleType("board")
    board.display = display
    board.keypad = keypad
    monkeypatch.setitem(sys.modules, "board", board)
    with pytest.raises(KeyboardInterrupt):
        main.main()


def play(name, frames=False):
    """Run a script on CPython: (the runner, traces after start and each key, frames)."""
    from tools.bench import play as bench_play
    seed, codes = script(name)
    run = bench_play.CPythonPlay(seed)
    traces = [run.trace()]
    shots = [run.frame()] if frames else None
    for c in codes:
        run.key(c)
        traces.append(run.trace())
        if frames:
            shots.append(run.frame())
    return run, traces, shots


def pixel(frame, x, y):
    b = frame[(y * 128 + x) >> 1]
    return b >> 4 if x % 2 == 0 else b & 15


def rgb(frame):
    from tools.sim import core as simcore
    return simcore.rgb565_to_rgb(simcore.frame_rgb565(frame))


def check(name, frame):
    """Compare a frame with host_tests/golden/<name>.png (UPDATE_GOLDEN=1 writes it)."""
    import pygame
    from tools.sim import core as simcore
    path = os.path.join(GOLDEN, name + ".png")
    if UPDATE:
        os.makedirs(GOLDEN, exist_ok=True)
        pygame.image.save(simcore.surface_of(frame), path)
        return
    assert os.path.exists(path), "no golden %s: run with UPDATE_GOLDEN=1" % path
    image = pygame.image.load(path)
    assert image.get_size() == (128, 160)
    assert pygame.image.tobytes(image, "RGB") == rgb(frame), (
        "%s differs from %s (UPDATE_GOLDEN=1 regenerates it deliberately)" % (name, path))


# --- Tiers: `make test` runs -m "not slow and (not micropython or smoke)", `make check`
# everything. Each test says its tier with markers (pyproject.toml lists them): slow,
# micropython (it runs MicroPython, or needs a unix-port binary), smoke (the MicroPython
# tests make test runs too).


# The longest files first, in this order, then the rest as collected (the Makefile runs
# pytest-xdist with --dist loadfile --no-loadscope-reorder: files are handed to the two
# workers in the order of the collection, each file to one worker; long files last would
# keep one worker busy while the other has nothing left to do).
LONGEST_FIRST = (
    "firmware/test_random_keys.py", "firmware/test_saves.py", "engine/test_odds.py",
    "firmware/test_whole_matches.py", "tooling/test_sim.py", "firmware/test_power_cuts.py",
    "tooling/test_mip.py", "tooling/test_flash_faults.py", "tooling/test_web.py",
    "tooling/test_flash.py", "firmware/test_quick_match.py", "engine/test_bots_exploit.py",
    "tooling/test_docs.py", "tooling/test_tools.py",
)


def pytest_collection_modifyitems(config, items):
    top = os.path.join(ROOT, "host_tests")
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(
        os.path.relpath(str(item.path), top).replace(os.sep, "/"), len(rank)))
    unmarked = [item.nodeid for item in items
                if "micropython" in getattr(item, "fixturenames", ())
                and item.get_closest_marker("micropython") is None]
    if unmarked:
        raise pytest.UsageError("tests that take the micropython fixture without the "
                                "micropython marker: %s" % ", ".join(unmarked))
