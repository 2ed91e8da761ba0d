#!/usr/bin/env bash
# Installs the npm real-install fixtures (testdata/npm/real/*, and the
# benchmark's testdata/npm/bench) with `npm ci` from their committed
# lockfiles. Idempotent: a fixture whose node_modules was installed from the
# same package.json and lockfile (recorded in node_modules/.envaudit-stamp)
# is left alone. The tests check the same stamp and fail, naming
# `make setup`, when it is missing or stale.
set -euo pipefail
root=${ENVAUDIT_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}

stamp_of() {
	# package.json files (the root's and the workspaces') and the lockfile.
	(cd "$1" && find . -name node_modules -prune -o -name package.json -print -o -name package-lock.json -print | LC_ALL=C sort | xargs sha256sum) | sha256sum | cut -d' ' -f1
}

for dir in "$root"/testdata/npm/real/*/ "$root"/testdata/npm/bench/; do
	dir=${dir%/}
	[ -f "$dir/package-lock.json" ] || continue
	want=$(stamp_of "$dir")
	if [ "$(cat "$dir/node_modules/.envaudit-stamp" 2>/dev/null)" = "$want" ]; then
		continue
	fi
	echo "setup: npm ci in ${dir#"$root"/}"
	(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
	echo "$want" >"$dir/node_modules/.envaudit-stamp"
done
