#!/usr/bin/env bash
# Fixtures of the Action's end-to-end test (cmd/envaudit/action_test.go):
# the webapp project installed by npm ci from its committed lockfile, and
# the is-number tarball a test workflow step unpacks outside the manifests.
# Idempotent: does nothing when both are there.
set -euo pipefail
root=${ENVAUDIT_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
fixture="$root/cmd/envaudit/testdata/action"

if [ ! -f "$fixture/webapp/node_modules/.package-lock.json" ]; then
	echo "setup: npm ci in cmd/envaudit/testdata/action/webapp"
	(cd "$fixture/webapp" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi
if [ ! -f "$fixture/cache/is-number-7.0.0.tgz" ]; then
	echo "setup: fetching is-number 7.0.0 for the Action test"
	mkdir -p "$fixture/cache"
	(cd "$fixture/cache" && npm pack is-number@7.0.0 --silent >/dev/null)
fi
