"""make build removes only what it made (issue 46, 1): a folder that is not empty and
holds no manifest of an earlier build is refused in one line, untouched; in its own
folder a build removes only the files its last manifest named."""
import json
import os
import subprocess
import sys

from conftest import ROOT
from tools.device import build as buildtool


def _tree(top):
    """{relative path: bytes or 'dir'} of everything under `top`."""
    found = {}
    for folder, dirs, files in os.walk(top):
        for name in dirs:
            found[os.path.relpath(os.path.join(folder, name), top)] = "dir"
        for name in files:
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                found[os.path.relpath(path, top)] = f.read()
    return found


def _build(*args):
    return subprocess.run([sys.executable, "-m", "tools.device.build", "--board", "virtual",
                           "--quiet"] + list(args), capture_output=True, text=True,
                          timeout=120, cwd=ROOT)


def test_a_folder_that_is_not_the_builds_own_is_refused_in_one_line_and_kept(tmp_path):
    out = tmp_path / "checkout"
    (out / ".git").mkdir(parents=True)
    (out / ".git" / "config").write_text("x")
    (out / "mine").write_text("y")
    before = _tree(tmp_path)
    proc = _build("--out", str(out))
    assert proc.returncode == 1, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "not touched" in lines[0], proc.stderr
    assert _tree(tmp_path) == before


def test_a_forged_or_broken_manifest_does_not_make_a_folder_the_builds(tmp_path):
    for text in ("", "[]", "{not json", json.dumps({"format": 2, "files": {}})):
        out = tmp_path / ("f%d" % len(text))
        out.mkdir()
        (out / "svara.manifest").write_text(text)
        (out / "mine").write_text("y")
        before = _tree(tmp_path)
        assert _build("--out", str(out)).returncode == 1
        assert _tree(tmp_path) == before


def test_a_file_in_place_of_the_romfs_image_is_not_overwritten(tmp_path):
    (tmp_path / "game.romfs").write_text("someone's")
    proc = _build("--out", str(tmp_path / "game"))
    assert proc.returncode == 1 and len(proc.stderr.strip().splitlines()) == 1
    assert (tmp_path / "game.romfs").read_text() == "someone's"


def test_a_rebuild_removes_only_files_its_last_manifest_named(tmp_path):
    out = str(tmp_path / "game")
    buildtool.build("virtual", out, log=None)
    # a file the last build made, no longer in the build; one nobody listed
    with open(os.path.join(out, buildtool.MANIFEST)) as f:
        manifest = json.load(f)
    manifest["files"]["old/gone.mpy"] = [1, "0" * 64]
    manifest["files"]["../outside.mpy"] = [1, "0" * 64]          # never a build's name
    with open(os.path.join(out, buildtool.MANIFEST), "w") as f:
        json.dump(manifest, f)
    os.makedirs(os.path.join(out, "old"))
    for name in ("old/gone.mpy", "old/notes.txt", "mine.mpy"):
        with open(os.path.join(out, name), "w") as f:
            f.write("x")
    (tmp_path / "outside.mpy").write_text("keep")
    buildtool.build("virtual", out, log=None)
    assert not os.path.exists(os.path.join(out, "old", "gone.mpy"))
    assert os.path.exists(os.path.join(out, "old", "notes.txt"))
    assert os.path.exists(os.path.join(out, "mine.mpy"))
    assert (tmp_path / "outside.mpy").read_text() == "keep"
    # what nobody listed stays out of the manifest and the image
    with open(os.path.join(out, buildtool.MANIFEST)) as f:
        files = json.load(f)["files"]
    assert "mine.mpy" not in files and "old/notes.txt" not in files
    with open(buildtool.romfs_path(out), "rb") as f:
        assert b"mine.mpy" not in f.read()


def test_an_interrupted_build_leaves_a_folder_the_next_build_owns(tmp_path, monkeypatch):
    out = str(tmp_path / "game")

    def cut(*args, **kw):
        raise KeyboardInterrupt
    monkeypatch.setattr(buildtool, "write_manifest", cut)
    try:
        buildtool.build("virtual", out, log=None)
    except KeyboardInterrupt:
        pass
    monkeypatch.undo()
    assert not any(n.endswith(".tmp") or n.endswith(".tmp.py") for n in _tree(out))
    buildtool.build("virtual", out, log=None)
    assert os.path.exists(os.path.join(out, "main.py"))


def test_a_folder_of_the_build_that_now_leads_elsewhere_is_not_followed(tmp_path):
    out = str(tmp_path / "game")
    buildtool.build("virtual", out, log=None)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "gone.mpy").write_text("someone's")
    with open(os.path.join(out, buildtool.MANIFEST)) as f:
        manifest = json.load(f)
    manifest["files"]["old/gone.mpy"] = [1, "0" * 64]
    with open(os.path.join(out, buildtool.MANIFEST), "w") as f:
        json.dump(manifest, f)
    os.symlink(str(elsewhere), os.path.join(out, "old"))
    buildtool.build("virtual", out, log=None)
    assert (elsewhere / "gone.mpy").read_text() == "someone's"
