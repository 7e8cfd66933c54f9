# The schema of what the player sets and what the handset counts, in one place: the
# table settings (app.cfg, one byte each: the numbers below), their defaults and ranges,
# the settings kept beside them (the four-colour deck, the rising ante, the question
# before passing a good hand, the first-game guide seen), the fields of the statistics
# (app.stats, each person's own among them) and the person slots' names. ui/options.py
# edits the settings, session.py counts the statistics, saving.py writes them all, loading.py
# reads them back (and checks them against the ranges here).
from micropython import const

# The words drawn here (i18n/_names.py; host_tests/firmware/test_consts.py checks them):
# >>> words by number (tools/gen/strings.py writes the numbers: make strings)
_W_BOT = const(19)
_W_PERSON = const(101)
_W_YOU = const(152)
# <<< words

# The table settings, one byte each in app.cfg (ui/options.py edits them):
PEOPLE = const(0)     # 1..10 people (hot-seat)
BOTS = const(1)       # 0..9 bots; people + bots is 2..10
LEVEL = const(2)      # bot level: svara.bots EASY, NORMAL, HARD
STACK = const(3)      # index into STACKS
ANTE = const(4)       # 1..10
JOKER = const(5)      # 0 / 1
SEVENS = const(6)     # two sevens = 23: 0 / 1
CAP = const(7)        # bets and raises per player: 1..9, 0 for no cap
BLINDS = const(8)     # 0 / 1
MIN_BLIND = const(9)  # 0 = the ante, else 1..10
BUY_IN = const(10)    # index into svara.rules.BUY_INS
PACE = const(11)      # bots' pause: slow, normal, fast
N_OPTIONS = const(12)
STACKS = (20, 50, 100, 200, 500, 1000)
DEFAULTS = b"\x01\x03\x00\x02\x01\x01\x01\x03\x01\x00\x00\x01"
# Lowest and highest value of each setting, by its number.
LOW = b"\x01\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00"
HIGH = b"\x0a\x09\x02\x05\x0a\x01\x01\x09\x01\x0a\x02\x02"
# By the PACE setting (an index, as saved: slow, normal, fast), in tens of milliseconds of
# the clock (App.now): how long a bot thinks (0.4, 0.2, 0.06 s), how long its action
# shows on its row (1.6, 1.1, 0.7 s); a key skips either (ui/table.py). And how long the
# pot takes to slide to a game's winner on the result (0.6, 0.4, 0.2 s: ui/showdown.py;
# the result's keys work meanwhile).
PACE_THINK = b"\x28\x14\x06"
PACE_POP = b"\xa0\x6e\x46"
PACE_POT = b"\x3c\x28\x14"

# The four-colour deck (Settings): clubs green, diamonds blue, hearts red, spades black.
# FOUR[0] is 1 when it is on (ui/options.py sets it, loading.py reads it from "settings").
FOUR = bytearray(1)

# Rising antes (New game): the ante doubles after every RISE_GAMES[RISE[0]] games of a
# match (0: never). Like the deck, not a byte of app.cfg: saved as "rise" in the
# "settings" save, read by session.py at each new game. Until a choice is saved it is 1,
# every 10 games (App.start sets it, then the saved choice: a bytes literal here would
# cost heap), so that a default match ends in tens of games (about 50 for you and three
# bots with stacks of 100), not hundreds.
RISE = bytearray(1)
RISE_GAMES = b"\x00\x0a\x05\x03"

# Ask before passing (Settings): on the table, passing a hand whose chances favour it
# (more to win than to lose if everybody still in showed now: svara.odds, the * key's
# figures) asks first. ASK_PASS[0] is 1 when on, the default (App.start sets it, as
# RISE; saved as "ask" in the "settings" save, ui/options.py changes it).
ASK_PASS = bytearray(1)

# The first-game guide (ui/rulespages.py Guide) was seen or skipped: GUIDE[0] is 1 then.
# Saved as "guide" in the "settings" save (saving.save_prefs; loading.py reads it), so
# that a fresh install shows the guide once, before its first game (Session.view).
GUIDE = bytearray(1)

# The statistics, app.stats[...] (the "stats" save; ui/stats.py shows them in this order).
# Private: the modules that count them fold copies into their code (`_GAMES = const(2)`,
# no name in a module's dict; host_tests/test_consts.py checks each copy against these).
_MATCHES = const(0)       # matches played
_MATCHES_WON = const(1)   # matches a person won
_GAMES = const(2)         # games played
_GAMES_WON = const(3)     # games a person won
_SVARAS = const(4)        # svaras played
_BEST_HAND = const(5)     # the best hand a person was dealt (its points)
_BIGGEST_POT = const(6)   # the biggest pot a person won
_NET = const(7)           # profit/loss: the chips the people won less those they lost
N_STATS = const(8)
# Then each person slot's own figures (hot-seat play), P_STATS of them a slot: slot k's
# from N_STATS + P_STATS * k, for as many slots as have played (app.stats grows when a
# slot first plays; Session counts them). Their fields, from the slot's first:
_P_MATCHES = const(0)     # matches played
_P_MATCHES_WON = const(1) # matches won (the most chips at the end)
_P_GAMES = const(2)       # games played
_P_GAMES_WON = const(3)   # games won
_P_NET = const(4)         # profit/loss: chips won less chips lost, over all games
P_STATS = const(5)

# The person slots P1..P10 (as many as New game allows people), each with a name typed
# (app.players["names"]). Every match seats everyone with the Stack setting: what a
# person won or lost over the matches is their profit/loss in the statistics.
SLOTS = const(10)
# A name takes at most NAME_W pixels in the 6x12 font (7 letters; ui/table.py draws one
# over 33 in 5x8).
NAME_W = const(42)


def rules_of(cfg):
    """The svara.Rules of the settings."""
    from svara.rules import Rules, BUY_INS
    return Rules(joker=cfg[JOKER] == 1, two_sevens=cfg[SEVENS] == 1,
                 raise_cap=cfg[CAP] or None, blinds=cfg[BLINDS] == 1, ante=cfg[ANTE],
                 min_blind=cfg[MIN_BLIND] or None, buy_in=BUY_INS[cfg[BUY_IN]])


def seat_name(names, seat, people):
    """A seat's name on the screen, of `people` people then the bots: the name typed for
    a person's slot (`names`, by slot), else You (one person) or P1, P2...; Bot 1,
    Bot 2... for the bots."""
    from i18n import strings
    T = strings()
    if seat < people:
        if seat < len(names) and names[seat]:
            return names[seat]
        return T[_W_YOU] if people == 1 else T[_W_PERSON] % (seat + 1)
    return T[_W_BOT] % (seat - people + 1)
