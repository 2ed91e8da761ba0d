#!/usr/bin/env bash
# The red-team suite (redteam/): an unprivileged user, envaudit-rt, with a
# home and passwordless sudo, as GitHub-hosted runners give their runner
# user; the npm project its attacks start from, installed by npm ci from its
# committed lockfile; the is-number tarball an attack unpacks outside the
# manifests; and an npm cache holding which 2.0.2 and isexe 2.0.0, from
# which TestAttackNpxFetched's `npx --yes which@2.0.2` installs offline.
# Idempotent: a second run changes nothing. Needs root or
# sudo for the user.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

as_root() {
	if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

user=envaudit-rt
if ! id "$user" >/dev/null 2>&1; then
	echo "setup: adding the red-team user $user"
	as_root useradd --create-home --shell /bin/bash --user-group "$user"
fi
sudoers=/etc/sudoers.d/$user
want="$user ALL=(ALL) NOPASSWD:ALL"
if [ "$(as_root cat "$sudoers" 2>/dev/null)" != "$want" ]; then
	echo "setup: passwordless sudo for $user"
	tmp=$(mktemp)
	echo "$want" >"$tmp"
	# visudo checks the new file alone, then the whole policy with it in
	# place; a broken policy is taken out again at once.
	as_root visudo -c -q -f "$tmp"
	as_root install -m 0440 -o root -g root "$tmp" "$sudoers"
	rm -f "$tmp"
	as_root visudo -c -q || { as_root rm -f "$sudoers"; exit 1; }
fi

fixture="$root/redteam/testdata"
npm_ci "$fixture/npm"
if [ ! -f "$fixture/cache/is-number-7.0.0.tgz" ]; then
	echo "setup: fetching is-number 7.0.0 for the red-team suite"
	mkdir -p "$fixture/cache"
	(cd "$fixture/cache" && npm pack is-number@7.0.0 --silent >/dev/null)
fi
npx_cache=$fixture/cache/npm
if [ ! -d "$npx_cache/_cacache/index-v5" ]; then
	echo "setup: npm cache for the red-team suite's npx attack"
	npm cache add which@2.0.2 isexe@2.0.0 --cache "$npx_cache" --loglevel=error
fi
