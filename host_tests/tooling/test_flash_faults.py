"""tools/device/flash.py under faults (issue 15): a power cut at every file operation of a
flash (the /boot.py change included), the link dropped at every command, every kind of
corrupt build folder, a port that never answers or never stops sending. Each case is
lost when the handset would not boot a whole game afterwards (the old one or the new
one), when a flash that failed exits 0 or ends in a traceback instead of one line, or
when a broken build replaces the game. The handset is host_tests/fakes/fake_device.py
(flash.py's own commands run against a filesystem in memory); test_flash.py flashes
the real MicroPython."""
import os
import random
import shutil
import sys
import threading
import time

import pytest

from conftest import ROOT

from tools.device import build as buildtool
from tools.device import flash as flashtool

from fake_device import FakeHandset, PowerCut

OLD_BOOT = flashtool.BOOT.replace("# Written by", "# An older one, written by").encode()


@pytest.fixture(scope="module")
def full_build(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("full"))
    buildtool.build("virtual", out, log=None)
    return out


def _small(full, folder, extra=b""):
    """A few files of a build and their manifest, main.py changed by `extra`."""
    for name in ("svara/cards.mpy", "drivers/keys.mpy", "main.py", "board.mpy"):
        os.makedirs(os.path.dirname(os.path.join(folder, name)), exist_ok=True)
        shutil.copy(os.path.join(full, name), os.path.join(folder, name))
    with open(os.path.join(folder, "main.py"), "ab") as f:
        f.write(extra)
    write = getattr(buildtool, "write_manifest", None)
    if write:
        write(folder, "virtual", [])
    return folder


def _files(folder):
    out = {}
    for name in buildtool.file_hashes(folder):
        with open(os.path.join(folder, name), "rb") as f:
            out[name] = f.read()
    return out


@pytest.fixture(scope="module")
def builds(full_build, tmp_path_factory):
    """(the game on the handset, the new build to flash), as folders."""
    base = tmp_path_factory.mktemp("builds")
    return (_small(full_build, str(base / "old"), b"\n# the old game\n"),
            _small(full_build, str(base / "new"), b"\n# the new game\n"))


@pytest.fixture
def connected(monkeypatch):
    """flash.py's connect() hands out the device given to it here."""
    holder = {}
    monkeypatch.setattr(flashtool, "connect", lambda port, watchdog=None: holder["dev"])
    return holder


def _handset_with(old, connected):
    """A handset running `old` from /svara.a, with an older /boot.py."""
    dev = FakeHandset()
    connected["dev"] = dev
    flashtool.flash("fake", old, log=lambda *a: None, reset=False)
    dev.files["/boot.py"] = OLD_BOOT
    return dev


def _copy(dev):
    return FakeHandset(dev.files, dev.dirs)


def _whole(dev, games):
    """True when the handset boots into a folder holding exactly one of `games`."""
    folder = dev.boots()
    if folder not in ("/svara.a", "/svara.b"):
        return False
    return dev.folder(folder) in games


def _cut_at_every_operation(start, ops, new, games, connected, copy, whole):
    """Flash `new` onto copy(start) with a power cut at each of its `ops` operations,
    then flash it once more: (cases tried, the lost ones). whole(dev, games) says
    whether the handset boots a whole game of `games` (after the next flash: the new)."""
    tried = 0
    lost = []
    for k in range(1, ops + 1):
        dev = copy(start)
        dev.cut_at = k
        connected["dev"] = dev
        try:
            flashtool.flash("fake", new, log=lambda *a: None, reset=False)
        except PowerCut:
            pass
        tried += 1
        if not whole(dev, games):
            lost.append((k, dev.boots(), sorted(dev.files)))
            continue
        again = copy(dev)                           # and the next flash mends it
        connected["dev"] = again
        flashtool.flash("fake", new, log=lambda *a: None, reset=False)
        if not whole(again, games[1:]):
            lost.append((k, "the next flash", again.boots()))
    return tried, lost


def _mpy_handset(old, new, connected):
    """(start, probe, games): a handset with `old` as .mpy files, a copy of it with `new`
    flashed onto it once whole (it counts the operations and commands a flash takes),
    and the two games."""
    start = _handset_with(old, connected)
    probe = _copy(start)
    connected["dev"] = probe
    flashtool.flash("fake", new, log=lambda *a: None, reset=False)
    return start, probe, (_files(old), _files(new))


def test_a_power_cut_at_every_file_operation_of_a_flash_leaves_a_whole_game(
        builds, connected):
    old, new = builds
    start, probe, games = _mpy_handset(old, new, connected)
    assert _whole(probe, games[1:]) and probe.files["/boot.py"] == flashtool.BOOT.encode()
    tried, lost = _cut_at_every_operation(start, probe.ops, new, games, connected, _copy,
                                          _whole)
    print("power cuts in a flash: %d cases tried, %d lost" % (tried, len(lost)))
    assert tried > 15 and not lost, lost[:3]


def _main(build_dir, capsys):
    """flash.py's main on the fake port: (exit status, stderr lines); an exception
    that escapes it is returned as the status."""
    try:
        status = flashtool.main(["fake", "--build", build_dir, "--no-reset"])
    except BaseException as e:      # a traceback, as the user would see it
        status = e
    return status, capsys.readouterr().err.strip().splitlines()


def _drop_at_every_command(start, execs, new, games, connected, capsys, copy, whole):
    """flash.py's main run for `new` on copy(start) with the link dropped at each of its
    `execs` commands: (cases tried, the lost ones: not exit 1 with one "flash: " line, or
    no whole game of `games` left to boot)."""
    tried = 0
    lost = []
    for j in range(1, execs + 1):
        dev = copy(start)
        dev.drop_at = j
        connected["dev"] = dev
        status, err = _main(new, capsys)
        tried += 1
        if status != 1 or len(err) != 1 or not err[0].startswith("flash: ") \
                or not whole(dev, games):
            lost.append((j, status, err[-2:]))
    return tried, lost


def test_a_link_dropped_at_every_command_is_one_line_and_leaves_a_whole_game(
        builds, connected, capsys):
    old, new = builds
    start, probe, games = _mpy_handset(old, new, connected)
    capsys.readouterr()
    tried, lost = _drop_at_every_command(start, probe.execs, new, games, connected, capsys,
                                         _copy, _whole)
    print("links dropped in a flash: %d cases tried, %d lost" % (tried, len(lost)))
    assert tried > 10 and not lost, lost[:3]


def _claims_match(start, execs, new, games, connected, capsys, copy, whole):
    """flash.py's main run for `new` on copy(start) with the link dropped at each of its
    `execs` commands: the cases whose one line says the wrong thing about what runs
    ("switched to the new copy" while the old game still runs, or the other way)."""
    wrong = []
    for j in range(1, execs + 1):
        dev = copy(start)
        dev.drop_at = j
        connected["dev"] = dev
        status, err = _main(new, capsys)
        line = err[-1] if err else ""
        runs_old = whole(dev, games[:1])
        runs_new = whole(dev, games[1:])
        if "nothing was switched: the old game still runs" in line:
            ok = runs_old
        elif "it was switched to the new copy already" in line:
            ok = runs_new
        else:
            ok = "old game or the new one" in line and (runs_old or runs_new)
        if not ok:
            wrong.append((j, "runs the old game" if runs_old else
                          "runs the new game" if runs_new else "runs neither", line[-90:]))
    return wrong


def test_a_link_dropped_at_every_command_says_truly_which_game_runs(
        builds, connected, capsys):
    """Issue 28, 5: a drop while /svara.slot.new is written is not "switched already"."""
    old, new = builds
    start, probe, games = _mpy_handset(old, new, connected)
    capsys.readouterr()
    wrong = _claims_match(start, probe.execs, new, games, connected, capsys, _copy, _whole)
    assert not wrong, wrong[:3]


def _corruptions():
    """(what, change(folder)) for each kind of broken build folder."""
    def edit(name, how):
        def change(folder):
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                data = f.read()
            with open(path, "wb") as f:
                f.write(how(data))
        return change

    def remove(name):
        return lambda folder: os.remove(os.path.join(folder, name))

    def noise(data):
        rng = random.Random(15)
        mid = len(data) // 2
        return data[:mid] + bytes(rng.randrange(256) for _ in range(64)) + data[mid + 64:]

    def stray(folder):
        with open(os.path.join(folder, "ui", "stray.mpy"), "wb") as f:
            f.write(b"M\x06\x00\x1f")
    return (
        ("half app.mpy", edit("app.mpy", lambda d: d[:len(d) // 2])),
        ("no main.py", remove("main.py")),
        ("no board.mpy", remove("board.mpy")),
        ("an empty module", edit("ui/title.mpy", lambda d: b"")),
        ("a syntax error in main.py", edit("main.py", lambda d: d + b"\ndef (:\n")),
        ("random bytes in a module", edit("svara/cards.mpy", noise)),
        ("an old .mpy version", edit("svara/game.mpy", lambda d: b"M\x05" + d[2:])),
        ("no manifest", remove(buildtool.MANIFEST if hasattr(buildtool, "MANIFEST")
                               else "svara.manifest")),
        ("a cut-off manifest", edit("svara.manifest", lambda d: d[:len(d) // 3])),
        ("a stray file", stray),
    )


def test_every_kind_of_corrupt_build_is_refused_and_the_game_stays(
        full_build, builds, connected, tmp_path, capsys):
    old, _ = builds
    start = _handset_with(old, connected)
    tried = 0
    lost = []
    for what, change in _corruptions():
        folder = str(tmp_path / ("b%d" % tried))
        shutil.copytree(full_build, folder)
        if not os.path.exists(os.path.join(folder, "svara.manifest")):
            open(os.path.join(folder, "svara.manifest"), "w").close()
        change(folder)
        dev = _copy(start)
        connected["dev"] = dev
        capsys.readouterr()
        status, err = _main(folder, capsys)
        tried += 1
        if status != 1 or len(err) != 1 or not _whole(dev, (_files(old),)) \
                or dev.files.get("/svara.slot") != b"a":
            lost.append((what, status, err[-1:]))
    print("corrupt builds: %d cases tried, %d lost" % (tried, len(lost)))
    assert tried == 10 and not lost, lost


def _odd_manifests():
    """(what, change(manifest)) for manifests that are valid JSON with odd values."""
    def file_as(value):
        def change(m):
            m["files"]["main.py"] = value
            return m
        return change

    def needed(m):
        m["needed"] = [[1]]
        return m
    return (
        ('files[main.py] = "x"', file_as("x")),
        ('files[main.py] = ["2392", sha]', lambda m: file_as(
            [str(m["files"]["main.py"][0]), m["files"]["main.py"][1]])(m)),
        ("files[main.py] = []", file_as([])),
        ("files[main.py] = [2392]", lambda m: file_as([m["files"]["main.py"][0]])(m)),
        ("files[main.py] = null", file_as(None)),
        ("files[main.py] = [true, sha]", lambda m: file_as(
            [True, m["files"]["main.py"][1]])(m)),
        ("needed = [[1]]", needed),
        ("needed = null", lambda m: dict(m, needed=None)),
        ("a manifest that is a list", lambda m: [m]),
    )


def test_a_manifest_of_valid_json_with_odd_values_is_one_line_and_nothing_is_sent(
        builds, connected, tmp_path, capsys):
    """Issue 28, 2: no TypeError, IndexError or RecursionError out of verify_build."""
    import json
    old, new = builds
    start = _handset_with(old, connected)
    with open(os.path.join(new, "svara.manifest")) as f:
        good = json.load(f)
    cases = [(what, json.dumps(change(json.loads(json.dumps(good)))))
             for what, change in _odd_manifests()]
    cases.append(("nested 100,000 deep", "[" * 100000 + "]" * 100000))
    cases.append(("files nested 100,000 deep", '{"files": ' + "[" * 100000 + "]" * 100000
                  + ', "needed": []}'))
    lost = []
    for i, (what, text) in enumerate(cases):
        folder = str(tmp_path / ("m%d" % i))
        shutil.copytree(new, folder)
        with open(os.path.join(folder, "svara.manifest"), "w") as f:
            f.write(text)
        dev = _copy(start)
        connected["dev"] = dev
        capsys.readouterr()
        status, err = _main(folder, capsys)
        if status != 1 or len(err) != 1 or "no readable svara.manifest" not in err[0] \
                or dev.execs or dev.files != start.files:
            lost.append((what, status, err[-1:] if isinstance(status, int) else repr(status)))
    assert not lost, lost


# --- a port that never answers, or never stops sending ---------------------------------

class ScriptedPort:
    """A pseudo-terminal that answers mpremote's way into the raw REPL like a board,
    then, to the first command, either says nothing more or sends without end."""

    def __init__(self, babble):
        self.master, self.slave = os.openpty()
        import tty
        tty.setraw(self.slave)
        self.port = os.ttyname(self.slave)
        self.babble = babble
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        import select
        seen = b""
        commands = 0
        while not self.stop.is_set():
            ready, _, _ = select.select([self.master], [], [], 0.02)
            if self.babble and commands:
                try:
                    os.write(self.master, b"babble " * 64)
                except OSError:
                    return
            if not ready:
                continue
            try:
                data = os.read(self.master, 4096)
            except OSError:
                return
            seen += data
            while True:
                if b"\x01" in seen:
                    seen = seen[seen.index(b"\x01") + 1:]
                    os.write(self.master, b"raw REPL; CTRL-B to exit\r\n>")
                elif b"\x04" in seen:
                    head, seen = seen.split(b"\x04", 1)
                    if not head.strip(b"\r\n\x03"):         # the soft reset
                        os.write(self.master, b"MPY: soft reboot\r\n"
                                              b"raw REPL; CTRL-B to exit\r\n>")
                    else:
                        commands += 1
                        os.write(self.master, b"OK")
                else:
                    break

    def close(self):
        self.stop.set()
        self.thread.join(2)
        os.close(self.master)
        os.close(self.slave)


@pytest.mark.parametrize("babble", [False, True], ids=["silent", "babbling"])
def test_a_port_that_stops_answering_or_never_stops_sending_times_out(
        builds, babble, capsys):
    _, new = builds
    port = ScriptedPort(babble)
    result = {}

    def run():
        result["status"] = flashtool.main([port.port, "--build", new, "--no-reset",
                                           "--timeout", "1"])
    started = time.monotonic()
    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(30)
    took = time.monotonic() - started
    port.close()
    err = capsys.readouterr().err.strip().splitlines()
    assert not worker.is_alive(), "flash.py still runs after 30 s"
    assert result.get("status") == 1 and len(err) == 1, (result, err)
    assert "no complete answer within 1 s" in err[0], err
    assert took < 15, took


class BabblingSocket:
    """A port on 127.0.0.1 (socket://) that sends without end from the moment the
    flasher opens it, before any raw REPL: random bytes, endless '>' or endless CRLF."""

    KINDS = {"random": lambda rng: bytes(rng.randrange(256) for _ in range(4096)),
             "prompts": lambda rng: b">" * 4096,
             "crlf": lambda rng: b"\r\n" * 2048}

    def __init__(self, kind):
        import socket
        self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(1)
        self.server.settimeout(30)
        self.port = "socket://127.0.0.1:%d" % self.server.getsockname()[1]
        self.kind = kind
        self.opened = None              # time.monotonic() when the flasher connected
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        rng = random.Random(28)
        try:
            conn, _ = self.server.accept()
        except OSError:
            return
        self.opened = time.monotonic()
        conn.settimeout(0.5)
        with conn:
            while not self.stop.is_set():
                try:
                    conn.sendall(self.KINDS[self.kind](rng))
                except (TimeoutError, BlockingIOError):
                    continue            # the flasher reads slower than this sends
                except OSError:
                    return              # the flasher closed the port

    def close(self):
        self.stop.set()
        self.server.close()
        self.thread.join(5)


@pytest.mark.micropython
@pytest.mark.parametrize("kind", sorted(BabblingSocket.KINDS))
def test_a_port_that_babbles_from_the_moment_it_opens_ends_within_the_timeout(
        builds, kind):
    """Issue 28, 1: the watchdog covers the way into the raw REPL too, where mpremote
    restarts its wait on every byte."""
    import subprocess
    _, new = builds
    port = BabblingSocket(kind)
    timeout = 2
    try:
        run = subprocess.Popen([sys.executable, "-m", "tools.device.flash", port.port,
                                "--build", new, "--no-reset", "--timeout", str(timeout)],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            out, err = run.communicate(timeout=timeout + 20)
        except subprocess.TimeoutExpired:
            run.kill()
            run.communicate()
            pytest.fail("flash.py still runs %d s after a port babbling %s" % (
                timeout + 20, kind))
        ended = time.monotonic()
    finally:
        port.close()
    lines = err.decode("utf-8", "replace").strip().splitlines()
    assert run.returncode == 1 and len(lines) == 1, (run.returncode, lines[:3])
    assert lines[0].startswith("flash: ") and "no complete answer within 2 s" in lines[0], \
        lines
    assert not out.strip(), out[:200]       # none of the babble shown
    assert port.opened is not None and ended - port.opened < timeout + 2, \
        ended - port.opened


@pytest.mark.micropython
@pytest.mark.slow
def test_a_real_handset_killed_mid_flash_is_one_line_and_keeps_its_game(
        full_build, builds, tmp_path, capsys):
    """The virtual handset (real MicroPython) killed while a flash is sending."""
    from tools.device.vdevice import VirtualHandset
    old, _ = builds
    with VirtualHandset() as dev:
        flashtool.flash(dev.port, old, log=lambda *a: None, reset=False)
        capsys.readouterr()
        result = {}

        def run():
            result["status"] = flashtool.main([dev.port, "--build", full_build,
                                               "--no-reset"])
        worker = threading.Thread(target=run, daemon=True)
        worker.start()
        time.sleep(2.0)                     # the big build is being sent by now
        dev._proc.kill()
        worker.join(40)
        assert not worker.is_alive()
    err = capsys.readouterr().err.strip().splitlines()
    assert result.get("status") == 1 and len(err) == 1 and err[0].startswith("flash: "), err
    assert "old game still runs" in err[0], err


# --- ROMFS and frozen firmware (issue 13) ------------------------------------------------

ROM = 64 * 1024     # the fake board's ROMFS partition: the small builds' images fit


@pytest.fixture(scope="module")
def rom_builds(full_build, tmp_path_factory):
    """(old, new) small builds whose ROMFS images differ (a data file beside a module)."""
    base = tmp_path_factory.mktemp("rom_builds")
    out = []
    for name in ("old", "new"):
        folder = _small(full_build, str(base / name), ("\n# the %s game\n" % name).encode())
        with open(os.path.join(folder, "svara", "_t.bin"), "wb") as f:
            f.write(("SVD the %s table " % name).encode() * 40)
        buildtool.write_manifest(folder, "virtual", [])
        out.append(folder)
    return tuple(out)


def _game(folder):
    """(files, ROMFS image) of a build: what a handset running it holds."""
    return _files(folder), buildtool.romfs_image(folder)


def _whole_any(dev, games):
    """True when the handset boots a whole game of `games`: a folder holding all its
    .mpy files, or a folder holding its main.py with the ROMFS holding its image."""
    import json
    folder = dev.boots()
    if folder not in ("/svara.a", "/svara.b"):
        return False
    got = dev.folder(folder)
    for files, image in games:
        if got == files:
            return True
        try:
            record = json.loads(got.get("svara.manifest", b"{}"))
        except ValueError:
            continue
        if set(got) == {"main.py", "svara.manifest"} and got["main.py"] == files["main.py"]:
            if record.get("runs_from") == "frozen" and dev.frozen:
                return True
            if record.get("runs_from") == "romfs" and dev.rom is not None \
                    and bytes(dev.rom[:len(image)]) == image:
                return True
    return False


def _log():
    lines = []
    return lines, lines.append


def test_a_board_with_a_romfs_gets_the_image_and_keeps_only_main_py_on_its_filesystem(
        rom_builds, connected):
    old, _ = rom_builds
    dev = FakeHandset(rom=ROM)
    connected["dev"] = dev
    lines, log = _log()
    flashtool.flash("fake", old, log=log, reset=False)
    assert lines[0].startswith("romfs: the device has a ROMFS partition of 64 KiB"), lines
    image = buildtool.romfs_image(old)
    assert bytes(dev.rom[:len(image)]) == image
    assert sorted(n for n in dev.files if n.startswith("/svara.")) == [
        "/svara.a/main.py", "/svara.a/svara.manifest", "/svara.slot"]
    assert _whole_any(dev, (_game(old),))


def test_a_romfs_too_small_or_none_says_so_and_installs_mpy_files(full_build, connected):
    old = full_build        # its image is some 240 KiB
    for rom, why in ((ROM, "ROMFS partition (64 KiB) is too small for the image"),
                     (None, "no ROMFS partition")):
        dev = FakeHandset(rom=rom)
        connected["dev"] = dev
        lines, log = _log()
        flashtool.flash("fake", old, log=log, reset=False)
        assert lines[0].startswith("mpy: ") and why in lines[0], lines
        assert dev.folder("/svara.a") == _files(old)
        if rom:
            assert bytes(dev.rom) == b"\xff" * rom       # the ROMFS untouched


def test_a_firmware_with_the_game_frozen_in_gets_only_main_py(rom_builds, connected, capsys):
    old, new = rom_builds
    dev = _handset_with(old, connected)                 # an older .mpy copy on it
    dev.frozen = True
    lines, log = _log()
    flashtool.flash("fake", new, log=log, reset=False)
    assert lines[0].startswith("frozen: the firmware has the game frozen in"), lines
    assert set(dev.folder("/svara.b")) == {"main.py", "svara.manifest"}
    assert "/svara.a/app.mpy" not in dev.files and not dev.folder("/svara.a")
    assert _whole_any(dev, (_game(new),))
    connected["dev"] = FakeHandset()                    # --mode frozen insists
    assert flashtool.main(["fake", "--build", new, "--no-reset", "--mode", "frozen"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no game frozen in" in err[0], err


def _rom_handset(old, new, connected, start_in):
    """(start, probe, games): a handset with a ROMFS where `old` was flashed as .mpy files
    (start_in "mpy") or into the ROMFS ("romfs"), a copy of it connected to flash `new`
    onto once whole, and the two games."""
    start = FakeHandset(rom=ROM)
    connected["dev"] = start
    flashtool.flash("fake", old, log=lambda *a: None, reset=False,
                    mode="mpy" if start_in == "mpy" else "auto")
    probe = start.copy()
    connected["dev"] = probe
    return start, probe, (_game(old), _game(new))


@pytest.mark.parametrize("start_in", ["mpy", "romfs"])
def test_a_power_cut_at_every_operation_of_a_romfs_flash_leaves_a_whole_game(
        rom_builds, connected, start_in):
    old, new = rom_builds
    start, probe, games = _rom_handset(old, new, connected, start_in)
    lines, log = _log()
    flashtool.flash("fake", new, log=log, reset=False)
    assert _whole_any(probe, games[1:]) and bytes(probe.rom[:len(games[1][1])]) == games[1][1]
    assert (start_in == "romfs") == any("the running game is in the ROMFS" in ln
                                        for ln in lines), lines
    tried, lost = _cut_at_every_operation(start, probe.ops, new, games, connected,
                                          lambda d: d.copy(), _whole_any)
    print("power cuts in a ROMFS flash from %s: %d cases tried, %d lost" % (
        start_in, tried, len(lost)))
    assert tried > 20 and not lost, lost[:3]


@pytest.mark.parametrize("start_in", ["mpy", "romfs"])
def test_a_link_dropped_at_every_command_of_a_romfs_flash_is_one_line_and_a_whole_game(
        rom_builds, connected, capsys, start_in):
    old, new = rom_builds
    start, probe, games = _rom_handset(old, new, connected, start_in)
    flashtool.flash("fake", new, log=lambda *a: None, reset=False)
    capsys.readouterr()
    tried, lost = _drop_at_every_command(start, probe.execs, new, games, connected, capsys,
                                         lambda d: d.copy(), _whole_any)
    print("links dropped in a ROMFS flash from %s: %d cases tried, %d lost" % (
        start_in, tried, len(lost)))
    assert tried > 10 and not lost, lost[:3]


@pytest.mark.parametrize("start_in", ["mpy", "romfs"])
def test_a_link_dropped_at_every_command_of_a_romfs_flash_says_truly_which_game_runs(
        rom_builds, connected, capsys, start_in):
    old, new = rom_builds
    start, probe, games = _rom_handset(old, new, connected, start_in)
    flashtool.flash("fake", new, log=lambda *a: None, reset=False)
    capsys.readouterr()
    wrong = _claims_match(start, probe.execs, new, games, connected, capsys,
                          lambda d: d.copy(), _whole_any)
    assert not wrong, wrong[:3]


def _flaky_cell(dev, monkeypatch):
    """Make one flash cell of dev's ROMFS keep a bit set (byte 7 of the chunk written at
    offset 1,024 of block 0): the image then reads back different."""
    real = type(dev.rom).writeblocks

    def flaky(self, block, buf, offset=0):
        buf = bytearray(buf)
        if block == 0 and offset == 1024:
            buf[7] |= 0x10
        real(self, block, buf, offset)
    monkeypatch.setattr(type(dev.rom), "writeblocks", flaky)


def test_a_romfs_image_that_reads_back_wrong_is_refused_and_the_old_game_runs(
        rom_builds, connected, monkeypatch):
    old, new = rom_builds
    dev = _handset_with(old, connected)
    dev.rom = FakeHandset(rom=ROM).rom
    dev.rom.dev = dev
    _flaky_cell(dev, monkeypatch)
    with pytest.raises(flashtool.FlashError, match="ROMFS image reads back different"):
        flashtool.flash("fake", new, log=lambda *a: None, reset=False)
    assert dev.files["/svara.slot"] == b"a" and _whole_any(dev, (_game(old),))


def test_a_mode_the_device_cannot_take_is_one_line_and_changes_nothing(
        rom_builds, connected, capsys):
    old, new = rom_builds
    dev = _handset_with(old, connected)
    before = dict(dev.files)
    assert flashtool.main(["fake", "--build", new, "--no-reset", "--mode", "romfs"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--mode romfs: the device has no ROMFS partition" in err[0], err
    assert dev.files == before
    assert flashtool.main(["fake", "--build", new, "--mode", "fast"]) == 2
    assert "--mode is one of auto, frozen, romfs, mpy" in capsys.readouterr().err


def test_a_bad_romfs_write_over_a_game_in_the_romfs_says_the_new_game_runs_as_mpy(
        rom_builds, connected, monkeypatch):
    old, new = rom_builds
    dev = FakeHandset(rom=ROM)
    connected["dev"] = dev
    flashtool.flash("fake", old, log=lambda *a: None, reset=False)     # in the ROMFS
    _flaky_cell(dev, monkeypatch)
    with pytest.raises(flashtool.FlashError, match="the new game runs from .mpy files"):
        flashtool.flash("fake", new, log=lambda *a: None, reset=False)
    assert _whole_any(dev, (_game(new),)) and dev.folder(dev.boots()) == _files(new)
