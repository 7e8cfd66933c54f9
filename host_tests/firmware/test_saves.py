"""Saves of the whole firmware (firmware/saving.py): power cut at every write and rename of
a short game, damaged files at start, errors caught at the top, a full filesystem
(host_tests/mpchecks/saves_checks.py, on CPython and MicroPython), and a restart after
every key of the hot-seat script that continues at the same screen and turn."""
import pytest

from conftest import on_both_interpreters
from mpchecks import saves_checks


test_checks = on_both_interpreters("saves_checks", [pytest.mark.slow], marks={
    "test_a_power_cut_at_every_write_and_rename_keeps_before_or_after": pytest.mark.slow})


def state(trace):
    """A play screen's trace up to the stacks (what follows is a view the player toggles)."""
    words = trace.split()
    for i, w in enumerate(words):
        if w.startswith("stacks="):
            return " ".join(words[:i + 1])
    return trace


def test_a_restart_after_any_key_continues_at_the_same_screen_and_turn():
    """The hot-seat script (every action type, a svara, the cover between people): after
    each key, a new App over the same files; Continue shows the same screen, turn, stacks
    and pot, and after an action or a screen change the very same frame."""
    from app import App
    from drivers import keys
    from drivers.simdisplay import SimDisplay
    from store import Store
    from conftest import script
    seed, codes = script("hotseat3")
    fs = saves_checks.CutFS()
    app = App(SimDisplay(), seed=seed, store=Store("saves", fs=fs))
    app.start()
    checked = frames = covers = 0
    for i, code in enumerate(codes):
        saves_checks.press(app, (code,))
        trace = app.trace()
        if not trace.startswith(("table", "showdown", "svara", "gameover")):
            continue
        if trace.startswith("table quit"):
            continue
        again = App(SimDisplay(), seed=seed, store=Store("saves", fs=saves_checks.CutFS(fs.files)))
        again.start()
        assert again.trace() == "title"
        saves_checks.press(again, (saves_checks.CONTINUE,))
        covered = again.trace().startswith("table cover") and trace.startswith("table turn")
        if covered:
            # Hot-seat: after a restart the cover comes back first (whoever holds the
            # phone now must not see the cards); OK on it gives the same turn.
            saves_checks.press(again, (keys.OK,))
            covers += 1
        assert state(again.trace()) == state(trace), "after key %d" % i
        checked += 1
        if code in (keys.OK, keys.SL, keys.CALL) and not covered and again.trace() == trace:
            assert again.display.frame_bytes() == app.display.frame_bytes(), "after key %d" % i
            frames += 1
    assert checked > 30 and frames > 10 and covers > 3, (checked, frames, covers)


@pytest.mark.micropython
def test_the_simulator_keeps_its_saves_in_the_save_dir(tmp_path):
    """sim --save-dir: a game left on CPython continues under MicroPython and back."""
    from tools.sim import core as simcore
    from drivers import keys
    folder = str(tmp_path / "saves")
    first = simcore.run(simcore.parse_keys("OK SL OK OK"), seed=3, save_dir=folder)
    assert first.traces[-1].startswith("table")
    again = simcore.run([keys.D0 + 2, keys.OK], seed=9, micropython=True, save_dir=folder)
    assert again.traces[:2] == ["title", first.traces[-1]]
    back = simcore.run([keys.D0 + 2], seed=1, save_dir=folder)
    assert back.traces[-1] == again.traces[-1] != first.traces[-1]
    plain = simcore.run([keys.D0 + 2], seed=3)             # no save dir: nothing saved
    assert plain.traces[-1] == "title"
