# Svara for the handset. `make play` and `make test` set themselves up on a fresh clone.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP_PY := $(VENV)/.installed
STAMP_NODE := node_modules/.installed

.PHONY: play test bench setup tables clean help

help:
	@echo "make play   - open the handset simulator (sets itself up first)"
	@echo "make test   - run every test, CPython and MicroPython (sets itself up first)"
	@echo "make bench  - benchmarks: speed and memory, side by side, on both interpreters"
	@echo "make tables - regenerate the generated modules (score table)"

setup: $(STAMP_PY) $(STAMP_NODE)

$(STAMP_PY): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(STAMP_NODE): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

test: setup
	$(PY) -m pytest -q host_tests

bench: setup
	$(PY) tools/bench.py

play: setup
	$(PY) tools/sim.py

tables: setup
	$(PY) tools/gen_score_table.py

clean:
	rm -rf $(VENV) node_modules build .pytest_cache
