package study

import (
	"bytes"
	"encoding/xml"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
)

// The corpus (testdata/corpus/AGENT/TASK/TRIAL/report.json) is two agents'
// JavaScript projects of two tasks, one of them done twice, and a Python
// project whose run was not traced. The expected cells below were worked
// out by hand from the reports' layers:
//
//	claude/t1/1  D1 express lodash (+ dev jest)  D2 4  D3 express debug   φ .5  η .5  β .5   P .5  R .5  F1 .5  ρ 2  mixed
//	claude/t1/2  D1 express lodash chalk         D2 3  D3 express lodash  φ 1/3 η 0   β 1/3  P 2/3 R 1  F1 .8  ρ 1  over
//	claude/t2/1  D1 axios                        D2 2  D3 axios follow-r. φ 0   η .5  β 0    P 1  R .5  F1 2/3 ρ 2  under
//	codex/t1/1   D1 express cors                 D2 2  D3 express         φ .5  η 0   β .5   P .5  R 1  F1 2/3 ρ 1  over
//	codex/t2/1   D1 none (dev typescript)        D2 1  D3 none            φ 0   η 0   β 1    no P, R, F1, ρ     empty
//	claude/t3/1  python, not traced: no data
//
// Across agents, t1: {express lodash} vs {cors express}, J = 1/3; t2:
// {axios} vs {}, J = 0. Over claude's trials of t1: {express lodash} vs
// {chalk express lodash}, J = 2/3.
func TestTables(t *testing.T) {
	tb := corpusTables(t)
	want := map[string][][]string{
		"metrics": {
			{"claude", "JavaScript", "3", "0", "0.28", "0.33", "0.33", "0.50", "0.28", "0.33", "1.7", "2.0", "0.72", "0.67", "0.66"},
			{"codex", "JavaScript", "2", "0", "0.25", "0.25", "0.00", "0.00", "0.75", "0.75", "1.0", "1.0", "0.50", "1.00", "0.67"},
			{"all", "JavaScript", "5", "0", "0.27", "0.33", "0.20", "0.00", "0.47", "0.50", "1.5", "1.5", "0.67", "0.75", "0.66"},
			{"claude", "Python", "0", "1", "–", "–", "–", "–", "–", "–", "–", "–", "–", "–", "–"},
		},
		"classes": {
			{"claude", "JavaScript", "3", "0 (0%)", "1 (33%)", "1 (33%)", "1 (33%)", "0 (0%)"},
			{"codex", "JavaScript", "2", "0 (0%)", "1 (50%)", "0 (0%)", "0 (0%)", "1 (50%)"},
			{"all", "JavaScript", "5", "0 (0%)", "2 (40%)", "1 (20%)", "1 (20%)", "1 (20%)"},
			{"claude", "Python", "0", "–", "–", "–", "–", "–"},
		},
		"cross-agent": {
			{"JavaScript", "2", "2", "0.17", "0.17", "0.50", "0.00"},
		},
		"agent-pairs": {
			{"JavaScript", "claude – codex", "2", "0.17", "0.17"},
		},
		"intra-agent": {
			{"claude", "JavaScript", "1", "1", "0.67", "0.67", "0.00", "3.0", "2.0"},
		},
	}
	for _, table := range tb.tables() {
		w, ok := want[table.id]
		if !ok {
			continue
		}
		if diff := cmp.Diff(w, table.rows); diff != "" {
			t.Errorf("table %s (-want +got):\n%s", table.id, diff)
		}
	}
	if tb.Projects != 6 || len(tb.Entries) != 6 {
		t.Errorf("projects %d, entries %d; want 6 and 6", tb.Projects, len(tb.Entries))
	}
}

// corpusTables computes the tables of the corpus, read as a directory.
func corpusTables(t *testing.T) Tables {
	t.Helper()
	projects, err := Read([]string{"testdata/corpus"}, "", "")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := Tabulate(projects)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestCorpusConsistent checks the corpus itself: each report's
// studyMetrics are what audit.Measure gives for its study layers, so the
// hand-worked table above rests on reports envaudit could have written.
func TestCorpusConsistent(t *testing.T) {
	projects, err := Read([]string{"testdata/corpus"}, "", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range projects {
		for _, e := range p.report.Ecosystems {
			var d2, d3 []string
			for _, pkg := range e.Installed {
				d2 = append(d2, pkg.Name)
			}
			for _, tp := range e.Traced {
				d3 = append(d3, tp.Name)
			}
			got := audit.Measure(audit.StudyDeclared(e), d2, d3, !slices.Contains(e.Missing, audit.LayerTraced))
			got.Definition = audit.DefinitionStudy
			if diff := cmp.Diff(got, e.StudyMetrics); diff != "" {
				t.Errorf("%s: studyMetrics (-Measure +report):\n%s", p.Report, diff)
			}
		}
	}
}

// TestManifest labels the same reports by a manifest: the same tables, and
// the errors name the manifest's line.
func TestManifest(t *testing.T) {
	dir := t.TempDir()
	abs, err := filepath.Abs("testdata/corpus")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("report,agent,task,trial\n")
	for _, p := range []string{"claude/t1/1", "claude/t1/2", "claude/t2/1", "codex/t1/1", "codex/t2/1", "claude/t3/1"} {
		parts := strings.Split(p, "/")
		b.WriteString(filepath.Join(abs, p, "report.json") + "," + strings.Join(parts, ",") + "\n")
	}
	manifest := filepath.Join(dir, "projects.csv")
	if err := os.WriteFile(manifest, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	fromDir, err := Read([]string{"testdata/corpus"}, "", "")
	if err != nil {
		t.Fatal(err)
	}
	fromManifest, err := Read(nil, manifest, "")
	if err != nil {
		t.Fatal(err)
	}
	text := func(ps []Project) string {
		es, err := Entries(ps)
		if err != nil {
			t.Fatal(err)
		}
		for i := range es {
			es[i].Report = ""
		}
		var out bytes.Buffer
		if err := Compute(len(ps), es).WriteText(&out, false); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	if diff := cmp.Diff(text(fromDir), text(fromManifest)); diff != "" {
		t.Errorf("tables from the manifest differ from the directory's (-dir +manifest):\n%s", diff)
	}

	for _, tt := range []struct{ content, want string }{
		{"", "empty"},
		{"report,agent,colour\n", `projects.csv:1: unknown column "colour"`},
		{"agent,task\nx,y\n", "projects.csv:1: no report column"},
		{"report,agent\nmissing.json,x\n", "projects.csv:2: "},
		{"report,agent\n\"unterminated,x\n", "projects.csv: "},
		{"report\n", "no project below the header"},
	} {
		if err := os.WriteFile(manifest, []byte(tt.content), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadManifest(manifest)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("manifest %q: err = %v, want it to contain %q", tt.content, err, tt.want)
		}
	}
}

func TestLayout(t *testing.T) {
	for _, tt := range []struct {
		layout, path string
		want         map[string]string // nil: no match
	}{
		{DefaultLayout, "a/t/1", map[string]string{"agent": "a", "task": "t", "trial": "1"}},
		{DefaultLayout, "a/t", nil},
		{"envaudit__{agent}__{task}__{trial}", "envaudit__claude-3__todo-app__2", map[string]string{"agent": "claude-3", "task": "todo-app", "trial": "2"}},
		{"{language}/{agent}-{task}", "JavaScript/codex-t1", map[string]string{"language": "JavaScript", "agent": "codex", "task": "t1"}},
	} {
		re, fields, err := compileLayout(tt.layout)
		if err != nil {
			t.Fatal(err)
		}
		m := re.FindStringSubmatch(tt.path)
		if tt.want == nil {
			if m != nil {
				t.Errorf("layout %q matched %q", tt.layout, tt.path)
			}
			continue
		}
		got := map[string]string{}
		for i, f := range fields {
			if m != nil {
				got[f] = m[i+1]
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("layout %q on %q (-want +got):\n%s", tt.layout, tt.path, diff)
		}
	}
	for _, bad := range []string{"", "{agent", "{colour}", "{agent}{task}", "{agent}/{agent}", "plain"} {
		if _, _, err := compileLayout(bad); err == nil {
			t.Errorf("layout %q accepted", bad)
		}
	}
	if _, err := ReadDir("testdata/corpus", "{agent}/{task}"); err == nil || !strings.Contains(err.Error(), "does not match the layout") {
		t.Errorf("a layout the directories do not match: err = %v", err)
	}
}

// TestOldReport: a report without studyMetrics is refused by name.
func TestOldReport(t *testing.T) {
	r := &audit.Report{SchemaVersion: audit.SchemaVersion, Ecosystems: []audit.EcosystemReport{{Name: "npm"}}}
	_, err := Entries([]Project{NewProject("old.json", r, "a", "t", "1", "")})
	if err == nil || !strings.Contains(err.Error(), "old.json: the npm ecosystem has no studyMetrics") {
		t.Errorf("err = %v", err)
	}
}

// TestFigures: the figures are well-formed SVG that show the tables'
// means.
func TestFigures(t *testing.T) {
	figs := corpusTables(t).Figures()
	if diff := cmp.Diff([]string{"agreement.svg", "inflation.svg", "rates.svg"}, slices.Sorted(maps.Keys(figs))); diff != "" {
		t.Fatalf("figures (-want +got):\n%s", diff)
	}
	for name, svg := range figs {
		if err := wellFormed(svg); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, want := range map[string][]string{
		"rates.svg":     {"JavaScript φ phantom: 0.27", "JavaScript β bloat: 0.47"},
		"agreement.svg": {"JavaScript across agents: 0.17", "JavaScript over one agent&#39;s trials: 0.67"},
		"inflation.svg": {"JavaScript (n=4)"},
	} {
		for _, w := range want {
			if !strings.Contains(figs[name], w) {
				t.Errorf("%s lacks %q", name, w)
			}
		}
	}
}

// wellFormed parses s as XML to its end.
func wellFormed(s string) error {
	d := xml.NewDecoder(strings.NewReader(s))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// TestCSV: one file per table, numbers a spreadsheet reads.
func TestCSV(t *testing.T) {
	dir := t.TempDir()
	files, err := corpusTables(t).WriteCSV(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 6 {
		t.Errorf("files: %q", files)
	}
	data, err := os.ReadFile(filepath.Join(dir, "classes.csv"))
	if err != nil {
		t.Fatal(err)
	}
	want := "agent,language,n,exact,over,under,mixed,empty\nclaude,JavaScript,3,0,1,1,1,0\ncodex,JavaScript,2,0,1,0,0,1\nall,JavaScript,5,0,2,1,1,1\nclaude,Python,0,,,,,\n"
	if diff := cmp.Diff(want, string(data)); diff != "" {
		t.Errorf("classes.csv (-want +got):\n%s", diff)
	}
}

// TestCompareTrials: numbers by value, anything else by text.
func TestCompareTrials(t *testing.T) {
	got := []string{"10", "b", "2", "01", "1", "a"}
	slices.SortStableFunc(got, compareTrials)
	// "01" is no plain number: it sorts as text, before "1".
	if diff := cmp.Diff([]string{"01", "1", "2", "10", "a", "b"}, got); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
}

// TestHostileLabels: a label from a directory's name is the reports'
// writers' text. In Markdown it makes no link, image, tag, mention or
// extra cell; in text it stays on its row's line.
func TestHostileLabels(t *testing.T) {
	const agent = "[x](https:evil) ![i](y) <img src=x> a|b @octocat #1 `c`"
	dir := t.TempDir()
	data, err := os.ReadFile("testdata/corpus/codex/t1/1/report.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{agent + "/t1/1", "codex/t1/1", "ctl\x1b[2J\nx/t1/1"} {
		writeReport(t, filepath.Join(dir, p, "report.json"), data)
	}
	projects, err := Read([]string{dir}, "", "")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := Tabulate(projects)
	if err != nil {
		t.Fatal(err)
	}

	var md bytes.Buffer
	if err := tb.WriteMarkdown(&md, true); err != nil {
		t.Fatal(err)
	}
	wj := "\u2060"
	want := `| \[x\](https:evil) !\[i\](y) &lt;img src=x&gt; a\|b @` + wj + `octocat #` + wj + `1 'c' | JavaScript | 1 |`
	if !strings.Contains(md.String(), want) {
		t.Errorf("Markdown has no row %q:\n%s", want, md.String())
	}
	for _, bad := range []string{"[x]", "![i]", "<img", "@octocat", "#1", "`", "\x1b"} {
		if strings.Contains(md.String(), bad) {
			t.Errorf("Markdown holds %q:\n%s", bad, md.String())
		}
	}
	// Every row of a table has as many cells as its header.
	for _, l := range strings.Split(md.String(), "\n") {
		if strings.HasPrefix(l, "| agent | language | n | no data |") {
			want := unescapedPipes(l)
			for _, row := range strings.Split(md.String(), "\n") {
				if strings.HasPrefix(row, "| ") && strings.Contains(row, "| JavaScript | 1 | 0 |") && unescapedPipes(row) != want {
					t.Errorf("row %q has %d cells' pipes, the header %d", row, unescapedPipes(row), want)
				}
			}
		}
	}

	var text bytes.Buffer
	if err := tb.WriteText(&text, true); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(text.String(), "\x1b") || strings.Contains(text.String(), "\nx/t1") {
		t.Errorf("a label's control characters reached the text:\n%q", text.String())
	}
	if !strings.Contains(text.String(), "ctl␛[2J␊x ") {
		t.Errorf("text has no label ctl␛[2J␊x:\n%s", text.String())
	}
}

// unescapedPipes counts the pipes of a Markdown line that end a cell.
func unescapedPipes(l string) int {
	n := 0
	for i := 0; i < len(l); i++ {
		switch l[i] {
		case '\\':
			i++
		case '|':
			n++
		}
	}
	return n
}

func writeReport(t *testing.T, name string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestNotJSON: a .json file below the directory that is not JSON (a
// report cut short) is an error naming it, not a report left out; JSON
// that is no report (an SBOM, a list) is skipped.
func TestNotJSON(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("testdata/corpus/codex/t1/1/report.json")
	if err != nil {
		t.Fatal(err)
	}
	writeReport(t, filepath.Join(dir, "a/t1/1/report.json"), data)
	writeReport(t, filepath.Join(dir, "a/t1/1/list.json"), []byte(`[1, 2]`))
	if ps, err := ReadDir(dir, ""); err != nil || len(ps) != 1 {
		t.Fatalf("ReadDir = %d projects, %v; want 1", len(ps), err)
	}
	cut := filepath.Join(dir, "b/t1/1/report.json")
	writeReport(t, cut, data[:len(data)/2])
	_, err = ReadDir(dir, "")
	if err == nil || !strings.Contains(err.Error(), cut+": not JSON: unexpected end of JSON input") {
		t.Errorf("err = %v, want it to name %s", err, cut)
	}
}

// TestCheckLayout: CheckLayout says what compileLayout refuses.
func TestCheckLayout(t *testing.T) {
	for _, ok := range []string{DefaultLayout, "envaudit__{agent}__{task}__{trial}"} {
		if err := CheckLayout(ok); err != nil {
			t.Errorf("CheckLayout(%q) = %v", ok, err)
		}
	}
	if err := CheckLayout("{agent}/{colour}"); err == nil || err.Error() != `layout "{agent}/{colour}": unknown field {colour} (want {agent}, {task}, {trial} or {language})` {
		t.Errorf("CheckLayout of an unknown field = %v", err)
	}
}

// TestCSVFormulas: a label a spreadsheet would run as a formula is
// written as text; a negative number stays a number.
func TestCSVFormulas(t *testing.T) {
	for in, want := range map[string]string{
		"=HYPERLINK(\"x\")": "'=HYPERLINK(\"x\")", "+1+1": "'+1+1", "+1": "+1", "-2": "-2", "@SUM(A1)": "'@SUM(A1)",
		"-x": "'-x", "\tx": "'\tx", "claude": "claude", "–": "", "3 (50%)": "3",
	} {
		if got := csvCell(in); got != want {
			t.Errorf("csvCell(%q) = %q, want %q", in, got, want)
		}
	}
	dir := t.TempDir()
	data, err := os.ReadFile("testdata/corpus/codex/t1/1/report.json")
	if err != nil {
		t.Fatal(err)
	}
	writeReport(t, filepath.Join(dir, "=cmd|x/t1/1", "report.json"), data)
	projects, err := Read([]string{dir}, "", "")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := Tabulate(projects)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if _, err := tb.WriteCSV(out); err != nil {
		t.Fatal(err)
	}
	csvData, err := os.ReadFile(filepath.Join(out, "projects.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(csvData), ",'=cmd|x,") {
		t.Errorf("projects.csv does not keep the label as text:\n%s", csvData)
	}
}
