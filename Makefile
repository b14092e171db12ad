# vmrepl: `make run` and `make test` do all the set-up on a fresh machine.
SWIFT ?= swift
PREFIX ?= /usr/local
BUILD_FLAGS ?=
UNAME := $(shell uname -s)

.PHONY: run test setup build release install clean

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

clean:
	rm -rf .build
