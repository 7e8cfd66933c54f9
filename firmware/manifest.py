# Freezes the game into a MicroPython firmware image for the reference handset (rp2 port,
# board RPI_PICO): the modules run from flash and cost no RAM for their code or tables.
# Paths are relative to this file. Build MicroPython 1.27 with it (see README):
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=<this checkout>/firmware/manifest.py
# A frozen main.py runs at start-up before any main.py on the filesystem.
# The one list of the shipped modules: the .mpy build, the mip packages and the frozen
# model read it too (tools/common/manifest.py). host_tests/tooling/test_build.py checks
# that it names every module of firmware/ and lib/svara but the desktop's, so a new
# module must be added here.
include("$(PORT_DIR)/boards/manifest.py")

# The rules library, less its desktop command line (svara/__main__.py, python -m svara).
package("svara", base_path="../lib", files=(
    "__init__.py", "cards.py", "score.py", "_score_table.py", "rules.py", "game.py",
    "match.py", "log.py", "bots.py", "reads.py", "_strategy.py", "odds.py",
    "_odds_table.py", "exact.py", "data.py", "_exact_v0.py", "_exact_v1.py",
    "_exact_v2.py", "_exact_v3.py", "_floor_v0.py", "_floor_v1.py", "_floor_v2.py",
    "_floor_v3.py", "_classes.py", "version.py", "work.py"))
package("ui")
# The packed languages only: i18n/src holds their readable sources (tools/gen/strings.py).
package("i18n", files=("__init__.py", "_names.py", "en.py", "bg.py", "ru.py", "nl.py", "pt.py", "id.py"))
package("drivers", files=("display.py", "keys.py", "keypad.py", "st7735.py", "buzzer.py",
                          "native.py"))
module("app.py")
module("main.py")
module("session.py")
module("settings.py")
module("store.py")
module("saving.py")
module("loading.py")
module("board.py", base_path="boards/handset")
