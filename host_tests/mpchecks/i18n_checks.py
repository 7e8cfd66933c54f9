"""The six languages: same names and shapes as English, same placeholders, every
character in both fonts, every string fits its place on the 128-pixel screen. The same
checks run on CPython (pytest) and MicroPython (tools/mp/wasm.py)."""
import sys

from ui import font_5x8, font_6x12, writer

LANGS = ("en", "bg", "ru", "nl", "pt", "id")
S = font_5x8
N = font_6x12

# Where each string is drawn (from the screens' code): (font, most pixels, sample
# arguments). "%s" stands for the widest seat name of the language (You / P10 / Bot 9),
# numbers for the widest the screen meets (chip counts up to 4 digits).
WHO = "%s"
PLACES = {
    # Title bands and big centred lines (6x12, 2 pixels margin each side).
    "TITLE": (N, 124, ()), "NEW_GAME": (N, 124, ()), "SETTINGS": (N, 124, ()),
    "COVER_TITLE": (N, 124, ()), "COVER_TO": (N, 124, (WHO,)), "SHOWDOWN": (N, 124, ()),
    "GAME_TITLE": (N, 124, (999,)), "WINS": (N, 124, (WHO, 9999)),
    "YOU_WIN": (N, 124, (9999,)), "SVARA": (N, 124, ()),
    "GAME_OVER": (N, 124, ()), "RULES": (N, 124, ()),
    # Title menu rows (6x12 from x 8 inside a row 4..124).
    "MENU": (N, 114, ()),
    # Help lines (5x8, centred) and notes.
    "HELP_MENU": (S, 126, ()), "HELP_OPTIONS": (S, 126, ()), "HELP_TURN": (S, 126, ()),
    "HELP_TURN_FIXED": (S, 126, ()), "HELP_WAIT": (S, 126, ()), "HELP_COVER": (S, 126, ()),
    "HELP_QUIT": (S, 126, ()), "HELP_NEXT": (S, 126, ()), "HELP_SVARA": (S, 126, ()),
    "HELP_AGAIN": (S, 126, ()), "HELP_BACK": (S, 126, ()), "HELP_RULES": (S, 126, ()),
    "HELP_CHIPS": (S, 126, (10, 9999)), "NO_MATCH": (S, 126, ()),
    # Saving and errors: on the help line (5x8) or in the title's note box (5x8, 120).
    "SAVE_FULL": (S, 126, ()), "SAVE_ERROR": (S, 126, (99,)),
    "RESTORED_MEM": (S, 126, ()), "RESTORED_ERR": (S, 126, ()),
    "SAVE_DAMAGED": (S, 120, ("settings",)), "OLDER_COPY": (S, 120, ()),
    "AFRESH": (S, 120, ()), "GAME_DROPPED": (S, 120, ()), "NOTE_MEM": (S, 120, ()),
    "NOTE_ERR": (S, 120, ()), "CONTINUE_LAST": (S, 120, ()), "DAMAGE_WHY": (S, 90, ()),
    "AMOUNT_RANGE": (S, 126, (10, 9999)),
    # The table's message line (5x8 from x 2); "thinking" leaves room for its dots.
    "DID": (S, 126, (WHO, 9999)), "DID_OPEN": (S, 126, (WHO, 9999)),
    "DID_NO_BLIND": (S, 126, (WHO,)), "YOUR_TURN": (S, 126, (WHO,)),
    "YOUR_TURN_1": (S, 126, ()), "THINKING": (S, 110, (WHO,)),
    # Under the cards, from x 2 and clear of the action area at x 60.
    "NO_CARDS": (S, 56, ()), "POINTS": (S, 56, (34,)),
    # Cover and quit boxes (5x8, centred; the quit box is 108 wide).
    "COVER_NOTE": (S, 126, (WHO,)), "QUIT_ASK": (S, 104, ()),
    # The chances (ui/table.py, the * key): in each 68-pixel action row a label from
    # x 61 and "100.0%" ending at x 128 leave 2 pixels between them (35 + 2 + 30 = 67);
    # the note on the message line and the help line as the others.
    "ODDS": (S, 35, ()), "ODDS_PCT": (S, 30, (100, 0)), "ODDS_NOTE": (S, 126, ()),
    "HELP_ODDS": (S, 126, ()),
    # Result, svara and game over (5x8 centred).
    "WHY": (S, 126, ()), "WHY_2": (S, 126, ()), "SVARA_TIE": (S, 126, (34,)),
    "SVARA_POT": (S, 126, (9999,)), "SVARA_JOIN": (S, 126, (9999,)),
    "SVARA_FREE": (S, 126, ()), "MATCH_WON": (S, 126, (WHO,)), "YOU_WON": (S, 126, ()),
    "YOU_OUT": (S, 126, ()), "AGAIN": (S, 112, ()),
    # Statistics: 6x12 label from x 6, a 4-digit value right-aligned at 122; the title
    # of its first page centred clear of the page number "11/11" at the top right (a
    # person's page has the person's name for its title); the reset question (in the
    # quit box, 5x8 centred) and its help line.
    "STAT_NAMES": (N, 90, ()), "STATS": (N, 90, ()),
    "RESET_ASK": (S, 104, ()), "HELP_RESET": (S, 126, ()),
    # Names (ui/names.py): the editor's title band, help lines, the key lines under the
    # name (5x8 from x 2) and its notes.
    "NAME_OF": (N, 124, (WHO,)), "HELP_NAMES": (S, 126, ()), "HELP_NAME": (S, 126, ()),
    "NAME_KEYS": (S, 124, ()), "NAME_EMPTY": (S, 126, ()), "NAME_FULL": (S, 126, ()),
    # Rules pages: titles clear of the page number "6/6" at the top right; lines in 5x8.
    "CARD_POINTS": (N, 90, ()), "HANDS": (N, 90, ()), "PAGE": (S, 20, (6, 6)),
    "CARD_POINT_LINES": (S, 126, ()), "HAND_OFF": (S, 126, ()), "HELP_GUIDE": (S, 126, ()),
    # Notes on the help line (5x8 centred): an amount set to the nearest end, what the
    # rules of a running match apply to, the last game, the chances.
    "AT_MOST": (S, 126, (9999,)), "AT_LEAST": (S, 126, (9999,)),
    "NEXT_MATCH": (S, 126, ()), "HELP_LAST": (S, 126, ()),
    "NO_CHANCES": (S, 126, ()), "HELP_REPLACE": (S, 126, ()), "PRESETS": (S, 126, ()),
    # A bot's action on its row: 5x8 from x 46 to the screen's edge (ui/table.py _pop).
    "POP": (S, 80, (9999,)), "POP_OPEN": (S, 80, (9999,)), "POP_NO_BLIND": (S, 80, ()),
    # The history (ui/history.py): its title clear of "#99" at the top right, the help
    # line, the rows (5x8 from x 2 as the table's message line: DID, DID_OPEN, ...).
    "HISTORY": (N, 90, ()), "HELP_HISTORY": (S, 126, ()), "HIST_ANTE": (S, 124, (9999,)),
    "HIST_CALL": (S, 124, (WHO, 9999)), "HIST_NO_JOIN": (S, 124, (WHO,)),
    "HIST_NONE": (S, 126, ()),
    # The menu during play: its title (6x12 centred) and rows (6x12 from x 8, as MENU).
    "PLAY_MENU": (N, 114, ()),
    # The replace question (in the quit box, 5x8 centred) and the Exit screen (6x12).
    "REPLACE_ASK": (S, 104, ()), "BYE": (N, 124, ()),
    # Issue 25: the keep question on Back (the same box as the replace question).
    "KEEP_ASK": (S, 104, ()), "HELP_KEEP": (S, 126, ()),
    # Seat names: 6x12 between the dealer mark (x 11) and the state column (x 45).
    "YOU": (N, 33, ()), "PERSON": (N, 33, (10,)), "BOT": (N, 33, (9,)),
    # Seat states: 6x12 from x 47, clear of a 4-digit stack right-aligned at 126.
    "ST_BLIND": (N, 54, (99,)), "ST_IN": (N, 54, ()), "ST_BET": (N, 54, (99,)),
    "ST_PASSED": (N, 54, ()), "ST_OUT": (N, 54, ()), "ST_TIED": (N, 54, ()),
    "ST_ASKED": (N, 54, ()), "ST_NO_JOIN": (N, 54, ()),   # (also a pop-up: 5x8, 80)
    # Issue 25, the table: the green key with nothing to call and the ante's doubling
    # (the help line); the line above the message line, 5x8 from 4 pixels after "#99"
    # (x 21) to x 126: the games until the ante doubles (up to 10), its doubling this
    # game; the question before passing a good hand (5x8 centred in a box 120 wide)
    # and its help line.
    "NO_CALL": (S, 126, ()), "ANTE_DOUBLED": (S, 126, (999,)),
    "ANTE_IN": (S, 105, (10,)), "ANTE_NEXT": (S, 105, ()), "ANTE_NOW": (S, 105, (99,)),
    "FOLD_ASK": (S, 116, ()), "HELP_FOLD": (S, 126, ()),
}
# Checked as a whole below: soft keys, option rows, the table header, the actions, the
# rules text pages and hand rows.
SOFT_KEYS = ("SELECT", "BACK", "PLAY", "QUIT", "NEXT", "YES", "NO", "OK", "SHOW", "DONE",
             "HISTORY", "MENU_KEY", "RESET", "SKIP")
OPTION_ROWS = ("OPTIONS", "START", "ON_OFF", "LEVELS", "BUY_INS", "PACES", "NO_CAP",
               "AS_ANTE", "RISE_EVERY", "OPT_LANG", "OPT_NAMES")


def pref_rows():
    """(label, values) of each preference's row (firmware/ui/options.py PREF_LABELS and
    PREF_WORDS, by the words' names; a preference without a row left out): its values a
    word's name, or the rising ante's ("every %d", as wide as "every 10")."""
    import settings
    from i18n._names import _k
    from ui import options
    rows = []
    for i in range(len(settings.PREF_NAMES)):
        label, values = options.PREF_LABELS[i], options.PREF_WORDS[i]
        if label:
            rows.append((_k[label], _k[values] if values else ("RISE_EVERY",)))
    return rows
HEADER = ("POT", "LEVEL", "GAME_NO", "SVARA_MARK", "ANTE")
ACTIONS = ("ACT_PASS", "ACT_CALL", "ACT_OPEN", "ACT_RAISE", "ACT_BLIND", "ACT_JOIN",
           "ACT_NO_BLIND")
PAGES = ("TEXT_PAGES", "HAND_ROWS", "GUIDE_INTRO")
ACT_W = 65          # an action row: text from x 63 to the screen's edge
PAGE_LINES = 12     # text page lines from y 18, 10 apart, above the help line at 139
CARD_LINES = 4      # the card points page's lines from y 100, 9 apart
# The choices a page's line may be (ui/rulespages.py _pick): letter -> how many
# alternatives, and the sample its "%d" is filled with (the widest it shows: an ante or
# a least blind of 4 digits, a cap of 1 digit, games between rising antes, two page
# numbers).
CHOICES = {"A": (1, (9999,)), "B": (2, (9999,)), "C": (3, (9,)), "J": (2, ()),
           "R": (2, (10,)), "U": (3, ()), "P": (1, (10, 10))}
LANG_NAMES = ("English", "Български", "Русский", "Nederlands", "Português", "Indonesia")


def load(code):
    """A language's words (T.NAME by name), opened for the check, not through use()."""
    import i18n
    from svara.data import Table
    return i18n._Packed(Table("i18n." + code, ("_o", "_d")))


def names(T):
    # The names number the words (tools/gen/strings.py), the same in every language.
    from i18n._names import _k
    return list(_k)


def strings_of(value):
    """Every string in a value (a string or nested tuples of strings)."""
    if isinstance(value, str):
        return [value]
    out = []
    for v in value:
        out.extend(strings_of(v))
    return out


def specs(s):
    """The %-placeholders of s in order, e.g. "sd" for "%s raised to %d"."""
    out = ""
    i = 0
    while i < len(s):
        if s[i] == "%":
            out += s[i + 1]
            i += 2
        else:
            i += 1
    return out


def who(T):
    """The widest seat name in a language: You / P10 / Bot 9, or a typed name as wide as
    saving.NAME_W allows (7 letters: Dimitar)."""
    best = ""
    for n in (T.YOU, T.PERSON % 10, T.BOT % 9, "Dimitar"):
        if writer.width(n) > writer.width(best):
            best = n
    return best


def fill(T, s, sample):
    """s with the sample arguments its placeholders take (in order)."""
    k = specs(s)
    if not k:
        return s
    args = []
    nums = [a for a in sample if a is not WHO]
    for c in k:
        if c == "%":                    # "%%": a percent sign, no argument
            continue
        if c == "s":
            args.append(who(T))
        else:
            args.append(nums.pop(0) if nums else 9999)
    return s % tuple(args)


def too_wide(T, font, limit, s, sample=()):
    text = fill(T, s, sample)
    w = writer.width(text, font)
    if w > limit:
        return "%r is %d px, more than %d" % (text, w, limit)
    return None


def shape(a, b, path):
    """Where b's type or tuple lengths differ from a's, or None."""
    if type(a) is not type(b):
        return "%s: %s, not %s" % (path, type(b).__name__, type(a).__name__)
    if isinstance(a, tuple):
        if (path.startswith("TEXT_PAGES[") and path.endswith("][1]")
                or path == "GUIDE_INTRO[1]"):
            return None                 # a page's lines: as many as the language needs
        if len(a) != len(b):
            return "%s: %d items, not %d" % (path, len(b), len(a))
        for i in range(len(a)):
            p = shape(a[i], b[i], "%s[%d]" % (path, i))
            if p:
                return p
    return None


def is_choice(line):
    """A page's line that is a choice by the rules in force: (letter, lines, ...)."""
    return isinstance(line, tuple) and line[0] in CHOICES


def pages_of(T):
    """Every text page of a language, (title, lines): the rules' and the guide's first."""
    return list(T.TEXT_PAGES) + [T.GUIDE_INTRO]


def choices_of(lines):
    """The choices among a page's lines: (letter, the placeholders of each alternative)."""
    return [(x[0], [specs("".join(alt)) for alt in x[1:]]) for x in lines if is_choice(x)]


def expand(lines):
    """(most lines drawn, [(string, sample)]): a page's lines with every alternative of
    its choices (the longest counted), each string with the sample its %d takes."""
    most = 0
    out = []
    for x in lines:
        if isinstance(x, str):
            most += 1
            out.append((x, ()))
            continue
        n, sample = CHOICES.get(x[0], (0, ()))
        alts = x[1:]
        most += max([len(a) for a in alts] + [0])
        for a in alts:
            for s in a:
                out.append((s, sample))
    return most, out


# --- the checks ------------------------------------------------------------------------

def test_every_name_in_every_language_with_the_same_shape():
    en = load("en")
    wrong = []
    for code in LANGS[1:]:
        T = load(code)
        for n in names(en):
            if not hasattr(T, n):
                wrong.append("%s: %s missing" % (code, n))
                continue
            p = shape(getattr(en, n), getattr(T, n), n)
            if p:
                wrong.append("%s: %s" % (code, p))
        for n in names(T):
            if not hasattr(en, n):
                wrong.append("%s: %s is not in en.py" % (code, n))
    assert not wrong, "\n".join(wrong)


def test_placeholders_match_english():
    en = load("en")
    wrong = []
    for code in LANGS[1:]:
        T = load(code)
        for n in names(en):
            a = strings_of(getattr(en, n))
            b = strings_of(getattr(T, n))
            for i in range(min(len(a), len(b))):
                if (specs(a[i]) != specs(b[i]) and n != "TEXT_PAGES"
                        and n != "GUIDE_INTRO"):
                    wrong.append("%s %s[%d]: %r has %r, English %r" % (
                        code, n, i, b[i], specs(b[i]), specs(a[i])))
        # A page's numbers are in its choices alone, the same choices as in English.
        mine = pages_of(T)
        theirs = pages_of(en)
        for k in range(len(mine)):
            title, lines = mine[k]
            for x in lines:
                if isinstance(x, str) and "%" in x:
                    wrong.append("%s %r: %% outside a choice in %r" % (code, title, x))
            if choices_of(lines) != choices_of(theirs[k][1]):
                wrong.append("%s %r: choices %r, English %r" % (
                    code, title, choices_of(lines), choices_of(theirs[k][1])))
        if choices_of(T.CARD_POINT_LINES) != choices_of(en.CARD_POINT_LINES):
            wrong.append("%s CARD_POINT_LINES: not the choices of English" % code)
    assert not wrong, "\n".join(wrong)


def test_hand_rows_show_the_same_cards():
    en = load("en")
    for code in LANGS[1:]:
        rows = load(code).HAND_ROWS
        assert [r[1] for r in rows] == [r[1] for r in en.HAND_ROWS], code


def test_both_fonts_have_every_character():
    missing = []
    for code in LANGS:
        T = load(code)
        seen = ""
        for n in names(T):
            for s in strings_of(getattr(T, n)):
                for ch in s:
                    if ch not in seen:
                        seen += ch
        for ch in seen + "".join(LANG_NAMES):
            for font in (S, N):
                if not writer.has(font, ch):
                    missing.append("%s: %r (U+%04X) not in %s" % (
                        code, ch, ord(ch), "5x8" if font is S else "6x12"))
    assert not missing, "\n".join(missing)


def test_the_loader_lists_the_languages_with_their_names():
    import i18n
    assert i18n.LANGUAGES == LANGS
    assert i18n.NAMES == LANG_NAMES


def test_every_name_has_a_place():
    en = load("en")
    placed = list(PLACES) + list(SOFT_KEYS) + list(OPTION_ROWS) + list(HEADER)
    placed += list(ACTIONS) + list(PAGES)
    for label, values in pref_rows():
        placed += [label] + ([values] if isinstance(values, str) else [])
    missing = [n for n in names(en) if n not in placed]
    assert not missing, "no place known for %s" % missing


def test_every_string_fits_its_place():
    wrong = []
    for code in LANGS:
        T = load(code)
        for n in PLACES:
            font, limit, sample = PLACES[n]
            for s in strings_of(getattr(T, n)):
                p = too_wide(T, font, limit, s, sample)
                if p:
                    wrong.append("%s %s: %s" % (code, n, p))
    assert not wrong, "\n".join(wrong)


def test_soft_keys_fit_side_by_side():
    # Left label from x 2, right label ending at x 126: any two labels of at most 60
    # pixels leave a gap.
    wrong = []
    for code in LANGS:
        T = load(code)
        for n in SOFT_KEYS:
            p = too_wide(T, N, 60, getattr(T, n))
            if p:
                wrong.append("%s %s: %s" % (code, n, p))
    assert not wrong, "\n".join(wrong)


def test_option_rows_fit_label_and_value():
    # A 5x8 label from x 8 and its value right-aligned at x 120, at least 4 pixels apart.
    values = (("10",), ("9",), None, ("1000",), ("10",), "ON_OFF", "ON_OFF",
              ("9", "NO_CAP"), "ON_OFF", ("10", "AS_ANTE"), "BUY_INS", "PACES")
    # The rows with a label word of their own: the language, the names, the preferences.
    others = [("OPT_LANG", LANG_NAMES), ("OPT_NAMES", ("\u25b6",))] + pref_rows()
    # ("%d": as wide as "10")
    wrong = []
    for code in LANGS:
        T = load(code)
        for opt in range(len(T.OPTIONS)):
            v = values[opt]
            if v is None:
                v = T.LEVELS
            elif isinstance(v, str):
                v = getattr(T, v)
            if v is not LANG_NAMES:
                v = [getattr(T, x) if x[:1].isupper() else x for x in v]
            w = writer.width(T.OPTIONS[opt], S) + 4 + max([writer.width(x, S) for x in v])
            if w > 112:
                wrong.append("%s: %r with its values is %d px, more than 112" % (
                    code, T.OPTIONS[opt], w))
        for label, v in others:
            if isinstance(v, str):
                v = getattr(T, v)
            if v is not LANG_NAMES:
                v = [getattr(T, x) if x[:1].isupper() else x for x in v]
            w = writer.width(getattr(T, label), S) + 4 + max([writer.width(x, S) for x in v])
            if w > 112:
                wrong.append("%s: %r with its values is %d px, more than 112" % (
                    code, getattr(T, label), w))
        for s in (T.START, T.DONE):
            p = too_wide(T, S, 112, s)
            if p:
                wrong.append("%s: %s" % (code, p))
    assert not wrong, "\n".join(wrong)


def test_table_header_parts_do_not_touch():
    # "Pot n" from x 2, "Level n" centred, "Ante n" or "SVARA" ending at x 126 (5x8);
    # a 3-digit pot with a 2-digit level and ante, at least 2 pixels between them.
    wrong = []
    for code in LANGS:
        T = load(code)
        left = 2 + writer.width(T.POT % 999, S)
        lw = writer.width(T.LEVEL % 99, S)
        lx = (128 - lw) // 2
        rx = 126 - max(writer.width(T.ANTE % 99, S), writer.width(T.SVARA_MARK, S))
        if left + 2 > lx or lx + lw + 2 > rx:
            wrong.append("%s: %r | %r | %r overlap" % (code, T.POT % 999, T.LEVEL % 99,
                                                       T.SVARA_MARK))
    assert not wrong, "\n".join(wrong)


def test_actions_fit_their_rows():
    # Action rows are 65 pixels wide; a label too long for 6x12 is drawn in 5x8
    # (ui/table.py), so each must fit in 5x8 with a 4-digit amount, and in 6x12 with a
    # 1-digit one (the usual small bets show in the big font).
    wrong = []
    for code in LANGS:
        T = load(code)
        for n in ACTIONS:
            s = getattr(T, n)
            p = too_wide(T, S, ACT_W, s, (9999,))
            if p:
                wrong.append("%s %s: %s" % (code, n, p))
            p = too_wide(T, N, ACT_W, s, (9,))
            if p:
                wrong.append("%s %s: %s" % (code, n, p))
    assert not wrong, "\n".join(wrong)


def test_rules_pages_fit():
    wrong = []
    for code in LANGS:
        T = load(code)
        for title, lines in pages_of(T) + [("card points", T.CARD_POINT_LINES)]:
            if title != "card points":
                p = too_wide(T, N, 90, title)
                if p:
                    wrong.append("%s page title: %s" % (code, p))
            for x in lines:
                if not isinstance(x, str) and not (is_choice(x)
                                                   and len(x) == 1 + CHOICES[x[0]][0]):
                    wrong.append("%s %r: %r is no choice ui/rulespages.py makes" % (
                        code, title, x))
            most, strings = expand(lines)
            limit = CARD_LINES if title == "card points" else PAGE_LINES
            if most > limit:
                wrong.append("%s %r: %d lines, at most %d" % (code, title, most, limit))
            for s, sample in strings:
                p = too_wide(T, S, 126, s, sample)
                if p:
                    wrong.append("%s %r: %s" % (code, title, p))
        for label, cards in T.HAND_ROWS:
            p = too_wide(T, S, 126, label)
            if p:
                wrong.append("%s hand row: %s" % (code, p))
        if len(T.HAND_OFF) != 3:
            wrong.append("%s HAND_OFF: the labels of rows 4, 5 and 6, not %r" % (
                code, T.HAND_OFF))
    assert not wrong, "\n".join(wrong)


class _Probe:
    """Stands in for a screen module that keeps the strings in its global T."""


def test_use_switches_rebinds_the_modules_that_hold_the_words_and_drops_the_old_module():
    import i18n
    for code in LANGS:                  # only what the loader itself imported stays
        if code != i18n.current() and "i18n." + code in sys.modules:
            del sys.modules["i18n." + code]
    start = i18n.current()
    try:
        en = i18n.use("en")
        probe = _Probe()
        probe.T = i18n.held("ui._probe")      # as a screen module keeps its T
        assert probe.T is en
        other = _Probe()
        other.T = en
        sys.modules["ui._probe"] = probe
        sys.modules["_not_ui"] = other
        bg = i18n.use("bg")
        assert i18n.strings() is bg and i18n.current() == "bg"
        assert bg.ACT_PASS == "Пас"
        assert probe.T is bg, "a module that holds the words (i18n.held) follows the switch"
        assert other.T is en, "only the modules that hold the words are touched"
        assert "i18n.en" not in sys.modules and not hasattr(i18n, "en")
        try:                            # the words replaced are closed: a clear error
            en[0]
            raise AssertionError("a closed language still read")
        except ValueError as e:
            assert "not open" in str(e), e
        assert not hasattr(i18n, "bg"), "the loader holds the module, not the package"
        try:
            i18n.use("xx")
            assert False, "an unknown language must raise"
        except ValueError as e:
            assert "xx" in str(e)
        assert i18n.current() == "bg" and probe.T is bg
        assert i18n.use("bg") is bg, "choosing the current language again changes nothing"
    finally:
        sys.modules.pop("ui._probe", None)
        sys.modules.pop("_not_ui", None)
        if "ui._probe" in i18n._held:
            i18n._held[i18n._held.index("ui._probe")] = None
        i18n.use(start)


def test_one_item_of_a_tuple_reads_as_indexing_the_whole_tuple():
    # i18n.item / i18n.count decode one item only (the rules' pages): the same values.
    import i18n
    from i18n._names import _k
    for code in ("en", "bg"):
        T = i18n.use(code)
        for name in ("TEXT_PAGES", "LEVELS", "MENU", "HAND_ROWS", "HAND_OFF"):
            whole = getattr(T, name)
            n = _k.index(name)
            assert T[n] == whole, (code, name)
            assert i18n.count(n) == len(whole), (code, name)
            for k in range(len(whole)):
                assert i18n.item(n, k) == whole[k], (code, name, k)
    for bad in (lambda: i18n.item(_k.index("MENU"), 99), lambda: T[len(_k)],
                lambda: T[-1]):
        try:
            bad()
            raise AssertionError("no IndexError")
        except IndexError:
            pass
    i18n.use("en")


def test_a_word_by_number_is_the_word_by_name_in_every_language():
    # The screens read T[_W_NAME] (the numbers folded into their code); the desktop
    # reads T.NAME: both must give the same word, and a name that is no word fails.
    import i18n
    from i18n._names import _k
    for code in LANGS:
        T = i18n.use(code)
        for k in range(len(_k)):
            assert T[k] == getattr(T, _k[k]), (code, _k[k])
        assert not hasattr(T, "NO_SUCH_WORD")
    i18n.use("en")
