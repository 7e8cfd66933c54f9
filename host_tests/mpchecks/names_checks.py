"""People's names (firmware/ui/names.py, session.py, saving.py): multi-tap typing in
English and Bulgarian, the name at the table, names and each person's own figures kept
over a restart, every match starting everyone with the Stack setting (issue 25: no
chips carried from match to match), damaged "players" files. The same checks on
CPython and MicroPython."""
from drivers import keys as K
from store import Store

import harness
from harness import Blank, CuttingFS, press

D = K.D0
# Title -> Settings (3) -> the Names row (third from the bottom) -> the list of slots.
TO_NAMES = (D + 3, K.UP, K.UP, K.UP, K.OK)
# New game (1 on the title), 2 people, 0 bots, stack 20; Play (host_tests/keys/hotseat2.keys, seed 2).
HOTSEAT2 = (D + 1, D + 2, K.DOWN, D + 0, K.DOWN, K.DOWN, K.LEFT, K.LEFT, K.SL)
# ...then both bet everything (# the most, OK) to the game over: P2 wins 40 to 0.
ALL_IN = (K.HASH, K.OK) * 7


def phone(fs, seed=2):
    return harness.phone(fs, seed, Blank())


class Texts:
    """Records every string the screens draw (writer.text), while in a with block."""

    def __enter__(self):
        from ui import writer
        self.real = writer.text
        self.seen = []
        seen = self.seen

        def text(fb, s, x, y, colour, font=None, bg=-1, end=0):
            seen.append(s)
            return x + writer.width(s, font)
        writer.text = text
        return self

    def __exit__(self, *exc):
        from ui import writer
        writer.text = self.real


def typed(app, slot, codes):
    """Open slot `slot` (0-based) of the names list, press the codes, and return the
    editor's trace."""
    press(app, (K.DOWN,) * slot + (K.OK,) + tuple(codes))
    return app.trace()


def names(app):
    return app.players["names"]


# --- typing ------------------------------------------------------------------------------

def test_multi_tap_types_an_english_name():
    app = phone(CuttingFS())
    press(app, TO_NAMES)
    assert app.trace() == "names 0 ", app.trace()
    # 2 = abc2, 6 = mno6: A (a capital to start), n (6 twice), a (another key settles n).
    t = typed(app, 0, (D + 2, D + 6, D + 6, D + 2))
    assert "text=Ana pend=2" in t, t
    assert not app.idle(), "waiting for the pause answers NOTHING (the simulator stops)"
    press(app, (K.OK,))
    assert app.trace() == "names 0 Ana" and names(app) == ["Ana"]
    # Bob: after RIGHT the same key starts a new letter.
    t = typed(app, 1, (D + 2, D + 2, D + 6, D + 6, D + 6, K.RIGHT, D + 2, D + 2))
    assert "text=Bob" in t, t
    press(app, (K.OK,))
    assert names(app) == ["Ana", "Bob"], names(app)
    # A pause (idle() with no key, ~1 s on the handset) settles the letter too.
    press(app, (K.DOWN, K.OK, D + 2))
    for _ in range(150):
        app.idle()
    press(app, (D + 2, D + 7, D + 7, D + 7, D + 7))     # 7 = pqrs7
    assert "text=Aas pend=7" in app.trace(), app.trace()
    # LEFT deletes; # steps the case (abc, then ABC: the pending d becomes D); 1 is
    # punctuation (. then ,).
    press(app, (K.LEFT, K.LEFT, K.HASH, D + 3, K.HASH, D + 4, D + 4, D + 1, D + 1))
    assert "text=ADH, pend=1 case=2" in app.trace(), app.trace()
    # An eighth letter does not fit the table's seat label: refused with a note.
    press(app, (D + 5, D + 9, D + 6, D + 8))
    t = app.trace()
    assert "text=ADH,JWM pend=-1 case=2 note" in t, t
    press(app, (K.END,))                    # END: the name is left as it was (none)
    assert app.trace() == "names 2 Ana|Bob", app.trace()


def test_an_empty_name_is_refused_and_bad_keys_break_nothing():
    app = phone(CuttingFS())
    press(app, TO_NAMES)
    t = typed(app, 0, (D + 0, K.OK))        # a lone space: empty once trimmed
    assert t.startswith("names edit 0") and t.endswith(" note"), t
    assert names(app) == []
    for c in range(1, 22):                  # every other key on the editor, twice
        if c not in (K.SL, K.SR, K.OK, K.END):
            press(app, (c, c))
            assert app.errors == 0 and app.screen.name == "names", app.trace()
    assert "text=" in app.trace() and app.players["names"] == []
    press(app, (K.SR,) + (K.UP,) * 30 + (K.END,))
    assert app.screen.name == "options" and app.errors == 0, app.trace()
    # Back in Settings on the Names row: OK opens it again.
    press(app, (K.OK,))
    assert app.screen.name == "names"


def test_multi_tap_types_a_bulgarian_and_a_russian_name():
    import i18n
    try:
        i18n.use("bg")
        app = phone(CuttingFS())
        press(app, TO_NAMES)
        # 4 = ийкл4, 2 = абвг2, 5 = мноп5: И, в (2 three times), RIGHT, а, н.
        t = typed(app, 0, (D + 4, D + 2, D + 2, D + 2, K.RIGHT, D + 2, D + 5, D + 5))
        assert "text=Иван" in t, t
        press(app, (K.OK,))
        assert names(app) == ["Иван"]
        # Bulgarian phones have no ё, ы, э: 3 = дежз3, 8 = шщъ8, 9 = ьюя9.
        t = typed(app, 1, (D + 9, D + 9, D + 9, D + 8, D + 8, D + 8, D + 8, D + 3))
        assert "text=Я8д" in t, t
        press(app, (K.END,))
        i18n.use("ru")
        app = phone(CuttingFS())
        press(app, TO_NAMES)
        # 3 = деёжз3: Ё is its third letter; # # gives capitals from then on.
        t = typed(app, 0, (D + 3, D + 3, D + 3, K.RIGHT, D + 3, D + 3, D + 3, D + 3,
                           K.RIGHT, K.HASH, K.HASH, D + 8, D + 8, D + 8, D + 8, D + 9, D + 9))
        assert "text=ЁжЫЭ" in t, t
        press(app, (K.OK,))
        assert names(app) == ["ЁжЫЭ"]
    finally:
        i18n.use("en")


# --- the names in play -------------------------------------------------------------------

def test_the_names_show_at_the_table_and_on_the_cover():
    from i18n import strings
    T = strings()
    app = phone(CuttingFS())
    press(app, TO_NAMES)
    typed(app, 0, (D + 2, D + 6, D + 6, D + 2, K.OK))
    typed(app, 1, (D + 2, D + 2, D + 6, D + 6, D + 6, K.RIGHT, D + 2, D + 2, K.OK))
    press(app, (K.END, K.END))              # back to the title
    with Texts() as t:
        press(app, HOTSEAT2)
    first = app.play.game.to_act
    who = ("Ana", "Bob")[first]
    assert app.trace().startswith("table cover"), app.trace()
    assert T.COVER_TO % who in t.seen, t.seen
    with Texts() as t:
        press(app, (K.OK,))                 # the person looks: the table
    assert "Ana" in t.seen and "Bob" in t.seen, t.seen
    assert "P1" not in t.seen and "P2" not in t.seen


# --- names kept, and the Stack for everyone -------------------------------------------------

def _bob_wins_a_match(fs):
    """Name P2 Bob, then play the hot-seat match to its game over (P2 wins 40 to 0)."""
    app = phone(fs)
    press(app, TO_NAMES)
    typed(app, 1, (D + 2, D + 2, D + 6, D + 6, D + 6, K.RIGHT, D + 2, D + 2, K.OK))
    press(app, (K.END, K.END))
    press(app, HOTSEAT2 + ALL_IN)
    assert app.trace() == "gameover winner=1 stacks=0,40", app.trace()
    return app


def test_names_and_each_persons_figures_survive_a_restart():
    fs = CuttingFS()
    app = _bob_wins_a_match(fs)
    assert app.players == {"names": ["", "Bob"]}, app.players
    again = phone(CuttingFS(fs.files))
    assert again.trace() == "title", again.trace()
    assert again.players == {"names": ["", "Bob"]}, again.players
    # Statistics: the table's page, then P1's and Bob's own (matches, won, games, won,
    # profit/loss).
    press(again, (D + 5,))
    assert again.trace() == "stats 1 1 1 1 1 21 40 0", again.trace()
    press(again, (K.RIGHT,))
    assert again.trace() == "stats P1 1 0 1 0 -20", again.trace()
    press(again, (K.RIGHT,))
    assert again.trace() == "stats Bob 1 1 1 1 20", again.trace()


def test_every_match_starts_everyone_with_the_stack_setting():
    """Issue 25, item 17: Play again after Bob took all 40 chips seats both with the
    Stack (20) again; what Bob won stays in his profit/loss."""
    fs = CuttingFS()
    app = _bob_wins_a_match(fs)
    press(app, (K.OK,))                     # Play again: the same settings
    assert app.screen.name == "table", app.trace()
    p = app.play
    assert p.match.stacks == [20, 20] and p.total == 40, p.match.stacks
    # After a restart, a new game with a bot: everyone at the Stack (20 in these settings).
    again = phone(CuttingFS(fs.files))
    press(again, (K.OK, D + 2, K.DOWN, D + 1, K.SL))   # 2 people and 1 bot: the
    assert again.trace().endswith(" replace?"), again.trace()  # saved match is asked
    press(again, (K.OK,))                                # about; OK replaces it
    assert again.screen.name == "table", again.trace()
    assert again.play.match.stacks == [20, 20, 20], again.play.match.stacks


# --- damaged files -------------------------------------------------------------------------

def _two_players_saves():
    fs = CuttingFS()
    store = Store("saves", fs=fs)
    store.save("players", {"names": ["Ann"]})
    store.save("players", {"names": ["Ana"]})
    return fs


def test_a_damaged_players_file_starts_from_the_older_copy_with_a_note():
    fs = _two_players_saves()
    new = harness.copies(fs.files, "saves/players")[0]
    d = fs.files[new]
    fs.files[new] = d[:len(d) // 2]
    app = phone(fs)
    t = app.trace()
    assert t.startswith("title note: Save damaged: players") and "Older copy used" in t, t
    assert app.players == {"names": ["Ann"]}
    press(app, (K.OK, K.SL))
    assert app.play.name(0) == "Ann"


def test_players_files_with_no_good_copy_or_odd_content_start_afresh():
    fs = _two_players_saves()
    new, older = harness.copies(fs.files, "saves/players")
    fs.files[new] = b"SVR garbage"
    fs.files[older] = b""
    app = phone(fs)
    t = app.trace()
    assert t.startswith("title note: Save damaged: players") and "Started afresh" in t, t
    assert app.players == {"names": []}
    press(app, (K.OK, K.SL))
    assert app.screen.name == "table" and app.play.match.stacks[0] == 100
    # A whole file with odd content: bad names read as the defaults.
    fs = CuttingFS()
    Store("saves", fs=fs).save("players", {
        "names": [5, "Maximilian", "You", " Lu", "P5", "Zoë", "a\nb", "Ok", "\u6f22", "A\x7f"]})
    app = phone(fs)
    # (no glyph for a Chinese letter nor for DEL, past ASCII's printable letters: read
    # as the default, "", which ends the list as a trailing one does)
    assert app.players == {"names": ["", "", "You", "", "P5", "Zoë", "", "Ok"]}, app.players
    # A whole file that is not a players' dict at all is damaged (issue 15): the copy
    # before it, and a note.
    Store("saves", fs=fs).save("players", ["not", "a", "dict"])
    app = phone(fs)
    assert app.players == {"names": ["", "", "You", "", "P5", "Zo\u00eb", "", "Ok"]}
    assert app.trace().startswith("title note: Save damaged: players"), app.trace()
    press(app, (K.OK, K.SL))
    assert app.screen.name == "table"
