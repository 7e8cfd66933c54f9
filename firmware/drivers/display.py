# The screen every display driver serves: 128 x 160 pixels, portrait, 16 colours.
# The UI draws into a 4-bit frame buffer (framebuf GS4_HMSB, 10,240 bytes, allocated
# once at start); a driver's show() expands it to the panel's RGB565, line by line.
WIDTH = 128
HEIGHT = 160
BUFFER_SIZE = WIDTH * HEIGHT // 2  # 10,240 bytes at 4 bits a pixel


def rgb565(r, g, b):
    """The RGB565 value of an 8-bit-per-channel colour."""
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


# Colour indices of the 4-bit frame buffer, and their RGB565 values (PALETTE[index]).
BLACK = 0
WHITE = 1
FELT = 2        # the table
FELT_DARK = 3
RED = 4         # hearts and diamonds
INK = 5         # clubs and spades, text on cards
CARD = 6        # a card's face
BACK = 7        # a card's back
GREY = 8
DARK = 9
GOLD = 10       # highlight, whose turn
GREEN = 11      # call key, good news
ORANGE = 12
BLUE = 13
LIGHT = 14
SHADOW = 15

PALETTE = (
    rgb565(0, 0, 0), rgb565(255, 255, 255), rgb565(18, 110, 60), rgb565(10, 70, 38),
    rgb565(210, 30, 40), rgb565(20, 20, 28), rgb565(250, 248, 240), rgb565(40, 70, 170),
    rgb565(150, 150, 150), rgb565(60, 60, 66), rgb565(250, 200, 40), rgb565(60, 200, 90),
    rgb565(245, 140, 30), rgb565(70, 140, 240), rgb565(200, 220, 235), rgb565(6, 40, 22),
)
