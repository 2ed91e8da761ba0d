#!/usr/bin/env bash
# Installs staticcheck, which `make check` runs, into bin/ of this checkout
# (ignored by git) at the version below, with `go install` from the Go
# module proxy: a pinned version gives every machine the same findings, and
# a checkout's own bin/ leaves any staticcheck of the machine's alone.
# Idempotent: does nothing when bin/staticcheck is already that version.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
version=0.8.2 # honnef.co/go/tools v0.8.2 (staticcheck 2026.2.2), built with this Go
bin="$root/bin"
if "$bin/staticcheck" -version 2>/dev/null | grep -qF "($version)"; then
	exit 0
fi
echo "setup: installing staticcheck v$version into bin/"
GOBIN="$bin" GOFLAGS= GOTOOLCHAIN=local go install "honnef.co/go/tools/cmd/staticcheck@v$version"
