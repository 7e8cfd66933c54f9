"""A power cut between the two saves of an action that ends in a svara (the action's,
then the svara screen's): after the restart the svara is shown, or the action is not
kept; never the svara's new deal with its screen skipped (seen on the emulated Pico)."""
from conftest import script
from drivers import keys as K
from harness import Blank, CuttingFS, PowerCut, phone, press
from svara import log


def _log(app):
    return bytes(log.dump(app.play.game))


def test_a_cut_in_the_saves_of_an_action_that_ends_in_a_svara_keeps_the_svara_screen():
    seed, codes = script("hotseat3")
    fs = CuttingFS()
    app = phone(fs, seed, Blank())
    at = None
    for i, c in enumerate(codes):
        before_ops, before_log = fs.ops, _log(app) if app.play and app.play.game else None
        press(app, [c])
        if app.trace().startswith("svara"):
            at = i
            break
    assert at is not None, "hotseat3 reaches a svara"
    ops = fs.ops - before_ops
    assert ops >= 2, "the action's save and the svara screen's"
    for k in range(1, ops + 1):
        for mode in ("whole", "half"):
            cut = CuttingFS()
            a = phone(cut, seed, Blank())
            press(a, codes[:at])
            cut.cut_at = cut.ops + k
            cut.mode = mode
            try:
                press(a, [codes[at]])
            except PowerCut:
                pass
            again = phone(CuttingFS(cut.files), seed, Blank())
            assert again.trace().startswith("title")
            press(again, [K.DOWN, K.OK])        # Continue
            trace = again.trace()
            assert trace.startswith("svara") or _log(again) == before_log, (k, mode, trace)
