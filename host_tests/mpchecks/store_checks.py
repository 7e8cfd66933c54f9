"""Saves under power cuts and damage: the same checks on CPython and MicroPython."""
from checkutil import CuttingFS, PowerCut
from store import Store, decode, encode


STATES = ({"seat": 0, "chips": [100, 100]}, {"seat": 1, "chips": [90, 110]},
          {"seat": 0, "chips": [95, 105], "log": "0a1b"}, {"seat": 1, "chips": [0, 200]})


def _ops_of_a_save(fs):
    before = fs.ops
    Store(fs=fs).save("game", STATES[-1])
    return fs.ops - before


def test_a_power_cut_at_any_write_or_rename_keeps_before_or_after():
    for mode in ("none", "empty", "half", "whole"):
        for saved_before in (0, 1, 2):  # the save files already there: none, one, two
            fs = CuttingFS()
            for i in range(saved_before):
                Store(fs=fs).save("game", STATES[i])
            total = _ops_of_a_save(CuttingFS()) + 4
            for k in range(1, total + 1):
                fs2 = CuttingFS()
                fs2.files = dict(fs.files)
                fs2.mode = mode
                fs2.cut_at = k
                before = STATES[saved_before - 1] if saved_before else None
                after = STATES[saved_before]
                try:
                    Store(fs=fs2).save("game", after)
                except PowerCut:
                    pass
                fs2.cut_at = -1
                got = Store(fs=fs2).load("game")  # the restart
                assert got == before or got == after, (mode, saved_before, k, got)
                # ... and play goes on: the next save and load work.
                Store(fs=fs2).save("game", STATES[3])
                assert Store(fs=fs2).load("game") == STATES[3]


def test_two_cuts_in_a_row_never_lose_the_last_whole_save():
    for mode in ("half", "whole", "empty"):
        for k1 in range(1, 7):
            for k2 in range(1, 7):
                fs = CuttingFS()
                fs.mode = mode
                Store(fs=fs).save("game", STATES[0])
                fs.cut_at = fs.ops + k1
                try:
                    Store(fs=fs).save("game", STATES[1])
                except PowerCut:
                    pass
                first = Store(fs=fs).load("game")
                assert first in (STATES[0], STATES[1])
                fs.cut_at = fs.ops + k2
                try:
                    Store(fs=fs).save("game", STATES[2])
                except PowerCut:
                    pass
                second = Store(fs=fs).load("game")
                assert second == first or second == STATES[2], (mode, k1, k2, first, second)


def _damaged(damage):
    fs = CuttingFS()
    Store(fs=fs).save("stats", {"games": 3})
    Store(fs=fs).save("stats", {"games": 4})
    fs.files["stats"] = damage(fs.files["stats"])
    store = Store(fs=fs)
    return store.load("stats", {"games": 0}), store.note


def test_damaged_files_fall_back_to_the_last_good_copy_and_say_so():
    cases = (
        (lambda d: d[:len(d) - 3], "cut short"),
        (lambda d: d[:20] + bytes((d[20] ^ 0x40,)) + d[21:], "checksum"),
        (lambda d: d[:3] + b"\x09" + d[4:], "version"),
        (lambda d: b"", "empty"),
        (lambda d: b"hello, not a save", "not a save"),
    )
    for damage, words in cases:
        got, note = _damaged(damage)
        assert got == {"games": 3}, (words, got)
        assert words in note and "last good copy" in note, note


def test_nothing_whole_gives_defaults_and_says_so():
    fs = CuttingFS()
    fs.files["settings"] = b"SVR\x01garbage"
    store = Store(fs=fs)
    assert store.load("settings", {"lang": "en"}) == {"lang": "en"}
    assert "using defaults" in store.note
    store = Store(fs=CuttingFS())
    assert store.load("settings", 7) == 7 and store.note == ""  # first start: no message


def test_a_save_file_round_trips_and_is_checked():
    data = encode(5, {"a": [1, 2, "\u0441\u0432\u0430\u0440\u0430"]})
    assert decode(data) == (5, {"a": [1, 2, "\u0441\u0432\u0430\u0440\u0430"]})
    assert decode(data + b"x")[0] is None
    assert decode(data[:-1])[0] is None
