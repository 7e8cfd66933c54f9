# Dutch (Nederlands). The same names, shapes and %-placeholders as en.py; the words of
# the Dutch rules text: inzet, ante, blinde inzet, passen, betalen, verhogen, dealer,
# kleur, svara. host_tests/firmware/test_i18n.py checks that every line fits its place.

# Soft keys.
SELECT = "Kies"
BACK = "Terug"
PLAY = "Spelen"
QUIT = "Stoppen"
NEXT = "Verder"
YES = "Ja"
NO = "Nee"
OK = "OK"
SHOW = "Tonen"

# Title menu.
TITLE = "S V A R A"
MENU = ("Nieuw spel", "Verder spelen", "Instellingen", "Regels", "Statistieken", "Afsluiten")
HELP_MENU = "\u25b2\u25bc kiezen  OK openen"
NO_MATCH = "Geen spel bezig"

# New game and settings.
NEW_GAME = "Nieuw spel"
SETTINGS = "Instellingen"
OPTIONS = ("Mensen", "Bots", "Botniveau", "Fiches", "Ante", "Joker 7\u2663", "Twee 7 = 23",
           "Verhogingen", "Blinde inzet", "Minste blind", "Svara-inleg", "Bottempo")
START = "Start het spel"
DONE = "Klaar"
HELP_OPTIONS = "\u25b2\u25bc kiezen \u25c0\u25b6 wijzigen"
ON_OFF = ("uit", "aan")
LEVELS = ("makkelijk", "normaal", "moeilijk")
BUY_INS = ("gedeeld", "half", "gratis")
PACES = ("traag", "normaal", "snel")
NO_CAP = "geen max"
AS_ANTE = "= ante"

# Seat names.
YOU = "Jij"
PERSON = "S%d"
BOT = "Bot %d"

# The table.
POT = "Pot %d"
LEVEL = "Inzet %d"
GAME_NO = "#%d"
SVARA_MARK = "SVARA"
ST_BLIND = "blind %d"
ST_IN = "mee"
ST_BET = "in %d"
ST_PASSED = "gepast"
ST_OUT = "uit"
ST_TIED = "svara"
ST_ASKED = "mee?"
ST_NO_JOIN = "niet mee"  # asked to join a svara, said no (its row, its pop-up)
ACT_PASS = "Passen"
ACT_CALL = "Betaal %d"
ACT_OPEN = "Inzet %d"
ACT_RAISE = "Verhoog %d"
ACT_BLIND = "Blind %d"
ACT_JOIN = "Meedoen %d"
DID = ("%s past", "%s betaalt", "%s verhoogt tot %d", "%s blind %d", "%s doet mee")
DID_OPEN = "%s zet %d in"
DID_NO_BLIND = "%s: geen blind"
THINKING = "%s denkt na"
YOUR_TURN = "Jouw beurt, %s"
YOUR_TURN_1 = "Jouw beurt"
NO_CARDS = "geen kaart"
POINTS = "%d punten"
AMOUNT_RANGE = "%d..%d"
HELP_TURN = "\u25b2\u25bc actie \u25c0\u25b6 fiches"
HELP_TURN_FIXED = "\u25b2\u25bc actie  OK spelen"
HELP_WAIT = "even geduld"
HELP_COVER = "OK: toon de kaarten"
COVER_TITLE = "Geef de telefoon"
COVER_TO = "aan %s"
COVER_NOTE = ("Alleen %s kijkt.", "Druk op OK om je", "kaarten te zien.")
QUIT_ASK = ("Dit spel verlaten?", "Je kunt terugkomen", "met Verder spelen.")
HELP_QUIT = "OK: verlaten  END: blijf"
# The chances (the * key).
ODDS = ("Winst", "Svara", "Verlies")
ODDS_PCT = "%d,%d%%"
ODDS_NOTE = "Als iedereen nu toont:"
HELP_ODDS = "*: terug  OK spelen"

# Showdown, svara, game over.
SHOWDOWN = "Kaarten open"
GAME_TITLE = "Spel %d"
WINS = "%s wint %d"
YOU_WIN = "Jij wint %d"
WHY = ("", "Iedereen paste:", "Blind niet betaald:", "Alle anderen pasten:", "")
WHY_2 = ("", "de dealer wint de pot", "de blind wint de pot", "geen kaarten getoond", "")
SVARA = "SVARA!"
SVARA_TIE = "Gelijk op %d punten"
SVARA_POT = "De pot %d blijft."
SVARA_JOIN = "Anderen mogen mee: %d"
SVARA_FREE = "Anderen gratis mee"
HELP_NEXT = "OK: volgend spel"
HELP_SVARA = "OK: speel de svara"
GAME_OVER = "Spel voorbij"
MATCH_WON = "%s wint de partij"
YOU_WON = "Jij wint de partij!"
YOU_OUT = "Je fiches zijn op"
AGAIN = ("Nog een keer", "Menu")
HELP_AGAIN = "\u25b2\u25bc kiezen  OK openen"

# Statistics.
STATS = "Statistieken"
STAT_NAMES = ("Partijen", "Partij gewonnen", "Spellen", "Spel gewonnen",
              "Svara's", "Beste hand",
              "Grootste winpot", "Winst/verlies")
HELP_BACK = "END of Terug: terug"

# Rules pages.
RULES = "Regels"
HELP_RULES = "\u25c0\u25b6 pagina  END terug"
PAGE = "%d/%d"
CARD_POINTS = "Kaartpunten"
CARD_POINT_LINES = ("7 8 9 tellen 7 8 9,", "10 J Q K tellen 10,", "een aas telt 11.",
                    ("J", ("Geen joker: 7\u2663 is een 7.",), ("7\u2663 is de joker.",)))
HANDS = "Handpunten"
HAND_ROWS = (
    ("Eén kleur: optellen", "10d 9d Jd"),
    ("Gemengd: beste kleur", "Kh 9h Qc"),
    ("Azen: elk 11", "As Ad 10c"),
    ("Joker bij een kleur", "7c Ah Kh"),
    ("Joker + een paar", "7c Kh Kd"),
    ("Twee zevens: 23", "7h 7d 9s"),
    ("Drie gelijke", "Qc Qh Qd"),
    ("Drie azen", "Ac Ah Ad"),
    ("Drie zevens: hoogste", "7c 7h 7d"),
)
TEXT_PAGES = (
    ("Een spel", (
        ("A", ("Allen betalen ante %d;", "wie niet kan, is eruit.")),
        ("R", (), ("De ante verdubbelt na", "elke %d spellen.")),
        ("B", ("Geen blinde inzet.",),
         ("Blind, voor het delen: de", "eerste hand %d of meer,", "de volgende het dubbele,",
          "tot iemand past.")),
        "Elk drie kaarten.",
        "De laatste die meedoet of",
        "de meeste punten wint.",
        "De winnaar deelt.",
    )),
    ("Inzet", (
        "Inzet (boven): het meeste",
        "dat iemand dit spel boven",
        "de ante inlegde. Betaal",
        "n: leg n bij. Inzet n,",
        "Verhoog n: de inzet wordt",
        "n, minstens de ante meer,",
        "nooit meer dan wat de",
        "armste in totaal heeft.",
        ("B", (), ("Een blind telt volledig;", "de eerste inzet erna is", "minstens het dubbele.")),
        ("C", ("Geen maximum op verhogen.",), ("Eén inzet of verhoging.",),
         ("Max. %d x inzet/verhoging.",)),
    )),
    ("Geen check", (
        "Er is geen check: tot",
        "iemand inzet, kies je",
        "Passen (eruit, kwijt wat",
        "je inlegde) of Inzet.",
        ("B", ("Betalen kan pas na een", "inzet."), ("Betalen kan pas na een", "inzet, ook na blinds.")),
        "Zet niemand in, dan wint",
        "wie als laatste aan de",
        "beurt is:",
        ("B", ("de deler, indien in spel.",), ("de laatste blind, anders", "de deler, indien in spel.")),
    )),
    ("Svara", (
        "Gelijk met de meeste",
        "punten: svara. De pot",
        "blijft, nieuw spel zonder",
        "ante; de gelijken gratis",
        "erin, dezelfde deler.",
        ("U", ("Anderen mogen meedoen,", "vanaf links van de deler,",
               "voor pot / aantal gelijk,", "naar boven afgerond:",
               "pot 25, 2 gelijk: 13."),
              ("Anderen mogen meedoen,", "vanaf links van de deler,",
               "voor de halve pot, naar", "boven (25: 13)."),
              ("Anderen doen gratis mee.",)),
        "De partij eindigt als één",
        "speler alle fiches heeft.",
    )),
    ("Toetsen", (
        "\u25b2\u25bc  kiezen",
        "\u25c0\u25b6  wijzigen, fiches",
        "0-9  fiches typen",
        "*  kansen",
        "#  max, halve pot, pot",
        "OK of linkertoets: doen",
        "Groene toets: betalen",
        "Rode toets: terug, stop",
    )),
    ("De #-toets", (
        "# kiest om de beurt:",
        "1. Het meeste: wat de",
        "armste die meedoet in",
        "totaal heeft (blind: de",
        "helft daarvan).",
        "2. Halve pot, 3. De hele",
        "pot: de inzet stijgt met",
        "de halve pot (naar",
        "beneden) of de pot, met",
        "je betaling erin geteld.",
        "Blind: halve pot of pot;",
        "steeds binnen de grenzen.",
    )),
    ("Kansen", (
        "* in je beurt toont je",
        "kans op winst, svara en",
        "verlies als iedereen die",
        "nog meedoet nu de kaarten",
        "toont. Exact geteld over",
        "elke verdeling van de",
        "onbekende kaarten.",
        "Inzet en gepaste kaarten",
        "tellen niet mee: kracht",
        "van je hand, geen advies.",
    )),
)
HELP_CHIPS = "\u25c0\u25b6 0-9 fiches %d..%d"

# Saving and errors (firmware/saving.py, app.py): the help line and the title note.
SAVE_FULL = "Opslaan: geheugen vol"
SAVE_ERROR = "Opslaan mislukt: %d"
SAVE_DAMAGED = "Kapotte opslag: %s"
OLDER_COPY = "Oudere kopie gebruikt"
AFRESH = "Opnieuw begonnen"
GAME_DROPPED = "Spel verloren"
NOTE_MEM = "Geheugen vol"
NOTE_ERR = "Fout"
RESTORED_MEM = "Geheugen vol: spel terug"
RESTORED_ERR = "Fout: spel hersteld"
CONTINUE_LAST = "Verder: laatste opslag"
# Why a save file was not whole: empty, not a save, version, cut short, too long,
# checksum, unreadable (firmware/store.py says it in English; saving.py shows these).
DAMAGE_WHY = ("leeg", "geen opslag", "verkeerde versie", "afgekapt", "te lang", "controlesom fout", "onleesbaar")

# Names; chips kept between matches.
NAME_OF = "Naam van %s"
HELP_NAMES = "\u25b2\u25bc kiezen  OK wijzigen"
HELP_NAME = "OK bewaar  END annuleer"
NAME_KEYS = ("Toetsen 2-9: letters;", "nog eens: de volgende.",
             "\u25b6, een andere toets of", "wachten: verder. \u25c0 wis",
             "# Aa 0 spatie 1 .,'-!?&")
NAME_EMPTY = "Typ eerst een naam"
NAME_FULL = "Geen ruimte meer"

# Issue 17: amounts out of range, the replace question, what applies when, the last game, the Exit row.
AT_MOST = "Hoogstens %d"
AT_LEAST = "Minstens %d"
BYE = "Tot ziens"
REPLACE_ASK = ("Nieuw spel starten?", "Het bewaarde spel", "wordt vervangen.")
HELP_REPLACE = "OK: nieuw  END: terug"
NEXT_MATCH = "Voor het volgende spel"
HELP_LAST = "OK: eindstand"
NO_CHANCES = "Kansen na het delen"

# Issue 17: the # presets of a bet (said on the help line).
PRESETS = ("Het meeste", "Halve pot", "De hele pot")

# Issue 17: a bot's action as a pop-up on its row (5x8, 80 px from the state column): by action as DID.
POP = ("past", "betaalt", "verhoogt: %d", "blind %d", "doet mee")
POP_OPEN = "zet %d"
POP_NO_BLIND = "geen blind"

# Issue 17: the history screen (ui/history.py) and its soft key on the showdown.
HISTORY = "Verloop"
HELP_HISTORY = "▲▼ scrollen ◀▶ spel"
HIST_ANTE = "Inleg: pot %d"
HIST_CALL = "%s betaalt %d"
HIST_NO_JOIN = "%s doet niet mee"
HIST_NONE = "Nog geen spel gespeeld"

# Issue 17: the menu during play (ui/playmenu.py), on the table's right soft key.
MENU_KEY = "Menu"
PLAY_MENU = ("Terug naar het spel", "Verloop", "Regels", "Instellingen", "Taal", "Naar het begin")
# The rising ante's value on the options screens: after every %d games.
RISE_EVERY = "elke %d"
# The sound's volume on the Sound row: silent, low, high.
VOLUMES = ("uit", "zacht", "hard")

# Issue 25 (t25-menus): Back on the options lists asks whether to keep the changes
KEEP_ASK = ("Wijzigingen houden?", "Nee: alles wordt", "weer zoals het was.")
HELP_KEEP = "OK: houden  END: terug"

# Issue 25 (t25-menus): Statistics: their reset (the left soft key, then the question)
RESET = "Wissen"
RESET_ASK = ("Statistieken wissen?", "Alle getallen", "worden weer 0.")
HELP_RESET = "OK: wissen  END: niet"
# Issue 25 (t25-table): the table. Declining a blind (its action row); the green key
# with nothing to call, said on the help line by phase (blinds, betting, a svara's
# join); the ante in the header; the line above the message line (after the game's
# number: the games until the ante doubles, or its doubling this game) and the doubling
# said on the help line as the game starts; the question before passing a hand the
# chances favour (the box, its help line) and its Settings row.
ACT_NO_BLIND = "Geen blind"
NO_CALL = ("Betalen kan na het delen", "Geen inzet: zet in of pas", "Meedoen of passen")
ANTE = "Ante %d"
ANTE_IN = "ante ×2 na %d spellen"
ANTE_NEXT = "ante ×2 na dit spel"
ANTE_DOUBLED = "Ante verdubbeld: nu %d"
ANTE_NOW = "ante ×2, nu %d"
FOLD_ASK = "Een goede hand passen?"
HELP_FOLD = "OK: passen  END: terug"
OPT_FOLD = "Vragen voor passen"
# The rows of Settings and New game that are not table settings (OPTIONS): the
# language, the names, and the preferences (firmware/settings.py PREFS).
OPT_LANG = "Taal"
OPT_NAMES = "Namen"
OPT_DECK = "Vier kleuren"
OPT_RISE = "Inzet x2"
OPT_SOUND = "Geluid"
# Issue 25 (t25-rules): the hand rows' labels when their rule is off; the first-game guide.
HAND_OFF = ("Geen joker: 7\u2663 is een 7", "Zonder joker: geen bonus", "Twee zevens: geen 23")
GUIDE_INTRO = ("Eerste spel", (
    "Drie dingen die Svara op",
    "zijn eigen manier doet:",
    "de inzet, geen check en",
    "de inleg bij een svara.",
    "",
    "OK of \u25b6: verder; END:",
    "meteen naar de tafel.",
    "",
    ("P", ("Dit staat ook in Regels,", "pagina %d tot %d.")),
))
HELP_GUIDE = "\u25c0\u25b6 pagina  END overslaan"
SKIP = "Overslaan"
