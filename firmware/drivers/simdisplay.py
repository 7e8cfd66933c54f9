# The simulator's screen: the same 4-bit FrameBuffer as the handset's ST7735 driver
# (GS4_HMSB, 128 x 160, 10,240 bytes allocated once) with the same show(): each row is
# expanded to RGB565 by blit() into one reused 128 x 1 line through a 16 x 1 palette.
# Instead of going out on SPI, each expanded row goes to `sink(line, y)` (the
# simulator's window or screenshots); with no sink the rows are expanded and dropped,
# which keeps show()'s cost honest for benchmarks. Runs on CPython and MicroPython.
import framebuf

from drivers.display import BUFFER_SIZE, HEIGHT, PALETTE, WIDTH


class SimDisplay(framebuf.FrameBuffer):
    """The 4-bit frame the UI draws on; show() hands RGB565 rows to a sink."""

    def __init__(self, sink=None):
        # The frame first, while the heap is still in one piece.
        self.buffer = bytearray(BUFFER_SIZE)
        super().__init__(self.buffer, WIDTH, HEIGHT, framebuf.GS4_HMSB)
        self.width = WIDTH
        self.height = HEIGHT
        self.sink = sink
        self.shown = 0          # frames shown so far
        # One row of the panel: 128 RGB565 pixels, little-endian as framebuf stores them.
        self.line = bytearray(WIDTH * 2)
        self._line_fb = framebuf.FrameBuffer(self.line, WIDTH, 1, framebuf.RGB565)
        self._palette = framebuf.FrameBuffer(bytearray(32), 16, 1, framebuf.RGB565)
        for i in range(16):
            self._palette.pixel(i, 0, PALETTE[i])

    def show(self):
        """Expand the frame to RGB565 row by row and give each row to the sink."""
        line_fb = self._line_fb
        palette = self._palette
        sink = self.sink
        line = self.line
        for y in range(HEIGHT):
            line_fb.blit(self, 0, -y, -1, palette)
            if sink is not None:
                sink(line, y)
        self.shown += 1

    def frame_bytes(self):
        """A copy of the raw 4-bit frame (two pixels a byte, left one in the high nibble)."""
        return bytes(self.buffer)
