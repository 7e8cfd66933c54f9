"""make build + make flash onto a fresh virtual handset with the real mpremote; the game
starts there and draws the same first frame as the simulator; flashing again sends only
what changed; failures say why and leave the old game running."""
import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT

from tools.device import build as buildtool
from tools.device import flash as flashtool
from tools.device.vdevice import VirtualHandset


def make(*args, timeout=120):
    env = dict(os.environ)
    env.pop("MAKEFLAGS", None)
    return subprocess.run(["make", "--no-print-directory", "-C", ROOT] + list(args),
                          capture_output=True, text=True, timeout=timeout, env=env)


def mpremote(port, *args, timeout=60):
    return subprocess.run([sys.executable, "-m", "mpremote", "connect", port] + list(args),
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def source(tmp_path):
    """A copy of the game's sources, to change a module the way a developer would."""
    src = tmp_path / "src"
    shutil.copytree(os.path.join(ROOT, "lib"), src / "lib",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(os.path.join(ROOT, "firmware"), src / "firmware",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return src


def first_frame(port, tmp_path):
    """Start the game on the device (main.py as the board would), fetch its frame."""
    run = mpremote(port, "exec", "import main\nmain.main()")
    assert run.returncode == 0, run.stdout + run.stderr
    dest = tmp_path / "frame.bin"
    got = mpremote(port, "fs", "cp", ":/frame.bin", str(dest))
    assert got.returncode == 0, got.stderr
    return dest.read_bytes()


@pytest.mark.micropython
@pytest.mark.slow
def test_make_flash_puts_the_game_on_a_fresh_handset_then_sends_only_changes(
        source, tmp_path):
    build_dir = str(tmp_path / "build")
    common = ["BOARD=virtual", "BUILD=" + build_dir, "SRC=" + str(source)]
    built = make("build", *common)
    assert built.returncode == 0, built.stdout + built.stderr
    assert "total" in built.stdout
    with VirtualHandset() as dev:
        first = make("flash", "PORT=" + dev.port, *common)
        assert first.returncode == 0, first.stdout + first.stderr
        n = len(buildtool.file_hashes(build_dir))
        assert "sent %d file(s), kept 0" % n in first.stdout
        assert "[%d/%d]" % (n, n) in first.stdout          # progress, file by file
        assert "verified %d files" % n in first.stdout

        frame = first_frame(dev.port, tmp_path)
        assert len(frame) == 10240 and len(set(frame)) > 2  # drawn, not blank
        from tools.sim.core import run
        assert frame == run([]).frames[0]                   # what the simulator draws

        cards = source / "lib" / "svara" / "cards.py"
        cards.write_text(cards.read_text() + "\n_FLASH_TEST = 1\n")
        second = make("flash", "PORT=" + dev.port, *common)
        assert second.returncode == 0, second.stdout + second.stderr
        # the module and the build's manifest (which names its new hash)
        assert "sent 2 file(s), kept %d" % (n - 2) in second.stdout
        assert "/2] svara/cards.mpy" in second.stdout
        assert "/2] svara.manifest" in second.stdout
        assert first_frame(dev.port, tmp_path) == frame


@pytest.fixture(scope="module")
def small_build(tmp_path_factory):
    """A few compiled modules: enough to exercise flashing, quick to send."""
    full = str(tmp_path_factory.mktemp("full"))
    buildtool.build("virtual", full, log=None)
    small = tmp_path_factory.mktemp("small")
    for name in ("svara/cards.mpy", "svara/rules.mpy", "drivers/keys.mpy", "main.py",
                 "board.mpy"):
        os.makedirs(os.path.dirname(str(small / name)), exist_ok=True)
        shutil.copy(os.path.join(full, name), str(small / name))
    buildtool.write_manifest(str(small), "virtual", [])
    return str(small)


def remanifest(folder):
    """A build folder changed on purpose gets the manifest its own make build wrote."""
    os.remove(os.path.join(str(folder), buildtool.MANIFEST))
    buildtool.write_manifest(str(folder), "virtual", [])


def quiet(*_):
    pass


def test_flash_without_a_device_says_so(small_build, tmp_path):
    port = str(tmp_path / "ttyNOPE")
    proc = subprocess.run([sys.executable, "-m", "tools.device.flash", port,
                           "--build", small_build], capture_output=True, text=True, timeout=60,
                          cwd=ROOT)
    assert proc.returncode == 1
    assert "no device at %s" % port in proc.stderr


def test_flash_without_a_build_says_so(tmp_path):
    with pytest.raises(flashtool.FlashError) as e:
        flashtool.flash("/dev/null", str(tmp_path / "nothing"), log=quiet)
    assert "make build" in str(e.value)


@pytest.mark.micropython
def test_a_device_whose_micropython_cannot_load_our_mpy_is_refused(small_build, tmp_path):
    old = tmp_path / "old"
    shutil.copytree(small_build, old)
    for folder, _, files in os.walk(old):
        for name in files:
            if name.endswith(".mpy"):
                path = os.path.join(folder, name)
                data = bytearray(open(path, "rb").read())
                data[1] = 5                       # as mpy-cross of MicroPython 1.19 writes
                open(path, "wb").write(bytes(data))
    remanifest(old)     # whole, as an older mpy-cross made it: refused on the host
    with VirtualHandset() as dev:
        with pytest.raises(flashtool.FlashError) as e:
            flashtool.flash(dev.port, str(old), log=quiet)
        assert "is not a MicroPython 1.27 .mpy file" in str(e.value)
        ls = mpremote(dev.port, "fs", "ls", ":/")
        assert "svara" not in ls.stdout                   # nothing was written


@pytest.mark.micropython
def test_a_full_filesystem_is_refused_before_anything_is_written(small_build):
    with VirtualHandset(fs_size=8 * 1024) as dev:
        with pytest.raises(flashtool.FlashError) as e:
            flashtool.flash(dev.port, small_build, log=quiet)
        assert "filesystem is full" in str(e.value)
        assert "svara" not in mpremote(dev.port, "fs", "ls", ":/").stdout


@pytest.mark.micropython
@pytest.mark.slow
def test_a_flash_that_fails_half_way_leaves_the_old_game_whole(small_build, tmp_path):
    files = buildtool.file_hashes(small_build)
    blocks = sum(-(-os.path.getsize(os.path.join(small_build, n)) // 4096) for n in files)
    # room for one copy, /boot.py and the slot file, not for a second copy
    with VirtualHandset(fs_size=(blocks + 3) * 4096) as dev:
        flashtool.flash(dev.port, small_build, log=quiet, reset=False)
        changed = tmp_path / "changed"
        shutil.copytree(small_build, changed)
        with open(changed / "main.py", "a") as f:
            f.write("\n# changed\n")
        remanifest(changed)
        with pytest.raises(flashtool.FlashError) as e:
            flashtool.flash(dev.port, str(changed), log=quiet, check_space=False)
        assert "filled up" in str(e.value) and "old game still runs" in str(e.value)
        with pytest.raises(flashtool.FlashError) as e:
            flashtool.flash(dev.port, str(changed), log=quiet)   # the check comes first
        assert "filesystem is full" in str(e.value)
        # the running copy is still the first one, whole
        state = mpremote(dev.port, "exec", flashtool.HELPERS +
                         "print(_read('/svara.slot'))\nprint(_hashes('/svara.a'))")
        slot, hashes = state.stdout.strip().splitlines()
        assert slot == "a"
        assert eval(hashes) == files
