# The handset in a web page (tools/web/: MicroPython's WebAssembly port in a browser).
# The page's script (tools/web/svara.js) runs main.py's loop one step per call, as a
# page cannot block, and gives this board three things through the port's `js` module:
# - svaraShow(): show() has written the 4-bit frame (GS4_HMSB, 10,240 bytes) to
#   FRAME_PATH; the page draws it on its canvas;
# - svaraKey(): the next key the player pressed (a code of drivers/keys.py), or 0;
# - svaraTone(freq, duty): the buzzer's PWM, freq() and duty_u16() as on the handset
#   (duty 0 is silence), played through the Web Audio API once the player allows sound.
# The saves are the game's own Store in main.SAVES; the page keeps its files.
import framebuf
import js  # type: ignore  # the WebAssembly port's own module (no stubs)

from drivers.display import BUFFER_SIZE, HEIGHT, WIDTH

FRAME_PATH = "/frame.bin"


class PageDisplay(framebuf.FrameBuffer):
    """The 4-bit frame; show() hands it to the page."""

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
        js.svaraShow()


class PageKeys:
    """The page's keys (its keypad's buttons and the PC keys), one per get(); 0: none."""

    def get(self):
        return js.svaraKey()


class PagePWM:
    """machine.PWM's freq() and duty_u16() as drivers/buzzer.py uses them."""

    def __init__(self):
        self._freq = 1000

    def freq(self, value):
        self._freq = value

    def duty_u16(self, value):
        js.svaraTone(self._freq, value)


def display():
    return PageDisplay()


def keypad():
    return PageKeys()


def buzzer():
    from drivers.buzzer import Buzzer
    return Buzzer(PagePWM())
