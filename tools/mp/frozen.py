"""A frozen build's heap, modelled under the WebAssembly MicroPython.

On the handset the game is frozen into the firmware (firmware/manifest.py): a module's
bytecode, its names (qstrs) and its constants (the score table, the fonts, the packed
strings) stay in flash, and importing it makes only its top-level objects in RAM: the
module and its dict, its functions and classes, and whatever its top level builds. The
WebAssembly port cannot freeze anything: there every import also puts the code in the
heap, so a heap figure from it counts code that the handset keeps in flash.

The model:
  1. In a fresh interpreter, import every module the handset freezes (modules()), one
     call each, compiled to .mpy as the build does, and measure the heap they take
     (IMPORTED). Then run each module's compiled code a second time into a fresh dict:
     the heap that takes is its top-level objects (TOP), what importing the frozen
     module costs in RAM; TOP also counts the modules' entries in sys.modules and in
     their packages. CODE = IMPORTED - TOP is what the
     port holds and the handset does not.
  2. The run itself imports the same modules first and keeps them: a module that the app
     lets go (ui.screen.DROP, a language it leaves) is put back into sys.modules after
     every call, as a frozen module comes back without loading code again.
  3. The run starts with a heap of BUDGET plus CODE (and the GC tables' share of CODE): if
     it never grows, the run fits BUDGET on a frozen build. Its peak minus CODE is the
     frozen build's peak.

Keeping every module is on the safe side: a frozen build that lets a screen go frees its
top-level objects, which the model keeps counted.

    python3 -m tools.mp.frozen        prints CODE, TOP and the share of each module
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
from tools.common import manifest  # noqa: E402  (what the handset ships)
from tools.device.build import imported_modules  # noqa: E402

# Imported first, in the order the app needs them (the rest follow by name); each is one
# of modules(), which come from firmware/manifest.py.
_FIRST = ("drivers.simdisplay", "app", "ui.screen", "ui.writer", "ui.font_6x12",
          "ui.font_5x8", "svara", "svara.bots", "i18n", "settings", "ui.draw", "ui.title",
          "session",
          "store", "saving")


def _imports(path, name):
    """Whether the source file at path imports the module `name` (or a name in it)."""
    return any(n == name or n.startswith(name + ".") for n in imported_modules(path))


def modules():
    """Every module the model preloads, importable names, in import order: what the build
    freezes (firmware/manifest.py), less main.py and the board file (they need
    `machine`) and the modules only the board file imports (the handset's hardware
    drivers), plus the simulator's display driver that the model runs."""
    shipped = list(zip(manifest.files(), manifest.modules()))
    board = [path for (path, rel), _ in shipped if rel == "board.py"]
    others = [path for (path, rel), _ in shipped if rel not in ("main.py", "board.py")]
    found = ["drivers.simdisplay"]
    for (path, rel), name in shipped:
        if rel in ("main.py", "board.py"):
            continue
        if any(_imports(b, name) for b in board) and not any(
                _imports(o, name) for o in others if o != path):
            continue                    # the handset's hardware, which the board drives
        found.append(name)
    missing = [m for m in _FIRST if m not in found]
    if missing:
        raise RuntimeError("frozen model: _FIRST names %s, not shipped" % missing)
    return list(_FIRST) + sorted(m for m in found if m not in _FIRST)


def preload_calls(names):
    """The calls (code strings, one call each) that import `names` and keep them in _keep.
    Run RESTORE (RESTORE_CALL, once these ran) after every later call."""
    calls = ["import gc, sys\n_keep = {}\n_reloads = 0\n" + RESTORE_DEF]
    calls += ["import %s\n_keep[%r] = sys.modules[%r]" % (m, m, m) for m in names]
    calls.append("gc.collect()")
    return calls


# Put back any kept module that the app let go (it would come back from flash).
# A module imported anew from its file in the meantime (let go and imported again within
# one call) is counted in _reloads: its code went into the heap, which the model then
# counts as the frozen build's (on the safe side).
RESTORE = ("for _n in _keep:\n"
           "    _m = sys.modules.get(_n)\n"
           "    if _m is None:\n"
           "        sys.modules[_n] = _m = _keep[_n]\n"
           "        _i = _n.rfind('.')\n"
           "        if _i > 0:\n"
           "            setattr(_keep[_n[:_i]], _n[_i + 1:], _m)\n"
           "    elif _m is not _keep[_n]:\n"
           "        _reloads += 1\n"
           "        _keep[_n] = _m\n"
           "_m = None\n")


# RESTORE as a function of the interpreter (preload_calls defines it first, so that
# it is measured with the code: the model's own, not the game's): a call then ends with
# RESTORE_CALL, compiled to a few bytes, not with RESTORE's loop compiled anew every call
# (which cost more than most calls' own work, and left its bytecode in the call's peak).
RESTORE_DEF = ("def _restore():\n    global _reloads\n" +
               "".join("    " + line + "\n" for line in RESTORE.splitlines()))
RESTORE_CALL = "_restore()\n"


def _interpreter(heap):
    """MicroPython with the game as the build compiles it (.mpy, tools/device/build.py, the
    virtual board) in /lib, and the simulator's display driver beside it: loading .mpy
    leaves no compiler garbage between the code's blocks, so the code lies packed as
    in flash and does not break the free heap into pieces that the handset would not
    have. The sources are in /src, for measure()."""
    from tools.device import build
    from tools.mp.wasm import MicroPython
    out = os.path.join(ROOT, "build", "frozen-model")
    build.build("virtual", out=out, log=lambda *a: None, tables=True)
    mp = MicroPython(heap=heap, trees=())
    try:
        mp.put_tree(out, "/lib", ext=".mpy")
        mp.put_file(os.path.join(ROOT, "firmware", "drivers", "simdisplay.py"),
                    "/lib/drivers/simdisplay.py")
        mp.put_tree(os.path.join(ROOT, "lib"), "/src")
        mp.put_tree(os.path.join(ROOT, "firmware"), "/src")
    except Exception:
        mp.close()
        raise
    return mp


def measure(names=None):
    """(IMPORTED, TOP, rows): the heap the modules take once imported, the heap of their
    top-level objects alone, and (name, top-level bytes) for each, under MicroPython."""
    names = modules() if names is None else names
    with _interpreter(1 << 20) as mp:
        mp.exec("import gc, sys\n_codes = []\n_tops = []")
        empty = mp.mem_alloc()
        for code in preload_calls(names):
            mp.exec(code)
        imported = mp.mem_alloc() - empty
        # The import also made entries in sys.modules and in the packages (RAM on the
        # handset too) and the model's own _keep: counted as RAM, as much as copies of
        # sys.modules and of _keep take.
        before = mp.mem_alloc()
        mp.exec("_links = (dict(sys.modules), dict(_keep))")
        links = mp.mem_alloc() - before
        mp.exec("_links = None")
        files = mp.exec("for _n in %r:\n    print(sys.modules[_n].__file__)" % (names,))
        files = ["/src" + f[4:-4] + ".py" if f.endswith(".mpy") else "/src" + f[4:]
                 for f in files.split()]
        for f in files:
            mp.exec("_f = open(%r)\n_codes.append(compile(_f.read(), %r, 'exec'))\n"
                    "_f.close()\ndel _f" % (f, f))
        rows = [("(sys.modules, packages)", links)]
        for i, m in enumerate(names):
            before = mp.mem_alloc()
            mp.exec("_g = {'__name__': %r}\nexec(_codes[%d], _g)\n_tops.append(_g)\ndel _g"
                    % (m, i))
            rows.append((m, mp.mem_alloc() - before))
    return imported, sum(r[1] for r in rows), rows


def interpreter(budget):
    """(MicroPython, CODE, RESTORE_CALL): an interpreter whose heap is `budget` plus the
    code, with every module of the model imported and kept; CODE is measured in it (the
    heap its imports took, less their top-level objects) and is what to take off its heap
    figures for the frozen build's. Add RESTORE_CALL to the end of every later call."""
    imported, top, _ = measure()
    # The GC keeps a few per cent of its heap for its own tables: a `budget` heap holds
    # less than `budget` bytes of objects. The code gets its own tables' share on top,
    # so the objects' room beside it is what a plain `budget` heap has (no less: that
    # would charge the frozen build for tables of code it does not have in RAM).
    from tools.mp.wasm import MicroPython
    with MicroPython(heap=budget, trees=()) as probe:
        room = probe.heap_total()[0]
    mp = _interpreter(budget + ((imported - top) * budget + room - 1) // room)
    try:
        empty = mp.mem_alloc()
        for code in preload_calls(modules()):
            mp.exec(code)
        return mp, mp.mem_alloc() - empty - top, RESTORE_CALL
    except Exception:
        mp.close()
        raise


def main(argv=None):
    from tools.common.hosttool import parser
    parser(__doc__).parse_args(argv)
    imported, top, rows = measure()
    print("frozen-build model: %d modules" % (len(rows) - 1))
    for m, b in rows:
        print("  %-22s %6d bytes of top-level objects" % (m, b))
    print("imported under MicroPython: %d bytes; their top-level objects: %d bytes;"
          " code that a frozen build keeps in flash: %d bytes" % (imported, top, imported - top))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
