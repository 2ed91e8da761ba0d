#!/usr/bin/env bash
# Installs everything envaudit's test suite needs, idempotently: a fresh
# machine runs it once; later runs are fast no-ops.
#
# Each concern lists the Debian packages it needs in scripts/setup.d/*.apt
# (one package a line, # comments allowed) and may add a script
# scripts/setup.d/*.sh for other steps (fixture installs). apt-get runs only
# when a listed package is missing, as root or through sudo.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)

as_root() {
	if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

mapfile -t wanted < <(cat "$here"/setup.d/*.apt 2>/dev/null | sed 's/#.*//' | tr -s ' \t' '\n' | sed '/^$/d' | sort -u)
missing=()
for p in "${wanted[@]}"; do
	status=$(dpkg-query -W -f '${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$status" = installed ] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	echo "setup: installing ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	as_root apt-get -o DPkg::Lock::Timeout=600 update -qq
	as_root apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

for s in "$here"/setup.d/*.sh; do
	[ -e "$s" ] || continue
	ENVAUDIT_ROOT="$root" bash "$s"
done
