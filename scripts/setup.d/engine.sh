#!/usr/bin/env bash
# The engine's real-install fixture (engine/testdata/tamper): lodash 4.17.4
# and debug 2 installed by npm ci from the committed lockfile, for the
# tests of a run that rewrites the installation or its own sources
# (engine/before_test.go). Idempotent, as npm_ci in scripts/lib.sh is.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

npm_ci "$root/engine/testdata/tamper"
