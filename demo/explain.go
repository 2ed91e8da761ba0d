package demo

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/internal/textwrap"
	"github.com/envaudit/envaudit/policy"
)

// Explain says in a line what each finding of the demo means and what a
// reviewer would do about it, after the report of the demo project p.
// passed says whether its tests passed with no finding over the default
// gate.
func Explain(w io.Writer, r *audit.Report, p Project, passed bool) error {
	ew := &textwrap.Writer{W: w}
	ew.Line("")
	ew.Line("What this means")
	for _, e := range r.Ecosystems {
		var bloat []audit.Finding
		for _, f := range e.Findings {
			if f.Kind == audit.Bloat {
				bloat = append(bloat, f)
				continue
			}
			ew.Wrapped(fmt.Sprintf("  %-16s ", f.Package), meaning(f))
		}
		if len(bloat) > 0 {
			top := bloat[0]
			s := fmt.Sprintf("%d installed %s never loaded: they cost install time and attack surface for nothing.", len(bloat), plural(len(bloat), "package was", "packages were"))
			if top.Direct {
				s += fmt.Sprintf(" Start with %s: it is a direct dependency", top.Package)
				if top.PullsIn > 0 {
					s += fmt.Sprintf(", and %d more go with it", top.PullsIn)
				}
				s += "."
			}
			ew.Wrapped(fmt.Sprintf("  %-16s ", "bloat"), s)
		}
	}
	ew.Line("")
	if passed {
		ew.Line("The tests passed, yet the manifest is wrong: that is what envaudit is for.")
	} else {
		ew.Line("The demo's tests did not pass (%s); the audit above still shows what they loaded.", r.Run.Status())
	}
	sel, _ := policy.ParseSelectors(policy.DefaultFailOn)
	if n := len((policy.Gate{FailOn: sel, Existing: true}).Failing(r)); n > 0 {
		ew.Wrapped("", fmt.Sprintf("In CI, `envaudit run -- %s` would exit 1 here: %d %s %s the default --fail-on (%s).", strings.Join(p.Command, " "), n, plural(n, "finding", "findings"), plural(n, "reaches", "reach"), policy.DefaultFailOn))
	}
	ew.Line("On your own project:  %s", p.Yours)
	return ew.Err
}

// meaning is the one-line explanation of a finding for the demo.
func meaning(f audit.Finding) string {
	switch f.Kind + ":" + audit.Kind(f.Reason) {
	case "phantom:not-installed":
		return "declared, but nothing by that name is installed: a clean install fails, or — if the name was made up — installs whatever someone publishes under it. Check the name; fix or remove it."
	case "phantom:skipped":
		return "a dev, test, peer or optional dependency that this install left out: nothing to fix unless this job should have installed it."
	case "phantom:unused":
		if len(f.Via) > 0 {
			return fmt.Sprintf("declared, but your code never imports it: only %s loaded it, and that brings it anyway. Remove the declaration.", strings.Join(f.Via, " → "))
		}
		return "declared and installed, but the tests never loaded it and your code does not import it: remove it."
	case "phantom:untested":
		return "declared and imported by your code, but the tests never reached that import: keep it, and test the code that imports it."
	case "phantom:dev-only":
		return "declared as a runtime dependency, but only the tests or the test tooling use it: move it to the dev dependencies."
	case "phantom:compile-time":
		return "needed only to build (types, headers): fine as a dev dependency."
	case "hidden:direct":
		return fmt.Sprintf("your code imports it without declaring it; it is only there because %s depends on it, and vanishes when that changes. Declare it.", strings.Join(f.Via, " → "))
	case "hidden:transitive":
		if f.Grouped {
			return fmt.Sprintf("loaded only because %s needs it; your code does not import it. Nothing to do.", strings.Join(f.Via, " → "))
		}
		return fmt.Sprintf("loaded without being declared; it is only there because %s depends on it. Declare it if your code imports it directly.", strings.Join(f.Via, " → "))
	case "hidden:missing":
		return "your code imports it, but no manifest declares it and nothing installed it: that code crashes after a clean install. Declare it."
	case "hidden:undeclared":
		if len(f.Via) > 0 {
			return fmt.Sprintf("loaded but not declared; it comes with %s, which is not declared either.", strings.Join(f.Via, " → "))
		}
		return "the code loads it, but no manifest declares it and nothing declared brings it: it works here only because this machine has it. A clean install breaks. Declare it."
	case "manifest:indirect":
		return "declared, but marked as only other dependencies' need although your code imports it: the mark is stale. Run go mod tidy."
	case "dev:test-runner":
		return "test tooling: loaded by the test runner, not by your code; not counted as hidden."
	}
	return f.Message
}

// IndentWriter indents every line written through it. It is safe for
// concurrent use, as the traced command's output may arrive from several
// goroutines.
type IndentWriter struct {
	mu      sync.Mutex
	w       io.Writer
	prefix  string
	partial []byte
}

// Indent returns a writer that writes to w with prefix before every line.
func Indent(w io.Writer, prefix string) *IndentWriter {
	return &IndentWriter{w: w, prefix: prefix}
}

func (p *IndentWriter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := len(b)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			p.partial = append(p.partial, b...)
			break
		}
		line := append(p.partial, b[:i+1]...)
		p.partial = nil
		prefix := p.prefix
		if len(line) == 1 {
			prefix = strings.TrimRight(prefix, " ")
		}
		if _, err := fmt.Fprintf(p.w, "%s%s", prefix, line); err != nil {
			return 0, err
		}
		b = b[i+1:]
	}
	return n, nil
}

// Flush writes an unterminated last line.
func (p *IndentWriter) Flush() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.partial) > 0 {
		fmt.Fprintf(p.w, "%s%s\n", p.prefix, p.partial)
		p.partial = nil
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
