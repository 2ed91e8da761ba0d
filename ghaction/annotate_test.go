package ghaction

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sethvargo/go-githubactions"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/audit/reporttest"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/golden"
	"github.com/envaudit/envaudit/policy"
)

// TestAnnotationsGolden writes the fixture report's annotations as
// workflow commands and compares them with the golden file.
func TestAnnotationsGolden(t *testing.T) {
	r := reporttest.Example(t)
	items := r.Items()
	def, _ := policy.ParseFailOn("")
	policy.Gate{FailOn: def}.Apply(items)
	anns, dropped := PlanAnnotations(items, "app")
	if dropped != 0 {
		t.Errorf("dropped = %d", dropped)
	}
	var buf bytes.Buffer
	WriteAnnotations(githubactions.New(githubactions.WithWriter(&buf), githubactions.WithGetenv(func(string) string { return "" })), anns)
	golden.Check(t, "testdata/annotations.golden", buf.Bytes())
}

// TestAnnotationLimits checks GitHub's per-step limits: at most 10 errors
// and 10 warnings, notices leaving room for envaudit's own, the most
// important first, and one notice counting the rest.
func TestAnnotationLimits(t *testing.T) {
	var items []audit.Item
	add := func(n int, kind audit.Kind, reason, severity string, failing bool) {
		for i := range n {
			items = append(items, audit.Item{
				Ecosystem: "npm", Manifest: "package.json", Failing: failing,
				Finding: audit.Finding{Kind: kind, Reason: reason, Package: fmt.Sprintf("%s-%s-%02d", kind, reason, i), Severity: severity,
					Location: &ecosystems.Pos{File: "package.json", Line: 10 + i}},
			})
		}
	}
	add(14, audit.Hidden, audit.ReasonUndeclared, "error", true)
	add(3, audit.Phantom, audit.ReasonNotInstalled, "error", false)
	add(12, audit.Phantom, audit.ReasonUnused, "warning", false)
	add(9, audit.Phantom, audit.ReasonCompileTime, "notice", false)
	add(30, audit.Bloat, audit.ReasonInstalled, "notice", false) // never annotated
	add(2, audit.Dev, audit.ReasonTestRunner, "notice", false)   // never annotated

	anns, dropped := PlanAnnotations(items, "")
	count := map[string]int{}
	for _, a := range anns {
		count[a.Level]++
	}
	if diff := cmp.Diff(map[string]int{"error": 10, "warning": 10, "notice": 8}, count); diff != "" {
		t.Errorf("annotations per level (-want +got):\n%s", diff)
	}
	// 4 failing + 3 not-installed errors, 2 warnings, 2 notices beyond the limits.
	if dropped != 11 {
		t.Errorf("dropped = %d, want 11", dropped)
	}
	// The failing ones come first, in package order.
	if anns[0].Title != "envaudit: npm hidden dependency hidden-undeclared-00 (undeclared)" || anns[0].Line != 10 {
		t.Errorf("first annotation = %+v", anns[0])
	}
	last := anns[len(anns)-1]
	want := "11 more findings (7 errors, 2 warnings, 2 notices) are not annotated because GitHub shows at most 10 annotations of each level per step; the job summary lists every finding."
	if last.Level != "notice" || last.Message != want {
		t.Errorf("roll-up = %+v\nwant message %q", last, want)
	}
	for _, a := range anns {
		if strings.Contains(a.Title, "bloat") || strings.Contains(a.Title, " dev ") {
			t.Errorf("annotated %q", a.Title)
		}
	}
}

func TestAnnotationMessageCap(t *testing.T) {
	files := make([]string, 500)
	for i := range files {
		files[i] = fmt.Sprintf("node_modules/huge/lib/file-%03d-with-a-long-name.js", i)
	}
	items := []audit.Item{{Ecosystem: "npm", Manifest: "package.json", Finding: audit.Finding{
		Kind: audit.Hidden, Reason: audit.ReasonUndeclared, Package: "huge", Severity: "error", Message: "huge is loaded but declared nowhere",
		Evidence: &audit.Evidence{Files: files, Processes: []string{"node"}}}}}
	anns, _ := PlanAnnotations(items, "")
	if n := len(anns[0].Message); n > maxAnnotationMessage {
		t.Errorf("message is %d bytes, over %d", n, maxAnnotationMessage)
	}
	if anns[0].File != "package.json" || anns[0].Line != 0 {
		t.Errorf("hidden finding placed at %s:%d, want the manifest", anns[0].File, anns[0].Line)
	}
}

// TestGroupedAnnotations checks that grouped findings — hidden packages
// only other packages need, dev declarations the tests had no reason to
// load — make one notice per ecosystem, kind and reason on the primary
// manifest, after the findings annotated one by one, and that a direct
// use is annotated on its import line.
func TestGroupedAnnotations(t *testing.T) {
	item := func(f audit.Finding) audit.Item {
		return audit.Item{Ecosystem: "npm", Manifest: "package.json", Finding: f, Failing: f.Gating}
	}
	var items []audit.Item
	for _, name := range []string{"has-flag", "supports-color", "ansi-styles"} {
		items = append(items, item(audit.Finding{Kind: audit.Hidden, Reason: audit.ReasonTransitive, Package: name, Severity: audit.SeverityNotice, Grouped: true}))
	}
	items = append(items,
		item(audit.Finding{Kind: audit.Phantom, Reason: audit.ReasonUnused, Package: "eslint", Severity: audit.SeverityNotice, Grouped: true}),
		item(audit.Finding{Kind: audit.Phantom, Reason: audit.ReasonUnused, Package: "prettier", Severity: audit.SeverityNotice, Grouped: true, Ignored: "formatter"}),
		item(audit.Finding{Kind: audit.Hidden, Reason: audit.ReasonDirect, Package: "ms", Severity: audit.SeverityError, Gating: true,
			Location: &ecosystems.Pos{File: "src/index.js", Line: 2}, Message: `"ms" is imported by the project's code at src/index.js:2`}),
	)
	anns, dropped := PlanAnnotations(items, "app")
	want := []Annotation{
		{Level: "error", File: "app/src/index.js", Line: 2, Title: "envaudit: npm hidden dependency ms (direct)", Message: `"ms" is imported by the project's code at src/index.js:2`},
		{Level: "notice", File: "app/package.json", Title: "envaudit: npm hidden (transitive), 3 packages", Message: "3 packages only other packages need, not the project's code: has-flag, supports-color, ansi-styles."},
		{Level: "notice", File: "app/package.json", Title: "envaudit: npm phantom (unused), 1 package", Message: "1 dev or test declaration the test command had no reason to load, imported by no test: eslint."},
	}
	if diff := cmp.Diff(want, anns); diff != "" || dropped != 0 {
		t.Errorf("annotations, %d dropped (-want +got):\n%s", dropped, diff)
	}
}
