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
# loads; a bad one makes that copy damaged (store.py then tries the older copy, and the
# title says so). "players" is damaged when it is not a dict of lists; odd names and
# chip counts inside one are mended as said below.
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


def _erase(app, name):
    """store.erase; a failure is said once, like a failed save."""
    try:
        app.store.erase(name)
    except OSError as e:
        if not getattr(app, "save_failed", False):
            app.save_failed = True
            app.say(strings().SAVE_ERROR % (e.args[0] if e.args and isinstance(
                e.args[0], int) else 0))


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
    settings = store.load("settings", None, _good_settings)
    notes.append(note_of(store, "settings"))
    cfg = settings.get("cfg") if isinstance(settings, dict) else None
    if _good_cfg(cfg):
        app.cfg = bytearray(cfg)
    stats = store.load("stats", None, _good_stats)
    notes.append(note_of(store, "stats"))
    # What the statistics count of the match in progress: nothing when there are none
    # (a first start, or damaged), unknown (None) in a version 1 file.
    app.stats_token = [-1, 0, 0, 0] if stats is None else None
    if isinstance(stats, dict):
        app.stats_token = stats["c"]
        stats = stats["st"]
    if stats is not None:
        app.stats = stats + [0] * (N_STATS - len(stats))
    players = store.load("players", None, _good_players)
    notes.append(note_of(store, "players"))
    app.players = clean_players(players)
    app.players_saved = _copy(app.players)
    app.play = None
    try:
        data = store.load(GAME, None, lambda d: _try_restore(app, d))
        notes.insert(0, note_of(store, "game"))
        # The best hand seen is counted again as a game replays: nothing to save yet.
        app.stats_saved = list(getattr(app, "stats", ()))
        app.token_saved = app.stats_token
        if data is None and "bad content, using defaults" in store.note:
            T = strings()        # whole files whose content does not make a game
            notes[0] = T.SAVE_DAMAGED % "game" + "\n%s\n%s" % (T.DAMAGE_WHY[6],
                                                                T.GAME_DROPPED)
            _erase(app, GAME)
        elif data is not None:
            _complete(app, app.play)
    except MemoryError:             # the game stays saved; Continue is tried again later
        app.play = None
        app.stats_saved = list(getattr(app, "stats", ()))
        app.token_saved = app.stats_token
        T = strings()
        notes.insert(0, T.NOTE_MEM)
    app.kept = app.play
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


def _int_list(v, n, low, high):
    """True for a list of n whole numbers (not bools) in low..high."""
    if not isinstance(v, list) or len(v) != n:
        return False
    for x in v:
        if not isinstance(x, int) or isinstance(x, bool) or not low <= x <= high:
            return False
    return True


def _good_stats(obj):
    """store.load's check of a "stats" copy (version 2, or version 1's list)."""
    if isinstance(obj, list):
        return 6 <= len(obj) <= N_STATS and _ints(obj)
    if not isinstance(obj, dict) or obj.get("v") != 2:
        return False
    st = obj.get("st")
    c = obj.get("c")
    return (isinstance(st, list) and 6 <= len(st) <= N_STATS and _ints(st)
            and (c is None or _int_list(c, 4, -1, (1 << 30) - 1) and c[2] <= 1 and c[3] <= 1))


def _good_settings(obj):
    """store.load's check of a "settings" copy."""
    if not isinstance(obj, dict):
        return False
    lang = obj.get("lang", "")
    return ("cfg" not in obj or _good_cfg(obj["cfg"])) and isinstance(lang, str) \
        and len(lang) < 8


def _good_players(obj):
    """store.load's check of a "players" copy: a dict of lists (clean_players mends
    odd names and chips inside them)."""
    return (isinstance(obj, dict) and isinstance(obj.get("names", []), list)
            and isinstance(obj.get("chips", []), list))


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
    cfg = data.get("cfg")
    if not _good_cfg(cfg):
        raise ValueError("bad settings")
    cfg = bytes(cfg)
    hexed = data.get("log")
    pv = data.get("p")
    if (not isinstance(hexed, str) or len(hexed) > 8192
            or not _int_list(data.get("match"), 3, 0, (1 << 30) - 1)
            or data["match"][1] > 0xFFFF or data["match"][2] > 0xFFFF
            or not _int_list(data.get("bots"), 2, 0, 0xFFFF)
            or not _int_list(pv, 10, -1, (1 << 30) - 1)
            or not isinstance(data.get("screen"), str)):
        raise ValueError("bad field")
    dump = binascii.unhexlify(hexed)
    (stacks, dealer, rules, deck, seed), _ = log.header(dump)
    n = cfg[common.PEOPLE] + cfg[common.BOTS]
    (viewer, games, seen, counted, last_seat, last_action, last_amount,
     last_open, last_blinds, ended) = pv
    if (len(stacks) != n or not -1 <= viewer < cfg[common.PEOPLE] or games < 1
            or seen < 0 or not -1 <= last_seat < n or not 0 <= last_action <= 4
            or last_amount < 0 or counted > 1 or last_open > 1 or last_blinds > 1
            or ended > 1):
        raise ValueError("bad field")
    ms, mh, ml = data["match"]
    match = Match(stacks, dealer, rules, ms)
    match._rng.h = mh
    match._rng.l = ml
    app.play = None
    gc.collect()
    p = Play(app, stacks, cfg, match)
    p.rng.h, p.rng.l = data["bots"]
    p.viewer = viewer
    p.games = games
    p.svaras_seen = seen
    p.last_seat = last_seat
    p.last_action = last_action
    p.last_amount = last_amount
    p.last_open = last_open == 1
    p.last_blinds = last_blinds == 1
    token = getattr(app, "stats_token", None)
    if token is None:               # version 1 statistics: the game save's word
        p.counted = counted == 1
        p.ended = ended == 1
    else:                           # the statistics say what they counted
        same = token[0] == ms
        p.counted = same and (token[1] > games or token[1] == games and token[2] == 1)
        p.ended = same and token[3] == 1
    p.over_saved = ended == 1       # the match was over when saved (_complete)
    g = log.load(dump, p._watch)
    if g.svaras < seen:
        raise ValueError("bad field")
    match.game = g
    p.game = g
    app.play = p
    return p


def _try_restore(app, data):
    """store.load's check of a "game" copy: True when it made app.play; a MemoryError
    goes up (the copy may be good: load_all keeps it)."""
    try:
        restore(app, data)
        return True
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        app.play = None
        return False


def _complete(app, p):
    """Finish what a cut or an error interrupted: count a game that is over, and a match
    that was over, when the statistics do not count them yet (then save them)."""
    g = p.game
    done = False
    if g.to_act is None and not p.counted:
        p.finish_game()
        done = True
    if p.over_saved and not p.ended:
        p.end_match()
        done = True
    if done:
        save_stats(app, p)
        save_players(app)


def load_game(app):
    """app.play from the last good "game" save (None when there is none or it is bad)."""
    store = _store(app)
    app.play = None
    if store is None:
        return None
    try:
        if store.load(GAME, None, lambda d: _try_restore(app, d)) is None:
            return None
        _complete(app, app.play)
    except MemoryError:
        app.play = None
    return app.play


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
    return T.YOU if people == 1 else T.PERSON % (k + 1)


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
