"""The screens issue 17 added, in all six languages, against golden images
(host_tests/golden/<screen>_<lang>.png; UPDATE_GOLDEN=1 regenerates them, as in
test_golden_screens.py): the history of a game, the menu during play, a bot's pop-up, the question
before a saved match is replaced, and Exit; issue 43's screens of a table of ten."""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tools.bench import play as bench_play  # noqa: E402
import i18n  # noqa: E402
from tools.sim import core as simcore  # noqa: E402
from drivers import keys as K  # noqa: E402
from conftest import check  # noqa: E402
from test_crowded_screens import GAMEOVER_10, JOIN_KEYS, SHOWDOWN_10, SHOWDOWN_10_SEED  # noqa: E402

BOTS4 = "OK DOWN DOWN DOWN LEFT LEFT SL"       # you and three easy bots, stack 20 (seed 5)
# (screen, app seed, keys, then idle until a pop-up shows)
SCREENS = (
    ("history", 5, BOTS4 + " OK" * 11 + " SR", False),      # a showdown of three hands
    ("playmenu", 5, BOTS4 + " OK" * 5 + " SR", False),      # your turn, then the menu
    ("popup", 5, BOTS4, True),                              # the first bot's move
    ("replace", 1, "OK SL END OK 1 SL", False),             # New game over a saved match
    ("off", 1, "END", False),                               # Exit
    # Issue 43: a table of ten: a showdown of ten hands, a svara's join with joiners
    # and seats that declined, game over.
    ("showdown10", SHOWDOWN_10_SEED, SHOWDOWN_10, False),
    ("join10", 5, JOIN_KEYS, False),
    ("gameover10", 4, GAMEOVER_10, False),
)


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def frame_of(seed, keys_text, pop):
    run = bench_play.CPythonPlay(seed)
    codes = simcore.parse_keys(keys_text)
    for c in codes[:-1] if pop else codes:
        run.key(c)
    if pop:
        run.app.key(codes[-1])
        for _ in range(5000):
            if run.trace().startswith("table pop"):
                break
            if run.trace().startswith("table turn"):
                run.app.key(K.OK)
            run.app.idle()
        assert run.trace().startswith("table pop"), run.trace()
    return run, run.frame()


@pytest.mark.parametrize("code", i18n.LANGUAGES)
@pytest.mark.parametrize("screen,seed,keys_text,pop", SCREENS, ids=[s[0] for s in SCREENS])
def test_new_screen_matches_its_golden_image(screen, seed, keys_text, pop, code):
    i18n.use(code)
    run, frame = frame_of(seed, keys_text, pop)
    name = run.trace().split()[0]
    assert name in (screen, "table", "newgame", "off") or screen.startswith(name), run.trace()
    check("%s_%s" % (screen, code), frame)
