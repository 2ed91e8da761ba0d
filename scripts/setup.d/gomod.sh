#!/usr/bin/env bash
# Fills the Go module cache with the modules the Go ecosystem's real-install
# fixtures need (ecosystems/gomod/testdata/<case> with expected/traced.cmd), so their
# tests run offline (GOPROXY=off). Exact versions come from the committed
# go.mod/go.sum files; a warm cache makes this a fast no-op.
set -euo pipefail
root=${ENVAUDIT_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
export GOFLAGS=-mod=readonly GOTOOLCHAIN=local
for cmd in "$root"/ecosystems/gomod/testdata/*/expected/traced.cmd; do
	[ -e "$cmd" ] || continue
	dir=$(dirname "$(dirname "$cmd")")
	(
		cd "$dir"
		go list -m all >/dev/null
		if [ -f go.work ]; then
			for m in $(go list -m -f '{{if .Main}}{{.Dir}}{{end}}' all); do
				(cd "$m" && go list -deps -test ./... >/dev/null)
			done
		else
			go list -deps -test ./... >/dev/null
		fi
	) || { echo "setup: go modules for $dir failed" >&2; exit 1; }
done
