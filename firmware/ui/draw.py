# Drawing shared by the screens: the title band, the help line and soft-key bar at the
# bottom of every screen, menu rows, cards (large, mini, backs) and their suits' colours.
# Layout: 128 x 160; the help line is the 5x8 row at y 139..147, the soft-key bar the
# 6x12 row at y 148..159. Every size here is a whole number of pixels.
from drivers.display import (BLACK, CARD, FELT_DARK, GOLD, GREY, HEIGHT, INK, LIGHT, RED,
                             SHADOW, WIDTH, BACK, BLUE)
from settings import PREFS
from ui import writer
from ui import font_5x8 as F5

from micropython import const

HELP_Y = const(139)
BAR_Y = const(148)
TITLE_H = const(14)
_ORANGE = const(12)                   # drivers/display.ORANGE (folded: no name kept)
_FOUR = const(0)                      # settings' preference: the four-colour deck
SUITS = "\u2663\u2666\u2665\u2660"     # suit symbols by suit index (clubs, diamonds, hearts, spades)
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
MINI_W = const(17)                    # a mini card: rank and suit in 5x8 on a card face
MINI_H = const(10)
CARD_W = const(22)                    # a large card
CARD_H = const(32)


def small():
    """The small font (5x8)."""
    return F5


def center(fb, s, y, colour, font=None):
    """Draw `s` centred across the screen at y."""
    writer.text(fb, s, (WIDTH - writer.width(s, font)) // 2, y, colour, font)


def right(fb, s, x, y, colour, font=None, bg=-1):
    """Draw `s` ending at x (right-aligned)."""
    writer.text(fb, s, x - writer.width(s, font), y, colour, font, bg)


def title_band(fb, s):
    """The title of a screen on a dark band at the top."""
    fb.fill_rect(0, 0, WIDTH, TITLE_H, FELT_DARK)
    center(fb, s, 1, GOLD)


def help_line(fb, s):
    """The one-line help above the soft-key bar (5x8, grey on black)."""
    fb.fill_rect(0, HELP_Y, WIDTH, BAR_Y - HELP_Y, SHADOW)
    center(fb, s, HELP_Y, LIGHT, F5)


def soft_keys(fb, left, right_label):
    """The bottom bar: the left soft key's label on the left, the right one's on the right."""
    fb.fill_rect(0, BAR_Y, WIDTH, HEIGHT - BAR_Y, BLACK)
    writer.text(fb, left, 2, BAR_Y, GOLD)
    right(fb, right_label, WIDTH - 2, BAR_Y, GOLD)


def bottom(fb, help_text, left, right_label):
    """Help line and soft-key bar together."""
    help_line(fb, help_text)
    soft_keys(fb, left, right_label)


def menu_row(fb, y, h, label, on, font=None, value=None, dim=False):
    """One menu row: highlighted (gold) when `on`; an optional value on the right. A
    `dim` row (not available now) has a grey label; the highlight on it is a gold frame
    only, so that it never looks like a row that would open."""
    bg = GOLD if on and not dim else FELT_DARK
    fb.fill_rect(4, y, WIDTH - 8, h - 1, bg)
    if on and dim:
        fb.rect(4, y, WIDTH - 8, h - 1, GOLD)
    ink = GREY if dim else (BLACK if on else CARD)
    fh = 8 if font is F5 else 12
    ty = y + (h - 1 - fh) // 2
    writer.text(fb, label, 8, ty, ink, font)
    if value is not None:
        right(fb, value, WIDTH - 8, ty, BLACK if on else GOLD, font)


def odds(fb, odds, words, text, x, end, y, step):
    """The chances (win, svara, lose in tenths of a percent) as three lines, `step`
    apart from y: the labels `words` from x, each number (text % (whole, tenth))
    ending at `end` (the table's * key, its question before passing)."""
    for i in range(3):
        t = odds[i]
        writer.text(fb, words[i], x, y, LIGHT, F5)
        right(fb, text % (t // 10, t % 10), end, y,
              GOLD if i == 0 else _ORANGE if i == 1 else CARD, F5)
        y += step


def ask(fb, lines, help_text, yes, no):
    """A question in a box over the screen (three lines, the first in gold) and its
    keys below: "leave this game?" on the table and on a game's result, "keep the
    changes?" and "start a new game?" on the options lists, "reset statistics?"."""
    fb.fill_rect(10, 46, WIDTH - 20, 46, BLACK)
    fb.rect(10, 46, WIDTH - 20, 46, GOLD)
    for k in range(3):
        center(fb, lines[k], 52 + 12 * k, GOLD if k == 0 else LIGHT, F5)
    bottom(fb, help_text, yes, no)


# The four-colour deck's inks by suit (settings.PREFS[_FOUR]: clubs green, diamonds blue, hearts
# red, spades black).
_FOUR_INKS = bytes((FELT_DARK, BLUE, RED, INK))


def suit_colour(code):
    """Red for diamonds and hearts, ink for clubs and spades; with the four-colour deck
    green clubs, blue diamonds, red hearts, black spades."""
    s = code & 3
    if PREFS[_FOUR]:
        return _FOUR_INKS[s]
    return RED if s == 1 or s == 2 else INK


def big_suit(fb, x, y, code, c):
    """The suit of `code` at twice the 6x12 glyph's size, its cell's top-left at (x, y)."""
    # The glyph as the few rectangles of ink it is made of, by suit index: x, y, width,
    # height in its pixels, a digit each, a space after (the title's four aces: a
    # quarter of the instructions of reading its bits for runs of ink; host_tests/ui/
    # test_drawing.py checks them against the font's glyphs).
    r = (b"1232 0411 2411 4411 0552 0711 2712 4711 1931",
         b"2211 1332 0552 1732 2911",
         b"1211 3211 0354 1732 2911",
         b"2212 1432 0652 2811 1931")[code & 3]
    for i in range(0, len(r), 5):
        fb.fill_rect(x + 2 * r[i] - 96, y + 2 * r[i + 1] - 96, 2 * r[i + 2] - 96,
                     2 * r[i + 3] - 96, c)


def mini_card(fb, x, y, code, joker=False):
    """A card as a small face: rank and suit in the 5x8 font; a gold edge marks the joker (7 of clubs, code 0, when the rules have it)."""
    fb.fill_rect(x, y, MINI_W, MINI_H, CARD)
    if joker and code == 0:
        fb.rect(x, y, MINI_W, MINI_H, GOLD)
    writer.text(fb, RANKS[code >> 2] + SUITS[code & 3], x + 1, y + 1, suit_colour(code), F5)


def mini_hand(fb, x, y, hand, k=0, joker=False):
    """Three mini cards from hand[k], hand[k+1], hand[k+2], 2 pixels apart; with
    `joker` (the rules have one) the 7 of clubs is framed in gold."""
    for i in range(3):
        mini_card(fb, x + i * (MINI_W + 2), y, hand[k + i], joker)


def card(fb, x, y, code, joker=False):
    """A large card: rank over suit at its top-left; a gold frame marks the joker."""
    fb.fill_rect(x, y, CARD_W, CARD_H, CARD)
    fb.rect(x, y, CARD_W, CARD_H, GOLD if joker else GREY)
    if joker:
        fb.rect(x + 1, y + 1, CARD_W - 2, CARD_H - 2, GOLD)
    c = suit_colour(code)
    writer.text(fb, RANKS[code >> 2], x + 3, y + 2, c)
    big_suit(fb, x + 4, y + 8, code, c)


def card_back(fb, x, y):
    """A large card face down."""
    fb.fill_rect(x, y, CARD_W, CARD_H, BACK)
    fb.rect(x, y, CARD_W, CARD_H, LIGHT)
    fb.rect(x + 3, y + 3, CARD_W - 6, CARD_H - 6, BLUE)


def title_cards(fb, y):
    """The four aces fanned across the title."""
    for i in range(4):
        x = 19 + i * 23
        fb.fill_rect(x + 2, y + 2 + (i & 1) * 3, CARD_W, CARD_H, SHADOW)
        card(fb, x, y + (i & 1) * 3, 28 + i)
