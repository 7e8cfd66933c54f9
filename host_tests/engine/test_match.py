"""The match, the action log and the baseline bot, on CPython and under MicroPython."""
import os
import sys

import pytest

from conftest import ROOT, on_both_interpreters



test_checks = on_both_interpreters("match_checks")
