"""Saves under power cuts and damage: the same checks on CPython and MicroPython."""
from harness import CuttingFS, PowerCut, copies
from store import Store, decode, encode


STATES = ({"seat": 0, "chips": [100, 100]}, {"seat": 1, "chips": [90, 110]},
          {"seat": 0, "chips": [95, 105], "log": "0a1b"}, {"seat": 1, "chips": [0, 200]})


def _ops_of_a_save(fs):
    before = fs.ops
    Store(fs=fs).save("game", STATES[-1])
    return fs.ops - before


def test_a_power_cut_at_any_write_or_rename_keeps_before_or_after():
    for listing in (True, False):       # the folder listed (RealFS), or every name tried
        _cuts_in_a_save(listing)


def _cuts_in_a_save(listing):
    for mode in ("none", "empty", "half", "whole"):
        for saved_before in (0, 1, 2):  # the save files already there: none, one, two
            fs = CuttingFS()
            for i in range(saved_before):
                Store(fs=fs).save("game", STATES[i])
            total = _ops_of_a_save(CuttingFS()) + 4
            for k in range(1, total + 1):
                fs2 = CuttingFS()
                fs2.files = dict(fs.files)
                fs2.listing = listing
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
    new = copies(fs.files, "stats")[0]
    fs.files[new] = damage(fs.files[new])
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


def test_a_load_reads_the_newest_copy_once_and_no_name_that_is_not_there():
    # Start reads five saves: each copy there is opened once at most (the newest decoded
    # as it was read), the older copy only when the newest is no good, and a name the
    # folder's listing lacks not at all (on littlefs such an open costs as a read).
    fs = CuttingFS()
    Store(fs=fs).save("stats", {"games": 3})
    Store(fs=fs).save("stats", {"games": 4})
    new, older = copies(fs.files, "stats")
    assert (new, older) == ("stats.1", "stats") and sorted(fs.files) == [older, new]
    bak = fs.files[older]
    fs.files[older] = b"SVR\x02 not whole"  # nothing falls back on it: not read
    fs.reads = []
    store = Store(fs=fs)
    assert store.load("stats") == {"games": 4} and store.note == ""
    assert fs.reads == [new], fs.reads
    fs.reads = []
    assert store.load("settings", 7) == 7 and store.note == "" and fs.reads == []
    fs.files[older] = bak
    fs.files[new] = b"SVR\x02 cut"              # the newest damaged: the older read
    fs.reads = []
    assert store.load("stats") == {"games": 3} and "last good copy" in store.note
    assert fs.reads == [new, older], fs.reads
    fs.listing = False                              # no listing: every name is tried
    fs.reads = []
    assert store.load("stats") == {"games": 3} and "last good copy" in store.note
    # (the good copy read again: the damaged one was read over it in the work space)
    assert fs.reads == ["stats", "stats.1", "stats.2", "stats.new", "stats"], fs.reads
    # A cut save left three copies: the one numbered highest is the newest, then the next.
    fs.listing = True
    fs.files[new] = encode(9, {"games": 9})
    fs.files["stats.2"] = encode(10, {"games": 10})
    assert Store(fs=fs).load("stats") == {"games": 10}
    assert Store(fs=fs).load("stats", None, lambda v: v["games"] < 10) == {"games": 9}



class _Logged(CuttingFS):
    """The files' writes, renames and removals in order, in self.log."""

    def write(self, path, data):
        self.log.append("write " + path)
        CuttingFS.write(self, path, data)

    def rename(self, old, new):
        self.log.append("rename %s %s" % (old, new))
        CuttingFS.rename(self, old, new)

    def remove(self, path):
        self.log.append("remove " + path)
        CuttingFS.remove(self, path)


def test_a_save_writes_one_copy_and_removes_one():
    # A save with two copies there (from a name's third save on): one write (the slot
    # after the newest), read back once, and one removal (the oldest copy); no rename and
    # nothing read first once the store knows the copies (after its own load or save).
    # The first two saves write NAME.new and rename it (with no copy or one, the slot
    # written would read as the newest by the listing while it is written).
    fs = _Logged()
    store = Store(fs=fs)
    assert store.load("stats", None) is None
    logs = []
    for n in range(5):
        fs.log = []
        fs.reads = []
        store.save("stats", STATES[n % 4])
        logs.append(fs.log)
        assert fs.reads == [fs.log[0][6:]], fs.reads    # the check of what was written
        assert len(fs.files) == min(n + 1, 2), sorted(fs.files)
        assert Store(fs=fs).load("stats") == STATES[n % 4]
    assert logs == [["write stats.new", "rename stats.new stats"],
                    ["write stats.new", "rename stats.new stats.1"],
                    ["write stats.2", "remove stats"],
                    ["write stats", "remove stats.1"],
                    ["write stats.1", "remove stats.2"]], logs
    fs.reads = []
    again = Store(fs=fs)
    assert again.load("stats") == STATES[0] and fs.reads == ["stats.1"]
    fs.log = []
    again.save("stats", STATES[2])
    assert fs.log == ["write stats.2", "remove stats"] and len(fs.reads) == 2



def test_a_pair_is_written_over_in_turns_and_loads_its_newest():
    # The game's save (store.PAIRS): two copies, each save writes over the older one in
    # place (on littlefs one commit of the folder's log: no new file, no removal), and a
    # load reads both and takes the one numbered higher; a damaged newest is said and the
    # other taken.
    from store import PAIRS
    assert "game" in PAIRS
    fs = _Logged()
    store = Store(fs=fs)
    logs = []
    for n in range(5):
        fs.log = []
        store.save("game", STATES[n % 4])
        logs.append(fs.log)
        assert Store(fs=fs).load("game") == STATES[n % 4]
    # (in a folder of their own beside the store's: Store.home)
    assert Store(fs=fs).home("game") == ".game" and Store("s", fs=fs).home("game") == "s.game"
    assert logs == [["write .game/game"], ["write .game/game.1"], ["write .game/game"],
                    ["write .game/game.1"], ["write .game/game"]], logs
    fs.reads = []
    again = Store(fs=fs)
    assert again.load("game") == STATES[0] and again.note == ""
    assert sorted(set(fs.reads)) == [".game/game", ".game/game.1"], fs.reads
    fs.files[".game/game"] = fs.files[".game/game"][:20]    # the newest copy damaged
    again = Store(fs=fs)
    assert again.load("game") == STATES[3] and "last good copy" in again.note



def test_a_listing_held_for_the_start_is_dropped_at_a_save():
    fs = CuttingFS()
    store = Store(fs=fs)
    store.scan()                    # (loading.py holds one for the start's loads)
    assert store.load("game", "none") == "none"
    store.save("game", [1])         # the folder changed: the listing is read again
    assert store.load("game") == [1]
    store.scan()
    store.erase("game")
    assert store.load("game", "gone") == "gone"
    store.scan(False)
    fs.files[".game/game"] = encode(5, [5])     # (written behind the store's back)
    assert store.load("game") == [5]


def test_nothing_whole_gives_defaults_and_says_so():
    fs = CuttingFS()
    fs.files["settings"] = b"SVR\x02garbage"
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


# --- issue 15: erasing, the header under the checksum, nesting, content checks -------

def test_a_cut_at_every_step_of_an_erase_never_brings_an_older_copy_back():
    from cutsweep import erase_cuts     # (it imports the app: only these two checks need it)
    tried, lost = erase_cuts(STATES)
    print("cuts in an erase: %d cases tried, %d lost" % (tried, lost))
    assert tried > 12 and lost == 0, lost
    fs = CuttingFS()
    Store(fs=fs).save("game", STATES[0])
    Store(fs=fs).save("game", STATES[1])
    Store(fs=fs).erase("game")
    assert fs.files == {}                               # an erase leaves nothing


def test_a_flipped_bit_anywhere_in_the_header_loads_the_older_copy_and_says_so():
    from cutsweep import header_flips
    tried, lost = header_flips()
    print("header bit flips: %d cases tried, %d lost" % (tried, lost))
    assert tried == 128 and lost == 0


def test_a_payload_nested_too_deep_is_damaged_not_a_crash():
    import binascii
    deep = b"[" * 5000 + b"]" * 5000
    # a whole file of the current version: the CRC covers the header's first 12 bytes
    head = b"SVR\x02" + bytes((0, 0, 0, 9)) + bytes(((len(deep) >> 24) & 255,
                                                      (len(deep) >> 16) & 255,
                                                      (len(deep) >> 8) & 255,
                                                      len(deep) & 255))
    crc = binascii.crc32(deep, binascii.crc32(head)) & 0xFFFFFFFF
    fs = CuttingFS()
    Store(fs=fs).save("settings", {"lang": "bg"})
    Store(fs=fs).save("settings", {"lang": "nl"})
    fs.files[copies(fs.files, "settings")[0]] = head + bytes(((crc >> 24) & 255, (crc >> 16) & 255,
                                         (crc >> 8) & 255, crc & 255)) + deep
    store = Store(fs=fs)
    assert store.load("settings") == {"lang": "bg"}
    assert "nested too deep" in store.note, store.note
    # eight levels load; brackets inside strings do not count
    ok = {"a": [[[[[[["[[[[[[[[[[\\\"" * 3]]]]]]]}
    assert decode(encode(1, ok)) == (1, ok)
    assert decode(encode(1, [[[[[[[[[1]]]]]]]]]))[0] is None


def test_a_copy_whose_content_fails_the_check_falls_back_to_the_older_one():
    fs = CuttingFS()
    Store(fs=fs).save("stats", [1, 2, 3])
    Store(fs=fs).save("stats", [1, "x", 3])
    store = Store(fs=fs)
    good = lambda v: isinstance(v, list) and all(isinstance(x, int) for x in v)  # noqa
    assert store.load("stats", None, good) == [1, 2, 3]
    assert "bad content" in store.note and "last good copy" in store.note
    assert store.load("stats", "none", lambda v: False) == "none"
    assert "bad content, using defaults" in store.note


def test_an_erase_on_a_full_filesystem_still_erases():
    class Full(CuttingFS):
        def write(self, path, data):
            raise OSError(28)
    fs = CuttingFS()
    Store(fs=fs).save("game", STATES[0])
    Store(fs=fs).save("game", STATES[1])
    full = Full(fs.files)
    Store(fs=full).erase("game")
    assert Store(fs=full).load("game", "gone") == "gone" and full.files == {}


class _NoCopyFS(CuttingFS):
    """Keeps only the length and CRC of what is written (no copy of it), reads back
    nothing: what a save allocates is then the store's own."""

    def write(self, path, data):
        import binascii
        self.files[path] = (len(data), binascii.crc32(data))

    def read(self, path):
        return None


def test_a_big_save_is_made_without_a_copy_of_it_in_the_heap():
    # A big save (the history's kilobytes) of about a kilobyte is encoded in the game's
    # work space (svara.work): what it allocates is far less than the file, where
    # encode() made two blocks of its size (the JSON, then the file's bytes).
    import binascii
    import sys
    state = {"seat": 1, "chips": list(range(100, 300)), "log": "0a1b" * 40}
    file = encode(7, state)
    assert 800 < len(file) < 1400
    fs = _NoCopyFS()
    store = Store(fs=fs)
    fs.same = lambda path, data: True   # the check of what was written: not measured
    store.save("game", STATES[0])       # the first save looks for older copies first
    file = encode(1, state)
    if sys.implementation.name == "micropython":
        import gc
        gc.collect()
        gc.disable()
        try:
            before = gc.mem_alloc()
            store.save("game", state, True)
            used = gc.mem_alloc() - before
        finally:
            gc.enable()
        assert used < len(file) // 2, (used, len(file))
    else:
        store.save("game", state, True)
    assert fs.files[".game/game.1"] == (len(file), binascii.crc32(file))


def test_a_save_with_no_hole_for_its_text_is_made_the_big_save_s_way():
    # A small save's JSON is one short string (json.dumps); where the heap has no hole
    # for it (MemoryError), the save is made as a big one: the same bytes, saved.
    import json
    import store as store_module
    state = {"seat": 2, "log": "0a1b" * 30}
    fs = CuttingFS()
    store = Store("saves", fs=fs)
    store.save("game", STATES[0])

    class NoRoom:                   # json, but no hole for dumps' string
        def __init__(self):
            self.dump = json.dump
            self.loads = json.loads

        def dumps(self, obj):
            raise MemoryError("no hole")
    store_module.json = NoRoom()
    try:
        store.save("game", state)
    finally:
        store_module.json = json
    assert store.load("game") == state
    new, older = copies(fs.files, "saves.game/game")
    assert decode(fs.files[new]) == (decode(fs.files[older])[0] + 1, state)


def _folder():
    """An empty folder on the interpreter's real filesystem (CPython: a temporary one)."""
    import os
    import sys
    if sys.implementation.name == "micropython":
        path = "/store_check"
        try:
            os.mkdir(path)
        except OSError:
            pass
    else:
        import tempfile
        path = tempfile.mkdtemp()
    for name in os.listdir(path):
        os.remove(path + "/" + name)
    return path


def test_the_real_filesystem_loads_through_the_work_space_and_falls_back():
    # RealFS.view reads a save into the work space (no block of its size): a save bigger
    # than the work space, a damaged newest copy and a missing file load as from bytes.
    import os
    from store import RealFS
    from svara.work import BUF
    path = _folder()
    store = Store(path, fs=RealFS())
    assert store.load("stats", "none") == "none" and store.note == ""
    big = {"log": "0a1b" * (len(BUF) // 2)}          # its file is over the work space
    store.save("stats", STATES[0])
    store.save("stats", big)
    assert Store(path, fs=RealFS()).load("stats") == big
    store.save("stats", STATES[1])
    assert Store(path, fs=RealFS()).load("stats") == STATES[1]
    assert sorted(os.listdir(path)) == ["stats.1", "stats.2"]
    with open(path + "/stats.2", "wb") as f:           # the newest copy damaged
        f.write(b"SVR\x02 not whole")
    again = Store(path, fs=RealFS())
    assert again.load("stats") == big, "the copy before the damaged one"
    assert "last good copy" in again.note, again.note
    again.save("stats", STATES[2])                     # numbered past the damaged copy
    assert Store(path, fs=RealFS()).load("stats") == STATES[2]
    assert RealFS().view(path + "/nothing") is None


def test_the_real_filesystem_reads_a_written_file_back_byte_for_byte():
    # RealFS.same, the check after every write: the file as written, and not one whose
    # byte differs anywhere, or that is shorter or longer (a file of a few 64-byte pieces).
    from store import RealFS
    path = _folder() + "/x"
    fs = RealFS()
    data = bytes(range(256)) * 2 + b"end"
    fs.write(path, data)
    assert fs.same(path, data) and fs.same(path, bytearray(data))
    assert fs.same(path, memoryview(b"__" + data)[2:])
    for at in (0, 63, 64, 300, len(data) - 1):
        other = bytearray(data)
        other[at] ^= 1
        assert not fs.same(path, other), at
    assert not fs.same(path, data[:-1]) and not fs.same(path, data + b"!")
    assert not fs.same(path + "nothing", data)
