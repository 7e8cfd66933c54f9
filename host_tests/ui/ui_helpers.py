"""What the tests of the screens in host_tests/ui share: the words of the current
language, key scripts played on CPython, recorded actions, the help line, the bots'
pop-ups (from the checks of issue 17). The key sequences run headless as
`python -m tools.sim` runs them."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tools.bench import play as bench_play  # noqa: E402
import i18n  # noqa: E402
from tools.sim import core as simcore  # noqa: E402
from drivers import keys as K  # noqa: E402
from drivers.display import BACK, FELT, FELT_DARK, GOLD  # noqa: E402
from conftest import pixel, play, script  # noqa: E402,F401

class _Words:
    """The current language's words by name (T.AT_MOST), looked up at each use: a
    language switched by another test closes the words it replaced."""

    def __getattr__(self, name):
        return getattr(i18n.strings(), name)


T = _Words()


def run(seed, text):
    r = bench_play.CPythonPlay(seed)
    for c in simcore.parse_keys(text):
        r.key(c)
    return r


def drawing(r, code=None):
    """Every string ui/writer.py's text() draws while the current screen redraws itself
    (code None) or while the key `code` is pressed: (text, x, y, font) in order."""
    from ui import writer
    out = []
    real = writer.text

    def text(fb, s, x, y, colour, font=None, bg=-1, end=0):
        out.append((s, x, y, font))
        return real(fb, s, x, y, colour, font, bg, end)
    writer.text = text
    try:
        if code is None:
            r.app.screen.draw(r.app.fb)
        else:
            r.key(code)
    finally:
        writer.text = real
    return out


@pytest.fixture
def drawn(monkeypatch):
    """The words the screens draw from now on, in order (writer.text)."""
    from ui import writer
    out = []
    text = writer.text

    def record(fb, s, *args, **kw):
        out.append(s)
        return text(fb, s, *args, **kw)
    monkeypatch.setattr(writer, "text", record)
    return out


def acts(r):
    """Record every action played from now on: a list of (seat, action, amount)."""
    p = r.app.play
    out = []
    act = p.act

    def record(seat, action, amount):
        out.append((seat, action, amount))
        return act(seat, action, amount)
    p.act = record
    return out


def help_line(r):
    """The help line's pixels (y 139..147)."""
    f = r.frame()
    return [pixel(f, x, y) for y in range(139, 148) for x in range(128)]


def drawn_help(text):
    """The help line as it looks saying `text`."""
    from drivers.simdisplay import SimDisplay
    from ui import draw
    d = SimDisplay()
    draw.help_line(d, text)
    f = d.frame_bytes()
    return [pixel(f, x, y) for y in range(139, 148) for x in range(128)]



JOIN = ("OK RIGHT RIGHT DOWN LEFT LEFT LEFT SL OK DOWN RIGHT OK OK OK 6 OK OK UP OK OK "
        "CALL OK OK")


def writer_small():
    from ui import draw
    return draw.small()



def until_pop(r, limit=2000):
    """Idle the app (OK on the person's turns) until a bot's pop-up shows; the number
    of idle calls it took."""
    for n in range(limit):
        if r.trace().startswith("table turn"):
            r.app.key(K.OK)
        r.app.idle()
        if r.trace().startswith("table pop"):
            return n
    raise AssertionError("no pop-up: " + r.trace())



BOTS4_28 = "OK DOWN DOWN DOWN LEFT LEFT SL" + " OK" * 21     # to game 7's showdown of four hands


def row_of(screen, opt):
    """The row of option `opt` on an options list (ui/options.py: a table setting's
    number, _PREF + a preference's, _NAMES, _LANG)."""
    return screen.items.index(opt)


def to_row(screen, opt, key):
    """UP or DOWN (key(code) presses it) until the options list selects option `opt`: the
    tests reach a row by what it is, so a row added to the list moves none of them."""
    i = row_of(screen, opt)
    for _ in range(len(screen.items) + 1):
        if screen.selected == i:
            return
        key(K.UP if screen.selected > i else K.DOWN)
    raise AssertionError("row %d never selected" % i)


def pref_row(pref):
    """The option number of preference `pref` (settings' _FOUR ...) on the lists."""
    from ui import options
    return options._PREF + pref


def check_screen(r):
    """What the screen says, checked against the match (issue 43): every string drawn
    on the panel and, but the help line's and the soft keys', above the help line; the
    table's pot and every seat's name and stack; the cover's person; a result's winner,
    pot and every hand shown with its points (or why nobody showed); a svara's tie and
    pot; game over's headline and every seat's chips. Returns the screen's strings."""
    from ui.draw import HELP_Y
    from ui import writer
    texts = drawing(r)
    said = [t[0] for t in texts]
    for s, x, y, font in texts:
        h = 12 if font is None else 8
        assert 0 <= y and y + h <= 160, (s, y)
        if y < HELP_Y:
            assert y + h <= HELP_Y + 1, (s, y, "under the help line")
        assert x + writer.width(s, font) >= 0 and x <= 128, (s, x)
    p = r.app.play
    trace = r.trace()
    kind = trace.split()[0]
    g = p.game

    def shown(name):
        return name in said or any(s.startswith(name) for s in said)

    if kind == "table" and trace.split()[1] == "cover":
        assert T.COVER_TO % p.name(g.to_act) in said, said
    elif kind == "table":
        assert T.POT % g.pot in said, (said, g.pot)
        for i, v in enumerate(g.stacks):
            assert shown(p.name(i)) and "%d" % v in said, (i, p.name(i), v, said)
    elif kind == "showdown":
        won = T.YOU_WIN % g.won if p.you(g.winner) else T.WINS % (p.name(g.winner), g.won)
        assert won in said, (won, said)
        if g.ending == 4:
            assert T.POT % g.won in said, said
            for seat, points in g.showdown:
                assert shown(p.name(seat)) and "%d" % points in said, (seat, said)
        else:
            assert T.WHY[g.ending] in said and T.WHY_2[g.ending] in said, said
    elif kind == "svara":
        _, tied, pot = p.tie
        best = max(pt for _, pt in tied)
        assert T.SVARA_TIE % best in said and T.SVARA_POT % pot in said, said
        for seat, points in tied:
            if points == best:
                assert shown(p.name(seat)), (seat, said)
    elif kind == "gameover":
        st = g.stacks if g is not None else p.match.stacks
        w = p.winner()
        head = (T.YOU_WON if p.people == 1 else T.MATCH_WON % p.name(w)) if w < p.people \
            else (T.YOU_OUT if p.people == 1 else T.MATCH_WON % p.name(w))
        assert head in said, (head, said)
        for i, v in enumerate(st):
            assert shown(p.name(i)) and "%d" % v in said, (i, v, said)
    return said
