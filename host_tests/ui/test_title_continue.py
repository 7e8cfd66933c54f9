"""The title's greyed Continue (issue 25, item 14): with no game to continue the
cursor may rest on it (the rows keep their places), but it is drawn as a gold frame
round a grey label, never as a row that opens; OK there opens nothing and the help
line says why. The issue's keys, run headless as `python -m tools.sim` runs them."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from drivers import keys as K  # noqa: E402
from drivers.display import BLACK, FELT_DARK, GOLD, GREY  # noqa: E402
from conftest import pixel  # noqa: E402
from ui_helpers import T, run, help_line, drawn_help  # noqa: E402

TITLE_ROW = 57          # the title's first row (rows 13 pixels high)


def _row_pixels(r, top, h=13):
    f = r.frame()
    return [pixel(f, x, y) for y in range(top, top + h - 1) for x in range(4, 124)]


def test_the_cursor_on_a_greyed_continue_is_a_frame_and_ok_says_why():
    r = run(1, "DOWN")
    f = r.frame()
    row = TITLE_ROW + 13
    assert pixel(f, 4, row) == GOLD and pixel(f, 60, row + 6) != GOLD, "a frame, not a fill"
    ink = set(_row_pixels(r, row)) - {GOLD, FELT_DARK}
    assert ink == {GREY}, ink                    # the label stays grey
    r.key(K.OK)                                  # the OK: nothing opens
    assert r.trace() == "title" and help_line(r) == drawn_help(T.NO_MATCH)
    assert _row_pixels(r, row) == _row_pixels(run(1, "DOWN"), row)   # still greyed
    r.key(K.DOWN)                                # Settings: a gold row, the keys' help
    assert pixel(r.frame(), 60, TITLE_ROW + 26 + 1) == GOLD
    assert help_line(r) == drawn_help(T.HELP_MENU)
    r.key(K.OK)
    assert r.trace().startswith("settings")


def test_a_digit_on_the_greyed_continue_moves_there_and_says_why():
    r = run(1, "2")
    assert r.trace() == "title" and r.app.screen.selected == 1
    assert help_line(r) == drawn_help(T.NO_MATCH)
    f = r.frame()
    assert pixel(f, 4, TITLE_ROW + 13) == GOLD and pixel(f, 60, TITLE_ROW + 1) != GOLD


def test_with_a_match_continue_is_a_row_like_the_others():
    r = run(1, "OK SL END OK DOWN")              # a match left with END; on Settings
    r.key(K.UP)                                  # Continue
    f = r.frame()
    assert pixel(f, 60, TITLE_ROW + 13 + 1) == GOLD
    assert BLACK in _row_pixels(r, TITLE_ROW + 13)
    assert help_line(r) == drawn_help(T.HELP_MENU)


def test_continue_after_a_restart_shows_the_game_as_it_was_left():
    # Issue 43, 10: the game is saved at a person's move, not at the bots' after it; on
    # Continue after a restart (a reload of the web page, the window opened again) the
    # bots' moves since came back one by one, thinking and popping up again, as if the
    # game had stepped back. They are played at once: the table opens at your turn, as
    # it was left.
    from app import App
    from drivers.simdisplay import SimDisplay
    from store import Store
    from mpchecks import saves_checks
    fs = saves_checks.CutFS()
    app = App(SimDisplay(), seed=5, store=Store("saves", fs=fs))
    app.start()
    saves_checks.press(app, (K.OK, K.SL))             # New game (you and 3 bots), Play
    for _ in range(12):
        if app.trace().startswith("table turn"):
            break
        saves_checks.press(app, (K.OK,))
    saves_checks.press(app, (K.OK,))                  # your move: the bots play after it
    while not app.trace().startswith("table turn"):
        saves_checks.press(app, (K.OK,))
    g = app.play.game
    assert app.play.last_seat >= 1, "a bot moved last"
    left = (app.trace(), bytes(g.log), app.display.frame_bytes())
    again = App(SimDisplay(), seed=5, store=Store("saves", fs=saves_checks.CutFS(fs.files)))
    again.start()
    again.key(saves_checks.CONTINUE)
    for _ in range(3):                                # the screen opens: no clock passes
        if again.trace().startswith("table"):
            break
        again.idle()
    assert again.trace() == left[0], (again.trace(), left[0])      # not "table think"
    assert bytes(again.play.game.log) == left[1]
    assert again.display.frame_bytes() == left[2]              # the same screen
