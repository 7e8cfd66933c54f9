"""The CPython framebuf stand-in draws exactly the bytes MicroPython 1.27's framebuf draws."""
import os
import sys

import pytest

from conftest import ROOT, on_both_interpreters

from mpchecks import framebuf_checks  # noqa: E402

import framebuf  # noqa: E402  (tools/common/hostlib/framebuf.py, put on sys.path by conftest)

SCENES = framebuf_checks.scene_names()


def test_the_stand_in_is_the_one_under_test():
    assert framebuf.__file__.endswith(os.path.join("hostlib", "framebuf.py"))


@pytest.fixture(scope="module")
def micropython_scenes(micropython):
    micropython.exec("import sys\nif '/tests' not in sys.path: sys.path.append('/tests')")
    micropython.put_file(framebuf_checks.__file__, "/tests/framebuf_checks.py")
    micropython.exec("import framebuf_checks")
    out = {}
    for name in SCENES:   # one call each: the port collects garbage only between calls
        out[name] = micropython.exec("framebuf_checks.print_scene(%r)" % name).strip()
    return out


@pytest.mark.micropython
@pytest.mark.parametrize("name", SCENES)
def test_scene_is_byte_identical_to_micropython(name, micropython_scenes):
    ours = getattr(framebuf_checks, name)().hex()
    theirs = micropython_scenes[name]
    assert len(ours) == len(theirs)
    if ours != theirs:
        first = next(i for i in range(len(ours)) if ours[i] != theirs[i]) // 2
        pytest.fail("%s differs from byte %d: ours %s, MicroPython %s" % (
            name, first, ours[first * 2:first * 2 + 24], theirs[first * 2:first * 2 + 24]))


test_checks = on_both_interpreters("framebuf_checks")


def test_text_says_clearly_it_is_not_there():
    fb = framebuf.FrameBuffer(bytearray(32), 8, 8, framebuf.GS4_HMSB)
    with pytest.raises(NotImplementedError, match="writer"):
        fb.text("A", 0, 0, 1)


def test_show_path_equals_the_pixel_by_pixel_path():
    frame_buf = bytearray(10240)
    frame = framebuf.FrameBuffer(frame_buf, 128, 160, framebuf.GS4_HMSB)
    for i in range(len(frame_buf)):
        frame_buf[i] = (i * 37) & 0xFF
    pal = framebuf.FrameBuffer(bytearray(32), 16, 1, framebuf.RGB565)
    for i in range(16):
        pal.pixel(i, 0, i * 0x1111)
    line = framebuf.FrameBuffer(bytearray(256), 128, 1, framebuf.RGB565)
    slow = framebuf.FrameBuffer(bytearray(256), 128, 1, framebuf.RGB565)
    for y in (0, 77, 159):
        line.blit(frame, 0, -y, -1, pal)
        slow.blit(frame, 0, -y, 0x10000, pal)   # a key no colour matches: the generic path
        assert bytes(line) == bytes(slow)
