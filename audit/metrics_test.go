package audit

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func f(v float64) *float64 { return &v }

func TestMeasure(t *testing.T) {
	tests := []struct {
		name       string
		d1, d2, d3 []string
		traced     bool
		want       Metrics
	}{
		{
			// The study's worked example: declaring only pandas installs
			// six distributions.
			name:   "PandasWorkedExample",
			d1:     []string{"pandas"},
			d2:     []string{"pandas", "numpy", "python-dateutil", "pytz", "six", "tzdata"},
			d3:     []string{"pandas", "numpy", "python-dateutil", "pytz", "six"},
			traced: true,
			want: Metrics{
				Declared: 1, Installed: 6, Traced: 5,
				PhantomRate: 0, HiddenRate: 0.8, BloatRate: 1.0 / 6,
				Precision: f(1), Recall: f(0.2), F1: f(2 * 0.2 / 1.2),
				Inflation: f(6), Transitive: 5,
			},
		},
		{
			name: "PandasWithoutTrace",
			d1:   []string{"pandas"},
			d2:   []string{"pandas", "numpy", "python-dateutil", "pytz", "six", "tzdata"},
			want: Metrics{Declared: 1, Installed: 6, Inflation: f(6), Transitive: 5},
		},
		{
			name:   "Mixed",
			d1:     []string{"debug", "yargs"},
			d2:     []string{"debug", "ms", "yargs", "left-pad"},
			d3:     []string{"debug", "ms", "left-pad"},
			traced: true,
			want: Metrics{
				Declared: 2, Installed: 4, Traced: 3,
				PhantomRate: 0.5, HiddenRate: 2.0 / 3, BloatRate: 0.25,
				Precision: f(0.5), Recall: f(1.0 / 3), F1: f(0.4),
				Inflation: f(2), Transitive: 2,
			},
		},
		{
			// P = 1 when n1 = 0 < n3; then R = 0 and F1 = 0.
			name:   "NothingDeclared",
			d2:     []string{"ms"},
			d3:     []string{"ms"},
			traced: true,
			want: Metrics{
				Installed: 1, Traced: 1, HiddenRate: 1,
				Precision: f(1), Recall: f(0), F1: f(0), Transitive: 1,
			},
		},
		{
			// R = 1 when n3 = 0 < n1; then P = 0 and F1 = 0.
			name:   "NothingTraced",
			d1:     []string{"yargs"},
			d2:     []string{"yargs"},
			traced: true,
			want: Metrics{
				Declared: 1, Installed: 1, PhantomRate: 1, BloatRate: 1,
				Precision: f(0), Recall: f(1), F1: f(0), Inflation: f(1),
			},
		},
		{
			// n1 = n3 = 0: no P, R, F1; no ρ; every rate 0.
			name:   "NothingAtAll",
			traced: true,
			want:   Metrics{},
		},
		{
			name:   "OnlyInstalled",
			d2:     []string{"a", "b"},
			traced: true,
			want:   Metrics{Installed: 2, BloatRate: 1, Transitive: 2},
		},
		{
			// Disjoint declared and traced sets: P = R = 0, F1 = 0, not NaN.
			name:   "Disjoint",
			d1:     []string{"a"},
			d3:     []string{"b"},
			traced: true,
			want: Metrics{
				Declared: 1, Traced: 1, PhantomRate: 1, HiddenRate: 1,
				Precision: f(0), Recall: f(0), F1: f(0), Inflation: f(0),
			},
		},
		{
			name:   "DuplicatesIgnored",
			d1:     []string{"a", "a"},
			d2:     []string{"a", "a", "b"},
			d3:     []string{"a", "a"},
			traced: true,
			want: Metrics{
				Declared: 1, Installed: 2, Traced: 1, BloatRate: 0.5,
				Precision: f(1), Recall: f(1), F1: f(1), Inflation: f(2), Transitive: 1,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Measure(tt.d1, tt.d2, tt.d3, tt.traced)
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
				t.Errorf("Measure (-want +got):\n%s", diff)
			}
		})
	}
}

func TestJaccard(t *testing.T) {
	tests := []struct {
		name string
		a, b []string
		want float64
	}{
		{"BothEmpty", nil, nil, 1},
		{"OneEmpty", []string{"a"}, nil, 0},
		{"Equal", []string{"a", "b"}, []string{"b", "a"}, 1},
		{"Disjoint", []string{"a"}, []string{"b"}, 0},
		{"Half", []string{"a", "b"}, []string{"b", "c"}, 1.0 / 3},
		{"Duplicates", []string{"a", "a"}, []string{"a"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Jaccard(tt.a, tt.b); got != tt.want {
				t.Errorf("Jaccard(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
			}
		})
	}
}
