# Everything a fresh machine with Python 3.11 needs goes through these targets.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
RUN_STAMP := $(VENV)/.installed-runtime
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test soak lint typecheck format openapi bench bench-deps fuzz clean browser-deps screenshot

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when the project's metadata changed. `run` needs the runtime dependencies only;
# the development tools (tests, linters) come with every other target, and cover `run` too.
$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $(RUN_STAMP)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP) $(RUN_STAMP)

run: $(RUN_STAMP)
	$(BIN)/banquise serve --host $(HOST) --port $(PORT)

test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# The long runs marked soak, the nemesis soak among them (tests/nemesis: BANQUISE_SOAK_SECONDS, default
# 600, for each of BANQUISE_SOAK_SEEDS, default 1,2,3; its 60 s smoke run is part of `make test`).
soak: $(STAMP)
	$(BIN)/python -m pytest -m soak $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check domain service projections tests bench
	$(BIN)/ruff format --check domain service projections tests bench
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff format domain service projections tests bench
	$(BIN)/ruff check --fix domain service projections tests bench

openapi: $(STAMP)
	$(BIN)/banquise openapi --write openapi

bench: $(STAMP)
	$(BIN)/python -m bench

# wrk, the C load generator the HTTP throughput rows use (without it they fall back to bench/loadgen.py and say so).
bench-deps:
	command -v wrk >/dev/null || (apt-get update && apt-get install -y wrk)

# schemathesis against a real server: no generated request may get a 5xx.
fuzz: $(STAMP)
	$(BIN)/python -m pip install --quiet 'schemathesis>=4,<5'
	$(BIN)/python -m tests.fuzz

# The browser tests drive Debian's Chromium (Playwright's own download is not used); without it they skip.
browser-deps:
	command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)

# The README's picture of the viewer (docs/viewer.png), from a simulated game.
screenshot: $(STAMP)
	$(BIN)/python -m tests.browser.screenshot docs/viewer.png

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
