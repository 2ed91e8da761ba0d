package cargo

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
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
// itself, colours included), the script adds LintFlag, writes the lint's
// diagnostic lines to a record file of its own in the scratch directory
// and passes every other line of rustc's standard error through unchanged,
// in order and as it comes (cargo's pipelining waits for some of those
// lines). Standard output, the exit status and every other invocation
// (rustc -vV, the target probes) are rustc's own.
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
// only values put into it are the scratch directory, the flag and the
// wrapper the user configured, all single-quoted, and it evaluates none of
// rustc's arguments: it writes only to files mktemp creates in the units
// directory. Its records are read back as untrusted input — bounded in
// number and size, names checked — and can misstate only the verdict,
// which code the build runs could misstate anyway.

// unitsDir is the directory of the wrapper's records in the scratch
// directory, and wrapperName the script's name there.
const (
	unitsDir    = "rustc-units"
	wrapperName = "rustc-wrapper"
)

// Bounds on the records read back: more, or larger, are ignored with a
// warning rather than read into memory.
const (
	maxUnits      = 20000
	maxRecordSize = 8 << 20
)

// wrapperScript is the script, with %s for the single-quoted units
// directory, the chained wrapper (empty for none) and the flag. rustc's
// standard error goes through awk, which keeps each line as it is and
// flushes it at once; the exit status comes back through descriptor 3.
const wrapperScript = `#!/bin/sh
# envaudit: rustc workspace wrapper of one traced cargo run (the cargo
# ecosystem's evidence). It adds the lint below to each compilation, keeps
# the lint's diagnostics in a record of its own and passes everything else
# through unchanged.
units=%s
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
if [ -z "$json" ] || [ -z "$crate" ] || [ "$crate" = ___ ]; then
	run "$@"
	exit
fi
rec=$(mktemp "$units/unit.XXXXXXXXXX" 2>/dev/null) || { run "$@"; exit; }
{
	printf 'package %%s\n' "${CARGO_PKG_NAME-}"
	prev=
	for a do
		case $prev in
		--crate-name) printf 'crate %%s\n' "$a" ;;
		--extern) printf 'extern %%s\n' "${a%%%%=*}" ;;
		esac
		case $a in
		--test) printf 'test\n' ;;
		*.rs) printf 'src %%s\n' "$a" ;;
		esac
		prev=$a
	done
} >"$rec"
exec 4>&1
status=$(
	{
		{ run "$@" "$lint" 2>&1 >&4 3>&- 4>&-; echo $? >&3; } |
			awk -v rec="$rec" '/^\{"\$message_type":"diagnostic","message":"extern crate / && index($0, "\"code\":{\"code\":\"unused_crate_dependencies\"") { print >>rec; fflush(rec); next } { print; fflush() }' >&2 3>&- 4>&-
	} 3>&1
)
exec 4>&-
printf 'end %%s\n' "$status" >>"$rec"
exit "${status:-1}"
`

// shQuote quotes s for a POSIX shell.
func shQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// writeWrapper writes the wrapper script and its records directory into
// scratch and returns the script's path, chaining chain (the workspace
// wrapper the user configured, "" for none).
func writeWrapper(scratch, chain string) (string, error) {
	units := filepath.Join(scratch, unitsDir)
	if err := os.MkdirAll(units, 0o755); err != nil {
		return "", err
	}
	script := filepath.Join(scratch, wrapperName)
	text := fmt.Sprintf(wrapperScript, shQuote(units), shQuote(chain), shQuote(LintFlag))
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

// readRecords reads the wrapper's records in scratch. It returns nil
// records when the run had no wrapper (no records directory).
func readRecords(scratch string) (recs []unitRecord, wrapped bool, warnings []string) {
	if scratch == "" {
		return nil, false, nil
	}
	dir := filepath.Join(scratch, unitsDir)
	// The traced build could replace the directory with a link to files
	// envaudit may read and it may not (a privileged trace runs the
	// command as another user): only the directory TraceEnv made counts.
	if st, err := os.Lstat(dir); err != nil || !st.IsDir() {
		if err == nil {
			warnings = append(warnings, fmt.Sprintf("%q is not a directory; its rustc compilation records are ignored", dir))
		}
		return nil, false, warnings
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, false, nil
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && strings.HasPrefix(e.Name(), "unit.") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	if len(names) > maxUnits {
		warnings = append(warnings, fmt.Sprintf("%d rustc compilation records; only the first %d were read", len(names), maxUnits))
		names = names[:maxUnits]
	}
	interrupted := 0
	for _, n := range names {
		f := filepath.Join(dir, n)
		rec, complete, err := readRecord(f)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("rustc compilation record %q: %v", f, err))
			continue
		}
		if !complete {
			interrupted++
			continue
		}
		recs = append(recs, rec)
	}
	if interrupted > 0 {
		warnings = append(warnings, fmt.Sprintf("%d compilations of workspace crates did not finish; their verdict is left out", interrupted))
	}
	return recs, true, warnings
}

// readRecord parses one record: "package P", "crate C", "test", "src F"
// and "extern E" lines from the compilation's arguments, the lint's JSON
// diagnostics, and "end STATUS" once rustc exited.
func readRecord(file string) (rec unitRecord, complete bool, err error) {
	f, err := os.Open(file)
	if err != nil {
		return rec, false, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil {
		return rec, false, err
	} else if st.Size() > maxRecordSize {
		return rec, false, fmt.Errorf("larger than %d bytes", maxRecordSize)
	}
	rec.unused = map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), maxRecordSize)
	line := 0
	for sc.Scan() {
		line++
		l := sc.Bytes()
		if bytes.HasPrefix(l, []byte("{")) {
			if ext, ok := unusedExtern(l); ok {
				rec.unused[ext] = true
			}
			continue
		}
		key, val, _ := strings.Cut(string(l), " ")
		switch key {
		case "package":
			rec.pkg = val
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
		case "end":
			n, err := strconv.Atoi(val)
			if err != nil {
				return rec, false, fmt.Errorf("line %d: bad exit status %q", line, val)
			}
			rec.status, complete = n, true
		default:
			// Not quoted: the file may not be what the wrapper wrote.
			return rec, false, fmt.Errorf("line %d: unknown entry", line)
		}
	}
	if err := sc.Err(); err != nil {
		return rec, false, err
	}
	if !crateName.MatchString(rec.pkg) {
		return rec, false, fmt.Errorf("no package name")
	}
	return rec, complete, nil
}

// unusedExtern returns the extern crate a JSON diagnostic of the
// unused_crate_dependencies lint reports.
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
