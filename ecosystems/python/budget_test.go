package python

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// chain returns a setup.py whose names A1…A<levels> each join width
// copies of the one before, with sep ("+" for concatenation, "," in a
// list), and whose install_requires is the last.
func chain(levels, width int, sep, first string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "A0 = %s\n", first)
	for i := 1; i <= levels; i++ {
		refs := make([]string, width)
		for k := range refs {
			refs[k] = fmt.Sprintf("A%d", i-1)
		}
		if sep == "," {
			fmt.Fprintf(&b, "A%d = [%s]\n", i, strings.Join(refs, ", "))
		} else {
			fmt.Fprintf(&b, "A%d = %s\n", i, strings.Join(refs, " + "))
		}
	}
	fmt.Fprintf(&b, "setup(\n    name='bomb',\n    install_requires=A%d,\n)\n", levels)
	return b.String()
}

// TestSetupPyBudget reproduces issue 20's setup.py names built by
// concatenation: each of 7 names joining 16 copies of the one before
// (16^7 strings), lists of 200 lists of 200 lists, and a 64 KiB string
// doubled through 7 names (8 MiB). Each stops at a budget of the evaluation with an
// error at the line it reached; the work counters are asserted, never
// the time.
func TestSetupPyBudget(t *testing.T) {
	steps := fmt.Sprintf("more than %d setup.py expressions evaluated: over the work budget", maxSetupPySteps)
	bytes := fmt.Sprintf("more than %d bytes of setup.py strings evaluated: over the work budget", maxSetupPyBytes)
	tests := []struct {
		name    string
		src     string
		wantErr string
		want    int // requirements read when there is no error
	}{
		// Depth first, the budgets run out at the deepest name, A1's
		// line 2, or A0's literal list on line 1, where every path ends.
		{name: "concatenation", src: chain(7, 16, "+", "'six'"), wantErr: "setup.py:2: " + steps},
		{name: "lists", src: chain(3, 200, ",", "['six']"), wantErr: "setup.py:1: " + steps},
		{name: "doubling", src: chain(7, 2, "+", "'"+strings.Repeat("x", 64<<10)+"'"), wantErr: "setup.py:2: " + bytes},
		{name: "small", src: chain(3, 4, "+", "'six'"), want: 64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args, ev, err := parseSetupPyEval("setup.py", tt.src)
			ecotest.BudgetError(t, err, tt.wantErr)
			if tt.wantErr != "" {
			} else if len(args.install) != tt.want {
				t.Errorf("%d requirements, want %d", len(args.install), tt.want)
			}
			if ev.steps.Used() > maxSetupPySteps+1 || ev.bytes.Used() > 2*maxSetupPyBytes {
				t.Errorf("%d steps, %d bytes: past the budgets", ev.steps.Used(), ev.bytes.Used())
			}
		})
	}
	// The manifest reader fails with it, as with an invalid requirement.
	if _, _, _, err := parseSetupPyManifest("setup.py", []byte(chain(7, 16, "+", "'six'"))); !errors.Is(err, ecosystems.ErrOverBudget) {
		t.Errorf("parseSetupPyManifest: %v, want the budget's error", err)
	}
}

// FuzzSetupPyCost is the cost oracle of the setup.py reader: whatever
// the file holds, the evaluation stays within its budgets (plus the last
// spend, at most a string of the file times the nesting the reader
// follows), and an error past them is positioned.
func FuzzSetupPyCost(f *testing.F) {
	f.Add(chain(3, 3, "+", "'a'"))
	f.Add(chain(2, 5, ",", "['a', 'b' 'c']"))
	f.Add("A = B + B\nB = A + A\nsetup(install_requires=A, extras_require={'x': B})\n")
	f.Fuzz(func(t *testing.T, src string) {
		_, ev, err := parseSetupPyEval("setup.py", src)
		if ev == nil {
			return // not tokenized: nothing evaluated
		}
		if ev.steps.Used() > maxSetupPySteps+1 || ev.bytes.Used() > maxSetupPyBytes+len(src)+1 {
			t.Fatalf("%d steps, %d bytes", ev.steps.Used(), ev.bytes.Used())
		}
		var pe *ecosystems.PosError
		if errors.Is(err, ecosystems.ErrOverBudget) && !errors.As(err, &pe) {
			t.Fatalf("budget error without a position: %v", err)
		}
	})
}

// countFS counts the files opened through it: the work counter of a
// reader that follows files.
type countFS struct {
	fs.FS
	opened int
}

func (c *countFS) Open(name string) (fs.File, error) {
	c.opened++
	return c.FS.Open(name)
}

// TestRequirementsBudget reproduces an exponential -r chain: 30
// directories, each holding a requirements file that includes the next
// one's twice, through two links to it, so each level names two new
// files (2^30 names, each path one link longer, under the kernel's 40
// links a lookup may follow). The reads stop at maxRequirementFiles with
// an error on the -r line past it.
func TestRequirementsBudget(t *testing.T) {
	dir := t.TempDir()
	const levels = 30
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("requirements.txt", "six\n-r d1/requirements.txt\n")
	for i := 1; i <= levels; i++ {
		d := fmt.Sprintf("d%d", i)
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
		if i == levels {
			write(d+"/requirements.txt", "idna\n")
			continue
		}
		for _, l := range []string{"a", "b"} {
			if err := os.Symlink(fmt.Sprintf("../d%d", i+1), filepath.Join(dir, d, l)); err != nil {
				t.Fatal(err)
			}
		}
		write(d+"/requirements.txt", "-r a/requirements.txt\n-r b/requirements.txt\n")
	}
	fsys := &countFS{FS: os.DirFS(dir)}
	_, _, err := readRequirementTree(ecosystems.Source{FS: fsys, Root: dir}, []reqRoot{{file: "requirements.txt"}}, nil, nil)
	want := fmt.Sprintf(": more than %d requirements files read through -r and -c: over the work budget", maxRequirementFiles)
	var pe *ecosystems.PosError
	if err == nil || !strings.Contains(err.Error(), want) || !errors.Is(err, ecosystems.ErrOverBudget) || !errors.As(err, &pe) {
		t.Fatalf("error %v, want a positioned one saying %q", err, want)
	}
	// Depth first, the budget runs out on a -r line of a file below d1.
	if !strings.HasPrefix(pe.Pos.File, "d1/") || pe.Pos.Line != 1 && pe.Pos.Line != 2 {
		t.Errorf("error at %v, want a -r line of a file below d1", pe.Pos)
	}
	if fsys.opened > maxRequirementFiles {
		t.Errorf("%d files opened, more than the budget's %d", fsys.opened, maxRequirementFiles)
	}
}

// FuzzRequirementsCost is the cost oracle of the -r and -c tree: for any
// three requirements files that may include each other, each file is
// opened at most once, so never more than the budget's files, and an
// error past the budget is positioned.
func FuzzRequirementsCost(f *testing.F) {
	f.Add("six\n-r a.txt\n-c d/b.txt\n", "-r requirements.txt\nidna\n", "-r ../a.txt\n-r ../requirements.txt\n")
	f.Fuzz(func(t *testing.T, root, a, b string) {
		fsys := &countFS{FS: fstest.MapFS{
			"requirements.txt": {Data: []byte(root)},
			"a.txt":            {Data: []byte(a)},
			"d/b.txt":          {Data: []byte(b)},
		}}
		_, _, err := readRequirementTree(ecosystems.Source{FS: fsys}, []reqRoot{{file: "requirements.txt"}}, nil, nil)
		if fsys.opened > 3 {
			t.Fatalf("%d opens of three files", fsys.opened)
		}
		var pe *ecosystems.PosError
		if errors.Is(err, ecosystems.ErrOverBudget) && !errors.As(err, &pe) {
			t.Fatalf("budget error without a position: %v", err)
		}
	})
}
