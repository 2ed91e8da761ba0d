#!/usr/bin/env bash
# Installs the npm real-install fixtures (ecosystems/npm/testdata/real/*, and the
# benchmark's ecosystems/npm/testdata/bench) with `npm ci` from their committed
# lockfiles, and those with a pnpm-lock.yaml or a yarn.lock instead with a
# pinned pnpm, Yarn 1, or Yarn 4 where a .yarnrc.yml asks for Plug'n'Play
# (npm_ci, pnpm_install, yarn1_install and yarn_berry_install in
# scripts/lib.sh: a fixture installed from the same manifests and lockfile
# is left alone). The tests check the same stamp and
# fail, naming `make setup`, when it is missing or stale.
#
# The npx fixture's test script runs `npx --yes which@2.0.2`: its test
# (TestRealNpx) runs npm offline from a copy of the npm cache filled here,
# in its node_modules/.npx-cache (recreated with the install).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

npm_ci "$root"/ecosystems/npm/testdata/real/*/ "$root"/ecosystems/npm/testdata/bench/
pnpm_install "$root"/ecosystems/npm/testdata/real/*/
yarn1_install "$root"/ecosystems/npm/testdata/real/*/
yarn_berry_install "$root"/ecosystems/npm/testdata/real/*/

npx_cache=$root/ecosystems/npm/testdata/real/npx/node_modules/.npx-cache
if [ ! -d "$npx_cache/_cacache/index-v5" ]; then
	echo "setup: npm cache for the npx fixture"
	npm cache add which@2.0.2 isexe@2.0.0 --cache "$npx_cache" --loglevel=error
fi
