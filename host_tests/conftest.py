"""Shared set-up: lib/ and tools/ on sys.path, and MicroPython (WebAssembly) fixtures."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# tools/hostlib holds CPython stand-ins for MicroPython-only modules (framebuf).
# host_tests/mpchecks: the check modules import their shared checkutil by that name.
for folder in ("lib", "tools", "firmware", os.path.join("tools", "hostlib"),
               os.path.join("host_tests", "mpchecks")):
    path = os.path.join(ROOT, folder)
    if path not in sys.path:
        sys.path.insert(0, path)

from mp import MicroPython, run_test_module, test_names  # noqa: E402

CHECKS = os.path.join(ROOT, "host_tests", "mpchecks")


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
