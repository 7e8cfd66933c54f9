#!/usr/bin/env python3
"""Pack the handset's words: firmware/i18n/src/<code>.py -> firmware/i18n/<code>.py.

    python3 -m tools.gen.strings [--check] [--src DIR] [--out DIR]

Translators edit the readable modules in firmware/i18n/src/ (one per language, every
string a module constant, tuples for lists and pages). The handset loads a packed copy
instead: code sits in RAM there, and a module of ~110 separate strings takes about
13 KB of MicroPython heap, where one bytes literal of the same words takes a third of
that. The screens read a word by its number, T[_W_BACK], T[_W_MENU][2] (i18n's
_Packed; T.BACK by name on the desktop); each read decodes its string anew (a little
garbage, no lasting RAM). Where the game is installed as .mpy files, tools/device/build.py
puts each language's bytes into <code>.bin and i18n reads them from there by offset
(lib/svara/data.py) instead of loading them into RAM.

Also writes firmware/i18n/_names.py, the names in the order that numbers them, and
brings every folded number of the device code up to date. The numbers are append-only:
the order is that of the committed _names.py, a new word goes at its end (new words of
one run in sorted order) and a word gone from the sources leaves it, so a new word
changes no other word's number. It writes only inside a
module's words block, the lines between WORDS_START and WORDS_END:

    # >>> words by number (tools/gen/strings.py writes the numbers: make strings)
    _W_BACK = const(12)
    # <<< words

each `_W_NAME = const(n)` there gets n, the number of the word NAME (on MicroPython an
attribute name is an interned string held for good; the folded numbers cost nothing).
Everything else in a module is the author's and is never rewritten. A _W_ line outside
a block, a block not closed, a line in a block that is not a _W_ line, or a _W_ line
that names no word is an error (exit 2).

Packed layout (read by i18n._value):
  _o  2 bytes (big-endian) per name plus one: the start of each value in _d, then the end
  _d  the values, UTF-8: a str as it is; a tuple as "\\x01" and its items joined by
      chr(0x10 + depth) (depth 0 for the outer tuple), items packed the same way.

--check packs in memory and compares with the committed modules and numbers (exit 1
if any differs); with neither flag the packed modules and numbers are written. Exit 2:
bad usage or a source that is not packable (the reason is printed).
"""
import importlib.util
import os
import re
import sys

from tools.gen.score_table import literal  # one bytes literal continued over lines

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SRC_DIR = os.path.join(ROOT, "firmware", "i18n", "src")
OUT_DIR = os.path.join(ROOT, "firmware", "i18n")
FIRMWARE = os.path.join(ROOT, "firmware")
# A word's number folded into a module: `_W_BACK = const(12)`, inside a words block.
FOLDED = re.compile(r"^_W_([A-Z][A-Z0-9_]*) = const\((-?\d+)\)$", re.M)
WORDS_START = "# >>> words by number (tools/gen/strings.py writes the numbers: make strings)"
WORDS_END = "# <<< words"
TUPLE = "\x01"
MAX_DEPTH = 8


class PackError(ValueError):
    pass


def languages():
    """The language codes of firmware/i18n/__init__.py, English first."""
    path = os.path.join(ROOT, "firmware", "i18n", "__init__.py")
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("LANGUAGES = "):
                return tuple(eval(line.split("=", 1)[1]))  # a literal tuple of codes
    raise PackError("no LANGUAGES in %s" % path)


def load_source(path):
    """{name: value} of the upper-case constants of one language's source module."""
    spec = importlib.util.spec_from_file_location("_lang_src", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return {n: getattr(mod, n) for n in dir(mod) if n.isupper() and not n.startswith("_")}


def pack_value(v, depth=0, where="?"):
    if isinstance(v, str):
        for ch in v:
            if ch == TUPLE or 0x10 <= ord(ch) < 0x10 + MAX_DEPTH:
                raise PackError("%s: control character %r in a string" % (where, ch))
        return v
    if isinstance(v, tuple):
        if depth >= MAX_DEPTH:
            raise PackError("%s: tuples nested deeper than %d" % (where, MAX_DEPTH))
        if not v:
            return TUPLE
        return TUPLE + chr(0x10 + depth).join(
            pack_value(x, depth + 1, "%s[%d]" % (where, i)) for i, x in enumerate(v))
    raise PackError("%s: %r is not a str or a tuple of them" % (where, type(v).__name__))


def pack(values, names):
    """(offsets bytes, data bytes) of `values` in the order of `names`."""
    data = bytearray()
    offs = bytearray()
    for n in names:
        offs += len(data).to_bytes(2, "big")
        data += pack_value(values[n], 0, n).encode("utf-8")
    offs += len(data).to_bytes(2, "big")
    if len(data) >= 1 << 16:
        raise PackError("more than 64 KB of words")
    return bytes(offs), bytes(data)


def _names_tuple(names):
    """The lines of `_k = (...)`: the names in order, wrapped at 88 columns."""
    keys = ["_k = ("]
    line = "   "
    for n in names:
        item = " %r," % n
        if len(line) + len(item) > 88:
            keys.append(line)
            line = "   "
        line += item
    keys.append(line)
    keys.append(")")
    return keys


def module_text(code, names, offs, data):
    return "\n".join([
        "# Generated by tools/gen/strings.py from firmware/i18n/src/%s.py: do not edit." % code,
        "# Edit the source, then run `make strings`. The words of one language packed into",
        "# bytes literals (layout: tools/gen/strings.py); i18n reads them by number, T[k].",
        "",
        literal("_o", offs, per_line=20),
        literal("_d", data, per_line=20),
        "",
    ])


def names_text(names):
    """i18n/_names.py: the names, in the order that numbers the words."""
    keys = _names_tuple(names)
    return "\n".join([
        "# Generated by tools/gen/strings.py: do not edit. The names of the words, in the",
        "# order that numbers them (append-only: a new word goes last), the same in every",
        "# language: word k is _k[k]. The device code reads words by number (T[_W_NAME],",
        "# the numbers folded into each module); T.NAME looks the name up here.",
        "\n".join(keys),
        "",
    ])


def build_all(src_dir=SRC_DIR, out_dir=OUT_DIR):
    """{code: module text} for every language, and "_names" for i18n/_names.py;
    PackError if the sources disagree."""
    return _build(src_dir, out_dir)[1]


def numbered(names, before):
    """The words' order: `before`'s (the committed one) for the names still there, then
    the new names, sorted."""
    have = set(names)
    kept = [n for n in before if n in have]
    return kept + sorted(have - set(kept))


def committed_order(out_dir=OUT_DIR):
    """The names in the order of the committed i18n/_names.py ([] when there is none)."""
    path = os.path.join(out_dir, "_names.py")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return []
    return list(eval(text[text.index("_k = (") + 5:]))  # a literal tuple of names


def _build(src_dir, out_dir=OUT_DIR):
    """(the names in the order that numbers the words, build_all's texts)."""
    codes = languages()
    sources = {}
    for code in codes:
        path = os.path.join(src_dir, code + ".py")
        if not os.path.isfile(path):
            raise PackError("no source for language %r: %s" % (code, path))
        sources[code] = load_source(path)
    names = numbered(sources[codes[0]], committed_order(out_dir))
    out = {}
    for code in codes:
        have = set(sources[code])
        if have != set(names):
            missing = sorted(set(names) - have)
            extra = sorted(have - set(names))
            raise PackError("%s.py: missing %s, extra %s" % (code, missing, extra))
        offs, data = pack(sources[code], names)
        out[code] = module_text(code, names, offs, data)
    out["_names"] = names_text(names)
    return names, out


def device_modules(root=FIRMWARE):
    """The .py files under firmware/ but the languages' sources, sorted."""
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if os.path.join(folder, d) != os.path.join(
            root, "i18n", "src"))
        found += [os.path.join(folder, f) for f in files if f.endswith(".py")]
    return sorted(found)


def fold(text, names, where="?"):
    """`text` with each folded word number in its words block set to its word's number
    in `names`; PackError for a _W_ line outside a block, a block left open, a line in
    a block that is not a _W_ line, or a _W_ line that names no word."""
    out = []
    inside = False
    for n, line in enumerate(text.split("\n"), 1):
        if line == WORDS_START and not inside:
            inside = True
        elif line == WORDS_END and inside:
            inside = False
        elif inside and line:
            m = FOLDED.match(line)
            if m is None:
                raise PackError("%s:%d: not a _W_NAME = const(n) line in the words block"
                                % (where, n))
            if m.group(1) not in names:
                raise PackError("%s:%d: _W_%s names no word (the words: i18n/src/en.py)"
                                % (where, n, m.group(1)))
            line = "_W_%s = const(%d)" % (m.group(1), names.index(m.group(1)))
        elif line.startswith("_W_"):
            raise PackError("%s:%d: a _W_ line outside the words block (%s ... %s)"
                            % (where, n, WORDS_START, WORDS_END))
        out.append(line)
    if inside:
        raise PackError("%s: the words block is not closed (%s)" % (where, WORDS_END))
    return "\n".join(out)


def folded_texts(names, root=FIRMWARE):
    """{path: (old text, new text)} of the device modules holding folded numbers."""
    out = {}
    for path in device_modules(root):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if WORDS_START in text or "\n_W_" in text:
            out[path] = (text, fold(text, names, os.path.relpath(path, ROOT)))
    return out


def _write(path, text):
    """Replace the file at `path` with `text` in one rename (never half written)."""
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def main(argv=None):
    from tools.common.hosttool import parser
    ap = parser(__doc__)
    ap.add_argument("--check", action="store_true",
                    help="only check that the packed modules are up to date (exit 1 if not)")
    ap.add_argument("--src", default=SRC_DIR, metavar="DIR",
                    help="the readable sources (default firmware/i18n/src)")
    ap.add_argument("--out", default=OUT_DIR, metavar="DIR",
                    help="write the packed modules there (default firmware/i18n)")
    args = ap.parse_args(argv)
    src_dir, out_dir, check = args.src, args.out, args.check
    try:
        names, texts = _build(src_dir, out_dir)
        folds = folded_texts(names)
    except PackError as e:
        print("gen_strings: %s" % e)
        return 2
    stale = 0
    for path, (old, new) in folds.items():
        if old == new:
            continue
        if check:
            print("%s has word numbers OUT OF DATE: run `make strings`" % path)
            stale += 1
            continue
        _write(path, new)
        print("renumbered the words in %s" % path)
    for code, text in texts.items():
        path = os.path.join(out_dir, code + ".py")
        if check:
            try:
                with open(path, encoding="utf-8") as f:
                    same = f.read() == text
            except OSError:
                same = False
            if not same:
                print("%s is OUT OF DATE: run `make strings`" % path)
                stale += 1
            continue
        _write(path, text)
        print("wrote %s (%d bytes of source)" % (path, len(text)))
    if check and not stale:
        print("the packed languages and the word numbers are up to date")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
