package study

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadManifest: any manifest gives projects or an error naming the
// file, never a panic.
func FuzzReadManifest(f *testing.F) {
	f.Add("report,agent,task,trial\nr.json,a,t,1\n")
	f.Add("report\n\"a,b\n")
	f.Add("\ufeffReport,Language\nr.json,JavaScript\n")
	f.Add("report,agent\n,x\n")
	dir := f.TempDir()
	report := `{"schemaVersion":1,"ecosystems":[{"name":"npm","declared":[],"installed":[],"traced":[],"findings":[],"metrics":{},"studyMetrics":{"definition":"study"}}]}`
	if err := os.WriteFile(filepath.Join(dir, "r.json"), []byte(report), 0o644); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, content string) {
		name := filepath.Join(dir, "m.csv")
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		ps, err := ReadManifest(name)
		if err == nil && len(ps) == 0 {
			t.Fatal("no error and no project")
		}
		if err == nil {
			if _, err := Entries(ps); err == nil {
				_ = Compute(len(ps), nil)
			}
		}
	})
}

// FuzzLayout: any layout compiles or is refused, never a panic.
func FuzzLayout(f *testing.F) {
	for _, s := range []string{DefaultLayout, "x{agent}y", "{", "}{", "{agent}{task}", "a/{trial}/b.{task}"} {
		f.Add(s, "a/b/c")
	}
	f.Fuzz(func(t *testing.T, layout, path string) {
		re, fields, err := compileLayout(layout)
		if err != nil {
			return
		}
		if m := re.FindStringSubmatch(path); m != nil && len(m) != len(fields)+1 {
			t.Fatalf("%d groups for %d fields", len(m)-1, len(fields))
		}
	})
}
