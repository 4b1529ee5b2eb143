# Two commands do everything on a fresh machine: `make demo` (set up, train, print test BLEU) and
# `make test` (set up, run the test suite). Both create .venv on first use.
VENV ?= .venv
PY := $(VENV)/bin/python
PIP_FLAGS ?= -q
PYTEST_ARGS ?=
# The default suite runs on both cores (pytest-xdist, one test file per worker at a time): run serially it
# kept about one core busy, much of its time being subprocess start-up. One torch thread per process, so
# two workers (and the commands they start) do not oversubscribe two cores. The slow suite stays serial.

.PHONY: setup demo serve test test-slow bench clean

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml constraints.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install $(PIP_FLAGS) -c constraints.txt -e '.[dev]'
	touch $@

demo: setup
	$(VENV)/bin/seq2seq-train experiment=bible_15min

# The attention explorer and JSON API on http://127.0.0.1:8080 for the newest run `make demo` made;
# RUN=runs/... serves another, PORT=... another port.
RUN ?= $(lastword $(sort $(wildcard runs/bible_15min/*/)))
PORT ?= 8080
serve: setup
	@test -n "$(RUN)" || { echo "make serve: no run under runs/bible_15min/; run make demo first (or give RUN=runs/...)" >&2; exit 2; }
	$(VENV)/bin/seq2seq-serve run_dir=$(RUN) port=$(PORT)

test: setup
	OMP_NUM_THREADS=1 $(PY) -m pytest -q -n 2 --dist loadfile $(PYTEST_ARGS)

test-slow: setup
	$(PY) -m pytest -q -m slow $(PYTEST_ARGS)

bench: setup
	$(PY) scripts/bench.py --json bench-results.json

clean:
	rm -rf $(VENV) *.egg-info
