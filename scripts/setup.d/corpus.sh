#!/usr/bin/env bash
# Installs the real-project corpus (corpus/<name>/src, see corpus/README.md)
# with each ecosystem's own tool: every project.json lists its install steps
# ("install", run in order in src/ with bash) and the files they depend on
# ("stamp"). A project is stamped in src/.envaudit-corpus-stamp with the
# SHA-256 of its project.json and those files; one whose stamp is current
# is left alone, so a second run is a fast no-op. corpus/corpus_test.go
# computes the same stamp and fails, naming `make setup`, when it is missing
# or stale. Each install's time is printed, for the corpus's measurements.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

for pj in "$root"/corpus/*/project.json; do
	[ -e "$pj" ] || continue
	dir=$(dirname "$pj")/src
	name=$(basename "$(dirname "$pj")")
	want=$(corpus_stamp "$pj")
	if [ "$(cat "$dir/.envaudit-corpus-stamp" 2>/dev/null)" = "$want" ]; then
		continue
	fi
	rm -f "$dir/.envaudit-corpus-stamp"
	start=$(date +%s%N)
	while IFS= read -r step; do
		(cd "$dir" && bash -euo pipefail -c "$step") || {
			echo "setup: corpus $name: install step failed: $step" >&2
			exit 1
		}
	done < <(jq -r '.install[]' "$pj")
	echo "$want" >"$dir/.envaudit-corpus-stamp"
	echo "setup: corpus $name installed in $(( ($(date +%s%N) - start) / 1000000 )) ms"
done
