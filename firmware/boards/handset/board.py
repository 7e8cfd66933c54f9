# Reference handset: a Raspberry Pi Pico (RP2040, MicroPython's rp2 port, board RPI_PICO)
# with a 1.8" 128x160 ST7735R colour panel on SPI0 and a 6 x 4 key matrix.
# This file only names pins and picks drivers; main.py calls display() first (the
# 10,240-byte frame goes in while the heap is whole), then keypad().
from drivers import keys as k

SPI_ID = 0
SPI_BAUD = 15_000_000   # the ST7735's write cycle is 66 ns at best: 15 MHz
PIN_SCK = 18
PIN_MOSI = 19
PIN_CS = 17
PIN_DC = 16
PIN_RST = 20
PIN_BACKLIGHT = 21
# Panels sold as "black tab" need no offset; "green tab" ones want COL 2, ROW 1.
COL_OFFSET = 0
ROW_OFFSET = 0

PIN_BUZZER = 22          # a piezo buzzer, driven by PWM (drivers/buzzer.py)

ROWS = (2, 3, 4, 5, 6, 7)   # open-drain outputs, one driven low at a time
COLS = (8, 9, 10, 11)       # inputs with pull-ups
# KEYMAP[row * 4 + col]: the key code at each crossing (0: no key there).
KEYMAP = bytes((
    k.SL, k.UP, k.SR, k.CALL,
    k.LEFT, k.OK, k.RIGHT, k.END,
    k.D0 + 1, k.D0 + 2, k.D0 + 3, k.DOWN,
    k.D0 + 4, k.D0 + 5, k.D0 + 6, 0,
    k.D0 + 7, k.D0 + 8, k.D0 + 9, 0,
    k.STAR, k.D0, k.HASH, 0,
))


def display():
    """The screen: an ST7735 FrameBuffer, panel reset and lit (about 0.5 s)."""
    from machine import SPI, Pin

    from drivers.st7735 import ST7735
    spi = SPI(SPI_ID, baudrate=SPI_BAUD, polarity=0, phase=0,
              sck=Pin(PIN_SCK), mosi=Pin(PIN_MOSI))
    return ST7735(spi, Pin(PIN_CS, Pin.OUT, value=1), Pin(PIN_DC, Pin.OUT, value=1),
                  rst=Pin(PIN_RST, Pin.OUT, value=1),
                  backlight=Pin(PIN_BACKLIGHT, Pin.OUT, value=0),
                  col_offset=COL_OFFSET, row_offset=ROW_OFFSET)


def buzzer():
    """The sound: short PWM tones (drivers/buzzer.py Buzzer)."""
    from machine import PWM, Pin

    from drivers.buzzer import Buzzer
    return Buzzer(PWM(Pin(PIN_BUZZER)))


def keypad():
    """The keys: get() returns a code from drivers/keys.py, or 0."""
    from machine import Pin

    from drivers.keypad import Keypad
    rows = tuple(Pin(n, Pin.OPEN_DRAIN, value=1) for n in ROWS)
    cols = tuple(Pin(n, Pin.IN, Pin.PULL_UP) for n in COLS)
    return Keypad(rows, cols, KEYMAP)
