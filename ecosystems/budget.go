package ecosystems

import (
	"errors"
	"fmt"
)

// ErrOverBudget is what every evaluator of project files wraps when the
// files ask for more work than its budget allows: a tsconfig "extends"
// tree, CMake variables that double at each set(), a pom's properties
// that refer to each other many times over, setup.py names built by
// concatenation. The project is hostile input, and evaluating it is the
// one place where a small file can cost exponential time or memory, so
// each evaluator counts what it does and stops at a fixed bound with a
// positioned error, which the front ends print as any manifest error
// (exit status 2), instead of hanging or exhausting memory.
var ErrOverBudget = errors.New("over the work budget")

// Budget counts the work one evaluation of a project's files does: files
// read, steps taken, bytes produced, whatever the evaluator's unit is.
// The zero Budget has no limit; an evaluator makes one with NewBudget for
// each evaluation (an Open), so work is never shared between projects.
// Budget is not safe for concurrent use.
type Budget struct {
	name  string // what is counted, in the error: "bytes of variable expansion"
	limit int
	used  int
}

// NewBudget returns a budget of limit units of what name says ("CMake
// variable expansion bytes").
func NewBudget(name string, limit int) *Budget {
	return &Budget{name: name, limit: limit}
}

// Spend counts n more units of work done at line of file (named as
// Errorf takes it) and returns nil while the total stays within the
// limit. Past it, it returns an error at that position naming the budget
// and its limit and wrapping ErrOverBudget; the evaluator then stops.
func (b *Budget) Spend(file string, line, n int) error {
	if b == nil || b.limit <= 0 {
		return nil
	}
	b.used += n
	if b.used <= b.limit {
		return nil
	}
	return ErrorAt(file, line, fmt.Errorf("more than %d %s: %w (a file that refers to others or to itself many times over)", b.limit, b.name, ErrOverBudget))
}

// Used returns the units spent so far, the work counter the tests and
// fuzz targets check: it never exceeds the limit by more than the last
// Spend's n.
func (b *Budget) Used() int {
	if b == nil {
		return 0
	}
	return b.used
}

// Limit returns the budget's limit.
func (b *Budget) Limit() int {
	if b == nil {
		return 0
	}
	return b.limit
}
