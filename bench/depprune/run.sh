#!/usr/bin/env bash
# envaudit's npm bloat against DepPrune's removal-confirmed bloat.
#
# DepPrune (ASSERT-KTH/DepPrune) traced each benchmark project's tests
# (strace, files opened under the project), took every runtime copy in
# node_modules (a non-dev key of package-lock.json) that no opened file
# lay in as bloat, removed those copies and ran the tests again: what it
# could remove with the tests still passing is in DebloatedLocks/, the
# lockfile it started from in LockFiles/. Removal-confirmed bloat is the
# runtime keys of the second that the first no longer has — per installed
# copy, so a nested copy at another version that nothing loads counts
# while another copy of its name loads.
#
# For each project this script extracts the project at DepPrune's commit,
# puts DepPrune's lockfile beside it, installs it with `npm ci` in a
# temporary directory (never in this repository), runs its test script
# under `envaudit run`, and compares envaudit's bloat findings, copy by
# copy, with the removal-confirmed set (compare.py): recall, precision,
# and the copies each side missed. It also scores envaudit's bloat by
# name alone (the findings of idle copies of loaded names left out), as
# envaudit reported it before issue 19. DepPrune's set is a lower bound —
# it tried removing only what its own detector flagged — so where the
# tests passed, every copy envaudit calls bloat is then removed and the
# tests run again, DepPrune's confirmation applied to envaudit's answer.
#
# Usage: bench/depprune/run.sh [-d DEPPRUNE] [-m MIRRORS] [-o RESULTS.md] [-k] PROJECT...
#   -d DIR   a clone of ASSERT-KTH/DepPrune (a work tree or a git directory);
#            default: cloned from GitHub into the temporary directory
#   -m DIR   a directory of git mirrors named <owner>+<name>/repo (or
#            <owner>+<name>/repo/.git); default: each project is cloned from
#            GitHub
#   -o FILE  also write the results table as Markdown
#   -k       keep the temporary directory (installs, reports) and print it
#   PROJECT  DepPrune's folder names (repo.json at the commit below); default:
#            the projects measured in docs/depprune.md
# Needs: go, git, node, npm, python3, network access to the npm registry
# (and to GitHub without -d and -m). The projects' own install scripts and
# tests run: run it on a machine where that is acceptable.
set -euo pipefail

# depprune_commit is DepPrune's commit whose repo.json, LockFiles and
# DebloatedLocks belong together (the OS-level detection, 2024-02-14).
depprune_commit=f4ecbee7dc73bd9357abf62dbb4189bbd0a18183
default_projects="eslint-plugin-ocd connect-phonegap gemini-optipng generator-tman elephas gulp-watchify-browserify fastify-axios brisky happner-tests david airtap aliv images-to-variables bot-magic"

depprune='' mirrors='' out='' keep=''
while getopts d:m:o:k opt; do
	case $opt in
	d) depprune=$OPTARG ;;
	m) mirrors=$OPTARG ;;
	o) out=$OPTARG ;;
	k) keep=1 ;;
	*) sed -n '2,37p' "$0"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
projects=${*:-$default_projects}

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
for tool in go git node npm python3; do
	command -v "$tool" >/dev/null || { echo "depprune: $tool is missing" >&2; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/envaudit-depprune.XXXXXX")
if [ -n "$keep" ]; then
	echo "depprune: keeping $work" >&2
else
	trap 'rm -rf "$work"' EXIT
fi

(cd "$root" && go build -o "$work/envaudit" ./cmd/envaudit)

if [ -z "$depprune" ]; then
	git clone -q https://github.com/ASSERT-KTH/DepPrune "$work/DepPrune"
	depprune=$work/DepPrune
fi
dp() { git -C "$depprune" "$@"; }
dp cat-file -e "$depprune_commit^{commit}" || { echo "depprune: $depprune lacks commit $depprune_commit" >&2; exit 2; }
dp show "$depprune_commit:repo.json" >"$work/repo.json"

rows=$work/rows.tsv
: >"$rows"
for p in $projects; do
	read -r repo commit script < <(python3 - "$work/repo.json" "$p" <<'EOF'
import json, sys
for e in json.load(open(sys.argv[1]))["projects"]:
    if e["folder"] == sys.argv[2]:
        print(e["repo"], e["commit"], e.get("unitTest") or "test")
        break
else:
    sys.exit("depprune: no project %r in repo.json" % sys.argv[2])
EOF
)
	echo "depprune: $p ($repo @ ${commit:0:12}, npm run $script)" >&2
	src=
	if [ -n "$mirrors" ]; then
		for g in "$mirrors/${repo/\//+}/repo/.git" "$mirrors/${repo/\//+}/repo"; do
			if git --git-dir="$g" cat-file -e "$commit^{commit}" 2>/dev/null; then
				src=$g
				break
			fi
		done
	fi
	if [ -z "$src" ]; then
		git clone -q --bare "https://github.com/$repo" "$work/git/$p"
		src=$work/git/$p
	fi
	dir=$work/projects/$p
	mkdir -p "$dir"
	git --git-dir="$src" archive "$commit" | tar -x -C "$dir"
	dp show "$depprune_commit:LockFiles/$p/package-lock.json" >"$dir/package-lock.json"
	dp show "$depprune_commit:DebloatedLocks/$p/package-lock.json" >"$work/projects/$p.debloated.json"
	cp "$dir/package-lock.json" "$work/projects/$p.lock.json"
	install=ci
	if ! (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >"$work/projects/$p.install.log" 2>&1); then
		# A lockfile out of step with package.json: npm install keeps what
		# it can of it.
		install=install
		(cd "$dir" && npm install --no-audit --no-fund --loglevel=error >>"$work/projects/$p.install.log" 2>&1) || install=failed
	fi
	status=0
	(cd "$dir" && "$work/envaudit" run --report "$work/projects/$p.report.json" --fail-on none --format text \
		-- npm run "$script" >"$work/projects/$p.test.log" 2>&1) || status=$?
	row=$(python3 "$here/compare.py" --project "$p" --install "$install" --status "$status" \
		--lock "$work/projects/$p.lock.json" --debloated "$work/projects/$p.debloated.json" \
		--report "$work/projects/$p.report.json" --root "$dir" --details "$work/projects/$p.details.txt" \
		--pred-out "$work/projects/$p.bloat.txt")
	# DepPrune's confirmation, applied to envaudit's bloat: remove every
	# copy envaudit calls bloat and run the tests again (only where they
	# passed; the removal is confirmed when they still do).
	after=
	if [ "$status" = 0 ]; then
		(cd "$dir" && while IFS= read -r copy; do rm -rf -- "./$copy"; done <"$work/projects/$p.bloat.txt")
		after=0
		(cd "$dir" && npm run "$script" >"$work/projects/$p.after.log" 2>&1) || after=$?
	fi
	printf '%s\t%s\n' "$row" "$after" >>"$rows"
done
python3 "$here/compare.py" --table "$rows" | tee ${out:+"$out"}
