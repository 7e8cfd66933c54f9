#!/usr/bin/env python3
"""Run code from this repo under real MicroPython (the official WebAssembly port, in Node).

    python3 -m tools.mp.wasm [--heap BYTES] [--strict-heap] FILE.py [FILE.py ...]

A file with ``test_*`` functions is run as a test module: it is imported, then each
test runs in a top-level call of its own (the port's garbage collector runs only
between such calls), and a line ``PASS name`` or ``FAIL name`` is printed for each.
Any other file runs as a script in one call. ``lib/`` and ``firmware/`` are copied
into the MicroPython filesystem first (``/lib`` is on its ``sys.path``).

The port grows its heap instead of failing, so the runner compares the GC's total
before and after: ``--strict-heap`` exits 3 when the heap had to grow past BYTES.
Exit status: 0 all passed, 1 a test or the script failed, 2 bad usage, 3 heap grew.
"""
import base64
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOST = os.path.join(ROOT, "tools", "mp", "wasm_host.mjs")
PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")

# The modules a check module may import, copied beside it (tools/stress/harness: the app
# on a filesystem that cuts the power, and the sweeps of power cuts).
HARNESS = os.path.join(ROOT, "tools", "stress", "harness")
# TurboFan only: without Liftoff the first seconds run no slower than the rest (steadier timings).
NODE_FLAGS = ["--no-liftoff"]
# Trees copied into the MicroPython filesystem: (folder in this repo, folder there).
DEFAULT_TREES = (("lib", "/lib"), ("firmware", "/lib"))


class MicroPythonError(Exception):
    """Python code raised under MicroPython; ``.traceback`` holds its traceback text."""

    def __init__(self, traceback, out=""):
        super().__init__(traceback.strip().splitlines()[-1] if traceback.strip() else "error")
        self.traceback = traceback
        self.out = out


# The heaps the port takes: below a few KB it crashes; Node runs out of memory past 1 GiB.
HEAP_MIN = 8192
HEAP_MAX = 1 << 30


class MicroPython:
    """One MicroPython interpreter in a Node process; every ``exec`` is one top-level call."""

    def __init__(self, heap=1 << 20, trees=DEFAULT_TREES):
        if not os.path.isdir(PACKAGE):
            raise RuntimeError(
                "MicroPython WebAssembly port not installed (no %s): run `make setup`" % PACKAGE)
        self.heap = heap
        self._proc = subprocess.Popen(
            ["node"] + NODE_FLAGS + [HOST, str(heap)], cwd=ROOT, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
        for local, remote in trees:
            self.put_tree(os.path.join(ROOT, local), remote)

    def _ask(self, **request):
        self._proc.stdin.write(json.dumps(request) + "\n")
        self._proc.stdin.flush()
        line = self._proc.stdout.readline()
        if not line:
            err = self._proc.stderr.read()
            raise RuntimeError("MicroPython host died: " + err[-2000:])
        answer = json.loads(line)
        if not answer.get("ok") and "type" not in answer:
            raise RuntimeError(answer.get("error", "host error"))
        return answer

    def put_file(self, local, remote):
        with open(local, "rb") as f:
            data = f.read()
        self.write(remote, data)

    def write(self, remote, data):
        self._ask(op="write", path=remote, b64=base64.b64encode(data).decode("ascii"))

    def read(self, remote):
        return base64.b64decode(self._ask(op="read", path=remote)["b64"])

    def put_tree(self, local, remote, ext=".py"):
        """Copy the `ext` files of the folder `local` into `remote`, sub-folders too."""
        if not os.path.isdir(local):
            return
        for folder, dirs, files in os.walk(local):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            rel = os.path.relpath(folder, local)
            target = remote if rel == "." else remote + "/" + rel.replace(os.sep, "/")
            for name in sorted(files):
                if name.endswith(ext):
                    self.put_file(os.path.join(folder, name), target + "/" + name)

    def exec(self, code):
        """Run ``code`` as one top-level call; return its output, raise MicroPythonError."""
        answer = self._ask(op="exec", code=code)
        if not answer["ok"]:
            raise MicroPythonError(answer.get("error", ""), answer.get("out", ""))
        return answer["out"]

    def repeat(self, codes, times, again):
        """Rounds of ``codes`` (each its own top-level call, as ``exec`` makes them) while
        the round's last output matches the regex ``again``, at most ``times`` rounds, run
        by the host without a round trip a call; the list of those outputs."""
        answer = self._ask(op="repeat", codes=list(codes), times=times, **{"while": again})
        if not answer["ok"]:
            raise MicroPythonError(answer.get("error", ""), answer.get("out", ""))
        return answer["outs"]

    def heap_total(self):
        """(GC total at start, GC total now): a larger total now means the heap grew."""
        answer = self._ask(op="heap")
        return answer["initial"], answer["total"]

    def heap_grew(self):
        initial, total = self.heap_total()
        return total > initial

    def mem_alloc(self):
        """Bytes in use after a collection, measured in calls of their own."""
        self.exec("import gc\ngc.collect()")
        return int(self.exec("import gc\nprint(gc.mem_alloc())"))

    def close(self):
        if self._proc.poll() is None:
            self._proc.stdin.close()
            self._proc.wait(timeout=10)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def test_names(path):
    """The ``test_*`` functions a module defines, in file order (read as text, not run)."""
    names = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("def test_"):
                names.append(line[4:line.index("(")])
    return names


def run_test_module(mp, path):
    """Import ``path`` under MicroPython and run each test in its own call.

    Returns a list of (name, passed, output or traceback)."""
    module = "_mptest_" + os.path.splitext(os.path.basename(path))[0]
    mp.put_file(path, "/tests/%s.py" % module)
    for name in sorted(os.listdir(HARNESS)):
        if name.endswith(".py"):
            mp.put_file(os.path.join(HARNESS, name), "/tests/" + name)
    mp.exec("import sys\nif '/tests' not in sys.path: sys.path.append('/tests')\nimport %s" % module)
    results = []
    for name in test_names(path):
        try:
            out = mp.exec("%s.%s()" % (module, name))
            results.append((name, True, out))
        except MicroPythonError as e:
            results.append((name, False, e.out + e.traceback))
    return results


def main(argv):
    args = list(argv)
    heap = 1 << 20
    strict = False
    files = []
    while args:
        a = args.pop(0)
        if a == "--heap":
            if not args or not args[0].isdigit():
                print("python -m tools.mp.wasm: --heap takes a number of bytes", file=sys.stderr)
                return 2
            heap = int(args.pop(0))
            if not HEAP_MIN <= heap <= HEAP_MAX:
                print("python -m tools.mp.wasm: --heap takes %d to %d bytes" % (
                    HEAP_MIN, HEAP_MAX), file=sys.stderr)
                return 2
        elif a == "--strict-heap":
            strict = True
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        elif a.startswith("-"):
            print("python -m tools.mp.wasm: unknown option %r (see --help)" % a, file=sys.stderr)
            return 2
        else:
            files.append(a)
    if not files:
        print("python -m tools.mp.wasm: name a .py file to run (see --help)", file=sys.stderr)
        return 2
    for path in files:                  # before the port starts: said at once
        if not os.path.isfile(path):
            print("python -m tools.mp.wasm: no such file: %s" % path, file=sys.stderr)
            return 2
    failed = 0
    with MicroPython(heap=heap) as mp:
        for path in files:
            if test_names(path):
                for name, ok, text in run_test_module(mp, path):
                    print(("PASS " if ok else "FAIL ") + name)
                    if not ok:
                        failed += 1
                        print(text)
            else:
                try:
                    sys.stdout.write(mp.exec(open(path, encoding="utf-8").read()))
                except MicroPythonError as e:
                    sys.stdout.write(e.out)
                    print(e.traceback, file=sys.stderr)
                    failed += 1
        initial, total = mp.heap_total()
    grew = total > initial
    print("heap: %d bytes at start, %d now%s" % (
        initial, total, " (GREW past --heap %d)" % heap if grew else ""), file=sys.stderr)
    if failed:
        return 1
    if strict and grew:
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
