"""The names editor's help and its rule agree (issue 25, item 18): the help said
"2-9 letters", which reads as a length rule, yet a one-letter name saves. The help now
says that keys 2-9 type the letters, in every language, and a name of one letter (up to
what fits the seat label) is a name. The editor's words are read from the frame it
draws (the help's lines under the name box)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

import i18n  # noqa: E402
from drivers import keys as K  # noqa: E402
from ui_helpers import drawing, run  # noqa: E402

# The language's word for the keys, before "2-9" on the help's first line.
KEYS_WORD = {"en": "Keys", "bg": "Клавиши", "ru": "Клавиши", "nl": "Toetsen", "pt": "Teclas",
             "id": "Tombol"}


def _editor_lines(code):
    """The lines the names editor draws in 5x8 (the key help), in language `code`."""
    r = run(1, "3 UP UP UP")                     # Settings, the Names row
    i18n.use(code)
    try:
        r.key(K.OK)                              # the list
        lines = [s for s, x, y, font in drawing(r, K.OK)      # P1's editor
                 if font is not None and y >= 58]
        assert r.trace().startswith("names edit 0"), r.trace()
        return lines, r
    finally:
        i18n.use("en")


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_help_says_keys_2_to_9_type_letters_not_a_length(code):
    lines, _ = _editor_lines(code)
    assert lines and lines[0].startswith(KEYS_WORD[code] + " 2-9"), lines
    text = " ".join(lines)
    assert text.count("2-9") == 1, lines


def test_a_one_letter_name_is_a_name():
    _, r = _editor_lines("en")
    for code in (K.D0 + 2, K.OK):                # A, save
        r.key(code)
    assert r.app.players["names"][:1] == ["A"], r.app.players
    assert r.trace().startswith("names 0 A")
