package faketb

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRun(t *testing.T) {
	tests := []struct {
		name     string
		f        func(testing.TB)
		failures []string
		stopped  bool
	}{
		{"passes", func(tb testing.TB) { tb.Helper(); tb.Log("fine") }, nil, false},
		{"errors", func(tb testing.TB) { tb.Errorf("a %d", 1); tb.Error("b"); tb.Fail() }, []string{"a 1", "b", ""}, false},
		{"fatal", func(tb testing.TB) { tb.Fatalf("c %s", "x"); tb.Error("not reached") }, []string{"c x"}, true},
		{"fatal-args", func(tb testing.TB) { tb.Fatal("d", 2) }, []string{"d2"}, true},
		{"fail-now", func(tb testing.TB) { tb.FailNow() }, []string{""}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := Run(t, tt.f)
			if diff := cmp.Diff(tt.failures, tb.Failures()); diff != "" {
				t.Errorf("Failures (-want +got):\n%s", diff)
			}
			if tb.Stopped() != tt.stopped || tb.Failed() != (len(tt.failures) > 0) {
				t.Errorf("Stopped = %v, Failed = %v; want %v, %v", tb.Stopped(), tb.Failed(), tt.stopped, len(tt.failures) > 0)
			}
		})
	}
}
