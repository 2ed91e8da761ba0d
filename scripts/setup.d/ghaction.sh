#!/usr/bin/env bash
# Fixtures of the Action's end-to-end test (cmd/envaudit/action_test.go):
# the webapp project installed by npm ci from its committed lockfile
# (npm_ci in scripts/lib.sh), and the is-number tarball a test workflow
# step unpacks outside the manifests. Idempotent: does nothing when both
# are there and current.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
fixture="$root/cmd/envaudit/testdata/action"

npm_ci "$fixture/webapp"
if [ ! -f "$fixture/cache/is-number-7.0.0.tgz" ]; then
	echo "setup: fetching is-number 7.0.0 for the Action test"
	mkdir -p "$fixture/cache"
	(cd "$fixture/cache" && npm pack is-number@7.0.0 --silent >/dev/null)
fi
