# Two commands a newcomer needs: `make run` and `make test` (see README.md).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(CURDIR)/$(VENV)/bin
PORT ?= 3000
# `make dev`'s backend: 5000 above the page's port (Reflex's 3000 and 8000 by default), so
# `PORT=3100 make dev` beside another `make dev` takes 3100 and 8100; BACKEND_PORT=... to choose.
BACKEND_PORT ?= $(shell echo $$(($(PORT) + 5000)))
# Reflex finds node and bun only on PATH: the virtualenv's (from PyPI wheels) come first.
export PATH := $(BIN):$(PATH)
export REFLEX_TELEMETRY_ENABLED := false
# Python keeps the bytecode it compiles in .cache/pycache/, not in __pycache__ folders beside
# the sources (the project's and every copy a test makes stay clean): each Python process of
# a run (test workers, servers, builds, the development server's reloads) then imports
# Reflex, pydantic and Playwright compiled once, not from source again (measured: 2.9 s of
# CPU for those imports from source, 1.2 s from bytecode). A machine that turns bytecode
# off (PYTHONDONTWRITEBYTECODE) does not turn it off here.
unexport PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX := $(CURDIR)/.cache/pycache

.PHONY: setup lock npm-upgrade language schemas content-schemas run fixture-run dev export sample-fingerprint test smoke lint fmt commit-subjects js-tools unit e2e browser java static-hosts browser-languages video bench clean

# Browser tests run in parallel (pytest-xdist): TEST_WORKERS=1 for one at a time. Tests
# marked xdist_group (the development server's) share one worker (--dist loadgroup).
TEST_WORKERS ?= 3
# Tests run in random order (pytest-randomly); `make test TEST_SEED=1234` repeats an order.
TEST_SEED ?= $(shell od -An -N4 -tu4 /dev/urandom | tr -d ' ')
TEST_SEED := $(TEST_SEED)
# --durations: the slowest browser tests, listed after each run (where the minutes go).
E2E_OPTIONS := -n $(TEST_WORKERS) --dist loadgroup --durations=15
# Unit tests in two workers, a second core's worth (pytest-xdist): a worker that has run
# out takes tests still waiting in the other's queue (worksteal; with `load`'s fixed queues
# one worker was left alone for the last 20 s). `make unit` and `make test` both use it.
UNIT_OPTIONS := -n 2 --dist worksteal
# In CI (CI=true) or with ARTIFACTS=1, a failed browser test leaves its Playwright trace
# and a screenshot in test-results/<test>/
# (`.venv/bin/playwright show-trace --host 127.0.0.1 --port 9323 <trace.zip>`, then open that address).
# `make e2e` traces every test; `make test` runs the failed ones again, traced
# (devtools/test_all.py): tracing every test of a run costs half as much again.
ifneq ($(filter true 1,$(CI) $(ARTIFACTS)),)
TRACE_OPTIONS := --tracing retain-on-failure --screenshot only-on-failure --output test-results
endif

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# requirements.lock pins every Python package (hashes included); pyproject.toml keeps the
# ranges it was resolved from (`make lock`). uv installs the lock; uv itself comes first,
# at the version and hashes the lock gives it, installed by the virtualenv's own pip.
$(BIN)/uv: requirements.lock | $(BIN)/python
	awk '/^uv==/ {keep = 1; print; next} /^[^ ]/ {keep = 0} keep' requirements.lock > $(VENV)/uv-requirement.txt
	$(BIN)/pip install --quiet --require-hashes --no-deps -r $(VENV)/uv-requirement.txt
	touch $@

# Exactly the locked packages (sync also removes any other), then the project itself.
$(VENV)/.installed: pyproject.toml requirements.lock | $(BIN)/uv
	$(BIN)/uv pip sync --quiet --python $(BIN)/python --require-hashes requirements.lock
	$(BIN)/uv pip install --quiet --python $(BIN)/python --no-deps -e .
	touch $@

setup: $(VENV)/.installed

## make lock: resolve both locks anew from their ranges: requirements.lock (Python, from
## pyproject.toml) and reflex.lock/ (npm, from Reflex's and our components' packages).
## Commit them with the change that needed it; builds never change them by themselves.
lock: setup
	$(BIN)/uv pip compile pyproject.toml --all-extras --universal --generate-hashes --upgrade \
		--quiet --custom-compile-command "make lock" --output-file requirements.lock
	$(BIN)/python tools/refresh_frontend_lock.py
	@$(MAKE) --no-print-directory setup

## make npm-upgrade NPM="react-router@8.5 vite@8.3": move npm packages of the frontend past
## Reflex's pins to the newest release in each range (an upstream fix Reflex has not shipped),
## written to pyproject.toml's [tool.clinic.npm-upgrades], then reflex.lock/ refreshed.
npm-upgrade: setup
	@test -n "$(NPM)" || { echo 'Say which packages: make npm-upgrade NPM="name@range ..."'; exit 1; }
	$(BIN)/python tools/npm_upgrade.py $(NPM)

## make language CODE=fr FROM=en NAME=Français LOCALE=fr-CA: start a language of the site,
## with FROM's texts as its draft and FROM's paths under /CODE/ (tools/add_language.py);
## it prints what remains to be done by hand (translations, slugs).
language: setup
	$(BIN)/python tools/add_language.py --code "$(CODE)" --from "$(FROM)" --name "$(NAME)" --locale "$(LOCALE)"
	$(BIN)/python -m clinic.site.content.schemas --quiet

## make schemas: the JSON Schema of every content file, from the content model, into
## content/schemas/, and each YAML file's first line naming its schema (editors check the
## file as it is typed: docs/content.md, "Checked as you type"). Run it after changing a model.
schemas: setup
	$(BIN)/python -m clinic.site.content.schemas

## The schemas follow the content's languages and the models, so every target that builds or
## tests brings them up to date first (naming what it rewrote, to be committed): a language
## added or reordered cannot leave them behind. In CI (CI set) it only checks, so that
## schemas not committed still fail there.
content-schemas: setup
	@$(BIN)/python -m clinic.site.content.schemas $(if $(CI),--check,--quiet)

## make sample-fingerprint: after changing the shipped sample itself (content/), record it as
## the spec's clinic, which tests/sample/ checks (tests/sample/shipped.py).
sample-fingerprint: setup
	$(BIN)/python -m tests.sample.shipped --record

## make export: the static build only (HTML, JS, CSS in .web/build/client).
export: setup content-schemas
	$(BIN)/reflex export --frontend-only --no-zip --loglevel warning

## make run: build and serve the production site on http://127.0.0.1:$(PORT).
run: setup content-schemas
	@echo "Serving the site on http://127.0.0.1:$(PORT)"
	$(BIN)/reflex run --env prod --single-port --frontend-port $(PORT) --backend-port $(PORT) --backend-host 127.0.0.1 --loglevel warning

## make fixture-run: the fixture clinic the browser tests run against (tests/fixture_clinic/),
## made in .cache/fixture-clinic/ and served as `make run` serves the sample, on
## http://127.0.0.1:$(PORT); then `.venv/bin/pytest tests/e2e --base-url http://127.0.0.1:$(PORT)
## --content .cache/fixture-clinic/content` (the tests expect what the content says).
fixture-run: setup
	$(BIN)/python -m tests.fixture_clinic.site
	@echo "Serving the fixture clinic on http://127.0.0.1:$(PORT)"
	cd .cache/fixture-clinic && $(BIN)/reflex run --env prod --single-port --frontend-port $(PORT) --backend-port $(PORT) --backend-host 127.0.0.1 --loglevel warning

## make dev: Reflex's development loop (`reflex run`): http://127.0.0.1:$(PORT) (3000 unless
## PORT=... says another), its backend on $(BACKEND_PORT), both on loopback only
## (CLINIC_DEV_HOST=0.0.0.0 make dev opens the page server on purpose).
## Edits to Python files and to anything under content/ show in the browser without a restart;
## a mistake found when it starts (broken content says which file and field) waits for the fix
## too (tools/development_loop.py).
dev: setup content-schemas
	@echo "The development loop on http://127.0.0.1:$(PORT) (backend on $(BACKEND_PORT))"
	$(BIN)/python tools/development_loop.py --loglevel warning --frontend-port $(PORT) \
		--backend-port $(BACKEND_PORT)

## Debian's Chromium for the browser tests (Playwright cannot download browsers here):
## the browser (benches, --headed) and its headless shell (every headless test run).
browser:
	@if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		echo "Installing Debian's chromium and chromium-headless-shell for the browser tests..."; \
		DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null; \
	else \
		echo "Chromium is missing. Install it with: sudo apt-get install chromium chromium-headless-shell"; exit 1; \
	fi

## Java for the Nu Html Checker (tests/e2e/test_html_valid.py; vnu.jar itself comes from npm
## into .cache/ on the first run, like axe-core): Debian's default-jre-headless (Java 17).
java:
	@if command -v java >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		echo "Installing Java (default-jre-headless) for the HTML checker..."; \
		DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null; \
	else \
		echo "Java is missing. Install it with: sudo apt-get install default-jre-headless"; exit 1; \
	fi

## The static hosts' own tools for tests/e2e/test_static_hosts.py and test_edge_relay.py, from
## npm at the versions of tools/static-hosts/package-lock.json: Cloudflare's local runtime
## (wrangler, on workerd), Netlify's rules parsers and its local runtime for functions. No
## install scripts run: the packages work without them.
STATIC_HOSTS := tools/static-hosts/node_modules/.package-lock.json
$(STATIC_HOSTS): tools/static-hosts/package-lock.json | $(VENV)/.installed
	cd tools/static-hosts && $(BIN)/npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
static-hosts: $(STATIC_HOSTS)

## Chromium's Spanish interface for the Lighthouse benches: with only its English one it
## offers to translate every Spanish page, and that bubble's CPU is counted against the page.
browser-languages: setup browser
	@if $(BIN)/python -c 'from bench.lighthouse_seo import require_interface_language as has; has("es")' 2>/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		echo "Installing Chromium's interface translations (chromium-l10n)..."; \
		DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-l10n >/dev/null; \
	else \
		echo "Chromium's Spanish interface is missing. Install it with: sudo apt-get install chromium-l10n"; exit 1; \
	fi

## The JavaScript tools of `make lint` and `make fmt`, from npm at the versions of
## tools/js/package-lock.json: Biome (lint, format) and TypeScript's checker with React's and
## Node's type declarations. No install scripts run: the packages work without them.
JS_TOOLS := tools/js/node_modules/.package-lock.json
$(JS_TOOLS): tools/js/package-lock.json | $(VENV)/.installed
	cd tools/js && $(BIN)/npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
js-tools: $(JS_TOOLS)
BIOME := tools/js/node_modules/.bin/biome

## make lint: what `make test` runs first, in seconds each: ruff's checks and its formatter in
## check mode, Biome's on the JavaScript (biome.jsonc), TypeScript's check of the JavaScript's
## JSDoc (jsconfig.json), and pyright's of the Python ([tool.pyright] in pyproject.toml).
## Their one list is devtools/lint.py's CHECKS, which `make test` runs too.
lint: setup js-tools
	@$(BIN)/python devtools/lint.py

## make fmt: format the code and apply the safe fixes: ruff's (imports sorted, old syntax
## updated) and Biome's (JavaScript formatted, imports sorted).
fmt: setup js-tools
	$(BIN)/ruff check --fix --quiet .
	$(BIN)/ruff format --quiet .
	$(BIOME) check --write --log-level=error .

## make commit-subjects: before a branch lands, each of its commits (those BASE lacks,
## main by default) has a subject of at most 72 characters and its detail in the body
## (docs/developing.md, "Commit messages"; devtools/hooks/commit-msg checks as you commit).
BASE ?= main
commit-subjects:
	@$(PYTHON) devtools/commit_subjects.py --base "$(BASE)"

unit: setup content-schemas
	$(BIN)/python -m pytest tests/unit -q --randomly-seed=$(TEST_SEED) $(UNIT_OPTIONS)

e2e: setup browser java static-hosts
	$(BIN)/python -m pytest tests/e2e -q --randomly-seed=$(TEST_SEED) $(E2E_OPTIONS) $(TRACE_OPTIONS)

## make smoke SITE_URL=https://...: the smoke tests against a site that is running (after a
## deploy: every page kind in every language, booking, contact, the 404 page, redirects,
## headers), expecting what content/ says (CONTENT=dir for another folder); docs/testing.md.
smoke: setup browser
	@test -n "$(SITE_URL)" || { echo 'Say which site: make smoke SITE_URL=https://...'; exit 1; }
	$(BIN)/python -m pytest tests/e2e -q -m smoke --base-url "$(SITE_URL)" $(if $(CONTENT),--content "$(CONTENT)") -n 2 $(TRACE_OPTIONS)

## make test: every part (lint, unit tests, then browser tests against the production server
## in $(TEST_WORKERS) parallel workers, in random order), each run even when an earlier one
## failed; the output ends with every failed part and test (devtools/test_all.py).
test: setup content-schemas
	@echo "Tests in random order, seed $(TEST_SEED): make test TEST_SEED=$(TEST_SEED) repeats it"
	@$(BIN)/python devtools/test_all.py --seed $(TEST_SEED) --unit-options "$(UNIT_OPTIONS)" \
		--e2e-options "$(E2E_OPTIONS)" --trace-options "$(TRACE_OPTIONS)"

## make video: Debian's ffmpeg, which Playwright needs to record `--video` (not for `make test`).
## Playwright looks for its own ffmpeg build (which it cannot download here) in its
## browsers folder: a link there points it at Debian's.
video: setup
	@command -v ffmpeg >/dev/null || { \
		if [ "$$(id -u)" = 0 ]; then \
			DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg >/dev/null; \
		else echo "ffmpeg is missing. Install it with: sudo apt-get install ffmpeg"; exit 1; fi; }
	@$(BIN)/python tools/playwright_ffmpeg.py

## make bench WHAT=<measure> ARGS="...": one measure of bench/, written to bench/reports/
## (`make bench` lists them: Lighthouse, the server under load, page weights, taps, make
## test's time, what each framework patch buys). Not tests: numbers depend on the machine.
bench: setup browser $(if $(filter lighthouse seo,$(WHAT)),browser-languages)
	@$(BIN)/python -m bench $(WHAT) $(ARGS)

clean:
	rm -rf .web $(VENV) *.egg-info
