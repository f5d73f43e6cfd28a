# `make demo` runs the site locally; `make test` runs the whole suite; `make serve` serves it for
# real (DEBUG off, gunicorn; needs SECRET_KEY and ALLOWED_HOSTS, see README).
# DATABASE_URL picks the database (SQLite by default, see README).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Touched after a successful install: pip runs again only when pyproject.toml changes.
INSTALLED := $(VENV)/.installed
MO_FILES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/*.po))

.PHONY: demo test serve system-deps messages

demo: system-deps $(INSTALLED) messages
	$(PY) manage.py migrate --noinput
# Vestbyens Tarokklub from fixtures/demo/ (does nothing once loaded); log in as demo / tarokbog.
	$(PY) manage.py load_demo
	$(PY) manage.py runserver 127.0.0.1:8000

serve: system-deps $(INSTALLED) messages
	scripts/serve

test: system-deps $(INSTALLED) messages
	$(PY) -m pytest

system-deps:
	scripts/install-system-deps

$(INSTALLED): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

messages: $(MO_FILES)

%.mo: %.po
	msgfmt --check-format -o $@ $<
