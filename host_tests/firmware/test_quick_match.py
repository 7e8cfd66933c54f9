"""A match with the default quick settings ends in tens of games: played from the title
by keys to its game-over screen (host_tests/mpchecks/quick_checks.py, on CPython and
MicroPython), and the default of the rising ante (every 5 games) kept apart from a
saved choice."""
import pytest

from conftest import check_names, run_checks_on_micropython
from mpchecks import quick_checks


@pytest.mark.parametrize("name", check_names("quick_checks"))
def test_on_cpython(name):
    getattr(quick_checks, name)()


def test_same_checks_on_micropython(micropython):
    run_checks_on_micropython(micropython, "quick_checks")
