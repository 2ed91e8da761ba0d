#!/usr/bin/env bash
# The end-to-end tier (e2e/): its jobs run offline, as on a runner whose
# caches were filled before. npm ci there installs from this npm cache,
# which every package-lock.json of e2e/testdata/npm and e2e/testdata/study
# (the study workflow's projects) fills (npm ci of each
# into a scratch directory; the cache's stamp is the SHA-256 of the
# lockfiles, so a current cache is left alone); go test finds the Go
# project's modules in the machine's module cache (go mod download of
# each go.mod under e2e/testdata/gomod). Python's packages are Debian's
# (scripts/setup.d/python.apt).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

fixtures="$root/e2e/testdata"
cache="$fixtures/.npm-cache"
want=$(cd "$fixtures" && find ./npm ./study -name package-lock.json | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1)
if [ "$(cat "$cache/.envaudit-stamp" 2>/dev/null)" != "$want" ]; then
	echo "setup: npm cache for the end-to-end tier"
	for lock in "$fixtures"/npm/*/package-lock.json "$fixtures"/study/*/package-lock.json; do
		scratch=$(mktemp -d)
		cp "$(dirname "$lock")/package.json" "$lock" "$scratch/"
		(cd "$scratch" && npm ci --cache "$cache" --ignore-scripts --no-audit --no-fund --loglevel=error)
		rm -rf "$scratch"
	done
	echo "$want" >"$cache/.envaudit-stamp"
fi
for mod in "$fixtures"/gomod/*/go.mod; do
	(cd "$(dirname "$mod")" && GOFLAGS=-mod=readonly GOTOOLCHAIN=local go mod download) ||
		{ echo "setup: go modules for ${mod#"$root"/} failed" >&2; exit 1; }
done
