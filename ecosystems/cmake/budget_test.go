package cmake

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// mapSource is a project of the files given, not on disk.
func mapSource(files map[string]string) ecosystems.Source {
	m := fstest.MapFS{}
	for name, data := range files {
		m[name] = &fstest.MapFile{Data: []byte(data)}
	}
	return ecosystems.Source{FS: m}
}

// doubling returns a CMakeLists.txt whose variable A<i> is A<i-1>
// written twice, levels times, then a find_package of the last: the line
// of set(A<i>) is i+2.
func doubling(levels int) string {
	var b strings.Builder
	b.WriteString("project(bomb)\nset(A0 \"x\")\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "set(A%d \"${A%d}${A%d}\")\n", i, i-1, i-1)
	}
	fmt.Fprintf(&b, "find_package(${A%d})\n", levels)
	return b.String()
}

// lazyDoubling sets each A<i> to "${A<i-1>}${A<i-1>}" before A0 is
// known, so the values stay references, and each of refs messages expands
// the whole tree again (up to the expansion's nesting bound of 16).
func lazyDoubling(levels, refs int) string {
	var b strings.Builder
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "set(A%d \"${A%d}${A%d}\")\n", i, i-1, i-1)
	}
	b.WriteString("set(A0 \"\")\n")
	for i := 0; i < refs; i++ {
		fmt.Fprintf(&b, "message(\"${A%d}\")\n", levels)
	}
	return b.String()
}

// fanOut returns listfiles where each of levels .cmake files includes the
// next twice: 2^levels includes of the last.
func fanOut(levels int) map[string]string {
	files := map[string]string{"CMakeLists.txt": "project(fan)\ninclude(cmake/f0.cmake)\nfind_package(ZLIB)\n"}
	for i := 0; i < levels; i++ {
		files[fmt.Sprintf("cmake/f%d.cmake", i)] = fmt.Sprintf("include(${CMAKE_CURRENT_LIST_DIR}/f%d.cmake)\ninclude(${CMAKE_CURRENT_LIST_DIR}/f%d.cmake)\n", i+1, i+1)
	}
	files[fmt.Sprintf("cmake/f%d.cmake", levels)] = "set(X y)\n"
	return files
}

// TestWalkBudget reproduces issue 20's exponential CMake reads: a chain
// of 64 set(A "${B}${B}") lines asked for 2^64 bytes, references left
// unexpanded doubled the work of each later reference, and an include
// fan-out of 2^30 read the same file a billion times. Each now stops at
// the walk's budget with an error at the command past it; the work
// counters are asserted, never the time.
func TestWalkBudget(t *testing.T) {
	tests := []struct {
		name    string
		files   map[string]string
		wantErr string // a prefix
		budget  func(w *walker) *ecosystems.Budget
	}{
		{
			name: "doubling64", files: map[string]string{"CMakeLists.txt": doubling(64)},
			// Each set spends its value twice (the references put in
			// place, then the argument): 2^(i+2) bytes in all by A<i>,
			// so 64 MiB is passed at A24, line 26.
			wantErr: fmt.Sprintf("CMakeLists.txt:26: more than %d bytes of listfiles read and arguments expanded: over the work budget", maxWalkBytes),
			budget:  func(w *walker) *ecosystems.Budget { return w.bytes },
		},
		{
			name: "lazyDoubling", files: map[string]string{"CMakeLists.txt": lazyDoubling(64, 1000)},
			// A<i>'s value holds 2^i references to the unknown A0,
			// each a step to try again: 2^(i+1) steps in all by
			// A<i>, past 500,000 at A18's, line 18.
			wantErr: fmt.Sprintf("CMakeLists.txt:18: more than %d listfile commands and variable references evaluated: over the work budget", maxWalkSteps),
			budget:  func(w *walker) *ecosystems.Budget { return w.steps },
		},
		{
			name: "includeFanOut30", files: fanOut(30),
			// Depth first, the steps run out while the tree's first
			// half is walked, at the second include of f26.
			wantErr: fmt.Sprintf("cmake/f26.cmake:2: more than %d listfile commands and variable references evaluated: over the work budget", maxWalkSteps),
			budget:  func(w *walker) *ecosystems.Budget { return w.steps },
		},
		{
			name: "includeFanOut8", files: fanOut(8),
			budget: func(w *walker) *ecosystems.Budget { return w.steps },
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := walkBudget(mapSource(tt.files))
			ecotest.BudgetError(t, err, tt.wantErr)
			if tt.wantErr != "" {
			}
			// The counters never pass their limit by more than the last
			// spend: a value at most as large as what was spent before.
			if w.steps.Used() > maxWalkSteps+1 {
				t.Errorf("%d steps, over the budget's %d", w.steps.Used(), maxWalkSteps)
			}
			if w.bytes.Used() > 2*maxWalkBytes {
				t.Errorf("%d bytes, over twice the budget's %d", w.bytes.Used(), maxWalkBytes)
			}
			if tt.wantErr == "" && tt.budget(w).Used() >= tt.budget(w).Limit() {
				t.Errorf("the budget is spent: %d of %d", tt.budget(w).Used(), tt.budget(w).Limit())
			}
		})
	}
}

// TestDeclareOverBudget checks that the budget's error is declare's, so
// that Open fails with it as with a listfile's syntax error.
func TestDeclareOverBudget(t *testing.T) {
	_, err := declare(mapSource(map[string]string{"CMakeLists.txt": doubling(64)}), Libraries)
	if !errors.Is(err, ecosystems.ErrOverBudget) {
		t.Errorf("declare: %v, want the budget's error", err)
	}
}

// FuzzWalkCost is the cost oracle of the listfile walk: for any two
// listfiles that may include each other and themselves, and set and
// expand variables, the steps and the bytes stay within the walk's
// budgets (plus the last spend), and an error past them is positioned.
func FuzzWalkCost(f *testing.F) {
	f.Add("set(A \"${B}${B}\")\nset(B \"${A}${A}\")\ninclude(a.cmake)\ninclude(a.cmake)\n", "set(A \"${A}${A}${A}\")\ninclude(a.cmake)\n")
	f.Add(doubling(8), "include(CMakeLists.txt)\n")
	f.Add("include(a.cmake)\ninclude(a.cmake)\ninclude(a.cmake)\n", "include(b.cmake)\ninclude(b.cmake)\n")
	f.Fuzz(func(t *testing.T, top, a string) {
		files := map[string]string{"CMakeLists.txt": top, "a.cmake": a, "b.cmake": a + "\n" + a}
		w, err := walkBudget(mapSource(files))
		if w == nil {
			return // a syntax error before the walk
		}
		if w.steps.Used() > maxWalkSteps+1 || w.bytes.Used() > 2*maxWalkBytes {
			t.Fatalf("%d steps, %d bytes", w.steps.Used(), w.bytes.Used())
		}
		var pe *ecosystems.PosError
		if errors.Is(err, ecosystems.ErrOverBudget) && !errors.As(err, &pe) {
			t.Fatalf("budget error without a position: %v", err)
		}
	})
}
