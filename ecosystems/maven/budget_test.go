package maven

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// fanPOM returns a pom.xml whose property p<i> refers to p<i-1> width
// times, levels times (one property a line, p<i> on line 6+i), and whose
// one dependency's version is p<levels>: width^levels references.
func fanPOM(levels, width int, first string) string {
	var b strings.Builder
	b.WriteString("<project>\n  <groupId>g</groupId>\n  <artifactId>a</artifactId>\n  <version>1</version>\n  <properties>\n")
	fmt.Fprintf(&b, "    <p0>%s</p0>\n", first)
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "    <p%d>%s</p%d>\n", i, strings.Repeat(fmt.Sprintf("${p%d}", i-1), width), i)
	}
	fmt.Fprintf(&b, "  </properties>\n  <dependencies>\n    <dependency>\n      <groupId>x</groupId>\n      <artifactId>y</artifactId>\n      <version>${p%d}</version>\n    </dependency>\n  </dependencies>\n</project>\n", levels)
	return b.String()
}

// copiesPOM returns a pom.xml whose property p0 (line 6) is size bytes
// long and whose n dependencies each have version ${p0}.
func copiesPOM(n, size int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<project>\n  <groupId>g</groupId>\n  <artifactId>a</artifactId>\n  <version>1</version>\n  <properties>\n    <p0>%s</p0>\n  </properties>\n  <dependencies>\n", strings.Repeat("x", size))
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "    <dependency><groupId>x</groupId><artifactId>y%d</artifactId><version>${p0}</version></dependency>\n", i)
	}
	b.WriteString("  </dependencies>\n</project>\n")
	return b.String()
}

// openPOM opens a project of one pom.xml and returns the loader's
// interpolation budget with Open's error.
func openPOM(t *testing.T, pom string) (*interpWork, error) {
	t.Helper()
	src := ecosystems.Source{FS: fstest.MapFS{"pom.xml": {Data: []byte(pom)}}}
	l := newLoader(src, nil)
	mods, err := l.project()
	if err == nil {
		_, err = l.declared(mods)
	}
	if err == nil {
		err = l.work.err
	}
	return l.work, err
}

// TestInterpolationBudget reproduces an exponential pom: properties each
// referring 10 times to the one before, 16 deep (10^16 references, each
// value short of maxExpansion), and a long value copied into thousands of
// dependencies. Each
// stops at the interpolation budget with an error at a property's line;
// the work counters are asserted, never the time.
func TestInterpolationBudget(t *testing.T) {
	steps := fmt.Sprintf("more than %d property references interpolated: over the work budget", maxInterpolationSteps)
	bytes := fmt.Sprintf("more than %d bytes of interpolated values: over the work budget", maxInterpolationBytes)
	tests := []struct {
		name    string
		pom     string
		wantErr string
	}{
		// Depth first, the references run out at the deepest, to p0,
		// the property on line 6.
		{name: "fan16", pom: fanPOM(16, 10, "x"), wantErr: "pom.xml:6: " + steps},
		// A value of 60 KiB that 6,000 dependencies refer to: 360 MB
		// kept from a pom of 300 KB.
		{name: "copies", pom: copiesPOM(6000, 60<<10), wantErr: "pom.xml:6: " + bytes},
		{name: "small", pom: fanPOM(4, 3, "x")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := openPOM(t, tt.pom)
			ecotest.BudgetError(t, err, tt.wantErr)
			if tt.wantErr != "" && !strings.Contains(err.Error(), steps) && !strings.Contains(err.Error(), bytes) {
				t.Errorf("error %q names neither budget", err)
			}
			if w.steps.Used() > maxInterpolationSteps+1 || w.bytes.Used() > maxInterpolationBytes+maxExpansion {
				t.Errorf("%d steps, %d bytes: past the budgets", w.steps.Used(), w.bytes.Used())
			}
		})
	}
}

// TestOpenOverBudget checks that Open fails with the budget's error, as
// with a malformed pom.
func TestOpenOverBudget(t *testing.T) {
	src := ecosystems.Source{FS: fstest.MapFS{"pom.xml": {Data: []byte(fanPOM(16, 10, "x"))}}}
	if _, err := New().Open(context.Background(), src); !errors.Is(err, ecosystems.ErrOverBudget) {
		t.Errorf("Open: %v, want the budget's error", err)
	}
}

// FuzzInterpolationCost is the cost oracle of property interpolation:
// for any properties and dependency, the references and bytes stay
// within the budgets (plus the last spend, one value), and an error past
// them is positioned.
func FuzzInterpolationCost(f *testing.F) {
	f.Add("${b}${b}${b}", "${c}${c}${a}", "${project.version}${b}", "${a}")
	f.Add("x", "${a}${a}", "${b}${b}", "${c}")
	f.Fuzz(func(t *testing.T, a, b, c, version string) {
		pom := fmt.Sprintf("<project><groupId>g</groupId><artifactId>a</artifactId><version>1</version><properties><a>%s</a><b>%s</b><c>%s</c></properties><dependencies><dependency><groupId>${a}</groupId><artifactId>${b}</artifactId><version>%s</version></dependency></dependencies></project>", a, b, c, version)
		w, err := openPOM(t, pom)
		if w.steps.Used() > maxInterpolationSteps+1 || w.bytes.Used() > maxInterpolationBytes+maxExpansion {
			t.Fatalf("%d steps, %d bytes", w.steps.Used(), w.bytes.Used())
		}
		var pe *ecosystems.PosError
		if errors.Is(err, ecosystems.ErrOverBudget) && !errors.As(err, &pe) {
			t.Fatalf("budget error without a position: %v", err)
		}
	})
}
