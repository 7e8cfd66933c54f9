# docs/MEMORY.md, rule 4: a screen's module is let go when another screen opens and made
# anew when it opens again, long after start, in a heap in pieces. A class's names are
# one dict, and MicroPython grows a dict in steps (17, 23, 29, 37 slots of 8 bytes): a
# screen class of more than 23 names needs one hole of 232 or 296 bytes, the block most
# 10,000-key runs at the tight heaps failed on (ui/table.py's Table of 36 names). The
# table's drawing is a base class of its own so that neither dict is over 23.
import importlib
import inspect
import os
import re

from conftest import ROOT

_LIMIT = 23         # the names of a dict of 23 slots (184 bytes)
# Names CPython keeps in a class's __dict__ that MicroPython's class dict does not hold;
# MicroPython's holds __module__ and __qualname__ (counted below) beside the class body's.
_CPYTHON_ONLY = ("__dict__", "__weakref__", "__doc__", "__module__", "__qualname__",
                 "__firstlineno__", "__static_attributes__")


def _screen_classes():
    folder = os.path.join(ROOT, "firmware", "ui")
    for f in sorted(os.listdir(folder)):
        if f.endswith(".py") and not f.startswith(("font_", "__")):
            mod = importlib.import_module("ui." + f[:-3])
            for name, c in vars(mod).items():
                if inspect.isclass(c) and c.__module__ == mod.__name__:
                    yield mod.__name__ + "." + name, c


def test_no_screen_class_needs_a_dict_bigger_than_23_slots():
    sizes = {name: 2 + len([k for k in vars(c) if k not in _CPYTHON_ONLY])
             for name, c in _screen_classes()}
    assert "ui.table.Table" in sizes and "ui.title.Title" in sizes
    assert {n: k for n, k in sizes.items() if k > _LIMIT} == {}


def test_the_table_and_the_match_made_at_every_open_fit_small_dicts():
    # An object's names are a dict too, grown in the same steps: the table screen is made
    # at every open and the session at every new match. A Table of 15 names takes 17
    # slots (136 bytes; its six "as drawn" keys are one list), a Session of 29 takes 29
    # (232; the last svara's cards, hands and pot are one list), where 21 and 31 names
    # needed holes of 184 and 296 bytes.
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from tools.bench import play as bench_play
    from tools.sim import core as simcore
    r = bench_play.CPythonPlay(3)
    for c in simcore.parse_keys("OK SL" + " OK" * 16):
        r.key(c)
    for _ in range(40):                     # on to a table of a later game
        if r.app.screen.name == "table" and r.app.play.games > 3:
            break
        r.key(simcore.parse_keys("OK")[0])
    table = r.app.screen
    assert table.name == "table" and table.p is r.app.play
    assert len(vars(table)) <= 17, sorted(vars(table))
    assert len(vars(r.app.play)) <= 29, sorted(vars(r.app.play))


def _module_names(mod):
    """The names of a module's dict on MicroPython: its globals less the private
    `_NAME = const(n)` (folded into the code, no entry) and CPython's own."""
    with open(mod.__file__, encoding="utf-8") as f:
        folded = set(re.findall(r"^(_[A-Z][A-Z0-9_]*) = const\(", f.read(), re.M))
    return [k for k in vars(mod) if k not in folded and k not in
            ("__doc__", "__package__", "__loader__", "__spec__", "__builtins__", "__cached__")]


def test_the_table_module_made_at_every_open_fits_a_dict_of_17_slots():
    # The module's own dict grows as its names are stored, the last (Table) long after
    # the others: at 18 names it took a hole of 184 bytes at every open of the table.
    # The screen's helpers are read through their module (screen.resume), one name.
    names = _module_names(importlib.import_module("ui.table"))
    assert "Table" in names and len(names) <= 17, sorted(names)
