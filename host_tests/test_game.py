"""The betting engine's RULES.md scenarios, on CPython and under MicroPython."""
import os
import sys

import pytest

from conftest import ROOT, check_names, run_checks_on_micropython

sys.path.insert(0, os.path.join(ROOT, "host_tests"))
from mpchecks import game_checks  # noqa: E402


@pytest.mark.parametrize("name", check_names("game_checks"))
def test_on_cpython(name):
    getattr(game_checks, name)()


def test_same_scenarios_on_micropython(micropython):
    run_checks_on_micropython(micropython, "game_checks")
