# Anima: build, test, demo, install.
#
#   make            same as make build
#   make build      libanima.so (release, static Swift stdlib) and the Python package in build/venv
#   make test       abi-check, swift-test, c-test, py-test, install-check, fuzz-regress; stops at
#                   the first failure
#   make demo       build, then run examples/python/demo.py
#   make install    header, library and anima.pc into $(DESTDIR)$(PREFIX)
#   make clean      remove every build product
#   long runs       make fuzz, soak, stateful-soak, valgrind, tsan (docs/reliability.md)
#
# Variables worth overriding: SWIFTFLAGS, PREFIX, DESTDIR, LIBDIR, INCLUDEDIR, PYTHON, CC.

SWIFT       ?= swift
# The library links the Swift standard library statically (it then needs only libc, libm,
# libstdc++ and libgcc). Dynamic exclusivity checks are left out of the release library for
# speed; `swift test` builds with them on, so the test suite still checks every access.
SWIFTFLAGS  ?= -Xswiftc -static-stdlib -Xswiftc -enforce-exclusivity=unchecked
SWIFT_BUILD_DIR ?= .build
PYTHON      ?= python3
ifeq ($(origin CC),default)
CC := gcc
endif

PREFIX      ?= /usr/local
LIBDIR      ?= $(PREFIX)/lib
INCLUDEDIR  ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
DESTDIR     ?=

HEADER      := include/anima.h
LIB_DIR     := $(SWIFT_BUILD_DIR)/release
LIB         := $(LIB_DIR)/libanima.so
VENV        := build/venv
VENV_PY     := $(VENV)/bin/python
PY_STAMP    := $(VENV)/.anima-installed
HEADER_STAMP := build/anima.h.stamp
# In anima.pc, directories under the prefix are written relative to ${prefix}.
PC_LIBDIR     = $(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))
PC_INCLUDEDIR = $(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))
STAGE       := build/stage
STAGE_PREFIX := /usr/local
STAGE_EXAMPLE ?= gravity

# The version comes from the header's ANIMA_VERSION_{MAJOR,MINOR,PATCH} macros.
VERSION := $(shell awk '$$2 ~ /^ANIMA_VERSION_(MAJOR|MINOR|PATCH)$$/ { v[$$2] = $$3 } \
	END { print v["ANIMA_VERSION_MAJOR"] "." v["ANIMA_VERSION_MINOR"] "." v["ANIMA_VERSION_PATCH"] }' $(HEADER))

# Swift tools leave temporary files behind on every call; keep them inside build/.
export TMPDIR := $(CURDIR)/build/tmp

# Python package inputs (tests excluded: they do not need a reinstall).
PY_SOURCES := $(shell find python -path python/build -prune -o -path python/tests -prune \
	-o -name '*.egg-info' -prune -o -type f \( -name '*.py' -o -name '*.pyi' -o -name '*.c' \
	-o -name '*.h' -o -name '*.toml' -o -name '*.cfg' -o -name 'py.typed' -o -name 'MANIFEST.in' \) -print 2>/dev/null)

# The API fuzzer (fuzz/, docs/reliability.md): the library built again with AddressSanitizer,
# SanitizerCoverage and the engine's consistency checks, in its own build folder, and a libFuzzer
# driver built with the toolchain's clang (the same sanitizer runtime as the Swift compiler's).
FUZZ_CC       ?= $(dir $(shell command -v swiftc 2>/dev/null))clang
FUZZ_SWIFT_DIR := .build-fuzz
FUZZ_LIB_DIR  := $(FUZZ_SWIFT_DIR)/release
FUZZ_DIR      := build/fuzz
FUZZ_BIN      := $(FUZZ_DIR)/api_fuzzer
FUZZ_SWIFT_RUNTIME := $(abspath $(dir $(shell command -v swiftc 2>/dev/null))../lib/swift/linux)
FUZZ_SECONDS  ?= 60
FUZZ_REGRESS_SECONDS ?= 45
FUZZ_SWIFTFLAGS := -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
	-Xswiftc -DANIMA_VALIDATE
FUZZ_CFLAGS   := -g -O1 -std=c11 -Wall -Wextra -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-Iinclude -Ifuzz
FUZZ_OPTIONS  := -timeout=10 -rss_limit_mb=3072 -max_len=4096 -print_final_stats=1

# The targets of `make test` run one after another, in the order given, even under -j.
.NOTPARALLEL:

.PHONY: fuzz-build fuzz fuzz-regress fuzz-decode tsan valgrind soak stateful-soak
.PHONY: build lib python test abi-check swift-test c-test py-deps py-test stubtest typecheck-examples install-check demo install clean help prep

build: lib python

help:
	@sed -n '3,13p' Makefile | sed 's/^# \{0,1\}//'

prep:
	@mkdir -p $(TMPDIR)

# SwiftPM does not notice when only the header changes, although the @c @implementation
# exports are checked against it: touch the exports so that they are compiled again.
$(HEADER_STAMP): $(HEADER)
	@mkdir -p $(@D)
	$(if $(wildcard Sources/AnimaC/*.swift),touch $(wildcard Sources/AnimaC/*.swift))
	@touch $@

lib: prep $(HEADER_STAMP)
	$(SWIFT) build -c release --scratch-path $(SWIFT_BUILD_DIR) $(SWIFTFLAGS) --product anima

# The venv sees the system's site-packages (pytest, hypothesis, numpy); pip keeps build isolation.
$(VENV_PY):
	$(PYTHON) -m venv --system-site-packages $(VENV)

# Installed again whenever the library or a source file of the package is newer. A sub-make
# reads the library's time stamp only after `lib` has run.
python: lib $(VENV_PY)
	@$(MAKE) --no-print-directory $(PY_STAMP)

# python/setup.py runs `swift build -c release -Xswiftc -static-stdlib --product anima` itself
# (a no-op after `lib`); ANIMA_SWIFT_FLAGS passes it the same build folder and any other flags.
PY_SWIFT_FLAGS = $(strip --scratch-path $(abspath $(SWIFT_BUILD_DIR)) $(subst -Xswiftc -enforce-exclusivity=unchecked,,$(subst -Xswiftc -static-stdlib,,$(SWIFTFLAGS))))

# setuptools keeps python/build/lib* between builds: a module removed from the package would
# otherwise still ship from there.
$(PY_STAMP): $(LIB) $(PY_SOURCES)
	rm -rf python/build/lib.*
	ANIMA_SWIFT_FLAGS='$(PY_SWIFT_FLAGS)' $(VENV_PY) -m pip install --quiet ./python
	@touch $@

test: abi-check swift-test c-test py-test install-check fuzz-regress
	@echo "make test: all passed"

abi-check: lib
	scripts/abi_check.sh $(HEADER) $(LIB)

swift-test: prep $(HEADER_STAMP)
	$(SWIFT) test --scratch-path $(SWIFT_BUILD_DIR)

c-test: lib
	@CC='$(CC)' scripts/run_examples.sh c $(CURDIR)/$(LIB_DIR)

# numpy comes with the package (a dependency); pytest and hypothesis run the tests, the plotting
# tests and the typed examples need matplotlib (the "plot" extra), the sweep tests
# dask.distributed (the "distributed" extra) and pandas (a sweep's table), the pickling tests
# cloudpickle (lambdas and closures by value), the browser check of the player websocket-client
# (Chromium's DevTools protocol) and the notebooks of docs/notebooks nbclient, nbconvert,
# ipykernel and ipywidgets, each installed into build/venv when it is missing. The browser check
# needs Chromium itself (.ci/run installs Debian's).
py-deps: $(VENV_PY)
	@$(VENV_PY) -c "import pytest, hypothesis" 2>/dev/null || $(VENV_PY) -m pip install --quiet pytest hypothesis
	@$(VENV_PY) -c "import matplotlib" 2>/dev/null || $(VENV_PY) -m pip install --quiet matplotlib
	@$(VENV_PY) -c "import mypy" 2>/dev/null || $(VENV_PY) -m pip install --quiet mypy
	@$(VENV_PY) -c "import distributed" 2>/dev/null || $(VENV_PY) -m pip install --quiet "dask[distributed]"
	@$(VENV_PY) -c "import pandas" 2>/dev/null || $(VENV_PY) -m pip install --quiet pandas
	@$(VENV_PY) -c "import cloudpickle" 2>/dev/null || $(VENV_PY) -m pip install --quiet cloudpickle
	@$(VENV_PY) -c "import websocket" 2>/dev/null || $(VENV_PY) -m pip install --quiet websocket-client
	@$(VENV_PY) -c "import nbclient, nbconvert, ipykernel, ipywidgets" 2>/dev/null || $(VENV_PY) -m pip install --quiet nbclient nbconvert ipykernel ipywidgets

py-test: python py-deps stubtest typecheck-examples
	$(VENV_PY) -m pytest -q python/tests
	@scripts/run_examples.sh python $(VENV_PY)

# The stub (python/src/anima/__init__.pyi) checked against the installed module by mypy's
# stubtest, with the meant differences in python/stubtest/allowlist.txt. Run outside the
# source tree so that the installed package, not python/src, is the one imported.
# `make typecheck-examples` runs mypy --strict on examples/python against the stub (part of py-test).
stubtest: python py-deps
	cd build && ../$(VENV_PY) -m mypy.stubtest anima --mypy-config-file ../python/stubtest/mypy.ini \
		--allowlist ../python/stubtest/allowlist.txt

typecheck-examples: python py-deps
	cd build && ../$(VENV_PY) -m mypy --strict ../examples/python

# Installs into build/stage (as DESTDIR) and builds one example from the staged header,
# library and anima.pc only, through pkg-config.
install-check: lib
	@rm -rf $(STAGE) build/stage-test
	@$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$(STAGE) PREFIX=$(STAGE_PREFIX) \
		LIBDIR=$(STAGE_PREFIX)/lib INCLUDEDIR=$(STAGE_PREFIX)/include PKGCONFIGDIR=$(STAGE_PREFIX)/lib/pkgconfig > /dev/null
	@mkdir -p build/stage-test
	@flags="$$(PKG_CONFIG_PATH=$(CURDIR)/$(STAGE)$(STAGE_PREFIX)/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$(CURDIR)/$(STAGE) \
		pkg-config --cflags --libs anima)" || { echo "install-check: pkg-config does not find anima.pc"; exit 1; }; \
	echo "install-check: pkg-config --cflags --libs anima -> $$(echo $$flags)"; \
	$(CC) -std=c11 -Wall -Wextra -Werror -o build/stage-test/$(STAGE_EXAMPLE) examples/c/$(STAGE_EXAMPLE).c $$flags -lm \
		|| { echo "install-check: FAILED: $(STAGE_EXAMPLE).c does not build against the staged install"; exit 1; }; \
	LD_LIBRARY_PATH=$(CURDIR)/$(STAGE)$(STAGE_PREFIX)/lib build/stage-test/$(STAGE_EXAMPLE) > build/stage-test/$(STAGE_EXAMPLE).log 2>&1 \
		|| { cat build/stage-test/$(STAGE_EXAMPLE).log; echo "install-check: FAILED: $(STAGE_EXAMPLE) exited with an error"; exit 1; }; \
	echo "install-check: $(STAGE_EXAMPLE) built against the staged install and ran: $$(tail -n 1 build/stage-test/$(STAGE_EXAMPLE).log)"

# ---------------------------------------------------------------- fuzzing

fuzz-build: prep
	$(SWIFT) build -c release --scratch-path $(FUZZ_SWIFT_DIR) --product anima $(FUZZ_SWIFTFLAGS)
	@mkdir -p $(FUZZ_DIR)
	$(PYTHON) fuzz/gen_harness.py $(HEADER) $(FUZZ_DIR)/api_calls.c --clang $(FUZZ_CC) --list $(FUZZ_DIR)/calls.json
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $(FUZZ_BIN) fuzz/fuzz_support.c fuzz/fuzz_snapshot.c $(FUZZ_DIR)/api_calls.c \
		-fuse-ld=lld -L$(FUZZ_LIB_DIR) -lanima -Wl,-rpath,$(CURDIR)/$(FUZZ_LIB_DIR) -Wl,-rpath,$(FUZZ_SWIFT_RUNTIME) -lm
	$(PYTHON) fuzz/make_seeds.py $(FUZZ_DIR)/calls.json $(FUZZ_DIR)/seeds

# Fuzzes for FUZZ_SECONDS (default 60) from the seeds and the stored corpus; new inputs go to
# build/fuzz/corpus, findings to build/fuzz/crash-*.
fuzz: fuzz-build
	@mkdir -p $(FUZZ_DIR)/corpus
	SWIFT_BACKTRACE=enable=no $(FUZZ_BIN) $(FUZZ_OPTIONS) -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=$(FUZZ_DIR)/ \
		$(FUZZ_DIR)/corpus $(FUZZ_DIR)/seeds fuzz/corpus/regressions

# Replays every stored finding and seed, then fuzzes for FUZZ_REGRESS_SECONDS: part of `make test`.
fuzz-regress: fuzz-build
	@set -e; files=$$(find fuzz/corpus/regressions $(FUZZ_DIR)/seeds -type f ! -name README.md | sort); \
	echo "fuzz-regress: replaying $$(echo "$$files" | wc -l) stored inputs"; \
	SWIFT_BACKTRACE=enable=no $(FUZZ_BIN) $(FUZZ_OPTIONS) $$files > $(FUZZ_DIR)/replay.log 2>&1 || { cat $(FUZZ_DIR)/replay.log; exit 1; }; \
	tail -n 1 $(FUZZ_DIR)/replay.log
	@mkdir -p $(FUZZ_DIR)/regress-corpus
	SWIFT_BACKTRACE=enable=no $(FUZZ_BIN) $(FUZZ_OPTIONS) -seed=1 -max_total_time=$(FUZZ_REGRESS_SECONDS) -artifact_prefix=$(FUZZ_DIR)/ \
		$(FUZZ_DIR)/regress-corpus $(FUZZ_DIR)/seeds fuzz/corpus/regressions > $(FUZZ_DIR)/regress.log 2>&1 \
		|| { tail -n 60 $(FUZZ_DIR)/regress.log; exit 1; }
	@grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|fuzz:)" $(FUZZ_DIR)/regress.log | sed 's/^/fuzz-regress: /'

# Prints the calls an input makes, with their arguments and results: make fuzz-decode INPUT=file
fuzz-decode: fuzz-build
	SWIFT_BACKTRACE=enable=no ANIMA_FUZZ_TRACE=1 $(FUZZ_BIN) -runs=1 $(INPUT) 2>&1 | grep -v "^INFO\|^Running\|^Executed\|^\*\*\*"

# ------------------------------------------------------------------ sanitizers

# ThreadSanitizer: the library built with -sanitize=thread, and examples/c/two_threads.c (two
# animators on two threads at once, a third creating and destroying animators) and
# examples/c/workers.c (one animator's contacts solved by 2 and 4 threads) built against it.
TSAN_SWIFT_DIR := .build-tsan
tsan: prep
	$(SWIFT) build -c release --scratch-path $(TSAN_SWIFT_DIR) --product anima -Xswiftc -sanitize=thread
	@mkdir -p build/tsan
	set -e; for example in two_threads workers; do \
		$(FUZZ_CC) -g -O1 -std=c11 -fsanitize=thread -Iinclude -o build/tsan/$$example examples/c/$$example.c \
			-fuse-ld=lld -L$(TSAN_SWIFT_DIR)/release -lanima -Wl,-rpath,$(CURDIR)/$(TSAN_SWIFT_DIR)/release \
			-Wl,-rpath,$(FUZZ_SWIFT_RUNTIME) -L$(FUZZ_SWIFT_RUNTIME) -ldispatch -lBlocksRuntime -lm -pthread; \
		TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 build/tsan/$$example; \
	done
	@echo "tsan: no data race reported"

# valgrind memcheck over every C example (the release library) and a Python scene: no invalid
# access, nothing definitely lost.
VALGRIND := valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
	--show-leak-kinds=definite
valgrind: build
	@command -v valgrind > /dev/null || { echo "valgrind: not installed (apt-get install valgrind)"; exit 1; }
	@mkdir -p build/valgrind; set -e; n=0; \
	for src in examples/c/*.c; do \
		name=$$(basename $$src .c); \
		$(CC) -std=c11 -g -Iinclude -o build/valgrind/$$name $$src -L$(LIB_DIR) -lanima -lm -pthread \
			-Wl,-rpath,$(CURDIR)/$(LIB_DIR); \
		$(VALGRIND) build/valgrind/$$name > build/valgrind/$$name.log 2>&1 \
			|| { cat build/valgrind/$$name.log; echo "valgrind: $$name FAILED"; exit 1; }; \
		n=$$((n + 1)); \
	done; echo "valgrind: $$n C examples clean"
	@PYTHONMALLOC=malloc valgrind --leak-check=full --show-leak-kinds=definite \
		$(VENV_PY) examples/python/gravity_collision.py > build/valgrind/python.log 2>&1 \
		|| { cat build/valgrind/python.log; echo "valgrind: the Python scene FAILED"; exit 1; }
	@$(PYTHON) scripts/valgrind_check.py build/valgrind/python.log
	@echo "valgrind: the Python scene (examples/python/gravity_collision.py) clean"

# Ten simulated minutes of the tumbler, the jelly and a closed pile (scripts/soak.py);
# SOAK_MINUTES changes the length.
SOAK_MINUTES ?= 10
soak: build
	@mkdir -p build/bench
	$(CC) -O2 -std=gnu11 -Wall -Wextra -Werror -Iinclude bench/anima_bench.c -o build/bench/anima_bench \
		-L$(LIB_DIR) -lanima -Wl,-rpath,$(CURDIR)/$(LIB_DIR) -lm
	$(VENV_PY) scripts/soak.py --minutes $(SOAK_MINUTES) --bench build/bench/anima_bench

# The Python state machine of python/tests/test_stateful.py run in child interpreters, one seed
# each, until they have made STATEFUL_CALLS API calls; a child killed by a signal is a crash.
STATEFUL_CALLS ?= 1000000
stateful-soak: python
	$(VENV_PY) python/tests/stateful_soak.py $(STATEFUL_CALLS)

demo: build
	$(VENV_PY) examples/python/demo.py

# docs/figures/notebook-tour.png, the README's picture of a player in the executed tour notebook,
# taken in a headless Chromium (scripts/notebook_screenshot.py; Chromium must be installed).
.PHONY: screenshots
screenshots: python
	@$(VENV_PY) -c "import nbclient, nbconvert, ipykernel, websocket" 2>/dev/null \
		|| $(VENV_PY) -m pip install --quiet nbclient nbconvert ipykernel websocket-client
	$(VENV_PY) scripts/notebook_screenshot.py docs/figures/notebook-tour.png

# Installs what `make build` made (the library is built first only when there is none), so that
# `sudo make install` does not run the Swift build as root.
install: | $(LIB)
	@mkdir -p build
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(PC_LIBDIR)|g' -e 's|@INCLUDEDIR@|$(PC_INCLUDEDIR)|g' \
		-e 's|@VERSION@|$(VERSION)|g' anima.pc.in > build/anima.pc
	install -d $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR)
	install -m 644 $(HEADER) $(DESTDIR)$(INCLUDEDIR)/anima.h
	install -m 755 $(LIB) $(DESTDIR)$(LIBDIR)/libanima.so
	install -m 644 build/anima.pc $(DESTDIR)$(PKGCONFIGDIR)/anima.pc

$(LIB):
	@$(MAKE) --no-print-directory lib

clean:
	rm -rf .build build .benchmarks python/build python/src/*.egg-info python/src/anima/*.so

# ----------------------------------------------------------------------------------- bench
# make bench: Anima against Box2D v3 and pymunk on the same scenes (bench/README.md); a release build, not
# part of `make test`. Installs pymunk, pyb2d3 and dask.distributed (the sweep scene) into build/venv when
# missing, prints the table and writes bench/RESULTS.md. Options for bench/run.py go in BENCH_ARGS,
# e.g. BENCH_ARGS='--rounds 5'.
BENCH_ARGS ?=

.PHONY: bench
bench: build
	@$(VENV_PY) -c "import pymunk" 2>/dev/null || $(VENV_PY) -m pip install --quiet pymunk
	@$(VENV_PY) -c "import distributed" 2>/dev/null || $(VENV_PY) -m pip install --quiet "dask[distributed]"
	@$(VENV_PY) -c "import pyb2d3" 2>/dev/null || $(VENV_PY) -m pip install --quiet pyb2d3
	CC='$(CC)' $(VENV_PY) bench/run.py $(BENCH_ARGS)
