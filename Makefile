# Svara for the handset. `make play` and `make test` set themselves up on a fresh clone.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP_PY := $(VENV)/.installed
STAMP_NODE := node_modules/.installed

.PHONY: play test check bench fuzz setup tables fonts strings clean help
.PHONY: build flash typings typecheck test-unix test-rp2 powercut
.PHONY: web web-serve web-setup soak

# The handset build (tools/device/build.py) and make flash PORT=... (tools/device/flash.py).
BOARD ?= handset
BUILD ?= build/$(BOARD)
SRC ?= .
# MicroPython stubs for the type check, installed into typings/ (not committed).
STUBS := micropython-stdlib-stubs==1.27.0.post2 micropython-rp2-rpi_pico-stubs==1.27.0.post1
STAMP_TYPES := typings/.installed

help:
	@echo "make play   - open the handset simulator (sets itself up first)"
	@echo "make test   - the fast tests: CPython, and a MicroPython smoke run (sets itself up first)"
	@echo "make check  - every test, CPython and MicroPython, slow ones too, the page in a real browser (what CI runs)"
	@echo "make web    - the game in a web page: a static site in build/web (the handset's own firmware)"
	@echo "make web-serve - make web, then serve it on http://127.0.0.1:8000/ (PORT=... for another)"
	@echo "make web-setup - Debian's chromium and chromium-driver for the browser test, when missing"
	@echo "make soak MICROPYTHON=... [MICROPYTHON_MPY=...] - a million keys in one session, the mixes in turns and each alone, frozen in 44 KB and .mpy in 116 KB (hours; not in CI)"
	@echo "make bench  - benchmarks: speed and memory, side by side, on both interpreters"
	@echo "make fuzz   - 100,000 random keys on CPython, 10,000 under MicroPython (twice: as is, and as a frozen build)"
	@echo "make tables - regenerate the score table module"
	@echo "make fonts  - regenerate the font modules (needs Debian xfonts-base, pcf2bdf)"
	@echo "make strings - pack the languages (firmware/i18n/src -> firmware/i18n) after editing"
	@echo "make powercut - every power cut and error case of a long match, CPython and MicroPython"
	@echo "make build  - compile the game to .mpy for BOARD (handset) into build/BOARD, and its ROMFS image build/BOARD.romfs"
	@echo "make flash PORT=/dev/ttyACM0 [MODE=frozen|romfs|mpy] [FIRMWARE=x.uf2] - put the build on a handset with mpremote: frozen firmware, ROMFS or .mpy files (it says which); refuses a firmware that runs into its filesystem"
	@echo "make typecheck - mypy on firmware/ and lib/svara against MicroPython stubs"
	@echo "make test-unix MICROPYTHON=/path/to/micropython - the checks, and the smallest heaps, on a unix-port build"
	@echo "make test-rp2 MICROPYTHON_RP2=firmware.uf2 RP2040_BOOTROM=bootrom.bin - the handset's firmware on an emulated Pico against the simulator"

setup: $(STAMP_PY) $(STAMP_NODE)

$(STAMP_PY): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(STAMP_NODE): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The tiers (each test's markers: slow, micropython, smoke): make test leaves out the slow ones
# and all MicroPython tests but the smoke run's; make check runs everything. JOBS
# workers (pytest-xdist), a test file's tests on one worker (its module fixtures once),
# the files handed out in the collection's order (conftest.LONGEST_FIRST leads it).
JOBS ?= 2
PYTEST := $(PY) -m pytest -q -n $(JOBS) --dist loadfile --no-loadscope-reorder
FAST := not slow and (not micropython or smoke)

test: setup typings
	$(PYTEST) -m "$(FAST)" host_tests

# The full suite (.ci/run): the slow tests too, among them the page in a real headless
# browser (host_tests/tooling/test_web.py), which fails here rather than skip when the
# browser is missing.
check: setup typings web-setup
	SVARA_WEB_REQUIRED=1 $(PYTEST) host_tests

# The game in a web page (tools/web/): the site in build/web, and served on localhost.
web: setup
	$(PY) -m tools.web build

web-serve: setup
	$(PY) -m tools.web serve --port $(or $(PORT),8000)

# The browser test's browser: Debian's chromium and its driver (Selenium drives them,
# from requirements.txt), installed with apt-get when missing (sudo unless root).
# Two make checks on one machine (two clones) both find them missing: the second
# apt-get failed at once on apt's lock ("Could not get lock /var/lib/apt/lists/lock",
# exit 100). So one web-setup installs at a time (flock on WEB_SETUP_LOCK), the one that
# waited looks again and finds them there; apt-get install waits for a dpkg lock
# held by anyone else (apt-get update does not wait for its lists lock).
CHROMIUM ?= /usr/bin/chromium
CHROMEDRIVER ?= /usr/bin/chromedriver
WEB_SETUP_LOCK ?= /run/lock/svara-web-setup.lock
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
WEB_MISSING := [ ! -x "$(CHROMIUM)" ] || [ ! -x "$(CHROMEDRIVER)" ]
web-setup: setup
	@if $(WEB_MISSING); then \
	echo "make web-setup: installing Debian's chromium and chromium-driver (one make web-setup at a time)"; \
	$(SUDO) flock "$(WEB_SETUP_LOCK)" sh -c '\
	if ! { $(WEB_MISSING); }; then echo "make web-setup: another make web-setup installed them"; exit 0; fi; \
	apt-get update -q && DEBIAN_FRONTEND=noninteractive \
	apt-get install -y -q -o DPkg::Lock::Timeout=600 chromium chromium-driver'; \
	fi

# The same checks, and the match and 10,000 random keys with the smallest heap each
# completes in (bisected), on a unix-port micropython you built (tools/mp/unix.py):
# frozen if the game is frozen into it, and as the .mpy files make flash installs. Fails
# when a check fails or a run does not complete in 48 KB frozen / 128 KB as .mpy files.
# MICROPYTHON_MPY names a binary without the game frozen in for the .mpy runs (a frozen
# one holds the game's names in ROM, which makes .mpy figures lower than a board's).
test-unix: setup
	@if [ -z "$(MICROPYTHON)" ]; then echo "make test-unix: skipped: set MICROPYTHON=/path/to/micropython (MicroPython's unix port, built 32-bit: README)"; exit 0; fi; \
	st=0; \
	$(PY) -m tools.mp.unix --micropython "$(MICROPYTHON)" checks || st=1; \
	$(PY) -m tools.mp.unix --micropython "$(or $(MICROPYTHON_MPY),$(MICROPYTHON))" --heap 131072 --mode mpy --bisect match fuzz || st=1; \
	$(PY) -m tools.mp.unix --micropython "$(or $(MICROPYTHON_MPY),$(MICROPYTHON))" --heap 131072 --mode romfs --bisect match fuzz || st=1; \
	MICROPYTHON="$(or $(MICROPYTHON_MPY),$(MICROPYTHON))" $(PY) -m pytest -q host_tests/tooling/test_flash_romfs.py || st=1; \
	if $(PY) -m tools.mp.unix --micropython "$(MICROPYTHON)" --frozen-check; then \
	$(PY) -m tools.mp.unix --micropython "$(MICROPYTHON)" --heap 49152 --mode frozen --bisect match fuzz || st=1; \
	else echo "make test-unix: $(MICROPYTHON) has no frozen game: frozen runs skipped"; fi; \
	exit $$st

# The handset's own firmware (a UF2 you built: board SVARA_HANDSET, README) on an emulated
# Pico (rp2040js, tools/mp/rp2.py) against the simulator: the title and a match's frames
# pixel for pixel, a reset, power cuts over the saves, the firmware's flash untouched, the
# buzzer (samples: the full runs are `python -m tools.mp.rp2 keys|cuts`, minutes each).
test-rp2: setup
	@if [ -z "$(MICROPYTHON_RP2)" ]; then echo "make test-rp2: skipped: set MICROPYTHON_RP2=/path/to/firmware.uf2 and RP2040_BOOTROM=/path/to/bootrom.bin (README)"; exit 0; fi; \
	MICROPYTHON_RP2="$(MICROPYTHON_RP2)" RP2040_BOOTROM="$(RP2040_BOOTROM)" $(PY) -m pytest -q -p no:xdist host_tests/tooling/test_rp2.py

bench: setup
	$(PY) -m tools.bench

# The full random-key runs of issue 7 (make check runs 20,000 + 2,000 + 2,000 keys of the
# same): CPython, MicroPython with the code in its heap, and the frozen-build model.
fuzz: setup
	$(PY) -m tools.stress.fuzz --keys 100000
	$(PY) -m tools.stress.fuzz --micropython --keys 10000
	$(PY) -m tools.stress.fuzz --micropython --frozen --keys 10000

# A long session (issue 28): a million keys in one run, no restart, on a unix-port
# micropython you built: frozen in 48 KB (MICROPYTHON, the game frozen in) and as .mpy
# files in 128 KB (MICROPYTHON_MPY, else MICROPYTHON). Minutes each; not in CI.
soak: setup
	@if [ -z "$(MICROPYTHON)" ]; then echo "make soak: set MICROPYTHON=/path/to/micropython (MicroPython's unix port, built 32-bit: docs/MEMORY.md)"; exit 2; fi; \
	st=0; \
	if $(PY) -m tools.mp.unix --micropython "$(MICROPYTHON)" --frozen-check >/dev/null; then \
	$(PY) -m tools.stress.soak --micropython "$(MICROPYTHON)" --mode frozen --each || st=1; \
	else echo "make soak: $(MICROPYTHON) has no frozen game: the frozen runs skipped"; fi; \
	$(PY) -m tools.stress.soak --micropython "$(or $(MICROPYTHON_MPY),$(MICROPYTHON))" --mode mpy --each || st=1; \
	exit $$st

# The full power-cut run of issue 15 (make test and make check run a sample): tools/stress/powercut.py.
powercut: setup
	$(PY) -m tools.stress.powercut
	$(PY) -m tools.stress.powercut --micropython

play: setup
	$(PY) -m tools.sim

build: setup
	$(PY) -m tools.device.build --board $(BOARD) --out $(BUILD) --src $(SRC)

flash: build
	@test -n "$(PORT)" || { echo "make flash PORT=<serial port of the handset, or socket://host:port>"; exit 2; }
	$(PY) -m tools.device.flash $(PORT) --build $(BUILD) $(if $(MODE),--mode $(MODE)) $(if $(FIRMWARE),--firmware $(FIRMWARE))

typings: $(STAMP_TYPES)

$(STAMP_TYPES): $(STAMP_PY) Makefile
	rm -rf typings
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --target typings $(STUBS)
	touch $@

typecheck: setup typings
	$(PY) -m tools.device.typecheck

tables: setup
	$(PY) -m tools.gen.score_table

# The fonts come from Debian's xfonts-base via pcf2bdf (apt-get install xfonts-base
# pcf2bdf); the generated modules are committed, so only a font change needs this.
fonts: setup
	$(PY) -m tools.gen.font

# The handset reads packed copies of the languages: edit firmware/i18n/src/<code>.py,
# then pack them (the tests fail while a packed module is out of date).
strings: setup
	$(PY) -m tools.gen.strings

clean:
	rm -rf $(VENV) node_modules build .pytest_cache
