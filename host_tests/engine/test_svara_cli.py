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
    assert "lose" in got.stdout and "1 of %d deals" % math.comb(29, 3) in got.stdout, got.stdout
    assert "0 of %d deals" % math.comb(29, 3) in got.stdout   # no other hand ties at 33


def test_odds_against_several_opponents_are_the_exact_tables():
    got = cli("odds", "Ks", "Kh", "9d", "-n", "3")
    win, tie, lose, total = svara.odds.chances(svara.parse("Ks Kh 9d"), 3)
    assert "%8.4f %%" % (100.0 * tie / total) in got.stdout
    assert "%8.4f %%" % (100.0 * lose / total) in got.stdout
    assert "against 3 opponents" in got.stdout
    # Rounded figures are not shown as counts of deals ("0 / 1000000"), and the help
    # names no file a pip user does not have.
    assert "/ %d" % total not in got.stdout and "tools/" not in got.stdout
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
    save = tmp_path / "game"          # what the handset keeps in /saves.game/game
    save.write_bytes(store.encode(7, {"v": 1, "log": binascii.hexlify(log.dump(g)).decode()}))
    for path in (raw, hexed, save):
        got = cli("replay", str(path))
        assert got.returncode == 0, got.stderr
        assert got.stdout == want
    named = cli("replay", str(raw), "--names", "Ann,Bo,Cy")
    assert "Ann" in named.stdout and "seat 0" not in named.stdout


def test_replay_of_saves_game_reads_its_newest_copy_whichever_slot_it_is_in(tmp_path):
    # The handset keeps a save in turns in NAME, NAME.1 and NAME.2 (firmware/store.py;
    # the game's, a pair, in saves.game/game and game.1): `replay saves.game/game` tells
    # the newest whole copy, even with no file game at all; a copy named in full is read
    # as it is.
    g1, g2 = finished_game(), svara.Game([40, 40], 0, seed=3)
    while g2.to_act is not None:
        g2.act(*g2.legal()[0][:2])

    def save(n, g):
        return store.encode(n, {"v": 1, "log": binascii.hexlify(log.dump(g)).decode()})
    (tmp_path / "game.1").write_bytes(save(8, g1))
    (tmp_path / "game.2").write_bytes(save(9, g2))
    (tmp_path / "game.new").write_bytes(save(10, g1)[:30])     # a cut save: not whole
    got = cli("replay", str(tmp_path / "game"))
    assert got.returncode == 0, got.stderr
    assert got.stdout == history(g2) + "\n"
    got = cli("replay", str(tmp_path / "game.1"))
    assert got.stdout == history(g1) + "\n"


def test_replay_tells_the_handsets_history_save_with_the_handsets_names(tmp_path):
    g1, g2 = finished_game(), svara.Game([40, 40], 0, seed=3)
    while g2.to_act is not None:
        g2.act(*g2.legal()[0][:2])
    kept = [[1, 4, binascii.hexlify(log.dump(g1)).decode()],
            [2, 5, binascii.hexlify(log.dump(g2)).decode()]]
    save = tmp_path / "history"       # what the handset keeps in /saves/history
    save.write_bytes(store.encode(3, kept))
    got = cli("replay", str(save))
    assert got.returncode == 0, got.stderr
    one, two = got.stdout.split("\n\nSvara game: ")
    assert "dealer Bot 1" in one and "You " in one and "seat " not in got.stdout
    assert "P1 " in two and "P2 " in two and "You" not in two
    assert "You passes" not in one and "You calls" not in one and "You wins" not in one


def test_replay_refuses_hostile_input_in_one_line(tmp_path):
    import resource

    def small():    # 300 MB of address space at most: a growing read fails loudly
        resource.setrlimit(resource.RLIMIT_AS, (300 << 20, 300 << 20))

    g = finished_game()
    cases = {
        "deep": b"SVR\x02" + (200002).to_bytes(4, "big") * 2 + bytes(4)
                + b"[" * 100000 + b"]" * 100000,
        "varint": b"SV\x01\x00\x00" + b"\xff" * 500000 + b"\x01",
        "big": b"SV\x01\x00\x00" + b"\xff" * 2000000 + b"\x01",
        "actions": log.dump(g) + b"\x01" * 900000,
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        got = subprocess.run([sys.executable, "-m", "svara", "replay", str(path)],
                             capture_output=True, text=True, timeout=60, preexec_fn=small,
                             cwd=os.path.join(ROOT, "lib"))
        assert got.returncode == 2 and got.stdout == "", (name, got.stderr)
        assert len(got.stderr.strip().splitlines()) == 1, (name, got.stderr)
    with open("/dev/zero", "rb") as zero:   # endless input is refused, not read for ever
        got = subprocess.run([sys.executable, "-m", "svara", "replay", "-"], stdin=zero,
                             capture_output=True, text=True, timeout=60, preexec_fn=small,
                             cwd=os.path.join(ROOT, "lib"))
    assert got.returncode == 2 and "over 1024 KB" in got.stderr


def test_the_engine_refuses_bools_for_cards_and_other_things_for_rules():
    from harness import raises
    assert "True" in raises(svara.score, True, 5, 9)
    assert "Rules" in raises(svara.score, 1, 5, 9, object())
    assert "Rules" in raises(svara.odds.chances, (1, 5, 9), 3, "joker")
    assert raises(svara.odds.chances, (1, 5, 9), True)
    assert raises(svara.odds.chances, (False, 5, 9), 2)
    assert raises(svara.odds.chances, 5, 2)


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
    stacks = m.game.stacks if m.game is not None else m.stacks
    assert sum(stacks) == 30 and "Your cards: " in text
    if m.over:
        assert "The match is over" in text and text.count("--- game ") == m.games
    else:                               # you are out: the bots do not play on
        assert stacks[0] == 0 and "You are out of chips" in text
        assert text.count("--- game ") == m.games + 1


def test_the_person_may_quit_and_wrong_moves_are_refused():
    got = cli("play", "--seed", "5", "--players", "2", stdin="x\nr\nr abc\nb 1\nc 5\nq\n")
    assert got.returncode == 0, got.stderr
    assert "Say p, c, r N, b N, j or q." in got.stdout
    assert "Say how much: r N, N from 2 to 99." in got.stdout
    assert "abc is not a number of chips" in got.stdout
    assert "You cannot blind now" in got.stdout and "call takes no amount" in got.stdout
    assert "You leave the table." in got.stdout
    # The player's words only: nothing of Python or of the engine's own wording.
    for leak in ("not now", "invalid literal", "seat 0", "int()", "Error"):
        assert leak not in got.stdout, leak


def test_a_svara_shows_the_new_hand_dealt_for_it():
    got = cli("play", "--players", "3", "--level", "hard", "--seed", "1",
              stdin="c\nc\nc\nq\n")
    first, after = got.stdout.split("Svara! Tied", 1)
    old = first.rsplit("Your cards: ", 1)[1].split(" (")[0]
    assert "Your cards: " in after, got.stdout
    new = after.split("Your cards: ", 1)[1].split(" (")[0]
    assert new != old and len(new.split()) == 3
    assert after.index("does not join") < after.index("Your cards: ")


def test_a_game_shown_down_with_no_action_prints_its_showdown():
    # Stacks of 20 against one bot: game 30 is decided at the ante (you are all in).
    moves = "".join("c\n" if i % 3 else "p\n" for i in range(5000))
    got = cli("play", "--players", "2", "--seed", "7", "--stack", "20", stdin=moves)
    game = got.stdout.split("--- game 30:")[1].split("--- game ")[0]
    lines = game.strip().splitlines()[1:]
    assert lines[0].startswith("Showdown: You "), game     # nobody acted, cards still shown
    assert lines[1].startswith("Bot 1 wins"), game


def test_argument_errors_are_one_line():
    for args in (("odds", "7c", "Ah", "Ad", "-n", "12"), ("bogus",), ("play", "--players", "x"),
                 ()):
        got = cli(*args)
        assert got.returncode == 2 and got.stdout == "", args
        assert len(got.stderr.strip().splitlines()) == 1, (args, got.stderr)
        assert "--help" in got.stderr


def calls_and_passes(n):
    """Standard input of n moves: a pass, then three calls, and again."""
    return "".join("c\n" if i % 4 else "p\n" for i in range(n))


def test_a_showdown_that_ends_in_a_svara_shows_its_cards():
    # Issue 43, 1: seed 38's game 24 is a three-way tie with nobody left to ask, so the
    # svara starts inside the act that showed the cards; they were printed as "?".
    got = cli("play", "--players", "3", "--seed", "38", stdin=calls_and_passes(200))
    shows = [line for line in got.stdout.splitlines() if line.startswith("Showdown: ")]
    assert shows and "Showdown: You 10d 10h Jd = 20 | Bot 1 Jc 7s Qc = 20 | " \
        "Bot 2 Kh Qs 10s = 20" in shows
    for line in shows:
        for part in line[len("Showdown: "):].split(" | "):
            assert "?" not in part and len(part.split(" = ")[0].split()[-3:]) == 3, line
    lines = got.stdout.splitlines()
    k = lines.index("Bot 1 calls 1", lines.index("--- game 24: dealer Bot 1, stacks You 81 | "
                                                  "Bot 1 119 | Bot 2 97"))
    assert lines[k + 1].startswith("Showdown: You 10d")     # told after the call that showed it
    assert lines[k + 2].startswith("Svara! Tied")


def test_the_text_game_ends_when_you_are_out_of_chips():
    # Issue 43, 2: seed 2 with 20 chips each leaves you with none after game 18; the
    # bots played 329 more games among themselves.
    got = cli("play", "--players", "3", "--stack", "20", "--seed", "2",
              stdin=calls_and_passes(3000))
    assert got.returncode == 0, got.stderr
    text = got.stdout
    assert text.count("--- game ") == 18
    assert text.rstrip().endswith("You are out of chips: the match is over for you "
                                  "(You 0 | Bot 1 27 | Bot 2 33).")
    assert "The match is over" not in text


def test_the_text_games_words_say_what_is_owed_and_who_may_join():
    # Issue 43, 13: no "to call 0" before anyone opened, no buy-in when nobody may buy in.
    got = cli("play", "--players", "3", "--seed", "38", stdin=calls_and_passes(200))
    text = got.stdout
    assert "to call 0" not in text
    assert "Pot 3, nobody has bet yet, stacks You 82 | Bot 1 117 | Bot 2 98" in text
    assert "Pot 4, to call 1, stacks You 81 | Bot 1 119 | Bot 2 96" in text
    assert ("Svara! Tied at the showdown: the pot of 6 is played again (only those tied "
            "play it)") in text
    assert "(buy-in 2)" not in text


def test_replay_of_a_game_saved_before_the_bots_moves_says_they_are_not_in_it(tmp_path):
    # Issue 43, 13: the handset saves at a person's move; the bots' after it are played
    # again on Continue. A replay that stopped at "Bot 1 to act" read as if nobody had.
    g = svara.Game([40, 40, 40, 40], 0, seed=3)     # Bot 1 (seat 1) blinds first
    save = tmp_path / "game"
    save.write_bytes(store.encode(7, {"v": 1, "cfg": [1, 3],
                                      "log": binascii.hexlify(log.dump(g)).decode()}))
    got = cli("replay", str(save))
    assert got.returncode == 0, got.stderr
    assert got.stdout.rstrip().endswith(
        "(the game goes on: Bot 1 to act)\n(the save ends here: the handset saves at a "
        "person's move and at a new game, not at a bot's; the bots' moves from Bot 1's on "
        "are played again, the same, when the game is continued)")
    g.act(svara.PASS)                               # a person's own turn: nothing to add
    g2 = svara.Game([40, 40], 1, seed=3)
    save.write_bytes(store.encode(8, {"v": 1, "cfg": [1, 1],
                                      "log": binascii.hexlify(log.dump(g2)).decode()}))
    got = cli("replay", str(save))
    assert got.stdout.rstrip().endswith("(the game goes on: You to act)")
