# Statistics (kept in the "stats" save): matches played and won, games played and won by
# a person, svaras, the best hand a person was dealt and the biggest pot a person won.
# END or the right soft key goes back.
from drivers import keys
from drivers.display import CARD, FELT, GOLD
from i18n import strings
from ui import common, writer
from ui.screen import NOTHING, Screen

T = strings()


class Stats(Screen):
    """The statistics page."""

    name = "stats"
    help = T.HELP_BACK

    def trace(self):
        return "stats " + " ".join(["%d" % v for v in common.stats(self.app)])

    def draw(self, fb):
        fb.fill(FELT)
        common.title_band(fb, T.STATS)
        st = common.stats(self.app)
        for i in range(min(len(st), len(T.STAT_NAMES))):   # a row for each named figure
            y = 24 + 16 * i
            writer.text(fb, T.STAT_NAMES[i], 6, y, CARD)
            common.right(fb, "%d" % st[i], 122, y, GOLD)
        common.bottom(fb, T.HELP_BACK, "", T.BACK)

    def key(self, code):
        if code == keys.END or code == keys.SR or code == keys.OK or code == keys.SL:
            return common.open_screen(self.app, "title", "Title", 4)
        return NOTHING
