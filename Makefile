# Two commands on a fresh machine with Python 3.11+:  `make run`  and  `make test`.
# Options go to shelfie-bot through ARGS:  make run ARGS="--port 8080 --db games.sqlite3"
PYTHON ?= python3
ARGS   ?=
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test bench gallery clean

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -c constraints.txt -e ".[test]"
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/shelfie-bot $(ARGS)

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -m bench

gallery: $(STAMP)
	$(BIN)/python -m render.gallery docs/gallery

clean:
	rm -rf $(VENV)
