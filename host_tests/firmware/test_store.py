"""Saves (firmware/store.py): power cuts at every write and rename, damaged files."""
import pytest

from conftest import on_both_interpreters
from store import Store


test_checks = on_both_interpreters("store_checks")


def test_real_files_on_the_host(tmp_path):
    store = Store(str(tmp_path))
    store.save("settings", {"lang": "bg"})
    store.save("settings", {"lang": "en"})
    assert Store(str(tmp_path)).load("settings") == {"lang": "en"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings", "settings.1"]
    (tmp_path / "settings.1").write_bytes(b"")
    fresh = Store(str(tmp_path))
    assert fresh.load("settings") == {"lang": "bg"} and "empty" in fresh.note


@pytest.mark.micropython
def test_real_files_on_micropython(micropython):
    out = micropython.exec(
        "from store import Store\nimport os\n"
        "try:\n    os.mkdir('/saves')\nexcept OSError:\n    pass\n"
        "s = Store('/saves')\ns.save('x', {'n': 1})\ns.save('x', {'n': 2})\n"
        "print(Store('/saves').load('x'), sorted(os.listdir('/saves')))\n")
    assert out.strip() == "{'n': 2} ['x', 'x.1']"


def test_a_first_save_makes_its_folder(tmp_path):
    folder = tmp_path / "saves"
    Store(str(folder)).save("stats", [1, 2])
    assert Store(str(folder)).load("stats") == [1, 2]


@pytest.mark.micropython
def test_a_first_save_makes_its_folder_on_micropython(micropython):
    out = micropython.exec(
        "from store import Store\nimport os\n"
        "Store('/first').save('x', [3])\n"
        "print(Store('/first').load('x'), os.listdir('/first'))\n")
    assert out.strip() == "[3] ['x']"
