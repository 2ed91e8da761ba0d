package cargo

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/tracer/evchan"
)

// The rustc workspace wrapper keeps the lint's diagnostics out of the
// traced command's output. Adding LintFlag to the rustflags would make
// rustc print "extern crate `x` is unused" warnings that the build does not
// print without envaudit, and cargo would keep them in its build records
// and replay them on every later fresh build. Instead, TraceEnv writes a
// small POSIX shell script into the scratch directory and names it in
// RUSTC_WORKSPACE_WRAPPER, which cargo runs, for the workspace's own
// crates only, as `wrapper rustc ARGS...`. For a compilation (cargo always
// asks rustc for JSON diagnostics, --error-format=json, and renders them
// itself, colours included), the script adds LintFlag, writes what it
// learns of the compilation to the evidence channel (tracer/evchan: the
// FIFO envaudit reads while the run goes, so the build cannot rewrite a
// record once written) and passes every line of rustc's standard error
// but the lint's through unchanged, in order and as it comes (cargo's
// pipelining waits for some of those lines). Standard output, the exit
// status and every other invocation (rustc -vV, the target probes) are
// rustc's own.
//
// Compilations run at once, so each of the script's lines starts with the
// id of its compilation, the wrapper shell's pid: no other compilation
// has it until this one's "end" line is written. Each line is one
// write(2) of far less than a pipe's atomic size (the lint's diagnostic
// is reduced to the crate it names), so the lines of compilations running
// at once do not mix.
//
// Cargo hashes the wrapper's path into the workspace crates' unit hashes,
// so each traced run (a scratch directory of its own) compiles the
// workspace's own crates once more, beside the units of untraced builds:
// dependencies stay fresh, and an untraced build afterwards finds its own
// units fresh, neither rebuilt nor replaying the lint. That also makes
// every compilation of a workspace crate in a traced run pass through the
// wrapper, so the verdict never depends on build records an earlier run
// left.
//
// The project the run builds may be hostile. The script is fixed text; the
// only values put into it are the channel, the flag and the wrapper the
// user configured, all single-quoted, and it evaluates none of rustc's
// arguments. The channel's lines are read back as untrusted input — the
// build can write lines of its own there — bounded in number, names
// checked, and can misstate only the verdict, which code the build runs
// could misstate anyway; what the build cannot do is take back a line.

// wrapperName is the script's name in the scratch directory.
const wrapperName = "rustc-wrapper"

// maxUnits bounds the compilation records read back: more are ignored
// with a warning rather than read into memory.
const maxUnits = 20000

// wrapperScript is the script, with %s for the single-quoted channel, the
// chained wrapper (empty for none) and the flag. rustc's standard error
// goes through awk, which keeps each line as it is and flushes it at
// once; the exit status comes back through descriptor 3.
const wrapperScript = `#!/bin/sh
# envaudit: rustc workspace wrapper of one traced cargo run (the cargo
# ecosystem's evidence). It adds the lint below to each compilation, writes
# the lint's verdicts to envaudit's evidence channel and passes everything
# else through unchanged.
chan=%s
chain=%s
lint=%s
run() {
	if [ -n "$chain" ]; then "$chain" "$@"; else "$@"; fi
}
json= crate= prev=
for a do
	case $prev in --crate-name) crate=$a ;; esac
	case $a in --error-format=json) json=1 ;; esac
	prev=$a
done
if [ -z "$json" ] || [ -z "$crate" ] || [ "$crate" = ___ ] || ! [ -p "$chan" ]; then
	run "$@"
	exit
fi
id=$$
{
	printf '%%s package %%s\n' "$id" "${CARGO_PKG_NAME-}"
	prev=
	for a do
		case $prev in
		--crate-name) printf '%%s crate %%s\n' "$id" "$a" ;;
		--extern) printf '%%s extern %%s\n' "$id" "${a%%%%=*}" ;;
		esac
		case $a in
		--test) printf '%%s test\n' "$id" ;;
		*.rs) printf '%%s src %%s\n' "$id" "$a" ;;
		esac
		prev=$a
	done
} >>"$chan"
exec 4>&1
status=$(
	{
		{ run "$@" "$lint" 2>&1 >&4 3>&- 4>&-; echo $? >&3; } |
			awk -v chan="$chan" -v id="$id" '/^\{"\$message_type":"diagnostic","message":"extern crate / && index($0, "\"code\":{\"code\":\"unused_crate_dependencies\"") { if (match($0, /"message":"extern crate .[A-Za-z0-9_]+./)) { print id " unused " substr($0, RSTART + 25, RLENGTH - 26) >>chan; fflush(chan) } next } { print; fflush() }' >&2 3>&- 4>&-
	} 3>&1
)
exec 4>&-
printf '%%s end %%s\n' "$id" "$status" >>"$chan"
exit "${status:-1}"
`

// shQuote quotes s for a POSIX shell.
func shQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// writeWrapper writes the wrapper script into scratch and returns its
// path, chaining chain (the workspace wrapper the user configured, "" for
// none). It writes its records to the evidence channel in scratch.
func writeWrapper(scratch, chain string) (string, error) {
	script := filepath.Join(scratch, wrapperName)
	text := fmt.Sprintf(wrapperScript, shQuote(evchan.Path(scratch)), shQuote(chain), shQuote(LintFlag))
	if err := os.WriteFile(script, []byte(text), 0o755); err != nil {
		return "", err
	}
	return script, nil
}

// unitRecord is what the wrapper recorded of one compilation of a
// workspace crate.
type unitRecord struct {
	pkg, crate string
	test       bool
	src        string          // the crate's root source file, as cargo named it
	externs    []string        // extern names the compilation was given
	unused     map[string]bool // extern names the lint reported unused
	status     int
}

// crateName matches the names rustc and cargo accept for crates and
// packages.
var crateName = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_-]*$`)

// readRecords reads the wrapper's records from the evidence channel
// (nil: the run had no wrapper, or it compiled nothing of the workspace).
// Each line is "<id> <entry>": "package P", "crate C", "test", "src F" and
// "extern E" from the compilation's arguments, "unused E" for each of the
// lint's verdicts, and "end STATUS" once rustc exited. A "package" line
// starts the compilation of its id; one without its "end" did not finish.
// Lines that are none of these (the build may write into the channel) are
// counted and ignored.
func readRecords(channel []byte) (recs []unitRecord, warnings []string) {
	open := map[string]*unitRecord{}
	bad, dropped := 0, 0
	sc := bufio.NewScanner(bytes.NewReader(channel))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		id, entry, ok := strings.Cut(sc.Text(), " ")
		if !ok || id == "" || strings.Trim(id, "0123456789") != "" {
			bad++
			continue
		}
		key, val, _ := strings.Cut(entry, " ")
		rec := open[id]
		if key == "package" {
			if rec != nil {
				dropped++ // a compilation that never ended
			}
			if len(recs)+len(open) >= maxUnits {
				continue
			}
			open[id] = &unitRecord{pkg: val, unused: map[string]bool{}}
			continue
		}
		if rec == nil {
			bad++
			continue
		}
		switch key {
		case "crate":
			rec.crate = val
		case "test":
			rec.test = true
		case "src":
			rec.src = val
		case "extern":
			// --extern takes modifiers: noprelude:name, priv:name.
			if i := strings.LastIndexByte(val, ':'); i >= 0 {
				val = val[i+1:]
			}
			if crateName.MatchString(val) {
				rec.externs = append(rec.externs, val)
			}
		case "unused":
			if crateName.MatchString(val) {
				rec.unused[val] = true
			}
		case "end":
			n, err := strconv.Atoi(val)
			delete(open, id)
			if err != nil || !crateName.MatchString(rec.pkg) {
				bad++
				continue
			}
			rec.status = n
			recs = append(recs, *rec)
		default:
			bad++
		}
	}
	dropped += len(open)
	if len(recs) >= maxUnits {
		warnings = append(warnings, fmt.Sprintf("more than %d rustc compilation records; only the first %d were read", maxUnits, maxUnits))
	}
	if dropped > 0 {
		warnings = append(warnings, fmt.Sprintf("%d compilations of workspace crates did not finish; their verdict is left out", dropped))
	}
	if bad > 0 {
		warnings = append(warnings, fmt.Sprintf("%d lines of the evidence channel are no rustc compilation record; they were ignored", bad))
	}
	return recs, warnings
}

// unusedExtern returns the extern crate a JSON diagnostic of the
// unused_crate_dependencies lint reports (cargo's own build records keep
// rustc's diagnostics whole).
func unusedExtern(line []byte) (string, bool) {
	var msg struct {
		Message string `json:"message"`
		Code    *struct {
			Code string `json:"code"`
		} `json:"code"`
	}
	if json.Unmarshal(line, &msg) != nil || msg.Code == nil || msg.Code.Code != "unused_crate_dependencies" {
		return "", false
	}
	if m := unusedMsg.FindStringSubmatch(msg.Message); m != nil {
		return m[1], true
	}
	return "", false
}

// wrappedRun reports whether the run was prepared with the wrapper: its
// script is in scratch (TraceEnv wrote it, and the channel's watch saw
// that nothing changed it during the run).
func wrappedRun(scratch string) bool {
	if scratch == "" {
		return false
	}
	st, err := os.Lstat(filepath.Join(scratch, wrapperName))
	return err == nil && st.Mode().IsRegular()
}

// workspaceWrapper returns the workspace wrapper cargo would run without
// envaudit: RUSTC_WORKSPACE_WRAPPER, CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER,
// else build.rustc-workspace-wrapper of the configuration (set to "" in
// the environment: none). It is chained, so the user's wrapper still runs.
func workspaceWrapper(src ecosystems.Source, environ []string) string {
	for _, k := range []string{"RUSTC_WORKSPACE_WRAPPER", "CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER"} {
		if v, ok := lookup(environ, k); ok {
			return v
		}
	}
	return readConfig(src, environ).workspaceWrapper
}
