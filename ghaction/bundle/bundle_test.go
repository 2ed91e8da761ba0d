package bundle

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/audit/reporttest"
	"github.com/envaudit/envaudit/ecosystems"
)

const head = "0123456789abcdef0123456789abcdef01234567"

// example is a valid bundle of the example report, its failing count the
// report's gating marks.
func example(t testing.TB) *Bundle {
	t.Helper()
	r := reporttest.Example(t)
	n := 0
	for _, e := range r.Ecosystems {
		for _, f := range e.Findings {
			if f.Gating {
				n++
			}
		}
	}
	return New(r, head, "app", n)
}

func encode(t testing.TB, b *Bundle) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := b.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestRoundTrip writes and reads the example bundle, and every report
// the repository's golden files hold: what envaudit writes validates.
func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	want := example(t)
	if err := os.WriteFile(filepath.Join(dir, FileName), encode(t, want), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("bundle (-want +got):\n%s", diff)
	}

	golden, err := filepath.Glob("../../audit/testdata/cases/*/report.json")
	if err != nil || len(golden) == 0 {
		t.Fatalf("no golden reports: %v", err)
	}
	more, _ := filepath.Glob("../../sbom/testdata/reports/*.json")
	for _, p := range append(golden, more...) {
		t.Run(filepath.Base(filepath.Dir(p))+"-"+filepath.Base(p), func(t *testing.T) {
			f, err := os.Open(p)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			r, err := audit.ReadReport(f, p)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, e := range r.Ecosystems {
				for _, f := range e.Findings {
					if f.Gating {
						n++
					}
				}
			}
			if _, err := Decode(encode(t, New(r, head, "", n)), "b.json"); err != nil {
				t.Errorf("a report envaudit wrote does not validate: %v", err)
			}
		})
	}
}

// TestAttackHostileBundle reproduces issue 10's hostile bundle: the audit
// job runs the pull request's code, which may write any bundle it likes;
// each one below must be refused, naming the field, before anything of it
// is published.
func TestAttackHostileBundle(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(b *Bundle)
		raw    func([]byte) []byte
		substr string
	}{
		{name: "schemaVersion", edit: func(b *Bundle) { b.SchemaVersion = 2 }, substr: "not an envaudit bundle of schema version 1"},
		{name: "kind", edit: func(b *Bundle) { b.Kind = "sbom" }, substr: "not an envaudit bundle"},
		{name: "headSha", edit: func(b *Bundle) { b.HeadSHA = "main" }, substr: "headSha: \"main\" is not a commit hash"},
		{name: "reportSchema", edit: func(b *Bundle) { b.Report.SchemaVersion = 9 }, substr: "report.schemaVersion: want 1, not 9"},
		{name: "noReport", edit: func(b *Bundle) { b.Report = nil }, substr: "report: missing"},
		{name: "unknownField", raw: func(d []byte) []byte {
			return bytes.Replace(d, []byte(`"kind": "envaudit-bundle",`), []byte(`"kind": "envaudit-bundle", "verdict": "pass",`), 1)
		}, substr: `unknown field "verdict"`},
		{name: "trailingData", raw: func(d []byte) []byte { return append(d, "{}"...) }, substr: "data after the bundle"},
		{name: "malformed", raw: func(d []byte) []byte { return d[:len(d)/2] }, substr: "unexpected EOF"},
		{name: "absoluteLocation", edit: func(b *Bundle) { firstLocated(b).Location.File = "/etc/passwd" }, substr: `location.file: "/etc/passwd" is not a clean relative path`},
		{name: "dotdotLocation", edit: func(b *Bundle) { firstLocated(b).Location.File = "../../.github/workflows/ci.yml" }, substr: `"../../.github/workflows/ci.yml" is outside the repository`},
		{name: "uncleanLocation", edit: func(b *Bundle) { firstLocated(b).Location.File = "a/./b" }, substr: "is not a clean relative path"},
		{name: "backslashLocation", edit: func(b *Bundle) { firstLocated(b).Location.File = `..\x` }, substr: "is not a clean relative path"},
		{name: "dotdotManifest", edit: func(b *Bundle) { b.Report.Ecosystems[0].Manifests[0] = "../../x" }, substr: "manifests[0]"},
		{name: "dotdotPrefix", edit: func(b *Bundle) { b.Prefix = "../other" }, substr: "prefix:"},
		{name: "dotdotEvidence", edit: func(b *Bundle) { b.Report.Ecosystems[0].Traced[0].Files = []string{"../../x"} }, substr: "traced[0].files[0]"},
		{name: "negativeLine", edit: func(b *Bundle) { firstLocated(b).Location.Line = -1 }, substr: "line -1 out of range"},
		{name: "hugeLine", edit: func(b *Bundle) { firstLocated(b).Location.Line = 1 << 30 }, substr: "out of range"},
		{name: "unknownKind", edit: func(b *Bundle) { b.Report.Ecosystems[0].Findings[0].Kind = "harmless" }, substr: `unknown kind "harmless"`},
		{name: "unknownReason", edit: func(b *Bundle) { b.Report.Ecosystems[0].Findings[0].Reason = "fine" }, substr: `unknown reason "fine"`},
		{name: "unknownSeverity", edit: func(b *Bundle) { b.Report.Ecosystems[0].Findings[0].Severity = "none" }, substr: `unknown severity "none"`},
		{name: "unknownChange", edit: func(b *Bundle) { b.Report.Ecosystems[0].Findings[0].Change = "old" }, substr: `unknown change "old"`},
		{name: "unknownScope", edit: func(b *Bundle) { b.Report.Ecosystems[0].Declared[0].Scope = "never" }, substr: `unknown scope "never"`},
		{name: "newlineInName", edit: func(b *Bundle) { b.Report.Ecosystems[0].Findings[0].Package = "x\n| forged | row |" }, substr: "control character U+000A"},
		{name: "escapeInVersion", edit: func(b *Bundle) { b.Report.Ecosystems[0].Findings[0].Version = "1\x1b[2J" }, substr: "control character U+001B"},
		{name: "lineSeparator", edit: func(b *Bundle) { b.Report.Ecosystems[0].Findings[0].Package = "a\u2028b" }, substr: "control character U+2028"},
		{name: "bidiInName", edit: func(b *Bundle) { b.Report.Ecosystems[0].Findings[0].Package = "evil\u202Esj" }, substr: "control character U+202E"},
		{name: "zeroWidthInPath", edit: func(b *Bundle) { firstLocated(b).Location.File = "pack\u200bage.json" }, substr: "control character U+200B"},
		{name: "longName", edit: func(b *Bundle) { b.Report.Ecosystems[0].Findings[0].Package = strings.Repeat("a", maxName+1) }, substr: "longer than 512 bytes"},
		{name: "longMessage", edit: func(b *Bundle) { b.Report.Ecosystems[0].Findings[0].Message = strings.Repeat("a", maxMessage+1) }, substr: "longer than 8192 bytes"},
		{name: "emptyPackage", edit: func(b *Bundle) { b.Report.Ecosystems[0].Findings[0].Package = "" }, substr: "package: empty"},
		{name: "locatedNewline", edit: func(b *Bundle) { b.Report.Ecosystems[0].Located = []string{"x\n## forged"} }, substr: "located[0]: control character U+000A"},
		{name: "sourceOutside", edit: func(b *Bundle) {
			b.Report.Ecosystems[0].Sources = &audit.Sources{Code: []string{"index.js"}, Tests: []string{"../../etc/passwd"}}
		}, substr: `sources.tests[0]: "../../etc/passwd" is not a clean path`},
		{name: "lockfileNotManifest", edit: func(b *Bundle) {
			b.Report.Ecosystems[0].Lockfiles = append(b.Report.Ecosystems[0].Lockfiles, "other.lock")
		}, substr: `"other.lock" is not one of the manifests`},
		{name: "twoEcosystems", edit: func(b *Bundle) { b.Report.Ecosystems = append(b.Report.Ecosystems, b.Report.Ecosystems[0]) }, substr: "twice"},
		{name: "negativeCount", edit: func(b *Bundle) { b.Report.Ecosystems[0].Metrics.Declared = -1 }, substr: "metrics: negative count"},
		{name: "transitive", edit: func(b *Bundle) { b.Report.Ecosystems[0].Metrics.Transitive = 1 << 20 }, substr: "metrics.transitive"},
		{name: "phantomNotDeclared", edit: func(b *Bundle) { firstOf(b, audit.Phantom).Package = "made-up" }, substr: `a phantom finding of "made-up", which the report's declared packages do not list`},
		{name: "manifestNotDeclared", edit: func(b *Bundle) {
			f := firstOf(b, audit.Phantom)
			f.Kind, f.Reason, f.Package = audit.Manifest, audit.ReasonIndirect, "made-up"
		}, substr: `a manifest finding of "made-up", which the report's declared packages do not list`},
		{name: "devDeclaredNotDeclared", edit: func(b *Bundle) {
			f := firstOf(b, audit.Hidden)
			f.Reason, f.Package = audit.ReasonDevDeclared, "made-up"
		}, substr: `a hidden finding of "made-up", which the report's declared packages do not list`},
		{name: "bloatNotInstalled", edit: func(b *Bundle) { firstOf(b, audit.Bloat).Package = "made-up" }, substr: "installed packages do not list"},
		{name: "rate", edit: func(b *Bundle) { b.Report.Ecosystems[0].Metrics.PhantomRate = 7 }, substr: "phantomRate: 7 out of range"},
		{name: "succeededWithExit", edit: func(b *Bundle) { b.Report.Run.ExitCode = 1 }, substr: "a run that succeeded with exit code 1"},
		{name: "succeededIncompletely", edit: func(b *Bundle) { b.Report.Run.IncompleteTrace = true }, substr: "report.run.succeeded"},
		{name: "backend", edit: func(b *Bundle) { b.Report.Run.Backend = "dtrace" }, substr: `report.run.backend: unknown backend "dtrace"`},
		{name: "loader", edit: func(b *Bundle) { b.Report.Run.Loader = "doas" }, substr: `report.run.loader: unknown loader "doas"`},
		{name: "hookNewline", edit: func(b *Bundle) { b.Report.Run.Hooks = []string{"tp_btf/sys_enter\n## forged"} }, substr: "report.run.hooks[0]"},
		{name: "lost", edit: func(b *Bundle) { b.Report.Run.Lost = -1 }, substr: "report.run: negative count"},
		{name: "purl", edit: func(b *Bundle) { b.Report.Ecosystems[0].Installed[0].PURL = "javascript:alert(1)" }, substr: "is not a package URL"},
		{name: "failingClaim", edit: func(b *Bundle) { firstOf(b, audit.Hidden).Gating = true }, substr: "failing: the bundle counts 0 failing findings, its report marks"},
		{name: "negativeFailing", edit: func(b *Bundle) { b.Failing = -1 }, substr: "failing: negative count"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := example(t)
			if tt.edit != nil {
				tt.edit(b)
			}
			data := encode(t, b)
			if tt.raw != nil {
				data = tt.raw(data)
			}
			_, err := Decode(data, "bundle.json")
			if err == nil || !strings.Contains(err.Error(), tt.substr) {
				t.Errorf("Decode: %v, want an error holding %q", err, tt.substr)
			}
			if err != nil && !strings.HasPrefix(err.Error(), "bundle.json") {
				t.Errorf("error %q does not name the file", err)
			}
		})
	}
}

// TestProse checks that the validator's strictness is for the structure:
// prose (a note, a message, a warning, evidence, why a package was
// excluded, the command's words) holding several lines, a tab, an escape
// sequence or a bidirectional control passes, as the error of a failed
// git fetch does in a note; the publisher shows prose only through
// inert.
func TestProse(t *testing.T) {
	const text = "fetch base commit 0123456: git fetch: exit status 128:\nfatal: 'origin' does not appear to be a git repository\n\tfatal: \x1b[31mCould not read\u202E from remote repository."
	tests := []struct {
		name string
		edit func(b *Bundle)
	}{
		{"note", func(b *Bundle) { b.Notes = []string{"Not compared with the base commit: " + text + "."} }},
		{"message", func(b *Bundle) { b.Report.Ecosystems[0].Findings[0].Message = text }},
		{"warning", func(b *Bundle) { b.Report.Warnings = append(b.Report.Warnings, text) }},
		{"ecosystemWarning", func(b *Bundle) { b.Report.Ecosystems[0].Warnings = append(b.Report.Ecosystems[0].Warnings, text) }},
		{"evidence", func(b *Bundle) { b.Report.Ecosystems[0].Evidence = text }},
		{"ignored", func(b *Bundle) { b.Report.Ecosystems[0].Findings[0].Ignored = text }},
		{"fallback", func(b *Bundle) { b.Report.Run.Fallback = text }},
		{"command", func(b *Bundle) { b.Report.Run.Command = []string{"bash", "-c", text} }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := example(t)
			tt.edit(b)
			if _, err := Decode(encode(t, b), "b.json"); err != nil {
				t.Errorf("Decode: %v", err)
			}
		})
	}
}

// firstLocated returns the example's first finding with a manifest line.
func firstLocated(b *Bundle) *audit.Finding {
	for i := range b.Report.Ecosystems {
		for j := range b.Report.Ecosystems[i].Findings {
			if f := &b.Report.Ecosystems[i].Findings[j]; f.Location != nil {
				return f
			}
		}
	}
	panic("the example report has no finding with a location")
}

// firstOf returns the example's first finding of kind k.
func firstOf(b *Bundle, k audit.Kind) *audit.Finding {
	for i := range b.Report.Ecosystems {
		for j := range b.Report.Ecosystems[i].Findings {
			if f := &b.Report.Ecosystems[i].Findings[j]; f.Kind == k {
				return f
			}
		}
	}
	panic("the example report has no finding of kind " + string(k))
}

// TestParentPath checks that a path may leave the project's directory as
// long as it stays in the repository.
func TestParentPath(t *testing.T) {
	b := example(t) // prefix app
	firstLocated(b).Location.File = "../requirements/common.txt"
	if _, err := Decode(encode(t, b), "b.json"); err != nil {
		t.Errorf("a manifest beside the project's directory: %v", err)
	}
	b.Prefix = ""
	if _, err := Decode(encode(t, b), "b.json"); err == nil {
		t.Errorf("a manifest above the repository's root validated")
	}
}

// TestAttackOversizedBundle reproduces issue 10's oversized bundle: a
// file larger than the cap is refused before it is read whole, and so is
// one that is not a regular file.
func TestAttackOversizedBundle(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, FileName)
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxSize + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := Read(dir); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("Read of an oversized bundle: %v", err)
	}
	if _, err := Decode(make([]byte, MaxSize+1), "b"); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("Decode of an oversized bundle: %v", err)
	}

	t.Run("symlink", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.Symlink("/proc/self/environ", filepath.Join(dir, FileName)); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Read through a symbolic link: %v", err)
		}
	})
	t.Run("fifo", func(t *testing.T) {
		dir := t.TempDir()
		if err := syscall.Mkfifo(filepath.Join(dir, FileName), 0o600); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		if _, err := Read(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Read of a FIFO: %v", err)
		}
	})
	t.Run("missing", func(t *testing.T) {
		if _, err := Read(t.TempDir()); err == nil || !strings.Contains(err.Error(), FileName) {
			t.Errorf("Read of an empty directory: %v", err)
		}
	})
}

// zipOf builds an archive of the given entries; a mode of fs.ModeSymlink
// makes an entry a symbolic link.
func zipOf(t testing.TB, entries ...zipEntry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate}
		if e.mode != 0 {
			h.SetMode(e.mode)
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(e.data); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

type zipEntry struct {
	name string
	data []byte
	mode fs.FileMode
}

// TestAttackHostileArtifact reproduces issue 10's hostile artifacts: a
// zip bomb, forged, absolute and ".." paths, symbolic links and extra
// files in the archive the publisher downloads.
func TestAttackHostileArtifact(t *testing.T) {
	good := encode(t, example(t))
	if b, err := ReadZip(zipOf(t, zipEntry{name: FileName, data: good}), "artifact.zip"); err != nil || b.HeadSHA != head {
		t.Fatalf("ReadZip of a good archive: %v", err)
	}
	// A bomb: zeros compress about a thousandfold, so a few tens of
	// kilobytes of archive decompress past the cap.
	bomb := zipOf(t, zipEntry{name: FileName, data: make([]byte, MaxSize+1024)})
	many := make([]zipEntry, maxZipEntries+1)
	for i := range many {
		many[i] = zipEntry{name: FileName + strings.Repeat("x", i)}
	}
	tests := []struct {
		name   string
		data   []byte
		substr string
	}{
		{"bomb", bomb, "larger than"},
		// archive/zip stops reading past the recorded size.
		{"lyingBomb", lieAboutSize(t, bomb), FileName + ": zip: not a valid zip file"},
		{"absolute", zipOf(t, zipEntry{name: "/" + FileName, data: good}), "a path outside the archive's directory"},
		{"dotdot", zipOf(t, zipEntry{name: "../" + FileName, data: good}), "a path outside"},
		{"inner", zipOf(t, zipEntry{name: "a/../../" + FileName, data: good}), "a path outside"},
		{"backslash", zipOf(t, zipEntry{name: `..\` + FileName, data: good}), "a path outside"},
		{"drive", zipOf(t, zipEntry{name: "C:" + FileName, data: good}), "a path outside"},
		{"symlink", zipOf(t, zipEntry{name: FileName, data: []byte("/proc/self/environ"), mode: fs.ModeSymlink | 0o777}), "not a regular file"},
		{"extra", zipOf(t, zipEntry{name: FileName, data: good}, zipEntry{name: "run.sh", data: []byte("curl x | sh")}), `entry "run.sh": not part of a bundle`},
		{"twice", zipOf(t, zipEntry{name: FileName, data: good}, zipEntry{name: FileName, data: good}), "twice"},
		{"empty", zipOf(t), "no " + FileName},
		{"manyEntries", zipOf(t, many...), "more than a bundle's"},
		{"notZip", good, "zip: not a valid zip file"},
		{"huge", make([]byte, MaxZipSize+1), "the archive is larger than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadZip(tt.data, "artifact.zip")
			if err == nil || !strings.Contains(err.Error(), tt.substr) {
				t.Errorf("ReadZip: %v, want an error holding %q", err, tt.substr)
			}
		})
	}
}

// lieAboutSize rewrites the archive's recorded uncompressed sizes (local
// header and central directory) to a small value, as a crafted bomb
// would, so only the bounded read can stop it.
func lieAboutSize(t *testing.T, data []byte) []byte {
	t.Helper()
	out := bytes.Clone(data)
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	size := uint32(zr.File[0].UncompressedSize64)
	var le [4]byte
	le[0], le[1], le[2], le[3] = byte(size), byte(size>>8), byte(size>>16), byte(size>>24)
	lie := []byte{0x00, 0x04, 0x00, 0x00} // 1024
	n := bytes.Count(out, le[:])
	if n == 0 {
		t.Fatal("the recorded size is not in the archive")
	}
	out = bytes.ReplaceAll(out, le[:], lie)
	return out
}

// TestCheckHead checks that a bundle of another commit is refused.
func TestCheckHead(t *testing.T) {
	b := example(t)
	if err := b.CheckHead(head); err != nil {
		t.Errorf("CheckHead(own head): %v", err)
	}
	for _, other := range []string{"", strings.Repeat("f", 40)} {
		if err := b.CheckHead(other); err == nil {
			t.Errorf("CheckHead(%q) accepted a bundle of %s", other, head)
		}
	}
}

// TestReadDigest checks that a reader that knows the digest of the
// bundle its writer wrote reads that bundle and refuses any other: one
// the pull request's code put in its place, however valid.
func TestReadDigest(t *testing.T) {
	want := example(t)
	digest, err := want.Digest()
	if err != nil {
		t.Fatal(err)
	}
	other := example(t)
	other.Notes = []string{"No finding of this pull request fails."}
	tests := []struct {
		name    string
		file    []byte
		digest  string
		wantErr error
	}{
		{"written", encode(t, want), digest, nil},
		{"replaced", encode(t, other), digest, ErrNotWritten},
		{"noDigest", encode(t, want), "", ErrNotWritten},
		{"missing", nil, digest, os.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.file != nil {
				if err := os.WriteFile(filepath.Join(dir, FileName), tt.file, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			got, err := ReadDigest(dir, tt.digest)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("bundle (-want +got):\n%s", diff)
			}
		})
	}
}

// TestIsBundle checks the recogniser outfile uses.
func TestIsBundle(t *testing.T) {
	if !IsBundle(bytes.NewReader(encode(t, example(t)))) {
		t.Error("IsBundle rejects a bundle")
	}
	r := reporttest.Example(t)
	var buf bytes.Buffer
	_ = r.WriteJSON(&buf)
	if IsBundle(&buf) {
		t.Error("IsBundle accepts a report")
	}
}

func FuzzDecode(f *testing.F) {
	good := encode(f, example(f))
	f.Add(good)
	f.Add([]byte(`{"schemaVersion":1,"kind":"envaudit-bundle","headSha":"` + head + `","report":{"schemaVersion":1,"tool":{"name":"envaudit"},"ecosystems":[]}}`))
	small := New(&audit.Report{SchemaVersion: 1, Tool: audit.Tool{Name: "envaudit"}, Ecosystems: []audit.EcosystemReport{{
		Name: "npm", Manifests: []string{"package.json"},
		Findings: []audit.Finding{{Kind: audit.Phantom, Reason: audit.ReasonUnused, Package: "x", Severity: "warning", Location: &ecosystems.Pos{File: "package.json", Line: 3}}},
	}}}, head, "", 0)
	f.Add(encode(f, small))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Decode(data, "fuzz.json")
		if err != nil {
			return
		}
		// What validates re-encodes and validates again.
		out, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Decode(out, "again.json"); err != nil {
			t.Fatalf("a valid bundle re-encoded does not validate: %v", err)
		}
	})
}

func FuzzReadZip(f *testing.F) {
	f.Add(zipOf(f, zipEntry{name: FileName, data: encode(f, example(f))}))
	f.Add(zipOf(f, zipEntry{name: "../x", data: []byte("{}")}))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = ReadZip(data, "fuzz.zip")
	})
}
