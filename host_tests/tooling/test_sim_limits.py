"""python -m tools.sim within bounds (issue 46, 11 and 12): a --save-dir no file can be
written in is refused before the run, even for root on /proc; a --keys run keeps only
what it is asked for, so its memory does not grow with the keys."""
import os
import subprocess
import sys

from conftest import ROOT

# Runs the simulator's main in this child and prints its peak memory (KiB) last: VmHWM,
# this process image's own (ru_maxrss keeps the forking parent's peak over exec).
PEAK = ("import sys\n"
        "from tools.sim.__main__ import main\n"
        "status = main(sys.argv[1:])\n"
        "with open('/proc/self/status') as f:\n"
        "    print([ln.split()[1] for ln in f if ln.startswith('VmHWM:')][0])\n"
        "sys.exit(status)\n")


def sim(*args, timeout=60):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "tools.sim"] + list(args),
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)


def test_a_save_dir_where_no_file_can_be_made_is_refused_even_for_root(tmp_path):
    # One key (OK: the new game's screen) saves no game, so even a tool that let /proc
    # through would not make /proc.game in the root folder here; it would exit 0.
    for folder in ("/proc", "/proc/sys"):
        got = sim("--keys", "OK", "--save-dir", folder)
        lines = got.stderr.strip().splitlines()
        assert got.returncode == 2 and len(lines) == 1 and "--save-dir" in lines[0], got.stderr
    assert not os.path.exists("/proc.game")


def test_a_save_dir_whose_pairs_folder_cannot_be_made_is_refused(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    (tmp_path / "saves.game").write_text("a file where the game's folder goes")
    got = sim("--keys", "OK", "--save-dir", str(saves))
    assert got.returncode == 2 and "saves.game" in got.stderr, got.stderr
    assert (tmp_path / "saves.game").read_text().startswith("a file")


def _peak(keys, tmp_path):
    path = tmp_path / ("keys%d" % keys)
    path.write_text("UP DOWN\n" * (keys // 2))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    got = subprocess.run([sys.executable, "-c", PEAK, "--keys", "@" + str(path)],
                         capture_output=True, text=True, timeout=300, cwd=ROOT, env=env)
    assert got.returncode == 0, got.stderr
    return int(got.stdout.split()[-1])


def test_a_long_keys_run_keeps_no_frame_it_was_not_asked_for(tmp_path):
    # 10,240 bytes a frame: 3,000 keys kept would be 30 MB more than 100 keys
    grew = _peak(3000, tmp_path) - _peak(100, tmp_path)
    assert grew < 8 * 1024, "%d KiB more for 2,900 more keys" % grew
