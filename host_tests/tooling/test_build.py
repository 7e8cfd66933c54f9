"""make build: mpy-cross 1.27 compiles the game to .mpy laid out as on the device, and
firmware/manifest.py freezes the same modules into a firmware image."""
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from tools.common import manifest

from tools.device import build as buildtool


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("build") / "handset")
    proc = subprocess.run([sys.executable, "-m", "tools.device.build",
                           "--board", "handset", "--out", out],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    return out, proc.stdout


@pytest.mark.micropython
def test_build_compiles_every_module_for_micropython_1_27(built):
    out, _ = built
    names = set(buildtool.file_hashes(out))
    assert "main.py" in names and "board.mpy" in names and "svara/game.mpy" in names
    for name in names - {"main.py", buildtool.MANIFEST}:
        with open(os.path.join(out, name), "rb") as f:
            if name.endswith(".bin"):   # a table module's bytes, beside its .mpy
                assert name[:-4] + ".mpy" in names and f.read(3) == b"SVD", name
                continue
            assert name.endswith(".mpy"), name
            assert f.read(2) == b"M\x06", name        # .mpy version 6: MicroPython 1.27
    # the desktop's stand-ins and the board folders stay off the device
    assert not any(n.startswith("boards/") or "simdisplay" in n for n in names)


def test_build_prints_each_size_and_the_total(built):
    out, text = built
    lines = text.strip().splitlines()
    listed = dict((ln.split()[0], int(ln.split()[1])) for ln in lines[:-2])
    assert listed["svara/game.mpy"] == os.path.getsize(os.path.join(out, "svara", "game.mpy"))
    assert lines[-2].startswith("total")
    assert int(lines[-2].split()[1]) == sum(listed.values())
    # the last line: the ROMFS image beside the folder, its size
    assert lines[-1].startswith("romfs") and int(lines[-1].split()[1]) == os.path.getsize(
        buildtool.romfs_path(out))


def _romfs_files(image):
    """{path: bytes} of a ROMFS image, read by its format (MicroPython's vfs_rom.c):
    records of a kind and a length (both varints), files 5 and folders 4."""
    def uint(b, i):
        v = 0
        while True:
            v = (v << 7) | (b[i] & 0x7F)
            i += 1
            if not b[i - 1] & 0x80:
                return v, i

    def walk(b, prefix, out):
        i = 0
        while i < len(b):
            kind, i = uint(b, i)
            n, i = uint(b, i)
            rec, i = b[i:i + n], i + n
            if kind in (4, 5):
                k, j = uint(rec, 0)
                name = prefix + rec[j:j + k].decode()
                if kind == 4:
                    walk(rec[j + k:], name + "/", out)
                else:
                    dk, j = uint(rec, j + k)
                    dn, j = uint(rec, j)
                    assert dk == 2, name            # the bytes verbatim
                    out[name] = bytes(rec[j:j + dn])
        return out

    assert image[:3] == b"\xd2\xcd\x31"
    size, i = uint(image, 3)
    assert i + size == len(image)
    return walk(image[i:], "", {})


def test_the_romfs_image_holds_the_build_under_lib_and_comes_out_the_same(built, tmp_path):
    out, _ = built
    with open(buildtool.romfs_path(out), "rb") as f:
        image = f.read()
    files = _romfs_files(image)
    want = {}
    for name in buildtool.file_hashes(out):
        if name not in ("main.py", buildtool.MANIFEST):
            with open(os.path.join(out, name), "rb") as f:
                want["lib/" + name] = f.read()
    assert files == want and "lib/svara/_exact_v0.bin" in files and "lib/app.mpy" in files
    again = str(tmp_path / "again")
    buildtool.build("handset", again, log=None)
    with open(buildtool.romfs_path(again), "rb") as f:
        assert f.read() == image                    # reproducible: same build, same bytes


@pytest.mark.micropython
def test_the_build_runs_under_micropython(built):
    """The compiled modules load in MicroPython 1.27 (WebAssembly port) and score a hand."""
    from tools.mp.wasm import MicroPython
    out, _ = built
    with MicroPython(trees=()) as mp:
        for name in buildtool.file_hashes(out):
            if name.startswith("svara/"):
                mp.put_file(os.path.join(out, name), "/lib/" + name)
        got = mp.exec("import sys, svara\nfrom svara.cards import parse\n"
                      "from svara.score import score\n"
                      "print(sys.modules['svara.score'].__file__)\n"
                      "print(score(*parse('AS AH AD')) > score(*parse('7S 8H 9D')))")
    assert got.split() == ["/lib/svara/score.mpy", "True"]


def test_a_rebuild_leaves_unchanged_modules_alone(built, tmp_path):
    out, _ = built
    stamp = os.path.getmtime(os.path.join(out, "svara", "cards.mpy"))
    buildtool.build("handset", out, log=None)
    assert os.path.getmtime(os.path.join(out, "svara", "cards.mpy")) == stamp


def test_unknown_board_is_refused_with_the_list():
    proc = subprocess.run([sys.executable, "-m", "tools.device.build",
                           "--board", "nokia"], capture_output=True, text=True, timeout=60,
                          cwd=ROOT)
    assert proc.returncode == 2
    assert "handset" in proc.stderr and "virtual" in proc.stderr


def _manifest_modules():
    """The device paths firmware/manifest.py freezes, read as MicroPython's makemanifest
    reads it (tools/common/manifest.py)."""
    return {rel for _, rel in manifest.files("handset")}


# What stays on the desktop: the files of firmware/ and lib/svara the manifest leaves out.
HOST_ONLY = {"manifest.py", "drivers/simdisplay.py", "svara/__main__.py", "svara/history.py"}
HOST_ONLY_DIRS = ("boards/", "i18n/src/")


def _source_files():
    """Every .py of firmware/ and lib/svara, as its path on the device would be."""
    found = set()
    for base, prefix in ((os.path.join(ROOT, "firmware"), ""),
                         (os.path.join(ROOT, "lib", "svara"), "svara/")):
        for folder, dirs, names in os.walk(base):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for n in names:
                if n.endswith(".py"):
                    rel = prefix + os.path.relpath(os.path.join(folder, n), base)
                    found.add(rel.replace(os.sep, "/"))
    return found


def test_the_manifest_ships_every_module_but_the_desktops():
    """A new module of firmware/ or lib/svara is in firmware/manifest.py, or named here
    as the desktop's: the build, the mip packages and the frozen model all read it."""
    kept = {r for r in _source_files()
            if r not in HOST_ONLY and not r.startswith(HOST_ONLY_DIRS)}
    assert kept | {"board.py"} == _manifest_modules(), (
        sorted(kept - _manifest_modules()), sorted(_manifest_modules() - kept - {"board.py"}))


def test_manifest_freezes_every_module_the_firmware_imports():
    frozen = _manifest_modules()
    imported = buildtool.closure_sources("handset")
    assert "app.py" in imported and "drivers/st7735.py" in imported
    missing = sorted(imported - frozen)
    assert not missing, "firmware/manifest.py does not freeze: %s" % missing


def test_manifest_freezes_what_the_build_puts_on_the_device():
    frozen = _manifest_modules()
    on_device = {rel for _, rel in buildtool.device_sources("handset")}
    assert frozen == on_device, (sorted(on_device - frozen), sorted(frozen - on_device))


@pytest.mark.micropython
def test_installed_as_mpy_the_tables_are_read_from_their_bin_files_under_micropython(built):
    """The exact chances and the Hard bot's strategy come from NAME.bin beside the .mpy
    (lib/svara/data.py): the same numbers as the modules give on CPython, and the table
    modules themselves are never imported."""
    import svara
    from svara import _strategy, odds
    from tools.mp.wasm import MicroPython
    out, _ = built
    names = buildtool.file_hashes(out)
    assert {"svara/_exact_v0.bin", "svara/_strategy.bin", "i18n/bg.bin"} <= set(names)
    hand = svara.parse("AS KS 7C")
    want = [list(odds.chances(hand, n, svara.Rules(joker=j))) for n in (3, 9) for j in (False, True)]
    spots = [(k, at) for k in (0, 1) for at in (0, 1, 44, 500, len(_strategy.TABLES[k]) - 3)]
    with MicroPython(trees=()) as mp:
        for name in names:
            if name.startswith("svara/"):
                mp.put_file(os.path.join(out, name), "/lib/" + name)
        got = mp.exec(
            "import sys, svara\nfrom svara import odds, bots\n"
            "h = svara.parse('AS KS 7C')\n"
            "print([list(odds.chances(h, n, svara.Rules(joker=j))) for n in (3, 9) for j in (False, True)])\n"
            "g = svara.Game([20, 20], 0, seed=4)\n"
            "t = bots._table(g.view(0))[0]\n"
            "print(t.path)\n"
            "print([list(t.read(k, at, bytearray(3))) for k, at in %r])\n"
            "t.close()\n"
            "print(sorted(k for k in sys.modules if '_exact' in k or '_strategy' in k))" % spots)
    lines = got.strip().splitlines()
    assert eval(lines[0]) == want
    assert lines[1] == "/lib/svara/_strategy.bin"
    assert eval(lines[2]) == [list(_strategy.TABLES[k][at:at + 3]) for k, at in spots]
    assert lines[3] == "[]"
