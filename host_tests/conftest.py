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
