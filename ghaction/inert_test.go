package ghaction

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sethvargo/go-githubactions"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/audit/reporttest"
	"github.com/envaudit/envaudit/internal/inert"
	"github.com/envaudit/envaudit/sarif"
)

// hostile are the strings of issue 10's injection attacks, each a value
// a pull request controls: a package name, a version, a path, a message.
var hostile = []string{
	"[x](https://evil)",
	"![i](https://evil/i.png)",
	"@org/team",
	"<img src=x onerror=alert(1)>",
	"&lt;script&gt;",
	"a\n| a | b |",
	"`code` ``spans``",
	"::error::forged",
	"%0A::error::forged",
	"#1 www.evil.example",
	"evil\u202Egnp.json",
	"lo\u200bdash\u2066x\u2069",
	"\x1b[2Jclear\u2028",
}

// hostileReport is the example report with every value the project
// controls replaced by a hostile string.
func hostileReport(t *testing.T) *audit.Report {
	t.Helper()
	r := reporttest.Example(t)
	n := 0
	next := func() string { n++; return hostile[n%len(hostile)] }
	for i := range r.Ecosystems {
		e := &r.Ecosystems[i]
		e.Manifests = append(e.Manifests, next())
		e.Warnings = append(e.Warnings, next(), next())
		e.Evidence = next()
		for j := range e.Findings {
			f := &e.Findings[j]
			f.Package, f.Version, f.Message = next(), next(), "message "+next()
			if f.Location != nil {
				f.Location.File = "dir/" + next() + "/package.json"
			}
			for k := range f.Via {
				f.Via[k] = next()
			}
		}
	}
	return r
}

// checkInertMarkdown fails unless md, Markdown envaudit wrote, shows
// every hostile string as text: outside code spans no link, image,
// mention, tag, entity or forged table row, and every table row as many
// cells as its header.
func checkInertMarkdown(t *testing.T, what, md string) {
	t.Helper()
	cells := -1
	for _, line := range strings.Split(md, "\n") {
		var text strings.Builder
		for i, seg := range strings.Split(line, "`") {
			if i%2 == 0 { // outside a code span
				text.WriteString(seg)
			}
		}
		out := text.String()
		for _, bad := range []string{"<img", "@org", "&lt;script", "www.evil", "#1 "} {
			if strings.Contains(out, bad) {
				t.Errorf("%s: %q is live in the line %q", what, bad, line)
			}
		}
		if liveLink(out) {
			t.Errorf("%s: a live link in the line %q", what, line)
		}
		// The word joiners are markdown.Text's own; every other control,
		// bidirectional or zero-width character is shown as an escape.
		if !inert.Is(strings.ReplaceAll(line, "\u2060", ""), false) {
			t.Errorf("%s: a control, bidirectional or zero-width character in the line %q", what, line)
		}
		if strings.HasPrefix(line, "| a |") {
			t.Errorf("%s: a forged table row %q", what, line)
		}
		switch {
		case !strings.HasPrefix(line, "|"):
			cells = -1
		case cells < 0:
			cells = pipes(line)
		case pipes(line) != cells:
			t.Errorf("%s: the row %q has %d cell borders, its header %d", what, line, pipes(line), cells)
		}
	}
	if !strings.Contains(md, "&amp;lt;script&amp;gt;") {
		t.Errorf("%s: the entity text is not shown as written:\n%s", what, md)
	}
}

// liveLink reports whether s holds "](" with its bracket not escaped, as
// a link or an image needs.
func liveLink(s string) bool {
	for i := 1; i < len(s); i++ {
		if s[i] == '(' && s[i-1] == ']' && (i < 2 || s[i-2] != '\\') {
			return true
		}
	}
	return false
}

// pipes counts the pipes of a table row that are not escaped.
func pipes(line string) int {
	n, bs := 0, 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			bs++
			continue
		case '|':
			if bs%2 == 0 {
				n++
			}
		}
		bs = 0
	}
	return n
}

// TestAttackInjectedStrings reproduces issue 10's injection: package
// names, versions, paths and messages reaching the job summary and the
// pull-request comments as raw Markdown and HTML (links, images,
// mentions, a newline that breaks the table), and workflow commands. Every
// renderer gets the same hostile report: the summary (the job summary and
// the summary comment), the review comments, the report's own Markdown,
// the annotations and the SARIF log; each shows the strings as text.
func TestAttackInjectedStrings(t *testing.T) {
	r := hostileReport(t)
	items := r.Items()
	t.Run("summary", func(t *testing.T) {
		checkInertMarkdown(t, "summary", Summary(r, items, SummaryInfo{}, StepSummaryLimit))
	})
	t.Run("review", func(t *testing.T) {
		for _, it := range items {
			body := reviewCommentBody(it)
			// The marker is an HTML comment: nothing in it renders.
			shown, _, _ := strings.Cut(body, "<!-- envaudit:finding ")
			checkInertMarkdown(t, "review comment", shown+"\n&amp;lt;script&amp;gt;")
			// The marker's HTML comment ends where envaudit ends it.
			if i := strings.Index(body, "<!--"); i < 0 || strings.Count(body[i:], "-->") != 1 || !strings.HasSuffix(body, " -->") {
				t.Errorf("review comment marker is broken:\n%s", body)
			}
		}
	})
	t.Run("report", func(t *testing.T) {
		var b bytes.Buffer
		if err := r.WriteMarkdown(&b); err != nil {
			t.Fatal(err)
		}
		checkInertMarkdown(t, "report Markdown", b.String())
	})
	t.Run("annotations", func(t *testing.T) {
		anns, _ := PlanAnnotations(items, "")
		var b bytes.Buffer
		WriteAnnotations(githubactions.New(githubactions.WithWriter(&b), githubactions.WithGetenv(func(string) string { return "" })), anns)
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		if len(lines) != len(anns) {
			t.Fatalf("%d annotations printed as %d lines:\n%s", len(anns), len(lines), b.String())
		}
		for _, l := range lines {
			// Each line is one command of envaudit's level and title; the
			// hostile text is data, never a command of its own.
			if !strings.HasPrefix(l, "::error ") && !strings.HasPrefix(l, "::warning ") && !strings.HasPrefix(l, "::notice ") {
				t.Errorf("line %q is not one of envaudit's annotations", l)
			}
			if !inert.Is(l, false) {
				t.Errorf("a control, bidirectional or zero-width character in the annotation %q", l)
			}
			if strings.Contains(l, "::error::forged") && !strings.Contains(l, "%3A%3Aerror%3A%3Aforged") {
				_, msg, _ := strings.Cut(strings.TrimPrefix(l, "::"), "::")
				if strings.HasPrefix(msg, "::error::") {
					t.Errorf("a forged command in %q", l)
				}
			}
		}
		if !strings.Contains(b.String(), "%250A") {
			t.Errorf("a literal %%0A is not escaped, so the runner would read a line break:\n%s", b.String())
		}
	})
	t.Run("sarif", func(t *testing.T) {
		var b bytes.Buffer
		if err := sarif.Write(&b, r, sarif.Options{}); err != nil {
			t.Fatal(err)
		}
		// SARIF messages are plain text; only the rules' help, envaudit's
		// own text, is Markdown, and holds nothing of the project's.
		var doc any
		if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		walkMarkdown(doc, func(md string) {
			for _, h := range hostile {
				if strings.Contains(md, h) {
					t.Errorf("SARIF Markdown holds %q", h)
				}
			}
		})
		if !strings.Contains(b.String(), `"text": "message `) {
			t.Errorf("SARIF messages lack the findings' text:\n%s", b.String())
		}
	})
}

// walkMarkdown calls f with every "markdown" string of a decoded JSON
// document.
func walkMarkdown(v any, f func(string)) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if s, ok := x.(string); ok && k == "markdown" {
				f(s)
			}
			walkMarkdown(x, f)
		}
	case []any:
		for _, x := range v {
			walkMarkdown(x, f)
		}
	}
}
