"""An rp2 firmware whose image runs into its filesystem is refused (tools/device/image.py):
the image's end and the filesystem's place are read from the image's own binary info, in a
UF2 or an ELF. The images here are made by the test, laid out as pico-sdk lays them."""
import os
import struct
import subprocess
import sys

import pytest

from tools.device import image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
XIP = 0x10000000


def _firmware(end, fs_at, fs_size, romfs=None):
    """A flash image (bytes from XIP) with a binary info header, a binary-end entry and
    MicroPython's block devices; the filesystem's entry sits in RAM (.data), so it is
    found through the copy table as on a real image."""
    flash = bytearray(b"\xff" * 0x2000)
    header = 0x1C0                          # after boot2 and the vector table
    table = 0x400                           # the entries' pointers
    structs = 0x500
    name_fs, name_rom = 0x700, 0x720
    flash[name_fs:name_fs + 12] = b"MicroPython\0"
    flash[name_rom:name_rom + 6] = b"ROMFS\0"
    copy = 0x800                            # data_cpy_table: flash 0x1000 -> RAM 0x20000000
    struct.pack_into("<3I", flash, copy, XIP + 0x1000, 0x20000000, 0x20000100)
    struct.pack_into("<3I", flash, copy + 12, 0, 0, 0)
    entries = []
    struct.pack_into("<2H2I", flash, structs, 5, ord("R") | ord("P") << 8, 0x68F465DE, end)
    entries.append(XIP + structs)
    # the filesystem's entry lives in RAM at 0x20000010, its bytes in flash at 0x1010
    struct.pack_into("<2H4IH", flash, 0x1010, 7, 0x504D, XIP + name_fs, fs_at, fs_size, 0, 3)
    entries.append(0x20000010)
    if romfs:
        struct.pack_into("<2H4IH", flash, structs + 16, 7, 0x504D, XIP + name_rom,
                         romfs[0], romfs[1], 0, 1)
        entries.append(XIP + structs + 16)
    for i, p in enumerate(entries):
        struct.pack_into("<I", flash, table + 4 * i, p)
    struct.pack_into("<5I", flash, header, 0x7188EBF2, XIP + table, XIP + table + 4 * len(entries),
                     XIP + copy, 0xE71AA390)
    return bytes(flash)


def _uf2(flash, path):
    blocks = [flash[i:i + 256] for i in range(0, len(flash), 256)]
    with open(path, "wb") as f:
        for n, b in enumerate(blocks):
            f.write(struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, XIP + 256 * n, 256, n,
                                len(blocks), 0xE48BFF56) + b + b"\0" * 220 + struct.pack("<I", 0x0AB16F30))


def _elf(flash, path):
    ehdr = bytearray(52)
    ehdr[:6] = b"\x7fELF\x01\x01"
    struct.pack_into("<I", ehdr, 28, 52)             # e_phoff
    struct.pack_into("<2H", ehdr, 42, 32, 1)         # e_phentsize, e_phnum
    ph = struct.pack("<8I", 1, 84, XIP, XIP, len(flash), len(flash), 5, 4)
    with open(path, "wb") as f:
        f.write(bytes(ehdr) + ph + flash)


STOCK = dict(end=XIP + 687324, fs_at=XIP + 0xA0000, fs_size=1408 * 1024)      # RPI_PICO
HANDSET = dict(end=XIP + 687324, fs_at=XIP + 0x100000, fs_size=1024 * 1024)   # SVARA_HANDSET


@pytest.mark.parametrize("kind", [_uf2, _elf])
def test_an_image_that_runs_into_its_filesystem_is_refused_in_one_line(tmp_path, kind):
    path = str(tmp_path / "firmware")
    kind(_firmware(**STOCK), path)
    run = subprocess.run([sys.executable, "-m", "tools.device.image", path], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert "31,964 bytes into its filesystem at 0x100A0000" in lines[0]
    assert "SVARA_HANDSET" in lines[0]


@pytest.mark.parametrize("kind", [_uf2, _elf])
def test_the_handset_boards_map_leaves_the_image_room(tmp_path, kind):
    path = str(tmp_path / "firmware")
    kind(_firmware(**HANDSET), path)
    ok, line = image.check_file(path)
    assert ok
    assert "361,252 bytes below its filesystem at 0x10100000" in line
    assert "under the" not in line


def test_under_32_kb_of_room_is_said_and_a_romfs_below_the_filesystem_counts(tmp_path):
    path = str(tmp_path / "f.uf2")
    _uf2(_firmware(end=XIP + 0xF9000, fs_at=XIP + 0x100000, fs_size=1 << 20), path)
    ok, line = image.check_file(path)
    assert ok and "under the 32 KB" in line
    _uf2(_firmware(end=XIP + 0xF9000, fs_at=XIP + 0x100000, fs_size=1 << 20,
                   romfs=(XIP + 0xF8000, 0x8000)), path)
    ok, line = image.check_file(path)
    assert not ok and "4,096 bytes into its filesystem at 0x100F8000" in line


@pytest.mark.parametrize("content", [b"", b"not a firmware", b"\x7fELF\x02\x01" + b"\0" * 60,
                                     struct.pack("<2I", 0x0A324655, 0x9E5D5157) + b"\0" * 504])
def test_a_file_that_is_no_firmware_is_one_line_and_exit_2(tmp_path, content):
    path = tmp_path / "x.uf2"
    path.write_bytes(content)
    run = subprocess.run([sys.executable, "-m", "tools.device.image", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2, run
    assert len(run.stderr.strip().splitlines()) == 1 and "Traceback" not in run.stderr


def test_make_flash_refuses_a_firmware_that_reaches_its_filesystem_before_connecting(tmp_path):
    path = str(tmp_path / "firmware.uf2")
    _uf2(_firmware(**STOCK), path)
    run = subprocess.run([sys.executable, "-m", "tools.device.flash", "/dev/null/none",
                          "--build", str(tmp_path), "--firmware", path], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert run.stderr.startswith("flash: --firmware ") and "nothing was sent" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_the_handset_board_keeps_its_filesystem_where_the_link_check_reads_it():
    board = os.path.join(ROOT, "firmware", "boards", "handset", "SVARA_HANDSET")
    with open(os.path.join(board, "mpconfigboard.h")) as f:
        header = f.read()
    with open(os.path.join(board, "mpconfigboard.cmake")) as f:
        cmake = f.read()
    assert "#define SVARA_FS_BYTES                          (1024 * 1024)" in header
    assert "MICROPY_HW_FLASH_STORAGE_BYTES          SVARA_FS_BYTES" in header
    assert 'REGEX "define SVARA_FS_BYTES"' in cmake and "set(SVARA_ROOM 32768)" in cmake
    assert image.ROOM == 32768
