package ghaction

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/audit/reporttest"
	"github.com/envaudit/envaudit/internal/golden"
	"github.com/envaudit/envaudit/policy"
	"github.com/envaudit/envaudit/study"
)

func summaryFixture(t *testing.T) (*audit.Report, []audit.Item, SummaryInfo) {
	r := reporttest.Example(t)
	r.Ecosystems[0].Findings[1].Change = audit.ChangeNew      // left-padd
	r.Ecosystems[0].Findings[0].Change = audit.ChangeExisting // yargs
	r.Ecosystems[0].Findings[4].Change = audit.ChangeNew      // lodash
	r.Ecosystems[0].Findings[4].Provenance = audit.ProvenanceMachine
	r.Ecosystems[0].Findings[6].Ignored = "colour output of mocha" // chalk
	items := r.Items()
	strict, _ := policy.ParseAgentPolicy("strict")
	def, _ := policy.ParseFailOn("")
	gate := strict.For(policy.Gate{FailOn: def}, true)
	gate.Apply(items)
	info := SummaryInfo{
		Gate:        gate,
		AgentPolicy: strict.Name,
		Agent:       policy.Detection{Agent: "Copilot coding agent", Signal: `head branch "copilot/fix-deps"`},
		PR:          &policy.PullRequest{Number: 7, Author: "Copilot"},
		Base:        "0123456789abcdef",
		Dropped:     2,
		Notes:       []string{"Review comments skipped: the token is read-only."},
	}
	return r, items, info
}

func TestSummaryGolden(t *testing.T) {
	r, items, info := summaryFixture(t)
	golden.Check(t, "testdata/summary.golden.md", []byte(Summary(r, items, info, StepSummaryLimit)))
}

func TestSummaryNoRunNoFindings(t *testing.T) {
	r := &audit.Report{SchemaVersion: 1, Ecosystems: []audit.EcosystemReport{{Name: "python", Manifests: []string{"requirements.txt"}}}}
	got := Summary(r, nil, SummaryInfo{}, StepSummaryLimit)
	for _, want := range []string{"✅ no finding fails this check", "No command was traced", "No phantom or hidden dependency.", "| — | — | — | — |"} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
}

// TestSummaryLimit checks a summary is cut to the limit at a line
// boundary, with a note, and stays valid UTF-8.
func TestSummaryLimit(t *testing.T) {
	r, items, info := summaryFixture(t)
	for _, limit := range []int{2000, 700, CommentLimit} {
		got := Summary(r, items, info, limit)
		if len(got) > limit {
			t.Errorf("limit %d: %d bytes", limit, len(got))
		}
		if !utf8.ValidString(got) {
			t.Errorf("limit %d: invalid UTF-8", limit)
		}
		if len(Summary(r, items, info, 0)) > limit && !strings.HasSuffix(got, "the report file has everything.\n") {
			t.Errorf("limit %d: cut without a note:\n%s", limit, got)
		}
	}
}

func TestSummaryMaxRows(t *testing.T) {
	r, items, info := summaryFixture(t)
	info.MaxRows = 1
	got := Summary(r, items, info, StepSummaryLimit)
	if !strings.Contains(got, "| | … | 4 more | | | |") {
		t.Errorf("no overflow row:\n%s", got)
	}
}

// TestSummaryGrouped checks that grouped findings are one line per kind
// and reason, not rows of the findings table, and that an ecosystem with
// only such findings says nothing needs a decision.
func TestSummaryGrouped(t *testing.T) {
	r := &audit.Report{SchemaVersion: 1, Ecosystems: []audit.EcosystemReport{{Name: "npm", Manifests: []string{"package.json"}, Findings: []audit.Finding{
		{Kind: audit.Hidden, Reason: audit.ReasonTransitive, Package: "has-flag", Severity: audit.SeverityNotice, Grouped: true},
		{Kind: audit.Hidden, Reason: audit.ReasonTransitive, Package: "supports-color", Severity: audit.SeverityNotice, Grouped: true},
	}}}}
	got := Summary(r, r.Items(), SummaryInfo{}, StepSummaryLimit)
	for _, want := range []string{
		"No phantom or hidden dependency that needs a decision.",
		"ℹ️ hidden · transitive — 2 packages only other packages need, not the project's code: `has-flag`, `supports-color`.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "| ℹ️ | hidden · transitive") {
		t.Errorf("grouped findings listed one by one:\n%s", got)
	}
}

// TestSummaryTracer checks the summary names the tracer and says when
// its trace is incomplete.
func TestSummaryTracer(t *testing.T) {
	tests := []struct {
		name      string
		run       audit.RunInfo
		want, not []string
	}{
		{
			name: "ptrace",
			run:  audit.RunInfo{Command: []string{"npm", "test"}, Succeeded: true, Backend: "ptrace"},
			want: []string{"Traced by ptrace."},
			not:  []string{"⚠️"},
		},
		{
			name: "ebpfLost",
			run: audit.RunInfo{Command: []string{"npm", "test"}, Backend: "ebpf", Loader: "sudo", Hooks: []string{"tp_btf/sys_enter"},
				IncompleteTrace: true, Lost: 4},
			want: []string{"Traced by eBPF (loaded through sudo) on tp_btf/sys_enter.", "exited 0 (incompletely traced)", "⚠️ The trace is incomplete"},
			not:  []string{"did not succeed"},
		},
		{
			// What made it incomplete is said in the summary itself, as
			// a list, each line inert.
			name: "gaps",
			run: audit.RunInfo{Command: []string{"npm", "test"}, Backend: "ptrace", IncompleteTrace: true,
				Gaps: []string{"1 file opened under the path of an installed package (\"node_modules/a/x.js\") is not <b>that</b> package's file"}},
			want: []string{"exited 0 (incompletely traced)", "⚠️ The trace is incomplete, so the traced layer lacks what it missed and the run counts as failed:\n- 1 file opened under the path of an installed package (\"node_modules/a/x.js\") is not &lt;b&gt;that&lt;/b&gt; package's file\n"},
			not:  []string{"did not succeed", "its warnings say what"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run := tt.run
			r := &audit.Report{SchemaVersion: 1, Run: &run}
			got := Summary(r, nil, SummaryInfo{}, StepSummaryLimit)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("summary lacks %q:\n%s", w, got)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("summary has %q:\n%s", n, got)
				}
			}
		})
	}
}

// TestErrorSummary checks the job summary's section for what went wrong:
// envaudit's heading, then the errors, escaped, since they may carry a
// project file's name or the words of a process that ran the pull
// request's code.
func TestErrorSummary(t *testing.T) {
	tests := []struct {
		name  string
		title string
		msgs  []string
		want  string
	}{
		{"one", "the check could not be done", []string{`app/fake.txt:1: invalid name "lib a"`},
			"## envaudit: ❌ the check could not be done\n\napp/fake.txt:1: invalid name \"lib a\"\n"},
		{"several", "the check could not be done", []string{"the audit child exited with status 2; it said:", "one", "two"},
			"## envaudit: ❌ the check could not be done\n\n- the audit child exited with status 2; it said:\n- one\n- two\n"},
		{"hostile", "the check could not be done", []string{"x <img src=y> @octocat [link](https://evil.example)\n## verdict: ✅"},
			"## envaudit: ❌ the check could not be done\n\nx &lt;img src=y&gt; @\u2060octocat \\[link\\](https:\u2060//evil.example) ## verdict: ✅\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, ErrorSummary(tt.title, tt.msgs...)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestSummaryError checks that a summary of a run that could not do all
// its work says the error first, under the verdict, escaped.
func TestSummaryError(t *testing.T) {
	r, items, info := summaryFixture(t)
	info.Error = "report: write \"<out>/report.json\": no space left on device"
	got := Summary(r, items, info, StepSummaryLimit)
	want := "❌ **envaudit could not finish its work:** report: write \"&lt;out&gt;/report.json\": no space left on device\n\n"
	heading, rest, _ := strings.Cut(got, "\n\n")
	if !strings.HasPrefix(heading, "## envaudit: ❌ ") || !strings.HasPrefix(rest, want) {
		t.Errorf("summary does not start with the verdict and then %q:\n%s", want, got)
	}
}

// TestStudySummary: the heading, where the files are, the tables without
// the one of every project; within the limit, a summary cut short says
// where everything is.
func TestStudySummary(t *testing.T) {
	projects, err := study.Read([]string{"../study/testdata/corpus"}, "", "")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := study.Tabulate(projects)
	if err != nil {
		t.Fatal(err)
	}
	var tables strings.Builder
	if err := tb.WriteMarkdown(&tables, false); err != nil {
		t.Fatal(err)
	}
	md, err := StudySummary(tb, "/tmp/envaudit-study", StepSummaryLimit)
	if err != nil {
		t.Fatal(err)
	}
	want := "## envaudit study\n\nThe full tables (`study.md`, `study.txt`, `study.json`, with every project's row), a CSV file per table and the figures as SVG are in `/tmp/envaudit-study` (the step's `study` output).\n\n" + tables.String()
	if diff := cmp.Diff(want, md); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
	if strings.Contains(md, "### Projects\n") {
		t.Errorf("the summary has the table of every project:\n%s", md)
	}

	cut, err := StudySummary(tb, "/tmp/envaudit-study", 600)
	if err != nil {
		t.Fatal(err)
	}
	if len(cut) > 600 || !strings.HasSuffix(cut, "\n\n… cut to fit GitHub's size limit; the study's files have everything.\n") || !strings.HasPrefix(cut, want[:200]) {
		t.Errorf("cut to 600 bytes (%d):\n%s", len(cut), cut)
	}
}
