package ecosystems

import (
	"strings"
	"sync"
)

// Memo shares the output of a tool that the ecosystems ask more than
// once, with the same inputs, while the engine reads the project before
// the traced command starts: the go command's environment, which
// Imports, Installed and TraceSkip each need, is one start of the go
// command rather than three. A nil *Memo shares nothing.
//
// The engine gives a Memo to the reads before the run only, and a new
// one to each run: the command may change what a tool answers (go env
// -w), so nothing answered before it is reused after it.
type Memo struct {
	mu   sync.Mutex
	runs map[string]*memoRun
}

// memoRun is one call's result, computed once.
type memoRun struct {
	once sync.Once
	out  []byte
	err  error
}

// Do returns what run returned the first time Do was called with the
// same key, calling it now if it was not; callers that share a key at
// once wait for the one call. key must name everything the output
// depends on (the asker, the program, its arguments, directory and
// environment), so that only calls with identical inputs share; its parts
// are told apart by a NUL, which no path, argument or environment entry
// holds. The output is shared: callers must not modify it. On a nil Memo,
// Do calls run.
func (m *Memo) Do(key []string, run func() ([]byte, error)) ([]byte, error) {
	if m == nil {
		return run()
	}
	k := strings.Join(key, "\x00")
	m.mu.Lock()
	if m.runs == nil {
		m.runs = map[string]*memoRun{}
	}
	r, ok := m.runs[k]
	if !ok {
		r = &memoRun{}
		m.runs[k] = r
	}
	m.mu.Unlock()
	r.once.Do(func() { r.out, r.err = run() })
	return r.out, r.err
}
