# What the handset keeps between power-ons, in store.py's atomic files (app.store). (Not
# named saves.py: the files live in the folder /saves, which `import saves` would find.)
#   "settings"  {"cfg": the 12 bytes of app.cfg, "lang": ui/options.py's language}
#   "stats"     {"v": 2, "st": app.stats: matches, matches won, games, games won,
#               svaras, best hand, biggest pot a person won; "c": which part of the
#               match in progress they count: [its seed, its game number, that game
#               counted (0/1), the match counted (0/1)]} (version 1: the list alone)
#   "players"   {"names": a name per person slot P1, P2, ... ("" for the default: You
#               alone, else P1, P2...), "chips": each slot's chips after its last game}
#   "game"      the match in progress: its settings, the current game as svara.log's
#               dump (rules, stacks, dealer, seed and every action so far: replayed on
#               loading), the match's and the bots' generator states, what the screens
#               remember, and which screen was showing. (Not Match.results, the record
#               of finished games that no screen shows: it would grow every game.)
# Counting is one atomic unit: "stats" alone says what has been counted (its "c"), so
# a cut between the game's save and the statistics' at a game's end, or an error caught
# after counting (App._recover rolls the statistics back to the saved ones, then
# reloads the game, as a restart would), can neither lose a game nor count it twice: a
# game save never says whether it is counted (its "counted" is read only beside a
# version 1 "stats" file, which did not say).
# A restored game that is over and not counted yet is counted on loading (a match that
# is over, likewise), as the power cut would have had it a moment later.
# Every field of "game", "stats" and "settings" is checked for type and range when it
# loads (loading.py, which reads the saves back); a bad one makes that copy damaged (store.py then tries the older copy, and the
# title says so). "players" is damaged when it is not a dict of lists; odd names and
# chip counts inside one are mended as said below.
# When: the game after every action (Play.act) and at every switch to a play screen,
# the statistics and players when a game or match ends, the names when one is typed
# (ui/names.py), the settings when the player leaves the options screens. A save that fails (full filesystem) is said once on the
# screen and play goes on. loading.load_all() at start reads everything back and leaves a
# short note in app.note when a file was damaged.
#
# Names and chips belong to the person slots P1..P10 (the People of a new game take the
# first slots; renaming a slot keeps its chips). A name is what the player typed (1 to 7
# letters: it must fit the table's seat label, NAME_W pixels of the 6x12 font).
# Chips between matches, as a player would expect them:
# - When a game ends (its result, or game over) each person's chips are kept: their
#   stack then (ui/play.py Play.keep_chips), at most 9,999 (the table's stack column).
#   A match left unfinished (END, then a new game) counts as after its last finished
#   game; Continue still plays it on as it was.
# - A new match (New game, or Play again) seats each person with their kept chips; a
#   person with fewer than the ante kept (out of chips) starts with the Stack setting
#   again, and a "New chips" screen names them once, before the first deal. A slot that
#   never played starts with the Stack setting, said nowhere. Bots always get the Stack.
# - The Statistics screen's second page lists each slot's kept chips.
# A damaged "players" file starts with no names and no chips (and the note); an odd
# name in a whole file reads as the default, a bad chip count ends the slot list there.
from i18n import strings

try:
    from micropython import const
except ImportError:  # CPython
    def const(n):
        return n

# The words drawn here, by number (i18n/_names.py; tools/gen/strings.py keeps the
# numbers right, host_tests/firmware/test_consts.py checks them):
_W_PERSON = const(88)
_W_SAVE_ERROR = const(107)
_W_SAVE_FULL = const(108)
_W_YOU = const(138)

GAME = "game"
FORMAT = 1          # the layout of the "game" save's payload
N_STATS = 7
SLOTS = 10          # person slots: ui/options.py's most People
NAME_W = 42         # pixels a name may take in the 6x12 font (7 letters; ui/table.py draws one over 33 in 5x8)


def _store(app):
    return getattr(app, "store", None)


def _save(app, name, obj):
    """store.save; a failure is said once on the screen, never raised: True when saved."""
    store = app.store
    try:
        store.save(name, obj)  # Store makes its folder on a first save
        return True
    except OSError as e:
        if not getattr(app, "save_failed", False):
            app.save_failed = True
            code = e.args[0] if e.args and isinstance(e.args[0], int) else 0
            T = strings()
            app.say(T[_W_SAVE_FULL] if code == 28 else T[_W_SAVE_ERROR] % code)
        return False


def _erase(app, name):
    """store.erase; a failure is said once, like a failed save."""
    try:
        app.store.erase(name)
    except OSError as e:
        if not getattr(app, "save_failed", False):
            app.save_failed = True
            app.say(strings()[_W_SAVE_ERROR] % (e.args[0] if e.args and isinstance(
                e.args[0], int) else 0))


# --- the game in progress ------------------------------------------------------------

def snapshot(play, screen):
    """The "game" save's payload for a Play shown on `screen` (a screen name)."""
    import binascii
    from svara import log
    g = play.game
    m = play.match
    seen = play.svaras_seen
    if screen == "svara":
        seen -= 1               # on loading, screen() opens the svara screen again
    return {"v": FORMAT, "cfg": list(play.cfg),
            "log": binascii.hexlify(log.dump(g)).decode(),
            "match": [m.seed, m._rng.h, m._rng.l], "bots": [play.rng.h, play.rng.l],
            "p": [play.viewer, play.games, seen, int(play.counted), play.last_seat,
                  play.last_action, play.last_amount, int(play.last_open),
                  int(play.last_blinds), int(play.ended)],
            "screen": screen}


# --- when to save --------------------------------------------------------------------

def save_game(app, screen=None):
    """Save app.play as shown now (after an action, or at a switch to a play screen)."""
    if _store(app) is None:
        return
    p = app.play
    if p is None or p.game is None:
        return
    if screen is None:
        screen = app.screen.name if app.screen is not None else "table"
    if _save(app, GAME, snapshot(p, screen)):
        app.kept = p


def switched(app, old, new):
    """Saves due when the app switches from screen `old` to `new`."""
    if _store(app) is None:
        return
    p = getattr(app, "play", None)
    if p is None:
        if getattr(app, "kept", None) is not None:
            app.kept = None
            _erase(app, GAME)           # the match was left for good (Title after it)
    elif getattr(new, "p", None) is p:
        save_game(app, new.name)
    save_stats(app)
    if p is not None and (new.name == "showdown" or new.name == "gameover"):
        save_players(app)           # the chips as the game ended (Play.keep_chips)
    if old is not None and old.name == "options":
        save_settings(app)


def save_stats(app, play=None):
    """The statistics, with what they count of the match in progress (`play`, default
    app.play: App._recover passes the one it let go), if they changed since the last
    save. (Counting always changes them; a newer token alone says nothing more.)"""
    st = getattr(app, "stats", None)
    p = play or getattr(app, "play", None)
    token = getattr(app, "stats_token", None)
    if p is not None and p.game is not None:
        token = app.stats_token = [p.match.seed, p.games, int(p.counted), int(p.ended)]
    if st is not None and st != getattr(app, "stats_saved", None):
        if _save(app, "stats", {"v": 2, "st": st, "c": token}):
            app.stats_saved = list(st)
            app.token_saved = token


def roll_back(app):
    """After an error (App._recover): the statistics as last saved, with what they
    count, so that the game reloaded next (load_game) and they agree, as after a
    restart: what the error undid is counted again when it is played again, once."""
    saved = getattr(app, "stats_saved", None)
    if saved is not None:
        app.stats = list(saved) if saved else [0] * N_STATS
    app.stats_token = getattr(app, "token_saved", None)


def save_players(app):
    """app.players (the names and kept chips), if they changed since the last save."""
    pl = getattr(app, "players", None)
    if _store(app) is None or pl is None or pl == getattr(app, "players_saved", None):
        return
    if _save(app, "players", pl):
        app.players_saved = _copy(pl)


# --- the people: names and kept chips ------------------------------------------------

def players(app):
    """app.players, {"names": [...], "chips": [...]} by slot, made empty on first use."""
    pl = getattr(app, "players", None)
    if pl is None:
        pl = app.players = {"names": [], "chips": []}
    return pl


def _copy(pl):
    return {"names": list(pl["names"]), "chips": list(pl["chips"])}


def name_of(app, k, people):
    """Slot k's name: the one typed, else You (one person) or P1, P2..."""
    names = players(app)["names"]
    if k < len(names) and names[k]:
        return names[k]
    T = strings()
    return T[_W_YOU] if people == 1 else T[_W_PERSON] % (k + 1)


def good_name(s):
    """True for a name the screens can show: a str of 1 to NAME_W pixels in the 6x12
    font, no space at either end, every character in both fonts."""
    from ui import writer, font_5x8
    if not isinstance(s, str) or not s or s.strip() != s or writer.width(s) > NAME_W:
        return False
    for i in range(len(s)):
        ch = s[i:i + 1]         # not `for ch in s`: that interns every letter for good
        if ch < " " or not writer.has(font_5x8, ch) or not writer.has(writer.normal(), ch):
            return False
    return True


def save_settings(app):
    """app.cfg into "settings" (keeping the language there), if it changed."""
    cfg = getattr(app, "cfg", None)
    if cfg is None or bytes(cfg) == getattr(app, "cfg_saved", None):
        return
    saved = app.store.load("settings", None)
    if not isinstance(saved, dict):
        saved = {}
    saved["cfg"] = list(cfg)
    if _save(app, "settings", saved):
        app.cfg_saved = bytes(cfg)
