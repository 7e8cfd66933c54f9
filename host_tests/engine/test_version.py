"""One version (lib/svara/version.py) for the wheel, the mip packages, the command line
and the handset, whose rules page of the keys shows it."""
import os
import subprocess
import sys

from tools.bench import play as bench_play
from tools.device import mip as gen_mip
import svara.version
from drivers import keys
from conftest import pixel

from conftest import ROOT  # noqa: E402
TO_KEYS_PAGE = "DOWN DOWN DOWN OK" + " RIGHT" * 7   # Rules, page 8: the keys


def test_the_command_line_says_the_version():
    got = subprocess.run([sys.executable, "-m", "svara", "--version"], capture_output=True,
                         text=True, timeout=60, cwd=os.path.join(ROOT, "lib"))
    assert got.stdout.strip() == "svara " + svara.version.VERSION
    assert gen_mip.version() == svara.version.VERSION      # what the packages carry


def test_pyproject_takes_the_version_from_the_library():
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        text = f.read()
    assert 'dynamic = ["version"]' in text
    assert 'version = {attr = "svara.version.VERSION"}' in text


def keys_page(monkeypatch, version):
    monkeypatch.setattr(svara.version, "VERSION", version)
    run = bench_play.CPythonPlay(1)
    for name in TO_KEYS_PAGE.split():
        run.key(keys.code(name))
    assert run.trace() == "rules 7"
    return run.frame()


def test_the_handset_shows_the_version_under_the_keys(monkeypatch):
    shown = keys_page(monkeypatch, svara.version.VERSION)
    other = keys_page(monkeypatch, "12.34.56")
    changed = [(x, y) for y in range(160) for x in range(128)
               if pixel(shown, x, y) != pixel(other, x, y)]
    assert changed                                      # the version is drawn ...
    assert all(129 <= y < 137 and x >= 60 for x, y in changed)   # ... in its line alone
