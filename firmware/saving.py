# Writing every save: what the handset keeps between power-ons, in store.py's atomic
# files (app.store); loading.py reads them back. Nothing else writes a save, and no
# screen calls this module: a screen marks what changed, and the app saves after the
# key (App._keep). What each save holds, when it is written and why a game is counted
# exactly once whatever the power does: docs/RELIABILITY.md ("Saves").
import settings
from i18n import strings

from micropython import const

# The words drawn here (i18n/_names.py; host_tests/firmware/test_consts.py checks them):
# >>> words by number (tools/gen/strings.py writes the numbers: make strings)
_W_SAVE_ERROR = const(120)
_W_SAVE_FULL = const(121)
# <<< words

GAME = "game"
FORMAT = 1          # the layout of the "game" save's payload
HISTORY_KEEP = 3    # finished games kept in the "history" save (ui/history.py)


def _say_failed(app, e):
    """A failed save or erase said once on the screen."""
    if not app.save_failed:
        app.save_failed = True
        code = e.args[0] if e.args and isinstance(e.args[0], int) else 0
        T = strings()
        app.say(T[_W_SAVE_FULL] if code == 28 else T[_W_SAVE_ERROR] % code)


def _save(app, name, obj):
    """store.save; a failure is said once on the screen, never raised: True when saved."""
    try:
        app.store.save(name, obj)  # Store makes its folder on a first save
        return True
    except OSError as e:
        _say_failed(app, e)
        return False


def _erase(app, name):
    """store.erase; a failure is said once, like a failed save."""
    try:
        app.store.erase(name)
    except OSError as e:
        _say_failed(app, e)


# --- the game in progress ------------------------------------------------------------

def snapshot(play, screen):
    """The "game" save's payload for a Session shown on `screen` (a screen name)."""
    import binascii
    from svara import log
    from svara.work import BUF
    seen = play.svaras_seen
    if screen == "svara" or play.svara_due:
        seen -= 1               # on loading, view() opens the svara screen again (also
                                # when the action's save comes before that screen's)
    got = {"v": FORMAT, "cfg": list(play.cfg),
           "log": log.hexdump(play.game, BUF),
           "match": list(play.match.state()), "bots": [play.rng.h, play.rng.l],
           "p": play.state(seen), "screen": screen}
    r = play.reads
    if r is not None:
        got["reads"] = [binascii.hexlify(r.c).decode(), r.raised, r.big, r.acted]
    return got


# --- when to save --------------------------------------------------------------------

def save_game(app, screen=None):
    """Save app.play as shown now (after an action, or at a switch to a play screen)."""
    if app.store is None:
        return
    p = app.play
    if p is None or p.game is None:
        return
    if screen is None:
        screen = app.screen.name if app.screen is not None else "table"
    if _save(app, GAME, snapshot(p, screen)):
        app.kept = p
        if screen == "svara":
            p.svara_due = False


def save_session(app, p):
    """What the Session p says changed: a game counted (p.unkept) into the history, the
    game after an action (p.changed)."""
    if p.unkept:
        keep_history(app, p)
    if p.changed:
        save_game(app)


def switched(app, old, new):
    """Saves due when the app switches from screen `old` to `new`."""
    if app.store is None:
        return
    p = app.play
    if p is None:
        if app.kept is not None:
            app.kept = None
            _erase(app, GAME)           # the match was left for good (Title after it)
    elif new.p is p and not (p.unkept and new.name == "showdown" and old is not None
                             and old.name == "table"):
        # (not the result of a game that bots ended at the table: the table's own switch
        # saved that game, and the save after your last action replays them to it; a
        # game dealt and ended within one key, never on the table, is saved here)
        save_game(app, new.name)
    if p is None or not p.unkept:   # (a game's end waits for the next key: App._keep)
        save_stats(app)
    if old is not None and old.name == "options":
        save_settings(app)


def save_stats(app, play=None):
    """The statistics, with what they count of the match in progress (`play`, default
    app.play: App._recover passes the one it let go), if they changed since the last
    save. (Counting always changes them; a newer token alone says nothing more.)"""
    st = app.stats
    p = play or app.play
    token = app.stats_token
    if p is not None and p.game is not None:
        token = app.stats_token = [p.match.seed, p.games, int(p.counted), int(p.ended)]
    if st != app.stats_saved:
        if _save(app, "stats", {"v": 3, "st": st, "c": token}):
            app.stats_saved = list(st)
            app.token_saved = token


def roll_back(app):
    """After an error (App._recover): the statistics as last saved, with what they
    count, so that the game reloaded next (load_game) and they agree, as after a
    restart: what the error undid is counted again when it is played again, once."""
    saved = app.stats_saved
    if saved is not None:
        from settings import N_STATS
        app.stats = list(saved) if saved else [0] * N_STATS
    app.stats_token = app.token_saved


def save_players(app):
    """app.players (the names), if they changed since the last save."""
    pl = app.players
    if app.store is None or pl == app.players_saved:
        return
    if _save(app, "players", pl):
        app.players_saved = _copy(pl)


def _copy(pl):
    return {"names": list(pl["names"])}


def keep_history(app, p):
    """Add the game the Session p just counted (p.unkept) to the kept ones (the oldest
    goes past HISTORY_KEEP), saved at once in its own small file (a failed save keeps it
    for this session, unsaid)."""
    from svara import log
    from svara.work import BUF
    p.unkept = False
    h = app.hist
    h.append([p.people, p.games, log.hexdump(p.game, BUF)])
    while len(h) > HISTORY_KEEP:
        h.pop(0)
    try:
        app.store.save("history", h)   # (kilobytes: the stream's way if no hole fits it)
    except OSError:
        pass


# --- the settings ----------------------------------------------------------------------

def save_settings(app):
    """app.cfg into "settings" (keeping the other keys there), if it changed."""
    cfg = app.cfg
    if app.store is None or bytes(cfg) == app.cfg_saved:
        return
    if _put_settings(app, (("cfg", list(cfg), None),)):
        app.cfg_saved = bytes(cfg)


def save_prefs(app):
    """The choices a screen saves at once (the language, the preferences of
    settings.PREFS) into "settings", each that differs from the saved one (or, unsaved,
    from its default), keeping the other keys there."""
    import i18n
    prefs = settings.PREFS
    defaults = settings.PREF_DEFAULTS
    names = settings.PREF_NAMES
    _put_settings(app, [("lang", i18n.current(), "en")]
                  + [(names[i], prefs[i], defaults[i]) for i in range(len(names))])


def _put_settings(app, values):
    """Write (name, value, default) into the "settings" save where the value is not the
    one saved: True when nothing needed saving or it was saved (a failure is said once,
    the choice holds for now)."""
    store = app.store
    if store is None:
        return False
    saved = store.load("settings", None)
    if not isinstance(saved, dict):
        saved = {}
    fresh = False
    for name, value, default in values:
        if saved.get(name, default) != value:
            saved[name] = value
            fresh = True
    return not fresh or _save(app, "settings", saved)
