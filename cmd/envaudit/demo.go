package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/internal/demo"
)

// cmdDemo runs the main job on an embedded example project: it writes the
// project to a directory, traces its tests with the real tracer, audits the
// run, and explains each finding in a line.
func cmdDemo(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newSubcommand("demo", noOperands,
		"It writes the project, runs its tests under the tracer for real, audits the run and explains each finding in a line. It needs node (the npm project) or python3; nothing is installed or downloaded. Exit status 0 whatever the findings; 2 when the demo cannot run.")
	dir := c.flags.String("dir", "", "write the demo project to `DIR` (new or empty) and keep it; default a temporary directory, removed afterwards")
	format := c.flags.String("format", "text", "print the report as `FORMAT`: text (with explanations), json or markdown")
	report := c.flags.String("report", "", "also write the JSON report to `FILE`")
	eco := c.flags.String("ecosystem", "", "run the `npm|python` demo project; default npm when node is on PATH, else python")
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	o := outputFlags{format: *format, failOn: "none", report: *report}
	if err := o.check(); err != nil {
		return fail(stderr, "demo", err)
	}
	if err := runDemo(ctx, *eco, *dir, &o, stdout, stderr); err != nil {
		return fail(stderr, "demo", err)
	}
	return exitOK
}

func runDemo(ctx context.Context, eco, dir string, o *outputFlags, stdout, stderr io.Writer) error {
	proj, err := demo.Pick(eco)
	var ue *demo.UnknownError
	if errors.As(err, &ue) {
		return usagef("--ecosystem: %v", err)
	}
	if err != nil {
		return err
	}
	keep := dir != ""
	if keep {
		if err := demo.EmptyDir(dir); err != nil {
			return fmt.Errorf("--dir: %w", err)
		}
	} else {
		if dir, err = os.MkdirTemp("", "envaudit-demo-"); err != nil {
			return err
		}
		defer os.RemoveAll(dir)
	}
	if err := proj.Write(dir); err != nil {
		return err
	}
	text := o.format == "text"
	if text {
		fmt.Fprintf(stdout, "envaudit demo: %s.\n", proj.About)
		fmt.Fprintf(stdout, "Running its tests under the tracer: %s\n\n", strings.Join(proj.Command, " "))
	}
	o.dir = dir
	// The command's output is indented under the intro, so the report
	// below stands apart from it.
	// Both of its streams go through one writer, so the lines keep their
	// order (unittest reports on stderr).
	cmdOut := &prefixWriter{w: stdout, prefix: "  │ "}
	if !text {
		cmdOut.w = stderr
	}
	cmdErr := cmdOut
	ro := runOptions{command: proj.Command, stdin: strings.NewReader(""), stdout: cmdOut, stderr: cmdErr}
	if ro.env, err = proj.Prepare(dir, os.Environ()); err != nil {
		return fmt.Errorf("prepare the %s demo project: %w", proj.Name, err)
	}
	r, instErr, err := runTraced(ctx, o, ro, stderr, all.Ecosystems())
	cmdOut.flush()
	if err == nil {
		err = instErr
	}
	if err != nil {
		return err
	}
	if text {
		fmt.Fprintln(stdout)
	}
	code, err := emit(r, o, stdout, stderr)
	if err != nil || !text {
		return err
	}
	if err := explain(stdout, r, proj, code); err != nil {
		return err
	}
	if keep {
		fmt.Fprintf(stdout, "\nThe demo project is in %s: change package.json or the code, then run\n  envaudit run -C %s -- %s\n", dir, dir, strings.Join(proj.Command, " "))
	}
	return nil
}

// explain says in a line what each finding of the demo means and what a
// reviewer would do about it.
func explain(w io.Writer, r *audit.Report, p demo.Project, code int) error {
	ew := &lineWriter{w: w}
	ew.line("")
	ew.line("What this means")
	for _, e := range r.Ecosystems {
		var bloat []audit.Finding
		for _, f := range e.Findings {
			if f.Kind == audit.Bloat {
				bloat = append(bloat, f)
				continue
			}
			ew.wrapped(fmt.Sprintf("  %-16s ", f.Package), meaning(f))
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
			ew.wrapped(fmt.Sprintf("  %-16s ", "bloat"), s)
		}
	}
	ew.line("")
	if code == exitOK {
		ew.line("The tests passed, yet the manifest is wrong: that is what envaudit is for.")
	} else {
		ew.line("The demo's tests did not pass (%s); the audit above still shows what they loaded.", r.Run.Status())
	}
	sel, _ := audit.ParseSelectors(audit.DefaultFailOn)
	if n := len(r.Failing(sel)); n > 0 {
		ew.wrapped("", fmt.Sprintf("In CI, `envaudit run -- %s` would exit 1 here: %d %s %s the default --fail-on (%s).", strings.Join(p.Command, " "), n, plural(n, "finding", "findings"), plural(n, "reaches", "reach"), audit.DefaultFailOn))
	}
	ew.line("On your own project:  %s", p.Yours)
	return ew.err
}

// meaning is the one-line explanation of a finding for the demo.
func meaning(f audit.Finding) string {
	switch f.Kind + ":" + audit.Kind(f.Reason) {
	case "phantom:not-installed":
		return "declared, but nothing by that name is installed: a clean install fails, or — if the name was made up — installs whatever someone publishes under it. Check the name; fix or remove it."
	case "phantom:skipped":
		return "a dev, test, peer or optional dependency that this install left out: nothing to fix unless this job should have installed it."
	case "phantom:unused":
		return "declared and installed, but the tests never loaded it: remove it, or test the code that needs it."
	case "phantom:compile-time":
		return "needed only to build (types, headers): fine as a dev dependency."
	case "hidden:transitive":
		return fmt.Sprintf("the code loads it without declaring it; it is only there because %s depends on it, and vanishes when that changes. Declare it.", strings.Join(f.Via, " → "))
	case "hidden:undeclared":
		if len(f.Via) > 0 {
			return fmt.Sprintf("loaded but not declared; it comes with %s, which is not declared either.", strings.Join(f.Via, " → "))
		}
		return "the code loads it, but no manifest declares it and nothing declared brings it: it works here only because this machine has it. A clean install breaks. Declare it."
	case "dev:test-runner":
		return "test tooling: loaded by the test runner, not by your code; not counted as hidden."
	}
	return f.Message
}

// prefixWriter indents every line written through it. It is safe for
// concurrent use, as the traced command's output may arrive from several
// goroutines.
type prefixWriter struct {
	mu      sync.Mutex
	w       io.Writer
	prefix  string
	partial []byte
}

func (p *prefixWriter) Write(b []byte) (int, error) {
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

// flush writes an unterminated last line.
func (p *prefixWriter) flush() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.partial) > 0 {
		fmt.Fprintf(p.w, "%s%s\n", p.prefix, p.partial)
		p.partial = nil
	}
}

// lineWriter prints lines and keeps the first error.
type lineWriter struct {
	w   io.Writer
	err error
}

func (l *lineWriter) line(format string, args ...any) {
	if l.err == nil {
		_, l.err = fmt.Fprintf(l.w, format+"\n", args...)
	}
}

// wrapWidth is the width explanations are wrapped to: the common minimum
// of terminals and CI logs.
const wrapWidth = 100

// wrapped prints text after lead, wrapped at word boundaries to wrapWidth,
// continuation lines indented to line up with the text.
func (l *lineWriter) wrapped(lead, text string) {
	l.wrappedWords(lead, strings.Fields(text))
}

// wrappedWords is wrapped with the text already cut into the units that
// may not be broken.
func (l *lineWriter) wrappedWords(lead string, words []string) {
	indent := strings.Repeat(" ", utf8.RuneCountInString(lead))
	line := lead
	width := utf8.RuneCountInString(lead)
	start := true
	for _, word := range words {
		n := utf8.RuneCountInString(word)
		if !start && width+1+n > wrapWidth {
			l.line("%s", line)
			line, width, start = indent, len(indent), true
		}
		if !start {
			line += " "
			width++
		}
		line += word
		width += n
		start = false
	}
	l.line("%s", strings.TrimRight(line, " "))
}
