"""Issue 25, item 21: headless runs of the simulator (python -m tools.sim --keys). Each key
lands on a settled screen, nine bots' pop-ups included (the settle limit was too small
and the next key went to a pop-up, which swallows it); a screen that never settles is a
clear error; and History's LEFT/RIGHT reach the games before without --save-dir (the
saves are kept in memory for the run)."""
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from tools.sim import core as simcore

# New game, Bots from 3 up to 9 (RIGHT six times, a seventh at the top), Play, then OK
# three times: your move in game 1 and its result, then your move in game 2.
NINE_BOTS = "OK DOWN RIGHT RIGHT RIGHT RIGHT RIGHT RIGHT RIGHT SL OK OK OK"


def sim(*args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "tools.sim"] + list(args),
                         capture_output=True, text=True, timeout=300, env=env, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    return [line.split(None, 2) for line in out.stdout.splitlines()]


def test_with_nine_bots_every_key_lands_on_a_settled_screen():
    lines = sim("--seed", "3", "--trace", "--keys", NINE_BOTS)
    assert lines[8][2].startswith("newgame 1 1 9 "), lines[8]     # nine bots
    for number, key, trace in lines[10:]:
        assert not trace.startswith(("table think", "table pop")), (
            "key %s (%s) left a bot's move under way: %s" % (number, key, trace))
    # Play: the bots' moves to your turn; OK: your move, the bots' after it and the
    # first game's result; OK: the second game, your turn.
    assert lines[10][2].startswith("table turn turn=0"), lines[10]
    assert lines[11][2].startswith("showdown"), lines[11]
    assert lines[12][2].startswith("table turn turn=0"), lines[12]
    assert lines[13][2] != lines[12][2], "your move in game 2 was played"


def test_a_screen_that_never_settles_is_a_clear_error(monkeypatch, capsys):
    from tools.sim import __main__ as simmain
    import app
    monkeypatch.setattr(simcore, "SETTLE_LIMIT", 5000)
    monkeypatch.setattr(app.App, "idle", lambda self: True)
    assert simmain.main(["--keys", "OK"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "the screen did not settle" in err[0] and "5000" in err[0], err


@pytest.mark.parametrize("where", [
    pytest.param((), id="cpython"),
    pytest.param(("--micropython",), id="micropython", marks=pytest.mark.micropython)])
def test_history_turns_to_the_games_before_without_a_save_dir(tmp_path, where):
    # Two games, the second one's result, its history (right soft key), LEFT, RIGHT.
    lines = sim("--seed", "3", "--trace", "--shots", str(tmp_path), *where,
                "--keys", "OK SL OK OK OK SR LEFT RIGHT")
    assert [t for _n, _k, t in lines[6:9]] == [
        "history game=2 rows=11 top=0", "history game=1 rows=13 top=0",
        "history game=2 rows=11 top=0"], lines[6:9]

    def png(n):
        with open(os.path.join(tmp_path, "%04d.png" % n), "rb") as f:
            return f.read()
    assert png(7) != png(6) and png(8) == png(6), "LEFT shows game 1, RIGHT game 2 again"
