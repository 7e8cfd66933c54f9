# Runs ON the unix-port micropython (host_tests/tooling/test_flash_romfs.py starts it): a board
# with a ROMFS partition for tools/device/flash.py, as far as the real MicroPython can be one.
#
#   micropython unix_board.py ROOT ROMSIZE
#
# The board's filesystem is the folder ROOT (mounted at /); its ROMFS partition is
# ROMSIZE bytes of memory that vfs.rom_ioctl reads and writes as the ports whose
# segment is plain memory do (stm32: 1 segments, 2 the segment, 3 prepare, 4 write,
# 5 done); this port has vfs.VfsRom but no rom_ioctl, so a vfs module with one stands
# in for the built-in (sys.modules comes first on import). Commands come on stdin as a
# line with their length, then the code; each is run and answered by its output and a
# line "\x04OK", or its traceback and "\x04ERR".
# MicroPython 1.27's VfsPosix with a root folder cannot rename (both paths share one
# buffer: ENOENT), so os.rename here copies the file, then removes the old name: not
# atomic as a board's is, which is test_flash_faults.py's business, not this test's.
import os as _os
import sys
import vfs as _vfs

ROM = bytearray(b"\xff" * int(sys.argv[2]))


class vfs:
    mount = _vfs.mount
    umount = _vfs.umount
    VfsRom = _vfs.VfsRom
    VfsPosix = _vfs.VfsPosix

    @staticmethod
    def rom_ioctl(op, *args):
        if op == 1:
            return 1
        if op == 2:
            return memoryview(ROM)
        if op == 3:
            n = args[1]
            for i in range(n):
                ROM[i] = 0xFF
            return 4
        if op == 4:
            at, buf = args[1], args[2]
            for i in range(len(buf)):
                ROM[at + i] &= buf[i]           # flash: a write only clears bits
            return 0
        if op == 5:
            return 0
        return -22


class os:
    pass


for _k in dir(_os):
    if not _k.startswith("__"):
        setattr(os, _k, getattr(_os, _k))


def _rename(a, b):
    with open(a, "rb") as f:
        data = f.read()
    with open(b, "wb") as f:
        f.write(data)
    _os.remove(a)


os.rename = _rename
sys.modules["os"] = os
_vfs.umount("/")
_vfs.mount(_vfs.VfsPosix(sys.argv[1]), "/")
sys.modules["vfs"] = vfs
_g = {"__name__": "__main__"}
while True:
    _n = sys.stdin.readline()
    if not _n:
        break
    _code = sys.stdin.read(int(_n))
    try:
        exec(_code, _g)
        print("\x04OK")
    except Exception as _e:
        sys.print_exception(_e, sys.stdout)
        print("\x04ERR")
