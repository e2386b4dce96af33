# ratking: two commands set everything up on a fresh machine.
#   make play   create .venv, install, start the web app (and its lab) at http://127.0.0.1:8000
#   make test   create .venv with the dev, research, lab and learn tools, lint and run the whole suite
#   make test-learn   run only the training tests (the learn extra: PyTorch, sb3-contrib)
#   make test-native-long   the compiled core against the Python engine over 10,000 games

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play terminal test test-learn test-native-long lint services bench bench-cores clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "ratking needs Python 3.11 or newer"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# the compiled core is built by the install: its sources changed, the install runs again
NATIVE := CMakeLists.txt $(wildcard src/native/*)

# the report extra (matplotlib, scipy) lets the web lab that `make play` opens write its reports
$(VENV)/.installed: pyproject.toml $(NATIVE) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[report]'
	@touch $@

# the learn extra pins PyTorch's CPU build exactly (torch==2.13.0), so pip never reaches for CUDA
$(VENV)/.installed-dev: pyproject.toml $(NATIVE) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,research,lab,learn]'
	@touch $@ $(VENV)/.installed

play: $(VENV)/.installed
	$(BIN)/ratking serve --lab

terminal: $(VENV)/.installed
	$(BIN)/ratking play rat-a-tat-roll --players 3 --seats human,bot,bot

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .

services: $(VENV)/.installed-dev
	@bash scripts/test-services.sh

# axe-core (npm) for the browser tests' accessibility checks: installed when it can be; without
# the npm registry the tests that need it skip and say so (CI requires it)
node_modules/axe-core/axe.min.js: package.json
	@npm install --no-audit --no-fund --no-package-lock --prefer-offline >/dev/null 2>&1 \
		|| echo "npm install failed: the accessibility checks will be skipped"

test: lint services node_modules/axe-core/axe.min.js
	@if [ -f $(VENV)/.postgres ]; then export RATKING_TEST_POSTGRES="$$(cat $(VENV)/.postgres)"; fi; \
	$(BIN)/python -m pytest -q -n 2

test-learn: $(VENV)/.installed-dev
	$(BIN)/python -m pytest -q tests/envs/test_train.py

# before calling a change to a compiled core done: 10,000 games a game compared step by step
# with the Python engine (make test compares 1,250)
test-native-long: $(VENV)/.installed-dev
	RATKING_NATIVE_LONG=1 $(BIN)/python -m pytest -q tests/native

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/engine.py

bench-cores: $(VENV)/.installed
	$(BIN)/python benchmarks/cores.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis node_modules
