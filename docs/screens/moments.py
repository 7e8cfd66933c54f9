"""Remake the README's pictures at 2x: title.png, table.png and showdown.png (frames 0,
9 and 16 of host_tests/keys/bots4.keys, app seed 14, as docs/screens/README.md says),
history.png (the history of that showdown: its right soft key) and popup.png (the first
bet, raise or call of a bot in that match that leaves the game going, shown on its row (OK on your turns), a moment the headless simulator passes
through: drawn here by idling the app until it shows).

    .venv/bin/python docs/screens/moments.py

host_tests/tooling/test_docs.py checks the committed pictures are these frames."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
for folder in ("lib", "firmware", os.path.join("tools", "common", "hostlib"), ""):
    _path = os.path.join(ROOT, folder) if folder else ROOT
    if _path not in sys.path:       # once: a folder twice makes drivers' path twice
        sys.path.insert(0, _path)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tools.bench import play as bench_play  # noqa: E402
from tools.sim import core as simcore  # noqa: E402
from drivers import keys  # noqa: E402

KEYS = os.path.join(ROOT, "host_tests", "keys", "bots4.keys")
SEED = 14           # its app seed (its first line)


def frames():
    """{picture name: frame bytes} of the pictures."""
    codes = simcore.parse_keys(simcore.read_keys_arg("@" + KEYS))
    out = {}
    run = bench_play.CPythonPlay(SEED)
    out["title"] = run.frame()
    for i, c in enumerate(codes[:16]):
        run.key(c)
        if i + 1 == 9:
            out["table"] = run.frame()
    out["showdown"] = run.frame()
    run = bench_play.CPythonPlay(SEED)
    for c in codes[:16]:
        run.key(c)
    run.key(keys.SR)
    out["history"] = run.frame()
    run = bench_play.CPythonPlay(SEED)
    for c in codes[:6]:
        run.key(c)
    run.app.key(codes[6])                   # Start: the table opens, the bots play
    for _ in range(20000):                 # the first bet, raise or call of a bot
        if run.trace().startswith("table pop") and run.app.play.last_action in (1, 2) \
                and run.app.play.game.to_act is not None:
            break
        if run.trace().startswith(("table turn", "showdown", "svara")):
            run.app.key(keys.OK)
        run.app.idle()
    assert run.trace().startswith("table pop"), run.trace()
    out["popup"] = run.frame()
    return out


def main():
    import pygame
    for name, frame in frames().items():
        pygame.image.save(simcore.surface_of(frame, 2), os.path.join(HERE, name + ".png"))
        print("wrote docs/screens/%s.png" % name)


if __name__ == "__main__":
    main()
