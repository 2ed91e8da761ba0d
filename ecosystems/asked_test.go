package ecosystems

import (
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAsked checks the record of the programs the reads ran: each line
// once, in the order first asked, from concurrent readers; a nil record
// takes nothing and lists nothing.
func TestAsked(t *testing.T) {
	var none *Asked
	none.Add("python", "/usr/bin/python3", "python3 on the run's PATH")
	if got := none.List(); got != nil {
		t.Errorf("nil Asked lists %q", got)
	}
	a := &Asked{}
	a.Add("python", "/p/.venv/bin/python", "the project's virtual environment")
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { a.Add("python", "/p/.venv/bin/python", "the project's virtual environment") })
	}
	wg.Wait()
	a.Add("go", "/usr/lib/go/bin/go", "go on the run's PATH")
	want := []string{
		"python: /p/.venv/bin/python (the project's virtual environment)",
		"go: /usr/lib/go/bin/go (go on the run's PATH)",
	}
	if diff := cmp.Diff(want, a.List()); diff != "" {
		t.Errorf("List (-want +got):\n%s", diff)
	}
}
