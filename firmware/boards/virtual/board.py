# The virtual handset (tools/device/vdevice.py: MicroPython's WebAssembly port behind a serial
# line). No pins and no panel: show() writes the 4-bit frame (GS4_HMSB, 10,240 bytes)
# to FRAME_PATH in the device's filesystem, where `mpremote fs cp` can fetch it, and the
# keys come from KEYS_PATH (names as drivers/keys.py spells them, spaces between), one
# per get(). When they run out, get() raises SystemExit: main.py's loop ends (the port
# cannot be interrupted while Python runs, so the loop must end by itself).
import framebuf

from drivers import keys
from drivers.display import BUFFER_SIZE, HEIGHT, WIDTH

FRAME_PATH = "/frame.bin"
KEYS_PATH = "/keys.txt"


class FileDisplay(framebuf.FrameBuffer):
    """The 4-bit frame; show() saves it to FRAME_PATH and counts frames."""

    def __init__(self, path=FRAME_PATH):
        self.buffer = bytearray(BUFFER_SIZE)
        super().__init__(self.buffer, WIDTH, HEIGHT, framebuf.GS4_HMSB)
        self.width = WIDTH
        self.height = HEIGHT
        self.path = path
        self.shown = 0

    def show(self):
        with open(self.path, "wb") as f:
            f.write(self.buffer)
        self.shown += 1


class ScriptedKeys:
    """Key codes read from a file, one per get(); SystemExit once they run out."""

    def __init__(self, path=KEYS_PATH):
        try:
            with open(path) as f:
                text = f.read()
        except OSError:
            text = ""
        self.codes = [keys.code(name) for name in text.split()]
        self.next = 0

    def get(self):
        if self.next >= len(self.codes):
            raise SystemExit
        self.next += 1
        return self.codes[self.next - 1]


def display():
    return FileDisplay()


def keypad():
    return ScriptedKeys()
