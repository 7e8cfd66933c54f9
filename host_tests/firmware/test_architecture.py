# The firmware's shape (docs/ARCHITECTURE.md): the app owns its state and declares it in
# App.__init__ (no getattr(app, ...) from anywhere); the saves' modules (saving, loading,
# store) import nothing of ui/; no import cycle among the modules of firmware/ and
# lib/svara. Imports are read with ast: top-level and function-level ones both count.
import ast
import os

from conftest import ROOT

FIRMWARE = os.path.join(ROOT, "firmware")
LIB = os.path.join(ROOT, "lib")
_SAVES = ("saving", "loading", "store")


def _modules():
    """{module name: path} of every .py file of firmware/ and lib/svara."""
    found = {}
    for base in (FIRMWARE, os.path.join(LIB, "svara")):
        for folder, _, files in os.walk(base):
            for f in files:
                if not f.endswith(".py"):
                    continue
                path = os.path.join(folder, f)
                rel = os.path.relpath(path, LIB if base != FIRMWARE else FIRMWARE)
                skip = ("boards" + os.sep, "i18n" + os.sep + "src")
                if base == FIRMWARE and rel.startswith(skip):
                    continue                # a board's own files; the languages' sources
                name = rel[:-3].replace(os.sep, ".")
                if name.endswith(".__init__"):
                    name = name[:-9]
                found[name] = path
    return found


def _tree(path):
    with open(path, encoding="utf-8") as f:
        return ast.parse(f.read(), path)


def _imports(name, path, known):
    """The modules of `known` that the module `name` imports, anywhere in it."""
    out = set()
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[:len(up) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            # `from ui import draw` imports ui.draw; `from ui.draw import F5` ui.draw
            targets = [base] + [base + "." + a.name for a in node.names]
        else:
            continue
        for t in targets:
            if t in known and t != name:
                out.add(t)
    return out


def _graph():
    known = _modules()
    return {name: _imports(name, path, known) for name, path in known.items()}


def test_the_saves_modules_import_nothing_of_ui():
    graph = _graph()
    for m in _SAVES:
        ui = sorted(t for t in graph[m] if t == "ui" or t.startswith("ui."))
        assert not ui, (m, ui)


def test_no_screen_touches_the_saves():
    # A screen changes the app's state and says so (app.prefs_changed, names_changed, the
    # session's changed); the app saves after the key (App._keep). No ui module imports
    # saving, loading or store.
    graph = _graph()
    screens = [m for m in graph if m == "ui" or m.startswith("ui.")]
    assert "ui.options" in screens and "ui.names" in screens
    for m in screens:
        touched = sorted(t for t in graph[m] if t in _SAVES)
        assert not touched, (m, touched)


def _cycles(graph):
    """The import cycles of graph: each a set of modules (a strongly connected part)."""
    index = {}
    low = {}
    stack = []
    out = []

    def visit(m):
        index[m] = low[m] = len(index)
        stack.append(m)
        for t in sorted(graph[m]):
            if t.startswith(m + "."):
                continue            # a package importing its own module makes no cycle
            if t not in index:
                visit(t)
                low[m] = min(low[m], low[t])
            elif t in stack:
                low[m] = min(low[m], index[t])
        if low[m] == index[m]:
            part = set()
            while True:
                t = stack.pop()
                part.add(t)
                if t == m:
                    break
            if len(part) > 1:
                out.append(part)

    for m in sorted(graph):
        if m not in index:
            visit(m)
    return out


def test_no_import_cycle_among_firmware_and_lib():
    graph = _graph()
    cycles = [sorted(c) for c in _cycles(graph)]
    assert not cycles, "import cycles: %s" % cycles
    assert "session" in graph and "settings" in graph and "ui.draw" in graph


def test_a_cycle_is_seen(tmp_path, monkeypatch):
    # The check finds a cycle made through a function-level import.
    fw = tmp_path / "firmware"
    (fw / "ui").mkdir(parents=True)
    (tmp_path / "lib" / "svara").mkdir(parents=True)
    (fw / "a.py").write_text("import b\n", encoding="utf-8")
    (fw / "b.py").write_text("def f():\n    from ui import c\n", encoding="utf-8")
    (fw / "ui" / "__init__.py").write_text("", encoding="utf-8")
    (fw / "ui" / "c.py").write_text("import a\n", encoding="utf-8")
    monkeypatch.setattr("test_architecture.FIRMWARE", str(fw))
    monkeypatch.setattr("test_architecture.LIB", str(tmp_path / "lib"))
    graph = _graph()
    assert graph["b"] == {"ui", "ui.c"} and graph["ui.c"] == {"a"}
    assert _cycles(graph) == [{"a", "b", "ui.c"}]


def test_no_getattr_on_the_app():
    # The app's whole state is declared in App.__init__: nothing asks whether it is there.
    bad = []
    for name, path in sorted(_modules().items()):
        for node in ast.walk(_tree(path)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("getattr", "hasattr") and node.args):
                target = ast.unparse(node.args[0])
                if target == "app" or target.endswith(".app"):
                    bad.append("%s:%d %s" % (name, node.lineno, ast.unparse(node)))
    assert not bad, bad


def test_the_app_declares_every_attribute_it_has_in_init():
    # Every `app.X = ...` / `self.app.X = ...` made anywhere in firmware/, and every
    # `self.X = ...` of App, names an attribute that App.__init__ sets.
    app = _tree(os.path.join(FIRMWARE, "app.py"))
    cls = [n for n in app.body if isinstance(n, ast.ClassDef) and n.name == "App"][0]
    init = [n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"][0]
    declared = {t.attr for n in ast.walk(init) if isinstance(n, ast.Assign)
                for t in n.targets if isinstance(t, ast.Attribute)}
    assert {"cfg", "stats", "players", "hist", "to_play", "kept", "stats_token"} <= declared
    made = []
    for name, path in sorted(_modules().items()):
        if name.split(".")[0] == "svara":
            continue                    # the engine knows no app
        tree = _tree(path)
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Assign, ast.AugAssign)):
                continue
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                if not isinstance(t, ast.Attribute):
                    continue
                owner = ast.unparse(t.value)
                if owner in ("app", "self.app") or (name == "app" and owner == "self"):
                    if t.attr not in declared:
                        made.append("%s:%d %s.%s" % (name, node.lineno, owner, t.attr))
    assert not made, made


HEADER_MOST = 12


def header_lines(source):
    """The lines of a module's header: its leading comment lines and its docstring."""
    lines = source.splitlines()
    n = i = 0
    while i < len(lines) and (lines[i].startswith("#") or not lines[i].strip()):
        n += lines[i].startswith("#")
        i += 1
    body = ast.parse(source).body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        n += body[0].end_lineno - body[0].lineno + 1
    return n


def test_module_headers_say_what_a_module_is_for_in_a_few_lines():
    """A module header says what the module is for; the why of a rule lives in the doc of
    its subject (docs/RELIABILITY.md, MEMORY.md, HARDWARE.md, UI.md...), its history in
    git and CHANGELOG.md."""
    long = []
    for base in (FIRMWARE, os.path.join(LIB, "svara")):
        for folder, _, files in os.walk(base):
            for f in sorted(files):
                if f.endswith(".py"):
                    path = os.path.join(folder, f)
                    with open(path, encoding="utf-8") as fh:
                        n = header_lines(fh.read())
                    if n > HEADER_MOST:
                        long.append("%s: %d lines" % (os.path.relpath(path, ROOT), n))
    assert not long, "module headers over %d lines:\n%s" % (HEADER_MOST, "\n".join(long))


def test_the_header_count_takes_comments_and_the_docstring():
    assert header_lines("# a\n# b\n\nimport os\n# not the header\n") == 2
    assert header_lines('"""One.\n\nTwo."""\nimport os\n') == 3
    assert header_lines('#!/usr/bin/env python3\n"""One."""\n') == 2
