# Reference handset: a Raspberry Pi Pico (RP2040, MicroPython's rp2 port, board RPI_PICO)
# with a 1.8" 128x160 ST7735R colour panel on SPI0 and a 6 x 4 key matrix.
# This file only names pins and picks drivers; main.py calls display() first (the
# 10,240-byte frame goes in while the heap is whole), then keypad().
from drivers import keys as k

SPI_ID = 0
# The ST7735's serial write cycle is 66 ns at least (15.15 MHz). MicroPython's rp2 port
# runs the SPI from clk_peri, which its start-up (set_sys_clock_khz) puts on the USB PLL:
# 48 MHz. pico-sdk's spi_set_baudrate takes the smallest even prescale (2 here) and the
# largest post-divider that keeps the clock at or under the request: 48 / (2 x n) MHz,
# that is 24, 12, 8... MHz. 24 MHz (42 ns) is beyond the panel; 15 MHz, asked before,
# gave 12 MHz too. So ask for what the handset gets, the fastest within the datasheet:
# 12 MHz, 83 ns a bit, 27.3 ms for a whole frame's 40,960 bytes (show() sends only the
# rows that changed). (15 MHz exactly would need clk_peri on clk_sys at 120 MHz:
# machine.freq(120_000_000, 120_000_000), 4% less CPU; not taken.)
SPI_BAUD = 12_000_000
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
    """The screen: an ST7735 FrameBuffer, the panel reset (its wake-up and the light
    follow in the first show(), 120 ms after the reset at the earliest)."""
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
