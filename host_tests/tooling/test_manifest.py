"""firmware/manifest.py is the one list of the modules the handset ships: the reader
(tools/common/manifest.py) runs it as MicroPython's makemanifest does, and no tool or
test keeps another list of those modules by hand."""
import ast
import os

import pytest

from conftest import ROOT
from tools.common import manifest

# Lists that name modules for another reason than shipping them: (file, variable, why).
NOT_SHIPPING_LISTS = {
    ("tools/bench/play.py", "MODULES"): "the heap breakdown's import order (a benchmark)",
    ("tools/mp/frozen.py", "_FIRST"): "the frozen model's import order; the modules "
                                      "themselves come from the manifest (checked there)",
    ("host_tests/mpchecks/i18n_checks.py", "LANGS"): "the languages a check expects "
                                                     "i18n.LANGUAGES to be",
}
# Each group of shipped modules (a package, or the top-level modules) with at least this
# many members: a literal naming more than half of one is a hand-kept copy of the list.
GROUP_MIN = 4


def _groups():
    names = manifest.modules("handset")
    packages = {n.split(".")[0] for n in names if "." in n}
    groups = {}
    for name in names:
        top = name.split(".")[0]
        groups.setdefault(top if top in packages else "", set()).add(name)
    return {g: names for g, names in groups.items() if len(names) >= GROUP_MIN}


def _spellings(name):
    """The ways a list may name a module: svara.cards, svara/cards.py, cards.py, cards."""
    path = name.replace(".", "/")
    leaf = name.split(".")[-1]
    out = {name, path + ".py", path + "/__init__.py"}
    if "." in name:
        out |= {leaf, leaf + ".py"}
    return out


def _literals(path):
    """(line, the literal's strings, the name it is assigned to or None)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    named = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(
                node.targets[0], ast.Name):
            named[id(node.value)] = node.targets[0].id
    for node in ast.walk(tree):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            words = {e.value for e in node.elts
                     if isinstance(e, ast.Constant) and isinstance(e.value, str)}
            if len(words) >= 3:
                yield node.lineno, words, named.get(id(node))


def _python_files():
    for base in ("tools", "host_tests"):
        for folder, dirs, names in os.walk(os.path.join(ROOT, base)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for n in names:
                if n.endswith(".py"):
                    yield os.path.join(folder, n)


def test_the_reader_names_what_the_manifest_freezes():
    files = manifest.files("handset")
    rels = [rel for _, rel in files]
    assert rels == sorted(rels) and len(rels) == len(set(rels))
    assert {"main.py", "app.py", "board.py", "svara/__init__.py", "svara/cards.py",
            "ui/title.py", "i18n/en.py", "drivers/st7735.py"} <= set(rels)
    assert not {"manifest.py", "svara/__main__.py", "drivers/simdisplay.py"} & set(rels)
    for path, rel in files:
        assert os.path.isfile(path), path
    board = dict((rel, path) for path, rel in files)["board.py"]
    assert board == os.path.join(ROOT, "firmware", "boards", "handset", "board.py")


def test_another_board_ships_its_own_board_file_and_the_same_game():
    handset = manifest.files("handset")
    virtual = manifest.files("virtual")
    assert [r for _, r in handset] == [r for _, r in virtual]
    assert dict((r, p) for p, r in virtual)["board.py"] == os.path.join(
        ROOT, "firmware", "boards", "virtual", "board.py")


def test_the_manifest_runs_without_builtins_and_says_a_missing_file(tmp_path):
    fw = tmp_path / "firmware"
    fw.mkdir()
    (fw / "app.py").write_text("")
    (fw / "manifest.py").write_text('include("$(PORT_DIR)/boards/manifest.py")\n'
                                    'module("app.py")\nrequire("aioble")\n')
    assert manifest.files(src=str(tmp_path)) == [(str(fw / "app.py"), "app.py")]
    (fw / "manifest.py").write_text('module("gone.py")\n')
    with pytest.raises(manifest.ManifestError, match="gone.py"):
        manifest.files(src=str(tmp_path))
    (fw / "manifest.py").write_text('open("/etc/passwd")\n')
    with pytest.raises(manifest.ManifestError, match="open"):
        manifest.files(src=str(tmp_path))


def test_no_tool_or_test_keeps_its_own_list_of_the_shipped_modules():
    """What the build, the mip packages, the frozen model and the tests ship or load comes
    from the manifest: a literal list naming more than half of a package's modules (or
    of the top-level ones) in tools/ or host_tests/ is a second copy to keep in step."""
    groups = _groups()
    assert {"svara", "ui", "i18n", ""} <= set(groups)
    found = []
    for path in _python_files():
        rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
        for line, words, name in _literals(path):
            if (rel, name) in NOT_SHIPPING_LISTS:
                continue
            for group, names in groups.items():
                hits = {n for n in names if _spellings(n) & words}
                if 2 * len(hits) > len(names):
                    found.append("%s:%d names %d of the %d modules of %s" % (
                        os.path.relpath(path, ROOT), line, len(hits), len(names),
                        group or "the top level"))
    assert not found, "read firmware/manifest.py (tools/common/manifest.py) instead:\n" + \
        "\n".join(found)


def test_the_check_finds_a_hand_kept_list():
    """A hand-kept list of the top-level modules, as tools/mp/frozen.py had before the
    manifest was read, is found."""
    groups = _groups()
    old = set("app store saving loading session settings drivers.display".split())
    assert any(2 * len({n for n in names if _spellings(n) & old}) > len(names)
               for names in groups.values())
