"""A match with the default quick settings ends in tens of games: played from the title
by keys to its game-over screen (host_tests/mpchecks/quick_checks.py, on CPython and
MicroPython), and the default of the rising ante (every 5 games) kept apart from a
saved choice."""
import pytest

from conftest import on_both_interpreters

test_checks = on_both_interpreters("quick_checks", [pytest.mark.smoke])
