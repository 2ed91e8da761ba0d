#!/usr/bin/env bash
# hostile.sh runs the short tier (`go test -short ./...`) on a deliberately
# crowded machine, the way users' machines and fresh CI runners differ from
# the one the tests were written on. The tests must pass unchanged:
#
#   - TMPDIR on another file system than the checkout (a tmpfs), so no
#     test may assume a rename or a hard link across the two works;
#   - a git repository at the root of that temporary directory, with a
#     commit, so every workspace a test makes there sits inside someone
#     else's repository unless the test is hermetic
#     (GIT_CEILING_DIRECTORIES, internal/testenv.Hermetic);
#   - an unusual HOME (a space in its name) whose git, npm and pip
#     configurations would break any test that reads them: a default
#     branch other than main, signed commits required, a hooks path that
#     fails, a registry and an index that refuse connections;
#   - an extra pytest plugin in that HOME's Python user site, which every
#     pytest a test runs loads unless the test keeps it out.
#
# The module and build caches stay where they are (GOCACHE, GOMODCACHE,
# GOPATH from `go env`), so the run costs no download.
#
# usage: scripts/hostile.sh [go test flags and packages]  (default ./...)
set -euo pipefail
cd "$(dirname "$0")/.."

go=${GO:-go}
# The caches, fixed before HOME moves.
export GOCACHE="$($go env GOCACHE)" GOMODCACHE="$($go env GOMODCACHE)" GOPATH="$($go env GOPATH)"

# Another file system for TMPDIR: a tmpfs mounted for the run (as root),
# world-writable and sticky like /tmp, since some tests run programs as
# another user. (Not /dev/shm: the tracer never resolves paths under /dev.)
tmp=$(mktemp -d /tmp/envaudit-hostile.XXXXXX)
mounted=
cleanup() {
	if [ -n "$mounted" ]; then umount "$tmp" || true; fi
	rm -rf "$tmp"
}
trap cleanup EXIT
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o mode=1777,size=8g tmpfs "$tmp" 2>/dev/null; then
	mounted=1
else
	echo "hostile: cannot mount a tmpfs (needs root): TMPDIR stays on the checkout's file system" >&2
fi
chmod 1777 "$tmp"

# A git repository at the temporary root, with a commit.
git -c init.defaultBranch=trunk init -q "$tmp"
echo "not yours" >"$tmp/README"
git -C "$tmp" add README
git -C "$tmp" -c user.name=stray -c user.email=stray@example.invalid commit -q -m "a stray repository above every test workspace"

# An unusual HOME and the configurations it carries.
home="$tmp/home dir"
mkdir -p "$home/hooks" "$home/.config/pip"
printf '#!/bin/sh\necho "hostile hook refuses" >&2\nexit 1\n' >"$home/hooks/pre-commit"
cp "$home/hooks/pre-commit" "$home/hooks/commit-msg"
chmod +x "$home/hooks/"*
cat >"$home/.gitconfig" <<EOF
[init]
	defaultBranch = trunk
[commit]
	gpgsign = true
[core]
	hooksPath = $home/hooks
[user]
	name = hostile
	email = hostile@example.invalid
EOF
printf 'registry=http://127.0.0.1:9/\noffline=false\nfund=true\naudit=true\n' >"$home/.npmrc"
printf '[global]\nindex-url = http://127.0.0.1:9/simple\nno-input = false\n' >"$home/.config/pip/pip.conf"

# An extra pytest plugin in the Python user site of that HOME.
if command -v python3 >/dev/null; then
	site=$(HOME="$home" python3 -c 'import site; print(site.getusersitepackages())')
	mkdir -p "$site/pytest_hostile-1.0.dist-info"
	cat >"$site/pytest_hostile.py" <<'EOF'
"""A pytest plugin nobody declared, installed in the user site."""


def pytest_configure(config):
    config.addinivalue_line("markers", "hostile: a marker from an undeclared plugin")
EOF
	printf 'Metadata-Version: 2.1\nName: pytest-hostile\nVersion: 1.0\n' >"$site/pytest_hostile-1.0.dist-info/METADATA"
	printf '[pytest11]\nhostile = pytest_hostile\n' >"$site/pytest_hostile-1.0.dist-info/entry_points.txt"
	printf 'pytest_hostile.py,,\npytest_hostile-1.0.dist-info/METADATA,,\npytest_hostile-1.0.dist-info/entry_points.txt,,\npytest_hostile-1.0.dist-info/RECORD,,\n' >"$site/pytest_hostile-1.0.dist-info/RECORD"
fi

if [ $# -eq 0 ]; then
	set -- ./...
fi
echo "hostile: TMPDIR=$tmp ($(stat -f -c %T "$tmp")), HOME=$home, a git repository at $tmp, pytest-hostile in the user site" >&2
HOME="$home" TMPDIR="$tmp" $go test -short -count=1 "$@"
