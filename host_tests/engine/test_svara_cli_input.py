"""python -m svara's input is bounded (issue 46, 6 and 7): replay of a FIFO or a device
says so at once, and play reads a line in bounded memory, refusing an endless one."""
import os
import subprocess
import sys

from conftest import ROOT


def cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "svara"] + list(args), stdin=stdin,
                          capture_output=True, text=True, timeout=20,
                          cwd=os.path.join(ROOT, "lib"))


def _one_line_refusal(proc):
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr
    return lines[0]


def test_replay_of_a_fifo_says_it_is_no_file_at_once(tmp_path):
    fifo = str(tmp_path / "fifo")
    os.mkfifo(fifo)
    assert "not a regular file" in _one_line_refusal(cli("replay", fifo))
    # a save's copies are looked for beside it (game, game.1 ...): a FIFO among them too
    os.mkfifo(str(tmp_path / "game.1"))
    assert "cannot read" in _one_line_refusal(cli("replay", str(tmp_path / "game")))


def test_replay_of_a_device_or_a_folder_is_refused(tmp_path):
    for name in ("/dev/zero", str(tmp_path), "/proc"):
        assert "not a regular file" in _one_line_refusal(cli("replay", name))


def test_play_from_an_endless_line_stops_in_one_line():
    with open("/dev/zero", "rb") as zero:
        line = _one_line_refusal(cli("play", "--seed", "1", stdin=zero))
    assert "over 200 characters" in line


def test_play_stops_after_a_thousand_lines_that_are_not_moves(tmp_path):
    junk = tmp_path / "junk"
    junk.write_text("x\n" * 5000)
    with open(str(junk), "rb") as f:
        assert "not a move" in _one_line_refusal(cli("play", "--seed", "1", stdin=f))


def test_play_still_takes_a_long_game_of_real_moves(tmp_path):
    moves = tmp_path / "moves"
    moves.write_text("p\n" * 3000)      # passing game after game: each a move
    with open(str(moves), "rb") as f:
        proc = cli("play", "--seed", "1", "--players", "2", stdin=f)
    assert proc.returncode == 0, proc.stderr
