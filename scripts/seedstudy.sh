#!/usr/bin/env bash
# Runs envaudit over the JavaScript projects of the seed study's public
# artifact (radiant-systems-lab/LLM-Code-Evaluation: 3 agents × 35 tasks,
# generated_code/AGENT/javascript/p_N) and prints `envaudit study`'s tables
# over them.
#
# Each project is copied out of the artifact, installed with `npm ci
# --ignore-scripts` (`npm install --ignore-scripts` where it has no
# lockfile, or npm ci refuses it), and its script (the file the study ran,
# as its data/raw_csvs record it) runs for a few seconds under `envaudit run`, as the
# study ran it: a server is stopped by the timeout, which still leaves what
# it loaded while starting. The reports go to OUT/reports/AGENT/p_N/1/report.json,
# the layout `envaudit study` reads by default; the tables to OUT/tables
# (CSV) and OUT/figures (SVG), and as Markdown to OUT/study.md.
#
# Usage: scripts/seedstudy.sh ARTIFACT OUT [SECONDS]
#   ARTIFACT  a checkout of the artifact (nothing in it is changed)
#   OUT       where the projects are installed and the reports written
#   SECONDS   how long each script runs (default 8)
# Needs: node and npm with access to the npm registry (or a filled cache),
# go, and Debian's /usr/bin/python3 (to read the artifact's CSV records).
# The projects' code runs on this machine: run it where that is safe.
set -euo pipefail

if [ $# -lt 2 ]; then
	sed -n '2,22p' "$0"
	exit 2
fi
artifact=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
seconds=${3:-8}
root=$(cd "$(dirname "$0")/.." && pwd)

# entry prints the script a project runs, relative to it: the study's own
# record of the file it ran (the script_file column of the artifact's
# data/raw_csvs/AGENT_javascript_reproducibility_analysis.csv), else
# p_N_script_AGENT.js, else package.json's main, else the file its start
# script runs with node, else index.js or server.js; nothing when there
# is none.
entry() {
	local agent=$1 task=$2 dir=$3
	/usr/bin/python3 - "$artifact/data/raw_csvs/${agent}_javascript_reproducibility_analysis.csv" "$task" "$dir" "$agent" <<'PY'
import csv, json, os, re, sys
table, task, d, agent = sys.argv[1:]
cands = []
try:
    with open(table, newline="") as f:
        for row in csv.DictReader(f):
            if row.get("prompt_id") == task and row.get("script_file") not in (None, "", "N/A"):
                cands.append(row["script_file"])
except OSError:
    pass
cands.append(f"{task}_script_{agent}.js")
try:
    pkg = json.load(open(os.path.join(d, "package.json")))
    if isinstance(pkg.get("main"), str):
        cands.append(pkg["main"])
    m = re.match(r"\s*node\s+(\S+)", str((pkg.get("scripts") or {}).get("start", "")))
    if m:
        cands.append(m.group(1))
except (OSError, ValueError, AttributeError):
    pass
cands += ["index.js", "server.js"]
for c in cands:
    p = os.path.normpath(os.path.join(d, c))
    if p.startswith(os.path.normpath(d) + os.sep) and os.path.isfile(p):
        print(os.path.relpath(p, d))
        break
PY
}

envaudit="$out/envaudit"
(cd "$root" && go build -o "$envaudit" ./cmd/envaudit)

for dir in "$artifact"/generated_code/*/javascript/p_*/; do
	dir=${dir%/}
	task=$(basename "$dir")
	agent=$(basename "$(dirname "$(dirname "$dir")")")
	script=$(entry "$agent" "$task" "$dir")
	if [ ! -f "$dir/package.json" ] || [ -z "$script" ]; then
		echo "$agent/$task: no package.json or no script to run: skipped" >&2
		continue
	fi
	work="$out/projects/$agent/$task"
	report="$out/reports/$agent/$task/1/report.json"
	if [ -f "$report" ]; then
		continue # done by an earlier run
	fi
	rm -rf "$work"
	mkdir -p "$work" "$(dirname "$report")"
	cp -R "$dir"/. "$work"/
	(
		cd "$work"
		if [ -f package-lock.json ] && npm ci --ignore-scripts --no-audit --no-fund >install.log 2>&1; then
			:
		elif npm install --ignore-scripts --no-audit --no-fund >install.log 2>&1; then
			:
		else
			echo "$agent/$task: install failed (install.log): audited as it is" >&2
		fi
		# The exit status is the script's (a server stopped by the
		# timeout, a crash): the report is written either way.
		"$envaudit" run --timeout "${seconds}s" --fail-on none --format json \
			--report "$report" --ecosystem npm -- node "$script" >/dev/null 2>run.log || true
	)
	if [ ! -f "$report" ]; then
		echo "$agent/$task: no report (run.log)" >&2
		rm -rf "$(dirname "$report")"
	fi
done

"$envaudit" study --format markdown --csv "$out/tables" --svg "$out/figures" "$out/reports" | tee "$out/study.md"
