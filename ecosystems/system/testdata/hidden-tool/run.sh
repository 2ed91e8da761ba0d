#!/bin/sh
# The project's test: list the project and read its version from its
# metadata. tree is declared (Dockerfile, workflow, Aptfile); jq is not: it
# works on a runner that happens to have jq and fails on a clean machine.
set -e
cd "$(dirname "$0")"
tree -L 1 --noreport . >/dev/null
jq -r .version meta.json
