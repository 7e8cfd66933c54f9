# English. Every string a screen shows lives here; a later language is a copy of this
# module with the same names. Lines for the 5x8 font hold at most 25 characters, for the
# 6x12 font at most 21 (the screen is 128 pixels wide).

# Soft keys.
SELECT = "Select"
BACK = "Back"
PLAY = "Play"
QUIT = "Quit"
NEXT = "Next"
YES = "Yes"
NO = "No"
OK = "OK"
SHOW = "Show"

# Title menu.
TITLE = "S V A R A"
MENU = ("New game", "Continue", "Settings", "Rules", "Statistics", "Exit")
HELP_MENU = "\u25b2\u25bc choose  OK open"
NO_MATCH = "No game to continue"

# New game and settings: option labels, indexed by the option numbers of ui/options.py.
NEW_GAME = "New game"
SETTINGS = "Settings"
OPTIONS = ("People", "Bots", "Bot level", "Stack", "Ante", "Joker 7\u2663", "Two 7s = 23",
           "Raises each", "Blind bets", "Least blind", "Svara buy-in", "Bot pace")
START = "Start the game"
DONE = "Done"
HELP_OPTIONS = "\u25b2\u25bc choose \u25c0\u25b6 change"
ON_OFF = ("off", "on")
LEVELS = ("easy", "normal", "hard")
BUY_INS = ("split", "half", "free")
PACES = ("slow", "normal", "fast")
NO_CAP = "no cap"
AS_ANTE = "= ante"

# Seat names: the one person is "You"; with several people P1, P2, ...; bots Bot 1, ...
YOU = "You"
PERSON = "P%d"
BOT = "Bot %d"

# The table.
POT = "Pot %d"
LEVEL = "Level %d"
GAME_NO = "#%d"
SVARA_MARK = "SVARA"
ST_BLIND = "blind %d"
ST_IN = "in"
ST_BET = "in %d"
ST_PASSED = "passed"
ST_OUT = "out"
ST_TIED = "svara"
ST_ASKED = "join?"
ST_NO_JOIN = "declined"  # asked to join a svara, said no (its row, its pop-up)
ACT_PASS = "Pass"
ACT_CALL = "Call %d"
ACT_OPEN = "Bet %d"
ACT_RAISE = "Raise %d"
ACT_BLIND = "Blind %d"
ACT_JOIN = "Join %d"
# What happened last, by action (svara.PASS, CALL, RAISE, BLIND, JOIN): "%s" is a name.
DID = ("%s passed", "%s called", "%s raised to %d", "%s blind %d", "%s joined")
DID_OPEN = "%s bet %d"
DID_NO_BLIND = "%s: no blind"
THINKING = "%s thinking"
YOUR_TURN = "Your turn, %s"
YOUR_TURN_1 = "Your turn"
NO_CARDS = "not dealt"
POINTS = "%d points"
AMOUNT_RANGE = "%d..%d"
HELP_TURN = "\u25b2\u25bc action \u25c0\u25b6 chips"
HELP_TURN_FIXED = "\u25b2\u25bc action  OK play"
HELP_WAIT = "please wait"
HELP_COVER = "OK: show the cards"
COVER_TITLE = "Pass the phone"
COVER_TO = "to %s"
COVER_NOTE = ("Only %s may look.", "Press OK to see", "your cards.")
QUIT_ASK = ("Leave this game?", "You can come back", "with Continue.")
HELP_QUIT = "OK: leave  END: stay"
# The chances (the * key on a person's turn): win, svara, lose labels (5x8, at most 35
# pixels, before the number ending at the screen's edge), the number, the message line
# and the help line.
ODDS = ("Win", "Svara", "Lose")
ODDS_PCT = "%d.%d%%"
ODDS_NOTE = "Chances if all show now"
HELP_ODDS = "*: back  OK play"

# Showdown, svara, game over.
SHOWDOWN = "Showdown"
GAME_TITLE = "Game %d"
WINS = "%s wins %d"
YOU_WIN = "You win %d"
WHY = ("", "Everyone passed:", "Blind not called:", "Everyone else passed:", "")
WHY_2 = ("", "the dealer takes it", "the blind takes it", "no cards shown", "")
SVARA = "SVARA!"
SVARA_TIE = "A tie at %d points"
SVARA_POT = "The pot %d stays."
SVARA_JOIN = "Others may join: %d"
SVARA_FREE = "Others may join free"
HELP_NEXT = "OK: next game"
HELP_SVARA = "OK: play the svara"
GAME_OVER = "Game over"
MATCH_WON = "%s wins the match"
YOU_WON = "You win the match!"
YOU_OUT = "You are out of chips"
AGAIN = ("Play again", "Title")
HELP_AGAIN = "\u25b2\u25bc choose  OK open"

# Statistics.
STATS = "Statistics"
STAT_NAMES = ("Matches", "Matches won", "Games", "Games won",
              "Svaras", "Best hand",
              "Biggest pot won", "Profit/loss")
HELP_BACK = "END or Back: return"

# Rules pages: titles, then lines of at most 25 characters.
RULES = "Rules"
HELP_RULES = "\u25c0\u25b6 page  END back"
PAGE = "%d/%d"
CARD_POINTS = "Card points"
CARD_POINT_LINES = ("7 8 9 count 7 8 9,", "10 J Q K count 10,", "an ace counts 11.",
                    ("J", ("No joker: 7\u2663 is a 7.",), ("7\u2663 is the joker.",)))
HANDS = "Hand points"
# (label, cards as text for svara.parse): the hand table of RULES.md, worked examples.
# Rows 4 and 5 (the joker) and 6 (two sevens) are labelled by HAND_OFF when that rule is off.
HAND_ROWS = (
    ("One suit: add it", "10d 9d Jd"),
    ("Mixed: best suit", "Kh 9h Qc"),
    ("Aces: 11 each", "As Ad 10c"),
    ("Joker joins a suit", "7c Ah Kh"),
    ("Joker + a pair", "7c Kh Kd"),
    ("Two sevens: 23", "7h 7d 9s"),
    ("Three of a kind", "Qc Qh Qd"),
    ("Three aces", "Ac Ah Ad"),
    ("Three sevens: best", "7c 7h 7d"),
)
# The text pages of the rules: (title, lines), at most 12 lines of 25 characters. A line
# may be a choice by the rules in force (ui/rulespages.py _pick): (letter, lines if...,
# ...), its lines filled with a number ("%d") where the choice gives one:
#   "A" the ante: (lines,) with the ante;  "B" blind bets: (off, on), on with the least
#   blind;  "C" the cap on bets and raises: (no cap, 1, more: with the cap);  "J" the
#   joker: (off, on);  "R" the rising ante: (never, after every so many games);
#   "U" the svara buy-in: (split, half, free).
# Pages 2 to 4 (the level, no check, the svara) are also the first-game guide.
TEXT_PAGES = (
    ("A game", (
        ("A", ("All pay the ante (%d);", "who cannot pay is out.")),
        ("R", (), ("The ante doubles after", "every %d games.")),
        ("B", ("No blind bets.",),
         ("Blinds: before the deal,", "first hand may bet blind", "(%d or more), the next",
          "double, until one passes.")),
        "Three cards each.",
        "Last one in wins the pot,",
        "else the best points.",
        "The winner deals next.",
    )),
    ("Level", (
        "Level, on top: the most",
        "anyone put in this game",
        "beyond the ante. Call n:",
        "pay n to match. Bet n,",
        "Raise n: the level is n,",
        "at least an ante more,",
        "never past what the",
        "poorest in has in all.",
        ("B", (), ("Blinds count in full; the", "first bet after them is", "double the last or more.")),
        ("C", ("No cap on raises.",), ("One bet or raise each.",),
         ("Bets or raises: %d each.",)),
    )),
    ("No check", (
        "There is no check: until",
        "someone bets, you Pass",
        "(fold: out, losing what",
        "you put in) or Bet. Call",
        ("B", ("comes only after a bet.",), ("comes only after a bet,", "even after blinds.")),
        "If nobody bets, the last",
        "to act takes the pot:",
        ("B", ("the dealer, if he is in.",), ("the last blind, or else", "the dealer, if he is in.")),
    )),
    ("Svara", (
        "A tie for the best points",
        "is a svara: the pot stays",
        "and is played for again,",
        "no ante; the tied are in",
        "free, the dealer stays.",
        ("U", ("Others at the table may", "join from the dealer's", "left, paying the pot /",
               "the tied, rounded up:", "pot 25, 2 tied: 13."),
              ("Others at the table may", "join from the dealer's", "left, paying half the",
               "pot, rounded up (25: 13)."),
              ("Others at the table may", "join free.")),
        "The match ends when one",
        "player has all chips.",
    )),
    ("Keys", (
        "\u25b2\u25bc  choose",
        "\u25c0\u25b6  change, chips",
        "0-9  type the chips",
        "*  chances",
        "#  most, half pot, pot",
        "OK or left key: do it",
        "Green key: call",
        "Red key: back or quit",
    )),
    ("The # key", (
        "# sets the chips in turn:",
        "1. The most allowed: what",
        "the poorest player still",
        "in has in all (a blind:",
        "half of that).",
        "2. Half the pot, 3. the",
        "pot: the level goes up by",
        "half the pot (rounded",
        "down) or the pot, with",
        "your call counted in it.",
        "A blind: half the pot or",
        "the pot; kept in range.",
    )),
    ("Chances", (
        "On your turn * shows your",
        "chances to win, to tie",
        "(svara) and to lose if",
        "everyone still in showed",
        "their cards now. Counted",
        "exactly over every deal",
        "of the unseen cards. It",
        "ignores the bets and the",
        "folded cards: it is your",
        "hand's raw strength, not",
        "advice.",
    )),
)
HELP_CHIPS = "\u25c0\u25b6 0-9 chips %d..%d"

# Saving and errors (firmware/saving.py, app.py): the help line and the title note.
SAVE_FULL = "Cannot save: storage full"
SAVE_ERROR = "Cannot save: error %d"
SAVE_DAMAGED = "Save damaged: %s"
OLDER_COPY = "Older copy used"
AFRESH = "Started afresh"
GAME_DROPPED = "Game dropped"
NOTE_MEM = "Out of memory"
NOTE_ERR = "Error"
RESTORED_MEM = "No memory: game restored"
RESTORED_ERR = "Error: game restored"
CONTINUE_LAST = "Continue: last save"
# Why a save file was not whole: empty, not a save, version, cut short, too long,
# checksum, unreadable (firmware/store.py says it in English; saving.py shows these).
DAMAGE_WHY = ("empty", "not a save file", "wrong version", "cut short", "too long", "checksum wrong", "unreadable")

# Names (Settings -> Names, ui/names.py): the list of person slots, the keypad editor
# (its title, help, the key lines under the name, and its two refusals).
NAME_OF = "Name of %s"
HELP_NAMES = "\u25b2\u25bc choose  OK edit"
HELP_NAME = "OK save  END cancel"
NAME_KEYS = ("Keys 2-9 type letters;", "press again: the next.", "\u25b6, another key or a",
             "pause: go on. \u25c0 delete", "# Aa  0 space  1 .,'-!?&")
NAME_EMPTY = "Type a name first"
NAME_FULL = "No room for more"

# Issue 17: amounts out of range, the replace question, what applies when, the last game, the Exit row.
AT_MOST = "At most %d"
AT_LEAST = "At least %d"
BYE = "Goodbye"
REPLACE_ASK = ("Start a new game?", "The saved game will", "be replaced.")
HELP_REPLACE = "OK: new game  END: back"
NEXT_MATCH = "For the next new game"
HELP_LAST = "OK: final result"
NO_CHANCES = "Chances after the deal"

# Issue 17: the # presets of a bet (said on the help line).
PRESETS = ("The most allowed", "Half the pot", "The pot")

# Issue 17: a bot's action as a pop-up on its row (5x8, 80 px from the state column): by action as DID.
POP = ("passes", "calls", "raises to %d", "blind %d", "joins")
POP_OPEN = "bets %d"
POP_NO_BLIND = "no blind"

# Issue 17: the history screen (ui/history.py) and its soft key on the showdown.
HISTORY = "History"
HELP_HISTORY = "▲▼ scroll ◀▶ game"
HIST_ANTE = "Antes in: pot %d"
HIST_CALL = "%s called %d"
HIST_NO_JOIN = "%s did not join"
HIST_NONE = "No game played yet"

# Issue 17: the menu during play (ui/playmenu.py), on the table's right soft key.
MENU_KEY = "Menu"
PLAY_MENU = ("Back to the game", "History", "Rules", "Settings", "Language", "Quit to title")
# The rising ante's value on the options screens: after every %d games.
RISE_EVERY = "every %d"
# The sound's volume on the Sound row: silent, low, high.
VOLUMES = ("off", "low", "high")

# Issue 25 (t25-menus): Back on the options lists asks whether to keep the changes
KEEP_ASK = ("Keep the changes?", "No: every row goes", "back as it was.")
HELP_KEEP = "OK: keep  END: undo"

# Issue 25 (t25-menus): Statistics: their reset (the left soft key, then the question)
RESET = "Reset"
RESET_ASK = ("Reset statistics?", "Every figure goes", "back to 0.")
HELP_RESET = "OK: reset  END: keep"
# Issue 25 (t25-table): the table. Declining a blind (its action row); the green key
# with nothing to call, said on the help line by phase (blinds, betting, a svara's
# join); the ante in the header; the line above the message line (after the game's
# number: the games until the ante doubles, or its doubling this game) and the doubling
# said on the help line as the game starts; the question before passing a hand the
# chances favour (the box, its help line) and its Settings row.
ACT_NO_BLIND = "No blind"
NO_CALL = ("No call before the deal", "No bet yet: bet or pass", "No call: join or pass")
ANTE = "Ante %d"
ANTE_IN = "ante ×2 in %d games"
ANTE_NEXT = "ante ×2 next game"
ANTE_DOUBLED = "Ante doubled: now %d"
ANTE_NOW = "ante doubled: %d"
FOLD_ASK = "Pass a good hand?"
HELP_FOLD = "OK: pass  END: keep"
OPT_FOLD = "Ask before passing"
# The rows of Settings and New game that are not table settings (OPTIONS): the
# language, the names, and the preferences (firmware/settings.py PREFS).
OPT_LANG = "Language"
OPT_NAMES = "Names"
OPT_DECK = "Four colours"
OPT_RISE = "Ante doubles"
OPT_SOUND = "Sound"
# Issue 25 (t25-rules): the hand rows' labels when their rule is off (rows 4, 5: the joker;
# 6: two sevens); the first-game guide (ui/rulespages.py Guide: its first page, as a text
# page, "P" the Rules pages it is found on again; its help line and soft key).
HAND_OFF = ("No joker: 7\u2663 is a 7", "No joker: no pair bonus", "Two sevens: no 23")
GUIDE_INTRO = ("First game", (
    "Three things a Svara",
    "table does its own way:",
    "the level, no check, and",
    "the svara's buy-in.",
    "",
    "OK or \u25b6 reads on; END",
    "skips to the table.",
    "",
    ("P", ("All in Rules again, on", "pages %d to %d.")),
))
HELP_GUIDE = "\u25c0\u25b6 page  END skip"
SKIP = "Skip"
