"""firmware/manifest.py, read: the one list of the modules the handset ships.

MicroPython's build freezes what the manifest names; the host tools read the same file
here, so that nothing else keeps a list of the game's modules by hand:

    from tools.common import manifest
    manifest.files("handset")     # [(source path, path on the device)], by device path
    manifest.modules("handset")   # the same as importable names: "svara.cards", "app"

The manifest is run as MicroPython's makemanifest runs it, in a namespace of its own
with no builtins: package(), module() and include() record files; require(), freeze(),
metadata() and add_library() (micropython-lib and the port's own business) are accepted
and record nothing, as is an include() of a $(PORT_DIR)/$(MPY_DIR)/$(BOARD_DIR) path (the
port's manifest, not the game's). package() without files walks its folder as the real
one does. A board other than the reference handset ships its own board.py: a base_path
under boards/ is read as boards/<board>/.
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REFERENCE_BOARD = "handset"   # the board whose board.py the manifest freezes


class ManifestError(ValueError):
    """The manifest names a file that is not there, or a call it may not make."""


def manifest_path(src=ROOT):
    return os.path.join(src, "firmware", "manifest.py")


def files(board=REFERENCE_BOARD, src=ROOT):
    """[(source path, path on the device as .py)] of everything the manifest ships for
    `board`, sorted by the path on the device; ManifestError for a missing file."""
    found = {}
    _run(manifest_path(src), board, found)
    return sorted(((path, rel) for rel, path in found.items()), key=lambda item: item[1])


def modules(board=REFERENCE_BOARD, src=ROOT):
    """The importable names of files(): 'svara' for svara/__init__.py, 'svara.cards'."""
    out = []
    for _, rel in files(board, src):
        name = rel[:-3].replace("/", ".")
        out.append(name[:-len(".__init__")] if name.endswith(".__init__") else name)
    return out


def _board_base(base_path, board):
    parts = os.path.normpath(base_path).split(os.sep)
    if len(parts) >= 2 and parts[0] == "boards":
        parts[1] = board
    return os.path.join(*parts)


def _run(path, board, found):
    here = os.path.dirname(path)

    def add(source, rel):
        if not os.path.isfile(source):
            raise ManifestError("%s names %s, which is not there" % (path, source))
        found[rel.replace(os.sep, "/")] = source

    def package(package_path, files=None, base_path=".", opt=None):
        base = os.path.normpath(os.path.join(here, _board_base(base_path, board),
                                             package_path))
        if files is None:
            files = []
            for folder, dirs, names in os.walk(base):
                dirs[:] = sorted(d for d in dirs if d != "__pycache__")
                files += [os.path.relpath(os.path.join(folder, n), base)
                          for n in sorted(names) if n.endswith(".py")]
        for name in files:
            add(os.path.join(base, name), package_path + "/" + name)

    def module(module_path, base_path=".", opt=None):
        add(os.path.normpath(os.path.join(here, _board_base(base_path, board), module_path)),
            module_path)

    def include(manifest, **kwargs):
        if manifest.startswith("$("):
            return                      # the port's own manifest
        target = os.path.normpath(os.path.join(here, manifest))
        if os.path.isdir(target):
            target = os.path.join(target, "manifest.py")
        _run(target, board, found)

    def nothing(*args, **kwargs):
        return None

    namespace = {"__builtins__": {}, "package": package, "module": module,
                 "include": include, "require": nothing, "freeze": nothing,
                 "metadata": nothing, "add_library": nothing}
    with open(path, encoding="utf-8") as f:
        code = compile(f.read(), path, "exec")
    try:
        exec(code, namespace)
    except NameError as e:
        raise ManifestError("%s: %s (a manifest may call package(), module(), include(), "
                            "require(), freeze(), metadata(), add_library())" % (path, e))
