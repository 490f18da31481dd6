# Every target bootstraps .venv on first use: a fresh machine needs only Python 3.11+.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test dist release bench lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n 2 --dist loadgroup

dist: $(STAMP)
	$(PY) build_scripts/build.py

# the download for this system: dist/Parlour-<version>-<system>-<arch>.tar.gz (Linux) or .zip
release: $(STAMP)
	$(PY) build_scripts/release.py

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m game.bench

lint: $(STAMP)
	$(PY) -m ruff check game tests build_scripts
	$(PY) -m ruff format --check game tests build_scripts
	$(PY) -m mypy
	$(VENV)/bin/actionlint .github/workflows/*.yml

clean:
	rm -rf $(VENV) build dist
