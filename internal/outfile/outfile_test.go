package outfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// ours recognises files that start with "ours".
var ours = Format{Name: "report", Recognize: func(r io.Reader) bool {
	b := make([]byte, 4)
	n, _ := io.ReadFull(r, b)
	return string(b[:n]) == "ours"
}}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	manifest := write("package.json", "{}")
	old := write("old.json", "ours, from an earlier run")
	foreign := write("notes.txt", "the user's notes")
	if err := os.Symlink(manifest, filepath.Join(dir, "link.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(manifest, filepath.Join(dir, "hard.json")); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	at := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		name string
		outs []File
		want string // "" for no error, else a substring of the error
	}{
		{"new", []File{{Label: "--report", Path: at("new.json"), Format: ours}}, ""},
		{"unasked", []File{{Label: "--report", Format: ours}}, ""},
		{"ours", []File{{Label: "--report", Path: old, Format: ours}}, ""},
		{"input", []File{{Label: "--report", Path: manifest, Format: ours}}, `--report: "` + manifest + `" is one of envaudit's inputs; refusing to overwrite it`},
		{"symlinkToInput", []File{{Label: "--sbom", Path: at("link.json"), Format: ours}}, "is one of envaudit's inputs"},
		{"hardLinkToInput", []File{{Label: "--sbom", Path: at("hard.json"), Format: ours}}, "is one of envaudit's inputs"},
		{"foreign", []File{{Label: "--sarif", Path: foreign, Format: ours}}, "exists and is not an envaudit report; refusing to overwrite it"},
		{"fifo", []File{{Label: "--report", Path: fifo, Format: ours}}, "exists and is not an envaudit report"},
		{"directory", []File{{Label: "--report", Path: at("sub"), Format: ours}}, "is a directory"},
		{"missingDir", []File{{Label: "--report", Path: at("nowhere/r.json"), Format: ours}}, "does not exist"},
		{"collision", []File{{Label: "--report", Path: at("x.json"), Format: ours}, {Label: "--sbom", Path: at("x.json"), Format: ours}}, `--sbom: "` + at("x.json") + `" is also the file of --report`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check([]string{manifest}, tt.outs)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Check: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("Check: %v, want an error containing %q", err, tt.want)
			}
		})
	}
	if b, _ := os.ReadFile(foreign); string(b) != "the user's notes" {
		t.Errorf("Check changed a file: %q", b)
	}
}

func TestCheckUnwritable(t *testing.T) {
	if os.Geteuid() == 0 {
		// Root writes anywhere; a read-only directory stops nobody.
		dir := t.TempDir()
		if err := Check(nil, []File{{Label: "--report", Path: filepath.Join(dir, "r.json"), Format: ours}}); err != nil {
			t.Fatal(err)
		}
		return
	}
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	err := Check(nil, []File{{Label: "--report", Path: filepath.Join(dir, "r.json"), Format: ours}})
	if err == nil || !strings.Contains(err.Error(), "is not writable") {
		t.Fatalf("Check: %v, want not writable", err)
	}
}

func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	if err := WriteAtomic(path, func(w io.Writer) error { _, err := io.WriteString(w, "first"); return err }); err != nil {
		t.Fatal(err)
	}
	// A failed write leaves the previous file whole.
	boom := errors.New("boom")
	err := WriteAtomic(path, func(w io.Writer) error { io.WriteString(w, "half"); return boom })
	if !errors.Is(err, boom) {
		t.Fatalf("WriteAtomic: %v, want %v", err, boom)
	}
	if b, _ := os.ReadFile(path); string(b) != "first" {
		t.Errorf("after a failed write the file holds %q, want %q", b, "first")
	}
	// A symbolic link at the path is replaced, not followed.
	link, target := linkToKeep(t, dir)
	if err := WriteAll(File{Label: "--sbom", Path: link, Write: func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "keep" {
		t.Errorf("the link's target holds %q, want %q", b, "keep")
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink != 0 {
		t.Errorf("the link was not replaced by a file: %v %v", st.Mode(), err)
	}
	noTemporaries(t, dir)
	if err := WriteAll(File{Label: "--sbom", Path: filepath.Join(dir, "no/such/dir"), Write: func(io.Writer) error { return nil }}); err == nil || !strings.HasPrefix(err.Error(), "--sbom: ") {
		t.Errorf("WriteAll into a missing directory: %v, want an error starting with the label", err)
	}
}

// TestHeldDirs reproduces issue 20 §9's output written through a directory
// that the traced command replaced by a link into the runner's
// file-command directory: its path was checked before the run, and held;
// after the run the write goes into the held directory only while the
// path still names it, and a replaced one is an error that writes
// nothing, anywhere.
func TestHeldDirs(t *testing.T) {
	content := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	tests := []struct {
		name string
		// change is what the command does to out between Hold and the
		// write; victim is the directory it points out at.
		change  func(t *testing.T, out, victim string)
		written bool
	}{
		{"unchanged", func(*testing.T, string, string) {}, true},
		{"symlinkToVictim", func(t *testing.T, out, victim string) {
			if err := os.Rename(out, out+".moved"); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(victim, out); err != nil {
				t.Fatal(err)
			}
		}, false},
		{"removedAndMadeAgain", func(t *testing.T, out, victim string) {
			if err := os.RemoveAll(out); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(out, 0o755); err != nil {
				t.Fatal(err)
			}
		}, false},
		{"parentReplaced", func(t *testing.T, out, victim string) {
			parent := filepath.Dir(out)
			if err := os.Rename(parent, parent+".moved"); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(parent, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(victim, out); err != nil {
				t.Fatal(err)
			}
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			out := filepath.Join(root, "ws", "out")
			victim := filepath.Join(root, "_runner_file_commands")
			for _, d := range []string{out, victim} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			sbom := filepath.Join(out, "envaudit.cdx.json")
			dirs := Hold([]File{{Label: "sbom", Path: sbom}, {Label: "report", Path: filepath.Join(out, "r.json")}, {Label: "sarif"}})
			defer dirs.Close()
			tt.change(t, out, victim)
			err := dirs.WriteAll(File{Label: "sbom", Path: sbom, Write: content("sbom")})
			if tt.written {
				if err != nil {
					t.Fatal(err)
				}
				if b, err := os.ReadFile(sbom); err != nil || string(b) != "sbom" {
					t.Errorf("the SBOM holds %q (%v)", b, err)
				}
			} else if err == nil || !strings.HasPrefix(err.Error(), "sbom: ") || !strings.Contains(err.Error(), "was replaced while the command ran") {
				t.Errorf("WriteAll: %v, want the replaced directory named", err)
			}
			if entries, _ := os.ReadDir(victim); len(entries) > 0 {
				t.Errorf("the victim directory holds %d files", len(entries))
			}
			noTemporaries(t, filepath.Join(root, "*", "*"))
		})
	}
}

// TestHeldWriteAtomic: through a held directory a failed write leaves the
// previous file whole, and a symbolic link at the path is replaced, not
// followed.
func TestHeldWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	link, target := linkToKeep(t, dir)
	dirs := Hold([]File{{Label: "--report", Path: path}, {Label: "--sbom", Path: filepath.Join(dir, "missing", "s.json")}})
	defer dirs.Close()
	// A directory missing before the run is not written into after it,
	// even if the command made it (as a link to anywhere, say).
	if err := os.Symlink(t.TempDir(), filepath.Join(dir, "missing")); err != nil {
		t.Fatal(err)
	}
	if err := dirs.WriteAtomic(filepath.Join(dir, "missing", "s.json"), func(io.Writer) error { return nil }); err == nil || !strings.Contains(err.Error(), "could not be opened before the command ran") {
		t.Errorf("WriteAtomic into a directory made during the run: %v", err)
	}
	if err := dirs.WriteAtomic(path, func(w io.Writer) error { _, err := io.WriteString(w, "first"); return err }); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	if err := dirs.WriteAtomic(path, func(w io.Writer) error { io.WriteString(w, "half"); return boom }); !errors.Is(err, boom) {
		t.Fatalf("WriteAtomic: %v, want %v", err, boom)
	}
	if b, _ := os.ReadFile(path); string(b) != "first" {
		t.Errorf("after a failed write the file holds %q, want %q", b, "first")
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v (%v), want 0644", st.Mode(), err)
	}
	if err := dirs.WriteAtomic(link, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "keep" {
		t.Errorf("the link's target holds %q, want %q", b, "keep")
	}
	noTemporaries(t, dir)
}

// noTemporaries fails the test if a temporary file of a write is left in
// the directories dirs matches (a glob).
func noTemporaries(t *testing.T, dirs string) {
	t.Helper()
	if left, _ := filepath.Glob(filepath.Join(dirs, ".envaudit-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// linkToKeep makes dir/target, holding "keep", and dir/link, a symbolic
// link to it, which a write must replace rather than follow.
func linkToKeep(t *testing.T, dir string) (link, target string) {
	t.Helper()
	target = filepath.Join(dir, "target")
	if err := os.WriteFile(target, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	link = filepath.Join(dir, "link")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	return link, target
}
