# Reading every save back (saving.py is the only writer; docs/RELIABILITY.md says what
# each file holds): at start (load_all, App.start: the settings; the statistics, the
# names and the game in progress once the title is on the panel, load_game_later) and
# after an error (load_game, App._recover). Nothing else reads a save. The app imports
# this module for the moment it needs it and lets it go after (app.py _done_loading), so
# on an .mpy install its code is not in RAM during play. Every field is checked for
# type and range; a bad one makes that copy damaged (store.py then tries the older
# copy, and the title says so).
import gc

from i18n import strings
from saving import (FORMAT, GAME, HISTORY_KEEP, _copy, _erase, keep_history,
                    save_stats)
import settings

from micropython import const

# The words drawn here (i18n/_names.py; host_tests/firmware/test_consts.py checks them):
# >>> words by number (tools/gen/strings.py writes the numbers: make strings)
_W_AFRESH = const(7)
_W_DAMAGE_WHY = const(28)
_W_GAME_DROPPED = const(34)
_W_NOTE_MEM = const(85)
_W_OLDER_COPY = const(95)
_W_SAVE_DAMAGED = const(119)
# <<< words

# The app's answers (ui/screen.py's; folded into the code: no names in the module dict).
_NOTHING = const(0)
_REDRAW = const(2)

# The statistics' fields checked here (settings.py; host_tests/firmware/test_consts.py checks the
# copies): the profit/loss, and a person slot's own.
_NET = const(7)
_P_MATCHES = const(0)
_P_MATCHES_WON = const(1)
_P_GAMES = const(2)
_P_GAMES_WON = const(3)
_P_NET = const(4)


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

def load_all(app, good_name):
    """Read the settings into the app (the title is drawn in their language), and the
    kept history unless there is a game in progress to restore. The rest is read once
    the title is on the panel, at App's first idle() or key (load_game_later): the
    statistics and the players' names (app.rest), then the game and its histories
    (app.restore). With no listing of the folder (none yet, a first start) all at once,
    so that the title never shows a Continue it takes back. good_name(s) says whether a
    saved name can be shown (ui/writer.py; this module imports nothing of ui)."""
    store = app.store
    if store is None:
        return
    # One listing of the folder says which copies the loads read (store.py); held
    # until the rest is read (a MemoryError on the way: start() calls this again,
    # listing again), or until a save changes the folder.
    store.scan()
    listed = store.listed(GAME)
    app.restore = listed is True
    app.rest = True
    note = ""
    if not app.restore:
        # The kept games first, while the heap is whole: later they measured 0.25 to
        # 1.5 KB more of it at the peak (a frozen build's match, tools/mp/unix.py --bisect).
        app.hist = load_history(store)
        note = note_of(store, "history")
    load_settings(app)
    note = note or note_of(store, "settings")
    # Nothing else is saved until the rest is read: what is saved is what the app holds.
    app.play = None
    app.kept = None
    app.stats_saved = list(app.stats)
    app.token_saved = app.stats_token
    app.players_saved = _copy(app.players)
    app.cfg_saved = bytes(app.cfg)
    if note:
        app.note = note
    if listed is None:
        load_game_later(app, good_name, False, True)


def load_rest(app, good_name):
    """The statistics and the players' names (what load_all left, app.rest), once: a
    note on either, or "". (Read after the title: 0.5 M instructions of the start on the
    handset with two names typed; nothing reads them before the first idle() or key.)"""
    store = app.store
    stats = store.load("stats", None, _good_stats)
    notes = note_of(store, "stats")
    # What the statistics count of the match in progress: nothing when there are none
    # (a first start, or damaged).
    app.stats_token = [-1, 0, 0, 0]
    if stats is not None:
        app.stats_token = stats["c"]
        app.stats = stats["st"]
    players = store.load("players", None, _good_players)
    notes = notes or note_of(store, "players")
    app.players = clean_players(players, good_name)
    app.players_saved = _copy(app.players)
    app.stats_saved = list(app.stats)
    app.token_saved = app.stats_token
    app.rest = False        # (not before: a MemoryError on the way leaves it to read)
    return notes


def load_game_later(app, good_name, history=True, game=True):
    """What load_all left: the statistics and names (load_rest), the kept games'
    histories (with `history`), then the game in progress (app.play) from its save
    (with `game`), at App's first idle() or key once the title is shown (it shows
    Continue meanwhile when a game is listed). A note on any of them (damaged, dropped,
    out of memory) takes the place of the title's, the game's first. What the app must
    do: REDRAW when the title shows what changed (no game after all: Continue greyed; a
    note), else NOTHING."""
    store = app.store
    app.restore = False
    if store is None:       # (start gave up reading the saves: out of memory twice)
        app.rest = False
        return _NOTHING
    note = ""
    for _ in (0, 1):
        try:
            if app.rest:
                note = load_rest(app, good_name)
            if history:     # (first: a game over, counted below, is added to them)
                app.hist = load_history(store)
                note = note_of(store, "history") or note
            break
        except MemoryError:
            gc.collect()
    else:
        # Twice short of memory: as App.start, the saves are left as they are until
        # the next start (a game's result would save the histories over them), and
        # the title says so (Continue greyed).
        app.store = None
        app.rest = False
        app.note = "%s\nMemoryError\n" % strings()[_W_NOTE_MEM]
        return _REDRAW
    if not game:
        store.scan(False)
        if note:
            app.note = note
            screen = app.screen
            if screen is not None and screen.name == "title":
                return _REDRAW
        return _NOTHING
    try:
        data = store.load(GAME, None, lambda d: _try_restore(app, d))
        note = note_of(store, "game") or note
        # The best hand seen is counted again as a game replays: nothing to save yet.
        app.stats_saved = list(app.stats)
        app.token_saved = app.stats_token
        if data is None and "bad content, using defaults" in store.note:
            T = strings()        # whole files whose content does not make a game
            note = T[_W_SAVE_DAMAGED] % "game" + "\n%s\n%s" % (T[_W_DAMAGE_WHY][6],
                                                              T[_W_GAME_DROPPED])
            _erase(app, GAME)
        elif data is not None:
            _complete(app, app.play)
    except MemoryError:             # the game stays saved; Continue is tried again later
        app.play = None
        gc.collect()                # (the half-restored game first: the heap is short)
        app.stats_saved = list(app.stats)
        app.token_saved = app.stats_token
        note = strings()[_W_NOTE_MEM]
    app.kept = app.play
    store.scan(False)
    if note:
        app.note = note
    save_stats(app)     # what the statistics count, now of the game (as the title's switch)
    screen = app.screen         # (none yet when load_all restores at once)
    if screen is not None and screen.name == "title" and (app.play is None or note):
        return _REDRAW
    return _NOTHING


def load_settings(app):
    """The "settings" save into the app: the table settings (app.cfg), the language and
    the preferences (settings.PREFS), each when saved and in range."""
    saved = app.store.load("settings", None, _good_settings)
    if not isinstance(saved, dict):
        return
    cfg = _cfg_of(saved.get("cfg"))
    if cfg is not None:
        app.cfg = cfg
    import i18n
    if saved.get("lang") in i18n.LANGUAGES:
        i18n.use(saved["lang"])
    names = settings.PREF_NAMES
    for i in range(len(names)):
        v = saved.get(names[i])
        if _ints((v,)) and v < settings.PREF_VALUES[i]:
            settings.PREFS[i] = v


def load_history(store):
    """The kept games' histories (the "history" save), oldest first: a list of
    [people, game number, svara.log dump in hex]; [] when there are none. A copy with
    one bad entry is damaged (_good_history): store.py falls back to the older copy."""
    got = store.load("history", None, _good_history)
    return got[-HISTORY_KEEP:] if got else []


def _good_history(obj):
    """store.load's check of a "history" copy: a list of entries, each [people 1..10,
    game number, an even-length hex log of at most 8,192 characters (as the game
    save's)]."""
    if not isinstance(obj, list):
        return False
    import binascii
    for e in obj:
        if not (isinstance(e, list) and len(e) == 3 and _ints(e[:2])
                and 1 <= e[0] <= settings.SLOTS and isinstance(e[2], str)
                and len(e[2]) <= 8192):
            return False
        try:
            binascii.unhexlify(e[2])
        except ValueError:          # odd length, or not hex
            return False
    return True


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
    """store.load's check of a "stats" copy: {"v": 3, "st": the table's figures, then
    each person slot's, "c": what they count of the match in progress (None: unknown)}."""
    if not isinstance(obj, dict) or obj.get("v") != 3:
        return False
    st = obj.get("st")
    c = obj.get("c")
    return (isinstance(st, list) and (c is None or _int_list(c, 4, -1, (1 << 30) - 1)
                                      and c[2] <= 1 and c[3] <= 1) and _good_figures(st))


def _good_figures(st):
    """A "stats" save's "st": N_STATS figures, then P_STATS for each of at most SLOTS person
    slots; every figure a whole number of at least 0, but a profit/loss, which is
    within +-2**30; no slot won more matches or games than it played."""
    n = settings.N_STATS
    k = settings.P_STATS
    extra = len(st) - n
    if extra < 0 or extra % k or extra > k * settings.SLOTS:
        return False
    big = 1 << 30
    for i in range(len(st)):
        v = st[i]
        if not isinstance(v, int) or isinstance(v, bool):
            return False
        net = i == _NET or i >= n and (i - n) % k == _P_NET
        if not (-big < v < big if net else 0 <= v < big):
            return False
    for j in range(n, len(st), k):
        if (st[j + _P_MATCHES_WON] > st[j + _P_MATCHES]
                or st[j + _P_GAMES_WON] > st[j + _P_GAMES]):
            return False
    return True


def _good_settings(obj):
    """store.load's check of a "settings" copy."""
    if not isinstance(obj, dict):
        return False
    lang = obj.get("lang", "")
    return ("cfg" not in obj or _cfg_of(obj["cfg"]) is not None) and isinstance(lang, str) \
        and len(lang) < 8


def _good_players(obj):
    """store.load's check of a "players" copy: a dict whose "names" is a list
    (clean_players mends odd names inside it)."""
    return isinstance(obj, dict) and isinstance(obj.get("names", []), list)


def _cfg_of(cfg):
    """A saved list of the table settings as an app.cfg, or None when it is no good: a
    shorter one (saved before a setting was added) is read padded from the defaults."""
    if not isinstance(cfg, list) or len(cfg) > settings.N_OPTIONS or not _ints(cfg):
        return None
    low = settings.LOW
    high = settings.HIGH
    for i in range(len(cfg)):
        if not low[i] <= cfg[i] <= high[i]:
            return None
    out = bytearray(settings.DEFAULTS)
    out[:len(cfg)] = bytes(cfg)
    n = out[settings.PEOPLE] + out[settings.BOTS]
    return out if 2 <= n <= 10 else None


# --- the game in progress ------------------------------------------------------------

def restore(app, data):
    """Rebuild app.play from a "game" payload (ValueError when it does not fit)."""
    import binascii
    from svara import log
    from svara.match import Match
    from session import Session
    if not isinstance(data, dict) or data.get("v") != FORMAT:
        raise ValueError("version %s, not %d" % (
            data.get("v") if isinstance(data, dict) else "?", FORMAT))
    cfg = _cfg_of(data.get("cfg"))
    if cfg is None:
        raise ValueError("bad settings")
    cfg = bytes(cfg)
    hexed = data.get("log")
    pv = data.get("p")
    if (not isinstance(hexed, str) or len(hexed) > 8192
            or not _int_list(data.get("match"), 3, 0, (1 << 30) - 1)
            or data["match"][1] > 0xFFFF or data["match"][2] > 0xFFFF
            or not _int_list(data.get("bots"), 2, 0, 0xFFFF)
            or not isinstance(pv, list) or not _int_list(pv, len(pv), -1, (1 << 30) - 1)
            or not isinstance(data.get("screen"), str)):
        raise ValueError("bad field")
    dump = binascii.unhexlify(hexed)
    (stacks, dealer, rules, deck, seed), _ = log.header(dump)
    if len(stacks) != cfg[settings.PEOPLE] + cfg[settings.BOTS]:
        raise ValueError("bad field")
    ms, mh, ml = data["match"]
    match = Match(stacks, dealer, rules, ms)
    match.set_state(mh, ml)
    app.play = None
    gc.collect()
    p = Session(app, stacks, cfg, match)
    p.rng.h, p.rng.l = data["bots"]
    v = data.get("reads")         # Hard's svara.reads.Reads, once Hard has any
    if v is not None:
        n = len(stacks)
        if (not isinstance(v, list) or len(v) != 4 or not isinstance(v[0], str)
                or len(v[0]) != 24 * n or not _int_list(v[1:], 3, 0, (1 << n) - 1)):
            raise ValueError("bad field")
        from svara.reads import Reads
        r = p.reads = Reads(n)
        r.c[:] = binascii.unhexlify(v[0])
        r.raised, r.big, r.acted = v[1:]
    p.set_state(pv)
    token = app.stats_token
    if token is not None:           # the statistics say what they counted (None: the
        same = token[0] == ms       # game save's word, as set_state left it)
        games = p.games
        p.counted = same and (token[1] > games or token[1] == games and token[2] == 1)
        p.ended = same and token[3] == 1
    g = log.load(dump, p._watch)
    if g.svaras < p.svaras_seen:
        raise ValueError("bad field")
    match.game = g
    p.game = g
    app.play = p
    return p


def _try_restore(app, data):
    """store.load's check of a "game" copy: True when it made app.play; a MemoryError
    goes up (the copy may be good: load_game_later keeps it)."""
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
        if p.unkept:
            keep_history(app, p)
        save_stats(app, p)


def load_game(app, good_name):
    """app.play from the last good "game" save (None when there is none or it is bad)."""
    store = app.store
    app.play = None
    app.restore = False     # (an error at start before the game was restored: it is now)
    if store is None:
        return None
    store.scan(False)       # (no listing held from a start cut short: the folder's own)
    try:
        if app.rest:        # (an error before the first idle(): the statistics first)
            load_rest(app, good_name)
        if store.load(GAME, None, lambda d: _try_restore(app, d)) is None:
            return None
        _complete(app, app.play)
    except MemoryError:
        app.play = None
    return app.play


# --- the people's names ---------------------------------------------------------------

def clean_players(obj, good_name):
    """The "players" save made safe: good names (good_name(s), else "")."""
    names = []
    if isinstance(obj, dict):
        got = obj.get("names")
        if isinstance(got, list):
            for k in range(min(len(got), settings.SLOTS)):
                s = got[k]
                if not good_name(s):
                    s = ""
                names.append(s)
    while names and not names[-1]:
        names.pop()
    return {"names": names}
