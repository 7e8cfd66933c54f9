"""The mip packages (lib/package.json, firmware/boards/<board>/package.json): the real
mpremote installs them onto the virtual handset from a checkout, and they run there."""
import json
import os
import re
import subprocess
import sys
import threading

import pytest

from tools.device import build as buildtool
from tools.device import mip as gen_mip
from tools.device.vdevice import VirtualHandset

from conftest import ROOT  # noqa: E402
# New game, stack 100 -> 20, Play (as host_tests/keys/bots4.keys starts), then OK, the
# default action, for the first actions of the match.
KEYS = "OK DOWN DOWN DOWN LEFT LEFT SL " + "OK " * 11

PLAY = """
import board
from app import App
from store import Store
display = board.display()
pad = board.keypad()
app = App(display, store=Store("/saves"), seed=5)
app.start()
def settle():             # as the simulator settles: until idle() has nothing to do and
    n = 0                 # no pause is held (the bots' pace, 10 ms an idle() call here)
    while n < 100000 and (app.idle() or app.timed):
        n += 1
settle()
for code in pad.codes:
    app.key(code)
    settle()
print(app.screen.name)
"""


# The real mpremote, polling the line every millisecond, not every 10 ms, while it waits
# for an answer: it waits once for each command it sends, and mip sends one for every
# 256 bytes of a file (4,800 for the game's 1.2 MB: 48 s asleep with its 10 ms).
MPREMOTE = """import sys, time
import mpremote.transport_serial as serial_transport
from mpremote.main import main
class _Time:
    def __getattr__(self, name):
        return getattr(time, name)
    def sleep(self, s):
        time.sleep(0.001 if s == 0.01 else s)
serial_transport.time = _Time()
sys.exit(main())
"""


def mpremote(port, *args, timeout=180):
    return subprocess.run([sys.executable, "-c", MPREMOTE, "connect", port] + list(args),
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def test_the_package_files_are_up_to_date():
    proc = subprocess.run([sys.executable, "-m", "tools.device.mip",
                           "--check"], capture_output=True, text=True, timeout=60,
                          cwd=ROOT)
    assert proc.returncode == 0, proc.stderr


def test_each_package_lists_what_the_build_puts_on_the_device():
    with open(os.path.join(ROOT, "lib", "package.json")) as f:
        lib = json.load(f)
    on_device = [rel for _, rel in buildtool.device_sources("handset")]
    assert [t for t, _ in lib["urls"]] == [r for r in on_device if r.startswith("svara/")]
    assert "svara/__main__.py" not in dict(lib["urls"])      # the desktop's command line
    for board in buildtool.boards():
        folder = os.path.join(ROOT, "firmware", "boards", board)
        with open(os.path.join(folder, "package.json")) as f:
            game = json.load(f)
        assert [t for t, _ in game["urls"]] == [r for _, r in buildtool.device_sources(board)]
        for target, url in game["urls"]:
            assert os.path.isfile(os.path.join(folder, url)), url
        assert game["version"] == lib["version"] == gen_mip.version()


@pytest.fixture(scope="module")
def installed():
    """Two fresh virtual handsets, filled at the same time: the library alone into /lib
    (mpremote's default target), the whole game for the virtual board into /."""
    devices = [VirtualHandset(fs_size=1536 * 1024), VirtualHandset(fs_size=1536 * 1024)]
    jobs = (("mip", "install", "lib/package.json"),
            ("mip", "install", "--target", "/", "firmware/boards/virtual/package.json"))
    results = [None, None]
    for d in devices:
        d.start()
    try:
        def run(k):
            results[k] = mpremote(devices[k].port, *jobs[k])
        threads = [threading.Thread(target=run, args=(k,)) for k in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        yield devices, results
    finally:
        for d in devices:
            d.stop()


@pytest.mark.micropython
@pytest.mark.slow
def test_the_library_installs_with_mip_and_scores_there(installed):
    (lib_device, _), (got, _) = installed
    assert got.returncode == 0, got.stdout + got.stderr
    assert "Installing: /lib/svara/score.py" in got.stdout
    run = mpremote(lib_device.port, "exec",
                   "import sys, svara\nfrom svara.version import VERSION\n"
                   "print(sys.implementation.name, svara.score(0, 28, 29), VERSION)")
    assert run.stdout.split() == ["micropython", "33", gen_mip.version()], run.stderr
    # a whole game by the contract, dealt from a seed, to its end
    play = mpremote(lib_device.port, "exec",
                    "import svara\ng = svara.Game([20, 20, 20], 0, seed=3)\n"
                    "while g.to_act is not None:\n"
                    "    a, lo, hi = g.legal()[-1]\n"
                    "    g.act(a, lo)\n"
                    "print(g.winner is not None, sum(g.stacks) + g.pot)")
    assert play.stdout.split() == ["True", "60"], play.stdout + play.stderr


@pytest.mark.micropython
@pytest.mark.slow
def test_the_whole_game_installs_with_mip_and_plays(installed, tmp_path):
    (_, game_device), (_, got) = installed
    assert got.returncode == 0, got.stdout + got.stderr
    port = game_device.port
    keys = tmp_path / "keys.txt"
    keys.write_text(KEYS)
    assert mpremote(port, "fs", "cp", str(keys), ":/keys.txt").returncode == 0
    # main.py's start (with the seed fixed), then each key with the app's idle() until the
    # screen settles (the bots move there) as the simulator does: the board's scripted
    # keypad never idles.
    run = mpremote(port, "exec", PLAY)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.split()[-1] == "showdown", run.stdout     # a game played to its end
    # the game in progress was saved there: fetch it and tell it on the host
    # (its copies in turns, a pair in a folder of its own: saves.game/game, game.1;
    # replay reads the newest; no game.2 there)
    save = tmp_path / "game"
    got = [mpremote(port, "fs", "cp", ":/saves.game/game" + s, str(save) + s).returncode
           for s in ("", ".1", ".2")]
    assert got.count(0) == 2, got
    told = subprocess.run([sys.executable, "-m", "svara", "replay", str(save)],
                          capture_output=True, text=True, timeout=60,
                          cwd=os.path.join(ROOT, "lib"))
    assert told.returncode == 0, told.stderr
    lines = told.stdout.splitlines()
    assert lines[0].startswith("Svara game: 4 seats")
    stacks = [line for line in lines if line.startswith("Stacks: ")][0]
    # told with the handset's names: you and three bots
    assert sum(int(n) for n in re.findall(r"(?:You|Bot \d) (\d+)", stacks)) == 4 * 20
    assert any(line.startswith("Deal: You ") for line in lines), told.stdout
    assert any(" blinds " in line or " opens at " in line for line in lines), told.stdout
