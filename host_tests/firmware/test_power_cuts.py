"""Power cuts and errors over a whole match, with Statistics counted against the games
played (host_tests/mpchecks/powercut_checks.py, on CPython and MicroPython); the full
run of every case is tools/stress/powercut.py (make powercut)."""
import pytest

from conftest import check_names, run_checks_on_micropython
from mpchecks import powercut_checks


@pytest.mark.parametrize("name", check_names("powercut_checks"))
def test_on_cpython(name):
    getattr(powercut_checks, name)()


def test_same_checks_on_micropython(micropython):
    run_checks_on_micropython(micropython, "powercut_checks")
