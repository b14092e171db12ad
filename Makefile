# vmrepl: `make run` and `make test` do all the set-up on a fresh machine.
SWIFT ?= swift
PREFIX ?= /usr/local
BUILD_FLAGS ?=
UNAME := $(shell uname -s)

.PHONY: run test setup release install clean fuzz fuzz-build sanitize tsan-test bench docs docs-preview format

# Test-only Python packages live in a virtual environment in the build folder, never in the system Python.
VENV = .build/venv

# Release builds link the Swift runtime statically: no toolchain needed where the binary runs, and a faster start.
# On Linux they are also linked as fixed-position executables: a position-independent one spends a
# third of its start-up applying 73,000 relocations to its 75 MB image (make bench shows the start-up).
# The price is that the executable's own code does not move between runs (no ASLR for it);
# RELEASE_PIE=yes keeps it position-independent.
RELEASE_PIE ?= no
RELEASE_FLAGS = -c release $(if $(filter Linux,$(UNAME)),--static-swift-stdlib $(if $(filter no,$(RELEASE_PIE)),-Xswiftc -Xclang-linker -Xswiftc -no-pie))

## run: set up, build and start vmrepl on the example screens
# exec: vmrepl takes the recipe's shell's place, so Ctrl-C (sent to the whole foreground group)
# reaches vmrepl, which cancels a load with it, and no shell in between dies of it; make waits
# for vmrepl to end rather than leave it reading the terminal behind the next prompt.
run: setup
	$(SWIFT) build $(BUILD_FLAGS) --product vmrepl
	exec "$(BIN)/vmrepl" $(ARGS)

BIN = $$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)

# What failing Swift tests attach (ScriptTest's and ScreenTest's trace pages); the browser check opens them.
ATTACHMENTS = .build/test-attachments

# The Swift the project formats with `swift format` (.swift-format); make test lints it, `make format` formats it.
FORMATTED = Sources Tests Examples TestApps Plugins Bench Fuzz Package.swift

## format: format the Swift sources as make test's lint expects
format:
	$(SWIFT) format format --in-place --recursive $(FORMATTED)

## test: set up, build once, run every test (and TestApps/TeamTests, a team's package on the public products) and the DocC reference (warnings as errors); then the hostile shapes' app under the address sanitizer, a brief fuzzing run and the thread sanitizer on the end-to-end tests
test: setup $(VENV)/installed
	$(SWIFT) format lint --strict --recursive $(FORMATTED)
	python3 Tests/python/check_layers.py Sources/ViewModelREPL
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	rm -rf $(ATTACHMENTS) && mkdir -p $(ATTACHMENTS)
	$(SWIFT) test --skip-build $(BUILD_FLAGS) --attachments-path $(ATTACHMENTS)
	./scripts/check-team-tests.sh "$(SWIFT)"
	./scripts/build-docs.sh "$(SWIFT)"
	./scripts/check-screens-plugin.sh "$(SWIFT)"
	$(VENV)/bin/check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml
	$(VENV)/bin/actionlint .github/workflows/*.yml
	python3 Tests/python/check_scheduling.py "$(BIN)/scheduling-repl" TestApps/SchedulingREPL/scripts
	python3 Tests/python/check_outputs.py "$(BIN)/outputs-repl" TestApps/OutputsREPL/scripts/outputs.vmrepl
	python3 Examples/client/drive_vmrepl.py "$(BIN)/vmrepl"
	$(VENV)/bin/python Tests/python/check_patches.py "$(BIN)/vmrepl"
	$(VENV)/bin/python Tests/python/check_state_schema.py "$(BIN)"
	$(VENV)/bin/python Tests/python/check_mcp.py "$(BIN)/vmrepl"
	$(VENV)/bin/python Tests/python/check_trace_page.py "$(BIN)/vmrepl" .build $(ATTACHMENTS)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e clients/python
	VMREPL_BIN="$(BIN)/vmrepl" $(VENV)/bin/python -m pytest clients/python/tests -q
	$(VENV)/bin/mypy --strict --cache-dir .build/mypy-cache clients/python/src
	$(SWIFT) build $(ASAN_FLAGS) --product shapes-repl
	python3 Tests/python/check_shapes.py "$$($(SWIFT) build $(ASAN_FLAGS) --show-bin-path)/shapes-repl"
	"$(BIN)/vmrepl-fuzz" Fuzz/corpus Fuzz/crashes
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=20
	$(MAKE) --no-print-directory tsan-test

## docs: build, then the DocC reference of ViewModelKit, ViewModelREPL and ViewModelREPLTesting as a static site (.build/docs/vmrepl.doccarchive)
docs: setup
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	./scripts/build-docs.sh "$(SWIFT)"

## docs-preview: make docs, then serve the site on 127.0.0.1 (DocC's pages load their data by URL, so a file opened from disk stays blank); Ctrl-C stops it
DOCS_PORT ?= 8000
docs-preview: docs
	@echo "docs: open http://127.0.0.1:$(DOCS_PORT)/documentation/ (Ctrl-C stops the server)"
	exec python3 -m http.server $(DOCS_PORT) --bind 127.0.0.1 --directory .build/docs/vmrepl.doccarchive

# The fuzzer, the address sanitizer and the thread sanitizer each build in a folder of their own,
# so no configuration rebuilds another's.
FUZZ_SECONDS ?= 300
FUZZ_FLAGS = --scratch-path .build/fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
	-Xswiftc -parse-as-library -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld

fuzz-build: setup
	$(SWIFT) build $(FUZZ_FLAGS) --product vmrepl-fuzz

## fuzz: run libFuzzer over the parser and the interpreter for FUZZ_SECONDS; a crash is saved in Fuzz/crashes
fuzz: fuzz-build
	mkdir -p .build/fuzz-corpus
	"$$($(SWIFT) build $(FUZZ_FLAGS) --show-bin-path)/vmrepl-fuzz" -max_total_time=$(FUZZ_SECONDS) -max_len=512 \
		-artifact_prefix=Fuzz/crashes/ -print_final_stats=1 .build/fuzz-corpus Fuzz/corpus

# The hostile shapes' app (every screen opened, printed, mocked, diffed) runs under the address sanitizer in make test.
ASAN_FLAGS = --scratch-path .build/asan --sanitize=address
TSAN_FLAGS = --scratch-path .build/tsan --sanitize=thread
# The Swift runtime's backtracer is off under the thread sanitizer: the two together fail checks in
# a crashing child (a test's deliberate crash), and the backtracer left behind can hold that
# child's output pipe open for ever, so the test reading it never sees its end.
TSAN_ENV = TSAN_OPTIONS=halt_on_error=1 SWIFT_BACKTRACE=enable=no

# What runs under the thread sanitizer in make test: the end-to-end tests, and the in-process
# sessions (loads, pushes, scripts) except the 100,000-command random session, which the debug run covers.
TSAN_FILTER = 'EndToEndTests|\.SessionTests|RequestReplyTests|ScriptRunTests|ReplyValueTests'

## tsan-test: the end-to-end tests and the in-process sessions under the thread sanitizer
tsan-test: setup
	$(SWIFT) build --build-tests $(TSAN_FLAGS)
	$(TSAN_ENV) $(SWIFT) test --skip-build $(TSAN_FLAGS) --filter $(TSAN_FILTER)

## sanitize: every test under the address sanitizer, then under the thread sanitizer
sanitize: setup
	$(SWIFT) build --build-tests $(ASAN_FLAGS)
	# Leaks are checked where they can be told apart from the test runner's own: by the fuzzer's LeakSanitizer.
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build $(ASAN_FLAGS)
	$(SWIFT) build --build-tests $(TSAN_FLAGS)
	$(TSAN_ENV) $(SWIFT) test --skip-build $(TSAN_FLAGS)

$(VENV)/installed: scripts/test-requirements.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r scripts/test-requirements.txt
	touch $@

## setup: install what the build and the tests need and is missing (libedit, python3, tmux, mandoc, chromium)
setup:
	@./scripts/setup.sh

## release: an optimised vmrepl
release: setup
	$(SWIFT) build $(RELEASE_FLAGS) --product vmrepl

## install: the release binary, the manual page and the example posts under $(DESTDIR)$(PREFIX)
install: release
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" "$(DESTDIR)$(PREFIX)/share/vmrepl"
	install -m 755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/vmrepl" "$(DESTDIR)$(PREFIX)/bin/vmrepl"
	install -m 644 man/vmrepl.1 "$(DESTDIR)$(PREFIX)/share/man/man1/vmrepl.1"
	install -m 644 Examples/ExampleScreens/Posts/posts.json "$(DESTDIR)$(PREFIX)/share/vmrepl/posts.json"

clean:
	rm -rf .build

## bench: the benchmark table (a release build; BENCH_ARGS=--quick for a short run)
bench: setup $(VENV)/installed
	$(SWIFT) build $(RELEASE_FLAGS) --product vmrepl
	$(SWIFT) build $(RELEASE_FLAGS) --product vmrepl-bench
	$(SWIFT) build $(RELEASE_FLAGS) --product counter-repl
	$(SWIFT) build $(RELEASE_FLAGS) --product search-repl
	$(SWIFT) build $(RELEASE_FLAGS) --product shapes-repl
	$(VENV)/bin/python Bench/bench.py "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)" $(BENCH_ARGS)
