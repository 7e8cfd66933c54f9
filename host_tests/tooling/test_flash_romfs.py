"""make flash onto a board with a ROMFS partition, on the real C MicroPython (issue 13):
tools/device/flash.py's own commands run on the unix-port micropython that MICROPYTHON names
(host_tests/fakes/unix_board.py: its filesystem a folder, its ROMFS partition memory
behind vfs.rom_ioctl), then that board mounts the image with MicroPython's own
vfs.VfsRom, boots as boot.py says and plays from /rom/lib, reading its words and tables
beside their modules. Skipped without MICROPYTHON (make test-unix names one). The power
cuts and dropped links of a ROMFS flash are test_flash_faults.py's."""
import os
import subprocess
import sys

import pytest

from conftest import ROOT

from tools.device import build as buildtool
from tools.device import flash as flashtool
from tools.mp import unix as mpunix

BINARY = mpunix.binary()
pytestmark = pytest.mark.skipif(bool(mpunix.missing(BINARY)),
                                reason=mpunix.missing(BINARY) or "binary given")
BOARD = os.path.join(ROOT, "host_tests", "fakes", "unix_board.py")


class UnixBoard:
    """An mpremote-like transport to unix_board.py (what flash.py calls on one)."""

    def __init__(self, root, rom_size):
        self.proc = subprocess.Popen([BINARY, "-X", "heapsize=4194304", BOARD, root,
                                      str(rom_size)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE)
        self.serial = self

    def exec(self, code):
        from mpremote.transport import TransportExecError
        data = code.encode()
        self.proc.stdin.write(b"%d\n" % len(data) + data)
        self.proc.stdin.flush()
        out = b""
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise EOFError("the board is gone")
            if line in (b"\x04OK\n", b"\x04ERR\n"):
                break
            out += line
        if line == b"\x04ERR\n":
            raise TransportExecError(b"", out.decode())
        return out

    def exit_raw_repl(self):
        pass

    def close(self):
        pass                # flash.py closes the line; the board stays on

    def stop(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("b") / "virtual")
    buildtool.build("virtual", out, log=None)
    return out


def test_flash_writes_the_romfs_and_the_board_plays_from_it(built, tmp_path, monkeypatch):
    root = tmp_path / "fs"
    root.mkdir()
    board = UnixBoard(str(root), 512 * 1024)
    monkeypatch.setattr(flashtool, "connect", lambda port, watchdog=None: board)
    lines = []
    try:
        flashtool.flash("unix", built, reset=False, log=lines.append, mode="romfs")
        assert lines[0].startswith("romfs: the device has a ROMFS partition of 512 KiB")
        assert any(ln.startswith("verified the ROMFS image on the device") for ln in lines)
        # only main.py and flash.py's record on the filesystem
        assert sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()) == [
            "boot.py", "svara.a/main.py", "svara.a/svara.manifest", "svara.slot"]
        # reset: MicroPython mounts the ROMFS at /rom and adds /rom, /rom/lib to sys.path,
        # then runs boot.py; main.py's imports come from the image
        out = board.exec(
            "import sys, vfs\n"
            "vfs.mount(vfs.VfsRom(vfs.rom_ioctl(2, 0)), '/rom')\n"
            "sys.path[:] = ['', '/rom', '/rom/lib']\n"
            "exec(open('/boot.py').read())\n"
            "import os, i18n, svara, app\n"
            "from svara.cards import parse\n"
            "from svara.data import Table\n"
            "T = i18n.use('bg')\n"
            "t = Table('svara._strategy', ('TABLE_10',)).open()\n"
            "print(os.getcwd(), app.__file__, svara.score(*parse('AS AH AD')))\n"
            "print(T._t.path, t.path, t.size(0))\n").decode().split()
    finally:
        board.stop()
    import svara
    from svara.cards import parse
    import svara._strategy as strategy
    assert out == ["/svara.a", "/rom/lib/app.mpy", str(svara.score(*parse("AS AH AD"))),
                   "/rom/lib/i18n/bg.bin", "/rom/lib/svara/_strategy.bin",
                   str(len(strategy.TABLE_10))], out


@pytest.mark.micropython
def test_the_frozen_game_is_found_on_a_firmware_that_has_it_and_only_there(tmp_path):
    with mpunix.Runner(BINARY, "frozen") as r:
        frozen = not r.check_frozen()
    board = UnixBoard(str(tmp_path), 512 * 1024)
    try:
        dev = flashtool.Device(board)
        how, why = flashtool.choose(dev, 300 * 1024)
    finally:
        board.stop()
    assert how == ("frozen" if frozen else "romfs"), why
    assert why.startswith("the firmware has the game frozen in (store.py)" if frozen else
                          "the device has a ROMFS partition of 512 KiB"), why
