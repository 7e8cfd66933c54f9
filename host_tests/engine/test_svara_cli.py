"""python -m svara, the command line for people without a handset: scoring, exact
chances, replaying a saved game, and a text game against the bots."""
import binascii
import io
import math
import os
import subprocess
import sys

import svara
from svara import log
from svara.__main__ import play
from svara.history import history

import store

from conftest import ROOT  # noqa: E402


def cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "svara"] + list(args), input=stdin,
                          capture_output=True, text=True, timeout=60,
                          cwd=os.path.join(ROOT, "lib"))


def test_score_prints_the_points_of_the_rules_examples():
    for hand, points in (("7c Ah Ad", 33), ("7c Kh Kd", 31), ("10s 10d Ac", 11),
                         ("7h 7d 9s", 23), ("7♣ 7♥ 7♦", 34), ("td 9d jd", 29)):
        got = cli("score", *hand.split())
        assert got.returncode == 0, got.stderr
        assert got.stdout == "%d\n" % points, hand


def test_score_under_the_variants():
    assert cli("score", "7c", "Ah", "Ad", "--no-joker").stdout == "22\n"   # aces only
    assert cli("score", "7h", "7s", "9s", "--no-two-sevens").stdout == "16\n"   # 7s + 9s
    assert cli("score", "7h", "7s", "9s").stdout == "23\n"


def test_a_bad_hand_is_one_line_and_exit_2():
    for args in (("7c", "Ah"), ("7c", "Ah", "Ah"), ("7c", "Ah", "Zz")):
        got = cli("score", *args)
        assert got.returncode == 2 and got.stdout == ""
        assert len(got.stderr.strip().splitlines()) == 1, got.stderr


def test_odds_against_one_opponent_count_every_hand_left():
    got = cli("odds", "7c", "Ah", "Ad")
    # 33 loses only to the three sevens 7d 7h 7s, of the C(29, 3) hands of the others
    assert "lose" in got.stdout and "1 / %d" % math.comb(29, 3) in got.stdout, got.stdout
    assert "0 / %d" % math.comb(29, 3) in got.stdout          # no other hand ties at 33


def test_odds_against_several_opponents_are_the_exact_tables():
    got = cli("odds", "Ks", "Kh", "9d", "-n", "3")
    win, tie, lose, total = svara.odds.chances(svara.parse("Ks Kh 9d"), 3)
    assert "%d / %d" % (tie, total) in got.stdout and "%d / %d" % (lose, total) in got.stdout
    assert "against 3 opponents" in got.stdout
    assert cli("odds", "Ks", "Kh", "9d", "-n", "10").returncode == 2


def finished_game():
    g = svara.Game([30, 30, 30], 1, seed=11)
    while g.to_act is not None:
        action, low, high = g.legal()[-1]
        g.act(action, low)
    return g


def test_replay_tells_a_log_its_hex_and_a_handset_save_alike(tmp_path):
    g = finished_game()
    want = history(g) + "\n"
    raw = tmp_path / "game.log"
    raw.write_bytes(log.dump(g))
    hexed = tmp_path / "game.hex"
    hexed.write_text(binascii.hexlify(log.dump(g)).decode() + "\n")
    save = tmp_path / "game"          # what the handset keeps in /saves/game
    save.write_bytes(store.encode(7, {"v": 1, "log": binascii.hexlify(log.dump(g)).decode()}))
    for path in (raw, hexed, save):
        got = cli("replay", str(path))
        assert got.returncode == 0, got.stderr
        assert got.stdout == want
    named = cli("replay", str(raw), "--names", "Ann,Bo,Cy")
    assert "Ann" in named.stdout and "seat 0" not in named.stdout


def test_replay_of_a_bad_file_says_so(tmp_path):
    bad = tmp_path / "bad"
    bad.write_bytes(b"SV\x01\x07")
    got = cli("replay", str(bad))
    assert got.returncode == 2 and "cut short" in got.stderr
    assert cli("replay", str(tmp_path / "none")).returncode == 2


def test_a_text_match_against_the_bots_plays_to_its_end():
    out = io.StringIO()

    def read():
        menu = out.getvalue().rsplit("Your move", 1)[-1]
        return "c\n" if "c = call" in menu else "j\n" if "j = join" in menu else "p\n"

    m = play(3, "normal", 10, 5, read, out)
    text = out.getvalue()
    assert m.over and sum(m.stacks) == 30
    assert "The match is over" in text and "Your cards: " in text
    assert text.count("--- game ") == m.games


def test_the_person_may_quit_and_wrong_moves_are_refused():
    got = cli("play", "--seed", "5", "--players", "2", stdin="x\nr\nq\n")
    assert got.returncode == 0, got.stderr
    assert "not now: say p, c, r N, b N, j or q" in got.stdout
    assert "You leave the table." in got.stdout
