"""People's names and each person's own figures: the checks of
host_tests/mpchecks/names_checks.py on CPython and MicroPython, the keypad layouts, and
names and figures kept by the simulator's save folder from CPython to MicroPython."""
import pytest

from conftest import on_both_interpreters

test_checks = on_both_interpreters("names_checks")


def test_the_keypad_layouts_and_their_capitals_are_in_both_fonts():
    import i18n
    from ui import font_5x8, names, writer
    for code in i18n.LANGUAGES:
        keys = names.layout(code)
        assert len(keys) == 10
        for d in range(10):
            assert keys[d].endswith(str(d)), (code, keys[d])    # the digit last
            for ch in keys[d]:
                big = names.upper(ch)
                assert big == ch.upper(), (code, ch, big)       # as CPython's upper()
                for c in (ch, big):
                    assert writer.has(font_5x8, c) and writer.has(writer.normal(), c), (
                        code, c)
    assert "ё" in names.layout("ru")[3] and "ё" not in "".join(names.layout("bg"))
    assert "ç" in names.layout("pt")[2] and names.layout("nl") == names.layout("en")


def test_the_name_limits_match_the_game():
    from mpchecks import i18n_checks
    import settings
    from ui import writer
    assert settings.SLOTS == settings.HIGH[settings.PEOPLE]     # a slot for every person
    # The seat label's place in 6x12 is the strings' limit; a typed name may be wider
    # (7 letters: Dimitar, Георги), drawn there in 5x8 from x 9, clear of the state
    # column at x 45; a longest typed name is no wider than the sample name the string
    # checks put in every "%s" (so they cover typed names).
    from ui import table
    assert i18n_checks.PLACES["PERSON"][1] == table._NAME_W
    longest = "W" * (settings.NAME_W // writer.width("W"))
    assert len(longest) == 7 and 9 + writer.width(longest, i18n_checks.S) <= table._STATE_X
    assert writer.good_name(longest) and not writer.good_name(longest + "W")
    for code in i18n_checks.LANGS:
        T = i18n_checks.load(code)
        sample = i18n_checks.who(T)
        for font in (i18n_checks.S, i18n_checks.N):
            assert writer.width(longest, font) <= writer.width(sample, font), code


@pytest.mark.micropython
def test_names_and_figures_kept_by_the_simulator_from_cpython_to_micropython(tmp_path):
    """sim --save-dir: Bob named and winning a hot-seat match on CPython; under
    MicroPython the Statistics show his own figures (his profit: the 20 he won) and a
    new game seats both with the Stack again."""
    from tools.sim import core as simcore
    folder = str(tmp_path / "saves")
    keys = ("3 UP UP UP OK DOWN OK 2 2 6 6 6 RIGHT 2 2 OK END END"
            " 1 2 DOWN 0 DOWN DOWN LEFT LEFT SL" + " HASH OK" * 7)
    first = simcore.run(simcore.parse_keys(keys), seed=2, save_dir=folder)
    assert "names 1 |Bob" in first.traces
    assert first.traces[-1] == "gameover winner=1 stacks=0,40", first.traces[-1]
    again = simcore.run(simcore.parse_keys("5 RIGHT RIGHT END 1 SL"), seed=4, micropython=True,
                        heap=256 * 1024, save_dir=folder)
    assert again.traces[2] == "stats P1 1 0 1 0 -20", again.traces
    assert again.traces[3] == "stats Bob 1 1 1 1 20", again.traces
    # 20 each, less the ante of 1 each in the pot.
    assert again.traces[6].startswith("table") and "pot=2 level=0 stacks=19,19" in again.traces[6]
    assert not again.heap_grew, again.heap


@pytest.mark.parametrize("code", ["en", "bg", "pt"])
def test_the_new_screens_draw_in_the_languages(code):
    """The names list and editor, a person's page of the Statistics and its reset
    question drawn for real: no error caught, and each language's frames differ from
    English."""
    import i18n
    from tools.sim import core as simcore
    keys = simcore.parse_keys("3 UP UP UP OK OK 2 2 OK END END"
                              " 1 2 DOWN 0 DOWN DOWN LEFT LEFT SL" + " HASH OK" * 7
                              + " DOWN OK 5 RIGHT SL")
    try:
        i18n.use(code)
        run = simcore.run(keys, seed=2)
    finally:
        i18n.use("en")
    names = [t.split()[0] for t in run.traces]
    assert {"names", "stats", "gameover"} <= set(names), names
    person = run.traces[-2].split()                     # stats, P1's name, 5 figures
    assert person[0] == "stats" and person[2:] == ["1", "0", "1", "0", "-20"], person
    assert run.traces[-1].endswith(" reset?")
    if code != "en":
        english = simcore.run(keys, seed=2)
        for i in (5, 7, len(keys) - 1, len(keys)):   # list, editor, a person, reset
            assert run.frames[i] != english.frames[i], (code, run.traces[i])


def test_the_names_key_script():
    """host_tests/keys/names.keys: typed names, the match, Play again: the table, with
    the Stack for both."""
    from conftest import play
    run, traces, _ = play("names")
    assert "names 1 Ana|Bob" in traces
    assert traces[-2] == "gameover winner=1 stacks=0,40"
    assert traces[-1].startswith("table cover") and "stacks=19,19" in traces[-1]
    assert run.app.play.name(0) == "Ana" and run.app.play.name(1) == "Bob"
