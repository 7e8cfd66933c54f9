# What the handset keeps between power-ons, in store.py's atomic files (app.store). (Not
# named saves.py: the files live in the folder /saves, which `import saves` would find.)
#   "settings"  {"cfg": the 12 bytes of app.cfg, "lang": ui/options.py's language}
#   "stats"     app.stats: matches, matches won, games, games won, svaras, best hand,
#               biggest pot a person won
#   "players"   {"names": a name per person slot P1, P2, ... ("" for the default: You
#               alone, else P1, P2...), "chips": each slot's chips after its last game}
#   "game"      the match in progress: its settings, the current game as svara.log's
#               dump (rules, stacks, dealer, seed and every action so far: replayed on
#               loading), the match's and the bots' generator states, what the screens
#               remember, and which screen was showing. (Not Match.results, the record
#               of finished games that no screen shows: it would grow every game.)
# When: the game after every action (Play.act) and at every switch to a play screen,
# the statistics and players when a game or match ends, the names when one is typed
# (ui/names.py), the settings when the player leaves the options screens. A save that fails (full filesystem) is said once on the
# screen and play goes on. load_all() at start reads everything back and leaves a
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
import gc

from i18n import strings

GAME = "game"
FORMAT = 1          # the layout of the "game" save's payload
N_STATS = 7
_NAMES = ("game", "stats", "settings", "players")
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
            app.say(T.SAVE_FULL if code == 28 else T.SAVE_ERROR % code)
        return False


# --- what a note says about a damaged file ------------------------------------------

def note_of(store, name):
    """Three short lines on what load() had to do for `name`, or "" if nothing."""
    text = store.note
    if not text:
        return ""
    T = strings()
    problem = _why(T, text.split(": ", 1)[1].rsplit(", using", 1)[0])
    fix = T.OLDER_COPY if "last good copy" in text else T.AFRESH
    return T.SAVE_DAMAGED % name + "\n%s\n%s" % (problem, fix)


# store.py's reasons, in the order of the languages' DAMAGE_WHY.
_WHY = ("empty", "not a save file", "version", "cut short", "too long", "checksum wrong")


def _why(T, problem):
    """store.py's English reason in the current language (a version keeps its number)."""
    for i in range(len(_WHY)):
        if problem.startswith(_WHY[i]):
            if i == 2:  # "version 7, not 1"
                return "%s (%s)" % (T.DAMAGE_WHY[2], problem.split()[1].rstrip(","))
            return T.DAMAGE_WHY[i]
    return T.DAMAGE_WHY[6]


# --- start ---------------------------------------------------------------------------

def load_all(app):
    """Read settings, statistics, players and the game in progress into the app."""
    store = _store(app)
    if store is None:
        return
    notes = []
    settings = store.load("settings", None)
    notes.append(note_of(store, "settings"))
    cfg = settings.get("cfg") if isinstance(settings, dict) else None
    if _good_cfg(cfg):
        app.cfg = bytearray(cfg)
    stats = store.load("stats", None)
    notes.append(note_of(store, "stats"))
    if isinstance(stats, list) and 6 <= len(stats) <= N_STATS and _ints(stats):
        app.stats = stats + [0] * (N_STATS - len(stats))
    players = store.load("players", None)
    notes.append(note_of(store, "players"))
    app.players = clean_players(players)
    app.players_saved = _copy(app.players)
    data = store.load(GAME, None)
    notes.insert(0, note_of(store, "game"))
    if data is not None:
        try:
            restore(app, data)
        except Exception:  # a whole file whose content does not make a game
            app.play = None
            T = strings()
            notes.insert(0, T.SAVE_DAMAGED % "game" + "\n%s\n%s" % (T.DAMAGE_WHY[6],
                                                                     T.GAME_DROPPED))
            store.erase(GAME)
    app.kept = getattr(app, "play", None)
    app.stats_saved = list(getattr(app, "stats", ()))
    app.cfg_saved = bytes(getattr(app, "cfg", b""))
    for n in notes:
        if n:
            app.note = n
            break


def _ints(values):
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 1 << 30:
            return False
    return True


def _good_cfg(cfg):
    from ui import common
    if not isinstance(cfg, list) or len(cfg) != common.N_OPTIONS or not _ints(cfg):
        return False
    from ui.options import _HIGH, _LOW
    for i in range(len(cfg)):
        if not _LOW[i] <= cfg[i] <= _HIGH[i]:
            return False
    n = cfg[common.PEOPLE] + cfg[common.BOTS]
    return 2 <= n <= 10


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


def restore(app, data):
    """Rebuild app.play from a "game" payload (ValueError when it does not fit)."""
    import binascii
    from svara import log
    from svara.match import Match
    from ui import common
    from ui.play import Play
    if not isinstance(data, dict) or data.get("v") != FORMAT:
        raise ValueError("version %s, not %d" % (
            data.get("v") if isinstance(data, dict) else "?", FORMAT))
    cfg = data["cfg"]
    if not _good_cfg(cfg):
        raise ValueError("bad settings")
    cfg = bytes(cfg)
    dump = binascii.unhexlify(data["log"])
    (stacks, dealer, rules, deck, seed), _ = log.header(dump)
    if len(stacks) != cfg[common.PEOPLE] + cfg[common.BOTS]:
        raise ValueError("seats do not match")
    ms, mh, ml = data["match"]
    match = Match(stacks, dealer, rules, ms)
    match._rng.h = mh & 0xFFFF
    match._rng.l = ml & 0xFFFF
    app.play = None
    gc.collect()
    p = Play(app, stacks, cfg, match)
    p.rng.h, p.rng.l = data["bots"]
    (p.viewer, p.games, p.svaras_seen, counted, p.last_seat, p.last_action, p.last_amount,
     last_open, last_blinds, ended) = data["p"]
    p.counted = counted == 1
    p.last_open = last_open == 1
    p.last_blinds = last_blinds == 1
    p.ended = ended == 1
    g = log.load(dump, p._watch)
    match.game = g
    p.game = g
    app.play = p
    return p


def load_game(app):
    """app.play from the last good "game" save (None when there is none or it is bad)."""
    store = _store(app)
    app.play = None
    if store is None:
        return None
    data = store.load(GAME, None)
    if data is None:
        return None
    try:
        return restore(app, data)
    except Exception:
        app.play = None
        return None


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
            app.store.erase(GAME)       # the match was left for good (Title after it)
    elif getattr(new, "p", None) is p:
        save_game(app, new.name)
    save_stats(app)
    if p is not None and (new.name == "showdown" or new.name == "gameover"):
        save_players(app)           # the chips as the game ended (Play.keep_chips)
    if old is not None and old.name == "options":
        save_settings(app)


def save_stats(app):
    """The statistics, if they changed since the last save."""
    st = getattr(app, "stats", None)
    if st is not None and st != getattr(app, "stats_saved", None):
        if _save(app, "stats", st):
            app.stats_saved = list(st)


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
    return T.YOU if people == 1 else T.PERSON % (k + 1)


def good_name(s):
    """True for a name the screens can show: a str of 1 to NAME_W pixels in the 6x12
    font, no space at either end, every character in both fonts."""
    from ui import writer, font_5x8
    if not isinstance(s, str) or not s or s.strip() != s or writer.width(s) > NAME_W:
        return False
    for ch in s:
        if ch < " " or not writer.has(font_5x8, ch) or not writer.has(writer.normal(), ch):
            return False
    return True


def clean_players(obj):
    """The "players" save made safe: good names (else ""), whole chip counts."""
    names = []
    chips = []
    if isinstance(obj, dict):
        got = obj.get("names")
        if isinstance(got, list):
            for k in range(min(len(got), SLOTS)):
                s = got[k]
                # The first saves held the shown names: "You", "P1"... are the defaults.
                if s == "You" or s == "P%d" % (k + 1) or not good_name(s):
                    s = ""
                names.append(s)
        got = obj.get("chips")
        if isinstance(got, list):
            for v in got[:SLOTS]:
                if not _ints((v,)):
                    break
                chips.append(v)
    while names and not names[-1]:
        names.pop()
    return {"names": names, "chips": chips}


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
