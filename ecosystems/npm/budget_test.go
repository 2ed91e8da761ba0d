package npm

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

// tsconfigDiamond returns tsconfig files where every level's two files
// both extend both files of the next level, depth levels deep: 2^depth
// paths through few files.
func tsconfigDiamond(depth int) map[string]string {
	files := map[string]string{"tsconfig.json": `{"extends": ["./l1a.json", "./l1b.json"]}`}
	for i := 1; i <= depth; i++ {
		next := fmt.Sprintf(`{"extends": ["./l%da.json", "./l%db.json"], "compilerOptions": {"paths": {"@l%d/*": ["x"]}}}`, i+1, i+1, i)
		if i == depth {
			next = `{"compilerOptions": {"baseUrl": "."}}`
		}
		files[fmt.Sprintf("l%da.json", i)] = next
		files[fmt.Sprintf("l%db.json", i)] = next
	}
	return files
}

// tsconfigFan returns a tsconfig.json whose "extends" array lists n
// bases, one a line, each a file of its own.
func tsconfigFan(n int) map[string]string {
	files := map[string]string{}
	var b strings.Builder
	b.WriteString("{\"extends\": [\n")
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "  \"./b%d.json\"", i)
		files[fmt.Sprintf("b%d.json", i)] = "{}"
	}
	b.WriteString("\n]}\n")
	files["tsconfig.json"] = b.String()
	return files
}

// TestTsconfigBudget reproduces issue 20's exponential "extends" tree: a
// diamond of depth 40 (each file extending both files below it) was read
// once per path, and a fan of bases read without bound. Each file is now
// read once, and the reads stop at maxTsconfigReads with an error at the
// "extends" entry past it. The work counter is asserted, never the time.
func TestTsconfigBudget(t *testing.T) {
	tests := []struct {
		name     string
		files    map[string]string
		wantErr  string
		overBudg bool
		maxReads int
	}{
		// The chain is longer than maxExtends: the error is the chain's,
		// reached after reading each level's first file once on the way
		// down, never 2^16 paths.
		{name: "diamond40", files: tsconfigDiamond(40), wantErr: fmt.Sprintf("l17a.json:1: \"extends\" chain longer than %d files (a cycle?)", maxExtends), maxReads: maxExtends + 1},
		// Within maxExtends, every file is read once: 2 a level, and the root.
		{name: "diamond15", files: tsconfigDiamond(15), maxReads: 2*15 + 1},
		{name: "fan", files: tsconfigFan(maxTsconfigReads + 10), overBudg: true, maxReads: maxTsconfigReads + 1,
			wantErr: fmt.Sprintf("tsconfig.json:%d: more than %d tsconfig files read through \"extends\": over the work budget", maxTsconfigReads+1, maxTsconfigReads)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, budget, err := readAliasesBudget(mapSource(tt.files), []string{"."})
			got := ""
			if err != nil {
				got = err.Error()
				var pe *ecosystems.PosError
				if !errors.As(err, &pe) {
					t.Errorf("error %v is not positioned", err)
				}
			}
			if tt.wantErr == "" && got != "" || !strings.HasPrefix(got, tt.wantErr) {
				t.Errorf("error %q, want one starting %q", got, tt.wantErr)
			}
			if got := errors.Is(err, ecosystems.ErrOverBudget); got != tt.overBudg {
				t.Errorf("errors.Is(err, ErrOverBudget) = %v, want %v", got, tt.overBudg)
			}
			if budget.Used() > tt.maxReads {
				t.Errorf("%d files read, want at most %d", budget.Used(), tt.maxReads)
			}
		})
	}
}

// TestTsconfigDiamondAliases checks that reading each file once still
// gives every alias of the tree: each level's two files (alike) add theirs
// once each.
func TestTsconfigDiamondAliases(t *testing.T) {
	a, err := readAliases(mapSource(tsconfigDiamond(4)), []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	want := aliases{patterns: []string{"@l3/*", "@l3/*", "@l2/*", "@l2/*", "@l1/*", "@l1/*"}, baseURLs: []string{".", "."}}
	if diff := cmp.Diff(want, a, cmp.AllowUnexported(aliases{})); diff != "" {
		t.Errorf("aliases (-want +got):\n%s", diff)
	}
}

// FuzzTsconfigCost is the cost oracle of the tsconfig reader: whatever
// four files that may extend each other hold, it reads at most
// maxTsconfigReads files, each at most once, and an error is positioned.
func FuzzTsconfigCost(f *testing.F) {
	f.Add(`{"extends": ["./a", "./b"]}`, `{"extends": ["./b", "./c", "./a"]}`, `{"extends": "./c.json"}`, `{"compilerOptions": {"paths": {"x": []}}}`)
	f.Add(`{"extends": "./tsconfig.json"}`, `{}`, `{}`, `{}`)
	f.Fuzz(func(t *testing.T, root, a, b, c string) {
		files := map[string]string{"tsconfig.json": root, "a.json": a, "b.json": b, "c.json": c}
		_, budget, err := readAliasesBudget(mapSource(files), []string{"."})
		// Each of the four files read once, plus the ones on a cycle's
		// path, which maxExtends cuts.
		if budget.Used() > maxTsconfigReads || budget.Used() > 4+maxExtends+1 {
			t.Fatalf("%d reads for four files", budget.Used())
		}
		var pe *ecosystems.PosError
		if err != nil && !errors.As(err, &pe) {
			t.Fatalf("error without a position: %v", err)
		}
	})
}

// TestWorkspaceGlobBudget reproduces an exponential workspace glob: a
// project directory holding two links to itself, and a glob of 40 "*"
// segments, which matched 2^40 paths; and a glob of many "**" over a
// small tree. The walk stops at maxGlobSteps with an error on the glob's
// line.
func TestWorkspaceGlobBudget(t *testing.T) {
	dir := t.TempDir()
	for _, l := range []string{"l1", "l2"} {
		if err := os.Symlink(".", filepath.Join(dir, l)); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"a/b/c/d", "e/f/g/h", "packages/x"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	over := fmt.Sprintf("package.json:3: more than %d steps of the workspace globs' walk: over the work budget", maxGlobSteps)
	tests := []struct {
		name    string
		glob    string
		wantErr string
		want    []string
	}{
		{name: "linkedStars", glob: strings.TrimSuffix(strings.Repeat("*/", 40), "/"), wantErr: over},
		{name: "doubleStars", glob: strings.TrimSuffix(strings.Repeat("**/", 30), "/") + "/x", wantErr: over},
		{name: "plain", glob: "packages/*", want: []string{"packages/x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			globs := []wsGlob{{glob: "packages/none", line: 2}, {glob: tt.glob, line: 3}}
			got, _, budget, err := expandWorkspacesBudget(ecosystems.Dir(dir), "package.json", globs)
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if !strings.HasPrefix(gotErr, tt.wantErr) || tt.wantErr == "" && gotErr != "" {
				t.Errorf("error %q, want one starting %q", gotErr, tt.wantErr)
			}
			if tt.wantErr != "" && !errors.Is(err, ecosystems.ErrOverBudget) {
				t.Errorf("error %v does not wrap ErrOverBudget", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("directories (-want +got):\n%s", diff)
			}
			if budget.Used() > maxGlobSteps+globDiskCost {
				t.Errorf("%d directories visited, over the budget's %d", budget.Used(), maxGlobSteps)
			}
		})
	}
}

// FuzzWorkspaceGlobCost is the cost oracle of the workspace globs: any
// glob over a tree with a link to itself visits at most maxGlobSteps
// steps (and one more step or read to find it is over), and an error is
// positioned.
func FuzzWorkspaceGlobCost(f *testing.F) {
	dir := f.TempDir()
	if err := os.Symlink(".", filepath.Join(dir, "self")); err != nil {
		f.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "packages", "a", "b"), 0o755); err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"packages/*", "**", "*/*/*/*/*/*/*/*", "**/**/b", "!packages/a", "[", "../*"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, glob string) {
		_, _, budget, err := expandWorkspacesBudget(ecosystems.Dir(dir), "package.json", []wsGlob{{glob: glob, line: 1}})
		if budget.Used() > maxGlobSteps+globDiskCost {
			t.Fatalf("%d directories visited for %q", budget.Used(), glob)
		}
		var pe *ecosystems.PosError
		if errors.Is(err, ecosystems.ErrOverBudget) && !errors.As(err, &pe) {
			t.Fatalf("budget error without a position: %v", err)
		}
	})
}
