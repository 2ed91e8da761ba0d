#!/usr/bin/env bash
# Installs the real-project corpus (testdata/corpus/<name>/src, see corpus/README.md)
# with each ecosystem's own tool: every project.json lists its install steps
# ("install", run in order in src/ with bash) and the files they depend on
# ("stamp"). A project is stamped in src/.envaudit-corpus-stamp (corpus_stamp
# below); one whose stamp is current is left alone, so a second run is a
# fast no-op. corpus/corpus_test.go computes the same stamp and fails,
# naming `make setup`, when it is missing or stale. Each install's time is
# printed, for the corpus's measurements. Sourced rather than run, it only
# defines corpus_stamp (corpus/compare_test.go checks it against the Go
# code).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

# corpus_stamp PROJECT_JSON prints what an install of a corpus project is
# stamped with: the SHA-256 of the sha256sum listing of its project.json
# and of the files its "stamp" list names (relative to its src/), in that
# order.
corpus_stamp() {
	local pj=$1 dir
	dir=$(dirname "$pj")/src
	{
		(cd "$(dirname "$pj")" && sha256sum project.json)
		jq -r '.stamp[]' "$pj" | while IFS= read -r f; do (cd "$dir" && sha256sum "$f"); done
	} | sha256sum | cut -d' ' -f1
}

if [ "${BASH_SOURCE[0]}" != "$0" ]; then
	return 0
fi

for pj in "$root"/testdata/corpus/*/project.json; do
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
