# The screens fold the colours, the screen answers and the game's constants into their
# own code (`_GOLD = const(10)`): on MicroPython a name imported from another module is
# an entry of the module's dict, made again at every import of a screen, and the bigger
# dict needs a bigger hole in the heap (issue 13). Each folded copy must equal the one
# definition it stands for, or a screen would draw the wrong colour or miss an answer.
import importlib
import os
import re

from conftest import ROOT

_SOURCES = ("drivers.display", "ui.screen", "svara.game")
_FOLDED = re.compile(r"^_([A-Z][A-Z0-9_]*) = const\((-?\d+)\)", re.M)


def _folded():
    """(file, name, value) of every folded copy in firmware/ui/."""
    ui = os.path.join(ROOT, "firmware", "ui")
    for f in sorted(os.listdir(ui)):
        if f.endswith(".py"):
            with open(os.path.join(ui, f), encoding="utf-8") as src:
                for m in _FOLDED.finditer(src.read()):
                    yield f, m.group(1), int(m.group(2))


def test_folded_constants_equal_their_definitions():
    sources = [importlib.import_module(m) for m in _SOURCES]
    checked = 0
    for f, name, value in _folded():
        defined = [getattr(m, name) for m in sources if hasattr(m, name)]
        if not defined:
            continue                # the screen's own constant (_TOP, _ROW...)
        assert defined == [value] * len(defined), (f, name, value, defined)
        checked += 1
    assert checked >= 80            # the nine screens' copies are all seen


def test_a_wrong_copy_is_caught(tmp_path, monkeypatch):
    # The check reads the files as they are: a copy with a wrong value fails it.
    ui = tmp_path / "firmware" / "ui"
    ui.mkdir(parents=True)
    (ui / "x.py").write_text("_GOLD = const(11)\n_TOP = const(3)\n", encoding="utf-8")
    monkeypatch.setattr("test_consts.ROOT", str(tmp_path))
    try:
        test_folded_constants_equal_their_definitions()
    except AssertionError as e:
        assert "GOLD" in str(e)
    else:
        raise AssertionError("a wrong folded colour passed")
