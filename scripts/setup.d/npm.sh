#!/usr/bin/env bash
# Installs the npm real-install fixtures (ecosystems/npm/testdata/real/*, and the
# benchmark's ecosystems/npm/testdata/bench) with `npm ci` from their committed
# lockfiles, and those with a pnpm-lock.yaml or a yarn.lock instead with a
# pinned pnpm, Yarn 1, or Yarn 4 where a .yarnrc.yml asks for Plug'n'Play
# (npm_ci, pnpm_install, yarn1_install and yarn_berry_install in
# scripts/lib.sh: a fixture installed from the same manifests and lockfile
# is left alone). The tests check the same stamp and
# fail, naming `make setup`, when it is missing or stale.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

npm_ci "$root"/ecosystems/npm/testdata/real/*/ "$root"/ecosystems/npm/testdata/bench/
pnpm_install "$root"/ecosystems/npm/testdata/real/*/
yarn1_install "$root"/ecosystems/npm/testdata/real/*/
yarn_berry_install "$root"/ecosystems/npm/testdata/real/*/
