#!/usr/bin/env bash
# Installs the end-to-end CLI fixtures (cmd/envaudit/testdata/projects/*)
# that carry a package-lock.json, with `npm ci` from the committed lockfile.
# Idempotent: a fixture whose node_modules was installed from the same
# package.json and lockfile (recorded in node_modules/.envaudit-stamp) is
# left alone. The scripts' `project` command fails, naming `make setup`, when
# node_modules is missing.
set -euo pipefail
root=${ENVAUDIT_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}

stamp_of() {
	(cd "$1" && sha256sum package.json package-lock.json) | sha256sum | cut -d' ' -f1
}

for dir in "$root"/cmd/envaudit/testdata/projects/*/; do
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
