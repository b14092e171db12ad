# vmrepl: `make run` and `make test` do all the set-up on a fresh machine.
SWIFT ?= swift
PREFIX ?= /usr/local
BUILD_FLAGS ?=
UNAME := $(shell uname -s)

.PHONY: run test setup release install clean

# Release builds link the Swift runtime statically: no toolchain needed where the binary runs, and a faster start.
RELEASE_FLAGS = -c release $(if $(filter Linux,$(UNAME)),--static-swift-stdlib)

## run: set up, build and start vmrepl on the example screens
run: setup
	$(SWIFT) build $(BUILD_FLAGS) --product vmrepl
	$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/vmrepl $(ARGS)

## test: set up, build once, run every test
test: setup
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build $(BUILD_FLAGS)
	python3 Examples/client/drive_vmrepl.py "$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/vmrepl"

## setup: install what the build and the tests need and is missing (libedit, python3, tmux, mandoc)
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
