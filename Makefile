# envaudit: `make test` installs what the tests need and runs the whole suite;
# `make unit` runs the short tier, which needs no setup.
GO ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
# staticcheck at the version scripts/setup.d/staticcheck.sh installs.
STATICCHECK ?= bin/staticcheck

.PHONY: all build test unit hostile setup check bench clean corpus bpf

all: build

build:
	$(GO) build -ldflags "-X main.version=$(VERSION)" -o envaudit ./cmd/envaudit

setup:
	bash scripts/setup.sh

check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	@[ -x "$(STATICCHECK)" ] || { echo "$(STATICCHECK) not found: run \`make setup\` (scripts/setup.d/staticcheck.sh installs it)"; exit 1; }
	$(STATICCHECK) ./...
	$(GO) run ./scripts/workflowlint

# The short tier: every test that needs only a stock machine and a clean
# clone; real-install tests skip, naming `make setup`.
unit:
	$(GO) test -short ./...

# The short tier again on a deliberately crowded machine (scripts/hostile.sh:
# a git repository at the temporary root, TMPDIR on a tmpfs, an unusual
# HOME with hostile git, npm and pip configurations, an extra pytest
# plugin): the tests must pass unchanged.
hostile:
	GO=$(GO) bash scripts/hostile.sh

# The short tier runs under the race detector on the crowded machine of
# scripts/hostile.sh; then every tier (the real installs, the corpus, the
# red team, end to end) runs without it, each package with 45 minutes, as
# a loaded machine stretches the longest. The race detector makes the
# real-install audits four to ten times slower, and the concurrent code
# (the tracer's loops, the evidence channel, the engine's parallel reads,
# the Action's phases) is raced by the short tier's tests of it.
test: setup check
	GO=$(GO) bash scripts/hostile.sh -race ./...
	$(GO) test -timeout 45m ./...

# The real-project corpus (corpus/README.md): envaudit on each project's
# own test suite, judged against testdata/corpus/*/expected.json, with its tables,
# every project traced by both backends (make test runs the same check, with
# the backends compared on one project of each ecosystem).
corpus: setup
	ENVAUDIT_CORPUS_BACKEND=both $(GO) test ./corpus -run TestCorpus -v -count=1 -timeout 60m

# The eBPF tracer's objects (tracer/ebpf_bpf_x86_bpfel.{o,go}), rebuilt
# from tracer/bpf/trace.bpf.c by bpf2go with clang against a vmlinux.h that
# bpftool dumps from this kernel's BTF (scripts/setup.d/ebpf.apt installs
# the three). The objects are committed: building envaudit needs no clang.
bpf:
	bpftool btf dump file /sys/kernel/btf/vmlinux format c > tracer/bpf/vmlinux.h
	$(GO) generate -run bpf2go ./tracer

clean:
	rm -f envaudit
