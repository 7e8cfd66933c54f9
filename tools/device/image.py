#!/usr/bin/env python3
"""The flash map of an rp2 MicroPython firmware: where its image ends and where its
filesystem starts, read from the image itself (the pico-sdk binary info that picotool
shows: the binary's end, and the block device MicroPython declares for littlefs).

    python -m tools.device.image FIRMWARE.uf2|FIRMWARE.elf

says in one line where the image ends and how much room is left below the filesystem;
exit 1 when the image reaches the filesystem (littlefs would erase the firmware's own
blocks at the first format: docs/HARDWARE.md), 2 for a file it cannot read. RPI_PICO's
map leaves the game's image no room; the handset's board (SVARA_HANDSET) does.
make flash FIRMWARE=... and, on an rp2 handset, every make flash run the same check.
"""
import struct
import sys

from tools.common import hosttool

XIP = 0x10000000
FLASH_END = 0x11000000
ROOM = 32 * 1024          # what the handset's board keeps free below the filesystem
_START, _END = 0x7188EBF2, 0xE71AA390
_ID_AND_INT, _BLOCK_DEVICE = 5, 7
_TAG_RP = ord("R") | ord("P") << 8
_BINARY_END = 0x68F465DE
UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)


class ImageError(ValueError):
    """A firmware file that cannot be read, or whose flash map does not hold."""


def load(path):
    """The flash bytes of a UF2 or ELF file as {address: bytes} runs."""
    try:
        with open(path, "rb") as f:
            data = f.read(32 * 1024 * 1024 + 1)
    except OSError as e:
        raise ImageError("%s: %s" % (path, e.strerror or e)) from None
    if len(data) > 32 * 1024 * 1024:
        raise ImageError("%s: over 32 MB: not a firmware image" % path)
    if data[:4] == b"\x7fELF":
        return _elf(path, data)
    if len(data) >= 512 and struct.unpack_from("<2I", data) == UF2_MAGIC[:2]:
        return _uf2(path, data)
    raise ImageError("%s: neither a UF2 nor an ELF file" % path)


def _uf2(path, data):
    runs = {}
    for at in range(0, len(data) - 511, 512):
        m0, m1, _flags, addr, size, _n, _count, _family = struct.unpack_from("<8I", data, at)
        if (m0, m1) != UF2_MAGIC[:2] or \
                struct.unpack_from("<I", data, at + 508)[0] != UF2_MAGIC[2] or size > 476:
            raise ImageError("%s: block %d is not a UF2 block" % (path, at // 512))
        runs[addr] = data[at + 32:at + 32 + size]
    return runs


def _elf(path, data):
    if data[4] != 1 or data[5] != 1:
        raise ImageError("%s: not a 32-bit little-endian ELF (an RP2040 firmware is)" % path)
    try:
        phoff, = struct.unpack_from("<I", data, 28)
        phentsize, phnum = struct.unpack_from("<2H", data, 42)
        runs = {}
        for i in range(phnum):
            kind, off, _vaddr, paddr, filesz = struct.unpack_from("<5I", data, phoff + i * phentsize)
            if kind == 1 and filesz and XIP <= paddr < FLASH_END:     # PT_LOAD into flash
                runs[paddr] = data[off:off + filesz]
    except struct.error:
        raise ImageError("%s: a damaged ELF file" % path) from None
    return runs


class Flash:
    """Reads a flash image by address, through the binary info's RAM-to-flash mapping."""

    def __init__(self, read):
        self._read = read           # read(address, n) -> bytes, or None outside the image
        self._maps = []

    def word(self, addr):
        return struct.unpack("<I", self.bytes(addr, 4))[0]

    def bytes(self, addr, n):
        for src, lo, hi in self._maps:
            if lo <= addr < hi:
                addr = src + addr - lo
                break
        got = self._read(addr, n)
        if got is None or len(got) != n:
            raise ImageError("the binary info points outside the image (0x%08X)" % addr)
        return got

    def string(self, addr):
        out = b""
        while len(out) < 64:
            c = self.bytes(addr + len(out), 1)
            if c == b"\0":
                break
            out += c
        return out.decode("latin-1")


def flash_map(read):
    """{"end": the image's end address, "fs": (address, size) of MicroPython's filesystem
    or None, "romfs": likewise}; read(address, n) gives the flash's bytes."""
    head = read(XIP, 0x400)
    if head is None:
        raise ImageError("no image at the start of flash (0x%08X)" % XIP)
    flash = Flash(read)
    at = None
    for i in range(0, len(head) - 19, 4):
        if struct.unpack_from("<I", head, i)[0] == _START and \
                struct.unpack_from("<I", head, i + 16)[0] == _END:
            at = i
            break
    if at is None:
        raise ImageError("no pico-sdk binary info in the image: not an rp2 firmware")
    first, last, table = struct.unpack_from("<3I", head, at + 4)
    for _ in range(16):                      # the copy table: flash source -> RAM range
        src, lo, hi = struct.unpack("<3I", flash.bytes(table, 12))
        if not src:
            break
        flash._maps.append((src, lo, hi))
        table += 12
    found = {"end": None, "fs": None, "romfs": None}
    if not XIP <= first <= last <= first + 4096:
        raise ImageError("a damaged binary info table (0x%08X-0x%08X)" % (first, last))
    for entry in range(first, last, 4):
        p = flash.word(entry)
        kind, tag = struct.unpack("<2H", flash.bytes(p, 4))
        if kind == _ID_AND_INT and tag == _TAG_RP:
            ident, value = struct.unpack("<2I", flash.bytes(p + 4, 8))
            if ident == _BINARY_END:
                found["end"] = value
        elif kind == _BLOCK_DEVICE:
            name, addr, size = struct.unpack("<3I", flash.bytes(p + 4, 12))
            label = flash.string(name) if name else ""
            if label == "MicroPython":
                found["fs"] = (addr, size)
            elif label == "ROMFS":
                found["romfs"] = (addr, size)
    if found["end"] is None:
        raise ImageError("the image does not say where it ends (no binary-end entry)")
    return found


def reader(runs):
    """read(address, n) over {address: bytes} runs (None where the image has no bytes)."""
    starts = sorted(runs)

    def read(addr, n):
        out = b""
        for s in starts:
            run = runs[s]
            if s <= addr < s + len(run):
                out = run[addr - s:addr - s + n]
                while len(out) < n and s + len(run) in runs:
                    s += len(run)
                    run = runs[s]
                    out += run[:n - len(out)]
                return out if len(out) == n else None
        return None
    return read


def check(found, room=ROOM):
    """(ok, one line): whether the image ends below the filesystem, and by how much."""
    end = found["end"]
    fs = found["fs"]
    size = end - XIP
    if fs is None:
        return True, "the image ends at 0x%08X (%s bytes); it declares no filesystem" % (
            end, format(size, ","))
    below = fs[0]
    if found["romfs"]:
        below = min(below, found["romfs"][0])
    if end > below:
        return False, ("the image ends at 0x%08X (%s bytes), %s bytes into its filesystem at "
                       "0x%08X: littlefs would overwrite the firmware; build it with the "
                       "handset's board (firmware/boards/handset/SVARA_HANDSET)" % (
                           end, format(size, ","), format(end - below, ","), below))
    left = below - end
    line = "the image ends at 0x%08X (%s bytes), %s bytes below its filesystem at 0x%08X" % (
        end, format(size, ","), format(left, ","), below)
    if left < room:
        line += " (under the %d KB the handset's board keeps free)" % (room // 1024)
    return True, line


def check_file(path, room=ROOM):
    """The one-line verdict on a firmware file; ImageError when it cannot be read."""
    return check(flash_map(reader(load(path))), room)


def main(argv=None):
    ap = hosttool.parser(__doc__)
    ap.add_argument("firmware", help="the firmware: a .uf2 or .elf file")
    args = ap.parse_args(argv)
    try:
        ok, line = check_file(args.firmware)
    except ImageError as e:
        print("python -m tools.device.image: %s" % e, file=sys.stderr)
        return 2
    print("%s: %s" % (args.firmware, line), file=sys.stdout if ok else sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
