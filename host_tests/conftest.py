"""Shared set-up: the checkout's top (for the package tools), lib/, firmware/ and the
CPython stand-ins on sys.path, and MicroPython (WebAssembly) fixtures."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# tools/common/hostlib holds CPython stand-ins for MicroPython-only modules (framebuf,
# micropython). host_tests/mpchecks: the check modules import their shared checkutil by
# that name. The top: `tools` is the package of this checkout.
for folder in ("", "lib", "firmware", os.path.join("tools", "common", "hostlib"),
               os.path.join("host_tests", "mpchecks")):
    path = os.path.join(ROOT, folder) if folder else ROOT
    if path not in sys.path:
        sys.path.insert(0, path)

from tools.mp.wasm import MicroPython, run_test_module, test_names  # noqa: E402


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


# --- The screens' shared helpers (the tests of firmware/ and ui/ use them) -------------
# Key scripts played on CPython, a frame's pixels, and the golden images.
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


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


# --- Tiers: `make test` runs -m "not slow and (not micropython or smoke)": the CPython
# tests and, as the MicroPython smoke run, the SMOKE checks below; `make check` runs
# everything. The slow tests, by node id (with why); a name
# here that no longer collects fails the run, so a renamed test is not quietly fast.
SLOW = {
    # mpremote sends 2 MB of source to two virtual handsets, 256 bytes a command (~10 s)
    "tooling/test_mip.py::test_the_library_installs_with_mip_and_scores_there": "mip",
    "tooling/test_mip.py::test_the_whole_game_installs_with_mip_and_plays": "mip",
    "tooling/test_flash.py::test_make_flash_puts_the_game_on_a_fresh_handset_then_sends_only_changes": "flash",
    "tooling/test_flash.py::test_a_flash_that_fails_half_way_leaves_the_old_game_whole": "flash",
    "tooling/test_flash_faults.py::test_a_real_handset_killed_mid_flash_is_one_line_and_keeps_its_game": "flash",
    "firmware/test_random_keys.py::test_20000_random_keys_on_cpython": "fuzz",
    "firmware/test_random_keys.py::test_2000_random_keys_under_micropython_in_a_fixed_heap": "fuzz",
    "firmware/test_random_keys.py::test_2000_random_keys_on_a_frozen_build_in_64_kb": "fuzz",
    "firmware/test_whole_matches.py::test_a_frozen_build_plays_the_whole_match_with_saves_in_64_kb": "match",
    "firmware/test_whole_matches.py::test_the_same_frames_on_cpython_and_micropython": "match",
    "firmware/test_whole_matches.py::test_micropython_plays_the_whole_match_without_the_heap_growing": "match",
    "firmware/test_whole_matches.py::test_a_match_against_three_bots_ends_on_the_game_over_screen": "match",
    "firmware/test_saves.py::test_same_checks_on_micropython": "saves",
    "firmware/test_saves.py::test_on_cpython[test_a_power_cut_at_every_write_and_rename_keeps_before_or_after]": "saves",
    "firmware/test_power_cuts.py::test_on_cpython[test_a_cut_at_every_file_operation_of_a_match_counts_every_game_once]": "cuts",
    "tooling/test_sim.py::test_the_bots_match_fits_64k_in_the_frozen_build_model_and_says_so_when_not": "model",
    "ui/test_navigation.py::test_end_on_the_showdown_svara_and_game_over_goes_to_the_title": "match",
    "ui/test_new_game.py::test_a_match_with_rising_antes_ends_in_tens_of_games": "match",
    "engine/test_bots_levels.py::test_hard_wins_more_chips_than_normal_at_a_four_handed_table": "bots",
    "engine/test_bots_levels.py::test_hard_wins_more_chips_than_normal_at_a_table_of_bots_only": "bots",
    "engine/test_bots_exploit.py::test_hard_beats_every_points_threshold_bot_and_a_pot_odds_bot": "bots",
    "engine/test_bots_exploit.py::test_the_all_in_trick_loses_chips_against_hard_and_normal": "bots",
    "tooling/test_docs.py::test_the_readme_pictures_are_the_simulators_frames": "pictures",
}
# The MicroPython smoke run of `make test`: that the code runs there at all (engine check
# modules, a match played from the title by keys, the screens' frames against CPython's).
SMOKE = (
    "engine/test_score.py::test_same_checks_on_micropython",
    "engine/test_game.py::test_same_scenarios_on_micropython",
    "firmware/test_quick_match.py::test_same_checks_on_micropython",
    "tooling/test_sim.py::test_micropython_draws_the_same_frames_as_cpython_at_every_step",
)
# A test is a MicroPython one if it takes the session's interpreter, says so in its name,
# or its body starts one (a unix-port test without MICROPYTHON set skips).
_MICROPYTHON_WORDS = ("MicroPython(", "micropython=True", "run_checks_on_micropython",
                      "VirtualHandset", "mpremote", "MicroPythonPlay", "frozen.measure",
                      "frozen_match", '"MICROPYTHON', "micropython_frames", '"--micropython"',
                      "run_micropython", "micropython_figures", "_frozen(")


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
    import inspect
    top = os.path.join(ROOT, "host_tests")
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(
        os.path.relpath(str(item.path), top).replace(os.sep, "/"), len(rank)))
    seen = set()
    for item in items:
        rel = os.path.relpath(str(item.path), top).replace(os.sep, "/")
        nodeid = rel + "::" + item.name
        if nodeid in SLOW:
            item.add_marker(pytest.mark.slow)
            seen.add(nodeid)
        if nodeid in SMOKE:
            item.add_marker(pytest.mark.smoke)
            seen.add(nodeid)
        try:
            source = inspect.getsource(item.function)
            source = source[source.index("def "):]        # not the parameters' lists
        except (OSError, TypeError, ValueError):
            source = ""
        if "micropython" in getattr(item, "fixturenames", ()) or \
                "micropython" in item.name or any(w in source for w in _MICROPYTHON_WORDS):
            item.add_marker(pytest.mark.micropython)
    # Only when the whole suite was collected: a run of a few files collects fewer.
    if not config.args[1:] and \
            config.args and os.path.abspath(config.args[0]) == top:
        missing = sorted((set(SLOW) | set(SMOKE)) - seen)
        if missing:
            raise pytest.UsageError("conftest.SLOW/SMOKE name tests that do not collect: %s"
                                    % ", ".join(missing))
