"""The Rules pages say the rules in force (issue 25, items 9 and 20): the settings' when
opened from the title, the match's when opened from the menu during play; every rule
that has a setting (the joker, two sevens, the cap on raises, blind bets and the least
blind, the ante and its doubling, the svara buy-in), in all six languages; and the #
key's presets said as they play (ui/table.py _preset)."""
import pytest

from ui_helpers import T, run  # noqa: F401  (ui_helpers sets up the display first)
from drivers import keys as K
import i18n
import settings

# Settings from the title: the joker off, two sevens off, 5 raises each, no blind bets,
# the svara buy-in "half"; then Done (UP from the buy-in row wraps to it).
SETTINGS_OFF = ("3 DOWN DOWN RIGHT DOWN RIGHT DOWN RIGHT RIGHT DOWN RIGHT DOWN DOWN RIGHT"
                + " UP" * 8 + " OK")
# New game: 5 raises each, the ante doubling every 3 games; Play.
NEW_GAME_5 = "OK" + " DOWN" * 7 + " RIGHT RIGHT" + " DOWN" * 4 + " RIGHT RIGHT SL"


def drawn(screen):
    """Every string the screen draws (ui/writer.py text), in order."""
    from ui import writer
    seen = []
    text = writer.text

    def record(fb, s, *args, **kw):
        seen.append(s)
        return text(fb, s, *args, **kw)
    writer.text = record
    try:
        screen.draw(screen.app.fb)
    finally:
        writer.text = text
    return seen


def rules_words(r):
    """The words of every Rules page, page by page, from the page shown (page 1)."""
    from ui import rulespages
    assert r.trace() == "rules 0"
    out = []
    for _ in range(rulespages.pages()):
        out.append(drawn(r.app.screen))
        r.key(K.RIGHT)
    assert r.trace() == "rules 0"
    return out


def scores(pages):
    """The points drawn beside the hand rows ("= 29"), in order."""
    return [int(s[2:]) for p in pages for s in p if s.startswith("= ")]


def test_the_rules_pages_say_the_settings_rules_not_the_defaults():
    default = rules_words(run(1, "4"))
    words = "\n".join(s for p in default for s in p)
    for line in ("7\u2663 is the joker.", "Joker joins a suit", "Joker + a pair",
                 "Two sevens: 23", "Bets or raises: 3 each.", "Blinds: before the deal,",
                 "(1 or more), the next", "The ante doubles after", "every 10 games.",
                 "left, paying the pot /", "the tied, rounded up:",
                 "Blinds count in full; the", "the last blind, or else"):
        assert line in words, line
    assert scores(default) == [29, 19, 22, 32, 31, 23, 30, 33, 34]

    changed = rules_words(run(1, SETTINGS_OFF + " 4"))
    words = "\n".join(s for p in changed for s in p)
    # The joker and two sevens off: said so, and the hands scored without them.
    assert "No joker: 7\u2663 is a 7." in words and "7\u2663 is the joker." not in words
    assert "Joker joins a suit" not in words and "No joker: 7\u2663 is a 7" in words
    assert "Two sevens: 23" not in words and "Two sevens: no 23" in words
    assert scores(changed) == [29, 19, 22, 21, 10, 9, 30, 33, 34]
    # Five raises each, no blind bets, half the pot to join a svara.
    assert "Bets or raises: 5 each." in words and "Bets or raises: 3 each." not in words
    assert "No blind bets." in words and "Blinds: before the deal," not in words
    assert "Blinds count in full; the" not in words
    assert "left, paying half the" in words and "the tied, rounded up:" not in words
    # The rising ante is a New game setting: every 10 games, as before.
    assert "every 10 games." in words


def test_rules_from_the_menu_during_play_are_the_matchs_from_the_title_the_settings():
    r = run(2, NEW_GAME_5)
    assert r.trace().startswith("table")
    assert r.app.play.match.rules.raise_cap == 5 and settings.PREFS[2] == 3
    r.key(K.SR)
    r.key(K.D0 + 3)                                   # the menu's Rules
    words = "\n".join(s for p in rules_words(r) for s in p)
    assert "Bets or raises: 5 each." in words
    assert "The ante doubles after" in words and "every 3 games." in words
    assert "All pay the ante (1);" in words
    r.key(K.END)                                      # back to the match
    assert r.trace().startswith("table")
    # Settings during the match: one raise each, for the next new game only.
    r.key(K.SR)
    r.key(K.D0 + 4)
    assert r.trace().startswith("settings")
    for c in (K.DOWN, K.DOWN, K.DOWN, K.DOWN, K.LEFT, K.LEFT, K.LEFT, K.LEFT, K.UP, K.UP,
              K.UP, K.UP, K.UP, K.OK):
        r.key(c)
    assert r.app.cfg[settings.CAP] == 1 and r.trace().startswith("table")
    r.key(K.SR)
    r.key(K.D0 + 3)
    words = "\n".join(s for p in rules_words(r) for s in p)
    assert "Bets or raises: 5 each." in words and "One bet or raise" not in words
    r.key(K.END)
    # Play on to the fourth game: its ante has doubled, and the pages say so.
    for _ in range(400):
        if r.app.play.games == 4 and r.trace().startswith("table"):
            break
        r.key(K.OK)
    assert r.app.play.games == 4 and r.app.play.match.rules.ante == 2
    r.key(K.SR)
    r.key(K.D0 + 3)
    words = "\n".join(s for p in rules_words(r) for s in p)
    assert "All pay the ante (2);" in words and "(2 or more), the next" in words
    # From the title the pages say the settings: one bet or raise, ante 1.
    r.key(K.END)
    r.key(K.END)                                      # leave the match?
    r.key(K.OK)
    assert r.trace().startswith("title")
    r.key(K.D0 + 4)
    words = "\n".join(s for p in rules_words(r) for s in p)
    assert "One bet or raise each." in words and "Up to 5" not in words
    assert "All pay the ante (1);" in words


def expected_lines(lines, rules, rise):
    """A text page's lines as the rules in force choose them (i18n/src/en.py says how):
    an oracle written apart from ui/rulespages.py."""
    from svara.rules import BUY_INS
    cap = rules.raise_cap
    pick = {"A": (0, rules.ante),
            "B": (1, rules.min_blind) if rules.blinds else (0, 0),
            "C": (0, 0) if cap is None else (1, 1) if cap == 1 else (2, cap),
            "J": (int(rules.joker), 0),
            "R": (1, settings.RISE_GAMES[rise]) if rise else (0, 0),
            "U": (BUY_INS.index(rules.buy_in), 0)}
    out = []
    for x in lines:
        if isinstance(x, str):
            out.append(x)
            continue
        k, v = pick[x[0]]
        out.extend(s % v if "%" in s else s for s in x[1 + k])
    return out


VARIANTS = (
    dict(),
    dict(joker=False, two_sevens=False, raise_cap=None, blinds=False, buy_in="free"),
    dict(raise_cap=1, ante=10, min_blind=20, buy_in="half"),
    dict(raise_cap=9, ante=3, blinds=True, buy_in="split"),
)


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_every_page_says_the_chosen_rules_in_every_language(code):
    from svara.rules import Rules
    from ui import rulespages
    Tc = i18n.use(code)
    try:
        r = run(1, "4")
        screen = r.app.screen
        for n, variant in enumerate(VARIANTS):
            rules = Rules(**variant)
            rise = n % 4
            settings.PREFS[2] = rise
            screen.rules = rules
            seen = []
            for k in range(rulespages.pages()):
                screen.page = k
                words = drawn(screen)
                seen.extend(words)
                if k >= 3:
                    # A text page: its title and number, its lines (on the keys page
                    # the version), the help line and the two soft keys.
                    title, lines = Tc.TEXT_PAGES[k - 3]
                    assert words[0] == title and words[1] == Tc.PAGE % (k + 1, 10)
                    body = words[2:-4] if k == 7 else words[2:-3]
                    assert body == expected_lines(lines, rules, rise), (code, variant, k)
            card = expected_lines(Tc.CARD_POINT_LINES, rules, rise)
            assert all(line in seen for line in card), (code, variant)
            off = Tc.HAND_OFF
            assert (off[0] in seen) == (not rules.joker) and (off[1] in seen) == (not rules.joker)
            assert (off[2] in seen) == (not rules.two_sevens)
            assert (Tc.HAND_ROWS[3][0] in seen) == rules.joker
            assert (Tc.HAND_ROWS[5][0] in seen) == rules.two_sevens
    finally:
        i18n.use("en")
        settings.PREFS[2] = 1


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_hash_keys_presets_are_said_as_they_play(code):
    # Item 20: the Keys page said "#  all in, half pot, pot"; the first preset is the most
    # allowed (capped by the poorest player still in), the others poker's half-pot and
    # pot raises. A page of its own says them in the order # steps through them, with
    # the words the help line says for each (T.PRESETS).
    Tc = i18n.use(code)
    try:
        pages = [p for p in Tc.TEXT_PAGES if str(p[1][0]).startswith("# ")]
        assert len(pages) == 1, code
        text = " ".join(pages[0][1]).lower()
        at = 0
        for name in Tc.PRESETS:
            k = text.find(name.lower(), at)
            assert k >= 0, (code, name, text)
            at = k + len(name)
        keys_page = [p for p in Tc.TEXT_PAGES if any(str(s).startswith("#  ") for s in p[1])]
        assert len(keys_page) == 1
    finally:
        i18n.use("en")
    if code == "en":
        text = "\n".join(s for p in Tc.TEXT_PAGES for s in p[1] if isinstance(s, str))
        assert "all in" not in text
        for words in ("The most allowed: what", "the poorest player still", "in has in all",
                      "half the pot (rounded", "your call counted in it."):
            assert words in text, words
