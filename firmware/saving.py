# Writing every save: what the handset keeps between power-ons, in store.py's atomic
# files (app.store); loading.py reads them back. Nothing else writes a save.
# settings.py names the fields of the settings and the statistics.
#   "settings"  {"cfg": the 12 bytes of app.cfg, "lang": the language, "four": the
#               four-colour deck, "vol": the sound's volume, "rise": the rising ante,
#               "ask": the question before passing a good hand (settings.ASK_PASS),
#               "guide": 1 once the first-game guide was seen (settings.GUIDE)},
#               each key there once it was set
#   "stats"     {"v": 3, "st": app.stats (the fields settings.py names: the table's
#               N_STATS, then P_STATS for each person slot that has played); "c":
#               which part of the match in progress they count: [its seed, its game
#               number, that game counted (0/1), the match counted (0/1)]} (version 2:
#               the same with the first seven figures only, none of a person's own;
#               version 1: that list alone. Both still load: the profit/loss starts at
#               0 and each person's figures start when they next play)
#   "players"   {"names": a name per person slot P1, P2, ... ("" for the default: You
#               alone, else P1, P2...)} (a "chips" list there, each slot's chips kept
#               from its last game until issue 25, is ignored: every match now starts
#               everyone with the Stack setting)
#   "history"   the last HISTORY_KEEP games counted, oldest first: [people, game number,
#               svara.log dump in hex] each (ui/history.py shows them); a copy with a
#               bad entry (a log not hex, odd, or over 8,192 characters) is damaged
#   "game"      the match in progress: its settings, the current game as svara.log's
#               dump (rules, stacks, dealer, seed and every action so far: replayed on
#               loading), the match's and the bots' generator states (Match.state),
#               Hard's reads ("reads", once Hard has any: svara.reads.Reads' counters in
#               hex and its three masks of the game),
#               what the screens remember (its "p": Session.state), and which screen
#               was showing. (Not Match.results, the record of finished games that no
#               screen shows: it would grow every game.)
# Counting is one atomic unit: "stats" alone says what has been counted (its "c"), so
# a cut between the game's save and the statistics' at a game's end, or an error caught
# after counting (App._recover rolls the statistics back to the saved ones, then
# reloads the game, as a restart would), can neither lose a game nor count it twice: a
# game save never says whether it is counted (its "counted" is read only beside a
# version 1 "stats" file, which did not say).
# A restored game that is over and not counted yet is counted on loading (a match that
# is over, likewise), as the power cut would have had it a moment later.
# Every field of "game", "stats" and "settings" is checked for type and range when it
# loads (loading.py); a bad one makes that copy damaged (store.py then tries the older
# copy, and the title says so). "players" is damaged when it is not a dict of lists;
# odd names and chip counts inside one are mended as said below.
# When: the game after every person's action (Session.act marks it changed, and the app
# saves it before the next key; the bots' actions are replayed from that save after a
# cut: their generator and Hard's reads are saved with it, so they play the very same
# actions again), and at every switch to a play screen but the result of a game that
# bots' actions ended (the last save replays them: a game's end is the costliest moment
# of a bot round on the handset, and its pot slides meanwhile), the statistics and history
# when a game or match ends (of a game that bots ended: at the next key, before the key
# is handled, so before any later game is saved; till then a restart replays it and
# counts it on loading), the names when one is typed, the table settings when the
# player leaves the options screens, the others when changed, the statistics when reset
# (a screen marks app.names_changed, app.prefs_changed or app.stats_changed; App._keep
# saves after the key: no screen calls this module).
# A save that fails (full filesystem) is said once on the screen and play goes on.
# loading.load_all() at start reads everything back and leaves a short note in app.note
# when a file was damaged.
#
# Names and each person's own figures in the statistics belong to the person slots
# P1..P10 (the People of a new game take the first slots; renaming a slot keeps its
# figures). A name is what the player typed (1 to 7 letters: it must fit the table's
# seat label, settings.NAME_W pixels of the 6x12 font; ui/writer.py good_name).
# Chips between matches: none are carried. Every match, New game or Play again, seats
# every person and bot with the Stack setting, as New game shows it (a match is played
# until one player holds the chips: the next starts level, as at a Svara table); what
# each person won or lost over the matches is their profit/loss in the statistics
# (counted game by game: a match left unfinished counts its finished games).
# A damaged "players" file starts with no names (and the note); an odd name in a whole
# file reads as the default.
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
    seen = play.svaras_seen
    if screen == "svara":
        seen -= 1               # on loading, view() opens the svara screen again
    got = {"v": FORMAT, "cfg": list(play.cfg),
           "log": binascii.hexlify(log.dump(play.game)).decode(),
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
    import binascii
    from svara import log
    p.unkept = False
    h = app.hist
    h.append([p.people, p.games, binascii.hexlify(log.dump(p.game)).decode()])
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
    """The choices a screen saves at once (the language, the four-colour deck, the
    sound's volume, the rising ante, the question before passing, the first-game guide
    seen) into "settings", each
    that differs from the saved one (or, unsaved, from its default), keeping the other
    keys there."""
    import i18n
    _put_settings(app, (("lang", i18n.current(), "en"), ("four", settings.FOUR[0], 0),
                        ("vol", app.volume, 1), ("rise", settings.RISE[0], 1),
                        ("ask", settings.ASK_PASS[0], 1), ("guide", settings.GUIDE[0], 0)))


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
