"""The match, the action log and the baseline bot, on CPython and under MicroPython."""
import os
import sys

import pytest

from conftest import ROOT, check_names, run_checks_on_micropython

sys.path.insert(0, os.path.join(ROOT, "host_tests"))
from mpchecks import match_checks  # noqa: E402


@pytest.mark.parametrize("name", check_names("match_checks"))
def test_on_cpython(name):
    getattr(match_checks, name)()


def test_same_checks_on_micropython(micropython):
    run_checks_on_micropython(micropython, "match_checks")
