package cargo

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// lintLine is a diagnostic of the lint as rustc writes it with
// --error-format=json.
const lintLine = `{"$message_type":"diagnostic","message":"extern crate ` + "`fnv`" + ` is unused in crate ` + "`app`" + `","code":{"code":"unused_crate_dependencies","explanation":null},"level":"warning","rendered":"warning: extern crate ` + "`fnv`" + ` is unused\n"}`

// TestWrapperScript runs the wrapper script against a fake rustc that
// prints its arguments on standard output, a lint diagnostic and other
// lines on standard error, and exits with a status of its choosing: the
// output and status are rustc's, less the lint's lines, which go to the
// compilation's record. The scratch directory's name and the arguments
// hold shell syntax that must stay inert.
func TestWrapperScript(t *testing.T) {
	for _, tool := range []string{"sh", "awk", "mktemp"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s not on PATH: %v", tool, err)
		}
	}
	base := t.TempDir()
	rustc := filepath.Join(base, "rustc")
	fake := "#!/bin/sh\n" +
		"printf '%s\\n' \"$@\"\n" +
		"printf '%s\\n' '{\"$message_type\":\"artifact\",\"artifact\":\"x.rmeta\",\"emit\":\"metadata\"}' >&2\n" +
		"printf '%s\\n' '" + lintLine + "' >&2\n" +
		"printf 'plain line, no newline at the end' >&2\n" +
		"exit ${FAKE_STATUS:-0}\n"
	if err := os.WriteFile(rustc, []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	canary := filepath.Join(base, "canary")
	hostile := "$(touch canary)`touch canary`"
	tests := []struct {
		name    string
		args    []string
		status  int
		chain   bool
		record  string // "" for none
		wantOut string
		wantErr string
	}{
		{
			name:    "compilation",
			args:    []string{"--crate-name", "app", "--error-format=json", "--json=diagnostic-rendered-ansi", "--extern", "fnv=/t/libfnv.rlib", "--extern", "noprelude:itoa=/t/libitoa.rlib", "--test", "src/" + hostile + ".rs"},
			record:  "package app\ncrate app\nextern fnv\nextern noprelude:itoa\ntest\nsrc src/" + hostile + ".rs\n" + lintLine + "\nend 0\n",
			wantOut: "--crate-name\napp\n--error-format=json\n--json=diagnostic-rendered-ansi\n--extern\nfnv=/t/libfnv.rlib\n--extern\nnoprelude:itoa=/t/libitoa.rlib\n--test\nsrc/" + hostile + ".rs\n" + LintFlag + "\n",
			wantErr: "{\"$message_type\":\"artifact\",\"artifact\":\"x.rmeta\",\"emit\":\"metadata\"}\nplain line, no newline at the end\n",
		},
		{
			name:    "failing",
			args:    []string{"--crate-name", "app", "--error-format=json"},
			status:  3,
			record:  "package app\ncrate app\n" + lintLine + "\nend 3\n",
			wantOut: "--crate-name\napp\n--error-format=json\n" + LintFlag + "\n",
			wantErr: "{\"$message_type\":\"artifact\",\"artifact\":\"x.rmeta\",\"emit\":\"metadata\"}\nplain line, no newline at the end\n",
		},
		{
			// cargo's probes (-vV, --print with crate ___) and a
			// compilation without JSON diagnostics run as they are.
			name:    "version",
			args:    []string{"-vV"},
			wantOut: "-vV\n",
			wantErr: "{\"$message_type\":\"artifact\",\"artifact\":\"x.rmeta\",\"emit\":\"metadata\"}\n" + lintLine + "\nplain line, no newline at the end",
		},
		{
			name:    "probe",
			args:    []string{"-", "--crate-name", "___", "--print=file-names", "--error-format=json"},
			wantOut: "-\n--crate-name\n___\n--print=file-names\n--error-format=json\n",
			wantErr: "{\"$message_type\":\"artifact\",\"artifact\":\"x.rmeta\",\"emit\":\"metadata\"}\n" + lintLine + "\nplain line, no newline at the end",
		},
		{
			name:    "chained",
			args:    []string{"--crate-name", "app", "--error-format=json"},
			chain:   true,
			record:  "package app\ncrate app\n" + lintLine + "\nend 0\n",
			wantOut: "chained\n--crate-name\napp\n--error-format=json\n" + LintFlag + "\n",
			wantErr: "{\"$message_type\":\"artifact\",\"artifact\":\"x.rmeta\",\"emit\":\"metadata\"}\nplain line, no newline at the end\n",
		},
	}
	// awk ends a last line that has no newline with one: cargo reads
	// rustc's standard error by lines, and rustc ends every JSON line.
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			scratch := filepath.Join(t.TempDir(), "it's "+hostile)
			if err := os.Mkdir(scratch, 0o755); err != nil {
				t.Fatal(err)
			}
			chain := ""
			if tt.chain {
				chain = filepath.Join(base, "user's wrapper")
				if err := os.WriteFile(chain, []byte("#!/bin/sh\necho chained\nexec \"$@\"\n"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			script, err := writeWrapper(scratch, chain)
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(script, append([]string{rustc}, tt.args...)...)
			cmd.Dir = base // where a command substitution would touch the canary
			cmd.Env = append(os.Environ(), "CARGO_PKG_NAME=app", "FAKE_STATUS="+strconv.Itoa(tt.status))
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err = cmd.Run()
			status := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				status = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if status != tt.status {
				t.Errorf("exit status %d, want %d", status, tt.status)
			}
			if diff := cmp.Diff(tt.wantOut, stdout.String()); diff != "" {
				t.Errorf("standard output (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantErr, stderr.String()); diff != "" {
				t.Errorf("standard error (-want +got):\n%s", diff)
			}
			recs, _ := filepath.Glob(filepath.Join(scratch, unitsDir, "unit.*"))
			got := ""
			if len(recs) == 1 {
				data, err := os.ReadFile(recs[0])
				if err != nil {
					t.Fatal(err)
				}
				got = string(data)
			} else if len(recs) > 1 {
				t.Fatalf("%d records, want at most one", len(recs))
			}
			if diff := cmp.Diff(tt.record, got); diff != "" {
				t.Errorf("record (-want +got):\n%s", diff)
			}
			if _, err := os.Stat(canary); err == nil {
				t.Fatal("the wrapper evaluated an argument or the scratch directory's name")
			}
		})
	}
}

// TestReadRecords checks the records read back: complete ones give the
// externs given and those reported unused; an unfinished one is left out
// with a warning; a malformed one is a warning naming the file and line.
func TestReadRecords(t *testing.T) {
	scratch := t.TempDir()
	units := filepath.Join(scratch, unitsDir)
	writeFiles(t, units, map[string]string{
		"unit.a": "package app\ncrate app\nextern fnv\nextern noprelude:itoa\nextern bad$name\ntest\nsrc src/lib.rs\n" + lintLine + "\nend 0\n",
		"unit.b": "package app\ncrate app\nextern fnv\n",
		"unit.c": "package app\nbogus entry\nend 0\n",
		"unit.d": "crate x\nend 0\n",
	})
	recs, wrapped, warnings := readRecords(scratch)
	if !wrapped {
		t.Fatal("records directory not seen")
	}
	want := []unitRecord{{pkg: "app", crate: "app", test: true, src: "src/lib.rs", externs: []string{"fnv", "itoa"}, unused: map[string]bool{"fnv": true}}}
	if diff := cmp.Diff(want, recs, cmp.AllowUnexported(unitRecord{})); diff != "" {
		t.Errorf("records (-want +got):\n%s", diff)
	}
	wantWarnings := []string{
		`rustc compilation record "` + filepath.Join(units, "unit.c") + `": line 2: unknown entry`,
		`rustc compilation record "` + filepath.Join(units, "unit.d") + `": no package name`,
		"1 compilations of workspace crates did not finish; their verdict is left out",
	}
	if diff := cmp.Diff(wantWarnings, warnings); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
	if _, wrapped, _ := readRecords(t.TempDir()); wrapped {
		t.Error("a scratch directory without records counts as wrapped")
	}
	// A link in place of the records directory is not followed.
	linked := t.TempDir()
	if err := os.Symlink(units, filepath.Join(linked, unitsDir)); err != nil {
		t.Fatal(err)
	}
	if recs, wrapped, warnings := readRecords(linked); wrapped || len(recs) != 0 || len(warnings) != 1 {
		t.Errorf("records through a link: %v, wrapped %v, warnings %q; want none, with one warning", recs, wrapped, warnings)
	}
}

// FuzzReadRecord checks that no record, however malformed, makes the
// reader panic or hang.
func FuzzReadRecord(f *testing.F) {
	f.Add([]byte("package app\ncrate app\nextern fnv\ntest\n" + lintLine + "\nend 0\n"))
	f.Add([]byte("package app\nend x\n"))
	f.Add([]byte("{\"code\":{\"code\":\"unused_crate_dependencies\"},\"message\":\"extern crate `a` is unused in crate `b`\"}\n"))
	f.Add([]byte("extern a:b:c\n\n\x00"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		file := filepath.Join(dir, "unit.fuzz")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		rec, complete, err := readRecord(file)
		if err == nil && complete && !crateName.MatchString(rec.pkg) {
			t.Errorf("complete record with package %q", rec.pkg)
		}
		for _, e := range rec.externs {
			if !crateName.MatchString(e) {
				t.Errorf("extern %q kept", e)
			}
		}
	})
}
