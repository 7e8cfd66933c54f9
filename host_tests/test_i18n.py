"""The six languages (firmware/i18n): the string checks on both interpreters."""
import pytest

from conftest import check_names, run_checks_on_micropython
from mpchecks import i18n_checks


@pytest.mark.parametrize("name", check_names("i18n_checks"))
def test_on_cpython(name):
    getattr(i18n_checks, name)()


def test_same_checks_on_micropython(micropython):
    run_checks_on_micropython(micropython, "i18n_checks")


def _language_heap(codes):
    """Bytes in use under MicroPython after each language of `codes` was chosen in turn
    (after a collection), minus the bytes in use with only the loader imported."""
    from mp import MicroPython
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
