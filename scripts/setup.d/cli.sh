#!/usr/bin/env bash
# Installs the end-to-end CLI fixtures (cmd/envaudit/testdata/projects/*)
# that carry a package-lock.json, with `npm ci` from the committed lockfile
# (npm_ci in scripts/lib.sh: a fixture installed from the same manifests
# and lockfile is left alone). The scripts' `project` command fails, naming
# `make setup`, when node_modules is missing.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

npm_ci "$root"/cmd/envaudit/testdata/projects/*/
