# The screens fold the colours, the screen answers and the game's constants into their
# own code (`_GOLD = const(10)`): on MicroPython a name imported from another module is
# an entry of the module's dict, made again at every import of a screen, and the bigger
# dict needs a bigger hole in the heap (issue 13). Each folded copy must equal the one
# definition it stands for, or a screen would draw the wrong colour or miss an answer.
import importlib
import os
import re

from conftest import ROOT

_SOURCES = ("drivers.display", "ui.screen", "svara.game")
# settings.py defines the statistics' fields private (`_GAMES = const(2)`): copies are
# checked against those.
_PRIVATE_SOURCES = ("settings",)
_FOLDED = re.compile(r"^_([A-Z][A-Z0-9_]*) = const\((-?\d+)\)", re.M)


def _folded():
    """(file, name, value) of every folded copy in firmware/ui/ and firmware/*.py."""
    fw = os.path.join(ROOT, "firmware")
    for folder in (os.path.join(fw, "ui"), fw):
        for f in sorted(os.listdir(folder)):
            if f.endswith(".py") and f != "settings.py":
                with open(os.path.join(folder, f), encoding="utf-8") as src:
                    for m in _FOLDED.finditer(src.read()):
                        yield f, m.group(1), int(m.group(2))


def test_folded_constants_equal_their_definitions():
    sources = [importlib.import_module(m) for m in _SOURCES]
    private = [importlib.import_module(m) for m in _PRIVATE_SOURCES]
    checked = 0
    for f, name, value in _folded():
        defined = [getattr(m, name) for m in sources if hasattr(m, name)]
        defined += [getattr(m, "_" + name) for m in private if hasattr(m, "_" + name)]
        if not defined:
            continue                # the screen's own constant (_TOP, _ROW...)
        assert defined == [value] * len(defined), (f, name, value, defined)
        checked += 1
    assert checked >= 80            # the nine screens' copies are all seen


def test_a_wrong_copy_is_caught(tmp_path, monkeypatch):
    # The check reads the files as they are: a copy with a wrong value fails it.
    ui = tmp_path / "firmware" / "ui"
    ui.mkdir(parents=True)
    (ui / "x.py").write_text("_GOLD = const(11)\n_TOP = const(3)\n", encoding="utf-8")
    monkeypatch.setattr("test_consts.ROOT", str(tmp_path))
    try:
        test_folded_constants_equal_their_definitions()
    except AssertionError as e:
        assert "GOLD" in str(e)
    else:
        raise AssertionError("a wrong folded colour passed")


def test_folded_word_numbers_are_the_words_numbers():
    # The device code reads words by number (T[_W_BACK]); a wrong number would show
    # another word. tools/gen/strings.py writes them; each must be its word's index.
    from tools.gen import strings as gen_strings
    from i18n._names import _k
    seen = 0
    for path in gen_strings.device_modules():
        with open(path, encoding="utf-8") as f:
            for m in gen_strings.FOLDED.finditer(f.read()):
                assert m.group(1) in _k, (path, m.group(1))
                assert _k.index(m.group(1)) == int(m.group(2)), (path, m.group(0))
                seen += 1
    assert seen >= 150                  # the screens', saving's and the app's words


def test_no_device_module_reads_a_word_by_name():
    # T.NAME would import i18n/_names.py on the handset and intern the name for good.
    from tools.gen import strings as gen_strings
    by_name = re.compile(r"\b(T|strings\(\))\.[A-Z]")
    for path in gen_strings.device_modules():
        if os.sep + "i18n" + os.sep in path:
            continue
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                code = line.split("#", 1)[0]
                assert not by_name.search(code), "%s:%d: %s" % (path, n, line.strip())


def test_a_wrong_word_number_is_renumbered_and_a_stray_one_refused():
    from tools.gen import strings as gen_strings
    from i18n._names import _k
    start, end = gen_strings.WORDS_START, gen_strings.WORDS_END
    text = "x = 1\n%s\n_W_BACK = const(%d)\n_W_YES = const(0)\n%s\ny = 2\n" % (
        start, _k.index("BACK"), end)
    fixed = gen_strings.fold(text, list(_k))
    assert fixed == "x = 1\n%s\n_W_BACK = const(%d)\n_W_YES = const(%d)\n%s\ny = 2\n" % (
        start, _k.index("BACK"), _k.index("YES"), end)
    refused = (
        ("%s\n_W_NOPE = const(1)\n%s\n" % (start, end), "NOPE"),      # names no word
        ("_W_BACK = const(1)\n", "outside"),                            # not in a block
        ("%s\n_W_BACK = const(1)\n" % start, "not closed"),            # a block left open
        ("%s\nz = 3\n%s\n" % (start, end), "not a _W_NAME"),          # the author's line
    )
    for bad, why in refused:
        try:
            gen_strings.fold(bad, list(_k), "x.py")
        except gen_strings.PackError as e:
            assert why in str(e) and "x.py" in str(e), (bad, str(e))
        else:
            raise AssertionError("refused nothing in %r" % bad)


def test_every_device_module_keeps_its_word_numbers_in_one_words_block():
    # gen_strings rewrites only what stands between the markers: every _W_ line of the
    # device code is inside one, and each module that has words has exactly one block.
    from tools.gen import strings as gen_strings
    blocks = 0
    for path in gen_strings.device_modules():
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if not re.search(r"^_W_", text, re.M):
            continue
        assert text.count(gen_strings.WORDS_START) == 1, path
        assert text.count(gen_strings.WORDS_END) == 1, path
        blocks += 1
    assert blocks >= 13
