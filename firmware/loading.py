# Reading the saves back (saving.py says what each file holds): at start (load_all,
# App.start) and after an error (load_game, App._recover). Not kept between: the app
# imports this module for the moment it needs it and lets it go after (app.py
# _done_loading), so on an .mpy install its code is not in RAM during play. Every
# field is checked for type and range; a bad one makes that copy damaged (store.py
# then tries the older copy, and the title says so).
import gc

from i18n import strings
from saving import (FORMAT, GAME, N_STATS, SLOTS, _copy, _erase, _store, good_name,
                    save_players, save_stats)

try:
    from micropython import const
except ImportError:  # CPython
    def const(n):
        return n

# The words drawn here, by number (i18n/_names.py; tools/gen/strings.py keeps the
# numbers right, host_tests/firmware/test_consts.py checks them):
_W_AFRESH = const(6)
_W_DAMAGE_WHY = const(23)
_W_GAME_DROPPED = const(28)
_W_NOTE_MEM = const(73)
_W_OLDER_COPY = const(83)
_W_SAVE_DAMAGED = const(106)


# --- what a note says about a damaged file ------------------------------------------

def note_of(store, name):
    """Three short lines on what load() had to do for `name`, or "" if nothing."""
    text = store.note
    if not text:
        return ""
    T = strings()
    problem = _why(T, text.split(": ", 1)[1].rsplit(", using", 1)[0])
    fix = T[_W_OLDER_COPY] if "last good copy" in text else T[_W_AFRESH]
    return T[_W_SAVE_DAMAGED] % name + "\n%s\n%s" % (problem, fix)


# store.py's reasons, in the order of the languages' DAMAGE_WHY.
_WHY = ("empty", "not a save file", "version", "cut short", "too long", "checksum wrong")


def _why(T, problem):
    """store.py's English reason in the current language (a version keeps its number)."""
    for i in range(len(_WHY)):
        if problem.startswith(_WHY[i]):
            if i == 2:  # "version 7, not 1"
                return "%s (%s)" % (T[_W_DAMAGE_WHY][2], problem.split()[1].rstrip(","))
            return T[_W_DAMAGE_WHY][i]
    return T[_W_DAMAGE_WHY][6]


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
            notes[0] = T[_W_SAVE_DAMAGED] % "game" + "\n%s\n%s" % (T[_W_DAMAGE_WHY][6],
                                                                T[_W_GAME_DROPPED])
            _erase(app, GAME)
        elif data is not None:
            _complete(app, app.play)
    except MemoryError:             # the game stays saved; Continue is tried again later
        app.play = None
        app.stats_saved = list(getattr(app, "stats", ()))
        app.token_saved = app.stats_token
        T = strings()
        notes.insert(0, T[_W_NOTE_MEM])
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


# --- the people: names and kept chips ------------------------------------------------

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
