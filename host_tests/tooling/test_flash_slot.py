"""make flash believes no single answer of the device about the switch (issue 46, 9 and
10): the slot file's read-back must be its SHA-256 (an empty answer is not), and the
running slot is what /svara.slot holds by its hash, not one read of it. The handset is
host_tests/fakes/fake_device.py."""
import os
import shutil

import pytest

from tools.device import build as buildtool
from tools.device import flash as flashtool

from fakes.fake_device import FakeHandset, LinkDown


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """(old, new): two small builds, main.py differing."""
    full = str(tmp_path_factory.mktemp("full") / "game")
    buildtool.build("virtual", full, log=None)
    made = []
    for which in ("old", "new"):
        folder = str(tmp_path_factory.mktemp(which))
        for name in ("svara/cards.mpy", "main.py", "board.mpy"):
            os.makedirs(os.path.dirname(os.path.join(folder, name)), exist_ok=True)
            shutil.copy(os.path.join(full, name), os.path.join(folder, name))
        with open(os.path.join(folder, "main.py"), "ab") as f:
            f.write(b"\n# the %s game\n" % which.encode())
        buildtool.write_manifest(folder, "virtual", [])
        made.append(folder)
    return made


class Twisted(FakeHandset):
    """A handset that answers some commands wrongly: `answers` {command: its output},
    `drop_after` a command after which the link drops, `garble` {path: bytes} files
    that arrive wrong."""
    answers = {}
    drop_after = None
    garble = {}

    def exec(self, code):
        if code in self.answers:
            self.execs += 1
            return self.answers[code]
        out = super().exec(code)
        for path, data in self.garble.items():
            if path in self.files:
                self.files[path] = data
        if code == self.drop_after:
            raise LinkDown("the serial line is gone")
        return out


def _flash(dev, build, monkeypatch, capsys):
    monkeypatch.setattr(flashtool, "connect", lambda port, watchdog=None: dev)
    capsys.readouterr()
    status = flashtool.main(["fake", "--build", build, "--no-reset"])
    return status, capsys.readouterr().err.strip().splitlines()


def _game(folder):
    out = {}
    for name in buildtool.file_hashes(folder):
        with open(os.path.join(folder, name), "rb") as f:
            out[name] = f.read()
    return out


def test_an_empty_read_back_of_the_slot_file_is_not_taken_for_a_good_one(
        games, monkeypatch, capsys):
    old, new = games
    dev = FakeHandset()
    assert _flash(dev, old, monkeypatch, capsys)[0] == 0        # old runs from /svara.a
    twisted = Twisted(dev.files, dev.dirs)
    twisted.answers = {"print(repr(_hash_of('/svara.slot.new')))": b"''\r\n"}
    twisted.garble = {"/svara.slot.new": b"z"}      # the new slot file arrives wrong
    status, err = _flash(twisted, new, monkeypatch, capsys)
    assert status == 1 and len(err) == 1 and "reads back different" in err[0], err
    assert twisted.boots() == "/svara.a" and twisted.folder("/svara.a") == _game(old)


def test_a_device_that_names_the_wrong_running_slot_loses_no_game(
        games, monkeypatch, capsys):
    old, new = games
    dev = FakeHandset()
    assert _flash(dev, old, monkeypatch, capsys)[0] == 0        # old in /svara.a
    assert _flash(dev, new, monkeypatch, capsys)[0] == 0        # new in /svara.b, runs
    assert dev.boots() == "/svara.b"
    twisted = Twisted(dev.files, dev.dirs)
    twisted.answers = {"print(repr(_read('/svara.slot')))": b"'a'\r\n"}
    twisted.drop_after = "_rmtree('/svara.b')"                # the link drops after a clear
    status, err = _flash(twisted, old, monkeypatch, capsys)
    assert status == 1 and len(err) == 1, err
    assert twisted.boots() == "/svara.b" and twisted.folder("/svara.b") == _game(new), err


def test_a_slot_naming_a_broken_folder_beside_a_whole_one_is_refused(
        games, monkeypatch, capsys):
    old, new = games
    dev = FakeHandset()
    assert _flash(dev, old, monkeypatch, capsys)[0] == 0
    assert _flash(dev, new, monkeypatch, capsys)[0] == 0        # runs /svara.b
    dev.files["/svara.slot"] = b"a"                             # the slot says a ...
    del dev.files["/svara.a/main.py"]                           # ... which is not whole
    status, err = _flash(dev, old, monkeypatch, capsys)
    assert status == 1 and len(err) == 1 and "not sure" in err[0], err
    assert dev.folder("/svara.b") == _game(new)
