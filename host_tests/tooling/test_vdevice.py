"""The virtual handset (tools/device/vdevice.py): real MicroPython behind a pseudo-terminal
that the real mpremote drives unchanged."""
import subprocess
import sys

import pytest
import serial

from tools.device.vdevice import VirtualHandset

pytestmark = pytest.mark.micropython


def mpremote(port, *args, timeout=60):
    return subprocess.run([sys.executable, "-m", "mpremote", "connect", port] + list(args),
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def device():
    with VirtualHandset(fs_size=64 * 1024) as dev:
        yield dev


def test_mpremote_runs_code_there(device):
    got = mpremote(device.port, "exec", "import sys; print(sys.implementation.version[:2])")
    assert got.returncode == 0, got.stderr
    assert got.stdout.strip() == "(1, 27)"


def test_raw_paste_goes_as_on_a_board_window_by_window(device):
    # mpremote's way to send code to a board (Ctrl-E A Ctrl-A): accepted with a window of
    # 256 bytes, a byte 1 for each window taken, the end acknowledged, then the raw
    # REPL's output and error, each ended by Ctrl-D, and its prompt.
    with serial.Serial(device.port, timeout=5) as s:
        s.write(b"\r\x03\x03\r\x01")
        assert s.read_until(b"raw REPL; CTRL-B to exit\r\n>").endswith(b">")
        s.write(b"\x05A\x01")
        assert s.read(4) == b"R\x01\x00\x01"
        code = b"x = 6 * 7  # " + b"." * 300 + b"\nprint(x)"
        s.write(code[:256])
        assert s.read(1) == b"\x01"
        s.write(code[256:] + b"\x04")
        assert s.read_until(b"\x04>") == b"\x0442\r\n\x04\x04>"   # board line ends
        s.write(b"\x05A\x01")
        assert s.read(4) == b"R\x01\x00\x01"
        s.write(b"1/0\x04")
        said = s.read_until(b"\x04>")
        assert said.startswith(b"\x04\x04Traceback") and b"ZeroDivisionError" in said
        s.write(b"\r\x02")


def test_files_round_trip_and_errors_carry_micropython_numbers(device, tmp_path):
    src = tmp_path / "hello.txt"
    src.write_bytes(b"svara\n" * 100)
    assert mpremote(device.port, "fs", "cp", str(src), ":hello.txt").returncode == 0
    back = tmp_path / "back.txt"
    assert mpremote(device.port, "fs", "cp", ":hello.txt", str(back)).returncode == 0
    assert back.read_bytes() == src.read_bytes()
    missing = mpremote(device.port, "fs", "cat", ":nothing-here")
    assert missing.returncode == 1
    assert "No such file or directory" in missing.stderr   # WASI 44 shown as ENOENT
    assert mpremote(device.port, "fs", "rm", ":hello.txt").returncode == 0


def test_soft_reset_keeps_files_and_forgets_variables(device):
    assert mpremote(device.port, "exec", "open('keep.txt','w').write('x')\n_v = 1").returncode == 0
    got = mpremote(device.port, "soft-reset", "exec",
                   "import os\nprint('_v' in globals(), 'keep.txt' in os.listdir('/'))")
    assert got.stdout.split() == ["False", "True"], got.stdout + got.stderr
    mpremote(device.port, "fs", "rm", ":keep.txt")


def test_a_full_filesystem_says_so(device):
    got = mpremote(device.port, "exec",
                   "f = open('big', 'wb')\nfor i in range(40): f.write(bytes(4096))")
    assert got.returncode == 1
    assert "ENOSPC" in got.stdout + got.stderr
    statvfs = mpremote(device.port, "exec", "import os\nprint(os.statvfs('/')[2:4])")
    assert statvfs.stdout.strip() == "(16, 0)"      # 64 KiB in 4 KiB blocks, none free
    assert mpremote(device.port, "fs", "rm", ":big").returncode == 0


def test_a_socket_address_works_too():
    with VirtualHandset(socket_port=0) as dev:
        assert dev.port.startswith("socket://")
        got = mpremote(dev.port, "exec", "print(1 + 1)")
        assert got.returncode == 0, got.stderr
        assert got.stdout.strip() == "2"
