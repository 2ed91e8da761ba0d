# Shared by the setup steps in scripts/setup.d, which source this file, so
# that each works alone (bash scripts/setup.d/npm.sh) as well as from
# scripts/setup.sh. Not executable on its own.

# root is the repository's top directory.
root=${ENVAUDIT_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}

# npm_stamp DIR prints what an install of the npm project in DIR is stamped
# with: the SHA-256 of the sha256sum listing of its package.json files (the
# root's and its workspaces', outside node_modules) and its lockfile
# (package-lock.json, pnpm-lock.yaml or yarn.lock), sorted by path. ecosystems/npm/real_test.go computes the same value to
# tell a stale install from a current one.
npm_stamp() {
	(cd "$1" && find . -name node_modules -prune -o -name package.json -print -o -name package-lock.json -print -o -name pnpm-lock.yaml -print -o -name yarn.lock -print | LC_ALL=C sort | xargs sha256sum) | sha256sum | cut -d' ' -f1
}

# npm_ci DIR... installs each npm project DIR that has a package-lock.json
# with `npm ci` from that committed lockfile, and records npm_stamp in its
# node_modules/.envaudit-stamp. A project whose stamp is current is left
# alone, so a second run is a fast no-op; a DIR without a lockfile (or an
# unmatched glob) is passed over.
npm_ci() {
	local dir want
	for dir in "$@"; do
		dir=${dir%/}
		[ -f "$dir/package-lock.json" ] || continue
		want=$(npm_stamp "$dir")
		if [ "$(cat "$dir/node_modules/.envaudit-stamp" 2>/dev/null)" = "$want" ]; then
			continue
		fi
		echo "setup: npm ci in ${dir#"$root"/}"
		(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
		echo "$want" >"$dir/node_modules/.envaudit-stamp"
	done
}

# pnpm_version is the pnpm that installs the pnpm fixtures, run through
# npx from the npm registry (pinned: the layout of node_modules/.pnpm and
# the lockfile format are pnpm's own and change between majors).
pnpm_version=9.15.9

# pnpm_install DIR... installs each project DIR that has a pnpm-lock.yaml
# with `pnpm install --frozen-lockfile` from that committed lockfile, and
# stamps it as npm_ci does.
pnpm_install() {
	local dir want
	for dir in "$@"; do
		dir=${dir%/}
		[ -f "$dir/pnpm-lock.yaml" ] || continue
		want=$(npm_stamp "$dir")
		if [ "$(cat "$dir/node_modules/.envaudit-stamp" 2>/dev/null)" = "$want" ]; then
			continue
		fi
		echo "setup: pnpm install in ${dir#"$root"/}"
		(cd "$dir" && npx --yes "pnpm@$pnpm_version" install --frozen-lockfile --reporter=silent)
		echo "$want" >"$dir/node_modules/.envaudit-stamp"
	done
}

# yarn1_version is the Yarn 1 that installs the yarn.lock fixtures, run
# through npx from the npm registry.
yarn1_version=1.22.22

# yarn1_install DIR... installs each project DIR that has a yarn.lock (and
# no .yarnrc.yml, which only Yarn 2 and later read) with
# `yarn install --frozen-lockfile` from that committed lockfile, and stamps
# it as npm_ci does.
yarn1_install() {
	local dir want
	for dir in "$@"; do
		dir=${dir%/}
		[ -f "$dir/yarn.lock" ] && [ ! -f "$dir/.yarnrc.yml" ] || continue
		want=$(npm_stamp "$dir")
		if [ "$(cat "$dir/node_modules/.envaudit-stamp" 2>/dev/null)" = "$want" ]; then
			continue
		fi
		echo "setup: yarn install in ${dir#"$root"/}"
		(cd "$dir" && npx --yes "yarn@$yarn1_version" install --frozen-lockfile --silent --no-progress)
		echo "$want" >"$dir/node_modules/.envaudit-stamp"
	done
}

# yarn_berry_version is the Yarn 4 that installs the fixtures with a
# .yarnrc.yml (Plug'n'Play), run through npx from the npm registry (its
# bundled command-line package).
yarn_berry_version=4.5.3

# yarn_berry_install DIR... installs each project DIR that has a
# .yarnrc.yml and a yarn.lock with `yarn install --immutable`, and stamps
# it as npm_ci does, in .yarn/.envaudit-stamp: a Plug'n'Play install has no
# node_modules.
yarn_berry_install() {
	local dir want
	for dir in "$@"; do
		dir=${dir%/}
		[ -f "$dir/yarn.lock" ] && [ -f "$dir/.yarnrc.yml" ] || continue
		want=$(npm_stamp "$dir")
		if [ "$(cat "$dir/.yarn/.envaudit-stamp" 2>/dev/null)" = "$want" ]; then
			continue
		fi
		echo "setup: yarn install (Yarn $yarn_berry_version) in ${dir#"$root"/}"
		(cd "$dir" && npx --yes "@yarnpkg/cli-dist@$yarn_berry_version" install --immutable >/dev/null)
		echo "$want" >"$dir/.yarn/.envaudit-stamp"
	done
}
