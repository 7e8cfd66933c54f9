"""The six languages (firmware/i18n): the string checks on both interpreters."""
import pytest

from conftest import on_both_interpreters


test_checks = on_both_interpreters("i18n_checks")


def _language_heap(codes):
    """Bytes in use under MicroPython after each language of `codes` was chosen in turn
    (after a collection), minus the bytes in use with only the loader imported."""
    from tools.mp.wasm import MicroPython
    with MicroPython(heap=256 * 1024) as mp:
        mp.exec("import sys\nimport i18n")
        base = mp.mem_alloc()
        used = []
        for code in codes:
            mp.exec("import i18n\ni18n.use(%r)" % code)
            used.append(mp.mem_alloc() - base)
        loaded = mp.exec("import sys\nprint(' '.join(sorted(k for k in sys.modules"
                         " if k.startswith('i18n.'))))").split()
    return used, loaded


@pytest.mark.micropython
def test_only_the_chosen_language_is_in_ram_on_micropython():
    alone, _ = _language_heap(["bg"])
    used, loaded = _language_heap(["en", "bg", "en", "bg"])
    en, bg, _, bg_again = used
    assert loaded == ["i18n.bg"], "the English module is gone from sys.modules"
    # English is collected after the switch: what stays is Bulgarian plus the short
    # strings MicroPython's parser interned for English (qstrs, never freed; in flash
    # when frozen), well under a kilobyte, far from both modules together.
    assert bg - alone[0] < 1024, (en, bg, alone)
    assert bg < alone[0] + en // 4
    # Switching back and forth does not pile up.
    assert abs(bg_again - bg) <= 64, used


def test_the_packed_languages_are_what_the_sources_say():
    # The handset loads firmware/i18n/<code>.py, packed by tools/gen/strings.py from the
    # readable firmware/i18n/src/<code>.py: every name reads back exactly as written.
    import importlib
    import subprocess
    import sys
    from conftest import ROOT
    from tools.gen import strings as gen_strings
    run = subprocess.run([sys.executable, "-m", "tools.gen.strings", "--check"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    import i18n
    from i18n._names import _k
    from svara.data import Table
    for code in gen_strings.languages():
        source = gen_strings.load_source("%s/firmware/i18n/src/%s.py" % (ROOT, code))
        importlib.import_module("i18n." + code)
        packed = i18n._Packed(Table("i18n." + code, ("_o", "_d")))
        assert sorted(source) == sorted(_k) and len(_k) == len(source)
        for name, value in source.items():
            assert packed[_k.index(name)] == value, (code, name)
            assert getattr(packed, name) == value, (code, name)
        with pytest.raises(AttributeError):
            packed.NO_SUCH_STRING
        with pytest.raises(IndexError):
            packed[len(_k)]


def test_packing_refuses_a_language_that_lacks_a_name(tmp_path):
    import shutil
    from tools.gen import strings as gen_strings
    from conftest import ROOT
    for code in gen_strings.languages():
        shutil.copy("%s/firmware/i18n/src/%s.py" % (ROOT, code), tmp_path / (code + ".py"))
    with open(tmp_path / "nl.py", "a", encoding="utf-8") as f:
        f.write("\ndel YES\n")
    with pytest.raises(gen_strings.PackError, match="nl.py: missing .'YES'."):
        gen_strings.build_all(str(tmp_path))


def _qstr_bytes(mp):
    out = mp.exec("import micropython\nmicropython.qstr_info()")
    return int(out.split("n_total_bytes=")[1].split()[0])


@pytest.mark.micropython
def test_a_packed_language_takes_far_less_heap_than_its_source_on_micropython():
    from conftest import ROOT
    from i18n._names import _k
    from tools.mp.wasm import MicroPython
    cost = {}
    menu, back = _k.index("MENU"), _k.index("BACK")
    for kind, path in (("packed", "firmware/i18n/en.py"), ("source", "firmware/i18n/src/en.py")):
        with MicroPython(heap=256 * 1024) as mp:
            mp.put_file("%s/%s" % (ROOT, path), "/lib/i18n/en.py")
            mp.exec("import i18n, svara.data")
            before = mp.mem_alloc() - _qstr_bytes(mp)
            if kind == "packed":        # read by number, as the screens do
                mp.exec("import i18n.en\nT = i18n._Packed(svara.data.Table('i18n.en', "
                        "('_o', '_d')))\nx = T[%d]\nM, B = T[%d], T[%d]" % (menu, menu, back))
            else:
                mp.exec("import i18n.en\nT = i18n.en\nx = T.MENU\nM, B = T.MENU, T.BACK")
            # The source's names are qstrs (the packed words have none); their pools
            # grow by doubling, so they are left out, in the source's favour.
            cost[kind] = mp.mem_alloc() - _qstr_bytes(mp) - before
            assert mp.exec("print(M[1], B)").strip() == "Continue Back"
    print(cost)
    assert cost["packed"] < cost["source"] * 2 // 3, cost


@pytest.mark.micropython
def test_installed_as_mpy_files_a_language_is_read_from_its_bin_file_under_micropython(tmp_path):
    """make build writes each language's bytes into i18n/<code>.bin (tools/device/build.py);
    there i18n reads them in place (svara.data) instead of loading the module: the same
    words in every language, and far less heap than the module's bytes take."""
    import os
    from tools.device import build
    from tools.gen import strings as gen_strings
    from conftest import ROOT
    from tools.mp.wasm import MicroPython
    out = str(tmp_path / "dev")
    build.build("virtual", out=out, log=None)
    codes = gen_strings.languages()
    expect = {}
    for code in codes:
        src = gen_strings.load_source(os.path.join(ROOT, "firmware", "i18n", "src", code + ".py"))
        expect[code] = (src["MENU"], src["BACK"], src["LEVELS"])
    from i18n._names import _k
    levels = _k.index("LEVELS")
    heap = {}
    for way in ("bin", "module"):
        with MicroPython(heap=256 * 1024, trees=()) as mp:
            mp.put_tree(out, "/lib", ext=".mpy")
            if way == "bin":
                mp.put_tree(out, "/lib", ext=".bin")
            mp.exec("import i18n, svara.data, i18n._names")
            base = mp.mem_alloc()
            for code in codes:
                got = mp.exec("T = i18n.use(%r)\nprint(repr((T.MENU, T.BACK, T.LEVELS)))" % code)
                assert eval(got) == expect[code], (way, code)
                got = mp.exec("print(repr((i18n.count(%d), i18n.item(%d, 1))))" % (
                    levels, levels))
                assert eval(got) == (len(expect[code][2]), expect[code][2][1]), (way, code)
            mp.exec("T = i18n.use('bg')")
            heap[way] = mp.mem_alloc() - base
            kind = mp.exec("print(i18n.strings()._t.path)").strip()
            assert kind == ("/lib/i18n/bg.bin" if way == "bin" else "None"), (way, kind)
    assert heap["bin"] * 4 < heap["module"], heap
