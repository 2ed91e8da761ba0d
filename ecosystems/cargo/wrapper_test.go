package cargo

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/tracer/evchan"
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
			record:  "package app\ncrate app\nextern fnv\nextern noprelude:itoa\ntest\nsrc src/" + hostile + ".rs\nunused fnv\nend 0\n",
			wantOut: "--crate-name\napp\n--error-format=json\n--json=diagnostic-rendered-ansi\n--extern\nfnv=/t/libfnv.rlib\n--extern\nnoprelude:itoa=/t/libitoa.rlib\n--test\nsrc/" + hostile + ".rs\n" + LintFlag + "\n",
			wantErr: "{\"$message_type\":\"artifact\",\"artifact\":\"x.rmeta\",\"emit\":\"metadata\"}\nplain line, no newline at the end\n",
		},
		{
			name:    "failing",
			args:    []string{"--crate-name", "app", "--error-format=json"},
			status:  3,
			record:  "package app\ncrate app\nunused fnv\nend 3\n",
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
			record:  "package app\ncrate app\nunused fnv\nend 0\n",
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
			ch, err := evchan.Open(scratch)
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
			data, err := ch.Close(nil)
			if err != nil {
				t.Fatal(err)
			}
			// Every line carries the compilation's id, the wrapper's pid.
			got, ids := "", map[string]bool{}
			for _, l := range strings.SplitAfter(string(data), "\n") {
				if id, rest, ok := strings.Cut(l, " "); ok {
					ids[id] = true
					got += rest
				}
			}
			if len(ids) > 1 {
				t.Errorf("lines of %d ids, want one: %q", len(ids), data)
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

// channel returns an evidence channel's content holding the records of
// compilations, one text per compilation in the form the wrapper writes
// it without the ids, which it adds (the first compilation's id is 1);
// lines of the form "N: line" are written as they are, after line N.
func channel(units ...string) []byte {
	var b strings.Builder
	for i, u := range units {
		for _, l := range strings.SplitAfter(u, "\n") {
			if l != "" {
				b.WriteString(strconv.Itoa(i+1) + " " + l)
			}
		}
	}
	return []byte(b.String())
}

// TestReadRecords checks the records read back from the channel: complete
// ones give the externs given and those reported unused; an unfinished
// one is left out with a warning; lines that are no record (the build can
// write into the channel) are counted in a warning; compilations that
// ran at once, their lines interleaved, are told apart by their ids.
func TestReadRecords(t *testing.T) {
	tests := []struct {
		name         string
		data         string
		want         []unitRecord
		wantWarnings []string
	}{
		{
			name: "complete",
			data: string(channel("package app\ncrate app\nextern fnv\nextern noprelude:itoa\nextern bad$name\ntest\nsrc src/lib.rs\nunused fnv\nunused bad$\nend 0\n")),
			want: []unitRecord{{pkg: "app", crate: "app", test: true, src: "src/lib.rs", externs: []string{"fnv", "itoa"}, unused: map[string]bool{"fnv": true}}},
		},
		{
			name:         "unfinished",
			data:         string(channel("package app\ncrate app\nextern fnv\n")),
			wantWarnings: []string{"1 compilations of workspace crates did not finish; their verdict is left out"},
		},
		{
			name: "interleaved",
			data: "7 package app\n8 package lib\n7 crate app\n8 crate lib\n8 unused fnv\n8 extern fnv\n7 extern fnv\n8 end 0\n7 end 101\n",
			want: []unitRecord{
				{pkg: "lib", crate: "lib", externs: []string{"fnv"}, unused: map[string]bool{"fnv": true}},
				{pkg: "app", crate: "app", externs: []string{"fnv"}, unused: map[string]bool{}, status: 101},
			},
		},
		{
			// A pid is used again once its compilation ended.
			name: "idReused",
			data: "7 package app\n7 end 0\n7 package lib\n7 end 0\n",
			want: []unitRecord{{pkg: "app", unused: map[string]bool{}}, {pkg: "lib", unused: map[string]bool{}}},
		},
		{
			name:         "forgedLines",
			data:         "bogus\n9 crate x\n9 end 0\n7 package app\n7 bogus entry\nx7 unused fnv\n7 end 0\n",
			want:         []unitRecord{{pkg: "app", unused: map[string]bool{}}},
			wantWarnings: []string{"5 lines of the evidence channel are no rustc compilation record; they were ignored"},
		},
		{
			name:         "noPackageName",
			data:         "7 package \n7 end 0\n",
			wantWarnings: []string{"1 lines of the evidence channel are no rustc compilation record; they were ignored"},
		},
		{name: "empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, warnings := readRecords([]byte(tt.data))
			if diff := cmp.Diff(tt.want, recs, cmp.AllowUnexported(unitRecord{})); diff != "" {
				t.Errorf("records (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantWarnings, warnings); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzReadRecords checks that no channel content, however malformed,
// makes the reader panic or hang, or keep a name rustc would not accept.
func FuzzReadRecords(f *testing.F) {
	f.Add(channel("package app\ncrate app\nextern fnv\ntest\nunused fnv\nend 0\n"))
	f.Add([]byte("1 package app\n1 end x\n"))
	f.Add([]byte("1 package app\n2 package app\n1 end 0\n"))
	f.Add([]byte("1 extern a:b:c\n\n\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, _ := readRecords(data)
		for _, rec := range recs {
			if !crateName.MatchString(rec.pkg) {
				t.Errorf("complete record with package %q", rec.pkg)
			}
			for _, e := range rec.externs {
				if !crateName.MatchString(e) {
					t.Errorf("extern %q kept", e)
				}
			}
			for e := range rec.unused {
				if !crateName.MatchString(e) {
					t.Errorf("unused %q kept", e)
				}
			}
		}
	})
}
