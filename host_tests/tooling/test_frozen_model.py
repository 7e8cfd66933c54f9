"""The frozen-build model (tools/mp/frozen.py) under MicroPython: it must tell what a frozen
module keeps in flash (bytecode, names, constants such as the score table) from what
importing it still makes in RAM (its functions, classes and what its top level builds),
or the 64 KB figures made with it (tools/bench/play.py, tools/stress/fuzz.py --frozen) mean
nothing."""
import pytest

from tools.mp import frozen


def test_the_manifest_modules_are_all_in_the_model():
    names = frozen.modules()
    assert len(names) == len(set(names))
    for m in ("app", "store", "saving", "svara", "svara.game", "svara.bots", "svara.odds",
              "ui.table", "ui.names", "i18n.bg", "i18n.ru", "ui.font_6x12_cyr"):
        assert m in names, m


@pytest.mark.micropython
def test_tables_count_as_flash_and_built_buffers_as_ram():
    imported, top, rows = frozen.measure(["svara._score_table", "ui.writer"])
    tops = dict(rows)
    # The score table is a 4960-byte bytes literal: in the port's heap once imported,
    # but a constant of the code, so running the module again makes almost nothing.
    assert tops["svara._score_table"] < 200
    # The writer's top level builds its buffers and font lists: RAM on the handset too.
    assert tops["ui.writer"] >= 300
    assert imported - top > 4960


@pytest.mark.micropython
def test_the_match_model_takes_off_only_the_code():
    """Measured twice, the same modules give the same figures (the model is steady), and
    the code taken off is most, never all, of what importing them cost."""
    a = frozen.measure()
    b = frozen.measure()
    assert a[0] == b[0] and a[1] == b[1]
    imported, top = a[0], a[1]
    assert 0 < top < imported // 3
