# `make demo` runs the site locally (on 127.0.0.1:8000; `make demo PORT=8001` picks another port); `make test` runs the whole suite, in parallel on every core; `make serve` serves it for
# real (DEBUG off, gunicorn; needs SECRET_KEY and ALLOWED_HOSTS, see docs/operations.md).
# DATABASE_URL picks the database (SQLite by default, see docs/operations.md, "Databases").
#
# Python packages come from hash-pinned lockfiles: requirements/main.txt (what the site runs on;
# make serve) and requirements/dev.txt (that plus the test and lint tools; make demo, make test,
# make lint). `make lock` rewrites both from pyproject.toml; see docs/development.md, "Dependencies and checks".

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check
# Touched after a successful install: pip runs again only when the lockfile or pyproject.toml changes.
INSTALLED := $(VENV)/.installed-dev
INSTALLED_MAIN := $(VENV)/.installed-main
# make demo's port; make serve reads PORT (and HOST) from the environment itself (scripts/serve).
PORT ?= 8000
MO_FILES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/*.po))
LOCK := $(PY) -m uv pip compile pyproject.toml --universal --python-version 3.11 --generate-hashes \
	--custom-compile-command "make lock" --quiet

.PHONY: demo test serve install lint lock system-deps test-system-deps messages bench-smoke

demo: system-deps $(INSTALLED) messages
	$(PY) manage.py migrate --noinput
# Vestbyens Tarokklub from fixtures/demo/ (does nothing once loaded); log in as demo / tarokbog.
	$(PY) manage.py load_demo
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

serve: system-deps $(INSTALLED_MAIN) messages
	scripts/serve

# What the systemd units run on (deploy/, docs/operations.md): the runtime packages and the
# compiled translations, nothing more; run again after every pull.
install: $(INSTALLED_MAIN) messages

# The suite runs on every core (pytest-xdist: TEST_WORKERS=auto, one worker a core), a test file to
# a worker (--dist loadfile), so a module's fixtures (its clubs, its browser, its server) are built
# once; `make test TEST_WORKERS=0` runs it in one process. A plain `pytest` runs in one process too.
TEST_WORKERS ?= auto

test: test-system-deps $(INSTALLED) messages
	node --test tests/js/
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile

# Every speed script in benchmarks/ at a small size: fails when one no longer runs, whatever its
# times (benchmarks/README.md). Needs PostgreSQL and Chromium, as the PostgreSQL pass of make test.
bench-smoke: test-system-deps $(INSTALLED) messages
	benchmarks/smoke

# What .ci/run checks before the tests: ruff's lint rules with the complexity limit, mypy, the
# import contracts (which package may import which: lint-imports) and the checks an import graph
# cannot see (tests/test_architecture.py); pyproject.toml has their configs.
lint: $(INSTALLED)
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(VENV)/bin/lint-imports
	$(PY) -m pytest tests/test_architecture.py -q -p no:cacheprovider

# Re-pin after changing pyproject.toml; `make lock UPGRADE=--upgrade` also moves every pin to the
# newest version its range allows. Commit requirements/*.txt with the change.
lock: $(INSTALLED)
	$(LOCK) $(UPGRADE) -o requirements/main.txt
	$(LOCK) $(UPGRADE) --extra dev -c requirements/main.txt -o requirements/dev.txt

# The Debian packages the site runs on (Pango for PDFs, gettext, the PostgreSQL client);
# test-system-deps adds what only the tests need (Chromium, poppler).
system-deps:
	scripts/install-system-deps

test-system-deps:
	scripts/install-system-deps --test

$(VENV)/.installed-%: requirements/%.txt pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --require-hashes -r $<
	$(PIP) install --quiet --no-deps -e .
	touch $@

messages: $(MO_FILES)

%.mo: %.po
	msgfmt --check-format -o $@ $<
