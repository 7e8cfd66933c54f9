"""Power cuts and errors over a whole match, with Statistics counted against the games
played (host_tests/mpchecks/powercut_checks.py, on CPython and MicroPython); the full
run of every case is tools/stress/powercut.py (make powercut)."""
import pytest

from conftest import on_both_interpreters

test_checks = on_both_interpreters("powercut_checks", marks={
    "test_a_cut_at_every_file_operation_of_a_match_counts_every_game_once": pytest.mark.slow})
