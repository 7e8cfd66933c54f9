"""The simulator and the app loop: headless screenshots, the same frames on CPython and
MicroPython, clear refusals, the heap budget, and main.py's start-up order."""
import os
import subprocess
import sys
import time

import pytest

from conftest import KEYS, ROOT, run_main

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

from tools.sim import core as simcore  # noqa: E402
from drivers import keys  # noqa: E402
from drivers.display import FELT, GOLD, PALETTE  # noqa: E402
from drivers.simdisplay import SimDisplay  # noqa: E402

SIM = ["-m", "tools.sim"]
# Through the title menu: Settings and back, the rules pages turned, statistics.
SCRIPT = "DOWN DOWN OK END UP 4 RIGHT RIGHT END 5 OK"


def sim(*args, env_drop=(), timeout=60):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for name in env_drop:
        env.pop(name, None)
    return subprocess.run([sys.executable] + SIM + list(args), capture_output=True,
                          text=True, timeout=timeout, env=env, cwd=ROOT)


def gs4(frame, x, y):
    b = frame[(y * 128 + x) >> 1]
    return b & 15 if x & 1 else b >> 4


def test_headless_run_writes_a_png_per_key_at_panel_size(tmp_path):
    import pygame
    out = sim("--keys", "DOWN OK", "--shots", str(tmp_path), "--trace")
    assert out.returncode == 0, out.stderr
    assert sorted(os.listdir(tmp_path)) == ["0000.png", "0001.png", "0002.png"]
    shots = [pygame.image.load(str(tmp_path / n)) for n in sorted(os.listdir(tmp_path))]
    assert all(s.get_size() == (128, 160) for s in shots)
    # "New game" is highlighted first, then "Continue" one row (13 px) lower: with no
    # game to continue, a gold frame round its grey label, not a gold row (issue 25).
    gold = pygame.Color(*rgb(PALETTE[GOLD]))
    assert shots[0].get_at((10, 58)) == gold and shots[0].get_at((10, 71)) != gold
    assert shots[1].get_at((4, 75)) == gold and shots[1].get_at((10, 71)) != gold
    assert shots[1].get_at((10, 58)) != gold
    # No game yet: Continue stays on the title (and says so there).
    assert out.stdout.split("\n")[:3] == ["0000 -     title", "0001 DOWN  title",
                                          "0002 OK    title"]
    assert any(shots[2].get_at((x, y)) != shots[1].get_at((x, y))
               for x in range(128) for y in range(135, 146))


def rgb(c):
    r, g, b = c >> 11, (c >> 5) & 63, c & 31
    return (r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2)


def test_scale_option_scales_the_shots(tmp_path):
    import pygame
    assert sim("--keys", "", "--shots", str(tmp_path), "--scale", "3").returncode == 0
    assert pygame.image.load(str(tmp_path / "0000.png")).get_size() == (384, 480)


def test_keys_from_a_file_with_comments(tmp_path):
    script = tmp_path / "keys.txt"
    script.write_text("DOWN  # to Continue\nDOWN # to Settings\nOK\n")
    out = sim("--keys", "@" + str(script), "--trace")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1].split()[2] == "settings"


@pytest.mark.micropython
@pytest.mark.smoke
def test_micropython_draws_the_same_frames_as_cpython_at_every_step():
    codes = simcore.parse_keys(SCRIPT)
    ours = simcore.run(codes, seed=7)
    theirs = simcore.run(codes, seed=7, micropython=True, heap=128 * 1024)
    assert len(ours.frames) == len(theirs.frames) == len(codes) + 1
    assert len(set(ours.frames)) >= 4        # the script really changes the screen
    for i, (a, b) in enumerate(zip(ours.frames, theirs.frames)):
        assert a == b, "frame %d differs (after %s)" % (i, SCRIPT.split()[i - 1])
    assert ours.traces == theirs.traces
    assert not theirs.heap_grew


def test_unknown_key_name_is_refused_with_the_valid_names():
    out = sim("--keys", "OK JUMP")
    assert out.returncode == 2
    assert "unknown key 'JUMP'" in out.stderr and "STAR HASH" in out.stderr


def test_no_display_and_no_keys_refuses_quickly():
    start = time.monotonic()
    out = sim(env_drop=("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"), timeout=20)
    assert out.returncode == 2
    assert "no display" in out.stderr and "--keys" in out.stderr
    assert time.monotonic() - start < 10
    out = sim()     # SDL_VIDEODRIVER=dummy: a window no one would see
    assert out.returncode == 2 and "no display" in out.stderr


@pytest.mark.micropython
def test_micropython_runs_the_menus_in_a_141k_heap():
    # The whole firmware's code is loaded into RAM here (no frozen modules in the
    # WebAssembly port): with it, the firmware needs more than 96 KB (see tools/bench/play.py).
    # Issue 23's code (pacing by the clock, partial redraws) made 128 KB grow, as it did
    # test_whole_matches' match; the handset's budgets are the unix-port runs'. 136 KB was
    # the smallest that held at 4205d2f (135 grew); its seventh pass's code (the game's
    # save as a pair, a game's end saved at the next key, the collector's pace, frames of
    # some rows) needs 137 KB here, while the unix port's .mpy run (the handset's budget,
    # 128 KB) went 127.00 -> 127.50 KB. The eighth pass's (the game's pair in a folder of
    # its own: store.py's code the largest part; words read from the views) needs 140 KB
    # (139 grew; dc50b1e held at 137 and 138), while the unix port's .mpy run of 10,000
    # random keys stayed within 128 KB (docs/SPEED.md, eighth pass). 140 held by luck:
    # at d2557f7 140 KB held and 140.25, 140.5 and 140.75 grew; issue 43's code (a svara's
    # join said, one more word) needs 141 KB (140 grew).
    out = sim("--keys", SCRIPT, "--micropython", "--heap", str(141 * 1024), "--trace")
    assert out.returncode == 0, out.stderr
    assert len(out.stdout.splitlines()) == len(SCRIPT.split()) + 1


@pytest.mark.micropython
@pytest.mark.slow
def test_the_bots_match_fits_64k_in_the_frozen_build_model_and_says_so_when_not(tmp_path):
    """The issue's command for outside checks: the bots match, saving as the handset
    does, in a 64 KB heap as a frozen build has it (tools/mp/frozen.py): exit 0. The same
    without --frozen (all the code in this port's heap too) does not fit and says so."""
    keys = "@" + os.path.join(KEYS, "bots4.keys")
    args = ("--keys", keys, "--seed", "14", "--micropython", "--heap", "65536", "--trace")
    out = sim(*args + ("--frozen", "--save-dir", str(tmp_path / "a")))
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1].split()[2] == "gameover"
    out = sim(*args + ("--save-dir", str(tmp_path / "b")))
    assert out.returncode == 3
    assert "grow past --heap 65536" in out.stderr


@pytest.mark.micropython
def test_micropython_heap_overrun_is_reported():
    out = sim("--keys", "DOWN", "--micropython", "--heap", "16384")
    assert out.returncode == 3
    assert "grow past --heap 16384" in out.stderr


# -- the app loop -----------------------------------------------------------------------

def started():
    from app import App
    display = SimDisplay()
    app = App(display, seed=3)
    app.start()
    return app, display


def test_a_key_that_changes_nothing_shows_nothing():
    app, display = started()
    before = display.frame_bytes()
    app.key(keys.RIGHT)
    assert display.shown == 1 and display.frame_bytes() == before


def test_moving_the_highlight_redraws_only_the_two_menu_rows():
    app, display = started()
    before = display.frame_bytes()
    app.key(keys.DOWN)
    after = display.frame_bytes()
    assert display.shown == 2
    changed = {i // 64 for i in range(len(before)) if before[i] != after[i]}
    assert changed and min(changed) >= 57 and max(changed) < 57 + 26
    assert gs4(after, 4, 75) == GOLD and gs4(after, 10, 58) != GOLD     # (a frame: greyed)


def test_screens_switch_and_come_back_where_they_were():
    app, display = started()
    app.key(keys.DOWN)
    app.key(keys.DOWN)
    app.key(keys.DOWN)
    title = display.frame_bytes()
    app.key(keys.OK)
    # The app lets the title go at once and opens the next screen in its next idle().
    assert app.screen.name == "title" and app.trace() == "opening rulespages"
    assert app.idle() and not app.idle()
    assert app.screen.name == "rules" and app.trace() == "rules 0"
    assert app.screen.help
    app.key(keys.END)
    while app.idle():
        pass
    assert app.screen.name == "title" and display.frame_bytes() == title


def test_seeded_apps_hand_out_the_same_game_seeds():
    from app import App
    a = App(SimDisplay(), seed=42)
    b = App(SimDisplay(), seed=42)
    seeds = [a.new_seed() for _ in range(5)]
    assert seeds == [b.new_seed() for _ in range(5)]
    assert len(set(seeds)) == 5 and all(0 <= s < 1 << 30 for s in seeds)


@pytest.mark.micropython
def test_keys_and_show_allocate_almost_nothing_under_micropython(micropython):
    # Moving in a menu and show() make no garbage but the one 16-byte view of each string
    # drawn (ui/writer.py reads a str's UTF-8 bytes through a memoryview, so that drawing
    # interns no character for good): measured between calls, where this port collects.
    micropython.exec(
        "import gc, micropython\n"
        "from drivers.simdisplay import SimDisplay\n"
        "import app\n"
        "_a = app.App(SimDisplay())\n_a.start()\n"
        "def _keys(a):\n"
        "    before = gc.mem_alloc()\n"
        "    for k in (4, 4, 3, 6, 5, 20):\n"
        "        a.key(k)\n"
        "    a.display.show()\n"
        "    return a.display.shown, gc.mem_alloc() - before\n")
    micropython.exec("gc.collect()")
    # DOWN DOWN UP (each shows), RIGHT LEFT * (nothing to do), then show(): 1 + 3 + 1.
    shown, used = micropython.exec("print(*_keys(_a))").split()
    assert shown == "5"
    assert int(used) <= 3 * 4 * 16, used   # at most 4 strings drawn a key: 2 rows, help


def test_main_makes_the_display_before_the_keypad_and_runs_the_app(monkeypatch):
    order = []

    class Pad:
        def __init__(self):
            self.codes = [keys.DOWN, 0, keys.OK]

        def get(self):
            if not self.codes:
                raise KeyboardInterrupt
            return self.codes.pop(0)

    displays = []

    def display():
        order.append("display")
        displays.append(SimDisplay())
        return displays[0]

    def keypad():
        order.append("keypad")
        return Pad()

    run_main(monkeypatch, display, keypad)
    assert order == ["display", "keypad"]
    assert displays[0].shown == 3       # start, DOWN, then the placeholder page


def test_main_without_a_board_says_so(monkeypatch, capsys):
    import main
    monkeypatch.setitem(sys.modules, "board", None)
    main.main()
    assert "no board module" in capsys.readouterr().out


def test_window_runs_with_clicks_and_keys(monkeypatch, tmp_path):
    import pygame
    from tools.sim import window as simwindow
    monkeypatch.setattr(simwindow, "display_available", lambda: True)
    script = [
        [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")],
        [pygame.event.Event(pygame.KEYUP, key=pygame.K_DOWN, mod=0)],
        "click OK",
        [pygame.event.Event(pygame.QUIT)],
    ]
    real_get = pygame.event.get

    captions = []

    def fake_get():
        real_get()
        captions.append(pygame.display.get_caption()[0])
        step = script.pop(0) if script else [pygame.event.Event(pygame.QUIT)]
        if step == "click OK":
            window_pos = simwindow.current.buttons[4][0].center
            return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=window_pos)]
        return step

    monkeypatch.setattr(pygame.event, "get", fake_get)
    opts = {"scale": 2, "micropython": False, "seed": 1, "heap": None, "trace": False,
            "shots": str(tmp_path)}
    assert simwindow.play(opts) == 0
    assert sorted(os.listdir(tmp_path)) == ["0000.png", "0001.png", "0002.png"]
    assert captions[0] == "Svara"


@pytest.fixture
def window_loop():
    """The window's loop on a dummy display (SDL_VIDEODRIVER=dummy), the app at seed 1."""
    import pygame
    from tools.sim import window as simwindow
    pygame.display.init()
    pygame.font.init()
    window = simwindow.Window(pygame, 2)
    runner = simcore.runner(False, 1, None)
    runner.start()
    yield pygame, simwindow.Loop(window, runner, {}), runner
    runner.close()
    pygame.quit()


def down(pygame, key=None):
    return pygame.event.Event(pygame.KEYDOWN, key=key or pygame.K_DOWN, mod=0, unicode="")


def test_window_plays_every_key_of_a_frame(window_loop):
    pygame, loop, runner = window_loop
    # Three presses 1 ms apart arrive in one frame: all three move the highlight.
    assert loop.frame([down(pygame), down(pygame), down(pygame)], 0)
    assert runner.app.screen.selected == 3


def test_window_repeats_a_held_arrow_like_the_keypad_driver(window_loop):
    from drivers import keypad
    pygame, loop, runner = window_loop
    title = runner.app.screen
    loop.frame([down(pygame)], 0)
    assert title.selected == 1
    t = 0
    while t < keypad.REPEAT_DELAY_MS - 33:      # held: nothing more until the delay
        t += 33
        loop.frame([], t)
    assert title.selected == 1
    loop.frame([], keypad.REPEAT_DELAY_MS)      # then a repeat, and one every REPEAT_MS
    assert title.selected == 2
    loop.frame([], keypad.REPEAT_DELAY_MS + keypad.REPEAT_MS - 1)
    assert title.selected == 2
    loop.frame([], keypad.REPEAT_DELAY_MS + keypad.REPEAT_MS)
    assert title.selected == 3
    loop.frame([pygame.event.Event(pygame.KEYUP, key=pygame.K_DOWN, mod=0)], 2000)
    loop.frame([], 3000)                         # let go: no more
    assert title.selected == 3


def test_window_never_repeats_ok_and_closes_on_exit(window_loop):
    pygame, loop, runner = window_loop
    loop.frame([down(pygame, pygame.K_RETURN)], 0)      # OK held for a second: New game
    for t in range(33, 1000, 33):                        # opens once, People stays 1
        loop.frame([], t)
    assert runner.trace().startswith("newgame 0 1 ")
    loop.frame([pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0),
                down(pygame, pygame.K_ESCAPE)], 1000)   # back to the title
    assert runner.trace() == "title"
    loop.frame([down(pygame, pygame.K_UP)], 0)   # to Exit (the last row)
    assert runner.app.screen.selected == 5
    assert not loop.frame([down(pygame, pygame.K_RETURN)], 100), "Exit closes the window"
    assert runner.trace() == "off"


@pytest.mark.parametrize("args, words", [
    (("--micropython", "--heap", "0"), "--heap takes 8192 to"),
    (("--micropython", "--heap", "1"), "--heap takes 8192 to"),
    (("--micropython", "--heap", "99999999999"), "--heap takes 8192 to"),
    (("--shots", "/dev/null/shots"), "--shots /dev/null/shots: cannot make that folder"),
    (("--save-dir", "/dev/null/saves"), "--save-dir /dev/null/saves: cannot make"),
    (("--keys", "@/dev/zero"), "--keys @/dev/zero: a character device, not a regular file"),
    (("--keys", "@/no/such/file"), "No such file"),
], ids=["heap0", "heap1", "heap-huge", "shots", "save-dir", "dev-zero", "no-file"])
def test_bad_arguments_say_so_in_one_line_and_exit_2(args, words):
    """Issue 15: each of these crashed, hung, read without end or ran unchecked."""
    if args[0] != "--keys":
        args = ("--keys", "OK") + args
    start = time.monotonic()
    out = sim(*args, timeout=30)
    lines = out.stderr.strip().splitlines()
    assert out.returncode == 2 and len(lines) == 1 and words in lines[0], out.stderr
    assert time.monotonic() - start < 20


def test_keys_from_a_fifo_or_anything_but_a_regular_file_are_refused_before_opening(
        tmp_path):
    """Issue 28, 6: --keys @FIFO hung in open(), waiting for a writer."""
    fifo = str(tmp_path / "keys.fifo")
    os.mkfifo(fifo)
    start = time.monotonic()
    try:
        out = sim("--keys", "@" + fifo, timeout=20)
    except subprocess.TimeoutExpired:
        pytest.fail("python -m tools.sim --keys @FIFO still waits after 20 s")
    lines = out.stderr.strip().splitlines()
    assert out.returncode == 2 and len(lines) == 1, out.stderr
    assert lines[0] == ("python -m tools.sim: --keys @%s: a FIFO (named pipe), not a "
                        "regular file of key names (see --help)" % fifo), lines
    assert time.monotonic() - start < 15
    big = tmp_path / "big.keys"                  # a regular file too big is still refused
    with open(big, "wb") as f:
        f.truncate(2 << 20)
    out = sim("--keys", "@" + str(big), timeout=30)
    assert out.returncode == 2 and "more than 1048576 bytes" in out.stderr, out.stderr


def test_the_window_plays_the_games_tones(window_loop):
    pygame, loop, runner = window_loop
    sound = runner.app.sound
    assert sound is not None and sound.volume == 1
    played = []
    play = sound.play
    sound.play = lambda kind: (played.append(kind), play(kind))
    loop.frame([down(pygame, pygame.K_RETURN)], 0)      # New game
    loop.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="")], 40)
    for t in range(80, 20000, 33):                      # the table: deal, bets, a result
        loop.frame([down(pygame, pygame.K_RETURN)] if runner.trace().startswith(
            ("table turn", "showdown")) else [], t)
        if 2 in played:
            break
    assert 0 in played and 2 in played, played          # a deal, then a win
