package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestMedianP90(t *testing.T) {
	for _, c := range []struct {
		xs          []float64
		median, p90 float64
	}{
		{[]float64{3}, 3, 3},
		{[]float64{4, 1, 3, 2}, 2.5, 4},
		{[]float64{10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, 5.5, 9},
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 6, 10},
	} {
		if got := median(c.xs); got != c.median {
			t.Errorf("median(%v) = %v, want %v", c.xs, got, c.median)
		}
		if got := p90(c.xs); got != c.p90 {
			t.Errorf("p90(%v) = %v, want %v", c.xs, got, c.p90)
		}
	}
}

func TestStats(t *testing.T) {
	s := stats([]sample{
		{untraced: 10 * time.Second, step: 11 * time.Second, command: 10200 * time.Millisecond},
		{untraced: 20 * time.Second, step: 21 * time.Second, command: 20 * time.Second},
		{untraced: 10 * time.Second, step: 12 * time.Second, command: 10100 * time.Millisecond},
	})
	if s.untraced != 10 || s.around != 1 {
		t.Errorf("untraced %v, around %v; want 10 and 1", s.untraced, s.around)
	}
	if s.command != 1.01 || s.step != 1.1 {
		t.Errorf("ratios %v and %v, want 1.01 and 1.1", s.command, s.step)
	}
	if s.aroundBudget != 0.5 {
		t.Errorf("budget %v, want 0.5 (3%% of 10 s is less)", s.aroundBudget)
	}
}

func TestRemovePycache(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{
		"pkg/__pycache__/m.cpython-311.pyc",
		"pkg/m.py",
		".venv/pyvenv.cfg",
		".venv/lib/site/__pycache__/x.pyc",
		"node_modules/a/__pycache__/y.pyc",
	} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := removePycache(dir); err != nil {
		t.Fatal(err)
	}
	for f, want := range map[string]bool{
		"pkg/__pycache__":                  false,
		"pkg/m.py":                         true,
		".venv/lib/site/__pycache__/x.pyc": true,
		"node_modules/a/__pycache__/y.pyc": true,
	} {
		_, err := os.Stat(filepath.Join(dir, f))
		if got := err == nil; got != want {
			t.Errorf("%s exists: %v, want %v", f, got, want)
		}
	}
}

func TestWriteTables(t *testing.T) {
	ps := []*project{{Name: "a"}, {Name: "b"}}
	res := map[string]map[string][]sample{"warm": {
		"a": {{untraced: 10 * time.Second, step: 10400 * time.Millisecond, command: 10100 * time.Millisecond}},
		"b": {{untraced: 100 * time.Second, step: 110 * time.Second, command: 101 * time.Second}},
	}}
	var buf bytes.Buffer
	writeTables(&buf, ps, res, "test machine")
	out := buf.String()
	for _, want := range []string{
		"| a | 10.00 s | 1.010× | 1.040× | 0.30 s (3.0%) | yes |",
		"| b | 100.00 s | 1.010× | 1.100× | 9.00 s (9.0%) | no (3.0×) |",
		"| traced command | 1.010× | 1.010× |",
		"within max(0.5 s, 3% of the run): 1 of 2 projects.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "cold") {
		t.Errorf("a round that did not run is printed:\n%s", out)
	}
}
