#!/usr/bin/env bash
# Installs the envaudit binary for action.yml without changing the job:
# nothing here writes GITHUB_ENV, GITHUB_PATH or GITHUB_STATE, changes PATH
# or GOROOT for later steps, or touches the job's Go caches. Two phases,
# with actions/cache between them (action.yml):
#
#   install.sh plan     decides where the binary comes from and writes the
#                       cache key and directory to GITHUB_OUTPUT
#   install.sh install  puts the binary in that directory, verified, and
#                       writes bin=PATH to GITHUB_OUTPUT
#
# The release path: the release of the Action's ref in the Action's
# repository, asked through the API with the job's token, holds
# envaudit-linux-amd64, envaudit-linux-arm64, sources.sha256 (sha256sum's
# listing of the source files the binaries were built from, as
# source_listing prints it) and checksums.txt (sha256sum lines for the
# other three), which .github/workflows/release.yml attaches. The release
# is found two ways:
#   - the ref is a release tag (v1.2.3): the release of that tag;
#   - else (a major tag such as v1, a commit SHA, a branch) the API
#     resolves the ref to its commit, the repository's tags are listed
#     (bounded) for those that point at that commit, and the release of
#     one of them is used, a vX.Y.Z tag first.
# Either way plan downloads checksums.txt and uses the release only when
# the SHA-256 it lists for sources.sha256 — the SHA-256 of the listing,
# which is the source key the fallback below computes — is the key of
# the Action's own files in GITHUB_ACTION_PATH: the binary was built
# from the very source the job runs. A release whose key differs, or that
# lists none, is not used: the build below is, with a warning or a notice
# saying why. plan keys the cache on the SHA-256 checksums.txt lists for
# this runner's binary, so a tag moved to another release can never be
# served the old binary; install checks every binary it is about to hand
# over, downloaded or restored, against that digest, and refuses (with
# both digests) rather than run one that differs. A checksums file that
# is missing, malformed or does not list the binary is refused the same
# way: none of these falls back.
#
# The fallback: when no release is found for the ref (uses: ./, a branch
# or a commit no release tag points at), or the release has no binary
# for this architecture or was built from other source, or the API cannot
# be asked, envaudit is built from the Action's own source with the Go that
# is on the job's PATH, in an environment of its own (env -i): GOTOOLCHAIN=
# auto, so the runner's Go builds it when it is at least the version
# go.mod's toolchain or go line names (its compatibility rules keep
# go.mod's language version) and an older one fetches exactly that
# version; GOWORK=off, GOENV=off, GOFLAGS=-modcacherw, CGO_ENABLED=0 (what
# the release builds), and HOME, GOPATH, GOCACHE and GOMODCACHE in a fresh
# directory under RUNNER_TEMP, removed afterwards, so the job's own caches
# neither feed nor receive anything. Only PATH, GOPROXY, the proxy
# variables and the TLS certificate variables reach the go command.
#
# Environment (action.yml maps each through env:, never into the script):
#   ENVAUDIT_ACTION_REPOSITORY, ENVAUDIT_ACTION_REF  github.action_repository
#       and github.action_ref, both empty for a local action (uses: ./)
#   ENVAUDIT_TOKEN     the job's token, sent only to GITHUB_API_URL
#   GITHUB_API_URL, GITHUB_ACTION_PATH, GITHUB_OUTPUT, RUNNER_OS,
#   RUNNER_ARCH, RUNNER_TEMP   as the runner sets them
#   install only: ENVAUDIT_SOURCE, ENVAUDIT_DIR, ENVAUDIT_RELEASE,
#       ENVAUDIT_ASSET, ENVAUDIT_ASSET_ID, ENVAUDIT_DIGEST (plan's outputs)
#
# install.sh sources DIR prints the listing of DIR's source files that
# a release's sources.sha256 holds (release.yml runs it on its checkout).
set -euo pipefail
umask 022

# checksums is the name of the release's checksums file, sources that
# of its listing of the source files it was built from.
checksums=checksums.txt
sources=sources.sha256

# tag_pages bounds the pages of 100 tags read to find the release tags of
# a commit; candidates bounds the releases then asked for.
tag_pages=10
candidates=3

# command_data escapes a message as workflow-command data, so that a ref
# or a server's answer holding a line break or "::" starts no command.
# say logs a line, notice, warning and die annotate.
command_data() {
	local s=$1
	s=${s//'%'/%25}
	s=${s//$'\r'/%0D}
	s=${s//$'\n'/%0A}
	printf '%s' "$s"
}

say() { printf 'envaudit: %s\n' "$(command_data "$1")"; }
notice() { printf '::notice::envaudit: %s\n' "$(command_data "$1")"; }
warning() { printf '::warning::envaudit: %s\n' "$(command_data "$1")"; }

# die fails the step with an error annotation. Never called inside $(...),
# whose output a caller would swallow.
die() {
	printf '::error::envaudit: %s\n' "$(command_data "$1")"
	exit 1
}

need() {
	[ -n "${!1:-}" ] || die "$1 is not set: this script runs as a step of action.yml"
}

output() {
	printf '%s=%s\n' "$1" "$2" >>"$GITHUB_OUTPUT"
}

# Temporary directories, under RUNNER_TEMP, removed on exit.
temps=()
cleanup() {
	if [ ${#temps[@]} -gt 0 ]; then rm -rf -- "${temps[@]}"; fi
}
trap cleanup EXIT

# temp_dir NAME makes a fresh directory and leaves its path in REPLY.
temp_dir() {
	REPLY=$(mktemp -d "$RUNNER_TEMP/envaudit-$1.XXXXXX") || die "cannot make a directory in RUNNER_TEMP \"$RUNNER_TEMP\""
	temps+=("$REPLY")
}

# urlencode percent-encodes everything but unreserved characters.
urlencode() {
	local LC_ALL=C s=$1 out="" c i
	for ((i = 0; i < ${#s}; i++)); do
		c=${s:i:1}
		case $c in
		[A-Za-z0-9._~-]) out+=$c ;;
		*) out+=$(printf '%%%02X' "'$c") ;;
		esac
	done
	printf '%s' "$out"
}

# sha256 prints the SHA-256 of a file.
sha256() {
	local sum
	sum=$(sha256sum -- "$1") || return 1
	printf '%s' "${sum%% *}"
}

api_url=${GITHUB_API_URL:-https://api.github.com}
api_url=${api_url%/}

# protocols curl may use: https, and plain http only to this machine (an
# API on loopback).
protocols() {
	case $api_url in
	http://127.0.0.1[:/]* | http://localhost[:/]* | http://\[::1\][:/]*) printf '=http,https' ;;
	*) printf '=https' ;;
	esac
}

# api FILE ACCEPT MAXBYTES PATH [HEADERS] sends GET PATH to the API into
# FILE (the response's headers into HEADERS) and prints the HTTP status,
# 000 when curl could not finish. The token goes in curl's configuration
# on its standard input, never on its command line; curl follows a
# redirect (an asset's download URL) without it, as it sends a header it
# was given only to the API's own host and port.
api() {
	local file=$1 accept=$2 max=$3 path=$4 headers=${5:-/dev/null} proto status config=""
	proto=$(protocols)
	if [ -n "${ENVAUDIT_TOKEN:-}" ]; then
		config="header = \"Authorization: Bearer $ENVAUDIT_TOKEN\""
	fi
	status=$(curl --config - --silent --show-error --location --max-redirs 5 \
		--proto "$proto" --proto-redir "$proto" \
		--connect-timeout 30 --max-time 600 --retry 2 --retry-delay 1 --max-filesize "$max" \
		-H "Accept: $accept" -H 'X-GitHub-Api-Version: 2022-11-28' \
		--dump-header "$headers" --output "$file" --write-out '%{http_code}' -- "$api_url$path" <<<"$config") || status=000
	printf '%s' "${status:-000}"
}

# json_walk HANDLER reads JSON on stdin and calls HANDLER EVENT PATH
# [TOKEN] as it goes: "open PATH" and "close PATH" for each object and
# array, "value PATH TOKEN" for each scalar in one (TOKEN as written,
# quotes and escapes kept). PATH says where, from the top: for each
# container "{" and the key being read in it (as written), or "[" — so
# {"assets"[{"id" is the "id" of an object in the array under the
# top-level object's "assets". A key as written holds no unescaped
# quote, so a PATH names one place, and a string's content never passes
# for structure. It tokenizes with grep and follows the nesting; below
# depth 8, where nothing it is asked for lies, the PATH is "#". On what
# is not JSON it calls HANDLER all the same, with such paths.
json_walk() {
	local LC_ALL=C handler=$1 tok depth=0 want_key=0
	# kind[i] is the container at depth i+1, key[d] the key being read in
	# the container at depth d, at[d] that container's PATH.
	local -a kind=() key=() at=()
	LC_ALL=C grep -aoE '"([^"\\]|\\.)*"|[][{}:,]|-?[0-9][0-9.eE+-]*|true|false|null' |
		while IFS= read -r tok; do
			case $tok in
			'{' | '[')
				kind[depth]=$tok
				if [ $depth -ge 8 ]; then
					at[depth + 1]='#'
				else
					at[depth + 1]=${at[depth]:-}${key[depth]:-}$tok
				fi
				depth=$((depth + 1))
				key[depth]=""
				if [ "$tok" = '{' ]; then want_key=1; else want_key=0; fi
				"$handler" open "${at[depth]}"
				;;
			'}' | ']')
				[ $depth -gt 0 ] || continue # not JSON: nothing to close
				"$handler" close "${at[depth]}"
				depth=$((depth - 1))
				want_key=0
				;;
			',') if [ $depth -gt 0 ] && [ "${kind[depth - 1]}" = '{' ]; then want_key=1; fi ;;
			':') ;;
			*)
				if [ $want_key -eq 1 ]; then
					key[depth]=$tok
					want_key=0
				elif [ $depth -gt 0 ]; then
					"$handler" value "${at[depth]}${key[depth]}" "$tok"
				fi
				;;
			esac
		done
}

# plain matches a string token without escapes: no name install.sh looks
# for has one.
plain='^"[^"\\]*"$'

# assets reads a release as the API returns it (JSON) on stdin and prints
# "ID NAME" for each of its assets: the last "id" and "name" of each
# object in the array under the release's "assets" key, so the keys of an
# uploader, the author or the notes never count, whatever the order of
# the keys.
assets() {
	local id="" name=""
	json_walk asset_event
}

asset_event() {
	case $1:$2 in
	'open:{"assets"[{') id="" name="" ;;
	'value:{"assets"[{"id"') id=$3 ;;
	'value:{"assets"[{"name"') name=$3 ;;
	'close:{"assets"[{')
		if [[ $id =~ ^[0-9]+$ ]] && [[ $name =~ $plain ]]; then
			printf '%s %s\n' "$id" "${name:1:${#name}-2}"
		fi
		;;
	esac
}

# tags reads a page of the tags API (a JSON array) on stdin and prints
# "SHA NAME" for each tag: the commit it points at (the API peels an
# annotated tag to its commit) and its name, the last of each in the
# tag's object, when the SHA is 40 hexadecimal digits.
tags() {
	local sha="" name=""
	json_walk tag_event
}

tag_event() {
	case $1:$2 in
	'open:[{') sha="" name="" ;;
	'value:[{"name"') name=$3 ;;
	'value:[{"commit"{"sha"') sha=$3 ;;
	'close:[{')
		if [[ $sha =~ ^\"[0-9a-f]{40}\"$ ]] && [[ $name =~ $plain ]]; then
			printf '%s %s\n' "${sha:1:40}" "${name:1:${#name}-2}"
		fi
		;;
	esac
}

# listed FILE NAME [RELEASE] sets digest to what checksums.txt FILE (of
# release RELEASE, the Action's ref by default) lists for NAME ("" when
# nothing), and fails on a line that is not sha256sum's (byte by byte,
# whatever the locale), a NUL byte, or two different digests for NAME.
listed() {
	local LC_ALL=C file=$1 want=$2 line n=0 of
	of="$checksums of release \"${3:-${ENVAUDIT_ACTION_REF:-}}\" of ${ENVAUDIT_ACTION_REPOSITORY:-}"
	digest=""
	# bash's read drops NUL bytes, which would join what they separate.
	if [ "$(tr -d '\000' <"$file" | wc -c)" -ne "$(wc -c <"$file")" ]; then
		die "$of holds a NUL byte: not a sha256sum file"
	fi
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		line=${line%$'\r'}
		[ -n "$line" ] || continue
		[[ $line =~ ^([0-9a-f]{64})\ [\ *](.+)$ ]] ||
			die "$of, line $n: not a sha256sum line: $(printf '%q' "${line:0:120}")"
		[ "${BASH_REMATCH[2]}" = "$want" ] || continue
		if [ -n "$digest" ] && [ "$digest" != "${BASH_REMATCH[1]}" ]; then
			die "$of, line $n: a second SHA-256 for $want, ${BASH_REMATCH[1]}, after $digest: refusing to choose"
		fi
		digest=${BASH_REMATCH[1]}
	done <"$file"
}

# source_listing DIR prints sha256sum's listing of the source files of
# DIR the go command can read (every regular file but those in .git,
# node_modules, testdata and directories whose names start with . or _,
# which it never builds, and a .git file: a worktree's pointer to its
# repository), as ./path, in byte order of the paths. A
# release's sources.sha256 is this listing of the checkout it was built
# from; the SHA-256 of the listing is the source key.
source_listing() {
	(
		cd "$1"
		find . -mindepth 1 \( -name .git -o -type d \( -name '.*' -o -name '_*' -o -name testdata -o -name node_modules \) \) -prune -o -type f -print0 |
			LC_ALL=C sort -z | xargs -0 -r sha256sum --
	)
}

# source_key sets src to the source key of the Action's files in
# GITHUB_ACTION_PATH, reading them once.
source_key() {
	[ -z "${src:-}" ] || return 0
	local sum
	sum=$(source_listing "$GITHUB_ACTION_PATH" | sha256sum) || die "cannot read the Action's source in \"$GITHUB_ACTION_PATH\""
	src=${sum%% *}
}

# version is what `envaudit version` says: the ref, made safe for -X.
version() {
	printf '%s' "${ENVAUDIT_ACTION_REF:-dev}" | tr -c 'A-Za-z0-9._/+-' '_'
}

# The functions below plan's own read its locals: repo, ref, asset, arch,
# base (the binaries' directory) and work (a scratch directory).

# use_release TAG JSON writes the plan for release TAG of repo, whose JSON
# the releases API answered with (the file JSON), to GITHUB_OUTPUT and
# returns 0 when its binary for this runner was built from the Action's
# own source; returns 1 with a notice or a warning saying why not (no
# binary for this architecture, no sources.sha256 listed, another
# source). A release that has the binary but no checksums.txt that lists
# it fails the step.
use_release() {
	local tag=$1 json=$2 id name asset_id="" sums_id="" bin_digest status
	while read -r id name; do
		case $name in
		"$asset") asset_id=$id ;;
		"$checksums") sums_id=$id ;;
		esac
	done < <(assets <"$json")
	if [ -z "$asset_id" ]; then
		notice "release \"$tag\" of $repo has no $asset: building envaudit from source"
		return 1
	fi
	[ -n "$sums_id" ] ||
		die "release \"$tag\" of $repo has $asset but no $checksums to verify it against: refusing to run it"
	status=$(api "$work/$checksums" application/octet-stream 1048576 "/repos/$repo/releases/assets/$sums_id")
	[ "$status" = 200 ] ||
		die "downloading $checksums (asset $sums_id) of release \"$tag\" of $repo: HTTP status $status"
	listed "$work/$checksums" "$asset" "$tag"
	[ -n "$digest" ] ||
		die "$checksums of release \"$tag\" of $repo does not list $asset: refusing to run a binary it does not vouch for"
	bin_digest=$digest
	# The source key is the SHA-256 of the listing, which checksums.txt
	# states: the listing itself need not be downloaded.
	listed "$work/$checksums" "$sources" "$tag"
	if [ -z "$digest" ]; then
		notice "$checksums of release \"$tag\" of $repo lists no $sources, so nothing says which source its $asset was built from: building envaudit from source"
		return 1
	fi
	source_key
	if [ "$digest" != "$src" ]; then
		warning "release \"$tag\" of $repo was built from source $digest (the SHA-256 of its $sources), but the Action's files are source $src: building envaudit from source"
		return 1
	fi
	output source release
	output release "$tag"
	output asset "$asset"
	output asset-id "$asset_id"
	output digest "$bin_digest"
	output key "envaudit-Linux-$arch-sha256-$bin_digest"
	output dir "$base/sha256-$bin_digest"
	say "$asset of release \"$tag\" of $repo, SHA-256 $bin_digest, built from the source of this Action ($src)"
}

# commit_of sets commit to the commit the ref names, as the API resolves
# it; returns 1 with a notice or a warning saying why not. A full SHA is
# a commit already (the runner fetched the Action at it).
commit_of() {
	local status
	if [[ $ref =~ ^[0-9a-f]{40}$ ]]; then
		commit=$ref
		return 0
	fi
	status=$(api "$work/commit" application/vnd.github.sha 4096 "/repos/$repo/commits/$(urlencode "$ref")")
	case $status in
	200)
		commit=$(head -c 4096 "$work/commit" | tr -d '\r\n')
		[[ $commit =~ ^[0-9a-f]{40}$ ]] && return 0
		warning "the commits API answered $(printf '%q' "${commit:0:80}") for \"$ref\" of $repo, not a commit SHA: building envaudit from source"
		;;
	404 | 422) notice "$repo has neither a release nor a commit \"$ref\" (HTTP status $status): building envaudit from source" ;;
	000) warning "the commits API at $api_url could not be reached for \"$ref\" of $repo: building envaudit from source" ;;
	*) warning "the commits API answered HTTP status $status for \"$ref\" of $repo: building envaudit from source" ;;
	esac
	return 1
}

# tagged sets found to the tags of repo that point at commit, but the ref
# (which has no release), vX.Y.Z tags first, newest first, then the
# others; returns 1 with a notice or a warning when there is none. The
# tags API answers with each tag's commit, annotated tags peeled, 100 to
# a page; the matching-refs API would need one more request for every
# annotated tag. It stops at the first page with a vX.Y.Z tag of the
# commit: any release tag of the commit will do, as the release's source
# key is checked, and a commit has one as a rule. At most tag_pages
# pages are read.
tagged() {
	local page=0 status sha name more=0
	local -a semver=() other=()
	found=()
	while [ ${#semver[@]} -eq 0 ] && [ $page -lt $tag_pages ]; do
		page=$((page + 1))
		status=$(api "$work/tags.json" application/vnd.github+json 4194304 "/repos/$repo/tags?per_page=100&page=$page" "$work/tags.headers")
		if [ "$status" != 200 ]; then
			warning "listing the tags of $repo (page $page) answered HTTP status $status: building envaudit from source"
			return 1
		fi
		while read -r sha name; do
			if [ "$sha" != "$commit" ] || [ "$name" = "$ref" ]; then continue; fi
			if [[ $name =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]]; then semver+=("$name"); else other+=("$name"); fi
		done < <(tags <"$work/tags.json")
		more=0
		if tr -d '\r' <"$work/tags.headers" | grep -qiE '^link:.*<[^>]*>; *rel="next"'; then more=1; fi
		[ $more -eq 1 ] || break
	done
	while IFS= read -r name; do
		[ -z "$name" ] || found+=("$name")
	done < <(
		if [ ${#semver[@]} -gt 0 ]; then printf '%s\n' "${semver[@]}" | sort -rV; fi
		if [ ${#other[@]} -gt 0 ]; then printf '%s\n' "${other[@]}" | sort -rV; fi
	)
	[ ${#found[@]} -eq 0 ] || return 0
	local where="its tags"
	if [ $more -eq 1 ] && [ ${#semver[@]} -eq 0 ]; then where="the first $tag_pages pages of its tags"; fi
	notice "no tag of $repo but \"$ref\" points at commit $commit among $where, so no release was built from it: building envaudit from source (uses: $repo@vX.Y.Z, a release tag, or the commit of one installs its prebuilt binary)"
	return 1
}

# release_of finds the release for the ref and writes its plan; returns
# 1, having said why, when the build it is.
release_of() {
	local status commit tag declined=0
	local -a found
	if ! [[ $ref =~ ^[0-9a-f]{40}$ ]]; then
		status=$(api "$work/release.json" application/vnd.github+json 16777216 "/repos/$repo/releases/tags/$(urlencode "$ref")")
		case $status in
		200)
			use_release "$ref" "$work/release.json"
			return
			;;
		404) ;;
		000)
			warning "the releases API at $api_url could not be reached for release \"$ref\" of $repo: building envaudit from source"
			return 1
			;;
		*)
			warning "the releases API answered HTTP status $status for release \"$ref\" of $repo: building envaudit from source"
			return 1
			;;
		esac
	fi
	commit_of || return 1
	tagged || return 1
	for tag in "${found[@]:0:$candidates}"; do
		status=$(api "$work/release.json" application/vnd.github+json 16777216 "/repos/$repo/releases/tags/$(urlencode "$tag")")
		case $status in
		200)
			say "\"$ref\" of $repo is commit $commit, which tag \"$tag\" points at"
			if use_release "$tag" "$work/release.json"; then return 0; fi
			declined=1 # it said why
			;;
		404) ;;
		*)
			warning "the releases API answered HTTP status $status for release \"$tag\" of $repo: building envaudit from source"
			return 1
			;;
		esac
	done
	if [ $declined -eq 0 ]; then
		notice "no release was made of tag \"${found[0]}\"${found[1]:+ (nor of $((${#found[@]} - 1)) more tags)} of $repo at commit $commit of \"$ref\": building envaudit from source"
	fi
	return 1
}

plan() {
	need GITHUB_OUTPUT
	need RUNNER_TEMP
	need GITHUB_ACTION_PATH
	[ "${RUNNER_OS:-}" = Linux ] || die "envaudit runs on Linux runners only, not ${RUNNER_OS:-an unnamed OS}"
	local arch
	case ${RUNNER_ARCH:-} in
	X64) arch=amd64 ;;
	ARM64) arch=arm64 ;;
	*) die "envaudit runs on 64-bit runners (X64 or ARM64), not RUNNER_ARCH ${RUNNER_ARCH:-unset}" ;;
	esac
	case ${ENVAUDIT_TOKEN:-} in
	*[$'"\\\r\n']*) die "the token holds a quote, a backslash or a line break" ;;
	esac
	local repo=${ENVAUDIT_ACTION_REPOSITORY:-} ref=${ENVAUDIT_ACTION_REF:-} work src=""
	local asset=envaudit-linux-$arch base=$RUNNER_TEMP/envaudit-bin
	if [ -z "$repo" ] || [ -z "$ref" ]; then
		notice "the Action runs from a local path, which has no release: building envaudit from source"
	elif ! [[ $repo =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]]; then
		die "the Action's repository \"$repo\" is not owner/name"
	else
		temp_dir plan
		work=$REPLY
		release_of && return 0
	fi
	source_key
	output source build
	output key "envaudit-Linux-$arch-source-$src"
	output dir "$base/source-$src"
}

install_release() {
	local dir=$1 bin=$1/envaudit tmp got status
	need ENVAUDIT_ACTION_REPOSITORY
	need ENVAUDIT_RELEASE
	need ENVAUDIT_ASSET
	need ENVAUDIT_ASSET_ID
	need ENVAUDIT_DIGEST
	[[ $ENVAUDIT_ASSET_ID =~ ^[0-9]+$ ]] || die "asset id \"$ENVAUDIT_ASSET_ID\" is not a number"
	[[ $ENVAUDIT_DIGEST =~ ^[0-9a-f]{64}$ ]] || die "digest \"$ENVAUDIT_DIGEST\" is not a SHA-256"
	if [ -e "$bin" ] || [ -L "$bin" ]; then
		# Restored by actions/cache or installed by an earlier envaudit step
		# of this job: used only when it is the binary checksums.txt lists.
		if [ -f "$bin" ] && [ ! -L "$bin" ] && got=$(sha256 "$bin") && [ "$got" = "$ENVAUDIT_DIGEST" ]; then
			chmod 0755 "$bin"
			output bin "$bin"
			return 0
		fi
		warning "\"$bin\" is not the $ENVAUDIT_ASSET that $checksums lists (SHA-256 $ENVAUDIT_DIGEST): downloading it again"
		rm -f -- "$bin"
	fi
	tmp=$(mktemp "$dir/.download.XXXXXX") || die "cannot make a file in \"$dir\""
	status=$(api "$tmp" application/octet-stream 268435456 "/repos/$ENVAUDIT_ACTION_REPOSITORY/releases/assets/$ENVAUDIT_ASSET_ID")
	if [ "$status" != 200 ]; then
		rm -f -- "$tmp"
		die "downloading $ENVAUDIT_ASSET (asset $ENVAUDIT_ASSET_ID) of release \"$ENVAUDIT_RELEASE\" of $ENVAUDIT_ACTION_REPOSITORY: HTTP status $status"
	fi
	got=$(sha256 "$tmp") || die "cannot read the downloaded \"$tmp\""
	if [ "$got" != "$ENVAUDIT_DIGEST" ]; then
		rm -f -- "$tmp"
		die "$ENVAUDIT_ASSET of release \"$ENVAUDIT_RELEASE\" of $ENVAUDIT_ACTION_REPOSITORY has SHA-256 $got, but its $checksums lists $ENVAUDIT_DIGEST: refusing to run it (the asset was replaced after $checksums was written, or the download is corrupt)"
	fi
	chmod 0755 "$tmp"
	mv -f -- "$tmp" "$bin"
	output bin "$bin"
}

# go_minimum sets minimum to the toolchain go.mod asks for: its toolchain
# line, else its go line.
go_minimum() {
	local mod=$GITHUB_ACTION_PATH/go.mod v
	v=$(sed -n 's/^toolchain[[:space:]][[:space:]]*go\([0-9][^[:space:]]*\).*/\1/p' "$mod") || die "cannot read \"$mod\""
	[ -n "$v" ] || v=$(sed -n 's/^go[[:space:]][[:space:]]*\([0-9][^[:space:]]*\).*/\1/p' "$mod")
	[ -n "$v" ] || die "\"$mod\" has no go line"
	minimum=go$v
}

install_build() {
	local dir=$1 bin=$1/envaudit
	if [ -f "$bin" ] && [ -x "$bin" ] && [ ! -L "$bin" ]; then
		# Restored by actions/cache, or built by an earlier envaudit step of
		# this job (a baseline step before the audit).
		output bin "$bin"
		return 0
	fi
	go_minimum
	local go
	go=$(command -v go) ||
		die "no go on PATH to build envaudit with: the Action's ref \"${ENVAUDIT_ACTION_REF:-(local path)}\" has no release binary built from its source, so it is built from source. Use envaudit at a release tag, or set up Go 1.21 or newer before this step (go.mod needs $minimum, which Go 1.21 and newer fetch)"
	local work
	temp_dir build
	work=$REPLY
	mkdir "$work/home" "$work/tmp" "$work/gopath" "$work/cache" "$work/modcache"
	local -a goenv=(
		PATH="$PATH" HOME="$work/home" TMPDIR="$work/tmp"
		GOENV=off GOWORK=off GOFLAGS=-modcacherw GOTOOLCHAIN=auto CGO_ENABLED=0
		GOPATH="$work/gopath" GOCACHE="$work/cache" GOMODCACHE="$work/modcache"
	)
	local v
	for v in GOPROXY HTTPS_PROXY https_proxy HTTP_PROXY http_proxy NO_PROXY no_proxy SSL_CERT_FILE SSL_CERT_DIR; do
		if [ -n "${!v:-}" ]; then goenv+=("$v=${!v}"); fi
	done
	# Asked in a directory of its own: the workspace's go.mod is not
	# envaudit's.
	local runner_go
	runner_go=$(cd "$work/tmp" && env -i "${goenv[@]}" GOTOOLCHAIN=local "$go" version) ||
		die "\"$go version\" failed: the go on PATH does not work"
	runner_go=${runner_go#go version }
	runner_go=${runner_go%% *}
	# Go 1.21 is the first that fetches the toolchain a go.mod asks for.
	if [[ $runner_go =~ ^go1\.([0-9]+)([^0-9]|$) ]] && [ "${BASH_REMATCH[1]}" -lt 21 ]; then
		die "the $runner_go on PATH is older than the $minimum envaudit's go.mod needs, and too old to fetch it (Go 1.21 and newer do): set up Go 1.21 or newer before this step, or use envaudit at a release tag"
	fi
	local start=$SECONDS out=$work/envaudit built
	(cd "$GITHUB_ACTION_PATH" && env -i "${goenv[@]}" "$go" build -trimpath -buildvcs=false \
		-ldflags "-X main.version=$(version)" -o "$out" ./cmd/envaudit) ||
		die "building envaudit from source (ref \"${ENVAUDIT_ACTION_REF:-(local path)}\") with the $runner_go on PATH, GOTOOLCHAIN=auto, go.mod needing $minimum, failed"
	built=$(cd "$work/tmp" && env -i "${goenv[@]}" GOTOOLCHAIN=local "$go" version "$out") || built="?"
	mv -f -- "$out" "$bin"
	notice "built envaudit from source with ${built##*: } in $((SECONDS - start)) s (the runner's $runner_go; go.mod needs $minimum)"
	output bin "$bin"
}

install() {
	need GITHUB_OUTPUT
	need RUNNER_TEMP
	need GITHUB_ACTION_PATH
	need ENVAUDIT_DIR
	local dir=$ENVAUDIT_DIR
	case $dir in
	*/../* | */..) die "install directory \"$dir\" has a .. in it" ;;
	"$RUNNER_TEMP"/envaudit-bin/*) ;;
	*) die "install directory \"$dir\" is not under RUNNER_TEMP/envaudit-bin" ;;
	esac
	mkdir -p -- "$dir" || die "cannot make \"$dir\""
	case ${ENVAUDIT_SOURCE:-} in
	release) install_release "$dir" ;;
	build) install_build "$dir" ;;
	*) die "unknown source \"${ENVAUDIT_SOURCE:-}\" (want release or build)" ;;
	esac
}

# Sourced (the tests read its parsers alone), the script only defines.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	case ${1:-} in
	plan) plan ;;
	install) install ;;
	sources)
		if [ $# -ne 2 ] || [ ! -d "$2" ]; then
			echo "usage: install.sh sources DIR" >&2
			exit 2
		fi
		source_listing "$2"
		;;
	*)
		echo "usage: install.sh plan|install|sources DIR" >&2
		exit 2
		;;
	esac
fi
