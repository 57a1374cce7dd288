# animplot: `make demo` renders a sample, `make test` runs the tests, `make bench` measures.
# Each target first installs the Debian packages it needs when they are missing.

SWIFT    ?= swift
# bash: `make test` keeps each step's status through `| tee` (pipefail).
SHELL    := /bin/bash
# librsvg2-bin: rsvg-convert, with which `animplot check` compares SVG references (Fixtures/).
DEBS     := pkg-config libcairo2-dev libpng-dev libfreetype-dev librsvg2-bin
OUT      := out
BENCHDIR := .build/bench
# Release builds link the Swift runtime statically: the binary runs where Swift is not
# installed, and starts faster (W1 of `make bench`: 46 -> 39 ms of CPU, 3 MB less memory).
RELEASE  := -c release --static-swift-stdlib

.PHONY: all build deps demo test bench fuzz sanitize docs install uninstall clean

all: build

# With CI set, what a clone may lack is required, not skipped: the shared reference folder
# ($ANIMPLOT_SHARED, default ../shared) and a browser, which `make test` then installs.
ifneq ($(strip $(CI)),)
test: DEBS += chromium-headless-shell chromium chromium-driver python3-jsonschema python3-yaml
endif
# What `make test`'s steps print, from which it says at the end what they skipped.
TESTLOG  := .build/make-test.log

# Installs missing system packages with apt-get (as root, or through sudo).
deps:
	@missing=""; for p in $(DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "make: installing missing packages:$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get install -y $$missing >/dev/null 2>&1 || { $$sudo apt-get update >/dev/null && $$sudo apt-get install -y $$missing; }; \
	fi

build: deps
	$(SWIFT) build $(RELEASE) --product animplot

demo: build
	@mkdir -p $(OUT)
	.build/release/animplot graph Examples/bouncing-ball.json --normalize -o $(OUT)/bouncing-ball.png
	.build/release/animplot graph Examples/bouncing-ball.json --normalize --theme light -o $(OUT)/bouncing-ball.svg
	@echo "make demo: wrote $(OUT)/bouncing-ball.png and $(OUT)/bouncing-ball.svg (Blender's Graph Editor, Examples/bouncing-ball.json)"

# Tests that need the shared reference folder or a browser are skipped without them, each
# with a line saying what it needs and how to run it, and the run ends with a summary of what
# was skipped; with CI set they fail instead.
test: deps
	@# With CI set, the JSON Schema and YAML tests are required: Debian's packages above serve the
	@# system's python3; another python3 first on PATH (pyenv's) gets them from PyPI.
	@if [ -n "$(strip $(CI))" ] && ! python3 -c 'import jsonschema, yaml' 2>/dev/null; then \
	  python3 -m pip install --quiet jsonschema pyyaml || python3 -m pip install --quiet --break-system-packages jsonschema pyyaml; fi
	@# The browser tests (Tests/Browser) drive Chromium with selenium from PyPI.
	@if [ -n "$(strip $(CI))" ] && ! python3 -c 'import selenium' 2>/dev/null; then \
	  python3 -m pip install --quiet selenium || python3 -m pip install --quiet --break-system-packages selenium; fi
	@# The manifest says what the code uses: every import a declared dependency, the C library
	@# in AnimplotPlatform only (and the check shown to fail on an undeclared import).
	python3 Scripts/check_imports.py
	$(SWIFT) build --build-tests
	@mkdir -p .build && : > $(TESTLOG)
	set -o pipefail; $(SWIFT) test --skip-build 2>&1 | tee -a $(TESTLOG)
	@# The binary users get: the robustness tests again on the release build (its optimiser
	@# once removed a memory probe that the debug build kept, and `yes | animplot` aborted).
	$(SWIFT) build $(RELEASE) --product animplot
	set -o pipefail; ANIMPLOT_BINARY=$(CURDIR)/.build/release/animplot $(SWIFT) test --skip-build \
	  --filter 'DiffSafetyTests|CheckSafetyTests|HardeningTests|HardeningRoundTwoTests|RobustnessTests|FixturesCheckTests' 2>&1 | tee -a $(TESTLOG)
	@# The interactive HTML and the page of `animplot serve` in a real browser (Tests/Browser:
	@# selenium and headless Chromium) with the release binary; skipped, saying what is missing,
	@# without them unless CI is set.
	set -o pipefail; ANIMPLOT=$(CURDIR)/.build/release/animplot python3 Tests/Browser/run.py 2>&1 | tee -a $(TESTLOG)
	@# The library proven from outside: a package that depends on this one by path builds, passes
	@# its snapshot tests, and renders the bouncing ball's golden picture pixel for pixel.
	$(SWIFT) build --package-path Examples/Consumer --build-tests
	$(SWIFT) test --package-path Examples/Consumer --skip-build
	$(SWIFT) run --package-path Examples/Consumer --skip-build consumer Fixtures/bouncing-ball.json Fixtures/bouncing-ball.png
	@# The Blender exporter against Blender's own answers (skips, saying so, without blender,
	@# and without the shared reference folder unless CI is set).
	set -o pipefail; ANIMPLOT=$$($(SWIFT) build --show-bin-path)/animplot Integrations/blender/test_export.sh 2>&1 | tee -a $(TESTLOG)
	@Scripts/test_skips.sh $(TESTLOG)

bench: deps
	$(SWIFT) build $(RELEASE) --product animplot
	$(SWIFT) build $(RELEASE) --product animplot-bench
	Benchmarks/run.sh

# libFuzzer over decode → recalc → evaluate → layout (any input, and each importer alone:
# glTF, Lottie, Unity, CSV) and over the PNG decoder and diff, with AddressSanitizer:
# `make fuzz SECONDS=600` shares the time between the targets; `make fuzz SECONDS=1800
# FUZZ_TARGETS=gltf` runs one. Findings land in .build/fuzz/findings/.
SECONDS ?= 60
FUZZ_TARGETS ?= decode png gltf lottie unity csv
fuzz: deps
	FUZZ_TARGETS="$(FUZZ_TARGETS)" Scripts/fuzz.sh $(SECONDS)

# The tests under AddressSanitizer, then ThreadSanitizer (the parallel check and rendering).
# ANIMPLOT_SANITIZER tells the tests that run the binary under `ulimit -v` to leave the limit
# out (the sanitizers' shadow memory needs terabytes of address space), saying so.
# Leak reports are off: the only leaks LeakSanitizer finds are process-lifetime allocations of
# Foundation, XCTest, ZIPFoundation and FreeType (none from Sources/), measured 2026-11-23.
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	ASAN_OPTIONS=detect_leaks=0 ANIMPLOT_SANITIZER=address ANIMPLOT_BINARY=$(CURDIR)/.build/asan/debug/animplot \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	ANIMPLOT_SANITIZER=thread ANIMPLOT_BINARY=$(CURDIR)/.build/tsan/debug/animplot \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan

# DocC documentation of the public modules, as static HTML in .build/docs/MODULE.
DOC_MODULES := AnimplotCore AnimplotEdit AnimplotIO AnimplotRender AnimplotPlots AnimplotCanvas AnimplotCairo AnimplotGolden AnimplotSnapshotTesting
docs: deps
	@mkdir -p .build/docs
	@for m in $(DOC_MODULES); do \
	  $(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target $$m \
	    --disable-indexing --transform-for-static-hosting --output-path .build/docs/$$m || exit 1; \
	done
	@echo "make docs: wrote .build/docs/<module>/ for $(DOC_MODULES)"

# The binary, its manual page (written from the argument parser by Scripts/manpage.py) and bash,
# zsh and fish completions (ArgumentParser's): `make install PREFIX=~/.local`, `make uninstall`.
# DESTDIR stages the files for a package.
PREFIX ?= /usr/local
INSTALLED := bin/animplot share/man/man1/animplot.1 share/bash-completion/completions/animplot \
  share/zsh/site-functions/_animplot share/fish/vendor_completions.d/animplot.fish
# Builds only when there is no release binary yet: `make build && sudo make install` keeps
# .build owned by you.
install:
	@[ -x .build/release/animplot ] || $(MAKE) build
	@mkdir -p $(BENCHDIR)/install
	python3 Scripts/manpage.py .build/release/animplot > $(BENCHDIR)/install/animplot.1
	.build/release/animplot --generate-completion-script bash > $(BENCHDIR)/install/animplot.bash
	.build/release/animplot --generate-completion-script zsh > $(BENCHDIR)/install/_animplot
	.build/release/animplot --generate-completion-script fish > $(BENCHDIR)/install/animplot.fish
	install -D -m 755 .build/release/animplot $(DESTDIR)$(PREFIX)/bin/animplot
	install -D -m 644 $(BENCHDIR)/install/animplot.1 $(DESTDIR)$(PREFIX)/share/man/man1/animplot.1
	install -D -m 644 $(BENCHDIR)/install/animplot.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/animplot
	install -D -m 644 $(BENCHDIR)/install/_animplot $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_animplot
	install -D -m 644 $(BENCHDIR)/install/animplot.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/animplot.fish
	@echo "make install: animplot, its manual page and completions in $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED))

clean:
	rm -rf .build Examples/Consumer/.build $(OUT)
