package action

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/fakeeco"
	"github.com/envaudit/envaudit/study"
)

// studyCorpus is the study package's corpus of reports, with its
// hand-worked tables (study's TestTables): AGENT/TASK/TRIAL/report.json,
// and an SBOM beside one of them.
const studyCorpus = "../../study/testdata/corpus"

// artifactLayout is the layout of the directory a matrix workflow's last
// job downloads its jobs' artifacts into, one directory per artifact.
const artifactLayout = "envaudit__{agent}__{task}__{trial}"

// copyCorpus copies the study corpus into dir as the artifacts of a
// matrix's jobs are downloaded: dir/envaudit__AGENT__TASK__TRIAL/, each
// job's files in its artifact's directory.
func copyCorpus(t *testing.T, dir string) {
	t.Helper()
	err := filepath.WalkDir(studyCorpus, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(studyCorpus, path)
		if err != nil {
			return err
		}
		parts := strings.Split(filepath.ToSlash(rel), "/") // AGENT TASK TRIAL FILE
		if len(parts) != 4 {
			t.Fatalf("corpus file %s is not AGENT/TASK/TRIAL/FILE", rel)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		writeFiles(t, dir, map[string]string{"envaudit__" + strings.Join(parts[:3], "__") + "/" + parts[3]: string(data)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// corpusTables are the study package's own tables of its corpus, read
// from its directory as the CLI reads it.
func corpusTables(t *testing.T) study.Tables {
	t.Helper()
	projects, err := study.Read([]string{studyCorpus}, "", "")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := study.Tabulate(projects)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// studyOut is what one run of mode study did.
type studyOut struct {
	code           int
	stdout, stderr string
	ws, temp       string
	said           failureSaid // the error annotations, the job summary, the outputs
	requests       int64       // requests to GitHub's API
}

// runStudy runs mode study in a workspace whose reports/ directory
// setup fills, with the extra environment env (INPUT_REPORTS is
// "reports" unless env sets it), a token, and an API client that counts
// what it is asked.
func runStudy(t *testing.T, setup func(ws string), env ...string) studyOut {
	t.Helper()
	ws, temp := t.TempDir(), t.TempDir()
	// An .envaudit.yml that does not parse: mode study reads none.
	writeFiles(t, ws, map[string]string{".envaudit.yml": "not: [valid\n"})
	writeFiles(t, temp, map[string]string{"set_output": "", "step_summary": ""})
	if setup != nil {
		setup(ws)
	}
	environ := []string{
		"INPUT_MODE=study", "INPUT_REPORTS=reports", "INPUT_GITHUB_TOKEN=ghs_envauditStudyToken0123456789",
		"GITHUB_WORKSPACE=" + ws, "RUNNER_TEMP=" + temp, "PATH=" + os.Getenv("PATH"),
		"GITHUB_REPOSITORY=octo/webapp", "GITHUB_API_URL=http://127.0.0.1:1",
		"GITHUB_OUTPUT=" + filepath.Join(temp, "set_output"), "GITHUB_STEP_SUMMARY=" + filepath.Join(temp, "step_summary"),
	}
	environ = append(environ, env...)
	var requests atomic.Int64
	client := &http.Client{Transport: roundTrip(func(*http.Request) (*http.Response, error) {
		requests.Add(1)
		return nil, errors.New("mode study asks GitHub's API nothing")
	})}
	var stdout, stderr bytes.Buffer
	a := &Action{
		Environ:    func() []string { return environ },
		Stdout:     &stdout,
		Stderr:     &stderr,
		HTTP:       client,
		Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}},
		Version:    "test",
	}
	t.Chdir(ws)
	code := a.Run(t.Context())
	out := studyOut{code: code, stdout: stdout.String(), stderr: stderr.String(), ws: ws, temp: temp, requests: requests.Load()}
	out.said = readFailure(t, out.stdout, temp)
	return out
}

type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// commandsRead returns the workflow commands the runner reads in a log
// but the token's mask.
func commandsRead(log string) []string {
	var cmds []string
	for _, c := range runnerCommands(log) {
		if !strings.HasPrefix(c, "::add-mask::") {
			cmds = append(cmds, c)
		}
	}
	return cmds
}

// TestModeStudy runs mode study over the study corpus downloaded as a
// matrix's artifacts: the tables are the study package's own (the cells
// study's TestTables worked out by hand), written as Markdown, text,
// JSON, CSV and SVG into $RUNNER_TEMP/envaudit-study, which the study
// output names; the log has the text tables, the job summary the
// Markdown ones, neither the table of every project. No token is used,
// no API asked, no .envaudit.yml read.
func TestModeStudy(t *testing.T) {
	tb := corpusTables(t)
	s := runStudy(t, func(ws string) { copyCorpus(t, filepath.Join(ws, "reports")) }, "INPUT_LAYOUT="+artifactLayout)
	if s.code != ExitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s\nsummary:\n%s", s.code, s.stdout, s.stderr, s.said.summary)
	}
	dir := filepath.Join(s.temp, "envaudit-study")
	if diff := cmp.Diff(map[string]string{"study": dir}, s.said.outputs); diff != "" {
		t.Errorf("outputs (-want +got):\n%s", diff)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := []string{"agent-pairs.csv", "agreement.svg", "classes.csv", "cross-agent.csv", "inflation.svg", "intra-agent.csv",
		"metrics.csv", "projects.csv", "rates.svg", "study.json", "study.md", "study.txt"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("the study's files (-want +got):\n%s", diff)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(s.temp, ".envaudit-study-*")); len(leftovers) > 0 {
		t.Errorf("temporary directories left: %q", leftovers)
	}

	// The tables are the study package's of the same reports: the
	// labels are the same, read from the artifacts' directories.
	var mdWant, textWant bytes.Buffer
	if err := tb.WriteMarkdown(&mdWant, false); err != nil {
		t.Fatal(err)
	}
	if err := tb.WriteText(&textWant, false); err != nil {
		t.Fatal(err)
	}
	summary := s.said.summary
	if !strings.HasPrefix(summary, "## envaudit study\n\n") || !strings.Contains(summary, mdWant.String()) {
		t.Errorf("the job summary does not hold the study's Markdown tables:\n%s\nwant:\n%s", summary, mdWant.String())
	}
	// study's TestTables: the cells worked out by hand from the corpus.
	for _, row := range []string{
		"| claude | JavaScript | 3 | 0 | 0.28 | 0.33 | 0.33 | 0.50 | 0.28 | 0.33 | 1.7 | 2.0 | 0.72 | 0.67 | 0.66 |",
		"| all | JavaScript | 5 | 0 | 0.27 | 0.33 | 0.20 | 0.00 | 0.47 | 0.50 | 1.5 | 1.5 | 0.67 | 0.75 | 0.66 |",
		"| JavaScript | claude – codex | 2 | 0.17 | 0.17 |",
	} {
		if !strings.Contains(summary, row) {
			t.Errorf("the job summary has no row %q:\n%s", row, summary)
		}
	}
	if !strings.Contains(summary, "are in `"+dir+"` (the step's `study` output)") {
		t.Errorf("the job summary does not say where the study is:\n%s", summary)
	}
	if strings.Contains(summary, "### Projects\n") || strings.Contains(summary, "report.json") {
		t.Errorf("the job summary has the table of every project:\n%s", summary)
	}
	if !strings.Contains(s.stdout, textWant.String()) {
		t.Errorf("the log does not hold the text tables:\n%s\nwant:\n%s", s.stdout, textWant.String())
	}
	if strings.Contains(s.stdout, "\nProjects\n") {
		t.Errorf("the log has the table of every project:\n%s", s.stdout)
	}
	if cmds := commandsRead(s.stdout); len(cmds) > 0 {
		t.Errorf("the runner reads commands in the log: %q", cmds)
	}
	if s.requests != 0 {
		t.Errorf("%d requests to GitHub's API", s.requests)
	}

	// The files: every project's row, named by its path as the reports
	// input names it.
	md, err := os.ReadFile(filepath.Join(dir, "study.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "### Projects\n") || !strings.Contains(string(md), "| reports/envaudit__claude__t1__1/report.json | claude | t1 | 1 | JavaScript |") {
		t.Errorf("study.md has no row of every project:\n%s", md)
	}
	txt, err := os.ReadFile(filepath.Join(dir, "study.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(txt), "\nProjects\n") || !strings.HasPrefix(string(txt), "6 reports, 6 project figures;") {
		t.Errorf("study.txt:\n%s", txt)
	}
	var j study.Tables
	data, err := os.ReadFile(filepath.Join(dir, "study.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &j); err != nil {
		t.Fatal(err)
	}
	if j.Projects != 6 || len(j.Entries) != 6 || len(j.Metrics) != len(tb.Metrics) {
		t.Errorf("study.json: %d projects, %d entries, %d metrics rows", j.Projects, len(j.Entries), len(j.Metrics))
	}
	classes, err := os.ReadFile(filepath.Join(dir, "classes.csv"))
	if err != nil {
		t.Fatal(err)
	}
	// study's TestCSV.
	if want := "agent,language,n,exact,over,under,mixed,empty\nclaude,JavaScript,3,0,1,1,1,0\ncodex,JavaScript,2,0,1,0,0,1\nall,JavaScript,5,0,2,1,1,1\nclaude,Python,0,,,,,\n"; string(classes) != want {
		t.Errorf("classes.csv:\n%s\nwant:\n%s", classes, want)
	}
	for name, svg := range tb.Figures() {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != svg {
			t.Errorf("%s differs from the study's figure (%v)", name, err)
		}
	}
}

// TestModeStudySummaryOff: with summary false the job summary is left
// alone; the files and the output are there.
func TestModeStudySummaryOff(t *testing.T) {
	s := runStudy(t, func(ws string) { copyCorpus(t, filepath.Join(ws, "reports")) }, "INPUT_LAYOUT="+artifactLayout, "INPUT_SUMMARY=false")
	if s.code != ExitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", s.code, s.stdout, s.stderr)
	}
	if s.said.summary != "" {
		t.Errorf("the summary input is false, yet the job summary says:\n%s", s.said.summary)
	}
	if _, err := os.Stat(filepath.Join(s.said.outputs["study"], "study.md")); err != nil {
		t.Error(err)
	}
}

// TestModeStudyErrors: what keeps mode study from its tables fails the
// step through the failure path (an error annotation, the job summary's
// section, the error output, exit 2), naming the input and the file.
func TestModeStudyErrors(t *testing.T) {
	corpus := func(ws string) { copyCorpus(t, filepath.Join(ws, "reports")) }
	tests := []struct {
		name    string
		setup   func(ws string)
		env     []string
		summary string // what the error says, after "envaudit: "; the workspace is WS
	}{
		{name: "noReports", env: []string{"INPUT_REPORTS="},
			summary: "reports: mode study needs the directory of the reports (where the job downloaded the report artifacts)"},
		{name: "missing", env: []string{"INPUT_REPORTS=missing"},
			summary: "reports: stat WS/missing: no such file or directory"},
		{name: "aFile", setup: func(ws string) { writeFiles(t, ws, map[string]string{"report.json": "{}"}) }, env: []string{"INPUT_REPORTS=report.json"},
			summary: "reports: WS/report.json is not a directory (mode study reads a directory of reports)"},
		{name: "empty", setup: func(ws string) {
			writeFiles(t, ws, map[string]string{"reports/envaudit__a__t__1/sbom.cdx.json": `{"bomFormat": "CycloneDX"}`})
		},
			summary: "reports: WS/reports: no envaudit report below it"},
		{name: "badLayout", setup: corpus, env: []string{"INPUT_LAYOUT={agent}/{colour}"},
			summary: `layout "{agent}/{colour}": unknown field {colour} (want {agent}, {task}, {trial} or {language})`},
		{name: "layoutNotMatched", setup: corpus, // the default layout, AGENT/TASK/TRIAL
			summary: `reports: WS/reports/envaudit__claude__t1__1/report.json: its directory "envaudit__claude__t1__1" does not match the layout "{agent}/{task}/{trial}"`},
		{name: "corrupt", setup: func(ws string) {
			corpus(ws)
			writeFiles(t, ws, map[string]string{"reports/envaudit__codex__t3__1/report.json": `{"schemaVersion": 1, "ecosystems": [{"name": "npm", "decl`})
		}, env: []string{"INPUT_LAYOUT=" + artifactLayout},
			summary: "reports: WS/reports/envaudit__codex__t3__1/report.json: not JSON: unexpected end of JSON input"},
		{name: "notAReport", setup: func(ws string) {
			corpus(ws)
			writeFiles(t, ws, map[string]string{"reports/envaudit__codex__t3__1/report.json": `{"schemaVersion": 1, "ecosystems": "npm"}`})
		}, env: []string{"INPUT_LAYOUT=" + artifactLayout},
			summary: "reports: WS/reports/envaudit__codex__t3__1/report.json"},
		{name: "oldReport", setup: func(ws string) {
			writeFiles(t, ws, map[string]string{"reports/envaudit__a__t__1/report.json": `{"schemaVersion": 1, "ecosystems": [{"name": "npm", "declared": [], "installed": [], "traced": [], "findings": [], "metrics": {}}]}`})
		}, env: []string{"INPUT_LAYOUT=" + artifactLayout},
			summary: "reports: reports/envaudit__a__t__1/report.json: the npm ecosystem has no studyMetrics"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := runStudy(t, tt.setup, tt.env...)
			if s.code != ExitUsage {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", s.code, ExitUsage, s.stdout, s.stderr)
			}
			want := strings.ReplaceAll(tt.summary, "WS", s.ws)
			s.said.check(t, "::error::envaudit: "+want, want, false)
			if _, err := os.Stat(filepath.Join(s.temp, "envaudit-study")); err == nil {
				t.Errorf("a study was written")
			}
			if s.said.outputs["study"] != "" {
				t.Errorf("the study output is %q", s.said.outputs["study"])
			}
		})
	}
}

// TestModeStudyNoClobber: the study is written only into a new or empty
// directory. One that holds anything — the study's own names among them
// — fails the step and is left as it was; an empty one, or a new one
// relative to the workspace, takes the files.
func TestModeStudyNoClobber(t *testing.T) {
	t.Run("notEmpty", func(t *testing.T) {
		mine := map[string]string{"out/study.md": "my notes\n", "out/keep.txt": "mine\n"}
		s := runStudy(t, func(ws string) {
			copyCorpus(t, filepath.Join(ws, "reports"))
			writeFiles(t, ws, mine)
		}, "INPUT_LAYOUT="+artifactLayout, "INPUT_STUDY=out")
		if s.code != ExitUsage {
			t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", s.code, ExitUsage, s.stdout, s.stderr)
		}
		want := "study: " + filepath.Join(s.ws, "out") + " exists and is not empty"
		s.said.check(t, "::error::envaudit: "+want, want, false)
		entries, err := os.ReadDir(filepath.Join(s.ws, "out"))
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != len(mine) {
			t.Errorf("out holds %d files, want %d", len(entries), len(mine))
		}
		for name, content := range mine {
			if got, err := os.ReadFile(filepath.Join(s.ws, name)); err != nil || string(got) != content {
				t.Errorf("%s = %q, %v; want %q", name, got, err, content)
			}
		}
	})
	t.Run("aFile", func(t *testing.T) {
		s := runStudy(t, func(ws string) {
			copyCorpus(t, filepath.Join(ws, "reports"))
			writeFiles(t, ws, map[string]string{"out": "mine\n"})
		}, "INPUT_LAYOUT="+artifactLayout, "INPUT_STUDY=out")
		want := "study: " + filepath.Join(s.ws, "out") + " exists and is no directory"
		if s.code != ExitUsage {
			t.Fatalf("exit %d, want %d", s.code, ExitUsage)
		}
		s.said.check(t, "::error::envaudit: "+want, want, false)
		if got, _ := os.ReadFile(filepath.Join(s.ws, "out")); string(got) != "mine\n" {
			t.Errorf("out = %q", got)
		}
	})
	t.Run("linkToEmpty", func(t *testing.T) {
		target := t.TempDir()
		s := runStudy(t, func(ws string) {
			copyCorpus(t, filepath.Join(ws, "reports"))
			if err := os.Symlink(target, filepath.Join(ws, "out")); err != nil {
				t.Fatal(err)
			}
		}, "INPUT_LAYOUT="+artifactLayout, "INPUT_STUDY=out")
		if s.code != ExitUsage {
			t.Fatalf("exit %d, want %d", s.code, ExitUsage)
		}
		want := "study: " + filepath.Join(s.ws, "out") + " is a symbolic link"
		s.said.check(t, "::error::envaudit: "+want, want, false)
		if fi, err := os.Lstat(filepath.Join(s.ws, "out")); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("the link was replaced: %v %v", fi, err)
		}
		if entries, _ := os.ReadDir(target); len(entries) > 0 {
			t.Errorf("the study was written through the link")
		}
	})
	for _, tt := range []struct{ name, study string }{{"empty", "out"}, {"new", "a/b/out"}} {
		t.Run(tt.name, func(t *testing.T) {
			s := runStudy(t, func(ws string) {
				copyCorpus(t, filepath.Join(ws, "reports"))
				if err := os.Mkdir(filepath.Join(ws, "out"), 0o755); err != nil {
					t.Fatal(err)
				}
			}, "INPUT_LAYOUT="+artifactLayout, "INPUT_STUDY="+tt.study)
			if s.code != ExitOK {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", s.code, s.stdout, s.stderr)
			}
			dir := filepath.Join(s.ws, tt.study)
			if s.said.outputs["study"] != dir {
				t.Errorf("study output %q, want %q", s.said.outputs["study"], dir)
			}
			if _, err := os.Stat(filepath.Join(dir, "metrics.csv")); err != nil {
				t.Error(err)
			}
			if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o755 {
				t.Errorf("%s: %v %v, want mode 0755", dir, fi, err)
			}
		})
	}
}

// TestModeStudyHostile: the reports come from jobs that ran code a pull
// request or an agent wrote, which can name its artifact's directory and
// rewrite its report. What they say reaches the job summary as inert
// Markdown text (no link, image, tag, mention or extra cell) and the log
// with no workflow command the runner would read.
func TestModeStudyHostile(t *testing.T) {
	const agent = "[x](https:evil) ![i](https:evil.png) <img src=x> a|b @octocat"
	const forged = "::warning::forged"
	s := runStudy(t, func(ws string) {
		data, err := os.ReadFile(filepath.Join(studyCorpus, "codex/t1/1/report.json"))
		if err != nil {
			t.Fatal(err)
		}
		var rep map[string]any
		if err := json.Unmarshal(data, &rep); err != nil {
			t.Fatal(err)
		}
		eco := rep["ecosystems"].([]any)[0].(map[string]any)
		eco["declared"].([]any)[0].(map[string]any)["name"] = "<img src=y>@octocat[p](https:evil)|"
		hostile, err := json.Marshal(rep)
		if err != nil {
			t.Fatal(err)
		}
		writeFiles(t, ws, map[string]string{
			"reports/envaudit__" + agent + "__t1__1/report.json":  string(hostile),
			"reports/envaudit__" + forged + "__t1__1/report.json": string(data),
			"reports/envaudit__codex__t1__1/report.json":          string(data),
		})
	}, "INPUT_LAYOUT="+artifactLayout)
	if s.code != ExitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", s.code, s.stdout, s.stderr)
	}
	summary := s.said.summary
	const wj = "\u2060"
	escaped := `\[x\](https:evil) !\[i\](https:evil.png) &lt;img src=x&gt; a\|b @` + wj + `octocat`
	if !strings.Contains(summary, "| "+escaped+" | JavaScript | 1 | 0 |") {
		t.Errorf("the job summary has no row of %q escaped:\n%s", agent, summary)
	}
	for _, bad := range []string{"[x]", "![i]", "<img", "@octocat", "[p]"} {
		if strings.Contains(summary, bad) {
			t.Errorf("the job summary holds %q:\n%s", bad, summary)
		}
	}
	// Every row of the metrics table has the header's cells.
	lines := strings.Split(summary, "\n")
	header := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "| agent | language | n | no data |") })
	if header < 0 {
		t.Fatalf("no metrics table:\n%s", summary)
	}
	for _, row := range lines[header:] {
		if row == "" {
			break
		}
		if got, want := cellPipes(row), cellPipes(lines[header]); got != want {
			t.Errorf("row %q has %d cell pipes, the header %d", row, got, want)
		}
	}
	// The log: the forged label is in the table, but no command.
	if !strings.Contains(s.stdout, "  "+forged+" ") {
		t.Errorf("the log has no row of %q:\n%s", forged, s.stdout)
	}
	if cmds := commandsRead(s.stdout); len(cmds) > 0 {
		t.Errorf("the runner reads commands in the log: %q\n%s", cmds, s.stdout)
	}
	if md, err := os.ReadFile(filepath.Join(s.said.outputs["study"], "study.md")); err != nil || strings.Contains(string(md), "<img") || strings.Contains(string(md), "[x]") {
		t.Errorf("study.md (%v):\n%s", err, md)
	}
}

// cellPipes counts the pipes of a Markdown table row that end a cell.
func cellPipes(l string) int {
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
