# Two commands on a fresh machine with Python 3.11+:  `make run`  and  `make test`.
# Options go to shelfie-bot through ARGS:  make run ARGS="--port 8080 --db games.sqlite3"
PYTHON ?= python3
ARGS   ?=
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# One venv for both: `make run` needs the sandbox extra, `make test` that and the test extra. The build backend is
# the one constraints.txt pins (installed first, then used in place of pip's isolated build environment).

.PHONY: run test test-busy typecheck bench gallery clean browser

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -c constraints.txt setuptools
	$(BIN)/pip install -q -c constraints.txt --no-build-isolation -e ".[sandbox,test]"
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/shelfie-bot $(ARGS)

test: $(STAMP) browser
	$(BIN)/python -m pytest

# The browser test (tests/bot/test_sandbox_browser.py) drives the sandbox's page in Debian's Chromium, which pip cannot
# bring: installed here when missing, with apt-get as root (CI runs as root on a clean machine); elsewhere it says how.
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	else echo "The browser test needs Chromium: install it (Debian: sudo apt-get install chromium)"; exit 1; fi

# The suite with every core busy beside it (BUSY CPU-bound processes, one per core by default), as on a shared CI
# machine: it must pass the same, only slower. TESTS narrows it:  make test-busy TESTS="-n 0 tests/bot/test_sandbox.py"
BUSY  ?= $(shell nproc 2>/dev/null || echo 2)
TESTS ?=
test-busy: $(STAMP) browser
	@pids=""; for i in $$(seq $(BUSY)); do $(PYTHON) -c 'while True: pass' & pids="$$pids $$!"; done; \
	trap 'kill $$pids' EXIT; $(BIN)/python -m pytest $(TESTS)

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m bench

gallery: $(STAMP)
	$(BIN)/python -m render.gallery docs/gallery

clean:
	rm -rf $(VENV)
