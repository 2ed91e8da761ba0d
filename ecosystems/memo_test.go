package ecosystems

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMemo: a key is run once per memo, different keys each run, an
// error is shared as the output is, and a nil memo shares nothing.
func TestMemo(t *testing.T) {
	tests := []struct {
		name  string
		memo  *Memo
		keys  [][]string
		fail  bool
		calls int
	}{
		{name: "nilRunsEach", memo: nil, keys: [][]string{{"a"}, {"a"}}, calls: 2},
		{name: "sameKeyOnce", memo: &Memo{}, keys: [][]string{{"a", "x"}, {"a", "x"}, {"a", "x"}}, calls: 1},
		{name: "keysApart", memo: &Memo{}, keys: [][]string{{"a"}, {"b"}, {"a"}, {"b"}}, calls: 2},
		{name: "partsApart", memo: &Memo{}, keys: [][]string{{"ab", "c"}, {"a", "bc"}, {"abc"}}, calls: 3},
		{name: "errorShared", memo: &Memo{}, keys: [][]string{{"a"}, {"a"}}, fail: true, calls: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := 0
			for _, k := range tt.keys {
				out, err := tt.memo.Do(k, func() ([]byte, error) {
					calls++
					if tt.fail {
						return nil, fmt.Errorf("run %d failed", calls)
					}
					return []byte(fmt.Sprint("out ", k)), nil
				})
				want := fmt.Sprint("out ", k)
				if tt.fail {
					if err == nil || err.Error() != "run 1 failed" {
						t.Errorf("Do(%q) error %v, want the first run's", k, err)
					}
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(want, string(out)); diff != "" {
					t.Errorf("Do(%q) (-want +got):\n%s", k, diff)
				}
			}
			if calls != tt.calls {
				t.Errorf("%d runs, want %d", calls, tt.calls)
			}
		})
	}
}

// TestMemoConcurrent: callers of one key at once wait for the one run.
func TestMemoConcurrent(t *testing.T) {
	m := &Memo{}
	var runs atomic.Int32
	release := make(chan struct{})
	var wg sync.WaitGroup
	errs := make([]error, 16)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, err := m.Do([]string{"k"}, func() ([]byte, error) {
				runs.Add(1)
				<-release
				return []byte("x"), nil
			})
			if err == nil && string(out) != "x" {
				err = errors.New("output " + string(out))
			}
			errs[i] = err
		}()
	}
	close(release)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("caller %d: %v", i, err)
		}
	}
	if n := runs.Load(); n != 1 {
		t.Errorf("%d runs, want 1", n)
	}
}
