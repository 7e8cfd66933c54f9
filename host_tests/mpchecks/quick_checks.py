"""A match with the default quick settings, played from the title by keys as a person
plays it: New game, every setting left as it comes, Play; on the person's turn CALL when
a bet is offered to call, else OK (the default move: the least open bet, no blind, no
join); OK on every result. The ante doubles every 10 games unless another choice was
saved, and such a match ends on the game-over screen in tens of games, under 100. What
the player sees is read from the texts the screens draw: the table's game number "#N",
"Game over", and the Games row of the statistics. The same checks on CPython and
MicroPython (drawing nothing, so CPython's slow framebuf stand-in is not in the way)."""
from drivers import keys as K

from harness import Blank, CuttingFS, press

MOST_KEYS = 3000            # a match of hundreds of games would need more than this
SEEDS = (1, 2, 3)
EVERY = 10                  # the default: the ante doubles after every 10 games


class Seen:
    """Records the texts the screens draw (ui.writer.text) while it is on."""

    def __init__(self):
        from ui import writer
        self.texts = []
        self.writer = writer
        self.real = writer.text
        seen = self

        def text(fb, s, x, y, colour, font=None, bg=-1, end=0):
            seen.texts.append(s)
            return x + writer.width(s, font)
        self.fake = text

    def __enter__(self):
        self.writer.text = self.fake
        return self

    def __exit__(self, *exc):
        self.writer.text = self.real

    def clear(self):
        del self.texts[:]

    def after(self, label):
        """The text drawn right after `label` (a row's value), or None."""
        t = self.texts
        for i in range(len(t) - 1):
            if t[i] == label:
                return t[i + 1]
        return None

    def game_number(self):
        """The last game number the table's header drew ("#N"), or None."""
        n = None
        for s in self.texts:
            if len(s) > 1 and s[0] == "#" and s[1:].isdigit():
                n = int(s[1:])
        return n


def _turn(app):
    """The key a caller presses on the table: CALL if a call is offered, else OK."""
    for action, lo, hi in app.screen.legal:
        if action == 1:
            return K.CALL
    return K.OK


def play_default_match(seed):
    """From the title of a fresh handset (no saves) to the game-over screen with the
    default settings: (the last game number the table showed, the Games the statistics
    then show, the antes played, the texts of the game-over screen)."""
    from app import App
    from i18n import strings
    T = strings()
    app = App(Blank(), seed=seed)
    with Seen() as seen:
        app.start()
        press(app, (K.OK,))                     # New game, as it comes
        assert app.screen.name == "options", app.trace()
        assert seen.after(T.OPT_RISE) == T.RISE_EVERY % EVERY, seen.texts
        press(app, (K.SL,))                     # Play
        last = None
        antes = []
        n = 0
        while app.screen.name != "gameover":
            assert n < MOST_KEYS, "seed %d: no game over after %d keys: %s" % (
                seed, n, app.trace())
            seen.clear()
            ante = app.play.match.rules.ante
            if not antes or antes[-1][1] != ante:
                antes.append((app.play.games, ante))
            t = app.trace()
            press(app, (_turn(app) if t.startswith("table turn") else K.OK,))
            shown = seen.game_number()
            if shown is not None:
                last = shown
            n += 1
        over = list(seen.texts)
        seen.clear()
        press(app, (K.END, K.D0 + 5))           # the title, then Statistics
        assert app.screen.name == "stats", app.trace()
        games = seen.after(T.STAT_NAMES[2])
    return last, games, antes, over


def test_a_default_match_from_the_title_ends_in_under_100_games():
    from i18n import strings
    T = strings()
    for seed in SEEDS:
        last, games, antes, over = play_default_match(seed)
        assert T.GAME_OVER in over and (T.YOU_WON in over or T.YOU_OUT in over), over
        # Statistics count the games of the match; the table showed their numbers (the
        # last game can go straight to its showdown: nobody has chips left to bet).
        assert games is not None and games.isdigit(), (seed, games)
        games = int(games)
        assert 10 <= games < 100, (seed, games)
        assert last is not None and games - 2 <= last <= games, (seed, last, games)
        # The ante doubled after every tenth game: 1 in games 1-10, 2 in 11-20, ...
        for started, ante in antes:
            assert ante == 1 << ((started - 1) // EVERY), (seed, antes)
        assert len(antes) == (games - 1) // EVERY + 1, (seed, antes, games)


def _new_game_row(files):
    """The Ante doubles row's value on New game, on a handset whose saves are `files`."""
    from app import App
    from i18n import strings
    from store import Store
    T = strings()
    fs = CuttingFS(files)
    app = App(Blank(), seed=1, store=Store("saves", fs=fs))
    with Seen() as seen:
        app.start()
        seen.clear()
        press(app, (K.OK,))
        return seen.after(T.OPT_RISE), fs


def _settings(value):
    """The files of a handset whose "settings" save holds `value`."""
    from store import Store
    fs = CuttingFS()
    Store("saves", fs=fs).save("settings", value)
    return fs.files


def test_every_10_unless_another_choice_was_saved_off_included():
    from i18n import strings
    from store import Store
    import settings
    T = strings()
    try:
        assert _new_game_row({})[0] == T.RISE_EVERY % EVERY        # a fresh handset
        # Settings saved before the choice existed (no "rise"): the default too.
        assert _new_game_row(_settings({"lang": "en", "four": 1}))[0] == T.RISE_EVERY % EVERY
        row, fs = _new_game_row(_settings({"lang": "en", "rise": 0}))
        assert row == T.ON_OFF[0] and settings.PREFS[2] == 0       # off stays off
        assert Store("saves", fs=fs).load("settings")["rise"] == 0
        assert _new_game_row(_settings({"rise": 2}))[0] == T.RISE_EVERY % 5
    finally:
        settings.PREFS[2] = 1                      # the default, as App.start sets it
