"""The host tools as a maintainer meets them: every tool in tools/ (run from the
checkout's top as python -m tools.<room>.<module>) answers --help and says a bad argument
in one line with exit status 2; the long jobs' progress line."""
import io
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from tools.common.hosttool import Progress

from conftest import ROOT  # noqa: E402
TOOLS = os.path.join(ROOT, "tools")
# Modules of tools/ that other tools import and that are not run by themselves.
# tools/mp/unix_keys.py runs inside a unix-port MicroPython (tools/mp/unix.py sends it
# there by path), tools/mp/qemu_guest.py in the qemu port (tools/mp/qemu.py sends it over
# the raw REPL); tools/common/hostlib holds CPython stand-ins of MicroPython's modules;
# tools/stress/harness the app on a filesystem that cuts the power, for the check modules
# and tools/stress/powercut.py (on both interpreters: imported by bare name).
LIBRARIES = {"tools.common.hosttool", "tools.common.manifest", "tools.gen.score_reference",
             "tools.sim.core", "tools.sim.window", "tools.mp.unix_keys", "tools.mp.qemu_guest",
             "tools.mp.rp2_cuts", "tools.mp.rp2_flash", "tools.mp.rp2_bench", "tools.mp.rp2_mem",
             "tools.common.hostlib.framebuf", "tools.common.hostlib.micropython",
             "tools.web.site", "tools.web.browser",
             "tools.stress.harness.harness", "tools.stress.harness.cutsweep"}
# The tools as they are run (python -m NAME); a room's __main__.py is run as the room.
TOOL_NAMES = {
    "tools.sim", "tools.mp.wasm", "tools.mp.unix", "tools.mp.frozen", "tools.mp.qemu", "tools.mp.rp2",
    "tools.device.build", "tools.device.flash", "tools.device.vdevice", "tools.device.image",
    "tools.device.mip", "tools.device.typecheck",
    "tools.gen.score_table", "tools.gen.font", "tools.gen.strings", "tools.gen.exact_odds",
    "tools.gen.fit_odds", "tools.gen.odds_sim", "tools.gen.cfr", "tools.gen.floor_odds",
    "tools.bench", "tools.bench.bots", "tools.bench.device", "tools.bench.engine",
    "tools.bench.exploit", "tools.bench.font", "tools.bench.odds", "tools.bench.panel",
    "tools.bench.play", "tools.bench.qemu", "tools.bench.score", "tools.bench.solve",
    "tools.bench.ui", "tools.bench.unix", "tools.bench.mixes", "tools.bench.lbr", "tools.bench.rp2",
    "tools.stress.fuzz", "tools.stress.powercut", "tools.stress.soak", "tools.web",
}


def modules():
    """Every .py of tools/ as a module name -> its path (package __init__s left out)."""
    found = {}
    for top, dirs, files in os.walk(TOOLS):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in files:
            if name.endswith(".py") and name != "__init__.py":
                rel = os.path.relpath(os.path.join(top, name[:-3]), ROOT)
                dotted = rel.replace(os.sep, ".")
                if dotted.endswith(".__main__"):
                    dotted = dotted[:-len(".__main__")]
                found[dotted] = os.path.join(top, name)
    return found


def scripts():
    found = []
    for name, path in sorted(modules().items()):
        with open(path, encoding="utf-8") as f:
            if 'if __name__ == "__main__":' in f.read():
                found.append(name)
    return found


def run(name, *args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", name] + list(args),
                          capture_output=True, text=True, timeout=60, cwd=ROOT, env=env)


@pytest.fixture(scope="module")
def answers():
    """Each script run with --help and with an option nobody has, a newline in it (issue
    28, 8: still one line), two at a time."""
    names = scripts()
    with ThreadPoolExecutor(2) as pool:
        helps = list(pool.map(lambda n: run(n, "--help"), names))
        bads = list(pool.map(lambda n: run(n, "--no-such\noption"), names))
    return dict(zip(names, zip(helps, bads)))


def test_every_module_of_tools_is_a_tool_or_a_library_of_them():
    assert set(scripts()) == TOOL_NAMES
    assert set(modules()) - TOOL_NAMES == LIBRARIES


def test_every_room_of_tools_is_a_package():
    for top, dirs, files in os.walk(TOOLS):
        dirs[:] = [d for d in dirs if d not in ("__pycache__", "data", "hostlib", "harness")]
        assert "__init__.py" in files, top


def test_every_tool_answers_help(answers):
    for name, (helped, _) in answers.items():
        assert helped.returncode == 0, (name, helped.stderr)
        with open(modules()[name], encoding="utf-8") as f:
            source = f.read()
        doc = source.split('"""')[1].strip().splitlines()[0]   # what the tool does
        assert doc in helped.stdout, (name, helped.stdout[:300])
        assert not helped.stderr.strip(), (name, helped.stderr)


def test_a_bad_argument_is_one_line_and_exit_2(answers):
    for name, (_, bad) in answers.items():
        assert bad.returncode == 2, (name, bad.returncode, bad.stderr)
        lines = bad.stderr.strip().splitlines()
        assert len(lines) == 1, (name, bad.stderr)
        assert name in lines[0] and "Traceback" not in bad.stderr, (name, lines[0])


def test_argparse_tools_check_their_values():
    got = run("tools.bench.score", "--rounds", "many")
    assert got.returncode == 2
    assert got.stderr.strip() == (
        "python -m tools.bench.score: error: argument --rounds: want a whole number >= 1, "
        "not 'many' (python -m tools.bench.score --help says more)")


def test_progress_into_a_log_is_a_line_per_tenth_ending_at_the_total():
    out = io.StringIO()
    bar = Progress(2000, "deals", stream=out)
    for _ in range(2000):
        bar.update()
    bar.close()
    lines = out.getvalue().splitlines()
    assert len(lines) == 11                       # 0%, 10%, ..., 100%
    assert lines[-1].startswith("deals 2,000/2,000 (100%) ")
    assert "(50%)" in lines[5] and "left" in lines[5]


def test_progress_on_a_terminal_redraws_one_line():
    class Terminal(io.StringIO):
        def isatty(self):
            return True
    out = Terminal()
    bar = Progress(3, "classes", stream=out, every=0)
    for _ in range(3):
        bar.update()
    bar.close()
    text = out.getvalue()
    assert text.count("\n") == 1 and text.endswith("\n")
    assert text.count("\r") == 3
    assert text.rstrip().split("\r")[-1].startswith("classes 3/3 (100%)")


def test_no_test_folder_shadows_a_package():
    """host_tests/ui, tooling, firmware, engine sit on sys.path's folders beside the real
    packages: the importable ui, tools, svara and drivers must be the checkout's."""
    import drivers
    import svara
    import tools
    import ui
    for module, folder in ((ui, "firmware/ui"), (svara, "lib/svara"), (tools, "tools")):
        assert module.__file__ == os.path.join(ROOT, folder, "__init__.py"), module
    # firmware/drivers has no __init__.py (a namespace package): one folder only (listed
    # twice under pytest-xdist, whose workers get the pythonpath twice).
    assert set(drivers.__path__) == {os.path.join(ROOT, "firmware", "drivers")}
