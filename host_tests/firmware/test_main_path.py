"""main.py's frozen_first(): with the game frozen in, imports look in .frozen before the
running folder on littlefs (where every import of a frozen module searched in vain: 0.5 M
instructions of the start on the qemu M0 image); an .mpy install keeps its files first."""
import os
import sys

import pytest

import main


def _run(monkeypatch, path, here):
    """frozen_first() with sys.path `path` and the folder holding the files `here`."""
    monkeypatch.setattr(sys, "path", list(path))

    def stat(name):
        if name not in here:
            raise OSError(2, "no such file")
        return (0,) * 10

    monkeypatch.setattr(os, "stat", stat)
    main.frozen_first()
    return sys.path


def test_a_frozen_game_is_looked_for_in_frozen_first(monkeypatch):
    # the handset's folder holds main.py alone (tools/device/flash.py's frozen mode)
    assert _run(monkeypatch, ["", ".frozen", "/lib"], {"main.py"}) == [".frozen", "", "/lib"]


def test_an_mpy_install_keeps_its_files_first(monkeypatch):
    # the game as .mpy files in the folder: they come before any frozen copy
    got = _run(monkeypatch, ["", ".frozen", "/lib"], {"main.py", "app.mpy"})
    assert got == ["", ".frozen", "/lib"]


@pytest.mark.micropython
def test_nothing_changes_where_nothing_is_frozen(monkeypatch):
    # CPython, the WebAssembly port: no .frozen on the path; and an order already right
    assert _run(monkeypatch, ["", "/lib"], set()) == ["", "/lib"]
    assert _run(monkeypatch, [".frozen", "", "/lib"], set()) == [".frozen", "", "/lib"]
