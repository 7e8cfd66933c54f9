"""Every command-line entry point against hostile arguments (issue 46): bad paths, odd
values, special files (a FIFO, /dev/zero, a folder, a symlink loop, /proc) and huge
inputs. Each case must end within LIMIT seconds with one line on stderr and a non-zero
exit, and leave the sentinel tree (a throwaway folder the cases point into) as it was:
nothing deleted or overwritten that the tool did not create. No case names a real
folder a tool could write in: /proc and /dev/zero only where nothing can be made."""
import os
import shutil
import subprocess
import sys
import time

import pytest

from conftest import ROOT

pytestmark = pytest.mark.slow

LIMIT = 2.0     # seconds a case may take

# {tree}: the sentinel tree; in it: mine (a file of someone's), dir/ (a folder with a
# file), fifo, loop (a symlink to itself), huge (2 MiB of key names), a .py file that is not UTF-8,
# junk (5,000 lines that are no move),
# src/ (a copy of the checkout's firmware/ and lib/ with a broken store.py: see below).
# (module, args, stdin): stdin None or a path read as the tool's standard input.
CASES = [
    # python -m svara
    ("svara", ["replay", "{tree}/fifo"], None),
    ("svara", ["replay", "/dev/zero"], None),
    ("svara", ["replay", "{tree}/dir"], None),
    ("svara", ["replay", "{tree}/loop"], None),
    ("svara", ["replay", "/proc"], None),
    ("svara", ["replay", "/proc/self/status"], None),
    ("svara", ["replay", "{tree}/huge"], None),
    ("svara", ["replay", "{tree}/mine"], None),
    ("svara", ["replay", "{tree}/missing"], None),
    ("svara", ["replay", "-"], "/dev/zero"),
    ("svara", ["replay", "{tree}/mine", "--names", "a,b"], None),
    ("svara", ["play", "--seed", "1"], "/dev/zero"),
    ("svara", ["play", "--seed", "1"], "{tree}/junk"),
    ("svara", ["replay", "{tree}/bad.py"], None),
    ("svara", ["play", "--players", "99999999999999999999"], None),
    ("svara", ["play", "--stack", "-1"], None),
    ("svara", ["play", "--level", "\n"], None),
    ("svara", ["score", "7c", "Ah"], None),
    ("svara", ["score", "x" * 100000], None),
    ("svara", ["odds", "7c", "Ah", "Ad", "-n", "1e9"], None),
    ("svara", ["nonsense"], None),
    # python -m tools.sim
    ("tools.sim", ["--keys", "@{tree}/fifo"], None),
    ("tools.sim", ["--keys", "@/dev/zero"], None),
    ("tools.sim", ["--keys", "@{tree}/dir"], None),
    ("tools.sim", ["--keys", "@{tree}/loop"], None),
    ("tools.sim", ["--keys", "@/proc"], None),
    ("tools.sim", ["--keys", "@{tree}/huge"], None),
    ("tools.sim", ["--keys", "@{tree}/bad.py"], None),
    ("tools.sim", ["--keys", "@{tree}/missing"], None),
    ("tools.sim", ["--keys", "NOPE"], None),
    ("tools.sim", ["--keys", "OK", "--save-dir", "{tree}/mine"], None),
    ("tools.sim", ["--keys", "OK", "--save-dir", "/proc/sys"], None),
    ("tools.sim", ["--keys", "OK", "--save-dir", "{tree}/loop"], None),
    ("tools.sim", ["--keys", "OK", "--save-dir", "/dev/zero"], None),
    ("tools.sim", ["--keys", "OK", "--shots", "{tree}/mine"], None),
    ("tools.sim", ["--keys", "OK", "--shots", "/proc/x"], None),
    ("tools.sim", ["--keys", "OK", "--seed", "-1"], None),
    ("tools.sim", ["--keys", "OK", "--scale", "99"], None),
    ("tools.sim", ["--keys", "OK", "--micropython", "--heap", "1"], None),
    # python -m tools.device.build
    ("tools.device.build", ["--out", "{tree}"], None),
    ("tools.device.build", ["--out", "{tree}/dir"], None),
    ("tools.device.build", ["--out", "{tree}/mine"], None),
    ("tools.device.build", ["--out", "{tree}/loop"], None),
    ("tools.device.build", ["--out", "/proc/x"], None),
    ("tools.device.build", ["--out", "{tree}/fifo"], None),
    ("tools.device.build", ["--out", "{tree}/new", "--src", "{tree}"], None),
    ("tools.device.build", ["--out", "{tree}/new", "--src", "{tree}/loop"], None),
    ("tools.device.build", ["--out", "{tree}/new", "--src", "/proc"], None),
    ("tools.device.build", ["--out", "{tree}/new", "--board", "../../etc"], None),
    ("tools.device.build", ["--out", "{tree}/new", "--src", "{tree}/src-syntax"], None),
    ("tools.device.build", ["--out", "{tree}/new", "--src", "{tree}/src-nul"], None),
    ("tools.device.build", ["--out", "{tree}/new", "--src", "{tree}/src-utf8"], None),
    ("tools.device.build", ["--out", "{tree}/new", "--src", "{tree}/src-missing"], None),
    ("tools.device.build", ["--out", "{tree}/new", "--src", "{tree}/src-loop"], None),
    # python -m tools.device.flash
    ("tools.device.flash", ["{tree}/fifo", "--build", "{tree}/dir"], None),
    ("tools.device.flash", ["/dev/zero", "--build", "{tree}/dir"], None),
    ("tools.device.flash", ["fake", "--build", "{tree}/loop"], None),
    ("tools.device.flash", ["fake", "--build", "/proc"], None),
    ("tools.device.flash", ["fake", "--build", "{tree}/mine"], None),
    ("tools.device.flash", ["fake", "--build", "{tree}"], None),
    ("tools.device.flash", ["fake", "--timeout", "-1"], None),
    ("tools.device.flash", ["fake", "--timeout", "nan"], None),
    ("tools.device.flash", ["fake", "--mode", "x"], None),
    # python -m tools.web
    ("tools.web", ["build", "--out", "{tree}"], None),
    ("tools.web", ["build", "--out", "{tree}/mine"], None),
    ("tools.web", ["build", "--out", "{tree}/loop"], None),
    ("tools.web", ["build", "--out", "/proc/x"], None),
    ("tools.web", ["serve", "--out", "{tree}/site", "--port", "99999"], None),
    ("tools.web", ["serve", "--out", "{tree}/site", "--port", "-5"], None),
    ("tools.web", ["serve", "--out", "{tree}/site", "--host", "no.such.host.invalid"], None),
    ("tools.web", ["serve", "--out", "{tree}/site", "--host", "192.0.2.1"], None),
    ("tools.web", ["serve", "--out", "{tree}", "--port", "0"], None),
    ("tools.web", ["shot", "--out", "{tree}", "--runs", "0"], None),
    # python -m tools.mp.*
    ("tools.mp.wasm", ["{tree}/fifo"], None),
    ("tools.mp.wasm", ["/dev/zero"], None),
    ("tools.mp.wasm", ["{tree}/dir"], None),
    ("tools.mp.wasm", ["{tree}/loop"], None),
    ("tools.mp.wasm", ["--heap", "-1", "{tree}/mine"], None),
    ("tools.mp.wasm", ["--heap", "99999999999999999999", "{tree}/mine"], None),
    ("tools.mp.unix", ["--micropython", "{tree}/mine"], None),
    ("tools.mp.unix", ["--micropython", "{tree}/fifo"], None),
    ("tools.mp.unix", ["--micropython", "{tree}/dir"], None),
    ("tools.mp.unix", ["--micropython", "{tree}/loop"], None),
    ("tools.mp.unix", ["--micropython", "/dev/zero"], None),
    ("tools.mp.unix", ["--mode", "x"], None),
    ("tools.mp.frozen", ["{tree}/mine"], None),
    ("tools.mp.qemu", ["--image", "{tree}/fifo", "start"], None),
    ("tools.mp.qemu", ["--image", "{tree}/dir", "start"], None),
    ("tools.mp.qemu", ["--image", "{tree}/loop", "start"], None),
    ("tools.mp.qemu", ["--image", "/dev/zero", "start"], None),
    ("tools.mp.qemu", ["--image", "{tree}/mine", "--qemu", "{tree}/mine", "start"], None),
    # python -m tools.stress.*
    ("tools.stress.fuzz", ["--keys", "-1"], None),
    ("tools.stress.fuzz", ["--keys", "1e999"], None),
    ("tools.stress.fuzz", ["--seed", "x"], None),
    ("tools.stress.fuzz", ["--micropython", "--heap", "1"], None),
    ("tools.stress.powercut", ["--ante", "-1"], None),
    ("tools.stress.powercut", ["--step", "0"], None),
    ("tools.stress.soak", ["--micropython", "{tree}/fifo"], None),
    ("tools.stress.soak", ["--micropython", "{tree}/dir"], None),
    ("tools.stress.soak", ["--micropython", "{tree}/mine"], None),
    ("tools.stress.soak", ["--micropython", "{tree}/loop"], None),
    ("tools.stress.soak", ["--micropython", "/dev/zero"], None),
    ("tools.stress.soak", ["--micropython", "{tree}/mine", "--keys", "-5"], None),
]


def _sentinel(top):
    """The tree the cases point into."""
    os.makedirs(os.path.join(top, "dir"))
    with open(os.path.join(top, "dir", "keep"), "w") as f:
        f.write("someone's file in a folder\n")
    with open(os.path.join(top, "mine"), "w") as f:
        f.write("someone's file\n")
    os.mkfifo(os.path.join(top, "fifo"))
    os.symlink("loop", os.path.join(top, "loop"))
    with open(os.path.join(top, "huge"), "w") as f:
        f.write("OK " * 700000)               # 2.1 MB
    with open(os.path.join(top, "junk"), "w") as f:
        f.write("not a move\n" * 5000)
    with open(os.path.join(top, "bad.py"), "wb") as f:
        f.write(b"\xff\xfe\xfa not UTF-8\n")
    for name, store in (("syntax", b"def (:\n"), ("nul", b"x = 1\x00\n"),
                        ("utf8", b"x = '\xff'\n"), ("missing", None), ("loop", "loop")):
        src = os.path.join(top, "src-" + name)
        shutil.copytree(os.path.join(ROOT, "firmware"), os.path.join(src, "firmware"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(os.path.join(ROOT, "lib"), os.path.join(src, "lib"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        path = os.path.join(src, "firmware", "store.py")
        os.remove(path)
        if store == "loop":
            os.symlink("store.py", path)
        elif store is not None:
            with open(path, "wb") as f:
                f.write(store)


def _snapshot(top):
    """{path: (kind, bytes or target)} of the tree, FIFOs and links not followed."""
    found = {}
    for folder, dirs, files in os.walk(top):
        for name in dirs + files:
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, top)
            if os.path.islink(path):
                found[rel] = ("link", os.readlink(path))
            elif os.path.isdir(path):
                found[rel] = ("dir", None)
            elif os.path.isfile(path):
                with open(path, "rb") as f:
                    found[rel] = ("file", f.read())
            else:
                found[rel] = ("special", os.stat(path).st_mode)
    return found


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    top = str(tmp_path_factory.mktemp("sentinel"))
    _sentinel(top)
    return top


def _run(module, args, stdin, tree):
    args = [a.replace("{tree}", tree) for a in args]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               MICROPYTHON_QEMU="", PYTHONPATH=os.path.join(ROOT, "lib"))
    source = open(stdin.replace("{tree}", tree), "rb") if stdin else subprocess.DEVNULL
    start = time.monotonic()
    try:
        proc = subprocess.run([sys.executable, "-m", module] + args, stdin=source,
                              capture_output=True, timeout=LIMIT * 5, cwd=ROOT, env=env)
    except subprocess.TimeoutExpired:
        return None, [], LIMIT * 5
    finally:
        if stdin:
            source.close()
    took = time.monotonic() - start
    err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
    return proc.returncode, err, took


@pytest.mark.parametrize("module,args,stdin", CASES,
                         ids=["%s %s%s" % (m, " ".join(a)[:60], " <" + s if s else "")
                              for m, a, s in CASES])
def test_each_case_ends_fast_in_one_line_and_changes_nothing(tree, module, args, stdin):
    before = _snapshot(tree)
    status, err, took = _run(module, args, stdin, tree)
    after = _snapshot(tree)
    changed = sorted(k for k in before if after.get(k) != before[k])
    assert not changed, "changed or removed: %s" % changed
    for made in sorted(set(after) - set(before)):   # what it made, it may keep: cleared
        path = os.path.join(tree, made)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        elif os.path.lexists(path):
            os.remove(path)
    assert status is not None, "still running after %g s" % (LIMIT * 5)
    assert status != 0, (status, err)
    assert len(err) == 1 and "Traceback" not in err[0], err[-6:]
    assert took < LIMIT, "%.1f s" % took
