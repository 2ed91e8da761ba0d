package baseline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/audit/reporttest"
)

func TestBaseline(t *testing.T) {
	b := &Baseline{Taken: time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)}
	b.Add("npm", Package{Name: "lodash", Version: "4.17.21"}, Package{Name: "chalk", Version: "4.1.2"})
	b.Add("npm", Package{Name: "chalk", Version: "4.1.2"})
	b.Add("system", Package{Name: "libsqlite3-0"})
	path := filepath.Join(t.TempDir(), "baseline.json")
	if err := Write(path, b); err != nil {
		t.Fatal(err)
	}
	got, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(b, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	if !got.Has("npm", "lodash") || got.Has("npm", "ms") || got.Has("python", "lodash") {
		t.Errorf("Has is wrong for %+v", got)
	}

	r := reporttest.Example(t)
	if err := got.Enrich(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	prov := map[string]string{}
	for _, f := range r.Ecosystems[0].Findings {
		prov[f.Package] = f.Provenance
	}
	want := map[string]string{"lodash": "machine", "ms": "workflow", "yargs": "", "left-padd": "", "@types/node": "", "y18n": "", "chalk": ""}
	if diff := cmp.Diff(want, prov); diff != "" {
		t.Errorf("provenance (-want +got):\n%s", diff)
	}
	var none *Baseline
	if err := none.Enrich(context.Background(), r); err != nil { // no baseline: nothing to do, no panic
		t.Fatal(err)
	}
	if r.Ecosystems[0].Findings[3].Provenance != audit.ProvenanceWorkflow {
		t.Error("nil baseline changed the report")
	}

	for name, content := range map[string]string{"bad.json": "{", "v2.json": `{"version":2}`} {
		p := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(p); err == nil {
			t.Errorf("Read(%s) accepted it", name)
		}
	}
}

// TestAttackBaselineNotAFile reproduces issue 20's baseline attack: the
// install steps replace the baseline file by a named pipe no one writes
// (a read would block past every timeout), by a link to /dev/zero (a read
// would never end), or by a file past the cap. Each is refused at once,
// naming the file.
func TestAttackBaselineNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero.json")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.json")
	if err := os.WriteFile(huge, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, MaxSize+1); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, path, want string }{
		{"fifo", fifo, "not a regular file (a named pipe)"},
		{"devZero", zero, "not a regular file (a character device)"},
		{"huge", huge, "file is larger than the 16 MiB limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(tt.path)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), tt.path) {
				t.Errorf("Read: %v, want an error naming %s and saying %q", err, tt.path, tt.want)
			}
		})
	}
}

func TestCounts(t *testing.T) {
	tests := []struct {
		name string
		b    *Baseline
		want string
	}{
		{"empty", &Baseline{}, "no packages"},
		{"lookedAtOnly", func() *Baseline { b := &Baseline{}; b.Add("python"); return b }(), "0 python packages"},
		{"sorted", func() *Baseline {
			b := &Baseline{}
			b.Add("system", Package{Name: "libc6"}, Package{Name: "zlib1g"})
			b.Add("python", Package{Name: "pyyaml"})
			return b
		}(), "1 python, 2 system packages"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.b.Counts()); diff != "" {
				t.Errorf("Counts (-want +got):\n%s", diff)
			}
		})
	}
}
