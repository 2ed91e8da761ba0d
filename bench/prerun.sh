#!/usr/bin/env bash
# What `envaudit trace` costs before the command starts: two builds of
# envaudit, one of a base revision and one of the work tree, each run as
# `envaudit trace --backend ptrace -- true` in a few kinds of project,
# interleaved (every repetition runs both builds on every project, in
# alternating order), so machine noise spreads over both. With `true` as
# the command, the run's time is start-up, the reads before the run
# (sources' imports, the installation, what the trace may skip), the
# trace itself and the teardown; an empty directory has no pre-run reads,
# so the difference to it is what the project's reads cost.
#
# Prints, per project, the median wall time of each build and the median
# of the per-repetition ratios (work tree / base), as a Markdown table.
#
# Usage: bench/prerun.sh [-n REPS] [-o RESULTS.csv] BASE-REVISION
#   -n REPS   repetitions (default 11)
#   -o FILE   also write every measurement as CSV
# Needs: go, git, Debian's /usr/bin/python3 (venv), node and npm; the npm
# project is ecosystems/npm/testdata/bench as `make setup` installs it.
set -euo pipefail

reps=11
csv=
while getopts n:o: opt; do
	case $opt in
	n) reps=$OPTARG ;;
	o) csv=$OPTARG ;;
	*) sed -n '2,19p' "$0"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { sed -n '2,19p' "$0" >&2; exit 2; }
base=$1

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
[ -d "$root/ecosystems/npm/testdata/bench/node_modules" ] || { echo "prerun: run \`make setup\` first (the npm project)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/envaudit-prerun.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The builds and the projects' set-up are not measured.
mkdir "$work/base-src"
git -C "$root" archive "$base" | tar -x -C "$work/base-src"
(cd "$work/base-src" && go build -o "$work/base" ./cmd/envaudit)
(cd "$root" && go build -o "$work/new" ./cmd/envaudit)

mkdir "$work/empty"
cp -r "$here/testdata/gomod" "$work/gomod"
(cd "$work/gomod" && go list -deps -test ./... >/dev/null) # warm the caches
mkdir "$work/python"
printf 'six\n' >"$work/python/requirements.txt"
/usr/bin/python3 -m venv --without-pip "$work/python/.venv"
cp -r "$root/ecosystems/npm/testdata/bench" "$work/npm"
projects=(empty gomod python npm)
builds=(base new)

results=$work/results.csv
echo "project,build,rep,seconds" >"$results"
echo "prerun: $reps repetitions; load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for ((r = 1; r <= reps; r++)); do
	for p in "${projects[@]}"; do
		for ((k = 0; k < ${#builds[@]}; k++)); do
			b=${builds[$(((k + r) % ${#builds[@]}))]}
			start=$EPOCHREALTIME
			if ! (cd "$work/$p" && "$work/$b" trace --backend ptrace -o "$work/trace.jsonl" -- true) >/dev/null 2>"$work/err"; then
				echo "prerun: $p under the $b build failed:" >&2
				cat "$work/err" >&2
				exit 1
			fi
			end=$EPOCHREALTIME
			echo "$p,$b,$r,$(awk -v a="$start" -v b="$end" 'BEGIN{printf "%.4f", b-a}')" >>"$results"
		done
	done
done
[ -z "$csv" ] || cp "$results" "$csv"

awk -F, -v order="${projects[*]}" -v reps="$reps" -v base="$base" '
function median(arr, n,   i, j, t) {
	for (i = 2; i <= n; i++) { t = arr[i]; for (j = i - 1; j >= 1 && arr[j] > t; j--) arr[j+1] = arr[j]; arr[j+1] = t }
	return n % 2 ? arr[(n+1)/2] : (arr[n/2] + arr[n/2+1]) / 2
}
NR > 1 { t[$1, $2, $3] = $4 }
END {
	printf "| project | %s | work tree | ratio |\n|---|---|---|---|\n", base
	n = split(order, ps, " ")
	for (i = 1; i <= n; i++) {
		p = ps[i]
		for (r = 1; r <= reps; r++) { a[r] = t[p, "base", r]; b[r] = t[p, "new", r]; q[r] = b[r] / a[r] }
		printf "| %s | %.1f ms | %.1f ms | %.2f× |\n", p, median(a, reps) * 1000, median(b, reps) * 1000, median(q, reps)
	}
}' "$results"
