# envaudit: `make test` installs what the tests need and runs the whole suite.
GO ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)

.PHONY: all build test setup check bench clean

all: build

build:
	$(GO) build -ldflags "-X main.version=$(VERSION)" -o envaudit ./cmd/envaudit

setup:
	bash scripts/setup.sh

check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

test: setup check
	$(GO) test -race -timeout 30m ./...

clean:
	rm -f envaudit
